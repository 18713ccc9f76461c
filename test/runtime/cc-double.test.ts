/**
 * The `cc` test double against data recorded from the real engine (Cocos Creator 3.8.5, web,
 * WebGL2): test/fixtures/engine-sprite-geometry.json, 247 sprite configurations, documented in
 * test/fixtures/engine-sprite-geometry.md.
 *
 * Each case is rebuilt in the double from its inputs only (fixture-scene.ts replays the frame calls,
 * the node chain under a Canvas and the sprite node's ops), then the double's state is compared
 * with what the engine produced: content size, anchor, size mode, trim and the frame's state
 * exactly; the local quad computed with the engine's simple.ts formula bit for bit; the node's
 * world matrix within 1e-12 (relative). The dynamic atlas is modelled too (its shelf placement,
 * fixture-scene.ts `FixtureAtlas`), so packed frames' rect, uv and `original` are compared exactly.
 */
import { Mat4, resetCC, Sprite } from './cc';
import type { FixtureCase } from './fixture-scene';
import { buildFixtureCase, loadFixture, planFixtureAtlas, simpleLocalVerts } from './fixture-scene';

const fixture = loadFixture();
const cases = fixture.cases;
const atlas = planFixtureAtlas(cases);

/** Exact comparison (=== : 0 and -0 are equal; JSON cannot record -0). */
function same(problems: string[], what: string, actual: unknown, expected: unknown): void {
    if (actual !== expected) {
        problems.push(`${what}: got ${String(actual)}, engine ${String(expected)}`);
    }
}

function relErr(actual: number, expected: number, scale: number): number {
    return Math.abs(actual - expected) / scale;
}

const LINEAR = [0, 1, 2, 4, 5, 6, 8, 9, 10];
const TRANSLATION = [12, 13, 14];
const FIXED = [3, 7, 11, 15];

/** What the per-case tests measured, for the summary test. */
const stats = { cases: 0, vertsBitExact: 0, matricesBitExact: 0, maxMatrixErr: 0, maxUprightErr: 0, packed: 0 };

function checkCase(c: FixtureCase): string[] {
    resetCC();
    const built = buildFixtureCase(c, { atlas });
    const { sprite, uiTransform, frame, node } = built;
    const out = c.outputs;
    const p: string[] = [];

    // Content size, anchor, size mode, trim: no arithmetic, exact.
    same(p, 'contentSize.width', uiTransform.contentSize.width, out.contentSize.width);
    same(p, 'contentSize.height', uiTransform.contentSize.height, out.contentSize.height);
    same(p, 'anchorX', uiTransform.anchorX, out.anchorPoint[0]);
    same(p, 'anchorY', uiTransform.anchorY, out.anchorPoint[1]);
    same(p, 'sizeMode', Sprite.SizeMode[sprite.sizeMode], out.sizeMode);
    same(p, 'trim', sprite.trim, out.trim);
    same(p, 'sprite.spriteFrame', sprite.spriteFrame, frame);

    // The frame, exactly (after packing, for packed frames).
    const f = out.frame;
    same(p, 'frame.textureWidth', frame.texture.width, f.textureWidth);
    same(p, 'frame.textureHeight', frame.texture.height, f.textureHeight);
    same(p, 'frame.rect.x', frame.rect.x, f.rect.x);
    same(p, 'frame.rect.y', frame.rect.y, f.rect.y);
    same(p, 'frame.rect.width', frame.rect.width, f.rect.width);
    same(p, 'frame.rect.height', frame.rect.height, f.rect.height);
    same(p, 'frame.rotated', frame.rotated, f.rotated);
    same(p, 'frame.offset.x', frame.offset.x, f.offset.x);
    same(p, 'frame.offset.y', frame.offset.y, f.offset.y);
    same(p, 'frame.originalSize.width', frame.originalSize.width, f.originalSize.width);
    same(p, 'frame.originalSize.height', frame.originalSize.height, f.originalSize.height);
    const tb = frame.trimmedBorder;
    [tb.x, tb.y, tb.z, tb.w].forEach((v, i) => same(p, `frame.trimmedBorder[${i}]`, v, f.trimmedBorder[i]));
    same(p, 'frame.uv.length', frame.uv.length, 8);
    f.uv.forEach((v, i) => same(p, `frame.uv[${i}]`, frame.uv[i], v));
    same(p, 'frame.packable', frame.packable, f.packable);
    same(p, 'packed', built.packed, f.packed);
    same(p, 'frame.original is set', frame.original !== null, f.original !== null);
    if (frame.original && f.original) {
        same(p, 'original texture width', frame.original._texture.width, f.original.textureWidth);
        same(p, 'original texture height', frame.original._texture.height, f.original.textureHeight);
        same(p, 'original texture', frame.original._texture, built.texture);
        same(p, 'original.x', frame.original._x, f.original.x);
        same(p, 'original.y', frame.original._y, f.original.y);
    }

    // The local quad (simple.ts) from the double's state: bit for bit, else 1e-12.
    const verts = simpleLocalVerts(sprite);
    let vertsExact = true;
    verts.forEach(([x, y], i) => {
        const [ex, ey] = out.localVerts[i];
        if (x !== ex || y !== ey) {
            vertsExact = false;
            const scale = Math.max(1, Math.abs(ex), Math.abs(ey));
            if (relErr(x, ex, scale) > 1e-12 || relErr(y, ey, scale) > 1e-12) {
                p.push(`localVerts[${i}]: got (${x}, ${y}), engine (${ex}, ${ey})`);
            }
        }
    });

    // The world matrix: linear part relative to its largest entry, translation relative to max(1, |t|).
    // Bit for bit in 234 of 247 cases; the other 13 differ in the last bits because Node's Math.sin /
    // Math.cos (V8, fdlibm) differ by 1 ulp from the recording browser's for some angles (the same
    // operations with glibc's sin/cos reproduce all 247 exactly). Hence a tolerance, not equality.
    const m = Mat4.toArray([], node.worldMatrix);
    const e = out.worldMatrix;
    const linScale = Math.max(...LINEAR.map((i) => Math.abs(e[i])));
    const trScale = Math.max(1, ...TRANSLATION.map((i) => Math.abs(e[i])));
    let matrixExact = true;
    let matrixErr = 0;
    for (let i = 0; i < 16; i++) {
        if (m[i] !== e[i]) {
            matrixExact = false;
        }
        if (FIXED.includes(i)) {
            same(p, `worldMatrix[${i}]`, m[i], e[i]);
            continue;
        }
        const err = relErr(m[i], e[i], LINEAR.includes(i) ? linScale : trScale);
        matrixErr = Math.max(matrixErr, err);
        if (!(err <= 1e-12)) {
            p.push(`worldMatrix[${i}]: got ${m[i]}, engine ${e[i]}`);
        }
    }

    // World vertices as the engine's simple.ts `updateWorldVerts` writes them (float32).
    verts.forEach(([x, y], i) => {
        let rhw = m[3] * x + m[7] * y + m[15];
        rhw = rhw ? 1 / rhw : 1;
        const wx = Math.fround((m[0] * x + m[4] * y + m[12]) * rhw);
        const wy = Math.fround((m[1] * x + m[5] * y + m[13]) * rhw);
        const wz = Math.fround((m[2] * x + m[6] * y + m[14]) * rhw);
        const [ex, ey, ez] = out.worldVertsF32[i];
        if (wx !== ex || wy !== ey || wz !== ez) {
            p.push(`worldVertsF32[${i}]: got (${wx}, ${wy}, ${wz}), engine (${ex}, ${ey}, ${ez})`);
        }
    });
    out.uvF32.forEach(([u, v], i) => {
        same(p, `uvF32[${i}].u`, Math.fround(frame.uv[2 * i]), u);
        same(p, `uvF32[${i}].v`, Math.fround(frame.uv[2 * i + 1]), v);
    });

    // Reference: the upright texel space -> world map implied by the double's quad and matrix
    // (README "The affine forms"), against the recorded one, 1e-9 relative.
    const world = verts.map(([x, y]) => [m[0] * x + m[4] * y + m[12], m[1] * x + m[5] * y + m[13]]);
    const w = frame.rect.width;
    const h = frame.rect.height;
    const a = { a: (world[3][0] - world[2][0]) / w, b: (world[3][1] - world[2][1]) / w, c: (world[0][0] - world[2][0]) / h, d: (world[0][1] - world[2][1]) / h, tx: world[2][0], ty: world[2][1] };
    const ua = out.uprightAffine;
    const lin = Math.max(Math.abs(ua.a), Math.abs(ua.b), Math.abs(ua.c), Math.abs(ua.d));
    const tr = Math.max(1, Math.abs(ua.tx), Math.abs(ua.ty));
    const uprightErr = Math.max(
        relErr(a.a, ua.a, lin), relErr(a.b, ua.b, lin), relErr(a.c, ua.c, lin), relErr(a.d, ua.d, lin),
        relErr(a.tx, ua.tx, tr), relErr(a.ty, ua.ty, tr),
    );
    if (!(uprightErr <= 1e-9)) {
        p.push(`uprightAffine (reference from the double's quad and matrix): error ${uprightErr}`);
    }

    stats.cases++;
    if (vertsExact) stats.vertsBitExact++;
    if (matrixExact) stats.matricesBitExact++;
    if (built.packed) stats.packed++;
    stats.maxMatrixErr = Math.max(stats.maxMatrixErr, matrixErr);
    stats.maxUprightErr = Math.max(stats.maxUprightErr, uprightErr);
    return p;
}

describe('cc double vs the engine (engine-sprite-geometry.json)', () => {
    test('the fixture is the expected recording', () => {
        expect(fixture.format).toBe('engine-sprite-geometry');
        expect(fixture.version).toBe(1);
        expect(cases.length).toBe(fixture.total);
        expect(cases.length).toBe(247);
        const counts: Record<string, number> = {};
        for (const c of cases) {
            counts[c.category] = (counts[c.category] ?? 0) + 1;
        }
        expect(counts).toEqual(fixture.counts);
    });

    test.each(cases.map((c) => [c.id, c.category, c] as const))('case %i (%s)', (_id, _category, c) => {
        expect(checkCase(c)).toEqual([]);
    });

    test('summary: every case checked; quads bit for bit; matrices within 1e-12', () => {
        // Runs after the per-case tests (jest runs a file's tests in order); on a filtered run
        // (-t) it checks whatever ran.
        if (stats.cases < cases.length) {
            return;
        }
        expect(stats.cases).toBe(247);
        expect(stats.vertsBitExact).toBe(247);
        expect(stats.packed).toBe(cases.filter((c) => c.outputs.frame.packed).length);
        expect(stats.maxMatrixErr).toBeLessThanOrEqual(1e-12);
        expect(stats.maxUprightErr).toBeLessThanOrEqual(1e-9);
    });
});
