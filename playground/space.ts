/**
 * The three coordinate spaces of the playground and the maps between them.
 *
 * ```
 *   mask local (image)        world (the core's)             canvas (CSS px)
 *   u right, v DOWN           x right, y UP                  px right, py DOWN
 *   texel (i, j) covers       1 unit = 1 texel at scale 1    origin top-left
 *   [i, i+1) x [j, j+1)       (x0, y0) at the canvas centre
 *
 *        0 ──▶ u                   y ▲                        0 ──▶ px
 *        │ ┌───┐                     │  ┌───┐                  │
 *        ▼ └───┘                     │  └───┘                  ▼ py
 *        v                           └──────▶ x
 *
 *            ── T (per sprite) ──▶            ── V (the view) ──▶
 * ```
 *
 * - `T = translate(x, y) * rotate(rot) * scale(sx, sy) * [1, 0, 0, -1, -w/2, h/2]`. The last
 *   factor maps image space to a y-up node space centred on the sprite: `(u, v) -> (u - w/2, h/2 - v)`.
 *   The core gets exactly this T (`testMasks(maskA, T_A, maskB, T_B, ...)`).
 * - `V = [zoom, 0, 0, -zoom, cw/2 - x0*zoom, ch/2 + y0*zoom]`: world to canvas. **The `-zoom` is the y flip**: the world
 *   is y-up like Cocos, a canvas is y-down. Drawing a sprite with `ctx.setTransform(V * T)` puts
 *   every image pixel exactly on the texel the core tests, and the image comes out upright (the two
 *   flips cancel). Rotations are counter-clockwise on screen too.
 * - Samples: cell (k, l) of the world grid is `[k/acc, (k+1)/acc) x [l/acc, (l+1)/acc)`, its sample
 *   at its centre (README.md, "The sampling definition"); l grows upwards, so on the canvas row l is drawn above row l - 1.
 */
import { type Affine2D, affine, affineFromTRS, affineMultiply } from '../extensions/pixel-collision/assets/core';
import type { Pose } from './sprites';

/** Writes the sprite's mask-local -> world transform T into `out`. */
export function spriteTransform(out: Affine2D, pose: Readonly<Pose>, width: number, height: number): Affine2D {
    affineFromTRS(TRS, pose.x, pose.y, pose.rot, pose.sx, pose.sy);
    // A rotation by a multiple of 90° should be exact (cos(π/2) is not 0 in floating point), so the
    // core can take its zero-copy path for quarter turns, as a game engine with snapped angles would.
    const q = pose.rot / (Math.PI / 2);
    if (Math.abs(q - Math.round(q)) < 1e-9) {
        TRS.a = Math.round(TRS.a / pose.sx) * pose.sx;
        TRS.b = Math.round(TRS.b / pose.sx) * pose.sx;
        TRS.c = Math.round(TRS.c / pose.sy) * pose.sy;
        TRS.d = Math.round(TRS.d / pose.sy) * pose.sy;
    }
    IMAGE_TO_NODE.tx = -width / 2;
    IMAGE_TO_NODE.ty = height / 2;
    return affineMultiply(out, TRS, IMAGE_TO_NODE);
}

/**
 * The view: world units to CSS pixels of a canvas `cw x ch`; the world point (x0, y0) is at the
 * canvas centre. `fit` chooses zoom and centre so a world box fills the canvas (with a margin).
 */
export class View {
    zoom = 3;
    x0 = 0;
    y0 = 0;
    cw = 1;
    ch = 1;

    /** V as an Affine2D (world -> canvas CSS px). */
    matrix(out: Affine2D): Affine2D {
        out.a = this.zoom; out.b = 0; out.c = 0; out.d = -this.zoom; // -zoom: y up -> y down
        out.tx = this.cw / 2 - this.x0 * this.zoom; out.ty = this.ch / 2 + this.y0 * this.zoom;
        return out;
    }

    /**
     * Centres the world box [minX, maxX] x [minY, maxY] and zooms so it fills the canvas less
     * `margin` CSS px on each side, the zoom kept within [minZoom, maxZoom].
     */
    fit(minX: number, minY: number, maxX: number, maxY: number, margin = 24, minZoom = 0.05, maxZoom = 6): void {
        const w = Math.max(1e-6, maxX - minX), h = Math.max(1e-6, maxY - minY);
        const zx = Math.max(1, this.cw - 2 * margin) / w, zy = Math.max(1, this.ch - 2 * margin) / h;
        this.zoom = Math.min(maxZoom, Math.max(minZoom, Math.min(zx, zy)));
        this.x0 = (minX + maxX) / 2;
        this.y0 = (minY + maxY) / 2;
    }

    toCanvasX(x: number): number { return this.cw / 2 + (x - this.x0) * this.zoom; }
    toCanvasY(y: number): number { return this.ch / 2 - (y - this.y0) * this.zoom; }
    toWorldX(px: number): number { return this.x0 + (px - this.cw / 2) / this.zoom; }
    toWorldY(py: number): number { return this.y0 + (this.ch / 2 - py) / this.zoom; }
}

const TRS: Affine2D = affine(1, 0, 0, 1, 0, 0);
const IMAGE_TO_NODE: Affine2D = affine(1, 0, 0, -1, 0, 0);
