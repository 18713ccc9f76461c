// The shooter demo scene, loaded from assets/demos/shooter.scene with its PNGs, run in the engine:
// bullets fired by the scene's script hit the ships (score), never pass through them.
import { Sprite } from 'cc';
import { CollisionSystem, PixelCollider } from 'db://pixel-collision/runtime/index';
import { ShooterDemo } from '../../../assets/scripts/demos/ShooterDemo';
import { checkMasks, loaded, registerRuntime, registerScript, runScene } from './load-scene';

declare const done: (ok: boolean, message?: string) => void;

export default async function main(h: any) {
    registerRuntime();
    registerScript(ShooterDemo, 'assets/scripts/demos/ShooterDemo.ts');
    const scene = runScene('assets/demos/shooter.scene');
    const demo = scene.getComponentInChildren(ShooterDemo)!;
    const fails: string[] = [];
    const expect = (ok: boolean, what: string) => { if (!ok) fails.push(what); };
    expect(!!demo, 'ShooterDemo on the Game node');
    expect(demo.enemies.length === 3 && demo.enemies.every((e) => e instanceof PixelCollider && e.alphaThreshold === 127), 'three enemy colliders with alpha threshold 127 from the scene');
    expect(demo.bulletSpeed === 2400 && !!demo.bulletTemplate && !!demo.scoreLabel && !!demo.player, 'scene property values');
    const fighter = demo.enemies[0].getComponent(Sprite)!.spriteFrame!;
    console.log(`loaded ${loaded.textures} textures, ${loaded.spriteFrames} sprite frames; fighter frame rect ${fighter.rect.width}x${fighter.rect.height} of ${fighter.originalSize.width}x${fighter.originalSize.height} (trimmed)`);
    await h.frames(2);
    const masks = checkMasks(scene);
    console.log(`masks: ${masks.checked} PIXELS colliders (${masks.packed} in the dynamic atlas) match their PNG pixel counts${masks.bad.length ? `; differ: ${masks.bad.join('; ')}` : ''}`);
    expect(masks.checked >= 4 && masks.bad.length === 0, 'masks equal to the PNGs');

    // Play: steer left and right while the script fires on its own.
    let frames = 0, flashed = 0;
    const t0 = performance.now();
    for (let k = 0; k < 8; k++) {
        demo.setAxis(k % 2 ? 1 : -1);
        for (let f = 0; f < 30; f++) {
            await h.frame();
            frames++;
            // a ship hit in this frame is tinted (its sprite colour is not white)
            if (demo.enemies.some((e) => e.getComponent(Sprite)!.color.g < 250)) flashed++;
        }
    }
    const secs = (performance.now() - t0) / 1000;
    const label = demo.scoreLabel!.string;
    console.log(`${frames} frames in ${secs.toFixed(1)} s: ${demo.shots} shots, score ${demo.score}, ${demo.tunnelSaves} hits that an end-of-move overlap test would have missed; a ship flashing in ${flashed} frames; label "${label}"; system frame ${CollisionSystem.instance.frame}`);
    expect(demo.shots > 20, 'the script fired');
    expect(demo.score > 0 && demo.score <= demo.shots, 'bullets hit ships and scored');
    expect(label.startsWith(`Score ${demo.score} `), 'the score label shows the score');
    expect(demo.enemies.some((e) => e.node.scale.x < 0) && demo.enemies.some((e) => e.node.angle !== 0), 'ships flip and spin');
    expect(flashed > 0, 'hit ships flash');
    done(fails.length === 0, fails.length ? `failed: ${fails.join('; ')}` : `score ${demo.score} of ${demo.shots} shots; ${demo.tunnelSaves} saved by the sweep`);
}
