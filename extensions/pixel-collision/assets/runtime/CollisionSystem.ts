import { director, Director, game, Game, System, Vec2, Vec3 } from 'cc';
import type { EffectAsset, Rect } from 'cc';
import { EDITOR, JSB } from 'cc/env';
import { checkAccuracy, CollisionWorld, Contact, RayHit, SweepHit } from '../core/index';
import type { Affine2D, Collider, CollisionListener } from '../core/index';
import { PixelContact } from './contact';
import { PixelDebugDraw } from './debug-draw';
import { refreshGroups } from './groups';
import { PixelMasks } from './masks';
import { nodePath, PixelCollisionEvent } from './events';
import { cocosGpuSettings, createCocosGpuDevice } from './gpu/gpu-cocos-device';
import type { GpuBackend } from './gpu/gpu-cocos-device';
import { MODE_CPU, PixelNarrowPhase } from './gpu/gpu-narrow';
import { nativeMiddleware } from './native-skeleton-reader';
import type { GpuDeviceResult, GpuSetting, GpuStatus } from './gpu/gpu-narrow';
import type { GpuNarrowPhase } from '../core/gpu/gpu-narrow-phase';
import type { PixelCollider } from './PixelCollider';
import { EMIT } from './contact';
import { BIT_STAY, RECEIVERS } from './links';
import { STATE } from './transform-state';
import { worldMatrixOf } from './node-matrix';
import type { ColliderLinks } from './links';

/** A point or vector in Cocos types (`Vec2`, `Vec3`, or any `{ x, y }`). */
export interface XY { x: number; y: number }

/** Result of {@link CollisionSystem.raycast}. */
export class PixelRayHit {
    collider: PixelCollider | null = null;
    /** Where the ray enters the first cell of the collider (world). */
    readonly point = new Vec2();
    /** Fraction of the segment (0 = start, 1 = end). */
    fraction = 1;
}

/** Result of {@link CollisionSystem.sweep}. */
export class PixelSweepHit {
    collider: PixelCollider | null = null;
    /** Fraction of the move at the first overlap (1 when nothing is hit). */
    fraction = 1;
    /** Fraction of the move that is free (move this far). */
    safeFraction = 1;
    /** Contact at the first overlap, from the moving collider's point of view. */
    readonly contact = new PixelContact();
}

/**
 * The pixel-collision system: one per game, `CollisionSystem.instance`. Registered with the
 * director when the engine starts (like `PhysicsSystem2D`); each frame, in `postUpdate` (after
 * every component's `update` and `lateUpdate`), it re-reads the colliders whose node, sprite frame
 * or content size changed, runs the core `CollisionWorld` (broad phase on AABBs, exact narrow
 * phase) and calls the colliders' listeners and component methods.
 *
 * Changes made inside callbacks (destroy, disable, add, move) are applied after the step; order
 * is deterministic. Nothing a single node does (scale 0, NaN position, missing frame, unreadable
 * texture, a throwing callback) throws into the game loop.
 */
export class CollisionSystem extends System {
    static readonly ID = 'PIXEL_COLLISION';
    private static _instance: CollisionSystem | null = null;

    /** The system (created on first use). */
    static get instance(): CollisionSystem {
        if (!CollisionSystem._instance) CollisionSystem._instance = new CollisionSystem();
        return CollisionSystem._instance;
    }

    /** Registers the system with the director (done automatically when the engine starts). */
    static register(): void {
        if (EDITOR) return;
        if (!director.getSystem(CollisionSystem.ID)) director.registerSystem(CollisionSystem.ID, CollisionSystem.instance, System.Priority.LOW);
    }

    // GPU narrow phase (gpu-narrow.ts): the world's narrow phase, made before the world.
    private readonly _narrow = new PixelNarrowPhase(
        () => { this._findCarriedEffect(); return CollisionSystem.gpuDeviceFactory(); },
        (c) => (c.userData as PixelCollider | null | undefined)?.mode ?? MODE_CPU,
        (key, message) => PixelMasks.warnOnce(key, message),
    );

    /** The core world (for advanced use: its colliders' userData are the PixelColliders). */
    readonly world = new CollisionWorld<PixelCollider>({ narrowPhase: this._narrow });
    /** When false, `postUpdate` does nothing (no events; contacts stay as they were). */
    enabled = true;
    /** Collision steps run. */
    frame = 0;

    private _accuracy = 1;
    private _debug: PixelDebugDraw | null = null;
    /** Colliders whose component is enabled, in the order they were enabled. */
    private _colliders: PixelCollider[] = [];
    private _pool: PixelContact[] = [];
    private _queryOut: Collider<PixelCollider>[] = [];
    private _ray = new RayHit<PixelCollider>();
    private _sweep = new SweepHit<PixelCollider>();
    private _contact = new Contact();
    private _t: Affine2D = { a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0 };
    private _wp = new Vec3();
    /**
     * Colliders disabled or destroyed inside a callback of the running step: their core collider
     * and links, kept until the step has finished, when their pairs end and the core leaves the
     * world (_endLeaving). Parallel arrays; they never shrink.
     */
    private _leavingCores: (Collider<PixelCollider> | null)[] = [];
    private _leavingLinks: (ColliderLinks | null)[] = [];
    private _leavingCount = 0;
    /** Some collider receives stay events (see _findStayReceivers). */
    private _anyStay = true;
    /** Some usable collider's mode is GPU (found by _syncAll). */
    private _anyGpuMode = false;

    /**
     * Native builds with Spine or DragonBones: the step runs just before the frame is drawn
     * (`Director.EVENT_BEFORE_DRAW`), after the engine's C++ skeletons have written what they draw
     * this frame (native-skeleton-reader.ts), instead of in `postUpdate`.
     */
    get stepsBeforeDraw(): boolean {
        return JSB && nativeMiddleware() !== null;
    }

    private constructor() {
        super();
        refreshGroups();
        this.world.addListener(this._listener);
        director.on(Director.EVENT_AFTER_DRAW, this._afterDraw, this);
        // (Registered when the engine has started: after the engine's own listener that renders
        // the skeletons, so it runs after it.)
        director.on(Director.EVENT_BEFORE_DRAW, this._beforeDraw, this);
    }

    /** Default accuracy (samples per world unit) of colliders whose own accuracy is 0. */
    get accuracy(): number {
        return this._accuracy;
    }

    set accuracy(v: number) {
        this._accuracy = checkAccuracy(v, 'CollisionSystem.accuracy');
        for (const c of this._colliders) c._accuracyDirty = true;
    }

    /** Contacts carry `separation` (the move that ends the overlap); costs a few more tests per pair. */
    get separation(): boolean {
        return this.world.separation;
    }

    set separation(v: boolean) {
        this.world.separation = v;
    }

    /** Draws AABBs, mask outlines and contacts over the scene (a Graphics overlay). */
    get debugDraw(): boolean {
        return this._debug !== null && this._debug.enabled;
    }

    set debugDraw(v: boolean) {
        if (v && !this._debug) this._debug = new PixelDebugDraw();
        if (this._debug) {
            this._debug.enabled = v;
            this._debug.visible = v; // switched off: the overlay's last drawing goes away too
        }
    }

    /** The colliders taking part (enabled components). */
    get colliders(): readonly PixelCollider[] {
        return this._colliders;
    }

    // GPU narrow phase --------------------------------------------------------------------------

    /**
     * Makes the GPU narrow phase's device, the first time a step wants it (default: the engine's
     * WebGL2 context, gpu-cocos-device.ts). Replace it before the first step to use another
     * device (tests use a software one).
     */
    static gpuDeviceFactory: () => GpuDeviceResult = createCocosGpuDevice;

    /**
     * Which GPU backend the default factory makes (see the README's GPU section): `'auto'`
     * (default: the raw WebGL2 device where the engine renders with WebGL2, else the engine-gfx
     * device), `'webgl2'`, or `'engine'` (pixel-collide.effect through the engine's gfx API:
     * WebGL1, WebGL2, native). Set it before the first GPU step, or call {@link disposeGpu}.
     * Like every other setting: `CollisionSystem.instance.gpuBackend = 'engine'`.
     */
    get gpuBackend(): GpuBackend {
        return cocosGpuSettings.backend;
    }

    set gpuBackend(v: GpuBackend) {
        if (v !== 'auto' && v !== 'webgl2' && v !== 'engine') throw new RangeError(`CollisionSystem.instance.gpuBackend must be 'auto', 'webgl2' or 'engine', got ${String(v)}.`);
        cocosGpuSettings.backend = v;
    }

    /**
     * The `pixel-collide.effect` asset for the engine-gfx backend. Null (default): the effect a
     * collider of the scene carries (every PixelCollider added in the editor keeps a reference
     * to it, so builds include it: docs/gpu.md), else a loaded effect whose name ends in
     * `pixel-collide`. Assign it only where neither exists (colliders made in code in a build
     * whose scenes hold none), e.g. from a component's `@property(EffectAsset)`.
     */
    get gpuEffect(): EffectAsset | null {
        return cocosGpuSettings.effect;
    }

    set gpuEffect(v: EffectAsset | null) {
        cocosGpuSettings.effect = v;
    }

    /** Alias of the instance's {@link CollisionSystem.gpuBackend} (the same setting; kept for code written for 0.x). */
    static get gpuBackend(): GpuBackend {
        return CollisionSystem.instance.gpuBackend;
    }

    static set gpuBackend(v: GpuBackend) {
        CollisionSystem.instance.gpuBackend = v;
    }

    /** Alias of the instance's {@link CollisionSystem.gpuEffect} (the same setting; kept for code written for 0.x). */
    static get gpuEffect(): EffectAsset | null {
        return CollisionSystem.instance.gpuEffect;
    }

    static set gpuEffect(v: EffectAsset | null) {
        CollisionSystem.instance.gpuEffect = v;
    }

    /**
     * How pairs of colliders with `NarrowMode.GPU` (and AUTO pairs the cost rule sends there) are
     * decided:
     *
     * - `'nextFrame'` (default): drawn in the step, read back without stalling (a pixel buffer
     *   and a fence) and reported in the next step, one frame late: `contact.frame` is the frame
     *   the contact describes. While the GPU path runs, every pair of the step (CPU ones too) is
     *   reported that way, so all events of a step describe the same frame.
     * - `'sameFrame'`: drawn and read back inside the step (the main thread waits for the GPU:
     *   2-11 ms on desktop, 7-40 ms on phones); contacts describe the current frame.
     * - `'off'`: everything on the CPU.
     *
     * Nothing is built until a collider asks for the GPU. Where the engine renders with WebGL2 the
     * raw WebGL2 device draws; on WebGL1 and native, the engine-gfx device (see
     * {@link gpuBackend}); on WebGPU, or without pixel-collide.effect for the engine-gfx device, the
     * system stays on the CPU with one warning. Answers are identical on every path.
     */
    get gpu(): GpuSetting {
        return this._narrow.setting;
    }

    set gpu(v: GpuSetting) {
        this._narrow.setting = v;
    }

    /** `'off'`, `'idle'` (no step wanted the GPU lately), `'active'`, or `'unavailable'` (see {@link gpuUnavailableReason}). */
    get gpuStatus(): GpuStatus {
        return this._narrow.status;
    }

    /** Why the GPU narrow phase is unavailable (the warning's reason), or null. */
    get gpuUnavailableReason(): string | null {
        return this._narrow.unavailableReason;
    }

    /** The GPU narrow phase while it exists (its `stats`: pairs drawn, pages, readbacks...), else null. */
    get gpuNarrowPhase(): GpuNarrowPhase | null {
        return this._narrow.gpu;
    }

    /**
     * Frees the GPU narrow phase and its device (answers still on their way are dropped: the
     * next step answers its own frame on the CPU). The next step that wants the GPU builds them
     * again, and asks the device factory again even if it failed before.
     */
    disposeGpu(): void {
        this._narrow.dispose();
    }

    /** Mask cache figures (see PixelMasks.stats). */
    get maskCache() {
        return PixelMasks.stats();
    }

    override postUpdate(_dt: number): void {
        if (this.enabled && !this.stepsBeforeDraw) this.step();
        // Large baked masks, decoded ahead within their budget (nothing to do: no work, no garbage).
        if (PixelMasks.prefetching) PixelMasks.prefetchStep();
    }

    private _beforeDraw(): void {
        // (Only while registered with the director, as postUpdate is.)
        if (this.enabled && this.stepsBeforeDraw && director.getSystem(CollisionSystem.ID) === this) this.step();
    }

    /** Runs one collision step now (postUpdate does this every frame). */
    step(): void {
        this.frame++;
        EMIT.step++;
        this._syncAll();
        if (RECEIVERS.changed) this._findStayReceivers();
        this._narrow.explicitGpu = this._gpuWanted();
        try {
            this.world.step();
        } finally {
            // Colliders disabled or destroyed inside the step's callbacks: the step finished as
            // it was decided; their pairs end now, while every node is still alive.
            this._endLeaving();
        }
        if (this._debug && this._debug.enabled) this._debug.draw(this);
    }

    // Queries (world space, y up; they see the colliders as of now) ---------------------------

    /**
     * Colliders solid at the world point (a `Vec2` / `Vec3`, or x, y): the sample (centre) of the
     * grid cell holding the point belongs to them, as collisions are decided (core
     * `Collider.hasSampleAt`); the same answer as `PixelIntersection.point` for every point.
     */
    queryPoint(point: Readonly<XY>, out?: PixelCollider[], maskBits?: number): PixelCollider[];
    queryPoint(x: number, y: number, out?: PixelCollider[], maskBits?: number): PixelCollider[];
    queryPoint(a: number | Readonly<XY>, b?: number | PixelCollider[], c?: PixelCollider[] | number, d?: number): PixelCollider[] {
        if (typeof a !== 'number') return this.queryPoint(a.x, a.y, b as PixelCollider[] | undefined, c as number | undefined);
        const x = a, y = b as number, out = (c as PixelCollider[] | undefined) ?? [], maskBits = d ?? 0xffffffff;
        this._syncAll();
        this.world.queryPoint(x, y, this._queryOut, maskBits);
        return this._comps(out);
    }

    /** Colliders with a sample (a grid cell's centre that belongs to them) in the closed world rect. */
    queryRect(rect: Readonly<Rect>, out: PixelCollider[] = [], maskBits = 0xffffffff): PixelCollider[] {
        this._syncAll();
        this.world.queryRect(rect.x, rect.y, rect.x + rect.width, rect.y + rect.height, this._queryOut, maskBits);
        return this._comps(out);
    }

    /**
     * The first collider along the segment from `from` to `to` (world points), or null: the first
     * grid cell the segment crosses whose sample belongs to a collider (a cell counts where the
     * segment has a point in it); `point` is where the segment enters that cell.
     */
    raycast(from: Readonly<XY>, to: Readonly<XY>, out?: PixelRayHit, maskBits?: number): PixelRayHit | null;
    raycast(x0: number, y0: number, x1: number, y1: number, out?: PixelRayHit, maskBits?: number): PixelRayHit | null;
    raycast(a: number | Readonly<XY>, b: number | Readonly<XY>, c?: number | PixelRayHit, d?: number, e?: PixelRayHit, f?: number): PixelRayHit | null {
        if (typeof a !== 'number') {
            const to = b as Readonly<XY>;
            return this.raycast(a.x, a.y, to.x, to.y, c as PixelRayHit | undefined, d);
        }
        const x0 = a, y0 = b as number, x1 = c as number, y1 = d as number, out = e ?? new PixelRayHit(), maskBits = f ?? 0xffffffff;
        this._syncAll();
        const r = this._ray;
        if (!this.world.raycast(x0, y0, x1, y1, r, maskBits)) return null;
        out.collider = (r.collider as Collider<PixelCollider>).userData ?? null;
        out.point.set(r.x, r.y);
        out.fraction = r.t;
        return out;
    }

    /**
     * Would `collider` overlap anything if its node were at world position (x, y)? Returns the
     * first collider it would overlap (lowest id), or null. Fills `contact` (collider's view).
     */
    placeMeeting(collider: PixelCollider, position: Readonly<XY>, contact?: PixelContact): PixelCollider | null;
    placeMeeting(collider: PixelCollider, x: number, y: number, contact?: PixelContact): PixelCollider | null;
    placeMeeting(collider: PixelCollider, a: number | Readonly<XY>, b?: number | PixelContact, c?: PixelContact): PixelCollider | null {
        if (typeof a !== 'number') return this.placeMeeting(collider, a.x, a.y, b as PixelContact | undefined);
        const x = a, y = b as number, contact = c;
        const core = this._ready(collider);
        if (!core) return null;
        const wm = worldMatrixOf(collider.node); // the node's world position, as stored (a NaN included)
        const t = this._t;
        t.a = core.transform.a; t.b = core.transform.b; t.c = core.transform.c; t.d = core.transform.d;
        t.tx = core.transform.tx + (x - wm.m12);
        t.ty = core.transform.ty + (y - wm.m13);
        const o = this.world.placeMeeting(core, t, this._contact);
        if (o && contact) contact._set(this._contact, false);
        return o ? o.userData ?? null : null;
    }

    /** Swept test of a move by (dx, dy) world units (no tunnelling through walls a cell thick). */
    sweep(collider: PixelCollider, delta: Readonly<XY>, out?: PixelSweepHit): PixelSweepHit;
    sweep(collider: PixelCollider, dx: number, dy: number, out?: PixelSweepHit): PixelSweepHit;
    sweep(collider: PixelCollider, a: number | Readonly<XY>, b?: number | PixelSweepHit, c?: PixelSweepHit): PixelSweepHit {
        if (typeof a !== 'number') return this.sweep(collider, a.x, a.y, b as PixelSweepHit | undefined);
        const dx = a, dy = b as number, out = c ?? new PixelSweepHit();
        out.collider = null; out.fraction = 1; out.safeFraction = 1;
        const core = this._ready(collider);
        if (!core) return out;
        const s = this._sweep;
        if (this.world.sweep(core, dx, dy, s)) {
            out.collider = (s.collider as Collider<PixelCollider>).userData ?? null;
            out.fraction = s.t;
            out.safeFraction = s.safeT;
            out.contact._set(s.contact, false);
        }
        return out;
    }

    /**
     * Collision response for top-down games (seed 004): moves the collider's node by (dx, dy)
     * world units, one axis at a time, stopping each axis at the last free position (found to
     * 1/64 of a sample cell), so a character slides along walls and into corners instead of
     * sticking. When a diagonal move stops short on both axes, it steps a quarter of a cell back
     * from what stopped one axis and tries the other again (a curved edge resting against a wall
     * can touch the wall's next sample whichever way it slides), keeping that only when it gets
     * further than it stepped back: in a corner nothing moves. A collider that starts inside
     * something is pushed out first. Returns the move made (world units).
     */
    moveAndSlide(collider: PixelCollider, delta: Readonly<XY>, out?: Vec2): Vec2;
    moveAndSlide(collider: PixelCollider, dx: number, dy: number, out?: Vec2): Vec2;
    moveAndSlide(collider: PixelCollider, a: number | Readonly<XY>, b?: number | Vec2, c?: Vec2): Vec2 {
        if (typeof a !== 'number') return this.moveAndSlide(collider, a.x, a.y, b as Vec2 | undefined);
        const dx = a, dy = b as number, out = c ?? new Vec2();
        out.set(0, 0);
        if (!Number.isFinite(dx) || !Number.isFinite(dy)) throw new RangeError(`moveAndSlide: dx and dy must be finite numbers, got (${dx}, ${dy}).`);
        const core = this._ready(collider);
        if (!core) { this._moveNode(collider, dx, dy); return out.set(dx, dy); }
        const px = this._depenetrate(collider, core);
        let mx = this._freeMove(core, dx, 0);
        this._shift(core, mx, 0);
        let my = this._freeMove(core, 0, dy);
        this._shift(core, 0, my);
        if (dx !== 0 && dy !== 0 && mx !== dx && my !== dy) {
            // Both axes stopped short of a diagonal move. A curved edge resting against a wall can
            // cover one of the wall's samples whichever way it slides (a circle whose centre is on
            // a whole row, pressed to within a hair of a column of samples): a quarter of a cell
            // back from what stopped one axis frees the other. Kept only when the slide gains
            // more than the step back; in a corner nothing moves.
            const back = 0.25 / core.accuracy;
            const bx = dx > 0 ? -back : back, by = dy > 0 ? -back : back;
            let g = this._unwedge(core, bx, 0, 0, dy - my);
            if (g !== 0) {
                mx += bx; my += g;
            } else {
                g = this._unwedge(core, 0, by, dx - mx, 0);
                if (g !== 0) { my += by; mx += g; }
            }
        }
        out.set(px.x + mx, px.y + my);
        this._moveNode(collider, out.x, out.y, core);
        return out;
    }

    // Collider host ------------------------------------------------------------------------------

    /** @internal */
    _join(c: PixelCollider): void {
        if (this._colliders.indexOf(c) < 0) this._colliders.push(c);
        CollisionSystem.register();
    }

    /**
     * @internal A collider leaves (its `onDisable`, or `onDestroy`): each pair it touches ends now
     * on both sides (see {@link _endPairs}), while both nodes are alive, as the builtin 2D physics
     * ends a removed shape's contacts; the engine destroys a destroyed node's components, and
     * clears their fields, only later (deferred destruction, before the next step). Inside a
     * callback of the step, the pairs end right after the step instead (changes made in callbacks
     * apply after the step); `node.destroy()` keeps the node alive until the next frame.
     */
    _leave(c: PixelCollider): void {
        const i = this._colliders.indexOf(c);
        if (i >= 0) this._colliders.splice(i, 1);
        const core = c._core;
        if (core) {
            c._core = null;
            c._coreId = -1;
            const links = c._links;
            if (this.world.stepping) {
                // The world would queue the removal itself; it is kept here instead, so that the
                // pairs' last contacts can still be found when they end after the step.
                const n = this._leavingCount++;
                this._leavingCores[n] = core;
                this._leavingLinks[n] = links;
            } else {
                this._endPairs(core, links);
                this.world.remove(core);
            }
        }
        c._live = false;
    }

    // Internals ------------------------------------------------------------------------------

    private _syncAll(): void {
        const list = this._colliders;
        // On the way, what the GPU narrow phase needs to know before it looks at any pair: whether
        // a usable collider asks for the GPU, and whether any pair could be heavy enough for it
        // (the most sample cells a mask covers, at the largest accuracy of any collider).
        let gpu = false, cells = 0, acc = 0;
        for (let i = 0; i < list.length; i++) {
            const c = list[i];
            this._sync(c);
            if (!c._live) continue;
            if (c._gpuMode) gpu = true;
            // The accuracy the sync just gave the core collider (read from the component: the
            // core object is left for the world's pass over the moved colliders).
            if (c._core !== null) { const a = c._effectiveAccuracy(this._accuracy); if (a > acc) acc = a; }
            if (c._texels > 0) {
                const st = STATE.f64, o = c._so;
                const n = c._texels * Math.abs(st[o + 4] * st[o + 7] - st[o + 5] * st[o + 6]);
                if (n > cells) cells = n;
            }
        }
        this._anyGpuMode = gpu;
        this._narrow.mayBeHeavy = cells * acc * acc >= this._narrow.autoMinCells;
    }

    /** Brings one collider's core state up to date; never throws. */
    private _sync(c: PixelCollider): void {
        try {
            const changed = c._refresh();
            const world = this.world;
            let core = c._core;
            if (changed === 2) {
                if (core && c._def) {
                    if (c._live) { world.setTransformAt(c._coreId, STATE.f64, c._so + 4); c._tPending = false; }
                    world.setShape(core, c._def); // (applies the transform first)
                } else if (core && !c._def) {
                    world.setEnabled(core, false);
                    c._coreOn = false;
                }
            } else if (changed === 1 && core && c._live && c._tPending) {
                // By id, from the typed array: the world applies it in one pass at the step (or
                // query) without this loop touching the core collider (a node that only moved
                // is a shift of its box there).
                world.setTransformAt(c._coreId, STATE.f64, c._so + 4);
                c._tPending = false;
            }
            if (!core && c._def && c._live) {
                core = c._core = world.add({
                    shape: c._def, transform: c._transformInto(SYNC_T), categoryBits: c.categoryBits, maskBits: c.maskBits,
                    accuracy: c._effectiveAccuracy(this._accuracy), userData: c,
                });
                c._coreId = core.id;
                c._coreOn = true;
                c._filterDirty = c._accuracyDirty = false;
                c._tPending = false;
            }
            if (!core) return;
            // (The state asked for last, kept on the component: the core collider is not read here.)
            const on = c._live && c._def !== null;
            if (c._coreOn !== on) { world.setEnabled(core, on); c._coreOn = on; }
            if (c._filterDirty) { world.setFilter(core, c.categoryBits, c.maskBits); c._filterDirty = false; }
            if (c._accuracyDirty) { world.setAccuracy(core, c._effectiveAccuracy(this._accuracy)); c._accuracyDirty = false; }
            if (!c._live && c._def && changed) this._warnUnusable(c);
        } catch (err) {
            PixelMasks.warnOnce(`sync:${c.node.uuid}`, `PixelCollider on "${nodePath(c.node)}" was skipped: ${(err as Error).message}`);
            if (c._core && c._core.enabled && !this.world.stepping) { this.world.setEnabled(c._core, false); c._coreOn = false; }
            c._live = false;
        }
    }

    /**
     * Whether any collider receives stay events (a listener, or a component method). When none
     * does, the step's stays are not looked at per pair at all (a pair's contact still follows it:
     * PixelContact._follow). A listener or component added in a callback counts from the next step.
     */
    private _findStayReceivers(): void {
        RECEIVERS.changed = false;
        const list = this._colliders;
        let any = false;
        for (let i = 0; i < list.length && !any; i++) {
            const l = list[i]._links;
            if (l && l.wants(BIT_STAY)) any = true;
        }
        this._anyStay = any;
        // The pairs' kept contacts are read by stays only (onStay below): without a receiver the
        // world need not hand them on. A pair that stayed meanwhile finds its contacts by look-up.
        this.world._keepUser = any;
    }

    /**
     * Before the GPU device is made: the `pixel-collide.effect` a collider carries (serialized
     * with it, so the build included it and the scene loaded it), for the engine-gfx device when
     * {@link gpuEffect} is unset. Looked for only then, not per frame.
     */
    private _findCarriedEffect(): void {
        const known = cocosGpuSettings.sceneEffect;
        if (known && known.isValid) return;
        cocosGpuSettings.sceneEffect = null;
        const list = this._colliders;
        for (let i = 0; i < list.length; i++) {
            const e = list[i]._gpuEffect;
            if (e && e.isValid) { cocosGpuSettings.sceneEffect = e; return; }
        }
    }

    /** True when an enabled collider asks for the GPU (NarrowMode.GPU), as of the last sync. */
    private _gpuWanted(): boolean {
        return this._narrow.setting !== 'off' && this._anyGpuMode;
    }

    private _warnUnusable(c: PixelCollider): void {
        // The world matrix, not worldPosition: the native engine stores setPosition(NaN, ...) as
        // given (the web engine stores 0), and its worldPosition then reads 0 while the matrix the
        // collider uses is NaN.
        const m = worldMatrixOf(c.node);
        const what = !Number.isFinite(m.m12) || !Number.isFinite(m.m13) ? 'position'
            : !Number.isFinite(m.m00) || !Number.isFinite(m.m01) || !Number.isFinite(m.m04) || !Number.isFinite(m.m05) ? 'scale or rotation' : '';
        if (what) PixelMasks.warnOnce(`nan:${c.node.uuid}`, `node "${nodePath(c.node)}" has a NaN or infinite ${what}; its collider is skipped until it is finite again.`);
        // Scale 0 (pop-in tweens) is normal: the collider collides with nothing that frame.
    }

    /** @internal {@link _ready} for PixelIntersection. */
    _readyCore(c: PixelCollider): Collider<PixelCollider> | null {
        return this._ready(c);
    }

    /** A collider ready for a query now, or null (disabled, no shape, scale 0...). */
    private _ready(c: PixelCollider): Collider<PixelCollider> | null {
        if (!c.enabledInHierarchy) return null;
        if (this._colliders.indexOf(c) < 0) this._join(c);
        this._sync(c);
        this.world.applyTransforms();
        return c._core && c._live ? c._core : null;
    }

    private _comps(out: PixelCollider[]): PixelCollider[] {
        out.length = 0;
        const q = this._queryOut;
        for (let i = 0; i < q.length; i++) { const u = q[i].userData; if (u) out.push(u); }
        return out;
    }

    /** Pushes a collider that starts inside others out along the contacts' separations. */
    private _depenetrate(c: PixelCollider, core: Collider<PixelCollider>): { x: number; y: number } {
        const moved = PUSH;
        moved.x = moved.y = 0;
        for (let k = 0; k < 4; k++) {
            const o = this.world.placeMeeting(core, core.transform, undefined);
            if (!o) break;
            const acc = Math.max(core.accuracy, o.accuracy);
            if (!this.world.narrowPhase.testPair(core, o, acc, true, this._contact) || !this._contact.hasSeparation) break;
            // The separation moves B (the other collider): move this one the opposite way.
            const sx = -this._contact.separationX, sy = -this._contact.separationY;
            this._shift(core, sx, sy);
            moved.x += sx; moved.y += sy;
        }
        return moved;
    }

    /** How far `core` can move along (dx, dy) before touching anything (bisected to 1/64 cell). */
    private _freeMove(core: Collider<PixelCollider>, dx: number, dy: number): number {
        const len = dx !== 0 ? dx : dy;
        if (len === 0) return 0;
        const s = this._sweep;
        if (!this.world.sweep(core, dx, dy, s)) return len;
        let lo = s.safeT, hi = s.t;
        const t = this._t;
        for (let k = 0; k < 6; k++) {
            const mid = (lo + hi) / 2;
            t.a = core.transform.a; t.b = core.transform.b; t.c = core.transform.c; t.d = core.transform.d;
            t.tx = core.transform.tx + dx * mid; t.ty = core.transform.ty + dy * mid;
            if (this.world.placeMeeting(core, t)) hi = mid; else lo = mid;
        }
        return len * lo;
    }

    /**
     * moveAndSlide's way out of a wedge: steps `core` back by (bx, by), then moves it along (rx, ry)
     * (one of them 0) as far as it is free. Keeps both and returns that move when it is longer
     * than the step back (and the step back itself is free); else puts `core` back and returns 0.
     */
    private _unwedge(core: Collider<PixelCollider>, bx: number, by: number, rx: number, ry: number): number {
        const tx = core.transform.tx, ty = core.transform.ty;
        this._shift(core, bx, by);
        const m = this.world.placeMeeting(core, core.transform) ? 0 : this._freeMove(core, rx, ry);
        if (Math.abs(m) > Math.abs(bx + by)) {
            this._shift(core, rx !== 0 ? m : 0, ry !== 0 ? m : 0);
            return m;
        }
        this._place(core, tx, ty);
        return 0;
    }

    private _shift(core: Collider<PixelCollider>, dx: number, dy: number): void {
        if (dx === 0 && dy === 0) return;
        this._place(core, core.transform.tx + dx, core.transform.ty + dy);
    }

    /** Puts `core` at translation (tx, ty), its component's transform with it. */
    private _place(core: Collider<PixelCollider>, tx: number, ty: number): void {
        this.world.setPosition(core, tx, ty);
        const c = core.userData;
        if (c) c._setTranslation(core.transform.tx, core.transform.ty);
    }

    /**
     * Moves the node by (dx, dy) in the world. With `core` (placed where the move ends, free of
     * overlaps), checks where the node really is: the native engine keeps positions in float32
     * (and computes world from local in float), so a stop pressed against a wall, exact in
     * doubles, can round a few millionths of a pixel into it, and the next step would find the
     * collider overlapping (and push it out by a cell). Such a rounding is undone by nudging the
     * node back against it (a few float32 steps, more than the engine's equality epsilon).
     */
    private _moveNode(c: PixelCollider, dx: number, dy: number, core?: Collider<PixelCollider>): void {
        if (dx === 0 && dy === 0) return;
        const wp = c.node.getWorldPosition(this._wp); // not worldPosition: natively that allocates a Vec3 per read
        let x = wp.x + dx, y = wp.y + dy;
        const z = wp.z;
        c.node.setWorldPosition(x, y, z);
        // The engine ignores a position equal to the current one within its epsilon (relative
        // 1e-6 on the web, 1e-5 and float32 natively), so a tiny move far from the origin may not
        // happen: the collider re-reads the node at the next step and follows what it holds.
        c._moveDirty = true;
        if (!core) return;
        for (let k = 0; k < 4; k++) {
            const m = worldMatrixOf(c.node);
            const ex = m.m12 - x, ey = m.m13 - y;
            if (ex === 0 && ey === 0) return;
            // Where the next step will put the collider: read from the node, as the step does.
            this._sync(c);
            this.world.applyTransforms();
            if (!c._live || c._core !== core || !this.world.placeMeeting(core, core.transform)) return;
            // Rounded into something: aim past the intended spot on the other side of the rounding.
            const step = 2e-5 * Math.max(1, Math.abs(x), Math.abs(y)) * (k + 1);
            if (ex !== 0) x -= Math.sign(ex) * Math.max(2 * Math.abs(ex), step);
            if (ey !== 0) y -= Math.sign(ey) * Math.max(2 * Math.abs(ey), step);
            c.node.setWorldPosition(x, y, z);
            c._moveDirty = true;
        }
        this._sync(c);
        this.world.applyTransforms();
    }

    /** After rendering: nodes changed after our step (in callbacks, or late) are re-read next frame. */
    private _afterDraw(): void {
        const list = this._colliders;
        for (let i = 0; i < list.length; i++) {
            if (list[i].node.hasChangedFlags) list[i]._moveDirty = true;
        }
    }

    /**
     * After a step: the colliders that left inside its callbacks, in the order they left, end
     * their pairs and leave the world. (An end callback that disables another collider ends that
     * one's pairs at once: the step is over.)
     */
    private _endLeaving(): void {
        for (let i = 0; i < this._leavingCount; i++) {
            const core = this._leavingCores[i] as Collider<PixelCollider>;
            const links = this._leavingLinks[i];
            this._leavingCores[i] = null;
            this._leavingLinks[i] = null;
            if (core.id < 0) continue;
            this._endPairs(core, links);
            this.world.remove(core);
        }
        this._leavingCount = 0;
    }

    /**
     * Ends every pair a leaving collider touches, in the order the pairs began (the order of
     * `touching`): the pair leaves both sides' lists, each side's contact keeps the pair's last
     * contact (the one of the last step), then `onPixelCollideEnd` goes to both sides in the
     * order a step uses (the world's A, the collider with the lower id, first). A pair already
     * ended (the other side left first) is not in the list. An end callback may end more pairs:
     * the list is read again for each. The core collider is out of the broad phase meanwhile
     * (disabled in the world; it keeps its id, so the pair's last contact is still found), so a
     * query made in an end callback no longer finds the collider that leaves.
     */
    private _endPairs(core: Collider<PixelCollider>, links: ColliderLinks | null): void {
        if (!links || links.n === 0) return;
        this.world.setEnabled(core, false);
        const self = core.userData as PixelCollider;
        while (links.n > 0) {
            const otherCore = links.otherCores[0] as Collider<PixelCollider>;
            const other = links.others[0] as PixelCollider;
            const mine = links.detach(otherCore) as PixelContact;
            const ol = other._links;
            const theirs = ol ? ol.detach(core) : null;
            const last = this.world.contactOf(core, otherCore);
            const selfFirst = core.id < otherCore.id;
            if (last) {
                mine._bind(last, !selfFirst);
                if (theirs) theirs._bind(last, selfFirst);
            }
            mine._unfollow();
            if (theirs) theirs._unfollow();
            if (selfFirst) links.emit(self, PixelCollisionEvent.END, other, mine);
            if (theirs) (ol as ColliderLinks).emit(other, PixelCollisionEvent.END, self, theirs);
            if (!selfFirst) links.emit(self, PixelCollisionEvent.END, other, mine);
            this._pool.push(mine);
            if (theirs) this._pool.push(theirs);
        }
    }

    private _take(): PixelContact {
        return this._pool.pop() ?? new PixelContact();
    }

    private readonly _listener: CollisionListener<PixelCollider> = {
        onEnter: (a, b, contact) => {
            const A = a.userData, B = b.userData;
            const la = A ? A._links : null, lb = B ? B._links : null;
            if (!A || !B || !la || !lb) return;
            const ca = this._take()._follow(this.world, a, b, contact, false), cb = this._take()._follow(this.world, a, b, contact, true);
            la.attach(b, B, ca);
            lb.attach(a, A, cb);
            // Kept with the pair in the world: its stays find both sides without a look-up.
            ca._mate = cb; cb._mate = ca;
            ca._lnk = la; cb._lnk = lb;
            contact._user = ca;
            la.emit(A, PixelCollisionEvent.ENTER, B, ca);
            lb.emit(B, PixelCollisionEvent.ENTER, A, cb);
        },
        onStay: (a, b, contact) => {
            if (!this._anyStay) return;
            // The pair's contacts as its enter left them, while they still follow it (a side that
            // left unfollows them); else found in the links. Each knows the other and its links.
            let ca = contact._user as PixelContact | null;
            if (ca === null || !ca._follows(a, b)) ca = stayContact(a, b);
            if (ca === null) return;
            const cb = ca._mate as PixelContact;
            const la = ca._lnk as ColliderLinks, lb = cb._lnk as ColliderLinks;
            // Nothing receives it on either side: nothing to do (the pair's contacts find this
            // step's contact themselves when read: PixelContact._follow).
            if (!la.wants(BIT_STAY) && !lb.wants(BIT_STAY)) return;
            const A = a.userData as PixelCollider, B = b.userData as PixelCollider;
            ca._bind(contact, false);
            cb._bind(contact, true);
            la.emit(A, PixelCollisionEvent.STAY, B, ca);
            lb.emit(B, PixelCollisionEvent.STAY, A, cb);
        },
        onEnd: (a, b, contact) => {
            const A = a.userData, B = b.userData;
            if (!A || !B) return;
            // Both sides learn that the pair stopped overlapping. A pair of a collider that left
            // (disabled, destroyed) ended when it left (_endPairs): neither side has it any more.
            const la = A._links, lb = B._links;
            const ca = la ? la.detach(b) : null, cb = lb ? lb.detach(a) : null;
            // The pair's last contact, which follows nothing from now on.
            if (ca) { ca._bind(contact, false); ca._unfollow(); }
            if (cb) { cb._bind(contact, true); cb._unfollow(); }
            if (ca) (la as ColliderLinks).emit(A, PixelCollisionEvent.END, B, ca);
            if (cb) (lb as ColliderLinks).emit(B, PixelCollisionEvent.END, A, cb);
            if (ca) this._pool.push(ca);
            if (cb) this._pool.push(cb);
        },
    };
}

/** A touching pair's contact on A's side, found in A's links (null: the pair is not in both sides' links). */
function stayContact(a: Collider<PixelCollider>, b: Collider<PixelCollider>): PixelContact | null {
    const A = a.userData, B = b.userData;
    const la = A ? A._links : null, lb = B ? B._links : null;
    if (!la || !lb || lb.slotOf(a) < 0) return null;
    const i = la.slotOf(b);
    return i < 0 ? null : la.contacts[i];
}

const PUSH = { x: 0, y: 0 };
/** A collider's transform on its way to the world (the world copies it). */
const SYNC_T: Affine2D = { a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0 };

// Register when the engine is up (at once if it already is: project scripts load after
// director.init, so the director's INIT event has already fired by then).
if (!EDITOR) game.once(Game.EVENT_ENGINE_INITED, () => CollisionSystem.register());
