/**
 * The compact text code of one baked mask (mask library version 2): the mask's rows as their
 * edges, each edge predicted from the rows above, range-coded with adaptive bit probabilities and
 * written in URL-safe base64 (`A-Z a-z 0-9 - _`, no padding, nothing a JS string literal escapes).
 *
 * ```
 *  row j-2:  .....####........###...      edges (toggle columns) [5, 9, 17, 20]
 *  row j-1:  ....######.......####..      edges P = [4, 10, 17, 21]   moves [-1, +1, 0, +1]
 *  row j  :  ...########......#####.      edges T = [3, 11, 17, 22]
 *            each edge is expected to move as it did (the mean of its last two moves): a
 *            straight or evenly curving outline costs a small fraction of a bit per edge
 * ```
 *
 * Per row: one bit "as many edges as the row above". If so, each edge's move: a "slow" edge (its
 * last moves 0 or one column) codes whether it steps now (its context: rows since its last step
 * against the length of its previous flat run, so the stairs of a gentle slope are predicted),
 * which way, and how far; a faster edge codes its move's difference from the mean of its last two
 * moves (0, +1, -1, else sign and size). If not: one span (two edges) added or removed (where,
 * then the added edges' places; the other edges as above), or the row in full (span count, gaps).
 * Numbers are Elias-gamma bits; every decision bit has its own probability (11 bits, updated as
 * LZMA's range coder does, faster while a context has seen few bits). The mask is coded three
 * ways and the shortest code is kept (its first two bits say which): by edges along rows, by
 * edges along columns (the mask transposed), and texel by texel from its neighbours (see
 * codeTexels: for text-like masks with many edges a row).
 *
 * Measured (bench/bake, docs/baking.md): about 4.6 times smaller than version 1's
 * `BitMask.serialize` in base64 on generated game-like art, 4.5 times on the sprites of
 * cocos-test-projects. Decoding costs a few operations per edge and row (per texel for the third
 * way); the runtime decodes a mask the first time a collider needs it, not when the library is
 * registered.
 */
import { BitMask } from './bitmask';
import { popcount32 } from './raster';

/** @internal URL-safe base64 digits (mask codes; the library's numbers use them too). */
export const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
/** @internal The value of each ASCII character in {@link ALPHABET} (-1: none). */
export const LOOKUP = new Int16Array(128).fill(-1);
for (let i = 0; i < 64; i++) LOOKUP[ALPHABET.charCodeAt(i)] = i;

const TOP = 1 << 24;
const PROB_BITS = 11;
const PROB_INIT = 1 << (PROB_BITS - 1);
const MOVE = 4;
/**
 * A context's probability moves by 1/(n + 2) of the way after its n-th bit while that is more than
 * 1/2^MOVE (it learns fast at first: a small mask has few bits to learn from), then by 1/2^MOVE.
 */
function adapt(probs: Uint16Array, counts: Uint8Array, ctx: number, bit: number): void {
    const p = probs[ctx];
    const n = counts[ctx];
    const div = n < (1 << MOVE) - 2 ? n + 2 : 1 << MOVE;
    if (n < 255) counts[ctx] = n + 1;
    probs[ctx] = bit === 0 ? p + Math.floor(((1 << PROB_BITS) - p) / div) : p - Math.floor(p / div);
}
/** At most this many trailing 'A's are left out of a code. */
const MAX_TRIMMED = 8;

/** Rows of history an edge's slope is averaged over. */
const HISTORY = 2;
/** Slope contexts: n = 0..HISTORY rows of history, remainder 0..n-1: n (n + 1) / 2 + remainder. */
const SLOPE_CONTEXTS = ((HISTORY + 1) * (HISTORY + 2)) / 2;
/** Above this many edges in the row above, a change of edge count is coded in full. */
const MAX_EDIT_EDGES = 64;

// Context layout (one adaptive probability each).
const C_SAME = 0; // 2: as many edges as the row above, by the row above's answer
const C_EDIT = 2; // 1: the count changed by one span added or removed (else: the row in full)
const C_INS = 3; // 1: added / removed
const C_IDX = 4; // 32: where (gamma)
const C_ZERO = 36; // 3 SLOPE_CONTEXTS: an edge moved by floor(slope), by slope and its last move (same, more, less)
const C_PLUS = C_ZERO + 3 * SLOPE_CONTEXTS; // SLOPE_CONTEXTS: by one more
const C_MINUS = C_PLUS + SLOPE_CONTEXTS; // SLOPE_CONTEXTS: by one less
const C_SIGN = C_MINUS + SLOPE_CONTEXTS; // 1: further: less
const C_MAG = C_SIGN + 1; // 32: how much further (gamma)
const C_SPANS = C_MAG + 32; // 32: number of spans (gamma)
const C_GAP = C_SPANS + 32; // 64: gaps, first edge / later edges (gamma, 32 each)
// A slow edge (its last moves 0 or one column): does it step this row, by the phase of its steps
// (rows since its last step against the length of its previous flat run) and whether it stepped
// last row; which way (the way of its last step or not); further than one column.
const C_STEP = C_GAP + 64; // 12
const C_WAY = C_STEP + 12; // 2
const C_FAR = C_WAY + 2; // 1
const C_ORIENT = C_FAR + 1; // 1: coded by columns (the mask transposed)
const C_TEXELS = C_ORIENT + 1; // 1: coded texel by texel (else by edges)
const C_SAME_ROW = C_TEXELS + 1; // 1: texel by texel: the row is the row above
const C_TEX = C_SAME_ROW + 1; // 1024: texel by texel: by its ten neighbours above and to the left
const CONTEXTS = C_TEX + 1024;
/** Caps of the step phase counters. */
const PHASE_CAP = 31;

/** Range encoder (LZMA's), writing bytes. */
class Encoder {
    private _low = 0; // up to 2^32 + 2^32: kept as a double
    private _range = 0xffffffff;
    private _cache = 0;
    private _cacheSize = 1;
    readonly bytes: number[] = [];
    readonly probs = new Uint16Array(CONTEXTS).fill(PROB_INIT);
    readonly counts = new Uint8Array(CONTEXTS);

    bit(ctx: number, bit: number): number {
        const p = this.probs[ctx];
        const bound = (this._range >>> PROB_BITS) * p;
        if (bit === 0) {
            this._range = bound;
        } else {
            this._low += bound;
            this._range = (this._range - bound) >>> 0;
        }
        adapt(this.probs, this.counts, ctx, bit);
        while (this._range < TOP) {
            this._range = (this._range << 8) >>> 0;
            this._shiftLow();
        }
        return bit;
    }

    private _shiftLow(): void {
        const low = this._low;
        if (low < 0xff000000 || low >= 0x100000000) {
            const carry = low >= 0x100000000 ? 1 : 0;
            let temp = this._cache;
            do {
                this.bytes.push((temp + carry) & 0xff);
                temp = 0xff;
            } while (--this._cacheSize !== 0);
            this._cache = Math.floor(low / 0x1000000) & 0xff;
        }
        this._cacheSize++;
        this._low = (low % 0x1000000) * 256;
    }

    finish(): number[] {
        for (let i = 0; i < 5; i++) this._shiftLow();
        return this.bytes;
    }
}

/** Range decoder over base64 text (6 bits a character, read 8 at a time). */
class Decoder {
    private _range = 0xffffffff;
    private _code = 0;
    private _acc = 0;
    private _accBits = 0;
    private _pos = 0;
    readonly probs = new Uint16Array(CONTEXTS);
    readonly counts = new Uint8Array(CONTEXTS);

    constructor(private readonly _text: string) {
        this.probs.fill(PROB_INIT);
        // The range coder's first byte is always 0 and is not written (see encodeMaskCode).
        for (let i = 0; i < 4; i++) this._code = ((this._code << 8) | this._byte()) >>> 0;
    }

    private _byte(): number {
        while (this._accBits < 8) {
            let v = 0;
            if (this._pos < this._text.length) {
                const ch = this._text.charCodeAt(this._pos++);
                v = ch < 128 ? LOOKUP[ch] : -1;
                if (v < 0) throw new TypeError('baked mask data has a character outside its alphabet. Bake the masks again.');
            } else if (this._pos++ > this._text.length + MAX_TRIMMED + 2) {
                throw new RangeError('baked mask data is truncated. Bake the masks again.');
            }
            this._acc = ((this._acc << 6) | v) & 0xffff;
            this._accBits += 6;
        }
        this._accBits -= 8;
        return (this._acc >>> this._accBits) & 0xff;
    }

    bit(ctx: number, _ignored?: number): number {
        const p = this.probs[ctx];
        const bound = (this._range >>> PROB_BITS) * p;
        let bit: number;
        if (this._code < bound) {
            this._range = bound;
            bit = 0;
        } else {
            this._code = (this._code - bound) >>> 0;
            this._range = (this._range - bound) >>> 0;
            bit = 1;
        }
        adapt(this.probs, this.counts, ctx, bit);
        while (this._range < TOP) {
            this._range = (this._range << 8) >>> 0;
            this._code = ((this._code << 8) | this._byte()) >>> 0;
        }
        return bit;
    }
}

/** One bit: the encoder writes `b` and returns it, the decoder returns the bit it reads. */
interface BitCoder { bit(ctx: number, b: number): number }

/** A number >= 0 as Elias gamma of v + 1, each bit with its own probability (`v` ignored when decoding). */
function uint(c: BitCoder, ctx: number, v: number): number {
    const x = v + 1;
    const want = 32 - Math.clz32(x);
    let n = 1;
    while (c.bit(ctx + Math.min(n - 1, 15), n < want ? 1 : 0) === 1) {
        if (++n > 31) throw new RangeError('baked mask data is corrupt (number too long). Bake the masks again.');
    }
    let r = 1;
    for (let i = n - 2; i >= 0; i--) r = r * 2 + c.bit(ctx + 16 + Math.min(i, 15), (x >>> i) & 1);
    return r - 1;
}

/**
 * The state both sides keep: the edges of the row above (`P`), per edge its last moves (`H`,
 * HISTORY per edge, newest first), how many rows it has been followed (`A`) and how its last move
 * compared with its prediction (`U`: 0 same, 1 more, 2 less).
 */
class Model {
    P: number[] = [];
    H: number[] = [];
    A: number[] = [];
    U: number[] = [];
    /** Per edge: rows since its last step, the length of the flat run before it, its last step's way (+1 / -1, 0 unknown). */
    S: number[] = [];
    R: number[] = [];
    W: number[] = [];
    same = 1;

    /**
     * Codes one row. Encoder (`enc`): `T` holds the row's edges. Decoder: `T` is filled. The row
     * is then checked (edges ascending, inside the width) and becomes the row above.
     */
    row(c: BitCoder, enc: boolean, T: number[], width: number): void {
        const P = this.P, p = P.length;
        // 0: same count, 1: a span (two edges) added, 2: one removed, 3: in full
        let want = 0, at = 0;
        if (enc) {
            if (T.length === p) want = 0;
            else if (T.length === p + 2 && p <= MAX_EDIT_EDGES) { want = 1; at = bestInsert(P, T); }
            else if (T.length === p - 2 && p <= MAX_EDIT_EDGES) { want = 2; at = bestRemove(P, T); }
            else want = 3;
        }
        let mode = 0;
        if (c.bit(C_SAME + this.same, want === 0 ? 0 : 1) === 1) {
            if (c.bit(C_EDIT, want === 3 ? 1 : 0) === 1) mode = 3;
            else {
                mode = c.bit(C_INS, want === 2 ? 1 : 0) === 1 ? 2 : 1;
                at = uint(c, C_IDX, at);
                if (mode === 1 ? at > p : at + 2 > p) throw new RangeError('baked mask data is corrupt (an edit outside the row). Bake the masks again.');
            }
        }
        const n = mode === 0 ? p : mode === 1 ? p + 2 : mode === 2 ? p - 2 : 0;
        const H: number[] = new Array(n * HISTORY).fill(0), A: number[] = new Array(n).fill(0), U: number[] = new Array(n).fill(0);
        const S: number[] = new Array(n).fill(0), R: number[] = new Array(n).fill(0), W: number[] = new Array(n).fill(0);
        if (mode === 3) {
            const spans = uint(c, C_SPANS, T.length >>> 1);
            if (spans > width) throw new RangeError('baked mask data is corrupt (more spans than columns). Bake the masks again.');
            const m = spans * 2;
            if (!enc) T.length = m;
            H.length = m * HISTORY; H.fill(0); A.length = m; A.fill(0); U.length = m; U.fill(0);
            S.length = m; S.fill(0); R.length = m; R.fill(0); W.length = m; W.fill(0);
            let prev = -1;
            for (let k = 0; k < m; k++) {
                prev = prev + 1 + uint(c, C_GAP + (k === 0 ? 0 : 32), enc ? T[k] - prev - 1 : 0);
                if (!enc) T[k] = prev;
            }
        } else {
            if (!enc) T.length = n;
            // the edges that go on from the row above, each from its slope
            for (let q = 0; q < p; q++) {
                if (mode === 2 && (q === at || q === at + 1)) continue;
                const t = mode === 1 && q >= at ? q + 2 : mode === 2 && q > at ? q - 2 : q;
                const age = Math.min(this.A[q], HISTORY);
                let sum = 0, slow = age > 0;
                for (let h = 0; h < age; h++) {
                    const mv = this.H[q * HISTORY + h];
                    sum += mv;
                    if (mv > 1 || mv < -1) slow = false;
                }
                let lo = 0, d = 0;
                if (slow) {
                    // a slow edge: step or not, from the phase of its steps
                    const since = this.S[q], run = this.R[q];
                    const phase = run === 0 ? 0 : since + 1 < run ? 1 : since + 1 === run ? 2 : since === run ? 3 : 4;
                    const dv = enc ? T[t] - P[q] : 0;
                    if (c.bit(C_STEP + phase * 2 + (since === 0 ? 1 : 0), dv === 0 ? 0 : 1) === 1) {
                        const way = this.W[q] || 1;
                        const along = c.bit(C_WAY + (this.W[q] ? 0 : 1), enc ? (dv * way > 0 ? 0 : 1) : 0) === 0;
                        const sgn = along ? way : -way;
                        const mag = c.bit(C_FAR, enc ? (dv * sgn > 1 ? 1 : 0) : 0) === 1 ? 2 + uint(c, C_MAG, enc ? dv * sgn - 2 : 0) : 1;
                        d = sgn * mag;
                    }
                } else {
                    lo = age ? Math.floor(sum / age) : 0;
                    const sctx = (age * (age + 1)) / 2 + (age ? sum - lo * age : 0);
                    const dv = enc ? T[t] - P[q] - lo : 0;
                    if (c.bit(C_ZERO + sctx * 3 + this.U[q], dv === 0 ? 0 : 1) === 1) {
                        if (c.bit(C_PLUS + sctx, dv === 1 ? 0 : 1) === 0) d = 1;
                        else if (c.bit(C_MINUS + sctx, dv === -1 ? 0 : 1) === 0) d = -1;
                        else if (c.bit(C_SIGN, dv < 0 ? 1 : 0) === 1) d = -2 - uint(c, C_MAG, -dv - 2);
                        else d = 2 + uint(c, C_MAG, dv - 2);
                    }
                }
                const x = P[q] + lo + d;
                const move = x - P[q];
                if (move === 0) {
                    S[t] = Math.min(this.S[q] + 1, PHASE_CAP); R[t] = this.R[q]; W[t] = this.W[q];
                } else {
                    R[t] = Math.min(this.S[q], PHASE_CAP); S[t] = 0; W[t] = move > 0 ? 1 : -1;
                }
                if (!enc) T[t] = x;
                H[t * HISTORY] = x - P[q];
                for (let h = 1; h < HISTORY; h++) H[t * HISTORY + h] = this.H[q * HISTORY + h - 1];
                A[t] = this.A[q] + 1;
                U[t] = d === 0 ? 0 : d > 0 ? 1 : 2;
            }
            if (mode === 1) {
                // the new span's (or gap's) two edges, after the edge before them
                const before = at > 0 ? T[at - 1] : -1;
                const a = before + 1 + uint(c, C_GAP + 32, enc ? T[at] - before - 1 : 0);
                const b = a + 1 + uint(c, C_GAP + 32, enc ? T[at + 1] - a - 1 : 0);
                if (!enc) { T[at] = a; T[at + 1] = b; }
            }
        }
        let last = -1;
        for (let k = 0; k < T.length; k++) {
            if (!(T[k] > last && (T[k] < width || (k & 1 && T[k] === width)))) {
                throw new RangeError(`baked mask data is corrupt (a row does not fit ${width} columns). Bake the masks again.`);
            }
            last = T[k];
        }
        this.same = mode === 0 ? 0 : 1;
        this.P = T.slice();
        this.H = H;
        this.A = A;
        this.U = U;
        this.S = S;
        this.R = R;
        this.W = W;
    }
}

/** Where two edges were added to `P` to give `T`: the index whose removal from T best matches P. */
function bestInsert(P: readonly number[], T: readonly number[]): number {
    let best = 0, bestCost = Infinity;
    for (let i = 0; i <= P.length; i++) {
        let cost = 0;
        for (let k = 0; k < P.length; k++) cost += Math.abs(T[k < i ? k : k + 2] - P[k]);
        if (cost < bestCost) { bestCost = cost; best = i; }
    }
    return best;
}

/** Which two consecutive edges of `P` are gone in `T`. */
function bestRemove(P: readonly number[], T: readonly number[]): number {
    let best = 0, bestCost = Infinity;
    for (let i = 0; i + 2 <= P.length; i++) {
        let cost = 0;
        for (let k = 0; k < T.length; k++) cost += Math.abs(T[k] - P[k < i ? k : k + 2]);
        if (cost < bestCost) { bestCost = cost; best = i; }
    }
    return best;
}

/**
 * Texel by texel (for masks with many edges a row, such as text or lace, where edges do not
 * follow from the rows above): each texel's bit with the probability of its context, the ten
 * texels above and to the left (JBIG's template):
 *
 * ```
 *   row j-2:     . X X X .          X: context texels, o: the texel coded
 *   row j-1:     X X X X X
 *   row j  :     X X o
 * ```
 *
 * A row equal to the row above costs one bit. Encoder: reads `m`; decoder: sets `m`'s bits.
 */
function codeTexels(c: BitCoder, enc: boolean, m: BitMask): void {
    for (let j = 0; j < m.height; j++) texelRow(c, enc, m, j);
}

/** Row `j` of {@link codeTexels} (the rows above it are already coded). */
function texelRow(c: BitCoder, enc: boolean, m: BitMask, j: number): void {
    const { width: w, stride, bits } = m;
    const px = (x: number, y: number): number => (x < w && y >= 0 ? (bits[y * stride + (x >>> 5)] >>> (x & 31)) & 1 : 0);
    const row = j * stride;
    if (j > 0) {
        let same = 0;
        if (enc) {
            same = 1;
            for (let k = 0; k < stride; k++) if (bits[row + k] !== bits[row - stride + k]) { same = 0; break; }
        }
        same = c.bit(C_SAME_ROW, same);
        if (same) {
            if (!enc) for (let k = 0; k < stride; k++) bits[row + k] = bits[row - stride + k];
            return;
        }
    }
    let r2 = (px(0, j - 2) << 1) | px(1, j - 2);
    let r1 = (px(0, j - 1) << 2) | (px(1, j - 1) << 1) | px(2, j - 1);
    let r0 = 0;
    for (let i = 0; i < w; i++) {
        const v = c.bit(C_TEX + ((r2 << 7) | (r1 << 2) | r0), enc ? (bits[row + (i >>> 5)] >>> (i & 31)) & 1 : 0);
        if (!enc && v) bits[row + (i >>> 5)] |= 1 << (i & 31);
        r2 = ((r2 << 1) | px(i + 2, j - 2)) & 7;
        r1 = ((r1 << 1) | px(i + 3, j - 1)) & 31;
        r0 = ((r0 << 1) | v) & 3;
    }
}

/** The edges (toggle columns) of row j: start and end of each opaque span, ascending. */
function rowEdges(m: BitMask, j: number, out: number[]): number[] {
    out.length = 0;
    const base = j * m.stride;
    let carry = 0;
    for (let w = 0; w < m.stride; w++) {
        const word = m.bits[base + w];
        let diff = (word ^ ((word << 1) | carry)) >>> 0;
        carry = word >>> 31;
        while (diff !== 0) {
            const x = w * 32 + (31 - Math.clz32(diff & -diff));
            if (x >= m.width) break;
            out.push(x);
            diff = (diff & (diff - 1)) >>> 0;
        }
    }
    if (out.length & 1) out.push(m.width);
    return out;
}

/** The mask's code (see the file header). Width and height are not in it: the entry's rect has them. */
export function encodeMaskCode(m: BitMask): string {
    let best = encodeMaskCodeAs(m, 'rows');
    const cols = encodeMaskCodeAs(m, 'columns');
    if (cols.length < best.length) best = cols;
    // texel by texel only pays for masks with many edges a row (and costs a pass over every texel)
    if (edgeCount(m) < TEXELS_FROM_EDGES_PER_ROW * m.height) return best;
    const texels = encodeMaskCodeAs(m, 'texels');
    return texels.length < best.length ? texels : best;
}

/**
 * Below this many edges a row on average, the texel-by-texel way is not tried (on generated and
 * on real sprites it won for such masks by a few characters in all: 58 on cocos-test-projects).
 */
const TEXELS_FROM_EDGES_PER_ROW = 4;

/** Edges (toggles between transparent and opaque, from a transparent left border) in the mask's rows. */
function edgeCount(m: BitMask): number {
    let n = 0;
    for (let j = 0; j < m.height; j++) {
        let carry = 0;
        for (let w = 0; w < m.stride; w++) {
            const word = m.bits[j * m.stride + w];
            n += popcount32((word ^ ((word << 1) | carry)) >>> 0);
            carry = word >>> 31;
        }
    }
    return n;
}

/** @internal The code of `m` one way only (tests; {@link encodeMaskCode} keeps the shortest). */
export function encodeMaskCodeAs(m: BitMask, way: 'rows' | 'columns' | 'texels'): string {
    return way === 'columns' ? encodeAs(m.transpose(), 1, 0) : encodeAs(m, 0, way === 'texels' ? 1 : 0);
}

/** The code of `m` by edges or texel by texel (`m` is the mask, or its transpose when `transposed`). */
function encodeAs(m: BitMask, transposed: number, texels: number): string {
    const e = new Encoder();
    e.bit(C_ORIENT, transposed);
    e.bit(C_TEXELS, texels);
    if (texels) codeTexels(e, true, m);
    else {
        const model = new Model();
        const T: number[] = [];
        for (let j = 0; j < m.height; j++) model.row(e, true, rowEdges(m, j, T), m.width);
    }
    const bytes = e.finish();
    // The first byte of LZMA's range coder is always 0: dropped.
    let s = '';
    let acc = 0, bits = 0;
    for (let i = 1; i < bytes.length; i++) {
        acc = ((acc << 8) | bytes[i]) & 0xffff;
        bits += 8;
        while (bits >= 6) { bits -= 6; s += ALPHABET[(acc >>> bits) & 63]; }
    }
    if (bits > 0) s += ALPHABET[(acc << (6 - bits)) & 63];
    // Trailing 'A's (zero bits, mostly the coder's flush) are left out: the decoder reads zeros past the end.
    let end = s.length;
    while (end > 0 && s.length - end < MAX_TRIMMED && s.charCodeAt(end - 1) === 65) end--;
    return s.slice(0, end);
}

/** Decodes {@link encodeMaskCode}'s text into a `width x height` mask; throws a clear error when it is not one. */
export function decodeMaskCode(text: string, width: number, height: number): BitMask {
    return new MaskCodeReader(text, width, height).finish();
}

/**
 * Decodes a mask code a few rows at a time, so that a large mask can be decoded across frames
 * within a time budget ({@link step}), or at once ({@link finish}). Rows are those of the coded
 * orientation (columns of the mask for a code by columns: each finished strip of 32 is
 * transposed into the mask by 32 x 32 blocks as it completes). Throws the clear errors of
 * {@link decodeMaskCode} from the step that meets the fault.
 */
export class MaskCodeReader {
    /** The mask's width and height (as the entry's rect gives them). */
    readonly width: number;
    readonly height: number;
    /** Rows to decode in all (the coded orientation's height). */
    readonly rows: number;
    /** Texels per row of the coded orientation (a step of n rows costs about n times this). */
    readonly rowLength: number;
    private readonly _d: Decoder;
    private readonly _transposed: boolean;
    private readonly _texels: boolean;
    /** The mask in the coded orientation (the result itself unless transposed). */
    private readonly _coded: BitMask;
    private readonly _out: BitMask;
    private readonly _model: Model | null;
    private readonly _T: number[] = [];
    private _j = 0;
    /** Coded rows already transposed into `_out` (a multiple of 32, or all). */
    private _flushed = 0;
    private _block: Uint32Array | null = null;

    constructor(text: string, width: number, height: number) {
        this.width = width;
        this.height = height;
        const d = new Decoder(text);
        this._d = d;
        this._transposed = d.bit(C_ORIENT) === 1;
        this._texels = d.bit(C_TEXELS) === 1;
        this._out = new BitMask(width, height);
        this._coded = this._transposed ? new BitMask(height, width) : this._out;
        this.rows = this._coded.height;
        this.rowLength = this._coded.width;
        this._model = this._texels ? null : new Model();
    }

    /** Rows decoded so far. */
    get rowsDone(): number {
        return this._j;
    }

    /** True once every row is decoded (then {@link finish} returns at once). */
    get done(): boolean {
        return this._j >= this.rows && this._flushed >= this.rows;
    }

    /** Decodes up to `rows` more rows; returns {@link done}. */
    step(rows: number): boolean {
        const m = this._coded;
        const end = Math.min(this.rows, this._j + Math.max(1, Math.floor(rows)));
        const d = this._d, T = this._T, model = this._model, width = m.width, stride = m.stride, bits = m.bits;
        for (let j = this._j; j < end; j++) {
            if (!model) texelRow(d, false, m, j);
            else {
                model.row(d, false, T, width);
                const base = j * stride;
                for (let k = 0; k < T.length; k += 2) {
                    const a = T[k], b = T[k + 1];
                    for (let x = a; x < b;) {
                        const w = x >>> 5, sh = x & 31;
                        const n = Math.min(32 - sh, b - x);
                        bits[base + w] |= n === 32 ? 0xffffffff : ((1 << n) - 1) << sh;
                        x += n;
                    }
                }
            }
            this._j = j + 1;
        }
        if (this._transposed) {
            while (this._flushed < this.rows && (this._j - this._flushed >= 32 || this._j >= this.rows)) {
                this._transposeStrip(this._flushed >>> 5);
                this._flushed = Math.min(this.rows, this._flushed + 32);
            }
        } else {
            this._flushed = this._j;
        }
        return this.done;
    }

    /** Decodes what is left and returns the mask. */
    finish(): BitMask {
        while (!this.done) this.step(this.rows);
        return this._out;
    }

    /** Coded rows [32s, 32s + 32) are the mask's columns [32s, 32s + 32): word s of each mask row. */
    private _transposeStrip(s: number): void {
        const src = this._coded, dst = this._out;
        const a = this._block ?? (this._block = new Uint32Array(32));
        const r0 = s * 32, n = Math.min(32, src.height - r0);
        for (let w = 0; w < src.stride; w++) {
            for (let k = 0; k < 32; k++) a[k] = k < n ? src.bits[(r0 + k) * src.stride + w] : 0;
            transpose32(a);
            const y0 = w * 32, ny = Math.min(32, dst.height - y0);
            for (let i = 0; i < ny; i++) dst.bits[(y0 + i) * dst.stride + s] = a[i];
        }
    }
}

/**
 * @internal Transposes a 32 x 32 bit block in place (row k = a[k], column c = bit c, LSB first):
 * afterwards bit k of a[c] is what bit c of a[k] was. Five rounds of block swaps.
 */
export function transpose32(a: Uint32Array): void {
    let m = 0x0000ffff;
    for (let j = 16; j !== 0; j >>>= 1, m = (m ^ (m << j)) >>> 0) {
        for (let k = 0; k < 32; k++) {
            if (k & j) continue;
            const t = ((a[k] >>> j) ^ a[k | j]) & m;
            a[k] ^= t << j;
            a[k | j] ^= t;
        }
    }
}
