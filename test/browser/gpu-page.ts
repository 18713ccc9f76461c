/**
 * Page script of the browser tests and the GPU benchmark: exposes `window.pixelGpu`, which runs
 * the GPU narrow phase on the plain WebGL2 device (headless Chromium, SwiftShader) on data sent
 * from Node (see gpu-cases.ts) and returns the contacts as plain numbers.
 */
import { CollisionWorld, Contact, CpuNarrowPhase, GpuNarrowPhase } from '../../extensions/pixel-collision/assets/core';
import type { Collider, GpuDevice } from '../../extensions/pixel-collision/assets/core';
import { WebGL2Device } from '../../webgl2/webgl2-device';
import { toAffine, toMask } from './gpu-cases';
import type { CaseData } from './gpu-cases';

/** Per pair: hit, count, minX, minY, maxX, maxY, centroidX, centroidY, normalX, normalY, frame. */
export const CONTACT_FIELDS = 11;

export interface RunResult {
    contacts: number[];
    stats: Record<string, number>;
    renderer: string;
    maxTextureSize: number;
}

/** Counts the device calls (draws, reads). */
class CountingDevice implements GpuDevice {
    draws = 0;
    reads = 0;
    constructor(readonly inner: GpuDevice) {}
    get maxTextureSize(): number { return this.inner.maxTextureSize; }
    resizeMaskAtlas(w: number, h: number): void { this.inner.resizeMaskAtlas(w, h); }
    uploadMaskAtlas(x: number, y: number, w: number, h: number, t: Uint8Array): void { this.inner.uploadMaskAtlas(x, y, w, h, t); }
    drawPage(w: number, h: number, i: Uint8Array, f: number, c: number): void { this.draws++; this.inner.drawPage(w, h, i, f, c); }
    readPage(out: Uint8Array): void { this.reads++; this.inner.readPage(out); }
    dispose(): void { this.inner.dispose(); }
}

interface Scene { world: CollisionWorld; as: Collider[]; bs: Collider[]; acc: Float64Array; n: number }

function buildScene(data: CaseData): Scene {
    const world = new CollisionWorld();
    const masks = data.masks.map(toMask);
    const as: Collider[] = [], bs: Collider[] = [];
    const acc = new Float64Array(data.pairs.length);
    data.pairs.forEach((p, i) => {
        as.push(world.add({ shape: { kind: 'mask', mask: masks[p.ma] }, transform: toAffine(p.ta), accuracy: p.acc }));
        bs.push(world.add({ shape: { kind: 'mask', mask: masks[p.mb] }, transform: toAffine(p.tb), accuracy: p.acc }));
        acc[i] = p.acc;
    });
    return { world, as, bs, acc, n: data.pairs.length };
}

function flatten(cs: Contact[]): number[] {
    const out: number[] = [];
    for (const c of cs) out.push(c.hit ? 1 : 0, c.count, c.minX, c.minY, c.maxX, c.maxY, c.centroidX, c.centroidY, c.normalX, c.normalY, c.frame);
    return out;
}

let device: CountingDevice | null = null;
function getDevice(): CountingDevice {
    device ??= new CountingDevice(WebGL2Device.fromCanvas(new OffscreenCanvas(1, 1)));
    return device;
}

const api = {
    /** Runs all pairs of `data` as one frame (pages of at most `maxPageSize`). */
    run(data: CaseData, maxPageSize = 2048, frame = 1): RunResult {
        const dev = getDevice();
        const s = buildScene(data);
        const gpu = new GpuNarrowPhase(dev, { maxPageSize });
        const contacts = Array.from({ length: s.n }, () => new Contact());
        const d0 = dev.draws, r0 = dev.reads;
        gpu.run(s.as, s.bs, s.n, s.acc, contacts, frame, false);
        const gl = (dev.inner as WebGL2Device).gl;
        return {
            contacts: flatten(contacts),
            stats: { ...gpu.stats, draws: dev.draws - d0, reads: dev.reads - r0, atlasW: gpu.atlas.width, atlasH: gpu.atlas.height },
            renderer: String(gl.getParameter(gl.RENDERER)) + ' / ' + String(gl.getParameter(gl.VERSION)),
            maxTextureSize: dev.maxTextureSize,
        };
    },
    /** What the device says about bad contexts: [WebGL1 context given, no context at all]. */
    badContexts(): string[] {
        const out: string[] = [];
        const c1 = new OffscreenCanvas(1, 1);
        const gl1 = c1.getContext('webgl');
        try { new WebGL2Device(gl1 as unknown as WebGL2RenderingContext); out.push('no error'); } catch (e) { out.push(String(e)); }
        const c2 = new OffscreenCanvas(1, 1);
        c2.getContext('2d'); // the canvas now has a 2D context: no WebGL2 context can be made
        try { WebGL2Device.fromCanvas(c2); out.push('no error'); } catch (e) { out.push(String(e)); }
        return out;
    },
    /** Zero pairs: the device must see no draw and no read. */
    zeroPairs(): number[] {
        const dev = getDevice();
        const gpu = new GpuNarrowPhase(dev);
        const d0 = dev.draws, r0 = dev.reads;
        gpu.run([], [], 0, new Float64Array(0), [], 1, false);
        return [dev.draws - d0, dev.reads - r0];
    },
    /**
     * Benchmark: median ms per frame over `samples` frames (after 2 warm-up frames) of
     * [batched GPU, one draw + readback per pair (seed 000), CPU narrow phase], interleaved.
     */
    bench(data: CaseData, samples: number, modes: string[]): Record<string, number> {
        const dev = getDevice();
        const s = buildScene(data);
        const gpu = new GpuNarrowPhase(dev);
        const cpu = new CpuNarrowPhase();
        const contacts = Array.from({ length: s.n }, () => new Contact());
        const one = new Float64Array(1);
        const fns: Record<string, () => void> = {
            batched: () => { gpu.run(s.as, s.bs, s.n, s.acc, contacts, 0, false); },
            perPair: () => {
                for (let i = 0; i < s.n; i++) {
                    one[0] = s.acc[i];
                    gpu.run([s.as[i]], [s.bs[i]], 1, one, [contacts[i]], 0, false);
                }
            },
            cpu: () => { cpu.run(s.as, s.bs, s.n, s.acc, contacts, 0, false); },
            // Fixed cost of one synchronous readback: an empty 1x1 page drawn and read.
            readback1px: () => { dev.drawPage(1, 1, new Uint8Array(0), 0, 0); dev.readPage(new Uint8Array(4)); },
        };
        const times: Record<string, number[]> = {};
        for (const m of modes) times[m] = [];
        // Every frame moves every collider a little (as a game does), so no backend can reuse
        // last frame's work (the CPU caches a collider's raster until its transform changes).
        const movers = Array.from(new Set([...s.as, ...s.bs]));
        const t = { a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0 };
        let flip = 1;
        const move = () => {
            flip = -flip;
            for (const c of movers) {
                const m = c.transform;
                t.a = m.a; t.b = m.b; t.c = m.c; t.d = m.d; t.tx = m.tx + flip * 1e-3; t.ty = m.ty;
                s.world.setTransform(c, t);
            }
        };
        for (let k = 0; k < samples + 2; k++) {
            for (const m of modes) {
                move();
                const t0 = performance.now();
                fns[m]();
                const t = performance.now() - t0;
                if (k >= 2) times[m].push(t);
            }
        }
        const out: Record<string, number> = {};
        for (const m of modes) {
            const xs = times[m].sort((x, y) => x - y);
            out[m] = xs.length % 2 ? xs[xs.length >> 1] : (xs[xs.length / 2 - 1] + xs[xs.length / 2]) / 2;
        }
        return out;
    },
};

(globalThis as unknown as { pixelGpu: typeof api }).pixelGpu = api;
export type PixelGpuApi = typeof api;
