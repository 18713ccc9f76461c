/**
 * The Cocos backend's GL core (runtime/gpu-gl-device.ts with `restoreState: true`, as
 * gpu-cocos-device.ts runs it on the engine's context) in headless Chromium: on a context whose
 * state an engine left at unusual values, every call leaves the GL state exactly as it found it
 * (so the engine's WebGL2StateCache stays truthful) with no GL error, and the answers stay the
 * CPU's bit for bit in both readback modes (a mipmapped sampler bound on unit 0, flipped /
 * premultiplied / offset unpacking, a bound pixel unpack or pack buffer would each break them
 * if the device trusted the state it finds).
 */
import { join } from 'node:path';
import { Contact, CpuNarrowPhase, CollisionWorld } from '../../extensions/pixel-collision/assets/core';
import type { Collider } from '../../extensions/pixel-collision/assets/core';
import { bundle, openPage } from './chromium';
import type { Browser } from './chromium';
import { makeCases, toAffine, toMask } from './gpu-cases';
import type { CaseData } from './gpu-cases';
import type { PixelGpuApi } from './gpu-page';

jest.setTimeout(300_000);

let browser: Browser;
beforeAll(async () => { browser = await openPage(bundle(join(__dirname, 'gpu-page.ts'))); });
afterAll(async () => { await browser?.close(); });

function cpuFlat(data: CaseData, frame: number): number[] {
    const world = new CollisionWorld();
    const masks = data.masks.map(toMask);
    const as: Collider[] = [], bs: Collider[] = [];
    const acc = new Float64Array(data.pairs.length);
    data.pairs.forEach((p, i) => {
        as.push(world.add({ shape: { kind: 'mask', mask: masks[p.ma] }, transform: toAffine(p.ta), accuracy: p.acc }));
        bs.push(world.add({ shape: { kind: 'mask', mask: masks[p.mb] }, transform: toAffine(p.tb), accuracy: p.acc }));
        acc[i] = p.acc;
    });
    const cs = Array.from({ length: data.pairs.length }, () => new Contact());
    new CpuNarrowPhase().run(as, bs, cs.length, acc, cs, frame, false);
    const flat: number[] = [];
    for (const c of cs) flat.push(c.hit ? 1 : 0, c.count, c.minX, c.minY, c.maxX, c.maxY, c.centroidX, c.centroidY, c.normalX, c.normalY, c.frame);
    return flat;
}

test('every run restores the engine\'s GL state, raises no GL error, and the answers stay exact in both modes', async () => {
    const data = makeCases(909, 60);
    const r = await browser.page.evaluate((d) => (globalThis as unknown as { pixelGpu: PixelGpuApi }).pixelGpu.stateGuard(d), data);
    console.log(`GL state record + restore per run: ${r.perRunUs.toFixed(0)} us (draw + readback groups), ${r.unpackUs.toFixed(0)} us more in a run that uploads masks (headless Chromium, SwiftShader)`);
    expect(r.diffs).toEqual([]);
    expect(r.errors.every((e) => e === 0)).toBe(true);
    // One record per group and run: sameFrame (FBO+RASTER+DRAW, UNPACK, PACK...) and two nextFrame runs.
    expect(r.saves).toBeGreaterThanOrEqual(3);
    expect(r.saves).toBeLessThanOrEqual(20);
    expect(r.same).toEqual(cpuFlat(data, 1));
    expect(r.late).toEqual(cpuFlat(data, 1)); // the second next-frame run hands out frame 1
    expect(r.same.filter((_, i) => i % 11 === 0).some((h) => h === 1)).toBe(true);
});
