/**
 * Which samples of the world grid belong to a shape ({@link WorldShape}, shape.ts), decided
 * exactly: the membership predicate every shape count follows, and the per-row sample runs that
 * the shape tests (shape-test.ts) and the rasterizer (shape-raster.ts) are built on.
 *
 * - A sample is the real point `((k + 0.5) / accuracy, (l + 0.5) / accuracy)`; every shape is
 *   CLOSED (its boundary belongs to it), and two shapes collide iff a sample belongs to both.
 * - Membership is EXACT, like the masks' (sampling.ts, exact.ts): a sample is the real point
 *   `((k + 0.5) / accuracy, (l + 0.5) / accuracy)`, a shape's coordinates are the doubles stored in
 *   it, and {@link shapeContains} decides without rounding error: doubles with a certified error
 *   bound first; within that bound of the boundary, an error-free re-evaluation (exact whenever
 *   the coordinates are short binary fractions, as in most games); failing that, an exact sign
 *   from floating-point expansions (exact.ts, signOfProducts: no BigInt, which JavaScriptCore
 *   before iOS 14 lacks), for any finite coordinates. Everything that counts samples
 *   (testShapes, shapeRowCells, rasterizeShape) snaps its row spans to that predicate, so all of
 *   them, and a brute-force loop over every sample, agree sample for sample.
 * - Nothing here allocates: scratch lives in module-scope typed arrays, and internal calls pass
 *   only objects and small integers (the exact fallback's operands travel in typed arrays too).
 */
import { signOfProducts } from './exact';
import type { WorldShape } from './shape';

// Engine globals, read once. Inside a `vm` context (Jest, some sandboxes) every lookup of a global
// such as `Math` or `Infinity` goes through the sandbox's interceptor, which is slow and keeps the
// optimizing compiler from treating calls as the built-ins they are.
const { abs, ceil, floor, sqrt } = Math;
const isFiniteNumber = Number.isFinite;
const INFINITY = Number.POSITIVE_INFINITY;

// ---------------------------------------------------------------------------------------------
// Sampling
// ---------------------------------------------------------------------------------------------

/**
 * The membership predicate of the closed shape, decided EXACTLY for the real point `(x, y)`:
 * `true` when it is inside or on the boundary. Non-finite points are outside.
 *
 * - 'aabb': `minX <= x <= maxX && minY <= y <= maxY`.
 * - 'circle': `(x - cx)^2 + (y - cy)^2 <= r^2`.
 * - 'polygon': for every edge `vi → vj` (CCW), `(xj - xi)*(y - yi) - (yj - yi)*(x - xi) >= 0`.
 *
 * All arithmetic is on the exact values of the stored doubles (no rounding: see the file
 * header). This is THE definition every sample count in this file follows.
 */
export function shapeContains(shape: Readonly<WorldShape>, x: number, y: number): boolean {
    if (!isFiniteNumber(x) || !isFiniteNumber(y)) return false;
    query[0] = x;
    query[1] = y;
    query[2] = 1;
    return inside(shape);
}

/**
 * Whether sample `(k, l)` of the grid of the given accuracy, the real point
 * `((k + 0.5) / accuracy, (l + 0.5) / accuracy)`, belongs to the closed shape (exact, see
 * {@link shapeContains}). `accuracy` is not validated here (hot path).
 */
export function shapeContainsSample(shape: Readonly<WorldShape>, k: number, l: number, accuracy: number): boolean {
    query[0] = 2 * k + 1;
    query[1] = 2 * l + 1;
    query[2] = 2 * accuracy;
    return inside(shape);
}

/**
 * The x-interval covered by the closed convex shape on the horizontal line at height `y`:
 * writes `out[0] = xmin`, `out[1] = xmax` and returns `true`, or returns `false` when the line
 * misses the shape. Continuous geometry in doubles (a chord, not samples, within rounding of the
 * exact chord); for the samples of a grid row use {@link shapeRowCells}, which is exact.
 *
 * ```
 *      ╱‾‾‾‾‾╲
 *   y ●━━━━━━━● ◀ out = [xmin, xmax]       (convex: one interval per line)
 *      ╲_____╱
 * ```
 */
export function shapeRowSpan(shape: Readonly<WorldShape>, y: number, out: Float64Array | number[]): boolean {
    if (!(y >= shape.minY && y <= shape.maxY)) return false;
    if (shape.kind === 'aabb') {
        out[0] = shape.minX;
        out[1] = shape.maxX;
        return true;
    }
    if (shape.kind === 'circle') {
        const dy = y - shape.cy;
        const h = shape.r * shape.r - dy * dy;
        if (h < 0) return false;
        const s = sqrt(h);
        out[0] = shape.cx - s;
        out[1] = shape.cx + s;
        return true;
    }
    // Intersection of the edges' half-planes with the line: CCW, inside on the left, so an edge
    // going up (ey > 0) bounds x from above and an edge going down bounds it from below.
    const p = shape.points;
    const n = shape.vertexCount;
    let lo = -INFINITY;
    let hi = INFINITY;
    let xi = p[2 * n - 2];
    let yi = p[2 * n - 1];
    for (let j = 0; j < n; j++) {
        const xj = p[2 * j];
        const yj = p[2 * j + 1];
        const ex = xj - xi;
        const ey = yj - yi;
        if (ey > 0) {
            const x = xi + ex * ((y - yi) / ey);
            if (x < hi) hi = x;
        } else if (ey < 0) {
            const x = xi + ex * ((y - yi) / ey);
            if (x > lo) lo = x;
        } else if (ex * (y - yi) < 0) {
            return false;
        }
        xi = xj;
        yi = yj;
    }
    if (lo > hi) {
        // The line only grazes a vertex, and rounding crossed the two bounds: report the point.
        if (lo - hi > 1e-9 * (1 + abs(lo))) return false;
        const mid = 0.5 * (lo + hi);
        lo = mid;
        hi = mid;
    }
    out[0] = lo;
    out[1] = hi;
    return true;
}

/**
 * The samples of grid row `l` (sample height `(l + 0.5) / accuracy`) that belong to the shape:
 * writes the first and last cell column, inclusive, to `out[0]` and `out[1]` and returns `true`,
 * or returns `false` when no sample of the row belongs to it.
 *
 * ```
 *   row l:   ·   ·   ■   ■   ■   ·      ■ = shapeContainsSample(shape, k, l, accuracy)
 *                    k0      k1          out = [k0, k1]
 * ```
 *
 * The chord (as in {@link shapeRowSpan}) is snapped to the exact {@link shapeContainsSample} at
 * both ends, so the result agrees with testing every sample one by one: O(vertices) per row.
 * `accuracy` is not validated here (hot path).
 */
export function shapeRowCells(shape: Readonly<WorldShape>, l: number, accuracy: number, out: Int32Array | number[]): boolean {
    grid[0] = accuracy;
    query[2] = 2 * accuracy;
    return rowCells(shape, l, out);
}

// ---------------------------------------------------------------------------------------------
// Row cells, for the shape tests and the rasterizer
// ---------------------------------------------------------------------------------------------

// Numbers shared between functions live in module-scope typed arrays: a double passed to (or
// returned from) a call the engine does not inline, or held in a module-level `let`, is boxed,
// and every such call would allocate.

/** @internal The accuracy of the current row query (set with `ROW_QUERY[2] = 2 * accuracy`). */
export const ROW_GRID = new Float64Array(1);
/** @internal The query point of the exact predicates, the real point `(X / A, Y / A)`: `[X, Y, A]`. */
export const ROW_QUERY = new Float64Array(3);
const grid = ROW_GRID;
const query = ROW_QUERY;
/** The approximate chord computed by looseRowSpan: `[xmin, xmax]`. */
const span = new Float64Array(2);

/**
 * @internal
 * The samples of row `l` in the shape (accuracy in `ROW_GRID[0]`, `ROW_QUERY[2] = 2 * accuracy`):
 * the approximate chord, snapped to the exact predicate at both ends. See shapeRowCells.
 */
export function rowCells(shape: Readonly<WorldShape>, l: number, out: Int32Array | number[]): boolean {
    const accuracy = grid[0];
    query[1] = 2 * l + 1;
    if (!looseRowSpan(shape)) return false;
    // `+ 0` turns the -0 of ceil(-0.3) into 0: a -0 cannot be a small integer, so passing it
    // to probe() would allocate a heap number.
    let k0 = ceil(span[0] * accuracy - 0.5) + 0;
    let k1 = floor(span[1] * accuracy - 0.5) + 0;
    if (k0 > k1) {
        // No sample strictly inside the computed chord: only its neighbours can be on the boundary.
        if (probe(shape, k1)) {
            k0 = k1;
        } else if (probe(shape, k0)) {
            k1 = k0;
        } else {
            return false;
        }
    } else {
        const c0 = k0, c1 = k1;
        while (k0 <= k1 && !probe(shape, k0)) k0++;
        if (k0 > k1) {
            // Every sample of the computed chord is outside; the exact chord is only a rounding
            // away, so a neighbour can still be on it (a sample on an edge through a vertex).
            if (probe(shape, c1 + 1)) {
                k0 = k1 = c1 + 1;
            } else if (probe(shape, c0 - 1)) {
                k0 = k1 = c0 - 1;
            } else {
                return false;
            }
        } else {
            while (!probe(shape, k1)) k1--;
        }
    }
    for (let i = 0; i < 4 && probe(shape, k0 - 1); i++) k0--;
    for (let i = 0; i < 4 && probe(shape, k1 + 1); i++) k1++;
    out[0] = k0;
    out[1] = k1;
    return true;
}

/** Whether sample `k` of the current row (`query[1]`, `query[2]`) belongs to the shape. */
function probe(shape: Readonly<WorldShape>, k: number): boolean {
    query[0] = 2 * k + 1;
    return inside(shape);
}

/**
 * An approximate chord of the shape at the current row's height `query[1] / query[2]`, into
 * `span`, for rowCells to snap: never empty when the exact row touches the shape (it is clamped
 * to the shape's y-extent, and to a point), so rounding can only make the snapping probe a cell
 * more, never lose a row.
 */
function looseRowSpan(shape: Readonly<WorldShape>): boolean {
    const y = query[1] / query[2];
    const tol = 1e-9 * (1 + abs(y));
    if (y < shape.minY - tol || y > shape.maxY + tol) return false;
    if (shape.kind === 'aabb') {
        span[0] = shape.minX;
        span[1] = shape.maxX;
        return true;
    }
    if (shape.kind === 'circle') {
        const dy = y - shape.cy;
        const h = shape.r * shape.r - dy * dy;
        const s = h > 0 ? sqrt(h) : 0;
        span[0] = shape.cx - s;
        span[1] = shape.cx + s;
        return true;
    }
    const yc = y < shape.minY ? shape.minY : y > shape.maxY ? shape.maxY : y;
    // An edge crosses the row at xi + ex * (y* - yi) / ey, y* = Y / A the exact row height. The
    // doubles put y* - yi off by up to EPS * (2|y| + |yi|) (y is y* rounded, and maybe clamped),
    // which the slope ex / ey multiplies: along a nearly horizontal edge that moves the crossing
    // by many cells (a vertex within an ulp of the row), and the snapping in rowCells only
    // absorbs a cell or so. Where it could exceed 1/64 cell, y* - yi is computed to a few ulps
    // of itself instead: A * yi = ph + pe exactly (Dekker), y* - yi = ((Y - ph) - pe) / A.
    const Y = query[1];
    const A = query[2];
    const rounding = 32 * EPS * A; // 1/64 cell = 1 / (32 A) world units
    const ay = 2 * abs(yc);
    const p = shape.points;
    const n = shape.vertexCount;
    let lo = -INFINITY;
    let hi = INFINITY;
    let xi = p[2 * n - 2];
    let yi = p[2 * n - 1];
    for (let j = 0; j < n; j++) {
        const xj = p[2 * j];
        const yj = p[2 * j + 1];
        const ey = yj - yi;
        if (ey !== 0) {
            const ex = xj - xi;
            let dy = yc - yi;
            if (abs(ex) * (ay + abs(yi)) * rounding > abs(ey)) {
                const ph = A * yi;
                let c = SPLITTER * A;
                const ahi = c - (c - A);
                const alo = A - ahi;
                c = SPLITTER * yi;
                const bhi = c - (c - yi);
                const blo = yi - bhi;
                const pe = alo * blo - (((ph - ahi * bhi) - alo * bhi) - ahi * blo);
                const exact = ((Y - ph) - pe) / A;
                // Not when A * yi overflows (NaN) or underflows (then Y, an odd integer, dominates anyway).
                if (exact - exact === 0) dy = exact;
            }
            const x = xi + ex * (dy / ey);
            if (ey > 0) {
                if (x < hi) hi = x;
            } else if (x > lo) {
                lo = x;
            }
        }
        xi = xj;
        yi = yj;
    }
    if (!(lo <= hi)) {
        const mid = lo > hi ? 0.5 * (lo + hi) : shape.minX;
        lo = mid;
        hi = mid;
    }
    span[0] = lo;
    span[1] = hi;
    return true;
}

// ----- Exact predicates ------------------------------------------------------------------------
//
// The query is the real point (X / A, Y / A) with A > 0, from `query`: X = 2k + 1, Y = 2l + 1,
// A = 2 * accuracy for samples (all exact doubles), or X = x, Y = y, A = 1 for shapeContains.
// Multiplying each predicate by A (or A^2) keeps every input an exact double:
//
//   box side     minX <= X / A              <=>  A*minX - X <= 0
//   circle       (X/A - cx)^2 + ... <= r^2  <=>  (X - A*cx)^2 + (Y - A*cy)^2 - (A*r)^2 <= 0
//   CCW edge     ex*(Y/A - yi) - ey*(X/A - xi) >= 0
//                                           <=>  (xj - xi)*(Y - A*yi) - (yj - yi)*(X - A*xi) >= 0
//
// Stage 1 evaluates in doubles with a forward error bound; stage 2, within the bound, checks with
// error-free transformations (Dekker/Shewchuk product and sum tails) that no operation rounded,
// in which case the double result is exact; stage 3 multiplies each predicate out into a sum of
// products of the input doubles and takes its exact sign with exact.ts's signOfProducts
// (floating-point expansions, Shewchuk; no BigInt):
//
//   box side     A*v - Q                                     2 terms: A*v, -Q
//   circle       X*X + Y*Y - 2*A*X*cx - 2*A*Y*cy             7 terms of 2, 2, 4, 4, 4, 4, 4
//                  + A*A*cx*cx + A*A*cy*cy - A*A*r*r         factors (-2 is a factor)
//   CCW edge     xj*Y - xi*Y - yj*X + yi*X                   6 terms of 2, 2, 2, 2, 3, 3
//                  - A*xj*yi + A*yj*xi                       factors (+-A*xi*yi cancel)
//
// Multiplying out is algebra, not arithmetic: the sums are the predicates' values exactly, and
// so are their signs. signOfProducts is exact for any finite doubles (it splits every factor
// into mantissa and exponent, so nothing underflows or overflows, subnormals and 2^1023
// included) within its size limit (52 per factor + 7 per further term <= 1534: here 163, 1290
// and 763). It throws a RangeError for a non-finite operand, so the query point is checked
// first (a sample index of 2^1023 or more, or a non-finite accuracy passed to
// shapeContainsSample, which does not validate it); shapes are finite by construction.

/** 2^-53, the unit roundoff. */
const EPS = 1.1102230246251565e-16;
/** Absolute slack of the stage-1 bounds for products that underflow (their error is absolute, not relative). */
const TINY = 1e-280;
/** 2^27 + 1, Dekker's splitter. */
const SPLITTER = 134217729;

/** Whether the query point belongs to the closed shape (exact). */
function inside(shape: Readonly<WorldShape>): boolean {
    if (shape.kind === 'aabb') {
        return boxSide(shape, 0) <= 0 && boxSide(shape, 1) >= 0 && boxSide(shape, 2) <= 0 && boxSide(shape, 3) >= 0;
    }
    if (shape.kind === 'circle') return circleSign(shape) <= 0;
    const p = shape.points;
    const n = shape.vertexCount;
    for (let i = n - 1, j = 0; j < n; i = j++) {
        if (edgeSign(p, i, j) < 0) return false;
    }
    return true;
}

/**
 * Exact sign of `A*v - Q` for the box side `which` (0: minX, 1: maxX with Q = X; 2: minY,
 * 3: maxY with Q = Y). Rounding is monotone and Q is a double, so `fl(A*v) < Q` already implies
 * `A*v < Q`; only `fl(A*v) === Q` needs the product's rounding error.
 */
function boxSide(shape: Readonly<WorldShape>, which: number): number {
    const v = which === 0 ? shape.minX : which === 1 ? shape.maxX : which === 2 ? shape.minY : shape.maxY;
    const Q = query[which >> 1];
    const A = query[2];
    const p = A * v;
    if (p < Q) return -1;
    if (p > Q) return 1;
    eft[0] = A;
    eft[1] = v;
    eft[2] = p;
    const sign = productTailSign();
    if (sign !== UNKNOWN) return sign;
    // Stage 3: the product may have underflowed or overflowed.
    checkQuery();
    PF[0] = A; PF[1] = v; PN[0] = 2;
    PF[4] = -Q; PN[1] = 1;
    return signOfProducts(PF, PN, 2);
}

/** Exact sign of `(X - A*cx)^2 + (Y - A*cy)^2 - (A*r)^2` for the query point. */
function circleSign(shape: Readonly<WorldShape>): number {
    const X = query[0];
    const Y = query[1];
    const A = query[2];
    const cx = shape.cx;
    const cy = shape.cy;
    const r = shape.r;
    const ax = A * cx;
    const ay = A * cy;
    const u = X - ax;
    const v = Y - ay;
    const R = A * r;
    const uu = u * u;
    const vv = v * v;
    const rr = R * R;
    const f = uu + vv - rr;
    const bound = 16 * EPS * ((abs(ax) + 2 * abs(u)) * abs(u)
        + (abs(ay) + 2 * abs(v)) * abs(v) + 2 * rr) + TINY;
    if (f > bound) return 1;
    if (f < -bound) return -1;
    // Stage 2: if no operation above rounded, u^2, v^2 and R^2 are exact, and comparing
    // fl(u^2 + v^2) with R^2 (as in boxSide) is exact.
    eft[0] = A; eft[1] = cx; eft[2] = ax;
    if (productTailSign() !== 0) return circleSignExpansion(shape);
    eft[0] = A; eft[1] = cy; eft[2] = ay;
    if (productTailSign() !== 0) return circleSignExpansion(shape);
    eft[0] = A; eft[1] = r; eft[2] = R;
    if (productTailSign() !== 0) return circleSignExpansion(shape);
    eft[0] = X; eft[1] = ax; eft[2] = u;
    if (differenceTailSign() !== 0) return circleSignExpansion(shape);
    eft[0] = Y; eft[1] = ay; eft[2] = v;
    if (differenceTailSign() !== 0) return circleSignExpansion(shape);
    eft[0] = u; eft[1] = u; eft[2] = uu;
    if (productTailSign() !== 0) return circleSignExpansion(shape);
    eft[0] = v; eft[1] = v; eft[2] = vv;
    if (productTailSign() !== 0) return circleSignExpansion(shape);
    eft[0] = R; eft[1] = R; eft[2] = rr;
    if (productTailSign() !== 0) return circleSignExpansion(shape);
    const s = uu + vv;
    if (s < rr) return -1;
    if (s > rr) return 1;
    eft[0] = uu; eft[1] = vv; eft[2] = s;
    return sumTailSign();
}

/** Stage 3 of {@link circleSign}: the 7 terms above, exactly. */
function circleSignExpansion(shape: Readonly<WorldShape>): number {
    checkQuery();
    const X = query[0];
    const Y = query[1];
    const A = query[2];
    const cx = shape.cx;
    const cy = shape.cy;
    const r = shape.r;
    PF[0] = X; PF[1] = X; PN[0] = 2;
    PF[4] = Y; PF[5] = Y; PN[1] = 2;
    PF[8] = -2; PF[9] = A; PF[10] = X; PF[11] = cx; PN[2] = 4;
    PF[12] = -2; PF[13] = A; PF[14] = Y; PF[15] = cy; PN[3] = 4;
    PF[16] = A; PF[17] = A; PF[18] = cx; PF[19] = cx; PN[4] = 4;
    PF[20] = A; PF[21] = A; PF[22] = cy; PF[23] = cy; PN[5] = 4;
    PF[24] = -A; PF[25] = A; PF[26] = r; PF[27] = r; PN[6] = 4;
    return signOfProducts(PF, PN, 7);
}

/**
 * Exact sign of `(xj - xi)*(Y - A*yi) - (yj - yi)*(X - A*xi)` for the edge from vertex `i` to
 * vertex `j` of `p` and the query point (>= 0: on the inner side of a CCW edge).
 */
function edgeSign(p: Float64Array, i: number, j: number): number {
    const X = query[0];
    const Y = query[1];
    const A = query[2];
    const xi = p[2 * i];
    const yi = p[2 * i + 1];
    const ex = p[2 * j] - xi;
    const ey = p[2 * j + 1] - yi;
    const ay = A * yi;
    const ax = A * xi;
    const py = Y - ay;
    const px = X - ax;
    const g = ex * py - ey * px;
    const bound = 8 * EPS * (abs(ex) * (abs(ay) + abs(py)) + abs(ey) * (abs(ax) + abs(px)))
        + TINY;
    if (g > bound) return 1;
    if (g < -bound) return -1;
    return edgeSignExact(p, i, j);
}

function edgeSignExact(p: Float64Array, i: number, j: number): number {
    const X = query[0];
    const Y = query[1];
    const A = query[2];
    const xi = p[2 * i];
    const yi = p[2 * i + 1];
    const xj = p[2 * j];
    const yj = p[2 * j + 1];
    const ex = xj - xi;
    const ey = yj - yi;
    const ay = A * yi;
    const ax = A * xi;
    const py = Y - ay;
    const px = X - ax;
    const t1 = ex * py;
    const t2 = ey * px;
    // Stage 2: if no operation above rounded, t1 and t2 are exact and comparing them is exact.
    eft[0] = xj; eft[1] = xi; eft[2] = ex;
    if (differenceTailSign() !== 0) return edgeSignExpansion(p, i, j);
    eft[0] = yj; eft[1] = yi; eft[2] = ey;
    if (differenceTailSign() !== 0) return edgeSignExpansion(p, i, j);
    eft[0] = A; eft[1] = yi; eft[2] = ay;
    if (productTailSign() !== 0) return edgeSignExpansion(p, i, j);
    eft[0] = A; eft[1] = xi; eft[2] = ax;
    if (productTailSign() !== 0) return edgeSignExpansion(p, i, j);
    eft[0] = Y; eft[1] = ay; eft[2] = py;
    if (differenceTailSign() !== 0) return edgeSignExpansion(p, i, j);
    eft[0] = X; eft[1] = ax; eft[2] = px;
    if (differenceTailSign() !== 0) return edgeSignExpansion(p, i, j);
    eft[0] = ex; eft[1] = py; eft[2] = t1;
    if (productTailSign() !== 0) return edgeSignExpansion(p, i, j);
    eft[0] = ey; eft[1] = px; eft[2] = t2;
    if (productTailSign() !== 0) return edgeSignExpansion(p, i, j);
    return t1 > t2 ? 1 : t1 < t2 ? -1 : 0;
}

/** Stage 3 of {@link edgeSign}: the 6 terms above, exactly. */
function edgeSignExpansion(p: Float64Array, i: number, j: number): number {
    checkQuery();
    const X = query[0];
    const Y = query[1];
    const A = query[2];
    const xi = p[2 * i];
    const yi = p[2 * i + 1];
    const xj = p[2 * j];
    const yj = p[2 * j + 1];
    PF[0] = xj; PF[1] = Y; PN[0] = 2;
    PF[4] = -xi; PF[5] = Y; PN[1] = 2;
    PF[8] = -yj; PF[9] = X; PN[2] = 2;
    PF[12] = yi; PF[13] = X; PN[3] = 2;
    PF[16] = -A; PF[17] = xj; PF[18] = yi; PN[4] = 3;
    PF[20] = A; PF[21] = yj; PF[22] = xi; PN[5] = 3;
    return signOfProducts(PF, PN, 6);
}

// Error-free checks. Their operands travel in `eft` and they return small integers, never
// doubles: an engine boxes a double argument or result of a call it does not inline, and these
// run on every boundary sample of a shape with short binary-fraction coordinates.

/** `eft = [a, b, result]`: the operands of the error-free checks. */
const eft = new Float64Array(3);
/** Returned when a tail cannot be computed exactly (overflow or underflow). */
const UNKNOWN = 2;

/**
 * Sign of `eft[0] * eft[1] - eft[2]` (Shewchuk's Two_Product_Tail, Dekker's split), for
 * `eft[2] = fl(eft[0] * eft[1])`; UNKNOWN when the product may have overflowed or underflowed.
 */
function productTailSign(): number {
    const a = eft[0];
    const b = eft[1];
    const p = eft[2];
    if (abs(p) < 1e-250 && a !== 0 && b !== 0) return UNKNOWN;
    let c = SPLITTER * a;
    const ahi = c - (c - a);
    const alo = a - ahi;
    c = SPLITTER * b;
    const bhi = c - (c - b);
    const blo = b - bhi;
    const tail = alo * blo - (((p - ahi * bhi) - alo * bhi) - ahi * blo);
    return tail > 0 ? 1 : tail < 0 ? -1 : tail === 0 ? 0 : UNKNOWN;
}

/** Sign of `(eft[0] - eft[1]) - eft[2]` (Two_Diff_Tail), for `eft[2] = fl(eft[0] - eft[1])`. */
function differenceTailSign(): number {
    const a = eft[0];
    const b = eft[1];
    const x = eft[2];
    const bvirt = a - x;
    const avirt = x + bvirt;
    const tail = (a - avirt) + (bvirt - b);
    return tail > 0 ? 1 : tail < 0 ? -1 : tail === 0 ? 0 : UNKNOWN;
}

/** Sign of `(eft[0] + eft[1]) - eft[2]` (Two_Sum_Tail), for `eft[2] = fl(eft[0] + eft[1])`. */
function sumTailSign(): number {
    const a = eft[0];
    const b = eft[1];
    const x = eft[2];
    const bvirt = x - a;
    const avirt = x - bvirt;
    const tail = (a - avirt) + (b - bvirt);
    return tail > 0 ? 1 : tail < 0 ? -1 : tail === 0 ? 0 : UNKNOWN;
}

/**
 * Stage 3's terms for signOfProducts: term i is `PF[4i] * ... * PF[4i + PN[i] - 1]`. Typed arrays,
 * so that no double is passed to (and boxed by) a call.
 */
const PF = new Float64Array(32);
const PN = new Int32Array(8);

/** Stage 3 needs a finite query point (shapes are finite by construction). */
function checkQuery(): void {
    if (!(isFiniteNumber(query[0]) && isFiniteNumber(query[1]) && isFiniteNumber(query[2]))) {
        throw new RangeError(`the exact membership predicate needs a finite query point, got (${query[0]} / ${query[2]}, ${query[1]} / ${query[2]}): the accuracy must be a finite number and sample indices below 2^1023 in magnitude.`);
    }
}
