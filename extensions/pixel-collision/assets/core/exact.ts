import type { Affine2D } from './affine';

// Constants and scratch of the exact arithmetic (below the class), declared before any code that
// reads them. No BigInt anywhere: this module must load on ES2015 engines.

/** 2^52: above it every double is an integer. */
export const TWO_52 = 4503599627370496;
/** 2^53: the exact floors saturate at +-LIMIT. */
const LIMIT = 9007199254740992;
/** Largest accepted |k|, |l| of a sample (2k must not overflow; far beyond any real grid). */
const MAX_INDEX = 1.0715086071862673e301; // 2^1000
const TWO_64 = 18446744073709551616;
/** Veltkamp's splitter for 53-bit doubles: 2^27 + 1. */
const SPLITTER = 134217729;
/** A cluster's largest term is summed at about 2^BIAS (module notes, step 3). */
const BIAS = 512;

const F64 = new Float64Array(1);
const U32 = new Uint32Array(F64.buffer);
/** Index of the high (sign, exponent) word of F64 in U32: 1 on little-endian machines. */
const HI = (() => { F64[0] = 1; return U32[1] === 0x3ff00000 ? 1 : 0; })();
const LO = 1 - HI;
const ENTRIES = new Float64Array(4);

/**
 * Outputs of {@link normalize} (x = OUT[NM] * 2^ne, 1 <= |OUT[NM]| < 2) and {@link twoProduct}
 * (a * b = OUT[TP_HI] + OUT[TP_LO] exactly). Doubles live in a typed array, not in module `let`s
 * (a double stored to a module variable may be boxed: an allocation per store).
 */
const OUT = new Float64Array(3);
const NM = 0;
const TP_HI = 1;
const TP_LO = 2;
let ne = 0; // small integer: never boxed

// The terms of one sign test: term i is (components T_C[8i..8i+T_N[i]]) * 2^T_E[i], each
// component a multiple of 2^-T_G[i] (T_G = 52 * factor count).
const MAX_TERMS = 8;
const T_C = new Float64Array(8 * MAX_TERMS);
const T_N = new Int32Array(MAX_TERMS);
const T_E = new Int32Array(MAX_TERMS);
const T_G = new Int32Array(MAX_TERMS);
const ORD = new Int32Array(MAX_TERMS);
const H = new Float64Array(8 * MAX_TERMS + 1);
const TMP = new Float64Array(2);
let nTerms = 0;

/** Exponent bound of the direct form: nonzero factors have 2^-200 <= |x| < 2^201. */
const DIRECT_EXP = 200;
const TWO_M200 = 6.223015277861142e-61; // 2^-200
const TWO_201 = 3.2138760885179806e60; // 2^201

/** Set by _exactFloor: whether the current search uses the direct form, and its base (num without f*D). */
let useDirect = false;
let baseN = 0;
const BASE = new Float64Array(8 * MAX_TERMS);
const SCR = new Float64Array(16);
const TMP4 = new Float64Array(4);

/**
 * Exact sample membership.
 *
 * The definition of colliding is exact: a transform's entries are exact binary fractions (that
 * is what a double is), a sample sits exactly at `((k + 0.5) / accuracy, (l + 0.5) / accuracy)`,
 * and it belongs to texel `(floor(u), floor(v))` where `(u, v)` is its exact local position.
 * Evaluating `(u, v)` in floating point is right except within rounding error of a texel edge,
 * where `floor` can come out one off. So {@link SampleMapper} evaluates in doubles with a
 * certified error bound, and only when the result is within that bound of an integer decides it
 * exactly (a "filtered predicate", as in robust computational geometry). The exact path is rare
 * (samples lying on, or within ~1e-12 of, a texel edge), so the cost is that of plain doubles.
 *
 * With `X' = (2k + 1) - 2*accuracy*tx`, `Y' = (2l + 1) - 2*accuracy*ty`, `D = 2*accuracy*det`:
 *
 * ```
 *   u = (d*X' - c*Y') / D        v = (a*Y' - b*X') / D        det = a*d - b*c
 * ```
 *
 * ## The exact path (no BigInt: ES2015, JavaScriptCore before iOS 14)
 *
 * `floor(u) >= f` for an integer `f` is the sign of `S(f) = sign(D) * (num - f*D)`, `num` being
 * the numerator above. Expanded, `num - f*D` is a sum of at most 8 products of doubles:
 *
 * ```
 *   al*(2k+1) + be*(2l+1) - al*A*tx - be*A*ty - f*A*a*d + f*A*b*c      (A = 2*accuracy)
 *   u: (al, be) = (d, -c)        v: (al, be) = (-b, a)
 * ```
 *
 * (`2k+1` is one double while `|k| < 2^52`; beyond that it is two terms, `al*2k + al*1`.) The sign
 * of that sum is computed exactly with floating-point expansions (Shewchuk, "Adaptive Precision
 * Floating-Point Arithmetic and Fast Robust Geometric Predicates", 1997): a value is held as a
 * sum of doubles that do not overlap, products come from Dekker's TwoProduct (Veltkamp's split,
 * no FMA needed), sums from Knuth's TwoSum, both error-free, so nothing is ever rounded.
 *
 * Those error-free transformations are exact only while nothing overflows or underflows, and
 * the inputs are arbitrary finite doubles (a position decaying towards 0 reaches subnormals; a
 * scale of 1e-200 is legal). So no product is formed at the inputs' own scale:
 *
 * 1. Every factor `x != 0` is split exactly into `m * 2^e` with `1 <= |m| < 2`, read from its bits
 *    (subnormals included). A term of `n <= 4` factors is `P * 2^E` with `E` the sum of the
 *    exponents and `P` the product of the mantissas, computed as an expansion: `|P| < 2^n <= 16`,
 *    and every component is an integer multiple of `2^-(52n)` (each mantissa is a multiple of
 *    `2^-52`), so TwoProduct never underflows or overflows there. The products that do not
 *    depend on the sample (`al*A*tx`, `be*A*ty`, `A*a*d`, `A*b*c`) are made once per transform.
 * 2. The terms are sorted by `E` and summed in clusters, largest first. A cluster starts with the
 *    largest remaining term; with `G` the smallest `E_i - 52*n_i` of its terms (every term of the
 *    cluster, hence their sum `K`, is an integer multiple of `2^G`), the next term joins unless
 *    its `E + 8 <= G`. Then all remaining terms (at most 7, each `< 2^(E + 4)`) add up to less
 *    than `2^G <= |K|` unless `K = 0`: the sign of the whole sum is the sign of `K`, or, when `K`
 *    is exactly 0, that of the remaining terms (the next cluster).
 * 3. A cluster is summed with each component multiplied by `2^(E_i - E_top + 512)`: a power of two,
 *    so exact unless the product leaves the normal range. It does not: within a cluster
 *    `E_top - G <= sum(52 n_i) + 8 * 7 <= 1096` for the 8 terms above (factor counts 2, 2, 3, 3,
 *    4, 4, or 2, 1, 2, 1, 3, 3, 4, 4 when `2k+1` is split), so components stay multiples of
 *    `2^(512 - 1096) = 2^-584` and below `2^(512 + 4)`, and their sum below `2^520`. Knuth's
 *    TwoSum is exact for any doubles whose sum does not overflow, so Shewchuk's Grow-Expansion
 *    gives the cluster's sum exactly as a non-overlapping expansion whose largest nonzero
 *    component carries its sign.
 *
 * **The direct form.** When every nonzero one of `a, b, c, d, tx, ty, A` lies in `[2^-200, 2^201)`
 * (every game transform) and `|k|, |l| < 2^52`, the steps above are not needed: each such double is
 * a multiple of `2^-252` below `2^201`, and `2k+1`, `2l+1`, `f` are integers below `2^53`, so every
 * product of at most three of those doubles and one integer, and every component of an expansion
 * built from them, is a multiple of `2^-756` below `2^660`: nothing can underflow or overflow, and
 * the same sum is formed from the raw doubles. The sample-independent parts (`-al*A*tx - be*A*ty`
 * and `A*(a*d - b*c)`) are summed and compressed (Shewchuk's Compress) once per transform, the
 * sample's part once per floor, so each sign test is one Scale-Expansion of the compressed `D` by
 * `f` and a few TwoSums: about 3x faster than the BigInt arithmetic this replaced.
 *
 * `floor(u)` is then found from the double estimate by exact sign tests (two when the estimate
 * is within one of the answer, as it is unless the inputs are extreme; otherwise galloping and
 * bisection). The result is exact whenever `|floor(u)| <= 2^53`; beyond that it saturates at
 * `+-2^53`, which compares with every safe integer (any texel index) as the exact floor does.
 *
 * Requirements (checked on the exact path, `RangeError`): finite transform entries with
 * `a*d - b*c != 0` exactly (callers already check invertibility; a nonzero double determinant
 * implies it), a finite accuracy `> 0`, sample indices of magnitude at most `2^1000`. Nothing else
 * is assumed: subnormal, tiny or huge entries and translations are exact too (steps 1 to 3).
 *
 * Steps 1 to 3 for any sum of at most 8 products of 1 to 4 doubles are exported as
 * {@link signOfProducts} (the exact stage of shape-sampling.ts's membership predicates).
 */
export class SampleMapper {
    /** Inverse transform entries (doubles). */
    ia = 1;
    ib = 0;
    ic = 0;
    id = 1;
    private _tx = 0;
    private _ty = 0;
    private _acc = 1;
    private _s = 1;
    /**
     * Error bound factors: `|u_double - u| <= errU * (|x| + |tx| + |y| + |ty| + 1)` for u evaluated as
     * `ia * (x - tx) + ic * (y - ty)` with `x = (k + 0.5) * (1 / accuracy)` (same for v with errV).
     */
    errU = 0;
    errV = 0;
    private _t: Affine2D = { a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0 };
    private _exactReady = false;
    // Exact terms, built lazily on the first ambiguous sample (see the module notes).
    /** Sign of the exact determinant (+1 or -1). */
    private _detSign = 1;
    /** Mantissas (in +-[1, 2), 0 for a zero entry) and exponents of a, b, c, d. */
    private readonly _m = new Float64Array(4);
    private readonly _e = new Int32Array(4);
    /**
     * Normalized 3-factor products, 4 components each: -d*A*tx, c*A*ty (u), b*A*tx, -a*A*ty (v),
     * A*a*d, -A*b*c (the determinant's terms), with their component counts and exponents.
     */
    private readonly _pc = new Float64Array(24);
    private readonly _pn = new Int32Array(6);
    private readonly _pe = new Int32Array(6);
    /** Whether the direct form applies (every nonzero entry, tx, ty and 2*accuracy within 2^+-200). */
    private _direct = false;
    /**
     * Direct form: the expansions (8 slots each, compressed) of -d*A*tx + c*A*ty (u),
     * b*A*tx - a*A*ty (v) and A*(a*d - b*c), and their component counts.
     */
    private readonly _dc = new Float64Array(24);
    private readonly _dn = new Int32Array(3);

    /** Prepares for `t` (must be invertible; callers check) at `accuracy`. */
    setup(t: Readonly<Affine2D>, accuracy: number): this {
        const det = t.a * t.d - t.b * t.c;
        this.ia = t.d / det;
        this.ib = -t.b / det;
        this.ic = -t.c / det;
        this.id = t.a / det;
        this._tx = t.tx;
        this._ty = t.ty;
        this._acc = accuracy;
        this._s = 1 / accuracy;
        const t2 = this._t;
        t2.a = t.a; t2.b = t.b; t2.c = t.c; t2.d = t.d; t2.tx = t.tx; t2.ty = t.ty;
        // Condition of the 2x2 inverse: relative error of det is ~2*eps*cond.
        const cond = (Math.abs(t.a * t.d) + Math.abs(t.b * t.c)) / Math.abs(det);
        const rel = 64 * 2.220446049250313e-16 * (cond + 4);
        this.errU = rel * Math.max(Math.abs(this.ia), Math.abs(this.ic));
        this.errV = rel * Math.max(Math.abs(this.ib), Math.abs(this.id));
        this._exactReady = false;
        return this;
    }

    /** Exact `floor(u)` of sample (k, l). */
    floorU(k: number, l: number): number {
        const xs = (k + 0.5) * this._s;
        const ys = (l + 0.5) * this._s;
        const u = this.ia * (xs - this._tx) + this.ic * (ys - this._ty);
        const e = this.errU * (Math.abs(xs) + Math.abs(this._tx) + Math.abs(ys) + Math.abs(this._ty) + 1);
        const f = Math.floor(u - e);
        if (f === Math.floor(u + e)) return f;
        return this._exactFloor(k, l, true, u);
    }

    /** Exact `floor(v)` of sample (k, l). */
    floorV(k: number, l: number): number {
        const xs = (k + 0.5) * this._s;
        const ys = (l + 0.5) * this._s;
        const v = this.ib * (xs - this._tx) + this.id * (ys - this._ty);
        const e = this.errV * (Math.abs(xs) + Math.abs(this._tx) + Math.abs(ys) + Math.abs(this._ty) + 1);
        const f = Math.floor(v - e);
        if (f === Math.floor(v + e)) return f;
        return this._exactFloor(k, l, false, v);
    }

    /**
     * `floor(u)` of sample (k, l) by the exact path alone (no floating-point filter): for tests
     * and for callers that want the exact answer whatever the estimate says. Saturates at
     * `+-2^53` (see the module notes).
     */
    exactFloorU(k: number, l: number): number {
        return this._exactFloor(k, l, true, this.approxU(k, l));
    }

    /** `floor(v)` of sample (k, l) by the exact path alone (see {@link exactFloorU}). */
    exactFloorV(k: number, l: number): number {
        return this._exactFloor(k, l, false, this.approxV(k, l));
    }

    /** Approximate local position of sample (k, l) (doubles, for estimates only). */
    approxU(k: number, l: number): number {
        return this.ia * ((k + 0.5) * this._s - this._tx) + this.ic * ((l + 0.5) * this._s - this._ty);
    }

    approxV(k: number, l: number): number {
        return this.ib * ((k + 0.5) * this._s - this._tx) + this.id * ((l + 0.5) * this._s - this._ty);
    }

    /** Exact floor of u (or v) of sample (k, l), searched from the estimate `hint`. */
    private _exactFloor(k: number, l: number, wantU: boolean, hint: number): number {
        if (!this._exactReady) this._prepareExact();
        if (!(Math.abs(k) <= MAX_INDEX && Math.abs(l) <= MAX_INDEX)) {
            throw new RangeError(`sample (${k}, ${l}) is out of range: sample indices must be finite numbers of magnitude at most 2^1000.`);
        }
        useDirect = false;
        if (this._direct && Math.abs(k) < TWO_52 && Math.abs(l) < TWO_52) {
            // num without the f*D part, once for the whole search: al*(2k+1) + be*(2l+1) + C.
            const t = this._t, dc = this._dc;
            const o = wantU ? 0 : 8;
            let n = 0;
            n = growProduct(H, n, wantU ? t.d : -t.b, 2 * k + 1); // 2k + 1: exact, |k| < 2^52
            n = growProduct(H, n, wantU ? -t.c : t.a, 2 * l + 1);
            for (let i = 0, cn = this._dn[wantU ? 0 : 1]; i < cn; i++) n = grow(H, n, dc[o + i]);
            baseN = compress(H, n, BASE, 0);
            useDirect = true;
        }
        let g = Math.floor(hint);
        if (g !== g) g = 0; // NaN estimate (extreme inputs): search from 0
        else if (g < -LIMIT) g = -LIMIT;
        else if (g > LIMIT) g = LIMIT;
        else if (g === 0) g = 0; // never -0
        // Invariant of the search: u >= lo, u < hi.
        let lo = 0;
        let hi = 0;
        let step = 1;
        if (this._ge(g, wantU, k, l)) {
            lo = g;
            for (;;) {
                if (lo === LIMIT) return LIMIT; // u >= 2^53: saturate
                let c = lo + step;
                if (c > LIMIT) c = LIMIT;
                if (!this._ge(c, wantU, k, l)) { hi = c; break; }
                lo = c;
                step *= 2;
            }
        } else {
            hi = g;
            for (;;) {
                if (hi === -LIMIT) return -LIMIT; // u < -2^53: saturate
                let c = hi - step;
                if (c < -LIMIT) c = -LIMIT;
                if (this._ge(c, wantU, k, l)) { lo = c; break; }
                hi = c;
                step *= 2;
            }
        }
        while (hi - lo > 1) {
            const mid = lo + Math.floor((hi - lo) / 2);
            if (this._ge(mid, wantU, k, l)) lo = mid;
            else hi = mid;
        }
        return lo;
    }

    /** Exactly: is u (wantU) or v of sample (k, l) >= f? (f an integer with |f| <= 2^53.) */
    private _ge(f: number, wantU: boolean, k: number, l: number): boolean {
        if (useDirect) {
            // base - f*D, all exact in place (module notes, the direct form).
            let n = baseN;
            for (let i = 0; i < n; i++) H[i] = BASE[i];
            if (f !== 0) {
                const dn = scaleExpansion(this._dc, 16, this._dn[2], -f, SCR, 0);
                for (let i = 0; i < dn; i++) n = grow(H, n, SCR[i]);
            }
            const s = expansionSign(H, n);
            return s === 0 || s === this._detSign;
        }
        const m = this._m, e = this._e, pc = this._pc, pn = this._pn, pe = this._pe;
        nTerms = 0;
        // al*(2k+1) + be*(2l+1), (al, be) = (d, -c) for u, (-b, a) for v.
        if (wantU) {
            pushOdd(m[3], e[3], k);
            pushOdd(-m[2], e[2], l);
        } else {
            pushOdd(-m[1], e[1], k);
            pushOdd(m[0], e[0], l);
        }
        // -al*A*tx - be*A*ty (prepared), then -f*(A*a*d - A*b*c).
        const o = wantU ? 0 : 2;
        pushCopy(pc, 4 * o, pn[o], pe[o]);
        pushCopy(pc, 4 * o + 4, pn[o + 1], pe[o + 1]);
        if (f !== 0) {
            pushScaled(pc, 16, pn[4], pe[4], -f);
            pushScaled(pc, 20, pn[5], pe[5], -f);
        }
        const s = signOfTerms();
        return s === 0 || s === this._detSign;
    }

    private _prepareExact(): void {
        const t = this._t;
        const A = 2 * this._acc; // exact: doubling
        if (!(Number.isFinite(t.a) && Number.isFinite(t.b) && Number.isFinite(t.c) && Number.isFinite(t.d)
            && Number.isFinite(t.tx) && Number.isFinite(t.ty) && A > 0 && Number.isFinite(A))) {
            throw new RangeError(`exact sample mapping needs a finite transform and a finite accuracy > 0, got (${t.a}, ${t.b}, ${t.c}, ${t.d}, ${t.tx}, ${t.ty}) at accuracy ${this._acc}.`);
        }
        const m = this._m, e = this._e;
        const entries = ENTRIES;
        entries[0] = t.a; entries[1] = t.b; entries[2] = t.c; entries[3] = t.d;
        for (let i = 0; i < 4; i++) {
            if (entries[i] === 0) { m[i] = 0; e[i] = 0; continue; }
            normalize(entries[i]);
            m[i] = OUT[NM];
            e[i] = ne;
        }
        const pc = this._pc, pn = this._pn, pe = this._pe;
        prod3(-t.d, A, t.tx, pc, pn, pe, 0);
        prod3(t.c, A, t.ty, pc, pn, pe, 1);
        prod3(t.b, A, t.tx, pc, pn, pe, 2);
        prod3(-t.a, A, t.ty, pc, pn, pe, 3);
        prod3(A, t.a, t.d, pc, pn, pe, 4);
        prod3(-A, t.b, t.c, pc, pn, pe, 5);
        nTerms = 0;
        if (m[0] !== 0 && m[3] !== 0) pushProd(m[0], e[0], t.d);
        if (m[1] !== 0 && m[2] !== 0) pushProd(-m[1], e[1], t.c);
        const s = signOfTerms();
        if (s === 0) {
            throw new RangeError(`transform (${t.a}, ${t.b}, ${t.c}, ${t.d}) is not invertible (a*d - b*c is exactly 0).`);
        }
        this._detSign = s;
        // The direct form: no normalization, no clusters (module notes).
        let direct = inDirectRange(A) && inDirectRange(t.tx) && inDirectRange(t.ty);
        for (let i = 0; i < 4; i++) if (m[i] !== 0 && (e[i] < -DIRECT_EXP || e[i] > DIRECT_EXP)) direct = false;
        this._direct = direct;
        if (direct) {
            const dc = this._dc, dn = this._dn;
            let n = growProduct3(H, 0, -t.d, A, t.tx);
            n = growProduct3(H, n, t.c, A, t.ty);
            dn[0] = compress(H, n, dc, 0);
            n = growProduct3(H, 0, t.b, A, t.tx);
            n = growProduct3(H, n, -t.a, A, t.ty);
            dn[1] = compress(H, n, dc, 8);
            n = growProduct3(H, 0, A, t.a, t.d);
            n = growProduct3(H, n, -A, t.b, t.c);
            dn[2] = compress(H, n, dc, 16);
        }
        this._exactReady = true;
    }
}

/**
 * Exact `floor(r - x)` for a double `x` and `r` in {0.5, -0.5}, used for the integer offsets of
 * axis-aligned masks (`r - x` itself may round: `0.5 - x` with `x = -(0.5 - 2^-54)` rounds up to
 * 1, so `Math.floor(r - x)` would be one too large).
 */
export function floorHalfMinus(r: 0.5 | -0.5, x: number): number {
    // (Two comparisons, no call: this runs inline in every zero-copy view.)
    if (!(x < TWO_52 && x > -TWO_52)) return floorHalfMinusFar(r, x);
    let f = Math.floor(r - x);
    // Want f <= r - x < f + 1, i.e. x <= r - f and x > r - f - 1 (exact: |f| <= 2^52 + 1, and
    // r - f, r - f - 1 are then multiples of 0.5 below 2^53 in magnitude).
    while (x > r - f) f--;
    while (x <= r - f - 1) f++;
    return f;
}

/**
 * floorHalfMinus for |x| >= 2^52, NaN and infinities (where its adjustment loops would never
 * end): x is an integer, so r - x = -x +- 0.5 and the floor is -x or -x - 1 (rounded to the
 * nearest double beyond 2^53).
 */
function floorHalfMinusFar(r: 0.5 | -0.5, x: number): number {
    return r > 0 ? -x : -x - 1;
}

// Exact arithmetic -------------------------------------------------------------------------------

/** Splits a finite `x != 0` exactly into mantissa and exponent (sets OUT[NM], ne). */
function normalize(x: number): void {
    F64[0] = x;
    let hi = U32[HI];
    let eb = (hi >>> 20) & 0x7ff;
    let adj = 1023;
    if (eb === 0) {
        // Subnormal: x * 2^64 is normal, and exact (a power-of-two scaling into the normal range).
        F64[0] = x * TWO_64;
        hi = U32[HI];
        eb = (hi >>> 20) & 0x7ff;
        adj = 1023 + 64;
    }
    ne = eb - adj;
    U32[HI] = (hi & 0x800fffff) | 0x3ff00000; // same sign and fraction bits, exponent 0
    OUT[NM] = F64[0];
}

/** 2^n for an integer n in [-1022, 1023] (normal range), built from its bits. */
function pow2(n: number): number {
    U32[HI] = (n + 1023) << 20;
    U32[LO] = 0;
    return F64[0];
}

/**
 * Dekker's TwoProduct with Veltkamp's split (exact when no product underflows or overflows:
 * here the operands are normalized, below 16 in magnitude and multiples of 2^-208).
 */
function twoProduct(a: number, b: number): void {
    const x = a * b;
    let c = SPLITTER * a;
    let big = c - a;
    const ahi = c - big;
    const alo = a - ahi;
    c = SPLITTER * b;
    big = c - b;
    const bhi = c - big;
    const blo = b - bhi;
    const err1 = x - ahi * bhi;
    const err2 = err1 - alo * bhi;
    const err3 = err2 - ahi * blo;
    OUT[TP_HI] = x;
    OUT[TP_LO] = alo * blo - err3;
}

/**
 * Shewchuk's Scale-Expansion with zero elimination: `h[ho..] = e[eo..eo+en) * b`, returns the
 * component count (at most 2 * en). e non-overlapping, increasing magnitude; so is h.
 */
function scaleExpansion(e: Float64Array, eo: number, en: number, b: number, h: Float64Array, ho: number): number {
    let c = SPLITTER * b;
    let big = c - b;
    const bhi = c - big;
    const blo = b - bhi;
    let n = 0;
    // Two-Product-Presplit(e[eo], b)
    let a = e[eo];
    let x = a * b;
    c = SPLITTER * a;
    big = c - a;
    let ahi = c - big;
    let alo = a - ahi;
    let err = alo * blo - (((x - ahi * bhi) - alo * bhi) - ahi * blo);
    if (err !== 0) h[ho + n++] = err;
    let q = x;
    for (let i = 1; i < en; i++) {
        a = e[eo + i];
        x = a * b;
        c = SPLITTER * a;
        big = c - a;
        ahi = c - big;
        alo = a - ahi;
        err = alo * blo - (((x - ahi * bhi) - alo * bhi) - ahi * blo);
        // Two-Sum(q, err) -> (sum, hh)
        const sum = q + err;
        const bv = sum - q;
        let hh = (q - (sum - bv)) + (err - bv);
        if (hh !== 0) h[ho + n++] = hh;
        // Fast-Two-Sum(x, sum) -> (q, hh)
        q = x + sum;
        hh = sum - (q - x);
        if (hh !== 0) h[ho + n++] = hh;
    }
    if (q !== 0 || n === 0) h[ho + n++] = q;
    return n;
}

/** Shewchuk's Grow-Expansion with zero elimination, in place: h[0..n) += b; returns the new count. */
function grow(h: Float64Array, n: number, b: number): number {
    let q = b;
    let m = 0;
    for (let i = 0; i < n; i++) {
        const a = h[i];
        const s = q + a;
        const bv = s - q;
        const hh = (q - (s - bv)) + (a - bv);
        q = s;
        if (hh !== 0) h[m++] = hh;
    }
    if (q !== 0 || m === 0) h[m++] = q;
    return m;
}

/** Term `m * 2^e * x` (m a mantissa or 0, x any finite double). */
function pushProd(m: number, e: number, x: number): void {
    if (m === 0 || x === 0) return;
    normalize(x);
    twoProduct(m, OUT[NM]);
    const i = nTerms++;
    const o = 8 * i;
    let n = 0;
    if (OUT[TP_LO] !== 0) T_C[o + n++] = OUT[TP_LO];
    T_C[o + n++] = OUT[TP_HI];
    T_N[i] = n;
    T_E[i] = e + ne;
    T_G[i] = 104;
}

/** Term `m * 2^e * (2k + 1)`. */
function pushOdd(m: number, e: number, k: number): void {
    if (m === 0) return;
    if (Math.abs(k) < TWO_52) {
        pushProd(m, e, 2 * k + 1); // exact: |2k + 1| < 2^53 (and 2k + 1 != 0 for an integer k)
        return;
    }
    pushProd(m, e, 2 * k);
    const i = nTerms++;
    T_C[8 * i] = m;
    T_N[i] = 1;
    T_E[i] = e;
    T_G[i] = 52;
}

/** A prepared 3-factor term (n components at src[o..], exponent e). */
function pushCopy(src: Float64Array, o: number, n: number, e: number): void {
    if (n === 0) return;
    const i = nTerms++;
    for (let j = 0; j < n; j++) T_C[8 * i + j] = src[o + j];
    T_N[i] = n;
    T_E[i] = e;
    T_G[i] = 156;
}

/** A prepared 3-factor term times the double x (a 4-factor term). */
function pushScaled(src: Float64Array, o: number, n: number, e: number, x: number): void {
    if (n === 0 || x === 0) return;
    normalize(x);
    const i = nTerms++;
    T_N[i] = scaleExpansion(src, o, n, OUT[NM], T_C, 8 * i);
    T_E[i] = e + ne;
    T_G[i] = 208;
}

/** out[4 slot..] = normalized x*y*z (exactly), its component count and exponent. */
function prod3(x: number, y: number, z: number, out: Float64Array, outN: Int32Array, outE: Int32Array, slot: number): void {
    if (x === 0 || y === 0 || z === 0) { outN[slot] = 0; outE[slot] = 0; return; }
    normalize(x);
    const mx = OUT[NM], ex = ne;
    normalize(y);
    twoProduct(mx, OUT[NM]);
    let e = ex + ne;
    let n = 0;
    if (OUT[TP_LO] !== 0) TMP[n++] = OUT[TP_LO];
    TMP[n++] = OUT[TP_HI];
    normalize(z);
    e += ne;
    outN[slot] = scaleExpansion(TMP, 0, n, OUT[NM], out, 4 * slot);
    outE[slot] = e;
}

/** Exact sign (-1, 0, 1) of the sum of the pushed terms (module notes, steps 2 and 3). */
function signOfTerms(): number {
    const n = nTerms;
    // Sort by exponent, largest first (insertion sort of at most 8).
    for (let i = 0; i < n; i++) {
        const ei = T_E[i];
        let j = i;
        while (j > 0 && T_E[ORD[j - 1]] < ei) { ORD[j] = ORD[j - 1]; j--; }
        ORD[j] = i;
    }
    let i = 0;
    while (i < n) {
        const top = T_E[ORD[i]];
        let g = top - T_G[ORD[i]];
        let j = i + 1;
        while (j < n) {
            const q = ORD[j];
            if (T_E[q] + 8 <= g) break; // the rest cannot outweigh a nonzero sum of this cluster
            const gq = T_E[q] - T_G[q];
            if (gq < g) g = gq;
            j++;
        }
        let hn = 0;
        for (let t = i; t < j; t++) {
            const q = ORD[t];
            const sc = pow2(T_E[q] - top + BIAS);
            for (let c = 8 * q, end = c + T_N[q]; c < end; c++) hn = grow(H, hn, T_C[c] * sc);
        }
        for (let h = hn - 1; h >= 0; h--) {
            if (H[h] !== 0) return H[h] > 0 ? 1 : -1;
        }
        i = j;
    }
    return 0;
}

// The direct form ---------------------------------------------------------------------------------

function inDirectRange(x: number): boolean {
    const a = Math.abs(x);
    return a === 0 || (a >= TWO_M200 && a < TWO_201);
}

/** h[0..n) += x * y (direct form: exact under its range bounds); returns the new count. */
function growProduct(h: Float64Array, n: number, x: number, y: number): number {
    if (x === 0 || y === 0) return n;
    twoProduct(x, y);
    if (OUT[TP_LO] !== 0) n = grow(h, n, OUT[TP_LO]);
    return grow(h, n, OUT[TP_HI]);
}

/** h[0..n) += x * y * z (direct form); returns the new count. */
function growProduct3(h: Float64Array, n: number, x: number, y: number, z: number): number {
    if (x === 0 || y === 0 || z === 0) return n;
    twoProduct(x, y);
    let tn = 0;
    if (OUT[TP_LO] !== 0) TMP[tn++] = OUT[TP_LO];
    TMP[tn++] = OUT[TP_HI];
    const pn = scaleExpansion(TMP, 0, tn, z, TMP4, 0);
    for (let i = 0; i < pn; i++) n = grow(h, n, TMP4[i]);
    return n;
}

/**
 * Shewchuk's Compress: `h[ho..]` = the same value as `e[0..n)` (non-overlapping, increasing
 * magnitude) in as few non-overlapping components, increasing; returns their count. Uses `e` as
 * scratch.
 */
function compress(e: Float64Array, n: number, h: Float64Array, ho: number): number {
    if (n === 0) { h[ho] = 0; return 1; }
    let bottom = n - 1;
    let q = e[bottom];
    for (let i = n - 2; i >= 0; i--) {
        const a = e[i];
        const x = q + a; // Fast-Two-Sum(q, a)
        const y = a - (x - q);
        if (y !== 0) { e[bottom--] = x; q = y; } else q = x;
    }
    let top = 0;
    for (let i = bottom + 1; i < n; i++) {
        const a = e[i];
        const x = a + q; // Fast-Two-Sum(a, q)
        const y = q - (x - a);
        if (y !== 0) h[ho + top++] = y;
        q = x;
    }
    h[ho + top++] = q;
    return top;
}

/** Sign of a non-overlapping expansion sorted by increasing magnitude (zeros allowed). */
function expansionSign(h: Float64Array, n: number): number {
    for (let i = n - 1; i >= 0; i--) if (h[i] !== 0) return h[i] > 0 ? 1 : -1;
    return 0;
}

// The exact sign of a sum of products (shared: shape-sampling.ts's exact membership predicates) -----------

/** Largest `sum_i 52*n[i] + 7*(count - 1)` accepted by {@link signOfProducts} (see there). */
const PRODUCTS_SPAN = 1534;

/**
 * Exact sign (-1, 0 or 1) of `sum over i < count of f[4i] * f[4i+1] * ... * f[4i + n[i] - 1]`: 1 to
 * 8 terms, each the product of 1 to 4 finite doubles of ANY magnitude (subnormal to
 * 2^1023), whatever cancels. This is the general exact path of the module notes, steps 1 to 3:
 * every nonzero factor is split into `m * 2^e` (step 1), a term's mantissas are multiplied into
 * an expansion by TwoProduct and Scale-Expansion (components multiples of `2^-(52 n)`, below
 * `2^n`), and the terms are summed in clusters at the bias of step 3.
 *
 * Requirement on the shape of the sum, fixed at each call site: `S = sum_i 52*n[i] + 7*(count - 1)
 * <= 1534`. A cluster then spans `E_top - G <= S` (each joining term lowers `G` by at most
 * `52 n + 7`), so a scaled component is a multiple of `2^(512 - S) >= 2^-1022`, a normal double,
 * and below `2^516`: nothing rounds (step 3). For example 7 terms of 2, 2, 4, 4, 4, 4, 4 factors
 * (S = 1290). A `RangeError` otherwise, and for a factor that is not finite.
 *
 * Operands in typed arrays and a small-integer result, so a call boxes nothing; inside, each
 * helper has one call site, and they are inlined (no allocation per call: measured in
 * test/core/shapes-exact.test.ts). Uses the module's term scratch, like SampleMapper's exact
 * path (both run to completion, so they never interleave).
 */
export function signOfProducts(f: Float64Array, n: Int32Array, count: number): number {
    if (!(count >= 1 && count <= MAX_TERMS)) throw new RangeError(`signOfProducts: ${count} terms; 1 to ${MAX_TERMS} are supported.`);
    let span = 7 * (count - 1);
    for (let i = 0; i < count; i++) {
        const k = n[i];
        if (!(k >= 1 && k <= 4)) throw new RangeError(`signOfProducts: term ${i} has ${k} factors; 1 to 4 are supported.`);
        span += 52 * k;
    }
    if (span > PRODUCTS_SPAN) {
        throw new RangeError(`signOfProducts: the terms span ${span} bits (52 per factor, 7 per further term); at most ${PRODUCTS_SPAN} are exact.`);
    }
    nTerms = 0;
    for (let i = 0; i < count; i++) {
        const o = 4 * i;
        const k = n[i];
        let zero = false;
        for (let j = 0; j < k; j++) {
            const x = f[o + j];
            if (x === 0) zero = true;
            else if (!(x - x === 0)) throw new RangeError(`signOfProducts: factor ${j} of term ${i} is ${x}; the exact sign needs finite factors.`);
        }
        if (zero) continue; // the term is 0
        const t = nTerms++;
        const c = 8 * t;
        // One call site each for normalize and Scale-Expansion (an engine's inlining budget is
        // per function; a helper left out of line would get its double argument boxed). The
        // first product, Scale-Expansion of the one-component [m0] by m1, is TwoProduct(m0, m1).
        let e = 0;
        let cn = 0;
        for (let j = 0; j < k; j++) {
            normalize(f[o + j]);
            e += ne;
            if (j === 0) {
                T_C[c] = OUT[NM];
                cn = 1;
            } else {
                for (let q = 0; q < cn; q++) SCR[q] = T_C[c + q];
                cn = scaleExpansion(SCR, 0, cn, OUT[NM], T_C, c); // at most 8 components for 4 factors
            }
        }
        T_N[t] = cn;
        T_E[t] = e;
        T_G[t] = 52 * k;
    }
    return signOfTerms();
}
