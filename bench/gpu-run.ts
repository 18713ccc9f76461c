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
 * 3. GPU vs CPU: one 256x256 sprite against 100 rotated 32x32 bullets;
 * 4. the size sweep: GPU vs CPU for pairs of 32x32, 128x128, 256x256 and 512x512 blobs,
 *    axis-aligned and rotated, at 1 to 200 pairs a frame (fewer for the large ones): the CPU with
 *    every detail (what the GPU computes) and hits only (the world's lazy default), the GPU in
 *    both readback modes.
 *    Every case checks first (in the page) that the GPU's answers, both modes, equal the CPU's.
 *
 * Keeps the hand-written "## Notes" section at the end of the results file.
 *
 * Every frame moves every collider (no backend reuses last frame's work) and is followed by a
 * 16 ms gap (the rest of a game frame), so fences can signal as they would in a game.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
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

/**
 * `n` pairs of `size` x `size` blobs overlapping by about a third (B is 0.42-0.75 of a side to the
 * right of A), in a grid of 10 columns; `rotated`: both at random angles, else axis-aligned at
 * integer positions (the CPU reads such masks in place). Distinct masks, up to 32 (8 of 512x512),
 * then reused, as a game reuses a few large frames.
 */
function sweepPairs(size: number, n: number, rotated: boolean): CaseData {
    const r = rng(size * 1000 + n * 2 + (rotated ? 1 : 0));
    const distinct = Math.min(2 * n, size >= 512 ? 8 : 32);
    const masks = Array.from({ length: distinct }, () => blob(size, size, r));
    const data: CaseData = { masks: masks.map(md), pairs: [] };
    for (let i = 0; i < n; i++) {
        const x = (i % 10) * 3 * size, y = Math.floor(i / 10) * 3 * size;
        const dx = size * (0.42 + r() * 0.33), dy = (r() - 0.5) * size * 0.3;
        const ra = rotated ? r() * 6.3 : 0, rb = rotated ? r() * 6.3 : 0;
        const ma = (2 * i) % distinct, mb = (2 * i + 1) % distinct;
        data.pairs.push({
            ma, mb, acc: 1,
            ta: placed(masks[ma], x, y, ra),
            tb: placed(masks[mb], rotated ? x + dx : Math.round(x + dx), rotated ? y + dy : Math.round(y + dy), rb),
        });
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

/** Sprite sides of the size sweep (`--sweep=32,128` to run fewer; the file is then not written). */
const SWEEP_ARG = process.argv.find((a) => a.startsWith('--sweep='));
const SWEEP_SIZES = SWEEP_ARG ? SWEEP_ARG.slice(8).split(',').map(Number) : [32, 128, 256, 512];
/** Pairs per frame of the size sweep, by sprite side. */
const SWEEP_PAIRS: Record<number, number[]> = { 32: [1, 10, 50, 200], 128: [1, 10, 50], 256: [1, 10, 30], 512: [1, 5, 10] };

/** The size sweep's table rows (see the file notes). */
async function runSweep(bench: (d: CaseData, modes: string[], check: boolean) => Promise<Record<string, number>>, fmt: (x: number) => string): Promise<string[]> {
    const sweep: string[] = [];
    sweep.push('| sprites | pairs | hits | page pixels | CPU, every detail | CPU, hits only (lazy) | GPU same frame | GPU next frame (blocked) | next frame: fence not signalled | CPU every detail / GPU same frame | CPU every detail / GPU next frame |');
    sweep.push('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
    for (const size of SWEEP_SIZES) {
        for (const rotated of [false, true]) {
            for (const n of SWEEP_PAIRS[size] ?? [1, 10]) {
                const data = sweepPairs(size, n, rotated);
                const t = await bench(data, ['cpu', 'cpuLazy', 'sameFrame', 'nextFrame'], true);
                if (t.mismatches !== 0) throw new Error(`${size}x${size} ${rotated ? 'rotated' : 'axis-aligned'}, ${n} pairs: ${t.mismatches} contact field(s) differ between the CPU and the GPU; not timing it`);
                console.log('sweep', size, rotated ? 'rotated' : 'axis-aligned', n, t);
                sweep.push(`| ${size}x${size} ${rotated ? 'rotated' : 'axis-aligned'} | ${n} | ${t.hits} | ${t.pagePixels} | ${fmt(t.cpu)} ms | ${fmt(t.cpuLazy)} ms | ${fmt(t.sameFrame)} ms | ${fmt(t.nextFrame)} ms | ${t.nextFrameStalls} of ${t.samples} | ${(t.cpu / t.sameFrame).toFixed(2)}x | ${(t.cpu / t.nextFrame).toFixed(2)}x |`);
            }
        }
    }
    return sweep;
}

async function main(): Promise<void> {
    const browser = await openPage(bundle(join(__dirname, '../test/browser/gpu-page.ts')), { isolated: true });
    const ROUNDS = 5, FRAMES = 7;
    const bench = (data: CaseData, modes: string[], check = false) => browser.page.evaluate(
        ([d, r, f, m, c]) => (globalThis as unknown as { pixelGpu: PixelGpuApi }).pixelGpu.bench(d, r, f, m, 16, c), [data, ROUNDS, FRAMES, modes, check] as const);
    const stats = (data: CaseData) => browser.page.evaluate((d) => (globalThis as unknown as { pixelGpu: PixelGpuApi }).pixelGpu.run(d).stats, data);
    const fmt = (x: number) => (x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x >= 1 ? x.toFixed(2) : x.toFixed(3));
    const speed: string[] = [], blocked: string[] = [];
    try {
        if (SWEEP_ARG) {
            console.log((await runSweep(bench, fmt)).join('\n'));
            return;
        }
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
        const sweep = await runSweep(bench, fmt);
        const boss = bossAndBullets();
        const tb = await bench(boss, ['sameFrame', 'nextFrame', 'cpu', 'cpuLazy'], true);
        if (tb.mismatches !== 0) throw new Error(`256x256 vs bullets: ${tb.mismatches} contact field(s) differ between the CPU and the GPU`);
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
            '| pairs drawn, page pixels | GPU same frame | GPU next frame (blocked) | CPU narrow phase (every detail) | CPU, hits only (lazy) | CPU / GPU same frame | CPU / GPU next frame |',
            '| --- | --- | --- | --- | --- | --- | --- |',
            `| ${sb.gpuPairs} pairs, ${sb.pagePixels} page pixels | ${fmt(tb.sameFrame)} ms | ${fmt(tb.nextFrame)} ms | ${fmt(tb.cpu)} ms | ${fmt(tb.cpuLazy)} ms | ${(tb.cpu / tb.sameFrame).toFixed(2)}x | ${(tb.cpu / tb.nextFrame).toFixed(2)}x |`,
            '',
            '## Size sweep: GPU vs CPU by sprite size, rotation and pairs per frame',
            '',
            'Pairs of blobs of one size overlapping by about a third, accuracy 1 (a sample cell per texel). Axis-aligned: '
            + 'integer positions, no rotation (the CPU reads the masks in place, no rasterizing); rotated: both sprites at '
            + 'random angles (the CPU rasterizes both every frame they move). Every case first checks, in the page, that the '
            + "GPU's contacts in both readback modes equal the CPU's, every field (and the lazy CPU's hits), before and after "
            + 'timing. "CPU, every detail": count, rect, centroid and normal of every pair, what the GPU computes; "hits only": '
            + "the world's default (`contactDetails: 'lazy'`) when no listener reads a detail. Same frame: the whole GPU round "
            + 'trip, blocking; next frame: main-thread time blocked (collect and decode the previous frame, plan and submit this one).',
            '',
            ...sweep,
            '',
        ].join('\n');
        const file = join(__dirname, 'results', 'gpu-swiftshader.md');
        // Keep the hand-written notes at the end of the file.
        const old = existsSync(file) ? readFileSync(file, 'utf8') : '';
        const at = old.indexOf('## Notes');
        const notes = at >= 0 ? old.slice(at) : '';
        writeFileSync(file, notes ? `${text}\n${notes}` : text);
        console.log(text);
    } finally {
        await browser.close();
    }
}

main().catch((e) => { console.error(e); process.exit(1); });
