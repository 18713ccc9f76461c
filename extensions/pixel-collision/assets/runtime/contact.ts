import { Rect, Vec2 } from 'cc';
import { Contact } from '../core/index';

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
 * Contacts are owned by the collider and reused frame to frame: read them in the callback, or
 * `clone()` one to keep it.
 */
export class PixelContact {
    /** Samples per world unit the pair was tested at. */
    accuracy = 1;
    /** The collision system frame this contact describes. */
    frame = -1;

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
    private readonly _rect = new Rect();
    private readonly _centroid = new Vec2();
    private readonly _normal = new Vec2();
    private readonly _separation = new Vec2();

    /** Number of world samples (cells of size 1 / accuracy) that belong to both colliders. */
    get count(): number {
        return this._core.count;
    }

    /** The shared samples' bounding rect (cell edges). */
    get rect(): Readonly<Rect> {
        if (this._stale & OVERLAP) this._fillOverlap();
        return this._rect;
    }

    /** Mean of the shared sample centres. */
    get centroid(): Readonly<Vec2> {
        if (this._stale & OVERLAP) this._fillOverlap();
        return this._centroid;
    }

    /** Unit vector from self towards other. */
    get normal(): Readonly<Vec2> {
        if (this._stale & NORMAL) {
            const s = this._flip ? -1 : 1;
            this._normal.set(this._core.normalX * s, this._core.normalY * s);
            this._stale &= ~NORMAL;
        }
        return this._normal;
    }

    /** Move of self that ends the overlap (when {@link hasSeparation}). */
    get separation(): Readonly<Vec2> {
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
        return this._core.hasSeparation;
    }

    /** @internal Takes a core contact (lazily: nothing is computed here); `flip` when self is the pair's B. */
    _set(c: Readonly<Contact>, flip: boolean): this {
        this._core = this._own;
        this._own.copyFrom(c);
        this._flip = flip;
        this._stale = OVERLAP | NORMAL | SEPARATION;
        this.accuracy = c.accuracy;
        this.frame = c.frame;
        return this;
    }

    /**
     * @internal Reads the world's own contact of a pair, without copying it: both sides of the
     * pair read the same object (`flip` on B's side), so a detail is computed once for both. The
     * world keeps that object unchanged until two steps later (its pair lists are swapped, not
     * overwritten, one step at a time), and the system binds every touching pair's contacts again
     * in each step, so a contact read any time before the next step describes its pair as tested.
     */
    _bind(c: Contact, flip: boolean): this {
        this._core = c;
        this._flip = flip;
        this._stale = OVERLAP | NORMAL | SEPARATION;
        this.accuracy = c.accuracy;
        this.frame = c.frame;
        return this;
    }

    /** A copy to keep (its details are still computed only when read). */
    clone(): PixelContact {
        const p = new PixelContact();
        p._own.copyFrom(this._core);
        p._flip = this._flip;
        p._stale = OVERLAP | NORMAL | SEPARATION;
        p.accuracy = this.accuracy;
        p.frame = this.frame;
        return p;
    }

    private _fillOverlap(): void {
        const c = this._core;
        this._rect.set(c.minX, c.minY, c.maxX - c.minX, c.maxY - c.minY);
        this._centroid.set(c.centroidX, c.centroidY);
        this._stale &= ~OVERLAP;
    }
}
