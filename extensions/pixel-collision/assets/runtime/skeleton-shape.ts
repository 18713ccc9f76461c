/**
 * A PixelCollider's skeleton: finds the renderer on its node (`sp.Skeleton`, or
 * `dragonBones.ArmatureDisplay`), reads what it draws each frame and keeps the parts of it
 * (skeleton-parts.ts) with the masks of the atlas pages they use (acquired from the mask cache
 * while the collider lives).
 *
 * A frame whose drawing is the same as the last one's (same triangles, same textures) changes
 * nothing; the collider's shape object stays the same one, its parts updated in place.
 */
import type { Component, Texture2D } from 'cc';
import { JSB } from 'cc/env';
import type { BitMask, ColliderPart } from '../core/index';
import { DragonBonesReader } from './dragonbones-reader';
import type { ArmatureDisplayLike } from './dragonbones-reader';
import { nodePath } from './events';
import { PixelMasks } from './masks';
import type { MaskEntry } from './masks';
import { nativeSkeletonReader } from './native-skeleton-reader';
import { DrawnTriangles, SkeletonParts } from './skeleton-parts';
import type { SkeletonReader } from './skeleton-parts';
import { SpineReader } from './spine-reader';
import type { SpineSkeletonLike } from './spine-reader';

/** The skeleton renderer on a node, and a reader of it; null when there is none. */
export function findSkeletonReader(node: { getComponent(name: string): Component | null }): { comp: Component; reader: SkeletonReader } | null {
    // (Native builds: what the engine's C++ Spine and DragonBones draw, read from its buffers.)
    const spine = node.getComponent('sp.Skeleton');
    if (spine) return { comp: spine, reader: JSB ? nativeSkeletonReader(spine, 'sp.Skeleton') : new SpineReader(spine as unknown as SpineSkeletonLike) };
    const armature = node.getComponent('dragonBones.ArmatureDisplay');
    if (armature) return { comp: armature, reader: JSB ? nativeSkeletonReader(armature, 'dragonBones.ArmatureDisplay') : new DragonBonesReader(armature as unknown as ArmatureDisplayLike) };
    return null;
}

/** What {@link SkeletonShape.status} says. */
export type SkeletonStatus = 'parts' | 'unreadable-renderer' | 'unreadable-pixels' | 'unread';

export class SkeletonShape {
    /** The last drawing read and made into parts. */
    private _drawn = new DrawnTriangles();
    private _next = new DrawnTriangles();
    private readonly _parts = new SkeletonParts();
    /** Pages whose masks are held, and the masks of `_drawn.textures` (by its texture index). */
    private readonly _pages: Texture2D[] = [];
    private readonly _entries: MaskEntry[] = [];
    private readonly _masks: (BitMask | null)[] = [];
    private _threshold = -1;
    /** The parts shape (one object for the collider's life; its parts change in place). */
    readonly def: { kind: 'parts'; parts: ColliderPart[] } = { kind: 'parts', parts: [] };
    status: SkeletonStatus = 'unread';
    /** The reader's filter warning was given (once per collider). */
    private _filterWarned = false;
    /** The source of the page masks ('pixels', 'baked', 'readback'). */
    source = '';

    constructor(readonly comp: Component, readonly reader: SkeletonReader) {}

    /** What is drawn now (after {@link update}). */
    get drawn(): DrawnTriangles {
        return this._drawn;
    }

    /**
     * Reads this frame's drawing; true when the collider's shape changed (the parts, or the
     * status). `node`: the collider's, for messages.
     */
    update(threshold: number, node: { name: string; parent: unknown; uuid: string }): boolean {
        let force = this.status === 'unread';
        if (threshold !== this._threshold) {
            this.release();
            this._threshold = threshold;
            force = true;
        }
        const next = this._next;
        if (!this.reader.read(next)) {
            if (this.status === 'unreadable-renderer') return false;
            PixelMasks.warnOnce(`skel:${node.uuid}`, `PixelCollider on "${nodePath(node)}": the ${this.reader.kind} on its node cannot be read: ${this.reader.reason}. It collides as its content box; choose BOX / CIRCLE / POLYGON to say which box.`);
            this.status = 'unreadable-renderer';
            return true;
        }
        if (this.reader.warning && !this._filterWarned) {
            this._filterWarned = true;
            PixelMasks.warnOnce(`skel-filter:${node.uuid}`, `PixelCollider on "${nodePath(node)}": ${this.reader.warning}.`);
        }
        if (!force && this.status !== 'unreadable-renderer' && next.sameAs(this._drawn)) return false;
        this._next = this._drawn;
        this._drawn = next;
        const masks = this._masks;
        let unreadable = false;
        for (let k = 0; k < next.texCount; k++) {
            const m = this._mask(next.textures[k], node);
            masks[k] = m;
            if (!m) unreadable = true;
        }
        if (unreadable) {
            this.status = 'unreadable-pixels';
            return true;
        }
        this.def.parts = this._parts.build(next, masks);
        if (this._parts.smeared > 0) {
            PixelMasks.warnOnce(`skel-smeared:${node.uuid}`, `PixelCollider on "${nodePath(node)}": ${this._parts.smeared} drawn triangle(s) of its ${this.reader.kind} have texture coordinates with almost no area (one line of texels stretched over the triangle); they are left out of the collider. Fix the attachment's UVs in the skeleton editor.`);
        }
        this.status = 'parts';
        return true;
    }

    /** Gives back the page masks. */
    release(): void {
        for (let i = 0; i < this._entries.length; i++) PixelMasks.release(this._entries[i]);
        this._entries.length = 0;
        this._pages.length = 0;
        this.status = 'unread';
    }

    private _mask(page: Texture2D, node: { name: string; parent: unknown }): BitMask | null {
        const pages = this._pages;
        for (let i = 0; i < pages.length; i++) if (pages[i] === page) return this._entries[i].mask;
        const e = PixelMasks.acquireTexture(page, this._threshold, `PixelCollider on "${nodePath(node)}"`);
        pages.push(page);
        this._entries.push(e);
        this.source = e.source;
        return e.mask;
    }
}
