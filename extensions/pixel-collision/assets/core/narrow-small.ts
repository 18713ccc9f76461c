import type { Affine2D } from './affine';
import type { BitMask } from './bitmask';
import type { Contact } from './contact';
import { floorHalfMinus, SampleMapper } from './exact';
import { isUnitQuarterTurn, maskCellBox, MAX_RASTER_CELLS } from './rasterize';
import type { CellWindow } from './rasterize';
import type { NarrowOptions } from './narrow';

/**
 * Small pairs of the CPU narrow phase, without rasters (issue 10: "never slower than the simple
 * loops"). `testMasks` (narrow.ts) spends a fixed ~50 ns (views, window, row summaries, several
 * passes) before it looks at a pixel, and for a rotated sprite it runs the boundary rasterizer,
 * whose cost follows the whole mask's boundary. For small pairs that fixed cost is most of the
 * time, so two lean paths answer them with the same results, field for field:
 *
 * 1. {@link testQuarterPairNarrow}: both masks unit quarter turns (unrotated, unscaled sprites,
 *    maybe flipped or turned by 90° steps) whose oriented variant is at most 32 texels wide:
 *    every row is one 32-bit word, so each world row is one AND of two words (B shifted by the
 *    whole-cell offset), with count, rect, centroid and the normal's gradient from popcounts.
 *    No raster view, no row summary, a few ns of setup.
 * 2. {@link testMasksPerCell}: anything else, when the pair window (narrow.ts `pairWindow`: the
 *    box where the two oriented boxes meet, +2 cells) has at most {@link PER_CELL_MAX_CELLS} cells
 *    ({@link PER_CELL_MAX_CELLS_COUNT} for count and yes/no):
 *    every cell of the window whose sample can lie in both masks' opaque bounds (each row cut
 *    to both, analytically) is mapped into the masks, exactly (below), in one fused pass that
 *    accumulates count, rect and centroid sums and keeps each mask's bits of the window for the
 *    normal's gradient (a word pass over the contact rect grown by one cell).
 *
 * The dispatch rule (in `testMasks`) and where it comes from: see {@link PER_CELL_MAX_CELLS}.
 *
 * Exactness: a sample's local coordinate is evaluated as `u = (ia * s) * k + (ia * (s / 2 - tx)
 * + ic * ((l + 1/2) * s - ty))`. That differs from SampleMapper's evaluation
 * `ia * ((k + 1/2) * s - tx) + ic * (y - ty)` (same computed `ia`, `ic`, `s`) only by the rounding
 * of five operations, each at most `eps` of a term bounded by `max(|ia|, |ic|) * (|x| + s + |tx|
 * + |y| + |ty|)`, i.e. by `6 eps M (X + s)` with `X = |x| + |tx| + |y| + |ty|`, while the mapper's
 * certified bound is `errU * (X + 1)` with `errU >= 320 eps M` (exact.ts). So
 * `2 * errU * (X + 1 + s)` bounds our error; `floor(u)` is taken from the double unless `u` is
 * within that bound of an integer, where the exact `SampleMapper.floorU` decides. The loops take
 * the floor as `u | 0` (a truncation: ~12 % faster for count than Math.floor in the bench) and
 * test the fraction `f = u - (u | 0)` (exact) as `|f - 1/2| <= hh`, one bound `hh` for the four
 * coordinates of a pair (the loops' comment derives it): that holds only when `u | 0` is
 * floor(u) and f is certain (a negative u gives a fraction in (-1, 0], a u beyond the int32 range
 * one of magnitude >= 2^32 - 1), so every other case goes to the exact path. The contact's
 * fields are then integer sums and the same final expressions as narrow.ts `overlapFull` and
 * `contactNormal`, so they are bit-identical to the raster path's.
 *
 * The normal's zero-gradient fallback uses the centres of the two masks' whole raster boxes (a
 * zero-copy view for a quarter turn: the whole oriented mask; otherwise the rasterizer's cell box
 * of the opaque bounds), as the raster path does whether its rasters were cut to the pair's
 * window or not (WorldRaster.boxK2), and as the world and the GPU narrow phase do.
 */

/** Contact modes (numbers: no string compares in the loops). */
export const SMALL_ANY = 0;
export const SMALL_COUNT = 1;
export const SMALL_FULL = 2;

/**
 * Largest pair window (cells, width x height) answered cell by cell, for a full contact; see
 * {@link PER_CELL_MAX_CELLS_COUNT} for count and yes/no. The rule: per cell when the window has at
 * most this many cells, else rasters. Measured with bench/masks.bench.ts (`MASKS_ONLY=rot`,
 * `BENCH_PROCESSES=1`, node 20, the 2-core shared dev machine; blobs at 30° / -20°, scale 1.3,
 * accuracy 1; µs per pair, memo cleared per call; the limits moved by a temporary switch; runs
 * repeated, +-5 %):
 *
 * | pair (window)       | per cell: count / full | rasters: count / full | baseline: count / full |
 * | ---                 | ---:                   | ---:                  | ---:                   |
 * | 16² (17x20 = 340)   | 0.93 / 1.52            | 1.78 / 2.15           | 0.79 / 0.80            |
 * | 20² (456)           | 1.20 / 1.99            | 2.16 / 2.54           | 1.16 / 1.20            |
 * | 24² (696)           | 1.75 / 2.70            | 2.59 / 2.97           | 1.60 / 1.65            |
 * | 28² (924)           | 2.31 / 3.40            | 2.89 / 3.42           | 2.19 / 2.25            |
 * | 32² (29x35 = 1015)  | 2.47 / 3.55            | 2.97 / 3.35           | 2.80 / 2.87            |
 * | 36²                 | 3.60 / 5.12            | 3.30 / 3.95           | 3.50 / 3.64            |
 * | 40²                 | 4.20 / 5.74            | 3.74 / 4.25           | 4.41 / 4.43            |
 *
 * Per cell costs about 0.43 µs per pair at 16² (testMasks and pairWindow ~0.1, the two mappers
 * ~0.1, the row cuts ~0.17, measured by returning early) plus ~3 ns per mapped sample (two
 * coordinates, certified floors, bit test) over the cells in both masks' cuts (count: A there,
 * B where A is set; full contact: each mask over the other's cuts grown by one cell, so about
 * 1.5-2x the count's samples, then the gradient); the rasters cost ~1.5 µs for two small
 * sprites and then grow with their boundaries only. So the crossovers differ: about 900 cells
 * for a full contact, about 1100 for count. Limits: 800 and 1100 (24² pairs cell by cell in
 * every mode, 32² ones for count and yes/no only; small sprites against a large memoized one,
 * whose window is the small sprite's box, ~2000 cells at 32² x 1.3, on the rasters).
 *
 * Tried and not kept (bench side by side, 16² to 32²): `u += du` along a row with a per-row bound
 * (slower: four more loop-carried doubles in the loop); one byte per texel instead of bits
 * (within noise); mapping B at every cell of the cuts and ANDing the bits, to avoid a branch per
 * bit (2 %, within noise, and twice the work on sparse masks). What is left at 16²: the fixed
 * part (~0.43 µs) is half the baseline's whole time, and an exact mapped sample costs ~3 ns
 * against the baseline's inexact ~1.5 ns: 16² count at ~0.8x, full contact at ~0.5x (it also
 * computes the normal), and below the baseline up to ~36² (full) / ~28² (count).
 */
export const PER_CELL_MAX_CELLS = 800;

/** Largest pair window answered cell by cell for count and yes/no (see {@link PER_CELL_MAX_CELLS}). */
export const PER_CELL_MAX_CELLS_COUNT = 1100;

/**
 * Whether `testMasksPerCell` should answer this pair (see {@link PER_CELL_MAX_CELLS}); `full`:
 * a full contact is asked for.
 */
export function perCellFits(win: Readonly<CellWindow>, full: boolean): boolean {
    const w = win.k1 - win.k0 + 1, h = win.l1 - win.l0 + 1;
    // (Cells are kept in Int32Arrays: the window must be well inside the int32 range.)
    return SMALL_PATHS.enabled && w > 0 && h > 0 && w * h <= (full ? PER_CELL_MAX_CELLS : PER_CELL_MAX_CELLS_COUNT)
        && Math.abs(win.k0) < FAR && Math.abs(win.k1) < FAR && Math.abs(win.l0) < FAR && Math.abs(win.l1) < FAR;
}

const FAR = 1 << 30;
const CELL_BOX = new Float64Array(4);

/**
 * @internal Switch for tests and benchmarks: with `enabled = false`, `testMasks` answers every
 * pair on the raster path (the two paths must give the same contact).
 */
export const SMALL_PATHS = { enabled: true };

/** The contact mode of `testMasks` options as SMALL_ANY / SMALL_COUNT / SMALL_FULL. */
function smallMode(contact: boolean | 'count' | undefined): number {
    return contact === false ? SMALL_ANY : contact === 'count' ? SMALL_COUNT : SMALL_FULL;
}

// Path 1: quarter turns, one word per row ----------------------------------------------------------

/** k0, l0 of the two views (see viewQuarterTurn), written by quarterSetup. */
const QK = new Int32Array(2);

/**
 * Whether both masks, under unit quarter turns `ta`, `tb` (callers check {@link isUnitQuarterTurn}
 * and finite translations), have oriented variants at most 32 texels wide.
 */
export function quarterPairFits(a: BitMask, ta: Readonly<Affine2D>, b: BitMask, tb: Readonly<Affine2D>): boolean {
    return SMALL_PATHS.enabled && (ta.a === 0 ? a.height : a.width) <= 32 && (tb.a === 0 ? b.height : b.width) <= 32;
}

/** The oriented variant of `mask` under `t` and its view offset (as viewQuarterTurn makes it) into QK. */
function quarterSetup(mask: BitMask, t: Readonly<Affine2D>, acc: number): BitMask {
    const swap = t.a === 0;
    const sx = swap ? t.c : t.a;
    const sy = swap ? t.b : t.d;
    const v = mask.oriented(swap, sx < 0, sy < 0);
    const TX = t.tx * acc, TY = t.ty * acc;
    QK[0] = sx > 0 ? 0 - floorHalfMinus(0.5, TX) : floorHalfMinus(-0.5, -TX) - (v.width - 1);
    QK[1] = sy > 0 ? 0 - floorHalfMinus(0.5, TY) : floorHalfMinus(-0.5, -TY) - (v.height - 1);
    return v;
}

/**
 * `testMasks` for two unit quarter turns whose variants are at most 32 wide
 * ({@link quarterPairFits}): rows of one word each, world row l of B ANDed with A's after a
 * whole-cell shift. Same contact as the raster path (without separation).
 */
export function testQuarterPairNarrow(
    a: BitMask, ta: Readonly<Affine2D>, b: BitMask, tb: Readonly<Affine2D>, options: Readonly<NarrowOptions> | undefined, out: Contact,
): boolean {
    // (The options, validated by testMasks, not the accuracy: a double argument would be boxed.)
    const acc = options?.accuracy ?? 1;
    const mode = smallMode(options?.contact);
    // The two views' variants and offsets, as viewQuarterTurn makes them (inline: a call each
    // was a third of a boolean answer).
    const swapA = ta.a === 0, sxA = swapA ? ta.c : ta.a, syA = swapA ? ta.b : ta.d;
    const va = swapA || sxA < 0 || syA < 0 ? a.oriented(swapA, sxA < 0, syA < 0) : a;
    const swapB = tb.a === 0, sxB = swapB ? tb.c : tb.a, syB = swapB ? tb.b : tb.d;
    const vb = swapB || sxB < 0 || syB < 0 ? b.oriented(swapB, sxB < 0, syB < 0) : b;
    const TXA = ta.tx * acc, TYA = ta.ty * acc, TXB = tb.tx * acc, TYB = tb.ty * acc;
    const ak0 = sxA > 0 ? 0 - floorHalfMinus(0.5, TXA) : floorHalfMinus(-0.5, -TXA) - (va.width - 1);
    const al0 = syA > 0 ? 0 - floorHalfMinus(0.5, TYA) : floorHalfMinus(-0.5, -TYA) - (va.height - 1);
    const bk0 = sxB > 0 ? 0 - floorHalfMinus(0.5, TXB) : floorHalfMinus(-0.5, -TXB) - (vb.width - 1);
    const bl0 = syB > 0 ? 0 - floorHalfMinus(0.5, TYB) : floorHalfMinus(-0.5, -TYB) - (vb.height - 1);
    out.reset();
    out.accuracy = acc;
    const aBits = va.bits, bBits = vb.bits;
    const aH = va.height, bH = vb.height;
    const lStart = al0 > bl0 ? al0 : bl0;
    const lEnd = al0 + aH < bl0 + bH ? al0 + aH : bl0 + bH;
    // B column of A column c is c + sh; B's bits at A's columns: shifted by sh.
    const sh = ak0 - bk0;
    if (lStart >= lEnd || sh >= 32 || sh <= -32) return false;
    // B's row words are shifted right by sh (B left of A: left by -sh); JS shift counts are
    // mod 32, hence the zero masks for |shift| = 32 (only the gradient's sh +- 1 reaches it).
    // (Everything inline: a call per row, e.g. to popcount32, doubled the time.)
    const right = sh >= 0, ns = -sh;
    if (mode === SMALL_ANY) {
        for (let ra = lStart - al0, rb = lStart - bl0, e = lEnd - al0; ra < e; ra++, rb++) {
            const bw = bBits[rb];
            if ((aBits[ra] & (right ? bw >>> sh : bw << ns)) !== 0) {
                out.hit = true;
                return true;
            }
        }
        return false;
    }
    const pc = PC16;
    let count = 0;
    if (mode === SMALL_COUNT) {
        for (let ra = lStart - al0, rb = lStart - bl0, e = lEnd - al0; ra < e; ra++, rb++) {
            const bw = bBits[rb];
            const x = aBits[ra] & (right ? bw >>> sh : bw << ns);
            if (x !== 0) count += pc[x & 0xffff] + pc[x >>> 16];
        }
        out._count = count;
        out.hit = count > 0;
        return out.hit;
    }
    const is = IS16;
    let minK = 0x7fffffff, maxK = -0x7fffffff, minL = 0, maxL = 0, sumK = 0, sumL = 0;
    for (let ra = lStart - al0, rb = lStart - bl0, e = lEnd - al0; ra < e; ra++, rb++) {
        const bw = bBits[rb];
        const x = aBits[ra] & (right ? bw >>> sh : bw << ns);
        if (x === 0) continue;
        const xl = x & 0xffff, xh = x >>> 16;
        const n = pc[xl] + pc[xh];
        const l = ra + al0;
        if (count === 0) minL = l;
        maxL = l;
        count += n;
        sumL += l * n;
        sumK += n * ak0 + is[xl] + is[xh] + 16 * pc[xh];
        const first = ak0 + 31 - Math.clz32(x & -x);
        const last = ak0 + 31 - Math.clz32(x);
        if (first < minK) minK = first;
        if (last > maxK) maxK = last;
    }
    if (count === 0) return false;
    const F = SUMS;
    F[F_N] = count; F[F_ACC] = acc; F[F_MINK] = minK; F[F_MAXK] = maxK; F[F_MINL] = minL; F[F_MAXL] = maxL; F[F_SUMK] = sumK; F[F_SUML] = sumL;
    fillOverlap(out);
    // The gradient over the rect grown by one cell (narrow.ts contactNormal), A's rows only.
    const kLo = Math.round(out._minX * acc) - 1, kHi = Math.round(out._maxX * acc) + 1;
    const lLo = Math.round(out._minY * acc) - 1, lHi = Math.round(out._maxY * acc) + 1;
    const c0 = kLo - ak0 > 0 ? kLo - ak0 : 0, c1 = kHi - ak0 < 32 ? kHi - ak0 : 32;
    const colMask = c0 >= c1 ? 0 : ((0xffffffff >>> (32 - (c1 - c0))) << c0) >>> 0;
    // B at A column c + 1 (B moved -x): shift sh + 1; at c - 1 (moved +x): sh - 1.
    const sl = sh + 1, sr = sh - 1;
    const zl = sl >= 32 ? 0 : -1, zr = sr <= -32 ? 0 : -1;
    const rightL = sl >= 0, nsl = -sl, rightR = sr >= 0, nsr = -sr;
    let gx = 0, gy = 0;
    const r0 = lLo - al0 > 0 ? lLo - al0 : 0, r1 = lHi - al0 < aH ? lHi - al0 : aH;
    for (let ra = r0; ra < r1; ra++) {
        const av = aBits[ra] & colMask;
        if (av === 0) continue;
        const rb = ra + al0 - bl0;
        if (rb >= 0 && rb < bH) {
            const bw = bBits[rb];
            const xl = av & (rightL ? bw >>> sl : bw << nsl) & zl;
            const xr = av & (rightR ? bw >>> sr : bw << nsr) & zr;
            gx += pc[xl & 0xffff] + pc[xl >>> 16] - pc[xr & 0xffff] - pc[xr >>> 16];
        }
        if (rb + 1 >= 0 && rb + 1 < bH) {
            const bw = bBits[rb + 1];
            const x = av & (right ? bw >>> sh : bw << ns);
            gy += pc[x & 0xffff] + pc[x >>> 16];
        }
        if (rb - 1 >= 0 && rb - 1 < bH) {
            const bw = bBits[rb - 1];
            const x = av & (right ? bw >>> sh : bw << ns);
            gy -= pc[x & 0xffff] + pc[x >>> 16];
        }
    }
    NRM[0] = gx;
    NRM[1] = gy;
    // The zero-gradient direction: the centres of the two views (the whole variants).
    NRM[2] = (bk0 + vb.width / 2) - (ak0 + va.width / 2);
    NRM[3] = (bl0 + vb.height / 2) - (al0 + va.height / 2);
    setNormal(out);
    return true;
}

/**
 * 16-bit popcount and bit-index-sum tables (64 KiB each; narrow.ts keeps its own pair, private
 * to it: table lookups inline where calls to a popcount function did not).
 */
const PC16 = new Uint8Array(65536);
const IS16 = new Uint8Array(65536);
for (let x = 1; x < 65536; x++) {
    const low = 31 - Math.clz32(x & -x);
    PC16[x] = PC16[x & (x - 1)] + 1;
    IS16[x] = IS16[x & (x - 1)] + low;
}

/**
 * The normal before normalizing (doubles: no boxing): the gradient `[0, 1]` and the direction
 * that replaces a zero gradient `[2, 3]` (centre of B's whole raster box minus A's).
 */
const NRM = new Float64Array(4);

/**
 * Writes the normal into `out` as narrow.ts contactNormal does: the gradient in NRM, or for a
 * zero gradient the fallback direction, normalized (a zero vector becomes (0, 1)). Every load and
 * comparison runs for every contact; the choices are selects. (A test reached only for a zero
 * gradient, about one contact in 75 of rotating sprites, has no type feedback when V8 optimizes
 * the caller; node 20's V8 then bailed out there on each such contact, over and over, without
 * replacing the code: a quarter of the runs of the rotating sprites' scene were 13 % slower.
 * Chromium's V8 did not, in the engine benchmark.)
 */
function setNormal(out: Contact): void {
    const gx = NRM[0], gy = NRM[1], fx = NRM[2], fy = NRM[3];
    const flat = (gx === 0 ? 1 : 0) & (gy === 0 ? 1 : 0);
    const nx = flat ? fx : gx;
    let ny = flat ? fy : gy;
    const none = (nx === 0 ? 1 : 0) & (ny === 0 ? 1 : 0);
    if (none) ny = 1;
    const len = Math.sqrt(nx * nx + ny * ny);
    out._normalX = nx / len;
    out._normalY = ny / len;
}

/** count, rect and centroid of `out` from cell sums, exactly as narrow.ts overlapFull writes them. */
function fillOverlap(out: Contact): void {
    const F = SUMS;
    const n = F[F_N], s = 1 / F[F_ACC];
    out.hit = true;
    out._count = n | 0; // (an int, as the raster path stores it: a double would change the field's kind)
    out._minX = F[F_MINK] * s;
    out._maxX = (F[F_MAXK] + 1) * s;
    out._minY = F[F_MINL] * s;
    out._maxY = (F[F_MAXL] + 1) * s;
    out._centroidX = (F[F_SUMK] / n + 0.5) * s;
    out._centroidY = (F[F_SUML] / n + 0.5) * s;
}

/** fillOverlap's inputs (doubles through a typed array: no boxing). */
const SUMS = new Float64Array(8);
const F_N = 0, F_ACC = 1, F_MINK = 2, F_MAXK = 3, F_MINL = 4, F_MAXL = 5, F_SUMK = 6, F_SUML = 7;


// Path 2: per cell ---------------------------------------------------------------------------------

const MA = new SampleMapper();
const MB = new SampleMapper();
/** Opaque bounds of the masks (scratch). */
const BND = { x: 0, y: 0, width: 0, height: 0 };
/**
 * Per mask (A at 0, B at MB_AT): P_U, P_V (u, v per cell along k), U0, V0 (their part constant over
 * the pair), IC, ID (per unit of y), TY, EU, EV (error bounds), X0, X1, Y0, Y1 (opaque bounds),
 * KMIN, KMAX, LMIN, LMAX (the rasterizer's cell box).
 */
const M = new Float64Array(47);
/** 1 / accuracy of the pair, in M. */
const S = 46;
const P_U = 0, P_V = 1, U0 = 2, V0 = 3, IC = 4, ID = 5, TY = 6, EU = 7, EV = 8;
const X0 = 9, X1 = 10, Y0 = 11, Y1 = 12, KMIN = 13, KMAX = 14, LMIN = 15, LMAX = 16, MU = 17, MV = 18;
/** The mask's whole raster box: k0, l0, width, height (the fallback normal; see rasterBox). */
const RK0 = 19, RL0 = 20, RW = 21, RH = 22;
/** Offset of B's entries in M. */
const MB_AT = 23;

/** Rows of the window: each mask's cut [lo, hi] (cells; lo > hi when empty). */
let CUT_A = new Int32Array(2 * 64);
let CUT_B = new Int32Array(2 * 64);
/** @internal Switch for tests and benchmarks: off, rows are cut by the masks' boxes alone. */
export const DIAGONALS = { on: true };

/** Each mask's bits over the window (rows of `stride` words, column 0 = window k0). */
const BITS_A = new Uint32Array(4096);
const BITS_B = new Uint32Array(4096);
const EMPTY_LO = 0x3fffffff;

/**
 * Prepares mask `m` under `t` at `o` (0: A, MB_AT: B) of M; false when the rasterizer would refuse
 * its raster (too many cells: then the raster path reports it).
 */
function cellSetup(mask: BitMask, t: Readonly<Affine2D>, acc: number, mapper: SampleMapper, o: number, win: Readonly<CellWindow>): boolean {
    mapper.setup(t, acc);
    const s = 1 / acc;
    const bb = mask.bounds(BND);
    const x0 = bb.x, y0 = bb.y, x1 = bb.x + bb.width, y1 = bb.y + bb.height;
    // The rasterizer's cell box, for the fallback normal and its size check.
    const box = maskCellBox(CELL_BOX, bb, t, acc);
    const kmin = box[0], kmax = box[1], lmin = box[2], lmax = box[3];
    if ((kmax - kmin + 1) * (lmax - lmin + 1) > MAX_RASTER_CELLS) return false;
    const ia = mapper.ia, ib = mapper.ib, ic = mapper.ic, id = mapper.id;
    M[o + P_U] = ia * s;
    M[o + P_V] = ib * s;
    M[o + U0] = ia * (0.5 * s - t.tx);
    M[o + V0] = ib * (0.5 * s - t.tx);
    M[o + IC] = ic;
    M[o + ID] = id;
    M[o + TY] = t.ty;
    // Error bound over the window (module notes), at its largest |x|, |y|.
    const xMax = (Math.max(Math.abs(win.k0), Math.abs(win.k1)) + 1) * s;
    const yMax = (Math.max(Math.abs(win.l0), Math.abs(win.l1)) + 1) * s;
    const X = xMax + Math.abs(t.tx) + yMax + Math.abs(t.ty) + 1 + s;
    M[o + EU] = 2 * mapper.errU * X;
    M[o + EV] = 2 * mapper.errV * X;
    M[o + X0] = x0; M[o + X1] = x1; M[o + Y0] = y0; M[o + Y1] = y1;
    // The cuts' margins (texels): twice the bound (the cut's own rounding in u is far below one
    // bound, M*X >= |u|), plus 1e-9 of the bounds' size for the rounding of lo - m - w0.
    M[o + MU] = 3 * M[o + EU] + 1e-9 * (1 + x1);
    M[o + MV] = 3 * M[o + EV] + 1e-9 * (1 + y1);
    linearCut(o, 0);
    linearCut(o, 1);
    diagonalCuts(o, mask.diagonalSlabs());
    M[o + KMIN] = kmin; M[o + KMAX] = kmax; M[o + LMIN] = lmin;
    M[o + LMAX] = lmax;
    // (Here, not when the fallback needs it: a cold function runs unoptimized and boxes doubles.)
    rasterBox(mask, t, acc, o);
    return true;
}

/**
 * Row cuts, per mask (at `o` in CUT) and coordinate (`v` = 0: u, 1: v): the cells k of row l
 * whose coordinate can lie in the opaque bounds are `[ceil(lo(l) - d(l)), floor(hi(l) + d(l))]`
 * with `lo(l) = C_LO + C_B * l`, `hi(l) = C_HI + C_B * l`, `d(l) = 1e-6 + 1e-14 * (|lo(l)| +
 * |hi(l)|)`; or, when the coordinate does not change along a row (`p = 0`, C_Z = 1), every cell
 * or none by the sign tests of `C_LO + C_B * l` (the coordinate) against `[C_X0, C_X1)`.
 *
 * Why it contains every cell whose sample maps into the bounds `[lo, hi)`: the loops' computed
 * coordinate is within `e` (EU / EV) of the real one, and within `e + 10 eps M X` of the real
 * linear form `p * k + c0 + c1 * l` (p, c0 = U0 + IC * (s / 2 - ty), c1 = IC * s as doubles,
 * the rest exact). So it suffices to solve `p * k + c0 + c1 * l` in `[lo - m, hi + m)` with the
 * margin m = 3e + 1e-9 (1 + hi) (MU / MV), which also absorbs the rounding of the numerators
 * `lo - m - c0` (at most a few eps of |lo| + |c0| <= |lo| + 2 M X). The quotients by p and the
 * evaluation at l are then off by a few ulps of their magnitude: d(l).
 */
const CUT = new Float64Array(2 * 4 * 8);
const C_LO = 0, C_HI = 1, C_B = 2, C_Z = 3, C_X0 = 4, C_X1 = 5;

function linearCut(o: number, v: number): void {
    const s = M[S], ty = M[o + TY];
    const p = M[o + P_U + v];
    const ic = M[o + IC + v];
    const c0 = M[o + U0 + v] + ic * (0.5 * s - ty), c1 = ic * s;
    const m = M[o + MU + v];
    const f = CUT_IN;
    f[0] = p; f[1] = c0; f[2] = c1; f[3] = M[o + X0 + 2 * v] - m; f[4] = M[o + X1 + 2 * v] + m;
    cutFrom((o === 0 ? 0 : 32) + 8 * v);
}

/**
 * The diagonal cuts of the mask at `o` (its octagon, BitMask.diagonalSlabs): `u + v` in
 * [p0, p1] (CUT slot 2) and `u - v` in [q0, q1] (slot 3). The same solution as linearCut's for
 * the sum or difference of the two linear forms, each within its margin of the exact coordinate,
 * so the margin is the sum of both (MU + MV) plus the rounding of the summed coefficients and of
 * the bounds (far below it). Rows are cut by them only where the form changes along the row
 * (see cutRows): a constant one narrows nothing and is left to the other cuts.
 */
function diagonalCuts(o: number, slabs: Readonly<Float64Array>): void {
    const s = M[S], ty = M[o + TY];
    const hs = 0.5 * s - ty;
    const cu = M[o + U0] + M[o + IC] * hs, cv = M[o + V0] + M[o + ID] * hs;
    const m = M[o + MU] + M[o + MV] + 1e-9 * (1 + Math.abs(slabs[0]) + Math.abs(slabs[1]) + Math.abs(slabs[2]) + Math.abs(slabs[3]));
    const q = o === 0 ? 0 : 32;
    const f = CUT_IN;
    f[0] = M[o + P_U] + M[o + P_V]; f[1] = cu + cv; f[2] = (M[o + IC] + M[o + ID]) * s; f[3] = slabs[0] - m; f[4] = slabs[1] + m;
    cutFrom(q + 16);
    f[0] = M[o + P_U] - M[o + P_V]; f[1] = cu - cv; f[2] = (M[o + IC] - M[o + ID]) * s; f[3] = slabs[2] - m; f[4] = slabs[3] + m;
    cutFrom(q + 24);
}

/** cutFrom's inputs `[p, c0, c1, lo, hi]` (a typed array: a call that passed them would box each double). */
const CUT_IN = new Float64Array(5);

/** CUT entries at `q` for the form `p k + c0 + c1 l` in [lo, hi], read from CUT_IN (see CUT). */
function cutFrom(q: number): void {
    const f = CUT_IN;
    const p = f[0], c0 = f[1], c1 = f[2], lo = f[3], hi = f[4];
    if (p === 0) {
        CUT[q + C_Z] = 1;
        CUT[q + C_LO] = c0; CUT[q + C_B] = c1; CUT[q + C_X0] = lo; CUT[q + C_X1] = hi;
        return;
    }
    CUT[q + C_Z] = 0;
    const k0 = (lo - c0) / p, k1 = (hi - c0) / p;
    CUT[q + C_LO] = p > 0 ? k0 : k1;
    CUT[q + C_HI] = p > 0 ? k1 : k0;
    CUT[q + C_B] = -c1 / p;
}

/** Rows' cuts of the mask at `o` into `c` (pairs [lo, hi] per row r = l - l0, window columns k0..k1). */
function cutRows(o: number, l0: number, H: number, k0: number, k1: number, c: Int32Array): void {
    const q = o === 0 ? 0 : 32;
    const zu = CUT[q + C_Z] !== 0, zv = CUT[q + 8 + C_Z] !== 0;
    const ulo = CUT[q + C_LO], uhi = CUT[q + C_HI], ub = CUT[q + C_B], ux0 = CUT[q + C_X0], ux1 = CUT[q + C_X1];
    const vlo = CUT[q + 8 + C_LO], vhi = CUT[q + 8 + C_HI], vb = CUT[q + 8 + C_B], vx0 = CUT[q + 8 + C_X0], vx1 = CUT[q + 8 + C_X1];
    // d(l) (see CUT) at the window's largest |l|, for every row: wider, never narrower.
    const lMax = Math.max(Math.abs(l0), Math.abs(l0 + H - 1));
    const du = 1e-6 + 1e-14 * (Math.abs(ulo) + Math.abs(uhi) + Math.abs(ub) * lMax);
    const dv = 1e-6 + 1e-14 * (Math.abs(vlo) + Math.abs(vhi) + Math.abs(vb) * lMax);
    // A cut with a non-finite term (a coordinate that barely changes along a row) narrows
    // nothing: the loops' bounds checks stay exact without it.
    const nu = !zu && du - du === 0, nv = !zv && dv - dv === 0;
    // The octagon's diagonals (diagonalCuts), where they change along the row and are finite.
    const slo = CUT[q + 16 + C_LO], shi = CUT[q + 16 + C_HI], sb = CUT[q + 16 + C_B];
    const dlo = CUT[q + 24 + C_LO], dhi = CUT[q + 24 + C_HI], db = CUT[q + 24 + C_B];
    const ds = 1e-6 + 1e-14 * (Math.abs(slo) + Math.abs(shi) + Math.abs(sb) * lMax);
    const dd = 1e-6 + 1e-14 * (Math.abs(dlo) + Math.abs(dhi) + Math.abs(db) * lMax);
    const ns = DIAGONALS.on && CUT[q + 16 + C_Z] === 0 && ds - ds === 0;
    const nd = DIAGONALS.on && CUT[q + 24 + C_Z] === 0 && dd - dd === 0;
    // (Doubles throughout, Math.max / min: as int32 with a branch per bound, the loop kept
    // tagged values and ran ~1.6x slower.)
    const K0 = +k0, K1 = +k1;
    for (let r = 0; r < H; r++) {
        const l = l0 + r;
        // The cuts' real bounds, then one rounding each way: ceil and floor are monotone, so
        // ceil(max(x, y)) = max(ceil(x), ceil(y)) (and K0, K1 are whole).
        let lo = K0, hi = K1;
        if (nu) {
            const bl = ub * l;
            lo = Math.max(lo, ulo + bl - du);
            hi = Math.min(hi, uhi + bl + du);
        } else if (zu) {
            const w = ulo + ub * l;
            if (!(w >= ux0 && w < ux1)) hi = -Infinity;
        }
        if (nv) {
            const bl = vb * l;
            lo = Math.max(lo, vlo + bl - dv);
            hi = Math.min(hi, vhi + bl + dv);
        } else if (zv) {
            const w = vlo + vb * l;
            if (!(w >= vx0 && w < vx1)) hi = -Infinity;
        }
        if (ns) {
            const bl = sb * l;
            lo = Math.max(lo, slo + bl - ds);
            hi = Math.min(hi, shi + bl + ds);
        }
        if (nd) {
            const bl = db * l;
            lo = Math.max(lo, dlo + bl - dd);
            hi = Math.min(hi, dhi + bl + dd);
        }
        const a = Math.ceil(lo), b = Math.floor(hi);
        // (Within [k0, k1] when not empty: exact as int32.)
        if (a > b) { c[2 * r] = EMPTY_LO; c[2 * r + 1] = -EMPTY_LO; } else { c[2 * r] = a | 0; c[2 * r + 1] = b | 0; }
    }
}

/**
 * `testMasks` cell by cell over the pair window `win` (a non-null `pairWindow`, at most
 * PER_CELL_MAX_CELLS(_COUNT) cells: {@link perCellFits}), `options` as testMasks validated them (no separation).
 * Returns -1 when it cannot answer (a raster the rasterizer refuses: the raster path throws; or
 * a window too large for its scratch),
 * else 1 for a hit and 0 for none, `out` filled as the raster path fills it.
 */
export function testMasksPerCell(
    a: BitMask, ta: Readonly<Affine2D>, b: BitMask, tb: Readonly<Affine2D>, options: Readonly<NarrowOptions> | undefined,
    win: Readonly<CellWindow>, out: Contact,
): number {
    const acc = options?.accuracy ?? 1;
    const mode = smallMode(options?.contact);
    const s = 1 / acc;
    M[S] = s;
    if (!cellSetup(a, ta, acc, MA, 0, win) || !cellSetup(b, tb, acc, MB, MB_AT, win)) return -1;
    // (Window fields may be held as doubles: `| 0` keeps them int32, so calls box nothing.)
    const K0 = win.k0 | 0, L0 = win.l0 | 0, K1 = win.k1 | 0;
    const W = (K1 - K0 + 1) | 0, H = ((win.l1 | 0) - L0 + 1) | 0;
    if (((W + 31) >>> 5) * H > BITS_A.length) return -1; // (only for windows far beyond the rule's)
    if (CUT_A.length < 2 * H) { CUT_A = new Int32Array(2 * H); CUT_B = new Int32Array(2 * H); }
    const ca = CUT_A, cb = CUT_B;
    cutRows(0, L0, H, K0, K1, ca);
    cutRows(MB_AT, L0, H, K0, K1, cb);
    out.reset();
    out.accuracy = acc;
    const aBits = a.bits, aStride = a.stride, bBits = b.bits, bStride = b.stride;
    const pua = M[P_U], pva = M[P_V], u0a = M[U0], v0a = M[V0], ica = M[IC], ida = M[ID], tya = M[TY], eua = M[EU], eva = M[EV];
    const pub = M[MB_AT + P_U], pvb = M[MB_AT + P_V], u0b = M[MB_AT + U0], v0b = M[MB_AT + V0], icb = M[MB_AT + IC], idb = M[MB_AT + ID], tyb = M[MB_AT + TY];
    const eub = M[MB_AT + EU], evb = M[MB_AT + EV];
    // Few live doubles in the loops (one certainty bound for all four coordinates, the masks'
    // sizes as int32 bounds: cells outside the opaque bounds read clear bits): with eight
    // bounds and eight fraction limits they spilled registers (count, 16²: ~4 ns a mapped
    // sample, now ~3).
    // |f - 0.5| <= hh (f = u - trunc(u), exact) certifies e <= f <= 1 - 2e - 2^-52 for the largest
    // e of the four, so trunc(u) = floor(u) = floor of the exact u (f - 0.5 is exact for f >= 1/4;
    // below, it is off by 2^-54 at most, which hh's margin covers); a negative u (f in (-1, 0])
    // or one beyond the int32 range fails it and goes to the exact floor.
    let e = eua > eva ? eua : eva;
    if (eub > e) e = eub;
    if (evb > e) e = evb;
    const hh = 0.5 - 2 * e - 2.3e-16;
    const aW = a.width | 0, aH = a.height | 0, bW = b.width | 0, bH = b.height | 0;
    if (mode !== SMALL_FULL) {
        // Count or yes/no: only cells in both cuts, B only where A is set.
        let count = 0;
        for (let r = 0; r < H; r++) {
            const k0 = ca[2 * r] > cb[2 * r] ? ca[2 * r] : cb[2 * r];
            const k1 = ca[2 * r + 1] < cb[2 * r + 1] ? ca[2 * r + 1] : cb[2 * r + 1];
            if (k0 > k1) continue;
            const l = L0 + r;
            const dya = (l + 0.5) * s - tya;
            const ura = u0a + ica * dya, vra = v0a + ida * dya;
            const dyb = (l + 0.5) * s - tyb;
            const urb = u0b + icb * dyb, vrb = v0b + idb * dyb;
            for (let k = k0; k <= k1; k++) {
                const ua = pua * k + ura, va = pva * k + vra;
                let i = ua | 0, j = va | 0; // floor(ua), floor(va) when certified below
                if (Math.abs(ua - i - 0.5) > hh || Math.abs(va - j - 0.5) > hh) { i = exactIndex(MA.floorU(k, l), aW); j = exactIndex(MA.floorV(k, l), aH); }
                // (Unsigned: a negative index is as far out as one past the end.)
                if ((i >>> 0) >= aW || (j >>> 0) >= aH || ((aBits[j * aStride + (i >>> 5)] >>> (i & 31)) & 1) === 0) continue;
                const ub = pub * k + urb, vb = pvb * k + vrb;
                let p = ub | 0, q = vb | 0;
                if (Math.abs(ub - p - 0.5) > hh || Math.abs(vb - q - 0.5) > hh) { p = exactIndex(MB.floorU(k, l), bW); q = exactIndex(MB.floorV(k, l), bH); }
                if ((p >>> 0) >= bW || (q >>> 0) >= bH || ((bBits[q * bStride + (p >>> 5)] >>> (p & 31)) & 1) === 0) continue;
                if (mode === SMALL_ANY) {
                    out.hit = true;
                    return 1;
                }
                count++;
            }
        }
        out._count = count;
        out.hit = count > 0;
        return count > 0 ? 1 : 0;
    }
    // Full contact: A's bits where B may be within one cell, B's where A may be; shared cells summed.
    const stride = (W + 31) >>> 5;
    const bitsA = BITS_A, bitsB = BITS_B;
    bitsA.fill(0, 0, stride * H);
    bitsB.fill(0, 0, stride * H);
    let count = 0, minK = 0x7fffffff, maxK = -0x7fffffff, minL = 0, maxL = 0, sumK = 0, sumL = 0;
    for (let r = 0; r < H; r++) {
        // Hulls of the other mask's cuts on rows r - 1 .. r + 1, grown by one cell.
        let hb0 = cb[2 * r], hb1 = cb[2 * r + 1], ha0 = ca[2 * r], ha1 = ca[2 * r + 1];
        if (r > 0) {
            if (cb[2 * r - 2] < hb0) hb0 = cb[2 * r - 2];
            if (cb[2 * r - 1] > hb1) hb1 = cb[2 * r - 1];
            if (ca[2 * r - 2] < ha0) ha0 = ca[2 * r - 2];
            if (ca[2 * r - 1] > ha1) ha1 = ca[2 * r - 1];
        }
        if (r + 1 < H) {
            if (cb[2 * r + 2] < hb0) hb0 = cb[2 * r + 2];
            if (cb[2 * r + 3] > hb1) hb1 = cb[2 * r + 3];
            if (ca[2 * r + 2] < ha0) ha0 = ca[2 * r + 2];
            if (ca[2 * r + 3] > ha1) ha1 = ca[2 * r + 3];
        }
        const l = L0 + r;
        const base = r * stride;
        let ka0 = ca[2 * r], ka1 = ca[2 * r + 1];
        if (hb0 - 1 > ka0) ka0 = hb0 - 1;
        if (hb1 + 1 < ka1) ka1 = hb1 + 1;
        if (ka0 <= ka1) {
            const dya = (l + 0.5) * s - tya;
            const ura = u0a + ica * dya, vra = v0a + ida * dya;
            let cw = (ka0 - K0) >>> 5, acc = 0;
            for (let k = ka0; k <= ka1; k++) {
                const ua = pua * k + ura, va = pva * k + vra;
                let i = ua | 0, j = va | 0;
                if (Math.abs(ua - i - 0.5) > hh || Math.abs(va - j - 0.5) > hh) { i = exactIndex(MA.floorU(k, l), aW); j = exactIndex(MA.floorV(k, l), aH); }
                // The sample's bit (0 outside the mask), or-ed in with no branch: along a row the
                // samples leave and enter the mask where no pattern tells. The row's bits gather
                // in a register, stored once a word.
                const inA = +((i >>> 0) < aW) & +((j >>> 0) < aH);
                const c = k - K0;
                if ((c >>> 5) !== cw) { bitsA[base + cw] = acc; acc = 0; cw = c >>> 5; }
                acc |= (inA & (aBits[(j * aStride + (i >>> 5)) & -inA] >>> (i & 31))) << (c & 31);
            }
            bitsA[base + cw] = acc;
        }
        let kb0 = cb[2 * r], kb1 = cb[2 * r + 1];
        if (ha0 - 1 > kb0) kb0 = ha0 - 1;
        if (ha1 + 1 < kb1) kb1 = ha1 + 1;
        if (kb0 > kb1) continue;
        const dyb = (l + 0.5) * s - tyb;
        const urb = u0b + icb * dyb, vrb = v0b + idb * dyb;
        let cw = (kb0 - K0) >>> 5, acc = 0;
        for (let k = kb0; k <= kb1; k++) {
            const ub = pub * k + urb, vb = pvb * k + vrb;
            let p = ub | 0, q = vb | 0;
            if (Math.abs(ub - p - 0.5) > hh || Math.abs(vb - q - 0.5) > hh) { p = exactIndex(MB.floorU(k, l), bW); q = exactIndex(MB.floorV(k, l), bH); }
            const inB = +((p >>> 0) < bW) & +((q >>> 0) < bH);
            const c = k - K0;
            if ((c >>> 5) !== cw) { bitsB[base + cw] = acc; acc = 0; cw = c >>> 5; }
            acc |= (inB & (bBits[(q * bStride + (p >>> 5)) & -inB] >>> (p & 31))) << (c & 31);
        }
        bitsB[base + cw] = acc;
        // The row's shared cells from the words (popcounts and bit-index sums, no branch per
        // cell): B's bits lie in [kb0, kb1], so only those words can hold shared cells.
        let rowCount = 0;
        for (let w = (kb0 - K0) >>> 5, we = (kb1 - K0) >>> 5; w <= we; w++) {
            const x = bitsA[base + w] & bitsB[base + w];
            if (x === 0) continue;
            const xl = x & 0xffff, xh = x >>> 16;
            const n = PC16[xl] + PC16[xh];
            const k0w = K0 + (w << 5);
            rowCount += n;
            sumK += n * k0w + IS16[xl] + IS16[xh] + 16 * PC16[xh];
            const first = k0w + 31 - Math.clz32(x & -x), last = k0w + 31 - Math.clz32(x);
            if (first < minK) minK = first;
            if (last > maxK) maxK = last;
        }
        if (rowCount > 0) {
            if (count === 0) minL = l;
            maxL = l;
            sumL += l * rowCount;
            count += rowCount;
        }
    }
    if (count === 0) return 0;
    const F = SUMS;
    F[F_N] = count; F[F_ACC] = acc; F[F_MINK] = minK; F[F_MAXK] = maxK; F[F_MINL] = minL; F[F_MAXL] = maxL; F[F_SUMK] = sumK; F[F_SUML] = sumL;
    fillOverlap(out);
    // The gradient over the rect grown by one cell (narrow.ts contactNormal); the window holds it
    // and its neighbours (the window is the oriented boxes' intersection grown by 2 cells).
    // contactNormal's window, round(minX * accuracy) - 1 ... round(maxX * accuracy) + 1, is
    // minK - 1 ... maxK + 2 (minK * (1 / acc) * acc is within 2 ulps of minK): in integers.
    const kLo = minK - 1, kHi = maxK + 2, lLo = minL - 1, lHi = maxL + 2;
    gradientWindow((kLo - K0) | 0, (kHi - K0) | 0, (lLo - L0) | 0, (lHi - L0) | 0, stride, H);
    NRM[2] = (M[MB_AT + RK0] + M[MB_AT + RW] / 2) - (M[RK0] + M[RW] / 2);
    NRM[3] = (M[MB_AT + RL0] + M[MB_AT + RH] / 2) - (M[RL0] + M[RH] / 2);
    setNormal(out);
    return 1;
}

/**
 * NRM = (count(B moved -x) - count(B moved +x), count(B moved -y) - count(B moved +y)) over A's
 * cells in window columns [c0, c1) and rows [r0, r1), from BITS_A / BITS_B (rows of `stride`
 * words, `H` rows; zero outside).
 */
function gradientWindow(c0: number, c1: number, r0: number, r1: number, stride: number, H: number): void {
    const A = BITS_A, B = BITS_B;
    let gx = 0, gy = 0;
    if (c0 < 0) c0 = 0;
    if (r0 < 0) r0 = 0;
    if (r1 > H) r1 = H;
    if (c1 > stride << 5) c1 = stride << 5;
    const w0 = c0 >> 5, w1 = (c1 - 1) >> 5;
    const m0 = (0xffffffff << (c0 & 31)) >>> 0;
    const m1 = 0xffffffff >>> (31 - ((c1 - 1) & 31));
    for (let r = r0; r < r1; r++) {
        const base = r * stride;
        for (let w = w0; w <= w1; w++) {
            let av = A[base + w];
            if (w === w0) av &= m0;
            if (w === w1) av &= m1;
            if (av === 0) continue;
            const cur = B[base + w];
            const next = w + 1 < stride ? B[base + w + 1] : 0;
            const prev = w > 0 ? B[base + w - 1] : 0;
            // B at column c + 1 (B moved -x) and c - 1 (moved +x), same row.
            const bl = (cur >>> 1) | (next << 31);
            const br = (cur << 1) | (prev >>> 31);
            const xl = av & bl, xr = av & br;
            gx += PC16[xl & 0xffff] + PC16[xl >>> 16] - PC16[xr & 0xffff] - PC16[xr >>> 16];
            if (r + 1 < H) { const x = av & B[base + stride + w]; gy += PC16[x & 0xffff] + PC16[x >>> 16]; }
            if (r > 0) { const x = av & B[base - stride + w]; gy -= PC16[x & 0xffff] + PC16[x >>> 16]; }
        }
    }
    NRM[0] = gx;
    NRM[1] = gy;
}

/**
 * An exact floor (a double, maybe saturated at +-2^53) as the loops' int32 texel index: itself when
 * in [0, hi), else -1 (outside every mask's bounds, which start at 0).
 */
function exactIndex(x: number, hi: number): number {
    return x >= 0 && x < hi ? x | 0 : -1;
}

/**
 * k0, l0, width, height of the whole raster rasterizeMaskChecked(mask, t, acc) makes (no clip
 * window: WorldRaster.boxK2), into M at `o`: the zero-gradient normal's centres.
 */
function rasterBox(mask: BitMask, t: Readonly<Affine2D>, acc: number, o: number): void {
    if (isUnitQuarterTurn(t, acc)) {
        const v = quarterSetup(mask, t, acc);
        M[o + RK0] = QK[0]; M[o + RL0] = QK[1]; M[o + RW] = v.width; M[o + RH] = v.height;
        return;
    }
    const kmin = M[o + KMIN], kmax = M[o + KMAX], lmin = M[o + LMIN], lmax = M[o + LMAX];
    M[o + RK0] = kmin; M[o + RL0] = lmin; M[o + RW] = kmax - kmin + 1; M[o + RH] = lmax - lmin + 1;
}
