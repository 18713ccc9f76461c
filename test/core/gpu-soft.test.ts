/**
 * The GPU narrow phase's planner and decoder in Node, on the software device (the shader
 * evaluated in float32): same contacts as the CPU narrow phase and the reference sampler, pages,
 * the mask atlas, fallbacks. The same cases run on real WebGL2 in test/browser.
 */
import { CollisionWorld, Contact, CpuNarrowPhase, GpuNarrowPhase, affine } from '../../extensions/pixel-collision/assets/core';
import { buildScene, makeCases } from '../browser/gpu-cases';
import type { Scene } from '../browser/gpu-cases';
import { SoftGpuDevice } from '../browser/soft-device';
import { refTest } from './reference';
import { blob, rng } from '../fixtures/masks';


const FIELDS = ['hit', 'count', 'minX', 'minY', 'maxX', 'maxY', 'centroidX', 'centroidY', 'normalX', 'normalY', 'accuracy'] as const;

function expectSame(got: Contact, want: Contact, what: string): void {
    for (const f of FIELDS) {
        if (got[f] !== want[f]) throw new Error(`${what}: ${f} is ${got[f]}, the CPU says ${want[f]}`);
    }
}

function runBoth(gpu: GpuNarrowPhase, s: Scene, separation = false) {
    const g = Array.from({ length: s.n }, () => new Contact());
    const c = Array.from({ length: s.n }, () => new Contact());
    expect(gpu.run(s.as, s.bs, s.n, s.acc, g, 5, separation)).toBe(5);
    new CpuNarrowPhase().run(s.as, s.bs, s.n, s.acc, c, 5, separation);
    return { g, c };
}

describe('GPU narrow phase on the software device', () => {
    it('gives the CPU contact bit for bit and the reference count/rect on 400 random pairs, with one readback', () => {
        const s = buildScene(makeCases(9001, 400));
        const dev = new SoftGpuDevice();
        const gpu = new GpuNarrowPhase(dev);
        const { g, c } = runBoth(gpu, s);
        let hits = 0;
        for (let i = 0; i < s.n; i++) {
            expectSame(g[i], c[i], `pair ${i}`);
            expect(g[i].frame).toBe(5);
            const a = s.as[i], b = s.bs[i];
            if (a.shape.kind !== 'mask' || b.shape.kind !== 'mask') throw new Error('unreachable');
            const ref = refTest(a.shape.mask, a.transform, b.shape.mask, b.transform, s.acc[i]);
            expect(g[i].count).toBe(ref.count);
            if (ref.hit) hits++;
        }
        expect(hits).toBeGreaterThan(100);
        expect(dev.reads).toBe(1);
        expect(gpu.stats.pages).toBe(1);
        expect(gpu.stats.gpuPairs + gpu.stats.misses).toBe(400);
    });

    it('settles unsure samples exactly: a device that errs by up to half of eps changes nothing', () => {
        const s = buildScene(makeCases(77, 300));
        const gpu = new GpuNarrowPhase(new SoftGpuDevice(4096, 1, rng(5)));
        const { g, c } = runBoth(gpu, s);
        for (let i = 0; i < s.n; i++) expectSame(g[i], c[i], `pair ${i}`);
        expect(gpu.stats.unsureSamples).toBeGreaterThan(0);
    });

    it('splits a frame over several pages when the tiles do not fit one (one readback per page)', () => {
        const s = buildScene(makeCases(3, 200));
        const dev = new SoftGpuDevice(4096);
        const gpu = new GpuNarrowPhase(dev, { maxPageSize: 96 });
        const { g, c } = runBoth(gpu, s);
        for (let i = 0; i < s.n; i++) expectSame(g[i], c[i], `pair ${i}`);
        expect(gpu.stats.pages).toBeGreaterThan(2);
        expect(dev.reads).toBe(gpu.stats.pages);
        expect(dev.draws).toBe(gpu.stats.pages);
    });

    it('a readback that returns without writing the pixels (either mode): caught by the canary pixel, those pairs decided on the CPU, readbackBroken set', () => {
        const s = buildScene(makeCases(4242, 120));
        for (const mode of ['sameFrame', 'nextFrame'] as const) {
            const dev = new SoftGpuDevice(4096, 0, Math.random, mode === 'nextFrame');
            dev.silentReads = true;
            const gpu = new GpuNarrowPhase(dev, { readback: mode });
            const g = Array.from({ length: s.n }, () => new Contact());
            const c = Array.from({ length: s.n }, () => new Contact());
            // The buffer the pixels are read into holds the previous page's answers (or zeros):
            // both must be caught, never read as "no hit" or as stale hits.
            gpu.run(s.as, s.bs, s.n, s.acc, g, 7, false);
            if (mode === 'nextFrame') gpu.run(s.as, s.bs, s.n, s.acc, g, 8, false); // hands out frame 7
            new CpuNarrowPhase().run(s.as, s.bs, s.n, s.acc, c, 7, false);
            let hits = 0;
            for (let i = 0; i < s.n; i++) {
                expectSame(g[i], c[i], `${mode} pair ${i}`);
                expect(g[i].frame).toBe(7);
                if (g[i].hit) hits++;
            }
            expect(hits).toBeGreaterThan(20);
            expect(gpu.stats.brokenReadbacks).toBe(1);
            expect(gpu.readbackBroken).toBe(true);
            expect(dev.reads + dev.asyncFinishes).toBeGreaterThan(0);
        }
    });

    it('a readback that works leaves readbackBroken false and counts no broken page', () => {
        const s = buildScene(makeCases(4243, 60));
        const gpu = new GpuNarrowPhase(new SoftGpuDevice());
        runBoth(gpu, s);
        expect(gpu.stats.brokenReadbacks).toBe(0);
        expect(gpu.readbackBroken).toBe(false);
    });

    it('zero pairs: no draw, no readback; a frame of misses only: none either', () => {
        const dev = new SoftGpuDevice();
        const gpu = new GpuNarrowPhase(dev);
        expect(gpu.run([], [], 0, new Float64Array(0), [], 3, false)).toBe(3);
        const world = new CollisionWorld();
        const m = blob(10, 10, rng(1));
        const a = world.add({ shape: { kind: 'mask', mask: m } });
        const b = world.add({ shape: { kind: 'mask', mask: m }, transform: affine(1, 0, 0, 1, 100, 0) });
        const c = new Contact();
        c.hit = true;
        gpu.run([a], [b], 1, new Float64Array([1]), [c], 4, false);
        expect(c.hit).toBe(false);
        expect(c.frame).toBe(4);
        expect(dev.draws + dev.reads).toBe(0);
    });

    it('re-uploads a mask changed after upload, and keeps unchanged masks cached', () => {
        const world = new CollisionWorld();
        const ma = blob(20, 20, rng(2)), mb = blob(20, 20, rng(3));
        const a = world.add({ shape: { kind: 'mask', mask: ma }, transform: affine(1, 0.2, -0.2, 1, 0, 0) });
        const b = world.add({ shape: { kind: 'mask', mask: mb }, transform: affine(1, 0, 0, 1, 8, 3) });
        const dev = new SoftGpuDevice();
        const gpu = new GpuNarrowPhase(dev);
        const cpu = new CpuNarrowPhase();
        const g = new Contact(), c = new Contact(), acc = new Float64Array([1]);
        gpu.run([a], [b], 1, acc, [g], 0, false);
        const uploads = dev.uploads;
        gpu.run([a], [b], 1, acc, [g], 1, false);
        expect(dev.uploads).toBe(uploads); // cached
        for (let j = 0; j < 20; j++) for (let i = 0; i < 20; i++) ma.set(i, j, i > 9);
        gpu.run([a], [b], 1, acc, [g], 2, false);
        expect(dev.uploads).toBe(uploads + 1);
        cpu.testPair(a, b, 1, false, c);
        expectSame(g, c, 'after the change');
    });

    it('grows the atlas when a frame has more masks than it holds; masks over the largest atlas go to the CPU', () => {
        const s = buildScene(makeCases(11, 300, 40)); // enough masks on the GPU to overflow a 512² atlas (oriented-box tiles send fewer pairs there)
        const dev = new SoftGpuDevice();
        const gpu = new GpuNarrowPhase(dev);
        const { g, c } = runBoth(gpu, s);
        for (let i = 0; i < s.n; i++) expectSame(g[i], c[i], `pair ${i}`);
        expect(gpu.atlas.repacks).toBeGreaterThan(0);
        const small = new GpuNarrowPhase(new SoftGpuDevice(), { maxAtlasSize: 64 });
        const r2 = runBoth(small, s);
        for (let i = 0; i < s.n; i++) expectSame(r2.g[i], r2.c[i], `pair ${i} (small atlas)`);
        expect(small.stats.cpuAtlas).toBeGreaterThan(0);
    });

    it('shape pairs and separations are computed on the CPU, identically', () => {
        const world = new CollisionWorld();
        const m = blob(16, 16, rng(4));
        const a = world.add({ shape: { kind: 'mask', mask: m }, transform: affine(0.8, 0.6, -0.6, 0.8, 0, 0) });
        const b = world.add({ shape: { kind: 'circle', radius: 6 }, transform: affine(1, 0, 0, 1, 9, 5) });
        const d = world.add({ shape: { kind: 'mask', mask: m }, transform: affine(1, 0, 0, -1, 2, 12) });
        const s = { world, as: [a, a], bs: [b, d], acc: new Float64Array([1, 2]), n: 2 };
        const gpu = new GpuNarrowPhase(new SoftGpuDevice());
        const { g, c } = runBoth(gpu, s, true);
        for (let i = 0; i < 2; i++) {
            expectSame(g[i], c[i], `pair ${i}`);
            expect([g[i].hasSeparation, g[i].separationX, g[i].separationY]).toEqual([c[i].hasSeparation, c[i].separationX, c[i].separationY]);
        }
        expect(gpu.stats.cpuShape).toBe(1);
        expect(g[1].hit).toBe(true);
    });

    it('pairs with a parts collider (sliced and filled sprites) are computed on the CPU, identically', () => {
        const world = new CollisionWorld();
        const m = blob(16, 16, rng(5));
        const parts = [
            { mask: m, transform: affine(1.5, 0, 0, -1, -8, 8), clip: [-8, -8, 4, -8, 4, 8, -8, 8] },
            { mask: m, transform: affine(0.5, 0, 0, -1, 0, 8), clip: [0, 0, 8, 0, 0, 8] },
        ];
        const a = world.add({ shape: { kind: 'parts', parts }, transform: affine(0.8, 0.6, -0.6, 0.8, 0, 0) });
        const b = world.add({ shape: { kind: 'mask', mask: m }, transform: affine(0.6, 0.8, -0.8, 0.6, 3, -4) });
        const d = world.add({ shape: { kind: 'parts', parts }, transform: affine(1, 0, 0, 1, 5, 2) });
        const s = { world, as: [a, b, a], bs: [b, d, d], acc: new Float64Array([1, 2, 1]), n: 3 };
        const gpu = new GpuNarrowPhase(new SoftGpuDevice());
        const { g, c } = runBoth(gpu, s, true);
        for (let i = 0; i < 3; i++) {
            expectSame(g[i], c[i], `pair ${i}`);
            expect(g[i].hit).toBe(true);
        }
        expect(gpu.stats.gpuPairs).toBe(0);
    });
});
