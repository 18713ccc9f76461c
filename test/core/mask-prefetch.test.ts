/**
 * Decoding large baked masks ahead (core/mask-prefetch.ts): only masks of at least `minTexels`
 * are decoded ahead; each step stops once its budget is spent (on the clock it is given); a mask
 * handed over is bit for bit the one decoded at once, whether it was done, half done or not
 * reached; corrupt codes and the byte cap are respected; an idle step allocates nothing.
 */
import {
    BitMask, buildLibraryGroups, CompactLibraryIndex, decodeCodedEntry, encodeMaskCode, MaskPrefetcher,
} from '../../extensions/pixel-collision/assets/core/index';
import type { CodedMaskEntry } from '../../extensions/pixel-collision/assets/core/index';

/** A detailed mask: a wavy horizon with speckle (many edges a row, like a soft-alpha background). */
function scenery(w: number, h: number, seed: number): BitMask {
    const m = new BitMask(w, h);
    for (let j = 0; j < h; j++) for (let i = 0; i < w; i++) {
        const top = h * 0.5 + Math.sin(i * 0.05 + seed) * h * 0.2 + Math.sin(i * 0.31) * 3;
        const speck = ((i * 7919 + j * 104729 + seed) % 97) < 3;
        m.set(i, j, (j > top) !== speck);
    }
    return m;
}

const U = (n: number): string => `${n.toString(16).padStart(8, '0')}-1111-4111-8111-111111111111`;
function library(sizes: [number, number][]): { index: CompactLibraryIndex; entries: CodedMaskEntry[]; masks: BitMask[] } {
    const masks = sizes.map(([w, h], k) => scenery(w, h, k));
    const coded = masks.map((m, k): CodedMaskEntry => ({
        uuid: `${U(k)}@f9941`, texture: `${U(k)}@6c48a`, rect: [0, 0, m.width, m.height], rotated: false, threshold: 0, code: encodeMaskCode(m),
    }));
    const index = new CompactLibraryIndex(buildLibraryGroups(coded));
    const entries = masks.map((_, k) => index.byUuid(`${U(k)}@f9941`, 0)!);
    return { index, entries, masks };
}
const same = (a: BitMask | null, b: BitMask): boolean => !!a && a.width === b.width && a.height === b.height && a.bits.every((w, i) => w === b.bits[i]);

/** A clock that moves `tick` ms each time it is read. */
function clock(tick: number): { now: () => number; reads: () => number } {
    let t = 0, n = 0;
    return { now: () => { n++; return (t += tick); }, reads: () => n };
}

test('large masks are decoded ahead and handed over bit for bit; small ones are left to their first use', () => {
    const { index, entries, masks } = library([[700, 300], [40, 30], [300, 240]]);
    const p = new MaskPrefetcher();
    p.options.budgetMs = 0.2;
    p.add(index);
    const c = clock(0.05);
    let steps = 0;
    while (p.busy) { p.step(c.now); steps++; }
    // 0.2 ms a step on a clock moving 0.05 ms a read: 4 pieces of work a step (a scan, a start,
    // 32K-texel chunks: 7 + 3 of them)
    expect(steps).toBeGreaterThanOrEqual(3);
    expect(p.stats()).toMatchObject({ ready: 2, queued: 0, unscanned: 0, bytes: (Math.ceil(700 / 32) * 300 + Math.ceil(300 / 32) * 240) * 4 });
    expect(same(p.take(entries[0]), masks[0])).toBe(true);
    expect(p.take(entries[1])).toBeNull(); // under minTexels: never decoded ahead
    expect(same(p.take(entries[2]), masks[2])).toBe(true);
    expect(p.take(entries[0])).toBeNull(); // handed over once: the caller's cache owns it now
    expect(p.stats()).toMatchObject({ ready: 0, bytes: 0, taken: 2 });
});

test('a step stops once its budget is spent; a mask taken half decoded is finished then; one not reached is not decoded later', () => {
    const { index, entries, masks } = library([[640, 400], [512, 256]]);
    const p = new MaskPrefetcher();
    p.options.budgetMs = 1;
    p.add(index);
    const c = clock(0.25);
    p.step(c.now); // reads the clock at its start, around each chunk, and after each piece of work
    expect(c.reads() * 0.25).toBeLessThanOrEqual(1 + 3 * 0.25); // stops at the first look past the budget
    p.step(c.now);
    const s = p.stats();
    expect(s.ready).toBe(1); // the first mask, half done
    const half = p.take(entries[0]);
    expect(same(half, masks[0])).toBe(true);
    expect(p.take(entries[1])).toBeNull(); // the caller decodes it itself
    while (p.busy) p.step(c.now);
    expect(p.stats()).toMatchObject({ ready: 0, bytes: 0, taken: 1 });
    expect(same(decodeCodedEntry(entries[1]), masks[1])).toBe(true);
});

test('options: disabled does nothing; minTexels and maxBytes choose what is started; a corrupt code is skipped for its first use to report', () => {
    const { index, entries, masks } = library([[600, 200], [400, 400], [256, 256]]);
    const p = new MaskPrefetcher();
    p.options.enabled = false;
    p.add(index);
    expect(p.busy).toBe(false);
    p.step(clock(0.01).now);
    expect(p.stats().ready).toBe(0);
    p.options.enabled = true;
    p.options.maxBytes = Math.ceil(600 / 32) * 4 * 200 + 100; // the first fits, the second not, the third not with the first
    while (p.busy) p.step(clock(0.01).now);
    expect(p.stats()).toMatchObject({ ready: 1 });
    expect(same(p.take(entries[0]), masks[0])).toBe(true);
    expect(p.take(entries[1])).toBeNull();

    const broken = { ...entries[1], code: '!!!' };
    const q = new MaskPrefetcher();
    (q as unknown as { _queue: CodedMaskEntry[] })._queue.push(broken);
    while (q.busy) q.step(clock(0.01).now);
    expect(q.take(broken)).toBeNull();
    expect(() => decodeCodedEntry(broken)).toThrow(/Bake the masks again/);
    expect(q.stats().bytes).toBe(0);
});

test('an idle step allocates nothing', () => {
    const p = new MaskPrefetcher();
    const { index } = library([[300, 300]]);
    p.add(index);
    const c = clock(0.05);
    while (p.busy) p.step(c.now);
    const gc = (globalThis as { gc?: () => void }).gc;
    if (gc) gc();
    const before = process.memoryUsage().heapUsed;
    for (let i = 0; i < 100000; i++) p.step(c.now);
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(200000);
    expect(p.busy).toBe(false);
});
