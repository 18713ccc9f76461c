import fc from 'fast-check';
import { BroadPhase, IdBuffer, PairBuffer } from '../../extensions/pixel-collision/assets/core/broadphase';
import { rng as mulberry32 } from '../fixtures/masks';

// ---------------------------------------------------------------------------------------------
// Reference: brute force over a plain map id -> box, with the CLOSED overlap test.
// ---------------------------------------------------------------------------------------------

type Box = [minX: number, minY: number, maxX: number, maxY: number];

function overlaps(a: Box, b: Box): boolean {
    return a[0] <= b[2] && b[0] <= a[2] && a[1] <= b[3] && b[1] <= a[3];
}

function brutePairs(boxes: Map<number, Box>): string[] {
    const ids = [...boxes.keys()].sort((x, y) => x - y);
    const out: string[] = [];
    for (let i = 0; i < ids.length; i++) {
        for (let j = i + 1; j < ids.length; j++) {
            if (overlaps(boxes.get(ids[i])!, boxes.get(ids[j])!)) out.push(`${ids[i]},${ids[j]}`);
        }
    }
    return out;
}

function bruteQuery(boxes: Map<number, Box>, q: Box): number[] {
    return [...boxes.entries()].filter(([, b]) => overlaps(b, q)).map(([id]) => id).sort((x, y) => x - y);
}

/** The pairs of a buffer as "a,b" strings, in the order the buffer holds them. */
function pairList(buf: PairBuffer): string[] {
    const out: string[] = [];
    for (let i = 0; i < buf.count; i++) out.push(`${buf.a(i)},${buf.b(i)}`);
    return out;
}

function idList(buf: IdBuffer): number[] {
    return Array.from(buf.ids.subarray(0, buf.count));
}

function pairsOf(bp: BroadPhase): string[] {
    const buf = new PairBuffer(1);
    bp.updatePairs(buf);
    return pairList(buf);
}

// ---------------------------------------------------------------------------------------------

describe('BroadPhase: what counts as a pair (closed boxes)', () => {
    // B is placed relative to A = [0, 10] x [0, 10].
    const table: Array<[string, Box, boolean]> = [
        ['overlapping', [5, 5, 15, 15], true],
        ['B inside A', [2, 2, 4, 4], true],
        ['A inside B', [-5, -5, 20, 20], true],
        ['identical', [0, 0, 10, 10], true],
        ['touching on the right (A.maxX === B.minX)', [10, 0, 20, 10], true],
        ['touching on the left (B.maxX === A.minX)', [-10, 0, 0, 10], true],
        ['touching on top', [0, 10, 10, 20], true],
        ['touching below', [0, -10, 10, 0], true],
        ['touching corner to corner', [10, 10, 20, 20], true],
        ['zero-size B on the edge of A', [10, 5, 10, 5], true],
        ['off right by a hair', [10.000000001, 0, 20, 10], false],
        ['off left by a hair', [-10, 0, -1e-9, 10], false],
        ['off top', [0, 11, 10, 20], false],
        ['off bottom', [0, -20, 10, -0.5], false],
        ['x overlaps, y does not', [5, 30, 8, 40], false],
        ['y overlaps, x does not', [30, 5, 40, 8], false],
        ['diagonal neighbour, apart', [10.5, 10.5, 20, 20], false],
    ];
    test.each(table)('%s -> pair: %s', (_name, b, expected) => {
        const bp = new BroadPhase();
        const a = bp.createProxy(0, 0, 10, 10);
        const id = bp.createProxy(...b);
        expect(pairsOf(bp)).toEqual(expected ? [`${a},${id}`] : []);
    });

    test('each pair is reported once, as (lowerId, higherId), whatever the x order', () => {
        const bp = new BroadPhase();
        const right = bp.createProxy(100, 0, 110, 10); // id 0, right of the other
        const left = bp.createProxy(95, 0, 105, 10); //   id 1, first in sweep order
        expect(pairsOf(bp)).toEqual([`${right},${left}`]);
    });

    test('a proxy never pairs with itself; no proxies, no pairs', () => {
        const bp = new BroadPhase();
        expect(pairsOf(bp)).toEqual([]);
        bp.createProxy(0, 0, 1, 1);
        expect(pairsOf(bp)).toEqual([]);
    });

    test('pairs come in sweep order: by (minX, id) of the first box, then of the second', () => {
        const bp = new BroadPhase();
        const c = bp.createProxy(20, 0, 30, 10); // 0
        const a = bp.createProxy(0, 0, 25, 10); //  1
        const b = bp.createProxy(0, 0, 5, 10); //   2 (same minX as a, higher id: after a)
        expect(pairsOf(bp)).toEqual([`${a},${b}`, `${c},${a}`]);
    });
});

describe('BroadPhase: every frame of a moving scene equals brute force', () => {
    /**
     * A scene on an integer grid (so touching edges and equal minX are common), run for many
     * frames: proxies move a little (coherent), sometimes jump (incoherent), are created (one by
     * one, or in bursts larger than BATCH_INSERTS) and destroyed. After every frame the pairs
     * equal the brute-force pairs, without duplicates, and queries equal brute force.
     */
    function runScene(seed: number, initial: number, frames: number, world: number): void {
        const rnd = mulberry32(seed);
        const int = (n: number): number => Math.floor(rnd() * n);
        const bp = new BroadPhase(4);
        const boxes = new Map<number, Box>();
        const randomBox = (): Box => {
            const x = int(world);
            const y = int(world);
            return [x, y, x + int(12), y + int(12)]; // zero-size boxes included
        };
        const create = (): void => {
            const b = randomBox();
            const id = bp.createProxy(...b);
            expect(boxes.has(id)).toBe(false);
            boxes.set(id, b);
        };
        for (let i = 0; i < initial; i++) create();
        const pairs = new PairBuffer(2);
        const ids = new IdBuffer(2);
        for (let f = 0; f < frames; f++) {
            for (const [id, b] of boxes) {
                const r = rnd();
                if (r < 0.6) continue;
                const dx = r < 0.97 ? int(5) - 2 : int(world) - b[0];
                const dy = r < 0.97 ? int(5) - 2 : int(world) - b[1];
                const nb: Box = [b[0] + dx, b[1] + dy, b[2] + dx, b[3] + dy];
                bp.moveProxy(id, ...nb);
                boxes.set(id, nb);
            }
            const r = rnd();
            if (r < 0.05) for (let i = 0; i < BroadPhase.BATCH_INSERTS + 10; i++) create();
            else if (r < 0.5) for (let i = int(4); i > 0; i--) create();
            if (rnd() < 0.5) {
                for (const id of [...boxes.keys()]) {
                    if (rnd() < 0.05) {
                        bp.destroyProxy(id);
                        boxes.delete(id);
                    }
                }
            }
            expect(bp.proxyCount).toBe(boxes.size);

            bp.updatePairs(pairs);
            const got = pairList(pairs);
            expect(new Set(got).size).toBe(got.length); // no duplicates
            let ordered = true;
            for (let i = 0; i < pairs.count; i++) ordered = ordered && pairs.a(i) < pairs.b(i);
            expect(ordered).toBe(true); // (lowerId, higherId)
            expect(got.slice().sort()).toEqual(brutePairs(boxes).sort());

            const q = randomBox();
            bp.queryRect(...q, ids);
            expect(idList(ids).sort((x, y) => x - y)).toEqual(bruteQuery(boxes, q));
            bp.queryPoint(q[0], q[1], ids);
            expect(idList(ids).sort((x, y) => x - y)).toEqual(bruteQuery(boxes, [q[0], q[1], q[0], q[1]]));
        }
    }

    test('dense scenes (many overlaps, many ties), 40 frames each', () => {
        fc.assert(
            fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), fc.integer({ min: 0, max: 80 }), (seed, initial) => {
                runScene(seed, initial, 40, 60);
            }),
            { numRuns: 15 },
        );
    });

    test('sparse scenes (few overlaps), 60 frames each', () => {
        fc.assert(
            fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), fc.integer({ min: 50, max: 300 }), (seed, initial) => {
                runScene(seed, initial, 60, 400);
            }),
            { numRuns: 10 },
        );
    });

    test('fractional coordinates: random boxes from fast-check equal brute force', () => {
        const coord = fc.double({ min: -1000, max: 1000, noNaN: true, noDefaultInfinity: true });
        const box = fc.tuple(coord, coord, fc.double({ min: 0, max: 300, noNaN: true }), fc.double({ min: 0, max: 300, noNaN: true }))
            .map(([x, y, w, h]): Box => [x, y, x + w, y + h]);
        fc.assert(
            fc.property(fc.array(box, { maxLength: 60 }), box, (list, q) => {
                const bp = new BroadPhase();
                const boxes = new Map<number, Box>();
                for (const b of list) boxes.set(bp.createProxy(...b), b);
                expect(pairsOf(bp).sort()).toEqual(brutePairs(boxes).sort());
                const ids = new IdBuffer();
                bp.queryRect(...q, ids);
                expect(idList(ids).sort((x, y) => x - y)).toEqual(bruteQuery(boxes, q));
            }),
            { numRuns: 200 },
        );
    });
});

describe('BroadPhase: determinism', () => {
    test('the pair order depends only on the current ids and boxes, not on how they got there', () => {
        const rnd = mulberry32(99);
        const n = 300;
        const final: Box[] = [];
        for (let i = 0; i < n; i++) {
            const x = Math.floor(rnd() * 200);
            const y = Math.floor(rnd() * 200);
            final.push([x, y, x + 10, y + 10]);
        }
        // A: created at the final boxes directly.
        const a = new BroadPhase();
        for (const b of final) a.createProxy(...b);
        // B: created elsewhere, then moved through 30 frames of random positions to the final ones.
        const b = new BroadPhase();
        for (let i = 0; i < n; i++) b.createProxy(rnd() * 500, rnd() * 500, 600, 600);
        const scratch = new PairBuffer();
        for (let f = 0; f < 30; f++) {
            for (let i = 0; i < n; i++) {
                const x = rnd() * 200;
                const y = rnd() * 200;
                b.moveProxy(i, x, y, x + 10, y + 10);
            }
            b.updatePairs(scratch);
        }
        for (let i = 0; i < n; i++) b.moveProxy(i, ...final[i]);
        expect(pairsOf(b)).toEqual(pairsOf(a));
        expect(pairsOf(a).length).toBeGreaterThan(0);
    });

    test('PairBuffer.sort() orders pairs by (a, b)', () => {
        const bp = new BroadPhase();
        for (let i = 0; i < 50; i++) bp.createProxy(49 - i, 0, 100 - i, 1); // all 50 overlap
        const buf = new PairBuffer();
        bp.updatePairs(buf);
        const byAB = (p: string, q: string): number => {
            const [pa, pb] = p.split(',').map(Number);
            const [qa, qb] = q.split(',').map(Number);
            return pa - qa || pb - qb;
        };
        const expected = pairList(buf).sort(byAB);
        expect(pairList(buf)).not.toEqual(expected); // sweep order is not (a, b) order here
        expect(pairList(buf.sort())).toEqual(expected);
        expect(buf.count).toBe((50 * 49) / 2);
    });
});

describe('BroadPhase: proxies', () => {
    test('ids are small integers; a destroyed id is handed out again (last destroyed first)', () => {
        const bp = new BroadPhase();
        expect([0, 1, 2, 3].map(() => bp.createProxy(0, 0, 1, 1))).toEqual([0, 1, 2, 3]);
        bp.destroyProxy(1);
        bp.destroyProxy(3);
        expect(bp.proxyCount).toBe(2);
        expect(bp.has(3)).toBe(false);
        expect(bp.createProxy(0, 0, 1, 1)).toBe(3);
        expect(bp.createProxy(0, 0, 1, 1)).toBe(1);
        expect(bp.createProxy(0, 0, 1, 1)).toBe(4);
        expect(bp.proxyCount).toBe(5);
    });

    test('getBounds writes the current box into out; user tags are kept', () => {
        const bp = new BroadPhase();
        const id = bp.createProxy(1, 2, 3, 4, 77);
        const out = { minX: 0, minY: 0, maxX: 0, maxY: 0 };
        expect(bp.getBounds(id, out)).toBe(out);
        expect(out).toEqual({ minX: 1, minY: 2, maxX: 3, maxY: 4 });
        bp.moveProxy(id, -5, -6, 7, 8);
        expect(bp.getBounds(id, out)).toEqual({ minX: -5, minY: -6, maxX: 7, maxY: 8 });
        expect(bp.getUserTag(id)).toBe(77);
        bp.setUserTag(id, 5);
        expect(bp.getUserTag(id)).toBe(5);
        expect(bp.getUserTag(bp.createProxy(0, 0, 0, 0))).toBe(0);
    });

    test('a destroyed proxy is in no pair and no query', () => {
        const bp = new BroadPhase();
        const a = bp.createProxy(0, 0, 10, 10);
        const b = bp.createProxy(5, 5, 15, 15);
        const c = bp.createProxy(8, 8, 20, 20);
        bp.destroyProxy(b);
        expect(pairsOf(bp)).toEqual([`${a},${c}`]);
        const ids = new IdBuffer();
        bp.queryPoint(9, 9, ids);
        expect(idList(ids)).toEqual([a, c]);
    });

    test('filling with more than BATCH_INSERTS proxies at once (one sort) equals brute force', () => {
        const rnd = mulberry32(5);
        const bp = new BroadPhase();
        const boxes = new Map<number, Box>();
        for (let i = 0; i < 2000; i++) {
            const x = Math.floor(rnd() * 1000);
            const y = Math.floor(rnd() * 1000);
            const b: Box = [x, y, x + 20, y + 20];
            boxes.set(bp.createProxy(...b), b);
        }
        expect(pairsOf(bp).sort()).toEqual(brutePairs(boxes).sort());
    });

    test('clear() removes everything, ids start again from 0, and the broad phase works as new', () => {
        const bp = new BroadPhase();
        for (let i = 0; i < 100; i++) bp.createProxy(i, 0, i + 2, 2);
        expect(pairsOf(bp).length).toBeGreaterThan(0);
        bp.clear();
        expect(bp.proxyCount).toBe(0);
        expect(bp.has(5)).toBe(false);
        expect(pairsOf(bp)).toEqual([]);
        expect(() => bp.moveProxy(5, 0, 0, 1, 1)).toThrow(/not a live proxy/);
        expect(bp.createProxy(0, 0, 10, 10)).toBe(0);
        expect(bp.createProxy(10, 10, 20, 20)).toBe(1);
        expect(pairsOf(bp)).toEqual(['0,1']);
    });
});

describe('BroadPhase: queries', () => {
    const bp = new BroadPhase();
    const a = bp.createProxy(0, 0, 10, 10);
    const b = bp.createProxy(20, 0, 30, 10);
    const wide = bp.createProxy(-1000, 50, 1000, 60); // far left minX: queries must still find it
    const ids = new IdBuffer(1);

    test.each<[string, Box, number[]]>([
        ['a rect over a', [2, 2, 3, 3], [a]],
        ['a rect touching a and b (closed)', [10, 0, 20, 1], [a, b]],
        ['a rect between them', [11, 0, 19, 10], []],
        ['a rect over the wide box, far from its minX', [500, 55, 501, 56], [wide]],
        ['a rect over everything', [-2000, -2000, 2000, 2000], [wide, a, b]],
    ])('queryRect: %s', (_name, q, expected) => {
        expect(bp.queryRect(...q, ids)).toBe(expected.length);
        expect(idList(ids)).toEqual(expected); // (minX, id) order
    });

    test('queryPoint: a point on an edge is inside (closed)', () => {
        bp.queryPoint(10, 10, ids);
        expect(idList(ids)).toEqual([a]);
        bp.queryPoint(15, 5, ids);
        expect(idList(ids)).toEqual([]);
    });

    test('raycastCandidates: the boxes overlapping the segment box, whichever way it points', () => {
        bp.raycastCandidates(25, 5, 5, 5, ids);
        expect(idList(ids)).toEqual([a, b]);
        bp.raycastCandidates(0, 55, 0, 100, ids);
        expect(idList(ids)).toEqual([wide]);
    });

    test('a query sees moves made since the last updatePairs', () => {
        const bp2 = new BroadPhase();
        const id = bp2.createProxy(0, 0, 1, 1);
        bp2.updatePairs(new PairBuffer());
        bp2.moveProxy(id, 100, 100, 101, 101);
        bp2.queryPoint(0.5, 0.5, ids);
        expect(idList(ids)).toEqual([]);
        bp2.queryPoint(100.5, 100.5, ids);
        expect(idList(ids)).toEqual([id]);
    });
});

describe('BroadPhase: bad input throws an error that names the argument and says what to do', () => {
    const finiteCases: Array<[string, number]> = [['NaN', NaN], ['Infinity', Infinity], ['-Infinity', -Infinity]];
    const names = ['minX', 'minY', 'maxX', 'maxY'] as const;

    for (const [label, bad] of finiteCases) {
        test.each(names.map((n, i) => [n, i] as const))(`createProxy with %s = ${label}`, (name, i) => {
            const bp = new BroadPhase();
            const box: Box = [0, 0, 10, 10];
            box[i] = bad;
            expect(() => bp.createProxy(...box)).toThrow(new RegExp(`createProxy: ${name} is ${label}\\. Pass finite numbers`));
            expect(bp.proxyCount).toBe(0);
            expect(bp.createProxy(0, 0, 1, 1)).toBe(0); // the failed call used no id
        });

        test.each(names.map((n, i) => [n, i] as const))(`moveProxy with %s = ${label}`, (name, i) => {
            const bp = new BroadPhase();
            const id = bp.createProxy(0, 0, 10, 10);
            const box: Box = [0, 0, 10, 10];
            box[i] = bad;
            expect(() => bp.moveProxy(id, ...box)).toThrow(new RegExp(`moveProxy: ${name} is ${label}`));
            expect(bp.getBounds(id, { minX: 0, minY: 0, maxX: 0, maxY: 0 })).toEqual({ minX: 0, minY: 0, maxX: 10, maxY: 10 });
        });
    }

    test('moveProxyFrom (the box read from an array) refuses what moveProxy refuses, and moves like it', () => {
        const bp = new BroadPhase();
        const id = bp.createProxy(0, 0, 10, 10);
        const other = bp.createProxy(20, 0, 30, 10);
        for (const [i, bad, label] of [[0, NaN, 'NaN'], [3, Infinity, 'Infinity'], [1, -Infinity, '-Infinity']] as const) {
            const box = new Float64Array([0, 0, 10, 10]);
            box[i] = bad;
            expect(() => bp.moveProxyFrom(id, box)).toThrow(new RegExp(`moveProxyFrom: ${names[i]} is ${label}`));
        }
        expect(() => bp.moveProxyFrom(id, new Float64Array([5, 0, 4, 1]))).toThrow(/moveProxyFrom: minX \(5\) is greater than maxX/);
        expect(() => bp.moveProxyFrom(id, new Float64Array([0, 5, 1, 4]))).toThrow(/moveProxyFrom: minY \(5\) is greater than maxY/);
        expect(() => bp.moveProxyFrom(99, new Float64Array([0, 0, 1, 1]))).toThrow(/moveProxyFrom: id 99 is not a live proxy/);
        expect(bp.getBounds(id, { minX: 0, minY: 0, maxX: 0, maxY: 0 })).toEqual({ minX: 0, minY: 0, maxX: 10, maxY: 10 });
        expect(pairsOf(bp)).toEqual([]);
        // At an offset in a larger array: now it meets the other box.
        bp.moveProxyFrom(id, new Float64Array([7, 7, 15, 0, 25, 10]), 2);
        expect(bp.getBounds(id, { minX: 0, minY: 0, maxX: 0, maxY: 0 })).toEqual({ minX: 15, minY: 0, maxX: 25, maxY: 10 });
        expect(pairsOf(bp)).toEqual([`${id},${other}`]);
    });

    test('min > max, on either axis, in createProxy, moveProxy and queryRect', () => {
        const bp = new BroadPhase();
        const id = bp.createProxy(0, 0, 1, 1);
        const ids = new IdBuffer();
        expect(() => bp.createProxy(5, 0, 4, 1)).toThrow(/createProxy: minX \(5\) is greater than maxX \(4\)\. Pass minX <= maxX/);
        expect(() => bp.createProxy(0, 5, 1, 4)).toThrow(/createProxy: minY \(5\) is greater than maxY \(4\)\. Pass minY <= maxY/);
        expect(() => bp.moveProxy(id, 5, 0, 4, 1)).toThrow(/moveProxy: minX \(5\) is greater than maxX/);
        expect(() => bp.moveProxy(id, 0, 5, 1, 4)).toThrow(/moveProxy: minY \(5\) is greater than maxY/);
        expect(() => bp.queryRect(5, 0, 4, 1, ids)).toThrow(/queryRect: minX \(5\) is greater than maxX/);
        expect(() => bp.queryRect(0, 5, 1, 4, ids)).toThrow(/queryRect: minY \(5\) is greater than maxY/);
    });

    test('NaN or infinite query arguments', () => {
        const bp = new BroadPhase();
        const ids = new IdBuffer();
        expect(() => bp.queryRect(0, NaN, 1, 1, ids)).toThrow(/queryRect: minY is NaN/);
        expect(() => bp.queryPoint(0, Infinity, ids)).toThrow(/queryPoint: y is Infinity/);
        expect(() => bp.raycastCandidates(0, 0, NaN, 1, ids)).toThrow(/raycastCandidates: x1 is NaN/);
    });

    test.each<[string, (bp: BroadPhase) => number]>([
        ['never created', () => 7],
        ['already destroyed', (bp) => { const id = bp.createProxy(0, 0, 1, 1); bp.destroyProxy(id); return id; }],
        ['negative', () => -1],
        ['fractional', () => 0.5],
        ['NaN', () => NaN],
    ])('an id that is %s: destroyProxy, moveProxy, getBounds and getUserTag throw', (_name, makeId) => {
        const bp = new BroadPhase();
        bp.createProxy(0, 0, 1, 1);
        const id = makeId(bp);
        const count = bp.proxyCount;
        const message = /id .* is not a (live proxy|proxy id).*Pass an id returned by createProxy/;
        expect(() => bp.destroyProxy(id)).toThrow(message);
        expect(() => bp.destroyProxy(id)).toThrow(/^BroadPhase\.destroyProxy: id/);
        expect(() => bp.moveProxy(id, 0, 0, 1, 1)).toThrow(/^BroadPhase\.moveProxy: id/);
        expect(() => bp.getBounds(id, { minX: 0, minY: 0, maxX: 0, maxY: 0 })).toThrow(/^BroadPhase\.getBounds: id/);
        expect(() => bp.getUserTag(id)).toThrow(/^BroadPhase\.getUserTag: id/);
        expect(bp.proxyCount).toBe(count);
    });
});

describe('BroadPhase: no allocation per frame in steady state', () => {
    test('200 frames after a warm-up pass: the output buffers keep their arrays and the pairs stay right', () => {
        const rnd = mulberry32(11);
        const n = 1000;
        const bp = new BroadPhase();
        const x = new Float64Array(n);
        const y = new Float64Array(n);
        const vx = new Float64Array(n);
        const vy = new Float64Array(n);
        for (let i = 0; i < n; i++) {
            x[i] = rnd() * 500;
            y[i] = rnd() * 500;
            vx[i] = rnd() * 4 - 2;
            vy[i] = rnd() * 4 - 2;
            bp.createProxy(x[i], y[i], x[i] + 16, y[i] + 16);
        }
        const pairs = new PairBuffer(1);
        const ids = new IdBuffer(1);
        const step = (): void => {
            for (let i = 0; i < n; i++) {
                x[i] += vx[i];
                y[i] += vy[i];
                if (x[i] < 0 || x[i] > 500) vx[i] = -vx[i];
                if (y[i] < 0 || y[i] > 500) vy[i] = -vy[i];
                bp.moveProxy(i, x[i], y[i], x[i] + 16, y[i] + 16);
            }
            bp.updatePairs(pairs);
            bp.queryRect(100, 100, 300, 300, ids);
        };
        // Warm-up: play the 200 frames once, so the buffers grow to their working size; then
        // rewind the scene and play the same 200 frames again.
        const start = [x.slice(), y.slice(), vx.slice(), vy.slice()];
        for (let f = 0; f < 200; f++) step();
        x.set(start[0]);
        y.set(start[1]);
        vx.set(start[2]);
        vy.set(start[3]);
        const pairArray = pairs.pairs;
        const idArray = ids.ids;
        let maxPairs = 0;
        let sameArrays = true;
        for (let f = 0; f < 200; f++) {
            step();
            maxPairs = Math.max(maxPairs, pairs.count);
            sameArrays = sameArrays && pairs.pairs === pairArray && ids.ids === idArray;
        }
        expect(sameArrays).toBe(true);
        expect(maxPairs).toBeGreaterThan(100);
        const boxes = new Map<number, Box>();
        for (let i = 0; i < n; i++) boxes.set(i, [x[i], y[i], x[i] + 16, y[i] + 16]);
        expect(pairList(pairs).sort()).toEqual(brutePairs(boxes).sort());
    });
});

describe('PairBuffer', () => {
    test('grows by doubling, keeps its pairs, and a later smaller fill keeps the larger array', () => {
        const buf = new PairBuffer(2);
        expect(buf.capacity).toBe(2);
        for (let i = 0; i < 5; i++) buf.push(i, i + 1);
        expect(buf.capacity).toBe(8);
        expect(pairList(buf)).toEqual(['0,1', '1,2', '2,3', '3,4', '4,5']);
        const bp = new BroadPhase();
        bp.createProxy(0, 0, 1, 1);
        bp.createProxy(0, 0, 1, 1);
        expect(bp.updatePairs(buf)).toBe(1);
        expect(buf.capacity).toBe(8);
        expect(pairList(buf)).toEqual(['0,1']);
    });

    test('updatePairs grows the buffer as needed (all 300 boxes overlap: 44,850 pairs)', () => {
        const bp = new BroadPhase();
        for (let i = 0; i < 300; i++) bp.createProxy(0, 0, 1, 1);
        const buf = new PairBuffer(1);
        expect(bp.updatePairs(buf)).toBe(44850);
        expect(new Set(pairList(buf)).size).toBe(44850);
    });
});
