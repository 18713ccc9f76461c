/**
 * The world page's simulation, without the DOM (the browser test runs the same code in Node):
 * `count` sprites with seeded shapes, poses and velocities moving (and turning) inside a box, in
 * one {@link CollisionWorld}. Each {@link WorldSim.step} moves every sprite, hands the world its
 * new transform and steps the world once; a listener keeps the touching pairs and counts events.
 *
 * Same seed and count, same narrow-phase answers: same sprites, same moves, same pairs, in any
 * JavaScript engine: the per-frame rotations use {@link sinCos} (only + and *, exactly rounded
 * everywhere) instead of Math.sin / Math.cos, whose last bit differs between engine versions.
 *
 * Coordinates: world y up, the box is [0, width] x [0, height]; a sprite's transform is the
 * playground's (space.ts): `translate * rotate * scale * [1, 0, 0, -1, -w/2, h/2]`.
 */
import {
    type Affine2D, affine, affineMultiply, BitMask, type Collider, CollisionWorld, type Contact,
    type NarrowPhase,
} from '../extensions/pixel-collision/assets/core';

/** One moving sprite. */
export interface Body {
    /** Index in `WorldSim.bodies` (also its collider's userData). */
    index: number;
    /** Index in `WorldSim.shapes`. */
    shape: number;
    x: number; y: number; rot: number; sx: number; sy: number;
    vx: number; vy: number; vr: number;
    collider: Collider<number>;
    /** Pairs it is in now. */
    touching: number;
}

/** A shape the sprites are cut from. */
export interface Shape {
    name: string;
    mask: BitMask;
}

/** One world event, as the page's log shows it. */
export interface WorldEvent {
    frame: number;
    kind: 'enter' | 'end';
    a: number;
    b: number;
}

export interface SimOptions {
    seed: number;
    count: number;
    /** The box the sprites bounce in, world units (default 1280 x 800). */
    width?: number;
    height?: number;
    narrowPhase?: NarrowPhase;
}

/** Seeded PRNG in [0, 1) (mulberry32). */
export function rng(seed: number): () => number {
    let a = seed >>> 0;
    return () => {
        a = (a + 0x6d2b79f5) >>> 0;
        let t = a;
        t = Math.imul(t ^ (t >>> 15), t | 1);
        t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
        return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
}

export class WorldSim {
    readonly width: number;
    readonly height: number;
    readonly seed: number;
    readonly shapes: Shape[];
    readonly bodies: Body[] = [];
    world: CollisionWorld<number>;
    /** Steps run. */
    frame = 0;
    /** Pairs touching now, as keys `a * 65536 + b` (a < b, body indexes). */
    readonly touching = new Set<number>();
    /** Events of the last step. */
    enters = 0;
    ends = 0;
    /** Events since the start. */
    totalEnters = 0;
    totalEnds = 0;
    /** Called for each enter / end event (the page keeps a short log). */
    onEvent: ((e: WorldEvent) => void) | null = null;

    private readonly _t: Affine2D = affine(1, 0, 0, 1, 0, 0);

    constructor(options: SimOptions) {
        this.seed = options.seed;
        this.width = options.width ?? 1280;
        this.height = options.height ?? 800;
        const r = rng(options.seed);
        this.shapes = makeShapes(r);
        this.world = this._newWorld(options.narrowPhase);
        for (let i = 0; i < options.count; i++) {
            const shape = Math.floor(r() * this.shapes.length);
            const s = 0.6 + r() * 0.6;
            const b: Body = {
                index: i, shape, x: r() * this.width, y: r() * this.height, rot: r() * Math.PI * 2,
                sx: s * (r() < 0.3 ? -1 : 1), sy: s,
                vx: (r() - 0.5) * 3, vy: (r() - 0.5) * 3, vr: (r() - 0.5) * 0.05,
                collider: null as unknown as Collider<number>, touching: 0,
            };
            b.collider = this.world.add({ shape: { kind: 'mask', mask: this.shapes[shape].mask }, transform: this.transformOf(b), userData: i });
            this.bodies.push(b);
        }
    }

    /** The body's mask-local -> world transform (a fresh object). */
    transformOf(b: Body, out: Affine2D = affine(1, 0, 0, 1, 0, 0)): Affine2D {
        const m = this.shapes[b.shape].mask;
        sinCos(b.rot, SC);
        out.a = SC.cos * b.sx; out.b = SC.sin * b.sx; out.c = -SC.sin * b.sy; out.d = SC.cos * b.sy;
        out.tx = b.x; out.ty = b.y;
        IMAGE_TO_NODE.tx = -m.width / 2;
        IMAGE_TO_NODE.ty = m.height / 2;
        return affineMultiply(out, out, IMAGE_TO_NODE);
    }

    /** Moves every sprite (bouncing off the box's sides) and steps the world. */
    move(): void {
        for (const b of this.bodies) {
            b.x += b.vx; b.y += b.vy; b.rot += b.vr;
            if ((b.x < 0 && b.vx < 0) || (b.x > this.width && b.vx > 0)) b.vx = -b.vx;
            if ((b.y < 0 && b.vy < 0) || (b.y > this.height && b.vy > 0)) b.vy = -b.vy;
            this.world.setTransform(b.collider, this.transformOf(b, this._t));
        }
    }

    /** One frame: move, then `world.step()`. */
    step(): void {
        this.move();
        this.stepWorld();
    }

    /** `world.step()` alone (the page times this part). */
    stepWorld(): void {
        this.enters = this.ends = 0;
        this.frame++;
        this.world.step();
    }

    /**
     * Hands the sprites to a new world using `narrowPhase` (the CPU one when omitted), at their
     * current poses. Pairs start again: the next step reports every touching pair as entering.
     */
    setNarrowPhase(narrowPhase?: NarrowPhase): void {
        this.world = this._newWorld(narrowPhase);
        this.touching.clear();
        for (const b of this.bodies) {
            b.touching = 0;
            b.collider = this.world.add({ shape: { kind: 'mask', mask: this.shapes[b.shape].mask }, transform: this.transformOf(b), userData: b.index });
        }
    }

    /** The touching pairs as [a, b] body indexes, a < b, sorted. */
    pairs(): Array<[number, number]> {
        return [...this.touching].sort((p, q) => p - q).map((k) => [Math.floor(k / 65536), k % 65536]);
    }

    private _newWorld(narrowPhase?: NarrowPhase): CollisionWorld<number> {
        const world = new CollisionWorld<number>({ narrowPhase });
        const key = (a: Collider<number>, b: Collider<number>): [number, number, number] => {
            const i = a.userData as number, j = b.userData as number;
            return i < j ? [i * 65536 + j, i, j] : [j * 65536 + i, j, i];
        };
        world.addListener({
            onEnter: (a: Collider<number>, b: Collider<number>, _c: Contact) => {
                const [k, i, j] = key(a, b);
                this.touching.add(k);
                this.bodies[i].touching++; this.bodies[j].touching++;
                this.enters++; this.totalEnters++;
                this.onEvent?.({ frame: this.frame, kind: 'enter', a: i, b: j });
            },
            onEnd: (a: Collider<number>, b: Collider<number>) => {
                const [k, i, j] = key(a, b);
                if (this.touching.delete(k)) { this.bodies[i].touching--; this.bodies[j].touching--; }
                this.ends++; this.totalEnds++;
                this.onEvent?.({ frame: this.frame, kind: 'end', a: i, b: j });
            },
        });
        return world;
    }
}

const IMAGE_TO_NODE: Affine2D = affine(1, 0, 0, -1, 0, 0);
const SC = { sin: 0, cos: 1 };

/**
 * sin and cos of `x` (radians) to about 1e-14, from + and * alone: a quarter-turn reduction and
 * Taylor series to the 15th / 16th power on [-π/4, π/4]. Every engine rounds these operations
 * the same way, so Node and a browser get the same bits (Math.sin need not).
 */
export function sinCos(x: number, out: { sin: number; cos: number }): { sin: number; cos: number } {
    const k = Math.round(x / (Math.PI / 2));
    const r = x - k * (Math.PI / 2);
    const r2 = r * r;
    const s = r + r * r2 * (-1 / 6 + r2 * (1 / 120 + r2 * (-1 / 5040 + r2 * (1 / 362880 + r2 * (-1 / 39916800
        + r2 * (1 / 6227020800 + r2 * (-1 / 1307674368000)))))));
    const c = 1 + r2 * (-1 / 2 + r2 * (1 / 24 + r2 * (-1 / 720 + r2 * (1 / 40320 + r2 * (-1 / 3628800
        + r2 * (1 / 479001600 + r2 * (-1 / 87178291200 + r2 * (1 / 20922789888000))))))));
    switch (((k % 4) + 4) % 4) {
        case 0: out.sin = s; out.cos = c; break;
        case 1: out.sin = c; out.cos = -s; break;
        case 2: out.sin = -s; out.cos = -c; break;
        default: out.sin = -c; out.cos = s; break;
    }
    return out;
}

/** Mask of `w x h` texels, opaque where `inside(x, y)` at the texel centre (x right, y down). */
function maskOf(w: number, h: number, inside: (x: number, y: number) => boolean): BitMask {
    const m = new BitMask(w, h);
    for (let j = 0; j < h; j++) {
        for (let i = 0; i < w; i++) {
            if (inside(i + 0.5, j + 0.5)) m.bits[j * m.stride + (i >>> 5)] |= 1 << (i & 31);
        }
    }
    m.changed();
    return m;
}

/** The shapes: irregular blobs, rings with a gap, stars and crescents, sizes from the seed. */
function makeShapes(r: () => number): Shape[] {
    const shapes: Shape[] = [];
    for (let k = 0; k < 8; k++) {
        const w = 14 + Math.floor(r() * 22), h = 14 + Math.floor(r() * 22);
        const cx = w / 2, cy = h / 2;
        const polar = (x: number, y: number): [number, number] => {
            const dx = (x - cx) / (w / 2), dy = (y - cy) / (h / 2);
            return [Math.hypot(dx, dy), Math.atan2(dy, dx)];
        };
        const p = r() * 6.28, amp = 0.1 + 0.1 * r();
        switch (k % 4) {
            case 0: shapes.push({ name: 'blob', mask: maskOf(w, h, (x, y) => { const [d, a] = polar(x, y); return d < 0.85 + amp * Math.sin(3 * a + p); }) }); break;
            case 1: shapes.push({ name: 'ring', mask: maskOf(w, h, (x, y) => { const [d, a] = polar(x, y); return d < 0.95 && d > 0.55 && Math.cos(a - p) < 0.8; }) }); break;
            case 2: shapes.push({ name: 'star', mask: maskOf(w, h, (x, y) => { const [d, a] = polar(x, y); return d < 0.55 + 0.4 * Math.abs(Math.cos(2.5 * (a + p))); }) }); break;
            default: shapes.push({ name: 'moon', mask: maskOf(w, h, (x, y) => { const [d] = polar(x, y); const [e] = polar(x - w * 0.3 * Math.cos(p), y - h * 0.3 * Math.sin(p)); return d < 0.95 && e > 0.8; }) }); break;
        }
    }
    return shapes;
}
