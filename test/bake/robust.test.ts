import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildSync } from 'esbuild';
import { PNG } from 'pngjs';
import { BitMask, decodeBase64 } from '../../extensions/pixel-collision/assets/core/index';
import type { BakedMaskEntry } from '../../extensions/pixel-collision/assets/core/index';
import { BakeFailure, bakeFrames, bakeProject, CACHE_FILE, CONFIG_FILE, DEFAULT_OUT } from '../../extensions/pixel-collision/source/bake/index';
import { parseLibraryScript } from '../../extensions/pixel-collision/source/bake/output';
import { MAX_PNG_SIDE } from '../../extensions/pixel-collision/source/bake/png';
import { main as cli } from '../../extensions/pixel-collision/source/cli';
import { encodeLyingPNG, encodePNG16 } from '../fixtures/png';

/**
 * The bake around its reading of pixels: what it does when files cannot be read (keeps the last
 * good masks or stops before writing), how it writes (temporary file + rename), which paths it
 * writes to (inside assets/ only), hostile and 16-bit PNGs, the CLI's exit codes and messages, and
 * that two clones of one project bake the same bytes. Each test works on a fresh copy of
 * test/fixtures/bake-project (3 PNGs, 4 frames, thresholds 0 and 127: 8 masks).
 */
const root = join(__dirname, '../..');
const FIXTURE = join(root, 'test/fixtures/bake-project');
const PNGS = ['assets/atlas/sheet.png', 'assets/sprites/plain.png', 'assets/sprites/trimmed.png'];
const MASKS_DIR = 'assets/pixel-collision-masks';

const temps: string[] = [];
function tempDir(prefix = 'pc-robust-'): string {
    const dir = fs.mkdtempSync(join(tmpdir(), prefix));
    temps.push(dir);
    return dir;
}
function project(dir = tempDir()): string {
    fs.cpSync(FIXTURE, dir, { recursive: true });
    return dir;
}
afterAll(() => temps.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

function library(dir: string): BakedMaskEntry[] {
    return parseLibraryScript(fs.readFileSync(join(dir, DEFAULT_OUT), 'utf8'));
}
async function quietBake(dir: string, opts: Parameters<typeof bakeProject>[1] = {}) {
    const lines: string[] = [];
    const report = await bakeProject(dir, { ...opts, onProgress: (l) => lines.push(l) });
    return { report, lines };
}
async function runCli(args: string[]) {
    const out: string[] = [], err: string[] = [];
    const code = await cli(args, (l) => out.push(l), (l) => err.push(l));
    return { code, out: out.join('\n'), err: err.join('\n') };
}
function settings(dir: string, value: Record<string, unknown>): void {
    fs.mkdirSync(join(dir, 'settings/v2/packages'), { recursive: true });
    fs.writeFileSync(join(dir, CONFIG_FILE), JSON.stringify(value));
}
const LFS_POINTER = 'version https://git-lfs.github.com/spec/v1\noid sha256:4d7a214614ab2935c943f9e0ff69d22eadbb8f32b1258daaa5e2ca24d17e2393\nsize 12345\n';
/** A PNG whose chunk structure is intact but whose pixel data is corrupt (CRC mismatch in IDAT). */
function corrupt(dir: string, rel: string): void {
    const b = fs.readFileSync(join(dir, rel));
    b.fill(0x5a, 45, 60);
    fs.writeFileSync(join(dir, rel), b);
}
function tmpLeftovers(dir: string): string[] {
    const found: string[] = [];
    const walk = (d: string): void => {
        for (const n of fs.readdirSync(d)) {
            const p = join(d, n);
            if (fs.statSync(p).isDirectory()) walk(p);
            else if (n.endsWith('.tmp')) found.push(p);
        }
    };
    walk(dir);
    return found;
}

describe('nothing lost: images that cannot be read', () => {
    test('every PNG a Git LFS pointer: the library keeps all 8 masks, each file is named with "git lfs pull", and the cache still knows the real files', async () => {
        const dir = project();
        await quietBake(dir);
        const before = fs.readFileSync(join(dir, DEFAULT_OUT));
        const originals = PNGS.map((p) => fs.readFileSync(join(dir, p)));
        for (const p of PNGS) fs.writeFileSync(join(dir, p), LFS_POINTER);

        const { report, lines } = await quietBake(dir);
        expect(report.unreadable).toEqual(PNGS);
        expect(report.errors.map((e) => e.file)).toEqual(PNGS);
        for (const e of report.errors) expect(e.message).toMatch(/is a Git LFS pointer.*Run "git lfs pull"/);
        expect(report.kept).toEqual([
            { file: 'assets/atlas/sheet.png', frames: 2, masks: 4 },
            { file: 'assets/sprites/plain.png', frames: 1, masks: 2 },
            { file: 'assets/sprites/trimmed.png', frames: 1, masks: 2 },
        ]);
        expect(lines.filter((l) => /^kept +assets\/.*from the previous library/.test(l))).toHaveLength(3);
        expect(report.masks).toBe(8);
        expect(report.written).toBe(false);
        expect(fs.readFileSync(join(dir, DEFAULT_OUT))).toEqual(before);

        // "git lfs pull": the same files again (new mtimes); the cache still has their masks, so nothing is decoded
        PNGS.forEach((p, i) => fs.writeFileSync(join(dir, p), originals[i]));
        const pulled = await quietBake(dir);
        expect(pulled.report).toMatchObject({ texturesRead: 0, texturesSkipped: 3, masks: 8, errors: [], kept: [], unreadable: [] });
        expect(fs.readFileSync(join(dir, DEFAULT_OUT))).toEqual(before);
    });

    test('one corrupt atlas keeps its 4 good masks (the CLI says so and exits 1); the other images are baked anew', async () => {
        const dir = project();
        await quietBake(dir);
        const before = library(dir);
        corrupt(dir, 'assets/atlas/sheet.png');
        // and a real change elsewhere, so the library is written
        const plain = PNG.sync.read(fs.readFileSync(join(dir, 'assets/sprites/plain.png')));
        plain.data.fill(255);
        fs.writeFileSync(join(dir, 'assets/sprites/plain.png'), PNG.sync.write(plain));

        const r = await runCli(['bake', dir]);
        expect(r.code).toBe(1);
        expect(r.err).toMatch(/^error assets\/atlas\/sheet\.png: cannot be decoded as PNG/m);
        expect(r.err).toMatch(/^kept +assets\/atlas\/sheet\.png: 4 mask\(s\) of 2 frame\(s\) from the previous library/m);
        expect(r.out).toMatch(/1 unreadable \(4 mask\(s\) kept from the previous library\); 1 error\(s\)$/);
        const after = library(dir);
        expect(after).toHaveLength(8);
        for (const e of after) {
            const old = before.find((x) => x.uuid === e.uuid && x.threshold === e.threshold)!;
            if (e.texture.startsWith('3c0168ab')) expect(e).toEqual(old); // the atlas' frames: kept as they were
            if (e.uuid!.startsWith('6e02cc61')) expect(BitMask.deserialize(decodeBase64(e.data)).count()).toBe(13 * 9); // plain: baked anew
        }
    });

    test('"onUnreadable": "fail" stops the bake before it writes anything (library, metas, cache); the CLI exits 1 naming the file', async () => {
        const dir = project();
        await quietBake(dir);
        settings(dir, { onUnreadable: 'fail' });
        const lib = fs.readFileSync(join(dir, DEFAULT_OUT));
        const cache = fs.readFileSync(join(dir, CACHE_FILE));
        fs.rmSync(join(dir, DEFAULT_OUT + '.meta'));
        corrupt(dir, 'assets/sprites/trimmed.png');
        const plain = PNG.sync.read(fs.readFileSync(join(dir, 'assets/sprites/plain.png')));
        plain.data.fill(255);
        fs.writeFileSync(join(dir, 'assets/sprites/plain.png'), PNG.sync.write(plain)); // would change the library

        await expect(bakeProject(dir)).rejects.toThrow(BakeFailure);
        await expect(bakeProject(dir)).rejects.toMatchObject({ kind: 'unreadable', file: 'assets/sprites/trimmed.png' });
        const r = await runCli(['bake', dir]);
        expect(r.code).toBe(1);
        expect(r.err).toMatch(/^error assets\/sprites\/trimmed\.png: cannot be decoded as PNG/m);
        expect(r.err).toMatch(/^error: 1 image\(s\) could not be read \(assets\/sprites\/trimmed\.png\); nothing was written, as "onUnreadable": "fail"/m);
        expect(fs.readFileSync(join(dir, DEFAULT_OUT))).toEqual(lib);
        expect(fs.readFileSync(join(dir, CACHE_FILE))).toEqual(cache);
        expect(fs.existsSync(join(dir, DEFAULT_OUT + '.meta'))).toBe(false);
    });

    test('a meta with merge-conflict markers keeps the masks of the frames it declared; with "fail" the bake stops', async () => {
        const dir = project();
        await quietBake(dir);
        const before = fs.readFileSync(join(dir, DEFAULT_OUT));
        const metaPath = join(dir, 'assets/atlas/sheet.plist.meta');
        const meta = fs.readFileSync(metaPath, 'utf8');
        fs.writeFileSync(metaPath, `<<<<<<< HEAD\n${meta}=======\n${meta}>>>>>>> theirs\n`);
        const { report, lines } = await quietBake(dir);
        expect(report.errors).toEqual([{ file: 'assets/atlas/sheet.plist.meta', message: 'is not valid JSON: it has merge-conflict markers (<<<<<<<, =======, >>>>>>>). Resolve the conflict, keeping one uuid, then bake again.' }]);
        expect(report.unreadable).toEqual(['assets/atlas/sheet.plist.meta']);
        expect(report.kept).toEqual([{ file: 'assets/atlas/sheet.plist.meta', frames: 2, masks: 4 }]);
        expect(lines).toContainEqual(expect.stringMatching(/^kept +assets\/atlas\/sheet\.plist\.meta: 4 mask\(s\) of 2 frame\(s\) no readable meta declares/));
        expect(fs.readFileSync(join(dir, DEFAULT_OUT))).toEqual(before);
        settings(dir, { onUnreadable: 'fail' });
        await expect(bakeProject(dir)).rejects.toMatchObject({ kind: 'unreadable', message: expect.stringMatching(/\(assets\/atlas\/sheet\.plist\.meta\); nothing was written/) });
    });

    test('a folder that cannot be listed keeps the masks of the frames it held, and is named', async () => {
        const dir = project();
        await quietBake(dir);
        const before = fs.readFileSync(join(dir, DEFAULT_OUT));
        const realFs = jest.requireActual<typeof fs>('node:fs');
        const realReaddir = realFs.readdirSync.bind(realFs);
        const readdir = jest.spyOn(realFs, 'readdirSync').mockImplementation(((p: fs.PathLike, ...rest: unknown[]) => {
            if (String(p) === join(dir, 'assets/sprites')) throw Object.assign(new Error(`EACCES: permission denied, scandir '${String(p)}'`), { code: 'EACCES', syscall: 'scandir' });
            return (realReaddir as (...a: unknown[]) => unknown)(p, ...rest);
        }) as typeof fs.readdirSync);
        let result: Awaited<ReturnType<typeof quietBake>>;
        try {
            result = await quietBake(dir);
        } finally {
            readdir.mockRestore();
        }
        expect(result.report.errors).toEqual([{ file: 'assets/sprites', message: 'this folder cannot be read: permission denied: give your user access to it (EACCES). Bake again once it can be read.' }]);
        expect(result.report.kept).toEqual([{ file: 'assets/sprites', frames: 2, masks: 4 }]);
        expect(fs.readFileSync(join(dir, DEFAULT_OUT))).toEqual(before);
    });

    test('the inspector\'s Bake button (bakeFrames) keeps the masks of a frame whose PNG cannot be read', async () => {
        const dir = project();
        await quietBake(dir);
        const before = fs.readFileSync(join(dir, DEFAULT_OUT));
        fs.writeFileSync(join(dir, 'assets/sprites/plain.png'), LFS_POINTER);
        const report = await bakeFrames(dir, ['6e02cc61-fbad-4180-abdc-ec15fab2c26d@f9941']);
        expect(report.unreadable).toEqual(['assets/sprites/plain.png']);
        expect(report.kept).toEqual([{ file: 'assets/sprites/plain.png', frames: 1, masks: 2 }]);
        expect(fs.readFileSync(join(dir, DEFAULT_OUT))).toEqual(before);
    });

    test.each([
        ['a Git LFS pointer', () => Buffer.from(LFS_POINTER), /^is a Git LFS pointer, not the image .*Run "git lfs pull" in the project, then bake again\.$/],
        ['a PNG cut off in its pixel data', (b: Buffer) => b.subarray(0, 60), /^is cut off: it ends at byte 60, inside its "IDAT" chunk .*Copy or export the file again\.$/],
        ['a PNG cut off before IEND', (b: Buffer) => b.subarray(0, b.length - 12), /^is cut off: it ends at byte \d+ without the IEND chunk that closes a PNG\. Copy or export the file again\.$/],
        ['not a PNG', () => Buffer.from('GIF89a, not what you wanted'), /^is not a PNG file \(bad signature\)\. Export it again as PNG\.$/],
    ])('%s gets our own message, naming what to do', async (_what, change, message) => {
        const dir = project();
        const p = join(dir, 'assets/sprites/plain.png');
        fs.writeFileSync(p, change(fs.readFileSync(p)));
        const { report } = await quietBake(dir);
        expect(report.errors).toEqual([{ file: 'assets/sprites/plain.png', message: expect.stringMatching(message) }]);
        expect(report.errors[0].message).not.toMatch(/waitng|read requests|Export it again as PNG.*lfs/);
    });
});

test('bytes after the IEND chunk are ignored, as browsers ignore them', async () => {
    const dir = project();
    await quietBake(dir);
    const before = fs.readFileSync(join(dir, DEFAULT_OUT));
    const p = join(dir, 'assets/sprites/plain.png');
    fs.writeFileSync(p, Buffer.concat([fs.readFileSync(p), Buffer.from('appended by some exporter')]));
    const { report } = await quietBake(dir, { force: true });
    expect(report.errors).toEqual([]);
    expect(report.texturesRead).toBe(3);
    expect(fs.readFileSync(join(dir, DEFAULT_OUT))).toEqual(before);
});

describe('the build hook', () => {
    const hooksPath = join(root, 'extensions/pixel-collision/source/hooks.ts');
    async function build(dir: string) {
        const warns: string[] = [], errors: string[] = [];
        (globalThis as Record<string, unknown>).Editor = { Project: { path: dir }, Message: { request: async () => undefined } };
        const spies = [
            jest.spyOn(console, 'log').mockImplementation(() => undefined),
            jest.spyOn(console, 'warn').mockImplementation((l: string) => { warns.push(l); }),
            jest.spyOn(console, 'error').mockImplementation((l: string) => { errors.push(l); }),
        ];
        try {
            // eslint-disable-next-line @typescript-eslint/no-require-imports
            const hooks = require(hooksPath) as { onBeforeBuild(): Promise<void>; throwError: boolean };
            let thrown: unknown = null;
            await hooks.onBeforeBuild().catch((e: unknown) => { thrown = e; });
            return { thrown: thrown as Error | null, warns: warns.join('\n'), errors: errors.join('\n'), throwError: hooks.throwError };
        } finally {
            spies.forEach((s) => s.mockRestore());
            delete (globalThis as Record<string, unknown>).Editor;
        }
    }

    test('default ("keep"): the build goes on with the last good masks and a loud warning naming each unreadable file', async () => {
        const dir = project();
        await quietBake(dir);
        const before = fs.readFileSync(join(dir, DEFAULT_OUT));
        fs.writeFileSync(join(dir, 'assets/sprites/plain.png'), LFS_POINTER);
        corrupt(dir, 'assets/atlas/sheet.png');
        const b = await build(dir);
        expect(b.throwError).toBe(true); // a thrown hook fails the build: this one throws only when told to
        expect(b.thrown).toBeNull();
        expect(b.warns).toMatch(/WARNING: 2 file\(s\) or folder\(s\) could not be read/);
        expect(b.warns).toMatch(/assets\/sprites\/plain\.png: is a Git LFS pointer.*"git lfs pull".*Its 2 mask\(s\) from the last good bake are kept/);
        expect(b.warns).toMatch(/assets\/atlas\/sheet\.png: cannot be decoded as PNG.*Its 4 mask\(s\) from the last good bake are kept/);
        expect(b.warns).toMatch(/"onUnreadable": "fail"/);
        expect(fs.readFileSync(join(dir, DEFAULT_OUT))).toEqual(before);
    });

    test('two metas that cannot be read: the warning names both and the masks kept for the frames behind them', async () => {
        const dir = project();
        await quietBake(dir);
        const before = fs.readFileSync(join(dir, DEFAULT_OUT));
        for (const m of ['assets/atlas/sheet.plist.meta', 'assets/sprites/trimmed.png.meta']) fs.writeFileSync(join(dir, m), '<<<<<<< HEAD\n');
        const b = await build(dir);
        expect(b.thrown).toBeNull();
        const shared = 'The 6 mask(s) of the frames behind assets/atlas/sheet.plist.meta, assets/sprites/trimmed.png.meta are kept from the last good bake';
        expect(b.warns).toContain(`assets/atlas/sheet.plist.meta: is not valid JSON`);
        expect(b.warns.split('\n').filter((l) => l.includes(shared))).toHaveLength(2);
        expect(fs.readFileSync(join(dir, DEFAULT_OUT))).toEqual(before);
    });

    test('a library that cannot be written: a loud error and the build goes on ("keep"), or the build fails ("fail")', async () => {
        const dir = project();
        const realFs = jest.requireActual<typeof fs>('node:fs');
        const realRename = realFs.renameSync.bind(realFs);
        const rename = jest.spyOn(realFs, 'renameSync').mockImplementation((from, to) => {
            if (String(to).endsWith('pixel-masks.ts')) throw Object.assign(new Error('ENOSPC: no space left on device, rename'), { code: 'ENOSPC', syscall: 'rename' });
            return realRename(from, to);
        });
        try {
            const keep = await build(dir);
            expect(keep.thrown).toBeNull();
            expect(keep.errors).toMatch(/WARNING: the masks could not be baked \(could not write assets\/pixel-collision-masks\/pixel-masks\.ts: the disk is full: free some space \(ENOSPC\)\. Nothing was written\.\)\. The build goes on with the library as it was/);
            settings(dir, { onUnreadable: 'fail' });
            const fail = await build(dir);
            expect(fail.thrown!.message).toMatch(/the build stops: the masks could not be baked\. could not write assets\/pixel-collision-masks\/pixel-masks\.ts: the disk is full/);
        } finally {
            rename.mockRestore();
        }
    });

    test('"onUnreadable": "fail": the hook throws (the build fails) naming the file, and nothing is written', async () => {
        const dir = project();
        await quietBake(dir);
        const before = fs.readFileSync(join(dir, DEFAULT_OUT));
        settings(dir, { onUnreadable: 'fail' });
        fs.writeFileSync(join(dir, 'assets/sprites/plain.png'), LFS_POINTER);
        const b = await build(dir);
        expect(b.thrown).toBeInstanceOf(Error);
        expect(b.thrown!.message).toMatch(/the build stops.*assets\/sprites\/plain\.png/);
        expect(b.errors).toMatch(/assets\/sprites\/plain\.png/);
        expect(fs.readFileSync(join(dir, DEFAULT_OUT))).toEqual(before);
    });
});

describe('atomic writes', () => {
    test('a write that fails midway (EFBIG) leaves the old library whole and no temporary file; the message names the file', async () => {
        const dir = project();
        await quietBake(dir);
        const before = fs.readFileSync(join(dir, DEFAULT_OUT));
        const realFs = jest.requireActual<typeof fs>('node:fs');
        const realWrite = realFs.writeFileSync.bind(realFs);
        const write = jest.spyOn(realFs, 'writeFileSync').mockImplementation((path, data, ...rest) => {
            if (String(path).includes('pixel-masks.ts') && !String(path).endsWith('.meta')) {
                const s = typeof data === 'string' ? data : Buffer.from(data as Uint8Array).toString();
                realWrite(path, s.slice(0, s.length >> 1)); // half of it reaches the disk
                throw Object.assign(new Error(`EFBIG: file too large, write`), { code: 'EFBIG', syscall: 'write' });
            }
            return realWrite(path, data, ...(rest as []));
        });
        try {
            const err = await bakeProject(dir, { thresholds: [1, 2, 3] }).catch((e: unknown) => e);
            expect(err).toBeInstanceOf(BakeFailure);
            expect((err as BakeFailure).kind).toBe('io');
            expect((err as Error).message).toBe('could not write assets/pixel-collision-masks/pixel-masks.ts: the file grew past the largest file allowed here (file system, or a file-size limit such as ulimit -f) (EFBIG). The previous file is unchanged.');
        } finally {
            write.mockRestore();
        }
        expect(fs.readFileSync(join(dir, DEFAULT_OUT))).toEqual(before);
        expect(tmpLeftovers(dir)).toEqual([]);
    });

    test('under a real file-size limit (ulimit -f in a child process) the CLI exits 3 with one line and the old library is whole', () => {
        const dir = project();
        const bin = join(tempDir('pc-cli-'), 'cli.js');
        buildSync({ entryPoints: [join(root, 'extensions/pixel-collision/source/cli.ts')], bundle: true, platform: 'node', target: 'node14', outfile: bin, logLevel: 'warning' });
        const first = spawnSync(process.execPath, [bin, 'bake', dir], { encoding: 'utf8' });
        expect(first.status).toBe(0);
        const before = fs.readFileSync(join(dir, DEFAULT_OUT));
        fs.rmSync(join(dir, 'temp'), { recursive: true }); // no cache: the limit hits the library first
        // dash counts ulimit -f in 512-byte blocks: a limit below the old library's size, which more thresholds only make larger
        const blocks = Math.ceil(before.length / 512) - 1;
        expect(blocks).toBeGreaterThanOrEqual(1);
        const args = ['bake', dir, ...[1, 2, 3, 4, 5, 6, 7, 8].flatMap((t) => ['--threshold', String(t)])];
        const r = spawnSync('/bin/sh', ['-c', `ulimit -f ${blocks} && exec "$0" "$@"`, process.execPath, bin, ...args], { encoding: 'utf8' });
        expect(r.status).toBe(3);
        const errLines = r.stderr.trim().split('\n');
        expect(errLines).toEqual(['error: could not write assets/pixel-collision-masks/pixel-masks.ts: the file grew past the largest file allowed here (file system, or a file-size limit such as ulimit -f) (EFBIG). The previous file is unchanged.']);
        expect(fs.readFileSync(join(dir, DEFAULT_OUT))).toEqual(before);
        expect(tmpLeftovers(dir)).toEqual([]);
    });
});

describe('.plist files that are not sprite atlases', () => {
    test('a particle system (importer "particle") and a data plist are skipped quietly', async () => {
        const dir = project();
        fs.mkdirSync(join(dir, 'assets/fx'));
        fs.writeFileSync(join(dir, 'assets/fx/fire.plist'), '<?xml version="1.0" encoding="UTF-8"?>\n<plist version="1.0"><dict><key>maxParticles</key><integer>200</integer></dict></plist>\n');
        fs.writeFileSync(join(dir, 'assets/fx/fire.plist.meta'), JSON.stringify({ ver: '1.0.2', importer: 'particle', imported: true, uuid: 'c0a1e6f2-35b8-4d0e-9a57-6f1b2d8e4c93', files: ['.json', '.plist'], subMetas: {}, userData: {} }));
        fs.writeFileSync(join(dir, 'assets/fx/levels.plist'), '<?xml version="1.0"?><plist version="1.0"><array/></plist>\n');
        fs.writeFileSync(join(dir, 'assets/fx/levels.plist.meta'), JSON.stringify({ ver: '1.0.0', importer: '*', imported: true, uuid: 'a3d6b0c4-1f2e-4b5a-8c9d-0e1f2a3b4c5d', files: ['.plist'], subMetas: {}, userData: {} }));
        const r = await runCli(['bake', dir]);
        expect(r.err).toBe('');
        expect(r.code).toBe(0);
        expect(library(dir)).toHaveLength(8);
    });
});

describe('16-bit PNGs: alpha by its high byte', () => {
    // high byte / low byte pairs around the edges: 0x00C0 is 0 in browsers and Cocos native
    const ALPHAS = [0x0000, 0x00c0, 0x00ff, 0x0100, 0x017f, 0x7f80, 0x7fff, 0x8000, 0x80ff, 0xfe80, 0xfeff, 0xff00, 0xffff, 0x3c7f, 0x3c80, 0x0080];
    test.each([['RGBA', 6], ['gray + alpha', 4]] as const)('%s: the baked masks at thresholds 0, 127, 128, 254 are (alpha >> 8) > threshold', async (_what, colorType) => {
        const dir = project();
        const W = 4, H = 4;
        const samples: number[] = [];
        ALPHAS.forEach((a, i) => (colorType === 6 ? samples.push(i * 4000, 65535 - i * 4000, 0x1234, a) : samples.push(i * 4000, a)));
        fs.writeFileSync(join(dir, 'assets/sprites/plain.png'), encodePNG16(samples, W, H, colorType));
        const meta = JSON.parse(fs.readFileSync(join(dir, 'assets/sprites/plain.png.meta'), 'utf8'));
        Object.assign(meta.subMetas.f9941.userData, { width: W, height: H, rawWidth: W, rawHeight: H });
        fs.writeFileSync(join(dir, 'assets/sprites/plain.png.meta'), JSON.stringify(meta));
        const { report } = await quietBake(dir, { thresholds: [128, 254] });
        expect(report.errors).toEqual([]);
        for (const t of [0, 127, 128, 254]) {
            const e = library(dir).find((x) => x.uuid === '6e02cc61-fbad-4180-abdc-ec15fab2c26d@f9941' && x.threshold === t)!;
            const m = BitMask.deserialize(decodeBase64(e.data));
            const got = ALPHAS.map((_, i) => m.get(i % W, Math.floor(i / W)));
            expect(got).toEqual(ALPHAS.map((a) => (a >> 8) > t));
        }
    });
});

describe('hostile PNGs', () => {
    test(`a 30000x30000 header with 64x64 of data fails at once (over ${MAX_PNG_SIDE} a side), memory bounded`, async () => {
        const dir = project();
        fs.writeFileSync(join(dir, 'assets/sprites/plain.png'), encodeLyingPNG(30000, 30000, 64, 64));
        const rss = process.memoryUsage().rss;
        const t0 = Date.now();
        const { report } = await quietBake(dir);
        expect(Date.now() - t0).toBeLessThan(1000);
        expect(process.memoryUsage().rss - rss).toBeLessThan(100 * 1024 * 1024);
        expect(report.errors).toEqual([{ file: 'assets/sprites/plain.png', message: expect.stringMatching(/^is 30000x30000 pixels according to its header, more than the 16384 pixels a side the bake reads/) }]);
        expect(report.unreadable).toEqual(['assets/sprites/plain.png']);
    });

    test('a 16000x16000 header (within the limit) with 64x64 of data fails at once: its data cannot hold that many rows', async () => {
        const dir = project();
        fs.writeFileSync(join(dir, 'assets/sprites/plain.png'), encodeLyingPNG(16000, 16000, 64, 64));
        const t0 = Date.now();
        const { report } = await quietBake(dir);
        expect(Date.now() - t0).toBeLessThan(1000);
        expect(report.errors).toEqual([{ file: 'assets/sprites/plain.png', message: expect.stringMatching(/^is corrupt: its header says 16000x16000 pixels \(1024016000 bytes of rows\), but its \d+ bytes of image data cannot hold that many/) }]);
    });
});

describe('writes stay inside the project\'s assets/', () => {
    /** A project at <tmp>/x/project with a file <tmp>/x/outside/victim.ts beside it. */
    function withVictim() {
        const base = tempDir();
        const dir = project(join(base, 'project'));
        fs.mkdirSync(join(base, 'outside'));
        const victim = join(base, 'outside/victim.ts');
        fs.writeFileSync(victim, '// not yours\n');
        return { dir, victim, outside: join(base, 'outside') };
    }
    function untouched(victim: string): void {
        expect(fs.readFileSync(victim, 'utf8')).toBe('// not yours\n');
        expect(fs.readdirSync(join(victim, '..'))).toEqual(['victim.ts']);
    }

    test.each([
        ['".." leading out', () => 'assets/../../outside/victim.ts', /"out" in settings\/v2\/packages\/pixel-collision\.json "assets\/\.\.\/\.\.\/outside\/victim\.ts" goes up a folder with "\.\."/],
        ['an absolute path', (v: string) => v, /"out" in settings\/v2\/packages\/pixel-collision\.json ".*victim\.ts" is an absolute path/],
        ['a symlinked folder', (_v: string, dir: string, outside: string) => { fs.symlinkSync(outside, join(dir, 'assets/link')); return 'assets/link/victim.ts'; },
            /"out" in settings\/v2\/packages\/pixel-collision\.json "assets\/link\/victim\.ts" leads through a symbolic link to .*outside(\/victim\.ts)?, outside the project's assets\//],
        ['a symlinked file', (v: string, dir: string) => { fs.mkdirSync(join(dir, 'assets/gen')); fs.symlinkSync(v, join(dir, 'assets/gen/masks.ts')); return 'assets/gen/masks.ts'; },
            /"assets\/gen\/masks\.ts" leads through a symbolic link to .*victim\.ts, outside/],
    ])('settings "out": %s is refused before anything is written, naming the setting', async (_what, outFor, message) => {
        const { dir, victim, outside } = withVictim();
        settings(dir, { out: outFor(victim, dir, outside) });
        const err = await bakeProject(dir).catch((e: unknown) => e);
        expect(err).toBeInstanceOf(BakeFailure);
        expect((err as BakeFailure).kind).toBe('usage');
        expect((err as Error).message).toMatch(message);
        expect((err as Error).message).toMatch(/the bake writes only inside the project's assets\/ folder/);
        const r = await runCli(['bake', dir]);
        expect(r.code).toBe(2);
        expect(r.err).toMatch(message);
        untouched(victim);
        expect(fs.existsSync(join(dir, 'assets/pixel-collision-masks'))).toBe(false);
        expect(fs.existsSync(join(dir, 'temp'))).toBe(false);
    });

    test('--out with ".." leading out is refused (exit 2) naming --out; a path inside assets/ is written', async () => {
        const { dir, victim } = withVictim();
        const r = await runCli(['bake', dir, '--out', 'assets/../../outside/victim.ts']);
        expect(r.code).toBe(2);
        expect(r.err).toMatch(/^error: the output path \(--out\) "assets\/\.\.\/\.\.\/outside\/victim\.ts" goes up a folder with "\.\."/);
        untouched(victim);
        const ok = await runCli(['bake', dir, '--out', 'assets/gen/masks.ts']);
        expect(ok.code).toBe(0);
        expect(fs.existsSync(join(dir, 'assets/gen/masks.ts'))).toBe(true);
        expect(fs.existsSync(join(dir, 'assets/gen.meta'))).toBe(true);
    });
});

describe('CLI: exit codes and messages', () => {
    test('an I/O error exits 3 with one line that names the file and says why, not the raw EPERM', async () => {
        const dir = project();
        const realFs = jest.requireActual<typeof fs>('node:fs');
        const realRename = realFs.renameSync.bind(realFs);
        const rename = jest.spyOn(realFs, 'renameSync').mockImplementation((from, to) => {
            if (String(to).endsWith('pixel-masks.ts')) throw Object.assign(new Error(`EPERM: operation not permitted, rename '${String(from)}' -> '${String(to)}'`), { code: 'EPERM', syscall: 'rename' });
            return realRename(from, to);
        });
        try {
            const r = await runCli(['bake', dir]);
            expect(r.code).toBe(3);
            expect(r.err).toBe('error: could not write assets/pixel-collision-masks/pixel-masks.ts: the operating system does not permit it: check its permissions and that no other program locks it (EPERM). Nothing was written.');
        } finally {
            rename.mockRestore();
        }
        expect(tmpLeftovers(dir)).toEqual([]);
    });

    test('--threshold is one-off unless --save, which adds it to the settings file (other keys kept)', async () => {
        const dir = project();
        settings(dir, { __version__: '1.0.0', onUnreadable: 'keep' });
        const once = await runCli(['bake', dir, '--threshold', '60']);
        expect(once.code).toBe(0);
        expect(once.out).toMatch(/^note: threshold\(s\) 60 baked this time only; a bake without --threshold drops them again\. Add --save to keep them in settings\/v2\/packages\/pixel-collision\.json\.$/m);
        expect(JSON.parse(fs.readFileSync(join(dir, CONFIG_FILE), 'utf8'))).toEqual({ __version__: '1.0.0', onUnreadable: 'keep' });
        expect((await quietBake(dir)).report.thresholds).toEqual([0, 127]); // dropped again

        const saved = await runCli(['bake', dir, '--threshold', '60', '--save']);
        expect(saved.code).toBe(0);
        expect(saved.out).toMatch(/^saved threshold\(s\) 60 in settings\/v2\/packages\/pixel-collision\.json: every later bake keeps them\.$/m);
        expect(JSON.parse(fs.readFileSync(join(dir, CONFIG_FILE), 'utf8'))).toEqual({ __version__: '1.0.0', onUnreadable: 'keep', thresholds: [0, 60] });
        expect((await quietBake(dir)).report.thresholds).toEqual([0, 60, 127]); // kept
        expect((await runCli(['bake', dir, '--save'])).code).toBe(2); // --save alone: nothing to save
        fs.writeFileSync(join(dir, CONFIG_FILE), '{ "thresholds": [0, 60], ');
        const broken = await runCli(['bake', dir, '--threshold', '90', '--save']);
        expect(broken.code).toBe(2);
        expect(broken.err).toMatch(/^error: cannot save the thresholds: settings\/v2\/packages\/pixel-collision\.json is not valid JSON \(.*\); fix or delete it\.$/);
        expect(fs.readFileSync(join(dir, CONFIG_FILE), 'utf8')).toBe('{ "thresholds": [0, 60], ');
    });

    test('"up to date" only when a library exists; "nothing to bake" says why, and is no failure', async () => {
        const empty = tempDir();
        fs.mkdirSync(join(empty, 'assets'));
        const none = await runCli(['bake', empty]);
        expect(none.code).toBe(0);
        expect(none.out).not.toMatch(/up to date|wrote/);
        expect(none.out).toMatch(/^nothing to bake: the project has no sprite frames under assets\/\.$/m);
        const dir = project();
        expect((await runCli(['bake', dir])).out).toMatch(/^wrote .*pixel-masks\.ts \(8 mask\(s\)\)$/m);
        expect((await runCli(['bake', dir])).out).toMatch(/^up to date: .*pixel-masks\.ts \(8 mask\(s\)\)$/m);
        // No PixelCollider in the project (the scene gone): nothing to bake, and why.
        const bare = project();
        fs.rmSync(join(bare, 'assets/scenes'), { recursive: true });
        fs.rmSync(join(bare, 'assets/scenes.meta'));
        const r = await runCli(['bake', bare]);
        expect(r.code).toBe(0);
        expect(r.out).toMatch(/^nothing to bake: no PixelCollider shows any of the project's 4 sprite frame\(s\), so no library is written\.$/m);
        expect(fs.existsSync(join(bare, MASKS_DIR))).toBe(false);
    });

    test('one line per library: "wrote" names only what was written, "up to date" what was not (an Asset Bundle\'s too)', async () => {
        const dir = project();
        const metaPath = join(dir, 'assets/sprites.meta');
        const meta = JSON.parse(fs.readFileSync(metaPath, 'utf8'));
        meta.userData = { ...meta.userData, isBundle: true, bundleName: 'sprites' };
        fs.writeFileSync(metaPath, JSON.stringify(meta, null, 2));
        const first = await runCli(['bake', dir]);
        expect(first.out).toMatch(/^wrote .*assets\/pixel-collision-masks\/pixel-masks\.ts \(4 mask\(s\)\)$/m);
        expect(first.out).toMatch(/^wrote .*assets\/sprites\/pixel-collision-masks\/pixel-masks\.ts \(4 mask\(s\), an Asset Bundle's library\)$/m);
        // Only the bundle's frames change (a threshold on the trimmed sprite's collider): the main library stays.
        const plainPng = join(dir, 'assets/sprites/plain.png');
        const png = PNG.sync.read(fs.readFileSync(plainPng));
        png.data[3] = png.data[3] === 0 ? 255 : 0;
        fs.writeFileSync(plainPng, PNG.sync.write(png));
        const second = await runCli(['bake', dir]);
        expect(second.out).toMatch(/^up to date: .*assets\/pixel-collision-masks\/pixel-masks\.ts \(4 mask\(s\)\)$/m);
        expect(second.out).toMatch(/^wrote .*assets\/sprites\/pixel-collision-masks\/pixel-masks\.ts \(4 mask\(s\), an Asset Bundle's library\)$/m);
        expect(second.out).not.toMatch(/^wrote .*assets\/pixel-collision-masks\/pixel-masks\.ts/m);
    });
});

describe('same bytes everywhere', () => {
    test('two clones in different folders bake identical files, metas included', async () => {
        const a = project(join(tempDir('pc-clone-a-'), 'game'));
        const b = project(join(tempDir('pc-clone-b-'), 'deeper', 'checkout'));
        await quietBake(a);
        await quietBake(b);
        const files = (d: string): string[] => fs.readdirSync(join(d, MASKS_DIR)).sort();
        expect(files(a)).toEqual(['pixel-masks.ts', 'pixel-masks.ts.meta']);
        expect(files(b)).toEqual(files(a));
        for (const f of files(a)) expect(fs.readFileSync(join(b, MASKS_DIR, f))).toEqual(fs.readFileSync(join(a, MASKS_DIR, f)));
        expect(fs.readFileSync(join(b, MASKS_DIR + '.meta'))).toEqual(fs.readFileSync(join(a, MASKS_DIR + '.meta')));
        const uuids = [join(a, DEFAULT_OUT + '.meta'), join(a, MASKS_DIR + '.meta')].map((p) => JSON.parse(fs.readFileSync(p, 'utf8')).uuid);
        for (const u of uuids) expect(u).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
        expect(uuids[0]).not.toBe(uuids[1]);
    });
});
