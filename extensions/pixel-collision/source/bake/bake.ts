/**
 * The bake: project files in, the runtime's mask library out (see index.ts).
 *
 * Incremental: `temp/pixel-collision/bake-cache.json` keeps, per file, its size, mtime and
 * content hash (PNGs) or what it says (metas, scenes, prefabs), and the baked masks by PNG content
 * hash, frame rect and threshold. A file whose size and mtime are unchanged is not read again; a
 * PNG is decoded only when one of the masks wanted from it is not in the cache.
 *
 * Deterministic: the library lists its entries sorted (frame uuid, then threshold) with keys in a
 * fixed order, so the same project gives the same bytes.
 */
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { PNG } from 'pngjs';
import { BitMask, encodeBase64 } from '../../assets/core/index';
import type { BakedMaskEntry } from '../../assets/core/index';
import { renderLibraryScript, parseLibraryScript, scriptMeta, folderMeta } from './output';
import { summarizeMeta, thresholdsInAsset, walkFiles } from './project';
import type { FrameInfo, ImageInfo, MetaSummary, Problem } from './project';
import { CACHE_FILE, CONFIG_FILE, DEFAULT_OUT } from './types';
import type { BakeOptions, BakeReport } from './types';

const CACHE_VERSION = 1;

interface FileStamp { size: number; mtimeMs: number }
interface PngRecord extends FileStamp { hash: string; width: number; height: number }
interface MetaRecord extends FileStamp { summary: MetaSummary | { kind: 'error'; message: string } }
interface AssetRecord extends FileStamp { thresholds: number[] | null; error?: string }
interface Cache {
    version: number;
    pngs: Record<string, PngRecord>;
    metas: Record<string, MetaRecord>;
    assets: Record<string, AssetRecord>;
    /** PNG content hash -> `x,y,w,h,rotated|threshold` -> base64 mask. */
    masks: Record<string, Record<string, string>>;
}

/** Bakes every sprite frame of the project (see index.ts). */
export function bakeProject(projectDir: string, options: BakeOptions = {}): Promise<BakeReport> {
    return run(projectDir, options, null);
}

/**
 * Bakes the given sprite frames (by SpriteFrame uuid) into the project's library, keeping the
 * other frames' entries. An unknown uuid is reported as an error.
 */
export function bakeFrames(projectDir: string, frameUuids: string[], options: BakeOptions = {}): Promise<BakeReport> {
    return run(projectDir, options, new Set(frameUuids));
}

/** A one-line summary of a report (the CLI's last line). */
export function formatSummary(r: BakeReport): string {
    return `${r.framesBaked} frame(s), ${r.masks} mask(s) at threshold(s) ${r.thresholds.join(', ')}; `
        + `${r.texturesRead} texture(s) read, ${r.texturesSkipped} unchanged; ${r.errors.length} error(s)`;
}

async function run(projectDir: string, options: BakeOptions, only: Set<string> | null): Promise<BakeReport> {
    const root = resolve(projectDir);
    if (!isDir(join(root, 'assets'))) {
        throw new Error(`${root} is not a Cocos Creator project (it has no assets/ folder). Pass the project's folder.`);
    }
    const say = options.onProgress ?? ((): void => undefined);
    const errors: Problem[] = [];
    const fail = (file: string, message: string): void => { errors.push({ file, message }); say(`error ${file}: ${message}`); };

    const cachePath = join(root, CACHE_FILE);
    const cache = options.force ? emptyCache() : loadCache(cachePath);
    const next: Cache = { version: CACHE_VERSION, pngs: {}, metas: {}, assets: {}, masks: only ? { ...cache.masks } : {} };

    // Config and thresholds.
    const config = readConfig(root, fail);
    const out = options.out ?? config.out ?? DEFAULT_OUT;
    const thresholdSet = new Set<number>();
    const check = (list: readonly number[], source: string): void => {
        for (const t of list) {
            if (Number.isInteger(t) && t >= 0 && t <= 255) thresholdSet.add(t);
            else fail(source, `threshold ${String(t)} is not an integer 0-255; left out.`);
        }
    };
    check(config.thresholds ?? [0], CONFIG_FILE);
    check(options.thresholds ?? [], '(option --threshold)');
    const files = walkFiles(root, 'assets');
    for (const rel of files) {
        if (!rel.endsWith('.scene') && !rel.endsWith('.prefab')) continue;
        const rec = cachedAsset(root, rel, cache, next);
        if (rec.error) fail(rel, rec.error);
        for (const t of rec.thresholds ?? []) thresholdSet.add(t);
    }
    if (thresholdSet.size === 0) thresholdSet.add(0);
    const thresholds = [...thresholdSet].sort((a, b) => a - b);

    // Metas -> images and their frames.
    const images = collectImages(root, files, cache, next, fail);

    // Which frames.
    let selected = images;
    if (only) {
        const known = new Set<string>();
        selected = [];
        for (const img of images) {
            const frames = img.frames.filter((f) => only.has(f.uuid));
            frames.forEach((f) => known.add(f.uuid));
            if (frames.length) selected.push({ ...img, frames });
        }
        for (const u of [...only].sort()) if (!known.has(u)) fail(u, `no sprite frame with this uuid in a PNG or .plist atlas under assets/ (is it imported, and a PNG?).`);
    }

    // Masks.
    const entries: BakedMaskEntry[] = [];
    let texturesRead = 0, texturesSkipped = 0, framesBaked = 0;
    for (const img of selected) {
        await new Promise<void>((r) => setImmediate(r)); // keep the editor responsive between textures
        const got = maskImage(root, img, thresholds, cache, next, fail, options.force === true);
        if (!got) continue;
        if (got.decoded) texturesRead++; else texturesSkipped++;
        say(`${got.decoded ? 'read     ' : 'unchanged'} ${img.png} (${got.frames.length} frame(s) x ${thresholds.length} threshold(s))`);
        for (const { frame, masks } of got.frames) {
            framesBaked++;
            thresholds.forEach((threshold, k) => entries.push({
                uuid: frame.uuid, texture: frame.texture, rect: [frame.x, frame.y, frame.w, frame.h],
                rotated: frame.rotated, threshold, frame: frame.name, data: masks[k],
            }));
        }
    }

    // The library: for a partial bake, the other frames' entries stay.
    const outPath = join(root, out);
    if (only && fs.existsSync(outPath)) {
        try {
            const kept = parseLibraryScript(fs.readFileSync(outPath, 'utf8')).filter((e) => !e.uuid || !only.has(e.uuid));
            entries.push(...kept);
        } catch (err) {
            fail(out, `${(err as Error).message}; it is written again with these frames only. Bake the whole project to restore the others.`);
        }
    }
    entries.sort(compareEntries);
    let written = false;
    if (entries.length > 0 || fs.existsSync(outPath)) {
        const text = renderLibraryScript(entries, out);
        const old = fs.existsSync(outPath) ? fs.readFileSync(outPath, 'utf8') : null;
        if (old !== text) {
            fs.mkdirSync(dirname(outPath), { recursive: true });
            fs.writeFileSync(outPath, text);
            written = true;
        }
        writeIfMissing(outPath + '.meta', scriptMeta());
        const folder = dirname(outPath);
        if (folder !== join(root, 'assets')) writeIfMissing(folder + '.meta', folderMeta());
    }
    saveCache(cachePath, next, say);

    return {
        texturesRead, texturesSkipped, framesBaked, masks: entries.length, thresholds,
        output: outPath, written, errors,
    };
}

// ---- images and frames -----------------------------------------------------------------------

function collectImages(root: string, files: string[], cache: Cache, next: Cache, fail: (f: string, m: string) => void): ImageInfo[] {
    const fileSet = new Set(files);
    const byImage = new Map<string, ImageInfo>();
    const textureToImage = new Map<string, string>();
    const atlasFrames: { meta: string; texture: string; frames: MetaSummary & { kind: 'atlas' } }[] = [];
    for (const rel of files) {
        const isPng = rel.toLowerCase().endsWith('.png');
        const isPlist = rel.toLowerCase().endsWith('.plist');
        if (!isPng && !isPlist) continue;
        const metaRel = rel + '.meta';
        if (!fileSet.has(metaRel)) {
            fail(rel, 'no .meta file: Creator has not imported it yet. Open the project in Creator (or refresh the Assets panel), then bake again.');
            continue;
        }
        const summary = cachedMeta(root, metaRel, cache, next);
        if (summary.kind === 'error') { fail(metaRel, summary.message); continue; }
        if (isPng) {
            if (summary.kind !== 'image') {
                fail(metaRel, `unknown meta for a PNG (importer is not "image"; written by another Creator version?). Reimport it in Creator 3.8.`);
                continue;
            }
            byImage.set(summary.imageUuid, { png: rel, imageUuid: summary.imageUuid, metas: [metaRel], frames: [] });
            if (summary.texture) textureToImage.set(summary.texture, summary.imageUuid);
            atlasFrames.push({ meta: metaRel, texture: summary.texture, frames: { kind: 'atlas', texture: summary.texture, frames: summary.frames } });
        } else if (summary.kind === 'atlas') {
            atlasFrames.push({ meta: metaRel, texture: summary.texture, frames: summary });
        } else {
            fail(metaRel, 'unknown meta for a .plist (importer is not "sprite-atlas"). Only TexturePacker atlases (cocos2d-x plist, format 3) are read.');
        }
    }
    for (const { meta, texture, frames } of atlasFrames) {
        for (const raw of frames.frames) {
            const source = raw.source || texture;
            const at = source.indexOf('@');
            const imageUuid = at >= 0 ? source.slice(0, at) : source;
            const img = byImage.get(imageUuid);
            const tex = at >= 0 ? source : [...textureToImage].find(([, i]) => i === imageUuid)?.[0];
            if (!img || !tex) {
                fail(meta, `sprite frame "${raw.name}" (${raw.uuid}) shows texture ${source || '(none)'}, which is not a PNG under assets/ with a meta; frames of other images are not baked.`);
                continue;
            }
            if (!img.metas.includes(meta)) img.metas.push(meta);
            img.frames.push({ uuid: raw.uuid, name: raw.name, texture: tex, x: raw.x, y: raw.y, w: raw.w, h: raw.h, rotated: raw.rotated, meta });
        }
    }
    return [...byImage.values()].filter((i) => i.frames.length > 0).sort((a, b) => (a.png < b.png ? -1 : a.png > b.png ? 1 : 0));
}

interface ImageMasks { decoded: boolean; frames: { frame: FrameInfo; masks: string[] }[] }

/** The masks of one image's frames at every threshold, from the cache or by decoding the PNG. */
function maskImage(root: string, img: ImageInfo, thresholds: number[], cache: Cache, next: Cache,
    fail: (f: string, m: string) => void, force: boolean): ImageMasks | null {
    const abs = join(root, img.png);
    let stamp: FileStamp;
    try { stamp = statOf(abs); } catch (err) { fail(img.png, `cannot be read (${(err as Error).message}).`); return null; }
    let buf: Buffer | null = null;
    let rec = cache.pngs[img.png];
    if (!rec || rec.size !== stamp.size || rec.mtimeMs !== stamp.mtimeMs) {
        try { buf = fs.readFileSync(abs); } catch (err) { fail(img.png, `cannot be read (${(err as Error).message}).`); return null; }
        const size = pngSize(buf);
        if (!size) { fail(img.png, 'is not a PNG file (bad signature or header). Export it again as PNG.'); return null; }
        rec = { ...stamp, hash: createHash('sha256').update(buf).digest('hex'), width: size.w, height: size.h };
    }
    next.pngs[img.png] = rec;
    const frames = img.frames.filter((f) => {
        const sw = f.rotated ? f.h : f.w, sh = f.rotated ? f.w : f.h;
        if (f.w <= 0 || f.h <= 0 || f.x + sw > rec!.width || f.y + sh > rec!.height) {
            fail(f.meta, `sprite frame "${f.name}" (${f.uuid}): its rect ${f.x},${f.y} ${sw}x${sh}${f.rotated ? ' (rotated)' : ''} is outside its texture ${img.png} (${rec!.width}x${rec!.height}). Reimport the image or atlas in Creator.`);
            return false;
        }
        return true;
    });
    if (!frames.length) return null;
    const cached = cache.masks[rec.hash] ?? {};
    const keys = frames.map((f) => thresholds.map((t) => maskKey(f, t)));
    const store = (next.masks[rec.hash] ??= {});
    const all = keys.every((ks) => ks.every((k) => k in cached));
    if (all && !force) {
        keys.forEach((ks) => ks.forEach((k) => { store[k] = cached[k]; }));
        return { decoded: false, frames: frames.map((frame, i) => ({ frame, masks: keys[i].map((k) => cached[k]) })) };
    }
    let png: PNG;
    try {
        buf ??= fs.readFileSync(abs);
        png = PNG.sync.read(buf);
    } catch (err) {
        fail(img.png, `cannot be decoded as PNG (${(err as Error).message}). Export it again as PNG.`);
        delete next.pngs[img.png];
        return null;
    }
    const pixels = new Uint8Array(png.data.buffer, png.data.byteOffset, png.data.byteLength);
    const result: ImageMasks = { decoded: true, frames: [] };
    frames.forEach((frame, i) => {
        const masks = thresholds.map((threshold, k) => {
            const mask = BitMask.fromRGBA(pixels, png.width, png.height, {
                threshold, rotated: frame.rotated, rect: { x: frame.x, y: frame.y, width: frame.w, height: frame.h },
            });
            const data = encodeBase64(mask.serialize());
            store[keys[i][k]] = data;
            return data;
        });
        result.frames.push({ frame, masks });
    });
    return result;
}

function maskKey(f: FrameInfo, threshold: number): string {
    return `${f.x},${f.y},${f.w},${f.h},${f.rotated ? 1 : 0}|${threshold}`;
}

/** Width and height from a PNG's IHDR chunk (the first chunk), or null when it is not a PNG. */
function pngSize(buf: Buffer): { w: number; h: number } | null {
    const SIG = [137, 80, 78, 71, 13, 10, 26, 10];
    if (buf.length < 24 || SIG.some((b, i) => buf[i] !== b) || buf.toString('latin1', 12, 16) !== 'IHDR') return null;
    return { w: buf.readUInt32BE(16), h: buf.readUInt32BE(20) };
}

// ---- cached reads of metas, scenes and prefabs ------------------------------------------------

function cachedMeta(root: string, rel: string, cache: Cache, next: Cache): MetaRecord['summary'] {
    const abs = join(root, rel);
    let stamp: FileStamp;
    try { stamp = statOf(abs); } catch (err) { return { kind: 'error', message: `cannot be read (${(err as Error).message}).` }; }
    const old = cache.metas[rel];
    if (old && old.size === stamp.size && old.mtimeMs === stamp.mtimeMs) { next.metas[rel] = old; return old.summary; }
    let summary: MetaRecord['summary'];
    try {
        summary = summarizeMeta(JSON.parse(fs.readFileSync(abs, 'utf8')), rel);
    } catch (err) {
        const m = (err as Error).message;
        summary = { kind: 'error', message: err instanceof SyntaxError ? `is not valid JSON (${m}); let Creator write it again (delete it and reimport).` : m };
    }
    next.metas[rel] = { ...stamp, summary };
    return summary;
}

function cachedAsset(root: string, rel: string, cache: Cache, next: Cache): AssetRecord {
    const abs = join(root, rel);
    let stamp: FileStamp;
    try { stamp = statOf(abs); } catch (err) { return { size: 0, mtimeMs: 0, thresholds: null, error: `cannot be read (${(err as Error).message}).` }; }
    const old = cache.assets[rel];
    if (old && old.size === stamp.size && old.mtimeMs === stamp.mtimeMs) { next.assets[rel] = old; return old; }
    let rec: AssetRecord;
    try {
        rec = { ...stamp, thresholds: [...new Set(thresholdsInAsset(fs.readFileSync(abs, 'utf8'), rel))] };
    } catch (err) {
        rec = { ...stamp, thresholds: null, error: `${(err as Error).message} Its colliders' thresholds are not known; add them to ${CONFIG_FILE} or pass --threshold.` };
    }
    next.assets[rel] = rec;
    return rec;
}

function statOf(abs: string): FileStamp {
    const st = fs.statSync(abs);
    return { size: st.size, mtimeMs: st.mtimeMs };
}

function emptyCache(): Cache {
    return { version: CACHE_VERSION, pngs: {}, metas: {}, assets: {}, masks: {} };
}

function loadCache(path: string): Cache {
    try {
        const c = JSON.parse(fs.readFileSync(path, 'utf8')) as Cache;
        if (c && c.version === CACHE_VERSION && c.pngs && c.metas && c.assets && c.masks) return c;
    } catch { /* no cache yet, or unreadable: start over */ }
    return emptyCache();
}

function saveCache(path: string, cache: Cache, say: (line: string) => void): void {
    try {
        fs.mkdirSync(dirname(path), { recursive: true });
        fs.writeFileSync(path, JSON.stringify(cache));
    } catch (err) {
        say(`note: the bake cache could not be saved (${(err as Error).message}); the next bake reads every image again.`);
    }
}

// ---- config and output ------------------------------------------------------------------------

interface Config { thresholds?: number[]; out?: string }

function readConfig(root: string, fail: (f: string, m: string) => void): Config {
    const abs = join(root, CONFIG_FILE);
    if (!fs.existsSync(abs)) return {};
    try {
        const c = JSON.parse(fs.readFileSync(abs, 'utf8')) as Record<string, unknown>;
        const out: Config = {};
        if (c.thresholds !== undefined) {
            if (!Array.isArray(c.thresholds)) throw new Error('"thresholds" must be an array of integers 0-255');
            out.thresholds = c.thresholds as number[];
        }
        if (c.out !== undefined) {
            if (typeof c.out !== 'string' || !c.out.startsWith('assets/') || !c.out.endsWith('.ts')) throw new Error('"out" must be a path like "assets/<folder>/<name>.ts"');
            out.out = c.out;
        }
        return out;
    } catch (err) {
        fail(CONFIG_FILE, `${(err as Error).message}; using the defaults.`);
        return {};
    }
}

function compareEntries(a: BakedMaskEntry, b: BakedMaskEntry): number {
    const ka = a.uuid ?? '', kb = b.uuid ?? '';
    if (ka !== kb) return ka < kb ? -1 : 1;
    if (a.texture !== b.texture) return a.texture < b.texture ? -1 : 1;
    for (let i = 0; i < 4; i++) if (a.rect[i] !== b.rect[i]) return a.rect[i] - b.rect[i];
    return a.threshold - b.threshold;
}

function writeIfMissing(path: string, text: string): void {
    if (!fs.existsSync(path)) fs.writeFileSync(path, text);
}

function isDir(p: string): boolean {
    try { return fs.statSync(p).isDirectory(); } catch { return false; }
}
