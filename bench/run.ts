/**
 * `npm run bench`: runs every benchmark (or the ones named on the command line, e.g.
 * `npm run bench -- masks`) and writes the tables to bench/results/<machine>.md. Each benchmark
 * file runs in its own process, so one file's garbage (detect-collisions allocates per frame) and
 * JIT state do not bleed into the next one's timings.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

async function main(): Promise<void> {
    const args = process.argv.slice(2);
    const files = readdirSync(__dirname).filter((f) => f.endsWith('.bench.ts')).sort();
    const names = files.map((f) => f.replace(/\.bench\.ts$/, ''));
    if (args[0] === '--in-process') {
        const name = args[1];
        console.log(`\n### ${name}`);
        const mod = (await import(join(__dirname, `${name}.bench.ts`))) as { run: () => void | Promise<void> };
        await mod.run();
        return;
    }
    for (const name of names) {
        if (args.length && !args.includes(name)) continue;
        execFileSync(process.execPath, [...process.execArgv, __filename, '--in-process', name], { stdio: 'inherit' });
    }
}

main().catch((e) => {
    console.error(e);
    process.exit(1);
});
