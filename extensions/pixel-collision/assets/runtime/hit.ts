/**
 * Exact point tests on a core collider: is the collider solid at a world point (no sampling
 * grid)? Used by pixel-exact touch (PixelCollider.pixelTouch) and PixelIntersection.opaqueAt.
 */
import { shapeContains } from '../core/index';
import type { Affine2D, Collider } from '../core/index';

const BOUNDS = { minX: 0, minY: 0, maxX: 0, maxY: 0 };
const INV: Affine2D = { a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0 };

/**
 * For a mask: the texel under (x, y) is opaque (texel (i, j) covers [i, i+1) x [j, j+1) of the
 * mask's space, mapped to the world by the collider's transform). For a box, circle or polygon:
 * (x, y) is inside. False for non-finite points and singular transforms.
 */
export function solidAt(c: Collider<unknown>, x: number, y: number): boolean {
    if (!Number.isFinite(x) || !Number.isFinite(y)) return false;
    const s = c.shape;
    if (s.kind === 'parts') {
        c.getBounds(BOUNDS); // (applies a pending transform and brings the parts up to date)
        return c._parts(s.parts).pointIn(s.parts, x, y);
    }
    if (s.kind !== 'mask') return shapeContains(c._shape(), x, y);
    const t = c.transform;
    const det = t.a * t.d - t.b * t.c;
    if (!(det !== 0) || !Number.isFinite(1 / det)) return false;
    INV.a = t.d / det; INV.b = -t.b / det; INV.c = -t.c / det; INV.d = t.a / det;
    const dx = x - t.tx, dy = y - t.ty;
    const u = INV.a * dx + INV.c * dy, v = INV.b * dx + INV.d * dy;
    return s.mask.get(Math.floor(u), Math.floor(v));
}
