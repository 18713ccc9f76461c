/**
 * What an `sp.Skeleton` or a `dragonBones.ArmatureDisplay` draws this frame in the native engine
 * (Creator's simulator, native builds: Spine and DragonBones run in C++ behind JSB), as triangles
 * (skeleton-parts.ts).
 *
 * Read where the engine itself puts them to draw (engine v3.8.5, measured in the native engine):
 * just before drawing (`Director.EVENT_BEFORE_DRAW`, the listener of `jsb-editor-support.js`),
 * `MiddlewareManager::render` has every skeleton write the triangles it draws into the shared
 * mesh buffers of the `middleware` module, one per vertex format: `x y z u v` floats and an RGBA
 * colour (6 words a vertex; 7 with Spine's tint, and always from Spine's animation cache), 16-bit indices counted from the buffer's first
 * vertex. The component's render entity lists its draws (`getRenderDrawInfoAt(i)`: `indexOffset`,
 * `ibCount`), consecutive slots with the same texture and blend mode merged. Clipping, vertex
 * effects, child armatures and every cache mode are already applied. Spine writes node space
 * (its entity `useLocal`, unless `enableBatch`), DragonBones world space (mapped back to the node
 * here, with the node's world matrix of the same moment). A triangle whose vertex alpha is 0 is
 * left out: it draws nothing.
 *
 * So this reader is right only after that render: the collision system runs its step at
 * `EVENT_BEFORE_DRAW` in native builds that include Spine or DragonBones (CollisionSystem).
 *
 * Choosing slots (`ignoreSlots`, `onlySlots`, `additiveSlots` off): Spine in REALTIME walks its
 * draw order through the native bindings (spine-slots.ts, with the native renderer's rules). What
 * the native engine does not let a script see, and the fallbacks (each said once):
 * - which slot or blend mode a triangle of a DragonBones armature, or of Spine's animation cache,
 *   has (a draw's material cannot be read from script: the getter aborts the engine): there,
 *   slots are not chosen and every drawn slot collides, with one warning;
 * - which texture a draw uses, but for its size: pages of different sizes are told apart; a
 *   skeleton with several pages of one size, or a slot texture (`setSlotTexture`), collides as its
 *   content box, with one warning;
 * - more than 65,535 vertices of skeletons in one format this frame (a second buffer page, whose
 *   draws cannot be told apart from script): the content box that frame, with one warning.
 */
import type { Component, Texture2D } from 'cc';
import type { DrawnTriangles, SkeletonReader } from './skeleton-parts';
import { BLEND_ADDITIVE, SlotFilter } from './skeleton-parts';
import { SpineSlotRanges } from './spine-slots';

/** Byte offset of the colour in a vertex (after `x y z u v`); its alpha is byte 3. */
const COLOR_BYTE = 20;

/** A draw of a render entity (`n2d.RenderDrawInfo`, JSB). */
interface DrawInfoLike { indexOffset: number; ibCount: number; texture?: { width?: number; height?: number } | null }
/** The component's native render entity (`n2d.RenderEntity`, JSB). */
interface NativeEntityLike { getRenderDrawInfosSize(): number; getRenderDrawInfoAt(i: number): DrawInfoLike; getUseLocal(): boolean; getOpacity?(): number }

/** The native Spine runtime's objects the slot walk reads (JSB: `spine.i`, properties; vectors are arrays). */
interface NativeSlotData { index: number; name: string; blendMode: number }
interface NativeColor { a: number }
interface NativeSlot { data: NativeSlotData; bone: { active: boolean }; color: NativeColor; attachment: object | null }
interface NativeSkeleton { drawOrder: NativeSlot[]; slots: NativeSlot[]; color: NativeColor }
interface NativeSpineClasses {
    RegionAttachment: new (...a: never[]) => { color: NativeColor };
    MeshAttachment: new (...a: never[]) => { color: NativeColor; triangles: ArrayLike<number> };
    ClippingAttachment: new (...a: never[]) => { endSlot: NativeSlotData | null };
}

function nativeSpine(): NativeSpineClasses | null {
    const s = (globalThis as { spine?: Partial<NativeSpineClasses> }).spine;
    return s && s.RegionAttachment && s.MeshAttachment && s.ClippingAttachment ? s as NativeSpineClasses : null;
}
/** The `middleware` module's manager (`middleware.MiddlewareManager.getInstance()`, JSB). */
interface MiddlewareManagerLike {
    getBufferCount(format: number): number;
    getVBTypedArray(format: number, page: number): Float32Array;
    getIBTypedArray(format: number, page: number): Uint16Array;
}
interface Mat4Like { m00: number; m01: number; m04: number; m05: number; m12: number; m13: number }

/** What is read of the component (both renderers). */
export interface NativeSkeletonLike {
    enabledInHierarchy: boolean;
    node: { worldMatrix: Mat4Like; _uiProps?: { opacity: number } };
    _renderEntity?: { nativeObj?: NativeEntityLike | null } | null;
    /** Spine: its tint makes 7-word vertices. */
    useTint?: boolean;
    /** Spine: the native skeleton (its draw order, for choosing slots). */
    _skeleton?: unknown;
    isAnimationCached?(): boolean;
    /** Spine: the atlas pages. */
    skeletonData?: { textures?: Texture2D[] } | null;
    /** DragonBones: the atlas page. */
    dragonAtlasAsset?: { texture?: Texture2D | null } | null;
}

/** The JSB `middleware` module, or null (a web engine, or a build without Spine and DragonBones). */
export function nativeMiddleware(): MiddlewareManagerLike | null {
    const mw = (globalThis as { middleware?: { MiddlewareManager?: { getInstance?(): MiddlewareManagerLike } } }).middleware;
    return mw && mw.MiddlewareManager && typeof mw.MiddlewareManager.getInstance === 'function' ? mw.MiddlewareManager.getInstance() : null;
}

export class NativeSkeletonReader implements SkeletonReader {
    reason = '';
    warning = '';
    filter = new SlotFilter();
    private _vb: Float32Array | null = null;
    private _u8: Uint8Array = new Uint8Array(0);
    private readonly _ranges = new SpineSlotRanges();
    /** The draws of the last read (kept to the next: an array, not one per read). */
    private readonly _draws: DrawInfoLike[] = [];
    private readonly _meshCounts = new WeakMap<object, number>();
    private _keep = new Uint8Array(0);
    private _keepFor: { skeleton: unknown; ignore: readonly string[]; only: readonly string[]; additive: boolean } = { skeleton: null, ignore: [], only: [], additive: true };

    constructor(private readonly _comp: NativeSkeletonLike, readonly kind: 'sp.Skeleton' | 'dragonBones.ArmatureDisplay') {}

    read(out: DrawnTriangles): boolean {
        out.clear();
        this.warning = '';
        const comp = this._comp;
        const mgr = nativeMiddleware();
        if (!mgr) {
            this.reason = 'this native build has no Spine / DragonBones geometry to read (the engine\'s middleware module is missing)';
            return false;
        }
        if (!comp.enabledInHierarchy) return true; // draws nothing
        if (comp.node._uiProps && comp.node._uiProps.opacity === 0) return true; // (DragonBones leaves the node's opacity out of its vertices)
        const entity = comp._renderEntity ? comp._renderEntity.nativeObj : null;
        if (!entity) return true; // not drawn yet
        const n = entity.getRenderDrawInfosSize();
        if (n === 0) return true;
        const f = this.filter;
        const cached = comp.isAnimationCached !== undefined && comp.isAnimationCached();
        // Choosing slots: Spine in REALTIME walks its draw order (spine-slots.ts); elsewhere the
        // drawing does not say which slot or blend mode a triangle has.
        const walk = (f.byName || !f.additive) && this.kind === 'sp.Skeleton' && !cached && nativeSpine() !== null && !!comp._skeleton;
        if ((f.byName || !f.additive) && !walk) {
            this.warning = this.kind === 'sp.Skeleton'
                ? 'in native builds slots are chosen (ignoreSlots / onlySlots / additiveSlots off) in the REALTIME cache mode only; in SHARED_CACHE / PRIVATE_CACHE every drawn slot collides'
                : 'in native builds the engine does not tell a script which slot or blend mode each drawn DragonBones triangle has: ignoreSlots / onlySlots / additiveSlots off are not applied, every drawn slot collides';
        }
        // Spine writes 7-word vertices with its tint, and always from its animation cache (the
        // native cache keeps the tint colour: SkeletonCacheAnimation's _useTint stays true).
        const words = this.kind === 'sp.Skeleton' && (comp.useTint || (comp.isAnimationCached !== undefined && comp.isAnimationCached())) ? 7 : 6;
        // (Only the format this skeleton drew in: asking for a format without a buffer makes one
        // the engine then crashes on.)
        if (mgr.getBufferCount(words) > 1) {
            this.reason = 'more than 65,535 vertices of Spine / DragonBones were drawn this frame (a second buffer, whose draws a script cannot tell apart)';
            return false;
        }
        const vb = mgr.getVBTypedArray(words, 0), ib = mgr.getIBTypedArray(words, 0);
        if (vb !== this._vb) {
            this._vb = vb;
            this._u8 = new Uint8Array(vb.buffer, vb.byteOffset, vb.byteLength);
        }
        const u8 = this._u8;
        // World -> node (DragonBones always; Spine with enableBatch), the node's matrix now.
        let a = 1, b = 0, c = 0, d = 1, tx = 0, ty = 0;
        if (!entity.getUseLocal()) {
            const m = comp.node.worldMatrix;
            const det = m.m00 * m.m05 - m.m01 * m.m04;
            if (!(det !== 0) || !Number.isFinite(1 / det)) return true; // scaled to nothing: draws nothing
            a = m.m05 / det; b = -m.m01 / det; c = -m.m04 / det; d = m.m00 / det;
            tx = -(a * m.m12 + c * m.m13); ty = -(b * m.m12 + d * m.m13);
        }
        const pages = this._pages();
        if (pages.length === 0) {
            this.reason = 'its atlas has no texture';
            return false;
        }
        const vCount = vb.length / words;
        const r = this._ranges;
        r.dropN = 0;
        // The draws, once (each call makes a JSB wrapper): the slot walk needs their total first.
        const draws = this._draws;
        let ic = 0;
        for (let i = 0; i < n; i++) { const di = entity.getRenderDrawInfoAt(i); draws[i] = di; ic += di.ibCount; }
        if (walk) this._slotRanges(comp._skeleton as NativeSkeleton, entity, ic);
        const drop = r.drop, dropEnd = 2 * r.dropN;
        let q = 0, at = 0; // (q: the next drop range; at: the drawing's index count before this draw)
        for (let i = 0; i < n; i++) {
            const di = draws[i];
            const tex = this._pageOf(di, pages);
            if (!tex) {
                this.reason = 'a draw\'s texture cannot be told here: its atlas has several pages of one size, or a slot shows a texture of its own (setSlotTexture), and the native engine does not tell a script which';
                out.clear();
                return false;
            }
            const t = out.textureIndex(tex);
            for (let k = di.indexOffset, end = di.indexOffset + di.ibCount - 2; k < end; k += 3) {
                if (q < dropEnd) {
                    const pos = at + k - di.indexOffset;
                    while (q < dropEnd && drop[q + 1] <= pos) q += 2;
                    if (q < dropEnd && drop[q] <= pos) continue; // a slot not kept
                }
                const i0 = ib[k], i1 = ib[k + 1], i2 = ib[k + 2];
                if (i0 >= vCount || i1 >= vCount || i2 >= vCount) continue;
                if (u8[i0 * 4 * words + COLOR_BYTE + 3] === 0) continue; // alpha 0: draws nothing
                const v0 = i0 * words, v1 = i1 * words, v2 = i2 * words;
                const x0 = vb[v0], y0 = vb[v0 + 1], x1 = vb[v1], y1 = vb[v1 + 1], x2 = vb[v2], y2 = vb[v2 + 1];
                out.push(a * x0 + c * y0 + tx, b * x0 + d * y0 + ty, vb[v0 + 3], vb[v0 + 4],
                    a * x1 + c * y1 + tx, b * x1 + d * y1 + ty, vb[v1 + 3], vb[v1 + 4],
                    a * x2 + c * y2 + tx, b * x2 + d * y2 + ty, vb[v2 + 3], vb[v2 + 4], t);
            }
            at += di.ibCount;
        }
        return true;
    }

    /**
     * The index ranges of the slots not kept, walking the draw order with the native renderer's
     * rules (`SkeletonRenderer::render`): a slot whose bone is inactive, with no attachment, a
     * region or mesh whose colour alpha is 0, or whose drawn alpha (skeleton x slot x attachment x
     * the node's opacity) is 0, draws nothing. A slot is kept by name, and, with `additiveSlots`
     * off, when its blend mode is not additive.
     */
    private _slotRanges(skeleton: NativeSkeleton, entity: NativeEntityLike, ic: number): void {
        const classes = nativeSpine() as NativeSpineClasses;
        const keep = this._keepTable(skeleton);
        const r = this._ranges;
        r.begin();
        const order = skeleton.drawOrder;
        const base = skeleton.color.a * (entity.getOpacity ? entity.getOpacity() : 1);
        for (let s = 0; s < order.length; s++) {
            const slot = order[s];
            if (!slot.bone.active) continue;
            const index = slot.data.index;
            const att = slot.attachment;
            if (att instanceof classes.RegionAttachment || att instanceof classes.MeshAttachment) {
                const ca = att.color.a;
                if (ca === 0 || base * slot.color.a * ca * 255 === 0) { r.nothing(index); continue; }
                r.drawn(index, att instanceof classes.RegionAttachment ? 6 : this._triangles(att), keep[index] === 1);
            } else if (att instanceof classes.ClippingAttachment) {
                const end = att.endSlot;
                r.clip(end ? end.index : -1);
            } else {
                r.nothing(index);
            }
        }
        r.finish(ic);
        if (r.warning) this.warning = r.warning;
    }

    /** A mesh's index count (its `triangles` array is copied out of C++ on every read: kept per attachment). */
    private _triangles(mesh: { triangles: ArrayLike<number> }): number {
        let n = this._meshCounts.get(mesh);
        if (n === undefined) { n = mesh.triangles.length; this._meshCounts.set(mesh, n); }
        return n;
    }

    /** Whether each slot (by index) is kept by name and blend mode, remade when the choice changes. */
    private _keepTable(skeleton: NativeSkeleton): Uint8Array {
        const f = this.filter, k = this._keepFor;
        if (k.skeleton === skeleton && k.ignore === f.ignore && k.only === f.only && k.additive === f.additive) return this._keep;
        const slots = skeleton.slots;
        const keep = this._keep = new Uint8Array(slots.length);
        for (let i = 0; i < slots.length; i++) {
            const data = slots[i].data;
            keep[data.index] = f.keeps(data.name) && (f.additive || data.blendMode !== BLEND_ADDITIVE) ? 1 : 0;
        }
        k.skeleton = skeleton; k.ignore = f.ignore; k.only = f.only; k.additive = f.additive;
        return keep;
    }

    private _pages(): readonly Texture2D[] {
        const comp = this._comp;
        if (this.kind === 'sp.Skeleton') return comp.skeletonData && comp.skeletonData.textures ? comp.skeletonData.textures : [];
        const tex = comp.dragonAtlasAsset ? comp.dragonAtlasAsset.texture : null;
        return tex ? [tex] : [];
    }

    /**
     * The page a draw uses: the only page of the draw's texture size (a texture of another size:
     * a slot's own texture, `setSlotTexture`); null when that cannot be told.
     */
    private _pageOf(di: DrawInfoLike, pages: readonly Texture2D[]): Texture2D | null {
        const t = di.texture;
        if (!t || typeof t.width !== 'number' || typeof t.height !== 'number') return pages.length === 1 ? pages[0] : null;
        let found: Texture2D | null = null;
        for (let i = 0; i < pages.length; i++) {
            const p = pages[i];
            if (p.width === t.width && p.height === t.height) {
                if (found) return null;
                found = p;
            }
        }
        return found;
    }
}

/** The native reader of a skeleton component (kind by the component found). */
export function nativeSkeletonReader(comp: Component, kind: 'sp.Skeleton' | 'dragonBones.ArmatureDisplay'): NativeSkeletonReader {
    return new NativeSkeletonReader(comp as unknown as NativeSkeletonLike, kind);
}
