import { execFileSync, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import yauzl from 'yauzl';

/**
 * `npm run pack` makes the zip Creator's Extension Manager imports. Unpacked into a fresh folder
 * laid out like a user's project (<project>/extensions/pixel-collision/, as Creator unpacks it),
 * it must be complete: main, the asset-db mount, i18n en/zh, a .meta for every asset, LICENSE,
 * and a CLI that bakes the project with nothing installed.
 */
const root = join(__dirname, '../..');
const ext = join(root, 'extensions/pixel-collision');

let work: string;
let zipPath: string;
let project: string;
let installed: string;
let names: string[];

function unzip(file: string, into: string): Promise<string[]> {
    return new Promise((resolve, reject) => {
        const seen: string[] = [];
        yauzl.open(file, { lazyEntries: true }, (err, zip) => {
            if (err || !zip) return reject(err);
            zip.on('entry', (entry: yauzl.Entry) => {
                seen.push(entry.fileName);
                const out = join(into, entry.fileName);
                if (entry.fileName.endsWith('/')) { fs.mkdirSync(out, { recursive: true }); zip.readEntry(); return; }
                zip.openReadStream(entry, (e, stream) => {
                    if (e || !stream) return reject(e);
                    fs.mkdirSync(dirname(out), { recursive: true });
                    stream.pipe(fs.createWriteStream(out, { mode: (entry.externalFileAttributes >>> 16) & 0o777 || 0o644 }))
                        .on('close', () => zip.readEntry());
                });
            });
            zip.on('end', () => resolve(seen));
            zip.on('error', reject);
            zip.readEntry();
        });
    });
}

beforeAll(async () => {
    work = fs.mkdtempSync(join(tmpdir(), 'pc-pack-'));
    // pack without rebuilding (dist.test.ts checks the committed dist is current)
    const script = `import(${JSON.stringify(join(root, 'scripts/pack-extension.mjs'))}).then((m) => m.pack(${JSON.stringify(work)}, { build: false })).then((f) => console.log(f))`;
    zipPath = execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: root, encoding: 'utf8' }).trim();
    project = join(work, 'MyGame');
    fs.cpSync(join(root, 'test/fixtures/bake-project'), project, { recursive: true });
    installed = join(project, 'extensions/pixel-collision');
    names = await unzip(zipPath, installed);
}, 120_000);
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

const walk = (dir: string): string[] => fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((f) => f.split('\\').join('/')).sort();

test('named after the extension\'s folder (pixel-collision.zip), the version inside its package.json; files at the root (no nested folder), nothing only building needs', () => {
    expect(zipPath).toBe(join(work, 'pixel-collision.zip'));
    expect(names).toContain('package.json');
    expect(names.every((n) => !n.startsWith('pixel-collision/'))).toBe(true);
    const packed = JSON.parse(fs.readFileSync(join(installed, 'package.json'), 'utf8'));
    const source = JSON.parse(fs.readFileSync(join(ext, 'package.json'), 'utf8'));
    expect({ name: packed.name, version: packed.version }).toEqual({ name: 'pixel-collision', version: source.version });
    expect(names.some((n) => n.startsWith('source/') || n === 'tsconfig.json' || n.startsWith('node_modules/'))).toBe(false);
});

test('complete as installed: main, bin, builder, the asset-db mount, i18n en + zh, LICENSE', () => {
    const pkg = JSON.parse(fs.readFileSync(join(installed, 'package.json'), 'utf8'));
    expect(pkg.package_version).toBe(2);
    for (const f of [pkg.main, pkg.bin['pixel-collision'], pkg.contributions.builder, 'dist/hooks.js', 'i18n/en.js', 'i18n/zh.js', 'LICENSE']) {
        expect({ f, exists: fs.existsSync(join(installed, f)) }).toEqual({ f, exists: true });
    }
    expect(fs.readFileSync(join(installed, 'LICENSE'), 'utf8')).toMatch(/^MIT License\n\nCopyright \(c\) 2026 pixel-collision contributors/);
    const mount = join(installed, pkg.contributions['asset-db'].mount.path);
    expect(fs.statSync(mount).isDirectory()).toBe(true);
    expect(fs.existsSync(join(mount, 'runtime/index.ts'))).toBe(true);
    // i18n files load as Creator loads them, and have the same keys
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const en = require(join(installed, 'i18n/en.js')), zh = require(join(installed, 'i18n/zh.js'));
    const keys = (o: object, p = ''): string[] => Object.entries(o).flatMap(([k, v]) => (v && typeof v === 'object' ? keys(v, `${p}${k}.`) : [`${p}${k}`])).sort();
    expect(keys(zh)).toEqual(keys(en));
});

test('every asset file and folder under the mount has its .meta, and every .meta its asset', () => {
    const pkg = JSON.parse(fs.readFileSync(join(installed, 'package.json'), 'utf8'));
    const mount = join(installed, pkg.contributions['asset-db'].mount.path);
    const all = walk(mount).filter((f) => !f.split('/').some((part) => part.startsWith('.')));
    const metas = new Set(all.filter((f) => f.endsWith('.meta')));
    const assets = all.filter((f) => !f.endsWith('.meta'));
    expect(assets.length).toBeGreaterThan(30);
    expect(assets.filter((a) => !metas.has(`${a}.meta`))).toEqual([]);
    expect([...metas].filter((m) => !fs.existsSync(join(mount, m.slice(0, -5))))).toEqual([]);
    // and they are the committed metas (stable uuids), byte for byte
    for (const m of metas) expect(fs.readFileSync(join(mount, m)).equals(fs.readFileSync(join(ext, 'assets', m)))).toBe(true);
});

test('the unpacked CLI bakes the project it sits in, with no node_modules anywhere', () => {
    const out = execFileSync(process.execPath, [join(installed, 'dist/cli.js'), 'bake', '.'], {
        cwd: project, encoding: 'utf8', env: { ...process.env, NODE_PATH: '' },
    });
    expect(out).toMatch(/^4 frame\(s\), 8 mask\(s\) at threshold\(s\) 0, 127; 3 texture\(s\) read, 0 unchanged; 0 error\(s\)$/m);
    expect(fs.existsSync(join(project, 'assets/pixel-collision-masks/pixel-masks.ts'))).toBe(true);
    expect(fs.existsSync(join(work, 'node_modules'))).toBe(false);
});

test('an extension folder whose name is not its package name is refused, saying what to do', () => {
    const dir = join(work, 'pixel-collision-0.1.0');
    fs.mkdirSync(dir);
    fs.writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'pixel-collision', version: '0.1.0' }));
    const script = `import(${JSON.stringify(join(root, 'scripts/pack-extension.mjs'))}).then((m) => m.zipName(${JSON.stringify(dir)}))`;
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: root, encoding: 'utf8' });
    expect(r.status).not.toBe(0);
    expect(r.stderr).toMatch(/package name "pixel-collision" is not its folder's name "pixel-collision-0\.1\.0": Creator needs them equal\. Rename one of them\./);
});
