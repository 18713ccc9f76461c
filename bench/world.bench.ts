/**
 * The collision world, end to end, against the broad-phase scene of broadphase.bench.ts:
 * per frame every box collider gets its new position (`setPosition`), then `step()` runs the
 * broad phase, the filter, the exact narrow phase (sampling definition) and the pair cache,
 * and reports enter/stay/end to a listener. Compared side by side with the bare sort-and-sweep
 * floor (pairs of AABBs only) and detect-collisions (`checkAll`, which also runs its SAT narrow
 * phase).
 *
 * Then a mixed scene: 1,000 rotating 48x48 sprite masks (exact pixel tests), reporting the
 * narrow phase's share of the frame.
 *
 * Run: `npx tsx bench/run.ts world`.
 */
import { affine, affineFromTRS, CollisionWorld, CpuNarrowPhase } from '../extensions/pixel-collision/assets/core';
import type { Collider, NarrowPhase } from '../extensions/pixel-collision/assets/core';
import { blob, rng } from '../test/fixtures/masks';
import { Cursor, bestPadding, detectCollisions, floorSorted, makeScene } from './broadphase.bench';
import type { Candidate, Scene } from './broadphase.bench';
import { fmtMs, fmtRatio, median, timeSideBySide, writeSection } from './harness';

const SIZES = [1000, 5000, 10000];

function worldCandidate(s: Scene): Candidate & { touching: () => number } {
    const world = new CollisionWorld();
    const { n, w, h, xs, ys } = s;
    const cs: Collider[] = [];
    for (let i = 0; i < n; i++) {
        cs.push(world.add({ shape: { kind: 'box', width: w[i], height: h[i], anchorX: 0, anchorY: 0 }, transform: affine(1, 0, 0, 1, xs[i], ys[i]) }));
    }
    let touching = 0;
    world.addListener({ onEnter: () => { touching++; }, onStay: () => { touching++; } });
    const cur = new Cursor();
    return {
        frame(): number {
            const o = cur.next() * n;
            for (let i = 0; i < n; i++) world.setPosition(cs[i], xs[o + i], ys[o + i]);
            touching = 0;
            world.step();
            return touching;
        },
        pairs(): Float64Array {
            return new Float64Array(0);
        },
        touching: () => touching,
    };
}

/** Wraps a narrow phase and times it. */
class TimedNarrowPhase implements NarrowPhase {
    readonly name = 'timed';
    ms = 0;
    pairs = 0;
    constructor(private readonly inner: NarrowPhase) {}
    run(...args: Parameters<NarrowPhase['run']>): number {
        const t0 = performance.now();
        const r = this.inner.run(...args);
        this.ms += performance.now() - t0;
        this.pairs += args[2];
        return r;
    }
    testPair(...args: Parameters<NarrowPhase['testPair']>): boolean {
        return this.inner.testPair(...args);
    }
}

/** Adding / removing one collider, and tearing a whole scene down, at 10,000 colliders. */
function churn(): string[] {
    const scene = makeScene(10000, 0xb0a7 + 10000);
    const { n, w, h, xs, ys } = scene;
    const world = new CollisionWorld();
    const cs: Collider[] = [];
    for (let i = 0; i < n; i++) cs.push(world.add({ shape: { kind: 'box', width: w[i], height: h[i], anchorX: 0, anchorY: 0 }, transform: affine(1, 0, 0, 1, xs[i], ys[i]) }));
    world.step();
    const t = affine(1, 0, 0, 1, 100, 100);
    const addRemove: number[] = [];
    for (let r = 0; r < 15; r++) {
        const t0 = performance.now();
        for (let i = 0; i < 100; i++) world.remove(world.add({ shape: { kind: 'box', width: 16, height: 16 }, transform: t }));
        addRemove.push((performance.now() - t0) / 100);
    }
    const teardown: number[] = [];
    const removeAll: number[] = [];
    for (let r = 0; r < 5; r++) {
        const wd = new CollisionWorld();
        const list: Collider[] = [];
        for (let i = 0; i < n; i++) list.push(wd.add({ shape: { kind: 'box', width: w[i], height: h[i] }, transform: affine(1, 0, 0, 1, xs[i], ys[i]) }));
        wd.step();
        let t0 = performance.now();
        wd.clear();
        teardown.push(performance.now() - t0);
        for (const c of list) wd.add(c);
        wd.step();
        t0 = performance.now();
        for (const c of list) wd.remove(c);
        wd.step(); // the step that reports the ends
        removeAll.push(performance.now() - t0);
    }
    return [
        '',
        '| at 10,000 colliders | median |',
        '| --- | ---: |',
        `| add + remove one box collider (world.add / world.remove) | ${(median(addRemove) * 1000).toFixed(1)} µs |`,
        `| tear the scene down: world.clear() | ${fmtMs(median(teardown))} ms |`,
        `| remove all 10,000 one by one, then the step that reports their ends | ${fmtMs(median(removeAll))} ms |`,
    ];
}

function mixedScene(): string[] {
    const r = rng(77);
    const timed = new TimedNarrowPhase(new CpuNarrowPhase());
    const world = new CollisionWorld({ narrowPhase: timed });
    const sprites = [blob(48, 48, rng(1)), blob(48, 48, rng(2)), blob(48, 48, rng(3))];
    const N = 1000;
    // World sized like the box scene's: about 1 in 10 sprites touches another.
    const size = 2600;
    const cs: Collider[] = [];
    const px = new Float64Array(N), py = new Float64Array(N), vx = new Float64Array(N), vy = new Float64Array(N), spin = new Float64Array(N);
    for (let i = 0; i < N; i++) {
        px[i] = r() * size; py[i] = r() * size;
        vx[i] = (r() - 0.5) * 4; vy[i] = (r() - 0.5) * 4; spin[i] = (r() - 0.5) * 0.1;
        cs.push(world.add({ shape: { kind: 'mask', mask: sprites[i % 3] }, transform: affine(1, 0, 0, -1, px[i], py[i]) }));
    }
    let touching = 0;
    world.addListener({ onEnter: () => { touching++; }, onStay: () => { touching++; } });
    const t = affine(1, 0, 0, 1, 0, 0);
    const anchor = affine(1, 0, 0, -1, -24, 24);
    const frameTimes: number[] = [];
    const narrowTimes: number[] = [];
    const pairCounts: number[] = [];
    const touchCounts: number[] = [];
    for (let f = 0; f < 160; f++) {
        const t0 = performance.now();
        timed.ms = 0;
        timed.pairs = 0;
        for (let i = 0; i < N; i++) {
            px[i] += vx[i]; py[i] += vy[i];
            if (px[i] < 0 || px[i] > size) vx[i] = -vx[i];
            if (py[i] < 0 || py[i] > size) vy[i] = -vy[i];
            affineFromTRS(t, px[i], py[i], f * spin[i], 1, 1);
            const m = t;
            // world = TRS * anchor (image space -> centred, y-up node space)
            const a = m.a * anchor.a + m.c * anchor.b, b = m.b * anchor.a + m.d * anchor.b;
            const c = m.a * anchor.c + m.c * anchor.d, d = m.b * anchor.c + m.d * anchor.d;
            const tx = m.a * anchor.tx + m.c * anchor.ty + m.tx, ty = m.b * anchor.tx + m.d * anchor.ty + m.ty;
            m.a = a; m.b = b; m.c = c; m.d = d; m.tx = tx; m.ty = ty;
            world.setTransform(cs[i], m);
        }
        touching = 0;
        world.step();
        const ms = performance.now() - t0;
        if (f >= 20) {
            frameTimes.push(ms);
            narrowTimes.push(timed.ms);
            pairCounts.push(timed.pairs);
            touchCounts.push(touching);
        }
    }
    const fm = median(frameTimes), nm = median(narrowTimes);
    return [
        '',
        '### Mixed scene: 1,000 rotating 48x48 sprite masks',
        '',
        `Every sprite moves and rotates every frame (so every raster is rebuilt every frame), in a ${size} x ${size} world. Medians over 140 frames.`,
        '',
        '| frame (update transforms + step) | narrow phase | narrow share | candidate pairs / frame | touching pairs / frame |',
        '| ---: | ---: | ---: | ---: | ---: |',
        `| ${fmtMs(fm)} ms | ${fmtMs(nm)} ms | ${(100 * nm / fm).toFixed(0)} % | ${median(pairCounts)} | ${median(touchCounts)} |`,
        '',
        'The narrow phase includes rasterizing each rotated sprite that is in a candidate pair (once per frame per sprite, cached across its pairs); sprites in no candidate pair are never rasterized.',
    ];
}

export function run(): void {
    const lines: string[] = [];
    lines.push('Per frame: `setPosition` on every box collider, then `step()` (broad phase, filter, exact narrow phase, enter/stay/end events). Same scenes as the broad-phase table; medians of ms/frame, side by side.');
    lines.push('');
    lines.push('| N | world.step | bare sort-and-sweep floor | detect-collisions checkAll | world ÷ floor | dc ÷ world | AABB pairs / frame | touching pairs / frame |');
    lines.push('| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
    for (const n of SIZES) {
        const scene = makeScene(n, 0xb0a7 + n);
        const pad = bestPadding(scene);
        const world = worldCandidate(scene);
        const floor = floorSorted(scene);
        const dc = detectCollisions(scene, pad.padding, 'checkAll');
        // Two side-by-side runs: detect-collisions allocates every frame, and its garbage
        // collections would land in the typed-array candidates' samples if all three alternated.
        const t = timeSideBySide({ world: () => world.frame(), floor: () => floor.frame() }, { samples: 31, warmup: 5 });
        const u = timeSideBySide({ world: () => world.frame(), dc: () => dc.frame() }, { samples: 21, warmup: 3 });
        const aabbPairs = floor.frame();
        const touching = world.frame();
        lines.push(`| ${n.toLocaleString('en-US')} | ${fmtMs(t.world)} | ${fmtMs(t.floor)} | ${fmtMs(u.dc)} | ${fmtRatio(t.world / t.floor)} | ${fmtRatio(u.dc / t.world)} (${fmtRatio(u.dc / u.world)}) | ${aabbPairs} | ${touching} |`);
        console.log(`N=${n}`, t, u);
    }
    lines.push('');
    lines.push('world and floor are timed side by side (interleaved). detect-collisions is timed in a second side-by-side run with the world alone: it allocates every frame, and its garbage collections then land in the world\'s samples too, so "dc ÷ world" divides its median by the world\'s median from the first run; the ratio within the second run (world slowed by dc\'s collections) is in parentheses.');
    lines.push('');
    lines.push('"touching pairs" are the pairs sharing at least one sample (the sampling definition); boxes whose AABBs overlap by less than the sample spacing share none, so they can be fewer than the AABB pairs. Targets: world within 2x of the floor at 5,000 and 10,000, and detect-collisions at least 10x slower at 10,000.');
    lines.push(...churn());
    lines.push(...mixedScene());
    writeSection({ title: 'Collision world', lines });
}
