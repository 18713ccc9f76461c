/**
 * `npm run bench`: runs every benchmark (or the ones named on the command line, e.g.
 * `npm run bench -- masks`) and prints its tables (times in µs or ms, as the README gives them).
 *
 * Options:
 * - `--write`: also write the tables to bench/results/<machine>.md (the committed results file;
 *   without it nothing is written).
 * - `--against=<git ref>`: old against new. Each named benchmark is bundled twice, once with the
 *   core (`extensions/pixel-collision/assets/core`) as it is in the working tree and once with
 *   the core as it was at `<ref>` (e.g. `HEAD`), and the two bundles run alternately, each in its
 *   own process (`--processes=N` pairs, default 3). Values a benchmark reports with
 *   `report(key, value)` (harness.ts) are then listed per process, old beside new, with the
 *   median ratio. Benchmarks must only use core API that both versions have.
 *
 * Each benchmark file is first bundled with esbuild into one script (the library inlined, as a
 * game's build ships it; a dev loader's per-module wrappers would put a getter call on every
 * cross-module function call in the hot paths, which the baselines, written inside the bench
 * files, would not pay), then run in its own Node process, so one file's garbage
 * (detect-collisions allocates per frame) and JIT state do not bleed into the next one's timings.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve, sep } from 'node:path';
import { build } from 'esbuild';
import type { Plugin } from 'esbuild';

const ROOT = join(__dirname, '..');
const CORE = join(ROOT, 'extensions/pixel-collision/assets/core');

/** Redirects every import that lands in the core folder to `oldCore` (same relative path). */
function coreAt(oldCore: string): Plugin {
    return {
        name: 'core-at-ref',
        setup(build) {
            build.onResolve({ filter: /^\./ }, (args) => {
                if (args.importer.startsWith(oldCore)) return undefined;
                const p = resolve(args.resolveDir, args.path);
                if (p !== CORE && !p.startsWith(CORE + sep)) return undefined;
                const rel = p.slice(CORE.length);
                const base = join(oldCore, rel);
                for (const cand of [base + '.ts', join(base, 'index.ts'), base]) if (existsSync(cand) && statSync(cand).isFile()) return { path: cand };
                return undefined;
            });
        },
    };
}

/** Writes the core's `.ts` files as they are at `ref` into a temporary folder. */
function checkoutCore(ref: string, dir: string): string {
    const rel = 'extensions/pixel-collision/assets/core';
    const list = execFileSync('git', ['ls-tree', '-r', '--name-only', ref, rel], { cwd: ROOT, encoding: 'utf8' }).split('\n').filter((f) => f.endsWith('.ts'));
    if (!list.length) throw new Error(`--against=${ref}: no core files at that ref`);
    const out = join(dir, 'core');
    for (const f of list) {
        const target = join(out, f.slice(rel.length + 1));
        mkdirSync(dirname(target), { recursive: true });
        writeFileSync(target, execFileSync('git', ['show', `${ref}:${f}`], { cwd: ROOT, maxBuffer: 1 << 26 }));
    }
    return out;
}

async function bundle(file: string, name: string, outfile: string, plugins: Plugin[]): Promise<void> {
    await build({
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
        tsconfig: join(ROOT, 'tsconfig.json'),
        alias: { cc: join(ROOT, 'test/runtime/cc/index.ts'), 'cc/env': join(ROOT, 'test/runtime/cc/env.ts') },
        plugins,
        logLevel: 'warning',
    });
}

/** Runs a bundle; returns the values it reported (`BENCH_VALUE key=value` lines). */
function runBundle(outfile: string, env: Record<string, string>, label: string): Map<string, number> {
    const text = execFileSync(process.execPath, ['--enable-source-maps', '--expose-gc', outfile], {
        stdio: ['ignore', 'pipe', 'inherit'],
        env: { ...process.env, ...env },
        encoding: 'utf8',
        maxBuffer: 1 << 28,
    });
    const values = new Map<string, number>();
    for (const line of text.split('\n')) {
        const m = /^BENCH_VALUE (.+)=(\S+)$/.exec(line);
        if (m) values.set(m[1], Number(m[2]));
        else if (line) console.log(label ? `${label} ${line}` : line);
    }
    return values;
}

function median(xs: number[]): number {
    const s = xs.slice().sort((a, b) => a - b);
    const m = s.length >> 1;
    return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

async function main(): Promise<void> {
    const args = process.argv.slice(2);
    const names = args.filter((a) => !a.startsWith('--'));
    const write = args.includes('--write');
    const against = args.find((a) => a.startsWith('--against='))?.slice('--against='.length);
    const processes = Number(args.find((a) => a.startsWith('--processes='))?.slice('--processes='.length) ?? 3);
    const files = readdirSync(__dirname).filter((f) => f.endsWith('.bench.ts')).sort();
    const outDir = join(tmpdir(), `pixel-collision-bench-${process.pid}`);
    mkdirSync(outDir, { recursive: true });
    const oldCore = against ? checkoutCore(against, outDir) : null;
    const env: Record<string, string> = { BENCH_RESULTS_DIR: join(__dirname, 'results') };
    if (write && !against) env.BENCH_WRITE = '1';
    for (const file of files) {
        const name = file.replace(/\.bench\.ts$/, '');
        if (names.length && !names.includes(name)) continue;
        const outfile = join(outDir, `${name}.cjs`);
        await bundle(file, name, outfile, []);
        console.log(`\n### ${name}`);
        if (!oldCore) {
            runBundle(outfile, env, '');
            continue;
        }
        const oldFile = join(outDir, `${name}-old.cjs`);
        await bundle(file, name, oldFile, [coreAt(oldCore)]);
        const got: { old: Map<string, number>[]; new: Map<string, number>[] } = { old: [], new: [] };
        for (let p = 0; p < processes; p++) {
            // Alternate which goes first, so neither always meets the machine in the same state.
            const order = p % 2 === 0 ? (['old', 'new'] as const) : (['new', 'old'] as const);
            for (const which of order) {
                console.log(`--- ${which} (${which === 'old' ? against : 'working tree'}), process ${p + 1} of ${processes}`);
                got[which].push(runBundle(which === 'old' ? oldFile : outfile, { ...env, BENCH_AB: '1', BENCH_PROCESSES: '1' }, `[${which}]`));
            }
        }
        const keys = [...new Set([...got.new.flatMap((m) => [...m.keys()]), ...got.old.flatMap((m) => [...m.keys()])])];
        console.log(`\n#### ${name}: old (${against}) vs new (working tree), ${processes} process pairs, run alternately`);
        console.log('');
        console.log('| value | old, per process | new, per process | old ÷ new, per process | median old ÷ new |');
        console.log('| --- | --- | --- | --- | ---: |');
        for (const k of keys) {
            const o = got.old.map((m) => m.get(k) ?? NaN), n = got.new.map((m) => m.get(k) ?? NaN);
            const r = o.map((x, i) => x / n[i]);
            const f = (x: number): string => (Number.isFinite(x) ? (Math.abs(x) >= 100 ? x.toFixed(0) : Math.abs(x) >= 1 ? x.toFixed(2) : x.toPrecision(3)) : '—');
            console.log(`| ${k} | ${o.map(f).join(', ')} | ${n.map(f).join(', ')} | ${r.map((x) => (Number.isFinite(x) ? x.toFixed(2) + 'x' : '—')).join(', ')} | ${Number.isFinite(median(r)) ? median(r).toFixed(2) + 'x' : '—'} |`);
        }
    }
    if (write && against) console.log('\n(--write is ignored with --against: an old-vs-new run is not the results file.)');
}

main().catch((e) => { console.error(e); process.exit(1); });
