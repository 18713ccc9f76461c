/**
 * `npm run bench`: runs every benchmark (or the ones named on the command line, e.g.
 * `npm run bench -- masks`) and writes the tables to bench/results/<machine>.md.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

async function main(): Promise<void> {
    const only = process.argv.slice(2);
    const files = readdirSync(__dirname).filter((f) => f.endsWith('.bench.ts')).sort();
    for (const f of files) {
        const name = f.replace(/\.bench\.ts$/, '');
        if (only.length && !only.includes(name)) continue;
        console.log(`\n### ${name}`);
        const mod = (await import(join(__dirname, f))) as { run: () => void | Promise<void> };
        await mod.run();
    }
}

main().catch((e) => {
    console.error(e);
    process.exit(1);
});
