/**
 * Draws one frame on the 2D canvas. All geometry is given in world units (y up) and mapped with
 * the view V of space.ts; strokes are made in canvas pixels, so lines stay thin at any zoom.
 */
import { type Affine2D, affine, affineMultiply } from '../extensions/pixel-collision/assets/core';
import type { PairResult } from './pairs';
import { spriteTransform, View } from './space';
import type { Sprite } from './sprites';

export interface Scene {
    sprites: readonly Sprite[];
    active: Sprite | null;
    pairs: readonly PairResult[];
    accuracy: number;
    showMasks: boolean;
    showSamples: boolean;
}

export function render(ctx: CanvasRenderingContext2D, view: View, dpr: number, scene: Scene): void {
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.fillStyle = '#0f1115';
    ctx.fillRect(0, 0, view.cw, view.ch);
    drawGrid(ctx, view, dpr, scene.accuracy);

    for (const sprite of scene.sprites) drawSprite(ctx, view, dpr, sprite, scene.showMasks, sprite === scene.active);

    for (const pair of scene.pairs) {
        const c = pair.contact;
        if (!c.hit) continue;
        if (scene.showSamples) drawSamples(ctx, view, dpr, pair);
        // Overlap rect (cell edges of the shared samples).
        ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
        ctx.strokeStyle = '#f8fafc';
        ctx.lineWidth = 1;
        ctx.setLineDash([4, 3]);
        const x0 = view.toCanvasX(c.minX), x1 = view.toCanvasX(c.maxX);
        const y0 = view.toCanvasY(c.maxY), y1 = view.toCanvasY(c.minY);
        ctx.strokeRect(x0, y0, x1 - x0, y1 - y0);
        ctx.setLineDash([]);
        // Centroid and normal (A -> B). The normal's y is world y (up): negate it on the canvas.
        const cx = view.toCanvasX(c.centroidX), cy = view.toCanvasY(c.centroidY);
        arrow(ctx, cx, cy, cx + c.normalX * 44, cy - c.normalY * 44, '#fde047');
        ctx.fillStyle = '#fde047';
        ctx.beginPath();
        ctx.arc(cx, cy, 3.5, 0, Math.PI * 2);
        ctx.fill();
        // Separation: from B's position to where it would have to go.
        if (c.hasSeparation) {
            const bx = view.toCanvasX(pair.b.pose.x), by = view.toCanvasY(pair.b.pose.y);
            const ex = view.toCanvasX(pair.b.pose.x + c.separationX), ey = view.toCanvasY(pair.b.pose.y + c.separationY);
            arrow(ctx, bx, by, ex, ey, '#f87171');
            drawOutline(ctx, view, dpr, pair.b, c.separationX, c.separationY, '#f87171', [3, 4]);
        }
    }
}

// ---------------------------------------------------------------------------------------------

const T: Affine2D = affine(1, 0, 0, 1, 0, 0);
const M: Affine2D = affine(1, 0, 0, 1, 0, 0);
let sampleCanvas: HTMLCanvasElement | null = null;

function drawGrid(ctx: CanvasRenderingContext2D, view: View, dpr: number, accuracy: number): void {
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    // Axes through the world origin.
    ctx.strokeStyle = '#232833';
    ctx.lineWidth = 1;
    ctx.beginPath();
    ctx.moveTo(view.toCanvasX(0), 0); ctx.lineTo(view.toCanvasX(0), view.ch);
    ctx.moveTo(0, view.toCanvasY(0)); ctx.lineTo(view.cw, view.toCanvasY(0));
    ctx.stroke();
    // Sample points (cell centres), when cells are large enough on screen to tell apart.
    const cell = view.zoom / accuracy;
    if (cell < 9) return;
    ctx.fillStyle = '#2b3140';
    const k0 = Math.floor(view.toWorldX(0) * accuracy), k1 = Math.ceil(view.toWorldX(view.cw) * accuracy);
    const l0 = Math.floor(view.toWorldY(view.ch) * accuracy), l1 = Math.ceil(view.toWorldY(0) * accuracy);
    const r = Math.min(1.5, cell / 8);
    for (let l = l0; l <= l1; l++) {
        const y = view.toCanvasY((l + 0.5) / accuracy);
        for (let k = k0; k <= k1; k++) {
            ctx.fillRect(view.toCanvasX((k + 0.5) / accuracy) - r, y - r, 2 * r, 2 * r);
        }
    }
}

function drawSprite(ctx: CanvasRenderingContext2D, view: View, dpr: number, sprite: Sprite, showMask: boolean, active: boolean): void {
    spriteTransform(T, sprite.pose, sprite.width, sprite.height);
    setWorldTransform(ctx, view, dpr, T); // canvas = dpr * V * T * (image pixel)
    ctx.imageSmoothingEnabled = false; // one texel = one crisp square, as the mask sees it
    if (showMask) {
        ctx.globalAlpha = 0.35;
        ctx.drawImage(sprite.image, 0, 0);
        ctx.globalAlpha = 0.75;
        ctx.drawImage(sprite.maskImage, 0, 0);
        ctx.globalAlpha = 1;
    } else {
        ctx.drawImage(sprite.image, 0, 0);
    }
    drawOutline(ctx, view, dpr, sprite, 0, 0, active ? '#e5e7eb' : '#4b5563', active ? [] : [2, 3]);
}

/** The sprite's image rectangle, moved by (dx, dy) world units. */
function drawOutline(ctx: CanvasRenderingContext2D, view: View, dpr: number, sprite: Sprite,
    dx: number, dy: number, color: string, dash: number[]): void {
    spriteTransform(T, sprite.pose, sprite.width, sprite.height);
    T.tx += dx;
    T.ty += dy;
    setWorldTransform(ctx, view, dpr, T);
    ctx.beginPath();
    ctx.rect(0, 0, sprite.width, sprite.height); // the path is recorded in canvas pixels...
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0); // ...and stroked 1 px wide whatever the sprite's scale
    ctx.strokeStyle = color;
    ctx.lineWidth = 1;
    ctx.setLineDash(dash);
    ctx.stroke();
    ctx.setLineDash([]);
}

/**
 * The shared samples, one image pixel per cell: pixel (c, r) is cell (k0 + c, l1 - 1 - r)
 * (image rows go down, l goes up), drawn with the cell -> world map
 * `[1/acc, 0, 0, -1/acc, k0/acc, l1/acc]`.
 */
function drawSamples(ctx: CanvasRenderingContext2D, view: View, dpr: number, pair: PairResult): void {
    const s = pair.samples;
    if (s.cols === 0 || s.rows === 0) return;
    const acc = pair.contact.accuracy;
    if (!sampleCanvas) sampleCanvas = document.createElement('canvas');
    if (sampleCanvas.width < s.cols || sampleCanvas.height < s.rows) {
        sampleCanvas.width = Math.max(sampleCanvas.width, s.cols);
        sampleCanvas.height = Math.max(sampleCanvas.height, s.rows);
    }
    const sctx = sampleCanvas.getContext('2d')!;
    const img = sctx.createImageData(s.cols, s.rows);
    const d = img.data;
    for (let r = 0; r < s.rows; r++) {
        const src = (s.rows - 1 - r) * s.cols; // image row r = raster row rows-1-r
        for (let c = 0; c < s.cols; c++) {
            if (!s.cells[src + c]) continue;
            const p = (r * s.cols + c) * 4;
            d[p] = 255; d[p + 1] = 60; d[p + 2] = 240; d[p + 3] = 180;
        }
    }
    sctx.putImageData(img, 0, 0);
    const l1 = s.l0 + s.rows;
    M.a = 1 / acc; M.b = 0; M.c = 0; M.d = -1 / acc; M.tx = s.k0 / acc; M.ty = l1 / acc;
    setWorldTransform(ctx, view, dpr, M);
    ctx.imageSmoothingEnabled = false;
    ctx.drawImage(sampleCanvas, 0, 0, s.cols, s.rows, 0, 0, s.cols, s.rows);
    // Big cells: mark each shared sample point too.
    const cell = view.zoom / acc;
    if (cell >= 9) {
        ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
        ctx.fillStyle = '#ffffff';
        for (let r = 0; r < s.rows; r++) {
            for (let c = 0; c < s.cols; c++) {
                if (!s.cells[r * s.cols + c]) continue;
                const x = view.toCanvasX((s.k0 + c + 0.5) / acc), y = view.toCanvasY((s.l0 + r + 0.5) / acc);
                ctx.fillRect(x - 1, y - 1, 2, 2);
            }
        }
    }
}

/** ctx transform = dpr * V * m, so drawing in m's local space lands where the core says it is. */
function setWorldTransform(ctx: CanvasRenderingContext2D, view: View, dpr: number, m: Readonly<Affine2D>): void {
    affineMultiply(VM, view.matrix(VM), m);
    ctx.setTransform(dpr * VM.a, dpr * VM.b, dpr * VM.c, dpr * VM.d, dpr * VM.tx, dpr * VM.ty);
}
const VM: Affine2D = affine(1, 0, 0, 1, 0, 0);

function arrow(ctx: CanvasRenderingContext2D, x0: number, y0: number, x1: number, y1: number, color: string): void {
    const dx = x1 - x0, dy = y1 - y0;
    const len = Math.hypot(dx, dy);
    if (len < 1) return;
    const ux = dx / len, uy = dy / len;
    const head = Math.min(8, len / 2);
    ctx.strokeStyle = color;
    ctx.fillStyle = color;
    ctx.lineWidth = 2;
    ctx.beginPath();
    ctx.moveTo(x0, y0);
    ctx.lineTo(x1 - ux * head, y1 - uy * head);
    ctx.stroke();
    ctx.beginPath();
    ctx.moveTo(x1, y1);
    ctx.lineTo(x1 - ux * head - uy * head * 0.5, y1 - uy * head + ux * head * 0.5);
    ctx.lineTo(x1 - ux * head + uy * head * 0.5, y1 - uy * head - ux * head * 0.5);
    ctx.closePath();
    ctx.fill();
}
