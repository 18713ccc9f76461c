/**
 * `npm run bench:bake [-- --frames=10000] [--rounds=3] [--write] [--machine=name]`: library size, bake time and startup
 * registration cost of baked masks, for the demo project (this repository's assets/) and a
 * generated project of game-like art (bench/bake/synthetic-project.ts; generated into the temp
 * folder once per frame count and seed, never committed).
 *
 * - size: the library script as the bake writes it (version 2) against the same masks in the
 *   script the bake wrote before (version 1: one JSON object per mask with its frame's name,
 *   base64 of BitMask.serialize);
 * - bake: a cold bake (no cache, every PNG decoded) and a warm one (nothing changed), wall time;
 * - registration, in headless Chromium: evaluating the library's script literal, and indexing it
 *   (what PixelMasks.addLibrary does), medians of 15 runs, for both versions;
 * - all of it in `--rounds=N` rounds (default 3), medians of the rounds.
 * - encodings: the masks of the synthetic project in each candidate encoding (mask data only,
 *   without keys): packed bit rows in base64, version 1 (BitMask.serialize: run lengths or packed
 *   rows, whichever is smaller, in base64), deflate (zlib, level 9) of the packed rows or of
 *   version 1's bytes in base64, and version 2's code.
 * `--write` writes bench/results/bake-<machine>.md (default machine name: `<cores>core`).
 * The machine may be shared: medians, and the numbers are noisy.
 */
import * as fs from 'fs';
import { cpus, tmpdir, totalmem } from 'os';
import { join } from 'path';
import { deflateRawSync } from 'zlib';
import { BitMask, decodeBase64, decodeEntry, decodeMaskCode } from '../../extensions/pixel-collision/assets/core/index';
import { bakeProject, DEFAULT_OUT } from '../../extensions/pixel-collision/source/bake/index';
import { parseLibraryScript } from '../../extensions/pixel-collision/source/bake/output';
import { summarizeMeta, walkFiles } from '../../extensions/pixel-collision/source/bake/project';
import { bundle, openPage } from '../../test/browser/chromium';
import { generateSyntheticProject } from './synthetic-project';

const ROOT = join(__dirname, '../..');
const arg = (k: string, d: string): string => (process.argv.find((a) => a.startsWith(`--${k}=`)) ?? `=${d}`).split('=')[1];
const FRAMES = Number(arg('frames', '10000'));
/** Rounds of everything (cold bake, warm bake, 15 registrations each way in a new browser); medians of them. */
const ROUNDS = Number(arg('rounds', '3'));
const median = (xs: number[]): number => { const s = [...xs].sort((a, b) => a - b); return s[s.length >> 1]; };

/** The same masks in the script the bake wrote before version 2 (one JSON object per mask, with the frame's name). */
function v1Script(dir: string): string {
    const names = new Map<string, string>();
    for (const f of walkFiles(dir, 'assets')) {
        if (!f.endsWith('.png.meta') && !f.endsWith('.plist.meta')) continue;
        const m = summarizeMeta(JSON.parse(fs.readFileSync(join(dir, f), 'utf8')), f);
        if (m.kind === 'image' || m.kind === 'atlas') for (const fr of m.frames) names.set(fr.uuid, fr.name);
    }
    const lines = parseLibraryScript(fs.readFileSync(join(dir, DEFAULT_OUT), 'utf8')).map((e) => JSON.stringify({
        uuid: e.uuid, texture: e.texture, rect: e.rect, rotated: e.rotated, threshold: e.threshold, frame: names.get(e.uuid ?? ''), data: e.data }));
    return `import { PixelMasks } from 'db://pixel-collision/runtime/index';\nconst library = {\n"format": "pixel-collision-masks",\n"version": 1,\n"masks": [\n${lines.join(',\n')}\n]};\nPixelMasks.addLibrary(library);\n`;
}

function literal(script: string): string {
    const a = script.indexOf('{', script.indexOf('const library ='));
    const b = script.lastIndexOf('}', script.indexOf('PixelMasks.addLibrary(library'));
    return script.slice(a, b + 1).replace(/\/\*[^*]*\*\//g, '');
}

/** Characters of mask data of every mask in the library at `dir`, per candidate encoding. */
function encodings(dir: string): string[] {
    const lib = parseLibraryScript(fs.readFileSync(join(dir, DEFAULT_OUT), 'utf8'));
    const sum = { packed: 0, v1: 0, deflatePacked: 0, deflateV1: 0, v2: 0 };
    const b64 = (n: number): number => Math.ceil(n / 3) * 4;
    for (const e of lib) {
        const v1 = decodeBase64(e.data);
        const m = BitMask.deserialize(v1);
        const rowBytes = (m.width + 7) >> 3;
        const packed = new Uint8Array(rowBytes * m.height);
        for (let j = 0; j < m.height; j++) for (let i = 0; i < m.width; i++) if (m.get(i, j)) packed[j * rowBytes + (i >> 3)] |= 1 << (i & 7);
        sum.packed += b64(packed.length);
        sum.v1 += e.data.length;
        sum.deflatePacked += b64(deflateRawSync(packed, { level: 9 }).length);
        sum.deflateV1 += b64(deflateRawSync(v1, { level: 9 }).length);
        sum.v2 += (e as { code?: string }).code!.length;
    }
    const kb = (n: number): string => `${(n / 1024).toFixed(0)} KB`;
    const x = (n: number): string => `${(sum.v1 / n).toFixed(2)}x`;
    // decoding every mask once (what first use costs, summed), medians of 5 passes, in Node
    const time = (f: () => void): number => { const ts: number[] = []; for (let i = 0; i < 5; i++) { const t = performance.now(); f(); ts.push(performance.now() - t); } return median(ts); };
    const v1ms = time(() => { for (const e of lib) decodeEntry(e); });
    const v2ms = time(() => { for (const e of lib) decodeMaskCode((e as { code?: string }).code!, e.rect[2], e.rect[3]); });
    return [
        `Mask data of the ${lib.length.toLocaleString('en')} masks (keys and uuids not counted), smaller is better; "vs v1" is version 1's size over the candidate's:`,
        '',
        '| encoding | size | vs v1 | decoder at run time |',
        '| --- | ---: | ---: | --- |',
        `| packed bit rows, base64 | ${kb(sum.packed)} | ${x(sum.packed)} | base64 |`,
        `| version 1: run lengths or packed rows (smaller), base64 | ${kb(sum.v1)} | 1.00x | base64 + varints |`,
        `| deflate of packed rows, base64 | ${kb(sum.deflatePacked)} | ${x(sum.deflatePacked)} | inflate (new code) |`,
        `| deflate of version 1's bytes, base64 | ${kb(sum.deflateV1)} | ${x(sum.deflateV1)} | inflate (new code) |`,
        `| version 2: edges predicted from the rows above (or by columns, or texel by texel: the shortest), range-coded | ${kb(sum.v2)} | ${x(sum.v2)} | core/mask-code.ts (no dependency) |`,
        '',
        `Decoding all ${lib.length.toLocaleString('en')} masks once (Node, median of 5 passes): version 1 ${v1ms.toFixed(0)} ms, version 2 ${v2ms.toFixed(0)} ms `
        + `(${(v1ms * 1000 / lib.length).toFixed(0)} and ${(v2ms * 1000 / lib.length).toFixed(0)} µs a mask).`,
    ];
}

async function measure(name: string, dir: string, all: boolean): Promise<string[]> {
    const rounds: { coldMs: number; warmMs: number; r1: { evalMs: number; indexMs: number }; r2: { evalMs: number; indexMs: number } }[] = [];
    let cold = null as unknown as Awaited<ReturnType<typeof bakeProject>>;
    let v1 = '', v2 = '';
    for (let k = 0; k < ROUNDS; k++) {
        fs.rmSync(join(dir, 'temp'), { recursive: true, force: true });
        let t = Date.now();
        cold = await bakeProject(dir, { all, onProgress: () => undefined });
        const coldMs = Date.now() - t;
        t = Date.now();
        await bakeProject(dir, { all, onProgress: () => undefined });
        const warmMs = Date.now() - t;
        v2 = fs.readFileSync(join(dir, DEFAULT_OUT), 'utf8');
        if (!v1) v1 = v1Script(dir);
        const r = await registration(v1, v2);
        rounds.push({ coldMs, warmMs, ...r });
    }
    const med = (f: (r: typeof rounds[number]) => number): number => median(rounds.map(f));
    const kb = (s: string): string => (Buffer.byteLength(s) / 1024).toFixed(1);
    const range = (f: (r: typeof rounds[number]) => number, digits: number): string => rounds.length > 1
        ? ` (${Math.min(...rounds.map(f)).toFixed(digits)}-${Math.max(...rounds.map(f)).toFixed(digits)})` : '';
    return [
        `| ${name} | ${cold.framesBaked.toLocaleString('en')} | ${cold.masks.toLocaleString('en')} | ${kb(v1)} KB | ${kb(v2)} KB | ${(v1.length / v2.length).toFixed(1)}x | ${(med((r) => r.coldMs) / 1000).toFixed(1)} s | ${(med((r) => r.warmMs) / 1000).toFixed(2)} s | ${med((r) => r.r1.evalMs).toFixed(2)} + ${med((r) => r.r1.indexMs).toFixed(2)} ms${range((r) => r.r1.evalMs + r.r1.indexMs, 1)} | ${med((r) => r.r2.evalMs).toFixed(2)} + ${med((r) => r.r2.indexMs).toFixed(2)} ms${range((r) => r.r2.evalMs + r.r2.indexMs, 2)} |`,
    ];
}

/** Medians of 15 registrations of each library's literal, in a new headless Chromium. */
async function registration(v1: string, v2: string): Promise<{ r1: { evalMs: number; indexMs: number }; r2: { evalMs: number; indexMs: number } }> {
    const browser = await openPage(bundle(join(__dirname, 'register-page.ts')), { isolated: true });
    try {
        const run = async (lit: string, fn: 'v1' | 'v2'): Promise<{ evalMs: number; indexMs: number }> => {
            const evals: number[] = [], idx: number[] = [];
            for (let i = 0; i < 15; i++) {
                const r = await browser.page.evaluate(([src, f, i]) => {
                    const t0 = performance.now();
                    // a new source each run (a comment), so V8's compilation cache cannot answer
                    const lib = (0, eval)(`/*${i}*/(${src})`);
                    const t1 = performance.now();
                    (window as any).pcRegister[f](lib);
                    const t2 = performance.now();
                    return [t1 - t0, t2 - t1];
                }, [lit, fn, i] as const);
                evals.push(r[0]); idx.push(r[1]);
            }
            return { evalMs: median(evals), indexMs: median(idx) };
        };
        const r2 = await run(literal(v2), 'v2');
        const r1 = await run(literal(v1), 'v1');
        return { r1, r2 };
    } finally {
        await browser.close();
    }
}

(async () => {
    const demo = fs.mkdtempSync(join(tmpdir(), 'pc-bench-demo-'));
    fs.cpSync(join(ROOT, 'assets'), join(demo, 'assets'), { recursive: true });
    const synth = join(tmpdir(), `pc-bench-synthetic-${FRAMES}-1`);
    if (!fs.existsSync(join(synth, 'assets/main.scene'))) {
        const t = Date.now();
        const p = generateSyntheticProject(synth, { frames: FRAMES, seed: 1 });
        console.log(`generated ${p.frames.length} frames (${(p.pixels / 1e6).toFixed(0)} Mpx) in ${((Date.now() - t) / 1000).toFixed(0)} s: ${synth}`);
    }
    const rows = [
        ...(await measure('demo project (default selection)', demo, false)),
        ...(await measure(`synthetic, ${FRAMES.toLocaleString('en')} frames (all baked)`, synth, true)),
    ];
    const enc = encodings(synth).join('\n');
    fs.rmSync(demo, { recursive: true, force: true });
    const table = [
        '| project | frames | masks | version 1 script | version 2 script | smaller | cold bake | warm bake | register v1 (evaluate + index) | register v2 (evaluate + index) |',
        '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
        ...rows,
    ].join('\n');
    const machine = `${cpus().length} x ${cpus()[0]?.model.trim()}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`;
    console.log(`${machine}\n\n${table}\n\n${enc}`);
    if (process.argv.includes('--write')) {
        const name = arg('machine', `${cpus().length}core`);
        const file = join(ROOT, `bench/results/bake-${name}.md`);
        fs.writeFileSync(file, `# Benchmark results: bake (${name})\n\nWritten by \`npm run bench:bake -- --write\`. ${new Date().toISOString().slice(0, 10)}, ${machine}; headless Chromium (registration). Medians of ${ROUNDS} rounds (a cold and a warm bake, 15 registrations each way in a new browser; the range of the rounds' totals in brackets); the machine was shared with other work, so the numbers are noisy.\n\n${table}\n\n${enc}\n`);
        console.log(`wrote ${file}`);
    }
})().catch((err) => { console.error(err); process.exit(1); });
