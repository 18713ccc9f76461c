/**
 * The pixel-collision demo: open scenes/pixel-demo.scene and press Preview.
 *
 * Everything is built at run time by this component (the scene holds only Canvas, Camera and the
 * node carrying it): one RGBA8 texture painted in code like a sprite atlas, a few sprites with a
 * PixelCollider each, and a player ship moved with WASD / the arrow keys (or dragged) through
 * `CollisionSystem.moveAndSlide`, so it slides along the other sprites' opaque pixels.
 *
 * What the sprites exercise:
 * - Ring: a shape with a hole; spins.
 * - Star: stored ROTATED 90 degrees clockwise in the atlas; flipped in x; spins.
 * - C: stored rotated AND trimmed (sizeMode TRIMMED); non-uniform scale.
 * - Cross: trimmed, shown untrimmed (sizeMode RAW, trim off: the transparent margin is kept);
 *   flipped in y; spins.
 * - Bar: nested under a rotated parent that spins.
 * A sprite is tinted red while it touches anything (onPixelCollide / onPixelCollideEnd events).
 */
import {
    _decorator, Color, Component, EventKeyboard, EventTouch, ImageAsset, Input, input, KeyCode, Label,
    Layers, Node, Rect, Size, Sprite, SpriteFrame, Texture2D, UITransform, Vec2, Vec3, view,
} from 'cc';
import { CollisionSystem, PixelCollider, PixelShape } from 'db://pixel-collision/runtime/index';
import type { PixelContact } from 'db://pixel-collision/runtime/index';

const { ccclass, property } = _decorator;

/** Atlas texture size (power of two, so any wrap mode works on WebGL 1 too). */
const TEX_W = 256;
const TEX_H = 128;

/**
 * Where a frame's pixels live in the atlas. `w` x `h` is the frame's UPRIGHT size (the rect's
 * width and height); a rotated frame occupies `h` x `w` texels at (x, y), turned 90 degrees
 * clockwise the way atlas packers store it: upright texel (i, j) (j counted from the top) is at
 * texel (x + h - 1 - j, y + i).
 */
interface Region { x: number; y: number; w: number; h: number; rotated: boolean }

/** An upright shape: is the pixel whose centre is (px, py) (y down, in upright pixels) opaque? */
type Inside = (px: number, py: number) => boolean;

const WHITE = new Color(255, 255, 255, 255);
const RED = new Color(255, 60, 60, 255);

interface Spinner { node: Node; degreesPerSecond: number }

@ccclass('PixelDemo')
export class PixelDemo extends Component {
    @property({ tooltip: 'Speed of the player ship, in pixels per second.' })
    public playerSpeed = 240;

    @property({ tooltip: 'Turn on the collision debug drawing (AABBs, mask outlines, contact normals). Space toggles it while playing.' })
    public debugDraw = true;

    private _player: PixelCollider | null = null;
    private readonly _spinners: Spinner[] = [];
    private readonly _colliders: PixelCollider[] = [];
    /** For each collider, the colliders it touches now (from the begin / end events). */
    private readonly _touching = new Map<PixelCollider, Set<PixelCollider>>();
    private readonly _keys = new Set<number>();
    private readonly _delta = new Vec2();
    /** debugDraw before start() set it (restored on destroy); null until then. */
    private _debugDrawBefore: boolean | null = null;

    protected override start(): void {
        const tex = this.makeAtlasTexture();
        const frames = this.makeFrames(tex);
        const root = this.node;

        // Obstacles. Positions are in the Canvas' design space (origin at the screen centre).
        const ring = this.addSprite(root, 'Ring', frames.ring, -190, 70, 1.5, 1.5, Sprite.SizeMode.RAW, true);
        this.spin(ring.node, 35);

        const star = this.addSprite(root, 'Star (rotated in atlas, flipped x)', frames.star, 60, 150, -1.25, 1.25, Sprite.SizeMode.RAW, true);
        this.spin(star.node, -30);

        // Rotated + trimmed frame, shown trimmed, squashed (non-uniform scale); static: slide along it.
        this.addSprite(root, 'C (rotated + trimmed, non-uniform scale)', frames.c, -10, -120, 1.6, 1.0, Sprite.SizeMode.TRIMMED, true);

        // Trimmed frame shown with its transparent margin (trim off): the cross sits off-centre.
        const cross = this.addSprite(root, 'Cross (trimmed, trim off, flipped y)', frames.cross, 250, -70, 1.25, -1.25, Sprite.SizeMode.RAW, false);
        this.spin(cross.node, 50);

        // A bar on an arm: its parent is rotated (and turns), the bar is offset from it.
        const pivot = new Node('Pivot (rotated parent)');
        pivot.layer = Layers.Enum.UI_2D;
        pivot.setPosition(300, 130, 0);
        pivot.angle = 30;
        pivot.parent = root;
        this.spin(pivot, 25);
        this.addSprite(pivot, 'Bar (nested)', frames.bar, 50, 0, 1, 1, Sprite.SizeMode.RAW, false);

        // The player.
        const ship = this.addSprite(root, 'Player', frames.ship, -330, -180, 1.5, 1.5, Sprite.SizeMode.RAW, true);
        this._player = ship.collider;
        ship.node.on(Node.EventType.TOUCH_MOVE, this.onDrag, this);

        this.addHelp(root);

        const system = CollisionSystem.instance;
        this._debugDrawBefore = system.debugDraw;
        system.debugDraw = this.debugDraw;

        input.on(Input.EventType.KEY_DOWN, this.onKeyDown, this);
        input.on(Input.EventType.KEY_UP, this.onKeyUp, this);
    }

    protected override onDestroy(): void {
        input.off(Input.EventType.KEY_DOWN, this.onKeyDown, this);
        input.off(Input.EventType.KEY_UP, this.onKeyUp, this);
        for (const c of this._colliders) {
            if (!c.isValid) continue;
            c.off('onPixelCollide', this.onCollide, this);
            c.off('onPixelCollideEnd', this.onCollideEnd, this);
        }
        if (this._debugDrawBefore !== null) CollisionSystem.instance.debugDraw = this._debugDrawBefore;
    }

    protected override update(dt: number): void {
        for (const s of this._spinners) s.node.angle += s.degreesPerSecond * dt;

        let dx = 0;
        let dy = 0;
        const k = this._keys;
        if (k.has(KeyCode.KEY_A) || k.has(KeyCode.ARROW_LEFT)) dx -= 1;
        if (k.has(KeyCode.KEY_D) || k.has(KeyCode.ARROW_RIGHT)) dx += 1;
        if (k.has(KeyCode.KEY_S) || k.has(KeyCode.ARROW_DOWN)) dy -= 1;
        if (k.has(KeyCode.KEY_W) || k.has(KeyCode.ARROW_UP)) dy += 1;
        if (dx !== 0 || dy !== 0) {
            const step = (this.playerSpeed * dt) / Math.hypot(dx, dy);
            this.movePlayer(dx * step, dy * step);
        }
    }

    // ---- input -----------------------------------------------------------------------------

    private onKeyDown(e: EventKeyboard): void {
        this._keys.add(e.keyCode);
        if (e.keyCode === KeyCode.SPACE) {
            const system = CollisionSystem.instance;
            system.debugDraw = !system.debugDraw;
        }
    }

    private onKeyUp(e: EventKeyboard): void {
        this._keys.delete(e.keyCode);
    }

    private onDrag(e: EventTouch): void {
        const d = e.getUIDelta(this._delta);
        this.movePlayer(d.x, d.y);
    }

    /** Moves the player by (dx, dy), sliding along opaque pixels and staying on screen. */
    private movePlayer(dx: number, dy: number): void {
        const player = this._player;
        if (!player || !player.isValid) return;
        const p = player.node.position;
        const visible = view.getVisibleSize();
        const hw = visible.width / 2 - 30;
        const hh = visible.height / 2 - 30;
        dx = Math.min(Math.max(p.x + dx, -hw), hw) - p.x;
        dy = Math.min(Math.max(p.y + dy, -hh), hh) - p.y;
        if (dx === 0 && dy === 0) return;
        CollisionSystem.instance.moveAndSlide(player, dx, dy);
    }

    // ---- contacts --------------------------------------------------------------------------

    private onCollide(self: PixelCollider, other: PixelCollider, _contact: PixelContact): void {
        this.touchingOf(self).add(other);
        this.tint(self);
    }

    private onCollideEnd(self: PixelCollider, other: PixelCollider, _contact: PixelContact): void {
        this.touchingOf(self).delete(other);
        this.tint(self);
    }

    private touchingOf(c: PixelCollider): Set<PixelCollider> {
        let set = this._touching.get(c);
        if (!set) {
            set = new Set<PixelCollider>();
            this._touching.set(c, set);
        }
        return set;
    }

    private tint(c: PixelCollider): void {
        const sprite = c.getComponent(Sprite);
        if (sprite) sprite.color = this.touchingOf(c).size > 0 ? RED : WHITE;
    }

    // ---- scene building --------------------------------------------------------------------

    private spin(node: Node, degreesPerSecond: number): void {
        this._spinners.push({ node, degreesPerSecond });
    }

    /** A sprite node with a PixelCollider, configured first and then added under `parent`. */
    private addSprite(
        parent: Node, name: string, frame: SpriteFrame, x: number, y: number, sx: number, sy: number,
        sizeMode: Sprite['sizeMode'], trim: boolean,
    ): { node: Node; collider: PixelCollider } {
        const node = new Node(name);
        node.layer = Layers.Enum.UI_2D;
        node.setPosition(x, y, 0);
        node.setScale(new Vec3(sx, sy, 1));

        const sprite = node.addComponent(Sprite);
        sprite.trim = trim;
        sprite.sizeMode = sizeMode;
        sprite.spriteFrame = frame;
        sprite.color = WHITE;

        const collider = node.addComponent(PixelCollider);
        collider.shape = PixelShape.PIXELS;
        collider.alphaThreshold = 0;
        collider.on('onPixelCollide', this.onCollide, this);
        collider.on('onPixelCollideEnd', this.onCollideEnd, this);
        this._colliders.push(collider);

        node.parent = parent;
        return { node, collider };
    }

    private addHelp(parent: Node): void {
        const node = new Node('Help');
        node.layer = Layers.Enum.UI_2D;
        node.addComponent(UITransform).setContentSize(900, 60);
        node.setPosition(0, 260, 0);
        const label = node.addComponent(Label);
        label.string = 'WASD / arrows: move (or drag the ship). Red = pixel contact.\nSpace: debug drawing on / off.';
        label.fontSize = 20;
        label.lineHeight = 26;
        label.horizontalAlign = Label.HorizontalAlign.CENTER;
        label.color = new Color(230, 230, 230, 255);
        node.parent = parent;
    }

    // ---- the atlas ------------------------------------------------------------------------------

    /**
     * The atlas layout (texels; rotated regions occupy h x w):
     *   ring  (0, 0)    64 x 64          cross (128, 0) 40 x 40 (trimmed from 64 x 64)
     *   C     (64, 0)   48 x 64 rotated  -> 64 x 48 texels (trimmed from 60 x 72)
     *   bar   (240, 0)  16 x 120
     *   star  (0, 64)   60 x 64 rotated  -> 64 x 60 texels
     *   ship  (64, 64)  32 x 40
     */
    private static readonly REGIONS = {
        ring: { x: 0, y: 0, w: 64, h: 64, rotated: false },
        c: { x: 64, y: 0, w: 48, h: 64, rotated: true },
        cross: { x: 128, y: 0, w: 40, h: 40, rotated: false },
        bar: { x: 240, y: 0, w: 16, h: 120, rotated: false },
        star: { x: 0, y: 64, w: 60, h: 64, rotated: true },
        ship: { x: 64, y: 64, w: 32, h: 40, rotated: false },
    };

    private makeAtlasTexture(): Texture2D {
        const bytes = new Uint8Array(TEX_W * TEX_H * 4); // transparent black
        const R = PixelDemo.REGIONS;

        // Ring: outer radius 30, hole of radius 15.
        paint(bytes, R.ring, 0xffd666, (px, py) => {
            const d = Math.hypot(px - 32, py - 32);
            return d <= 30 && d >= 15;
        });

        // C: an elliptic band open to the right, the opening not centred (so a wrong rotation or
        // mirror in the atlas handling would show).
        paint(bytes, R.c, 0xd2ebff, (px, py) => {
            const ex = (px - 26) / 22;
            const ey = (py - 32) / 31;
            const r = Math.hypot(ex, ey);
            const open = px > 26 && py - 32 > -14 && py - 32 < 8;
            return r <= 1 && r >= 0.55 && !open;
        });

        // Cross: a plus sign with arms 12 wide, plus a knob on the top arm's left.
        paint(bytes, R.cross, 0xdcffc8, (px, py) =>
            Math.abs(px - 20) < 6 || Math.abs(py - 20) < 6 || (px > 6 && px < 14 && py > 2 && py < 10));

        // Bar: a 16 x 120 rounded rectangle.
        paint(bytes, R.bar, 0xe6e6f0, (px, py) => {
            const cy = Math.min(Math.max(py, 8), 112);
            return Math.hypot(px - 8, py - cy) <= 8;
        });

        // Star: five points, pointing up.
        const star = starPolygon(30, 34, 30, 12, 5);
        paint(bytes, R.star, 0xfff0a0, (px, py) => pointInPolygon(px, py, star));

        // Ship: a triangle pointing up with two engines, and a cockpit window.
        paint(bytes, R.ship, 0xffffff, (px, py) => {
            if (py >= 2 && py <= 34 && Math.abs(px - 16) <= ((py - 2) / 32) * 15 + 0.5) return true;
            return py > 34 && py < 39 && ((px > 6 && px < 11) || (px > 21 && px < 26));
        }, (px, py) => Math.hypot(px - 16, py - 22) < 4 ? 0x78c8ff : -1);

        const image = new ImageAsset({
            _data: bytes,
            _compressed: false,
            width: TEX_W,
            height: TEX_H,
            format: Texture2D.PixelFormat.RGBA8888,
        });
        const tex = new Texture2D();
        tex.image = image;
        tex.setFilters(Texture2D.Filter.NEAREST, Texture2D.Filter.NEAREST);
        tex.setWrapMode(Texture2D.WrapMode.CLAMP_TO_EDGE, Texture2D.WrapMode.CLAMP_TO_EDGE);
        return tex;
    }

    private makeFrames(tex: Texture2D): Record<keyof typeof PixelDemo.REGIONS, SpriteFrame> {
        const R = PixelDemo.REGIONS;
        return {
            ring: frameOf(tex, 'ring', R.ring),
            star: frameOf(tex, 'star', R.star),
            ship: frameOf(tex, 'ship', R.ship),
            bar: frameOf(tex, 'bar', R.bar),
            // Trimmed from 60 x 72: the content's box starts 4 px from the left and 2 px from the
            // top of the original (so 8 px right and 6 px bottom margins).
            c: frameOf(tex, 'c', R.c, 60, 72, 4, 2),
            // Trimmed from 64 x 64: the content's box starts 20 px from the left and 4 px from the top.
            cross: frameOf(tex, 'cross', R.cross, 64, 64, 20, 4),
        };
    }
}

/**
 * A SpriteFrame on `region`. For a trimmed frame, `ow` x `oh` is the original (untrimmed) size and
 * (left, top) where the rect's box sits in it (y down); the offset is the centre of the rect minus
 * the centre of the original, y up.
 */
function frameOf(tex: Texture2D, name: string, r: Region, ow = r.w, oh = r.h, left = (ow - r.w) / 2, top = (oh - r.h) / 2): SpriteFrame {
    const frame = new SpriteFrame();
    frame.name = name;
    frame.reset({
        texture: tex,
        rect: new Rect(r.x, r.y, r.w, r.h),
        originalSize: new Size(ow, oh),
        offset: new Vec2(left + r.w / 2 - ow / 2, oh / 2 - (top + r.h / 2)),
        isRotate: r.rotated,
    });
    frame.packable = false;
    return frame;
}

/**
 * Paints the opaque pixels of an upright shape into `region` of the RGBA bytes: colour `rgb`, a
 * darker rim where a 4-neighbour is outside, and `detail` (an 0xRRGGBB or -1) over both.
 */
function paint(bytes: Uint8Array, r: Region, rgb: number, inside: Inside, detail?: (px: number, py: number) => number): void {
    const at = (i: number, j: number): boolean => i >= 0 && j >= 0 && i < r.w && j < r.h && inside(i + 0.5, j + 0.5);
    for (let j = 0; j < r.h; j++) {
        for (let i = 0; i < r.w; i++) {
            if (!at(i, j)) continue;
            const rim = !at(i - 1, j) || !at(i + 1, j) || !at(i, j - 1) || !at(i, j + 1);
            let c = rgb;
            const d = detail ? detail(i + 0.5, j + 0.5) : -1;
            if (d >= 0) c = d;
            const k = rim ? 0.72 : 1;
            const tx = r.rotated ? r.x + r.h - 1 - j : r.x + i;
            const ty = r.rotated ? r.y + i : r.y + j;
            const o = (ty * TEX_W + tx) * 4;
            bytes[o] = Math.round(((c >> 16) & 0xff) * k);
            bytes[o + 1] = Math.round(((c >> 8) & 0xff) * k);
            bytes[o + 2] = Math.round((c & 0xff) * k);
            bytes[o + 3] = 255;
        }
    }
}

/** Vertices (x0, y0, x1, y1, ...) of a star centred on (cx, cy), y down, first point up. */
function starPolygon(cx: number, cy: number, outer: number, inner: number, points: number): number[] {
    const v: number[] = [];
    for (let k = 0; k < points * 2; k++) {
        const rad = k % 2 === 0 ? outer : inner;
        const a = -Math.PI / 2 + (k * Math.PI) / points;
        v.push(cx + rad * Math.cos(a), cy + rad * Math.sin(a));
    }
    return v;
}

/** Even-odd point in polygon test. */
function pointInPolygon(x: number, y: number, v: readonly number[]): boolean {
    let inside = false;
    for (let a = 0, b = v.length - 2; a < v.length; b = a, a += 2) {
        const ax = v[a], ay = v[a + 1], bx = v[b], by = v[b + 1];
        if ((ay > y) !== (by > y) && x < ((bx - ax) * (y - ay)) / (by - ay) + ax) inside = !inside;
    }
    return inside;
}
