/**
 * The editor-process entry's work (source/editor/methods.ts, wired by source/main.ts) with the
 * Editor double: the Bake Masks menu, the inspector's Bake button and the scene view preview.
 */
import { AUTO_BAKE_DELAY_MS, createMethods, isBakeInput, SCENE_SCRIPT } from '../../extensions/pixel-collision/source/editor/methods';
import type { ConsoleLike } from '../../extensions/pixel-collision/source/editor/methods';
import { assetFolderUrl, DIALOG_MAX_ERRORS } from '../../extensions/pixel-collision/source/editor/format';
import { editorDouble, translate } from './editor-double';
import { fakeBaker, report } from './fake-baker';

function sink(): ConsoleLike & { log_: string[]; warn_: string[]; error_: string[] } {
    const s = { log_: [] as string[], warn_: [] as string[], error_: [] as string[],
        log: (l: string) => { s.log_.push(l); }, warn: (l: string) => { s.warn_.push(l); }, error: (l: string) => { s.error_.push(l); } };
    return s;
}

function setup(result = report(), language: 'en' | 'zh' = 'en') {
    const editor = editorDouble('/projects/game', language);
    const baker = fakeBaker(result);
    const out = sink();
    const m = createMethods(() => editor, () => baker, out);
    return { editor, baker, out, m };
}

describe('Bake Masks (menu)', () => {
    test('bakes the whole project at Editor.Project.path, logs progress and a summary, refreshes the library folder, shows an info dialog', async () => {
        const { editor, baker, out, m } = setup();
        const r = await m.bakeMasks();
        expect(r).toEqual(report());
        expect(baker.calls).toHaveLength(1);
        expect(baker.calls[0]).toMatchObject({ kind: 'project', dir: '/projects/game' });
        expect(out.log_[0]).toBe('[Pixel Collision] Baking masks of /projects/game...');
        expect(out.log_[1]).toBe('[Pixel Collision] read assets/hero.png (2 frames)');
        expect(out.log_[2]).toBe('[Pixel Collision] Baked 14 mask(s) of 7 sprite frame(s) at threshold(s) 0, 64: 3 texture(s) read, 2 unchanged. Library: /projects/game/assets/pixel-collision-masks/pixel-masks.ts');
        expect(out.warn_).toEqual([]);
        expect(editor.requests).toEqual([{ channel: 'asset-db', message: 'refresh-asset', args: ['db://assets/pixel-collision-masks'] }]);
        expect(editor.dialogs).toEqual([{
            kind: 'info', title: 'Pixel Collision', message: 'Baked 14 mask(s) of 7 sprite frame(s).',
            detail: expect.stringContaining('Textures read: 3, unchanged: 2.') as unknown as string,
        }]);
    });

    test('refreshes every library the bake wrote (an Asset Bundle\'s too), and none it left as it was', async () => {
        const main = '/projects/game/assets/pixel-collision-masks/pixel-masks.ts';
        const bundle = '/projects/game/assets/levels/pixel-collision-masks/pixel-masks.ts';
        const other = '/projects/game/assets/shop/pixel-collision-masks/pixel-masks.ts';
        const { editor, m } = setup(report({ libraries: [
            { path: main, state: 'up to date', masks: 4 }, { path: bundle, state: 'wrote', masks: 6 }, { path: other, state: 'wrote', masks: 2 },
        ] }));
        await m.bakeMasks();
        expect(editor.requests).toEqual([
            { channel: 'asset-db', message: 'refresh-asset', args: ['db://assets/levels/pixel-collision-masks'] },
            { channel: 'asset-db', message: 'refresh-asset', args: ['db://assets/shop/pixel-collision-masks'] },
        ]);
    });

    test('speaks the editor language (Chinese)', async () => {
        const { editor, out, m } = setup(report(), 'zh');
        await m.bakeMasks();
        expect(out.log_[0]).toBe('[像素碰撞] 正在烘焙 /projects/game 的碰撞位掩码……');
        expect(editor.dialogs[0].message).toBe('已烘焙 7 个精灵帧的 14 个位掩码。');
        expect(editor.dialogs[0].title).toBe('像素碰撞');
    });

    test('per-file errors: one console warning each, a warning dialog listing them (at most DIALOG_MAX_ERRORS)', async () => {
        const errors = Array.from({ length: DIALOG_MAX_ERRORS + 2 }, (_, i) => ({ file: `assets/bad${i}.png`, message: 'not a PNG file' }));
        const { editor, out, m } = setup(report({ errors }));
        await m.bakeMasks();
        expect(out.warn_).toHaveLength(errors.length);
        expect(out.warn_[0]).toBe('[Pixel Collision] assets/bad0.png: not a PNG file');
        const d = editor.dialogs[0];
        expect(d.kind).toBe('warn');
        expect(d.message).toBe(`Baked 14 mask(s) of 7 sprite frame(s); ${errors.length} file(s) could not be baked.`);
        expect(d.detail).toContain(`assets/bad${DIALOG_MAX_ERRORS - 1}.png: not a PNG file`);
        expect(d.detail).not.toContain(`assets/bad${DIALOG_MAX_ERRORS}.png`);
        expect(d.detail).toContain('(+2)');
    });

    test('an unchanged library is not refreshed, and the console says it was up to date', async () => {
        const { editor, out, m } = setup(report({ written: false }));
        await m.bakeMasks();
        expect(editor.requests).toEqual([]);
        expect(out.log_).toContain('[Pixel Collision] The mask library was already up to date.');
    });

    test('a failing bake: an error line and an error dialog; the next bake runs', async () => {
        const editor = editorDouble();
        const out = sink();
        let fail = true;
        const ok = fakeBaker();
        const bad = fakeBaker(new Error('EACCES: permission denied, open settings/pixel-collision.json'));
        const m = createMethods(() => editor, () => (fail ? bad : ok), out);
        expect(await m.bakeMasks()).toBeNull();
        expect(out.error_).toEqual(['[Pixel Collision] Baking failed: EACCES: permission denied, open settings/pixel-collision.json']);
        expect(editor.dialogs[0]).toMatchObject({ kind: 'error', message: 'Baking failed.', detail: 'EACCES: permission denied, open settings/pixel-collision.json' });
        fail = false;
        expect(await m.bakeMasks()).toEqual(report());
    });

    test('a second bake while one runs is refused with a dialog, not started', async () => {
        const { editor, baker, m } = setup();
        baker.hold = true;
        const first = m.bakeMasks();
        await new Promise((r) => setImmediate(r));
        expect(await m.bakeMasks()).toBeNull();
        expect(editor.dialogs[0]).toMatchObject({ kind: 'warn', message: translate('en', 'pixel-collision.bake.busy') });
        baker.release();
        await first;
        expect(baker.calls).toHaveLength(1);
    });

    test('a refresh the asset db refuses is reported, the bake still succeeds', async () => {
        const { editor, out, m } = setup();
        editor.handlers['asset-db:refresh-asset'] = () => { throw new Error('asset-db is not ready'); };
        expect(await m.bakeMasks()).not.toBeNull();
        expect(out.warn_[0]).toMatch(/did not refresh db:\/\/assets\/pixel-collision-masks: asset-db is not ready/);
        expect(editor.dialogs[0].kind).toBe('info');
    });
});

describe('Bake this sprite (inspector button)', () => {
    test('bakes the given frames with the collider\'s threshold', async () => {
        const { baker, editor, m } = setup();
        await m.bakeFrames(['f9941-uuid@f9941'], [64]);
        expect(baker.calls[0]).toMatchObject({ kind: 'frames', dir: '/projects/game', frames: ['f9941-uuid@f9941'], opts: { thresholds: [64] } });
        expect(editor.dialogs[0].kind).toBe('info');
    });

    test('bad arguments: no frames -> a dialog and no bake; bad thresholds are dropped', async () => {
        const { baker, editor, m } = setup();
        expect(await m.bakeFrames([])).toBeNull();
        expect(await m.bakeFrames('not-a-list')).toBeNull();
        expect(editor.dialogs.map((d) => d.message)).toEqual([translate('en', 'pixel-collision.bake.no_frames'), translate('en', 'pixel-collision.bake.no_frames')]);
        expect(baker.calls).toHaveLength(0);
        await m.bakeFrames(['a', 7, ''], [300, -1, 1.5]);
        expect(baker.calls[0].frames).toEqual(['a']);
        expect(baker.calls[0].opts?.thresholds).toBeUndefined();
    });
});

describe('scene view preview', () => {
    test('selection and node changes ask the scene script to outline the selected nodes', async () => {
        const { editor, m } = setup();
        editor.selected = ['node-a', 'node-b'];
        await m.onSelectionChanged('node');
        await m.onSelectionChanged('asset'); // not a node selection: nothing
        await m.onNodeChanged('node-a');
        const calls = editor.requests.filter((r) => r.message === 'execute-scene-script');
        expect(calls).toHaveLength(2);
        expect(calls[0]).toEqual({ channel: 'scene', message: 'execute-scene-script', args: [{ name: SCENE_SCRIPT, method: 'showColliders', args: [['node-a', 'node-b']] }] });
    });

    test('a scene that is not ready does not throw into the editor', async () => {
        const { editor, m } = setup();
        editor.handlers['scene:execute-scene-script'] = () => { throw new Error('scene not ready'); };
        await expect(m.showSelection()).resolves.toBeUndefined();
        await expect(m.hidePreview()).resolves.toBeUndefined();
    });
});

describe('assetFolderUrl', () => {
    test.each([
        ['/p/game', '/p/game/assets/pixel-collision-masks/pixel-masks.ts', 'db://assets/pixel-collision-masks'],
        ['/p/game/', '/p/game/assets/a/b/c.ts', 'db://assets/a/b'],
        ['C:\\p\\game', 'C:\\p\\game\\assets\\masks.ts', 'db://assets'],
        ['/p/game', '/elsewhere/masks.ts', null],
        ['/p/game', '/p/game/assets-old/masks.ts', null],
    ])('%s + %s -> %s', (dir, file, url) => {
        expect(assetFolderUrl(dir, file)).toBe(url);
    });
});

describe('re-baking on asset changes', () => {
    /** The baking module's scheduler, by hand: records its use; `run()` does what its timer would. */
    function withScheduler(result = report()) {
        const editor = editorDouble();
        const out = sink();
        const baker = fakeBaker(result, []);
        const sched = { delay: 0, scheduled: 0, disposed: false, bake: null as null | (() => Promise<unknown>), onError: null as null | ((e: unknown) => void) };
        const withSched = Object.assign(baker, {
            createBakeScheduler(bake: () => Promise<unknown>, delayMs?: number, onError?: (e: unknown) => void) {
                sched.bake = bake; sched.delay = delayMs ?? -1; sched.onError = onError ?? null;
                return { schedule: () => { sched.scheduled++; }, idle: async () => undefined, dispose: () => { sched.disposed = true; } };
            },
        });
        const m = createMethods(() => editor, () => withSched, out);
        const run = async () => { await sched.bake!().catch((e) => sched.onError?.(e)); };
        return { editor, out, baker, sched, m, run };
    }

    test('a changed image, atlas, scene or prefab schedules a quiet bake of the project; scripts and folders do not', async () => {
        const { editor, out, baker, sched, m, run } = withScheduler();
        m.onAssetChanged('u1', { file: '/projects/game/assets/hero.png', url: 'db://assets/hero.png' });
        m.onAssetChanged('u2', { url: 'db://assets/atlas/sheet.plist' });
        m.onAssetChanged('u3', { url: 'db://assets/scenes/main.scene' });
        m.onAssetChanged('u4', { url: 'db://assets/pixel-collision-masks/pixel-masks.ts' }); // the library itself
        m.onAssetChanged('u5', { url: 'db://assets/sprites' });
        m.onAssetChanged('u6', undefined);
        expect(sched.scheduled).toBe(3);
        expect(sched.delay).toBe(AUTO_BAKE_DELAY_MS);
        await run();
        expect(baker.calls).toEqual([{ kind: 'project', dir: '/projects/game', opts: undefined }]);
        expect(editor.dialogs).toEqual([]); // nobody asked: no dialog
        expect(out.log_).toEqual([expect.stringMatching(/^\[Pixel Collision\] Baked 14 mask/)]);
        expect(editor.requests.map((r) => r.args[0])).toEqual(['db://assets/pixel-collision-masks']);
        m.dispose();
        expect(sched.disposed).toBe(true);
    });

    test('an unchanged library is silent; per-file errors still reach the console; a failure is an error line', async () => {
        const quiet = withScheduler(report({ written: false }));
        quiet.m.onAssetChanged('u', { url: 'db://assets/a.png' });
        await quiet.run();
        expect([quiet.out.log_, quiet.out.warn_, quiet.editor.requests]).toEqual([[], [], []]);

        const bad = withScheduler(report({ written: false, errors: [{ file: 'assets/a.png', message: 'not a PNG file' }] }));
        bad.m.onAssetChanged('u', { url: 'db://assets/a.png' });
        await bad.run();
        expect(bad.out.warn_).toEqual(['[Pixel Collision] assets/a.png: not a PNG file']);

        const failing = withScheduler(new Error('disk full') as never);
        failing.m.onAssetChanged('u', { url: 'db://assets/a.png' });
        await failing.run();
        expect(failing.out.error_).toEqual(['[Pixel Collision] Baking failed: disk full']);
        expect(failing.editor.dialogs).toEqual([]);
    });

    test('while a bake the user asked for runs, the automatic one waits for the next turn', async () => {
        const { baker, sched, m, run } = withScheduler();
        baker.hold = true;
        const manual = m.bakeMasks();
        await new Promise((r) => setImmediate(r));
        m.onAssetChanged('u', { url: 'db://assets/a.png' });
        const before = sched.scheduled;
        await run();
        expect(sched.scheduled).toBe(before + 1); // asked again for later
        expect(baker.calls).toHaveLength(1);
        baker.release();
        await manual;
    });

    test('a baking module without a scheduler: changes bake nothing, and nothing throws', () => {
        const { baker, m } = setup();
        expect(() => m.onAssetChanged('u', { url: 'db://assets/a.png' })).not.toThrow();
        expect(baker.calls).toHaveLength(0);
        expect(isBakeInput({ file: 'C:\\game\\assets\\HERO.PNG' })).toBe(true);
        // which frames are baked: animation clips on collider nodes, Auto Atlas folders
        expect(isBakeInput({ url: 'db://assets/hero/walk.anim' })).toBe(true);
        expect(isBakeInput({ url: 'db://assets/rocks/rocks.pac' })).toBe(true);
        expect(isBakeInput({ url: 'db://assets/readme.txt' })).toBe(false);
    });
});
