/**
 * The Project Settings tab end to end, in headless Chromium: the panel (source/settings/panel.ts,
 * with stand-ins for Creator's ui elements: settings-page.ts) talks to the real main-process
 * methods (editor/methods.ts) in Node through `Editor.Message.request`, which save through the
 * Editor double's `Editor.Profile` into the project's settings/v2/packages/pixel-collision.json.
 * A user types, picks and ticks; what is refused is said under the field and not saved; what is
 * saved is what the file holds and what the tab shows when it opens again.
 */
import * as fs from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bundle, openPage } from '../browser/chromium';
import type { Browser } from '../browser/chromium';
import { createMethods } from '../../extensions/pixel-collision/source/editor/methods';
import type { EditorMethods } from '../../extensions/pixel-collision/source/editor/methods';
import { CONFIG_FILE, DEFAULT_OUT } from '../../extensions/pixel-collision/source/bake/types';
import { editorDouble, strings, translate } from './editor-double';
import type { EditorDouble } from './editor-double';
import { fakeBaker } from './fake-baker';
import type { SettingsPage } from './settings-page';

jest.setTimeout(120_000);

let browser: Browser;
let dir: string;
let editor: EditorDouble;
let methods: EditorMethods;
const requests: string[] = [];

beforeAll(async () => {
    dir = fs.mkdtempSync(join(tmpdir(), 'pc-settings-panel-'));
    fs.mkdirSync(join(dir, 'assets'));
    editor = editorDouble(dir, 'en');
    methods = createMethods(() => editor, () => fakeBaker(), { log() {}, warn() {}, error() {} });
    browser = await openPage(bundle(join(__dirname, 'settings-page.ts')));
    await browser.page.exposeFunction('pcRequest', async (channel: string, message: string, ...args: unknown[]) => {
        requests.push(`${channel} ${message} ${JSON.stringify(args)}`);
        if (channel !== 'pixel-collision') throw new Error(`unexpected channel ${channel}`);
        if (message === 'get-settings') return methods.getSettings();
        if (message === 'set-setting') return methods.setSetting(args[0], args[1]);
        throw new Error(`unexpected message ${message}`);
    });
});
afterAll(async () => {
    methods?.dispose();
    await browser?.close();
    fs.rmSync(dir, { recursive: true, force: true });
});

const page = () => browser.page;
const mount = (language: 'en' | 'zh' = 'en') =>
    page().evaluate((s) => (globalThis as unknown as { settingsPage: SettingsPage }).settingsPage.mount(s), strings(language));
const state = () => page().evaluate(() => (globalThis as unknown as { settingsPage: SettingsPage }).settingsPage.state());
const saved = () => {
    const file = join(dir, CONFIG_FILE);
    return fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown> : null;
};
/** Types into a field and leaves it (Tab), as a user does. */
async function typeInto(selector: string, text: string): Promise<void> {
    const field = page().locator(selector);
    await field.click();
    await page().keyboard.press('Control+A');
    await page().keyboard.type(text);
    await page().keyboard.press('Tab');
    await page().evaluate(() => new Promise((r) => setTimeout(r, 50)));
}

test('opens with the defaults; a refused value is said under its field, kept there, and not saved; a good one is saved as the bake reads it', async () => {
    await mount();
    expect(await state()).toEqual({
        values: { thresholds: '0', out: DEFAULT_OUT, onUnreadable: 'keep', bakeAll: false, include: '' },
        errors: { thresholds: '', out: '', onUnreadable: '', bakeAll: '', include: '' },
        options: ['keep=Keep their previous masks and warn', 'fail=Stop the bake (a build fails)'],
    });
    expect(saved()).toBeNull();

    await typeInto('.pc-thresholds input', '64, 0, 300');
    let s = await state();
    expect(s.errors.thresholds).toBe(translate('en', 'pixel-collision.settings.error.thresholds', { value: '300' }));
    expect(s.values.thresholds).toBe('64, 0, 300');
    expect(saved()).toBeNull();

    await typeInto('.pc-thresholds input', '64 0 64');
    s = await state();
    expect(s.errors.thresholds).toBe('');
    expect(s.values.thresholds).toBe('0, 64'); // as saved: sorted, once each
    expect(saved()).toMatchObject({ thresholds: [0, 64] });

    await typeInto('.pc-out input', '../outside.ts');
    expect((await state()).errors.out).toContain('../outside.ts');
    await typeInto('.pc-out input', 'assets/generated/masks.ts');
    expect((await state()).errors.out).toBe('');

    await page().locator('.pc-onUnreadable select').selectOption('fail');
    await page().locator('.pc-bakeAll input').click();
    await typeInto('.pc-include textarea', 'assets/art/enemies/**');
    await page().keyboard.press('Shift+Tab'); // back into the textarea, then add a wrong line
    await page().keyboard.press('End');
    await page().keyboard.type('\n/etc/**');
    await page().keyboard.press('Tab');
    await page().evaluate(() => new Promise((r) => setTimeout(r, 50)));
    expect((await state()).errors.include).toBe(translate('en', 'pixel-collision.settings.error.include', { value: '/etc/**' }));

    expect(saved()).toEqual({
        __version__: expect.any(String),
        thresholds: [0, 64], out: 'assets/generated/masks.ts', onUnreadable: 'fail', bakeAll: true, include: ['assets/art/enemies/**'],
    });
    // Leaving a field without changing it sends nothing.
    const before = requests.length;
    await page().locator('.pc-out input').click();
    await page().keyboard.press('Tab');
    await page().evaluate(() => new Promise((r) => setTimeout(r, 50)));
    expect(requests.length).toBe(before);
});

test('opened again (in Chinese): the saved values, and a wrong value written into the file by hand shown with why', async () => {
    // The editor now in Chinese, with the same project; someone edited the file by hand.
    const zh = editorDouble(dir, 'zh');
    zh.projectProfile['pixel-collision'] = { ...editor.projectProfile['pixel-collision'], thresholds: [0, 999] };
    editor = zh;
    await mount('zh');
    const s = await state();
    expect(s.values).toEqual({ thresholds: '0', out: 'assets/generated/masks.ts', onUnreadable: 'fail', bakeAll: true, include: 'assets/art/enemies/**' });
    expect(s.errors.thresholds).toBe(`${translate('zh', 'pixel-collision.settings.error.thresholds', { value: '999' })} ${translate('zh', 'pixel-collision.settings.default_used')}`);
    expect(s.options).toEqual(['keep=保留之前的位掩码并警告', 'fail=停止烘焙（构建失败）']);
});
