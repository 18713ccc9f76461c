/**
 * The outline of a collider's shape in world space, as line segments: what the editor's scene view
 * draws for a selected `PixelCollider`, and what a game's own debug view can draw
 * (`PixelCollider.getOutline`). No engine calls: plain geometry over the core shape types.
 *
 * ```
 *   out = [x0, y0, x1, y1,  x0, y0, x1, y1,  ...]   one segment per 4 numbers, world units
 *
 *   mask    the boundary between solid and clear texels (and the mask's border), texel edges
 *           mapped through t: upright texel (i, j) covers [i, i+1) x [j, j+1), row 0 at the top
 *   box     its 4 sides          circle  a regular polygon of `circleSegments` sides
 *   polygon its sides, closed
 *   parts   each part's mask outline under its own map, cut to its clip, and the clip's sides
 * ```
 */
import { affineInvert, affineMultiply } from '../core/index';
import type { Affine2D, ColliderShape } from '../core/index';

const PART_MAP: Affine2D = { a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0 };
const TO_TEXELS: Affine2D = { a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0 };

/** Segments used for a circle's outline by default. */
export const OUTLINE_CIRCLE_SEGMENTS = 48;

/**
 * Appends the outline of `shape` under the local → world map `t` to `out` (4 numbers a segment)
 * and returns how many segments it appended. `out` is not cleared: set `out.length = 0` first to
 * reuse an array.
 */
export function shapeOutline(shape: Readonly<ColliderShape>, t: Readonly<Affine2D>, out: number[], circleSegments = OUTLINE_CIRCLE_SEGMENTS): number {
    switch (shape.kind) {
        case 'mask': {
            const runs = shape.mask.boundaryRuns();
            const v = runs.vertical, h = runs.horizontal;
            // vertical: (x, y0, y1) triples; horizontal: (y, x0, x1) triples, texel edge coordinates.
            for (let k = 0; k < v.length; k += 3) segment(out, t, v[k], v[k + 1], v[k], v[k + 2]);
            for (let k = 0; k < h.length; k += 3) segment(out, t, h[k + 1], h[k], h[k + 2], h[k]);
            return (v.length + h.length) / 3;
        }
        case 'box': {
            const ax = shape.anchorX ?? 0.5, ay = shape.anchorY ?? 0.5;
            const x0 = (shape.offsetX ?? 0) - ax * shape.width, y0 = (shape.offsetY ?? 0) - ay * shape.height;
            const x1 = x0 + shape.width, y1 = y0 + shape.height;
            return closedPolygon(out, t, [x0, y0, x1, y0, x1, y1, x0, y1]);
        }
        case 'circle': {
            const n = Math.max(3, Math.floor(circleSegments));
            const cx = shape.offsetX ?? 0, cy = shape.offsetY ?? 0, r = shape.radius;
            // The collider's circle keeps its radius in world units = radius x (x-axis scale): draw it round.
            const wx = t.a * cx + t.c * cy + t.tx, wy = t.b * cx + t.d * cy + t.ty;
            const wr = r * Math.hypot(t.a, t.b);
            for (let k = 0; k < n; k++) {
                const a0 = (2 * Math.PI * k) / n, a1 = (2 * Math.PI * (k + 1)) / n;
                out.push(wx + wr * Math.cos(a0), wy + wr * Math.sin(a0), wx + wr * Math.cos(a1), wy + wr * Math.sin(a1));
            }
            return n;
        }
        case 'polygon':
            return closedPolygon(out, t, shape.points);
        case 'parts': {
            let n = 0;
            for (const part of shape.parts) {
                const m = affineMultiply(PART_MAP, t, part.transform);
                const runs = part.mask.boundaryRuns();
                const v = runs.vertical, h = runs.horizontal;
                const clip = part.clip ? localClip(part.clip, part.transform) : null;
                for (let k = 0; k < v.length; k += 3) n += clipped(out, m, clip, v[k], v[k + 1], v[k], v[k + 2]);
                for (let k = 0; k < h.length; k += 3) n += clipped(out, m, clip, h[k + 1], h[k], h[k + 2], h[k]);
                if (part.clip) n += closedPolygon(out, t, part.clip);
            }
            return n;
        }
        default:
            return 0;
    }
}

function segment(out: number[], t: Readonly<Affine2D>, x0: number, y0: number, x1: number, y1: number): void {
    out.push(t.a * x0 + t.c * y0 + t.tx, t.b * x0 + t.d * y0 + t.ty, t.a * x1 + t.c * y1 + t.tx, t.b * x1 + t.d * y1 + t.ty);
}

function closedPolygon(out: number[], t: Readonly<Affine2D>, p: ArrayLike<number>): number {
    const n = p.length >> 1;
    if (n < 2) return 0;
    for (let i = 0; i < n; i++) {
        const j = (i + 1) % n;
        segment(out, t, p[2 * i], p[2 * i + 1], p[2 * j], p[2 * j + 1]);
    }
    return n;
}

/** A part's clip polygon in its texel space, as half-planes `[nx, ny, c]` (inside: nx*u + ny*v + c >= 0). */
function localClip(clip: ArrayLike<number>, partMap: Readonly<Affine2D>): number[] {
    const inv = affineInvert(TO_TEXELS, partMap, 'part transform');
    const n = clip.length >> 1;
    const p: number[] = [];
    let area = 0;
    for (let i = 0; i < n; i++) {
        const x = clip[2 * i], y = clip[2 * i + 1];
        p.push(inv.a * x + inv.c * y + inv.tx, inv.b * x + inv.d * y + inv.ty);
    }
    for (let i = 0; i < n; i++) {
        const j = (i + 1) % n;
        area += p[2 * i] * p[2 * j + 1] - p[2 * j] * p[2 * i + 1];
    }
    const s = area >= 0 ? 1 : -1;
    const planes: number[] = [];
    for (let i = 0; i < n; i++) {
        const j = (i + 1) % n;
        const ex = p[2 * j] - p[2 * i], ey = p[2 * j + 1] - p[2 * i + 1];
        planes.push(-ey * s, ex * s, (ey * p[2 * i] - ex * p[2 * i + 1]) * s);
    }
    return planes;
}

/** Appends the part of the texel-space segment inside the clip's half-planes (all of it without a clip); 1 or 0. */
function clipped(out: number[], m: Readonly<Affine2D>, planes: number[] | null, x0: number, y0: number, x1: number, y1: number): number {
    let t0 = 0, t1 = 1;
    if (planes) {
        for (let k = 0; k < planes.length; k += 3) {
            const f0 = planes[k] * x0 + planes[k + 1] * y0 + planes[k + 2];
            const f1 = planes[k] * x1 + planes[k + 1] * y1 + planes[k + 2];
            if (f0 < 0 && f1 < 0) return 0;
            if (f0 < 0) t0 = Math.max(t0, f0 / (f0 - f1));
            else if (f1 < 0) t1 = Math.min(t1, f0 / (f0 - f1));
        }
        if (t0 >= t1) return 0;
    }
    const dx = x1 - x0, dy = y1 - y0;
    segment(out, m, x0 + t0 * dx, y0 + t0 * dy, x0 + t1 * dx, y0 + t1 * dy);
    return 1;
}
