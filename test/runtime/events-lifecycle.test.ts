/**
 * The end of a pair when a collider leaves (disabled, deactivated or destroyed), and the two ways
 * to listen. The engine calls a collider's `onDisable` at once when it is disabled, its node
 * deactivated or destroyed, or the component destroyed; it destroys the component later (the
 * deferred destruction, before the next collision step) and then clears its fields
 * (`CCObject._destruct`: `node` becomes null). The double does the same.
 *
 * The rule, as the builtin 2D physics ends a removed shape's contacts: every touching pair of a
 * collider that leaves ends with `onPixelCollideEnd` on BOTH sides at that moment, while both
 * nodes are alive (`self.node`, `other.node`, `getComponent` work); its pairs in the order they
 * began, each pair's two sides in the order of a step (the collider with the lower id first).
 * Inside a collision callback, the pairs end right after the step. A pair ends once.
 * - listeners added with `collider.on` get it, also on the leaving side, except a listener whose
 *   target was destroyed before (the engine's EventTarget drops it);
 * - component methods `onPixelCollideEnd` are called on the components that are enabled then: a
 *   disabled collider's node still gets them, a deactivated or destroyed node does not.
 */
import { _decorator, Component, director, isValid } from 'cc';
import type { Node } from 'cc';
import { CollisionSystem, NarrowMode, PixelCollider, PixelCollisionEvent, PixelMasks } from 'db://pixel-collision/runtime/index';
import type { PixelContact } from 'db://pixel-collision/runtime/index';
import { SoftGpuDevice } from '../browser/soft-device';
import { frame, freshScene, sprite, texture, tick } from './helpers';

const full = (w: number, h: number) => texture(w, h, () => true);

/** A game's component that its collision handlers look up on the other node. */
class Health extends Component {
    hp = 3;
}
_decorator.ccclass('Health')(Health);

/**
 * Records `type self-other count` through listeners without a target, the way game code reads
 * them: `self.node.name`, `other.node.name` and `other.getComponent(Health)` (which throw on a
 * null node: the throw is logged by the system and the line is missing).
 */
function listen(c: PixelCollider, log: string[]): void {
    for (const type of [PixelCollisionEvent.ENTER, PixelCollisionEvent.STAY, PixelCollisionEvent.END]) {
        c.on(type, (self, other, contact) => {
            const hp = (other.getComponent(Health) as Health).hp;
            log.push(`${type.replace('onPixelCollide', '') || 'Enter'} ${self.node.name}-${other.node.name} ${contact.count}${hp === 3 ? '' : ' hp?'}`);
        });
    }
}

const methodCalls: string[] = [];
class EndWatcher extends Component {
    onPixelCollideEnd(self: PixelCollider, other: PixelCollider) {
        methodCalls.push(`method ${this.node.name}: End ${self.node.name}-${other.node.name} hp ${(other.getComponent(Health) as Health).hp}`);
    }
}
_decorator.ccclass('EndWatcher')(EndWatcher);

/** A game's touch counter: +1 on enter, -1 on end. */
class TouchCounter extends Component {
    touches = 0;
    watch(c: PixelCollider): void {
        c.on('onPixelCollide', this.enter, this);
        c.on('onPixelCollideEnd', this.end, this);
    }
    enter(): void { this.touches++; }
    end(): void { this.touches--; }
}
_decorator.ccclass('TouchCounter')(TouchCounter);

/** A sprite with a collider and a Health component. */
function body(name: string, tex: ReturnType<typeof full>, x: number) {
    const s = sprite(name, frame(tex), { x });
    s.node.addComponent(Health);
    return s;
}

/** A and B, overlapping 8x8 squares (32 shared samples), A added first (the lower id). */
function pair() {
    const tex = full(8, 8);
    return { a: body('A', tex, 0), b: body('B', tex, 4), tex };
}

let errors: jest.SpyInstance;
beforeEach(() => {
    freshScene();
    PixelMasks.clear();
    methodCalls.length = 0;
    // A handler that throws is logged with console.error (never into the game loop): kept here,
    // and every test checks that none threw.
    errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
    const calls = errors.mock.calls.map((c) => c.map(String).join(' '));
    errors.mockRestore();
    expect(calls).toEqual([]);
});

describe('a collider that leaves ends its pairs on both sides at once, both nodes alive', () => {
    test('B\'s node destroyed between steps: End on both sides at once, nodes and components readable; methods only on live nodes', () => {
        const { a, b } = pair();
        const log: string[] = [];
        listen(a.collider, log);
        listen(b.collider, log);
        a.node.addComponent(EndWatcher);
        b.node.addComponent(EndWatcher);
        const manager = sprite('Manager', null, { collider: false }).node.addComponent(TouchCounter);
        manager.watch(a.collider);
        manager.watch(b.collider);
        tick();
        expect(manager.touches).toBe(2);
        expect(log).toEqual(['Enter A-B 32', 'Enter B-A 32']);
        log.length = 0;
        let during: string | null = null;
        b.collider.on('onPixelCollideEnd', (self, other) => {
            // The node being destroyed: alive, marked (isValid(node, true) is false), the pair already gone.
            during = `${isValid(self.node)} ${isValid(self.node, true)} ${self.contactCount} ${other.contactCount} ${other.isTouching(self)}`;
        });
        b.node.destroy(); // e.g. in update: onDisable now, destruction before the next step
        expect(log).toEqual(['End A-B 32', 'End B-A 32']);
        expect(during).toBe('true false 0 0 false');
        expect(methodCalls).toEqual(['method A: End A-B hp 3']); // B's node is inactive: its components get nothing
        expect(manager.touches).toBe(0); // no leak in a game's per-collider count
        log.length = 0;
        tick();
        expect(b.collider.isValid).toBe(false);
        expect(b.collider.node).toBeNull(); // the engine's _destruct ran: too late for an end
        tick();
        expect(log).toEqual([]); // once
        expect(methodCalls).toHaveLength(1);
        expect(a.collider.contactCount).toBe(0);
    });

    test('A\'s node destroyed (the lower id, the pair\'s A): End on both sides at once, A\'s side first', () => {
        const { a, b } = pair();
        const log: string[] = [];
        listen(a.collider, log);
        listen(b.collider, log);
        b.node.addComponent(EndWatcher);
        tick();
        log.length = 0;
        a.node.destroy();
        expect(log).toEqual(['End A-B 32', 'End B-A 32']);
        expect(methodCalls).toEqual(['method B: End B-A hp 3']);
        tick();
        tick();
        expect(log).toHaveLength(2);
    });

    test('both destroyed in one frame (a bullet and its target): the pair ends once, at the first destroy; the second ends only its other pairs', () => {
        const tex = full(8, 8);
        const a = body('A', tex, 0), b = body('B', tex, 4), c = body('C', tex, 9); // C touches B only
        const log: string[] = [];
        for (const s of [a, b, c]) listen(s.collider, log);
        const manager = sprite('Manager', null, { collider: false }).node.addComponent(TouchCounter);
        for (const s of [a, b, c]) manager.watch(s.collider);
        tick();
        expect(log).toEqual(['Enter A-B 32', 'Enter B-A 32', 'Enter B-C 24', 'Enter C-B 24']);
        log.length = 0;
        a.node.destroy();
        expect(log).toEqual(['End A-B 32', 'End B-A 32']);
        b.node.destroy();
        expect(log).toEqual(['End A-B 32', 'End B-A 32', 'End B-C 24', 'End C-B 24']);
        expect(manager.touches).toBe(0);
        tick();
        tick();
        expect(log).toHaveLength(4);
        expect(c.collider.contactCount).toBe(0);
    });

    test('destroyed inside a callback: the step finishes as decided, then the pair ends right after it (same frame), nodes alive', () => {
        const tex = full(8, 8);
        const a = body('A', tex, 0), b = body('B', tex, 4), c = body('C', tex, -4);
        const log: string[] = [];
        for (const s of [a, b, c]) listen(s.collider, log);
        a.collider.once('onPixelCollide', (_self, other) => {
            other.node.destroy();
            log.push('-- destroyed B');
        });
        tick();
        expect(log).toEqual([
            'Enter A-B 32', '-- destroyed B', 'Enter B-A 32', 'Enter A-C 32', 'Enter C-A 32',
            'End A-B 32', 'End B-A 32', // after the step's events, in the same frame
        ]);
        log.length = 0;
        tick();
        tick();
        expect(log.filter((l) => !l.startsWith('Stay'))).toEqual([]);
        expect(a.collider.touching.map((o) => o.node.name)).toEqual(['C']);
    });

    test('inside a callback, several leave: each one\'s pairs end after the step, in the order they left, each pair once', () => {
        const tex = full(8, 8);
        const a = body('A', tex, 0), b = body('B', tex, 4), c = body('C', tex, -4);
        const log: string[] = [];
        for (const s of [a, b, c]) listen(s.collider, log);
        a.collider.once('onPixelCollide', () => {
            c.collider.destroy(); // the component only: its node and Health stay
            a.node.active = false;
        });
        tick();
        expect(log).toEqual([
            'Enter A-B 32', 'Enter B-A 32', 'Enter A-C 32', 'Enter C-A 32',
            'End A-C 32', 'End C-A 32', // C left first
            'End A-B 32', 'End B-A 32', // then A (its pair with C already ended)
        ]);
        log.length = 0;
        tick();
        expect(log).toEqual([]);
    });

    test('disabled inside a callback, enabled again in the same callback: End after the step, Enter at the next', () => {
        const { a, b } = pair();
        const log: string[] = [];
        listen(a.collider, log);
        b.collider.once('onPixelCollide', (self) => { self.enabled = false; self.enabled = true; });
        tick();
        expect(log).toEqual(['Enter A-B 32', 'End A-B 32']);
        tick();
        expect(log).toEqual(['Enter A-B 32', 'End A-B 32', 'Enter A-B 32']);
    });

    test('a listener whose target was destroyed before is dropped (the engine EventTarget rule); live targets get End', () => {
        const { a, b } = pair();
        const calls: string[] = [];
        class OnBullet extends Component { hit() { calls.push(`${this.node.name} component`); } }
        _decorator.ccclass('OnBullet')(OnBullet);
        const gone = b.node.addComponent(OnBullet);
        b.collider.on('onPixelCollideEnd', gone.hit, gone);
        const own = b.node.addComponent(OnBullet);
        b.collider.on('onPixelCollideEnd', own.hit, own);
        const onA = a.node.addComponent(OnBullet);
        b.collider.on('onPixelCollideEnd', () => calls.push('arrow'));
        b.collider.on('onPixelCollideEnd', function (this: OnBullet) { calls.push(`target on A: ${this.node.name}`); }, onA);
        tick();
        gone.destroy();
        tick();
        b.node.destroy();
        expect(calls).toEqual(['B component', 'arrow', 'target on A: A']);
    });

    test('collider disabled: End on both sides at once; the enabled components of its node get the method', () => {
        const { a, b } = pair();
        const log: string[] = [];
        listen(a.collider, log);
        listen(b.collider, log);
        b.node.addComponent(EndWatcher);
        tick();
        log.length = 0;
        b.collider.enabled = false;
        expect(log).toEqual(['End A-B 32', 'End B-A 32']);
        expect(methodCalls).toEqual(['method B: End B-A hp 3']);
        tick();
        expect(log).toHaveLength(2);
        log.length = 0;
        b.collider.enabled = true; // back: a new pair
        tick();
        expect(log).toEqual(['Enter A-B 32', 'Enter B-A 32']);
    });

    test('collider component destroyed: End at once; its node (alive, active) still gets the method', () => {
        const { a, b } = pair();
        const log: string[] = [];
        listen(a.collider, log);
        b.node.addComponent(EndWatcher);
        tick();
        log.length = 0;
        b.collider.destroy();
        expect(log).toEqual(['End A-B 32']);
        expect(methodCalls).toEqual(['method B: End B-A hp 3']);
        tick();
        expect(b.node.getComponent(PixelCollider)).toBeNull();
        expect(log).toEqual(['End A-B 32']);
    });

    test('node deactivated: End on both sides at once, the inactive node\'s component methods not called', () => {
        const { a, b } = pair();
        const log: string[] = [];
        listen(b.collider, log);
        b.node.addComponent(EndWatcher);
        a.node.addComponent(EndWatcher);
        tick();
        log.length = 0;
        b.node.active = false;
        expect(log).toEqual(['End B-A 32']);
        expect(methodCalls).toEqual(['method A: End A-B hp 3']);
        tick();
        expect(log).toEqual(['End B-A 32']);
    });

    test.each([
        ['node destroyed', (b: ReturnType<typeof body>) => { b.node.destroy(); }],
        ['node deactivated', (b: ReturnType<typeof body>) => { b.node.active = false; }],
        ['collider disabled', (b: ReturnType<typeof body>) => { b.collider.enabled = false; }],
        ['collider component destroyed', (b: ReturnType<typeof body>) => { b.collider.destroy(); }],
    ])('isLeaving tells the leaving side in every End handler (%s); enabledInHierarchy does not always', (_kind, remove) => {
        const { a, b } = pair();
        const seen: string[] = [];
        for (const c of [a.collider, b.collider]) {
            c.on('onPixelCollideEnd', (self, other) => {
                seen.push(`${self.node.name}: self ${self.isLeaving}, other ${other.isLeaving}`);
            });
        }
        tick();
        expect([a.collider.isLeaving, b.collider.isLeaving]).toEqual([false, false]);
        remove(b);
        expect(seen).toEqual(['A: self false, other true', 'B: self true, other false']);
        tick();
    });

    test('isLeaving is false for a pair that ends by moving apart, and again after the collider is enabled', () => {
        const { a, b } = pair();
        const seen: string[] = [];
        a.collider.on('onPixelCollideEnd', (self, other) => seen.push(`${self.isLeaving} ${other.isLeaving}`));
        tick();
        b.node.setPosition(40, 0, 0);
        tick();
        expect(seen).toEqual(['false false']);
        b.collider.enabled = false;
        expect(b.collider.isLeaving).toBe(true);
        b.collider.enabled = true;
        expect(b.collider.isLeaving).toBe(false);
    });

    test('the leaving side\'s enabledInHierarchy in End: false for a destroyed or deactivated node and a disabled collider, true for a destroyed component (what isLeaving is for)', () => {
        const got: Record<string, boolean> = {};
        for (const [kind, remove] of [
            ['node destroyed', (x: ReturnType<typeof body>) => { x.node.destroy(); }],
            ['node deactivated', (x: ReturnType<typeof body>) => { x.node.active = false; }],
            ['collider disabled', (x: ReturnType<typeof body>) => { x.collider.enabled = false; }],
            ['collider component destroyed', (x: ReturnType<typeof body>) => { x.collider.destroy(); }],
        ] as const) {
            freshScene();
            const { a, b } = pair();
            a.collider.on('onPixelCollideEnd', (_self, other) => { got[kind] = other.enabledInHierarchy; });
            tick();
            remove(b);
        }
        expect(got).toEqual({ 'node destroyed': false, 'node deactivated': false, 'collider disabled': false, 'collider component destroyed': true });
    });

    test('a parent deactivated: every collider under it ends its pairs, in the order the engine disables them', () => {
        const tex = full(8, 8);
        const holder = sprite('Holder', null, { collider: false });
        const a = body('A', tex, 0);
        const b = sprite('B', frame(tex), { x: 4, parent: holder.node }), c = sprite('C', frame(tex), { x: -4, parent: holder.node });
        b.node.addComponent(Health);
        c.node.addComponent(Health);
        const log: string[] = [];
        listen(a.collider, log);
        tick();
        log.length = 0;
        holder.node.active = false;
        expect(log).toEqual(['End A-B 32', 'End A-C 32']);
    });

    test('disabled and enabled again between steps: End at once, Enter at the next step, once each', () => {
        const { a, b } = pair();
        const log: string[] = [];
        listen(a.collider, log);
        tick();
        log.length = 0;
        b.collider.enabled = false;
        b.collider.enabled = true;
        expect(log).toEqual(['End A-B 32']);
        tick();
        expect(log).toEqual(['End A-B 32', 'Enter A-B 32']);
        expect(a.collider.contactCount).toBe(1);
    });

    test('an End handler that destroys another collider: that one\'s pairs end at once too, each pair once', () => {
        const tex = full(8, 8);
        const a = body('A', tex, 0), b = body('B', tex, 4), c = body('C', tex, -4);
        const log: string[] = [];
        for (const s of [a, b, c]) listen(s.collider, log);
        tick();
        log.length = 0;
        b.collider.once('onPixelCollideEnd', () => c.node.destroy()); // B's end takes C with it
        b.node.destroy();
        // B's listeners in the order they were added: the log's first, then the one destroying C.
        expect(log).toEqual(['End A-B 32', 'End B-A 32', 'End A-C 32', 'End C-A 32']);
        tick();
        expect(log).toHaveLength(4);
    });

    test('a query made in an End handler no longer finds the collider that leaves; the other side still there', () => {
        const { a, b } = pair();
        const found: string[] = [];
        a.collider.on('onPixelCollideEnd', () => {
            const sys = CollisionSystem.instance;
            found.push(sys.queryPoint(2, 0).map((c) => c.node.name).join(','));
            found.push(`${sys.placeMeeting(a.collider, 0, 0)?.node.name ?? 'none'}`);
        });
        tick();
        b.node.destroy();
        expect(found).toEqual(['A', 'none']);
    });

    test('order: a leaving collider\'s pairs in the order they began, each pair\'s lower id first', () => {
        const tex = full(8, 8);
        const s = [body('A', tex, 0), body('B', tex, 4), body('C', tex, -2)];
        const ends: string[] = [];
        for (const x of s) x.collider.on('onPixelCollideEnd', (self, other) => ends.push(`${self.node.name}-${other.node.name}`));
        tick();
        s[2].node.destroy(); // C: pairs (A,C), (B,C)
        s[0].node.destroy(); // A: (A,B) left
        s[1].node.destroy(); // B: none left
        expect(ends).toEqual(['A-C', 'C-A', 'B-C', 'C-B', 'A-B', 'B-A']);
        tick();
        expect(ends).toHaveLength(6);
    });

    test('the contact of the End: the pair\'s last one, from each side\'s point of view', () => {
        const { a, b } = pair();
        const seen: string[] = [];
        for (const s of [a, b]) {
            s.collider.on('onPixelCollideEnd', (self, _other, contact: PixelContact) => {
                seen.push(`${self.node.name} ${contact.count} ${contact.normal.x},${contact.normal.y} f${contact.frame}`);
            });
        }
        tick();
        const f = CollisionSystem.instance.world.frame;
        b.node.destroy();
        expect(seen).toEqual([`A 32 1,0 f${f}`, `B 32 -1,0 f${f}`]);
    });
});

describe('GPU pairs (answers one step late)', () => {
    const system = () => CollisionSystem.instance;
    beforeEach(() => {
        system().disposeGpu();
        system().gpu = 'nextFrame';
        const soft = new SoftGpuDevice(4096, 0, Math.random, true);
        CollisionSystem.gpuDeviceFactory = () => ({ device: soft });
    });
    afterAll(() => system().disposeGpu());

    /** A (GPU) and B, apart until B moves in; C and D touch all along (the GPU has a frame on its way every step). */
    function gpuPair() {
        const tex = full(16, 16);
        const a = body('A', tex, 0), b = body('B', tex, 40);
        const c = body('C', tex, 300);
        body('D', tex, 305);
        a.collider.mode = NarrowMode.GPU;
        c.collider.mode = NarrowMode.GPU;
        const log: string[] = [];
        listen(a.collider, log);
        listen(b.collider, log);
        tick();
        tick();
        b.node.setPosition(10, 0, 0);
        return { a, b, log };
    }

    test('a touching GPU pair ends at once when a side is destroyed; its answers still on their way are dropped', () => {
        const { b, log } = gpuPair();
        tick();
        expect(log).toEqual([]); // drawn, read back with the next step
        tick();
        expect(log).toEqual(['Enter A-B 96', 'Enter B-A 96']);
        expect(system().gpuNarrowPhase!.pending).toBe(true);
        log.length = 0;
        b.node.destroy(); // the GPU has the answer of the last frame on its way
        expect(log).toEqual(['End A-B 96', 'End B-A 96']);
        tick();
        tick();
        expect(log).toHaveLength(2);
    });

    test('destroyed before its first answer arrived: no Enter, no End', () => {
        const { b, log } = gpuPair();
        tick(); // drawn; the answer comes with the next step
        expect(log).toEqual([]);
        expect(system().gpuNarrowPhase!.pending).toBe(true);
        b.node.destroy();
        tick();
        tick();
        expect(log).toEqual([]);
    });

    test('destroyed inside a GPU pair\'s Enter: End right after that step', () => {
        const { a, log } = gpuPair();
        a.collider.once('onPixelCollide', (_self, other) => other.node.destroy());
        tick();
        tick();
        expect(log).toEqual(['Enter A-B 96', 'Enter B-A 96', 'End A-B 96', 'End B-A 96']);
        tick();
        expect(log).toHaveLength(4);
    });
});

describe('the two ways to listen do not stack', () => {
    const got: string[] = [];
    class Both extends Component {
        onPixelCollide(self: PixelCollider, _other: PixelCollider, c: PixelContact) { got.push(`${(this.node as Node).name} ${self.node.name} ${c.count}`); }
        protected override onLoad() { this.getComponent(PixelCollider)!.on('onPixelCollide', this.onPixelCollide, this); }
    }
    _decorator.ccclass('Both')(Both);

    beforeEach(() => { got.length = 0; });

    test('a method also registered with on(type, this.method, this) is called once per event', () => {
        const { a, b } = pair();
        a.node.addComponent(Both);
        b.node.addComponent(Both);
        tick();
        expect(got).toEqual(['A A 32', 'B B 32']);
    });

    test('with once(), the listener is the one call; the method alone takes the later events', () => {
        const { a, b } = pair();
        class Once extends Component {
            onPixelCollide() { got.push('call'); }
        }
        _decorator.ccclass('Once')(Once);
        const o = a.node.addComponent(Once);
        a.collider.once('onPixelCollide', o.onPixelCollide, o);
        tick();
        expect(got).toEqual(['call']);
        b.node.setPosition(100, 0, 0);
        tick();
        b.node.setPosition(4, 0, 0);
        tick();
        expect(got).toEqual(['call', 'call']);
    });

    test('the same component method registered on another node\'s collider is a separate listener', () => {
        const { a, b } = pair();
        const both = a.node.addComponent(Both);
        b.collider.on('onPixelCollide', both.onPixelCollide, both); // A's component listens to B too
        tick();
        expect(got).toEqual(['A A 32', 'A B 32']);
    });

    test('a disabled component registered by on() still gets the listener call, not the method', () => {
        const { a } = pair();
        const both = a.node.addComponent(Both);
        both.enabled = false;
        tick();
        expect(got).toEqual(['A A 32']);
    });

    test('event names are checked at run time too (plain JavaScript callers)', () => {
        const { a } = pair();
        const on = a.collider.on as (type: string, cb: () => void) => void;
        expect(() => on.call(a.collider, 'onPixelColide', () => undefined)).toThrow(/unknown event "onPixelColide".*'onPixelCollide', 'onPixelCollideStay' or 'onPixelCollideEnd'/);
        expect(() => a.collider.off(PixelCollisionEvent.END)).not.toThrow();
    });
});

test('the system is registered and steps in postUpdate after the deferred destruction (double as the engine)', () => {
    expect(director.getSystem(CollisionSystem.ID)).toBe(CollisionSystem.instance);
});
