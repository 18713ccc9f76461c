/**
 * Heap growth per call of the hot paths, measured the way a game runs them: this file is bundled
 * with esbuild (one scope, as a game build ships the library) and run in its own node process
 * with --expose-gc by test/core/allocation.test.ts, which checks the numbers it prints (JSON).
 *
 * Under jest's per-module loader the optimizing compiler sees other call sites (and the test's
 * own closures), so small allocations there can be artefacts of the harness; here only the
 * library's code runs in the measured loop.
 */
import {
    affine, affineFromTRS, affineIdentity, affineMultiply, clearRasterMemo, Contact,
    rasterizeMask, separateMasks, testMasks, testShapes, WorldRaster, WorldShape,
} from '../../extensions/pixel-collision/assets/core';
import { blob, disc, ring, rng } from '../fixtures/masks';
import { movingWorld, rotatingSprites } from '../fixtures/scenes';

declare const gc: () => void;

/**
 * Smallest heap growth (bytes per call) over 6 rounds of `n` calls, after `warmup` calls. (The
 * heap holds the optimizing compiler's code too: with 5,000 warm-up calls the first rows still
 * read 1-5 bytes a call in many processes, code compiled late rather than garbage; after 20,000,
 * 0.1.)
 */
function perCall(fn: (i: number) => void, n = 2000, warmup = 20000): number {
    for (let i = 0; i < warmup; i++) fn(i);
    let best = Infinity;
    for (let round = 0; round < 6 && best > 0; round++) {
        gc();
        const before = process.memoryUsage().heapUsed;
        for (let i = 0; i < n; i++) fn(warmup + i);
        best = Math.min(best, process.memoryUsage().heapUsed - before);
    }
    return best / n;
}

const out = new Contact();
const FULL = { accuracy: 1 }, COUNT = { contact: 'count' as const }, BOOL = { contact: false }, SEP = { accuracy: 1 };
const A = blob(64, 64, rng(11)), B = blob(24, 24, rng(12)), D = disc(30, 30), R = ring(40, 40);
const tA = affineFromTRS(affineIdentity(), 0.3, -0.7, 0.52, 1.3, -1.3);
const tB = affineIdentity();
const moveB = (i: number) => affineFromTRS(tB, (i % 40) - 20 + 0.37, ((i * 7) % 30) - 15 + 0.21, i * 0.05, 1.1, -1.1);
const tAA = affine(1, 0, 0, -1, 3, 40), tD = affine(1, 0, 0, -1, 0, 0);
const moveD = (i: number) => { tD.tx = 10 + (i % 30); tD.ty = 20 + ((i * 3) % 25); };
let hits = 0;

const results: Record<string, number> = {};
results['testMasks rotated, full contact'] = perCall((i) => { moveB(i); clearRasterMemo(); if (testMasks(A, tA, B, tB, FULL, out)) hits++; });
results['testMasks rotated, count'] = perCall((i) => { moveB(i); clearRasterMemo(); if (testMasks(A, tA, B, tB, COUNT, out)) hits++; });
results['testMasks rotated, boolean'] = perCall((i) => { moveB(i); clearRasterMemo(); if (testMasks(A, tA, B, tB, BOOL, out)) hits++; });
results['separateMasks rotated'] = perCall((i) => { moveB(i); if (separateMasks(A, tA, B, tB, SEP, out).hit) hits++; });
results['testMasks axis-aligned, full contact (rings: run lists and words)'] = perCall((i) => { moveD(i); if (testMasks(R, tAA, D, tD, FULL, out)) hits++; });
// testMasks computes the full contact's normal on first read (the rows above do not read it).
// Printed, not asserted: with two kinds of rasters reaching it, V8 sometimes leaves a call of
// the normal's pass un-inlined and boxes a number there (0, 14 or 50 bytes per call from process
// to process, the eager normal before it alike); warmed up longer, as its functions optimize later.
const SINK = new Float64Array(1); // a typed array: a captured `let` double would box on every write
results['testMasks axis-aligned, full contact, normal read'] = perCall((i) => { moveD(i); if (testMasks(R, tAA, D, tD, FULL, out)) { hits++; SINK[0] += out.normalY; } }, 2000, 40000);
const out2 = new Contact();
results['testMasks full contact, normal read after the next call'] = perCall((i) => {
    moveD(i);
    moveB(i);
    if (testMasks(R, tAA, D, tD, FULL, out)) hits++;
    testMasks(A, tA, B, tB, FULL, out2); // computes out's pending normal first
    SINK[0] += out.normalX + out2.normalY;
}, 2000, 40000);
results['testMasks axis-aligned, boolean'] = perCall((i) => { moveD(i); if (testMasks(R, tAA, D, tD, BOOL, out)) hits++; });

// Small pairs (core/narrow-small.ts): cell by cell (rotated 16², window well under 512 cells) and
// one word per row (axis-aligned 16²).
const S1 = blob(16, 16, rng(21)), S2 = blob(16, 16, rng(22));
const tS1 = affineFromTRS(affineIdentity(), 0.4, -0.3, 0.52, 1.3, -1.3), tS2 = affineIdentity();
const centre = affine(1, 0, 0, 1, -8, -8);
const moveS2 = (i: number) => affineMultiply(tS2, affineFromTRS(tS2, 6 + (i % 9) * 0.37, -3 + (i % 7) * 0.41, -0.6 + (i % 50) * 0.01, 1.3, -1.3), centre);
affineMultiply(tS1, tS1, centre);
results['testMasks small rotated (per cell), full contact'] = perCall((i) => { moveS2(i); clearRasterMemo(); if (testMasks(S1, tS1, S2, tS2, FULL, out)) hits++; });
const tW1 = affine(1, 0, 0, -1, 3, 20), tW2 = affine(1, 0, 0, -1, 0, 0);
results['testMasks 16² axis-aligned (one word per row), full contact'] = perCall((i) => { tW2.tx = 6 + (i % 9); tW2.ty = 14 + (i % 11); if (testMasks(S1, tW1, S2, tW2, FULL, out)) hits++; });

const raster = new WorldRaster();
results['rasterizeMask rotated'] = perCall((i) => { moveB(i); rasterizeMask(B, tB, 1, raster); });

// One large rotated sprite against 20 small ones, memo warm for the large one.
const big = blob(128, 128, rng(1)), small = blob(24, 24, rng(2));
const tBig = affineIdentity(), ts = affineIdentity();
results['1 large vs 20 small rotated, per frame'] = perCall((f) => {
    affineFromTRS(tBig, 0, 0, 0.5 + (f % 5) * 0.01, 1.3, -1.3);
    for (let i = 0; i < 20; i++) {
        affineFromTRS(ts, -60 + i * 6, (i % 3) * 10, i * 0.3 + (f % 20) * 0.01, 1, -1);
        if (testMasks(big, tBig, small, ts, FULL, out)) hits++;
    }
}, 200, 500);

const sa = new WorldShape().setCircle(6, 6, 4.3), sb = new WorldShape();
const POLY = [0, 0, 6, 1, 7, 5, 2, 7];
results['testShapes circle vs polygon'] = perCall((i) => {
    POLY[0] = i % 10; POLY[2] = 6 + (i % 10);
    sb.setPolygon(POLY);
    if (testShapes(sa, sb, FULL, out)) hits++;
});

// A world of 300 moving colliders (masks, boxes, circles) with a listener.
const moving = movingWorld(300, 600);
results['CollisionWorld.step, 300 moving colliders'] = perCall((f) => moving.frame(f), 100, 200);
// Rotating sprites whose listener reads each contact's count and normal: details cell by cell,
// from cut rasters and from whole ones (core/narrow-phase.ts).
const reading = rotatingSprites(80, 300);
results['CollisionWorld.step, 80 rotating sprites, listener reads count and normal'] = perCall((f) => reading.frame(f), 100, 200);
const events = moving.events() + reading.events();

if (!(hits > 0 && events > 0)) throw new Error('the scenes did nothing');
process.stdout.write(JSON.stringify({ results, hits, events }));
