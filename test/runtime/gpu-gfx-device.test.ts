/**
 * The engine-gfx device (runtime/gpu/gpu-gfx-device.ts) without a GPU: a software page backend
 * that takes the effect's vertices as the engine would (6 per tile, GFX_VERTEX_FLOATS floats each)
 * and evaluates the GLSL ES 1.00 fragment form (shader.ts PAIR_FRAGMENT_BODY_100) in float32:
 * texel from the pixel centre through the map, the atlas read at (i + 0.5) / size with NEAREST,
 * the widened error bound. Checks the planner + this device give the CPU's contacts bit for bit
 * in both readback modes, over several pages, with the targets each page in flight needs; and the
 * readback canary. The real engine runs are test/engine/gpu-events.ts (harness, by hand).
 */
import { Contact, GpuNarrowPhase } from '../../extensions/pixel-collision/assets/core';
import { GfxGpuDevice } from '../../extensions/pixel-collision/assets/runtime/gpu/gpu-gfx-device';
import { SoftGfxBackend } from './soft-gfx-backend';
import { buildScene, cpuRun, expectSameContact, makeCases } from '../browser/gpu-cases';

const expectSame = expectSameContact;
const cpu = cpuRun;

describe('engine-gfx device (software page backend, GLSL ES 1.00 form)', () => {
    it("gives the CPU's contacts bit for bit in 'sameFrame' (one draw, one synchronous read)", () => {
        const s = buildScene(makeCases(424, 150));
        const back = new SoftGfxBackend();
        const dev = new GfxGpuDevice(back);
        const gpu = new GpuNarrowPhase(dev);
        const g = Array.from({ length: s.n }, () => new Contact());
        expect(gpu.run(s.as, s.bs, s.n, s.acc, g, 5, false)).toBe(5);
        const c = cpu(s);
        let hits = 0;
        for (let i = 0; i < s.n; i++) { expectSame(g[i], c[i], `pair ${i}`); if (c[i].hit) hits++; }
        expect(hits).toBeGreaterThan(50);
        expect(gpu.stats.gpuPairs).toBeGreaterThan(50);
        expect(back.draws).toBe(1);
        expect(back.reads).toBe(1);
        expect(dev.targets).toBe(1);
    });

    it("'nextFrame' over several pages: each page in flight keeps its own target, read one step later; answers equal the CPU's", () => {
        const s = buildScene(makeCases(99, 160));
        const back = new SoftGfxBackend();
        const dev = new GfxGpuDevice(back);
        const gpu = new GpuNarrowPhase(dev, { readback: 'nextFrame', maxPageSize: 64 });
        const g = Array.from({ length: s.n }, () => new Contact());
        expect(gpu.run(s.as, s.bs, s.n, s.acc, g, 5, false)).toBe(4); // nothing described yet
        const pages = gpu.stats.pages;
        expect(pages).toBeGreaterThan(2);
        expect(dev.targets).toBe(pages); // every page of the frame in flight has its target
        expect(back.reads).toBe(0);
        for (let p = 0; p < pages; p++) expect(dev.readReady(p)).toBe(true); // the run ended: a step old
        expect(gpu.run(s.as, s.bs, s.n, s.acc, g, 6, false)).toBe(5);
        expect(gpu.stats.readStalls).toBe(0);
        expect(dev.deferredReads).toBe(pages);
        expect(dev.targets).toBe(pages); // reused, not made again
        const c = cpu(s);
        for (let i = 0; i < s.n; i++) expectSame(g[i], c[i], `pair ${i}`);
    });

    it('a read that started in this step is not ready until the step ends', () => {
        const s = buildScene(makeCases(7, 40));
        const dev = new GfxGpuDevice(new SoftGfxBackend());
        const gpu = new GpuNarrowPhase(dev, { readback: 'nextFrame' });
        const g = Array.from({ length: s.n }, () => new Contact());
        gpu.run(s.as, s.bs, s.n, s.acc, g, 1, false);
        dev.beginFrame();
        dev.drawPage(16, 4, new Uint8Array(0), 0, 0);
        dev.startRead(7);
        expect(dev.readReady(7)).toBe(false);
        dev.endFrame();
        expect(dev.readReady(7)).toBe(true);
        expect(dev.readReady(8)).toBe(false); // never started
    });

    it('a readback that writes nothing is caught by the canary: those pairs are decided on the CPU', () => {
        const s = buildScene(makeCases(31, 120));
        const back = new SoftGfxBackend();
        back.silent = true;
        const gpu = new GpuNarrowPhase(new GfxGpuDevice(back));
        const g = Array.from({ length: s.n }, () => new Contact());
        gpu.run(s.as, s.bs, s.n, s.acc, g, 5, false);
        expect(gpu.readbackBroken).toBe(true);
        expect(gpu.stats.brokenReadbacks).toBe(1);
        const c = cpu(s);
        for (let i = 0; i < s.n; i++) expectSame(g[i], c[i], `pair ${i}`);
    });

    it('says its deferred read blocks (AUTO pairs stay on the CPU with it)', () => {
        const dev = new GfxGpuDevice(new SoftGfxBackend());
        expect(dev.asyncReadback).toBe(true);
        expect(dev.blockingReadback).toBe(true);
    });
});
