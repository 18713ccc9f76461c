import fc from 'fast-check';
import type { Affine2D } from '../../extensions/pixel-collision/assets/core';
import {
    affineFromTRS, affineMultiply, affine, BitMask, Contact, WorldRaster,
    rasterizeMask, testMasks, separateMasks, clearRasterMemo, isUnitQuarterTurn,
} from '../../extensions/pixel-collision/assets/core';
import { checkRowSummaries, refCells, refMember, refTest } from './reference';
import { randomMask, rng, disc, discs, full, blob, noise, ring } from '../fixtures/masks';

/**
 * A random collider transform the way a game produces them: mask space (y down) to a y-up
 * world through an anchor, a scale (possibly flipped, non-uniform), a rotation and sometimes a
 * parent's skew.
 */
const transformArb = (w: number, h: number) => fc.record({
    kind: fc.constantFrom('free', 'free', 'free', 'quarter', 'axis'),
    x: fc.double({ min: -20, max: 20, noNaN: true }),
    y: fc.double({ min: -20, max: 20, noNaN: true }),
    rot: fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }),
    quarter: fc.integer({ min: 0, max: 3 }),
    sx: fc.double({ min: 0.3, max: 3, noNaN: true }),
    sy: fc.double({ min: 0.3, max: 3, noNaN: true }),
    flipX: fc.boolean(),
    flipY: fc.boolean(),
    skew: fc.option(fc.double({ min: -0.8, max: 0.8, noNaN: true }), { freq: 4 }),
}).map((p) => makeTransform(p, w, h));

function makeTransform(p: {
    kind: string; x: number; y: number; rot: number; quarter: number; sx: number; sy: number;
    flipX: boolean; flipY: boolean; skew: number | null;
}, w: number, h: number): Affine2D {
    const anchor = affine(1, 0, 0, -1, -w / 2, h / 2); // image (y down) -> node space (y up), centred
    const t = affine(1, 0, 0, 1, 0, 0);
    if (p.kind === 'quarter' || p.kind === 'axis') {
        affineFromTRS(t, p.x, p.y, p.kind === 'quarter' ? (p.quarter * Math.PI) / 2 : 0, p.flipX ? -1 : 1, p.flipY ? -1 : 1);
        // Exact quarter turns (cos/sin of k*pi/2 are not exactly 0/1 in floating point).
        t.a = Math.round(t.a); t.b = Math.round(t.b); t.c = Math.round(t.c); t.d = Math.round(t.d);
    } else {
        affineFromTRS(t, p.x, p.y, p.rot, (p.flipX ? -1 : 1) * p.sx, (p.flipY ? -1 : 1) * p.sy);
        if (p.skew !== null) affineMultiply(t, t, affine(1, 0, p.skew, 1, 0, 0));
    }
    return affineMultiply(t, t, anchor);
}

const accuracyArb = fc.oneof(
    fc.constantFrom(0.25, 0.5, 1, 1, 1, 2, 4),
    fc.double({ min: 0.25, max: 4, noNaN: true }),
);

const caseArb = fc.record({ seedA: fc.integer(), seedB: fc.integer(), acc: accuracyArb }).chain((c) => {
    const a = randomMask(rng(c.seedA));
    const b = randomMask(rng(c.seedB));
    return fc.record({ ta: transformArb(a.width, a.height), tb: transformArb(b.width, b.height) })
        .map((t) => ({ a, b, ta: t.ta, tb: t.tb, acc: c.acc, seeds: [c.seedA, c.seedB] }));
});


/**
 * The documented finite difference, by brute force over the cells: W = the overlap rect (in
 * cells) grown by one cell; B moved by -x shows B(p + x) at p.
 */
function bruteGradient(out: Contact, ra: WorldRaster, rb: WorldRaster, acc: number): [number, number] {
    const k0 = Math.round(out.minX * acc) - 1, k1 = Math.round(out.maxX * acc) + 1;
    const l0 = Math.round(out.minY * acc) - 1, l1 = Math.round(out.maxY * acc) + 1;
    let gx = 0, gy = 0;
    for (let l = l0; l < l1; l++) {
        for (let k = k0; k < k1; k++) {
            if (!ra.has(k, l)) continue;
            gx += +rb.has(k + 1, l) - +rb.has(k - 1, l);
            gy += +rb.has(k, l + 1) - +rb.has(k, l - 1);
        }
    }
    return [gx, gy];
}

/** Whether the double sum a + b is exact (its rounding error, by Knuth's two-sum, is 0). */
function exactSum(a: number, b: number): boolean {
    const s = a + b, bb = s - a;
    return (a - (s - bb)) + (b - bb) === 0;
}

describe('rasterizeMask matches the definition sample for sample', () => {
    it('on random masks, transforms and accuracies (every cell of the collider box)', () => {
        const raster = new WorldRaster();
        let cells = 0;
        fc.assert(fc.property(fc.integer(), accuracyArb, fc.integer(), (seed, acc, tseed) => {
            const m = randomMask(rng(seed));
            const t = fc.sample(transformArb(m.width, m.height), { seed: tseed, numRuns: 1 })[0];
            rasterizeMask(m, t, acc, raster);
            const [k0, l0, k1, l1] = refCells(m, t, acc);
            for (let l = l0; l <= l1; l++) {
                for (let k = k0; k <= k1; k++) {
                    cells++;
                    const want = refMember(m, t, acc, k, l);
                    if (raster.has(k, l) !== want) {
                        throw new Error(`cell (${k}, ${l}): raster says ${!want}, definition says ${want}; mask seed ${seed} ${m.width}x${m.height}, t ${JSON.stringify(t)}, accuracy ${acc}`);
                    }
                }
            }
            checkRowSummaries(raster);
        }), { numRuns: 1500 });
        expect(cells).toBeGreaterThan(100000);
    });

    it('with a clip window, agrees with the full raster inside it (and is never wrong outside it)', () => {
        const full = new WorldRaster();
        const clipped = new WorldRaster();
        fc.assert(fc.property(fc.integer(), accuracyArb, fc.integer(), fc.integer({ min: 0, max: 1000 }), (seed, acc, tseed, wseed) => {
            const m = randomMask(rng(seed));
            const t = fc.sample(transformArb(m.width, m.height), { seed: tseed, numRuns: 1 })[0];
            rasterizeMask(m, t, acc, full);
            const r = rng(wseed);
            const k0 = full.k0 + Math.floor(r() * (full.width + 4)) - 2, l0 = full.l0 + Math.floor(r() * (full.height + 4)) - 2;
            const win = { k0, l0, k1: k0 + Math.floor(r() * full.width), l1: l0 + Math.floor(r() * full.height) };
            rasterizeMask(m, t, acc, clipped, win);
            for (let l = win.l0 - 1; l <= win.l1 + 1; l++) {
                for (let k = win.k0 - 1; k <= win.k1 + 1; k++) {
                    const inWin = k >= win.k0 && k <= win.k1 && l >= win.l0 && l <= win.l1;
                    if (inWin) expect(clipped.has(k, l)).toBe(full.has(k, l));
                    else if (clipped.has(k, l)) expect(full.has(k, l)).toBe(true);
                }
            }
        }), { numRuns: 200 });
    });

    it('uses zero-copy views for quarter turns and flips at one texel per cell', () => {
        const m = blob(20, 12, rng(3));
        const raster = new WorldRaster();
        for (let q = 0; q < 4; q++) {
            for (const flip of [1, -1]) {
                const t = affineFromTRS(affine(1, 0, 0, 1, 0, 0), 3.25, -7.5, (q * Math.PI) / 2, flip, -1);
                t.a = Math.round(t.a); t.b = Math.round(t.b); t.c = Math.round(t.c); t.d = Math.round(t.d);
                expect(isUnitQuarterTurn(t, 1)).toBe(true);
                rasterizeMask(m, t, 1, raster);
                expect(raster.source).not.toBeNull();
                const [k0, l0, k1, l1] = refCells(m, t, 1);
                for (let l = l0; l <= l1; l++) for (let k = k0; k <= k1; k++) expect(raster.has(k, l)).toBe(refMember(m, t, 1, k, l));
            }
        }
    });

    it('decides samples lying exactly on texel edges by the half-open rule', () => {
        // Scale 2 at accuracy 1 with offset 0.5: every other sample sits exactly on a texel edge.
        const m = BitMask.fromRows(['#.#', '.#.', '##.']);
        const t = affine(2, 0, 0, 2, 0.5, 0.5);
        const raster = rasterizeMask(m, t, 1, new WorldRaster());
        const [k0, l0, k1, l1] = refCells(m, t, 1);
        for (let l = l0; l <= l1; l++) for (let k = k0; k <= k1; k++) expect(raster.has(k, l)).toBe(refMember(m, t, 1, k, l));
        // Sample (1.5, 0.5) maps to local (0.5, 0): texel (0, 0), opaque.
        expect(raster.has(1, 0)).toBe(true);
        // Sample (2.5, 0.5) maps to (1, 0): texel (1, 0), transparent (the edge belongs to the right texel).
        expect(raster.has(2, 0)).toBe(false);
    });
});

describe('testMasks agrees with the brute-force reference', () => {
    it('on thousands of random pairs: hit, count, rect and centroid', () => {
        const out = new Contact();
        let hits = 0;
        fc.assert(fc.property(caseArb, ({ a, b, ta, tb, acc, seeds }) => {
            const ref = refTest(a, ta, b, tb, acc);
            const what = `masks from seeds ${seeds}, ta ${JSON.stringify(ta)}, tb ${JSON.stringify(tb)}, accuracy ${acc}`;
            const hit = testMasks(a, ta, b, tb, { accuracy: acc }, out);
            if (hit !== ref.hit || out.count !== ref.count) throw new Error(`count ${out.count}, reference ${ref.count}: ${what}`);
            if (ref.hit) {
                hits++;
                const s = 1 / acc;
                expect(out.minX).toBe(ref.minK * s);
                expect(out.maxX).toBe((ref.maxK + 1) * s);
                expect(out.minY).toBe(ref.minL * s);
                expect(out.maxY).toBe((ref.maxL + 1) * s);
                expect(out.centroidX).toBeCloseTo((ref.sumK / ref.count + 0.5) * s, 9);
                expect(out.centroidY).toBeCloseTo((ref.sumL / ref.count + 0.5) * s, 9);
                expect(Math.hypot(out.normalX, out.normalY)).toBeCloseTo(1, 12);
            }
            expect(testMasks(a, ta, b, tb, { accuracy: acc, contact: false }, out)).toBe(ref.hit);
            expect(testMasks(a, ta, b, tb, { accuracy: acc, contact: 'count' }, out)).toBe(ref.hit);
            expect(out.count).toBe(ref.count);
        }), { numRuns: 3000, reporter: (r) => { if (r.failed) throw new Error(String(r.errorInstance)); } });
        expect(hits).toBeGreaterThan(600);
    });
});

describe('boundary table (axis-aligned, accuracy 1, masks 4x4 full, B moved against A)', () => {
    // A occupies cells [0, 4) x [0, 4). Identity transforms: texel (i, j) = cell (i, j).
    const A = full(4, 4);
    const B = full(4, 4);
    const id = affine(1, 0, 0, 1, 0, 0);
    const at = (x: number, y: number) => affine(1, 0, 0, 1, x, y);
    const rows: [string, number, number, number][] = [
        ['same place', 0, 0, 16],
        ['overlap by one column (right)', 3, 0, 4],
        ['off right by one cell (touching edges)', 4, 0, 0],
        ['overlap by one column (left)', -3, 0, 4],
        ['off left (touching edges)', -4, 0, 0],
        ['overlap by one row (top)', 0, 3, 4],
        ['off top (touching)', 0, 4, 0],
        ['off bottom (touching)', 0, -4, 0],
        ['corner cell only', 3, 3, 1],
        ['touching at a corner', 4, 4, 0],
        ['B starts exactly on the last samples of A: the edge belongs to B', 3.5, 0, 4],
        ['B starts just past them: no shared sample', 3.5000001, 0, 0],
        ['B starts just before them: one column', 3.4999999, 0, 4],
        ['A ends exactly on the samples: the edge does not belong to A', -3.5, 0, 0],
        ['far away', 100, -100, 0],
    ];
    it.each(rows)('%s', (_name, x, y, count) => {
        const c = new Contact();
        testMasks(A, id, B, at(x, y), {}, c);
        expect(c.count).toBe(count);
        expect(c.hit).toBe(count > 0);
    });

    it('one box entirely inside the other (the case seed 000 gets wrong)', () => {
        const big = full(40, 30);
        const small = full(5, 3);
        const c = new Contact();
        expect(testMasks(big, id, small, at(17.2, 11.6), {}, c)).toBe(true);
        expect(c.count).toBe(15);
        expect(c.minX).toBe(17); expect(c.maxX).toBe(22);
        expect(c.minY).toBe(12); expect(c.maxY).toBe(15);
        // And the other way round.
        expect(testMasks(small, at(17.2, 11.6), big, id, {}, c)).toBe(true);
        expect(c.count).toBe(15);
    });

    it('a one-texel ring does not collide with a dot in its hole', () => {
        const ringMask = BitMask.fromRows(['#####', '#...#', '#...#', '#...#', '#####']);
        const dot = BitMask.fromRows(['#']);
        expect(testMasks(ringMask, id, dot, at(2, 2))).toBe(false);
        expect(testMasks(ringMask, id, dot, at(0, 2))).toBe(true);
    });
});

describe('contact normal and separation', () => {
    const id = affine(1, 0, 0, 1, 0, 0);
    it('points from A towards B', () => {
        const A = disc(32, 32), B = disc(32, 32);
        const c = new Contact();
        const dirs: [number, number][] = [[20, 0], [-20, 0], [0, 20], [0, -20], [14, 14]];
        for (const [x, y] of dirs) {
            testMasks(A, id, B, affine(1, 0, 0, 1, x, y), {}, c);
            const len = Math.hypot(x, y);
            expect(c.normalX * (x / len) + c.normalY * (y / len)).toBeGreaterThan(0.9);
        }
    });

    it('is exactly the documented finite difference of the shared count (brute force over the cells)', () => {
        const out = new Contact();
        const ra = new WorldRaster(), rb = new WorldRaster();
        let checked = 0;
        fc.assert(fc.property(caseArb, ({ a, b, ta, tb, acc }) => {
            if (!testMasks(a, ta, b, tb, { accuracy: acc }, out)) return;
            const [gx, gy] = bruteGradient(out, rasterizeMask(a, ta, acc, ra), rasterizeMask(b, tb, acc, rb), acc);
            if (gx === 0 && gy === 0) return; // the fallback direction: 'with a zero gradient ...' below
            const len = Math.hypot(gx, gy);
            expect(out.normalX).toBeCloseTo(gx / len, 12);
            expect(out.normalY).toBeCloseTo(gy / len, 12);
            checked++;
        }), { numRuns: 400 });
        expect(checked).toBeGreaterThan(50);
    });

    it('is the documented finite difference on irregular masks too (rings, noise, unions of discs: rows of 1-4 and of many runs on either side)', () => {
        const out = new Contact();
        const ra = new WorldRaster(), rb = new WorldRaster();
        const kind = (r: () => number, n: number): BitMask => {
            const k = Math.floor(r() * 5);
            return k === 0 ? ring(n, n) : k === 1 ? noise(n, n, r, 0.3 + 0.5 * r()) : k === 2 ? discs(n, n, r) : k === 3 ? blob(n, n, r) : randomMask(r, n);
        };
        let checked = 0;
        fc.assert(fc.property(
            fc.integer(), fc.integer({ min: 6, max: 90 }), fc.double({ min: -1, max: 1, noNaN: true }), fc.double({ min: -1, max: 1, noNaN: true }),
            fc.constantFrom(0, 0, 0.5), fc.boolean(), fc.constantFrom(1, 1, 2),
            (seed, n, dx, dy, rot, yUp, acc) => {
                const r = rng(seed);
                const a = kind(r, n), b = kind(r, n);
                const ta = affine(1, 0, 0, yUp ? 1 : -1, 0.3, 0.6);
                const tb = affineMultiply(affine(1, 0, 0, 1, 0, 0), affineFromTRS(affine(1, 0, 0, 1, 0, 0), 0.3 + dx * n, 0.6 + dy * n, rot, 1, yUp ? 1 : -1), affine(1, 0, 0, 1, 0, 0));
                if (rot === 0) { tb.a = 1; tb.b = 0; tb.c = 0; tb.d = yUp ? 1 : -1; }
                if (!testMasks(a, ta, b, tb, { accuracy: acc }, out)) return;
                const [gx, gy] = bruteGradient(out, rasterizeMask(a, ta, acc, ra), rasterizeMask(b, tb, acc, rb), acc);
                if (gx === 0 && gy === 0) return;
                const len = Math.sqrt(gx * gx + gy * gy);
                // Bit for bit: the same integers, normalized the same way.
                expect([out.normalX, out.normalY]).toEqual([gx / len, gy / len]);
                checked++;
            }), { numRuns: 500 });
        expect(checked).toBeGreaterThan(200);
    });

    it('with a zero gradient (B deep inside A), points from the centre of A\'s raster to the centre of B\'s', () => {
        // B (4 x 4, solid) lies well inside A (40 x 30, solid): moving B by one cell in any
        // direction keeps all 16 samples shared, so the count's gradient is zero and the normal
        // falls back to the direction between the rasters' centres. Both are zero-copy views
        // (unrotated, unit scale), so the rasters are the masks themselves.
        const A = full(40, 30), B = full(4, 4);
        const c = new Contact();
        for (const [x, y] of [[6, 5], [30, 4], [20, 22], [3, 20], [18, 10]] as const) {
            expect(testMasks(A, id, B, affine(1, 0, 0, 1, x, y), {}, c)).toBe(true);
            expect(c.count).toBe(16);
            const dx = x + 2 - 20, dy = y + 2 - 15; // centre of B's raster minus centre of A's
            const len = Math.hypot(dx, dy);
            expect(c.normalX).toBeCloseTo(dx / len, 12);
            expect(c.normalY).toBeCloseTo(dy / len, 12);
        }
        // Concentric: no direction at all, the documented (0, 1).
        expect(testMasks(A, id, B, affine(1, 0, 0, 1, 18, 13), {}, c)).toBe(true);
        expect([c.normalX, c.normalY]).toEqual([0, 1]);
        // And turned around (B, A): the direction flips.
        expect(testMasks(B, affine(1, 0, 0, 1, 6, 5), A, id, {}, c)).toBe(true);
        const len = Math.hypot(12, 8);
        expect(c.normalX).toBeCloseTo(12 / len, 12);
        expect(c.normalY).toBeCloseTo(8 / len, 12);
    });

    it('the separation, applied to B, ends the overlap (random pairs)', () => {
        const out = new Contact();
        const check = new Contact();
        let separated = 0;
        fc.assert(fc.property(caseArb, ({ a, b, ta, tb, acc, seeds }) => {
            const what = `masks from seeds ${seeds}, ta ${JSON.stringify(ta)}, tb ${JSON.stringify(tb)}, accuracy ${acc}`;
            separateMasks(a, ta, b, tb, { accuracy: acc }, out);
            if (!out.hit) {
                expect(out.separationX).toBe(0);
                expect(out.separationY).toBe(0);
                return;
            }
            expect(out.hasSeparation).toBe(true);
            // A whole number of cells: B's samples move by exactly that many cells.
            const kx = Math.round(out.separationX * acc), ly = Math.round(out.separationY * acc);
            expect(Math.abs(out.separationX * acc - kx) < 1e-9 && Math.abs(out.separationY * acc - ly) < 1e-9).toBe(true);
            const tx = tb.tx + out.separationX, ty = tb.ty + out.separationY;
            // (Exact only when the cells' centres are exact too, a power-of-two accuracy: with one
            // such as 0.25000000000000056 the samples' positions round, and a sample on a texel
            // edge of B can fall either side after the move; that is the rounding limit below.)
            if (2 ** Math.round(Math.log2(acc)) === acc
                && tx - tb.tx === out.separationX && ty - tb.ty === out.separationY && exactSum(tb.tx, out.separationX) && exactSum(tb.ty, out.separationY)) {
                // The sums are exact: B moved by the separation shares no sample with A.
                const moved = { ...tb, tx, ty };
                if (testMasks(a, ta, b, moved, { accuracy: acc }, check)) throw new Error(`still overlapping after separation (${out.separationX}, ${out.separationY}): ${what}`);
            } else {
                // The sums round (the documented limit): B's raster shifted by the whole cells.
                const ra = rasterizeMask(a, ta, acc, new WorldRaster()), rb = rasterizeMask(b, tb, acc, new WorldRaster());
                for (let l = ra.l0; l < ra.l0 + ra.height; l++) {
                    for (let k = ra.k0; k < ra.k0 + ra.width; k++) {
                        if (ra.has(k, l) && rb.has(k - kx, l - ly)) throw new Error(`still overlapping after separation (${out.separationX}, ${out.separationY}), cell (${k}, ${l}): ${what}`);
                    }
                }
            }
            // Along the normal (each step rounded to whole cells).
            const len = Math.hypot(out.separationX, out.separationY);
            const along = (out.separationX * out.normalX + out.separationY * out.normalY) / len;
            if (!(along > 0.7)) throw new Error(`separation (${out.separationX}, ${out.separationY}) is not along the normal (${out.normalX}, ${out.normalY}): ${what}`);
            separated++;
        }), { numRuns: 600, reporter: (r) => { if (r.failed) throw new Error(String(r.errorInstance)); } });
        expect(separated).toBeGreaterThan(100);
    });

    it('is zero when nothing overlaps', () => {
        const c = separateMasks(full(4, 4), id, full(4, 4), affine(1, 0, 0, 1, 10, 0));
        expect(c.hit).toBe(false);
        expect(c.separationX).toBe(0);
        expect(c.separationY).toBe(0);
    });

    it('pushes a box out of a wall by the shortest amount along the normal', () => {
        const wall = full(10, 40);
        const box = full(8, 8);
        // Box overlaps the wall's right side by 3 columns.
        const c = separateMasks(wall, id, box, affine(1, 0, 0, 1, 7, 10));
        expect(c.normalX).toBeCloseTo(1, 9);
        expect(c.separationX).toBe(3);
        expect(c.separationY).toBe(0);
    });
});

describe('bad input', () => {
    const m = full(4, 4);
    const id = affine(1, 0, 0, 1, 0, 0);
    it.each([0, -1, NaN, Infinity, 1000])('accuracy %p is refused with a message naming it', (acc) => {
        expect(() => testMasks(m, id, m, id, { accuracy: acc })).toThrow(/accuracy must be a number in \(0, 64\]/);
    });
    it('a NaN transform is refused', () => {
        expect(() => testMasks(m, affine(NaN, 0, 0, 1, 0, 0), m, id)).toThrow(/NaN or infinite/);
        expect(() => testMasks(m, id, m, affine(1, 0, 0, 1, Infinity, 0))).toThrow(/NaN or infinite/);
    });
    it('a non-invertible transform (zero scale) is refused', () => {
        expect(() => testMasks(m, affine(0, 0, 0, 1, 0, 0), m, id)).toThrow(/not invertible/);
        expect(() => testMasks(m, affine(1, 2, 2, 4, 0, 0), m, id)).toThrow(/not invertible/);
    });
    it('an enormous raster is refused instead of eating the memory', () => {
        expect(() => testMasks(m, affine(1e6, 0, 0, 1e6, 0, 0), m, id, { accuracy: 1 })).toThrow(/lower the accuracy or the scale/);
    });
});

/** A square mask of side 2 * half centred on (x, y), turned by `rot` and scaled by `s` (image y down). */
function turnedAbout(x: number, y: number, rot: number, s: number, half: number): Affine2D {
    const t = affineFromTRS(affine(1, 0, 0, 1, 0, 0), x, y, rot, s, -s);
    return affineMultiply(t, t, affine(1, 0, 0, 1, -half, -half));
}

describe('the raster memo', () => {
    it('answers from the mask as it is now: a mask edited after a testMasks call is rasterized again (mask.version)', () => {
        clearRasterMemo();
        const a = full(24, 24), b = blob(24, 24, rng(5));
        // Rotated and scaled: both go through the exact rasterizer and the memo (views do not).
        const ta = turnedAbout(0, 0, 0.4, 1.2, 12), tb = turnedAbout(6, 3, -0.3, 1.1, 12);
        const c = new Contact();
        for (const opts of [{}, { contact: 'count' as const }, { contact: false }]) {
            const before = refTest(a, ta, b, tb, 1);
            expect(before.hit).toBe(true);
            testMasks(a, ta, b, tb, opts, c);
            if (opts.contact !== false) expect(c.count).toBe(before.count);
            // Carve a's whole middle out (set() bumps a.version), then ask again with the same
            // transforms: the memo must not answer from a's old raster.
            for (let j = 2; j < 22; j++) for (let i = 2; i < 22; i++) a.set(i, j, false);
            const after = refTest(a, ta, b, tb, 1);
            expect(after.count).toBeLessThan(before.count);
            testMasks(a, ta, b, tb, opts, c);
            expect(c.hit).toBe(after.hit);
            if (opts.contact !== false) expect(c.count).toBe(after.count);
            // And b edited in place through its words plus changed().
            b.bits.fill(0);
            b.changed();
            expect(testMasks(a, ta, b, tb, opts, c)).toBe(false);
            expect(c.count).toBe(0);
            // Restore both for the next mode.
            for (let j = 0; j < 24; j++) for (let i = 0; i < 24; i++) a.set(i, j, true);
            b.bits.set(blob(24, 24, rng(5)).bits);
            b.changed();
        }
    });
});

describe('clearRasterMemo', () => {
    it('forgets every memoized raster: the next call rasterizes both masks again', () => {
        // 48² masks, rotated and scaled: windows far above the cell-by-cell limits, so both go
        // through the rasterizer (which reads each mask's boundary runs) and the memo.
        const a = full(48, 48), b = blob(48, 48, rng(3));
        const ta = turnedAbout(0, 0, 0.4, 1.2, 24), tb = turnedAbout(9, 4, -0.3, 1.1, 24);
        const c = new Contact();
        const runsA = jest.spyOn(a, 'boundaryRuns'), runsB = jest.spyOn(b, 'boundaryRuns');
        try {
            clearRasterMemo();
            testMasks(a, ta, b, tb, { contact: 'count' }, c);
            const want = refTest(a, ta, b, tb, 1).count;
            expect(c.count).toBe(want);
            expect([runsA.mock.calls.length, runsB.mock.calls.length]).toEqual([1, 1]);
            testMasks(a, ta, b, tb, { contact: 'count' }, c); // both from the memo
            expect([runsA.mock.calls.length, runsB.mock.calls.length]).toEqual([1, 1]);
            clearRasterMemo();
            testMasks(a, ta, b, tb, { contact: 'count' }, c);
            expect([runsA.mock.calls.length, runsB.mock.calls.length]).toEqual([2, 2]);
            expect(c.count).toBe(want);
        } finally {
            runsA.mockRestore();
            runsB.mockRestore();
        }
    });
});

describe('no allocation after warm-up', () => {
    it('testMasks allocates no raster buffer while a scene repeats (1 big rotated vs 20 small)', () => {
        clearRasterMemo();
        const big = blob(128, 128, rng(1));
        const small = blob(24, 24, rng(2));
        const out = new Contact();
        const opts = { accuracy: 1 };
        const tBig = affine(1, 0, 0, 1, 0, 0);
        const ts = affine(1, 0, 0, 1, 0, 0);
        const frame = (f: number) => {
            affineFromTRS(tBig, 0, 0, 0.5 + (f % 5) * 0.01, 1.3, -1.3);
            for (let i = 0; i < 20; i++) {
                affineFromTRS(ts, -60 + i * 6, (i % 3) * 10, i * 0.3 + (f % 20) * 0.01, 1, -1); // the scene repeats every 20 frames
                testMasks(big, tBig, small, ts, opts, out);
            }
        };
        // Warm-up: two periods of the scene. Pairs answered cell by cell (narrow-small.ts) leave
        // the raster memo alone, so its slots settle into the scene's period later (the last
        // buffer grows in frame 28; none after it, checked up to frame 400).
        for (let f = 0; f < 40; f++) frame(f);
        const before = WorldRaster.allocations;
        for (let f = 40; f < 240; f++) frame(f);
        expect(WorldRaster.allocations).toBe(before);
    });
});

describe('near misses: the span and band rejects agree with the definition', () => {
    it('discs, rings and blobs placed around touching, axis-aligned and flipped (boolean and count)', () => {
        const out = new Contact();
        const shapes = [disc(40, 40), disc(23, 37), ring(40, 40), blob(41, 33, rng(9))];
        let hits = 0, misses = 0;
        for (let i = 0; i < shapes.length; i++) {
            for (let j = 0; j < shapes.length; j++) {
                const a = shapes[i], b = shapes[j];
                for (let step = 0; step < 60; step++) {
                    // B walks diagonally (and off-diagonally) past A, through the touching distance.
                    const ang = (step % 12) * (Math.PI / 6) + 0.1;
                    const d = 20 + (step % 5) * 3 + (step / 60) * 8;
                    const ta = { a: 1, b: 0, c: 0, d: -1, tx: 0.3, ty: 0.6 };
                    const tb = { a: step % 2 ? -1 : 1, b: 0, c: 0, d: -1, tx: 0.3 + d * Math.cos(ang) + (step % 2 ? b.width : 0), ty: 0.6 + d * Math.sin(ang) };
                    const want = refTest(a, ta, b, tb, 1);
                    expect(testMasks(a, ta, b, tb, { contact: false }, out)).toBe(want.count > 0);
                    expect(testMasks(a, ta, b, tb, { contact: 'count' }, out)).toBe(want.count > 0);
                    expect(out.count).toBe(want.count);
                    if (want.count > 0) hits++; else misses++;
                }
            }
        }
        expect(hits).toBeGreaterThan(100);
        expect(misses).toBeGreaterThan(100);
    });
});

describe('the pair window (oriented boxes clipped) never loses a shared sample', () => {
    it('full masks scaled or rotated, slid through touching in quarter-cell steps, every contact mode', () => {
        const out = new Contact();
        const a = full(8, 8), b = full(5, 7);
        let hits = 0, misses = 0;
        for (const rot of [0, Math.PI / 4, Math.PI / 6, -Math.PI / 3]) {
            for (const scale of [2, 1.5, 0.75]) {
                const ta = affine(1, 0, 0, 1, 0, 0);
                affineFromTRS(ta, 3, -2, rot, scale, scale);
                for (let step = -12; step <= 12; step++) {
                    // Along A's own x axis, from overlapping by 3 cells to apart by 3.
                    const d = 8 * scale + step * 0.25;
                    const tb = affine(1, 0, 0, 1, 0, 0);
                    affineFromTRS(tb, 3 + d * Math.cos(rot), -2 + d * Math.sin(rot), rot, scale, -scale);
                    // B is flipped in y; moving its origin by 7 texels along its y axis puts
                    // its box back beside A's, meeting along A's right edge.
                    const tb2 = { ...tb, tx: tb.tx - tb.c * 7, ty: tb.ty - tb.d * 7 };
                    for (const acc of [1, 2, 0.5]) {
                        const want = refTest(a, ta, b, tb2, acc);
                        testMasks(a, ta, b, tb2, { accuracy: acc }, out);
                        expect(out.count).toBe(want.count);
                        expect(testMasks(a, ta, b, tb2, { accuracy: acc, contact: false }, out)).toBe(want.count > 0);
                        if (want.count > 0) hits++; else misses++;
                    }
                }
            }
        }
        expect(hits).toBeGreaterThan(50);
        expect(misses).toBeGreaterThan(50);
    });
});

describe('the pair window far from the origin', () => {
    it('rotated full masks touching at coordinates up to 1e9 agree with the reference', () => {
        const out = new Contact();
        const a = full(6, 6), b = full(6, 6);
        let hits = 0;
        for (const far of [1e3, 1e6, 1e9]) {
            for (let step = -6; step <= 6; step++) {
                const ta = affine(1, 0, 0, 1, 0, 0);
                affineFromTRS(ta, far, -far, Math.PI / 6, 1.5, 1.5);
                const d = 9 + step * 0.25;
                const tb = affine(1, 0, 0, 1, 0, 0);
                affineFromTRS(tb, far + d * Math.cos(Math.PI / 6), -far + d * Math.sin(Math.PI / 6), Math.PI / 6, 1.5, 1.5);
                const want = refTest(a, ta, b, tb, 1);
                testMasks(a, ta, b, tb, { accuracy: 1 }, out);
                expect(out.count).toBe(want.count);
                if (want.count > 0) hits++;
            }
        }
        expect(hits).toBeGreaterThan(5);
    });
});
