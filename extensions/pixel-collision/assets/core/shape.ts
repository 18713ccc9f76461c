/**
 * Shape geometry: box, circle and convex polygon colliders in world space ({@link WorldShape}) and
 * the builders that put a node-space definition through a node's transform. Sampling them on the
 * world grid is shape-sampling.ts; testing two of them, shape-test.ts; rasterizing one,
 * shape-raster.ts; the tile-game slide response, response.ts.
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
 * - Membership of a sample is exact (shape-sampling.ts), on the doubles stored in the shape.
 * - The builders and the `set*` methods allocate nothing (unless a polygon needs more vertices
 *   than the shape ever held): results go to out-parameters, scratch lives in module-scope typed
 *   arrays, and internal calls pass only objects and small integers (an engine boxes a double
 *   passed to, or returned from, a call it does not inline, and a module-level `let` holding a
 *   double).
 */
import type { Affine2D } from './affine';
import { assertInvertible } from './affine';

// Engine globals, read once. Inside a `vm` context (Jest, some sandboxes) every lookup of a global
// such as `Math` or `Infinity` goes through the sandbox's interceptor, which is slow and keeps the
// optimizing compiler from treating calls as the built-ins they are.
const { abs, atan2, max, sqrt, PI } = Math;
const INFINITY = Number.POSITIVE_INFINITY;
const isFiniteNumber = Number.isFinite;
const isIntegerNumber = Number.isInteger;
const NOT_A_NUMBER = Number.NaN;

/**
 * What a {@link WorldShape} currently holds: an axis-aligned box, a circle, or a convex polygon
 * (oriented boxes and triangles are polygons).
 */
export type ShapeKind = 'aabb' | 'circle' | 'polygon';

/** Largest number of vertices a convex polygon shape may have. */
export const MAX_POLYGON_VERTICES = 64;

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

/**
 * @internal {@link polygonToWorld} for clips the runtime makes convex (a skeleton's drawn
 * triangles, which an animation may scale down to nothing; a fill's bar or wedge): a polygon of
 * zero area under `transform`, or a thin one (area below a millionth of its box's span squared)
 * that rounding folds, gives null (it holds no sample worth a part) instead of an error. Other
 * bad input (not finite, too few points, a polygon with area that is not convex) still throws.
 */
export function polygonToWorldOrNull(out: WorldShape, points: ArrayLike<number>, transform: Readonly<Affine2D>): WorldShape | null {
    if (points.length === 6 && out instanceof WorldShape && isUsableTransform(transform)) return triangleToWorld(out, points, transform);
    flags[0] = 1;
    try {
        polygonToWorld(out, points, transform);
        return flags[1] === 1 ? null : out;
    } finally {
        flags[0] = 0;
        flags[1] = 0;
        flags[2] = 0;
    }
}


/**
 * {@link polygonToWorldOrNull} of a triangle, as finishPolygon decides it without its convexity
 * walk (a triangle of non-zero area wound counter-clockwise turns left at every corner, by twice
 * its area): the same vertices, order, bounds and verdicts. A skeleton's mesh is triangles, read
 * every frame its pose changes.
 */
function triangleToWorld(out: WorldShape, points: ArrayLike<number>, t: Readonly<Affine2D>): WorldShape | null {
    const { a, b, c, d, tx, ty } = t;
    const x0 = points[0], y0 = points[1], x1 = points[2], y1 = points[3], x2 = points[4], y2 = points[5];
    if (!(isFiniteNumber(x0) && isFiniteNumber(y0) && isFiniteNumber(x1) && isFiniteNumber(y1) && isFiniteNumber(x2) && isFiniteNumber(y2))) {
        return polygonToWorld(out, points, t); // (its error names the bad point)
    }
    ensureCapacity(out, 3);
    const p = out.points;
    p[0] = a * x0 + c * y0 + tx; p[1] = b * x0 + d * y0 + ty;
    p[2] = a * x1 + c * y1 + tx; p[3] = b * x1 + d * y1 + ty;
    p[4] = a * x2 + c * y2 + tx; p[5] = b * x2 + d * y2 + ty;
    const local = Math.max(abs(x0), abs(y0), abs(x1), abs(y1), abs(x2), abs(y2));
    let scale = (abs(a) + abs(b) + abs(c) + abs(d)) * local + abs(tx) + abs(ty);
    for (let i = 0; i < 6; i++) {
        const v = p[i];
        if (!isFiniteNumber(v)) return polygonToWorld(out, points, t);
        if (abs(v) > scale) scale = abs(v);
    }
    // Vertices within noise of one another: fewer than three, no area.
    const near = 1e-10 * scale;
    if ((abs(p[2] - p[0]) <= near && abs(p[3] - p[1]) <= near) || (abs(p[4] - p[2]) <= near && abs(p[5] - p[3]) <= near)
        || (abs(p[4] - p[0]) <= near && abs(p[5] - p[1]) <= near)) return null;
    const area2 = (p[2] - p[0]) * (p[5] - p[1]) - (p[4] - p[0]) * (p[3] - p[1]);
    if (!(abs(area2) > 1e-24 * scale * scale)) return null;
    if (area2 < 0) {
        const sx = p[0], sy = p[1];
        p[0] = p[4]; p[1] = p[5]; p[4] = sx; p[5] = sy;
    }
    // A triangle this thin may still turn the wrong way at a corner by rounding: finishPolygon's
    // test at each corner (no atan2: a triangle winds once). Such a triangle is thin: no part.
    for (let i = 0; i < 3; i++) {
        const h = i === 0 ? 2 : i - 1, j = i === 2 ? 0 : i + 1;
        const e1x = p[2 * i] - p[2 * h], e1y = p[2 * i + 1] - p[2 * h + 1];
        const e2x = p[2 * j] - p[2 * i], e2y = p[2 * j + 1] - p[2 * i + 1];
        const cross = e1x * e2y - e1y * e2x, dot = e1x * e2x + e1y * e2y;
        const tol = 1e-12 * scale * (Math.sqrt(e1x * e1x + e1y * e1y) + Math.sqrt(e2x * e2x + e2y * e2y));
        if (cross < -tol || (cross <= tol && dot < 0)) return null;
    }
    out.kind = 'polygon';
    out.vertexCount = 3;
    out.minX = Math.min(p[0], p[2], p[4]); out.maxX = Math.max(p[0], p[2], p[4]);
    out.minY = Math.min(p[1], p[3], p[5]); out.maxY = Math.max(p[1], p[3], p[5]);
    out.cx = 0;
    out.cy = 0;
    out.r = 0;
    return out;
}

// ---------------------------------------------------------------------------------------------
// Private: scratch, builders' helpers, validation
// ---------------------------------------------------------------------------------------------

// Numbers shared between functions live in module-scope typed arrays: a double passed to (or
// returned from) a call the engine does not inline, or held in a module-level `let`, is boxed,
// and every such call would allocate.

/** Values handed to storeAABB / storeCircle / finishPolygon (see each). */
const store = new Float64Array(4);
/** `[0]`: zero area is no error (polygonToWorldOrNull); `[1]`: the last polygon had none; `[2]`: it is thin (a fold is rounding). */
const flags = new Uint8Array(3);

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
        if (flags[0] === 1) { flags[1] = 1; return; } // (polygonToWorldOrNull: no area, no part)
        throw new RangeError(`${fn}: the polygon has zero area (all ${n} points are collinear or coincide); a collider needs at least 3 points that are not on one line. Fix the points or the node scale.`);
    }
    // (polygonToWorldOrNull: a polygon this thin that rounding folds holds no sample worth a
    // part; a fold in a polygon with area is a real one, and an error.)
    if (flags[0] === 1) {
        let bx0 = INFINITY, by0 = INFINITY, bx1 = -INFINITY, by1 = -INFINITY;
        for (let i = 0; i < m; i++) {
            const x = p[2 * i], y = p[2 * i + 1];
            if (x < bx0) bx0 = x;
            if (x > bx1) bx1 = x;
            if (y < by0) by0 = y;
            if (y > by1) by1 = y;
        }
        const span = bx1 - bx0 + by1 - by0;
        flags[2] = abs(area2) <= 1e-6 * span * span ? 1 : 0;
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
            // (polygonToWorldOrNull: a clip made convex, folded by rounding: too thin to hold a part.)
            if (flags[0] === 1 && flags[2] === 1) { flags[1] = 1; return; }
            throw notConvex(fn, `it turns the wrong way at world vertex (${p[2 * i]}, ${p[2 * i + 1]})`);
        }
        turning += atan2(cross, dot);
    }
    if (turning > 3 * PI) {
        if (flags[0] === 1 && flags[2] === 1) { flags[1] = 1; return; }
        throw notConvex(fn, 'its outline winds around more than once');
    }
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

/** @internal A RangeError for a non-finite number argument (also used by response.ts). */
export function badNumber(fn: string, name: string, value: unknown): RangeError {
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
