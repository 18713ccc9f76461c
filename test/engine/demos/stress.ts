// The stress demo, loaded from assets/demos/stress.scene with the rock frames of its Auto Atlas
// folder, run in the engine: N rocks (default the scene's 600; --set N=...) move and spin for a
// while in each mode (CPU, bounds only, GPU); the overlay shows FPS and collision time, events flow.
import { Sprite } from 'cc';
import { CollisionSystem, NarrowMode } from 'db://pixel-collision/runtime/index';
import { StressDemo } from '../../../assets/scripts/demos/StressDemo';
import type { StressMode } from '../../../assets/scripts/demos/demo-logic';
import { checkMasks, loaded, registerRuntime, registerScript, runScene } from './load-scene';

declare const done: (ok: boolean, message?: string) => void;

export default async function main(h: any) {
    registerRuntime();
    registerScript(StressDemo, 'assets/scripts/demos/StressDemo.ts');
    const scene = runScene('assets/demos/stress.scene');
    const demo = scene.getComponentInChildren(StressDemo)!;
    const sys = CollisionSystem.instance;
    const fails: string[] = [];
    const expect = (ok: boolean, what: string) => { if (!ok) fails.push(what); };
    const N = (globalThis as any).N;
    if (typeof N === 'number') demo.count = N; // before start(), which spawns them
    const FRAMES = (globalThis as any).FRAMES ?? 90;
    await h.frames(2);
    const masks = checkMasks(scene);
    const frames = new Set(demo.node.children.map((n) => n.getComponent(Sprite)?.spriteFrame?.name).filter(Boolean));
    console.log(`loaded ${loaded.textures} textures, ${loaded.spriteFrames} sprite frames (atlas folder: ${[...frames].join(', ')}); ${demo.movers} rocks; masks of ${masks.checked} colliders (${masks.packed} in the dynamic atlas) equal their PNG counts${masks.bad.length ? `; differ: ${masks.bad.slice(0, 3).join('; ')}` : ''}`);
    expect(masks.bad.length === 0 && masks.checked === demo.movers, 'rock masks equal to the PNGs');
    expect(frames.size === 4, 'all four atlas frames used');
    const results: string[] = [];
    const byMode: Record<string, { events: number; ms: number; fps: number; contacts: number }> = {};
    for (const mode of ['CPU', 'BOUNDS', 'GPU'] as StressMode[]) {
        demo.setMode(mode);
        const e0 = demo.events, s0 = demo.steps;
        await h.frames(FRAMES);
        let contacts = 0;
        for (const n of demo.node.children) { const c = n.getComponent('PixelCollider' as never) as any; if (c && n.active) contacts += c.contactCount; }
        const modes = new Set(demo.node.children.filter((n) => n.active).map((n) => (n.getComponent('PixelCollider' as never) as any).mode));
        byMode[mode] = { events: demo.events - e0, ms: demo.collisionMs, fps: demo.fps, contacts: contacts / 2 };
        results.push(`${mode}: ${demo.steps - s0} steps, collision ${demo.collisionMs.toFixed(2)} ms/frame, ${demo.fps.toFixed(1)} FPS, ${byMode[mode].events} begin events, ${contacts / 2} touching pairs${mode === 'GPU' ? `, GPU ${sys.gpuStatus}` : ''}`);
        expect(modes.size === 1 && modes.has(NarrowMode[mode as 'CPU']), `every rock in ${mode} mode`);
        expect(demo.steps - s0 === FRAMES, `${mode}: the demo stepped the system once a frame`);
    }
    const overlay = demo.overlay!.string;
    console.log(results.join('\n'));
    console.log(`overlay: ${overlay.replace(/\n/g, ' | ')}`);
    expect(byMode.CPU.events > 0 && byMode.BOUNDS.events > 0 && byMode.GPU.events > 0, 'begin events in every mode');
    expect(byMode.BOUNDS.contacts >= byMode.CPU.contacts * 0.9, 'bounds only finds at least about as many pairs as exact masks');
    expect(overlay.includes(`${demo.movers} sprites`) && /FPS/.test(overlay) && /ms\/frame/.test(overlay), 'the overlay shows count, FPS and collision time');
    done(fails.length === 0, fails.length ? `failed: ${fails.join('; ')}` : `${demo.movers} rocks in 3 modes`);
}
