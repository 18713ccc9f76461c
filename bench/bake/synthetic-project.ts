/**
 * A generated Cocos Creator 3.8 project of game-like sprite art, for the bake benchmark and the
 * library-format tests (the art is generated, never committed).
 *
 * Each frame is an alpha shape like a real sprite's: one to four overlapping blobs whose outline
 * wobbles (a few harmonics of the angle), anti-aliased soft edges 1-4 px wide, sometimes holes
 * (windows, gaps between limbs) and sometimes a few stray low-alpha texels near the edge (brush
 * debris). Sides are 16-512 px, skewed towards small (most game sprites are small), aspect ratios
 * up to 2:1. About 60 % of the frames sit in TexturePacker atlases (1024² pages, a fifth of them
 * stored rotated), the rest are single PNGs, some with a transparent border that Creator trims.
 * Metas are written as Creator's importers write them (see test/fixtures/make-bake-project.mjs).
 *
 * Deterministic: the same options give the same files (a seeded PRNG; uuids from it).
 *
 *   npx tsx bench/bake/synthetic-project.ts <dir> [frames]   (default 10000)
 */
import * as fs from 'fs';
import { dirname, join } from 'path';
import { PNG } from 'pngjs';
import { rng } from '../../test/fixtures/masks';

export interface SyntheticOptions {
    frames: number;
    seed?: number;
    /** Largest side (default 512). */
    maxSide?: number;
    /** Frames that get a PixelCollider in the generated scene (default: every 10th). */
    colliderEvery?: number;
    /** Put this many frames (single PNGs) inside an Asset Bundle folder `assets/bundle-a/`. */
    bundleFrames?: number;
    /** Project settings to write (settings/v2/packages/pixel-collision.json), e.g. `{ bakeAll: true }`. */
    settings?: Record<string, unknown>;
}

export interface SyntheticFrame {
    /** SpriteFrame uuid. */
    uuid: string;
    /** The PNG it is stored in (project-relative). */
    png: string;
    x: number; y: number; w: number; h: number; rotated: boolean;
    /** Whether the generated scene puts a PixelCollider on a node showing it. */
    collider: boolean;
    /** Whether it lies in the Asset Bundle folder. */
    bundle: boolean;
}

export interface SyntheticProject {
    dir: string;
    frames: SyntheticFrame[];
    pixels: number;
}


function uuidFrom(r: () => number): string {
    let h = '';
    for (let i = 0; i < 32; i++) h += Math.floor(r() * 16).toString(16);
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

interface Blob { cx: number; cy: number; rx: number; ry: number; p: number; harm: [number, number, number][] }

/** Alpha (0-255) of one generated sprite, `w x h`, row-major. */
export function spriteAlpha(w: number, h: number, r: () => number): Uint8Array {
    // a quarter hard-edged (pixel art: alpha 0 or 255), the rest anti-aliased over 1-4 px
    const soft = r() < 0.25 ? 0.01 : 1 + r() * 3;
    const margin = Math.min(w, h) * 0.08 + soft;
    const blob = (scale: number): Blob => {
        const rx = Math.max(2, (w / 2 - margin) * scale), ry = Math.max(2, (h / 2 - margin) * scale);
        const cx = w / 2 + (r() - 0.5) * (w / 2 - margin - rx) * 2, cy = h / 2 + (r() - 0.5) * (h / 2 - margin - ry) * 2;
        const harm: [number, number, number][] = [];
        const n = 1 + Math.floor(r() * 4);
        for (let k = 0; k < n; k++) harm.push([2 + Math.floor(r() * 12), (r() * 0.12) / (1 + k * 0.5), r() * Math.PI * 2]);
        // outline from round (2) to boxy (8): crates, platforms, buildings
        const p = [2, 2, 2, 3, 4, 8][Math.floor(r() * 6)];
        return { cx, cy, rx: rx * 0.85, ry: ry * 0.85, p, harm };
    };
    const blobs: Blob[] = [blob(1)];
    const extra = Math.floor(r() * 4);
    for (let i = 0; i < extra; i++) blobs.push(blob(0.3 + r() * 0.5));
    const holes: Blob[] = [];
    if (r() < 0.35) {
        const nh = 1 + Math.floor(r() * 2);
        for (let i = 0; i < nh; i++) {
            const b = blob(0.12 + r() * 0.2);
            b.cx = blobs[0].cx + (r() - 0.5) * blobs[0].rx;
            b.cy = blobs[0].cy + (r() - 0.5) * blobs[0].ry;
            holes.push(b);
        }
    }
    /** Depth inside the blob's outline, in px (negative outside). */
    const depth = (b: Blob, px: number, py: number): number => {
        const dx = (px - b.cx) / b.rx, dy = (py - b.cy) / b.ry;
        const rr = b.p === 2 ? Math.sqrt(dx * dx + dy * dy) : Math.pow(Math.pow(Math.abs(dx), b.p) + Math.pow(Math.abs(dy), b.p), 1 / b.p);
        const th = Math.atan2(dy, dx);
        let R = 1;
        for (const [k, a, ph] of b.harm) R += a * Math.sin(k * th + ph);
        return (R - rr) * Math.min(b.rx, b.ry);
    };
    const out = new Uint8Array(w * h);
    for (let y = 0; y < h; y++) {
        for (let x = 0; x < w; x++) {
            const px = x + 0.5, py = y + 0.5;
            let d = -1e9;
            for (const b of blobs) d = Math.max(d, depth(b, px, py));
            for (const b of holes) d = Math.min(d, -depth(b, px, py));
            const a = d >= soft ? 1 : d <= 0 ? 0 : d / soft;
            out[y * w + x] = Math.round(a * a * 255);
        }
    }
    if (r() < 0.2) {
        // stray low-alpha texels just outside the outline
        const n = 2 + Math.floor(r() * 10);
        for (let i = 0; i < n; i++) {
            const x = Math.floor(r() * w), y = Math.floor(r() * h);
            if (out[y * w + x] === 0) out[y * w + x] = 1 + Math.floor(r() * 40);
        }
    }
    return out;
}

/** A side 16..maxSide, skewed towards small. */
function side(r: () => number, maxSide: number): number {
    return Math.round(16 * Math.pow(maxSide / 16, Math.pow(r(), 1.6)));
}

function writeFile(abs: string, data: string | Uint8Array): void {
    fs.mkdirSync(dirname(abs), { recursive: true });
    fs.writeFileSync(abs, data);
}

function pngBytes(rgba: Uint8Array, w: number, h: number): Buffer {
    const img = new PNG({ width: w, height: h });
    img.data = Buffer.from(rgba.buffer, rgba.byteOffset, rgba.byteLength);
    return PNG.sync.write(img, { colorType: 6, deflateLevel: 1 });
}

const json = (o: unknown): string => JSON.stringify(o, null, 2) + '\n';

function frameUserData(x: number, y: number, w: number, h: number, rawW: number, rawH: number, rotated: boolean, texture: string, atlas: string): Record<string, unknown> {
    return {
        trimType: atlas ? 'auto' : 'auto', trimThreshold: 1, rotated,
        offsetX: x + w / 2 - rawW / 2, offsetY: rawH / 2 - (y + h / 2),
        trimX: x, trimY: y, width: w, height: h, rawWidth: rawW, rawHeight: rawH,
        borderTop: 0, borderBottom: 0, borderLeft: 0, borderRight: 0, packable: true, pixelsToUnit: 100, pivotX: 0.5, pivotY: 0.5, meshType: 0,
        vertices: { rawPosition: [], indexes: [], uv: [], nuv: [], minPos: [], maxPos: [] },
        isUuid: true, imageUuidOrDatabaseUri: texture, atlasUuid: atlas,
    };
}

function imageMeta(uuid: string, name: string, frame: Record<string, unknown> | null): Record<string, unknown> {
    const subMetas: Record<string, unknown> = {
        '6c48a': { importer: 'texture', uuid: `${uuid}@6c48a`, displayName: name, id: '6c48a', name: 'texture',
            userData: { wrapModeS: 'clamp-to-edge', wrapModeT: 'clamp-to-edge', imageUuidOrDatabaseUri: uuid, isUuid: true, visible: false, minfilter: 'linear', magfilter: 'linear', mipfilter: 'none', anisotropy: 0 },
            ver: '1.0.22', imported: true, files: ['.json'], subMetas: {} },
    };
    if (frame) {
        subMetas.f9941 = { importer: 'sprite-frame', uuid: `${uuid}@f9941`, displayName: name, id: 'f9941', name: 'spriteFrame', userData: frame,
            ver: '1.0.12', imported: true, files: ['.json'], subMetas: {} };
    }
    return { ver: '1.0.27', importer: 'image', imported: true, uuid, files: ['.json', '.png'], subMetas,
        userData: frame ? { type: 'sprite-frame', hasAlpha: true, fixAlphaTransparencyArtifacts: false, redirect: `${uuid}@f9941` }
            : { type: 'texture', hasAlpha: true, fixAlphaTransparencyArtifacts: false, redirect: `${uuid}@6c48a` } };
}

const folderMeta = (uuid: string, userData: Record<string, unknown> = {}): string => json({ ver: '1.2.0', importer: 'directory', imported: true, uuid, files: [], subMetas: {}, userData });

/** PixelCollider.ts.meta's uuid, compressed as a scene names the component's class. */
const PIXEL_COLLIDER = '18293Zl3ThDf4R51DyHXkkH';

/** A scene: one node per frame in `frames`, each with a Sprite and a PixelCollider. */
export function sceneJson(name: string, sceneUuid: string, frames: readonly string[]): string {
    const objs: Record<string, unknown>[] = [];
    const add = (o: Record<string, unknown>): number => (objs.push(o), objs.length - 1);
    const ref = (i: number): { __id__: number } => ({ __id__: i });
    const vec3 = { __type__: 'cc.Vec3', x: 0, y: 0, z: 0 };
    add({ __type__: 'cc.SceneAsset', _name: name, _objFlags: 0, _native: '', scene: ref(1) });
    add({ __type__: 'cc.Scene', _name: name, _objFlags: 0, _parent: null, _children: [], _active: true, _components: [], _prefab: null, _id: sceneUuid });
    frames.forEach((f, i) => {
        const n = add({ __type__: 'cc.Node', _name: `n${i}`, _objFlags: 0, _parent: ref(1), _children: [], _active: true, _components: [], _prefab: null, _lpos: vec3, _id: `n${i}` });
        (objs[1]._children as unknown[]).push(ref(n));
        const s = add({ __type__: 'cc.Sprite', _name: '', node: ref(n), _enabled: true, _spriteFrame: { __uuid__: f, __expectedType__: 'cc.SpriteFrame' }, _type: 0, _sizeMode: 1 });
        const c = add({ __type__: PIXEL_COLLIDER, _name: '', node: ref(n), _enabled: true, _shape: 0, _alphaThreshold: 0, _mode: 2 });
        (objs[n]._components as unknown[]).push(ref(s), ref(c));
    });
    return JSON.stringify(objs, null, 2) + '\n';
}

/** Writes the project into `dir` (made empty first). */
export function generateSyntheticProject(dir: string, opts: SyntheticOptions): SyntheticProject {
    const r = rng(opts.seed ?? 1);
    const maxSide = opts.maxSide ?? 512;
    const every = opts.colliderEvery ?? 10;
    fs.rmSync(dir, { recursive: true, force: true });
    fs.mkdirSync(join(dir, 'assets'), { recursive: true });
    writeFile(join(dir, 'package.json'), json({ name: 'synthetic', creator: { version: '3.8.5' } }));
    if (opts.settings) writeFile(join(dir, 'settings/v2/packages/pixel-collision.json'), json(opts.settings));
    writeFile(join(dir, 'assets/art.meta'), folderMeta(uuidFrom(r)));
    const frames: SyntheticFrame[] = [];
    let pixels = 0;
    // Sizes first; frames up to 256 a side go to atlases 60 % of the time.
    const sizes: { w: number; h: number; atlas: boolean; bundle: boolean }[] = [];
    const bundleFrames = opts.bundleFrames ?? 0;
    for (let i = 0; i < opts.frames; i++) {
        const s = side(r, maxSide);
        const aspect = 0.5 + r();
        const w = Math.max(16, Math.min(maxSide, Math.round(s * Math.sqrt(aspect))));
        const h = Math.max(16, Math.min(maxSide, Math.round(s / Math.sqrt(aspect))));
        const bundle = i < bundleFrames;
        sizes.push({ w, h, atlas: !bundle && Math.max(w, h) <= 256 && r() < 0.6, bundle });
    }
    if (bundleFrames > 0) {
        writeFile(join(dir, 'assets/bundle-a.meta'), folderMeta(uuidFrom(r), { isBundle: true, bundleName: 'bundle-a', priority: 1 }));
    }
    const rgbaOf = (alpha: Uint8Array): Uint8Array => {
        const rgba = new Uint8Array(alpha.length * 4);
        for (let i = 0; i < alpha.length; i++) { rgba[i * 4] = 200; rgba[i * 4 + 1] = (i * 7) & 255; rgba[i * 4 + 2] = 90; rgba[i * 4 + 3] = alpha[i]; }
        return rgba;
    };
    // Single PNGs.
    sizes.forEach((s, i) => {
        if (s.atlas) return;
        const uuid = uuidFrom(r);
        const border = r() < 0.3 ? 1 + Math.floor(r() * 6) : 0;
        const W = s.w + border * 2, H = s.h + border * 2;
        const alpha = new Uint8Array(W * H);
        const a = spriteAlpha(s.w, s.h, r);
        for (let y = 0; y < s.h; y++) alpha.set(a.subarray(y * s.w, (y + 1) * s.w), (y + border) * W + border);
        const folder = s.bundle ? 'assets/bundle-a/sprites' : `assets/art/sprites-${Math.floor(i / 500)}`;
        const png = `${folder}/s${i}.png`;
        writeFile(join(dir, png), pngBytes(rgbaOf(alpha), W, H));
        // Creator trims to the opaque bounds (trimThreshold 1): the meta holds the trimmed rect.
        let x0 = W, y0 = H, x1 = -1, y1 = -1;
        for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) if (alpha[y * W + x] >= 1) { x0 = Math.min(x0, x); x1 = Math.max(x1, x); y0 = Math.min(y0, y); y1 = Math.max(y1, y); }
        if (x1 < 0) { x0 = 0; y0 = 0; x1 = W - 1; y1 = H - 1; }
        const f = { x: x0, y: y0, w: x1 - x0 + 1, h: y1 - y0 + 1 };
        writeFile(join(dir, png + '.meta'), json(imageMeta(uuid, `s${i}`, frameUserData(f.x, f.y, f.w, f.h, W, H, false, `${uuid}@6c48a`, ''))));
        frames.push({ uuid: `${uuid}@f9941`, png, ...f, rotated: false, collider: i % every === 0, bundle: s.bundle });
        pixels += W * H;
    });
    for (const f of ['assets/art', 'assets/bundle-a']) {
        if (!fs.existsSync(join(dir, f))) continue;
        for (const sub of fs.readdirSync(join(dir, f))) {
            if (fs.statSync(join(dir, f, sub)).isDirectory() && !fs.existsSync(join(dir, f, sub + '.meta'))) writeFile(join(dir, f, sub + '.meta'), folderMeta(uuidFrom(r)));
        }
    }
    // Atlases: shelf packing into 1024² pages.
    const PAGE = 1024;
    const atlasIdx = sizes.map((s, i) => (s.atlas ? i : -1)).filter((i) => i >= 0).sort((a, b) => sizes[b].h - sizes[a].h || a - b);
    let page = 0;
    while (atlasIdx.length) {
        const placed: { i: number; x: number; y: number; w: number; h: number; rotated: boolean }[] = [];
        let x = 0, y = 0, shelf = 0;
        while (atlasIdx.length) {
            const i = atlasIdx[0];
            const rotated = r() < 0.2;
            const sw = rotated ? sizes[i].h : sizes[i].w, sh = rotated ? sizes[i].w : sizes[i].h;
            if (x + sw > PAGE) { x = 0; y += shelf + 2; shelf = 0; }
            if (y + sh > PAGE) break;
            placed.push({ i, x, y, w: sizes[i].w, h: sizes[i].h, rotated });
            x += sw + 2;
            shelf = Math.max(shelf, sh);
            atlasIdx.shift();
        }
        const W = PAGE, H = Math.min(PAGE, y + shelf);
        const alpha = new Uint8Array(W * H);
        for (const p of placed) {
            const a = spriteAlpha(p.w, p.h, r);
            for (let j = 0; j < p.h; j++) {
                for (let i = 0; i < p.w; i++) {
                    // stored rotated 90° clockwise: upright (i, j) is at (x + h - 1 - j, y + i)
                    const tx = p.rotated ? p.x + p.h - 1 - j : p.x + i, ty = p.rotated ? p.y + i : p.y + j;
                    alpha[ty * W + tx] = a[j * p.w + i];
                }
            }
        }
        const base = `assets/art/atlases/atlas-${page}`;
        const pngUuid = uuidFrom(r), plistUuid = uuidFrom(r);
        writeFile(join(dir, base + '.png'), pngBytes(rgbaOf(alpha), W, H));
        writeFile(join(dir, base + '.png.meta'), json(imageMeta(pngUuid, `atlas-${page}`, null)));
        writeFile(join(dir, base + '.plist'), '<?xml version="1.0" encoding="UTF-8"?>\n<plist version="1.0"><dict><key>frames</key><dict/></dict></plist>\n');
        const subMetas: Record<string, unknown> = {};
        placed.forEach((p, k) => {
            const id = (0x10000 + page * 4096 + k).toString(16).slice(-5);
            subMetas[id] = { ver: '1.0.12', importer: 'sprite-frame', uuid: `${plistUuid}@${id}`, imported: true, files: ['.json'], subMetas: {},
                userData: frameUserData(p.x, p.y, p.w, p.h, p.w, p.h, p.rotated, `${pngUuid}@6c48a`, plistUuid), displayName: '', id, name: `f${p.i}` };
            frames.push({ uuid: `${plistUuid}@${id}`, png: base + '.png', x: p.x, y: p.y, w: p.w, h: p.h, rotated: p.rotated, collider: p.i % every === 0, bundle: false });
        });
        writeFile(join(dir, base + '.plist.meta'), json({ ver: '1.0.8', importer: 'sprite-atlas', imported: true, uuid: plistUuid, files: ['.json'], subMetas,
            userData: { atlasTextureName: `atlas-${page}.png`, size: { width: W, height: H }, uuid: plistUuid, textureUuid: `${pngUuid}@6c48a`, format: 3 } }));
        pixels += W * H;
        page++;
    }
    if (fs.existsSync(join(dir, 'assets/art/atlases'))) writeFile(join(dir, 'assets/art/atlases.meta'), folderMeta(uuidFrom(r)));
    const used = frames.filter((f) => f.collider).map((f) => f.uuid);
    writeFile(join(dir, 'assets/main.scene'), sceneJson('main', uuidFrom(r), used));
    writeFile(join(dir, 'assets/main.scene.meta'), json({ ver: '1.1.50', importer: 'scene', imported: true, uuid: uuidFrom(r), files: ['.json'], subMetas: {}, userData: {} }));
    return { dir, frames, pixels };
}

if (require.main === module) {
    const dir = process.argv[2];
    if (!dir) { console.error('Usage: npx tsx bench/bake/synthetic-project.ts <dir> [frames]'); process.exit(2); }
    const t = Date.now();
    const p = generateSyntheticProject(dir, { frames: Number(process.argv[3] ?? 10000) });
    console.log(`${p.frames.length} frames, ${(p.pixels / 1e6).toFixed(1)} Mpx, in ${((Date.now() - t) / 1000).toFixed(1)} s: ${dir}`);
}
