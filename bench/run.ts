/**
 * `npm run bench`: runs every benchmark (or the ones named on the command line, e.g.
 * `npm run bench -- masks`) and writes the tables to bench/results/<machine>.md.
 *
 * Each benchmark file is first bundled with esbuild into one script (the library inlined, as a
 * game's build ships it; a dev loader's per-module wrappers would put a getter call on every
 * cross-module function call in the hot paths, which the baselines, written inside the bench
 * files, would not pay), then run in its own Node process, so one file's garbage
 * (detect-collisions allocates per frame) and JIT state do not bleed into the next one's timings.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildSync } from 'esbuild';

function main(): void {
    const args = process.argv.slice(2);
    const files = readdirSync(__dirname).filter((f) => f.endsWith('.bench.ts')).sort();
    const outDir = join(tmpdir(), `pixel-collision-bench-${process.pid}`);
    mkdirSync(outDir, { recursive: true });
    for (const file of files) {
        const name = file.replace(/\.bench\.ts$/, '');
        if (args.length && !args.includes(name)) continue;
        const outfile = join(outDir, `${name}.cjs`);
        buildSync({
            stdin: {
                contents: `import { run } from './${file}';\nPromise.resolve(run()).catch((e) => { console.error(e); process.exit(1); });\n`,
                resolveDir: __dirname,
                loader: 'ts',
                sourcefile: `${name}-entry.ts`,
            },
            bundle: true,
            platform: 'node',
            format: 'cjs',
            target: 'node20',
            outfile,
            sourcemap: 'inline',
            // Legacy decorators (as Creator compiles them), and the cc test double for the runtime.
            tsconfig: join(__dirname, '../tsconfig.json'),
            alias: { cc: join(__dirname, '../test/runtime/cc/index.ts'), 'cc/env': join(__dirname, '../test/runtime/cc/env.ts') },
            logLevel: 'warning',
        });
        console.log(`\n### ${name}`);
        execFileSync(process.execPath, ['--enable-source-maps', outfile], {
            stdio: 'inherit',
            env: { ...process.env, BENCH_RESULTS_DIR: join(__dirname, 'results') },
        });
    }
}

main();
