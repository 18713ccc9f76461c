/**
 * One definition of "the collider is solid at this point" for every query: the sample of the
 * grid cell containing the point (cells of size 1 / accuracy, decided at their centres, as the
 * narrow phase samples). `CollisionSystem.queryPoint` and `PixelIntersection.point` give the
 * same answer for every point, also points on and just outside a collider's bounds whose cell
 * centre is inside; `queryRect` finds a collider iff a cell centre in the rect belongs to it;
 * `raycast` finds the first cell along the segment whose centre belongs to a collider.
 */
import fc from 'fast-check';
import { Rect, Sprite } from 'cc';
import { CollisionSystem, PixelCollider, PixelIntersection, PixelMasks, PixelShape } from 'db://pixel-collision/runtime/index';
import type { XY } from 'db://pixel-collision/runtime/index';
import { CollisionWorld, RayHit } from '../../extensions/pixel-collision/assets/core';
import type { BitMask } from '../../extensions/pixel-collision/assets/core';
import { refMember } from '../core/reference';
import { frame, freshScene, sprite, texture } from './helpers';

beforeEach(() => {
    freshScene();
    PixelMasks.clear();
});
afterEach(() => {
    CollisionSystem.instance.accuracy = 1;
});

const names = (list: readonly PixelCollider[]) => list.map((c) => c.node.name).sort();

describe('a point just outside the bounds whose cell centre is inside', () => {
    test('24x20 opaque sprite, RAW, anchor 0.5, at (0.6, 0): queryPoint, point, queryRect and raycast agree at y = 0.5, x = 12.61 / 12.7 / 12.99', () => {
        const s = sprite('S', null);
        s.sprite.sizeMode = Sprite.SizeMode.RAW;
        s.sprite.spriteFrame = frame(texture(24, 20, () => true));
        s.node.setPosition(0.6, 0, 0);
        const sys = CollisionSystem.instance;
        // The bounds end at x = 12.6; the cell [12, 13) x [0, 1) has its centre (12.5, 0.5) inside.
        for (const x of [12.61, 12.7, 12.99]) {
            const p = { x, y: 0.5 };
            expect(PixelIntersection.point(s.collider, p)).toBe(true);
            expect(names(sys.queryPoint(p))).toEqual(['S']);
            // A vertical segment through x only crosses cells whose centre is at x = 12.5.
            const hit = sys.raycast(x, -30, x, 30);
            expect(hit && hit.collider).toBe(s.collider);
            expect(hit!.point.y).toBe(-10);
        }
        // The next cell's centre (13.5, 0.5) is outside: nothing there, by every query.
        expect(PixelIntersection.point(s.collider, { x: 13, y: 0.5 })).toBe(false);
        expect(names(sys.queryPoint(13, 0.5))).toEqual([]);
        expect(sys.raycast(13.2, -30, 13.2, 30)).toBeNull();
        // A rect holding no cell centre has no sample, though it overlaps the cell.
        expect(names(sys.queryRect(new Rect(12.61, 0.1, 0.38, 0.8)))).toEqual([]);
        expect(names(sys.queryRect(new Rect(12.4, 0.1, 0.2, 0.8)))).toEqual(['S']);
    });
});

describe('raycast counts a cell only where the segment has a point in it (cells are half-open)', () => {
    const unitBoxAt = (world: CollisionWorld, x: number, y: number) => world.add({ shape: { kind: 'box', width: 1, height: 1, anchorX: 0, anchorY: 0 }, transform: { a: 1, b: 0, c: 0, d: 1, tx: x, ty: y } });

    test('a segment ending exactly on the near edge of a solid cell it moves towards in -x / -y does not enter it; in +x it does', () => {
        const world = new CollisionWorld();
        const c = unitBoxAt(world, 0, 0); // the sample of cell (0, 0) only
        const hit = new RayHit();
        expect(c.hasSampleAt(1, 0.5)).toBe(false); // x = 1 is in cell 1
        expect(world.raycast(3, 0.5, 1, 0.5, hit)).toBe(false);
        expect(world.raycast(0.5, 3, 0.5, 1, hit)).toBe(false);
        expect(world.raycast(0.5, 3, 0.5, 0.999, hit)).toBe(true);
        expect(hit.t).toBeCloseTo(2 / 2.001, 12);
        expect(c.hasSampleAt(0, 0.5)).toBe(true); // x = 0 is in cell 0
        expect(world.raycast(-2, 0.5, 0, 0.5, hit)).toBe(true);
        expect([hit.t, hit.x, hit.y]).toEqual([1, 0, 0.5]);
    });

    test('a segment through a cell corner touches at the corner only the cell on the + side of both lines', () => {
        const world = new CollisionWorld();
        const c = unitBoxAt(world, 0, 0);
        const hit = new RayHit();
        // (0, 2) -> (2, 0) passes (1, 1), the corner of cell (0, 0), which lies in cell (1, 1).
        expect(c.hasSampleAt(1, 1)).toBe(false);
        expect(world.raycast(0, 2, 2, 0, hit)).toBe(false);
        expect(world.raycast(2, 0, 0, 2, hit)).toBe(false);
        // (2, 2) -> (0, 0) enters cell (0, 0) through its corner (1, 1): just after it.
        expect(world.raycast(2, 2, 0, 0, hit)).toBe(true);
        expect([hit.t, hit.k, hit.l]).toEqual([0.5, 0, 0]);
        // A cell whose own corner the segment crosses into (+x, +y): hit at the corner itself.
        const d = unitBoxAt(world, 5, 5);
        expect(d.hasSampleAt(5, 5)).toBe(true);
        expect(world.raycast(4, 4, 6, 6, hit)).toBe(true);
        expect([hit.collider, hit.t, hit.x, hit.y]).toEqual([d, 0.5, 5, 5]);
    });
});

// Random sprites (masks of random texels, or the BOX / CIRCLE shapes), positions, rotations,
// scales (flips too) and accuracies (the collider's own, or the system default).
const colliderCase = fc.record({
    w: fc.integer({ min: 1, max: 9 }),
    h: fc.integer({ min: 1, max: 9 }),
    texels: fc.oneof(fc.constant('full' as const), fc.array(fc.boolean(), { minLength: 81, maxLength: 81 })),
    shape: fc.constantFrom(PixelShape.PIXELS, PixelShape.PIXELS, PixelShape.PIXELS, PixelShape.BOX, PixelShape.CIRCLE),
    x: fc.double({ min: -8, max: 8, noNaN: true }),
    y: fc.double({ min: -8, max: 8, noNaN: true }),
    angle: fc.oneof(fc.constantFrom(0, 90, 180, 270), fc.double({ min: 0, max: 360, noNaN: true })),
    sx: fc.oneof(fc.constantFrom(1, -1, 2, 0.5), fc.double({ min: 0.3, max: 3, noNaN: true }), fc.double({ min: -3, max: -0.3, noNaN: true })),
    sy: fc.oneof(fc.constantFrom(1, -1, 1.5), fc.double({ min: 0.3, max: 3, noNaN: true }), fc.double({ min: -3, max: -0.3, noNaN: true })),
    accuracy: fc.oneof(fc.constantFrom(0, 0.5, 1, 2, 3), fc.double({ min: 0.25, max: 4, noNaN: true })),
});
type ColliderCase = typeof colliderCase extends fc.Arbitrary<infer C> ? C : never;

/** A coordinate near a collider's bounds: on an edge, a little in or out of it (up to 1.2 cells), or inside. */
const coord = fc.record({
    side: fc.constantFrom('min' as const, 'max' as const, 'in' as const),
    off: fc.oneof(fc.constant(0), fc.constantFrom(1e-9, -1e-9, 0.5, -0.5), fc.double({ min: -1.2, max: 1.2, noNaN: true })),
});
type Coord = typeof coord extends fc.Arbitrary<infer C> ? C : never;
const pointSpec = fc.record({ of: fc.integer({ min: 0, max: 1 }), x: coord, y: coord });
type PointSpec = typeof pointSpec extends fc.Arbitrary<infer C> ? C : never;

function build(name: string, k: ColliderCase): PixelCollider {
    const bits = k.texels;
    const tex = texture(k.w, k.h, (i, j) => bits === 'full' || bits[j * 9 + i]);
    const s = sprite(name, frame(tex), { x: k.x, y: k.y, angle: k.angle, sx: k.sx, sy: k.sy });
    s.collider.shape = k.shape;
    s.collider.accuracy = k.accuracy;
    return s.collider;
}

interface Box { minX: number; minY: number; maxX: number; maxY: number }
function boundsOf(c: PixelCollider): Box {
    return c._core!.getBounds({ minX: 0, minY: 0, maxX: 0, maxY: 0 });
}

function at(b: Box, cell: number, c: Coord, axis: 'x' | 'y'): number {
    const lo = axis === 'x' ? b.minX : b.minY, hi = axis === 'x' ? b.maxX : b.maxY;
    if (c.side === 'min') return lo + c.off * cell;
    if (c.side === 'max') return hi + c.off * cell;
    return lo + ((c.off + 1.2) / 2.4) * (hi - lo);
}

/** A scene of two random colliders, stepped once (their cores exist), and points near their bounds. */
function scene(a: ColliderCase, b: ColliderCase, systemAccuracy: number) {
    freshScene();
    CollisionSystem.instance.accuracy = systemAccuracy;
    const cs = [build('A', a), build('B', b)];
    CollisionSystem.instance.step();
    const point = (spec: PointSpec): XY => {
        const c = cs[spec.of];
        const b = boundsOf(c), cell = 1 / c._core!.accuracy;
        return { x: at(b, cell, spec.x, 'x'), y: at(b, cell, spec.y, 'y') };
    };
    return { cs, point };
}

/** The independent reference for masks: the sample of the point's cell maps into an opaque texel (test/core/reference.ts, exact). */
function refPoint(c: PixelCollider, p: XY): boolean | null {
    const core = c._core!;
    if (core.shape.kind !== 'mask') return null;
    const acc = core.accuracy;
    return refMember(core.shape.mask as BitMask, core.transform, acc, Math.floor(p.x * acc), Math.floor(p.y * acc));
}

describe('one definition for every query (property tests against PixelIntersection.point)', () => {
    const sysAcc = fc.constantFrom(0.5, 1, 2);

    test('queryPoint lists exactly the colliders for which point is true, at points on, just inside and just outside their bounds; point follows the exact reference', () => {
        fc.assert(fc.property(colliderCase, colliderCase, sysAcc, fc.array(pointSpec, { minLength: 1, maxLength: 16 }), (a, b, acc, specs) => {
            const { cs, point } = scene(a, b, acc);
            const sys = CollisionSystem.instance;
            for (const spec of specs) {
                const p = point(spec);
                const want = cs.filter((c) => PixelIntersection.point(c, p));
                for (const c of cs) {
                    const ref = refPoint(c, p);
                    if (ref !== null) expect({ p, c: c.node.name, point: PixelIntersection.point(c, p) }).toEqual({ p, c: c.node.name, point: ref });
                }
                expect({ p, got: names(sys.queryPoint(p)) }).toEqual({ p, got: names(want) });
            }
        }), { numRuns: 150 });
    });

    test('queryRect finds a collider iff one of the cell centres in the closed rect is a point where point is true', () => {
        fc.assert(fc.property(colliderCase, colliderCase, sysAcc, pointSpec, pointSpec, (a, b, acc, s0, s1) => {
            const { cs, point } = scene(a, b, acc);
            const p0 = point(s0), p1 = { ...point({ ...s1, of: s0.of }) };
            const minX = Math.min(p0.x, p1.x), maxX = Math.max(p0.x, p1.x), minY = Math.min(p0.y, p1.y), maxY = Math.max(p0.y, p1.y);
            if (!(maxX > minX && maxY > minY)) return;
            // A rect edge within rounding of a cell's sample: this reference (doubles) cannot say
            // on which side the sample lies; the product decides it exactly. Such cases are skipped.
            const onSample = (v: number, ca: number) => Math.abs(v * ca - 0.5 - Math.round(v * ca - 0.5)) < 1e-9;
            if (cs.some((c) => [minX, maxX, minY, maxY].some((v) => onSample(v, c._core!.accuracy)))) return;
            const want = cs.filter((c) => {
                const ca = c._core!.accuracy;
                for (let k = Math.ceil(minX * ca - 0.5); k <= Math.floor(maxX * ca - 0.5); k++) {
                    for (let l = Math.ceil(minY * ca - 0.5); l <= Math.floor(maxY * ca - 0.5); l++) {
                        if (PixelIntersection.point(c, { x: (k + 0.5) / ca, y: (l + 0.5) / ca })) return true;
                    }
                }
                return false;
            });
            const got = CollisionSystem.instance.queryRect(new Rect(minX, minY, maxX - minX, maxY - minY));
            expect({ rect: [minX, minY, maxX, maxY], got: names(got) }).toEqual({ rect: [minX, minY, maxX, maxY], got: names(want) });
        }), { numRuns: 150 });
    });

    test('raycast along a row or a column near the bounds: the first cell whose point is true, entered where the reference enters it', () => {
        fc.assert(fc.property(colliderCase, colliderCase, sysAcc, pointSpec, fc.boolean(), fc.boolean(), (a, b, acc, spec, vertical, forward) => {
            const { cs, point } = scene(a, b, acc);
            const p = point(spec);
            const all = cs.map(boundsOf);
            const lo = Math.min(...all.map((bb) => (vertical ? bb.minY : bb.minX))) - 3;
            const hi = Math.max(...all.map((bb) => (vertical ? bb.maxY : bb.maxX))) + 3;
            const s0 = forward ? lo : hi, s1 = forward ? hi : lo;
            const from = vertical ? { x: p.x, y: s0 } : { x: s0, y: p.y }, to = vertical ? { x: p.x, y: s1 } : { x: s1, y: p.y };
            // Reference: walk each collider's cells along the line and take the first one whose point is true.
            let best: { c: PixelCollider; t: number } | null = null;
            for (const c of cs) {
                const ca = c._core!.accuracy;
                const first = Math.floor(s0 * ca), last = Math.floor(s1 * ca), step = forward ? 1 : -1;
                for (let m = first; forward ? m <= last : m >= last; m += step) {
                    const mid = (m + 0.5) / ca;
                    if (!PixelIntersection.point(c, vertical ? { x: p.x, y: mid } : { x: mid, y: p.y })) continue;
                    const enter = forward ? Math.max(s0, m / ca) : Math.min(s0, (m + 1) / ca);
                    const t = (enter - s0) / (s1 - s0);
                    if (!best || t < best.t - 1e-12) best = { c, t };
                    break;
                }
            }
            const hit = CollisionSystem.instance.raycast(from, to);
            if (!best) {
                expect({ from, to, hit: hit && hit.collider!.node.name }).toEqual({ from, to, hit: null });
                return;
            }
            expect(hit).not.toBeNull();
            expect(hit!.fraction).toBeCloseTo(best.t, 9);
            // Two colliders entered at the same fraction: either is first by the definition (the lower id wins).
            const tied = cs.filter((c) => c === best!.c || Math.abs(hit!.fraction - best!.t) < 1e-9);
            expect(tied.map((c) => c.node.name)).toContain(hit!.collider!.node.name);
        }), { numRuns: 150 });
    });

    test('raycast along any segment near the bounds: where it hits, point turns true there and nowhere before it', () => {
        fc.assert(fc.property(colliderCase, colliderCase, sysAcc, pointSpec, pointSpec, (a, b, acc, s0, s1) => {
            const { cs, point } = scene(a, b, acc);
            const p0 = point(s0), p1 = point(s1);
            if (p0.x === p1.x && p0.y === p1.y) return;
            const hit = CollisionSystem.instance.raycast(p0, p1);
            const along = (t: number): XY => ({ x: p0.x + (p1.x - p0.x) * t, y: p0.y + (p1.y - p0.y) * t });
            const end = hit ? hit.fraction : 1;
            // A point of the segment computed in doubles is off by rounding: in fractions of the
            // segment, up to `tol` (large only for the shortest segments).
            const tol = 8e-16 * (Math.abs(p0.x) + Math.abs(p0.y) + Math.abs(p1.x) + Math.abs(p1.y) + 1) / Math.max(Math.abs(p1.x - p0.x), Math.abs(p1.y - p0.y));
            // How far a point of the segment computed in doubles can lie from the true one, per axis.
            const e = 8e-16 * (Math.abs(p0.x) + Math.abs(p0.y) + Math.abs(p1.x) + Math.abs(p1.y) + 1);
            // A computed point within that distance of a cell edge of the collider's grid: the
            // reference cannot say in which cell the true point lies (a segment nearly parallel to
            // an edge runs within rounding of it for a long stretch), so it is not checked.
            const nearEdge = (v: number, ca: number) => Math.abs(v * ca - Math.round(v * ca)) <= e * ca;
            // Before the hit (or along the whole segment when there is none), no collider is solid.
            const N = 400;
            for (let i = 0; i < N; i++) {
                const t = (i / N) * end;
                if (t >= end - tol) break;
                const q = along(t);
                for (const c of cs) {
                    const ca = c._core!.accuracy;
                    if (nearEdge(q.x, ca) || nearEdge(q.y, ca)) continue;
                    expect({ t, c: c.node.name, solid: PixelIntersection.point(c, q) }).toEqual({ t, c: c.node.name, solid: false });
                }
            }
            if (hit) {
                // Where it enters (a step in +x / +y, or the start) or just after (a step in -x / -y:
                // the edge belongs to the cell before), the hit collider is solid, up to rounding: a
                // segment passing within rounding of a cell corner may be walked through either side
                // cell, so points within a rounding distance of the segment count too.
                const near = (q: XY) => [-e, 0, e].some((ex) => [-e, 0, e].some((ey) => PixelIntersection.point(hit.collider!, { x: q.x + ex, y: q.y + ey })));
                let solid = near(along(hit.fraction));
                for (let i = 1; i <= 8 && !solid; i++) solid = near(along(Math.min(1, hit.fraction + (i / 8) * (4 * tol + 1e-9))));
                expect({ p0, p1, f: hit.fraction, solid }).toEqual({ p0, p1, f: hit.fraction, solid: true });
                expect(hit.point.x).toBeCloseTo(along(hit.fraction).x, 9);
            }
        }), { numRuns: 150 });
    });
});
