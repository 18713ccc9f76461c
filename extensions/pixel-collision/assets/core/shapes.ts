/**
 * Box, circle and convex polygon colliders (seeds 002 and 004), sampled on the same world grid
 * as the pixel masks, plus the AABB collision response of seed 004.
 *
 * Conventions, for everything in this file:
 *
 * ```
 *   y ▲                         World space is y-up (as in Cocos). Polygons are stored
 *     │     v2 ●                counter-clockwise (CCW): walking v0 → v1 → v2 the inside is on
 *     │       ╱ ╲               the left. Every shape is CLOSED: its boundary belongs to it.
 *     │      ╱   ╲
 *     │  v0 ●─────● v1          A sample (cell centre) belongs to a shape iff shapeContains says
 *     └──────────────▶ x        so (the boundary counts). Two shapes collide iff at least one
 *                               sample belongs to both (README.md, "The sampling definition").
 * ```
 *
 * - *Local* space of a shape collider is the node's local space (y-up, like Cocos
 *   `BoxCollider2D.offset`), NOT the image space of a mask (whose rows go down).
 * - Membership is EXACT, like the masks' (sampling.ts, exact.ts): a sample is the real point
 *   `((k + 0.5) / accuracy, (l + 0.5) / accuracy)`, a shape's coordinates are the doubles stored in
 *   it, and {@link shapeContains} decides without rounding error: doubles with a certified error
 *   bound first; within that bound of the boundary, an error-free re-evaluation (exact whenever
 *   the coordinates are short binary fractions, as in most games); failing that, an exact sign
 *   from floating-point expansions (exact.ts, signOfProducts: no BigInt, which JavaScriptCore
 *   before iOS 14 lacks), for any finite coordinates. Everything that counts samples
 *   (testShapes, shapeRowCells, rasterizeShape) snaps its row spans to that predicate, so all of
 *   them, and a brute-force loop over every sample, agree sample for sample.
 * - Hot functions allocate nothing (builders, testShapes, shapeRowCells, rasterizeShape once its
 *   buffer is large enough, resolveAABB): results go to out-parameters, scratch lives in
 *   module-scope typed arrays, and internal calls pass only objects and small integers (an engine
 *   boxes a double passed to, or returned from, a call it does not inline, and a module-level
 *   `let` holding a double). That includes the exact fallback of the predicate (a sample within
 *   rounding distance of the boundary of a shape whose coordinates are not short binary
 *   fractions): its operands travel in typed arrays too.
 */
import type { Affine2D } from './affine';
import { assertInvertible } from './affine';
import type { Contact } from './contact';
import { signOfProducts } from './exact';
import type { WorldRaster } from './raster';
import { checkAccuracy, DEFAULT_ACCURACY, MAX_ACCURACY } from './sampling';

// Engine globals, read once. Inside a `vm` context (Jest, some sandboxes) every lookup of a global
// such as `Math` or `Infinity` goes through the sandbox's interceptor, which is slow and keeps the
// optimizing compiler from treating calls as the built-ins they are.
const { abs, atan2, ceil, floor, max, min, sqrt, PI } = Math;
const isFiniteNumber = Number.isFinite;
const isIntegerNumber = Number.isInteger;
const isView = ArrayBuffer.isView;
const INFINITY = Number.POSITIVE_INFINITY;
const NOT_A_NUMBER = Number.NaN;
// Imported constants, read once: a CommonJS build turns each use into a getter call whose opaque
// result would make the accuracy a boxed number.
const DEFAULT_ACC = DEFAULT_ACCURACY;
const MAX_ACC = MAX_ACCURACY;

/**
 * What a {@link WorldShape} currently holds: an axis-aligned box, a circle, or a convex polygon
 * (oriented boxes and triangles are polygons).
 */
export type ShapeKind = 'aabb' | 'circle' | 'polygon';

/** Largest number of vertices a convex polygon shape may have. */
export const MAX_POLYGON_VERTICES = 64;

/**
 * Extra push added to the continuous penetration depth when {@link testShapes} computes a
 * separation, in cells (world units times accuracy). See {@link testShapes}.
 */
export const SEPARATION_MARGIN_CELLS = 1e-6;

/**
 * A collider shape in world space: one reusable object whose `kind` says which fields are used.
 * Build it with {@link boxToWorld}, {@link circleToWorld}, {@link polygonToWorld} (from a local
 * definition and a node transform) or with the `set*` methods (world coordinates); rebuild it in
 * place every frame, no allocation happens unless a polygon needs more vertices than ever before.
 * Treat the fields as read-only: change a shape only through the builders, the `set*` methods and
 * `translate`, which keep kind, bounds and vertices consistent.
 *
 * ```
 *   kind 'aabb'     minX..maxX x minY..maxY; `points` also holds its 4 corners, CCW from (minX, minY)
 *   kind 'circle'   centre (cx, cy), radius r; vertexCount = 0
 *   kind 'polygon'  vertexCount CCW vertices, points = [x0, y0, x1, y1, ...] (closed: v(n-1) → v0)
 *   all kinds       minX, minY, maxX, maxY = world bounds (closed)
 * ```
 */
export class WorldShape {
    /** Which fields describe the shape. A new shape is the degenerate box at the origin. */
    kind: ShapeKind = 'aabb';
    /** World bounds of the closed shape (for a circle, the centre ± r, rounded). */
    minX = 0;
    minY = 0;
    maxX = 0;
    maxY = 0;
    /** Circle centre (kind 'circle'). */
    cx = 0;
    cy = 0;
    /** Circle radius in world units (kind 'circle'). */
    r = 0;
    /** Number of vertices in `points` (4 for 'aabb', 0 for 'circle'). */
    vertexCount = 0;
    /** Vertex coordinates `x0, y0, x1, y1, ...`, counter-clockwise; only the first `2 * vertexCount` are used. */
    points: Float64Array = new Float64Array(16);

    /**
     * Makes this shape the closed box `[minX, maxX] x [minY, maxY]` (world units).
     * Throws a `RangeError` for non-finite values or an empty box (`max <= min`).
     */
    setAABB(minX: number, minY: number, maxX: number, maxY: number): this {
        const fn = 'WorldShape.setAABB';
        if (!isFiniteNumber(minX)) throw badNumber(fn, 'minX', minX);
        if (!isFiniteNumber(minY)) throw badNumber(fn, 'minY', minY);
        if (!isFiniteNumber(maxX)) throw badNumber(fn, 'maxX', maxX);
        if (!isFiniteNumber(maxY)) throw badNumber(fn, 'maxY', maxY);
        if (!(maxX > minX) || !(maxY > minY)) {
            throw new RangeError(`${fn}: the box [${minX}, ${maxX}] x [${minY}, ${maxY}] has zero area; maxX must be > minX and maxY must be > minY. Give the collider a positive size.`);
        }
        store[0] = minX;
        store[1] = minY;
        store[2] = maxX;
        store[3] = maxY;
        storeAABB(this);
        return this;
    }

    /**
     * Makes this shape the closed disc of centre `(cx, cy)` and radius `r` (world units).
     * Throws a `RangeError` for non-finite values or `r <= 0`.
     */
    setCircle(cx: number, cy: number, r: number): this {
        const fn = 'WorldShape.setCircle';
        if (!isFiniteNumber(cx)) throw badNumber(fn, 'cx', cx);
        if (!isFiniteNumber(cy)) throw badNumber(fn, 'cy', cy);
        if (!(r > 0) || !isFiniteNumber(r)) throw badSize(fn, 'r', r, 'radius');
        store[0] = cx;
        store[1] = cy;
        store[2] = r;
        storeCircle(this);
        return this;
    }

    /**
     * Makes this shape the convex polygon with world vertices `points` (`x0, y0, x1, y1, ...`, at
     * least 3 vertices, at most {@link MAX_POLYGON_VERTICES}). Either winding is accepted; it is
     * stored counter-clockwise. Throws a `TypeError`/`RangeError` for a bad count, non-finite
     * values, zero area, or a polygon that is not convex.
     */
    setPolygon(points: ArrayLike<number>): this {
        const fn = 'WorldShape.setPolygon';
        const n = checkPointList(points, fn);
        ensureCapacity(this, n);
        const p = this.points;
        for (let i = 0; i < 2 * n; i++) p[i] = points[i];
        store[0] = 0;
        finishPolygon(this, n, fn);
        return this;
    }

    /** Moves the shape by `(dx, dy)` world units (for example by a contact's separation). */
    translate(dx: number, dy: number): this {
        this.minX += dx;
        this.maxX += dx;
        this.minY += dy;
        this.maxY += dy;
        if (this.kind === 'circle') {
            this.cx += dx;
            this.cy += dy;
        }
        const p = this.points;
        for (let i = 0, e = 2 * this.vertexCount; i < e; i += 2) {
            p[i] += dx;
            p[i + 1] += dy;
        }
        return this;
    }

    /** Copies `src` into this shape (reusing this shape's vertex buffer when it is large enough). */
    copyFrom(src: Readonly<WorldShape>): this {
        ensureCapacity(this, src.vertexCount);
        this.kind = src.kind;
        this.minX = src.minX;
        this.minY = src.minY;
        this.maxX = src.maxX;
        this.maxY = src.maxY;
        this.cx = src.cx;
        this.cy = src.cy;
        this.r = src.r;
        this.vertexCount = src.vertexCount;
        const p = this.points;
        const q = src.points;
        for (let i = 0, e = 2 * src.vertexCount; i < e; i++) p[i] = q[i];
        return this;
    }
}

/** Options of {@link testShapes}. */
export interface ShapeTestOptions {
    /** Samples per world unit along each axis (default 1; validated like `checkAccuracy`). */
    accuracy?: number;
    /**
     * `false`: answer the boolean only (early exit at the first shared sample row; only
     * `out.hit` and `out.accuracy` are written). Default `true`.
     */
    contact?: boolean;
    /** Also compute `separationX/Y` (sets `hasSeparation`). Default `false`. */
    separation?: boolean;
}

/** A plain axis-aligned box, `min <= max`, as used by {@link resolveAABB}. */
export interface AABBLike {
    minX: number;
    minY: number;
    maxX: number;
    maxY: number;
}

// ---------------------------------------------------------------------------------------------
// Builders: local definition + node transform → WorldShape
// ---------------------------------------------------------------------------------------------

/**
 * Writes the world shape of a box collider into `out`.
 *
 * ```
 *   local (node space, y-up):           offset + (-anchorX * width, -anchorY * height)
 *      ┌───────────┐ ▲                  is the box's bottom-left corner; the default anchor
 *      │     ● ────┼─┼── offset          (0.5, 0.5) centres the box on the offset, like Cocos
 *      │           │ height             BoxCollider2D.
 *      └───────────┘ ▼
 *      ◀── width ──▶
 * ```
 *
 * The result is kind 'aabb' when the transform neither rotates nor skews (`b === 0 && c === 0`;
 * flips and scales are fine), otherwise a 4-vertex CCW 'polygon' (an oriented box).
 * Throws (`RangeError`) for non-finite numbers, `width <= 0`, `height <= 0`, or a transform that
 * is not invertible.
 */
export function boxToWorld(out: WorldShape, width: number, height: number, offsetX: number, offsetY: number,
    transform: Readonly<Affine2D>): WorldShape;
/** As above, with an explicit anchor (0 = left/bottom edge on the offset, 1 = right/top edge). */
export function boxToWorld(out: WorldShape, width: number, height: number, offsetX: number, offsetY: number,
    anchorX: number, anchorY: number, transform: Readonly<Affine2D>): WorldShape;
export function boxToWorld(out: WorldShape, width: number, height: number, offsetX: number, offsetY: number,
    anchorXOrTransform: number | Readonly<Affine2D>, anchorY?: number, transform?: Readonly<Affine2D>): WorldShape {
    const fn = 'boxToWorld';
    let ax = 0.5;
    let ay = 0.5;
    let m: Readonly<Affine2D> | undefined;
    if (typeof anchorXOrTransform === 'number') {
        ax = anchorXOrTransform;
        ay = anchorY === undefined ? 0.5 : anchorY;
        m = transform;
        if (!isFiniteNumber(ax)) throw badNumber(fn, 'anchorX', ax);
        if (!isFiniteNumber(ay)) throw badNumber(fn, 'anchorY', ay);
    } else {
        m = anchorXOrTransform;
    }
    if (!(out instanceof WorldShape)) throw badOut(fn, out);
    if (!isUsableTransform(m)) throw badTransform(fn, m);
    if (!(width > 0) || !isFiniteNumber(width)) throw badSize(fn, 'width', width, 'width');
    if (!(height > 0) || !isFiniteNumber(height)) throw badSize(fn, 'height', height, 'height');
    if (!isFiniteNumber(offsetX)) throw badNumber(fn, 'offsetX', offsetX);
    if (!isFiniteNumber(offsetY)) throw badNumber(fn, 'offsetY', offsetY);
    const x0 = offsetX - ax * width;
    const y0 = offsetY - ay * height;
    LOCAL[0] = x0; LOCAL[1] = y0; LOCAL[2] = x0 + width; LOCAL[3] = y0 + height;
    return localBoxToWorld(out, LOCAL, m);
}

/** Scratch: the local corners of the box being built. */
const LOCAL = new Float64Array(4);

/**
 * @internal {@link boxToWorld} on the box's validated local corners `local = [x0, y0, x1, y1]`.
 * The world calls it every frame for rotated boxes: a typed array, because V8 boxes each double
 * argument of a call it does not inline into a new heap number (32 bytes per box per frame).
 */
export function localBoxToWorld(out: WorldShape, local: Float64Array, m: Readonly<Affine2D>): WorldShape {
    const fn = 'boxToWorld';
    if (!isUsableTransform(m)) throw badTransform(fn, m);
    const x0 = local[0], y0 = local[1], x1 = local[2], y1 = local[3];
    const { a, b, c, d, tx, ty } = m;
    if (b === 0 && c === 0) {
        const wx0 = a * x0 + tx;
        const wx1 = a * x1 + tx;
        const wy0 = d * y0 + ty;
        const wy1 = d * y1 + ty;
        store[0] = wx0 < wx1 ? wx0 : wx1;
        store[1] = wy0 < wy1 ? wy0 : wy1;
        store[2] = wx0 < wx1 ? wx1 : wx0;
        store[3] = wy0 < wy1 ? wy1 : wy0;
        if (!(store[2] > store[0]) || !(store[3] > store[1])) {
            throw new RangeError(`${fn}: the box collapses to zero world area (${x1 - x0} x ${y1 - y0} under the transform's scale); the world box must have a positive size. Use a larger size or node scale.`);
        }
        storeAABB(out);
        return out;
    }
    ensureCapacity(out, 4);
    const p = out.points;
    p[0] = a * x0 + c * y0 + tx;
    p[1] = b * x0 + d * y0 + ty;
    p[2] = a * x1 + c * y0 + tx;
    p[3] = b * x1 + d * y0 + ty;
    p[4] = a * x1 + c * y1 + tx;
    p[5] = b * x1 + d * y1 + ty;
    p[6] = a * x0 + c * y1 + tx;
    p[7] = b * x0 + d * y1 + ty;
    const size = max(abs(x0), abs(x1), abs(y0), abs(y1));
    store[0] = (abs(a) + abs(b) + abs(c) + abs(d)) * size + abs(tx) + abs(ty);
    finishPolygon(out, 4, fn);
    return out;
}

/**
 * Writes the world shape of a circle collider into `out`: centre = `transform * (offsetX, offsetY)`,
 * world radius = `radius * sqrt(a*a + b*b)`, the length of the transform's x axis.
 *
 * Like Cocos `CircleCollider2D`, only the x scale counts: a node scaled non-uniformly (or skewed
 * by a parent) still gets a circle, not an ellipse, and a node scaled `(1, 3)` keeps its radius.
 * Throws (`RangeError`) for non-finite numbers, `radius <= 0`, or a non-invertible transform.
 */
export function circleToWorld(out: WorldShape, radius: number, offsetX: number, offsetY: number,
    transform: Readonly<Affine2D>): WorldShape {
    const fn = 'circleToWorld';
    if (!(out instanceof WorldShape)) throw badOut(fn, out);
    if (!isUsableTransform(transform)) throw badTransform(fn, transform);
    if (!(radius > 0) || !isFiniteNumber(radius)) throw badSize(fn, 'radius', radius, 'radius');
    if (!isFiniteNumber(offsetX)) throw badNumber(fn, 'offsetX', offsetX);
    if (!isFiniteNumber(offsetY)) throw badNumber(fn, 'offsetY', offsetY);
    LOCAL[0] = radius; LOCAL[1] = offsetX; LOCAL[2] = offsetY;
    return localCircleToWorld(out, LOCAL, transform);
}

/**
 * @internal {@link circleToWorld} on validated local parameters `local = [radius, offsetX, offsetY]`
 * (a typed array, for the same reason as {@link localBoxToWorld}).
 */
export function localCircleToWorld(out: WorldShape, local: Float64Array, transform: Readonly<Affine2D>): WorldShape {
    const fn = 'circleToWorld';
    if (!isUsableTransform(transform)) throw badTransform(fn, transform);
    const radius = local[0], offsetX = local[1], offsetY = local[2];
    const { a, b, c, d, tx, ty } = transform;
    const r = radius * sqrt(a * a + b * b);
    if (!(r > 0) || !isFiniteNumber(r)) {
        throw new RangeError(`${fn}: the world radius ${r} (radius ${radius} times the transform's x scale) must be a finite number > 0. Use a larger radius or node scale.`);
    }
    store[0] = a * offsetX + c * offsetY + tx;
    store[1] = b * offsetX + d * offsetY + ty;
    store[2] = r;
    storeCircle(out);
    return out;
}

/**
 * Writes the world shape of a convex polygon collider into `out`: every local point
 * `(x, y) + (offsetX, offsetY)` mapped by `transform`.
 *
 * `points` is a flat list `x0, y0, x1, y1, ...` of 3 to {@link MAX_POLYGON_VERTICES} vertices of a
 * closed convex polygon, in local node space (y-up), in either winding; the result is re-wound
 * to CCW when the local winding is clockwise or the transform flips (determinant < 0). A repeated
 * closing point and collinear points are accepted.
 *
 * Throws a `TypeError` for an odd-length list, a `RangeError` for too few/many points,
 * non-finite numbers, zero area, a polygon that is not convex (split it into convex parts or use
 * a pixel mask), or a non-invertible transform.
 */
export function polygonToWorld(out: WorldShape, points: ArrayLike<number>, transform: Readonly<Affine2D>,
    offsetX = 0, offsetY = 0): WorldShape {
    const fn = 'polygonToWorld';
    if (!(out instanceof WorldShape)) throw badOut(fn, out);
    if (!isUsableTransform(transform)) throw badTransform(fn, transform);
    if (!isFiniteNumber(offsetX)) throw badNumber(fn, 'offsetX', offsetX);
    if (!isFiniteNumber(offsetY)) throw badNumber(fn, 'offsetY', offsetY);
    const n = checkPointList(points, fn);
    ensureCapacity(out, n);
    const p = out.points;
    const { a, b, c, d, tx, ty } = transform;
    let local = 0;
    for (let i = 0; i < n; i++) {
        const x = points[2 * i] + offsetX;
        const y = points[2 * i + 1] + offsetY;
        if (abs(x) > local) local = abs(x);
        if (abs(y) > local) local = abs(y);
        p[2 * i] = a * x + c * y + tx;
        p[2 * i + 1] = b * x + d * y + ty;
    }
    store[0] = (abs(a) + abs(b) + abs(c) + abs(d)) * local + abs(tx) + abs(ty);
    finishPolygon(out, n, fn);
    return out;
}

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

/**
 * Sets every cell of `out` whose sample belongs to the closed shape: `out` is reset to the
 * smallest grid-aligned box holding those cells (or to an empty 0 x 0 raster when the shape
 * contains no sample), filled row by row, and its row bounds updated. Returns `out`.
 *
 * For shape-vs-mask tests the mask narrow phase ANDs this raster with the mask's raster.
 * Throws a `RangeError` for a bad `accuracy`.
 */
export function rasterizeShape(shape: Readonly<WorldShape>, accuracy: number, out: WorldRaster): WorldRaster {
    if (!(typeof accuracy === 'number' && accuracy > 0 && accuracy <= MAX_ACC)) checkAccuracy(accuracy);
    grid[0] = accuracy;
    query[2] = 2 * accuracy;
    const l0 = ceil(shape.minY * accuracy - 0.5) - 1;
    const l1 = floor(shape.maxY * accuracy - 0.5) + 1;
    let kMin = 0;
    let kMax = 0;
    let lMin = 0;
    let lMax = 0;
    let rows = 0;
    for (let l = l0; l <= l1; l++) {
        if (!rowCells(shape, l, cellsA)) continue;
        if (rows === 0 || cellsA[0] < kMin) kMin = cellsA[0];
        if (rows === 0 || cellsA[1] > kMax) kMax = cellsA[1];
        if (rows === 0) lMin = l;
        lMax = l;
        rows++;
    }
    if (rows === 0) {
        out.reset(accuracy, floor(shape.minX * accuracy), floor(shape.minY * accuracy), 0, 0);
        out.updateRowBounds();
        return out;
    }
    out.reset(accuracy, kMin, lMin, kMax - kMin + 1, lMax - lMin + 1);
    for (let l = lMin; l <= lMax; l++) {
        if (rowCells(shape, l, cellsA)) out.setSpan(l - lMin, cellsA[0] - kMin, cellsA[1] - kMin + 1);
    }
    out.updateRowBounds();
    return out;
}

// ---------------------------------------------------------------------------------------------
// Narrow phase
// ---------------------------------------------------------------------------------------------

/**
 * Narrow phase for two shapes of any kinds. Returns whether at least one sample of the world grid
 * (cell size `1 / accuracy`, samples at cell centres) belongs to both CLOSED shapes.
 *
 * With `out` (and `options.contact !== false`) it fills the contact:
 * - `count`, `minX..maxY` (cell edges of the shared samples: `kmin / accuracy` to
 *   `(kmax + 1) / accuracy`), `centroidX/Y` (mean of the shared sample centres): from the samples,
 *   exactly as for masks. Computed per sample row (each convex shape covers one run of cells per
 *   row; the runs are intersected and summed as arithmetic series), over the rows where the two
 *   bounds overlap: O(rows x vertices), independent of the number of samples per row.
 * - `normalX/Y`: the unit minimum-translation axis from A towards B, from the continuous shapes:
 *   the separating axis theorem over the edge normals of boxes/polygons, plus, with a circle,
 *   the axis from its centre to the other shape's nearest vertex (for two circles, the line of
 *   centres; `+x` when the centres coincide). Ties go to the first axis (A's edges first).
 * - `separationX/Y` (only with `options.separation`, then `hasSeparation = true`):
 *   `normal * (depth + margin)`, where `depth` is the continuous penetration along the normal and
 *   `margin = SEPARATION_MARGIN_CELLS / accuracy + 1e-12 * (largest |coordinate| of both bounds)`.
 *   Added to B's position, it leaves the two closed shapes disjoint by about `margin`, so no sample
 *   can belong to both at any accuracy (the margin only absorbs rounding; it is a millionth of a
 *   cell, invisible in a game). It is the minimum translation of the continuous shapes, which may
 *   be larger than strictly needed under sampling. When there is no hit it is `(0, 0)`.
 *
 * When the continuous shapes overlap in a sliver thinner than the grid (no shared sample), the
 * answer is `false`: the sampling definition wins. Without `out`, or with `contact: false`, only
 * the boolean is computed (early exit). Throws a `RangeError` for a bad `options.accuracy`.
 *
 * Allocates nothing. Pass one reused options object per call site (a hoisted constant): a fresh
 * literal per call allocates in the caller, and a call site fed many differently-shaped option
 * objects makes the engine box a fractional `accuracy` when reading it.
 */
export function testShapes(a: Readonly<WorldShape>, b: Readonly<WorldShape>, options?: Readonly<ShapeTestOptions>,
    out?: Contact): boolean {
    let accuracy = DEFAULT_ACC;
    let full = out !== undefined;
    let wantSeparation = false;
    if (options !== undefined) {
        const requested = options.accuracy;
        if (requested !== undefined) {
            if (!(typeof requested === 'number' && requested > 0 && requested <= MAX_ACC)) {
                checkAccuracy(requested, 'options.accuracy');
            }
            accuracy = requested;
        }
        if (options.contact === false) full = false;
        wantSeparation = full && options.separation === true;
    }
    if (out !== undefined) {
        out.reset();
        out.accuracy = accuracy;
        out.hasSeparation = wantSeparation;
    }
    if (a.maxX < b.minX || b.maxX < a.minX || a.maxY < b.minY || b.maxY < a.minY) return false;
    grid[0] = accuracy;
    query[2] = 2 * accuracy;

    // Rows of the bounds' overlap, one more on each side: rowCells decides exactly, so rounding in
    // this range can never drop a row.
    const l0 = ceil(max(a.minY, b.minY) * accuracy - 0.5) - 1;
    const l1 = floor(min(a.maxY, b.maxY) * accuracy - 0.5) + 1;
    let count = 0;
    let sumK = 0; // sum of (k + 0.5) over the shared samples: exact (integers and halves)
    let sumL = 0; // sum of (l + 0.5)
    let kMin = 0;
    let kMax = 0;
    let lMin = 0;
    let lMax = 0;
    if (a.kind === 'aabb' && b.kind === 'aabb') {
        // Two boxes share the same columns on every row both reach, so only the first and the
        // last shared rows are needed (rowCells decides each exactly); the rest is closed form.
        let lo = l0;
        while (lo <= l1 && !sharedRow(a, b, lo)) lo++;
        if (lo > l1) return false;
        if (!full) {
            if (out !== undefined) out.hit = true;
            return true;
        }
        const k0 = cellsA[0] > cellsB[0] ? cellsA[0] : cellsB[0];
        const k1 = cellsA[1] < cellsB[1] ? cellsA[1] : cellsB[1];
        let hi = l1;
        while (hi > lo && !sharedRow(a, b, hi)) hi--;
        const cols = k1 - k0 + 1;
        const rows = hi - lo + 1;
        count = cols * rows;
        sumK = rows * cols * (k0 + k1 + 1) * 0.5;
        sumL = cols * rows * (lo + hi + 1) * 0.5;
        kMin = k0;
        kMax = k1;
        lMin = lo;
        lMax = hi;
    }
    for (let l = count === 0 ? l0 : l1 + 1; l <= l1; l++) {
        if (!rowCells(a, l, cellsA) || !rowCells(b, l, cellsB)) continue;
        const k0 = cellsA[0] > cellsB[0] ? cellsA[0] : cellsB[0];
        const k1 = cellsA[1] < cellsB[1] ? cellsA[1] : cellsB[1];
        if (k0 > k1) continue;
        if (!full) {
            if (out !== undefined) out.hit = true;
            return true;
        }
        const n = k1 - k0 + 1;
        if (count === 0) {
            kMin = k0;
            kMax = k1;
            lMin = l;
        } else {
            if (k0 < kMin) kMin = k0;
            if (k1 > kMax) kMax = k1;
        }
        lMax = l;
        count += n;
        sumK += n * (k0 + k1 + 1) * 0.5;
        sumL += n * (l + 0.5);
    }
    if (count === 0 || out === undefined) return false;

    out.hit = true;
    out.count = count;
    out.minX = kMin / accuracy;
    out.maxX = (kMax + 1) / accuracy;
    out.minY = lMin / accuracy;
    out.maxY = (lMax + 1) / accuracy;
    out.centroidX = sumK / count / accuracy;
    out.centroidY = sumL / count / accuracy;

    minimumTranslation(a, b);
    out.normalX = sat[0];
    out.normalY = sat[1];
    if (wantSeparation) {
        const scale = max(
            abs(a.minX), abs(a.maxX), abs(a.minY), abs(a.maxY),
            abs(b.minX), abs(b.maxX), abs(b.minY), abs(b.maxY),
        );
        const push = (sat[2] > 0 ? sat[2] : 0) + SEPARATION_MARGIN_CELLS / accuracy + 1e-12 * scale;
        out.separationX = sat[0] * push;
        out.separationY = sat[1] * push;
    }
    return true;
}

// ---------------------------------------------------------------------------------------------
// Collision response (seed 004)
// ---------------------------------------------------------------------------------------------

/**
 * Collision response for a top-down tile game (seed 004): pushes `mover` (mutated in place) out of
 * every wall it overlaps, each time along the axis of smaller penetration, so that it slides along
 * walls instead of stopping, and does not snag on the seams between adjacent tiles.
 *
 * `walls` is either a list of boxes or a flat array `[minX, minY, maxX, maxY, ...]`; the first
 * `count` walls are used. `out`, when given, receives the total correction `(x, y)` that was
 * added to the mover (apply it to the node). Returns the number of pushes (0 = no collision).
 *
 * ```
 *   ┌──────┐                      The wall with the LARGEST overlap area is resolved first, then
 *   │mover │  moving ↘            the overlaps are measured again. Here the left tile (big overlap)
 * ┌─┼──────┼─┬────────┐          pushes the mover up by its small y penetration; after that the
 * │ └──────┘ │ right  │          right tile is only touched, so it does not push the mover back
 * │  left    │        │          left by its (even smaller) x penetration: no snag on the seam.
 * └──────────┴────────┘
 * ```
 *
 * Decisions, deliberately (seed 004 warns that the `==` cases matter):
 * - Touching is NOT overlapping: a wall overlaps only when both overlap extents are `> 0`.
 *   After a push the mover's edge is set EXACTLY to the wall's edge (no rounding), so a pushed
 *   mover rests touching the wall; counting that as a collision would re-resolve it every frame,
 *   let a corner-touching tile pick an arbitrary zero-depth axis, and make a mover exactly as wide
 *   as a corridor collide with both sides. (This is continuous response geometry, not the sampling
 *   definition of testShapes, where closed shapes sharing a sample on their boundary do collide.)
 * - Axis: x when the x penetration is strictly smaller, else y (equal depths, an exact corner hit,
 *   go to y, as in the seed's `|dx| > |dy|` else-branch). The penetration on an axis is the shorter
 *   of the two pushes (to either side), which picks the side the mover's centre is on; equal
 *   centres push towards `+x` / `+y` (the seed's `>=`).
 * - Motion per step must stay below half a wall's size (no continuous collision detection).
 * - A mover squeezed between walls that cannot all be satisfied stops after `4 * count + 4`
 *   pushes and may still overlap. Cost O(count²) in the worst case; pass the nearby walls only.
 *
 * Throws a `RangeError` for a non-finite or inverted mover, a bad `count`, or a non-finite or
 * inverted wall.
 */
export function resolveAABB(mover: AABBLike, walls: ArrayLike<Readonly<AABBLike>> | Float64Array | Float32Array,
    count: number, out?: { x: number; y: number }): number {
    const fn = 'resolveAABB';
    if (!isFiniteNumber(mover.minX)) throw badNumber(fn, 'mover.minX', mover.minX);
    if (!isFiniteNumber(mover.minY)) throw badNumber(fn, 'mover.minY', mover.minY);
    if (!isFiniteNumber(mover.maxX)) throw badNumber(fn, 'mover.maxX', mover.maxX);
    if (!isFiniteNumber(mover.maxY)) throw badNumber(fn, 'mover.maxY', mover.maxY);
    if (!(mover.maxX >= mover.minX) || !(mover.maxY >= mover.minY)) {
        throw new RangeError(`${fn}: mover must have minX <= maxX and minY <= maxY, got [${mover.minX}, ${mover.maxX}] x [${mover.minY}, ${mover.maxY}]. Build it as { minX, minY, maxX, maxY }.`);
    }
    const flat = isView(walls);
    const available = flat ? floor(walls.length / 4) : walls.length;
    if (!isIntegerNumber(count) || count < 0 || count > available) {
        throw new RangeError(`${fn}: count must be an integer in [0, ${available}] (the number of walls${flat ? ', 4 numbers each' : ''}), got ${count}.`);
    }
    for (let i = 0; i < count; i++) {
        readWall(walls, flat, i);
        if (!isFiniteNumber(wall[0]) || !isFiniteNumber(wall[1]) || !isFiniteNumber(wall[2]) || !isFiniteNumber(wall[3])
            || !(wall[2] >= wall[0]) || !(wall[3] >= wall[1])) {
            throw new RangeError(`${fn}: wall ${i} must be finite with minX <= maxX and minY <= maxY, got [${wall[0]}, ${wall[2]}] x [${wall[1]}, ${wall[3]}]. Fix the wall list.`);
        }
    }

    let totalX = 0;
    let totalY = 0;
    let pushes = 0;
    for (let budget = 4 * count + 4; budget > 0; budget--) {
        let best = -1;
        let bestArea = 0;
        for (let i = 0; i < count; i++) {
            readWall(walls, flat, i);
            const ox = min(mover.maxX, wall[2]) - max(mover.minX, wall[0]);
            const oy = min(mover.maxY, wall[3]) - max(mover.minY, wall[1]);
            if (ox > 0 && oy > 0 && ox * oy > bestArea) {
                bestArea = ox * oy;
                best = i;
            }
        }
        if (best < 0) break;
        readWall(walls, flat, best);
        const right = wall[2] - mover.minX; // push towards +x
        const left = mover.maxX - wall[0]; // push towards -x
        const up = wall[3] - mover.minY;
        const down = mover.maxY - wall[1];
        const depthX = right <= left ? right : left;
        const depthY = up <= down ? up : down;
        if (depthX < depthY) {
            const oldMin = mover.minX;
            if (right <= left) {
                mover.maxX += right;
                mover.minX = wall[2];
            } else {
                mover.minX -= left;
                mover.maxX = wall[0];
            }
            totalX += mover.minX - oldMin;
        } else {
            const oldMin = mover.minY;
            if (up <= down) {
                mover.maxY += up;
                mover.minY = wall[3];
            } else {
                mover.minY -= down;
                mover.maxY = wall[1];
            }
            totalY += mover.minY - oldMin;
        }
        pushes++;
    }
    if (out !== undefined) {
        out.x = totalX;
        out.y = totalY;
    }
    return pushes;
}

// ---------------------------------------------------------------------------------------------
// Private: scratch, row cells, exact predicates, SAT, validation
// ---------------------------------------------------------------------------------------------

// Numbers shared between functions live in module-scope typed arrays: a double passed to (or
// returned from) a call the engine does not inline, or held in a module-level `let`, is boxed,
// and every such call would allocate.

/** Values handed to storeAABB / storeCircle / finishPolygon (see each). */
const store = new Float64Array(4);
/** The accuracy of the current row query. */
const grid = new Float64Array(1);
/** The query point of the exact predicates, the real point `(X / A, Y / A)`: `[X, Y, A]`. */
const query = new Float64Array(3);
/** The approximate chord computed by looseRowSpan: `[xmin, xmax]`. */
const span = new Float64Array(2);
const cellsA = new Int32Array(2);
const cellsB = new Int32Array(2);
/** SAT result: `[normalX, normalY, depth]`. */
const sat = new Float64Array(3);
/** The SAT axis being tested: `[nx, ny]` (unit). */
const axis = new Float64Array(2);
/** Projection of a shape on `axis`: `[min, max]`. */
const proj = new Float64Array(2);
/** The wall being read by resolveAABB: `[minX, minY, maxX, maxY]`. */
const wall = new Float64Array(4);

/** Makes `shape` the box `store = [minX, minY, maxX, maxY]` (validated by the caller). */
function storeAABB(shape: WorldShape): void {
    const minX = store[0];
    const minY = store[1];
    const maxX = store[2];
    const maxY = store[3];
    shape.kind = 'aabb';
    shape.minX = minX;
    shape.minY = minY;
    shape.maxX = maxX;
    shape.maxY = maxY;
    shape.cx = 0;
    shape.cy = 0;
    shape.r = 0;
    shape.vertexCount = 4;
    const p = shape.points;
    p[0] = minX; p[1] = minY;
    p[2] = maxX; p[3] = minY;
    p[4] = maxX; p[5] = maxY;
    p[6] = minX; p[7] = maxY;
}

/** Makes `shape` the circle `store = [cx, cy, r]` (validated by the caller). */
function storeCircle(shape: WorldShape): void {
    const cx = store[0];
    const cy = store[1];
    const r = store[2];
    shape.kind = 'circle';
    shape.cx = cx;
    shape.cy = cy;
    shape.r = r;
    shape.minX = cx - r;
    shape.maxX = cx + r;
    shape.minY = cy - r;
    shape.maxY = cy + r;
    shape.vertexCount = 0;
}

/**
 * The samples of row `l` in the shape (accuracy in `grid[0]`, `query[2] = 2 * accuracy`): the
 * approximate chord, snapped to the exact predicate at both ends. See shapeRowCells.
 */
/** Whether row l has samples in both shapes' rows with a common column (fills cellsA/cellsB). */
function sharedRow(a: Readonly<WorldShape>, b: Readonly<WorldShape>, l: number): boolean {
    if (!rowCells(a, l, cellsA) || !rowCells(b, l, cellsB)) return false;
    return (cellsA[0] > cellsB[0] ? cellsA[0] : cellsB[0]) <= (cellsA[1] < cellsB[1] ? cellsA[1] : cellsB[1]);
}

function rowCells(shape: Readonly<WorldShape>, l: number, out: Int32Array | number[]): boolean {
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

// ----- SAT (continuous geometry, for the normal and the separation) -----------------------------

/**
 * Minimum translation of B out of A over the candidate axes (see testShapes), into
 * `sat = [normalX, normalY, depth]` (unit normal from A towards B; depth < 0 when an axis
 * separates them).
 */
function minimumTranslation(a: Readonly<WorldShape>, b: Readonly<WorldShape>): void {
    sat[0] = 1;
    sat[1] = 0;
    sat[2] = INFINITY;
    if (a.kind === 'circle' && b.kind === 'circle') {
        const dx = b.cx - a.cx;
        const dy = b.cy - a.cy;
        const d = sqrt(dx * dx + dy * dy);
        if (d > 0) {
            sat[0] = dx / d;
            sat[1] = dy / d;
        }
        sat[2] = a.r + b.r - d;
        return;
    }
    edgeAxes(a, a, b);
    edgeAxes(b, a, b);
    if (a.kind === 'circle') nearestVertexAxis(a, b, a, b);
    else if (b.kind === 'circle') nearestVertexAxis(b, a, a, b);
}

function edgeAxes(shape: Readonly<WorldShape>, a: Readonly<WorldShape>, b: Readonly<WorldShape>): void {
    if (shape.kind === 'aabb') {
        axis[0] = 1;
        axis[1] = 0;
        testAxis(a, b);
        axis[0] = 0;
        axis[1] = 1;
        testAxis(a, b);
        return;
    }
    if (shape.kind !== 'polygon') return;
    const p = shape.points;
    const n = shape.vertexCount;
    for (let i = n - 1, j = 0; j < n; i = j++) {
        const ex = p[2 * j] - p[2 * i];
        const ey = p[2 * j + 1] - p[2 * i + 1];
        const len = sqrt(ex * ex + ey * ey);
        if (len > 0) {
            axis[0] = ey / len; // outward normal of a CCW edge
            axis[1] = (0 - ex) / len;
            testAxis(a, b);
        }
    }
}

/** The axis from the circle's centre to the other shape's nearest vertex. */
function nearestVertexAxis(circle: Readonly<WorldShape>, other: Readonly<WorldShape>, a: Readonly<WorldShape>, b: Readonly<WorldShape>): void {
    let best = INFINITY;
    let vx = 0;
    let vy = 0;
    const isBox = other.kind === 'aabb';
    const p = other.points;
    const n = isBox ? 4 : other.vertexCount;
    for (let i = 0; i < n; i++) {
        const x = isBox ? ((i & 1) === 0 ? other.minX : other.maxX) : p[2 * i];
        const y = isBox ? ((i & 2) === 0 ? other.minY : other.maxY) : p[2 * i + 1];
        const dx = x - circle.cx;
        const dy = y - circle.cy;
        const d = dx * dx + dy * dy;
        if (d < best) {
            best = d;
            vx = dx;
            vy = dy;
        }
    }
    const len = sqrt(best);
    if (len > 0) {
        axis[0] = vx / len;
        axis[1] = vy / len;
        testAxis(a, b);
    }
}

/** Updates `sat` with the push of B out of A along `±axis`, when it is the smallest so far. */
function testAxis(a: Readonly<WorldShape>, b: Readonly<WorldShape>): void {
    project(a);
    const a0 = proj[0];
    const a1 = proj[1];
    project(b);
    const forward = a1 - proj[0]; // move B along +axis until its min meets A's max
    const backward = proj[1] - a0; // move B along -axis
    if (forward <= backward) {
        if (forward < sat[2]) {
            sat[0] = axis[0];
            sat[1] = axis[1];
            sat[2] = forward;
        }
    } else if (backward < sat[2]) {
        sat[0] = 0 - axis[0]; // 0 - x, not -x: no negative zeros in the normal
        sat[1] = 0 - axis[1];
        sat[2] = backward;
    }
}

/** Projects the shape on `axis`, into `proj = [min, max]`. */
function project(shape: Readonly<WorldShape>): void {
    const nx = axis[0];
    const ny = axis[1];
    if (shape.kind === 'circle') {
        const c = shape.cx * nx + shape.cy * ny;
        proj[0] = c - shape.r;
        proj[1] = c + shape.r;
        return;
    }
    if (shape.kind === 'aabb') {
        proj[0] = (nx >= 0 ? nx * shape.minX : nx * shape.maxX) + (ny >= 0 ? ny * shape.minY : ny * shape.maxY);
        proj[1] = (nx >= 0 ? nx * shape.maxX : nx * shape.minX) + (ny >= 0 ? ny * shape.maxY : ny * shape.minY);
        return;
    }
    const p = shape.points;
    let lo = INFINITY;
    let hi = -INFINITY;
    for (let i = 0, e = 2 * shape.vertexCount; i < e; i += 2) {
        const d = p[i] * nx + p[i + 1] * ny;
        if (d < lo) lo = d;
        if (d > hi) hi = d;
    }
    proj[0] = lo;
    proj[1] = hi;
}

// ----- Walls, polygons, validation --------------------------------------------------------------

function readWall(walls: ArrayLike<Readonly<AABBLike>> | Float64Array | Float32Array, flat: boolean, i: number): void {
    if (flat) {
        const f = walls as Float64Array;
        wall[0] = f[4 * i];
        wall[1] = f[4 * i + 1];
        wall[2] = f[4 * i + 2];
        wall[3] = f[4 * i + 3];
    } else {
        const w = (walls as ArrayLike<Readonly<AABBLike>>)[i];
        wall[0] = w.minX;
        wall[1] = w.minY;
        wall[2] = w.maxX;
        wall[3] = w.maxY;
    }
}

function ensureCapacity(shape: WorldShape, vertices: number): void {
    if (shape.points.length < 2 * vertices) {
        const next = new Float64Array(2 * max(vertices, shape.points.length));
        next.set(shape.points);
        shape.points = next;
    }
}

/**
 * Validates the `n` world vertices in `shape.points` and makes the shape a CCW convex polygon.
 * `store[0]` bounds the magnitudes the vertices were computed from (their rounding noise is about
 * 1e-16 of it; 0 for world points given directly). Checks:
 * finite; vertices closer than rounding noise to the previous one dropped (a repeated closing
 * point, or corners collapsed by a tiny scale); non-zero area; re-wound to CCW; convex up to
 * rounding (collinear points are fine, a turn the wrong way or folding back is not); winding
 * around once (a star polygon turns left everywhere but winds twice).
 */
function finishPolygon(shape: WorldShape, n: number, fn: string): void {
    const p = shape.points;
    let scale = store[0];
    for (let i = 0; i < 2 * n; i++) {
        const v = p[i];
        if (!isFiniteNumber(v)) {
            throw new RangeError(`${fn}: world vertex ${i >> 1} is not finite (${p[2 * (i >> 1)]}, ${p[2 * (i >> 1) + 1]}); the points and the transform must give finite coordinates. Check for overflowing scales.`);
        }
        if (abs(v) > scale) scale = abs(v);
    }
    // Drop vertices within noise of the previous kept one (and the last if it repeats the first).
    const near = 1e-10 * scale;
    let m = 1;
    for (let i = 1; i < n; i++) {
        if (abs(p[2 * i] - p[2 * m - 2]) > near || abs(p[2 * i + 1] - p[2 * m - 1]) > near) {
            p[2 * m] = p[2 * i];
            p[2 * m + 1] = p[2 * i + 1];
            m++;
        }
    }
    while (m > 1 && abs(p[2 * m - 2] - p[0]) <= near && abs(p[2 * m - 1] - p[1]) <= near) m--;
    // Twice the signed area, relative to v0 to keep the products small.
    const x0 = p[0];
    const y0 = p[1];
    let area2 = 0;
    for (let i = 1; i < m - 1; i++) {
        area2 += (p[2 * i] - x0) * (p[2 * i + 3] - y0) - (p[2 * i + 2] - x0) * (p[2 * i + 1] - y0);
    }
    if (m < 3 || !(abs(area2) > 1e-24 * scale * scale)) {
        if (m >= 3 && !allCollinear(p, m, scale)) throw notConvex(fn, 'its outline crosses itself');
        throw new RangeError(`${fn}: the polygon has zero area (all ${n} points are collinear or coincide); a collider needs at least 3 points that are not on one line. Fix the points or the node scale.`);
    }
    if (area2 < 0) {
        for (let i = 0, j = m - 1; i < j; i++, j--) {
            const tx = p[2 * i];
            const ty = p[2 * i + 1];
            p[2 * i] = p[2 * j];
            p[2 * i + 1] = p[2 * j + 1];
            p[2 * j] = tx;
            p[2 * j + 1] = ty;
        }
    }
    // Each turn: cross >= -tolerance (rounding of the vertices, ~1e-16 * scale, allowed with a wide
    // margin), and no folding back. The turns of a convex polygon add up to one full turn.
    let turning = 0;
    for (let i = 0; i < m; i++) {
        const h = i === 0 ? m - 1 : i - 1;
        const j = i === m - 1 ? 0 : i + 1;
        const e1x = p[2 * i] - p[2 * h];
        const e1y = p[2 * i + 1] - p[2 * h + 1];
        const e2x = p[2 * j] - p[2 * i];
        const e2y = p[2 * j + 1] - p[2 * i + 1];
        const cross = e1x * e2y - e1y * e2x;
        const dot = e1x * e2x + e1y * e2y;
        const l1 = sqrt(e1x * e1x + e1y * e1y);
        const l2 = sqrt(e2x * e2x + e2y * e2y);
        const tol = 1e-12 * scale * (l1 + l2);
        if (cross < -tol || (cross <= tol && dot < 0)) {
            throw notConvex(fn, `it turns the wrong way at world vertex (${p[2 * i]}, ${p[2 * i + 1]})`);
        }
        turning += atan2(cross, dot);
    }
    if (turning > 3 * PI) throw notConvex(fn, 'its outline winds around more than once');
    let minX = INFINITY;
    let minY = INFINITY;
    let maxX = -INFINITY;
    let maxY = -INFINITY;
    for (let i = 0; i < 2 * m; i += 2) {
        if (p[i] < minX) minX = p[i];
        if (p[i] > maxX) maxX = p[i];
        if (p[i + 1] < minY) minY = p[i + 1];
        if (p[i + 1] > maxY) maxY = p[i + 1];
    }
    shape.kind = 'polygon';
    shape.vertexCount = m;
    shape.minX = minX;
    shape.minY = minY;
    shape.maxX = maxX;
    shape.maxY = maxY;
    shape.cx = 0;
    shape.cy = 0;
    shape.r = 0;
}

function allCollinear(p: Float64Array, m: number, scale: number): boolean {
    // The farthest vertex from v0 fixes the line; every vertex must be on it up to rounding.
    let far = 1;
    let best = -1;
    for (let i = 1; i < m; i++) {
        const d = abs(p[2 * i] - p[0]) + abs(p[2 * i + 1] - p[1]);
        if (d > best) {
            best = d;
            far = i;
        }
    }
    const dx = p[2 * far] - p[0];
    const dy = p[2 * far + 1] - p[1];
    for (let i = 1; i < m; i++) {
        const c = dx * (p[2 * i + 1] - p[1]) - dy * (p[2 * i] - p[0]);
        if (abs(c) > 1e-12 * scale * (abs(dx) + abs(dy))) return false;
    }
    return true;
}

function notConvex(fn: string, why: string): RangeError {
    return new RangeError(`${fn}: the polygon is not convex (${why}); shape colliders must be simple convex polygons. Split it into convex parts (one collider each) or use a PixelCollider (pixel mask) for this outline.`);
}

function badNumber(fn: string, name: string, value: unknown): RangeError {
    return new RangeError(`${fn}: ${name} must be a finite number, got ${String(value)}. Check the collider's properties and the node's transform for NaN or Infinity.`);
}

function badSize(fn: string, name: string, value: unknown, what: string): RangeError {
    return new RangeError(`${fn}: ${name} must be a finite number > 0 (a ${what} of zero or less encloses no area), got ${String(value)}. Give the collider a positive ${what}.`);
}

function badOut(fn: string, out: unknown): TypeError {
    return new TypeError(`${fn}: out must be a WorldShape (create one with new WorldShape() and reuse it), got ${out === null ? 'null' : typeof out}.`);
}

/** Finite entries and an invertible 2x2 part (the conditions of assertInvertible), without allocating. */
function isUsableTransform(m: Readonly<Affine2D> | undefined): m is Readonly<Affine2D> {
    if (m === null || typeof m !== 'object') return false;
    if (!isFiniteNumber(m.a) || !isFiniteNumber(m.b) || !isFiniteNumber(m.c) || !isFiniteNumber(m.d)
        || !isFiniteNumber(m.tx) || !isFiniteNumber(m.ty)) return false;
    const det = m.a * m.d - m.b * m.c;
    return det !== 0 && isFiniteNumber(det) && isFiniteNumber(1 / det);
}

/** The error for a transform that isUsableTransform refused. */
function badTransform(fn: string, m: Readonly<Affine2D> | undefined): Error {
    if (m === null || typeof m !== 'object') {
        return new TypeError(`${fn}: transform must be an Affine2D { a, b, c, d, tx, ty } (the node's world transform), got ${m === null ? 'null' : typeof m}.`);
    }
    try {
        assertInvertible(m, `${fn}: transform`);
    } catch (e) {
        return e as Error;
    }
    return new RangeError(`${fn}: transform is not usable.`);
}

/** Checks a flat point list and returns its vertex count. */
function checkPointList(points: ArrayLike<number>, fn: string): number {
    if (points === null || typeof points !== 'object' || typeof points.length !== 'number') {
        throw new TypeError(`${fn}: points must be a flat array [x0, y0, x1, y1, ...] of numbers, got ${points === null ? 'null' : typeof points}.`);
    }
    if (points.length % 2 !== 0) {
        throw new TypeError(`${fn}: points must hold x, y pairs (an even length), got ${points.length} numbers. Pass [x0, y0, x1, y1, ...].`);
    }
    const n = points.length / 2;
    if (n < 3 || n > MAX_POLYGON_VERTICES) {
        throw new RangeError(`${fn}: points must have 3 to ${MAX_POLYGON_VERTICES} vertices, got ${n}. ${n < 3 ? 'A polygon needs at least 3 points.' : 'Simplify the outline or split it into several convex colliders.'}`);
    }
    for (let i = 0; i < points.length; i++) {
        const v = points[i];
        if (typeof v !== 'number' || !isFiniteNumber(v)) {
            throw new RangeError(`${fn}: points[${i}] (${i % 2 === 0 ? 'x' : 'y'} of vertex ${i >> 1}) must be a finite number, got ${v}. Fix the collider's points.`);
        }
    }
    return n;
}

