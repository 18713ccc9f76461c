import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The extension works as copied: its built editor code (dist/) is committed. This rebuilds it
 * into a temp folder with scripts/build-extension.mjs (esbuild output is deterministic) and fails
 * when the committed files differ. Fix: npm run build:extension, then commit dist/.
 */
const root = join(__dirname, '../..');
const ext = join(root, 'extensions/pixel-collision');
const FIX = 'run `npm run build:extension` and commit extensions/pixel-collision/dist/';

let fresh: string;
beforeAll(() => {
    fresh = fs.mkdtempSync(join(tmpdir(), 'pc-dist-'));
    execFileSync(process.execPath, [join(root, 'scripts/build-extension.mjs'), fresh], { cwd: root, stdio: 'pipe' });
}, 120_000);
afterAll(() => fs.rmSync(fresh, { recursive: true, force: true }));

const list = (dir: string): string[] => fs.readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => fs.statSync(join(dir, f)).isFile()).map((f) => f.split('\\').join('/')).sort();

test('committed dist/ is what the sources build to', () => {
    const committed = join(ext, 'dist');
    expect(fs.existsSync(committed)).toBe(true);
    const want = list(fresh);
    expect({ files: list(committed), fix: FIX }).toEqual({ files: want, fix: FIX });
    const stale = want.filter((f) => !fs.readFileSync(join(committed, f)).equals(fs.readFileSync(join(fresh, f))));
    expect({ stale, fix: FIX }).toEqual({ stale: [], fix: FIX });
});

test('every file package.json names exists in the committed extension (main, bin, builder and its hooks)', () => {
    const pkg = JSON.parse(fs.readFileSync(join(ext, 'package.json'), 'utf8'));
    expect(fs.existsSync(join(ext, pkg.main))).toBe(true);
    expect(fs.existsSync(join(ext, pkg.bin['pixel-collision']))).toBe(true);
    const builder = join(ext, pkg.contributions.builder);
    expect(fs.existsSync(builder)).toBe(true);
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { configs } = require(builder) as { configs: Record<string, { hooks: string }> };
    const hooks = join(builder, '..', configs['*'].hooks + '.js');
    expect(fs.existsSync(hooks)).toBe(true);
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const mod = require(hooks) as { onBeforeBuild?: unknown; throwError?: unknown };
    expect(typeof mod.onBeforeBuild).toBe('function');
    // A throwing hook fails the build; the hook throws only when the project asks for it (onUnreadable "fail").
    expect(mod.throwError).toBe(true);
    // the bundles need nothing from node_modules (a user's project has none)
    for (const f of list(join(ext, 'dist'))) {
        const text = fs.readFileSync(join(ext, 'dist', f), 'utf8');
        // `module.require('cc')` is the scene script asking the scene process for the engine, which
        // Creator provides there (scene.js only); every plain `require` must be Node's own.
        const requires = [...text.matchAll(/(?<![.\w$])require\("([^"]+)"\)/g)].map((m) => m[1]);
        const engine = [...text.matchAll(/\bmodule\.require\("([^"]+)"\)/g)].map((m) => m[1]);
        expect({ file: f, engine }).toEqual({ file: f, engine: f === 'scene.js' ? ['cc'] : [] });
        const external = requires.filter((r) => !/^(node:)?(fs|path|crypto|zlib|stream|util|assert|buffer|os|events|child_process)$/.test(r) && r !== 'electron');
        expect({ file: f, external }).toEqual({ file: f, external: [] });
    }
});

test('the root package.json runs the extension\'s CLI (npx pixel-collision bake .)', () => {
    const pkg = JSON.parse(fs.readFileSync(join(root, 'package.json'), 'utf8'));
    expect(pkg.bin['pixel-collision']).toBe('extensions/pixel-collision/dist/cli.js');
    expect(fs.readFileSync(join(root, pkg.bin['pixel-collision']), 'utf8').startsWith('#!/usr/bin/env node\n')).toBe(true);
    expect(fs.readFileSync(join(root, '.gitignore'), 'utf8')).toMatch(/^!extensions\/pixel-collision\/dist\/$/m);
});
