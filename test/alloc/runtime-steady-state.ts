/**
 * JavaScript allocation per frame of the Cocos runtime (CollisionSystem.step with PixelColliders),
 * in the cc test double, bundled and run in its own process by test/runtime/allocation.test.ts,
 * measured with V8's sampling heap profiler (see perFrame).
 *
 * The scene: 200 sprite colliders (48x48 blobs of one atlas) drifting in a box, about a fifth of
 * them touching at any time, with an `onPixelCollide` / `onPixelCollideStay` listener on each;
 * once without rotation and once with every node rotating. Per frame: move every node, step.
 * Pairs begin and end during the measurement; what must not grow is the steady state: no object
 * per frame once the pools (contacts, pair lists) have grown to the scene's size.
 */
import { Session } from 'node:inspector';
import { ImageAsset, Node, Sprite, SpriteFrame, Texture2D, UITransform, Vec2, Vec3 } from 'cc';
import { CollisionSystem, PixelCollider } from '../../extensions/pixel-collision/assets/runtime/index';
import { dragonBones, resetCC, setNativeEngine } from '../runtime/cc';
import type { DragonBonesSlotDouble, SpineDraw, SpineSkeletonDouble } from '../runtime/cc';
import { blob, rng } from '../fixtures/masks';


/** Diagnostics: 'nomove' / 'nostep' run a part of the frame (read once: process.env allocates). */
const PROBE = process.env.PROBE ?? '';

/** An animated skeleton of the scene: its pose is rewritten in place every frame (as its runtime does). */
interface Posed { spine: SpineDraw[] | null; slots: DragonBonesSlotDouble[] | null; rest: number[] }

function scene(n: number, mixed = false, skeletons = false): { nodes: Node[]; px: Float64Array; py: Float64Array; vx: Float64Array; vy: Float64Array; side: number; events: { n: number }; posed: Posed[] } {
    const root = resetCC() as unknown as Node;
    CollisionSystem.register();
    const W = 144, bytes = new Uint8Array(W * 48 * 4);
    for (let k = 0; k < 3; k++) {
        const m = blob(48, 48, rng(k + 1));
        for (let j = 0; j < 48; j++) for (let i = 0; i < 48; i++) bytes[(j * W + k * 48 + i) * 4 + 3] = m.get(i, j) ? 255 : 0;
    }
    const tex = new Texture2D();
    tex.image = new ImageAsset({ _data: bytes, _compressed: false, width: W, height: 48, format: Texture2D.PixelFormat.RGBA8888 });
    const frames = [0, 1, 2].map((k) => { const f = new SpriteFrame(); f.packable = false; f.reset({ texture: tex, rect: { x: k * 48, y: 0, width: 48, height: 48 } as never }); return f; });
    // Mixed: a third SLICED (frames of their own with a 9-slice border), a third FILLED (radial).
    const sliced = [0, 1, 2].map((k) => { const f = new SpriteFrame(); f.packable = false; f.reset({ texture: tex, rect: { x: k * 48, y: 0, width: 48, height: 48 } as never }); f.insetLeft = f.insetRight = 10; f.insetTop = 8; f.insetBottom = 12; return f; });
    const r = rng(77);
    const side = Math.sqrt(5 * n) * 48;
    const s = { nodes: [] as Node[], px: new Float64Array(n), py: new Float64Array(n), vx: new Float64Array(n), vy: new Float64Array(n), side, events: { n: 0 }, posed: [] as Posed[] };
    const count = (): void => { s.events.n++; };
    for (let i = 0; i < n; i++) {
        const node = new Node(`s${i}`);
        root.addChild(node);
        node.addComponent(UITransform);
        if (skeletons && i % 3 !== 2) {
            // A third Spine (a region and a mesh over frame k's texels), a third DragonBones (two slots).
            const u0 = (i % 3) * 48 / W, u1 = u0 + 48 / W;
            if (i % 3 === 0) {
                const skel = node.addComponent('sp.Skeleton') as unknown as SpineSkeletonDouble;
                skel.setTextures([tex]);
                const rest = [-24, -24, u0, 1, 255, 24, -24, u1, 1, 255, 24, 24, u1, 0, 255, -24, 24, u0, 0, 255];
                const mesh = [0, 0, (u0 + u1) / 2, 0.5, 255, 30, 4, u1, 0.4, 255, 10, 28, u0, 0, 255];
                skel._drawing = [{ vertices: rest.slice(), indices: [0, 1, 2, 2, 3, 0], blendMode: 0, textureID: 0 }, { vertices: mesh.slice(), indices: [0, 1, 2], blendMode: 0, textureID: 0 }];
                s.posed.push({ spine: skel._drawing, slots: null, rest: rest.concat(mesh) });
            } else {
                const display = node.addComponent('dragonBones.ArmatureDisplay') as unknown as { _armature: { _slots: DragonBonesSlotDouble[] } | null };
                const slot = (x: number): DragonBonesSlotDouble => ({
                    name: 's', _visible: true, _displayData: {}, _matrix: { m00: 1, m01: 0, m04: 0, m05: 1, m12: x, m13: 0 },
                    _color: { r: 255, g: 255, b: 255, a: 255 }, _blendMode: 0,
                    _localVertices: [-20, -20, u0, 1, 20, -20, u1, 1, 20, 20, u1, 0, -20, 20, u0, 0], _indices: [0, 1, 2, 0, 2, 3],
                    childArmature: null, _texture: tex, getTexture() { return this._texture; },
                });
                display._armature = { _slots: [slot(-10), slot(12)] };
                s.posed.push({ spine: null, slots: display._armature._slots, rest: [] });
            }
            void dragonBones;
            s.px[i] = r() * side; s.py[i] = r() * side; s.vx[i] = (r() - 0.5) * 3; s.vy[i] = (r() - 0.5) * 3;
            node.setPosition(s.px[i], s.py[i], 0);
            const c = node.addComponent(PixelCollider);
            c.on('onPixelCollide', count);
            c.on('onPixelCollideStay', count);
            s.nodes.push(node);
            continue;
        }
        const sprite = node.addComponent(Sprite);
        sprite.spriteFrame = mixed && i % 3 === 0 ? sliced[i % 3] : frames[i % 3];
        if (mixed && i % 3 === 0) {
            sprite.type = Sprite.Type.SLICED;
            sprite.sizeMode = Sprite.SizeMode.CUSTOM;
            node.getComponent(UITransform)!.setContentSize(60, 40);
        } else if (mixed && i % 3 === 1) {
            sprite.type = Sprite.Type.FILLED;
            sprite.fillType = Sprite.FillType.RADIAL;
            sprite.fillCenter = new Vec2(0.5, 0.5);
            sprite.fillStart = 0.1;
            sprite.fillRange = 0.7;
        }
        s.px[i] = r() * side; s.py[i] = r() * side; s.vx[i] = (r() - 0.5) * 3; s.vy[i] = (r() - 0.5) * 3;
        node.setPosition(s.px[i], s.py[i], 0);
        const c = node.addComponent(PixelCollider);
        c.on('onPixelCollide', count);
        c.on('onPixelCollideStay', count);
        s.nodes.push(node);
    }
    return s;
}

const P = new Vec3();

function makeFrame(rotate: boolean, syncOnly: boolean, movesOnly = false, native = false, mixed = false, skeletons = false): { frame: () => void; events: { n: number } } {
    const s = scene(200, mixed, skeletons);
    // The native engine's getters (worldMatrix, worldPosition) allocate a copy per read: the
    // runtime must not use them per frame there either.
    setNativeEngine(native);
    const sys = CollisionSystem.instance;
    let f = 0;
    const frame = function pixelFrame(): void {
        f++;
        for (let i = 0; i < s.nodes.length; i++) {
            let x = s.px[i] + s.vx[i], y = s.py[i] + s.vy[i];
            if (x < 0 || x > s.side) { s.vx[i] = -s.vx[i]; x = s.px[i] + s.vx[i]; }
            if (y < 0 || y > s.side) { s.vy[i] = -s.vy[i]; y = s.py[i] + s.vy[i]; }
            s.px[i] = x; s.py[i] = y;
            // Through a Vec3: a game's own setPosition(x, y, z) with computed doubles boxes them
            // (V8 boxes double arguments of calls it does not inline), which is not ours to count.
            P.x = x; P.y = y;
            if (PROBE !== 'nomove') s.nodes[i].setPosition(P);
            if (rotate) s.nodes[i].setRotationFromEuler(0, 0, (i * 37 + f * 3) % 360);
        }
        // The skeletons' runtimes pose them (in place): every vertex turns a little each frame.
        const a = (f % 90) * 0.02, ca = Math.cos(a), sa = Math.sin(a);
        for (let k = 0; k < s.posed.length; k++) {
            const p = s.posed[k];
            if (p.spine) {
                let o = 0;
                for (let d = 0; d < p.spine.length; d++) {
                    const v = p.spine[d].vertices;
                    for (let j = 0; j < v.length; j += 5, o += 5) { v[j] = ca * p.rest[o] - sa * p.rest[o + 1]; v[j + 1] = sa * p.rest[o] + ca * p.rest[o + 1]; }
                }
            } else if (p.slots) {
                for (let j = 0; j < p.slots.length; j++) { const m = p.slots[j]._matrix; m.m00 = ca; m.m01 = sa; m.m04 = -sa; m.m05 = ca; }
            }
        }
        if (movesOnly) return;
        if (syncOnly) (sys as unknown as { _syncAll(): void })._syncAll();
        else if (PROBE !== 'nostep') sys.step();
    };
    // Long warm-up: pools, contact lists and per-collider arrays grow to the scene's maxima (the
    // drifting scene reaches new ones for a while), and the optimizing compiler settles.
    for (let i = 0; i < 3000; i++) frame();
    return { frame, events: s.events };
}

/**
 * Bytes of JavaScript objects allocated per frame, from V8's sampling heap profiler (objects
 * collected since included): every allocation made under `pixelFrame` (see bytesUnder), whatever the garbage
 * collector did meanwhile. (Heap size differences also see V8's own bookkeeping, e.g. code it
 * recompiles, and proved noisy on a loaded machine.)
 */
async function perFrame(rotate: boolean, syncOnly: boolean, movesOnly = false, native = false, mixed = false, skeletons = false): Promise<number> {
    const { frame, events } = makeFrame(rotate, syncOnly, movesOnly, native, mixed, skeletons);
    const n = 1000;
    await post('HeapProfiler.startSampling', { samplingInterval: 64, includeObjectsCollectedByMinorGC: true, includeObjectsCollectedByMajorGC: true });
    for (let i = 0; i < n; i++) frame();
    const { profile } = await post('HeapProfiler.stopSampling') as { profile: { head: ProfileNode } };
    if (!syncOnly && !movesOnly && events.n < 1000) throw new Error(`the scene produced only ${events.n} events`);
    return bytesUnder(profile.head, false) / n;
}

interface ProfileNode { callFrame: { functionName: string }; selfSize: number; children?: ProfileNode[] }

/**
 * Bytes allocated by what `pixelFrame` calls (the runtime and the double), not by its own body: on
 * a loaded machine V8 may still be compiling the test's loop, whose doubles its unoptimized code
 * boxes (measured: 6.5 KB a frame, 32 bytes a node, all in pixelFrame itself, in any row).
 * Inlined callees count as themselves (the profiler walks inlined frames).
 */
function bytesUnder(node: ProfileNode, inFrame: boolean): number {
    const self = node.callFrame.functionName === 'pixelFrame';
    const inside = inFrame || self;
    let sum = inside && !self ? node.selfSize : 0;
    for (const c of node.children ?? []) sum += bytesUnder(c, inside);
    return sum;
}

const session = new Session();
session.connect();
function post(method: string, params: object = {}): Promise<unknown> {
    return new Promise((resolve, reject) => session.post(method, params, (err, res) => (err ? reject(err) : resolve(res))));
}

async function main(): Promise<void> {
    await post('HeapProfiler.enable');
    const results: Record<string, number> = {
        // The frame loop alone (the game moving its nodes, in the double): the floor of the others.
        'moves only, 200 sprites': await perFrame(false, false, true),
        'moves only, 200 rotating sprites': await perFrame(true, false, true),
        // The runtime's own per-frame work: change detection, transforms, world setters.
        'sync, 200 moving sprites': await perFrame(false, true),
        'sync, 200 moving and rotating sprites': await perFrame(true, true),
        // The whole step: the above, the core world (broad + narrow phase) and the events.
        'step, 200 moving sprites': await perFrame(false, false),
        'step, 200 moving and rotating sprites': await perFrame(true, false),
        // The same in the native engine's shape (the double's setNativeEngine).
        'moves only, 200 rotating sprites, native engine': await perFrame(true, false, true, true),
        'sync, 200 moving and rotating sprites, native engine': await perFrame(true, true, false, true),
        'step, 200 moving and rotating sprites, native engine': await perFrame(true, false, false, true),
        // A third of the sprites SLICED, a third FILLED (colliders made of parts).
        'moves only, 200 rotating sprites, sliced and filled': await perFrame(true, false, true, false, true),
        'sync, 200 moving and rotating sprites, sliced and filled': await perFrame(true, true, false, false, true),
        'step, 200 moving and rotating sprites, sliced and filled': await perFrame(true, false, false, false, true),
        // A third Spine, a third DragonBones, posed anew every frame (their parts rebuilt in place).
        'moves only, 200 rotating nodes, animated skeletons': await perFrame(true, false, true, false, false, true),
        'sync, 200 moving and rotating nodes, animated skeletons': await perFrame(true, true, false, false, false, true),
        'step, 200 moving and rotating nodes, animated skeletons': await perFrame(true, false, false, false, false, true),
    };
    process.stdout.write(JSON.stringify({ results }));
    session.disconnect();
}

main().catch((e) => { console.error(e); process.exit(1); });
