/**
 * The bake writes only inside the project's `assets/` folder. A project's settings file travels
 * with the project (a downloaded project is baked when it is opened and an asset changes, or on its
 * first build), so its `"out"` must not be able to name any other file: the path must be relative,
 * start with `assets/`, end with `.ts`, hold no `..`, and the real path of its deepest existing
 * folder (symbolic links followed) must lie inside the real `assets/`.
 */
import * as fs from 'fs';
import { dirname, isAbsolute, join, sep, win32 } from 'path';
import { BakeFailure } from './errors';

/**
 * The absolute path of the output script `out` (relative to the project `root`); throws a
 * {@link BakeFailure} of kind `usage` naming `setting` (e.g. `"out" in settings/...json`, `--out`)
 * when it would lead out of `assets/`.
 */
export function resolveOutput(root: string, out: unknown, setting: string): string {
    const refuse = (why: string): never => {
        throw new BakeFailure('usage', `${setting} ${JSON.stringify(out)} ${why}; the bake writes only inside the project's assets/ folder. Use a path like "assets/<folder>/<name>.ts".`, setting);
    };
    const problem = outPathProblem(out);
    if (problem !== null) return refuse(problem);
    const abs = join(root, ...outPathParts(out as string));
    let assetsReal: string;
    try { assetsReal = fs.realpathSync(join(root, 'assets')); } catch { return refuse('cannot be checked (the assets/ folder cannot be read)'); }
    // The deepest part of the path that exists (a dangling link counts as existing), by its real path.
    let p = abs;
    while (!lexists(p)) p = dirname(p);
    let real: string;
    try { real = fs.realpathSync(p); } catch { return refuse(`passes through ${p}, a link that leads nowhere`); }
    if (real !== assetsReal && !real.startsWith(assetsReal + sep)) return refuse(`leads through a symbolic link to ${real}, outside the project's assets/`);
    return abs;
}

/**
 * Why `out` cannot be the output script by its text alone (null when it can): relative, no `..`,
 * inside `assets/`, a `.ts` file. {@link resolveOutput} then checks the real path; the Project
 * Settings panel checks a value with this before saving it.
 */
export function outPathProblem(out: unknown): string | null {
    if (typeof out !== 'string' || !out) return 'is not a path';
    if (isAbsolute(out) || win32.isAbsolute(out) || /^[a-zA-Z]:/.test(out)) return 'is an absolute path';
    if (out.split(/[\\/]+/).some((p) => p === '..')) return 'goes up a folder with ".."';
    const clean = outPathParts(out);
    if (clean[0] !== 'assets' || clean.length < 2) return 'is not inside assets/';
    const name = clean[clean.length - 1];
    if (!name.endsWith('.ts') || name === '.ts') return 'is not a .ts script';
    return null;
}

/** The folders and file name of a relative path (`/` or `\\` separators; empty and `.` parts left out). */
function outPathParts(out: string): string[] {
    return out.split(/[\\/]+/).filter((p) => p !== '' && p !== '.');
}

function lexists(p: string): boolean {
    try { fs.lstatSync(p); return true; } catch { return false; }
}
