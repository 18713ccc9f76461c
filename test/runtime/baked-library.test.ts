import * as fs from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SpriteFrame, Texture2D } from 'cc';
import { BitMask, PixelMasks } from 'db://pixel-collision/runtime/index';
import { decodeBase64 } from '../../extensions/pixel-collision/assets/core/index';
import type { BakedMaskEntry } from '../../extensions/pixel-collision/assets/core/index';
import { bakeProject, DEFAULT_OUT } from '../../extensions/pixel-collision/source/bake/index';
import { parseLibraryScript } from '../../extensions/pixel-collision/source/bake/output';
import { logs, packFrame } from './cc';
import { frameOf, freshScene, releasedTexture, sprite, tick } from './helpers';

/**
 * The runtime finds the masks the bake wrote (test/fixtures/bake-project) for frames whose
 * textures have no readable pixels (a native or mini-game build), however the frame was packed:
 * by the SpriteFrame's uuid after an Auto Atlas repack (build time: new texture, new rect), by its
 * source region (`SpriteFrame.original`) after dynamic-atlas packing (run time).
 */
const PLAIN = '6e02cc61-fbad-4180-abdc-ec15fab2c26d';
const SHEET = '68c6b03a-dfd5-406c-90c7-239768ee7d3b';
const SHEET_TEX = '3c0168ab-48e6-457a-af67-8bb94c8c95ce@6c48a';

let library: BakedMaskEntry[];
let dir: string;
beforeAll(async () => {
    dir = fs.mkdtempSync(join(tmpdir(), 'pc-baked-'));
    fs.cpSync(join(__dirname, '../fixtures/bake-project'), dir, { recursive: true });
    const report = await bakeProject(dir);
    expect(report.errors).toEqual([]);
    library = parseLibraryScript(fs.readFileSync(join(dir, DEFAULT_OUT), 'utf8'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

beforeEach(() => {
    freshScene();
    PixelMasks.clear();
    PixelMasks.addLibrary({ format: 'pixel-collision-masks', version: 1, masks: library }, 'baked masks');
});


function bakedMask(uuid: string, threshold: number): BitMask {
    return BitMask.deserialize(decodeBase64(library.find((e) => e.uuid === uuid && e.threshold === threshold)!.data));
}

/** The dynamic atlas packing `f` at (x, y) of `atlas` (the double's `packFrame`, typed for 'cc'). */
const pack = (f: SpriteFrame, atlas: Texture2D, x: number, y: number): void =>
    packFrame(f as unknown as Parameters<typeof packFrame>[0], atlas as unknown as Parameters<typeof packFrame>[1], x, y);

const same = (a: BitMask | null, b: BitMask): void => expect(Buffer.from(a!.serialize())).toEqual(Buffer.from(b.serialize()));

describe('baked library lookup', () => {
    test('a frame as loaded (uuid, its own texture, no pixels) gets its baked mask at each threshold', () => {
        const f = frameOf(releasedTexture(`${PLAIN}@6c48a`, 13, 9), `${PLAIN}@f9941`, [0, 0, 13, 9]);
        for (const t of [0, 127]) {
            const e = PixelMasks.acquire(f, t);
            expect(e.source).toBe('baked');
            same(e.mask, bakedMask(`${PLAIN}@f9941`, t));
        }
        expect(PixelMasks.stats()).toMatchObject({ baked: 2, none: 0 });
    });

    test('Auto Atlas repack: a new texture and rect (and rotation), same frame uuid -> found by uuid', () => {
        const atlas = releasedTexture('auto-atlas-0@6c48a', 64, 64);
        const upright = frameOf(atlas, `${SHEET}@4e3a1`, [40, 3, 10, 7]); // the rotated arrow, stored upright by the packer
        const e = PixelMasks.acquire(upright, 127);
        expect(e.source).toBe('baked');
        same(e.mask, bakedMask(`${SHEET}@4e3a1`, 127));
        const turned = frameOf(atlas, `${SHEET}@b82c7`, [20, 30, 8, 6], true); // the gem, rotated by the packer
        const g = PixelMasks.acquire(turned, 0);
        expect(g.source).toBe('baked');
        same(g.mask, bakedMask(`${SHEET}@b82c7`, 0));
        // the collider uses it, and nothing warned about unreadable pixels
        const s = sprite('Packed', upright);
        s.collider.alphaThreshold = 127;
        tick();
        same(s.collider.mask, bakedMask(`${SHEET}@4e3a1`, 127));
        expect(logs.warn.filter((w) => /cannot be read|read back/.test(w))).toEqual([]);
    });

    test('dynamic atlas: a frame made in code (no uuid) over the source texture, packed at run time -> found by its original region', () => {
        const sheet = releasedTexture(SHEET_TEX, 24, 20);
        const f = frameOf(sheet, '', [12, 2, 10, 7], true);
        pack(f, releasedTexture('', 2048, 2048), 500, 700);
        expect(f.texture).not.toBe(sheet);
        expect(f.rect.x).toBe(500);
        const e = PixelMasks.acquire(f, 0);
        expect(e.source).toBe('baked');
        same(e.mask, bakedMask(`${SHEET}@4e3a1`, 0));
        // and an asset frame packed the same way is found by its uuid
        const g = frameOf(sheet, `${SHEET}@b82c7`, [1, 1, 8, 6]);
        pack(g, releasedTexture('', 2048, 2048), 8, 8);
        expect(PixelMasks.acquire(g, 127).source).toBe('baked');
    });

    test('a uuid whose baked rect no longer has the frame\'s size is not used (re-trimmed since the bake): box fallback, one warning naming the bake', () => {
        const f = frameOf(releasedTexture('other@6c48a', 32, 32), `${PLAIN}@f9941`, [0, 0, 12, 9]);
        const e = PixelMasks.acquire(f, 0, 'PixelCollider on "Hero"');
        expect(e.source).toBe('none');
        expect(e.mask).toBeNull();
        const w = logs.warn.filter((m) => /cannot be read/.test(m));
        expect(w).toHaveLength(1);
        expect(w[0]).toMatch(/Pixel Collision > Bake Masks/);
        expect(w[0]).toMatch(/npx pixel-collision bake/);
    });

    test('libraries without uuids (made by bakeLibrary before) still load and match by region', () => {
        PixelMasks.clear();
        const noUuid = library.map(({ uuid: _drop, ...rest }) => rest);
        expect(PixelMasks.addLibrary({ format: 'pixel-collision-masks', version: 1, masks: noUuid })).toBe(8);
        const f = frameOf(releasedTexture(`${PLAIN}@6c48a`, 13, 9), `${PLAIN}@f9941`, [0, 0, 13, 9]);
        expect(PixelMasks.acquire(f, 0).source).toBe('baked');
        expect(() => PixelMasks.addLibrary({ format: 'pixel-collision-masks', version: 1, masks: [{ ...noUuid[0], uuid: 7 }] })).toThrow(/Bake Masks/);
    });
});
