/**
 * core/shape-sampling.ts: the exact stage (stage 3) of the sample-membership predicates, which takes the
 * sign of each predicate multiplied out into a sum of products with core/exact.ts's
 * signOfProducts (floating-point expansions; no BigInt in the core), against an exact rational
 * reference written here with BigInt (tests run in Node, which has it).
 *
 * Stage 3 only decides what the doubles cannot: a query point within rounding distance of the
 * boundary where some operation of the double evaluation rounded, underflowed or overflowed. So
 * the cases are adversarial: sample points within 1-3 ulps of box sides, circles and polygon
 * edges, coordinates up to 1e6, accuracies 0.25-64 (dyadic and not); exact ties whose products
 * need more than 53 bits (the double evaluation rounds, the exact answer is 0 = on the
 * boundary); magnitudes from subnormal to 2^1000 (products that underflow or overflow). Each
 * property also counts the cases that only stage 3 gets right (the double evaluation gives the
 * wrong side and some operation was inexact) and requires many: with stage 3 replaced by the
 * double evaluation these tests fail.
 */
import fc from 'fast-check';
import { heapGrowth } from '../fixtures/heap';
import { Contact } from '../../extensions/pixel-collision/assets/core/contact';
import { signOfProducts } from '../../extensions/pixel-collision/assets/core/exact';
import { WorldShape, shapeContains, shapeContainsSample, testShapes } from '../../extensions/pixel-collision/assets/core/index';
import { q } from './reference';
import type { Q } from './reference';

// Exact rational reference ---------------------------------------------------------------------

const qi = (n: number | bigint): Q => ({ n: BigInt(n), d: 1n });
const qadd = (a: Q, b: Q): Q => ({ n: a.n * b.d + b.n * a.d, d: a.d * b.d });
const qsub = (a: Q, b: Q): Q => ({ n: a.n * b.d - b.n * a.d, d: a.d * b.d });
const qmul = (a: Q, b: Q): Q => ({ n: a.n * b.n, d: a.d * b.d });
/** a / b for b > 0. */
const qdiv = (a: Q, b: Q): Q => ({ n: a.n * b.d, d: a.d * b.n });
const qsign = (a: Q): number => (a.n > 0n ? 1 : a.n < 0n ? -1 : 0);
/** Whether the double r is exactly the rational a (the operation that gave r did not round). */
const exactly = (r: number, a: Q): boolean => Number.isFinite(r) && qsign(qsub(q(r), a)) === 0;

/**
 * The signs, exactly, of the closed shape's defining inequalities at the real point (px, py):
 * 'aabb' px - minX, maxX - px, py - minY, maxY - py; 'circle' r^2 - |p - c|^2; 'polygon' the
 * cross product of each CCW edge with p. The point belongs to the shape iff none is negative.
 * (Straight from the definition, not from the multiplied-out forms the core uses.)
 */
function refSigns(s: WorldShape, px: Q, py: Q): number[] {
    if (s.kind === 'aabb') {
        return [qsub(px, q(s.minX)), qsub(q(s.maxX), px), qsub(py, q(s.minY)), qsub(q(s.maxY), py)].map(qsign);
    }
    if (s.kind === 'circle') {
        const dx = qsub(px, q(s.cx));
        const dy = qsub(py, q(s.cy));
        return [qsign(qsub(qmul(q(s.r), q(s.r)), qadd(qmul(dx, dx), qmul(dy, dy))))];
    }
    const out: number[] = [];
    const p = s.points;
    for (let i = s.vertexCount - 1, j = 0; j < s.vertexCount; i = j++) {
        const xi = q(p[2 * i]), yi = q(p[2 * i + 1]), xj = q(p[2 * j]), yj = q(p[2 * j + 1]);
        out.push(qsign(qsub(qmul(qsub(xj, xi), qsub(py, yi)), qmul(qsub(yj, yi), qsub(px, xi)))));
    }
    return out;
}

const member = (signs: number[]): boolean => signs.every((x) => x >= 0);

/** The sample (k, l) at accuracy acc: the real point ((2k + 1) / (2 acc), (2l + 1) / (2 acc)). */
function samplePoint(k: number, l: number, acc: number): [Q, Q] {
    const A = qmul(qi(2), q(acc));
    return [qdiv(qi(2n * BigInt(k) + 1n), A), qdiv(qi(2n * BigInt(l) + 1n), A)];
}

// The double evaluation (what stage 3 replaces) -------------------------------------------------

/**
 * The predicate of the query (X / A, Y / A) evaluated in doubles, in the core's multiplied form
 * (naiveInside), and whether any of its operations rounded, underflowed or overflowed
 * (naiveInexact). For circles and edges, when the answer is wrong and something was inexact,
 * only stage 3 can have decided the case: stage 1's bound never decides a wrong sign, and
 * stage 2 hands every case with an inexact operation to stage 3. (Boxes: stage 2 decides an
 * inexact A*v by its exact tail, unless that tail cannot be formed; see the box test.)
 */
function naiveInside(s: WorldShape, X: number, Y: number, A: number): boolean {
    if (s.kind === 'aabb') return A * s.minX <= X && A * s.maxX >= X && A * s.minY <= Y && A * s.maxY >= Y;
    if (s.kind === 'circle') {
        const u = X - A * s.cx, v = Y - A * s.cy, R = A * s.r;
        return u * u + v * v - R * R <= 0;
    }
    const p = s.points;
    for (let i = s.vertexCount - 1, j = 0; j < s.vertexCount; i = j++) {
        const xi = p[2 * i], yi = p[2 * i + 1], xj = p[2 * j], yj = p[2 * j + 1];
        if (!((xj - xi) * (Y - A * yi) - (yj - yi) * (X - A * xi) >= 0)) return false;
    }
    return true;
}

/** Whether any operation of naiveInside rounded, underflowed or overflowed. */
function naiveInexact(s: WorldShape, X: number, Y: number, A: number): boolean {
    try {
        return someOpInexact(s, X, Y, A);
    } catch {
        return true; // an intermediate result overflowed (q refuses non-finite values)
    }
}

function someOpInexact(s: WorldShape, X: number, Y: number, A: number): boolean {
    const QX = q(X), QY = q(Y), QA = q(A);
    if (s.kind === 'aabb') return [s.minX, s.maxX, s.minY, s.maxY].some((v) => !exactly(A * v, qmul(QA, q(v))));
    if (s.kind === 'circle') {
        const ax = A * s.cx, ay = A * s.cy, R = A * s.r;
        const u = X - ax, v = Y - ay;
        return !exactly(ax, qmul(QA, q(s.cx))) || !exactly(ay, qmul(QA, q(s.cy))) || !exactly(R, qmul(QA, q(s.r)))
            || !exactly(u, qsub(QX, q(ax))) || !exactly(v, qsub(QY, q(ay)))
            || !exactly(u * u, qmul(q(u), q(u))) || !exactly(v * v, qmul(q(v), q(v))) || !exactly(R * R, qmul(q(R), q(R)));
    }
    const p = s.points;
    for (let i = s.vertexCount - 1, j = 0; j < s.vertexCount; i = j++) {
        const xi = p[2 * i], yi = p[2 * i + 1], xj = p[2 * j], yj = p[2 * j + 1];
        const ex = xj - xi, ey = yj - yi, ay = A * yi, ax = A * xi, py = Y - ay, px = X - ax;
        if (!exactly(ex, qsub(q(xj), q(xi))) || !exactly(ey, qsub(q(yj), q(yi))) || !exactly(ay, qmul(QA, q(yi)))
            || !exactly(ax, qmul(QA, q(xi))) || !exactly(py, qsub(QY, q(ay))) || !exactly(px, qsub(QX, q(ax)))
            || !exactly(ex * py, qmul(q(ex), q(py))) || !exactly(ey * px, qmul(q(ey), q(px)))) return true;
    }
    return false;
}

/** Tallies of a property: checks made, exact ties met, cases that only the exact stage decides. */
interface Tally { checks: number; ties: number; stage3: number }
const tally = (): Tally => ({ checks: 0, ties: 0, stage3: 0 });

function describeShape(s: WorldShape): string {
    if (s.kind === 'aabb') return `box [${s.minX}, ${s.maxX}] x [${s.minY}, ${s.maxY}]`;
    if (s.kind === 'circle') return `circle (${s.cx}, ${s.cy}) r ${s.r}`;
    return `polygon [${Array.from(s.points.subarray(0, 2 * s.vertexCount)).join(', ')}]`;
}

/** shapeContainsSample(s, k, l, acc) against the reference. */
function checkSample(s: WorldShape, k: number, l: number, acc: number, t: Tally): void {
    const [px, py] = samplePoint(k, l, acc);
    const signs = refSigns(s, px, py);
    const want = member(signs);
    const got = shapeContainsSample(s, k, l, acc);
    if (got !== want) throw new Error(`shapeContainsSample(${describeShape(s)}, ${k}, ${l}, ${acc}) = ${got}, exactly ${want} (signs ${signs})`);
    t.checks++;
    if (signs.includes(0)) t.ties++;
    if (naiveInside(s, 2 * k + 1, 2 * l + 1, 2 * acc) !== want && naiveInexact(s, 2 * k + 1, 2 * l + 1, 2 * acc)) t.stage3++;
}

/** shapeContains(s, x, y) (the query (x / 1, y / 1)) against the reference. */
function checkPoint(s: WorldShape, x: number, y: number, t: Tally): void {
    const signs = refSigns(s, q(x), q(y));
    const want = member(signs);
    const got = shapeContains(s, x, y);
    if (got !== want) throw new Error(`shapeContains(${describeShape(s)}, ${x}, ${y}) = ${got}, exactly ${want} (signs ${signs})`);
    t.checks++;
    if (signs.includes(0)) t.ties++;
    if (naiveInside(s, x, y, 1) !== want && naiveInexact(s, x, y, 1)) t.stage3++;
}

// Shapes and arbitraries -------------------------------------------------------------------------

const DV = new DataView(new ArrayBuffer(8));

/** The next double above x (finite x below the largest double). */
function nextUp(x: number): number {
    if (x === 0) return Number.MIN_VALUE;
    DV.setFloat64(0, x);
    const bits = DV.getBigInt64(0);
    DV.setBigInt64(0, x > 0 ? bits + 1n : bits - 1n);
    return DV.getFloat64(0);
}

/** x moved by j ulps (j doubles along the number line), towards +infinity for j > 0. */
function ulps(x: number, j: number): number {
    for (let i = 0; i < j; i++) x = nextUp(x);
    for (let i = 0; i > j; i--) x = -nextUp(-x);
    return x;
}

/**
 * A convex polygon with the given vertices, CCW, its fields set directly: the builders refuse
 * polygons whose area underflows or overflows in doubles (coordinates near 2^-600 or 2^600), but
 * the predicate is defined, and exact, for any finite vertices.
 */
function rawPolygon(pts: number[]): WorldShape {
    const n = pts.length / 2;
    // Twice the signed area, exactly, to orient it CCW.
    const v = Array.from({ length: n }, (_, i) => [q(pts[2 * i]), q(pts[2 * i + 1])]);
    let a2: Q = qi(0);
    for (let i = 0; i < n; i++) {
        const [x0, y0] = v[i], [x1, y1] = v[(i + 1) % n];
        a2 = qadd(a2, qsub(qmul(x0, y1), qmul(x1, y0)));
    }
    const area = a2.n;
    if (area === 0n) throw new Error('degenerate test polygon');
    const s = new WorldShape();
    s.kind = 'polygon';
    s.vertexCount = n;
    s.points = new Float64Array(Math.max(16, 2 * n));
    for (let i = 0; i < n; i++) {
        const src = area > 0n ? i : n - 1 - i;
        s.points[2 * i] = pts[2 * src];
        s.points[2 * i + 1] = pts[2 * src + 1];
    }
    const xs = pts.filter((_, i) => i % 2 === 0), ys = pts.filter((_, i) => i % 2 === 1);
    s.minX = Math.min(...xs); s.maxX = Math.max(...xs); s.minY = Math.min(...ys); s.maxY = Math.max(...ys);
    return s;
}

const sign = fc.constantFrom(1, -1);
/** Accuracies 0.25-64: dyadic (ties possible) and not (every product with them rounds). */
const anyAccuracy = fc.oneof(
    fc.constantFrom(0.25, 0.5, 1, 2, 4, 64, 0.3, 1 / 3, 3, 10, 7.77),
    fc.double({ min: 0.25, max: 64, noNaN: true }),
);
const dyadicAccuracy = fc.constantFrom(0.25, 0.5, 1, 2, 4, 8, 64);
/** World coordinates up to 1e6: arbitrary doubles, short binary fractions, small values. */
const coord = fc.oneof(
    fc.double({ min: -1e6, max: 1e6, noNaN: true }),
    fc.integer({ min: -8e6, max: 8e6 }).map((n) => n / 8),
    fc.double({ min: -10, max: 10, noNaN: true }),
);
const jitter = fc.integer({ min: -3, max: 3 });

// Near-boundary samples, ordinary magnitudes -------------------------------------------------------

describe('stage 3 of the membership predicates against the rational reference: samples within ulps of the boundary', () => {
    test('circles through (within 1-3 ulps of) a sample, centres up to 1e6, accuracies 0.25-64', () => {
        const t = tally();
        fc.assert(fc.property(
            anyAccuracy, coord, coord, fc.integer({ min: -60, max: 60 }), fc.integer({ min: -60, max: 60 }), jitter,
            (acc, cx, cy, dk, dl, j) => {
                const k = Math.round(cx * acc) + dk, l = Math.round(cy * acc) + dl;
                const r = Math.hypot((k + 0.5) / acc - cx, (l + 0.5) / acc - cy);
                if (!(r > 0)) return;
                const s = new WorldShape().setCircle(cx, cy, j === 0 ? r : ulps(r, j));
                checkSample(s, k, l, acc, t);
                checkSample(s, k + 1, l, acc, t);
            }), { numRuns: 3000 });
        // Plain doubles put a sizeable share of these on the wrong side; stage 3 decides them.
        expect(t.stage3).toBeGreaterThan(300);
    });

    test('polygon edges through (within 1-3 ulps of) a sample, coordinates up to 1e6, accuracies 0.25-64', () => {
        const t = tally();
        fc.assert(fc.property(
            anyAccuracy, coord, coord, fc.integer({ min: -60, max: 60 }), fc.integer({ min: -60, max: 60 }),
            fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }), fc.double({ min: 0.5, max: 1e4, noNaN: true }),
            fc.double({ min: 0.5, max: 1e4, noNaN: true }), fc.double({ min: 0.5, max: 1e4, noNaN: true }),
            fc.integer({ min: 0, max: 3 }), jitter, fc.boolean(),
            (acc, ox, oy, dk, dl, theta, l1, l2, h, which, j, flip) => {
                const k = Math.round(ox * acc) + dk, l = Math.round(oy * acc) + dl;
                const sx = (k + 0.5) / acc, sy = (l + 0.5) / acc;
                const c = Math.cos(theta), sn = Math.sin(theta);
                // vi -> vj runs through (the rounded) sample; w is on its left.
                const v = [sx + l1 * c, sy + l1 * sn, sx - l2 * c, sy - l2 * sn, sx + h * sn, sy - h * c];
                if (j !== 0 && v[which] !== 0) v[which] = ulps(v[which], j);
                const pts = flip ? [v[4], v[5], v[2], v[3], v[0], v[1]] : v; // clockwise: setPolygon re-winds
                const s = new WorldShape().setPolygon(pts);
                checkSample(s, k, l, acc, t);
                checkSample(s, k, l + 1, acc, t);
            }), { numRuns: 3000 });
        expect(t.stage3).toBeGreaterThan(300);
    });

    test('box sides within 1-3 ulps of sample lines (stage 2 decides these; stage 3 must agree where reached)', () => {
        const t = tally();
        fc.assert(fc.property(
            anyAccuracy, fc.integer({ min: -6e7, max: 6e7 }), fc.integer({ min: -6e7, max: 6e7 }),
            fc.integer({ min: 1, max: 50 }), fc.integer({ min: 1, max: 50 }), jitter, jitter, jitter, jitter,
            (acc, k, l, w, h, j0, j1, j2, j3) => {
                const at = (n: number, j: number) => { const x = (n + 0.5) / acc; return j === 0 || x === 0 ? x : ulps(x, j); };
                const s = new WorldShape().setAABB(at(k, j0), at(l, j1), at(k + w, j2), at(l + h, j3));
                for (const [dk, dl] of [[0, 0], [w, h], [0, h], [w, 0], [-1, 0], [w + 1, h]]) checkSample(s, k + dk, l + dl, acc, t);
            }), { numRuns: 2000 });
        expect(t.checks).toBe(12000);
    });

    test('points of shapeContains within 1-3 ulps of circles and polygon edges (query (x, y), A = 1)', () => {
        const t = tally();
        fc.assert(fc.property(
            coord, coord, fc.double({ min: 1e-3, max: 1e5, noNaN: true }), fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }),
            fc.double({ min: 0, max: 1, noNaN: true }), jitter, jitter,
            (cx, cy, r, theta, f, jx, jy) => {
                const nudge = (x: number, j: number) => (j === 0 || x === 0 ? x : ulps(x, j));
                const circle = new WorldShape().setCircle(cx, cy, r);
                checkPoint(circle, nudge(cx + r * Math.cos(theta), jx), nudge(cy + r * Math.sin(theta), jy), t);
                // A triangle with an edge from (cx, cy) in direction theta; the point f of the way along it.
                const ex = r * Math.cos(theta), ey = r * Math.sin(theta);
                const tri = new WorldShape().setPolygon([cx, cy, cx + ex, cy + ey, cx + 0.5 * ex - ey, cy + 0.5 * ey + ex]);
                checkPoint(tri, nudge(cx + f * ex, jx), nudge(cy + f * ey, jy), t);
            }), { numRuns: 3000 });
        expect(t.stage3).toBeGreaterThan(300);
    });
});

// Exact ties --------------------------------------------------------------------------------------

/** Pythagorean triples (a, b, c), a^2 + b^2 = c^2. */
const triple = fc.constantFrom([3, 4, 5], [5, 12, 13], [8, 15, 17], [7, 24, 25], [20, 21, 29], [0, 1, 1]);

describe('exact ties: samples exactly on the boundary (dyadic accuracies)', () => {
    test('short binary fractions: boxes, triangles and circles through samples (ties, mostly stage 2)', () => {
        const t = tally();
        fc.assert(fc.property(
            dyadicAccuracy, fc.integer({ min: -4000, max: 4000 }), fc.integer({ min: -4000, max: 4000 }),
            fc.integer({ min: 1, max: 6 }), fc.integer({ min: 1, max: 6 }), triple, fc.integer({ min: 1, max: 3 }), fc.integer({ min: -6, max: 3 }),
            (acc, k, l, w, h, [a, b, c], m, z) => {
                const s = (n: number) => (n + 0.5) / acc;
                const box = new WorldShape().setAABB(s(k), s(l), s(k + w), s(l + h));
                const tri = new WorldShape().setPolygon([s(k), s(l), s(k + 2 * w), s(l + z), s(k + w), s(l + 2 * h)]);
                const circle = new WorldShape().setCircle(s(k), s(l), (c * m) / acc);
                for (let dl = -1; dl <= 2 * h + 1; dl++) {
                    for (let dk = -1; dk <= 2 * w + 1; dk++) {
                        checkSample(box, k + dk, l + dl, acc, t);
                        checkSample(tri, k + dk, l + dl, acc, t);
                    }
                }
                for (const [dk, dl] of [[a * m, b * m], [-b * m, a * m], [a * m - 1, b * m], [a * m, b * m + 1]]) checkSample(circle, k + dk, l + dl, acc, t);
            }), { numRuns: 400 });
        expect(t.ties).toBeGreaterThan(4000);
    });

    test('ties whose products need more than 53 bits, also scaled to 2^-1000 .. 2^900: the exact answer is "on the boundary"', () => {
        // Every case is an exact tie, and some operation of the double evaluation rounds (or
        // underflows, or overflows), so stage 3 decides it. For an edge through the sample the
        // two products (xj - xi)*(Y - A*yi) and (yj - yi)*(X - A*xi) are the same real number,
        // which rounds the same way; plain doubles only go wrong when a difference before them
        // rounds (the "wide" triangles: vertices near 2^22 with bits down to 2^-30, so xj - xi
        // needs 54 bits) or they overflow. For circles they are often wrong at every scale.
        const tc = tally();
        const te = tally();
        fc.assert(fc.property(
            dyadicAccuracy, fc.integer({ min: -2000, max: 2000 }), fc.integer({ min: -2000, max: 2000 }),
            triple, fc.integer({ min: 1, max: 2 ** 36 - 1 }), sign, sign,
            fc.integer({ min: 2 ** 29, max: 2 ** 30 - 1 }), fc.integer({ min: 2 ** 29, max: 2 ** 30 - 1 }), sign, sign,
            fc.integer({ min: 1, max: 1024 }), fc.integer({ min: 1, max: 1024 }), fc.integer({ min: 1, max: 1024 }),
            fc.constantFrom(-1000, -600, 600, 900), fc.boolean(), fc.integer({ min: 2 ** 22, max: 2 ** 23 - 2 ** 14 }),
            (acc, k, l, [a, b, c], mt, fx, fy, p, pq, gx, gy, n1, n2, m3, E, wide, w1) => {
                const sx = (k + 0.5) / acc, sy = (l + 0.5) / acc;
                // Circle: centre (a t, b t) away from the sample, radius c t, t a 36-bit fraction
                // (all exact: below 2^13 with bits down to 2^-36).
                const tt = mt * 2 ** -36;
                const cv = [sx - fx * a * tt, sy - fy * b * tt, c * tt];
                checkSample(new WorldShape().setCircle(cv[0], cv[1], cv[2]), k, l, acc, tc);
                // Edge through the sample along d = (dx, dy), 30-bit fractions; w on its left.
                const dx = gx * p * 2 ** -30, dy = gy * pq * 2 ** -30;
                const m1 = wide ? w1 : n1, m2 = wide ? 2 ** 23 - 2 ** 14 - n2 * 4096 : n2;
                const pts = [sx + m1 * dx, sy + m1 * dy, sx - m2 * dx, sy - m2 * dy, sx + m3 * dy, sy - m3 * dx];
                checkSample(new WorldShape().setPolygon(pts), k, l, acc, te);
                // The same, scaled by 2^E (exactly: no bit falls below 2^-1074), at the point (x, y).
                const sc = (x: number) => x * 2 ** E;
                checkPoint(new WorldShape().setCircle(sc(cv[0]), sc(cv[1]), sc(cv[2])), sc(sx), sc(sy), tc);
                checkPoint(rawPolygon(pts.map(sc)), sc(sx), sc(sy), te);
            }), { numRuns: 2000 });
        // The constructions are exact: every case is a tie.
        expect([tc.ties, te.ties]).toEqual([4000, 4000]);
        expect(tc.stage3).toBeGreaterThan(600); // about 1100
        expect(te.stage3).toBeGreaterThan(600); // about 1050: the overflowing half, and some wide ones
    });
});

// Extreme magnitudes ------------------------------------------------------------------------------

/** Doubles of every magnitude: 0, subnormals, 2^-1074 .. 2^1000, short dyadics, game values. */
const anyMagnitude = fc.oneof(
    fc.constant(0),
    fc.tuple(sign, fc.integer({ min: 1, max: 2 ** 31 })).map(([s, n]) => s * n * 2 ** -1074),
    fc.tuple(sign, fc.integer({ min: -1074, max: 1000 }), fc.integer({ min: 0, max: 15 })).map(([s, e, j]) => s * 2 ** e * (1 + j / 16)),
    fc.tuple(sign, fc.integer({ min: -1022, max: 1000 }), fc.double({ min: 1, max: 2, noNaN: true })).map(([s, e, m]) => s * m * 2 ** e),
    fc.constantFrom(0.25, 0.5, 1, -1, 1 / 3, 0.1, 1e-17),
    fc.double({ min: -1e6, max: 1e6, noNaN: true }),
);
/** Scales 2^E of a whole configuration: subnormal, 2^-600, 1, 2^600, near the top of the range. */
const scaleExp = fc.constantFrom(-1060, -1040, -1000, -600, -300, 0, 300, 600, 900, 960);

describe('extreme magnitudes: subnormals, 2^-600, 2^600, products that underflow or overflow', () => {
    test('near-boundary circles, triangles and boxes scaled by 2^E, queried at points (shapeContains)', () => {
        const t = tally();
        fc.assert(fc.property(
            scaleExp, fc.double({ min: -1e3, max: 1e3, noNaN: true }), fc.double({ min: -1e3, max: 1e3, noNaN: true }),
            fc.double({ min: 1e-3, max: 1e3, noNaN: true }), fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }),
            fc.double({ min: 0.01, max: 0.99, noNaN: true }), jitter, jitter,
            (E, cx, cy, r, theta, f, jx, jy) => {
                const sc = (x: number) => x * 2 ** E; // (2 ** E may itself be subnormal: exact as long as it is a double)
                const nudge = (x: number, j: number) => (j === 0 || x === 0 ? x : ulps(x, j));
                const x = nudge(sc(cx + r * Math.cos(theta)), jx), y = nudge(sc(cy + r * Math.sin(theta)), jy);
                if (sc(r) > 0) checkPoint(new WorldShape().setCircle(sc(cx), sc(cy), sc(r)), x, y, t);
                const ex = r * Math.cos(theta), ey = r * Math.sin(theta);
                const pts = [cx, cy, cx + ex, cy + ey, cx + 0.5 * ex - ey, cy + 0.5 * ey + ex].map(sc);
                const tri = rawPolygonOrNull(pts); // null when scaling collapsed it
                if (tri !== null) checkPoint(tri, nudge(sc(cx + f * ex), jx), nudge(sc(cy + f * ey), jy), t);
                if (sc(r) > 0) checkPoint(new WorldShape().setAABB(sc(cx), sc(cy), sc(cx) + sc(r), sc(cy) + sc(r)), nudge(sc(cx), jx), sc(cy + f * r), t);
            }), { numRuns: 3000 });
        expect(t.stage3).toBeGreaterThan(300);
    });

    test('samples at extreme accuracies (A = 2 * accuracy from 2^-1000 to 2^1022): shapes of the matching size', () => {
        const t = tally();
        fc.assert(fc.property(
            fc.constantFrom(-1000, -600, 0, 600, 990, 1000, 1018), fc.constantFrom(1, 0.75, 0.3, 1 / 3, 3.7),
            fc.integer({ min: -1e6, max: 1e6 }), fc.integer({ min: -1e6, max: 1e6 }), fc.integer({ min: -60, max: 60 }), fc.integer({ min: -60, max: 60 }),
            fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }), jitter, fc.integer({ min: 0, max: 3 }),
            (E, a0, k, l, dk, dl, theta, j, which) => {
                const acc = a0 * 2 ** E;
                const sx = (k + 0.5) / acc, sy = (l + 0.5) / acc; // samples of magnitude ~2^-E
                const cell = 1 / acc;
                // A circle through sample (k, l) from the centre of sample (k - dk, l - dl).
                const cx = (k - dk + 0.5) / acc, cy = (l - dl + 0.5) / acc;
                const r = Math.hypot(sx - cx, sy - cy);
                if (r > 0 && Number.isFinite(r)) checkSample(new WorldShape().setCircle(cx, cy, j === 0 ? r : ulps(r, j)), k, l, acc, t);
                // A triangle with an edge through the sample.
                const c = Math.cos(theta), sn = Math.sin(theta), L = 40 * cell;
                const v = [sx + L * c, sy + L * sn, sx - L * c, sy - L * sn, sx + L * sn, sy - L * c];
                if (j !== 0 && v[which] !== 0) v[which] = ulps(v[which], j);
                if (v.every(Number.isFinite)) checkSample(rawPolygon(v), k, l, acc, t);
                // A box whose left side is within ulps of the sample's x.
                const left = j === 0 || sx === 0 ? sx : ulps(sx, j);
                checkSample(new WorldShape().setAABB(left, sy - cell, left + 4 * cell, sy + cell), k, l, acc, t);
            }), { numRuns: 2500 });
        expect(t.stage3).toBeGreaterThan(300);
    });

    test('box sides decided only by stage 3: A*v rounds to the sample coordinate, and the product tail cannot be formed', () => {
        // |A| or |v| >= 2^997: Dekker's split of the product overflows, so stage 2 gives up.
        const t = tally();
        let boxStage3 = 0;
        fc.assert(fc.property(
            fc.constantFrom(-1000, 1000, 1020), fc.double({ min: 1, max: 2, noNaN: true }),
            fc.integer({ min: 16, max: 1e6 }), sign, fc.integer({ min: -1e6, max: 1e6 }), jitter,
            (E, a0, k0, sk, l, j) => {
                const k = sk * k0; // |k| >= 16: |v| >= 2^997 when A is small
                const acc = a0 * 2 ** E;
                const sx = (k + 0.5) / acc, sy = (l + 0.5) / acc;
                const left = j === 0 || sx === 0 ? sx : ulps(sx, j);
                if (!Number.isFinite(left)) return;
                const s = new WorldShape().setAABB(left, sy, Math.abs(left) * 2 + 1 / acc, Math.abs(sy) * 2 + 1 / acc);
                const before = t.stage3;
                checkSample(s, k, l, acc, t);
                if (t.stage3 > before) boxStage3++;
            }), { numRuns: 3000 });
        expect(boxStage3).toBeGreaterThan(100);
    });

    test('random shapes and points of any magnitude (0, subnormal .. 2^1000) through shapeContains', () => {
        const t = tally();
        fc.assert(fc.property(
            anyMagnitude, anyMagnitude, anyMagnitude, anyMagnitude, anyMagnitude, anyMagnitude, anyMagnitude, anyMagnitude,
            (a, b, c, d, e, f, x, y) => {
                if (Math.abs(c) > 0) checkPoint(new WorldShape().setCircle(a, b, Math.abs(c)), x, y, t);
                const tri = rawPolygonOrNull([a, b, c, d, e, f]);
                if (tri !== null) checkPoint(tri, x, y, t);
                if (a < c && b < d) checkPoint(new WorldShape().setAABB(a, b, c, d), x, y, t);
            }), { numRuns: 4000 });
        expect(t.stage3).toBeGreaterThan(50);
    });

    test('refuses a query point it cannot decide (non-finite accuracy or sample) instead of hanging', () => {
        const circle = new WorldShape().setCircle(0.3, 0.1, 0.7);
        const box = new WorldShape().setAABB(0.5, 0.5, 1, 1);
        expect(() => shapeContainsSample(circle, 0, 0, Infinity)).toThrow(RangeError);
        expect(() => shapeContainsSample(box, 0, 0, NaN)).toThrow(RangeError);
        expect(() => shapeContainsSample(circle, 2 ** 1023, 0, 1)).toThrow(RangeError);
        expect(shapeContains(circle, Infinity, 0)).toBe(false); // non-finite points are outside (documented)
    });
});

function rawPolygonOrNull(pts: number[]): WorldShape | null {
    if (!pts.every(Number.isFinite)) return null;
    try {
        return rawPolygon(pts);
    } catch {
        return null;
    }
}

// Whole narrow-phase tests --------------------------------------------------------------------------

describe('testShapes counts with boundaries through samples equal the exact per-sample count', () => {
    test('circles and triangles through samples against a large box (every sample row snapped exactly)', () => {
        const out = new Contact();
        const t = tally();
        fc.assert(fc.property(
            anyAccuracy, coord, coord, fc.integer({ min: -8, max: 8 }), fc.integer({ min: 1, max: 8 }), jitter,
            fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }), fc.boolean(),
            (acc, cx, cy, dk, dl, j, theta, useCircle) => {
                const k = Math.round(cx * acc) + dk, l = Math.round(cy * acc) + dl;
                const sx = (k + 0.5) / acc, sy = (l + 0.5) / acc;
                let s: WorldShape;
                if (useCircle) {
                    const r = Math.hypot(sx - cx, sy - cy);
                    s = new WorldShape().setCircle(cx, cy, j === 0 ? r : ulps(r, j));
                } else {
                    const L = 6 / acc, c = Math.cos(theta), sn = Math.sin(theta);
                    const v = [sx + L * c, sy + L * sn, sx - L * c, sy - L * sn, sx + L * sn, sy - L * c];
                    if (j !== 0) v[0] = ulps(v[0], j);
                    s = new WorldShape().setPolygon(v);
                }
                const big = new WorldShape().setAABB(s.minX - 3 / acc, s.minY - 3 / acc, s.maxX + 3 / acc, s.maxY + 3 / acc);
                let count = 0;
                for (let ll = Math.floor(s.minY * acc) - 2; ll <= Math.ceil(s.maxY * acc) + 2; ll++) {
                    for (let kk = Math.floor(s.minX * acc) - 2; kk <= Math.ceil(s.maxX * acc) + 2; kk++) {
                        const [px, py] = samplePoint(kk, ll, acc);
                        if (member(refSigns(s, px, py))) count++;
                    }
                }
                testShapes(s, big, { accuracy: acc }, out);
                if (out.count !== count) throw new Error(`testShapes(${describeShape(s)}, box) at accuracy ${acc}: count ${out.count}, exactly ${count}`);
                checkSample(s, k, l, acc, t);
            }), { numRuns: 300 });
        expect(t.stage3).toBeGreaterThan(15);
    });
});

// signOfProducts itself ---------------------------------------------------------------------------

describe('signOfProducts (core/exact.ts): exact sign of a sum of products of doubles', () => {
    const f = new Float64Array(32);
    const n = new Int32Array(8);

    function refSum(terms: number[][]): number {
        let s = qi(0);
        for (const term of terms) s = qadd(s, term.reduce((acc, x) => qmul(acc, q(x)), qi(1)));
        return qsign(s);
    }
    function run(terms: number[][]): number {
        terms.forEach((term, i) => { n[i] = term.length; term.forEach((x, j) => { f[4 * i + j] = x; }); });
        return signOfProducts(f, n, terms.length);
    }
    /** 52 bits per factor and 7 per further term, at most 1534 (the documented limit). */
    const fits = (terms: number[][]) => terms.reduce((s, t) => s + 52 * t.length, 0) + 7 * (terms.length - 1) <= 1534;

    test('random sums of any magnitudes, with exact cancellations (a term and its negation, factors permuted) plus a small rest', () => {
        const termArb = fc.array(anyMagnitude, { minLength: 1, maxLength: 4 });
        fc.assert(fc.property(
            fc.array(termArb, { minLength: 1, maxLength: 4 }), fc.array(termArb, { minLength: 0, maxLength: 2 }), fc.boolean(),
            (base, rest, cancel) => {
                const terms = [...base];
                if (cancel) for (const term of base) if (terms.length < 8) terms.push([-term[0], ...term.slice(1)].reverse());
                for (const term of rest) if (terms.length < 8) terms.push(term);
                if (!fits(terms)) return;
                expect(run(terms)).toBe(refSum(terms));
            }), { numRuns: 4000 });
    });

    test('the circle predicate multiplied out (7 terms of 2, 2, 4, 4, 4, 4, 4 factors) at every scale', () => {
        fc.assert(fc.property(anyMagnitude, anyMagnitude, anyMagnitude, anyMagnitude, anyMagnitude, anyMagnitude, (X, Y, A, cx, cy, r) => {
            const terms = [[X, X], [Y, Y], [-2, A, X, cx], [-2, A, Y, cy], [A, A, cx, cx], [A, A, cy, cy], [-A, A, r, r]];
            expect(run(terms)).toBe(refSum(terms));
        }), { numRuns: 3000 });
    });

    test('refuses what it cannot do exactly: non-finite factors, 0 or 5 factors, 0 or 9 terms, more than 1534 bits', () => {
        expect(() => run([[1, Infinity]])).toThrow(RangeError);
        expect(() => run([[NaN], [1]])).toThrow(RangeError);
        n[0] = 0;
        expect(() => signOfProducts(f, n, 1)).toThrow(RangeError);
        n[0] = 5;
        expect(() => signOfProducts(f, n, 1)).toThrow(RangeError);
        expect(() => run(Array.from({ length: 8 }, () => [1, 1, 1, 1]))).toThrow(RangeError); // 1713 bits
        expect(() => signOfProducts(f, n, 9)).toThrow(RangeError);
        expect(() => signOfProducts(f, n, 0)).toThrow(RangeError);
        expect(run([[1, 2, 3, 4], [-24]])).toBe(0);
        expect(run([[2 ** -1074, 2 ** -1074, 2 ** -1074, 2 ** -1074], [0, 1]])).toBe(1);
        expect(run([[2 ** 1023, 2 ** 1023, 1.5], [-(2 ** 1023), 2 ** 1023, 1.5], [-(2 ** -1074)]])).toBe(-1);
    });
});

// No allocation -----------------------------------------------------------------------------------

describe('allocation', () => {


    test('the exact stage allocates nothing (operands in typed arrays): circles, polygons, boxes', () => {
        // A fresh copy of the modules, so that signOfProducts' call sites only know the shapes'
        // calls (as in a game): the tests above also call it directly with other term shapes,
        // and an engine that has deoptimized a function for that may stop inlining its helpers,
        // whose double arguments are then boxed (an artefact of the test, not of the code).
        let m!: typeof import('../../extensions/pixel-collision/assets/core/index');
        jest.isolateModules(() => {
            m = require('../../extensions/pixel-collision/assets/core/index');
        });
        // Cases that only stage 3 decides, at accuracy 3 (an integer: no boxed argument here).
        const cases: Array<[WorldShape, number, number]> = [];
        const t = tally();
        const take = (s: WorldShape, k: number, l: number) => {
            const before = t.stage3;
            checkSample(s, k, l, 3, t);
            if (t.stage3 > before) cases.push([s, k, l]);
        };
        for (let i = 0; cases.length < 48 && i < 100000; i++) {
            const cx = ((i * 7919) % 20011) / 7 - 1400.3, cy = ((i * 104729) % 30011) / 11 + 0.1;
            const k = Math.round(cx * 3) + (i % 13) - 6, l = Math.round(cy * 3) + (i % 7) - 3;
            const sx = (k + 0.5) / 3, sy = (l + 0.5) / 3;
            const r = Math.hypot(sx - cx, sy - cy);
            if (r > 0) take(new m.WorldShape().setCircle(cx, cy, r), k, l);
            const c = Math.cos(i), sn = Math.sin(i);
            take(new m.WorldShape().setPolygon([sx + 7 * c, sy + 7 * sn, sx - 9 * c, sy - 9 * sn, sx + 5 * sn, sy - 5 * c]), k, l);
        }
        expect(cases.length).toBe(48);
        let inside = 0;
        const calls = 100000;
        const growth = heapGrowth((i) => {
            const c = cases[i % 48];
            if (m.shapeContainsSample(c[0], c[1], c[2], 3)) inside++;
        }, calls);
        expect(inside).toBeGreaterThan(0);
        // An object per call would be >= 16 bytes per call (the BigInt fallback: ~150 bytes per
        // call here, 15 MB); what remains is 10-20 KB per round whatever the number of calls,
        // not per call (a sampling heap profile of these calls finds no allocation in the core).
        expect(growth).toBeLessThan(calls / 2);
    });
});
