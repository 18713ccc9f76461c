// The maze demo scene, loaded from assets/demos/maze.scene with its PNGs and the hero's walk clip,
// run in the engine: the hero walks into walls, slides along them, stops in a corner to the pixel
// and never overlaps a wall; the walk clip switches the hero's sprite frames.
import { Animation, Sprite } from 'cc';
import { CollisionSystem, PixelCollider } from 'db://pixel-collision/runtime/index';
import { MazeDemo } from '../../../assets/scripts/demos/MazeDemo';
import { checkMasks, loaded, registerRuntime, registerScript, runScene } from './load-scene';

declare const done: (ok: boolean, message?: string) => void;

export default async function main(h: any) {
    registerRuntime();
    registerScript(MazeDemo, 'assets/scripts/demos/MazeDemo.ts');
    const scene = runScene('assets/demos/maze.scene');
    const demo = scene.getComponentInChildren(MazeDemo)!;
    const sys = CollisionSystem.instance;
    const fails: string[] = [];
    const expect = (ok: boolean, what: string) => { if (!ok) fails.push(what); };
    await h.frames(2);
    const hero = demo.hero!;
    const anim = demo.heroSprite!.getComponent(Animation)!;
    expect(demo.tiles.length > 100, `tiles built from the layout (${demo.tiles.length})`);
    expect(!!anim && !!anim.defaultClip && anim.defaultClip.name === 'hero-walk', 'the walk clip from hero-walk.anim');
    const masks = checkMasks(scene);
    console.log(`loaded ${loaded.textures} textures, ${loaded.spriteFrames} sprite frames, ${loaded.clips} clip; ${demo.tiles.length} tiles; masks: ${masks.checked} colliders (${masks.packed} in the dynamic atlas) equal their PNG counts${masks.bad.length ? `; differ: ${masks.bad.slice(0, 3).join('; ')}` : ''}`);
    expect(masks.checked > 100 && masks.bad.length === 0, 'tile masks equal to the PNGs');

    let overlaps = 0, frames = 0;
    const seen = new Set<string>();
    const walk = async (x: number, y: number, n: number) => {
        demo.setInput(x, y);
        for (let f = 0; f < n; f++) {
            await h.frame();
            frames++;
            const p = hero.node.worldPosition;
            if (sys.placeMeeting(hero, p.x, p.y)) overlaps++;
            seen.add(demo.heroSprite!.getComponent(Sprite)!.spriteFrame!.name);
        }
    };
    const start = hero.node.worldPosition.clone();
    await walk(-1, 0, 60);                       // west into the outer wall
    const atWall = hero.node.worldPosition.clone();
    await walk(-1, 1, 60);                       // north-west: x is blocked, it slides north
    const slid = hero.node.worldPosition.clone();
    await walk(-1, 1, 90);                       // into the top-left corner
    const corner = hero.node.worldPosition.clone();
    // Pixel-exact: where it stopped it touches nothing; one pixel further west or north it would.
    const freeHere = sys.placeMeeting(hero, corner.x, corner.y) === null;
    const westBlocked = sys.placeMeeting(hero, corner.x - 1, corner.y) instanceof PixelCollider;
    const northBlocked = sys.placeMeeting(hero, corner.x, corner.y + 1) instanceof PixelCollider;
    await walk(1, -1, 120);                      // back out, among the pillars
    await walk(0, 0, 5);
    // The outer wall's inner faces in world space (the Canvas' origin is the screen's bottom-left):
    // x = 32 (the first column ends there), y = 640 - 32.
    console.log(`start (${start.x.toFixed(2)}, ${start.y.toFixed(2)}), at the wall (${atWall.x.toFixed(2)}, ${atWall.y.toFixed(2)}), after sliding (${slid.x.toFixed(2)}, ${slid.y.toFixed(2)}), corner (${corner.x.toFixed(3)}, ${corner.y.toFixed(3)}): free ${freeHere}, 1 px west blocked ${westBlocked}, 1 px north blocked ${northBlocked}; walked ${demo.walked.toFixed(0)} px in ${frames} frames, overlapping a wall in ${overlaps}; sprite frames shown: ${[...seen].join(', ')}`);
    expect(overlaps === 0, 'never overlaps a wall');
    // Sliding, the hero keeps to the wall: at most the quarter cell moveAndSlide steps back to free a
    // curved edge wedged against the wall's samples (it presses back the next frame), in both engines.
    expect(atWall.x < start.x && Math.abs(slid.x - atWall.x) <= 0.26 && slid.y > atWall.y + 20, 'slides along the wall');
    expect(freeHere && westBlocked && northBlocked, 'stops in the corner to the pixel');
    expect(Math.abs(corner.x - (32 + 9)) <= 1.5 && Math.abs(corner.y - (608 - 9)) <= 1.5, 'corner at the wall faces less the footprint radius');
    expect(seen.size >= 3, 'the walk clip switches frames');
    done(fails.length === 0, fails.length ? `failed: ${fails.join('; ')}` : `slid and cornered with 0 overlaps in ${frames} frames`);
}
