import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { awayFrom, flashAmount, knockProp, nextStressMode, parseMaze, RollingAverage, shipPose, stepProp, stepWalker, STRESS_MODES, wrapCoord } from '../assets/scripts/demos/demo-logic';
import type { ShipPose, SideBody } from '../assets/scripts/demos/demo-logic';

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

describe('character scene: crates, knights', () => {
    const body = (x = 0, y = 0): SideBody => ({ x, y, vx: 0, vy: 0, angle: 0, spin: 0 });
    const DT = 1 / 60;

    test('a knocked crate flies away from the knight, up, spinning; lands, bounces lower, then rests flat on the floor', () => {
        const b = body(100, -170);
        b.angle = 12;
        knockProp(b, 60, 300, 380);
        expect([b.vx, b.vy]).toEqual([300, 380]);
        expect(b.spin).toBeLessThan(0); // thrown right: spins clockwise
        let peak = b.y, frames = 0, bounces = 0, lastVy = b.vy;
        while (stepProp(b, DT, 1100, -170, 440) && frames < 600) {
            frames++;
            peak = Math.max(peak, b.y);
            if (lastVy < 0 && b.vy > 0) bounces++;
            lastVy = b.vy;
            expect(b.y).toBeGreaterThanOrEqual(-170);
        }
        expect(frames).toBeLessThan(600);
        expect(peak).toBeGreaterThan(-170 + 50);
        expect(bounces).toBeGreaterThanOrEqual(1);
        expect(b.x).toBeGreaterThan(200);
        expect([b.y, b.vx, b.vy, b.spin]).toEqual([-170, 0, 0, 0]);
        expect(((b.angle % 90) + 90) % 90).toBe(0);
        // resting: stays put
        const x = b.x;
        expect(stepProp(b, DT, 1100, -170, 440)).toBe(false);
        expect([b.x, b.y]).toEqual([x, -170]);
    });

    test('a crate knocked from its right goes left; one thrown at a wall comes back inside', () => {
        const b = body(0, -170);
        knockProp(b, 30, 300, 380);
        expect(b.vx).toBe(-300);
        expect(b.spin).toBeGreaterThan(0);
        const w = body(430, -170);
        knockProp(w, 400, 500, 200);
        let min = Infinity, max = -Infinity;
        for (let i = 0; i < 400 && stepProp(w, DT, 1100, -170, 440); i++) { min = Math.min(min, w.x); max = Math.max(max, w.x); }
        expect(max).toBe(440);
        expect(w.x).toBeLessThan(440);
    });

    test('stepProp with dt 0 or NaN changes nothing', () => {
        const b = body(5, -100);
        b.vx = 10;
        for (const dt of [0, NaN, -1]) {
            expect(stepProp(b, dt, 1100, -170, 440)).toBe(true);
            expect([b.x, b.y, b.vx]).toEqual([5, -100, 10]);
        }
    });

    test('awayFrom: the side away from the other knight', () => {
        expect(awayFrom(-10, 20)).toBe(-1);
        expect(awayFrom(20, -10)).toBe(1);
        expect(awayFrom(5, 5)).toBe(1);
    });

    test('a walker patrols between the walls and falls back to the ground after a jump', () => {
        const b = body(400, -190);
        let dir: 1 | -1 = 1;
        const seen: number[] = [];
        for (let i = 0; i < 60 * 30; i++) {
            const d = stepWalker(b, dir, DT, 70, 1100, -190, 420);
            if (d !== dir) seen.push(b.x);
            dir = d;
            expect(Math.abs(b.x)).toBeLessThanOrEqual(420);
            expect(b.y).toBe(-190);
        }
        expect(seen.slice(0, 3)).toEqual([420, -420, 420]);
        b.vy = 430;
        let top = b.y, n = 0;
        do { dir = stepWalker(b, dir, DT, 70, 1100, -190, 420); top = Math.max(top, b.y); n++; } while (b.y > -190 && n < 200);
        expect(top - -190).toBeCloseTo((430 * 430) / (2 * 1100), -1); // about v² / 2g
        expect([b.y, b.vy]).toEqual([-190, 0]);
        expect(n).toBeGreaterThan(30);
    });
});
