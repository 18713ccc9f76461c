/**
 * The PixelCollider inspector section keeps the user's focus (headless Chromium, the real built
 * `dist/inspector/pixel-collider.js`, a stand-in for Creator's ui-prop / ui-num-input / ui-slider:
 * see inspector-page.ts). Creator's node inspector calls the section's `update(dump)` after every
 * `set-property` (editor/inspector/contributions/node.js, engine v3.8.5), that is after each value a
 * user types or drags; an `update` that detaches the focused field (even to append it again at the
 * same place) blurs it, and one that detaches a slider ends its drag.
 *
 * Rebuild the bundle after changing source/inspector: npm run build:extension
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { bundle, openPage } from '../browser/chromium';
import type { Browser } from '../browser/chromium';
import type { DumpValues, InspectorPage } from './inspector-page';

jest.setTimeout(120_000);

const DIST = join(__dirname, '../../extensions/pixel-collision/dist/inspector/pixel-collider.js');

let browser: Browser;
beforeAll(async () => {
    browser = await openPage(bundle(join(__dirname, 'inspector-page.ts')));
    const exported = await browser.page.evaluate((src) => (globalThis as unknown as { inspectorPage: InspectorPage }).inspectorPage.load(src), readFileSync(DIST, 'utf8'));
    expect(exported).toEqual(['$', 'close', 'ready', 'style', 'template', 'update']);
});
afterAll(async () => { await browser?.close(); });

type Page = Browser['page'];
const call = <K extends keyof InspectorPage>(page: Page, name: K, ...args: Parameters<InspectorPage[K]>) =>
    page.evaluate(({ name, args }) => {
        const api = (globalThis as unknown as { inspectorPage: Record<string, (...a: unknown[]) => unknown> }).inspectorPage;
        return api[name](...args);
    }, { name, args: args as unknown[] }) as Promise<ReturnType<InspectorPage[K]>>;

/** Lets the section's asynchronous part (the scene script's answer) finish, and a frame pass. */
const settle = (page: Page) => page.evaluate(() => new Promise((r) => setTimeout(() => requestAnimationFrame(r), 20)));

async function fresh(values: DumpValues): Promise<Page> {
    const page = browser.page;
    await page.evaluate(() => { document.body.replaceChildren(); });
    await call(page, 'mount', values);
    await settle(page);
    return page;
}

test('typing in a number field: update() after set-property keeps the focus and the caret, and typing goes on', async () => {
    const page = await fresh({ accuracy: 0 });
    const field = page.locator('ui-prop[path="accuracy"] input');
    await field.click();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('12');
    await page.keyboard.press('ArrowLeft'); // caret between 1 and 2
    const handle = await field.elementHandle();
    expect(await call(page, 'focus')).toEqual({ path: 'accuracy', selectionStart: 1, value: '12' });

    await call(page, 'update', { accuracy: 12 }); // the scene's dump after set-property
    await settle(page);
    expect(await call(page, 'focus')).toEqual({ path: 'accuracy', selectionStart: 1, value: '12' });
    expect(await page.evaluate((el) => el === (globalThis as unknown as { inspectorPage: InspectorPage }).inspectorPage.inputOf('accuracy'), handle)).toBe(true);

    await page.keyboard.type('5');
    expect(await call(page, 'focus')).toEqual({ path: 'accuracy', selectionStart: 2, value: '152' });
    expect(await call(page, 'order')).toEqual(['shape', 'alphaThreshold', 'accuracy', 'mode', 'group', 'bakedMask', 'maskLibrary', 'pixelTouch']);
});

test('dragging the threshold slider: update() in the middle of the drag does not cut it off', async () => {
    const page = await fresh({ alphaThreshold: 0 });
    const slider = page.locator('ui-prop[path="alphaThreshold"] input');
    const box = (await slider.boundingBox())!;
    const y = box.y + box.height / 2;
    const at = (f: number) => box.x + box.width * f;
    const value = () => slider.evaluate((el) => Number((el as HTMLInputElement).value));

    await page.mouse.move(at(0.1), y);
    await page.mouse.down();
    await page.mouse.move(at(0.3), y, { steps: 3 });
    const first = await value();
    expect(first).toBeGreaterThan(40);
    await call(page, 'update', { alphaThreshold: first }); // set-property of the value dragged so far
    await settle(page);
    await page.mouse.move(at(0.8), y, { steps: 5 });
    const second = await value();
    await page.mouse.up();
    expect(second).toBeGreaterThan(first + 80); // still following the pointer
    expect((await call(page, 'focus')).path).toBe('alphaThreshold');
});

test('a change of shape shows and hides properties around the focused field without moving it; the order stays the component\'s', async () => {
    const page = await fresh({ shape: 0 });
    const box = page.locator('ui-prop[path="pixelTouch"] input');
    await box.focus();
    expect((await call(page, 'focus')).path).toBe('pixelTouch');

    await call(page, 'update', { shape: 1 }); // BOX: size and offset appear, the baked-mask fields go
    await settle(page);
    expect(await call(page, 'order')).toEqual(['shape', 'alphaThreshold', 'accuracy', 'mode', 'group', 'size', 'offset', 'pixelTouch']);
    expect((await call(page, 'focus')).path).toBe('pixelTouch');

    await call(page, 'update', { shape: 2 }); // CIRCLE: size goes, radius comes after offset
    await settle(page);
    expect(await call(page, 'order')).toEqual(['shape', 'alphaThreshold', 'accuracy', 'mode', 'group', 'offset', 'radius', 'pixelTouch']);
    expect((await call(page, 'focus')).path).toBe('pixelTouch');
    await page.keyboard.press('Space');
    expect(await box.isChecked()).toBe(true);
});

test('the section asks the scene named by the inspector\'s message protocol, as Creator\'s own inspectors do ("scene" without one)', async () => {
    const page = browser.page;
    await page.evaluate(() => { document.body.replaceChildren(); });
    await call(page, 'mount', {}, 'scene:preview-a');
    await settle(page);
    expect(await call(page, 'requests')).toEqual(['scene:preview-a execute-scene-script']);
    await page.evaluate(() => { document.body.replaceChildren(); });
    await call(page, 'mount', {});
    await settle(page);
    expect(await call(page, 'requests')).toEqual(['scene execute-scene-script']);
});
