/**
 * One fast-check seed per test file and run, printed, so every run (CI included) explores new
 * cases and a failure can be replayed exactly:
 *
 * - `FC_SEED=<n>` (environment) fixes the seed, e.g. to replay a red CI run. fast-check's own
 *   failure message also gives the seed and the shrunk case's `path` (pass both to
 *   `fc.assert(..., { seed, path })` to replay just that case).
 * - Otherwise the seed is drawn at random for this run.
 *
 * No property test sets its own seed (that would explore the same cases forever).
 */
import fc from 'fast-check';

const fixed = process.env.FC_SEED;
const seed = fixed !== undefined && fixed !== '' ? Number(fixed) | 0 : (Math.random() * 0x7fffffff) | 0;
fc.configureGlobal({ seed });
const file = (expect.getState().testPath ?? '').replace(/^.*[\\/]test[\\/]/, 'test/');
process.stdout.write(`fast-check seed ${seed} for ${file} (replay: FC_SEED=${seed})\n`);
