// Engine entry (run by hand: node ../shared/engine-harness/run.mjs test/engine/image-cleanup.ts).
// The texture's CPU pixels released after upload, as native and mini-game builds do
// (macro.CLEANUP_IMAGE_CACHE: the ImageAsset is destroyed after upload, image.data becomes null):
// the masks then come from a GPU readback of the frame's region, and collisions stay exact
// (plain, rotated-atlas and trimmed frames; thresholds 0 and 127), counts equal to the brute force.
import { director } from 'cc';
import { PixelCollider, PixelMasks } from 'db://pixel-collision/runtime/index';
import { bruteCount, Checks, makeFrame, makeSprite, makeTexture, stage } from './lib';
import type { Placed } from './lib';

const alphaOf = (i: number, j: number) => (Math.hypot(i - 31.5, j - 31.5) > 31 ? 0 : (i * 3 + j * 5) % 11 === 0 ? 0 : (i + j) % 3 === 0 ? 100 : 255);

export default async function main(h: { width: number; height: number; frames(n: number): Promise<void> }) {
    const { canvas } = stage(h.width, h.height);
    const checks = new Checks();
    PixelMasks.clear();
    const tex = makeTexture(64, 64, alphaOf);
    await h.frames(1); // uploaded and drawn once
    const image = tex.image!;
    image.destroy(); // what CLEANUP_IMAGE_CACHE does after the upload
    await h.frames(1);
    checks.check(image.data === null || image.data === undefined, `image.data after cleanup: ${String(image.data)}`);
    const frames = [
        { sf: makeFrame(tex, [0, 0, 40, 36]), w: 40, h: 36, texel: (i: number, j: number): [number, number] => [i, j] },
        { sf: makeFrame(tex, [20, 10, 30, 20], true), w: 30, h: 20, texel: (i: number, j: number): [number, number] => [20 + 20 - 1 - j, 10 + i] },
        { sf: makeFrame(tex, [8, 30, 24, 30]), w: 24, h: 30, texel: (i: number, j: number): [number, number] => [8 + i, 30 + j] },
    ];
    const results: string[] = [];
    let k = 0;
    for (const threshold of [0, 127]) {
        for (let fa = 0; fa < 3; fa++) {
            const fb = (fa + 1) % 3;
            const x0 = -360 + k * 130, y0 = k % 2 ? 120 : -120;
            k++;
            const a = makeSprite(`A${k}`, frames[fa].sf, canvas), b = makeSprite(`B${k}`, frames[fb].sf, canvas);
            a.node.setPosition(x0, y0, 0);
            b.node.setPosition(x0 + 9.5, y0 + 4.25, 0);
            b.node.setRotationFromEuler(0, 0, 23);
            const ca = a.node.addComponent(PixelCollider), cb = b.node.addComponent(PixelCollider);
            ca.alphaThreshold = cb.alphaThreshold = threshold;
            await h.frames(1);
            const A: Placed = { x: x0, y: y0, angle: 0, sx: 1, sy: 1, w: frames[fa].w, h: frames[fa].h, opaque: (i, j) => alphaOf(...frames[fa].texel(i, j)) > threshold };
            const B: Placed = { x: x0 + 9.5, y: y0 + 4.25, angle: 23, sx: 1, sy: 1, w: frames[fb].w, h: frames[fb].h, opaque: (i, j) => alphaOf(...frames[fb].texel(i, j)) > threshold };
            const want = bruteCount(A, B);
            const got = ca.contactWith(cb)?.count ?? 0;
            results.push(`frames ${fa}/${fb} threshold ${threshold}: ${got}/${want}`);
            checks.check(got === want && want > 0, `frames ${fa}/${fb} threshold ${threshold}: system ${got}, brute force ${want}`);
            // the mask itself, texel by texel
            const m = ca.mask;
            let diff = -1;
            if (m) { diff = 0; for (let j = 0; j < A.h; j++) for (let i = 0; i < A.w; i++) if (m.get(i, j) !== A.opaque(i, j)) diff++; }
            checks.check(diff === 0, `frame ${fa} threshold ${threshold}: mask differs from the texture in ${diff} texel(s) (-1: no mask)`);
        }
    }
    const stats = PixelMasks.stats();
    checks.check(stats.readback >= 3 && stats.pixels === 0, `masks from readback ${stats.readback}, from CPU pixels ${stats.pixels}`);
    console.log(`${results.join('; ')}`);
    console.log(`mask cache: ${JSON.stringify(stats)}; frames ${director.getTotalFrames()}`);
    checks.finish('image-cleanup');
}
