import * as fs from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BitMask, decodeBase64 } from '../../extensions/pixel-collision/assets/core/index';
import { bakeProject, DEFAULT_OUT } from '../../extensions/pixel-collision/source/bake/index';
import { parseLibraryScript } from '../../extensions/pixel-collision/source/bake/output';
import { openPage } from '../browser/chromium';
import type { Browser } from '../browser/chromium';
import { encodePNG16 } from '../fixtures/png';

/**
 * 16-bit PNGs (RGBA and gray + alpha) baked, and the same files drawn by Chromium on a canvas
 * (what a web build shows): every texel's baked bit equals "canvas alpha > threshold" at
 * thresholds 0, 127, 128 and 254, and Chromium's alpha is the 16-bit value's high byte (0x00C0 -> 0).
 */
jest.setTimeout(60000);

const root = join(__dirname, '../..');
const FIXTURE = join(root, 'test/fixtures/bake-project');
const PLAIN = '6e02cc61-fbad-4180-abdc-ec15fab2c26d';
const W = 32, H = 32;
const THRESHOLDS = [0, 127, 128, 254];

function mulberry32(seed: number): () => number {
    return () => {
        seed = (seed + 0x6d2b79f5) | 0;
        let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
        t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
        return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
}

/** 16-bit alphas: the edge cases first (high byte 0 with a low byte, around 127/128/254), then random. */
function alphas(seed: number): number[] {
    const edges = [0x0000, 0x00c0, 0x00ff, 0x0100, 0x017f, 0x7f80, 0x7fff, 0x8000, 0x80ff, 0xfe80, 0xfeff, 0xff00, 0xffff, 0x0080, 0x0001, 0x7f00];
    const rnd = mulberry32(seed);
    return Array.from({ length: W * H }, (_, i) => (i < edges.length ? edges[i] : Math.floor(rnd() * 65536)));
}

let browser: Browser;
beforeAll(async () => { browser = await openPage('/* the test drives the page with evaluate */'); });
afterAll(async () => { await browser?.close(); });

async function canvasAlphas(png: Buffer): Promise<number[]> {
    return browser.page.evaluate(async (b64: string) => {
        const img = new Image();
        img.src = `data:image/png;base64,${b64}`;
        await img.decode();
        const c = document.createElement('canvas');
        c.width = img.width; c.height = img.height;
        const ctx = c.getContext('2d', { willReadFrequently: true })!;
        ctx.drawImage(img, 0, 0);
        const d = ctx.getImageData(0, 0, c.width, c.height).data;
        const out: number[] = [];
        for (let i = 3; i < d.length; i += 4) out.push(d[i]);
        return out;
    }, png.toString('base64'));
}

test.each([['RGBA', 6, 11], ['gray + alpha', 4, 12]] as const)('16-bit %s: the bake agrees with Chromium\'s canvas texel for texel', async (_what, colorType, seed) => {
    const a = alphas(seed);
    const rnd = mulberry32(seed + 100);
    const samples: number[] = [];
    for (const v of a) {
        const grey = Math.floor(rnd() * 65536);
        if (colorType === 6) samples.push(grey, Math.floor(rnd() * 65536), Math.floor(rnd() * 65536), v);
        else samples.push(grey, v);
    }
    const png = encodePNG16(samples, W, H, colorType);

    const dir = fs.mkdtempSync(join(tmpdir(), 'pc-png16-'));
    try {
        fs.cpSync(FIXTURE, dir, { recursive: true });
        fs.writeFileSync(join(dir, 'assets/sprites/plain.png'), png);
        const metaPath = join(dir, 'assets/sprites/plain.png.meta');
        const meta = JSON.parse(fs.readFileSync(metaPath, 'utf8'));
        Object.assign(meta.subMetas.f9941.userData, { width: W, height: H, rawWidth: W, rawHeight: H });
        fs.writeFileSync(metaPath, JSON.stringify(meta));
        const report = await bakeProject(dir, { thresholds: THRESHOLDS });
        expect(report.errors).toEqual([]);

        const browserAlpha = await canvasAlphas(png);
        expect(browserAlpha).toHaveLength(W * H);
        expect(browserAlpha).toEqual(a.map((v) => v >> 8)); // Chromium keeps the high byte
        expect(browserAlpha[1]).toBe(0); // 0x00C0

        const lib = parseLibraryScript(fs.readFileSync(join(dir, DEFAULT_OUT), 'utf8'));
        let differing = 0;
        for (const t of THRESHOLDS) {
            const e = lib.find((x) => x.uuid === `${PLAIN}@f9941` && x.threshold === t)!;
            const m = BitMask.deserialize(decodeBase64(e.data));
            for (let i = 0; i < W * H; i++) if (m.get(i % W, Math.floor(i / W)) !== browserAlpha[i] > t) differing++;
        }
        expect(differing).toBe(0);
    } finally {
        fs.rmSync(dir, { recursive: true, force: true });
    }
});
