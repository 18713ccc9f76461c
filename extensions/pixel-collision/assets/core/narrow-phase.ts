import type { Collider } from './collider';
import { Contact } from './contact';
import { testRasters } from './narrow';
import type { NarrowOptions } from './narrow';
import { testShapes } from './shapes';
import type { ShapeTestOptions } from './shapes';

/**
 * A narrow-phase backend: decides candidate pairs exactly (DESIGN.md's definition). The world
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
     */
    run(a: readonly Collider<any>[], b: readonly Collider<any>[], count: number, accuracy: Float64Array,
        contacts: Contact[], frame: number, separation: boolean): number;
    /** One pair, now (queries use it). Returns `out.hit`. */
    testPair(a: Collider<any>, b: Collider<any>, accuracy: number, separation: boolean, out: Contact): boolean;
}

/**
 * The CPU narrow phase. Shape–shape pairs use the shapes' exact per-row sampling (and SAT for the
 * normal and separation); any pair with a mask uses word-parallel rasters, each collider's raster
 * cached until its transform changes.
 */
export class CpuNarrowPhase implements NarrowPhase {
    readonly name = 'cpu';

    run(a: readonly Collider<any>[], b: readonly Collider<any>[], count: number, accuracy: Float64Array,
        contacts: Contact[], frame: number, separation: boolean): number {
        for (let i = 0; i < count; i++) {
            const c = contacts[i];
            this.testPair(a[i], b[i], accuracy[i], separation, c);
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
}

const SHAPE_CONTACT: ShapeTestOptions = { accuracy: 1, contact: true, separation: false };
const SHAPE_SEP: ShapeTestOptions = { accuracy: 1, contact: true, separation: true };
const MASK_CONTACT: NarrowOptions = { contact: true, separation: false };
const MASK_SEP: NarrowOptions = { contact: true, separation: true };
