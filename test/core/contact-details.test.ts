/**
 * Contact details of rotated mask colliders in a world (core/narrow-phase.ts): a pending
 * contact's count, rect, centroid and normal come cell by cell when the pair window is small,
 * else from rasters cut to the union of each collider's pair windows of the step (or whole ones
 * already at hand). Whatever path answers, every field equals the eager world's (whole rasters)
 * and the definition's (test/core/reference.ts), in any order of reads; and nothing that needs a
 * whole raster (queries, separation, the decision on rasters) ever sees a cut one.
 */
import fc from 'fast-check';
import type { Affine2D, BitMask, ColliderShape } from '../../extensions/pixel-collision/assets/core';
import { affine, affineFromTRS, affineMultiply, Collider, CollisionWorld, Contact, RayHit } from '../../extensions/pixel-collision/assets/core';
import { DETAIL_PATHS } from '../../extensions/pixel-collision/assets/core/narrow-phase';
import { WorldRaster } from '../../extensions/pixel-collision/assets/core/raster';
import * as narrow from '../../extensions/pixel-collision/assets/core/narrow';
import { pairWindow, pairWindowTight } from '../../extensions/pixel-collision/assets/core/narrow';
import { blob, discs, full, line, noise, ring, rng } from '../fixtures/masks';
import type { Rng } from '../fixtures/masks';
import { refMember, refTest } from './reference';

const FIELDS = ['hit', 'count', 'minX', 'minY', 'maxX', 'maxY', 'centroidX', 'centroidY', 'normalX', 'normalY', 'accuracy', 'frame'] as const;

function fields(c: Contact): (number | boolean)[] {
    return FIELDS.map((f) => c[f]);
}

/** How the pending details of a contact were (or will be) answered, seen from the colliders' caches after the read. */
type Path = 'cell' | 'clip' | 'whole';
function pathAfterRead(a: Collider, b: Collider, acc: number): Path {
    const clipped = (c: Collider) => c._clipped !== null && c._clipped.stamp === c._stamp && c._clipped.acc === acc;
    if (clipped(a) || clipped(b)) return 'clip';
    return a._hasRaster(acc) || b._hasRaster(acc) ? 'whole' : 'cell';
}

/** A mask collider's image-space transform: rotate / scale / flip about the mask's centre, y up. */
function spriteT(m: BitMask, x: number, y: number, rot: number, sx: number, sy: number): Affine2D {
    return affineMultiply(affine(1, 0, 0, 1, 0, 0), affineFromTRS(affine(1, 0, 0, 1, 0, 0), x, y, rot, sx, -sy), affine(1, 0, 0, 1, -m.width / 2, -m.height / 2));
}

describe('contact details of rotated sprites in a world', () => {
    const masks = (r: Rng): BitMask[] => [
        blob(48, 48, rng(1)), blob(40, 28, rng(2)), ring(40, 40), noise(30, 26, r, 0.6), discs(36, 36, rng(3)),
        full(2, 34), full(36, 3), line(32, 32, rng(4)), blob(16, 16, rng(5)),
    ];

    it('every field equals the eager world\'s and the definition\'s, whatever is read first, and in whatever order the pairs are read', () => {
        const paths: Record<Path, number> = { cell: 0, clip: 0, whole: 0 };
        let checked = 0;
        fc.assert(fc.property(fc.integer(), (seed) => {
            const r = rng(seed);
            const ms = masks(r);
            const worlds = [new CollisionWorld(), new CollisionWorld({ contactDetails: 'eager' })];
            type Rec = { a: Collider; b: Collider; c: Contact; key: string };
            const got: Rec[][] = [[], []];
            worlds.forEach((w, wi) => {
                const on = (a: Collider, b: Collider, c: Contact) => { got[wi].push({ a, b, c, key: `${a.userData}-${b.userData}` }); };
                w.addListener({ onEnter: on, onStay: on });
            });
            const n = 9;
            const shapes: ColliderShape[] = [], accs: number[] = [];
            const place = (i: number): Affine2D => {
                const s = shapes[i];
                const rot = r() < 0.2 ? 0 : r() * 6.28, sx = r() < 0.5 ? 1 : 0.7 + r(), sy = r() < 0.5 ? sx : 0.7 + r();
                const flipX = r() < 0.3 ? -1 : 1;
                const x = 20 + r() * 40, y = 20 + r() * 40;
                if (s.kind === 'mask') return spriteT(s.mask, x, y, rot, flipX * sx, sy);
                return affineFromTRS(affine(1, 0, 0, 1, 0, 0), x, y, rot, 1, 1);
            };
            for (let i = 0; i < n; i++) {
                const k = r();
                shapes.push(k < 0.78 ? { kind: 'mask', mask: ms[Math.floor(r() * ms.length)] } : k < 0.89 ? { kind: 'box', width: 4 + r() * 20, height: 3 + r() * 10 } : { kind: 'circle', radius: 3 + r() * 10 });
                accs.push(r() < 0.75 ? 1 : [0.5, 2][Math.floor(r() * 2)]);
            }
            const ts0 = shapes.map((_, i) => place(i));
            const cols = worlds.map((w) => shapes.map((shape, i) => w.add({ shape, transform: ts0[i], accuracy: accs[i], userData: `c${i}` })));
            for (let frame = 0; frame < 4; frame++) {
                // Some colliders stay where they are for a few steps (their rasters outlive a step).
                const moves = shapes.map((_, i) => (r() < 0.6 ? place(i) : null));
                worlds.forEach((w, wi) => moves.forEach((t, i) => { if (t) w.setTransform(cols[wi][i], t); }));
                got[0] = []; got[1] = [];
                worlds.forEach((w) => w.step());
                expect(got[0].map((x) => x.key)).toEqual(got[1].map((x) => x.key));
                // Read the lazy world's pairs in a shuffled order, each in its own way.
                const order = got[0].map((_, i) => i);
                for (let i = order.length - 1; i > 0; i--) { const j = Math.floor(r() * (i + 1)); [order[i], order[j]] = [order[j], order[i]]; }
                for (const i of order) {
                    const { a, b, c } = got[0][i], want = fields(got[1][i].c);
                    const how = Math.floor(r() * 5);
                    const acc = c.accuracy;
                    if (how === 0) void c.count;
                    else if (how === 1) void c.normalX;
                    else if (how === 2) { void c.centroidY; void c.normalY; }
                    else if (how === 3) { void c.minX; }
                    // how === 4: everything at once below, normal first.
                    const masksPair = a.shape.kind === 'mask' && b.shape.kind === 'mask';
                    if (masksPair) paths[pathAfterRead(a, b, acc)]++;
                    // Seen from B: the swapped copy has the opposite normal, the same rest.
                    const other = new Contact().copyFrom(c).swap();
                    const g = [c.normalX, c.normalY, ...fields(c)].slice(2);
                    for (let f = 0; f < FIELDS.length; f++) expect([got[0][i].key, FIELDS[f], g[f]]).toEqual([got[0][i].key, FIELDS[f], want[f]]);
                    expect([other.normalX, other.normalY, other.count]).toEqual([-c.normalX, -c.normalY, c.count]);
                    if (masksPair) {
                        const sa = a.shape as { mask: BitMask }, sb = b.shape as { mask: BitMask };
                        const ref = refTest(sa.mask, a.transform as Affine2D, sb.mask, b.transform as Affine2D, acc);
                        expect([c.hit, c.count, c.minX, c.maxX, c.minY, c.maxY]).toEqual([ref.hit, ref.count, ref.minK / acc, (ref.maxK + 1) / acc, ref.minL / acc, (ref.maxL + 1) / acc]);
                        expect(c.centroidX).toBeCloseTo((ref.sumK / ref.count + 0.5) / acc, 9);
                        expect(c.centroidY).toBeCloseTo((ref.sumL / ref.count + 0.5) / acc, 9);
                    }
                    checked++;
                }
            }
        }), { numRuns: 60 });
        expect(checked).toBeGreaterThan(300);
        // Every path ran: cell by cell, cut rasters, whole ones.
        expect(paths.cell).toBeGreaterThan(20);
        expect(paths.clip).toBeGreaterThan(20);
        expect(paths.whole).toBeGreaterThan(5);
    });

    it('the same contacts with the per-cell and cut-raster paths switched off', () => {
        // The switches only choose how; both settings must give the same contacts, bit for bit.
        const run = (on: boolean): (number | boolean)[][] => {
            DETAIL_PATHS.perCell = on; DETAIL_PATHS.clip = on; DETAIL_PATHS.tight = on;
            try {
                const w = new CollisionWorld();
                const m = blob(48, 48, rng(7)), s = blob(16, 16, rng(8));
                const out: (number | boolean)[][] = [];
                w.addListener({ onEnter: (_a, _b, c) => { out.push(fields(c)); }, onStay: (_a, _b, c) => { out.push(fields(c)); } });
                const r = rng(99);
                const cs = Array.from({ length: 14 }, (_, i) => w.add({ shape: { kind: 'mask', mask: i % 4 === 0 ? s : m }, transform: spriteT(m, r() * 90, r() * 90, r() * 6.28, 1, 1) }));
                for (let f = 0; f < 6; f++) {
                    cs.forEach((c, i) => { if ((i + f) % 3) w.setTransform(c, spriteT(c.shape.kind === 'mask' ? c.shape.mask : m, r() * 90, r() * 90, r() * 6.28, 0.8 + r() * 0.5, 1)); });
                    w.step();
                }
                return out;
            } finally {
                DETAIL_PATHS.perCell = true; DETAIL_PATHS.clip = true; DETAIL_PATHS.tight = true;
            }
        };
        const on = run(true), off = run(false);
        expect(on.length).toBeGreaterThan(20);
        expect(on).toEqual(off);
    });

    /**
     * A crowd of 48x48 blob sprites (every `small`-th one a blob of side `smallSize`) moved at random and stepped
     * `steps` times, with DETAIL_PATHS.lens as given: each step's touching pairs and, after the steps
     * where `read(f)`, every pair's details (checked against the reference). Also: how many pairs
     * were decided with no window (the lens, no details read since the step before), and how many
     * times the full decision (masksShareSample) ran.
     */
    function lensCrowd(lens: boolean, o: { seeds: number[]; small: number; smallSize: number; n: number; box: number; steps: number; moves: (i: number, f: number) => boolean; read: (f: number) => boolean }): { out: string[]; noWindow: number; scans: number } {
        DETAIL_PATHS.lens = lens;
        const scans = jest.spyOn(narrow, 'masksShareSample');
        try {
            const w = new CollisionWorld();
            const m = blob(48, 48, rng(o.seeds[0])), s = blob(o.smallSize, o.smallSize, rng(o.seeds[1]));
            const out: string[] = [];
            let noWindow = 0;
            let step: { a: Collider; b: Collider; c: Contact }[] = [];
            w.addListener({ onEnter: (a, b, c) => { step.push({ a, b, c }); }, onStay: (a, b, c) => { step.push({ a, b, c }); } });
            const r = rng(o.seeds[2]);
            const cs = Array.from({ length: o.n }, (_, i) => w.add({ shape: { kind: 'mask', mask: i % o.small === 0 ? s : m }, transform: spriteT(m, r() * o.box, r() * o.box, r() * 6.28, 1, 1) }));
            for (let f = 0; f < o.steps; f++) {
                cs.forEach((c, i) => { if (o.moves(i, f)) w.setTransform(c, spriteT(c.shape.kind === 'mask' ? c.shape.mask : m, r() * o.box, r() * o.box, r() * 6.28, 0.8 + r() * 0.5, 1)); });
                step = [];
                w.step();
                for (const { a, b, c } of step) {
                    const src = (c as unknown as { _src: { hasWin: boolean } | null })._src;
                    if (lens && src && !src.hasWin && !a._hasRaster(1) && !b._hasRaster(1)) noWindow++;
                    out.push(`${f} ${a.id}-${b.id}`);
                }
                if (!o.read(f)) continue;
                for (const { a, b, c } of step) {
                    out.push(JSON.stringify(fields(c)));
                    const ref = refTest((a.shape as { mask: BitMask }).mask, a.transform as Affine2D, (b.shape as { mask: BitMask }).mask, b.transform as Affine2D, 1);
                    expect([c.count, c.minX, c.maxX, c.minY, c.maxY]).toEqual([ref.count, ref.minK, ref.maxK + 1, ref.minL, ref.maxL + 1]);
                }
            }
            return { out, noWindow, scans: scans.mock.calls.length };
        } finally {
            scans.mockRestore();
            DETAIL_PATHS.lens = true;
        }
    }

    it('pairs decided at their lens\'s middle (no window) give the same pairs and, read later, the same details', () => {
        // Steps whose contacts nobody read let the next step decide a pair by one cell between the
        // two sprites' circles; its details, read after the step, find their window then.
        // Every other step, nothing is read; the others read every field after the step.
        const o = { seeds: [7, 8, 1234], small: 4, smallSize: 16, n: 16, box: 80, steps: 16, moves: (i: number, f: number) => (i + f) % 3 !== 0, read: (f: number) => f % 2 === 1 };
        const on = lensCrowd(true, o), off = lensCrowd(false, o);
        expect(on.out.length).toBeGreaterThan(60);
        expect(on.noWindow).toBeGreaterThan(10);
        expect(on.out).toEqual(off.out);
    });

    it('pairs decided at their lens\'s middle while details are read every step keep the window the scan would have made: same details', () => {
        // Reading every step makes every step collect the pairs' windows (for cut rasters): a pair
        // the lens decides then gets its window from pairWindowTight directly, with no probe or scan.
        const o = { seeds: [17, 18, 4321], small: 3, smallSize: 20, n: 18, box: 90, steps: 12, moves: () => true, read: () => true };
        const on = lensCrowd(true, o), off = lensCrowd(false, o);
        expect(on.out.length).toBeGreaterThan(60);
        expect(on.noWindow).toBe(0);
        // The lens decided some pairs the scan decides without it.
        expect(on.scans).toBeLessThan(off.scans - 10);
        expect(on.out).toEqual(off.out);
    });

    it('after a collider\'s raster was cut for its pairs, queries and a later pair see it whole', () => {
        const w = new CollisionWorld();
        const big = blob(48, 48, rng(1)), other = blob(48, 48, rng(2));
        const tBig = spriteT(big, 0, 0, 0.4, 1, 1);
        const A = w.add({ shape: { kind: 'mask', mask: big }, transform: tBig });
        // B overlaps A's right edge: a pair window of more than PER_CELL_MAX_CELLS cells but far from A's left side.
        const B = w.add({ shape: { kind: 'mask', mask: other }, transform: spriteT(other, 26, 3, -0.3, 1, 1) });
        const seen: Contact[] = [];
        w.addListener({ onEnter: (_a, _b, c) => { seen.push(c); } });
        w.step();
        expect(seen.length).toBe(1);
        const ref = refTest(big, tBig, other, B.transform as Affine2D, 1);
        expect(seen[0].count).toBe(ref.count);
        void seen[0].normalX;
        // A's details came from a raster cut to the pair's cells; A has no whole raster yet.
        expect(A._clipped !== null && A._clipped.stamp === A._stamp).toBe(true);
        expect(A._hasRaster(1)).toBe(false);
        const cut = A._clipped!.win;
        // Cells of A outside the cut: queries answer them from A's whole raster.
        let outside = 0, agree = 0;
        const found: Collider[] = [];
        for (let y = -30; y <= 30; y += 3) {
            for (let x = -30; x <= 30; x += 3) {
                const k = Math.floor(x), l = Math.floor(y);
                if (k >= cut.k0 && k <= cut.k1 && l >= cut.l0 && l <= cut.l1) continue;
                outside++;
                w.queryPoint(x + 0.5, y + 0.5, found);
                if (found.includes(A) === refMember(big, tBig, 1, k, l)) agree++;
            }
        }
        expect(outside).toBeGreaterThan(50);
        expect(agree).toBe(outside);
        // A ray from the far left enters A where the definition says.
        const hit = new RayHit();
        expect(w.raycast(-40, 0.5, 40, 0.5, hit)).toBe(true);
        expect(hit.collider).toBe(A);
        let firstK = -40;
        while (!refMember(big, tBig, 1, firstK, 0)) firstK++;
        expect(hit.k).toBe(firstK);
        expect(A._hasRaster(1)).toBe(true); // (the ray read A's whole raster, not the cut one)
        // placeMeeting on A's far side, beyond the cut: exact.
        const probeT = spriteT(other, -40, 0, 0.2, 1, 1);
        const contact = new Contact();
        const met = w.placeMeeting(B, probeT, contact);
        const want = refTest(big, tBig, other, probeT, 1);
        expect(met === A).toBe(want.hit);
        if (want.hit) expect(contact.count).toBe(want.count);
        // A new pair on A's left side, the next step (A unchanged): its details are exact too.
        const C = w.add({ shape: { kind: 'mask', mask: other }, transform: spriteT(other, -38, -2, 0.9, 1, 1) });
        seen.length = 0;
        const pairs: [Collider, Collider, Contact][] = [];
        w.addListener({ onEnter: (a, b, c) => { pairs.push([a, b, c]); } });
        w.step();
        const ac = pairs.find(([a, b]) => (a === A && b === C) || (a === C && b === A));
        expect(ac).toBeDefined();
        const [pa, pb, pc] = ac!;
        const r2 = refTest((pa.shape as { mask: BitMask }).mask, pa.transform as Affine2D, (pb.shape as { mask: BitMask }).mask, pb.transform as Affine2D, 1);
        expect([pc.count, pc.minX, pc.maxX, pc.minY, pc.maxY]).toEqual([r2.count, r2.minK, r2.maxK + 1, r2.minL, r2.maxL + 1]);
        const eager = new CollisionWorld({ contactDetails: 'eager' });
        const ea = eager.add({ shape: pa.shape, transform: pa.transform }), eb = eager.add({ shape: pb.shape, transform: pb.transform });
        const ec = new Contact();
        eager.narrowPhase.testPair(ea, eb, 1, false, ec);
        expect(fields(pc).slice(0, 10)).toEqual(fields(ec).slice(0, 10));
    });

    it('a collider cut for one step\'s pairs and unchanged the next step meets a new pair: whole, exact', () => {
        const w = new CollisionWorld();
        const big = blob(48, 48, rng(1)), other = blob(48, 48, rng(2));
        const tBig = spriteT(big, 0, 0, 0.4, 1, 1);
        const A = w.add({ shape: { kind: 'mask', mask: big }, transform: tBig });
        w.add({ shape: { kind: 'mask', mask: other }, transform: spriteT(other, 26, 3, -0.3, 1, 1) });
        const pairs: [Collider, Collider, Contact][] = [];
        w.addListener({ onEnter: (a, b, c) => { pairs.push([a, b, c]); }, onStay: (a, b, c) => { pairs.push([a, b, c]); } });
        w.step();
        void pairs[0][2].normalX;
        expect(A._clipped !== null && A._clipped.stamp === A._stamp).toBe(true);
        const stamp = A._stamp;
        // The next step A has not moved: a new pair on its far side.
        const C = w.add({ shape: { kind: 'mask', mask: other }, transform: spriteT(other, -27, -2, 0.9, 1.2, 1) });
        pairs.length = 0;
        w.step();
        expect(A._stamp).toBe(stamp);
        const ac = pairs.find(([a, b]) => (a === A && b === C) || (a === C && b === A));
        expect(ac).toBeDefined();
        const [pa, pb, pc] = ac!;
        const ma = (pa.shape as { mask: BitMask }).mask, mb = (pb.shape as { mask: BitMask }).mask;
        const ref = refTest(ma, pa.transform as Affine2D, mb, pb.transform as Affine2D, 1);
        expect([pc.count, pc.minX, pc.maxX, pc.minY, pc.maxY]).toEqual([ref.count, ref.minK, ref.maxK + 1, ref.minL, ref.maxL + 1]);
        void pc.normalX;
        // A unchanged since an earlier step: its whole raster serves (made once, kept while it stays).
        expect(A._hasRaster(1)).toBe(true);
        const eager = new CollisionWorld({ contactDetails: 'eager' });
        const ec = new Contact();
        eager.narrowPhase.testPair(eager.add({ shape: pa.shape, transform: pa.transform }), eager.add({ shape: pb.shape, transform: pb.transform }), 1, false, ec);
        expect(fields(pc).slice(0, 10)).toEqual(fields(ec).slice(0, 10));
    });
});

describe('cut rasters reuse their buffers', () => {
    it('turning sprites whose partners change are cut at many sizes from a small pool of buffers that never regrow', () => {
        const w = new CollisionWorld();
        const big = blob(48, 48, rng(1)), other = blob(48, 48, rng(2));
        const A = w.add({ shape: { kind: 'mask', mask: big }, transform: spriteT(big, 0, 0, 0, 1, 1) });
        // Partners around A, some of them overlapping it in each step: A's union of pair windows
        // takes many sizes as it turns, and the partners' cut rasters come and go.
        const around = [0, 1, 2, 3, 4].map((i) => w.add({ shape: { kind: 'mask', mask: other }, transform: spriteT(other, 100 + i, 0, 0, 1, 1) }));
        const seen: Contact[] = [];
        w.addListener({ onEnter: (_a, _b, c) => { seen.push(c); }, onStay: (_a, _b, c) => { seen.push(c); } });
        const cutSizes = new Set<string>();
        const pool = (w.narrowPhase as unknown as { _cuts: unknown[] })._cuts;
        let before = -1, poolBefore = -1, cutSteps = 0;
        for (let f = 0; f < 90; f++) {
            if (f === 10) { before = WorldRaster.allocations; poolBefore = pool.length; }
            w.setTransform(A, spriteT(big, 0, 0, f * 0.07, 1, 1));
            around.forEach((B, i) => {
                const ang = i * 1.3 + f * 0.05 * (i % 2 ? 1 : -1), d = f % 3 === i % 3 ? 200 : 24 + (i % 3) * 4;
                w.setTransform(B, spriteT(other, Math.cos(ang) * d, Math.sin(ang) * d, f * 0.11 + i, 1, 1));
            });
            seen.length = 0;
            w.step();
            for (const c of seen) { void c.count; void c.normalX; }
            const cut = A._clipped;
            if (!cut || cut.stamp !== A._stamp || !cut.raster) continue;
            cutSteps++;
            cutSizes.add(`${cut.raster.width}x${cut.raster.height}`);
        }
        expect(cutSteps).toBeGreaterThan(30);
        expect(cutSizes.size).toBeGreaterThan(10);
        // After the first steps, buffers are made only for a new slot (bits and row tables: two),
        // when a step needs more cut rasters at once than any step before; never for a slot
        // that serves a larger window or another collider, nor per collider.
        expect(WorldRaster.allocations - before).toBe(2 * (pool.length - poolBefore));
        expect(pool.length).toBeGreaterThan(0);
        expect(pool.length).toBeLessThanOrEqual(6); // at most every sprite at once
    });
});

describe('pairWindowTight (octagons)', () => {
    it('contains every shared sample with its margin, and lies within pairWindow\'s window', () => {
        const pool = (r: Rng): BitMask[] => [blob(30, 22, r), ring(26, 26), noise(20, 18, r, 0.5), full(1, 20), full(20, 1), line(24, 24, r), discs(28, 28, r), blob(9, 7, r)];
        let hits = 0;
        fc.assert(fc.property(fc.integer(), (seed) => {
            const r = rng(seed);
            const ms = pool(r);
            const a = ms[Math.floor(r() * ms.length)], b = ms[Math.floor(r() * ms.length)];
            const acc = [1, 1, 0.5, 2, 3][Math.floor(r() * 5)];
            const ta = spriteT(a, r() * 10, r() * 10, r() * 6.28, (r() < 0.3 ? -1 : 1) * (0.5 + r()), 0.5 + r());
            const tb = spriteT(b, r() * 24, r() * 24, r() * 6.28, 0.5 + r(), (r() < 0.3 ? -1 : 1) * (0.5 + r()));
            const box = pairWindow(a, ta, b, tb, acc);
            const boxW = box && { ...box };
            const tight = pairWindowTight(a, ta, b, tb, acc);
            const ref = refTest(a, ta, b, tb, acc);
            if (!ref.hit) return;
            hits++;
            expect(tight).not.toBeNull();
            expect(boxW).not.toBeNull();
            const t = tight!;
            expect([t.k0 <= ref.minK - 2, t.k1 >= ref.maxK + 2, t.l0 <= ref.minL - 2, t.l1 >= ref.maxL + 2]).toEqual([true, true, true, true]);
            // (Within the boxes' window, up to a cell where the octagons' larger slack crosses a cell edge.)
            expect([t.k0 >= boxW!.k0 - 1, t.k1 <= boxW!.k1 + 1, t.l0 >= boxW!.l0 - 1, t.l1 <= boxW!.l1 + 1]).toEqual([true, true, true, true]);
        }), { numRuns: 400 });
        expect(hits).toBeGreaterThan(60);
    });
});
