/**
 * runtime/sprite-geometry.ts `spriteToWorld` against the engine: for each of the 247 recorded
 * configurations (test/fixtures/engine-sprite-geometry.json), the map from the frame's upright
 * texel space to world space must equal the recorded `uprightAffine` within 1e-9 relative (the
 * fixture README's tolerance: the linear part relative to its largest entry, the translation
 * relative to max(1, |tx|, |ty|)). The sprites are rebuilt in the `cc` test double from the inputs
 * only (fixture-scene.ts), packed into the dynamic atlas where the engine packed them.
 */
import type { Sprite as CcSprite } from 'cc';
import type { Affine2D } from '../../extensions/pixel-collision/assets/core/index';
import { spriteToWorld } from '../../extensions/pixel-collision/assets/runtime/sprite-geometry';
import { resetCC } from './cc';
import type { Sprite } from './cc';
import type { FixtureAffine, FixtureCase } from './fixture-scene';
import { buildFixtureCase, loadFixture, planFixtureAtlas } from './fixture-scene';

const fixture = loadFixture();
const atlas = planFixtureAtlas(fixture.cases);

/** The double's Sprite stands in for the engine's at run time; tsc checks runtime code against the real typings. */
const asCc = (s: Sprite): CcSprite => s as unknown as CcSprite;

function affineError(a: Affine2D, e: FixtureAffine): number {
    const lin = Math.max(Math.abs(e.a), Math.abs(e.b), Math.abs(e.c), Math.abs(e.d));
    const tr = Math.max(1, Math.abs(e.tx), Math.abs(e.ty));
    return Math.max(
        Math.abs(a.a - e.a) / lin, Math.abs(a.b - e.b) / lin, Math.abs(a.c - e.c) / lin, Math.abs(a.d - e.d) / lin,
        Math.abs(a.tx - e.tx) / tr, Math.abs(a.ty - e.ty) / tr,
    );
}

function mapOf(c: FixtureCase, pack: boolean): { ok: boolean; out: Affine2D; packed: boolean } {
    resetCC();
    const built = buildFixtureCase(c, pack ? { atlas } : {});
    const out: Affine2D = { a: NaN, b: NaN, c: NaN, d: NaN, tx: NaN, ty: NaN };
    const ok = spriteToWorld(asCc(built.sprite), out);
    return { ok, out, packed: built.packed };
}

describe('spriteToWorld vs the engine (engine-sprite-geometry.json)', () => {
    test.each(fixture.cases.map((c) => [c.id, c.category, c] as const))('case %i (%s)', (_id, _category, c) => {
        const { ok, out, packed } = mapOf(c, true);
        expect(packed).toBe(c.outputs.frame.packed);
        expect(ok).toBe(true);
        expect(affineError(out, c.outputs.uprightAffine)).toBeLessThanOrEqual(1e-9);
        if (packed) {
            // Packing moves the frame in the atlas; the upright map must not change.
            const unpacked = mapOf(c, false);
            expect(unpacked.ok).toBe(true);
            expect(unpacked.out).toEqual(out);
        }
    });
});
