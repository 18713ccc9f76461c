import type { Affine2D } from '../affine';
import type { BitMask } from '../bitmask';
import { pairWindow, PAIR_WINDOW_MARGIN } from '../narrow';

/**
 * The cells of a pair's tile: the window the CPU narrow phase rasterizes (`narrow.ts`
 * `pairWindow`, shared), i.e. the box of
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
    const w = pairWindow(a, ta, b, tb, acc);
    if (w === null) return false;
    // The window carries TILE_MARGIN cells on each side: narrower than twice that means no
    // sample centre lies in the intersection's box.
    if (w.k1 - w.k0 < 2 * TILE_MARGIN || w.l1 - w.l0 < 2 * TILE_MARGIN) return false;
    out[0] = w.k0;
    out[1] = w.l0;
    out[2] = w.k1;
    out[3] = w.l1;
    return true;
}

/**
 * Cells around the shared samples' window in a tile: the normal is the CPU's count gradient,
 * which reads A one cell and B two cells around the shared samples.
 */
export const TILE_MARGIN = PAIR_WINDOW_MARGIN;
