/**
 * The playground's two pages (playground/index.html and world.html, their scripts bundled with
 * esbuild) in headless Chromium, served from a test origin. What they show is checked against
 * the core run here in Node: the first page's contact against `testMasks` on the same masks and
 * transforms, the world page's touching pairs against the same seeded world run here and against
 * a brute-force test of every pair. Also: dropping several PNGs (one fully transparent), removing
 * a sprite, reset, 800 x 600 and a narrow screen, a browser without WebGL2, the links.
 *
 * With UPDATE_SCREENSHOTS=1 it writes the README's pictures: docs/playground.png and
 * docs/playground-world.png.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { buildSync } from 'esbuild';
import { chromium } from 'playwright-core';
import type { BrowserContext, Page } from 'playwright-core';
import { type Affine2D, BitMask, Contact, testMasks } from '../../extensions/pixel-collision/assets/core';
import type { ContactInfo, PlaygroundApi } from '../../playground/main';
import type { WorldApi } from '../../playground/world';
import { sinCos, WorldSim } from '../../playground/world-sim';
import { rgbaFrom } from '../fixtures/masks';
import { encodePNG } from '../fixtures/png';
import { CHROMIUM, CHROMIUM_ARGS } from './chromium';

jest.setTimeout(300_000);

const ROOT = join(__dirname, '..', '..');
const ORIGIN = 'http://playground.test';
const UPDATE_SCREENSHOTS = !!process.env.UPDATE_SCREENSHOTS;

let context: BrowserContext;
let profile: string;
const bundles = new Map<string, string>();

type Win = Window & { __playground: PlaygroundApi; __world: WorldApi };
interface MaskData { width: number; height: number; bits: number[] }

beforeAll(async () => {
    if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: install Debian chromium (apt-get install -y chromium; .ci/run does it), or set CHROMIUM_PATH.`);
    const out = buildSync({
        entryPoints: [join(ROOT, 'playground/main.ts'), join(ROOT, 'playground/world.ts')], outdir: '/dist', bundle: true,
        platform: 'browser', format: 'esm', target: 'es2020', write: false, logLevel: 'warning', define: { __LIVE_RELOAD__: 'false' },
    });
    for (const f of out.outputFiles) bundles.set(`/dist/${f.path.split('/').pop()}`, f.text);
    profile = mkdtempSync(join(tmpdir(), 'pixel-collision-playground-'));
    context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true, viewport: { width: 1100, height: 700 } });
    // The pages and their bundles, served as `npm start` serves them.
    await context.route(`${ORIGIN}/**`, (route) => {
        const path = new URL(route.request().url()).pathname.replace(/^\/$/, '/index.html');
        const body = bundles.get(path) ?? (existsSync(join(ROOT, 'playground', path)) && !path.includes('..') ? readFileSync(join(ROOT, 'playground', path)) : null);
        if (body === null) return route.fulfill({ status: 404, body: 'not found' });
        const type = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' }[extname(path)] ?? 'application/octet-stream';
        return route.fulfill({ status: 200, contentType: type, body });
    });
});

afterAll(async () => {
    await context?.close();
    if (profile) rmSync(profile, { recursive: true, force: true });
});

/** Opens a page of the playground and waits until it has drawn; fails on any page error. */
async function open(path: string, options: { viewport?: { width: number; height: number }; noWebGL?: boolean } = {}): Promise<{ page: Page; errors: string[] }> {
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    if (options.viewport) await page.setViewportSize(options.viewport);
    if (options.noWebGL) {
        // A browser without WebGL (or with it turned off): no context of either kind.
        await page.addInitScript(() => {
            const get = HTMLCanvasElement.prototype.getContext;
            HTMLCanvasElement.prototype.getContext = function (this: HTMLCanvasElement, kind: string, ...rest: unknown[]) {
                return kind === 'webgl2' || kind === 'webgl' ? null : (get as (...a: unknown[]) => unknown).call(this, kind, ...rest);
            } as typeof get;
        });
    }
    await page.goto(`${ORIGIN}/${path}`);
    const api = path.startsWith('world') ? '__world' : '__playground';
    await page.waitForFunction((k) => (window as unknown as Record<string, unknown>)[k] !== undefined, api);
    await page.evaluate((k) => (window as unknown as Record<string, { ready: Promise<void> }>)[k].ready, api);
    return { page, errors };
}

function maskOf(d: MaskData): BitMask {
    return new BitMask(d.width, d.height, Uint32Array.from(d.bits));
}

/** The page's contact of (a, b) and the one the core computes here on the page's masks and transforms. */
async function pageAndNode(page: Page, a: string, b: string): Promise<{ page: ContactInfo; node: Contact; accuracy: number }> {
    const got = await page.evaluate(([na, nb]) => {
        const pg = (window as unknown as Win).__playground;
        const m = (n: string) => { const k = pg.maskOf(n); return { width: k.width, height: k.height, bits: Array.from(k.bits) }; };
        return { contact: pg.getContact(na, nb)!, ma: m(na), mb: m(nb), ta: pg.transformOf(na), tb: pg.transformOf(nb), accuracy: pg.controls().accuracy };
    }, [a, b]);
    const node = new Contact();
    testMasks(maskOf(got.ma), got.ta, maskOf(got.mb), got.tb, { accuracy: got.accuracy, separation: true }, node);
    return { page: got.contact, node, accuracy: got.accuracy };
}

function expectSameContact(page: ContactInfo, node: Contact): void {
    expect(page.error).toBeNull();
    expect(page.hit).toBe(node.hit);
    expect(page.count).toBe(node.count);
    for (const k of ['minX', 'minY', 'maxX', 'maxY', 'centroidX', 'centroidY', 'normalX', 'normalY', 'separationX', 'separationY'] as const) {
        expect([k, page[k]]).toEqual([k, node[k]]);
    }
    expect(page.shared).toBe(node.count); // the samples the page draws are the contact's
}

/** True when every listed sprite's bounds lie inside the canvas's world rect. */
async function allInView(page: Page): Promise<{ ok: boolean; detail: string }> {
    const { view, sprites } = await page.evaluate(() => (window as unknown as Win).__playground.layout());
    const out = sprites.filter((s) => s.minX < view.minX || s.maxX > view.maxX || s.minY < view.minY || s.maxY > view.maxY);
    return { ok: sprites.length > 0 && out.length === 0, detail: `view ${JSON.stringify(view)}; outside: ${JSON.stringify(out)}` };
}

// PNGs for the drop: a disc, a ring, and a fully transparent one.
const disc = rgbaFrom(40, 40, (x, y) => (x - 20) ** 2 + (y - 20) ** 2 < 18 ** 2);
const ringPx = rgbaFrom(60, 44, (x, y) => { const d = ((x - 30) / 29) ** 2 + ((y - 22) / 21) ** 2; return d < 1 && d > 0.4; });
const clear = rgbaFrom(24, 24, () => false);
const PNGS = [
    { name: 'disc.png', px: disc, w: 40, h: 40 },
    { name: 'oval-ring.png', px: ringPx, w: 60, h: 44 },
    { name: 'empty.png', px: clear, w: 24, h: 24 },
];

/** Dispatches dragenter, dragover and drop events carrying the PNGs as File objects on the page's canvas. */
async function dropPNGs(page: Page, pngs: Array<{ name: string; px: Uint8Array; w: number; h: number }>): Promise<{ highlighted: boolean; overlayVisible: boolean; afterDrop: boolean }> {
    const files = pngs.map((p) => ({ name: p.name, b64: encodePNG(p.px, p.w, p.h).toString('base64') }));
    return page.evaluate(async (list) => {
        const dt = new DataTransfer();
        for (const f of list) {
            const bytes = Uint8Array.from(atob(f.b64), (c) => c.charCodeAt(0));
            dt.items.add(new File([bytes], f.name, { type: 'image/png' }));
        }
        const target = document.getElementById('stage')!;
        const fire = (type: string) => target.dispatchEvent(new DragEvent(type, { dataTransfer: dt, bubbles: true, cancelable: true }));
        fire('dragenter');
        fire('dragover');
        const highlighted = document.body.classList.contains('dropping');
        const overlayVisible = getComputedStyle(document.getElementById('drop-overlay')!).display !== 'none';
        const before = (window as unknown as Win).__playground.names().length;
        fire('drop');
        const afterDrop = !document.body.classList.contains('dropping');
        const deadline = performance.now() + 10_000;
        while ((window as unknown as Win).__playground.names().length < before + list.length && performance.now() < deadline) {
            await new Promise((r) => setTimeout(r, 20));
        }
        return { highlighted, overlayVisible, afterDrop };
    }, files);
}

describe('the pair page (index.html)', () => {
    let page: Page;
    let errors: string[];
    beforeAll(async () => ({ page, errors } = await open('index.html')));
    afterAll(async () => {
        expect(errors).toEqual([]);
        await page?.close();
    });

    test('opens on a contact, and the panel shows what testMasks computes in Node', async () => {
        const names = await page.evaluate(() => (window as unknown as Win).__playground.names());
        const active = await page.evaluate(() => (window as unknown as Win).__playground.active());
        expect(active).toBe('ring');
        const { page: got, node } = await pageAndNode(page, 'star', 'ring');
        expect(node.hit).toBe(true);
        expect(node.count).toBeGreaterThan(10);
        expectSameContact(got, node);
        // The readout prints the same numbers.
        const text = await page.locator('#readout').textContent();
        expect(text).toContain('star (A) × ring (B): hit');
        expect(text).toContain(`count     ${node.count} = ${node.count} drawn ✓`);
        expect(text).toContain(`normal    (${node.normalX.toFixed(2)}, ${node.normalY.toFixed(2)}) A→B`);
        expect(text).toContain(`x [${node.minX.toFixed(2)}, ${node.maxX.toFixed(2)}]`);
        // The other demo sprite does not touch the ring.
        const other = names.find((n) => n !== 'star' && n !== 'ring')!;
        const far = await pageAndNode(page, other, 'ring');
        expect(far.node.hit).toBe(false);
        expectSameContact(far.page, far.node);
        expect(text).toContain(`${other} (A) × ring (B): no hit`);
        expect((await allInView(page)).ok).toBe(true);
    });

    test('timings are medians of batches of many tests, shown in microseconds', async () => {
        await page.evaluate(() => (window as unknown as Win).__playground.render());
        // Idle frames keep measuring until every pair has its nine batches.
        await page.waitForFunction(() => {
            const t = (window as unknown as Win).__playground.timing();
            return t.length > 0 && t.every((x) => x.batches === 9);
        }, undefined, { timeout: 60_000 });
        const timing = await page.evaluate(() => (window as unknown as Win).__playground.timing());
        for (const t of timing) {
            expect(t.movingUs).toBeGreaterThan(0);
            expect(t.stillUs).toBeGreaterThan(0);
            expect(t.movingUs).toBeLessThan(50_000);
            expect(t.runs).toBeGreaterThanOrEqual(2 * t.batches); // moved and still, at least one test each per batch
        }
        const text = (await page.locator('#readout').textContent()) ?? '';
        expect(text).toMatch(/time {6}[\d.]+ µs per test, moved/);
        expect(text).toContain('            median of 9 batches');
        expect(text).not.toMatch(/\d ms\b/);
        // Settled: nothing changes while nothing moves.
        const again = await page.evaluate(async () => {
            await new Promise((r) => setTimeout(r, 200));
            return (window as unknown as Win).__playground.timing();
        });
        expect(again).toEqual(timing);
    });

    test('CPU and GPU give the same contact for every demo pair, at several poses and accuracies', async () => {
        const result = await page.evaluate(() => {
            const pg = (window as unknown as Win).__playground;
            const names = pg.names();
            const b = names[names.length - 1];
            const out: Array<{ cpu: ContactInfo | null; gpu: ContactInfo | null; label: string }> = [];
            const poses: Array<[number, number, number, number, number]> = [[0, 0, 0, 1, 1], [12.3, -7.1, 0.61, 1.4, -0.8], [-20.5, 15.25, -2.2, -1, 1.1], [3, 4, Math.PI / 2, 1, 1]];
            for (const acc of [1, 0.5, 2]) {
                pg.setAccuracy(acc);
                for (const [dx, dy, rot, sx, sy] of poses) {
                    for (const a of names.slice(0, -1)) {
                        const pa = pg.getPose(a);
                        pg.setPose(b, pa.x + dx, pa.y + dy, rot, sx, sy);
                        pg.setBackend('cpu');
                        const cpu = pg.getContact(a, b);
                        pg.setBackend('gpu');
                        const gpu = pg.getContact(a, b);
                        out.push({ cpu, gpu, label: `${a} vs ${b} at accuracy ${acc}, pose ${[dx, dy, rot, sx, sy].join(',')}` });
                    }
                }
            }
            const pages = pg.gpuPages();
            pg.setBackend('cpu');
            pg.reset();
            return { out, pages };
        });
        let hits = 0;
        // The GPU really ran: one draw + readback per pair that met (AABB misses draw nothing).
        expect(result.pages).toBeGreaterThan(5);
        for (const r of result.out) {
            expect(r.gpu?.error ?? null).toBeNull();
            const strip = (c: ContactInfo | null) => c && { ...c, shared: undefined };
            expect({ label: r.label, c: strip(r.gpu) }).toEqual({ label: r.label, c: strip(r.cpu) });
            if (r.cpu?.hit) hits++;
        }
        expect(result.out.length).toBeGreaterThan(20);
        expect(hits).toBeGreaterThan(5);
    });

    test('several dropped PNGs become one sprite each, fitted to the view; a transparent one gets a warning in the page', async () => {
        await page.evaluate(() => (window as unknown as Win).__playground.reset());
        const drop = await dropPNGs(page, PNGS);
        expect(drop).toEqual({ highlighted: true, overlayVisible: true, afterDrop: true });
        const names = await page.evaluate(() => (window as unknown as Win).__playground.names());
        for (const p of PNGS) expect(names).toContain(p.name);
        expect(names).toHaveLength(3 + PNGS.length);
        // Each sprite's mask is the PNG's alpha, as BitMask.fromRGBA reads it here.
        for (const p of PNGS) {
            const m = await page.evaluate((n) => { const k = (window as unknown as Win).__playground.maskOf(n); return { width: k.width, height: k.height, bits: Array.from(k.bits) }; }, p.name);
            const want = BitMask.fromRGBA(p.px, p.w, p.h);
            expect({ name: p.name, width: m.width, height: m.height, bits: m.bits }).toEqual({ name: p.name, width: p.w, height: p.h, bits: Array.from(want.bits) });
        }
        // The warning is in the page, names the file and says what to do.
        const notices = await page.evaluate(() => (window as unknown as Win).__playground.notices());
        expect(notices).toHaveLength(1);
        expect(notices[0]).toContain('"empty.png" is fully transparent');
        expect(notices[0]).toContain('can never collide');
        await expect(page.locator('.notice').isVisible()).resolves.toBe(true);
        await expect(page.locator('#sprites li[data-name="empty.png"] .info').textContent()).resolves.toBe('no opaque pixel');
        // A second drop of the same file gets a name of its own.
        await dropPNGs(page, [PNGS[0]]);
        expect(await page.evaluate(() => (window as unknown as Win).__playground.names())).toContain('disc.png (2)');
        expect(await allInView(page)).toEqual(expect.objectContaining({ ok: true }));
        // Two dropped sprites brought together: the page's contact is the core's.
        await page.evaluate(() => {
            const pg = (window as unknown as Win).__playground;
            const p = pg.getPose('oval-ring.png');
            pg.setPose('disc.png', p.x + 21.3, p.y - 4.6, 0.4, 1.1, 0.9);
            pg.select('disc.png');
        });
        const { page: got, node } = await pageAndNode(page, 'oval-ring.png', 'disc.png');
        expect(node.hit).toBe(true);
        expectSameContact(got, node);
    });

    test('× removes a sprite from the page and from every pair', async () => {
        await page.locator('#sprites li[data-name="oval-ring.png"] .remove').click();
        const names = await page.evaluate(() => (window as unknown as Win).__playground.names());
        expect(names).not.toContain('oval-ring.png');
        await expect(page.locator('#sprites li[data-name="oval-ring.png"]').count()).resolves.toBe(0);
        await page.evaluate(() => (window as unknown as Win).__playground.render());
        const text = (await page.locator('#readout').textContent()) ?? '';
        expect(text).not.toContain('oval-ring.png');
        expect(text).toContain('star (A) ×');
    });

    test('reset puts back the demo sprites, zoom, accuracy, threshold, CPU and clears the warnings', async () => {
        const initial = await page.evaluate(() => { const pg = (window as unknown as Win).__playground; pg.reset(); return pg.controls(); });
        const poses = await page.evaluate(() => { const pg = (window as unknown as Win).__playground; return pg.names().map((n) => [n, pg.getPose(n)]); });
        await dropPNGs(page, [PNGS[2]]);
        await page.locator('#accuracy').fill('2');
        await page.locator('#threshold').fill('100');
        await page.locator('#backend').selectOption('gpu');
        await page.locator('#stage').click({ position: { x: 5, y: 5 } });
        await page.keyboard.press('+');
        await page.keyboard.press('+');
        await page.evaluate(() => { const pg = (window as unknown as Win).__playground; pg.setPose('star', 3, 4, 1, 2, 2); });
        const changed = await page.evaluate(() => (window as unknown as Win).__playground.controls());
        expect(changed).toEqual(expect.objectContaining({ accuracy: 2, threshold: 100, backend: 'gpu' }));
        expect(changed.zoom).not.toBeCloseTo(initial.zoom, 5);
        await page.locator('#reset').click();
        const after = await page.evaluate(() => { const pg = (window as unknown as Win).__playground; return { c: pg.controls(), notices: pg.notices(), poses: pg.names().map((n) => [n, pg.getPose(n)]) }; });
        expect(after.c).toEqual(initial);
        expect(after.notices).toEqual([]);
        expect(after.poses).toEqual(poses);
        await expect(page.locator('#accuracy').inputValue()).resolves.toBe('1');
        await expect(page.locator('#threshold').inputValue()).resolves.toBe('0');
        await expect(page.locator('#backend').inputValue()).resolves.toBe('cpu');
    });

    test('at 800 x 600 every sprite is in view and the panel beside it; on a narrow screen the panel folds under the stage', async () => {
        await page.setViewportSize({ width: 800, height: 600 });
        await page.waitForTimeout(100);
        expect(await allInView(page)).toEqual(expect.objectContaining({ ok: true }));
        const wide = await page.evaluate(() => {
            const c = document.getElementById('stage')!.getBoundingClientRect(), a = document.getElementById('panel')!.getBoundingClientRect();
            return { canvasRight: c.right, panelLeft: a.left, panelRight: a.right, scrollW: document.documentElement.scrollWidth };
        });
        expect(wide.canvasRight).toBeLessThanOrEqual(wide.panelLeft + 0.5);
        expect(wide.panelRight).toBeLessThanOrEqual(800.5);
        expect(wide.scrollW).toBeLessThanOrEqual(800);

        await page.setViewportSize({ width: 390, height: 740 });
        await page.waitForTimeout(100);
        const narrow = async () => page.evaluate(() => {
            const c = document.getElementById('stage')!.getBoundingClientRect(), a = document.getElementById('panel')!.getBoundingClientRect();
            return { canvasBottom: c.bottom, canvasH: c.height, canvasW: c.width, panelTop: a.top, panelH: a.height, scrollW: document.documentElement.scrollWidth };
        });
        const open1 = await narrow();
        expect(open1.canvasBottom).toBeLessThanOrEqual(open1.panelTop + 0.5);
        expect(open1.canvasW).toBeGreaterThan(380);
        expect(open1.scrollW).toBeLessThanOrEqual(390);
        await expect(page.locator('#panel-toggle').isVisible()).resolves.toBe(true);
        await page.locator('#panel-toggle').click();
        await page.waitForTimeout(100);
        const folded = await narrow();
        expect(folded.canvasH).toBeGreaterThan(open1.canvasH + 100);
        await expect(page.locator('#readout').isVisible()).resolves.toBe(false);
        expect(await allInView(page)).toEqual(expect.objectContaining({ ok: true }));
        await page.locator('#panel-toggle').click();
        await expect(page.locator('#readout').isVisible()).resolves.toBe(true);
        await page.setViewportSize({ width: 1100, height: 700 });
    });

    test('the link opens the world page', async () => {
        await page.locator('#to-world').click();
        await page.waitForURL(`${ORIGIN}/world.html`);
        await page.waitForFunction(() => (window as unknown as Win).__world !== undefined);
        await page.evaluate(() => (window as unknown as Win).__world.ready);
        await page.locator('#to-pair').click();
        await page.waitForURL(`${ORIGIN}/index.html`);
        await page.waitForFunction(() => (window as unknown as Win).__playground !== undefined);
    });
});

test('without WebGL2 the GPU choice says so in plain words, and both pages stay on the CPU', async () => {
    for (const path of ['index.html', 'world.html']) {
        const { page, errors } = await open(path, { noWebGL: true });
        const option = page.locator('#backend option[value=gpu]');
        await expect(option.isDisabled()).resolves.toBe(true);
        const note = page.locator('#backend-note');
        await expect(note.isVisible()).resolves.toBe(true);
        const text = (await note.textContent()) ?? '';
        expect(text).toContain('needs WebGL2, which this browser does not offer');
        expect(text).not.toMatch(/Error|context|undefined/);
        // A full-width line of the panel, not squeezed into a column beside the select.
        const box = await note.boundingBox();
        expect(box!.width).toBeGreaterThan(250);
        const available = await page.evaluate((p) => (p === 'index.html'
            ? (window as unknown as Win).__playground.controls().gpuAvailable : (window as unknown as Win).__world.gpuAvailable()), path);
        expect(available).toBe(false);
        await expect(page.locator('#backend').inputValue()).resolves.toBe('cpu');
        expect(errors).toEqual([]);
        await page.close();
    }
});

describe('the world page (world.html)', () => {
    let page: Page;
    let errors: string[];
    beforeAll(async () => {
        ({ page, errors } = await open('world.html'));
        await page.evaluate(() => (window as unknown as Win).__world.pause());
    });
    afterAll(async () => {
        expect(errors).toEqual([]);
        await page?.close();
    });

    /** The same world in Node: same seed and count, the same frames. */
    function nodeWorld(seed: number, count: number, frames: number): WorldSim {
        const sim = new WorldSim({ seed, count });
        for (let i = 0; i < frames; i++) sim.step();
        return sim;
    }

    /** Every pair tested with testMasks, no broad phase: the touching pairs. */
    function bruteForce(sim: WorldSim, transforms: Affine2D[]): Array<[number, number]> {
        const out: Array<[number, number]> = [];
        const c = new Contact();
        for (let i = 0; i < sim.bodies.length; i++) {
            for (let j = i + 1; j < sim.bodies.length; j++) {
                testMasks(sim.shapes[sim.bodies[i].shape].mask, transforms[i], sim.shapes[sim.bodies[j].shape].mask, transforms[j], { accuracy: 1 }, c);
                if (c.hit) out.push([i, j]);
            }
        }
        return out;
    }

    test('the world moves sprites with a sin / cos that gives the same bits in Node and a browser, to 1e-13', () => {
        const o = { sin: 0, cos: 0 };
        let worst = 0;
        for (let i = -5000; i <= 5000; i++) {
            const x = i * 0.01371;
            sinCos(x, o);
            worst = Math.max(worst, Math.abs(o.sin - Math.sin(x)), Math.abs(o.cos - Math.cos(x)));
        }
        expect(worst).toBeLessThan(1e-13);
    });

    test('its touching pairs are those of the same world run in Node, and those a brute-force test finds', async () => {
        const got = await page.evaluate(() => {
            const w = (window as unknown as Win).__world;
            w.setCount(250);
            w.step(40);
            return { state: w.state(), transforms: w.transforms(), shapes: w.shapeMasks() };
        });
        const s = got.state;
        expect(s.frame).toBe(40);
        expect(s.count).toBe(250);
        const sim = nodeWorld(s.seed, 250, 40);
        expect(got.shapes).toEqual(sim.shapes.map((x) => ({ width: x.mask.width, height: x.mask.height, bits: Array.from(x.mask.bits) })));
        expect(got.transforms).toEqual(sim.bodies.map((b) => sim.transformOf(b)));
        expect(s.pairs).toEqual(sim.pairs());
        expect(s.pairs.length).toBeGreaterThan(5);
        expect(s.pairs).toEqual(bruteForce(sim, got.transforms));
        expect([s.totalEnters, s.totalEnds]).toEqual([sim.totalEnters, sim.totalEnds]);
        expect(s.totalEnters - s.totalEnds).toBe(s.pairs.length);
        // The panel says the same.
        expect(s.stats).toContain(`touching pairs  ${s.pairs.length}`);
        expect(s.stats).toContain(`since start     ${s.totalEnters} enter, ${s.totalEnds} end`);
        expect(s.stats).toMatch(/world\.step\(\) {4}[\d.]+ µs/);
        expect(s.stepFrames).toBe(40);
        expect(s.stepUs).toBeGreaterThan(0);
        expect(s.log.some((l) => / {2}enter {2}\w+ \d+ × \w+ \d+$/.test(l))).toBe(true);
    });

    test('on the GPU it finds the same pairs', async () => {
        const got = await page.evaluate(() => {
            const w = (window as unknown as Win).__world;
            w.setBackend('gpu');
            w.step(5);
            const s = w.state();
            w.setBackend('cpu');
            return s;
        });
        expect(got.backend).toBe('gpu');
        expect(got.frame).toBe(45);
        const sim = nodeWorld(got.seed, 250, 45);
        expect(got.pairs).toEqual(sim.pairs());
        expect(got.stats).toContain('computed on     GPU (WebGL2)');
    });

    test('the sprite slider restarts the world with that many sprites', async () => {
        await page.locator('#count').fill('120');
        const s = await page.evaluate(() => { const w = (window as unknown as Win).__world; w.step(3); return w.state(); });
        expect([s.count, s.frame]).toEqual([120, 3]);
        expect(s.pairs).toEqual(nodeWorld(s.seed, 120, 3).pairs());
        await page.locator('#reset').click();
        const r = await page.evaluate(() => (window as unknown as Win).__world.state());
        expect([r.count, r.backend, r.paused]).toEqual([300, 'cpu', false]);
        await page.evaluate(() => (window as unknown as Win).__world.pause());
    });
});

(UPDATE_SCREENSHOTS ? test : test.skip)('writes the README screenshots (UPDATE_SCREENSHOTS=1)', async () => {
    mkdirSync(join(ROOT, 'docs'), { recursive: true });
    const viewport = { width: 1200, height: 760 };
    const pair = await open('index.html', { viewport });
    await pair.page.waitForFunction(() => (window as unknown as Win).__playground.timing().every((x) => x.batches === 9), undefined, { timeout: 60_000 });
    await pair.page.screenshot({ path: join(ROOT, 'docs/playground.png') });
    await pair.page.close();
    const world = await open('world.html', { viewport });
    await world.page.evaluate(() => { const w = (window as unknown as Win).__world; w.pause(); w.setCount(400); w.step(90); });
    await world.page.screenshot({ path: join(ROOT, 'docs/playground-world.png') });
    await world.page.close();
});
