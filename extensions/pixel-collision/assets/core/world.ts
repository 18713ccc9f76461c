import { assertInvertible } from './affine';
import type { Affine2D } from './affine';
import { BroadPhase, IdBuffer, PairBuffer } from './broadphase';
import { Collider, copyT } from './collider';
import type { ColliderOptions, ColliderShape } from './collider';
import { Contact } from './contact';
import { CpuNarrowPhase } from './narrow-phase';
import type { LateAnswers, NarrowPhase } from './narrow-phase';
import { testRasters } from './narrow';
import { WorldRaster } from './raster';
import { checkAccuracy, DEFAULT_ACCURACY } from './sampling';
import { WorldShape } from './shape';
import { rasterizeShape } from './shape-raster';

/**
 * Receives the world's events. `contact` objects belong to the world and are reused: read them
 * inside the callback, copy them (`new Contact().copyFrom(c)`) to keep them.
 *
 * Pair order is fixed: `a` is the collider with the lower id, the contact normal points from
 * `a` towards `b` and the separation applies to `b`.
 */
export interface CollisionListener<T = unknown> {
    /** The first step in which the pair overlaps. */
    onEnter?(a: Collider<T>, b: Collider<T>, contact: Contact): void;
    /** Every later step in which it still overlaps. */
    onStay?(a: Collider<T>, b: Collider<T>, contact: Contact): void;
    /**
     * The first step in which it no longer overlaps, or in which either collider was removed or
     * disabled (before that step). `contact` is the pair's last contact.
     */
    onEnd?(a: Collider<T>, b: Collider<T>, contact: Contact): void;
}

/** Options of the {@link CollisionWorld} constructor. */
export interface WorldOptions {
    /** Default accuracy of new colliders (default 1). */
    accuracy?: number;
    /** Compute `separationX/Y` for every contact (default false: it costs a few more tests). */
    separation?: boolean;
    /** The narrow phase (default: the CPU one). A GPU backend plugs in here. */
    narrowPhase?: NarrowPhase;
    /**
     * When the contacts handed to listeners get their details (count, rect, centroid, normal,
     * separation). `'lazy'` (default): each pair's `hit` is decided in the step, and a detail is
     * computed when a listener first reads it (the normal only when the normal is read), so a
     * game that only needs who touches whom pays for nothing more; every field read is correct,
     * and so is a copy (`new Contact().copyFrom(c)`) read later. `'eager'`: every detail of every
     * touching pair is computed in the step (the behaviour before 0.2; a backend that ignores
     * laziness, like a GPU one, always does this).
     */
    contactDetails?: 'lazy' | 'eager';
}

/** Result of {@link CollisionWorld.raycast}. */
export class RayHit<T = unknown> {
    hit = false;
    collider: Collider<T> | null = null;
    /** Where the segment enters the first cell whose sample belongs to the collider. */
    x = 0;
    y = 0;
    /** Fraction of the segment at that point (0 = start, 1 = end). */
    t = 1;
    /** The cell (at the collider's accuracy). */
    k = 0;
    l = 0;
}

/** Result of {@link CollisionWorld.sweep}. */
export class SweepHit<T = unknown> {
    hit = false;
    collider: Collider<T> | null = null;
    /** Fraction of the motion at the first overlapping step (1 when nothing is hit). */
    t = 1;
    /** Fraction of the motion at the last step without overlap (move the collider this far). */
    safeT = 1;
    /** Contact at the first overlapping step. */
    readonly contact = new Contact();
}

/** setPosition's coordinates on their way to setPositionFrom. */
const POSITION = new Float64Array(2);
/** An unrotated box's new bounds for the broad phase (BroadPhase.moveProxyFrom: no double crosses the call). */
const MOVE_BOX = new Float64Array(4);

/**
 * A set of colliders that finds its colliding pairs each {@link step}: broad phase (incremental
 * sort-and-sweep on AABBs), category/mask filter, narrow phase (exact, through a
 * {@link NarrowPhase} backend), then a pair cache that reports enter / stay / end.
 *
 * - **Deterministic.** Candidate pairs are decided and reported in the order of their key
 *   `(lower id, higher id)`; ids are small integers recycled lowest-free-first, so the same
 *   sequence of calls gives the same events in the same order.
 * - **Safe to change from callbacks.** While a step runs (events included), `add`, `remove`,
 *   `setEnabled`, `setTransform`, `setPosition` and `setFilter` are queued and applied, in call
 *   order, when the step ends. A collider added in a callback takes part from the next step;
 *   one removed in a callback still gets its `onEnd` in the next step. Nothing is skipped or
 *   reported twice.
 * - **No allocation per step** in steady state: typed arrays and pools that only grow.
 * - **Contacts live until the next step ends.** The `contact` given to `onEnter` / `onStay` is
 *   the world's own object for that pair and step; it is left as it is (its pending details can
 *   still be read) through the whole next step, whose `onEnd` of the pair receives that same
 *   object. Keep a reference that long without copying; longer, `copyFrom` it.
 * - **Late answers.** A narrow phase whose answers describe an earlier frame (the GPU one in
 *   `'nextFrame'` mode: `run` returns that frame) may also hand over, through its optional
 *   `late()`, the hits of that frame whose pair is no longer a candidate (boxes that separated
 *   since). They are reported with this step's pairs, in key order, when both colliders are
 *   still in the world, enabled and the same colliders (not a removed one whose id was
 *   recycled, nor one removed and added again since), so a one-frame touch gets `onEnter`,
 *   then `onEnd` in the next step, one step after the CPU would report them.
 */
export class CollisionWorld<T = unknown> {
    /** Steps run so far. */
    frame = 0;
    readonly narrowPhase: NarrowPhase;

    private readonly _broad = new BroadPhase(256);
    private readonly _pairs = new PairBuffer(256);
    private readonly _ids = new IdBuffer(64);
    private readonly _accuracy: number;
    private _separation: boolean;
    private readonly _lazy: boolean;
    private _listeners: CollisionListener<T>[] = [];
    /**
     * @internal Whether a staying pair's contact takes the value its listener keeps for the pair
     * from the step before (`Contact._user`). Off, stays do not touch the two contact objects
     * for it (a listener that does not read it saves that per pair and step).
     */
    _keepUser = true;
    /** Collider by id (null for free ids). */
    private _byId: (Collider<T> | null)[] = [];
    /** Collider by broad-phase proxy. */
    private _byProxy: (Collider<T> | null)[] = [];
    /**
     * Per broad-phase proxy, `[cx, cy, r]` at `3 * proxy`: a mask's bounding circle (its opaque
     * texels', `Collider._box[4..6]`), written with every new box of the proxy; `r = Infinity`
     * for any other shape. Two masks whose circles do not meet share no sample, so the candidate
     * pairs skip them before reading either collider (see _collectCandidates).
     */
    private _circles = new Float64Array(3 * 64);
    private _freeIds: number[] = [];
    private _count = 0;
    /**
     * Transforms handed over by id ({@link setTransformAt}), 6 numbers an id, applied in one pass
     * when the world next steps or answers a query. `_queued[id]`: 0 none, 1 waiting, 2 dropped
     * (the collider was removed) but still in `_queuedIds`.
     */
    private _queuedT = new Float64Array(0);
    private _queued = new Uint8Array(0);
    private _queuedIds = new Int32Array(0);
    private _queuedCount = 0;
    /** Colliders whose transform changed since the last step. */
    private _dirty: Collider<T>[] = [];
    private _dirtyCount = 0;
    private _stepping = false;
    /** Deferred operations (op code, collider), applied in order after the step. */
    private _opCodes: number[] = [];
    private _opColliders: Collider<T>[] = [];
    private _opCount = 0;

    // Candidate pairs of this step, as sorted keys, and the narrow phase's inputs/outputs.
    private _keys = new Float64Array(256);
    private _candA: Collider<T>[] = [];
    private _candB: Collider<T>[] = [];
    private _candAcc = new Float64Array(256);
    private _candContacts: Contact[] = [];
    // Pairs touching in the previous step / this step (sorted by key).
    private _prevKeys = new Float64Array(256);
    private _prevA: (Collider<T> | null)[] = [];
    private _prevB: (Collider<T> | null)[] = [];
    private _prevContacts: Contact[] = [];
    private _prevCount = 0;
    private _curKeys = new Float64Array(256);
    private _curA: (Collider<T> | null)[] = [];
    private _curB: (Collider<T> | null)[] = [];
    private _curContacts: Contact[] = [];
    private _curCount = 0;
    // Late answers handed over by the narrow phase this step (see the class notes), the first
    // `_lateCount` kept ones sorted by key; `_lateGot` entries hold references to clear.
    private readonly _late: LateAnswers = { a: [], b: [], contacts: [] };
    private _lateKeys = new Float64Array(16);
    private _lateCount = 0;
    private _lateGot = 0;
    /** Per id: `frame` when the collider holding it was added (late answers predate later adds). */
    private _addedAt: number[] = [];

    // Query scratch.
    private readonly _probe: Collider<T>;
    private readonly _queryShape = new WorldShape();
    private readonly _queryRaster = new WorldRaster();
    private readonly _queryContact = new Contact();
    /** The smallest accuracy any collider of this world has had (queries look half its cell around a point). */
    private _minAccuracy: number;

    constructor(options: WorldOptions = {}) {
        this._accuracy = checkAccuracy(options.accuracy ?? DEFAULT_ACCURACY);
        this._minAccuracy = this._accuracy;
        this._separation = !!options.separation;
        const details = options.contactDetails ?? 'lazy';
        if (details !== 'lazy' && details !== 'eager') throw new RangeError(`contactDetails must be 'lazy' or 'eager', got ${String(details)}.`);
        this._lazy = details === 'lazy';
        this.narrowPhase = options.narrowPhase ?? new CpuNarrowPhase();
        this._probe = new Collider<T>({ shape: { kind: 'box', width: 1, height: 1 } });
    }

    /** Number of colliders in the world (enabled or not, including ones added during a step). */
    get colliderCount(): number {
        return this._count;
    }

    /** Whether every contact gets `separationX/Y` (costs a few more tests per pair). */
    get separation(): boolean {
        return this._separation;
    }

    set separation(v: boolean) {
        this._separation = !!v;
    }

    /** True while {@link step} runs (changes made now are deferred). */
    get stepping(): boolean {
        return this._stepping;
    }

    addListener(listener: CollisionListener<T>): void {
        if (this._listeners.indexOf(listener) < 0) this._listeners = this._listeners.concat(listener);
    }

    removeListener(listener: CollisionListener<T>): void {
        this._listeners = this._listeners.filter((l) => l !== listener);
    }

    /**
     * Adds a collider made from `options`, or re-adds a collider that was removed from a world.
     * Throws for bad input (unknown shape kind, a shape of zero area, a polygon that is not
     * convex, NaN or non-invertible transform, bad accuracy or filter bits) and for a collider
     * that is already in a world. An all-transparent mask is accepted and never collides.
     */
    add(options: ColliderOptions<T> | Collider<T>): Collider<T> {
        let c: Collider<T>;
        if (options instanceof Collider) {
            c = options;
            if (c.id >= 0 || c._world !== null) {
                throw new Error(c._world === this
                    ? 'add: this collider is already in this world; add it once (remove() it first to re-add it).'
                    : 'add: this collider belongs to another world; remove it there first.');
            }
        } else {
            c = new Collider<T>({ accuracy: this._accuracy, ...options });
        }
        c._world = this;
        c._pendingFlags = 0;
        if (c._accuracy < this._minAccuracy) this._minAccuracy = c._accuracy;
        c.id = this._freeIds.length ? this._popFreeId() : this._byId.length;
        this._byId[c.id] = c;
        this._addedAt[c.id] = this.frame;
        this._count++;
        if (this._stepping) this._defer(OP_ADD, c);
        else this._insert(c);
        return c;
    }

    /** Removes a collider; its pairs get `onEnd` in the next step. Throws for a foreign or removed one. */
    remove(c: Collider<T>): void {
        this._check(c, 'remove');
        if (this._stepping) {
            if (c._pendingFlags & PENDING_REMOVE) return;
            c._pendingFlags |= PENDING_REMOVE;
            this._defer(OP_REMOVE, c);
            return;
        }
        this._removeNow(c);
    }

    /** Enables or disables a collider (a disabled one ends its pairs and answers no query). */
    setEnabled(c: Collider<T>, enabled: boolean): void {
        this._check(c, 'setEnabled');
        if (this._queuedCount !== 0) this.applyTransforms();
        if (this._stepping) {
            c._pendingEnabled = !!enabled;
            this._defer(OP_ENABLE, c);
            return;
        }
        this._setEnabledNow(c, !!enabled);
    }

    /** Sets the local-to-world transform (copied). Throws for NaN or non-invertible transforms. */
    setTransform(c: Collider<T>, t: Readonly<Affine2D>): void {
        this._check(c, 'setTransform');
        assertInvertible(t, 'transform');
        if (this._queuedCount !== 0) this.applyTransforms();
        if (this._stepping) {
            copyT(c._pendingT, t);
            this._defer(OP_TRANSFORM, c);
            return;
        }
        copyT(c._t, t);
        this._moved(c);
    }

    /**
     * {@link setTransform} for the collider with id `id`, from `m[offset..offset + 5]` =
     * `a, b, c, d, tx, ty`, without reading the collider: the numbers are checked and kept, and
     * applied to the collider in one pass when the world next steps or answers a query (or
     * {@link applyTransforms} is called). For callers that move many colliders each frame and
     * keep their transforms in typed arrays: the collider objects are then touched once, in that
     * pass, close together in time, instead of once by the caller and again by the step.
     * `collider.transform`, `collider.getBounds`, the other setters, the queries and `sweep` apply
     * the waiting transforms first, so calls keep their order.
     */
    setTransformAt(id: number, m: Float64Array, offset: number): void {
        const c = id >= 0 ? this._byId[id] : undefined;
        if (c === undefined || c === null) {
            throw new Error(`setTransformAt: no collider has id ${String(id)} in this world (it was never added, or was removed).`);
        }
        const a = m[offset], b = m[offset + 1], cc = m[offset + 2], d = m[offset + 3], tx = m[offset + 4], ty = m[offset + 5];
        const det = a * d - b * cc;
        if (!(det !== 0 && Number.isFinite(det) && Number.isFinite(1 / det) && Number.isFinite(tx) && Number.isFinite(ty)
            && Number.isFinite(a) && Number.isFinite(b) && Number.isFinite(cc) && Number.isFinite(d))) {
            assertInvertible({ a, b, c: cc, d, tx, ty }, 'transform'); // its messages
        }
        if (this._stepping) {
            this.setTransform(c, { a, b, c: cc, d, tx, ty });
            return;
        }
        if (this._queued.length <= id) this._growQueue(this._byId.length);
        const o = 6 * id, q = this._queuedT;
        q[o] = a; q[o + 1] = b; q[o + 2] = cc; q[o + 3] = d; q[o + 4] = tx; q[o + 5] = ty;
        if (this._queued[id] === 0) this._queuedIds[this._queuedCount++] = id;
        this._queued[id] = 1;
    }

    /** Applies the transforms given by {@link setTransformAt} since the last step or query. */
    applyTransforms(): void {
        const n = this._queuedCount;
        if (n === 0) return;
        this._queuedCount = 0;
        const ids = this._queuedIds, queued = this._queued, q = this._queuedT, byId = this._byId;
        for (let i = 0; i < n; i++) {
            const id = ids[i];
            const state = queued[id];
            queued[id] = 0;
            if (state !== 1) continue;
            const c = byId[id] as Collider<T>;
            const o = 6 * id;
            const t = c._t;
            const a = q[o], b = q[o + 1], cc = q[o + 2], d = q[o + 3];
            if (a === t.a && b === t.b && cc === t.c && d === t.d) {
                this._moveTo(c, q, o + 4);
                continue;
            }
            t.a = a; t.b = b; t.c = cc; t.d = d; t.tx = q[o + 4]; t.ty = q[o + 5];
            if (c._ws === null && c._proxy >= 0 && !(c._pendingFlags & PENDING_DIRTY)) {
                // A mask nothing else changed (same solidity): its new box now, while at hand.
                c._stamp++;
                c._updateBounds();
                this._broad.moveProxyFrom(c._proxy, c._box);
                this._maskCircle(c);
            } else {
                this._moved(c);
            }
        }
    }

    private _growQueue(need: number): void {
        const cap = Math.max(need, 2 * this._queued.length, 64);
        const q = new Uint8Array(cap); q.set(this._queued); this._queued = q;
        const ids = new Int32Array(cap); ids.set(this._queuedIds); this._queuedIds = ids;
        const t = new Float64Array(6 * cap); t.set(this._queuedT); this._queuedT = t;
    }

    /** A removed collider's queued transform is dropped (its id may be given to another). */
    private _dropQueued(c: Collider<T>): void {
        if (c.id < this._queued.length && this._queued[c.id] === 1) this._queued[c.id] = 2;
    }

    /** Moves a collider: sets the transform's translation only. */
    setPosition(c: Collider<T>, x: number, y: number): void {
        POSITION[0] = x;
        POSITION[1] = y;
        this.setPositionFrom(c, POSITION, 0);
    }

    /**
     * {@link setPosition} to `(m[offset], m[offset + 1])`: for callers that keep positions in a
     * typed array. No number is passed to the call, so none is boxed where the call is not inlined.
     */
    setPositionFrom(c: Collider<T>, m: Float64Array, offset: number): void {
        const x = m[offset], y = m[offset + 1];
        this._check(c, 'setPosition');
        if (!Number.isFinite(x) || !Number.isFinite(y)) {
            throw new RangeError(`setPosition: x and y must be finite numbers, got (${x}, ${y}). Check the node's position.`);
        }
        if (this._queuedCount !== 0) this.applyTransforms();
        if (this._stepping) {
            if (!(c._pendingFlags & PENDING_T)) copyT(c._pendingT, c._t);
            c._pendingT.tx = x;
            c._pendingT.ty = y;
            c._pendingFlags |= PENDING_T;
            this._defer(OP_TRANSFORM, c);
            return;
        }
        this._moveTo(c, m, offset);
    }

    /**
     * setPosition's work (checked, not stepping) to `(m[offset], m[offset + 1])` (from a typed
     * array: no number is boxed where the call is not inlined).
     */
    private _moveTo(c: Collider<T>, m: Float64Array, offset: number): void {
        const x = m[offset], y = m[offset + 1];
        const t = c._t;
        const dx = x - t.tx, dy = y - t.ty;
        if (dx === 0 && dy === 0) return;
        const fresh = c._boundsStamp === c._stamp;
        t.tx = x;
        t.ty = y;
        c._stamp++;
        if (fresh && c._ws === null) {
            // A pure translation shifts a mask's box: no need to recompute it from the mask. Each
            // shift is widened by about an ulp, so rounding never shrinks the box below the exact
            // one over many frames (a sample on the box's edge must stay a broad-phase candidate).
            const box = c._box; // [minX, minY, maxX, maxY, cx, cy, r]
            box[0] = widenDown(box[0] + dx); box[2] = widenUp(box[2] + dx);
            box[1] = widenDown(box[1] + dy); box[3] = widenUp(box[3] + dy);
            // The bounding circle moves too; its radius grows by the rounding of the shift (half
            // an ulp of dx and dy, half an ulp of each new coordinate), so it never shrinks below
            // the true one.
            box[4] += dx; box[5] += dy;
            box[6] += (Math.abs(box[4]) + Math.abs(box[5]) + Math.abs(dx) + Math.abs(dy)) * 2.3e-16;
            c._boundsStamp = c._stamp;
        }
        if (c._proxy >= 0 && !(c._pendingFlags & PENDING_DIRTY)) {
            // The per-frame path of games that move every collider: the broad phase gets the new
            // box now, so the step does not walk these colliders again (10,000 moving boxes: that
            // second pass was ~15 % of the step).
            if (c._ws === null) {
                if (fresh) {
                    this._broad.moveProxyFrom(c._proxy, c._box);
                    this._maskCircle(c); // (no world shape: a mask, whose circle moved with its box)
                    return;
                }
            } else if (c._boxReady && t.b === 0 && t.c === 0) {
                // An unrotated box (Collider._updateBounds' fast path, same formulas): only the
                // broad phase's copy is written; the collider's own bounds and world shape are
                // rebuilt when a narrow test or a query reads them.
                const L = c._local;
                const x0 = t.a * L[0] + x, x1 = t.a * L[2] + x;
                const y0 = t.d * L[1] + y, y1 = t.d * L[3] + y;
                // (Its proxy's circle stays none: written when the proxy was made or the shape set.)
                const B = MOVE_BOX;
                B[0] = x0 < x1 ? x0 : x1; B[1] = y0 < y1 ? y0 : y1; B[2] = x0 < x1 ? x1 : x0; B[3] = y0 < y1 ? y1 : y0;
                this._broad.moveProxyFrom(c._proxy, B);
                return;
            }
        }
        this._markDirty(c);
    }

    /**
     * Replaces a collider's shape (an animated sprite's next frame, an edited mask) WITHOUT
     * ending its pairs: a pair that still overlaps after the change stays in `onStay`. Also call
     * it after editing a mask in place (`mask.set(...)`), so cached rasters are rebuilt: passing
     * the collider's current shape is allowed. Throws, and keeps the old shape, for a shape the
     * world would reject in `add`. Deferred while the world is stepping.
     */
    setShape(c: Collider<T>, shape: ColliderShape): void {
        this._check(c, 'setShape');
        if (this._queuedCount !== 0) this.applyTransforms();
        if (this._stepping) {
            c._pendingShape = shape;
            this._defer(OP_SHAPE, c);
            return;
        }
        this._setShapeNow(c, shape);
    }

    /**
     * Sets a collider's accuracy (samples per world unit; a pair is sampled at the larger of its
     * two). Takes effect at the next step's pair tests; throws for `<= 0`, NaN or too large.
     */
    setAccuracy(c: Collider<T>, accuracy: number): void {
        this._check(c, 'setAccuracy');
        c._accuracy = checkAccuracy(accuracy);
        if (c._accuracy < this._minAccuracy) this._minAccuracy = c._accuracy;
    }

    /** Sets the filter bits (Box2D style: a pair collides iff each one's category is in the other's mask). */
    setFilter(c: Collider<T>, categoryBits: number, maskBits: number): void {
        this._check(c, 'setFilter');
        for (const [v, n] of [[categoryBits, 'categoryBits'], [maskBits, 'maskBits']] as const) {
            if (!Number.isInteger(v) || v < 0 || v > 0xffffffff) throw new RangeError(`${n} must be an integer bit field in [0, 0xffffffff], got ${v}.`);
        }
        // Filter changes take effect at the next step's pair filtering, so they need no deferral.
        c._categoryBits = categoryBits >>> 0;
        c._maskBits = maskBits >>> 0;
    }

    /** The collider with this id, or null. */
    getById(id: number): Collider<T> | null {
        return this._byId[id] ?? null;
    }

    /** Removes every collider (their pairs end silently: no events). Not allowed during a step. */
    clear(): void {
        if (this._stepping) throw new Error('clear() cannot run inside a collision callback; call remove() for each collider instead, or clear after the step.');
        for (const c of this._byId) if (c) { c.id = -1; c._proxy = -1; c._world = null; }
        this._byId.length = 0;
        this._byProxy.length = 0;
        this._freeIds.length = 0;
        this._count = 0;
        this._dirtyCount = 0;
        this._queuedCount = 0;
        this._queued.fill(0);
        this._broad.clear();
        this._prevCount = 0;
        for (let i = 0; i < this._prevA.length; i++) { this._prevA[i] = null; this._prevB[i] = null; }
    }

    /**
     * Runs one step: refreshes moved colliders' boxes, finds candidate pairs, filters, runs the
     * narrow phase, and reports enter / stay / end to the listeners in key order. Then applies
     * the changes made during the step.
     */
    step(): void {
        if (this._stepping) throw new Error('step() was called from inside a collision callback; it cannot run re-entrantly.');
        this._stepping = true;
        this.frame++;
        try {
            this._refreshMoved();
            const n = this._collectCandidates();
            const frame = this.narrowPhase.run(this._candA, this._candB, n, this._candAcc, this._candContacts, this.frame, this._separation, this._lazy);
            this._collectLate(frame);
            this._buildCurrent(n, frame);
            this._dispatch();
        } finally {
            this._swapPairs();
            this._stepping = false;
            this._applyDeferred();
        }
    }

    /**
     * The contact of the pair (a, b) as the last step found it (the object its `onEnter` /
     * `onStay` got), or null when the pair did not touch in that step. While a step dispatches
     * its events, the contact of that step. In either order; the contact describes (lower id,
     * higher id): `a` is its A when `a.id < b.id`. A binary search of the step's sorted pairs.
     */
    contactOf(a: Collider<T>, b: Collider<T>): Contact | null {
        if (a.id < 0 || b.id < 0 || a === b) return null;
        const key = a.id < b.id ? a.id * KEY_SHIFT + b.id : b.id * KEY_SHIFT + a.id;
        const cur = this._stepping;
        const keys = cur ? this._curKeys : this._prevKeys;
        let lo = 0, hi = (cur ? this._curCount : this._prevCount) - 1;
        while (lo <= hi) {
            const mid = (lo + hi) >> 1;
            const k = keys[mid];
            if (k < key) lo = mid + 1;
            else if (k > key) hi = mid - 1;
            else {
                const A = cur ? this._curA[mid] : this._prevA[mid], B = cur ? this._curB[mid] : this._prevB[mid];
                if ((A === a && B === b) || (A === b && B === a)) return cur ? this._curContacts[mid] : this._prevContacts[mid];
                return null;
            }
        }
        return null;
    }

    // Queries --------------------------------------------------------------------------------

    /**
     * Colliders solid at the world point `(x, y)` by {@link Collider.hasSampleAt}: the sample
     * (centre) of the grid cell containing the point, at each collider's accuracy, belongs to the
     * collider; so a point up to half a cell outside a collider's bounds can find it. Written to
     * `out` (truncated first) in id order; returns the count. `maskBits` filters by category.
     */
    queryPoint(x: number, y: number, out: Collider<T>[], maskBits = 0xffffffff): number {
        if (!Number.isFinite(x) || !Number.isFinite(y)) throw new RangeError(`queryPoint: x and y must be finite numbers, got (${x}, ${y}).`);
        this._refreshMoved();
        const ids = this._ids;
        // The cell's sample is within half a cell of the point: look that far around it.
        const h = this._halfCell(x, y);
        this._broad.queryRect(x - h, y - h, x + h, y + h, ids);
        out.length = 0;
        for (let i = 0; i < ids.count; i++) {
            const c = this._byProxy[ids.ids[i]] as Collider<T>;
            if (!(c._categoryBits & maskBits)) continue;
            const acc = c._accuracy;
            if (c._hasSampleInCell(Math.floor(x * acc), Math.floor(y * acc))) out.push(c);
        }
        return sortById(out);
    }

    /**
     * Colliders with at least one sample in the closed rect `[minX, maxX] x [minY, maxY]`, in id
     * order (into `out`, truncated first). Returns the count.
     */
    queryRect(minX: number, minY: number, maxX: number, maxY: number, out: Collider<T>[], maskBits = 0xffffffff): number {
        if (!(Number.isFinite(minX) && Number.isFinite(minY) && Number.isFinite(maxX) && Number.isFinite(maxY)) || !(maxX > minX && maxY > minY)) {
            throw new RangeError(`queryRect: the rect [${minX}, ${maxX}] x [${minY}, ${maxY}] must be finite with maxX > minX and maxY > minY; for a single point use queryPoint.`);
        }
        this._queryShape.setAABB(minX, minY, maxX, maxY);
        this._refreshMoved();
        const ids = this._ids;
        // A sample in the rect that belongs to a collider is inside its exact bounds; its stored
        // box is rounded, so look an ulp-sized margin further (the raster test below is exact).
        const m = (Math.abs(minX) + Math.abs(minY) + Math.abs(maxX) + Math.abs(maxY)) * 1e-15;
        this._broad.queryRect(minX - m, minY - m, maxX + m, maxY + m, ids);
        out.length = 0;
        let rasterAcc = 0; // the query rect is rasterized once per accuracy met, not per candidate
        for (let i = 0; i < ids.count; i++) {
            const c = this._byProxy[ids.ids[i]] as Collider<T>;
            if (!(c._categoryBits & maskBits)) continue;
            if (c._accuracy !== rasterAcc) {
                rasterizeShape(this._queryShape, c._accuracy, this._queryRaster);
                rasterAcc = c._accuracy;
            }
            const hit = testRasters(this._queryRaster, c._raster(c._accuracy), RECT_OPTIONS, this._queryContact);
            if (hit) out.push(c);
        }
        return sortById(out);
    }

    /**
     * First sample along the segment `(x0, y0) -> (x1, y1)`: the segment is walked cell by cell
     * (each collider on its own grid); the answer is the collider whose first cell with a sample
     * of it is entered earliest (ties: lower id), i.e. the first point of the segment where
     * {@link Collider.hasSampleAt} turns true (a segment passing up to half a cell outside a
     * collider's bounds can hit it). `out.x/y` is where the segment enters that cell. Returns
     * `out.hit`.
     */
    raycast(x0: number, y0: number, x1: number, y1: number, out: RayHit<T>, maskBits = 0xffffffff): boolean {
        if (!(Number.isFinite(x0) && Number.isFinite(y0) && Number.isFinite(x1) && Number.isFinite(y1))) throw new RangeError(`raycast: the segment's coordinates must be finite numbers, got (${x0}, ${y0}) -> (${x1}, ${y1}).`);
        this._refreshMoved();
        out.hit = false;
        out.collider = null;
        out.t = 1;
        const ids = this._ids;
        // Cells whose sample is inside a collider's bounds reach up to half a cell beyond them.
        const h = Math.max(this._halfCell(x0, y0), this._halfCell(x1, y1));
        this._broad.queryRect(Math.min(x0, x1) - h, Math.min(y0, y1) - h, Math.max(x0, x1) + h, Math.max(y0, y1) + h, ids);
        for (let i = 0; i < ids.count; i++) {
            const c = this._byProxy[ids.ids[i]] as Collider<T>;
            if (!(c._categoryBits & maskBits)) continue;
            const r = c._raster(c._accuracy);
            const t = rayRaster(r, x0, y0, x1, y1, RAY);
            if (t < 0) continue;
            if (!out.hit || t < out.t || (t === out.t && c.id < (out.collider as Collider<T>).id)) {
                out.hit = true;
                out.collider = c;
                out.t = t;
                out.k = RAY.k;
                out.l = RAY.l;
            }
        }
        if (out.hit) {
            out.x = x0 + (x1 - x0) * out.t;
            out.y = y0 + (y1 - y0) * out.t;
        }
        return out.hit;
    }

    /**
     * GameMaker's `place_meeting`: would `c` overlap anything (that its filter accepts) if it
     * were at transform `t`? Returns the overlapping collider with the lowest id, or null.
     * `c` itself is ignored; it need not be enabled. Fills `contact` when given.
     */
    placeMeeting(c: Collider<T>, t: Readonly<Affine2D>, contact?: Contact): Collider<T> | null {
        this._check(c, 'placeMeeting');
        assertInvertible(t, 'transform');
        this._refreshMoved();
        const probe = this._probeOf(c, t);
        probe._updateBounds();
        if (!probe._solid) return null;
        const ids = this._ids;
        this._broad.queryRect(probe._box[0], probe._box[1], probe._box[2], probe._box[3], ids);
        let best: Collider<T> | null = null;
        for (let i = 0; i < ids.count; i++) {
            const o = this._byProxy[ids.ids[i]] as Collider<T>;
            if (o === c || !filterAccepts(c, o)) continue;
            if (best && o.id > best.id) continue;
            const acc = Math.max(c._accuracy, o._accuracy);
            if (this.narrowPhase.testPair(probe, o, acc, false, this._queryContact) && (!best || o.id < best.id)) {
                best = o;
                if (contact) contact.copyFrom(this._queryContact);
            }
        }
        return best;
    }

    /**
     * Swept test for fast movers: moves `c` from its transform by `(dx, dy)` in steps of at most
     * one cell (of its accuracy) along each axis, and reports the first step at which it overlaps
     * something ({@link placeMeeting} at each step), so bullets do not tunnel through walls at
     * least one cell thick. Does not move the collider.
     */
    sweep(c: Collider<T>, dx: number, dy: number, out: SweepHit<T>): boolean {
        this._check(c, 'sweep');
        if (this._queuedCount !== 0) this.applyTransforms();
        if (!Number.isFinite(dx) || !Number.isFinite(dy)) throw new RangeError(`sweep: dx and dy must be finite numbers, got (${dx}, ${dy}).`);
        const steps = Math.max(1, Math.ceil(Math.max(Math.abs(dx), Math.abs(dy)) * c._accuracy));
        const t = SWEEP_T;
        copyT(t, c._t);
        out.hit = false;
        out.collider = null;
        out.t = 1;
        out.safeT = 1;
        for (let i = 1; i <= steps; i++) {
            const f = i / steps;
            t.tx = c._t.tx + dx * f;
            t.ty = c._t.ty + dy * f;
            const o = this.placeMeeting(c, t, out.contact);
            if (o) {
                out.hit = true;
                out.collider = o;
                out.t = f;
                out.safeT = (i - 1) / steps;
                return true;
            }
        }
        return false;
    }

    // Step internals -------------------------------------------------------------------------

    private _refreshMoved(): void {
        if (this._queuedCount !== 0) this.applyTransforms();
        const dirty = this._dirty;
        for (let i = 0; i < this._dirtyCount; i++) {
            const c = dirty[i];
            c._pendingFlags &= ~PENDING_DIRTY;
            if (c.id < 0 || c._proxy < 0) continue;
            const wasSolid = c._solid;
            c._updateBounds();
            if (c._solid !== wasSolid) {
                // Only masks change solidity, and only when replaced; keep it simple: reinsert.
                this._broad.destroyProxy(c._proxy);
                this._byProxy[c._proxy] = null;
                c._proxy = -1;
                this._insertProxy(c);
            } else {
                this._broad.moveProxyFrom(c._proxy, c._box);
                this._circleOf(c);
            }
        }
        this._dirtyCount = 0;
    }

    private _collectCandidates(): number {
        const pairs = this._pairs;
        this._broad.updatePairs(pairs);
        let keys = this._keys;
        if (keys.length < pairs.count) keys = this._keys = new Float64Array(pairs.count * 2);
        let n = 0;
        const byProxy = this._byProxy;
        const p = pairs.pairs;
        const C = this._circles;
        for (let i = 0; i < pairs.count; i++) {
            // Two masks whose circles do not meet share no sample (CpuNarrowPhase makes the same
            // test): not a candidate, and neither collider is read. (In a crowd of 1,000 turning
            // sprites, 40 % of the boxes that overlap.)
            const pa = 3 * p[2 * i], pb = 3 * p[2 * i + 1];
            const dx = C[pb] - C[pa], dy = C[pb + 1] - C[pa + 1], rr = C[pa + 2] + C[pb + 2];
            if (dx * dx + dy * dy > rr * rr) continue;
            const a = byProxy[p[2 * i]] as Collider<T>;
            const b = byProxy[p[2 * i + 1]] as Collider<T>;
            if (!(a._categoryBits & b._maskBits) || !(b._categoryBits & a._maskBits)) continue;
            keys[n++] = a.id < b.id ? a.id * KEY_SHIFT + b.id : b.id * KEY_SHIFT + a.id;
        }
        sortKeys(keys, 0, n - 1);
        if (this._candAcc.length < n) this._candAcc = new Float64Array(n * 2);
        const candA = this._candA, candB = this._candB, accs = this._candAcc, contacts = this._candContacts;
        while (contacts.length < n) contacts.push(new Contact());
        for (let i = 0; i < n; i++) {
            const key = keys[i];
            const ia = Math.floor(key / KEY_SHIFT);
            const a = this._byId[ia] as Collider<T>;
            const b = this._byId[key - ia * KEY_SHIFT] as Collider<T>;
            candA[i] = a;
            candB[i] = b;
            accs[i] = a._accuracy > b._accuracy ? a._accuracy : b._accuracy;
        }
        return n;
    }

    /**
     * Takes the narrow phase's late answers (see the class notes): keeps the hits whose two
     * colliders are still this world's, enabled, and were already in it in the frame the answers
     * describe, oriented (lower id first) and sorted by key in `_late` / `_lateKeys`.
     */
    private _collectLate(frame: number): void {
        this._lateCount = 0;
        this._lateGot = 0;
        const np = this.narrowPhase;
        if (!np.late) return;
        const late = this._late;
        const got = this._lateGot = np.late(late);
        if (got === 0) return;
        if (this._lateKeys.length < got) this._lateKeys = new Float64Array(got * 2);
        const keys = this._lateKeys, la = late.a as Collider<T>[], lb = late.b as Collider<T>[], lc = late.contacts;
        let m = 0;
        for (let i = 0; i < got; i++) {
            let a = la[i], b = lb[i];
            const c = lc[i];
            if (!c.hit || !this._presentSince(a, frame) || !this._presentSince(b, frame) || a === b) continue;
            if (a.id > b.id) { const t = a; a = b; b = t; c.swap(); }
            // Move entry i to m (swapping contact objects: none is lost), then insert it in key order.
            lc[i] = lc[m];
            lc[m] = c;
            const key = a.id * KEY_SHIFT + b.id;
            let j = m;
            for (; j > 0 && keys[j - 1] > key; j--) {
                keys[j] = keys[j - 1];
                la[j] = la[j - 1];
                lb[j] = lb[j - 1];
                lc[j] = lc[j - 1];
            }
            keys[j] = key;
            la[j] = a;
            lb[j] = b;
            lc[j] = c;
            m++;
        }
        this._lateCount = m;
    }

    /** Whether `c` is this world's, enabled, and has been since before the step of `frame`. */
    private _presentSince(c: Collider<T>, frame: number): boolean {
        return c.id >= 0 && c._world === this && this._byId[c.id] === c && c._enabled && this._addedAt[c.id] < frame;
    }

    /**
     * The pairs touching now: the candidates that hit, merged in key order with the kept late
     * answers (a key in both: the candidate's answer, which `run` just gave).
     */
    private _buildCurrent(n: number, frame: number): void {
        const nl = this._lateCount;
        if (this._curKeys.length < n + nl) this._curKeys = new Float64Array((n + nl) * 2);
        const keys = this._keys, curKeys = this._curKeys, curA = this._curA, curB = this._curB;
        const cand = this._candContacts;
        const lateKeys = this._lateKeys, late = this._late;
        let m = 0, j = 0;
        for (let i = 0; ; i++) {
            while (i < n && !cand[i].hit) i++;
            const kc = i < n ? keys[i] : Infinity;
            // Late pairs before this candidate (or after the last one).
            while (j < nl && lateKeys[j] < kc) {
                const c = late.contacts[j];
                c.frame = frame;
                curKeys[m] = lateKeys[j];
                curA[m] = late.a[j] as Collider<T>;
                curB[m] = late.b[j] as Collider<T>;
                const own = this._curContacts[m];
                this._curContacts[m] = c;
                late.contacts[j] = own ?? new Contact();
                m++;
                j++;
            }
            if (i >= n) break;
            if (j < nl && lateKeys[j] === kc) j++;
            const c = cand[i];
            c.frame = frame;
            curKeys[m] = kc;
            curA[m] = this._candA[i];
            curB[m] = this._candB[i];
            // Swap the contact objects so the current list owns this one and the candidate
            // pool gets a free one back.
            const own = this._curContacts[m];
            this._curContacts[m] = c;
            cand[i] = own ?? new Contact();
            m++;
        }
        this._curCount = m;
        // Drop the late answers' references (removed colliders can be collected).
        for (let i = 0; i < this._lateGot; i++) { late.a[i] = NO_COLLIDER; late.b[i] = NO_COLLIDER; }
        this._lateGot = this._lateCount = 0;
    }

    /** Merges the previous and current sorted pair lists: end / enter / stay in key order. */
    private _dispatch(): void {
        const ls = this._listeners;
        const pk = this._prevKeys, ck = this._curKeys;
        let i = 0, j = 0;
        const np = this._prevCount, nc = this._curCount;
        while (i < np || j < nc) {
            const kp = i < np ? pk[i] : Infinity;
            const kc = j < nc ? ck[j] : Infinity;
            if (kp < kc) {
                this._emit(ls, EV_END, this._prevA[i] as Collider<T>, this._prevB[i] as Collider<T>, this._prevContacts[i]);
                i++;
            } else if (kc < kp) {
                this._curContacts[j]._user = null;
                this._emit(ls, EV_ENTER, this._curA[j] as Collider<T>, this._curB[j] as Collider<T>, this._curContacts[j]);
                j++;
            } else {
                const sameA = this._prevA[i] === this._curA[j] && this._prevB[i] === this._curB[j];
                if (sameA) {
                    // (What the listeners keep for the pair goes on with it.)
                    if (this._keepUser) this._curContacts[j]._user = this._prevContacts[i]._user;
                    this._emit(ls, EV_STAY, this._curA[j] as Collider<T>, this._curB[j] as Collider<T>, this._curContacts[j]);
                } else {
                    // Same ids, new colliders (an id was recycled between two steps).
                    this._emit(ls, EV_END, this._prevA[i] as Collider<T>, this._prevB[i] as Collider<T>, this._prevContacts[i]);
                    this._curContacts[j]._user = null;
                    this._emit(ls, EV_ENTER, this._curA[j] as Collider<T>, this._curB[j] as Collider<T>, this._curContacts[j]);
                }
                i++;
                j++;
            }
        }
    }

    private _emit(ls: CollisionListener<T>[], ev: number, a: Collider<T>, b: Collider<T>, c: Contact): void {
        for (let i = 0; i < ls.length; i++) {
            const l = ls[i];
            if (ev === EV_ENTER) l.onEnter?.(a, b, c);
            else if (ev === EV_STAY) l.onStay?.(a, b, c);
            else l.onEnd?.(a, b, c);
        }
    }

    private _swapPairs(): void {
        const k = this._prevKeys; this._prevKeys = this._curKeys; this._curKeys = k;
        const a = this._prevA; this._prevA = this._curA; this._curA = a;
        const b = this._prevB; this._prevB = this._curB; this._curB = b;
        const c = this._prevContacts; this._prevContacts = this._curContacts; this._curContacts = c;
        this._prevCount = this._curCount;
        // Drop references held past the live range (removed colliders can be collected).
        for (let i = this._curCount; i < a.length && a[i] !== null; i++) { a[i] = null; b[i] = null; }
        this._curCount = 0;
    }

    private _applyDeferred(): void {
        // Ops queued by callbacks run now, in order; ops queued while applying run too.
        for (let i = 0; i < this._opCount; i++) {
            const op = this._opCodes[i];
            const c = this._opColliders[i];
            if (op === OP_ADD) {
                if (c.id >= 0 && !(c._pendingFlags & PENDING_REMOVE)) this._insert(c);
            } else if (op === OP_REMOVE) {
                c._pendingFlags &= ~PENDING_REMOVE;
                if (c.id >= 0) this._removeNow(c);
            } else if (op === OP_ENABLE) {
                if (c.id >= 0) this._setEnabledNow(c, c._pendingEnabled);
            } else if (op === OP_SHAPE) {
                const shape = c._pendingShape;
                c._pendingShape = null;
                if (c.id >= 0 && shape) this._setShapeNow(c, shape);
            } else if (op === OP_TRANSFORM) {
                // Several moves of one collider in a step queue several ops; the first applies
                // the latest pending transform, the others find nothing pending.
                if (c.id >= 0 && (c._pendingFlags & PENDING_T)) {
                    copyT(c._t, c._pendingT);
                    c._pendingFlags &= ~PENDING_T;
                    this._moved(c);
                }
            }
            this._opColliders[i] = null as unknown as Collider<T>;
        }
        this._opCount = 0;
    }

    private _defer(op: number, c: Collider<T>): void {
        if (op === OP_TRANSFORM) c._pendingFlags |= PENDING_T;
        this._opCodes[this._opCount] = op;
        this._opColliders[this._opCount] = c;
        this._opCount++;
    }

    private _insert(c: Collider<T>): void {
        c._updateBounds();
        if (c._enabled) this._insertProxy(c);
    }

    private _insertProxy(c: Collider<T>): void {
        if (!c._solid) return;
        const p = this._broad.createProxy(c._box[0], c._box[1], c._box[2], c._box[3], c.id);
        c._proxy = p;
        this._byProxy[p] = c;
        this._circleOf(c);
    }

    /** Writes `c`'s circle for its proxy (after its box was given to the broad phase). */
    private _circleOf(c: Collider<T>): void {
        const o = 3 * c._proxy;
        let C = this._circles;
        if (C.length < o + 3) {
            C = new Float64Array(Math.max(o + 3, 2 * C.length));
            C.set(this._circles);
            this._circles = C;
        }
        if (c.shape.kind === 'mask') this._maskCircle(c);
        else { C[o] = 0; C[o + 1] = 0; C[o + 2] = Infinity; }
    }

    /** Writes a mask's circle (`_box[4..6]`) for its proxy, whose entry `_circleOf` made. */
    private _maskCircle(c: Collider<T>): void {
        const C = this._circles, o = 3 * c._proxy, box = c._box;
        C[o] = box[4]; C[o + 1] = box[5]; C[o + 2] = box[6];
    }

    private _removeNow(c: Collider<T>): void {
        if (c._proxy >= 0) {
            this._broad.destroyProxy(c._proxy);
            this._byProxy[c._proxy] = null;
            c._proxy = -1;
        }
        this._dropQueued(c);
        this._byId[c.id] = null;
        this._pushFreeId(c.id);
        this._count--;
        c.id = -1;
        c._world = null;
    }

    private _setEnabledNow(c: Collider<T>, enabled: boolean): void {
        if (c._enabled === enabled) return;
        c._enabled = enabled;
        if (enabled) {
            c._updateBounds();
            this._insertProxy(c);
        } else if (c._proxy >= 0) {
            this._broad.destroyProxy(c._proxy);
            this._byProxy[c._proxy] = null;
            c._proxy = -1;
        }
    }

    private _setShapeNow(c: Collider<T>, shape: ColliderShape): void {
        c._replaceShape(shape);
        // An emptied mask leaves the broad phase, a refilled one joins it; pairs are kept, so
        // a pair that still overlaps stays (onStay) and one that no longer does ends.
        if (c._proxy >= 0 && !c._solid) {
            this._broad.destroyProxy(c._proxy);
            this._byProxy[c._proxy] = null;
            c._proxy = -1;
        } else if (c._proxy < 0 && c._solid && c._enabled) {
            this._insertProxy(c);
        }
        // (The new shape moved the stamp and made the bounds for it: another stamp would make
        // the step's pass over moved colliders compute them again, every part of a skeleton.)
        this._markDirty(c);
    }

    private _moved(c: Collider<T>): void {
        c._stamp++;
        this._markDirty(c);
    }

    /** Queues `c` for the next step's bounds refresh (once). */
    private _markDirty(c: Collider<T>): void {
        if (c._pendingFlags & PENDING_DIRTY) return;
        c._pendingFlags |= PENDING_DIRTY;
        this._dirty[this._dirtyCount++] = c;
    }

    /** Free ids are handed out lowest first (deterministic, and keeps the id range dense). */
    private _popFreeId(): number {
        const f = this._freeIds;
        let best = 0;
        for (let i = 1; i < f.length; i++) if (f[i] < f[best]) best = i;
        const id = f[best];
        f[best] = f[f.length - 1];
        f.length--;
        return id;
    }

    private _pushFreeId(id: number): void {
        this._freeIds.push(id);
    }

    private _check(c: Collider<T>, what: string): void {
        if (!(c instanceof Collider) || c._world !== this || c.id < 0) {
            throw new Error(`${what}: this collider is not in this world (it was never added, was removed, or belongs to another world).`);
        }
    }

    /**
     * How far around a query point the broad phase must look so that every cell containing the
     * point, on any collider's grid, has its sample inside the looked-at box: half the largest
     * cell any collider had (the smallest accuracy seen; it never grows back), plus rounding.
     */
    private _halfCell(x: number, y: number): number {
        const h = 0.5 / this._minAccuracy;
        return h + (Math.abs(x) + Math.abs(y) + h) * 1e-12;
    }

    /** The probe collider: `c`'s shape at transform `t`. */
    private _probeOf(c: Collider<T>, t: Readonly<Affine2D>): Collider<T> {
        const p = this._probe as unknown as { shape: Collider<T>['shape']; _ws: WorldShape | null };
        p.shape = c.shape;
        if (c.shape.kind !== 'mask' && !p._ws) p._ws = new WorldShape();
        const probe = this._probe;
        probe._accuracy = c._accuracy;
        probe._categoryBits = c._categoryBits;
        probe._maskBits = c._maskBits;
        copyT(probe._t, t);
        probe._stamp++;
        probe._boxReady = false; // the box fast path's corners belonged to the previous shape
        probe._boundsStamp = -1;
        probe._shapeStamp = -1;
        return probe;
    }
}

const KEY_SHIFT = 2 ** 22;
const NO_COLLIDER = null as unknown as Collider<any>;
const OP_ADD = 1, OP_REMOVE = 2, OP_ENABLE = 3, OP_TRANSFORM = 4, OP_SHAPE = 5;
const PENDING_REMOVE = 1, PENDING_T = 2, PENDING_DIRTY = 4;

/** `v` moved down by about one ulp (a conservative lower bound after a rounded addition). */
function widenDown(v: number): number {
    return v - (Math.abs(v) * 2.3e-16 + 1e-300);
}

/** `v` moved up by about one ulp. */
function widenUp(v: number): number {
    return v + (Math.abs(v) * 2.3e-16 + 1e-300);
}
const EV_ENTER = 0, EV_STAY = 1, EV_END = 2;
const RECT_OPTIONS = { contact: false as const };
const SWEEP_T: Affine2D = { a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0 };
const RAY = { k: 0, l: 0 };

function filterAccepts(a: Collider<unknown>, b: Collider<unknown>): boolean {
    return (a._categoryBits & b._maskBits) !== 0 && (b._categoryBits & a._maskBits) !== 0;
}

function sortById<C extends { id: number }>(out: C[]): number {
    // Insertion sort: query answers are short, and Array.prototype.sort would allocate.
    for (let i = 1; i < out.length; i++) {
        const v = out[i];
        let j = i - 1;
        while (j >= 0 && out[j].id > v.id) { out[j + 1] = out[j]; j--; }
        out[j + 1] = v;
    }
    return out.length;
}

/**
 * Walks the cells of `r`'s grid crossed by the segment (Amanatides & Woo) and returns the
 * segment fraction at which it enters the first cell set in `r` (-1 when none). Writes the cell
 * to `cell`.
 *
 * Cells are half-open (`[k, k+1)`, as `Collider.hasSampleAt` reads them), so a cell counts only
 * where the segment has a point in it: a segment that ends exactly on the near edge of a cell it
 * moves towards in -x or -y does not enter it, and a segment through a cell corner touches, at
 * the corner itself, only the cell on the + side of both lines (not the two side cells).
 */
function rayRaster(r: WorldRaster, x0: number, y0: number, x1: number, y1: number, cell: { k: number; l: number }): number {
    if (r.width === 0 || r.height === 0) return -1;
    const acc = r.accuracy;
    // Grid coordinates (cell units).
    const gx0 = x0 * acc, gy0 = y0 * acc, gx1 = x1 * acc, gy1 = y1 * acc;
    const dx = gx1 - gx0, dy = gy1 - gy0;
    // Clip the segment to the raster box (in cell units) to skip empty space.
    const bx0 = r.k0, by0 = r.l0, bx1 = r.k0 + r.width, by1 = r.l0 + r.height;
    CLIP[0] = 0;
    CLIP[1] = 1;
    if (!clip(gx0, dx, bx0, bx1) || !clip(gy0, dy, by0, by1)) return -1;
    const tmin = CLIP[0], tmax = CLIP[1];
    const sx = gx0 + dx * tmin, sy = gy0 + dy * tmin;
    let k = Math.floor(sx), l = Math.floor(sy);
    // Entering the box through its far edge (moving in -x or -y): the points in the last cell
    // come after tmin; there are none when the segment ends there.
    if (k >= bx1) { k = bx1 - 1; if (tmin >= tmax) return -1; }
    if (l >= by1) { l = by1 - 1; if (tmin >= tmax) return -1; }
    const stepX = dx > 0 ? 1 : dx < 0 ? -1 : 0;
    const stepY = dy > 0 ? 1 : dy < 0 ? -1 : 0;
    const tDeltaX = stepX !== 0 ? Math.abs(1 / dx) : Infinity;
    const tDeltaY = stepY !== 0 ? Math.abs(1 / dy) : Infinity;
    let tMaxX = stepX > 0 ? (k + 1 - gx0) / dx : stepX < 0 ? (k - gx0) / dx : Infinity;
    let tMaxY = stepY > 0 ? (l + 1 - gy0) / dy : stepY < 0 ? (l - gy0) / dy : Infinity;
    let t = tmin;
    for (;;) {
        if (r.has(k, l)) {
            cell.k = k;
            cell.l = l;
            return t;
        }
        // A step in -x or -y at t leaves the point at t in the cell before it: the new cell's
        // points come after t (none when t is the segment's end). A step in +x or +y puts the
        // point at t in the new cell.
        let after: boolean;
        if (tMaxX < tMaxY) {
            t = tMaxX;
            tMaxX += tDeltaX;
            k += stepX;
            after = stepX < 0;
        } else if (tMaxY < tMaxX) {
            t = tMaxY;
            tMaxY += tDeltaY;
            l += stepY;
            after = stepY < 0;
        } else {
            // Through a corner (both lines at once; never both infinite here: a zero-length
            // segment stops below). The corner point lies in the cell on the + side of each line.
            t = tMaxX;
            if (t > tmax) return -1;
            const kc = stepX > 0 ? k + 1 : k, lc = stepY > 0 ? l + 1 : l;
            if ((kc !== k || lc !== l) && r.has(kc, lc)) {
                cell.k = kc;
                cell.l = lc;
                return t;
            }
            tMaxX += tDeltaX;
            tMaxY += tDeltaY;
            k += stepX;
            l += stepY;
            after = stepX < 0 || stepY < 0;
        }
        if (t > tmax || (after && t >= tmax) || k < bx0 - 1 || k > bx1 || l < by0 - 1 || l > by1) return -1;
    }
}

const CLIP = new Float64Array(2);

/** Liang–Barsky clip of `p0 + d * t` to `[lo, hi)`, narrowing `CLIP = [tmin, tmax]`. */
function clip(p0: number, d: number, lo: number, hi: number): boolean {
    if (d === 0) return p0 >= lo && p0 < hi;
    let ta = (lo - p0) / d, tb = (hi - p0) / d;
    if (ta > tb) { const s = ta; ta = tb; tb = s; }
    if (ta > CLIP[0]) CLIP[0] = ta;
    if (tb < CLIP[1]) CLIP[1] = tb;
    return CLIP[0] <= CLIP[1];
}

/** In-place quicksort of `a[lo..hi]` (insertion sort for short ranges); allocates nothing. */
function sortKeys(a: Float64Array, lo: number, hi: number): void {
    while (hi - lo > 16) {
        const mid = (lo + hi) >> 1;
        // Median of three as the pivot.
        if (a[mid] < a[lo]) swap(a, mid, lo);
        if (a[hi] < a[lo]) swap(a, hi, lo);
        if (a[hi] < a[mid]) swap(a, hi, mid);
        const pivot = a[mid];
        let i = lo, j = hi;
        while (i <= j) {
            while (a[i] < pivot) i++;
            while (a[j] > pivot) j--;
            if (i <= j) { swap(a, i, j); i++; j--; }
        }
        // Recurse into the smaller side, loop on the larger.
        if (j - lo < hi - i) { sortKeys(a, lo, j); lo = i; } else { sortKeys(a, i, hi); hi = j; }
    }
    for (let i = lo + 1; i <= hi; i++) {
        const v = a[i];
        let j = i - 1;
        while (j >= lo && a[j] > v) { a[j + 1] = a[j]; j--; }
        a[j + 1] = v;
    }
}

function swap(a: Float64Array, i: number, j: number): void {
    const t = a[i]; a[i] = a[j]; a[j] = t;
}
