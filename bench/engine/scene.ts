// Engine benchmark (run it in the real Cocos 3.8.5 web engine with ../shared/engine-harness; see
// bench/engine/run.mjs): pixel-collision's CollisionSystem against the engine's builtin 2D physics,
// one page, one scene, side by side.
//
// N sprites of a 48x48 blob texture (Sprite.SizeMode.CUSTOM, 48 x 48) at random positions in a square
// box of side sqrt(5 N 48^2), random velocities of 0.5-3 px per frame, bouncing off the box's walls;
// with ROTATE every sprite also turns at 0.5-3 degrees per frame. Two copies of the scene move the
// same way in the same frames:
//   - pixel side: every sprite has a PixelCollider (alpha threshold 0, accuracy 1);
//   - builtin side: every sprite has a kinematic RigidBody2D and a PolygonCollider2D (a 14-gon around
//     the blob), BEGIN / END_CONTACT listeners, one physics step per frame (maxSubSteps 1).
// Listeners: READ=false, enter and end only, reading nothing (the builtin's contract); READ=true,
// enter, stay and end, reading contact.count and contact.normal on every enter and stay.
//
// Timed: the medians of FRAMES frames of CollisionSystem.postUpdate and PhysicsSystem2D.postUpdate
// (each instance's postUpdate wrapped with performance.now()), then destroying every node of each
// side (destroy() on each, plus the frame that purges them). With PROFILE=true the pixel side's frame
// is split into sections (wrapped methods; costs a little itself). Heap: with Chromium's
// --enable-precise-memory-info (bench/engine/run.mjs passes it through a wrapper), bytes allocated
// inside each postUpdate, from performance.memory.usedJSHeapSize before and after (frames where a
// garbage collection ran inside the call, i.e. the heap shrank, are not counted).
//
// SCENE=mixed (SCENE=blobs, the above, is the default): the same two sides and timing on a scene of
// twelve textures (a wobbly blob, a concave star of 5-7 arms, a ring with a hole, a gear with concave
// teeth, each in a few sizes from 24 to 96 texels, alpha 0 or 255), each sprite drawing one of them
// (seeded); a third of the sprites are static, laid out in piles and stacks whose neighbours overlap
// (static pairs touching for the whole run); the others move and turn as above, stop-and-go: phases
// of 30-120 frames of rest (no setPosition / setRotation at all) and of motion, seeded. Box side:
// sqrt(5 x the sprites' total area). The builtin polygons are 14- to 16-gons along each shape's outer
// outline (concave for the star and gear; a ring's outline only, its hole is not in it).
//
// HISTORY=colliders (a used page): before the measured scene, the page plays and destroys levels of
// HISTORY_N sprites, half with PixelColliders and half with the builtin's colliders (HISTORY=plain:
// no collider at all); both sides get the same history. See bench/engine/README.md.
//
// Prints one line `RESULT {json}` for the runner.
import {
    Camera, Canvas, Contact2DType, director, ERigidBody2DType, ImageAsset, Layers, Node, PhysicsSystem2D, PolygonCollider2D,
    RigidBody2D, Sprite, SpriteFrame, Texture2D, UITransform, Vec2,
} from 'cc';
import { CollisionSystem, PixelCollider, PixelCollisionEvent } from 'db://pixel-collision/runtime/index';
import type { PixelContact } from 'db://pixel-collision/runtime/index';

declare const done: (ok: boolean, message?: string) => void;
const G = globalThis as any;
const N: number = G.N ?? 1000;
const ROTATE: boolean = G.ROTATE === true;
const READ: boolean = G.READ === true;
const FRAMES: number = G.FRAMES ?? 200;
const WARMUP: number = G.WARMUP ?? 60;
const PROFILE: boolean = G.PROFILE === true;
const BUILTIN: boolean = G.BUILTIN !== false;
// Used page: what the page ran before the measured scene (a level that was loaded, played and
// unloaded). 'none' (a fresh page, the default); 'colliders': HISTORY_N sprites, half with a
// PixelCollider and half with the builtin's body and polygon, played HISTORY_FRAMES frames and
// destroyed (their root node destroyed, as when a scene is unloaded); 'plain': the same sprites
// with no collider at all (the control). HISTORY_ROUNDS such levels one after another.
const HISTORY: string = typeof G.HISTORY === 'string' ? G.HISTORY : 'none';
const HISTORY_N: number = G.HISTORY_N ?? 2000;
const HISTORY_FRAMES: number = G.HISTORY_FRAMES ?? 120;
const HISTORY_ROUNDS: number = G.HISTORY_ROUNDS ?? 2;
// How the history's level goes: 'root' (its root node destroyed, as a scene unload does) or
// 'nodes' (destroy() on each sprite's node, as the measured scene's own teardown does).
// 'remove' (a diagnostic): the root is taken out of the scene and dropped, nothing destroyed.
const HISTORY_DESTROY: string = G.HISTORY_DESTROY === 'nodes' || G.HISTORY_DESTROY === 'remove' ? G.HISTORY_DESTROY : 'root';
const SIZE = 48;
// Which scene is measured: 'blobs' (the default) or 'mixed' (see above).
const SCENE: string = G.SCENE === undefined ? 'blobs' : G.SCENE;

/** mulberry32 */
function rng(seed: number): () => number {
    let a = seed >>> 0;
    return () => {
        a = (a + 0x6d2b79f5) >>> 0;
        let t = a;
        t = Math.imul(t ^ (t >>> 15), t | 1);
        t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
        return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
}

/**
 * A sprite texture: a shape drawn in a size x size texture (alpha 0 or 255) and the builtin side's
 * polygon around it.
 */
interface Shape {
    name: string;
    size: number;
    /** The outline's radius (texels) at angle `ang` (texture space, y down). */
    radius: (ang: number) => number;
    /** The hole's radius (texels; 0: none): texels nearer the centre are clear. */
    hole: number;
    /** The builtin polygon's vertex count. */
    k: number;
    rgb: [number, number, number];
}

/** A disc with a wobbly edge (radius in texels at angle `ang`, y down). */
function blobRadius(size: number, amps: number[], phases: number[]): (ang: number) => number {
    return (ang: number) => {
        const r = 0.86 + amps[0] * Math.sin(2 * ang + phases[0]) + amps[1] * Math.sin(3 * ang + phases[1]) + amps[2] * Math.sin(5 * ang + phases[2]);
        return r * size / 2;
    };
}
/** A star of `arms` straight-sided (in polar terms) arms: tips at 0.96, valleys at 0.45 of the half size; a tip at angle 0. */
function starRadius(size: number, arms: number): (ang: number) => number {
    return (ang: number) => {
        const u = (ang * arms) / (2 * Math.PI), d = u - Math.floor(u);
        return (0.45 + 0.51 * (1 - 2 * Math.min(d, 1 - d))) * size / 2;
    };
}
/** A gear of `teeth` teeth (tips at 0.95, roots at 0.74 of the half size, a tooth about a third of the pitch wide at its tip); a tooth centred at angle 0. */
function gearRadius(size: number, teeth: number): (ang: number) => number {
    return (ang: number) => {
        const u = (ang * teeth) / (2 * Math.PI), f = u - Math.floor(u), d = Math.min(f, 1 - f);
        const t = d < 0.17 ? 1 : d < 0.25 ? (0.25 - d) / 0.08 : 0;
        return (0.74 + 0.21 * t) * size / 2;
    };
}

/** The blobs scene's texture (and the used page's history's). */
const AMPS = [0.06, 0.05, 0.03], PHASES = [0.4, 2.1, 4.0];
const BLOB: Shape = { name: 'blob48', size: SIZE, radius: blobRadius(SIZE, AMPS, PHASES), hole: 0, k: 14, rgb: [220, 140, 60] };

/** The mixed scene's textures. */
function mixedShapes(): Shape[] {
    const blob = (size: number, phases: number[]): Shape => ({ name: `blob${size}`, size, radius: blobRadius(size, AMPS, phases), hole: 0, k: 14, rgb: [220, 140, 60] });
    const star = (size: number, arms: number, k: number): Shape => ({ name: `star${arms}-${size}`, size, radius: starRadius(size, arms), hole: 0, k, rgb: [240, 210, 60] });
    // A ring: outer radius 0.94, hole 0.42 of the half size (the hole is 0.45 of the outer diameter).
    const ring = (size: number): Shape => ({ name: `ring${size}`, size, radius: () => 0.94 * size / 2, hole: 0.42 * size / 2, k: 16, rgb: [80, 160, 230] });
    const gear = (size: number, teeth: number): Shape => ({ name: `gear${teeth}-${size}`, size, radius: gearRadius(size, teeth), hole: 0, k: 2 * teeth, rgb: [150, 150, 160] });
    return [
        blob(24, [0.9, 3.0, 1.7]), blob(48, [2.2, 0.6, 5.1]), blob(96, [4.4, 1.3, 0.2]),
        star(32, 5, 15), star(64, 7, 14), star(96, 6, 16),
        ring(32), ring(48), ring(96),
        gear(24, 7), gear(48, 8), gear(64, 8),
    ];
}

function shapeFrame(s: Shape): SpriteFrame {
    const S = s.size;
    const px = new Uint8Array(S * S * 4);
    for (let j = 0; j < S; j++) for (let i = 0; i < S; i++) {
        const dx = i + 0.5 - S / 2, dy = j + 0.5 - S / 2;
        const d = Math.hypot(dx, dy);
        const inside = d < s.radius(Math.atan2(dy, dx)) && d >= s.hole;
        const p = 4 * (j * S + i);
        px[p] = s.rgb[0]; px[p + 1] = s.rgb[1]; px[p + 2] = s.rgb[2]; px[p + 3] = inside ? 255 : 0;
    }
    const tex = new Texture2D();
    tex.image = new ImageAsset({ _data: px, _compressed: false, width: S, height: S, format: Texture2D.PixelFormat.RGBA8888 } as any);
    tex.setFilters(Texture2D.Filter.NEAREST, Texture2D.Filter.NEAREST);
    const sf = new SpriteFrame();
    sf.packable = false;
    sf.texture = tex;
    return sf;
}

/**
 * A k-gon around the shape's outer outline (node space, y up; a ring's hole is not in it): vertex i at
 * angle 2 pi i / k, out at the largest radius within half a step either side (+ 0.5 texel) over
 * cos(pi / k), which holds the outline where both ends of an edge see it (all of a convex-ish blob's);
 * along a concave outline (a star's valley, a gear's gap) the vertices stay low, and an edge from a
 * tip's vertex to a valley's that cuts a corner of the shape has both its vertices pushed out until
 * it clears the outline (+ 0.5 texel).
 */
function polygon(s: Shape): Vec2[] {
    const k = s.k;
    const R = new Float64Array(k);
    for (let i = 0; i < k; i++) {
        const ang = (i / k) * Math.PI * 2;
        let r = 0;
        for (let t = -8; t <= 8; t++) r = Math.max(r, s.radius(ang + (t / 8) * (Math.PI / k)));
        R[i] = (r + 0.5) / Math.cos(Math.PI / k);
    }
    for (let i = 0; i < k; i++) {
        const j = (i + 1) % k;
        const a0 = (i / k) * Math.PI * 2, a1 = ((i + 1) / k) * Math.PI * 2;
        const ax = R[i] * Math.cos(a0), ay = R[i] * Math.sin(a0), ex = R[j] * Math.cos(a1) - ax, ey = R[j] * Math.sin(a1) - ay;
        let grow = 1;
        for (let t = 0; t <= 32; t++) {
            const ang = a0 + ((a1 - a0) * t) / 32;
            const ux = Math.cos(ang), uy = Math.sin(ang);
            const dist = (ax * ey - ay * ex) / (ux * ey - uy * ex); // along the ray at `ang` to the edge
            const want = s.radius(ang) + 0.5;
            if (want > dist + 1e-6) grow = Math.max(grow, want / dist);
        }
        if (grow > 1) { R[i] *= grow; R[j] *= grow; }
    }
    const pts: Vec2[] = [];
    for (let i = 0; i < k; i++) {
        const ang = (i / k) * Math.PI * 2;
        // The radius functions take the texture's angle (y down): mirror y for node space.
        pts.push(new Vec2(R[i] * Math.cos(ang), -R[i] * Math.sin(ang)));
    }
    return pts;
}

/**
 * What the two scenes differ in: the textures, each sprite's texture, the box, the initial layout and
 * the motion. Everything else (both sides, listeners, timing, history) is shared.
 */
interface SceneDef {
    side: number;
    frames: SpriteFrame[];
    polys: Vec2[][];
    sizes: number[];
    /** Each sprite's texture (index into frames, polys, sizes). */
    tex: Uint8Array;
    /** Each sprite's half size (its bounce margin). */
    half: Float64Array;
    px: Float64Array; py: Float64Array; vx: Float64Array; vy: Float64Array; rot: Float64Array; vr: Float64Array;
    /** 1: the sprite moves (or rests between moves); 0: static, never moves nor turns. */
    mover: Uint8Array;
    /** 1: a mover in a resting phase (this frame). */
    resting: Uint8Array;
    /** Called before each frame's motion: the sprites that move this frame are active[0 .. returned count). */
    schedule: () => number;
    active: Int32Array;
    info: Record<string, unknown>;
}

/** N sprites of the 48 x 48 blob, all moving all the time (the draws of the scene as it always was). */
function blobsScene(frame: SpriteFrame, poly: Vec2[]): SceneDef {
    const side = Math.sqrt(5 * N * SIZE * SIZE);
    const r = rng(1234 + N);
    const px = new Float64Array(N), py = new Float64Array(N), vx = new Float64Array(N), vy = new Float64Array(N);
    const rot = new Float64Array(N), vr = new Float64Array(N);
    for (let i = 0; i < N; i++) {
        px[i] = SIZE / 2 + r() * (side - SIZE); py[i] = SIZE / 2 + r() * (side - SIZE);
        const sp = 0.5 + 2.5 * r(), dir = r() * Math.PI * 2;
        vx[i] = sp * Math.cos(dir); vy[i] = sp * Math.sin(dir);
        rot[i] = r() * 360; vr[i] = (0.5 + 2.5 * r()) * (r() < 0.5 ? -1 : 1);
    }
    const active = new Int32Array(N);
    for (let i = 0; i < N; i++) active[i] = i;
    return {
        side, frames: [frame], polys: [poly], sizes: [SIZE], tex: new Uint8Array(N), half: new Float64Array(N).fill(SIZE / 2),
        px, py, vx, vy, rot, vr, mover: new Uint8Array(N).fill(1), resting: new Uint8Array(N),
        schedule: () => N, active, info: {},
    };
}

/**
 * The mixed scene: each sprite one of mixedShapes() (seeded); the first third static, in piles (each
 * sprite against a random earlier one of its cluster, 0.6-0.85 of their half sizes' sum apart) and
 * stacks (each on the one before, 75-105 degrees up), 3-8 sprites a cluster; the rest movers at
 * 0.5-3 px and 0.5-3 degrees per frame, stop-and-go (resting and moving phases of 30-120 frames).
 */
function mixedScene(): SceneDef {
    const shapes = mixedShapes();
    const r = rng(4321 + N);
    const tex = new Uint8Array(N), half = new Float64Array(N);
    let area = 0;
    for (let i = 0; i < N; i++) {
        tex[i] = Math.floor(r() * shapes.length);
        half[i] = shapes[tex[i]].size / 2;
        area += shapes[tex[i]].size * shapes[tex[i]].size;
    }
    const side = Math.sqrt(5 * area);
    const px = new Float64Array(N), py = new Float64Array(N), vx = new Float64Array(N), vy = new Float64Array(N);
    const rot = new Float64Array(N), vr = new Float64Array(N);
    const mover = new Uint8Array(N), resting = new Uint8Array(N);
    const nStatic = Math.round(N / 3);
    const clamp = (v: number, h: number) => Math.min(side - h, Math.max(h, v));
    let clusters = 0, stacks = 0;
    for (let i = 0; i < nStatic;) {
        const size = Math.min(nStatic - i, 3 + Math.floor(r() * 6));
        const stack = r() < 0.5;
        const first = i;
        px[i] = clamp(96 + r() * (side - 192), half[i]); py[i] = clamp(96 + r() * (side - 192), half[i]);
        rot[i] = r() * 360;
        for (i++; i < first + size; i++) {
            const j = stack ? i - 1 : first + Math.floor(r() * (i - first));
            const ang = stack ? ((75 + 30 * r()) * Math.PI) / 180 : r() * Math.PI * 2;
            const dist = (0.6 + 0.25 * r()) * (half[i] + half[j]);
            px[i] = clamp(px[j] + dist * Math.cos(ang), half[i]); py[i] = clamp(py[j] + dist * Math.sin(ang), half[i]);
            rot[i] = r() * 360;
        }
        clusters++;
        if (stack) stacks++;
    }
    const movers: number[] = [];
    for (let i = nStatic; i < N; i++) {
        mover[i] = 1;
        movers.push(i);
        px[i] = half[i] + r() * (side - 2 * half[i]); py[i] = half[i] + r() * (side - 2 * half[i]);
        const sp = 0.5 + 2.5 * r(), dir = r() * Math.PI * 2;
        vx[i] = sp * Math.cos(dir); vy[i] = sp * Math.sin(dir);
        rot[i] = r() * 360; vr[i] = (0.5 + 2.5 * r()) * (r() < 0.5 ? -1 : 1);
    }
    // Stop-and-go: each mover starts in a random phase, part way through it; its own stream of draws.
    const rs = rng(8765 + N);
    const left = new Int32Array(N);
    const phase = () => 30 + Math.floor(rs() * 91); // 30-120 frames
    for (const i of movers) { resting[i] = rs() < 0.5 ? 1 : 0; left[i] = 1 + Math.floor(rs() * phase()); }
    const active = new Int32Array(N);
    const schedule = () => {
        let n = 0;
        for (let k = 0; k < movers.length; k++) {
            const i = movers[k];
            if (--left[i] <= 0) { resting[i] ^= 1; left[i] = phase(); }
            if (!resting[i]) active[n++] = i;
        }
        return n;
    };
    return {
        side, frames: shapes.map(shapeFrame), polys: shapes.map(polygon), sizes: shapes.map((s) => s.size), tex, half,
        px, py, vx, vy, rot, vr, mover, resting, schedule, active,
        info: {
            static: nStatic, movers: movers.length, clusters, stacks, textures: shapes.map((s) => s.name),
            spritesPerTexture: shapes.map((_, t) => tex.reduce((a, x) => a + (x === t ? 1 : 0), 0)),
            density: area / (side * side),
        },
    };
}

interface Side { root: Node; nodes: Node[]; cols: PixelCollider[] }

/** The smallest step performance.now() takes in this page (ms). */
function clockStep(): number {
    let step = Infinity, last = performance.now();
    for (let i = 0, seen = 0; i < 1e7 && seen < 50; i++) {
        const t = performance.now();
        if (t !== last) { if (t - last < step) step = t - last; last = t; seen++; }
    }
    return +step.toFixed(4);
}
const median = (a: number[]) => { const s = [...a].sort((x, y) => x - y); return s.length ? (s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2) : NaN; };

export default async function main(h: any) {
    const scene = director.getScene()!;
    // No camera: nothing is drawn (SwiftShader would spend the frame drawing 2 N sprites); the UI
    // components still run as in a game.
    const canvasNode = new Node('Canvas');
    canvasNode.layer = Layers.Enum.UI_2D;
    canvasNode.addComponent(UITransform).setContentSize(h.width, h.height);
    const canvasComp = canvasNode.addComponent(Canvas);
    if (h.native) {
        // The native engine crashes (a freed node read in C++, SIGSEGV within a few dozen frames)
        // with a Canvas that has no camera, colliders or not: give it one that sees no layer.
        const camNode = new Node('Camera');
        camNode.setPosition(0, 0, 1000);
        canvasNode.addChild(camNode);
        const cam = camNode.addComponent(Camera);
        cam.projection = Camera.ProjectionType.ORTHO;
        cam.visibility = 0;
        cam.clearFlags = Camera.ClearFlag.SOLID_COLOR;
        canvasComp.cameraComponent = cam;
    }
    scene.addChild(canvasNode);

    // The blob (the blobs scene's texture and the history's, one SpriteFrame for both as always).
    const frame = shapeFrame(BLOB);
    const poly = polygon(BLOB);
    if (SCENE !== 'blobs' && SCENE !== 'mixed') throw new Error(`SCENE must be blobs or mixed, got ${SCENE}`);
    const def = SCENE === 'mixed' ? mixedScene() : blobsScene(frame, poly);
    const { side, px, py, vx, vy, rot, vr, half, active } = def;

    const stats = { enter: 0, stay: 0, end: 0, sumCount: 0, sumN: 0, bEnter: 0, bEnd: 0 };
    let detailMs = 0;
    // Listeners: one set of functions shared by every collider (no closure per collider).
    const onEnter = READ
        ? (_s: PixelCollider, _o: PixelCollider, c: PixelContact) => { stats.enter++; stats.sumCount += c.count; stats.sumN += c.normal.x; }
        : () => { stats.enter++; };
    const onStay = (_s: PixelCollider, _o: PixelCollider, c: PixelContact) => { stats.stay++; stats.sumCount += c.count; stats.sumN += c.normal.x; };
    const onEnd = () => { stats.end++; };
    const onEnterTimed = (s: PixelCollider, o: PixelCollider, c: PixelContact) => { const t = performance.now(); onEnter(s, o, c); detailMs += performance.now() - t; };
    const onStayTimed = (s: PixelCollider, o: PixelCollider, c: PixelContact) => { const t = performance.now(); onStay(s, o, c); detailMs += performance.now() - t; };
    const bBegin = () => { stats.bEnter++; };
    let historyEvents = 0;
    const onHistory = () => { historyEvents++; };
    const bEnd = () => { stats.bEnd++; };

    /** The builtin side of a sprite: a kinematic body and the polygon `points`, BEGIN_CONTACT to `onBegin`; returns the collider. */
    function addBuiltin(node: Node, points: Vec2[], onBegin: () => void): PolygonCollider2D {
        const body = node.addComponent(RigidBody2D);
        body.type = ERigidBody2DType.Kinematic;
        body.enabledContactListener = true;
        const col = node.addComponent(PolygonCollider2D);
        col.points = points;
        col.apply();
        col.on(Contact2DType.BEGIN_CONTACT, onBegin);
        return col;
    }

    function makeSide(kind: 'pixel' | 'builtin'): Side {
        const root = new Node(kind);
        root.layer = Layers.Enum.UI_2D;
        root.addComponent(UITransform);
        root.setPosition(-side / 2, -side / 2, 0);
        canvasNode.addChild(root);
        const nodes: Node[] = [], cols: PixelCollider[] = [];
        for (let i = 0; i < N; i++) {
            const node = new Node(`${kind}${i}`);
            node.layer = Layers.Enum.UI_2D;
            node.addComponent(UITransform);
            const sp = node.addComponent(Sprite);
            sp.sizeMode = Sprite.SizeMode.CUSTOM;
            sp.spriteFrame = def.frames[def.tex[i]];
            const size = def.sizes[def.tex[i]];
            node.getComponent(UITransform)!.setContentSize(size, size);
            node.setPosition(px[i], py[i], 0);
            if (ROTATE) node.setRotationFromEuler(0, 0, rot[i]);
            root.addChild(node);
            if (kind === 'pixel') {
                const col = node.addComponent(PixelCollider);
                col.alphaThreshold = 0;
                col.accuracy = 1;
                col.on(PixelCollisionEvent.ENTER, PROFILE ? onEnterTimed : onEnter);
                if (READ) col.on(PixelCollisionEvent.STAY, PROFILE ? onStayTimed : onStay);
                col.on(PixelCollisionEvent.END, onEnd);
                cols.push(col);
            } else {
                addBuiltin(node, def.polys[def.tex[i]], bBegin).on(Contact2DType.END_CONTACT, bEnd);
            }
            nodes.push(node);
        }
        return { root, nodes, cols };
    }

    const phys = PhysicsSystem2D.instance;
    phys.maxSubSteps = 1;
    phys.fixedTimeStep = 1 / 1000; // with maxSubSteps 1: exactly one step per frame
    const sys = CollisionSystem.instance;

    // The used page's history: levels built, played and destroyed before the measured scene.
    if (HISTORY !== 'none') {
        if (HISTORY !== 'colliders' && HISTORY !== 'plain') throw new Error(`HISTORY must be none, colliders or plain, got ${HISTORY}`);
        const t0 = performance.now();
        for (let round = 0; round < HISTORY_ROUNDS; round++) await playHistory(round);
        // HISTORY_GC=true (a diagnostic; needs Chromium's --js-flags=--expose-gc): a full garbage
        // collection after the history, before the measured scene is built.
        if (G.HISTORY_GC === true && typeof G.gc === 'function') { G.gc(); G.gc(); await h.frames(2); }
        console.log(`[bench] history ${HISTORY} x${HISTORY_ROUNDS} (${HISTORY_N} sprites, ${HISTORY_FRAMES} frames each) in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    }
    async function playHistory(round: number): Promise<void> {
        const hr = rng(99 + round);
        const hs = Math.sqrt(5 * HISTORY_N * SIZE * SIZE);
        const root = new Node(`history${round}`);
        root.layer = Layers.Enum.UI_2D;
        root.addComponent(UITransform);
        root.setPosition(-hs / 2, -hs / 2, 0);
        canvasNode.addChild(root);
        const nodes: Node[] = [], hx: number[] = [], hy: number[] = [], hvx: number[] = [], hvy: number[] = [];
        for (let i = 0; i < HISTORY_N; i++) {
            const node = new Node(`h${i}`);
            node.layer = Layers.Enum.UI_2D;
            node.addComponent(UITransform);
            const sp = node.addComponent(Sprite);
            sp.sizeMode = Sprite.SizeMode.CUSTOM;
            sp.spriteFrame = frame;
            node.getComponent(UITransform)!.setContentSize(SIZE, SIZE);
            hx.push(SIZE / 2 + hr() * (hs - SIZE)); hy.push(SIZE / 2 + hr() * (hs - SIZE));
            const dir = hr() * Math.PI * 2, v = 0.5 + 2.5 * hr();
            hvx.push(v * Math.cos(dir)); hvy.push(v * Math.sin(dir));
            node.setPosition(hx[i], hy[i], 0);
            node.setRotationFromEuler(0, 0, hr() * 360);
            root.addChild(node);
            if (HISTORY === 'colliders' && i % 2 === 0) {
                const col = node.addComponent(PixelCollider);
                col.on(PixelCollisionEvent.ENTER, onHistory);
                col.on(PixelCollisionEvent.END, onHistory);
            } else if (HISTORY === 'colliders') {
                addBuiltin(node, poly, onHistory);
            }
            nodes.push(node);
        }
        let f = 0;
        const moveHistory = () => {
            for (let i = 0; i < nodes.length; i++) {
                hx[i] += hvx[i]; hy[i] += hvy[i];
                if (hx[i] < SIZE / 2 || hx[i] > hs - SIZE / 2) hvx[i] = -hvx[i];
                if (hy[i] < SIZE / 2 || hy[i] > hs - SIZE / 2) hvy[i] = -hvy[i];
                nodes[i].setPosition(hx[i], hy[i], 0);
                nodes[i].setRotationFromEuler(0, 0, (i + f) % 360);
            }
            f++;
        };
        director.on(cc_EVENT_BEFORE_UPDATE(h), moveHistory);
        await h.frames(HISTORY_FRAMES);
        director.off(cc_EVENT_BEFORE_UPDATE(h), moveHistory);
        if (HISTORY_DESTROY === 'nodes') for (const n of nodes) n.destroy();
        if (HISTORY_DESTROY === 'remove') { root.removeFromParent(); nodes.length = 0; } else root.destroy();
        await h.frames(3);
    }

    const pixel = makeSide('pixel');
    const builtin = BUILTIN ? makeSide('builtin') : null;

    // Motion: before every frame's update, both sides move the same way: the scene says which
    // sprites move this frame (all of them in the blobs scene); the others are not touched at all.
    let moving = true;
    const move = () => {
        if (!moving) return;
        const n = def.schedule();
        for (let k = 0; k < n; k++) {
            const i = active[k];
            const lo = half[i], hi = side - half[i];
            let x = px[i] + vx[i], y = py[i] + vy[i];
            if (x < lo || x > hi) { vx[i] = -vx[i]; x = px[i] + vx[i]; }
            if (y < lo || y > hi) { vy[i] = -vy[i]; y = py[i] + vy[i]; }
            px[i] = x; py[i] = y;
            pixel.nodes[i].setPosition(x, y, 0);
            if (builtin) builtin.nodes[i].setPosition(x, y, 0);
            if (ROTATE) {
                rot[i] += vr[i];
                pixel.nodes[i].setRotationFromEuler(0, 0, rot[i]);
                if (builtin) builtin.nodes[i].setRotationFromEuler(0, 0, rot[i]);
            }
        }
    };
    director.on(cc_EVENT_BEFORE_UPDATE(h), move);
    // WORLD_FIRST=true: the engine's world-matrix update of each side's nodes is done (and timed)
    // before the systems' postUpdate, so their timed calls no longer include it (a diagnostic: in
    // a game the renderer or the first reader pays it).
    const wfPixel: number[] = [], wfBuiltin: number[] = [];
    const worldFirst = () => {
        const t0 = performance.now();
        for (let i = 0; i < N; i++) pixel.nodes[i].worldMatrix;
        const t1 = performance.now();
        if (builtin) for (let i = 0; i < N; i++) builtin.nodes[i].worldMatrix;
        const t2 = performance.now();
        if (recording) { wfPixel.push(t1 - t0); wfBuiltin.push(t2 - t1); }
    };
    if (G.WORLD_FIRST === true) director.on(h.cc.Director.EVENT_AFTER_UPDATE, worldFirst);
    // TOUCH=true (a diagnostic): before the systems' postUpdate, one loop per kind of object the
    // pixel side's step reads for each collider, timed apart (each loop reads one field of each
    // object, in the order of the system's list): where the memory traffic of a used page is.
    // ('state array': the per-collider typed array of the code before the shared transform state;
    // 0 without it.)
    const touchKinds: [string, (c: any) => number][] = [
        ['component', (c) => c._coreId], ['state array', (c) => (c._state ? c._state[4] : 0)], ['node', (c) => c.node._transformFlags | c.node._flagChangeVersion],
        ['node._mat', (c) => c.node._mat.m00], ['core', (c) => c._core._proxy], ['core._t', (c) => c._core._t.a], ['core._box', (c) => c._core._box[0]],
    ];
    const touchT: number[][] = touchKinds.map(() => []);
    let touchSink = 0;
    const touch = () => {
        if (!recording) return;
        const list = sys.colliders as any[];
        for (let k = 0; k < touchKinds.length; k++) {
            const f = touchKinds[k][1];
            const t0 = performance.now();
            for (let i = 0; i < list.length; i++) touchSink += f(list[i]);
            touchT[k].push(performance.now() - t0);
        }
    };
    if (G.TOUCH === true) director.on(h.cc.Director.EVENT_AFTER_UPDATE, touch);

    // Timing wrappers (on the instances: the director calls system.postUpdate(dt)).
    // performance.memory is a snapshot object: read it anew each time (each read allocates it,
    // a few dozen bytes: `memBase`, measured below, is subtracted).
    const used = (): number => (performance as any).memory.usedJSHeapSize;
    const precise = !!(performance as any).memory && G.PRECISE_MEMORY === true;
    let memBase = 0;
    if (precise) {
        const d: number[] = [];
        for (let i = 0; i < 200; i++) { const a = used(); d.push(used() - a); }
        memBase = median(d.filter((x) => x >= 0));
    }
    let recording = false;
    const tPixel: number[] = [], tBuiltin: number[] = [], aPixel: number[] = [], aBuiltin: number[] = [];
    let gcPixel = 0, gcBuiltin = 0;
    const wrap = (target: any, times: number[], allocs: number[], onGc: () => void) => {
        const orig = target.postUpdate;
        target.postUpdate = function (dt: number) {
            const m0 = precise ? used() : 0;
            const t0 = performance.now();
            orig.call(this, dt);
            const t1 = performance.now();
            if (recording) {
                times.push(t1 - t0);
                if (precise) { const d = used() - m0 - memBase; if (d >= 0) allocs.push(d); else onGc(); }
            }
        };
    };
    wrap(sys, tPixel, aPixel, () => gcPixel++);
    wrap(phys, tBuiltin, aBuiltin, () => gcBuiltin++);

    // Profile: the pixel side's frame in sections.
    const prof: Record<string, number[]> = {};
    const cur: Record<string, number> = {};
    const profMem: Record<string, number> = {};
    const section = (obj: any, name: string, label: string) => {
        const orig = obj[name];
        if (typeof orig !== 'function') { console.log(`profile: no ${label}`); return; }
        prof[label] = []; cur[label] = 0;
        profMem[label] = 0;
        obj[name] = function (...args: any[]) {
            const m = precise ? used() : 0;
            const t = performance.now();
            try { return orig.apply(this, args); } finally {
                cur[label] += performance.now() - t;
                if (precise && recording) { const d = used() - m - memBase; if (d > 0) profMem[label] += d; }
            }
        };
    };
    if (PROFILE) {
        const w = sys.world as any;
        section(sys, '_syncAll', 'transform sync (nodes -> core)');
        section(w, '_refreshMoved', 'world: moved boxes');
        section(w, '_collectCandidates', 'world: broad phase + candidates');
        section(w.narrowPhase, 'run', 'world: narrow phase (hit / no hit)');
        section(w, '_collectLate', 'world: late answers');
        section(w, '_buildCurrent', 'world: pair bookkeeping');
        section(w, '_dispatch', 'event dispatch (incl. listeners)');
        section(w, '_applyDeferred', 'world: deferred ops');
        section(PixelCollider.prototype, '_emit', 'PixelCollider._emit (listeners + component methods)');
        // Inside the listeners' reads: a contact's details (resolveContact), and of that the
        // colliders' rasters (Collider._raster, also called by the hit test of pairs whose two
        // rasters exist).
        const cpu = w.narrowPhase.cpu ?? w.narrowPhase;
        section(cpu, 'resolveContact', 'details: resolveContact (incl. rasters)');
        await h.frames(1);
        const core = sys.colliders.find((c) => c._core)?._core as any;
        if (core) section(Object.getPrototypeOf(core), '_raster', 'rasters (Collider._raster, any caller)');
    }

    await h.frames(WARMUP);
    if (G.MAPCHECK === true) mapCheck(pixel.nodes);
    const s0 = { ...stats };
    // bench/engine/profile.mjs attaches its profiler now and says when it is ready.
    if (G.PROFILER) {
        console.log('[bench] waiting for the profiler');
        while (!G.__profilerReady) await new Promise((r) => setTimeout(r, 50));
    }
    recording = true;
    console.log('[bench] recording');
    const detail: number[] = [];
    const abOf: number[] = [];
    // Mixed scene: every 10th recorded frame, after it (outside the timed calls), the pixel side's
    // touching pairs by the kinds of their two sprites (static, a mover resting, a mover moving).
    const pairKinds = ['static-static', 'static-resting', 'static-moving', 'resting-resting', 'resting-moving', 'moving-moving'];
    const pairSum = new Float64Array(pairKinds.length);
    let pairSamples = 0, movingSum = 0;
    const colIndex = new Map<PixelCollider, number>();
    if (SCENE === 'mixed') pixel.cols.forEach((c, i) => colIndex.set(c, i));
    const samplePairs = () => {
        const kind = (i: number) => (def.mover[i] ? (def.resting[i] ? 1 : 2) : 0);
        for (let i = 0; i < N; i++) {
            for (const o of pixel.cols[i].touching) {
                const j = colIndex.get(o);
                if (j === undefined || j < i) continue;
                const a = Math.min(kind(i), kind(j)), b = Math.max(kind(i), kind(j));
                pairSum[a === 0 ? b : a === 1 ? b + 2 : 5]++;
            }
            if (def.mover[i] && !def.resting[i]) movingSum++;
        }
        pairSamples++;
    };
    for (let f = 0; f < FRAMES; f++) {
        if (G.AB) {
            // Blocks of 5 frames in Thue-Morse order (0110 1001 ...): no period, trends cancel.
            let k = Math.floor(f / 5), bits = 0;
            while (k) { bits ^= k & 1; k >>>= 1; }
            G.__pcAB = bits; abOf.push(bits);
        }
        detailMs = 0;
        for (const k in cur) cur[k] = 0;
        await h.frames(1);
        detail.push(detailMs);
        for (const k in cur) prof[k].push(cur[k]);
        if (SCENE === 'mixed' && f % 10 === 9) samplePairs();
    }
    recording = false;
    console.log('[bench] recorded');
    moving = false;
    if (G.PROFILER) while (!G.__profilerDone) await new Promise((r) => setTimeout(r, 50));
    const per = (k: keyof typeof stats) => (stats[k] - s0[k]) / FRAMES;

    const result: any = {
        scene: SCENE, N, ROTATE, READ, FRAMES, side: Math.round(side), HISTORY, historyN: HISTORY === 'none' ? 0 : HISTORY_N, historyRounds: HISTORY === 'none' ? 0 : HISTORY_ROUNDS, historyEvents,
        pixelMs: median(tPixel), builtinMs: builtin ? median(tBuiltin) : null,
        pixelMean: tPixel.reduce((a, b) => a + b, 0) / tPixel.length,
        builtinMean: builtin ? tBuiltin.reduce((a, b) => a + b, 0) / tBuiltin.length : null,
        perFrame: { enter: per('enter'), stay: per('stay'), end: per('end'), builtinBegin: per('bEnter'), builtinEnd: per('bEnd') },
        contacts: sys.colliders.reduce((a, c) => a + c.contactCount, 0) / 2,
        checksum: stats.sumCount,
        // The clock the times were read with: a cross-origin isolated page (run.mjs's proxy) reads
        // performance.now() in 5 µs steps, any other in 100 µs ones (medians then sit on a step).
        isolated: (globalThis as any).crossOriginIsolated === true,
        clockStepMs: clockStep(),
    };
    if (SCENE === 'mixed') {
        result.mixed = {
            ...def.info,
            // Means over the samples: sprites moving in a frame, the pixel side's touching pairs by kind.
            moversMoving: movingSum / Math.max(1, pairSamples),
            pairs: Object.fromEntries(pairKinds.map((k, i) => [k, pairSum[i] / Math.max(1, pairSamples)])),
            pairSamples,
        };
    }
    if (G.TOUCH === true) {
        const mean = (a: number[]) => a.reduce((x, y) => x + y, 0) / a.length;
        result.touch = Object.fromEntries(touchKinds.map(([k], i) => [k, +mean(touchT[i]).toFixed(4)]));
        result.touchSink = touchSink;
        director.off(h.cc.Director.EVENT_AFTER_UPDATE, touch);
    }
    if (G.WORLD_FIRST === true) {
        const mean = (a: number[]) => a.reduce((x, y) => x + y, 0) / a.length;
        result.worldFirst = { pixelMean: mean(wfPixel), builtinMean: mean(wfBuiltin) };
        director.off(h.cc.Director.EVENT_AFTER_UPDATE, worldFirst);
    }
    if (G.AB) {
        const mean = (a: number[]) => a.reduce((x, y) => x + y, 0) / a.length;
        const pick = (v: number) => tPixel.filter((_, i) => abOf[i] === v);
        // Blocks 2i and 2i + 1 of the Thue-Morse order always differ: each such pair gives one
        // ratio (the 1-block's mean over the 0-block's), next to each other in time, so slow
        // drifts cancel; the median of these ratios shrugs off a block hit by a pause.
        const ratios: number[] = [];
        for (let b = 0; 10 * b + 10 <= tPixel.length; b++) {
            const x = mean(tPixel.slice(10 * b, 10 * b + 5)), y = mean(tPixel.slice(10 * b + 5, 10 * b + 10));
            const first = abOf[10 * b];
            if (x > 0 && y > 0) ratios.push(first === 1 ? x / y : y / x);
        }
        ratios.sort((a, b) => a - b);
        const q = (f: number) => ratios[Math.min(ratios.length - 1, Math.floor(f * ratios.length))];
        result.ab = {
            mean0: mean(pick(0)), mean1: mean(pick(1)), median0: median(pick(0)), median1: median(pick(1)),
            pairedRatio: q(0.5), pairedQ1: q(0.25), pairedQ3: q(0.75), pairs: ratios.length,
        };
        if (PROFILE) {
            result.abProfile = {} as Record<string, number[]>;
            for (const k in prof) result.abProfile[k] = [mean(prof[k].filter((_, i) => abOf[i] === 0)), mean(prof[k].filter((_, i) => abOf[i] === 1))];
        }
    }
    if (precise) {
        // Probe: does usedJSHeapSize see an allocation made inside a call? (1,000 small objects)
        const m0 = used();
        const keep: object[] = [];
        for (let i = 0; i < 1000; i++) keep.push({ i });
        result.memProbeBytes = used() - m0 - memBase;
        result.memBase = memBase;
        result.allocPixel = { medianBytes: median(aPixel), meanBytes: aPixel.reduce((a, b) => a + b, 0) / Math.max(1, aPixel.length), framesCounted: aPixel.length, framesWithGc: gcPixel };
        result.allocBuiltin = builtin ? { medianBytes: median(aBuiltin), meanBytes: aBuiltin.reduce((a, b) => a + b, 0) / Math.max(1, aBuiltin.length), framesCounted: aBuiltin.length, framesWithGc: gcBuiltin } : null;
    }
    if (PROFILE) {
        result.profile = {} as Record<string, number>;
        // Means, not medians: performance.now() ticks in 0.1 ms steps here, finer than most sections.
        const mean = (a: number[]) => a.reduce((x, y) => x + y, 0) / a.length;
        for (const k in prof) result.profile[k] = mean(prof[k]);
        result.profile['listeners (reading details)'] = mean(detail);
        result.profile['whole postUpdate (mean)'] = mean(tPixel);
        if (precise) { result.profileBytesPerFrame = {} as Record<string, number>; for (const k in profMem) result.profileBytesPerFrame[k] = Math.round(profMem[k] / FRAMES); }
    }

    // Destroy every node, one side at a time: destroy() on each, then the frames that purge them.
    const destroySide = async (s: Side) => {
        const t0 = performance.now();
        for (const n of s.nodes) n.destroy();
        await h.frames(2);
        return performance.now() - t0;
    };
    director.off(cc_EVENT_BEFORE_UPDATE(h), move);
    const e0 = performance.now();
    await h.frames(2);
    const idle2 = performance.now() - e0; // two frames with nothing destroyed, for reference
    result.destroyPixelMs = await destroySide(pixel) - idle2;
    // The builtin's destroy takes seconds to minutes: measured only when asked (DESTROY_BUILTIN).
    result.destroyBuiltinMs = builtin && G.DESTROY_BUILTIN !== false ? await destroySide(builtin) - idle2 : null;
    result.pixelLeft = sys.colliders.length;
    console.log(`RESULT ${JSON.stringify(result)}`);
    done(result.pixelLeft === 0 && Number.isFinite(result.pixelMs), `${SCENE} N=${N} rotate=${ROTATE} read=${READ}: pixel ${result.pixelMs.toFixed(2)} ms, builtin ${builtin ? result.builtinMs.toFixed(2) : '-'} ms`);
}

/**
 * MAPCHECK=true (a diagnostic; needs Chromium's --js-flags=--allow-natives-syntax): how many
 * hidden classes the measured side's objects have, and whether they are in fast mode.
 */
function mapCheck(nodes: Node[]): void {
    let same: (a: unknown, b: unknown) => boolean, fast: (a: unknown) => boolean;
    try {
        same = new Function('a', 'b', 'return %HaveSameMap(a, b)') as any;
        fast = new Function('a', 'return %HasFastProperties(a)') as any;
    } catch { console.log('[bench] MAPCHECK needs --allow-natives-syntax'); return; }
    const kinds: Record<string, (n: Node) => unknown> = {
        node: (n) => n, mat: (n: any) => n._mat, lpos: (n: any) => n._lpos, lrot: (n: any) => n._lrot,
        ui: (n) => n.getComponent(UITransform), sprite: (n) => n.getComponent(Sprite),
        collider: (n) => n.getComponent(PixelCollider), state: (n: any) => n.getComponent(PixelCollider)._state,
        core: (n: any) => n.getComponent(PixelCollider)._core, coreT: (n: any) => n.getComponent(PixelCollider)._core._t,
        coreBox: (n: any) => n.getComponent(PixelCollider)._core._box,
    };
    const out: string[] = [];
    for (const k in kinds) {
        const reps: unknown[] = [];
        let slow = 0;
        for (const n of nodes) {
            const o = kinds[k](n);
            if (o === undefined || o === null) continue; // (a field this version of the code has not)
            if (!fast(o)) slow++;
            if (!reps.some((r) => same(r, o))) reps.push(o);
        }
        out.push(`${k}: ${reps.length} map(s), ${slow} slow`);
    }
    console.log(`[bench] MAPCHECK ${out.join('; ')}`);
}

function cc_EVENT_BEFORE_UPDATE(h: any): string {
    return h.cc.Director.EVENT_BEFORE_UPDATE;
}
