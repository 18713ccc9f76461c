/**
 * PixelIntersection (stateless checks, no system step) and pixel-exact touch
 * (PixelCollider.pixelTouch through UITransform.hitTest), against the core's answers and an
 * independent per-texel model of where the sprite's texels are drawn.
 */
import { Layers, Rect, Vec2, Vec3 } from 'cc';
import { Sprite as SpriteClass, UITransform as UITransformType } from 'cc';
import type { Node, Sprite, UITransform } from 'cc';

const SpriteType = SpriteClass.Type;
import {
    CollisionSystem, PixelCollider, PixelContact, PixelIntersection, PixelMasks, spriteToWorld,
} from 'db://pixel-collision/runtime/index';
import type { Affine2D } from 'db://pixel-collision/runtime/index';
import { Contact, testMasks } from '../../extensions/pixel-collision/assets/core';
import type { BitMask } from '../../extensions/pixel-collision/assets/core';
import { RenderCamera } from './cc';
import type { Scene } from './cc';
import { frame, freshScene, sprite, texture, tick } from './helpers';

const ringInside = (x: number, y: number) => { const d = Math.hypot(x - 9.5, y - 7.5); return d < 7.5 && d > 3; };
const ring = () => texture(20, 16, ringInside);
/** Texel (i, j) is opaque (the texture helper samples its predicate at texel centres). */
const ringTexel = (i: number, j: number) => ringInside(i + 0.5, j + 0.5);
const T = (): Affine2D => ({ a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0 });
/** Deterministic pseudo-random numbers (mulberry32). */
function rng(seed: number): () => number {
    return () => { seed |= 0; seed = (seed + 0x6d2b79f5) | 0; let t = Math.imul(seed ^ (seed >>> 15), 1 | seed); t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t; return ((t ^ (t >>> 14)) >>> 0) / 4294967296; };
}

let scene: Node;
beforeEach(() => {
    scene = freshScene();
    PixelMasks.clear();
});

describe('PixelIntersection.test', () => {
    test('two colliders: the contact the system reports, without a step, also right after a move', () => {
        const a = sprite('A', frame(ring()), { angle: 33, sx: -1.5, sy: 0.75 });
        const b = sprite('B', frame(ring()), { x: 9, y: 3, angle: -71, sx: 1.25, sy: -1 });
        const out = new PixelContact();
        expect(PixelIntersection.test(a.collider, b.collider, out)).toBe(true);
        tick();
        const sys = a.collider.contactWith(b.collider)!;
        expect(out.count).toBe(sys.count);
        expect(out.centroid.x).toBe(sys.centroid.x);
        expect(out.normal.y).toBe(sys.normal.y);
        expect(out.rect.width).toBe(sys.rect.width);
        // Moved, no step: the answer follows the node now.
        b.node.setPosition(200, 0, 0);
        expect(PixelIntersection.test(a.collider, b.collider)).toBe(false);
        expect(a.collider.isTouching(b.collider)).toBe(true); // the system has not stepped
    });

    test('two plain sprites (no collider): the core testMasks of their masks where they are drawn, rotated, flipped and atlas frames', () => {
        const tex = texture(40, 40, (x, y) => ((x * 7 + y * 13) % 5 !== 0) && Math.hypot(x - 20, y - 20) < 19);
        const frames = [frame(tex), frame(tex, { rect: [3, 5, 12, 20], rotated: true }), frame(tex, { rect: [10, 2, 14, 9], originalSize: [20, 15], offset: [1, -2] })];
        const r = rng(7);
        for (let k = 0; k < 30; k++) {
            scene = freshScene();
            const a = sprite('A', frames[k % 3], { x: r() * 10, y: r() * 10, angle: r() * 360, sx: r() < 0.5 ? -1 : 1.3, sy: 0.8, collider: false });
            const b = sprite('B', frames[(k + 1) % 3], { x: r() * 10, y: r() * 10, angle: r() * 360, sx: 1, sy: r() < 0.5 ? -1.2 : 1, collider: false });
            const ta = T(), tb = T();
            expect(spriteToWorld(a.sprite, ta) && spriteToWorld(b.sprite, tb)).toBe(true);
            const want = new Contact();
            const hit = testMasks(PixelMasks.maskOf(a.sprite.spriteFrame!) as BitMask, ta, PixelMasks.maskOf(b.sprite.spriteFrame!) as BitMask, tb, { contact: true }, want);
            const out = new PixelContact();
            expect(PixelIntersection.test(a.sprite, b.sprite, out)).toBe(hit);
            if (hit) {
                expect(out.count).toBe(want.count);
                expect(out.centroid.x).toBeCloseTo(want.centroidX, 12);
                expect(out.normal.x).toBeCloseTo(want.normalX, 12);
            }
        }
    });

    test('a sprite with an enabled collider is that collider (its threshold); a disabled or scale-0 collider overlaps nothing', () => {
        const soft = texture(8, 8, () => true);
        const a = sprite('A', frame(soft));
        const b = sprite('B', frame(soft), { x: 4 });
        expect(PixelIntersection.test(a.sprite, b.sprite)).toBe(true);
        b.collider.enabled = false;
        expect(PixelIntersection.test(a.sprite, b.collider)).toBe(false);
        expect(PixelIntersection.test(a.sprite, b.sprite)).toBe(true); // the sprite itself, without its disabled collider
        b.collider.enabled = true;
        b.node.setScale(0, 0, 1);
        expect(PixelIntersection.test(a.collider, b.collider)).toBe(false);
        expect(PixelIntersection.test(a.collider, a.collider)).toBe(false);
    });
});

describe('PixelIntersection.point / opaqueAt / rect', () => {
    test('point() is CollisionSystem.queryPoint\'s answer; opaqueAt() is the texel under the exact point', () => {
        const s = sprite('A', frame(ring()), { x: 0.3, y: -0.2, angle: 20, sx: 1.5, sy: -1 });
        const sys = CollisionSystem.instance;
        const r = rng(3);
        const t = s.collider.getWorldTransform(T());
        tick();
        let solid = 0;
        for (let k = 0; k < 400; k++) {
            const p = new Vec2(r() * 40 - 20, r() * 40 - 20);
            expect(PixelIntersection.point(s.collider, p)).toBe(sys.queryPoint(p).includes(s.collider));
            // independent: invert the world transform, floor to the texel, ask the texture's predicate
            s.collider.getWorldTransform(t);
            const det = t.a * t.d - t.b * t.c, dx = p.x - t.tx, dy = p.y - t.ty;
            const u = Math.floor((t.d * dx - t.c * dy) / det), v = Math.floor((-t.b * dx + t.a * dy) / det);
            const want = u >= 0 && v >= 0 && u < 20 && v < 16 && ringTexel(u, v);
            expect(PixelIntersection.opaqueAt(s.sprite, p)).toBe(want);
            if (want) solid++;
        }
        expect(solid).toBeGreaterThan(20);
        expect(() => PixelIntersection.point(s.collider, { x: NaN, y: 0 })).toThrow(RangeError);
    });

    test('rect() is CollisionSystem.queryRect\'s answer; its contact counts the shared samples', () => {
        const s = sprite('A', frame(ring()), { angle: 45 });
        const sys = CollisionSystem.instance;
        const r = rng(11);
        for (let k = 0; k < 100; k++) {
            const rect = new Rect(r() * 30 - 15, r() * 30 - 15, 0.5 + r() * 6, 0.5 + r() * 6);
            const out = new PixelContact();
            const hit = PixelIntersection.rect(s.collider, rect, out);
            expect(hit).toBe(sys.queryRect(rect).includes(s.collider));
            if (hit) expect(out.count).toBeGreaterThan(0);
        }
        // Upright at the origin, 1 texel = 1 cell: a rect around it shares one sample per opaque texel.
        s.node.setRotationFromEuler(0, 0, 0);
        let opaque = 0;
        for (let j = 0; j < 16; j++) for (let i = 0; i < 20; i++) if (ringTexel(i, j)) opaque++;
        const all = new PixelContact();
        expect(PixelIntersection.rect(s.sprite, new Rect(-30, -30, 60, 60), all)).toBe(true);
        expect(all.count).toBe(opaque);
        expect(all.rect.width).toBeLessThanOrEqual(20);
    });

    test('bare SLICED, FILLED and TILED sprites are where they are drawn: the same answers as a collider on the same sprite', () => {
        const f = frame(ring());
        f.insetLeft = 5; f.insetTop = 3; f.insetRight = 4; f.insetBottom = 6;
        const setups: ((s: Sprite) => void)[] = [
            (s) => { s.type = SpriteType.SLICED; },
            (s) => { s.type = SpriteType.FILLED; s.fillType = 2; s.fillStart = 0.15; s.fillRange = 0.55; s.fillCenter = new Vec2(0.4, 0.6); },
            (s) => { s.type = SpriteType.FILLED; s.fillType = 0; s.fillStart = 0.3; s.fillRange = 0.4; },
            (s) => { s.type = SpriteType.TILED; },
        ];
        for (const [k, setup] of setups.entries()) {
            scene = freshScene();
            const make = (name: string, collider: boolean) => {
                const s = sprite(name, k === 3 ? frame(ring()) : f, { x: 3.3, y: -2.1, angle: 27, sx: 1.2, sy: -0.9, collider });
                s.sprite.sizeMode = 0; // CUSTOM
                setup(s.sprite);
                s.node.getComponent(UITransformType)!.setContentSize(47, 29);
                return s;
            };
            const bare = make('Bare', false), withCollider = make('WithCollider', true);
            tick();
            let solid = 0;
            for (let y = -30; y < 30; y += 0.7) for (let x = -30; x < 30; x += 0.7) {
                const p = { x, y };
                const want = PixelIntersection.point(withCollider.collider, p);
                if (want) solid++;
                expect([k, x, y, PixelIntersection.point(bare.sprite, p)]).toEqual([k, x, y, want]);
                expect(PixelIntersection.opaqueAt(bare.sprite, p)).toBe(PixelIntersection.opaqueAt(withCollider.collider, p));
            }
            expect(solid).toBeGreaterThan(100);
            expect(withCollider.collider.maskSource).toBe('pixels');
        }
    });
});

describe('pixel-exact touch (pixelTouch)', () => {
    const W = 960, H = 640;
    /** A camera like a Canvas's: world (0, 0) at the screen centre, 1 unit = 1 screen pixel. */
    function camera(): void {
        (scene as unknown as Scene).renderScene.cameras.push(new RenderCamera(0, 0, H / 2, W, H));
    }
    const screenOf = (x: number, y: number) => new Vec2(x + W / 2, y + H / 2);
    const ui = (n: Node) => n.getComponent('cc.UITransform') as unknown as UITransform;

    test('off: the content box hits (the engine\'s rule); on: only solid texels, where the sprite draws them', () => {
        camera();
        const s = sprite('A', frame(ring()));
        s.node.layer = Layers.Enum.UI_2D;
        const box = ui(s.node);
        // the ring's hole, at the node's centre: inside the box, transparent
        expect(box.hitTest(screenOf(0.2, 0.3))).toBe(true);
        s.collider.pixelTouch = true;
        expect(box.hitTest(screenOf(0.2, 0.3))).toBe(false);
        expect(box.hitTest(screenOf(-5.5, 0.5))).toBe(ringTexel(4, 7)); // texel (4, 7): column 4, row 7 from the top
        expect(box.hitTest(screenOf(-5.5, 0.5))).toBe(true);
        s.collider.pixelTouch = false;
        expect(Object.prototype.hasOwnProperty.call(box, 'hitTest')).toBe(false); // unwrapped
        expect(box.hitTest(screenOf(0.2, 0.3))).toBe(true);
    });

    test('rotated, flipped and atlas (rotated, trimmed) frames: hit iff the texel drawn under the point is opaque', () => {
        camera();
        const tex = texture(40, 40, (x, y) => ((x * 7 + y * 13) % 5 !== 0) && Math.hypot(x - 20, y - 20) < 19);
        const inside = (x: number, y: number) => ((x * 7 + y * 13) % 5 !== 0) && Math.hypot(x - 20, y - 20) < 19;
        const frames = [frame(tex), frame(tex, { rect: [3, 5, 12, 20], rotated: true }), frame(tex, { rect: [10, 2, 14, 9], originalSize: [20, 15], offset: [1, -2] })];
        /** The displayed texel (i, j) of a frame -> its texture texel (COCOS-NOTES: rotated frames). */
        const texel = (k: number, i: number, j: number): [number, number] => {
            if (k === 0) return [i, j];
            if (k === 1) return [3 + 20 - 1 - j, 5 + i];
            return [10 + i, 2 + j];
        };
        const dims = [[40, 40], [12, 20], [14, 9]];
        const r = rng(5);
        let hits = 0, misses = 0;
        for (let n = 0; n < 12; n++) {
            scene = freshScene();
            camera();
            const k = n % 3;
            const angle = r() * 360, sx = r() < 0.5 ? -1.5 : 1.5, sy = r() < 0.5 ? -1 : 2, x = r() * 20 - 10, y = r() * 20 - 10;
            const s = sprite('S', frames[k], { x, y, angle, sx, sy });
            s.node.layer = Layers.Enum.UI_2D;
            s.collider.pixelTouch = true;
            const [w, h] = dims[k];
            const cs = ui(s.node).contentSize; // TRIMMED: the frame's rect size
            expect([cs.width, cs.height]).toEqual([w, h]);
            const rad = angle * Math.PI / 180, cos = Math.cos(rad), sin = Math.sin(rad);
            for (let m = 0; m < 150; m++) {
                const px = x + (r() - 0.5) * 90, py = y + (r() - 0.5) * 90;
                // independent model: world -> node (undo translate, rotate, scale) -> displayed texel
                const dx = px - x, dy = py - y;
                const lx = (cos * dx + sin * dy) / sx, ly = (-sin * dx + cos * dy) / sy;
                const i = Math.floor(lx + w / 2), j = Math.floor(h / 2 - ly);
                const edge = Math.abs(lx + w / 2 - Math.round(lx + w / 2)) < 1e-9 || Math.abs(h / 2 - ly - Math.round(h / 2 - ly)) < 1e-9;
                if (edge) continue;
                const [ti, tj] = texel(k, i, j);
                const want = i >= 0 && j >= 0 && i < w && j < h && inside(ti + 0.5, tj + 0.5);
                // the screen point of the world point (the camera maps 1:1, centred)
                expect(ui(s.node).hitTest(screenOf(px, py))).toBe(want);
                if (want) hits++; else misses++;
            }
        }
        expect(hits).toBeGreaterThan(100);
        expect(misses).toBeGreaterThan(100);
    });

    test('a disabled collider gives the node back the engine\'s box test; a camera that does not see the layer hits nothing', () => {
        camera();
        const s = sprite('A', frame(ring()));
        s.node.layer = Layers.Enum.UI_2D;
        s.collider.pixelTouch = true;
        const box = ui(s.node);
        expect(box.hitTest(screenOf(0.2, 0.3))).toBe(false);
        s.collider.enabled = false;
        expect(box.hitTest(screenOf(0.2, 0.3))).toBe(true);
        s.collider.enabled = true;
        expect(box.hitTest(screenOf(0.2, 0.3))).toBe(false);
        s.node.layer = Layers.Enum.DEFAULT;
        expect(box.hitTest(screenOf(-5.5, 0.5))).toBe(false);
        s.node.layer = Layers.Enum.UI_2D;
        s.node.setScale(0, 0, 1);
        expect(box.hitTest(screenOf(0, 0))).toBe(false);
        void new Vec3();
    });
});
