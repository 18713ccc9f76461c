/**
 * The real engine-gfx page backend (runtime/gpu/gpu-gfx-backend.ts, `CocosGfxBackend`) on a
 * double of the engine's gfx device (test/runtime/native-gfx-double.ts), modelled on the native
 * engine's `DeviceValidator` over `DeviceAgent` (a render thread fed by message queues) and on
 * WebGL2Device, with a software GPU (test/runtime/soft-gfx-backend.ts) behind it.
 *
 * What it pins down: natively, the commands a command buffer records reach the render thread only
 * through `device.flushCommands` (`DeviceAgent::flushCommands` publishes the buffer's message
 * queue). So the backend must flush before `queue.submit`:
 *
 * - a debug build (validator on) aborts a submit of a buffer not flushed since its `begin`
 *   (`QueueValidator.cpp:69 CC_ASSERT(cmdBuff->isCommandsFlushed())`; here a throw); the
 *   backend, which flushes, runs the whole GPU narrow phase without tripping it;
 * - a release build (validator off) runs flushed draws and silently drops unflushed ones: with
 *   the flush the contacts are the CPU's bit for bit; without it (the double's `flushCommands`
 *   made a no-op, which is what the backend looked like before the fix) no draw reaches the GPU,
 *   the pages read back cleared and every GPU contact is lost, with no readback alarm;
 * - on the web `flushCommands` is a no-op (each command runs as it is recorded): the contacts
 *   are the same with or without it.
 *
 * `cc`'s double leaves `gfx`, `Material` and `PipelineStateManager` unmodelled: this file puts the
 * gfx enums and info classes (`cocos/gfx/base/define.ts`) on `gfx` and spies `Material#initialize`
 * (a pass double) and `PipelineStateManager.getOrCreatePipelineState`, and takes them off again.
 */
import { EffectAsset, gfx, Material, PipelineStateManager, Vec4 } from 'cc';
import { Contact, GpuNarrowPhase } from '../../extensions/pixel-collision/assets/core';
import { CocosGfxBackend } from '../../extensions/pixel-collision/assets/runtime/gpu/gpu-gfx-backend';
import { GfxGpuDevice } from '../../extensions/pixel-collision/assets/runtime/gpu/gpu-gfx-device';
import { buildScene, cpuRun, expectSameContact, makeCases } from '../browser/gpu-cases';
import type { Scene } from '../browser/gpu-cases';
import { CommandBufferInfo, GFX_DEFINES, GfxDeviceDouble, NativeAssert, PassDouble } from './native-gfx-double';
import type { GfxMode, PipelineStateDouble, RenderPassDouble } from './native-gfx-double';

const expectSame = expectSameContact;
const cpu = cpuRun;

const hits = (cs: readonly Contact[]) => cs.filter((c) => c.hit).length;

// ---- The engine bits the `cc` double leaves out ----------------------------------------------------

const effect = new EffectAsset();
effect.name = 'pixel-collide';
/** The device the next `Material#initialize` makes its pass on (the engine takes it from the root). */
let passDevice: GfxDeviceDouble | null = null;
let vec4SetAdded = false;
const spies: jest.SpyInstance[] = [];

beforeAll(() => {
    Object.assign(gfx, GFX_DEFINES);
    // The backend reuses one Vec4 through `set`, which the `cc` double's Vec4 may not have.
    const proto = Vec4.prototype as unknown as { set?: (x: number, y: number, z: number, w: number) => Vec4 };
    if (proto.set === undefined) {
        vec4SetAdded = true;
        proto.set = function (this: Vec4, x: number, y: number, z: number, w: number): Vec4 {
            this.x = x; this.y = y; this.z = z; this.w = w;
            return this;
        };
    }
    spies.push(jest.spyOn(Material.prototype, 'initialize').mockImplementation(function (this: Material): void {
        if (!passDevice) throw new Error('no device for the pass');
        (this.passes as unknown as PassDouble[]).push(new PassDouble(passDevice));
    }));
    spies.push(jest.spyOn(PipelineStateManager, 'getOrCreatePipelineState').mockImplementation((_device, _pass, shader, renderPass) => {
        const pso: PipelineStateDouble = { shader, renderPass: renderPass as unknown as RenderPassDouble };
        return pso as unknown as gfx.PipelineState;
    }));
});

afterAll(() => {
    for (const s of spies) s.mockRestore();
    const g = gfx as unknown as Record<string, unknown>;
    for (const k of Object.keys(GFX_DEFINES)) delete g[k];
    if (vec4SetAdded) delete (Vec4.prototype as unknown as { set?: unknown }).set;
});

function backendOn(device: GfxDeviceDouble): CocosGfxBackend {
    passDevice = device;
    try {
        return new CocosGfxBackend(device as unknown as gfx.Device, effect);
    } finally {
        passDevice = null;
    }
}

/** The engine-gfx GPU narrow phase on `device` (as the game builds it), and the device's page counter. */
function narrowPhaseOn(device: GfxDeviceDouble, options?: ConstructorParameters<typeof GpuNarrowPhase>[1]): { gpu: GpuNarrowPhase; dev: GfxGpuDevice } {
    const dev = new GfxGpuDevice(backendOn(device));
    return { gpu: new GpuNarrowPhase(dev, options), dev };
}

/** One 'sameFrame' run of a scene on `mode`'s device; `noFlush` makes its `flushCommands` do nothing. */
function sameFrame(mode: GfxMode, s: Scene, noFlush = false): { g: Contact[]; device: GfxDeviceDouble; gpu: GpuNarrowPhase; dev: GfxGpuDevice } {
    const device = new GfxDeviceDouble(mode);
    if (noFlush) device.flushCommands = () => undefined;
    const { gpu, dev } = narrowPhaseOn(device);
    const g = Array.from({ length: s.n }, () => new Contact());
    expect(gpu.run(s.as, s.bs, s.n, s.acc, g, 5, false)).toBe(5);
    return { g, device, gpu, dev };
}

describe('native debug build: DeviceValidator over DeviceAgent', () => {
    it('aborts the submit of a command buffer not flushed since its begin (QueueValidator.cpp:69)', () => {
        const d = new GfxDeviceDouble('debug');
        const cmd = d.createCommandBuffer(new CommandBufferInfo(d.queue));
        cmd.begin();
        cmd.end();
        expect(() => d.queue.submit([cmd])).toThrow(NativeAssert);
        expect(() => d.queue.submit([cmd])).toThrow(/QueueValidator\.cpp:69 CC_ASSERT\(cmdBuff->isCommandsFlushed\(\)\)/);
        d.flushCommands([cmd]);
        expect(() => d.queue.submit([cmd])).not.toThrow();
        cmd.begin(); // clears the flag again
        cmd.end();
        expect(() => d.queue.submit([cmd])).toThrow(NativeAssert);
    });

    it("CocosGfxBackend flushes before it submits: the whole GPU narrow phase runs, contacts equal the CPU's bit for bit", () => {
        const s = buildScene(makeCases(424, 150));
        const { g, device, gpu, dev } = sameFrame('debug', s);
        const c = cpu(s);
        for (let i = 0; i < s.n; i++) expectSame(g[i], c[i], `pair ${i}`);
        expect(gpu.stats.gpuPairs).toBeGreaterThan(50);
        expect(dev.draws).toBeGreaterThan(0);
        expect(device.flushes).toBe(dev.draws); // one flush per page, each before its submit
        expect(device.queue.submits).toBe(dev.draws);
        expect(device.draws).toBe(dev.draws);
    });

    it('the same backend without a working flush aborts at its first submit', () => {
        const s = buildScene(makeCases(424, 150));
        const device = new GfxDeviceDouble('debug');
        device.flushCommands = () => undefined; // the backend as it was before the fix
        const { gpu } = narrowPhaseOn(device);
        const g = Array.from({ length: s.n }, () => new Contact());
        expect(() => gpu.run(s.as, s.bs, s.n, s.acc, g, 5, false)).toThrow(/isCommandsFlushed/);
        expect(device.queue.submits).toBe(0);
    });
});

describe('native release build: DeviceAgent without the validator', () => {
    it("'sameFrame': flushed pages run on the render thread before their read; contacts equal the CPU's bit for bit", () => {
        const s = buildScene(makeCases(424, 150));
        const { g, device, gpu, dev } = sameFrame('release', s);
        const c = cpu(s);
        for (let i = 0; i < s.n; i++) expectSame(g[i], c[i], `pair ${i}`);
        expect(hits(c)).toBeGreaterThan(50);
        expect(gpu.stats.gpuPairs).toBeGreaterThan(50);
        expect(device.draws).toBe(dev.draws);
        expect(device.gpu.reads).toBe(dev.reads);
        expect(gpu.readbackBroken).toBe(false);
    });

    it("'nextFrame' over several pages: every page's draw runs before its deferred read; contacts equal the CPU's", () => {
        const s = buildScene(makeCases(99, 160));
        const device = new GfxDeviceDouble('release');
        const { gpu, dev } = narrowPhaseOn(device, { readback: 'nextFrame', maxPageSize: 64 });
        const g = Array.from({ length: s.n }, () => new Contact());
        expect(gpu.run(s.as, s.bs, s.n, s.acc, g, 5, false)).toBe(4);
        const pages = gpu.stats.pages;
        expect(pages).toBeGreaterThan(2);
        expect(device.draws).toBe(0); // posted to the render thread, not run yet: nothing waited
        expect(gpu.run(s.as, s.bs, s.n, s.acc, g, 6, false)).toBe(5);
        expect(dev.deferredReads).toBe(pages);
        // The first frame's pages ran when read; the second frame's wait on the render thread.
        expect(dev.draws).toBe(2 * pages);
        expect(device.draws).toBe(pages);
        const c = cpu(s);
        for (let i = 0; i < s.n; i++) expectSame(g[i], c[i], `pair ${i}`);
        expect(gpu.readbackBroken).toBe(false);
    });

    it('drops what is recorded but never flushed: without the flush no draw runs and every GPU contact is lost, silently', () => {
        const s = buildScene(makeCases(424, 150));
        const c = cpu(s);
        const { g, device, gpu, dev } = sameFrame('release', s, true);
        expect(dev.draws).toBeGreaterThan(0);
        expect(device.queue.submits).toBe(dev.draws); // submitted, but the backend's buffers are empty
        expect(device.draws).toBe(0);
        expect(gpu.stats.gpuPairs).toBeGreaterThan(50);
        expect(hits(c)).toBeGreaterThan(50);
        expect(hits(g)).toBe(0); // the 0-where-the-CPU-has-hits failure seen on native release builds
        // The targets read back cleared, canary included: nothing flags the loss.
        expect(gpu.readbackBroken).toBe(false);
        expect(gpu.stats.brokenReadbacks).toBe(0);
    });
});

describe('the web: WebGL2Device, flushCommands a no-op', () => {
    it("runs each command as it is recorded: contacts equal the CPU's, the same with flushCommands removed", () => {
        const s = buildScene(makeCases(424, 150));
        const c = cpu(s);
        const withFlush = sameFrame('web', s);
        const without = sameFrame('web', s, true);
        expect(withFlush.device.flushes).toBe(withFlush.dev.draws); // called, and does nothing
        expect(without.device.flushes).toBe(0);
        for (const run of [withFlush, without]) {
            expect(run.device.draws).toBe(run.dev.draws);
            expect(run.gpu.stats.gpuPairs).toBeGreaterThan(50);
            for (let i = 0; i < s.n; i++) expectSame(run.g[i], c[i], `pair ${i}`);
        }
        expect(hits(withFlush.g)).toBeGreaterThan(50);
    });

    it('disposes of its engine objects', () => {
        const device = new GfxDeviceDouble('web');
        const backend = backendOn(device);
        backend.createAtlas(64, 64);
        backend.setTarget(0, 256, 256);
        backend.draw(0, 16, 4, new Float32Array(0), 0);
        expect(() => backend.dispose()).not.toThrow();
    });
});
