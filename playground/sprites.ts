/**
 * Sprites of the playground: procedural images (drawn on an offscreen canvas, then read back
 * with getImageData) and images the user drops in. The RGBA pixels are kept, so a threshold
 * change rebuilds the bit mask without redrawing anything.
 */
import { BitMask } from '../extensions/pixel-collision/assets/core';

/** Where a sprite is: position (world units, y up), rotation (radians, counter-clockwise), scale. */
export interface Pose {
    x: number;
    y: number;
    rot: number;
    sx: number;
    sy: number;
}

export interface Sprite {
    name: string;
    /** Colour of its mask overlay and outline. */
    color: string;
    width: number;
    height: number;
    /** RGBA8, rows top to bottom (as getImageData gives them). */
    rgba: Uint8ClampedArray;
    /** The image itself, drawn with the sprite's transform. */
    image: HTMLCanvasElement;
    /** The opaque texels at the current threshold, as an image in `color` (rebuilt with the mask). */
    maskImage: HTMLCanvasElement;
    mask: BitMask;
    pose: Pose;
}

/**
 * The demo sprites: a glowing star, a ring with a gap, and a word. The star already overlaps the
 * ring (the active sprite, B), so the page opens on a contact; the word stands apart.
 */
export function makeDemoSprites(threshold: number): Sprite[] {
    return [
        makeSprite('star', '#f59e0b', 72, 72, drawStar, threshold, { x: -52, y: 22, rot: 0, sx: 1, sy: 1 }),
        makeSprite('text', '#38bdf8', 112, 40, drawText, threshold, { x: 0, y: -62, rot: 0, sx: 1, sy: 1 }),
        makeSprite('ring', '#84cc16', 88, 88, drawRing, threshold, { x: 0, y: 10, rot: 0, sx: 1, sy: 1 }),
    ];
}

/** Colours given to images the user adds, in turn. */
export const IMAGE_COLORS = ['#c084fc', '#f472b6', '#2dd4bf', '#fb923c', '#a3e635', '#60a5fa'];

/**
 * A sprite from an image the user picked or dropped. Large images are scaled down to at most
 * `maxSide` texels a side first (the mask is exact for the pixels it is given; this only keeps
 * the playground quick).
 */
export function spriteFromImage(name: string, source: CanvasImageSource, width: number, height: number,
    threshold: number, color = IMAGE_COLORS[0], maxSide = 256): Sprite {
    const scale = Math.min(1, maxSide / Math.max(width, height));
    const w = Math.max(1, Math.round(width * scale));
    const h = Math.max(1, Math.round(height * scale));
    return makeSprite(name, color, w, h, (ctx) => ctx.drawImage(source, 0, 0, w, h), threshold,
        { x: 0, y: 0, rot: 0, sx: 1, sy: 1 });
}

/** A sprite from raw RGBA pixels (rows top to bottom). */
export function spriteFromRGBA(name: string, rgba: Uint8ClampedArray, width: number, height: number,
    threshold: number, color = IMAGE_COLORS[0]): Sprite {
    const image = canvas(width, height);
    image.getContext('2d')!.putImageData(new ImageData(new Uint8ClampedArray(rgba), width, height), 0, 0);
    return makeSprite(name, color, width, height, (ctx) => ctx.drawImage(image, 0, 0), threshold,
        { x: 0, y: 0, rot: 0, sx: 1, sy: 1 });
}

/** Rebuilds `sprite.mask` (and its overlay image) from its pixels: opaque iff alpha > threshold. */
export function rebuildMask(sprite: Sprite, threshold: number): void {
    sprite.mask = BitMask.fromRGBA(sprite.rgba, sprite.width, sprite.height, { threshold });
    const { width: w, height: h, mask } = sprite;
    const ctx = sprite.maskImage.getContext('2d')!;
    const img = ctx.createImageData(w, h);
    const [r, g, b] = hexRGB(sprite.color);
    for (let j = 0; j < h; j++) {
        for (let i = 0; i < w; i++) {
            if (!mask.get(i, j)) continue;
            const p = (j * w + i) * 4;
            img.data[p] = r; img.data[p + 1] = g; img.data[p + 2] = b; img.data[p + 3] = 255;
        }
    }
    ctx.putImageData(img, 0, 0);
}

// ---------------------------------------------------------------------------------------------

function makeSprite(name: string, color: string, w: number, h: number,
    draw: (ctx: CanvasRenderingContext2D, w: number, h: number, color: string) => void,
    threshold: number, pose: Pose): Sprite {
    const image = canvas(w, h);
    const ctx = image.getContext('2d', { willReadFrequently: true })!;
    draw(ctx, w, h, color);
    const rgba = ctx.getImageData(0, 0, w, h).data;
    const sprite: Sprite = {
        name, color, width: w, height: h, rgba, image, maskImage: canvas(w, h),
        mask: new BitMask(w, h), pose,
    };
    rebuildMask(sprite, threshold);
    return sprite;
}

/** A five-pointed star with a soft glow: the glow's alpha is low, so the threshold trims it. */
function drawStar(ctx: CanvasRenderingContext2D, w: number, h: number, color: string): void {
    const cx = w / 2, cy = h / 2;
    ctx.beginPath();
    for (let k = 0; k < 10; k++) {
        const r = k % 2 === 0 ? 28 : 12;
        const a = -Math.PI / 2 + (k * Math.PI) / 5;
        ctx.lineTo(cx + r * Math.cos(a), cy + r * Math.sin(a));
    }
    ctx.closePath();
    ctx.shadowColor = color;
    ctx.shadowBlur = 8;
    ctx.fillStyle = color;
    ctx.fill();
    ctx.shadowBlur = 0;
    ctx.fillStyle = 'rgba(255, 255, 255, 0.35)';
    ctx.beginPath();
    ctx.arc(cx, cy, 6, 0, Math.PI * 2);
    ctx.fill();
}

/** A ring with a gap: a smaller sprite can sit in the hole without touching it. */
function drawRing(ctx: CanvasRenderingContext2D, w: number, h: number, color: string): void {
    const cx = w / 2, cy = h / 2;
    ctx.strokeStyle = color;
    ctx.lineWidth = 16;
    ctx.lineCap = 'round';
    ctx.beginPath();
    ctx.arc(cx, cy, 34, Math.PI * 0.15, Math.PI * 1.85);
    ctx.stroke();
}

/** A word in a bold font: anti-aliased edges give a range of alphas for the threshold. */
function drawText(ctx: CanvasRenderingContext2D, w: number, h: number, color: string): void {
    ctx.fillStyle = color;
    ctx.font = 'bold 32px system-ui, sans-serif';
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText('PIXEL', w / 2, h / 2 + 1, w - 4);
}

function canvas(w: number, h: number): HTMLCanvasElement {
    const c = document.createElement('canvas');
    c.width = w;
    c.height = h;
    return c;
}

function hexRGB(hex: string): [number, number, number] {
    const n = parseInt(hex.slice(1), 16);
    return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}
