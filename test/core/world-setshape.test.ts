import { BitMask, CollisionWorld, testMasks } from '../../extensions/pixel-collision/assets/core';
import type { Collider } from '../../extensions/pixel-collision/assets/core';
import { disc, full, maskFrom } from '../fixtures/masks';

/** Records "enter a-b" / "stay a-b" / "end a-b" by userData. */
function recorder(log: string[]) {
    const n = (c: Collider) => String(c.userData);
    return {
        onEnter: (a: Collider, b: Collider) => log.push(`enter ${n(a)}-${n(b)}`),
        onStay: (a: Collider, b: Collider) => log.push(`stay ${n(a)}-${n(b)}`),
        onEnd: (a: Collider, b: Collider) => log.push(`end ${n(a)}-${n(b)}`),
    };
}

const at = (x: number, y: number) => ({ a: 1, b: 0, c: 0, d: 1, tx: x, ty: y });

describe('CollisionWorld.setShape (animated frames, edited masks)', () => {
    test('a pair that still overlaps after the shape changes stays (no end + enter)', () => {
        const w = new CollisionWorld();
        const log: string[] = [];
        w.addListener(recorder(log));
        const a = w.add({ shape: { kind: 'mask', mask: full(16, 16) }, transform: at(0, 0), userData: 'a' });
        w.add({ shape: { kind: 'mask', mask: full(16, 16) }, transform: at(8, 8), userData: 'b' });
        w.step();
        w.setShape(a, { kind: 'mask', mask: disc(16, 16) });
        w.step();
        expect(log).toEqual(['enter a-b', 'stay a-b']);
        expect(a.shape.kind === 'mask' && a.shape.mask.count()).toBe(disc(16, 16).count());
    });

    test('a new shape that no longer overlaps ends the pair; an emptied mask leaves the broad phase', () => {
        const w = new CollisionWorld();
        const log: string[] = [];
        w.addListener(recorder(log));
        const a = w.add({ shape: { kind: 'mask', mask: full(16, 16) }, transform: at(0, 0), userData: 'a' });
        w.add({ shape: { kind: 'mask', mask: full(4, 4) }, transform: at(13, 13), userData: 'b' });
        w.step();
        // The new frame has its corner (texels 12..15 on both axes) transparent: no overlap.
        w.setShape(a, { kind: 'mask', mask: maskFrom(16, 16, (x, y) => x < 12 || y < 12) });
        w.step();
        expect(log).toEqual(['enter a-b', 'end a-b']);
        w.setShape(a, { kind: 'mask', mask: new BitMask(16, 16) });
        w.step();
        expect(w.queryPoint(1.5, 1.5, [])).toBe(0);
        w.setShape(a, { kind: 'mask', mask: full(16, 16) });
        w.step();
        expect(log).toEqual(['enter a-b', 'end a-b', 'enter a-b']);
    });

    test('an in-place mask edit takes effect after setShape(c, c.shape) (cached rasters rebuilt)', () => {
        const w = new CollisionWorld();
        const m = full(8, 8);
        const a = w.add({ shape: { kind: 'mask', mask: m }, transform: at(0, 0), userData: 'a' });
        const b = w.add({ shape: { kind: 'mask', mask: full(2, 2) }, transform: at(3, 3), userData: 'b' });
        const log: string[] = [];
        w.addListener(recorder(log));
        w.step();
        for (let j = 2; j < 6; j++) for (let i = 2; i < 6; i++) m.set(i, j, false);
        w.setShape(a, a.shape);
        w.step();
        expect(log).toEqual(['enter a-b', 'end a-b']);
        expect(testMasks(m, a.transform, (b.shape as { mask: BitMask }).mask, b.transform, { contact: false })).toBe(false);
    });

    test('during a step it is deferred to the end of the step; a rejected shape throws and keeps the old one', () => {
        const w = new CollisionWorld();
        const a = w.add({ shape: { kind: 'mask', mask: full(8, 8) }, transform: at(0, 0), userData: 'a' });
        w.add({ shape: { kind: 'mask', mask: full(8, 8) }, transform: at(4, 0), userData: 'b' });
        const seen: string[] = [];
        w.addListener({ onEnter: () => { w.setShape(a, { kind: 'box', width: 2, height: 2 }); seen.push(a.shape.kind); } });
        w.step();
        expect(seen).toEqual(['mask']);
        expect(a.shape.kind).toBe('box');
        expect(() => w.setShape(a, { kind: 'box', width: 0, height: 2 })).toThrow(/width|zero|area/i);
        expect(a.shape.kind).toBe('box');
        expect(() => w.setShape(a, { kind: 'nope' } as never)).toThrow(/unknown shape kind/);
    });

    test('setAccuracy changes the sampling of the collider\'s pairs', () => {
        const w = new CollisionWorld();
        // Two boxes 0.4 apart: at accuracy 1 the gap hides between samples, at 4 it does not.
        const a = w.add({ shape: { kind: 'box', width: 1, height: 1, anchorX: 0, anchorY: 0 }, transform: at(0.1, 0), userData: 'a' });
        w.add({ shape: { kind: 'box', width: 1, height: 1, anchorX: 0, anchorY: 0 }, transform: at(0.3, 0), userData: 'b' });
        const log: string[] = [];
        w.addListener(recorder(log));
        w.step();
        w.setAccuracy(a, 4);
        w.step();
        expect(a.accuracy).toBe(4);
        expect(log).toEqual(['enter a-b', 'stay a-b']);
        expect(() => w.setAccuracy(a, 0)).toThrow(/accuracy/);
    });
});
