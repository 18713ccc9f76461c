/**
 * Brute-force reference of the definition of colliding (README.md, "The sampling definition"), written independently of the
 * core: it visits every world cell of the overlap of the two colliders' full (not tight)
 * boxes and asks each collider whether the cell's sample lies in an opaque texel.
 *
 * Membership is exact: the local position is first evaluated in doubles, and whenever it is
 * within 1e-6 of an integer (a texel edge) it is recomputed with exact rational arithmetic
 * (BigInt fractions), so the reference never rounds a sample onto the wrong side of an edge.
 */
import type { Affine2D } from '../../extensions/pixel-collision/assets/core/affine';
import type { BitMask } from '../../extensions/pixel-collision/assets/core/bitmask';
import type { WorldRaster } from '../../extensions/pixel-collision/assets/core/raster';

export interface RefContact {
    hit: boolean;
    count: number;
    minK: number;
    maxK: number;
    minL: number;
    maxL: number;
    sumK: number;
    sumL: number;
}

interface Frac { n: bigint; d: bigint } // d > 0

function frac(x: number): Frac {
    // Every finite double is m / 2^e exactly; find e by doubling (exact for doubles).
    let e = 0;
    let y = x;
    while (!Number.isInteger(y)) { y *= 2; e++; }
    return { n: BigInt(y), d: 1n << BigInt(e) };
}
const fmul = (a: Frac, b: Frac): Frac => ({ n: a.n * b.n, d: a.d * b.d });
const fsub = (a: Frac, b: Frac): Frac => ({ n: a.n * b.d - b.n * a.d, d: a.d * b.d });
function ffloorDiv(a: Frac, b: Frac): number {
    // floor((a.n/a.d) / (b.n/b.d)) = floor(a.n*b.d / (a.d*b.n))
    let num = a.n * b.d;
    let den = a.d * b.n;
    if (den < 0n) { num = -num; den = -den; }
    let q = num / den;
    if (num < 0n && q * den !== num) q -= 1n;
    return Number(q);
}

/** The rational n / d, d > 0. */
export interface Q { n: bigint; d: bigint }

const DV = new DataView(new ArrayBuffer(8));

/** The exact value of a finite double. */
export function q(x: number): Q {
    if (!Number.isFinite(x)) throw new Error(`not finite: ${x}`);
    DV.setFloat64(0, x);
    const bits = DV.getBigUint64(0);
    const eb = Number((bits >> 52n) & 0x7ffn);
    let m = bits & ((1n << 52n) - 1n);
    if (eb !== 0) m |= 1n << 52n;
    const e = (eb === 0 ? 1 : eb) - 1075;
    const n = bits >> 63n ? -m : m;
    return e >= 0 ? { n: n << BigInt(e), d: 1n } : { n, d: 1n << BigInt(-e) };
}

/** Exact local texel (floor u, floor v) of the sample of cell (k, l). */
export function refTexel(t: Affine2D, acc: number, k: number, l: number): [number, number] {
    const det = t.a * t.d - t.b * t.c;
    const x = (k + 0.5) / acc;
    const y = (l + 0.5) / acc;
    const u = (t.d * (x - t.tx) - t.c * (y - t.ty)) / det;
    const v = (t.a * (y - t.ty) - t.b * (x - t.tx)) / det;
    const nearU = Math.abs(u - Math.round(u)) < 1e-6 * (1 + Math.abs(u));
    const nearV = Math.abs(v - Math.round(v)) < 1e-6 * (1 + Math.abs(v));
    if (!nearU && !nearV && Number.isFinite(u) && Number.isFinite(v)) return [Math.floor(u), Math.floor(v)];
    const A = frac(t.a), B = frac(t.b), C = frac(t.c), D = frac(t.d);
    const twoAcc = frac(2 * acc);
    const X: Frac = fsub({ n: BigInt(2 * k + 1), d: 1n }, fmul(twoAcc, frac(t.tx)));
    const Y: Frac = fsub({ n: BigInt(2 * l + 1), d: 1n }, fmul(twoAcc, frac(t.ty)));
    const DEN = fmul(twoAcc, fsub(fmul(A, D), fmul(B, C)));
    const fu = nearU ? ffloorDiv(fsub(fmul(D, X), fmul(C, Y)), DEN) : Math.floor(u);
    const fv = nearV ? ffloorDiv(fsub(fmul(A, Y), fmul(B, X)), DEN) : Math.floor(v);
    return [fu, fv];
}

export function refMember(mask: BitMask, t: Affine2D, acc: number, k: number, l: number): boolean {
    const [i, j] = refTexel(t, acc, k, l);
    return mask.get(i, j);
}

/** Cell range whose samples can fall in the mask's full rect under t (a superset). */
export function refCells(mask: BitMask, t: Affine2D, acc: number): [number, number, number, number] {
    const xs = [0, mask.width].flatMap((u) => [0, mask.height].map((v) => t.a * u + t.c * v + t.tx));
    const ys = [0, mask.width].flatMap((u) => [0, mask.height].map((v) => t.b * u + t.d * v + t.ty));
    return [
        Math.floor(Math.min(...xs) * acc) - 1, Math.floor(Math.min(...ys) * acc) - 1,
        Math.ceil(Math.max(...xs) * acc) + 1, Math.ceil(Math.max(...ys) * acc) + 1,
    ];
}

export function refTest(a: BitMask, ta: Affine2D, b: BitMask, tb: Affine2D, acc: number): RefContact {
    const ca = refCells(a, ta, acc);
    const cb = refCells(b, tb, acc);
    const k0 = Math.max(ca[0], cb[0]), l0 = Math.max(ca[1], cb[1]);
    const k1 = Math.min(ca[2], cb[2]), l1 = Math.min(ca[3], cb[3]);
    const r: RefContact = { hit: false, count: 0, minK: Infinity, maxK: -Infinity, minL: Infinity, maxL: -Infinity, sumK: 0, sumL: 0 };
    for (let l = l0; l <= l1; l++) {
        for (let k = k0; k <= k1; k++) {
            if (!refMember(a, ta, acc, k, l) || !refMember(b, tb, acc, k, l)) continue;
            r.count++;
            r.sumK += k;
            r.sumL += l;
            r.minK = Math.min(r.minK, k); r.maxK = Math.max(r.maxK, k);
            r.minL = Math.min(r.minL, l); r.maxL = Math.max(r.maxL, l);
        }
    }
    r.hit = r.count > 0;
    return r;
}

/**
 * Throws unless every row summary of `r` (span and full flag, packed spans, run list, 4-row
 * bands) describes its bits, each recomputed cell by cell here.
 */
export function checkRowSummaries(r: WorldRaster): void {
    for (let row = 0; row < r.height; row++) {
        let lo = r.width, hi = 0, set = 0;
        const runs: number[] = [];
        let inRun = false;
        for (let c = 0; c <= r.width; c++) {
            const on = c < r.width && r.has(r.k0 + c, r.l0 + row);
            if (on) { if (lo === r.width) lo = c; hi = c + 1; set++; }
            if (on !== inRun) { runs.push(c); inRun = on; }
        }
        const full = set === 0 || set === hi - lo ? 1 : 0;
        if (r.rowLo(row) !== lo || r.rowHi(row) !== hi || (r.rowFull(row) ? 1 : 0) !== full
            || r.rowSpans[2 * row] !== (full ? lo : ~lo) || r.rowSpans[2 * row + 1] !== hi) {
            throw new Error(`row ${row}: summary ${r.rowLo(row)}..${r.rowHi(row)} full ${r.rowFull(row) ? 1 : 0}, bits ${lo}..${hi} full ${full}`);
        }
        const n = r.runCount(row);
        const got = n < 0 ? null : Array.from(r.rowRuns.subarray(9 * row + 1, 9 * row + 1 + 2 * n));
        if (runs.length > 8 ? n !== -1 : JSON.stringify(got) !== JSON.stringify(runs)) {
            throw new Error(`row ${row}: runs ${JSON.stringify(got)}, bits ${JSON.stringify(runs)}`);
        }
    }
    const bands = r.bands();
    for (let row = 0; row < r.height; row++) {
        let bl = r.width, bh = 0;
        for (let q = row; q < Math.min(row + 4, r.height); q++) {
            if (r.rowLo(q) < r.rowHi(q)) { bl = Math.min(bl, r.rowLo(q)); bh = Math.max(bh, r.rowHi(q)); }
        }
        if (bands[2 * row] !== bl || bands[2 * row + 1] !== bh) throw new Error(`row ${row}: band (${bands[2 * row]}, ${bands[2 * row + 1]}), want (${bl}, ${bh})`);
    }
}
