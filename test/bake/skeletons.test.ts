/**
 * The bake and Spine / DragonBones characters: a PixelCollider on a node with an `sp.Skeleton` or
 * a `dragonBones.ArmatureDisplay` gets every page of its atlas baked whole (entries keyed by the
 * page texture's uuid and region 0, 0, W, H, not rotated), which the runtime's
 * `acquireTexture` finds when the texture has no pixels (native and mini-game builds). The project
 * is generated (test/bake/skeleton-project.ts) from our own test skeletons.
 */
import * as fs from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { PNG } from 'pngjs';
import { BitMask, compressUuidBase, decodeMaskCode } from '../../extensions/pixel-collision/assets/core/index';
import { PixelMasks } from 'db://pixel-collision/runtime/index';
import { bakeFrames, bakeProject, DEFAULT_OUT, formatSummary } from '../../extensions/pixel-collision/source/bake/index';
import type { BakeReport } from '../../extensions/pixel-collision/source/bake/index';
import { parseLibraryScript } from '../../extensions/pixel-collision/source/bake/output';
import { PIXEL_COLLIDER_SCRIPT_UUID } from '../../extensions/pixel-collision/source/bake/project';
import { spineAtlasPages, dragonBonesImagePath } from '../../extensions/pixel-collision/source/bake/skeletons';
import { main as cli } from '../../extensions/pixel-collision/source/cli';
import { releasedTexture } from '../runtime/helpers';
import { assetMeta, imageMeta, makeSkeletonProject, scene, spineAtlas, TEX, U } from './skeleton-project';

const dirs: string[] = [];
afterAll(() => { for (const d of dirs) fs.rmSync(d, { recursive: true, force: true }); });
function project(): string {
    const d = fs.mkdtempSync(join(tmpdir(), 'pc-skel-'));
    dirs.push(d);
    makeSkeletonProject(d);
    return d;
}
const quiet = { onProgress: (): void => undefined };
const library = (dir: string, out = DEFAULT_OUT): ReturnType<typeof parseLibraryScript> => parseLibraryScript(fs.readFileSync(join(dir, out), 'utf8'));
/** The whole-page entries (no frame uuid) of a library: texture -> thresholds. */
function pages(dir: string, out = DEFAULT_OUT): Map<string, number[]> {
    const m = new Map<string, number[]>();
    for (const e of library(dir, out)) if (!e.uuid) m.set(e.texture, [...(m.get(e.texture) ?? []), e.threshold]);
    return m;
}
/** The mask of a PNG's whole image at a threshold, from its pixels. */
function pixelsMask(file: string, threshold: number): BitMask {
    const png = PNG.sync.read(fs.readFileSync(file));
    return BitMask.fromRGBA(new Uint8Array(png.data), png.width, png.height, { threshold });
}
const bytes = (m: BitMask): Buffer => Buffer.from(m.serialize());
const errorsOf = (r: BakeReport): string[] => r.errors.map((e) => `${e.file}: ${e.message}`);

describe('atlas pages of skeletons on collider nodes', () => {
    test('every page of the Spine atlas and the DragonBones atlas is baked whole, at the thresholds, equal to its pixels', async () => {
        const dir = project();
        const lines: string[] = [];
        const r = await bakeProject(dir, { onProgress: (l) => lines.push(l) });
        expect(r.errors).toEqual([]);
        expect(r.thresholds).toEqual([0, 127]);
        expect(r.pages).toBe(3);
        expect(r.framesBaked).toBe(1);
        expect(r.masks).toBe((3 + 1) * 2);
        const got = pages(dir);
        expect([...got.keys()].sort()).toEqual([TEX.hero, TEX.hero2, TEX.db].sort());
        const files: Record<string, string> = { [TEX.hero]: 'assets/hero/hero.png', [TEX.hero2]: 'assets/hero/hero-2.png', [TEX.db]: 'assets/dragon/db-test_tex.png' };
        for (const e of library(dir)) {
            if (e.uuid) continue;
            const want = pixelsMask(join(dir, files[e.texture]), e.threshold);
            expect([e.texture, e.rect, e.rotated]).toEqual([e.texture, [0, 0, want.width, want.height], false]);
            expect(bytes(decodeMaskCode(e.code!, e.rect[2], e.rect[3]))).toEqual(bytes(want));
        }
        // thresholds 0 and 127 differ on these pages (partly transparent texels), so both are real masks
        const hero = library(dir).filter((e) => e.texture === TEX.hero);
        expect(hero.map((e) => e.threshold).sort()).toEqual([0, 127]);
        expect(hero[0].code).not.toBe(hero[1].code);
        expect(lines).toContain('read      assets/hero/hero.png (whole page x 2 threshold(s))');
        expect(formatSummary(r)).toMatch(/^1 frame\(s\) and 3 skeleton atlas page\(s\), 8 mask\(s\)/);
        // the skeleton no collider shows is not baked; a warm bake reads nothing and writes nothing
        expect(got.has(TEX.idle)).toBe(false);
        const again = await bakeProject(dir, quiet);
        expect([again.texturesRead, again.texturesSkipped, again.written, again.pages]).toEqual([0, 4, false, 3]);
    });

    test('the runtime finds a baked page for a texture with no pixels (source "baked"), and only then', async () => {
        const dir = project();
        await bakeProject(dir, quiet);
        const text = fs.readFileSync(join(dir, DEFAULT_OUT), 'utf8');
        const literal = JSON.parse(text.slice(text.indexOf('/* pixel-collision-masks: begin */') + 34, text.indexOf('/* pixel-collision-masks: end */')).replace(/\\\r?\n/g, ''));
        const check = (loaded: boolean): void => {
            PixelMasks.clear();
            if (loaded) PixelMasks.addLibrary(literal, 'baked masks');
            for (const [tex, file, w, h, t] of [[TEX.hero, 'assets/hero/hero.png', 256, 256, 0], [TEX.hero2, 'assets/hero/hero-2.png', 256, 128, 127],
                [TEX.db, 'assets/dragon/db-test_tex.png', 256, 128, 127]] as [string, string, number, number, number][]) {
                const e = PixelMasks.acquireTexture(releasedTexture(tex, w, h), t);
                expect([tex, e.source]).toEqual([tex, loaded ? 'baked' : 'none']);
                if (loaded) expect(bytes(e.mask!)).toEqual(bytes(pixelsMask(join(dir, file), t)));
                PixelMasks.release(e);
            }
            // the idle skeleton's page was not baked
            expect(PixelMasks.acquireTexture(releasedTexture(TEX.idle, 256, 256), 0).source).toBe('none');
        };
        check(true);
        check(false);
        PixelMasks.clear();
    });

    test('a prefab instance that sets a collider node\'s skeleton (a `_skeletonData` override) bakes that skeleton\'s pages', async () => {
        const dir = project();
        const COLLIDER = compressUuidBase(PIXEL_COLLIDER_SCRIPT_UUID);
        const prefabUuid = '87963c63-b1b6-4e9c-b518-bf914be13d31';
        const j: Record<string, unknown>[] = [];
        const add = (o: Record<string, unknown>): number => j.push(o) - 1;
        add({ __type__: 'cc.Prefab', _name: 'hero', data: { __id__: 1 } });
        add({ __type__: 'cc.Node', _name: 'Root', _children: [], _components: [{ __id__: 2 }, { __id__: 4 }], _prefab: { __id__: 6 } });
        add({ __type__: 'sp.Skeleton', node: { __id__: 1 }, _skeletonData: null, __prefab: { __id__: 3 } });
        add({ __type__: 'cc.CompPrefabInfo', fileId: 'skel' });
        add({ __type__: COLLIDER, node: { __id__: 1 }, _alphaThreshold: 0, __prefab: { __id__: 5 } });
        add({ __type__: 'cc.CompPrefabInfo', fileId: 'collider' });
        add({ __type__: 'cc.PrefabInfo', root: { __id__: 1 }, asset: { __id__: 0 }, fileId: 'root', instance: null });
        fs.writeFileSync(join(dir, 'assets/hero.prefab'), JSON.stringify(j));
        fs.writeFileSync(join(dir, 'assets/hero.prefab.meta'), JSON.stringify(assetMeta('prefab', prefabUuid, ['.json'], '1.1.50')));
        // the scene: no collider of its own on Idle; an instance of the prefab overriding its skeleton with idle.json
        const s = scene([['Dot', 'cc.Sprite', { _spriteFrame: { __uuid__: `${U.dot}@f9941`, __expectedType__: 'cc.SpriteFrame' } }, 0]]) as Record<string, unknown>[];
        const at = s.length;
        s.push({ __type__: 'cc.Node', _name: 'HeroInstance', _parent: { __id__: 1 }, _children: [], _components: [], _prefab: { __id__: at + 1 } });
        s.push({ __type__: 'cc.PrefabInfo', root: { __id__: at }, asset: { __uuid__: prefabUuid, __expectedType__: 'cc.Prefab' }, fileId: 'inst', instance: { __id__: at + 2 } });
        s.push({ __type__: 'cc.PrefabInstance', fileId: 'inst', prefabRootNode: null, mountedChildren: [], mountedComponents: [], propertyOverrides: [{ __id__: at + 3 }], removedComponents: [] });
        s.push({ __type__: 'CCPropertyOverrideInfo', targetInfo: { __id__: at + 4 }, propertyPath: ['_skeletonData'], value: { __uuid__: U.idleJson, __expectedType__: 'sp.SkeletonData' } });
        s.push({ __type__: 'cc.TargetInfo', localID: ['skel'] });
        fs.writeFileSync(join(dir, 'assets/main.scene'), JSON.stringify(s));
        const r = await bakeProject(dir, quiet);
        expect(r.errors).toEqual([]);
        expect([...pages(dir).keys()]).toEqual([TEX.idle]);
    });

    test('"include" (a folder, or a glob of the page images) and "bakeAll" / --all bake the pages of skeletons no collider shows', async () => {
        const dir = project();
        const settings = join(dir, 'settings/v2/packages/pixel-collision.json');
        fs.mkdirSync(join(settings, '..'), { recursive: true });
        fs.writeFileSync(settings, JSON.stringify({ include: ['assets/idle'] }));
        await bakeProject(dir, quiet);
        expect(pages(dir).get(TEX.idle)).toEqual([0, 127]);
        fs.writeFileSync(settings, JSON.stringify({ include: ['assets/**/idle.png'] }));
        await bakeProject(dir, quiet);
        expect(pages(dir).has(TEX.idle)).toBe(true);
        fs.writeFileSync(settings, JSON.stringify({ include: ['assets/sprites'] }));
        await bakeProject(dir, quiet);
        expect(pages(dir).has(TEX.idle)).toBe(false);
        fs.writeFileSync(settings, JSON.stringify({ bakeAll: true }));
        const all = await bakeProject(dir, quiet);
        expect([all.pages, pages(dir).has(TEX.idle)]).toEqual([4, true]);
        fs.writeFileSync(settings, JSON.stringify({}));
        const out: string[] = [];
        expect(await cli(['bake', dir, '--all'], (l) => out.push(l), (l) => out.push(l))).toBe(0);
        expect(pages(dir).has(TEX.idle)).toBe(true);
        expect(out[out.length - 1]).toMatch(/^1 frame\(s\) and 4 skeleton atlas page\(s\)/);
    });

    test('a skeleton inside an Asset Bundle has its pages in the bundle\'s library; a sprite bake (Bake This Sprite) keeps the pages', async () => {
        const dir = project();
        fs.writeFileSync(join(dir, 'assets/dragon.meta'), JSON.stringify({ ver: '1.2.0', importer: 'directory', imported: true, uuid: '50492a78-a5d1-47d7-ba71-82ec0a1e5352',
            files: [], subMetas: {}, userData: { isBundle: true, bundleName: 'dragon' } }));
        await bakeProject(dir, quiet);
        expect([...pages(dir, 'assets/dragon/pixel-collision-masks/pixel-masks.ts').keys()]).toEqual([TEX.db]);
        expect([...pages(dir).keys()].sort()).toEqual([TEX.hero, TEX.hero2].sort());
        const r = await bakeFrames(dir, [`${U.dot}@f9941`], quiet);
        expect(r.errors).toEqual([]);
        expect([...pages(dir).keys()].sort()).toEqual([TEX.hero, TEX.hero2].sort());
        expect([...pages(dir, 'assets/dragon/pixel-collision-masks/pixel-masks.ts').keys()]).toEqual([TEX.db]);
    });

    test('a page that is also an untrimmed sprite frame of the whole image is written once (the frame\'s entry serves both)', async () => {
        const dir = project();
        fs.writeFileSync(join(dir, 'assets/dragon/db-test_tex.png.meta'), JSON.stringify(imageMeta(U.dbPng, 'db-test_tex', { w: 256, h: 128 })));
        const s = JSON.parse(fs.readFileSync(join(dir, 'assets/main.scene'), 'utf8'));
        s.find((o: { _spriteFrame?: unknown }) => o._spriteFrame)._spriteFrame.__uuid__ = `${U.dbPng}@f9941`;
        fs.writeFileSync(join(dir, 'assets/main.scene'), JSON.stringify(s));
        const r = await bakeProject(dir, quiet);
        expect(r.errors).toEqual([]);
        const db = library(dir).filter((e) => e.texture === TEX.db);
        expect(db.map((e) => [e.uuid, e.threshold])).toEqual([[`${U.dbPng}@f9941`, 0], [`${U.dbPng}@f9941`, 127]]);
        PixelMasks.clear();
        const text = fs.readFileSync(join(dir, DEFAULT_OUT), 'utf8');
        PixelMasks.addLibrary(JSON.parse(text.slice(text.indexOf('begin */') + 8, text.indexOf('/* pixel-collision-masks: end')).replace(/\\\r?\n/g, '')), 'baked');
        expect(PixelMasks.acquireTexture(releasedTexture(TEX.db, 256, 128), 127).source).toBe('baked');
        PixelMasks.clear();
    });
});

describe('bad skeleton input: one clear line each, the rest still bakes', () => {
    /** Bakes with the CLI: the exit code, the error lines, and the page textures baked. */
    async function run(dir: string): Promise<{ code: number; errors: string[]; pages: string[] }> {
        const lines: string[] = [];
        const code = await cli(['bake', dir], (l) => lines.push(l), (l) => lines.push(l));
        return { code, errors: lines.filter((l) => l.startsWith('error')), pages: [...pages(dir).keys()].sort() };
    }

    test('a Spine skeleton without its atlas', async () => {
        const dir = project();
        fs.rmSync(join(dir, 'assets/hero/hero.atlas'));
        fs.rmSync(join(dir, 'assets/hero/hero.atlas.meta'));
        const r = await run(dir);
        expect(r.code).toBe(1);
        expect(r.errors).toEqual([expect.stringMatching(/^error assets\/hero\/hero\.json: this Spine skeleton has no atlas next to it \(looked for hero\.atlas, hero\.txt, hero\.atlas\.txt, hero\)/)]);
        expect(r.pages).toEqual([TEX.db]);
    });

    test('the atlas found as hero.txt (the importer\'s second name) is used', async () => {
        const dir = project();
        fs.renameSync(join(dir, 'assets/hero/hero.atlas'), join(dir, 'assets/hero/hero.txt'));
        fs.renameSync(join(dir, 'assets/hero/hero.atlas.meta'), join(dir, 'assets/hero/hero.txt.meta'));
        const r = await run(dir);
        expect([r.code, r.errors]).toEqual([0, []]);
        expect(r.pages).toEqual([TEX.hero, TEX.hero2, TEX.db].sort());
    });

    test.each([
        ['JSON instead of an atlas', '{\n  "skeleton": { "spine": "3.8.99" }\n}\n', /line 1 should name a page image/],
        ['a page without entries', 'hero.png\nbody\n  xy: 2, 2\n', /page "hero\.png" \(line 1\) has no entries/],
        ['a bad page size', 'hero.png\nsize: 256 x 256\nformat: RGBA8888\n', /the page size "256 x 256" is not two integers/],
        ['binary bytes', 'hero.png\u0000\u0001size', /it is not text/],
        ['an empty file', '\n\n', /it names no page/],
    ])('a Spine atlas that does not parse (%s)', async (_what, text, reason) => {
        const dir = project();
        fs.writeFileSync(join(dir, 'assets/hero/hero.atlas'), text);
        const r = await run(dir);
        expect(r.code).toBe(1);
        expect(r.errors).toHaveLength(1);
        expect(r.errors[0]).toMatch(/^error assets\/hero\/hero\.atlas: cannot be read as a Spine atlas \(the atlas of assets\/hero\/hero\.json\): /);
        expect(r.errors[0]).toMatch(reason);
        expect(r.pages).toEqual([TEX.db]);
    });

    test('a page image of a Spine atlas missing (image and meta): that page only', async () => {
        const dir = project();
        fs.rmSync(join(dir, 'assets/hero/hero-2.png'));
        fs.rmSync(join(dir, 'assets/hero/hero-2.png.meta'));
        const r = await run(dir);
        expect(r.code).toBe(1);
        expect(r.errors).toEqual([expect.stringMatching(/^error assets\/hero\/hero\.atlas: the Spine skeleton assets\/hero\/hero\.json uses page "hero-2\.png", which is not in assets\/hero\/: that page is not baked \(the others are\)/)]);
        expect(r.pages).toEqual([TEX.hero, TEX.db].sort());
    });

    test('a page image without a meta (not imported yet): the image\'s own line, once', async () => {
        const dir = project();
        fs.rmSync(join(dir, 'assets/hero/hero-2.png.meta'));
        const r = await run(dir);
        expect(r.errors).toEqual([expect.stringMatching(/^error assets\/hero\/hero-2\.png: no \.meta file: Creator has not imported it yet/)]);
        expect(r.pages).toEqual([TEX.hero, TEX.db].sort());
    });

    test.each([
        ['not JSON', '{ "imagePath": ', /cannot be read as a DragonBones texture atlas: it is not JSON/],
        ['no imagePath', '{ "width": 256, "SubTexture": [] }', /cannot be read as a DragonBones texture atlas: it has no "imagePath"/],
    ])('a DragonBones texture atlas that does not parse (%s)', async (_what, text, reason) => {
        const dir = project();
        fs.writeFileSync(join(dir, 'assets/dragon/db-test_tex.json'), text);
        const r = await run(dir);
        expect(r.code).toBe(1);
        expect(r.errors).toEqual([expect.stringMatching(/^error assets\/dragon\/db-test_tex\.json: /)]);
        expect(r.errors[0]).toMatch(reason);
        expect(r.pages).toEqual([TEX.hero, TEX.hero2].sort());
    });

    test('a DragonBones texture image missing', async () => {
        const dir = project();
        fs.rmSync(join(dir, 'assets/dragon/db-test_tex.png'));
        fs.rmSync(join(dir, 'assets/dragon/db-test_tex.png.meta'));
        const r = await run(dir);
        expect(r.code).toBe(1);
        expect(r.errors).toEqual([expect.stringMatching(/^error assets\/dragon\/db-test_tex\.json: the DragonBones atlas names its image "db-test_tex\.png", which is not in assets\/dragon\/: that page is not baked/)]);
        expect(r.pages).toEqual([TEX.hero, TEX.hero2].sort());
    });

    test('a page image deleted while its meta stays: reported, and its masks are kept from the previous library', async () => {
        const dir = project();
        await bakeProject(dir, quiet);
        const before = library(dir).filter((e) => e.texture === TEX.hero2).map((e) => [e.threshold, e.code]);
        expect(before).toHaveLength(2);
        fs.rmSync(join(dir, 'assets/hero/hero-2.png'));
        const r = await bakeProject(dir, quiet);
        expect(errorsOf(r)).toEqual([expect.stringMatching(/^assets\/hero\/hero-2\.png\.meta: its image assets\/hero\/hero-2\.png is missing: .*, so the atlas page of assets\/hero\/hero\.json cannot be baked\./)]);
        expect(r.kept).toEqual([{ file: 'assets/hero/hero-2.png', frames: 0, masks: 2 }]);
        expect(library(dir).filter((e) => e.texture === TEX.hero2).map((e) => [e.threshold, e.code])).toEqual(before);
        expect(pages(dir).has(TEX.hero)).toBe(true);
    });

    test('a skeleton\'s meta that cannot be read (merge-conflict markers): reported, and the pages of the last good bake are kept', async () => {
        const dir = project();
        await bakeProject(dir, quiet);
        const before = library(dir).filter((e) => !e.uuid && (e.texture === TEX.hero || e.texture === TEX.hero2)).map((e) => e.code);
        expect(before).toHaveLength(4);
        const meta = join(dir, 'assets/hero/hero.json.meta');
        const text = fs.readFileSync(meta, 'utf8');
        fs.writeFileSync(meta, `<<<<<<< HEAD\n${text}=======\n${text}>>>>>>> other\n`);
        const r = await bakeProject(dir, quiet);
        expect(errorsOf(r)).toEqual([expect.stringMatching(/^assets\/hero\/hero\.json\.meta: is not valid JSON: it has merge-conflict markers/)]);
        expect(r.unreadable).toEqual(['assets/hero/hero.json.meta']);
        expect(library(dir).filter((e) => !e.uuid && (e.texture === TEX.hero || e.texture === TEX.hero2)).map((e) => e.code)).toEqual(before);
        expect(pages(dir).has(TEX.db)).toBe(true);
    });

    test('two skeletons sharing one atlas with a page missing (hero.json and hero.skel): a line for each, the other page baked once', async () => {
        const dir = project();
        fs.copyFileSync(join(dir, 'assets/hero/hero.json'), join(dir, 'assets/hero/hero.skel'));
        fs.writeFileSync(join(dir, 'assets/hero/hero.skel.meta'), JSON.stringify(assetMeta('spine-data', 'e0c6c0a4-4c37-4d55-9b0a-6b2f4bb0f3a1', ['.bin', '.json'], '1.2.5')));
        fs.writeFileSync(join(dir, 'assets/hero/hero.atlas'), spineAtlas('hero.png', 'gone.png'));
        const settings = join(dir, 'settings/v2/packages/pixel-collision.json');
        fs.mkdirSync(join(settings, '..'), { recursive: true });
        fs.writeFileSync(settings, JSON.stringify({ include: ['assets/hero'] }));
        const r = await run(dir);
        expect(r.errors).toHaveLength(2); // hero.json's and hero.skel's (each names its skeleton)
        expect(r.errors.every((l) => /"gone\.png"/.test(l))).toBe(true);
        expect(r.pages).toEqual([TEX.hero, TEX.db].sort());
    });
});

test('a bake cache of the previous version (4) keeps its decoded masks and finds the skeletons again', async () => {
    const dir = project();
    await bakeProject(dir, quiet);
    const file = join(dir, 'temp/pixel-collision/bake-cache.json');
    const c = JSON.parse(fs.readFileSync(file, 'utf8'));
    // what version 4 wrote: no texts, scenes' uses without skeletons, metas of skeletons as 'other'
    c.version = 4;
    delete c.texts;
    for (const a of Object.values<{ uses?: { skeletons?: unknown } }>(c.assets)) delete a.uses?.skeletons;
    for (const m of Object.values<{ summary: { kind: string } }>(c.metas)) if (m.summary.kind === 'skeleton') m.summary = { kind: 'other' };
    fs.writeFileSync(file, JSON.stringify(c));
    const r = await bakeProject(dir, quiet);
    expect([r.texturesRead, r.pages, r.written]).toEqual([0, 3, false]);
});

describe('reading atlas texts', () => {
    test('Spine 3.8 and 4.x atlases, several pages, CRLF and a BOM', () => {
        const v38 = '\nhero.png\nsize: 64,64\nformat: RGBA8888\nfilter: Linear,Linear\nrepeat: none\nhead\n  rotate: false\n  xy: 2, 2\n  size: 8, 8\n  orig: 8, 8\n  offset: 0, 0\n  index: -1\n\nhero2.png\nsize: 32,32\nformat: RGBA8888\nfilter: Linear,Linear\nrepeat: none\nfoot\n  rotate: 90\n  xy: 1, 1\n';
        expect(spineAtlasPages(v38)).toEqual(['hero.png', 'hero2.png']);
        const v4 = '\uFEFFhero.png\r\nsize:64,64\r\nfilter:Linear,Linear\r\npma:true\r\nhead\r\nbounds:2,2,8,8\r\n\r\nsub/hero_2.jpg\r\nsize:32,32\r\nhead2\r\nbounds:0,0,4,4\r\n';
        expect(spineAtlasPages(v4)).toEqual(['hero.png', 'sub/hero_2.jpg']);
        expect(dragonBonesImagePath('{"imagePath":"a_tex.png","SubTexture":[]}')).toBe('a_tex.png');
    });
});
