/**
 * Page script of test/browser/allocation.test.ts: exposes `globalThis.pixelAlloc`, which plays a
 * collision world scene frame by frame in the page (Chromium's own V8 tiers) and measures, with
 * `performance.memory.usedJSHeapSize` (byte-exact only under --enable-precise-memory-info), how
 * much the JS heap grows inside each `world.step()` once the scene is warm.
 */
import { CollisionWorld } from '../../extensions/pixel-collision/assets/core';
import { movingWorld, rotatingSprites } from '../fixtures/scenes';
import type { MovingWorld } from '../fixtures/scenes';

export type SceneName = 'crowd, listener reads nothing' | 'crowd, listener reads count and normal' | 'moving shapes' | 'probe';

export interface SceneResult {
    scene: SceneName;
    colliders: number;
    /** Frames measured (after the warm-up). */
    frames: number;
    /** Median heap growth inside one step, in bytes, over the frames without a garbage collection. */
    medianBytes: number;
    /** Mean heap growth inside one step, in bytes, over the same frames (rare growths included). */
    meanBytes: number;
    /** Frames in which the heap grew inside the step (over the reading's own cost, see `readBytes`). */
    framesWithGrowth: number;
    /** Frames in which the heap shrank inside the step (a garbage collection ran): not counted. */
    framesWithGc: number;
    /** The growths of the counted frames, sorted, largest last (at most 20). */
    largest: number[];
    /** Listener events in the measured frames (the scene did something). */
    events: number;
    /** Mean milliseconds per step in the measured frames. */
    msPerStep: number;
    /** The median of every round measured (this result is the round with the smallest). */
    roundMedians: number[];
}

export interface AllocApi {
    /** True when usedJSHeapSize exists in this page. */
    hasMemory(): boolean;
    /**
     * What reading usedJSHeapSize twice costs by itself (each read of `performance.memory` makes a
     * new snapshot object): the median growth between two reads around an empty call.
     */
    readBytes(): number;
    /**
     * Plays `scene`: `warmup` frames, then `frames` measured ones. With `rounds` > 1, while a
     * round's median is above 0, plays `warmup / 2` more frames and measures again (at most
     * `rounds` in all), and returns the round with the smallest median.
     */
    run(scene: SceneName, warmup: number, frames: number, rounds?: number): Promise<SceneResult>;
}

type Memory = { memory?: { usedJSHeapSize: number } };
/** A fresh snapshot each time: the object `performance.memory` returns does not update. */
const used = (): number => (performance as unknown as Memory).memory!.usedJSHeapSize;

const median = (a: ArrayLike<number>): number => {
    const s = Array.from(a).sort((x, y) => x - y);
    return s.length === 0 ? NaN : s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** Lets the event loop run (and the background compiler's finished jobs be installed). */
const nextTask = (ms = 0) => new Promise<void>((r) => setTimeout(r, ms));

let readCost = -1;
function readBytes(): number {
    if (readCost >= 0) return readCost;
    const empty = (): void => {};
    const d = new Float64Array(400);
    for (let i = 0; i < d.length; i++) { const m0 = used(); empty(); d[i] = used() - m0; }
    readCost = median(d.filter((x) => x >= 0));
    return readCost;
}

/** A stand-in world whose step allocates one small array (kept, so it cannot be optimized away). */
function probeScene(): MovingWorld {
    const keep: number[][] = new Array(64).fill(null);
    const world = { step(): void { keep[world.frame & 63] = [world.frame++]; }, frame: 0 };
    return { world: world as unknown as CollisionWorld, colliders: [], frame: () => world.step(), events: () => world.frame };
}

async function run(scene: SceneName, warmup: number, frames: number, rounds = 1): Promise<SceneResult> {
    const base = readBytes();
    // About 1,000 sprites in a box of side sqrt(5 N) x 48, as the benchmarks' crowd of sprites;
    // the mixed scene at the size test/core/world.test.ts plays it (1,000 in a square of 1,500).
    const N = 1000, side = Math.sqrt(5 * N) * 48;
    const s = scene === 'crowd, listener reads nothing' ? rotatingSprites(N, side, { read: false })
        : scene === 'crowd, listener reads count and normal' ? rotatingSprites(N, side)
            : scene === 'moving shapes' ? movingWorld(N, 1500)
                : probeScene();
    const events = s.events;

    // Measure around the step only: the fixture's frame() moves every collider, then calls
    // world.step(), which is wrapped here (on the instance) with a heap reading on either side.
    const deltas = new Float64Array(frames);
    const ms = new Float64Array(1);
    let k = 0, recording = false;
    const world = s.world;
    const step = world.step;
    world.step = function (this: CollisionWorld): void {
        const t0 = performance.now();
        const m0 = used();
        step.call(world);
        const m1 = used();
        if (recording) { deltas[k++] = m1 - m0 - base; ms[0] += performance.now() - t0; }
    };

    let f = 0;
    const play = async (n: number): Promise<void> => {
        for (let i = 0; i < n; i++, f++) {
            s.frame(f);
            if (i % 100 === 99) await nextTask(); // let finished background compiles be installed
        }
        await nextTask(20);
    };
    let best: SceneResult | null = null;
    const roundMedians: number[] = [];
    await play(warmup);
    for (let round = 0; round < rounds; round++) {
        if (round > 0) await play(warmup >> 1);
        const events0 = events();
        k = 0; ms[0] = 0;
        recording = true;
        for (let i = 0; i < frames; i++, f++) s.frame(f);
        recording = false;
        const counted = Array.from(deltas).filter((d) => d >= 0);
        const r: SceneResult = {
            scene,
            colliders: s.colliders.length,
            frames,
            medianBytes: median(counted),
            meanBytes: counted.reduce((a, b) => a + b, 0) / Math.max(1, counted.length),
            framesWithGrowth: counted.filter((d) => d > 0).length,
            framesWithGc: frames - counted.length,
            largest: counted.sort((a, b) => a - b).slice(-20),
            events: events() - events0,
            msPerStep: ms[0] / frames,
            roundMedians,
        };
        roundMedians.push(r.medianBytes);
        if (best === null || r.medianBytes < best.medianBytes) best = r;
        if (r.medianBytes === 0) break;
    }
    world.step = step;
    return best!;
}

const api: AllocApi = { hasMemory: () => !!(performance as unknown as Memory).memory, readBytes, run };
(globalThis as unknown as { pixelAlloc: AllocApi }).pixelAlloc = api;
