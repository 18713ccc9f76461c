/**
 * The extension's package.json contributions and its entry modules agree: every file named exists
 * as a source the build turns into that dist file, every message names methods the entry has, the
 * scene script has every method the editor calls, and the inspector module has what Creator reads.
 * Also main.ts itself, wired to a global Editor double and a stand-in baking module.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { editorDouble } from './editor-double';
import { report } from './fake-baker';
import type { EditorDouble } from './editor-double';

const ext = join(__dirname, '../../extensions/pixel-collision');
const pkg = JSON.parse(readFileSync(join(ext, 'package.json'), 'utf8'));
const c = pkg.contributions;

const bakeCalls: unknown[][] = [];
jest.mock('../../extensions/pixel-collision/source/bake/index', () => ({
    bakeProject: async (...args: unknown[]) => { bakeCalls.push(['project', ...args]); return report({ output: '/projects/demo/assets/pixel-collision-masks/pixel-masks.ts' }); },
    bakeFrames: async (...args: unknown[]) => { bakeCalls.push(['frames', ...args]); return report({ output: '/projects/demo/assets/pixel-collision-masks/pixel-masks.ts' }); },
}));

let editor: EditorDouble;
beforeAll(() => {
    editor = editorDouble('/projects/demo');
    (globalThis as { Editor?: unknown }).Editor = editor;
});
afterAll(() => { delete (globalThis as { Editor?: unknown }).Editor; });

/** `./dist/a/b.js` -> `source/a/b.ts`. */
function sourceOf(distPath: string): string {
    const m = /^\.\/dist\/(.+)\.js$/.exec(distPath);
    if (!m) throw new Error(`not a dist path: ${distPath}`);
    return `${m[1]}.ts`;
}

const distFiles: string[] = [
    pkg.main, c.scene.script, ...Object.values(c.inspector.section.node as Record<string, string>),
    ...Object.values(c.project as Record<string, { custom?: string }>).map((tab) => tab.custom).filter((f): f is string => typeof f === 'string'),
];

test.each(distFiles)('%s is built from a source file the build script builds', (dist) => {
    const src = sourceOf(dist);
    expect(existsSync(join(ext, 'source', src))).toBe(true);
    // A build script with an entry list must list it (one bundle per entry).
    const script = readFileSync(join(__dirname, '../../scripts/build-extension.mjs'), 'utf8');
    const list = /ENTRIES\s*=\s*\[([\s\S]*?)\]/.exec(script);
    if (list) expect(list[1]).toContain(`'${src}'`);
});

test('the menu sends a message the extension handles; every message names methods main.ts has', () => {
    /* eslint-disable @typescript-eslint/no-require-imports */
    const main = require('../../extensions/pixel-collision/source/main') as { methods: Record<string, unknown>; load: unknown; unload: unknown };
    expect(typeof main.load).toBe('function');
    expect(typeof main.unload).toBe('function');
    expect(c.menu).toEqual([{ path: 'i18n:menu.extension/i18n:pixel-collision.menu.root', label: 'i18n:pixel-collision.menu.bake', message: 'bake-masks' }]);
    for (const item of c.menu) expect(Object.keys(c.messages)).toContain(item.message);
    for (const [message, def] of Object.entries(c.messages as Record<string, { methods: string[] }>)) {
        for (const m of def.methods) expect([message, m, typeof main.methods[m]]).toEqual([message, m, 'function']);
    }
});

test('the scene script has every method the editor code calls by name', () => {
    const scene = require('../../extensions/pixel-collision/source/scene') as { methods: Record<string, unknown> };
    const calls = new Set<string>();
    for (const f of ['editor/methods.ts', 'inspector/pixel-collider.ts']) {
        const text = readFileSync(join(ext, 'source', f), 'utf8');
        for (const m of text.matchAll(/scene\('(\w+)'|method: '(\w+)'/g)) calls.add(m[1] ?? m[2]);
    }
    expect([...calls].sort()).toEqual(['colliderInfo', 'hideColliders', 'showColliders']);
    for (const name of calls) expect(typeof scene.methods[name]).toBe('function');
});

test('the inspector section exports what Creator reads; its selectors are in its template', () => {
    const file = c.inspector.section.node.PixelCollider as string;
    const section = require(join(ext, 'source', sourceOf(file))) as Record<string, unknown>;
    expect(typeof section.template).toBe('string');
    for (const fn of ['ready', 'update', 'close']) expect(typeof section[fn]).toBe('function');
    for (const sel of Object.values(section.$ as Record<string, string>)) {
        expect(sel).toMatch(/^\.[\w-]+$/);
        expect(section.template as string).toContain(`class="${sel.slice(1)}`);
    }
    // Its Bake button's message is one the extension handles.
    expect(readFileSync(join(ext, 'source', sourceOf(file)), 'utf8')).toContain("'pixel-collision', 'bake-frames'");
    expect(Object.keys(c.messages)).toContain('bake-frames');
});

test('main.ts: the menu message bakes Editor.Project.path through the baking module, then refreshes and shows a dialog', async () => {
    const main = require('../../extensions/pixel-collision/source/main') as { methods: Record<string, (...a: unknown[]) => Promise<unknown>> };
    const lines: string[] = [];
    const log = jest.spyOn(console, 'log').mockImplementation((line: string) => { lines.push(line); });
    try {
        await main.methods.bakeMasks();
        await main.methods.bakeFrames(['x@f9941'], [32]);
    } finally {
        log.mockRestore();
    }
    expect(bakeCalls[0][0]).toBe('project');
    expect(bakeCalls[0][1]).toBe('/projects/demo');
    expect(bakeCalls[1].slice(0, 3)).toEqual(['frames', '/projects/demo', ['x@f9941']]);
    expect(lines).toContain('[Pixel Collision] Baking masks of /projects/demo...');
    expect(editor.requests.filter((r) => r.message === 'refresh-asset')).toHaveLength(2);
    expect(editor.dialogs.map((d) => d.kind)).toEqual(['info', 'info']);
});
