import type { Affine2D } from '../affine';
import type { BitMask } from '../bitmask';
import { Collider } from '../collider';
import { Contact } from '../contact';
import { SampleMapper, floorHalfMinus } from '../exact';
import { isUnitQuarterTurn, maskCellBox } from '../rasterize';
import { CpuNarrowPhase } from '../narrow-phase';
import type { LateAnswers, NarrowPhase } from '../narrow-phase';
import type { GpuDevice } from './device';
import { MaskAtlas } from './mask-atlas';
import { pairTile, TILE_MARGIN } from './pair-tile';
import { CELLS_PER_PIXEL, INSTANCE_BYTES, INSTANCE_WORDS } from './shader';

/** How the GPU narrow phase reads its pages back (see {@link GpuNarrowPhase}). */
export type GpuReadback = 'nextFrame' | 'sameFrame';

/** Options of the {@link GpuNarrowPhase} constructor. */
export interface GpuNarrowPhaseOptions {
    /** Largest page side in pixels (default 2048, the Cocos RenderTexture limit; never above the device's `maxTextureSize`). */
    maxPageSize?: number;
    /** Largest mask atlas side (default 4096, same cap). */
    maxAtlasSize?: number;
    /**
     * `'sameFrame'` (the default): draw and read back at once, the main thread waits for the
     * GPU. `'nextFrame'` (needs a device with `asyncReadback`; the Cocos `CollisionSystem` uses
     * it by default): answers arrive one step late, `run` returns the frame they describe.
     */
    readback?: GpuReadback;
    /**
     * Which mask-mask pairs go to the GPU (default: all). Called once per pair while a frame is
     * planned, with the pair's index in that `run`'s lists (so a caller can decide a whole frame
     * before calling `run`, e.g. a cost rule that counts pairs). Pairs it rejects are decided on
     * the CPU *inside this narrow phase*, while planning: in `'nextFrame'` mode their answers are
     * handed out with the GPU pairs', one step later, so every answer of a step describes the
     * same frame. Counted in `stats.cpuRule`.
     */
    useGpu?: GpuPairFilter;
}

/** See {@link GpuNarrowPhaseOptions.useGpu}. */
export type GpuPairFilter = (a: Collider<any>, b: Collider<any>, index: number) => boolean;

/**
 * The GPU narrow phase (seed 000's red/blue render-texture test, done exactly): every mask–mask
 * candidate pair of a step becomes one *tile* of a shared page, one instanced draw renders all
 * tiles, one readback per page brings them back, and the CPU decodes each tile into the same
 * {@link Contact} the CPU narrow phase computes (hit, count, rect, centroid, normal).
 *
 * ## A tile
 *
 * The pair's window on its sampling grid: the box of the intersection of the two masks'
 * oriented boxes, the window the CPU rasterizes ({@link pairTile}), grown by {@link TILE_MARGIN}
 * cells: the normal is the CPU's count gradient, which reads A one cell and B two cells around
 * the shared samples.
 *
 * ```
 *   page pixel (x, y) of a tile  =  world cell (K0 + x, L0 + y),  K0 = window k0 - TILE_MARGIN
 *
 *   ┌──────────────────────┐  R = sample in A      B = A unsure (float32 within eps of an edge)
 *   │ margin               │  G = sample in B      A = B unsure
 *   │   ┌──────────────┐   │
 *   │   │ OBB window   │   │  shared sample: R and G;  unsure samples are decided on the CPU
 *   │   └──────────────┘   │  exactly (SampleMapper) before anything is counted
 *   └──────────────────────┘
 * ```
 *
 * ## Two readback modes
 *
 * ```
 *   'sameFrame'   step N:  plan N ─ draw ─ readPixels (stall) ─ decode N     returns N
 *   'nextFrame'   step N:  collect N-1 (pixel buffer, fence already signalled: no stall)
 *                          ─ decode N-1 ─ plan N ─ draw ─ startRead           returns N-1
 * ```
 *
 * In `'nextFrame'` mode every answer of step N describes frame N-1, CPU-decided pairs included
 * (they are decided while planning N-1), so `run` returns N-1 and the world stamps the
 * contacts with it. Each pair's answer uses the colliders *as they were in frame N-1*: the
 * planner keeps a snapshot of both transforms and mask references, and everything the CPU adds
 * later (unsure samples, the normal's fallback, the separation, pairs whose readback was lost)
 * reads the snapshot, not the colliders' current state. Answers are matched to step N's
 * candidate list by collider identity (not id: ids are recycled):
 *
 * - a pair that is a candidate in N but was not in N-1 gets "no hit" (true for frame N-1: its
 *   boxes did not meet, or a collider was not there or disabled);
 * - a pair that was a candidate in N-1 but is not in N (a collider removed or disabled in
 *   between, or boxes that separated) is not in N's list: its answer is counted in
 *   `stats.lateUnmatched` and, when it is a hit (`lateUnmatchedHits`), kept for {@link late},
 *   which the world calls right after `run`. The world reports it when both colliders are
 *   still in it and enabled (a touch that lasted one frame: `onEnter` now, `onEnd` next step,
 *   as the CPU reports it one step earlier); a removed or disabled collider's pair ends
 *   (`onEnd`) in the step that notices it, as on the CPU. Direct callers that never call
 *   `late` lose those hits (the next `run` forgets them).
 * - the first step reports nothing (`run` returns `frame - 1`).
 * - a mask edited in place between the draw and the collection: that pair is decided again on
 *   the CPU with the frame-N-1 transforms and the mask as it is now (`stats.cpuMaskChanged`).
 *
 * ## Exactness
 *
 * Each collider's inverse map (sample → texel) is computed in double relative to the tile corner,
 * so float32 sees small numbers; the shader evaluates it and reads the mask atlas with
 * `texelFetch`. A certified bound `eps` of the float32 (and double) error travels with the map:
 * where a sample lies within `eps` of a texel edge, its cell is flagged unsure and the CPU
 * decides that sample exactly. Every other sample is provably right, so the contact equals the
 * CPU's bit for bit (the decode uses the CPU's own formulas).
 *
 * ## What stays on the CPU (counted in {@link GpuStats})
 *
 * - pairs with a box, circle or polygon collider (`cpuShape`), and pairs the `useGpu` option
 *   rejects (`cpuRule`; the Cocos `CollisionSystem`'s CPU / AUTO colliders);
 * - tiles larger than a page side (`cpuTooLarge`), maps whose `eps` is not small (`cpuPrecision`:
 *   absurd scales), masks larger than the atlas (`cpuAtlas`);
 * - every pair of a frame in which the device's context is lost, and pairs whose readback the
 *   loss destroyed (`cpuLost`); after a restore the atlas is uploaded again;
 * - the separation, when asked for (recomputed on the CPU for the pairs that hit);
 * - {@link testPair} (one pair for a query: a draw and a readback would cost more);
 * - the pairs of a page whose readback returned without writing the pixels (`brokenReadbacks`:
 *   a canary pixel no tile covers must come back cleared); {@link readbackBroken} then stays
 *   true, so the owner can stop using the GPU (the Cocos runtime does, with one warning).
 *
 * Pairs that do not fit one page go to further pages: one draw and one readback per page. No pair
 * is ever dropped.
 */
export class GpuNarrowPhase implements NarrowPhase {
    readonly name = 'gpu';
    /** Counters of the last {@link run} (and totals since creation in `total*`). */
    readonly stats = new GpuStats();
    /** The mask atlas (its size and upload counters are useful in tests). */
    readonly atlas: MaskAtlas;
    /** The readback mode (fixed at construction). */
    readonly readback: GpuReadback;
    /**
     * Set when a page's readback came back without writing the pixels (see `GpuStats.brokenReadbacks`).
     * Those pairs were decided on the CPU (right answers, CPU cost); a device that does it once
     * will likely do it again, so its owner should switch to the CPU narrow phase.
     */
    readbackBroken = false;

    private readonly _device: GpuDevice;
    private readonly _useGpu: GpuPairFilter | null;
    private readonly _cpu = new CpuNarrowPhase();
    private readonly _maxSide: number;
    private _generation = NaN;
    // The plan (pairs of the frame last planned), index i = pair i of that run.
    private _planCount = 0;
    private _planFrame = -1;
    private _planSeparation = false;
    /** 'nextFrame': a plan whose answers have not been handed out yet. */
    private _pending = false;
    private _planA: (Collider<any> | null)[] = [];
    private _planB: (Collider<any> | null)[] = [];
    private _planMaskA: (BitMask | null)[] = [];
    private _planMaskB: (BitMask | null)[] = [];
    private _planVerA = new Int32Array(0);
    private _planVerB = new Int32Array(0);
    /** Transforms of A and B (a b c d tx ty, twice) per pair. */
    private _planT = new Float64Array(0);
    private _planAcc = new Float64Array(0);
    private _planKey = new Float64Array(0);
    private _planOrder = new Int32Array(0);
    /** 'nextFrame': the plan's answers, written while planning (CPU pairs) and collecting. */
    private _answers: Contact[] = [];
    /** 'nextFrame': hits of the last run's answers whose pair was not in its list (see `late`). */
    private _lateA: (Collider<any> | null)[] = [];
    private _lateB: (Collider<any> | null)[] = [];
    private _lateContacts: Contact[] = [];
    private _lateCount = 0;
    // Per pair (index i of the plan): status, tile and grid origin.
    private _status = new Int8Array(0);
    private _tileX = new Int32Array(0);
    private _tileY = new Int32Array(0);
    private _tileW = new Int32Array(0);
    private _tileH = new Int32Array(0);
    private _k0 = new Int32Array(0);
    private _l0 = new Int32Array(0);
    // Per instance: its pair. Per page: first instance, instance count, size.
    private _instPair = new Int32Array(0);
    private _pageFirst = new Int32Array(8);
    private _pageCount = new Int32Array(8);
    private _pageW = new Int32Array(8);
    private _pageH = new Int32Array(8);
    private _pages = 0;
    private _instances = 0;
    private _instBytes = new Uint8Array(0);
    private _instF32 = new Float32Array(0);
    private _instI32 = new Int32Array(0);
    private _pixels = new Uint8Array(0);
    private _pixels32 = new Uint32Array(0);
    private _cells = new Uint8Array(0);
    private readonly _mapA = new SampleMapper();
    private readonly _mapB = new SampleMapper();
    private readonly _ta: Affine2D = { a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0 };
    private readonly _tb: Affine2D = { a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0 };
    private _probeA: Collider<any> | null = null;
    private _probeB: Collider<any> | null = null;

    /**
     * @param device where to draw (see {@link GpuDevice}).
     * @param options see {@link GpuNarrowPhaseOptions}.
     */
    constructor(device: GpuDevice, options?: GpuNarrowPhaseOptions) {
        const max = device.maxTextureSize;
        if (!(max >= 64)) throw new RangeError(`the GPU device reports maxTextureSize ${max}; the GPU narrow phase needs at least 64. Use the CPU narrow phase (CpuNarrowPhase).`);
        this._device = device;
        this._maxSide = Math.min(options?.maxPageSize ?? 2048, max);
        if (!(this._maxSide >= 16)) throw new RangeError(`maxPageSize must be at least 16 pixels, got ${options?.maxPageSize}.`);
        this.atlas = new MaskAtlas(device, Math.min(options?.maxAtlasSize ?? 4096, max));
        const rb = options?.readback ?? 'sameFrame';
        if (rb !== 'nextFrame' && rb !== 'sameFrame') throw new RangeError(`readback must be 'nextFrame' or 'sameFrame', got ${String(rb)}.`);
        if (rb === 'nextFrame' && !device.asyncReadback) throw new RangeError(`readback 'nextFrame' needs a device that reads back without stalling (WebGL2); this one (asyncReadback false) offers 'sameFrame' only.`);
        this.readback = rb;
        this._useGpu = options?.useGpu ?? null;
    }

    /** 'nextFrame': whether a planned frame's answers are still to be handed out by the next `run`. */
    get pending(): boolean {
        return this._pending;
    }

    run(a: readonly Collider<any>[], b: readonly Collider<any>[], count: number, accuracy: Float64Array,
        contacts: Contact[], frame: number, separation: boolean): number {
        try {
            return this._run(a, b, count, accuracy, contacts, frame, separation);
        } finally {
            if (this._device.endFrame) this._device.endFrame();
        }
    }

    private _run(a: readonly Collider<any>[], b: readonly Collider<any>[], count: number, accuracy: Float64Array,
        contacts: Contact[], frame: number, separation: boolean): number {
        const st = this.stats;
        st.begin(count);
        this._dropLate();
        if (this.readback === 'sameFrame') {
            if (count === 0) { st.end(); return frame; } // no draw, no readback
            this._plan(a, b, count, accuracy, frame, separation, contacts);
            for (let p = 0; p < this._pages; p++) {
                const w = this._pageW[p], h = this._pageH[p];
                this._drawPage(p);
                this._ensurePixels(w * h);
                this._armCanary(w);
                this._device.readPage(this._pixels);
                this._decodePage(p, this._canaryOk(w) && !this._device.isLost(), contacts);
            }
            this._finish(contacts);
            st.end();
            return frame;
        }
        // 'nextFrame': hand out the previous plan's answers, then plan this frame.
        let described = frame - 1;
        if (this._pending) {
            this._collect();
            this._deliver(a, b, count, accuracy, contacts);
            described = this._planFrame;
            this._pending = false;
            if (count === 0) this._dropPlan();
        } else {
            for (let i = 0; i < count; i++) { const c = contacts[i]; c.reset(); c.accuracy = accuracy[i]; }
        }
        if (count > 0) {
            const answers = this._ensureAnswers(count);
            this._plan(a, b, count, accuracy, frame, separation, answers);
            for (let p = 0; p < this._pages; p++) {
                this._drawPage(p);
                this._device.startRead(p);
            }
            this._pending = true;
        }
        st.end();
        return described;
    }

    /** One pair, now, on the CPU (identical answers; a GPU round trip for one pair costs more). */
    testPair(a: Collider<any>, b: Collider<any>, accuracy: number, separation: boolean, out: Contact): boolean {
        return this._cpu.testPair(a, b, accuracy, separation, out);
    }

    /**
     * 'nextFrame': hands over the hits of the frame the last `run` returned whose pair was not
     * in that run's list (see the class notes and `NarrowPhase.late`); each once. Counted in
     * `stats.lateHandedOver`. 'sameFrame': always 0.
     */
    late(out: LateAnswers): number {
        const n = this._lateCount;
        const la = this._lateA, lb = this._lateB, lc = this._lateContacts;
        for (let i = 0; i < n; i++) {
            out.a[i] = la[i] as Collider<any>;
            out.b[i] = lb[i] as Collider<any>;
            const c = i < out.contacts.length ? out.contacts[i] : (out.contacts[i] = new Contact());
            c.copyFrom(lc[i]);
            la[i] = null;
            lb[i] = null;
        }
        this._lateCount = 0;
        this.stats.lateHandedOver += n;
        return n;
    }

    /** Forgets answers still on their way ('nextFrame'): the next step reports nothing. */
    discardPending(): void {
        this._dropPlan();
        this._dropLate();
    }

    private _dropPlan(): void {
        this._pending = false;
        for (let i = 0; i < this._planCount; i++) { this._planA[i] = null; this._planB[i] = null; this._planMaskA[i] = null; this._planMaskB[i] = null; }
        this._planCount = 0;
    }

    private _dropLate(): void {
        for (let i = 0; i < this._lateCount; i++) { this._lateA[i] = null; this._lateB[i] = null; }
        this._lateCount = 0;
    }

    /** Frees the device's objects (the device itself is the caller's). */
    dispose(): void {
        this.discardPending();
        this._device.dispose();
    }

    // Planning --------------------------------------------------------------------------------

    /**
     * Snapshots the pairs, classifies them, places masks in the atlas, writes instances and lays
     * out pages; CPU pairs and misses are answered at once into `out[i]`.
     */
    private _plan(a: readonly Collider<any>[], b: readonly Collider<any>[], count: number, accuracy: Float64Array,
        frame: number, separation: boolean, out: Contact[]): void {
        this._ensurePairs(count);
        this._snapshot(a, b, count, accuracy, frame, separation);
        const st = this.stats;
        const gen = this._device.beginFrame();
        const usable = gen >= 0;
        if (usable && gen !== this._generation) {
            // A new device, or one whose context was restored: its atlas texture is new and empty.
            if (this.atlas.width > 0) this.atlas.reset();
            this._generation = gen;
        }
        for (let attempt = 0; ; attempt++) {
            if (usable) this.atlas.beginFrame();
            st.resetPlan();
            if (this._classify(count, usable)) break;
            // The atlas filled up: grow it (empty) and place this frame's masks again.
            if (!this.atlas.canGrow) break; // then _classify has sent the rest to the CPU
            this.atlas.grow();
        }
        this._layout();
        // Misses and CPU pairs now (the colliders are as they are in this frame).
        const status = this._status;
        for (let i = 0; i < count; i++) {
            const s = status[i];
            if (s === S_GPU) continue;
            const c = out[i];
            if (s === S_MISS) { c.reset(); c.accuracy = accuracy[i]; } else this._cpu.testPair(a[i], b[i], accuracy[i], separation, c);
            c.frame = frame;
        }
    }

    /** Keeps what the answers of this plan need later: colliders, masks, transforms, keys. */
    private _snapshot(a: readonly Collider<any>[], b: readonly Collider<any>[], count: number, accuracy: Float64Array, frame: number, separation: boolean): void {
        // Drop references beyond the new plan (removed colliders can be collected).
        for (let i = count; i < this._planCount; i++) { this._planA[i] = null; this._planB[i] = null; this._planMaskA[i] = null; this._planMaskB[i] = null; }
        this._planCount = count;
        this._planFrame = frame;
        this._planSeparation = separation;
        const T = this._planT, key = this._planKey, order = this._planOrder;
        let sorted = true;
        for (let i = 0; i < count; i++) {
            const ca = a[i], cb = b[i];
            this._planA[i] = ca;
            this._planB[i] = cb;
            const sa = ca.shape, sb = cb.shape;
            const ma = sa.kind === 'mask' ? sa.mask : null, mb = sb.kind === 'mask' ? sb.mask : null;
            this._planMaskA[i] = ma;
            this._planMaskB[i] = mb;
            this._planVerA[i] = ma ? ma.version : 0;
            this._planVerB[i] = mb ? mb.version : 0;
            const ta = ca.transform, tb = cb.transform, o = 12 * i;
            T[o] = ta.a; T[o + 1] = ta.b; T[o + 2] = ta.c; T[o + 3] = ta.d; T[o + 4] = ta.tx; T[o + 5] = ta.ty;
            T[o + 6] = tb.a; T[o + 7] = tb.b; T[o + 8] = tb.c; T[o + 9] = tb.d; T[o + 10] = tb.tx; T[o + 11] = tb.ty;
            this._planAcc[i] = accuracy[i];
            key[i] = pairKey(ca, cb);
            order[i] = i;
            if (i > 0 && key[i] < key[i - 1]) sorted = false;
        }
        if (!sorted) {
            // Not the world's key order (direct callers): sort an index by key.
            SORT_KEYS = key;
            const sub = order.subarray(0, count);
            sub.sort(byKey);
            SORT_KEYS = EMPTY_F64;
        }
    }

    /** False when the atlas overflowed and can still grow (then the caller plans again). */
    private _classify(count: number, usable: boolean): boolean {
        const st = this.stats, atlas = this.atlas, maxSide = this._maxSide;
        const T = this._planT, ta = this._ta, tb = this._tb, win = WIN;
        let n = 0;
        for (let i = 0; i < count; i++) {
            const ma = this._planMaskA[i], mb = this._planMaskB[i];
            if (!ma || !mb) { this._status[i] = S_CPU; st.cpuShape++; continue; }
            if (this._useGpu !== null && !this._useGpu(this._planA[i]!, this._planB[i]!, i)) { this._status[i] = S_CPU; st.cpuRule++; continue; }
            const acc = this._planAcc[i];
            readT(T, 12 * i, ta);
            readT(T, 12 * i + 6, tb);
            if (!pairTile(ma, ta, mb, tb, acc, win)) { this._status[i] = S_MISS; st.misses++; continue; }
            const K0 = win[0], L0 = win[1];
            const tw = win[2] - K0 + 1, th = win[3] - L0 + 1;
            // Page pixels of the tile: 8 cells of a row per pixel (shader.ts).
            const pw = Math.ceil(tw / CELLS_PER_PIXEL);
            if (pw > maxSide - CANARY_COLUMNS || th > maxSide) { this._status[i] = S_CPU; st.cpuTooLarge++; continue; }
            if (!usable) { this._status[i] = S_CPU; st.cpuLost++; continue; }
            this._ensureInstances(n + 1);
            const f = this._instF32, iw = this._instI32, o = n * INSTANCE_WORDS;
            // The shader evaluates the maps on every cell of its pixels (up to 8 * pw - 1).
            const cw = pw * CELLS_PER_PIXEL;
            if (!writeMap(f, o + 4, ta, acc, K0, L0, cw, th) || !writeMap(f, o + 16, tb, acc, K0, L0, cw, th)) {
                this._status[i] = S_CPU; st.cpuPrecision++; continue;
            }
            const slotA = atlas.slot(ma);
            const slotB = slotA < 0 ? -1 : atlas.slot(mb);
            if (slotB < 0) {
                if (atlas.overflowed && atlas.canGrow) return false;
                this._status[i] = S_CPU; st.cpuAtlas++; continue;
            }
            iw[o + 2] = pw; iw[o + 3] = th;
            iw[o + 12] = atlas.slotX(slotA); iw[o + 13] = atlas.slotY(slotA); iw[o + 14] = ma.width; iw[o + 15] = ma.height;
            iw[o + 24] = atlas.slotX(slotB); iw[o + 25] = atlas.slotY(slotB); iw[o + 26] = mb.width; iw[o + 27] = mb.height;
            this._status[i] = S_GPU;
            this._k0[i] = K0; this._l0[i] = L0; this._tileW[i] = tw; this._tileH[i] = th;
            this._instPair[n] = i;
            n++;
        }
        this._instances = n;
        st.gpuPairs = n;
        return true;
    }

    /**
     * Shelf-packs the tiles, in instance order, into pages of at most `maxSide` a side. The page
     * width is about the square root of the tiles' total area (so the readback is close to the
     * tiles' area), at least the widest tile.
     */
    private _layout(): void {
        const n = this._instances, iw = this._instI32, maxSide = this._maxSide;
        let area = 0, widest = 0;
        for (let q = 0; q < n; q++) {
            const w = iw[q * INSTANCE_WORDS + 2], h = iw[q * INSTANCE_WORDS + 3];
            area += w * h;
            if (w > widest) widest = w;
        }
        let W = Math.ceil(Math.sqrt(area * 1.15));
        if (W < widest) W = widest;
        if (W > maxSide - CANARY_COLUMNS) W = maxSide - CANARY_COLUMNS;
        this._pages = 0;
        let x = 0, y = 0, shelfH = 0, pageW = 0;
        for (let q = 0; q < n; q++) {
            const o = q * INSTANCE_WORDS;
            const w = iw[o + 2], h = iw[o + 3];
            if (x + w > W) { y += shelfH; x = 0; shelfH = 0; }
            if (this._pages === 0 || y + h > maxSide) {
                if (this._pages > 0) this._closePage(pageW, y + shelfH);
                this._openPage(q);
                x = 0; y = 0; shelfH = 0; pageW = 0;
            }
            iw[o] = x; iw[o + 1] = y;
            const i = this._instPair[q];
            this._tileX[i] = x; this._tileY[i] = y;
            x += w;
            if (x > pageW) pageW = x;
            if (h > shelfH) shelfH = h;
        }
        if (this._pages > 0) this._closePage(pageW, y + shelfH);
        for (let p = 0; p < this._pages; p++) {
            this._pageCount[p] = (p + 1 < this._pages ? this._pageFirst[p + 1] : n) - this._pageFirst[p];
        }
    }

    private _openPage(first: number): void {
        const p = this._pages++;
        if (p >= this._pageFirst.length) {
            this._pageFirst = growI32(this._pageFirst, 2 * p);
            this._pageCount = growI32(this._pageCount, 2 * p);
            this._pageW = growI32(this._pageW, 2 * p);
            this._pageH = growI32(this._pageH, 2 * p);
        }
        this._pageFirst[p] = first;
    }

    private _closePage(w: number, h: number): void {
        // One column right of the tiles is never drawn: its pixel (w - 1, 0) is the canary (see
        // _armCanary). An even width makes a row 8n bytes: a readback needs no PACK_ALIGNMENT of
        // its own (a device on a shared context then leaves that state alone).
        w++;
        if ((w & 1) === 1) w++;
        this._pageW[this._pages - 1] = w;
        this._pageH[this._pages - 1] = h;
    }

    /**
     * Before a page is read back: the canary pixel `(w - 1, 0)`, which no tile covers and a real
     * readback therefore returns cleared (0, 0, 0, 0), is set to a value no readback of it can
     * give. A readback that "succeeds" without writing the buffer (cocos-engine#17648 on native;
     * a broken driver) leaves it there, and {@link _canaryOk} catches it: those pairs are then
     * decided on the CPU, never read as "no hit".
     */
    private _armCanary(w: number): void {
        const o = 4 * (w - 1), px = this._pixels;
        px[o] = px[o + 1] = px[o + 2] = px[o + 3] = CANARY;
    }

    /** After a readback: whether the canary pixel came back cleared (counts and flags a failure). */
    private _canaryOk(w: number): boolean {
        const o = 4 * (w - 1), px = this._pixels;
        if ((px[o] | px[o + 1] | px[o + 2] | px[o + 3]) === 0) return true;
        this.stats.brokenReadbacks++;
        this.readbackBroken = true;
        return false;
    }

    private _drawPage(p: number): void {
        const st = this.stats;
        const w = this._pageW[p], h = this._pageH[p];
        this._device.drawPage(w, h, this._instBytes, this._pageFirst[p], this._pageCount[p]);
        st.pages++;
        st.pagePixels += w * h;
    }

    // Collecting ('nextFrame') ----------------------------------------------------------------

    /** Reads the pending plan's pages and decodes them into `_answers` (or decides them on the CPU). */
    private _collect(): void {
        const st = this.stats, dev = this._device, answers = this._answers;
        for (let p = 0; p < this._pages; p++) {
            const w = this._pageW[p], h = this._pageH[p];
            this._ensurePixels(w * h);
            if (!dev.readReady(p)) st.readStalls++;
            this._armCanary(w);
            const ok = dev.finishRead(p, this._pixels) && this._canaryOk(w) && !dev.isLost();
            this._decodePage(p, ok, answers);
        }
        this._finish(answers);
    }

    /**
     * Copies the pending plan's answers to this step's candidate list by collider identity
     * (see the class notes for pairs in one list only).
     */
    private _deliver(a: readonly Collider<any>[], b: readonly Collider<any>[], count: number, accuracy: Float64Array, contacts: Contact[]): void {
        const st = this.stats, key = this._planKey, order = this._planOrder, m = this._planCount;
        const answers = this._answers, planA = this._planA, planB = this._planB;
        let found = 0;
        for (let i = 0; i < count; i++) {
            const ca = a[i], cb = b[i], c = contacts[i];
            const k = pairKey(ca, cb);
            // Binary search of the first plan entry with key >= k.
            let lo = 0, hi = m;
            while (lo < hi) {
                const mid = (lo + hi) >>> 1;
                if (key[order[mid]] < k) lo = mid + 1; else hi = mid;
            }
            let j = -1;
            for (let q = lo; q < m && key[order[q]] === k; q++) {
                const jj = order[q];
                if (planA[jj] === ca && planB[jj] === cb) { j = jj; break; }
            }
            if (j < 0) {
                c.reset();
                c.accuracy = accuracy[i];
                c.frame = this._planFrame;
                continue;
            }
            c.copyFrom(answers[j]);
            found++;
            // Mark it delivered (a pair listed twice gets its answer twice, each from its entry).
            planA[j] = null;
        }
        // The rest: pairs that are not in this run's list. Their hits are kept for late().
        let unmatched = 0, hits = 0;
        const lateA = this._lateA, lateB = this._lateB, lateC = this._lateContacts;
        for (let j = 0; j < m; j++) {
            if (planA[j] === null) continue;
            unmatched++;
            if (!answers[j].hit) continue;
            lateA[hits] = planA[j];
            lateB[hits] = planB[j];
            if (hits === lateC.length) lateC.push(new Contact());
            lateC[hits].copyFrom(answers[j]);
            hits++;
        }
        this._lateCount = hits;
        st.lateDelivered = found;
        st.lateUnmatched = unmatched;
        st.lateUnmatchedHits = hits;
    }

    // Decoding --------------------------------------------------------------------------------

    /**
     * Decodes the tiles of page `p` (just read into `_pixels`) into `out[i]`; when `ok` is false
     * (the readback is lost) they are decided on the CPU from the plan's snapshot instead.
     */
    private _decodePage(p: number, ok: boolean, out: Contact[]): void {
        const w = this._pageW[p];
        for (let q = this._pageFirst[p], e = q + this._pageCount[p]; q < e; q++) {
            const i = this._instPair[q];
            const c = out[i];
            if (!ok || this._planMaskA[i]!.version !== this._planVerA[i] || this._planMaskB[i]!.version !== this._planVerB[i]) {
                if (ok) this.stats.cpuMaskChanged++; else this.stats.lostReadbacks++;
                this._status[i] = S_DONE;
                this._cpuFromSnapshot(i, this._planSeparation, c);
            } else {
                this._decode(i, w, c);
            }
            c.frame = this._planFrame;
        }
    }

    /** After decoding: the separation of GPU hits, when asked for (on the CPU, from the snapshot). */
    private _finish(out: Contact[]): void {
        if (!this._planSeparation) return;
        const status = this._status;
        for (let i = 0; i < this._planCount; i++) {
            if (status[i] === S_GPU && out[i].hit) this._cpuFromSnapshot(i, true, out[i]);
        }
    }

    /** Pair i decided on the CPU with the colliders as the plan saw them (probe colliders). */
    private _cpuFromSnapshot(i: number, separation: boolean, out: Contact): void {
        const pa = this._probe(0, this._planMaskA[i]!, 12 * i);
        const pb = this._probe(1, this._planMaskB[i]!, 12 * i + 6);
        const frame = out.frame;
        this._cpu.testPair(pa, pb, this._planAcc[i], separation, out);
        out.frame = frame;
    }

    private _probe(side: number, mask: BitMask, o: number): Collider<any> {
        let p = side === 0 ? this._probeA : this._probeB;
        if (p === null) {
            p = new Collider<any>({ shape: { kind: 'mask', mask } });
            if (side === 0) this._probeA = p; else this._probeB = p;
        }
        const s = p.shape as { kind: 'mask'; mask: BitMask };
        s.mask = mask;
        readT(this._planT, o, p._t);
        p._stamp++;
        p._boundsStamp = -1;
        p._shapeStamp = -1;
        return p;
    }

    /**
     * Pair i's tile of the page just read (row stride `W` pixels) into `out`: the tile's cells
     * are unpacked (8 nibbles a pixel), unsure samples are settled exactly, then count / rect /
     * centroid and the normal are computed with the CPU's formulas.
     */
    private _decode(i: number, W: number, out: Contact): void {
        const st = this.stats;
        const tx = this._tileX[i], ty = this._tileY[i], tw = this._tileW[i], th = this._tileH[i];
        const K0 = this._k0[i], L0 = this._l0[i];
        const ma = this._planMaskA[i]!, mb = this._planMaskB[i]!;
        const acc = this._planAcc[i];
        const ta = readT(this._planT, 12 * i, this._ta), tb = readT(this._planT, 12 * i + 6, this._tb);
        const cells = this._unpack(tx, ty, tw, th, W);
        let readyA = false, readyB = false;
        let n = 0, minK = 0x7fffffff, maxK = -0x7fffffff, minL = 0x7fffffff, maxL = -0x7fffffff, sumK = 0, sumL = 0;
        for (let y = 0; y < th; y++) {
            const row = y * tw;
            for (let x = 0; x < tw; x++) {
                let v = cells[row + x];
                if (v === 0) continue;
                if (v >= C_UNSURE_A) {
                    const k = K0 + x, l = L0 + y;
                    if ((v & C_UNSURE_A) !== 0) {
                        if (!readyA) { this._mapA.setup(ta, acc); readyA = true; }
                        const inA = ma.get(this._mapA.floorU(k, l), this._mapA.floorV(k, l));
                        st.unsureSamples++;
                        if (inA !== ((v & C_IN_A) !== 0)) st.unsureFlips++;
                        v = (v & ~(C_IN_A | C_UNSURE_A)) | (inA ? C_IN_A : 0);
                    }
                    if ((v & C_UNSURE_B) !== 0) {
                        if (!readyB) { this._mapB.setup(tb, acc); readyB = true; }
                        const inB = mb.get(this._mapB.floorU(k, l), this._mapB.floorV(k, l));
                        st.unsureSamples++;
                        if (inB !== ((v & C_IN_B) !== 0)) st.unsureFlips++;
                        v = (v & ~(C_IN_B | C_UNSURE_B)) | (inB ? C_IN_B : 0);
                    }
                    cells[row + x] = v;
                }
                if (v === (C_IN_A | C_IN_B)) {
                    const k = K0 + x, l = L0 + y;
                    n++;
                    sumK += k;
                    sumL += l;
                    if (k < minK) minK = k;
                    if (k > maxK) maxK = k;
                    if (l < minL) minL = l;
                    if (l > maxL) maxL = l;
                }
            }
        }
        out.reset();
        out.accuracy = acc;
        if (n === 0) return;
        // Same arithmetic as narrow.ts overlapFull, so the numbers are identical.
        const s = 1 / acc;
        out.hit = true;
        out.count = n;
        out.minX = minK * s;
        out.maxX = (maxK + 1) * s;
        out.minY = minL * s;
        out.maxY = (maxL + 1) * s;
        out.centroidX = (sumK / n + 0.5) * s;
        out.centroidY = (sumL / n + 0.5) * s;
        // The normal (narrow.ts contactNormal): the count gradient over A's cells in the shared
        // rect grown by one cell; B is read one more cell out (inside the tile's margin).
        let gx = 0, gy = 0;
        for (let l = minL - 1; l <= maxL + 1; l++) {
            const row = (l - L0) * tw - K0;
            for (let k = minK - 1; k <= maxK + 1; k++) {
                if ((cells[row + k] & C_IN_A) === 0) continue;
                gx += (cells[row + k + 1] & C_IN_B) - (cells[row + k - 1] & C_IN_B);
                gy += (cells[row + tw + k] & C_IN_B) - (cells[row - tw + k] & C_IN_B);
            }
        }
        gx /= C_IN_B;
        gy /= C_IN_B;
        let nx = gx, ny = gy;
        if (nx === 0 && ny === 0) {
            // The CPU's fallback: from the centre of A's raster to the centre of B's (rare: B deep
            // inside A, or symmetric overlaps), with the rasters' boxes computed as rasterize.ts
            // does, without rasterizing (a large rotated sprite would cost milliseconds).
            const ra = rasterBox(ma, ta, acc, BOX_A), rb = rasterBox(mb, tb, acc, BOX_B);
            nx = (rb[0] + rb[2] / 2) - (ra[0] + ra[2] / 2);
            ny = (rb[1] + rb[3] / 2) - (ra[1] + ra[3] / 2);
            if (nx === 0 && ny === 0) ny = 1;
            this.stats.normalFallbacks++;
        }
        const len = Math.sqrt(nx * nx + ny * ny);
        out.normalX = nx / len;
        out.normalY = ny / len;
    }

    /**
     * The cells of a tile (one byte each, `tw x th`, row 0 first: C_IN_A, C_IN_B, C_UNSURE_A,
     * C_UNSURE_B) from the page read into `_pixels` (row stride `W` pixels, 8 nibbles a pixel).
     */
    private _unpack(tx: number, ty: number, tw: number, th: number, W: number): Uint8Array {
        if (this._cells.length < tw * th) this._cells = new Uint8Array(Math.max(tw * th, 2 * this._cells.length));
        const cells = this._cells, px8 = this._pixels, px32 = this._pixels32;
        const pw = Math.ceil(tw / CELLS_PER_PIXEL);
        cells.fill(0, 0, tw * th);
        for (let y = 0; y < th; y++) {
            const prow = (ty + y) * W + tx, crow = y * tw;
            for (let xp = 0; xp < pw; xp++) {
                if (px32[prow + xp] === 0) continue; // 8 empty cells (the common case)
                const b = 4 * (prow + xp), x0 = xp * CELLS_PER_PIXEL;
                for (let c = 0; c < 4; c++) {
                    const byte = px8[b + c], x = x0 + 2 * c;
                    if (x < tw) cells[crow + x] = byte & 15;
                    if (x + 1 < tw) cells[crow + x + 1] = byte >>> 4;
                }
            }
        }
        return cells;
    }

    // Buffers ---------------------------------------------------------------------------------

    private _ensurePairs(count: number): void {
        if (this._status.length >= count) return;
        const c = Math.max(count, 2 * this._status.length, 16);
        this._status = new Int8Array(c);
        this._tileX = new Int32Array(c);
        this._tileY = new Int32Array(c);
        this._tileW = new Int32Array(c);
        this._tileH = new Int32Array(c);
        this._k0 = new Int32Array(c);
        this._l0 = new Int32Array(c);
        this._planVerA = new Int32Array(c);
        this._planVerB = new Int32Array(c);
        this._planT = new Float64Array(12 * c);
        this._planAcc = new Float64Array(c);
        this._planKey = new Float64Array(c);
        this._planOrder = new Int32Array(c);
    }

    private _ensureAnswers(count: number): Contact[] {
        const a = this._answers;
        while (a.length < count) a.push(new Contact());
        return a;
    }

    private _ensureInstances(n: number): void {
        if (this._instPair.length >= n) return;
        const c = Math.max(n, 2 * this._instPair.length, 16);
        const bytes = new Uint8Array(c * INSTANCE_BYTES);
        bytes.set(this._instBytes);
        this._instBytes = bytes;
        this._instF32 = new Float32Array(bytes.buffer);
        this._instI32 = new Int32Array(bytes.buffer);
        this._instPair = growI32(this._instPair, c);
    }

    private _ensurePixels(pixels: number): void {
        if (this._pixels32.length >= pixels) return;
        const c = Math.max(pixels, 2 * this._pixels32.length);
        this._pixels = new Uint8Array(c * 4);
        this._pixels32 = new Uint32Array(this._pixels.buffer);
    }
}

export { TILE_MARGIN };

/** Pair key: A's id and B's id (ids are below 2^22 in a world; -1 for colliders in none). */
function pairKey(a: Collider<any>, b: Collider<any>): number {
    return (a.id + 1) * 8388608 + (b.id + 1);
}

let SORT_KEYS: Float64Array = new Float64Array(0);
const EMPTY_F64 = SORT_KEYS;
function byKey(x: number, y: number): number {
    return SORT_KEYS[x] - SORT_KEYS[y] || x - y;
}

function readT(T: Float64Array, o: number, out: Affine2D): Affine2D {
    out.a = T[o]; out.b = T[o + 1]; out.c = T[o + 2]; out.d = T[o + 3]; out.tx = T[o + 4]; out.ty = T[o + 5];
    return out;
}

const WIN = new Int32Array(4);

/** Page columns kept free right of the tiles (the canary pixel, plus one to keep the width even). */
const CANARY_COLUMNS = 2;
/** What the canary pixel's bytes are set to before a readback (a cleared pixel reads 0). */
const CANARY = 0xa5;

/** Largest float32 error bound (texels) a map may have; beyond it the pair goes to the CPU. */
export const MAX_MAP_EPS = 0.25;

/**
 * Counters of the GPU narrow phase's last `run`. `unsureSamples` are samples that float32 could
 * not decide (within `eps` of a texel edge), decided exactly on the CPU; `unsureFlips` of them
 * came out different from the GPU's guess.
 *
 * In `'nextFrame'` mode the plan counters (`gpuPairs` to `pagePixels`, `cpuLost`) describe the
 * frame just planned and drawn, the decode counters (`unsure*`, `normalFallbacks`,
 * `lostReadbacks`, `cpuMaskChanged`, `readStalls`, `late*`) the answers handed out in this run
 * (and by the `late` call after it).
 */
export class GpuStats {
    /** Pairs handed to `run`. */
    pairs = 0;
    /** Pairs drawn on the GPU. */
    gpuPairs = 0;
    /** Pairs whose oriented boxes do not meet (no hit, nothing drawn). */
    misses = 0;
    /** Pairs decided on the CPU: a box / circle / polygon collider. */
    cpuShape = 0;
    /** ...: the `useGpu` option sent the pair to the CPU. */
    cpuRule = 0;
    /** ...: the tile is larger than a page side. */
    cpuTooLarge = 0;
    /** ...: the map's float32 error bound is too large (absurd scale). */
    cpuPrecision = 0;
    /** ...: a mask does not fit the largest atlas. */
    cpuAtlas = 0;
    /** ...: the device's context was lost when the frame was planned. */
    cpuLost = 0;
    /** Draw + readback rounds (pages) this frame. */
    pages = 0;
    /** Pixels read back this frame. */
    pagePixels = 0;
    unsureSamples = 0;
    unsureFlips = 0;
    /** Hits whose count gradient was zero (normal from the rasters' centres). */
    normalFallbacks = 0;
    /** GPU pairs whose readback was lost with the context (decided on the CPU instead). */
    lostReadbacks = 0;
    /**
     * Pages whose readback returned without writing the pixels (the canary pixel, which a real
     * readback returns cleared, kept the value set before the read); their pairs were decided on
     * the CPU. See `GpuNarrowPhase.readbackBroken`.
     */
    brokenReadbacks = 0;
    /** 'nextFrame': GPU pairs whose mask was edited between draw and collection (CPU instead). */
    cpuMaskChanged = 0;
    /** 'nextFrame': pages whose fence had not signalled when collected (that read waited). */
    readStalls = 0;
    /** 'nextFrame': answers handed to a pair of this run's list. */
    lateDelivered = 0;
    /**
     * 'nextFrame': answers of pairs that are not in this run's list (no longer candidates), and
     * of them hits (kept for `late()`: a world reports those whose colliders are still in it and
     * enabled).
     */
    lateUnmatched = 0;
    lateUnmatchedHits = 0;
    /** 'nextFrame': hits handed over by `late()` after this run. */
    lateHandedOver = 0;
    /** Totals since creation. */
    totalPages = 0;
    totalUnsureSamples = 0;
    totalUnsureFlips = 0;
    totalLateUnmatchedHits = 0;

    /** @internal */
    begin(pairs: number): void {
        this.pairs = pairs;
        this.pages = this.pagePixels = 0;
        this.unsureSamples = this.unsureFlips = this.normalFallbacks = 0;
        this.lostReadbacks = this.brokenReadbacks = this.cpuMaskChanged = this.readStalls = 0;
        this.lateDelivered = this.lateUnmatched = this.lateUnmatchedHits = this.lateHandedOver = 0;
        this.resetPlan();
    }

    /** @internal */
    resetPlan(): void {
        this.gpuPairs = this.misses = this.cpuShape = this.cpuRule = this.cpuTooLarge = this.cpuPrecision = this.cpuAtlas = this.cpuLost = 0;
    }

    /** @internal */
    end(): void {
        this.totalPages += this.pages;
        this.totalUnsureSamples += this.unsureSamples;
        this.totalUnsureFlips += this.unsureFlips;
        this.totalLateUnmatchedHits += this.lateUnmatchedHits;
    }
}

const S_MISS = 0;
const S_GPU = 1;
const S_CPU = 2;
/** A GPU pair whose answer came from the CPU after all (readback lost, mask edited). */
const S_DONE = 3;

// Bits of a cell's nibble (shader.ts): in A, in B, A unsure, B unsure.
const C_IN_A = 1;
const C_IN_B = 2;
const C_UNSURE_A = 4;
const C_UNSURE_B = 8;

const BOX_A = new Int32Array(4);
const BOX_B = new Int32Array(4);

/**
 * `[k0, l0, width, height]` of the raster `rasterizeMask(mask, t, acc)` makes (whole, unclipped),
 * without rasterizing: the zero-copy view of a unit quarter turn covers the whole mask; the exact
 * rasterizer covers the cells of the opaque bounds' world AABB plus one. Must follow rasterize.ts
 * (the contract tests compare the normals, fallbacks included, with the CPU's).
 */
function rasterBox(mask: BitMask, t: Readonly<Affine2D>, acc: number, out: Int32Array): Int32Array {
    if (isUnitQuarterTurn(t, acc)) {
        const swap = t.a === 0;
        const sx = swap ? Math.sign(t.c) : Math.sign(t.a);
        const sy = swap ? Math.sign(t.b) : Math.sign(t.d);
        const nx = swap ? mask.height : mask.width;
        const ny = swap ? mask.width : mask.height;
        const TX = t.tx * acc, TY = t.ty * acc;
        out[0] = sx > 0 ? 0 - floorHalfMinus(0.5, TX) : floorHalfMinus(-0.5, -TX) - (nx - 1);
        out[1] = sy > 0 ? 0 - floorHalfMinus(0.5, TY) : floorHalfMinus(-0.5, -TY) - (ny - 1);
        out[2] = nx;
        out[3] = ny;
        return out;
    }
    const box = maskCellBox(CELL_BOX, mask.bounds(BOUNDS), t, acc);
    const kmin = box[0], kmax = box[1], lmin = box[2], lmax = box[3];
    const W = kmax - kmin + 1, H = lmax - lmin + 1;
    out[0] = kmin; out[1] = lmin;
    out[2] = W > 0 && H > 0 ? W : 0;
    out[3] = W > 0 && H > 0 ? H : 0;
    return out;
}

const BOUNDS = { x: 0, y: 0, width: 0, height: 0 };
const CELL_BOX = new Float64Array(4);
const F32_UNIT = 2 ** -24;

/**
 * Writes one collider's map (8 floats: u0, uk, ul, epsU, v0, vk, vl, epsV) at `o`: the texel
 * coordinates of the sample of cell (K0 + x, L0 + y) are `u0 + uk*x + ul*y`, `v0 + vk*x + vl*y`.
 *
 * ```
 *   sample (x, y) of the tile  ──inverse of t──▶  local texel space (u right, v down the image)
 *   world (K0 + x + 0.5, L0 + y + 0.5) / acc
 * ```
 *
 * `eps` bounds |float32 result - exact u| for every pixel of the tile: the double error of the
 * coefficients (as `SampleMapper` bounds it) plus the float32 rounding of the coefficients and of
 * the 2 products and 2 sums, at most 5 units of 2^-24 times `S = |u0| + |uk|*w + |ul|*h`, taken
 * 16 times (and the `u ± eps` rounding). False when `eps` exceeds {@link MAX_MAP_EPS}.
 */
function writeMap(f: Float32Array, o: number, t: Readonly<Affine2D>, acc: number, K0: number, L0: number, w: number, h: number): boolean {
    const det = t.a * t.d - t.b * t.c;
    const ia = t.d / det, ib = -t.b / det, ic = -t.c / det, id = t.a / det;
    const s = 1 / acc;
    const x0 = (K0 + 0.5) * s - t.tx, y0 = (L0 + 0.5) * s - t.ty;
    const u0 = ia * x0 + ic * y0, v0 = ib * x0 + id * y0;
    const uk = ia * s, ul = ic * s, vk = ib * s, vl = id * s;
    // Double error (SampleMapper's bound: 64 ulps times the inverse's condition).
    const cond = (Math.abs(t.a * t.d) + Math.abs(t.b * t.c)) / Math.abs(det);
    const rel = 64 * 2.220446049250313e-16 * (cond + 4);
    const span = Math.abs(x0) + Math.abs(y0) + (w + h) * s + Math.abs(t.tx) + Math.abs(t.ty) + 1;
    const eU = rel * Math.max(Math.abs(ia), Math.abs(ic)) * span
        + 16 * F32_UNIT * (Math.abs(u0) + Math.abs(uk) * w + Math.abs(ul) * h + 1);
    const eV = rel * Math.max(Math.abs(ib), Math.abs(id)) * span
        + 16 * F32_UNIT * (Math.abs(v0) + Math.abs(vk) * w + Math.abs(vl) * h + 1);
    if (!(eU <= MAX_MAP_EPS && eV <= MAX_MAP_EPS)) return false;
    // An exact map (see exactMap) needs no error band: the shader's floor is then exact.
    const exact = exactMap(t, s, x0, y0, K0, L0, w, h, u0, uk, ul, v0, vk, vl);
    f[o] = u0; f[o + 1] = uk; f[o + 2] = ul; f[o + 3] = exact ? 0 : eU * 1.001;
    f[o + 4] = v0; f[o + 5] = vk; f[o + 6] = vl; f[o + 7] = exact ? 0 : eV * 1.001;
    return true;
}

/**
 * True when the map is computed without any rounding, in double here and in float32 in the
 * shader, so its `floor` is the exact texel even for samples lying exactly on a texel edge (an
 * unrotated odd-sized sprite at a half-integer position puts every sample on one). Holds for
 * axis-aligned or quarter-turned (exact zeros), flipped, power-of-two-scaled transforms at a
 * power-of-two accuracy whose positions are short binary fractions:
 *
 * - the inverse of a signed permutation scaled by powers of two is exact, and so are products
 *   with powers of two;
 * - `x0 = (K0 + 0.5) * s - tx` is checked exact with Knuth's TwoSum (zero rounding residue);
 * - in float32, every partial sum of `u0 + uk * x + ul * y` is a multiple of `2^-q` (the finest
 *   bit of u0, uk, ul) below `2^(24 - q)`, so representable: nothing rounds.
 */
function exactMap(t: Readonly<Affine2D>, s: number, x0: number, y0: number, K0: number, L0: number, w: number, h: number,
    u0: number, uk: number, ul: number, v0: number, vk: number, vl: number): boolean {
    const axis = t.b === 0 && t.c === 0, swap = t.a === 0 && t.d === 0;
    if (!(axis || swap) || !isPow2(swap ? t.b : t.a) || !isPow2(swap ? t.c : t.d) || !isPow2(s)) return false;
    if (!exactDiff((K0 + 0.5) * s, t.tx, x0) || !exactDiff((L0 + 0.5) * s, t.ty, y0)) return false;
    return f32Exact(u0, uk, ul, w, h) && f32Exact(v0, vk, vl, w, h);
}

function isPow2(x: number): boolean {
    const m = Math.abs(x);
    return m > 1e-30 && m < 1e30 && 2 ** Math.round(Math.log2(m)) === m;
}

/** `x - y` rounded to `r` without error (TwoSum residue 0). */
function exactDiff(x: number, y: number, r: number): boolean {
    const bv = r - x, av = r - bv;
    return (x - av) + (-y - bv) === 0 && Number.isFinite(r);
}

function f32Exact(c0: number, ck: number, cl: number, w: number, h: number): boolean {
    const q = Math.max(fracBits(c0), fracBits(ck), fracBits(cl));
    return q <= 24 && (Math.abs(c0) + Math.abs(ck) * w + Math.abs(cl) * h + 1) * 2 ** q < 2 ** 24;
}

/** Binary digits after the point of `x` (99 when more than 30). */
function fracBits(x: number): number {
    let q = 0;
    while (!Number.isInteger(x)) {
        if (++q > 30) return 99;
        x *= 2;
    }
    return q;
}

function growI32(a: Int32Array, n: number) {
    const g = new Int32Array(n);
    g.set(a.subarray(0, Math.min(a.length, n)));
    return g;
}
