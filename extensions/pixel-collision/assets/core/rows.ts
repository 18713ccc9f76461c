/**
 * Per-row summaries of a word-packed bit grid (a {@link BitMask} or a {@link WorldRaster}), the
 * form the narrow phase reads before (and mostly instead of) the words:
 *
 * - `spans`: the opaque span `[lo, hi)` of each row (`[width, 0)` when the row is empty), packed
 *   for the hot loops (adjacent loads): `spans[2r] = lo` when the row is *full* (every bit of the
 *   span set: one run; empty rows count as full), `~lo` (negative) otherwise; `spans[2r + 1] = hi`.
 *   Full rows are the common case for solid sprites: two of them meet in one interval, in O(1);
 * - `runs`: the row's runs when it has at most {@link MAX_RUNS} (a ring, a character's two legs):
 *   `runs[r * RUN_STRIDE]` = their number (or {@link MANY_RUNS}), then `start, end` pairs. Rows with
 *   few runs meet by merging interval lists; only rows with many runs (noise) read words.
 */
export function computeRowBounds(
    bits: Uint32Array, stride: number, width: number, height: number, spans: Int32Array, runs: Int32Array,
): void {
    for (let r = 0; r < height; r++) {
        const n = rowRuns(bits, stride, r, runs);
        if (n === 0) {
            spans[2 * r] = width;
            spans[2 * r + 1] = 0;
        } else {
            spans[2 * r] = n === 1 ? RUN_LO[0] : ~RUN_LO[0];
            spans[2 * r + 1] = RUN_LO[1];
        }
    }
}

/** First and last transition of the row last read by {@link rowRuns}. */
const RUN_LO = new Int32Array(2);

/**
 * Reads row `r`'s runs from the words into `runs` (count, then start / end pairs, at most
 * MAX_RUNS; MANY_RUNS beyond) and returns the count; RUN_LO gets the span `[lo, hi)`.
 */
export function rowRuns(bits: Uint32Array, stride: number, r: number, runs: Int32Array): number {
    const base = r * stride;
    const ro = r * RUN_STRIDE;
    // Transitions: bit i of t is set where coverage changes between columns i - 1 and i.
    let n = 0, first = 0, last = 0;
    let carry = 0;
    for (let w = 0; w < stride; w++) {
        const x = bits[base + w];
        let t = (x ^ ((x << 1) | carry)) >>> 0;
        carry = x >>> 31;
        while (t !== 0) {
            const low = t & -t;
            last = (w << 5) + 31 - Math.clz32(low);
            if (n === 0) first = last;
            if (n < 2 * MAX_RUNS) runs[ro + 1 + n] = last;
            n++;
            t ^= low;
        }
    }
    if (carry) {
        // Only when the row's last bit (width a multiple of 32) is set: the run ends at width.
        last = stride << 5;
        if (n < 2 * MAX_RUNS) runs[ro + 1 + n] = last;
        n++;
    }
    RUN_LO[0] = first;
    RUN_LO[1] = last;
    const count = n <= 2 * MAX_RUNS ? n >> 1 : MANY_RUNS;
    runs[ro] = count;
    return count;
}

/** Most runs a row's run list holds. */
export const MAX_RUNS = 4;
/** Int32 entries per row in `runs`: the count, then `start, end` per run. */
export const RUN_STRIDE = 1 + 2 * MAX_RUNS;
/** The run count of a row with more than MAX_RUNS runs (its words are read instead). */
export const MANY_RUNS = -1;
/** The run count of a raster row not listed yet (see `resolveRuns` in `narrow.ts`). */
export const UNKNOWN_RUNS = -2;

/** Fills `bands` (see {@link BAND}) from the packed row spans: unions of pairs, then of pairs of pairs. */
export function computeBands(spans: Int32Array, width: number, height: number, bands: Int32Array): void {
    // An empty row ([width, 0)) changes neither end of a union.
    for (let r = 0; r < height; r++) {
        const n = r + 1 < height ? r + 1 : r;
        let a = spans[2 * r], b = spans[2 * n];
        if (a < 0) a = ~a;
        if (b < 0) b = ~b;
        bands[2 * r] = a < b ? a : b;
        bands[2 * r + 1] = spans[2 * r + 1] > spans[2 * n + 1] ? spans[2 * r + 1] : spans[2 * n + 1];
    }
    for (let r = 0; r + 2 < height; r++) {
        if (bands[2 * r + 4] < bands[2 * r]) bands[2 * r] = bands[2 * r + 4];
        if (bands[2 * r + 5] > bands[2 * r + 1]) bands[2 * r + 1] = bands[2 * r + 5];
    }
}

/**
 * Rows per band of `bands`: `bands[2r], bands[2r + 1]` = the union span `[min lo, max hi)` of rows
 * `r .. r + BAND - 1` (`[width, 0)` when all are empty). Any alignment works, so two rasters at
 * any row offset compare their bands directly; a near miss is rejected a band at a time.
 */
export const BAND = 4;
