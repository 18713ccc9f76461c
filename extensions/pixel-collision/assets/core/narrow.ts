import { affineEquals, assertInvertible } from './affine';
import type { Affine2D } from './affine';
import { setBeforeEdit } from './bitmask';
import type { BitMask } from './bitmask';
import { Contact, ContactSource, DETAIL_NORMAL } from './contact';
import type { ContactResolver } from './contact';
import { SampleMapper } from './exact';
import { popcount32, WorldRaster } from './raster';
import { isUnitQuarterTurn, rasterizeMaskChecked, viewQuarterTurn } from './rasterize';
import type { CellWindow } from './rasterize';
import { BAND, RUN_STRIDE } from './rows';
import { perCellFits, quarterPairFits, testMasksPerCell, testQuarterPairNarrow } from './narrow-small';
import { checkAccuracy, DEFAULT_ACCURACY } from './sampling';
import type { WorldShape } from './shape';
import { shapeContainsSample, shapeRowCells } from './shape-sampling';

/**
 * The CPU narrow phase: both colliders become {@link WorldRaster}s on the pair's sampling grid
 * (zero-copy views for unrotated / quarter-turned sprites, exact boundary rasterization
 * otherwise, cut to the pair's window), then they are compared row by row, cheapest form first:
 *
 * 1. union spans of 4 rows (`bands`), then row spans: rows that cannot meet are skipped;
 * 2. two *full* rows (one solid span each) share one interval: count, sums and the normal's
 *    differences are interval arithmetic, O(1) a row;
 * 3. rows with at most 4 runs merge their interval lists;
 * 4. anything else ANDs 32-bit words:
 *
 * ```
 *   A row:   ....####|########|###.....      B is shifted against A by whole cells,
 *   B row:        ...|.#######|#####...      so each A word meets (B word >>> o | next << 32-o)
 *   A & B:           |.#######|###           (o = 0 is its own branch: in JS  w << 32 === w)
 * ```
 *
 * Contact fields (see {@link Contact}):
 * - `count`, rect, centroid: exact over the shared samples (interval sums, or popcounts and
 *   16-bit index-sum tables on the word path).
 * - normal: the direction in which moving B by one cell reduces the overlap the most, i.e. the
 *   finite-difference gradient of the shared-sample count:
 *   `n = (count(B moved -x) - count(B moved +x), count(B moved -y) - count(B moved +y))`,
 *   normalized, counted in the overlap rect grown by one cell. When that is zero (B deep inside A,
 *   or symmetric overlaps) it falls back to the direction from the centre of A's raster to the
 *   centre of B's, and to (0, 1) when those agree. The four counts are never made one by one:
 *   per row, the x difference comes from the run boundaries (`sum_c A(c) (B(c+1) - B(c-1))`
 *   changes only where B does) and the y difference from where the outline moves between B's
 *   rows above and below (see {@link gradientRowHoles}, {@link gradientYPaired}). `testMasks`
 *   computes it on first read (the contact stays `pending` until then); `testRasters` at once.
 * - separation (on request): walking along the normal in steps of one cell (each step rounded to
 *   whole cells, so the test stays word-parallel), the first translation of B that leaves no
 *   shared sample. It is within about one cell of the shortest such translation along that
 *   direction.
 */

/** Options of {@link testMasks} and {@link testRasters}. */
export interface NarrowOptions {
    /** Samples per world unit (default 1). A pair of colliders uses the larger of their accuracies. */
    accuracy?: number;
    /**
     * How much of the contact to fill (default true = everything). `false`: a yes/no answer that
     * stops at the first shared sample (`hit` only). `'count'`: `hit` and `count` only.
     */
    contact?: boolean | 'count';
    /** Also compute `separationX/Y` (default false; costs a few more overlap tests). */
    separation?: boolean;
}

/**
 * Exact pixel-mask test (README.md, "The sampling definition"). `ta` / `tb` map each
 * mask's local texel space (y down, texel (i, j) = [i, i+1) x [j, j+1)) to world space.
 * With `options.contact` (default) `out` receives the full contact; returns `hit`.
 *
 * The full contact's normal is computed on first read of `out.normalX/Y` (`out.pending` is true
 * until then; `complete()`, `swap()` and `copyFrom()` compute it too; small pairs, which
 * narrow-small.ts answers in one fused pass, come back complete): a caller that reads only
 * count, rect or centroid does not pay for it (it costs several times the count). Reading it later is always
 * the answer for the pair as tested: the next `testMasks` call (with another `out`) or a
 * `BitMask.set` computes it first. Write a mask's `bits` directly only after reading it (or
 * `out.complete()`): a normal read after such a write throws. With `separation`, everything is
 * computed now.
 *
 * Rasters are memoized for the last few (mask, transform, accuracy) combinations, so testing one
 * large rotated sprite against many small ones in a frame rasterizes the large one once.
 */
export function testMasks(
    a: BitMask, ta: Readonly<Affine2D>, b: BitMask, tb: Readonly<Affine2D>,
    options?: NarrowOptions, out: Contact = SCRATCH_CONTACT,
): boolean {
    const accOpt = options?.accuracy;
    const acc = accOpt === undefined ? DEFAULT_ACCURACY : checkAccuracy(accOpt);
    // A unit quarter turn has a finite, invertible linear part: only its translation needs checking.
    const qa = isUnitQuarterTurn(ta, acc), qb = isUnitQuarterTurn(tb, acc);
    if (!(qa && Number.isFinite(ta.tx) && Number.isFinite(ta.ty))) assertInvertible(ta, 'transform of A');
    if (!(qb && Number.isFinite(tb.tx) && Number.isFinite(tb.ty))) assertInvertible(tb, 'transform of B');
    if (lazyOut !== null) settleLazyNormal(out);
    if (qa && qb) {
        // Both zero-copy views (unrotated, unscaled sprites): making a view is cheaper than a
        // memo lookup, and no window is needed. Narrow ones (rows of one word): narrow-small.ts.
        if (!options?.separation && quarterPairFits(a, ta, b, tb)) return testQuarterPairNarrow(a, ta, b, tb, options, out);
        return testPair(viewQuarterTurn(a, ta, acc, VIEW_A), viewQuarterTurn(b, tb, acc, VIEW_B), options, out);
    }
    let win: CellWindow | null = null;
    if (!options?.separation) {
        // Only where the two oriented boxes meet (+2 cells for the normal) can samples be shared;
        // separation needs the whole rasters (it moves B around). The yes/no question tries a
        // few exact probes there before rasterizing anything.
        win = pairWindow(a, ta, b, tb, acc);
        if (win === null || (options?.contact === false && probeShared(a, ta, b, tb, acc, win, null, null))) {
            out.reset();
            out.accuracy = acc;
            out.hit = win !== null;
            return out.hit;
        }
        // Small windows: cell by cell, no raster (narrow-small.ts, PER_CELL_MAX_CELLS: the rule).
        if (perCellFits(win, !(options?.contact === false || options?.contact === 'count'))) {
            const r = testMasksPerCell(a, ta, b, tb, options, win, out);
            if (r >= 0) return r > 0;
        }
    }
    const ra = memoRaster(a, ta, acc, null, win);
    const rb = memoRaster(b, tb, acc, ra, win);
    return testPair(ra, rb, options, out);
}

/**
 * Collision response for masks: `out.separationX/Y` is a translation that, added to B's
 * transform, ends the overlap (zero, with `hit = false`, when they do not overlap). Fills the
 * rest of the contact too. See the module notes for how it is searched.
 */
export function separateMasks(
    a: BitMask, ta: Readonly<Affine2D>, b: BitMask, tb: Readonly<Affine2D>,
    options?: { accuracy?: number }, out: Contact = SCRATCH_CONTACT,
): Contact {
    SEP_OPTIONS.accuracy = options?.accuracy ?? DEFAULT_ACCURACY;
    testMasks(a, ta, b, tb, SEP_OPTIONS, out);
    return out;
}

/**
 * The narrow phase on two rasters of the same grid (same accuracy). Used by the world, which
 * keeps one raster per collider and re-rasterizes only when its transform changes.
 */
export function testRasters(ra: WorldRaster, rb: WorldRaster, options?: NarrowOptions, out: Contact = SCRATCH_CONTACT): boolean {
    if (ra.accuracy !== rb.accuracy) {
        throw new RangeError(`rasters were made at different accuracies (${ra.accuracy} and ${rb.accuracy}); rasterize both at the pair's accuracy (the larger of the two).`);
    }
    out.reset();
    out.accuracy = ra.accuracy;
    const mode = options?.contact;
    if (mode === false) {
        out.hit = overlapAny(ra, rb, 0, 0);
        return out.hit;
    }
    if (mode === 'count') {
        out._count = overlapCount(ra, rb, 0, 0);
        out.hit = out._count > 0;
        return out.hit;
    }
    overlapFull(ra, rb, out);
    if (!out.hit) return false;
    contactNormal(ra, rb, out);
    if (options?.separation) separation(ra, rb, out);
    return true;
}

// The lazy normal of testMasks -------------------------------------------------------------------

/**
 * testMasks' full contact (no separation): count, rect and centroid now; the normal is left
 * pending (`out.pending`) and computed from the same two rasters on first read of
 * `normalX/Y` (or `complete()`, `swap()`, `copyFrom()`). Those rasters (the memo's slots, the two
 * views) change only in testMasks or when a mask is edited, so the next testMasks call and
 * `BitMask.set` compute a pending normal first (a next call that writes into that same contact
 * just drops it). Only one contact is pending at a time.
 */
function testPair(ra: WorldRaster, rb: WorldRaster, options: NarrowOptions | undefined, out: Contact): boolean {
    const mode = options?.contact;
    if (mode === false || mode === 'count' || options?.separation) return testRasters(ra, rb, options, out);
    out.reset();
    out.accuracy = ra.accuracy;
    overlapFull(ra, rb, out);
    if (!out.hit) return false;
    lazyGen++;
    lazyOut = out;
    lazyA = ra;
    lazyB = rb;
    lazyVerA = ra.source !== null ? ra.source.version : 0;
    lazyVerB = rb.source !== null ? rb.source.version : 0;
    const src = out._src ??= new ContactSource();
    src.resolver = LAZY_NORMAL;
    src.shortLived = true;
    src.a = src.b = null;
    src.shapeA = src.shapeB = null;
    src.stampA = lazyGen;
    src.accuracy = ra.accuracy;
    out._need = DETAIL_NORMAL;
    setBeforeEdit(settleOnEdit);
    return true;
}

/** The contact whose normal is pending (null: none), and what it is computed from. */
let lazyOut: Contact | null = null;
let lazyGen = 0;
let lazyA: WorldRaster | null = null;
let lazyB: WorldRaster | null = null;
/** Versions of the viewed masks (views read a mask's own words) when the contact was made. */
let lazyVerA = 0;
let lazyVerB = 0;

/** Whether `c` is still the pending contact as it was left (not reset or reused since). */
function lazyLive(c: Contact): boolean {
    return (c._need & DETAIL_NORMAL) !== 0 && c._src !== null && c._src.resolver === LAZY_NORMAL && c._src.stampA === lazyGen;
}

/** Computes the pending normal now (`next` is about to be overwritten: it is only dropped). */
function settleLazyNormal(next: Contact | null): void {
    const c = lazyOut as Contact;
    lazyOut = null;
    setBeforeEdit(null);
    if (c === next) {
        c.reset();
        return;
    }
    if (lazyLive(c)) {
        c._need &= ~DETAIL_NORMAL;
        lazyNormal(c);
    }
}

function settleOnEdit(): void {
    if (lazyOut !== null) settleLazyNormal(null);
}

/** The pending normal of `c` from the kept rasters. */
function lazyNormal(c: Contact): void {
    const A = lazyA as WorldRaster, B = lazyB as WorldRaster;
    if ((A.source !== null && A.source.version !== lazyVerA) || (B.source !== null && B.source.version !== lazyVerB)) {
        throw new Error('pixel-collision: a mask\'s bits were written directly between testMasks and the first read of its contact\'s normal, which testMasks computes on first read; read normalX/Y (or call contact.complete()) before writing a mask\'s bits directly.');
    }
    contactNormal(A, B, c);
}

const LAZY_NORMAL: ContactResolver = {
    resolveContact(c: Contact, src: ContactSource, todo: number): void {
        if (lazyOut !== c || src.stampA !== lazyGen) {
            throw new Error('pixel-collision: internal error: a pending normal outlived its rasters.');
        }
        lazyOut = null;
        setBeforeEdit(null);
        if (todo & DETAIL_NORMAL) lazyNormal(c);
    },
};

/** Whether any sample is shared when B is moved by (dk, dl) cells. Early exit. */
export function overlapAny(A: WorldRaster, B: WorldRaster, dk: number, dl: number): boolean {
    const bl0 = B.l0 + dl, al0 = A.l0;
    const lStart = al0 > bl0 ? al0 : bl0;
    const lEnd = al0 + A.height < bl0 + B.height ? al0 + A.height : bl0 + B.height;
    if (lStart >= lEnd) return false;
    const bk0 = B.k0 + dk;
    if (A.k0 + A.width <= bk0 || bk0 + B.width <= A.k0) return false;
    const sh = A.k0 - bk0;
    const sa = A.rowSpans, sb = B.rowSpans, ba = A.bands(), bb = B.bands();
    // First pass, spans only: a near miss (boxes overlap, no sample does) usually ends here,
    // mostly a band of BAND rows at a time; a pair of full rows that meet is a hit.
    let mixed = false;
    for (let l = lStart; l < lEnd; l += BAND) {
        const ia = 2 * (l - al0), ib = 2 * (l - bl0);
        const u0 = ba[ia] > bb[ib] - sh ? ba[ia] : bb[ib] - sh;
        const u1 = ba[ia + 1] < bb[ib + 1] - sh ? ba[ia + 1] : bb[ib + 1] - sh;
        if (u0 >= u1) continue; // no row of this band can meet
        for (let ja = ia, jb = ib, e = 2 * ((l + BAND < lEnd ? l + BAND : lEnd) - al0); ja < e; ja += 2, jb += 2) {
            let a0 = sa[ja], b0 = sb[jb];
            const full = (a0 | b0) >= 0;
            if (!full) { if (a0 < 0) a0 = ~a0; if (b0 < 0) b0 = ~b0; }
            b0 -= sh;
            const b1 = sb[jb + 1] - sh;
            const c0 = a0 > b0 ? a0 : b0;
            const a1 = sa[ja + 1];
            const c1 = a1 < b1 ? a1 : b1;
            if (c0 < c1) {
                if (full) return true;
                mixed = true;
            }
        }
    }
    return mixed && overlapCore(A, B, dk, dl, MODE_ANY, null) > 0;
}

/** Number of shared samples when B is moved by (dk, dl) cells. */
export function overlapCount(A: WorldRaster, B: WorldRaster, dk: number, dl: number): number {
    return overlapCore(A, B, dk, dl, MODE_COUNT, null);
}

/** Fills count, rect and centroid of `out` (world units) for the pair as they are. */
export function overlapFull(A: WorldRaster, B: WorldRaster, out: Contact): void {
    const n = overlapCore(A, B, 0, 0, MODE_FULL, FULL);
    out.hit = n > 0;
    out._count = n;
    if (n === 0) return;
    const s = 1 / A.accuracy;
    out._minX = FULL[F_MINK] * s;
    out._maxX = (FULL[F_MAXK] + 1) * s;
    out._minY = FULL[F_MINL] * s;
    out._maxY = (FULL[F_MAXL] + 1) * s;
    out._centroidX = (FULL[F_SUMK] / n + 0.5) * s;
    out._centroidY = (FULL[F_SUML] / n + 0.5) * s;
}

// ---------------------------------------------------------------------------------------------

const MODE_ANY = 0;
const MODE_COUNT = 1;
const MODE_FULL = 2;

/** overlapCore's full-mode results: min/max k, min/max l, sum k, sum l (doubles: no boxing). */
const FULL = new Float64Array(6);
const F_MINK = 0, F_MAXK = 1, F_MINL = 2, F_MAXL = 3, F_SUMK = 4, F_SUML = 5;
const SCRATCH_CONTACT = new Contact();
const SEP_OPTIONS: NarrowOptions = { accuracy: 1, contact: true, separation: true };

/**
 * 16-bit popcount table (64 KiB), and popcount and bit-index sum in one entry (bits 0-4 and
 * 5-11, the sum is at most 120; 128 KiB): full contact needs both, one lookup a half word.
 */
const PC16 = new Uint8Array(65536);
const PCIS16 = new Uint16Array(65536);
for (let x = 1; x < 65536; x++) {
    const low = 31 - Math.clz32(x & -x);
    PC16[x] = PC16[x & (x - 1)] + 1;
    PCIS16[x] = PC16[x] | (((PCIS16[x & (x - 1)] >>> 5) + low) << 5);
}

/**
 * The one loop every overlap question goes through. B is moved by (dk, dl) whole cells.
 * Rows whose opaque spans do not meet are skipped without touching their words; two *full*
 * rows (no hole in their spans) are answered from their spans alone.
 */
function overlapCore(A: WorldRaster, B: WorldRaster, dk: number, dl: number, mode: number, acc: Float64Array | null): number {
    const bk0 = B.k0 + dk;
    const bl0 = B.l0 + dl;
    const al0 = A.l0;
    const lStart = al0 > bl0 ? al0 : bl0;
    const lEnd = al0 + A.height < bl0 + B.height ? al0 + A.height : bl0 + B.height;
    if (lStart >= lEnd) return 0;
    const ak0 = A.k0;
    if (ak0 + A.width <= bk0 || bk0 + B.width <= ak0) return 0;
    const aBits = A.bits, bBits = B.bits;
    const aStride = A.stride, bStride = B.stride;
    const sa = A.rowSpans, sb = B.rowSpans, aRuns = A.rowRuns, bRuns = B.rowRuns;
    // B column of A column c is c + sh.
    const sh = ak0 - bk0;
    const shw = sh >> 5; // floor division, also for negative shifts
    const o = sh & 31;
    const inv = 32 - o;
    let count = 0;
    let minK = 0x7fffffff, maxK = -0x7fffffff, minL = BIG, maxL = 0, sumK = 0, sumL = 0;
    // Rows ra of A and rb of B are both world row l (they advance together).
    for (let ra = lStart - al0, rb = lStart - bl0, rEnd = lEnd - al0; ra < rEnd; ra++, rb++) {
        // Intersect the rows' opaque spans (in A columns); a negative start marks a row with holes.
        let a0 = sa[2 * ra], b0 = sb[2 * rb];
        const af = a0 >= 0, bf = b0 >= 0;
        if (!af) a0 = ~a0;
        if (!bf) b0 = ~b0;
        b0 -= sh;
        const a1 = sa[2 * ra + 1], b1 = sb[2 * rb + 1] - sh;
        const c0 = a0 > b0 ? a0 : b0;
        const c1 = a1 < b1 ? a1 : b1;
        if (c0 >= c1) continue;
        if (af && bf) {
            // Both rows full: the shared cells are exactly [c0, c1), no word to read.
            if (mode === MODE_ANY) return 1;
            const n = c1 - c0;
            count += n;
            if (mode === MODE_FULL) {
                const first = ak0 + c0;
                const l = ra + al0;
                sumK += n * first + (n * (n - 1)) / 2;
                if (first < minK) minK = first;
                if (first + n - 1 > maxK) maxK = first + n - 1;
                if (minL === BIG) minL = l;
                maxL = l;
                sumL += l * n;
            }
            continue;
        }
        let rowCount = 0;
        const ao = ra * RUN_STRIDE, bo = rb * RUN_STRIDE;
        const na = A.runCount(ra), nb = B.runCount(rb);
        if ((na | nb) >= 0) {
            // Few runs in both rows (a ring, two legs): merge the two interval lists.
            for (let i = 0, j = 0; i < na && j < nb;) {
                const s1 = aRuns[ao + 1 + 2 * i], e1 = aRuns[ao + 2 + 2 * i];
                const s2 = bRuns[bo + 1 + 2 * j] - sh, e2 = bRuns[bo + 2 + 2 * j] - sh;
                const s = s1 > s2 ? s1 : s2;
                const e = e1 < e2 ? e1 : e2;
                if (s < e) {
                    if (mode === MODE_ANY) return 1;
                    const n = e - s;
                    rowCount += n;
                    if (mode === MODE_FULL) {
                        const first = ak0 + s;
                        sumK += n * first + (n * (n - 1)) / 2;
                        if (first < minK) minK = first;
                        if (first + n - 1 > maxK) maxK = first + n - 1;
                    }
                }
                if (e1 < e2) i++;
                else j++;
            }
        } else {
            const aBase = ra * aStride;
            const bBase = rb * bStride;
            const w0 = c0 >> 5;
            const w1 = (c1 - 1) >> 5;
            const m0 = (0xffffffff << (c0 & 31)) >>> 0;
            const m1 = 0xffffffff >>> (31 - ((c1 - 1) & 31));
            for (let w = w0; w <= w1; w++) {
                let bw: number;
                if (bf) {
                    bw = 0xffffffff; // every B cell of [c0, c1) is set
                } else {
                    const wb = w + shw;
                    if (o === 0) {
                        bw = wb >= 0 && wb < bStride ? bBits[bBase + wb] : 0;
                    } else {
                        const lo = wb >= 0 && wb < bStride ? bBits[bBase + wb] : 0;
                        const hi = wb + 1 >= 0 && wb + 1 < bStride ? bBits[bBase + wb + 1] : 0;
                        bw = (lo >>> o) | (hi << inv);
                    }
                }
                let x = (af ? 0xffffffff : aBits[aBase + w]) & bw;
                if (w === w0) x &= m0;
                if (w === w1) x &= m1;
                if (x === 0) continue;
                if (mode === MODE_ANY) return 1;
                const xl = x & 0xffff;
                const xh = x >>> 16;
                if (mode !== MODE_FULL) {
                    rowCount += PC16[xl] + PC16[xh];
                } else {
                    // One lookup a half word for its popcount and its bits' index sum.
                    const vl = PCIS16[xl], vh = PCIS16[xh];
                    const ph = vh & 31;
                    const pc = (vl & 31) + ph;
                    rowCount += pc;
                    const colBase = (w << 5) + ak0;
                    sumK += colBase * pc + (vl >>> 5) + (vh >>> 5) + 16 * ph;
                    const first = colBase + 31 - Math.clz32(x & -x);
                    const last = colBase + 31 - Math.clz32(x);
                    if (first < minK) minK = first;
                    if (last > maxK) maxK = last;
                }
            }
        }
        if (rowCount > 0) {
            if (mode === MODE_FULL) {
                const l = ra + al0;
                if (minL === BIG) minL = l;
                maxL = l;
                sumL += l * rowCount;
            }
            count += rowCount;
        }
    }
    if (acc) {
        acc[F_MINK] = minK; acc[F_MAXK] = maxK; acc[F_MINL] = minL; acc[F_MAXL] = maxL; acc[F_SUMK] = sumK; acc[F_SUML] = sumL;
    }
    return count;
}

const BIG = 0x3fffffff;

/**
 * The normal: the finite-difference gradient of the shared-sample count when B moves by one
 * cell, counted in the overlap rect grown by one cell (the contact's neighbourhood: places
 * elsewhere where the two only touch do not tilt it).
 */
/** @internal The normal of `out` (its rect must be filled: {@link overlapFull}). */
export function contactNormal(A: WorldRaster, B: WorldRaster, out: Contact): void {
    const a = A.accuracy;
    const kLo = Math.round(out._minX * a) - 1, kHi = Math.round(out._maxX * a) + 1;
    const lLo = Math.round(out._minY * a) - 1, lHi = Math.round(out._maxY * a) + 1;
    // As A's columns and rows, cut to A (which changes nothing: only A's cells count), and the
    // offsets of B: small integers (the rasters overlap), so `| 0` is exact and the call passes
    // no double that V8 would box.
    let c0 = kLo - A.k0, c1 = kHi - A.k0, r0 = lLo - A.l0, r1 = lHi - A.l0;
    if (c0 < 0) c0 = 0;
    if (c1 > A.width) c1 = A.width;
    if (r0 < 0) r0 = 0;
    if (r1 > A.height) r1 = A.height;
    if (c0 < c1 && r0 < r1) {
        const w = GWIN;
        w[0] = c0; w[1] = c1; w[2] = r0; w[3] = r1; w[4] = A.k0 - B.k0; w[5] = A.l0 - B.l0;
        gradient(A, B);
    } else GRAD[0] = GRAD[1] = 0;
    let nx = GRAD[0];
    let ny = GRAD[1];
    if (nx === 0 && ny === 0) {
        // From the centre of A's whole raster box to B's (WorldRaster.boxK2: also for a raster
        // cut to the pair's window, so the answer does not depend on the memo's history).
        nx = (B.boxK2 - A.boxK2) / 2;
        ny = (B.boxL2 - A.boxL2) / 2;
        if (nx === 0 && ny === 0) ny = 1;
    }
    const len = Math.sqrt(nx * nx + ny * ny);
    out._normalX = nx / len;
    out._normalY = ny / len;
}

const GRAD = new Float64Array(2);

/**
 * `GRAD = (count(B moved -x) - count(B moved +x), count(B moved -y) - count(B moved +y))` over the
 * window (A's columns `[wc0, wc1)` of rows `[raStart, raEnd)`; B column = A column + `sh`, B row
 * = A row + `dl`), in one pass over A's rows. Where A's row and B's three rows (above, same, below) are
 * all full spans, the four counts are interval lengths; a row of B with holes is counted in a
 * column range ({@link cellsInRange}); a row of A with holes by {@link gradientRowHoles}.
 */
/** {@link gradient}'s window and offsets: `[wc0, wc1, raStart, raEnd, sh, dl]` (small integers). */
const GWIN = new Int32Array(6);

function gradient(A: WorldRaster, B: WorldRaster): void {
    const w = GWIN;
    const wc0 = w[0], wc1 = w[1], raStart = w[2], raEnd = w[3], sh = w[4], dl = w[5];
    let gx = 0, gy = 0;
    const bH = B.height;
    // B's spans (in A columns) of rows rb - 1, rb, rb + 1, rolling; rows outside B are empty
    // (an empty span counts as full). A negative start marks a row with holes.
    const sa = A.rowSpans, sb = B.rowSpans;
    const rb0 = raStart + dl;
    let p0 = BIG, p1 = -BIG, c0b = BIG, c1b = -BIG;
    if (rb0 - 1 >= 0 && rb0 - 1 < bH) { p0 = sb[2 * rb0 - 2]; p1 = sb[2 * rb0 - 1] - sh; }
    if (rb0 >= 0 && rb0 < bH) { c0b = sb[2 * rb0]; c1b = sb[2 * rb0 + 1] - sh; }
    for (let ra = raStart; ra < raEnd; ra++) {
        const rb = ra + dl;
        let n0 = BIG, n1 = -BIG;
        if (rb + 1 >= 0 && rb + 1 < bH) { n0 = sb[2 * rb + 2]; n1 = sb[2 * rb + 3] - sh; }
        const d0 = p0, d1 = p1, b0 = c0b, b1 = c1b;
        p0 = c0b; p1 = c1b; c0b = n0; c1b = n1;
        let c0 = sa[2 * ra], c1 = sa[2 * ra + 1];
        const af = c0 >= 0;
        if (!af) c0 = ~c0;
        if (wc0 > c0) c0 = wc0;
        if (wc1 < c1) c1 = wc1;
        if (c0 >= c1) continue;
        // A's row is one span: where B's row is one too, a count is an interval length;
        // otherwise it is B's cells in a column range. Stored starts are B columns; BIG marks a
        // row outside B.
        if (!af) {
            // A's row has holes: x from the run boundaries, y row against row; many runs on
            // both sides (noise against noise) in one pass over A's words for all four counts.
            gradientRowHoles(A, ra, B, rb, sh, c0, c1);
            gx += ROW_G[0];
            gy += ROW_G[1];
            continue;
        }
        if (b0 >= 0) gx += overlapLength(c0, c1, b0 - sh - 1, b1 - 1) - overlapLength(c0, c1, b0 - sh + 1, b1 + 1);
        else gx += gradientXFull(B, rb, sh, c0, c1);
        if ((n0 | d0) >= 0) {
            gy += overlapLength(c0, c1, n0 - sh, n1) - overlapLength(c0, c1, d0 - sh, d1);
            continue;
        }
        const py = gradientYPaired(A, ra, true, B, rb, sh, c0, c1);
        if (py !== NO_PAIRING) {
            gy += py;
            continue;
        }
        if (n0 >= 0) gy += overlapLength(c0, c1, n0 - sh, n1);
        else gy += cellsInRange(B, rb + 1, c0 + sh, c1 + sh);
        if (d0 >= 0) gy -= overlapLength(c0, c1, d0 - sh, d1);
        else gy -= cellsInRange(B, rb - 1, c0 + sh, c1 + sh);
    }
    GRAD[0] = gx;
    GRAD[1] = gy;
}

const ROW_G = new Float64Array(2);

/**
 * One row of the gradient when A's row (cut to `[c0, c1)`, A columns) has holes. Writes `ROW_G`.
 *
 * x: with `A'` = A's row cut to the window and `B'(c)` = B's row at A column c,
 * `sum_c A'(c) (B'(c+1) - B'(c-1))` changes only where B' does: it is
 * `sum over B's runs [p, q) of A'(p-1) + A'(p) - A'(q-1) - A'(q)`, four bit reads a run (or, the
 * same sum with A and B swapped and negated, over A's runs when B's row has many). y: the two
 * counts of A's row against B's rows above and below ({@link rowMeet}). Rows with many runs on
 * both sides go word by word ({@link gradientRowWords}).
 */
function gradientRowHoles(A: WorldRaster, ra: number, B: WorldRaster, rb: number, sh: number, c0: number, c1: number): void {
    const na = A.runCount(ra);
    const nb = rb >= 0 && rb < B.height ? B.runCount(rb) : 0;
    if ((na & nb) < 0) {
        gradientRowWords(A, ra, B, rb, sh, c0, c1);
        return;
    }
    let gx = 0;
    if (nb >= 0) {
        const runs = B.rowRuns, ro = rb * RUN_STRIDE;
        const aBits = A.bits, aBase = ra * A.stride;
        for (let j = 0; j < nb; j++) {
            const p = runs[ro + 1 + 2 * j] - sh, q = runs[ro + 2 + 2 * j] - sh;
            // A' at p - 1, p, q - 1, q (0 outside the window).
            if (p - 1 >= c0 && p - 1 < c1) gx += (aBits[aBase + ((p - 1) >> 5)] >>> ((p - 1) & 31)) & 1;
            if (p >= c0 && p < c1) gx += (aBits[aBase + (p >> 5)] >>> (p & 31)) & 1;
            if (q - 1 >= c0 && q - 1 < c1) gx -= (aBits[aBase + ((q - 1) >> 5)] >>> ((q - 1) & 31)) & 1;
            if (q >= c0 && q < c1) gx -= (aBits[aBase + (q >> 5)] >>> (q & 31)) & 1;
        }
    } else {
        // B's row has many runs, A's few: over A's runs cut to the window, B' read by bit.
        const runs = A.rowRuns, ro = ra * RUN_STRIDE;
        const bBits = B.bits, bBase = rb * B.stride, bW = B.width;
        for (let i = 0; i < na; i++) {
            let s = runs[ro + 1 + 2 * i], e = runs[ro + 2 + 2 * i];
            if (s < c0) s = c0;
            if (e > c1) e = c1;
            if (s >= e) continue;
            const x0 = s + sh - 1, x1 = s + sh, x2 = e + sh - 1, x3 = e + sh;
            if (x0 >= 0 && x0 < bW) gx -= (bBits[bBase + (x0 >> 5)] >>> (x0 & 31)) & 1;
            if (x1 >= 0 && x1 < bW) gx -= (bBits[bBase + (x1 >> 5)] >>> (x1 & 31)) & 1;
            if (x2 >= 0 && x2 < bW) gx += (bBits[bBase + (x2 >> 5)] >>> (x2 & 31)) & 1;
            if (x3 >= 0 && x3 < bW) gx += (bBits[bBase + (x3 >> 5)] >>> (x3 & 31)) & 1;
        }
    }
    ROW_G[0] = gx;
    const gy = gradientYPaired(A, ra, false, B, rb, sh, c0, c1);
    ROW_G[1] = gy !== NO_PAIRING ? gy : rowMeet(A, ra, na, c0, c1, B, rb + 1, sh) - rowMeet(A, ra, na, c0, c1, B, rb - 1, sh);
}

/**
 * {@link gradientYPaired}'s answer when B's rows above and below have different run counts
 * (no real difference is that large; a small integer, so returning it boxes nothing).
 */
const NO_PAIRING = -0x3fffffff;

/**
 * The y difference of A's row `ra` (cut to `[c0, c1)`; `af`: one full span) against B's rows
 * `rb + 1` and `rb - 1` when those have the same number of runs `n` (a smooth outline: the
 * usual case): with `[p, q)` and `[p', q')` the j-th runs above and below,
 * `[p, q) - [p', q') = [p, p') - [q, q')` (ranges signed: negative when reversed), so
 * `sum_c A(c) (B_up(c) - B_down(c))` is A's cells in 2n short signed ranges (where the outline
 * moves between the two rows), a masked popcount or two each. {@link NO_PAIRING} otherwise.
 */
function gradientYPaired(A: WorldRaster, ra: number, af: boolean, B: WorldRaster, rb: number, sh: number, c0: number, c1: number): number {
    const bH = B.height;
    const ru = rb + 1, rd = rb - 1;
    const nu = ru >= 0 && ru < bH ? B.runCount(ru) : 0;
    const nd = rd >= 0 && rd < bH ? B.runCount(rd) : 0;
    if (nu !== nd || nu < 0) return NO_PAIRING;
    const runs = B.rowRuns, ou = ru * RUN_STRIDE, od = rd * RUN_STRIDE;
    let g = 0;
    for (let j = 0; j < nu; j++) {
        g += signedCells(A, ra, af, c0, c1, runs[ou + 1 + 2 * j] - sh, runs[od + 1 + 2 * j] - sh);
        g -= signedCells(A, ra, af, c0, c1, runs[ou + 2 + 2 * j] - sh, runs[od + 2 + 2 * j] - sh);
    }
    return g;
}

/** A's cells of row `ra` in `[x, y)` cut to `[c0, c1)`, negated when `y < x` (the range `[y, x)`). */
function signedCells(A: WorldRaster, ra: number, af: boolean, c0: number, c1: number, x: number, y: number): number {
    if (x === y) return 0;
    let lo = x < y ? x : y, hi = x < y ? y : x;
    if (lo < c0) lo = c0;
    if (hi > c1) hi = c1;
    if (lo >= hi) return 0;
    let n: number;
    if (af) {
        n = hi - lo;
    } else {
        const bits = A.bits, base = ra * A.stride;
        const w0 = lo >> 5, w1 = (hi - 1) >> 5;
        const m0 = (0xffffffff << (lo & 31)) >>> 0;
        const m1 = 0xffffffff >>> (31 - ((hi - 1) & 31));
        if (w0 === w1) {
            n = popcount32(bits[base + w0] & m0 & m1);
        } else {
            n = popcount32(bits[base + w0] & m0) + popcount32(bits[base + w1] & m1);
            for (let w = w0 + 1; w < w1; w++) n += popcount32(bits[base + w]);
        }
    }
    return x < y ? n : 0 - n; // never -0 (a double: boxed when returned)
}

/**
 * Shared cells of A's row `ra` (with holes; `na` = its run count, -1: many), cut to `[c0, c1)`,
 * and B's row `r` (0 outside B), B column = A column + `sh`.
 */
function rowMeet(A: WorldRaster, ra: number, na: number, c0: number, c1: number, B: WorldRaster, r: number, sh: number): number {
    if (r < 0 || r >= B.height) return 0;
    let b0 = B.rowSpans[2 * r];
    const bFull = b0 >= 0;
    if (!bFull) b0 = ~b0;
    let lo = b0 - sh, hi = B.rowSpans[2 * r + 1] - sh;
    if (lo < c0) lo = c0;
    if (hi > c1) hi = c1;
    if (lo >= hi) return 0;
    if (na < 0) {
        if (bFull) return cellsInRange(A, ra, lo, hi);
        const nb = B.runCount(r);
        if (nb < 0) return wordsMeet(A, ra, B, r, sh, lo, hi);
        let c = 0;
        const runs = B.rowRuns, ro = r * RUN_STRIDE;
        for (let j = 0; j < nb; j++) {
            let s = runs[ro + 1 + 2 * j] - sh, e = runs[ro + 2 + 2 * j] - sh;
            if (s < lo) s = lo;
            if (e > hi) e = hi;
            if (s < e) c += cellsInRange(A, ra, s, e);
        }
        return c;
    }
    const ar = A.rowRuns, ao = ra * RUN_STRIDE;
    let c = 0;
    if (bFull) {
        for (let i = 0; i < na; i++) c += overlapLength(lo, hi, ar[ao + 1 + 2 * i], ar[ao + 2 + 2 * i]);
        return c;
    }
    const nb = B.runCount(r);
    if (nb < 0) {
        for (let i = 0; i < na; i++) {
            let s = ar[ao + 1 + 2 * i], e = ar[ao + 2 + 2 * i];
            if (s < lo) s = lo;
            if (e > hi) e = hi;
            if (s < e) c += cellsInRange(B, r, s + sh, e + sh);
        }
        return c;
    }
    // Both few: merge A's runs (cut to [lo, hi)) with B's.
    const br = B.rowRuns, bo = r * RUN_STRIDE;
    for (let i = 0, j = 0; i < na && j < nb;) {
        let s1 = ar[ao + 1 + 2 * i], e1 = ar[ao + 2 + 2 * i];
        if (s1 < lo) s1 = lo;
        if (e1 > hi) e1 = hi;
        const s2 = br[bo + 1 + 2 * j] - sh, e2 = br[bo + 2 + 2 * j] - sh;
        const s = s1 > s2 ? s1 : s2;
        const e = e1 < e2 ? e1 : e2;
        if (s < e) c += e - s;
        if (e1 < e2) i++;
        else j++;
    }
    return c;
}

/** Shared cells of A's row `ra` and B's row `r` in A columns `[lo, hi)` (inside both rows' spans), word by word. */
function wordsMeet(A: WorldRaster, ra: number, B: WorldRaster, r: number, sh: number, lo: number, hi: number): number {
    const aBits = A.bits, aBase = ra * A.stride, bBits = B.bits, bH = B.height, bStride = B.stride;
    const w0 = lo >> 5, w1 = (hi - 1) >> 5;
    const m0 = (0xffffffff << (lo & 31)) >>> 0;
    const m1 = 0xffffffff >>> (31 - ((hi - 1) & 31));
    let c = 0;
    for (let w = w0; w <= w1; w++) {
        let x = aBits[aBase + w] & rowBits(bBits, bH, bStride, r, (w << 5) + sh);
        if (w === w0) x &= m0;
        if (w === w1) x &= m1;
        if (x !== 0) c += PC16[x & 0xffff] + PC16[x >>> 16];
    }
    return c;
}

/**
 * The x difference of a full row `[c0, c1)` of A against B's row `rb` (with holes): from B's
 * run boundaries (see {@link gradientRowHoles}), here mere comparisons; B's cells in two column
 * ranges when the row has many runs.
 */
function gradientXFull(B: WorldRaster, rb: number, sh: number, c0: number, c1: number): number {
    const nb = B.runCount(rb);
    if (nb < 0) return cellsInRange(B, rb, c0 + sh + 1, c1 + sh + 1) - cellsInRange(B, rb, c0 + sh - 1, c1 + sh - 1);
    const runs = B.rowRuns, ro = rb * RUN_STRIDE;
    let g = 0;
    for (let j = 0; j < nb; j++) {
        const p = runs[ro + 1 + 2 * j] - sh, q = runs[ro + 2 + 2 * j] - sh;
        if (p - 1 >= c0 && p - 1 < c1) g++;
        if (p >= c0 && p < c1) g++;
        if (q - 1 >= c0 && q - 1 < c1) g--;
        if (q >= c0 && q < c1) g--;
    }
    return g;
}

/** Set cells of row `r` of `R` in columns `[from, to)` (0 outside the raster). */
function cellsInRange(R: WorldRaster, r: number, from: number, to: number): number {
    if (r < 0 || r >= R.height) return 0;
    let lo = R.rowSpans[2 * r];
    const full = lo >= 0;
    if (!full) lo = ~lo;
    const hi = R.rowSpans[2 * r + 1];
    if (from < lo) from = lo;
    if (to > hi) to = hi;
    if (from >= to) return 0;
    if (full) return to - from;
    const runs = R.rowRuns, ro = r * RUN_STRIDE;
    const n = R.runCount(r);
    if (n >= 0) {
        // Few runs: the sum of their overlaps with [from, to).
        let c = 0;
        for (let i = 0; i < n; i++) c += overlapLength(from, to, runs[ro + 1 + 2 * i], runs[ro + 2 + 2 * i]);
        return c;
    }
    const bits = R.bits, base = r * R.stride;
    const w0 = from >> 5, w1 = (to - 1) >> 5;
    const m0 = (0xffffffff << (from & 31)) >>> 0;
    const m1 = 0xffffffff >>> (31 - ((to - 1) & 31));
    if (w0 === w1) return popcount32(bits[base + w0] & m0 & m1);
    let c = popcount32(bits[base + w0] & m0) + popcount32(bits[base + w1] & m1);
    for (let w = w0 + 1; w < w1; w++) c += popcount32(bits[base + w]);
    return c;
}

/**
 * One row of the gradient from the words, in one pass over A's words in `[c0, c1)`:
 * `pc(a & bL) - pc(a & bR) = pc(a & bL & ~bR) - pc(a & bR & ~bL)`, and those words are zero
 * except where B has an edge, so most words cost a few ALU operations. Writes `ROW_G`.
 */
function gradientRowWords(A: WorldRaster, ra: number, B: WorldRaster, rb: number, sh: number, c0: number, c1: number): void {
    let gx = 0, gy = 0;
    const aBits = A.bits, bBits = B.bits, bStride = B.stride, bH = B.height;
    const w0 = c0 >> 5, w1 = (c1 - 1) >> 5;
    const m0 = (0xffffffff << (c0 & 31)) >>> 0;
    const m1 = 0xffffffff >>> (31 - ((c1 - 1) & 31));
    const aBase = ra * A.stride;
    // B's row words at A word w's columns, rolling: prev = word w-1, cur = w, next = w+1.
    let prev = rowBits(bBits, bH, bStride, rb, (w0 << 5) + sh - 32);
    let cur = rowBits(bBits, bH, bStride, rb, (w0 << 5) + sh);
    for (let w = w0; w <= w1; w++) {
        const cb = (w << 5) + sh;
        const next = rowBits(bBits, bH, bStride, rb, cb + 32);
        let av = aBits[aBase + w];
        if (w === w0) av &= m0;
        if (w === w1) av &= m1;
        if (av !== 0) {
            // B's columns c + sh + 1 (B moved -x) and c + sh - 1 (B moved +x), same row.
            const bl = (cur >>> 1) | (next << 31);
            const br = (cur << 1) | (prev >>> 31);
            const xl = av & bl & ~br, xr = av & br & ~bl;
            if (xl !== 0) gx += PC16[xl & 0xffff] + PC16[xl >>> 16];
            if (xr !== 0) gx -= PC16[xr & 0xffff] + PC16[xr >>> 16];
            // B's rows rb + 1 (B moved -y) and rb - 1 (B moved +y), same columns.
            const bu = rowBits(bBits, bH, bStride, rb + 1, cb);
            const bd = rowBits(bBits, bH, bStride, rb - 1, cb);
            const yu = av & bu & ~bd, yd = av & bd & ~bu;
            if (yu !== 0) gy += PC16[yu & 0xffff] + PC16[yu >>> 16];
            if (yd !== 0) gy -= PC16[yd & 0xffff] + PC16[yd >>> 16];
        }
        prev = cur;
        cur = next;
    }
    ROW_G[0] = gx;
    ROW_G[1] = gy;
}

/** 32 bits of row `r` of a raster's words, starting at column `c` (zero outside the raster). */
function rowBits(bits: Uint32Array, height: number, stride: number, r: number, c: number): number {
    if (r < 0 || r >= height) return 0;
    const base = r * stride;
    const wb = c >> 5;
    const o = c & 31;
    const lo = wb >= 0 && wb < stride ? bits[base + wb] : 0;
    if (o === 0) return lo;
    const hi = wb + 1 >= 0 && wb + 1 < stride ? bits[base + wb + 1] : 0;
    return (lo >>> o) | (hi << (32 - o));
}

/** Length of `[x0, x1) ∩ [y0, y1)` (0 when they miss; either may be empty). */
function overlapLength(x0: number, x1: number, y0: number, y1: number): number {
    const lo = x0 > y0 ? x0 : y0;
    const hi = x1 < y1 ? x1 : y1;
    return hi > lo ? hi - lo : 0;
}

/** @internal The separation of `out` (its normal must be filled). */
export function separation(A: WorldRaster, B: WorldRaster, out: Contact): void {
    const nx = out._normalX, ny = out._normalY;
    // Far enough that the rasters' boxes no longer meet along any direction.
    const limit = A.width + A.height + B.width + B.height + 2;
    let pk = 0, pl = 0;
    for (let t = 1; t <= limit; t++) {
        const dk = Math.round(t * nx);
        const dl = Math.round(t * ny);
        if (dk === pk && dl === pl) continue;
        pk = dk; pl = dl;
        if (!overlapAny(A, B, dk, dl)) {
            const s = 1 / A.accuracy;
            out._separationX = dk * s;
            out._separationY = dl * s;
            out._hasSeparation = true;
            return;
        }
    }
    // Unreachable for finite rasters (at `limit` the boxes are disjoint); keep a defined answer.
    out._separationX = out._separationY = 0;
    out._hasSeparation = false;
}

// Raster memo ------------------------------------------------------------------------------------

interface MemoSlot {
    mask: BitMask | null;
    version: number;
    /** memoEpoch when filled. */
    epoch: number;
    t: Affine2D;
    accuracy: number;
    raster: WorldRaster;
    used: number;
    /** The cells rasterized; `whole` when not cut to a clip window (cells) */
    whole: boolean;
    win: CellWindow;
}

const MEMO_SLOTS = 4;
const MEMO: MemoSlot[] = [];
for (let i = 0; i < MEMO_SLOTS; i++) {
    MEMO.push({
        mask: null, version: -1, epoch: 0, t: { a: 0, b: 0, c: 0, d: 0, tx: 0, ty: 0 }, accuracy: 0, raster: new WorldRaster(), used: 0,
        whole: true, win: { k0: 0, l0: 0, k1: 0, l1: 0 },
    });
}
let memoClock = 0;
/** Slots filled before the last clearRasterMemo() hold another epoch: they never match. */
let memoEpoch = 0;

/**
 * The raster of (mask, t, accuracy) covering at least `win` (null: whole) from the memo. On a
 * miss it rasterizes into the least recently used slot (never the one holding `keep`), cut to
 * `win`; but when the same sprite is asked for again with another window (one sprite tested
 * against many in a frame), it rasterizes it whole, once, for all of them.
 */
function memoRaster(mask: BitMask, t: Readonly<Affine2D>, accuracy: number, keep: WorldRaster | null, win: CellWindow | null): WorldRaster {
    memoClock++;
    let victim: MemoSlot | null = null;
    let partial: MemoSlot | null = null;
    for (let i = 0; i < MEMO_SLOTS; i++) {
        const slot = MEMO[i];
        const live = slot.epoch === memoEpoch;
        if (live && slot.mask === mask && slot.version === mask.version && slot.accuracy === accuracy && affineEquals(slot.t, t)) {
            if (slot.whole || (win !== null && windowContains(slot.win, win))) {
                slot.used = memoClock;
                return slot.raster;
            }
            if (slot.raster !== keep) partial = slot;
        }
        if (slot.raster !== keep && (!victim || (live ? 1 : 0) < (victim.epoch === memoEpoch ? 1 : 0)
            || (live === (victim.epoch === memoEpoch) && slot.used < victim.used))) victim = slot;
    }
    const slot = partial ?? (victim as MemoSlot);
    const clip = partial ? null : win;
    slot.mask = null; // stays invalid if rasterizing throws
    rasterizeMaskChecked(mask, t, accuracy, slot.raster, clip ?? undefined);
    slot.mask = mask;
    slot.version = mask.version;
    slot.epoch = memoEpoch;
    slot.accuracy = accuracy;
    slot.whole = clip === null || slot.raster.source !== null; // views are never cut
    if (clip) {
        slot.win.k0 = clip.k0; slot.win.l0 = clip.l0; slot.win.k1 = clip.k1; slot.win.l1 = clip.l1;
    }
    const st = slot.t;
    st.a = t.a; st.b = t.b; st.c = t.c; st.d = t.d; st.tx = t.tx; st.ty = t.ty;
    slot.used = memoClock;
    return slot.raster;
}

/** Whether cell window `outer` holds all of `inner`. */
export function windowContains(outer: Readonly<CellWindow>, inner: Readonly<CellWindow>): boolean {
    return outer.k0 <= inner.k0 && outer.l0 <= inner.l0 && outer.k1 >= inner.k1 && outer.l1 >= inner.l1;
}

const VIEW_A = new WorldRaster();
const VIEW_B = new WorldRaster();
const PAIR_WIN: CellWindow = { k0: 0, l0: 0, k1: 0, l1: 0 };
const BB = { x: 0, y: 0, width: 0, height: 0 };

/**
 * Cells where the pair can share samples, grown by {@link PAIR_WINDOW_MARGIN} (the normal reads
 * A one cell and B two cells around the overlap); null when there are none. The returned object
 * is reused by the next call (the GPU planner's tiles use it too: `core/gpu/pair-tile.ts`). It is the box of the intersection of the two masks'
 * *oriented* boxes (their opaque bounds under their transforms, clipped as convex polygons), so
 * two rotated sprites rasterize much less than their axis-aligned boxes' overlap.
 * Each oriented box is widened by {@link OBB_SLACK} texels first (more far from the origin), far
 * more than the rounding of the clipping, so a sample inside both boxes is never lost to it.
 */
export function pairWindow(a: BitMask, ta: Readonly<Affine2D>, b: BitMask, tb: Readonly<Affine2D>, acc: number): CellWindow | null {
    a.bounds(BB);
    if (BB.width === 0) return null;
    const n = quad(POLY, ta, BB, tb);
    b.bounds(BB);
    if (BB.width === 0) return null;
    quad(CLIP, tb, BB, ta);
    return clipToWindow(n, 4, tb, acc);
}

/**
 * A tighter {@link pairWindow} (same contract, same object reused) for masks whose outline is far
 * from their box's corners (round sprites): each mask's polygon is its local octagon (the opaque
 * bounds' box cut by two diagonal slabs, see {@link localOctagon}) instead of its box. For two
 * 48x48 blobs at random angles and near each other its window has about 0.73x the cells
 * (1,444 against 1,989 on average); it costs about 3x as much to compute (0.7-1 µs against
 * 0.23-0.37, node 20, the 2-core dev machine), which the cells it saves pay back where they are
 * visited: the exact scan of a yes/no, and more the contact details. Far from the origin (where
 * the boxes need a larger slack than the cached octagons carry) it is {@link pairWindow}.
 */
export function pairWindowTight(a: BitMask, ta: Readonly<Affine2D>, b: BitMask, tb: Readonly<Affine2D>, acc: number): CellWindow | null {
    if (!(octagonFits(ta, tb) && octagonFits(tb, ta))) return pairWindow(a, ta, b, tb, acc);
    if (a.bounds(BB).width === 0 || b.bounds(BB).width === 0) return null;
    const n = octagonToWorld(POLY, localOctagon(a), ta);
    const m = octagonToWorld(CLIP, localOctagon(b), tb);
    return clipToWindow(n, m, tb, acc);
}

/** clipToWindow's signed distances of the corners from a clipping edge (room for more corners than POLY holds). */
const CLIP_D = new Float64Array(24);

/**
 * Clips the polygon in POLY (n corners) to the convex polygon in CLIP (m corners, B's, under
 * `tb`) and returns the cells of the result's box grown by {@link PAIR_WINDOW_MARGIN} in PAIR_WIN
 * (null when empty).
 */
function clipToWindow(n: number, m: number, tb: Readonly<Affine2D>, acc: number): CellWindow | null {
    // Corners go round counter-clockwise in local space (x right, y up as math has it); a
    // transform with a negative determinant turns them round, and the inside with them.
    const side = tb.a * tb.d - tb.b * tb.c > 0 ? 1 : -1;
    let src = POLY, dst = POLY2;
    for (let e = 0; e < m && n > 0; e++) {
        const px = CLIP[2 * e], py = CLIP[2 * e + 1];
        const f = e + 1 === m ? 0 : e + 1;
        const qx = CLIP[2 * f], qy = CLIP[2 * f + 1];
        const ex = qx - px, ey = qy - py;
        // Each corner's signed distance from the edge, once; an edge with every corner on its
        // inner side (the same test as below) cuts nothing: the polygon stays as it is, and the
        // pass below, which would copy it, is skipped.
        const D = CLIP_D;
        let cut = 0;
        for (let v = 0; v < n; v++) {
            const d = side * (ex * (src[2 * v + 1] - py) - ey * (src[2 * v] - px));
            D[v] = d;
            cut |= +!(d >= 0);
        }
        if (cut === 0) continue;
        let k = 0;
        for (let v = 0; v < n; v++) {
            const x0 = src[2 * v], y0 = src[2 * v + 1];
            const w = v + 1 === n ? 0 : v + 1;
            const x1 = src[2 * w], y1 = src[2 * w + 1];
            const d0 = D[v], d1 = D[w];
            // No branch on which side each corner lies (it follows no pattern): the corner and
            // the crossing are written anyway and k moves past those that are kept. (With no
            // crossing, t may be 0 / 0; that point is not kept.)
            const in0 = +(d0 >= 0), in1 = +(d1 >= 0);
            dst[2 * k] = x0; dst[2 * k + 1] = y0;
            k += in0;
            const t = d0 / (d0 - d1);
            dst[2 * k] = x0 + (x1 - x0) * t;
            dst[2 * k + 1] = y0 + (y1 - y0) * t;
            k += in0 ^ in1;
        }
        n = k;
        const tmp = src; src = dst; dst = tmp;
    }
    if (n === 0) return null;
    let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
    for (let v = 0; v < n; v++) {
        const x = src[2 * v], y = src[2 * v + 1];
        if (x < minX) minX = x;
        if (x > maxX) maxX = x;
        if (y < minY) minY = y;
        if (y > maxY) maxY = y;
    }
    PAIR_WIN.k0 = Math.ceil(minX * acc - 0.5) - PAIR_WINDOW_MARGIN;
    PAIR_WIN.k1 = Math.floor(maxX * acc - 0.5) + PAIR_WINDOW_MARGIN;
    PAIR_WIN.l0 = Math.ceil(minY * acc - 0.5) - PAIR_WINDOW_MARGIN;
    PAIR_WIN.l1 = Math.floor(maxY * acc - 0.5) + PAIR_WINDOW_MARGIN;
    return PAIR_WIN;
}

/**
 * The mask's opaque texels (squares `[i, i+1) x [j, j+1)`) lie in their bounds' box and in the
 * two diagonal slabs `p0 <= x + y <= p1`, `q0 <= x - y <= q1` (from each row's first and last
 * opaque texel); their intersection is a convex octagon, counter-clockwise like {@link quad}'s,
 * widened by {@link OCT_SLACK} (the diagonals by twice that, in x + y units). For a round sprite
 * it is much closer to the shape than its box: two rotated blobs that touch meet in a much
 * smaller window of cells; cached per mask version: `[n, x0, y0, x1, y1, ...]`.
 *
 * Its corners come from integers (every constant is one), so which edges are empty is decided
 * exactly: each box edge is at least one texel long (a texel on it bounds both diagonals near
 * it), a diagonal edge is either empty (its slab does not cut the box's corner: that corner is
 * kept once) or at least one texel across. No edge is a rounding artefact, whose direction would
 * be noise (an edge a few ulps long clips with an arbitrary half-plane).
 */
function localOctagon(mask: BitMask): Float64Array {
    let o = mask._octagon;
    if (o !== null && mask._octagonVersion === mask.version) return o;
    const bb = mask.bounds(BB);
    const x0 = bb.x, y0 = bb.y, x1 = bb.x + bb.width, y1 = bb.y + bb.height;
    // x + y in [p0, p1], x - y in [q0, q1] for every opaque texel (whole numbers).
    const slabs = mask.diagonalSlabs();
    let p0 = slabs[0], p1 = slabs[1], q0 = slabs[2], q1 = slabs[3];
    // A slab that does not cut its corner of the box: through the corner (an empty edge).
    if (p0 < x0 + y0) p0 = x0 + y0;
    if (p1 > x1 + y1) p1 = x1 + y1;
    if (q0 < x0 - y1) q0 = x0 - y1;
    if (q1 > x1 - y0) q1 = x1 - y0;
    // Corners between consecutive edges (bottom, lower right diagonal, right, upper right, top,
    // upper left, left, lower left), exact integers.
    const C = OCT_A, e = OCT_SLACK;
    C[0] = p0 - y0; C[1] = y0; C[2] = q1 + y0; C[3] = y0;
    C[4] = x1; C[5] = x1 - q1; C[6] = x1; C[7] = p1 - x1;
    C[8] = p1 - y1; C[9] = y1; C[10] = q0 + y1; C[11] = y1;
    C[12] = x0; C[13] = x0 - q0; C[14] = x0; C[15] = p0 - x0;
    // Widened: each corner moves with its two edges, by e across a box edge and so that it stays
    // on its diagonal moved by 2e (in x + y units).
    const W = OCT_B;
    W[0] = -e; W[1] = -e; W[2] = e; W[3] = -e;
    W[4] = e; W[5] = -e; W[6] = e; W[7] = e;
    W[8] = e; W[9] = e; W[10] = -e; W[11] = e;
    W[12] = -e; W[13] = e; W[14] = -e; W[15] = -e;
    if (o === null) o = mask._octagon = new Float64Array(17);
    let n = 0;
    for (let v = 0; v < 8; v++) {
        const x = C[2 * v], y = C[2 * v + 1];
        const pv = v === 0 ? 7 : v - 1;
        if (x === C[2 * pv] && y === C[2 * pv + 1]) continue; // an empty diagonal edge: the box corner once
        o[1 + 2 * n] = x + W[2 * v];
        o[2 + 2 * n] = y + W[2 * v + 1];
        n++;
    }
    o[0] = n;
    mask._octagonVersion = mask.version;
    return o;
}

/** The world corners of a local octagon under `t` into `out`; returns their number. */
function octagonToWorld(out: Float64Array, o: Float64Array, t: Readonly<Affine2D>): number {
    const n = o[0] | 0;
    for (let v = 0; v < n; v++) {
        const x = o[1 + 2 * v], y = o[2 + 2 * v];
        out[2 * v] = t.a * x + t.c * y + t.tx;
        out[2 * v + 1] = t.b * x + t.d * y + t.ty;
    }
    return n;
}

/** Directions of the masks' support tables (see {@link localSupport}). */
const SUPPORT_DIRS = 32;
/**
 * The table's directions u_i, at equal steps of the "diamond angle" (a monotone stand-in for the
 * angle that needs no trigonometry: 0 at +x, 1 at +y, 2 at -x, 3 at -y, linear in between along
 * the unit diamond |x| + |y| = 1), and 1 / (u_i x u_{i+1}) for splitting a vector between two of
 * them.
 */
const SUP_UX = new Float64Array(SUPPORT_DIRS + 1);
const SUP_UY = new Float64Array(SUPPORT_DIRS + 1);
const SUP_INV = new Float64Array(SUPPORT_DIRS);
for (let i = 0; i <= SUPPORT_DIRS; i++) {
    const t = ((i % SUPPORT_DIRS) * 4) / SUPPORT_DIRS, q = Math.floor(t), f = t - q;
    SUP_UX[i] = q === 0 ? 1 - f : q === 1 ? -f : q === 2 ? f - 1 : f;
    SUP_UY[i] = q === 0 ? f : q === 1 ? 1 - f : q === 2 ? -f : f - 1;
}
for (let i = 0; i < SUPPORT_DIRS; i++) SUP_INV[i] = 1 / (SUP_UX[i] * SUP_UY[i + 1] - SUP_UY[i] * SUP_UX[i + 1]);

/**
 * The mask's support table, cached per mask version: entry i is the largest `u_i . p` over the
 * corners p of its opaque texels (the squares `[i, i+1) x [j, j+1)`), so of their convex hull
 * (the corners are integers; the table is read with a slack far beyond its rounding). Empty (no
 * opaque texel): every entry is -Infinity.
 *
 * @internal (exported for tests)
 */
export function localSupport(mask: BitMask): Float64Array {
    let o = mask._hull;
    if (o !== null && mask._hullVersion === mask.version) return o;
    if (o === null) o = mask._hull = new Float64Array(SUPPORT_DIRS + 1);
    const rb = mask.rowBounds();
    o.fill(-Infinity);
    for (let j = 0; j < mask.height; j++) {
        const lo = rb.lo[j], hi = rb.hi[j];
        if (lo >= hi) continue;
        for (let i = 0; i < SUPPORT_DIRS; i++) {
            const ux = SUP_UX[i], uy = SUP_UY[i];
            const s = (ux > 0 ? hi : lo) * ux + (uy > 0 ? j + 1 : j) * uy;
            if (s > o[i]) o[i] = s;
        }
    }
    o[SUPPORT_DIRS] = o[0];
    mask._hullVersion = mask.version;
    return o;
}

/**
 * Inputs and outputs of {@link supportBounds}: `[wax, way, wbx, wby, boundA, boundB]` (a typed
 * array, not arguments and a return value: a call V8 does not inline would box each double).
 */
const SUPW = new Float64Array(6);

/**
 * Upper bounds of the largest `w . p` over each mask's opaque texels (p in them), for `w` =
 * SUPW[0..1] with table `ha` into SUPW[4] and SUPW[2..3] with `hb` into SUPW[5]. Each w is split
 * as `alpha u_i + beta u_{i+1}` (alpha, beta >= 0) between the two table directions around it;
 * the support function, convex and positively homogeneous, is at most `alpha h_i + beta h_{i+1}`
 * there (the support of the polygon the table's half-planes cut out, within a fraction of a
 * texel of the hull for 32 directions). Where rounding puts w a hair outside its pair of
 * directions, a coefficient is a tiny negative number, whose effect the caller's slack covers.
 */
function supportBounds(ha: Float64Array, hb: Float64Array): void {
    for (let m = 0; m < 2; m++) {
        const h = m === 0 ? ha : hb;
        const wx = SUPW[2 * m], wy = SUPW[2 * m + 1];
        const ax = wx < 0 ? -wx : wx, ay = wy < 0 ? -wy : wy, sum = ax + ay;
        let r = 0;
        if (sum > 0) {
            // Diamond angle of w, in [0, 4).
            const p = wy >= 0 ? (wx >= 0 ? wy / sum : 1 + ax / sum) : (wx < 0 ? 2 + ay / sum : 3 + ax / sum);
            let i = Math.floor(p * (SUPPORT_DIRS / 4));
            if (i >= SUPPORT_DIRS) i = SUPPORT_DIRS - 1;
            const inv = SUP_INV[i];
            const alpha = (wx * SUP_UY[i + 1] - wy * SUP_UX[i + 1]) * inv;
            const beta = (SUP_UX[i] * wy - SUP_UY[i] * wx) * inv;
            r = alpha * h[i] + beta * h[i + 1];
        }
        SUPW[4 + m] = r;
    }
}

/** @internal (for tests) {@link supportBounds} for one table and direction. */
export function supportBound(h: Float64Array, wx: number, wy: number): number {
    SUPW[0] = wx; SUPW[1] = wy; SUPW[2] = wx; SUPW[3] = wy;
    supportBounds(h, h);
    return SUPW[4];
}

/**
 * Whether the two masks' opaque texels, under `ta` and `tb`, lie strictly apart along the line
 * through their bounding circles' centres (a separating axis): then no point, so no sample, is in
 * both masks. Exact in the sense that matters: a sample that belongs to a mask lies in the closed
 * image of one of its opaque texels, so within the mask's support bounds, and the gap required is
 * far beyond the rounding of the few products computed here (1e-9 of every magnitude involved).
 * It decides most pairs whose circles meet but whose sprites do not (about 80 % of them among
 * 1,000 turning 48x48 blobs) with a few dozen operations, before any window is computed.
 */
export function hullsApart(a: BitMask, ta: Readonly<Affine2D>, b: BitMask, tb: Readonly<Affine2D>): boolean {
    const ha = localSupport(a), hb = localSupport(b);
    if (ha[0] === -Infinity || hb[0] === -Infinity) return true; // an empty mask shares nothing
    const ca = a.boundingCircle(), cb = b.boundingCircle();
    const nx = (tb.a * cb[0] + tb.c * cb[1] + tb.tx) - (ta.a * ca[0] + ta.c * ca[1] + ta.tx);
    const ny = (tb.b * cb[0] + tb.d * cb[1] + tb.ty) - (ta.b * ca[0] + ta.d * ca[1] + ta.ty);
    // The most of n . (ta p) over A and the least of n . (tb q) over B: the linear parts'
    // transposes take n into each mask's texel space.
    SUPW[0] = ta.a * nx + ta.b * ny; SUPW[1] = ta.c * nx + ta.d * ny;
    SUPW[2] = -(tb.a * nx + tb.b * ny); SUPW[3] = -(tb.c * nx + tb.d * ny);
    supportBounds(ha, hb);
    const maxA = SUPW[4] + nx * ta.tx + ny * ta.ty;
    const minB = nx * tb.tx + ny * tb.ty - SUPW[5];
    const extA = (Math.abs(ta.a) + Math.abs(ta.b) + Math.abs(ta.c) + Math.abs(ta.d)) * (a.width + a.height);
    const extB = (Math.abs(tb.a) + Math.abs(tb.b) + Math.abs(tb.c) + Math.abs(tb.d)) * (b.width + b.height);
    const slack = 1e-9 * (Math.abs(nx) + Math.abs(ny))
        * (1 + Math.abs(ta.tx) + Math.abs(ta.ty) + Math.abs(tb.tx) + Math.abs(tb.ty) + extA + extB);
    return maxA < minB - slack;
}

const OCT_A = new Float64Array(16);
const OCT_B = new Float64Array(16);

/** Cells {@link pairWindow} adds around the intersection's box: the normal reads 2 cells around. */
export const PAIR_WINDOW_MARGIN = 2;

/** Texels each oriented box is widened by before clipping (see {@link pairWindow}). */
const OBB_SLACK = 1e-3;

/**
 * Whether the cached octagon's slack ({@link OCT_SLACK}) covers what `t`'s polygon needs: the
 * slack {@link quad} gives a box under `t` (`other`: the other collider's transform). (Returns a
 * boolean: a double returned from a call V8 does not inline would be boxed.)
 */
function octagonFits(t: Readonly<Affine2D>, other: Readonly<Affine2D>): boolean {
    const far = 1e-12 * (Math.abs(t.tx) + Math.abs(t.ty) + Math.abs(other.tx) + Math.abs(other.ty));
    return OBB_SLACK + far / Math.sqrt(Math.abs(t.a * t.d - t.b * t.c)) <= OCT_SLACK;
}

/**
 * Slack of the cached local octagons: twice {@link OBB_SLACK}, so one octagon per mask serves
 * every transform whose own slack ({@link octagonFits}) is at most that (any game's coordinates; far
 * from the origin the oriented boxes, widened as they need, are used instead).
 */
const OCT_SLACK = 2 * OBB_SLACK;
// Clipping scratch: a polygon of at most 8 corners clipped by 8 half-planes has at most 16 (and
// clipToWindow writes one point past those it keeps: room for 18).
const POLY = new Float64Array(36);
const POLY2 = new Float64Array(36);
const CLIP = new Float64Array(16);

/**
 * The world corners of local rect `bb`, widened by the pair's slack, under `t` into `out`,
 * counter-clockwise (local, y up); `other` is the other collider's transform. Returns 4.
 * (No double arguments: where V8 does not inline a call it boxes each double argument into a
 * new heap number, 80 bytes per pair here before.)
 */
function quad(out: Float64Array, t: Readonly<Affine2D>, bb: { x: number; y: number; width: number; height: number }, other: Readonly<Affine2D>): number {
    // Slack in texels: OBB_SLACK, plus 1e-12 of the coordinates' size (in this mask's texels) so
    // rounding far from the origin never outgrows it.
    const far = 1e-12 * (Math.abs(t.tx) + Math.abs(t.ty) + Math.abs(other.tx) + Math.abs(other.ty));
    const e = OBB_SLACK + far / Math.sqrt(Math.abs(t.a * t.d - t.b * t.c));
    const x0 = bb.x - e, y0 = bb.y - e, x1 = bb.x + bb.width + e, y1 = bb.y + bb.height + e;
    out[0] = t.a * x0 + t.c * y0 + t.tx; out[1] = t.b * x0 + t.d * y0 + t.ty;
    out[2] = t.a * x1 + t.c * y0 + t.tx; out[3] = t.b * x1 + t.d * y0 + t.ty;
    out[4] = t.a * x1 + t.c * y1 + t.tx; out[5] = t.b * x1 + t.d * y1 + t.ty;
    out[6] = t.a * x0 + t.c * y1 + t.tx; out[7] = t.b * x0 + t.d * y1 + t.ty;
    return 4;
}

const PROBE_A = new SampleMapper();
const PROBE_B = new SampleMapper();
/** Where probes go across the pair window, centre first (fractions of its width / height). */
const PROBE_AT = [0.5, 0.25, 0.75];

/**
 * An exact early answer for the yes/no question: samples a 3 x 3 grid of cells of the pair
 * window (its centre first) in both masks, exactly as the definition does. One shared sample is
 * a hit, found without rasterizing anything; overlapping sprites usually share the centre.
 * False means only "not found here": the caller then rasterizes.
 */
function probeShared(a: BitMask, ta: Readonly<Affine2D>, b: BitMask, tb: Readonly<Affine2D>, acc: number, win: CellWindow,
    ca: Readonly<WorldShape> | null, cb: Readonly<WorldShape> | null): boolean {
    PROBE_A.setup(ta, acc);
    PROBE_B.setup(tb, acc);
    const kw = win.k1 - win.k0, lw = win.l1 - win.l0;
    for (let i = 0; i < 3; i++) {
        const k = win.k0 + Math.floor(kw * PROBE_AT[i]);
        for (let j = 0; j < 3; j++) {
            const l = win.l0 + Math.floor(lw * PROBE_AT[j]);
            if (a.get(PROBE_A.floorU(k, l), PROBE_A.floorV(k, l)) && b.get(PROBE_B.floorU(k, l), PROBE_B.floorV(k, l))
                && (ca === null || shapeContainsSample(ca, k | 0, l | 0, acc)) && (cb === null || shapeContainsSample(cb, k | 0, l | 0, acc))) {
                FOUND[0] = k; FOUND[1] = l;
                return true;
            }
        }
    }
    return false;
}

/**
 * Whether the sample of cell `(k, l)` belongs to both masks (exact). One cell, no window: the
 * decision tries it first where the pair most likely overlaps (see CpuNarrowPhase).
 */
export function masksShareCell(a: BitMask, ta: Readonly<Affine2D>, b: BitMask, tb: Readonly<Affine2D>, acc: number, k: number, l: number): boolean {
    PROBE_A.setup(ta, acc);
    if (!a.get(PROBE_A.floorU(k, l), PROBE_A.floorV(k, l))) return false;
    PROBE_B.setup(tb, acc);
    if (!b.get(PROBE_B.floorU(k, l), PROBE_B.floorV(k, l))) return false;
    FOUND[0] = k; FOUND[1] = l;
    return true;
}

/**
 * The cell `[k, l]` of the shared sample that the last `true` of {@link masksShareCell} or
 * {@link masksShareSample} found (a touching pair keeps it, to try first in the next step).
 */
export const FOUND = new Float64Array(2);

/**
 * Exact yes/no for two masks without making a raster: a separating axis through their circles'
 * centres ({@link hullsApart}: no shared sample), the pair window (null: none either), the
 * probes, then every cell of the window whose sample can lie in both masks' opaque bounds (each
 * row cut to both, analytically) is mapped into both masks and decided exactly, stopping at the
 * first shared sample. Its cost follows the cells where the two oriented boxes meet, not the
 * masks' sizes or boundaries: for a pair that will never be asked for its details it is cheaper
 * than rasterizing two sprites. `winOut` (optional) receives the pair window when the pair is
 * not decided before it (it is left as it was otherwise); `tight`: the window is
 * {@link pairWindowTight}'s, else {@link pairWindow}'s.
 */
export function masksShareSample(
    a: BitMask, ta: Readonly<Affine2D>, b: BitMask, tb: Readonly<Affine2D>, acc: number, winOut: CellWindow | null = null, tight = false,
): boolean {
    if (hullsApart(a, ta, b, tb)) return false;
    const win = tight ? pairWindowTight(a, ta, b, tb, acc) : pairWindow(a, ta, b, tb, acc);
    if (win === null) return false;
    if (winOut !== null) {
        winOut.k0 = win.k0; winOut.l0 = win.l0; winOut.k1 = win.k1; winOut.l1 = win.l1;
    }
    if (probeShared(a, ta, b, tb, acc, win, null, null)) return true; // sets up PROBE_A / PROBE_B
    return scanShared(a, b, ta, tb, acc, win, null, null);
}

/**
 * {@link masksShareSample} for two parts of colliders of kind `'parts'` (or a part and a mask):
 * masks under their world maps, each cut by an optional convex world clip (a part's sample must
 * also lie in its clip, {@link shapeContainsSample}: exact). The window is the parts' pair
 * window cut to `outer` (cells outside it hold no shared sample: the two colliders' boxes) and to
 * the clips' boxes; the probes test the clips too, and the scan cuts each row to the clips' exact
 * row cells. Sets {@link FOUND} on a hit.
 */
export function partMasksShare(
    a: BitMask, ta: Readonly<Affine2D>, ca: Readonly<WorldShape> | null,
    b: BitMask, tb: Readonly<Affine2D>, cb: Readonly<WorldShape> | null, acc: number, outer: Readonly<CellWindow>,
): boolean {
    if (hullsApart(a, ta, b, tb)) return false;
    const win = pairWindow(a, ta, b, tb, acc);
    if (win === null) return false;
    const w = PART_WIN;
    w.k0 = win.k0 > outer.k0 ? win.k0 : outer.k0; w.l0 = win.l0 > outer.l0 ? win.l0 : outer.l0;
    w.k1 = win.k1 < outer.k1 ? win.k1 : outer.k1; w.l1 = win.l1 < outer.l1 ? win.l1 : outer.l1;
    // (A clip's box holds its samples; a cell of margin for rounding.)
    if (ca !== null) cutToBox(w, ca, acc);
    if (cb !== null) cutToBox(w, cb, acc);
    if (w.k0 > w.k1 || w.l0 > w.l1) return false;
    if (probeShared(a, ta, b, tb, acc, w, ca, cb)) return true;
    return scanShared(a, b, ta, tb, acc, w, ca, cb);
}

const PART_WIN: CellWindow = { k0: 0, l0: 0, k1: 0, l1: 0 };

function cutToBox(w: CellWindow, s: Readonly<WorldShape>, acc: number): void {
    const k0 = Math.floor(s.minX * acc) - 1, l0 = Math.floor(s.minY * acc) - 1;
    const k1 = Math.floor(s.maxX * acc) + 1, l1 = Math.floor(s.maxY * acc) + 1;
    if (k0 > w.k0) w.k0 = k0;
    if (l0 > w.l0) w.l0 = l0;
    if (k1 < w.k1) w.k1 = k1;
    if (l1 < w.l1) w.l1 = l1;
}

/** A clip's cells in a row of {@link scanShared}. */
const ROW_CELLS = new Int32Array(2);
/** Row ranges of {@link scanShared}: [kLo, kHi] (doubles). */
const KR = new Float64Array(2);
const BA_BOUNDS = { x: 0, y: 0, width: 0, height: 0 };
const BB_BOUNDS = { x: 0, y: 0, width: 0, height: 0 };

/**
 * Cuts `KR` to the cells k of row l whose coordinate `w(k) = wk * k + w0` may lie in
 * `[lo, hi)`, widened by 2 cells (the range only has to contain them; every cell is then
 * decided exactly).
 */
function cutRange(wk: number, w0: number, lo: number, hi: number): void {
    if (wk === 0) {
        if (!(w0 >= lo - 1 && w0 < hi + 1)) { KR[0] = 1; KR[1] = 0; }
        return;
    }
    // (A non-finite quotient narrows nothing.)
    if (!(Math.abs(wk) > 1e-300)) return;
    let k0 = (lo - w0) / wk, k1 = (hi - w0) / wk;
    if (k0 > k1) { const t = k0; k0 = k1; k1 = t; }
    k0 = Math.floor(k0) - 2;
    k1 = Math.ceil(k1) + 2;
    if (k0 > KR[0]) KR[0] = k0;
    if (k1 < KR[1]) KR[1] = k1;
}

/** The per-cell part of {@link masksShareSample} (PROBE_A / PROBE_B set up for ta / tb). */
function scanShared(a: BitMask, b: BitMask, ta: Readonly<Affine2D>, tb: Readonly<Affine2D>, acc: number, win: CellWindow,
    ca: Readonly<WorldShape> | null, cb: Readonly<WorldShape> | null): boolean {
    const ma = PROBE_A, mb = PROBE_B;
    const s = 1 / acc;
    const A = a.bounds(BA_BOUNDS), B = b.bounds(BB_BOUNDS);
    const aBits = a.bits, aStride = a.stride, aW = a.width, aH = a.height;
    const bBits = b.bits, bStride = b.stride, bW = b.width, bH = b.height;
    const aia = ma.ia, aib = ma.ib, aic = ma.ic, aid = ma.id, atx = ta.tx, aty = ta.ty;
    const bia = mb.ia, bib = mb.ib, bic = mb.ic, bid = mb.id, btx = tb.tx, bty = tb.ty;
    // One error bound per mapping for the whole window (floorU's bound at its largest |x|, |y|).
    const xMax = (Math.max(Math.abs(win.k0), Math.abs(win.k1)) + 1) * s;
    const yMax = (Math.max(Math.abs(win.l0), Math.abs(win.l1)) + 1) * s;
    const eAu = ma.errU * (xMax + Math.abs(atx) + yMax + Math.abs(aty) + 1);
    const eAv = ma.errV * (xMax + Math.abs(atx) + yMax + Math.abs(aty) + 1);
    const eBu = mb.errU * (xMax + Math.abs(btx) + yMax + Math.abs(bty) + 1);
    const eBv = mb.errV * (xMax + Math.abs(btx) + yMax + Math.abs(bty) + 1);
    // Each cut's range is widened in the coordinate's own units, by twice its bound (the cut's
    // linear form differs from the loop's evaluation by a few more roundings, far below the
    // bound) and 1e-9 of the bounds' size (the rounding of `lo - w0`), so it holds every cell whose
    // exact coordinate lies in the bounds however little the coordinate changes along a row. (The
    // 2 cells cutRange adds cover only the quotient's own rounding: for a sprite turned by
    // exactly 90 degrees in floating point (cos = 6e-17) the coordinate's rounding divided by that
    // tiny slope is hundreds of cells, and a row lying on a texel edge lost its cells.)
    const gA = 1e-9 * (1 + Math.abs(A.x) + Math.abs(A.y) + A.width + A.height);
    const gB = 1e-9 * (1 + Math.abs(B.x) + Math.abs(B.y) + B.width + B.height);
    const mAu = 2 * eAu + gA, mAv = 2 * eAv + gA, mBu = 2 * eBu + gB, mBv = 2 * eBv + gB;
    const aAx = A.x - mAu, aAx1 = A.x + A.width + mAu, aAy = A.y - mAv, aAy1 = A.y + A.height + mAv;
    const bBx = B.x - mBu, bBx1 = B.x + B.width + mBu, bBy = B.y - mBv, bBy1 = B.y + B.height + mBv;
    for (let l = win.l0; l <= win.l1; l++) {
        const ys = (l + 0.5) * s;
        const LuA = aic * (ys - aty), LvA = aid * (ys - aty);
        const LuB = bic * (ys - bty), LvB = bid * (ys - bty);
        KR[0] = win.k0; KR[1] = win.k1;
        // u(k) = ia * ((k + 0.5) * s - tx) + L = (ia * s) * k + (ia * (0.5 * s - tx) + L)
        cutRange(aia * s, aia * (0.5 * s - atx) + LuA, aAx, aAx1);
        cutRange(aib * s, aib * (0.5 * s - atx) + LvA, aAy, aAy1);
        cutRange(bia * s, bia * (0.5 * s - btx) + LuB, bBx, bBx1);
        cutRange(bib * s, bib * (0.5 * s - btx) + LvB, bBy, bBy1);
        // A clip's row: its exact cells (convex: one run).
        // (`l | 0`: a small integer; a double argument would be boxed, see the file notes.)
        if (ca !== null && KR[0] <= KR[1]) {
            if (!shapeRowCells(ca, l | 0, acc, ROW_CELLS)) continue;
            if (ROW_CELLS[0] > KR[0]) KR[0] = ROW_CELLS[0];
            if (ROW_CELLS[1] < KR[1]) KR[1] = ROW_CELLS[1];
        }
        if (cb !== null && KR[0] <= KR[1]) {
            if (!shapeRowCells(cb, l | 0, acc, ROW_CELLS)) continue;
            if (ROW_CELLS[0] > KR[0]) KR[0] = ROW_CELLS[0];
            if (ROW_CELLS[1] < KR[1]) KR[1] = ROW_CELLS[1];
        }
        const k1 = KR[1];
        for (let k = KR[0]; k <= k1; k++) {
            const xs = (k + 0.5) * s;
            const dxa = xs - atx;
            const ua = aia * dxa + LuA;
            let i = Math.floor(ua - eAu);
            if (i !== Math.floor(ua + eAu)) i = ma.floorU(k, l);
            if (i < 0 || i >= aW) continue;
            const va = aib * dxa + LvA;
            let j = Math.floor(va - eAv);
            if (j !== Math.floor(va + eAv)) j = ma.floorV(k, l);
            if (j < 0 || j >= aH || ((aBits[j * aStride + (i >>> 5)] >>> (i & 31)) & 1) === 0) continue;
            const dxb = xs - btx;
            const ub = bia * dxb + LuB;
            let p = Math.floor(ub - eBu);
            if (p !== Math.floor(ub + eBu)) p = mb.floorU(k, l);
            if (p < 0 || p >= bW) continue;
            const vb = bib * dxb + LvB;
            let q = Math.floor(vb - eBv);
            if (q !== Math.floor(vb + eBv)) q = mb.floorV(k, l);
            if (q >= 0 && q < bH && ((bBits[q * bStride + (p >>> 5)] >>> (p & 31)) & 1) !== 0) {
                FOUND[0] = k; FOUND[1] = l;
                return true;
            }
        }
    }
    return false;
}

/** Forgets memoized rasters (tests and benchmarks use it to measure cold costs). */
export function clearRasterMemo(): void {
    // (O(1): slots of an older epoch are misses and the first victims.)
    memoEpoch++;
}
