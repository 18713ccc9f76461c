/**
 * core/exact.ts: the exact floors of the sample mapping (no BigInt in the core: floating-point
 * expansions) and floorHalfMinus, against an exact rational reference written here with BigInt
 * (tests run in Node, which has it). Adversarial inputs: local positions within a few ulps of a
 * texel edge, exact ties (dyadic transforms), coordinates up to 1e6, scales from subnormal to
 * 2^1000, negative entries, sample indices beyond 2^52; and the outside audit's case
 * (floorHalfMinus replaced by Math.floor) through the public narrow phase.
 */
import fc from 'fast-check';
import type { Affine2D } from '../../extensions/pixel-collision/assets/core';
import {
    affine, affineFromTRS, affineMultiply, clearRasterMemo, Contact, isUnitQuarterTurn, SampleMapper, testMasks,
} from '../../extensions/pixel-collision/assets/core';
import { floorHalfMinus } from '../../extensions/pixel-collision/assets/core/exact';
import { full, randomMask, rng } from '../fixtures/masks';
import { refTest } from './reference';

// Exact rational reference --------------------------------------------------------------------

/** x = n * 2^e exactly. */
interface Dy { n: bigint; e: number }

const DV = new DataView(new ArrayBuffer(8));

function dy(x: number): Dy {
    if (!Number.isFinite(x)) throw new Error(`not finite: ${x}`);
    if (x === 0) return { n: 0n, e: 0 };
    DV.setFloat64(0, x);
    const bits = DV.getBigUint64(0);
    const eb = Number((bits >> 52n) & 0x7ffn);
    let m = bits & ((1n << 52n) - 1n);
    if (eb !== 0) m |= 1n << 52n;
    return { n: bits >> 63n ? -m : m, e: (eb === 0 ? 1 : eb) - 1075 };
}
const int = (n: bigint): Dy => ({ n, e: 0 });
const mul = (a: Dy, b: Dy): Dy => ({ n: a.n * b.n, e: a.e + b.e });
const neg = (a: Dy): Dy => ({ n: -a.n, e: a.e });
function add(a: Dy, b: Dy): Dy {
    const e = Math.min(a.e, b.e);
    return { n: (a.n << BigInt(a.e - e)) + (b.n << BigInt(b.e - e)), e };
}
const sub = (a: Dy, b: Dy): Dy => add(a, neg(b));
function floorDiv(a: Dy, b: Dy): bigint {
    let n = a.n, d = b.n;
    const s = a.e - b.e;
    if (s > 0) n <<= BigInt(s); else d <<= BigInt(-s);
    if (d < 0n) { n = -n; d = -d; }
    let q = n / d;
    if (n < 0n && q * d !== n) q -= 1n;
    return q;
}
const LIMIT = 2n ** 53n;

function exactDet(t: Affine2D): bigint {
    return sub(mul(dy(t.a), dy(t.d)), mul(dy(t.b), dy(t.c))).n;
}

/**
 * floor(u) (wantU) or floor(v) of sample (k, l) under t at acc, exactly, clamped to [-2^53, 2^53]
 * (SampleMapper's documented saturation). k, l: integers (any size).
 */
function refFloor(t: Affine2D, acc: number, k: number, l: number, wantU: boolean): number {
    const A = dy(2 * acc);
    const X = sub(int(2n * BigInt(k) + 1n), mul(A, dy(t.tx)));
    const Y = sub(int(2n * BigInt(l) + 1n), mul(A, dy(t.ty)));
    const D = mul(A, sub(mul(dy(t.a), dy(t.d)), mul(dy(t.b), dy(t.c))));
    const num = wantU ? sub(mul(dy(t.d), X), mul(dy(t.c), Y)) : sub(mul(dy(t.a), Y), mul(dy(t.b), X));
    let q = floorDiv(num, D);
    if (q > LIMIT) q = LIMIT;
    if (q < -LIMIT) q = -LIMIT;
    return Number(q);
}

/** floor(r - x) exactly (x finite). */
function refFloorHalfMinus(r: 0.5 | -0.5, x: number): number {
    return Number(floorDiv(sub(dy(r), dy(x)), int(1n)));
}

/** x moved by j ulps towards +infinity (x != 0, no sign change for small j). */
function ulps(x: number, j: number): number {
    DV.setFloat64(0, x);
    const bits = DV.getBigInt64(0);
    DV.setBigInt64(0, x > 0 ? bits + BigInt(j) : bits - BigInt(j));
    return DV.getFloat64(0);
}

// Arbitraries -----------------------------------------------------------------------------------

const sign = fc.constantFrom(1, -1);
/** Doubles of every magnitude: 0, subnormals, 2^-1074 .. 2^1000, short dyadics, game values. */
const anyMagnitude = fc.oneof(
    fc.constant(0),
    fc.tuple(sign, fc.integer({ min: 1, max: 2 ** 31 })).map(([s, n]) => s * n * 2 ** -1074),
    fc.tuple(sign, fc.integer({ min: -1074, max: 1000 }), fc.integer({ min: 0, max: 15 })).map(([s, e, j]) => s * 2 ** e * (1 + j / 16)),
    fc.tuple(sign, fc.integer({ min: -1022, max: 1000 }), fc.double({ min: 1, max: 2, noNaN: true })).map(([s, e, m]) => s * m * 2 ** e),
    fc.constantFrom(0.25, 0.5, 0.75, 1, 1.5, 2, -0.25, -0.5, -1, -2, 1 / 3, 0.1, 1e-17, 6.123233995736766e-17),
    fc.double({ min: -1e6, max: 1e6, noNaN: true }),
);
const anyAccuracy = fc.oneof(
    fc.constantFrom(0.25, 0.5, 1, 2, 4, 64, 0.3),
    fc.double({ min: Number.MIN_VALUE, max: 64, noNaN: true }),
);
/** Sample indices: mostly |k| <= 1e6, sometimes up to 2^80 (2k + 1 is then not one double). */
const anyIndex = fc.oneof(
    fc.integer({ min: -1e6, max: 1e6 }),
    fc.tuple(fc.integer(), fc.integer({ min: 0, max: 50 })).map(([n, s]) => n * 2 ** s),
);

const dyadicEntry = fc.constantFrom(0, 0.25, 0.5, 0.75, 1, 1.5, 2, 3, -0.25, -0.5, -1, -2, -3, 0.125);
const dyadicAccuracy = fc.constantFrom(0.25, 0.5, 1, 2, 4);

function checkMapper(m: SampleMapper, t: Affine2D, acc: number, k: number, l: number, filtered: boolean): void {
    for (const wantU of [true, false]) {
        const want = refFloor(t, acc, k, l, wantU);
        const exact = wantU ? m.exactFloorU(k, l) : m.exactFloorV(k, l);
        const ctx = () => `${wantU ? 'u' : 'v'} of sample (${k}, ${l}) under ${JSON.stringify(t)} at accuracy ${acc}`;
        if (!Object.is(exact, want)) throw new Error(`exact floor ${exact}, reference ${want}: ${ctx()}`);
        if (filtered) {
            const f = wantU ? m.floorU(k, l) : m.floorV(k, l);
            if (f !== want) throw new Error(`filtered floor ${f}, reference ${want}: ${ctx()}`);
        }
    }
}

// SampleMapper ------------------------------------------------------------------------------------

describe('SampleMapper exact floors (expansions, no BigInt) against the rational reference', () => {
    const m = new SampleMapper();

    test('dyadic transforms: many samples exactly on texel edges (exact ties)', () => {
        let ties = 0;
        fc.assert(fc.property(
            dyadicEntry, dyadicEntry, dyadicEntry, dyadicEntry,
            fc.integer({ min: -4000, max: 4000 }), fc.integer({ min: -4000, max: 4000 }), dyadicAccuracy,
            fc.integer({ min: -1e6, max: 1e6 }), fc.integer({ min: -1e6, max: 1e6 }),
            (a, b, c, d, qx, qy, acc, k, l) => {
                const t = affine(a, b, c, d, qx / 8, qy / 8);
                if (exactDet(t) === 0n) return;
                m.setup(t, acc);
                for (let dk = 0; dk < 3; dk++) {
                    checkMapper(m, t, acc, k + dk, l, true);
                    if (Number.isInteger(m.approxU(k + dk, l)) || Number.isInteger(m.approxV(k + dk, l))) ties++;
                }
            }), { numRuns: 3000 });
        expect(ties).toBeGreaterThan(1000);
    });

    test('game-like transforms, coordinates up to 1e6, local positions within a few ulps of a texel edge', () => {
        let naiveWrong = 0;
        fc.assert(fc.property(
            fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }),
            fc.double({ min: 0.01, max: 100, noNaN: true }), fc.double({ min: 0.01, max: 100, noNaN: true }), sign, sign,
            fc.constantFrom(0.25, 0.5, 1, 2, 4, 0.3, 64), fc.integer({ min: -1e6, max: 1e6 }), fc.integer({ min: -1e6, max: 1e6 }),
            fc.integer({ min: -50, max: 50 }), fc.integer({ min: -3, max: 3 }), fc.boolean(),
            (rot, sx, sy, fx, fy, acc, px, py, dn, j, edgeOfU) => {
                const t = affineFromTRS(affine(1, 0, 0, 1, 0, 0), 0, 0, rot, fx * sx, fy * sy);
                const k = Math.round(px * acc), l = Math.round(py * acc);
                const x = (k + 0.5) / acc, y = (l + 0.5) / acc;
                const det = t.a * t.d - t.b * t.c;
                if (exactDet(t) === 0n) return;
                // Put the sample on (within rounding of) an edge of u, or of v, then move it by j ulps.
                const N = dn + Math.round(Math.abs(x) < 1e5 ? x : 0);
                if (edgeOfU && t.d !== 0) {
                    t.ty = y - Math.round(y);
                    t.tx = x - (N * det + t.c * (y - t.ty)) / t.d;
                    if (t.tx !== 0 && j !== 0) t.tx = ulps(t.tx, j);
                } else if (!edgeOfU && t.a !== 0) {
                    t.tx = x - Math.round(x);
                    t.ty = y - (N * det + t.b * (x - t.tx)) / t.a;
                    if (t.ty !== 0 && j !== 0) t.ty = ulps(t.ty, j);
                }
                m.setup(t, acc);
                checkMapper(m, t, acc, k, l, true);
                if (Math.floor(m.approxU(k, l)) !== refFloor(t, acc, k, l, true) || Math.floor(m.approxV(k, l)) !== refFloor(t, acc, k, l, false)) naiveWrong++;
            }), { numRuns: 4000 });
        // The cases are adversarial: plain double evaluation gets some of them wrong.
        expect(naiveWrong).toBeGreaterThan(40); // about 2.4 % of the cases
    });

    test('any magnitudes: subnormal to 2^1000 entries and translations, tiny accuracies, indices beyond 2^52', () => {
        fc.assert(fc.property(
            anyMagnitude, anyMagnitude, anyMagnitude, anyMagnitude, anyMagnitude, anyMagnitude, anyAccuracy, anyIndex, anyIndex,
            (a, b, c, d, tx, ty, acc, k, l) => {
                const t = affine(a, b, c, d, tx, ty);
                if (exactDet(t) === 0n) return;
                m.setup(t, acc);
                checkMapper(m, t, acc, k, l, false);
                checkMapper(m, t, acc, -k, l + 1, false);
            }), { numRuns: 3000 });
    });

    test('exact ties decided far below the double range (subnormal and 2^-600 translations)', () => {
        // u = 2k + 1 - 2*tx at scale 0.5: with tx = 0 every sample is on an edge; a tiny tx
        // decides the side, and the terms of the sum are 2^600 and more apart.
        fc.assert(fc.property(
            fc.constantFrom(5e-324, -5e-324, 2 ** -600, -(2 ** -600), 3 * 2 ** -1074, 1e-310, 0),
            fc.constantFrom(0.5, 0.75, -0.5, 1.5, 0.3), fc.constantFrom(1, 2, 0.5, 0.3), fc.integer({ min: -1e6, max: 1e6 }), fc.integer({ min: -1e6, max: 1e6 }),
            fc.constantFrom(0, 2 ** -700, -3e-320),
            (tiny, s, acc, k, l, c) => {
                const t = affine(s, 0, c, s, tiny, -tiny);
                m.setup(t, acc);
                checkMapper(m, t, acc, k, l, true);
            }), { numRuns: 1500 });
        const t = affine(0.5, 0, 0, 0.5, 5e-324, 0);
        m.setup(t, 1);
        expect(m.floorU(3, 0)).toBe(6); // u = 2 * (3.5 - 2^-1074) = 7 - 2^-1073: just below 7
        expect(m.floorU(-4, 0)).toBe(-8); // u = -7 - 2^-1073
    });

    test('saturates at +-2^53 beyond the safe integers (compares like the exact floor with every texel index)', () => {
        const t = affine(2 ** -60, 0, 0, 2 ** -60, 0, 0);
        m.setup(t, 1);
        expect(m.exactFloorU(1e6, 0)).toBe(2 ** 53);
        expect(m.exactFloorU(-1e6, 0)).toBe(-(2 ** 53));
        expect(m.floorU(1e6, 0)).toBeGreaterThanOrEqual(2 ** 53);
        m.setup(affine(1, 0, 0, 1, 0, 0), 1);
        expect(m.exactFloorU(2 ** 60, 7)).toBe(2 ** 53);
        expect(m.exactFloorV(2 ** 60, 7)).toBe(7);
    });

    test('refuses what it cannot decide: a singular transform, non-finite sample indices', () => {
        m.setup(affine(1, 2, 0.5, 1, 0, 0), 1); // det 0 exactly
        expect(() => m.exactFloorU(0, 0)).toThrow(RangeError);
        m.setup(affine(1, 0, 0, 1, 0.5, 0.5), 1);
        expect(() => m.exactFloorU(NaN, 0)).toThrow(RangeError);
        expect(() => m.exactFloorV(0, Infinity)).toThrow(RangeError);
        expect(m.exactFloorU(0, 0)).toBe(0);
    });

    test('the exact path of the narrow phase: dyadic (tie-rich) pairs through testMasks equal the brute-force reference', () => {
        const out = new Contact();
        let hits = 0;
        fc.assert(fc.property(
            fc.integer(), fc.integer(), dyadicEntry, dyadicEntry, dyadicEntry, dyadicEntry,
            fc.integer({ min: -8, max: 24 }), fc.integer({ min: -16, max: 16 }), dyadicAccuracy,
            (sa, sb, a, b, c, d, qx, qy, acc) => {
                const tb = affine(a, b, c, d, qx / 4, qy / 4);
                if (a * d - b * c === 0) return;
                const ma = randomMask(rng(sa), 12), mb = randomMask(rng(sb), 12);
                const ta = affine(0.5, 0, 0, -0.5, 0.25, 3);
                clearRasterMemo();
                testMasks(ma, ta, mb, tb, { accuracy: acc }, out);
                const ref = refTest(ma, ta, mb, tb, acc);
                expect(out.count).toBe(ref.count);
                if (ref.count > 0) {
                    hits++;
                    const s = 1 / acc;
                    expect([out.minX, out.maxX, out.minY, out.maxY]).toEqual([ref.minK * s, (ref.maxK + 1) * s, ref.minL * s, (ref.maxL + 1) * s]);
                }
            }), { numRuns: 300 });
        expect(hits).toBeGreaterThan(30);
    });
});

// floorHalfMinus --------------------------------------------------------------------------------

describe('floorHalfMinus', () => {
    test('equals the exact floor(r - x), also within an ulp of half-integers and beyond 2^52', () => {
        const near = fc.tuple(fc.integer({ min: -1e6, max: 1e6 }), fc.constantFrom(0.5, -0.5), fc.integer({ min: -2, max: 2 }))
            .map(([n, h, j]) => (n + h === 0 ? 0 : ulps(n + h, j)));
        const big = fc.tuple(sign, fc.integer({ min: 52, max: 1020 }), fc.double({ min: 1, max: 2, noNaN: true })).map(([s, e, mm]) => s * mm * 2 ** e);
        fc.assert(fc.property(fc.oneof(near, big, fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e17, max: 1e17 })), fc.constantFrom(0.5 as const, -0.5 as const), (x, r) => {
            expect(floorHalfMinus(r, x)).toBe(refFloorHalfMinus(r, x));
        }), { numRuns: 5000 });
    });

    test('Math.floor(r - x) is wrong where it rounds: x = -(0.5 - 2^-54)', () => {
        const x = -(0.5 - 2 ** -54);
        expect(Math.floor(0.5 - x)).toBe(1); // 0.5 - x = 1 - 2^-54 rounds up to 1
        expect(floorHalfMinus(0.5, x)).toBe(0);
        expect(floorHalfMinus(-0.5, -x)).toBe(refFloorHalfMinus(-0.5, -x));
    });

    test('terminates on huge, infinite and NaN input (no endless adjustment loop)', () => {
        expect(floorHalfMinus(0.5, 2 ** 60)).toBe(-(2 ** 60));
        expect(floorHalfMinus(-0.5, -(2 ** 53))).toBe(2 ** 53 - 1);
        expect(floorHalfMinus(0.5, Infinity)).toBe(-Infinity);
        expect(floorHalfMinus(0.5, NaN)).toBeNaN();
    });
});

// The outside audit's regression, through the public narrow phase ---------------------------------

describe('axis-aligned offsets at half-integer translations (testMasks, view path)', () => {
    const out = new Contact();

    function check(a: ReturnType<typeof full>, ta: Affine2D, b: ReturnType<typeof full>, tb: Affine2D, acc: number): number {
        clearRasterMemo();
        testMasks(a, ta, b, tb, { accuracy: acc }, out);
        const ref = refTest(a, ta, b, tb, acc);
        expect({ count: out.count, hit: out.hit }).toEqual({ count: ref.count, hit: ref.hit });
        if (ref.count > 0) {
            const s = 1 / acc;
            expect([out.minX, out.maxX, out.minY, out.maxY]).toEqual([ref.minK * s, (ref.maxK + 1) * s, ref.minL * s, (ref.maxL + 1) * s]);
        }
        return ref.count;
    }

    test('B at tx = -(0.5 - 2^-54) shares all 16 samples with A (12 if the offset were Math.floor(0.5 - tx))', () => {
        const m = full(4, 4);
        const ta = affine(1, 0, 0, 1, 0, 0);
        const tb = affine(1, 0, 0, 1, -(0.5 - 2 ** -54), 0);
        expect(isUnitQuarterTurn(tb, 1)).toBe(true); // the zero-copy view, whose offset is floorHalfMinus
        expect(check(m, ta, m, tb, 1)).toBe(16);
        clearRasterMemo();
        expect(testMasks(m, ta, m, tb, { contact: 'count' }, out)).toBe(true);
        expect(out.count).toBe(16);
        // The same along y; and mirrored, the r = -0.5 branch (floor(-0.5 - x) at x = 0.5 + 2^-53:
        // -1 - 2^-53 rounds up to -1).
        expect(check(m, ta, m, affine(1, 0, 0, 1, 0, -(0.5 - 2 ** -54)), 1)).toBe(16);
        expect(Math.floor(-0.5 - (0.5 + 2 ** -53))).toBe(-1);
        expect(floorHalfMinus(-0.5, 0.5 + 2 ** -53)).toBe(-2);
        expect(check(m, affine(-1, 0, 0, 1, -1, 0), m, affine(-1, 0, 0, 1, -(0.5 + 2 ** -53), 0), 1)).toBe(16);
        expect(check(m, affine(1, 0, 0, -1, 0, -1), m, affine(1, 0, 0, -1, 0, -(0.5 + 2 ** -53)), 1)).toBe(16);
    });

    test('random masks, quarter turns and flips, translations within 2 ulps of half-integers, accuracies 1/2..4', () => {
        fc.assert(fc.property(
            fc.integer(), fc.integer(), fc.integer({ min: 0, max: 7 }), fc.integer({ min: 0, max: 7 }),
            fc.integer({ min: -20, max: 20 }), fc.integer({ min: -20, max: 20 }), fc.integer({ min: -2, max: 2 }), fc.integer({ min: -2, max: 2 }),
            fc.constantFrom(0.5, 1, 2, 4),
            (sa, sb, oa, ob, nx, ny, jx, jy, acc) => {
                const a = randomMask(rng(sa), 10), b = randomMask(rng(sb), 10);
                const orient = (o: number, tx: number, ty: number): Affine2D => {
                    const s = 1 / acc;
                    const [p, q] = [(o & 1) ? -s : s, (o & 2) ? -s : s];
                    return o & 4 ? affine(0, q, p, 0, tx, ty) : affine(p, 0, 0, q, tx, ty);
                };
                const half = (n: number, j: number) => ulps((n + 0.5) / acc, j);
                const ta = orient(oa, 0.5 / acc, 0);
                const tb = orient(ob, half(nx, jx), half(ny, jy));
                expect(isUnitQuarterTurn(tb, acc)).toBe(true);
                check(a, ta, b, tb, acc);
            }), { numRuns: 600 });
    });
});

// Game transforms composed like the runtime's (anchor, TRS, parent): the filter and the exact
// path together, per sample, over whole collider boxes.
describe('SampleMapper over whole collider boxes', () => {
    test('floorU/floorV equal the reference at every sample of random composed transforms', () => {
        const m = new SampleMapper();
        fc.assert(fc.property(
            fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }), fc.constantFrom(0.5, 1, 1.25, 2, 0.3, 1.3),
            fc.integer({ min: -8, max: 8 }), fc.integer({ min: -8, max: 8 }), fc.constantFrom(0.5, 1, 2), fc.boolean(),
            (rot, s, qx, qy, acc, quarter) => {
                const r = quarter ? Math.round(rot / (Math.PI / 2)) * (Math.PI / 2) : rot;
                const t = affineMultiply(affine(1, 0, 0, 1, 0, 0), affineFromTRS(affine(1, 0, 0, 1, 0, 0), qx / 4, qy / 4, r, s, -s), affine(1, 0, 0, 1, -4, -4));
                if (quarter) { t.a = Math.round(t.a / s) * s; t.b = Math.round(t.b / s) * s; t.c = Math.round(t.c / s) * s; t.d = Math.round(t.d / s) * s; }
                if (exactDet(t) === 0n) return;
                m.setup(t, acc);
                for (let l = -12; l <= 12; l++) for (let k = -12; k <= 12; k++) checkMapper(m, t, acc, k, l, true);
            }), { numRuns: 150 });
    });
});
