/**
 * The scene view preview of PixelColliders, run in Creator's scene process (where `cc` is the
 * engine): the outline of each selected collider's shape where the engine draws its sprite, and
 * the facts the inspector shows (where the mask comes from, why, its size, a small picture).
 *
 * The outline is drawn by a `Graphics` on one helper node flagged DontSave | HideInHierarchy |
 * EditorOnly | LockedInEditor: it is never saved into a scene or prefab, never listed in the
 * Hierarchy, never part of a build, and cannot be picked in the scene view. Everything about the
 * collider comes from its public API (`updateShape`, `getOutline`, `mask`, `maskSource`,
 * `maskReason`): no runtime internals. The engine is passed in (`cc`), so jest runs this module
 * against the `cc` test double.
 *
 * In edit mode the scene view renders on demand, not every frame. An outline drawn or removed on a
 * message (select, a property changed in the inspector, deselect) would show only at the next frame
 * something else asks for; so after those the preview asks the editor for one
 * (`cce.Engine.repaintInEditMode()`, as the engine's own editor-side components do, where the editor
 * offers it). Redraws inside an engine frame need none: that frame renders them. They happen just
 * before the frame is drawn (`Director.EVENT_BEFORE_DRAW`), after every update of the frame, the
 * skeletons' animation included (the engine advances Spine and DragonBones in its systems'
 * postUpdate, after `EVENT_AFTER_UPDATE`): the outline is the pose this frame draws. The helper is also
 * deactivated and detached at once when the outline goes (`destroy()` alone removes it a frame later).
 */

import { partsPicture } from '../../assets/core/index';
import type { ColliderPart } from '../../assets/core/index';

/** The PixelCollider members the preview reads (its public API, see runtime/PixelCollider.ts). */
export interface ColliderLike {
    readonly node: NodeLike;
    readonly shape: number;
    readonly alphaThreshold: number;
    readonly maskSource: string;
    readonly maskReason: string;
    readonly mask: { readonly width: number; readonly height: number; count(): number; get(i: number, j: number): boolean } | null;
    /** The parts of a sliced, filled or tiled sprite or a skeleton (absent in older versions). */
    readonly parts?: readonly ColliderPart[] | null;
    updateShape(): boolean;
    getOutline(out: number[]): number;
}

/** The engine node members the preview uses. */
export interface NodeLike {
    readonly uuid: string;
    readonly name: string;
    readonly isValid: boolean;
    readonly children: readonly NodeLike[];
    readonly parent: NodeLike | null;
    layer: number;
    hideFlags: number;
    active: boolean;
    getComponent(type: unknown): unknown;
    addComponent(type: unknown): unknown;
    addChild(child: NodeLike): void;
    setParent(parent: NodeLike | null): void;
    setWorldPosition(x: number, y: number, z: number): void;
    setWorldRotation(x: number, y: number, z: number, w: number): void;
    setWorldScale(x: number, y: number, z: number): void;
    getSiblingIndex(): number;
    setSiblingIndex(i: number): void;
    destroy(): boolean;
}

export interface GraphicsLike {
    lineWidth: number;
    strokeColor: unknown;
    moveTo(x: number, y: number): void;
    lineTo(x: number, y: number): void;
    stroke(): void;
    clear(): void;
}

/** The parts of `cc` the preview uses. */
export interface CcApi {
    director: { getScene(): unknown; on(type: string, cb: () => void, target?: unknown): void; off(type: string, cb?: () => void, target?: unknown): void };
    Director: { EVENT_BEFORE_DRAW: string };
    Node: new (name?: string) => unknown;
    Graphics: unknown;
    Color: new (r: number, g: number, b: number, a: number) => unknown;
    CCObject: { Flags: { DontSave: number; EditorOnly: number; HideInHierarchy: number; LockedInEditor: number } };
    /** Where 2D content renders (the engine's Canvas is one); the helper node goes under one. */
    RenderRoot2D?: unknown;
    Canvas?: unknown;
}

/** The collider component's class name (`@ccclass('PixelCollider')`). */
export const COLLIDER_CLASS = 'PixelCollider';
/** The helper node's name (not shown in the Hierarchy). */
export const HELPER_NAME = 'PixelCollisionPreview';
/**
 * Outline colour (green, like Creator's own collider gizmos) and width in world units. The engine's
 * Graphics fades a stroke over about one screen pixel on each side (anti-aliasing), so a line
 * narrower than 3 pixels never reaches its colour: seen in the engine, width 1.5 drew at 16% and
 * 2 at 50% of the colour, 3 at 100%.
 */
export const OUTLINE_RGBA: readonly [number, number, number, number] = [50, 230, 90, 255];
export const OUTLINE_WIDTH = 3;
/** Outline segments drawn by one Graphics stroke() (see _draw). */
export const STROKE_BATCH = 256;
/** The inspector's picture is at most this many dots a side. */
export const PICTURE_MAX = 96;

/** The small picture of a mask: `rows[j][i]` is '#' where any texel of the dot's block is solid. */
export interface MaskPicture {
    width: number;
    height: number;
    /** Texels a dot stands for, along each axis (1 for frames up to PICTURE_MAX a side); node units for parts. */
    scale: number;
    rows: string[];
}

/** What the inspector shows for one node's collider (plain JSON, sent between processes). */
export interface ColliderInfo {
    /** False when the node or its PixelCollider is not in the open scene. */
    found: boolean;
    /** PixelShape value (0 PIXELS, 1 BOX, 2 CIRCLE, 3 POLYGON). */
    shape: number;
    /** `PixelCollider.maskSource` / `maskReason`. */
    source: string;
    reason: string;
    /** Whether it can collide as it is now (false: no frame, zero scale...). */
    live: boolean;
    threshold: number;
    /** The mask's size and solid texel count (0 without a mask). */
    width: number;
    height: number;
    count: number;
    /**
     * A collider made of parts (sliced, filled, tiled sprites, skeletons): how many parts, and the
     * size of the box around them in node units (0 otherwise). Its picture is of the union.
     */
    parts: number;
    partsWidth: number;
    partsHeight: number;
    /** The uuid of the sprite frame asset the sprite shows ('' when none). */
    frame: string;
    picture: MaskPicture | null;
}

/** The picture of a mask, at most `max` dots a side (pure; exported for tests). */
export function maskPicture(mask: NonNullable<ColliderLike['mask']>, max = PICTURE_MAX): MaskPicture {
    const w = mask.width, h = mask.height;
    const scale = Math.max(1, Math.ceil(Math.max(w, h) / max));
    const pw = Math.ceil(w / scale), ph = Math.ceil(h / scale);
    const rows: string[] = [];
    for (let py = 0; py < ph; py++) {
        let row = '';
        for (let px = 0; px < pw; px++) {
            let solid = false;
            for (let j = py * scale; j < Math.min(h, (py + 1) * scale) && !solid; j++) {
                for (let i = px * scale; i < Math.min(w, (px + 1) * scale); i++) {
                    if (mask.get(i, j)) { solid = true; break; }
                }
            }
            row += solid ? '#' : '.';
        }
        rows.push(row);
    }
    return { width: pw, height: ph, scale, rows };
}

/** The editor's scene-process global (Creator's `cce`), where it exists. */
interface CceLike { Engine?: { repaintInEditMode?: unknown } }

/**
 * Asks the scene view for a frame where the editor offers it (`cce.Engine.repaintInEditMode()` in
 * Creator's scene process); elsewhere (a game, jest without the double) nothing happens.
 */
export function requestRepaint(): void {
    const cce = (globalThis as { cce?: CceLike }).cce;
    if (typeof cce !== 'undefined' && cce && cce.Engine && typeof cce.Engine.repaintInEditMode === 'function') {
        (cce.Engine as { repaintInEditMode(): void }).repaintInEditMode();
    }
}

/** Finds a node by uuid in a node tree (depth first). */
export function findNode(root: NodeLike | null, uuid: string): NodeLike | null {
    if (!root) return null;
    if (root.uuid === uuid) return root;
    for (const child of root.children) {
        const found = findNode(child, uuid);
        if (found) return found;
    }
    return null;
}

export class ColliderPreview {
    /** Outline width in world units. */
    lineWidth = OUTLINE_WIDTH;
    private _helper: NodeLike | null = null;
    private _g: GraphicsLike | null = null;
    private _uuids: string[] = [];
    private _listening = false;
    private _segments: number[] = [];
    private _drawn: number[] = [];
    private _color: unknown;

    constructor(private readonly cc: CcApi) {
        this._color = new cc.Color(...OUTLINE_RGBA);
    }

    /** The helper node while it exists (tests and diagnostics). */
    get helper(): NodeLike | null { return this._helper && this._helper.isValid ? this._helper : null; }

    /**
     * Outlines the PixelColliders of the nodes with these uuids (the selection) and keeps them up to
     * date in every engine frame, just before it is drawn. Returns how many colliders it outlines. An empty list hides.
     * The scene view is asked to show the new outline at once (see the module's comment).
     */
    show(uuids: readonly string[]): number {
        this._uuids = uuids.filter((u) => typeof u === 'string');
        if (!this._listening && this._uuids.length) {
            this.cc.director.on(this.cc.Director.EVENT_BEFORE_DRAW, this.redraw, this);
            this._listening = true;
        }
        const n = this._draw(true);
        if (n === 0) this.hide();
        else requestRepaint();
        return n;
    }

    /**
     * Removes the outline and the helper node (inactive and out of the scene at once, destroyed by
     * the engine at the end of the frame); stops listening; asks the scene view for a frame when an
     * outline was showing.
     */
    hide(): void {
        this._uuids = [];
        if (this._listening) {
            this.cc.director.off(this.cc.Director.EVENT_BEFORE_DRAW, this.redraw, this);
            this._listening = false;
        }
        const helper = this._helper;
        this._helper = null;
        this._g = null;
        this._drawn.length = 0;
        if (helper && helper.isValid) {
            helper.active = false;
            if (helper.parent) helper.setParent(null);
            helper.destroy();
            requestRepaint();
        }
    }

    /** Draws again if any outline changed (before each frame is drawn: transform, frame, pose, properties). */
    redraw(): void {
        this._draw(false);
    }

    /** The facts about a node's collider for the inspector. */
    info(nodeUuid: string): ColliderInfo {
        const node = findNode(this.cc.director.getScene() as NodeLike | null, nodeUuid);
        const c = node ? (node.getComponent(COLLIDER_CLASS) as ColliderLike | null) : null;
        if (!node || !c) {
            return { found: false, shape: 0, source: '', reason: '', live: false, threshold: 0, width: 0, height: 0, count: 0, parts: 0, partsWidth: 0, partsHeight: 0, frame: '', picture: null };
        }
        const live = c.updateShape();
        const mask = c.mask;
        const sprite = node.getComponent('cc.Sprite') as { spriteFrame?: { uuid?: string } | null } | null;
        const parts = !mask && live && c.parts ? c.parts : null;
        const pp = parts ? partsPicture(parts, PICTURE_MAX) : null;
        return {
            found: true,
            shape: c.shape,
            source: c.maskSource,
            reason: c.maskReason,
            live,
            threshold: c.alphaThreshold,
            width: mask ? mask.width : 0,
            height: mask ? mask.height : 0,
            count: mask ? mask.count() : 0,
            parts: parts ? parts.length : 0,
            partsWidth: pp ? round2(pp.boxWidth) : 0,
            partsHeight: pp ? round2(pp.boxHeight) : 0,
            frame: sprite && sprite.spriteFrame && typeof sprite.spriteFrame.uuid === 'string' ? sprite.spriteFrame.uuid : '',
            picture: mask ? maskPicture(mask) : pp ? { width: pp.width, height: pp.height, scale: pp.scale, rows: pp.rows } : null,
        };
    }

    // ------------------------------------------------------------------------------------------

    private _colliders(): ColliderLike[] {
        const scene = this.cc.director.getScene() as NodeLike | null;
        const out: ColliderLike[] = [];
        for (const uuid of this._uuids) {
            const node = findNode(scene, uuid);
            const c = node ? (node.getComponent(COLLIDER_CLASS) as ColliderLike | null) : null;
            if (c) out.push(c);
        }
        return out;
    }

    private _draw(force: boolean): number {
        const colliders = this._colliders();
        const seg = this._segments;
        seg.length = 0;
        for (const c of colliders) {
            c.updateShape();
            c.getOutline(seg);
        }
        if (!force && this.helper && sameNumbers(seg, this._drawn)) return colliders.length;
        if (colliders.length === 0) {
            if (this.helper && this._g) this._g.clear();
            this._drawn.length = 0;
            return 0;
        }
        const g = this._graphics(colliders[0].node);
        if (!g) return 0;
        g.clear();
        g.lineWidth = this.lineWidth;
        g.strokeColor = this._color;
        for (let k = 0; k < seg.length; k += 4) {
            g.moveTo(seg[k], seg[k + 1]);
            g.lineTo(seg[k + 2], seg[k + 3]);
            // A stroke at most every STROKE_BATCH segments: the engine's Graphics reserves the
            // vertices of one stroke() in one buffer of at most 65,535 and, past that, writes
            // beyond it (a RangeError in its upload; seen with a character's 1,200 segments).
            if ((k / 4) % STROKE_BATCH === STROKE_BATCH - 1) g.stroke();
        }
        g.stroke();
        this._drawn = seg.slice();
        return colliders.length;
    }

    /** The helper's Graphics, under the render root of `near` (created or moved there). */
    private _graphics(near: NodeLike): GraphicsLike | null {
        const root = this._renderRoot(near);
        if (!root) return null;
        let helper = this.helper;
        if (!helper) {
            const F = this.cc.CCObject.Flags;
            helper = new this.cc.Node(HELPER_NAME) as NodeLike;
            helper.hideFlags |= F.DontSave | F.HideInHierarchy | F.EditorOnly | F.LockedInEditor;
            root.addChild(helper);
            this._g = helper.addComponent(this.cc.Graphics) as GraphicsLike;
            this._helper = helper;
        } else if (helper.parent !== root) {
            root.addChild(helper);
        }
        helper.layer = near.layer;
        // Drawn in world coordinates: keep the helper at the world origin, unrotated, unscaled, on top.
        helper.setWorldPosition(0, 0, 0);
        helper.setWorldRotation(0, 0, 0, 1);
        helper.setWorldScale(1, 1, 1);
        const last = root.children.length - 1;
        if (helper.getSiblingIndex() !== last) helper.setSiblingIndex(last);
        return this._g;
    }

    /** The nearest ancestor (or the node itself) with a render root (a Canvas is one). */
    private _renderRoot(node: NodeLike): NodeLike | null {
        const types = [this.cc.RenderRoot2D, this.cc.Canvas].filter((t) => t !== undefined);
        for (let n: NodeLike | null = node; n; n = n.parent) {
            if (types.some((t) => n!.getComponent(t))) return n;
        }
        return null;
    }
}

function round2(v: number): number {
    return Math.round(v * 100) / 100;
}

function sameNumbers(a: readonly number[], b: readonly number[]): boolean {
    if (a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
    return true;
}
