// Engine benchmark of animated Spine characters (run it in the real Cocos 3.8.5 web engine with
// ../shared/engine-harness, from a home built with HARNESS_SKELETONS=1 and, for the builtin side,
// HARNESS_PHYSICS_2D=box2d; see bench/engine/README.md and bench/engine/run-skeletons.mjs).
//
// N (50) Spine characters (spine-character.ts: 50 slots, 46 regions and 4 meshes, about 120 triangles,
// one shared atlas page, generated in the page) play their looping `walk` (each at its own time and
// speed, half of them flipped) and move at 0.5-2 px per frame in a square box of side SPACING * sqrt(N),
// bouncing off its walls; SPRITES (20) blob sprites (48 x 48) move in the same box. A Canvas and its
// camera draw everything, as in a game. One scene, both collision systems on it:
//   - pixel side: a PixelCollider on every character's node (PIXELS: every drawn triangle of the
//     skeleton, exact) and on every sprite; listeners enter and end (READ=true: enter, stay and end,
//     reading contact.count and contact.normal on every enter and stay);
//   - builtin side (BUILTIN=true): the usual hand-made alternative with the engine's 2D physics: on
//     10 bones of every character a child node with a kinematic RigidBody2D and a BoxCollider2D around
//     the bone, made to follow the bone (FOLLOW=sockets: the bones' `sp.SpineSocket`s, the pose brought
//     up to date and the sockets synced before the physics step, on Director.EVENT_BEFORE_PHYSICS,
//     since the engine syncs sockets only when it draws, after the step; FOLLOW=manual: the same hook
//     reads the 10 bones and sets each node's position and rotation); a kinematic body and a circle on
//     every sprite; BEGIN / END_CONTACT listeners; one physics step per frame.
//
// Timed per frame (performance.now() around each call; medians of FRAMES frames after WARMUP):
//   pixel:   CollisionSystem.postUpdate (it reads each skeleton's render model, sp.Skeleton.updateRenderData);
//   engine:  the skeleton system's postUpdate (sp.Skeleton.updateAnimation of every character) + the
//            renderers' update (uiRendererManager.updateAllDirtyRenderers: the Spine assembler builds
//            and copies every character's model; timed from Director.EVENT_BEFORE_DRAW to the start of
//            Root.frameMove) + Batcher2D.update (the walk and batching) + Batcher2D.uploadBuffers, less
//            the sockets' sync inside the renderers' update (counted on the builtin side);
//   builtin: PhysicsSystem2D.postUpdate (the follow hook runs inside it and is timed apart: `follow`)
//            + the sockets' sync the engine does again when it draws (`socketRender`);
//   draw:    the pipeline's render (Director.EVENT_BEFORE_RENDER to AFTER_RENDER: SwiftShader's GL
//            calls; reported, counted nowhere).
// PROFILE=true: the pixel side's frame in sections (skeleton read, the engine's model build inside
// it, parts build, world passes); PRECISE_MEMORY=true: heap grown inside each postUpdate (Chromium's
// --enable-precise-memory-info). HISTORY=colliders|plain: a used page, as in scene.ts.
//
// Prints one line `RESULT {json}` for the runner.
import {
    BoxCollider2D, Camera, Canvas, CircleCollider2D, Color, Contact2DType, director, Director, ERigidBody2DType, ImageAsset, Layers, Node,
    PhysicsSystem2D, RigidBody2D, Size, sp, Sprite, SpriteFrame, Texture2D, UITransform, Vec2,
} from 'cc';
import { CollisionSystem, PixelCollider, PixelCollisionEvent } from 'db://pixel-collision/runtime/index';
import type { PixelContact } from 'db://pixel-collision/runtime/index';
import { DETAIL_PATHS } from 'db://pixel-collision/core/narrow-phase';
import { PageCrops, SKELETON_PATHS } from 'db://pixel-collision/runtime/skeleton-parts';
import { bonePath, makeCharacter, rng, SOCKET_BONES } from './spine-character';

/* eslint-disable @typescript-eslint/no-explicit-any */
declare const done: (ok: boolean, message?: string) => void;
const G = globalThis as any;
const N: number = G.N ?? 50;
const SPRITES: number = G.SPRITES ?? 20;
const SPACING: number = G.SPACING ?? 190;
const FRAMES: number = G.FRAMES ?? 200;
const WARMUP: number = G.WARMUP ?? 60;
const READ: boolean = G.READ === true;
const BUILTIN: boolean = G.BUILTIN !== false;
const PIXEL: boolean = G.PIXEL !== false;
const FOLLOW: string = G.FOLLOW === 'manual' ? 'manual' : 'sockets';
const PROFILE: boolean = G.PROFILE === true;
// PAGES=region (a diagnostic): every atlas region on a page of its own (the same texels), so each
// drawn triangle's mask is its region, not the whole shared page.
const PAGES: string = G.PAGES === 'region' ? 'region' : 'one';
// OLD=all or a list of crop,window,quads,pairs (A/B of the parts speed-ups): crop, each triangle's
// mask is its whole page; window, a pair with a skeleton is decided on both whole rasters; quads,
// a region is two clipped triangles; pairs, a pair with a skeleton is decided in the window on
// part rasters (not part by part with no raster) and its details read from whole rasters.
const OLD: string = typeof G.OLD === 'string' ? G.OLD : 'none';
const old = (k: string): boolean => OLD === 'all' || OLD.split(',').indexOf(k) >= 0;
SKELETON_PATHS.crop = !old('crop');
SKELETON_PATHS.quads = !old('quads');
DETAIL_PATHS.parts = !old('window');
DETAIL_PATHS.partPairs = !old('pairs');
DETAIL_PATHS.partsWindow = !old('pairs');
const HISTORY: string = typeof G.HISTORY === 'string' ? G.HISTORY : 'none';
const HISTORY_N: number = G.HISTORY_N ?? 2000;
const HISTORY_FRAMES: number = G.HISTORY_FRAMES ?? 120;
const HISTORY_ROUNDS: number = G.HISTORY_ROUNDS ?? 2;
const SIZE = 48;

const median = (a: number[]) => { const s = [...a].sort((x, y) => x - y); return s.length ? (s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2) : NaN; };
const mean = (a: number[]) => (a.length ? a.reduce((x, y) => x + y, 0) / a.length : NaN);

function blobFrame(): SpriteFrame {
    const px = new Uint8Array(SIZE * SIZE * 4);
    for (let j = 0; j < SIZE; j++) for (let i = 0; i < SIZE; i++) {
        const dx = i + 0.5 - SIZE / 2, dy = j + 0.5 - SIZE / 2;
        const rr = (0.86 + 0.06 * Math.sin(2 * Math.atan2(dy, dx) + 0.4) + 0.05 * Math.sin(3 * Math.atan2(dy, dx) + 2.1)) * SIZE / 2;
        const p = 4 * (j * SIZE + i);
        px[p] = 220; px[p + 1] = 140; px[p + 2] = 60; px[p + 3] = Math.hypot(dx, dy) < rr ? 255 : 0;
    }
    const tex = new Texture2D();
    tex.image = new ImageAsset({ _data: px, _compressed: false, width: SIZE, height: SIZE, format: Texture2D.PixelFormat.RGBA8888 } as any);
    tex.setFilters(Texture2D.Filter.NEAREST, Texture2D.Filter.NEAREST);
    const sf = new SpriteFrame();
    sf.packable = false;
    sf.texture = tex;
    return sf;
}

function uiNode(name: string, parent: Node): Node {
    const node = new Node(name);
    node.layer = Layers.Enum.UI_2D;
    node.addComponent(UITransform);
    parent.addChild(node);
    return node;
}

/** The smallest step performance.now() takes in this page (ms). */
function clockStep(): number {
    let step = Infinity, last = performance.now();
    for (let i = 0, seen = 0; i < 1e7 && seen < 50; i++) {
        const t = performance.now();
        if (t !== last) { if (t - last < step) step = t - last; last = t; seen++; }
    }
    return +step.toFixed(4);
}

export default async function main(h: any): Promise<void> {
    const SP = sp as any;
    if (!SP || !SP.Skeleton) { done(false, 'this engine build has no Spine: run with a home built with HARNESS_SKELETONS=1'); return; }
    const phys = PhysicsSystem2D.instance;
    const physWorld = (phys as any).physicsWorld?.constructor?.name ?? '?';
    if (BUILTIN && !/b2/i.test(physWorld)) console.log(`[bench] warning: the 2D physics is ${physWorld}, not Box2D (build a home with HARNESS_PHYSICS_2D=box2d)`);

    // A Canvas and its camera: everything is drawn.
    const canvasNode = new Node('Canvas');
    canvasNode.layer = Layers.Enum.UI_2D;
    canvasNode.addComponent(UITransform).setContentSize(h.width, h.height);
    const canvas = canvasNode.addComponent(Canvas);
    const camNode = new Node('Camera');
    camNode.layer = Layers.Enum.UI_2D;
    camNode.setPosition(0, 0, 1000);
    canvasNode.addChild(camNode);
    const cam = camNode.addComponent(Camera);
    cam.projection = Camera.ProjectionType.ORTHO;
    cam.orthoHeight = h.height / 2;
    cam.visibility = Layers.Enum.UI_2D;
    cam.clearFlags = Camera.ClearFlag.SOLID_COLOR;
    cam.clearColor = new Color(30, 30, 40, 255);
    canvas.cameraComponent = cam;
    director.getScene()!.addChild(canvasNode);

    const frame = blobFrame();
    phys.enable = true;
    phys.maxSubSteps = 1;
    phys.fixedTimeStep = 1 / 1000; // with maxSubSteps 1: exactly one step per frame
    phys.gravity = new Vec2(0, 0);
    const sys = CollisionSystem.instance;

    const stats = { enter: 0, stay: 0, end: 0, sumCount: 0, bBegin: 0, bEnd: 0, history: 0 };
    const onEnter = READ
        ? (_s: PixelCollider, _o: PixelCollider, c: PixelContact) => { stats.enter++; stats.sumCount += c.count + c.normal.x; }
        : () => { stats.enter++; };
    const onStay = (_s: PixelCollider, _o: PixelCollider, c: PixelContact) => { stats.stay++; stats.sumCount += c.count + c.normal.x; };
    const onEnd = () => { stats.end++; };
    const bBegin = () => { stats.bBegin++; };
    const bEnd = () => { stats.bEnd++; };
    const onHistory = () => { stats.history++; };
    const addPixel = (node: Node) => {
        const col = node.addComponent(PixelCollider);
        col.alphaThreshold = 0;
        col.on(PixelCollisionEvent.ENTER, onEnter);
        if (READ) col.on(PixelCollisionEvent.STAY, onStay);
        col.on(PixelCollisionEvent.END, onEnd);
        return col;
    };
    const addBody = (node: Node) => {
        const body = node.addComponent(RigidBody2D);
        body.type = ERigidBody2DType.Kinematic;
        body.enabledContactListener = true;
        return body;
    };

    // A used page (as scene.ts): levels of blob sprites, half with a PixelCollider and half with a
    // kinematic body and a circle, played and destroyed with their root node.
    if (HISTORY !== 'none') {
        if (HISTORY !== 'colliders' && HISTORY !== 'plain') throw new Error(`HISTORY must be none, colliders or plain, got ${HISTORY}`);
        const t0 = performance.now();
        for (let round = 0; round < HISTORY_ROUNDS; round++) {
            const hr = rng(99 + round), hs = Math.sqrt(5 * HISTORY_N * SIZE * SIZE);
            const root = uiNode(`history${round}`, canvasNode);
            root.setPosition(-hs / 2, -hs / 2, 0);
            const nodes: Node[] = [], hv: number[] = [];
            for (let i = 0; i < HISTORY_N; i++) {
                const node = uiNode(`h${i}`, root);
                const s = node.addComponent(Sprite);
                s.sizeMode = Sprite.SizeMode.CUSTOM;
                s.spriteFrame = frame;
                node.getComponent(UITransform)!.setContentSize(SIZE, SIZE);
                node.setPosition(SIZE / 2 + hr() * (hs - SIZE), SIZE / 2 + hr() * (hs - SIZE), 0);
                const dir = hr() * Math.PI * 2, v = 0.5 + 2.5 * hr();
                hv.push(v * Math.cos(dir), v * Math.sin(dir));
                if (HISTORY === 'colliders' && i % 2 === 0) {
                    const col = node.addComponent(PixelCollider);
                    col.on(PixelCollisionEvent.ENTER, onHistory);
                } else if (HISTORY === 'colliders') {
                    addBody(node);
                    const c = node.addComponent(CircleCollider2D);
                    c.radius = SIZE / 2 - 2;
                    c.apply();
                    c.on(Contact2DType.BEGIN_CONTACT, onHistory);
                }
                nodes.push(node);
            }
            let f = 0;
            const moveHistory = () => {
                for (let i = 0; i < nodes.length; i++) {
                    const p = nodes[i].position;
                    let x = p.x + hv[2 * i], y = p.y + hv[2 * i + 1];
                    if (x < SIZE / 2 || x > hs - SIZE / 2) { hv[2 * i] = -hv[2 * i]; x = p.x; }
                    if (y < SIZE / 2 || y > hs - SIZE / 2) { hv[2 * i + 1] = -hv[2 * i + 1]; y = p.y; }
                    nodes[i].setPosition(x, y, 0);
                    nodes[i].setRotationFromEuler(0, 0, (i + f) % 360);
                }
                f++;
            };
            director.on(Director.EVENT_BEFORE_UPDATE, moveHistory);
            await h.frames(HISTORY_FRAMES);
            director.off(Director.EVENT_BEFORE_UPDATE, moveHistory);
            root.destroy();
            await h.frames(2);
        }
        console.log(`[bench] history ${HISTORY} x${HISTORY_ROUNDS} (${HISTORY_N} sprites, ${HISTORY_FRAMES} frames each) in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    }

    // The character: generated here, one SkeletonData shared by every character.
    const ch = makeCharacter(PAGES === 'region');
    const sd = new SP.SkeletonData();
    sd._uuid = `pixel-collision-bench-character-${PAGES}`;
    sd.skeletonJson = ch.json;
    sd.atlasText = ch.atlas;
    sd.textures = ch.pages.map((pg) => {
        const tex = new Texture2D();
        tex.image = new ImageAsset({ _data: pg.rgba, _compressed: false, width: pg.width, height: pg.height, format: Texture2D.PixelFormat.RGBA8888 } as any);
        tex.setFilters(Texture2D.Filter.NEAREST, Texture2D.Filter.NEAREST);
        return tex;
    });
    sd.textureNames = ch.pages.map((pg) => pg.name);

    const side = SPACING * Math.sqrt(N);
    const r = rng(4321 + N);
    const root = uiNode('box', canvasNode);
    root.setPosition(-side / 2, -side / 2, 0);
    // Characters: the node at the feet; kept inside [MX, side - MX] x [0, side - MY].
    const MX = 90, MY = 220;
    const chars: { node: Node; skel: any; x: number; y: number; vx: number; vy: number; col: PixelCollider | null; sockets: Node[]; bones: any[] }[] = [];
    for (let i = 0; i < N; i++) {
        const node = uiNode(`char${i}`, root);
        const x = MX + r() * (side - 2 * MX), y = r() * (side - MY);
        const sp0 = 0.5 + 1.5 * r(), dir = r() * Math.PI * 2;
        node.setPosition(x, y, 0);
        if (i % 2 === 1) node.setScale(-1, 1, 1);
        const skel = node.addComponent(SP.Skeleton) as any;
        skel.skeletonData = sd;
        const entry = skel.setAnimation(0, 'walk', true);
        try { if (entry) entry.trackTime = r(); } catch { /* (a runtime without the setter: the speeds below still differ) */ }
        skel.timeScale = 0.8 + 0.4 * r();
        const c = { node, skel, x, y, vx: sp0 * Math.cos(dir), vy: sp0 * Math.sin(dir), col: PIXEL ? addPixel(node) : null, sockets: [] as Node[], bones: [] as any[] };
        if (BUILTIN) {
            for (const b of SOCKET_BONES) {
                const s = new Node(`socket-${b.name}`);
                s.layer = Layers.Enum.UI_2D;
                node.addChild(s);
                addBody(s);
                const box = s.addComponent(BoxCollider2D);
                box.size = new Size(b.length, b.width);
                box.offset = new Vec2(b.length / 2, 0);
                box.apply();
                box.on(Contact2DType.BEGIN_CONTACT, bBegin);
                box.on(Contact2DType.END_CONTACT, bEnd);
                c.sockets.push(s);
            }
            if (FOLLOW === 'sockets') skel.sockets = SOCKET_BONES.map((b, k) => new SP.SpineSocket(bonePath(b.name), c.sockets[k]));
            else c.bones = SOCKET_BONES.map((b) => skel.findBone(b.name));
        }
        chars.push(c);
    }
    const sprites: { node: Node; x: number; y: number; vx: number; vy: number }[] = [];
    for (let i = 0; i < SPRITES; i++) {
        const node = uiNode(`sprite${i}`, root);
        const s = node.addComponent(Sprite);
        s.sizeMode = Sprite.SizeMode.CUSTOM;
        s.spriteFrame = frame;
        node.getComponent(UITransform)!.setContentSize(SIZE, SIZE);
        const x = SIZE + r() * (side - 2 * SIZE), y = SIZE + r() * (side - 2 * SIZE), v = 0.5 + 1.5 * r(), dir = r() * Math.PI * 2;
        node.setPosition(x, y, 0);
        if (PIXEL) addPixel(node);
        if (BUILTIN) {
            addBody(node);
            const c = node.addComponent(CircleCollider2D);
            c.radius = SIZE / 2 - 2;
            c.apply();
            c.on(Contact2DType.BEGIN_CONTACT, bBegin);
            c.on(Contact2DType.END_CONTACT, bEnd);
        }
        sprites.push({ node, x, y, vx: v * Math.cos(dir), vy: v * Math.sin(dir) });
    }

    // Motion, before every frame's update.
    let moving = true;
    const move = () => {
        if (!moving) return;
        for (const c of chars) {
            let x = c.x + c.vx, y = c.y + c.vy;
            if (x < MX || x > side - MX) { c.vx = -c.vx; x = c.x + c.vx; }
            if (y < 0 || y > side - MY) { c.vy = -c.vy; y = c.y + c.vy; }
            c.x = x; c.y = y;
            c.node.setPosition(x, y, 0);
        }
        for (const s of sprites) {
            let x = s.x + s.vx, y = s.y + s.vy;
            if (x < SIZE / 2 || x > side - SIZE / 2) { s.vx = -s.vx; x = s.x + s.vx; }
            if (y < SIZE / 2 || y > side - SIZE / 2) { s.vy = -s.vy; y = s.y + s.vy; }
            s.x = x; s.y = y;
            s.node.setPosition(x, y, 0);
        }
    };
    director.on(Director.EVENT_BEFORE_UPDATE, move);

    // Timing.
    let recording = false;
    const used = (): number => (performance as any).memory.usedJSHeapSize;
    const precise = !!(performance as any).memory && G.PRECISE_MEMORY === true;
    let memBase = 0;
    if (precise) {
        const d: number[] = [];
        for (let i = 0; i < 200; i++) { const a = used(); d.push(used() - a); }
        memBase = median(d.filter((x) => x >= 0));
    }
    const T = {
        pixel: [] as number[], physics: [] as number[], follow: [] as number[], socketRender: [] as number[],
        skeletonSystem: [] as number[], renderers: [] as number[], batch: [] as number[], upload: [] as number[], draw: [] as number[],
    };
    const cur = { follow: 0, socketRender: 0, renderers: 0, drawStart: 0, renderStart: 0 };
    const aPixel: number[] = [], aPhysics: number[] = [];
    let gcPixel = 0, gcPhysics = 0;
    const wrap = (target: any, name: string, times: number[] | null, allocs: number[] | null, onGc: () => void, before?: () => void) => {
        const orig = target[name];
        target[name] = function (...args: any[]) {
            if (before) before();
            const m0 = precise && allocs ? used() : 0;
            const t0 = performance.now();
            const out = orig.apply(this, args);
            const t1 = performance.now();
            if (recording && times) {
                times.push(t1 - t0);
                if (precise && allocs) { const d = used() - m0 - memBase; if (d >= 0) allocs.push(d); else onGc(); }
            }
            return out;
        };
    };
    wrap(sys, 'postUpdate', T.pixel, aPixel, () => gcPixel++);
    wrap(phys, 'postUpdate', T.physics, aPhysics, () => gcPhysics++);
    const skelSys = director.getSystem('SKELETON') as any;
    if (skelSys) wrap(skelSys, 'postUpdate', T.skeletonSystem, null, () => {});
    const rootObj = director.root as any;
    const batcher = rootObj.batcher2D;
    director.on(Director.EVENT_BEFORE_DRAW, () => { cur.drawStart = performance.now(); });
    const frameMove = rootObj.frameMove;
    rootObj.frameMove = function (dt: number) {
        cur.renderers = performance.now() - cur.drawStart;
        return frameMove.call(this, dt);
    };
    wrap(batcher, 'update', T.batch, null, () => {});
    wrap(batcher, 'uploadBuffers', T.upload, null, () => {});
    director.on(Director.EVENT_BEFORE_RENDER, () => { cur.renderStart = performance.now(); });
    director.on(Director.EVENT_AFTER_RENDER, () => { if (recording) T.draw.push(performance.now() - cur.renderStart); });
    // The sockets' sync: in the follow hook (before the physics step) or when the engine draws.
    let inFollow = false;
    const syncAttached = SP.Skeleton.prototype.syncAttachedNode;
    SP.Skeleton.prototype.syncAttachedNode = function () {
        const t0 = performance.now();
        syncAttached.call(this);
        if (!inFollow) cur.socketRender += performance.now() - t0;
    };
    // The follow hook (inside PhysicsSystem2D.postUpdate: it emits BEFORE_PHYSICS before it reads the nodes).
    const RAD = 180 / Math.PI;
    const follow = () => {
        if (!BUILTIN) return;
        const t0 = performance.now();
        inFollow = true;
        for (const c of chars) {
            c.skel._skeleton.updateWorldTransform();
            if (FOLLOW === 'sockets') { c.skel.syncAttachedNode(); continue; }
            for (let k = 0; k < c.bones.length; k++) {
                const b = c.bones[k], s = c.sockets[k];
                s.setPosition(b.worldX, b.worldY, 0);
                s.setRotationFromEuler(0, 0, Math.atan2(b.c, b.a) * RAD);
            }
        }
        inFollow = false;
        cur.follow += performance.now() - t0;
    };
    director.on(Director.EVENT_BEFORE_PHYSICS, follow);

    // Profile: the pixel side's frame in sections.
    const prof: Record<string, number[]> = {};
    const pcur: Record<string, number> = {};
    let inPixel = false;
    const section = (obj: any, name: string, label: string, onlyInPixel = false) => {
        const orig = obj && obj[name];
        if (typeof orig !== 'function') { console.log(`[bench] profile: no ${label}`); return; }
        prof[label] = []; pcur[label] = 0;
        obj[name] = function (...args: any[]) {
            if (onlyInPixel && !inPixel) return orig.apply(this, args);
            const t = performance.now();
            try { return orig.apply(this, args); } finally { pcur[label] += performance.now() - t; }
        };
    };
    await h.frames(2);
    const firstCol = chars.find((c) => c.col)?.col as any;
    if (PROFILE && firstCol) {
        const skelShape = firstCol._skel;
        const w = sys.world as any;
        const orig = (sys as any).step;
        (sys as any).step = function () { inPixel = true; try { return orig.call(this); } finally { inPixel = false; } };
        section(sys, '_syncAll', 'sync (nodes and skeletons -> core)');
        if (skelShape) {
            section(Object.getPrototypeOf(skelShape), 'update', '  skeleton update (read + compare + parts)');
            section(Object.getPrototypeOf(skelShape.reader), 'read', '    reader (SpineReader.read)');
            section(SP.Skeleton.prototype, 'updateRenderData', '      engine: sp.Skeleton.updateRenderData (pose + model, in wasm)', true);
            section(Object.getPrototypeOf(skelShape._parts), 'build', '    parts build (SkeletonParts.build)');
        } else console.log('[bench] profile: the collider has no skeleton shape');
        section(w, 'setShape', '  world.setShape (parts changed)');
        section(w, '_refreshMoved', 'world: moved boxes');
        section(w, '_collectCandidates', 'world: broad phase + candidates');
        section(w.narrowPhase, 'run', 'world: narrow phase (hit / no hit)');
        section(w, '_buildCurrent', 'world: pair bookkeeping');
        section(w, '_dispatch', 'event dispatch (incl. listeners)');
    }

    await h.frames(WARMUP);
    const s0 = { ...stats };
    const touching: number[] = [], pairs: number[] = [], parts: number[] = [];
    // bench/engine/profile.mjs (--entry bench/engine/skeletons.ts) attaches its profiler now.
    if (G.PROFILER) {
        console.log('[bench] waiting for the profiler');
        while (!G.__profilerReady) await new Promise((res) => setTimeout(res, 50));
    }
    recording = true;
    const cropsBefore = PageCrops.made;
    console.log('[bench] recording');
    for (let f = 0; f < FRAMES; f++) {
        cur.follow = 0; cur.socketRender = 0; cur.renderers = 0;
        for (const k in pcur) pcur[k] = 0;
        await h.frames(1);
        T.follow.push(cur.follow);
        T.socketRender.push(cur.socketRender);
        T.renderers.push(cur.renderers);
        for (const k in pcur) prof[k].push(pcur[k]);
        if (PIXEL) {
            let t = 0, p = 0, np = 0;
            for (const c of chars) {
                const col = c.col as any;
                if (col.contactCount > 0) t++;
                p += col.contactCount;
                np += col._skel?.def?.parts?.length ?? 0;
            }
            for (const s of sprites) p += s.node.getComponent(PixelCollider)!.contactCount;
            touching.push(t / N); pairs.push(p / 2); parts.push(np / N);
        }
    }
    recording = false;
    const cropsPerFrame = (PageCrops.made - cropsBefore) / FRAMES;
    moving = false;
    console.log('[bench] recorded');
    if (G.PROFILER) while (!G.__profilerDone) await new Promise((res) => setTimeout(res, 50));
    const per = (k: keyof typeof stats) => (stats[k] - s0[k]) / FRAMES;

    // Per frame: the engine's cost (the sockets' sync when drawing counted on the builtin side), the builtin's.
    const engine = T.skeletonSystem.map((s, i) => s + T.renderers[i] - T.socketRender[i] + T.batch[i] + T.upload[i]);
    const builtin = T.physics.map((p, i) => p + T.socketRender[i]);
    const res: any = {
        N, SPRITES, READ, FOLLOW, BUILTIN, PIXEL, PAGES, OLD, FRAMES, HISTORY, side: Math.round(side), physicsWorld: physWorld,
        character: { slots: ch.slots, triangles: ch.triangles },
        pixelMs: median(T.pixel), engineMs: median(engine), builtinMs: BUILTIN ? median(builtin) : null,
        engineOverPixel: median(engine) / median(T.pixel), builtinOverPixel: BUILTIN ? median(builtin) / median(T.pixel) : null,
        // the ratio frame by frame (both sides of the same frame), median
        engineOverPixelPerFrame: median(engine.map((e, i) => e / T.pixel[i])),
        builtinOverPixelPerFrame: BUILTIN ? median(builtin.map((b, i) => b / T.pixel[i])) : null,
        parts: {
            skeletonSystem: median(T.skeletonSystem), renderers: median(T.renderers), socketRender: median(T.socketRender), batch: median(T.batch),
            upload: median(T.upload), draw: median(T.draw), physics: median(T.physics), follow: median(T.follow),
        },
        means: { pixel: mean(T.pixel), engine: mean(engine), builtin: BUILTIN ? mean(builtin) : null },
        perFrame: {
            enter: per('enter'), stay: per('stay'), end: per('end'), builtinBegin: per('bBegin'), builtinEnd: per('bEnd'),
            touchingCharacters: mean(touching), pixelPairs: mean(pairs), partsPerCharacter: mean(parts), cropsMade: cropsPerFrame,
        },
        checksum: stats.sumCount,
        isolated: G.crossOriginIsolated === true,
        clockStepMs: clockStep(),
    };
    if (firstCol && firstCol._skel) {
        // The atlas pages' masks: size and boundary runs (what the rasterizer visits for each part).
        const masks = (firstCol._skel._masks as any[]).filter((m) => m);
        res.pageMasks = { count: masks.length, texels: masks.reduce((a, m) => a + m.width * m.height, 0),
            runs: masks.reduce((a, m) => { const b = m.boundaryRuns(); return a + (b.vertical.length + b.horizontal.length) / 3; }, 0) };
    }
    if (BUILTIN && chars.length) {
        // Do the boxes follow? The first character's head socket: its body against its node (px).
        const s = chars[0].sockets[0];
        const body = (s.getComponent(RigidBody2D) as any)?._body?.impl;
        if (body) { const p = body.GetPosition(), wp = s.worldPosition; res.followCheckPx = +Math.hypot(p.x * 32 - wp.x, p.y * 32 - wp.y).toFixed(3); }
    }
    if (precise) {
        const m0 = used();
        const keep: object[] = [];
        for (let i = 0; i < 1000; i++) keep.push({ i });
        res.memProbeBytes = used() - m0 - memBase;
        res.memBase = memBase;
        res.allocPixel = { medianBytes: median(aPixel), meanBytes: mean(aPixel), framesCounted: aPixel.length, framesWithGc: gcPixel };
        res.allocBuiltin = BUILTIN ? { medianBytes: median(aPhysics), meanBytes: mean(aPhysics), framesCounted: aPhysics.length, framesWithGc: gcPhysics } : null;
    }
    if (PROFILE) {
        res.profile = {} as Record<string, number>;
        for (const k in prof) res.profile[k] = +mean(prof[k]).toFixed(4);
        res.profile['whole postUpdate (mean)'] = +mean(T.pixel).toFixed(4);
    }
    director.off(Director.EVENT_BEFORE_UPDATE, move);
    director.off(Director.EVENT_BEFORE_PHYSICS, follow);
    console.log(`RESULT ${JSON.stringify(res)}`);
    const ok = Number.isFinite(res.pixelMs) || !PIXEL;
    done(ok, `N=${N}: pixel ${res.pixelMs?.toFixed(2)} ms, engine ${res.engineMs.toFixed(2)} ms (${res.engineOverPixel.toFixed(2)}x), builtin ${BUILTIN ? res.builtinMs.toFixed(2) : '-'} ms`);
}
