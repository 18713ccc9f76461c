/**
 * The GPU narrow phase's 'nextFrame' mode (answers one step late) and its bad-input paths, in
 * Node on the software device: late answers equal the CPU's for the frame they describe, through
 * a world with moves, removals (recycled ids) and disables; one-frame touches (a pair that is no
 * longer a candidate when its answer arrives: `late()` and the world's merge); a lost and
 * restored context; a mask edited between draw and collection; 10,000 pairs in a frame.
 */
import { BitMask, CollisionWorld, Contact, CpuNarrowPhase, GpuNarrowPhase, affine } from '../../extensions/pixel-collision/assets/core';
import type { Collider, CollisionListener, NarrowPhase } from '../../extensions/pixel-collision/assets/core';
import type { LateAnswers } from '../../extensions/pixel-collision/assets/core/narrow-phase';
import { SoftGpuDevice } from '../browser/soft-device';
import { compareLate, contactFields, runScript } from '../browser/gpu-world-script';
import { blob, rng } from '../fixtures/masks';

const LATE = { readback: 'nextFrame' } as const;
const FIELDS = ['hit', 'count', 'minX', 'minY', 'maxX', 'maxY', 'centroidX', 'centroidY', 'normalX', 'normalY', 'accuracy'] as const;
function expectSame(got: Contact, want: Contact, what: string): void {
    for (const f of FIELDS) if (got[f] !== want[f]) throw new Error(`${what}: ${f} is ${got[f]}, the CPU says ${want[f]}`);
}

describe("GPU narrow phase, 'nextFrame' readback (software device)", () => {
    it('a world stepped 40 times: every late answer is the CPU answer of the frame it describes, with that frame', async () => {
        const cpuWorld = new CollisionWorld<number>();
        const now = await runScript(cpuWorld, 17, 40, 30, () => {});
        const dev = new SoftGpuDevice(4096, 0, Math.random, true);
        const gpu = new GpuNarrowPhase(dev, { readback: 'nextFrame' });
        expect(gpu.readback).toBe('nextFrame');
        const lateWorld = new CollisionWorld<number>({ narrowPhase: gpu });
        let unmatchedHits = 0, handedOver = 0;
        const late = await runScript(lateWorld, 17, 40, 30, () => { unmatchedHits += gpu.stats.lateUnmatchedHits; handedOver += gpu.stats.lateHandedOver; });
        expect(Object.keys(late[0].touching)).toEqual([]); // the first step reports nothing
        const cmp = compareLate(now, late);
        expect(cmp.bad).toEqual([]);
        // Hits of pairs no longer candidates all reach the world; those whose colliders stayed
        // (boxes separated: one-frame touches and last frames of longer ones) are reported.
        expect(handedOver).toBe(unmatchedHits);
        expect(unmatchedHits - cmp.gonePairs).toBeGreaterThan(3);
        expect(cmp.gonePairs).toBeGreaterThan(0);
        const reported = late.reduce((n, s) => n + Object.keys(s.touching).length, 0);
        expect(reported).toBeGreaterThan(100);
        expect(dev.asyncStarts).toBeGreaterThan(30);
        expect(dev.reads).toBe(0); // never a synchronous read
    });

    it("'sameFrame' through the same world script: the CPU's reports, step for step", async () => {
        const now = await runScript(new CollisionWorld<number>(), 23, 25, 30, () => {});
        const gpu = new GpuNarrowPhase(new SoftGpuDevice(4096, 0, Math.random, true), { readback: 'sameFrame' });
        const same = await runScript(new CollisionWorld<number>({ narrowPhase: gpu }), 23, 25, 30, () => {});
        expect(same).toEqual(now);
    });

    it("refuses 'nextFrame' on a device without non-blocking readback", () => {
        expect(() => new GpuNarrowPhase(new SoftGpuDevice(), { readback: 'nextFrame' })).toThrow(/sameFrame' only/);
        expect(new GpuNarrowPhase(new SoftGpuDevice()).readback).toBe('sameFrame');
    });

    it('removed colliders: their late answers are dropped (counted), a recycled id never gets the old pair\'s answer', () => {
        const world = new CollisionWorld();
        const m = blob(20, 20, rng(8));
        const a = world.add({ shape: { kind: 'mask', mask: m } });
        const b = world.add({ shape: { kind: 'mask', mask: m }, transform: affine(1, 0, 0, 1, 5, 3) });
        const gpu = new GpuNarrowPhase(new SoftGpuDevice(4096, 0, Math.random, true), LATE);
        const contacts = [new Contact()];
        const acc = new Float64Array([1]);
        expect(gpu.run([a], [b], 1, acc, contacts, 1, false)).toBe(0);
        expect(contacts[0].hit).toBe(false);
        // b removed; a new collider takes its id, at the same place.
        const oldId = b.id;
        world.remove(b);
        const b2 = world.add({ shape: { kind: 'mask', mask: m }, transform: affine(1, 0, 0, 1, 5, 3) });
        expect(b2.id).toBe(oldId);
        expect(gpu.run([a], [b2], 1, acc, contacts, 2, false)).toBe(1);
        expect(contacts[0].hit).toBe(false); // (a, b2) was not a pair in frame 1
        expect(gpu.stats.lateUnmatched).toBe(1);
        expect(gpu.stats.lateUnmatchedHits).toBe(1);
        // (a, b) is handed over by late(), with b itself (removed): a world would not report it.
        const out: LateAnswers = { a: [], b: [], contacts: [] };
        expect(gpu.late(out)).toBe(1);
        expect([out.a[0], out.b[0], out.contacts[0].hit, out.contacts[0].frame]).toEqual([a, b, true, 1]);
        expect(gpu.late(out)).toBe(0); // once
        expect(gpu.run([a], [b2], 1, acc, contacts, 3, false)).toBe(2);
        expect(contacts[0].hit).toBe(true);
        expect(contacts[0].frame).toBe(2);
    });

    it('uses the colliders as they were in the frame described (transforms snapshotted), separation included', () => {
        const world = new CollisionWorld();
        const r = rng(12);
        const ma = blob(30, 30, r), mb = blob(24, 24, r);
        const a = world.add({ shape: { kind: 'mask', mask: ma }, transform: affine(0.9, 0.3, -0.3, 0.9, 0, 0) });
        const b = world.add({ shape: { kind: 'mask', mask: mb }, transform: affine(0.8, -0.5, 0.5, 0.8, 10, 4) });
        const want = new Contact();
        new CpuNarrowPhase().testPair(a, b, 1, true, want);
        expect(want.hit).toBe(true);
        const gpu = new GpuNarrowPhase(new SoftGpuDevice(4096, 0, Math.random, true), LATE);
        const c = [new Contact()], acc = new Float64Array([1]);
        gpu.run([a], [b], 1, acc, c, 1, true);
        world.setTransform(b, affine(1, 0, 0, 1, 500, 500)); // far away now
        expect(gpu.run([a], [b], 1, acc, c, 2, true)).toBe(1);
        expectSame(c[0], want, 'late');
        expect([c[0].separationX, c[0].separationY, c[0].hasSeparation]).toEqual([want.separationX, want.separationY, true]);
    });

    it('a mask edited between draw and collection: the pair is decided again on the CPU (frame-N-1 transforms, the edited mask)', () => {
        const world = new CollisionWorld();
        const ma = blob(20, 20, rng(2)), mb = blob(20, 20, rng(3));
        const a = world.add({ shape: { kind: 'mask', mask: ma }, transform: affine(1, 0.2, -0.2, 1, 0, 0) });
        const b = world.add({ shape: { kind: 'mask', mask: mb }, transform: affine(1, 0, 0, 1, 8, 3) });
        const gpu = new GpuNarrowPhase(new SoftGpuDevice(4096, 0, Math.random, true), LATE);
        const c = [new Contact()], acc = new Float64Array([1]);
        gpu.run([a], [b], 1, acc, c, 1, false);
        for (let j = 0; j < 20; j++) for (let i = 0; i < 20; i++) ma.set(i, j, i > 9);
        gpu.run([a], [b], 1, acc, c, 2, false);
        expect(gpu.stats.cpuMaskChanged).toBe(1);
        const want = new Contact();
        new CpuNarrowPhase().testPair(a, b, 1, false, want);
        expectSame(c[0], want, 'edited');
    });

    it('a fence not yet signalled when collected: the read waits (counted in readStalls), answers unchanged', () => {
        const world = new CollisionWorld();
        const m = blob(20, 20, rng(8));
        const a = world.add({ shape: { kind: 'mask', mask: m } });
        const b = world.add({ shape: { kind: 'mask', mask: m }, transform: affine(1, 0, 0, 1, 5, 3) });
        const dev = new SoftGpuDevice(4096, 0, Math.random, true);
        dev.readyAfterStart = false;
        const gpu = new GpuNarrowPhase(dev, LATE);
        const c = [new Contact()], acc = new Float64Array([1]);
        gpu.run([a], [b], 1, acc, c, 1, false);
        gpu.run([a], [b], 1, acc, c, 2, false);
        expect(gpu.stats.readStalls).toBe(1);
        expect(c[0].hit).toBe(true);
    });
});

describe("one-frame touches in 'nextFrame' mode: late() and the world's merge (software device)", () => {
    const square = (n: number) => { const m = new BitMask(n, n); for (let j = 0; j < n; j++) for (let i = 0; i < n; i++) m.set(i, j, true); return m; };
    const at = (x: number, y = 0) => affine(1, 0, 0, -1, x, y);
    const lateGpu = () => new GpuNarrowPhase(new SoftGpuDevice(4096, 0, Math.random, true), LATE);
    type Cs = Record<string, Collider<string>>;
    /**
     * Steps a world once per entry of `moves` (each runs before its step) and returns each step's
     * events with the contact's count, centroid, normal and frame.
     */
    function eventLog(np: NarrowPhase | null, setup: (w: CollisionWorld<string>) => Cs, moves: ((w: CollisionWorld<string>, cs: Cs) => void)[]): string[][] {
        const world = new CollisionWorld<string>(np ? { narrowPhase: np } : {});
        const log: string[][] = [];
        let cur: string[] = [];
        const f = (c: Contact) => `${c.count} ${c.centroidX},${c.centroidY} ${c.normalX},${c.normalY} f${c.frame}`;
        const listener: CollisionListener<string> = {
            onEnter: (a, b, c) => { cur.push(`enter ${a.userData}-${b.userData} ${f(c)}`); },
            onStay: (a, b, c) => { cur.push(`stay ${a.userData}-${b.userData} ${f(c)}`); },
            onEnd: (a, b, c) => { cur.push(`end ${a.userData}-${b.userData} ${f(c)}`); },
        };
        world.addListener(listener);
        const cs = setup(world);
        for (const move of moves) {
            move(world, cs);
            cur = [];
            world.step();
            log.push(cur);
        }
        return log;
    }
    const add = (w: CollisionWorld<string>, name: string, mask: BitMask, x: number, y = 0, rot = 0) =>
        w.add({ shape: { kind: 'mask', mask }, transform: rot ? affine(Math.cos(rot), Math.sin(rot), Math.sin(rot), -Math.cos(rot), x, y) : at(x, y), userData: name });

    it("a touch that lasts one frame: onEnter, then onEnd a step later, each one step after the CPU's, with the CPU's contact of that frame", () => {
        const m = blob(20, 20, rng(4));
        const setup = (w: CollisionWorld<string>) => ({ A: add(w, 'A', m, 0, 0, 0.4), B: add(w, 'B', m, 60) });
        const moves = [
            () => {},
            (w: CollisionWorld<string>, cs: Cs) => w.setTransform(cs.B, at(14, 3)), // frame 2: touching
            (w: CollisionWorld<string>, cs: Cs) => w.setTransform(cs.B, at(60)), // frame 3: boxes apart
            () => {}, () => {},
        ];
        const cpu = eventLog(null, setup, moves);
        expect(cpu.map((e) => e.length)).toEqual([0, 1, 1, 0, 0]);
        expect(cpu[1][0]).toMatch(/^enter A-B .* f2$/);
        const gpu = lateGpu();
        const late = eventLog(gpu, setup, moves);
        expect(late[0]).toEqual([]);
        expect(late.slice(1)).toEqual(cpu.slice(0, -1));
        expect(gpu.stats.totalLateUnmatchedHits).toBe(1);
    });

    it('late pairs are merged with the step\'s own pairs in key order: the events are the CPU\'s of the step before, in the same order', () => {
        const sq = square(10);
        // A B C D E; in frame 2 A touches B, C, D and B touches C; in frame 3 C and D have jumped
        // away (C next to E), B stays on A.
        const setup = (w: CollisionWorld<string>) => ({
            A: add(w, 'A', sq, 0), B: add(w, 'B', sq, 100), C: add(w, 'C', sq, 200), D: add(w, 'D', sq, 300), E: add(w, 'E', sq, 500),
        });
        const moves = [
            () => {},
            (w: CollisionWorld<string>, cs: Cs) => { w.setTransform(cs.B, at(6, 2)); w.setTransform(cs.C, at(4, -7)); w.setTransform(cs.D, at(-7, 5)); },
            (w: CollisionWorld<string>, cs: Cs) => { w.setTransform(cs.B, at(5, 3)); w.setTransform(cs.C, at(506, 1)); w.setTransform(cs.D, at(300)); },
            (w: CollisionWorld<string>, cs: Cs) => { w.setTransform(cs.B, at(100)); },
            () => {}, () => {},
        ];
        const cpu = eventLog(null, setup, moves);
        expect(cpu[1].map((e) => e.split(' ').slice(0, 2).join(' '))).toEqual(['enter A-B', 'enter A-C', 'enter A-D', 'enter B-C']);
        expect(cpu[2].map((e) => e.split(' ').slice(0, 2).join(' '))).toEqual(['stay A-B', 'end A-C', 'end A-D', 'end B-C', 'enter C-E']);
        const late = eventLog(lateGpu(), setup, moves);
        expect(late[0]).toEqual([]);
        expect(late.slice(1)).toEqual(cpu.slice(0, -1));
    });

    it('a collider removed before its late touch arrives: not reported; its id recycled by a new collider: the newcomer never gets the old answer', () => {
        const m = blob(20, 20, rng(5));
        for (const newcomerAt of [60, 14]) {
            let oldId = -1;
            const gpu = lateGpu();
            const log = eventLog(gpu, (w) => ({ A: add(w, 'A', m, 0), B: add(w, 'B', m, 60) }), [
                () => {},
                (w, cs) => w.setTransform(cs.B, at(14, 3)),
                (w, cs) => { oldId = cs.B.id; w.remove(cs.B); cs.B2 = add(w, 'B2', m, newcomerAt, 3); expect(cs.B2.id).toBe(oldId); },
                () => {}, () => {},
            ]);
            expect(gpu.stats.totalLateUnmatchedHits).toBe(1); // (A, B) of frame 2, handed over and refused
            if (newcomerAt === 60) expect(log.flat()).toEqual([]);
            else expect(log.map((e) => e.map((x) => x.replace(/^(\S+ \S+) .* (f\d+)$/, '$1 $2')))).toEqual([[], [], [], ['enter A-B2 f3'], ['stay A-B2 f4']]);
        }
    });

    it('a collider disabled, or removed and added again (same object, same id), before its late touch arrives: not reported; disabled and enabled again: reported', () => {
        const m = blob(20, 20, rng(6));
        const run = (between: (w: CollisionWorld<string>, b: Collider<string>) => void) => eventLog(lateGpu(), (w) => ({ A: add(w, 'A', m, 0), B: add(w, 'B', m, 60) }), [
            () => {},
            (w, cs) => w.setTransform(cs.B, at(14, 3)),
            (w, cs) => { w.setTransform(cs.B, at(60)); between(w, cs.B); },
            () => {}, () => {},
        ]).map((e) => e.map((x) => x.replace(/^(\S+ \S+) .* (f\d+)$/, '$1 $2')));
        expect(run((w, b) => w.setEnabled(b, false)).flat()).toEqual([]);
        expect(run((w, b) => { const id = b.id; w.remove(b); w.add(b); expect(b.id).toBe(id); }).flat()).toEqual([]);
        expect(run((w, b) => { w.setEnabled(b, false); w.setEnabled(b, true); })).toEqual([[], [], ['enter A-B f2'], ['end A-B f2'], []]);
    });

    it('late() hands over nothing in sameFrame mode, nor after discardPending(); a narrow phase without late() changes nothing', () => {
        const m = blob(20, 20, rng(7));
        const same = new GpuNarrowPhase(new SoftGpuDevice(4096, 0, Math.random, true));
        const world = new CollisionWorld({ narrowPhase: same });
        const a = world.add({ shape: { kind: 'mask', mask: m } });
        const b = world.add({ shape: { kind: 'mask', mask: m }, transform: affine(1, 0, 0, 1, 5, 3) });
        const out: LateAnswers = { a: [], b: [], contacts: [] };
        world.step();
        expect(same.late(out)).toBe(0);
        const late = lateGpu();
        const c = [new Contact()], acc = new Float64Array([1]);
        late.run([a], [b], 1, acc, c, 1, false);
        late.run([], [], 0, acc, [], 2, false);
        late.discardPending();
        expect(late.late(out)).toBe(0);
    });
});

describe('GPU narrow phase, bad input (software device)', () => {
    function pairs(n: number, seed: number) {
        const world = new CollisionWorld();
        const r = rng(seed);
        const masks = Array.from({ length: 16 }, () => blob(12 + Math.floor(r() * 12), 12 + Math.floor(r() * 12), r));
        const as: Collider[] = [], bs: Collider[] = [];
        for (let i = 0; i < n; i++) {
            const x = (i % 100) * 40, y = Math.floor(i / 100) * 40;
            as.push(world.add({ shape: { kind: 'mask', mask: masks[i % 16] }, transform: affine(Math.cos(i), Math.sin(i), -Math.sin(i), Math.cos(i), x, y) }));
            bs.push(world.add({ shape: { kind: 'mask', mask: masks[(i * 7) % 16] }, transform: affine(1, 0, 0, -1, x + 6 + (i % 5), y + 3 + (i % 3)) }));
        }
        return { as, bs, acc: new Float64Array(n).fill(1), n };
    }

    it('10,000 pairs in a frame: several pages, one readback each, no pair dropped, every answer the CPU\'s', () => {
        const s = pairs(10_000, 5);
        const dev = new SoftGpuDevice(4096);
        const gpu = new GpuNarrowPhase(dev, { maxPageSize: 512 });
        const g = Array.from({ length: s.n }, () => new Contact()), c = Array.from({ length: s.n }, () => new Contact());
        gpu.run(s.as, s.bs, s.n, s.acc, g, 1, false);
        new CpuNarrowPhase().run(s.as, s.bs, s.n, s.acc, c, 1, false);
        let hits = 0;
        for (let i = 0; i < s.n; i++) { expectSame(g[i], c[i], `pair ${i}`); if (c[i].hit) hits++; }
        expect(hits).toBeGreaterThan(2500);
        expect(gpu.stats.gpuPairs + gpu.stats.misses).toBe(s.n);
        expect(gpu.stats.gpuPairs).toBeGreaterThan(2500);
        expect(gpu.stats.pages).toBeGreaterThan(1);
        expect(dev.reads).toBe(gpu.stats.pages);
    });

    it('a lost context: that frame on the CPU (same answers), pending reads decided on the CPU; after the restore the atlas is uploaded again', () => {
        const s = pairs(60, 6);
        const dev = new SoftGpuDevice(4096, 0, Math.random, true);
        const gpu = new GpuNarrowPhase(dev, LATE);
        const cpu = new CpuNarrowPhase();
        const g = Array.from({ length: s.n }, () => new Contact()), c = Array.from({ length: s.n }, () => new Contact());
        const check = (what: string) => { for (let i = 0; i < s.n; i++) expectSame(g[i], c[i], `${what} pair ${i}`); };
        cpu.run(s.as, s.bs, s.n, s.acc, c, 1, false);
        gpu.run(s.as, s.bs, s.n, s.acc, g, 1, false); // drawn, read started
        const uploads = dev.uploads;
        dev.lose();
        expect(gpu.run(s.as, s.bs, s.n, s.acc, g, 2, false)).toBe(1); // frame 1's reads are gone
        check('frame 1 (read lost)');
        expect(gpu.stats.lostReadbacks).toBeGreaterThan(0);
        expect(gpu.stats.cpuLost + gpu.stats.misses).toBe(s.n); // frame 2 planned on the CPU
        expect(gpu.stats.pages).toBe(0);
        dev.restore();
        expect(gpu.run(s.as, s.bs, s.n, s.acc, g, 3, false)).toBe(2);
        check('frame 2 (context lost)');
        expect(gpu.stats.gpuPairs + gpu.stats.misses).toBe(s.n); // frame 3 on the GPU again
        expect(dev.uploads).toBeGreaterThan(uploads); // masks uploaded again into the new atlas
        expect(gpu.run(s.as, s.bs, s.n, s.acc, g, 4, false)).toBe(3);
        check('frame 3 (restored)');
        expect(gpu.stats.lostReadbacks).toBe(0);
    });

    it("a lost context in 'sameFrame' mode: the frame goes to the CPU; a loss during the readback too", () => {
        const s = pairs(40, 7);
        const dev = new SoftGpuDevice(4096);
        const gpu = new GpuNarrowPhase(dev);
        const g = Array.from({ length: s.n }, () => new Contact()), c = Array.from({ length: s.n }, () => new Contact());
        new CpuNarrowPhase().run(s.as, s.bs, s.n, s.acc, c, 1, false);
        dev.lose();
        gpu.run(s.as, s.bs, s.n, s.acc, g, 1, false);
        for (let i = 0; i < s.n; i++) expectSame(g[i], c[i], `lost, pair ${i}`);
        expect(gpu.stats.cpuLost + gpu.stats.misses).toBe(s.n);
        dev.restore();
        // Lost between the draw and the read: readPage returns nothing; the pairs go to the CPU.
        const read = dev.readPage.bind(dev);
        dev.readPage = (out: Uint8Array) => { dev.lose(); read(out); };
        gpu.run(s.as, s.bs, s.n, s.acc, g, 2, false);
        for (let i = 0; i < s.n; i++) expectSame(g[i], c[i], `lost during read, pair ${i}`);
        expect(gpu.stats.lostReadbacks + gpu.stats.misses).toBe(s.n);
    });

    it('zero pairs in nextFrame mode: nothing drawn; the previous frame\'s answers are unmatched (counted), its hits handed over by late()', () => {
        const s = pairs(12, 9);
        const dev = new SoftGpuDevice(4096, 0, Math.random, true);
        const gpu = new GpuNarrowPhase(dev, LATE);
        expect(gpu.run([], [], 0, new Float64Array(0), [], 1, false)).toBe(0);
        expect(dev.draws).toBe(0);
        gpu.run(s.as, s.bs, s.n, s.acc, Array.from({ length: s.n }, () => new Contact()), 2, false);
        expect(gpu.run([], [], 0, new Float64Array(0), [], 3, false)).toBe(2);
        expect(gpu.stats.lateUnmatched).toBe(12);
        expect(dev.draws).toBe(1);
        // Their hits are still handed over by late() (zero pairs this step, the touches of frame 2).
        const out: LateAnswers = { a: [], b: [], contacts: [] };
        const hits = gpu.late(out);
        expect(hits).toBe(gpu.stats.lateUnmatchedHits);
        expect(hits).toBeGreaterThan(0);
        expect(out.contacts.slice(0, hits).every((c) => c.hit && c.frame === 2)).toBe(true);
    });
});

void contactFields;
