/**
 * The narrow-phase contract: every backend (CPU now; the GPU backends of later issues join the
 * BACKENDS list) must give the answer of the one definition of colliding, checked against the
 * brute-force reference sampler, on the same seeded pairs. Like cocos' physics-2d suite, one
 * suite loops over every backend.
 */
import {
    affine, affineFromTRS, affineMultiply, Collider, CollisionWorld, Contact, CpuNarrowPhase,
} from '../../extensions/pixel-collision/assets/core';
import type { NarrowPhase } from '../../extensions/pixel-collision/assets/core';
import { refTest } from '../core/reference';
import { randomMask, rng } from '../fixtures/masks';

const BACKENDS: [string, () => NarrowPhase][] = [
    ['cpu', () => new CpuNarrowPhase()],
];

describe.each(BACKENDS)('narrow-phase backend %s', (_name, make) => {
    it('decides a batch of random mask pairs like the reference (hit, count, rect, centroid, unit normal)', () => {
        const backend = make();
        const world = new CollisionWorld({ narrowPhase: backend });
        const r = rng(2024);
        const as: Collider[] = [], bs: Collider[] = [];
        const acc = new Float64Array(200);
        const contacts: Contact[] = [];
        const t = affine(1, 0, 0, 1, 0, 0);
        for (let i = 0; i < 200; i++) {
            const ma = randomMask(r), mb = randomMask(r);
            const mk = (m: typeof ma) => {
                affineFromTRS(t, r() * 16, r() * 16, r() < 0.3 ? 0 : r() * 6.3, 0.5 + r() * 1.5, -(0.5 + r() * 1.5));
                return affineMultiply(affine(1, 0, 0, 1, 0, 0), t, affine(1, 0, 0, 1, -m.width / 2, -m.height / 2));
            };
            acc[i] = [0.5, 1, 1, 2][Math.floor(r() * 4)];
            as.push(world.add({ shape: { kind: 'mask', mask: ma }, transform: mk(ma), accuracy: acc[i] }));
            bs.push(world.add({ shape: { kind: 'mask', mask: mb }, transform: mk(mb), accuracy: acc[i] }));
            contacts.push(new Contact());
        }
        const frame = backend.run(as, bs, 200, acc, contacts, 7, false);
        expect(frame).toBe(7); // synchronous backends answer for the frame they were given
        let hits = 0;
        for (let i = 0; i < 200; i++) {
            const a = as[i], b = bs[i], c = contacts[i];
            const sa = a.shape, sb = b.shape;
            if (sa.kind !== 'mask' || sb.kind !== 'mask') throw new Error('unreachable');
            const ref = refTest(sa.mask, a.transform, sb.mask, b.transform, acc[i]);
            expect(c.hit).toBe(ref.hit);
            expect(c.count).toBe(ref.count);
            expect(c.frame).toBe(7);
            if (!ref.hit) continue;
            hits++;
            const s = 1 / acc[i];
            expect([c.minX, c.minY, c.maxX, c.maxY]).toEqual([ref.minK * s, ref.minL * s, (ref.maxK + 1) * s, (ref.maxL + 1) * s]);
            expect(c.centroidX).toBeCloseTo((ref.sumK / ref.count + 0.5) * s, 9);
            expect(c.centroidY).toBeCloseTo((ref.sumL / ref.count + 0.5) * s, 9);
            expect(Math.hypot(c.normalX, c.normalY)).toBeCloseTo(1, 12);
        }
        expect(hits).toBeGreaterThan(40);
    });

    it('testPair agrees with run, and separations end the overlap', () => {
        const backend = make();
        const world = new CollisionWorld({ narrowPhase: backend });
        const r = rng(99);
        const n = 100;
        const as: Collider[] = [], bs: Collider[] = [], contacts: Contact[] = [];
        const acc = new Float64Array(n);
        for (let i = 0; i < n; i++) {
            const ma = randomMask(r), mb = randomMask(r);
            const rot = i % 3 === 0 ? r() * 6.3 : 0; // some rotated pairs (rasterized), most views
            as.push(world.add({ shape: { kind: 'mask', mask: ma }, transform: affine(Math.cos(rot), Math.sin(rot), Math.sin(rot), -Math.cos(rot), r() * 10, r() * 10) }));
            bs.push(world.add({ shape: { kind: 'mask', mask: mb }, transform: affine(1, 0, 0, -1, r() * 10, r() * 10) }));
            acc[i] = i % 4 === 0 ? 2 : 1;
            contacts.push(new Contact());
        }
        // The batch first (with separations), then every pair alone: the same contact, field by field.
        const frame = backend.run(as, bs, n, acc, contacts, 3, true);
        const one = new Contact(), check = new Contact();
        let hits = 0, separated = 0;
        for (let i = 0; i < n; i++) {
            const a = as[i], b = bs[i], c = contacts[i];
            expect(c.frame).toBe(frame);
            expect(backend.testPair(a, b, acc[i], true, one)).toBe(c.hit);
            expect([one.hit, one.count, one.minX, one.minY, one.maxX, one.maxY, one.accuracy]).toEqual([c.hit, c.count, c.minX, c.minY, c.maxX, c.maxY, c.accuracy]);
            expect(one.centroidX).toBeCloseTo(c.centroidX, 9);
            expect(one.centroidY).toBeCloseTo(c.centroidY, 9);
            expect(one.normalX).toBeCloseTo(c.normalX, 9);
            expect(one.normalY).toBeCloseTo(c.normalY, 9);
            expect([one.hasSeparation, one.separationX, one.separationY]).toEqual([c.hasSeparation, c.separationX, c.separationY]);
            if (!one.hit) continue;
            hits++;
            expect(one.hasSeparation).toBe(true);
            // Applied to B, the separation ends the overlap.
            const moved = { ...b.transform, tx: b.transform.tx + one.separationX, ty: b.transform.ty + one.separationY };
            world.setTransform(b, moved);
            expect(backend.testPair(a, b, acc[i], false, check)).toBe(false);
            separated++;
        }
        expect(hits).toBeGreaterThan(20);
        expect(separated).toBe(hits);
    });
});
