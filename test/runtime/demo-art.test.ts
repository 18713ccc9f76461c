/**
 * The demo scenes' PNG sprites through the runtime's mask building (in the cc test double): each
 * frame, built from its decoded PNG and its meta's trim rect the way the engine builds it, gives a
 * mask texel for texel equal to an independent reading of the PNG through that rect; so does a
 * frame packed into an atlas (rotated or not, as the Auto Atlas may store it) and a frame the
 * dynamic atlas moved. And the terrain demo's two halves of a crater (collider.eraseCircle on the
 * mask, eraseDisc on the picture) clear the same texels.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { ImageAsset, Rect, Size, SpriteFrame, Texture2D, Vec2 } from 'cc';
import { BitMask, CollisionSystem, PixelMasks } from 'db://pixel-collision/runtime/index';
import type { Affine2D } from 'db://pixel-collision/runtime/index';
import { eraseDisc } from '../../assets/scripts/demos/demo-logic';
import { freshScene, sprite } from './helpers';

const ART = join(__dirname, '..', '..', 'assets', 'demos', 'art');

interface Art { png: PNG; rect: { x: number; y: number; w: number; h: number }; raw: [number, number]; offset: [number, number] }

function art(path: string): Art {
    const png = PNG.sync.read(readFileSync(join(ART, path)));
    const u = JSON.parse(readFileSync(join(ART, `${path}.meta`), 'utf8')).subMetas.f9941.userData;
    return { png, rect: { x: u.trimX, y: u.trimY, w: u.width, h: u.height }, raw: [u.rawWidth, u.rawHeight], offset: [u.offsetX, u.offsetY] };
}

function textureOf(rgba: Uint8Array, w: number, h: number): Texture2D {
    const tex = new Texture2D();
    tex.image = new ImageAsset({ _data: rgba, _compressed: false, width: w, height: h, format: Texture2D.PixelFormat.RGBA8888 });
    return tex;
}

function frameOf(tex: Texture2D, rect: Art['rect'], a: Art, rotated = false): SpriteFrame {
    const f = new SpriteFrame();
    f.packable = false;
    f.reset({ texture: tex, rect: new Rect(rect.x, rect.y, rect.w, rect.h), originalSize: new Size(...a.raw), offset: new Vec2(...a.offset), isRotate: rotated });
    return f;
}

/** Independent reading: is the PNG's pixel (rect.x + i, rect.y + j) solid? */
function solid(a: Art, i: number, j: number, threshold: number): boolean {
    return a.png.data[((a.rect.y + j) * a.png.width + a.rect.x + i) * 4 + 3] > threshold;
}

/** Texel-by-texel differences between a mask and the PNG read through the frame rect. */
function differences(m: BitMask | null, a: Art, threshold: number): { count: number; diff: number; expected: number } {
    if (!m) return { count: -1, diff: -1, expected: -1 };
    expect([m.width, m.height]).toEqual([a.rect.w, a.rect.h]);
    let diff = 0, expected = 0;
    for (let j = 0; j < a.rect.h; j++) {
        for (let i = 0; i < a.rect.w; i++) {
            const s = solid(a, i, j, threshold);
            if (s) expected++;
            if (m.get(i, j) !== s) diff++;
        }
    }
    return { count: m.count(), diff, expected };
}

const FRAMES = ['shooter/fighter.png', 'shooter/saucer.png', 'shooter/player.png', 'shooter/bullet.png', 'maze/wall.png', 'maze/pillar.png', 'hero/hero-1.png', 'rocks/rock-0.png', 'rocks/rock-3.png', 'terrain/ground.png', 'character/crate.png', 'character/coin.png'];

beforeEach(() => {
    freshScene();
    PixelMasks.clear();
});

describe.each(FRAMES)('%s', (path) => {
    const a = art(path);
    test.each([0, 127])('its frame (trim rect of the meta) gives the PNG\'s mask at threshold %i', (threshold) => {
        const tex = textureOf(new Uint8Array(a.png.data), a.png.width, a.png.height);
        const r = differences(PixelMasks.maskOf(frameOf(tex, a.rect, a), threshold), a, threshold);
        expect(r.diff).toBe(0);
        expect(r.count).toBe(r.expected);
        expect(r.count).toBeGreaterThan(0);
    });
});

test('trimmed frames are really trimmed, and the trim drops only transparent pixels', () => {
    for (const path of ['shooter/fighter.png', 'hero/hero-1.png', 'terrain/ground.png']) {
        const a = art(path);
        expect(a.rect.w * a.rect.h).toBeLessThan(a.raw[0] * a.raw[1]);
        let all = 0;
        for (let k = 3; k < a.png.data.length; k += 4) if (a.png.data[k] > 0) all++;
        const tex = textureOf(new Uint8Array(a.png.data), a.png.width, a.png.height);
        expect(PixelMasks.maskOf(frameOf(tex, a.rect, a), 0)!.count()).toBe(all);
    }
});

test('atlas frames: the rocks packed into one texture, one of them rotated, give the same masks', () => {
    const rocks = [0, 1, 2, 3].map((k) => art(`rocks/rock-${k}.png`));
    // Pack the trimmed rects in a row with 2 px padding; rock 1 is stored rotated 90 degrees
    // clockwise (upright texel (i, j) at atlas texel (x + h - 1 - j, y + i)), as packers do.
    const W = 160, H = 48, atlas = new Uint8Array(W * H * 4);
    let x = 2;
    const placed = rocks.map((a, k) => {
        const rotated = k === 1;
        const sw = rotated ? a.rect.h : a.rect.w, sh = rotated ? a.rect.w : a.rect.h;
        for (let j = 0; j < a.rect.h; j++) {
            for (let i = 0; i < a.rect.w; i++) {
                const tx = rotated ? x + a.rect.h - 1 - j : x + i, ty = rotated ? 2 + i : 2 + j;
                const s = ((a.rect.y + j) * a.png.width + a.rect.x + i) * 4, d = (ty * W + tx) * 4;
                for (let c = 0; c < 4; c++) atlas[d + c] = a.png.data[s + c];
            }
        }
        const at = { x, y: 2, w: a.rect.w, h: a.rect.h };
        x += sw + 2;
        expect(sh + 2).toBeLessThanOrEqual(H);
        return { a, at, rotated };
    });
    expect(x).toBeLessThanOrEqual(W);
    const tex = textureOf(atlas, W, H);
    for (const { a, at, rotated } of placed) {
        const r = differences(PixelMasks.maskOf(frameOf(tex, at, a, rotated), 127), a, 127);
        expect(r.diff).toBe(0);
        expect(r.count).toBe(r.expected);
    }
});

test('a frame the dynamic atlas moved still gives its mask (read from the original texture)', () => {
    const a = art('shooter/saucer.png');
    const tex = textureOf(new Uint8Array(a.png.data), a.png.width, a.png.height);
    const f = frameOf(tex, a.rect, a);
    const packedInto = textureOf(new Uint8Array(512 * 512 * 4), 512, 512); // the atlas page (empty here: pixels must not come from it)
    f._setDynamicAtlasFrame({ texture: packedInto, x: 300, y: 200 });
    expect(f.original).not.toBeNull();
    const r = differences(PixelMasks.maskOf(f, 127), a, 127);
    expect(r.diff).toBe(0);
    expect(r.count).toBe(r.expected);
});

describe('terrain crater: mask and picture', () => {
    test.each([
        [180, -60, 34, 0, 1],
        [-200, -120, 20, 30, 1.5],
        [0, -10, 50, 0, 1],
    ])('eraseCircle at (%d, %d) r %d (ground turned %d deg, scale %d) clears the texels eraseDisc clears', (x, y, r, angle, scale) => {
        const a = art('terrain/ground.png');
        const rgba = new Uint8Array(a.png.data);
        const tex = textureOf(rgba, a.png.width, a.png.height);
        const g = sprite('ground', frameOf(tex, a.rect, a), { x: 0, y: -100, angle, sx: scale, sy: scale });
        g.collider.alphaThreshold = 127;
        CollisionSystem.instance.step();
        const before = g.collider.mask!.count();
        const t: Affine2D = { a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0 };
        g.collider.getWorldTransform(t);
        const maskCleared = g.collider.eraseCircle(x, y, r);
        const solidCleared = eraseDisc(rgba, a.png.width, { x: a.rect.x, y: a.rect.y, width: a.rect.w, height: a.rect.h }, t, x, y, r, 127);
        expect(maskCleared).toBeGreaterThan(100);
        expect(solidCleared).toBe(maskCleared);
        const m = g.collider.mask!;
        expect(m.count()).toBe(before - maskCleared);
        // The edited picture, read again, gives exactly the edited mask.
        const again = BitMask.fromRGBA(rgba, a.png.width, a.png.height, { threshold: 127, rect: { x: a.rect.x, y: a.rect.y, width: a.rect.w, height: a.rect.h } });
        let diff = 0;
        for (let j = 0; j < m.height; j++) for (let i = 0; i < m.width; i++) if (m.get(i, j) !== again.get(i, j)) diff++;
        expect(diff).toBe(0);
    });

    test('eraseDisc outside the frame or with a degenerate map clears nothing', () => {
        const rgba = new Uint8Array(16 * 16 * 4).fill(255);
        const rect = { x: 0, y: 0, width: 16, height: 16 };
        expect(eraseDisc(rgba, 16, rect, { a: 1, b: 0, c: 0, d: -1, tx: 0, ty: 16 }, 100, 100, 5, 0)).toBe(0);
        expect(eraseDisc(rgba, 16, rect, { a: 0, b: 0, c: 0, d: 0, tx: 0, ty: 0 }, 8, 8, 5, 0)).toBe(0);
        expect(eraseDisc(rgba, 16, rect, { a: 1, b: 0, c: 0, d: -1, tx: 0, ty: 16 }, 8, 8, -1, 0)).toBe(0);
        expect(rgba.every((v) => v === 255)).toBe(true);
        // a 3 px disc at a texel centre: the 29 texel centres within 3 px
        expect(eraseDisc(rgba, 16, rect, { a: 1, b: 0, c: 0, d: -1, tx: 0, ty: 16 }, 8.5, 8.5, 3, 0)).toBe(29);
    });
});
