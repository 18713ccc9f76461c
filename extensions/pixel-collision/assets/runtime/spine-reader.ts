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
 * Native builds run Spine as C++ through JSB: native-skeleton-reader.ts reads what it draws.
 */
import * as cc from 'cc';
import type { Texture2D } from 'cc';
import { BLEND_ADDITIVE, SlotFilter } from './skeleton-parts';
import { SpineSlotRanges } from './spine-slots';
import type { DrawnTriangles, SkeletonReader } from './skeleton-parts';

/** Texture ids from here on are textures set on a slot (`setSlotTexture`), kept by the component. */
const CUSTOM_SLOT_TEXTURE_BEGIN = 10000;
/** Byte offset of the colour in a vertex (after `x y z u v`); its alpha is byte 3. */
const COLOR_BYTE = 20;

/** The wasm vector `getData()` returns. */
interface WasmVector { size(): number; get(i: number): number }
interface RealtimeModel { vCount: number; iCount: number; vPtr: number; iPtr: number; getData(): WasmVector }
interface CachedModel { vCount: number; iCount: number; vData: Uint8Array; iData: Uint16Array; meshes: { iCount: number; blendMode: number; textureID: number }[] }

/** What is read of `sp.Skeleton` (fields the engine's assembler reads too). */
export interface SpineSkeletonLike {
    enabledInHierarchy: boolean;
    useTint: boolean;
    _skeleton: unknown;
    isAnimationCached(): boolean;
    updateRenderData(): RealtimeModel | CachedModel | null;
}

/** The Spine runtime's classes and objects the slot walk reads (its wasm bindings, `spine-type-export.cpp`). */
interface WasmList<T> { size(): number; get(i: number): T }
interface WasmSlotData { getIndex(): number; getName(): string }
interface WasmSlot { getData(): WasmSlotData; getBone(): { isActive(): boolean }; getAttachment(): object | null }
interface WasmSkeleton { getDrawOrder(): WasmList<WasmSlot>; getSlots(): WasmList<WasmSlot> }
interface WasmClasses {
    RegionAttachment: new (...a: never[]) => object;
    MeshAttachment: new (...a: never[]) => { getTriangles(): WasmList<number> };
    ClippingAttachment: new (...a: never[]) => { getEndSlot(): WasmSlotData | null };
}

interface SpineTextures { _textures?: Texture2D[]; _slotTextures?: Map<number, Texture2D> | null }

/** The Spine runtime's wasm memory, or null (native: no wasm; or no Spine in this build). */
function spineClasses(): WasmClasses | null {
    const sp = (cc as unknown as { sp?: { spine?: Partial<WasmClasses> } }).sp;
    const s = sp && sp.spine;
    return s && s.RegionAttachment && s.MeshAttachment && s.ClippingAttachment ? s as WasmClasses : null;
}

function spineHeap(): Uint8Array | null {
    const sp = (cc as unknown as { sp?: { spine?: { wasmUtil?: { wasm?: { HEAPU8?: Uint8Array } } } } }).sp;
    const heap = sp && sp.spine && sp.spine.wasmUtil && sp.spine.wasmUtil.wasm ? sp.spine.wasmUtil.wasm.HEAPU8 : undefined;
    return heap instanceof Uint8Array ? heap : null;
}

export class SpineReader implements SkeletonReader {
    readonly kind = 'sp.Skeleton';
    reason = '';
    warning = '';
    filter = new SlotFilter();
    /** Index ranges of the model to leave out (slots not kept by name), from the slot walk. */
    private readonly _ranges = new SpineSlotRanges();
    /** Whether each slot (by its index in the skeleton) is kept by name, for `_keepFor`. */
    private _keep = new Uint8Array(0);
    private _keepFor: { skeleton: unknown; ignore: readonly string[]; only: readonly string[] } = { skeleton: null, ignore: [], only: [] };
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
        this.warning = '';
        this._ranges.dropN = 0;
        const comp = this._comp;
        if (!comp.enabledInHierarchy || !comp._skeleton) return true; // draws nothing
        if (comp.isAnimationCached()) {
            const model = comp.updateRenderData() as CachedModel | null;
            if (!model) return true;
            if (this.filter.byName) this.warning = 'slots are chosen by name (ignoreSlots / onlySlots) in the REALTIME cache mode only; in SHARED_CACHE / PRIVATE_CACHE every slot collides (additiveSlots still applies)';
            return this._cached(model, out);
        }
        const heap = spineHeap();
        if (!heap) {
            this.reason = 'the Spine runtime\'s wasm memory is not available here, so its render model cannot be read';
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
        if (this.filter.byName) this._slotRanges(comp._skeleton as WasmSkeleton, ic);
        const data = model.getData();
        const count = data.size();
        const additive = this.filter.additive;
        const i0 = model.iPtr >>> 1;
        let first = i0;
        for (let i = 0; i < count; i += 6) {
            const n = data.get(i + 3), tex = this._texture(data.get(i + 5));
            if (tex && (additive || data.get(i + 4) !== BLEND_ADDITIVE)) this._triangles(out, out.textureIndex(tex), this._f32, this._u8, model.vPtr, stride, this._u16, first, n, i0);
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
        const additive = this.filter.additive;
        let first = 0;
        for (let i = 0; i < meshes.length; i++) {
            const m = meshes[i], tex = this._texture(m.textureID);
            if (tex && (additive || m.blendMode !== BLEND_ADDITIVE)) this._triangles(out, out.textureIndex(tex), this._copyF32, this._copy, 0, 28, model.iData, first, m.iCount, 0);
            first += m.iCount;
        }
        return true;
    }

    private _texture(id: number): Texture2D | null {
        const c = this._comp as unknown as SpineTextures;
        if (id < CUSTOM_SLOT_TEXTURE_BEGIN) return c._textures ? c._textures[id] ?? null : null;
        return c._slotTextures ? c._slotTextures.get(id) ?? null : null;
    }

    /**
     * Adds the `n / 3` triangles of indices `idx[first ..]` (vertices at byte `base + index * stride`),
     * but those in the dropped ranges (`idx[origin]` is the model's first index).
     */
    private _triangles(out: DrawnTriangles, tex: number, f32: Float32Array<ArrayBufferLike>, u8: Uint8Array<ArrayBufferLike>, base: number, stride: number,
        idx: Uint16Array<ArrayBufferLike>, first: number, n: number, origin: number): void {
        const fs = stride >>> 2, f0 = base >>> 2;
        const drop = this._ranges.drop, dropEnd = 2 * this._ranges.dropN;
        let d = 0;
        for (let k = first, end = first + n - 2; k < end; k += 3) {
            if (d < dropEnd) {
                const at = k - origin;
                while (d < dropEnd && drop[d + 1] <= at) d += 2;
                if (d < dropEnd && drop[d] <= at) continue; // a slot not kept by name
            }
            const i0 = idx[k], i1 = idx[k + 1], i2 = idx[k + 2];
            if (u8[base + i0 * stride + COLOR_BYTE + 3] === 0) continue; // alpha 0: draws nothing
            const a = f0 + i0 * fs, b = f0 + i1 * fs, c = f0 + i2 * fs;
            out.push(f32[a], f32[a + 1], f32[a + 3], f32[a + 4], f32[b], f32[b + 1], f32[b + 3], f32[b + 4],
                f32[c], f32[c + 1], f32[c + 3], f32[c + 4], tex);
        }
    }

    /** The index ranges of the slots not kept by name, by walking the draw order (spine-slots.ts). */
    private _slotRanges(skeleton: WasmSkeleton, ic: number): void {
        const classes = spineClasses();
        if (!skeleton || !classes) return;
        const keep = this._keepTable(skeleton);
        const r = this._ranges;
        r.begin();
        const order = skeleton.getDrawOrder();
        const n = order.size();
        for (let s = 0; s < n; s++) {
            const slot = order.get(s);
            if (!slot.getBone().isActive()) continue;
            const index = slot.getData().getIndex();
            const att = slot.getAttachment();
            if (att instanceof classes.RegionAttachment) r.drawn(index, 6, keep[index] === 1);
            else if (att instanceof classes.MeshAttachment) r.drawn(index, att.getTriangles().size(), keep[index] === 1);
            else if (att instanceof classes.ClippingAttachment) { const end = att.getEndSlot(); r.clip(end ? end.getIndex() : -1); }
            else r.nothing(index);
        }
        r.finish(ic);
        if (r.warning) this.warning = r.warning;
    }

    /** Whether each slot of `skeleton` is kept by name (by slot index), remade when the names change. */
    private _keepTable(skeleton: WasmSkeleton): Uint8Array {
        const f = this.filter, k = this._keepFor;
        if (k.skeleton === skeleton && k.ignore === f.ignore && k.only === f.only) return this._keep;
        const slots = skeleton.getSlots();
        const n = slots.size();
        const keep = this._keep = new Uint8Array(n);
        for (let i = 0; i < n; i++) {
            const data = slots.get(i).getData();
            keep[data.getIndex()] = f.keeps(data.getName()) ? 1 : 0;
        }
        k.skeleton = skeleton; k.ignore = f.ignore; k.only = f.only;
        return keep;
    }
}
