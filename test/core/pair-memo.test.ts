/**
 * The CPU narrow phase's memory of the previous step (PairMemo): a pair of the same two
 * colliders, neither changed since, gets the previous step's answer without being decided again.
 * Checked two ways: the answers (every event and every contact field, read in the callback or
 * not) equal a world that decides everything anew, under random moves, shape changes (a mask
 * edited in place), accuracy, filter and enable changes, removals and adds; and the work: a world
 * at rest decides nothing after its first step, and a moved collider's pairs are decided again.
 */
import fc from 'fast-check';
import type { Affine2D, ColliderShape } from '../../extensions/pixel-collision/assets/core';
import { affine, affineFromTRS, BitMask, Collider, CollisionWorld, Contact } from '../../extensions/pixel-collision/assets/core';
import { CpuNarrowPhase, DETAIL_PATHS } from '../../extensions/pixel-collision/assets/core/narrow-phase';
import { blob, disc, full, noise, ring, rng } from '../fixtures/masks';

const FIELDS = ['hit', 'count', 'minX', 'minY', 'maxX', 'maxY', 'centroidX', 'centroidY', 'normalX', 'normalY', 'separationX', 'separationY', 'hasSeparation', 'accuracy', 'frame'] as const;
const fields = (c: Contact): (number | boolean)[] => FIELDS.map((f) => c[f]);

afterEach(() => { DETAIL_PATHS.memo = true; DETAIL_PATHS.witness = true; });

describe('the narrow phase remembers the previous step', () => {
    it('gives the same events and contact fields as deciding every pair anew, whatever changes', () => {
        fc.assert(fc.property(fc.integer(), fc.boolean(), fc.boolean(), (seed, separation, eager) => {
            const r = rng(seed);
            // Masks of their own (one is edited in place below), shared by several colliders.
            const masks = [blob(24, 20, rng(seed ^ 1)), disc(16, 16), ring(20, 20), full(6, 10), noise(18, 14, rng(seed ^ 4))];
            const opts = { separation, contactDetails: eager ? 'eager' as const : 'lazy' as const };
            const worlds = [new CollisionWorld(opts), new CollisionWorld(opts)]; // [with the memory, without]
            const logs: string[][] = [[], []];
            const copies: Contact[][] = [[], []];
            // Copies are read before a mask is edited in place (a copy read after that would read
            // the edited mask: both worlds alike, but not the step's answer) and at the end.
            const settled: (number | boolean)[][][] = [[], []];
            let edited = false;
            const settle = () => { for (let wi = 0; wi < 2; wi++) { settled[wi].push(...copies[wi].map(fields)); copies[wi].length = 0; } };
            worlds.forEach((w, wi) => {
                let n = 0;
                const on = (ev: string) => (a: Collider, b: Collider, c: Contact) => {
                    // Read some contacts in the callback, the others only later from a copy.
                    // (An end's contact is the previous step's: not read after a mask it used was
                    // edited in place, for the reason given at settle.)
                    const read = ev === 'end' ? !edited : (n++ % 3) !== 0;
                    logs[wi].push(`${ev} ${String(a.userData)}-${String(b.userData)}${read ? ' ' + fields(c).join(',') : ''}`);
                    if (!read && ev !== 'end') copies[wi].push(new Contact().copyFrom(c));
                };
                w.addListener({ onEnter: on('enter'), onStay: on('stay'), onEnd: on('end') });
            });
            const randomShape = (): ColliderShape => {
                const k = Math.floor(r() * 6);
                if (k < 4) return { kind: 'mask', mask: masks[Math.floor(r() * masks.length)] };
                if (k === 4) return { kind: 'box', width: 2 + r() * 12, height: 2 + r() * 12 };
                return { kind: 'circle', radius: 1 + r() * 7 };
            };
            const randomT = (): Affine2D => affineFromTRS(affine(1, 0, 0, 1, 0, 0), r() * 30, r() * 30, r() < 0.3 ? 0 : r() * 6.28, r() < 0.5 ? 1 : 0.6 + r(), r() < 0.5 ? -1 : -(0.6 + r()));
            const cols: Collider[][] = [[], []];
            let next = 0;
            const add = () => {
                const shape = randomShape(), t = randomT(), accuracy = r() < 0.7 ? 1 : 2, name = `c${next++}`;
                worlds.forEach((w, wi) => cols[wi].push(w.add({ shape, transform: t, accuracy, userData: name })));
            };
            for (let i = 0; i < 9; i++) add();
            for (let frame = 0; frame < 10; frame++) {
                // Most colliders rest; a few things change each frame.
                const ops = Math.floor(r() * 4);
                edited = false;
                for (let o = 0; o < ops; o++) {
                    const i = Math.floor(r() * cols[0].length), what = Math.floor(r() * 8);
                    const t = randomT(), shape = randomShape(), acc = r() < 0.5 ? 1 : 0.5, on = r() < 0.5, drop = r() < 0.5;
                    if (what === 6) {
                        // A mask edited in place, then handed over again (as the API asks).
                        settle();
                        edited = true;
                        const m = masks[0];
                        m.set(Math.floor(r() * m.width), Math.floor(r() * m.height), r() < 0.5);
                    }
                    worlds.forEach((w, wi) => {
                        const c = cols[wi][i];
                        if (what === 6) { for (const d of cols[wi]) if (d.id >= 0 && d.shape.kind === 'mask' && d.shape.mask === masks[0]) w.setShape(d, d.shape); }
                        if (c.id < 0 || what === 6) return;
                        if (what <= 2) w.setTransform(c, t);
                        else if (what === 3) w.setShape(c, shape);
                        else if (what === 4) w.setAccuracy(c, acc);
                        else if (what === 5) w.setEnabled(c, on);
                        else if (drop) w.remove(c);
                        else w.setFilter(c, 1, on ? 0xffffffff : 2);
                    });
                    if (what === 7 && r() < 0.3) add();
                }
                DETAIL_PATHS.memo = true;
                worlds[0].step();
                DETAIL_PATHS.memo = false;
                worlds[1].step();
            }
            DETAIL_PATHS.memo = true;
            expect(logs[0]).toEqual(logs[1]);
            settle();
            expect(settled[0]).toEqual(settled[1]);
        }), { numRuns: 60 });
    });

    it('decides nothing again in a world at rest, and only the pairs of a collider that moved', () => {
        const w = new CollisionWorld();
        const decide = jest.spyOn(CpuNarrowPhase.prototype as unknown as { _decide: () => void }, '_decide');
        const m = blob(24, 24, rng(7));
        const cs: Collider[] = [];
        // A row of touching blobs (each meets its neighbours), turned so they are decided cell by cell.
        for (let i = 0; i < 6; i++) cs.push(w.add({ shape: { kind: 'mask', mask: m }, transform: affineFromTRS(affine(1, 0, 0, 1, 0, 0), i * 16, 0, 0.4 * i, 1, 1), userData: i }));
        let touching = 0, count = 0;
        w.addListener({ onEnter: (_a, _b, c) => { touching++; count += c.count; }, onStay: (_a, _b, c) => { touching++; count += c.count; } });
        w.step();
        const first = decide.mock.calls.length, firstTouching = touching, firstCount = count;
        expect(first).toBeGreaterThanOrEqual(5);
        expect(firstTouching).toBeGreaterThanOrEqual(5);
        touching = 0; count = 0;
        w.step();
        expect(decide.mock.calls.length).toBe(first); // nothing decided again
        expect([touching, count]).toEqual([firstTouching, firstCount]);
        // The middle one moves a little: its pairs (at least those with its two neighbours), and
        // no other, are decided again.
        w.setTransform(cs[3], affineFromTRS(affine(1, 0, 0, 1, 0, 0), 3 * 16 + 0.5, 0.25, 1.2, 1, 1));
        w.step();
        const again = (decide.mock.calls.slice(first) as unknown as Collider[][]).map((args) => [args[0].userData, args[1].userData]);
        expect(again.length).toBeGreaterThanOrEqual(2);
        for (const p of again) expect(p).toContain(3);
        // Switched off, every pair is decided every step.
        DETAIL_PATHS.memo = false;
        const before = decide.mock.calls.length;
        w.step();
        expect(decide.mock.calls.length - before).toBeGreaterThanOrEqual(5);
        decide.mockRestore();
    });

    it('keeps nothing of a removed collider whose id goes to a new one at the same place', () => {
        const w = new CollisionWorld();
        const m = full(8, 8), empty = BitMask.fromRows(['#.......', '........']);
        const a = w.add({ shape: { kind: 'mask', mask: m }, transform: affine(1, 0, 0, 1, 0, 0) });
        const b = w.add({ shape: { kind: 'mask', mask: m }, transform: affine(1, 0, 0, 1, 4, 0) });
        const seen: number[] = [];
        w.addListener({ onEnter: (_x, _y, c) => seen.push(c.count), onStay: (_x, _y, c) => seen.push(c.count) });
        w.step();
        const oldId = b.id;
        w.remove(b);
        // Same id, same place, same stamp count: a different collider, whose texel lies outside a.
        const b2 = w.add({ shape: { kind: 'mask', mask: empty }, transform: affine(1, 0, 0, 1, 8, 0) });
        expect(b2.id).toBe(oldId);
        w.step();
        expect(seen).toEqual([32]);
        void a;
    });
});

describe('a touching pair keeps a cell the two shared, to try first in the next step', () => {
    it('decides two rings that touch away from the middle of their lens without a window, and the same as without', () => {
        // eslint-disable-next-line @typescript-eslint/no-var-requires
        const narrow = require('../../extensions/pixel-collision/assets/core/narrow');
        const scan = jest.spyOn(narrow, 'masksShareSample');
        const m = ring(24, 24);
        const play = (witness: boolean): number[] => {
            DETAIL_PATHS.witness = witness;
            const w = new CollisionWorld();
            const counts: number[] = [];
            w.addListener({ onEnter: (_a, _b, c) => counts.push(c.count), onStay: (_a, _b, c) => counts.push(c.count) });
            w.add({ shape: { kind: 'mask', mask: m }, transform: affineFromTRS(affine(1, 0, 0, 1, 0, 0), 0, 0, 0.3, 1, 1) });
            // (Turned: unturned sprites are decided on their rasters.) Centres 7 apart: the lens's middle lies in both holes; the rims cross above and below.
            const b = w.add({ shape: { kind: 'mask', mask: m }, transform: affineFromTRS(affine(1, 0, 0, 1, 0, 0), 7, 0, 0.5, 1, 1) });
            scan.mockClear();
            w.step();
            const first = scan.mock.calls.length;
            for (let f = 1; f <= 4; f++) w.setTransform(b, affineFromTRS(affine(1, 0, 0, 1, 0, 0), 7 + 0.3 * f, 0.2 * f, 0.5 + 0.02 * f, 1, 1));
            w.step(); w.step(); // (setTransform's last call holds; the second step reuses the first's answer)
            expect(first).toBe(1); // the first step needs the window
            counts.push(scan.mock.calls.length - first);
            return counts;
        };
        const on = play(true), off = play(false);
        expect(on.slice(0, -1)).toEqual(off.slice(0, -1)); // the same contacts
        expect(on[on.length - 1]).toBe(0); // with the witness, no window after the first step
        expect(off[off.length - 1]).toBe(1); // without it, the window again
        scan.mockRestore();
    });
});

describe('the memory and other backends', () => {
    it('reuses nothing after a gap in the frames (another backend answered them, and may have written into the contacts kept)', () => {
        const np = new CpuNarrowPhase();
        const w = new CollisionWorld(); // (only to make colliders)
        const m = disc(16, 16);
        const t = (x: number) => affineFromTRS(affine(1, 0, 0, 1, 0, 0), x, 0, 0.3, 1, 1);
        const a = w.add({ shape: { kind: 'mask', mask: m }, transform: t(0) }), b = w.add({ shape: { kind: 'mask', mask: m }, transform: t(6) });
        const c = w.add({ shape: { kind: 'mask', mask: m }, transform: t(100) }), d = w.add({ shape: { kind: 'mask', mask: m }, transform: t(112) });
        const acc = new Float64Array([1]);
        const X = new Contact();
        np.run([a], [b], 1, acc, [X], 1, false, true);
        const want = X.count;
        // Frames 2-4 answered elsewhere: X now holds another pair's answer, of frame 1.
        const other = new Contact();
        np.testPair(c, d, 1, false, other);
        other.frame = 1;
        expect(other.hit && other.count !== want).toBe(true);
        X.copyFrom(other);
        const Y = new Contact();
        np.run([a], [b], 1, acc, [Y], 5, false, true);
        expect(Y.count).toBe(want);
        // Consecutive frames reuse (the contact of frame 5 is copied into frame 6's).
        const Z = new Contact();
        np.run([a], [b], 1, acc, [Z], 6, false, true);
        expect(Z.count).toBe(want);
    });
});
