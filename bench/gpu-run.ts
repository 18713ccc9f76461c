/**
 * GPU narrow-phase benchmark, in headless Chromium with software WebGL2 (SwiftShader), run by
 * `npx tsx bench/gpu-run.ts` (not a `.bench.ts`: it drives a browser, bench/run.ts runs Node
 * bundles). Side by side in one run, written to bench/results/gpu-swiftshader.md:
 *
 * 1. batched (every pair one tile of one page, one draw, one readback) vs seed 000's way (one
 *    draw and one readback per pair), 50 and 200 pairs of 48x48 sprites; the CPU narrow phase
 *    for reference; the fixed cost of one readback (an empty 1x1 page drawn and read); the
 *    tile pixels with the old AABB-overlap tiles and the oriented-box tiles;
 * 2. main-thread time blocked per frame in each readback mode ('sameFrame', 'nextFrame');
 * 3. GPU vs CPU: one 256x256 sprite against 100 rotated 32x32 bullets.
 *
 * Every frame moves every collider (no backend reuses last frame's work) and is followed by a
 * 16 ms gap (the rest of a game frame), so fences can signal as they would in a game.
 */
import { writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { CollisionWorld, TILE_MARGIN, affine, affineFromTRS, affineMultiply } from '../extensions/pixel-collision/assets/core';
import { pairTile } from '../extensions/pixel-collision/assets/core/gpu';
import type { BitMask } from '../extensions/pixel-collision/assets/core';
import { bundle, openPage } from '../test/browser/chromium';
import { toAffine, toMask } from '../test/browser/gpu-cases';
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

/** Sum of tile areas (page pixels before packing) with the old AABB-overlap tiles and the oriented-box tiles. */
function tileAreas(data: CaseData): { aabb: number; obb: number } {
    const world = new CollisionWorld();
    const masks = data.masks.map(toMask);
    let aabb = 0, obb = 0;
    const ba = { minX: 0, minY: 0, maxX: 0, maxY: 0 }, bb = { minX: 0, minY: 0, maxX: 0, maxY: 0 };
    const win = new Int32Array(4);
    for (const p of data.pairs) {
        const a = world.add({ shape: { kind: 'mask', mask: masks[p.ma] }, transform: toAffine(p.ta) });
        const b = world.add({ shape: { kind: 'mask', mask: masks[p.mb] }, transform: toAffine(p.tb) });
        a.getBounds(ba); b.getBounds(bb);
        const lox = Math.max(ba.minX, bb.minX), hix = Math.min(ba.maxX, bb.maxX), loy = Math.max(ba.minY, bb.minY), hiy = Math.min(ba.maxY, bb.maxY);
        if (lox <= hix && loy <= hiy) {
            const acc = p.acc;
            const k0 = Math.ceil(lox * acc - 0.5) - 1, k1 = Math.floor(hix * acc - 0.5) + 1;
            const l0 = Math.ceil(loy * acc - 0.5) - 1, l1 = Math.floor(hiy * acc - 0.5) + 1;
            aabb += (k1 - k0 + 1 + 2 * TILE_MARGIN) * (l1 - l0 + 1 + 2 * TILE_MARGIN);
        }
        if (pairTile(masks[p.ma], toAffine(p.ta), masks[p.mb], toAffine(p.tb), p.acc, win)) obb += (win[2] - win[0] + 1) * (win[3] - win[1] + 1);
    }
    return { aabb, obb };
}

async function main(): Promise<void> {
    const browser = await openPage(bundle(join(__dirname, '../test/browser/gpu-page.ts')));
    const ROUNDS = 3, FRAMES = 7;
    const bench = (data: CaseData, modes: string[]) => browser.page.evaluate(
        ([d, r, f, m]) => (globalThis as unknown as { pixelGpu: PixelGpuApi }).pixelGpu.bench(d, r, f, m), [data, ROUNDS, FRAMES, modes] as const);
    const stats = (data: CaseData) => browser.page.evaluate((d) => (globalThis as unknown as { pixelGpu: PixelGpuApi }).pixelGpu.run(d).stats, data);
    const fmt = (x: number) => (x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x.toFixed(2));
    const speed: string[] = [], blocked: string[] = [];
    try {
        speed.push('| pairs of 48x48 sprites | batched, same frame (1 readback) | seed 000 way (1 readback per pair) | speed-up | CPU narrow phase | readbacks batched / per pair | page pixels read (oriented-box tiles) | tile pixels with AABB-overlap tiles |');
        speed.push('| --- | --- | --- | --- | --- | --- | --- | --- |');
        blocked.push('| pairs of 48x48 sprites | same frame: blocked per frame | next frame (pixel buffer + fence): blocked per frame | next frame: reads whose fence had not signalled | CPU narrow phase |');
        blocked.push('| --- | --- | --- | --- | --- |');
        const readbacks: number[] = [];
        for (const n of [50, 200]) {
            const data = sprites48(n);
            const t = await bench(data, ['sameFrame', 'nextFrame', 'perPair', 'cpu', 'readback1px']);
            const st = await stats(data);
            const areas = tileAreas(data);
            readbacks.push(t.readback1px);
            speed.push(`| ${n} | ${fmt(t.sameFrame)} ms | ${fmt(t.perPair)} ms | ${(t.perPair / t.sameFrame).toFixed(1)}x | ${fmt(t.cpu)} ms | ${st.reads} / ${n} | ${st.pagePixels} | ${areas.aabb} (oriented: ${areas.obb}) |`);
            blocked.push(`| ${n} | ${fmt(t.sameFrame)} ms | ${fmt(t.nextFrame)} ms | ${t.nextFrameStalls} of ${t.samples} | ${fmt(t.cpu)} ms |`);
            console.log(n, t, st, areas);
        }
        const boss = bossAndBullets();
        const tb = await bench(boss, ['sameFrame', 'nextFrame', 'cpu']);
        const sb = await stats(boss);
        console.log('boss', tb, sb);
        const renderer = (await browser.page.evaluate(() => (globalThis as unknown as { pixelGpu: PixelGpuApi }).pixelGpu.run({ masks: [], pairs: [] }).renderer));
        const c = cpus();
        const text = [
            '# GPU narrow phase: software WebGL2 (SwiftShader)',
            '',
            `Written by \`npx tsx bench/gpu-run.ts\` on ${new Date().toISOString().slice(0, 10)}: headless Debian Chromium, ${renderer}, `
            + `${c.length} x ${c[0]?.model ?? 'cpu'}, no GPU. Medians of ${ROUNDS * FRAMES} frames per mode in ms of main-thread time per frame `
            + `(${ROUNDS} alternating blocks of ${FRAMES} frames per mode, one warm-up frame per block, a 16 ms gap after every frame `
            + 'for the rest of a game frame: the event loop runs and fences can signal). Every frame moves every collider.',
            '',
            '## Batched vs one readback per pair (same-frame mode: the main thread waits for the whole GPU round trip)',
            '',
            ...speed,
            '',
            `Fixed cost of one synchronous readback (an empty 1x1 page cleared, drawn and read): ${readbacks.map(fmt).join(' ms / ')} ms (median, measured in the 50- and 200-pair runs).`,
            '',
            '## Main-thread time blocked per frame, by readback mode',
            '',
            'Same frame: plan, draw, `readPixels` (waits for SwiftShader to render the page), decode. Next frame: collect the previous '
            + "frame's pixel buffer (`getBufferSubData`, no wait when its fence has signalled), decode it, plan and submit this frame's "
            + 'draw and `readPixels` into a pixel buffer, `fenceSync`; SwiftShader renders in the GPU process while the main thread goes on.',
            '',
            ...blocked,
            '',
            '## One 256x256 sprite vs 100 rotated 32x32 bullets',
            '',
            '| pairs drawn, page pixels | GPU same frame | GPU next frame (blocked) | CPU narrow phase | CPU / GPU same frame |',
            '| --- | --- | --- | --- | --- |',
            `| ${sb.gpuPairs} pairs, ${sb.pagePixels} page pixels | ${fmt(tb.sameFrame)} ms | ${fmt(tb.nextFrame)} ms | ${fmt(tb.cpu)} ms | ${(tb.cpu / tb.sameFrame).toFixed(2)}x |`,
            '',
        ].join('\n');
        writeFileSync(join(__dirname, 'results', 'gpu-swiftshader.md'), text);
        console.log(text);
    } finally {
        await browser.close();
    }
}

main().catch((e) => { console.error(e); process.exit(1); });
