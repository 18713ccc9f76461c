/**
 * The outline of a parts collider (sliced and filled sprites, skeletons) is the outline of the
 * union: no seams between the pieces of a mesh, no edge hidden under an overlapping part, the clip
 * sides only where the texels inside are solid. Judged against a brute-force point test of the
 * union written here (inverse map, floor, convex polygon), and the core picture of the union.
 */
import fc from 'fast-check';
import { BitMask, partsPicture } from '../../extensions/pixel-collision/assets/core/index';
import type { Affine2D, ColliderPart } from '../../extensions/pixel-collision/assets/core/index';
import { shapeOutline } from '../../extensions/pixel-collision/assets/runtime/outline';

const I: Affine2D = { a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0 };

function mul(p: Affine2D, q: Affine2D): Affine2D {
    return { a: p.a * q.a + p.c * q.b, b: p.b * q.a + p.d * q.b, c: p.a * q.c + p.c * q.d, d: p.b * q.c + p.d * q.d, tx: p.a * q.tx + p.c * q.ty + p.tx, ty: p.b * q.tx + p.d * q.ty + p.ty };
}

/** Brute force: is the world point solid in some part (texel under the inverse map, inside the clip mapped by t)? */
function solid(parts: readonly ColliderPart[], t: Affine2D, x: number, y: number): boolean {
    for (const p of parts) {
        if (p.clip) {
            const c = p.clip, n = c.length / 2;
            let pos = 0, neg = 0;
            for (let i = 0; i < n; i++) {
                const j = (i + 1) % n;
                const ax = t.a * c[2 * i] + t.c * c[2 * i + 1] + t.tx, ay = t.b * c[2 * i] + t.d * c[2 * i + 1] + t.ty;
                const bx = t.a * c[2 * j] + t.c * c[2 * j + 1] + t.tx, by = t.b * c[2 * j] + t.d * c[2 * j + 1] + t.ty;
                const cr = (bx - ax) * (y - ay) - (by - ay) * (x - ax);
                if (cr > 0) pos++; else if (cr < 0) neg++;
            }
            if (pos > 0 && neg > 0) continue;
        }
        const m = mul(t, p.transform as Affine2D);
        const det = m.a * m.d - m.b * m.c;
        const dx = x - m.tx, dy = y - m.ty;
        const u = (m.d * dx - m.c * dy) / det, v = (m.a * dy - m.b * dx) / det;
        if (p.mask.get(Math.floor(u), Math.floor(v))) return true;
    }
    return false;
}

function maskOf(w: number, h: number, bits: boolean[]): BitMask {
    const m = new BitMask(w, h);
    for (let j = 0; j < h; j++) for (let i = 0; i < w; i++) if (bits[(j * w + i) % bits.length]) m.set(i, j, true);
    return m;
}

const segs = (out: number[]) => Array.from({ length: out.length / 4 }, (_, k) => out.slice(4 * k, 4 * k + 4));

describe('the outline of a parts collider is the outline of the union', () => {
    test('texel grids that line up (slices, tiles): exactly the unit edges between a solid and a clear cell of the union', () => {
        const part = fc.record({
            w: fc.integer({ min: 1, max: 6 }), h: fc.integer({ min: 1, max: 6 }),
            bits: fc.array(fc.boolean(), { minLength: 1, maxLength: 36 }),
            x: fc.integer({ min: -4, max: 4 }), y: fc.integer({ min: -4, max: 4 }), flipX: fc.boolean(),
        });
        fc.assert(fc.property(fc.array(part, { minLength: 1, maxLength: 4 }), fc.integer({ min: -3, max: 3 }), (ps, shift) => {
            // texel (i, j) y down -> local, one unit a texel, whole-number offsets (flipped or not)
            const parts: ColliderPart[] = ps.map((p) => ({ mask: maskOf(p.w, p.h, p.bits), transform: { a: p.flipX ? -1 : 1, b: 0, c: 0, d: -1, tx: p.x, ty: p.y } }));
            const t = { ...I, tx: shift, ty: -shift };
            const out: number[] = [];
            shapeOutline({ kind: 'parts', parts }, t, out);
            const got = new Set<string>();
            for (const [x0, y0, x1, y1] of segs(out)) {
                expect(x0 === x1 || y0 === y1).toBe(true);
                const n = Math.abs(x1 - x0) + Math.abs(y1 - y0);
                const sx = Math.sign(x1 - x0), sy = Math.sign(y1 - y0);
                for (let k = 0; k < n; k++) {
                    const ax = x0 + sx * k, ay = y0 + sy * k;
                    const key = sx !== 0 ? `h ${Math.min(ax, ax + sx)} ${ay}` : `v ${ax} ${Math.min(ay, ay + sy)}`;
                    expect(got.has(key)).toBe(false); // no edge twice
                    got.add(key);
                }
            }
            const want = new Set<string>();
            const cell = (cx: number, cy: number) => solid(parts, t, cx + 0.5, cy + 0.5);
            for (let cy = -20; cy < 20; cy++) {
                for (let cx = -20; cx < 20; cx++) {
                    if (cell(cx, cy) !== cell(cx - 1, cy)) want.add(`v ${cx} ${cy}`);
                    if (cell(cx, cy) !== cell(cx, cy - 1)) want.add(`h ${cx} ${cy}`);
                }
            }
            expect([...got].sort()).toEqual([...want].sort());
        }));
    });

    test('a quad drawn as two clipped triangles of one solid page: its four sides, no seam on the diagonal', () => {
        const page = new BitMask(8, 8);
        for (let j = 0; j < 8; j++) for (let i = 0; i < 8; i++) page.set(i, j, true);
        const map = { a: 4, b: 0, c: 0, d: -4, tx: -16, ty: 16 }; // 4 units a texel, y up
        const q = [-10, -6, 9, -8, 7, 11, -12, 5]; // a convex quad inside the page's 32 x 32 units
        const parts: ColliderPart[] = [
            { mask: page, transform: map, clip: [q[0], q[1], q[2], q[3], q[4], q[5]] },
            { mask: page, transform: map, clip: [q[0], q[1], q[4], q[5], q[6], q[7]] },
        ];
        const t = { a: Math.cos(0.3) * 1.5, b: Math.sin(0.3) * 1.5, c: -Math.sin(0.3) * 1.5, d: Math.cos(0.3) * 1.5, tx: 40, ty: -7 };
        const out: number[] = [];
        shapeOutline({ kind: 'parts', parts }, t, out);
        let length = 0;
        const world = (x: number, y: number) => [t.a * x + t.c * y + t.tx, t.b * x + t.d * y + t.ty];
        const [d0x, d0y] = world(q[0], q[1]), [d1x, d1y] = world(q[4], q[5]);
        for (const [x0, y0, x1, y1] of segs(out)) {
            length += Math.hypot(x1 - x0, y1 - y0);
            // no piece lies on the shared diagonal
            const mx = (x0 + x1) / 2, my = (y0 + y1) / 2;
            const cross = (d1x - d0x) * (my - d0y) - (d1y - d0y) * (mx - d0x);
            expect(Math.abs(cross) / Math.hypot(d1x - d0x, d1y - d0y)).toBeGreaterThan(1e-6);
        }
        let perimeter = 0;
        for (let i = 0; i < 4; i++) perimeter += Math.hypot(q[2 * ((i + 1) % 4)] - q[2 * i], q[2 * ((i + 1) % 4) + 1] - q[2 * i + 1]) * 1.5;
        expect(length).toBeCloseTo(perimeter, 6);
    });

    test('one part under any map with a clip: every point of the outline has the part on one side only, and every line from a solid to a clear point crosses it', () => {
        const tri = fc.tuple(...Array.from({ length: 6 }, () => fc.double({ min: -12, max: 12, noNaN: true })));
        fc.assert(fc.property(
            fc.integer({ min: 1, max: 7 }), fc.integer({ min: 1, max: 7 }), fc.array(fc.boolean(), { minLength: 1, maxLength: 49 }),
            fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }), fc.double({ min: 0.5, max: 3, noNaN: true }), fc.double({ min: -1, max: 1, noNaN: true }),
            fc.option(tri, { nil: null }), fc.array(fc.tuple(fc.double({ min: -20, max: 20, noNaN: true }), fc.double({ min: -20, max: 20, noNaN: true }), fc.double({ min: -20, max: 20, noNaN: true }), fc.double({ min: -20, max: 20, noNaN: true })), { minLength: 20, maxLength: 20 }),
            (w, h, bits, angle, scale, skew, clip, lines) => {
                if (clip) {
                    const area = (clip[2] - clip[0]) * (clip[5] - clip[1]) - (clip[4] - clip[0]) * (clip[3] - clip[1]);
                    // (a clip of some width everywhere, no angle under 0.2 rad: points a few 1e-6
                    // beside a side must be on its two sides, also near a corner)
                    let smallest = Math.PI;
                    for (let i = 0; i < 3; i++) {
                        const [px, py] = [clip[2 * i], clip[2 * i + 1]];
                        const [qx, qy] = [clip[(2 * i + 2) % 6], clip[(2 * i + 3) % 6]], [rx, ry] = [clip[(2 * i + 4) % 6], clip[(2 * i + 5) % 6]];
                        const ang = Math.abs(Math.atan2((qx - px) * (ry - py) - (qy - py) * (rx - px), (qx - px) * (rx - px) + (qy - py) * (ry - py)));
                        smallest = Math.min(smallest, ang);
                    }
                    fc.pre(Math.abs(area) > 2 && smallest > 0.2);
                }
                const parts: ColliderPart[] = [{ mask: maskOf(w, h, bits), transform: { a: 2, b: 0, c: skew, d: -2, tx: -w, ty: h }, clip }];
                const t = { a: Math.cos(angle) * scale, b: Math.sin(angle) * scale, c: -Math.sin(angle) * scale, d: Math.cos(angle) * scale, tx: 3, ty: -2 };
                const out: number[] = [];
                shapeOutline({ kind: 'parts', parts }, t, out);
                const s = segs(out);
                // A point's answer, or null when it changes within 1e-8 (a corner, a sliver of a
                // clip narrower than that, a point on an edge): such points are not judged.
                const stable = (x: number, y: number): boolean | null => {
                    const v = solid(parts, t, x, y);
                    for (const [dx, dy] of [[1e-8, 0], [-1e-8, 0], [0, 1e-8], [0, -1e-8]]) if (solid(parts, t, x + dx, y + dy) !== v) return null;
                    return v;
                };
                for (const [x0, y0, x1, y1] of s) {
                    const len = Math.hypot(x1 - x0, y1 - y0);
                    if (len < 1e-2) continue; // (a piece at a corner: its points lie within a few 1e-6 of another side)
                    const nx = -(y1 - y0) / len, ny = (x1 - x0) / len;
                    for (const f of [0.2137, 0.5419, 0.8123]) { // (not at a texel corner of a joined run)
                        const x = x0 + f * (x1 - x0), y = y0 + f * (y1 - y0);
                        const a = stable(x + 3e-8 * nx, y + 3e-8 * ny), b = stable(x - 3e-8 * nx, y - 3e-8 * ny);
                        // (judged where each side keeps its answer out to 1e-5: not in a sliver
                        // thinner than that, as a clip side nearly along a texel edge makes)
                        const thick = a === stable(x + 1e-5 * nx, y + 1e-5 * ny) && b === stable(x - 1e-5 * nx, y - 1e-5 * ny);
                        if (a !== null && b !== null && thick) expect(a).not.toBe(b);
                    }
                }
                for (const [px, py, qx, qy] of lines) {
                    const a = stable(px, py), b = stable(qx, qy);
                    if (a === null || b === null || a === b) continue;
                    const crosses = s.some(([x0, y0, x1, y1]) => {
                        const d1 = (x1 - x0) * (py - y0) - (y1 - y0) * (px - x0), d2 = (x1 - x0) * (qy - y0) - (y1 - y0) * (qx - x0);
                        const d3 = (qx - px) * (y0 - py) - (qy - py) * (x0 - px), d4 = (qx - px) * (y1 - py) - (qy - py) * (x1 - px);
                        return d1 * d2 <= 0 && d3 * d4 <= 0;
                    });
                    expect(crosses).toBe(true);
                }
            }));
    });

    test('an arm over a body: the body edge under the arm is not drawn', () => {
        const body = new BitMask(10, 10), arm = new BitMask(10, 2);
        for (let j = 0; j < 10; j++) for (let i = 0; i < 10; i++) body.set(i, j, true);
        for (let i = 0; i < 10; i++) { arm.set(i, 0, true); arm.set(i, 1, true); }
        const parts: ColliderPart[] = [
            { mask: body, transform: { a: 1, b: 0, c: 0, d: -1, tx: 0, ty: 10 } },
            { mask: arm, transform: { a: Math.cos(0.4), b: Math.sin(0.4), c: Math.sin(0.4), d: -Math.cos(0.4), tx: 6, ty: 5 } },
        ];
        const out: number[] = [];
        shapeOutline({ kind: 'parts', parts }, I, out);
        for (const [x0, y0, x1, y1] of segs(out)) {
            const mx = (x0 + x1) / 2, my = (y0 + y1) / 2;
            // nothing drawn strictly inside the body, nothing of the arm inside the body
            expect(mx > 0.01 && mx < 9.99 && my > 0.01 && my < 9.99).toBe(false);
        }
        // the body's right side is broken where the arm leaves it
        const right = segs(out).filter(([x0, , x1]) => x0 === 10 && x1 === 10);
        expect(right.length).toBe(2);
    });
});

describe('partsPicture', () => {
    test('the union in local space, row 0 at the top, a dot solid where the union is', () => {
        const m = new BitMask(4, 2);
        for (let i = 0; i < 4; i++) m.set(i, 0, true); // top row only
        const parts: ColliderPart[] = [
            { mask: m, transform: { a: 2, b: 0, c: 0, d: -2, tx: 0, ty: 4 } }, // 8 x 4 units, solid y in (2, 4]
            { mask: m, transform: { a: 2, b: 0, c: 0, d: -2, tx: 10, ty: 4 } },
        ];
        const p = partsPicture(parts)!;
        expect(p).toMatchObject({ width: 18, height: 2, scale: 1, x: 0, top: 4 });
        expect(p.rows).toEqual(['########..########', '########..########']);
        const big = partsPicture(parts, 6)!;
        expect(big.scale).toBe(3);
        expect(big.rows[0]).toBe('######');
        expect(partsPicture([{ mask: new BitMask(3, 3), transform: I }])).toBeNull();
    });

    test('parts whose masks come from another copy of the core (the editor\'s scene script bundles its own; the runtime\'s colliders hold the game\'s)', () => {
        let Other: typeof BitMask = BitMask;
        jest.isolateModules(() => { Other = (require('../../extensions/pixel-collision/assets/core/index') as { BitMask: typeof BitMask }).BitMask; });
        expect(Other).not.toBe(BitMask);
        const m = new Other(2, 1);
        m.set(0, 0, true);
        const p = partsPicture([{ mask: m as unknown as BitMask, transform: { a: 1, b: 0, c: 0, d: -1, tx: 0, ty: 1 } }]);
        expect(p && p.rows).toEqual(['#']);
    });
});
