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
 * What the native engine does not let a script see, and the fallbacks (each said once):
 * - which slot a triangle comes from, and a draw's blend mode (its material cannot be read from
 *   script: the getter aborts the engine): `ignoreSlots`, `onlySlots` and `additiveSlots` off
 *   are not applied, every drawn slot collides, with one warning;
 * - which atlas page a draw uses when the atlas has several pages of one size: a skeleton whose
 *   pages cannot be told apart collides as its content box, with one warning. One page, or pages
 *   of different sizes, are read;
 * - more than 65,535 vertices of skeletons in one format this frame (a second buffer page, whose
 *   draws cannot be told apart from script): the content box that frame, with one warning.
 */
import type { Component, Texture2D } from 'cc';
import type { DrawnTriangles, SkeletonReader } from './skeleton-parts';
import { SlotFilter } from './skeleton-parts';

/** Byte offset of the colour in a vertex (after `x y z u v`); its alpha is byte 3. */
const COLOR_BYTE = 20;

/** A draw of a render entity (`n2d.RenderDrawInfo`, JSB). */
interface DrawInfoLike { indexOffset: number; ibCount: number; texture?: { width?: number; height?: number } | null }
/** The component's native render entity (`n2d.RenderEntity`, JSB). */
interface NativeEntityLike { getRenderDrawInfosSize(): number; getRenderDrawInfoAt(i: number): DrawInfoLike; getUseLocal(): boolean }
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
        if (f.byName || !f.additive) {
            this.warning = 'in native builds the engine does not tell a script which slot or blend mode each drawn triangle has: ignoreSlots / onlySlots / additiveSlots off are not applied, every drawn slot collides';
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
        for (let i = 0; i < n; i++) {
            const di = entity.getRenderDrawInfoAt(i);
            const tex = this._pageOf(di, pages);
            if (!tex) {
                this.reason = 'its atlas has several pages of one size, and the native engine does not tell a script which page a draw uses';
                out.clear();
                return false;
            }
            const t = out.textureIndex(tex);
            for (let k = di.indexOffset, end = di.indexOffset + di.ibCount - 2; k < end; k += 3) {
                const i0 = ib[k], i1 = ib[k + 1], i2 = ib[k + 2];
                if (i0 >= vCount || i1 >= vCount || i2 >= vCount) continue;
                if (u8[i0 * 4 * words + COLOR_BYTE + 3] === 0) continue; // alpha 0: draws nothing
                const p = i0 * words, q = i1 * words, r = i2 * words;
                const x0 = vb[p], y0 = vb[p + 1], x1 = vb[q], y1 = vb[q + 1], x2 = vb[r], y2 = vb[r + 1];
                out.push(a * x0 + c * y0 + tx, b * x0 + d * y0 + ty, vb[p + 3], vb[p + 4],
                    a * x1 + c * y1 + tx, b * x1 + d * y1 + ty, vb[q + 3], vb[q + 4],
                    a * x2 + c * y2 + tx, b * x2 + d * y2 + ty, vb[r + 3], vb[r + 4], t);
            }
        }
        return true;
    }

    private _pages(): readonly Texture2D[] {
        const comp = this._comp;
        if (this.kind === 'sp.Skeleton') return comp.skeletonData && comp.skeletonData.textures ? comp.skeletonData.textures : [];
        const tex = comp.dragonAtlasAsset ? comp.dragonAtlasAsset.texture : null;
        return tex ? [tex] : [];
    }

    /** The page a draw uses: the only one, or the only one of the draw's texture size; null when that cannot be told. */
    private _pageOf(di: DrawInfoLike, pages: readonly Texture2D[]): Texture2D | null {
        if (pages.length === 1) return pages[0];
        const t = di.texture;
        if (!t || typeof t.width !== 'number' || typeof t.height !== 'number') return null;
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
