import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { flashAmount, nextStressMode, parseMaze, RollingAverage, shipPose, STRESS_MODES, wrapCoord } from '../assets/scripts/demos/demo-logic';
import type { ShipPose } from '../assets/scripts/demos/demo-logic';

/** The demo scripts' engine-free logic (assets/scripts/demos/demo-logic.ts). */

describe('shipPose (shooter)', () => {
    const pose = (): ShipPose => ({ x: 0, y: 0, angle: 0, flipX: false });

    test('stays within its figure-eight around home', () => {
        for (let i = 0; i < 3; i++) {
            for (let t = 0; t < 30; t += 0.37) {
                const p = shipPose(i, 100, 200, t, pose());
                expect(Math.abs(p.x - 100)).toBeLessThanOrEqual(150);
                expect(Math.abs(p.y - 200)).toBeLessThanOrEqual(40);
                expect(Math.abs(p.angle)).toBeLessThan(360);
            }
        }
    });

    test('flips now and then, and the ships do not all flip together', () => {
        const flips = [0, 1, 2].map((i) => {
            let n = 0, last = shipPose(i, 0, 0, 0, pose()).flipX;
            for (let t = 0; t <= 20; t += 0.05) { const f = shipPose(i, 0, 0, t, pose()).flipX; if (f !== last) n++; last = f; }
            return n;
        });
        for (const n of flips) expect(n).toBeGreaterThanOrEqual(7);
        const at = (t: number) => [0, 1, 2].map((i) => shipPose(i, 0, 0, t, pose()).flipX);
        expect([0.5, 1.5, 2.6, 4.1].some((t) => new Set(at(t)).size === 2)).toBe(true);
    });

    test('spins: the angle changes with time, the other way round for odd ships', () => {
        const a0 = shipPose(0, 0, 0, 0.5, pose()).angle, a1 = shipPose(1, 0, 0, 0.5, pose()).angle;
        expect(a0).toBeGreaterThan(0);
        expect(a1).toBeLessThan(0);
    });
});

test('flashAmount: full at the hit, fading to 0, 0 before any hit', () => {
    expect(flashAmount(0)).toBe(1);
    expect(flashAmount(0.09)).toBeCloseTo(0.5, 10);
    expect(flashAmount(0.18)).toBe(0);
    expect(flashAmount(5)).toBe(0);
    expect(flashAmount(-1)).toBe(0);
    expect(flashAmount(NaN)).toBe(0);
});

describe('RollingAverage (stress overlay)', () => {
    test('the mean of the last n samples', () => {
        const r = new RollingAverage(3);
        expect(r.mean).toBe(0);
        r.push(1); r.push(2);
        expect(r.mean).toBe(1.5);
        r.push(3); r.push(10);
        expect(r.count).toBe(3);
        expect(r.mean).toBe(5);
    });

    test('skips non-finite samples; a size below 1 is an error', () => {
        const r = new RollingAverage(2);
        r.push(4); r.push(NaN); r.push(Infinity);
        expect(r.mean).toBe(4);
        expect(() => new RollingAverage(0)).toThrow(/at least 1/);
    });
});

test('nextStressMode cycles CPU -> GPU -> BOUNDS -> CPU', () => {
    expect(STRESS_MODES.map(nextStressMode)).toEqual(['GPU', 'BOUNDS', 'CPU']);
});

test('wrapCoord brings sprites leaving one edge back at the other', () => {
    expect(wrapCoord(0, 480, 24)).toBe(0);
    expect(wrapCoord(505, 480, 24)).toBe(-503);
    expect(wrapCoord(-505, 480, 24)).toBe(503);
    for (const v of [-5000, -504, 503.9, 7777]) {
        const w = wrapCoord(v, 480, 24);
        expect(w).toBeGreaterThanOrEqual(-504);
        expect(w).toBeLessThan(504);
        expect(((v - w) / 1008) % 1).toBeCloseTo(0, 9);
    }
});

describe('parseMaze (maze)', () => {
    test('cells, centred on the origin, rows from the top', () => {
        const cells = parseMaze('#o\n\nH.', 32);
        expect(cells).toEqual([
            { kind: 'wall', x: -16, y: 16 },
            { kind: 'pillar', x: 16, y: 16 },
            { kind: 'start', x: -16, y: -16 },
        ]);
        expect(() => parseMaze('#', 0)).toThrow(/tile/);
    });

    test('the maze scene\'s layout: 30 x 20 cells of 32 px fill the 960 x 640 screen, closed all round, one start', () => {
        const scene = JSON.parse(readFileSync(join(__dirname, '..', 'assets', 'demos', 'maze.scene'), 'utf8')) as Record<string, unknown>[];
        const demo = scene.find((o) => typeof o.layout === 'string') as { layout: string; tileSize: number };
        const cells = parseMaze(demo.layout, demo.tileSize);
        const walls = cells.filter((c) => c.kind !== 'start');
        expect(Math.min(...walls.map((c) => c.x)) - 16).toBe(-480);
        expect(Math.max(...walls.map((c) => c.x)) + 16).toBe(480);
        expect(Math.max(...walls.map((c) => c.y)) + 16).toBe(320);
        expect(Math.min(...walls.map((c) => c.y)) - 16).toBe(-320);
        expect(cells.filter((c) => c.kind === 'start')).toHaveLength(1);
        expect(cells.filter((c) => c.kind === 'pillar').length).toBeGreaterThan(5);
        const rows = demo.layout.split('\n');
        expect(rows[0]).toMatch(/^#+$/);
        expect(rows[rows.length - 1]).toMatch(/^#+$/);
        expect(rows.every((r) => r.startsWith('#') && r.endsWith('#'))).toBe(true);
    });
});
