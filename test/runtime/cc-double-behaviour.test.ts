/**
 * The `cc` test double's engine semantics that the sprite-geometry fixture does not cover: life
 * cycle order, deferred destruction, Director.tick order, systems, hasChangedFlags, events, game,
 * settings, logging and decorators. Each expectation is what the engine source (v3.8.5) does; the
 * file the double mirrors is named in ./cc/index.ts.
 */
import {
    _decorator, Color, Component, director, Director, Enum, game, Game, getClassMetadata, Graphics, ImageAsset, isValid,
    Layers, logs, Node, NodeEventType, packFrame, PixelFormat, Rect, resetCC, settings, Settings, Size, Sprite, SpriteFrame,
    System, Texture2D, tick, UITransform, unpackFrame, warn,
} from './cc';

const { ccclass, property, executionOrder, requireComponent, menu, disallowMultiple, integer, tooltip } = _decorator;

const events: string[] = [];

class Recorder extends Component {
    protected override onLoad(): void { events.push(`${this.node.name}.onLoad`); }
    protected override onEnable(): void { events.push(`${this.node.name}.onEnable`); }
    protected override start(): void { events.push(`${this.node.name}.start`); }
    protected override update(_dt: number): void { events.push(`${this.node.name}.update`); }
    protected override lateUpdate(_dt: number): void { events.push(`${this.node.name}.lateUpdate`); }
    protected override onDisable(): void { events.push(`${this.node.name}.onDisable`); }
    protected override onDestroy(): void { events.push(`${this.node.name}.onDestroy(valid=${String(this.isValid)})`); }
}

@executionOrder(-5)
class EarlyRecorder extends Recorder {}

class RecordingSystem extends System {
    public override update(_dt: number): void { events.push(`${this.id}.update`); }
    public override postUpdate(_dt: number): void { events.push(`${this.id}.postUpdate`); }
}

function texture(width: number, height: number): Texture2D {
    const t = new Texture2D();
    t.image = new ImageAsset({ _data: new Uint8Array(width * height * 4), _compressed: false, width, height, format: PixelFormat.RGBA8888 });
    return t;
}

beforeEach(() => {
    resetCC();
    events.length = 0;
});

describe('component life cycle', () => {
    test('onLoad then onEnable when the node becomes active in the scene; start/update/lateUpdate on tick', () => {
        const node = new Node('A');
        node.addComponent(Recorder);
        expect(events).toEqual([]); // not in the scene yet
        director.getScene()!.addChild(node);
        expect(events).toEqual(['A.onLoad', 'A.onEnable']);
        tick();
        tick();
        expect(events).toEqual(['A.onLoad', 'A.onEnable', 'A.start', 'A.update', 'A.lateUpdate', 'A.update', 'A.lateUpdate']);
    });

    test('a subtree activates in batches (all onLoad, then all onEnable), sorted by execution order', () => {
        const parent = new Node('P');
        const child = new Node('C');
        child.setParent(parent);
        parent.addComponent(Recorder);
        child.addComponent(EarlyRecorder);
        director.getScene()!.addChild(parent);
        expect(events).toEqual(['C.onLoad', 'P.onLoad', 'C.onEnable', 'P.onEnable']);
    });

    test('deactivation calls onDisable (children too); reactivation calls onEnable only; no update while inactive', () => {
        const parent = new Node('P');
        const child = new Node('C');
        child.setParent(parent);
        parent.addComponent(Recorder);
        child.addComponent(Recorder);
        director.getScene()!.addChild(parent);
        events.length = 0;
        parent.active = false;
        expect(events).toEqual(['P.onDisable', 'C.onDisable']);
        expect(child.active).toBe(true);
        expect(child.activeInHierarchy).toBe(false);
        tick();
        expect(events).toEqual(['P.onDisable', 'C.onDisable']);
        events.length = 0;
        parent.active = true;
        expect(events).toEqual(['P.onEnable', 'C.onEnable']);
    });

    test('enabled = false / true calls onDisable / onEnable and stops update', () => {
        const node = new Node('A');
        const comp = node.addComponent(Recorder);
        director.getScene()!.addChild(node);
        tick();
        events.length = 0;
        comp.enabled = false;
        expect(comp.enabledInHierarchy).toBe(false);
        tick();
        comp.enabled = true;
        tick();
        expect(events).toEqual(['A.onDisable', 'A.onEnable', 'A.update', 'A.lateUpdate']);
    });

    test('node.destroy(): inactive at once, still valid until the next tick destroys it (onDisable, then onDestroy)', () => {
        const node = new Node('A');
        node.addComponent(Recorder);
        director.getScene()!.addChild(node);
        tick();
        events.length = 0;
        const sys = new RecordingSystem();
        director.registerSystem('sys', sys, 0);
        let validAtPostUpdate: boolean | null = null;
        sys.postUpdate = (): void => { validAtPostUpdate = node.isValid; };

        node.destroy();
        expect(node.active).toBe(false);
        expect(node.isValid).toBe(true);
        expect(isValid(node)).toBe(true);
        expect(isValid(node, true)).toBe(false); // strict: "to be destroyed" counts
        expect(node.name).toBe('A');
        expect(events).toEqual(['A.onDisable']);

        tick();
        expect(events).toEqual(['A.onDisable', 'sys.update', 'A.onDestroy(valid=true)']);
        expect(validAtPostUpdate).toBe(false); // destroyed before the systems' postUpdate
        expect(node.isValid).toBe(false);
        expect(node.name).toBe('');
        expect(director.getScene()!.children).not.toContain(node);
    });

    test('component.destroy(): onDisable at once, onDestroy and removal at the next tick; its node becomes null', () => {
        const node = new Node('A');
        const comp = node.addComponent(Recorder);
        director.getScene()!.addChild(node);
        events.length = 0;
        comp.destroy();
        expect(events).toEqual(['A.onDisable']);
        expect(node.getComponent(Recorder)).toBe(comp);
        tick();
        expect(events).toEqual(['A.onDisable', 'A.onDestroy(valid=true)']);
        expect(node.getComponent(Recorder)).toBeNull();
        expect(comp.isValid).toBe(false);
        expect(comp.node).toBeNull();
    });

    test('_destruct after a real destroy: own object/function fields null, strings empty, numbers and booleans kept, _id kept (CCObject._destruct)', () => {
        class Fields extends Component {
            label = 'hp';
            count = 3;
            alive = true;
            list: number[] = [1];
            buf = new Float64Array(2);
            fn: (() => void) | null = () => undefined;
            nothing: object | null = null;
            get shown(): string { return `${this.label}:${this.count}`; } // on the prototype: untouched
        }
        const node = new Node('A');
        const comp = node.addComponent(Fields);
        director.getScene()!.addChild(node);
        const compId = comp._id;
        const seenInOnDisable: string[] = [];
        node.on(NodeEventType.ACTIVE_IN_HIERARCHY_CHANGED, () => seenInOnDisable.push(`${comp.node?.name} ${comp.isValid}`));
        node.destroy();
        // In between (onDisable happened, the destruction waits for the next tick): all readable.
        expect(seenInOnDisable).toEqual(['A true']);
        expect(comp.node).toBe(node);
        expect(comp.list).toEqual([1]);
        tick();
        expect(comp.isValid).toBe(false);
        expect(node.isValid).toBe(false);
        expect([comp.node, comp.list, comp.buf, comp.fn, comp.nothing]).toEqual([null, null, null, null, null]);
        expect([comp.label, comp.count, comp.alive]).toEqual(['', 3, true]);
        expect(comp.shown).toBe(':3');
        expect(comp._id).toBe(compId);
        expect(node.name).toBe('');
        expect(() => comp.getComponent(Fields)).toThrow(TypeError); // what game code meets on a destroyed component
    });

    test('_destruct is made once per class from the first instance destroyed, as in the engine; a second _destroyImmediate is an error', () => {
        class Later extends Component {
            a: object | null = {};
        }
        const first = new Node('A').addComponent(Later);
        director.getScene()!.addChild(first.node);
        first.destroy();
        tick();
        expect(first.a).toBeNull();
        const second = new Node('B').addComponent(Later);
        director.getScene()!.addChild(second.node);
        (second as unknown as Record<string, unknown>).extra = {}; // a field the first instance did not have
        second.destroy();
        tick();
        expect(second.a).toBeNull();
        expect((second as unknown as Record<string, unknown>).extra).toEqual({}); // not on the class's list: kept
        logs.error.length = 0;
        second._destroyImmediate();
        expect(logs.error).toHaveLength(1);
        expect(second.isValid).toBe(false);
    });

    test('an exception in update is reported through error() and the other components still update', () => {
        class Throws extends Component {
            protected override update(): void { throw new Error('boom'); }
        }
        const a = new Node('A');
        a.addComponent(Throws);
        const b = new Node('B');
        b.addComponent(Recorder);
        director.getScene()!.addChild(a);
        director.getScene()!.addChild(b);
        events.length = 0;
        tick();
        expect(events).toEqual(['B.start', 'B.update', 'B.lateUpdate']);
        expect(logs.error).toHaveLength(1);
        expect(logs.error[0]).toContain('boom');
    });
});

describe('director', () => {
    const listenerOwner = {};

    test('tick runs a frame in the order of Director.tick', () => {
        const node = new Node('A');
        node.addComponent(Recorder);
        director.getScene()!.addChild(node);
        for (const e of [Director.EVENT_BEGIN_FRAME, Director.EVENT_BEFORE_UPDATE, Director.EVENT_AFTER_UPDATE,
            Director.EVENT_BEFORE_DRAW, Director.EVENT_AFTER_DRAW, Director.EVENT_END_FRAME]) {
            director.on(e, () => events.push(e), listenerOwner);
        }
        director.registerSystem('sys', new RecordingSystem(), 0);
        const doomed = new Node('D');
        doomed.addComponent(Recorder);
        director.getScene()!.addChild(doomed);
        events.length = 0;
        doomed.destroy();
        events.length = 0;
        tick();
        expect(events).toEqual([
            'director_begin_frame', 'director_before_update',
            'A.start', 'A.update', 'sys.update', 'A.lateUpdate',
            'director_after_update', 'D.onDestroy(valid=true)', 'sys.postUpdate',
            'director_before_draw', 'director_after_draw', 'director_end_frame',
        ]);
        expect(director.getTotalFrames()).toBe(1);
        director.targetOff(listenerOwner);
    });

    test('systems run in descending priority; getSystem / unregisterSystem', () => {
        director.registerSystem('low', new RecordingSystem(), System.Priority.LOW);
        const high = new RecordingSystem();
        director.registerSystem('high', high, System.Priority.HIGH);
        director.registerSystem('medium', new RecordingSystem(), System.Priority.MEDIUM);
        tick();
        expect(events).toEqual(['high.update', 'medium.update', 'low.update', 'high.postUpdate', 'medium.postUpdate', 'low.postUpdate']);
        expect(director.getSystem('high')).toBe(high);
        expect(high.priority).toBe(200);
        director.unregisterSystem(high);
        expect(director.getSystem('high')).toBeUndefined();
        expect(System.Priority.SCHEDULER).toBe(2 ** 31);
    });

    test('resetCC gives a fresh scene and forgets systems, settings and logs; keeps other director listeners', () => {
        const old = director.getScene()!;
        const node = new Node('A');
        node.addComponent(Recorder);
        old.addChild(node);
        director.registerSystem('sys', new RecordingSystem(), 0);
        const listener = (): void => { events.push('listener'); };
        director.on(Director.EVENT_BEFORE_UPDATE, listener);
        director.on(Director.EVENT_BEFORE_UPDATE, () => events.push('node listener'), node);
        settings.overrideSettings('physics', 'x', 1);
        warn('w');
        events.length = 0;
        const scene = resetCC();
        expect(events).toEqual(['A.onDisable', 'A.onDestroy(valid=true)']);
        expect(scene).toBe(director.getScene());
        expect(scene).not.toBe(old);
        expect(scene.activeInHierarchy).toBe(true);
        expect(scene.children).toEqual([]);
        expect(director.getSystem('sys')).toBeUndefined();
        expect(settings.querySettings('physics', 'x')).toBeNull();
        expect(logs.warn).toEqual([]);
        events.length = 0;
        tick();
        expect(events).toEqual(['listener']); // the node's listener went with the node
        director.off(Director.EVENT_BEFORE_UPDATE, listener);
    });
});

describe('transform', () => {
    test('worldMatrix is always current; hasChangedFlags is set down the tree until the frame ends', () => {
        const parent = new Node('P');
        const child = new Node('C');
        child.setParent(parent);
        director.getScene()!.addChild(parent);
        child.setPosition(1, 2, 0);
        expect(child.hasChangedFlags).not.toBe(0);
        tick();
        expect(child.hasChangedFlags).toBe(0);
        expect(parent.hasChangedFlags).toBe(0);
        parent.setPosition(10, 20, 0);
        expect(parent.hasChangedFlags).toBe(Node.TransformBit.POSITION);
        expect(child.hasChangedFlags).toBe(Node.TransformBit.POSITION);
        expect(child.worldMatrix.m12).toBe(11);
        expect(child.worldPosition.y).toBe(22);
        parent.setScale(2, 2, 1);
        expect(child.worldMatrix.m12).toBe(12);
        Node.resetHasChangedFlags();
        expect(child.hasChangedFlags).toBe(0);
    });

    test('quarter turns leave the engine\'s residues (README quirk 1)', () => {
        const node = new Node('A');
        director.getScene()!.addChild(node);
        node.setRotationFromEuler(0, 0, 90);
        expect(node.worldMatrix.m00).not.toBe(0);
        expect(Math.abs(node.worldMatrix.m00)).toBeLessThan(1e-15);
        expect(node.worldMatrix.m01).toBe(1);
        node.setRotationFromEuler(0, 0, 180);
        expect(node.worldMatrix.m01).not.toBe(0);
        expect(Math.abs(node.worldMatrix.m01)).toBeLessThan(1e-15);
        expect(node.eulerAngles.z).toBe(180);
        expect(node.angle).toBe(180);
    });

    test('world setters go through the parent\'s world transform; worldScale / worldRotation decompose it', () => {
        const parent = new Node('P');
        const child = new Node('C');
        child.setParent(parent);
        director.getScene()!.addChild(parent);
        parent.setPosition(100, 50, 0);
        parent.setRotationFromEuler(0, 0, 90);
        parent.setScale(2, 3, 1);
        child.setWorldPosition(10, 20, 0);
        expect(child.worldPosition.x).toBeCloseTo(10, 12);
        expect(child.worldPosition.y).toBeCloseTo(20, 12);
        expect(child.position.x).toBeCloseTo(-15, 12); // (20 - 50) / 2
        expect(child.position.y).toBeCloseTo(30, 12); // -(10 - 100) / 3
        expect(child.worldScale.x).toBeCloseTo(2, 12);
        expect(child.worldScale.y).toBeCloseTo(3, 12);
        expect(child.worldRotation.z).toBeCloseTo(Math.SQRT1_2, 12);
        child.setWorldRotation(0, 0, 0, 1);
        child.setWorldScale(1, 1, 1);
        const m = child.worldMatrix;
        expect([m.m00, m.m01, m.m04, m.m05].map((v) => Math.round(v * 1e9) / 1e9 + 0)).toEqual([1, 0, 0, 1]);
        expect(m.m12).toBeCloseTo(10, 12);
        // A mirror image: the engine's decomposition puts the sign on x.
        const flipped = new Node('F');
        director.getScene()!.addChild(flipped);
        flipped.setScale(1, -1, 1);
        expect([flipped.worldScale.x, flipped.worldScale.y]).toEqual([-1, 1]);
    });

    test('setters ignore changes within EPSILON, like the engine (Vec3.equals)', () => {
        const node = new Node('A');
        director.getScene()!.addChild(node);
        tick();
        node.setPosition(1e-7, 0, 0);
        expect(node.position.x).toBe(0);
        expect(node.hasChangedFlags).toBe(0);
    });
});

describe('events, game, settings, logs', () => {
    test('a listener whose target is destroyed is dropped; once; off', () => {
        const node = new Node('A');
        director.getScene()!.addChild(node);
        const target = new Node('T');
        director.getScene()!.addChild(target);
        const seen: string[] = [];
        node.on('x', () => seen.push('target'), target);
        node.once('x', () => seen.push('once'));
        const cb = (): void => { seen.push('plain'); };
        node.on('x', cb);
        node.emit('x');
        target.destroy();
        node.off('x', cb);
        node.emit('x');
        expect(seen).toEqual(['target', 'once', 'plain']);
    });

    test('game: *_INITED listeners run at once', () => {
        let n = 0;
        expect(game.inited).toBe(true);
        game.once(Game.EVENT_ENGINE_INITED, () => { n++; });
        game.on(Game.EVENT_GAME_INITED, () => { n++; });
        expect(n).toBe(2);
    });

    test('settings: overrides win over project settings; Settings.Category.PHYSICS', () => {
        expect(Settings.Category.PHYSICS).toBe('physics');
        settings._setProjectSettings({ physics: { collisionGroups: [{ index: 1, name: 'A' }], collisionMatrix: { 0: 3, 1: 1 } } });
        expect(settings.querySettings(Settings.Category.PHYSICS, 'collisionMatrix')).toEqual({ 0: 3, 1: 1 });
        settings.overrideSettings('physics', 'collisionMatrix', { 0: 1 });
        expect(settings.querySettings('physics', 'collisionMatrix')).toEqual({ 0: 1 });
        expect(settings.querySettings('physics', 'nothing')).toBeNull();
    });

    test('log functions record and print nothing', () => {
        const spy = jest.spyOn(console, 'warn');
        warn('value %d', 3);
        expect(logs.warn).toEqual(['value 3']);
        expect(spy).not.toHaveBeenCalled();
        spy.mockRestore();
    });
});

describe('2D components and assets', () => {
    test('adding a Sprite adds a 100 × 100 UITransform anchored at the centre', () => {
        const node = new Node('A');
        director.getScene()!.addChild(node);
        const sprite = node.addComponent(Sprite);
        const t = node.getComponent(UITransform)!;
        expect(node.components).toEqual([t, sprite]);
        expect(t.contentSize.width).toBe(100);
        expect(t.contentSize.height).toBe(100);
        expect(t.anchorX).toBe(0.5);
        expect(t.anchorY).toBe(0.5);
        expect(node.getComponent('cc.UITransform')).toBe(t);
        expect(sprite.sizeMode).toBe(Sprite.SizeMode.TRIMMED);
        expect(sprite.trim).toBe(true);
        expect(sprite.type).toBe(Sprite.Type.SIMPLE);
        expect(sprite.color.equals(Color.WHITE)).toBe(true);
    });

    test('spriteframe-changed is emitted only in the editor (EDITOR is false at run time)', () => {
        const node = new Node('A');
        director.getScene()!.addChild(node);
        const sprite = node.addComponent(Sprite);
        let emitted = 0;
        node.on(Sprite.EventType.SPRITE_FRAME_CHANGED, () => { emitted++; });
        const frame = new SpriteFrame();
        frame.texture = texture(8, 4);
        sprite.spriteFrame = frame;
        expect(emitted).toBe(0);
        expect(node.getComponent(UITransform)!.contentSize.width).toBe(8);
    });

    test('SpriteFrame: texture setter clears the frame; reset without originalSize uses the texture size', () => {
        const t = texture(40, 20);
        const a = new SpriteFrame();
        a.rect = new Rect(1, 2, 3, 4);
        a.rotated = true;
        a.texture = t;
        expect([a.rect.x, a.rect.y, a.rect.width, a.rect.height, a.rotated]).toEqual([0, 0, 40, 20, false]);
        const b = new SpriteFrame();
        b.reset({ texture: t, rect: new Rect(4, 2, 10, 6) });
        expect([b.originalSize.width, b.originalSize.height]).toEqual([40, 20]);
        expect([b.trimmedBorder.x, b.trimmedBorder.y, b.trimmedBorder.z, b.trimmedBorder.w]).toEqual([15, -15, 7, -7]);
        expect(b.uv).toEqual([0.1, 0.4, 0.35, 0.4, 0.1, 0.1, 0.35, 0.1]);
    });

    test('packFrame / unpackFrame do what the dynamic atlas does to a frame', () => {
        const t = texture(40, 20);
        const atlasTexture = new Texture2D();
        atlasTexture.create(2048, 2048);
        const f = new SpriteFrame();
        f.reset({ texture: t, rect: new Rect(4, 2, 10, 6), originalSize: new Size(12, 8) });
        packFrame(f, atlasTexture, 104, 52);
        expect(f.texture).toBe(atlasTexture);
        expect([f.rect.x, f.rect.y, f.rect.width, f.rect.height]).toEqual([104, 52, 10, 6]);
        expect(f.original).toEqual({ _texture: t, _x: 4, _y: 2 });
        expect(f.uv[0]).toBe(104 / 2048);
        unpackFrame(f);
        expect(f.texture).toBe(t);
        expect(f.original).toBeNull();
        expect(f.rect.x).toBe(4);
    });

    test('Graphics records its calls', () => {
        const node = new Node('G');
        const g = node.addComponent(Graphics);
        g.lineWidth = 2;
        g.strokeColor = new Color(255, 0, 0, 255);
        g.moveTo(0, 0);
        g.lineTo(10, 0);
        g.close();
        g.stroke();
        expect(g.calls.map((c) => c[0])).toEqual(['lineWidth', 'strokeColor', 'moveTo', 'lineTo', 'close', 'stroke']);
        expect(g.calls[3]).toEqual(['lineTo', 10, 0]);
        expect(node.getComponent(UITransform)).not.toBeNull();
    });
});

describe('decorators, Enum, Layers', () => {
    test('decorators record metadata; ccclass registers the name; requireComponent / executionOrder act like the engine', () => {
        @ccclass('test.Decorated')
        @menu('Test/Decorated')
        @requireComponent(UITransform)
        @executionOrder(7)
        @disallowMultiple
        class Decorated extends Component {
            @property
            public plain = 1;

            @property({ type: Node, tooltip: 'a node' })
            public target: Node | null = null;

            @integer
            @tooltip('count')
            public count = 3;
        }
        const meta = getClassMetadata(Decorated)!;
        expect(meta.name).toBe('test.Decorated');
        expect(meta.editor).toEqual({ menu: 'Test/Decorated', requireComponent: UITransform, executionOrder: 7, disallowMultiple: true });
        expect(meta.properties.plain).toEqual({ property: true });
        expect(meta.properties.target).toEqual({ property: true, type: Node, tooltip: 'a node' });
        expect(meta.properties.count.tooltip).toBe('count');
        const node = new Node('A');
        const comp = node.addComponent('test.Decorated') as Decorated;
        expect(comp).toBeInstanceOf(Decorated);
        expect(comp.count).toBe(3);
        expect(node.getComponent(UITransform)).not.toBeNull();
        expect((Decorated as unknown as { _executionOrder: number })._executionOrder).toBe(7);
    });

    test('Enum adds the reverse mapping; Layers', () => {
        const E = Enum({ A: 1, B: 4 });
        expect((E as unknown as Record<number, string>)[4]).toBe('B');
        expect(Object.keys(E)).toEqual(['A', 'B']);
        expect(Layers.Enum.DEFAULT).toBe(1 << 30);
        expect(Layers.Enum.UI_2D).toBe(1 << 25);
        expect(new Node().layer).toBe(Layers.Enum.DEFAULT);
        expect(NodeEventType.TRANSFORM_CHANGED).toBe('transform-changed');
    });
});
