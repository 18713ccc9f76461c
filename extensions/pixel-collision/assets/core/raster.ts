import type { BitMask } from './bitmask';
import { computeBands, computeRowBounds, rowRuns, RUN_STRIDE, UNKNOWN_RUNS } from './rows';

/**
 * A collider as seen by the world sampling grid: one bit per world cell, set when the
 * cell's sample belongs to the collider.
 *
 * ```
 *   bit (col c, row r)  <->  world cell (k0 + c, l0 + r)
 *
 *   row r+1  │ c=0 c=1 c=2 ...      rows go UP with world y (l grows),
 *   row r    │ c=0 c=1 c=2 ...      unlike a BitMask, whose row 0 is the top of an image
 *            └──────────────▶ world x
 *   word layout: bits[r * stride + (c >>> 5)], bit (c & 31), least significant bit first
 * ```
 *
 * A raster either owns its buffer (rasterized rotated/scaled masks and shapes; the buffer is
 * kept and regrown only when a larger one is needed, so steady-state frames allocate nothing),
 * or is a zero-copy *view* of a BitMask (an axis-aligned mask at one texel per cell, possibly
 * flipped or turned by quarter turns: the mask's cached orientation variant).
 */
export class WorldRaster {
    /**
     * How many buffers all rasters have allocated so far (grows only while warming up). Tests
     * read it to prove that steady-state frames allocate nothing.
     */
    static allocations = 0;

    /** Samples per world unit of the grid this raster lives on. */
    accuracy = 1;
    /** World cell of column 0 / row 0. */
    k0 = 0;
    l0 = 0;
    width = 0;
    height = 0;
    /**
     * Twice the centre (in cells) of the collider's whole raster box, `2 * k0 + width` and
     * `2 * l0 + height` of the raster made with no clip window: the same whether this raster was
     * cut to a pair's window or not. The zero-gradient normal points from A's to B's, so it does
     * not depend on how (or whether) a raster was cut or memoized.
     */
    boxK2 = 0;
    boxL2 = 0;
    /** 32-bit words per row. */
    stride = 0;
    bits: Uint32Array = EMPTY_U32;
    /**
     * Per row, packed `[lo or ~lo, hi]`: the set span `[lo, hi)` (`[width, 0)` when empty), with
     * `lo` stored as `~lo` (negative) when the span has holes. Two *full* rows (no hole) meet in
     * one interval, with no word read. See `rows.ts`; {@link rowLo}, {@link rowHi}, {@link rowFull}
     * read it.
     */
    rowSpans: Int32Array = EMPTY_I32;
    /** Per row: its runs when at most MAX_RUNS, `RUN_STRIDE` entries a row (see `rows.ts`); read through {@link runCount}. */
    rowRuns: Int32Array = EMPTY_I32;
    /** The mask this raster views, or null when it owns its buffer. */
    source: BitMask | null = null;

    private _ownBits: Uint32Array = EMPTY_U32;
    private _ownSpans: Int32Array = EMPTY_I32;
    private _ownRuns: Int32Array = EMPTY_I32;
    private _ownBands: Int32Array = EMPTY_I32;
    private _bands: Int32Array = EMPTY_I32;
    private _bandsReady = false;

    /**
     * Makes this raster own a cleared `width x height` buffer whose bit (0, 0) is world cell
     * `(k0, l0)`. Reuses the previous buffer when it is large enough.
     */
    reset(accuracy: number, k0: number, l0: number, width: number, height: number): this {
        if (width < 0 || height < 0) width = height = 0;
        const stride = (width + 31) >>> 5;
        const words = stride * height;
        this.reserve(words, height);
        this._ownBits.fill(0, 0, words);
        this.accuracy = accuracy;
        this.k0 = k0;
        this.l0 = l0;
        this.width = width;
        this.height = height;
        this.boxK2 = 2 * k0 + width;
        this.boxL2 = 2 * l0 + height;
        this.stride = stride;
        this.bits = this._ownBits;
        this.rowSpans = this._ownSpans;
        this.rowRuns = this._ownRuns;
        this._bands = this._ownBands;
        this._bandsReady = false;
        this.source = null;
        return this;
    }

    /**
     * Makes sure the raster's own buffers hold `words` words of bits and `rows` rows without
     * growing again (a raster that is remade at many sizes reserves its largest once, instead of
     * growing a few times, each growth four new typed arrays).
     */
    reserve(words: number, rows: number): void {
        if (this._ownBits.length < words) {
            this._ownBits = new Uint32Array(Math.max(words, this._ownBits.length * 2));
            WorldRaster.allocations++;
        }
        if (this._ownSpans.length < 2 * rows) {
            WorldRaster.allocations++;
            const n = Math.max(rows, this._ownSpans.length);
            this._ownSpans = new Int32Array(2 * n);
            this._ownRuns = new Int32Array(RUN_STRIDE * n);
            this._ownBands = new Int32Array(2 * n);
        }
    }

    /** Makes this raster a zero-copy view of `mask` (rows in the mask's order) at `(k0, l0)`. */
    view(mask: BitMask, accuracy: number, k0: number, l0: number): this {
        const rb = mask.rowBounds();
        this.accuracy = accuracy;
        this.k0 = k0;
        this.l0 = l0;
        this.width = mask.width;
        this.height = mask.height;
        this.boxK2 = 2 * k0 + mask.width;
        this.boxL2 = 2 * l0 + mask.height;
        this.stride = mask.stride;
        this.bits = mask.bits;
        this.rowSpans = rb.spans;
        this.rowRuns = rb.runs;
        this._bands = rb.bands;
        this._bandsReady = true;
        this.source = mask;
        return this;
    }

    /** Sets columns `[c0, c1)` of row `r` (clamped to the raster). Owned rasters only. */
    setSpan(r: number, c0: number, c1: number): void {
        if (c0 < 0) c0 = 0;
        if (c1 > this.width) c1 = this.width;
        if (c0 >= c1 || r < 0 || r >= this.height) return;
        const base = r * this.stride;
        const w0 = c0 >>> 5;
        const w1 = (c1 - 1) >>> 5;
        const m0 = (0xffffffff << (c0 & 31)) >>> 0;
        const m1 = 0xffffffff >>> (31 - ((c1 - 1) & 31));
        const bits = this.bits;
        if (w0 === w1) {
            bits[base + w0] |= m0 & m1;
        } else {
            bits[base + w0] |= m0;
            for (let w = w0 + 1; w < w1; w++) bits[base + w] = 0xffffffff;
            bits[base + w1] |= m1;
        }
    }

    /** Recomputes the row summaries (`rowSpans`, `rowRuns`) from the bits. Call after writing an owned raster. */
    updateRowBounds(): void {
        computeRowBounds(this.bits, this.stride, this.width, this.height, this.rowSpans, this.rowRuns);
        this._bandsReady = false;
    }

    /** Row `r`'s first set column (`width` when the row is empty). */
    rowLo(r: number): number {
        const lo = this.rowSpans[2 * r];
        return lo < 0 ? ~lo : lo;
    }

    /** One past row `r`'s last set column (0 when the row is empty). */
    rowHi(r: number): number {
        return this.rowSpans[2 * r + 1];
    }

    /** Whether every column of row `r`'s span is set (true for an empty row). */
    rowFull(r: number): boolean {
        return this.rowSpans[2 * r] >= 0;
    }

    /**
     * Row `r`'s number of runs (at most MAX_RUNS = 4, else -1), listing them first when the
     * rasterizer left them to be read on use; the runs follow at `rowRuns[r * RUN_STRIDE + 1]`.
     */
    runCount(r: number): number {
        const n = this.rowRuns[r * RUN_STRIDE];
        return n === UNKNOWN_RUNS ? rowRuns(this.bits, this.stride, r, this.rowRuns) : n;
    }

    /**
     * Per row r: the union span of rows r .. r + 3, packed `[lo, hi]` (see `rows.ts`, BAND).
     * Made on first use after each write (only the boolean test reads it).
     */
    bands(): Int32Array {
        if (!this._bandsReady) {
            computeBands(this.rowSpans, this.width, this.height, this._bands);
            this._bandsReady = true;
        }
        return this._bands;
    }

    /** Whether world cell `(k, l)` belongs to this raster. */
    has(k: number, l: number): boolean {
        const c = k - this.k0;
        const r = l - this.l0;
        if (c < 0 || r < 0 || c >= this.width || r >= this.height) return false;
        return ((this.bits[r * this.stride + (c >>> 5)] >>> (c & 31)) & 1) === 1;
    }

    /** Number of set cells. */
    count(): number {
        let n = 0;
        const { bits, stride, height } = this;
        for (let i = 0, e = stride * height; i < e; i++) n += popcount32(bits[i]);
        return n;
    }
}

const EMPTY_U32 = new Uint32Array(0);
const EMPTY_I32 = new Int32Array(0);

/** Number of set bits in a 32-bit word. */
export function popcount32(x: number): number {
    x = x - ((x >>> 1) & 0x55555555);
    x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
    x = (x + (x >>> 4)) & 0x0f0f0f0f;
    return Math.imul(x, 0x01010101) >>> 24;
}
