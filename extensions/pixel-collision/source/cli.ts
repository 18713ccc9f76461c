#!/usr/bin/env node
/**
 * The command line: `pixel-collision bake <project folder> [--threshold N ...] [--force] [--out path]`.
 * Prints one line per texture and a summary; exits 1 when a file could not be baked, 2 on bad usage.
 * Bundled to dist/cli.js (with its PNG decoder), so it runs with plain Node in any project:
 *   node extensions/pixel-collision/dist/cli.js bake .
 */
import { bakeProject, CONFIG_FILE, DEFAULT_OUT } from './bake/index';
import { formatSummary } from './bake/bake';

const USAGE = `Usage: pixel-collision bake <project folder> [--threshold N ...] [--force] [--out assets/<path>.ts]

Bakes the pixel masks of every sprite frame (PNG images and TexturePacker atlases) of a Cocos
Creator 3.8 project into ${DEFAULT_OUT}, which the game loads at startup.
  --threshold N   also bake alpha threshold N (0-255; repeatable). The thresholds of the project's
                  PixelColliders (scenes, prefabs) are always baked, plus those in ${CONFIG_FILE}
                  ("thresholds"), or 0 when it has none.
  --force         decode every image again (ignore the cache in temp/pixel-collision/)
  --out PATH      where to write the library script (default ${DEFAULT_OUT})`;

/** Runs the CLI with `argv` (without node and the script); resolves to the exit code. */
export async function main(argv: string[], print: (line: string) => void = console.log, printError: (line: string) => void = console.error): Promise<number> {
    const [command, ...rest] = argv;
    if (command === '--help' || command === '-h' || command === 'help') { print(USAGE); return 0; }
    if (command !== 'bake') { printError(command ? `Unknown command "${command}".\n\n${USAGE}` : USAGE); return 2; }
    let project: string | undefined;
    const thresholds: number[] = [];
    let force = false;
    let out: string | undefined;
    for (let i = 0; i < rest.length; i++) {
        const a = rest[i];
        if (a === '--threshold' || a === '-t') {
            const v = rest[++i];
            const n = Number(v);
            if (v === undefined || !Number.isInteger(n) || n < 0 || n > 255) { printError(`--threshold needs an integer 0-255, got ${v ?? 'nothing'}.`); return 2; }
            thresholds.push(n);
        } else if (a.startsWith('--threshold=')) {
            const n = Number(a.slice(12));
            if (!Number.isInteger(n) || n < 0 || n > 255) { printError(`--threshold needs an integer 0-255, got ${a.slice(12)}.`); return 2; }
            thresholds.push(n);
        } else if (a === '--force') {
            force = true;
        } else if (a === '--out') {
            out = rest[++i];
            if (!out || !out.startsWith('assets/') || !out.endsWith('.ts')) { printError('--out needs a path like assets/<folder>/<name>.ts.'); return 2; }
        } else if (a.startsWith('-')) {
            printError(`Unknown option ${a}.\n\n${USAGE}`); return 2;
        } else if (project === undefined) {
            project = a;
        } else {
            printError(`One project folder only (got "${project}" and "${a}").`); return 2;
        }
    }
    if (project === undefined) { printError(`Which project? Pass its folder, e.g. "pixel-collision bake ."\n\n${USAGE}`); return 2; }
    try {
        const report = await bakeProject(project, {
            thresholds: thresholds.length ? thresholds : undefined, force, out,
            onProgress: (line) => (line.startsWith('error') ? printError(line) : print(line)),
        });
        print(`${report.written ? 'wrote' : 'up to date:'} ${report.output}`);
        print(formatSummary(report));
        return report.errors.length ? 1 : 0;
    } catch (err) {
        printError(`error: ${(err as Error).message}`);
        return 2;
    }
}

if (require.main === module) {
    main(process.argv.slice(2)).then((code) => { process.exitCode = code; });
}
