import { Collider } from './collider';
import { Contact, ContactSource, DETAIL_NORMAL, DETAIL_OVERLAP, DETAIL_SEPARATION } from './contact';
import type { ContactResolver } from './contact';
import { contactNormal, masksShareSample, overlapAny, overlapFull, separation, testRasters } from './narrow';
import type { NarrowOptions } from './narrow';
import type { WorldRaster } from './raster';
import { isUnitQuarterTurn } from './rasterize';
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
 * Lazy runs (the world's default) decide hits first and compute nothing else: a pair whose two
 * rasters are already made (static colliders, or colliders rasterized for another pair this
 * frame) or are zero-copy views (two unrotated, unscaled sprites) is decided on them
 * (`overlapAny`); two masks whose bounding circles (around their opaque texels) do not meet share
 * nothing; other masks without rasters are decided without making any (`masksShareSample`:
 * oriented-box window, probes, then an exact per-cell scan where the boxes meet); a mask against a shape on rasters. A hit's contact is left pending: its count,
 * rect and centroid are computed on the first read of any of them, its normal on the first read
 * of the normal (or the separation), each from the colliders' cached rasters (made then, once per
 * collider and frame) or, when a collider has changed since the test, from the shapes and
 * transforms the contact kept.
 */
export class CpuNarrowPhase implements NarrowPhase, ContactResolver {
    readonly name = 'cpu';
    private _probeA: Collider<any> | null = null;
    private _probeB: Collider<any> | null = null;

    run(a: readonly Collider<any>[], b: readonly Collider<any>[], count: number, accuracy: Float64Array,
        contacts: Contact[], frame: number, separation: boolean, lazy = false): number {
        for (let i = 0; i < count; i++) {
            const c = contacts[i];
            if (lazy) this._decide(a[i], b[i], accuracy[i], separation, c);
            else this.testPair(a[i], b[i], accuracy[i], separation, c);
            c.frame = frame;
        }
        return frame;
    }

    testPair(a: Collider<any>, b: Collider<any>, accuracy: number, separation: boolean, out: Contact): boolean {
        if (a.shape.kind !== 'mask' && b.shape.kind !== 'mask') {
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
        if (sa.kind !== 'mask' && sb.kind !== 'mask') {
            // Shape pairs are cheap (per-row sampling and SAT): computed in full now.
            this.testPair(a, b, accuracy, separation, out);
            return;
        }
        out.reset();
        out.accuracy = accuracy;
        let hit: boolean;
        if (sa.kind === 'mask' && sb.kind === 'mask') {
            // Circles around the two masks' opaque texels that do not meet: no shared sample.
            a._updateBounds();
            b._updateBounds();
            const dx = a._cx - b._cx, dy = a._cy - b._cy, rr = a._cr + b._cr;
            if (dx * dx + dy * dy > rr * rr) return;
        }
        // Rasters already made, a shape, or two unit quarter turns (unrotated, unscaled sprites:
        // their rasters are zero-copy views of the masks): decided on rasters.
        if ((a._hasRaster(accuracy) && b._hasRaster(accuracy)) || sa.kind !== 'mask' || sb.kind !== 'mask'
            || (isUnitQuarterTurn(a._t, accuracy) && isUnitQuarterTurn(b._t, accuracy))) {
            hit = overlapAny(a._raster(accuracy), b._raster(accuracy), 0, 0);
        } else {
            a._updateBounds();
            b._updateBounds();
            hit = masksShareSample(sa.mask, a._t, sb.mask, b._t, accuracy);
        }
        if (!hit) return;
        out.hit = true;
        out._need = DETAIL_OVERLAP | DETAIL_NORMAL | (separation ? DETAIL_SEPARATION : 0);
        (out._src ??= new ContactSource()).set(this, a, b, accuracy);
    }

    /** @internal Fills a pending contact's groups `todo` (see Contact). */
    resolveContact(c: Contact, src: ContactSource, todo: number): void {
        const ra = this._rasterOf(src, 0), rb = this._rasterOf(src, 1);
        if (todo & DETAIL_OVERLAP) overlapFull(ra, rb, c);
        if (todo & DETAIL_NORMAL) contactNormal(ra, rb, c);
        if (todo & DETAIL_SEPARATION) separation(ra, rb, c);
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
