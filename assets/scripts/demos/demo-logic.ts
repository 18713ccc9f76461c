/**
 * The demo scenes' logic that needs no engine: enemy paths (shooter), the picture half of a
 * terrain carve, frame-time averages and the stress scene's mode cycle. Kept apart from the
 * components so it can be tested without Creator.
 */
import { forEachTexelInDisc } from 'db://pixel-collision/core/index';

/** A 2D affine map (x' = a x + c y + tx, y' = b x + d y + ty), as PixelCollider.getWorldTransform gives it. */
export interface DemoAffine { a: number; b: number; c: number; d: number; tx: number; ty: number }

/** Where an enemy ship is at time `t` (seconds): a figure-eight around its home, spinning, flipping now and then. */
export interface ShipPose { x: number; y: number; angle: number; flipX: boolean }

export function shipPose(index: number, homeX: number, homeY: number, t: number, out: ShipPose): ShipPose {
    const phase = index * 2.1;
    const w = 0.55 + 0.12 * index;
    out.x = homeX + 150 * Math.sin(w * t + phase);
    out.y = homeY + 40 * Math.sin(2 * w * t + phase);
    out.angle = ((index % 2 ? -1 : 1) * (40 + 25 * index) * t) % 360;
    // flips (mirrors in x) every 2.5 s, at a different moment for each ship
    out.flipX = Math.floor(t / 2.5 + index * 0.37) % 2 === 1;
    return out;
}

/** The tint of a ship `since` seconds after a hit: white-hot, fading back to its colour over `length` s. */
export function flashAmount(since: number, length = 0.18): number {
    if (!(since >= 0) || since >= length) return 0;
    return 1 - since / length;
}

/**
 * Erases, in an RGBA8 texture, the texels of a frame whose centres lie within `radius` of the
 * world point (x, y): the same texels PixelCollider.eraseCircle clears in the mask. `t` maps the
 * frame's texel (i, j) (from its top-left, as displayed; upright, unrotated frames) to the world;
 * texel (i, j) is texture pixel (rect.x + i, rect.y + j). Returns how many erased texels were solid
 * (alpha > threshold), which is how many mask texels the same erase clears.
 */
export function eraseDisc(
    rgba: Uint8Array, texWidth: number, rect: { x: number; y: number; width: number; height: number },
    t: Readonly<DemoAffine>, x: number, y: number, radius: number, threshold: number,
): number {
    let solid = 0;
    forEachTexelInDisc(t, rect.width, rect.height, x, y, radius, (i, j) => {
        const k = ((rect.y + j) * texWidth + rect.x + i) * 4;
        if (rgba[k + 3] > threshold) solid++;
        rgba[k] = rgba[k + 1] = rgba[k + 2] = rgba[k + 3] = 0;
    });
    return solid;
}

/** Mean of the last `size` samples (frame times): the browser's clock is coarse, one frame says little. */
export class RollingAverage {
    private readonly _v: Float64Array;
    private _n = 0;
    private _i = 0;
    private _sum = 0;

    constructor(size: number) {
        if (!(size >= 1)) throw new RangeError(`RollingAverage: size must be at least 1, got ${size}`);
        this._v = new Float64Array(Math.floor(size));
    }

    push(x: number): void {
        if (!Number.isFinite(x)) return;
        if (this._n === this._v.length) this._sum -= this._v[this._i];
        else this._n++;
        this._v[this._i] = x;
        this._sum += x;
        this._i = (this._i + 1) % this._v.length;
    }

    get count(): number { return this._n; }
    get mean(): number { return this._n ? this._sum / this._n : 0; }
}

/** The stress scene's narrow-phase modes, in the order the switch cycles through them. */
export const STRESS_MODES = ['CPU', 'GPU', 'BOUNDS'] as const;
export type StressMode = typeof STRESS_MODES[number];

export function nextStressMode(m: StressMode): StressMode {
    return STRESS_MODES[(STRESS_MODES.indexOf(m) + 1) % STRESS_MODES.length];
}

/** Wraps a coordinate into [-half - margin, half + margin) (sprites leaving one edge come back at the other). */
export function wrapCoord(v: number, half: number, margin: number): number {
    const lo = -half - margin, span = 2 * (half + margin);
    return lo + ((((v - lo) % span) + span) % span);
}

/** A maze cell: what stands there and its centre (world units, the maze centred on the origin). */
export interface MazeCell { kind: 'wall' | 'pillar' | 'start'; x: number; y: number }

/**
 * Reads a maze drawn in text, one line a row from the top: `#` wall, `o` pillar, `H` the hero's
 * start, anything else floor. Lines may differ in length; blank lines are skipped.
 */
export function parseMaze(layout: string, tile: number): MazeCell[] {
    if (!(tile > 0)) throw new RangeError(`parseMaze: tile must be positive, got ${tile}`);
    const rows = layout.split(/\r?\n/).map((r) => r.trimEnd()).filter((r) => r.length > 0);
    const cols = rows.reduce((m, r) => Math.max(m, r.length), 0);
    const out: MazeCell[] = [];
    for (let j = 0; j < rows.length; j++) {
        for (let i = 0; i < rows[j].length; i++) {
            const ch = rows[j][i];
            const kind = ch === '#' ? 'wall' : ch === 'o' ? 'pillar' : ch === 'H' ? 'start' : null;
            if (!kind) continue;
            out.push({ kind, x: (i + 0.5 - cols / 2) * tile, y: (rows.length / 2 - j - 0.5) * tile });
        }
    }
    return out;
}

/** A thing moving in a side view under gravity (the character scene's crates and knights). */
export interface SideBody { x: number; y: number; vx: number; vy: number; angle: number; spin: number }

/**
 * One step of a crate thrown along flat ground (side view, y up): gravity, walls at x = ±halfWidth
 * (it bounces back), and the floor at y = floorY (its centre's height when it rests): it bounces
 * with `restitution`, then slides to a stop and settles on a flat side (angle a multiple of 90).
 * Returns whether it still moves.
 */
export function stepProp(b: SideBody, dt: number, gravity: number, floorY: number, halfWidth: number, restitution = 0.35): boolean {
    if (!(dt > 0)) return b.vx !== 0 || b.vy !== 0 || b.y > floorY;
    b.vy -= gravity * dt;
    b.x += b.vx * dt;
    b.y += b.vy * dt;
    b.angle += b.spin * dt;
    if (b.x > halfWidth) { b.x = halfWidth; b.vx = -Math.abs(b.vx) * 0.6; }
    if (b.x < -halfWidth) { b.x = -halfWidth; b.vx = Math.abs(b.vx) * 0.6; }
    if (b.y <= floorY) {
        b.y = floorY;
        b.vy = b.vy < -120 ? -b.vy * restitution : 0;
        b.vx *= 0.8;
        b.spin *= 0.5;
        if (b.vy === 0 && Math.abs(b.vx) < 8) {
            b.vx = 0;
            b.spin = 0;
            b.angle = Math.round(b.angle / 90) * 90;
            return false;
        }
    }
    return true;
}

/** A knight's touch throws a crate away from it (along x, whichever side the crate is on), up and spinning. */
export function knockProp(b: SideBody, fromX: number, speed: number, lift: number): void {
    const dir = b.x >= fromX ? 1 : -1;
    b.vx = dir * Math.abs(speed);
    b.vy = Math.abs(lift);
    b.spin = -dir * 400;
}

/** The way to walk away from another at `otherX`: -1 (left) or 1 (right); from the same x, right. */
export function awayFrom(selfX: number, otherX: number): 1 | -1 {
    return selfX < otherX ? -1 : 1;
}

/**
 * One step of a knight patrolling flat ground: it walks `dir` at `speed`, turns round at x = ±halfWidth
 * (returns the new direction), and, after a jump (vy > 0) or above the ground, falls back to groundY.
 */
export function stepWalker(b: SideBody, dir: 1 | -1, dt: number, speed: number, gravity: number, groundY: number, halfWidth: number): 1 | -1 {
    if (!(dt > 0)) return dir;
    b.x += dir * speed * dt;
    if (b.x >= halfWidth) { b.x = halfWidth; dir = -1; }
    else if (b.x <= -halfWidth) { b.x = -halfWidth; dir = 1; }
    if (b.y > groundY || b.vy > 0) {
        b.vy -= gravity * dt;
        b.y += b.vy * dt;
        if (b.y <= groundY) { b.y = groundY; b.vy = 0; }
    }
    return dir;
}
