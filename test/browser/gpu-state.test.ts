/**
 * The Cocos backend's GL core (runtime/gpu/gpu-gl-device.ts with `restoreState: true`, as
 * gpu-cocos-device.ts runs it on the engine's context) in headless Chromium: on a context whose
 * state an engine left at unusual values, every call leaves the GL state exactly as it found it
 * (so the engine's WebGL2StateCache stays truthful) with no GL error, and the answers stay the
 * CPU's bit for bit in both readback modes (a mipmapped sampler bound on unit 0, flipped /
 * premultiplied / offset unpacking, a bound pixel unpack or pack buffer would each break them
 * if the device trusted the state it finds).
 */
import { join } from 'node:path';
import { bundle, openPage } from './chromium';
import type { Browser } from './chromium';
import { cpuContacts, makeCases } from './gpu-cases';
import type { PixelGpuApi } from './gpu-page';

jest.setTimeout(300_000);

let browser: Browser;
beforeAll(async () => { browser = await openPage(bundle(join(__dirname, 'gpu-page.ts'))); });
afterAll(async () => { await browser?.close(); });


test('every run restores the engine\'s GL state, raises no GL error, and the answers stay exact in both modes', async () => {
    const data = makeCases(909, 60);
    const r = await browser.page.evaluate((d) => (globalThis as unknown as { pixelGpu: PixelGpuApi }).pixelGpu.stateGuard(d), data);
    console.log(`GL state record + restore per run: ${r.perRunUs.toFixed(0)} us (draw + readback groups), ${r.unpackUs.toFixed(0)} us more in a run that uploads masks (headless Chromium, SwiftShader)`);
    expect(r.diffs).toEqual([]);
    expect(r.errors.every((e) => e === 0)).toBe(true);
    // One record per group and run: sameFrame (FBO+RASTER+DRAW, UNPACK, PACK...) and two nextFrame runs.
    expect(r.saves).toBeGreaterThanOrEqual(3);
    expect(r.saves).toBeLessThanOrEqual(20);
    expect(r.same).toEqual(cpuContacts(data, 1).flat);
    expect(r.late).toEqual(cpuContacts(data, 1).flat); // the second next-frame run hands out frame 1
    expect(r.same.filter((_, i) => i % 11 === 0).some((h) => h === 1)).toBe(true);
});
