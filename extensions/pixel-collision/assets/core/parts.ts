import { affineBounds, affineMultiply } from './affine';
import type { Affine2D } from './affine';
import { BitMask } from './bitmask';
import { SampleMapper } from './exact';
import { WorldRaster } from './raster';
import { rasterizeMaskChecked } from './rasterize';
import type { CellWindow } from './rasterize';
import { WorldShape, polygonToWorld, polygonToWorldOrNull } from './shape';
import { rasterizeShape } from './shape-raster';
import { shapeContains, shapeContainsSample } from './shape-sampling';

/**
 * One part of a collider made of several masks (shape kind `'parts'`): a mask drawn under its own
 * map, optionally cut by a convex polygon. A 9-sliced sprite is nine parts (each border piece
 * and the centre, stretched on its own); a filled sprite is its frame cut by the bar, or by one
 * or two convex wedges of a radial fill.
 *
 * ```
 *   texel (i, j) of mask ──transform──▶ collider local ──collider transform──▶ world
 *   clip: [x0, y0, x1, y1, ...] in collider local (convex, either winding), or none
 * ```
 *
 * A sample belongs to the part when it maps (through the inverse of the part's world map, the
 * product `colliderTransform * transform` evaluated in doubles) into an opaque texel, exactly as
 * a `'mask'` collider under that map, and, when there is a clip, lies in the closed clip polygon
 * mapped to the world by the collider's transform, exactly as a `'polygon'` collider. A parts
 * collider is the union of its parts.
 */
export interface ColliderPart {
    mask: BitMask;
    /** Texel space (y down, texel (i, j) covers [i, i+1) x [j, j+1)) to collider local. */
    transform: Readonly<Affine2D>;
    /** Optional convex polygon in collider local; the part is cut to it. */
    clip?: ArrayLike<number> | null;
}

/** Parts lists their maker keeps valid whatever they hold ({@link trustParts}). */
const MADE_VALID = new WeakSet<readonly ColliderPart[]>();

/**
 * @internal Marks a parts list whose maker keeps every part valid by construction (a BitMask,
 * a finite invertible map, a clip of three points), however often it refills it: a skeleton's
 * parts, rebuilt every frame its pose changes, are then not checked part by part each time they
 * are set.
 */
export function trustParts(parts: readonly ColliderPart[]): void {
    MADE_VALID.add(parts);
}

/** Throws a clear error for a parts list that is not one (called when a shape is set). */
export function checkParts(parts: unknown): void {
    if (Array.isArray(parts) && MADE_VALID.has(parts)) return;
    if (!Array.isArray(parts)) throw new TypeError("a 'parts' shape needs parts: an array of { mask: BitMask, transform, clip? }.");
    for (let i = 0; i < parts.length; i++) {
        const p = parts[i] as Partial<ColliderPart> | null;
        if (!p || typeof p !== 'object' || !(p.mask instanceof BitMask)) {
            throw new TypeError(`parts[${i}] needs mask: a BitMask (and transform: its texel -> collider-local map).`);
        }
        const t = p.transform;
        // (No array per part: a skeleton's parts are checked every frame its pose changes.)
        if (!t || !(Number.isFinite(t.a) && Number.isFinite(t.b) && Number.isFinite(t.c) && Number.isFinite(t.d) && Number.isFinite(t.tx) && Number.isFinite(t.ty)) || !(t.a * t.d - t.b * t.c !== 0)) {
            throw new RangeError(`parts[${i}].transform must be a finite invertible affine map { a, b, c, d, tx, ty }, got ${JSON.stringify(t)}. Leave out a part that is drawn with no area.`);
        }
        const clip = p.clip;
        if (clip != null && (typeof clip.length !== 'number' || clip.length < 6 || clip.length % 2 !== 0)) {
            throw new RangeError(`parts[${i}].clip must be a convex polygon [x0, y0, x1, y1, ...] of at least 3 points in collider-local units, or null.`);
        }
    }
}

/**
 * @internal A cell window of its own hidden class, whose fields stay small integers: the window
 * literals elsewhere share one with `NO_CLIP`, whose infinities made their fields doubles, and a
 * double passed on into a raster's fields (`WorldRaster.reset`) is boxed, and turns every
 * raster's fields into boxes.
 */
export class IntWindow implements CellWindow {
    k0 = 0;
    l0 = 0;
    k1 = 0;
    l1 = 0;
}

/**
 * A parts collider's per-transform scratch: each part's world map and world clip, and the part
 * rasters the union is made from. Rebuilt when the collider's stamp or shape changes; its arrays
 * only grow, so a collider whose parts move every frame allocates nothing once warm.
 */
export class PartsState {
    private _stamp = -1;
    private _parts: readonly ColliderPart[] | null = null;
    /** World map of part i (`T * P_i`). */
    private readonly _m: Affine2D[] = [];
    /** World clip of part i (null: no clip). */
    private readonly _clip: (WorldShape | null)[] = [];
    private readonly _ws: WorldShape[] = [];
    /** Part i's world bounds `[minX, minY, maxX, maxY]` (minX > maxX: the part holds nothing). */
    private _bounds = new Float64Array(0);
    private readonly _rasters: WorldRaster[] = [];
    private readonly _clipRasters: WorldRaster[] = [];
    /**
     * Part i's raster (cut to its own cells, not to a pair's window) serves every pair of this
     * stamp at accuracy `_rAcc[i]` while `_rStamp[i]` is the stamp (-1: none; `_rEmpty[i]`: it
     * holds no cell): a skeleton in four pairs rasterizes each part once, not four times.
     */
    private _rStamp = new Float64Array(0);
    private _rAcc = new Float64Array(0);
    private _rEmpty = new Uint8Array(0);

    /** Brings the scratch up to `parts` under `t` (stamp: the collider's transform stamp). Throws for a clip that is not convex. */
    update(parts: readonly ColliderPart[], t: Readonly<Affine2D>, stamp: number): void {
        if (stamp === this._stamp && parts === this._parts) return;
        this._stamp = -1;
        const n = parts.length;
        while (this._m.length < n) {
            this._m.push({ a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0 });
            this._clip.push(null);
            this._ws.push(new WorldShape());
            this._rasters.push(new WorldRaster());
            this._clipRasters.push(new WorldRaster());
        }
        if (this._bounds.length < 4 * n) this._bounds = new Float64Array(4 * Math.max(n, 2 * this._bounds.length / 4));
        if (this._rStamp.length < n) {
            const m = Math.max(n, 2 * this._rStamp.length);
            this._rStamp = new Float64Array(m);
            this._rAcc = new Float64Array(m);
            this._rEmpty = new Uint8Array(m);
        }
        this._rStamp.fill(-1, 0, n);
        const B = this._bounds;
        for (let i = 0; i < n; i++) {
            const p = parts[i];
            const m = affineMultiply(this._m[i], t, p.transform);
            const mb = p.mask.bounds(MB);
            if (mb.width === 0) { B[4 * i] = 1; B[4 * i + 2] = 0; this._clip[i] = null; continue; }
            affineBounds(BOX, m, mb.x, mb.y, mb.x + mb.width, mb.y + mb.height);
            let minX = BOX.minX, minY = BOX.minY, maxX = BOX.maxX, maxY = BOX.maxY;
            if (p.clip) {
                // (A clip of no area in the world, as when an animation scales a slot down to
                // nothing, holds no sample: the part is empty.)
                const ws = polygonToWorldOrNull(this._ws[i], p.clip, t);
                if (ws === null) { B[4 * i] = 1; B[4 * i + 2] = 0; this._clip[i] = null; continue; }
                this._clip[i] = ws;
                if (ws.minX > minX) minX = ws.minX;
                if (ws.minY > minY) minY = ws.minY;
                if (ws.maxX < maxX) maxX = ws.maxX;
                if (ws.maxY < maxY) maxY = ws.maxY;
                if (minY > maxY) { minX = 1; maxX = 0; }
            } else {
                this._clip[i] = null;
            }
            B[4 * i] = minX; B[4 * i + 1] = minY; B[4 * i + 2] = maxX; B[4 * i + 3] = maxY;
        }
        this._parts = parts;
        this._stamp = stamp;
    }

    /** Union of the parts' world bounds into `box[0..3]`; false when no part can hold a sample. */
    bounds(n: number, box: Float64Array): boolean {
        const B = this._bounds;
        let any = false;
        for (let i = 0; i < n; i++) {
            if (B[4 * i] > B[4 * i + 2]) continue;
            if (!any || B[4 * i] < box[0]) box[0] = B[4 * i];
            if (!any || B[4 * i + 1] < box[1]) box[1] = B[4 * i + 1];
            if (!any || B[4 * i + 2] > box[2]) box[2] = B[4 * i + 2];
            if (!any || B[4 * i + 3] > box[3]) box[3] = B[4 * i + 3];
            any = true;
        }
        return any;
    }

    /** Whether sample `(k, l)` of the grid at `accuracy` belongs to some part (after {@link update}). */
    sampleInCell(parts: readonly ColliderPart[], k: number, l: number, accuracy: number): boolean {
        const B = this._bounds;
        const x = (k + 0.5) / accuracy, y = (l + 0.5) / accuracy;
        for (let i = 0; i < parts.length; i++) {
            // (The bounds hold every sample of the part: a looser test first, then the exact one.
            // Empty bounds: a part that holds nothing, as the raster has it.)
            if (B[4 * i] > B[4 * i + 2]) continue;
            if (!(x >= B[4 * i] - 1 / accuracy && x <= B[4 * i + 2] + 1 / accuracy && y >= B[4 * i + 1] - 1 / accuracy && y <= B[4 * i + 3] + 1 / accuracy)) continue;
            const clip = this._clip[i];
            if (clip !== null && !shapeContainsSample(clip, k, l, accuracy)) continue;
            const m = MAPPER.setup(this._m[i], accuracy);
            if (parts[i].mask.get(m.floorU(k, l), m.floorV(k, l))) return true;
        }
        return false;
    }

    /**
     * Whether the world point `(x, y)` is solid (no sampling grid; after {@link update}): in some
     * part's clip (exact) and in an opaque texel of its mask (the texel found through the double
     * inverse of the part's world map, as for a mask collider).
     */
    pointIn(parts: readonly ColliderPart[], x: number, y: number): boolean {
        for (let i = 0; i < parts.length; i++) if (this.pointInPart(parts, i, x, y)) return true;
        return false;
    }

    /** Whether the world point `(x, y)` is solid in part `i` alone (as {@link pointIn}). */
    pointInPart(parts: readonly ColliderPart[], i: number, x: number, y: number): boolean {
        const B = this._bounds;
        // (Empty bounds: a part that holds nothing. The bounds hold every point of the part; the
        // slack covers the rounding of the forward map that made them against the inverse below.)
        const x0 = B[4 * i], y0 = B[4 * i + 1], x1 = B[4 * i + 2], y1 = B[4 * i + 3];
        if (x0 > x1) return false;
        const e = 1e-9 * (1 + Math.abs(x0) + Math.abs(x1) + Math.abs(y0) + Math.abs(y1));
        if (x < x0 - e || x > x1 + e || y < y0 - e || y > y1 + e) return false;
        const clip = this._clip[i];
        if (clip !== null && !shapeContains(clip, x, y)) return false;
        const m = this._m[i];
        const det = m.a * m.d - m.b * m.c;
        if (!(det !== 0) || !Number.isFinite(1 / det)) return false;
        const dx = x - m.tx, dy = y - m.ty;
        const u = (m.d * dx - m.c * dy) / det, v = (m.a * dy - m.b * dx) / det;
        return parts[i].mask.get(Math.floor(u), Math.floor(v));
    }

    /**
     * The indices of the parts whose bounds meet the world box `box[0..3]` (grown by `e`) into
     * `out` (room for every part), and how many (after {@link update}; parts that hold nothing
     * are left out).
     */
    partsMeeting(n: number, box: Float64Array, e: number, out: Int32Array): number {
        const B = this._bounds;
        const x0 = box[0] - e, y0 = box[1] - e, x1 = box[2] + e, y1 = box[3] + e;
        let m = 0;
        for (let i = 0; i < n; i++) {
            const px0 = B[4 * i], px1 = B[4 * i + 2];
            if (px0 > px1 || px0 > x1 || px1 < x0 || B[4 * i + 1] > y1 || B[4 * i + 3] < y0) continue;
            out[m++] = i;
        }
        return m;
    }

    /** @internal Every part's world bounds `[minX, minY, maxX, maxY]` (after {@link update}; minX > maxX: empty). */
    partBounds(): Float64Array {
        return this._bounds;
    }

    /** Whether part i can hold anything (after {@link update}). */
    partLive(i: number): boolean {
        return this._bounds[4 * i] <= this._bounds[4 * i + 2];
    }

    /** Part i's world map (after {@link update}). */
    worldMap(i: number): Readonly<Affine2D> {
        return this._m[i];
    }

    /** Part i's world clip, or null (after {@link update}). */
    worldClip(i: number): Readonly<WorldShape> | null {
        return this._clip[i];
    }

    /**
     * The union of the parts on the grid at `accuracy`, into `out` (after {@link update}): each
     * part rasterized exactly under its world map (cut to its clip's cells), ANDed with its clip's
     * exact raster, and ORed into `out`.
     */
    rasterize(parts: readonly ColliderPart[], accuracy: number, out: WorldRaster): WorldRaster {
        const n = parts.length;
        let k0 = 0, l0 = 0, k1 = -1, l1 = -1, any = false;
        for (let i = 0; i < n; i++) {
            this._rStamp[i] = -1; // (its raster is remade here, to other cells)
            const r = this._bounds[4 * i] > this._bounds[4 * i + 2] ? null : this._partRaster(parts, i, accuracy, -Infinity, -Infinity, Infinity, Infinity);
            if (r === null) { this._rasters[i].reset(accuracy, 0, 0, 0, 0); continue; }
            let ck0 = -Infinity, cl0 = -Infinity, ck1 = Infinity, cl1 = Infinity;
            if (this._clip[i] !== null) {
                const cr = this._clipRasters[i];
                ck0 = cr.k0; cl0 = cr.l0; ck1 = cr.k0 + cr.width - 1; cl1 = cr.l0 + cr.height - 1;
            }
            // The part's cells: its raster's box, cut to its clip's.
            const pk0 = Math.max(r.k0, ck0), pl0 = Math.max(r.l0, cl0);
            const pk1 = Math.min(r.k0 + r.width - 1, ck1), pl1 = Math.min(r.l0 + r.height - 1, cl1);
            if (pk0 > pk1 || pl0 > pl1) continue;
            if (!any || pk0 < k0) k0 = pk0;
            if (!any || pl0 < l0) l0 = pl0;
            if (!any || pk1 > k1) k1 = pk1;
            if (!any || pl1 > l1) l1 = pl1;
            any = true;
        }
        if (!any) {
            out.reset(accuracy, 0, 0, 0, 0);
            out.updateRowBounds();
            return out;
        }
        out.reset(accuracy, k0, l0, k1 - k0 + 1, l1 - l0 + 1);
        for (let i = 0; i < n; i++) {
            const r = this._rasters[i];
            if (r.width === 0 || r.height === 0 || this._bounds[4 * i] > this._bounds[4 * i + 2]) continue;
            orInto(out, r, this._clip[i] !== null ? this._clipRasters[i] : null);
        }
        out.updateRowBounds();
        this._centre(n, accuracy, out);
        return out;
    }

    /**
     * Sets the centre of `out`'s uncut box (`boxK2`, `boxL2`: where the zero-gradient normal
     * starts) to that of the cells of the parts' bounds, whether `out` is the whole union or cut
     * to a window, so a contact's normal does not depend on which was made.
     */
    private _centre(n: number, accuracy: number, out: WorldRaster): void {
        if (!this.bounds(n, UNION)) return;
        out.boxK2 = Math.floor(UNION[0] * accuracy) + Math.floor(UNION[2] * accuracy) + 1;
        out.boxL2 = Math.floor(UNION[1] * accuracy) + Math.floor(UNION[3] * accuracy) + 1;
    }

    /**
     * Part i's raster when its cells meet window `w`, else null (null too when it holds no cell;
     * after {@link update}): made over the part's own cells (its bounds, cut to its clip's
     * cells), once per stamp and accuracy, in the part's scratch raster; its clip's raster (when
     * it has a clip) is left in `_clipRasters[i]`. Exact in every cell.
     */
    private _partInWindow(parts: readonly ColliderPart[], i: number, accuracy: number, w: Readonly<CellWindow>): WorldRaster | null {
        const B = this._bounds;
        const x0 = B[4 * i], y0 = B[4 * i + 1], x1 = B[4 * i + 2], y1 = B[4 * i + 3];
        if (x0 > x1) return null;
        // (The bounds hold every sample of the part; a cell of margin for rounding.)
        let k0 = Math.floor(x0 * accuracy) - 1, l0 = Math.floor(y0 * accuracy) - 1;
        let k1 = Math.floor(x1 * accuracy) + 1, l1 = Math.floor(y1 * accuracy) + 1;
        if (k1 < w.k0 || k0 > w.k1 || l1 < w.l0 || l0 > w.l1) return null;
        // Made once per stamp: the part's own cells serve every window that meets them.
        if (this._rStamp[i] === this._stamp && this._rAcc[i] === accuracy) return this._rEmpty[i] === 1 ? null : this._rasters[i];
        const r = this._partRaster(parts, i, accuracy, k0, l0, k1, l1);
        this._rStamp[i] = this._stamp;
        this._rAcc[i] = accuracy;
        this._rEmpty[i] = r === null ? 1 : 0;
        return r;
    }

    /**
     * Part i's raster right in cells `[k0, k1] x [l0, l1]` (infinite: all of them), cut to its
     * clip's cells (null: no cell); its clip's raster is left in `_clipRasters[i]`.
     */
    private _partRaster(parts: readonly ColliderPart[], i: number, accuracy: number, k0: number, l0: number, k1: number, l1: number): WorldRaster | null {
        const clip = this._clip[i];
        if (clip === null && k0 === -Infinity) {
            const r = rasterizeMaskChecked(parts[i].mask, this._m[i], accuracy, this._rasters[i]);
            return r.width === 0 || r.height === 0 ? null : r;
        }
        if (clip !== null) {
            const cr = rasterizeShape(clip, accuracy, this._clipRasters[i]);
            if (cr.width === 0 || cr.height === 0) return null;
            if (cr.k0 > k0) k0 = cr.k0;
            if (cr.l0 > l0) l0 = cr.l0;
            if (cr.k0 + cr.width - 1 < k1) k1 = cr.k0 + cr.width - 1;
            if (cr.l0 + cr.height - 1 < l1) l1 = cr.l0 + cr.height - 1;
            if (k0 > k1 || l0 > l1) return null;
        }
        WIN.k0 = k0; WIN.l0 = l0; WIN.k1 = k1; WIN.l1 = l1;
        const r = rasterizeMaskChecked(parts[i].mask, this._m[i], accuracy, this._rasters[i], WIN);
        return r.width === 0 || r.height === 0 ? null : r;
    }

    /**
     * The union of the parts right in window `w` (after {@link update}), into `out`, sized to the
     * window: only the parts whose bounds meet it are rasterized (each once per stamp).
     */
    rasterizeWindow(parts: readonly ColliderPart[], accuracy: number, out: WorldRaster, w: Readonly<CellWindow>): WorldRaster {
        // (`| 0`: a window's fields are doubles, as NO_CLIP's infinities made them; a raster's
        // fields must stay small integers, or every use of every raster slows down and boxes.)
        out.reset(accuracy, w.k0 | 0, w.l0 | 0, (w.k1 - w.k0 + 1) | 0, (w.l1 - w.l0 + 1) | 0);
        for (let i = 0; i < parts.length; i++) {
            const r = this._partInWindow(parts, i, accuracy, w);
            if (r !== null) orInto(out, r, this._clip[i] !== null ? this._clipRasters[i] : null);
        }
        out.updateRowBounds();
        this._centre(parts.length, accuracy, out);
        return out;
    }

    /**
     * Whether some part has a sample in window `w` that is set in `other` (a raster right in the
     * window; after {@link update}). The parts that meet the window are rasterized one by one
     * (each once per stamp), and the first shared sample ends the walk.
     */
    meetsInWindow(parts: readonly ColliderPart[], accuracy: number, other: WorldRaster, w: Readonly<CellWindow>): boolean {
        for (let i = 0; i < parts.length; i++) {
            const r = this._partInWindow(parts, i, accuracy, w);
            if (r !== null && andAny(other, r, this._clip[i] !== null ? this._clipRasters[i] : null)) return true;
        }
        return false;
    }
}

/**
 * Whether some set cell of `src`, within `clip`'s row spans when given, is set in `dst` (same
 * grid; stops at the first): {@link orInto}'s walk, testing instead of writing.
 */
export function andAny(dst: WorldRaster, src: WorldRaster, clip: WorldRaster | null): boolean {
    return spanWalk(dst, src, clip, false);
}

/**
 * ORs the set cells of `src` into `dst` (same grid), keeping only those in `clip`'s row spans
 * when given (a convex shape's raster: one full span a row). Cells outside `dst` must be clear
 * or cut by the clip (the caller sizes `dst` to hold them).
 */
export function orInto(dst: WorldRaster, src: WorldRaster, clip: WorldRaster | null): void {
    spanWalk(dst, src, clip, true);
}

/**
 * The set cells of `src` in `clip`'s row spans (when given) that lie in `dst`, word by word:
 * ORed into `dst` (`write`), or tested against it (true at the first shared cell).
 */
function spanWalk(dst: WorldRaster, src: WorldRaster, clip: WorldRaster | null, write: boolean): boolean {
    const off = src.k0 - dst.k0;
    const sb = src.bits, db = dst.bits, ss = src.stride, ds = dst.stride;
    for (let r = 0; r < src.height; r++) {
        const l = src.l0 + r;
        const dr = l - dst.l0;
        if (dr < 0 || dr >= dst.height) continue;
        // Source columns [c0, c1) to copy or test.
        let c0 = 0, c1 = src.width;
        if (clip !== null) {
            const cr = l - clip.l0;
            if (cr < 0 || cr >= clip.height) continue;
            const lo = clip.rowLo(cr), hi = clip.rowHi(cr);
            if (lo >= hi) continue;
            if (clip.k0 + lo - src.k0 > c0) c0 = clip.k0 + lo - src.k0;
            if (clip.k0 + hi - src.k0 < c1) c1 = clip.k0 + hi - src.k0;
        }
        // (Writing: dst's columns; testing: dst's set span of the row, which bounds what can meet.)
        const dlo = write ? -off : dst.rowLo(dr) - off, dhi = write ? dst.width - off : dst.rowHi(dr) - off;
        if (dlo > c0) c0 = dlo;
        if (dhi < c1) c1 = dhi;
        if (c0 >= c1) continue;
        const w0 = c0 >>> 5, w1 = (c1 - 1) >>> 5;
        const drow = dr * ds;
        for (let w = w0; w <= w1; w++) {
            let word = sb[r * ss + w];
            if (w === w0) word &= (0xffffffff << (c0 & 31));
            if (w === w1) word &= 0xffffffff >>> (31 - ((c1 - 1) & 31));
            if (word === 0) continue;
            word >>>= 0;
            const base = off + 32 * w; // dst column of the word's bit 0
            const dw = Math.floor(base / 32), sh = base - 32 * dw;
            if (write) {
                if (dw >= 0 && dw < ds) db[drow + dw] |= word << sh;
                if (sh !== 0 && dw + 1 >= 0 && dw + 1 < ds) db[drow + dw + 1] |= word >>> (32 - sh);
            } else {
                if (dw >= 0 && dw < ds && (db[drow + dw] & (word << sh)) !== 0) return true;
                if (sh !== 0 && dw + 1 >= 0 && dw + 1 < ds && (db[drow + dw + 1] & (word >>> (32 - sh))) !== 0) return true;
            }
        }
    }
    return false;
}

const MB = { x: 0, y: 0, width: 0, height: 0 };
const UNION = new Float64Array(4);
const BOX = { minX: 0, minY: 0, maxX: 0, maxY: 0 };
const WIN = new IntWindow();
const MAPPER = new SampleMapper();

/**
 * A small picture of a parts collider in its own (collider-local) space, for inspectors and
 * tools: dot (i, j) covers local `[x + i*scale, x + (i+1)*scale) x (top - (j+1)*scale, top - j*scale]`,
 * row 0 at the top (local y up), and is '#' where one of `sub x sub` points spread over it is solid.
 */
export interface PartsPicture {
    /** Dots across and down. */
    width: number;
    height: number;
    /** Local units a dot stands for along each axis (at least 1). */
    scale: number;
    /** The box around the union in collider-local units (the picture covers it from its top-left corner). */
    x: number;
    top: number;
    boxWidth: number;
    boxHeight: number;
    rows: string[];
}

/** The picture of the union of a collider's `parts`, at most `max` dots a side; null when no part holds anything. */
export function partsPicture(parts: readonly ColliderPart[], max = 96, sub = 3): PartsPicture | null {
    // (No checkParts: these are a collider's parts, checked when they were set, and their masks
    // may come from another copy of the core than this one, as in the editor's scene script,
    // where an instanceof check would refuse them.)
    const ps = new PartsState();
    ps.update(parts, IDENTITY, 0);
    const box = new Float64Array(4);
    if (!ps.bounds(parts.length, box)) return null;
    const w = box[2] - box[0], h = box[3] - box[1];
    const scale = Math.max(1, Math.max(w, h) / Math.max(1, Math.floor(max)));
    const pw = Math.max(1, Math.ceil(w / scale)), ph = Math.max(1, Math.ceil(h / scale));
    const rows: string[] = [];
    for (let j = 0; j < ph; j++) {
        let row = '';
        for (let i = 0; i < pw; i++) {
            let solid = false;
            for (let q = 0; q < sub * sub && !solid; q++) {
                const x = box[0] + (i + ((q % sub) + 0.5) / sub) * scale;
                const y = box[3] - (j + (Math.floor(q / sub) + 0.5) / sub) * scale;
                solid = ps.pointIn(parts, x, y);
            }
            row += solid ? '#' : '.';
        }
        rows.push(row);
    }
    return { width: pw, height: ph, scale, x: box[0], top: box[3], boxWidth: w, boxHeight: h, rows };
}

const IDENTITY: Readonly<Affine2D> = { a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0 };
