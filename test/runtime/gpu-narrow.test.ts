/**
 * The CollisionSystem's GPU path in the cc test double, with the software GPU device
 * (test/browser/soft-device.ts: the shader evaluated in float32 on the CPU) standing in for the
 * engine's WebGL2 context: which pairs go to the GPU (modes, the AUTO cost rule), the readback
 * modes and the frame each event describes, and the fallbacks (no device, a retry, 'off', a lost
 * context). The device factory of the engine (gpu-cocos-device.ts) is tested for its reasons.
 */
import { EffectAsset, Node } from 'cc';
import {
    AUTO_GPU_MIN_CELLS, AUTO_GPU_MIN_PAIRS, CollisionSystem, createCocosGpuDevice, createEngineGfxDevice, createWebGL2Device, GfxGpuDevice, NarrowMode,
    PixelCollider, PixelMasks, autoPairIsHeavy,
} from 'db://pixel-collision/runtime/index';
import type { GpuDeviceResult, PixelContact } from 'db://pixel-collision/runtime/index';
import { AUTO_GPU_MAX_TILE_CELLS, MODE_AUTO, MODE_BOUNDS, MODE_CPU, MODE_GPU } from '../../extensions/pixel-collision/assets/runtime/gpu/gpu-narrow';
import { BitMask, CollisionWorld, affine } from '../../extensions/pixel-collision/assets/core';
import { SoftGpuDevice } from '../browser/soft-device';
import { SoftGfxBackend } from './soft-gfx-backend';
import { logs } from './cc';
import { frame, freshScene, sprite, texture, tick } from './helpers';

const full = (w: number, h: number) => texture(w, h, () => true);
const disc = (n: number) => texture(n, n, (x, y) => (x - n / 2 + 0.5) ** 2 + (y - n / 2 + 0.5) ** 2 < (n / 2) ** 2);
const system = () => CollisionSystem.instance;
const worldFrame = () => system().world.frame;

/** Records `type self-other count frame` for every event a collider gets. */
function listen(c: PixelCollider, log: string[]): void {
    for (const type of ['onPixelCollide', 'onPixelCollideStay', 'onPixelCollideEnd'] as const) {
        c.on(type, (self: PixelCollider, other: PixelCollider, contact: PixelContact) => {
            log.push(`${type.replace('onPixelCollide', '') || 'Enter'} ${self.isValid ? self.node.name : 'destroyed'}-${other.isValid ? other.node.name : 'destroyed'} ${contact.count} f${contact.frame}`);
        });
    }
}

/** A (NarrowMode.GPU) and B, overlapping 16x16 squares, with a log of A's events. */
function touchingGpuPair(): { a: ReturnType<typeof sprite>; log: string[] } {
    const tex = full(16, 16);
    const a = sprite('A', frame(tex), { x: 0 });
    sprite('B', frame(tex), { x: 10 });
    a.collider.mode = NarrowMode.GPU;
    const log: string[] = [];
    listen(a.collider, log);
    return { a, log };
}

let soft: SoftGpuDevice;
let factoryCalls = 0;
function useDevice(make: () => GpuDeviceResult): void {
    CollisionSystem.gpuDeviceFactory = () => { factoryCalls++; return make(); };
}

beforeEach(() => {
    freshScene();
    PixelMasks.clear();
    system().disposeGpu();
    system().gpu = 'nextFrame';
    soft = new SoftGpuDevice(4096, 0, Math.random, true);
    factoryCalls = 0;
    useDevice(() => ({ device: soft }));
});

afterAll(() => {
    system().disposeGpu();
    system().gpu = 'nextFrame';
});

describe('NarrowMode values and the AUTO cost rule', () => {
    test('the mode constants of gpu-narrow.ts are NarrowMode (serialized values)', () => {
        expect([MODE_AUTO, MODE_CPU, MODE_GPU, MODE_BOUNDS]).toEqual([NarrowMode.AUTO, NarrowMode.CPU, NarrowMode.GPU, NarrowMode.BOUNDS]);
    });

    test('heavy = both masks, one side rotated (not a quarter turn) with >= 128x128 sample cells, the smaller side <= 128x128 cells', () => {
        const w = new CollisionWorld();
        const big = new BitMask(128, 128), small = new BitMask(32, 32);
        const rot = (deg: number, s = 1) => { const r = deg * Math.PI / 180; return affine(s * Math.cos(r), s * Math.sin(r), -s * Math.sin(r), s * Math.cos(r), 0, 0); };
        const c = (m: BitMask, t = affine(1, 0, 0, 1, 0, 0)) => w.add({ shape: { kind: 'mask', mask: m }, transform: t });
        expect(AUTO_GPU_MIN_CELLS).toBe(128 * 128);
        expect(AUTO_GPU_MAX_TILE_CELLS).toBe(128 * 128);
        expect(AUTO_GPU_MIN_PAIRS).toBe(32);
        expect(autoPairIsHeavy(c(big, rot(30)), c(small, rot(10)), 1)).toBe(true);
        expect(autoPairIsHeavy(c(small, rot(10)), c(big, rot(30)), 1)).toBe(true); // either side
        expect(autoPairIsHeavy(c(big), c(small, rot(10)), 1)).toBe(false); // the large one is upright: zero-copy on the CPU
        expect(autoPairIsHeavy(c(small, rot(30)), c(small, rot(10)), 1)).toBe(false); // small sprites stay on the CPU
        // A quarter turn as setRotationFromEuler makes it (1e-16 where sin 180 should be 0).
        expect(autoPairIsHeavy(c(big, affine(-1, 1.2e-16, -1.2e-16, -1, 0, 0)), c(small, rot(10)), 1)).toBe(false);
        expect(autoPairIsHeavy(c(big, rot(90)), c(small, rot(10)), 1)).toBe(false);
        // Cells count the accuracy and the scale: 128^2 at accuracy 0.5 is 64^2 cells; 64^2 scaled 2x is 128^2.
        expect(autoPairIsHeavy(c(big, rot(30)), c(small, rot(10)), 0.5)).toBe(false);
        expect(autoPairIsHeavy(c(new BitMask(64, 64), rot(30, 2)), c(small), 1)).toBe(true);
        // Large against large: the tile is large, the GPU's cost grows with it (two 256^2: CPU).
        const huge = new BitMask(256, 256);
        expect(autoPairIsHeavy(c(huge, rot(30)), c(small, rot(10)), 1)).toBe(true); // a boss and a bullet
        expect(autoPairIsHeavy(c(huge, rot(30)), c(big), 1)).toBe(true); // the smaller side is 128^2
        expect(autoPairIsHeavy(c(huge, rot(30)), c(new BitMask(129, 128)), 1)).toBe(false);
        expect(autoPairIsHeavy(c(huge, rot(30)), c(huge, rot(10)), 1)).toBe(false);
        expect(autoPairIsHeavy(c(big, rot(30)), c(big, rot(10)), 2)).toBe(false); // 256^2 cells each at accuracy 2
        // Shapes never.
        expect(autoPairIsHeavy(w.add({ shape: { kind: 'box', width: 500, height: 500 }, transform: rot(30) }), c(big, rot(30)), 1)).toBe(false);
    });
});

describe("gpu = 'nextFrame' (default)", () => {
    test('a GPU collider builds the GPU path lazily; events come one step late and contact.frame names the frame they describe', () => {
        const tex = full(16, 16);
        const a = sprite('A', frame(tex), { x: 0 });
        const b = sprite('B', frame(tex), { x: 40 });
        a.collider.mode = NarrowMode.GPU;
        const log: string[] = [];
        listen(a.collider, log);
        expect(system().gpu).toBe('nextFrame');
        expect(system().gpuStatus).toBe('idle');
        tick(); // no candidate pair yet
        expect(factoryCalls).toBe(1);
        expect(system().gpuStatus).toBe('active');
        b.node.setPosition(10, 0, 0);
        tick();
        const f2 = worldFrame();
        tick();
        const f3 = worldFrame();
        tick();
        const f4 = worldFrame();
        b.node.setPosition(40, 0, 0);
        tick(); // answers frame f4 (A-B touching then, no candidate now: handed over late)
        tick();
        // Turning on: frame f2 is answered on the CPU at once, then by the GPU again (a repeat).
        expect(log).toEqual([
            `Enter A-B 96 f${f2}`,
            `Stay A-B 96 f${f2}`,
            `Stay A-B 96 f${f3}`,
            `Stay A-B 96 f${f4}`,
            `End A-B 96 f${f4}`,
        ]);
        const gpu = system().gpuNarrowPhase!;
        expect(gpu.readback).toBe('nextFrame');
        expect(soft.asyncStarts).toBeGreaterThanOrEqual(2);
        expect(soft.reads).toBe(0); // never a synchronous read
        expect(factoryCalls).toBe(1);
    });

    test("a touch that lasts one frame: Enter, then End a step later, both one step after the frame they describe", () => {
        const tex = full(16, 16);
        const a = sprite('A', frame(tex), { x: 0 });
        const b = sprite('B', frame(tex), { x: 40 });
        // C and D touch all along: the GPU path runs and has a frame on its way every step.
        const c = sprite('C', frame(tex), { x: 300 });
        sprite('D', frame(tex), { x: 305 });
        a.collider.mode = NarrowMode.GPU;
        c.collider.mode = NarrowMode.GPU;
        const log: string[] = [];
        listen(a.collider, log);
        tick();
        tick();
        b.node.setPosition(10, 0, 0);
        tick();
        const f = worldFrame();
        b.node.setPosition(40, 0, 0); // the next frame: boxes apart, A-B is no candidate any more
        tick();
        expect(log).toEqual([`Enter A-B 96 f${f}`]);
        tick();
        tick();
        expect(log).toEqual([`Enter A-B 96 f${f}`, `End A-B 96 f${f}`]);
        expect(system().gpuNarrowPhase!.stats.totalLateUnmatchedHits).toBe(1);
    });

    test('a CPU pair of a GPU step is decided inside the GPU narrow phase and reported with the same frame as the GPU pairs', () => {
        const tex = full(16, 16);
        const g = sprite('G', frame(tex), { x: 0 });
        const c = sprite('C', frame(tex), { x: 10 });
        const u = sprite('U', frame(tex), { x: -10 });
        g.collider.mode = NarrowMode.GPU;
        c.collider.mode = NarrowMode.CPU; // CPU wins over GPU
        // U is AUTO: with a GPU collider it follows the GPU side (G-U on the GPU).
        const log: string[] = [];
        listen(g.collider, log);
        tick();
        tick();
        tick();
        const f = worldFrame();
        const st = system().gpuNarrowPhase!.stats;
        expect(st.gpuPairs).toBe(1); // G-U
        expect(st.cpuRule).toBe(1); // G-C
        expect(log.slice(-2).sort()).toEqual([`Stay G-C 96 f${f - 1}`, `Stay G-U 96 f${f - 1}`]);
    });

    test('answers equal the CPU system\'s, one step later (rotated disc sprites moving every frame), one-frame touches included', () => {
        const handedOver: number[] = [];
        const run = (gpu: 'off' | 'nextFrame'): string[][] => {
            freshScene();
            system().disposeGpu();
            system().gpu = gpu;
            const tex = disc(24);
            const nodes = [0, 1, 2, 3].map((i) => sprite(`S${i}`, frame(tex), { x: i * 15, angle: 17 * i + 5 }));
            for (const n of nodes) n.collider.mode = NarrowMode.GPU;
            const steps: string[][] = [];
            for (let k = 0; k < 8; k++) {
                nodes.forEach((n, i) => { n.node.setPosition(i * 15 + Math.sin(k + i) * 6, Math.cos(k * 0.7 + i) * 4, 0); n.node.setRotationFromEuler(0, 0, 17 * i + 9 * k); });
                tick();
                handedOver.push(system().gpuNarrowPhase?.stats.lateHandedOver ?? 0);
                const s: string[] = [];
                for (const n of nodes) for (let j = 0; j < n.collider.contactCount; j++) {
                    const ct = n.collider.getContact(j)!;
                    s.push(`${n.node.name}-${n.collider.getTouching(j)!.node.name} ${ct.count} ${ct.centroid.x.toFixed(6)},${ct.centroid.y.toFixed(6)} ${ct.normal.x.toFixed(6)}`);
                }
                steps.push(s.sort());
            }
            return steps;
        };
        const cpu = run('off');
        handedOver.length = 0;
        const late = run('nextFrame');
        // Step k + 1 of the GPU run reports the frame of step k (the turn-on step answers itself),
        // a hit of frame k whose pair is no longer a candidate in step k + 1 (its boxes separated)
        // included: the GPU narrow phase hands it over (late()) and the world reports it.
        expect(late[0]).toEqual(cpu[0]);
        for (let k = 1; k < 7; k++) expect(late[k + 1]).toEqual(cpu[k]);
        expect(cpu.flat().length).toBeGreaterThan(10);
        void handedOver;
    });

    test('a lost context: those frames are decided on the CPU inside the GPU narrow phase (same answers); restored: the atlas is uploaded again', () => {
        const { log } = touchingGpuPair();
        tick();
        tick();
        soft.lose();
        tick();
        expect(system().gpuNarrowPhase!.stats.cpuLost).toBe(1);
        tick();
        soft.restore();
        const uploads = system().gpuNarrowPhase!.atlas.uploads;
        tick();
        tick();
        expect(system().gpuNarrowPhase!.stats.gpuPairs).toBe(1);
        expect(system().gpuNarrowPhase!.atlas.uploads).toBeGreaterThan(uploads);
        expect(log.every((l) => / 96 f\d+$/.test(l))).toBe(true);
        expect(log.filter((l) => l.startsWith('End'))).toEqual([]);
        expect(log).toHaveLength(6);
    });
});

describe("gpu = 'sameFrame' and 'off'", () => {
    test("'sameFrame': events in the step of their frame, drawn and read synchronously", () => {
        system().gpu = 'sameFrame';
        const { log } = touchingGpuPair();
        tick();
        const f1 = worldFrame();
        tick();
        expect(log).toEqual([`Enter A-B 96 f${f1}`, `Stay A-B 96 f${f1 + 1}`]);
        expect(soft.reads).toBe(2);
        expect(system().gpuNarrowPhase!.readback).toBe('sameFrame');
    });

    test("'off': the device factory is never called; GPU colliders are decided on the CPU in their frame", () => {
        system().gpu = 'off';
        const { log } = touchingGpuPair();
        tick();
        expect(log).toEqual([`Enter A-B 96 f${worldFrame()}`]);
        expect(factoryCalls).toBe(0);
        expect(system().gpuStatus).toBe('off');
    });

    test('a bad setting is refused with the allowed values', () => {
        expect(() => { system().gpu = 'fast' as never; }).toThrow(/'off', 'nextFrame' or 'sameFrame'/);
    });

    test("switching 'nextFrame' -> 'off' drops the pending frame; the next step answers its own frame", () => {
        const { log } = touchingGpuPair();
        tick();
        tick();
        system().gpu = 'off';
        tick();
        const f = worldFrame();
        expect(log[log.length - 1]).toBe(`Stay A-B 96 f${f}`);
        expect(log.filter((l) => l.startsWith('End'))).toEqual([]);
    });
});

describe('fallbacks', () => {
    test('no device: one warning naming the reason, the factory is asked once, everything on the CPU in its own frame', () => {
        useDevice(() => ({ device: null, reason: 'the engine renders with WebGPU: no WebGL2 context' }));
        const { a, log } = touchingGpuPair();
        tick();
        const f1 = worldFrame();
        tick();
        tick();
        expect(log).toEqual([`Enter A-B 96 f${f1}`, `Stay A-B 96 f${f1 + 1}`, `Stay A-B 96 f${f1 + 2}`]);
        expect(factoryCalls).toBe(1);
        const warnings = logs.warn.filter((w) => /GPU narrow phase is not available/.test(w));
        expect(warnings).toHaveLength(1);
        expect(warnings[0]).toMatch(/WebGPU/);
        expect(system().gpuStatus).toBe('unavailable');
        expect(system().gpuUnavailableReason).toMatch(/WebGPU/);
        expect(system().gpuNarrowPhase).toBeNull();
    });

    test('a readback that returns without writing the pixels: that frame decided on the CPU, then the CPU for good, one warning', () => {
        soft.silentReads = true;
        const { log } = touchingGpuPair();
        tick(); // turning on: this frame answered on the CPU, planned on the GPU
        const f1 = worldFrame();
        tick(); // the GPU's answers for f1: the readback writes nothing (canary), so the CPU decides f1
        expect(system().gpuNarrowPhase!.stats.brokenReadbacks).toBe(1);
        tick(); // the GPU path is dropped: CPU in its own frame (the frame planned in the step before is never reported)
        const f3 = worldFrame();
        tick();
        expect(log).toEqual([`Enter A-B 96 f${f1}`, `Stay A-B 96 f${f1}`, `Stay A-B 96 f${f3}`, `Stay A-B 96 f${f3 + 1}`]);
        const warnings = logs.warn.filter((w) => /GPU narrow phase stopped/.test(w));
        expect(warnings).toHaveLength(1);
        expect(warnings[0]).toMatch(/readback returned without writing/);
        expect(system().gpuStatus).toBe('unavailable');
        expect(system().gpuNarrowPhase).toBeNull();
        expect(factoryCalls).toBe(1);
    });

    test('a factory that throws counts as no device (one warning), never an exception in the step', () => {
        useDevice(() => { throw new Error('shader did not compile'); });
        const a = sprite('A', frame(full(8, 8)));
        a.collider.mode = NarrowMode.GPU;
        expect(() => { tick(); tick(); }).not.toThrow();
        expect(logs.warn.filter((w) => /shader did not compile/.test(w))).toHaveLength(1);
    });

    test('"retry" (no engine device yet): no warning, asked again next step, then used', () => {
        let n = 0;
        useDevice(() => (++n < 3 ? { device: null, reason: 'the engine has no graphics device yet', retry: true } : { device: soft }));
        const tex = full(16, 16);
        const a = sprite('A', frame(tex), { x: 0 });
        sprite('B', frame(tex), { x: 10 });
        a.collider.mode = NarrowMode.GPU;
        tick();
        tick();
        expect(system().gpuNarrowPhase).toBeNull();
        tick();
        tick();
        expect(factoryCalls).toBe(3);
        expect(system().gpuNarrowPhase!.stats.gpuPairs).toBe(1);
        expect(logs.warn.filter((w) => /not available/.test(w))).toEqual([]);
    });

    test("'nextFrame' on a device without non-blocking readback: 'sameFrame', one warning", () => {
        const sync = new SoftGpuDevice(4096, 0, Math.random, false);
        useDevice(() => ({ device: sync }));
        const a = sprite('A', frame(full(16, 16)), { x: 0 });
        sprite('B', frame(full(16, 16)), { x: 10 });
        a.collider.mode = NarrowMode.GPU;
        tick();
        tick();
        expect(system().gpuNarrowPhase!.readback).toBe('sameFrame');
        expect(logs.warn.filter((w) => /cannot read back without stalling/.test(w))).toHaveLength(1);
        expect(sync.reads).toBe(2);
    });
});

describe('AUTO colliders', () => {
    /** One large rotated boss and `n` small bullets on it (a grid inside its disc), all AUTO. */
    function bossAndBullets(n: number): { boss: Node } {
        const boss = sprite('Boss', frame(disc(128)), { x: 0, angle: 30 });
        const bt = disc(12);
        for (let i = 0; i < n; i++) sprite(`b${i}`, frame(bt), { x: -40 + 10 * (i % 9), y: -20 + 10 * Math.floor(i / 9), angle: 11 * i });
        return { boss: boss.node };
    }

    test(`${AUTO_GPU_MIN_PAIRS} heavy pairs in a step turn the GPU path on; small pairs stay on the CPU in it`, () => {
        bossAndBullets(AUTO_GPU_MIN_PAIRS);
        sprite('s1', frame(full(8, 8)), { x: 300 });
        sprite('s2', frame(full(8, 8)), { x: 304, angle: 20 });
        tick();
        tick();
        expect(factoryCalls).toBe(1);
        const st = system().gpuNarrowPhase!.stats;
        expect(st.gpuPairs).toBe(AUTO_GPU_MIN_PAIRS);
        expect(st.cpuRule).toBeGreaterThanOrEqual(1); // s1-s2, and bullet-bullet pairs
        expect(system().gpuStatus).toBe('active');
    });

    test(`${AUTO_GPU_MIN_PAIRS - 1} heavy pairs: the CPU (no device is even made)`, () => {
        bossAndBullets(AUTO_GPU_MIN_PAIRS - 1);
        tick();
        tick();
        expect(factoryCalls).toBe(0);
        expect(system().gpuStatus).toBe('idle');
    });

    test(`'sameFrame': AUTO pairs stay on the CPU however many (the GPU never paid in same-frame mode)`, () => {
        system().gpu = 'sameFrame';
        bossAndBullets(AUTO_GPU_MIN_PAIRS + 2);
        tick();
        tick();
        expect(factoryCalls).toBe(0);
        expect(system().gpuStatus).toBe('idle');
    });

    test('a step in which no pair can be heavy looks at no pair for the GPU; growing a sprite or the accuracy makes it look again', () => {
        const narrow = () => (system() as unknown as { _narrow: { mayBeHeavy: boolean } })._narrow;
        // 64² disc: 4,096 texels, a quarter of the AUTO rule's cells at accuracy 1.
        const a = sprite('A', frame(disc(64)), { x: 0, angle: 30 });
        const b = sprite('B', frame(disc(12)), { x: 20, angle: 10 });
        tick();
        expect(narrow().mayBeHeavy).toBe(false);
        // A partner's accuracy 2 samples the pair at 2: 4,096 x 4 cells, the rule's threshold.
        b.collider.accuracy = 2;
        tick();
        expect(64 * 64 * 4).toBe(AUTO_GPU_MIN_CELLS);
        expect(narrow().mayBeHeavy).toBe(true);
        b.collider.accuracy = 1;
        tick();
        expect(narrow().mayBeHeavy).toBe(false);
        // Scaled 2x: 4x the cells.
        a.node.setScale(2, 2, 1);
        tick();
        expect(narrow().mayBeHeavy).toBe(true);
    });

    test('a boss that grows into the rule turns the GPU path on although the steps before looked at no pair', () => {
        const { boss } = bossAndBullets(AUTO_GPU_MIN_PAIRS);
        boss.setScale(0.4, 0.4, 1); // 128² x 0.16: about 2,600 cells, light
        tick();
        tick();
        expect(factoryCalls).toBe(0);
        expect((system() as unknown as { _narrow: { mayBeHeavy: boolean } })._narrow.mayBeHeavy).toBe(false);
        boss.setScale(1, 1, 1);
        tick();
        tick();
        expect(factoryCalls).toBe(1);
        expect(system().gpuStatus).toBe('active');
    });

    test('an upright boss keeps its pairs on the CPU (it is read in place there)', () => {
        const { boss } = bossAndBullets(AUTO_GPU_MIN_PAIRS + 2);
        boss.setRotationFromEuler(0, 0, 0);
        tick();
        expect(factoryCalls).toBe(0);
    });
});

describe('createCocosGpuDevice (the engine device factory)', () => {
    function withEngine(root: unknown, body: () => void, native = false): void {
        const cc = jest.requireActual('./cc') as { director: { root?: unknown }; gfx: Record<string, unknown>; sys: { isNative: boolean } };
        const saved = { root: cc.director.root, gfx: { ...cc.gfx }, native: cc.sys.isNative };
        Object.assign(cc.gfx, { API: { UNKNOWN: 0, GLES2: 1, GLES3: 2, METAL: 3, VULKAN: 4, NVN: 5, WEBGL: 6, WEBGL2: 7, WEBGPU: 8 } });
        cc.director.root = root;
        cc.sys.isNative = native;
        try { body(); } finally {
            cc.director.root = saved.root;
            cc.sys.isNative = saved.native;
            for (const k of Object.keys(cc.gfx)) delete cc.gfx[k];
            Object.assign(cc.gfx, saved.gfx);
        }
    }

    test('no engine device yet: retry; WebGPU, WebGL1, native, a context without WebGL2 functions: null with the reason', () => {
        withEngine(undefined, () => expect(createWebGL2Device()).toMatchObject({ device: null, retry: true }));
        withEngine({ device: { gfxAPI: 8 } }, () => expect(createWebGL2Device().reason).toMatch(/WebGPU/));
        withEngine({ device: { gfxAPI: 6 } }, () => expect(createWebGL2Device().reason).toMatch(/WebGL1.*texelFetch/));
        withEngine({ device: { gfxAPI: 4 } }, () => expect(createWebGL2Device().reason).toMatch(/gfx API 4/));
        withEngine({ device: { gfxAPI: 7 } }, () => expect(createWebGL2Device().reason).toMatch(/exposes no context/));
        withEngine({ device: { gfxAPI: 7, gl: { texStorage2D() {} } } }, () => expect(createWebGL2Device().reason).toMatch(/lacks WebGL2 functions \(vertexAttribIPointer/));
        withEngine({ device: { gfxAPI: 7 } }, () => expect(createWebGL2Device().reason).toMatch(/native platforms/), true);
    });

    test("the engine-gfx device: no engine device yet: retry; WebGPU: null; pixel-collide.effect not loaded: null, saying how to set it", () => {
        withEngine(undefined, () => expect(createEngineGfxDevice()).toMatchObject({ device: null, retry: true }));
        withEngine({ device: { gfxAPI: 8 } }, () => expect(createEngineGfxDevice().reason).toMatch(/WebGPU.*mapAsync/));
        withEngine({ device: { gfxAPI: 6 } }, () => expect(createEngineGfxDevice().reason).toMatch(/pixel-collide\.effect is not loaded.*CollisionSystem\.instance\.gpuEffect/));
    });

    test("'auto' tries the raw WebGL2 device, then the engine-gfx device, and names both reasons; 'webgl2' / 'engine' try one", () => {
        try {
            withEngine({ device: { gfxAPI: 6 } }, () => {
                const r = createCocosGpuDevice();
                expect(r.device).toBeNull();
                expect(r.reason).toMatch(/WebGL1.*texelFetch.*; and the engine-gfx backend: pixel-collide\.effect is not loaded/);
            });
            CollisionSystem.gpuBackend = 'webgl2';
            withEngine({ device: { gfxAPI: 6 } }, () => expect(createCocosGpuDevice().reason).not.toMatch(/engine-gfx/));
            CollisionSystem.gpuBackend = 'engine';
            withEngine({ device: { gfxAPI: 6 } }, () => expect(createCocosGpuDevice().reason).toMatch(/^pixel-collide\.effect is not loaded/));
            // An effect registered under Creator's path-like name is found; this double cannot build
            // a Material from it, so the backend reports that it could not start (no exception).
            const effect = Object.assign(new EffectAsset(), { name: '../pixel-collision/effects/pixel-collide' });
            EffectAsset.register(effect);
            try {
                withEngine({ device: { gfxAPI: 6, capabilities: {} } }, () => expect(createCocosGpuDevice().reason).toMatch(/engine-gfx backend could not start/));
            } finally { EffectAsset.remove(effect); }
            expect(() => { CollisionSystem.gpuBackend = 'gl' as any; }).toThrow(/'auto', 'webgl2' or 'engine'/);
        } finally { CollisionSystem.gpuBackend = 'auto'; }
    });
});

describe('AUTO colliders on the engine-gfx device', () => {
    test('its deferred read still blocks, so AUTO pairs stay on the CPU (GPU colliders still use it)', () => {
        const dev = new GfxGpuDevice(new SoftGfxBackend());
        useDevice(() => ({ device: dev }));
        const boss = sprite('Boss', frame(disc(128)), { x: 0, angle: 30 });
        const bt = disc(12);
        for (let i = 0; i < AUTO_GPU_MIN_PAIRS + 4; i++) sprite(`b${i}`, frame(bt), { x: -40 + 10 * (i % 9), y: -20 + 10 * Math.floor(i / 9), angle: 11 * i });
        tick();
        tick();
        tick();
        // The heavy pairs asked for the GPU path once (the device is made then); from then on they stay on the CPU.
        expect(factoryCalls).toBe(1);
        expect(system().gpuNarrowPhase?.stats.gpuPairs ?? 0).toBe(0);
        boss.collider.mode = NarrowMode.GPU;
        tick();
        tick();
        expect(system().gpuStatus).toBe('active');
        expect(system().gpuNarrowPhase!.stats.gpuPairs).toBeGreaterThanOrEqual(AUTO_GPU_MIN_PAIRS);
        expect(dev.deferredReads).toBeGreaterThan(0);
    });
});
