// Pictures of the demo scenes for the docs: loads each scene from its files, plays it for a while
// (with some input), draws one frame into a render texture and prints it as a PNG data URL in
// chunks ("SHOT <scene> <i>/<n> <data>"); test/engine/demos/save-shots.mjs writes them to docs/.
// The character scene (Spine) is among the defaults only on a harness home built with skeletons.
import * as cc from 'cc';
import { Camera, RenderTexture } from 'cc';
import { CharacterDemo } from '../../../assets/scripts/demos/CharacterDemo';
import { MazeDemo } from '../../../assets/scripts/demos/MazeDemo';
import { ShooterDemo } from '../../../assets/scripts/demos/ShooterDemo';
import { StressDemo } from '../../../assets/scripts/demos/StressDemo';
import { TerrainDemo } from '../../../assets/scripts/demos/TerrainDemo';
import { registerRuntime, registerScript, runScene } from './load-scene';

declare const done: (ok: boolean, message?: string) => void;

async function shoot(h: any, name: string): Promise<void> {
    const scene = runScene(`assets/demos/${name}.scene`);
    const cam = scene.getComponentInChildren(Camera)!;
    if (name === 'shooter') { scene.getComponentInChildren(ShooterDemo)!.setAxis(1); await h.frames(50); }
    if (name === 'maze') { scene.getComponentInChildren(MazeDemo)!.setInput(1, -0.4); await h.frames(40); }
    if (name === 'terrain') {
        const t = scene.getComponentInChildren(TerrainDemo)!;
        await h.frames(60);
        t.explodeAt(300, 120); t.explodeAt(620, 150); t.explodeAt(660, 110);
        await h.frames(40);
    }
    if (name === 'character') { await h.frames(Number((globalThis as any).CHARACTER_FRAMES ?? 75)); }
    if (name === 'stress') { scene.getComponentInChildren(StressDemo)!.setCount(Number((globalThis as any).N ?? 600)); await h.frames(30); }
    const W = h.width, H = h.height;
    const rt = new RenderTexture();
    rt.reset({ width: W, height: H });
    cam.targetTexture = rt;
    await h.frames(2);
    const px = rt.readPixels(0, 0, W, H)!;
    cam.targetTexture = null;
    const canvas = document.createElement('canvas');
    canvas.width = W; canvas.height = H;
    const ctx = canvas.getContext('2d')!;
    const img = ctx.createImageData(W, H);
    for (let y = 0; y < H; y++) { // rows come back bottom-up
        img.data.set(px.subarray((H - 1 - y) * W * 4, (H - y) * W * 4), y * W * 4);
    }
    for (let k = 3; k < img.data.length; k += 4) img.data[k] = 255;
    ctx.putImageData(img, 0, 0);
    const url = canvas.toDataURL('image/png');
    const CH = 20000, n = Math.ceil(url.length / CH);
    for (let i = 0; i < n; i++) console.log(`SHOT ${name} ${i + 1}/${n} ${url.slice(i * CH, (i + 1) * CH)}`);
}

export default async function main(h: any) {
    registerRuntime();
    registerScript(ShooterDemo, 'assets/scripts/demos/ShooterDemo.ts');
    registerScript(MazeDemo, 'assets/scripts/demos/MazeDemo.ts');
    registerScript(TerrainDemo, 'assets/scripts/demos/TerrainDemo.ts');
    registerScript(StressDemo, 'assets/scripts/demos/StressDemo.ts');
    registerScript(CharacterDemo, 'assets/scripts/demos/CharacterDemo.ts');
    const all = `shooter,maze,terrain,stress${(cc as unknown as { sp?: unknown }).sp ? ',character' : ''}`;
    const which = String((globalThis as any).SCENES ?? all).split(',');
    for (const name of which) await shoot(h, name);
    done(true, `pictures of ${which.join(', ')}`);
}
