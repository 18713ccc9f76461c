// Runs the GPU engine entries with the engine harness (by hand, never in CI) and fails when one fails or
// when Chromium printed a WebGL performance warning about the readback buffers (the raw WebGL2 device's
// pixel buffers must never trigger "READ-usage buffer was written, then fenced, but written again before
// being read back"), or any GL error.
//
//   node test/engine/check-gpu-engine.mjs            (from the project's root; about 3 minutes on 2 cores)
import { spawnSync } from 'node:child_process';

const H = '../shared/engine-harness/run.mjs';
const EFFECT = 'extensions/pixel-collision/assets/effects/pixel-collide.effect';
const runs = [
    ['test/engine/gpu-events.ts', '--set', 'PC_BACKEND=webgl2'],
    ['test/engine/gpu-events.ts', '--set', 'PC_BACKEND=engine'],
    ['test/engine/gpu-events.ts', '--set', 'PC_BACKEND=engine', '--webgl1'],
];
const BAD = [/READ-usage buffer was written/, /GL_INVALID_\w+/, /WebGL: INVALID_/, /\[harness\] PAGE ERROR/];
let failed = 0;
for (const args of runs) {
    const r = spawnSync(process.execPath, [H, ...args, '--effect', EFFECT, '--quiet-engine', '--timeout', '600'], { encoding: 'utf8', maxBuffer: 64 << 20 });
    const out = `${r.stdout}\n${r.stderr}`;
    const bad = BAD.map((re) => out.split('\n').filter((l) => re.test(l)).length);
    const verdict = out.split('\n').filter((l) => l.startsWith('[harness] done(') || l.startsWith('[harness] PASS') || l.startsWith('[harness] FAIL'));
    const ok = r.status === 0 && bad.every((n) => n === 0);
    if (!ok) failed++;
    console.log(`${ok ? 'PASS' : 'FAIL'} ${args.join(' ')}\n  ${verdict.join('\n  ')}\n  READ-usage warnings ${bad[0]}, GL errors ${bad[1] + bad[2]}, page errors ${bad[3]}`);
}
process.exit(failed ? 1 : 0);
