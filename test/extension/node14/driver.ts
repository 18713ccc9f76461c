/**
 * Drives the extension's built main-process code as Creator 3.8 would, under whatever Node runs it
 * (test/extension/node14.test.ts runs it under Node 14.16.0, Creator's, and under the test's own Node,
 * and compares). Bundled at test time with esbuild for node14.16, the `Editor` double included
 * (test/editor/editor-double.ts); the extension's dist files are loaded with plain `require`.
 *
 *   node driver.js editor <extension folder> <project folder>
 *     global Editor = the double; require(dist/main.js); load(); a PNG change (onAssetChanged) and
 *     the quiet re-bake it schedules; then every method package.json's contributions.messages names,
 *     in order; unload().
 *   node driver.js build <extension folder> <project folder>
 *     require(contributions.builder), its hooks module; load(); every hook it exports with an
 *     IBuildTaskOption like a web-mobile build's; unload().
 *
 * Prints one JSON object: the steps (each ok or its error), what the double saw (dialogs, requests)
 * and the console lines, with the two folders written as <ext> and <project>.
 */
import * as fs from 'node:fs';
import { join } from 'node:path';
import { editorDouble } from '../../editor/editor-double';

interface Step { step: string; ok: boolean; result?: unknown; error?: string }

const [mode, extDir, projectDir] = process.argv.slice(2);
const steps: Step[] = [];
const lines: string[] = [];
const write = process.stdout.write.bind(process.stdout);
for (const level of ['log', 'info', 'warn', 'error'] as const) {
    console[level] = (...args: unknown[]) => { lines.push(`${level}: ${args.map(String).join(' ')}`); };
}

const double = editorDouble(projectDir, 'en');
double.handlers['scene:execute-scene-script'] = () => null; // no scene open: the scene script's answer
double.selected.push('node-uuid-1');
(globalThis as Record<string, unknown>).Editor = double;

// eslint-disable-next-line @typescript-eslint/no-require-imports
const load = (rel: string): Record<string, unknown> => require(join(extDir, rel)) as Record<string, unknown>;
const pkg = JSON.parse(fs.readFileSync(join(extDir, 'package.json'), 'utf8'));

async function step(name: string, run: () => unknown): Promise<void> {
    try {
        steps.push({ step: name, ok: true, result: await run() });
    } catch (err) {
        steps.push({ step: name, ok: false, error: err instanceof Error ? `${err.name}: ${err.message}` : String(err) });
    }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The plain sprite of test/fixtures/bake-project: its image and its sprite frame. */
const PLAIN = '6e02cc61-fbad-4180-abdc-ec15fab2c26d';
const PNG_INFO = { file: join(projectDir, 'assets/sprites/plain.png'), url: 'db://assets/sprites/plain.png', uuid: PLAIN, importer: 'image' };

/** Arguments Creator passes with each message (the broadcasts') or the extension's own callers. */
const ARGS: Record<string, unknown[]> = {
    bakeFrames: [[`${PLAIN}@f9941`], [0]],
    onSelectionChanged: ['node', ['node-uuid-1']],
    onNodeChanged: ['node-uuid-1'],
    onAssetChanged: [PLAIN, PNG_INFO],
};

async function editor(): Promise<void> {
    const main = load(pkg.main);
    const methods = main.methods as Record<string, (...args: unknown[]) => unknown>;
    await step('load', () => (main.load as () => unknown)());
    // A PNG saved: the quiet re-bake runs a moment later and writes the library.
    const library = join(projectDir, 'assets/pixel-collision-masks/pixel-masks.ts');
    await step('onAssetChanged (then the re-bake it schedules)', async () => {
        methods.onAssetChanged(...ARGS.onAssetChanged);
        for (let waited = 0; !fs.existsSync(library) || !lines.some((l) => l.includes('Baked')); waited += 50) {
            if (waited > 15_000) throw new Error('no re-bake within 15 s of the change');
            await sleep(50);
        }
        return 'library written';
    });
    const names: string[] = [];
    for (const { methods: m } of Object.values(pkg.contributions.messages as Record<string, { methods: string[] }>)) {
        for (const name of m) if (!names.includes(name)) names.push(name);
    }
    for (const name of names) {
        await step(name, () => {
            if (typeof methods[name] !== 'function') throw new Error(`main.js has no method ${name}`);
            return methods[name](...(ARGS[name] ?? []));
        });
    }
    await step('unload', () => (main.unload as () => unknown)());
}

/** What Creator's builder passes a web-mobile build's hooks (IBuildTaskOption, @cocos/creator-types builder). */
function buildOptions(): Record<string, unknown> {
    return {
        taskId: '1732790000000', taskName: 'web-mobile', name: 'bake-project', outputName: 'web-mobile', platform: 'web-mobile',
        buildPath: 'project://build', debug: false, sourceMaps: false, md5Cache: false, mangleProperties: false, inlineEnum: true,
        inlineSpriteFrames: true, skipCompressTexture: false, experimentalEraseModules: false, bundleCommonChunk: false,
        scenes: [{ url: 'db://assets/scenes/main.scene', uuid: 'bb4c9c98-b8ac-41a0-9653-d08ac7e6e0fd' }],
        startScene: 'bb4c9c98-b8ac-41a0-9653-d08ac7e6e0fd', mainBundleCompressionType: 'merge_dep', mainBundleIsRemote: false,
        useBuiltinServer: false, startSceneAssetBundle: false, moveRemoteBundleScript: false, useSplashScreen: true,
        splashScreen: { displayRatio: 0.4, totalTime: 3000, watermarkLocation: 'default', autoFit: true },
        customLayers: [], sortingLayers: [], resolution: { width: 1280, height: 720, policy: 4 }, polyfills: { asyncFunctions: false },
        buildScriptTargets: '> 0.5%, not IE 11', nativeCodeBundleMode: 'both', packages: { 'web-mobile': { orientation: 'auto', embedWebDebugger: false } },
        useBuildAssetCache: true, useBuildEngineCache: true, useBuildTextureCompressCache: true, useBuildAutoAtlasCache: true, __version__: '1.3.9',
    };
}

async function build(): Promise<void> {
    const builder = load(pkg.contributions.builder);
    const configs = builder.configs as Record<string, { hooks?: string }>;
    const hooksRel = configs['*']?.hooks;
    if (!hooksRel) throw new Error('the builder names no hooks for every platform (configs["*"].hooks)');
    const hooks = load(join(pkg.contributions.builder, '..', hooksRel));
    steps.push({ step: 'hooks.throwError', ok: true, result: hooks.throwError });
    if (typeof builder.load === 'function') await step('builder.load', () => (builder.load as () => unknown)());
    if (typeof hooks.load === 'function') await step('hooks.load', () => (hooks.load as () => unknown)());
    const options = buildOptions();
    const result = { dest: join(projectDir, 'build/web-mobile'), paths: { dir: join(projectDir, 'build/web-mobile') } };
    for (const name of Object.keys(hooks).filter((k) => /^on[A-Z]/.test(k) && typeof hooks[k] === 'function').sort()) {
        await step(`hooks.${name}`, () => (hooks[name] as (o: unknown, r: unknown) => unknown)(options, result));
    }
    if (typeof hooks.unload === 'function') await step('hooks.unload', () => (hooks.unload as () => unknown)());
    if (typeof builder.unload === 'function') await step('builder.unload', () => (builder.unload as () => unknown)());
}

function report(): string {
    const text = JSON.stringify({ node: process.version, steps, dialogs: double.dialogs, requests: double.requests, console: lines }, null, 2);
    return text.split(projectDir).join('<project>').split(extDir).join('<ext>');
}

(mode === 'editor' ? editor() : mode === 'build' ? build() : Promise.reject(new Error(`unknown mode ${mode}`)))
    .catch((err) => steps.push({ step: 'driver', ok: false, error: String(err && err.stack || err) }))
    .then(() => { write(report() + '\n'); process.exit(0); });
