/**
 * Seeded random pairs shared by the GPU tests (Node, with the software device) and the browser
 * contract test (WebGL2 in headless Chromium): generated in Node and sent to the page as plain
 * data, so both sides test exactly the same numbers.
 *
 * Transforms: rotations (any angle, and quarter turns built with cos/sin, which leave ~1e-16
 * where 0 belongs), flips, non-uniform scale, skew (a parent with a shear), half-integer
 * positions of odd-sized masks (samples exactly on texel edges), accuracies 0.25-4, and
 * atlas-framed masks (a trimmed frame: offset inside its original size; a rotated frame: stored
 * turned 90 degrees clockwise, displayed turned back).
 */
import { affine, affineFromTRS, affineMultiply, BitMask, CollisionWorld, Contact, CpuNarrowPhase } from '../../extensions/pixel-collision/assets/core';
import type { Affine2D, Collider } from '../../extensions/pixel-collision/assets/core';
import { randomMask, rng } from '../fixtures/masks';
import type { Rng } from '../fixtures/masks';

export interface MaskData { w: number; h: number; bits: number[] }
export interface PairData { ma: number; mb: number; ta: number[]; tb: number[]; acc: number }
export interface CaseData { masks: MaskData[]; pairs: PairData[] }

const ACCS = [0.25, 0.5, 1, 1, 1, 1.5, 2, 3, 4];

function maskData(m: BitMask): MaskData {
    return { w: m.width, h: m.height, bits: Array.from(m.bits) };
}

export function toMask(d: MaskData): BitMask {
    return new BitMask(d.w, d.h, Uint32Array.from(d.bits));
}

export function toAffine(t: number[]): Affine2D {
    return affine(t[0], t[1], t[2], t[3], t[4], t[5]);
}

function flat(t: Affine2D): number[] {
    return [t.a, t.b, t.c, t.d, t.tx, t.ty];
}

/** A world transform for mask m (local y down, world y up) of one of several kinds. */
function transformFor(r: Rng, m: BitMask, cx: number, cy: number): Affine2D {
    const kind = Math.floor(r() * 7);
    const t = affine(1, 0, 0, 1, 0, 0);
    const centre = affine(1, 0, 0, 1, -m.width / 2, -m.height / 2);
    const flipY = affine(1, 0, 0, -1, 0, 0); // image y down -> world y up
    switch (kind) {
        case 0: // unrotated, unscaled, integer or half-integer position (edge samples for odd sizes)
            affineFromTRS(t, Math.round(cx * 2) / 2, Math.round(cy * 2) / 2, 0, r() < 0.3 ? -1 : 1, r() < 0.3 ? -1 : 1);
            break;
        case 1: // quarter turns through cos/sin (not exact zeros)
            affineFromTRS(t, Math.round(cx), Math.round(cy), (Math.PI / 2) * Math.floor(r() * 4), 1, r() < 0.5 ? -1 : 1);
            break;
        case 2: { // skew through a parent
            affineFromTRS(t, cx, cy, r() * 6.3, 0.5 + r() * 1.5, 0.5 + r() * 1.5);
            const shear = affine(1, 0, (r() - 0.5) * 1.2, 1, 0, 0);
            affineMultiply(t, t, shear);
            break;
        }
        default: // rotation, non-uniform scale, flips
            affineFromTRS(t, cx, cy, r() < 0.2 ? 0 : r() * 6.3, (0.4 + r() * 1.8) * (r() < 0.25 ? -1 : 1), (0.4 + r() * 1.8) * (r() < 0.25 ? -1 : 1));
    }
    affineMultiply(t, t, flipY);
    return affineMultiply(t, t, centre);
}

/**
 * An atlas-framed mask: the frame's displayed mask `m` inside an original size with a trim
 * offset, or stored rotated in the atlas. Returns the mask the collider uses and the local
 * transform from its texel space to the displayed frame's texel space.
 */
function framed(r: Rng, m: BitMask): { mask: BitMask; local: Affine2D } {
    const kind = Math.floor(r() * 3);
    if (kind === 0) return { mask: m, local: affine(1, 0, 0, 1, 0, 0) };
    if (kind === 1) {
        // Trimmed: the frame's texels sit at (ox, oy) of the untrimmed image.
        return { mask: m, local: affine(1, 0, 0, 1, Math.floor(r() * 5), Math.floor(r() * 5)) };
    }
    // Rotated in the atlas (stored 90 degrees clockwise: stored texel (i, j) is displayed
    // texel (j, h - 1 - i)): the collider keeps the stored mask and maps it back.
    const stored = m.rotate90();
    // displayed (x, y) = (v, h - u) for stored local (u, v).
    return { mask: stored, local: affine(0, -1, 1, 0, 0, m.height) };
}

/** `n` random pairs near each other (about 40% hit), masks up to `maxSize` texels a side. */
export function makeCases(seed: number, n: number, maxSize = 24): CaseData {
    const r = rng(seed);
    const masks: MaskData[] = [];
    const pairs: PairData[] = [];
    const add = (m: BitMask): number => { masks.push(maskData(m)); return masks.length - 1; };
    for (let i = 0; i < n; i++) {
        const da = randomMask(r, maxSize), db = randomMask(r, maxSize);
        const fa = framed(r, da), fb = framed(r, db);
        const ta = affineMultiply(affine(1, 0, 0, 1, 0, 0), transformFor(r, da, r() * 16, r() * 16), fa.local);
        const tb = affineMultiply(affine(1, 0, 0, 1, 0, 0), transformFor(r, db, r() * 16, r() * 16), fb.local);
        // Sometimes the same mask on both sides, or reused from an earlier pair (atlas cache).
        const ma = add(fa.mask);
        const mb = r() < 0.1 ? ma : add(fb.mask);
        pairs.push({ ma, mb, ta: flat(ta), tb: flat(tb), acc: ACCS[Math.floor(r() * ACCS.length)] });
    }
    return { masks, pairs };
}

/** The case's pairs as colliders of one world (A and B of pair i are `as[i]`, `bs[i]`). */
export interface Scene { world: CollisionWorld; as: Collider[]; bs: Collider[]; acc: Float64Array; n: number }

/** Builds the colliders of a case (in Node for the CPU answers, in the page for the GPU). */
export function buildScene(data: CaseData): Scene {
    const world = new CollisionWorld();
    const masks = data.masks.map(toMask);
    const as: Collider[] = [], bs: Collider[] = [];
    const acc = new Float64Array(data.pairs.length);
    data.pairs.forEach((p, i) => {
        as.push(world.add({ shape: { kind: 'mask', mask: masks[p.ma] }, transform: toAffine(p.ta), accuracy: p.acc }));
        bs.push(world.add({ shape: { kind: 'mask', mask: masks[p.mb] }, transform: toAffine(p.tb), accuracy: p.acc }));
        acc[i] = p.acc;
    });
    return { world, as, bs, acc, n: data.pairs.length };
}

/** Contact fields in the order the page flattens them. */
export function flatten(cs: readonly Contact[]): number[] {
    const flat: number[] = [];
    for (const c of cs) flat.push(c.hit ? 1 : 0, c.count, c.minX, c.minY, c.maxX, c.maxY, c.centroidX, c.centroidY, c.normalX, c.normalY, c.frame);
    return flat;
}

/** The CPU narrow phase's contacts of a case, flattened like the page does. */
export function cpuContacts(data: CaseData, frame: number): { flat: number[]; as: Collider[]; bs: Collider[] } {
    const s = buildScene(data);
    const cs = Array.from({ length: s.n }, () => new Contact());
    new CpuNarrowPhase().run(s.as, s.bs, s.n, s.acc, cs, frame, false);
    return { flat: flatten(cs), as: s.as, bs: s.bs };
}

/** The contact fields every GPU backend must give bit for bit as the CPU does. */
export const CONTACT_FIELDS = ['hit', 'count', 'minX', 'minY', 'maxX', 'maxY', 'centroidX', 'centroidY', 'normalX', 'normalY', 'accuracy'] as const;

/** Throws, naming the field, where `got` differs from the CPU's `want`. */
export function expectSameContact(got: Contact, want: Contact, what: string): void {
    for (const k of CONTACT_FIELDS) if (got[k] !== want[k]) throw new Error(`${what}: ${k} is ${got[k]}, the CPU says ${want[k]}`);
}

/** The CPU narrow phase's contacts of a scene's pairs (frame 5, no separation). */
export function cpuRun(s: Scene): Contact[] {
    const c = Array.from({ length: s.n }, () => new Contact());
    new CpuNarrowPhase().run(s.as, s.bs, s.n, s.acc, c, 5, false);
    return c;
}
