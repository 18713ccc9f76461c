/**
 * What the playground asks the core each frame: for every pair (other sprite A, active sprite B),
 * `testMasks(A, T_A, B, T_B, { accuracy, separation: true }, contact)`, and, to show them, the
 * shared samples themselves: each cell of the contact rect where both sprites' rasters have the
 * sample (`rasterizeMask` then `raster.has(k, l)`). Their number must equal `contact.count`; the
 * panel says so, as a live cross-check of the word-parallel test against the rasters.
 */
import {
    type Affine2D, affine, clearRasterMemo, Collider, Contact, GpuNarrowPhase, WorldRaster, rasterizeMask, testMasks,
} from '../extensions/pixel-collision/assets/core';
import { WebGL2Device } from '../webgl2/webgl2-device';
import { spriteTransform } from './space';
import type { Sprite } from './sprites';

/** Shared samples of a pair: `cells[r * cols + c]` is 1 when cell (k0 + c, l0 + r) is shared. */
export interface SampleSet {
    k0: number;
    l0: number;
    cols: number;
    rows: number;
    cells: Uint8Array;
    /** Number of shared cells found (the sum of `cells`). */
    count: number;
    /** True when the rect had too many cells to collect (nothing collected then). */
    skipped: boolean;
}

export interface PairResult {
    a: Sprite;
    b: Sprite;
    contact: Contact;
    /** The core's error message when the test threw (e.g. a raster over the size limit). */
    error: string | null;
    samples: SampleSet;
}

/** Largest contact rect (in cells) whose samples are collected for display. */
export const MAX_DISPLAY_CELLS = 1 << 21;

/** Transform of a sprite (mask local -> world), freshly computed. */
export function transformOf(sprite: Sprite): Affine2D {
    return spriteTransform(affine(1, 0, 0, 1, 0, 0), sprite.pose, sprite.width, sprite.height);
}

/** Which narrow phase decides the pairs: the CPU (`testMasks`) or the GPU one on WebGL2. */
export type Backend = 'cpu' | 'gpu';

let gpu: GpuNarrowPhase | null = null;

/**
 * The GPU narrow phase on an offscreen WebGL2 context (created on first use). Throws the
 * backend's clear error where WebGL2 is not available; the page then stays on the CPU.
 */
export function gpuNarrowPhase(): GpuNarrowPhase {
    if (!gpu) {
        gpu = new GpuNarrowPhase(WebGL2Device.fromCanvas(document.createElement('canvas')));
    }
    return gpu;
}

/** Tests A against B and collects the shared samples into `out` (reused between frames). */
export function runPair(a: Sprite, b: Sprite, accuracy: number, out: PairResult, backend: Backend = 'cpu'): PairResult {
    out.a = a;
    out.b = b;
    out.error = null;
    out.samples.count = 0;
    out.samples.cols = out.samples.rows = 0;
    out.samples.skipped = false;
    spriteTransform(TA, a.pose, a.width, a.height);
    spriteTransform(TB, b.pose, b.width, b.height);
    try {
        testOnce(a, b, accuracy, out.contact, backend);
        if (out.contact.hit) collectSamples(a, TA, b, TB, accuracy, out);
    } catch (e) {
        out.contact.reset();
        out.error = e instanceof Error ? e.message : String(e);
    }
    return out;
}

export function newPairResult(a: Sprite, b: Sprite): PairResult {
    return {
        a, b, contact: new Contact(), error: null,
        samples: { k0: 0, l0: 0, cols: 0, rows: 0, cells: new Uint8Array(0), count: 0, skipped: false },
    };
}

/**
 * Time of one test of A against B, in microseconds: the browser's clock ticks in 0.1 ms steps
 * (and jitters), far coarser than one test, so this runs the test back to back for about
 * `budgetMs` (at least once, at most `maxRuns` times) and divides. `moving`: every run starts
 * without the rasters of the previous one, as for sprites that moved since the last frame;
 * otherwise the core's memo reuses them (sprites that stood still). The GPU always draws and
 * reads back. Returns the runs made and the time per run.
 */
export function timePair(a: Sprite, b: Sprite, accuracy: number, backend: Backend, moving: boolean,
    budgetMs: number, out: { runs: number; us: number }, maxRuns = 20000): void {
    spriteTransform(TA, a.pose, a.width, a.height);
    spriteTransform(TB, b.pose, b.width, b.height);
    let runs = 0;
    const t0 = performance.now();
    let t = t0;
    do {
        if (moving) clearRasterMemo();
        testOnce(a, b, accuracy, SCRATCH, backend);
        runs++;
        t = performance.now();
    } while (t - t0 < budgetMs && runs < maxRuns);
    out.runs = runs;
    out.us = ((t - t0) * 1000) / runs;
}

// ---------------------------------------------------------------------------------------------

/** One test with the transforms already in TA and TB. */
function testOnce(a: Sprite, b: Sprite, accuracy: number, contact: Contact, backend: Backend): void {
    if (backend === 'gpu') {
        // One pair through the batch interface: one draw and one readback (the separation is
        // computed on the CPU, as the GPU narrow phase does whenever it is asked for).
        ACC[0] = accuracy;
        CONTACTS[0] = contact;
        gpuNarrowPhase().run([new Collider({ shape: { kind: 'mask', mask: a.mask }, transform: TA, accuracy })],
            [new Collider({ shape: { kind: 'mask', mask: b.mask }, transform: TB, accuracy })], 1, ACC, CONTACTS, 0, true);
    } else {
        testMasks(a.mask, TA, b.mask, TB, { accuracy, separation: true }, contact);
    }
}

const SCRATCH = new Contact();
const TA: Affine2D = affine(1, 0, 0, 1, 0, 0);
const TB: Affine2D = affine(1, 0, 0, 1, 0, 0);
const RA = new WorldRaster();
const RB = new WorldRaster();
const ACC = new Float64Array(1);
const CONTACTS: Contact[] = [new Contact()];

function collectSamples(a: Sprite, ta: Affine2D, b: Sprite, tb: Affine2D, accuracy: number, out: PairResult): void {
    const c = out.contact;
    const s = out.samples;
    // The rect's edges are cell edges: minX = minK / accuracy, maxX = (maxK + 1) / accuracy.
    const k0 = Math.round(c.minX * accuracy);
    const k1 = Math.round(c.maxX * accuracy);
    const l0 = Math.round(c.minY * accuracy);
    const l1 = Math.round(c.maxY * accuracy);
    const cols = k1 - k0;
    const rows = l1 - l0;
    if (cols * rows > MAX_DISPLAY_CELLS) {
        s.skipped = true;
        return;
    }
    rasterizeMask(a.mask, ta, accuracy, RA);
    rasterizeMask(b.mask, tb, accuracy, RB);
    if (s.cells.length < cols * rows) s.cells = new Uint8Array(cols * rows * 2);
    s.k0 = k0; s.l0 = l0; s.cols = cols; s.rows = rows;
    let n = 0;
    for (let r = 0; r < rows; r++) {
        for (let col = 0; col < cols; col++) {
            const k = k0 + col, l = l0 + r;
            const both = RA.has(k, l) && RB.has(k, l) ? 1 : 0;
            s.cells[r * cols + col] = both;
            n += both;
        }
    }
    s.count = n;
}
