/**
 * Headless Chromium for the browser tests and the GPU benchmark: Debian's `chromium` driven by
 * playwright-core, WebGL2 through SwiftShader (software, exact IEEE float32, slow), a fresh
 * profile in a temporary folder each time. Page scripts are bundled with esbuild.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildSync } from 'esbuild';
import { chromium } from 'playwright-core';
import type { BrowserContext, Page } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
    '--headless', '--no-sandbox', '--use-angle=swiftshader', '--enable-unsafe-swiftshader',
    '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run',
];

export interface Browser {
    page: Page;
    close(): Promise<void>;
}

/**
 * Starts Chromium with a page holding `script` (a bundled page script). Throws, with the command
 * that fixes it, when Debian chromium is not installed: the GPU contract must never be skipped
 * silently. `args` are added to {@link CHROMIUM_ARGS} (e.g. `--enable-precise-memory-info`).
 */
export async function openPage(script: string, options: { isolated?: boolean; args?: string[] } = {}): Promise<Browser> {
    if (!existsSync(CHROMIUM)) {
        throw new Error(`${CHROMIUM} is missing: the WebGL2 tests need Debian chromium. Install it with: apt-get install -y chromium (as root; .ci/run does it), or set CHROMIUM_PATH.`);
    }
    const profile = mkdtempSync(join(tmpdir(), 'pixel-collision-chromium-'));
    // playwright refuses --user-data-dir in launch(); a persistent context takes the folder instead.
    let context: BrowserContext;
    try {
        context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, args: [...CHROMIUM_ARGS, ...(options.args ?? [])], headless: true });
    } catch (e) {
        rmSync(profile, { recursive: true, force: true });
        throw e;
    }
    const page = context.pages()[0] ?? await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    if (options.isolated) {
        // A cross-origin isolated page (COOP + COEP headers): performance.now() ticks in 5 us
        // instead of 100 us, which the benchmark needs for sub-millisecond frames.
        await page.route(ISOLATED_URL, (route) => route.fulfill({
            status: 200, contentType: 'text/html', body: '<!doctype html><html><body></body></html>',
            headers: { 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp' },
        }));
        await page.goto(ISOLATED_URL);
        if (!(await page.evaluate(() => globalThis.crossOriginIsolated))) throw new Error('the benchmark page is not cross-origin isolated (coarse timers)');
    } else {
        await page.setContent('<!doctype html><html><body></body></html>');
    }
    await page.addScriptTag({ content: script });
    if (errors.length) throw new Error(`page script failed: ${errors.join('\n')}`);
    return {
        page,
        async close() {
            await context.close();
            rmSync(profile, { recursive: true, force: true });
        },
    };
}

const ISOLATED_URL = 'http://localhost:9/pixel-collision-bench';

/** Bundles a TypeScript page script (and what it imports) into one browser script. */
export function bundle(entry: string): string {
    const out = buildSync({
        entryPoints: [entry], bundle: true, platform: 'browser', format: 'iife', target: 'es2020',
        write: false, logLevel: 'warning', sourcemap: 'inline',
    });
    return out.outputFiles[0].text;
}
