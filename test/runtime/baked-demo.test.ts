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

let project: string;
let library: BakedMaskEntry[];
let byUuid: ReturnType<typeof frames>;

beforeAll(async () => {
    project = fs.mkdtempSync(join(tmpdir(), 'pc-demo-bake-'));
    fs.cpSync(join(root, 'assets'), join(project, 'assets'), { recursive: true });
    const report = await bakeProject(project, { onProgress: () => undefined });
    expect(report.errors).toEqual([]);
    library = parseLibraryScript(fs.readFileSync(join(project, DEFAULT_OUT), 'utf8'));
    byUuid = frames(join(project, 'assets'));
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

test('every demo sprite frame is baked at every threshold its scenes use', () => {
    const thresholds = [...new Set(library.map((e) => e.threshold))].sort((a, b) => a - b);
    expect(thresholds.length).toBeGreaterThan(0);
    const demoFrames = [...byUuid.keys()].filter((u) => relative(project, byUuid.get(u)!.png).startsWith(join('assets', 'demos')));
    expect(demoFrames.length).toBeGreaterThanOrEqual(10);
    for (const uuid of demoFrames) {
        for (const t of thresholds) expect(library.some((e) => e.uuid === uuid && e.threshold === t)).toBe(true);
    }
});

test('each baked mask equals the mask the runtime builds from the pixels, bit for bit', () => {
    let compared = 0;
    for (const e of library) {
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
    PixelMasks.addLibrary({ format: 'pixel-collision-masks', version: 1, masks: library });
    for (const e of library) {
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
