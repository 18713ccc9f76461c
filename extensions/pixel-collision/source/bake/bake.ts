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
import { dirname, join, relative, resolve, sep } from 'node:path';
import { BitMask, encodeMaskCode } from '../../assets/core/index';
import { renderLibraryScript, parseLibraryScript, scriptMeta, folderMeta } from './output';
import type { LibraryEntry } from './output';
import { framesUsedInAsset, imageKindOf, includeMatcher, overrideShown, spriteFramesInClip, summarizeMeta, thresholdsInAsset, walkFiles } from './project';
import type { AssetUse, FrameInfo, FrameOverride, ImageInfo, MetaSummary, PageInfo, PrefabIndex, Problem, SkeletonFormat } from './project';
import { dragonBonesImagePath, findSpineAtlas, pageImage, skeletonPages, spineAtlasPages } from './skeletons';
import { CACHE_FILE, CONFIG_FILE, DEFAULT_OUT } from './types';
import type { BakeOptions, BakeReport, KeptMasks, LeftOutFrame, LibraryState } from './types';
import { BakeFailure, describeIoError } from './errors';
import { resolveOutput } from './paths';
import { decodePng, inspectPng, PngProblem } from './png';
import { inspectJpeg } from './jpeg';
import { writeFileAtomic } from './write';

/**
 * 2: 16-bit PNGs' alpha by its high byte (version 1 cached rounded masks). 3: masks as codes
 * (core/mask-code.ts), scenes' frames. 5: skeleton metas, scenes' skeletons, atlas texts (a
 * version 4 cache keeps its PNGs and masks: see loadCache).
 */
const CACHE_VERSION = 5;

interface FileStamp { size: number; mtimeMs: number }
interface PngRecord extends FileStamp { hash: string; width: number; height: number }
interface MetaRecord extends FileStamp { summary: MetaSummary | { kind: 'error'; message: string } }
interface AssetRecord extends FileStamp { thresholds: number[] | null; uses?: AssetUse; error?: string }
/** A skeleton's atlas text (Spine `.atlas`, DragonBones `_tex.json`): its page names, or why it cannot be read. */
interface TextRecord extends FileStamp { pages?: string[]; error?: string }
interface Cache {
    version: number;
    pngs: Record<string, PngRecord>;
    metas: Record<string, MetaRecord>;
    assets: Record<string, AssetRecord>;
    texts: Record<string, TextRecord>;
    /** PNG content hash -> `x,y,w,h,rotated|threshold` -> mask code (core/mask-code.ts). */
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
    const kept = r.kept.reduce((n, k) => n + k.masks, 0);
    return `${r.framesBaked} frame(s)${r.pages ? ` and ${r.pages} skeleton atlas page(s)` : ''}, ${r.masks} mask(s) at threshold(s) ${r.thresholds.join(', ')}; `
        + `${r.texturesRead} texture(s) read, ${r.texturesSkipped} unchanged`
        + (r.unreadable.length ? `, ${r.unreadable.length} unreadable (${kept} mask(s) kept from the previous library)` : '')
        + `; ${r.errors.length} error(s)`;
}

/**
 * The project's `"onUnreadable"` setting (`"keep"` when it is missing or invalid): what a bake
 * does when source images cannot be read.
 */
export function onUnreadableSetting(projectDir: string): 'keep' | 'fail' {
    return readConfig(resolve(projectDir), () => undefined).onUnreadable ?? 'keep';
}

async function run(projectDir: string, options: BakeOptions, only: Set<string> | null): Promise<BakeReport> {
    const root = resolve(projectDir);
    if (!isDir(join(root, 'assets'))) {
        throw new BakeFailure('usage', `${root} is not a Cocos Creator project (it has no assets/ folder). Pass the project's folder.`);
    }
    const say = options.onProgress ?? ((): void => undefined);
    const errors: Problem[] = [];
    const fail = (file: string, message: string): void => { errors.push({ file, message }); say(`error ${file}: ${message}`); };

    const cachePath = join(root, CACHE_FILE);
    const cache = options.force ? emptyCache() : loadCache(cachePath);
    const next: Cache = { version: CACHE_VERSION, pngs: {}, metas: {}, assets: {}, texts: only ? { ...cache.texts } : {}, masks: only ? { ...cache.masks } : {} };

    // Config and thresholds.
    const config = readConfig(root, fail);
    // Refused before anything is read or written when it would lead out of assets/.
    const outPath = options.out !== undefined ? resolveOutput(root, options.out, 'the output path (--out)')
        : resolveOutput(root, config.out ?? DEFAULT_OUT, config.out !== undefined ? `"out" in ${CONFIG_FILE}` : 'the default output path');
    const out = relative(root, outPath).split(sep).join('/');
    const thresholdSet = new Set<number>();
    const check = (list: readonly number[], source: string): void => {
        for (const t of list) {
            if (Number.isInteger(t) && t >= 0 && t <= 255) thresholdSet.add(t);
            else fail(source, `threshold ${String(t)} is not an integer 0-255; left out.`);
        }
    };
    check(config.thresholds ?? [0], CONFIG_FILE);
    check(options.thresholds ?? [], '(option --threshold)');
    // Folders that cannot be listed and metas that cannot be read: what they declare is not known
    // this time, so the previous library's masks of frames not seen are kept (or the bake stops).
    const unknown: string[] = [];
    const files = walkFiles(root, 'assets', undefined, (rel, err) => {
        unknown.push(rel);
        fail(rel, `this folder cannot be read: ${describeIoError(err)}. Bake again once it can be read.`);
    });
    const shown = new Set<string>(), clips = new Set<string>();
    const overrides: FrameOverride[] = [];
    const prefabIndex = new Map<string, PrefabIndex>();
    for (const rel of files) {
        if (!rel.endsWith('.scene') && !rel.endsWith('.prefab')) continue;
        const rec = cachedAsset(root, rel, cache, next);
        if (rec.error) fail(rel, rec.error);
        for (const t of rec.thresholds ?? []) thresholdSet.add(t);
        for (const f of rec.uses?.frames ?? []) shown.add(f);
        for (const c of rec.uses?.clips ?? []) clips.add(c);
        for (const k of rec.uses?.skeletons ?? []) shown.add(k);
        overrides.push(...(rec.uses?.overrides ?? []));
        if (rel.endsWith('.prefab') && rec.uses?.index) {
            const meta = cachedMeta(root, rel + '.meta', cache, next);
            if (meta.kind === 'other' && meta.uuid) prefabIndex.set(meta.uuid, rec.uses.index);
        }
    }
    // A prefab instance's sprite-frame override counts only on a node that has (or is given) a PixelCollider.
    for (const o of overrides) if (!shown.has(o.frame) && overrideShown(o, (u) => prefabIndex.get(u) ?? null)) shown.add(o.frame);
    if (thresholdSet.size === 0) thresholdSet.add(0);
    const thresholds = [...thresholdSet].sort((a, b) => a - b);

    // Metas -> images and their frames.
    const allImages = new Map<string, ImageInfo>();
    const images = collectImages(root, files, cache, next, fail, unknown, allImages);

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
    // By default only the frames PixelColliders can show (see selectFrames).
    let leftOut: LeftOutFrame[] = [];
    if (!only && !options.all && !config.bakeAll) {
        readClipFrames(root, files, clips, shown, fail);
        const picked = selectFrames(images, files, shown, config.include ?? []);
        selected = picked.images;
        leftOut = picked.leftOut;
    }
    // Whole atlas pages of the Spine and DragonBones characters colliders show (or "include" / "bakeAll" asks for).
    const pagesWanted = only ? [] : skeletonPagesToBake(root, files, cache, next, fail, unknown, allImages, shown,
        options.all === true || config.bakeAll === true, config.include ?? []);
    if (pagesWanted.length) {
        const byPath = new Map(selected.map((i) => [i.png, i] as [string, ImageInfo]));
        for (const { img, page } of pagesWanted) byPath.set(img.png, { ...(byPath.get(img.png) ?? { ...img, frames: [] }), page });
        selected = [...byPath.values()].sort(byPng);
    }
    // Where each frame's masks go: the library of the Asset Bundle its meta lies in, else the main one.
    const bundles = bundleFolders(root, files, cache, next, dirname(out));
    const outputFor = (metaRel: string): string => {
        for (const b of bundles) if (metaRel.startsWith(b + '/')) return `${b}/${BUNDLE_OUT}`;
        return out;
    };
    const target = new Map<string, string>();
    for (const img of images) for (const f of img.frames) target.set(f.uuid, outputFor(f.meta));
    // A page's entry (no frame uuid) goes with its image.
    const pageTarget = new Map<string, string>();
    for (const { img, page } of pagesWanted) pageTarget.set(page.texture, outputFor(img.png + '.meta'));

    // Masks.
    const entries: LibraryEntry[] = [];
    let texturesRead = 0, texturesSkipped = 0, framesBaked = 0, pagesBaked = 0;
    const lost: ImageInfo[] = [];
    for (const img of selected) {
        await new Promise<void>((r) => setImmediate(r)); // keep the editor responsive between textures
        if (img.missing) fail(img.metas[0], `its image ${img.png} is missing: only the .meta is in the project (deleted, or not checked out?), so ${img.frames.length ? `the ${img.frames.length} frame(s) it declares` : ''}${img.frames.length && img.page ? ' and ' : ''}${img.page ? `the atlas page of ${img.page.from.join(', ')}` : ''} cannot be baked. Restore the image, or delete the asset in Creator if it is gone for good.`);
        const got = img.missing ? 'unreadable' : maskImage(root, img, thresholds, cache, next, fail, options.force === true);
        if (got === 'unreadable') {
            lost.push(img);
            // Keep its cache entry too: the same file restored (e.g. by "git lfs pull") is hashed, not decoded.
            const old = cache.pngs[img.png];
            if (old) { next.pngs[img.png] = old; if (cache.masks[old.hash]) next.masks[old.hash] = { ...cache.masks[old.hash], ...next.masks[old.hash] }; }
            continue;
        }
        if (!got) continue;
        if (got.decoded) texturesRead++; else texturesSkipped++;
        const nFrames = got.frames.filter((f) => !f.frame.page).length;
        const whole = got.frames.length > nFrames;
        say(`${got.decoded ? 'read     ' : 'unchanged'} ${img.png} (${whole && !nFrames ? 'whole page' : `${nFrames} frame(s)${whole ? ' + whole page' : ''}`} x ${thresholds.length} threshold(s))`);
        for (const { frame, masks } of got.frames) {
            if (frame.page) pagesBaked++; else framesBaked++;
            thresholds.forEach((threshold, k) => entries.push(frame.page
                ? { texture: frame.texture, rect: [frame.x, frame.y, frame.w, frame.h], rotated: false, threshold, code: masks[k] }
                : {
                    uuid: frame.uuid, texture: frame.texture, rect: [frame.x, frame.y, frame.w, frame.h],
                    rotated: frame.rotated, threshold, frame: frame.name, code: masks[k],
                }));
        }
    }

    // Images that could not be read: stop before writing anything ("onUnreadable": "fail"), or
    // keep their frames' masks from the previous library (the default), never drop them.
    if ((lost.length || unknown.length) && config.onUnreadable === 'fail') {
        const names = [...unknown, ...lost.map((i) => i.png)];
        throw new BakeFailure('unreadable', `${names.length} image(s) could not be read (${names.slice(0, 5).join(', ')}${names.length > 5 ? ', ...' : ''}); nothing was written, as "onUnreadable": "fail" in ${CONFIG_FILE} asks. Fix the files listed above and bake again.`, names[0]);
    }
    const kept: KeptMasks[] = [];
    // The library: for a partial bake, the other frames' entries stay.
    const outputs = [...new Set([out, ...bundles.map((b) => `${b}/${BUNDLE_OUT}`)])];
    const existing = outputs.filter((o) => fs.existsSync(join(root, o)));
    if ((only || lost.length || unknown.length) && existing.length) {
        try {
            const previous: LibraryEntry[] = [];
            for (const o of existing) {
                for (const e of parseLibraryScript(fs.readFileSync(join(root, o), 'utf8'))) {
                    if (e.uuid && !target.has(e.uuid)) target.set(e.uuid, o);
                    if (!e.uuid && !pageTarget.has(e.texture)) pageTarget.set(e.texture, o);
                    previous.push(e);
                }
            }
            if (only) entries.push(...previous.filter((e) => !e.uuid || !only.has(e.uuid)));
            const wanted = new Set(thresholds);
            for (const img of lost) {
                const uuids = new Set(img.frames.map((f) => f.uuid));
                const page = img.page?.texture;
                const mine = previous.filter((e) => (e.uuid ? uuids.has(e.uuid) && (!only || only.has(e.uuid)) : isPageEntry(e, page)) && wanted.has(e.threshold));
                if (!mine.length) continue;
                entries.push(...mine);
                const k = { file: img.png, frames: countFrames(mine), masks: mine.length };
                kept.push(k);
                say(`kept      ${img.png}: ${k.masks} mask(s) of ${keptWhat(mine)} from the previous library, because the file could not be read this time`);
            }
            if (unknown.length) {
                // Frames no meta declared this time: they may be behind what could not be read.
                const seen = new Set<string>();
                for (const img of images) for (const f of img.frames) seen.add(f.uuid);
                for (const e of entries) if (e.uuid) seen.add(e.uuid);
                // pages: those of textures no skeleton baked this time
                const pages = new Set<string>();
                for (const p of pagesWanted) pages.add(p.page.texture);
                for (const e of entries) if (!e.uuid) pages.add(e.texture);
                const mine = previous.filter((e) => (e.uuid ? !seen.has(e.uuid) && (!only || only.has(e.uuid)) : !only && !pages.has(e.texture) && isPageEntry(e, e.texture))
                    && wanted.has(e.threshold));
                if (mine.length) {
                    entries.push(...mine);
                    const k = { file: unknown.join(', '), frames: countFrames(mine), masks: mine.length };
                    kept.push(k);
                    say(`kept      ${k.file}: ${k.masks} mask(s) of ${keptWhat(mine)} no readable meta declares, from the previous library, because ${unknown.length > 1 ? 'these' : 'this'} could not be read this time`);
                }
            }
        } catch (err) {
            if (only) fail(out, `${(err as Error).message}; it is written again with these frames only. Bake the whole project to restore the others.`);
            else fail(out, `${(err as Error).message}; the masks of the images that could not be read cannot be kept from it.`);
        }
    }
    dropSamePages(entries);
    entries.sort(compareEntries);
    // One library per output: the main one, and one inside each Asset Bundle that has frames (or had a library).
    const byOutput = new Map<string, LibraryEntry[]>();
    for (const e of entries) {
        const o = (e.uuid ? target.get(e.uuid) : pageTarget.get(e.texture)) || out;
        let list = byOutput.get(o);
        if (!list) { list = []; byOutput.set(o, list); }
        list.push(e);
    }
    let written = false;
    const written_: string[] = [];
    const libraries: LibraryState[] = [];
    for (const o of outputs) {
        const list = byOutput.get(o) ?? [];
        const abs = o === out ? outPath : resolveOutput(root, o, `the library of the Asset Bundle ${dirname(o)}`);
        if (list.length === 0 && !fs.existsSync(abs)) continue;
        const text = renderLibraryScript(list, o);
        const old = fs.existsSync(abs) ? fs.readFileSync(abs, 'utf8') : null;
        if (old !== text) {
            writeFileAtomic(abs, text, o);
            written = true;
        }
        written_.push(abs);
        libraries.push({ path: abs, state: old !== text ? 'wrote' : 'up to date', masks: list.length });
        writeIfMissing(abs + '.meta', scriptMeta(o), o + '.meta');
        const folder = dirname(abs);
        const folderRel = dirname(o);
        if (folder !== join(root, 'assets')) writeIfMissing(folder + '.meta', folderMeta(folderRel), folderRel + '.meta');
    }
    saveCache(cachePath, next, say);

    return {
        texturesRead, texturesSkipped, framesBaked, pages: pagesBaked, masks: entries.length, thresholds,
        output: outPath, written, errors, kept, unreadable: [...unknown, ...lost.map((i) => i.png)], leftOut, outputs: written_, libraries,
    };
}

// ---- images and frames -----------------------------------------------------------------------

/**
 * `unknown` collects the metas that cannot be read or understood (their frames are not known this
 * time); `all` receives every image with a usable meta by its path (with or without frames).
 */
function collectImages(root: string, files: string[], cache: Cache, next: Cache, fail: (f: string, m: string) => void, unknown: string[], all: Map<string, ImageInfo>): ImageInfo[] {
    const fileSet = new Set(files);
    const byImage = new Map<string, ImageInfo>();
    const textureToImage = new Map<string, string>();
    const atlasFrames: { meta: string; texture: string; frames: MetaSummary & { kind: 'atlas' } }[] = [];
    for (const file of files) {
        // An image's meta whose image is gone (deleted while its .meta stays): its frames are
        // known, its pixels not; it is handled as an image that cannot be read (see run()).
        const orphan = file.endsWith('.meta') && imageKindOf(file.slice(0, -5)) !== null && !fileSet.has(file.slice(0, -5));
        const rel = orphan ? file.slice(0, -5) : file;
        const kind = imageKindOf(rel);
        const isPlist = rel.toLowerCase().endsWith('.plist');
        if (!kind && !isPlist) continue; // (a meta whose image is there: kind is null, its image is read instead)
        const metaRel = rel + '.meta';
        if (!fileSet.has(metaRel)) {
            fail(rel, 'no .meta file: Creator has not imported it yet. Open the project in Creator (or refresh the Assets panel), then bake again.');
            continue;
        }
        const summary = cachedMeta(root, metaRel, cache, next);
        if (summary.kind === 'error') { fail(metaRel, summary.message); unknown.push(metaRel); continue; }
        if (kind) {
            if (summary.kind !== 'image') {
                fail(metaRel, `unknown meta for an image (importer is not "image"; written by another Creator version?). Reimport it in Creator 3.8.`);
                continue;
            }
            byImage.set(summary.imageUuid, { png: rel, kind, missing: orphan, imageUuid: summary.imageUuid, texture: summary.texture, metas: [metaRel], frames: [] });
            if (summary.texture) textureToImage.set(summary.texture, summary.imageUuid);
            atlasFrames.push({ meta: metaRel, texture: summary.texture, frames: { kind: 'atlas', texture: summary.texture, frames: summary.frames } });
        } else if (summary.kind === 'atlas') {
            atlasFrames.push({ meta: metaRel, texture: summary.texture, frames: summary });
        }
        // Any other .plist (a particle system, importer "particle"; data) has no sprite frames: skipped quietly.
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
    for (const img of byImage.values()) all.set(img.png, img);
    return [...byImage.values()].filter((i) => i.frames.length > 0).sort(byPng);
}

function byPng(a: ImageInfo, b: ImageInfo): number {
    return a.png < b.png ? -1 : a.png > b.png ? 1 : 0;
}

interface ImageMasks { decoded: boolean; frames: { frame: FrameInfo; masks: string[] }[] }

/**
 * The masks of one image's frames at every threshold, from the cache or by decoding the PNG;
 * `'unreadable'` when the PNG could not be read or decoded (reported with `fail`), null when none
 * of its frames can be baked.
 */
function maskImage(root: string, img: ImageInfo, thresholds: number[], cache: Cache, next: Cache,
    fail: (f: string, m: string) => void, force: boolean): ImageMasks | null | 'unreadable' {
    const abs = join(root, img.png);
    const kind = img.kind ?? 'png';
    if (kind === 'webp') {
        fail(img.png, 'is a WebP image, which the bake cannot read (its alpha decides the mask). Export it as PNG (or as JPEG if it has no transparency), reimport it in Creator, and bake again.');
        return 'unreadable';
    }
    let stamp: FileStamp;
    try { stamp = statOf(abs); } catch (err) { fail(img.png, `cannot be read: ${describeIoError(err)}.`); return 'unreadable'; }
    let buf: Buffer | null = null;
    let rec = cache.pngs[img.png];
    if (!rec || rec.size !== stamp.size || rec.mtimeMs !== stamp.mtimeMs) {
        try { buf = fs.readFileSync(abs); } catch (err) { fail(img.png, `cannot be read: ${describeIoError(err)}.`); return 'unreadable'; }
        let size: { width: number; height: number };
        try { size = kind === 'jpeg' ? inspectJpeg(buf) : inspectPng(buf); } catch (err) { fail(img.png, (err as Error).message); return 'unreadable'; }
        rec = { ...stamp, hash: createHash('sha256').update(buf).digest('hex'), width: size.width, height: size.height };
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
    // A skeleton's atlas page: the whole image, upright, keyed by its texture (no frame uuid).
    if (img.page) {
        frames.push({ uuid: '', name: img.png, texture: img.page.texture, x: 0, y: 0, w: rec.width, h: rec.height, rotated: false, meta: img.metas[0], page: true });
    }
    if (!frames.length) return null;
    const cached = cache.masks[rec.hash] ?? {};
    const keys = frames.map((f) => thresholds.map((t) => maskKey(f, t)));
    const store = (next.masks[rec.hash] ??= {});
    const all = keys.every((ks) => ks.every((k) => k in cached));
    if (all && !force) {
        keys.forEach((ks) => ks.forEach((k) => { store[k] = cached[k]; }));
        return { decoded: false, frames: frames.map((frame, i) => ({ frame, masks: keys[i].map((k) => cached[k]) })) };
    }
    // A JPEG has no alpha: every texel is opaque (alpha 255), nothing to decode for a mask (its
    // header, read above or by an earlier bake of the same file, gave the size the rects need).
    let png: { width: number; height: number; rgba: Uint8Array } | null = null;
    if (kind === 'png') {
        try {
            buf ??= fs.readFileSync(abs);
            png = decodePng(buf);
        } catch (err) {
            fail(img.png, err instanceof PngProblem ? err.message : `cannot be read: ${describeIoError(err)}.`);
            delete next.pngs[img.png];
            return 'unreadable';
        }
    }
    const result: ImageMasks = { decoded: true, frames: [] };
    frames.forEach((frame, i) => {
        const sw = frame.rotated ? frame.h : frame.w, sh = frame.rotated ? frame.w : frame.h;
        const opaque = png ? null : new Uint8Array(sw * sh * 4).fill(255);
        const masks = thresholds.map((threshold, k) => {
            const mask = png
                ? BitMask.fromRGBA(png.rgba, png.width, png.height, {
                    threshold, rotated: frame.rotated, rect: { x: frame.x, y: frame.y, width: frame.w, height: frame.h },
                })
                : BitMask.fromRGBA(opaque as Uint8Array, sw, sh, { threshold, rotated: frame.rotated, rect: { x: 0, y: 0, width: frame.w, height: frame.h } });
            const code = encodeMaskCode(mask);
            store[keys[i][k]] = code;
            return code;
        });
        result.frames.push({ frame, masks });
    });
    return result;
}

function maskKey(f: FrameInfo, threshold: number): string {
    return `${f.x},${f.y},${f.w},${f.h},${f.rotated ? 1 : 0}|${threshold}`;
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
        let text = '';
        try { text = fs.readFileSync(abs, 'utf8'); } catch { /* unreadable: the message says so */ }
        summary = {
            kind: 'error',
            message: !(err instanceof SyntaxError) ? m
                : /^(<{7}|={7}|>{7})( |$)/m.test(text) ? `is not valid JSON: it has merge-conflict markers (<<<<<<<, =======, >>>>>>>). Resolve the conflict, keeping one uuid, then bake again.`
                    : `is not valid JSON (${m}). Restore it from version control or fix it by hand (deleting it makes Creator give the asset a new uuid, which breaks what refers to it).`,
        };
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
        const text = fs.readFileSync(abs, 'utf8');
        rec = { ...stamp, thresholds: [...new Set(thresholdsInAsset(text, rel))], uses: framesUsedInAsset(text, rel) };
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
    return { version: CACHE_VERSION, pngs: {}, metas: {}, assets: {}, texts: {}, masks: {} };
}

function loadCache(path: string): Cache {
    try {
        const c = JSON.parse(fs.readFileSync(path, 'utf8')) as Cache;
        if (c && c.version === CACHE_VERSION && c.pngs && c.metas && c.assets && c.texts && c.masks) return c;
        // Version 4 read metas and scenes without their skeletons: read those again, keep the decoded masks.
        if (c && c.version === 4 && c.pngs && c.masks) return { ...emptyCache(), pngs: c.pngs, masks: c.masks };
    } catch { /* no cache yet, or unreadable: start over */ }
    return emptyCache();
}

function saveCache(path: string, cache: Cache, say: (line: string) => void): void {
    try {
        writeFileAtomic(path, JSON.stringify(cache), CACHE_FILE);
    } catch (err) {
        say(`note: the bake cache could not be saved (${(err as Error).message}); the next bake reads every image again.`);
    }
}

// ---- which frames, and where they go ---------------------------------------------------------

/** A bundle's library, relative to the bundle folder. */
const BUNDLE_OUT = 'pixel-collision-masks/pixel-masks.ts';

/** Folders marked as Asset Bundles (their `.meta` has `userData.isBundle`), deepest first. */
function bundleFolders(root: string, files: readonly string[], cache: Cache, next: Cache, outFolder: string): string[] {
    const out: string[] = [];
    const all = new Set(files);
    for (const rel of files) {
        // a folder's meta: a meta whose asset is not a file (folders are not in `files`); the
        // generated libraries' folders are not bundles (and their metas are written after the walk)
        if (!rel.endsWith('.meta') || all.has(rel.slice(0, -5))) continue;
        const folder = rel.slice(0, -5);
        if (folder === outFolder || folder.endsWith('/' + dirname(BUNDLE_OUT)) || !isDir(join(root, folder))) continue;
        const summary = cachedMeta(root, rel, cache, next);
        if (summary.kind === 'other' && summary.bundle) out.push(rel.slice(0, -5));
    }
    return out.sort((a, b) => b.length - a.length || (a < b ? -1 : 1));
}

/** Adds to `shown` the sprite frames of the animation clips (`.anim` files, by their meta's uuid) in `clips`. */
function readClipFrames(root: string, files: readonly string[], clips: ReadonlySet<string>, shown: Set<string>, fail: (f: string, m: string) => void): void {
    if (!clips.size) return;
    for (const rel of files) {
        if (!rel.endsWith('.anim.meta')) continue;
        let uuid: unknown;
        try { uuid = (JSON.parse(fs.readFileSync(join(root, rel), 'utf8')) as { uuid?: unknown }).uuid; } catch { continue; }
        if (typeof uuid !== 'string' || !clips.has(uuid)) continue;
        const anim = rel.slice(0, -5);
        try {
            for (const f of spriteFramesInClip(fs.readFileSync(join(root, anim), 'utf8'), anim)) shown.add(f);
        } catch (err) {
            fail(anim, `${(err as Error).message} The frames of this animation clip are not baked; fix the file or list its frames in "include" in ${CONFIG_FILE}.`);
        }
    }
}

/**
 * The frames PixelColliders can show: those in `shown` (sprite frames of nodes with a collider and
 * of their animation clips), every frame of an atlas (`.plist`) or Auto Atlas folder (`.pac`)
 * one of whose frames is shown, and frames under an `include` folder or glob (their image or
 * atlas path). The others are left out, each with its reason.
 */
function selectFrames(images: readonly ImageInfo[], files: readonly string[], shown: ReadonlySet<string>, include: readonly string[]): { images: ImageInfo[]; leftOut: LeftOutFrame[] } {
    const included = include.length ? includeMatcher(include) : (): boolean => false;
    const pacFolders = files.filter((f) => f.toLowerCase().endsWith('.pac')).map((f) => f.slice(0, f.lastIndexOf('/')));
    const groupOf = (f: FrameInfo): string => {
        if (f.meta.toLowerCase().endsWith('.plist.meta')) return f.meta;
        let best = '';
        for (const p of pacFolders) if (f.meta.startsWith(p + '/') && p.length > best.length) best = p;
        return best ? `pac:${best}` : `frame:${f.uuid}`;
    };
    const usedGroups = new Set<string>();
    for (const img of images) for (const f of img.frames) if (shown.has(f.uuid)) usedGroups.add(groupOf(f));
    const picked: ImageInfo[] = [];
    const leftOut: LeftOutFrame[] = [];
    for (const img of images) {
        const keep = img.frames.filter((f) => {
            if (shown.has(f.uuid) || usedGroups.has(groupOf(f)) || included(f.meta.slice(0, -5)) || included(img.png)) return true;
            leftOut.push({ uuid: f.uuid, name: f.name, file: f.meta,
                reason: 'no PixelCollider shows it (not the sprite frame of a node with a PixelCollider in a scene or prefab, nor in its animation clips, nor in an atlas with such a frame, nor under "include")' });
            return false;
        });
        if (keep.length) picked.push(keep.length === img.frames.length ? img : { ...img, frames: keep });
    }
    return { images: picked, leftOut };
}

/**
 * The atlas pages to bake whole: those of every skeleton asset (a Spine skeleton's atlas, a
 * DragonBones texture atlas) a PixelCollider's node draws (its uuid in `shown`), that lies (or
 * whose atlas or page image lies) under `include`, or every one with `all`. Problems (no atlas, an
 * atlas that does not parse, a page image missing) are reported for those skeletons only.
 */
function skeletonPagesToBake(root: string, files: readonly string[], cache: Cache, next: Cache, fail: (f: string, m: string) => void, unknown: string[],
    images: ReadonlyMap<string, ImageInfo>, shown: ReadonlySet<string>, all: boolean, include: readonly string[]): { img: ImageInfo; page: PageInfo }[] {
    const fileSet = new Set(files);
    const included = include.length ? includeMatcher(include) : (): boolean => false;
    const readPages = (rel: string, format: SkeletonFormat): string[] => {
        const rec = cachedText(root, rel, cache, next, format === 'spine' ? spineAtlasPages : (t) => [dragonBonesImagePath(t)]);
        if (rec.error !== undefined || !rec.pages) throw new Error(rec.error ?? 'it cannot be read');
        return rec.pages;
    };
    const out = new Map<string, { img: ImageInfo; page: PageInfo }>();
    const said = new Set<string>();
    const problem = (file: string, message: string): void => {
        if (said.has(file + '\n' + message)) return; // two skeletons sharing one atlas
        said.add(file + '\n' + message);
        fail(file, message);
    };
    for (const rel of files) {
        if (!/\.(json|skel)$/i.test(rel) || !fileSet.has(rel + '.meta')) continue;
        const summary = cachedMeta(root, rel + '.meta', cache, next);
        if (summary.kind === 'error' && (/_tex\.json$/i.test(rel) || findSpineAtlas(rel, fileSet))) {
            // likely a skeleton's meta: which skeleton it is is not known this time (its pages are kept, see run())
            fail(rel + '.meta', summary.message);
            unknown.push(rel + '.meta');
            continue;
        }
        if (summary.kind !== 'skeleton') continue;
        const s = { file: rel, uuid: summary.uuid, format: summary.format };
        const { pages, problems } = skeletonPages(s, fileSet, readPages);
        if (!all && !shown.has(s.uuid) && !included(rel) && !pages.some((p) => included(p.atlas) || included(p.png))
            && !problems.some((p) => included(p.file))) continue;
        for (const p of problems) problem(p.file, p.message);
        for (const page of pages) {
            const img = pageImage(page, s, images, fileSet);
            if (!img) continue;
            if (!('png' in img)) { problem(img.file, img.message); continue; }
            const had = out.get(img.png);
            if (had) { if (!had.page.from.includes(rel)) had.page.from.push(rel); } else out.set(img.png, { img, page: { texture: img.texture!, from: [rel] } });
        }
    }
    return [...out.values()].sort((a, b) => byPng(a.img, b.img));
}

/** A skeleton's atlas text, parsed by `parse` (page names), cached by the file's size + mtime. */
function cachedText(root: string, rel: string, cache: Cache, next: Cache, parse: (text: string) => string[]): TextRecord {
    let stamp: FileStamp;
    try { stamp = statOf(join(root, rel)); } catch (err) { return { size: 0, mtimeMs: 0, error: `it cannot be read (${describeIoError(err)})` }; }
    const old = cache.texts[rel];
    if (old && old.size === stamp.size && old.mtimeMs === stamp.mtimeMs) { next.texts[rel] = old; return old; }
    let rec: TextRecord;
    try {
        rec = { ...stamp, pages: parse(fs.readFileSync(join(root, rel), 'utf8')) };
    } catch (err) {
        rec = { ...stamp, error: (err as Error).message };
    }
    next.texts[rel] = rec;
    return rec;
}

// ---- config and output ------------------------------------------------------------------------

interface Config { thresholds?: number[]; out?: string; onUnreadable?: 'keep' | 'fail'; bakeAll?: boolean; include?: string[] }

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
        // checked by resolveOutput, which refuses the bake when it leads out of assets/
        if (c.out !== undefined) out.out = c.out as string;
        if (c.bakeAll !== undefined) {
            if (typeof c.bakeAll === 'boolean') out.bakeAll = c.bakeAll;
            else fail(CONFIG_FILE, `"bakeAll" must be true or false (got ${JSON.stringify(c.bakeAll)}); it is ignored (only the frames colliders can show are baked) until it is fixed.`);
        }
        if (c.include !== undefined) {
            // a bad "include" leaves out only itself (the other settings stay)
            try {
                if (!Array.isArray(c.include)) throw new Error('"include" must be an array of project-relative folders or globs, like ["assets/art/enemies/**"]');
                includeMatcher(c.include);
                out.include = c.include as string[];
            } catch (err) {
                fail(CONFIG_FILE, `${(err as Error).message}; "include" is ignored until it is fixed.`);
            }
        }
        if (c.onUnreadable !== undefined) {
            if (c.onUnreadable !== 'keep' && c.onUnreadable !== 'fail') throw new Error(`"onUnreadable" must be "keep" or "fail" (got ${JSON.stringify(c.onUnreadable)})`);
            out.onUnreadable = c.onUnreadable;
        }
        return out;
    } catch (err) {
        fail(CONFIG_FILE, `${(err as Error).message}; using the defaults.`);
        return {};
    }
}

/** Frames (distinct uuids) among library entries. */
function countFrames(list: readonly LibraryEntry[]): number {
    return new Set(list.filter((e) => e.uuid).map((e) => e.uuid)).size;
}

/** "3 frame(s)", "1 atlas page(s)" or both, of kept entries. */
function keptWhat(list: readonly LibraryEntry[]): string {
    const frames = countFrames(list), pages = new Set(list.filter((e) => !e.uuid).map((e) => e.texture)).size;
    return [frames || !pages ? `${frames} frame(s)` : '', pages ? `${pages} atlas page(s)` : ''].filter(Boolean).join(' and ');
}

/** Whether `e` is the whole-page entry (no frame uuid, region from 0, 0, upright) of texture `texture`. */
function isPageEntry(e: LibraryEntry, texture: string | undefined): boolean {
    return !e.uuid && texture !== undefined && e.texture === texture && e.rect[0] === 0 && e.rect[1] === 0 && !e.rotated;
}

/**
 * Drops page entries that say what another entry already says: a sprite frame covering the whole
 * page, untrimmed and upright (the runtime finds it by region too), or the same page twice.
 */
function dropSamePages(entries: LibraryEntry[]): void {
    const key = (e: LibraryEntry): string => `${e.texture}|${e.rect.join(',')}|${e.rotated ? 1 : 0}|${e.threshold}`;
    const have = new Set<string>();
    for (const e of entries) if (e.uuid) have.add(key(e));
    let n = 0;
    for (const e of entries) {
        if (!e.uuid) {
            const k = key(e);
            if (have.has(k)) continue;
            have.add(k);
        }
        entries[n++] = e;
    }
    entries.length = n;
}

function compareEntries(a: LibraryEntry, b: LibraryEntry): number {
    const ka = a.uuid ?? '', kb = b.uuid ?? '';
    if (ka !== kb) return ka < kb ? -1 : 1;
    if (a.texture !== b.texture) return a.texture < b.texture ? -1 : 1;
    for (let i = 0; i < 4; i++) if (a.rect[i] !== b.rect[i]) return a.rect[i] - b.rect[i];
    return a.threshold - b.threshold;
}

function writeIfMissing(path: string, text: string, rel: string): void {
    if (!fs.existsSync(path)) writeFileAtomic(path, text, rel);
}

function isDir(p: string): boolean {
    try { return fs.statSync(p).isDirectory(); } catch { return false; }
}
