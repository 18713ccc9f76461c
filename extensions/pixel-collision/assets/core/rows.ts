/**
 * Per-row summaries of a word-packed bit grid (a {@link BitMask} or a {@link WorldRaster}):
 * the opaque span `[lo, hi)` of each row and whether that span is *full* (every bit between
 * `lo` and `hi` set, the common case for solid sprites). The narrow phase answers a pair of
 * full rows in O(1) (the shared cells are one interval) and reads words only for the others.
 *
 * An empty row has `lo = width`, `hi = 0` and counts as full (its span holds no unset bit).
 *
 * `spans` packs the same for the narrow phase's hot loops (one array, adjacent loads):
 * `spans[2r] = lo` for a full row, `~lo` (negative) for a row with holes; `spans[2r + 1] = hi`.
 */
export function computeRowBounds(
    bits: Uint32Array, stride: number, width: number, height: number,
    lo: Int32Array, hi: Int32Array, full: Uint8Array, spans: Int32Array,
): void {
    for (let r = 0; r < height; r++) {
        const base = r * stride;
        let wl = 0;
        while (wl < stride && bits[base + wl] === 0) wl++;
        if (wl === stride) {
            lo[r] = width;
            hi[r] = 0;
            full[r] = 1;
            spans[2 * r] = width;
            spans[2 * r + 1] = 0;
            continue;
        }
        let wh = stride - 1;
        while (bits[base + wh] === 0) wh--;
        const xl = bits[base + wl];
        const xh = bits[base + wh];
        const bl = 31 - Math.clz32(xl & -xl); // first set bit of word wl
        const bh = 31 - Math.clz32(xh); // last set bit of word wh
        lo[r] = (wl << 5) + bl;
        hi[r] = (wh << 5) + bh + 1;
        // Full iff the bits from (wl, bl) to (wh, bh) are all set.
        let f: boolean;
        if (wl === wh) {
            const m = (0xffffffff >>> (31 - bh)) & (0xffffffff << bl);
            f = (xl & m) === m;
        } else {
            f = (xl >>> bl) === (0xffffffff >>> bl) && (xh | ~(0xffffffff >>> (31 - bh))) === -1;
            for (let w = wl + 1; f && w < wh; w++) f = bits[base + w] === 0xffffffff;
        }
        full[r] = f ? 1 : 0;
        spans[2 * r] = f ? lo[r] : ~lo[r];
        spans[2 * r + 1] = hi[r];
    }
}

/** Fills `bands` (see {@link BAND}) from the row spans `lo`, `hi`: unions of pairs, then of pairs of pairs. */
export function computeBands(lo: Int32Array, hi: Int32Array, width: number, height: number, bands: Int32Array): void {
    // An empty row (lo = width, hi = 0) changes neither end of a union.
    for (let r = 0; r < height; r++) {
        const n = r + 1 < height ? r + 1 : r;
        bands[2 * r] = lo[r] < lo[n] ? lo[r] : lo[n];
        bands[2 * r + 1] = hi[r] > hi[n] ? hi[r] : hi[n];
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
