import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * Every script and folder Creator imports has a committed `.meta` with a unique uuid.
 *
 * The extension's assets are mounted read-only (db://pixel-collision), so Creator cannot write a
 * missing meta there; and a uuid must never change or be shared, because scenes and prefabs refer
 * to scripts by it. The fix for any failure here: node scripts/gen-meta.mjs (then commit).
 */
const root = join(__dirname, '..');
const ROOTS = ['extensions/pixel-collision/assets', 'assets'];
const FIX = 'run `node scripts/gen-meta.mjs` and commit the .meta files it writes';

const hidden = (name: string): boolean => name.startsWith('.');

/** Folders with nothing to import get no meta (git would not keep them anyway). */
function hasContent(dir: string): boolean {
    return readdirSync(dir).some((name) => {
        if (hidden(name) || name.endsWith('.meta')) return false;
        const p = join(dir, name);
        return !statSync(p).isDirectory() || hasContent(p);
    });
}

interface Entry { path: string; isDir: boolean }

function* walk(dir: string): Generator<Entry> {
    for (const name of readdirSync(dir).sort()) {
        if (hidden(name)) continue;
        const p = join(dir, name);
        const isDir = statSync(p).isDirectory();
        yield { path: p, isDir };
        if (isDir) yield* walk(p);
    }
}

const entries = ROOTS.map((r) => join(root, r)).filter((d) => existsSync(d)).flatMap((d) => [...walk(d)]);
const rel = (p: string): string => relative(root, p);

describe('Creator .meta files', () => {
    test('every .ts file has a .meta', () => {
        const missing = entries
            .filter((e) => !e.isDir && e.path.endsWith('.ts') && !existsSync(`${e.path}.meta`))
            .map((e) => rel(e.path));
        if (missing.length) throw new Error(`these scripts have no .meta (${FIX}):\n  ${missing.join('\n  ')}`);
    });

    test('every folder with content has a .meta', () => {
        const missing = entries
            .filter((e) => e.isDir && hasContent(e.path) && !existsSync(`${e.path}.meta`))
            .map((e) => rel(e.path));
        if (missing.length) throw new Error(`these folders have no .meta (${FIX}):\n  ${missing.join('\n  ')}`);
    });

    test('every .meta has a uuid, and no two share one', () => {
        const owners = new Map<string, string>();
        const problems: string[] = [];
        for (const e of entries) {
            if (e.isDir || !e.path.endsWith('.meta')) continue;
            let uuid: unknown;
            try {
                uuid = (JSON.parse(readFileSync(e.path, 'utf8')) as { uuid?: unknown }).uuid;
            } catch (err) {
                problems.push(`${rel(e.path)} is not valid JSON (${(err as Error).message})`);
                continue;
            }
            if (typeof uuid !== 'string' || uuid === '') {
                problems.push(`${rel(e.path)} has no uuid`);
                continue;
            }
            const other = owners.get(uuid);
            if (other) problems.push(`${rel(e.path)} and ${other} share uuid ${uuid}`);
            else owners.set(uuid, rel(e.path));
        }
        if (problems.length) {
            throw new Error(`broken .meta files (delete the copied or broken one, then ${FIX}):\n  ${problems.join('\n  ')}`);
        }
    });
});
