/**
 * What a Creator 3.8 project holds, read from its files the way Creator's importers wrote them:
 * PNG images and their `.meta` (importer `image`: a `texture` sub-asset `<uuid>@6c48a` and, for
 * sprites, a `sprite-frame` sub-asset `<uuid>@f9941`), TexturePacker atlases (`.plist` with a meta
 * of importer `sprite-atlas`: `userData.textureUuid` names the atlas PNG's texture, one
 * `sprite-frame` sub-asset per frame), the alpha thresholds of the `PixelCollider`s in scenes
 * and prefabs, and the skeleton assets (Spine `spine-data`, DragonBones `dragonbones-atlas`) their
 * nodes draw (their atlas pages are found in skeletons.ts).
 *
 * A sprite frame's `userData` (what the engine's SpriteFrame is built from):
 *
 * ```
 *   trimX, trimY         top-left of the frame's texels in the texture (y down)
 *   width, height        the frame's UPRIGHT size (SpriteFrame.rect)
 *   rotated              stored rotated 90° clockwise: it occupies height x width texels
 *   offsetX, offsetY     rect centre minus original centre (y up); rawWidth, rawHeight: original size
 *   imageUuidOrDatabaseUri   the texture sub-asset's uuid (`<image uuid>@6c48a`) when isUuid
 * ```
 */
import * as fs from 'node:fs';
import { join, relative, sep } from 'node:path';
import { compressUuidBase } from '../../assets/core/index';

/** The uuid in `extensions/pixel-collision/assets/runtime/PixelCollider.ts.meta` (a test checks it). */
export const PIXEL_COLLIDER_SCRIPT_UUID = '18293665-dd38-437f-8479-d43c875e4907';
/** Its class id in serialized scenes and prefabs (`__type__`: Creator's compressed uuid). */
const PIXEL_COLLIDER_CLASS_ID = compressUuidBase(PIXEL_COLLIDER_SCRIPT_UUID);

/** One sprite frame to bake. */
export interface FrameInfo {
    /** The SpriteFrame asset's uuid, e.g. `<image uuid>@f9941`. */
    uuid: string;
    /** Display name (plist frame name, or the image's name). */
    name: string;
    /** The texture sub-asset's uuid (what the runtime sees as `frame.texture._uuid`). */
    texture: string;
    x: number;
    y: number;
    /** Upright size. */
    w: number;
    h: number;
    rotated: boolean;
    /** The meta it was declared in (relative to the project). */
    meta: string;
    /** Not a sprite frame: the whole atlas page of a skeleton (uuid ''), baked under its texture's region. */
    page?: boolean;
}

/** The image files the bake knows, by what it can read of them. */
export type ImageKind = 'png' | 'jpeg' | 'webp';

/** The kind of an image file by its extension (Creator's image importer takes these), or null. */
export function imageKindOf(rel: string): ImageKind | null {
    const m = /\.(png|jpe?g|webp)$/i.exec(rel);
    if (!m) return null;
    const ext = m[1].toLowerCase();
    return ext === 'png' ? 'png' : ext === 'webp' ? 'webp' : 'jpeg';
}

/**
 * The whole page of a Spine or DragonBones atlas, baked as one entry keyed by the page texture's
 * uuid and region (0, 0, W, H, not rotated): what `MaskCache.acquireTexture` looks up.
 */
export interface PageInfo {
    /** The page texture's uuid (the image's texture sub-asset, `<image uuid>@6c48a`: `texture._uuid` at run time). */
    texture: string;
    /** The skeleton assets (project-relative) that draw from this page. */
    from: string[];
}

/** An image (PNG, JPEG or WebP) and the frames that show it. */
export interface ImageInfo {
    /** Relative to the project (forward slashes); despite the name, any {@link ImageKind}. */
    png: string;
    /** What the file is (by its extension); PNG when not given. */
    kind?: ImageKind;
    /** Only its `.meta` is in the project: the image itself is missing (deleted, not checked out). */
    missing?: boolean;
    imageUuid: string;
    /** Its texture sub-asset's uuid ('' when its meta declares none). */
    texture?: string;
    /** Set when a skeleton (Spine, DragonBones) that must be baked draws from this image: bake the whole page. */
    page?: PageInfo;
    /** Metas its frames come from: its own, plus atlas metas pointing at it. */
    metas: string[];
    frames: FrameInfo[];
}

/** What one meta file says (the part the bake needs); cached by the meta's size + mtime. */
export type MetaSummary =
    | { kind: 'image'; imageUuid: string; texture: string; frames: RawFrame[] }
    | { kind: 'atlas'; texture: string; frames: RawFrame[] }
    /** A Spine skeleton (importer `spine-data`: `.json` / `.skel`) or a DragonBones atlas (`dragonbones-atlas`: `_tex.json`). */
    | { kind: 'skeleton'; format: SkeletonFormat; uuid: string }
    | { kind: 'other'; bundle?: boolean; uuid?: string };

/** What a skeleton asset is: a Spine skeleton (its atlas found by name) or a DragonBones atlas (`_tex.json`). */
export type SkeletonFormat = 'spine' | 'dragonbones';

/** A frame as its meta declares it (its texture not yet resolved). */
export interface RawFrame {
    uuid: string;
    name: string;
    /** imageUuidOrDatabaseUri, or '' when it is not a uuid. */
    source: string;
    x: number;
    y: number;
    w: number;
    h: number;
    rotated: boolean;
}

export interface Problem { file: string; message: string }

/**
 * Files under `dir` (relative to `root`, forward slashes, sorted), skipping hidden names.
 * `onError` hears of each folder that cannot be listed (relative path, the error).
 */
export function walkFiles(root: string, dir: string, skip?: (rel: string) => boolean, onError?: (rel: string, err: unknown) => void): string[] {
    const out: string[] = [];
    const visit = (abs: string): void => {
        let names: string[];
        try { names = fs.readdirSync(abs).sort(); } catch (err) { onError?.(relative(root, abs).split(sep).join('/'), err); return; }
        for (const name of names) {
            if (name.startsWith('.') || name === 'node_modules') continue;
            const p = join(abs, name);
            const rel = relative(root, p).split(sep).join('/');
            if (skip?.(rel)) continue;
            let st: fs.Stats;
            try { st = fs.statSync(p); } catch { continue; }
            if (st.isDirectory()) visit(p);
            else out.push(rel);
        }
    };
    visit(join(root, dir));
    return out;
}

/** Reads what the bake needs from one parsed meta; throws a clear error for a meta it cannot use. */
export function summarizeMeta(json: unknown, file: string): MetaSummary {
    const meta = json as { importer?: unknown; uuid?: unknown; subMetas?: Record<string, unknown>; userData?: Record<string, unknown> } | null;
    if (!meta || typeof meta !== 'object' || typeof meta.importer !== 'string') {
        throw new Error(`${file} is not a Creator asset meta (no "importer").`);
    }
    const subs = meta.subMetas && typeof meta.subMetas === 'object' ? meta.subMetas : {};
    if (meta.importer === 'image') {
        if (typeof meta.uuid !== 'string') throw new Error(`${file} has no "uuid".`);
        let texture = '';
        const frames: RawFrame[] = [];
        for (const id of Object.keys(subs).sort()) {
            const sub = subs[id] as { importer?: unknown; uuid?: unknown } | null;
            if (!sub || typeof sub !== 'object') continue;
            if (sub.importer === 'texture' && typeof sub.uuid === 'string') texture = sub.uuid;
            else if (sub.importer === 'sprite-frame') frames.push(rawFrame(sub, file, ''));
        }
        if (frames.length && !texture) throw new Error(`${file} has sprite frames but no texture sub-asset; reimport the image in Creator.`);
        return { kind: 'image', imageUuid: meta.uuid, texture, frames };
    }
    if (meta.importer === 'sprite-atlas') {
        const ud = meta.userData ?? {};
        if (typeof ud.textureUuid !== 'string' || !ud.textureUuid) {
            throw new Error(`${file}: the atlas names no texture (userData.textureUuid); put its PNG next to the .plist and reimport it in Creator.`);
        }
        const frames: RawFrame[] = [];
        for (const id of Object.keys(subs).sort()) {
            const sub = subs[id] as { importer?: unknown } | null;
            if (sub && typeof sub === 'object' && sub.importer === 'sprite-frame') frames.push(rawFrame(sub, file, ud.textureUuid));
        }
        return { kind: 'atlas', texture: ud.textureUuid, frames };
    }
    // Creator 3.8 writes no atlas or texture into these metas (userData is empty): the atlas and
    // its pages are found by name, as its importers do (see skeletons.ts).
    if ((meta.importer === 'spine-data' || meta.importer === 'dragonbones-atlas') && typeof meta.uuid === 'string' && meta.uuid) {
        return { kind: 'skeleton', format: meta.importer === 'spine-data' ? 'spine' : 'dragonbones', uuid: meta.uuid };
    }
    if (meta.importer === 'directory' && isBundleMeta(meta)) return { kind: 'other', bundle: true };
    // A prefab's uuid: instances in scenes name their prefab by it (sprite-frame overrides).
    if (meta.importer === 'prefab' && typeof meta.uuid === 'string') return { kind: 'other', uuid: meta.uuid };
    return { kind: 'other' };
}

function rawFrame(sub: Record<string, unknown>, file: string, fallbackSource: string): RawFrame {
    const ud = (sub.userData ?? {}) as Record<string, unknown>;
    const uuid = sub.uuid;
    if (typeof uuid !== 'string' || !uuid) throw new Error(`${file}: a sprite-frame sub-asset has no uuid; reimport it in Creator.`);
    const num = (k: string): number => {
        const v = ud[k];
        if (typeof v !== 'number' || !Number.isInteger(v) || v < 0) {
            throw new Error(`${file}: sprite frame ${uuid} has no valid userData.${k} (got ${JSON.stringify(v)}); reimport it in Creator.`);
        }
        return v;
    };
    const src = typeof ud.imageUuidOrDatabaseUri === 'string' && ud.isUuid !== false ? ud.imageUuidOrDatabaseUri : '';
    const name = typeof sub.name === 'string' && sub.name !== 'spriteFrame' ? sub.name
        : typeof sub.displayName === 'string' && sub.displayName ? sub.displayName : uuid;
    return { uuid, name, source: src || fallbackSource, x: num('trimX'), y: num('trimY'), w: num('width'), h: num('height'), rotated: ud.rotated === true };
}

/**
 * The alpha thresholds a serialized scene or prefab gives its PixelColliders: each component's
 * `_alphaThreshold`, and prefab instance overrides of it. Throws when the file is not JSON.
 */
export function thresholdsInAsset(text: string, file: string): number[] {
    let json: unknown;
    try { json = JSON.parse(text); } catch (err) { throw new Error(`${file} is not valid JSON (${(err as Error).message}).`); }
    if (!Array.isArray(json)) return [];
    const classId = PIXEL_COLLIDER_CLASS_ID;
    const found: number[] = [];
    const colliders = new Set<number>();
    json.forEach((o, i) => { if (o && o.__type__ === classId) colliders.add(i); });
    for (const i of colliders) {
        const t = (json[i] as { _alphaThreshold?: unknown })._alphaThreshold;
        found.push(typeof t === 'number' ? t : 0);
    }
    for (const o of json) {
        if (!o || o.__type__ !== 'CCPropertyOverrideInfo' || !Array.isArray(o.propertyPath)) continue;
        const last = o.propertyPath[o.propertyPath.length - 1];
        if ((last === '_alphaThreshold' || last === 'alphaThreshold') && typeof o.value === 'number') found.push(o.value);
    }
    return found.filter((t) => Number.isInteger(t) && t >= 0 && t <= 255);
}

// ---- which frames colliders can show ------------------------------------------------------------

/** What a scene or prefab says about the frames its PixelColliders can show. */
export interface AssetUse {
    /** Sprite frames of nodes that have a PixelCollider (their Sprite's frame). */
    frames: string[];
    /** Animation clips of those nodes' Animation components (`_clips`, `_defaultClip`). */
    clips: string[];
    /**
     * Skeleton assets those nodes draw: an `sp.Skeleton`'s `_skeletonData` (an `sp.SkeletonData`,
     * the Spine `.json` / `.skel`) and a `dragonBones.ArmatureDisplay`'s `_dragonAtlasAsset` (a
     * `dragonBones.DragonBonesAtlasAsset`, the `_tex.json`), by asset uuid.
     */
    skeletons?: string[];
    /**
     * Sprite-frame overrides of prefab instances: they count only when the overridden Sprite's node
     * has a PixelCollider in its prefab, or gets one mounted by the instance (see {@link overrideShown}).
     */
    overrides?: FrameOverride[];
    /** For resolving other files' overrides into this one (when it is a prefab). */
    index?: PrefabIndex;
}

/**
 * A prefab instance's `_spriteFrame` override (or `_skeletonData` / `_dragonAtlasAsset`: then
 * `frame` is that skeleton asset's uuid): the instance's prefab (uuid), the override's
 * target (`cc.TargetInfo.localID`: the fileIds of nested instances down to the component's
 * `CompPrefabInfo.fileId`), the frame, and the nodes (fileId paths) the same instance mounts a
 * PixelCollider on (`mountedComponents`).
 */
export interface FrameOverride { prefab: string; localID: string[]; frame: string; mountedColliders: string[][] }

/**
 * What a prefab file says for resolving overrides into it: each component's fileId -> its node's
 * fileId and whether that node has a PixelCollider in the file; each nested prefab instance's
 * fileId -> its prefab's uuid.
 */
export interface PrefabIndex {
    comps: Record<string, { node: string; collider: boolean }>;
    nested: Record<string, string>;
}

/**
 * Whether a sprite-frame override shows its frame on a node with a PixelCollider: the target is
 * followed through the nested instances' prefabs (`prefabs` gives a prefab's index by uuid, null
 * when unknown) to the Sprite, whose node must have a PixelCollider there or be one the instance
 * mounts a PixelCollider on. False when the chain cannot be followed (a prefab not in the project).
 */
export function overrideShown(o: FrameOverride, prefabs: (uuid: string) => PrefabIndex | null): boolean {
    let idx = prefabs(o.prefab);
    const n = o.localID.length;
    if (n === 0) return false;
    for (let k = 0; k < n - 1; k++) {
        const q = idx ? idx.nested[o.localID[k]] : undefined;
        idx = q ? prefabs(q) : null;
    }
    const c = idx ? idx.comps[o.localID[n - 1]] : undefined;
    if (!c) return false;
    if (c.collider) return true;
    const nodePath = [...o.localID.slice(0, -1), c.node];
    return o.mountedColliders.some((p) => p.length === nodePath.length && p.every((x, i) => x === nodePath[i]));
}

/** Overridden properties whose asset a collider node can show: a Sprite's frame, a skeleton's data or atlas. */
const OVERRIDDEN_ASSETS = new Set(['_spriteFrame', 'spriteFrame', '_skeletonData', 'skeletonData', '_dragonAtlasAsset', 'dragonAtlasAsset']);

function refUuid(v: unknown): string | null {
    return v && typeof v === 'object' && typeof (v as { __uuid__?: unknown }).__uuid__ === 'string' ? (v as { __uuid__: string }).__uuid__ : null;
}

/**
 * The frames and clips a serialized scene or prefab (Creator 3.8 JSON: an array of objects
 * referring to each other by `{ "__id__": i }`) gives its PixelColliders: for every component whose
 * `__type__` is PixelCollider's class id, the other components of its node (`node.__id__`,
 * `_components`): a Sprite's `_spriteFrame`, an Animation's `_clips` and `_defaultClip`. Prefab
 * instances override properties with `CCPropertyOverrideInfo`: a `_spriteFrame` override is
 * returned in `overrides`, to count only when its Sprite's node has (or is given) a PixelCollider
 * ({@link overrideShown}); `index` serves other files' overrides into this one.
 * Throws when the file is not JSON.
 */
export function framesUsedInAsset(text: string, file: string): AssetUse {
    let json: unknown;
    try { json = JSON.parse(text); } catch (err) { throw new Error(`${file} is not valid JSON (${(err as Error).message}).`); }
    const frames = new Set<string>(), clips = new Set<string>(), skeletons = new Set<string>();
    if (!Array.isArray(json)) return { frames: [], clips: [], skeletons: [] };
    const classId = PIXEL_COLLIDER_CLASS_ID;
    const at = (v: unknown): Record<string, unknown> | null => {
        const id = v && typeof v === 'object' ? (v as { __id__?: unknown }).__id__ : undefined;
        const o = typeof id === 'number' ? json[id] : null;
        return o && typeof o === 'object' ? o as Record<string, unknown> : null;
    };
    const hasCollider = (node: Record<string, unknown> | null): boolean =>
        !!node && Array.isArray(node._components) && node._components.some((c) => at(c)?.__type__ === classId);
    const fileIdOf = (info: Record<string, unknown> | null): string | null => (info && typeof info.fileId === 'string' ? info.fileId : null);
    const localIdOf = (v: unknown): string[] | null => {
        const ti = at(v);
        return ti && Array.isArray(ti.localID) && ti.localID.every((x) => typeof x === 'string') ? ti.localID as string[] : null;
    };
    // Prefab instances: which prefab each is of (from the PrefabInfo that names it), the index of this file.
    const instanceAsset = new Map<Record<string, unknown>, string>();
    const index: PrefabIndex = { comps: {}, nested: {} };
    for (const o of json) {
        if (!o || typeof o !== 'object') continue;
        if (o.__type__ === 'cc.PrefabInfo') {
            const inst = at(o.instance), asset = refUuid(o.asset);
            if (inst && asset) {
                instanceAsset.set(inst, asset);
                const f = fileIdOf(inst);
                if (f) index.nested[f] = asset;
            }
        }
        const compInfo = at((o as { __prefab?: unknown }).__prefab);
        const compId = fileIdOf(compInfo);
        const node = at((o as { node?: unknown }).node);
        const nodeId = node ? fileIdOf(at(node._prefab)) : null;
        if (compId && nodeId) index.comps[compId] = { node: nodeId, collider: hasCollider(node) };
    }
    const overrides: FrameOverride[] = [];
    for (const [inst, prefab] of instanceAsset) {
        const mounted: string[][] = [];
        for (const m of Array.isArray(inst.mountedComponents) ? inst.mountedComponents : []) {
            const info = at(m);
            const path = info ? localIdOf(info.targetInfo) : null;
            if (path && info && Array.isArray(info.components) && info.components.some((c) => at(c)?.__type__ === classId)) mounted.push(path);
        }
        for (const p of Array.isArray(inst.propertyOverrides) ? inst.propertyOverrides : []) {
            const o = at(p);
            if (!o || o.__type__ !== 'CCPropertyOverrideInfo' || !Array.isArray(o.propertyPath)) continue;
            const last = o.propertyPath[o.propertyPath.length - 1];
            const u = refUuid(o.value), path = localIdOf(o.targetInfo);
            if (typeof last === 'string' && OVERRIDDEN_ASSETS.has(last) && u && path) overrides.push({ prefab, localID: path, frame: u, mountedColliders: mounted });
        }
    }
    for (const o of json) {
        if (!o || typeof o !== 'object') continue;
        if (o.__type__ === classId) {
            const node = at(o.node);
            const comps = node && Array.isArray(node._components) ? node._components : [];
            for (const c of comps) {
                const comp = at(c);
                if (!comp) continue;
                const f = refUuid(comp._spriteFrame);
                if (f) frames.add(f);
                const s = refUuid(comp._skeletonData) ?? refUuid(comp._dragonAtlasAsset);
                if (s) skeletons.add(s);
                const def = refUuid(comp._defaultClip);
                if (def) clips.add(def);
                if (Array.isArray(comp._clips)) for (const clip of comp._clips) { const u = refUuid(clip); if (u) clips.add(u); }
            }
        }
    }
    return { frames: [...frames].sort(), clips: [...clips].sort(), skeletons: [...skeletons].sort(), overrides, index };
}

/**
 * The sprite frames a serialized AnimationClip (`.anim`, Creator 3.8: tracks whose curves hold
 * `{ "__uuid__": ..., "__expectedType__": "cc.SpriteFrame" }` keyframe values) shows.
 * Throws when the file is not JSON.
 */
export function spriteFramesInClip(text: string, file: string): string[] {
    let json: unknown;
    try { json = JSON.parse(text); } catch (err) { throw new Error(`${file} is not valid JSON (${(err as Error).message}).`); }
    const out = new Set<string>();
    const visit = (v: unknown, depth: number): void => {
        if (!v || typeof v !== 'object' || depth > 64) return;
        if (Array.isArray(v)) { for (const x of v) visit(x, depth + 1); return; }
        const o = v as Record<string, unknown>;
        if (typeof o.__uuid__ === 'string' && o.__expectedType__ === 'cc.SpriteFrame') { out.add(o.__uuid__); return; }
        for (const k of Object.keys(o)) visit(o[k], depth + 1);
    };
    visit(json, 0);
    return [...out].sort();
}

/**
 * A matcher for the settings' `include` list: project-relative folders or globs (`*` within one
 * path segment, `**` across segments, `?` one character). A pattern without wildcards matches that
 * file and everything under that folder. Throws for a pattern that is not a string or starts with
 * `/` or `..`.
 */
export function includeMatcher(patterns: readonly unknown[]): (rel: string) => boolean {
    const res: RegExp[] = [];
    for (const p of patterns) {
        if (typeof p !== 'string' || !p.trim()) throw new Error(`"include" entries must be project-relative paths or globs like "assets/art/enemies/**" (got ${JSON.stringify(p)})`);
        const clean = p.trim().replace(/\\/g, '/').replace(/^\.\//, '').replace(/\/+$/, '');
        if (clean.startsWith('/') || clean.split('/').indexOf('..') >= 0) throw new Error(`"include" entry "${p}" must be a path inside the project, like "assets/art/enemies/**"`);
        let re = '';
        if (/[*?]/.test(clean)) {
            for (let i = 0; i < clean.length; i++) {
                const ch = clean[i];
                if (ch === '*' && clean[i + 1] === '*') {
                    i++;
                    if (clean[i + 1] === '/') { i++; re += '(?:.*/)?'; } else re += '.*';
                } else if (ch === '*') re += '[^/]*';
                else if (ch === '?') re += '[^/]';
                else re += ch.replace(/[.+^${}()|[\]\\]/g, '\\$&');
            }
            res.push(new RegExp(`^${re}$`));
        } else {
            const lit = clean.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
            res.push(new RegExp(`^${lit}(?:/.*)?$`));
        }
    }
    return (rel: string): boolean => res.some((r) => r.test(rel));
}

/** Whether a parsed folder meta marks an Asset Bundle (`userData.isBundle`). */
export function isBundleMeta(json: unknown): boolean {
    const ud = json && typeof json === 'object' ? (json as { userData?: { isBundle?: unknown } }).userData : undefined;
    return !!ud && ud.isBundle === true;
}
