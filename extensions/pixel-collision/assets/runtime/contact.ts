import { Rect, Vec2 } from 'cc';
import type { Contact } from '../core/index';

/**
 * A contact as one collider sees it (world space, y up): `normal` points from `self` towards
 * `other`, `separation` is the move that, applied to `self`, ends the overlap (filled only when
 * `hasSeparation`; see `CollisionSystem.separation`).
 *
 * Contacts are owned by the collider and reused frame to frame: read them in the callback, or
 * `clone()` one to keep it.
 */
export class PixelContact {
    /** Number of world samples (cells of size 1 / accuracy) that belong to both colliders. */
    count = 0;
    /** The shared samples' bounding rect (cell edges). */
    readonly rect = new Rect();
    /** Mean of the shared sample centres. */
    readonly centroid = new Vec2();
    /** Unit vector from self towards other. */
    readonly normal = new Vec2();
    /** Move of self that ends the overlap (when `hasSeparation`). */
    readonly separation = new Vec2();
    hasSeparation = false;
    /** Samples per world unit the pair was tested at. */
    accuracy = 1;
    /** The collision system frame this contact describes. */
    frame = -1;

    /** @internal Fills this from a core contact; `flip` when self is the pair's B. */
    _set(c: Readonly<Contact>, flip: boolean): this {
        const s = flip ? -1 : 1;
        this.count = c.count;
        this.rect.set(c.minX, c.minY, c.maxX - c.minX, c.maxY - c.minY);
        this.centroid.set(c.centroidX, c.centroidY);
        this.normal.set(c.normalX * s, c.normalY * s);
        // The core's separation moves B: for self = B it applies as is, for self = A reversed.
        this.separation.set(-c.separationX * s, -c.separationY * s);
        this.hasSeparation = c.hasSeparation;
        this.accuracy = c.accuracy;
        this.frame = c.frame;
        return this;
    }

    /** A copy to keep. */
    clone(): PixelContact {
        const p = new PixelContact();
        p.count = this.count;
        p.rect.set(this.rect);
        p.centroid.set(this.centroid);
        p.normal.set(this.normal);
        p.separation.set(this.separation);
        p.hasSeparation = this.hasSeparation;
        p.accuracy = this.accuracy;
        p.frame = this.frame;
        return p;
    }
}
