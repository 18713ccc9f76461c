/**
 * The public API an editor preview (or a tool) uses to see a collider's shape outside a collision
 * step: updateShape, maskSource / maskReason, getOutline; and shapeOutline itself.
 */
import { director, Node, Sprite, UITransform } from 'cc';
import type { BitMask as BitMaskType } from 'db://pixel-collision/runtime/index';
import { BitMask, NarrowMode, PixelCollider, PixelMasks, PixelShape, shapeOutline, OUTLINE_CIRCLE_SEGMENTS } from 'db://pixel-collision/runtime/index';
import { frame, freshScene, sprite, texture, tick } from './helpers';

/** A collider the system does not run (like a component in the editor's scene, which gets no onEnable). */
function still(name: string, f: ReturnType<typeof frame> | null, o: { x?: number; y?: number; sx?: number; sy?: number } = {}) {
    const s = sprite(name, f, o);
    s.collider.enabled = false;
    return s;
}

/** Bounding box of the segments in `out`. */
function extent(out: number[]) {
    let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
    for (let k = 0; k < out.length; k += 2) {
        minX = Math.min(minX, out[k]); maxX = Math.max(maxX, out[k]);
        minY = Math.min(minY, out[k + 1]); maxY = Math.max(maxY, out[k + 1]);
    }
    return { minX, minY, maxX, maxY };
}

beforeEach(() => {
    freshScene();
    PixelMasks.clear();
});

describe('updateShape / maskSource / maskReason', () => {
    test('before any build the origin is "unbuilt"; a readable texture gives "pixels" and its mask', () => {
        const tex = texture(8, 6, (x) => x < 4);
        const s = still('Half', frame(tex));
        expect(s.collider.maskSource).toBe('unbuilt');
        expect(s.collider.updateShape()).toBe(true);
        expect(s.collider.maskSource).toBe('pixels');
        expect(s.collider.maskReason).toBe('');
        expect(s.collider.mask!.width).toBe(8);
        expect(s.collider.mask!.count()).toBe(4 * 6);
    });

    test('each fallback says why: no sprite, a TILED sprite with insets, unreadable pixels, no frame, BOUNDS mode', () => {
        const insetFrame = frame(texture(4, 4, () => true));
        insetFrame.insetLeft = 1;
        const sliced = still('TiledInsets', insetFrame);
        sliced.sprite.type = Sprite.Type.TILED;
        sliced.collider.updateShape();
        expect([sliced.collider.maskSource, sliced.collider.maskReason]).toEqual(['box', 'sprite-type']);

        const tex = texture(4, 4, () => true);
        (tex.image as unknown as { reset(d: unknown): void }).reset({ _data: null, _compressed: false, width: 4, height: 4, format: 35 });
        const ghost = still('Ghost', frame(tex));
        ghost.collider.updateShape();
        expect([ghost.collider.maskSource, ghost.collider.maskReason]).toEqual(['box', 'unreadable']);
        expect(ghost.collider.mask).toBeNull();

        const empty = still('Empty', null);
        expect(empty.collider.updateShape()).toBe(false);
        expect([empty.collider.maskSource, empty.collider.maskReason]).toEqual(['empty', 'no-frame']);

        const bounds = still('Bounds', frame(texture(4, 4, () => true)));
        bounds.collider.mode = NarrowMode.BOUNDS;
        bounds.collider.updateShape();
        expect([bounds.collider.maskSource, bounds.collider.maskReason]).toEqual(['bounds', 'bounds-mode']);

        const bare = new Node('NoSprite');
        (director.getScene() as unknown as Node).addChild(bare);
        bare.addComponent(UITransform).setContentSize(10, 10);
        const noSprite = bare.addComponent(PixelCollider);
        noSprite.enabled = false;
        expect(noSprite.updateShape()).toBe(true);
        expect([noSprite.maskSource, noSprite.maskReason]).toEqual(['box', 'no-sprite']);
    });

    test('a baked library entry gives "baked"; shapes give "shape"; an edited mask gives "edited"', () => {
        const tex = texture(6, 6, (x, y) => (x + y) % 2 === 0);
        (tex as unknown as { _uuid: string })._uuid = 'preview-tex';
        const f = frame(tex);
        const lib = PixelMasks.bakeLibrary([f], 0);
        PixelMasks.clear();
        PixelMasks.addLibrary(JSON.parse(JSON.stringify(lib)));
        const s = still('Baked', f);
        s.collider.updateShape();
        expect(s.collider.maskSource).toBe('baked');

        s.collider.shape = PixelShape.CIRCLE;
        s.collider.updateShape();
        expect([s.collider.maskSource, s.collider.maskReason]).toEqual(['shape', '']);

        s.collider.shape = PixelShape.PIXELS;
        s.collider.updateShape();
        s.collider.editMask((m) => m.set(1, 0, true));
        s.collider.updateShape();
        expect(s.collider.maskSource).toBe('edited');
    });

    test('follows changes of threshold, frame and transform', () => {
        // alpha = 30 * x: threshold 100 keeps x >= 4.
        const tex = texture(8, 4, () => true);
        const data = (tex.image as unknown as { data: Uint8Array }).data;
        for (let y = 0; y < 4; y++) for (let x = 0; x < 8; x++) data[(y * 8 + x) * 4 + 3] = 30 * x;
        const s = still('Ramp', frame(tex), { x: 100, y: 50 });
        s.collider.updateShape();
        expect(s.collider.mask!.count()).toBe(7 * 4); // alpha > 0: x >= 1
        s.collider.alphaThreshold = 100;
        s.collider.updateShape();
        expect(s.collider.mask!.count()).toBe(4 * 4);

        const out: number[] = [];
        s.collider.getOutline(out);
        expect(extent(out)).toEqual({ minX: 100 - 4 + 4, minY: 50 - 2, maxX: 100 + 4, maxY: 50 + 2 });
        s.node.setPosition(-20, 0, 0);
        s.node.setScale(2, 1, 1);
        s.collider.updateShape();
        out.length = 0;
        s.collider.getOutline(out);
        expect(extent(out)).toEqual({ minX: -20 - 8 + 8, minY: -2, maxX: -20 + 8, maxY: 2 });

        s.sprite.spriteFrame = frame(texture(3, 3, () => true));
        s.collider.updateShape();
        expect(s.collider.mask!.width).toBe(3);
    });

    test('in a running system it reports the last step and leaves the next step its work', () => {
        const s = sprite('Live', frame(texture(8, 8, (x) => x < 2)));
        tick();
        expect(s.collider.mask!.count()).toBe(16);
        s.sprite.spriteFrame = frame(texture(8, 8, (x) => x < 5));
        expect(s.collider.updateShape()).toBe(true);
        expect(s.collider.mask!.count()).toBe(16); // not rebuilt outside the step
        tick();
        expect(s.collider.mask!.count()).toBe(40);
    });

    test('getOutline is empty when the collider cannot collide (scale 0)', () => {
        const s = still('Flat', frame(texture(4, 4, () => true)), { sx: 0 });
        expect(s.collider.updateShape()).toBe(false);
        const out: number[] = [];
        expect(s.collider.getOutline(out)).toBe(0);
        expect(out).toEqual([]);
    });
});

describe('shapeOutline', () => {
    const I = { a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0 };

    test('a mask: its boundary, texel edges mapped through t (row 0 at the top)', () => {
        const m: BitMaskType = new BitMask(3, 2);
        m.set(0, 0, true); m.set(1, 0, true); // top row, two texels
        const out: number[] = [];
        const t = { a: 2, b: 0, c: 0, d: -1, tx: 10, ty: 5 }; // 2 units a texel, y down -> up
        const n = shapeOutline({ kind: 'mask', mask: m }, t, out);
        expect(n).toBe(4);
        expect(out).toHaveLength(16);
        expect(extent(out)).toEqual({ minX: 10, minY: 4, maxX: 14, maxY: 5 });
    });

    test('a box with anchor and offset, a polygon closed, a circle round in world units', () => {
        const out: number[] = [];
        expect(shapeOutline({ kind: 'box', width: 10, height: 4, offsetX: 1, offsetY: 0 }, { ...I, tx: 100 }, out)).toBe(4);
        expect(extent(out)).toEqual({ minX: 96, minY: -2, maxX: 106, maxY: 2 });
        out.length = 0;
        expect(shapeOutline({ kind: 'polygon', points: [0, 0, 4, 0, 0, 3] }, I, out)).toBe(3);
        expect(out.slice(8)).toEqual([0, 3, 0, 0]); // last side back to the first point
        out.length = 0;
        const t = { a: 0, b: 2, c: -2, d: 0, tx: 5, ty: 7 }; // rotated 90 degrees, scale 2
        expect(shapeOutline({ kind: 'circle', radius: 3, offsetX: 1 }, t, out)).toBe(OUTLINE_CIRCLE_SEGMENTS);
        for (let k = 0; k < out.length; k += 2) expect(Math.hypot(out[k] - 5, out[k + 1] - 9)).toBeCloseTo(6, 9);
    });

    test('appends: earlier contents stay', () => {
        const out = [1, 2, 3, 4];
        shapeOutline({ kind: 'box', width: 1, height: 1 }, I, out);
        expect(out.slice(0, 4)).toEqual([1, 2, 3, 4]);
        expect(out).toHaveLength(20);
    });
});
