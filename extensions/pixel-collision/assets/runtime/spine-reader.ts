/**
 * What an `sp.Skeleton` draws this frame, as triangles (skeleton-parts.ts).
 *
 * Read from the engine's own render model (`cocos/spine/assembler/simple.ts`, v3.8.5): the
 * component's `updateRenderData()` poses the skeleton (`updateWorldTransform`) and lists every
 * drawn attachment's vertices in node space, clipping applied, slots in draw order, as the
 * assembler then copies them to the GPU:
 * - REALTIME: the model lives in the Spine runtime's wasm memory (`vPtr`, `iPtr`, 16-bit indices
 *   already counted from the model's first vertex); a vertex is `x y z u v` floats and a packed
 *   RGBA colour (a second colour with tint), 24 or 28 bytes; `getData()` lists the draws, 6
 *   numbers each: vertex pointer, index pointer, vertex count, index count, blend mode, texture.
 * - SHARED_CACHE / PRIVATE_CACHE: the current cached frame's model (`_curFrame.model`): the same
 *   vertices (always 28 bytes: the cache keeps the tint colour) copied to `vData` / `iData`.
 *
 * The skeleton system poses the skeleton at a higher priority than the collision system, but the
 * world transform is computed only when the model is built, so reading the model here gives the
 * pose this frame is drawn with; the engine's assembler builds the same model again to draw it.
 * A triangle whose vertex alpha is 0 is left out: it draws nothing (the slot's, the
 * attachment's and the skeleton's alpha, and the node's opacity, multiplied).
 *
 * Native builds run Spine as C++ through JSB, with no model to read here: {@link read} returns
 * false and the collider falls back to a box, with one warning.
 */
import * as cc from 'cc';
import type { Texture2D } from 'cc';
import type { DrawnTriangles, SkeletonReader } from './skeleton-parts';

/** Texture ids from here on are textures set on a slot (`setSlotTexture`), kept by the component. */
const CUSTOM_SLOT_TEXTURE_BEGIN = 10000;
/** Byte offset of the colour in a vertex (after `x y z u v`); its alpha is byte 3. */
const COLOR_BYTE = 20;

/** The wasm vector `getData()` returns. */
interface WasmVector { size(): number; get(i: number): number }
interface RealtimeModel { vCount: number; iCount: number; vPtr: number; iPtr: number; getData(): WasmVector }
interface CachedModel { vCount: number; iCount: number; vData: Uint8Array; iData: Uint16Array; meshes: { iCount: number; textureID: number }[] }

/** What is read of `sp.Skeleton` (fields the engine's assembler reads too). */
export interface SpineSkeletonLike {
    enabledInHierarchy: boolean;
    useTint: boolean;
    _skeleton: unknown;
    isAnimationCached(): boolean;
    updateRenderData(): RealtimeModel | CachedModel | null;
}

interface SpineTextures { _textures?: Texture2D[]; _slotTextures?: Map<number, Texture2D> | null }

/** The Spine runtime's wasm memory, or null (native: no wasm; or no Spine in this build). */
function spineHeap(): Uint8Array | null {
    const sp = (cc as unknown as { sp?: { spine?: { wasmUtil?: { wasm?: { HEAPU8?: Uint8Array } } } } }).sp;
    const heap = sp && sp.spine && sp.spine.wasmUtil && sp.spine.wasmUtil.wasm ? sp.spine.wasmUtil.wasm.HEAPU8 : undefined;
    return heap instanceof Uint8Array ? heap : null;
}

export class SpineReader implements SkeletonReader {
    readonly kind = 'sp.Skeleton';
    reason = '';
    /** Views of the wasm memory (renewed when it grows). */
    private _buf: ArrayBufferLike | null = null;
    private _f32: Float32Array<ArrayBufferLike> = new Float32Array(0);
    private _u16: Uint16Array<ArrayBufferLike> = new Uint16Array(0);
    private _u8: Uint8Array<ArrayBufferLike> = new Uint8Array(0);
    /** A cached frame's vertices, copied here to read them as floats without a view per frame. */
    private _copy = new Uint8Array(0);
    private _copyF32 = new Float32Array(0);

    constructor(private readonly _comp: SpineSkeletonLike) {}

    read(out: DrawnTriangles): boolean {
        out.clear();
        const comp = this._comp;
        if (!comp.enabledInHierarchy || !comp._skeleton) return true; // draws nothing
        if (comp.isAnimationCached()) {
            const model = comp.updateRenderData() as CachedModel | null;
            if (!model) return true;
            return this._cached(model, out);
        }
        const heap = spineHeap();
        if (!heap) {
            this.reason = 'its geometry cannot be read on this platform (Spine runs natively here, with no render model to read)';
            return false;
        }
        const model = comp.updateRenderData() as RealtimeModel | null;
        if (!model) return true;
        const heapNow = spineHeap() as Uint8Array; // (the update may have grown the memory)
        if (heapNow.buffer !== this._buf) {
            this._buf = heapNow.buffer;
            this._f32 = new Float32Array(heapNow.buffer, 0, heapNow.byteLength >>> 2);
            this._u16 = new Uint16Array(heapNow.buffer, 0, heapNow.byteLength >>> 1);
            this._u8 = new Uint8Array(heapNow.buffer);
        }
        const vc = model.vCount, ic = model.iCount;
        if (vc < 1 || ic < 1) return true;
        const stride = comp.useTint ? 28 : 24;
        const data = model.getData();
        const count = data.size();
        let first = model.iPtr >>> 1;
        for (let i = 0; i < count; i += 6) {
            const n = data.get(i + 3), tex = this._texture(data.get(i + 5));
            if (tex) this._triangles(out, out.textureIndex(tex), this._f32, this._u8, model.vPtr, stride, this._u16, first, n);
            first += n;
        }
        return true;
    }

    private _cached(model: CachedModel, out: DrawnTriangles): boolean {
        const vc = model.vCount, ic = model.iCount;
        if (vc < 1 || ic < 1) return true;
        const bytes = model.vData;
        if (this._copy.length < bytes.length) {
            this._copy = new Uint8Array(Math.max(bytes.length, 2 * this._copy.length));
            this._copyF32 = new Float32Array(this._copy.buffer);
        }
        this._copy.set(bytes);
        const meshes = model.meshes;
        let first = 0;
        for (let i = 0; i < meshes.length; i++) {
            const m = meshes[i], tex = this._texture(m.textureID);
            if (tex) this._triangles(out, out.textureIndex(tex), this._copyF32, this._copy, 0, 28, model.iData, first, m.iCount);
            first += m.iCount;
        }
        return true;
    }

    private _texture(id: number): Texture2D | null {
        const c = this._comp as unknown as SpineTextures;
        if (id < CUSTOM_SLOT_TEXTURE_BEGIN) return c._textures ? c._textures[id] ?? null : null;
        return c._slotTextures ? c._slotTextures.get(id) ?? null : null;
    }

    /** Adds the `n / 3` triangles of indices `idx[first ..]` (vertices at byte `base + index * stride`). */
    private _triangles(out: DrawnTriangles, tex: number, f32: Float32Array<ArrayBufferLike>, u8: Uint8Array<ArrayBufferLike>, base: number, stride: number,
        idx: Uint16Array<ArrayBufferLike>, first: number, n: number): void {
        const fs = stride >>> 2, f0 = base >>> 2;
        for (let k = first, end = first + n - 2; k < end; k += 3) {
            const i0 = idx[k], i1 = idx[k + 1], i2 = idx[k + 2];
            if (u8[base + i0 * stride + COLOR_BYTE + 3] === 0) continue; // alpha 0: draws nothing
            const a = f0 + i0 * fs, b = f0 + i1 * fs, c = f0 + i2 * fs;
            out.push(f32[a], f32[a + 1], f32[a + 3], f32[a + 4], f32[b], f32[b + 1], f32[b + 3], f32[b + 4],
                f32[c], f32[c + 1], f32[c + 3], f32[c + 4], tex);
        }
    }
}
