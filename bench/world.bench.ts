/**
 * The collision world, end to end, against the broad-phase scene of broadphase.bench.ts:
 * per frame every box collider gets its new position (`setPosition`), then `step()` runs the
 * broad phase, the filter, the exact narrow phase (sampling definition) and the pair cache,
 * and reports enter/stay/end to a listener. Compared side by side (one interleaved run, garbage
 * collected before each candidate's sample) with the bare sort-and-sweep floor (pairs of AABBs
 * only) and detect-collisions (`checkAll`, which also runs its SAT narrow phase). Before timing,
 * the world's touching pairs are checked on several frames against the floor's AABB pairs cut to
 * those whose boxes share a sample (the sampling definition for closed boxes).
 *
 * Then issue 10's rotating-sprites scene: N moving 48x48 blob sprite masks, each at its own
 * rotation that changes every frame, in a square box of side sqrt(5 N) x 48. Checked before
 * timing against the brute-force reference of the tests (test/core/reference.ts): every touching
 * pair, and every count, on several frames.
 *
 * Run: `npm run bench -- world` (old against new: `npm run bench -- world --against=HEAD`).
 */
import { affine, affineFromTRS, CollisionWorld, Contact, CpuNarrowPhase } from '../extensions/pixel-collision/assets/core';
import type { Affine2D, BitMask, Collider, NarrowPhase } from '../extensions/pixel-collision/assets/core';
import { blob, rng } from '../test/fixtures/masks';
import { refTest } from '../test/core/reference';
import { Cursor, bestPadding, detectCollisions, floorSorted, makeScene } from './broadphase.bench';
import type { Candidate, Scene } from './broadphase.bench';
import { fmtMs, fmtRatio, median, report, timeSideBySide, writeSection } from './harness';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const SIZES = [1000, 5000, 10000];

function worldCandidate(s: Scene): Candidate & { touching: () => number; keys: () => number[] } {
    const world = new CollisionWorld();
    const { n, w, h, xs, ys } = s;
    const cs: Collider[] = [];
    for (let i = 0; i < n; i++) {
        cs.push(world.add({ shape: { kind: 'box', width: w[i], height: h[i], anchorX: 0, anchorY: 0 }, transform: affine(1, 0, 0, 1, xs[i], ys[i]) }));
    }
    let touching = 0;
    let collect: number[] | null = null;
    world.addListener({
        onEnter: (a, b) => { touching++; if (collect) collect.push(a.id * n + b.id); },
        onStay: (a, b) => { touching++; if (collect) collect.push(a.id * n + b.id); },
    });
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
        /** Plays one frame and returns its touching pairs (a * n + b, sorted). */
        keys(): number[] {
            collect = [];
            this.frame();
            const k = collect;
            collect = null;
            return k.sort((x, y) => x - y);
        },
    };
}

/**
 * The world's answer for the box scene, from the floor's AABB pairs: closed boxes share a sample
 * (cell centre (k + 0.5, l + 0.5)) iff their overlap contains one along each axis.
 */
function shareSample(s: Scene, f: number, a: number, b: number): boolean {
    const o = f * s.n;
    const x0 = Math.max(s.xs[o + a], s.xs[o + b]), x1 = Math.min(s.xs[o + a] + s.w[a], s.xs[o + b] + s.w[b]);
    const y0 = Math.max(s.ys[o + a], s.ys[o + b]), y1 = Math.min(s.ys[o + a] + s.h[a], s.ys[o + b] + s.h[b]);
    return Math.ceil(x0 - 0.5) <= Math.floor(x1 - 0.5) && Math.ceil(y0 - 0.5) <= Math.floor(y1 - 0.5);
}

/** Plays `frames` frames of fresh candidates and compares the touching pairs; returns a note. */
function checkBoxes(s: Scene, frames: number): string {
    const world = worldCandidate(s);
    const floor = floorSorted(s);
    const cur = new Cursor();
    let pairs = 0;
    for (let i = 0; i < frames; i++) {
        const f = cur.next();
        floor.frame();
        const want = Array.from(floor.pairs()).filter((k) => shareSample(s, f, Math.floor(k / s.n), k % s.n)).sort((x, y) => x - y);
        const got = world.keys();
        if (got.length !== want.length || got.some((k, j) => k !== want[j])) {
            throw new Error(`world bench, N = ${s.n}, frame ${f}: the world reports ${got.length} touching pairs, the floor's AABB pairs sharing a sample are ${want.length}`);
        }
        pairs += got.length;
    }
    return `N = ${s.n}: the world's touching pairs equal the floor's AABB pairs that share a sample on ${frames} frames (${pairs} pairs in all).`;
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

/** Issue 10's scene: N moving, rotating 48x48 blob sprites in a box of side sqrt(5 N) x 48. */
class SpriteScene {
    readonly world: CollisionWorld;
    readonly cs: Collider[] = [];
    readonly masks: BitMask[] = [blob(48, 48, rng(1)), blob(48, 48, rng(2)), blob(48, 48, rng(3))];
    readonly side: number;
    private readonly px: Float64Array;
    private readonly py: Float64Array;
    private readonly vx: Float64Array;
    private readonly vy: Float64Array;
    private readonly ang: Float64Array;
    private readonly spin: Float64Array;
    private readonly t: Affine2D = affine(1, 0, 0, 1, 0, 0);
    touching = 0;
    /** Sum of every field the listener read (keeps the reads alive). */
    sink = 0;
    /** When set, the listener records `[a.id, b.id, count]` of every touching pair. */
    log: number[][] | null = null;

    /** `read`: what the listener reads of each contact ('hit': nothing; 'all': every field, as the Cocos runtime copies them). */
    constructor(readonly n: number, readonly read: 'hit' | 'all', narrowPhase?: NarrowPhase) {
        const r = rng(0x5eed + n);
        this.side = Math.sqrt(5 * n) * 48;
        this.world = new CollisionWorld({ narrowPhase });
        this.px = new Float64Array(n); this.py = new Float64Array(n); this.vx = new Float64Array(n); this.vy = new Float64Array(n);
        this.ang = new Float64Array(n); this.spin = new Float64Array(n);
        for (let i = 0; i < n; i++) {
            this.px[i] = r() * this.side; this.py[i] = r() * this.side;
            this.vx[i] = (r() - 0.5) * 4; this.vy[i] = (r() - 0.5) * 4;
            this.ang[i] = r() * 2 * Math.PI; this.spin[i] = (r() - 0.5) * 0.1;
            this.cs.push(this.world.add({ shape: { kind: 'mask', mask: this.masks[i % 3] }, transform: this.transformOf(i) }));
        }
        const all = read === 'all';
        const on = (a: Collider, b: Collider, c: Contact): void => {
            this.touching++;
            if (all) {
                this.sink += c.count + c.minX + c.minY + c.maxX + c.maxY + c.centroidX + c.centroidY + c.normalX + c.normalY
                    + c.separationX + c.separationY + (c.hasSeparation ? 1 : 0) + c.accuracy + c.frame;
            }
            if (this.log) this.log.push([a.id, b.id, c.count]);
        };
        this.world.addListener({ onEnter: on, onStay: on });
    }

    /** Image space (y down) -> world: rotate about the sprite's centre, y up. */
    transformOf(i: number): Affine2D {
        const t = affineFromTRS(this.t, this.px[i], this.py[i], this.ang[i], 1, 1);
        // t * (1, 0, 0, -1, -24, 24)
        const a = t.a, b = t.b, c = -t.c, d = -t.d;
        t.tx += -24 * t.a + 24 * t.c; t.ty += -24 * t.b + 24 * t.d;
        t.a = a; t.b = b; t.c = c; t.d = d;
        return t;
    }

    /** Moves and turns every sprite (setTransform), not timed. */
    move(): void {
        const { px, py, vx, vy, side } = this;
        for (let i = 0; i < this.n; i++) {
            let x = px[i] + vx[i], y = py[i] + vy[i];
            if (x < 0 || x > side) { vx[i] = -vx[i]; x = px[i] + vx[i]; }
            if (y < 0 || y > side) { vy[i] = -vy[i]; y = py[i] + vy[i]; }
            px[i] = x; py[i] = y;
            this.ang[i] += this.spin[i];
            this.world.setTransform(this.cs[i], this.transformOf(i));
        }
    }

    /** The step alone (what the "per frame" counts). */
    step(): number {
        this.touching = 0;
        this.world.step();
        return this.touching;
    }
}

/**
 * The scene's touching pairs and counts on `frames` frames against the brute-force reference
 * (every pair whose boxes overlap, every cell of their boxes, exact membership). Throws on any
 * difference; returns a note.
 */
function checkSprites(n: number, frames: number): string {
    const s = new SpriteScene(n, 'hit');
    const box = { minX: 0, minY: 0, maxX: 0, maxY: 0 };
    let pairs = 0;
    for (let f = 0; f < frames; f++) {
        s.move();
        s.log = [];
        s.step();
        const got = s.log.map((e) => e.join(',')).sort();
        s.log = null;
        const bx: number[][] = s.cs.map((c) => { c.getBounds(box); return [box.minX, box.minY, box.maxX, box.maxY]; });
        const want: string[] = [];
        for (let i = 0; i < n; i++) {
            for (let j = i + 1; j < n; j++) {
                const p = bx[i], q = bx[j];
                if (p[0] > q[2] || q[0] > p[2] || p[1] > q[3] || q[1] > p[3]) continue;
                const ci = s.cs[i], cj = s.cs[j];
                const r = refTest(s.masks[i % 3], ci.transform as Affine2D, s.masks[j % 3], cj.transform as Affine2D, 1);
                if (r.hit) want.push([ci.id, cj.id, r.count].join(','));
            }
        }
        want.sort();
        if (got.length !== want.length || got.some((k, i) => k !== want[i])) {
            const miss = want.filter((k) => !got.includes(k)).slice(0, 3), extra = got.filter((k) => !want.includes(k)).slice(0, 3);
            throw new Error(`rotating sprites, N = ${n}, frame ${f}: ${got.length} touching pairs, reference ${want.length}; missing ${miss.join(' ')}; wrong ${extra.join(' ')}`);
        }
        pairs += got.length;
    }
    return `N = ${n}: every touching pair and its count equal the brute-force reference on ${frames} frames (${pairs} pairs).`;
}

/** The rotating-sprites scene: `step()` per frame, a listener reading nothing vs one reading every field, side by side. */
function spriteScenes(): string[] {
    const lines = [
        '',
        '### Rotating sprites: N moving 48x48 blob sprites, each turning every frame (issue 10)',
        '',
        'Square box of side sqrt(5 N) x 48; every sprite moves and turns every frame (so no raster survives a frame). Per frame: `setTransform` on every collider (not timed), then `step()` (timed). Two worlds play the same scene frame by frame, alternately: one whose listener only counts the events (reads no contact field), one whose listener reads every contact field (as the Cocos runtime copies them today). Medians over 120 frames after 20 of warm-up.',
        '',
        '| N | step, listener reads nothing | step, listener reads every field | narrow phase share (reads nothing) | candidate pairs / frame | touching pairs / frame | step per touching pair (reads nothing) |',
        '| ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ];
    const notes: string[] = [];
    for (const n of [1000, 2000]) {
        notes.push(checkSprites(n, n === 1000 ? 2 : 1));
        const timed = new TimedNarrowPhase(new CpuNarrowPhase());
        const hit = new SpriteScene(n, 'hit', timed);
        const all = new SpriteScene(n, 'all');
        const tHit: number[] = [], tAll: number[] = [], narrow: number[] = [], cand: number[] = [], touch: number[] = [];
        for (let f = 0; f < 140; f++) {
            hit.move();
            all.move();
            timed.ms = 0; timed.pairs = 0;
            const first = f & 1 ? hit : all, second = f & 1 ? all : hit;
            const t0 = performance.now();
            first.step();
            const t1 = performance.now();
            second.step();
            const t2 = performance.now();
            if (hit.touching !== all.touching) throw new Error(`rotating sprites: the two worlds disagree at frame ${f} (${hit.touching} vs ${all.touching} touching pairs)`);
            if (f < 20) continue;
            tHit.push(first === hit ? t1 - t0 : t2 - t1);
            tAll.push(first === all ? t1 - t0 : t2 - t1);
            narrow.push(timed.ms); cand.push(timed.pairs); touch.push(hit.touching);
        }
        const h = median(tHit), a = median(tAll), tp = median(touch);
        report(`sprites ${n}: step, reads nothing (ms)`, h);
        report(`sprites ${n}: step, reads every field (ms)`, a);
        report(`sprites ${n}: touching pairs`, tp);
        lines.push(`| ${n.toLocaleString('en-US')} | ${fmtMs(h)} ms | ${fmtMs(a)} ms | ${(100 * median(narrow) / h).toFixed(0)} % | ${median(cand)} | ${tp} | ${(1000 * h / tp).toFixed(1)} µs |`);
        console.log(lines[lines.length - 1]);
    }
    lines.push('', ...notes.map((x) => `- ${x}`));
    return lines;
}

/** One side-by-side measurement of the box scene at one size. */
interface BoxRow { n: number; world: number; floor: number; dc: number; aabbPairs: number; touching: number; note: string }

/** The box scenes' side-by-side rows, measured in this process. */
function boxRows(): BoxRow[] {
    const out: BoxRow[] = [];
    for (const n of SIZES) {
        const scene = makeScene(n, 0xb0a7 + n);
        const note = checkBoxes(scene, 8);
        const pad = bestPadding(scene);
        const world = worldCandidate(scene);
        const floor = floorSorted(scene);
        const dc = detectCollisions(scene, pad.padding, 'checkAll');
        const t = timeSideBySide({ world: () => world.frame(), floor: () => floor.frame(), dc: () => dc.frame() }, { samples: 31, warmup: 5, gc: true });
        out.push({ n, world: t.world, floor: t.floor, dc: t.dc, aabbPairs: floor.frame(), touching: world.frame(), note });
        console.log(`N=${n}`, t);
    }
    return out;
}

/**
 * Processes the box rows are measured in (BENCH_PROCESSES, default 3): the targets hold
 * "in every one of 3 processes", and one process can land in a slow JIT state or a slow stretch
 * of a shared machine. The parent is one of them; the others run this bundle with BENCH_CHILD set.
 */
const PROCESSES = Math.max(1, Number(process.env.BENCH_PROCESSES ?? 3) | 0);

function boxRowsFromProcesses(n: number): BoxRow[][] {
    const dir = mkdtempSync(join(tmpdir(), 'pc-world-'));
    const all: BoxRow[][] = [];
    for (let i = 0; i < n; i++) {
        const file = join(dir, `rows-${i}.json`);
        console.log(`--- process ${i + 1} of ${n}`);
        execFileSync(process.execPath, [...process.execArgv, ...process.argv.slice(1)], { stdio: 'inherit', env: { ...process.env, BENCH_CHILD: file } });
        all.push(JSON.parse(readFileSync(file, 'utf8')) as BoxRow[]);
    }
    return all;
}

export function run(): void {
    const child = process.env.BENCH_CHILD;
    if (child) {
        writeFileSync(child, JSON.stringify(boxRows()));
        return;
    }
    const all = [...(PROCESSES > 1 ? boxRowsFromProcesses(PROCESSES - 1) : []), boxRows()];
    const lines: string[] = [];
    lines.push(`Per frame: \`setPosition\` on every box collider, then \`step()\` (broad phase, filter, exact narrow phase, enter/stay/end events). Same scenes as the broad-phase table; medians of ms/frame of a side-by-side run of the three candidates (interleaved; garbage collected before each sample, so detect-collisions pays for its own collections only), in each of ${all.length} process${all.length > 1 ? 'es; the table shows the medians over the processes, and each process\'s ratios in brackets' : ''}.`);
    lines.push('');
    lines.push('| N | world.step | bare sort-and-sweep floor | detect-collisions checkAll | world ÷ floor | dc ÷ world | AABB pairs / frame | touching pairs / frame |');
    lines.push('| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
    const per = (xs: number[]): string => (xs.length > 1 ? ` (${xs.map(fmtRatio).join(', ')})` : '');
    for (let i = 0; i < SIZES.length; i++) {
        const rs = all.map((r) => r[i]);
        const r = rs[rs.length - 1];
        const world = median(rs.map((x) => x.world)), floor = median(rs.map((x) => x.floor)), dc = median(rs.map((x) => x.dc));
        const wf = rs.map((x) => x.world / x.floor), dw = rs.map((x) => x.dc / x.world);
        report(`boxes ${r.n}: world.step (ms)`, world);
        report(`boxes ${r.n}: floor (ms)`, floor);
        report(`boxes ${r.n}: detect-collisions (ms)`, dc);
        report(`boxes ${r.n}: world ÷ floor`, median(wf));
        report(`boxes ${r.n}: dc ÷ world`, median(dw));
        lines.push(`| ${r.n.toLocaleString('en-US')} | ${fmtMs(world)} | ${fmtMs(floor)} | ${fmtMs(dc)} | ${fmtRatio(median(wf))}${per(wf)} | ${fmtRatio(median(dw))}${per(dw)} | ${r.aabbPairs} | ${r.touching} |`);
    }
    lines.push('');
    lines.push('"touching pairs" are the pairs sharing at least one sample (the sampling definition); boxes whose AABBs overlap by less than the sample spacing share none, so they can be fewer than the AABB pairs. Targets: world within 2x of the floor at 5,000 and 10,000, and detect-collisions at least 10x slower at 10,000, in every process.');
    lines.push('');
    lines.push(...all[all.length - 1].map((r) => `- ${r.note}`));
    lines.push(...churn());
    lines.push(...spriteScenes());
    writeSection({ title: 'Collision world', lines });
}
