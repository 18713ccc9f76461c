import type { BitMask } from './bitmask';
import { Collider, isGeometric } from './collider';
import { Contact, ContactSource, DETAIL_NORMAL, DETAIL_OVERLAP, DETAIL_SEPARATION } from './contact';
import type { ContactResolver } from './contact';
import { contactNormal, FOUND, masksShareCell, masksShareSample, overlapAny, PAIR_WINDOW_MARGIN, partMasksShare, overlapFull, pairWindow, pairWindowTight, separation, testRasters, windowContains } from './narrow';
import type { NarrowOptions } from './narrow';
import { perCellFits, testMasksPerCell } from './narrow-small';
import { andAny, IntWindow } from './parts';
import type { ColliderPart, PartsState } from './parts';
import type { WorldShape } from './shape';
import { WorldRaster } from './raster';
import { isUnitQuarterTurn, rasterizeMaskChecked } from './rasterize';
import type { CellWindow } from './rasterize';
import { testShapes } from './shape-test';
import type { ShapeTestOptions } from './shape-test';

/**
 * A narrow-phase backend: decides candidate pairs exactly (README.md, "The sampling definition"). The world
 * hands it every candidate pair of a step at once, so a GPU backend can draw them all into one
 * render texture and read back once.
 *
 * Contract (checked for every backend by test/contract): for each pair i, `contacts[i]` gets the
 * same `hit`, `count`, rect and centroid as the CPU reference; the normal is a unit vector from
 * A towards B. A backend whose answers arrive late (GPU readback) returns the frame its answers
 * describe; synchronous backends return `frame`.
 */
export interface NarrowPhase {
    readonly name: string;
    /**
     * Decides pairs `(a[i], b[i])`, `i < count`, sampled at `accuracy[i]`; writes each result into
     * `contacts[i]` (`hit = false` when they do not collide; `separation` asks for separations).
     * Returns the frame the answers describe.
     *
     * `lazy` (optional; the world passes true unless made with `contactDetails: 'eager'`): the
     * backend may decide `hit` alone now and leave a hit's details to be computed when a field is
     * first read (see `Contact.pending`). A backend that ignores it fills everything, as before.
     */
    run(a: readonly Collider<any>[], b: readonly Collider<any>[], count: number, accuracy: Float64Array,
        contacts: Contact[], frame: number, separation: boolean, lazy?: boolean): number;
    /** One pair, now (queries use it). Returns `out.hit`. */
    testPair(a: Collider<any>, b: Collider<any>, accuracy: number, separation: boolean, out: Contact): boolean;
    /**
     * Optional, for backends whose answers arrive late (the GPU narrow phase's `'nextFrame'`
     * readback). Called by the world right after `run`: hands over the hits among the answers of
     * the frame `run` returned whose pair is not in this run's list (its boxes separated since,
     * or a collider was removed or disabled), so a touch that lasted one frame is still reported.
     * Writes pair `i` to `out.a[i]`, `out.b[i]` and its contact into `out.contacts[i]` (copied;
     * the arrays grow, a missing contact is created), `i < ` the returned count. Each answer is
     * handed over once; synchronous backends need not implement it.
     */
    late?(out: LateAnswers): number;
}

/** Where {@link NarrowPhase.late} writes the late answers (the caller's arrays, reused). */
export interface LateAnswers {
    a: Collider<any>[];
    b: Collider<any>[];
    contacts: Contact[];
}

/**
 * The CPU narrow phase. Shape–shape pairs use the shapes' exact per-row sampling (and SAT for the
 * normal and separation); any pair with a mask uses word-parallel rasters, each collider's raster
 * cached until its transform changes.
 *
 * A pair of the same two colliders as in the previous run, neither changed since, gets that run's
 * answer again, with the details read from it since (PairMemo): things at rest cost nothing.
 *
 * Lazy runs (the world's default) decide hits first and compute nothing else: a pair whose two
 * rasters are already made (static colliders, or colliders rasterized for another pair this
 * frame) or are zero-copy views (two unrotated, unscaled sprites) is decided on them
 * (`overlapAny`); two masks whose bounding circles (`BitMask.boundingCircle`, around their opaque
 * texels) do not meet share nothing; other masks without rasters are decided without making any
 * (`masksShareSample`: the pair window, probes, then an exact per-cell scan in the window); a
 * mask against a shape on rasters. A hit's contact is left pending: its count,
 * rect and centroid are computed on the first read of any of them, its normal on the first read
 * of the normal (or the separation).
 *
 * Where a pending contact's details come from:
 *
 * - Two masks, both as they were tested, at least one of which has no whole raster at hand (a
 *   raster cached at its current transform, or a zero-copy view: unrotated, unscaled sprites):
 *   only the pair's window matters, the box where the two masks' octagons meet (`pairWindowTight`:
 *   each mask's opaque bounds cut by two diagonal slabs, under its transform) grown by the 2
 *   cells the normal reads. The pair is decided in it (smaller than the oriented boxes' window,
 *   it also makes the decision cheaper) and the contact keeps it.
 *   - Window of at most `PER_CELL_MAX_CELLS` cells: count, rect, centroid and normal in one
 *     pass cell by cell (`testMasksPerCell`), whichever was read first; no raster at all.
 *   - Larger: a mask without a whole raster at hand is rasterized cut to the union of the
 *     windows of all its pairs of this step (collected when they are decided; one raster serves
 *     them all, made on the first read). It is kept apart from the whole raster
 *     (`Collider._clipped`), so nothing that needs a whole one (`Collider._raster`: queries,
 *     separation, the decision on rasters) ever sees it. A collider unchanged since an earlier
 *     step gets its whole raster instead, made once and kept while it stays.
 * - Anything else (a shape in the pair, a separation asked for, both whole rasters at hand):
 *   the colliders' whole rasters (made then, once per collider and transform).
 * - A collider changed since the test: rebuilt from the shapes and transforms the contact kept.
 *
 * Every path gives the same fields, bit for bit: a raster cut to a window is right inside it, the
 * window holds every shared sample and the cells the normal reads around them, and the
 * zero-gradient normal uses each raster's uncut box (see `CellWindow`, `WorldRaster.boxK2`).
 *
 * Measured (node, 1,000 moving and rotating 48x48 blob sprites, ~240 touching pairs, listener
 * reading count and normal): the details cost 3.7 ms a step with whole rasters, 2.8 ms this way
 * (docs/engine-performance.md has the real engine's numbers).
 */
export class CpuNarrowPhase implements NarrowPhase, ContactResolver {
    readonly name = 'cpu';
    private _probeA: Collider<any> | null = null;
    private _probeB: Collider<any> | null = null;
    /** Runs so far (tells a collider unchanged since an earlier step from one moved in this one). */
    private _run = 0;
    /**
     * Whether this run collects each collider's union of pair windows (for cut rasters): only
     * when some contact's details were read since the previous run (`_readSince`). A game that
     * reads none pays nothing for it; one that starts reading gets cut rasters from the next step
     * (before that, a pair's own window).
     */
    private _collect = true;
    private _readSince = true;
    /** The pool of cut rasters' buffers (see CutSlot), where the next claim looks first, and how many slots this run uses. */
    private readonly _cuts: CutSlot[] = [];
    private _cutNext = 0;
    private _cutsRun = -1;
    private _cutsUsed = 0;
    /** The previous run's pairs and answers (see PairMemo). */
    private readonly _memo = new PairMemo();
    /**
     * The pair's witness `[has, k, l]`: in, a cell the two shared in the previous step; out, a
     * cell they share now (`has` 0: none known).
     */
    private readonly _wit = new Float64Array(3);

    run(a: readonly Collider<any>[], b: readonly Collider<any>[], count: number, accuracy: Float64Array,
        contacts: Contact[], frame: number, separation: boolean, lazy = false): number {
        this._run++;
        this._collect = this._readSince;
        this._readSince = false;
        const memo = this._memo;
        // (Only right after the run it recorded: a backend that answered the steps between, the GPU
        // narrow phase, may have written into the contacts it kept.)
        const reuse = DETAIL_PATHS.memo && memo.frame === frame - 1 && memo.separation === separation && memo.lazy === lazy;
        const wit = this._wit;
        memo.begin(count);
        let j = 0;
        for (let i = 0; i < count; i++) {
            const c = contacts[i];
            const ai = a[i], bi = b[i], acc = accuracy[i];
            let kept = false;
            wit[0] = 0;
            if (reuse) {
                j = memo.seek(j, ai.id, bi.id);
                if (memo.pair(j, ai, bi)) {
                    // The cell the two shared in the previous step, if they did (see _decide).
                    if (DETAIL_PATHS.witness) memo.witness(j, wit);
                    // Neither changed since (same transforms, shapes and accuracy: see PairMemo):
                    // that run's answer, as it was.
                    kept = memo.unchanged(j, ai, bi, acc);
                }
            }
            if (kept) memo.answer(j, c);
            else if (lazy) this._decide(ai, bi, acc, separation, c);
            else { this.testPair(ai, bi, acc, separation, c); wit[0] = 0; }
            memo.setWitness(i, wit);
            c.frame = frame;
        }
        memo.record(a, b, count, accuracy, contacts, frame, separation, lazy);
        return frame;
    }

    testPair(a: Collider<any>, b: Collider<any>, accuracy: number, separation: boolean, out: Contact): boolean {
        if (isGeometric(a.shape) && isGeometric(b.shape)) {
            const o = separation ? SHAPE_SEP : SHAPE_CONTACT;
            o.accuracy = accuracy;
            testShapes(a._shape(), b._shape(), o, out);
            return out.hit;
        }
        const o = separation ? MASK_SEP : MASK_CONTACT;
        return testRasters(a._raster(accuracy), b._raster(accuracy), o, out);
    }

    /** The lazy decision of one pair (see the class notes). */
    private _decide(a: Collider<any>, b: Collider<any>, accuracy: number, separation: boolean, out: Contact): void {
        const sa = a.shape, sb = b.shape;
        if (isGeometric(sa) && isGeometric(sb)) {
            // Shape pairs are cheap (per-row sampling and SAT): computed in full now.
            this.testPair(a, b, accuracy, separation, out);
            return;
        }
        out.reset();
        out.accuracy = accuracy;
        let hit: boolean;
        let windowed = false;
        const wit = this._wit;
        const known = wit[0];
        wit[0] = 0;
        if (sa.kind === 'mask' && sb.kind === 'mask') {
            // Circles around the two masks' opaque texels that do not meet: no shared sample.
            a._updateBounds();
            b._updateBounds();
            const ca = a._box, cb = b._box; // circles: [.., .., .., .., cx, cy, r]
            const dx = cb[4] - ca[4], dy = cb[5] - ca[5], rr = ca[6] + cb[6];
            if (dx * dx + dy * dy > rr * rr) return;
        }
        // Rasters already made, a shape, or two unit quarter turns (unrotated, unscaled sprites:
        // their rasters are zero-copy views of the masks): decided on rasters.
        if (DETAIL_PATHS.parts && ((sa.kind === 'parts' && sa.parts.length >= DETAIL_PATHS.partsMin) || (sb.kind === 'parts' && sb.parts.length >= DETAIL_PATHS.partsMin))
            && !(a._hasRaster(accuracy) && b._hasRaster(accuracy))) {
            // A collider of many parts (a skeleton: dozens of textured triangles) is decided in
            // the pair's window, part by part (see partsShareSample). One of a few parts (a
            // sliced or filled sprite) is rasterized whole: once per stamp, shared by its pairs
            // and queries, and zero-copy where its pieces are unrotated and unscaled.
            hit = partsShareSample(a, b, accuracy, wit, known === 1 && DETAIL_PATHS.witness);
        } else if ((a._hasRaster(accuracy) && b._hasRaster(accuracy)) || sa.kind !== 'mask' || sb.kind !== 'mask'
            || (isUnitQuarterTurn(a._t, accuracy) && isUnitQuarterTurn(b._t, accuracy))) {
            hit = overlapAny(a._raster(accuracy), b._raster(accuracy), 0, 0);
        } else if ((DETAIL_PATHS.lens && lensCellShared(a, b, sa.mask, sb.mask, accuracy))
            || (known === 1 && masksShareCell(sa.mask, a._t, sb.mask, b._t, accuracy, wit[1], wit[2]))) {
            // (Both masks: their bounds are up to date since the circle test.)
            // A shared sample at the middle of the circles' lens decides the pair with no window,
            // probe or scan. When no details were read since the last step, none is collected
            // now, and the details (if they are read) find their window when they are computed;
            // else the pair's window is made now, as the scan below would have made it.
            // Or the cell they shared in the previous step, still shared (the lens's cell finds
            // most; concave and holed shapes often touch away from it).
            hit = true;
            wit[0] = 1; wit[1] = FOUND[0]; wit[2] = FOUND[1];
            if (this._collect && DETAIL_PATHS.tight && !(wholeAtHand(a, accuracy) && wholeAtHand(b, accuracy))) {
                const w = pairWindowTight(sa.mask, a._t, sb.mask, b._t, accuracy);
                if (w !== null) {
                    WIN.k0 = w.k0; WIN.l0 = w.l0; WIN.k1 = w.k1; WIN.l1 = w.l1;
                    windowed = true;
                }
            }
        } else {
            // Where the details will need cells is decided on the tighter window (octagons): its
            // probes and scan also cost less than the boxes' window saves in them.
            windowed = DETAIL_PATHS.tight && !(wholeAtHand(a, accuracy) && wholeAtHand(b, accuracy));
            hit = masksShareSample(sa.mask, a._t, sb.mask, b._t, accuracy, WIN, windowed);
            if (hit) { wit[0] = 1; wit[1] = FOUND[0]; wit[2] = FOUND[1]; }
        }
        if (!hit) return;
        out.hit = true;
        out._need = DETAIL_OVERLAP | DETAIL_NORMAL | (separation ? DETAIL_SEPARATION : 0);
        const src = out._src ??= new ContactSource();
        src.set(this, a, b, accuracy);
        if (windowed) {
            // The pair's window for its details, and where they will need each collider's cells
            // if they need rasters (see the class notes).
            // (masksShareSample wrote the window into WIN: a hit has one.)
            src.winK0 = WIN.k0; src.winL0 = WIN.l0; src.winK1 = WIN.k1; src.winL1 = WIN.l1;
            src.hasWin = true;
            if (DETAIL_PATHS.clip && this._collect && !perCellFits(WIN, true)) {
                this._want(a, accuracy);
                this._want(b, accuracy);
            }
        }
    }

    /**
     * Collider `c`'s raster right at least in the pair window WIN: its cut raster when that
     * covers WIN, else made anew for the union of its pair windows of this stamp (or WIN alone),
     * or its whole raster when it has not moved since an earlier step.
     */
    private _clippedRaster(c: Collider<any>, mask: BitMask, acc: number): WorldRaster {
        const d = c._clipped ??= new ClippedRaster();
        const held = d.slot !== null && d.slot.owner === d ? d.slot : null;
        if (held !== null && d.stamp === c._stamp && d.acc === acc && windowContains(d.win, WIN)) {
            this._use(held);
            return held.raster;
        }
        let w: CellWindow = WIN;
        if (d.wantStamp === c._stamp && d.wantAcc === acc) {
            if (d.still) return c._raster(acc);
            grow(d.want, WIN);
            w = d.want;
        }
        const slot = held ?? this._claim(d);
        this._use(slot);
        d.stamp = -1; // stays invalid if rasterizing throws
        // Any cut raster lies in the whole raster's cells: the world box of the opaque bounds
        // (whose half-diagonal is at most sqrt(2) times the bounding circle's radius, fresh since
        // the decision) plus a cell each side. Reserved at once, so the buffers do not grow in
        // steps as the slot serves other windows and colliders (each growth: four typed arrays).
        const side = Math.ceil(2 * Math.SQRT2 * c._box[6] * acc) + 4; // (_box[6]: the circle's radius)
        if (side > 0 && side < 4096) slot.raster.reserve(((side + 31) >>> 5) * side, side);
        rasterizeMaskChecked(mask, c._t, acc, slot.raster, w);
        const o = d.win;
        o.k0 = w.k0; o.l0 = w.l0; o.k1 = w.k1; o.l1 = w.l1;
        d.stamp = c._stamp;
        d.acc = acc;
        return slot.raster;
    }

    /** Marks `slot` as used in this run (no other collider gets it before the next run). */
    private _use(slot: CutSlot): void {
        if (slot.run === this._run) return;
        if (this._cutsRun !== this._run) { this._cutsRun = this._run; this._cutsUsed = 0; }
        slot.run = this._run;
        this._cutsUsed++;
    }

    /** A slot for `d`: one no collider used in this run, or a new one when every slot is in use. */
    private _claim(d: ClippedRaster): CutSlot {
        const pool = this._cuts;
        let slot: CutSlot | null = null;
        if (this._cutsRun !== this._run || this._cutsUsed < pool.length) {
            for (let n = 0; n < pool.length && slot === null; n++) {
                const s = pool[this._cutNext];
                this._cutNext = this._cutNext + 1 === pool.length ? 0 : this._cutNext + 1;
                if (s.run !== this._run) slot = s;
            }
        }
        if (slot === null) {
            slot = new CutSlot();
            pool.push(slot);
        }
        slot.owner = d;
        d.slot = slot;
        return slot;
    }

    /** Adds the pair window in WIN to the cells collider `c` must have right in its clipped raster. */
    private _want(c: Collider<any>, accuracy: number): void {
        const d = c._clipped ??= new ClippedRaster();
        const w = d.want;
        if (d.wantStamp !== c._stamp || d.wantAcc !== accuracy) {
            d.wantStamp = c._stamp;
            d.wantAcc = accuracy;
            d.wantRun = this._run;
            d.still = false;
            w.k0 = WIN.k0; w.l0 = WIN.l0; w.k1 = WIN.k1; w.l1 = WIN.l1;
            return;
        }
        // Unchanged since an earlier step: its whole raster, made once, serves every later step.
        if (d.wantRun !== this._run) d.still = true;
        d.wantRun = this._run;
        grow(w, WIN);
    }

    /** @internal Fills a pending contact's groups `todo` (see Contact). */
    resolveContact(c: Contact, src: ContactSource, todo: number): void {
        this._readSince = true;
        if ((todo & DETAIL_SEPARATION) === 0 && this._resolveInWindow(c, src, todo)) return;
        const ra = this._rasterOf(src, 0), rb = this._rasterOf(src, 1);
        if (todo & DETAIL_OVERLAP) overlapFull(ra, rb, c);
        if (todo & DETAIL_NORMAL) contactNormal(ra, rb, c);
        if (todo & DETAIL_SEPARATION) separation(ra, rb, c);
    }

    /**
     * The details of two mask colliders as they were tested, within their pair window (see the
     * class notes); false when the whole rasters answer instead (the caller then does).
     */
    private _resolveInWindow(c: Contact, src: ContactSource, todo: number): boolean {
        const a = src.a as Collider<any>, b = src.b as Collider<any>;
        const sa = a.shape, sb = b.shape;
        if (DETAIL_PATHS.partsWindow && (sa.kind === 'parts' || sb.kind === 'parts') && a._stamp === src.stampA && b._stamp === src.stampB
            && sa === src.shapeA && sb === src.shapeB) {
            return partsDetailsInWindow(c, a, b, src.accuracy, todo);
        }
        if (sa.kind !== 'mask' || sb.kind !== 'mask' || a._stamp !== src.stampA || b._stamp !== src.stampB
            || sa !== src.shapeA || sb !== src.shapeB) return false;
        const acc = src.accuracy;
        const ta = a._t, tb = b._t;
        // A side whose whole raster is at hand (cached, or a zero-copy view) costs nothing to use.
        const wholeA = wholeAtHand(a, acc), wholeB = wholeAtHand(b, acc);
        if (wholeA && wholeB) return false;
        if (src.hasWin) {
            WIN.k0 = src.winK0; WIN.l0 = src.winL0; WIN.k1 = src.winK1; WIN.l1 = src.winL1;
        } else {
            const w = DETAIL_PATHS.tight ? pairWindowTight(sa.mask, ta, sb.mask, tb, acc) : pairWindow(sa.mask, ta, sb.mask, tb, acc);
            if (w === null) return false; // (not for a hit: the rasters answer, as before)
            WIN.k0 = w.k0; WIN.l0 = w.l0; WIN.k1 = w.k1; WIN.l1 = w.l1;
        }
        if (DETAIL_PATHS.perCell && perCellFits(WIN, true)) {
            PER_CELL.accuracy = acc;
            if (testMasksPerCell(sa.mask, ta, sb.mask, tb, PER_CELL, WIN, SCRATCH) > 0) {
                // Count, rect, centroid and normal in one pass: both groups are done.
                const o = SCRATCH;
                c._count = o._count;
                c._minX = o._minX; c._minY = o._minY; c._maxX = o._maxX; c._maxY = o._maxY;
                c._centroidX = o._centroidX; c._centroidY = o._centroidY;
                c._normalX = o._normalX; c._normalY = o._normalY;
                c._need &= ~(DETAIL_OVERLAP | DETAIL_NORMAL);
                return true;
            }
            // (-1: a raster the rasterizer refuses; the raster path reports it.)
        }
        if (!DETAIL_PATHS.clip) return false;
        const ra = wholeA ? a._raster(acc) : this._clippedRaster(a, sa.mask, acc);
        const rb = wholeB ? b._raster(acc) : this._clippedRaster(b, sb.mask, acc);
        if (todo & DETAIL_OVERLAP) overlapFull(ra, rb, c);
        if (todo & DETAIL_NORMAL) contactNormal(ra, rb, c);
        return true;
    }

    /**
     * The raster of side `side` of a pending contact's pair: the collider's own (cached) when it
     * is as it was tested, else a probe collider rebuilt from the kept shape and transform.
     */
    private _rasterOf(src: ContactSource, side: number): WorldRaster {
        const c = (side === 0 ? src.a : src.b) as Collider<any>;
        const stamp = side === 0 ? src.stampA : src.stampB;
        const shape = side === 0 ? src.shapeA : src.shapeB;
        if (c._stamp === stamp && c.shape === shape) return c._raster(src.accuracy);
        let p = side === 0 ? this._probeA : this._probeB;
        if (p === null || p.shape !== shape) {
            p = new Collider<any>({ shape: shape!, transform: side === 0 ? src.tA : src.tB });
            if (side === 0) this._probeA = p; else this._probeB = p;
        } else {
            p._setTransformSnapshot(side === 0 ? src.tA : src.tB);
        }
        return p._raster(src.accuracy);
    }
}

const SHAPE_CONTACT: ShapeTestOptions = { accuracy: 1, contact: true, separation: false };
const SHAPE_SEP: ShapeTestOptions = { accuracy: 1, contact: true, separation: true };
const MASK_CONTACT: NarrowOptions = { contact: true, separation: false };
const MASK_SEP: NarrowOptions = { contact: true, separation: true };

/**
 * @internal The pairs of the previous {@link CpuNarrowPhase.run} and their answers, in the order
 * they came (the world hands pairs sorted by ids). A pair of the same two colliders, neither
 * changed since (a collider's stamp moves with every change of its transform or shape, and its
 * caches rely on the same), at the same accuracy, has the same answer: a miss stays a miss, and
 * a hit gets a copy of the contact that run wrote, with whatever details were read from it since
 * (or the same pending details, resolved from the same inputs). That contact object is safe to
 * copy from: the world keeps a hit's contact untouched in its pair lists until the step after
 * the next, when the runs are of consecutive frames (a check of its frame stands guard all the
 * same; a contact is the world's, and a listener copies it rather than changing it). After a
 * gap (the GPU narrow phase answered the frames between, and may have written into those
 * contacts) nothing is reused. Colliders at rest, sprites lying on
 * the ground or on each other, cost nothing after their first step together.
 */
export class PairMemo {
    private _a: (Collider<any> | null)[] = [];
    private _b: (Collider<any> | null)[] = [];
    /** Their ids when recorded (in the world's order: what {@link seek} walks). */
    private _ia = new Int32Array(64);
    private _ib = new Int32Array(64);
    private _sa = new Float64Array(64);
    private _sb = new Float64Array(64);
    private _acc = new Float64Array(64);
    /** The contact written for a hit (null for a miss), of frame {@link frame}. */
    private _c: (Contact | null)[] = [];
    private _n = 0;
    /**
     * Per entry, a cell its two colliders shared (`_wh` 1) at `(_wk, _wl)`: exact to try first
     * in the next step, whatever changed. `_n*`: this run's, being written.
     */
    private _wh = new Uint8Array(64);
    private _wk = new Float64Array(64);
    private _wl = new Float64Array(64);
    private _nh = new Uint8Array(64);
    private _nk = new Float64Array(64);
    private _nl = new Float64Array(64);
    /** The frame of the run recorded (only the next frame's run reuses it). */
    frame = -Infinity;
    separation = false;
    lazy = false;

    /** The first entry at or after `j` whose ids are not below `(ia, ib)` (entries are in id order when the world gave them so). */
    seek(j: number, ia: number, ib: number): number {
        const n = this._n, A = this._ia, B = this._ib;
        while (j < n) {
            const x = A[j];
            if (x < ia || (x === ia && B[j] < ib)) j++;
            else break;
        }
        return j;
    }

    /**
     * Whether the pair `(a, b)` of entry `j` ({@link pair}) is unchanged since, at accuracy `acc`,
     * and (a hit) its contact still holds what that run wrote: a hit of that run's frame (a
     * contact rewritten in this run has this run's frame).
     */
    unchanged(j: number, a: Collider<any>, b: Collider<any>, acc: number): boolean {
        if (a._stamp !== this._sa[j] || b._stamp !== this._sb[j] || acc !== this._acc[j]) return false;
        const c = this._c[j];
        return c === null || (c.hit && c.frame === this.frame);
    }

    /** Writes entry `j`'s answer into `out` (its frame is the caller's to set). */
    answer(j: number, out: Contact): void {
        const c = this._c[j];
        if (c === null) {
            const acc = this._acc[j];
            out.reset();
            out.accuracy = acc;
        } else {
            out.copyFrom(c);
        }
    }

    /** Whether entry `j` is the pair `(a, b)` (changed or not). */
    pair(j: number, a: Collider<any>, b: Collider<any>): boolean {
        return j < this._n && this._a[j] === a && this._b[j] === b;
    }

    /** Entry `j`'s witness into `out` (`[has, k, l]`). */
    witness(j: number, out: Float64Array): void {
        out[0] = this._wh[j]; out[1] = this._wk[j]; out[2] = this._wl[j];
    }

    /** Makes room for the witnesses of a run of `count` pairs. */
    begin(count: number): void {
        if (this._nh.length >= count) return;
        const m = 2 * count;
        this._nh = new Uint8Array(m); this._nk = new Float64Array(m); this._nl = new Float64Array(m);
    }

    /** This run's witness of pair `i` (`w`: `[has, k, l]`). */
    setWitness(i: number, w: Float64Array): void {
        this._nh[i] = w[0]; this._nk[i] = w[1]; this._nl[i] = w[2];
    }

    /** Keeps this run's pairs and answers (after their frames are set). */
    record(a: readonly Collider<any>[], b: readonly Collider<any>[], count: number, accuracy: Float64Array, contacts: Contact[], frame: number, separation: boolean, lazy: boolean): void {
        if (this._sa.length < count) {
            const m = count * 2;
            this._sa = new Float64Array(m); this._sb = new Float64Array(m); this._acc = new Float64Array(m);
            this._ia = new Int32Array(m); this._ib = new Int32Array(m);
        }
        const A = this._a, B = this._b, C = this._c, IA = this._ia, IB = this._ib;
        for (let i = 0; i < count; i++) {
            const x = a[i], y = b[i], c = contacts[i];
            A[i] = x; B[i] = y; IA[i] = x.id; IB[i] = y.id;
            this._sa[i] = x._stamp; this._sb[i] = y._stamp; this._acc[i] = accuracy[i];
            C[i] = c.hit ? c : null;
        }
        // Drop references past this run's pairs (removed colliders can be collected).
        for (let i = count; i < this._n; i++) { A[i] = null; B[i] = null; C[i] = null; }
        this._n = count;
        this.frame = frame;
        this.separation = separation;
        this.lazy = lazy;
        // This run's witnesses become the previous run's.
        const h = this._wh, k = this._wk, l = this._wl;
        this._wh = this._nh; this._wk = this._nk; this._wl = this._nl;
        this._nh = h; this._nk = k; this._nl = l;
    }
}

/**
 * @internal A mask collider's raster cut to where its pairs need cells, for contact details only
 * (`Collider._clipped`): nothing that needs a whole raster (`Collider._raster`, queries,
 * separation, the decision on rasters) ever sees it. Its buffers are a slot of the narrow
 * phase's pool ({@link CutSlot}), held until a later run gives the slot to another collider.
 */
export class ClippedRaster {
    /** The union of the pair windows of the collider's pairs at stamp `wantStamp`, accuracy `wantAcc`. */
    readonly want: CellWindow = { k0: 0, l0: 0, k1: -1, l1: -1 };
    wantStamp = -1;
    wantAcc = 0;
    /** The narrow-phase run that last grew `want` (the pair windows it adds up). */
    wantRun = -1;
    /** The collider kept stamp `wantStamp` over more than one run: its whole raster serves. */
    still = false;
    /** The pool slot that holds (or last held) its raster. */
    slot: CutSlot | null = null;
    /** Its raster is right at least in `win`, for stamp `stamp` and accuracy `acc`, while it holds its slot. */
    readonly win: CellWindow = { k0: 0, l0: 0, k1: -1, l1: -1 };
    stamp = -1;
    acc = 0;

    /** Its raster, or null when its slot went to another collider. */
    get raster(): WorldRaster | null {
        return this.slot !== null && this.slot.owner === this ? this.slot.raster : null;
    }
}

/**
 * @internal One raster's buffers in the narrow phase's pool of cut rasters. A run hands out only
 * slots no collider used in that run; so the pool grows to the most cut rasters one step needs
 * (not one per collider that ever needed one), once, and the buffers are reused step after step.
 */
export class CutSlot {
    readonly raster = new WorldRaster();
    owner: ClippedRaster | null = null;
    /** The narrow-phase run that last used it. */
    run = -1;
}

/**
 * @internal Switches for tests and benchmarks (the answers must not change): `perCell` off, the
 * pending details of rotated sprites never go cell by cell; `clip` off, their rasters are whole;
 * `tight` off, pairs are decided on the boxes' window and no window is kept for the details;
 * `memo` off, every pair is decided anew in every run (see PairMemo);
 * `lens` off, no pair is decided by its lens's middle cell alone; `parts` off, a pair with a parts
 * collider is decided on both whole rasters (as it is when neither side has `partsMin` parts).
 */
export const DETAIL_PATHS = { perCell: true, clip: true, tight: true, lens: true, parts: true, partsMin: 12, memo: true, witness: true, partPairs: true, partsWindow: true };

/**
 * Whether two colliders, one or both of kind `'parts'`, share a sample (exact), without a whole
 * raster of a parts side: only the window where their boxes meet can hold a shared sample. One
 * side (a whole raster at hand if either has one, else the side that is not parts, else B) is
 * made right in the window: a raster at hand as it is, a mask rasterized cut to the window, a
 * shape whole, parts as the union of those whose bounds meet it; the other side's parts that
 * meet the window are then taken one by one, and the first sample they share with it ends the
 * test (a mask or shape on that side: its raster cut to the window, tested once). A part's
 * raster covers its own cells and is made once per stamp, for all the collider's pairs. A
 * skeleton touches another collider at its edge: most of its parts lie outside the window (and
 * cost nothing there). Two colliders of masks and parts (no shape) are decided part by part
 * instead ({@link partPairsShare}: `wit` is the narrow phase's witness, `known` whether its cell
 * is the last step's).
 */
function partsShareSample(a: Collider<any>, b: Collider<any>, acc: number, wit: Float64Array, known: boolean): boolean {
    a._updateBounds();
    b._updateBounds();
    if (!a._solid || !b._solid) return false;
    // (The boxes hold every sample; a cell of margin for rounding.)
    const w = PARTS_WIN;
    const at = overlapWindow(a, b, acc, 1, w);
    if (at === NO_OVERLAP) return false;
    if (at === FAR_OUT) return overlapAny(a._raster(acc), b._raster(acc), 0, 0);
    if (DETAIL_PATHS.partPairs && !isGeometric(a.shape) && !isGeometric(b.shape)) return partPairsShare(a, b, acc, w, wit, known);
    // The base side, made right in the window, and the side walked against it.
    let base = b, walk = a;
    if (wholeAtHand(a, acc) || (a.shape.kind !== 'parts' && b.shape.kind === 'parts' && !wholeAtHand(b, acc))) { base = a; walk = b; }
    const rb = inWindow(base, acc, w, PARTS_BASE);
    if (rb.width === 0 || rb.height === 0) return false;
    const sw = walk.shape;
    if (sw.kind === 'parts') {
        return walk._parts(sw.parts).meetsInWindow(sw.parts, acc, rb, w);
    }
    return andAny(rb, inWindow(walk, acc, w, PARTS_WALK), null);
}

/**
 * {@link partsShareSample} part by part, with no raster (two colliders of kind `'parts'` or
 * `'mask'`, a mask being one part under the collider's transform): first the cell the two
 * shared in the previous step (`known`: in `wit[1..2]`), tested in both unions;
 * then every pair of a part of A and a part of B whose bounds meet, both within the colliders'
 * overlap `OVERLAP`, by {@link partMasksShare} (a separating axis, the parts' pair window, probes,
 * then an exact scan of the cells both can hold), until the first shared sample. A skeleton
 * touches its neighbour with a few parts: the pairs of those parts are all that is tested, and a
 * pair that touched in the last step mostly ends at its witness cell. On a hit, `wit` gets the
 * cell found (`[1, k, l]`); else it is left as it was.
 */
function partPairsShare(a: Collider<any>, b: Collider<any>, acc: number, w: Readonly<CellWindow>, wit: Float64Array, known: boolean): boolean {
    if (known) {
        const k = wit[1] | 0, l = wit[2] | 0; // (small integers: a double argument would be boxed)
        if (k >= w.k0 && k <= w.k1 && l >= w.l0 && l <= w.l1 && a._hasSampleInCell(k, l, acc) && b._hasSampleInCell(k, l, acc)) {
            wit[0] = 1;
            return true;
        }
    }
    const sa = a.shape, sb = b.shape;
    const e = 1 / acc;
    let psa: PartsState | null = null, psb: PartsState | null = null;
    let na = 1, nb = 1;
    if (sa.kind === 'parts') {
        psa = a._parts(sa.parts);
        LIST_A = room(LIST_A, sa.parts.length);
        na = psa.partsMeeting(sa.parts.length, OVERLAP, e, LIST_A);
    }
    if (sb.kind === 'parts') {
        psb = b._parts(sb.parts);
        LIST_B = room(LIST_B, sb.parts.length);
        nb = psb.partsMeeting(sb.parts.length, OVERLAP, e, LIST_B);
    }
    if (na === 0 || nb === 0) return false;
    const BA = psa !== null ? psa.partBounds() : a._box, BB = psb !== null ? psb.partBounds() : b._box;
    for (let x = 0; x < na; x++) {
        const i = psa !== null ? LIST_A[x] : 0;
        const ax0 = BA[4 * i] - e, ay0 = BA[4 * i + 1] - e, ax1 = BA[4 * i + 2] + e, ay1 = BA[4 * i + 3] + e;
        const ma = psa !== null ? (sa as { parts: readonly ColliderPart[] }).parts[i].mask : (sa as { mask: BitMask }).mask;
        const ta = psa !== null ? psa.worldMap(i) : a._t;
        const ca: Readonly<WorldShape> | null = psa !== null ? psa.worldClip(i) : null;
        for (let y = 0; y < nb; y++) {
            const j = psb !== null ? LIST_B[y] : 0;
            if (BB[4 * j] > ax1 || BB[4 * j + 2] < ax0 || BB[4 * j + 1] > ay1 || BB[4 * j + 3] < ay0) continue;
            const mb = psb !== null ? (sb as { parts: readonly ColliderPart[] }).parts[j].mask : (sb as { mask: BitMask }).mask;
            const tb = psb !== null ? psb.worldMap(j) : b._t;
            const cb: Readonly<WorldShape> | null = psb !== null ? psb.worldClip(j) : null;
            if (partMasksShare(ma, ta, ca, mb, tb, cb, acc, w)) {
                wit[0] = 1; wit[1] = FOUND[0]; wit[2] = FOUND[1];
                return true;
            }
        }
    }
    return false;
}

function room(list: Int32Array, n: number): Int32Array {
    return list.length >= n ? list : new Int32Array(Math.max(n, 2 * list.length));
}

let LIST_A: Int32Array = new Int32Array(64);
let LIST_B: Int32Array = new Int32Array(64);

/**
 * The cells of the two colliders' boxes' overlap, grown by `margin` cells, into `w` (small
 * integers: see IntWindow), and the overlap itself into `OVERLAP`; bounds brought up to date.
 * {@link NO_OVERLAP}: the boxes do not meet; {@link FAR_OUT}: cells beyond small integers.
 */
function overlapWindow(a: Collider<any>, b: Collider<any>, acc: number, margin: number, w: CellWindow): number {
    a._updateBounds();
    b._updateBounds();
    const ba = a._box, bb = b._box;
    const x0 = ba[0] > bb[0] ? ba[0] : bb[0], y0 = ba[1] > bb[1] ? ba[1] : bb[1];
    const x1 = ba[2] < bb[2] ? ba[2] : bb[2], y1 = ba[3] < bb[3] ? ba[3] : bb[3];
    if (!(x0 <= x1 && y0 <= y1)) return NO_OVERLAP;
    const k0 = Math.floor(x0 * acc) - margin, l0 = Math.floor(y0 * acc) - margin;
    const k1 = Math.floor(x1 * acc) + margin, l1 = Math.floor(y1 * acc) + margin;
    if (!(k0 > -0x3fffffff && l0 > -0x3fffffff && k1 < 0x3fffffff && l1 < 0x3fffffff)) return FAR_OUT;
    w.k0 = k0 | 0; w.l0 = l0 | 0; w.k1 = k1 | 0; w.l1 = l1 | 0;
    OVERLAP[0] = x0; OVERLAP[1] = y0; OVERLAP[2] = x1; OVERLAP[3] = y1;
    return 0;
}

const NO_OVERLAP = 1;
const FAR_OUT = 2;
/** The two colliders' overlap box of the pair last given to {@link overlapWindow}. */
const OVERLAP = new Float64Array(4);

/**
 * The count, rect, centroid and normal of a pair with a parts side (as tested: transforms and
 * shapes unchanged), from rasters right only where they can matter: the two boxes' overlap
 * (every shared sample lies in it) grown by the normal's reach ({@link PAIR_WINDOW_MARGIN}
 * cells: it reads A one cell and B two cells around the overlap). A parts side is the union of
 * its parts that meet the window (each part's raster made once per stamp, shared by its
 * pairs), a mask is cut to the window; a raster at hand or a shape is used whole. The same
 * details as the whole rasters give, for the cost of the few parts where two characters meet.
 * False when the boxes are too far out for a window (the whole rasters answer).
 */
function partsDetailsInWindow(c: Contact, a: Collider<any>, b: Collider<any>, acc: number, todo: number): boolean {
    const w = DET_WIN;
    if (overlapWindow(a, b, acc, 1 + PAIR_WINDOW_MARGIN, w) !== 0) return false;
    const ra = inWindow(a, acc, w, DET_A), rb = inWindow(b, acc, w, DET_B);
    // Both groups from the one pair of rasters (the normal needs the overlap's rect), whichever
    // was asked: a listener that reads the count and then the normal makes them once.
    if ((todo | c._need) & DETAIL_NORMAL) {
        if (todo & DETAIL_OVERLAP || c._need & DETAIL_OVERLAP) overlapFull(ra, rb, c);
        contactNormal(ra, rb, c);
        c._need &= ~(DETAIL_OVERLAP | DETAIL_NORMAL);
    } else if (todo & DETAIL_OVERLAP) {
        overlapFull(ra, rb, c);
    }
    return true;
}

const DET_WIN = new IntWindow();
const DET_A = new WorldRaster();
const DET_B = new WorldRaster();

/** Collider `c` right at least in window `w`: its whole raster when at hand or a shape, else made cut to `w` in `scratch`. */
function inWindow(c: Collider<any>, acc: number, w: Readonly<CellWindow>, scratch: WorldRaster): WorldRaster {
    const s = c.shape;
    if (wholeAtHand(c, acc) || isGeometric(s)) return c._raster(acc);
    if (s.kind === 'parts') return c._parts(s.parts).rasterizeWindow(s.parts, acc, scratch, w);
    return rasterizeMaskChecked((s as { mask: BitMask }).mask, c._t, acc, scratch, w);
}

const PARTS_WIN = new IntWindow();
const PARTS_BASE = new WorldRaster();
const PARTS_WALK = new WorldRaster();

/**
 * Whether collider `c`'s whole raster at `acc` costs nothing to use: cached, or a mask's
 * zero-copy view (an unrotated, unscaled parts collider still has all its parts to rasterize).
 */
function wholeAtHand(c: Collider<any>, acc: number): boolean {
    return c._hasRaster(acc) || (c.shape.kind === 'mask' && isUnitQuarterTurn(c._t, acc));
}

/**
 * Whether the cell in the middle of the lens of two masks' bounding circles (on the line of their
 * centres: where two touching sprites most likely overlap) is a sample of both (exact). Bounds
 * (and circles) must be up to date.
 */
function lensCellShared(a: Collider<any>, b: Collider<any>, ma: BitMask, mb: BitMask, acc: number): boolean {
    const ca = a._box, cb = b._box; // circles: [.., .., .., .., cx, cy, r]
    const dx = cb[4] - ca[4], dy = cb[5] - ca[5];
    const d = Math.sqrt(dx * dx + dy * dy);
    const f = d > 0 ? (ca[6] + d - cb[6]) / (2 * d) : 0;
    const k = Math.floor((ca[4] + dx * f) * acc), l = Math.floor((ca[5] + dy * f) * acc);
    // (NaN or far out: no answer here; the window decides.)
    if (!(Math.abs(k) < 0x40000000 && Math.abs(l) < 0x40000000)) return false;
    return masksShareCell(ma, a._t, mb, b._t, acc, k, l);
}

/** Grows `w` to contain `by`. */
function grow(w: CellWindow, by: Readonly<CellWindow>): void {
    if (by.k0 < w.k0) w.k0 = by.k0;
    if (by.l0 < w.l0) w.l0 = by.l0;
    if (by.k1 > w.k1) w.k1 = by.k1;
    if (by.l1 > w.l1) w.l1 = by.l1;
}

/** The pair window of the pair being decided or resolved (copied: pairWindow reuses its answer). */
const WIN: CellWindow = { k0: 0, l0: 0, k1: 0, l1: 0 };
const PER_CELL: NarrowOptions = { accuracy: 1, contact: true };
const SCRATCH = new Contact();
