/**
 * The result of a narrow-phase test, reused between calls (create one, pass it as `out`).
 *
 * Everything is in world units. The samples are the cell centres of the world grid of cell
 * size `1 / accuracy` (see DESIGN.md, "The one definition of colliding"):
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
    /** Number of samples that belong to both colliders. */
    count = 0;
    /** World rect (cell edges, not centres) of the shared samples; all 0 when there is no hit. */
    minX = 0;
    minY = 0;
    maxX = 0;
    maxY = 0;
    /** Mean of the shared sample centres. */
    centroidX = 0;
    centroidY = 0;
    /** Unit vector from A towards B (how it is estimated depends on the pair; see README). */
    normalX = 0;
    normalY = 0;
    /** Translation that, added to B, ends the overlap. Filled only when separation was requested. */
    separationX = 0;
    separationY = 0;
    /** True when `separationX/Y` were computed by this test. */
    hasSeparation = false;
    /** The accuracy (samples per world unit along an axis) the pair was sampled at. */
    accuracy = 1;
    /** Frame the contact describes (set by the world / GPU backends; -1 when not applicable). */
    frame = -1;

    /** Clears every field to "no hit". Returns `this`. */
    reset(): this {
        this.hit = false;
        this.count = 0;
        this.minX = this.minY = this.maxX = this.maxY = 0;
        this.centroidX = this.centroidY = 0;
        this.normalX = this.normalY = 0;
        this.separationX = this.separationY = 0;
        this.hasSeparation = false;
        this.frame = -1;
        return this;
    }

    /** Copies every field of `src`. Returns `this`. */
    copyFrom(src: Readonly<Contact>): this {
        this.hit = src.hit;
        this.count = src.count;
        this.minX = src.minX; this.minY = src.minY; this.maxX = src.maxX; this.maxY = src.maxY;
        this.centroidX = src.centroidX; this.centroidY = src.centroidY;
        this.normalX = src.normalX; this.normalY = src.normalY;
        this.separationX = src.separationX; this.separationY = src.separationY;
        this.hasSeparation = src.hasSeparation;
        this.accuracy = src.accuracy;
        this.frame = src.frame;
        return this;
    }

    /**
     * Turns the contact around so that it describes (B, A) instead of (A, B): the normal and the
     * separation flip (the separation then applies to A, the new "B").
     */
    swap(): this {
        this.normalX = -this.normalX;
        this.normalY = -this.normalY;
        this.separationX = -this.separationX;
        this.separationY = -this.separationY;
        return this;
    }
}
