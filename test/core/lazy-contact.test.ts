/**
 * Lazy contact details (the world's default, `contactDetails: 'lazy'`): the step decides each
 * pair's `hit` exactly and leaves count / rect / centroid / normal / separation to be computed
 * on first read. Every field read (in the callback, from a copy read later, or from the last
 * contact handed to onEnd after the colliders moved) must equal what the eager world computes.
 */
import fc from 'fast-check';
import type { Affine2D, ColliderShape } from '../../extensions/pixel-collision/assets/core';
import {
    affine, affineFromTRS, affineMultiply, BitMask, Collider, CollisionWorld, Contact,
} from '../../extensions/pixel-collision/assets/core';
import { hullsApart, localSupport, masksShareSample, supportBound } from '../../extensions/pixel-collision/assets/core/narrow';
import { DETAIL_PATHS } from '../../extensions/pixel-collision/assets/core/narrow-phase';
import { refTest } from './reference';
import { blob, disc, full, noise, randomMask, ring, rng } from '../fixtures/masks';

const FIELDS = ['hit', 'count', 'minX', 'minY', 'maxX', 'maxY', 'centroidX', 'centroidY', 'normalX', 'normalY', 'separationX', 'separationY', 'hasSeparation', 'accuracy', 'frame'] as const;

function fields(c: Contact): (number | boolean)[] {
    return FIELDS.map((f) => c[f]);
}

describe('lazy contacts in the world', () => {
    it('every field equals the eager world\'s: read in the callback, read later from a copy, and in onEnd', () => {
        const masks = [blob(24, 20, rng(1)), disc(16, 16), ring(20, 20), full(6, 10), noise(18, 14, rng(4)), BitMask.fromRows(['#..', '.#.', '..#'])];
        let checked = 0, late = 0, ends = 0;
        fc.assert(fc.property(fc.integer(), fc.boolean(), (seed, separation) => {
            const worlds = [new CollisionWorld({ separation }), new CollisionWorld({ separation, contactDetails: 'eager' })];
            type Rec = { key: string; ev: string; now: (number | boolean)[] | null; copy: Contact; pendingAtCall: boolean; moved: boolean };
            // Colliders moved in the current frame: a pair of two unmoved ones may get the last
            // step's contact again, with the details read from it then (PairMemo).
            const movedNow = new Set<unknown>();
            const recs: Rec[][] = [[], []];
            worlds.forEach((w, wi) => {
                let n = 0;
                const on = (ev: string) => (a: Collider, b: Collider, c: Contact) => {
                    const rec: Rec = { key: `${a.userData}-${b.userData}`, ev, now: null, copy: new Contact().copyFrom(c), pendingAtCall: c.pending, moved: movedNow.has(a.userData) || movedNow.has(b.userData) };
                    // Lazy world: read half the contacts now, leave the others to their copies (read after the colliders moved).
                    if (wi === 1 || ev === 'end' || n++ % 2 === 0) rec.now = fields(c);
                    recs[wi].push(rec);
                };
                w.addListener({ onEnter: on('enter'), onStay: on('stay'), onEnd: on('end') });
            });
            const r = rng(seed);
            const ops: ((w: CollisionWorld, cs: Collider[]) => void)[] = [];
            const shapes: ColliderShape[] = [];
            const ts: Affine2D[] = [];
            const accs: number[] = [];
            const randomShape = (): ColliderShape => {
                const kind = Math.floor(r() * 5);
                if (kind < 3) return { kind: 'mask', mask: masks[Math.floor(r() * masks.length)] };
                if (kind === 3) return { kind: 'box', width: 2 + r() * 12, height: 2 + r() * 12 };
                return { kind: 'circle', radius: 1 + r() * 7 };
            };
            const randomT = () => affineFromTRS(affine(1, 0, 0, 1, 0, 0), r() * 30, r() * 30, r() < 0.3 ? 0 : r() * 6.28, r() < 0.5 ? 1 : 0.6 + r(), r() < 0.5 ? -1 : -(0.6 + r()));
            for (let i = 0; i < 10; i++) { shapes.push(randomShape()); ts.push(randomT()); accs.push(r() < 0.7 ? 1 : [0.5, 2][Math.floor(r() * 2)]); }
            const cols = worlds.map((w) => shapes.map((shape, i) => w.add({ shape, transform: ts[i], accuracy: accs[i], userData: `c${i}` })));
            for (let frame = 0; frame < 8; frame++) {
                const moves = shapes.map(() => (r() < 0.6 ? randomT() : null));
                movedNow.clear();
                moves.forEach((t, i) => { if (t) movedNow.add(`c${i}`); });
                worlds.forEach((w, wi) => {
                    moves.forEach((t, i) => { if (t) w.setTransform(cols[wi][i], t); });
                    w.step();
                });
                void ops;
            }
            expect(recs[0].map((x) => `${x.ev} ${x.key}`)).toEqual(recs[1].map((x) => `${x.ev} ${x.key}`));
            for (let i = 0; i < recs[0].length; i++) {
                const lz = recs[0][i], eg = recs[1][i];
                const want = eg.now as (number | boolean)[];
                expect(eg.pendingAtCall).toBe(false);
                const isMaskPair = (() => { const [a, b] = lz.key.split('-').map((k) => shapes[Number(k.slice(1))].kind); return a === 'mask' || b === 'mask'; })();
                if (lz.ev !== 'end' && isMaskPair && lz.moved) expect(lz.pendingAtCall).toBe(true);
                const got = lz.now ?? fields(lz.copy);
                if (!lz.now) late++;
                if (lz.ev === 'end') ends++;
                for (let f = 0; f < FIELDS.length; f++) {
                    const g = got[f], e = want[f];
                    if (typeof e === 'number' && (FIELDS[f] === 'normalX' || FIELDS[f] === 'normalY' || FIELDS[f] === 'centroidX' || FIELDS[f] === 'centroidY')) expect(g as number).toBeCloseTo(e, 12);
                    else expect([lz.ev, lz.key, FIELDS[f], g]).toEqual([lz.ev, lz.key, FIELDS[f], e]);
                }
                // The copy, read now (after every step), agrees too.
                const cp = fields(lz.copy);
                expect(cp[1]).toBe(want[1]);
                checked++;
            }
        }), { numRuns: 40 });
        expect(checked).toBeGreaterThan(200);
        expect(late).toBeGreaterThan(50);
        expect(ends).toBeGreaterThan(10);
    });

    it('a step whose listener reads nothing rasterizes no rotated mask; reading a pair\'s count rasterizes that pair only', () => {
        // (With whole rasters for the details, as for pairs whose window is large: see the next test.)
        DETAIL_PATHS.perCell = false;
        DETAIL_PATHS.clip = false;
        try {
            readOnePair([true, true, false, false]);
        } finally {
            DETAIL_PATHS.perCell = true;
            DETAIL_PATHS.clip = true;
        }
    });

    it('reading the count of a small pair of rotated masks makes no raster at all (cell by cell)', () => {
        readOnePair([false, false, false, false]);
    });

    function readOnePair(rastersAfter: boolean[]): void {
        const w = new CollisionWorld();
        const m = blob(32, 32, rng(3));
        const t = (x: number, y: number, rot: number) => affineMultiply(affine(1, 0, 0, 1, 0, 0), affineFromTRS(affine(1, 0, 0, 1, 0, 0), x, y, rot, 1, -1), affine(1, 0, 0, 1, -16, -16));
        const cs = [w.add({ shape: { kind: 'mask', mask: m }, transform: t(0, 0, 0.3) }), w.add({ shape: { kind: 'mask', mask: m }, transform: t(20, 5, 1.1) }),
            w.add({ shape: { kind: 'mask', mask: m }, transform: t(200, 0, 0.7) }), w.add({ shape: { kind: 'mask', mask: m }, transform: t(215, 12, -0.4) })];
        let read = false;
        const seen: Contact[] = [];
        w.addListener({ onEnter: (a, _b, c) => { seen.push(c); if (read && a === cs[0]) expect(c.count).toBeGreaterThan(0); } });
        w.step();
        expect(seen.length).toBe(2);
        expect(seen.every((c) => c.hit && c.pending)).toBe(true);
        expect(cs.map((c) => c._hasRaster(1))).toEqual([false, false, false, false]);
        // Next step, moved a little: read the first pair's count only.
        for (const c of cs) w.setPosition(c, c.transform.tx + 0.5, c.transform.ty);
        read = true;
        const w2 = new CollisionWorld();
        void w2;
        w.addListener({ onStay: (a, _b, c) => { if (a === cs[0]) expect(c.count).toBeGreaterThan(0); } });
        w.step();
        expect(cs.map((c) => c._hasRaster(1))).toEqual(rastersAfter);
        expect(cs.map((c) => c._clipped !== null && c._clipped.stamp === c._stamp)).toEqual([false, false, false, false]);
    }

    it("contactDetails: 'eager' computes everything in the step; a bad value is refused", () => {
        const w = new CollisionWorld({ contactDetails: 'eager' });
        const m = blob(32, 32, rng(3));
        w.add({ shape: { kind: 'mask', mask: m }, transform: affineFromTRS(affine(1, 0, 0, 1, 0, 0), 0, 0, 0.5, 1, -1) });
        w.add({ shape: { kind: 'mask', mask: m }, transform: affineFromTRS(affine(1, 0, 0, 1, 0, 0), 10, 0, 0.2, 1, -1) });
        const got: boolean[] = [];
        w.addListener({ onEnter: (_a, _b, c) => { got.push(c.pending); } });
        w.step();
        expect(got).toEqual([false]);
        expect(() => new CollisionWorld({ contactDetails: 'later' as never })).toThrow(/contactDetails/);
    });

    it('the contact given to onEnter / onStay is kept as it is through the next step, and that step\'s onEnd gets the same object', () => {
        // Rotating, moving masks: the contacts of step k are read (never before) only after step
        // k + 1 has run, and must equal what the eager world computed in step k.
        const masks = [blob(24, 20, rng(1)), disc(16, 16), ring(20, 20), noise(18, 14, rng(4))];
        const worlds = [new CollisionWorld(), new CollisionWorld({ contactDetails: 'eager' })];
        const r = rng(11);
        const n = 12;
        const shapes = Array.from({ length: n }, () => ({ kind: 'mask', mask: masks[Math.floor(r() * masks.length)] }) as ColliderShape);
        const tOf = (i: number, f: number) => affineFromTRS(affine(1, 0, 0, 1, 0, 0), (i % 4) * 14 + f * (i % 3 - 1) * 1.3, Math.floor(i / 4) * 14 + f * 0.7, 0.3 * i + 0.11 * f * (i % 2 ? 1 : -1), 1, -1);
        const cols = worlds.map((w) => shapes.map((shape, i) => w.add({ shape, transform: tOf(i, 0), userData: i })));
        type Kept = { key: string; c: Contact };
        let kept: Kept[] = [];
        let now: Kept[] = [];
        let eager = new Map<string, (number | boolean)[]>();
        let nextEager = new Map<string, (number | boolean)[]>();
        const ended: Kept[] = [];
        const keyOf = (a: Collider, b: Collider) => `${a.userData}-${b.userData}`;
        worlds[0].addListener({
            onEnter: (a, b, c) => { now.push({ key: keyOf(a, b), c }); },
            onStay: (a, b, c) => { now.push({ key: keyOf(a, b), c }); },
            onEnd: (a, b, c) => { ended.push({ key: keyOf(a, b), c }); },
        });
        const rec = (a: Collider, b: Collider, c: Contact) => { nextEager.set(keyOf(a, b), fields(c)); };
        worlds[1].addListener({ onEnter: rec, onStay: rec });
        let compared = 0, endsSame = 0;
        for (let f = 1; f <= 30; f++) {
            worlds.forEach((w, wi) => { shapes.forEach((_s, i) => w.setTransform(cols[wi][i], tOf(i, f))); w.step(); });
            // Pairs that ended in this step got the very object their last enter / stay had.
            for (const e of ended) {
                const k = kept.find((x) => x.key === e.key);
                expect(k && k.c).toBe(e.c);
                endsSame++;
            }
            ended.length = 0;
            // The previous step's contacts, first read now (one step later).
            for (const k of kept) {
                const got = fields(k.c), want = eager.get(k.key) as (number | boolean)[];
                for (let i = 0; i < FIELDS.length; i++) {
                    if (FIELDS[i] === 'normalX' || FIELDS[i] === 'normalY' || FIELDS[i] === 'centroidX' || FIELDS[i] === 'centroidY') expect(got[i] as number).toBeCloseTo(want[i] as number, 12);
                    else expect([k.key, FIELDS[i], got[i]]).toEqual([k.key, FIELDS[i], want[i]]);
                }
                compared++;
            }
            kept = now; now = [];
            eager = nextEager; nextEager = new Map();
        }
        expect(compared).toBeGreaterThan(50);
        expect(endsSame).toBeGreaterThan(3);
    });

    it('swap() and complete() on a pending contact compute it first', () => {
        const w = new CollisionWorld({ separation: true });
        const m = blob(32, 32, rng(3));
        const a = w.add({ shape: { kind: 'mask', mask: m }, transform: affineFromTRS(affine(1, 0, 0, 1, 0, 0), 0, 0, 0.5, 1, -1) });
        const b = w.add({ shape: { kind: 'mask', mask: m }, transform: affineFromTRS(affine(1, 0, 0, 1, 0, 0), 12, 3, 0.2, 1, -1) });
        const ref = new Contact();
        w.narrowPhase.testPair(a, b, 1, true, ref);
        const cs: Contact[] = [];
        w.addListener({ onEnter: (_a, _b, c) => { cs.push(new Contact().copyFrom(c), new Contact().copyFrom(c)); } });
        w.step();
        const [s, k] = cs;
        expect(s.pending).toBe(true);
        s.swap();
        expect(s.pending).toBe(false);
        expect([s.normalX, s.normalY, s.separationX, s.separationY]).toEqual([-ref.normalX, -ref.normalY, -ref.separationX, -ref.separationY]);
        expect(k.complete().pending).toBe(false);
        expect(fields(k)).toEqual(fields(ref).map((v, i) => (FIELDS[i] === 'frame' ? k.frame : v)));
    });
});

describe('masksShareSample (the exact yes/no without rasters)', () => {
    it('agrees with the brute-force reference on random masks, transforms and accuracies', () => {
        let hits = 0, misses = 0;
        fc.assert(fc.property(fc.integer(), fc.integer(), fc.integer(), (sa, sb, st) => {
            const a = randomMask(rng(sa)), b = randomMask(rng(sb));
            const r = rng(st);
            const acc = [0.5, 1, 1, 2, 4, 1.7][Math.floor(r() * 6)];
            const mk = (m: BitMask): Affine2D => {
                const t = affine(1, 0, 0, 1, 0, 0);
                const k = r();
                if (k < 0.2) affineFromTRS(t, r() * 12, r() * 12, Math.floor(r() * 4) * Math.PI / 2, 1, -1);
                else affineFromTRS(t, r() * 12, r() * 12, r() * 6.3, (r() < 0.3 ? -1 : 1) * (0.4 + r() * 2), -(0.4 + r() * 2));
                if (k < 0.2) { t.a = Math.round(t.a); t.b = Math.round(t.b); t.c = Math.round(t.c); t.d = Math.round(t.d); }
                if (r() < 0.2) affineMultiply(t, t, affine(1, 0, r() - 0.5, 1, 0, 0));
                return affineMultiply(t, t, affine(1, 0, 0, 1, -m.width / 2, -m.height / 2));
            };
            const ta = mk(a), tb = mk(b);
            const want = refTest(a, ta, b, tb, acc).hit;
            expect(masksShareSample(a, ta, b, tb, acc)).toBe(want);
            if (want) hits++; else misses++;
        }), { numRuns: 1500 });
        expect(hits).toBeGreaterThan(200);
        expect(misses).toBeGreaterThan(200);
    });

    it('samples exactly on texel edges follow the half-open rule (touching sprites do not share a sample)', () => {
        const a = full(8, 8), b = full(8, 8);
        // Unit squares edge to edge, rotated 90 degrees so the mapping is not a plain view path.
        for (const acc of [1, 2, 0.5]) {
            expect(masksShareSample(a, affine(0, 1, -1, 0, 8, 0), b, affine(0, 1, -1, 0, 16, 0), acc)).toBe(false);
            expect(masksShareSample(a, affine(0, 1, -1, 0, 8, 0), b, affine(0, 1, -1, 0, 15.5, 0), acc)).toBe(refTest(a, affine(0, 1, -1, 0, 8, 0), b, affine(0, 1, -1, 0, 15.5, 0), acc).hit);
        }
    });
});

describe('a separating axis through the bounding circles\' centres (hullsApart)', () => {
    /** The largest w . p over the corners p of the mask's opaque texels, by brute force. */
    function bruteSupport(m: BitMask, wx: number, wy: number): number {
        let s = -Infinity;
        for (let j = 0; j < m.height; j++) for (let i = 0; i < m.width; i++) {
            if (!m.get(i, j)) continue;
            for (const [x, y] of [[i, j], [i + 1, j], [i, j + 1], [i + 1, j + 1]]) s = Math.max(s, x * wx + y * wy);
        }
        return s;
    }

    it('bounds each mask\'s support from above, within a fifth of a texel, in every direction', () => {
        fc.assert(fc.property(fc.integer(), fc.double({ min: 0, max: 2 * Math.PI, noNaN: true }), fc.double({ min: 0.01, max: 50, noNaN: true }), (seed, ang, len) => {
            const m = randomMask(rng(seed));
            if (m.count() === 0) return;
            const h = localSupport(m);
            // Random directions, the axes and diagonals, and directions a hair off them (where
            // the table's two directions around w are decided by rounding).
            const dirs: [number, number][] = [[Math.cos(ang), Math.sin(ang)]];
            for (const [x, y] of [[1, 0], [0, 1], [-1, 0], [0, -1], [1, 1], [-1, 1], [3, 1], [1, -3], [-0.25, -0.75]]) {
                dirs.push([x, y], [x + 1e-17, y - 1e-17], [x - 1e-15, y + 1e-15]);
            }
            for (const [dx, dy] of dirs) {
                const wx = dx * len, wy = dy * len;
                const want = bruteSupport(m, wx, wy);
                const got = supportBound(h, wx, wy);
                expect(got).toBeGreaterThanOrEqual(want - 1e-9 * len * (m.width + m.height));
                expect(got).toBeLessThanOrEqual(want + 0.2 * Math.hypot(wx, wy) * Math.max(m.width, m.height));
            }
        }), { numRuns: 400 });
    });

    it('never separates masks that share a sample, and separates most near misses (random masks, transforms, accuracies)', () => {
        let apart = 0, nearMisses = 0;
        fc.assert(fc.property(fc.integer(), fc.integer(), fc.integer(), (sa, sb, st) => {
            const a = randomMask(rng(sa)), b = randomMask(rng(sb));
            const r = rng(st);
            const acc = [0.5, 1, 2, 1.7][Math.floor(r() * 4)];
            const mk = (m: BitMask, x: number, y: number): Affine2D => {
                const t = affineFromTRS(affine(1, 0, 0, 1, 0, 0), x, y, r() * 6.3, (r() < 0.3 ? -1 : 1) * (0.5 + r() * 1.5), 0.5 + r() * 1.5);
                if (r() < 0.2) affineMultiply(t, t, affine(1, 0, r() - 0.5, 1, 0, 0));
                return affineMultiply(t, t, affine(1, 0, 0, 1, -m.width / 2, -m.height / 2));
            };
            // Far from the origin now and then (the slack grows with the translations).
            const o = r() < 0.2 ? 1e5 * (r() - 0.5) : 0;
            const ta = mk(a, o, o), tb = mk(b, o + (r() - 0.5) * 50, o + (r() - 0.5) * 50);
            const share = refTest(a, ta, b, tb, acc).hit;
            const sep = hullsApart(a, ta, b, tb);
            if (share) expect(sep).toBe(false);
            if (sep) apart++;
            if (!share) nearMisses++;
        }), { numRuns: 1500 });
        expect(nearMisses).toBeGreaterThan(300);
        expect(apart).toBeGreaterThan(nearMisses / 3);
    });

    it('decides most turning blobs whose circles meet but whose texels do not', () => {
        const masks = [blob(48, 48, rng(1)), blob(48, 48, rng(2)), blob(48, 48, rng(3))];
        const r = rng(7);
        let misses = 0, apart = 0, shares = 0;
        for (let n = 0; n < 700; n++) {
            const a = masks[n % 3], b = masks[(n + 1) % 3];
            const ta = affineMultiply(affine(1, 0, 0, 1, 0, 0), affineFromTRS(affine(1, 0, 0, 1, 0, 0), 0, 0, r() * 6.3, 1, 1), affine(1, 0, 0, 1, -24, -24));
            const ang = r() * 6.3, dist = 20 + r() * 30;
            const tb = affineMultiply(affine(1, 0, 0, 1, 0, 0), affineFromTRS(affine(1, 0, 0, 1, 0, 0), dist * Math.cos(ang), dist * Math.sin(ang), r() * 6.3, 1, 1), affine(1, 0, 0, 1, -24, -24));
            const [, , ra] = a.boundingCircle(), [, , rb] = b.boundingCircle();
            if (dist > ra + rb) continue;
            const share = refTest(a, ta, b, tb, 1).hit;
            const sep = hullsApart(a, ta, b, tb);
            if (share) { shares++; expect(sep).toBe(false); continue; }
            misses++;
            if (sep) apart++;
        }
        expect(shares).toBeGreaterThan(50);
        expect(misses).toBeGreaterThan(50);
        expect(apart / misses).toBeGreaterThan(0.6);
    });

    it('two squares that overlap by a sliver holding a sample are not apart; a thousandth of a texel apart, they are', () => {
        const a = full(8, 8), b = full(8, 8);
        // In line (the axis through the centres is x); at accuracy 2 samples sit at x = 7.75: a
        // ends just after it, b starts just before it.
        const ta = affine(1, 0, 0, 1, -0.25 + 1e-12, 0), tb = affine(1, 0, 0, 1, 7.75 - 1e-12, 0);
        expect(refTest(a, ta, b, tb, 2).hit).toBe(true);
        expect(hullsApart(a, ta, b, tb)).toBe(false);
        expect(masksShareSample(a, ta, b, tb, 2)).toBe(true);
        const tc = affine(1, 0, 0, 1, 7.75 + 1e-3, 0);
        expect(hullsApart(a, ta, b, tc)).toBe(true);
        expect(refTest(a, ta, b, tc, 2).hit).toBe(false);
    });

    it('follows the mask when it changes, and an empty mask shares nothing', () => {
        const a = full(8, 8), b = new BitMask(8, 8);
        const ta = affine(1, 0, 0, 1, 0, 0), tb = affineFromTRS(affine(1, 0, 0, 1, 0, 0), 9, 0, 0.3, 1, 1);
        expect(hullsApart(a, ta, b, tb)).toBe(true);
        expect(refTest(a, ta, b, tb, 1).hit).toBe(false);
        b.set(0, 4, true);
        // b's texel (0, 4) lands at about (7.8, 4.0): inside a's square, so not apart any more.
        expect(refTest(a, ta, b, tb, 1).hit || refTest(a, ta, b, tb, 4).hit).toBe(true);
        expect(hullsApart(a, ta, b, tb)).toBe(false);
        b.set(0, 4, false);
        b.set(7, 4, true);
        expect(hullsApart(a, ta, b, tb)).toBe(true);
    });
});

describe('bounding circles (the narrow phase rejects pairs whose circles do not meet)', () => {
    it('a mask\'s circle holds every opaque texel whole, and is tight', () => {
        fc.assert(fc.property(fc.integer(), (seed) => {
            const m = randomMask(rng(seed));
            const [cx, cy, r] = m.boundingCircle();
            if (m.count() === 0) { expect(r).toBe(0); return; }
            let far = 0;
            for (let j = 0; j < m.height; j++) for (let i = 0; i < m.width; i++) {
                if (!m.get(i, j)) continue;
                for (const [x, y] of [[i, j], [i + 1, j], [i, j + 1], [i + 1, j + 1]]) far = Math.max(far, Math.hypot(x - cx, y - cy));
            }
            expect(far).toBeLessThanOrEqual(r + 1e-12);
            expect(far).toBeGreaterThanOrEqual(r - 1e-12);
        }), { numRuns: 300 });
        // Cached, and dropped when the mask changes.
        const m = full(4, 2);
        expect(Array.from(m.boundingCircle())).toEqual([2, 1, Math.sqrt(5)]);
        m.set(3, 0, false);
        m.set(3, 1, false);
        expect(Array.from(m.boundingCircle())).toEqual([1.5, 1, Math.sqrt(1.5 * 1.5 + 1)]);
    });

    it('a world finds exactly the pairs the brute-force reference finds, with skewed, scaled, flipped and far-away transforms', () => {
        let hits = 0, misses = 0;
        fc.assert(fc.property(fc.integer(), (seed) => {
            const r = rng(seed);
            const w = new CollisionWorld();
            const far = r() < 0.3 ? 1e6 * (r() - 0.5) : 0;
            const acc = [0.5, 1, 1, 2, 1.7][Math.floor(r() * 5)];
            const cs: Collider[] = [];
            for (let i = 0; i < 6; i++) {
                const m = randomMask(rng(Math.floor(r() * 1e9)));
                const t = affineFromTRS(affine(1, 0, 0, 1, 0, 0), far + r() * 30, far + r() * 30, r() * 6.3, (r() < 0.3 ? -1 : 1) * (0.4 + r() * 2), -(0.4 + r() * 2));
                if (r() < 0.3) affineMultiply(t, t, affine(1, 0, r() - 0.5, 1, 0, 0));
                affineMultiply(t, t, affine(1, 0, 0, 1, -m.width / 2, -m.height / 2));
                cs.push(w.add({ shape: { kind: 'mask', mask: m }, transform: t, accuracy: acc }));
            }
            const got = new Set<string>();
            w.addListener({ onEnter: (a, b) => { got.add(`${a.id}-${b.id}`); } });
            w.step();
            for (let i = 0; i < cs.length; i++) for (let j = i + 1; j < cs.length; j++) {
                const A = cs[i], B = cs[j];
                const s = A.shape as { kind: 'mask'; mask: BitMask }, u = B.shape as { kind: 'mask'; mask: BitMask };
                const want = refTest(s.mask, A.transform, u.mask, B.transform, acc).hit;
                expect([i, j, got.has(`${Math.min(A.id, B.id)}-${Math.max(A.id, B.id)}`)]).toEqual([i, j, want]);
                if (want) hits++; else misses++;
            }
        }), { numRuns: 150 });
        expect(hits).toBeGreaterThan(100);
        expect(misses).toBeGreaterThan(50);
    });
});
