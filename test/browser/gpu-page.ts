/**
 * Page script of the browser tests and the GPU benchmark: exposes `window.pixelGpu`, which runs
 * the GPU narrow phase on the plain WebGL2 device (headless Chromium, SwiftShader) on data sent
 * from Node (see gpu-cases.ts) and returns the contacts as plain numbers.
 */
import { CollisionWorld, Contact, CpuNarrowPhase, GpuNarrowPhase } from '../../extensions/pixel-collision/assets/core';
import type { GpuDevice } from '../../extensions/pixel-collision/assets/core';
import { WebGL2Device } from '../../webgl2/webgl2-device';
import { GlGpuDevice, GlState, GL_DRAW, GL_FBO, GL_PACK, GL_PACK_BUFFER, GL_RASTER, GL_UNPACK } from '../../extensions/pixel-collision/assets/runtime/gpu/gpu-gl-device';
import { buildScene } from './gpu-cases';
import type { CaseData } from './gpu-cases';
import { compareLate, runScript } from './gpu-world-script';
import type { StepReport } from './gpu-world-script';
import type { GpuReadback } from '../../extensions/pixel-collision/assets/core/gpu';

/** Lets the event loop run (WebGL2 signals fences only between tasks): the rest of a frame. */
const nextTask = (ms = 0) => new Promise<void>((r) => setTimeout(r, ms));

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
    starts = 0;
    finishes = 0;
    get maxTextureSize(): number { return this.inner.maxTextureSize; }
    get asyncReadback(): boolean { return this.inner.asyncReadback; }
    beginFrame(): number { return this.inner.beginFrame(); }
    isLost(): boolean { return this.inner.isLost(); }
    startRead(slot: number): void { this.starts++; this.inner.startRead(slot); }
    readReady(slot: number): boolean { return this.inner.readReady(slot); }
    finishRead(slot: number, out: Uint8Array): boolean { this.finishes++; return this.inner.finishRead(slot, out); }
    resizeMaskAtlas(w: number, h: number): void { this.inner.resizeMaskAtlas(w, h); }
    uploadMaskAtlas(x: number, y: number, w: number, h: number, t: Uint8Array): void { this.inner.uploadMaskAtlas(x, y, w, h, t); }
    drawPage(w: number, h: number, i: Uint8Array, f: number, c: number): void { this.draws++; this.inner.drawPage(w, h, i, f, c); }
    readPage(out: Uint8Array): void { this.reads++; this.inner.readPage(out); }
    dispose(): void { this.inner.dispose(); }
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
        const gpu = new GpuNarrowPhase(dev, { maxPageSize, readback: 'sameFrame' });
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
    /**
     * Where a same-frame batched frame's time goes (medians over `frames` frames, a gap after
     * each): total, in drawPage (submit), in readPage (waits for the GPU, copies the pixels),
     * the rest (plan and decode, JS).
     */
    async breakdown(data: CaseData, frames: number): Promise<Record<string, number>> {
        const dev = getDevice();
        const s = buildScene(data);
        let tDraw = 0, tRead = 0;
        const timed: GpuDevice = Object.create(dev) as GpuDevice;
        timed.drawPage = (w, h, i, f, c) => { const t0 = performance.now(); dev.drawPage(w, h, i, f, c); tDraw += performance.now() - t0; };
        timed.readPage = (out) => { const t0 = performance.now(); dev.readPage(out); tRead += performance.now() - t0; };
        const gpu = new GpuNarrowPhase(timed, { readback: 'sameFrame' });
        const contacts = Array.from({ length: s.n }, () => new Contact());
        const tot: number[] = [], dr: number[] = [], rd: number[] = [];
        for (let k = 0; k <= frames; k++) {
            tDraw = tRead = 0;
            const t0 = performance.now();
            gpu.run(s.as, s.bs, s.n, s.acc, contacts, k, false);
            const t = performance.now() - t0;
            if (k > 0) { tot.push(t); dr.push(tDraw); rd.push(tRead); }
            await nextTask(16);
        }
        const med = (xs: number[]) => xs.sort((x, y) => x - y)[xs.length >> 1];
        // The same page size, cleared and read with nothing drawn: the readback without the rendering.
        const side = Math.ceil(Math.sqrt(gpu.stats.pagePixels));
        const empty: number[] = [];
        const buf = new Uint8Array(side * side * 4);
        for (let k = 0; k <= frames; k++) {
            const t0 = performance.now();
            dev.drawPage(side, side, new Uint8Array(0), 0, 0);
            dev.readPage(buf);
            if (k > 0) empty.push(performance.now() - t0);
            await nextTask(16);
        }
        return { total: med(tot), draw: med(dr), read: med(rd), js: med(tot.map((t, i) => t - dr[i] - rd[i])), emptyPage: med(empty), pagePixels: gpu.stats.pagePixels };
    },
    /**
     * 'nextFrame' on real WebGL2: the same data twice, a new task in between (fences signal
     * only then). The first call answers nothing (returns frame - 1); the second answers frame
     * `frame` (returns it) with the pixel-buffer readback. Also returns the device's calls.
     */
    async runLate(data: CaseData, frame: number): Promise<RunResult & { described: number[]; first: number[] }> {
        const dev = getDevice();
        const s = buildScene(data);
        const gpu = new GpuNarrowPhase(dev, { readback: 'nextFrame' });
        const first = Array.from({ length: s.n }, () => new Contact());
        const contacts = Array.from({ length: s.n }, () => new Contact());
        const d0 = dev.draws, r0 = dev.reads, s0 = dev.starts, f0 = dev.finishes;
        const described = [gpu.run(s.as, s.bs, s.n, s.acc, first, frame, false)];
        await nextTask(20);
        described.push(gpu.run(s.as, s.bs, s.n, s.acc, contacts, frame + 1, false));
        const stats = { ...gpu.stats, draws: dev.draws - d0, reads: dev.reads - r0, starts: dev.starts - s0, finishes: dev.finishes - f0 };
        gpu.discardPending();
        return { contacts: flatten(contacts), first: flatten(first), described, stats, renderer: '', maxTextureSize: dev.maxTextureSize };
    },
    /**
     * The world script (gpu-world-script.ts) on three worlds: CPU narrow phase, GPU 'sameFrame'
     * and GPU 'nextFrame' (WebGL2), a new task between steps. Returns the disagreements.
     */
    async worldScript(seed: number, steps: number, count: number): Promise<{ late: string[]; same: string[]; reported: number; gonePairs: number; unmatchedHits: number; handedOver: number; stalls: number; reads: number; starts: number }> {
        const dev = getDevice();
        const cpuReports = await runScript(new CollisionWorld<number>(), seed, steps, count, () => {});
        const same = new GpuNarrowPhase(dev, { readback: 'sameFrame' });
        const sameReports = await runScript(new CollisionWorld<number>({ narrowPhase: same }), seed, steps, count, () => nextTask());
        const late = new GpuNarrowPhase(dev, { readback: 'nextFrame' });
        let stalls = 0, unmatchedHits = 0, handedOver = 0;
        const r0 = dev.reads, s0 = dev.starts;
        const lateReports = await runScript(new CollisionWorld<number>({ narrowPhase: late }), seed, steps, count, async () => {
            unmatchedHits += late.stats.lateUnmatchedHits;
            handedOver += late.stats.lateHandedOver;
            stalls += late.stats.readStalls;
            await nextTask(5);
        });
        const sameBad: string[] = [];
        cpuReports.forEach((r: StepReport, i: number) => {
            if (JSON.stringify(r) !== JSON.stringify(sameReports[i])) sameBad.push(`step ${i + 1}: sameFrame ${JSON.stringify(sameReports[i]).slice(0, 300)} vs CPU ${JSON.stringify(r).slice(0, 300)}`);
        });
        const cmp = compareLate(cpuReports, lateReports);
        return {
            late: cmp.bad, same: sameBad, gonePairs: cmp.gonePairs, unmatchedHits, handedOver,
            reported: lateReports.reduce((n, r) => n + Object.keys(r.touching).length, 0),
            stalls, reads: dev.reads - r0, starts: dev.starts - s0,
        };
    },
    /**
     * A lost and restored context (WEBGL_lose_context) on a device of its own, in both modes:
     * frames before, during and after the loss; every answer must equal the CPU's. Returns the
     * contacts of each frame and the stats seen.
     */
    async contextLoss(data: CaseData, readback: GpuReadback): Promise<{ frames: number[][]; cpu: number[]; stats: Record<string, number>[]; described: number[] }> {
        const canvas = new OffscreenCanvas(1, 1);
        const own = WebGL2Device.fromCanvas(canvas);
        const ext = own.gl.getExtension('WEBGL_lose_context');
        if (!ext) throw new Error('WEBGL_lose_context is not available');
        const s = buildScene(data);
        const gpu = new GpuNarrowPhase(own, { readback });
        const cpuC = Array.from({ length: s.n }, () => new Contact());
        new CpuNarrowPhase().run(s.as, s.bs, s.n, s.acc, cpuC, 0, false);
        const frames: number[][] = [], stats: Record<string, number>[] = [], described: number[] = [];
        let frame = 0;
        const step = async () => {
            const cs = Array.from({ length: s.n }, () => new Contact());
            described.push(gpu.run(s.as, s.bs, s.n, s.acc, cs, ++frame, false));
            frames.push(flatten(cs));
            stats.push({ ...gpu.stats, uploads: gpu.atlas.uploads, lost: own.gl.isContextLost() ? 1 : 0 });
            await nextTask(10);
        };
        await step(); // frame 1: normal
        await step(); // frame 2: normal
        ext.loseContext();
        await step(); // frame 3: lost
        await step(); // frame 4: lost
        ext.restoreContext();
        for (let k = 0; k < 100 && own.gl.isContextLost(); k++) await nextTask(10);
        await step(); // frame 5: restored
        await step(); // frame 6
        await step(); // frame 7
        own.dispose();
        return { frames, cpu: flatten(cpuC), stats, described };
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
    /**
     * The Cocos device's GL core (`GlGpuDevice`, `restoreState: true`) on a context whose state an
     * "engine" has set to unusual values (framebuffers, viewport, scissor, every enable, colour
     * mask, program, VAO, buffers, unit 0's texture and a mipmapped sampler, active unit 3, pack
     * and unpack parameters and buffers): after every call of a same-frame and a next-frame run
     * the whole state must read back as it was after every run, with no GL error, and the contacts
     * must still be exact (returned for the Node side to compare with the CPU). Also times what a
     * run's record + restore costs.
     */
    async stateGuard(data: CaseData): Promise<{ diffs: string[]; errors: number[]; same: number[]; late: number[]; saves: number; perRunUs: number; unpackUs: number }> {
        const canvas = new OffscreenCanvas(64, 64);
        const gl = canvas.getContext('webgl2', { antialias: false, depth: true, stencil: true }) as WebGL2RenderingContext;
        const dev = new GlGpuDevice(gl, { restoreState: true });
        // The engine's state.
        const fbo = gl.createFramebuffer(), readFbo = gl.createFramebuffer(), rb = gl.createRenderbuffer();
        gl.bindRenderbuffer(gl.RENDERBUFFER, rb);
        gl.renderbufferStorage(gl.RENDERBUFFER, gl.RGBA8, 32, 32);
        gl.bindFramebuffer(gl.FRAMEBUFFER, fbo);
        gl.framebufferRenderbuffer(gl.FRAMEBUFFER, gl.COLOR_ATTACHMENT0, gl.RENDERBUFFER, rb);
        gl.bindFramebuffer(gl.READ_FRAMEBUFFER, readFbo);
        const vs = gl.createShader(gl.VERTEX_SHADER)!; gl.shaderSource(vs, '#version 300 es\nvoid main(){gl_Position=vec4(0.0);}'); gl.compileShader(vs);
        const fs = gl.createShader(gl.FRAGMENT_SHADER)!; gl.shaderSource(fs, '#version 300 es\nprecision mediump float;out vec4 o;void main(){o=vec4(1.0);}'); gl.compileShader(fs);
        const prog = gl.createProgram()!; gl.attachShader(prog, vs); gl.attachShader(prog, fs); gl.linkProgram(prog);
        gl.useProgram(prog);
        const vao = gl.createVertexArray(); gl.bindVertexArray(vao);
        const abuf = gl.createBuffer(); gl.bindBuffer(gl.ARRAY_BUFFER, abuf);
        const ebuf = gl.createBuffer(); gl.bindBuffer(gl.ELEMENT_ARRAY_BUFFER, ebuf);
        const tex0 = gl.createTexture(); gl.activeTexture(gl.TEXTURE0); gl.bindTexture(gl.TEXTURE_2D, tex0);
        const sampler = gl.createSampler()!; gl.samplerParameteri(sampler, gl.TEXTURE_MIN_FILTER, gl.LINEAR_MIPMAP_LINEAR); gl.bindSampler(0, sampler);
        const tex3 = gl.createTexture(); gl.activeTexture(gl.TEXTURE3); gl.bindTexture(gl.TEXTURE_2D, tex3);
        gl.viewport(3, 4, 50, 60);
        gl.scissor(1, 2, 30, 40);
        gl.enable(gl.SCISSOR_TEST); gl.enable(gl.BLEND); gl.enable(gl.DEPTH_TEST); gl.enable(gl.STENCIL_TEST); gl.enable(gl.CULL_FACE);
        gl.cullFace(gl.FRONT_AND_BACK); gl.disable(gl.DITHER); gl.enable(gl.RASTERIZER_DISCARD);
        gl.colorMask(false, true, false, true);
        gl.clearColor(0.25, 0.5, 0.75, 1);
        const unpackBuf = gl.createBuffer(); gl.bindBuffer(gl.PIXEL_UNPACK_BUFFER, unpackBuf);
        gl.pixelStorei(gl.UNPACK_ALIGNMENT, 8); gl.pixelStorei(gl.UNPACK_ROW_LENGTH, 7); gl.pixelStorei(gl.UNPACK_SKIP_ROWS, 1); gl.pixelStorei(gl.UNPACK_SKIP_PIXELS, 2);
        gl.pixelStorei(gl.UNPACK_FLIP_Y_WEBGL, true); gl.pixelStorei(gl.UNPACK_PREMULTIPLY_ALPHA_WEBGL, true);
        const packBuf = gl.createBuffer(); gl.bindBuffer(gl.PIXEL_PACK_BUFFER, packBuf);
        gl.pixelStorei(gl.PACK_ALIGNMENT, 2); gl.pixelStorei(gl.PACK_ROW_LENGTH, 5); gl.pixelStorei(gl.PACK_SKIP_ROWS, 1); gl.pixelStorei(gl.PACK_SKIP_PIXELS, 1);
        const errors: number[] = [gl.getError()];
        const names = new Map<unknown, string>([[null, 'null'], [fbo, 'fbo'], [readFbo, 'readFbo'], [rb, 'rb'], [prog, 'prog'], [vao, 'vao'], [abuf, 'abuf'], [ebuf, 'ebuf'],
            [tex0, 'tex0'], [tex3, 'tex3'], [sampler, 'sampler'], [unpackBuf, 'unpackBuf'], [packBuf, 'packBuf']]);
        const show = (v: unknown): string => (v !== null && typeof v === 'object' && !ArrayBuffer.isView(v) && !Array.isArray(v) ? names.get(v) ?? 'a device object' : names.has(v) ? names.get(v)! : JSON.stringify(ArrayBuffer.isView(v) ? Array.from(v as Int32Array) : v));
        const snapshot = (): Record<string, string> => {
            const out: Record<string, string> = {};
            const P = (k: string, e: number) => { out[k] = show(gl.getParameter(e)); };
            P('DRAW_FRAMEBUFFER', gl.DRAW_FRAMEBUFFER_BINDING); P('READ_FRAMEBUFFER', gl.READ_FRAMEBUFFER_BINDING); P('RENDERBUFFER', gl.RENDERBUFFER_BINDING);
            P('VIEWPORT', gl.VIEWPORT); P('SCISSOR_BOX', gl.SCISSOR_BOX); P('COLOR_WRITEMASK', gl.COLOR_WRITEMASK); P('COLOR_CLEAR_VALUE', gl.COLOR_CLEAR_VALUE);
            for (const [k, e] of [['BLEND', gl.BLEND], ['DEPTH_TEST', gl.DEPTH_TEST], ['STENCIL_TEST', gl.STENCIL_TEST], ['CULL_FACE', gl.CULL_FACE], ['SCISSOR_TEST', gl.SCISSOR_TEST], ['DITHER', gl.DITHER], ['RASTERIZER_DISCARD', gl.RASTERIZER_DISCARD]] as const) out[k] = String(gl.isEnabled(e));
            P('CULL_FACE_MODE', gl.CULL_FACE_MODE);
            P('CURRENT_PROGRAM', gl.CURRENT_PROGRAM); P('VERTEX_ARRAY', gl.VERTEX_ARRAY_BINDING); P('ARRAY_BUFFER', gl.ARRAY_BUFFER_BINDING); P('ELEMENT_ARRAY_BUFFER', gl.ELEMENT_ARRAY_BUFFER_BINDING);
            P('ACTIVE_TEXTURE', gl.ACTIVE_TEXTURE);
            P('TEXTURE_2D@active', gl.TEXTURE_BINDING_2D); P('SAMPLER@active', gl.SAMPLER_BINDING);
            const active = gl.getParameter(gl.ACTIVE_TEXTURE) as number;
            gl.activeTexture(gl.TEXTURE0); P('TEXTURE_2D@0', gl.TEXTURE_BINDING_2D); P('SAMPLER@0', gl.SAMPLER_BINDING); gl.activeTexture(active);
            P('PIXEL_UNPACK_BUFFER', gl.PIXEL_UNPACK_BUFFER_BINDING); P('PIXEL_PACK_BUFFER', gl.PIXEL_PACK_BUFFER_BINDING);
            for (const [k, e] of [['UNPACK_ALIGNMENT', gl.UNPACK_ALIGNMENT], ['UNPACK_ROW_LENGTH', gl.UNPACK_ROW_LENGTH], ['UNPACK_SKIP_ROWS', gl.UNPACK_SKIP_ROWS], ['UNPACK_SKIP_PIXELS', gl.UNPACK_SKIP_PIXELS],
                ['UNPACK_FLIP_Y', gl.UNPACK_FLIP_Y_WEBGL], ['UNPACK_PREMULTIPLY', gl.UNPACK_PREMULTIPLY_ALPHA_WEBGL], ['PACK_ALIGNMENT', gl.PACK_ALIGNMENT], ['PACK_ROW_LENGTH', gl.PACK_ROW_LENGTH],
                ['PACK_SKIP_ROWS', gl.PACK_SKIP_ROWS], ['PACK_SKIP_PIXELS', gl.PACK_SKIP_PIXELS], ['UNIFORM_BUFFER', gl.UNIFORM_BUFFER_BINDING]] as const) P(k, e);
            return out;
        };
        const before = snapshot();
        const diffs: string[] = [];
        const check = (when: string) => {
            const now = snapshot();
            for (const k of Object.keys(before)) if (now[k] !== before[k]) diffs.push(`${when}: ${k} is ${now[k]}, was ${before[k]}`);
            errors.push(gl.getError());
        };
        const s = buildScene(data);
        // The engine's state is checked after every run (the device restores at the end of a run:
        // nothing of the engine runs between the calls of one run).
        const same = new GpuNarrowPhase(dev, { readback: 'sameFrame' });
        const cs = Array.from({ length: s.n }, () => new Contact());
        same.run(s.as, s.bs, s.n, s.acc, cs, 1, false);
        check('sameFrame run');
        const sameFlat = flatten(cs);
        const late = new GpuNarrowPhase(dev, { readback: 'nextFrame' });
        late.run(s.as, s.bs, s.n, s.acc, cs, 1, false);
        check('nextFrame run 1');
        await nextTask(20);
        const lc = Array.from({ length: s.n }, () => new Contact());
        late.run(s.as, s.bs, s.n, s.acc, lc, 2, false);
        check('nextFrame run 2');
        late.discardPending();
        const saves = dev.state.saves;
        // What one run's record + restore costs (the groups a next-frame run records).
        const st = new GlState();
        const groups = GL_FBO | GL_RASTER | GL_DRAW | GL_PACK | GL_PACK_BUFFER;
        const t0 = performance.now();
        for (let k = 0; k < 200; k++) { st.save(gl, groups); st.restore(gl); }
        const perRunUs = (performance.now() - t0) / 200 * 1000;
        const t1 = performance.now();
        for (let k = 0; k < 200; k++) { st.save(gl, GL_UNPACK); st.restore(gl); }
        const unpackUs = (performance.now() - t1) / 200 * 1000;
        check('GlState x200');
        dev.dispose();
        check('dispose');
        return { diffs, errors, same: sameFlat, late: flatten(lc), saves, perRunUs, unpackUs };
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
     * Benchmark: median main-thread ms per frame of each mode, every frame followed by a gap of
     * `gapMs` (the rest of a game frame: the event loop runs, fences can signal). Modes run in
     * alternating blocks (`rounds` x `frames` each, after one warm-up frame per block), not
     * frame by frame, so one mode's synchronous read cannot finish another's GPU work:
     *
     * - `sameFrame`: batched, synchronous readback (blocked = the whole GPU round trip);
     * - `nextFrame`: batched, pixel buffer + fence, answers one frame late (blocked = collect
     *   and decode of the previous frame + plan and submit of this one);
     * - `perPair`: seed 000's way, one draw and one synchronous readback per pair;
     * - `cpu`: the CPU narrow phase, every detail of every pair (count, rect, centroid, normal:
     *   what the GPU narrow phase computes);
     * - `cpuLazy`: the CPU narrow phase as a world runs it by default (`contactDetails: 'lazy'`):
     *   hits only, details left for a listener that reads them (none here);
     * - `readback1px`: the fixed cost of one synchronous readback (an empty 1x1 page cleared,
     *   drawn and read).
     *
     * Every frame moves every collider a little (as a game does), so no backend can reuse last
     * frame's work (the CPU caches a collider's raster until its transform changes).
     *
     * Before timing, the answers are checked (`check`): the CPU's contacts (every field) against
     * the same-frame and the next-frame GPU narrow phase (the latter one step late) and the lazy
     * CPU's hits; `mismatches` counts the fields that differ (the caller refuses to time when it
     * is not 0), `hits` the pairs that touch.
     */
    async bench(data: CaseData, rounds: number, frames: number, modes: string[], gapMs = 16, check = false): Promise<Record<string, number>> {
        const dev = getDevice();
        const s = buildScene(data);
        const same = new GpuNarrowPhase(dev, { readback: 'sameFrame' });
        const late = new GpuNarrowPhase(dev, { readback: 'nextFrame' });
        const cpu = new CpuNarrowPhase();
        const contacts = Array.from({ length: s.n }, () => new Contact());
        const one = new Float64Array(1);
        let frame = 0;
        const fns: Record<string, () => void> = {
            sameFrame: () => { same.run(s.as, s.bs, s.n, s.acc, contacts, ++frame, false); },
            nextFrame: () => { late.run(s.as, s.bs, s.n, s.acc, contacts, ++frame, false); },
            perPair: () => {
                for (let i = 0; i < s.n; i++) {
                    one[0] = s.acc[i];
                    same.run([s.as[i]], [s.bs[i]], 1, one, [contacts[i]], ++frame, false);
                }
            },
            cpu: () => { cpu.run(s.as, s.bs, s.n, s.acc, contacts, ++frame, false); },
            cpuLazy: () => { cpu.run(s.as, s.bs, s.n, s.acc, contacts, ++frame, false, true); },
            readback1px: () => { dev.drawPage(1, 1, new Uint8Array(0), 0, 0); dev.readPage(new Uint8Array(4)); },
        };
        const times: Record<string, number[]> = {};
        for (const m of modes) times[m] = [];
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
        const out: Record<string, number> = {};
        // Fields but the frame (11th): same-frame answers describe this frame, late ones the last.
        const strip = (xs: number[]) => xs.filter((_, k) => k % CONTACT_FIELDS !== CONTACT_FIELDS - 1);
        const fresh = () => Array.from({ length: s.n }, () => new Contact());
        let wantFlat: number[] = [];
        let bad = 0;
        const diff = (xs: number[]) => { xs.forEach((x, k) => { if (x !== wantFlat[k]) bad++; }); };
        if (check) {
            const want = fresh(), got = fresh();
            cpu.run(s.as, s.bs, s.n, s.acc, want, ++frame, false);
            wantFlat = strip(flatten(want));
            same.run(s.as, s.bs, s.n, s.acc, got, ++frame, false);
            diff(strip(flatten(got)));
            late.run(s.as, s.bs, s.n, s.acc, got, ++frame, false);
            await nextTask(gapMs);
            late.run(s.as, s.bs, s.n, s.acc, got, ++frame, false);
            late.discardPending();
            diff(strip(flatten(got)));
            const lazy = fresh();
            cpu.run(s.as, s.bs, s.n, s.acc, lazy, ++frame, false, true);
            lazy.forEach((c, i) => { if (c.hit !== want[i].hit) bad++; });
            out.mismatches = bad;
            out.hits = want.filter((c) => c.hit).length;
            out.gpuPairs = same.stats.gpuPairs;
            out.pagePixels = same.stats.pagePixels;
        }
        let stalls = 0;
        for (let r = 0; r < rounds; r++) {
            for (const m of modes) {
                for (let k = 0; k <= frames; k++) {
                    move();
                    const t0 = performance.now();
                    fns[m]();
                    const dt = performance.now() - t0;
                    if (k > 0) times[m].push(dt); // k = 0 warms up (and, for nextFrame, fills the pipeline)
                    if (m === 'nextFrame' && k > 0) stalls += late.stats.readStalls;
                    await nextTask(gapMs);
                }
                if (m === 'nextFrame') late.discardPending();
            }
        }
        if (check) {
            // Once more after timing (the two GPU narrow phases share the device's atlas texture;
            // the colliders have moved back and forth meanwhile).
            const want = fresh(), got = fresh();
            cpu.run(s.as, s.bs, s.n, s.acc, want, ++frame, false);
            wantFlat = strip(flatten(want));
            same.run(s.as, s.bs, s.n, s.acc, got, ++frame, false);
            diff(strip(flatten(got)));
            out.mismatches = bad;
        }
        for (const m of modes) {
            const xs = times[m].sort((x, y) => x - y);
            out[m] = xs.length % 2 ? xs[xs.length >> 1] : (xs[xs.length / 2 - 1] + xs[xs.length / 2]) / 2;
        }
        out.nextFrameStalls = stalls;
        out.samples = rounds * frames;
        return out;
    },
};

(globalThis as unknown as { pixelGpu: typeof api }).pixelGpu = api;
export type PixelGpuApi = typeof api;
