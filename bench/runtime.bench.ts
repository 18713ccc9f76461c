/**
 * The Cocos runtime's own cost, in the cc test double (test/runtime/cc): N moving sprite nodes
 * with PixelColliders (48x48 blob masks, three frames of one texture shared by all), every node
 * moved each frame, then one `CollisionSystem.step()` (what `postUpdate` does): re-reading the
 * moved nodes' transforms, the core world's broad and narrow phases, and the events.
 *
 * Scene as in issue 10: a square box of side sqrt(5 N) x 48, sprites drifting; measured with and
 * without rotation. "core world only" is the same motion fed straight to a `CollisionWorld`
 * (setTransform per collider, then step) with the same masks and transforms: the difference is
 * the runtime's overhead (node reads, change detection, event dispatch to both sides).
 *
 * The engine's own cost of moving nodes (setPosition, world matrices) is timed separately as
 * "move nodes" (the double models it closely: same operations as the engine's Node).
 *
 * What this does NOT measure (use the engine benchmark, bench/engine/, for those):
 * - the real engine: its Node, UITransform and Sprite getters, world-matrix updates and
 *   EventTarget in a DEBUG build, inside the engine's frame (the double is much cheaper);
 * - the browser's JIT: Chromium's V8 tiers (Maglev, TurboFan) optimize and deoptimize
 *   differently from Node's (a Uint32Array loop that Node optimizes once deoptimized hundreds of
 *   times a frame in Chromium), so a hot path fine here can be slow in a game;
 * - listeners reading contact details (count, normal) for every touching pair, which is where
 *   rotating sprites cost the most (one raster per rotated collider per frame);
 * - garbage per frame in the browser, and the builtin 2D physics side by side (the comparison with
 *   PhysicsSystem2D is made only in the engine benchmark, same page, same frames).
 */
import { ImageAsset, Node, SpriteFrame, Sprite, Texture2D, UITransform, director } from 'cc';
import { CollisionSystem, PixelCollider } from '../extensions/pixel-collision/assets/runtime/index';
import { CollisionWorld } from '../extensions/pixel-collision/assets/core';
import type { Affine2D, Collider } from '../extensions/pixel-collision/assets/core';
import { resetCC } from '../test/runtime/cc';
import { blob, rng } from '../test/fixtures/masks';
import { fmtMs, median, writeSection } from './harness';

const SIZES = [1000, 2000];
const FRAMES = 60;

interface Scene { nodes: Node[]; colliders: PixelCollider[]; px: Float64Array; py: Float64Array; vx: Float64Array; vy: Float64Array; side: number }

function atlas(): { frames: SpriteFrame[]; tex: Texture2D } {
    // Three 48x48 blobs side by side in one 144x48 texture.
    const W = 144, H = 48;
    const bytes = new Uint8Array(W * H * 4);
    for (let k = 0; k < 3; k++) {
        const m = blob(48, 48, rng(k + 1));
        for (let j = 0; j < 48; j++) for (let i = 0; i < 48; i++) bytes[(j * W + k * 48 + i) * 4 + 3] = m.get(i, j) ? 255 : 0;
    }
    const img = new ImageAsset({ _data: bytes, _compressed: false, width: W, height: H, format: Texture2D.PixelFormat.RGBA8888 });
    const tex = new Texture2D();
    tex.image = img;
    const frames: SpriteFrame[] = [];
    for (let k = 0; k < 3; k++) {
        const f = new SpriteFrame();
        f.packable = false;
        f.reset({ texture: tex, rect: { x: k * 48, y: 0, width: 48, height: 48 } as never });
        frames.push(f);
    }
    return { frames, tex };
}

function build(n: number, rotate: boolean): Scene {
    const root = resetCC() as unknown as Node;
    CollisionSystem.register();
    const sys = CollisionSystem.instance;
    sys.step();
    const { frames } = atlas();
    const r = rng(1234 + n);
    const side = Math.sqrt(5 * n) * 48;
    const s: Scene = { nodes: [], colliders: [], px: new Float64Array(n), py: new Float64Array(n), vx: new Float64Array(n), vy: new Float64Array(n), side };
    for (let i = 0; i < n; i++) {
        const node = new Node(`s${i}`);
        root.addChild(node);
        node.addComponent(UITransform);
        node.addComponent(Sprite).spriteFrame = frames[i % 3];
        s.px[i] = r() * side; s.py[i] = r() * side;
        s.vx[i] = (r() - 0.5) * 4; s.vy[i] = (r() - 0.5) * 4;
        node.setPosition(s.px[i], s.py[i], 0);
        if (rotate) node.setRotationFromEuler(0, 0, r() * 360);
        s.colliders.push(node.addComponent(PixelCollider));
        s.nodes.push(node);
    }
    void director;
    return s;
}

function move(s: Scene, rotate: boolean, frame: number): void {
    const { nodes, px, py, vx, vy, side } = s;
    for (let i = 0; i < nodes.length; i++) {
        let x = px[i] + vx[i], y = py[i] + vy[i];
        if (x < 0 || x > side) { vx[i] = -vx[i]; x = px[i] + vx[i]; }
        if (y < 0 || y > side) { vy[i] = -vy[i]; y = py[i] + vy[i]; }
        px[i] = x; py[i] = y;
        nodes[i].setPosition(x, y, 0);
        if (rotate) nodes[i].setRotationFromEuler(0, 0, (i * 37 + frame * 3) % 360);
    }
}

/** The same motion fed straight to a core world (the transforms the runtime computed). */
function coreTwin(s: Scene): { world: CollisionWorld; cs: Collider[] } {
    const world = new CollisionWorld();
    const cs: Collider[] = [];
    const t: Affine2D = { a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0 };
    for (const c of s.colliders) cs.push(world.add({ shape: { kind: 'mask', mask: c.mask! }, transform: c.getWorldTransform(t) }));
    let touching = 0;
    world.addListener({ onEnter: () => { touching++; }, onStay: () => { touching++; } });
    return { world, cs };
}

function measure(n: number, rotate: boolean): { move: number; step: number; core: number; pairs: number } {
    const s = build(n, rotate);
    const sys = CollisionSystem.instance;
    sys.step();
    const twin = coreTwin(s);
    const t: Affine2D = { a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0 };
    const moveT: number[] = [], stepT: number[] = [], coreT: number[] = [];
    let pairs = 0, twinPairs = 0;
    twin.world.addListener({ onEnter: () => { twinPairs++; }, onStay: () => { twinPairs++; } });
    for (let f = 0; f < FRAMES + 10; f++) {
        const t0 = performance.now();
        move(s, rotate, f);
        const t1 = performance.now();
        sys.step();
        const t2 = performance.now();
        // The twin gets the transforms the runtime just used (not timed: a game pays that inside the step).
        for (let i = 0; i < s.colliders.length; i++) twin.world.setTransform(twin.cs[i], s.colliders[i].getWorldTransform(t));
        twinPairs = 0;
        const t3 = performance.now();
        twin.world.step();
        const t4 = performance.now();
        if (f >= 10) { moveT.push(t1 - t0); stepT.push(t2 - t1); coreT.push(t4 - t3); }
        pairs = s.colliders.reduce((k, c) => k + c.contactCount, 0) / 2;
        // Both must agree on the answer before their times mean anything.
        if (pairs !== twinPairs) throw new Error(`runtime bench: the system found ${pairs} touching pairs, the core twin ${twinPairs}`);
    }
    return { move: median(moveT), step: median(stepT), core: median(coreT), pairs };
}

export function run(): void {
    const lines = [
        '### Cocos runtime: N moving sprite colliders (cc test double)',
        '',
        '| sprites | rotating | touching pairs | move nodes (engine work) | CollisionSystem.step | core world step alone | runtime overhead | per collider |',
        '| ---: | :---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ];
    for (const rotate of [false, true]) {
        for (const n of SIZES) {
            const r = measure(n, rotate);
            lines.push(`| ${n} | ${rotate ? 'yes' : 'no'} | ${r.pairs} | ${fmtMs(r.move)} ms | ${fmtMs(r.step)} ms | ${fmtMs(r.core)} ms | ${fmtMs(r.step - r.core)} ms | ${fmtMs((r.step / n) * 1000)} µs |`);
            console.log(lines[lines.length - 1]);
        }
    }
    lines.push('', `Medians of ${FRAMES} frames. "CollisionSystem.step" is what the system's postUpdate runs each frame; "core world step alone" is a CollisionWorld fed the same transforms (its setTransform calls not timed); the difference is the runtime's own overhead. Not measured here: the real engine's node and component getters, Chromium's JIT, listeners reading contact details, garbage in the browser, and the builtin 2D physics; bench/engine/ (run in the real engine, results in bench/results/engine-*.md) measures those, side by side with PhysicsSystem2D.`);
    writeSection({ title: 'runtime', lines });
}
