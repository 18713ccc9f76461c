/**
 * The playground's world page (world.html): many sprites moving and turning in one
 * CollisionWorld (world-sim.ts), drawn on a 2D canvas; sprites in a touching pair are red. The
 * panel counts pairs and events live, keeps a short event log, switches the narrow phase between
 * the CPU and the GPU (WebGL2), sets the number of sprites, and shows the time of `world.step()`
 * per frame in microseconds, averaged over the last frames (the browser's clock ticks in 0.1 ms).
 *
 * `window.__world` lets a browser test drive the page; see {@link WorldApi}.
 */
import * as core from '../extensions/pixel-collision/assets/core';
import { type Affine2D, affine, affineMultiply, GpuNarrowPhase } from '../extensions/pixel-collision/assets/core';
import { WebGL2Device } from '../webgl2/webgl2-device';
import { View } from './space';
import { type WorldEvent, WorldSim } from './world-sim';

export type WorldBackend = 'cpu' | 'gpu';

/** What the page shows, as numbers. */
export interface WorldState {
    seed: number;
    frame: number;
    count: number;
    backend: WorldBackend;
    paused: boolean;
    /** Touching pairs now, [a, b] body indexes, a < b. */
    pairs: Array<[number, number]>;
    enters: number;
    ends: number;
    totalEnters: number;
    totalEnds: number;
    /** Mean time of `world.step()` over the last frames, µs (NaN before the first frame). */
    stepUs: number;
    /** Frames in that mean. */
    stepFrames: number;
    /** The panel's text. */
    stats: string;
    log: string[];
}

/** The page's test API, as `window.__world`. */
export interface WorldApi {
    ready: Promise<void>;
    core: typeof core;
    /** Starts again from frame 0 with `count` sprites (the slider does the same). */
    setCount(count: number): void;
    setBackend(backend: WorldBackend): void;
    pause(): void;
    play(): void;
    /** Runs `n` frames now (paused or not) and draws. */
    step(n?: number): void;
    state(): WorldState;
    /** Every sprite's transform (mask local -> world), as the world has it. */
    transforms(): Affine2D[];
    /** The shapes' masks (width, height, words), in `WorldSim.shapes` order. */
    shapeMasks(): Array<{ width: number; height: number; bits: number[] }>;
    reset(): void;
    gpuAvailable(): boolean;
}

declare global {
    interface Window { __world: WorldApi }
}

declare const __LIVE_RELOAD__: boolean | undefined;

const SEED = 7;
const DEFAULT_COUNT = 300;
/** Frames in the step-time mean. */
const MEAN_FRAMES = 60;
const LOG_LINES = 10;

const $ = <T extends HTMLElement>(id: string): T => document.getElementById(id) as T;
const canvas = $<HTMLCanvasElement>('stage');
const ctx = canvas.getContext('2d')!;
const countInput = $<HTMLInputElement>('count');
const backendSelect = $<HTMLSelectElement>('backend');
const backendNote = $<HTMLParagraphElement>('backend-note');
const pauseButton = $<HTMLButtonElement>('pause');
const stepButton = $<HTMLButtonElement>('step');
const statsBox = $<HTMLPreElement>('stats');
const logBox = $<HTMLPreElement>('log');

const view = new View();
let dpr = 1;
let sim: WorldSim;
let backend: WorldBackend = 'cpu';
let paused = false;
let gpu: GpuNarrowPhase | null = null;
let gpuOk = true;
const stepTimes = new Float64Array(MEAN_FRAMES);
let stepCount = 0;
let log: string[] = [];
/** Per shape: the sprite drawn in its colour, and in red (touching). */
let images: Array<{ idle: HTMLCanvasElement; hit: HTMLCanvasElement }> = [];

const COLORS = ['#38bdf8', '#84cc16', '#f59e0b', '#c084fc', '#2dd4bf', '#f472b6', '#a3e635', '#60a5fa'];
const HIT = '#ef4444';

function start(count: number): void {
    sim = new WorldSim({ seed: SEED, count, narrowPhase: backend === 'gpu' ? gpuPhase() : undefined });
    sim.onEvent = onEvent;
    images = sim.shapes.map((s, i) => ({ idle: shapeImage(s.mask, COLORS[i % COLORS.length]), hit: shapeImage(s.mask, HIT) }));
    stepCount = 0;
    log = [];
    countInput.value = String(count);
    $('count-value').textContent = String(count);
    fit();
}

function onEvent(e: WorldEvent): void {
    const name = (i: number): string => `${sim.shapes[sim.bodies[i].shape].name} ${i}`;
    log.push(`${String(e.frame).padStart(5)}  ${e.kind === 'enter' ? 'enter' : 'end  '}  ${name(e.a)} × ${name(e.b)}`);
    if (log.length > 4 * LOG_LINES) log = log.slice(-LOG_LINES);
}

/** One frame: move the sprites, time `world.step()`. */
function advance(): void {
    sim.move();
    const t0 = performance.now();
    sim.stepWorld();
    stepTimes[stepCount++ % MEAN_FRAMES] = (performance.now() - t0) * 1000;
}

function meanStep(): { us: number; frames: number } {
    const n = Math.min(stepCount, MEAN_FRAMES);
    let sum = 0;
    for (let i = 0; i < n; i++) sum += stepTimes[i];
    return { us: n ? sum / n : NaN, frames: n };
}

function statsText(): string {
    const { us, frames } = meanStep();
    const time = frames ? `${us >= 100 ? us.toFixed(0) : us.toFixed(1)} µs` : '–';
    return [
        `sprites         ${sim.bodies.length}`,
        `computed on     ${backend === 'gpu' ? 'GPU (WebGL2)' : 'CPU'}`,
        `frame           ${sim.frame}${paused ? ' (paused)' : ''}`,
        `touching pairs  ${sim.touching.size}`,
        `this frame      ${sim.enters} enter, ${sim.ends} end`,
        `since start     ${sim.totalEnters} enter, ${sim.totalEnds} end`,
        `world.step()    ${time}`,
        `                mean of ${frames} frame${frames === 1 ? '' : 's'}`,
    ].join('\n');
}

function draw(): void {
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.fillStyle = '#0f1115';
    ctx.fillRect(0, 0, view.cw, view.ch);
    ctx.strokeStyle = '#262b36';
    ctx.lineWidth = 1;
    ctx.strokeRect(view.toCanvasX(0), view.toCanvasY(sim.height), sim.width * view.zoom, sim.height * view.zoom);
    view.matrix(V);
    ctx.imageSmoothingEnabled = false;
    for (const b of sim.bodies) {
        sim.transformOf(b, T);
        affineMultiply(M, V, T);
        ctx.setTransform(dpr * M.a, dpr * M.b, dpr * M.c, dpr * M.d, dpr * M.tx, dpr * M.ty);
        const img = images[b.shape];
        ctx.drawImage(b.touching > 0 ? img.hit : img.idle, 0, 0);
    }
    statsBox.textContent = statsText();
    logBox.textContent = log.length ? log.slice(-LOG_LINES).join('\n') : 'No event yet.';
}

function frame(): void {
    if (!paused) {
        advance();
        draw();
    }
    requestAnimationFrame(frame);
}

function shapeImage(mask: core.BitMask, color: string): HTMLCanvasElement {
    const c = document.createElement('canvas');
    c.width = mask.width;
    c.height = mask.height;
    const g = c.getContext('2d')!;
    const img = g.createImageData(mask.width, mask.height);
    const n = parseInt(color.slice(1), 16);
    for (let j = 0; j < mask.height; j++) {
        for (let i = 0; i < mask.width; i++) {
            if (!mask.get(i, j)) continue;
            const p = (j * mask.width + i) * 4;
            img.data[p] = (n >> 16) & 255; img.data[p + 1] = (n >> 8) & 255; img.data[p + 2] = n & 255; img.data[p + 3] = 235;
        }
    }
    g.putImageData(img, 0, 0);
    return c;
}

function gpuPhase(): GpuNarrowPhase {
    if (!gpu) gpu = new GpuNarrowPhase(WebGL2Device.fromCanvas(document.createElement('canvas')));
    return gpu;
}

function setBackend(next: WorldBackend): void {
    if (next === 'gpu') {
        try {
            gpuPhase();
        } catch {
            noGpu();
            next = 'cpu';
        }
    }
    backendSelect.value = next;
    if (next === backend) return;
    backend = next;
    sim.setNarrowPhase(backend === 'gpu' ? gpuPhase() : undefined);
    stepCount = 0;
    log.push(`      now on the ${backend === 'gpu' ? 'GPU' : 'CPU'}: every touching pair enters again`);
    draw();
}

function noGpu(): void {
    gpuOk = false;
    const option = backendSelect.querySelector<HTMLOptionElement>('option[value=gpu]')!;
    option.disabled = true;
    option.textContent = 'GPU (not available here)';
    backendNote.textContent = 'The GPU option needs WebGL2, which this browser does not offer (it may be turned off in its settings, '
        + 'or the graphics driver is blocked). The CPU finds the very same pairs.';
    backendNote.hidden = false;
}

function setPaused(p: boolean): void {
    paused = p;
    pauseButton.textContent = p ? 'play' : 'pause';
    stepButton.disabled = !p;
    draw();
}

function reset(): void {
    if (backend !== 'cpu') backend = 'cpu';
    backendSelect.value = 'cpu';
    start(DEFAULT_COUNT);
    setPaused(false);
}

/** The box fills the canvas. */
function fit(): void {
    if (!sim) return;
    view.fit(0, 0, sim.width, sim.height, 12, 0.05, 8);
}

function resize(): void {
    dpr = window.devicePixelRatio || 1;
    view.cw = Math.max(1, canvas.clientWidth);
    view.ch = Math.max(1, canvas.clientHeight);
    canvas.width = Math.round(view.cw * dpr);
    canvas.height = Math.round(view.ch * dpr);
    fit();
    if (sim) draw();
}

const T: Affine2D = affine(1, 0, 0, 1, 0, 0);
const V: Affine2D = affine(1, 0, 0, 1, 0, 0);
const M: Affine2D = affine(1, 0, 0, 1, 0, 0);

countInput.addEventListener('input', () => {
    start(Number(countInput.value));
    draw();
});
backendSelect.addEventListener('change', () => setBackend(backendSelect.value as WorldBackend));
pauseButton.addEventListener('click', () => setPaused(!paused));
stepButton.addEventListener('click', () => {
    advance();
    draw();
});
$('reset').addEventListener('click', () => reset());
const panel = $<HTMLElement>('panel');
const toggle = $<HTMLButtonElement>('panel-toggle');
toggle.addEventListener('click', () => {
    const collapsed = panel.classList.toggle('collapsed');
    toggle.textContent = collapsed ? 'show panel' : 'hide panel';
    toggle.setAttribute('aria-expanded', String(!collapsed));
});
window.addEventListener('keydown', (e) => {
    if (e.target instanceof HTMLInputElement || e.target instanceof HTMLSelectElement) return;
    if (e.key === ' ') { setPaused(!paused); e.preventDefault(); }
});

async function boot(): Promise<void> {
    if (!document.createElement('canvas').getContext('webgl2')) noGpu();
    start(DEFAULT_COUNT);
    new ResizeObserver(resize).observe(canvas);
    resize();
    draw();
    requestAnimationFrame(frame);
}

const ready = boot();

window.__world = {
    ready,
    core,
    setCount(count) {
        start(count);
        draw();
    },
    setBackend(b) {
        if (b === 'gpu') gpuPhase(); // throws where WebGL2 is missing
        setBackend(b);
    },
    pause: () => setPaused(true),
    play: () => setPaused(false),
    step(n = 1) {
        for (let i = 0; i < n; i++) advance();
        draw();
    },
    state() {
        const { us, frames } = meanStep();
        return {
            seed: SEED, frame: sim.frame, count: sim.bodies.length, backend, paused, pairs: sim.pairs(),
            enters: sim.enters, ends: sim.ends, totalEnters: sim.totalEnters, totalEnds: sim.totalEnds,
            stepUs: us, stepFrames: frames, stats: statsBox.textContent ?? '', log: logBox.textContent?.split('\n') ?? [],
        };
    },
    transforms: () => sim.bodies.map((b) => sim.transformOf(b)),
    shapeMasks: () => sim.shapes.map((s) => ({ width: s.mask.width, height: s.mask.height, bits: Array.from(s.mask.bits) })),
    reset,
    gpuAvailable: () => gpuOk,
};

if (typeof __LIVE_RELOAD__ !== 'undefined' && __LIVE_RELOAD__) {
    new EventSource('/esbuild').addEventListener('change', () => location.reload());
}
