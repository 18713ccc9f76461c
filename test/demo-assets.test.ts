import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { PNG } from 'pngjs';

/**
 * The demo project's imported assets (assets/**): PNG sprites with Creator 3.8 image metas, the
 * Auto Atlas, the AnimationClip, and every asset reference ({ __uuid__ }) the scenes and clips make.
 * Checked against the files themselves (the PNGs are decoded here), not against the generator.
 */
const root = join(__dirname, '..');
const ASSETS = join(root, 'assets');

function* walk(dir: string): Generator<string> {
    for (const name of readdirSync(dir).sort()) {
        if (name.startsWith('.')) continue;
        const p = join(dir, name);
        if (statSync(p).isDirectory()) yield* walk(p);
        else yield p;
    }
}

type Json = Record<string, any>;
const rel = (p: string): string => relative(root, p);
const readJson = (p: string): any => JSON.parse(readFileSync(p, 'utf8'));
const all = [...walk(ASSETS)];
const metas = all.filter((p) => p.endsWith('.meta')).map((p) => ({ path: p, meta: readJson(p) as Json }));
const allPngs = all.filter((p) => p.endsWith('.png'));
/** PNGs imported as sprite frames; the others are textures (a Spine atlas page: its regions are cut by the atlas). */
const pngs = allPngs.filter((p) => readJson(`${p}.meta`).userData.type === 'sprite-frame');
const texturePngs = allPngs.filter((p) => !pngs.includes(p));

/**
 * Every uuid an asset or sub-asset of the project has -> its importer; with the extension's
 * assets, which its asset-db mount puts in the project (db://pixel-collision: the colliders'
 * pixel-collide.effect).
 */
const known = new Map<string, { importer: string; path: string }>();
const extensionMetas = [...walk(join(root, 'extensions/pixel-collision/assets'))].filter((p) => p.endsWith('.meta')).map((p) => ({ path: p, meta: readJson(p) as Json }));
for (const { path, meta } of [...metas, ...extensionMetas]) {
    known.set(meta.uuid, { importer: meta.importer, path });
    for (const sub of Object.values((meta.subMetas ?? {}) as Record<string, Json>)) known.set(sub.uuid, { importer: sub.importer, path });
}

/** Every `{ __uuid__ }` anywhere under v. */
function* uuidRefs(v: unknown, path: string): Generator<{ uuid: string; type?: string; path: string }> {
    if (Array.isArray(v)) for (let i = 0; i < v.length; i++) yield* uuidRefs(v[i], `${path}[${i}]`);
    else if (v && typeof v === 'object') {
        const o = v as Json;
        if (typeof o.__uuid__ === 'string') yield { uuid: o.__uuid__, type: o.__expectedType__, path };
        else for (const [k, x] of Object.entries(o)) yield* uuidRefs(x, `${path}.${k}`);
    }
}

/** Creator's automatic trim: the box of the pixels with alpha >= threshold. */
function trimBox(png: PNG, threshold: number): { x: number; y: number; w: number; h: number } {
    let x0 = png.width, y0 = png.height, x1 = -1, y1 = -1;
    for (let y = 0; y < png.height; y++) {
        for (let x = 0; x < png.width; x++) {
            if (png.data[(y * png.width + x) * 4 + 3] >= threshold) { x0 = Math.min(x0, x); x1 = Math.max(x1, x); y0 = Math.min(y0, y); y1 = Math.max(y1, y); }
        }
    }
    return x1 < 0 ? { x: 0, y: 0, w: png.width, h: png.height } : { x: x0, y: y0, w: x1 - x0 + 1, h: y1 - y0 + 1 };
}

const IMPORTER_OF_TYPE: Record<string, string> = { 'cc.SpriteFrame': 'sprite-frame', 'cc.AnimationClip': 'animation-clip', 'cc.Texture2D': 'texture', 'cc.SpriteAtlas': 'auto-atlas', 'cc.EffectAsset': 'effect', 'sp.SkeletonData': 'spine-data' };
const SCENES = ['shooter', 'maze', 'terrain', 'stress', 'character'];

describe('demo assets', () => {
    test('the demo scenes, their art, an Auto Atlas and an AnimationClip exist', () => {
        const names = all.map(rel);
        for (const s of SCENES) expect(names).toContain(join('assets', 'demos', `${s}.scene`));
        expect(pngs.length).toBeGreaterThanOrEqual(12);
        expect(all.some((p) => p.endsWith('.pac'))).toBe(true);
        expect(all.some((p) => p.endsWith('.anim'))).toBe(true);
    });

    test('every asset, folder and script has a .meta, and every .meta its asset', () => {
        const missing = all.filter((p) => !p.endsWith('.meta') && !existsSync(`${p}.meta`)).map(rel);
        const dirs = new Set(all.map((p) => dirname(p)).filter((d) => d !== ASSETS));
        for (const d of dirs) if (!existsSync(`${d}.meta`)) missing.push(`${rel(d)}/`);
        const orphans = metas.filter(({ path }) => !existsSync(path.slice(0, -'.meta'.length))).map(({ path }) => rel(path));
        expect(missing).toEqual([]);
        expect(orphans).toEqual([]);
    });

    test('uuids are unique across the project, sub-asset uuids are <asset uuid>@<id>', () => {
        const seen = new Map<string, string>();
        const bad: string[] = [];
        for (const { path, meta } of metas) {
            const ids = [meta.uuid as string, ...Object.values((meta.subMetas ?? {}) as Record<string, Json>).map((s) => s.uuid as string)];
            for (const id of ids) {
                if (seen.has(id)) bad.push(`${id}: ${rel(path)} and ${seen.get(id)}`);
                seen.set(id, rel(path));
            }
            for (const [key, sub] of Object.entries((meta.subMetas ?? {}) as Record<string, Json>)) {
                if (sub.uuid !== `${meta.uuid}@${key}` || sub.id !== key) bad.push(`${rel(path)}: sub-asset ${key} is ${sub.uuid}`);
            }
            if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(meta.uuid)) bad.push(`${rel(path)}: uuid ${meta.uuid}`);
        }
        expect(bad).toEqual([]);
    });

    describe.each(pngs.map((p) => [rel(p), p]))('%s', (_name, file) => {
        const png = PNG.sync.read(readFileSync(file));
        const meta = readJson(`${file}.meta`) as Json;

        test('is imported as a sprite frame: texture and spriteFrame sub-assets', () => {
            expect(meta.importer).toBe('image');
            expect(meta.files).toEqual(['.json', '.png']);
            expect(meta.userData.type).toBe('sprite-frame');
            expect(meta.userData.hasAlpha).toBe(true);
            expect(meta.userData.redirect).toBe(`${meta.uuid}@6c48a`);
            const tex = meta.subMetas['6c48a'], sf = meta.subMetas.f9941;
            expect([tex.importer, tex.name, sf.importer, sf.name]).toEqual(['texture', 'texture', 'sprite-frame', 'spriteFrame']);
            expect(tex.userData.imageUuidOrDatabaseUri).toBe(meta.uuid);
            expect(sf.userData.imageUuidOrDatabaseUri).toBe(`${meta.uuid}@6c48a`);
            expect(tex.displayName).toBe(basename(file, '.png'));
            expect(['linear', 'nearest']).toContain(tex.userData.minfilter);
        });

        test('trim rect, offset and raw size are those of the pixels (automatic trim)', () => {
            const u = meta.subMetas.f9941.userData;
            expect([u.rawWidth, u.rawHeight]).toEqual([png.width, png.height]);
            expect(u.trimType).toBe('auto');
            const t = trimBox(png, u.trimThreshold);
            expect([u.trimX, u.trimY, u.width, u.height]).toEqual([t.x, t.y, t.w, t.h]);
            // offset: centre of the trimmed rect minus centre of the image, y up
            expect(u.offsetX).toBeCloseTo(t.x + t.w / 2 - png.width / 2, 10);
            expect(u.offsetY).toBeCloseTo(png.height / 2 - (t.y + t.h / 2), 10);
            expect(u.rotated).toBe(false);
            expect(u.vertices.uv).toEqual([t.x, t.y + t.h, t.x + t.w, t.y + t.h, t.x, t.y, t.x + t.w, t.y]);
        });
    });

    test('at least one frame is trimmed and the picture has soft (antialiased) edges', () => {
        const trimmed = pngs.filter((p) => {
            const u = readJson(`${p}.meta`).subMetas.f9941.userData;
            return u.width < u.rawWidth || u.height < u.rawHeight;
        });
        expect(trimmed.length).toBeGreaterThanOrEqual(5);
        const fighter = PNG.sync.read(readFileSync(join(ASSETS, 'demos/art/shooter/fighter.png')));
        let partial = 0;
        for (let k = 3; k < fighter.data.length; k += 4) if (fighter.data[k] > 0 && fighter.data[k] < 255) partial++;
        expect(partial).toBeGreaterThan(50);
    });

    test('the Auto Atlas covers a folder of sprite frames', () => {
        const pacs = all.filter((p) => p.endsWith('.pac'));
        for (const pac of pacs) {
            expect(readJson(pac)).toEqual({ __type__: 'cc.SpriteAtlas' });
            const meta = readJson(`${pac}.meta`);
            expect(meta.importer).toBe('auto-atlas');
            expect(meta.userData).toEqual(expect.objectContaining({ maxWidth: expect.any(Number), maxHeight: expect.any(Number), padding: expect.any(Number), algorithm: 'MaxRects' }));
            const frames = readdirSync(dirname(pac)).filter((n) => n.endsWith('.png'));
            expect(frames.length).toBeGreaterThanOrEqual(2);
        }
    });

    test('the AnimationClip is a 3.8 clip whose track sets cc.Sprite.spriteFrame', () => {
        for (const file of all.filter((p) => p.endsWith('.anim'))) {
            const data = readJson(file) as Json[];
            const meta = readJson(`${file}.meta`);
            expect(meta.importer).toBe('animation-clip');
            expect(data[0].__type__).toBe('cc.AnimationClip');
            const at = (r: { __id__: number }) => { expect(r.__id__).toBeLessThan(data.length); return data[r.__id__]; };
            const track = at(data[0]._tracks[0]);
            expect(track.__type__).toBe('cc.animation.ObjectTrack');
            const path = at(track._binding.path);
            expect(path.__type__).toBe('cc.animation.TrackPath');
            expect(at(path._paths[0])).toEqual({ __type__: 'cc.animation.ComponentPath', component: 'cc.Sprite' });
            expect(path._paths[1]).toBe('spriteFrame');
            const curve = at(at(track._channel)._curve);
            expect(curve.__type__).toBe('cc.ObjectCurve');
            expect(curve._values.length).toBe(curve._times.length);
            expect([...curve._times].sort((a: number, b: number) => a - b)).toEqual(curve._times);
            expect(data[0]._duration).toBeGreaterThan(curve._times[curve._times.length - 1]);
            expect(at(data[0]._additiveSettings).__type__).toBe('cc.AnimationClipAdditiveSettings');
        }
    });

    test('every asset a scene, prefab or clip refers to exists, with the expected type', () => {
        const bad: string[] = [];
        let n = 0;
        for (const file of all.filter((p) => /\.(scene|prefab|anim)$/.test(p))) {
            for (const r of uuidRefs(readJson(file), '')) {
                n++;
                const k = known.get(r.uuid);
                if (!k) bad.push(`${rel(file)}${r.path}: ${r.uuid} is no asset of the project`);
                else if (r.type && IMPORTER_OF_TYPE[r.type] && IMPORTER_OF_TYPE[r.type] !== k.importer) bad.push(`${rel(file)}${r.path}: ${r.type} but ${k.importer} (${rel(k.path)})`);
            }
        }
        expect(bad).toEqual([]);
        expect(n).toBeGreaterThan(15);
    });

    describe.each(SCENES)('demos/%s.scene', (name) => {
        const data = readJson(join(ASSETS, 'demos', `${name}.scene`)) as Json[];
        const colliderType = (() => {
            const uuid = readJson(join(root, 'extensions/pixel-collision/assets/runtime/PixelCollider.ts.meta')).uuid as string;
            const hex = uuid.replace(/-/g, ''), B = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
            let out = hex.slice(0, 5);
            for (let i = 5; i < 32; i += 3) { const v = parseInt(hex.slice(i, i + 3), 16); out += B[v >> 6] + B[v & 63]; }
            return out;
        })();

        test('has a one-line hint', () => {
            const labels = data.filter((o) => o.__type__ === 'cc.Label');
            const hint = labels.find((l) => data[l.node.__id__]._name === 'Hint');
            expect(hint).toBeDefined();
            expect(hint!._string.length).toBeGreaterThan(20);
            expect(hint!._string).not.toContain('\n');
        });

        test('has PixelColliders set in the scene, on nodes with a Sprite, a Spine skeleton or a shape', () => {
            const colliders = data.filter((o) => o.__type__ === colliderType);
            expect(colliders.length).toBeGreaterThanOrEqual(1);
            for (const c of colliders) {
                expect(Object.keys(c)).toEqual(expect.arrayContaining(['_shape', '_alphaThreshold', '_accuracy', '_mode', '_group', '_size', '_offset', '_radius', '_points', '_bakedMask', '_maskLibrary']));
                const node = data[c.node.__id__];
                const types = (node._components as { __id__: number }[]).map((r) => data[r.__id__].__type__);
                if (c._shape === 0) expect(types.filter((t) => t === 'cc.Sprite' || t === 'sp.Skeleton' || t === 'dragonBones.ArmatureDisplay')).toHaveLength(1);
                expect(types).toContain('cc.UITransform');
            }
        });

        test('its demo component refers to nodes and components of the right kind', () => {
            const demo = data.find((o) => typeof o.__type__ === 'string' && !o.__type__.startsWith('cc.') && o.__type__ !== colliderType)!;
            expect(demo).toBeDefined();
            const bad: string[] = [];
            for (const [key, v] of Object.entries(demo)) {
                const refs = Array.isArray(v) ? v : [v];
                for (const r of refs) {
                    if (!r || typeof r !== 'object' || !('__id__' in r) || key === 'node') continue;
                    const t = data[r.__id__].__type__;
                    const ok = /template|sprite$|Sprite$/i.test(key) ? t === 'cc.Node' : /label|overlay/i.test(key) ? t === 'cc.Label' : t === colliderType;
                    if (!ok) bad.push(`${key} -> ${t}`);
                }
            }
            expect(bad).toEqual([]);
        });
    });
});

/** A libGDX atlas (Spine 3.8's text format): pages, each with its regions. */
interface AtlasRegion { name: string; rotate: boolean; x: number; y: number; w: number; h: number; orig: [number, number]; offset: [number, number] }
interface AtlasPage { file: string; size: [number, number]; regions: AtlasRegion[] }
function parseAtlas(text: string): AtlasPage[] {
    const pages: AtlasPage[] = [];
    let page: AtlasPage | null = null, region: AtlasRegion | null = null;
    const nums = (v: string): number[] => v.split(',').map((x) => Number(x.trim()));
    for (const raw of text.split(/\r?\n/)) {
        const line = raw.trimEnd();
        if (!line.trim()) { page = null; region = null; continue; }
        const kv = /^\s*([a-z]+):\s*(.*)$/.exec(line);
        if (!page) { page = { file: line.trim(), size: [0, 0], regions: [] }; pages.push(page); continue; }
        if (kv && !region) { if (kv[1] === 'size') page.size = nums(kv[2]) as [number, number]; continue; }
        if (!kv) { region = { name: line.trim(), rotate: false, x: NaN, y: NaN, w: NaN, h: NaN, orig: [NaN, NaN], offset: [NaN, NaN] }; page.regions.push(region); continue; }
        const [k, v] = [kv[1], kv[2]];
        if (k === 'rotate') region!.rotate = v === 'true';
        else if (k === 'xy') [region!.x, region!.y] = nums(v);
        else if (k === 'size') [region!.w, region!.h] = nums(v);
        else if (k === 'orig') region!.orig = nums(v) as [number, number];
        else if (k === 'offset') region!.offset = nums(v) as [number, number];
    }
    return pages;
}

const spineJsons = metas.filter(({ meta }) => meta.importer === 'spine-data').map(({ path }) => path.slice(0, -'.meta'.length));

describe('Spine exports (a skeleton JSON, its atlas and page)', () => {
    test('there is one, and every texture PNG is the page of one', () => {
        expect(spineJsons.length).toBeGreaterThanOrEqual(1);
        const pages = spineJsons.flatMap((j) => parseAtlas(readFileSync(j.replace(/\.json$/, '.atlas'), 'utf8')).map((p) => join(dirname(j), p.file)));
        expect(texturePngs.sort()).toEqual([...new Set(pages)].sort());
    });

    describe.each(spineJsons.map((p) => [rel(p), p]))('%s', (_name, file) => {
        const skel = readJson(file) as Json;
        const atlasFile = file.replace(/\.json$/, '.atlas');
        const pages = parseAtlas(readFileSync(atlasFile, 'utf8'));
        const regions = new Map(pages.flatMap((p) => p.regions.map((r) => [r.name, { r, page: p }] as const)));

        test('metas as Creator 3.8 imports a Spine export: spine-data JSON, the atlas beside it, the page a texture', () => {
            expect(readJson(`${file}.meta`)).toEqual(expect.objectContaining({ importer: 'spine-data', files: ['.json'], subMetas: {} }));
            expect(readJson(`${atlasFile}.meta`)).toEqual(expect.objectContaining({ importer: '*', files: ['.atlas', '.json'], subMetas: {} }));
            for (const p of pages) {
                const meta = readJson(join(dirname(file), `${p.file}.meta`)) as Json;
                expect(meta.importer).toBe('image');
                expect(meta.userData).toEqual(expect.objectContaining({ type: 'texture', hasAlpha: true, redirect: `${meta.uuid}@6c48a` }));
                expect(Object.keys(meta.subMetas)).toEqual(['6c48a']);
                expect(meta.subMetas['6c48a']).toEqual(expect.objectContaining({ importer: 'texture', name: 'texture', displayName: basename(p.file, '.png') }));
                expect(meta.subMetas['6c48a'].userData.imageUuidOrDatabaseUri).toBe(meta.uuid);
            }
        });

        test('each page is the PNG of its size; regions lie inside it, apart, each with pixels; nothing outside them; premultiplied', () => {
            for (const p of pages) {
                const png = PNG.sync.read(readFileSync(join(dirname(file), p.file)));
                expect([png.width, png.height]).toEqual(p.size);
                const owner = new Int32Array(png.width * png.height).fill(-1);
                const bad: string[] = [];
                p.regions.forEach((r, k) => {
                    const fw = r.rotate ? r.h : r.w, fh = r.rotate ? r.w : r.h; // a rotated region occupies h x w texels
                    if (r.x < 0 || r.y < 0 || r.x + fw > png.width || r.y + fh > png.height) bad.push(`${r.name} leaves the page`);
                    expect(r.orig).toEqual([r.w, r.h]);
                    let solid = 0;
                    for (let y = r.y; y < Math.min(png.height, r.y + fh); y++) for (let x = r.x; x < Math.min(png.width, r.x + fw); x++) {
                        if (owner[y * png.width + x] >= 0) bad.push(`${r.name} overlaps ${p.regions[owner[y * png.width + x]].name} at ${x},${y}`);
                        owner[y * png.width + x] = k;
                        if (png.data[(y * png.width + x) * 4 + 3] > 127) solid++;
                    }
                    if (solid < 20) bad.push(`${r.name}: ${solid} solid texels`);
                });
                for (let i = 0; i < owner.length; i++) {
                    const d = png.data.subarray(i * 4, i * 4 + 4);
                    if (owner[i] < 0 && d[3] !== 0) bad.push(`texel ${i % png.width},${Math.floor(i / png.width)} outside every region has alpha ${d[3]}`);
                    if (d[0] > d[3] || d[1] > d[3] || d[2] > d[3]) bad.push(`texel ${i % png.width},${Math.floor(i / png.width)} is not premultiplied`);
                }
                expect(bad.slice(0, 5)).toEqual([]);
            }
        });

        test('a Spine 3.8 skeleton whose bones, slots, attachments and animations name what exists', () => {
            expect(skel.skeleton.spine).toMatch(/^3\.8\./);
            const bones = new Set<string>();
            for (const b of skel.bones as Json[]) {
                if (b.parent !== undefined) expect(bones.has(b.parent)).toBe(true); // parents come first
                bones.add(b.name);
            }
            const slots = new Set((skel.slots as Json[]).map((sl) => sl.name as string));
            const skin = (skel.skins as Json[]).find((k) => k.name === 'default')!;
            const used = new Set<string>();
            const kinds = new Set<string>();
            for (const sl of skel.slots as Json[]) {
                expect(bones.has(sl.bone)).toBe(true);
                if (sl.attachment) expect(skin.attachments[sl.name]?.[sl.attachment]).toBeDefined();
            }
            for (const [slot, atts] of Object.entries(skin.attachments as Record<string, Record<string, Json>>)) {
                expect(slots.has(slot)).toBe(true);
                for (const [name, a] of Object.entries(atts)) {
                    const type = a.type ?? 'region';
                    kinds.add(type);
                    const region = regions.get(a.path ?? name);
                    expect([slot, name, region !== undefined]).toEqual([slot, name, true]);
                    used.add(a.path ?? name);
                    if (region?.r.rotate) kinds.add('rotated region');
                    if (type === 'mesh') {
                        const n = (a.uvs as number[]).length / 2;
                        expect(a.vertices.length).toBe(2 * n); // unweighted: x, y per vertex
                        expect((a.triangles as number[]).every((t) => Number.isInteger(t) && t >= 0 && t < n)).toBe(true);
                        expect((a.uvs as number[]).every((u) => u >= 0 && u <= 1)).toBe(true);
                        expect(a.hull).toBeLessThanOrEqual(n);
                    } else {
                        expect([a.width, a.height]).toEqual(region!.r.orig);
                    }
                }
            }
            expect([...regions.keys()].filter((r) => !used.has(r))).toEqual([]); // every region drawn
            expect(kinds).toEqual(new Set(['region', 'mesh', 'rotated region']));
            expect(Object.keys(skel.animations).length).toBeGreaterThanOrEqual(2);
            for (const anim of Object.values(skel.animations as Record<string, Json>)) {
                for (const [b, tl] of Object.entries((anim.bones ?? {}) as Record<string, Json>)) {
                    expect(bones.has(b)).toBe(true);
                    for (const keys of Object.values(tl as Record<string, Json[]>)) {
                        const times = keys.map((k) => k.time ?? 0);
                        expect([...times].sort((x, y) => x - y)).toEqual(times);
                    }
                }
            }
        });

        test('the scenes\' sp.Skeleton components name its skin and animation', () => {
            const uuid = readJson(`${file}.meta`).uuid as string;
            let n = 0;
            for (const scene of all.filter((p) => p.endsWith('.scene'))) {
                for (const o of readJson(scene) as Json[]) {
                    if (o.__type__ !== 'sp.Skeleton' || o._skeletonData?.__uuid__ !== uuid) continue;
                    n++;
                    expect((skel.skins as Json[]).map((k) => k.name)).toContain(o.defaultSkin);
                    expect(Object.keys(skel.animations)).toContain(o.defaultAnimation);
                }
            }
            expect(n).toBeGreaterThanOrEqual(2);
        });
    });
});
