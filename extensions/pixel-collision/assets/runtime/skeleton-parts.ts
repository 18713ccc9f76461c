/**
 * Skeleton characters (Spine, DragonBones) as parts: what the renderer draws this frame is a list
 * of textured triangles in node space; each triangle becomes one core `ColliderPart` whose mask
 * is its atlas page (cut to the triangle's texel box: {@link PageCrops}), whose map takes the page's texels to where the triangle draws them (the
 * affine map fixed by the triangle's three corners and their texture coordinates), and whose clip
 * is the triangle itself. The collider is the union of the parts: every opaque texel of every
 * drawn attachment, where it is drawn, as the engine interpolates it.
 *
 * ```
 *   renderer (spine-reader.ts, dragonbones-reader.ts) ──▶ DrawnTriangles ──▶ ColliderPart[]
 *   texel (i, j) of page ──map──▶ node space   map(u·W, v·H) = corner, for each corner
 * ```
 *
 * One small interface per renderer ({@link SkeletonReader}); the core knows parts, not skeletons.
 * Nothing here allocates once warm: the arrays only grow and the part objects are reused.
 */
import type { Texture2D } from 'cc';
import { trustParts } from '../core/index';
import type { Affine2D, BitMask, ColliderPart } from '../core/index';

/** What a renderer draws this frame: textured triangles in node space, in draw order. */
export class DrawnTriangles {
    /** Triangles held. */
    n = 0;
    /** `x0 y0 x1 y1 x2 y2` per triangle, node space (y up). */
    xy = new Float64Array(96);
    /** `u0 v0 u1 v1 u2 v2` per triangle: texture coordinates (0..1, v = 0 the top row). */
    uv = new Float64Array(96);
    /** Index into {@link textures} per triangle. */
    tex = new Int32Array(16);
    /** The textures drawn, first {@link texCount} entries. */
    readonly textures: Texture2D[] = [];
    texCount = 0;

    clear(): void {
        this.n = 0;
        this.texCount = 0;
    }

    /** The index of `t` in {@link textures}, added when new. */
    textureIndex(t: Texture2D): number {
        const ts = this.textures;
        for (let i = 0; i < this.texCount; i++) if (ts[i] === t) return i;
        if (this.texCount < ts.length) ts[this.texCount] = t;
        else ts.push(t);
        return this.texCount++;
    }

    /** Adds one triangle (corners and their texture coordinates). */
    push(x0: number, y0: number, u0: number, v0: number, x1: number, y1: number, u1: number, v1: number,
        x2: number, y2: number, u2: number, v2: number, texture: number): void {
        const i = this.n;
        if (6 * (i + 1) > this.xy.length) {
            const xy = new Float64Array(this.xy.length * 2), uv = new Float64Array(this.uv.length * 2), tex = new Int32Array(this.tex.length * 2);
            xy.set(this.xy); uv.set(this.uv); tex.set(this.tex);
            this.xy = xy; this.uv = uv; this.tex = tex;
        }
        const xy = this.xy, uv = this.uv, o = 6 * i;
        xy[o] = x0; xy[o + 1] = y0; xy[o + 2] = x1; xy[o + 3] = y1; xy[o + 4] = x2; xy[o + 5] = y2;
        uv[o] = u0; uv[o + 1] = v0; uv[o + 2] = u1; uv[o + 3] = v1; uv[o + 4] = u2; uv[o + 5] = v2;
        this.tex[i] = texture;
        this.n = i + 1;
    }

    /** Whether `o` holds the same triangles (same numbers, same textures). */
    sameAs(o: DrawnTriangles): boolean {
        if (o.n !== this.n || o.texCount !== this.texCount) return false;
        for (let i = 0; i < this.texCount; i++) if (o.textures[i] !== this.textures[i]) return false;
        const m = 6 * this.n;
        const a = this.xy, b = o.xy, c = this.uv, d = o.uv;
        for (let i = 0; i < m; i++) if (a[i] !== b[i] || c[i] !== d[i]) return false;
        const t = this.tex, s = o.tex;
        for (let i = 0; i < this.n; i++) if (t[i] !== s[i]) return false;
        return true;
    }

    /** The node-space box of the triangles into `out` (`[minX, minY, maxX, maxY]`); false when empty. */
    bounds(out: Float64Array): boolean {
        const m = 6 * this.n, xy = this.xy;
        if (m === 0) return false;
        let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
        for (let i = 0; i < m; i += 2) {
            const x = xy[i], y = xy[i + 1];
            if (x < x0) x0 = x;
            if (x > x1) x1 = x;
            if (y < y0) y0 = y;
            if (y > y1) y1 = y;
        }
        out[0] = x0; out[1] = y0; out[2] = x1; out[3] = y1;
        return x0 <= x1 && y0 <= y1;
    }
}

/**
 * Reads one renderer's drawing. `read` fills `out` with what is drawn this frame (after the
 * renderer's own update: the pose the frame ends with); it returns false, with `reason` set, when
 * the renderer cannot be read here (the collider then falls back to a box and warns once).
 */
export interface SkeletonReader {
    /** The engine's class name of the renderer ('sp.Skeleton', 'dragonBones.ArmatureDisplay'). */
    readonly kind: string;
    /** Why the last `read` returned false. */
    reason: string;
    /**
     * Set by a `read` that succeeded but could not apply all of {@link filter} (a documented
     * fallback: the collider warns once with it); '' otherwise.
     */
    warning: string;
    /** Which slots collide (the collider's, shared). */
    filter: SlotFilter;
    read(out: DrawnTriangles): boolean;
}

/** Spine's and DragonBones' additive blend mode (both number it 1). */
export const BLEND_ADDITIVE = 1;

/**
 * Which slots of a skeleton collide: `PixelCollider.ignoreSlots`, `onlySlots` and
 * `additiveSlots`. By default every drawn slot does.
 */
export class SlotFilter {
    /** Slots left out (with what they hold: a DragonBones child armature), by name. */
    ignore: readonly string[] = [];
    /** When not empty, only these slots collide (and what they hold), by name. */
    only: readonly string[] = [];
    /** Whether slots drawn with additive blending (glows, flashes) collide. */
    additive = true;

    /** Whether names choose slots (else every slot is kept, by name). */
    get byName(): boolean {
        return this.ignore.length > 0 || this.only.length > 0;
    }

    /** Whether the slot `name` is kept by name (`inOnly`: a slot holding it is in `only`). */
    keeps(name: string, inOnly = false): boolean {
        if (this.ignore.indexOf(name) >= 0) return false;
        return inOnly || this.only.length === 0 || this.only.indexOf(name) >= 0;
    }
}

/**
 * @internal Switches for benchmarks: `crop` off, every part's mask is its whole page (same
 * answers); `quads` off, a region's two triangles are two clipped parts (the same inside the quad;
 * at its edges a clip may round into a neighbouring region's texel).
 */
export const SKELETON_PATHS = { crop: true, quads: true };

/** One part per drawn triangle, reused between frames. */
export class SkeletonParts {
    /**
     * The parts of the last {@link build} (the array and its objects are reused). Valid by
     * construction (page masks, finite invertible maps, triangle clips): the world does not
     * check them part by part each time they are set.
     */
    readonly parts: ColliderPart[] = [];

    constructor() {
        trustParts(this.parts);
    }
    private readonly _pool: PooledPart[] = [];
    /** (One set for every skeleton: characters drawn from one atlas share their crops, and what is derived from them.) */
    private readonly _crops = SHARED_CROPS;
    /** Triangles the last {@link build} left out because their texture coordinates have almost no area. */
    smeared = 0;
    /** Region quads (two triangles, one part) in the last {@link build}. */
    quads = 0;
    /**
     * What the last builds found from texture coordinates alone, per triangle index (an
     * attachment's triangles sample the same texels frame after frame while only their corners
     * move): `_uv` the triangle's and the next one's coordinates, and `_page` the page they were
     * read on (`_ver`: at which version); whether the two make a quad of whole texels (`_quad`
     * 1 / 0: QUAD in `_rect`, its crop in `_quadPart`; 255: not known), and the triangle's crop
     * (`_triPart`, at `_off`).
     */
    private _uv = new Float64Array(0);
    private _page: (BitMask | null)[] = [];
    private _quad = new Uint8Array(0);
    private _rect = new Int32Array(0);
    private _quadPart: (BitMask | null)[] = [];
    private _triPart: (BitMask | null)[] = [];
    private _off = new Int32Array(0);
    /** The page's version when the entry was made (a page edited in place is cut anew). */
    private _ver = new Float64Array(0);

    /**
     * Builds the parts of `tri`: `masks[k]` is the page mask of `tri.textures[k]` (null: that
     * texture is left out). A triangle that draws no area, or maps its texels onto a line, is left
     * out (the engine draws nothing there, or at most a line of no width).
     *
     * Two consecutive triangles that draw one rectangle of whole texels under one map (a region
     * attachment's quad, or a mesh's unstretched cell) are one part with no clip: exactly that
     * rectangle's texels, cut from the page, under the map. Inside the quad that is what the two
     * clipped triangles hold; at its edges it holds no texel of a neighbouring region, where a
     * clip would round either way. It halves a character's parts and spares the clip rasters.
     */
    build(tri: DrawnTriangles, masks: readonly (BitMask | null)[]): ColliderPart[] {
        const parts = this.parts;
        let k = 0;
        this.smeared = 0;
        this.quads = 0;
        this._room(tri.n);
        const M = MAP_A, N = MAP_B;
        let haveNext = false;
        for (let i = 0; i < tri.n; i++) {
            const mask = masks[tri.tex[i]];
            // (The next triangle's map, when the last round made it, is in N.)
            const ok = mask !== null && (haveNext ? copyMap(N, M) : triangleMap(tri, i, mask, M));
            haveNext = false;
            if (!mask || !ok) continue;
            // Whether this triangle (and the next) sample the texels they sampled when the cache
            // entry was made: then what follows from texture coordinates alone is known.
            const next = i + 1 < tri.n && tri.tex[i + 1] === tri.tex[i];
            const known = this._known(tri, i, next, mask);
            if (SKELETON_PATHS.quads && next) {
                haveNext = triangleMap(tri, i + 1, mask, N);
                if (haveNext) {
                    if (known === 0 || this._quad[i] === 255) {
                        // (Exactly the rectangle's texels, whatever its size: with no clip, the mask is the cut.)
                        const isQuad = quadTexels(M, N, mask);
                        this._quad[i] = isQuad ? 1 : 0;
                        if (isQuad) {
                            const R = this._rect, o = 4 * i;
                            R[o] = QUAD[0]; R[o + 1] = QUAD[1]; R[o + 2] = QUAD[2]; R[o + 3] = QUAD[3];
                            this._quadPart[i] = this._crops.get(mask, QUAD[0], QUAD[1], QUAD[2] - QUAD[0], QUAD[3] - QUAD[1], true);
                        }
                    }
                    if (this._quad[i] === 1) {
                        const R = this._rect, o = 4 * i;
                        const x0 = R[o], y0 = R[o + 1], x1 = R[o + 2], y1 = R[o + 3];
                        const part = this._quadPart[i] as BitMask;
                        const whole = x0 === 0 && y0 === 0 && x1 === mask.width && y1 === mask.height;
                        if (quadMaps(M, N, x1 - x0 + y1 - y0, Math.min(x1 - x0, y1 - y0)) && (part !== mask || whole) && this._fits(M, part, tri, i)) {
                            this._emit(k++, part, M, x0, y0, null);
                            this.quads++;
                            i++;
                            haveNext = false;
                            continue;
                        }
                    }
                }
            }
            // The page cut to the triangle's texel box (a texel of margin each side: a sample on
            // the triangle's edge may round into the texel beyond it), so the rasterizer walks
            // this region's texels, not the whole page's.
            let part = known === 0 ? null : this._triPart[i];
            if (part === null) {
                const W = mask.width, H = mask.height;
                const cx0 = Math.max(0, Math.floor(M[M_SMIN]) - 1), cy0 = Math.max(0, Math.floor(M[M_TMIN]) - 1);
                const cx1 = Math.min(W - 1, Math.floor(M[M_SMAX]) + 1), cy1 = Math.min(H - 1, Math.floor(M[M_TMAX]) + 1);
                part = SKELETON_PATHS.crop && cx0 <= cx1 && cy0 <= cy1 ? this._crops.get(mask, cx0, cy0, cx1 - cx0 + 1, cy1 - cy0 + 1) : mask;
                this._triPart[i] = part;
                this._off[2 * i] = part === mask ? 0 : cx0;
                this._off[2 * i + 1] = part === mask ? 0 : cy0;
            }
            if (!this._fits(M, part, tri, i)) continue;
            this._emit(k++, part, M, this._off[2 * i], this._off[2 * i + 1], tri.xy, 6 * i);
        }
        parts.length = k;
        return parts;
    }

    /**
     * 1 when triangle i (and, with `next`, triangle i + 1) has the texture coordinates, page and
     * switches of the cache entry i: its quad answer and crop hold. Else 0, and the entry is
     * made anew for these (its answers are filled as they are found).
     */
    private _known(tri: DrawnTriangles, i: number, next: boolean, mask: BitMask): number {
        const U = this._uv, uv = tri.uv, o = 13 * i, t = 6 * i;
        // (The switches are part of the key: a benchmark flips them between frames.)
        const flags = (next ? 1 : 0) | (SKELETON_PATHS.crop ? 2 : 0) | (SKELETON_PATHS.quads ? 4 : 0);
        const m = next ? 12 : 6;
        if (this._page[i] === mask && U[o + 12] === flags && this._ver[i] === mask.version) {
            let same = true;
            for (let j = 0; j < m && same; j++) same = U[o + j] === uv[t + j];
            if (same) return 1;
        }
        for (let j = 0; j < m; j++) U[o + j] = uv[t + j];
        U[o + 12] = flags;
        this._page[i] = mask;
        this._ver[i] = mask.version;
        this._quad[i] = 255;
        this._quadPart[i] = null;
        this._triPart[i] = null;
        return 0;
    }

    /** Room in the cache for `n` triangles. */
    private _room(n: number): void {
        if (this._quad.length >= n) return;
        const m = Math.max(n, 2 * this._quad.length);
        this._uv = grown(this._uv, new Float64Array(13 * m));
        this._quad = grown(this._quad, new Uint8Array(m));
        this._rect = grown(this._rect, new Int32Array(4 * m));
        this._off = grown(this._off, new Int32Array(2 * m));
        this._ver = grown(this._ver, new Float64Array(m));
        while (this._page.length < m) { this._page.push(null); this._quadPart.push(null); this._triPart.push(null); }
    }

    /**
     * Texture coordinates with almost no area stretch the part's texels over a huge area (the
     * engine smears a line of texels over the triangle), which the rasterizer would refuse: such a
     * triangle is left out, counted, and the collider warns once.
     */
    private _fits(M: Float64Array, part: BitMask, tri: DrawnTriangles, i: number): boolean {
        const a = M[0], b = M[1], c = M[2], d = M[3];
        const bw = Math.abs(a) * part.width + Math.abs(c) * part.height, bh = Math.abs(b) * part.width + Math.abs(d) * part.height;
        const xy = tri.xy, o = 6 * i;
        const area2 = Math.abs((xy[o + 2] - xy[o]) * (xy[o + 5] - xy[o + 1]) - (xy[o + 4] - xy[o]) * (xy[o + 3] - xy[o + 1]));
        if (bw * bh <= 1000 * area2 + 1e7) return true;
        this.smeared++;
        return false;
    }

    /** Part k: `mask` (texel (i, j) is page texel (ox + i, oy + j)) under map M; clip: the triangle at `xy[o..o+5]`, or none. */
    private _emit(k: number, mask: BitMask, M: Float64Array, ox: number, oy: number, xy: Float64Array | null, o = 0): void {
        let p = this._pool[k];
        if (!p) p = this._pool[k] = { mask, transform: { a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0 }, clip: null, buf: new Float64Array(6) };
        p.mask = mask;
        const m = p.transform;
        const a = M[0], b = M[1], c = M[2], d = M[3];
        m.a = a; m.b = b; m.c = c; m.d = d;
        // M(s0, t0) = (x0, y0), and texel (i, j) of the mask is (ox + i, oy + j) of the page.
        const s0 = M[M_S0] - ox, t0 = M[M_T0] - oy;
        m.tx = M[M_X0] - (a * s0 + c * t0);
        m.ty = M[M_Y0] - (b * s0 + d * t0);
        if (xy === null) {
            p.clip = null;
        } else {
            const clip = p.buf;
            for (let j = 0; j < 6; j++) clip[j] = xy[o + j];
            p.clip = clip;
        }
        this.parts[k] = p;
    }
}

/** `to`, holding `from`'s values first. */
function grown<T extends Float64Array | Int32Array | Uint8Array>(from: T, to: T): T {
    to.set(from);
    return to;
}

interface PooledPart {
    mask: BitMask;
    transform: Affine2D;
    clip: Float64Array | null;
    /** The clip's storage (a triangle). */
    buf: Float64Array;
}

// Scratch of triangleMap: a, b, c, d (texel -> local, linear part), then the first corner in
// texels and in local units, then the texel box, then the four texel corners' order for quadTexels.
const M_S0 = 4, M_T0 = 5, M_X0 = 6, M_Y0 = 7, M_SMIN = 8, M_SMAX = 9, M_TMIN = 10, M_TMAX = 11, M_ST = 12;
const MAP_A = new Float64Array(18), MAP_B = new Float64Array(18);
/** quadTexels's rectangle: x0, y0, x1, y1 in whole texels. */
const QUAD = new Int32Array(4);

/**
 * Triangle i's map from the page's texels to local units into `M` (false: it draws no area, or
 * maps its texels onto a line): the affine map taking each corner's texel coordinates
 * `(u·W, v·H)` to the corner.
 */
function triangleMap(tri: DrawnTriangles, i: number, mask: BitMask, M: Float64Array): boolean {
    const xy = tri.xy, uv = tri.uv, o = 6 * i;
    const W = mask.width, H = mask.height;
    const s0 = uv[o] * W, t0 = uv[o + 1] * H;
    const a1 = uv[o + 2] * W - s0, b1 = uv[o + 3] * H - t0;
    const a2 = uv[o + 4] * W - s0, b2 = uv[o + 5] * H - t0;
    const det = a1 * b2 - a2 * b1;
    if (!(det !== 0) || !Number.isFinite(1 / det)) return false;
    const x0 = xy[o], y0 = xy[o + 1];
    const p1x = xy[o + 2] - x0, p1y = xy[o + 3] - y0, p2x = xy[o + 4] - x0, p2y = xy[o + 5] - y0;
    if (!(p1x * p2y - p2x * p1y !== 0)) return false;
    // M(s_k, t_k) = p_k: the corners' differences times the inverse of the texel differences.
    const a = (p1x * b2 - p2x * b1) / det, c = (p2x * a1 - p1x * a2) / det;
    const b = (p1y * b2 - p2y * b1) / det, d = (p2y * a1 - p1y * a2) / det;
    if (!(a * d - b * c !== 0) || !Number.isFinite(a + b + c + d)) return false;
    M[0] = a; M[1] = b; M[2] = c; M[3] = d;
    M[M_S0] = s0; M[M_T0] = t0; M[M_X0] = x0; M[M_Y0] = y0;
    M[M_SMIN] = Math.min(s0, s0 + a1, s0 + a2); M[M_SMAX] = Math.max(s0, s0 + a1, s0 + a2);
    M[M_TMIN] = Math.min(t0, t0 + b1, t0 + b2); M[M_TMAX] = Math.max(t0, t0 + b1, t0 + b2);
    M[M_ST] = s0; M[M_ST + 1] = t0; M[M_ST + 2] = s0 + a1; M[M_ST + 3] = t0 + b1; M[M_ST + 4] = s0 + a2; M[M_ST + 5] = t0 + b2;
    return true;
}

function copyMap(from: Float64Array, to: Float64Array): boolean {
    to.set(from);
    return true;
}

/**
 * Whether the triangles of maps M and N draw one rectangle of whole texels, from their texture
 * coordinates alone: every texel corner within rounding of a texel edge (float32 texture
 * coordinates), and the six corners the four of an axis-aligned rectangle. The rectangle goes to
 * QUAD; {@link quadMaps} then asks whether the two maps are one.
 */
function quadTexels(M: Float64Array, N: Float64Array, mask: BitMask): boolean {
    const eps = 2e-3;
    let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
    for (let q = 0; q < 2; q++) {
        const T = q === 0 ? M : N;
        for (let j = 0; j < 3; j++) {
            const s = T[M_ST + 2 * j], t = T[M_ST + 2 * j + 1];
            const rs = Math.round(s), rt = Math.round(t);
            if (!(Math.abs(s - rs) <= eps && Math.abs(t - rt) <= eps)) return false;
            if (rs < x0) x0 = rs;
            if (rs > x1) x1 = rs;
            if (rt < y0) y0 = rt;
            if (rt > y1) y1 = rt;
        }
    }
    if (!(x0 < x1 && y0 < y1 && x0 >= 0 && y0 >= 0 && x1 <= mask.width && y1 <= mask.height)) return false;
    // Every corner a corner of the rectangle, and the two triangles its two halves: together
    // they hold all four corners, each holds three distinct ones, and they share the diagonal.
    let seen = 0;
    for (let q = 0; q < 2; q++) {
        const T = q === 0 ? M : N;
        let mine = 0;
        for (let j = 0; j < 3; j++) {
            const rs = Math.round(T[M_ST + 2 * j]), rt = Math.round(T[M_ST + 2 * j + 1]);
            if ((rs !== x0 && rs !== x1) || (rt !== y0 && rt !== y1)) return false;
            mine |= 1 << ((rs === x1 ? 1 : 0) + (rt === y1 ? 2 : 0));
        }
        if (mine !== 7 && mine !== 11 && mine !== 13 && mine !== 14) return false;
        seen |= mine;
    }
    if (seen !== 15) return false;
    QUAD[0] = x0; QUAD[1] = y0; QUAD[2] = x1; QUAD[3] = y1;
    return true;
}

/**
 * The rest of the quad test, from the corners (after {@link quadTexels}): the two maps are one,
 * their linear parts equal up to rounding and N's first corner where M puts it, for a rectangle
 * of `sides` (width + height) and `short` (its shorter side) texels. The engine's vertices are
 * float32 (about 6e-8 of their magnitude), and a map's entries are their differences over the
 * rectangle's sides: the tolerances follow.
 */
function quadMaps(M: Float64Array, N: Float64Array, sides: number, short: number): boolean {
    const scale = Math.abs(M[0]) + Math.abs(M[1]) + Math.abs(M[2]) + Math.abs(M[3]);
    const mag = Math.abs(M[M_X0]) + Math.abs(M[M_Y0]) + scale * sides;
    const tol = 1e-6 * scale + 1e-6 * mag / short;
    for (let j = 0; j < 4; j++) if (!(Math.abs(M[j] - N[j]) <= tol)) return false;
    const ds = N[M_S0] - M[M_S0], dt = N[M_T0] - M[M_T0];
    const ex = M[M_X0] + M[0] * ds + M[2] * dt - N[M_X0], ey = M[M_Y0] + M[1] * ds + M[3] * dt - N[M_Y0];
    return Math.abs(ex) <= 1e-6 * mag && Math.abs(ey) <= 1e-6 * mag;
}

/**
 * Page masks cut to the texel boxes of the triangles drawn from them, made once per page and box
 * (an attachment's triangles sample the same texels frame after frame) and kept while the page
 * mask is alive and unchanged. A part's cost in the rasterizer follows its mask's texels, so a
 * triangle of a 16 x 14 region costs that region, not its 512 x 256 page. Bounded: once a page's
 * crops hold sixteen times its words, they are dropped and made again as they are asked for.
 */
export class PageCrops {
    /** Crops made so far, by every instance (tests and benchmarks read it). */
    static made = 0;
    private readonly _pages = new WeakMap<BitMask, PageCropSet>();

    /**
     * `page` cut to `[x, x + w) x [y, y + h)` (inside the page), or `page` when a crop would not
     * pay (a box of half the page or more, unless `always`) or cannot be keyed (a page over 8192).
     */
    get(page: BitMask, x: number, y: number, w: number, h: number, always = false): BitMask {
        if ((!always && 2 * w * h >= page.width * page.height) || page.width > 8192 || page.height > 8192) return page;
        if (w === page.width && h === page.height) return page;
        let set = this._pages.get(page);
        if (set === undefined || set.version !== page.version) {
            set = { version: page.version, words: 0, crops: new Map() };
            this._pages.set(page, set);
        }
        // (Two small-integer keys: a key past 2^30 would be a boxed number, allocated per lookup.)
        const corner = (x * 8192 + y) | 0, size = (w * 8192 + h) | 0;
        let bySize = set.crops.get(corner);
        const hit = bySize === undefined ? undefined : bySize.get(size);
        if (hit !== undefined) return hit;
        if (set.words > 16 * page.bits.length) {
            set.crops.clear();
            set.words = 0;
            bySize = undefined;
        }
        if (bySize === undefined) set.crops.set(corner, bySize = new Map());
        const crop = page.crop(x, y, w, h);
        PageCrops.made++;
        set.words += crop.bits.length;
        bySize.set(size, crop);
        return crop;
    }

    /** How many crops of `page` are held (tests). */
    size(page: BitMask): number {
        let n = 0;
        this._pages.get(page)?.crops.forEach((m) => { n += m.size; });
        return n;
    }

    /** The words the crops of `page` hold (tests). */
    words(page: BitMask): number {
        return this._pages.get(page)?.words ?? 0;
    }
}

const SHARED_CROPS = new PageCrops();

interface PageCropSet {
    version: number;
    words: number;
    /** By `x * 8192 + y`, then `w * 8192 + h`. */
    crops: Map<number, Map<number, BitMask>>;
}
