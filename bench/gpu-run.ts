/**
 * GPU narrow-phase benchmark, in headless Chromium with software WebGL2 (SwiftShader), run by
 * `npx tsx bench/gpu-run.ts` (not a `.bench.ts`: it drives a browser, bench/run.ts runs Node
 * bundles). Side by side in one run, medians of interleaved frames, written to
 * bench/results/gpu-swiftshader.md:
 *
 * 1. batched (every pair one tile of one page, one draw, one readback) vs seed 000's way (one
 *    draw and one readback per pair), 50 and 200 pairs of 48x48 sprites; the CPU narrow phase
 *    for reference; and the fixed cost of one readback (an empty 1x1 page drawn and read);
 * 2. GPU vs CPU: one 256x256 sprite against 100 rotated 32x32 bullets.
 *
 * Every frame moves every collider (no backend reuses last frame's work). Same-frame mode: the
 * readback is synchronous, so the main thread is blocked for the whole frame time shown.
 */
import { writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { affine, affineFromTRS, affineMultiply } from '../extensions/pixel-collision/assets/core';
import type { BitMask } from '../extensions/pixel-collision/assets/core';
import { bundle, openPage } from '../test/browser/chromium';
import type { CaseData, MaskData } from '../test/browser/gpu-cases';
import type { PixelGpuApi } from '../test/browser/gpu-page';
import { blob, rng } from '../test/fixtures/masks';

const md = (m: BitMask): MaskData => ({ w: m.width, h: m.height, bits: Array.from(m.bits) });
const flat = (t: { a: number; b: number; c: number; d: number; tx: number; ty: number }) => [t.a, t.b, t.c, t.d, t.tx, t.ty];

function placed(m: BitMask, x: number, y: number, rot: number): number[] {
    const t = affineFromTRS(affine(1, 0, 0, 1, 0, 0), x, y, rot, 1, 1);
    return flat(affineMultiply(t, t, affine(1, 0, 0, -1, -m.width / 2, m.height / 2)));
}

/** `n` pairs of 48x48 blobs, rotated, overlapping by about a third. */
function sprites48(n: number): CaseData {
    const r = rng(48 + n);
    const data: CaseData = { masks: [], pairs: [] };
    for (let i = 0; i < n; i++) {
        const ma = blob(48, 48, r), mb = blob(48, 48, r);
        data.masks.push(md(ma), md(mb));
        const x = i * 100, y = 0;
        data.pairs.push({ ma: 2 * i, mb: 2 * i + 1, ta: placed(ma, x, y, r() * 6.3), tb: placed(mb, x + 20 + r() * 16, y + r() * 16, r() * 6.3), acc: 1 });
    }
    return data;
}

/** One 256x256 sprite (rotated) against 100 rotated 32x32 bullets spread over it. */
function bossAndBullets(): CaseData {
    const r = rng(256);
    const boss = blob(256, 256, r);
    const data: CaseData = { masks: [md(boss)], pairs: [] };
    const tb = placed(boss, 0, 0, 0.3);
    for (let i = 0; i < 100; i++) {
        const bullet = blob(32, 32, r);
        data.masks.push(md(bullet));
        data.pairs.push({ ma: 0, mb: i + 1, ta: tb, tb: placed(bullet, (r() - 0.5) * 280, (r() - 0.5) * 280, r() * 6.3), acc: 1 });
    }
    return data;
}

async function main(): Promise<void> {
    const browser = await openPage(bundle(join(__dirname, '../test/browser/gpu-page.ts')));
    const bench = (data: CaseData, samples: number, modes: string[]) => browser.page.evaluate(
        ([d, s, m]) => (globalThis as unknown as { pixelGpu: PixelGpuApi }).pixelGpu.bench(d, s, m), [data, samples, modes] as const);
    const stats = (data: CaseData) => browser.page.evaluate((d) => (globalThis as unknown as { pixelGpu: PixelGpuApi }).pixelGpu.run(d).stats, data);
    const fmt = (x: number) => (x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x.toFixed(2));
    const lines: string[] = [];
    try {
        lines.push('| pairs of 48x48 sprites | batched (1 readback) | seed 000 way (1 readback per pair) | speed-up | CPU narrow phase | readbacks batched / per pair | page pixels read |');
        lines.push('| --- | --- | --- | --- | --- | --- | --- |');
        let readback = 0;
        for (const n of [50, 200]) {
            const data = sprites48(n);
            const t = await bench(data, 15, ['batched', 'perPair', 'cpu', 'readback1px']);
            const st = await stats(data);
            readback = t.readback1px;
            lines.push(`| ${n} | ${fmt(t.batched)} ms | ${fmt(t.perPair)} ms | ${(t.perPair / t.batched).toFixed(1)}x | ${fmt(t.cpu)} ms | ${st.reads} / ${n} | ${st.pagePixels} |`);
            console.log(n, t, st);
        }
        lines.push('');
        lines.push(`Fixed cost of one synchronous readback (an empty 1x1 page cleared, drawn and read): ${fmt(readback)} ms.`);
        lines.push('');
        const boss = bossAndBullets();
        const tb = await bench(boss, 15, ['batched', 'cpu']);
        const sb = await stats(boss);
        lines.push('| one 256x256 sprite vs 100 rotated 32x32 bullets | GPU batched | CPU narrow phase | CPU / GPU |');
        lines.push('| --- | --- | --- | --- |');
        lines.push(`| ${sb.gpuPairs} pairs drawn, ${sb.pagePixels} page pixels | ${fmt(tb.batched)} ms | ${fmt(tb.cpu)} ms | ${(tb.cpu / tb.batched).toFixed(2)}x |`);
        console.log('boss', tb, sb);
        const renderer = (await browser.page.evaluate(() => (globalThis as unknown as { pixelGpu: PixelGpuApi }).pixelGpu.run({ masks: [], pairs: [] }).renderer));
        const c = cpus();
        const text = [
            '# GPU narrow phase: software WebGL2 (SwiftShader)',
            '',
            `Written by \`npx tsx bench/gpu-run.ts\` on ${new Date().toISOString().slice(0, 10)}: headless Debian Chromium, ${renderer}, `
            + `${c.length} x ${c[0]?.model ?? 'cpu'}, no GPU. Medians of 15 interleaved frames (after 2 warm-up frames) in ms per frame; `
            + 'every frame moves every collider. Same-frame mode (synchronous readback): the main thread is blocked for the whole time shown.',
            '',
            ...lines,
            '',
        ].join('\n');
        writeFileSync(join(__dirname, 'results', 'gpu-swiftshader.md'), text);
        console.log(text);
    } finally {
        await browser.close();
    }
}

main().catch((e) => { console.error(e); process.exit(1); });
