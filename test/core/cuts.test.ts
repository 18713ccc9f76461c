import fc from 'fast-check';
import type { Affine2D } from '../../extensions/pixel-collision/assets/core';
import { affine, affineFromTRS, BitMask, CollisionWorld, Contact } from '../../extensions/pixel-collision/assets/core';
import { masksShareSample, pairWindowTight } from '../../extensions/pixel-collision/assets/core/narrow';
import { DIAGONALS, testMasksPerCell } from '../../extensions/pixel-collision/assets/core/narrow-small';
import { blob, disc, empty, full, maskFrom, randomMask, ring, rng } from '../fixtures/masks';
import { refTest } from './reference';

/**
 * Where the exact scans look: each window row is cut, analytically, to the cells whose sample
 * can lie in a mask's opaque texels. The cuts may only narrow what is scanned, never change an
 * answer (every cell left is still decided exactly), so the tests compare answers with the cuts
 * and without them, and with the brute-force reference of the definition.
 */

/** Every point of every opaque texel, by the texels' corners (u + v and u - v are extreme there). */
function slabsByTexels(m: BitMask): number[] | null {
    let p0 = Infinity, p1 = -Infinity, q0 = Infinity, q1 = -Infinity;
    for (let j = 0; j < m.height; j++) {
        for (let i = 0; i < m.width; i++) {
            if (!m.get(i, j)) continue;
            p0 = Math.min(p0, i + j); p1 = Math.max(p1, i + j + 2);
            q0 = Math.min(q0, i - j - 1); q1 = Math.max(q1, i - j + 1);
        }
    }
    return p0 <= p1 ? [p0, p1, q0, q1] : null;
}

describe('BitMask.diagonalSlabs', () => {
    it('are the tightest slabs u + v in [p0, p1], u - v in [q0, q1] holding every opaque texel', () => {
        const r = rng(41);
        const masks = [blob(48, 48, rng(1)), disc(17, 9), ring(20, 20), full(3, 5)];
        for (let i = 0; i < 200; i++) masks.push(randomMask(r, 30));
        for (const m of masks) {
            const want = slabsByTexels(m);
            const got = Array.from(m.diagonalSlabs());
            expect(got).toEqual(want ?? [0, 0, 0, 0]);
        }
    });

    it('are recomputed after the mask changes, and all 0 for an empty mask', () => {
        const m = empty(8, 8);
        expect(Array.from(m.diagonalSlabs())).toEqual([0, 0, 0, 0]);
        m.set(2, 3, true);
        expect(Array.from(m.diagonalSlabs())).toEqual([5, 7, -2, 0]);
        m.set(7, 0, true);
        expect(Array.from(m.diagonalSlabs())).toEqual([5, 9, -2, 8]);
    });
});

const FIELDS = ['hit', 'count', 'minX', 'maxX', 'minY', 'maxY', 'centroidX', 'centroidY', 'normalX', 'normalY'] as const;
const snap = (c: Contact): unknown[] => FIELDS.map((f) => c[f]);

/** testMasksPerCell with the octagon's diagonal cuts on or off. */
function perCell(on: boolean, a: BitMask, ta: Affine2D, b: BitMask, tb: Affine2D, acc: number, contact: boolean | 'count', out: Contact): number {
    const win = pairWindowTight(a, ta, b, tb, acc);
    if (win === null) return -2;
    const w = { ...win };
    DIAGONALS.on = on;
    try {
        return testMasksPerCell(a, ta, b, tb, { accuracy: acc, contact }, w, out);
    } finally {
        DIAGONALS.on = true;
    }
}

describe('cell by cell, rows cut by the masks\' octagons', () => {
    it('gives the same contact as rows cut by their boxes alone, and the reference\'s count (random turns, scales, skews, accuracies)', () => {
        const masks = [blob(24, 24, rng(3)), disc(15, 11), ring(16, 16), full(9, 4)];
        fc.assert(fc.property(
            fc.record({
                ia: fc.integer({ min: 0, max: 3 }), ib: fc.integer({ min: 0, max: 3 }), seed: fc.integer(),
                angA: fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }), angB: fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }),
                // Whole-degree and right-angle turns too: cuts that are exactly diagonal, or constant along a row.
                snap: fc.constantFrom(0, 1, 2), dx: fc.integer({ min: -28, max: 28 }), dy: fc.integer({ min: -28, max: 28 }),
                half: fc.boolean(), sx: fc.constantFrom(1, -1, 0.75, 1.5), acc: fc.constantFrom(1, 2, 0.5, 1.25),
                contact: fc.constantFrom(true, 'count' as const, false),
            }),
            (p) => {
                const r = rng(p.seed);
                const a = masks[p.ia], b = p.ib === 3 ? randomMask(r, 20) : masks[p.ib];
                const turn = (x: number): number => p.snap === 0 ? x : p.snap === 1 ? Math.round(x * 180 / Math.PI) * Math.PI / 180 : Math.round(x / (Math.PI / 4)) * (Math.PI / 4);
                const ta = affineFromTRS(affine(1, 0, 0, 1, 0, 0), 0, 0, turn(p.angA), p.sx, 1);
                const off = p.half ? 0.5 : 0;
                const tb = affineFromTRS(affine(1, 0, 0, 1, 0, 0), p.dx + off, p.dy - off, turn(p.angB), 1, p.sx);
                const on = new Contact(), off2 = new Contact();
                const rOn = perCell(true, a, ta, b, tb, p.acc, p.contact, on);
                const rOff = perCell(false, a, ta, b, tb, p.acc, p.contact, off2);
                expect(rOn).toBe(rOff);
                if (rOn < 0) return;
                expect(snap(on)).toEqual(snap(off2));
                const ref = refTest(a, ta, b, tb, p.acc);
                expect(on.hit).toBe(ref.hit);
                if (p.contact !== false) expect(on.count).toBe(ref.count);
            },
        ), { numRuns: 400 });
    });
});

describe('the exact scan of a yes/no near right angles', () => {
    // A sprite turned by 90 degrees in floating point: cos(pi / 2) = 6.1e-17, not 0. Along a row
    // of samples its u barely changes; a row lying on a texel edge was cut away by the rounding
    // of a quotient by that tiny slope, and this pair (which shares cells of that row) was
    // answered "no" (found by a random search against the reference).
    const b = maskFrom(5, 3, (x, y) => ['#.##.', '.##.#', '.###.'][Math.floor(y)][Math.floor(x)] === '#');
    const a = full(5, 6);
    const ta: Affine2D = { a: 6.123233995736766e-17, b: 1, c: -1, d: 6.123233995736766e-17, tx: 7.5, ty: 6.5 };
    const tb: Affine2D = { a: 6.123233995736766e-17, b: 1, c: -1, d: 6.123233995736766e-17, tx: 5.5, ty: 2.5 };

    it('finds the shared samples of a pair turned by a floating-point right angle', () => {
        expect(refTest(a, ta, b, tb, 1).hit).toBe(true);
        expect(masksShareSample(a, ta, b, tb, 1)).toBe(true);
        expect(masksShareSample(a, ta, b, tb, 1, null, true)).toBe(true);
    });

    it('and so does a world (its lazy decision), with the reference\'s count', () => {
        const world = new CollisionWorld();
        const ca = world.add({ shape: { kind: 'mask', mask: a }, transform: ta });
        const cb = world.add({ shape: { kind: 'mask', mask: b }, transform: tb });
        const seen: number[] = [];
        world.addListener({ onEnter: (x, y, c) => { seen.push(x.id, y.id, c.count); } });
        world.step();
        expect(seen).toEqual([ca.id, cb.id, refTest(a, ta, b, tb, 1).count]);
    });

    it('agrees with the reference on random pairs turned by float right angles, on half-cell placements', () => {
        const r = rng(77);
        const turns = [Math.PI / 2, -Math.PI / 2, Math.PI, 3 * Math.PI / 2, (90 * Math.PI) / 180, (270 * Math.PI) / 180];
        let hits = 0;
        for (let i = 0; i < 3000; i++) {
            const ma = full(1 + Math.floor(r() * 6), 1 + Math.floor(r() * 6));
            const mb = maskFrom(1 + Math.floor(r() * 6), 1 + Math.floor(r() * 6), () => r() < 0.7);
            const ang = turns[Math.floor(r() * turns.length)];
            const pa = affineFromTRS(affine(1, 0, 0, 1, 0, 0), Math.floor(r() * 16) / 2, Math.floor(r() * 16) / 2, ang, 1, 1);
            const pb = affineFromTRS(affine(1, 0, 0, 1, 0, 0), Math.floor(r() * 32) / 4, Math.floor(r() * 16) / 2, r() < 0.5 ? 0 : ang, 1, 1);
            const acc = [1, 2, 0.5][Math.floor(r() * 3)];
            const want = refTest(ma, pa, mb, pb, acc).hit;
            if (want) hits++;
            if (masksShareSample(ma, pa, mb, pb, acc) !== want) {
                throw new Error(`case ${i}: masksShareSample ${!want}, reference ${want}: ${JSON.stringify({ pa, pb, acc })}`);
            }
        }
        expect(hits).toBeGreaterThan(300);
    });
});
