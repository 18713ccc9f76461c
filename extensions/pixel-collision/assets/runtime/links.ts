/**
 * What the collision system keeps of one collider: the pairs it touches, its listeners and its
 * node. When the collider leaves (disabled, deactivated, destroyed), the system ends its pairs at
 * once from these lists (CollisionSystem._endPairs), while both nodes are alive, as the builtin
 * 2D physics and Box2D end a removed body's contacts on both sides; the engine clears a destroyed
 * component's fields (this object's reference too) only later, in its deferred destruction.
 */
import { CCObject, isValid, NodeEventType } from 'cc';
import type { Component, Node } from 'cc';
import type { Collider } from '../core/index';
import type { PixelContact } from './contact';
import { PixelCollisionEvent, reportCallbackError } from './events';
import type { PixelCollisionCallback, PixelCollisionEventType } from './events';
import type { PixelCollider } from './PixelCollider';

/** @internal */
export class ColliderLinks {
    /** Number of touching pairs: the first `n` entries of the arrays below (which never shrink). */
    n = 0;
    /** The other side's core collider, per pair (the key: a pair is found by it). */
    readonly otherCores: (Collider<PixelCollider> | null)[] = [];
    readonly others: (PixelCollider | null)[] = [];
    readonly contacts: (PixelContact | null)[] = [];
    /**
     * Listeners added with `collider.on` / `once`, one list per event name (made on first use).
     * The collider's own lists, not an engine `EventTarget`: a stay event of every touching pair
     * every frame reaches its listener through this object and one list, where the engine's
     * EventTarget went through four more objects (its table, the name's list, the list's array,
     * the listener's record); in a page that has run other levels those lie apart in memory, and
     * that cost about 0.4 µs an event (docs/engine-performance.md, tenth round).
     */
    enter: ListenerList | null = null;
    stay: ListenerList | null = null;
    end: ListenerList | null = null;
    /** The collider's node (set when it is enabled); its components' methods are called too. */
    node: Node | null = null;

    /**
     * Which event names the node's components have methods for (bits: {@link typeBit}), found
     * again after a component is added to the node or removed from it (the node's
     * COMPONENT_ADDED / COMPONENT_REMOVED events, watched from {@link watch} to {@link unwatch}).
     */
    private _methods = 0;
    private _methodsDirty = true;
    private _watched: Node | null = null;

    /**
     * Event names that may have listeners (bits: {@link typeBit}): set by {@link listen}, found
     * again by {@link unlisten}. A bit may stay set after its last listener is gone (`once`, a
     * destroyed target): emit then asks the EventTarget; a clear bit means no listener.
     */
    listenBits = 0;

    /** The list of `type`'s listeners, or null when none was ever added. */
    list(type: PixelCollisionEventType): ListenerList | null {
        return type === PixelCollisionEvent.STAY ? this.stay : type === PixelCollisionEvent.ENTER ? this.enter : this.end;
    }

    /** Adds a listener of `type` (`collider.on` / `once`): a (callback, target) pair once. */
    listen(type: PixelCollisionEventType, callback: PixelCollisionCallback, target: unknown, once: boolean): void {
        let l = this.list(type);
        if (l === null) {
            l = new ListenerList();
            if (type === PixelCollisionEvent.STAY) this.stay = l;
            else if (type === PixelCollisionEvent.ENTER) this.enter = l;
            else this.end = l;
        }
        l.add(callback, target, once);
        this.listenBits |= typeBit(type);
        RECEIVERS.changed = true;
    }

    /** `collider.off`: the listener (callback, target) of `type`, or all of `type` without a callback. */
    removeListener(type: PixelCollisionEventType, callback: PixelCollisionCallback | undefined, target: unknown): void {
        const l = this.list(type);
        if (l !== null) {
            if (callback) l.remove(callback, target);
            else l.clear();
        }
        this.unlisten();
    }

    /** `collider.targetOff`: every listener whose target is `target`. */
    removeTarget(target: unknown): void {
        this.enter?.removeTarget(target);
        this.stay?.removeTarget(target);
        this.end?.removeTarget(target);
        this.unlisten();
    }

    /** Starts watching `node`'s list of components (the collider's node, when it is enabled). */
    watch(node: Node): void {
        this.node = node;
        this._methodsDirty = true;
        RECEIVERS.changed = true;
        if (this._watched === node) return;
        this.unwatch();
        node.on(NodeEventType.COMPONENT_ADDED, this._componentsChanged, this);
        node.on(NodeEventType.COMPONENT_REMOVED, this._componentsChanged, this);
        this._watched = node;
    }

    /** Stops watching (the collider is destroyed). */
    unwatch(): void {
        const node = this._watched;
        this._watched = null;
        if (node && node.isValid) {
            node.off(NodeEventType.COMPONENT_ADDED, this._componentsChanged, this);
            node.off(NodeEventType.COMPONENT_REMOVED, this._componentsChanged, this);
        }
    }

    private _componentsChanged(): void {
        this._methodsDirty = true;
        RECEIVERS.changed = true;
    }

    /**
     * Whether an event `type` (a bit of {@link typeBit}) may have receivers: a listener or a
     * component method. False means nothing would receive it.
     */
    wants(bit: number): boolean {
        if (this._methodsDirty) this._findMethods();
        return ((this.listenBits | this._methods) & bit) !== 0;
    }

    /** After listeners were removed: which names still have some. */
    unlisten(): void {
        let bits = 0;
        if (this.enter?.any()) bits |= BIT_ENTER;
        if (this.stay?.any()) bits |= BIT_STAY;
        if (this.end?.any()) bits |= BIT_END;
        this.listenBits = bits;
        RECEIVERS.changed = true;
    }

    /** Adds a touching pair. */
    attach(otherCore: Collider<PixelCollider>, other: PixelCollider, c: PixelContact): void {
        const n = this.n;
        if (n === this.others.length) { this.otherCores.push(otherCore); this.others.push(other); this.contacts.push(c); }
        else { this.otherCores[n] = otherCore; this.others[n] = other; this.contacts[n] = c; }
        this.n = n + 1;
    }

    slotOf(otherCore: Collider<PixelCollider>): number {
        const cores = this.otherCores;
        for (let i = 0; i < this.n; i++) if (cores[i] === otherCore) return i;
        return -1;
    }

    /** Removes the pair with `otherCore` (order kept, no array shrinks) and returns its contact. */
    detach(otherCore: Collider<PixelCollider>): PixelContact | null {
        const i = this.slotOf(otherCore);
        if (i < 0) return null;
        const c = this.contacts[i] as PixelContact;
        const n = this.n - 1;
        for (let k = i; k < n; k++) {
            this.otherCores[k] = this.otherCores[k + 1];
            this.others[k] = this.others[k + 1];
            this.contacts[k] = this.contacts[k + 1];
        }
        this.otherCores[n] = null;
        this.others[n] = null;
        this.contacts[n] = null;
        this.n = n;
        return c;
    }

    indexOf(other: PixelCollider): number {
        for (let i = 0; i < this.n; i++) if (this.others[i] === other) return i;
        return -1;
    }

    /**
     * Delivers one event: first to the listeners (`collider.on`), then to the methods named
     * `type` of the node's components that are enabled now. A method that is also registered as
     * a listener with its component as the target (`collider.on(type, this.onPixelCollide, this)`)
     * is called once, as the listener: the two ways do not stack. Listeners whose target is a
     * destroyed object are dropped (the engine's EventTarget does that); a destroyed node's
     * components get nothing. A throwing callback is logged and the others still run.
     */
    emit(self: PixelCollider, type: PixelCollisionEventType, other: PixelCollider, contact: PixelContact): void {
        const node = this.node;
        // Nothing would receive it (no listener of `type`, no component with a method named
        // `type`): nothing to do. The common case for stay events, every touching pair every frame.
        const bit = typeBit(type);
        if (this._methodsDirty) this._findMethods();
        const methods = (this._methods & bit) !== 0;
        // The bit alone decides, with no look-up per event: `listenBits` follows on / off (off
        // recounts the listeners); a `once` listener that has fired leaves its bit set until the
        // next recount, and the emit below then finds no one.
        const list = (this.listenBits & bit) !== 0 ? this.list(type) : null;
        if (list === null && !methods) return;
        const comps = methods && node && node.isValid ? node.components : NO_COMPONENTS;
        // Which methods are registered as listeners too, decided before the listeners run (a
        // `once` listener is gone after it). Bits for the first 32 components; beyond, asked again.
        let twice = 0;
        if (list !== null) {
            for (let i = 0; methods && i < comps.length && i < 32; i++) {
                const fn = (comps[i] as unknown as Record<string, unknown>)[type];
                if (typeof fn === 'function' && list.has(fn as PixelCollisionCallback, comps[i])) twice |= 1 << i;
            }
            list.emit(type, self, other, contact);
        }
        for (let i = 0; methods && i < comps.length; i++) {
            const c = comps[i] as unknown as Record<string, unknown> & Component;
            const fn = c[type];
            if (typeof fn !== 'function' || !c.isValid || !c.enabledInHierarchy) continue;
            if (i < 32 ? (twice & (1 << i)) !== 0 : list !== null && list.has(fn as PixelCollisionCallback, c)) continue;
            try {
                (fn as PixelCollisionCallback).call(c, self, other, contact);
            } catch (err) {
                reportCallbackError(type, self, err);
            }
        }
    }

    /**
     * The event names the node's components have methods for, looked up now (after a component
     * was added or removed): a frame with nothing to deliver does no name look-ups, and a method
     * is found when its component joins the node, not one assigned to the component afterwards.
     */
    private _findMethods(): void {
        this._methodsDirty = false;
        const node = this.node;
        const comps = node && node.isValid ? node.components : NO_COMPONENTS;
        let bits = 0;
        for (let i = 0; i < comps.length; i++) {
            const c = comps[i] as unknown as Record<string, unknown>;
            if (typeof c[PixelCollisionEvent.ENTER] === 'function') bits |= BIT_ENTER;
            if (typeof c[PixelCollisionEvent.STAY] === 'function') bits |= BIT_STAY;
            if (typeof c[PixelCollisionEvent.END] === 'function') bits |= BIT_END;
        }
        this._methods = bits;
    }
}

const NO_COMPONENTS: readonly Component[] = [];

/**
 * @internal Set when what some collider's events reach may have changed (a listener added or
 * removed, a component added or removed, a collider enabled): the system then finds again, before
 * its next step, whether any collider receives stay events at all.
 */
export const RECEIVERS = { changed: true };
/** @internal Bits of the three event names (ColliderLinks.wants). */
export const BIT_ENTER = 1, BIT_STAY = 2, BIT_END = 4;

function typeBit(type: PixelCollisionEventType): number {
    return type === PixelCollisionEvent.STAY ? BIT_STAY : type === PixelCollisionEvent.ENTER ? BIT_ENTER : BIT_END;
}

/**
 * @internal The listeners of one event name of one collider, in the order they were added, with
 * the engine `EventTarget`'s rules: a (callback, target) pair is added once; a `once` listener is
 * removed before it is called; a listener whose target is a destroyed engine object is dropped
 * instead of called; one removed while the event is being delivered is not called after, and one
 * added meanwhile is called from the next event on. Unlike the engine's, removing keeps the
 * others' order, and a callback that throws is logged without keeping the rest from being called.
 */
export class ListenerList {
    /**
     * The listeners, three entries each: callback (null once removed), target, once. One array:
     * a delivery reads this object and that array only.
     */
    readonly items: unknown[] = [];
    /**
     * The only listener, when there is exactly one (the common case) and it is an `on` one: a
     * delivery then reads this object alone (each object read is a wait on memory when a frame
     * delivers hundreds of events). Kept by {@link _tidy} and {@link _cut}.
     */
    private _single: PixelCollisionCallback | null = null;
    private _singleTarget: unknown = undefined;
    /** Deliveries under way (an event's callback may cause another event of the same name). */
    private _invoking = 0;
    /** Entries removed during a delivery (nulled; dropped when the last delivery ends). */
    private _holes = false;

    add(fn: PixelCollisionCallback, target: unknown, once: boolean): void {
        if (this.has(fn, target)) return;
        this.items.push(fn, target, once);
        this._single = null;
        this._holes = true; // (_tidy finds the single listener again once no delivery is under way)
        this._tidy();
    }

    /** Whether (fn, target) is registered (with a live target), or, without `fn`, whether any listener is. */
    has(fn?: PixelCollisionCallback, target?: unknown): boolean {
        const it = this.items;
        for (let i = 0; i < it.length; i += 3) {
            if (it[i] === null) continue;
            if (!fn) return true;
            if (it[i] === fn && it[i + 1] === target && live(target)) return true;
        }
        return false;
    }

    any(): boolean {
        return this.has();
    }

    /** The callbacks registered now, in order (for tests). */
    callbacks(): PixelCollisionCallback[] {
        const out: PixelCollisionCallback[] = [];
        for (let i = 0; i < this.items.length; i += 3) if (this.items[i] !== null) out.push(this.items[i] as PixelCollisionCallback);
        return out;
    }

    remove(fn: PixelCollisionCallback, target: unknown): void {
        const it = this.items;
        for (let i = 0; i < it.length; i += 3) {
            if (it[i] === fn && it[i + 1] === target) {
                this._cut(i);
                break;
            }
        }
        this._tidy();
    }

    removeTarget(target: unknown): void {
        const it = this.items;
        for (let i = 0; i < it.length; i += 3) if (it[i] !== null && it[i + 1] === target) this._cut(i);
        this._tidy();
    }

    clear(): void {
        for (let i = 0; i < this.items.length; i += 3) this._cut(i);
        this._tidy();
    }

    /** Calls each listener with (self, other, contact): `target` as `this` when it has one. */
    emit(type: string, self: PixelCollider, other: PixelCollider, contact: PixelContact): void {
        const one = this._single;
        if (one !== null) {
            const target = this._singleTarget;
            if (live(target)) {
                this._invoking++;
                try {
                    deliver(one, target, type, self, other, contact);
                } finally {
                    this._invoking--;
                }
                this._tidy();
                return;
            }
        }
        const it = this.items;
        this._invoking++;
        try {
            for (let i = 0, n = it.length; i < n; i += 3) {
                const fn = it[i] as PixelCollisionCallback | null;
                if (fn === null) continue;
                const target = it[i + 1];
                if (it[i + 2] === true) this._cut(i);
                if (!live(target)) {
                    this._cut(i);
                    continue;
                }
                deliver(fn, target, type, self, other, contact);
            }
        } finally {
            this._invoking--;
        }
        this._tidy();
    }

    /** Removes the entry at i (nulled; {@link _tidy} takes it out once no delivery is under way). */
    private _cut(i: number): void {
        this.items[i] = null;
        this.items[i + 1] = null;
        this._holes = true;
        this._single = null;
    }

    /** Drops the nulled entries once no delivery is under way (the others keep their order). */
    private _tidy(): void {
        if (!this._holes || this._invoking > 0) return;
        this._holes = false;
        const it = this.items;
        let k = 0;
        for (let i = 0; i < it.length; i += 3) {
            if (it[i] === null) continue;
            it[k] = it[i]; it[k + 1] = it[i + 1]; it[k + 2] = it[i + 2];
            k += 3;
        }
        it.length = k;
        const single = k === 3 && it[2] !== true;
        this._single = single ? it[0] as PixelCollisionCallback : null;
        this._singleTarget = single ? it[1] : undefined;
    }
}

/** Calls one listener (`target` as `this` when it has one); what it throws is logged, not passed on. */
function deliver(fn: PixelCollisionCallback, target: unknown, type: string, self: PixelCollider, other: PixelCollider, contact: PixelContact): void {
    try {
        if (target) fn.call(target, self, other, contact);
        else fn(self, other, contact);
    } catch (err) {
        reportCallbackError(type, self, err);
    }
}

/** A listener's target is dropped once it is a destroyed (or being destroyed) engine object. */
function live(target: unknown): boolean {
    return !(target instanceof CCObject) || isValid(target, true);
}
