/**
 * What the bake bakes by default: the frames PixelColliders can show (their nodes' sprite frames,
 * their animation clips' frames, atlas siblings, "include"), per Asset Bundle; `--all` / "bakeAll"
 * bakes every frame; a generated project's masks equal the pixels' masks bit for bit.
 */
import * as fs from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { PNG } from 'pngjs';
import { BitMask, decodeBase64 } from '../../extensions/pixel-collision/assets/core/index';
import { bakeProject, DEFAULT_OUT } from '../../extensions/pixel-collision/source/bake/index';
import { parseLibraryScript } from '../../extensions/pixel-collision/source/bake/output';
import { main as cli } from '../../extensions/pixel-collision/source/cli';
import { generateSyntheticProject } from '../../bench/bake/synthetic-project';

const dirs: string[] = [];
const tmp = (): string => { const d = fs.mkdtempSync(join(tmpdir(), 'pc-select-')); dirs.push(d); return d; };
afterAll(() => { for (const d of dirs) fs.rmSync(d, { recursive: true, force: true }); });
const uuidsIn = (file: string): Set<string> => new Set(parseLibraryScript(fs.readFileSync(file, 'utf8')).map((e) => e.uuid!));

test('by default only frames on collider nodes (and their atlas pages) are baked; bundle frames go to the bundle\'s own library; --all bakes every frame', async () => {
    const dir = join(tmp(), 'p');
    const p = generateSyntheticProject(dir, { frames: 60, maxSide: 48, colliderEvery: 7, bundleFrames: 10, seed: 5 });
    const report = await bakeProject(dir, { onProgress: () => undefined });
    expect(report.errors).toEqual([]);
    const main = uuidsIn(join(dir, DEFAULT_OUT));
    const bundleLib = join(dir, 'assets/bundle-a/pixel-collision-masks/pixel-masks.ts');
    const bundle = uuidsIn(bundleLib);
    expect(report.outputs).toEqual([join(dir, DEFAULT_OUT), bundleLib]);
    expect(fs.existsSync(bundleLib + '.meta')).toBe(true);
    const atlasPages = new Set(p.frames.filter((f) => f.collider && f.png.includes('atlas')).map((f) => f.png));
    for (const f of p.frames) {
        const wanted = f.collider || atlasPages.has(f.png);
        expect([f.uuid, main.has(f.uuid) || bundle.has(f.uuid)]).toEqual([f.uuid, wanted]);
        if (wanted) expect([f.uuid, bundle.has(f.uuid)]).toEqual([f.uuid, f.bundle]);
    }
    expect(bundle.size).toBeGreaterThan(0);
    expect(report.leftOut!.length).toBe(p.frames.filter((f) => !f.collider && !atlasPages.has(f.png)).length);
    // --explain lists them; --all bakes every frame
    const lines: string[] = [];
    expect(await cli(['bake', dir, '--explain'], (l) => lines.push(l), (l) => lines.push(l))).toBe(0);
    expect(lines.filter((l) => l.startsWith('left out ')).length).toBe(report.leftOut!.length);
    expect(lines.some((l) => l.startsWith('left out ') && /no PixelCollider shows it/.test(l))).toBe(true);
    const all = await bakeProject(dir, { all: true, onProgress: () => undefined });
    expect(all.leftOut).toEqual([]);
    const every = new Set([...uuidsIn(join(dir, DEFAULT_OUT)), ...uuidsIn(bundleLib)]);
    for (const f of p.frames) expect(every.has(f.uuid)).toBe(true);
}, 60_000);

test('"include" folders and globs, "bakeAll", and animation clips on collider nodes add frames', async () => {
    const dir = join(tmp(), 'p');
    const p = generateSyntheticProject(dir, { frames: 30, maxSide: 32, colliderEvery: 1000, seed: 9 });
    const singles = p.frames.filter((f) => !f.png.includes('atlas'));
    const settings = join(dir, 'settings/v2/packages/pixel-collision.json');
    fs.mkdirSync(join(dir, 'settings/v2/packages'), { recursive: true });
    // the scene has one collider (frame 0); an animation clip on its node shows two more frames
    const scene = JSON.parse(fs.readFileSync(join(dir, 'assets/main.scene'), 'utf8'));
    const clipUuid = 'a1b2c3d4-0000-4000-a000-000000000001';
    const node = scene.findIndex((o: { __type__: string }) => o.__type__ === 'cc.Node');
    scene.push({ __type__: 'cc.Animation', node: { __id__: node }, _clips: [{ __uuid__: clipUuid, __expectedType__: 'cc.AnimationClip' }], _defaultClip: null });
    scene[node]._components.push({ __id__: scene.length - 1 });
    fs.writeFileSync(join(dir, 'assets/main.scene'), JSON.stringify(scene));
    const clip = [{ __type__: 'cc.AnimationClip', _tracks: [{ __id__: 1 }] }, { __type__: 'cc.ObjectCurve', _times: [0, 1],
        _values: [singles[1], singles[2]].map((f) => ({ __uuid__: f.uuid, __expectedType__: 'cc.SpriteFrame' })) }];
    fs.writeFileSync(join(dir, 'assets/walk.anim'), JSON.stringify(clip));
    fs.writeFileSync(join(dir, 'assets/walk.anim.meta'), JSON.stringify({ ver: '2.0.3', importer: 'animation-clip', uuid: clipUuid, subMetas: {}, userData: {} }));
    const folder = singles[3].png.slice(0, singles[3].png.lastIndexOf('/'));
    fs.writeFileSync(settings, JSON.stringify({ include: [singles[3].png.replace(/\.png$/, '.*')] }));
    const r1 = await bakeProject(dir, { onProgress: () => undefined });
    expect(r1.errors).toEqual([]);
    const got = uuidsIn(join(dir, DEFAULT_OUT));
    expect(got.has(p.frames.find((f) => f.uuid === singles[1].uuid)!.uuid)).toBe(true);
    expect(got.has(singles[2].uuid)).toBe(true);
    expect(got.has(singles[3].uuid)).toBe(true);
    expect(got.has(singles[4].uuid)).toBe(false);
    fs.writeFileSync(settings, JSON.stringify({ include: [folder] }));
    await bakeProject(dir, { onProgress: () => undefined });
    expect(uuidsIn(join(dir, DEFAULT_OUT)).has(singles[4].uuid)).toBe(true);
    fs.writeFileSync(settings, JSON.stringify({ bakeAll: true }));
    await bakeProject(dir, { onProgress: () => undefined });
    expect(uuidsIn(join(dir, DEFAULT_OUT)).size).toBe(p.frames.length);
    // a bad "include" is reported and ignored; the other settings still apply
    fs.writeFileSync(settings, JSON.stringify({ include: ['../outside/**'], thresholds: [0, 50] }));
    const bad = await bakeProject(dir, { onProgress: () => undefined });
    expect(bad.errors.map((e) => e.message).join('\n')).toMatch(/"include" entry "..\/outside\/\*\*" must be a path inside the project.*"include" is ignored until it is fixed/);
    expect(bad.thresholds).toEqual([0, 50]);
    expect(uuidsIn(join(dir, DEFAULT_OUT)).has(singles[4].uuid)).toBe(false);
    fs.writeFileSync(settings, JSON.stringify({ include: 'assets/art' }));
    expect((await bakeProject(dir, { onProgress: () => undefined })).errors.map((e) => e.message).join('\n')).toMatch(/"include" must be an array/);
    // an animation clip that is not JSON: named, its frames left out, the rest baked
    fs.writeFileSync(settings, JSON.stringify({}));
    fs.writeFileSync(join(dir, 'assets/walk.anim'), '{ not json');
    const badClip = await bakeProject(dir, { onProgress: () => undefined });
    expect(badClip.errors.map((e) => `${e.file}: ${e.message}`).join('\n')).toMatch(/assets\/walk\.anim: assets\/walk\.anim is not valid JSON.*frames of this animation clip are not baked/);
    expect(uuidsIn(join(dir, DEFAULT_OUT)).has(singles[2].uuid)).toBe(false);
    expect(uuidsIn(join(dir, DEFAULT_OUT)).has(p.frames.find((f) => f.collider)!.uuid)).toBe(true);
    fs.writeFileSync(settings, JSON.stringify({ bakeAll: 'yes', thresholds: [0, 50] }));
    const badAll = await bakeProject(dir, { onProgress: () => undefined });
    expect(badAll.errors.map((e) => e.message).join('\n')).toMatch(/"bakeAll" must be true or false \(got "yes"\); it is ignored/);
    expect(badAll.thresholds).toEqual([0, 50]);
    expect(badAll.leftOut!.length).toBeGreaterThan(0);
}, 60_000);

test('a generated project of game-like art (atlases, rotated frames, trims, soft edges, holes): every baked mask equals the pixels\' mask bit for bit', async () => {
    const dir = join(tmp(), 'p');
    const p = generateSyntheticProject(dir, { frames: 150, maxSide: 160, seed: 21, settings: { bakeAll: true, thresholds: [0, 100] } });
    expect(p.frames.some((f) => f.rotated)).toBe(true);
    const report = await bakeProject(dir, { onProgress: () => undefined });
    expect(report.errors).toEqual([]);
    const lib = parseLibraryScript(fs.readFileSync(join(dir, DEFAULT_OUT), 'utf8'));
    expect(lib).toHaveLength(p.frames.length * 2);
    const pngs = new Map<string, PNG>();
    for (const f of p.frames) {
        let png = pngs.get(f.png);
        if (!png) { png = PNG.sync.read(fs.readFileSync(join(dir, f.png))); pngs.set(f.png, png); }
        for (const threshold of [0, 100]) {
            const want = BitMask.fromRGBA(new Uint8Array(png.data), png.width, png.height, { threshold, rotated: f.rotated, rect: { x: f.x, y: f.y, width: f.w, height: f.h } });
            const e = lib.find((x) => x.uuid === f.uuid && x.threshold === threshold)!;
            const got = BitMask.deserialize(decodeBase64(e.data));
            expect([f.uuid, threshold, Buffer.from(got.bits.buffer).equals(Buffer.from(want.bits.buffer))]).toEqual([f.uuid, threshold, true]);
        }
    }
}, 120_000);
