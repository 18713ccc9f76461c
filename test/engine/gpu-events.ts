// GPU vs CPU event streams in the real engine (run by hand with the engine harness, never in CI):
// 150 moving, rotating 48x48 sprites, every collider NarrowMode.GPU, run on the CPU (gpu 'off') and then
// on the GPU backend in 'sameFrame' and 'nextFrame' readback; the events (type, both sides, count,
// centroid, normal), keyed by the frame they describe (contact.frame), must be the same. Also checks that
// the engine's own rendering is untouched (a witness sprite drawn by a camera into a RenderTexture, read
// back before and after) and that the GL context reports no error.
//
//   node ../shared/engine-harness/run.mjs test/engine/gpu-events.ts [--set PC_BACKEND='"engine"'] [--webgl1]
//   node ../shared/native-harness/run.mjs test/engine/gpu-events.ts --effect extensions/pixel-collision/assets/effects/pixel-collide.effect
//   PC_BACKEND: 'webgl2' (default on WebGL2) or 'engine' (the only one on WebGL1 and in the native engine,
//   which gives scripts no GL context: there the GL error check is left to the debug build's gfx validator,
//   which aborts the run on a misuse); PC_N sprites (150),
//   PC_STEPS steps per run (40). Chromium's WebGL warnings show as [console.warn] lines: check-gpu-engine.mjs
//   runs this entry and fails on a READ-usage buffer warning.
import { director } from 'cc';
import { CollisionSystem, GfxGpuDevice, GlGpuDevice, NarrowMode, PixelCollider } from 'db://pixel-collision/runtime/index';
import type { PixelContact } from 'db://pixel-collision/runtime/index';
import { makeCanvas, makeSprite, makeWitness, pose, shape, spriteFrame } from './gpu-scene';

declare const done: (ok: boolean, message?: string) => void;
const G = globalThis as any;

export default async function main(h: any) {
    const W = h.width, H = h.height;
    const N: number = G.PC_N ?? 150, STEPS: number = G.PC_STEPS ?? 40;
    const backend: 'webgl2' | 'engine' = G.PC_BACKEND ?? (h.webgl1 || h.native ? 'engine' : 'webgl2');
    const canvasNode = makeCanvas(W, H);
    const witness = makeWitness(canvasNode);
    const sys = CollisionSystem.instance;
    CollisionSystem.gpuBackend = backend;
    const frames = [0, 1, 2].map((k) => spriteFrame(shape(k, 48, 48), 48, 48, [60 + 60 * k, 200 - 50 * k, 120]));
    // The web device's GL context; the native engine gives scripts none (its validator checks instead).
    const gl: WebGLRenderingContext | undefined = (director.root as any).device.gl;
    const problems: string[] = [];

    await h.frames(3);
    const witnessBefore = witness.read().slice();

    /** One run: fresh sprites, STEPS steps, events keyed by the frame they describe. */
    async function run(label: string, gpu: 'off' | 'sameFrame' | 'nextFrame'): Promise<{ events: Map<string, string>; ms: number; device: string }> {
        sys.disposeGpu();
        sys.gpu = gpu;
        const nodes: any[] = [];
        const events = new Map<string, string>();
        let start = -1, recording = false;
        for (let i = 0; i < N; i++) {
            const node = makeSprite(`s${i}`, frames[i % 3], canvasNode);
            const p = pose(i, 0, W, H);
            node.setPosition(p.x, p.y, 0);
            node.angle = p.deg;
            const col = node.addComponent(PixelCollider);
            col.mode = NarrowMode.GPU;
            for (const type of ['onPixelCollide', 'onPixelCollideStay', 'onPixelCollideEnd']) {
                col.on(type as any, (self: PixelCollider, other: PixelCollider, c: PixelContact) => {
                    if (!recording) return;
                    const described = c.frame - start;
                    const key = `${described}|${self.node.name}|${other.node.name}`;
                    if (events.has(key)) return; // 'nextFrame' turning on: the first frame is answered twice (CPU, then GPU)
                    const k = type === 'onPixelCollide' ? 'enter' : type === 'onPixelCollideStay' ? 'stay' : 'end';
                    const ce = c.centroid, n = c.normal;
                    events.set(key, type === 'onPixelCollideEnd' ? k : `${k} ${c.count} (${ce.x}, ${ce.y}) (${n.x}, ${n.y})`);
                });
            }
            nodes.push(node);
        }
        await h.frames(1);
        let t = 0;
        const move = () => {
            t++;
            for (let i = 0; i < N; i++) { const p = pose(i, t, W, H); nodes[i].setPosition(p.x, p.y, 0); nodes[i].angle = p.deg; }
        };
        start = sys.frame;
        recording = true;
        const t0 = performance.now();
        const extra = gpu === 'nextFrame' ? 1 : 0;
        let stalls = 0;
        for (let s = 0; s < STEPS + extra; s++) { move(); await h.frames(1); stalls += sys.gpuNarrowPhase?.stats.readStalls ?? 0; }
        const ms = performance.now() - t0;
        recording = false;
        const dev = sys.gpuNarrowPhase ? ((sys.gpuNarrowPhase as any)._device) : null;
        const device = dev instanceof GlGpuDevice ? 'raw WebGL2' : dev instanceof GfxGpuDevice ? 'engine gfx' : dev ? 'other' : 'none';
        const st = sys.gpuNarrowPhase?.stats;
        console.log(`${label}: ${events.size} events over ${STEPS} described frames in ${ms.toFixed(0)} ms, gpuStatus ${sys.gpuStatus}, device ${device}` +
            (st ? `, last step: ${st.gpuPairs} GPU pairs, ${st.pages} page(s), brokenReadbacks ${st.brokenReadbacks}; read stalls over the run ${stalls}` : ''));
        for (const n of nodes) n.destroy();
        await h.frames(2);
        // keep described frames 1..STEPS only (both runs have them)
        for (const k of [...events.keys()]) { const f = Number(k.split('|')[0]); if (f < 1 || f > STEPS) events.delete(k); }
        return { events, ms, device };
    }

    const cpu = await run('CPU', 'off');
    const results: string[] = [`CPU ${cpu.events.size} events`];
    for (const mode of ['sameFrame', 'nextFrame'] as const) {
        const g = await run(`GPU ${backend} ${mode}`, mode);
        if (g.device === 'none') problems.push(`${mode}: no GPU device (${sys.gpuUnavailableReason})`);
        let diff = 0;
        for (const [k, v] of cpu.events) {
            const w = g.events.get(k);
            if (w !== v) { if (diff++ < 8) problems.push(`${mode}: ${k}: CPU ${v}, GPU ${w ?? '(none)'}`); }
        }
        for (const [k, v] of g.events) if (!cpu.events.has(k)) { if (diff++ < 8) problems.push(`${mode}: ${k}: GPU ${v}, CPU (none)`); }
        results.push(`${mode} (${g.device}) ${g.events.size} events, ${diff} differ`);
        if (diff > 8) problems.push(`${mode}: ${diff} differences in all`);
    }
    if (cpu.events.size < 50) problems.push(`only ${cpu.events.size} CPU events: the scene does not collide enough`);

    await h.frames(2);
    const witnessAfter = witness.read();
    let px = 0, opaque = 0;
    for (let i = 0; i < witnessBefore.length; i += 4) {
        if (witnessBefore[i] !== witnessAfter[i] || witnessBefore[i + 1] !== witnessAfter[i + 1] || witnessBefore[i + 2] !== witnessAfter[i + 2]) px++;
        if (witnessBefore[i] === 250 && witnessBefore[i + 1] === 200) opaque++;
    }
    if (px) problems.push(`the witness sprite's pixels changed after the GPU path ran (${px} pixels)`);
    if (opaque < 200) problems.push(`the witness camera drew ${opaque} sprite pixels: it does not see the sprite`);
    const err = gl ? gl.getError() : 'not checked (no GL context for scripts in the native engine)';
    if (gl && err !== 0) problems.push(`gl.getError() ${err}`);
    console.log(`witness: ${opaque} sprite pixels of ${witness.size}x${witness.size}, ${px} changed; gl.getError() ${err}`);
    for (const p of problems) console.log(`PROBLEM ${p}`);
    done(problems.length === 0, `${h.gfxApi}, backend ${backend}: ${results.join('; ')}; ${problems.length} problem(s)`);
}
