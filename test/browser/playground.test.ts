/**
 * The playground's CPU/GPU switch (issue 9), in headless Chromium: the page (playground/index.html
 * with its script bundled) tests each demo pair with the CPU narrow phase and with the GPU one on
 * WebGL2, at several poses and accuracies; both must give the same contact, field for field.
 */
import { join } from 'node:path';
import { buildSync } from 'esbuild';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { chromium } from 'playwright-core';
import type { BrowserContext, Page } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS } from './chromium';
import type { ContactInfo, PlaygroundApi } from '../../playground/main';

jest.setTimeout(180_000);

let context: BrowserContext;
let page: Page;
let profile: string;

beforeAll(async () => {
    if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: install Debian chromium (apt-get install -y chromium; .ci/run does it).`);
    const root = join(__dirname, '..', '..');
    const script = buildSync({
        entryPoints: [join(root, 'playground/main.ts')], bundle: true, platform: 'browser', format: 'esm', target: 'es2020',
        write: false, logLevel: 'warning', define: { __LIVE_RELOAD__: 'false' },
    }).outputFiles[0].text;
    const html = readFileSync(join(root, 'playground/index.html'), 'utf8').replace(/<script[^>]*src="dist\/main.js"[^>]*><\/script>/, '');
    profile = mkdtempSync(join(tmpdir(), 'pixel-collision-playground-'));
    context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true, viewport: { width: 1100, height: 700 } });
    page = context.pages()[0] ?? await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.setContent(html);
    await page.addScriptTag({ content: script, type: 'module' });
    await page.waitForFunction(() => (window as unknown as { __playground?: PlaygroundApi }).__playground !== undefined);
    await page.evaluate(() => (window as unknown as { __playground: PlaygroundApi }).__playground.ready);
    expect(errors).toEqual([]);
});

afterAll(async () => {
    await context?.close();
    if (profile) rmSync(profile, { recursive: true, force: true });
});

test('CPU and GPU give the same contact for every demo pair, at several poses and accuracies', async () => {
    const result = await page.evaluate(() => {
        const pg = (window as unknown as { __playground: PlaygroundApi }).__playground;
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
