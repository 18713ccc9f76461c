/**
 * The narrow-phase contract on real WebGL2: the GPU narrow phase with the plain WebGL2 device,
 * in headless Chromium (Debian chromium, SwiftShader), on seeded random pairs (rotations, flips,
 * non-uniform scale, skew, accuracy 0.25-4, atlas-framed masks, samples on texel edges), must
 * give the CPU narrow phase's contact (computed here in Node) bit for bit, and the reference
 * sampler's count and rect. Samples that float32 cannot decide are flagged by the shader and
 * settled exactly on the CPU; the suite reports how many there were and how many the GPU's
 * float32 guess had wrong. Fails (never skips) when chromium is missing.
 */
import { join } from 'node:path';
import { refTest } from '../core/reference';
import { bundle, openPage } from './chromium';
import type { Browser } from './chromium';
import { cpuContacts, makeCases } from './gpu-cases';
import type { CaseData } from './gpu-cases';
import type { PixelGpuApi, RunResult } from './gpu-page';

jest.setTimeout(300_000);

const CONTACT_FIELDS = 11;
const NAMES = ['hit', 'count', 'minX', 'minY', 'maxX', 'maxY', 'centroidX', 'centroidY', 'normalX', 'normalY', 'frame'];

let browser: Browser;

beforeAll(async () => {
    browser = await openPage(bundle(join(__dirname, 'gpu-page.ts')));
});

afterAll(async () => {
    await browser?.close();
});

function run(data: CaseData, maxPageSize: number, frame: number): Promise<RunResult> {
    return browser.page.evaluate(([d, m, f]) => (globalThis as unknown as { pixelGpu: PixelGpuApi }).pixelGpu.run(d, m, f), [data, maxPageSize, frame] as const);
}


function compare(data: CaseData, got: RunResult, frame: number): { hits: number } {
    const cpu = cpuContacts(data, frame);
    const bad: string[] = [];
    let hits = 0;
    for (let i = 0; i < data.pairs.length; i++) {
        for (let f = 0; f < CONTACT_FIELDS; f++) {
            const g = got.contacts[i * CONTACT_FIELDS + f], c = cpu.flat[i * CONTACT_FIELDS + f];
            if (g !== c) bad.push(`pair ${i}: ${NAMES[f]} GPU ${g}, CPU ${c}`);
        }
        const a = cpu.as[i], b = cpu.bs[i];
        if (a.shape.kind !== 'mask' || b.shape.kind !== 'mask') throw new Error('unreachable');
        const ref = refTest(a.shape.mask, a.transform, b.shape.mask, b.transform, data.pairs[i].acc);
        const o = i * CONTACT_FIELDS, s = 1 / data.pairs[i].acc;
        if (got.contacts[o + 1] !== ref.count) bad.push(`pair ${i}: count GPU ${got.contacts[o + 1]}, reference ${ref.count}`);
        if (ref.hit) {
            hits++;
            const want = [ref.minK * s, ref.minL * s, (ref.maxK + 1) * s, (ref.maxL + 1) * s];
            const have = got.contacts.slice(o + 2, o + 6);
            if (JSON.stringify(have) !== JSON.stringify(want)) bad.push(`pair ${i}: rect GPU ${have}, reference ${want}`);
        }
    }
    if (bad.length) throw new Error(`${bad.length} disagreement(s):\n${bad.slice(0, 20).join('\n')}`);
    return { hits };
}

describe('GPU narrow phase on WebGL2 (headless Chromium, SwiftShader)', () => {
    it('1,000 random pairs in one frame: the CPU contact bit for bit, the reference count and rect, one readback', async () => {
        const data = makeCases(20240901, 1000);
        const got = await run(data, 2048, 7);
        const { hits } = compare(data, got, 7);
        expect(hits).toBeGreaterThan(250);
        expect(got.stats.reads).toBe(1);
        expect(got.stats.draws).toBe(1);
        // Samples float32 could not decide, settled exactly on the CPU (reported, not hidden).
        console.log(`WebGL2 contract (${got.renderer}): 1000 pairs, ${hits} hits, ${got.stats.gpuPairs} drawn, `
            + `${got.stats.pagePixels} page pixels, unsure samples settled on the CPU: ${got.stats.unsureSamples}, `
            + `of which the float32 guess was wrong: ${got.stats.unsureFlips}; normal fallbacks ${got.stats.normalFallbacks}`);
    });

    it('the same cases split over pages of at most 128 pixels: one draw and one readback per page, same answers', async () => {
        const data = makeCases(77, 300);
        const got = await run(data, 128, 3);
        compare(data, got, 3);
        expect(got.stats.pages).toBeGreaterThan(2);
        expect(got.stats.reads).toBe(got.stats.pages);
        expect(got.stats.draws).toBe(got.stats.pages);
    });

    it('larger masks (up to 64 texels): the atlas grows, answers stay exact', async () => {
        const data = makeCases(4242, 200, 64);
        const got = await run(data, 2048, 1);
        compare(data, got, 1);
        expect(got.stats.cpuAtlas + got.stats.cpuTooLarge + got.stats.cpuPrecision).toBe(0);
    });

    it("'nextFrame' readback (pixel buffer + fence): 1,000 random pairs answered one step late, the CPU contact of the frame described, no synchronous read", async () => {
        const data = makeCases(20240902, 1000);
        const got = await browser.page.evaluate(([d]) => (globalThis as unknown as { pixelGpu: PixelGpuApi }).pixelGpu.runLate(d, 11), [data] as const);
        expect(got.described).toEqual([10, 11]);
        const first = got.first;
        for (let i = 0; i < data.pairs.length; i++) expect(first[i * CONTACT_FIELDS]).toBe(0); // nothing before the first answers
        const { hits } = compare(data, got, 11);
        expect(hits).toBeGreaterThan(250);
        expect(got.stats.reads).toBe(0);
        expect(got.stats.starts).toBe(2 * got.stats.pages);
        expect(got.stats.finishes).toBe(got.stats.pages);
        console.log(`WebGL2 'nextFrame': ${hits} hits, ${got.stats.pages} page(s), fences not yet signalled at collection: ${got.stats.readStalls}`);
    });

    it("a world stepped 30 times (moves, removals with recycled ids, disables): 'sameFrame' reports = the CPU's; 'nextFrame' reports = the CPU's of the frame before, with that frame, one-frame touches included", async () => {
        const r = await browser.page.evaluate(() => (globalThis as unknown as { pixelGpu: PixelGpuApi }).pixelGpu.worldScript(31, 30, 30));
        expect(r.same).toEqual([]);
        expect(r.late).toEqual([]); // every touch of frame s reported in step s + 1 unless a collider left
        expect(r.reported).toBeGreaterThan(50);
        expect(r.reads).toBe(0);
        expect(r.handedOver).toBe(r.unmatchedHits); // every late hit of a pair no longer a candidate reached the world
        expect(r.unmatchedHits).toBeGreaterThanOrEqual(r.gonePairs);
        console.log(`WebGL2 world script: ${r.reported} late contacts reported; ${r.unmatchedHits} hit(s) of pairs no longer candidates handed to the world: `
            + `${r.unmatchedHits - r.gonePairs} reported (boxes separated), ${r.gonePairs} not (a collider removed or disabled); ${r.stalls} read stall(s) in ${r.starts} reads`);
    });

    for (const mode of ['sameFrame', 'nextFrame'] as const) {
        it(`a lost and restored context (WEBGL_lose_context), '${mode}': the CPU answers while lost, the atlas is uploaded again after the restore, every answer exact`, async () => {
            const data = makeCases(555, 120);
            const r = await browser.page.evaluate(([d, m]) => (globalThis as unknown as { pixelGpu: PixelGpuApi }).pixelGpu.contextLoss(d, m), [data, mode] as const);
            const late = mode === 'nextFrame' ? 1 : 0;
            expect(r.described).toEqual([1, 2, 3, 4, 5, 6, 7].map((f) => f - late));
            const strip = (xs: number[]) => xs.filter((_, k) => k % CONTACT_FIELDS !== CONTACT_FIELDS - 1);
            const want = strip(r.cpu);
            for (let f = late; f < 7; f++) expect(strip(r.frames[f])).toEqual(want);
            // Frames 3 and 4 (lost): planned on the CPU; frame 5 (restored): on the GPU again, masks re-uploaded.
            expect(r.stats[2].cpuLost).toBeGreaterThan(0);
            expect(r.stats[3].cpuLost).toBeGreaterThan(0);
            expect(r.stats[2].pages).toBe(0);
            expect(r.stats[4].lost).toBe(0);
            expect(r.stats[4].cpuLost).toBe(0);
            expect(r.stats[4].pages).toBeGreaterThan(0);
            expect(r.stats[4].uploads).toBeGreaterThan(r.stats[1].uploads);
            if (mode === 'nextFrame') expect(r.stats[2].lostReadbacks).toBeGreaterThan(0); // frame 2's read died with the context
        });
    }

    it('zero pairs: no draw, no readback', async () => {
        const [draws, reads] = await browser.page.evaluate(() => (globalThis as unknown as { pixelGpu: PixelGpuApi }).pixelGpu.zeroPairs());
        expect([draws, reads]).toEqual([0, 0]);
    });

    it('a WebGL1 context, or no WebGL2 context: a clear error pointing to the CPU narrow phase', async () => {
        const msgs = await browser.page.evaluate(() => (globalThis as unknown as { pixelGpu: PixelGpuApi }).pixelGpu.badContexts());
        expect(msgs[0]).toMatch(/not a WebGL2 context.*CPU narrow phase/);
        expect(msgs[1]).toMatch(/no WebGL2 context.*CPU narrow phase|WebGL1 only.*CPU narrow phase/);
    });
});
