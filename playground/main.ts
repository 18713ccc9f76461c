/**
 * The browser playground (`npm start`): exact pixel collision with the CORE only, on a 2D canvas.
 *
 * Drag a sprite with the mouse; the one you touched last is "active" and is B in every pair
 * (A = each other sprite). Wheel or Q/E rotates it, W/S scales, F flips (Shift+F vertically),
 * arrow keys move it one world unit (Shift: ten), N picks the next sprite, R or the button
 * applies the separation. Every frame that something changed, each pair runs
 * `testMasks(A, T_A, B, T_B, { accuracy, separation: true }, contact)`.
 *
 * Coordinates (world y-up, canvas y-down, the flip in the view matrix): see space.ts.
 *
 * `window.__playground` lets a browser test drive the page; see {@link PlaygroundApi}.
 */
import * as core from '../extensions/pixel-collision/assets/core';
import type { Affine2D, BitMask } from '../extensions/pixel-collision/assets/core';
import { type Backend, gpuNarrowPhase, newPairResult, type PairResult, runPair, transformOf } from './pairs';
import { render } from './render';
import { View } from './space';
import { makeDemoSprites, type Pose, rebuildMask, type Sprite, spriteFromImage, spriteFromRGBA } from './sprites';

/** A plain copy of a {@link core.Contact}, plus the pair's names and the displayed sample count. */
export interface ContactInfo {
    a: string;
    b: string;
    hit: boolean;
    count: number;
    minX: number; minY: number; maxX: number; maxY: number;
    centroidX: number; centroidY: number;
    normalX: number; normalY: number;
    separationX: number; separationY: number;
    hasSeparation: boolean;
    accuracy: number;
    /** Cells of the contact rect where both rasters have the sample; equals `count`. */
    shared: number;
    /** The core's error message when the test threw. */
    error: string | null;
}

/** The page's test API, as `window.__playground`. Angles in radians (counter-clockwise), y up. */
export interface PlaygroundApi {
    /** Resolves when the sprites are built and the first frame is drawn. */
    ready: Promise<void>;
    /** The core module the page uses (for tests that compute their own reference). */
    core: typeof core;
    names(): string[];
    getPose(name: string): Pose;
    setPose(name: string, x: number, y: number, rot?: number, sx?: number, sy?: number): void;
    /** The sprite's mask-local -> world transform, as passed to testMasks. */
    transformOf(name: string): Affine2D;
    maskOf(name: string): BitMask;
    /** Makes `name` the active sprite (B in every pair). */
    select(name: string): void;
    active(): string | null;
    setAccuracy(accuracy: number): void;
    setThreshold(threshold: number): void;
    /** Chooses the narrow phase (the page's select does the same). Throws where WebGL2 is missing. */
    setBackend(backend: Backend): void;
    /** Draw + readback rounds the GPU narrow phase has run so far (0 before it is first used). */
    gpuPages(): number;
    /** Adds (or replaces) a sprite made from RGBA pixels, rows top to bottom. */
    addSprite(name: string, rgba: Uint8ClampedArray | number[], width: number, height: number): void;
    /** Tests the pair now: A = `a` (default: the first other sprite), B = `b` (default: the active one). */
    getContact(a?: string, b?: string): ContactInfo | null;
    /** Applies the separation of the active sprite's hits, as the button does. Returns the moves made. */
    resolve(): number;
    /** Draws a frame now (the page otherwise draws on the next animation frame after a change). */
    render(): void;
}

declare global {
    interface Window { __playground: PlaygroundApi }
}

declare const __LIVE_RELOAD__: boolean | undefined;

// State --------------------------------------------------------------------------------------------

const state = {
    sprites: [] as Sprite[],
    active: null as Sprite | null,
    pairs: [] as PairResult[],
    accuracy: 1,
    threshold: 0,
    backend: 'cpu' as Backend,
    showMasks: true,
    showSamples: true,
    dirty: true,
};
const view = new View();
let dpr = 1;

const $ = <T extends HTMLElement>(id: string): T => document.getElementById(id) as T;
const canvas = $<HTMLCanvasElement>('stage');
const ctx = canvas.getContext('2d')!;
const readout = $<HTMLPreElement>('readout');
const accuracyInput = $<HTMLInputElement>('accuracy');
const thresholdInput = $<HTMLInputElement>('threshold');

function spriteNamed(name: string): Sprite {
    const s = state.sprites.find((x) => x.name === name);
    if (!s) throw new Error(`no sprite named "${name}"; the sprites are: ${state.sprites.map((x) => x.name).join(', ')}.`);
    return s;
}

function changed(): void {
    state.dirty = true;
}

/** Runs every pair (each other sprite against the active one). */
function update(): void {
    const b = state.active;
    const others = b ? state.sprites.filter((s) => s !== b) : [];
    while (state.pairs.length < others.length) state.pairs.push(newPairResult(others[0], b as Sprite));
    state.pairs.length = others.length;
    others.forEach((a, i) => runPair(a, b as Sprite, state.accuracy, state.pairs[i], state.backend));
}

function frame(): void {
    if (state.dirty) {
        state.dirty = false;
        update();
        render(ctx, view, dpr, state);
        showReadout();
    }
    requestAnimationFrame(frame);
}

function drawNow(): void {
    update();
    render(ctx, view, dpr, state);
    showReadout();
    state.dirty = false;
}

// Panel --------------------------------------------------------------------------------------------

const f = (n: number): string => (Math.abs(n) < 5e-7 ? 0 : n).toFixed(2);

function showReadout(): void {
    const lines: string[] = [];
    const b = state.active;
    if (b) {
        const p = b.pose;
        lines.push(
            `B = ${b.name}`,
            `  at        (${f(p.x)}, ${f(p.y)})`,
            `  rotation  ${f((p.rot * 180) / Math.PI)}°`,
            `  scale     (${f(p.sx)}, ${f(p.sy)})`,
            '',
        );
    }
    for (const pair of state.pairs) {
        const c = pair.contact;
        lines.push(`${pair.a.name} (A) × ${pair.b.name} (B)`);
        if (pair.error) {
            lines.push(`  error ${pair.error}`, '');
            continue;
        }
        lines.push(`  hit       ${c.hit ? 'yes' : 'no'}`);
        if (c.hit) {
            const s = pair.samples;
            const check = s.skipped ? '(too many to draw)' : s.count === c.count ? `= ${s.count} drawn ✓` : `≠ ${s.count} drawn ✗`;
            lines.push(
                `  count     ${c.count} ${check}`,
                `  rect      x [${f(c.minX)}, ${f(c.maxX)}]`,
                `            y [${f(c.minY)}, ${f(c.maxY)}]`,
                `  centroid  (${f(c.centroidX)}, ${f(c.centroidY)})`,
                `  normal    (${f(c.normalX)}, ${f(c.normalY)}) A→B`,
                `  separate  (${f(c.separationX)}, ${f(c.separationY)}) B`,
            );
        }
        lines.push(`  test      ${pair.ms.toFixed(2)} ms`, '');
    }
    readout.textContent = lines.join('\n');
}

function contactInfo(pair: PairResult): ContactInfo {
    const c = pair.contact;
    return {
        a: pair.a.name, b: pair.b.name, hit: c.hit, count: c.count,
        minX: c.minX, minY: c.minY, maxX: c.maxX, maxY: c.maxY,
        centroidX: c.centroidX, centroidY: c.centroidY, normalX: c.normalX, normalY: c.normalY,
        separationX: c.separationX, separationY: c.separationY, hasSeparation: c.hasSeparation,
        accuracy: c.accuracy, shared: pair.samples.count, error: pair.error,
    };
}

// Actions ------------------------------------------------------------------------------------------

function select(sprite: Sprite): void {
    state.active = sprite;
    // Draw the active sprite last (on top).
    state.sprites = state.sprites.filter((s) => s !== sprite).concat(sprite);
    changed();
}

/** Pushes the active sprite out of everything it overlaps, one separation at a time. */
function resolve(): number {
    let moves = 0;
    for (let round = 0; round < 8; round++) {
        update();
        const hit = state.pairs.find((p) => p.contact.hit && p.contact.hasSeparation);
        if (!hit || !state.active) break;
        state.active.pose.x += hit.contact.separationX;
        state.active.pose.y += hit.contact.separationY;
        moves++;
    }
    changed();
    return moves;
}

function setAccuracy(acc: number): void {
    core.checkAccuracy(acc);
    state.accuracy = acc;
    accuracyInput.value = String(acc);
    $('accuracy-value').textContent = String(acc);
    changed();
}

function setThreshold(t: number): void {
    for (const s of state.sprites) rebuildMask(s, t); // throws on a threshold outside 0–255
    state.threshold = t;
    thresholdInput.value = String(t);
    $('threshold-value').textContent = String(t);
    changed();
}

function addSprite(sprite: Sprite): void {
    state.sprites = state.sprites.filter((s) => s.name !== sprite.name);
    state.sprites.push(sprite);
    select(sprite);
}

const DEG = Math.PI / 180;

function rotate(s: Sprite, degrees: number): void {
    // Keep whole degrees, so 90° steps land exactly on quarter turns.
    const deg = Math.round((s.pose.rot / DEG + degrees) % 360);
    s.pose.rot = deg * DEG;
    changed();
}

function scale(s: Sprite, factor: number): void {
    const next = Math.abs(s.pose.sx) * factor;
    if (next < 0.1 || next > 10) return;
    s.pose.sx *= factor;
    s.pose.sy *= factor;
    changed();
}

// Input --------------------------------------------------------------------------------------------

/** The topmost sprite with an opaque texel under the point, else the topmost whose image contains it. */
function pick(x: number, y: number): Sprite | null {
    const inv = core.affineIdentity();
    const p = { x: 0, y: 0 };
    let boxHit: Sprite | null = null;
    for (let i = state.sprites.length - 1; i >= 0; i--) {
        const s = state.sprites[i];
        core.affineInvert(inv, transformOf(s));
        core.affineApply(p, inv, x, y);
        const u = Math.floor(p.x), v = Math.floor(p.y);
        if (s.mask.get(u, v)) return s;
        if (!boxHit && u >= 0 && v >= 0 && u < s.width && v < s.height) boxHit = s;
    }
    return boxHit;
}

let drag: { sprite: Sprite; dx: number; dy: number; pointer: number } | null = null;

canvas.addEventListener('pointerdown', (e) => {
    canvas.focus(); // keys go to the sprites, not to a slider clicked before
    const x = view.toWorldX(e.offsetX), y = view.toWorldY(e.offsetY);
    const s = pick(x, y);
    if (!s) return;
    select(s);
    drag = { sprite: s, dx: s.pose.x - x, dy: s.pose.y - y, pointer: e.pointerId };
    canvas.setPointerCapture(e.pointerId);
    canvas.classList.add('dragging');
});
canvas.addEventListener('pointermove', (e) => {
    if (!drag || e.pointerId !== drag.pointer) return;
    drag.sprite.pose.x = view.toWorldX(e.offsetX) + drag.dx;
    drag.sprite.pose.y = view.toWorldY(e.offsetY) + drag.dy;
    changed();
});
const endDrag = (): void => {
    drag = null;
    canvas.classList.remove('dragging');
};
canvas.addEventListener('pointerup', endDrag);
canvas.addEventListener('pointercancel', endDrag);

canvas.addEventListener('wheel', (e) => {
    e.preventDefault();
    const d = e.deltaY || e.deltaX;
    if (!d) return;
    if (e.ctrlKey) { // pinch gestures arrive as ctrl+wheel too
        view.zoom = Math.min(12, Math.max(0.5, view.zoom * (d > 0 ? 1 / 1.1 : 1.1)));
        changed();
    } else if (state.active) {
        rotate(state.active, (d > 0 ? -1 : 1) * (e.shiftKey ? 1 : 5));
    }
}, { passive: false });

window.addEventListener('keydown', (e) => {
    if (e.target instanceof HTMLInputElement || e.ctrlKey || e.metaKey || e.altKey) return;
    const s = state.active;
    const step = e.shiftKey ? 10 : 1;
    let handled = true;
    switch (e.key.length === 1 ? e.key.toLowerCase() : e.key) {
        case 'q': if (s) rotate(s, e.shiftKey ? 1 : 5); break;
        case 'e': if (s) rotate(s, e.shiftKey ? -1 : -5); break;
        case 'w': if (s) scale(s, 1.1); break;
        case 's': if (s) scale(s, 1 / 1.1); break;
        case 'f': if (s) { if (e.shiftKey) s.pose.sy = -s.pose.sy; else s.pose.sx = -s.pose.sx; changed(); } break;
        case 'r': resolve(); break;
        case 'ArrowLeft': if (s) { s.pose.x -= step; changed(); } break;
        case 'ArrowRight': if (s) { s.pose.x += step; changed(); } break;
        case 'ArrowUp': if (s) { s.pose.y += step; changed(); } break;
        case 'ArrowDown': if (s) { s.pose.y -= step; changed(); } break;
        case '+': case '=': view.zoom = Math.min(12, view.zoom * 1.25); changed(); break;
        case '-': view.zoom = Math.max(0.5, view.zoom / 1.25); changed(); break;
        case 'n': {
            const byName = [...state.sprites].sort((p, q) => p.name.localeCompare(q.name));
            const next = byName[(byName.indexOf(s as Sprite) + 1) % byName.length];
            if (next) select(next);
            break;
        }
        default: handled = false;
    }
    if (handled) e.preventDefault();
});

accuracyInput.addEventListener('input', () => setAccuracy(Number(accuracyInput.value)));
$<HTMLSelectElement>('backend').addEventListener('change', (e) => {
    const select = e.target as HTMLSelectElement;
    const note = $<HTMLSpanElement>('backend-note');
    note.textContent = '';
    if (select.value === 'gpu') {
        try {
            gpuNarrowPhase();
        } catch (err) {
            // No WebGL2 here: say why and stay on the CPU.
            note.textContent = err instanceof Error ? err.message : String(err);
            select.value = 'cpu';
        }
    }
    state.backend = select.value as Backend;
    changed();
});
thresholdInput.addEventListener('input', () => setThreshold(Number(thresholdInput.value)));
$<HTMLInputElement>('show-masks').addEventListener('change', (e) => {
    state.showMasks = (e.target as HTMLInputElement).checked;
    changed();
});
$<HTMLInputElement>('show-samples').addEventListener('change', (e) => {
    state.showSamples = (e.target as HTMLInputElement).checked;
    changed();
});
$('resolve').addEventListener('click', () => resolve());
$('reset').addEventListener('click', () => {
    const fresh = makeDemoSprites(state.threshold);
    state.sprites = state.sprites.filter((s) => !fresh.some((d) => d.name === s.name)).concat(fresh);
    select(fresh[fresh.length - 1]);
});

// Images: pick a file or drop one on the canvas.
async function loadImage(file: File): Promise<void> {
    try {
        const bitmap = await createImageBitmap(file);
        addSprite(spriteFromImage('image', bitmap, bitmap.width, bitmap.height, state.threshold));
        bitmap.close();
    } catch {
        readout.textContent = `Could not read "${file.name}" as an image. Try a PNG with transparency.`;
    }
}
$<HTMLInputElement>('file').addEventListener('change', (e) => {
    const file = (e.target as HTMLInputElement).files?.[0];
    if (file) void loadImage(file);
});
canvas.addEventListener('dragover', (e) => {
    e.preventDefault();
    canvas.classList.add('drop');
});
canvas.addEventListener('dragleave', () => canvas.classList.remove('drop'));
canvas.addEventListener('drop', (e) => {
    e.preventDefault();
    canvas.classList.remove('drop');
    const file = e.dataTransfer?.files[0];
    if (file) void loadImage(file);
});

// Canvas size follows its box; its backing store is in device pixels.
function resize(): void {
    dpr = window.devicePixelRatio || 1;
    view.cw = canvas.clientWidth;
    view.ch = canvas.clientHeight;
    canvas.width = Math.round(view.cw * dpr);
    canvas.height = Math.round(view.ch * dpr);
    changed();
}
new ResizeObserver(resize).observe(canvas);

// Start --------------------------------------------------------------------------------------------

async function start(): Promise<void> {
    await document.fonts.ready; // the text sprite needs its font before it is rasterized
    state.sprites = makeDemoSprites(state.threshold);
    select(state.sprites[state.sprites.length - 1]);
    resize();
    drawNow();
    requestAnimationFrame(frame);
}

const ready = start();

window.__playground = {
    ready,
    core,
    names: () => state.sprites.map((s) => s.name),
    getPose: (name) => ({ ...spriteNamed(name).pose }),
    setPose(name, x, y, rot = 0, sx = 1, sy = 1) {
        const p = spriteNamed(name).pose;
        p.x = x; p.y = y; p.rot = rot; p.sx = sx; p.sy = sy;
        changed();
    },
    transformOf: (name) => transformOf(spriteNamed(name)),
    maskOf: (name) => spriteNamed(name).mask,
    select: (name) => select(spriteNamed(name)),
    active: () => state.active?.name ?? null,
    setAccuracy,
    setThreshold,
    setBackend(backend) {
        if (backend === 'gpu') gpuNarrowPhase();
        state.backend = backend;
        $<HTMLSelectElement>('backend').value = backend;
        changed();
    },
    gpuPages: () => (state.backend === 'gpu' ? gpuNarrowPhase().stats.totalPages : 0),
    addSprite(name, rgba, width, height) {
        addSprite(spriteFromRGBA(name, Uint8ClampedArray.from(rgba), width, height, state.threshold));
    },
    getContact(a, b) {
        const sb = b !== undefined ? spriteNamed(b) : state.active;
        if (!sb) return null;
        const sa = a !== undefined ? spriteNamed(a) : state.sprites.find((s) => s !== sb);
        if (!sa) return null;
        return contactInfo(runPair(sa, sb, state.accuracy, newPairResult(sa, sb), state.backend));
    },
    resolve,
    render: drawNow,
};

if (typeof __LIVE_RELOAD__ !== 'undefined' && __LIVE_RELOAD__) {
    // `npm start` rebuilds on save; reload the page when it does (esbuild's live-reload events).
    new EventSource('/esbuild').addEventListener('change', () => location.reload());
}
