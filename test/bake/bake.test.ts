import { execFileSync, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { BitMask, checkLibrary, decodeBase64 } from '../../extensions/pixel-collision/assets/core/index';
import type { BakedMaskEntry } from '../../extensions/pixel-collision/assets/core/index';
import { bakeFrames, bakeProject, CACHE_FILE, DEFAULT_OUT } from '../../extensions/pixel-collision/source/bake/index';
import { parseLibraryScript } from '../../extensions/pixel-collision/source/bake/output';
import { PIXEL_COLLIDER_SCRIPT_UUID, thresholdsInAsset } from '../../extensions/pixel-collision/source/bake/project';
import { main as cli } from '../../extensions/pixel-collision/source/cli';

/**
 * The bake end to end on test/fixtures/bake-project (made by test/fixtures/make-bake-project.mjs:
 * PNGs with the metas Creator 3.8 writes, a TexturePacker atlas with a rotated frame, a scene
 * with PixelColliders at thresholds 0 and 127), each test on a fresh copy.
 */
const root = join(__dirname, '../..');
const FIXTURE = join(root, 'test/fixtures/bake-project');
const PLAIN = '6e02cc61-fbad-4180-abdc-ec15fab2c26d';
const TRIMMED = '24948f7c-b9f2-4736-97e7-d0da8da3f88b';
const SHEET_PNG = '3c0168ab-48e6-457a-af67-8bb94c8c95ce';
const SHEET = '68c6b03a-dfd5-406c-90c7-239768ee7d3b';
const FRAMES = {
    plain: { uuid: `${PLAIN}@f9941`, png: 'assets/sprites/plain.png', texture: `${PLAIN}@6c48a`, rect: [0, 0, 13, 9], rotated: false },
    trimmed: { uuid: `${TRIMMED}@f9941`, png: 'assets/sprites/trimmed.png', texture: `${TRIMMED}@6c48a`, rect: [4, 3, 11, 10], rotated: false },
    arrow: { uuid: `${SHEET}@4e3a1`, png: 'assets/atlas/sheet.png', texture: `${SHEET_PNG}@6c48a`, rect: [12, 2, 10, 7], rotated: true },
    gem: { uuid: `${SHEET}@b82c7`, png: 'assets/atlas/sheet.png', texture: `${SHEET_PNG}@6c48a`, rect: [1, 1, 8, 6], rotated: false },
} as const;

const temps: string[] = [];
function project(): string {
    const dir = fs.mkdtempSync(join(tmpdir(), 'pc-bake-'));
    temps.push(dir);
    fs.cpSync(FIXTURE, dir, { recursive: true });
    return dir;
}
afterAll(() => temps.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

function library(dir: string): BakedMaskEntry[] {
    return parseLibraryScript(fs.readFileSync(join(dir, DEFAULT_OUT), 'utf8'));
}

/** The frame's mask the independent way: decode the PNG, walk displayed texels (COCOS-NOTES mapping). */
function referenceMask(dir: string, f: (typeof FRAMES)[keyof typeof FRAMES], threshold: number): BitMask {
    const png = PNG.sync.read(fs.readFileSync(join(dir, f.png)));
    const [x, y, w, h] = f.rect;
    const m = new BitMask(w, h);
    for (let j = 0; j < h; j++) {
        for (let i = 0; i < w; i++) {
            // A rotated frame's displayed texel (i, j) is texture texel (x + h - 1 - j, y + i).
            const tx = f.rotated ? x + h - 1 - j : x + i, ty = f.rotated ? y + i : y + j;
            m.set(i, j, png.data[(ty * png.width + tx) * 4 + 3] > threshold);
        }
    }
    return m;
}

async function quietBake(dir: string, opts: Parameters<typeof bakeProject>[1] = {}) {
    const lines: string[] = [];
    const report = await bakeProject(dir, { ...opts, onProgress: (l) => lines.push(l) });
    return { report, lines };
}

describe('bake: what it writes', () => {
    test('every frame (plain, trimmed, atlas, rotated atlas) at the scene thresholds 0 and 127, equal to the pixels bit for bit', async () => {
        const dir = project();
        const { report, lines } = await quietBake(dir);
        expect(report.errors).toEqual([]);
        expect(report.thresholds).toEqual([0, 127]);
        expect(report.framesBaked).toBe(4);
        expect(report.masks).toBe(8);
        expect(report.texturesRead).toBe(3);
        expect(lines.filter((l) => /^read /.test(l))).toHaveLength(3);
        const lib = library(dir);
        expect(lib).toHaveLength(8);
        let differing = 0;
        for (const f of Object.values(FRAMES)) {
            const png = PNG.sync.read(fs.readFileSync(join(dir, f.png)));
            for (const t of [0, 127]) {
                const e = lib.find((x) => x.uuid === f.uuid && x.threshold === t)!;
                expect(e).toBeDefined();
                expect(e.texture).toBe(f.texture);
                expect(e.rect).toEqual(f.rect);
                expect(e.rotated).toBe(f.rotated);
                const baked = BitMask.deserialize(decodeBase64(e.data));
                // what the runtime builds from the texture's pixels for the same frame and threshold
                const runtime = BitMask.fromRGBA(png.data, png.width, png.height, {
                    threshold: t, rotated: f.rotated, rect: { x: f.rect[0], y: f.rect[1], width: f.rect[2], height: f.rect[3] },
                });
                expect(Buffer.from(baked.serialize())).toEqual(Buffer.from(runtime.serialize()));
                const ref = referenceMask(dir, f, t);
                for (let j = 0; j < ref.height; j++) for (let i = 0; i < ref.width; i++) expect(baked.get(i, j)).toBe(ref.get(i, j));
                expect(baked.count()).toBeGreaterThan(0);
            }
            const e0 = lib.find((x) => x.uuid === f.uuid && x.threshold === 0)!, e127 = lib.find((x) => x.uuid === f.uuid && x.threshold === 127)!;
            if (e0.data !== e127.data) differing++;
        }
        expect(differing).toBe(4); // the fixtures' alpha steps make the two thresholds differ on every frame
    });

    test('the library script loads itself through the runtime index and has a stable meta', async () => {
        const dir = project();
        await quietBake(dir);
        const text = fs.readFileSync(join(dir, DEFAULT_OUT), 'utf8');
        expect(text).toMatch(/^import \{ PixelMasks \} from 'db:\/\/pixel-collision\/runtime\/index';$/m);
        expect(text).toMatch(/^PixelMasks\.addLibrary\(library, /m);
        const meta = JSON.parse(fs.readFileSync(join(dir, DEFAULT_OUT + '.meta'), 'utf8'));
        expect(meta).toMatchObject({ importer: 'typescript', imported: true });
        expect(meta.uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
        const folderMeta = JSON.parse(fs.readFileSync(join(dir, 'assets/pixel-collision-masks.meta'), 'utf8'));
        expect(folderMeta.importer).toBe('directory');
        await quietBake(dir, { force: true });
        expect(JSON.parse(fs.readFileSync(join(dir, DEFAULT_OUT + '.meta'), 'utf8')).uuid).toBe(meta.uuid);
        // the whole file is the format the runtime checks
        expect(() => checkLibrary({ format: 'pixel-collision-masks', version: 1, masks: library(dir) })).not.toThrow();
    });

    test('deterministic: two projects, same bytes; a forced re-bake, same bytes', async () => {
        const a = project(), b = project();
        await quietBake(a);
        await quietBake(b);
        const bytes = fs.readFileSync(join(a, DEFAULT_OUT));
        expect(fs.readFileSync(join(b, DEFAULT_OUT))).toEqual(bytes);
        const again = await quietBake(a, { force: true });
        expect(again.report.texturesRead).toBe(3);
        expect(again.report.written).toBe(false);
        expect(fs.readFileSync(join(a, DEFAULT_OUT))).toEqual(bytes);
        const lib = library(a);
        const keys = lib.map((e) => `${e.uuid}|${String(e.threshold).padStart(3, '0')}`);
        expect(keys).toEqual([...keys].sort());
    });

    test('thresholds: scenes and prefabs (overrides too), the project settings file, --threshold; bad values reported', async () => {
        expect(thresholdsInAsset(fs.readFileSync(join(FIXTURE, 'assets/scenes/main.scene'), 'utf8'), 'main.scene').sort()).toEqual([0, 0, 127]);
        const prefab = JSON.stringify([
            { __type__: 'cc.Prefab' },
            { __type__: 'CCPropertyOverrideInfo', propertyPath: ['_alphaThreshold'], value: 200 },
            { __type__: 'CCPropertyOverrideInfo', propertyPath: ['_name'], value: 'x' },
        ]);
        expect(thresholdsInAsset(prefab, 'p.prefab')).toEqual([200]);
        const dir = project();
        fs.writeFileSync(join(dir, 'assets/scenes/enemy.prefab'), prefab);
        fs.mkdirSync(join(dir, 'settings/v2/packages'), { recursive: true });
        fs.writeFileSync(join(dir, 'settings/v2/packages/pixel-collision.json'), JSON.stringify({ __version__: '1.0.0', thresholds: [64, 300] }));
        const { report } = await quietBake(dir);
        expect(report.thresholds).toEqual([0, 64, 127, 200]); // 300 left out with an error
        expect(report.errors).toEqual([expect.objectContaining({ file: 'settings/v2/packages/pixel-collision.json', message: expect.stringMatching(/300 is not an integer 0-255/) })]);
        const viaOption = await quietBake(dir, { thresholds: [5] });
        expect(viaOption.report.thresholds).toEqual([0, 5, 64, 127, 200]); // added to the others
    });

    test('the PixelCollider class id the bake looks for is the committed script meta\'s uuid', () => {
        const meta = JSON.parse(fs.readFileSync(join(root, 'extensions/pixel-collision/assets/runtime/PixelCollider.ts.meta'), 'utf8'));
        expect(meta.uuid).toBe(PIXEL_COLLIDER_SCRIPT_UUID);
        expect(fs.readFileSync(join(FIXTURE, 'assets/scenes/main.scene'), 'utf8')).toContain('"18293Zl3ThDf4R51DyHXkkH"');
    });

    test('a project without sprites writes nothing', async () => {
        const dir = fs.mkdtempSync(join(tmpdir(), 'pc-empty-'));
        temps.push(dir);
        fs.mkdirSync(join(dir, 'assets'));
        const { report } = await quietBake(dir);
        expect(report).toMatchObject({ framesBaked: 0, masks: 0, written: false, errors: [] });
        expect(fs.existsSync(join(dir, DEFAULT_OUT))).toBe(false);
        await expect(bakeProject(join(dir, 'assets'))).rejects.toThrow(/not a Cocos Creator project/);
    });
});

describe('bake: incremental', () => {
    test('a second bake reads no PNG and no meta; a touched file is hashed, not decoded; a changed PNG is decoded alone', async () => {
        const dir = project();
        await quietBake(dir);
        const decode = jest.spyOn(PNG.sync, 'read');
        // the real module object (the bake's namespace import reads its properties live)
        const read = jest.spyOn(jest.requireActual<typeof fs>('node:fs'), 'readFileSync');
        const projectReads = (): string[] => read.mock.calls.map((c) => String(c[0])).filter((p) => p.startsWith(dir) && /\.(png|meta|plist)$/.test(p));
        try {
            const second = await quietBake(dir);
            expect(second.report).toMatchObject({ texturesRead: 0, texturesSkipped: 3, framesBaked: 4, written: false });
            expect(second.lines.filter((l) => /^unchanged /.test(l))).toHaveLength(3);
            expect(decode).not.toHaveBeenCalled();
            expect(projectReads()).toEqual([]);

            // same content, new mtime: read to hash it, but no decode
            const plain = join(dir, FRAMES.plain.png);
            const later = new Date(Date.now() + 5000);
            fs.utimesSync(plain, later, later);
            read.mockClear();
            const touched = await quietBake(dir);
            expect(touched.report.texturesRead).toBe(0);
            expect(decode).not.toHaveBeenCalled();
            expect(projectReads()).toEqual([plain]);

            // new pixels in one PNG: that one is decoded, the others are not
            const png = PNG.sync.read(fs.readFileSync(plain));
            decode.mockClear();
            png.data[3] = png.data[3] === 255 ? 0 : 255;
            fs.writeFileSync(plain, PNG.sync.write(png));
            const changed = await quietBake(dir);
            expect(changed.report).toMatchObject({ texturesRead: 1, texturesSkipped: 2, written: true });
            expect(decode).toHaveBeenCalledTimes(1);
            const e = library(dir).find((x) => x.uuid === FRAMES.plain.uuid && x.threshold === 0)!;
            expect(BitMask.deserialize(decodeBase64(e.data)).get(0, 0)).toBe(png.data[3] > 0);
        } finally {
            decode.mockRestore();
            read.mockRestore();
        }
    });

    test('a changed meta (frame rect) re-bakes that frame; the cache file lives in temp/', async () => {
        const dir = project();
        await quietBake(dir);
        expect(fs.existsSync(join(dir, CACHE_FILE))).toBe(true);
        const metaPath = join(dir, 'assets/sprites/trimmed.png.meta');
        const meta = JSON.parse(fs.readFileSync(metaPath, 'utf8'));
        meta.subMetas.f9941.userData.trimX = 5;
        meta.subMetas.f9941.userData.width = 10;
        fs.writeFileSync(metaPath, JSON.stringify(meta, null, 2));
        const { report } = await quietBake(dir);
        expect(report.texturesRead).toBe(1);
        const e = library(dir).find((x) => x.uuid === FRAMES.trimmed.uuid && x.threshold === 0)!;
        expect(e.rect).toEqual([5, 3, 10, 10]);
    });
});

describe('bake: one problem per file, the rest still baked', () => {
    test.each([
        ['an unreadable PNG', (d: string) => fs.writeFileSync(join(d, 'assets/sprites/plain.png'), Buffer.from('not a png at all, sorry')),
            'assets/sprites/plain.png', /is not a PNG file/, 3],
        ['a PNG with a corrupt body', (d: string) => { const b = fs.readFileSync(join(d, 'assets/sprites/plain.png')); b.fill(0x5a, 45, 60); fs.writeFileSync(join(d, 'assets/sprites/plain.png'), b); },
            'assets/sprites/plain.png', /cannot be decoded as PNG/, 3],
        ['a cut-off PNG', (d: string) => { const b = fs.readFileSync(join(d, 'assets/sprites/plain.png')); fs.writeFileSync(join(d, 'assets/sprites/plain.png'), b.subarray(0, 40)); },
            'assets/sprites/plain.png', /is cut off: it ends at byte 40 without the IEND chunk/, 3],
        ['a PNG without a meta', (d: string) => fs.rmSync(join(d, 'assets/sprites/trimmed.png.meta')),
            'assets/sprites/trimmed.png', /no \.meta file: Creator has not imported it yet/, 3],
        ['a meta that is not JSON', (d: string) => fs.writeFileSync(join(d, 'assets/sprites/trimmed.png.meta'), '{ "ver": '),
            'assets/sprites/trimmed.png.meta', /is not valid JSON/, 3],
        ['an unknown (Creator 2.x) meta', (d: string) => fs.writeFileSync(join(d, 'assets/sprites/trimmed.png.meta'), JSON.stringify({ ver: '2.3.7', uuid: TRIMMED, importer: 'texture', type: 'sprite', subMetas: {} })),
            'assets/sprites/trimmed.png.meta', /unknown meta for an image/, 3],
        ['a frame outside its texture', (d: string) => {
            const p = join(d, 'assets/atlas/sheet.plist.meta');
            const meta = JSON.parse(fs.readFileSync(p, 'utf8'));
            meta.subMetas['4e3a1'].userData.trimY = 12; // rotated: 10 texels tall from y = 12 > 20
            fs.writeFileSync(p, JSON.stringify(meta));
        }, 'assets/atlas/sheet.plist.meta', /"arrow".*is outside its texture assets\/atlas\/sheet\.png \(24x20\)/, 3],
        ['an atlas whose texture is missing', (d: string) => { fs.rmSync(join(d, 'assets/atlas/sheet.png')); fs.rmSync(join(d, 'assets/atlas/sheet.png.meta')); },
            'assets/atlas/sheet.plist.meta', /not a PNG under assets\/ with a meta/, 2],
    ])('%s', async (_what, breakIt, file, message, framesLeft) => {
        const dir = project();
        breakIt(dir);
        const out: string[] = [], err: string[] = [];
        const code = await cli(['bake', dir], (l) => out.push(l), (l) => err.push(l));
        expect(code).toBe(1);
        expect(err.join('\n')).toMatch(new RegExp(`^error ${file.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}: `, 'm'));
        expect(err.join('\n')).toMatch(message);
        const lib = library(dir);
        expect(new Set(lib.map((e) => e.uuid)).size).toBe(framesLeft);
        expect(out[out.length - 1]).toMatch(/[1-9]\d* error\(s\)$/);
    });
});

describe('bakeFrames (the inspector\'s Bake button)', () => {
    test('re-bakes the given frames and keeps the others; an unknown uuid is an error', async () => {
        const dir = project();
        await quietBake(dir);
        const before = library(dir);
        const png = join(dir, FRAMES.gem.png);
        const img = PNG.sync.read(fs.readFileSync(png));
        img.data.fill(255, 0, img.data.length); // the whole atlas opaque now
        fs.writeFileSync(png, PNG.sync.write(img));
        const report = await bakeFrames(dir, [FRAMES.gem.uuid, 'nope@f9941']);
        expect(report.framesBaked).toBe(1);
        expect(report.errors).toEqual([expect.objectContaining({ file: 'nope@f9941', message: expect.stringMatching(/no sprite frame with this uuid/) })]);
        const after = library(dir);
        expect(after).toHaveLength(8);
        for (const e of after) {
            const old = before.find((x) => x.uuid === e.uuid && x.threshold === e.threshold)!;
            if (e.uuid === FRAMES.gem.uuid) expect(BitMask.deserialize(decodeBase64(e.data)).count()).toBe(8 * 6);
            else expect(e).toEqual(old); // the arrow shares the PNG but was not asked for
        }
    });
});

describe('CLI', () => {
    test('usage errors exit 2; --help exits 0', async () => {
        const err: string[] = [];
        expect(await cli([], () => undefined, (l) => err.push(l))).toBe(2);
        expect(await cli(['bake'], () => undefined, (l) => err.push(l))).toBe(2);
        expect(await cli(['bake', '.', '--threshold', '256'], () => undefined, (l) => err.push(l))).toBe(2);
        expect(await cli(['bake', '.', '--frobnicate'], () => undefined, (l) => err.push(l))).toBe(2);
        expect(await cli(['bake', join(tmpdir(), 'no-such-project-here')], () => undefined, (l) => err.push(l))).toBe(2);
        expect(err.join('\n')).toMatch(/not a Cocos Creator project/);
        const out: string[] = [];
        expect(await cli(['--help'], (l) => out.push(l))).toBe(0);
        expect(out.join('\n')).toMatch(/Usage: pixel-collision bake <project folder>/);
    });

    test('the committed dist/cli.js bakes a project with plain node: a line per texture, a summary, exit 0; --threshold adds one', () => {
        const dir = project();
        const cliJs = join(root, 'extensions/pixel-collision/dist/cli.js');
        const out = execFileSync(process.execPath, [cliJs, 'bake', dir, '--threshold', '60'], { encoding: 'utf8' }).trim().split('\n');
        expect(out.filter((l) => /^read +assets\/.*\.png \(\d+ frame\(s\) x 3 threshold\(s\)\)$/.test(l))).toHaveLength(3);
        expect(out[out.length - 1]).toBe('4 frame(s), 12 mask(s) at threshold(s) 0, 60, 127; 3 texture(s) read, 0 unchanged; 0 error(s)');
        fs.writeFileSync(join(dir, 'assets/sprites/plain.png'), 'broken');
        const r = spawnSync(process.execPath, [cliJs, 'bake', dir], { encoding: 'utf8' });
        expect(r.status).toBe(1);
        expect(r.stderr).toMatch(/^error assets\/sprites\/plain\.png: is not a PNG file/m);
    });
});
