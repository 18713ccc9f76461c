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
// Prints one line `RESULT {json}` for the runner.
import {
    Canvas, Contact2DType, director, ERigidBody2DType, ImageAsset, Layers, Node, PhysicsSystem2D, PolygonCollider2D,
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
const SIZE = 48;

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

/** The blob's radius (texels) at angle `ang` (y down): a disc with a wobbly edge. */
const AMPS = [0.06, 0.05, 0.03], PHASES = [0.4, 2.1, 4.0];
function blobRadius(ang: number): number {
    const r = 0.86 + AMPS[0] * Math.sin(2 * ang + PHASES[0]) + AMPS[1] * Math.sin(3 * ang + PHASES[1]) + AMPS[2] * Math.sin(5 * ang + PHASES[2]);
    return r * SIZE / 2;
}

function blobFrame(): SpriteFrame {
    const px = new Uint8Array(SIZE * SIZE * 4);
    for (let j = 0; j < SIZE; j++) for (let i = 0; i < SIZE; i++) {
        const dx = i + 0.5 - SIZE / 2, dy = j + 0.5 - SIZE / 2;
        const inside = Math.hypot(dx, dy) < blobRadius(Math.atan2(dy, dx));
        const p = 4 * (j * SIZE + i);
        px[p] = 220; px[p + 1] = 140; px[p + 2] = 60; px[p + 3] = inside ? 255 : 0;
    }
    const tex = new Texture2D();
    tex.image = new ImageAsset({ _data: px, _compressed: false, width: SIZE, height: SIZE, format: Texture2D.PixelFormat.RGBA8888 } as any);
    tex.setFilters(Texture2D.Filter.NEAREST, Texture2D.Filter.NEAREST);
    const sf = new SpriteFrame();
    sf.packable = false;
    sf.texture = tex;
    return sf;
}

/** A 14-gon around the blob (node space, y up): each vertex outside the blob's edge. */
function polygon(): Vec2[] {
    const pts: Vec2[] = [];
    const k = 14;
    for (let i = 0; i < k; i++) {
        const ang = (i / k) * Math.PI * 2;
        let r = 0;
        for (let s = -8; s <= 8; s++) r = Math.max(r, blobRadius(ang + (s / 8) * (Math.PI / k)));
        r = (r + 0.5) / Math.cos(Math.PI / k);
        // blobRadius takes the texture's angle (y down): mirror y for node space.
        pts.push(new Vec2(r * Math.cos(ang), -r * Math.sin(ang)));
    }
    return pts;
}

interface Side { root: Node; nodes: Node[] }

const median = (a: number[]) => { const s = [...a].sort((x, y) => x - y); return s.length ? (s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2) : NaN; };

export default async function main(h: any) {
    const scene = director.getScene()!;
    // No camera: nothing is drawn (SwiftShader would spend the frame drawing 2 N sprites); the UI
    // components still run as in a game.
    const canvasNode = new Node('Canvas');
    canvasNode.layer = Layers.Enum.UI_2D;
    canvasNode.addComponent(UITransform).setContentSize(h.width, h.height);
    canvasNode.addComponent(Canvas);
    scene.addChild(canvasNode);

    const frame = blobFrame();
    const poly = polygon();
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
    const bEnd = () => { stats.bEnd++; };

    function makeSide(kind: 'pixel' | 'builtin'): Side {
        const root = new Node(kind);
        root.layer = Layers.Enum.UI_2D;
        root.addComponent(UITransform);
        root.setPosition(-side / 2, -side / 2, 0);
        canvasNode.addChild(root);
        const nodes: Node[] = [];
        for (let i = 0; i < N; i++) {
            const node = new Node(`${kind}${i}`);
            node.layer = Layers.Enum.UI_2D;
            node.addComponent(UITransform);
            const sp = node.addComponent(Sprite);
            sp.sizeMode = Sprite.SizeMode.CUSTOM;
            sp.spriteFrame = frame;
            node.getComponent(UITransform)!.setContentSize(SIZE, SIZE);
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
            } else {
                const body = node.addComponent(RigidBody2D);
                body.type = ERigidBody2DType.Kinematic;
                body.enabledContactListener = true;
                const col = node.addComponent(PolygonCollider2D);
                col.points = poly;
                col.apply();
                col.on(Contact2DType.BEGIN_CONTACT, bBegin);
                col.on(Contact2DType.END_CONTACT, bEnd);
            }
            nodes.push(node);
        }
        return { root, nodes };
    }

    const phys = PhysicsSystem2D.instance;
    phys.maxSubSteps = 1;
    phys.fixedTimeStep = 1 / 1000; // with maxSubSteps 1: exactly one step per frame
    const sys = CollisionSystem.instance;

    const pixel = makeSide('pixel');
    const builtin = BUILTIN ? makeSide('builtin') : null;

    // Motion: before every frame's update, both sides move the same way.
    let moving = true;
    const move = () => {
        if (!moving) return;
        const lo = SIZE / 2, hi = side - SIZE / 2;
        for (let i = 0; i < N; i++) {
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
    }
    recording = false;
    console.log('[bench] recorded');
    moving = false;
    if (G.PROFILER) while (!G.__profilerDone) await new Promise((r) => setTimeout(r, 50));
    const per = (k: keyof typeof stats) => (stats[k] - s0[k]) / FRAMES;

    const result: any = {
        N, ROTATE, READ, FRAMES, side: Math.round(side),
        pixelMs: median(tPixel), builtinMs: builtin ? median(tBuiltin) : null,
        pixelMean: tPixel.reduce((a, b) => a + b, 0) / tPixel.length,
        builtinMean: builtin ? tBuiltin.reduce((a, b) => a + b, 0) / tBuiltin.length : null,
        perFrame: { enter: per('enter'), stay: per('stay'), end: per('end'), builtinBegin: per('bEnter'), builtinEnd: per('bEnd') },
        contacts: sys.colliders.reduce((a, c) => a + c.contactCount, 0) / 2,
        checksum: stats.sumCount,
    };
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
    done(result.pixelLeft === 0 && Number.isFinite(result.pixelMs), `N=${N} rotate=${ROTATE} read=${READ}: pixel ${result.pixelMs.toFixed(2)} ms, builtin ${builtin ? result.builtinMs.toFixed(2) : '-'} ms`);
}

function cc_EVENT_BEFORE_UPDATE(h: any): string {
    return h.cc.Director.EVENT_BEFORE_UPDATE;
}
