// Large baked masks decoded ahead, in the real engine: a library with a 1600 x 700 background
// of soft, detailed alpha is registered; the CollisionSystem decodes its mask after its steps,
// within the budget, over several frames; then the background appears with its pixels released
// and GPU readback blocked (as in a native build), and a ring moving across its edge collides
// exactly (independent count every frame) from the mask decoded ahead, handed over, not decoded
// again.
//
//   node ../shared/engine-harness/run.mjs test/engine/prefetch.ts       (from the project's root)
import { director, Director } from 'cc';
import { BitMask, CollisionSystem, PixelCollider, PixelMasks } from 'db://pixel-collision/runtime/index';
import type { PixelContact } from 'db://pixel-collision/runtime/index';
import { buildLibraryGroups, encodeMaskCode } from 'db://pixel-collision/core/index';
import { bruteCount, Checks, makeFrame, makeSprite, makeTexture, ringAlpha, stage } from './lib';
import type { Alpha, Placed } from './lib';

const BW = 1600, BH = 700;
/** Hills with an edge soft over 3 texels, noise along it and a sparse inverted speckle. */
const hills: Alpha = (i, j) => {
    const h = BH * 0.5 + Math.sin(i * 0.01) * 120 + Math.sin(i * 0.047 + 1) * 40;
    const d = (j - h + (Math.sin(i * 0.37 + j * 0.11) * 6)) / 3;
    let a = d >= 1 ? 255 : d <= 0 ? 0 : Math.floor(d * 255);
    if (((i * 7919 + j * 104729) % 997) < 9) a = 255 - a;
    return a;
};

export default async function main(h: any) {
    const checks = new Checks();
    const { canvas } = stage(h.width, h.height);
    void CollisionSystem.instance;
    PixelMasks.clear();

    const bgTex = makeTexture(BW, BH, hills);
    (bgTex as any)._uuid = 'bg-image@6c48a';
    const bgFrame = makeFrame(bgTex);
    (bgFrame as any)._uuid = 'bg-image@f9941';
    const alpha = new Uint8Array(BW * BH * 4);
    for (let j = 0; j < BH; j++) for (let i = 0; i < BW; i++) alpha[(j * BW + i) * 4 + 3] = hills(i, j);
    const mask = BitMask.fromRGBA(alpha, BW, BH, { threshold: 0 });
    const code = encodeMaskCode(mask);
    const groups = buildLibraryGroups([{ uuid: 'bg-image@f9941', texture: 'bg-image@6c48a', rect: [0, 0, BW, BH], rotated: false, threshold: 0, code }]);

    // time every prefetch step the CollisionSystem runs
    const steps: number[] = [];
    const step = PixelMasks.prefetchStep.bind(PixelMasks);
    (PixelMasks as any).prefetchStep = () => { const t = performance.now(); step(); steps.push(performance.now() - t); };
    PixelMasks.addLibrary({ format: 'pixel-collision-masks', version: 2, groups }, 'test library');
    checks.check(PixelMasks.prefetching, 'registering a library with a large mask starts no decoding ahead');
    let frames = 0;
    while (PixelMasks.prefetching && frames < 600) { await h.frames(1); frames++; }
    const ready = { ...PixelMasks.prefetchStats() };
    checks.check(!PixelMasks.prefetching && ready.ready === 1, `decoding ahead did not finish in 600 frames: ${JSON.stringify(ready)}`);
    checks.check(steps.length > 1, `decoded in ${steps.length} step(s): not spread over frames`);
    const sorted = [...steps].sort((a, b) => a - b);
    const median = sorted[sorted.length >> 1] ?? 0, worst = sorted[sorted.length - 1] ?? 0;

    // the background appears, as in a native build: no CPU pixels, no readback
    const device = director.root!.device;
    const copy = device.copyTextureToBuffers;
    let readbacks = 0;
    device.copyTextureToBuffers = function () { readbacks++; } as any;
    bgTex.image!.destroy();
    await h.frames(1);
    const bg = makeSprite('background', bgFrame, canvas);
    bg.node.setPosition(0, 0, 0);
    const bgCollider = bg.node.addComponent(PixelCollider);
    const RW = 48;
    const ring = makeSprite('ring', makeFrame(makeTexture(RW, RW, ringAlpha(RW, RW))), canvas);
    const ringCollider = ring.node.addComponent(PixelCollider);
    const counts = new Map<number, number>();
    const onContact = (_s: PixelCollider, _o: PixelCollider, c: PixelContact) => counts.set(director.getTotalFrames(), c.count);
    bgCollider.on('onPixelCollide', onContact);
    bgCollider.on('onPixelCollideStay', onContact);
    let x = -700;
    const xs = new Map<number, number>();
    const move = () => { x += 23; ring.node.setPosition(x, 0, 0); xs.set(director.getTotalFrames(), x); };
    director.on(Director.EVENT_BEFORE_UPDATE, move);
    await h.frames(60);
    director.off(Director.EVENT_BEFORE_UPDATE, move);
    device.copyTextureToBuffers = copy;

    const ringAlphaFn = ringAlpha(RW, RW);
    const placedBg: Placed = { x: 0, y: 0, angle: 0, sx: 1, sy: 1, w: BW, h: BH, opaque: (i, j) => hills(i, j) > 0 };
    let touching = 0;
    for (const [f, rx] of xs) {
        const want = bruteCount(placedBg, { x: rx, y: 0, angle: 0, sx: 1, sy: 1, w: RW, h: RW, opaque: (i, j) => ringAlphaFn(i, j) > 0 });
        const got = counts.get(f) ?? 0;
        if (want > 0) touching++;
        checks.check(got === want, `ring at x=${rx}: count ${got}, independent count ${want}`);
    }
    checks.check(touching > 10, `the ring touched the edge in only ${touching} frames`);
    const after = PixelMasks.prefetchStats();
    checks.check(after.taken === 1 && after.ready === 0 && after.bytes === 0, `the mask decoded ahead was not handed over: ${JSON.stringify(after)}`);
    const st = PixelMasks.stats();
    checks.check(st.baked >= 1 && st.readback === 0 && readbacks === 0, `masks: baked ${st.baked}, readback ${st.readback} (${readbacks} copies)`);
    checks.finish(`${BW}x${BH} mask (${code.length} chars) decoded ahead in ${steps.length} frames (step median ${median.toFixed(2)} ms, worst ${worst.toFixed(2)} ms); ${xs.size} frames of a moving ring, ${touching} touching, counts equal to the independent count`);
}
