/**
 * A skeleton part's mask is its atlas page cut to the triangle's texel box (so the rasterizer
 * walks one region's texels, not the page's): the same samples as the whole page under the same
 * triangle, made once per page and box, dropped when the page changes, and bounded.
 */
import fc from 'fast-check';
import { BitMask, Collider } from 'db://pixel-collision/core/index';
import { checkParts } from 'db://pixel-collision/core/parts';
import type { ColliderPart } from 'db://pixel-collision/core/index';
import { DrawnTriangles, PageCrops, SKELETON_PATHS, SkeletonParts } from 'db://pixel-collision/runtime/skeleton-parts';
import { rng } from '../fixtures/masks';

function randomPage(w: number, h: number, seed: number): BitMask {
    const r = rng(seed);
    const m = new BitMask(w, h);
    for (let j = 0; j < h; j++) for (let i = 0; i < w; i++) if (r() < 0.55) m.set(i, j, true);
    return m;
}

function build(tri: DrawnTriangles, page: BitMask, crop: boolean, quads = false): ColliderPart[] {
    SKELETON_PATHS.crop = crop;
    SKELETON_PATHS.quads = quads;
    try {
        // (A builder of its own: it reuses its part objects.)
        const b = new SkeletonParts();
        const parts = b.build(tri, [page]);
        lastQuads = b.quads;
        smeared += b.smeared;
        return parts;
    } finally {
        SKELETON_PATHS.crop = true;
        SKELETON_PATHS.quads = true;
    }
}

afterAll(() => { SKELETON_PATHS.crop = true; SKELETON_PATHS.quads = true; });
let smeared = 0, lastQuads = 0;

/** Whether world point (x, y) lies, for some part, within 1e-9 texels of a texel edge of its page. */
function onTexelEdge(parts: ColliderPart[], t: { a: number; b: number; c: number; d: number; tx: number; ty: number }, x: number, y: number): boolean {
    for (const p of parts) {
        const m = p.transform;
        const A = t.a * m.a + t.c * m.b, B = t.b * m.a + t.d * m.b, C = t.a * m.c + t.c * m.d, D = t.b * m.c + t.d * m.d;
        const TX = t.a * m.tx + t.c * m.ty + t.tx, TY = t.b * m.tx + t.d * m.ty + t.ty;
        const det = A * D - B * C, dx = x - TX, dy = y - TY;
        const u = (D * dx - C * dy) / det, v = (A * dy - B * dx) / det;
        const tol = 1e-9 * (1 + Math.abs(u) + Math.abs(v)) * Math.max(1, Math.abs(1 / det) * (Math.abs(A) + Math.abs(B) + Math.abs(C) + Math.abs(D)) * (Math.abs(x) + Math.abs(y) + Math.abs(TX) + Math.abs(TY)));
        if (Math.abs(u - Math.round(u)) <= tol || Math.abs(v - Math.round(v)) <= tol) return true;
    }
    return false;
}

describe('skeleton parts: page crops', () => {
    test('a part cut to its texel box holds the same samples as the whole page, but for rounding ties (property)', () => {
        const page = randomPage(96, 64, 7);
        let cropped = 0, solid = 0;
        // Triangles of an attachment: a few texels to a quarter of the page, corners on texel
        // edges (a region's) or anywhere (a mesh's), drawn anywhere.
        const texelArb = fc.oneof(fc.integer({ min: 0, max: 24 }), fc.integer({ min: 0, max: 24 * 1024 }).map((n) => n / 1024));
        const nodeArb = fc.integer({ min: -40 * 64, max: 40 * 64 }).map((n) => n / 64 + 1e-7 * (n % 7));
        const triArb = fc.tuple(fc.integer({ min: 0, max: 72 }), fc.integer({ min: 0, max: 40 }), fc.array(fc.tuple(texelArb, texelArb, nodeArb, nodeArb), { minLength: 3, maxLength: 3 }))
            .map(([i, j, corners]) => corners.map(([s, t, x, y]) => [[(i + s) / 96, (j + t) / 64], x, y] as [[number, number], number, number]));
        const accArb = fc.constantFrom(1, 2, 0.5);
        fc.assert(fc.property(fc.array(triArb, { minLength: 1, maxLength: 4 }), accArb, fc.double({ min: 0, max: 6.3, noNaN: true }), (tris, acc, rot) => {
            const tri = new DrawnTriangles();
            const t = tri.textureIndex({} as never);
            for (const [[uv0, x0, y0], [uv1, x1, y1], [uv2, x2, y2]] of tris) tri.push(x0, y0, uv0[0], uv0[1], x1, y1, uv1[0], uv1[1], x2, y2, uv2[0], uv2[1], t);
            smeared = 0;
            const cut = build(tri, page, true), whole = build(tri, page, false);
            // (A triangle whose texture coordinates have almost no area stretches the whole page
            // beyond what the rasterizer takes, and is left out there: not comparable.)
            fc.pre(smeared === 0);
            expect(cut.length).toBe(whole.length);
            expect(cut.every((p, n) => p.mask !== page || whole[n].mask === page)).toBe(true);
            cropped += cut.filter((p) => p.mask !== page).length;
            const transform = { a: Math.cos(rot), b: Math.sin(rot), c: -Math.sin(rot), d: Math.cos(rot), tx: 3, ty: -2 };
            const ca = new Collider({ shape: { kind: 'parts', parts: cut }, transform, accuracy: acc });
            const cb = new Collider({ shape: { kind: 'parts', parts: whole }, transform, accuracy: acc });
            // The same samples, but for ties: a sample the page's map puts within rounding of a
            // texel edge may fall either side under the crop's map (another sum of the same terms).
            let ties = 0, inCut = 0;
            for (let l = Math.floor(-60 * acc); l <= 60 * acc; l++) for (let k = Math.floor(-60 * acc); k <= 60 * acc; k++) {
                const x = ca._hasSampleInCell(k, l);
                if (x) inCut++;
                if (x === cb._hasSampleInCell(k, l)) continue;
                if (!onTexelEdge(whole, transform, (k + 0.5) / acc, (l + 0.5) / acc)) throw new Error(`cell (${k}, ${l}): cut ${x}, page ${!x}`);
                ties++;
            }
            // (The cut raster, exact, against its own sample queries; the page's raster may be
            // refused where a thin triangle stretches the whole page over too many cells.)
            expect(ca._raster(acc).count()).toBe(inCut);
            solid += inCut;
        }), { numRuns: 60 });
        expect(cropped).toBeGreaterThan(30);
        expect(solid).toBeGreaterThan(10000);
    });

    test('crops are made once per page and box, small, and remade when the page changes', () => {
        const page = randomPage(128, 64, 3);
        const crops = new PageCrops();
        const c = crops.get(page, 10, 5, 16, 14);
        expect(c).not.toBe(page);
        expect(c.width).toBe(16);
        expect(c.height).toBe(14);
        for (let j = 0; j < 14; j++) for (let i = 0; i < 16; i++) expect(c.get(i, j)).toBe(page.get(10 + i, 5 + j));
        expect(crops.get(page, 10, 5, 16, 14)).toBe(c);
        expect(crops.size(page)).toBe(1);
        // A box of half the page or more: the page itself.
        expect(crops.get(page, 0, 0, 64, 64)).toBe(page);
        page.set(11, 6, !page.get(11, 6));
        const d = crops.get(page, 10, 5, 16, 14);
        expect(d).not.toBe(c);
        expect(d.get(1, 1)).toBe(page.get(11, 6));
    });

    test('a page\'s crops are bounded: past sixteen times its words, they are made again as needed', () => {
        const page = randomPage(256, 256, 5);
        const crops = new PageCrops();
        const made = new Set<BitMask>();
        for (let n = 0; n < 400; n++) {
            const m = crops.get(page, n % 100, (7 * n) % 101, 120, 120);
            expect(m).not.toBe(page);
            expect(m.get(3, 4)).toBe(page.get(n % 100 + 3, (7 * n) % 101 + 4));
            made.add(m);
            expect(crops.words(page)).toBeLessThanOrEqual(16 * page.bits.length + m.bits.length);
        }
        expect(made.size).toBeGreaterThan(101);
    });

    test('a region\'s quad (two triangles of one map over a rectangle of whole texels) is one part with no clip: the two clipped triangles\' samples, but at the quad\'s edge (property)', () => {
        const page = randomPage(96, 64, 11);
        const rectArb = fc.record({
            x: fc.integer({ min: 0, max: 80 }), y: fc.integer({ min: 0, max: 50 }), w: fc.integer({ min: 1, max: 16 }), h: fc.integer({ min: 1, max: 14 }),
            rot: fc.double({ min: 0, max: 6.3, noNaN: true }), sx: fc.double({ min: 0.3, max: 3, noNaN: true }), sy: fc.double({ min: 0.3, max: 3, noNaN: true }),
            skew: fc.double({ min: -0.5, max: 0.5, noNaN: true }), tx: fc.double({ min: -20, max: 20, noNaN: true }), ty: fc.double({ min: -20, max: 20, noNaN: true }),
            diagonal: fc.boolean(), rotateCorners: fc.integer({ min: 0, max: 3 }),
        });
        fc.assert(fc.property(fc.array(rectArb, { minLength: 1, maxLength: 3 }), fc.constantFrom(1, 2, 0.5), (rects, acc) => {
            const tri = new DrawnTriangles();
            const t = tri.textureIndex({} as never);
            for (const r of rects) {
                // Texel (s, t) -> local: scale, skew, turn (y up in local, texel rows down).
                const c = Math.cos(r.rot), sn = Math.sin(r.rot);
                const map = (s: number, tt: number): [number, number] => {
                    const lx = r.sx * (s - r.x) + r.skew * (tt - r.y), ly = -r.sy * (tt - r.y);
                    return [c * lx - sn * ly + r.tx, sn * lx + c * ly + r.ty];
                };
                const corners: [number, number][] = [[r.x, r.y], [r.x + r.w, r.y], [r.x + r.w, r.y + r.h], [r.x, r.y + r.h]];
                const q = [0, 1, 2, 3].map((n) => corners[(n + r.rotateCorners) % 4]);
                const halves = r.diagonal ? [[q[0], q[1], q[2]], [q[2], q[3], q[0]]] : [[q[0], q[1], q[3]], [q[1], q[2], q[3]]];
                for (const h of halves) {
                    // (Texture coordinates as the engine has them: float32.)
                    const v = h.map(([s, tt]) => [...map(s, tt), Math.fround(s / 96), Math.fround(tt / 64)]);
                    tri.push(v[0][0], v[0][1], v[0][2], v[0][3], v[1][0], v[1][1], v[1][2], v[1][3], v[2][0], v[2][1], v[2][2], v[2][3], t);
                }
            }
            smeared = 0;
            const quads = build(tri, page, true, true);
            expect(lastQuads).toBe(rects.length);
            expect(quads.length).toBe(rects.length);
            expect(quads.every((p) => p.clip === null && p.mask !== page)).toBe(true);
            const halves = build(tri, page, true, false);
            expect(halves.length).toBe(2 * rects.length);
            const ca = new Collider({ shape: { kind: 'parts', parts: quads.map((p) => ({ ...p, transform: { ...p.transform } })) }, accuracy: acc });
            const cb = new Collider({ shape: { kind: 'parts', parts: halves.map((p) => ({ ...p, transform: { ...p.transform }, clip: Float64Array.from(p.clip as Float64Array) })) }, accuracy: acc });
            let differ = 0, inside = 0;
            for (let l = Math.floor(-80 * acc); l <= 80 * acc; l++) for (let k = Math.floor(-80 * acc); k <= 80 * acc; k++) {
                const x = ca._hasSampleInCell(k, l);
                if (x) inside++;
                if (x === cb._hasSampleInCell(k, l)) continue;
                // Only at a quad's edge: the sample within rounding of the rectangle's border in
                // texels; or a rounding tie on a texel edge inside (the triangles' maps come from
                // float32 texture coordinates, the quad's from whole texels), not counted.
                const px = (k + 0.5) / acc, py = (l + 0.5) / acc;
                let near = false, tie = false;
                for (const p of quads) {
                    const m = p.transform, det = m.a * m.d - m.b * m.c;
                    const u = (m.d * (px - m.tx) - m.c * (py - m.ty)) / det, v = (m.a * (py - m.ty) - m.b * (px - m.tx)) / det;
                    const W = p.mask.width, H = p.mask.height, e = 1e-3;
                    if (!(u > -e && u < W + e && v > -e && v < H + e)) continue;
                    if (Math.abs(u) < e || Math.abs(u - W) < e || Math.abs(v) < e || Math.abs(v - H) < e) near = true;
                    else if (Math.abs(u - Math.round(u)) < 1e-6 || Math.abs(v - Math.round(v)) < 1e-6) tie = true;
                }
                if (tie && !near) continue;
                if (!near) throw new Error(`cell (${k}, ${l}): quad ${x}, triangles ${!x}, away from an edge; ${JSON.stringify(rects)} at accuracy ${acc}`);
                differ++;
            }
            expect(ca._raster(acc).count()).toBe(inside);
            expect(differ).toBeLessThanOrEqual(Math.max(4, inside / 20));
        }), { numRuns: 60 });
    });

    test('one builder over many frames (corners moving, attachments switching, pages changing) gives the parts a new builder gives (property)', () => {
        const bits = [randomPage(96, 64, 21).bits, randomPage(96, 64, 22).bits];
        // An attachment: a region's quad (two triangles over whole texels) or a mesh triangle, on page 0 or 1.
        const attArb = fc.record({
            quad: fc.boolean(), page: fc.integer({ min: 0, max: 1 }),
            x: fc.integer({ min: 0, max: 80 }), y: fc.integer({ min: 0, max: 50 }), w: fc.integer({ min: 1, max: 14 }), h: fc.integer({ min: 1, max: 12 }),
            frac: fc.integer({ min: 0, max: 1023 }),
        });
        const frameArb = fc.record({
            rot: fc.double({ min: 0, max: 6.3, noNaN: true }), s: fc.double({ min: 0.5, max: 2.5, noNaN: true }), tx: fc.double({ min: -30, max: 30, noNaN: true }),
            // What this frame draws: a slice of the attachments (switches shift the indices), one maybe swapped for another.
            // (Mostly what the last frame drew, so the builder's cache is used: only the corners move.)
            from: fc.oneof({ weight: 4, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: fc.integer({ min: 0, max: 2 }) }),
            swap: fc.option(fc.tuple(fc.nat(), attArb), { nil: null, freq: 4 }),
            crop: fc.oneof({ weight: 4, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.boolean() }),
            quads: fc.oneof({ weight: 4, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.boolean() }),
            otherPage: fc.oneof({ weight: 4, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
            editPage: fc.option(fc.tuple(fc.nat(), fc.nat()), { nil: null, freq: 4 }),
            // (A corner the engine got wrong: the builder leaves its triangle out.)
            bad: fc.option(fc.tuple(fc.nat(), fc.constantFrom(NaN, Infinity, -Infinity, 1e300)), { nil: null, freq: 4 }),
        });
        fc.assert(fc.property(fc.array(attArb, { minLength: 2, maxLength: 7 }), fc.array(frameArb, { minLength: 2, maxLength: 8 }), (atts, frames) => {
            const kept = new SkeletonParts();
            // (Two pages of one version, made for each run: only the page object tells them apart.)
            const pages = bits.map((b) => { const m = new BitMask(96, 64); m.bits.set(b); m.changed(); return m; });
            const texA = {} as never, texB = {} as never;
            for (const f of frames) {
                const list = atts.slice(f.from);
                if (f.swap && list.length) list[f.swap[0] % list.length] = f.swap[1];
                const tri = new DrawnTriangles();
                const c = Math.cos(f.rot), sn = Math.sin(f.rot);
                const at = (s: number, t: number): [number, number] => [f.s * (c * s - sn * t) + f.tx, f.s * (sn * s + c * t)];
                for (const a of list) {
                    // (otherPage: every attachment drawn from the other page, the same coordinates.)
                    const tex = tri.textureIndex((a.page === 0) !== f.otherPage ? texA : texB);
                    const x1 = a.x + a.w, y1 = a.y + a.h, off = a.quad ? 0 : a.frac / 1024;
                    const v = [[a.x + off, a.y], [x1, a.y], [x1, y1 - off], [a.x, y1]].map(([s, t]) => [...at(s, -t), Math.fround(s / 96), Math.fround(t / 64)]);
                    tri.push(v[0][0], v[0][1], v[0][2], v[0][3], v[1][0], v[1][1], v[1][2], v[1][3], v[2][0], v[2][1], v[2][2], v[2][3], tex);
                    tri.push(v[2][0], v[2][1], v[2][2], v[2][3], v[3][0], v[3][1], v[3][2], v[3][3], v[0][0], v[0][1], v[0][2], v[0][3], tex);
                }
                // (editPage: page 0 edited in place, as a mask painted in the editor is.)
                if (f.editPage) {
                    const x0 = f.editPage[0] % 88, y0 = f.editPage[1] % 56;
                    for (let y = y0; y < y0 + 8; y++) for (let x = x0; x < x0 + 8; x++) pages[0].set(x, y, !pages[0].get(x, y));
                }
                if (f.bad && tri.n > 0) tri.xy[(f.bad[0] % (6 * tri.n))] = f.bad[1];
                const masks = tri.textures.slice(0, tri.texCount).map((t) => (t === texA ? pages[0] : pages[1]));
                SKELETON_PATHS.crop = f.crop;
                SKELETON_PATHS.quads = f.quads;
                try {
                    const got = kept.build(tri, masks).map((p) => ({ mask: p.mask, t: { ...p.transform }, clip: p.clip ? Array.from(p.clip) : null }));
                    const want = new SkeletonParts().build(tri, masks).map((p) => ({ mask: p.mask, t: { ...p.transform }, clip: p.clip ? Array.from(p.clip) : null }));
                    // The world takes the builder's parts unchecked (trustParts): they pass the check.
                    expect(() => checkParts(kept.parts.slice())).not.toThrow();
                    expect(got.length).toBe(want.length);
                    got.forEach((g, n) => {
                        // (The same texels: the crop set may have been dropped and made again
                        // between the two builds, so not always the same object.)
                        const a = g.mask, b = want[n].mask;
                        expect([a.width, a.height, Array.from(a.bits)]).toEqual([b.width, b.height, Array.from(b.bits)]);
                        expect(g.t).toEqual(want[n].t);
                        expect(g.clip).toEqual(want[n].clip);
                    });
                } finally {
                    SKELETON_PATHS.crop = true;
                    SKELETON_PATHS.quads = true;
                }
            }
        }), { numRuns: 150 });
    });

    test('a builder\'s parts list is taken unchecked; any other list is checked', () => {
        const b = new SkeletonParts();
        const bad = [{ mask: null, transform: { a: NaN, b: 0, c: 0, d: 1, tx: 0, ty: 0 } }] as unknown as ColliderPart[];
        expect(() => checkParts(bad)).toThrow(/needs mask: a BitMask/);
        (b.parts as ColliderPart[]).push(...bad);
        expect(() => checkParts(b.parts)).not.toThrow();
        expect(() => checkParts(b.parts.slice())).toThrow(/needs mask: a BitMask/);
    });

    test('triangles that are not one map over whole texels stay two clipped parts', () => {
        const page = randomPage(96, 64, 12);
        const tri = new DrawnTriangles();
        const t = tri.textureIndex({} as never);
        // A mesh's two cells deformed apart (two maps), and a quad whose corners are not on texel edges.
        tri.push(0, 0, 10 / 96, 10 / 64, 20, 0, 20 / 96, 10 / 64, 20, 30, 20 / 96, 20 / 64, t);
        tri.push(20, 30, 20 / 96, 20 / 64, 0, 10, 10 / 96, 20 / 64, 0, 0, 10 / 96, 10 / 64, t);
        tri.push(0, 0, 30.5 / 96, 10 / 64, 20, 0, 40.5 / 96, 10 / 64, 20, 20, 40.5 / 96, 20 / 64, t);
        tri.push(20, 20, 40.5 / 96, 20 / 64, 0, 20, 30.5 / 96, 20 / 64, 0, 0, 30.5 / 96, 10 / 64, t);
        const parts = build(tri, page, true, true);
        expect(lastQuads).toBe(0);
        expect(parts.length).toBe(4);
        expect(parts.every((p) => p.clip !== null)).toBe(true);
    });

    test('a triangle whose texture coordinates have almost no area is left out and counted (the rasterizer would refuse it)', () => {
        const page = randomPage(96, 64, 13);
        const tri = new DrawnTriangles();
        const t = tri.textureIndex({} as never);
        // Three texels on one line but for 1e-7 texel: drawn over a 40 x 40 triangle.
        tri.push(0, 0, 10 / 96, 10 / 64, 40, 0, 40 / 96, 10 / 64, 0, 40, 25 / 96, (10 + 1e-7) / 64, t);
        tri.push(50, 0, 10 / 96, 10 / 64, 60, 0, 20 / 96, 10 / 64, 50, 10, 10 / 96, 20 / 64, t);
        smeared = 0;
        const parts = build(tri, page, true, true);
        expect(smeared).toBe(1);
        expect(parts.length).toBe(1);
        const c = new Collider({ shape: { kind: 'parts', parts: parts.map((p) => ({ ...p, transform: { ...p.transform } })) } });
        expect(() => c._raster(1)).not.toThrow();
    });
});
