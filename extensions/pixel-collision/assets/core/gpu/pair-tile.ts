import type { Affine2D } from '../affine';
import type { BitMask } from '../bitmask';

/**
 * The cells of a pair's tile: the window the CPU narrow phase rasterizes (`narrow.ts`
 * `pairWindow`, the same algorithm and the same slack, kept in step with it), i.e. the box of
 * the intersection of the two masks' *oriented* boxes (opaque bounds under their transforms,
 * clipped as convex polygons), grown by 2 cells for the normal. For two rotated sprites this is
 * much smaller than their axis-aligned boxes' overlap, and SwiftShader's cost is per fragment:
 *
 * ```
 *        ◇ A                 AABB overlap (the previous tile): the whole dashed box
 *      ◇   ◇ ┌ ─ ─ ┐         oriented-box intersection: the small box around ▓
 *    ◇   ▓▓◇ ◇     │
 *      ◇ ▓▓  B ◇   │
 *        ◇ ◇   ◇
 *          └ ◇ ─ ┘
 * ```
 *
 * Writes `[k0, l0, k1, l1]` (inclusive cells, margin included) to `out` and returns true, or
 * returns false when the boxes do not meet (or a mask is empty): no sample can be shared.
 */
export function pairTile(a: BitMask, ta: Readonly<Affine2D>, b: BitMask, tb: Readonly<Affine2D>, acc: number, out: Int32Array): boolean {
    a.bounds(BB);
    if (BB.width === 0) return false;
    let n = quad(POLY, ta, BB, tb);
    b.bounds(BB);
    if (BB.width === 0) return false;
    quad(CLIP, tb, BB, ta);
    const side = tb.a * tb.d - tb.b * tb.c > 0 ? 1 : -1;
    let src = POLY, dst = POLY2;
    for (let e = 0; e < 4 && n > 0; e++) {
        const px = CLIP[2 * e], py = CLIP[2 * e + 1];
        const qx = CLIP[(2 * e + 2) & 7], qy = CLIP[(2 * e + 3) & 7];
        const ex = qx - px, ey = qy - py;
        let m = 0;
        for (let v = 0; v < n; v++) {
            const x0 = src[2 * v], y0 = src[2 * v + 1];
            const w = v + 1 === n ? 0 : v + 1;
            const x1 = src[2 * w], y1 = src[2 * w + 1];
            const d0 = side * (ex * (y0 - py) - ey * (x0 - px));
            const d1 = side * (ex * (y1 - py) - ey * (x1 - px));
            if (d0 >= 0) { dst[2 * m] = x0; dst[2 * m + 1] = y0; m++; }
            if ((d0 >= 0) !== (d1 >= 0)) {
                const f = d0 / (d0 - d1);
                dst[2 * m] = x0 + (x1 - x0) * f;
                dst[2 * m + 1] = y0 + (y1 - y0) * f;
                m++;
            }
        }
        n = m;
        const tmp = src; src = dst; dst = tmp;
    }
    if (n === 0) return false;
    let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
    for (let v = 0; v < n; v++) {
        const x = src[2 * v], y = src[2 * v + 1];
        if (x < minX) minX = x;
        if (x > maxX) maxX = x;
        if (y < minY) minY = y;
        if (y > maxY) maxY = y;
    }
    const k0 = Math.ceil(minX * acc - 0.5), k1 = Math.floor(maxX * acc - 0.5);
    const l0 = Math.ceil(minY * acc - 0.5), l1 = Math.floor(maxY * acc - 0.5);
    if (k0 > k1 || l0 > l1) return false; // no sample centre in the intersection's box
    out[0] = k0 - TILE_MARGIN;
    out[1] = l0 - TILE_MARGIN;
    out[2] = k1 + TILE_MARGIN;
    out[3] = l1 + TILE_MARGIN;
    return true;
}

/**
 * Cells around the shared samples' window in a tile: the normal is the CPU's count gradient,
 * which reads A one cell and B two cells around the shared samples.
 */
export const TILE_MARGIN = 2;

/** Texels each oriented box is widened by before clipping (narrow.ts OBB_SLACK). */
const OBB_SLACK = 1e-3;
const POLY = new Float64Array(16);
const POLY2 = new Float64Array(16);
const CLIP = new Float64Array(8);
const BB = { x: 0, y: 0, width: 0, height: 0 };

/** World corners of local rect `bb` widened by the slack, counter-clockwise (narrow.ts `quad`). */
function quad(out: Float64Array, t: Readonly<Affine2D>, bb: { x: number; y: number; width: number; height: number }, other: Readonly<Affine2D>): number {
    const far = 1e-12 * (Math.abs(t.tx) + Math.abs(t.ty) + Math.abs(other.tx) + Math.abs(other.ty));
    const e = OBB_SLACK + far / Math.sqrt(Math.abs(t.a * t.d - t.b * t.c));
    const x0 = bb.x - e, y0 = bb.y - e, x1 = bb.x + bb.width + e, y1 = bb.y + bb.height + e;
    out[0] = t.a * x0 + t.c * y0 + t.tx; out[1] = t.b * x0 + t.d * y0 + t.ty;
    out[2] = t.a * x1 + t.c * y0 + t.tx; out[3] = t.b * x1 + t.d * y0 + t.ty;
    out[4] = t.a * x1 + t.c * y1 + t.tx; out[5] = t.b * x1 + t.d * y1 + t.ty;
    out[6] = t.a * x0 + t.c * y1 + t.tx; out[7] = t.b * x0 + t.d * y1 + t.ty;
    return 4;
}
