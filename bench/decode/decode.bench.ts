/**
 * `npm run bench:decode [-- --write] [--machine=name]`: what decoding a large baked mask costs in
 * headless Chromium, at once (its first use, without decoding ahead) and ahead of time within a
 * budget per frame (PixelMasks.prefetch: core/mask-prefetch.ts).
 *
 * Masks: two generated 3531 x 1316 backgrounds with soft, detailed alpha (never committed; see
 * backgrounds.ts), at alpha thresholds 0 and 127. For each: the code's size (and version 1's,
 * `BitMask.serialize` in base64), the encode time (Node), then in Chromium:
 * - at once: median and worst of 9 decodes (after one warm-up), and per way (rows, columns,
 *   texels) the median of 3;
 * - ahead, 1 ms budget: each frame's step (median, worst), frames until ready, the hand-over;
 * - a collider that appears after 3 frames: what the rest of its decode costs then.
 * The decoded mask's checksum must equal Node's. `--write` writes bench/results/decode-<machine>.md.
 */
import * as fs from 'fs';
import { cpus, totalmem } from 'os';
import { join } from 'path';
import { BitMask, buildLibraryGroups, encodeMaskCode } from '../../extensions/pixel-collision/assets/core/index';
import { encodeMaskCodeAs } from '../../extensions/pixel-collision/assets/core/mask-code';
import { bundle, openPage } from '../../test/browser/chromium';
import { background, BACKGROUNDS } from './backgrounds';

const ROOT = join(__dirname, '../..');
const arg = (k: string, d: string): string => (process.argv.find((a) => a.startsWith(`--${k}=`)) ?? `=${d}`).split('=')[1];
const median = (xs: number[]): number => { const s = [...xs].sort((a, b) => a - b); return s[s.length >> 1]; };
const W = 3531, H = 1316;
const UUID = 'b61e4c3a-0d1f-4e6b-9a55-3d0f6a7c1b20';
const f1 = (x: number): string => x.toFixed(1);
const f2 = (x: number): string => x.toFixed(2);

(async () => {
    const page = await openPage(bundle(join(__dirname, 'decode-page.ts')), { isolated: true });
    const rows: string[] = [], ways: string[] = [];
    try {
        for (const kind of BACKGROUNDS) {
            const rgba = background(kind, W, H);
            for (const threshold of [0, 127]) {
                const m = BitMask.fromRGBA(rgba, W, H, { threshold });
                let t = performance.now();
                const code = encodeMaskCode(m);
                const encMs = performance.now() - t;
                const v1 = Buffer.from(m.serialize()).toString('base64').length;
                let sum = 0;
                for (let i = 0; i < m.bits.length; i++) sum = (sum + m.bits[i]) | 0;
                const groups = buildLibraryGroups([{ uuid: `${UUID}@f9941`, texture: `${UUID}@6c48a`, rect: [0, 0, W, H], rotated: false, threshold: 0, code }]);
                const ev = <R>(fn: string, ...a: unknown[]): Promise<R> => page.page.evaluate(([f, args]) => (window as any).pcDecode[f as string](...(args as unknown[])), [fn, a] as const) as Promise<R>;
                await ev('atOnce', code, W, H, 1);
                const once = await ev<number[]>('atOnce', code, W, H, 9);
                const ahead = await ev<{ steps: number[]; takeMs: number; bits: number }>('ahead', groups, `${UUID}@f9941`, 1, Infinity);
                const early = await ev<{ steps: number[]; takeMs: number; bits: number }>('ahead', groups, `${UUID}@f9941`, 1, 3);
                if (ahead.bits !== sum || early.bits !== sum) throw new Error(`${kind} ${threshold}: the page decoded other bits`);
                const perWay: string[] = [];
                for (const way of ['rows', 'columns', 'texels'] as const) {
                    const c = encodeMaskCodeAs(m, way);
                    await ev('atOnce', c, W, H, 1);
                    perWay.push(`${way} ${(c.length / 1024).toFixed(1)} K chars, ${f1(median(await ev<number[]>('atOnce', c, W, H, 3)))} ms`);
                }
                const way = code === encodeMaskCodeAs(m, 'rows') ? 'rows' : code === encodeMaskCodeAs(m, 'columns') ? 'columns' : 'texels';
                rows.push(`| ${kind}, threshold ${threshold} | ${(code.length / 1024).toFixed(1)} K (${way}) | ${(v1 / code.length).toFixed(1)}x | ${f1(encMs)} ms | ${f1(median(once))} ms (worst ${f1(Math.max(...once))}) | ${f2(median(ahead.steps))} ms (worst ${f2(Math.max(...ahead.steps))}) | ${ahead.steps.length} | ${f2(ahead.takeMs)} ms | ${f1(early.takeMs)} ms |`);
                ways.push(`- ${kind}, threshold ${threshold}: ${perWay.join('; ')}`);
                console.log(rows[rows.length - 1]);
            }
        }
    } finally {
        await page.close();
    }
    const table = [
        '| mask (3531 x 1316) | code | smaller than version 1 | encode (Node) | decode at once | a frame\'s step, ahead (1 ms budget) | frames until ready | hand-over | appears after 3 frames: the rest |',
        '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
        ...rows,
    ].join('\n');
    const machine = `${cpus().length} x ${cpus()[0]?.model.trim()}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`;
    const text = `${table}\n\nEach way alone (code size, median decode at once in Chromium):\n${ways.join('\n')}\n`;
    console.log(`${machine}\n\n${text}`);
    if (process.argv.includes('--write')) {
        const name = arg('machine', `${cpus().length}core`);
        const file = join(ROOT, `bench/results/decode-${name}.md`);
        fs.writeFileSync(file, `# Benchmark results: decoding large masks (${name})\n\nWritten by \`npm run bench:decode -- --write\`. ${new Date().toISOString().slice(0, 10)}, ${machine}; headless Chromium. The machine may be shared with other work: the numbers are noisy.\n\n${text}`);
        console.log(`wrote ${file}`);
    }
})().catch((err) => { console.error(err); process.exit(1); });
