/**
 * Destructible terrain demo (demos/terrain.scene): click or tap the ground to blow a crater. The
 * explosion clears the same texels in the ground's collision mask (`PixelCollider.eraseCircle`)
 * and in its picture (the texture's pixels, uploaded again), so what you see is what collides.
 * Rocks fall under gravity (`CollisionSystem.moveAndSlide`), rest on what is left of the ground and
 * on each other, and are thrown by explosions.
 *
 * The ground and the rocks are scene nodes with a PIXELS PixelCollider each, set in the Inspector.
 * The imported ground texture is shared and may have no CPU copy of its pixels on some platforms,
 * so on start this component copies its pixels into a texture of its own that it can edit.
 */
import {
    _decorator, Component, EventKeyboard, EventTouch, ImageAsset, input, Input, KeyCode, Sprite, SpriteFrame, Texture2D, Vec2,
} from 'cc';
import { CollisionSystem, PixelCollider } from 'db://pixel-collision/runtime/index';
import type { Affine2D } from 'db://pixel-collision/runtime/index';
import { eraseDisc } from './demo-logic';

const { ccclass, property, menu } = _decorator;

/** One rock's motion. */
interface Body { collider: PixelCollider; vx: number; vy: number; spin: number; homeX: number; homeY: number }

/** What one explosion changed. */
export interface Crater { maskTexels: number; solidPixels: number }

@ccclass('TerrainDemo')
@menu('PixelCollision Demos/TerrainDemo')
export class TerrainDemo extends Component {
    @property({ type: PixelCollider, tooltip: 'The ground (a PIXELS collider on a Sprite).' })
    ground: PixelCollider | null = null;

    @property({ type: [PixelCollider], tooltip: 'The rocks that fall and rest on the ground.' })
    bodies: PixelCollider[] = [];

    @property({ tooltip: 'Crater radius, px.' })
    radius = 34;

    @property({ tooltip: 'Gravity, px per second squared.' })
    gravity = 900;

    /** Explosions so far. */
    explosions = 0;

    private readonly _bodies: Body[] = [];
    private readonly _move = new Vec2();
    private readonly _t: Affine2D = { a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0 };
    private _pixels: Uint8Array | null = null;
    private _texture: Texture2D | null = null;
    private _frame: SpriteFrame | null = null;

    protected override start(): void {
        this._makeGroundEditable();
        for (const c of this.bodies) {
            const p = c.node.position;
            this._bodies.push({ collider: c, vx: 0, vy: 0, spin: 0, homeX: p.x, homeY: p.y });
        }
    }

    protected override onEnable(): void {
        input.on(Input.EventType.TOUCH_START, this._onTouch, this);
        input.on(Input.EventType.KEY_DOWN, this._onKey, this);
    }

    protected override onDisable(): void {
        input.off(Input.EventType.TOUCH_START, this._onTouch, this);
        input.off(Input.EventType.KEY_DOWN, this._onKey, this);
    }

    /** The ground's editable pixels (RGBA8, the whole texture) once start() ran. */
    get groundPixels(): Uint8Array | null { return this._pixels; }
    get groundTexture(): Texture2D | null { return this._texture; }

    /** Blows a crater at the world point (x, y): mask and picture together; throws nearby rocks. */
    explodeAt(x: number, y: number): Crater {
        const ground = this.ground;
        if (!ground || !ground.mask) return { maskTexels: 0, solidPixels: 0 };
        const maskTexels = ground.eraseCircle(x, y, this.radius);
        let solidPixels = 0;
        if (this._pixels && this._texture && this._frame) {
            ground.getWorldTransform(this._t);
            solidPixels = eraseDisc(this._pixels, this._texture.width, this._frame.rect, this._t, x, y, this.radius, ground.alphaThreshold);
            this._texture.uploadData(this._pixels);
        }
        for (const b of this._bodies) {
            const p = b.collider.node.worldPosition;
            const dx = p.x - x, dy = p.y - y, d = Math.hypot(dx, dy);
            if (d < this.radius * 3 && d > 0) {
                const k = (1 - d / (this.radius * 3)) * 700;
                b.vx += dx / d * k; b.vy += Math.max(0, dy / d) * k + 200; b.spin = (Math.random() - 0.5) * 720;
            }
        }
        this.explosions++;
        return { maskTexels, solidPixels };
    }

    protected override update(dt: number): void {
        const sys = CollisionSystem.instance;
        const step = Math.min(dt, 1 / 30);
        for (const b of this._bodies) {
            b.vy -= this.gravity * step;
            const wantX = b.vx * step, wantY = b.vy * step;
            sys.moveAndSlide(b.collider, wantX, wantY, this._move);
            if (Math.abs(this._move.y - wantY) > 1e-3) { b.vy = 0; b.vx *= 0.8; b.spin *= 0.5; }
            if (Math.abs(this._move.x - wantX) > 1e-3) b.vx = -b.vx * 0.3;
            if (b.spin !== 0) {
                // Turn only where the turned rock is free (moveAndSlide only checks moves).
                const node = b.collider.node, before = node.angle, p = node.worldPosition;
                node.angle = before + b.spin * step;
                if (sys.placeMeeting(b.collider, p.x, p.y)) { node.angle = before; b.spin = 0; }
            }
            if (Math.abs(b.spin) < 5) b.spin = 0;
            const p = b.collider.node.position;
            if (p.y < -400 || Math.abs(p.x) > 520) { // fell through a hole or off the side: drop it again
                b.collider.node.setPosition(b.homeX, b.homeY, p.z);
                b.vx = b.vy = 0;
            }
        }
    }

    /** Copies the ground's pixels into a texture this component owns, and shows that. */
    private _makeGroundEditable(): void {
        const sprite = this.ground?.getComponent(Sprite);
        const frame = sprite?.spriteFrame;
        const tex = frame?.texture as Texture2D | undefined;
        const image = tex?.image;
        if (!sprite || !frame || !tex || !image) return;
        const w = image.width, h = image.height;
        const pixels = readRGBA(image, w, h);
        if (!pixels) {
            console.warn('TerrainDemo: the ground texture\'s pixels cannot be read here; craters change only the collision mask.');
            return;
        }
        const own = new Texture2D();
        own.image = new ImageAsset({ _data: pixels, _compressed: false, width: w, height: h, format: Texture2D.PixelFormat.RGBA8888 } as never);
        own.setFilters(Texture2D.Filter.LINEAR, Texture2D.Filter.LINEAR);
        own.setWrapMode(Texture2D.WrapMode.CLAMP_TO_EDGE, Texture2D.WrapMode.CLAMP_TO_EDGE);
        const copy = new SpriteFrame();
        copy.reset({ texture: own, rect: frame.rect, originalSize: frame.originalSize, offset: frame.offset, isRotate: frame.rotated });
        copy.packable = false;
        sprite.spriteFrame = copy;
        this._pixels = pixels;
        this._texture = own;
        this._frame = copy;
    }

    private _onTouch(e: EventTouch): void {
        const p = e.getUILocation();
        this.explodeAt(p.x, p.y);
    }

    private _onKey(e: EventKeyboard): void {
        if (e.keyCode !== KeyCode.KEY_R) return;
        for (const b of this._bodies) { b.collider.node.setPosition(b.homeX, b.homeY, 0); b.vx = b.vy = 0; }
    }
}

/** The image's pixels as RGBA8 (a copy), from memory or drawn through a canvas; null if unreadable. */
function readRGBA(image: ImageAsset, w: number, h: number): Uint8Array | null {
    const data = image.data as unknown;
    if (data && ArrayBuffer.isView(data)) {
        if (image.format !== Texture2D.PixelFormat.RGBA8888) return null;
        return new Uint8Array(data.buffer, data.byteOffset, w * h * 4).slice();
    }
    if (data && typeof document !== 'undefined') {
        const canvas = document.createElement('canvas');
        canvas.width = w; canvas.height = h;
        const ctx = canvas.getContext('2d');
        if (!ctx) return null;
        ctx.drawImage(data as CanvasImageSource, 0, 0);
        try {
            return new Uint8Array(ctx.getImageData(0, 0, w, h).data.buffer);
        } catch {
            return null;
        }
    }
    return null;
}

