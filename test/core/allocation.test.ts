import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildSync } from 'esbuild';

/**
 * Heap growth per call of the narrow phase, measured in the shipped form: test/alloc/steady-state.ts
 * bundled into one script (as a game build inlines the library) and run in a fresh node process
 * with --expose-gc. Under jest's per-module loader the compiler also sees the test's closures and
 * other call sites, so the numbers there say more about the harness than about the library.
 *
 * Asserted: the rows that measured 0–1.6 bytes per call (or per step) in every run on the dev
 * machine (the fraction of a byte is the rare exact floor, on sample-on-edge ties). An
 * object or a boxed number per call is at least 16 bytes. The other rows are printed, not
 * asserted: in some processes V8 leaves a call un-inlined and boxes a number there (0, 16 or
 * 47 bytes per call, varying from process to process); see the README (Limits).
 */
const ASSERTED = [
    'testMasks rotated, full contact',
    'testMasks axis-aligned, full contact (rings: run lists and words)',
    'testMasks small rotated (per cell), full contact',
    'testMasks 16² axis-aligned (one word per row), full contact',
    'testShapes circle vs polygon',
    'CollisionWorld.step, 300 moving colliders', // per step: one boxed number would be 16 bytes
];

/**
 * Asserted below one object per step (16 bytes): a world of 80 rotating sprites whose listener
 * reads every contact's count and normal rasterizes about a hundred sprites (cut or whole) and
 * answers about a hundred pairs per step, so the rasterizer's exact fallback (samples within
 * rounding of a texel edge: exact arithmetic that allocates) runs a few times a cycle of the scene:
 * 5-9 bytes per step measured, about half of what whole rasters for every pair gave (~15).
 * Anything made per step or per pair would be 16 bytes or more.
 */
const BELOW_ONE_OBJECT = [
    'CollisionWorld.step, 80 rotating sprites, listener reads count and normal',
];

describe('steady-state heap growth (bundled, own process)', () => {
    it('the narrow phase (rotated and axis-aligned), shape tests and a world step create no object per call', () => {
        const dir = mkdtempSync(join(tmpdir(), 'pixel-collision-alloc-'));
        try {
            const outfile = join(dir, 'steady-state.cjs');
            buildSync({
                entryPoints: [join(__dirname, '..', 'alloc', 'steady-state.ts')],
                bundle: true, platform: 'node', format: 'cjs', target: 'node20', outfile, logLevel: 'warning',
            });
            const measure = () => JSON.parse(execFileSync(process.execPath, ['--expose-gc', outfile], { encoding: 'utf8', timeout: 120_000 })) as
                { results: Record<string, number>; hits: number; events: number };
            const { results, hits, events } = measure();
            console.log(Object.entries(results).map(([k, v]) => `${v.toFixed(1).padStart(7)} bytes per call: ${k}`).join('\n'));
            expect(hits).toBeGreaterThan(1000);
            expect(events).toBeGreaterThan(1000);
            // Garbage the code creates per call shows in every process. On a loaded machine (CI runs
            // test files in parallel) V8's background compiler can finish late and a row reads 8-48
            // bytes in one process and 2.6 in the next; a row over the line is measured again, in up
            // to two more processes, and its smallest reading is asserted.
            const over = () => ASSERTED.some((k) => !(results[k] < 4)) || BELOW_ONE_OBJECT.some((k) => !(results[k] < 16));
            for (let retry = 0; retry < 2 && over(); retry++) {
                const again = measure().results;
                for (const k of [...ASSERTED, ...BELOW_ONE_OBJECT]) if (again[k] < results[k]) results[k] = again[k];
                console.log(`measured again: ${ASSERTED.map((k) => `${k} ${results[k].toFixed(1)}`).join(', ')}`);
            }
            for (const k of ASSERTED) {
                expect(results).toHaveProperty([k]);
                expect({ [k]: results[k] < 4 }).toEqual({ [k]: true });
            }
            for (const k of BELOW_ONE_OBJECT) {
                expect(results).toHaveProperty([k]);
                expect({ [k]: results[k] < 16 }).toEqual({ [k]: true });
            }
        } finally {
            rmSync(dir, { recursive: true, force: true });
        }
    }, 180_000);
});
