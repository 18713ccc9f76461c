/**
 * The runtime with the compact (version 2) library the bake writes: registering it decodes no mask;
 * the first lookup of a frame decodes that frame's mask only, bit for bit the baked one; frames
 * made in code find theirs by region; a version 1 library given by hand still loads beside it.
 */
import * as fs from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { BitMask, CollisionSystem, PixelMasks } from 'db://pixel-collision/runtime/index';
import * as code from '../../extensions/pixel-collision/assets/core/mask-code';
import { buildLibraryGroups, decodeBase64, encodeMaskCode } from '../../extensions/pixel-collision/assets/core/index';
import { bakeProject, DEFAULT_OUT } from '../../extensions/pixel-collision/source/bake/index';
import { parseLibraryScript } from '../../extensions/pixel-collision/source/bake/output';
import { logs } from './cc';
import { frameOf, freshScene, releasedTexture } from './helpers';

const PLAIN = '6e02cc61-fbad-4180-abdc-ec15fab2c26d';
const TRIMMED = '24948f7c-b9f2-4736-97e7-d0da8da3f88b';
const SHEET = '68c6b03a-dfd5-406c-90c7-239768ee7d3b';
const SHEET_TEX = '3c0168ab-48e6-457a-af67-8bb94c8c95ce@6c48a';

let dir: string;
let json: { format: string; version: number; groups: string };
beforeAll(async () => {
    dir = fs.mkdtempSync(join(tmpdir(), 'pc-compact-'));
    fs.cpSync(join(__dirname, '../fixtures/bake-project'), dir, { recursive: true });
    expect((await bakeProject(dir, { onProgress: () => undefined })).errors).toEqual([]);
    const text = fs.readFileSync(join(dir, DEFAULT_OUT), 'utf8');
    // the literal the generated script hands to PixelMasks.addLibrary
    // (JSON once the string's line continuations are taken out)
    json = JSON.parse(text.slice(text.indexOf('*/', text.indexOf('begin')) + 2, text.indexOf('/* pixel-collision-masks: end */')).replace(/\\\n/g, ''));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
beforeEach(() => { freshScene(); PixelMasks.clear(); });

const baked = (uuid: string, threshold: number): BitMask => {
    const e = parseLibraryScript(fs.readFileSync(join(dir, DEFAULT_OUT), 'utf8')).find((x) => x.uuid === uuid && x.threshold === threshold)!;
    return BitMask.deserialize(decodeBase64(e.data));
};
const same = (a: BitMask | null, b: BitMask): void => expect(Buffer.from(a!.serialize())).toEqual(Buffer.from(b.serialize()));

test('the bake writes version 2; registering decodes nothing, each first lookup decodes one mask', () => {
    expect(json).toMatchObject({ format: 'pixel-collision-masks', version: 2 });
    const want0 = baked(`${PLAIN}@f9941`, 0), want127 = baked(`${PLAIN}@f9941`, 127);
    const decode = jest.spyOn(code, 'decodeMaskCode');
    try {
        expect(typeof json.groups).toBe('string');
        expect(PixelMasks.addLibrary(json, 'baked masks')).toBe(json.groups.split('\n').length);
        expect(decode).not.toHaveBeenCalled();
        const plain = frameOf(releasedTexture(`${PLAIN}@6c48a`, 13, 9), `${PLAIN}@f9941`, [0, 0, 13, 9]);
        const m0 = PixelMasks.maskOf(plain, 0);
        expect(decode).toHaveBeenCalledTimes(1);
        same(m0, want0);
        same(PixelMasks.maskOf(plain, 127), want127);
        expect(decode).toHaveBeenCalledTimes(2);
        PixelMasks.maskOf(plain, 0);
        expect(decode).toHaveBeenCalledTimes(2); // cached
        expect(PixelMasks.stats()).toMatchObject({ baked: 2, pixels: 0, none: 0 });
    } finally {
        decode.mockRestore();
    }
});

test('atlas frames (rotated too) by uuid, trimmed frames, and frames made in code by their region', () => {
    PixelMasks.addLibrary(json);
    const sheet = releasedTexture(SHEET_TEX, 24, 20);
    same(PixelMasks.maskOf(frameOf(sheet, `${SHEET}@4e3a1`, [12, 2, 10, 7], true), 127), baked(`${SHEET}@4e3a1`, 127));
    same(PixelMasks.maskOf(frameOf(sheet, `${SHEET}@b82c7`, [1, 1, 8, 6]), 0), baked(`${SHEET}@b82c7`, 0));
    same(PixelMasks.maskOf(frameOf(releasedTexture(`${TRIMMED}@6c48a`, 20, 16), `${TRIMMED}@f9941`, [4, 3, 11, 10]), 0), baked(`${TRIMMED}@f9941`, 0));
    // made in code: no uuid, found by texture + rect
    same(PixelMasks.maskOf(frameOf(releasedTexture(SHEET_TEX, 24, 20), '', [1, 1, 8, 6]), 0), baked(`${SHEET}@b82c7`, 0));
    expect(PixelMasks.stats()).toMatchObject({ baked: 4, none: 0 });
});

test('a version 1 library loads beside it; a frame it has and the compact one lacks is found there', () => {
    PixelMasks.addLibrary(json);
    const other = new BitMask(5, 4);
    other.set(1, 1, true);
    const b64 = Buffer.from(other.serialize()).toString('base64');
    PixelMasks.addLibrary({ format: 'pixel-collision-masks', version: 1, masks: [
        { uuid: 'aaaaaaaa-0000-4000-a000-000000000000@f9941', texture: 'aaaaaaaa-0000-4000-a000-000000000000@6c48a', rect: [0, 0, 5, 4], rotated: false, threshold: 0, data: b64 }] });
    same(PixelMasks.maskOf(frameOf(releasedTexture('aaaaaaaa-0000-4000-a000-000000000000@6c48a', 5, 4), 'aaaaaaaa-0000-4000-a000-000000000000@f9941', [0, 0, 5, 4]), 0), other);
    same(PixelMasks.maskOf(frameOf(releasedTexture(`${PLAIN}@6c48a`, 13, 9), `${PLAIN}@f9941`, [0, 0, 13, 9]), 0), baked(`${PLAIN}@f9941`, 0));
});

test('a corrupt compact library is refused when added; a corrupt mask code warns once and the texture is read instead', () => {
    expect(() => PixelMasks.addLibrary({ format: 'pixel-collision-masks', version: 2, groups: 7 })).toThrow(/no "groups" \(a string, or an array of strings\)/);
    expect(PixelMasks.addLibrary({ format: 'pixel-collision-masks', version: 2, groups: '' })).toBe(0);
    expect(() => PixelMasks.addLibrary({ format: 'pixel-collision-masks', version: 2, groups: ['nonsense'] })).toThrow(/malformed group.*Bake the masks again/);
    // every mask code ends in a character outside the alphabet
    const broken = { ...json, groups: json.groups.split('\n').map((g) => g.split('|').map((part, i) => (i < 2 ? part
        : part.split(' ').map((f, k) => (k < 2 ? f : f + '$')).join(' '))).join('|')) };
    PixelMasks.addLibrary(broken);
    logs.clear();
    const mask = PixelMasks.maskOf(frameOf(releasedTexture(`${PLAIN}@6c48a`, 13, 9), `${PLAIN}@f9941`, [0, 0, 13, 9]), 0);
    expect(mask).toBeNull(); // no pixels either: the box
    expect(PixelMasks.stats()).toMatchObject({ baked: 0, none: 1 });
    expect(logs.warn.filter((w) => /outside its alphabet.*reading its pixels instead/.test(w))).toHaveLength(1);
    // the box fallback's warning says how a frame set from code gets baked
    expect(logs.warn.filter((w) => /collides as its bounding box.*"include" in the project settings/.test(w))).toHaveLength(1);
});

describe('large masks are decoded ahead, a budget per frame', () => {
    const BG = 'b61e4c3a-0d1f-4e6b-9a55-3d0f6a7c1b20';
    /** A large detailed frame (a horizon with speckle) and its compact library. */
    const big = (): { mask: BitMask; lib: { format: string; version: number; groups: string[] } } => {
        const mask = new BitMask(900, 400);
        for (let j = 0; j < 400; j++) for (let i = 0; i < 900; i++) mask.set(i, j, (j > 200 + Math.sin(i / 30) * 80) !== ((i * 31 + j * 17) % 53 === 0));
        const groups = buildLibraryGroups([{ uuid: `${BG}@f9941`, texture: `${BG}@6c48a`, rect: [0, 0, 900, 400], rotated: false, threshold: 0, code: encodeMaskCode(mask) }]);
        return { mask, lib: { format: 'pixel-collision-masks', version: 2, groups } };
    };

    test('the CollisionSystem decodes them after its steps; the collider that shows the frame finds the mask ready', () => {
        const { mask, lib } = big();
        PixelMasks.addLibrary(lib);
        const decode = jest.spyOn(code, 'decodeMaskCode');
        try {
            expect(PixelMasks.prefetching).toBe(true);
            PixelMasks.prefetch.budgetMs = 0.5;
            let frames = 0;
            while (PixelMasks.prefetching && frames < 1000) { CollisionSystem.instance.postUpdate(1 / 60); frames++; }
            expect(frames).toBeGreaterThan(1); // spread over frames
            expect(PixelMasks.prefetchStats()).toMatchObject({ ready: 1, taken: 0 });
            same(PixelMasks.maskOf(frameOf(releasedTexture(`${BG}@6c48a`, 900, 400), `${BG}@f9941`, [0, 0, 900, 400]), 0), mask);
            expect(decode).not.toHaveBeenCalled();
            expect(PixelMasks.prefetchStats()).toMatchObject({ ready: 0, bytes: 0, taken: 1 });
            expect(PixelMasks.stats()).toMatchObject({ baked: 1 });
        } finally {
            decode.mockRestore();
            PixelMasks.prefetch.budgetMs = 1;
        }
    });

    test('a collider that appears first decodes its mask itself, and it is not decoded ahead again; off: nothing ahead', () => {
        const { mask, lib } = big();
        PixelMasks.addLibrary(lib);
        same(PixelMasks.maskOf(frameOf(releasedTexture(`${BG}@6c48a`, 900, 400), `${BG}@f9941`, [0, 0, 900, 400]), 0), mask);
        while (PixelMasks.prefetching) PixelMasks.prefetchStep();
        expect(PixelMasks.prefetchStats()).toMatchObject({ ready: 0, bytes: 0, taken: 0 });

        PixelMasks.clear();
        PixelMasks.prefetch.enabled = false;
        try {
            PixelMasks.addLibrary(lib);
            expect(PixelMasks.prefetching).toBe(false);
            CollisionSystem.instance.postUpdate(1 / 60);
            expect(PixelMasks.prefetchStats()).toMatchObject({ ready: 0, unscanned: 1 });
        } finally {
            PixelMasks.prefetch.enabled = true;
        }
    });
});
