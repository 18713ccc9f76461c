/**
 * The compact mask code (core/mask-code.ts) and the version 2 library (core/mask-library-v2.ts):
 * every mask comes back bit for bit; registering indexes groups without decoding; version 1
 * libraries still load; corrupt input gives a clear error.
 */
import fc from 'fast-check';
import {
    BitMask, buildLibraryGroups, CompactLibraryIndex, checkLibrary, compressUuidBase, decodeBase64, decodeMaskCode,
    decompressUuidBase, encodeMaskCode, readLibraryGroups,
} from '../../extensions/pixel-collision/assets/core/index';
import * as codeModule from '../../extensions/pixel-collision/assets/core/mask-code';
import { encodeMaskCodeAs } from '../../extensions/pixel-collision/assets/core/mask-code';

const same = (a: BitMask, b: BitMask): boolean => a.width === b.width && a.height === b.height && a.bits.every((w, i) => w === b.bits[i]);

function blob(w: number, h: number, seed: number): BitMask {
    const m = new BitMask(w, h);
    for (let j = 0; j < h; j++) for (let i = 0; i < w; i++) {
        const dx = (i + 0.5 - w / 2) / (w / 2), dy = (j + 0.5 - h / 2) / (h / 2);
        const r = Math.sqrt(dx * dx + dy * dy), th = Math.atan2(dy, dx);
        const hole = (i - w / 3) ** 2 + (j - h / 3) ** 2 < (Math.min(w, h) / 8) ** 2;
        m.set(i, j, r < 0.85 + 0.1 * Math.sin(5 * th + seed) && !hole);
    }
    return m;
}

test('random masks (any width, including 32 and 64 and past 32 bits, noise, empty, full) decode to the same bits', () => {
    fc.assert(fc.property(
        fc.integer({ min: 1, max: 100 }), fc.integer({ min: 1, max: 40 }), fc.integer({ min: 0, max: 4 }), fc.integer(),
        (w, h, kind, seed) => {
            let s = seed >>> 0;
            const rnd = (): number => { s = (Math.imul(s, 1664525) + 1013904223) >>> 0; return s / 2 ** 32; };
            const m = new BitMask(w, h);
            const b = blob(w, h, seed);
            for (let j = 0; j < h; j++) for (let i = 0; i < w; i++) {
                const v = kind === 0 ? false : kind === 1 ? true : kind === 2 ? rnd() < 0.5 : kind === 3 ? rnd() < 0.05 : b.get(i, j);
                m.set(i, j, v);
            }
            const code = encodeMaskCode(m);
            expect(code).toMatch(/^[A-Za-z0-9_-]*$/);
            expect(same(decodeMaskCode(code, w, h), m)).toBe(true);
        }), { numRuns: 400 });
    for (const w of [31, 32, 33, 63, 64, 65, 512]) {
        const m = blob(w, 70, w);
        expect(same(decodeMaskCode(encodeMaskCode(m), w, 70), m)).toBe(true);
    }
});

test('each of the three ways (edges by rows, edges by columns, texel by texel) decodes to the same bits; the shortest is kept (texel by texel tried for masks with many edges a row)', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 70 }), fc.integer({ min: 1, max: 50 }), fc.integer(), fc.double({ min: 0, max: 1, noNaN: true }),
        (w, h, seed, density) => {
            let s = seed >>> 0;
            const rnd = (): number => { s = (Math.imul(s, 1664525) + 1013904223) >>> 0; return s / 2 ** 32; };
            const b = blob(w, h, seed);
            const m = new BitMask(w, h);
            for (let j = 0; j < h; j++) for (let i = 0; i < w; i++) m.set(i, j, rnd() < density ? rnd() < 0.5 : b.get(i, j));
            const codes = (['rows', 'columns', 'texels'] as const).map((way) => encodeMaskCodeAs(m, way));
            for (const c of codes) expect(same(decodeMaskCode(c, w, h), m)).toBe(true);
            const kept = encodeMaskCode(m);
            expect(kept.length).toBeLessThanOrEqual(Math.min(codes[0].length, codes[1].length));
            expect(kept.length).toBeGreaterThanOrEqual(Math.min(...codes.map((c) => c.length)));
            expect(same(decodeMaskCode(kept, w, h), m)).toBe(true);
        }), { numRuns: 300 });
    // text-like rows (many edges a row, no outline to follow): texel by texel is the shortest
    const text = new BitMask(400, 40);
    for (let j = 0; j < 40; j++) for (let i = 0; i < 400; i++) text.set(i, j, ((i * 7 + (j >> 2) * 13) % 11) < 4 && (j % 10) < 8);
    expect(encodeMaskCodeAs(text, 'texels').length).toBeLessThan(encodeMaskCodeAs(text, 'rows').length);
    expect(encodeMaskCode(text)).toBe(encodeMaskCodeAs(text, 'texels'));
    // a smooth outline (2-4 edges a row): texel by texel is not even tried
    const round = blob(120, 90, 2);
    expect(encodeMaskCode(round)).toBe([encodeMaskCodeAs(round, 'rows'), encodeMaskCodeAs(round, 'columns')].sort((a, b) => a.length - b.length)[0]);
});

test('a smooth sprite outline codes to a fraction of BitMask.serialize in base64', () => {
    const m = blob(200, 180, 3);
    const v1 = Math.ceil(m.serialize().length / 3) * 4;
    const v2 = encodeMaskCode(m).length;
    expect(v2 * 3).toBeLessThan(v1);
});

test('corrupt codes throw a clear error instead of giving a wrong-sized mask', () => {
    expect(() => decodeMaskCode('ab$c', 10, 10)).toThrow(/alphabet.*Bake the masks again/);
    const code = encodeMaskCode(blob(60, 60, 1));
    let threw = 0;
    for (let i = 0; i < 40; i++) {
        const bad = code.slice(0, 5 + i) + (code[5 + i] === 'A' ? 'z' : 'A') + code.slice(6 + i);
        try { decodeMaskCode(bad, 60, 60); } catch (err) { expect((err as Error).message).toMatch(/Bake the masks again/); threw++; }
    }
    // a corrupt code is caught when its edges leave the row; otherwise it still decodes to a 60x60 mask
    expect(threw).toBeGreaterThan(0);
});

test('uuids compress to Creator\'s 23-character form and back', () => {
    const u = '18293665-dd38-437f-8479-d43c875e4907';
    expect(compressUuidBase(u)).toBe('18293Zl3ThDf4R51DyHXkkH');
    expect(decompressUuidBase('18293Zl3ThDf4R51DyHXkkH')).toBe(u);
    expect(decompressUuidBase(compressUuidBase('db://not-a-uuid'))).toBe('db://not-a-uuid');
});

const TEX = '6e02cc61-fbad-4180-abdc-ec15fab2c26d';
const PLIST = '68c6b03a-dfd5-406c-90c7-239768ee7d3b';
function entries(): { uuid?: string; texture: string; rect: [number, number, number, number]; rotated: boolean; threshold: number; mask: BitMask }[] {
    return [
        { uuid: `${TEX}@f9941`, texture: `${TEX}@6c48a`, rect: [2, 3, 40, 30], rotated: false, threshold: 0, mask: blob(40, 30, 1) },
        { uuid: `${TEX}@f9941`, texture: `${TEX}@6c48a`, rect: [2, 3, 40, 30], rotated: false, threshold: 127, mask: blob(40, 30, 2) },
        { uuid: `${PLIST}@4e3a1`, texture: `${TEX}@6c48a`, rect: [50, 0, 17, 33], rotated: true, threshold: 0, mask: blob(17, 33, 3) },
        { texture: `${TEX}@6c48a`, rect: [0, 40, 9, 9], rotated: false, threshold: 0, mask: blob(9, 9, 4) },
    ];
}

test('a version 2 library reads back every entry; the index finds them by uuid and by region', () => {
    const list = entries();
    const groups = buildLibraryGroups(list.map((e) => ({ ...e, code: encodeMaskCode(e.mask) })));
    expect(groups).toHaveLength(2); // the image's own frames, the atlas's frame (same texture)
    const back = readLibraryGroups(groups);
    expect(back).toHaveLength(list.length);
    for (const e of list) {
        const b = back.find((x) => x.uuid === e.uuid && x.threshold === e.threshold && x.rect[0] === e.rect[0])!;
        expect(b.texture).toBe(e.texture);
        expect(b.rotated).toBe(e.rotated);
        expect(same(decodeMaskCode(b.code, b.rect[2], b.rect[3]), e.mask)).toBe(true);
    }
    const index = new CompactLibraryIndex(groups);
    expect(index.byUuid(`${PLIST}@4e3a1`, 0)!.rect).toEqual([50, 0, 17, 33]);
    expect(index.byUuid(`${TEX}@f9941`, 127)!.threshold).toBe(127);
    expect(index.byUuid(`${TEX}@f9941`, 64)).toBeUndefined();
    expect(index.byUuid(`${PLIST}@00000`, 0)).toBeUndefined();
    expect(index.byRegion(`${TEX}@6c48a`, 0, 40, 9, 9, false, 0)!.uuid).toBeUndefined();
    expect(index.byRegion(`${TEX}@6c48a`, 50, 0, 17, 33, true, 0)!.uuid).toBe(`${PLIST}@4e3a1`);
    expect(index.byRegion(`${TEX}@6c48a`, 50, 0, 17, 33, false, 0)).toBeUndefined();
    expect(index.byRegion(`${PLIST}@6c48a`, 0, 40, 9, 9, false, 0)).toBeUndefined();
    // checkLibrary gives the version 1 form (decoded) of a version 2 library
    const v1 = checkLibrary({ format: 'pixel-collision-masks', version: 2, groups });
    expect(v1).toHaveLength(4);
    expect(same(BitMask.deserialize(decodeBase64(v1.find((e) => e.uuid === `${PLIST}@4e3a1`)!.data)), list[2].mask)).toBe(true);
});

test('registering indexes groups only: nothing is decoded until a lookup, and a lookup decodes nothing itself', () => {
    const list = entries();
    const groups = buildLibraryGroups(list.map((e) => ({ ...e, code: encodeMaskCode(e.mask) })));
    const spy = jest.spyOn(codeModule, 'decodeMaskCode');
    try {
        const index = new CompactLibraryIndex(groups);
        index.byUuid(`${TEX}@f9941`, 0);
        expect(spy).not.toHaveBeenCalled();
    } finally {
        spy.mockRestore();
    }
});

test('malformed libraries are refused with a message that says to bake again', () => {
    expect(() => new CompactLibraryIndex(['nonsense'])).toThrow(/malformed group.*Bake the masks again/);
    expect(() => checkLibrary({ format: 'pixel-collision-masks', version: 2 })).toThrow(/no "groups"/);
    expect(checkLibrary({ format: 'pixel-collision-masks', version: 2, groups: '' })).toEqual([]);
    expect(() => checkLibrary({ format: 'pixel-collision-masks', version: 3, masks: [] })).toThrow(/reads versions 1 and 2/);
    expect(() => readLibraryGroups(['18293Zl3ThDf4R51DyHXkkH@6c48a||f9941 AA$E 0:'])).toThrow(/bad rect/);
});

test('a code decoded a few rows at a time (any step sizes, each of the three ways) gives the same bits as at once', () => {
    fc.assert(fc.property(
        fc.integer({ min: 1, max: 90 }), fc.integer({ min: 1, max: 90 }), fc.integer({ min: 2, max: 4 }), fc.integer(),
        fc.constantFrom('rows' as const, 'columns' as const, 'texels' as const), fc.array(fc.integer({ min: 0, max: 40 }), { minLength: 1, maxLength: 8 }),
        (w, h, kind, seed, way, steps) => {
            let s = seed >>> 0;
            const rnd = (): number => { s = (Math.imul(s, 1664525) + 1013904223) >>> 0; return s / 2 ** 32; };
            const b = blob(w, h, seed);
            const m = new BitMask(w, h);
            for (let j = 0; j < h; j++) for (let i = 0; i < w; i++) m.set(i, j, kind === 2 ? rnd() < 0.5 : kind === 3 ? rnd() < 0.05 : b.get(i, j));
            const reader = new codeModule.MaskCodeReader(encodeMaskCodeAs(m, way), w, h);
            expect(reader.rows).toBe(way === 'columns' ? w : h);
            let k = 0, calls = 0;
            while (!reader.step(steps[k++ % steps.length])) {
                calls++;
                expect(reader.rowsDone).toBeLessThan(reader.rows);
            }
            expect(calls).toBeLessThanOrEqual(reader.rows);
            expect(same(reader.finish(), m)).toBe(true);
        }), { numRuns: 300 });
});

test('transpose32 swaps rows and columns of a 32 x 32 bit block', () => {
    fc.assert(fc.property(fc.array(fc.integer({ min: 0, max: 0xffffffff }), { minLength: 32, maxLength: 32 }), (words) => {
        const a = Uint32Array.from(words);
        codeModule.transpose32(a);
        let wrong = 0;
        for (let r = 0; r < 32; r++) for (let c = 0; c < 32; c++) if (((a[c] >>> r) & 1) !== ((words[r] >>> c) & 1)) wrong++;
        expect(wrong).toBe(0);
    }), { numRuns: 100 });
});
