import { assertInvertible } from './affine';
import type { Affine2D } from './affine';
import type { BitMask } from './bitmask';
import { SampleMapper, floorHalfMinus, TWO_52 } from './exact';
import { WorldRaster } from './raster';
import { RUN_STRIDE, UNKNOWN_RUNS } from './rows';
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
    if (accuracy === 1) {
        // (The common case first: one sample per unit, a sprite neither scaled nor rotated.)
        if (t.b === 0 && t.c === 0) return (t.a === 1 || t.a === -1) && (t.d === 1 || t.d === -1);
        if (t.a === 0 && t.d === 0) return (t.b === 1 || t.b === -1) && (t.c === 1 || t.c === -1);
        return false;
    }
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
    viewQuarterTurn(mask, t, accuracy, out);
    return true;
}

/**
 * @internal The zero-copy view of `mask` under `t`, which must be a unit quarter turn at
 * `accuracy` ({@link isUnitQuarterTurn}) with a finite translation. Any mask, also an empty one.
 */
export function viewQuarterTurn(mask: BitMask, t: Readonly<Affine2D>, accuracy: number, out: WorldRaster): WorldRaster {
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
    // floorHalfMinus(±0.5, ±T), its check written out here: the call is made only when the
    // double floor may be off by one (or far from the origin), so no double is passed (and boxed)
    // to a call V8 does not inline.
    const rx = sx > 0 ? 0.5 : -0.5, X = sx > 0 ? TX : -TX;
    let fx = Math.floor(rx - X);
    if (!(X < TWO_52 && X > -TWO_52) || X > rx - fx || X <= rx - fx - 1) fx = floorHalfMinus(rx, X);
    const ry = sy > 0 ? 0.5 : -0.5, Y = sy > 0 ? TY : -TY;
    let fy = Math.floor(ry - Y);
    if (!(Y < TWO_52 && Y > -TWO_52) || Y > ry - fy || Y <= ry - fy - 1) fy = floorHalfMinus(ry, Y);
    const k0 = sx > 0 ? 0 - fx : fx - (nx - 1); // 0 - x: never -0
    const l0 = sy > 0 ? 0 - fy : fy - (ny - 1);
    return out.view(mask.oriented(swap, sx < 0, sy < 0), accuracy, k0, l0);
}

const SCRATCH_BOUNDS = { x: 0, y: 0, width: 0, height: 0 };
const MAPPER = new SampleMapper();

const CELL_BOX = new Float64Array(4);

/**
 * The cells `[kmin, kmax] x [lmin, lmax]` (into `out`, in that order) whose samples may fall in a
 * mask's opaque bounds `bb` under `t` at `acc`: the bounds' world AABB, plus one cell each side.
 * The exact rasterizer covers exactly these (cut to its clip window); the small-pair path
 * (narrow-small.ts) and the GPU planner use them for the zero-gradient normal's raster centres.
 */
export function maskCellBox(
    out: Float64Array, bb: { x: number; y: number; width: number; height: number }, t: Readonly<Affine2D>, acc: number,
): Float64Array {
    const x0 = bb.x, y0 = bb.y, x1 = bb.x + bb.width, y1 = bb.y + bb.height;
    const ax0 = t.a * x0, ax1 = t.a * x1, cy0 = t.c * y0, cy1 = t.c * y1;
    const bx0 = t.b * x0, bx1 = t.b * x1, dy0 = t.d * y0, dy1 = t.d * y1;
    const minX = Math.min(ax0, ax1) + Math.min(cy0, cy1) + t.tx;
    const maxX = Math.max(ax0, ax1) + Math.max(cy0, cy1) + t.tx;
    const minY = Math.min(bx0, bx1) + Math.min(dy0, dy1) + t.ty;
    const maxY = Math.max(bx0, bx1) + Math.max(dy0, dy1) + t.ty;
    out[0] = Math.ceil(minX * acc - 0.5) - 1;
    out[1] = Math.floor(maxX * acc - 0.5) + 1;
    out[2] = Math.ceil(minY * acc - 0.5) - 1;
    out[3] = Math.floor(maxY * acc - 0.5) + 1;
    return out;
}
function rasterizeGeneral(
    mask: BitMask, t: Readonly<Affine2D>, accuracy: number, out: WorldRaster,
    bb: { x: number; y: number; width: number; height: number }, clip: Readonly<CellWindow>,
): WorldRaster {
    const m = MAPPER.setup(t, accuracy);
    const s = 1 / accuracy;
    // The collider's cells [kmin, kmax] x [lmin, lmax]; crossings are searched over all of them.
    const box = maskCellBox(CELL_BOX, bb, t, accuracy);
    const kmin = box[0], kmax = box[1], lmin0 = box[2], lmax0 = box[3];
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
    if (!(W > 0 && H > 0)) out.reset(accuracy, kc0, lmin, 0, 0);
    else out.reset(accuracy, kc0, lmin, W, H);
    // The uncut box's centre (WorldRaster.boxK2): the zero-gradient normal must not depend on the clip.
    out.boxK2 = kmin + kmax + 1;
    out.boxL2 = lmin0 + lmax0 + 1;
    if (!(W > 0 && H > 0)) return out;
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
    const p = PASS;
    p[P_S] = s; p[P_TX] = t.tx; p[P_TY] = t.ty; p[P_ACC] = accuracy;
    p[P_KMIN] = kmin; p[P_KMAX] = kmax; p[P_KC0] = kc0; p[P_KC1] = kc1; p[P_LMIN] = lmin; p[P_LMAX] = lmax;
    const ia = m.ia, ib = m.ib, ic = m.ic, id = m.id;

    // Vertical runs (u = i): crossed by sample rows only when u varies along x (ia != 0 <=> d != 0).
    // The row check reads v at the sample BEFORE the crossing, at most one cell step back:
    // v(k-1) lies within |ib| * s of the crossing, on one side only (the side v comes from).
    if (t.d !== 0) {
        const margin = Math.abs(ib) * s * (1 + 1e-9) + 1e-9;
        p[P_LA] = ia; p[P_LB] = ic; p[P_TA] = ib; p[P_TB] = id; p[P_EL] = eu; p[P_ET] = ev;
        p[P_KI] = accuracy / ia; p[P_KL] = -ic / ia; p[P_KA] = (t.tx - (ic * (0.5 * s - t.ty)) / ia) * accuracy - 0.5;
        p[P_P] = t.b; p[P_Q] = t.d; p[P_MLO] = vGrows ? 1e-9 : margin; p[P_MHI] = vGrows ? margin : 1e-9;
        p[P_PX] = t.a; p[P_QX] = t.c;
        p[P_GROWS] = uGrows ? 1 : 0;
        runPass(runs.vertical, bits, stride, m, true);
    }
    // Horizontal runs (v = j): crossed only when v varies along x (ib != 0 <=> b != 0).
    // The column check reads u at the sample AFTER the crossing, at most one cell step on.
    if (t.b !== 0) {
        const margin = Math.abs(ia) * s * (1 + 1e-9) + 1e-9;
        p[P_LA] = ib; p[P_LB] = id; p[P_TA] = ia; p[P_TB] = ic; p[P_EL] = ev; p[P_ET] = eu;
        p[P_KI] = accuracy / ib; p[P_KL] = -id / ib; p[P_KA] = (t.tx - (id * (0.5 * s - t.ty)) / ib) * accuracy - 0.5;
        p[P_P] = t.d; p[P_Q] = t.b; p[P_MLO] = uGrows ? margin : 1e-9; p[P_MHI] = uGrows ? 1e-9 : margin;
        p[P_PX] = t.c; p[P_QX] = t.a;
        p[P_GROWS] = vGrows ? 1 : 0;
        runPass(runs.horizontal, bits, stride, m, false);
    }

    // Narrow rasters (the cut rasters of contact details are a few words wide): every word, no
    // search; wide ones skip the words before a row's first toggle.
    if (stride <= FLAT_STRIDE) prefixXorFlat(bits, stride, W, H, out.rowSpans, out.rowRuns);
    else prefixXor(bits, stride, W, H, out.rowSpans, out.rowRuns);
    return out;
}

/**
 * Toggles -> coverage: prefix XOR along each row, word-parallel, carrying parity across words
 * (carry is 0 or -1, all ones). Words before a row's first toggle stay 0 and are not written;
 * after its last toggle they take the carry (odd only when the clip dropped toggles on the right).
 * (A function of its own: rasterizeGeneral stays loop-free, so V8 never runs it as on-stack-replaced
 * code entered at a loop.)
 */
function prefixXor(
    bits: Uint32Array, stride: number, W: number, H: number,
    rowSpans: Int32Array, rowRuns: Int32Array,
): void {
    const tail = W & 31;
    const tailMask = tail ? 0xffffffff >>> (32 - tail) : 0xffffffff;
    for (let r = 0, base = 0; r < H; r++, base += stride) {
        const we = base + stride;
        const ro = r * RUN_STRIDE;
        let w = base;
        while (w < we && bits[w] === 0) w++;
        if (w === we) {
            rowSpans[2 * r] = W; rowSpans[2 * r + 1] = 0; rowRuns[ro] = 0;
            continue;
        }
        let e = we;
        while (bits[e - 1] === 0) e--;
        // The row summary comes from the toggles, which are the runs' ends: coverage starts at
        // the first toggle and ends at the last one (or at the row's end when their number is
        // odd: the clip dropped the closing toggle); one run iff at most two toggles.
        // Words are read as int32 (`| 0`: the same 32 bits): a Uint32Array load above 2^31 is not
        // an int32, and Chromium's mid tier (Maglev) speculating int32 here deoptimized on every
        // such word, hundreds of times a frame, running this loop unoptimized and boxing numbers.
        const first = bits[w] | 0, last = bits[e - 1] | 0;
        const lo = ((w - base) << 5) + 31 - Math.clz32(first & -first);
        let toggles = 0;
        let carry = 0;
        for (; w < e; w++) {
            let x = bits[w] | 0;
            if (x === 0) {
                bits[w] = carry; // no toggle in this word: all inside or all outside
                continue;
            }
            // Toggles counted up to 3 ("more than two"): 1 or 2 bits, else 3.
            const y = x & (x - 1);
            toggles += y === 0 ? 1 : (y & (y - 1)) === 0 ? 2 : 3;
            x = prefixXorWord(x) ^ carry;
            carry = x >> 31;
            bits[w] = x;
        }
        if (carry !== 0) for (; w < we; w++) bits[w] = carry;
        bits[we - 1] &= tailMask;
        // An odd number of toggles leaves the carry set: the coverage runs to the row's end.
        const hi = carry !== 0 ? W : ((e - 1 - base) << 5) + 31 - Math.clz32(last);
        setRowSummary(rowSpans, rowRuns, r, lo, hi, toggles);
    }
}

/** Bit i of the result: the XOR of bits 0..i of `x` (int32 in, int32 out). */
function prefixXorWord(x: number): number {
    x ^= x << 1;
    x ^= x << 2;
    x ^= x << 4;
    x ^= x << 8;
    return x ^ (x << 16);
}

/**
 * Row `r`'s summary from its toggles: coverage from the first toggle `lo` to `hi` (the last one,
 * or the row's end), one run iff at most two toggles (`toggles`, counted up to 3, at least 1).
 * A full row's run list is its span; other rows' lists are read from the words on first use
 * (resolveRuns), most rows of a sprite being full.
 */
function setRowSummary(rowSpans: Int32Array, rowRuns: Int32Array, r: number, lo: number, hi: number, toggles: number): void {
    const ro = r * RUN_STRIDE;
    const full = toggles <= 2;
    rowSpans[2 * r] = full ? lo : ~lo;
    rowSpans[2 * r + 1] = hi;
    if (full) {
        rowRuns[ro] = 1;
        rowRuns[ro + 1] = lo;
        rowRuns[ro + 2] = hi;
    } else {
        rowRuns[ro] = UNKNOWN_RUNS;
    }
}

/** Widest raster (words a row) that {@link prefixXorFlat} turns into coverage. */
const FLAT_STRIDE = 4;

/**
 * {@link prefixXor} with no branch that depends on where a row's toggles lie: every word of every
 * row is read and written (the rasters it serves are a few words wide), and the row's first and
 * last toggle and their number (counted up to 3) are kept by selects, not by searching.
 */
function prefixXorFlat(
    bits: Uint32Array, stride: number, W: number, H: number,
    rowSpans: Int32Array, rowRuns: Int32Array,
): void {
    const tail = W & 31;
    const tailMask = tail ? 0xffffffff >>> (32 - tail) : 0xffffffff;
    for (let r = 0, base = 0; r < H; r++, base += stride) {
        let carry = 0, toggles = 0, lo = -1, hi = 0;
        for (let w = 0; w < stride; w++) {
            // (Words read as int32, see prefixXor.)
            let x = bits[base + w] | 0;
            const y = x & (x - 1);
            const any = +(x !== 0);
            toggles += any + +(y !== 0) + +((y & (y - 1)) !== 0);
            const at = w << 5;
            const first = at + 31 - Math.clz32(x & -x), last = at + 31 - Math.clz32(x);
            lo = lo < 0 && any !== 0 ? first : lo;
            hi = any !== 0 ? last : hi;
            x = prefixXorWord(x) ^ carry;
            carry = x >> 31;
            bits[base + w] = x;
        }
        bits[base + stride - 1] &= tailMask;
        if (toggles === 0) {
            rowSpans[2 * r] = W; rowSpans[2 * r + 1] = 0; rowRuns[r * RUN_STRIDE] = 0;
            continue;
        }
        setRowSummary(rowSpans, rowRuns, r, lo, carry !== 0 ? W : hi, toggles);
    }
}

// Parameters of one runPass (module scratch: doubles passed without allocating).
const PASS = new Float64Array(26);
const P_S = 0, P_TX = 1, P_TY = 2, P_ACC = 3, P_KMIN = 4, P_KMAX = 5, P_KC0 = 6, P_KC1 = 7, P_LMIN = 8, P_LMAX = 9;
const P_LA = 10, P_LB = 11, P_TA = 12, P_TB = 13, P_EL = 14, P_ET = 15, P_KI = 16, P_KL = 17, P_KA = 18;
const P_P = 19, P_Q = 20, P_MLO = 21, P_MHI = 22, P_GROWS = 23, P_PX = 24, P_QX = 25;

/**
 * Toggles, for every boundary run `(line, a0, a1)` of one family, the step where each sample
 * row crosses it. Vertical runs (`vertical`): the crossed coordinate is u (`line` = i), the
 * tested one is v at the sample before the step, in `[a0, a1)` = `[j0, j1)`. Horizontal runs:
 * the crossed coordinate is v (`line` = j), the tested one u at the sample after the step.
 *
 * With `(lA, lB)` the inverse's row of the crossed coordinate (u = lA * (x - tx) + lB * (y - ty))
 * and `(tA, tB)` the tested one's, `eL`, `eT` their error bounds over the whole raster.
 */
function runPass(runs: Int32Array, bits: Uint32Array, stride: number, m: SampleMapper, vertical: boolean): void {
    const p = PASS;
    const s = p[P_S], tx = p[P_TX], ty = p[P_TY], acc = p[P_ACC];
    const kmin = p[P_KMIN], kmax = p[P_KMAX], kc0 = p[P_KC0], kc1 = p[P_KC1], lmin = p[P_LMIN], lmax = p[P_LMAX];
    const lA = p[P_LA], lB = p[P_LB], tA = p[P_TA], tB = p[P_TB], eL = p[P_EL], eT = p[P_ET];
    // Estimate of the crossing step on row l: kStar = kA + line * kI + l * kL (the continuous
    // solution of lA*(x - tx) + lB*(y - ty) = line, expanded). Only an estimate: the checks
    // below certify it, and crossing() finds the exact step when they cannot.
    const kI = p[P_KI], kL = p[P_KL], kA = p[P_KA];
    // World y of a run's ends along its line: P * line + Q * a + ty, a widened by the margins.
    const P = p[P_P], Q = p[P_Q], mLo = p[P_MLO], mHi = p[P_MHI];
    // World x of a run's ends along its line: PX * line + QX * a + tx. A step that toggles lies at
    // or right of where the row meets the (widened) run, so a run whose leftmost point is right
    // of the window's last column toggles nothing in it (2 cells of slack for rounding).
    const PX = p[P_PX], QX = p[P_QX], kSkip = kc1 + 2;
    const grows = p[P_GROWS] !== 0;
    // Pass 1: the sample rows each run may toggle, as work items (run, row). Runs are short
    // (a few rows each), so a loop over each run's rows would mispredict its exit once per run;
    // instead ITEM_BATCH items are written unconditionally and the count advanced by the real
    // number (longer runs take a second loop).
    const nRuns = runs.length;
    let items = ITEMS;
    let cap = items.length - 2 * ITEM_BATCH;
    // World y grows with a along the line when Q > 0: the run's lowest row comes from its a0 end.
    const up = Q > 0;
    let n = 0; // 2 * number of items
    for (let r = 0; r < nRuns; r += 3) {
        const line = runs[r];
        const xA = PX * line + QX * (runs[r + 1] - mLo) + tx;
        const xB = PX * line + QX * (runs[r + 2] + mHi) + tx;
        if ((xA < xB ? xA : xB) * acc - 0.5 > kSkip) continue; // (ceil(x) > kSkip iff x > kSkip: kSkip is whole)
        const pl = P * line;
        const yA = pl + Q * (runs[r + 1] - mLo) + ty;
        const yB = pl + Q * (runs[r + 2] + mHi) + ty;
        let la = Math.ceil((up ? yA : yB) * acc - 0.5 - SLACK);
        let lb = Math.floor((up ? yB : yA) * acc - 0.5 + SLACK);
        if (la < lmin) la = lmin;
        if (lb > lmax) lb = lmax;
        if (!(la <= lb)) continue;
        const r0 = (la - lmin) | 0, count = (lb - la + 1) | 0; // both in [0, H]: exact, never -0
        if (n + 2 * count > cap) {
            items = growItems(n + 2 * count + 2 * ITEM_BATCH);
            cap = items.length - 2 * ITEM_BATCH;
        }
        items[n] = r; items[n + 1] = r0;
        items[n + 2] = r; items[n + 3] = r0 + 1;
        items[n + 4] = r; items[n + 5] = r0 + 2;
        items[n + 6] = r; items[n + 7] = r0 + 3;
        for (let q = ITEM_BATCH; q < count; q++) {
            items[n + 2 * q] = r;
            items[n + 2 * q + 1] = r0 + q;
        }
        n += 2 * count;
    }

    // Pass 2: per item, the step k where row l crosses the run's line, certified; then whether the
    // tested coordinate next to it lies in the run. Items the doubles cannot decide are moved to
    // the front of the list and finished exactly by slowItems (no calls in this loop).
    // The tested coordinate is read at the sample before the step (vertical) or after it.
    const tOff = vertical ? 0 : s;
    const wMax = kc1 - kc0;
    let nSlow = 0;
    for (let q = 0; q < n; q += 2) {
        const r = items[q], rr = items[q + 1];
        const line = runs[r];
        const l = lmin + rr;
        const Y = (l + 0.5) * s - ty;
        const L = lB * Y;
        const kStar = kA + line * kI + l * kL;
        const k = grows ? Math.ceil(kStar) : Math.floor(kStar) + 1;
        // The crossed coordinate at k-1 and k certainly on either side of the line?
        const xPrev = (k - 0.5) * s - tx;
        const xNext = xPrev + s;
        const w1 = lA * xNext + L;
        const w0 = lA * xPrev + L;
        if (!(k >= kmin && k <= kmax && (grows ? w1 - eL >= line && w0 + eL < line : w1 + eL < line && w0 - eL >= line))) {
            items[nSlow++] = r;
            items[nSlow++] = rr;
            continue;
        }
        const c = k - kc0; // exact
        if (c > wMax) continue;
        // Is the floor of the tested coordinate in [a0, a1)? Certain unless within eT of a0 or a1.
        const a0 = runs[r + 1], a1 = runs[r + 2];
        const tv = tA * (xPrev + tOff) + tB * Y;
        // In the run (certainly), out of it (certainly), or too close to an end to tell: the first
        // two, about as frequent as each other and in no pattern, toggle the bit or not without a
        // branch (a 0 or 1 shifted); the third is rare and goes to slowItems.
        const lo = tv - eT, hi = tv + eT;
        const inside = +(lo >= a0) & +(hi < a1);
        if ((+(hi >= a0) & +(lo < a1) & (inside ^ 1)) !== 0) {
            items[nSlow++] = r;
            items[nSlow++] = rr;
            continue;
        }
        const ci = c < 0 ? 0 : c | 0;
        bits[rr * stride + (ci >>> 5)] ^= inside << (ci & 31);
    }
    if (nSlow > 0) slowItems(runs, bits, stride, m, vertical, nSlow);
}

/** Finishes the first `n / 2` items of runPass exactly (exact floors, BigInt when needed). */
function slowItems(runs: Int32Array, bits: Uint32Array, stride: number, m: SampleMapper, vertical: boolean, n: number): void {
    const p = PASS;
    const kmin = p[P_KMIN], kmax = p[P_KMAX], kc0 = p[P_KC0], kc1 = p[P_KC1], lmin = p[P_LMIN];
    const kI = p[P_KI], kL = p[P_KL], kA = p[P_KA];
    const grows = p[P_GROWS] !== 0;
    const items = ITEMS;
    for (let q = 0; q < n; q += 2) {
        const r = items[q], rr = items[q + 1];
        const line = runs[r], a0 = runs[r + 1], a1 = runs[r + 2];
        const l = lmin + rr;
        const k = crossing(m, vertical, line, l, kA + line * kI + l * kL, grows, kmin, kmax);
        if (k !== k || k > kc1) continue; // NaN: the step is outside the raster
        const f = vertical ? m.floorV(k - 1, l) : m.floorU(k, l);
        if (f < a0 || f >= a1) continue;
        const c = k < kc0 ? 0 : (k - kc0) | 0;
        bits[rr * stride + (c >>> 5)] ^= 1 << (c & 31);
    }
}

/** Work items of runPass: pairs (run offset, raster row) (module scratch, grown on demand). */
let ITEMS: Int32Array = new Int32Array(2048);
/** Items written unconditionally per run (most runs cover fewer sample rows). */
const ITEM_BATCH = 4;

function growItems(need: number): Int32Array {
    const items = new Int32Array(Math.max(need, ITEMS.length * 2));
    items.set(ITEMS);
    ITEMS = items;
    return items;
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
