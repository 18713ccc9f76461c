/**
 * 2D affine transforms.
 *
 * ```
 *   local (x, y)  ──T──▶  world (a*x + c*y + tx,  b*x + d*y + ty)
 *
 *        | a  c  tx |
 *   T =  | b  d  ty |      (column vectors, like gl-matrix mat2d)
 *        | 0  0  1  |
 * ```
 *
 * For a mask collider, *local* space is the mask's image space: texel (i, j) covers
 * `[i, i+1) x [j, j+1)`, x to the right, **y down** (row 0 is the top of the image).
 * *World* space is whatever the caller uses; in Cocos it is y-up, so a sprite drawn
 * upright has `d < 0` (the runtime adapter builds that transform, the core does not care).
 *
 * All helpers take `Readonly` inputs and write into an `out` object they also return,
 * so hot code can reuse scratch transforms (gl-matrix style).
 */
export interface Affine2D {
    a: number;
    b: number;
    c: number;
    d: number;
    tx: number;
    ty: number;
}

/** A fresh identity transform. Allocates; use in set-up code, not per frame. */
export function affineIdentity(): Affine2D {
    return { a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0 };
}

/** A fresh transform with the given entries. */
export function affine(a: number, b: number, c: number, d: number, tx: number, ty: number): Affine2D {
    return { a, b, c, d, tx, ty };
}

/** Copies `src` into `out`. */
export function affineCopy(out: Affine2D, src: Readonly<Affine2D>): Affine2D {
    out.a = src.a; out.b = src.b; out.c = src.c; out.d = src.d; out.tx = src.tx; out.ty = src.ty;
    return out;
}

/** Sets `out` to the given entries. */
export function affineSet(out: Affine2D, a: number, b: number, c: number, d: number, tx: number, ty: number): Affine2D {
    out.a = a; out.b = b; out.c = c; out.d = d; out.tx = tx; out.ty = ty;
    return out;
}

/**
 * `out = m * n`: first apply `n`, then `m` (so `compose(out, parent, child)` is the child's
 * world transform). `out` may alias either input.
 */
export function affineMultiply(out: Affine2D, m: Readonly<Affine2D>, n: Readonly<Affine2D>): Affine2D {
    const a = m.a * n.a + m.c * n.b;
    const b = m.b * n.a + m.d * n.b;
    const c = m.a * n.c + m.c * n.d;
    const d = m.b * n.c + m.d * n.d;
    const tx = m.a * n.tx + m.c * n.ty + m.tx;
    const ty = m.b * n.tx + m.d * n.ty + m.ty;
    out.a = a; out.b = b; out.c = c; out.d = d; out.tx = tx; out.ty = ty;
    return out;
}

/**
 * Translation, then rotation (radians, counter-clockwise in a y-up world), then scale,
 * applied to a point in that order read right to left: `T * R * S`.
 * `scaleX < 0` / `scaleY < 0` flip.
 */
export function affineFromTRS(out: Affine2D, x: number, y: number, rotation: number, scaleX: number, scaleY: number): Affine2D {
    const cos = Math.cos(rotation);
    const sin = Math.sin(rotation);
    out.a = cos * scaleX;
    out.b = sin * scaleX;
    out.c = -sin * scaleY;
    out.d = cos * scaleY;
    out.tx = x;
    out.ty = y;
    return out;
}

/** `a*d - b*c`. */
export function affineDeterminant(m: Readonly<Affine2D>): number {
    return m.a * m.d - m.b * m.c;
}

/** True when all six entries are finite numbers. */
export function affineIsFinite(m: Readonly<Affine2D>): boolean {
    return Number.isFinite(m.a) && Number.isFinite(m.b) && Number.isFinite(m.c)
        && Number.isFinite(m.d) && Number.isFinite(m.tx) && Number.isFinite(m.ty);
}

/**
 * Throws a `RangeError` naming `name` when `m` has a NaN/infinite entry or cannot be inverted
 * (zero scale, or a skew that collapses the sprite to a line). A collider with such a transform
 * covers no area, so every answer about it would be meaningless: fix the node's scale instead.
 */
export function assertInvertible(m: Readonly<Affine2D>, name: string): void {
    if (!affineIsFinite(m)) {
        throw new RangeError(`${name} has a NaN or infinite entry (${affineToString(m)}); every entry must be a finite number. Check the node's position, rotation and scale.`);
    }
    const det = affineDeterminant(m);
    if (det === 0 || !Number.isFinite(det) || !Number.isFinite(1 / det)) {
        throw new RangeError(`${name} is not invertible (determinant ${det}): a zero scale or a degenerate skew collapses the collider to a line or a point. Give the node a non-zero scale on both axes.`);
    }
}

/**
 * `out = m^-1`. Throws a `RangeError` when `m` is not invertible or not finite
 * (see {@link assertInvertible}). `out` may alias `m`.
 */
export function affineInvert(out: Affine2D, m: Readonly<Affine2D>, name = 'transform'): Affine2D {
    assertInvertible(m, name);
    const det = m.a * m.d - m.b * m.c;
    const a = m.d / det;
    const b = -m.b / det;
    const c = -m.c / det;
    const d = m.a / det;
    const tx = -(a * m.tx + c * m.ty);
    const ty = -(b * m.tx + d * m.ty);
    out.a = a; out.b = b; out.c = c; out.d = d; out.tx = tx; out.ty = ty;
    return out;
}

/** Writes `m * (x, y)` into `out` (an object with `x`, `y`) and returns it. */
export function affineApply<T extends { x: number; y: number }>(out: T, m: Readonly<Affine2D>, x: number, y: number): T {
    const nx = m.a * x + m.c * y + m.tx;
    const ny = m.b * x + m.d * y + m.ty;
    out.x = nx;
    out.y = ny;
    return out;
}

/** `out = m` followed by a translation of the result by `(dx, dy)` in world space. */
export function affineTranslate(out: Affine2D, m: Readonly<Affine2D>, dx: number, dy: number): Affine2D {
    affineCopy(out, m);
    out.tx += dx;
    out.ty += dy;
    return out;
}

/** Exact entry-wise equality. */
export function affineEquals(m: Readonly<Affine2D>, n: Readonly<Affine2D>): boolean {
    return m.a === n.a && m.b === n.b && m.c === n.c && m.d === n.d && m.tx === n.tx && m.ty === n.ty;
}

/** A short human-readable form, for error messages. */
export function affineToString(m: Readonly<Affine2D>): string {
    return `{a: ${m.a}, b: ${m.b}, c: ${m.c}, d: ${m.d}, tx: ${m.tx}, ty: ${m.ty}}`;
}

/**
 * World-space axis-aligned bounds of the local rectangle `[x0, x1] x [y0, y1]` under `m`,
 * written to `out` as `{ minX, minY, maxX, maxY }`.
 */
export function affineBounds<T extends { minX: number; minY: number; maxX: number; maxY: number }>(
    out: T, m: Readonly<Affine2D>, x0: number, y0: number, x1: number, y1: number,
): T {
    const ax0 = m.a * x0, ax1 = m.a * x1, cy0 = m.c * y0, cy1 = m.c * y1;
    const bx0 = m.b * x0, bx1 = m.b * x1, dy0 = m.d * y0, dy1 = m.d * y1;
    out.minX = Math.min(ax0, ax1) + Math.min(cy0, cy1) + m.tx;
    out.maxX = Math.max(ax0, ax1) + Math.max(cy0, cy1) + m.tx;
    out.minY = Math.min(bx0, bx1) + Math.min(dy0, dy1) + m.ty;
    out.maxY = Math.max(bx0, bx1) + Math.max(dy0, dy1) + m.ty;
    return out;
}

/**
 * Visits every texel `(i, j)` of a `width x height` grid (a mask, or a frame's pixels) whose centre
 * `m(i + 0.5, j + 0.5)` lies in the closed disc of centre `(x, y)` and radius `radius` (world
 * units), row by row; returns how many it visited. Only the texels under the disc's world box are
 * looked at. A map that is not invertible, or a radius that is not `>= 0`, visits nothing. Used by
 * the collider's `eraseCircle` / `paintCircle`, and by games that erase a picture's pixels the
 * same way (the same texels, so picture and mask stay in step).
 */
export function forEachTexelInDisc(
    m: Readonly<Affine2D>, width: number, height: number, x: number, y: number, radius: number,
    visit: (i: number, j: number) => void,
): number {
    const det = m.a * m.d - m.b * m.c;
    if (!(Math.abs(det) > 0) || !(radius >= 0)) return 0;
    const ia = m.d / det, ib = -m.b / det, ic = -m.c / det, id = m.a / det;
    let i0 = Infinity, i1 = -Infinity, j0 = Infinity, j1 = -Infinity;
    for (let k = 0; k < 4; k++) {
        const wx = x + (k & 1 ? radius : -radius) - m.tx, wy = y + (k & 2 ? radius : -radius) - m.ty;
        const u = ia * wx + ic * wy, v = ib * wx + id * wy;
        i0 = Math.min(i0, u); i1 = Math.max(i1, u); j0 = Math.min(j0, v); j1 = Math.max(j1, v);
    }
    const r2 = radius * radius;
    let n = 0;
    for (let j = Math.max(0, Math.floor(j0) - 1); j <= Math.min(height - 1, Math.ceil(j1)); j++) {
        for (let i = Math.max(0, Math.floor(i0) - 1); i <= Math.min(width - 1, Math.ceil(i1)); i++) {
            const cx = m.a * (i + 0.5) + m.c * (j + 0.5) + m.tx - x, cy = m.b * (i + 0.5) + m.d * (j + 0.5) + m.ty - y;
            if (cx * cx + cy * cy > r2) continue;
            visit(i, j);
            n++;
        }
    }
    return n;
}
