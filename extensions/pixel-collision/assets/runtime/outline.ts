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
 *   parts   the outline of the union: each part's mask boundary cut to its clip, and its clip's
 *           sides where its texels inside are solid, each piece kept where no part covers its
 *           outer side (no seams between the triangles of a mesh, no edges hidden under an
 *           overlapping part)
 * ```
 */
import { affineInvert, PartsState } from '../core/index';
import type { Affine2D, ColliderPart, ColliderShape } from '../core/index';

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
        case 'parts':
            return partsOutline(shape.parts, t, out);
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

/** A part's clip polygon in its texel space: its points, and its sides as half-planes `[nx, ny, c]` (inside: nx*u + ny*v + c >= 0). */
function localClip(clip: ArrayLike<number>, partMap: Readonly<Affine2D>): { points: number[]; planes: number[] } {
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
    return { points: p, planes };
}

// The outline of a parts collider --------------------------------------------------------------

/** How far from a piece its two sides are tested, in texels of the piece's part. */
const SIDE_EPS = 1e-7;
const UNION = new PartsState();
let unionStamp = 0;

/**
 * The outline of the union of `parts` under `t`: pieces of each part's own boundary (its mask's
 * texel edges cut to its clip, and its clip's sides cut at the texel grid where the texels inside
 * are solid), each kept when the world point just outside its middle lies in no part. Collinear
 * neighbours are joined. A piece is one texel edge or shorter, so where another part's edge
 * crosses a piece, the piece follows its middle (sub-texel; the editor's outline and debug view).
 */
function partsOutline(parts: readonly ColliderPart[], t: Readonly<Affine2D>, out: number[]): number {
    UNION.update(parts, t, --unionStamp);
    const w = new PieceWriter(out);
    for (let i = 0; i < parts.length; i++) {
        if (!UNION.partLive(i)) continue;
        const part = parts[i];
        const mask = part.mask;
        w.begin(UNION.worldMap(i), parts, i);
        const clip = part.clip ? localClip(part.clip, part.transform) : null;
        const planes = clip ? clip.planes : null;
        const runs = mask.boundaryRuns();
        const v = runs.vertical, h = runs.horizontal;
        // Texel edges: vertical runs (x, y0, y1), horizontal runs (y, x0, x1), cut to unit pieces.
        for (let k = 0; k < v.length; k += 3) {
            for (let y = v[k + 1]; y < v[k + 2]; y++) w.edge(planes, v[k], y, v[k], y + 1, 1, 0);
            w.flush();
        }
        for (let k = 0; k < h.length; k += 3) {
            for (let x = h[k + 1]; x < h[k + 2]; x++) w.edge(planes, x, h[k], x + 1, h[k], 0, 1);
            w.flush();
        }
        if (clip) {
            const p = clip.points, n = p.length >> 1;
            const mb = mask.bounds();
            for (let e = 0; e < n; e++) {
                const f = (e + 1) % n;
                w.side(p[2 * e], p[2 * e + 1], p[2 * f], p[2 * f + 1], clip.planes, e, mb.x, mb.y, mb.x + mb.width, mb.y + mb.height);
                w.flush();
            }
        }
    }
    return w.count;
}

/** Writes kept pieces of one part, joining a piece to the last one when it goes on from its end. */
class PieceWriter {
    count = 0;
    private m: Readonly<Affine2D> = { a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0 };
    private parts: readonly ColliderPart[] = [];
    private i = 0;
    private open = false;
    private sx = 0; private sy = 0; private ex = 0; private ey = 0;
    private readonly ts: number[] = [];

    constructor(private readonly out: number[]) {}

    begin(m: Readonly<Affine2D>, parts: readonly ColliderPart[], i: number): void {
        this.m = m; this.parts = parts; this.i = i; this.open = false;
    }

    /** A texel-edge piece (x0, y0)-(x1, y1) with unit normal (nx, ny), cut to the clip. */
    edge(planes: number[] | null, x0: number, y0: number, x1: number, y1: number, nx: number, ny: number): void {
        let t0 = 0, t1 = 1;
        if (planes) {
            for (let k = 0; k < planes.length; k += 3) {
                const f0 = planes[k] * x0 + planes[k + 1] * y0 + planes[k + 2];
                const f1 = planes[k] * x1 + planes[k + 1] * y1 + planes[k + 2];
                if (f0 < 0 && f1 < 0) { this.flush(); return; }
                if (f0 < 0) t0 = Math.max(t0, f0 / (f0 - f1));
                else if (f1 < 0) t1 = Math.min(t1, f0 / (f0 - f1));
            }
            if (t0 >= t1) { this.flush(); return; }
        }
        const ax = x0 + t0 * (x1 - x0), ay = y0 + t0 * (y1 - y0), bx = x0 + t1 * (x1 - x0), by = y0 + t1 * (y1 - y0);
        const mx = (ax + bx) / 2, my = (ay + by) / 2;
        const plus = this.own(planes, mx + SIDE_EPS * nx, my + SIDE_EPS * ny);
        const minus = this.own(planes, mx - SIDE_EPS * nx, my - SIDE_EPS * ny);
        if (plus === minus) { this.flush(); return; }
        const s = plus ? -SIDE_EPS : SIDE_EPS;
        this.keepIfOuterClear(ax, ay, bx, by, mx - s * nx, my - s * ny, mx + s * nx, my + s * ny);
    }

    /**
     * A clip side (x0, y0)-(x1, y1) in texel space, cut at the texel grid inside the mask's solid
     * bounds; a piece counts where the texel just inside the clip is solid.
     */
    side(x0: number, y0: number, x1: number, y1: number, planes: number[], e: number, bx0: number, by0: number, bx1: number, by1: number): void {
        // Inward unit normal of side e (its plane), in texel space.
        const pnx = planes[3 * e], pny = planes[3 * e + 1];
        const len = Math.hypot(pnx, pny);
        if (!(len > 0)) return;
        const nx = pnx / len, ny = pny / len;
        // Cut to the mask's solid bounds (nothing solid outside them).
        const dx = x1 - x0, dy = y1 - y0;
        let t0 = 0, t1 = 1;
        const lim = (p: number, q: number): boolean => {
            if (p === 0) return q >= 0;
            const r = q / p;
            if (p < 0) { if (r > t1) return false; if (r > t0) t0 = r; } else { if (r < t0) return false; if (r < t1) t1 = r; }
            return true;
        };
        if (!(lim(-dx, x0 - bx0) && lim(dx, bx1 - x0) && lim(-dy, y0 - by0) && lim(dy, by1 - y0)) || t0 >= t1) return;
        const ts = this.ts;
        ts.length = 0;
        ts.push(t0, t1);
        gridCuts(ts, x0, dx, t0, t1);
        gridCuts(ts, y0, dy, t0, t1);
        ts.sort((a, b) => a - b);
        for (let k = 0; k + 1 < ts.length; k++) {
            const ta = ts[k], tb = ts[k + 1];
            if (!(tb > ta)) continue;
            const ax = x0 + ta * dx, ay = y0 + ta * dy, bx = x0 + tb * dx, by = y0 + tb * dy;
            const mx = (ax + bx) / 2, my = (ay + by) / 2;
            if (!this.own(planes, mx + SIDE_EPS * nx, my + SIDE_EPS * ny)) { this.flush(); continue; }
            this.keepIfOuterClear(ax, ay, bx, by, mx + SIDE_EPS * nx, my + SIDE_EPS * ny, mx - SIDE_EPS * nx, my - SIDE_EPS * ny);
        }
    }

    /** Ends the joined segment being written. */
    flush(): void {
        if (!this.open) return;
        segment(this.out, this.m, this.sx, this.sy, this.ex, this.ey);
        this.count++;
        this.open = false;
    }

    /** Whether texel-space point (u, v) is solid in this part (its mask, inside its clip). */
    private own(planes: number[] | null, u: number, v: number): boolean {
        if (planes) {
            for (let k = 0; k < planes.length; k += 3) if (planes[k] * u + planes[k + 1] * v + planes[k + 2] < 0) return false;
        }
        return this.parts[this.i].mask.get(Math.floor(u), Math.floor(v));
    }

    /**
     * Keeps piece a-b when texel-space point (ou, ov) just outside it is solid in no part, and
     * (iu, iv) just inside it in no earlier part (an earlier part with the same edge draws it).
     */
    private keepIfOuterClear(ax: number, ay: number, bx: number, by: number, iu: number, iv: number, ou: number, ov: number): void {
        const m = this.m;
        if (UNION.pointIn(this.parts, m.a * ou + m.c * ov + m.tx, m.b * ou + m.d * ov + m.ty)) { this.flush(); return; }
        const ix = m.a * iu + m.c * iv + m.tx, iy = m.b * iu + m.d * iv + m.ty;
        for (let j = 0; j < this.i; j++) if (UNION.pointInPart(this.parts, j, ix, iy)) { this.flush(); return; }
        if (this.open && this.ex === ax && this.ey === ay) { // (one run or one side at a time: collinear)
            this.ex = bx; this.ey = by;
            return;
        }
        this.flush();
        this.sx = ax; this.sy = ay; this.ex = bx; this.ey = by;
        this.open = true;
    }
}

/** Appends the parameters in (t0, t1) where `a + t*d` crosses a whole number. */
function gridCuts(ts: number[], a: number, d: number, t0: number, t1: number): void {
    if (d === 0) return;
    const lo = Math.min(a + t0 * d, a + t1 * d), hi = Math.max(a + t0 * d, a + t1 * d);
    for (let g = Math.ceil(lo); g <= hi; g++) {
        const t = (g - a) / d;
        if (t > t0 && t < t1) ts.push(t);
    }
}
