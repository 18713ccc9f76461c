/**
 * Dispatch when nobody listens: a touching pair stays every frame, and a collider with no listener
 * and no component method for an event does no per-event work for it (no look-up of method names
 * on its components, no listener list delivery). What is added later (a listener, a component with the
 * method) is seen from the next event on; what is removed is no longer called.
 */
import { _decorator, Component, Node, Sprite, UITransform } from 'cc';
import { PixelCollider, PixelCollisionEvent, PixelMasks, PixelShape } from 'db://pixel-collision/runtime/index';
import { ListenerList } from 'db://pixel-collision/runtime/links';
import { frame, freshScene, sprite, texture, tick } from './helpers';

/** Counts how often the event names are looked up on it (the getters say "no method"). */
let lookups = 0;
class NameProbe extends Component {}
for (const type of [PixelCollisionEvent.ENTER, PixelCollisionEvent.STAY, PixelCollisionEvent.END]) {
    Object.defineProperty(NameProbe.prototype, type, { get() { lookups++; return undefined; }, configurable: true });
}
_decorator.ccclass('NameProbe')(NameProbe);

const stays: string[] = [];
class StayWatcher extends Component {
    onPixelCollideStay(self: PixelCollider, other: PixelCollider) {
        stays.push(`${self.node.name}-${other.node.name}`);
    }
}
_decorator.ccclass('StayWatcher')(StayWatcher);

function pair() {
    const tex = texture(8, 8, () => true);
    const a = sprite('A', frame(tex));
    const b = sprite('B', frame(tex), { x: 4 });
    return { a, b };
}

beforeEach(() => {
    freshScene();
    PixelMasks.clear();
    lookups = 0;
    stays.length = 0;
});

afterEach(() => jest.restoreAllMocks());

/** The collision events delivered to some collider's listener list since the spy was set. */
const collisionEmits = (spy: jest.SpyInstance) => spy.mock.calls.filter((c) => String(c[0]).startsWith('onPixelCollide')).length;

test('a staying pair that nobody listens to: no method-name look-ups and no emit, frame after frame', () => {
    const { a, b } = pair();
    a.node.addComponent(NameProbe);
    b.node.addComponent(NameProbe);
    const emit = jest.spyOn(ListenerList.prototype, 'emit');
    tick(); // enter: the components' names are looked up once per collider
    expect(a.collider.isTouching(b.collider)).toBe(true);
    const afterEnter = lookups;
    expect(afterEnter).toBeGreaterThan(0);
    for (let i = 0; i < 5; i++) tick();
    expect(a.collider.isTouching(b.collider)).toBe(true);
    expect(lookups).toBe(afterEnter);
    expect(collisionEmits(emit)).toBe(0);
    // The contact is still the current frame's (read without any listener).
    expect(a.collider.getContact(0)?.count).toBe(32);
});

test('a listener of another type does not make stay events emit', () => {
    const { a, b } = pair();
    const entered: string[] = [];
    a.collider.on('onPixelCollide', (self, other) => entered.push(`${self.node.name}-${other.node.name}`));
    const emit = jest.spyOn(ListenerList.prototype, 'emit');
    tick();
    expect(entered).toEqual(['A-B']);
    const calls = collisionEmits(emit);
    expect(calls).toBe(1);
    tick();
    tick();
    expect(collisionEmits(emit)).toBe(calls);
    expect(b.collider.isTouching(a.collider)).toBe(true);
});

test('a stay listener added while the pair already touches is called from the next frame; off stops it', () => {
    const { a, b } = pair();
    tick();
    tick();
    const got: number[] = [];
    const cb = a.collider.on('onPixelCollideStay', (_s, _o, contact) => got.push(contact.count));
    tick();
    tick();
    expect(got).toEqual([32, 32]);
    a.collider.off('onPixelCollideStay', cb);
    tick();
    expect(got).toEqual([32, 32]);
    a.collider.once('onPixelCollideStay', (_s, _o, contact) => got.push(-contact.count));
    tick();
    tick();
    expect(got).toEqual([32, 32, -32]);
    expect(b.collider.isTouching(a.collider)).toBe(true);
});

test('a component with the method, added while the pair touches, is called from the next frame; removed, it is not', () => {
    const { a, b } = pair();
    tick();
    tick();
    expect(stays).toEqual([]);
    const w = b.node.addComponent(StayWatcher);
    tick();
    expect(stays).toEqual(['B-A']);
    a.node.addComponent(StayWatcher);
    tick();
    expect(stays).toEqual(['B-A', 'A-B', 'B-A']);
    w.destroy();
    tick();
    expect(stays).toEqual(['B-A', 'A-B', 'B-A', 'A-B']);
    // Disabled: still found, not called (as before).
    (a.node.getComponent(StayWatcher) as StayWatcher).enabled = false;
    tick();
    expect(stays).toEqual(['B-A', 'A-B', 'B-A', 'A-B']);
});

test('off or targetOff of one listener leaves the others of the same event called', () => {
    const { a, b } = pair();
    tick();
    const got: string[] = [];
    const owner1 = {}, owner2 = {};
    const cb1 = a.collider.on('onPixelCollideStay', () => got.push('1'), owner1);
    a.collider.on('onPixelCollideStay', () => got.push('2'), owner2);
    a.collider.on('onPixelCollideStay', () => got.push('3'));
    tick();
    expect(got).toEqual(['1', '2', '3']);
    a.collider.off('onPixelCollideStay', cb1, owner1);
    tick();
    // The others keep the order they were added in.
    expect(got.slice(3)).toEqual(['2', '3']);
    a.collider.targetOff(owner2);
    tick();
    expect(got.slice(5)).toEqual(['3']);
    a.collider.off('onPixelCollideStay');
    tick();
    expect(got.length).toBe(6);
    // Registered again after everything was removed: called again.
    a.collider.on('onPixelCollideStay', () => got.push('4'));
    tick();
    expect(got.slice(6)).toEqual(['4']);
    expect(b.collider.isTouching(a.collider)).toBe(true);
});

test('with nothing listening to stays, a pair\'s contact still describes the current frame, also a reference kept from an earlier frame', () => {
    const { a, b } = pair();
    tick();
    const kept = a.collider.getContact(0) as NonNullable<ReturnType<typeof a.collider.getContact>>;
    const keptB = b.collider.getContact(0) as NonNullable<ReturnType<typeof b.collider.getContact>>;
    expect(kept.count).toBe(32);
    for (const x of [5, 6, 2, 7, 1]) {
        b.node.setPosition(x, 0, 0);
        tick();
        // 8 x 8 squares, B shifted by x: (8 - x) columns of 8 rows shared.
        expect(a.collider.getContact(0)?.count).toBe((8 - x) * 8);
        expect(kept.count).toBe((8 - x) * 8);
        expect(keptB.count).toBe((8 - x) * 8);
        expect(kept.normal.x).toBeCloseTo(1, 12);
        expect(keptB.normal.x).toBeCloseTo(-1, 12);
        expect(kept.frame).toBe(keptB.frame);
        expect(kept.rect.width).toBe(8 - x);
    }
});

test('a pair\'s contact read from another pair\'s callback describes this step, though its own stay was not dispatched', () => {
    const tex = texture(8, 8, () => true);
    const a = sprite('A', frame(tex));
    const b = sprite('B', frame(tex), { x: 4 });
    const c = sprite('C', frame(tex), { x: 40 });
    const d = sprite('D', frame(tex), { x: 44 });
    tick();
    const seen: number[] = [];
    // C-D stays are listened to; A-B's are not. From C's callback, read A's contact with B.
    c.collider.on('onPixelCollideStay', () => seen.push(a.collider.contactWith(b.collider)?.count ?? -1));
    for (const x of [6, 3, 5]) {
        b.node.setPosition(x, 0, 0);
        tick();
        expect(seen[seen.length - 1]).toBe((8 - x) * 8);
    }
    expect(seen.length).toBe(3);
    expect(d.collider.isTouching(c.collider)).toBe(true);
});

test('a content size or anchor changed while the collider runs moves its shape from the next step (PIXELS, BOX)', () => {
    const { a, b } = pair();
    tick();
    expect(a.collider.getContact(0)?.count).toBe(32);
    const ui = b.node.getComponent(UITransform) as UITransform;
    b.sprite.sizeMode = Sprite.SizeMode.CUSTOM;
    // B (at x = 4, anchor 0.5) stretched to 16 wide: it covers [-4, 12), A covers [-4, 4): all of A.
    ui.setContentSize(16, 8);
    tick();
    expect(a.collider.getContact(0)?.count).toBe(64);
    // Anchor (0, 0.5): B covers [4, 20): nothing of A (A's last column is [3, 4)).
    ui.setAnchorPoint(0, 0.5);
    tick();
    expect(a.collider.contactCount).toBe(0);
    ui.setAnchorPoint(0.75, 0.5);
    tick(); // [-8, 8): all of A again
    expect(a.collider.getContact(0)?.count).toBe(64);
    // A box collider sized from the content box follows it too.
    b.collider.shape = PixelShape.BOX;
    ui.setContentSize(4, 8);
    tick(); // [4 - 3, 4 + 1) = [1, 5): 3 columns of A
    expect(a.collider.getContact(0)?.count).toBe(24);
});

describe('a collider\'s listeners follow the engine EventTarget\'s rules, in the order they were added', () => {
    test('a (callback, target) pair is added once; the same callback with another target is another listener', () => {
        const { a } = pair();
        const got: string[] = [];
        const t1 = { name: 't1' }, t2 = { name: 't2' };
        function cb(this: { name: string }) { got.push(this.name); }
        a.collider.on('onPixelCollide', cb, t1);
        a.collider.on('onPixelCollide', cb, t1);
        a.collider.on('onPixelCollide', cb, t2);
        tick();
        expect(got).toEqual(['t1', 't2']);
    });

    test('removed by an earlier listener of the same event: not called; added meanwhile: called from the next event', () => {
        const { a, b } = pair();
        tick();
        const got: string[] = [];
        const late = () => got.push('late');
        const second = () => got.push('second');
        a.collider.on('onPixelCollideStay', () => {
            got.push('first');
            a.collider.off('onPixelCollideStay', second);
            a.collider.on('onPixelCollideStay', late);
        });
        a.collider.on('onPixelCollideStay', second);
        a.collider.on('onPixelCollideStay', () => got.push('third'));
        tick();
        expect(got).toEqual(['first', 'third']);
        tick();
        // `late` was added again (a no-op: already there) and is called after the others.
        expect(got.slice(2)).toEqual(['first', 'third', 'late']);
        expect(b.collider.isTouching(a.collider)).toBe(true);
    });

    test('a listener that throws is logged; the listeners after it are still called', () => {
        const { a } = pair();
        const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
        const got: string[] = [];
        a.collider.on('onPixelCollide', () => { throw new Error('boom'); });
        a.collider.on('onPixelCollide', () => got.push('after'));
        tick();
        expect(got).toEqual(['after']);
        expect(spy).toHaveBeenCalledTimes(1);
        expect(String(spy.mock.calls[0][0])).toMatch(/onPixelCollide callback on "A" threw/);
    });

    test('a callback that is not a function is refused with a clear error', () => {
        const { a } = pair();
        expect(() => a.collider.on('onPixelCollide', undefined as unknown as () => void)).toThrow(/callback must be a function/);
        expect(() => a.collider.once('onPixelCollideEnd', 42 as unknown as () => void)).toThrow(/PixelCollider\.once: the callback must be a function, got 42/);
    });

    test('delivered again from inside its own delivery, a once listener is not called twice and the list stays whole', () => {
        const list = new ListenerList();
        const calls: string[] = [];
        const self = {} as PixelCollider, other = {} as PixelCollider, contact = {} as never;
        const inner = () => calls.push('inner');
        list.add(() => {
            calls.push('once');
            list.emit('onPixelCollideStay', self, other, contact);
        }, undefined, true);
        list.add(inner, undefined, false);
        list.emit('onPixelCollideStay', self, other, contact);
        // The nested delivery: `once` already removed, `inner` called; then the outer one goes on to `inner`.
        expect(calls).toEqual(['once', 'inner', 'inner']);
        expect(list.callbacks()).toEqual([inner]);
        expect(list.has(inner)).toBe(true);
        list.remove(inner, undefined);
        expect(list.any()).toBe(false);
    });
});

test('a lone listener: added to, removed, made a once one, or given a destroyed target, the list follows each change', () => {
    const list = new ListenerList();
    const self = {} as PixelCollider, other = {} as PixelCollider, contact = {} as never;
    const calls: string[] = [];
    const second = () => calls.push('second');
    const first = () => {
        calls.push('first');
        // Added during the lone listener's delivery: not called now; a nested delivery calls both.
        if (calls.length === 1) {
            list.add(second, undefined, false);
            list.emit('onPixelCollideStay', self, other, contact);
        }
    };
    list.add(first, undefined, false);
    list.emit('onPixelCollideStay', self, other, contact);
    expect(calls).toEqual(['first', 'first', 'second']);
    list.remove(first, undefined);
    list.emit('onPixelCollideStay', self, other, contact);
    expect(calls.slice(3)).toEqual(['second']);
    list.remove(second, undefined);
    list.add(second, undefined, true);
    list.emit('onPixelCollideStay', self, other, contact);
    list.emit('onPixelCollideStay', self, other, contact);
    expect(calls.slice(4)).toEqual(['second']);
    const dead = new Node('listener target');
    list.add(first, dead, false);
    dead.destroy();
    list.emit('onPixelCollideStay', self, other, contact);
    expect(calls.length).toBe(5);
    expect(list.any()).toBe(false);
});

test('stays after a side left and its contacts were reused by a new pair go to the right pairs, with their own contacts', () => {
    const tex = texture(8, 8, () => true);
    const a = sprite('A', frame(tex));
    const b = sprite('B', frame(tex), { x: 4 });
    const seen: string[] = [];
    const log = (self: PixelCollider, other: PixelCollider, contact: { count: number }) => seen.push(`${self.node.name}-${other.node.name}:${contact.count}`);
    a.collider.on('onPixelCollideStay', log);
    tick();
    tick();
    expect(seen).toEqual(['A-B:32']);
    b.node.destroy(); // the pair ends at once; its two contacts go back to the pool
    const c = sprite('C', frame(tex), { x: 6 });
    c.collider.on('onPixelCollideStay', log);
    tick(); // A-C enters (taking the pooled contacts)
    tick();
    tick();
    expect(seen.slice(1)).toEqual(['A-C:16', 'C-A:16', 'A-C:16', 'C-A:16']);
    expect(a.collider.contactWith(c.collider)?.count).toBe(16);
});
