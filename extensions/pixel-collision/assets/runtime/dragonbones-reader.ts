/**
 * What a `dragonBones.ArmatureDisplay` draws this frame, as triangles (skeleton-parts.ts).
 *
 * Read as the engine's assembler reads it (`cocos/dragon-bones/assembler/simple.ts`, v3.8.5,
 * `realTimeTraverse`): the armature's slots in draw order; a slot that is hidden or shows nothing
 * is skipped, a slot showing a child armature is that armature under the slot's matrix (its
 * opacity passed down), any other slot is its `_localVertices` (`x y u v` per vertex) under its
 * `_matrix` (armature to node space), indexed by `_indices`, drawn with `getTexture()`. The
 * armature has already advanced this frame (the DragonBones clock runs in the scheduler, before
 * the systems' `postUpdate`), so this is the pose the frame is drawn with.
 *
 * A slot whose alpha is 0 (its colour times its parent armature slot's and the node's opacity) is
 * left out. With premultiplied alpha the engine still draws such a slot, as a black silhouette
 * (its vertex alpha is forced to 1); that is not what an alpha of 0 means, so it does not collide.
 *
 * Slots are chosen by the collider's {@link SlotFilter}: by name at every depth (a slot holding a
 * child armature that is left out leaves out the armature; one in `only` keeps all of it), and
 * additive-blend slots (`_blendMode` 1) when `additive` is off.
 *
 * Animation cache modes (SHARED_CACHE, PRIVATE_CACHE) draw the current cached frame
 * (`_curFrame`, `cocos/dragon-bones/ArmatureCache.ts`) instead of the armature: every drawn
 * slot's vertices in node space (`x y z u v r g b a`, 9 floats a vertex; the slot's alpha times
 * its parent armature slots' in `a`), indexed per segment (a run of slots with one texture and
 * blend mode) from the segment's first vertex. Read as it is: a segment's triangles with its
 * texture, those of a vertex alpha of 0 left out, additive segments as the filter says. A cached
 * frame names no slot, so slots are not chosen by name there (one warning).
 *
 * The engine's web assembler (`cacheTraverse`, 3.8.5) copies only a cached frame's first segment
 * into its buffer and moves that segment through the node's matrix again for each later one: a
 * cached frame of more than one segment (slots on several atlas pages, or additive slots between
 * normal ones) is drawn wrongly on the web. The collider follows the cached pose (what the frame
 * is, and what native builds draw), not that drawing.
 *
 * The native engine's DragonBones (C++ through JSB) is read by native-skeleton-reader.ts.
 */
import type { Texture2D } from 'cc';
import { JSB } from 'cc/env';
import { BLEND_ADDITIVE, SlotFilter } from './skeleton-parts';
import type { DrawnTriangles, SkeletonReader } from './skeleton-parts';

/** The fields of a DragonBones slot the engine's assembler reads. */
interface SlotLike {
    readonly name: string;
    _visible: boolean;
    _blendMode: number;
    _displayData: unknown;
    _matrix: { m00: number; m01: number; m04: number; m05: number; m12: number; m13: number };
    _color: { a: number };
    _localVertices: ArrayLike<number>;
    _indices: ArrayLike<number>;
    childArmature: ArmatureLike | null;
    getTexture(): Texture2D | null;
}
interface ArmatureLike { _slots: SlotLike[] }

/** A cached frame (`ArmatureFrame`), as the engine's cache assembler reads it. */
interface CachedFrameLike {
    segments: { tex: Texture2D | null; blendMode: number; indexCount: number; vertexCount: number }[];
    /** `x y z u v r g b a` per vertex, node space. */
    vertices: Float32Array;
    indices: Uint16Array;
}

/** Floats a vertex of a cached frame (`EXPORT_VERTEX_SIZE`). */
const CACHED_VERTEX = 9;

/** What is read of `dragonBones.ArmatureDisplay`. */
export interface ArmatureDisplayLike {
    enabledInHierarchy: boolean;
    node: { _uiProps: { opacity: number } };
    _armature: ArmatureLike | null;
    /** The cached frame being drawn (cache modes). */
    _curFrame?: CachedFrameLike | null;
    isAnimationCached(): boolean;
}

export class DragonBonesReader implements SkeletonReader {
    readonly kind = 'dragonBones.ArmatureDisplay';
    reason = '';
    warning = '';
    filter = new SlotFilter();
    /** Matrix stack of nested armatures: `a b c d tx ty` per level. */
    private _m = new Float64Array(6 * 8);
    private _nodeA = 1;

    constructor(private readonly _comp: ArmatureDisplayLike) {}

    read(out: DrawnTriangles): boolean {
        out.clear();
        const comp = this._comp;
        if (JSB || (comp._armature && !Array.isArray(comp._armature._slots))) {
            this.reason = 'its geometry cannot be read on this platform (DragonBones runs natively here)';
            return false;
        }
        this.warning = '';
        if (!comp.enabledInHierarchy || !comp._armature) return true; // draws nothing
        if (comp.isAnimationCached()) {
            const frame = comp._curFrame;
            if (frame === undefined) {
                this.reason = 'its animation cache mode (SHARED_CACHE / PRIVATE_CACHE) draws a cached frame this engine does not show; set the cache mode to REALTIME';
                return false;
            }
            if (this.filter.byName) this.warning = 'slots are chosen by name (ignoreSlots / onlySlots) in the REALTIME cache mode only; in SHARED_CACHE / PRIVATE_CACHE every slot collides (additiveSlots still applies)';
            if (frame !== null && comp.node._uiProps.opacity !== 0) this._cached(out, frame);
            return true;
        }
        const m = this._m;
        m[0] = 1; m[1] = 0; m[2] = 0; m[3] = 1; m[4] = 0; m[5] = 0;
        this._nodeA = comp.node._uiProps.opacity;
        this._armature(out, comp._armature, 0, this._nodeA, false);
        return true;
    }

    /** Adds the triangles of cached frame `frame` (see the file notes). */
    private _cached(out: DrawnTriangles, frame: CachedFrameLike): void {
        const v = frame.vertices, idx = frame.indices, segs = frame.segments, additive = this.filter.additive;
        let first = 0, k = 0;
        for (let s = 0; s < segs.length; s++) {
            const seg = segs[s];
            const end = k + seg.indexCount;
            if (seg.tex && (additive || seg.blendMode !== BLEND_ADDITIVE)) {
                const t = out.textureIndex(seg.tex);
                for (; k + 2 < end; k += 3) {
                    const i0 = CACHED_VERTEX * (first + idx[k]), i1 = CACHED_VERTEX * (first + idx[k + 1]), i2 = CACHED_VERTEX * (first + idx[k + 2]);
                    // (A slot's vertices share its alpha: a triangle of alpha 0 is a hidden slot's.)
                    if (v[i0 + 8] === 0 && v[i1 + 8] === 0 && v[i2 + 8] === 0) continue;
                    out.push(v[i0], v[i0 + 1], v[i0 + 3], v[i0 + 4], v[i1], v[i1 + 1], v[i1 + 3], v[i1 + 4], v[i2], v[i2 + 1], v[i2 + 3], v[i2 + 4], t);
                }
            }
            k = end;
            first += seg.vertexCount;
        }
    }

    /**
     * Adds the slots of `armature` under the matrix at `level` of the stack (`inOnly`: a slot
     * holding this armature is in the filter's `only`).
     */
    private _armature(out: DrawnTriangles, armature: ArmatureLike, level: number, opacity: number, inOnly: boolean): void {
        const slots = armature._slots;
        const P = 6 * level;
        const filter = this.filter, byName = filter.byName;
        for (let s = 0; s < slots.length; s++) {
            const slot = slots[s];
            if (!slot._visible || !slot._displayData) continue;
            // By name: an ignored slot is left out with what it holds; a child armature's slots are
            // looked at one by one unless its slot is in `only`.
            if (byName && (filter.ignore.indexOf(slot.name) >= 0 || (!slot.childArmature && !filter.keeps(slot.name, inOnly)))) continue;
            const sm = slot._matrix;
            let m = this._m;
            // Q = parent * slot matrix (node space).
            const pa = m[P], pb = m[P + 1], pc = m[P + 2], pd = m[P + 3], ptx = m[P + 4], pty = m[P + 5];
            const a = pa * sm.m00 + pc * sm.m01, b = pb * sm.m00 + pd * sm.m01;
            const c = pa * sm.m04 + pc * sm.m05, d = pb * sm.m04 + pd * sm.m05;
            const tx = pa * sm.m12 + pc * sm.m13 + ptx, ty = pb * sm.m12 + pd * sm.m13 + pty;
            if (slot.childArmature) {
                if (m.length < P + 12) { const g = new Float64Array(2 * m.length); g.set(m); this._m = m = g; }
                m[P + 6] = a; m[P + 7] = b; m[P + 8] = c; m[P + 9] = d; m[P + 10] = tx; m[P + 11] = ty;
                // (The engine passes a child armature its slot's alpha, not the product down the tree.)
                this._armature(out, slot.childArmature, level + 1, this._nodeA * slot._color.a / 255, inOnly || filter.only.indexOf(slot.name) >= 0);
                continue;
            }
            const tex = slot.getTexture();
            if (!tex) continue;
            if (!filter.additive && slot._blendMode === BLEND_ADDITIVE) continue;
            if (slot._color.a * opacity === 0) continue;
            const t = out.textureIndex(tex);
            const v = slot._localVertices, idx = slot._indices;
            for (let k = 0; k + 2 < idx.length; k += 3) {
                const i0 = 4 * idx[k], i1 = 4 * idx[k + 1], i2 = 4 * idx[k + 2];
                const x0 = v[i0], y0 = v[i0 + 1], x1 = v[i1], y1 = v[i1 + 1], x2 = v[i2], y2 = v[i2 + 1];
                out.push(a * x0 + c * y0 + tx, b * x0 + d * y0 + ty, v[i0 + 2], v[i0 + 3],
                    a * x1 + c * y1 + tx, b * x1 + d * y1 + ty, v[i1 + 2], v[i1 + 3],
                    a * x2 + c * y2 + tx, b * x2 + d * y2 + ty, v[i2 + 2], v[i2 + 3], t);
            }
        }
    }
}
