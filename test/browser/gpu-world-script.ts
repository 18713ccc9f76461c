/**
 * A scripted world for the late-answer ('nextFrame') tests, shared by Node (software device)
 * and the browser page (WebGL2): the same seeded sequence of adds, moves (rotations, scales,
 * flips), removals (with id recycling) and disables on any world, and a recorder of what the
 * world reports each step (enter / stay contacts by pair, end events).
 */
import { affine, affineFromTRS, affineMultiply } from '../../extensions/pixel-collision/assets/core';
import type { Affine2D, BitMask, Collider, CollisionWorld, Contact } from '../../extensions/pixel-collision/assets/core';
import { blob, rng } from '../fixtures/masks';

/** One step's reports: pair "idA:idB" (+ the colliders' serials) -> contact fields. */
export interface StepReport {
    frame: number;
    /** serialA:serialB -> [hit, count, minX, minY, maxX, maxY, centroidX, centroidY, normalX, normalY, frame] */
    touching: Record<string, number[]>;
    ended: string[];
    /** Every event in order: `enter a:b`, `stay a:b`, `end a:b`. */
    events: string[];
    /** Serials of colliders removed or disabled since the previous step (before this one). */
    gone: number[];
}

interface Body { c: Collider<number> | null; mask: BitMask; x: number; y: number; rot: number; sx: number; sy: number; vx: number; vy: number; vr: number }

/** Fields of a contact as numbers (frame last). */
export function contactFields(c: Contact): number[] {
    return [c.hit ? 1 : 0, c.count, c.minX, c.minY, c.maxX, c.maxY, c.centroidX, c.centroidY, c.normalX, c.normalY, c.frame];
}

/**
 * Runs `steps` steps of the script on `world` and returns one report per step. Colliders are
 * named by a serial (userData) that is never reused, so a pair is the same pair in every world
 * whatever ids they get. `between(step)` runs after each step (the page awaits a new task there,
 * so WebGL2 fences can signal).
 */
export async function runScript(world: CollisionWorld<number>, seed: number, steps: number, count: number,
    between: (step: number) => Promise<void> | void): Promise<StepReport[]> {
    const r = rng(seed);
    const reports: StepReport[] = [];
    let current: StepReport = { frame: 0, touching: {}, ended: [], events: [], gone: [] };
    let gone: number[] = [];
    const name = (a: Collider<number>, b: Collider<number>) => `${a.userData}:${b.userData}`;
    world.addListener({
        onEnter: (a, b, c) => { current.touching[name(a, b)] = contactFields(c); current.events.push(`enter ${name(a, b)}`); },
        onStay: (a, b, c) => { current.touching[name(a, b)] = contactFields(c); current.events.push(`stay ${name(a, b)}`); },
        onEnd: (a, b) => { current.ended.push(name(a, b)); current.events.push(`end ${name(a, b)}`); },
    });
    let serial = 0;
    const t: Affine2D = affine(1, 0, 0, 1, 0, 0);
    const transformOf = (b: Body): Affine2D => {
        affineFromTRS(t, b.x, b.y, b.rot, b.sx, b.sy);
        return affineMultiply(t, t, affine(1, 0, 0, -1, -b.mask.width / 2, b.mask.height / 2));
    };
    const spawn = (): Body => {
        const w = 8 + Math.floor(r() * 28), h = 8 + Math.floor(r() * 28);
        const b: Body = {
            c: null, mask: blob(w, h, r), x: r() * 90, y: r() * 90, rot: r() * 6.3,
            sx: (0.6 + r()) * (r() < 0.2 ? -1 : 1), sy: 0.6 + r(), vx: (r() - 0.5) * 6, vy: (r() - 0.5) * 6, vr: (r() - 0.5) * 0.3,
        };
        b.c = world.add({ shape: { kind: 'mask', mask: b.mask }, transform: transformOf(b), accuracy: r() < 0.3 ? 2 : 1, userData: serial++ });
        return b;
    };
    const bodies: Body[] = [];
    for (let i = 0; i < count; i++) bodies.push(spawn());
    for (let s = 1; s <= steps; s++) {
        current = { frame: world.frame + 1, touching: {}, ended: [], events: [], gone };
        gone = [];
        world.step();
        reports.push(current);
        await between(s);
        // Between steps: move everything; now and then remove one (its id is recycled by the
        // next spawn), disable / enable one, or edit nothing.
        for (const b of bodies) {
            if (!b.c) continue;
            b.x += b.vx; b.y += b.vy; b.rot += b.vr;
            if (b.x < 0 || b.x > 90) b.vx = -b.vx;
            if (b.y < 0 || b.y > 90) b.vy = -b.vy;
            world.setTransform(b.c, transformOf(b));
        }
        const roll = r();
        if (roll < 0.25) {
            const k = Math.floor(r() * bodies.length);
            const b = bodies[k];
            if (b.c) { gone.push(b.c.userData as number); world.remove(b.c); }
            bodies[k] = spawn();
        } else if (roll < 0.4) {
            const b = bodies[Math.floor(r() * bodies.length)];
            if (b.c) {
                if (b.c.enabled) gone.push(b.c.userData as number);
                world.setEnabled(b.c, !b.c.enabled);
            }
        }
    }
    return reports;
}

/**
 * Checks late reports against same-frame ones: the late world's step s must report exactly the
 * same-frame world's step s-1 contacts (same fields, frame s-1), pairs that are no longer
 * candidates at step s included (one-frame touches: the narrow phase's `late()`), except pairs
 * of a collider removed or disabled between the two steps, which must not be reported. When no
 * collider was removed or disabled around those steps, the events themselves (enter / stay /
 * end, in order) must be the same-frame world's of the step before. Returns the problems found
 * and how many pairs of removed / disabled colliders there were.
 */
export function compareLate(now: StepReport[], late: StepReport[]): { bad: string[]; gonePairs: number } {
    const bad: string[] = [];
    let gonePairs = 0;
    for (let s = 1; s < late.length; s++) {
        const want = now[s - 1].touching, got = late[s].touching;
        const gone = new Set(late[s].gone);
        const isGone = (k: string) => k.split(':').some((x) => gone.has(Number(x)));
        for (const k of Object.keys(got)) {
            const w = want[k];
            if (!w) { bad.push(`step ${s + 1}: late reports ${k}, not touching in frame ${s}`); continue; }
            if (isGone(k)) bad.push(`step ${s + 1}: late reports ${k}, whose collider was removed or disabled since frame ${s}`);
            if (JSON.stringify(w) !== JSON.stringify(got[k])) bad.push(`step ${s + 1}: ${k} late ${got[k]} vs frame ${s}: ${w}`);
        }
        for (const k of Object.keys(want)) {
            if (got[k]) continue;
            if (isGone(k)) gonePairs++;
            else bad.push(`step ${s + 1}: ${k}, touching in frame ${s}, is not reported (its colliders are still there)`);
        }
        if (late[s].gone.length === 0 && late[s - 1].gone.length === 0 && JSON.stringify(late[s].events) !== JSON.stringify(now[s - 1].events)) {
            bad.push(`step ${s + 1}: events ${late[s].events.join(', ')}; step ${s} of the same-frame world: ${now[s - 1].events.join(', ')}`);
        }
    }
    return { bad, gonePairs };
}
