/**
 * Colliders made of parts (shape kind 'parts': sliced and filled sprites): each part a mask under
 * its own map, optionally cut by a convex polygon; the collider is their union. Checked against a
 * brute-force reference of the definition written here: the part's world map is the product
 * T * P evaluated in doubles (as documented), its texel found exactly (refTexel), and the clip's
 * closed containment decided with exact rationals (BigInt) on the clip's world vertices.
 */
import fc from 'fast-check';
import {
    BitMask, Collider, CollisionWorld, Contact, CpuNarrowPhase, RayHit, WorldRaster,
} from '../../extensions/pixel-collision/assets/core/index';
import type { Affine2D, ColliderPart } from '../../extensions/pixel-collision/assets/core/index';
import { orInto, PartsState } from '../../extensions/pixel-collision/assets/core/parts';
import { polygonToWorld, polygonToWorldOrNull, WorldShape } from '../../extensions/pixel-collision/assets/core/shape';
import { DETAIL_PATHS } from '../../extensions/pixel-collision/assets/core/narrow-phase';

// The window path for any number of parts (by default it serves colliders of many, skeletons).
beforeAll(() => { DETAIL_PATHS.partsMin = 0; });
afterAll(() => { DETAIL_PATHS.partsMin = 12; });
import { checkRowSummaries, q, refMember } from './reference';
import type { Q } from './reference';

// Reference -------------------------------------------------------------------------------------

const sub = (a: Q, b: Q): Q => ({ n: a.n * b.d - b.n * a.d, d: a.d * b.d });
const mul = (a: Q, b: Q): Q => ({ n: a.n * b.n, d: a.d * b.d });
const sign = (a: Q): number => (a.n > 0n ? 1 : a.n < 0n ? -1 : 0);

/** T * P in doubles, written out here (first P, then T). */
function compose(t: Affine2D, p: Affine2D): Affine2D {
    return {
        a: t.a * p.a + t.c * p.b, b: t.b * p.a + t.d * p.b,
        c: t.a * p.c + t.c * p.d, d: t.b * p.c + t.d * p.d,
        tx: t.a * p.tx + t.c * p.ty + t.tx, ty: t.b * p.tx + t.d * p.ty + t.ty,
    };
}

/** Closed containment of the sample of cell (k, l) in the convex polygon of world vertices `w` (either winding), exact. */
function refInClip(w: number[], k: number, l: number, acc: number): boolean {
    const twoAcc = q(2 * acc);
    const x: Q = { n: BigInt(2 * k + 1) * twoAcc.d, d: twoAcc.n };
    const y: Q = { n: BigInt(2 * l + 1) * twoAcc.d, d: twoAcc.n };
    const n = w.length / 2;
    let pos = false, neg = false;
    const xd = (k + 0.5) / acc, yd = (l + 0.5) / acc;
    for (let i = 0; i < n; i++) {
        const j = (i + 1) % n;
        // Doubles decide what is far from the edge; exact rationals the rest.
        const e = (w[2 * j] - w[2 * i]) * (yd - w[2 * i + 1]) - (w[2 * j + 1] - w[2 * i + 1]) * (xd - w[2 * i]);
        if (Math.abs(e) > 1e-6) { if (e > 0) pos = true; else neg = true; continue; }
        const xi = q(w[2 * i]), yi = q(w[2 * i + 1]), xj = q(w[2 * j]), yj = q(w[2 * j + 1]);
        const s = sign(sub(mul(sub(xj, xi), sub(y, yi)), mul(sub(yj, yi), sub(x, xi))));
        if (s > 0) pos = true;
        if (s < 0) neg = true;
    }
    return !(pos && neg);
}

function worldClip(clip: number[], t: Affine2D): number[] {
    const w: number[] = [];
    for (let i = 0; i < clip.length; i += 2) w.push(t.a * clip[i] + t.c * clip[i + 1] + t.tx, t.b * clip[i] + t.d * clip[i + 1] + t.ty);
    return w;
}

function refPartsMember(parts: ColliderPart[], t: Affine2D, acc: number, k: number, l: number): boolean {
    for (const p of parts) {
        if (p.clip && !refInClip(worldClip(Array.from(p.clip), t), k, l, acc)) continue;
        if (refMember(p.mask, compose(t, p.transform as Affine2D), acc, k, l)) return true;
    }
    return false;
}

/** A superset of the cells any part can hold. */
function refPartsCells(parts: ColliderPart[], t: Affine2D, acc: number): [number, number, number, number] {
    let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
    for (const p of parts) {
        const m = compose(t, p.transform as Affine2D);
        for (const [u, v] of [[0, 0], [p.mask.width, 0], [0, p.mask.height], [p.mask.width, p.mask.height]]) {
            const x = m.a * u + m.c * v + m.tx, y = m.b * u + m.d * v + m.ty;
            x0 = Math.min(x0, x); x1 = Math.max(x1, x); y0 = Math.min(y0, y); y1 = Math.max(y1, y);
        }
    }
    return [Math.floor(x0 * acc) - 2, Math.floor(y0 * acc) - 2, Math.ceil(x1 * acc) + 2, Math.ceil(y1 * acc) + 2];
}

// Generators ------------------------------------------------------------------------------------

const maskArb = fc.record({ w: fc.integer({ min: 1, max: 24 }), h: fc.integer({ min: 1, max: 24 }), seed: fc.integer(), density: fc.double({ min: 0.2, max: 1, noNaN: true }) })
    .map(({ w, h, seed, density }) => {
        const m = new BitMask(w, h);
        let s = seed | 0;
        for (let j = 0; j < h; j++) for (let i = 0; i < w; i++) {
            s = (Math.imul(s, 1103515245) + 12345) | 0;
            if (((s >>> 8) & 0xffff) / 0x10000 < density) m.set(i, j, true);
        }
        return m;
    });

/** Texel -> local: a stretch (as sliced pieces are) or any invertible map, with a y flip like sprites. */
const partMapArb = fc.oneof(
    fc.record({ sx: fc.double({ min: 0.3, max: 4, noNaN: true }), sy: fc.double({ min: 0.3, max: 4, noNaN: true }), tx: fc.integer({ min: -40, max: 40 }), ty: fc.integer({ min: -40, max: 40 }) })
        .map(({ sx, sy, tx, ty }): Affine2D => ({ a: sx, b: 0, c: 0, d: -sy, tx, ty })),
    fc.record({ rot: fc.double({ min: 0, max: 6.3, noNaN: true }), s: fc.double({ min: 0.4, max: 3, noNaN: true }), tx: fc.double({ min: -30, max: 30, noNaN: true }), ty: fc.double({ min: -30, max: 30, noNaN: true }) })
        .map(({ rot, s, tx, ty }): Affine2D => ({ a: s * Math.cos(rot), b: s * Math.sin(rot), c: s * Math.sin(rot), d: -s * Math.cos(rot), tx, ty })),
);

/** A convex clip: a triangle or a rectangle in local units around the origin. */
const clipArb = fc.oneof(
    fc.constant(null),
    fc.tuple(fc.double({ min: -40, max: 0, noNaN: true }), fc.double({ min: -40, max: 0, noNaN: true }), fc.double({ min: 1, max: 60, noNaN: true }), fc.double({ min: 1, max: 60, noNaN: true }))
        .map(([x, y, w, h]) => [x, y, x + w, y, x + w, y + h, x, y + h]),
    fc.tuple(fc.double({ min: -5, max: 5, noNaN: true }), fc.double({ min: 0, max: 6.28, noNaN: true }), fc.double({ min: 0.3, max: 3, noNaN: true }), fc.double({ min: 20, max: 60, noNaN: true }))
        .map(([c, a0, span, r]) => [c, c, c + r * Math.cos(a0), c + r * Math.sin(a0), c + r * Math.cos(a0 + span), c + r * Math.sin(a0 + span)]),
);

const partArb = fc.record({ mask: maskArb, transform: partMapArb, clip: clipArb }) as fc.Arbitrary<ColliderPart>;

const worldTArb = fc.record({ rot: fc.double({ min: 0, max: 6.3, noNaN: true }), sx: fc.double({ min: 0.5, max: 2, noNaN: true }), sy: fc.double({ min: 0.5, max: 2, noNaN: true }), flip: fc.boolean(), tx: fc.double({ min: -50, max: 50, noNaN: true }), ty: fc.double({ min: -50, max: 50, noNaN: true }) })
    .map(({ rot, sx, sy, flip, tx, ty }): Affine2D => {
        const c = Math.cos(rot), s = Math.sin(rot), fx = flip ? -sx : sx;
        return { a: c * fx, b: s * fx, c: -s * sy, d: c * sy, tx, ty };
    });

const unitTArb = fc.record({ tx: fc.integer({ min: -30, max: 30 }), ty: fc.integer({ min: -30, max: 30 }) })
    .map(({ tx, ty }): Affine2D => ({ a: 1, b: 0, c: 0, d: 1, tx, ty }));

const accArb = fc.constantFrom(1, 2, 0.5, 1.5);

// Tests -----------------------------------------------------------------------------------------

describe("'parts' colliders", () => {
    test('raster, sample queries and bounds follow the definition (property)', () => {
        fc.assert(fc.property(fc.array(partArb, { minLength: 1, maxLength: 4 }), fc.oneof(worldTArb, unitTArb), accArb, (parts, t, acc) => {
            const c = new Collider({ shape: { kind: 'parts', parts }, transform: t, accuracy: acc });
            const r = c._raster(acc);
            checkRowSummaries(r);
            const [k0, l0, k1, l1] = refPartsCells(parts, t, acc);
            const box = c.getBounds({ minX: 0, minY: 0, maxX: 0, maxY: 0 });
            let solid = 0;
            for (let l = l0; l <= l1; l++) for (let k = k0; k <= k1; k++) {
                const want = refPartsMember(parts, t, acc, k, l);
                if (r.has(k, l) !== want) throw new Error(`raster cell (${k}, ${l}): ${r.has(k, l)}, want ${want}`);
                if (c._hasSampleInCell(k, l) !== want) throw new Error(`hasSampleInCell (${k}, ${l}): want ${want}`);
                if (want) {
                    solid++;
                    const x = (k + 0.5) / acc, y = (l + 0.5) / acc;
                    if (x < box.minX || x > box.maxX || y < box.minY || y > box.maxY) throw new Error(`solid sample (${x}, ${y}) outside the bounds ${JSON.stringify(box)}`);
                }
            }
            expect(r.count()).toBe(solid);
        }), { numRuns: 60 });
    });

    test('the union cut to a window: every cell as the reference (property)', () => {
        const winArb = fc.tuple(fc.integer({ min: -60, max: 40 }), fc.integer({ min: -60, max: 40 }), fc.integer({ min: 1, max: 70 }), fc.integer({ min: 1, max: 70 }));
        fc.assert(fc.property(fc.array(partArb, { minLength: 1, maxLength: 4 }), fc.oneof(worldTArb, unitTArb), accArb, winArb, (parts, t, acc, [k0, l0, w, h]) => {
            const ps = new PartsState();
            ps.update(parts, t, 1);
            const win = { k0, l0, k1: k0 + w - 1, l1: l0 + h - 1 };
            const r = ps.rasterizeWindow(parts, acc, new WorldRaster(), win);
            checkRowSummaries(r);
            for (let l = win.l0; l <= win.l1; l++) for (let k = win.k0; k <= win.k1; k++) {
                const want = refPartsMember(parts, t, acc, k, l);
                if (r.has(k, l) !== want) throw new Error(`cell (${k}, ${l}): ${r.has(k, l)}, want ${want}`);
            }
        }), { numRuns: 80 });
    });

    test('pairs with masks, shapes and other parts: hit and count as the reference (property)', () => {
        const narrow = new CpuNarrowPhase();
        const out = new Contact();
        fc.assert(fc.property(fc.array(partArb, { minLength: 1, maxLength: 3 }), worldTArb, maskArb, worldTArb, fc.boolean(), accArb,
            (parts, ta, maskB, tb, otherParts, acc) => {
                const a = new Collider({ shape: { kind: 'parts', parts }, transform: ta });
                const partsB: ColliderPart[] = [{ mask: maskB, transform: { a: 1, b: 0, c: 0, d: -1, tx: 0, ty: 0 }, clip: [-2, 2, 30, 2, 5, -35] }];
                const b = new Collider({ shape: otherParts ? { kind: 'parts', parts: partsB } : { kind: 'mask', mask: maskB }, transform: tb });
                const [k0, l0, k1, l1] = refPartsCells(parts, ta, acc);
                let count = 0;
                for (let l = l0; l <= l1; l++) for (let k = k0; k <= k1; k++) {
                    if (!refPartsMember(parts, ta, acc, k, l)) continue;
                    if (otherParts ? refPartsMember(partsB, tb, acc, k, l) : refMember(maskB, tb, acc, k, l)) count++;
                }
                narrow.testPair(a, b, acc, false, out);
                expect(out.hit).toBe(count > 0);
                if (count > 0) expect(out.count).toBe(count);
                // Lazy decisions (the world's default) agree.
                const contacts = [new Contact()];
                narrow.run([a], [b], 1, new Float64Array([acc]), contacts, 0, false, true);
                expect(contacts[0].hit).toBe(count > 0);
                if (count > 0) expect(contacts[0].count).toBe(count);
            }), { numRuns: 40 });
    });

    test('lazy decisions in the pair window: either order, against masks, shapes and parts, with rasters at hand or not (property)', () => {
        const narrow = new CpuNarrowPhase();
        const shapeArb = fc.constantFrom('mask', 'parts', 'box', 'circle', 'unit-mask');
        fc.assert(fc.property(fc.array(partArb, { minLength: 1, maxLength: 4 }), worldTArb, maskArb, worldTArb, unitTArb, shapeArb, fc.boolean(), fc.constantFrom(0, 1, 2), accArb,
            (parts, ta, maskB, tb, tu, kind, swap, atHand, acc) => {
                const a = new Collider({ shape: { kind: 'parts', parts }, transform: ta, accuracy: acc });
                const partsB: ColliderPart[] = [{ mask: maskB, transform: { a: 1, b: 0, c: 0, d: -1, tx: 0, ty: 0 }, clip: [-2, 2, 30, 2, 5, -35] }, ...parts.slice(1)];
                const shapeB = kind === 'parts' ? { kind: 'parts' as const, parts: partsB }
                    : kind === 'box' ? { kind: 'box' as const, width: 14, height: 9 }
                    : kind === 'circle' ? { kind: 'circle' as const, radius: 8 }
                    : { kind: 'mask' as const, mask: maskB };
                const b = new Collider({ shape: shapeB, transform: kind === 'unit-mask' ? tu : tb, accuracy: acc });
                const member = (c: Collider, k: number, l: number) => c._hasSampleInCell(k, l);
                const [k0, l0, k1, l1] = refPartsCells(parts, ta, acc);
                let count = 0;
                for (let l = l0; l <= l1; l++) for (let k = k0; k <= k1; k++) {
                    if (!refPartsMember(parts, ta, acc, k, l)) continue;
                    if (kind === 'parts' ? refPartsMember(partsB, tb, acc, k, l) : member(b, k, l)) count++;
                }
                // A whole raster made before (by a query or another pair): 1, A's; 2, both.
                if (atHand >= 1) a._raster(acc);
                if (atHand >= 2) b._raster(acc);
                const [x, y] = swap ? [b, a] : [a, b];
                const contacts = [new Contact()];
                narrow.run([x], [y], 1, new Float64Array([acc]), contacts, 0, false, true);
                expect(contacts[0].hit).toBe(count > 0);
                if (count > 0) {
                    // The details (made in the pair's window, before any whole raster of a parts
                    // side) equal those of the whole rasters, made after.
                    const got = contacts[0];
                    const details = [got.count, got.normalX, got.normalY, got.centroidX, got.centroidY, got.minX, got.minY, got.maxX, got.maxY];
                    const whole = new Contact();
                    narrow.testPair(x, y, acc, false, whole);
                    expect(details).toEqual([count, whole.normalX, whole.normalY, whole.centroidX, whole.centroidY, whole.minX, whole.minY, whole.maxX, whole.maxY]);
                }
            }), { numRuns: 150 });
    });

    test('one parts collider in several pairs of a step, then moved: every decision as the reference (property)', () => {
        const narrow = new CpuNarrowPhase();
        fc.assert(fc.property(fc.array(partArb, { minLength: 2, maxLength: 4 }), worldTArb, worldTArb, fc.array(fc.tuple(maskArb, worldTArb, fc.boolean()), { minLength: 2, maxLength: 4 }), accArb,
            (parts, t1, t2, others, acc) => {
                const a = new Collider({ shape: { kind: 'parts', parts }, transform: t1, accuracy: acc });
                const bs = others.map(([m, t, asParts]) => new Collider({
                    shape: asParts ? { kind: 'parts', parts: [{ mask: m, transform: { a: 1, b: 0, c: 0, d: -1, tx: 0, ty: 0 }, clip: [-2, 2, 30, 2, 5, -35] }] } : { kind: 'mask', mask: m },
                    transform: t, accuracy: acc,
                }));
                const contacts = bs.map(() => new Contact());
                for (const t of [t1, t2]) {
                    a._setTransformSnapshot(t);
                    narrow.run(bs.map(() => a), bs, bs.length, new Float64Array(bs.length).fill(acc), contacts, 0, false, true);
                    bs.forEach((b, n) => {
                        let want = false;
                        const bb = b.getBounds({ minX: 0, minY: 0, maxX: 0, maxY: 0 });
                        const [pk0, pl0, pk1, pl1] = refPartsCells(parts, t, acc);
                        const k0 = Math.max(pk0, Math.floor(bb.minX * acc) - 1), l0 = Math.max(pl0, Math.floor(bb.minY * acc) - 1);
                        const k1 = Math.min(pk1, Math.floor(bb.maxX * acc) + 1), l1 = Math.min(pl1, Math.floor(bb.maxY * acc) + 1);
                        for (let l = l0; l <= l1 && !want; l++) for (let k = k0; k <= k1 && !want; k++) want = refPartsMember(parts, t, acc, k, l) && b._hasSampleInCell(k, l);
                        expect(contacts[n].hit).toBe(want);
                    });
                }
            }), { numRuns: 40 });
    });

    test('part by part over consecutive steps (the last step\'s shared cell tried first): every decision as the reference (property)', () => {
        const stepArb = fc.record({ dx: fc.double({ min: -9, max: 9, noNaN: true }), dy: fc.double({ min: -9, max: 9, noNaN: true }), turn: fc.double({ min: -0.3, max: 0.3, noNaN: true }) });
        fc.assert(fc.property(fc.array(partArb, { minLength: 1, maxLength: 4 }), fc.array(partArb, { minLength: 1, maxLength: 3 }), fc.boolean(), worldTArb, fc.array(stepArb, { minLength: 3, maxLength: 6 }), accArb,
            (partsA, partsB, bIsMask, t0, steps, acc) => {
                const narrow = new CpuNarrowPhase();
                // B sits where A is, so most steps touch.
                const tb: Affine2D = { a: 1, b: 0, c: 0, d: 1, tx: t0.tx + 3, ty: t0.ty - 2 };
                const b = new Collider({ shape: bIsMask ? { kind: 'mask', mask: partsB[0].mask } : { kind: 'parts', parts: partsB }, transform: tb, accuracy: acc });
                const a = new Collider({ shape: { kind: 'parts', parts: partsA }, transform: t0, accuracy: acc });
                const contacts = [new Contact()];
                let t = t0;
                steps.forEach((s, frame) => {
                    if (frame > 0) {
                        const c = Math.cos(s.turn), sn = Math.sin(s.turn);
                        t = { a: c * t.a - sn * t.b, b: sn * t.a + c * t.b, c: c * t.c - sn * t.d, d: sn * t.c + c * t.d, tx: t.tx + s.dx, ty: t.ty + s.dy };
                        a._setTransformSnapshot(t);
                    }
                    narrow.run([a], [b], 1, new Float64Array([acc]), contacts, frame, false, true);
                    const [k0, l0, k1, l1] = refPartsCells(partsA, t, acc);
                    let want = false;
                    for (let l = l0; l <= l1 && !want; l++) for (let k = k0; k <= k1 && !want; k++) {
                        want = refPartsMember(partsA, t, acc, k, l) && (bIsMask ? refMember(partsB[0].mask, tb, acc, k, l) : refPartsMember(partsB, tb, acc, k, l));
                    }
                    expect(contacts[0].hit).toBe(want);
                });
            }), { numRuns: 60 });
    });

    test('the last step\'s shared cell decides a pair only when both still hold it', () => {
        // B: a column of texels at x in [0, 1) and one texel at x in [9, 10) (its box spans both).
        const rows = ['#........#', ...Array.from({ length: 9 }, () => '#.........')];
        const maskB = BitMask.fromRows(rows);
        const square = BitMask.fromRows(['##', '##']);
        const unit = (tx: number, ty: number): Affine2D => ({ a: 1, b: 0, c: 0, d: 1, tx, ty });
        const partsA: ColliderPart[] = [{ mask: square, transform: unit(0, 0) }, { mask: square, transform: unit(6, 0) }];
        for (const bAsParts of [false, true]) {
            const a = new Collider({ shape: { kind: 'parts', parts: partsA }, transform: unit(-1, 4) });
            const b = new Collider({ shape: bAsParts ? { kind: 'parts', parts: [{ mask: maskB, transform: unit(0, 0) }] } : { kind: 'mask', mask: maskB }, transform: unit(0, 0) });
            const narrow = new CpuNarrowPhase();
            const contacts = [new Contact()];
            const got: boolean[] = [];
            // Touching; A moved off B's column (the boxes still meet); touching again; B moved off A.
            const moves: [Affine2D, Affine2D][] = [[unit(-1, 4), unit(0, 0)], [unit(1.5, 4), unit(0, 0)], [unit(-1, 4), unit(0, 0)], [unit(-1, 4), unit(-2.5, 0)]];
            moves.forEach(([ta, tb], frame) => {
                a._setTransformSnapshot(ta);
                b._setTransformSnapshot(tb);
                narrow.run([a], [b], 1, new Float64Array([1]), contacts, frame, false, true);
                got.push(contacts[0].hit);
            });
            expect(got).toEqual([true, false, true, false]);
        }
    });

    test('details read in the pair window equal the whole rasters\' where the window ends part way into a cell', () => {
        // A's box ends part way into a cell; B is solid well past it: the normal reads B two
        // cells beyond the last shared sample.
        const full = (w: number, h: number) => BitMask.fromRows(Array.from({ length: h }, () => '#'.repeat(w)));
        const narrow = new CpuNarrowPhase();
        let checked = 0;
        for (const sx of [1, 1.03, 1.06, 1.09]) for (const bx of [8.5, 9, 9.3]) for (const by of [2.5, 3]) for (const swap of [false, true]) {
            const a = new Collider({ shape: { kind: 'parts', parts: [{ mask: full(10, 10), transform: { a: sx, b: 0, c: 0, d: 1, tx: 0, ty: 0 } }] }, transform: { a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0 } });
            const b = new Collider({ shape: { kind: 'parts', parts: [{ mask: full(11, 4), transform: { a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0 } }] }, transform: { a: 1, b: 0, c: 0, d: 1, tx: bx, ty: by } });
            const [x, y] = swap ? [b, a] : [a, b];
            const contacts = [new Contact()];
            narrow.run([x], [y], 1, new Float64Array([1]), contacts, 0, false, true);
            const got = contacts[0];
            expect(got.hit).toBe(true);
            const details = [got.count, got.normalX, got.normalY, got.centroidX, got.centroidY, got.minX, got.maxX];
            expect(a._hasRaster(1) || b._hasRaster(1)).toBe(false); // (read in the window, with no whole raster)
            const whole = new Contact();
            narrow.testPair(x, y, 1, false, whole);
            expect(details).toEqual([whole.count, whole.normalX, whole.normalY, whole.centroidX, whole.centroidY, whole.minX, whole.maxX]);
            checked++;
        }
        expect(checked).toBe(48);
    });

    test('a lazy decision makes no whole raster of a parts collider (turned or not)', () => {
        // Two 40-part colliders side by side whose boxes overlap in a strip.
        const m = BitMask.fromRows(['####', '####', '####', '####']);
        const row = (x0: number): ColliderPart[] => Array.from({ length: 40 }, (_, i) => ({ mask: m, transform: { a: 1, b: 0, c: 0, d: -1, tx: x0 + i, ty: 4 }, clip: null }));
        for (const angle of [0.3, 0]) {
            const turn = (tx: number, ty: number) => ({ a: Math.cos(angle), b: Math.sin(angle), c: -Math.sin(angle), d: Math.cos(angle), tx, ty });
            const a = new Collider({ shape: { kind: 'parts', parts: row(0) }, transform: turn(0, 0) });
            const b = new Collider({ shape: { kind: 'parts', parts: row(0) }, transform: turn(40, angle === 0 ? 2 : 12) });
            const narrow = new CpuNarrowPhase();
            const contacts = [new Contact()];
            narrow.run([a], [b], 1, new Float64Array([1]), contacts, 0, false, true);
            expect(a._hasRaster(1) || b._hasRaster(1)).toBe(false);
            const want = new Contact();
            narrow.testPair(a, b, 1, false, want);
            expect(contacts[0].hit).toBe(want.hit);
            expect(want.hit).toBe(true);
        }
    });

    test('a parts collider against a polygon collider in a world: events, queries', () => {
        const m = new BitMask(10, 10);
        for (let j = 0; j < 10; j++) for (let i = 0; i < 10; i++) m.set(i, j, true);
        // Two pieces of one 10x10 frame: the left half stretched to 20 units wide, the right half 5.
        const left = m.clone(), right = m.clone();
        for (let j = 0; j < 10; j++) for (let i = 0; i < 10; i++) { left.set(i, j, i < 5); right.set(i, j, i >= 5); }
        const parts: ColliderPart[] = [
            { mask: left, transform: { a: 4, b: 0, c: 0, d: -1, tx: 0, ty: 10 } }, // texels 0..5 -> x 0..20
            { mask: right, transform: { a: 1, b: 0, c: 0, d: -1, tx: 15, ty: 10 } }, // texels 5..10 -> x 20..25
        ];
        const world = new CollisionWorld();
        const a = world.add({ shape: { kind: 'parts', parts } });
        const b = world.add({ shape: { kind: 'box', width: 2, height: 2 }, transform: { a: 1, b: 0, c: 0, d: 1, tx: 24, ty: 5 } });
        const begins: number[] = [];
        let ends = 0;
        world.addListener({ onEnter: (_x, _y, c) => { begins.push(c.count); }, onEnd: () => { ends++; } });
        world.step();
        // Box [23, 25] x [4, 6]: samples x 23.5, 24.5, y 4.5, 5.5 -> 4, all in the right piece.
        expect(begins).toEqual([4]);
        const found: Collider[] = [];
        world.queryPoint(19.9, 5, found);
        expect(found.includes(a)).toBe(true);
        found.length = 0;
        world.queryPoint(25.2, 5, found);
        expect(found.includes(a)).toBe(false);
        expect(a.hasSampleAt(24.9, 9.9)).toBe(true);
        expect(a.getBounds({ minX: 0, minY: 0, maxX: 0, maxY: 0 })).toEqual({ minX: 0, minY: 0, maxX: 25, maxY: 10 });
        const ray = new RayHit();
        expect(world.raycast(-5, 5.5, 40, 5.5, ray)).toBe(true);
        expect(ray.collider).toBe(a);
        expect(ray.x).toBeCloseTo(0, 5);
        world.setTransform(b, { a: 1, b: 0, c: 0, d: 1, tx: 27, ty: 5 });
        world.step();
        expect(ends).toBe(1);
    });

    test('bad parts get clear errors; an empty list collides with nothing', () => {
        const m = new BitMask(2, 2);
        m.set(0, 0, true);
        expect(() => new Collider({ shape: { kind: 'parts', parts: 'x' as unknown as ColliderPart[] } })).toThrow(/array/);
        expect(() => new Collider({ shape: { kind: 'parts', parts: [{ mask: null as unknown as BitMask, transform: { a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0 } }] } })).toThrow(/BitMask/);
        expect(() => new Collider({ shape: { kind: 'parts', parts: [{ mask: m, transform: { a: 0, b: 0, c: 0, d: 1, tx: 0, ty: 0 } }] } })).toThrow(/invertible/);
        expect(() => new Collider({ shape: { kind: 'parts', parts: [{ mask: m, transform: { a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0 }, clip: [0, 0, 1, 1] }] } })).toThrow(/3 points/);
        expect(() => new Collider({ shape: { kind: 'parts', parts: [{ mask: m, transform: { a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0 }, clip: [0, 0, 4, 0, 1, 1, 4, 4, 0, 4] }] } })).toThrow(/not convex/);
        const world = new CollisionWorld();
        const e = world.add({ shape: { kind: 'parts', parts: [] } });
        world.add({ shape: { kind: 'box', width: 100, height: 100 } });
        let enters = 0;
        world.addListener({ onEnter: () => { enters++; } });
        world.step();
        expect(enters).toBe(0);
        expect(e.hasSampleAt(0, 0)).toBe(false);
    });

    test('orInto copies bits at any column offset, cut to a clip', () => {
        fc.assert(fc.property(fc.integer({ min: -40, max: 40 }), fc.integer({ min: 1, max: 70 }), fc.integer({ min: 1, max: 5 }), fc.integer(), (k0, w, h, seed) => {
            const src = new WorldRaster().reset(1, k0, 0, w, h);
            let s = seed | 0;
            for (let r = 0; r < h; r++) for (let c = 0; c < w; c++) {
                s = (Math.imul(s, 1103515245) + 12345) | 0;
                if ((s >>> 16) & 1) src.setSpan(r, c, c + 1);
            }
            const clip = new WorldRaster().reset(1, k0 + 3, 0, Math.max(1, w - 5), h);
            for (let r = 0; r < h; r++) clip.setSpan(r, r, Math.max(1, w - 5));
            clip.updateRowBounds();
            const dst = new WorldRaster().reset(1, -60, -1, 150, h + 2);
            orInto(dst, src, clip);
            for (let l = -1; l <= h; l++) for (let k = -60; k < 90; k++) {
                expect(dst.has(k, l)).toBe(src.has(k, l) && clip.has(k, l));
            }
        }), { numRuns: 50 });
    });
});

describe("'parts' colliders: clips the world squashes", () => {
    test('a clip of no area under the transform (a slot scaled to nothing) holds nothing and throws nothing', () => {
        const m = BitMask.fromRows(['####', '####']);
        const parts: ColliderPart[] = [
            // A sliver: its world area is below rounding once scaled by 1e-9.
            { mask: m, transform: { a: 1, b: 0, c: 0, d: -1, tx: 0, ty: 2 }, clip: [0, 0, 4, 1e-9, 0, 2e-9] },
            { mask: m, transform: { a: 1, b: 0, c: 0, d: -1, tx: 10, ty: 2 }, clip: [10, 0, 14, 0, 14, 2] },
        ];
        const c = new Collider({ shape: { kind: 'parts', parts }, transform: { a: 1, b: 0, c: 0, d: 1e-9, tx: 0, ty: 0 } });
        expect(() => c._raster(1)).not.toThrow();
        expect(c._hasSampleInCell(1, 0)).toBe(false);
        const world = new CollisionWorld();
        world.add({ shape: { kind: 'parts', parts }, transform: { a: 1, b: 0, c: 0, d: 1e-9, tx: 0, ty: 0 } });
        world.add({ shape: { kind: 'box', width: 100, height: 100 } });
        expect(() => world.step()).not.toThrow();
        // A collinear clip holds nothing (no sample worth a part); a clip with area that is not
        // convex is still refused, with a clear error.
        const line = new Collider({ shape: { kind: 'parts', parts: [{ mask: m, transform: { a: 1, b: 0, c: 0, d: -1, tx: 0, ty: 2 }, clip: [0, 0, 1, 1, 2, 2] }] } });
        expect(line._raster(1).count()).toBe(0);
        // (Point queries agree: the sample (0.5, 0.5) lies on an opaque texel, but in no part.)
        expect(line._hasSampleInCell(0, 0)).toBe(false);
        expect(line._parts((line.shape as { parts: readonly ColliderPart[] }).parts).pointIn((line.shape as { parts: readonly ColliderPart[] }).parts, 0.5, 0.5)).toBe(false);
        for (const clip of [[0, 0, 4, 2, 4, 0, 0, 2], [0, 0, 4, 2, 4, 0, 0, 3]]) {
            expect(() => new Collider({ shape: { kind: 'parts', parts: [{ mask: m, transform: { a: 1, b: 0, c: 0, d: -1, tx: 0, ty: 2 }, clip }] } })._raster(1)).toThrow(/not convex/);
        }
    });
});

describe('triangle clips: the fast path of polygonToWorldOrNull', () => {
    test('the same world triangle, winding and bounds as polygonToWorld; null exactly where it finds no area (property)', () => {
        const coord = fc.oneof(fc.double({ min: -50, max: 50, noNaN: true }), fc.integer({ min: -50, max: 50 }), fc.constant(0));
        fc.assert(fc.property(fc.array(coord, { minLength: 6, maxLength: 6 }), worldTArb, fc.constantFrom(1, 1e-9, 1e9), (pts, t, k) => {
            const tt = { ...t, a: t.a * k, b: t.b * k, c: t.c * k, d: t.d * k };
            const fast = polygonToWorldOrNull(new WorldShape(), pts, tt);
            let slow: WorldShape | null = null, error = '';
            try { slow = polygonToWorld(new WorldShape(), pts, tt); } catch (e) { error = (e as Error).message; }
            if (slow === null) {
                // (polygonToWorld refuses it: no area, or folded by rounding; collinear points are no area.)
                expect(error).toMatch(/zero area|not convex/);
                if (fast !== null) throw new Error(`fast path kept a triangle polygonToWorld refuses (${error}): ${JSON.stringify(pts)}`);
                return;
            }
            expect(fast).not.toBeNull();
            expect(fast!.vertexCount).toBe(slow.vertexCount);
            expect(Array.from(fast!.points.slice(0, 6))).toEqual(Array.from(slow.points.slice(0, 6)));
            expect([fast!.minX, fast!.minY, fast!.maxX, fast!.maxY]).toEqual([slow.minX, slow.minY, slow.maxX, slow.maxY]);
        }), { numRuns: 2000 });
    });
});
