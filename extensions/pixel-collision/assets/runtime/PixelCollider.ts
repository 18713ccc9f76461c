import {
    _decorator, assetManager, BufferAsset, CCFloat, CCInteger, CCString, Component, EffectAsset, Enum, JsonAsset, NodeEventType, Size, Sprite,
    UITransform, Vec2, Vec3,
} from 'cc';
import type { SpriteFrame } from 'cc';
import { EDITOR } from 'cc/env';
import { BitMask, Collider, forEachTexelInDisc, MAX_ACCURACY, MAX_POLYGON_VERTICES } from '../core/index';
import type { Affine2D, ColliderPart, ColliderShape } from '../core/index';
import { CollisionSystem } from './CollisionSystem';
import type { PixelContact } from './contact';
import { nodePath, reportCallbackError } from './events';
import type { PixelCollisionCallback, PixelCollisionEventType } from './events';
import { ColliderLinks } from './links';
import { maskBitsOfGroup, PixelCollisionGroup } from './groups';
import { PixelMasks } from './masks';
import type { MaskEntry } from './masks';
import { shapeOutline } from './outline';
import { composeLocal, quadToLocal, spriteLocalQuad } from './sprite-geometry';
import { typedSpriteParts } from './sprite-parts';
import { findSkeletonReader, SkeletonShape } from './skeleton-shape';
import type { SlicePieces } from './sprite-parts';
import { solidAt } from './hit';
import { PIXEL_COLLIDE_EFFECT_UUID } from './gpu/gpu-cocos-device';
import { installSpriteWatch, SPRITE_WATCH, spriteWatched } from './sprite-watch';
import { DEAD_STATE, freeStateSlot, STATE, takeStateSlot } from './transform-state';
import { worldMatrixOf } from './node-matrix';

const { ccclass, property, menu, disallowMultiple, help } = _decorator;

// Outside the editor a sprite's frame changes are told by a counter instead of read every frame.
if (!EDITOR) installSpriteWatch();

/** What a {@link PixelCollider} is made of. */
export enum PixelShape {
    /** The opaque texels of the node's Sprite (alpha > alphaThreshold), exactly where they are drawn. */
    PIXELS = 0,
    /** A box in node space (default: the UITransform's content box). */
    BOX = 1,
    /** A circle in node space (default: inscribed in the content box). Its radius scales with the node's x axis. */
    CIRCLE = 2,
    /** A convex polygon in node space (default: the content box's corners). */
    POLYGON = 3,
}
Enum(PixelShape);

/** How a {@link PixelCollider}'s pairs are decided (seed 000's flag, plus the backend choice). */
export enum NarrowMode {
    /**
     * The system picks per pair: the CPU, or the GPU for large rotated masks when a step has
     * enough of them (the AUTO cost rule, runtime/gpu/gpu-narrow.ts); the CPU for small sprites.
     */
    AUTO = 0,
    /** CPU bit masks (exact). */
    CPU = 1,
    /**
     * GPU red/blue test on WebGL2 (exact: same answers as the CPU); see `CollisionSystem.gpu`
     * for when contacts arrive. Where WebGL2 is missing it runs on the CPU, with one warning.
     */
    GPU = 2,
    /** Bounds only: PIXELS colliders collide as their sprite's quad (no per-pixel test). */
    BOUNDS = 3,
}
Enum(NarrowMode);

/**
 * Where a {@link PixelCollider}'s shape came from (`maskSource`), after its shape was built:
 * - `'baked'`: a baked mask library entry for the frame (the Bake Masks library, or `maskLibrary`);
 * - `'asset'`: the collider's own `bakedMask` asset;
 * - `'pixels'`: the texture's pixels (its CPU copy);
 * - `'readback'`: a GPU copy of the frame's texels (the texture had no CPU copy);
 * - `'edited'`: the collider's own edited copy (`editMask`, `eraseCircle`, `paintCircle`);
 * - `'box'`: a box fallback (see `maskReason`: `'no-sprite'`, `'sprite-type'` or `'unreadable'`);
 * - `'bounds'`: the sprite's quad, on purpose (`mode` BOUNDS);
 * - `'shape'`: a BOX / CIRCLE / POLYGON shape (no mask);
 * - `'empty'`: nothing to collide with (`maskReason` `'no-frame'`: no frame, or a zero-size one);
 * - `'unbuilt'`: the shape has not been built yet (see `updateShape`).
 */
export type PixelMaskOrigin = 'baked' | 'asset' | 'pixels' | 'readback' | 'edited' | 'box' | 'bounds' | 'shape' | 'empty' | 'unbuilt';

/** Why a collider has the {@link PixelMaskOrigin} it has, when it is a fallback ('' otherwise). */
export type PixelMaskReason = '' | 'no-sprite' | 'sprite-type' | 'unreadable' | 'no-frame' | 'bounds-mode';

/** How the collider's local space maps to the world. */
const SPACE_TEXELS = 0, SPACE_NODE = 1;

const QUAD = new Float64Array(4);
const SCREEN = new Vec3();
const WORLD = new Vec3();
const SIZE = new Float64Array(4);
/** The transform just computed, before it is compared with the last one (the state slot). */
const NEXT = new Float64Array(6);
const SKEL_BOUNDS = new Float64Array(4);

/**
 * Exact, pixel-perfect collider. Put it next to a `Sprite` (shape PIXELS) or use a box, circle or
 * convex polygon; listen with `collider.on('onPixelCollide', (self, other, contact) => ...)`, or
 * give any component on the node a method `onPixelCollide(self, other, contact)` (also
 * `onPixelCollideStay`, `onPixelCollideEnd`). The `CollisionSystem` does the work after every
 * component's `update` / `lateUpdate`.
 *
 * Disabling the collider, deactivating its node or destroying either ends each pair it touches
 * at that moment (in its `onDisable`), as the builtin 2D physics does: `onPixelCollideEnd` reaches
 * both sides while both nodes are alive (`self.node`, `other.node`, `getComponent` work), pairs in
 * the order they began, each pair's two sides in the order of a collision step. Inside a collision
 * callback the pairs end right after the step instead.
 */
@ccclass('PixelCollider')
@menu('PixelCollision/PixelCollider')
@disallowMultiple
@help('https://github.com/pixel-collision/pixel-collision#five-minute-guide')
export class PixelCollider extends Component {
    // Per-frame state ---------------------------------------------------------------------------
    // Declared first, so these fields sit together in the object, right after the engine's
    // Component fields: the system reads them for every collider every frame, and fields spread
    // over the object cost a cache line each.
    /** @internal The core collider while enabled (userData = this). */
    _core: Collider<PixelCollider> | null = null;
    /** @internal True while the core collider is enabled in the world (usable this frame). */
    _live = false;
    /** @internal Current shape definition (core), its local space and the local→world map. */
    _def: ColliderShape | null = null;
    /** @internal */ _space = SPACE_NODE;
    /**
     * The offset of this collider's slot in `STATE.f64` (transform-state.ts): the texel ->
     * node-local map `[la, ld, lx, ly]` of a PIXELS shape (sprite-geometry.ts quadToLocal), then
     * the last computed local -> world transform `[a, b, c, d, tx, ty]` (identity before the
     * first). Per frame the transform lives there only, every collider's in one array, in the
     * same place whatever the page did before (no object of its own to reach through).
     */
    /** @internal */ _so = takeStateSlot();
    /** @internal The id of `_core` in the system's world (valid while `_core` is set). */ _coreId = -1;
    /** @internal Whether the system last asked the world to enable `_core` (its sync compares with this, not the core collider). */
    _coreOn = false;
    /** @internal `_t` changed since the system last handed it to the world. */
    _tPending = true;
    /** @internal The content box or anchor may have changed: re-read the transform and its texel -> local map. */
    _geomDirty = true;
    /** @internal The node may have moved after the last step (after its flags are cleared): re-read the transform. */
    _moveDirty = false;
    /** @internal Set by the system: the core collider must be rebuilt from the component. */
    _shapeDirty = true;
    /** @internal True when an edit must reach the world this frame. */
    _maskEdited = false;
    /** True until `_local` is computed (set with every shape rebuild). */
    private _localDirty = true;
    /** @internal */ _filterDirty = true;
    /** @internal */ _accuracyDirty = true;
    /** @internal As of the last shape rebuild: its mask's texels (0 for other shapes), and whether its mode is GPU. */
    _texels = 0;
    /** @internal */ _gpuMode = false;
    // What the shape was built from (compared every frame; no events needed).
    private _sprite: Sprite | null = null;
    /** The skeleton on the node (sp.Skeleton, dragonBones.ArmatureDisplay) when there is no Sprite. */
    private _skel: SkeletonShape | null = null;
    /** BOUNDS mode on a skeleton: the box around what it draws (one object, updated in place). */
    private _skelBox: ColliderShape & { kind: 'box' } = { kind: 'box', width: 0, height: 0, anchorX: 0, anchorY: 0, offsetX: 0, offsetY: 0 };
    /** Whether `_sprite`'s changes move SPRITE_WATCH.epoch (sprite-watch.ts); else it is read every frame. */
    private _spriteWatched = false;
    /** SPRITE_WATCH.epoch when `_sprite` was last read. */
    private _spriteEpoch = -1;
    private _ui: UITransform | null = null;
    private _frame: SpriteFrame | null = null;
    private _trim = true;
    private _type = 0;
    /**
     * @internal Touching pairs, listeners and node (links.ts). Null once the engine has destroyed
     * the component (its deferred destruction clears a component's object fields); the pairs
     * ended before that, when the collider was disabled.
     */
    _links: ColliderLinks | null = new ColliderLinks();

    // Serialized fields ------------------------------------------------------------------------
    @property private _shape = PixelShape.PIXELS;
    @property private _alphaThreshold = 0;
    @property private _accuracy = 0;
    @property private _mode = NarrowMode.AUTO;
    @property private _group = 1;
    @property private _size = new Size(0, 0);
    @property private _offset = new Vec2(0, 0);
    @property private _radius = 0;
    @property({ type: [Vec2] }) private _points: Vec2[] = [];
    @property({ type: BufferAsset }) private _bakedMask: BufferAsset | null = null;
    @property({ type: JsonAsset }) private _maskLibrary: JsonAsset | null = null;
    @property private _pixelTouch = false;
    @property({ type: [CCString] }) private _ignoreSlots: string[] = [];
    @property({ type: [CCString] }) private _onlySlots: string[] = [];
    @property private _additiveSlots = true;
    /**
     * @internal `pixel-collide.effect`, kept in the serialized component (a scene stores it as
     * `{"__uuid__": "<the effect's uuid>", "__expectedType__": "cc.EffectAsset"}`): a build
     * includes an asset only when something it builds references it, and this reference makes a
     * build that holds the collider's scene or prefab include the effect and load it with the
     * scene. The engine-gfx GPU backend uses it when `CollisionSystem.instance.gpuEffect` is
     * unset. Set by the editor when the component is added ({@link resetInEditor}); not shown in
     * the inspector.
     */
    @property({ type: EffectAsset, visible: false }) _gpuEffect: EffectAsset | null = null;

    @property({ type: PixelShape, displayName: 'i18n:pixel-collision.collider.shape.name', tooltip: 'i18n:pixel-collision.collider.shape.tooltip' })
    get shape(): PixelShape { return this._shape; }
    set shape(v: PixelShape) {
        if (PixelShape[v] === undefined || typeof v !== 'number') throw new RangeError(`shape must be a PixelShape (PIXELS 0, BOX 1, CIRCLE 2 or POLYGON 3), got ${String(v)}.`);
        if (v !== this._shape) { this._shape = v; this._shapeDirty = true; }
    }

    @property({ type: CCInteger, range: [0, 255, 1], slide: true, displayName: 'i18n:pixel-collision.collider.alphaThreshold.name', tooltip: 'i18n:pixel-collision.collider.alphaThreshold.tooltip' })
    get alphaThreshold(): number { return this._alphaThreshold; }
    set alphaThreshold(v: number) {
        if (!Number.isInteger(v) || v < 0 || v > 255) throw new RangeError(`alphaThreshold must be an integer in 0-255 (a texel is solid iff alpha > threshold), got ${v}.`);
        if (v !== this._alphaThreshold) { this._alphaThreshold = v; this._shapeDirty = true; }
    }

    @property({ type: CCFloat, min: 0, max: MAX_ACCURACY, displayName: 'i18n:pixel-collision.collider.accuracy.name', tooltip: 'i18n:pixel-collision.collider.accuracy.tooltip' })
    get accuracy(): number { return this._accuracy; }
    set accuracy(v: number) {
        if (typeof v !== 'number' || !(v >= 0 && v <= MAX_ACCURACY)) throw new RangeError(`accuracy must be 0 (the CollisionSystem default) or a number in (0, ${MAX_ACCURACY}] (samples per world unit), got ${v}.`);
        this._accuracy = v;
        this._accuracyDirty = true;
    }

    @property({ type: NarrowMode, displayName: 'i18n:pixel-collision.collider.mode.name', tooltip: 'i18n:pixel-collision.collider.mode.tooltip' })
    get mode(): NarrowMode { return this._mode; }
    set mode(v: NarrowMode) {
        if (NarrowMode[v] === undefined || typeof v !== 'number') throw new RangeError(`mode must be a NarrowMode (AUTO 0, CPU 1, GPU 2 or BOUNDS 3), got ${String(v)}.`);
        if (v !== this._mode) { this._mode = v; this._shapeDirty = true; }
    }

    @property({ type: PixelCollisionGroup, displayName: 'i18n:pixel-collision.collider.group.name', tooltip: 'i18n:pixel-collision.collider.group.tooltip' })
    get group(): number { return this._group; }
    set group(v: number) {
        if (!isGroupBit(v)) throw new RangeError(`group must be one group bit, 1 << index with index 0-31 (a PixelCollisionGroup value, e.g. PixelCollisionGroup.DEFAULT = 1), got ${v}.`);
        this._group = v;
        this._categoryBits = v >>> 0;
        this._maskBits = maskBitsOfGroup(v);
        this._filterDirty = true;
    }

    @property({ type: Size, visible(this: PixelCollider) { return this._shape === PixelShape.BOX; }, displayName: 'i18n:pixel-collision.collider.size.name', tooltip: 'i18n:pixel-collision.collider.size.tooltip' })
    get size(): Size { return this._size; }
    set size(v: Size) {
        if (!v || !(v.width >= 0 && v.width < Infinity) || !(v.height >= 0 && v.height < Infinity)) throw new RangeError(`size must have a finite width and height >= 0 (0 x 0 = the content size), got ${v ? `${v.width} x ${v.height}` : String(v)}.`);
        this._size.set(v);
        this._shapeDirty = true;
    }

    @property({ type: Vec2, visible(this: PixelCollider) { return this._shape !== PixelShape.PIXELS; }, displayName: 'i18n:pixel-collision.collider.offset.name', tooltip: 'i18n:pixel-collision.collider.offset.tooltip' })
    get offset(): Vec2 { return this._offset; }
    set offset(v: Vec2) {
        if (!v || !Number.isFinite(v.x) || !Number.isFinite(v.y)) throw new RangeError(`offset must be a finite point, got ${v ? `(${v.x}, ${v.y})` : String(v)}.`);
        this._offset.set(v);
        this._shapeDirty = true;
    }

    @property({ type: CCFloat, min: 0, visible(this: PixelCollider) { return this._shape === PixelShape.CIRCLE; }, displayName: 'i18n:pixel-collision.collider.radius.name', tooltip: 'i18n:pixel-collision.collider.radius.tooltip' })
    get radius(): number { return this._radius; }
    set radius(v: number) {
        if (typeof v !== 'number' || !(v >= 0 && v < Infinity)) throw new RangeError(`radius must be a finite number >= 0 (0 = half the content box's smaller side), got ${v}.`);
        this._radius = v;
        this._shapeDirty = true;
    }

    @property({ type: [Vec2], visible(this: PixelCollider) { return this._shape === PixelShape.POLYGON; }, displayName: 'i18n:pixel-collision.collider.points.name', tooltip: 'i18n:pixel-collision.collider.points.tooltip' })
    get points(): Vec2[] { return this._points; }
    set points(v: Vec2[]) {
        checkPoints(v);
        this._points = v;
        this._shapeDirty = true;
    }

    @property({ type: BufferAsset, visible(this: PixelCollider) { return this._shape === PixelShape.PIXELS; }, displayName: 'i18n:pixel-collision.collider.bakedMask.name', tooltip: 'i18n:pixel-collision.collider.bakedMask.tooltip' })
    get bakedMask(): BufferAsset | null { return this._bakedMask; }
    set bakedMask(v: BufferAsset | null) { this._bakedMask = v; this._shapeDirty = true; }

    @property({ type: JsonAsset, visible(this: PixelCollider) { return this._shape === PixelShape.PIXELS; }, displayName: 'i18n:pixel-collision.collider.maskLibrary.name', tooltip: 'i18n:pixel-collision.collider.maskLibrary.tooltip' })
    get maskLibrary(): JsonAsset | null { return this._maskLibrary; }
    set maskLibrary(v: JsonAsset | null) { this._maskLibrary = v; this._libraryLoaded = false; this._shapeDirty = true; }

    @property({ displayName: 'i18n:pixel-collision.collider.pixelTouch.name', tooltip: 'i18n:pixel-collision.collider.pixelTouch.tooltip' })
    get pixelTouch(): boolean { return this._pixelTouch; }
    set pixelTouch(v: boolean) {
        this._pixelTouch = !!v;
        this._updateHitTest();
    }

    /**
     * Spine / DragonBones: slots (by name) that do not collide, with what they hold (a DragonBones
     * child armature): a weapon, a shadow, an effect. Assign a new array to change it.
     */
    @property({ type: [CCString], visible(this: PixelCollider) { return this._shape === PixelShape.PIXELS && this._hasSkeleton(); }, displayName: 'i18n:pixel-collision.collider.ignoreSlots.name', tooltip: 'i18n:pixel-collision.collider.ignoreSlots.tooltip' })
    get ignoreSlots(): readonly string[] { return this._ignoreSlots; }
    set ignoreSlots(v: readonly string[]) {
        this._ignoreSlots = checkSlotNames(v, 'ignoreSlots');
        this._shapeDirty = true;
        this._applySlotFilter();
    }

    /**
     * Spine / DragonBones: when not empty, only these slots (by name) collide, with what they
     * hold. Assign a new array to change it.
     */
    @property({ type: [CCString], visible(this: PixelCollider) { return this._shape === PixelShape.PIXELS && this._hasSkeleton(); }, displayName: 'i18n:pixel-collision.collider.onlySlots.name', tooltip: 'i18n:pixel-collision.collider.onlySlots.tooltip' })
    get onlySlots(): readonly string[] { return this._onlySlots; }
    set onlySlots(v: readonly string[]) {
        this._onlySlots = checkSlotNames(v, 'onlySlots');
        this._shapeDirty = true;
        this._applySlotFilter();
    }

    /** Spine / DragonBones: whether slots drawn with additive blending (glows, flashes) collide (default true: they are drawn). */
    @property({ visible(this: PixelCollider) { return this._shape === PixelShape.PIXELS && this._hasSkeleton(); }, displayName: 'i18n:pixel-collision.collider.additiveSlots.name', tooltip: 'i18n:pixel-collision.collider.additiveSlots.tooltip' })
    get additiveSlots(): boolean { return this._additiveSlots; }
    set additiveSlots(v: boolean) {
        this._additiveSlots = !!v;
        this._shapeDirty = true;
        this._applySlotFilter();
    }

    /** Gives the skeleton reader this collider's choice of slots. */
    private _applySlotFilter(): void {
        if (!this._skel) return;
        const f = this._skel.reader.filter;
        f.ignore = this._ignoreSlots; f.only = this._onlySlots; f.additive = this._additiveSlots;
    }

    /** Whether the node has a Spine or DragonBones renderer (for the inspector). */
    private _hasSkeleton(): boolean {
        const n = this.node;
        return !!n && (!!n.getComponent('sp.Skeleton') || !!n.getComponent('dragonBones.ArmatureDisplay'));
    }

    // Runtime state --------------------------------------------------------------------------
    private _categoryBits = 1;
    private _maskBits = 1;
    private readonly _tOut: Affine2D = { a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0 };

    /** @internal The last computed local -> world map (an object reused by every call). */
    get _t(): Readonly<Affine2D> {
        return this._transformInto(this._tOut);
    }

    /** @internal Writes the last computed local -> world map into `out`. */
    _transformInto(out: Affine2D): Affine2D {
        const st = STATE.f64, o = this._so;
        out.a = st[o + 4]; out.b = st[o + 5]; out.c = st[o + 6]; out.d = st[o + 7]; out.tx = st[o + 8]; out.ty = st[o + 9];
        return out;
    }
    /** @internal The shared mask entry (PIXELS) and this collider's own copy after an edit. */
    _entry: MaskEntry | null = null;
    /** @internal */ _ownMask: BitMask | null = null;
    /**
     * TILED sprites: the content box in whole texels (its texel space starts at the box's
     * bottom-left corner, 1 texel a unit), 0 for any other sprite.
     */
    private _tilesW = 0;
    private _tilesH = 0;
    /** The last tiled mask and the frame mask it repeats (a size change rebuilds it). */
    private _tiledMemo: { from: BitMask; mask: BitMask } | null = null;
    /** SLICED sprites: the last frame mask's pieces (kept while the mask and insets stay). */
    private _sliceMemo: SlicePieces | null = null;
    /**
     * SLICED / FILLED sprites: what the parts were built from, compared each frame
     * (insets, or fill type, start, range, centre): a change rebuilds the parts.
     */
    private readonly _partsKey = new Float64Array(5);
    // The content box and anchor the shape was built from.
    private _cw = NaN;
    private _ch = NaN;
    private _ax = NaN;
    private _ay = NaN;
    private _libraryLoaded = false;
    private _maskSource: PixelMaskOrigin = 'unbuilt';
    private _maskReason: PixelMaskReason = '';

    /** What this collider is (Box2D `categoryBits`; default: its group's bit). */
    get categoryBits(): number { return this._categoryBits; }
    set categoryBits(v: number) { this._categoryBits = checkBits(v, 'categoryBits'); this._filterDirty = true; }

    /** What it collides with (Box2D `maskBits`; default: its group's row of the collision matrix). */
    get maskBits(): number { return this._maskBits; }
    set maskBits(v: number) { this._maskBits = checkBits(v, 'maskBits'); this._filterDirty = true; }

    /**
     * True once the collider has left the collision system (disabled, its node deactivated, or
     * either destroyed) and until it is enabled again; false while it takes part. In an
     * `onPixelCollideEnd` handler, `other.isLeaving` says the pair ended because `other` was
     * removed, whichever way (for a destroyed collider component `enabledInHierarchy` is still
     * true there: the engine clears `enabled` only later); `self.isLeaving` likewise for self.
     */
    get isLeaving(): boolean { return this._leaving; }
    private _leaving = false;

    /** Number of colliders it touches now (0 once the collider is destroyed). */
    get contactCount(): number { return this._links ? this._links.n : 0; }

    /** The `i`-th collider it touches now (`0 <= i < contactCount`), allocation-free. */
    getTouching(i: number): PixelCollider | null { const l = this._links; return l && i >= 0 && i < l.n ? l.others[i] : null; }

    /** The contact with {@link getTouching}(i), self's point of view, allocation-free. */
    getContact(i: number): PixelContact | null { const l = this._links; return l && i >= 0 && i < l.n ? l.contacts[i] : null; }

    /** The colliders it touches now (a new array: in per-frame code use contactCount / getTouching). */
    get touching(): PixelCollider[] { const l = this._links; return l ? l.others.slice(0, l.n) as PixelCollider[] : []; }

    /** Its current contacts, parallel to {@link touching} (a new array; see getContact). */
    get contacts(): PixelContact[] { const l = this._links; return l ? l.contacts.slice(0, l.n) as PixelContact[] : []; }

    /** True when it touches `other` now (as of the last collision step). */
    isTouching(other: PixelCollider): boolean {
        return this._links !== null && this._links.indexOf(other) >= 0;
    }

    /** The current contact with `other` (self's point of view), or null. */
    contactWith(other: PixelCollider): PixelContact | null {
        const i = this._links ? this._links.indexOf(other) : -1;
        return i >= 0 ? (this._links as ColliderLinks).contacts[i] : null;
    }

    /**
     * Listens for one of the three events, `'onPixelCollide'` / `'onPixelCollideStay'` /
     * `'onPixelCollideEnd'` (also `PixelCollisionEvent.ENTER` / `STAY` / `END`); the callback
     * gets `(self, other, contact)`. A (callback, target) pair is registered once. A component
     * method of the same name registered here with its component as `target` is called once per
     * event, not twice (the two ways do not stack). Returns the callback (for `off`).
     */
    on<F extends PixelCollisionCallback>(type: PixelCollisionEventType, callback: F, target?: unknown): F {
        checkType(type, 'on');
        this._listen(type, callback, target, false, 'on');
        return callback;
    }

    /** Like {@link on}, for the next event of that type only. */
    once<F extends PixelCollisionCallback>(type: PixelCollisionEventType, callback: F, target?: unknown): F {
        checkType(type, 'once');
        this._listen(type, callback, target, true, 'once');
        return callback;
    }

    /** Removes a listener (the same callback and target as given to `on`), or all of `type` without a callback. */
    off(type: PixelCollisionEventType, callback?: PixelCollisionCallback, target?: unknown): void {
        checkType(type, 'off');
        this._links?.removeListener(type, callback, target);
    }

    /** Removes every listener whose target is `target`. */
    targetOff(target: unknown): void {
        this._links?.removeTarget(target);
    }

    private _listen(type: PixelCollisionEventType, callback: PixelCollisionCallback, target: unknown, once: boolean, what: string): void {
        if (!this._links) throw new Error(`PixelCollider.${what}: this collider is destroyed.`);
        if (typeof callback !== 'function') throw new TypeError(`PixelCollider.${what}: the callback must be a function, got ${String(callback)}.`);
        this._links.listen(type, callback, target, once);
    }

    /** The local → world map of the collider now (mask texel space for PIXELS, node space otherwise). */
    getWorldTransform(out: Affine2D): Affine2D {
        return this._transformInto(out);
    }

    /**
     * The mask this collider collides with (PIXELS shape), upright, texel (i, j) from the top-left
     * of the frame as displayed; null when it has none (no frame, or a box fallback). Do not edit
     * it directly: use {@link editMask}, {@link eraseCircle} or {@link paintCircle}.
     */
    get mask(): BitMask | null {
        return this._def && this._def.kind === 'mask' ? this._def.mask : null;
    }

    /**
     * The parts this collider is made of now, or null: a PIXELS collider on a SLICED, FILLED or
     * TILED sprite, an `sp.Skeleton` or a `dragonBones.ArmatureDisplay` collides as the union of
     * parts, each a mask under its own map to the node (texel -> node units), optionally cut by a
     * convex polygon in node units (a skeleton: one part per drawn region or mesh triangle, this
     * frame's pose). For tools and inspectors (`partsPicture` draws them); do not edit them.
     */
    get parts(): readonly ColliderPart[] | null {
        return this._def && this._def.kind === 'parts' ? this._def.parts : null;
    }

    /**
     * Edits this collider's mask (destructible terrain): `edit(mask)` may `mask.set(i, j, v)`.
     * The first edit copies the shared mask (copy-on-write: other colliders showing the same frame
     * are untouched); the change takes effect in this frame's collision step. Throws when the
     * collider has no mask (not a PIXELS collider, or its frame has no readable pixels).
     */
    editMask(edit: (mask: BitMask) => void): void {
        const m = this.mask;
        if (!m) throw new Error(`editMask: collider on "${this.node.name}" has no pixel mask (shape must be PIXELS, the sprite SIMPLE or TILED, and its frame readable; a SLICED or FILLED sprite collides as parts of its frame's mask, which are not edited).`);
        if (!this._ownMask) {
            this._ownMask = m.clone();
            this._def = { kind: 'mask', mask: this._ownMask };
        }
        edit(this._ownMask);
        this._ownMask.changed();
        this._maskEdited = true;
    }

    /** Clears the texels whose centres lie within `radius` of the world point (x, y). Returns how many changed. */
    eraseCircle(x: number, y: number, radius: number): number {
        return this._paint(x, y, radius, false);
    }

    /** Sets the texels whose centres lie within `radius` of the world point (x, y). Returns how many changed. */
    paintCircle(x: number, y: number, radius: number): number {
        return this._paint(x, y, radius, true);
    }

    /** Drops this collider's edited copy and goes back to the frame's shared mask. */
    restoreMask(): void {
        if (!this._ownMask) return;
        this._ownMask = null;
        this._shapeDirty = true;
    }

    /** Where the shape was built from (see {@link PixelMaskOrigin}); 'unbuilt' before the first build. */
    get maskSource(): PixelMaskOrigin { return this._maskSource; }

    /** Why the shape is a fallback (box, nothing), or '' (see {@link PixelMaskReason}). */
    get maskReason(): PixelMaskReason { return this._maskReason; }

    /**
     * Builds the shape and its world transform now from the properties, the sprite and the node, so
     * that {@link mask}, {@link maskSource}, {@link getOutline} and {@link getWorldTransform} are current
     * outside a collision step (the editor's preview, a tool script, a collider that is disabled).
     * While the collider is in a running `CollisionSystem` the system does this every step, and this
     * returns what its last step built. Returns whether the collider can collide (false: no frame,
     * zero scale, a non-finite position...).
     */
    updateShape(): boolean {
        if (this._core) return this._live;
        this._findSprite();
        this._ui = this.getComponent(UITransform);
        this._geomDirty = true;
        this._refresh();
        return this._live;
    }

    /**
     * Appends the outline of the collider's current shape in world units to `out`, 4 numbers a
     * segment `(x0, y0, x1, y1)`: the boundary of a mask's solid texels, or the sides of the box,
     * circle or polygon (see runtime/outline.ts). Returns how many segments it appended (0 when the
     * collider cannot collide now). Call {@link updateShape} first outside a collision step.
     */
    getOutline(out: number[]): number {
        return this._def && this._live ? shapeOutline(this._def, this._t, out) : 0;
    }


    // Lifecycle -------------------------------------------------------------------------------

    /**
     * Editor only (the editor calls it when the component is added or reset): points
     * {@link _gpuEffect} at the extension's `pixel-collide.effect`, so the scene saves the
     * reference. A collider added before this version gets it when added again, or reset.
     */
    override resetInEditor(): void {
        if (this._gpuEffect) return;
        assetManager.loadAny<EffectAsset>(PIXEL_COLLIDE_EFFECT_UUID, (err: Error | null, asset: EffectAsset) => {
            if (err || !asset || !this.isValid || this._gpuEffect) return;
            this._gpuEffect = asset;
        });
    }

    protected override onLoad(): void {
        this._categoryBits = this._group >>> 0;
        this._maskBits = maskBitsOfGroup(this._group);
    }

    protected override onEnable(): void {
        this._leaving = false;
        if (this._links) this._links.watch(this.node);
        this._findSprite();
        this._ui = this.getComponent(UITransform);
        this._shapeDirty = true;
        this._geomDirty = true;
        this.node.on(NodeEventType.SIZE_CHANGED, this._onBoxChanged, this);
        this.node.on(NodeEventType.ANCHOR_CHANGED, this._onBoxChanged, this);
        CollisionSystem.instance._join(this);
        this._updateHitTest();
    }

    private _findSprite(): void {
        const sprite = this._sprite = this.getComponent(Sprite);
        this._spriteWatched = sprite !== null && spriteWatched(sprite);
        this._spriteEpoch = -1;
        // No Sprite: a Spine or DragonBones skeleton (kept while it is the same component).
        const found = sprite ? null : findSkeletonReader(this.node);
        if (this._skel && (!found || found.comp !== this._skel.comp)) { this._skel.release(); this._skel = null; }
        if (found && !this._skel) this._skel = new SkeletonShape(found.comp, found.reader);
        this._applySlotFilter();
    }

    protected override onDisable(): void {
        this.node.off(NodeEventType.SIZE_CHANGED, this._onBoxChanged, this);
        this.node.off(NodeEventType.ANCHOR_CHANGED, this._onBoxChanged, this);
        this._leaving = true; // before its pairs end: their end handlers see it
        CollisionSystem.instance._leave(this);
        this._updateHitTest();
    }

    private _onBoxChanged(): void {
        this._geomDirty = true;
    }

    // Pixel-exact touch -------------------------------------------------------------------------

    /** The UITransform whose `hitTest` this collider has wrapped, and what it replaced. */
    private _hitUi: UITransform | null = null;
    private _hitPrev: UITransform['hitTest'] | null = null;

    /**
     * Wraps (or unwraps) the node's `UITransform.hitTest`, the engine's one hit test for touch and
     * mouse events (the node event processor calls it): the engine's test first (cameras, content
     * box, Mask components), then the collider's solid texels at the same world point.
     */
    private _updateHitTest(): void {
        const want = this._pixelTouch && this.enabledInHierarchy;
        const ui = want ? this.getComponent(UITransform) : null;
        if (this._hitUi && this._hitUi !== ui) {
            const old = this._hitUi as unknown as Record<string, unknown>;
            if (this._hitPrev && this._hitPrev !== UITransform.prototype.hitTest) old.hitTest = this._hitPrev;
            else delete old.hitTest;
            this._hitUi = this._hitPrev = null;
        }
        if (!ui || this._hitUi === ui) return;
        const prev = ui.hitTest;
        const collider = this;
        ui.hitTest = function hitTestPixels(this: UITransform, screenPoint: Vec2, windowId = 0): boolean {
            return prev.call(this, screenPoint, windowId) && collider._hitScreen(this, screenPoint, windowId);
        };
        this._hitUi = ui;
        this._hitPrev = prev;
    }

    /** @internal True when a camera that sees the node maps the screen point onto a solid texel. */
    _hitScreen(ui: UITransform, screenPoint: Readonly<Vec2>, windowId: number): boolean {
        const core = CollisionSystem.instance._readyCore(this);
        if (!core) return false;
        const cameras = ui._getRenderScene().cameras;
        const layer = this.node.layer;
        for (let i = 0; i < cameras.length; i++) {
            const camera = cameras[i];
            if (!(camera.visibility & layer) || (camera.window && !camera.window.swapchain)) continue;
            if (camera.systemWindowId !== windowId) continue;
            SCREEN.set(screenPoint.x, screenPoint.y, 0);
            camera.screenToWorld(WORLD, SCREEN);
            if (solidAt(core, WORLD.x, WORLD.y)) return true;
        }
        return false;
    }

    protected override onDestroy(): void {
        // The engine calls onDisable before onDestroy (which already left); in case it did not.
        this._leaving = true;
        if (this._core) CollisionSystem.instance._leave(this);
        this._links?.unwatch();
        if (this._entry) { PixelMasks.release(this._entry); this._entry = null; }
        if (this._skel) { this._skel.release(); this._skel = null; }
        this._ownMask = null;
        // Its transform slot goes back to the pool; a late read finds nobody's slot, not another's.
        freeStateSlot(this._so);
        this._so = DEAD_STATE;
    }

    // Used by the system ----------------------------------------------------------------------

    /** @internal The accuracy to use (own, or the system's default). */
    _effectiveAccuracy(systemDefault: number): number {
        return this._accuracy > 0 ? this._accuracy : systemDefault;
    }

    /**
     * @internal Re-reads what changed since the last frame. Returns 0 when nothing changed,
     * 1 when the transform changed, 2 when the shape changed too. Sets `_live`: false when the
     * collider can collide with nothing this frame (no frame, scale 0, NaN...).
     */
    _refresh(): number {
        const node = this.node;
        let changed = 0;
        const sprite = this._sprite;
        const ui = this._ui;
        // The content box and anchor are compared only after the node said they changed
        // (SIZE_CHANGED / ANCHOR_CHANGED, watched while enabled) or on enable.
        if (ui && this._geomDirty) {
            const cs = ui.contentSize, ap = ui.anchorPoint;
            if (cs.width !== this._cw || cs.height !== this._ch || ap.x !== this._ax || ap.y !== this._ay) {
                this._cw = cs.width; this._ch = cs.height; this._ax = ap.x; this._ay = ap.y;
                this._geomDirty = true;
                if (this._shape !== PixelShape.PIXELS || !sprite || sprite.type !== 0) this._shapeDirty = true;
            }
        }
        // The sprite is read only when some sprite's frame, trim or type changed since the last
        // read (sprite-watch.ts), or when its changes cannot be told that way.
        if (this._shape === PixelShape.PIXELS && (this._spriteEpoch !== SPRITE_WATCH.epoch || !this._spriteWatched)) {
            this._spriteEpoch = SPRITE_WATCH.epoch;
            const frame = sprite ? sprite.spriteFrame : null;
            if (frame !== this._frame || (sprite && (sprite.trim !== this._trim || sprite.type !== this._type))) this._shapeDirty = true;
        }
        if (this._shape === PixelShape.PIXELS && sprite && (sprite.type === Sprite.Type.SLICED || sprite.type === Sprite.Type.FILLED)
            && this._def !== null && this._def.kind === 'parts' && partsKeyChanged(sprite, this._partsKey)) this._shapeDirty = true;
        // A skeleton: what it draws this frame (the parts change in place when the pose does).
        if (this._skel !== null && this._shape === PixelShape.PIXELS && this._skel.update(this._alphaThreshold, node)) {
            // A new pose: the parts changed in place (the same shape object); anything else rebuilds.
            if (this._def === this._skel.def && this._skel.status === 'parts' && !this._shapeDirty && !this._maskEdited) changed = 2;
            else this._shapeDirty = true;
        }
        if (this._shapeDirty || this._maskEdited) {
            this._rebuildShape();
            changed = 2;
        }
        if (changed || this._geomDirty || this._moveDirty || node.hasChangedFlags) {
            this._live = this._def !== null && this._computeTransform(changed !== 0 || this._geomDirty);
            this._geomDirty = this._moveDirty = false;
            if (!changed) changed = 1;
        }
        return changed;
    }

    /** Builds `_def` / `_space` from the component's properties and the sprite. */
    private _rebuildShape(): void {
        this._shapeDirty = false;
        this._localDirty = true;
        this._maskEdited = false;
        const sprite = this._sprite;
        const ui = this._ui;
        const cw = ui ? ui.contentSize.width : 0, ch = ui ? ui.contentSize.height : 0;
        const ax = ui ? ui.anchorPoint.x : 0.5, ay = ui ? ui.anchorPoint.y : 0.5;
        this._frame = sprite ? sprite.spriteFrame : null;
        this._trim = sprite ? sprite.trim : true;
        this._type = sprite ? sprite.type : 0;
        const oldEntry = this._entry;
        this._entry = null;
        this._space = SPACE_NODE;
        let def: ColliderShape | null = null;
        this._maskSource = 'shape';
        this._maskReason = '';
        switch (this._shape) {
            case PixelShape.PIXELS: def = this._pixelShape(cw, ch, ax, ay); break;
            case PixelShape.BOX: {
                const w = this._size.width > 0 ? this._size.width : cw, h = this._size.height > 0 ? this._size.height : ch;
                def = w > 0 && h > 0 ? { kind: 'box', width: w, height: h, anchorX: 0.5, anchorY: 0.5,
                    offsetX: (0.5 - ax) * cw + this._offset.x, offsetY: (0.5 - ay) * ch + this._offset.y } : null;
                break;
            }
            case PixelShape.CIRCLE: {
                const r = this._radius > 0 ? this._radius : Math.min(cw, ch) / 2;
                def = r > 0 ? { kind: 'circle', radius: r, offsetX: (0.5 - ax) * cw + this._offset.x, offsetY: (0.5 - ay) * ch + this._offset.y } : null;
                break;
            }
            case PixelShape.POLYGON: {
                const pts: number[] = [];
                if (this._points.length >= 3) {
                    for (const p of this._points) pts.push(p.x + this._offset.x, p.y + this._offset.y);
                } else if (cw > 0 && ch > 0) {
                    const l = -ax * cw + this._offset.x, b = -ay * ch + this._offset.y;
                    pts.push(l, b, l + cw, b, l + cw, b + ch, l, b + ch);
                }
                def = pts.length >= 6 ? { kind: 'polygon', points: pts } : null;
                break;
            }
            default:
                throw new RangeError(`PixelCollider.shape must be a PixelShape (PIXELS, BOX, CIRCLE or POLYGON), got ${String(this._shape)}.`);
        }
        if (oldEntry) PixelMasks.release(oldEntry);
        this._def = def;
        this._texels = def && def.kind === 'mask' ? def.mask.width * def.mask.height : 0;
        this._gpuMode = this._mode === NarrowMode.GPU;
    }

    /** The PIXELS shape: the frame's mask in texel space, or a box (fallbacks, BOUNDS mode). */
    private _pixelShape(cw: number, ch: number, ax: number, ay: number): ColliderShape | null {
        const sprite = this._sprite;
        if (!sprite && this._skel) return this._skelShape(cw, ch, ax, ay);
        if (!sprite) {
            this._setOrigin('box', 'no-sprite');
            PixelMasks.warnOnce(`nosprite:${this.node.uuid}`, `PixelCollider on "${nodePath(this.node)}" has shape PIXELS but no Sprite on its node; it collides as its content box. Add a Sprite or choose BOX / CIRCLE / POLYGON.`);
            return cw > 0 && ch > 0 ? { kind: 'box', width: cw, height: ch, anchorX: ax, anchorY: ay } : null;
        }
        this._tilesW = this._tilesH = 0;
        const frame = sprite.spriteFrame;
        if (!frame || !(frame.rect.width > 0 && frame.rect.height > 0)) { this._setOrigin('empty', 'no-frame'); return null; } // collides with nothing
        // TILED without insets: the frame repeated 1:1 over the content box (tiles the frame's size
        // in units, from the bottom-left corner). SLICED and FILLED: parts (sprite-parts.ts).
        // TILED with insets: the box.
        const tiled = sprite.type === Sprite.Type.TILED && !(frame.insetLeft || frame.insetRight || frame.insetTop || frame.insetBottom);
        if (sprite.type === Sprite.Type.SLICED || sprite.type === Sprite.Type.FILLED) return this._partsShape(sprite, frame, cw, ch, ax, ay);
        if (sprite.type !== Sprite.Type.SIMPLE && !tiled) {
            this._setOrigin('box', 'sprite-type');
            PixelMasks.warnOnce(`type:${this.node.uuid}`, `PixelCollider on "${nodePath(this.node)}": Sprite.type TILED with a 9-slice border (insets) is not pixel-exact (SIMPLE, SLICED, FILLED and TILED without insets are); it collides as its content box. Clear the frame's insets, or use a BOX / POLYGON shape.`);
            return cw > 0 && ch > 0 ? { kind: 'box', width: cw, height: ch, anchorX: ax, anchorY: ay } : null;
        }
        this._space = SPACE_TEXELS;
        let w = frame.rect.width, h = frame.rect.height;
        if (tiled) {
            // The content box in whole units (tiles are 1 texel a unit): a fractional side is
            // rounded to the nearest unit, with one warning (the engine cuts a texel there).
            const tw = Math.round(Math.abs(cw)), th = Math.round(Math.abs(ch));
            if (Math.abs(Math.abs(cw) - tw) > 1e-3 || Math.abs(Math.abs(ch) - th) > 1e-3) {
                PixelMasks.warnOnce(`tilesize:${this.node.uuid}`, `PixelCollider on "${nodePath(this.node)}": a TILED sprite's content size ${Math.abs(cw)} x ${Math.abs(ch)} is not whole units; it collides as ${tw} x ${th} (whole texels). Give the UITransform a whole size to make it exact.`);
            }
            if (tw < 1 || th < 1) { this._setOrigin('empty', 'no-frame'); return null; }
            w = this._tilesW = tw;
            h = this._tilesH = th;
        }
        const quadBox: ColliderShape = { kind: 'box', width: w, height: h, anchorX: 0, anchorY: 0 };
        if (this._mode === NarrowMode.BOUNDS) { this._setOrigin('bounds', 'bounds-mode'); return quadBox; }
        // NarrowMode.GPU / AUTO: the mask is the same; the system's narrow phase picks the backend (gpu-narrow.ts).
        if (this._ownMask && this._ownMask.width === w && this._ownMask.height === h && frame === this._frame) {
            this._setOrigin('edited', '');
            return { kind: 'mask', mask: this._ownMask };
        }
        this._ownMask = null;
        const baked = this._bakedMaskFor(w, h);
        if (baked) { this._setOrigin('asset', ''); return { kind: 'mask', mask: baked }; }
        if (this._maskLibrary && !this._libraryLoaded) {
            this._libraryLoaded = true;
            try {
                PixelMasks.addLibrary(this._maskLibrary.json, `maskLibrary "${this._maskLibrary.name}"`);
            } catch (err) {
                PixelMasks.warnOnce(`lib:${this._maskLibrary.name}`, `${(err as Error).message} (collider on "${nodePath(this.node)}")`);
            }
        }
        const entry = PixelMasks.acquire(frame, this._alphaThreshold, `PixelCollider on "${nodePath(this.node)}"`);
        this._entry = entry;
        if (entry.mask) this._setOrigin(entry.source === 'none' ? 'box' : entry.source, '');
        else this._setOrigin('box', 'unreadable');
        if (!entry.mask) return quadBox;
        if (!tiled) return { kind: 'mask', mask: entry.mask };
        const memo = this._tiledMemo;
        if (memo && memo.from === entry.mask && memo.mask.width === w && memo.mask.height === h) return { kind: 'mask', mask: memo.mask };
        const mask = entry.mask.tiled(w, h);
        this._tiledMemo = { from: entry.mask, mask };
        return { kind: 'mask', mask };
    }

    /**
     * A SLICED or FILLED sprite: its frame's mask in parts, each where the engine draws it in node
     * space (sprite-parts.ts); the content box when the mask cannot be read or in BOUNDS mode.
     */
    private _partsShape(sprite: Sprite, frame: SpriteFrame, cw: number, ch: number, ax: number, ay: number): ColliderShape | null {
        const box: ColliderShape | null = cw > 0 && ch > 0 ? { kind: 'box', width: cw, height: ch, anchorX: ax, anchorY: ay } : null;
        partsKeyChanged(sprite, this._partsKey);
        if (this._mode === NarrowMode.BOUNDS) { this._setOrigin('bounds', 'bounds-mode'); return box; }
        this._ownMask = null;
        const entry = PixelMasks.acquire(frame, this._alphaThreshold, `PixelCollider on "${nodePath(this.node)}"`);
        this._entry = entry;
        if (!entry.mask) { this._setOrigin('box', 'unreadable'); return box; }
        this._setOrigin(entry.source === 'none' ? 'box' : entry.source, '');
        const parts: ColliderPart[] = [];
        this._sliceMemo = typedSpriteParts(sprite, frame, sprite.type === Sprite.Type.SLICED, { mask: entry.mask, cw, ch, ax, ay }, this._sliceMemo, parts);
        return { kind: 'parts', parts };
    }

    /**
     * A skeleton's PIXELS shape: the parts of what it draws (skeleton-shape.ts); in BOUNDS mode the
     * node-space box around them; the content box when it cannot be read.
     */
    private _skelShape(cw: number, ch: number, ax: number, ay: number): ColliderShape | null {
        const skel = this._skel as SkeletonShape;
        this._ownMask = null;
        if (skel.status === 'unread') skel.update(this._alphaThreshold, this.node);
        if (skel.status === 'parts' && this._mode !== NarrowMode.BOUNDS) {
            this._setOrigin(skel.source === 'baked' ? 'baked' : skel.source === 'readback' ? 'readback' : 'pixels', '');
            return skel.def;
        }
        if (skel.status === 'parts' || (skel.status === 'unreadable-pixels' && !(cw > 0 && ch > 0))) {
            // BOUNDS mode (or no content box to fall back to): the box around the drawn triangles.
            if (skel.status === 'parts') this._setOrigin('bounds', 'bounds-mode');
            else this._setOrigin('box', 'unreadable');
            if (!skel.drawn.bounds(SKEL_BOUNDS)) return null;
            const b = this._skelBox;
            b.width = SKEL_BOUNDS[2] - SKEL_BOUNDS[0]; b.height = SKEL_BOUNDS[3] - SKEL_BOUNDS[1];
            b.offsetX = SKEL_BOUNDS[0]; b.offsetY = SKEL_BOUNDS[1];
            return b.width > 0 && b.height > 0 ? b : null;
        }
        this._setOrigin('box', 'unreadable');
        return cw > 0 && ch > 0 ? { kind: 'box', width: cw, height: ch, anchorX: ax, anchorY: ay } : null;
    }

    private _setOrigin(source: PixelMaskOrigin, reason: PixelMaskReason): void {
        this._maskSource = source;
        this._maskReason = reason;
    }

    private _bakedCache: { asset: BufferAsset; mask: BitMask } | null = null;

    private _bakedMaskFor(w: number, h: number): BitMask | null {
        const asset = this._bakedMask;
        if (!asset) return null;
        let mask: BitMask;
        if (this._bakedCache && this._bakedCache.asset === asset) {
            mask = this._bakedCache.mask;
        } else {
            try {
                mask = BitMask.deserialize(new Uint8Array(asset.buffer()));
            } catch (err) {
                PixelMasks.warnOnce(`baked:${asset.name}`, `bakedMask "${asset.name}" on "${nodePath(this.node)}": ${(err as Error).message} Reading the texture instead.`);
                return null;
            }
            this._bakedCache = { asset, mask };
        }
        if (mask.width !== w || mask.height !== h) {
            PixelMasks.warnOnce(`bakedsize:${asset.name}:${w}x${h}`, `bakedMask "${asset.name}" is ${mask.width}x${mask.height} but the sprite's frame is ${w}x${h} on "${nodePath(this.node)}"; reading the texture instead. Bake it again for this frame, or leave bakedMask empty: the project's baked library (Pixel Collision > Bake Masks) covers every frame.`);
            return null;
        }
        return mask;
    }

    /** Recomputes `_t`; false when the map is unusable this frame (zero scale, NaN). */
    private _computeTransform(geometry: boolean): boolean {
        const m = worldMatrixOf(this.node);
        // The slot: the texel -> local map [o..o+3] and the last transform [o+4..o+9], side by
        // side in the array every collider shares (transform-state.ts): per frame the collider
        // reads one block of memory, and compares with the last transform there.
        const st = STATE.f64, o = this._so;
        let a: number, b: number, c: number, d: number, tx: number, ty: number;
        if (this._space === SPACE_TEXELS) {
            // The texel -> local map changes only with the frame, trim, content size or anchor.
            if (geometry || this._localDirty) {
                const sprite = this._sprite as Sprite;
                const frame = sprite.spriteFrame as SpriteFrame;
                const ui = this._ui;
                SIZE[0] = ui ? ui.contentSize.width : 0; SIZE[1] = ui ? ui.contentSize.height : 0;
                SIZE[2] = ui ? ui.anchorPoint.x : 0.5; SIZE[3] = ui ? ui.anchorPoint.y : 0.5;
                if (this._tilesW > 0) {
                    // TILED: the tiles (or their box) from the content box's bottom-left corner, 1 texel a unit.
                    QUAD[0] = -SIZE[2] * Math.abs(SIZE[0]); QUAD[1] = -SIZE[3] * Math.abs(SIZE[1]);
                    QUAD[2] = QUAD[0] + this._tilesW; QUAD[3] = QUAD[1] + this._tilesH;
                    quadToLocal(QUAD, this._tilesW, this._tilesH, st, o);
                } else {
                    spriteLocalQuad(frame, sprite.trim, SIZE, QUAD);
                    quadToLocal(QUAD, frame.rect.width, frame.rect.height, st, o);
                }
                this._localDirty = false;
            }
            const n = composeLocal(st, m, NEXT, 0, o);
            a = n[0]; b = n[1]; c = n[2]; d = n[3]; tx = n[4]; ty = n[5];
        } else {
            a = m.m00; b = m.m01; c = m.m04; d = m.m05; tx = m.m12; ty = m.m13;
        }
        if (a !== st[o + 4] || b !== st[o + 5] || c !== st[o + 6] || d !== st[o + 7] || tx !== st[o + 8] || ty !== st[o + 9]) {
            st[o + 4] = a; st[o + 5] = b; st[o + 6] = c; st[o + 7] = d; st[o + 8] = tx; st[o + 9] = ty;
            this._tPending = true;
        }
        // usable(): finite, invertible.
        const det = a * d - b * c;
        return det !== 0 && Number.isFinite(1 / det) && Number.isFinite(det) && Number.isFinite(a) && Number.isFinite(b)
            && Number.isFinite(c) && Number.isFinite(d) && Number.isFinite(tx) && Number.isFinite(ty);
    }

    /** @internal After the system moved the core collider itself (moveAndSlide): `_t` follows. */
    _setTranslation(tx: number, ty: number): void {
        const st = STATE.f64, o = this._so;
        st[o + 8] = tx; st[o + 9] = ty;
    }

    private _paint(x: number, y: number, radius: number, value: boolean): number {
        if (!Number.isFinite(x) || !Number.isFinite(y) || !(radius >= 0)) throw new RangeError(`eraseCircle / paintCircle: x, y and radius must be finite numbers (radius >= 0), got (${x}, ${y}, ${radius}).`);
        let n = 0;
        const t = this._t;
        this.editMask((mask) => {
            forEachTexelInDisc(t, mask.width, mask.height, x, y, radius, (i, j) => {
                if (mask.get(i, j) !== value) { mask.set(i, j, value); n++; }
            });
        });
        return n;
    }

    /** @internal Calls the listeners and the node's components' methods named `type` (links.ts). */
    _emit(type: PixelCollisionEventType, other: PixelCollider, contact: PixelContact): void {
        this._links?.emit(this, type, other, contact);
    }
}

/**
 * Whether a SLICED or FILLED sprite's insets or fill state differ from `key` (then `key` takes
 * them): five numbers read a frame, nothing allocated.
 */
function partsKeyChanged(sprite: Sprite, key: Float64Array): boolean {
    let k0: number, k1: number, k2: number, k3: number, k4: number;
    if (sprite.type === Sprite.Type.SLICED) {
        const f = sprite.spriteFrame;
        k0 = -1; k1 = f ? f.insetLeft : 0; k2 = f ? f.insetTop : 0; k3 = f ? f.insetRight : 0; k4 = f ? f.insetBottom : 0;
    } else {
        const c = sprite.fillCenter;
        k0 = sprite.fillType; k1 = sprite.fillStart; k2 = sprite.fillRange; k3 = c.x; k4 = c.y;
    }
    if (k0 === key[0] && k1 === key[1] && k2 === key[2] && k3 === key[3] && k4 === key[4]) return false;
    key[0] = k0; key[1] = k1; key[2] = k2; key[3] = k3; key[4] = k4;
    return true;
}

function checkBits(v: number, name: string): number {
    if (!Number.isInteger(v) || v < 0 || v > 0xffffffff) throw new RangeError(`${name} must be an integer bit field in [0, 0xffffffff] (Box2D-style filter bits), got ${v}.`);
    return v >>> 0;
}

function isGroupBit(v: number): boolean {
    return typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= 0x80000000 && ((v >>> 0) & ((v >>> 0) - 1)) === 0;
}

const EVENT_TYPES: readonly string[] = ['onPixelCollide', 'onPixelCollideStay', 'onPixelCollideEnd'];

/** Plain JavaScript callers get the check TypeScript gives at compile time. */
function checkType(type: string, what: string): void {
    if (EVENT_TYPES.indexOf(type) < 0) throw new RangeError(`PixelCollider.${what}: unknown event "${type}"; use 'onPixelCollide', 'onPixelCollideStay' or 'onPixelCollideEnd' (PixelCollisionEvent.ENTER / STAY / END).`);
}

/** Polygon points: none (the content box), or 3 to MAX_POLYGON_VERTICES finite points of a convex polygon. */
/** A copy of `v` when it is an array of slot names; else a TypeError saying what to pass. */
function checkSlotNames(v: readonly string[], what: string): string[] {
    if (!Array.isArray(v) || v.some((n) => typeof n !== 'string')) {
        throw new TypeError(`${what} must be an array of slot names (strings), e.g. ['weapon', 'shadow'], got ${JSON.stringify(v)}.`);
    }
    return v.slice();
}

function checkPoints(v: readonly Vec2[]): void {
    const n = Array.isArray(v) ? v.length : -1;
    if (n !== 0 && !(n >= 3 && n <= MAX_POLYGON_VERTICES)) {
        throw new RangeError(`points must be an array of 3 to ${MAX_POLYGON_VERTICES} points of a convex polygon (or empty for the content box's corners), got ${n < 0 ? String(v) : `${n} point(s)`}.`);
    }
    const flat: number[] = [];
    for (const p of v) {
        if (!p || !Number.isFinite(p.x) || !Number.isFinite(p.y)) throw new RangeError(`points must be finite points, got ${p ? `(${p.x}, ${p.y})` : String(p)}.`);
        flat.push(p.x, p.y);
    }
    if (n === 0) return;
    try {
        new Collider({ shape: { kind: 'polygon', points: flat } }); // the core's own check: convex, not degenerate
    } catch (err) {
        throw new RangeError(`points: ${(err as Error).message}`);
    }
}
