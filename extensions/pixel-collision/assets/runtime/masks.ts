/**
 * Masks of sprite frames: one `BitMask` per (source texture, rect, rotated, alpha threshold),
 * shared by every collider that shows that frame, in a cache whose size a game can read.
 *
 * Where a mask comes from, in this order (each fallback is logged once, saying what to do):
 * 1. **baked**: a library entry for the frame: by the SpriteFrame asset's uuid (so a frame that Auto
 *    Atlas or the dynamic atlas repacked still finds it), else by its source region. The project's
 *    library is baked by Pixel Collision > Bake Masks / `npx pixel-collision bake` / every build,
 *    and loads itself at startup; a collider's `maskLibrary` / `bakedMask` also work (see
 *    core/mask-library.ts for the format);
 * 2. **pixels**: the texture's CPU copy: `ImageAsset.data` as RGBA8 bytes (an `ArrayBufferView`),
 *    or an image / canvas / bitmap drawn to a 2D canvas and read with `getImageData` (web);
 * 3. **readback**: one synchronous GPU copy of the frame's region (`device.copyTextureToBuffers`),
 *    checked against a sentinel so a platform that returns an untouched buffer (cocos-engine#17648)
 *    is caught instead of giving an empty mask;
 * 4. **none**: the collider falls back to the sprite's quad (a box) and warns.
 *
 * Frames repacked by the dynamic atlas are read from `SpriteFrame.original` (the source texture
 * and the rect's position in it), so packing changes nothing.
 */
import { director, gfx, log, Texture2D, warn } from 'cc';
import { JSB } from 'cc/env';
import type { ImageAsset, SpriteFrame } from 'cc';

/** The engine's texture base class (not exported under a public name). */
type TextureBase = SpriteFrame['texture'];
import { BitMask } from '../core/index';
import { CompactLibraryIndex, decodeCodedEntry, libraryGroups, MASK_LIBRARY_COMPACT_VERSION, MaskPrefetcher } from '../core/index';
import type { CodedMaskEntry, PrefetchOptions, PrefetchStats } from '../core/index';
import { BAKE_HINT, bakedKey, bakedUuidKey, checkLibrary, decodeEntry, encodeBase64, MASK_LIBRARY_FORMAT, MASK_LIBRARY_VERSION } from './baked';
import type { BakedMaskEntry, MaskLibrary } from './baked';

/** Where a cached mask came from. */
export type MaskSource = 'baked' | 'pixels' | 'readback' | 'none';

/** One cached mask (shared: do not edit `mask`; a collider edits a copy, see PixelCollider). */
export interface MaskEntry {
    /** The upright mask (`rect.width x rect.height`), or null when no source could read it. */
    readonly mask: BitMask | null;
    readonly source: MaskSource;
    /** Colliders using it now. */
    refs: number;
    /** @internal The region it was made for (checked when a frame's memo is reused). */
    readonly texture: TextureBase;
    readonly x: number;
    readonly y: number;
    readonly w: number;
    readonly h: number;
    readonly rotated: boolean;
    readonly threshold: number;
}

/** What {@link PixelMaskCache.stats} reports. */
export interface MaskCacheStats {
    /** Masks held. */
    masks: number;
    /** Bytes of mask bits held (4 bytes per 32 texels of a row). */
    bytes: number;
    /** Lookups answered from the cache / that had to build a mask. */
    hits: number;
    misses: number;
    /** Masks by source. */
    baked: number;
    pixels: number;
    readback: number;
    none: number;
}

/** The source region of a frame (after undoing dynamic-atlas packing). */
interface Region { texture: TextureBase; x: number; y: number; w: number; h: number; rotated: boolean }

const REGION: Region = { texture: null as unknown as TextureBase, x: 0, y: 0, w: 0, h: 0, rotated: false };

/** Milliseconds, for the prefetch budget. */
const now = (): number => (typeof performance !== 'undefined' ? performance.now() : Date.now());

/** Byte every readback buffer is filled with first: a buffer still all SENTINEL was never written. */
const SENTINEL = 0x5a;

/**
 * The mask cache. Use the shared instance {@link PixelMasks}. Entries stay until
 * {@link releaseUnused} or {@link clear} (an animation that loops would otherwise rebuild its
 * masks every cycle).
 */
export class PixelMaskCache {
    private _byTexture = new Map<TextureBase, Map<string, MaskEntry>>();
    /** Per frame object: its entries by threshold (frame switches then allocate nothing). */
    private _byFrame = new WeakMap<SpriteFrame, MaskEntry[]>();
    private _baked = new Map<string, BakedMaskEntry>();
    /** Library entries that name their sprite frame, by `bakedUuidKey(uuid, threshold)`. */
    private _bakedByUuid = new Map<string, BakedMaskEntry>();
    /** Compact (version 2) libraries, in the order added: indexed, decoded per mask on first use. */
    private _compact: CompactLibraryIndex[] = [];
    private _prefetcher = new MaskPrefetcher();
    private _warned = new Set<string>();
    private _stats: MaskCacheStats = { masks: 0, bytes: 0, hits: 0, misses: 0, baked: 0, pixels: 0, readback: 0, none: 0 };
    private _canvas: { ctx: CanvasRenderingContext2D; source: unknown } | null = null;

    /** Size and traffic of the cache (the returned object is reused). */
    stats(): Readonly<MaskCacheStats> {
        return this._stats;
    }

    /**
     * Decoding large baked masks ahead of time: from the moment a compact library is registered,
     * masks of at least `minTexels` texels are decoded a few rows at a time, at most `budgetMs`
     * each frame (the CollisionSystem runs it after its step), so that a large frame's collider
     * finds its mask ready when it appears. Change the fields to tune it (`enabled: false` turns
     * it off); masks decoded ahead wait for their collider (at most `maxBytes` of them).
     */
    get prefetch(): PrefetchOptions {
        return this._prefetcher.options;
    }

    /** Figures of the decoding ahead (the returned object is reused). */
    prefetchStats(): Readonly<PrefetchStats> {
        return this._prefetcher.stats();
    }

    /**
     * Decodes large baked masks ahead for about `prefetch.budgetMs` (the CollisionSystem calls it
     * every frame; a loading screen may call it more often). Allocates nothing when idle.
     */
    prefetchStep(): void {
        this._prefetcher.step(now);
    }

    /** True while large baked masks remain to be decoded ahead. */
    get prefetching(): boolean {
        return this._prefetcher.busy;
    }

    /**
     * The mask of `frame` at `threshold` (acquired: call {@link release} when done). Never throws
     * for unreadable textures: the entry's `mask` is then null and a warning was logged once.
     */
    acquire(frame: SpriteFrame, threshold: number, who = 'a sprite'): MaskEntry {
        const e = this._lookup(frame, threshold, who);
        e.refs++;
        return e;
    }

    /**
     * The mask of a whole texture at `threshold` (acquired: call {@link release} when done): the
     * page of a Spine or DragonBones atlas, whose attachments are triangles mapped onto it. Never
     * throws; the entry's `mask` is null (and a warning was logged once) when it cannot be read.
     */
    acquireTexture(texture: Texture2D, threshold: number, who = 'a skeleton'): MaskEntry {
        const r = REGION;
        r.texture = texture as unknown as TextureBase;
        r.x = 0; r.y = 0; r.w = texture.width; r.h = texture.height; r.rotated = false;
        const key = `0,0,${r.w},${r.h},0,${threshold}`;
        let byKey = this._byTexture.get(r.texture);
        if (!byKey) { byKey = new Map(); this._byTexture.set(r.texture, byKey); }
        let e = byKey.get(key);
        if (e) {
            this._stats.hits++;
        } else {
            e = this._add(byKey, key, this._build(r, threshold, null, texture.name || textureUuid(r.texture), who));
        }
        e.refs++;
        return e;
    }

    /** Gives back what {@link acquire} returned. */
    release(e: MaskEntry): void {
        if (e.refs > 0) e.refs--;
    }

    /** The mask of a frame at a threshold, without acquiring it (null when unreadable). */
    maskOf(frame: SpriteFrame, threshold = 0): BitMask | null {
        return this._lookup(frame, threshold, 'a sprite').mask;
    }

    /** Drops every mask no collider uses now. Returns how many were dropped. */
    releaseUnused(): number {
        let n = 0;
        this._byTexture.forEach((m, tex) => {
            m.forEach((e, k) => {
                if (e.refs === 0) { m.delete(k); this._forget(e); n++; }
            });
            if (m.size === 0) this._byTexture.delete(tex);
        });
        if (n) this._byFrame = new WeakMap();
        return n;
    }

    /** Drops everything, baked libraries included. */
    clear(): void {
        this._byTexture.clear();
        this._byFrame = new WeakMap();
        this._baked.clear();
        this._bakedByUuid.clear();
        this._compact.length = 0;
        this._prefetcher.clear();
        this._warned.clear();
        const s = this._stats;
        s.masks = s.bytes = s.hits = s.misses = s.baked = s.pixels = s.readback = s.none = 0;
    }

    /**
     * Loads a mask library (the parsed JSON of a baked library, see core/mask-library.ts). Throws
     * a clear error for anything that is not one. Entries replace earlier ones for the same sprite
     * frame uuid or region (a compact library's entries come before any version 1 library's).
     * The project's baked libraries (the main one, and one per Asset Bundle that has frames) call
     * this themselves when their bundle loads. A compact (version 2) library is only indexed here:
     * each mask is decoded the first time a collider needs it. Returns the number of entries
     * (groups of a compact library: one per texture and declaring asset).
     */
    addLibrary(json: unknown, name?: string): number {
        const lib = json as { format?: unknown; version?: unknown; groups?: unknown } | null;
        if (lib && typeof lib === 'object' && lib.format === MASK_LIBRARY_FORMAT && lib.version === MASK_LIBRARY_COMPACT_VERSION) {
            const groups = libraryGroups(lib.groups);
            if (!groups) throw new TypeError(`${name ?? 'mask library'} has no "groups" (a string, or an array of strings). ${BAKE_HINT}.`);
            const index = new CompactLibraryIndex(groups, name);
            this._compact.push(index);
            this._prefetcher.add(index);
            return index.size;
        }
        const entries = checkLibrary(json, name);
        for (const e of entries) {
            this._baked.set(bakedKey(e.texture, e.rect[0], e.rect[1], e.rect[2], e.rect[3], !!e.rotated, e.threshold), e);
            if (e.uuid) this._bakedByUuid.set(bakedUuidKey(e.uuid, e.threshold), e);
        }
        return entries.length;
    }

    /**
     * Bakes a library from code: reads each frame's pixels now (the pixel / readback sources)
     * and returns the JSON to save as a `.json` asset (then load it with `addLibrary` or assign it
     * to `PixelCollider.maskLibrary`). Throws, naming the frame, when one cannot be read.
     */
    bakeLibrary(frames: readonly SpriteFrame[], threshold = 0): MaskLibrary {
        const masks: BakedMaskEntry[] = [];
        for (const f of frames) {
            const r = regionOf(f, REGION);
            const mask = this._read(r, threshold);
            if (!mask) throw new Error(`bakeLibrary: the pixels of frame "${f.name}" cannot be read on this platform; bake in a web preview or in the editor.`);
            const uuid = assetUuid(f);
            masks.push({
                ...(uuid ? { uuid } : {}),
                texture: textureUuid(r.texture), rect: [r.x, r.y, r.w, r.h], rotated: r.rotated, threshold,
                frame: f.name, data: encodeBase64(mask.serialize()),
            });
        }
        return { format: MASK_LIBRARY_FORMAT, version: MASK_LIBRARY_VERSION, masks };
    }

    /** @internal Warns once per key. */
    warnOnce(key: string, message: string): void {
        if (this._warned.has(key)) return;
        this._warned.add(key);
        warn(`[pixel-collision] ${message}`);
    }

    // ------------------------------------------------------------------------------------------

    private _lookup(frame: SpriteFrame, threshold: number, who: string): MaskEntry {
        const r = regionOf(frame, REGION);
        const memo = this._byFrame.get(frame);
        if (memo) {
            for (let i = 0; i < memo.length; i++) {
                const e = memo[i];
                if (e.threshold === threshold && sameRegion(e, r)) { this._stats.hits++; return e; }
            }
        }
        const key = `${r.x},${r.y},${r.w},${r.h},${r.rotated ? 1 : 0},${threshold}`;
        let byKey = this._byTexture.get(r.texture);
        if (!byKey) { byKey = new Map(); this._byTexture.set(r.texture, byKey); }
        let e = byKey.get(key);
        if (e) {
            this._stats.hits++;
        } else {
            e = this._add(byKey, key, this._build(r, threshold, frame, frame.name, who));
        }
        if (memo) memo.push(e);
        else this._byFrame.set(frame, [e]);
        return e;
    }

    private _add(byKey: Map<string, MaskEntry>, key: string, e: MaskEntry): MaskEntry {
        byKey.set(key, e);
        const s = this._stats;
        s.misses++;
        s.masks++;
        if (e.mask) s.bytes += e.mask.bits.byteLength;
        s[e.source]++;
        return e;
    }

    private _forget(e: MaskEntry): void {
        const s = this._stats;
        s.masks--;
        if (e.mask) s.bytes -= e.mask.bits.byteLength;
        s[e.source]--;
    }

    /** `frame`: the sprite frame the region is of (null: a whole atlas page); `name`: for messages. */
    private _build(r: Region, threshold: number, frame: SpriteFrame | null, name: string, who: string): MaskEntry {
        const base = { refs: 0, texture: r.texture, x: r.x, y: r.y, w: r.w, h: r.h, rotated: r.rotated, threshold };
        const uuid = textureUuid(r.texture);
        const baked = this._bakedFor(frame, r, uuid, threshold);
        if (baked) {
            try {
                return { ...base, mask: 'code' in baked ? this._prefetcher.take(baked) ?? decodeCodedEntry(baked) : decodeEntry(baked), source: 'baked' };
            } catch (err) {
                this.warnOnce(`baked:${uuid}`, `${(err as Error).message} (${frame ? 'frame' : 'texture'} "${name}"); reading its pixels instead.`);
            }
        }
        const fromPixels = this._readPixels(r, threshold);
        if (fromPixels) return { ...base, mask: fromPixels, source: 'pixels' };
        const fromGpu = this._readBack(r, threshold);
        if (fromGpu) {
            this.warnOnce(`readback:${uuid || name}`, `${frame ? 'frame' : 'texture'} "${name}": its texture has no CPU pixels here, so its mask was read back from the GPU (one synchronous copy). ${BAKE_HINT} to skip that.`);
            return { ...base, mask: fromGpu, source: 'readback' };
        }
        this.warnOnce(`none:${uuid || name}`, `${who}: the pixels of ${frame ? 'frame' : 'texture'} "${name}" cannot be read on this platform (no CPU copy, no GPU readback), so it collides as its bounding box. ${BAKE_HINT}; the baked library loads itself at startup. A frame set from code is baked only when its folder is in "include" in the project settings (Pixel Collision), or with "bakeAll".`);
        return { ...base, mask: null, source: 'none' };
    }

    /**
     * The library entry of a frame: by its SpriteFrame uuid first (found however the frame was
     * packed; the mask must have the rect's size), then by its source region.
     */
    private _bakedFor(frame: SpriteFrame | null, r: Region, textureId: string, threshold: number): BakedMaskEntry | CodedMaskEntry | undefined {
        const frameId = frame ? assetUuid(frame) : '';
        const compact = this._compact;
        if (frameId) {
            for (let i = compact.length - 1; i >= 0; i--) {
                const c = compact[i].byUuid(frameId, threshold);
                if (c && c.rect[2] === r.w && c.rect[3] === r.h) return c;
            }
            const e = this._bakedByUuid.get(bakedUuidKey(frameId, threshold));
            if (e && e.rect[2] === r.w && e.rect[3] === r.h) return e;
        }
        if (!textureId) return undefined;
        for (let i = compact.length - 1; i >= 0; i--) {
            const c = compact[i].byRegion(textureId, r.x, r.y, r.w, r.h, r.rotated, threshold);
            if (c) return c;
        }
        return this._baked.get(bakedKey(textureId, r.x, r.y, r.w, r.h, r.rotated, threshold));
    }

    /** Pixels, then readback (for baking). */
    private _read(r: Region, threshold: number): BitMask | null {
        return this._readPixels(r, threshold) ?? this._readBack(r, threshold);
    }

    /** The texture's CPU copy (bytes or a drawable image), or null. */
    private _readPixels(r: Region, threshold: number): BitMask | null {
        const tex = r.texture as Texture2D;
        const image = (tex as { image?: ImageAsset | null }).image;
        if (!image) return null;
        const data = image.data as unknown;
        const sw = r.rotated ? r.h : r.w, sh = r.rotated ? r.w : r.h; // stored size
        const opts = { threshold, rotated: r.rotated, rect: { x: r.x, y: r.y, width: r.w, height: r.h } };
        if (data && ArrayBuffer.isView(data)) {
            if (imageCompressed(image) || image.format !== Texture2D.PixelFormat.RGBA8888) return null;
            const bytes = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
            if (bytes.length < image.width * image.height * 4) return null;
            return BitMask.fromRGBA(bytes.subarray(0, image.width * image.height * 4), image.width, image.height, opts);
        }
        // A drawable image (web only): the native engine's image element is the jsb-adapter's shim,
        // whose pixels live in C++ (and are released after upload), and its canvas has neither
        // drawImage nor getImageData: there the GPU copy is read instead.
        if (data && !JSB && typeof document !== 'undefined' && isDrawable(data)) {
            try {
                const ctx = this._context(data, image.width, image.height);
                if (!ctx) return null;
                const px = ctx.getImageData(r.x, r.y, sw, sh).data;
                return BitMask.fromRGBA(px, sw, sh, { threshold, rotated: r.rotated, rect: { x: 0, y: 0, width: r.w, height: r.h } });
            } catch (err) {
                // A cross-origin image taints the canvas: getImageData throws a SecurityError.
                this.warnOnce(`taint:${textureUuid(r.texture)}`, `reading the pixels of texture ${textureUuid(r.texture) || '(runtime)'} failed (${(err as Error).message}); serve images from the game's origin or bake the masks.`);
                return null;
            }
        }
        return null;
    }

    /** A 2D context holding `source` (the last one is kept: frames of one atlas share it). */
    private _context(source: CanvasImageSource, w: number, h: number): CanvasRenderingContext2D | null {
        if (this._canvas && this._canvas.source === source) return this._canvas.ctx;
        const canvas = document.createElement('canvas');
        canvas.width = w;
        canvas.height = h;
        const ctx = canvas.getContext('2d', { willReadFrequently: true } as CanvasRenderingContext2DSettings) as CanvasRenderingContext2D | null;
        if (!ctx) return null;
        ctx.globalCompositeOperation = 'copy';
        ctx.drawImage(source, 0, 0);
        this._canvas = { ctx, source };
        return ctx;
    }

    /** One synchronous GPU copy of the stored region, or null where that cannot work. */
    private _readBack(r: Region, threshold: number): BitMask | null {
        try {
            return this._readBackUnsafe(r, threshold);
        } catch (err) {
            log(`[pixel-collision] GPU readback failed: ${(err as Error).message}`);
            return null;
        }
    }

    private _readBackUnsafe(r: Region, threshold: number): BitMask | null {
        const tex = r.texture as Texture2D;
        const device = director.root?.device;
        if (!device || typeof tex.getGFXTexture !== 'function') return null;
        if (device.gfxAPI === gfx.API.WEBGPU) return null; // its copy is asynchronous
        const gt = tex.getGFXTexture();
        if (!gt || gt.format !== gfx.Format.RGBA8) return null;
        const sw = r.rotated ? r.h : r.w, sh = r.rotated ? r.w : r.h;
        const buf = new Uint8Array(sw * sh * 4).fill(SENTINEL);
        const region = new gfx.BufferTextureCopy();
        region.texOffset.x = r.x;
        region.texOffset.y = r.y;
        region.texExtent.width = sw;
        region.texExtent.height = sh;
        region.texExtent.depth = 1;
        device.copyTextureToBuffers(gt, [buf], [region]);
        if (untouched(buf)) return null;
        return BitMask.fromRGBA(buf, sw, sh, { threshold, rotated: r.rotated, rect: { x: 0, y: 0, width: r.w, height: r.h } });
    }
}

/** The cache every collider uses. */
export const PixelMasks = new PixelMaskCache();

/** The frame's source region, undoing dynamic-atlas packing (`frame.original`). */
export function regionOf(frame: SpriteFrame, out: Region): Region {
    const rect = frame.rect;
    const original = frame.original;
    if (original) {
        out.texture = original._texture;
        out.x = original._x;
        out.y = original._y;
    } else {
        out.texture = frame.texture;
        out.x = rect.x;
        out.y = rect.y;
    }
    out.w = rect.width;
    out.h = rect.height;
    out.rotated = frame.rotated;
    return out;
}

function sameRegion(e: MaskEntry, r: Region): boolean {
    return e.texture === r.texture && e.x === r.x && e.y === r.y && e.w === r.w && e.h === r.h && e.rotated === r.rotated;
}

function textureUuid(t: TextureBase): string {
    return (t as unknown as { _uuid?: string })._uuid ?? '';
}

/** An asset's uuid ('' for assets made in code). */
function assetUuid(a: SpriteFrame): string {
    return (a as unknown as { _uuid?: string })._uuid ?? '';
}

/**
 * `image.isCompressed`, in both engines: the web engine's is a boolean getter, the native one's a
 * method (assets.i binds `TextureBase::isCompressed` as an attribute but not `ImageAsset`'s), so
 * reading it as a property there gives a function, always truthy.
 */
export function imageCompressed(image: ImageAsset): boolean {
    const v = (image as unknown as { isCompressed: boolean | (() => boolean) }).isCompressed;
    return typeof v === 'function' ? v.call(image) === true : v === true;
}

function isDrawable(d: unknown): d is CanvasImageSource {
    return typeof (d as { width?: unknown }).width === 'number' && typeof (d as { height?: unknown }).height === 'number';
}

function untouched(buf: Uint8Array): boolean {
    for (let i = 0; i < buf.length; i++) if (buf[i] !== SENTINEL) return false;
    return true;
}
