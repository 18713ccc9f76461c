// The destructible terrain demo, loaded from assets/demos/terrain.scene with its PNGs, run in the
// engine: rocks fall and rest on the ground; an explosion clears the same texels in the ground's
// mask and in its picture (read back from the GPU texture); the rock above the crater falls into it.
import { director, gfx, Texture2D } from 'cc';
import { CollisionSystem, PixelCollider } from 'db://pixel-collision/runtime/index';
import { TerrainDemo } from '../../../assets/scripts/demos/TerrainDemo';
import { checkMasks, loaded, registerRuntime, registerScript, runScene } from './load-scene';

declare const done: (ok: boolean, message?: string) => void;

/** Solid texels (alpha > threshold) of the frame rect, read back from the GPU texture. */
function gpuSolid(tex: Texture2D, rect: { x: number; y: number; width: number; height: number }, threshold: number): number {
    const device = director.root!.device;
    const buf = new Uint8Array(rect.width * rect.height * 4);
    const region = new gfx.BufferTextureCopy();
    region.texOffset.x = rect.x; region.texOffset.y = rect.y;
    region.texExtent.width = rect.width; region.texExtent.height = rect.height; region.texExtent.depth = 1;
    device.copyTextureToBuffers(tex.getGFXTexture()!, [buf], [region]);
    let n = 0;
    for (let k = 3; k < buf.length; k += 4) if (buf[k] > threshold) n++;
    return n;
}

export default async function main(h: any) {
    registerRuntime();
    registerScript(TerrainDemo, 'assets/scripts/demos/TerrainDemo.ts');
    const scene = runScene('assets/demos/terrain.scene');
    const demo = scene.getComponentInChildren(TerrainDemo)!;
    const sys = CollisionSystem.instance;
    const fails: string[] = [];
    const expect = (ok: boolean, what: string) => { if (!ok) fails.push(what); };
    await h.frames(2);
    const masks = checkMasks(scene);
    const ground = demo.ground!;
    const overlapping = () => demo.bodies.filter((b) => { const p = b.node.worldPosition; return sys.placeMeeting(b, p.x, p.y) !== null; }).length;
    let overlapFrames = 0;
    const run = async (n: number) => { for (let f = 0; f < n; f++) { await h.frame(); if (overlapping()) overlapFrames++; } };

    await run(150); // fall and settle
    const rest = demo.bodies.map((b) => b.node.worldPosition.y);
    await run(10);
    const settled = demo.bodies.every((b, i) => Math.abs(b.node.worldPosition.y - rest[i]) < 0.5);
    // Resting: free where it is, blocked one pixel lower.
    const onGround = demo.bodies.filter((b) => { const p = b.node.worldPosition; return sys.placeMeeting(b, p.x, p.y - 1) !== null; }).length;
    const overlapsBefore = overlapFrames;
    const tex = demo.groundTexture!, frame = ground.getComponent('cc.Sprite' as never) as any;
    const rect = frame.spriteFrame.rect;
    const maskBefore = ground.mask!.count(), gpuBefore = gpuSolid(tex, rect, ground.alphaThreshold);

    // Blow a crater under the first rock.
    const target = demo.bodies[0];
    const tp = target.node.worldPosition.clone();
    const crater = demo.explodeAt(tp.x, tp.y - 30);
    await h.frame();
    const maskAfter = ground.mask!.count(), gpuAfter = gpuSolid(tex, rect, ground.alphaThreshold);
    await run(120);
    const fell = tp.y - target.node.worldPosition.y;
    console.log(`loaded ${loaded.textures} textures, ${loaded.spriteFrames} sprite frames; masks ${masks.checked} colliders (${masks.packed} in the dynamic atlas) equal their PNG counts${masks.bad.length ? `; differ: ${masks.bad.join('; ')}` : ''}`);
    console.log(`rocks settled ${settled}, ${onGround}/${demo.bodies.length} resting on ground or rock; crater at (${tp.x.toFixed(1)}, ${(tp.y - 30).toFixed(1)}) r ${demo.radius}: mask texels cleared ${crater.maskTexels}, solid picture pixels cleared ${crater.solidPixels}; mask ${maskBefore} -> ${maskAfter}; GPU texture solid pixels ${gpuBefore} -> ${gpuAfter}; the rock fell ${fell.toFixed(1)} px into the crater; frames with a rock overlapping something: ${overlapsBefore} before the explosion, ${overlapFrames - overlapsBefore} after`);
    expect(masks.bad.length === 0 && masks.checked >= 6, 'rock masks equal to the PNGs');
    expect(settled && onGround === demo.bodies.length, 'rocks rest on the ground or each other');
    expect(crater.maskTexels > 1000 && crater.maskTexels === crater.solidPixels, 'mask and picture lose the same texels');
    expect(maskBefore - maskAfter === crater.maskTexels, 'mask count drops by the cleared texels');
    expect(gpuBefore === maskBefore && gpuAfter === maskAfter, 'the picture on the GPU has as many solid texels as the mask, before and after');
    expect(fell > 10, 'the rock above falls into the crater');
    expect(overlapFrames === 0, 'rocks never overlap');
    done(fails.length === 0, fails.length ? `failed: ${fails.join('; ')}` : `crater cleared ${crater.maskTexels} texels from mask and picture alike`);
}
