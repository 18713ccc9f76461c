import fc from 'fast-check';
import type { ColliderShape } from '../../extensions/pixel-collision/assets/core';
import {
    affine, affineFromTRS, BitMask, Collider, CollisionWorld, Contact, CpuNarrowPhase, RayHit, SweepHit, WorldRaster,
    testMasks, testShapes, shapeContains, WorldShape, boxToWorld, circleToWorld,
} from '../../extensions/pixel-collision/assets/core';
import { blob, disc, full, ring, rng } from '../fixtures/masks';
import { movingWorld } from '../fixtures/scenes';

type Log = string[];

/** How a test names a collider: its userData when set (removed colliders have id -1), else its id. */
const name = (c: Collider) => String(c.userData ?? c.id);

/** A listener that records every event as "enter 3-7" etc. and checks the contact's frame. */
function recorder(world: CollisionWorld<unknown>, log: Log) {
    return {
        onEnter: (a: Collider, b: Collider, c: Contact) => { expect(c.hit).toBe(true); expect(c.frame).toBe(world.frame); log.push(`enter ${name(a)}-${name(b)}`); },
        onStay: (a: Collider, b: Collider, c: Contact) => { expect(c.hit).toBe(true); log.push(`stay ${name(a)}-${name(b)}`); },
        onEnd: (a: Collider, b: Collider) => { log.push(`end ${name(a)}-${name(b)}`); },
    };
}

/** Brute force: every pair of enabled colliders that passes the filter and collides exactly. */
function brutePairs(cs: Collider[]): Set<string> {
    const out = new Set<string>();
    const ws = new WorldShape(), ws2 = new WorldShape();
    for (let i = 0; i < cs.length; i++) {
        for (let j = i + 1; j < cs.length; j++) {
            const a = cs[i].id < cs[j].id ? cs[i] : cs[j];
            const b = a === cs[i] ? cs[j] : cs[i];
            if (!a.enabled || !b.enabled) continue;
            if (!(a.categoryBits & b.maskBits) || !(b.categoryBits & a.maskBits)) continue;
            const acc = Math.max(a.accuracy, b.accuracy);
            if (refCollide(a, b, acc, ws, ws2)) out.add(`${name(a)}-${name(b)}`);
        }
    }
    return out;
}

/** Exact answer for one pair from the core's single-pair functions (independent of the world's caches). */
function refCollide(a: Collider, b: Collider, acc: number, ws: WorldShape, ws2: WorldShape): boolean {
    const sa = a.shape, sb = b.shape;
    if (sa.kind === 'mask' && sb.kind === 'mask') return testMasks(sa.mask, a.transform, sb.mask, b.transform, { accuracy: acc, contact: false });
    if (sa.kind !== 'mask' && sb.kind !== 'mask') {
        toWorld(sa, a, ws); toWorld(sb, b, ws2);
        return testShapes(ws, ws2, { accuracy: acc, contact: false });
    }
    // Mixed: compare sample by sample over the shape's box.
    const [m, mc, s, sc] = sa.kind === 'mask' ? [a, a, b, b] : [b, b, a, a];
    toWorld(s.shape, sc, ws);
    const probe = new CollisionWorld();
    const pm = probe.add({ shape: m.shape, transform: mc.transform, accuracy: acc });
    const hits: Collider[] = [];
    for (let l = Math.floor(ws.minY * acc) - 1; l <= Math.ceil(ws.maxY * acc) + 1; l++) {
        for (let k = Math.floor(ws.minX * acc) - 1; k <= Math.ceil(ws.maxX * acc) + 1; k++) {
            const x = (k + 0.5) / acc, y = (l + 0.5) / acc;
            if (!insideShape(ws, x, y)) continue;
            if (probe.queryPoint(x, y, hits) && hits[0] === pm) return true;
        }
    }
    return false;
}

function toWorld(s: ColliderShape, c: Collider, out: WorldShape): void {
    if (s.kind === 'box') boxToWorld(out, s.width, s.height, s.offsetX ?? 0, s.offsetY ?? 0, c.transform);
    else if (s.kind === 'circle') circleToWorld(out, s.radius, s.offsetX ?? 0, s.offsetY ?? 0, c.transform);
    else throw new Error('not a shape');
}

function insideShape(ws: WorldShape, x: number, y: number): boolean {
    return shapeContains(ws, x, y);
}

describe('CollisionWorld: pairs equal brute force every frame, with enter/stay/end', () => {
    it('in random scenes of masks, boxes and circles that move (setTransform, setPosition), get added, removed, enabled and disabled', () => {
        const masks = [blob(24, 20, rng(1)), disc(16, 16), ring(20, 20), full(6, 10), BitMask.fromRows(['#..', '.#.', '..#'])];
        fc.assert(fc.property(fc.integer(), (seed) => {
            const r = rng(seed);
            const world = new CollisionWorld();
            const log: Log = [];
            world.addListener(recorder(world, log));
            const live: Collider[] = [];
            let serial = 0;
            const touching = new Map<string, [Collider, Collider]>();
            const randomShape = (): ColliderShape => {
                const kind = Math.floor(r() * 4);
                if (kind < 2) return { kind: 'mask', mask: masks[Math.floor(r() * masks.length)] };
                if (kind === 2) return { kind: 'box', width: 2 + r() * 12, height: 2 + r() * 12 };
                return { kind: 'circle', radius: 1 + r() * 7 };
            };
            const randomT = () => affineFromTRS(affine(1, 0, 0, 1, 0, 0), r() * 60, r() * 60, r() < 0.5 ? 0 : r() * 6.28, r() < 0.5 ? 1 : 0.6 + r(), r() < 0.5 ? -1 : -(0.6 + r()));
            for (let i = 0; i < 12; i++) {
                live.push(world.add({
                    shape: randomShape(), transform: randomT(),
                    categoryBits: r() < 0.8 ? 1 : 2, maskBits: r() < 0.8 ? 0xffffffff : 1,
                    accuracy: r() < 0.7 ? 1 : [0.5, 2][Math.floor(r() * 2)],
                    userData: `c${serial++}`,
                }));
            }
            for (let frame = 0; frame < 15; frame++) {
                for (const c of live) {
                    // setTransform, setTransformAt (queued by id, applied in one pass at the
                    // step; sometimes followed by a setPosition or a read of c.transform, which
                    // apply it first), or setPosition (its per-frame fast path updates the broad
                    // phase at once for masks and unrotated boxes), sometimes twice in a frame.
                    const u = r();
                    if (u < 0.25) world.setTransform(c, randomT());
                    else if (u < 0.5) {
                        const t = r() < 0.5 ? randomT() : { ...c.transform, tx: c.transform.tx + r() * 6 - 3 };
                        world.setTransformAt(c.id, new Float64Array([0, t.a, t.b, t.c, t.d, t.tx, t.ty]), 1);
                        if (r() < 0.2) world.setPosition(c, c.transform.tx + r() * 2 - 1, c.transform.ty);
                    } else if (u < 0.8) {
                        world.setPosition(c, c.transform.tx + r() * 8 - 4, c.transform.ty + r() * 8 - 4);
                        if (r() < 0.2) world.setPosition(c, c.transform.tx + r() * 2 - 1, c.transform.ty);
                    }
                }
                if (r() < 0.3 && live.length) world.remove(live.splice(Math.floor(r() * live.length), 1)[0]);
                if (r() < 0.3) live.push(world.add({ shape: randomShape(), transform: randomT(), userData: `c${serial++}` }));
                if (r() < 0.3 && live.length) { const c = live[Math.floor(r() * live.length)]; world.setEnabled(c, !c.enabled); }
                log.length = 0;
                world.step();
                const want = brutePairs(live);
                // Replay the log on the previous touching set: it must give the brute-force set.
                const seen = new Set<string>();
                for (const e of log) {
                    const [ev, key] = e.split(' ');
                    expect(seen.has(key)).toBe(false); // at most one event per pair per step
                    seen.add(key);
                    if (ev === 'enter') { expect(touching.has(key)).toBe(false); touching.set(key, [live[0], live[0]]); }
                    else if (ev === 'stay') expect(touching.has(key)).toBe(true);
                    else { expect(touching.has(key)).toBe(true); touching.delete(key); }
                }
                expect([...touching.keys()].sort()).toEqual([...want].sort());
                for (const key of want) expect(seen.has(key)).toBe(true); // every touching pair reported
            }
        }), { numRuns: 30 });
    });
});

describe('mask pairs whose bounding circles do not meet are not candidates', () => {
    /** Counts the pairs the world hands to the narrow phase. */
    class Spy extends CpuNarrowPhase {
        pairs = 0;
        override run(a: readonly Collider[], b: readonly Collider[], count: number, acc: Float64Array, contacts: Contact[], frame: number, sep: boolean, lazy?: boolean): number {
            this.pairs += count;
            return super.run(a, b, count, acc, contacts, frame, sep, lazy);
        }
    }
    const step = (world: CollisionWorld, spy: Spy, cs: Collider[]) => {
        spy.pairs = 0;
        const log: Log = [];
        world.addListener(recorder(world, log));
        world.step();
        return { pairs: spy.pairs, touching: [...brutePairs(cs)] };
    };

    it('boxes that overlap with circles apart: no candidate; each way of moving or changing a mask finds the pair again', () => {
        const spy = new Spy();
        const world = new CollisionWorld({ narrowPhase: spy });
        const m = disc(16, 16); // bounding circle: radius ~8 around (8, 8)
        const a = world.add({ shape: { kind: 'mask', mask: m }, userData: 'a' });
        const b = world.add({ shape: { kind: 'mask', mask: m }, transform: affine(1, 0, 0, 1, 13, 13), userData: 'b' });
        // Boxes [0, 16]^2 and [13, 29]^2 overlap; the centres are 18.4 apart, the radii add to ~16.
        expect(step(world, spy, [a, b]).pairs).toBe(0);
        world.setPosition(b, 10, 10); // the translation fast path
        let r = step(world, spy, [a, b]);
        expect(r.pairs).toBe(1);
        expect(r.touching).toEqual(['a-b']);
        world.setTransform(b, affineFromTRS(affine(1, 0, 0, 1, 0, 0), 13, 13, 0.3, 1, 1)); // turned, apart again
        expect(step(world, spy, [a, b]).pairs).toBe(0);
        world.setTransformAt(b.id, new Float64Array([1, 0, 0, 1, 9, 9]), 0); // by id, one pass
        r = step(world, spy, [a, b]);
        expect(r.pairs).toBe(1);
        expect(r.touching).toEqual(['a-b']);
        world.setPosition(b, 13, 13);
        expect(step(world, spy, [a, b]).pairs).toBe(0);
        // A full square: its circle reaches the other's.
        world.setShape(b, { kind: 'mask', mask: full(16, 16) });
        r = step(world, spy, [a, b]);
        expect(r.pairs).toBe(1);
        expect(r.touching).toEqual(['a-b']);
        world.setShape(b, { kind: 'mask', mask: m });
        expect(step(world, spy, [a, b]).pairs).toBe(0);
        world.setEnabled(b, false);
        world.setEnabled(b, true);
        expect(step(world, spy, [a, b]).pairs).toBe(0);
    });

    it('a mask against a box or a circle is always a candidate when the boxes overlap', () => {
        const spy = new Spy();
        const world = new CollisionWorld({ narrowPhase: spy });
        const a = world.add({ shape: { kind: 'mask', mask: disc(16, 16) }, userData: 'a' });
        const b = world.add({ shape: { kind: 'box', width: 2, height: 2 }, transform: affine(1, 0, 0, 1, 15.5, 15.5), userData: 'b' });
        const c = world.add({ shape: { kind: 'circle', radius: 1 }, transform: affine(1, 0, 0, 1, 16.5, 0.5), userData: 'c' });
        // (Both touch the disc's corner of its box, not the disc.)
        expect(step(world, spy, [a, b, c])).toEqual({ pairs: 2, touching: [] });
    });
});

describe('filtering (Box2D categoryBits / maskBits: both directions must agree)', () => {
    const table: [string, number, number, number, number, boolean][] = [
        ['defaults collide', 1, 0xffffffff, 1, 0xffffffff, true],
        ['A ignores B', 1, 0, 1, 0xffffffff, false],
        ['B ignores A', 1, 0xffffffff, 1, 0, false],
        ['player vs enemy bullet', 0b01, 0b10, 0b10, 0b01, true],
        ['bullets ignore bullets', 0b10, 0b01, 0b10, 0b01, false],
    ];
    it.each(table)('%s', (_n, ca, ma, cb, mb, want) => {
        const w = new CollisionWorld();
        let entered = 0;
        w.addListener({ onEnter: () => { entered++; } });
        w.add({ shape: { kind: 'box', width: 10, height: 10 }, categoryBits: ca, maskBits: ma });
        w.add({ shape: { kind: 'box', width: 10, height: 10 }, categoryBits: cb, maskBits: mb });
        w.step();
        expect(entered).toBe(want ? 1 : 0);
    });
});

describe('changes made inside callbacks apply after the step', () => {
    function scene() {
        const w = new CollisionWorld();
        const a = w.add({ shape: { kind: 'box', width: 10, height: 10 }, userData: 'a' });
        const b = w.add({ shape: { kind: 'box', width: 10, height: 10 }, transform: affine(1, 0, 0, 1, 5, 0), userData: 'b' });
        const c = w.add({ shape: { kind: 'box', width: 10, height: 10 }, transform: affine(1, 0, 0, 1, -3, 0), userData: 'c' });
        return { w, a, b, c };
    }

    it('removing a collider in onEnter: the other pairs of this step are still reported, and it ends next step', () => {
        const { w, a, b } = scene();
        const log: Log = [];
        w.addListener(recorder(w, log));
        const bId = b.id;
        const found: Collider[] = [];
        // Until the step ends, the removed collider is still in the world: its id, getById,
        // the collider count and queries all still see it (only the step's end applies removal).
        const stillThere = (): void => {
            expect(b.id).toBe(bId);
            expect(w.getById(bId)).toBe(b);
            expect(w.colliderCount).toBe(3);
            w.queryPoint(9.5, 0.5, found); // inside b (x in [0, 10]), outside a and c
            expect(found).toEqual([b]);
            w.queryRect(8, -1, 9.5, 1, found);
            expect(found).toContain(b);
        };
        let checks = 0;
        w.addListener({
            onEnter: (x, y) => {
                if (x === a && y === b) { w.remove(b); stillThere(); checks++; }
                else if (y === b || x === b) { stillThere(); checks++; } // the later pair b-c, same step
            },
        });
        w.step();
        expect(checks).toBe(2);
        expect(log).toEqual(['enter a-b', 'enter a-c', 'enter b-c']);
        expect(b.id).toBe(-1); // applied when the step ended
        expect(w.getById(bId)).toBe(null);
        expect(w.colliderCount).toBe(2);
        log.length = 0;
        w.step();
        expect(log).toEqual(['end a-b', 'stay a-c', 'end b-c']);
        expect(b.id).toBe(-1); // removed: its id is gone, the object and userData remain
        expect(b.userData).toBe('b');
        log.length = 0;
        w.step();
        expect(log).toEqual(['stay a-c']);
    });

    it('adding a collider in a callback: it takes part from the next step', () => {
        const { w } = scene();
        const log: Log = [];
        w.addListener(recorder(w, log));
        let added: Collider | null = null;
        w.addListener({ onEnter: () => { if (!added) added = w.add({ shape: { kind: 'circle', radius: 3 }, userData: 'd' }); } });
        w.step();
        expect(log.filter((e) => e.includes('d'))).toEqual([]);
        log.length = 0;
        w.step();
        expect(log).toContain('enter a-d');
    });

    it('moving and disabling in callbacks is deferred too', () => {
        const { w, a, b, c } = scene();
        const log: Log = [];
        w.addListener(recorder(w, log));
        w.addListener({ onEnter: (x, y) => { if (x === a && y === b) { w.setPosition(b, 100, 100); w.setEnabled(c, false); } } });
        w.step();
        expect(b.transform.tx).toBe(100); // applied after the step
        expect(log).toEqual(['enter a-b', 'enter a-c', 'enter b-c']);
        log.length = 0;
        w.step();
        expect(log).toEqual(['end a-b', 'end a-c', 'end b-c']);
    });

    it('an id freed and reused between steps ends the old pair and enters the new one', () => {
        const { w, b } = scene();
        const log: Log = [];
        w.addListener(recorder(w, log));
        w.step();
        w.remove(b);
        const nb = w.add({ shape: { kind: 'box', width: 10, height: 10 }, transform: affine(1, 0, 0, 1, 5, 0), userData: 'b2' });
        expect(nb.id).toBe(1); // b's id, recycled
        log.length = 0;
        w.step();
        expect(log).toEqual(['end a-b', 'enter a-b2', 'stay a-c', 'end b-c', 'enter b2-c']);
    });

    it('step() from a callback is refused', () => {
        const { w } = scene();
        w.addListener({ onEnter: () => w.step() });
        expect(() => w.step()).toThrow(/re-entrantly/);
        expect(w.stepping).toBe(false);
    });
});

describe('determinism', () => {
    it('the same calls give the same events in the same order', () => {
        const run = () => {
            const r = rng(42);
            const w = new CollisionWorld();
            const log: Log = [];
            w.addListener(recorder(w, log));
            const cs = Array.from({ length: 40 }, () => w.add({ shape: { kind: 'circle', radius: 3 + r() * 4 }, transform: affine(1, 0, 0, 1, r() * 50, r() * 50) }));
            for (let f = 0; f < 30; f++) {
                for (const c of cs) w.setPosition(c, c.transform.tx + r() * 4 - 2, c.transform.ty + r() * 4 - 2);
                if (f % 7 === 3) w.remove(cs.splice(f % cs.length, 1)[0]);
                w.step();
            }
            return log;
        };
        const first = run();
        expect(first.length).toBeGreaterThan(50);
        expect(run()).toEqual(first);
    });
});

describe('queries', () => {
    const w = new CollisionWorld();
    const m = disc(20, 20);
    // Mask from image space to a y-up world, centred at (0, 0).
    const wall = w.add({ shape: { kind: 'mask', mask: m }, transform: affine(1, 0, 0, -1, -10, 10), userData: 'disc' });
    const box = w.add({ shape: { kind: 'box', width: 10, height: 4 }, transform: affine(1, 0, 0, 1, 30, 0), categoryBits: 2 });
    const circ = w.add({ shape: { kind: 'circle', radius: 5 }, transform: affine(1, 0, 0, 1, 0, 30) });

    it('queryPoint: which colliders have the sample of the cell containing the point', () => {
        const out: Collider[] = [];
        expect(w.queryPoint(0.2, 0.7, out)).toBe(1);
        expect(out[0]).toBe(wall);
        expect(w.queryPoint(9.9, 9.9, out)).toBe(0); // inside the disc's box, outside the disc
        expect(w.queryPoint(30, 1.5, out)).toBe(1);
        expect(w.queryPoint(30, 1.5, out, 1)).toBe(0); // filtered out: category 2
        expect(w.queryPoint(0, 30, out)).toBe(1);
    });

    it('queryRect: colliders with a sample in the rect', () => {
        const out: Collider[] = [];
        expect(w.queryRect(-100, -100, 100, 100, out)).toBe(3);
        expect(out.map((c) => c.id)).toEqual([0, 1, 2]);
        expect(w.queryRect(8.6, 8.6, 9.4, 9.4, out)).toBe(0); // the disc's empty corner
        expect(w.queryRect(-1, -1, 1, 1, out)).toBe(1);
    });

    it('raycast: first sample along the segment, matching a fine brute-force march', () => {
        const hit = new RayHit();
        expect(w.raycast(-50, 0.5, 50, 0.5, hit)).toBe(true);
        expect(hit.collider).toBe(wall);
        expect(hit.x).toBeCloseTo(-10, 9); // enters cell k = -10 at x = -10
        expect(hit.k).toBe(-10);
        expect(w.raycast(100, 0.5, 60, 0.5, hit)).toBe(false);
        // Random rays against a brute-force march along the segment.
        const r = rng(9);
        const out: Collider[] = [];
        for (let i = 0; i < 300; i++) {
            const x0 = -40 + r() * 100, y0 = -40 + r() * 100, x1 = -40 + r() * 100, y1 = -40 + r() * 100;
            w.raycast(x0, y0, x1, y1, hit);
            let want: Collider | null = null;
            let wantT = 1;
            const N = 4000;
            for (let s = 0; s <= N && !want; s++) {
                const t = s / N;
                if (w.queryPoint(x0 + (x1 - x0) * t, y0 + (y1 - y0) * t, out)) { want = out[0]; wantT = t; }
            }
            expect(hit.collider).toBe(want);
            if (want) expect(Math.abs(hit.t - wantT)).toBeLessThan(2 / N + 1e-9);
        }
    });

    it('placeMeeting: would it overlap if placed there', () => {
        const probe = w.add({ shape: { kind: 'circle', radius: 2 }, transform: affine(1, 0, 0, 1, 100, 100) });
        expect(w.placeMeeting(probe, affine(1, 0, 0, 1, 0, 0))).toBe(wall);
        const c = new Contact();
        expect(w.placeMeeting(probe, affine(1, 0, 0, 1, 30, 0), c)).toBe(box);
        expect(c.hit).toBe(true);
        expect(w.placeMeeting(probe, affine(1, 0, 0, 1, 50, 50))).toBeNull();
        w.remove(probe);
    });

    it('sweep: a fast bullet does not tunnel through a thin wall', () => {
        const ww = new CollisionWorld();
        const thin = ww.add({ shape: { kind: 'mask', mask: full(1, 40) }, transform: affine(1, 0, 0, -1, 20, 20) });
        const bullet = ww.add({ shape: { kind: 'box', width: 1, height: 1 }, transform: affine(1, 0, 0, 1, 0.5, 0.5) });
        const out = new SweepHit();
        expect(ww.sweep(bullet, 100, 0, out)).toBe(true);
        expect(out.collider).toBe(thin);
        expect(out.t).toBeCloseTo(0.2, 9);
        expect(ww.placeMeeting(bullet, affine(1, 0, 0, 1, 0.5 + 100 * out.safeT, 0.5))).toBeNull();
        // Without the sweep the end position is past the wall: no overlap there.
        expect(ww.placeMeeting(bullet, affine(1, 0, 0, 1, 100.5, 0.5))).toBeNull();
    });
});

describe('bad input', () => {
    it('adding the same collider twice is refused', () => {
        const w = new CollisionWorld();
        const c = w.add({ shape: { kind: 'box', width: 2, height: 2 } });
        expect(() => w.add(c)).toThrow(/already in this world/);
        w.remove(c);
        expect(w.add(c)).toBe(c); // re-adding a removed collider is fine
    });
    it('removing an unknown or removed collider is refused', () => {
        const w = new CollisionWorld();
        const other = new CollisionWorld().add({ shape: { kind: 'box', width: 2, height: 2 } });
        expect(() => w.remove(other)).toThrow(/not in this world/);
        const c = w.add({ shape: { kind: 'box', width: 2, height: 2 } });
        w.remove(c);
        expect(() => w.remove(c)).toThrow(/not in this world/);
    });
    it('NaN positions and transforms are refused', () => {
        const w = new CollisionWorld();
        const c = w.add({ shape: { kind: 'box', width: 2, height: 2 } });
        expect(() => w.setPosition(c, NaN, 0)).toThrow(/finite/);
        expect(() => w.setTransform(c, affine(1, 0, 0, 1, 0, NaN))).toThrow(/NaN or infinite/);
        expect(() => w.add({ shape: { kind: 'box', width: 2, height: 2 }, transform: affine(0, 0, 0, 0, 0, 0) })).toThrow(/not invertible/);
    });
    it('a shape with zero area is refused', () => {
        const w = new CollisionWorld();
        expect(() => w.add({ shape: { kind: 'box', width: 0, height: 2 } })).toThrow(/width/);
        expect(() => w.add({ shape: { kind: 'circle', radius: 0 } })).toThrow(/radius/);
        expect(() => w.add({ shape: { kind: 'polygon', points: [0, 0, 1, 1, 2, 2] } })).toThrow(/area/);
    });
    it('a polygon that is not convex is refused', () => {
        const w = new CollisionWorld();
        expect(() => w.add({ shape: { kind: 'polygon', points: [0, 0, 4, 0, 2, 1, 4, 4, 0, 4] } })).toThrow(/convex/);
    });
    it('an empty (all transparent) mask is accepted and never collides', () => {
        const w = new CollisionWorld();
        let n = 0;
        w.addListener({ onEnter: () => { n++; } });
        w.add({ shape: { kind: 'mask', mask: new BitMask(8, 8) } });
        w.add({ shape: { kind: 'box', width: 20, height: 20 } });
        w.step();
        expect(n).toBe(0);
    });
    it('queries with NaN or empty areas are refused with a message that says what to use', () => {
        const w = new CollisionWorld();
        const out: Collider[] = [];
        expect(() => w.queryRect(0, 0, 0, 5, out)).toThrow(/maxX > minX.*queryPoint/);
        expect(() => w.queryRect(0, NaN, 1, 5, out)).toThrow(/must be finite/);
        expect(() => w.queryPoint(NaN, 0, out)).toThrow(/finite/);
        expect(() => w.raycast(0, 0, Infinity, 0, new RayHit())).toThrow(/finite/);
    });
    it('bad filter bits and unknown shape kinds are refused', () => {
        const w = new CollisionWorld();
        expect(() => w.add({ shape: { kind: 'box', width: 2, height: 2 }, categoryBits: -1 })).toThrow(/categoryBits/);
        expect(() => w.add({ shape: { kind: 'hexagon' } as unknown as ColliderShape })).toThrow(/unknown shape kind/);
    });
});

describe('setTransformAt: transforms by id, applied in one pass', () => {
    const t6 = (t: { a: number; b: number; c: number; d: number; tx: number; ty: number }) => new Float64Array([t.a, t.b, t.c, t.d, t.tx, t.ty]);
    it('gives the same events and contacts as setTransform, turning and only moving', () => {
        const masks = [blob(24, 20, rng(3)), disc(16, 16)];
        const play = (byId: boolean) => {
            const r = rng(77);
            const world = new CollisionWorld();
            const log: string[] = [];
            const on = (kind: string) => (a: Collider, b: Collider, c: Contact) => log.push(`${kind} ${a.id}-${b.id} ${c.count} ${c.normalX.toFixed(9)}`);
            world.addListener({ onEnter: on('enter'), onStay: on('stay'), onEnd: (a, b) => log.push(`end ${a.id}-${b.id}`) });
            const cs = Array.from({ length: 16 }, (_, i) => world.add({ shape: { kind: 'mask', mask: masks[i % 2] }, transform: affine(1, 0, 0, 1, r() * 80, r() * 80) }));
            const pos = cs.map((c) => [c.transform.tx, c.transform.ty, 0]);
            for (let f = 0; f < 40; f++) {
                cs.forEach((c, i) => {
                    pos[i][0] += r() * 4 - 2; pos[i][1] += r() * 4 - 2;
                    if (i % 2 === 0) pos[i][2] += 0.05 + r() * 0.05; // half turn, half only move
                    const t = affineFromTRS(affine(1, 0, 0, 1, 0, 0), pos[i][0], pos[i][1], pos[i][2], 1, 1);
                    if (byId) world.setTransformAt(c.id, t6(t), 0);
                    else world.setTransform(c, t);
                });
                world.step();
            }
            return log;
        };
        const a = play(false), b = play(true);
        expect(a.length).toBeGreaterThan(100);
        expect(b).toEqual(a);
    });

    it('is applied before anything reads the collider: transform, bounds, queries, setPosition', () => {
        const world = new CollisionWorld();
        const c = world.add({ shape: { kind: 'box', width: 4, height: 4 } });
        world.setTransformAt(c.id, t6(affine(1, 0, 0, 1, 10, 20)), 0);
        expect(c.transform.tx).toBe(10);
        world.setTransformAt(c.id, t6(affine(1, 0, 0, 1, 30, 40)), 0);
        expect(c.getBounds({ minX: 0, minY: 0, maxX: 0, maxY: 0 })).toEqual({ minX: 28, minY: 38, maxX: 32, maxY: 42 });
        world.setTransformAt(c.id, t6(affine(0, 1, -1, 0, 50, 60)), 0);
        expect(world.queryPoint(50.5, 60.5, [])).toBe(1);
        // A later setPosition keeps the queued turn and moves it: calls apply in their order.
        world.setTransformAt(c.id, t6(affine(-1, 0, 0, -1, 0, 0)), 0);
        world.setPosition(c, 5, 6);
        expect({ ...c.transform }).toEqual({ a: -1, b: 0, c: 0, d: -1, tx: 5, ty: 6 });
    });

    it('a removed collider\'s queued transform is dropped, also when its id is given to another', () => {
        const world = new CollisionWorld();
        const c = world.add({ shape: { kind: 'box', width: 4, height: 4 } });
        const id = c.id;
        world.setTransformAt(id, t6(affine(1, 0, 0, 1, 100, 100)), 0);
        world.remove(c);
        const d = world.add({ shape: { kind: 'box', width: 4, height: 4 }, transform: affine(1, 0, 0, 1, 7, 8) });
        expect(d.id).toBe(id);
        world.step();
        expect(d.transform.tx).toBe(7);
        world.setTransformAt(id, t6(affine(1, 0, 0, 1, 9, 9)), 0);
        world.step();
        expect(d.transform.tx).toBe(9);
    });

    it('inside a callback it is deferred to the end of the step, like setTransform', () => {
        const world = new CollisionWorld();
        const a = world.add({ shape: { kind: 'box', width: 4, height: 4 } });
        const b = world.add({ shape: { kind: 'box', width: 4, height: 4 }, transform: affine(1, 0, 0, 1, 1, 0) });
        let txInCallback = NaN;
        world.addListener({ onEnter: () => { world.setTransformAt(b.id, t6(affine(1, 0, 0, 1, 50, 0)), 0); txInCallback = b.transform.tx; } });
        world.step();
        expect(txInCallback).toBe(1);
        expect(b.transform.tx).toBe(50);
    });

    it('refuses unknown ids and bad transforms with a message that says what to do', () => {
        const world = new CollisionWorld();
        const c = world.add({ shape: { kind: 'box', width: 4, height: 4 } });
        expect(() => world.setTransformAt(5, t6(affine(1, 0, 0, 1, 0, 0)), 0)).toThrow(/no collider has id 5/);
        expect(() => world.setTransformAt(-1, t6(affine(1, 0, 0, 1, 0, 0)), 0)).toThrow(/no collider has id -1/);
        expect(() => world.setTransformAt(c.id, t6(affine(1, 0, 0, 1, NaN, 0)), 0)).toThrow(/NaN or infinite/);
        expect(() => world.setTransformAt(c.id, t6(affine(0, 0, 0, 1, 0, 0)), 0)).toThrow(/not invertible/);
        world.remove(c);
        expect(() => world.setTransformAt(0, t6(affine(1, 0, 0, 1, 0, 0)), 0)).toThrow(/was removed/);
    });

    it('allocates nothing per step after warm-up (1,000 turning colliders)', () => {
        const world = new CollisionWorld();
        const mask = blob(24, 24, rng(5));
        const r = rng(9);
        const cs = Array.from({ length: 1000 }, () => world.add({ shape: { kind: 'mask', mask }, transform: affine(1, 0, 0, 1, r() * 700, r() * 700) }));
        const m = new Float64Array(6);
        const frame = (f: number) => {
            cs.forEach((c, i) => {
                const t = affineFromTRS(affine(1, 0, 0, 1, 0, 0), (i * 37) % 700 + f, (i * 91) % 700, f * 0.03 + i, 1, 1);
                m[0] = t.a; m[1] = t.b; m[2] = t.c; m[3] = t.d; m[4] = t.tx; m[5] = t.ty;
                world.setTransformAt(c.id, m, 0);
            });
            world.step();
        };
        for (let f = 0; f < 10; f++) frame(f);
        const internals = world as unknown as Record<string, { length: number }>;
        const sizes = () => ['_queued', '_queuedIds', '_queuedT', '_dirty', '_keys'].map((k) => internals[k].length);
        const before = sizes();
        for (let f = 10; f < 40; f++) frame(f);
        expect(sizes()).toEqual(before);
    });
});

describe('no allocation per step in steady state', () => {
    it('pools and raster buffers stop growing after warm-up (1,000 moving colliders, masks and shapes)', () => {
        const { world: w, frame, events } = movingWorld(1000, 1500);
        for (let f = 0; f < 40; f++) frame(f);
        const internals = w as unknown as Record<string, { length: number }>;
        const sizes = () => ['_keys', '_candA', '_candContacts', '_prevKeys', '_curKeys', '_prevContacts', '_curContacts', '_dirty', '_candAcc']
            .map((k) => internals[k].length);
        const before = { rasters: WorldRaster.allocations, sizes: sizes() };
        for (let f = 40; f < 240; f++) frame(f);
        expect(events()).toBeGreaterThan(1000);
        expect({ rasters: WorldRaster.allocations, sizes: sizes() }).toEqual(before);
    });
});
