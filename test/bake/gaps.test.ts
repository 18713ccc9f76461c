import * as fs from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as jpeg from 'jpeg-js';
import { decodeMaskCode } from '../../extensions/pixel-collision/assets/core/index';
import { bakeProject, CONFIG_FILE, DEFAULT_OUT } from '../../extensions/pixel-collision/source/bake/index';
import { inspectJpeg, JpegProblem } from '../../extensions/pixel-collision/source/bake/jpeg';
import { parseLibraryScript } from '../../extensions/pixel-collision/source/bake/output';
import { main as cli } from '../../extensions/pixel-collision/source/cli';

/**
 * Frames the bake used to pass over without a word, on copies of test/fixtures/bake-project
 * (3 PNGs, 4 frames shown by PixelColliders of assets/scenes/main.scene, thresholds 0 and 127):
 * - a JPEG frame (no alpha: every texel opaque) is baked, its mask the whole rect;
 * - a WebP frame a collider shows is named with the reason, and the CLI exits 1;
 * - an image deleted while its .meta stays is named, and its masks are kept from the previous
 *   library (or the bake stops), as for an image that cannot be read.
 */
const root = join(__dirname, '../..');
const FIXTURE = join(root, 'test/fixtures/bake-project');
const temps: string[] = [];
function project(): string {
    const dir = fs.mkdtempSync(join(tmpdir(), 'pc-gaps-'));
    temps.push(dir);
    fs.cpSync(FIXTURE, dir, { recursive: true });
    return dir;
}
afterAll(() => temps.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

const PLAIN_FRAME = '6e02cc61-fbad-4180-abdc-ec15fab2c26d@f9941';

/** An image meta as Creator's image importer writes it (one texture, one sprite frame over the whole image). */
function imageMeta(uuid: string, w: number, h: number): string {
    const plain = JSON.parse(fs.readFileSync(join(FIXTURE, 'assets/sprites/plain.png.meta'), 'utf8'));
    const text = JSON.stringify(plain).split('6e02cc61-fbad-4180-abdc-ec15fab2c26d').join(uuid);
    const meta = JSON.parse(text);
    Object.assign(meta.subMetas.f9941.userData, { width: w, height: h, rawWidth: w, rawHeight: h });
    return JSON.stringify(meta, null, 2);
}
/** Points the scene's first PixelCollider node (Plain) at another sprite frame. */
function showInScene(dir: string, frameUuid: string): void {
    const p = join(dir, 'assets/scenes/main.scene');
    fs.writeFileSync(p, fs.readFileSync(p, 'utf8').split(PLAIN_FRAME).join(frameUuid));
}
function jpegFile(w: number, h: number): Buffer {
    const data = Buffer.alloc(w * h * 4);
    for (let i = 0; i < w * h; i++) { data[4 * i] = (i * 37) & 255; data[4 * i + 1] = 90; data[4 * i + 2] = 200; data[4 * i + 3] = 0; }
    return jpeg.encode({ data, width: w, height: h }, 90).data;
}
async function runCli(args: string[]) {
    const out: string[] = [], err: string[] = [];
    const code = await cli(args, (l) => out.push(l), (l) => err.push(l));
    return { code, out: out.join('\n'), err: err.join('\n') };
}
const library = (dir: string) => parseLibraryScript(fs.readFileSync(join(dir, DEFAULT_OUT), 'utf8'));

describe('JPEG frames', () => {
    test('inspectJpeg reads the size from the frame header; a cut-off or mislabelled file gets a message', () => {
        const j = jpegFile(21, 13);
        expect(inspectJpeg(j)).toEqual({ width: 21, height: 13 });
        expect(() => inspectJpeg(j.subarray(0, 30))).toThrow(JpegProblem);
        expect(() => inspectJpeg(j.subarray(0, 30))).toThrow(/cut off|no frame header/);
        expect(() => inspectJpeg(Buffer.from('\x89PNG\r\n\x1a\n'))).toThrow(/not a JPEG file/);
    });

    test('a JPEG frame a collider shows is baked: every texel opaque below threshold 255 (JPEG has no alpha)', async () => {
        const dir = project();
        const uuid = 'a1b2c3d4-0000-4000-8000-000000000001';
        fs.mkdirSync(join(dir, 'assets/photos'));
        fs.writeFileSync(join(dir, 'assets/photos/sky.jpg'), jpegFile(21, 13));
        fs.writeFileSync(join(dir, 'assets/photos/sky.jpg.meta'), imageMeta(uuid, 21, 13));
        showInScene(dir, `${uuid}@f9941`);
        const report = await bakeProject(dir, { thresholds: [255] });
        expect(report.errors).toEqual([]);
        const mine = library(dir).filter((e) => e.uuid === `${uuid}@f9941`);
        expect(mine.map((e) => e.threshold).sort((a, b) => a - b)).toEqual([0, 127, 255]);
        for (const e of mine) {
            const m = decodeMaskCode(e.code as string, e.rect[2], e.rect[3]);
            expect([m.width, m.height]).toEqual([21, 13]);
            expect(m.count()).toBe(e.threshold < 255 ? 21 * 13 : 0);
        }
        const r = await runCli(['bake', dir, '--explain']);
        expect(r.code).toBe(0);
    });
});

describe('WebP frames', () => {
    test('a WebP frame a collider shows is named with the reason; the CLI exits 1', async () => {
        const dir = project();
        const uuid = 'b1b2c3d4-0000-4000-8000-000000000002';
        fs.writeFileSync(join(dir, 'assets/sprites/glow.webp'), Buffer.from('RIFF\x1a\x00\x00\x00WEBPVP8L\x0d\x00\x00\x00/\x00\x00\x00\x10\x07\x10\x11\x11\x88\x88\xfe\x07\x00', 'latin1'));
        fs.writeFileSync(join(dir, 'assets/sprites/glow.webp.meta'), imageMeta(uuid, 1, 1));
        showInScene(dir, `${uuid}@f9941`);
        const r = await runCli(['bake', dir]);
        expect(r.code).toBe(1);
        expect(r.err).toMatch(/assets\/sprites\/glow\.webp: is a WebP image, which the bake cannot read.*Export it as PNG/);
    });

    test('a WebP frame no collider shows is left out like any other (listed by --explain), no error', async () => {
        const dir = project();
        const uuid = 'b1b2c3d4-0000-4000-8000-000000000003';
        fs.writeFileSync(join(dir, 'assets/sprites/unused.webp'), Buffer.from('RIFF\x00\x00\x00\x00WEBP', 'latin1'));
        fs.writeFileSync(join(dir, 'assets/sprites/unused.webp.meta'), imageMeta(uuid, 1, 1));
        const r = await runCli(['bake', dir, '--explain']);
        expect(r.code).toBe(0);
        expect(r.out).toMatch(/unused/);
    });
});

describe('an image deleted while its .meta stays', () => {
    test('is named; its masks are kept from the previous library (the rule for unreadable images)', async () => {
        const dir = project();
        const first = await bakeProject(dir);
        expect(first.errors).toEqual([]);
        const before = library(dir).filter((e) => e.uuid === PLAIN_FRAME);
        expect(before).toHaveLength(2);
        fs.rmSync(join(dir, 'assets/sprites/plain.png'));
        const r = await runCli(['bake', dir]);
        expect(r.code).toBe(1);
        expect(r.err).toMatch(/assets\/sprites\/plain\.png\.meta: its image assets\/sprites\/plain\.png is missing: only the \.meta is in the project/);
        expect(r.err).toMatch(/^kept +assets\/sprites\/plain\.png: 2 mask\(s\) of 1 frame\(s\) from the previous library/m);
        expect(library(dir).filter((e) => e.uuid === PLAIN_FRAME)).toEqual(before);
    });

    test('with "onUnreadable": "fail" the bake stops before writing, naming it', async () => {
        const dir = project();
        await bakeProject(dir);
        const lib = fs.readFileSync(join(dir, DEFAULT_OUT), 'utf8');
        fs.rmSync(join(dir, 'assets/sprites/plain.png'));
        fs.mkdirSync(join(dir, 'settings/v2/packages'), { recursive: true });
        fs.writeFileSync(join(dir, CONFIG_FILE), JSON.stringify({ onUnreadable: 'fail' }));
        const r = await runCli(['bake', dir]);
        expect(r.code).toBe(1);
        expect(r.err).toMatch(/could not be read \(assets\/sprites\/plain\.png\)/);
        expect(fs.readFileSync(join(dir, DEFAULT_OUT), 'utf8')).toBe(lib);
    });
});
