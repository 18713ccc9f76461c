import { assertInvertible } from './affine';
import type { Affine2D } from './affine';
import type { BitMask } from './bitmask';
import { SampleMapper, floorHalfMinus } from './exact';
import { WorldRaster } from './raster';
import { checkAccuracy } from './sampling';

/**
 * Rasterizes a mask collider onto the world sampling grid: bit (k, l) of the result is set iff
 * the sample of world cell (k, l) maps (through the inverse of `t`) into an opaque texel.
 * Exact (see `exact.ts`).
 *
 * Two paths:
 *
 * 1. **Quarter turns and flips at one texel per cell** (`accuracy` a power of two and the linear
 *    part of `t` one of the 8 signed permutations scaled by `1 / accuracy`; in a game: an
 *    unrotated, unscaled sprite, mirrored or turned by 90° steps, at any position). Each texel
 *    is exactly one cell, so the raster is a zero-copy view of the mask's cached orientation
 *    variant at an integer cell offset. No work per frame.
 * 2. **Anything else** (rotation, scale, skew): an exact scanline rasterizer whose cost follows
 *    the mask's *boundary*, not its area. Every boundary run between opaque and transparent
 *    texels ({@link BitMask.boundaryRuns}) toggles a parity bit in the world row where a sample
 *    row crosses it; a word-parallel prefix XOR along each row turns toggles into coverage.
 *
 * ```
 *   world row l:   . . . [toggle] . . . . [toggle] . .      toggles (boundary crossings)
 *   prefix XOR:    0 0 0   1  1 1 1 1 1     0   0 0         coverage
 * ```
 *
 * Walking a sample row, the texel under consecutive samples k-1 -> k changes from
 * (i1, j1) to (i2, j2) (both coordinates monotone). Take the path "along u at row j1, then along
 * v at column i2": the number of boundary units crossed on it has the parity of
 * `opaque(i1, j1) xor opaque(i2, j2)`. So a vertical run at `u = i` toggles at the step k where
 * `floor(u)` passes `i` iff `floor(v(k-1))` is in the run's rows, and a horizontal run at
 * `v = j` toggles where `floor(v)` passes `j` iff `floor(u(k))` is in the run's columns.
 *
 * `out` is reused: its buffer only grows.
 */
export function rasterizeMask(mask: BitMask, t: Readonly<Affine2D>, accuracy: number, out: WorldRaster, clip?: Readonly<CellWindow>): WorldRaster {
    checkAccuracy(accuracy);
    assertInvertible(t, 'transform');
    return rasterizeMaskChecked(mask, t, accuracy, out, clip);
}

/** @internal {@link rasterizeMask} for callers that already validated `t` and `accuracy`. */
export function rasterizeMaskChecked(mask: BitMask, t: Readonly<Affine2D>, accuracy: number, out: WorldRaster, clip?: Readonly<CellWindow>): WorldRaster {
    const b = mask.bounds(SCRATCH_BOUNDS);
    if (b.width === 0) return out.reset(accuracy, 0, 0, 0, 0);
    if (rasterizeQuarterTurn(mask, t, accuracy, out)) return out;
    return rasterizeGeneral(mask, t, accuracy, out, b, clip ?? NO_CLIP);
}

/**
 * A window of world cells `[k0, k1] x [l0, l1]` (inclusive). {@link rasterizeMask} given one
 * rasterizes at least the cells inside it: the exact rasterizer cuts its raster to the window
 * (a single pair needs only its overlap, not both sprites whole); zero-copy views stay whole.
 * Cells outside the window are never wrongly set.
 */
export interface CellWindow {
    k0: number;
    l0: number;
    k1: number;
    l1: number;
}

const NO_CLIP: CellWindow = { k0: -Infinity, l0: -Infinity, k1: Infinity, l1: Infinity };

/** True when `t` maps each texel onto exactly one cell of the grid at `accuracy`. */
export function isUnitQuarterTurn(t: Readonly<Affine2D>, accuracy: number): boolean {
    if (!isPowerOfTwo(accuracy)) return false;
    if (t.b === 0 && t.c === 0) return Math.abs(t.a) * accuracy === 1 && Math.abs(t.d) * accuracy === 1;
    if (t.a === 0 && t.d === 0) return Math.abs(t.b) * accuracy === 1 && Math.abs(t.c) * accuracy === 1;
    return false;
}

function isPowerOfTwo(x: number): boolean {
    if (x === 1) return true;
    const e = Math.round(Math.log2(x));
    return 2 ** e === x;
}

function rasterizeQuarterTurn(mask: BitMask, t: Readonly<Affine2D>, accuracy: number, out: WorldRaster): boolean {
    if (!isUnitQuarterTurn(t, accuracy)) return false;
    const swap = t.a === 0;
    // World x follows local u (no swap) or v (swap); world y follows the other.
    const sx = swap ? Math.sign(t.c) : Math.sign(t.a);
    const sy = swap ? Math.sign(t.b) : Math.sign(t.d);
    const nx = swap ? mask.height : mask.width; // texels along world x
    const ny = swap ? mask.width : mask.height;
    const TX = t.tx * accuracy; // exact: accuracy is a power of two
    const TY = t.ty * accuracy;
    // Local index along x of sample k: k + floor(0.5 - TX) (sx > 0) or floor(TX - 0.5) - k (sx < 0).
    // Raster column of sample k is k - k0: the index itself (sx > 0) or mirrored (nx - 1 - index).
    const k0 = sx > 0 ? 0 - floorHalfMinus(0.5, TX) : floorHalfMinus(-0.5, -TX) - (nx - 1); // 0 - x: never -0
    const l0 = sy > 0 ? 0 - floorHalfMinus(0.5, TY) : floorHalfMinus(-0.5, -TY) - (ny - 1);
    out.view(mask.oriented(swap, sx < 0, sy < 0), accuracy, k0, l0);
    return true;
}

const SCRATCH_BOUNDS = { x: 0, y: 0, width: 0, height: 0 };
const MAPPER = new SampleMapper();

function rasterizeGeneral(
    mask: BitMask, t: Readonly<Affine2D>, accuracy: number, out: WorldRaster,
    bb: { x: number; y: number; width: number; height: number }, clip: Readonly<CellWindow>,
): WorldRaster {
    const m = MAPPER.setup(t, accuracy);
    const s = 1 / accuracy;
    // World AABB of the opaque bounds, then the cells whose samples may fall inside (+1 margin).
    const x0 = bb.x, y0 = bb.y, x1 = bb.x + bb.width, y1 = bb.y + bb.height;
    const ax0 = t.a * x0, ax1 = t.a * x1, cy0 = t.c * y0, cy1 = t.c * y1;
    const bx0 = t.b * x0, bx1 = t.b * x1, dy0 = t.d * y0, dy1 = t.d * y1;
    const minX = Math.min(ax0, ax1) + Math.min(cy0, cy1) + t.tx;
    const maxX = Math.max(ax0, ax1) + Math.max(cy0, cy1) + t.tx;
    const minY = Math.min(bx0, bx1) + Math.min(dy0, dy1) + t.ty;
    const maxY = Math.max(bx0, bx1) + Math.max(dy0, dy1) + t.ty;
    // The collider's cells [kmin, kmax] x [lmin, lmax]; crossings are searched over all of them.
    const kmin = Math.ceil(minX * accuracy - 0.5) - 1;
    const kmax = Math.floor(maxX * accuracy - 0.5) + 1;
    const lmin0 = Math.ceil(minY * accuracy - 0.5) - 1;
    const lmax0 = Math.floor(maxY * accuracy - 0.5) + 1;
    if ((kmax - kmin + 1) * (lmax0 - lmin0 + 1) > MAX_RASTER_CELLS) {
        throw new RangeError(`a ${mask.width}x${mask.height} mask under this transform covers ${kmax - kmin + 1}x${lmax0 - lmin0 + 1} cells at accuracy ${accuracy}, more than ${MAX_RASTER_CELLS}; lower the accuracy or the scale.`);
    }
    // The raster: those cells cut to the clip window; rows outside it are not visited; toggles
    // left of it fold into its first column (they set the parity the row starts with).
    const kc0 = clip.k0 > kmin ? clip.k0 : kmin;
    const kc1 = clip.k1 < kmax ? clip.k1 : kmax;
    const lmin = clip.l0 > lmin0 ? clip.l0 : lmin0;
    const lmax = clip.l1 < lmax0 ? clip.l1 : lmax0;
    const W = kc1 - kc0 + 1;
    const H = lmax - lmin + 1;
    if (!(W > 0 && H > 0)) return out.reset(accuracy, kc0, lmin, 0, 0);
    out.reset(accuracy, kc0, lmin, W, H);
    const bits = out.bits;
    const stride = out.stride;
    const runs = mask.boundaryRuns();
    // Signs of ia = d / det and ib = -b / det, taken from the entries (the quotients may underflow).
    const detPositive = t.a * t.d - t.b * t.c > 0;
    const uGrows = (t.d > 0) === detPositive;
    const vGrows = (t.b < 0) === detPositive;
    // Error bounds of u and v evaluated like SampleMapper does, for any sample of this raster:
    // err * (xMax + |tx| + |y| + |ty| + 1) with |y| at its largest over the raster's rows (one
    // bound for the whole raster; rounding is monotone, so it bounds every row's own bound).
    const xMax = (Math.max(Math.abs(kmin), Math.abs(kmax)) + 1) * s;
    const yMax = Math.max(Math.abs((lmin + 0.5) * s), Math.abs((lmax + 0.5) * s));
    const baseE = xMax + Math.abs(t.tx) + Math.abs(t.ty) + 1 + yMax;
    const eu = m.errU * baseE;
    const ev = m.errV * baseE;
    const tx = t.tx, ty = t.ty;
    const ia = m.ia, ib = m.ib, ic = m.ic, id = m.id;

    // Vertical runs (u = i): crossed by sample rows only when u varies along x (ia != 0 <=> d != 0).
    if (t.d !== 0) {
        const v = runs.vertical;
        // Estimate of the crossing step on row l: kStar = kA + i * kI + l * kL (the continuous
        // solution of ia*(x - tx) + ic*(y - ty) = i, expanded). Only an estimate: the checks
        // below certify it, and crossing() finds the exact step when they cannot.
        const kI = accuracy / ia;
        const kL = -ic / ia;
        const kA = (tx - (ic * (0.5 * s - ty)) / ia) * accuracy - 0.5;
        // The row check reads v at the sample BEFORE the crossing, at most one cell step back:
        // v(k-1) lies within |ib| * s of the crossing, on one side only (the side v comes from).
        const margin = Math.abs(ib) * s * (1 + 1e-9) + 1e-9;
        const mLo = vGrows ? 1e-9 : margin;
        const mHi = vGrows ? margin : 1e-9;
        for (let r = 0; r < v.length; r += 3) {
            const i = v[r], j0 = v[r + 1], j1 = v[r + 2];
            // World y of the run's ends (widened by the margin), along the line u = i.
            const yA = t.b * i + t.d * (j0 - mLo) + t.ty;
            const yB = t.b * i + t.d * (j1 + mHi) + t.ty;
            let la = Math.ceil(Math.min(yA, yB) * accuracy - 0.5 - SLACK);
            let lb = Math.floor(Math.max(yA, yB) * accuracy - 0.5 + SLACK);
            if (la < lmin) la = lmin;
            if (lb > lmax) lb = lmax;
            const kAi = kA + i * kI;
            let row = (la - lmin) * stride;
            for (let l = la; l <= lb; l++, row += stride) {
                const Y = (l + 0.5) * s - ty;
                const U = ic * Y;
                const kStar = kAi + l * kL;
                let k = uGrows ? Math.ceil(kStar) : Math.floor(kStar) + 1;
                // Fast path: u at k-1 and k certainly on either side of the line (doubles suffice).
                let xPrev = (k - 0.5) * s - tx;
                const u1 = ia * (xPrev + s) + U;
                const u0 = ia * xPrev + U;
                if (!(k >= kmin && k <= kmax && (uGrows ? u1 - eu >= i && u0 + eu < i : u1 + eu < i && u0 - eu >= i))) {
                    k = crossing(m, true, i, l, kStar, uGrows, kmin, kmax);
                    if (k !== k) continue; // NaN: the step is outside the raster
                    xPrev = (k - 0.5) * s - tx;
                }
                if (k > kc1) continue;
                // Is floor(v(k-1)) in [j0, j1)? Certain unless v is within ev of j0 or j1.
                const vv = ib * xPrev + id * Y;
                if (!(vv - ev >= j0 && vv + ev < j1)) {
                    if (vv + ev < j0 || vv - ev >= j1) continue;
                    const j = m.floorV(k - 1, l);
                    if (j < j0 || j >= j1) continue;
                }
                const c = k < kc0 ? 0 : k - kc0;
                bits[row + (c >>> 5)] ^= 1 << (c & 31);
            }
        }
    }

    // Horizontal runs (v = j): crossed only when v varies along x (ib != 0 <=> b != 0).
    if (t.b !== 0) {
        const h = runs.horizontal;
        const kJ = accuracy / ib;
        const kL = -id / ib;
        const kA = (tx - (id * (0.5 * s - ty)) / ib) * accuracy - 0.5;
        // The column check reads u at the sample AFTER the crossing, at most one cell step on.
        const margin = Math.abs(ia) * s * (1 + 1e-9) + 1e-9;
        const mLo = uGrows ? margin : 1e-9;
        const mHi = uGrows ? 1e-9 : margin;
        for (let r = 0; r < h.length; r += 3) {
            const j = h[r], i0 = h[r + 1], i1 = h[r + 2];
            const yA = t.b * (i0 - mLo) + t.d * j + t.ty;
            const yB = t.b * (i1 + mHi) + t.d * j + t.ty;
            let la = Math.ceil(Math.min(yA, yB) * accuracy - 0.5 - SLACK);
            let lb = Math.floor(Math.max(yA, yB) * accuracy - 0.5 + SLACK);
            if (la < lmin) la = lmin;
            if (lb > lmax) lb = lmax;
            const kAj = kA + j * kJ;
            let row = (la - lmin) * stride;
            for (let l = la; l <= lb; l++, row += stride) {
                const Y = (l + 0.5) * s - ty;
                const V = id * Y;
                const kStar = kAj + l * kL;
                let k = vGrows ? Math.ceil(kStar) : Math.floor(kStar) + 1;
                const xPrev = (k - 0.5) * s - tx;
                const v1 = ib * (xPrev + s) + V;
                const v0 = ib * xPrev + V;
                if (!(k >= kmin && k <= kmax && (vGrows ? v1 - ev >= j && v0 + ev < j : v1 + ev < j && v0 - ev >= j))) {
                    k = crossing(m, false, j, l, kStar, vGrows, kmin, kmax);
                    if (k !== k) continue;
                }
                if (k > kc1) continue;
                // Is floor(u(k)) in [i0, i1)?
                const uu = ia * ((k + 0.5) * s - tx) + ic * Y;
                if (!(uu - eu >= i0 && uu + eu < i1)) {
                    if (uu + eu < i0 || uu - eu >= i1) continue;
                    const i = m.floorU(k, l);
                    if (i < i0 || i >= i1) continue;
                }
                const c = k < kc0 ? 0 : k - kc0;
                bits[row + (c >>> 5)] ^= 1 << (c & 31);
            }
        }
    }

    // Toggles -> coverage: prefix XOR along each row, word-parallel, carrying parity across words
    // (branch-free: carry is 0 or -1, all ones).
    const tail = W & 31;
    const tailMask = tail ? 0xffffffff >>> (32 - tail) : 0xffffffff;
    for (let base = 0, end = H * stride; base < end; base += stride) {
        let carry = 0;
        for (let w = base, we = base + stride; w < we; w++) {
            let x = bits[w];
            x ^= x << 1;
            x ^= x << 2;
            x ^= x << 4;
            x ^= x << 8;
            x ^= x << 16;
            x ^= carry;
            carry = x >> 31;
            bits[w] = x;
        }
        bits[base + stride - 1] &= tailMask;
    }
    out.updateRowBounds();
    return out;
}

/**
 * Widening (in cells) of a run's candidate sample rows, to absorb the rounding of its end
 * points; the run's margin already covers the one-cell step between samples.
 */
const SLACK = 1e-6;

/** Rasters larger than this many cells are refused (a 16k x 16k grid, 32 MiB). */
export const MAX_RASTER_CELLS = 1 << 28;

/**
 * The step k in `[kmin, kmax]` (on row l) at which the samples pass grid line `line` (of u when
 * `wantU`, else of v) in the direction of travel: the first k with `floor(u(k)) >= line` when u
 * grows with k, `< line` when it shrinks. NaN when that step is outside the window (cells)
 *
 * Steps outside `[kmin, kmax]` can be ignored: there both samples of the step lie outside the
 * collider, so the toggles of that step cancel in pairs (none changes membership).
 *
 * Exact: starts from the floating-point estimate `kStar` and checks it with exact floors; when
 * the estimate is off (lines nearly parallel to the sample row are badly conditioned, and
 * denormal inverse entries may even be zero) it bisects the window with exact floors.
 */
function crossing(
    m: SampleMapper, wantU: boolean, line: number, l: number, kStar: number, increasing: boolean,
    kmin: number, kmax: number,
): number {
    let k = increasing ? Math.ceil(kStar) : Math.floor(kStar) + 1;
    if (!(k >= kmin)) k = kmin; // also NaN
    if (k > kmax) k = kmax;
    let lo: number;
    let hi: number;
    if (past(m, wantU, line, l, k, increasing)) {
        if (!past(m, wantU, line, l, k - 1, increasing)) return k;
        if (k === kmin || past(m, wantU, line, l, kmin - 1, increasing)) return NaN;
        lo = kmin - 1;
        hi = k - 1;
    } else {
        if (k === kmax) return NaN;
        if (past(m, wantU, line, l, k + 1, increasing)) return k + 1;
        if (!past(m, wantU, line, l, kmax, increasing)) return NaN;
        lo = k + 1;
        hi = kmax;
    }
    // !past(lo), past(hi)
    while (hi - lo > 1) {
        const mid = lo + ((hi - lo) >> 1);
        if (past(m, wantU, line, l, mid, increasing)) hi = mid;
        else lo = mid;
    }
    return hi;
}

function past(m: SampleMapper, wantU: boolean, line: number, l: number, k: number, increasing: boolean): boolean {
    const f = wantU ? m.floorU(k, l) : m.floorV(k, l);
    return increasing ? f >= line : f < line;
}
