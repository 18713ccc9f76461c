/**
 * testMasks' full contact computes its normal on first read (see `testMasks`): whatever happens
 * between the test and the read (other tests evicting the raster memo, the views being reused,
 * a mask edited, the contact copied, swapped or reused), the normal read is the one the pair had
 * when tested, bit for bit the one read at once. (That this normal is the documented finite
 * difference is narrow.test.ts's business.)
 */
import fc from 'fast-check';
import type { Affine2D } from '../../extensions/pixel-collision/assets/core';
import {
    affine, affineFromTRS, affineMultiply, BitMask, Contact, clearRasterMemo, testMasks,
} from '../../extensions/pixel-collision/assets/core';
import { blob, discs, noise, randomMask, ring, rng } from '../fixtures/masks';

/**
 * The answer with the normal read at once (what testMasks gave when it computed the normal
 * eagerly: nothing runs between the test and the read).
 */
function eager(a: BitMask, ta: Affine2D, b: BitMask, tb: Affine2D, acc: number): Contact {
    const c = new Contact();
    testMasks(a, ta, b, tb, { accuracy: acc }, c);
    void c.normalX;
    return c;
}

function expectSame(c: Contact, e: Contact): void {
    expect(c.hit).toBe(e.hit);
    expect(c.count).toBe(e.count);
    expect([c.minX, c.maxX, c.minY, c.maxY]).toEqual([e.minX, e.maxX, e.minY, e.maxY]);
    expect([c.centroidX, c.centroidY]).toEqual([e.centroidX, e.centroidY]);
    expect([c.normalX, c.normalY]).toEqual([e.normalX, e.normalY]);
}

/** Sprite-like transform: y-flipped, centred at (x, y), rotated (0: an axis-aligned view), scaled. */
function sprite(m: BitMask, x: number, y: number, rot: number, s: number, yUp = false): Affine2D {
    const t = affine(1, 0, 0, 1, 0, 0);
    affineFromTRS(t, x, y, rot, s, yUp ? s : -s);
    if (rot === 0 && s === 1) { t.a = 1; t.b = 0; t.c = 0; t.d = yUp ? 1 : -1; }
    return affineMultiply(t, t, affine(1, 0, 0, 1, -m.width / 2, -m.height / 2));
}

const kinds = (r: () => number, n: number): BitMask => {
    const k = Math.floor(r() * 5);
    if (k === 0) return ring(n, n);
    if (k === 1) return noise(n, n, r, 0.5);
    if (k === 2) return discs(n, n, r);
    if (k === 3) return blob(n, n, r);
    return randomMask(r, n);
};

const pairArb = fc.record({
    seed: fc.integer(), n: fc.integer({ min: 8, max: 70 }),
    dx: fc.double({ min: -0.9, max: 0.9, noNaN: true }), dy: fc.double({ min: -0.9, max: 0.9, noNaN: true }),
    rotA: fc.constantFrom(0, 0, 0.4), rotB: fc.constantFrom(0, 0, -0.7), s: fc.constantFrom(1, 1, 1.3),
    acc: fc.constantFrom(1, 1, 2, 0.5),
    yUp: fc.boolean(), // unrotated y-up sprites are views of the masks' own words
}).map((p) => {
    const r = rng(p.seed);
    const a = kinds(r, p.n), b = kinds(r, p.n);
    const ta = sprite(a, 3.3, -2.6, p.rotA, p.s, p.yUp);
    const tb = sprite(b, 3.3 + p.dx * p.n, -2.6 + p.dy * p.n, p.rotB, p.rotB === 0 ? 1 : p.s, p.yUp);
    return { a, ta, b, tb, acc: p.acc };
});

describe('testMasks computes the full contact\'s normal on first read', () => {
    it('is pending until read, and equal to the eager normal when read at once', () => {
        const c = new Contact();
        let hits = 0;
        fc.assert(fc.property(pairArb, ({ a, ta, b, tb, acc }) => {
            const e = eager(a, ta, b, tb, acc);
            const hit = testMasks(a, ta, b, tb, { accuracy: acc }, c);
            // The small-pair paths (narrow-small.ts: narrow quarter turns, small windows) compute
            // the normal at once (it costs them little): a hit may come settled; a miss always does.
            const lazy = c.pending;
            if (!hit) expect(lazy).toBe(false);
            if (hit) hits++;
            // Count, rect and centroid are there without computing the normal.
            expect(c.count).toBe(e.count);
            expect(c.pending).toBe(lazy);
            expectSame(c, e);
            expect(c.pending).toBe(false);
        }), { numRuns: 300 });
        expect(hits).toBeGreaterThan(100);
    });

    it('read after other testMasks calls (views reused, memo evicted, memo cleared): the tested pair\'s normal', () => {
        const c = new Contact(), other = new Contact();
        fc.assert(fc.property(pairArb, pairArb, pairArb, ({ a, ta, b, tb, acc }, p, q) => {
            const e = eager(a, ta, b, tb, acc);
            testMasks(a, ta, b, tb, { accuracy: acc }, c);
            // Others, also with the same masks moved, into other contacts and the scratch one.
            testMasks(p.a, p.ta, p.b, p.tb, { accuracy: p.acc }, other);
            testMasks(a, tb, b, ta, { accuracy: acc });
            testMasks(q.a, q.ta, q.b, q.tb, { accuracy: q.acc, contact: 'count' }, other);
            clearRasterMemo();
            testMasks(q.a, q.ta, p.b, p.tb, { accuracy: p.acc, separation: true }, other);
            expectSame(c, e);
        }), { numRuns: 200 });
    });

    it('a mask edited with set() between the test and the read: the normal of the masks as tested', () => {
        const c = new Contact();
        fc.assert(fc.property(pairArb, fc.integer(), ({ a, ta, b, tb, acc }, s) => {
            const e = eager(a, ta, b, tb, acc);
            testMasks(a, ta, b, tb, { accuracy: acc }, c);
            const r = rng(s);
            const m = r() < 0.5 ? a : b;
            for (let i = 0; i < 40; i++) {
                const x = Math.floor(r() * m.width), y = Math.floor(r() * m.height);
                m.set(x, y, !m.get(x, y));
            }
            expectSame(c, e);
        }), { numRuns: 200 });
    });

    it('a mask whose bits are written directly before the read: the answer as tested, or a throw, never a wrong answer', () => {
        const c = new Contact();
        // Unrotated y-up sprites are views of the masks' own words: the normal cannot be had any more.
        const a = ring(40, 40), b = ring(40, 40);
        const id = (x: number, y: number): Affine2D => affine(1, 0, 0, 1, x, y);
        expect(testMasks(a, id(0, 0), b, id(12, 5), {}, c)).toBe(true);
        const count = c.count;
        a.bits.fill(0);
        a.changed();
        expect(c.count).toBe(count); // count, rect, centroid were computed by the test
        expect(() => c.normalX).toThrow(/written directly/);
        // y-flipped (the usual sprite) and rotated ones read copies: the answer as tested.
        for (const [ta, tb] of [[sprite(a, 0, 0, 0, 1), sprite(b, 12, 5, 0, 1)], [sprite(a, 0, 0, 0.3, 1), sprite(b, 12, 5, -0.2, 1.2)]]) {
            const a2 = ring(40, 40), b2 = ring(40, 40);
            const e = eager(a2, ta, b2, tb, 1);
            expect(testMasks(a2, ta, b2, tb, {}, c)).toBe(true);
            a2.bits.fill(0);
            a2.changed();
            b2.bits.fill(0);
            b2.changed();
            expectSame(c, e);
        }
    });

    it('copies, swaps, complete() and reuse of the same contact', () => {
        const c = new Contact(), copy = new Contact(), other = new Contact();
        fc.assert(fc.property(pairArb, pairArb, ({ a, ta, b, tb, acc }, p) => {
            const e = eager(a, ta, b, tb, acc);
            const hit = testMasks(a, ta, b, tb, { accuracy: acc }, c);
            copy.copyFrom(c);
            expect(copy.pending).toBe(false);
            testMasks(p.a, p.ta, p.b, p.tb, { accuracy: p.acc }, other);
            expectSame(copy, e);
            expectSame(c, e);
            // The same contact reused: the first pair's pending normal is dropped, the second's read.
            testMasks(a, ta, b, tb, { accuracy: acc }, c);
            testMasks(p.a, p.ta, p.b, p.tb, { accuracy: p.acc }, c);
            expectSame(c, eager(p.a, p.ta, p.b, p.tb, p.acc));
            // swap() and complete().
            testMasks(a, ta, b, tb, { accuracy: acc }, c);
            c.swap();
            expect(c.pending).toBe(false);
            expect([c.normalX, c.normalY]).toEqual([-e.normalX, -e.normalY]);
            testMasks(a, ta, b, tb, { accuracy: acc }, c);
            expect(c.complete().pending).toBe(false);
            testMasks(p.a, p.ta, p.b, p.tb, { accuracy: p.acc }, other);
            expect([c.normalX, c.normalY]).toEqual([e.normalX, e.normalY]);
            // reset() while pending: nothing pending, nothing computed later into it.
            testMasks(a, ta, b, tb, { accuracy: acc }, c);
            c.reset();
            testMasks(p.a, p.ta, p.b, p.tb, { accuracy: p.acc }, other);
            expect([c.hit, c.normalX, c.normalY, c.pending]).toEqual([false, 0, 0, false]);
            void hit;
        }), { numRuns: 150 });
    });

    it('with separation, or count only, nothing is pending', () => {
        const a = ring(40, 40), b = ring(40, 40);
        const ta = sprite(a, 0, 0, 0, 1), tb = sprite(b, 12, 5, 0, 1);
        const c = new Contact();
        expect(testMasks(a, ta, b, tb, { separation: true }, c)).toBe(true);
        expect(c.pending).toBe(false);
        expect(testMasks(a, ta, b, tb, { contact: 'count' }, c)).toBe(true);
        expect(c.pending).toBe(false);
    });
});
