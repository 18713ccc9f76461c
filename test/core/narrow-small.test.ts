import fc from 'fast-check';
import type { Affine2D } from '../../extensions/pixel-collision/assets/core';
import { affine, affineFromTRS, affineMultiply, BitMask, CollisionWorld, Contact, clearRasterMemo, isUnitQuarterTurn, testMasks } from '../../extensions/pixel-collision/assets/core';
import { pairWindow } from '../../extensions/pixel-collision/assets/core/narrow';
import {
    PER_CELL_MAX_CELLS, PER_CELL_MAX_CELLS_COUNT, perCellFits, quarterPairFits, SMALL_PATHS, testMasksPerCell, testQuarterPairNarrow,
} from '../../extensions/pixel-collision/assets/core/narrow-small';
import { blob, disc, full, randomMask, ring, rng } from '../fixtures/masks';
import { refTest } from './reference';

/**
 * The small-pair paths (core/narrow-small.ts: one word per row for narrow quarter turns, cell by
 * cell for small pair windows) must give the raster path's contact bit for bit, and the
 * definition's (test/core/reference.ts).
 */

const FIELDS = ['hit', 'count', 'minX', 'maxX', 'minY', 'maxY', 'centroidX', 'centroidY', 'normalX', 'normalY'] as const;

function snapshot(c: Contact): unknown[] {
    return FIELDS.map((f) => c[f]);
}

/** testMasks on the raster path only (small paths off, memo cold: the raster path's rasters cut to this pair). */
function rasterPath(a: BitMask, ta: Affine2D, b: BitMask, tb: Affine2D, opts: { accuracy: number; contact?: boolean | 'count' }, out: Contact): boolean {
    SMALL_PATHS.enabled = false;
    try {
        clearRasterMemo();
        return testMasks(a, ta, b, tb, opts, out);
    } finally {
        SMALL_PATHS.enabled = true;
    }
}

/** Which path testMasks takes for the pair (no separation; `full`: a full contact, else count or yes/no). */
function pathOf(a: BitMask, ta: Affine2D, b: BitMask, tb: Affine2D, acc: number, full = true): 'word' | 'cell' | 'raster' {
    if (isUnitQuarterTurn(ta, acc) && isUnitQuarterTurn(tb, acc)) return quarterPairFits(a, ta, b, tb) ? 'word' : 'raster';
    const win = pairWindow(a, ta, b, tb, acc);
    return win !== null && perCellFits(win, full) ? 'cell' : 'raster';
}

/**
 * Transforms that put samples on texel edges, or within 1e-13 of them, and generic ones:
 * - 'free': rotation, non-uniform scale, flips, sometimes skew;
 * - 'quarter': an exact quarter turn (maybe flipped) at unit scale, translation on a 1/8 grid or free;
 * - 'edge': a quarter turn with scale 0.5, 1, 2 or 1.5 and a translation on a 1/8 grid: with
 *   accuracies that are powers of two, many samples map exactly onto texel edges;
 * - 'nudge': 'edge' moved by +-1e-13 or +-1e-14 (the doubles' bound decides, or the exact path).
 */
const transformArb = (w: number, h: number, kinds: string[] = ['free', 'free', 'quarter', 'edge', 'nudge']) => fc.record({
    kind: fc.constantFrom(...kinds),
    x: fc.double({ min: -10, max: 10, noNaN: true }),
    y: fc.double({ min: -10, max: 10, noNaN: true }),
    gx: fc.integer({ min: -80, max: 80 }),
    gy: fc.integer({ min: -80, max: 80 }),
    snap: fc.boolean(),
    rot: fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }),
    quarter: fc.integer({ min: 0, max: 3 }),
    sx: fc.double({ min: 0.3, max: 3, noNaN: true }),
    sy: fc.double({ min: 0.3, max: 3, noNaN: true }),
    es: fc.constantFrom(0.5, 1, 1, 2, 1.5),
    flipX: fc.boolean(),
    flipY: fc.boolean(),
    skew: fc.option(fc.double({ min: -0.8, max: 0.8, noNaN: true }), { freq: 4 }),
    nudge: fc.constantFrom(1e-13, -1e-13, 1e-14, -1e-14),
}).map((p) => {
    const t = affine(1, 0, 0, 1, 0, 0);
    if (p.kind === 'free') {
        affineFromTRS(t, p.x, p.y, p.rot, (p.flipX ? -1 : 1) * p.sx, (p.flipY ? -1 : 1) * p.sy);
        if (p.skew !== null) affineMultiply(t, t, affine(1, 0, p.skew, 1, 0, 0));
        // Centred on the mask (image y down to world y up).
        return affineMultiply(t, t, affine(1, 0, 0, -1, -w / 2, h / 2));
    }
    const s = p.kind === 'quarter' ? 1 : p.es;
    affineFromTRS(t, 0, 0, (p.quarter * Math.PI) / 2, (p.flipX ? -1 : 1) * s, (p.flipY ? -1 : 1) * s);
    t.a = Math.round(t.a / s) * s; t.b = Math.round(t.b / s) * s; t.c = Math.round(t.c / s) * s; t.d = Math.round(t.d / s) * s;
    const grid = p.kind !== 'quarter' || p.snap;
    t.tx = grid ? p.gx / 8 : p.x;
    t.ty = grid ? p.gy / 8 : p.y;
    if (p.kind === 'nudge') { t.tx += p.nudge; t.ty -= p.nudge; }
    return t;
});

const accuracyArb = fc.oneof(fc.constantFrom(0.25, 0.5, 1, 1, 1, 2, 4), fc.double({ min: 0.25, max: 4, noNaN: true }));

const maskArb = fc.oneof(
    fc.integer().map((s) => randomMask(rng(s), 20)),
    fc.integer({ min: 1, max: 32 }).chain((w) => fc.integer({ min: 1, max: 32 }).map((h) => full(w, h))),
    fc.integer({ min: 2, max: 32 }).map((n) => disc(n, n)),
    fc.integer({ min: 3, max: 32 }).map((n) => ring(n, n)),
    fc.tuple(fc.integer({ min: 2, max: 32 }), fc.integer()).map(([n, s]) => blob(n, n, rng(s))),
);

const pairArb = fc.record({ a: maskArb, b: maskArb, acc: accuracyArb }).chain((c) => fc.record({
    ta: transformArb(c.a.width, c.a.height), tb: transformArb(c.b.width, c.b.height),
}).map((t) => ({ ...c, ...t })));

/** Pairs of unit quarter turns (the one-word-per-row path when both are at most 32 wide). */
const quarterPairArb = fc.record({ a: maskArb, b: maskArb, acc: fc.constantFrom(0.25, 0.5, 1, 1, 2, 4) }).chain((c) => fc.record({
    ta: transformArb(c.a.width, c.a.height, ['quarter']), tb: transformArb(c.b.width, c.b.height, ['quarter']),
}).map((t) => {
    // A unit quarter turn at accuracy acc has entries +-1/acc.
    for (const m of [t.ta, t.tb]) { m.a /= c.acc; m.b /= c.acc; m.c /= c.acc; m.d /= c.acc; }
    return { ...c, ...t };
}));

function describePair(p: { a: BitMask; b: BitMask; ta: Affine2D; tb: Affine2D; acc: number }): string {
    return `a ${p.a.width}x${p.a.height}, b ${p.b.width}x${p.b.height}, ta ${JSON.stringify(p.ta)}, tb ${JSON.stringify(p.tb)}, accuracy ${p.acc}`;
}

describe('small-pair paths give the raster path\'s contact, bit for bit', () => {
    it('on random small pairs (rotations, flips, scale, skew, edge-exact and nudged placements), every contact mode', () => {
        const small = new Contact(), big = new Contact();
        const seen = { word: 0, cell: 0, raster: 0 };
        let hits = 0;
        fc.assert(fc.property(pairArb, (p) => {
            const path = pathOf(p.a, p.ta, p.b, p.tb, p.acc);
            seen[path]++;
            for (const contact of [true, 'count', false] as const) {
                const opts = { accuracy: p.acc, contact };
                clearRasterMemo();
                const h1 = testMasks(p.a, p.ta, p.b, p.tb, opts, small);
                const h2 = rasterPath(p.a, p.ta, p.b, p.tb, opts, big);
                const got = snapshot(small), want = snapshot(big);
                if (h1 !== h2 || !got.every((v, i) => Object.is(v, want[i]))) {
                    throw new Error(`${path} path, contact ${contact}: ${JSON.stringify(snapshot(small))} vs raster ${JSON.stringify(snapshot(big))}; ${describePair(p)}`);
                }
                if (contact === true && h1) hits++;
            }
        }), { numRuns: 2500 });
        // Both small paths (and the raster path for larger windows) were exercised.
        expect(seen.word).toBeGreaterThan(30);
        expect(seen.cell).toBeGreaterThan(800);
        expect(hits).toBeGreaterThan(500);
    });

    it('and the definition (brute-force reference): hit, count, rect, centroid', () => {
        const out = new Contact();
        fc.assert(fc.property(pairArb, (p) => {
            const ref = refTest(p.a, p.ta, p.b, p.tb, p.acc);
            clearRasterMemo();
            testMasks(p.a, p.ta, p.b, p.tb, { accuracy: p.acc }, out);
            if (out.hit !== ref.hit || out.count !== ref.count) throw new Error(`count ${out.count}, reference ${ref.count}: ${describePair(p)}`);
            if (ref.hit) {
                const s = 1 / p.acc;
                expect([out.minX, out.maxX, out.minY, out.maxY]).toEqual([ref.minK * s, (ref.maxK + 1) * s, ref.minL * s, (ref.maxL + 1) * s]);
                expect(out.centroidX).toBeCloseTo((ref.sumK / ref.count + 0.5) * s, 9);
                expect(out.centroidY).toBeCloseTo((ref.sumL / ref.count + 0.5) * s, 9);
                expect(Math.hypot(out.normalX, out.normalY)).toBeCloseTo(1, 12);
            }
            expect(testMasks(p.a, p.ta, p.b, p.tb, { accuracy: p.acc, contact: 'count' }, out)).toBe(ref.hit);
            expect(out.count).toBe(ref.count);
            expect(testMasks(p.a, p.ta, p.b, p.tb, { accuracy: p.acc, contact: false }, out)).toBe(ref.hit);
        }), { numRuns: 1500 });
    });
});

describe('both paths forced on the same inputs', () => {
    it('testMasksPerCell and testQuarterPairNarrow called directly agree with the raster path', () => {
        const cell = new Contact(), ras = new Contact();
        let cellRuns = 0, wordRuns = 0;
        const modes = [true, 'count', false] as const;
        fc.assert(fc.property(pairArb, (p) => {
            const win = pairWindow(p.a, p.ta, p.b, p.tb, p.acc);
            for (const contact of modes) {
                const opts = { accuracy: p.acc, contact };
                const want = rasterPath(p.a, p.ta, p.b, p.tb, { accuracy: p.acc, contact }, ras);
                if (win !== null) {
                    // Any window size: forced, not dispatched (the rule only picks the faster path).
                    const w = { k0: win.k0, l0: win.l0, k1: win.k1, l1: win.l1 };
                    if ((w.k1 - w.k0 + 1) * (w.l1 - w.l0 + 1) <= 2048) {
                        const r = testMasksPerCell(p.a, p.ta, p.b, p.tb, opts, w, cell);
                        expect(r).toBe(want ? 1 : 0);
                        expect(snapshot(cell)).toEqual(snapshot(ras));
                        cellRuns++;
                    }
                } else {
                    expect(want).toBe(false);
                }
                if (isUnitQuarterTurn(p.ta, p.acc) && isUnitQuarterTurn(p.tb, p.acc) && quarterPairFits(p.a, p.ta, p.b, p.tb)) {
                    expect(testQuarterPairNarrow(p.a, p.ta, p.b, p.tb, opts, cell)).toBe(want);
                    expect(snapshot(cell)).toEqual(snapshot(ras));
                    wordRuns++;
                }
            }
        }), { numRuns: 800 });
        expect(cellRuns).toBeGreaterThan(1000);
        expect(wordRuns).toBeGreaterThan(0);
    });

    it('testQuarterPairNarrow on random quarter-turn pairs (flips, 90° steps, accuracies 1/4 to 4) agrees with the raster path', () => {
        const word = new Contact(), ras = new Contact();
        let runs = 0, hits = 0;
        fc.assert(fc.property(quarterPairArb, (p) => {
            if (!(isUnitQuarterTurn(p.ta, p.acc) && isUnitQuarterTurn(p.tb, p.acc) && quarterPairFits(p.a, p.ta, p.b, p.tb))) return;
            for (const contact of [true, 'count', false] as const) {
                const opts = { accuracy: p.acc, contact };
                const want = rasterPath(p.a, p.ta, p.b, p.tb, opts, ras);
                expect(testQuarterPairNarrow(p.a, p.ta, p.b, p.tb, opts, word)).toBe(want);
                expect(snapshot(word)).toEqual(snapshot(ras));
                if (want && contact === true) hits++;
            }
            runs++;
        }), { numRuns: 600 });
        expect(runs).toBeGreaterThan(400);
        expect(hits).toBeGreaterThan(50);
    });

    it('windows answered cell by cell for count and yes/no only (between the two limits), every contact mode', () => {
        const small = new Contact(), big = new Contact();
        const bigMaskArb = fc.oneof(
            fc.tuple(fc.integer({ min: 24, max: 40 }), fc.integer()).map(([n, s]) => blob(n, n, rng(s))),
            fc.integer({ min: 24, max: 40 }).map((n) => ring(n, n)),
            fc.integer().map((s) => randomMask(rng(s), 36)),
        );
        const arb = fc.record({ a: bigMaskArb, b: bigMaskArb, acc: fc.constantFrom(0.5, 1, 1, 1, 2) }).chain((c) => fc.record({
            ta: transformArb(c.a.width, c.a.height), tb: transformArb(c.b.width, c.b.height),
        }).map((t) => ({ ...c, ...t })));
        let between = 0, hits = 0;
        fc.assert(fc.property(arb, (p) => {
            const win = pairWindow(p.a, p.ta, p.b, p.tb, p.acc);
            const cells = win === null ? 0 : (win.k1 - win.k0 + 1) * (win.l1 - win.l0 + 1);
            if (cells > PER_CELL_MAX_CELLS && cells <= PER_CELL_MAX_CELLS_COUNT && pathOf(p.a, p.ta, p.b, p.tb, p.acc, false) === 'cell') between++;
            for (const contact of [true, 'count', false] as const) {
                const opts = { accuracy: p.acc, contact };
                clearRasterMemo();
                const h1 = testMasks(p.a, p.ta, p.b, p.tb, opts, small);
                const h2 = rasterPath(p.a, p.ta, p.b, p.tb, opts, big);
                const got = snapshot(small), want = snapshot(big);
                if (h1 !== h2 || !got.every((v, i) => Object.is(v, want[i]))) {
                    throw new Error(`contact ${contact}: ${JSON.stringify(got)} vs raster ${JSON.stringify(want)}; ${describePair(p)}`);
                }
                if (contact === 'count' && h1) hits++;
            }
        }), { numRuns: 2000 });
        expect(between).toBeGreaterThan(20);
        expect(hits).toBeGreaterThan(200);
    });

    it('count cell by cell with samples on, just inside and just outside texel edges (the truncated floors: negative fractions go exact)', () => {
        // Scale 2 and 0.5 quarter turns (samples exactly on texel edges at several accuracies,
        // also on the masks' first column and row, u = 0) and a 3-4-5 rotation at scale 1.25,
        // each moved by 0 or +-1e-13: u is then 0, just below it (truncation gives 0, the
        // fraction is negative: exact path) or just above.
        const small = new Contact(), big = new Contact();
        const a = blob(13, 11, rng(21)), b = ring(12, 14);
        let cell = 0, n = 0;
        for (const acc of [0.25, 0.5, 1, 2, 4]) {
            for (const form of [0, 1, 2]) {
                for (const nudge of [0, 1e-13, -1e-13]) {
                    for (let step = -12; step <= 12; step++) {
                        const ta = form === 0 ? affine(2, 0, 0, -2, 0.25 + nudge, 20) : form === 1 ? affine(0, 0.5, -0.5, 0, nudge, -nudge) : affine(1, 0.75, -0.75, 1, nudge, 3);
                        const tb = form === 0 ? affine(0, -2, 2, 0, 6 + step / 4, 9 - nudge) : form === 1 ? affine(-0.5, 0, 0, 0.5, 3 + step / 8, 2 + nudge) : affine(0.5, 0, 0, -0.5, 1 + step / 4 + nudge, 9);
                        if (pathOf(a, ta, b, tb, acc, false) === 'cell') cell++;
                        for (const contact of ['count', false, true] as const) {
                            const opts = { accuracy: acc, contact };
                            clearRasterMemo();
                            const h1 = testMasks(a, ta, b, tb, opts, small);
                            const h2 = rasterPath(a, ta, b, tb, opts, big);
                            expect(h1).toBe(h2);
                            expect(snapshot(small)).toEqual(snapshot(big));
                        }
                        const ref = refTest(a, ta, b, tb, acc);
                        clearRasterMemo();
                        testMasks(a, ta, b, tb, { accuracy: acc, contact: 'count' }, small);
                        expect(small.count).toBe(ref.count);
                        n++;
                    }
                }
            }
        }
        expect(n).toBe(5 * 3 * 3 * 25);
        expect(cell).toBeGreaterThan(400);
    });

    it('quarter turns sliding through touching in 1/4-cell steps, at accuracies 1/4 to 4 (samples on texel edges)', () => {
        const small = new Contact(), big = new Contact();
        const a = blob(14, 11, rng(7)), b = ring(9, 12);
        let n = 0;
        for (const acc of [0.25, 0.5, 1, 2, 4]) {
            for (const q of [0, 1, 2, 3]) {
                for (const s of [1, 0.5, 2]) {
                    for (let step = -24; step <= 24; step++) {
                        const ta = affine(1, 0, 0, -1, 0.5, 11);
                        const tb = affine(1, 0, 0, 1, 0, 0);
                        affineFromTRS(tb, 0, 0, (q * Math.PI) / 2, s / acc, -s / acc);
                        tb.a = Math.round(tb.a * acc / s) * s / acc; tb.b = Math.round(tb.b * acc / s) * s / acc;
                        tb.c = Math.round(tb.c * acc / s) * s / acc; tb.d = Math.round(tb.d * acc / s) * s / acc;
                        tb.tx = 14 + step / 4;
                        tb.ty = 5 + step / 8;
                        for (const contact of [true, 'count', false] as const) {
                            const opts = { accuracy: acc, contact };
                            clearRasterMemo();
                            testMasks(a, ta, b, tb, opts, small);
                            rasterPath(a, ta, b, tb, opts, big);
                            expect(snapshot(small)).toEqual(snapshot(big));
                        }
                        n++;
                    }
                }
            }
        }
        expect(n).toBeGreaterThan(500);
    });

    it('the zero-gradient fallback does not depend on the memo, the path or the caller (B deep inside a large rotated A)', () => {
        // A large rotated sprite and a small one deep inside it: the count's gradient is zero, so
        // the normal points from the centre of A's whole raster box to B's. Before, a cold memo
        // cut A's raster to the pair's window, whose centre sits near B: the direction then
        // depended on what the memo held (and was nearly arbitrary).
        const A = full(120, 90), B = full(3, 3), other = full(5, 5);
        const ta = affineFromTRS(affine(1, 0, 0, 1, 0, 0), 0, 0, 0.4, 1.1, -1.1);
        affineMultiply(ta, ta, affine(1, 0, 0, 1, -60, -45));
        const seen: number[][] = [];
        for (const [x, y] of [[20.3, 11.7], [-31.2, 8.4], [5.5, -24.1]]) {
            const tb = affine(0.9, 0, 0, -0.9, x, y);
            const cold = new Contact(), warm = new Contact(), raster = new Contact();
            clearRasterMemo();
            expect(testMasks(A, ta, B, tb, {}, cold)).toBe(true);
            // A whole in the memo: asked again with other windows, the memo rasterizes it whole.
            clearRasterMemo();
            testMasks(A, ta, other, affine(1, 0, 0, 1, -40, 30), { contact: 'count' }, warm);
            testMasks(A, ta, other, affine(1, 0, 0, 1, 40, -30), { contact: 'count' }, warm);
            testMasks(A, ta, B, tb, {}, warm);
            rasterPath(A, ta, B, tb, { accuracy: 1 }, raster);
            // The world keeps whole rasters per collider.
            const world = new CollisionWorld();
            const ca = world.add({ shape: { kind: 'mask', mask: A }, transform: ta });
            world.add({ shape: { kind: 'mask', mask: B }, transform: tb });
            const inWorld = new Contact();
            world.addListener({ onEnter: (a, _b, c) => { expect(a).toBe(ca); inWorld.copyFrom(c); } });
            world.step();
            expect(cold.count).toBeGreaterThan(4);
            for (const c of [warm, raster, inWorld]) expect(snapshot(c)).toEqual(snapshot(cold));
            // The direction: from A's centre (the origin) towards B's (about (x, y)).
            const len = Math.hypot(x, y);
            expect(cold.normalX * x / len + cold.normalY * y / len).toBeGreaterThan(0.99);
            seen.push([cold.normalX, cold.normalY]);
        }
        expect(new Set(seen.map(String)).size).toBe(3);
    });

    it('the zero-gradient fallback (B deep inside A) matches the raster path for rotated pairs too', () => {
        const A = full(20, 20), B = full(3, 3);
        const small = new Contact(), big = new Contact();
        for (const rot of [0, 0.3, -1.1, Math.PI / 4]) {
            for (const [x, y] of [[0, 0], [2.3, -1.7], [-3, 4.1]]) {
                const ta = affineFromTRS(affine(1, 0, 0, 1, 0, 0), 0, 0, rot, 1.2, -1.2);
                affineMultiply(ta, ta, affine(1, 0, 0, 1, -10, -10));
                const tb = affineFromTRS(affine(1, 0, 0, 1, 0, 0), x, y, -rot / 2, 0.9, -0.9);
                affineMultiply(tb, tb, affine(1, 0, 0, 1, -1.5, -1.5));
                expect(pathOf(A, ta, B, tb, 1)).toBe('cell');
                clearRasterMemo();
                expect(testMasks(A, ta, B, tb, {}, small)).toBe(true);
                rasterPath(A, ta, B, tb, { accuracy: 1 }, big);
                expect(snapshot(small)).toEqual(snapshot(big));
            }
        }
    });
});
