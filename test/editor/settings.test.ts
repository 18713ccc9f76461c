/**
 * The extension's Project Settings: package.json's `contributions.profile.project` / `project`
 * entries, the check every value passes (source/editor/settings.ts), and the main-process messages
 * the Project Settings tab uses (`getSettings` / `setSetting` in editor/methods.ts) against the
 * Editor double's `Editor.Profile`, down to the file the real bake reads.
 */
import * as fs from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMethods } from '../../extensions/pixel-collision/source/editor/methods';
import type { ConsoleLike } from '../../extensions/pixel-collision/source/editor/methods';
import type { Baker } from '../../extensions/pixel-collision/source/editor/baker';
import { checkSetting, effectiveSettings, SETTING_DEFAULTS, SETTING_KEYS } from '../../extensions/pixel-collision/source/editor/settings';
import type { SettingKey } from '../../extensions/pixel-collision/source/editor/settings';
import { CONFIG_FILE, DEFAULT_OUT } from '../../extensions/pixel-collision/source/bake/types';
import { editorDouble, lookup, profileDefaults, projectProfileFile, strings, translate } from './editor-double';
import { fakeBaker } from './fake-baker';

const ext = join(__dirname, '../../extensions/pixel-collision');
const pkg = JSON.parse(fs.readFileSync(join(ext, 'package.json'), 'utf8'));

const quiet: ConsoleLike = { log() {}, warn() {}, error() {} };

/** Methods on the Editor double, with a baking module whose scheduler counts the bakes asked for. */
function setup(projectPath = '/projects/game', language: 'en' | 'zh' = 'en') {
    const editor = editorDouble(projectPath, language);
    const sched = { scheduled: 0 };
    const baker: Baker = {
        ...fakeBaker(),
        createBakeScheduler: () => ({ schedule: () => { sched.scheduled++; }, idle: async () => undefined, dispose: () => {} }),
    };
    const m = createMethods(() => editor, () => baker, quiet);
    return { editor, sched, m };
}

describe('package.json: Creator\'s project profile and Project Settings tab', () => {
    test('one profile.project entry per setting, with the defaults the bake uses and an i18n label', () => {
        const project = pkg.contributions.profile.project as Record<string, { default: unknown; label: string }>;
        expect(Object.keys(project)).toEqual([...SETTING_KEYS]);
        expect(profileDefaults()).toEqual({ ...SETTING_DEFAULTS });
        expect(project.out.default).toBe(DEFAULT_OUT);
        for (const key of SETTING_KEYS) expect(project[key].label).toBe(`i18n:pixel-collision.settings.${key}.label`);
    });

    test('the bake reads the file Creator saves the profile in', () => {
        expect(projectProfileFile(pkg.name)).toBe(CONFIG_FILE);
    });

    test('a Project Settings tab with a label and the custom panel for these settings', () => {
        expect(pkg.contributions.project).toEqual({ bake: { label: 'i18n:pixel-collision.settings.tab', custom: './dist/settings/panel.js' } });
        const panel = require(join(ext, 'source/settings/panel.ts')) as Record<string, unknown>; // eslint-disable-line @typescript-eslint/no-require-imports
        expect(typeof panel.template).toBe('string');
        for (const fn of ['ready', 'close']) expect(typeof panel[fn]).toBe('function');
        const $ = panel.$ as Record<string, string>;
        for (const key of SETTING_KEYS) {
            expect($[key]).toBe(`.pc-${key}`);
            expect($[`error-${key}`]).toBe(`.pc-error-${key}`);
        }
        for (const sel of Object.values($)) expect(panel.template as string).toContain(`pc-${sel.slice(4)}`);
        expect(fs.readFileSync(join(ext, 'source/settings/panel.ts'), 'utf8')).toMatch(/'set-setting'[\s\S]*'get-settings'/);
        expect(pkg.contributions.messages['get-settings']).toEqual({ methods: ['getSettings'] });
        expect(pkg.contributions.messages['set-setting']).toEqual({ methods: ['setSetting'] });
    });

    test('every word of the tab exists in English and Chinese', () => {
        for (const language of ['en', 'zh'] as const) {
            const d = strings(language);
            const keys = ['settings.tab', 'settings.intro', 'settings.default_used', 'settings.onUnreadable.keep', 'settings.onUnreadable.fail',
                'settings.error.unknown', 'settings.error.save',
                ...SETTING_KEYS.flatMap((k) => [`settings.${k}.label`, `settings.${k}.tip`, `settings.error.${k}`])];
            for (const k of keys) expect([language, k, typeof lookup(d, k)]).toEqual([language, k, 'string']);
        }
    });
});

describe('checkSetting', () => {
    const ok = (key: SettingKey, value: unknown) => {
        const c = checkSetting(key, value);
        if (!c.ok) throw new Error(`${key} ${JSON.stringify(value)} refused: ${c.error}`);
        return c.value;
    };
    const refused = (key: SettingKey, value: unknown) => {
        const c = checkSetting(key, value);
        expect([key, value, c.ok]).toEqual([key, value, false]);
        return c.ok ? null : c;
    };

    test('thresholds: integers 0-255 from a list or from text, sorted, without repeats', () => {
        expect(ok('thresholds', '64, 0  128;64')).toEqual([0, 64, 128]);
        expect(ok('thresholds', [255, 0])).toEqual([0, 255]);
        expect(ok('thresholds', ['7', 3])).toEqual([3, 7]); // a list of a text field's words
        expect(ok('thresholds', '')).toEqual([]);
        for (const bad of ['256', '-1', '1.5', 'abc', '0x10', [1.5], [300], ['7.0'], 7, null, {}]) refused('thresholds', bad);
        expect(refused('thresholds', '0, 300')).toEqual({ ok: false, error: 'settings.error.thresholds', vars: { value: '300' } });
    });

    test('out: a .ts script inside assets/, relative to the project, written with / and no . parts', () => {
        expect(ok('out', 'assets/gen/masks.ts')).toBe('assets/gen/masks.ts');
        expect(ok('out', ' ./assets//gen\\masks.ts ')).toBe('assets/gen/masks.ts');
        for (const bad of ['/abs/assets/x.ts', 'C:\\game\\assets\\x.ts', '\\\\server\\x.ts', 'db://assets/x.ts', '../assets/x.ts', 'assets/../x.ts',
            'lib/x.ts', 'assets/x.js', 'assets/.ts', 'assets/x.d.ts', 'assets', 'assets/', '', 42, null]) refused('out', bad);
        expect(refused('out', '../x.ts')!.vars).toEqual({ value: '../x.ts' });
    });

    test('onUnreadable: "keep" or "fail"; bakeAll: a boolean', () => {
        expect(ok('onUnreadable', 'fail')).toBe('fail');
        expect(ok('onUnreadable', 'keep')).toBe('keep');
        for (const bad of ['Keep', 'stop', '', true, null]) refused('onUnreadable', bad);
        expect(ok('bakeAll', true)).toBe(true);
        expect(ok('bakeAll', false)).toBe(false);
        for (const bad of ['true', 1, 0, null]) refused('bakeAll', bad);
    });

    test('include: folders or globs inside assets/, one per line (or a list), without repeats', () => {
        expect(ok('include', 'assets/art/enemies/**\r\n\n assets/ui/*.png \nassets/art/enemies/**')).toEqual(['assets/art/enemies/**', 'assets/ui/*.png']);
        expect(ok('include', ['assets'])).toEqual(['assets']);
        expect(ok('include', '')).toEqual([]);
        for (const bad of ['art/**', '/assets/x', 'assets/../x', 'assetsx/**', [3], 5]) refused('include', bad);
    });

    test('a hand-edited file: each wrong value is replaced by its default and said why; the others are used', () => {
        const { values, problems } = effectiveSettings({ thresholds: [0, 999], out: 'assets/m.ts', onUnreadable: 'fail', bakeAll: 'yes', include: undefined });
        expect(values).toEqual({ ...SETTING_DEFAULTS, out: 'assets/m.ts', onUnreadable: 'fail' });
        expect(Object.keys(problems).sort()).toEqual(['bakeAll', 'thresholds']);
    });
});

describe('the Project Settings messages (main process) with the Editor double', () => {
    test('getSettings: the defaults when nothing is saved, read through Editor.Profile.getProject', async () => {
        const { editor, m } = setup();
        expect(await m.getSettings()).toEqual({ values: { ...SETTING_DEFAULTS }, errors: {} });
        expect(editor.profileCalls.map((c) => [c.op, c.name, c.key])).toEqual(SETTING_KEYS.map((k) => ['get', 'pixel-collision', k]));
    });

    test('setSetting saves the checked value at the project level, answers it, and re-bakes quietly', async () => {
        const { editor, sched, m } = setup();
        expect(await m.setSetting('thresholds', '128, 0, 64')).toEqual({ ok: true, value: [0, 64, 128] });
        expect(await m.setSetting('out', './assets/gen/masks.ts')).toEqual({ ok: true, value: 'assets/gen/masks.ts' });
        expect(await m.setSetting('onUnreadable', 'fail')).toEqual({ ok: true, value: 'fail' });
        expect(await m.setSetting('bakeAll', true)).toEqual({ ok: true, value: true });
        expect(await m.setSetting('include', 'assets/art/**')).toEqual({ ok: true, value: ['assets/art/**'] });
        expect(editor.profileCalls.filter((c) => c.op === 'set')).toEqual([
            { op: 'set', name: 'pixel-collision', key: 'thresholds', value: [0, 64, 128], type: 'project' },
            { op: 'set', name: 'pixel-collision', key: 'out', value: 'assets/gen/masks.ts', type: 'project' },
            { op: 'set', name: 'pixel-collision', key: 'onUnreadable', value: 'fail', type: 'project' },
            { op: 'set', name: 'pixel-collision', key: 'bakeAll', value: true, type: 'project' },
            { op: 'set', name: 'pixel-collision', key: 'include', value: ['assets/art/**'], type: 'project' },
        ]);
        expect(sched.scheduled).toBe(5);
        expect((await m.getSettings()).values).toEqual({ thresholds: [0, 64, 128], out: 'assets/gen/masks.ts', onUnreadable: 'fail', bakeAll: true, include: ['assets/art/**'] });
    });

    test('a refused value is not saved, bakes nothing, and says what to write (English and Chinese)', async () => {
        for (const language of ['en', 'zh'] as const) {
            const { editor, sched, m } = setup('/projects/game', language);
            const cases: Array<[SettingKey | string, unknown, string, Record<string, string>]> = [
                ['thresholds', '0, 256', 'settings.error.thresholds', { value: '256' }],
                ['out', '../outside.ts', 'settings.error.out', { value: '../outside.ts' }],
                ['onUnreadable', 'stop', 'settings.error.onUnreadable', { value: 'stop' }],
                ['bakeAll', 'yes', 'settings.error.bakeAll', { value: 'yes' }],
                ['include', '/etc/**', 'settings.error.include', { value: '/etc/**' }],
                ['threshold', [0], 'settings.error.unknown', { value: 'threshold' }],
            ];
            for (const [key, value, message, vars] of cases) {
                const r = await m.setSetting(key, value);
                expect(r).toEqual({ ok: false, message: translate(language, `pixel-collision.${message}`, vars) });
                if (!r.ok) expect(r.message).toContain(vars.value);
            }
            expect(editor.profileCalls.filter((c) => c.op === 'set')).toEqual([]);
            expect(sched.scheduled).toBe(0);
        }
        const { m } = setup();
        expect(await m.setSetting('thresholds', '0, 256')).toEqual({ ok: false, message: 'Not saved: 256 is not a whole number from 0 to 255. Write the thresholds separated by commas, e.g. 0, 64.' });
    });

    test('the editor cannot write: the value is reported as not saved, with the editor\'s reason', async () => {
        const { editor, sched, m } = setup();
        editor.failNextSet = new Error('EACCES: permission denied');
        const r = await m.setSetting('thresholds', '0, 64');
        expect(r).toEqual({ ok: false, message: 'Not saved: the editor could not write the project settings (EACCES: permission denied).' });
        expect(sched.scheduled).toBe(0);
    });

    test('a wrong value in the file (edited by hand): shown with its default and why', async () => {
        const { editor, m } = setup('/projects/game', 'zh');
        editor.projectProfile['pixel-collision'] = { thresholds: [0, 999], out: 'assets/m.ts' };
        const view = await m.getSettings();
        expect(view.values).toEqual({ ...SETTING_DEFAULTS, out: 'assets/m.ts' });
        expect(view.errors).toEqual({
            thresholds: `${translate('zh', 'pixel-collision.settings.error.thresholds', { value: '999' })} ${translate('zh', 'pixel-collision.settings.default_used')}`,
        });
    });
});

describe('saved through Project Settings, used by the bake', () => {
    jest.setTimeout(60_000);
    test('the thresholds and the library path saved by setSetting are what the real bake of the fixture project uses', async () => {
        const dir = fs.mkdtempSync(join(tmpdir(), 'pc-settings-'));
        try {
            fs.cpSync(join(__dirname, '../fixtures/bake-project'), dir, { recursive: true });
            fs.rmSync(join(dir, CONFIG_FILE), { force: true });
            const { m } = setup(dir);
            expect(await m.setSetting('thresholds', '200, 0')).toEqual({ ok: true, value: [0, 200] });
            expect(await m.setSetting('out', 'assets/generated/masks.ts')).toEqual({ ok: true, value: 'assets/generated/masks.ts' });
            const saved = JSON.parse(fs.readFileSync(join(dir, CONFIG_FILE), 'utf8'));
            expect(saved).toMatchObject({ thresholds: [0, 200], out: 'assets/generated/masks.ts' });
            // eslint-disable-next-line @typescript-eslint/no-require-imports
            const { bakeProject } = require('../../extensions/pixel-collision/source/bake/index') as typeof import('../../extensions/pixel-collision/source/bake/index');
            const report = await bakeProject(dir);
            expect(report.errors).toEqual([]);
            expect(report.thresholds).toContain(200);
            expect(report.output).toBe(join(dir, 'assets/generated/masks.ts'));
            expect(fs.existsSync(report.output)).toBe(true);
        } finally {
            fs.rmSync(dir, { recursive: true, force: true });
        }
    });
});
