/**
 * Baking the demo project's own art: `bakeProject` run on a copy of this repository's `assets/`
 * (the demo scenes' PNGs with the metas Creator writes, and the PixelColliders in the scene files)
 * gives, for every sprite frame and every threshold the scenes use, the very mask the runtime
 * builds from the texture's pixels for the same frame (`PixelMasks.maskOf` in the cc double),
 * bit for bit; and the runtime, given only the baked library, finds each mask by the frame's uuid.
 */
import * as fs from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { PNG } from 'pngjs';
import { ImageAsset, Rect, Size, SpriteFrame, Texture2D, Vec2 } from 'cc';
import { PixelMasks } from 'db://pixel-collision/runtime/index';
import { decodeEntry } from '../../extensions/pixel-collision/assets/core/index';
import type { BakedMaskEntry } from '../../extensions/pixel-collision/assets/core/index';
import { bakeProject, DEFAULT_OUT } from '../../extensions/pixel-collision/source/bake/index';
import { parseLibraryScript } from '../../extensions/pixel-collision/source/bake/output';
import { freshScene } from './helpers';

const root = join(__dirname, '../..');

/** Every PNG under `dir` with its meta's sprite-frame sub-asset, by frame uuid. */
function frames(dir: string): Map<string, { png: string; user: Record<string, number | boolean | string> }> {
    const out = new Map<string, { png: string; user: Record<string, number | boolean | string> }>();
    for (const f of fs.readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
        if (!f.endsWith('.png')) continue;
        const meta = JSON.parse(fs.readFileSync(join(dir, `${f}.meta`), 'utf8'));
        for (const sub of Object.values(meta.subMetas ?? {}) as Array<{ importer: string; uuid: string; userData: Record<string, number | boolean | string> }>) {
            if (sub.importer === 'sprite-frame') out.set(sub.uuid, { png: join(dir, f), user: sub.userData });
        }
    }
    return out;
}

/** Every PNG under `dir` by its texture sub-asset's uuid (a Spine / DragonBones page's entry names only that). */
function textures(dir: string): Map<string, string> {
    const out = new Map<string, string>();
    for (const f of fs.readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
        if (!f.endsWith('.png')) continue;
        const meta = JSON.parse(fs.readFileSync(join(dir, `${f}.meta`), 'utf8'));
        for (const sub of Object.values(meta.subMetas ?? {}) as Array<{ importer: string; uuid: string }>) if (sub.importer === 'texture') out.set(sub.uuid, join(dir, f));
    }
    return out;
}
/** A page texture as loaded: its uuid, its pixels (or none, as a native build leaves it). */
function pageTexture(uuid: string, png: PNG, pixels: boolean): Texture2D {
    const tex = new Texture2D();
    tex.image = new ImageAsset({ _data: pixels ? new Uint8Array(png.data) : null, _compressed: false, width: png.width, height: png.height, format: Texture2D.PixelFormat.RGBA8888 });
    (tex as unknown as { _uuid: string })._uuid = uuid;
    return tex;
}

let project: string;
let library: BakedMaskEntry[];
let byUuid: ReturnType<typeof frames>;
let pages: ReturnType<typeof textures>;

beforeAll(async () => {
    project = fs.mkdtempSync(join(tmpdir(), 'pc-demo-bake-'));
    fs.cpSync(join(root, 'assets'), join(project, 'assets'), { recursive: true });
    const report = await bakeProject(project, { onProgress: () => undefined });
    expect(report.errors).toEqual([]);
    library = parseLibraryScript(fs.readFileSync(join(project, DEFAULT_OUT), 'utf8'));
    byUuid = frames(join(project, 'assets'));
    pages = textures(join(project, 'assets'));
}, 120_000);
afterAll(() => fs.rmSync(project, { recursive: true, force: true }));
beforeEach(() => {
    freshScene();
    PixelMasks.clear();
});

/** The frame as the engine makes it from the imported PNG and its meta (trim rect, original size, offset). */
function frameOf(png: PNG, u: Record<string, number | boolean | string>): SpriteFrame {
    const tex = new Texture2D();
    tex.image = new ImageAsset({ _data: new Uint8Array(png.data), _compressed: false, width: png.width, height: png.height, format: Texture2D.PixelFormat.RGBA8888 });
    const f = new SpriteFrame();
    f.packable = false;
    f.reset({
        texture: tex, rect: new Rect(u.trimX as number, u.trimY as number, u.width as number, u.height as number),
        originalSize: new Size(u.rawWidth as number, u.rawHeight as number), offset: new Vec2(u.offsetX as number, u.offsetY as number),
        isRotate: u.rotated === true,
    });
    return f;
}

/** Sprite frames of nodes with a PixelCollider in the demo scenes, read from the scene files here. */
function colliderFrames(dir: string): Set<string> {
    const out = new Set<string>();
    for (const f of fs.readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
        if (!f.endsWith('.scene') && !f.endsWith('.prefab')) continue;
        const objs = JSON.parse(fs.readFileSync(join(dir, f), 'utf8')) as Array<Record<string, any>>;
        for (const o of objs) {
            if (o.__type__ !== '18293Zl3ThDf4R51DyHXkkH') continue;
            for (const c of objs[o.node.__id__]._components) {
                const frame = objs[c.__id__]._spriteFrame?.__uuid__;
                if (frame) out.add(frame);
            }
        }
    }
    return out;
}

test('every frame a demo PixelCollider shows is baked at every threshold its scenes use; frames no collider shows are left out', async () => {
    const thresholds = [...new Set(library.map((e) => e.threshold))].sort((a, b) => a - b);
    expect(thresholds.length).toBeGreaterThan(0);
    const shown = colliderFrames(join(project, 'assets'));
    expect(shown.size).toBeGreaterThanOrEqual(8);
    // the Auto Atlas folder of the rocks: one rock is on a collider, the stress demo sets the others from code
    const rocks = [...byUuid.keys()].filter((u) => byUuid.get(u)!.png.includes(join('art', 'rocks')));
    expect(rocks).toHaveLength(4);
    for (const uuid of [...shown, ...rocks]) {
        for (const t of thresholds) expect(library.some((e) => e.uuid === uuid && e.threshold === t)).toBe(true);
    }
    // the maze floor and the hero's walk frames are on nodes without a PixelCollider (the hero's is a circle on its parent)
    const notShown = [...byUuid.keys()].filter((u) => /floor|hero-/.test(byUuid.get(u)!.png));
    expect(notShown.length).toBe(5);
    for (const uuid of notShown) expect(library.some((e) => e.uuid === uuid)).toBe(false);
    // --all bakes them too
    const all = fs.mkdtempSync(join(tmpdir(), 'pc-demo-bake-all-'));
    try {
        fs.cpSync(join(root, 'assets'), join(all, 'assets'), { recursive: true });
        await bakeProject(all, { all: true, onProgress: () => undefined });
        const every = parseLibraryScript(fs.readFileSync(join(all, DEFAULT_OUT), 'utf8'));
        for (const uuid of byUuid.keys()) expect(every.some((e) => e.uuid === uuid)).toBe(true);
    } finally {
        fs.rmSync(all, { recursive: true, force: true });
    }
}, 120_000);

test('each baked mask equals the mask the runtime builds from the pixels, bit for bit', () => {
    let compared = 0;
    for (const e of library) {
        if (!e.uuid) {
            // a skeleton's atlas page (no frame uuid): the whole image, as acquireTexture reads it
            const png = PNG.sync.read(fs.readFileSync(pages.get(e.texture)!));
            const got = PixelMasks.acquireTexture(pageTexture(e.texture, png, true), e.threshold);
            expect(got.source).toBe('pixels');
            expect(Buffer.from(decodeEntry(e).serialize())).toEqual(Buffer.from(got.mask!.serialize()));
            compared++;
            continue;
        }
        const f = byUuid.get(e.uuid!);
        expect(f).toBeDefined();
        const png = PNG.sync.read(fs.readFileSync(f!.png));
        const fromPixels = PixelMasks.maskOf(frameOf(png, f!.user), e.threshold)!;
        expect(PixelMasks.stats().pixels).toBeGreaterThan(0);
        const baked = decodeEntry(e);
        expect([baked.width, baked.height]).toEqual([fromPixels.width, fromPixels.height]);
        expect(Buffer.from(baked.serialize())).toEqual(Buffer.from(fromPixels.serialize()));
        compared++;
    }
    expect(compared).toBe(library.length);
});

test('with only the baked library (no readable pixels), the runtime finds every demo frame\'s mask by its uuid', () => {
    // the library script as the game runs it: its JSON handed to addLibrary
    const text = fs.readFileSync(join(project, DEFAULT_OUT), 'utf8');
    const json = JSON.parse(text.slice(text.indexOf('*/', text.indexOf('begin')) + 2, text.indexOf('/* pixel-collision-masks: end */')).replace(/\\\n/g, ''));
    expect(json.version).toBe(2);
    PixelMasks.addLibrary(json);
    for (const e of library) {
        if (!e.uuid) {
            const page = PNG.sync.read(fs.readFileSync(pages.get(e.texture)!));
            const got = PixelMasks.acquireTexture(pageTexture(e.texture, page, false), e.threshold);
            expect(Buffer.from(got.mask!.serialize())).toEqual(Buffer.from(decodeEntry(e).serialize()));
            continue;
        }
        const f = byUuid.get(e.uuid!)!;
        const png = PNG.sync.read(fs.readFileSync(f.png));
        const frame = frameOf(png, f.user);
        (frame as unknown as { _uuid: string })._uuid = e.uuid!;
        // an image without its CPU copy, as native and mini-game builds leave it
        (frame.texture as Texture2D).image = new ImageAsset({ _data: null, _compressed: false, width: png.width, height: png.height, format: Texture2D.PixelFormat.RGBA8888 });
        const mask = PixelMasks.maskOf(frame, e.threshold)!;
        expect(Buffer.from(mask.serialize())).toEqual(Buffer.from(decodeEntry(e).serialize()));
    }
    expect(PixelMasks.stats().baked).toBe(library.length);
    expect(PixelMasks.stats().pixels).toBe(0);
});
