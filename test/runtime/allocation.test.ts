import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildSync } from 'esbuild';

/**
 * JavaScript allocation per frame of CollisionSystem.step at steady state
 * (test/alloc/runtime-steady-state.ts, bundled with the cc test double and run in its own process;
 * see the core's test/core/allocation.test.ts for why not under jest), measured with V8's sampling
 * heap profiler: every object allocated under the frame function, collected or not.
 *
 * Asserted, above the frame loop alone ("moves only": the game moving its nodes in the double):
 * - the runtime's own work per frame (change detection, transforms, world setters: "sync")
 *   allocates nothing (measured 0);
 * - the whole step of 200 moving sprites with events, rotating or not, stays under 32 bytes per
 *   frame (measured 0 rotating; 8-10 not rotating: a double argument the core's pair window boxes
 *   where V8 does not inline the call, about one 16-byte number every other frame);
 * - the same holds with the double in the native engine's shape (`setNativeEngine`), whose
 *   `worldMatrix` / `worldPosition` getters allocate a copy per read, and with a third of the
 *   sprites SLICED and a third FILLED (colliders made of parts), and with a third Spine and a third
 *   DragonBones characters whose pose changes every frame (their parts rebuilt in place).
 */
const BOUNDS: Array<[string, string, number]> = [
    ['sync, 200 moving sprites', 'moves only, 200 sprites', 1],
    ['sync, 200 moving and rotating sprites', 'moves only, 200 rotating sprites', 1],
    ['step, 200 moving sprites', 'moves only, 200 sprites', 32],
    ['step, 200 moving and rotating sprites', 'moves only, 200 rotating sprites', 32],
    // The native engine's getters allocate a copy per read (node.jsb.ts); the runtime reads around them.
    ['sync, 200 moving and rotating sprites, native engine', 'moves only, 200 rotating sprites, native engine', 1],
    ['step, 200 moving and rotating sprites, native engine', 'moves only, 200 rotating sprites, native engine', 32],
    // A third SLICED, a third FILLED (colliders made of parts): the same bounds.
    ['sync, 200 moving and rotating sprites, sliced and filled', 'moves only, 200 rotating sprites, sliced and filled', 1],
    ['step, 200 moving and rotating sprites, sliced and filled', 'moves only, 200 rotating sprites, sliced and filled', 32],
    // A third Spine and a third DragonBones characters, posed anew every frame: the same bounds.
    ['sync, 200 moving and rotating nodes, animated skeletons', 'moves only, 200 rotating nodes, animated skeletons', 1],
    ['step, 200 moving and rotating nodes, animated skeletons', 'moves only, 200 rotating nodes, animated skeletons', 32],
];
describe('runtime steady-state allocation (bundled, own process, sampling heap profiler)', () => {
    it('the runtime creates no object per frame; a whole step of 200 moving sprites stays within a few boxed numbers', () => {
        const dir = mkdtempSync(join(tmpdir(), 'pixel-collision-runtime-alloc-'));
        try {
            const outfile = join(dir, 'runtime-steady-state.cjs');
            const root = join(__dirname, '..', '..');
            buildSync({
                entryPoints: [join(__dirname, '..', 'alloc', 'runtime-steady-state.ts')],
                bundle: true, platform: 'node', format: 'cjs', target: 'node20', outfile, logLevel: 'warning',
                tsconfig: join(root, 'tsconfig.json'),
                alias: { cc: join(root, 'test/runtime/cc/index.ts'), 'cc/env': join(root, 'test/runtime/cc/env.ts') },
            });
            const stdout = execFileSync(process.execPath, [outfile], { encoding: 'utf8', timeout: 120_000 });
            const { results } = JSON.parse(stdout) as { results: Record<string, number> };
            console.log(Object.entries(results).map(([k, v]) => `${v.toFixed(1).padStart(7)} bytes per frame: ${k}`).join('\n'));
            for (const [k, floor, bound] of BOUNDS) {
                expect(results).toHaveProperty([k]);
                expect(results).toHaveProperty([floor]);
                expect({ [k]: results[k] - results[floor] < bound }).toEqual({ [k]: true });
            }
        } finally {
            rmSync(dir, { recursive: true, force: true });
        }
    }, 180_000);
});
