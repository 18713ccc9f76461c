// Costs of the GPU backends against the CPU in the real engine (run by hand with the engine harness, never in
// CI): P pairs of overlapping rotated S x S sprites (each pair far from the others, both sprites turning a
// little every frame, so the CPU rasterizes them every step), all colliders NarrowMode.GPU, for
// P in PC_PAIRS ([50, 200]) and S in PC_SIZES ([48, 128]); per configuration: the CPU (gpu 'off'), then each
// backend available here ('webgl2' on WebGL2 only, 'engine' everywhere) in 'sameFrame' and 'nextFrame'.
// Per run, after PC_WARM warm-up frames, PC_FRAMES measured frames:
//   step   = time inside CollisionSystem.step (the collision step: what blocks the main thread for it,
//            readback waits included)
//   frame  = wall time of the frame (director tick, the engine's rendering included) from EVENT_BEGIN_FRAME
//            to EVENT_END_FRAME
// The answers are checked too: every run's touching-pair count per described frame equals the CPU's.
//
//   node ../shared/engine-harness/run.mjs test/engine/gpu-engine-backend.ts --effect <pixel-collide.effect> [--webgl1] --timeout 900
//   node ../shared/native-harness/run.mjs test/engine/gpu-engine-backend.ts --effect <pixel-collide.effect> --timeout 900
//   (natively scripts have no GL context: the GL error check is left to the debug build's gfx validator,
//   which aborts the run on a misuse)
import { director, Director } from 'cc';
import { CollisionSystem, GfxGpuDevice, GlGpuDevice, NarrowMode, PixelCollider } from 'db://pixel-collision/runtime/index';
import { makeCanvas, makeSprite, shape, spriteFrame } from './gpu-scene';

declare const done: (ok: boolean, message?: string) => void;
const G = globalThis as any;

export default async function main(h: any) {
    const PAIRS: number[] = G.PC_PAIRS ?? [50, 200];
    const SIZES: number[] = G.PC_SIZES ?? [48, 128];
    const WARM: number = G.PC_WARM ?? 5, FRAMES: number = G.PC_FRAMES ?? 20;
    const backends: ('webgl2' | 'engine')[] = h.webgl1 || h.native ? ['engine'] : ['webgl2', 'engine']; // raw WebGL2 needs a browser's context
    const canvasNode = makeCanvas(h.width, h.height);
    const sys = CollisionSystem.instance;
    const gl: WebGLRenderingContext | undefined = (director.root as any).device.gl; // none natively
    const rows: string[] = [];
    const problems: string[] = [];

    // timing hooks
    let stepMs = 0, frameStart = 0, frameMs = 0;
    const origStep = sys.step.bind(sys);
    (sys as any).step = () => { const t = performance.now(); origStep(); stepMs += performance.now() - t; };
    const onBegin = () => { frameStart = performance.now(); };
    const onEnd = () => { frameMs += performance.now() - frameStart; };
    director.on(Director.EVENT_BEGIN_FRAME, onBegin);
    director.on(Director.EVENT_END_FRAME, onEnd);

    for (const S of SIZES) {
        const sf = [spriteFrame(shape(2, S, S), S, S, [200, 90, 60]), spriteFrame(shape(0, S, S), S, S, [60, 90, 200])];
        for (const P of PAIRS) {
            const runs: { label: string; gpu: 'off' | 'sameFrame' | 'nextFrame'; backend: 'webgl2' | 'engine' | null }[] = [{ label: 'CPU', gpu: 'off', backend: null }];
            for (const b of backends) for (const m of ['sameFrame', 'nextFrame'] as const) runs.push({ label: `${b === 'webgl2' ? 'raw WebGL2' : 'engine gfx'} ${m}`, gpu: m, backend: b });
            let cpuTouch: Map<number, number> | null = null;
            let cpuStep = 0;
            for (const r of runs) {
                sys.disposeGpu();
                if (r.backend) CollisionSystem.gpuBackend = r.backend;
                sys.gpu = r.gpu;
                const nodes: any[] = [];
                const touch = new Map<number, number>();
                let counting = false;
                for (let p = 0; p < P; p++) {
                    const gx = (p % 20) * 3 * S, gy = Math.floor(p / 20) * 3 * S;
                    for (let k = 0; k < 2; k++) {
                        const n = makeSprite(`p${p}_${k}`, sf[k], canvasNode);
                        n.setPosition(gx + k * S * 0.45, gy + k * S * 0.2, 0);
                        n.angle = 17 + 31 * k + p;
                        const col = n.addComponent(PixelCollider);
                        col.mode = NarrowMode.GPU;
                        if (k === 0) {
                            const count = (_s: PixelCollider, _o: PixelCollider, c: any) => { if (counting) touch.set(c.frame, (touch.get(c.frame) ?? 0) + 1); };
                            col.on('onPixelCollide' as any, count);
                            col.on('onPixelCollideStay' as any, count);
                        }
                        nodes.push(n);
                    }
                }
                const spin = () => { for (let i = 0; i < nodes.length; i++) nodes[i].angle += 1.5 + (i & 1); };
                director.on(Director.EVENT_BEFORE_UPDATE, spin);
                await h.frames(WARM);
                const start = sys.frame;
                stepMs = 0; frameMs = 0; counting = true;
                await h.frames(FRAMES);
                const step = stepMs / FRAMES, frame = frameMs / FRAMES;
                counting = false;
                director.off(Director.EVENT_BEFORE_UPDATE, spin);
                const dev = sys.gpuNarrowPhase ? (sys.gpuNarrowPhase as any)._device : null;
                const devName = dev instanceof GlGpuDevice ? 'raw WebGL2' : dev instanceof GfxGpuDevice ? 'engine gfx' : '-';
                if (r.backend && devName === '-') problems.push(`${S}² x ${P} ${r.label}: no GPU device (${sys.gpuUnavailableReason})`);
                // compare touching counts per described frame with the CPU (frames both measured)
                const rel = new Map<number, number>();
                for (const [f, n] of touch) rel.set(f - start, n);
                if (!cpuTouch) { cpuTouch = rel; cpuStep = step; } else {
                    for (const [f, n] of cpuTouch) if (rel.has(f) && rel.get(f) !== n) problems.push(`${S}² x ${P} ${r.label}: frame ${f}: ${rel.get(f)} touching pairs, CPU ${n}`);
                }
                const pairsTouching = Math.round([...rel.values()].reduce((a, b) => a + b, 0) / Math.max(1, rel.size));
                rows.push(`| ${S}² rotated | ${P} | ${r.label} | ${step.toFixed(2)} | ${frame.toFixed(2)} | ${r.backend ? (cpuStep / step).toFixed(2) + 'x' : '1x'} | ${pairsTouching} |`);
                console.log(rows[rows.length - 1]);
                for (const n of nodes) n.destroy();
                await h.frames(2);
            }
        }
    }
    director.off(Director.EVENT_BEGIN_FRAME, onBegin);
    director.off(Director.EVENT_END_FRAME, onEnd);
    const err = gl ? gl.getError() : 0;
    if (err !== 0) problems.push(`gl.getError() ${err}`);
    if (!gl) console.log('gl.getError() not checked: no GL context for scripts in the native engine (its gfx validator checks the calls)');
    console.log(`\n${h.gfxApi}, ${FRAMES} frames after ${WARM} warm-up frames; step = collision step (blocked), frame = whole frame, speed = CPU step / this step\n`);
    console.log('| sprites | pairs | path | step ms | frame ms | speed vs CPU | touching |');
    console.log('|---|---|---|---|---|---|---|');
    for (const r of rows) console.log(r);
    for (const p of problems.slice(0, 20)) console.log(`PROBLEM ${p}`);
    done(problems.length === 0, `${rows.length} runs on ${h.gfxApi}, ${problems.length} problem(s)`);
}
