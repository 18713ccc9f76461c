/**
 * Shared by the engine entries (run by hand with the engine harness, never in CI; see README.md
 * here): a Canvas with its camera, sprites from generated RGBA8 textures, and an independent
 * brute-force sampler of the product's definition of colliding.
 */
import {
    Camera, Canvas, Color, director, ImageAsset, Layers, Node, Rect, RenderTexture, Size, Sprite, SpriteFrame, Texture2D, UITransform, Vec2,
} from 'cc';
import { CollisionSystem } from 'db://pixel-collision/runtime/index';

/** The entry's verdict (the harness page defines `done`). */
export function done(ok: boolean, message?: string): void {
    (globalThis as unknown as { done: (ok: boolean, message?: string) => void }).done(ok, message);
}

export interface Stage { canvas: Node; camera: Camera }

/** A Canvas (960 x 640 design) and its orthographic camera, as a Creator scene has. */
export function stage(W: number, H: number): Stage {
    const canvasNode = new Node('Canvas');
    canvasNode.layer = Layers.Enum.UI_2D;
    canvasNode.addComponent(UITransform).setContentSize(W, H);
    const canvas = canvasNode.addComponent(Canvas);
    const camNode = new Node('Camera');
    camNode.layer = Layers.Enum.UI_2D;
    camNode.setPosition(0, 0, 1000);
    canvasNode.addChild(camNode);
    const camera = camNode.addComponent(Camera);
    camera.projection = Camera.ProjectionType.ORTHO;
    camera.orthoHeight = H / 2;
    camera.visibility = Layers.Enum.UI_2D;
    camera.clearFlags = Camera.ClearFlag.SOLID_COLOR;
    camera.clearColor = new Color(0, 0, 0, 255);
    canvas.cameraComponent = camera;
    director.getScene()!.addChild(canvasNode);
    return { canvas: canvasNode, camera };
}

/**
 * A stage whose camera draws into a W x H RenderTexture cleared to transparent (entries that
 * judge colliders against the engine's own drawing read it back); the CollisionSystem started.
 */
export function drawingStage(W: number, H: number): Stage & { rt: RenderTexture } {
    const s = stage(W, H);
    s.camera.clearColor = new Color(0, 0, 0, 0);
    const rt = new RenderTexture();
    rt.reset({ width: W, height: H });
    s.camera.targetTexture = rt;
    void CollisionSystem.instance;
    return { ...s, rt };
}

/** Alpha of a w x h image, row 0 at the top. */
export type Alpha = (i: number, j: number) => number;

export function rgba(w: number, h: number, alpha: Alpha, rgb = [220, 140, 60]): Uint8Array {
    const px = new Uint8Array(w * h * 4);
    for (let j = 0; j < h; j++) for (let i = 0; i < w; i++) {
        const k = (j * w + i) * 4;
        px[k] = rgb[0]; px[k + 1] = rgb[1]; px[k + 2] = rgb[2]; px[k + 3] = alpha(i, j);
    }
    return px;
}

export function makeTexture(w: number, h: number, alpha: Alpha): Texture2D {
    const tex = new Texture2D();
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    tex.image = new ImageAsset({ _data: rgba(w, h, alpha), _compressed: false, width: w, height: h, format: Texture2D.PixelFormat.RGBA8888 } as any);
    tex.setFilters(Texture2D.Filter.NEAREST, Texture2D.Filter.NEAREST);
    return tex;
}

/** A frame over the whole texture, or over `rect` (rotated: stored turned 90° clockwise in the texture). */
export function makeFrame(tex: Texture2D, rect?: [number, number, number, number], rotated = false): SpriteFrame {
    const sf = new SpriteFrame();
    sf.packable = false;
    if (rect) {
        sf.reset({ texture: tex, rect: new Rect(...rect), originalSize: new Size(rect[2], rect[3]), offset: new Vec2(0, 0), isRotate: rotated });
    } else {
        sf.texture = tex;
    }
    return sf;
}

/** A RAW-size sprite node (1 texel = 1 unit when unscaled) on the UI layer under `parent`. */
export function makeSprite(name: string, sf: SpriteFrame, parent: Node): { node: Node; sprite: Sprite } {
    const node = new Node(name);
    node.layer = Layers.Enum.UI_2D;
    node.addComponent(UITransform);
    const sprite = node.addComponent(Sprite);
    sprite.sizeMode = Sprite.SizeMode.RAW;
    sprite.spriteFrame = sf;
    parent.addChild(node);
    return { node, sprite };
}

/** Where a sprite is, for the brute-force sampler: position, rotation (degrees), scale, and its displayed texels. */
export interface Placed { x: number; y: number; angle: number; sx: number; sy: number; w: number; h: number; opaque: (i: number, j: number) => boolean }

/** Is the world point inside an opaque displayed texel of `s` (anchor 0.5, texel (i, j) row 0 at the top)? */
export function solidAt(s: Placed, px: number, py: number): boolean {
    const r = s.angle * Math.PI / 180, c = Math.cos(r), n = Math.sin(r);
    const dx = px - s.x, dy = py - s.y;
    const lx = (c * dx + n * dy) / s.sx, ly = (-n * dx + c * dy) / s.sy;
    const i = Math.floor(lx + s.w / 2), j = Math.floor(s.h / 2 - ly);
    return i >= 0 && j >= 0 && i < s.w && j < s.h && s.opaque(i, j);
}

/** The definition, by brute force: world cells of size 1 at their centres that belong to both. */
export function bruteCount(a: Placed, b: Placed): number {
    const ra = Math.hypot(a.w * a.sx, a.h * a.sy) / 2 + 2, rb = Math.hypot(b.w * b.sx, b.h * b.sy) / 2 + 2;
    const x0 = Math.floor(Math.max(a.x - ra, b.x - rb)), x1 = Math.ceil(Math.min(a.x + ra, b.x + rb));
    const y0 = Math.floor(Math.max(a.y - ra, b.y - rb)), y1 = Math.ceil(Math.min(a.y + ra, b.y + rb));
    let n = 0;
    for (let Y = y0; Y < y1; Y++) for (let X = x0; X < x1; X++) if (solidAt(a, X + 0.5, Y + 0.5) && solidAt(b, X + 0.5, Y + 0.5)) n++;
    return n;
}

export function ringAlpha(w: number, h: number): Alpha {
    return (i, j) => {
        const d = Math.hypot(i + 0.5 - w / 2, j + 0.5 - h / 2);
        if (!(d < Math.min(w, h) / 2 - 0.5 && d > Math.min(w, h) / 6)) return 0;
        return (i + j) % 7 === 0 ? 40 : 255; // some soft texels: alpha > 0 is solid at threshold 0
    };
}

export function barAlpha(w: number, h: number): Alpha {
    return (i, j) => (i > 0 && j > 0 && i < w - 1 && j < h - 1 && !(j < h / 3 && Math.abs(i + 0.5 - w / 2) < 3) ? 255 : 0);
}

/** Problems found, printed and turned into the verdict. */
export class Checks {
    readonly problems: string[] = [];
    check(ok: boolean, what: string): void { if (!ok) this.problems.push(what); }
    finish(summary: string): void {
        for (const p of this.problems.slice(0, 40)) console.log(`PROBLEM ${p}`);
        done(this.problems.length === 0, `${summary}; ${this.problems.length} problem(s)`);
    }
}
