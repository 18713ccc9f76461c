/**
 * The colliders' per-frame transform state lives in one shared array (runtime/transform-state.ts),
 * a slot per collider, so where it lies does not depend on what the page did before: a level's
 * colliders, destroyed, hand their slots to the next level's. Each collider must still read and
 * write only its own slot: its transform is checked against an independent computation from its
 * node (spriteToWorld), across reused slots and after the array grew.
 */
import { Node, Sprite } from 'cc';
import { CollisionSystem, PixelCollider, PixelMasks } from 'db://pixel-collision/runtime/index';
import type { Affine2D } from '../../extensions/pixel-collision/assets/core';
import { spriteToWorld } from '../../extensions/pixel-collision/assets/runtime/sprite-geometry';
import { DEAD_STATE, STATE, STATE_STRIDE } from '../../extensions/pixel-collision/assets/runtime/transform-state';
import { rng } from '../fixtures/masks';
import { frame, freshScene, sprite, texture, tick } from './helpers';


const blob = () => frame(texture(12, 10, (x, y) => (x - 6) ** 2 + (y - 5) ** 2 < 20));

interface Made { node: Node; collider: PixelCollider }

function level(n: number, r: () => number, f = blob()): Made[] {
    const out: Made[] = [];
    for (let i = 0; i < n; i++) {
        const s = sprite(`s${i}`, f, { x: r() * 400 - 200, y: r() * 400 - 200, angle: r() * 360, sx: 0.5 + r(), sy: 0.5 + r() });
        out.push({ node: s.node, collider: s.collider });
    }
    return out;
}

/** Each collider's transform (from the shared array) against its sprite's texel -> world map. */
function expectOwnTransforms(made: Made[]): void {
    const got: Affine2D = { a: 0, b: 0, c: 0, d: 0, tx: 0, ty: 0 };
    const want: Affine2D = { a: 0, b: 0, c: 0, d: 0, tx: 0, ty: 0 };
    let bad = 0;
    for (const m of made) {
        m.collider.getWorldTransform(got);
        expect(spriteToWorld(m.node.getComponent(Sprite) as Sprite, want)).toBe(true);
        for (const k of ['a', 'b', 'c', 'd', 'tx', 'ty'] as const) if (!(Math.abs(got[k] - want[k]) <= 1e-9 * (1 + Math.abs(want[k])))) bad++;
    }
    expect(bad).toBe(0);
}

beforeEach(() => {
    freshScene();
    PixelMasks.clear();
});

describe('transform state in one shared array', () => {
    test('a destroyed level gives its slots to the next one: the array does not grow, each collider has its own slot', () => {
        const r = rng(7);
        const first = level(150, r);
        tick();
        const firstSlots = first.map((m) => m.collider._so);
        expect(new Set(firstSlots).size).toBe(150);
        for (const o of firstSlots) expect(o % STATE_STRIDE).toBe(0);
        const top = STATE.top, length = STATE.f64.length;

        for (const m of first) m.node.destroy();
        tick();
        expect(CollisionSystem.instance.colliders.length).toBe(0);
        // A destroyed collider points at nobody's slot, not at the one it gave back.
        for (const m of first) expect(m.collider._so).toBe(DEAD_STATE);

        const second = level(150, r);
        tick();
        const secondSlots = second.map((m) => m.collider._so);
        expect(STATE.top).toBe(top);
        expect(STATE.f64.length).toBe(length);
        expect(new Set(secondSlots).size).toBe(150);
        expect([...secondSlots].sort((x, y) => x - y)).toEqual([...firstSlots].sort((x, y) => x - y));
        expectOwnTransforms(second);
    });

    test('each collider reads and writes only its own slot: reused slots, a grown array, moving nodes', () => {
        const r = rng(11);
        const f = blob();
        const first = level(100, r, f);
        tick();
        expectOwnTransforms(first);
        // Every other one destroyed: their slots are reused by the next colliders, and the rest
        // come from the end of the array, which grows on the way (it starts at 64 slots).
        const kept = first.filter((_, i) => i % 2 === 0);
        first.forEach((m, i) => { if (i % 2 === 1) m.node.destroy(); });
        tick();
        const length = STATE.f64.length;
        const more = level(300, r, f);
        const all = [...kept, ...more];
        expect(new Set(all.map((m) => m.collider._so)).size).toBe(all.length);
        for (let step = 0; step < 5; step++) {
            for (const m of all) {
                const p = m.node.position;
                m.node.setPosition(p.x + r() * 6 - 3, p.y + r() * 6 - 3, 0);
                if (step % 2 === 0) m.node.setRotationFromEuler(0, 0, r() * 360);
            }
            tick();
            expectOwnTransforms(all);
        }
        expect(STATE.f64.length).toBeGreaterThan(length);
    });
});
