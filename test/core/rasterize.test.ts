import fc from 'fast-check';
import type { Affine2D } from '../../extensions/pixel-collision/assets/core';
import { affine, affineFromTRS, affineMultiply, BitMask, WorldRaster, rasterizeMask } from '../../extensions/pixel-collision/assets/core';
import { checkRowSummaries, refCells, refMember } from './reference';
import { blob, full, noise, randomMask, ring, rng } from '../fixtures/masks';

/**
 * The exact rasterizer (rotated / scaled / skewed masks) against the brute-force reference, on
 * the corners its batched scanline code has to get right: runs spanning many sample rows (large
 * scales), many runs (work lists that outgrow their first buffer), far-away positions (large
 * coordinates, error bounds that scale with them), flips and skews (every sign combination of
 * the inverse), near-singular transforms and samples exactly on texel edges (the slow exact
 * path), and clip windows.
 */

/**
 * Every cell of the collider's (generous) box agrees with the definition, and the row summaries
 * with the bits (narrow rasters and wide ones are summarized by two different loops). Returns
 * cells checked.
 */
function checkAll(m: BitMask, t: Affine2D, acc: number, raster: WorldRaster, what: string): number {
    rasterizeMask(m, t, acc, raster);
    checkRowSummaries(raster);
    const [k0, l0, k1, l1] = refCells(m, t, acc);
    let cells = 0;
    for (let l = l0; l <= l1; l++) {
        for (let k = k0; k <= k1; k++) {
            cells++;
            const want = refMember(m, t, acc, k, l);
            if (raster.has(k, l) !== want) {
                throw new Error(`cell (${k}, ${l}): raster says ${!want}, definition says ${want}; ${what}, mask ${m.width}x${m.height}, t ${JSON.stringify(t)}, accuracy ${acc}`);
            }
        }
    }
    return cells;
}

/** Centred anchor (image rows down), then scale/flip, rotation, optional skew, translation. */
function transform(p: { x: number; y: number; rot: number; sx: number; sy: number; skew: number }, w: number, h: number): Affine2D {
    const t = affineFromTRS(affine(1, 0, 0, 1, 0, 0), p.x, p.y, p.rot, p.sx, p.sy);
    if (p.skew !== 0) affineMultiply(t, t, affine(1, 0, p.skew, 1, 0, 0));
    return affineMultiply(t, t, affine(1, 0, 0, -1, -w / 2, h / 2));
}

const signedScale = (min: number, max: number) => fc.tuple(fc.boolean(), fc.double({ min, max, noNaN: true })).map(([neg, v]) => (neg ? -v : v));

const accuracyArb = fc.oneof(fc.constantFrom(0.25, 0.5, 1, 2, 4), fc.double({ min: 0.25, max: 4, noNaN: true }));

describe('rasterizeMask (exact path) matches the definition', () => {
    it('at large scales (runs crossing many sample rows), with flips and skews', () => {
        const raster = new WorldRaster();
        let cells = 0;
        fc.assert(fc.property(
            fc.integer(), fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }), signedScale(1.5, 5), signedScale(1.5, 5),
            fc.oneof(fc.constant(0), fc.double({ min: -1.5, max: 1.5, noNaN: true })),
            fc.double({ min: -30, max: 30, noNaN: true }), fc.double({ min: -30, max: 30, noNaN: true }), fc.constantFrom(0.5, 1, 1.3),
            (seed, rot, sx, sy, skew, x, y, acc) => {
                const m = randomMask(rng(seed), 14);
                const t = transform({ x, y, rot, sx, sy, skew }, m.width, m.height);
                cells += checkAll(m, t, acc, raster, `seed ${seed}`);
            }), { numRuns: 150 });
        expect(cells).toBeGreaterThan(50000);
    });

    it('far from the origin (tx, ty up to 1e7) at accuracies 0.25..4', () => {
        const raster = new WorldRaster();
        fc.assert(fc.property(
            fc.integer(), fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }), signedScale(0.3, 2.5), signedScale(0.3, 2.5),
            fc.constantFrom(1e3, 1e5, 1e6, 1e7), fc.double({ min: -1, max: 1, noNaN: true }), fc.double({ min: -1, max: 1, noNaN: true }), accuracyArb,
            (seed, rot, sx, sy, far, fx, fy, acc) => {
                const m = randomMask(rng(seed), 16);
                const t = transform({ x: far * fx, y: far * fy, rot, sx, sy, skew: 0 }, m.width, m.height);
                checkAll(m, t, acc, raster, `seed ${seed}`);
            }), { numRuns: 200 });
    });

    it('with dyadic transforms (many samples exactly on texel edges: the exact slow path)', () => {
        const raster = new WorldRaster();
        const entry = fc.constantFrom(0, 0.25, 0.5, 0.75, 1, 1.5, 2, -0.25, -0.5, -1, -2);
        fc.assert(fc.property(
            fc.integer(), entry, entry, entry, entry, fc.integer({ min: -400, max: 400 }), fc.integer({ min: -400, max: 400 }), fc.constantFrom(0.5, 1, 2, 4),
            (seed, a, b, c, d, qx, qy, acc) => {
                if (a * d - b * c === 0) return;
                const m = randomMask(rng(seed), 16);
                checkAll(m, affine(a, b, c, d, qx / 4, qy / 4), acc, raster, `seed ${seed}`);
            }), { numRuns: 300 });
    });

    it('with near-singular transforms (badly conditioned crossings)', () => {
        const raster = new WorldRaster();
        fc.assert(fc.property(
            fc.integer(), fc.constantFrom(0.05, 1e-3, 1e-6), fc.constantFrom(1, 4), fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }),
            fc.double({ min: -20, max: 20, noNaN: true }), fc.double({ min: -20, max: 20, noNaN: true }), fc.constantFrom(0.5, 1, 2),
            (seed, e, K, rot, x, y, acc) => {
                const m = randomMask(rng(seed), 10);
                // Columns (K, K/2) and (K, K/2 + K*e): almost parallel, the mask squeezed onto a sliver, rotated.
                const t = affineMultiply(affine(1, 0, 0, 1, 0, 0), affineFromTRS(affine(1, 0, 0, 1, 0, 0), x, y, rot, 1, 1), affine(K, K / 2, K, K / 2 + K * e, 0, 0));
                checkAll(m, t, acc, raster, `seed ${seed}, e ${e}, K ${K}`);
            }), { numRuns: 40 });
    });

    it('on large masks with many boundary runs (work lists grow) and long runs', () => {
        const raster = new WorldRaster();
        const r = rng(7);
        const masks = [noise(70, 60, r, 0.5), full(40, 90), ring(96, 64), blob(120, 100, r)];
        let wide = 0;
        for (const [i, m] of masks.entries()) {
            for (const [rot, s, acc] of [[0.3, 1.3, 1], [2.1, -2.7, 1], [-1.2, 0.6, 2.5]] as const) {
                const t = transform({ x: 3.7 * i, y: -11.3, rot, sx: s, sy: Math.abs(s), skew: 0 }, m.width, m.height);
                checkAll(m, t, acc, raster, `mask ${i}`);
                wide = Math.max(wide, raster.stride);
            }
        }
        expect(wide).toBeGreaterThan(4); // (also rasters more than 4 words wide)
    });

    it('with clip windows: inside the window equal to the whole raster, never wrong outside', () => {
        const whole = new WorldRaster();
        const clipped = new WorldRaster();
        fc.assert(fc.property(
            fc.integer(), fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }), signedScale(0.3, 4), signedScale(0.3, 4), accuracyArb, fc.integer({ min: 0, max: 1 << 30 }),
            (seed, rot, sx, sy, acc, wseed) => {
                const m = randomMask(rng(seed), 20);
                const t = transform({ x: 5.3, y: -2.1, rot, sx, sy, skew: 0 }, m.width, m.height);
                rasterizeMask(m, t, acc, whole);
                const r = rng(wseed);
                const k0 = whole.k0 + Math.floor(r() * (whole.width + 4)) - 2, l0 = whole.l0 + Math.floor(r() * (whole.height + 4)) - 2;
                const win = { k0, l0, k1: k0 + Math.floor(r() * whole.width), l1: l0 + Math.floor(r() * whole.height) };
                rasterizeMask(m, t, acc, clipped, win);
                for (let l = win.l0 - 1; l <= win.l1 + 1; l++) {
                    for (let k = win.k0 - 1; k <= win.k1 + 1; k++) {
                        const inWin = k >= win.k0 && k <= win.k1 && l >= win.l0 && l <= win.l1;
                        if (inWin ? clipped.has(k, l) !== whole.has(k, l) : clipped.has(k, l) && !whole.has(k, l)) {
                            throw new Error(`cell (${k}, ${l}) in window ${JSON.stringify(win)}: clipped ${clipped.has(k, l)}, whole ${whole.has(k, l)}; seed ${seed}`);
                        }
                    }
                }
                // Row summaries (span, full flag, packed spans, runs, bands) describe the clipped bits.
                checkRowSummaries(clipped);
            }), { numRuns: 300 });
    });

    it('gives the same bits when the raster is reused after larger and smaller masks', () => {
        const reused = new WorldRaster();
        const r = rng(11);
        const masks = [blob(32, 32, r), noise(90, 80, r, 0.4), blob(8, 5, r), ring(50, 70)];
        const ts = masks.map((m, i) => transform({ x: 0.37 * i, y: -0.21, rot: 0.5 + i, sx: 1.3, sy: -1.3, skew: 0 }, m.width, m.height));
        for (let round = 0; round < 2; round++) {
            for (let i = 0; i < masks.length; i++) {
                const fresh = rasterizeMask(masks[i], ts[i], 1, new WorldRaster());
                rasterizeMask(masks[i], ts[i], 1, reused);
                expect([reused.k0, reused.l0, reused.width, reused.height]).toEqual([fresh.k0, fresh.l0, fresh.width, fresh.height]);
                for (let row = 0; row < fresh.height; row++) {
                    for (let w = 0; w < fresh.stride; w++) expect(reused.bits[row * reused.stride + w]).toBe(fresh.bits[row * fresh.stride + w]);
                }
            }
        }
    });
});
