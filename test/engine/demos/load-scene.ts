/**
 * Loads the demo project's assets in the engine harness, which has no asset loading of its own:
 * scenes and AnimationClips go through the engine's own deserializer (the editor's JSON form, as
 * Creator's preview loads them), script components are found by the compressed uuid of their
 * `.ts.meta` (as Creator registers them), and every `{ __uuid__ }` the deserializer reports is
 * filled with an asset built from the files: a Texture2D from the PNG's RGBA and its meta's
 * texture settings, a SpriteFrame from the meta's trim rect, offset and raw size, an sp.SkeletonData
 * from a Spine export (as Creator's spine-data importer fills it: JSON, atlas text, page textures;
 * needs a harness home built with skeletons).
 *
 * The data comes from temp/engine-demos/assets.ts: run `node test/engine/demos/gen-assets.mjs` first.
 */
import * as cc from 'cc';
import { Asset, deserialize, director, EffectAsset, ImageAsset, js, Node, Rect, Scene, SceneAsset, Size, Sprite, SpriteFrame, Texture2D, Vec2 } from 'cc';
import { JSB } from 'cc/env';
import { PixelCollider, PixelShape, PIXEL_COLLIDE_EFFECT_UUID } from 'db://pixel-collision/runtime/index';
import { clips, images, scenes, scripts, skeletons } from '../../../temp/engine-demos/assets';

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Creator's class id of a script: its meta uuid compressed (first 5 hex digits kept). */
export function compressUuid(uuid: string): string {
    const hex = uuid.replace(/-/g, '');
    let out = hex.slice(0, 5);
    for (let i = 5; i < 32; i += 3) {
        const v = parseInt(hex.slice(i, i + 3), 16);
        out += BASE64[v >> 6] + BASE64[v & 63];
    }
    return out;
}

/** Registers the runtime's component under its script's uuid (call before loading a scene). */
export function registerRuntime(): void {
    registerScript(PixelCollider, 'extensions/pixel-collision/assets/runtime/PixelCollider.ts');
}

/** Registers a component class under its script's compressed uuid, as Creator's compiler does. */
export function registerScript(ctor: new () => unknown, scriptPath: string): void {
    const uuid = scripts[scriptPath];
    if (!uuid) throw new Error(`no .ts.meta for ${scriptPath}`);
    (js as unknown as { _setClassId(id: string, c: unknown): void })._setClassId(compressUuid(uuid), ctor);
}

const cache = new Map<string, Asset>();
/** What was loaded, for the entries' reports. */
export const loaded = { textures: 0, spriteFrames: 0, clips: 0, skeletons: 0 };

function rgbaOf(b64: string): Uint8Array {
    const bin = atob(b64);
    const out = new Uint8Array(bin.length);
    for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
    return out;
}

const FILTER: Record<string, number> = { linear: Texture2D.Filter.LINEAR, nearest: Texture2D.Filter.NEAREST, none: Texture2D.Filter.NONE };
const WRAP: Record<string, number> = { repeat: Texture2D.WrapMode.REPEAT, 'clamp-to-edge': Texture2D.WrapMode.CLAMP_TO_EDGE, 'mirrored-repeat': Texture2D.WrapMode.MIRRORED_REPEAT };

/**
 * The asset with this uuid (`<image>@6c48a` texture, `<image>@f9941` sprite frame, a clip; the
 * colliders' `pixel-collide.effect`: the one the harness compiled with `--effect`, or null
 * without it).
 */
export function loadAsset(uuid: string): Asset | null {
    const hit = cache.get(uuid);
    if (hit) return hit;
    if (uuid === PIXEL_COLLIDE_EFFECT_UUID) return EffectAsset.get('pixel-collide');
    const [base, sub] = uuid.split('@');
    let asset: Asset;
    if (sub === '6c48a' || sub === 'f9941') {
        const img = images[base];
        if (!img) throw new Error(`no image with uuid ${base}`);
        const meta = img.meta.subMetas[sub];
        if (!meta) throw new Error(`${img.path}.meta has no sub-asset ${sub}`);
        if (sub === '6c48a') {
            const tex = new Texture2D();
            if (JSB) {
                // The native engine has no DOM canvas to draw into (the jsb-adapter's has no
                // putImageData): the decoded pixels as a memory image, RGBA8888, the form the
                // native engine's own image decoding hands to the texture.
                tex.image = new ImageAsset({ _data: rgbaOf(img.rgba), _compressed: false, width: img.width, height: img.height, format: Texture2D.PixelFormat.RGBA8888 });
            } else {
                // As on the web, where an imported PNG's ImageAsset holds an <img>: here a canvas with
                // the decoded pixels (the dynamic atlas and the mask reader both draw from it).
                const canvas = document.createElement('canvas');
                canvas.width = img.width;
                canvas.height = img.height;
                const ctx = canvas.getContext('2d')!;
                ctx.putImageData(new ImageData(new Uint8ClampedArray(rgbaOf(img.rgba).buffer), img.width, img.height), 0, 0);
                tex.image = new ImageAsset(canvas);
            }
            const u = meta.userData;
            tex.setFilters(FILTER[u.minfilter], FILTER[u.magfilter]);
            tex.setWrapMode(WRAP[u.wrapModeS], WRAP[u.wrapModeT]);
            tex.name = img.path;
            loaded.textures++;
            asset = tex;
        } else {
            const u = meta.userData;
            const sf = new SpriteFrame();
            sf.reset({
                texture: loadAsset(u.imageUuidOrDatabaseUri) as Texture2D,
                rect: new Rect(u.trimX, u.trimY, u.width, u.height),
                originalSize: new Size(u.rawWidth, u.rawHeight),
                offset: new Vec2(u.offsetX, u.offsetY),
                isRotate: u.rotated,
            });
            sf.packable = u.packable && !(globalThis as any).NOPACK;
            sf.name = meta.displayName;
            loaded.spriteFrames++;
            asset = sf;
        }
    } else if (skeletons[uuid]) {
        // `sp` is in the engine only when it was built with Spine (HARNESS_SKELETONS=1): look it up at run time.
        const sp = (cc as unknown as { sp?: typeof cc.sp }).sp;
        if (!sp) throw new Error(`${skeletons[uuid].path}: this engine has no Spine (run with a harness home built with HARNESS_SKELETONS=1)`);
        const s = skeletons[uuid];
        const sd = new sp.SkeletonData();
        sd._uuid = uuid; // the wasm side caches skeleton data by uuid
        sd.skeletonJson = s.json as never;
        sd.atlasText = s.atlas;
        sd.textures = s.pages.map((p) => loadAsset(`${p.uuid}@6c48a`) as Texture2D);
        sd.textureNames = s.pages.map((p) => p.name);
        sd.name = s.path;
        loaded.skeletons++;
        asset = sd;
    } else if (clips[uuid]) {
        asset = deserializeWithAssets(clips[uuid].json, clips[uuid].path) as Asset;
        loaded.clips++;
    } else {
        throw new Error(`no asset with uuid ${uuid} in the project's files`);
    }
    (asset as unknown as { _uuid: string })._uuid = uuid;
    cache.set(uuid, asset);
    return asset;
}

/** Deserializes editor JSON with the engine and fills its asset references from the files. */
function deserializeWithAssets(json: unknown, what: string): unknown {
    const details = new deserialize.Details();
    details.init();
    const missing: string[] = [];
    const prev = deserialize.reportMissingClass;
    deserialize.reportMissingClass = (id: string) => { missing.push(id); };
    let result: unknown;
    try {
        result = deserialize(json, details, { ignoreEditorOnly: true } as never);
    } finally {
        deserialize.reportMissingClass = prev;
    }
    if (missing.length) throw new Error(`${what}: classes not found: ${missing.join(', ')} (register the scripts first)`);
    const list = details.uuidList as string[] | null ?? [];
    const objs = details.uuidObjList as Record<string, unknown>[] | null ?? [];
    const props = details.uuidPropList as string[] | null ?? [];
    for (let i = 0; i < list.length; i++) objs[i][props[i]] = loadAsset(list[i]);
    return result;
}

/** Deserializes a scene file of the project (e.g. 'assets/demos/shooter.scene') and runs it. */
export function runScene(path: string): Scene {
    const json = scenes[path];
    if (!json) throw new Error(`no scene ${path}; scenes: ${Object.keys(scenes).join(', ')}`);
    const asset = deserializeWithAssets(json, path) as SceneAsset;
    if (!(asset instanceof SceneAsset) || !asset.scene) throw new Error(`${path} did not deserialize to a SceneAsset`);
    director.runSceneImmediate(asset);
    return director.getScene() as Scene;
}

/** The scene's JSON, for entries that compare the running scene with the file. */
export function sceneJson(path: string): any[] {
    return scenes[path];
}

/**
 * For every PIXELS collider on a sprite whose frame came from a PNG of the project: its mask's
 * solid count, and an independent count of the PNG's pixels inside the frame rect with
 * alpha > threshold. Returns the lines that differ (empty when all agree), how many were checked and
 * how many of those frames the engine's dynamic atlas had packed (their masks come from `frame.original`).
 */
export function checkMasks(root: Node): { checked: number; packed: number; bad: string[] } {
    const bad: string[] = [];
    let checked = 0, packed = 0;
    for (const c of root.getComponentsInChildren(PixelCollider)) {
        const sprite = c.getComponent(Sprite);
        const sf = sprite?.spriteFrame as (SpriteFrame & { _uuid?: string }) | null | undefined;
        if (!c.enabledInHierarchy || c.shape !== PixelShape.PIXELS || !sf || !sf._uuid) continue;
        const img = images[sf._uuid.split('@')[0]];
        if (!img) continue;
        // The frame's texels as the meta gives them (after packing, sf.rect points into the dynamic atlas).
        const u = img.meta.subMetas.f9941.userData;
        const rgba = rgbaOf(img.rgba);
        let n = 0;
        for (let y = u.trimY; y < u.trimY + u.height; y++) for (let x = u.trimX; x < u.trimX + u.width; x++) if (rgba[(y * img.width + x) * 4 + 3] > c.alphaThreshold) n++;
        const m = c.mask ? c.mask.count() : -1;
        checked++;
        if (sf.original) packed++;
        if (m !== n) bad.push(`${c.node.name} (${img.path}): mask ${m}, PNG ${n}`);
    }
    return { checked, packed, bad };
}
