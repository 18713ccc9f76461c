/**
 * Tiny benchmark harness: seeded data (mulberry32, as flatbush's bench does), medians of
 * several runs, and a markdown report, printed, and written to `bench/results/<machine>.md`
 * only with `npm run bench -- --write`.
 */
import { writeFileSync, mkdirSync, readFileSync, existsSync } from 'node:fs';
import { cpus, hostname, totalmem } from 'node:os';
import { join } from 'node:path';

/** Seeded PRNG in [0, 1) (mulberry32), shared with the tests' fixtures. */
export { rng as mulberry32 } from '../test/fixtures/masks';

export function median(xs: number[]): number {
    const s = xs.slice().sort((a, b) => a - b);
    const m = s.length >> 1;
    return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/**
 * Runs `fn` `inner` times per sample, `samples` times (after `warmup` untimed samples) and
 * returns the median time of ONE call in milliseconds.
 */
export function timeIt(fn: () => unknown, opts: { samples?: number; inner?: number; warmup?: number } = {}): number {
    const samples = opts.samples ?? 9;
    const inner = opts.inner ?? 1;
    const warmup = opts.warmup ?? 2;
    let sink = 0;
    const times: number[] = [];
    for (let s = 0; s < warmup + samples; s++) {
        const t0 = performance.now();
        for (let i = 0; i < inner; i++) {
            const r = fn();
            if (r) sink++;
        }
        const t = (performance.now() - t0) / inner;
        if (s >= warmup) times.push(t);
    }
    (globalThis as { __benchSink?: number }).__benchSink = sink;
    return median(times);
}

/** Runs several candidates interleaved (ABAB...) so machine noise hits all alike; medians in ms. */
export function timeSideBySide(fns: Record<string, () => unknown>, opts: { samples?: number; inner?: number; warmup?: number; gc?: boolean } = {}): Record<string, number> {
    const samples = opts.samples ?? 9;
    const inner = opts.inner ?? 1;
    const warmup = opts.warmup ?? 2;
    const names = Object.keys(fns);
    const times: Record<string, number[]> = {};
    for (const n of names) times[n] = [];
    let sink = 0;
    for (let s = 0; s < warmup + samples; s++) {
        for (const n of names) {
            const fn = fns[n];
            // gc: each candidate starts its sample with an empty young generation, so one that
            // allocates (detect-collisions) pays for its own collections, not the next one's.
            if (opts.gc) collectGarbage();
            const t0 = performance.now();
            for (let i = 0; i < inner; i++) if (fn()) sink++;
            const t = (performance.now() - t0) / inner;
            if (s >= warmup) times[n].push(t);
        }
    }
    (globalThis as { __benchSink?: number }).__benchSink = sink;
    const out: Record<string, number> = {};
    for (const n of names) out[n] = median(times[n]);
    return out;
}

export function fmtMs(ms: number): string {
    if (ms >= 100) return ms.toFixed(0);
    if (ms >= 10) return ms.toFixed(1);
    if (ms >= 1) return ms.toFixed(2);
    if (ms >= 0.01) return ms.toFixed(3);
    return ms.toExponential(2);
}

export function fmtRatio(r: number): string {
    return r >= 10 ? r.toFixed(0) + 'x' : r.toFixed(1) + 'x';
}

/** One section of the report: a title, a markdown table and notes. */
export interface Section {
    title: string;
    lines: string[];
}

export function machineName(): string {
    return process.env.BENCH_MACHINE ?? 'node-2core';
}

export function machineDescription(): string {
    const c = cpus();
    return `${c.length} x ${c[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, host ${hostname()}`;
}

/**
 * Prints the named section and, only when asked (`npm run bench -- --write`, which sets
 * BENCH_WRITE), writes (or replaces) it in `bench/results/<machine>.md`. Sections from other
 * benchmark files are kept, so each file can be run on its own.
 */
export function writeSection(section: Section): void {
    // BENCH_RESULTS_DIR: set by bench/run.ts, which runs bundled copies from a temporary folder.
    const dir = process.env.BENCH_RESULTS_DIR ?? join(__dirname, 'results');
    mkdirSync(dir, { recursive: true });
    const file = join(dir, `${machineName()}.md`);
    const begin = `<!-- begin ${section.title} -->`;
    const end = `<!-- end ${section.title} -->`;
    const body = [begin, `## ${section.title}`, '', `_${new Date().toISOString().slice(0, 10)} — ${machineDescription()}_`, '', ...section.lines, end].join('\n');
    let text = existsSync(file) ? readFileSync(file, 'utf8') : `# Benchmark results: ${machineName()}\n\nWritten by \`npm run bench\`. Medians of several runs, measured side by side in one run.\n`;
    const i = text.indexOf(begin);
    const j = text.indexOf(end);
    if (i >= 0 && j > i) text = text.slice(0, i) + body + text.slice(j + end.length);
    else text = text.trimEnd() + '\n\n' + body + '\n';
    console.log(body);
    if (process.env.BENCH_WRITE === '1') {
        writeFileSync(file, text);
        console.log(`(written to ${file})`);
    } else {
        console.log('(not written: pass --write to update the results file)');
    }
}

/**
 * A value for `npm run bench -- <name> --against=<ref>` (old vs new): printed as a
 * `BENCH_VALUE key=value` line, which bench/run.ts collects per process. Prints nothing otherwise.
 */
export function report(key: string, value: number): void {
    if (process.env.BENCH_AB) console.log(`BENCH_VALUE ${key}=${value}`);
}

/** A time given in ms, printed in µs (as the README gives per-call times). */
export function fmtUs(ms: number): string {
    const us = ms * 1000;
    if (us >= 100) return us.toFixed(0);
    if (us >= 10) return us.toFixed(1);
    if (us >= 1) return us.toFixed(2);
    return us.toFixed(3);
}

/** Collects garbage when the process runs with --expose-gc (bench/run.ts passes it); else nothing. */
export function collectGarbage(): void {
    const gc = (globalThis as { gc?: () => void }).gc;
    if (gc) gc();
}
