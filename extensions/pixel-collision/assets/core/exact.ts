import type { Affine2D } from './affine';

/**
 * Exact sample membership.
 *
 * The definition of colliding is exact: a transform's entries are exact binary fractions (that
 * is what a double is), a sample sits exactly at `((k + 0.5) / accuracy, (l + 0.5) / accuracy)`,
 * and it belongs to texel `(floor(u), floor(v))` where `(u, v)` is its exact local position.
 * Evaluating `(u, v)` in floating point is right except within rounding error of a texel edge,
 * where `floor` can come out one off. So {@link SampleMapper} evaluates in doubles with a
 * certified error bound, and only when the result is within that bound of an integer recomputes
 * it exactly with BigInt arithmetic (a "filtered predicate", as in robust computational
 * geometry). The exact path is rare (samples lying on, or within ~1e-12 of, a texel edge), so
 * the cost is that of plain doubles.
 *
 * With `X' = (2k + 1) - 2*accuracy*tx`, `Y' = (2l + 1) - 2*accuracy*ty`, `D = 2*accuracy*det`:
 *
 * ```
 *   u = (d*X' - c*Y') / D        v = (a*Y' - b*X') / D        det = a*d - b*c
 * ```
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
    // Exact dyadic terms, built lazily on the first ambiguous sample.
    private _a = ZERO;
    private _b = ZERO;
    private _c = ZERO;
    private _d = ZERO;
    private _twoAccTx = ZERO;
    private _twoAccTy = ZERO;
    private _den = ZERO;

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
        return this._exactFloor(k, l, true);
    }

    /** Exact `floor(v)` of sample (k, l). */
    floorV(k: number, l: number): number {
        const xs = (k + 0.5) * this._s;
        const ys = (l + 0.5) * this._s;
        const v = this.ib * (xs - this._tx) + this.id * (ys - this._ty);
        const e = this.errV * (Math.abs(xs) + Math.abs(this._tx) + Math.abs(ys) + Math.abs(this._ty) + 1);
        const f = Math.floor(v - e);
        if (f === Math.floor(v + e)) return f;
        return this._exactFloor(k, l, false);
    }

    /** Approximate local position of sample (k, l) (doubles, for estimates only). */
    approxU(k: number, l: number): number {
        return this.ia * ((k + 0.5) * this._s - this._tx) + this.ic * ((l + 0.5) * this._s - this._ty);
    }

    approxV(k: number, l: number): number {
        return this.ib * ((k + 0.5) * this._s - this._tx) + this.id * ((l + 0.5) * this._s - this._ty);
    }

    private _exactFloor(k: number, l: number, wantU: boolean): number {
        if (!this._exactReady) {
            const t = this._t;
            this._a = dyadic(t.a);
            this._b = dyadic(t.b);
            this._c = dyadic(t.c);
            this._d = dyadic(t.d);
            const twoAcc = dyadic(2 * this._acc); // exact: doubling is exact
            this._twoAccTx = mul(twoAcc, dyadic(t.tx));
            this._twoAccTy = mul(twoAcc, dyadic(t.ty));
            this._den = mul(twoAcc, sub(mul(this._a, this._d), mul(this._b, this._c)));
            this._exactReady = true;
        }
        const X = sub(intDyadic(2 * k + 1), this._twoAccTx);
        const Y = sub(intDyadic(2 * l + 1), this._twoAccTy);
        const num = wantU ? sub(mul(this._d, X), mul(this._c, Y)) : sub(mul(this._a, Y), mul(this._b, X));
        return floorDiv(num, this._den);
    }
}

/** An exact binary fraction `m * 2^e`. */
export interface Dyadic {
    m: bigint;
    e: number;
}

const ZERO: Dyadic = { m: 0n, e: 0 };
const F64 = new Float64Array(1);
const U32 = new Uint32Array(F64.buffer);

/** The exact value of a finite double as `m * 2^e`. */
export function dyadic(x: number): Dyadic {
    if (x === 0) return ZERO;
    if (Number.isInteger(x) && Math.abs(x) <= Number.MAX_SAFE_INTEGER) return { m: BigInt(x), e: 0 };
    F64[0] = x;
    const lo = U32[0];
    const hi = U32[1];
    const sign = hi >>> 31 ? -1n : 1n;
    const expBits = (hi >>> 20) & 0x7ff;
    let mant = (BigInt(hi & 0xfffff) << 32n) | BigInt(lo);
    let e: number;
    if (expBits === 0) {
        e = -1074;
    } else {
        mant |= 1n << 52n;
        e = expBits - 1075;
    }
    return { m: sign * mant, e };
}

function intDyadic(n: number): Dyadic {
    return { m: BigInt(n), e: 0 };
}

export function mul(x: Dyadic, y: Dyadic): Dyadic {
    return { m: x.m * y.m, e: x.e + y.e };
}

export function sub(x: Dyadic, y: Dyadic): Dyadic {
    if (x.e === y.e) return { m: x.m - y.m, e: x.e };
    if (x.e > y.e) return { m: (x.m << BigInt(x.e - y.e)) - y.m, e: y.e };
    return { m: x.m - (y.m << BigInt(y.e - x.e)), e: x.e };
}

/** `floor(num / den)` exactly (den != 0). */
export function floorDiv(num: Dyadic, den: Dyadic): number {
    let n = num.m;
    let d = den.m;
    const de = num.e - den.e;
    if (de > 0) n <<= BigInt(de);
    else if (de < 0) d <<= BigInt(-de);
    if (d < 0n) { n = -n; d = -d; }
    let q = n / d; // truncates towards zero
    if (n < 0n && q * d !== n) q -= 1n;
    return Number(q);
}

/**
 * Exact `floor(r - x)` for a double `x` and `r` in {0.5, -0.5}, used for the integer offsets of
 * axis-aligned masks (`r - x` itself may round).
 */
export function floorHalfMinus(r: 0.5 | -0.5, x: number): number {
    let f = Math.floor(r - x);
    // Want f <= r - x < f + 1, i.e. x <= r - f and x > r - f - 1 (exact for |f| < 2^51).
    while (x > r - f) f--;
    while (x <= r - f - 1) f++;
    return f;
}
