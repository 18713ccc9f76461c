import { Rect, Vec2 } from 'cc';
import { Contact } from '../core/index';
import type { Collider, CollisionWorld } from '../core/index';
import type { ColliderLinks } from './links';

const OVERLAP = 1, NORMAL = 2, SEPARATION = 4;

/**
 * A contact as one collider sees it (world space, y up): `normal` points from `self` towards
 * `other`, `separation` is the move that, applied to `self`, ends the overlap (filled only when
 * `hasSeparation`; see `CollisionSystem.separation`).
 *
 * Details are computed when first read (the core world decides only hits in its step): reading
 * nothing costs nothing; `count`, `rect` and `centroid` come together, `normal` on its own. A
 * late read (later in the frame, or from `clone()`) describes the pair as it was tested.
 *
 * Contacts are owned by the collider and reused frame to frame: while its pair touches, a
 * contact (from the events, `getContact`, `contactWith`) always describes the last step, also
 * one kept from an earlier frame; once the pair has ended it is reused for other pairs. To keep
 * one as it is, `clone()` it.
 */
export class PixelContact {
    /** This side's own copy of a contact (queries and clones; see `_set`). */
    private readonly _own = new Contact();
    /**
     * What the details are read from: `_own`, or the world's contact of the pair (`_bind`: both
     * sides of a pair read one object, so a detail read on both sides is computed once).
     */
    private _core: Contact = this._own;
    private _flip = false;
    /** Detail groups not copied out of `_core` yet. */
    private _stale = 0;
    private _accuracy = 1;
    private _frame = -1;
    /**
     * A touching pair's contact (`_follow`): the world and the pair's two core colliders (`_a`
     * as the world's A). Stay events that nothing receives do not bind it again each step;
     * instead, when read in a later step ({@link EMIT}), it finds the pair's current contact
     * itself (`CollisionWorld.contactOf`).
     */
    private _world: CollisionWorld<unknown> | null = null;
    private _a: Collider<unknown> | null = null;
    private _b: Collider<unknown> | null = null;
    private _step = -1;
    /**
     * @internal For a touching pair's contact (`_follow`): the other side's contact of the pair
     * and this side's links (the collision system's stay events go from one to the other without
     * looking the pair up; see `CollisionSystem`'s listener).
     */
    _mate: PixelContact | null = null;
    _lnk: ColliderLinks | null = null;
    private readonly _rect = new Rect();
    private readonly _centroid = new Vec2();
    private readonly _normal = new Vec2();
    private readonly _separation = new Vec2();

    /** Samples per world unit the pair was tested at. */
    get accuracy(): number {
        if (this._step !== EMIT.step) this._refresh();
        return this._accuracy;
    }

    /** The collision system frame this contact describes. */
    get frame(): number {
        if (this._step !== EMIT.step) this._refresh();
        return this._frame;
    }

    /** Number of world samples (cells of size 1 / accuracy) that belong to both colliders. */
    get count(): number {
        if (this._step !== EMIT.step) this._refresh();
        return this._core.count;
    }

    /** The shared samples' bounding rect (cell edges). */
    get rect(): Readonly<Rect> {
        if (this._step !== EMIT.step) this._refresh();
        if (this._stale & OVERLAP) this._fillOverlap();
        return this._rect;
    }

    /** Mean of the shared sample centres. */
    get centroid(): Readonly<Vec2> {
        if (this._step !== EMIT.step) this._refresh();
        if (this._stale & OVERLAP) this._fillOverlap();
        return this._centroid;
    }

    /** Unit vector from self towards other. */
    get normal(): Readonly<Vec2> {
        if (this._step !== EMIT.step) this._refresh();
        if (this._stale & NORMAL) {
            const s = this._flip ? -1 : 1;
            this._normal.set(this._core.normalX * s, this._core.normalY * s);
            this._stale &= ~NORMAL;
        }
        return this._normal;
    }

    /** Move of self that ends the overlap (when {@link hasSeparation}). */
    get separation(): Readonly<Vec2> {
        if (this._step !== EMIT.step) this._refresh();
        if (this._stale & SEPARATION) {
            // The core's separation moves B: for self = B it applies as is, for self = A reversed.
            const s = this._flip ? 1 : -1;
            this._separation.set(this._core.separationX * s, this._core.separationY * s);
            this._stale &= ~SEPARATION;
        }
        return this._separation;
    }

    /** True when `separation` was computed for this contact. */
    get hasSeparation(): boolean {
        if (this._step !== EMIT.step) this._refresh();
        return this._core.hasSeparation;
    }

    /** @internal Takes a core contact (lazily: nothing is computed here); `flip` when self is the pair's B. */
    _set(c: Readonly<Contact>, flip: boolean): this {
        this._world = this._a = this._b = null;
        this._mate = null;
        this._lnk = null;
        this._core = this._own;
        this._own.copyFrom(c);
        this._flip = flip;
        this._stale = OVERLAP | NORMAL | SEPARATION;
        this._accuracy = c.accuracy;
        this._frame = c.frame;
        this._step = EMIT.step;
        return this;
    }

    /**
     * @internal Reads the world's own contact of a pair, without copying it: both sides of the
     * pair read the same object (`flip` on B's side), so a detail is computed once for both. The
     * world keeps that object unchanged through the next step (CollisionWorld's notes).
     */
    _bind(c: Contact, flip: boolean): this {
        this._core = c;
        this._flip = flip;
        this._stale = OVERLAP | NORMAL | SEPARATION;
        this._accuracy = c.accuracy;
        this._frame = c.frame;
        this._step = EMIT.step;
        return this;
    }

    /**
     * @internal Makes this the contact of a touching pair of `world` (`a`: the world's A of the
     * pair, self's own collider unless `flip`): bound to `c` now, and to the pair's current
     * contact whenever it is read in a later step (see {@link _refresh}).
     */
    _follow(world: CollisionWorld<unknown>, a: Collider<unknown>, b: Collider<unknown>, c: Contact, flip: boolean): this {
        this._world = world;
        this._a = a;
        this._b = b;
        return this._bind(c, flip);
    }

    /** @internal Stops following a pair (it ended: the contact keeps its last binding). */
    _unfollow(): void {
        this._world = this._a = this._b = null;
        this._mate = null;
        this._lnk = null;
    }

    /** @internal Whether this contact follows the pair of core colliders (a, b), a as the world's A. */
    _follows(a: Collider<unknown>, b: Collider<unknown>): boolean {
        return this._a === a && this._b === b;
    }

    /** A copy to keep (its details are still computed only when read). */
    clone(): PixelContact {
        if (this._step !== EMIT.step) this._refresh();
        const p = new PixelContact();
        p._own.copyFrom(this._core);
        p._flip = this._flip;
        p._stale = OVERLAP | NORMAL | SEPARATION;
        p._accuracy = this._accuracy;
        p._frame = this._frame;
        p._step = EMIT.step;
        return p;
    }

    /**
     * Read in a later step than it was bound in: a followed pair takes its current contact from
     * the world (stay events nothing received skipped binding it). A pair no longer touching, or
     * a contact that follows nothing (a copy, a query's), keeps what it has.
     */
    private _refresh(): void {
        this._step = EMIT.step;
        const w = this._world;
        if (w === null) return;
        const c = w.contactOf(this._a as Collider<unknown>, this._b as Collider<unknown>);
        if (c !== null && c !== this._core) this._bind(c, this._flip);
    }

    private _fillOverlap(): void {
        const c = this._core;
        this._rect.set(c.minX, c.minY, c.maxX - c.minX, c.maxY - c.minY);
        this._centroid.set(c.centroidX, c.centroidY);
        this._stale &= ~OVERLAP;
    }
}

/**
 * @internal The collision step being dispatched: `CollisionSystem.step` counts it up first thing.
 * What is bound in a step is current until the next one.
 */
export const EMIT = { step: 0 };
