/**
 * Where the engine draws a simple sprite's texels: the map from the frame's UPRIGHT texel space
 * to world space, computed from the node and the frame (not from `sprite.renderData`, which at
 * a System's `postUpdate` still holds the previous frame's vertices).
 *
 * ```
 *   upright texel space (the frame as displayed)        local quad (node space, y up)
 *   (0,0) ───────────▶ x (w = rect.width)               (l,t) v2 ─────────── v3 (r,t)
 *     │  texel (i, j) covers                               │                      │
 *     │  [i, i+1) x [j, j+1)                               │     the frame's rect │
 *     ▼ y (h = rect.height), row 0 at the top            (l,b) v0 ─────────── v1 (r,b)
 *
 *   (0, h) → v0, (w, h) → v1, (0, 0) → v2, (w, 0) → v3; then node.worldMatrix (any nesting,
 *   rotation, flips, skew through rotated parents with non-uniform scale).
 * ```
 *
 * The quad is the engine's `cocos/2d/assembler/sprite/simple.ts` (`updateVertexData`):
 * - `trim = true`: the whole content box, `l = -ax·cw`, `r = cw - ax·cw`, `b = -ay·ch`, `t = ch - ay·ch`
 *   (the frame's rect is stretched over it; its offset plays no part);
 * - `trim = false`: the rect scaled by contentSize / originalSize and placed by `trimmedBorder`
 *   `[L, R, B, T]`: `l = L·sx - ax·cw`, `r = cw + R·sx - ax·cw`, `b = B·sy - ay·ch`, `t = ch + T·sy - ay·ch`.
 *
 * Checked against what the real engine drew (test/runtime/sprite-geometry.test.ts reads
 * test/fixtures/engine-sprite-geometry.json: 247 recorded configurations).
 */
import { UITransform } from 'cc';
import type { Mat4, Sprite, SpriteFrame } from 'cc';
import type { Affine2D } from '../core/index';
import { worldMatrixOf } from './node-matrix';

/** Scratch quad `[l, b, r, t]` (module scope: no allocation per call). */
const QUAD = new Float64Array(4);

/**
 * The local quad `[l, b, r, t]` of a simple sprite showing `frame` with content size
 * `size[0] x size[1]` and anchor `size[2], size[3]`, written into `out`.
 */
export function spriteLocalQuad(frame: SpriteFrame, trim: boolean, size: Float64Array, out: Float64Array): void {
    const cw = size[0], ch = size[1];
    const px = size[2] * cw, py = size[3] * ch;
    if (trim) {
        out[0] = -px;
        out[1] = -py;
        out[2] = cw - px;
        out[3] = ch - py;
        return;
    }
    const os = frame.originalSize;
    const tb = frame.trimmedBorder;
    const sx = cw / os.width, sy = ch / os.height;
    out[0] = tb.x * sx - px;
    out[1] = tb.z * sy - py;
    out[2] = cw + tb.y * sx - px;
    out[3] = ch + tb.w * sy - py;
}

/**
 * Composes the upright-texel → world map from a local quad `[l, b, r, t]`, the frame's upright
 * size `rect.width x rect.height` and the node's world matrix. Returns false (and leaves `out`
 * unspecified) when the map is degenerate or not finite: zero size or scale, NaN positions.
 */
export function quadToWorld(quad: Float64Array, w: number, h: number, m: Readonly<Mat4>, out: Affine2D): boolean {
    quadToLocal(quad, w, h, LOCAL);
    const t = composeLocal(LOCAL, m, T6, 0);
    out.a = t[0]; out.b = t[1]; out.c = t[2]; out.d = t[3]; out.tx = t[4]; out.ty = t[5];
    const det = out.a * out.d - out.b * out.c;
    return det !== 0 && Number.isFinite(det) && Number.isFinite(out.tx) && Number.isFinite(out.ty);
}

/**
 * The upright-texel → node-local map of a local quad `[l, b, r, t]` and the frame's upright size
 * `w x h`, as `[la, ld, lx, ly]` into `out`: `x = lx + la u`, `y = ly + ld v`. It changes only when
 * the frame, trim, content size or anchor does: keep it, and compose it with the world matrix
 * each frame ({@link composeLocal}).
 */
export function quadToLocal(quad: Float64Array, w: number, h: number, out: Float64Array, at = 0): Float64Array {
    // Local: x = l + (r - l) / w * u, y = t - (t - b) / h * v.
    out[at] = (quad[2] - quad[0]) / w;
    out[at + 1] = -(quad[3] - quad[1]) / h;
    out[at + 2] = quad[0];
    out[at + 3] = quad[3];
    return out;
}

/**
 * The world matrix `m` after the texel → local map `local[from..from + 3]` = `[la, ld, lx, ly]`:
 * the affine map `[a, b, c, d, tx, ty]` written into `out` from index `at` (typed arrays: no
 * boxed numbers).
 */
export function composeLocal(local: Float64Array, m: Readonly<Mat4>, out: Float64Array, at: number, from = 0): Float64Array {
    const la = local[from], ld = local[from + 1], lx = local[from + 2], ly = local[from + 3];
    out[at] = m.m00 * la;
    out[at + 1] = m.m01 * la;
    out[at + 2] = m.m04 * ld;
    out[at + 3] = m.m05 * ld;
    out[at + 4] = m.m00 * lx + m.m04 * ly + m.m12;
    out[at + 5] = m.m01 * lx + m.m05 * ly + m.m13;
    return out;
}

const T6 = new Float64Array(6);
const LOCAL = new Float64Array(4);
const SIZE = new Float64Array(4);

/**
 * The map from the sprite's frame's upright texel space to world space (see the file header).
 * Returns false when the sprite shows nothing a collider could use: no frame, a zero-size frame
 * or content box, a singular or non-finite world matrix. Only `Sprite.Type.SIMPLE` geometry.
 */
export function spriteToWorld(sprite: Sprite, out: Affine2D): boolean {
    const frame = sprite.spriteFrame;
    if (!frame) return false;
    const ui = sprite.node.getComponent(UITransform);
    if (!ui) return false;
    const rect = frame.rect;
    if (!(rect.width > 0 && rect.height > 0)) return false;
    const cs = ui.contentSize, ap = ui.anchorPoint;
    SIZE[0] = cs.width; SIZE[1] = cs.height; SIZE[2] = ap.x; SIZE[3] = ap.y;
    spriteLocalQuad(frame, sprite.trim, SIZE, QUAD);
    return quadToWorld(QUAD, rect.width, rect.height, worldMatrixOf(sprite.node), out);
}
