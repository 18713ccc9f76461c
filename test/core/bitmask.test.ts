/**
 * BitMask, the one-bit-per-texel mask every narrow phase reads: building it from RGBA pixels
 * (threshold, atlas rects, rotated frames), refusing bad input, mutation and cache invalidation,
 * counts and bounds, the 8 orientation variants, the OR pyramid and its dilated twin, boundary
 * runs, and the binary format. Each derived quantity is checked against a brute force written
 * here over `get(i, j)`, never against the word tricks under test.
 */
import fc from 'fast-check';
import { BitMask } from '../../extensions/pixel-collision/assets/core/bitmask';
import { blob, empty, full, line, noise, randomMask, ring, rng, disc } from '../fixtures/masks';

// =============================================================================================
// Helpers and brute-force references (texel by texel, through get()).
// =============================================================================================

/** The mask as text rows, '#' opaque, '.' transparent: readable diffs on failure. */
function rowsOf(m: BitMask): string[] {
    const rows: string[] = [];
    for (let j = 0; j < m.height; j++) {
        let s = '';
        for (let i = 0; i < m.width; i++) s += m.get(i, j) ? '#' : '.';
        rows.push(s);
    }
    return rows;
}

function maskOf(w: number, h: number, opaque: (i: number, j: number) => boolean): BitMask {
    const m = new BitMask(w, h);
    for (let j = 0; j < h; j++) for (let i = 0; i < w; i++) if (opaque(i, j)) m.set(i, j, true);
    return m;
}

/** OR of every bit past `width` in the last word of every row: must be 0. */
function paddingBits(m: BitMask): number {
    const tail = m.width & 31;
    if (tail === 0) return 0;
    const pad = ~(0xffffffff >>> (32 - tail)) >>> 0;
    let or = 0;
    for (let j = 0; j < m.height; j++) or |= m.bits[j * m.stride + m.stride - 1] & pad;
    return or >>> 0;
}

/** Words must be exactly what the layout says (also checks stride and padding). */
function expectSameMask(actual: BitMask, expected: BitMask): void {
    expect([actual.width, actual.height]).toEqual([expected.width, expected.height]);
    expect(rowsOf(actual)).toEqual(rowsOf(expected));
    expect(actual.stride).toBe(Math.ceil(actual.width / 32));
    expect(paddingBits(actual)).toBe(0);
}

const bruteTranspose = (m: BitMask) => maskOf(m.height, m.width, (i, j) => m.get(j, i));
const bruteMirrorCols = (m: BitMask) => maskOf(m.width, m.height, (i, j) => m.get(m.width - 1 - i, j));
const bruteMirrorRows = (m: BitMask) => maskOf(m.width, m.height, (i, j) => m.get(i, m.height - 1 - j));

/** The documented variant: transpose if swap, then mirror columns if flipCols, then rows if flipRows. */
function bruteVariant(m: BitMask, swap: boolean, flipCols: boolean, flipRows: boolean): BitMask {
    let v = m;
    if (swap) v = bruteTranspose(v);
    if (flipCols) v = bruteMirrorCols(v);
    if (flipRows) v = bruteMirrorRows(v);
    return v;
}

/** Level L texel (i, j) = OR over the 2^L x 2^L block of level 0 (clipped to the mask). */
function brutePyramid(m: BitMask, level: number): BitMask {
    const s = 2 ** level;
    return maskOf(Math.ceil(m.width / s), Math.ceil(m.height / s), (i, j) => {
        for (let y = j * s; y < (j + 1) * s; y++) for (let x = i * s; x < (i + 1) * s; x++) if (m.get(x, y)) return true;
        return false;
    });
}

/** One texel larger each way; each texel ORed with its left, upper and upper-left neighbours. */
function bruteDilate(m: BitMask): BitMask {
    return maskOf(m.width + 1, m.height + 1, (i, j) => m.get(i, j) || m.get(i - 1, j) || m.get(i, j - 1) || m.get(i - 1, j - 1));
}

/** Does any texel (p, q) satisfy a(p, q) && b(p - dx, q - dy)? (b placed at offset (dx, dy) from a). */
function bruteOverlap(a: BitMask, b: BitMask, dx: number, dy: number): boolean {
    for (let q = 0; q < a.height; q++) for (let p = 0; p < a.width; p++) if (a.get(p, q) && b.get(p - dx, q - dy)) return true;
    return false;
}

/** Unit boundary edges as strings: 'v i j' (line x = i, row j), 'h j i' (line y = j, column i). */
function bruteEdges(m: BitMask): string[] {
    const out: string[] = [];
    for (let j = 0; j < m.height; j++) for (let i = 0; i <= m.width; i++) if (m.get(i - 1, j) !== m.get(i, j)) out.push(`v ${i} ${j}`);
    for (let j = 0; j <= m.height; j++) for (let i = 0; i < m.width; i++) if (m.get(i, j - 1) !== m.get(i, j)) out.push(`h ${j} ${i}`);
    return out.sort();
}

function runTriples(a: Int32Array): [number, number, number][] {
    expect(a.length % 3).toBe(0);
    const out: [number, number, number][] = [];
    for (let k = 0; k < a.length; k += 3) out.push([a[k], a[k + 1], a[k + 2]]);
    return out;
}

/** The unit edges covered by the runs, each run checked to be non-empty and inside the mask. */
function edgesOfRuns(m: BitMask): string[] {
    const { vertical, horizontal } = m.boundaryRuns();
    const out: string[] = [];
    for (const [i, j0, j1] of runTriples(vertical)) {
        expect(i >= 0 && i <= m.width && j0 >= 0 && j0 < j1 && j1 <= m.height).toBe(true);
        for (let j = j0; j < j1; j++) out.push(`v ${i} ${j}`);
    }
    for (const [j, i0, i1] of runTriples(horizontal)) {
        expect(j >= 0 && j <= m.height && i0 >= 0 && i0 < i1 && i1 <= m.width).toBe(true);
        for (let i = i0; i < i1; i++) out.push(`h ${j} ${i}`);
    }
    return out.sort();
}

/** Runs on one line never touch or overlap: [a0, a1) then [b0, b1) needs a1 < b0. */
function touchingRuns(runs: [number, number, number][]): string[] {
    const byLine = new Map<number, [number, number][]>();
    for (const [line, s, e] of runs) {
        if (!byLine.has(line)) byLine.set(line, []);
        byLine.get(line)!.push([s, e]);
    }
    const bad: string[] = [];
    for (const [lineNo, spans] of byLine) {
        spans.sort((x, y) => x[0] - y[0]);
        for (let k = 1; k < spans.length; k++) {
            if (spans[k - 1][1] >= spans[k][0]) bad.push(`line ${lineNo}: [${spans[k - 1]}) then [${spans[k]})`);
        }
    }
    return bad;
}

/** A w x h RGBA image, every byte 0. */
function blankRGBA(w: number, h: number): Uint8Array {
    return new Uint8Array(w * h * 4);
}

/** A w x h RGBA image with random colour bytes and random alphas (seeded). */
function randomRGBA(w: number, h: number, seed: number): Uint8Array {
    const r = rng(seed);
    const px = new Uint8Array(w * h * 4);
    for (let k = 0; k < px.length; k++) px[k] = Math.floor(r() * 256);
    return px;
}

/** Pixels of the sub-rectangle, as a standalone image. */
function cropRGBA(px: Uint8Array, texW: number, x: number, y: number, w: number, h: number): Uint8Array {
    const out = new Uint8Array(w * h * 4);
    for (let j = 0; j < h; j++) out.set(px.subarray(((y + j) * texW + x) * 4, ((y + j) * texW + x + w) * 4), j * w * 4);
    return out;
}

/**
 * An atlas holding `frame` (fw x fh RGBA) stored rotated 90° clockwise at (rx, ry), the
 * TexturePacker / Cocos convention: upright texel (i, j) goes to texture (rx + fh - 1 - j, ry + i);
 * the stored block is fh texels wide and fw tall. Other atlas texels are random junk.
 */
function atlasWithRotatedFrame(frame: Uint8Array, fw: number, fh: number, texW: number, texH: number, rx: number, ry: number, seed: number): Uint8Array {
    const tex = randomRGBA(texW, texH, seed);
    for (let j = 0; j < fh; j++) {
        for (let i = 0; i < fw; i++) {
            const src = (j * fw + i) * 4;
            const dst = ((ry + i) * texW + (rx + fh - 1 - j)) * 4;
            for (let c = 0; c < 4; c++) tex[dst + c] = frame[src + c];
        }
    }
    return tex;
}

/** Seeded masks of every fixture kind, with widths around word boundaries. */
function sampleMasks(seed: number, n: number, maxSize = 70): BitMask[] {
    const r = rng(seed);
    const out: BitMask[] = [];
    const widths = [1, 2, 7, 31, 32, 33, 63, 64, 65];
    for (const w of widths) {
        const h = 1 + Math.floor(r() * 12);
        out.push(noise(w, h, r), full(w, h), empty(w, h), line(w, h, r), blob(w, h, r), ring(w, h));
    }
    for (let k = 0; k < n; k++) out.push(randomMask(r, maxSize));
    return out;
}

// =============================================================================================

describe('BitMask.fromRGBA: a texel is opaque iff its alpha > threshold', () => {
    const alphas = [0, 1, 127, 128, 254, 255];
    // threshold    alpha:  0      1      127    128    254    255
    const table: [number, boolean[]][] = [
        [0,   /* */ [false, true,  true,  true,  true,  true]],
        [1,   /* */ [false, false, true,  true,  true,  true]],
        [127, /* */ [false, false, false, true,  true,  true]],
        [254, /* */ [false, false, false, false, false, true]],
        [255, /* */ [false, false, false, false, false, false]],
    ];

    it.each(table)('threshold %i', (threshold, expected) => {
        const px = blankRGBA(alphas.length, 1);
        alphas.forEach((a, i) => { px[i * 4 + 3] = a; });
        const m = BitMask.fromRGBA(px, alphas.length, 1, { threshold });
        expect(alphas.map((_, i) => m.get(i, 0))).toEqual(expected);
    });

    it('the default threshold is 0 (any non-zero alpha is opaque)', () => {
        const px = blankRGBA(alphas.length, 1);
        alphas.forEach((a, i) => { px[i * 4 + 3] = a; });
        expect(rowsOf(BitMask.fromRGBA(px, alphas.length, 1))).toEqual(['.#####']);
    });

    it('only the alpha byte matters: colour bytes never change the mask', () => {
        const w = 37, h = 9;
        const px = randomRGBA(w, h, 1);
        const alphaOnly = blankRGBA(w, h);
        const inverted = new Uint8Array(px.length);
        for (let k = 0; k < px.length; k++) {
            if ((k & 3) === 3) { alphaOnly[k] = px[k]; inverted[k] = px[k]; } else inverted[k] = 255 - px[k];
        }
        for (const threshold of [0, 100, 254]) {
            const m = BitMask.fromRGBA(px, w, h, { threshold });
            expectSameMask(BitMask.fromRGBA(alphaOnly, w, h, { threshold }), m);
            expectSameMask(BitMask.fromRGBA(inverted, w, h, { threshold }), m);
            expect(m.count()).toBe(Array.from({ length: w * h }, (_, p) => px[p * 4 + 3]).filter((a) => a > threshold).length);
        }
        // White, fully transparent pixels are transparent.
        const white = new Uint8Array([255, 255, 255, 0, 0, 0, 0, 1]);
        expect(rowsOf(BitMask.fromRGBA(white, 2, 1))).toEqual(['.#']);
    });

    it('accepts Uint8Array, Uint8ClampedArray and number[] alike', () => {
        const bytes = [9, 9, 9, 0, 9, 9, 9, 200, 0, 0, 0, 1];
        for (const px of [new Uint8Array(bytes), new Uint8ClampedArray(bytes), bytes]) {
            expect(rowsOf(BitMask.fromRGBA(px, 3, 1))).toEqual(['.##']);
        }
    });

    it('reads rows top to bottom and columns left to right (row 0 at the top)', () => {
        const px = blankRGBA(3, 2);
        px[(0 * 3 + 2) * 4 + 3] = 255; // top-right
        px[(1 * 3 + 0) * 4 + 3] = 255; // bottom-left
        expect(rowsOf(BitMask.fromRGBA(px, 3, 2))).toEqual(['..#', '#..']);
    });

    it('a `rect` of an atlas gives the same mask as cropping the image first', () => {
        const texW = 70, texH = 30;
        const atlas = randomRGBA(texW, texH, 7);
        const rects = [
            { x: 0, y: 0, width: 70, height: 30 },
            { x: 5, y: 7, width: 20, height: 11 },
            { x: 31, y: 1, width: 33, height: 1 },
            { x: 69, y: 29, width: 1, height: 1 },
            { x: 1, y: 0, width: 64, height: 30 },
        ];
        for (const rect of rects) {
            const crop = cropRGBA(atlas, texW, rect.x, rect.y, rect.width, rect.height);
            expectSameMask(BitMask.fromRGBA(atlas, texW, texH, { rect, threshold: 90 }), BitMask.fromRGBA(crop, rect.width, rect.height, { threshold: 90 }));
        }
    });

    it('a `rect` equals cropping (random atlases and rects)', () => {
        fc.assert(fc.property(
            fc.integer({ min: 1, max: 80 }), fc.integer({ min: 1, max: 20 }), fc.integer(), fc.integer({ min: 0, max: 255 }),
            fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true }), fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true }),
            fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true }), fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true }),
            (texW, texH, seed, threshold, fx, fy, fw, fh) => {
                const x = Math.floor(fx * texW), y = Math.floor(fy * texH);
                const width = 1 + Math.floor(fw * (texW - x)), height = 1 + Math.floor(fh * (texH - y));
                const atlas = randomRGBA(texW, texH, seed);
                const m = BitMask.fromRGBA(atlas, texW, texH, { rect: { x, y, width, height }, threshold });
                expectSameMask(m, BitMask.fromRGBA(cropRGBA(atlas, texW, x, y, width, height), width, height, { threshold }));
            }), { numRuns: 150 });
    });

    describe('rotated frames (stored 90° clockwise in the atlas) come out upright', () => {
        // An asymmetric 5x7 frame: any wrong rotation or mirror shows.
        const upright = [
            '####.',
            '#....',
            '###..',
            '#....',
            '#...#',
            '.....',
            '..##.',
        ];
        const fw = 5, fh = 7;
        const frame = blankRGBA(fw, fh);
        upright.forEach((row, j) => [...row].forEach((c, i) => { if (c === '#') frame[(j * fw + i) * 4 + 3] = 255; }));

        it('the stored block is the frame turned clockwise (top row -> right column)', () => {
            const tex = atlasWithRotatedFrame(frame, fw, fh, fh, fw, 0, 0, 0);
            // The whole 7x5 texture is the rotated frame: look at it unrotated.
            // The whole 7x5 texture is the rotated frame; read it as a plain image:
            // the upright top row '####.' is its right column, the bottom row '..##.' its left column.
            expect(rowsOf(BitMask.fromRGBA(tex, fh, fw))).toEqual([
                '..#####',
                '....#.#',
                '#...#.#',
                '#.....#',
                '..#....',
            ]);
        });

        it('rect = the upright size; the mask equals the upright frame', () => {
            const texW = 20, texH = 16, rx = 3, ry = 2;
            const tex = atlasWithRotatedFrame(frame, fw, fh, texW, texH, rx, ry, 1);
            const m = BitMask.fromRGBA(tex, texW, texH, { rect: { x: rx, y: ry, width: fw, height: fh }, rotated: true, threshold: 127 });
            expect([m.width, m.height]).toEqual([fw, fh]);
            expect(rowsOf(m)).toEqual(upright);
        });

        it('equals the mask of the same frame packed unrotated', () => {
            const texW = 20, texH = 16;
            const straight = randomRGBA(texW, texH, 2);
            for (let j = 0; j < fh; j++) straight.set(frame.subarray(j * fw * 4, (j + 1) * fw * 4), ((9 + j) * texW + 11) * 4);
            const a = BitMask.fromRGBA(straight, texW, texH, { rect: { x: 11, y: 9, width: fw, height: fh }, threshold: 127 });
            const tex = atlasWithRotatedFrame(frame, fw, fh, texW, texH, 13, 0, 3);
            const b = BitMask.fromRGBA(tex, texW, texH, { rect: { x: 13, y: 0, width: fw, height: fh }, rotated: true, threshold: 127 });
            expectSameMask(b, a);
        });

        it('without a rect, the whole texture is one rotated frame (mask is height x width)', () => {
            const tex = atlasWithRotatedFrame(frame, fw, fh, fh, fw, 0, 0, 0);
            expect(rowsOf(BitMask.fromRGBA(tex, fh, fw, { rotated: true }))).toEqual(upright);
        });

        it('property: rotated read of a rotated frame == plain read of the upright frame', () => {
            fc.assert(fc.property(
                fc.integer({ min: 1, max: 45 }), fc.integer({ min: 1, max: 45 }),
                fc.integer({ min: 0, max: 6 }), fc.integer({ min: 0, max: 6 }), fc.integer({ min: 0, max: 6 }), fc.integer({ min: 0, max: 6 }),
                fc.integer(), fc.integer({ min: 0, max: 255 }),
                (w, h, left, top, right, bottom, seed, threshold) => {
                    const frameRGBA = randomRGBA(w, h, seed);
                    const texW = left + h + right, texH = top + w + bottom;
                    const tex = atlasWithRotatedFrame(frameRGBA, w, h, texW, texH, left, top, seed ^ 0x5bd1e995);
                    const m = BitMask.fromRGBA(tex, texW, texH, { rect: { x: left, y: top, width: w, height: h }, rotated: true, threshold });
                    expectSameMask(m, BitMask.fromRGBA(frameRGBA, w, h, { threshold }));
                }), { numRuns: 150 });
        });
    });
});

describe('bad input is refused with an error naming the argument', () => {
    const px4 = blankRGBA(4, 4);

    it.each([-1, 256, 1.5, NaN])('threshold %p -> RangeError', (threshold) => {
        expect(() => BitMask.fromRGBA(px4, 4, 4, { threshold })).toThrow(RangeError);
        expect(() => BitMask.fromRGBA(px4, 4, 4, { threshold })).toThrow(/threshold/);
    });

    it.each([0, -3, 2.5, NaN])('width %p -> RangeError (fromRGBA and constructor)', (width) => {
        expect(() => BitMask.fromRGBA(blankRGBA(4, 4), width, 4)).toThrow(RangeError);
        expect(() => BitMask.fromRGBA(blankRGBA(4, 4), width, 4)).toThrow(/width/);
        expect(() => new BitMask(width, 4)).toThrow(RangeError);
        expect(() => new BitMask(width, 4)).toThrow(/width/);
    });

    it.each([0, -3, 2.5, NaN])('height %p -> RangeError (fromRGBA and constructor)', (height) => {
        expect(() => BitMask.fromRGBA(blankRGBA(4, 4), 4, height)).toThrow(RangeError);
        expect(() => BitMask.fromRGBA(blankRGBA(4, 4), 4, height)).toThrow(/height/);
        expect(() => new BitMask(4, height)).toThrow(RangeError);
        expect(() => new BitMask(4, height)).toThrow(/height/);
    });

    it('a zero-size frame (0x0, empty buffer) is refused, and the message says why', () => {
        expect(() => BitMask.fromRGBA(new Uint8Array(0), 0, 0)).toThrow(/width.*zero-size/);
    });

    it.each([
        ['one byte short', 4 * 4 * 4 - 1],
        ['one byte long', 4 * 4 * 4 + 1],
        ['RGB instead of RGBA', 4 * 4 * 3],
        ['empty', 0],
    ])('pixels of the wrong length (%s) -> RangeError naming pixels and the expected size', (_, n) => {
        expect(() => BitMask.fromRGBA(new Uint8Array(n), 4, 4)).toThrow(RangeError);
        expect(() => BitMask.fromRGBA(new Uint8Array(n), 4, 4)).toThrow(/pixels has \d+ bytes.*64/);
    });

    it('pixels that are not an array -> TypeError naming pixels', () => {
        expect(() => BitMask.fromRGBA(null as unknown as Uint8Array, 4, 4)).toThrow(TypeError);
        expect(() => BitMask.fromRGBA({} as unknown as Uint8Array, 4, 4)).toThrow(/pixels/);
    });

    // Texture 8 wide, 4 tall.
    const tex = blankRGBA(8, 4);
    it.each([
        ['x + width > texture width', { x: 1, y: 0, width: 8, height: 4 }, false],
        ['y + height > texture height', { x: 0, y: 1, width: 8, height: 4 }, false],
        ['negative x', { x: -1, y: 0, width: 2, height: 2 }, false],
        ['negative y', { x: 0, y: -1, width: 2, height: 2 }, false],
        ['zero width', { x: 0, y: 0, width: 0, height: 2 }, false],
        ['zero height', { x: 0, y: 0, width: 2, height: 0 }, false],
        ['non-integer x', { x: 0.5, y: 0, width: 2, height: 2 }, false],
        ['rotated rect that fits only unrotated (occupies 4 wide x 8 tall)', { x: 0, y: 0, width: 8, height: 4 }, true],
        ['rotated rect one texel too far right (occupies height = 3 columns)', { x: 6, y: 0, width: 2, height: 3 }, true],
    ])('rect %s -> RangeError naming rect', (_, rect, rotated) => {
        expect(() => BitMask.fromRGBA(tex, 8, 4, { rect, rotated })).toThrow(RangeError);
        expect(() => BitMask.fromRGBA(tex, 8, 4, { rect, rotated })).toThrow(/rect/);
    });

    it('rects that touch the texture edge exactly are fine (the rejections above are not off by one)', () => {
        expect(BitMask.fromRGBA(tex, 8, 4, { rect: { x: 0, y: 0, width: 8, height: 4 } }).width).toBe(8);
        expect(BitMask.fromRGBA(tex, 8, 4, { rect: { x: 7, y: 3, width: 1, height: 1 } }).width).toBe(1);
        expect(BitMask.fromRGBA(tex, 8, 4, { rect: { x: 5, y: 0, width: 4, height: 3 }, rotated: true }).width).toBe(4);
    });

    it.each([
        ['left of the mask', -1, 0],
        ['right of the mask', 5, 0],
        ['above the mask', 0, -1],
        ['below the mask', 0, 3],
        ['non-integer column', 0.5, 0],
        ['NaN', NaN, 0],
    ])('set %s -> RangeError naming the texel', (_, i, j) => {
        const m = new BitMask(5, 3);
        expect(() => m.set(i, j, true)).toThrow(RangeError);
        expect(() => m.set(i, j, true)).toThrow(new RegExp(`texel \\(${i}, ${j}\\) is outside the 5x3 mask`));
        expect(m.version).toBe(0);
        expect(m.count()).toBe(0);
    });

    it.each([
        ['one word short', 33, 2, 3],
        ['one word long', 33, 2, 5],
        ['width / 32 instead of ceil', 33, 2, 2],
    ])('constructor with bits of the wrong length (%s) -> RangeError naming bits', (_, w, h, n) => {
        expect(() => new BitMask(w, h, new Uint32Array(n))).toThrow(RangeError);
        expect(() => new BitMask(w, h, new Uint32Array(n))).toThrow(/bits has \d+ words.*needs exactly 4/);
    });

    describe('deserialize', () => {
        const good = () => noise(33, 5, rng(3)).serialize();

        it.each([
            ['empty', new Uint8Array(0)],
            ['random bytes', Uint8Array.from({ length: 40 }, (_, k) => (k * 73 + 11) & 0xff)],
            ['a PNG header', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0, 0, 0])],
            ['"PCM" but only the 12-byte header', new Uint8Array([0x50, 0x43, 0x4d, 1, 1, 0, 0, 0, 1, 0, 0, 0])],
            ['a number[] instead of a Uint8Array', Array.from({ length: 20 }) as unknown as Uint8Array],
        ])('garbage (%s) -> TypeError', (_, data) => {
            expect(() => BitMask.deserialize(data)).toThrow(TypeError);
            expect(() => BitMask.deserialize(data)).toThrow(/not a serialized BitMask/);
        });

        it('a truncated packed payload -> RangeError', () => {
            const data = good();
            expect(data[12]).toBe(0);
            for (const cut of [1, 2, 5]) {
                expect(() => BitMask.deserialize(data.subarray(0, data.length - cut))).toThrow(RangeError);
                expect(() => BitMask.deserialize(data.subarray(0, data.length - cut))).toThrow(/serialized BitMask is truncated/);
            }
        });

        it('a packed payload with trailing bytes -> RangeError', () => {
            const data = good();
            const longer = new Uint8Array(data.length + 1);
            longer.set(data);
            expect(() => BitMask.deserialize(longer)).toThrow(/truncated or has trailing bytes/);
        });

        it('a truncated run-length payload -> RangeError (cut inside a varint, or after whole runs)', () => {
            const m = new BitMask(300, 2);
            for (let i = 200; i < 300; i++) m.set(i, 0, true);
            const data = m.serialize();
            // Runs: 200 transparent (2-byte varint), 100 opaque, 300 transparent (2 bytes).
            expect(Array.from(data.subarray(12))).toEqual([1, 0xc8, 0x01, 100, 0xac, 0x02]);
            expect(() => BitMask.deserialize(data.subarray(0, data.length - 1))).toThrow(/truncated run length/);
            expect(() => BitMask.deserialize(data.subarray(0, data.length - 2))).toThrow(/runs do not cover width \* height/);
            expect(() => BitMask.deserialize(data.subarray(0, 13))).toThrow(RangeError);
        });

        it('runs longer than the mask -> RangeError', () => {
            const data = full(4, 4).serialize();
            expect(Array.from(data.subarray(12))).toEqual([1, 0, 16]);
            data[14] = 17;
            expect(() => BitMask.deserialize(data)).toThrow(/runs exceed width \* height/);
        });

        it('a newer format version byte -> RangeError naming both versions', () => {
            const data = good();
            data[3] = 2;
            expect(() => BitMask.deserialize(data)).toThrow(RangeError);
            expect(() => BitMask.deserialize(data)).toThrow(/format version 2; this build reads version 1/);
        });

        it('an unknown encoding byte -> RangeError', () => {
            const data = good();
            data[12] = 7;
            expect(() => BitMask.deserialize(data)).toThrow(/unknown encoding 7/);
        });

        it('a zero width in the header -> RangeError naming width', () => {
            const data = good();
            data[4] = data[5] = data[6] = data[7] = 0;
            expect(() => BitMask.deserialize(data)).toThrow(/width must be a positive integer/);
        });

        // BUG: the header's width and height are trusted and the mask is allocated BEFORE the
        // payload length is checked. A 13-byte payload claiming 2^20 x 2^20 texels (both within
        // checkSize's limit) throws V8's "Invalid typed array length: 34359738368" instead of the
        // documented "clear error on a corrupt payload"; smaller lies such as 2^20 x 2^11
        // allocate 256 MiB first and only then report truncation.
        it('a header claiming a huge size with a tiny payload is reported as corrupt, not as an allocation failure', () => {
            const data = new Uint8Array([0x50, 0x43, 0x4d, 1, 0, 0, 0x10, 0, 0, 0, 0x10, 0, 0]);
            expect(() => BitMask.deserialize(data)).toThrow(/serialized BitMask/);
        });
    });
});

describe('get, set, changed and version', () => {
    it('get is false outside the mask; set writes exactly one texel', () => {
        const m = new BitMask(33, 3);
        expect([m.get(-1, 0), m.get(0, -1), m.get(33, 0), m.get(0, 3)]).toEqual([false, false, false, false]);
        m.set(32, 1, true);
        expect(m.get(32, 1)).toBe(true);
        expect(m.count()).toBe(1);
        expect(Array.from(m.bits)).toEqual([0, 0, 0, 1, 0, 0]); // word 1 of row 1, bit 0
        m.set(31, 0, true);
        expect(m.bits[0]).toBe(0x80000000);
        m.set(32, 1, false);
        expect(m.get(32, 1)).toBe(false);
        expect(m.count()).toBe(1);
    });

    it('version increments on every set and every changed()', () => {
        const m = new BitMask(4, 4);
        expect(m.version).toBe(0);
        m.set(1, 1, true);
        expect(m.version).toBe(1);
        m.set(1, 1, false);
        expect(m.version).toBe(2);
        m.changed();
        expect(m.version).toBe(3);
    });

    it('derived data is cached while the mask does not change', () => {
        const m = blob(40, 30, rng(5));
        expect(m.rowBounds()).toBe(m.rowBounds());
        expect(m.oriented(true, false, true)).toBe(m.oriented(true, false, true));
        expect(m.pyramid(2)).toBe(m.pyramid(2));
        expect(m.dilatedPyramid(1)).toBe(m.dilatedPyramid(1));
        expect(m.boundaryRuns()).toBe(m.boundaryRuns());
        expect(m.pyramid(0)).toBe(m);
        expect(m.oriented(false, false, false)).toBe(m);
    });

    it('after set, every cache is dropped and recomputed from the new texels', () => {
        const m = blob(40, 30, rng(5));
        const before = {
            count: m.count(), rowBounds: m.rowBounds(), variant: m.oriented(true, true, false),
            pyr: m.pyramid(3), dil: m.dilatedPyramid(2), runs: m.boundaryRuns(),
        };
        // A lone texel far from the blob changes every derived quantity.
        expect(m.get(0, 0)).toBe(false);
        m.set(0, 0, true);
        const fresh = m.clone(); // no caches
        expect(m.count()).toBe(before.count + 1);
        expect(m.count()).toBe(fresh.count());
        expect(m.rowBounds()).not.toBe(before.rowBounds);
        expect(m.rowBounds().lo[0]).toBe(0);
        expect(m.oriented(true, true, false)).not.toBe(before.variant);
        expectSameMask(m.oriented(true, true, false), bruteVariant(fresh, true, true, false));
        expect(m.pyramid(3)).not.toBe(before.pyr);
        expectSameMask(m.pyramid(3), brutePyramid(fresh, 3));
        expect(m.dilatedPyramid(2)).not.toBe(before.dil);
        expectSameMask(m.dilatedPyramid(2), bruteDilate(brutePyramid(fresh, 2)));
        expect(m.boundaryRuns()).not.toBe(before.runs);
        expect(edgesOfRuns(m)).toEqual(bruteEdges(fresh));
        // The old variant still shows the old texels (it was a copy, not a view).
        expect(before.variant.get(before.variant.width - 1, 0)).toBe(false);
    });

    it('after writing bits directly, changed() drops the caches', () => {
        const m = new BitMask(40, 2);
        expect(m.count()).toBe(0);
        expect(m.bounds()).toEqual({ x: 0, y: 0, width: 0, height: 0 });
        m.bits[1 * m.stride + 1] = 0b110; // texels (33, 1) and (34, 1)
        m.changed();
        expect(m.count()).toBe(2);
        expect(m.bounds()).toEqual({ x: 33, y: 1, width: 2, height: 1 });
        expect(rowsOf(m.oriented(true, false, false))[33]).toBe('.#');
    });
});

describe('count, bounds and rowBounds equal brute force', () => {
    const masks = sampleMasks(11, 150);

    it('count = number of opaque texels', () => {
        for (const m of masks) expect(m.count()).toBe(rowsOf(m).join('').split('#').length - 1);
    });

    it('bounds is the tight box of the opaque texels, {0,0,0,0} when empty', () => {
        for (const m of masks) {
            let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
            for (let j = 0; j < m.height; j++) for (let i = 0; i < m.width; i++) {
                if (m.get(i, j)) { x0 = Math.min(x0, i); y0 = Math.min(y0, j); x1 = Math.max(x1, i); y1 = Math.max(y1, j); }
            }
            const expected = x0 === Infinity ? { x: 0, y: 0, width: 0, height: 0 } : { x: x0, y: y0, width: x1 - x0 + 1, height: y1 - y0 + 1 };
            expect(m.bounds()).toEqual(expected);
        }
        expect(empty(65, 3).bounds()).toEqual({ x: 0, y: 0, width: 0, height: 0 });
    });

    it('bounds writes into `out` and returns it', () => {
        const out = { x: 9, y: 9, width: 9, height: 9 };
        const m = BitMask.fromRows(['....', '.##.', '..#.']);
        expect(m.bounds(out)).toBe(out);
        expect(out).toEqual({ x: 1, y: 1, width: 2, height: 2 });
        expect(new BitMask(3, 3).bounds(out)).toEqual({ x: 0, y: 0, width: 0, height: 0 });
    });

    it('rowBounds: lo = first opaque column, hi = one past the last; (width, 0) for an empty row', () => {
        for (const m of masks) {
            const { lo, hi } = m.rowBounds();
            expect([lo.length, hi.length]).toEqual([m.height, m.height]);
            const rows = rowsOf(m);
            for (let j = 0; j < m.height; j++) {
                const row = rows[j];
                const first = row.indexOf('#');
                expect([lo[j], hi[j]]).toEqual(first < 0 ? [m.width, 0] : [first, row.lastIndexOf('#') + 1]);
            }
        }
    });

    it('rowBounds.full: 1 iff every texel of [lo, hi) is opaque (empty rows count as full)', () => {
        // Solid spans across word boundaries, a single hole anywhere, one-texel rows.
        const extra: BitMask[] = [];
        for (const w of [1, 31, 32, 33, 64, 65, 97]) {
            for (const [a, b] of [[0, w], [1, w - 1], [w >> 1, w], [0, 1], [w - 1, w]]) {
                if (!(a < b)) continue;
                const m = new BitMask(w, 2);
                for (let i = a; i < b; i++) m.set(i, 0, true);
                for (let i = a; i < b; i++) m.set(i, 1, true);
                if (b - a > 2) m.set(a + ((b - a) >> 1), 1, false); // a hole in row 1
                extra.push(m);
            }
        }
        let sawFull = 0, sawHoles = 0;
        for (const m of [...masks, ...extra]) {
            const { full } = m.rowBounds();
            const rows = rowsOf(m);
            for (let j = 0; j < m.height; j++) {
                const row = rows[j];
                const first = row.indexOf('#');
                const isFull = first < 0 || !row.slice(first, row.lastIndexOf('#') + 1).includes('.');
                expect(full[j]).toBe(isFull ? 1 : 0);
                if (first >= 0) { if (isFull) sawFull++; else sawHoles++; }
            }
        }
        expect(sawFull).toBeGreaterThan(50);
        expect(sawHoles).toBeGreaterThan(50);
    });

    it('rowBounds.runs lists each row\'s runs when there are at most 4 (else -1)', () => {
        let listed = 0, many = 0;
        // Rows whose last run ends at a word boundary (width 32, 64: the run ends at width).
        const edge = [32, 64, 96].map((w) => {
            const m = new BitMask(w, 3);
            for (let i = w - 5; i < w; i++) m.set(i, 0, true);
            for (let i = 0; i < w; i += 2) m.set(i, 1, true);
            m.set(w - 1, 2, true);
            return m;
        });
        for (const m of [...masks, ...edge]) {
            const { runs } = m.rowBounds();
            const rows = rowsOf(m);
            for (let j = 0; j < m.height; j++) {
                const want: number[] = [];
                const re = /#+/g;
                for (let hit = re.exec(rows[j]); hit; hit = re.exec(rows[j])) want.push(hit.index, hit.index + hit[0].length);
                const n = runs[9 * j];
                if (want.length / 2 > 4) { expect(n).toBe(-1); many++; continue; }
                expect(n).toBe(want.length / 2);
                expect(Array.from(runs.subarray(9 * j + 1, 9 * j + 1 + 2 * n))).toEqual(want);
                if (n > 1) listed++;
            }
        }
        expect(listed).toBeGreaterThan(20);
        expect(many).toBeGreaterThan(20);
    });

    it('rowBounds.spans packs [lo or ~lo when not full, hi]; bands[r] is the union span of rows r..r+3', () => {
        for (const m of masks) {
            const { lo, hi, full, spans, bands } = m.rowBounds();
            for (let j = 0; j < m.height; j++) {
                expect([spans[2 * j], spans[2 * j + 1]]).toEqual([full[j] ? lo[j] : ~lo[j], hi[j]]);
                let bl = m.width, bh = 0;
                for (let q = j; q < Math.min(j + 4, m.height); q++) {
                    if (lo[q] < hi[q]) { bl = Math.min(bl, lo[q]); bh = Math.max(bh, hi[q]); }
                }
                expect([bands[2 * j], bands[2 * j + 1]]).toEqual([bl, bh]);
            }
        }
    });

    it('padding bits past width are zero in every word, whatever produced the mask', () => {
        const produced: [string, BitMask][] = [];
        for (const w of [1, 5, 8, 31, 32, 33, 63, 64, 65, 70]) {
            const h = 1 + (w % 7);
            // fromRGBA with every alpha opaque: the last word is as full as it can be.
            produced.push([`fromRGBA ${w}`, BitMask.fromRGBA(new Uint8Array(w * h * 4).fill(255), w, h)]);
            produced.push([`fromRGBA rotated ${w}`, BitMask.fromRGBA(new Uint8Array(w * h * 4).fill(255), h, w, { rotated: true })]);
        }
        for (const m of [...masks.slice(0, 80), ...produced.map(([, p]) => p)]) {
            produced.push(['source', m], ['flipX', m.flipX()], ['flipY', m.flipY()], ['transpose', m.transpose()], ['rotate90', m.rotate90()], ['clone', m.clone()]);
            for (let k = 1; k < 8; k++) produced.push([`variant ${k}`, m.oriented(!!(k & 4), !!(k & 2), !!(k & 1))]);
            for (let L = 0; L <= 3; L++) produced.push([`pyramid ${L}`, m.pyramid(L)], [`dilated ${L}`, m.dilatedPyramid(L)]);
            produced.push(['deserialize', BitMask.deserialize(m.serialize())]);
        }
        const dirty = produced.filter(([, p]) => paddingBits(p) !== 0).map(([name, p]) => `${name} ${p.width}x${p.height}`);
        expect(dirty).toEqual([]);
    });
});

describe('orientation: flips, transpose, rotate90 and the 8 cached variants', () => {
    const masks = sampleMasks(12, 60, 40);
    const variants: [boolean, boolean, boolean][] = [];
    for (const swap of [false, true]) for (const fcol of [false, true]) for (const frow of [false, true]) variants.push([swap, fcol, frow]);

    it.each(variants)('oriented(swap=%p, flipCols=%p, flipRows=%p) = transpose, then mirror columns, then rows', (swap, flipCols, flipRows) => {
        for (const m of masks) expectSameMask(m.oriented(swap, flipCols, flipRows), bruteVariant(m, swap, flipCols, flipRows));
    });

    it('the 8 variants of an asymmetric mask are all different (the dihedral group of the square)', () => {
        const m = BitMask.fromRows(['##.', '#..', '#..']); // an L: no symmetry of its own
        const seen = new Set(variants.map(([s, c, r]) => rowsOf(m.oriented(s, c, r)).join('/')));
        expect(seen.size).toBe(8);
    });

    it('small examples', () => {
        const m = BitMask.fromRows([
            '##..',
            '#...',
            '...#',
        ]);
        expect(rowsOf(m.flipX())).toEqual(['..##', '...#', '#...']);
        expect(rowsOf(m.flipY())).toEqual(['...#', '#...', '##..']);
        expect(rowsOf(m.transpose())).toEqual(['##.', '#..', '...', '..#']);
    });

    it('rotate90 turns clockwise as displayed: the top row becomes the right column', () => {
        const m = BitMask.fromRows([
            '###',
            '#..',
        ]);
        expect(rowsOf(m.rotate90())).toEqual([
            '##',
            '.#',
            '.#',
        ]);
        for (const k of masks) {
            const r = k.rotate90();
            expect([r.width, r.height]).toEqual([k.height, k.width]);
            // Top row of the source, left to right = right column of the result, top to bottom.
            for (let i = 0; i < k.width; i++) expect(r.get(r.width - 1, i)).toBe(k.get(i, 0));
            // Left column of the source, bottom to top = top row of the result, left to right.
            for (let j = 0; j < k.height; j++) expect(r.get(k.height - 1 - j, 0)).toBe(k.get(0, j));
        }
    });

    it('involutions and the quarter-turn cycle: flipX², flipY², transpose², rotate90⁴ are the identity', () => {
        for (const m of masks) {
            expectSameMask(m.flipX().flipX(), m);
            expectSameMask(m.flipY().flipY(), m);
            expectSameMask(m.transpose().transpose(), m);
            expectSameMask(m.rotate90().rotate90().rotate90().rotate90(), m);
            expectSameMask(m.rotate90().rotate90(), m.flipX().flipY());
        }
    });

    it('flipX, flipY, transpose and rotate90 return new masks the caller may mutate', () => {
        const m = blob(20, 10, rng(1));
        const snapshot = rowsOf(m);
        for (const f of [m.flipX(), m.flipY(), m.transpose(), m.rotate90()]) {
            expect(f).not.toBe(m);
            f.set(0, 0, !f.get(0, 0));
        }
        expect(rowsOf(m)).toEqual(snapshot);
        expectSameMask(m.flipX(), bruteMirrorCols(m));
    });
});

describe('pyramid: level L texel = OR over its 2^L x 2^L block', () => {
    const masks = sampleMasks(13, 80);

    it('level 0 is the mask itself', () => {
        for (const m of masks.slice(0, 10)) expect(m.pyramid(0)).toBe(m);
    });

    it.each([1, 2, 3, 4])('level %i equals the brute-force block OR (odd sizes included)', (L) => {
        for (const m of masks) expectSameMask(m.pyramid(L), brutePyramid(m, L));
        for (const [w, h] of [[1, 1], [3, 5], [17, 33], [33, 17], [65, 3], [129, 2]]) {
            const m = noise(w, h, rng(w * 1000 + h), 0.1);
            const p = m.pyramid(L);
            expect([p.width, p.height]).toEqual([Math.ceil(w / 2 ** L), Math.ceil(h / 2 ** L)]);
            expectSameMask(p, brutePyramid(m, L));
        }
    });

    it('a single texel lands in block (i >> L, j >> L) at every level', () => {
        const m = new BitMask(70, 70);
        m.set(45, 19, true);
        for (let L = 1; L <= 6; L++) {
            const p = m.pyramid(L);
            expect(p.count()).toBe(1);
            expect(p.get(45 >> L, 19 >> L)).toBe(true);
        }
    });
});

describe('dilatedPyramid: pyramid level grown by one texel towards +x, +y and +x+y', () => {
    it('means: one texel larger each way, each texel ORed with its left, upper and upper-left neighbours', () => {
        const m = BitMask.fromRows([
            '...',
            '.#.',
            '...',
        ]);
        expect(rowsOf(m.dilatedPyramid(0))).toEqual([
            '....',
            '.##.',
            '.##.',
            '....',
        ]);
        const corner = BitMask.fromRows(['#.', '.#']);
        expect(rowsOf(corner.dilatedPyramid(0))).toEqual([
            '##.',
            '###',
            '.##',
        ]);
    });

    it.each([0, 1, 2, 3, 4])('level %i equals the brute-force dilation of the brute-force pyramid', (L) => {
        for (const m of sampleMasks(14, 50)) expectSameMask(m.dilatedPyramid(L), bruteDilate(brutePyramid(m, L)));
    });

    it('why dilate: the plain pyramids at the block offset can miss a real overlap', () => {
        // A opaque at (2, 0); B opaque at (1, 0) placed at dx = 1: B's texel lands on A's.
        const a = BitMask.fromRows(['..#.']);
        const b = BitMask.fromRows(['.#..']);
        expect(bruteOverlap(a, b, 1, 0)).toBe(true);
        // Level 1, block offset floor(1 / 2) = 0: A's block 1 vs B's block 0, no common texel...
        expect(bruteOverlap(a.pyramid(1), b.pyramid(1), 0, 0)).toBe(false);
        // ...but B's dilated level 1 covers blocks 0 and 1.
        expect(bruteOverlap(a.pyramid(1), b.dilatedPyramid(1), 0, 0)).toBe(true);
    });

    /**
     * B is placed at integer offset (dx, dy) from A: B texel (u, v) sits on A texel (u + dx, v + dy).
     * If they share an opaque texel, then A.pyramid(L) AND B.dilatedPyramid(L) placed at
     * (floor(dx / 2^L), floor(dy / 2^L)) share an opaque texel: the coarse test never misses.
     */
    function conservative(a: BitMask, b: BitMask, dx: number, dy: number, L: number): boolean {
        if (!bruteOverlap(a, b, dx, dy)) return true;
        const s = 2 ** L;
        return bruteOverlap(a.pyramid(L), b.dilatedPyramid(L), Math.floor(dx / s), Math.floor(dy / s));
    }

    it('is a conservative overlap test at every offset (exhaustive offsets, seeded pairs)', () => {
        const r = rng(15);
        let overlapping = 0;
        for (let n = 0; n < 12; n++) {
            const a = randomMask(r, 14), b = randomMask(r, 14);
            for (let dy = -b.height - 1; dy <= a.height; dy++) {
                for (let dx = -b.width - 1; dx <= a.width; dx++) {
                    if (bruteOverlap(a, b, dx, dy)) overlapping++;
                    for (let L = 1; L <= 4; L++) {
                        if (!conservative(a, b, dx, dy, L)) throw new Error(`missed overlap: A ${rowsOf(a)} B ${rowsOf(b)} dx=${dx} dy=${dy} L=${L}`);
                    }
                }
            }
        }
        expect(overlapping).toBeGreaterThan(100); // the property was not vacuous
    });

    it('is a conservative overlap test (fast-check: sparse masks, random offsets and levels)', () => {
        fc.assert(fc.property(
            fc.integer(), fc.integer({ min: 1, max: 40 }), fc.integer({ min: 1, max: 40 }), fc.integer({ min: 1, max: 40 }), fc.integer({ min: 1, max: 40 }),
            fc.integer({ min: -45, max: 45 }), fc.integer({ min: -45, max: 45 }), fc.integer({ min: 1, max: 4 }),
            (seed, aw, ah, bw, bh, dx, dy, L) => {
                const r = rng(seed);
                // Sparse noise: single texels are where the block offset's rounding bites.
                const a = noise(aw, ah, r, 0.05), b = noise(bw, bh, r, 0.05);
                expect(conservative(a, b, dx, dy, L)).toBe(true);
            }), { numRuns: 300 });
    });
});

describe('boundaryRuns: maximal straight runs of the opaque/transparent boundary', () => {
    it('a single texel: four unit edges', () => {
        const m = BitMask.fromRows(['#']);
        const { vertical, horizontal } = m.boundaryRuns();
        expect(runTriples(vertical).sort()).toEqual([[0, 0, 1], [1, 0, 1]]);
        expect(runTriples(horizontal).sort()).toEqual([[0, 0, 1], [1, 0, 1]]);
    });

    it('a small shape: runs are (line, start, end) with end exclusive; outside counts as transparent', () => {
        const m = BitMask.fromRows([
            '##.',
            '###',
        ]);
        const byLine = (a: Int32Array) => runTriples(a).sort((x, y) => x[0] - y[0] || x[1] - y[1]);
        // x = 0: rows 0-1; x = 2: row 0 (## then .); x = 3: row 1.
        expect(byLine(m.boundaryRuns().vertical)).toEqual([[0, 0, 2], [2, 0, 1], [3, 1, 2]]);
        // y = 0: columns 0-1; y = 1: column 2; y = 2: columns 0-2.
        expect(byLine(m.boundaryRuns().horizontal)).toEqual([[0, 0, 2], [1, 2, 3], [2, 0, 3]]);
    });

    it('each family is listed in order around the centre of the opaque bounds (outline neighbours are list neighbours)', () => {
        for (const m of [blob(48, 48, rng(1)), ring(40, 30), noise(33, 20, rng(5), 0.4), blob(300, 200, rng(2))]) {
            const b = m.bounds();
            const cx = b.x + b.width / 2, cy = b.y + b.height / 2;
            const { vertical, horizontal } = m.boundaryRuns();
            for (const [runs, isVertical] of [[vertical, true], [horizontal, false]] as const) {
                // Counter-clockwise from +x (as y grows), in [0, 2 pi); runs are sorted in steps of
                // direction, one per run (16 to 4,096 steps), each at most 8 / steps radians wide.
                const angle = runTriples(runs).map(([line, a0, a1]) => {
                    const t = isVertical ? Math.atan2((a0 + a1) / 2 - cy, line - cx) : Math.atan2(line - cy, (a0 + a1) / 2 - cx);
                    return t < 0 ? t + 2 * Math.PI : t;
                });
                const step = 8 / Math.min(4096, Math.max(16, angle.length));
                expect(angle.length).toBeGreaterThan(8);
                for (let i = 1; i < angle.length; i++) expect(angle[i]).toBeGreaterThanOrEqual(angle[i - 1] - step - 1e-12);
            }
        }
    });

    it('an empty mask has no boundary; a full one has exactly its four sides', () => {
        for (const w of [1, 31, 32, 33, 64, 65]) {
            expect(empty(w, 3).boundaryRuns().vertical.length + empty(w, 3).boundaryRuns().horizontal.length).toBe(0);
            const f = full(w, 3).boundaryRuns();
            expect(runTriples(f.vertical).sort((x, y) => x[0] - y[0])).toEqual([[0, 0, 3], [w, 0, 3]]);
            expect(runTriples(f.horizontal).sort((x, y) => x[0] - y[0])).toEqual([[0, 0, w], [3, 0, w]]);
        }
    });

    it('covers exactly the brute-force unit edges, with maximal runs (random masks, word-boundary widths)', () => {
        const masks = sampleMasks(16, 120);
        const r = rng(17);
        for (const w of [31, 32, 33, 64, 65, 96, 97]) {
            masks.push(noise(w, 9, r, 0.5), noise(w, 9, r, 0.95), noise(w, 9, r, 0.05));
            // Stripes and checkerboards: every word has mixed and all-ones XORs.
            masks.push(maskOf(w, 6, (i, j) => ((i + j) & 1) === 0), maskOf(w, 6, (i) => i % 3 !== 0), maskOf(w, 6, (_, j) => (j & 1) === 0));
            // One-pixel lines along each axis and a diagonal.
            masks.push(maskOf(w, 5, (_, j) => j === 2), maskOf(w, 5, (i) => i === w - 1), maskOf(w, w, (i, j) => i === j));
        }
        for (const m of masks) {
            const { vertical, horizontal } = m.boundaryRuns();
            const covered = edgesOfRuns(m);
            expect(covered).toEqual(bruteEdges(m));
            expect(new Set(covered).size).toBe(covered.length); // no edge covered twice
            expect(touchingRuns(runTriples(vertical))).toEqual([]);
            expect(touchingRuns(runTriples(horizontal))).toEqual([]);
        }
    });
});

describe('serialize / deserialize', () => {
    it('header: "P" "C" "M" 1, width and height as little-endian u32, then the encoding byte', () => {
        const data = noise(300, 70, rng(1)).serialize();
        expect(Array.from(data.subarray(0, 4))).toEqual([0x50, 0x43, 0x4d, 1]);
        expect(String.fromCharCode(data[0], data[1], data[2])).toBe('PCM');
        expect(Array.from(data.subarray(4, 12))).toEqual([44, 1, 0, 0, 70, 0, 0, 0]);
        expect([0, 1]).toContain(data[12]);
    });

    it('round-trips masks of many sizes, 1x1 to 70x70 (widths 31, 32, 33 included)', () => {
        const r = rng(18);
        const sizes: [number, number][] = [[1, 1], [1, 70], [70, 1], [70, 70], [8, 8], [9, 3], [31, 4], [32, 4], [33, 4], [31, 31], [32, 33], [33, 32], [64, 2], [65, 5]];
        for (let k = 0; k < 40; k++) sizes.push([1 + Math.floor(r() * 70), 1 + Math.floor(r() * 70)]);
        const encodings = new Set<number>();
        for (const [w, h] of sizes) {
            for (const m of [noise(w, h, r), noise(w, h, r, 0.03), full(w, h), empty(w, h), blob(w, h, r), ring(w, h), line(w, h, r)]) {
                const data = m.serialize();
                encodings.add(data[12]);
                // The smaller encoding is chosen: never larger than packed rows.
                expect(data.length).toBeLessThanOrEqual(13 + Math.ceil(w / 8) * h);
                expectSameMask(BitMask.deserialize(data), m);
            }
        }
        expect([...encodings].sort()).toEqual([0, 1]);
    });

    it('round-trips (fast-check: random sizes and densities)', () => {
        fc.assert(fc.property(
            fc.integer({ min: 1, max: 70 }), fc.integer({ min: 1, max: 70 }), fc.integer(), fc.double({ min: 0, max: 1, noNaN: true }),
            (w, h, seed, density) => {
                const m = noise(w, h, rng(seed), density);
                expectSameMask(BitMask.deserialize(m.serialize()), m);
            }), { numRuns: 200 });
    });

    it('noise picks packed rows (byte 12 = 0): ceil(width / 8) bytes per row, LSB first', () => {
        const m = noise(33, 40, rng(19));
        const data = m.serialize();
        expect(data[12]).toBe(0);
        expect(data.length).toBe(13 + 5 * 40);
        // Byte b of row j holds texels 8b .. 8b+7, texel 8b in bit 0.
        for (let j = 0; j < 40; j++) {
            for (let i = 0; i < 33; i++) expect(((data[13 + j * 5 + (i >> 3)] >> (i & 7)) & 1) === 1).toBe(m.get(i, j));
            expect(data[13 + j * 5 + 4] >> 1).toBe(0); // texels 33..39 do not exist
        }
    });

    it('big solid blobs pick run lengths (byte 12 = 1)', () => {
        for (const m of [blob(200, 150, rng(20)), disc(64, 64), full(33, 33), empty(70, 70)]) {
            const data = m.serialize();
            expect(data[12]).toBe(1);
            expectSameMask(BitMask.deserialize(data), m);
        }
    });

    it('a solid 1000x1000 mask serializes to a few bytes', () => {
        const m = new BitMask(1000, 1000, new Uint32Array(32 * 1000).fill(0xffffffff));
        for (let j = 0; j < 1000; j++) m.bits[j * 32 + 31] = 0xff; // 1000 = 31 * 32 + 8
        m.changed();
        expect(m.count()).toBe(1_000_000);
        const data = m.serialize();
        // 12-byte header, encoding 1, runs: 0 transparent, 1 000 000 opaque (a 3-byte varint).
        expect(Array.from(data)).toEqual([0x50, 0x43, 0x4d, 1, 0xe8, 3, 0, 0, 0xe8, 3, 0, 0, 1, 0, 0xc0, 0x84, 0x3d]);
        const back = BitMask.deserialize(data);
        expect(back.count()).toBe(1_000_000);
        expect(Array.from(back.bits)).toEqual(Array.from(m.bits));
    });
});

test('tiled(width, height): copies laid from the bottom-left corner, the last column cut on the right and the last row at the top', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 40 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 100 }), fc.integer({ min: 1, max: 30 }), fc.integer(),
        (w, h, W, H, seed) => {
            let s = seed >>> 0;
            const m = new BitMask(w, h);
            for (let j = 0; j < h; j++) for (let i = 0; i < w; i++) { s = (Math.imul(s, 1664525) + 1013904223) >>> 0; m.set(i, j, s > 2 ** 31); }
            const t = m.tiled(W, H);
            let wrong = 0;
            for (let j = 0; j < H; j++) for (let i = 0; i < W; i++) if (t.get(i, j) !== m.get(i % w, h - 1 - ((H - 1 - j) % h))) wrong++;
            expect([t.width, t.height, wrong]).toEqual([W, H, 0]);
            // bits past the width stay 0
            for (let j = 0; j < H; j++) for (let i = W; i < t.stride * 32; i++) if ((t.bits[j * t.stride + (i >>> 5)] >>> (i & 31)) & 1) wrong++;
            expect(wrong).toBe(0);
        }), { numRuns: 200 });
});
