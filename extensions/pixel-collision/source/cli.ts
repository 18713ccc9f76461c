#!/usr/bin/env node
/**
 * The command line: `pixel-collision bake <project folder> [--threshold N ... [--save]] [--force] [--out path]`.
 * Prints one line per texture and a summary. Exit codes: 0 baked; 1 some files could not be baked
 * (listed; the others were); 2 bad usage or settings; 3 a file the bake needs could not be read or
 * written (one line says which and why). Bundled to dist/cli.js (with its PNG decoder), so it runs
 * with plain Node in any project:
 *   node extensions/pixel-collision/dist/cli.js bake .
 */
import * as fs from 'fs';
import { join, relative, resolve } from 'path';
import { bakeProject, BakeFailure, CONFIG_FILE, DEFAULT_OUT } from './bake/index';
import { formatSummary } from './bake/bake';
import { describeIoError, isIoError } from './bake/errors';
import { writeFileAtomic } from './bake/write';

const USAGE = `Usage: pixel-collision bake <project folder> [--threshold N ... [--save]] [--force] [--out assets/<path>.ts] [--all] [--explain]

Bakes the pixel masks of the sprite frames PixelColliders can show (PNG images and TexturePacker
atlases) of a Cocos Creator 3.8 project into ${DEFAULT_OUT}, which the game loads at startup;
frames inside an Asset Bundle go to <bundle>/pixel-collision-masks/pixel-masks.ts, loaded with it.
A frame is baked when it is the sprite frame of a node with a PixelCollider in a scene or prefab,
in that node's animation clips, in an atlas (or Auto Atlas folder) with such a frame, or under a
folder or glob listed in "include" in ${CONFIG_FILE} (frames set from code).
  --threshold N   also bake alpha threshold N (0-255; repeatable), this time only. The thresholds of
                  the project's PixelColliders (scenes, prefabs) are always baked, plus those in
                  ${CONFIG_FILE} ("thresholds"), or 0 when it has none.
  --save          add the --threshold values to ${CONFIG_FILE}, so every later bake keeps them
  --force         decode every image again (ignore the cache in temp/pixel-collision/)
  --out PATH      where to write the library script, inside assets/ (default ${DEFAULT_OUT})
  --all           bake every sprite frame of the project (as "bakeAll": true in ${CONFIG_FILE})
  --explain       list the frames left out, and why

Images that cannot be read (e.g. Git LFS pointers not pulled) keep their masks from the previous
library, or stop the bake before it writes anything with "onUnreadable": "fail" in ${CONFIG_FILE}.

Exit codes: 0 baked; 1 some files could not be baked (each listed); 2 bad usage or settings;
3 a file could not be read or written (the line says which and why).`;

const EXIT_FILES = 1, EXIT_USAGE = 2, EXIT_IO = 3;

/** Runs the CLI with `argv` (without node and the script); resolves to the exit code. */
export async function main(argv: string[], print: (line: string) => void = console.log, printError: (line: string) => void = console.error): Promise<number> {
    const [command, ...rest] = argv;
    if (command === '--help' || command === '-h' || command === 'help') { print(USAGE); return 0; }
    if (command !== 'bake') { printError(command ? `Unknown command "${command}".\n\n${USAGE}` : USAGE); return EXIT_USAGE; }
    let project: string | undefined;
    const thresholds: number[] = [];
    let force = false, save = false, all = false, explain = false;
    let out: string | undefined;
    for (let i = 0; i < rest.length; i++) {
        const a = rest[i];
        if (a === '--threshold' || a === '-t' || a.startsWith('--threshold=')) {
            const v = a.startsWith('--threshold=') ? a.slice(12) : rest[++i];
            const n = Number(v);
            if (v === undefined || v === '' || !Number.isInteger(n) || n < 0 || n > 255) { printError(`--threshold needs an integer 0-255, got ${v ?? 'nothing'}.`); return EXIT_USAGE; }
            thresholds.push(n);
        } else if (a === '--force') {
            force = true;
        } else if (a === '--all') {
            all = true;
        } else if (a === '--explain') {
            explain = true;
        } else if (a === '--save') {
            save = true;
        } else if (a === '--out') {
            out = rest[++i];
            if (!out || !out.startsWith('assets/') || !out.endsWith('.ts')) { printError('--out needs a path like assets/<folder>/<name>.ts.'); return EXIT_USAGE; }
        } else if (a.startsWith('-')) {
            printError(`Unknown option ${a}.\n\n${USAGE}`); return EXIT_USAGE;
        } else if (project === undefined) {
            project = a;
        } else {
            printError(`One project folder only (got "${project}" and "${a}").`); return EXIT_USAGE;
        }
    }
    if (project === undefined) { printError(`Which project? Pass its folder, e.g. "pixel-collision bake ."\n\n${USAGE}`); return EXIT_USAGE; }
    if (save && !thresholds.length) { printError('--save keeps --threshold values in the project settings; pass at least one --threshold N.'); return EXIT_USAGE; }
    const root = resolve(project);
    let saved: number[] = [];
    try {
        saved = savedThresholds(root);
    } catch (err) {
        // The bake reports a bad settings file itself; --save cannot merge into it.
        if (save) { printError(`error: cannot save the thresholds: ${(err as Error).message}`); return EXIT_USAGE; }
    }
    try {
        const report = await bakeProject(root, {
            thresholds: thresholds.length ? thresholds : undefined, force, out, all,
            onProgress: (line) => (line.startsWith('error') || line.startsWith('kept') ? printError(line) : print(line)),
        });
        const left = report.leftOut ?? [];
        if (explain) {
            for (const f of left) print(`left out ${f.file.replace(/\.meta$/, '')} "${f.name}" (${f.uuid}): ${f.reason}`);
        }
        if (left.length) print(`${left.length} frame(s) left out: no PixelCollider shows them${explain ? '' : ' (--explain lists them)'}; --all or "bakeAll": true bakes every frame, "include" in ${CONFIG_FILE} adds folders.`);
        // One line per library, in one vocabulary: wrote / up to date / nothing to bake (and why).
        const libs = report.libraries ?? [];
        for (const l of libs) print(`${l.state === 'wrote' ? 'wrote' : 'up to date:'} ${l.path} (${l.masks} mask(s)${l.path === report.output ? '' : ', an Asset Bundle\'s library'})`);
        if (libs.length === 0) {
            print(`nothing to bake: ${report.errors.length ? 'no sprite frame could be baked (see the errors above)'
                : left.length ? `no PixelCollider shows any of the project's ${left.length} sprite frame(s), so no library is written` : 'the project has no sprite frames under assets/'}.`);
        }
        const oneOff = [...new Set(thresholds)].filter((t) => !saved.includes(t)).sort((a, b) => a - b);
        if (save && oneOff.length) {
            saveThresholds(root, oneOff);
            print(`saved threshold(s) ${oneOff.join(', ')} in ${CONFIG_FILE}: every later bake keeps them.`);
        } else if (oneOff.length) {
            print(`note: threshold(s) ${oneOff.join(', ')} baked this time only; a bake without --threshold drops them again. Add --save to keep them in ${CONFIG_FILE}.`);
        }
        print(formatSummary(report));
        return report.errors.length ? EXIT_FILES : 0;
    } catch (err) {
        printError(`error: ${oneLine(err, root)}`);
        if (err instanceof BakeFailure) return err.kind === 'unreadable' ? EXIT_FILES : err.kind === 'usage' ? EXIT_USAGE : EXIT_IO;
        return EXIT_IO;
    }
}

/** One line for an error: a bake's own message, or what a file-system error did to which file. */
function oneLine(err: unknown, root: string): string {
    if (err instanceof BakeFailure || !isIoError(err)) return (err instanceof Error ? err.message : String(err)).split('\n')[0];
    const e = err as NodeJS.ErrnoException;
    const file = e.path ? relative(root, e.path).split('\\').join('/') || e.path : 'a file';
    return `could not ${e.syscall ?? 'use'} ${file.startsWith('..') ? e.path : file}: ${describeIoError(err)}.`;
}

/** The thresholds the project's settings give every bake ([0] when it lists none); throws when the file is not usable. */
function savedThresholds(root: string): number[] {
    const abs = join(root, CONFIG_FILE);
    const c = fs.existsSync(abs) ? readSettings(abs) : {};
    return Array.isArray(c.thresholds) ? c.thresholds.filter((t): t is number => typeof t === 'number') : [0];
}

/** Adds `add` to the settings file's "thresholds" (0 first when it had none, as the bake's default), keeping its other keys. */
function saveThresholds(root: string, add: number[]): void {
    const abs = join(root, CONFIG_FILE);
    const c = fs.existsSync(abs) ? readSettings(abs) : {};
    const had = Array.isArray(c.thresholds) ? c.thresholds.filter((t): t is number => typeof t === 'number') : [0];
    c.thresholds = [...new Set([...had, ...add])].sort((a, b) => a - b);
    writeFileAtomic(abs, JSON.stringify(c, null, 2) + '\n', CONFIG_FILE);
}

function readSettings(abs: string): Record<string, unknown> {
    let c: unknown;
    try { c = JSON.parse(fs.readFileSync(abs, 'utf8')); } catch (err) { throw new Error(`${CONFIG_FILE} is not valid JSON (${(err as Error).message}); fix or delete it.`); }
    if (!c || typeof c !== 'object' || Array.isArray(c)) throw new Error(`${CONFIG_FILE} is not a JSON object; fix or delete it.`);
    return c as Record<string, unknown>;
}

if (require.main === module) {
    main(process.argv.slice(2)).then((code) => { process.exitCode = code; });
}
