import * as fs from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The build hook (dist/hooks.js, named by dist/builder.js): before a build it bakes the project
 * Creator has open and, when the library changed, asks the asset database to import it before
 * scripts are compiled. `Editor` is a small double of what the hook uses.
 */
const root = join(__dirname, '../..');

test('onBeforeBuild bakes the open project and refreshes the library asset only when it changed', async () => {
    const dir = fs.mkdtempSync(join(tmpdir(), 'pc-hook-'));
    try {
        fs.cpSync(join(root, 'test/fixtures/bake-project'), dir, { recursive: true });
        const requests: unknown[][] = [];
        const logs: string[] = [];
        (globalThis as Record<string, unknown>).Editor = {
            Project: { path: dir },
            Message: { request: async (...args: unknown[]) => { requests.push(args); } },
        };
        const log = jest.spyOn(console, 'log').mockImplementation((l: string) => { logs.push(l); });
        // eslint-disable-next-line @typescript-eslint/no-require-imports
        const hooks = require(join(root, 'extensions/pixel-collision/dist/hooks.js')) as { onBeforeBuild(): Promise<void>; throwError: boolean };
        await hooks.onBeforeBuild();
        expect(fs.existsSync(join(dir, 'assets/pixel-collision-masks/pixel-masks.ts'))).toBe(true);
        expect(requests).toEqual([['asset-db', 'refresh-asset', 'db://assets/pixel-collision-masks/pixel-masks.ts']]);
        expect(logs.some((l) => /^\[pixel-collision\] baked 4 frame\(s\), 8 mask\(s\) \(3 image\(s\) read, 0 unchanged\)/.test(l))).toBe(true);
        await hooks.onBeforeBuild();
        expect(requests).toHaveLength(1); // nothing changed: no refresh
        expect(logs.some((l) => /\(0 image\(s\) read, 3 unchanged\)/.test(l))).toBe(true);
        log.mockRestore();
    } finally {
        delete (globalThis as Record<string, unknown>).Editor;
        fs.rmSync(dir, { recursive: true, force: true });
    }
});

test('onBeforeBuild refreshes every library it wrote: the main one and an Asset Bundle\'s', async () => {
    const dir = fs.mkdtempSync(join(tmpdir(), 'pc-hook-bundle-'));
    try {
        fs.cpSync(join(root, 'test/fixtures/bake-project'), dir, { recursive: true });
        // assets/sprites becomes an Asset Bundle (as Creator marks one in the folder's meta)
        const metaPath = join(dir, 'assets/sprites.meta');
        const meta = JSON.parse(fs.readFileSync(metaPath, 'utf8'));
        meta.userData = { ...meta.userData, isBundle: true, bundleName: 'sprites' };
        fs.writeFileSync(metaPath, JSON.stringify(meta, null, 2));
        const requests: unknown[][] = [];
        (globalThis as Record<string, unknown>).Editor = {
            Project: { path: dir },
            Message: { request: async (...args: unknown[]) => { requests.push(args); } },
        };
        const log = jest.spyOn(console, 'log').mockImplementation(() => undefined);
        // eslint-disable-next-line @typescript-eslint/no-require-imports
        const hooks = require(join(root, 'extensions/pixel-collision/dist/hooks.js')) as { onBeforeBuild(): Promise<void> };
        await hooks.onBeforeBuild();
        log.mockRestore();
        expect(requests).toEqual([
            ['asset-db', 'refresh-asset', 'db://assets/pixel-collision-masks/pixel-masks.ts'],
            ['asset-db', 'refresh-asset', 'db://assets/sprites/pixel-collision-masks/pixel-masks.ts'],
        ]);
        expect(fs.readFileSync(join(dir, 'assets/sprites/pixel-collision-masks/pixel-masks.ts'), 'utf8')).toMatch(/PixelMasks\.addLibrary/);
    } finally {
        delete (globalThis as Record<string, unknown>).Editor;
        fs.rmSync(dir, { recursive: true, force: true });
    }
});
