/**
 * The end of a pair when a collider leaves (disabled, deactivated or destroyed), and the two ways
 * to listen. The engine destroys components (deferred destruction) before the systems'
 * postUpdate, and clears a destroyed component's fields; the double does the same (its `tick`).
 *
 * The rule: every touching pair of a collider that is disabled or destroyed ends with
 * `onPixelCollideEnd` on BOTH sides, in the next collision step, in the world's pair order:
 * - listeners added with `collider.on` get it, also on the destroyed side (`self.isValid` is then
 *   false), except a listener whose target is itself destroyed (the engine's EventTarget drops it);
 * - component methods `onPixelCollideEnd` are called on the components that are enabled at that
 *   step: a disabled collider's node still gets them, a deactivated or destroyed node does not.
 */
import { _decorator, Component, director } from 'cc';
import type { Node } from 'cc';
import { CollisionSystem, PixelCollider, PixelCollisionEvent, PixelMasks } from 'db://pixel-collision/runtime/index';
import type { PixelContact } from 'db://pixel-collision/runtime/index';
import { frame, freshScene, sprite, texture, tick } from './helpers';

const full = (w: number, h: number) => texture(w, h, () => true);
const name = (p: PixelCollider) => (p.isValid ? p.node.name : `${p === lastGone ? goneName : '?'}(destroyed)`);
let lastGone: PixelCollider | null = null;
let goneName = '';

/** Records `type self-other count` through listeners without a target. */
function listen(c: PixelCollider, log: string[]): void {
    for (const type of [PixelCollisionEvent.ENTER, PixelCollisionEvent.STAY, PixelCollisionEvent.END]) {
        c.on(type, (self, other, contact) => {
            log.push(`${type.replace('onPixelCollide', '') || 'Enter'} ${name(self)}-${name(other)} ${contact.count}`);
        });
    }
}

const methodCalls: string[] = [];
class EndWatcher extends Component {
    onPixelCollideEnd(self: PixelCollider, other: PixelCollider) {
        methodCalls.push(`method ${this.node.name}: End ${self.isValid ? self.node.name : 'destroyed'}-${other.isValid ? other.node.name : 'destroyed'}`);
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

function pair() {
    const tex = full(8, 8);
    const a = sprite('A', frame(tex));
    const b = sprite('B', frame(tex), { x: 4 });
    return { a, b, tex };
}

beforeEach(() => {
    freshScene();
    PixelMasks.clear();
    methodCalls.length = 0;
    lastGone = null;
});

describe('a collider that leaves ends its pairs on both sides', () => {
    test('node destroyed between steps: both listeners get End (the destroyed side with isValid false), methods only on live nodes', () => {
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
        let seenInvalid: boolean | null = null;
        b.collider.on('onPixelCollideEnd', (self) => { seenInvalid = !self.isValid; });
        lastGone = b.collider; goneName = 'B';
        b.node.destroy(); // e.g. in update: onDisable now, destruction before the next step
        tick();
        expect(b.collider.isValid).toBe(false);
        expect(seenInvalid).toBe(true);
        expect(log).toEqual(['End A-B(destroyed) 32', 'End B(destroyed)-A 32']);
        expect(methodCalls).toEqual(['method A: End A-destroyed']); // B's node is gone: its components get nothing
        expect(manager.touches).toBe(0); // no leak in a game's per-collider count
        expect(a.collider.contactCount).toBe(0);
        expect(b.collider.contactCount).toBe(0);
        log.length = 0;
        tick();
        expect(log).toEqual([]); // once
    });

    test('both sides destroyed in the same frame (a bullet and its target): both get End', () => {
        const { a, b } = pair();
        const log: string[] = [];
        listen(a.collider, log);
        listen(b.collider, log);
        const manager = sprite('Manager', null, { collider: false }).node.addComponent(TouchCounter);
        manager.watch(a.collider);
        manager.watch(b.collider);
        tick();
        const ends: string[] = [];
        a.collider.on('onPixelCollideEnd', (self, other) => ends.push(`${self === a.collider ? 'A' : '?'} ends with ${other === b.collider ? 'B' : '?'} (${self.isValid}, ${other.isValid})`));
        b.collider.on('onPixelCollideEnd', (self, other) => ends.push(`${self === b.collider ? 'B' : '?'} ends with ${other === a.collider ? 'A' : '?'} (${self.isValid}, ${other.isValid})`));
        a.node.destroy();
        b.node.destroy();
        tick();
        expect(ends).toEqual(['A ends with B (false, false)', 'B ends with A (false, false)']);
        expect(manager.touches).toBe(0);
    });

    test('destroyed inside a callback: the pair still gets its Stay-free End in the next step, on both sides', () => {
        const { a, b } = pair();
        const log: string[] = [];
        listen(a.collider, log);
        listen(b.collider, log);
        a.collider.once('onPixelCollide', (_self, other) => { lastGone = other; goneName = 'B'; other.node.destroy(); });
        tick();
        expect(log).toEqual(['Enter A-B 32', 'Enter B-A 32']); // the step finishes as decided
        log.length = 0;
        tick();
        expect(log).toEqual(['End A-B(destroyed) 32', 'End B(destroyed)-A 32']);
    });

    test('a listener whose target is a destroyed component is dropped (the engine EventTarget rule); other targets get End', () => {
        const { a, b } = pair();
        const calls: string[] = [];
        class OnBullet extends Component { hit() { calls.push('bullet component'); } }
        _decorator.ccclass('OnBullet')(OnBullet);
        const own = b.node.addComponent(OnBullet);
        b.collider.on('onPixelCollideEnd', own.hit, own);
        const other = a.node.addComponent(OnBullet);
        b.collider.on('onPixelCollideEnd', () => calls.push('arrow'));
        b.collider.on('onPixelCollideEnd', function (this: OnBullet) { calls.push(`target on A: ${this.node.name}`); }, other);
        tick();
        b.node.destroy();
        tick();
        expect(calls).toEqual(['arrow', 'target on A: A']);
    });

    test('collider disabled: both sides get End; the enabled components of its node get the method', () => {
        const { a, b } = pair();
        const log: string[] = [];
        listen(a.collider, log);
        listen(b.collider, log);
        b.node.addComponent(EndWatcher);
        tick();
        log.length = 0;
        b.collider.enabled = false;
        tick();
        expect(log).toEqual(['End A-B 32', 'End B-A 32']);
        expect(methodCalls).toEqual(['method B: End B-A']);
        log.length = 0;
        b.collider.enabled = true; // back: a new pair
        tick();
        expect(log).toEqual(['Enter A-B 32', 'Enter B-A 32']);
    });

    test('node deactivated: listeners get End, the inactive node\'s component methods do not', () => {
        const { a, b } = pair();
        const log: string[] = [];
        listen(b.collider, log);
        b.node.addComponent(EndWatcher);
        a.node.addComponent(EndWatcher);
        tick();
        log.length = 0;
        b.node.active = false;
        tick();
        expect(log).toEqual(['End B-A 32']);
        expect(methodCalls).toEqual(['method A: End A-B']);
    });

    test('disabled and enabled again before the step: End then Enter, once each', () => {
        const { a, b } = pair();
        const log: string[] = [];
        listen(a.collider, log);
        tick();
        log.length = 0;
        b.collider.enabled = false;
        b.collider.enabled = true;
        tick();
        expect(log).toEqual(['End A-B 32', 'Enter A-B 32']);
        expect(a.collider.contactCount).toBe(1);
    });

    test('a scene teardown ends every pair, in the world\'s pair order, on every side', () => {
        const tex = full(8, 8);
        const s = [sprite('A', frame(tex)), sprite('B', frame(tex), { x: 4 }), sprite('C', frame(tex), { x: -2 })];
        const ends: string[] = [];
        const ids = new Map(s.map((x) => [x.collider, x.node.name] as const));
        for (const x of s) x.collider.on('onPixelCollideEnd', (self, other) => ends.push(`${ids.get(self)}-${ids.get(other)}`));
        tick();
        for (const x of s) x.node.destroy();
        tick();
        // pairs in key order (A,B), (A,C), (B,C) by collider id: each side once
        expect(ends).toEqual(['A-B', 'B-A', 'A-C', 'C-A', 'B-C', 'C-B']);
        tick();
        expect(ends.length).toBe(6);
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
