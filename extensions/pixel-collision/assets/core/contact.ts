import type { Affine2D } from './affine';
import type { Collider, ColliderShape } from './collider';

/**
 * The result of a narrow-phase test, reused between calls (create one, pass it as `out`).
 *
 * Everything is in world units. The samples are the cell centres of the world grid of cell
 * size `1 / accuracy` (see README.md, "The sampling definition"):
 *
 * ```
 *   y ▲        sample (k, l) sits at ((k + 0.5) / accuracy, (l + 0.5) / accuracy)
 *     │  ·  ·  ·  ·
 *     │  ·  ■  ■  ·     ■ = a sample that belongs to both colliders
 *     │  ·  ■  ■  ■     count = 5, rect = the union of the ■ cells,
 *     │  ·  ·  ·  ·     centroid = mean of the ■ sample centres
 *     └────────────▶ x
 * ```
 */
export class Contact {
    /** At least one sample belongs to both colliders. */
    hit = false;
    /** The accuracy (samples per world unit along an axis) the pair was sampled at. */
    accuracy = 1;
    /** Frame the contact describes (set by the world / GPU backends; -1 when not applicable). */
    frame = -1;

    // The details live in these fields; the accessors below fill them on first read when the
    // contact is lazy (see `pending`).
    /** @internal */ _count = 0;
    /** @internal */ _minX = 0;
    /** @internal */ _minY = 0;
    /** @internal */ _maxX = 0;
    /** @internal */ _maxY = 0;
    /** @internal */ _centroidX = 0;
    /** @internal */ _centroidY = 0;
    /** @internal */ _normalX = 0;
    /** @internal */ _normalY = 0;
    /** @internal */ _separationX = 0;
    /** @internal */ _separationY = 0;
    /** @internal */ _hasSeparation = false;
    /** @internal Groups still to compute (DETAIL_OVERLAP | DETAIL_NORMAL | DETAIL_SEPARATION). */
    _need = 0;
    /** @internal Where a lazy contact's details come from (null: not lazy). */
    _src: ContactSource | null = null;
    /**
     * @internal What a world listener keeps for the pair: the world hands it on from step to
     * step while the pair stays (`CollisionWorld` `_dispatch`), null at its enter. Not copied.
     */
    _user: unknown = null;

    /** Number of samples that belong to both colliders. */
    get count(): number { if (this._need & DETAIL_OVERLAP) this._fill(DETAIL_OVERLAP); return this._count; }
    set count(v: number) { this._count = v; }
    /** World rect (cell edges, not centres) of the shared samples; all 0 when there is no hit. */
    get minX(): number { if (this._need & DETAIL_OVERLAP) this._fill(DETAIL_OVERLAP); return this._minX; }
    set minX(v: number) { this._minX = v; }
    get minY(): number { if (this._need & DETAIL_OVERLAP) this._fill(DETAIL_OVERLAP); return this._minY; }
    set minY(v: number) { this._minY = v; }
    get maxX(): number { if (this._need & DETAIL_OVERLAP) this._fill(DETAIL_OVERLAP); return this._maxX; }
    set maxX(v: number) { this._maxX = v; }
    get maxY(): number { if (this._need & DETAIL_OVERLAP) this._fill(DETAIL_OVERLAP); return this._maxY; }
    set maxY(v: number) { this._maxY = v; }
    /** Mean of the shared sample centres. */
    get centroidX(): number { if (this._need & DETAIL_OVERLAP) this._fill(DETAIL_OVERLAP); return this._centroidX; }
    set centroidX(v: number) { this._centroidX = v; }
    get centroidY(): number { if (this._need & DETAIL_OVERLAP) this._fill(DETAIL_OVERLAP); return this._centroidY; }
    set centroidY(v: number) { this._centroidY = v; }
    /** Unit vector from A towards B (how it is estimated depends on the pair; see README). */
    get normalX(): number { if (this._need & DETAIL_NORMAL) this._fill(DETAIL_NORMAL); return this._normalX; }
    set normalX(v: number) { this._normalX = v; }
    get normalY(): number { if (this._need & DETAIL_NORMAL) this._fill(DETAIL_NORMAL); return this._normalY; }
    set normalY(v: number) { this._normalY = v; }
    /**
     * Translation that, added to B, ends the overlap: a whole number of sample cells (1 / accuracy
     * world units each). Filled only when separation was requested. Where adding it to B's
     * translation rounds (a translation that is no multiple of a cell), a sample lying exactly on
     * one of B's texel edges can still be shared; moving by it again, or once more by one cell
     * along it, ends that.
     */
    get separationX(): number { if (this._need & DETAIL_SEPARATION) this._fill(DETAIL_SEPARATION); return this._separationX; }
    set separationX(v: number) { this._separationX = v; }
    get separationY(): number { if (this._need & DETAIL_SEPARATION) this._fill(DETAIL_SEPARATION); return this._separationY; }
    set separationY(v: number) { this._separationY = v; }
    /** True when `separationX/Y` were computed by this test. */
    get hasSeparation(): boolean { if (this._need & DETAIL_SEPARATION) this._fill(DETAIL_SEPARATION); return this._hasSeparation; }
    set hasSeparation(v: boolean) { this._hasSeparation = v; }

    /**
     * True while some details (count, rect, centroid; the normal; the separation) of this
     * contact are not computed yet. A world's CPU narrow phase decides each pair's `hit` exactly
     * and leaves the details to be computed when a field is first read (the normal only when
     * `normalX/Y` or the separation is read): reading a field is always correct, and a game that
     * only needs to know who touches whom pays for nothing else. `testMasks` likewise leaves
     * the full contact's normal to the first read of `normalX/Y`. {@link complete} computes
     * everything now.
     */
    get pending(): boolean {
        return this._need !== 0;
    }

    /** Computes every detail a lazy contact still lacks (nothing to do for others). Returns `this`. */
    complete(): this {
        if (this._need & DETAIL_SEPARATION) this._fill(DETAIL_SEPARATION);
        else if (this._need & DETAIL_NORMAL) this._fill(DETAIL_NORMAL);
        else if (this._need & DETAIL_OVERLAP) this._fill(DETAIL_OVERLAP);
        return this;
    }

    /** Clears every field to "no hit". Returns `this`. */
    reset(): this {
        this.hit = false;
        this._count = 0;
        this._minX = this._minY = this._maxX = this._maxY = 0;
        this._centroidX = this._centroidY = 0;
        this._normalX = this._normalY = 0;
        this._separationX = this._separationY = 0;
        this._hasSeparation = false;
        this._need = 0;
        this.frame = -1;
        return this;
    }

    /**
     * Copies every field of `src`. A lazy `src` is copied lazily: the copy keeps what it needs
     * (the pair's colliders, shapes and transforms as they were tested) and computes its details
     * itself when one is first read, also after the colliders have moved on. Returns `this`.
     */
    copyFrom(src: Readonly<Contact>): this {
        const s = src as Contact;
        // A source that lives only until the next test (testMasks' lazy normal): computed now.
        if (s._need !== 0 && (s._src as ContactSource).shortLived) s.complete();
        this.hit = s.hit;
        this._count = s._count;
        this._minX = s._minX; this._minY = s._minY; this._maxX = s._maxX; this._maxY = s._maxY;
        this._centroidX = s._centroidX; this._centroidY = s._centroidY;
        this._normalX = s._normalX; this._normalY = s._normalY;
        this._separationX = s._separationX; this._separationY = s._separationY;
        this._hasSeparation = s._hasSeparation;
        this.accuracy = s.accuracy;
        this.frame = s.frame;
        this._need = s._need;
        if (s._need !== 0) (this._src ??= new ContactSource()).copyFrom(s._src as ContactSource);
        return this;
    }

    /**
     * Turns the contact around so that it describes (B, A) instead of (A, B): the normal and the
     * separation flip (the separation then applies to A, the new "B"). A lazy contact computes
     * its details first.
     */
    swap(): this {
        if (this._need !== 0) this.complete();
        this._normalX = -this._normalX;
        this._normalY = -this._normalY;
        this._separationX = -this._separationX;
        this._separationY = -this._separationY;
        return this;
    }

    /** Computes the pending groups up to `group` (each group needs the ones before it). */
    private _fill(group: number): void {
        const todo = this._need & (group | (group - 1));
        this._need &= ~todo;
        const src = this._src as ContactSource;
        src.resolver.resolveContact(this, src, todo);
    }
}

/** @internal Detail groups of a lazy contact: count, rect and centroid; the normal; the separation. */
export const DETAIL_OVERLAP = 1, DETAIL_NORMAL = 2, DETAIL_SEPARATION = 4;

/** @internal Computes a lazy contact's details (the CPU narrow phase implements it). */
export interface ContactResolver {
    /** Fills the groups `todo` of `c` (already cleared from `c._need`) for the pair in `src`. */
    resolveContact(c: Contact, src: ContactSource, todo: number): void;
}

/**
 * @internal What a lazy contact needs to compute its details later: the pair's colliders with
 * the stamps they had when tested (same stamp: their cached rasters are still the pair's), and,
 * for when they have changed since, their shapes and transforms as tested.
 */
export class ContactSource {
    resolver!: ContactResolver;
    a: Collider<any> | null = null;
    b: Collider<any> | null = null;
    stampA = 0;
    stampB = 0;
    shapeA: ColliderShape | null = null;
    shapeB: ColliderShape | null = null;
    readonly tA: Affine2D = { a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0 };
    readonly tB: Affine2D = { a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0 };
    accuracy = 1;
    /** The pair window (cells) the CPU narrow phase found when it decided the pair, if `hasWin`. */
    winK0 = 0;
    winL0 = 0;
    winK1 = 0;
    winL1 = 0;
    hasWin = false;
    /**
     * True for `testMasks`' lazy normal: its rasters live only until the next `testMasks` call
     * (or an edit of a mask), so a copy computes the details first instead of sharing the source.
     */
    shortLived = false;

    set(resolver: ContactResolver, a: Collider<any>, b: Collider<any>, accuracy: number): void {
        this.resolver = resolver;
        this.shortLived = false;
        this.a = a; this.b = b;
        this.stampA = a._stamp; this.stampB = b._stamp;
        this.shapeA = a.shape; this.shapeB = b.shape;
        const ta = a._t, tb = b._t, oa = this.tA, ob = this.tB;
        oa.a = ta.a; oa.b = ta.b; oa.c = ta.c; oa.d = ta.d; oa.tx = ta.tx; oa.ty = ta.ty;
        ob.a = tb.a; ob.b = tb.b; ob.c = tb.c; ob.d = tb.d; ob.tx = tb.tx; ob.ty = tb.ty;
        this.accuracy = accuracy;
        this.hasWin = false;
    }

    copyFrom(s: ContactSource): void {
        this.resolver = s.resolver;
        this.shortLived = s.shortLived;
        this.a = s.a; this.b = s.b; this.stampA = s.stampA; this.stampB = s.stampB;
        this.shapeA = s.shapeA; this.shapeB = s.shapeB;
        const oa = this.tA, ob = this.tB, ta = s.tA, tb = s.tB;
        oa.a = ta.a; oa.b = ta.b; oa.c = ta.c; oa.d = ta.d; oa.tx = ta.tx; oa.ty = ta.ty;
        ob.a = tb.a; ob.b = tb.b; ob.c = tb.c; ob.d = tb.d; ob.tx = tb.tx; ob.ty = tb.ty;
        this.accuracy = s.accuracy;
        this.winK0 = s.winK0; this.winL0 = s.winL0; this.winK1 = s.winK1; this.winL1 = s.winL1;
        this.hasWin = s.hasWin;
    }
}
