/**
 * Where the engine draws the texels of a SLICED or FILLED sprite, as parts (core `ColliderPart`:
 * a mask, its texel -> node-local map, an optional convex clip in node-local units). Plain
 * geometry, no engine calls: the component reads the sprite and hands the numbers over.
 *
 * SLICED (`cocos/2d/assembler/sprite/sliced.ts`): the frame's rect cut by its insets into up to
 * nine pieces, each stretched over its cell of the content box. The border columns keep their
 * width in units unless the box is narrower than both borders together, when both shrink by
 * `cw / (L + R)` and the centre has no width; the same for rows. The frame's trim offset plays
 * no part (the rect fills the content box).
 *
 * ```
 *   texel columns  [0, L)          [L, w - R)            [w - R, w)
 *   local x        [l, l + L·sx)   [.., r - R·sx)        [r - R·sx, r]      sx = min(1, cw / (L + R))
 *   texel rows     [0, T) -> top   [T, h - B) -> middle  [h - B, h) -> bottom (y up: b .. t)
 * ```
 *
 * FILLED (`bar-filled.ts`, `radial-filled.ts`): the whole rect stretched over the content box (no
 * trim offset either), cut by the fill:
 * - HORIZONTAL / VERTICAL: the box from `fillStart` to `fillStart + fillRange` of its width
 *   (from the left) or height (from the bottom); a negative range runs back from the start.
 * - RADIAL: the wedge around `fillCenter` (fractions of the box, clamped to it) from the angle
 *   `fillStart · 2π` (counter-clockwise from +x) over `fillRange · 2π` (negative: clockwise), cut
 *   to the box; a range of a whole turn is the whole box. The engine draws it as up to five
 *   triangles from the centre; here it is one to four convex wedges of at most a quarter turn,
 *   which cover the same points.
 */
import type { Affine2D, BitMask, ColliderPart } from '../core/index';

/** Inputs of a sliced or filled sprite's parts (numbers the component reads from the sprite). */
export interface SpritePartsInput {
    /** The frame's upright mask (`rect.width x rect.height` texels). */
    mask: BitMask;
    /** Content size and anchor. */
    cw: number;
    ch: number;
    ax: number;
    ay: number;
}

/** The pieces of one frame's mask for one set of insets (cut once, kept by the caller). */
export interface SlicePieces {
    mask: BitMask;
    insets: [number, number, number, number];
    /** Texel stops of the columns `[0, L, w - R, w]` and rows `[0, T, h - B, h]` (row 0 at the top). */
    us: number[];
    vs: number[];
    /** Piece (col, row), row 0 = top texel rows: its mask, or null when it has no texels. */
    pieces: (BitMask | null)[];
}

/** Cuts `mask` into the 3 x 3 pieces of insets `[left, top, right, bottom]` (texels). */
export function slicePieces(mask: BitMask, left: number, top: number, right: number, bottom: number): SlicePieces {
    const us = sliceStops(mask.width, left, right), vs = sliceStops(mask.height, top, bottom);
    const pieces: (BitMask | null)[] = [];
    for (let row = 0; row < 3; row++) {
        for (let col = 0; col < 3; col++) {
            const u0 = us[col], u1 = us[col + 1], v0 = vs[row], v1 = vs[row + 1];
            pieces.push(u1 > u0 && v1 > v0 ? mask.crop(u0, v0, u1 - u0, v1 - v0) : null);
        }
    }
    return { mask, insets: [left, top, right, bottom], us, vs, pieces };
}

/** Texel stops `[0, a, n - b, n]` of a side of `n` texels with borders `a` and `b` (clamped into the side). */
function sliceStops(n: number, a: number, b: number): number[] {
    const s1 = Math.min(Math.max(0, Math.round(a)), n);
    const s2 = Math.max(s1, n - Math.min(Math.max(0, Math.round(b)), n));
    return [0, s1, s2, n];
}

/** The parts of a SLICED sprite (see the file notes) into `out` (cleared first). */
export function slicedParts(input: SpritePartsInput, cut: SlicePieces, out: ColliderPart[]): ColliderPart[] {
    out.length = 0;
    const { cw, ch } = input;
    const px = input.ax * cw, py = input.ay * ch;
    const [left, top, right, bottom] = cut.insets;
    // The engine's updateVertexData, number for number.
    let xScale = cw / (left + right), yScale = ch / (top + bottom);
    xScale = Number.isNaN(xScale) || xScale > 1 ? 1 : xScale;
    yScale = Number.isNaN(yScale) || yScale > 1 ? 1 : yScale;
    let sizableW = cw - left - right, sizableH = ch - top - bottom;
    sizableW = sizableW < 0 ? 0 : sizableW;
    sizableH = sizableH < 0 ? 0 : sizableH;
    const x1 = left * xScale - px, y1 = bottom * yScale - py;
    const xs = [-px, x1, x1 + sizableW, cw - px];
    const ys = [-py, y1, y1 + sizableH, ch - py]; // bottom to top
    const { us, vs } = cut;
    for (let row = 0; row < 3; row++) {
        // Texel rows [vs[row], vs[row + 1]) (row 0 at the top) span local y from ys[3 - row] down to ys[2 - row].
        const yTop = ys[3 - row], yBot = ys[2 - row];
        const dv = vs[row + 1] - vs[row];
        for (let col = 0; col < 3; col++) {
            const piece = cut.pieces[3 * row + col];
            const du = us[col + 1] - us[col];
            const x0 = xs[col], xe = xs[col + 1];
            if (!piece || !(xe !== x0) || !(yTop !== yBot)) continue; // drawn with no area
            const t: Affine2D = { a: (xe - x0) / du, b: 0, c: 0, d: -(yTop - yBot) / dv, tx: x0, ty: yTop };
            out.push({ mask: piece, transform: t });
        }
    }
    return out;
}

/** What {@link typedSpriteParts} reads of a sprite and its frame (the engine's `Sprite`, `SpriteFrame`). */
export interface TypedSpriteLike {
    fillType: number;
    fillStart: number;
    fillRange: number;
    fillCenter: { x: number; y: number };
}
export interface InsetsLike {
    insetLeft: number;
    insetTop: number;
    insetRight: number;
    insetBottom: number;
}

/**
 * The parts of a SLICED (`sliced` true) or FILLED sprite showing `input.mask`, into `out`; the
 * collider and a bare sprite's check both build them here. Returns the slice pieces used (`cut`
 * again when it matches the mask and insets, else newly cut), for the caller to keep; `cut`
 * unchanged for a filled sprite.
 */
export function typedSpriteParts(sprite: TypedSpriteLike, frame: InsetsLike, sliced: boolean, input: SpritePartsInput,
    cut: SlicePieces | null, out: ColliderPart[]): SlicePieces | null {
    if (sliced) {
        const L = frame.insetLeft, T = frame.insetTop, R = frame.insetRight, B = frame.insetBottom;
        if (!cut || cut.mask !== input.mask || cut.insets[0] !== L || cut.insets[1] !== T || cut.insets[2] !== R || cut.insets[3] !== B) {
            cut = slicePieces(input.mask, L, T, R, B);
        }
        slicedParts(input, cut, out);
        return cut;
    }
    const c = sprite.fillCenter;
    filledParts({ ...input, fillType: sprite.fillType, fillStart: sprite.fillStart, fillRange: sprite.fillRange, fillCenterX: c.x, fillCenterY: c.y }, out);
    return cut;
}

/** Fill state of a FILLED sprite (the sprite's own values). */
export interface FillInput extends SpritePartsInput {
    /** 0 HORIZONTAL, 1 VERTICAL, 2 RADIAL. */
    fillType: number;
    fillStart: number;
    fillRange: number;
    fillCenterX: number;
    fillCenterY: number;
}

/** The parts of a FILLED sprite (see the file notes) into `out` (cleared first); none when nothing is drawn. */
export function filledParts(input: FillInput, out: ColliderPart[]): ColliderPart[] {
    out.length = 0;
    const { mask, cw, ch } = input;
    const l = -input.ax * cw, b = -input.ay * ch, r = cw - input.ax * cw, t = ch - input.ay * ch;
    if (!(r !== l) || !(t !== b)) return out;
    // The whole rect over the content box: x = l + (r - l) / w * u, y = t - (t - b) / h * v.
    const map: Affine2D = { a: (r - l) / mask.width, b: 0, c: 0, d: -(t - b) / mask.height, tx: l, ty: t };
    if (input.fillType === 2) {
        radialClips(input, l, b, r, t, (clip) => out.push({ mask, transform: map, clip }));
        return out;
    }
    // bar-filled.ts: the range normalized and clamped to [0, 1].
    let start = input.fillStart, range = input.fillRange;
    if (range < 0) { start += range; range = -range; }
    let end = start + range;
    start = Math.min(Math.max(start, 0), 1);
    end = Math.min(Math.max(end, 0), 1);
    range = Math.max(0, end - start);
    end = Math.min(1, start + range);
    if (!(end > start)) return out;
    let clip: number[];
    if (input.fillType === 1) {
        const y0 = b + (t - b) * start, y1 = b + (t - b) * end;
        clip = [l, y0, r, y0, r, y1, l, y1];
    } else {
        const x0 = l + (r - l) * start, x1 = l + (r - l) * end;
        clip = [x0, b, x1, b, x1, t, x0, t];
    }
    out.push({ mask, transform: map, clip: start === 0 && end === 1 ? null : clip });
    return out;
}

/** Calls `emit` with each convex piece (at most a quarter turn) of the radial fill's wedge cut to the box. */
function radialClips(input: FillInput, l: number, b: number, r: number, t: number, emit: (clip: number[] | null) => void): void {
    let start = input.fillStart, range = input.fillRange;
    if (range < 0) { start += range; range = -range; }
    while (start >= 1) start -= 1;
    while (start < 0) start += 1;
    if (!(range > 0)) return;
    if (range >= 1) { emit(null); return; }
    const cx = Math.min(Math.max(0, input.fillCenterX), 1) * (r - l) + l;
    const cy = Math.min(Math.max(0, input.fillCenterY), 1) * (t - b) + b;
    const a0 = start * 2 * Math.PI, span = range * 2 * Math.PI;
    const n = Math.ceil(span / (Math.PI / 2) - 1e-12);
    const box = [Math.min(l, r), Math.min(b, t), Math.max(l, r), Math.min(b, t), Math.max(l, r), Math.max(b, t), Math.min(l, r), Math.max(b, t)];
    for (let i = 0; i < n; i++) {
        const s = a0 + (span * i) / n, e = a0 + (span * (i + 1)) / n;
        // Keep the box's side of the ray at s (to its left) and of the ray at e (to its right).
        let poly = halfPlane(box, cx, cy, Math.cos(s), Math.sin(s), 1);
        poly = halfPlane(poly, cx, cy, Math.cos(e), Math.sin(e), -1);
        const clean = dedupe(poly);
        if (clean.length >= 6 && Math.abs(area(clean)) > 1e-9 * Math.abs((r - l) * (t - b))) emit(clean);
    }
}

/** Sutherland-Hodgman: the part of polygon `p` where `side * cross((dx, dy), q - c) >= 0`. */
function halfPlane(p: number[], cx: number, cy: number, dx: number, dy: number, side: number): number[] {
    const out: number[] = [];
    const n = p.length >> 1;
    for (let i = 0; i < n; i++) {
        const j = (i + 1) % n;
        const xi = p[2 * i], yi = p[2 * i + 1], xj = p[2 * j], yj = p[2 * j + 1];
        const fi = side * (dx * (yi - cy) - dy * (xi - cx)), fj = side * (dx * (yj - cy) - dy * (xj - cx));
        if (fi >= 0) out.push(xi, yi);
        if ((fi >= 0) !== (fj >= 0)) {
            const k = fi / (fi - fj);
            out.push(xi + k * (xj - xi), yi + k * (yj - yi));
        }
    }
    return out;
}

function dedupe(p: number[]): number[] {
    const out: number[] = [];
    const n = p.length >> 1;
    for (let i = 0; i < n; i++) {
        const x = p[2 * i], y = p[2 * i + 1];
        const m = out.length;
        if (m >= 2 && Math.abs(out[m - 2] - x) < 1e-9 && Math.abs(out[m - 1] - y) < 1e-9) continue;
        out.push(x, y);
    }
    while (out.length >= 4 && Math.abs(out[0] - out[out.length - 2]) < 1e-9 && Math.abs(out[1] - out[out.length - 1]) < 1e-9) out.length -= 2;
    return out;
}

function area(p: number[]): number {
    let s = 0;
    const n = p.length >> 1;
    for (let i = 0; i < n; i++) {
        const j = (i + 1) % n;
        s += p[2 * i] * p[2 * j + 1] - p[2 * j] * p[2 * i + 1];
    }
    return s / 2;
}
