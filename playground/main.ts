/**
 * The browser playground (`npm start`): exact pixel collision with the CORE only, on a 2D canvas.
 *
 * It opens on a contact (the star overlaps the ring). Drag a sprite with the mouse; the one you
 * touched last is "active" and is B in every pair (A = each other sprite). Wheel or Q/E rotates
 * it, W/S scales, F flips (Shift+F vertically), arrow keys move it one world unit (Shift: ten),
 * N picks the next sprite, R or the button applies the separation, Delete removes it. Every
 * frame that something changed, each pair runs
 * `testMasks(A, T_A, B, T_B, { accuracy, separation: true }, contact)`, and is timed over a
 * batch of runs (pairs.ts, `timePair`): the panel shows microseconds, the median of the batches.
 *
 * Images dropped anywhere on the page (or picked with "add images…") become sprites, one each;
 * the sprite list removes them. The view fits every sprite whenever the set changes or the
 * canvas is resized.
 *
 * The world page (world.html, world.ts) runs a whole CollisionWorld instead of one pair.
 *
 * Coordinates (world y-up, canvas y-down, the flip in the view matrix): see space.ts.
 *
 * `window.__playground` lets a browser test drive the page; see {@link PlaygroundApi}.
 */
import * as core from '../extensions/pixel-collision/assets/core';
import type { Affine2D, BitMask } from '../extensions/pixel-collision/assets/core';
import { type Backend, gpuNarrowPhase, newPairResult, type PairResult, runPair, timePair, transformOf } from './pairs';
import { render } from './render';
import { View } from './space';
import { IMAGE_COLORS, makeDemoSprites, type Pose, rebuildMask, type Sprite, spriteFromImage, spriteFromRGBA } from './sprites';

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

/** A box in world units. */
export interface Bounds { minX: number; minY: number; maxX: number; maxY: number }

/** How long a pair's test takes: median per test over the batches measured since the pair last changed. */
export interface TimingInfo {
    a: string;
    b: string;
    /** Microseconds per test when the sprites moved since the last test (rasters rebuilt). */
    movingUs: number;
    /** Microseconds per test when they stood still (rasters reused from the core's memo); NaN on the GPU. */
    stillUs: number;
    /** Batches measured (each a run of tests back to back lasting about BATCH_MS). */
    batches: number;
    /** Tests run in all. */
    runs: number;
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
    /** Adds image files as the drop does (one sprite each); resolves when they are in. Returns the names given. */
    addFiles(files: File[]): Promise<string[]>;
    /** Removes a sprite, as its × button does. */
    remove(name: string): void;
    /** Everything back to how the page opened, as the reset button does. */
    reset(): void;
    /** The warnings shown in the page, as text. */
    notices(): string[];
    /** What the panel's controls show now. */
    controls(): { accuracy: number; threshold: number; backend: string; zoom: number; gpuAvailable: boolean };
    /** Per pair (A name, B name): the median time per test in microseconds, and how it was measured. */
    timing(): TimingInfo[];
    /** Every sprite's world bounds and the canvas's world rect (to check that they fit in view). */
    layout(): { view: Bounds; sprites: Array<{ name: string } & Bounds> };
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

const DEFAULTS = { accuracy: 1, threshold: 0, backend: 'cpu' as Backend, showMasks: true, showSamples: true };

const state = {
    sprites: [] as Sprite[],
    active: null as Sprite | null,
    pairs: [] as PairResult[],
    ...DEFAULTS,
    dirty: true,
    /** Images added so far (their colours and default names go round). */
    imagesAdded: 0,
};
const view = new View();
let dpr = 1;
let gpuAvailable = true;

const $ = <T extends HTMLElement>(id: string): T => document.getElementById(id) as T;
const canvas = $<HTMLCanvasElement>('stage');
const ctx = canvas.getContext('2d')!;
const readout = $<HTMLPreElement>('readout');
const accuracyInput = $<HTMLInputElement>('accuracy');
const thresholdInput = $<HTMLInputElement>('threshold');
const backendSelect = $<HTMLSelectElement>('backend');
const backendNote = $<HTMLParagraphElement>('backend-note');
const showMasksInput = $<HTMLInputElement>('show-masks');
const showSamplesInput = $<HTMLInputElement>('show-samples');
const spriteList = $<HTMLUListElement>('sprites');
const noticeBox = $<HTMLDivElement>('notices');

function spriteNamed(name: string): Sprite {
    const s = state.sprites.find((x) => x.name === name);
    if (!s) throw new Error(`no sprite named "${name}"; the sprites are: ${state.sprites.map((x) => x.name).join(', ')}.`);
    return s;
}

function changed(): void {
    state.dirty = true;
}

/** Runs every pair (each other sprite against the active one), then times them afresh. */
function update(): void {
    const b = state.active;
    const others = b ? state.sprites.filter((s) => s !== b) : [];
    while (state.pairs.length < others.length) state.pairs.push(newPairResult(others[0], b as Sprite));
    state.pairs.length = others.length;
    others.forEach((a, i) => runPair(a, b as Sprite, state.accuracy, state.pairs[i], state.backend));
    resetTiming();
    measure();
}

function frame(): void {
    if (state.dirty) {
        state.dirty = false;
        update();
        render(ctx, view, dpr, state);
        drawEmptyHint();
        showReadout();
    } else if (timings.some((t) => t.moving.length < TIMING_BATCHES)) {
        // Nothing moved: keep measuring, so the median settles on more batches.
        measure();
        showReadout();
    }
    requestAnimationFrame(frame);
}

function drawNow(): void {
    update();
    render(ctx, view, dpr, state);
    drawEmptyHint();
    showReadout();
    showSpriteList();
    state.dirty = false;
}

function drawEmptyHint(): void {
    if (state.sprites.length) return;
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.fillStyle = '#9ca3af';
    ctx.font = '15px system-ui, sans-serif';
    ctx.textAlign = 'center';
    ctx.fillText('No sprites: drop PNG images here, or press reset.', view.cw / 2, view.ch / 2);
}

// Timing -------------------------------------------------------------------------------------------

/** Batches kept per pair; the median of them is shown. */
const TIMING_BATCHES = 9;
/** Length of one batch, ms (the browser's clock ticks in 0.1 ms: a batch is about 2% precise). */
const BATCH_MS = 5;
/** Longest time spent measuring in one animation frame, ms (shared by the pairs). */
const FRAME_BUDGET_MS = 12;

interface PairTiming { a: Sprite; b: Sprite; moving: number[]; still: number[]; runs: number }
let timings: PairTiming[] = [];
const batch = { runs: 0, us: 0 };

function resetTiming(): void {
    timings = state.pairs.filter((p) => !p.error).map((p) => ({ a: p.a, b: p.b, moving: [], still: [], runs: 0 }));
}

/** One more batch for every pair still short of TIMING_BATCHES. */
function measure(): void {
    const todo = timings.filter((t) => t.moving.length < TIMING_BATCHES);
    if (!todo.length) return;
    const gpu = state.backend === 'gpu';
    const ms = Math.min(BATCH_MS, FRAME_BUDGET_MS / todo.length / (gpu ? 1 : 2));
    for (const t of todo) {
        timePair(t.a, t.b, state.accuracy, state.backend, true, ms, batch);
        t.moving.push(batch.us);
        t.runs += batch.runs;
        if (!gpu) {
            timePair(t.a, t.b, state.accuracy, state.backend, false, ms, batch);
            t.still.push(batch.us);
            t.runs += batch.runs;
        }
    }
}

function median(xs: readonly number[]): number {
    if (!xs.length) return NaN;
    const s = [...xs].sort((p, q) => p - q);
    const m = s.length >> 1;
    return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

function timingInfo(): TimingInfo[] {
    return timings.map((t) => ({
        a: t.a.name, b: t.b.name, movingUs: median(t.moving), stillUs: median(t.still), batches: t.moving.length, runs: t.runs,
    }));
}

const us = (x: number): string => (x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x.toFixed(2));

// Panel --------------------------------------------------------------------------------------------

const f = (n: number): string => (Math.abs(n) < 5e-7 ? 0 : n).toFixed(2);

function showReadout(): void {
    const lines: string[] = [];
    const b = state.active;
    if (b) {
        const p = b.pose;
        lines.push(
            `B = ${b.name} at (${f(p.x)}, ${f(p.y)})`,
            `    rotation ${+((p.rot * 180) / Math.PI).toFixed(2)}°, scale ${f(p.sx)} × ${f(p.sy)}`,
            '',
        );
    } else {
        lines.push('No sprite.');
    }
    if (b && !state.pairs.length) lines.push('Add a second sprite to see a contact.');
    for (const pair of state.pairs) {
        const c = pair.contact;
        const title = `${pair.a.name} (A) × ${pair.b.name} (B)`;
        if (pair.error) {
            lines.push(title, `  error ${pair.error}`, '');
            continue;
        }
        lines.push(`${title}: ${c.hit ? 'hit' : 'no hit'}`);
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
        const t = timings.find((x) => x.a === pair.a && x.b === pair.b);
        if (t && t.moving.length) {
            const n = t.moving.length;
            if (state.backend === 'gpu') {
                lines.push(`  time      ${us(median(t.moving))} µs per test on the GPU`);
            } else {
                lines.push(`  time      ${us(median(t.moving))} µs per test, moved`, `            ${us(median(t.still))} µs per test, still`);
            }
            lines.push(`            median of ${n} batch${n > 1 ? 'es' : ''}`);
        }
        lines.push('');
    }
    readout.textContent = lines.join('\n');
}

function showSpriteList(): void {
    spriteList.replaceChildren(...[...state.sprites].sort((p, q) => p.name.localeCompare(q.name)).map((s) => {
        const li = document.createElement('li');
        li.dataset.name = s.name;
        if (s === state.active) li.className = 'active';
        const sw = document.createElement('i');
        sw.className = 'swatch';
        sw.style.background = s.color;
        const name = document.createElement('button');
        name.className = 'name';
        name.textContent = s.name + (s === state.active ? ' (B)' : '');
        name.title = `make ${s.name} B`;
        name.addEventListener('click', () => select(s));
        const info = document.createElement('span');
        const empty = s.mask.count() === 0;
        info.className = empty ? 'info empty' : 'info';
        info.textContent = empty ? 'no opaque pixel' : `${s.width}×${s.height}`;
        const rm = document.createElement('button');
        rm.className = 'remove';
        rm.textContent = '×';
        rm.title = `remove ${s.name}`;
        rm.setAttribute('aria-label', `remove ${s.name}`);
        rm.addEventListener('click', () => removeSprite(s));
        li.append(sw, name, info, rm);
        return li;
    }));
}

/** A warning in the page (not the console): stays until closed or until reset. */
function notify(text: string): void {
    const div = document.createElement('div');
    div.className = 'notice';
    div.setAttribute('role', 'alert');
    const p = document.createElement('p');
    p.textContent = text;
    const close = document.createElement('button');
    close.textContent = '×';
    close.setAttribute('aria-label', 'dismiss');
    close.addEventListener('click', () => div.remove());
    div.append(p, close);
    noticeBox.append(div);
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
    showSpriteList();
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
    showSpriteList();
    changed();
}

/** Chooses the narrow phase; says in the page, in plain words, when the GPU cannot be used here. */
function setBackend(backend: Backend): void {
    if (backend === 'gpu') {
        try {
            gpuNarrowPhase();
        } catch {
            noGpu();
            backend = 'cpu';
        }
    }
    state.backend = backend;
    backendSelect.value = backend;
    changed();
}

function noGpu(): void {
    gpuAvailable = false;
    const option = backendSelect.querySelector<HTMLOptionElement>('option[value=gpu]')!;
    option.disabled = true;
    option.textContent = 'GPU (not available here)';
    backendNote.textContent = 'The GPU option needs WebGL2, which this browser does not offer (it may be turned off in its settings, '
        + 'or the graphics driver is blocked). The CPU gives the very same answers, so nothing else changes.';
    backendNote.hidden = false;
}

function removeSprite(sprite: Sprite): void {
    state.sprites = state.sprites.filter((s) => s !== sprite);
    if (state.active === sprite) state.active = state.sprites[state.sprites.length - 1] ?? null;
    fitView();
    showSpriteList();
    changed();
}

/** A name not used by another sprite: `name`, else `name (2)`, `name (3)`, … */
function freeName(name: string): string {
    let n = name, k = 2;
    while (state.sprites.some((s) => s.name === n)) n = `${name} (${k++})`;
    return n;
}

/** Places a new sprite to the right of the others (centred on their middle height), fitted into view afterwards. */
function placeBeside(sprite: Sprite): void {
    if (!state.sprites.length) return;
    const all = worldBounds(state.sprites);
    sprite.pose.x = all.maxX + 16 + sprite.width / 2;
    sprite.pose.y = (all.minY + all.maxY) / 2;
}

function addSprite(sprite: Sprite): void {
    state.sprites = state.sprites.filter((s) => s.name !== sprite.name);
    placeBeside(sprite);
    state.sprites.push(sprite);
    select(sprite);
    fitView();
}

/** Images become sprites, one each, in order. Unreadable files and fully transparent images are named in a warning. */
async function addFiles(files: readonly File[]): Promise<string[]> {
    const names: string[] = [];
    for (const file of files) {
        let bitmap: ImageBitmap;
        try {
            bitmap = await createImageBitmap(file);
        } catch {
            notify(`"${file.name}" is not an image this browser can read. Use a PNG (with transparency) or another web image format.`);
            continue;
        }
        const color = IMAGE_COLORS[state.imagesAdded++ % IMAGE_COLORS.length];
        const name = freeName(file.name || 'image');
        const sprite = spriteFromImage(name, bitmap, bitmap.width, bitmap.height, state.threshold, color);
        bitmap.close();
        addSprite(sprite);
        names.push(name);
        if (sprite.mask.count() === 0) {
            const all = sprite.rgba.every((v, i) => i % 4 !== 3 || v === 0);
            notify(all
                ? `"${name}" is fully transparent: it has no visible pixel, so it can never collide. Use an image whose shape is opaque on a transparent background.`
                : `"${name}" has no pixel more opaque than the threshold (${state.threshold}), so it cannot collide. Lower the threshold.`);
        }
    }
    return names;
}

/** Everything as the page opened: demo sprites, view, accuracy, threshold, CPU, display options, no warnings. */
function reset(): void {
    state.accuracy = DEFAULTS.accuracy;
    state.threshold = DEFAULTS.threshold;
    state.imagesAdded = 0;
    accuracyInput.value = String(DEFAULTS.accuracy);
    $('accuracy-value').textContent = String(DEFAULTS.accuracy);
    thresholdInput.value = String(DEFAULTS.threshold);
    $('threshold-value').textContent = String(DEFAULTS.threshold);
    setBackend(DEFAULTS.backend);
    state.showMasks = showMasksInput.checked = DEFAULTS.showMasks;
    state.showSamples = showSamplesInput.checked = DEFAULTS.showSamples;
    noticeBox.replaceChildren();
    state.sprites = makeDemoSprites(state.threshold);
    select(state.sprites[state.sprites.length - 1]);
    fitView();
}

function worldBounds(sprites: readonly Sprite[]): Bounds {
    const out = { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity };
    const one = { minX: 0, minY: 0, maxX: 0, maxY: 0 };
    for (const s of sprites) {
        core.affineBounds(one, transformOf(s), 0, 0, s.width, s.height);
        out.minX = Math.min(out.minX, one.minX); out.minY = Math.min(out.minY, one.minY);
        out.maxX = Math.max(out.maxX, one.maxX); out.maxY = Math.max(out.maxY, one.maxY);
    }
    return out;
}

/** Zooms and centres the view on every sprite (room to drag around them included). */
function fitView(): void {
    if (state.sprites.length) {
        const b = worldBounds(state.sprites);
        const pad = 0.08 * Math.max(b.maxX - b.minX, b.maxY - b.minY);
        view.fit(b.minX - pad, b.minY - pad, b.maxX + pad, b.maxY + pad, 16, 0.05, 4);
    } else {
        view.zoom = 3;
        view.x0 = view.y0 = 0;
    }
    changed();
}

function zoomBy(factor: number): void {
    view.zoom = Math.min(12, Math.max(0.05, view.zoom * factor));
    changed();
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
    if (e.ctrlKey) zoomBy(d > 0 ? 1 / 1.1 : 1.1); // pinch gestures arrive as ctrl+wheel too
    else if (state.active) rotate(state.active, (d > 0 ? -1 : 1) * (e.shiftKey ? 1 : 5));
}, { passive: false });

window.addEventListener('keydown', (e) => {
    const target = e.target as HTMLElement | null;
    if (target instanceof HTMLInputElement || target instanceof HTMLSelectElement || e.ctrlKey || e.metaKey || e.altKey) return;
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
        case '+': case '=': zoomBy(1.25); break;
        case '-': zoomBy(1 / 1.25); break;
        case '0': fitView(); break;
        case 'Delete': case 'Backspace': if (s) removeSprite(s); break;
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
thresholdInput.addEventListener('input', () => setThreshold(Number(thresholdInput.value)));
backendSelect.addEventListener('change', () => setBackend(backendSelect.value as Backend));
showMasksInput.addEventListener('change', () => {
    state.showMasks = showMasksInput.checked;
    changed();
});
showSamplesInput.addEventListener('change', () => {
    state.showSamples = showSamplesInput.checked;
    changed();
});
$('resolve').addEventListener('click', () => resolve());
$('fit').addEventListener('click', () => fitView());
$('reset').addEventListener('click', () => reset());
$('add-image').addEventListener('click', () => $<HTMLInputElement>('file').click());
$<HTMLInputElement>('file').addEventListener('change', (e) => {
    const input = e.target as HTMLInputElement;
    const files = Array.from(input.files ?? []);
    input.value = '';
    void addFiles(files);
});

// Narrow screens: the panel folds away under the stage.
const panel = $<HTMLElement>('panel');
const toggle = $<HTMLButtonElement>('panel-toggle');
toggle.addEventListener('click', () => {
    const collapsed = panel.classList.toggle('collapsed');
    toggle.textContent = collapsed ? 'show panel' : 'hide panel';
    toggle.setAttribute('aria-expanded', String(!collapsed));
});

// Drop images anywhere on the page; the whole page shows that it takes them.
let dragDepth = 0;
const carriesFiles = (e: DragEvent): boolean => !!e.dataTransfer && Array.from(e.dataTransfer.types).includes('Files');
window.addEventListener('dragenter', (e) => {
    if (!carriesFiles(e)) return;
    e.preventDefault();
    dragDepth++;
    document.body.classList.add('dropping');
});
window.addEventListener('dragover', (e) => {
    if (!carriesFiles(e)) return;
    e.preventDefault();
    e.dataTransfer!.dropEffect = 'copy';
    document.body.classList.add('dropping');
});
window.addEventListener('dragleave', (e) => {
    if (!carriesFiles(e)) return;
    dragDepth = Math.max(0, dragDepth - 1);
    if (dragDepth === 0) document.body.classList.remove('dropping');
});
window.addEventListener('drop', (e) => {
    e.preventDefault();
    dragDepth = 0;
    document.body.classList.remove('dropping');
    const files = Array.from(e.dataTransfer?.files ?? []);
    if (files.length) void addFiles(files);
});

// Canvas size follows its box; its backing store is in device pixels. The view refits the sprites.
function resize(): void {
    dpr = window.devicePixelRatio || 1;
    view.cw = Math.max(1, canvas.clientWidth);
    view.ch = Math.max(1, canvas.clientHeight);
    canvas.width = Math.round(view.cw * dpr);
    canvas.height = Math.round(view.ch * dpr);
    fitView();
}
new ResizeObserver(resize).observe(canvas);

// Start --------------------------------------------------------------------------------------------

async function start(): Promise<void> {
    await document.fonts.ready; // the text sprite needs its font before it is rasterized
    if (!document.createElement('canvas').getContext('webgl2')) noGpu();
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
        if (backend === 'gpu') gpuNarrowPhase(); // throws where WebGL2 is missing
        setBackend(backend);
    },
    gpuPages: () => (state.backend === 'gpu' ? gpuNarrowPhase().stats.totalPages : 0),
    addSprite(name, rgba, width, height) {
        addSprite(spriteFromRGBA(name, Uint8ClampedArray.from(rgba), width, height, state.threshold));
    },
    addFiles,
    remove: (name) => removeSprite(spriteNamed(name)),
    reset,
    notices: () => Array.from(noticeBox.querySelectorAll('.notice p')).map((p) => p.textContent ?? ''),
    controls: () => ({ accuracy: state.accuracy, threshold: state.threshold, backend: state.backend, zoom: view.zoom, gpuAvailable }),
    timing: timingInfo,
    layout: () => ({
        view: { minX: view.toWorldX(0), maxX: view.toWorldX(view.cw), minY: view.toWorldY(view.ch), maxY: view.toWorldY(0) },
        sprites: state.sprites.map((s) => ({ name: s.name, ...worldBounds([s]) })),
    }),
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
