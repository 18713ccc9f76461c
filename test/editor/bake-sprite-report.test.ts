/**
 * "Bake This Sprite" (the inspector's button, `bakeFrames`) says what it baked for that sprite: its
 * frames and one mask per frame and threshold, not the library's total (a frames bake keeps the
 * other frames' entries, and the report's `masks` counts them all). Bake Masks still reports the
 * whole library. With the baker double, and with the real bake on the fixture project.
 */
import * as fs from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadBaker } from '../../extensions/pixel-collision/source/editor/baker';
import { createMethods } from '../../extensions/pixel-collision/source/editor/methods';
import type { ConsoleLike } from '../../extensions/pixel-collision/source/editor/methods';
import { editorDouble } from './editor-double';
import { fakeBaker, report } from './fake-baker';

function sink(): ConsoleLike & { lines: string[] } {
    const lines: string[] = [];
    return { lines, log: (l) => { lines.push(l); }, warn: (l) => { lines.push(l); }, error: (l) => { lines.push(l); } };
}

/** One frame baked at four thresholds into a library of 49 masks (the report of a frames bake). */
const oneFrame = report({ framesBaked: 1, masks: 49, thresholds: [0, 64, 127, 200], texturesRead: 1, texturesSkipped: 0 });

describe.each([
    ['en', 'Baked 4 mask(s) of 1 sprite frame(s).', 'The library now holds 49 mask(s) in all.', 'Baked 49 mask(s) of 1 sprite frame(s).'],
    ['zh', '已烘焙 1 个精灵帧的 4 个位掩码。', '位掩码库中现共有 49 个位掩码。', '已烘焙 1 个精灵帧的 49 个位掩码。'],
] as const)('%s', (language, spriteDone, total, projectDone) => {
    test('Bake This Sprite: the dialog and the console count the sprite\'s masks; the library\'s total is said apart', async () => {
        const editor = editorDouble('/projects/game', language);
        const out = sink();
        const m = createMethods(() => editor, () => fakeBaker(oneFrame), out);
        await m.bakeFrames(['f9941-uuid@f9941']);
        expect(editor.dialogs).toHaveLength(1);
        expect(editor.dialogs[0]).toMatchObject({ kind: 'info', message: spriteDone });
        expect(editor.dialogs[0].detail!.split('\n')[0]).toBe(total);
        expect(out.lines.some((l) => l.includes(total))).toBe(true);
        expect(out.lines.filter((l) => l.includes('49') && !l.includes(total))).toEqual([]);
    });

    test('Bake Masks: the whole library, as before', async () => {
        const editor = editorDouble('/projects/game', language);
        const out = sink();
        const m = createMethods(() => editor, () => fakeBaker(oneFrame), out);
        await m.bakeMasks();
        expect(editor.dialogs[0]).toMatchObject({ kind: 'info', message: projectDone });
        expect(out.lines.some((l) => l.includes(total))).toBe(false);
    });
});

describe('with the real bake, on the fixture project', () => {
    let dir: string;
    beforeAll(() => {
        dir = fs.mkdtempSync(join(tmpdir(), 'pc-bake-sprite-'));
        fs.cpSync(join(__dirname, '../fixtures/bake-project'), dir, { recursive: true });
    });
    afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

    test('the whole project, then one sprite: 8 masks of 4 frames, then 2 masks of 1 frame (thresholds 0 and 127) in a library of 8', async () => {
        const editor = editorDouble(dir, 'en');
        const m = createMethods(() => editor, loadBaker, sink());
        await m.bakeMasks();
        await m.bakeFrames(['6e02cc61-fbad-4180-abdc-ec15fab2c26d@f9941']); // plain.png's frame
        expect(editor.dialogs.map((d) => [d.kind, d.message, d.detail!.split('\n')[0]])).toEqual([
            ['info', 'Baked 8 mask(s) of 4 sprite frame(s).', 'Thresholds: 0, 127. Textures read: 3, unchanged: 0.'],
            ['info', 'Baked 2 mask(s) of 1 sprite frame(s).', 'The library now holds 8 mask(s) in all.'],
        ]);
    });
});
