#!/usr/bin/env node
// Runs the engine benchmark (bench/engine/scene.ts) in the real Cocos 3.8.5 web engine through
// ../shared/engine-harness, one harness run per row, and writes bench/results/engine-<machine>.md.
// Not part of CI: the harness (and its engine build) exists only where it was set up by hand.
//
//   node bench/engine/run.mjs [--machine NAME] [--sizes 1000,2000] [--rows moving,rotating]
//        [--reads false,true] [--frames 200] [--profile] [--harness ../shared/engine-harness]
//        [--history none,colliders,plain] [--scenes blobs,mixed] [--repeat 5] [--out file.md] [--json runs.json] [--coarse-clock]
//        [--native [--harness ../shared/native-harness]]
//
// --native runs the same scene in the native engine (C++ with the engine's JavaScript on V8 through
// JSB: what Creator's simulator and native builds run) through ../shared/native-harness, and writes
// bench/results/engine-native-<machine>.md; that harness is a Debug build (C++ at -O0, the gfx
// validator on) on llvmpipe, with V8 10.2 (see docs/engine-performance.md for what that means).
//
// Each run builds both sides (pixel-collision and the builtin 2D physics) in one page and times them
// in the same frames; the table's ratios are builtin / pixel of the same run. --profile adds a second
// run per row with the pixel side's frame split into sections (the wrappers cost a little, so the
// profile's total is a bit above the plain run's). --history runs every row once per page history
// (none: a fresh page; colliders: a used page, where a level of at least 2,000 sprites, half with
// PixelColliders and half with the builtin's colliders, was played and destroyed first; plain: the
// same level without any collider), alternated run by run, --repeat times; the file then has the
// histories side by side (medians of the runs) and every run's figures. Heap: Chromium is started through
// chromium-precise.sh (--enable-precise-memory-info) so performance.memory gives exact figures.
// --scenes runs every row once per scene (SCENE=blobs, the default, and SCENE=mixed: shapes of several
// sizes, static piles and stop-and-go movers; see README.md), alternated run by run with the histories;
// the tables' rows name the scene.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startCoiProxy } from './coi-proxy.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const args = process.argv.slice(2);
const opt = (name, def) => { const i = args.indexOf(`--${name}`); return i >= 0 ? args[i + 1] : def; };
const native = args.includes('--native');
const machine = opt('machine', native ? 'llvmpipe-2core' : 'swiftshader-2core');
const sizes = opt('sizes', '1000,2000').split(',').map(Number);
const rows = opt('rows', 'moving,rotating').split(',');
const reads = opt('reads', 'false,true').split(',').map((s) => s === 'true');
const frames = Number(opt('frames', '200'));
const profile = args.includes('--profile');
const harness = path.resolve(root, opt('harness', native ? '../shared/native-harness' : '../shared/engine-harness'));
const histories = opt('history', 'none').split(',');
const scenes = opt('scenes', 'blobs').split(',');
for (const s of scenes) if (s !== 'blobs' && s !== 'mixed') throw new Error(`--scenes: blobs or mixed, got ${s}`);
const repeat = Number(opt('repeat', '1'));
const outFile = opt('out', null);
// Cross-origin isolation (coi-proxy.mjs): performance.now() in 5 µs steps, not 100 µs; --coarse-clock: without.
// (The native engine's performance.now() is the platform's clock: no page, no proxy.)
const proxy = native || args.includes('--coarse-clock') ? null : await startCoiProxy();

function run(n, rotate, read, extra = [], history = 'none', first = true, scene = 'blobs') {
    // The builtin's destroy (seconds to minutes) is timed once per N and scene: in its first row.
    if (!first || !(rotate === (rows[0] === 'rotating') && read === reads[0])) extra = [...extra, '--set', 'DESTROY_BUILTIN=false'];
    if (history !== 'none') extra = [...extra, '--set', `HISTORY=${history}`];
    if (scene !== 'blobs') extra = [...extra, '--set', `SCENE=${scene}`];
    const argv = [path.join(harness, 'run.mjs'), 'bench/engine/scene.ts', '--set', `N=${n}`, '--set', `ROTATE=${rotate}`,
        '--set', `READ=${read}`, '--set', `FRAMES=${frames}`, ...(native ? [] : ['--set', 'PRECISE_MEMORY=true']), '--quiet-engine', '--timeout', '900', ...extra];
    const env = native ? { ...process.env } : { ...process.env, CHROMIUM: path.join(here, 'chromium-precise.sh'), REAL_CHROMIUM: process.env.CHROMIUM || '/usr/bin/chromium' };
    if (proxy) env.COI_PROXY = String(proxy.port);
    const t0 = Date.now();
    const p = spawnSync('node', argv, { cwd: root, env, encoding: 'utf8', maxBuffer: 64 << 20 });
    const out = `${p.stdout}\n${p.stderr}`;
    const line = out.split('\n').find((l) => l.includes('RESULT {'));
    const renderer = (out.match(/renderer[^\n]*/i) || [''])[0];
    if (!line || p.status !== 0) { console.error(out.split('\n').slice(-30).join('\n')); throw new Error(`run ${scene} N=${n} rotate=${rotate} read=${read} failed`); }
    const r = JSON.parse(line.slice(line.indexOf('RESULT {') + 7));
    r.seconds = (Date.now() - t0) / 1000;
    r.scene ??= scene; // (a scene.ts from before SCENE existed)
    r.renderer = renderer;
    if (native) r.v8 = (out.match(/V8 ([0-9][^\s,)]*)/) || [])[1];
    console.log(`${scene} N=${n} rotate=${rotate} read=${read} history=${history}: pixel ${r.pixelMs.toFixed(2)} ms, builtin ${r.builtinMs?.toFixed(2)} ms, ${r.seconds.toFixed(0)} s`);
    return r;
}

const results = [];
const byHistory = new Map(histories.map((h) => [h, []]));
for (let rep = 0; rep < repeat; rep++) for (const n of sizes) for (const row of rows) for (const read of reads) {
    for (const h of histories) for (const sc of scenes) {
        const r = run(n, row === 'rotating', read, [], h, rep === 0 && h === histories[0], sc);
        if (profile) r.prof = run(n, row === 'rotating', read, ['--set', 'PROFILE=true', '--set', 'BUILTIN=false'], h, false, sc).profile;
        byHistory.get(h).push(r);
        if (rep === 0 && h === histories[0]) results.push(r);
    }
}
// Row labels: N, motion and scene.
const rowLabel = (n, rotate, scene) => `${Number(n).toLocaleString('en')} ${rotate ? 'rotating' : 'moving'}, ${scene}`;

const f = (x, d = 2) => (x == null ? '-' : x >= 100 ? x.toFixed(0) : x.toFixed(d));
const kb = (b) => (b == null ? '-' : b < 1024 ? `${Math.round(b)} B` : `${(b / 1024).toFixed(1)} KiB`);
const cpu = os.cpus();
const lines = [];
lines.push(`# Engine benchmark: ${machine}`, '');
lines.push(native
    ? `_${new Date().toISOString().slice(0, 10)} — Cocos Creator 3.8.5 **native** engine (C++ Debug build at -O0 with the gfx validator, the engine's JavaScript as a DEBUG build on V8 ${results[0]?.v8 ?? '10.2'} through JSB) through ../shared/native-harness, GLES3 on llvmpipe under Xvfb; ${cpu.length} cores (${cpu[0]?.model.trim()}), shared with other processes; Node ${process.version} runs the harness only._`
    : `_${new Date().toISOString().slice(0, 10)} — Cocos Creator 3.8.5 web engine, DEBUG build (not minified) through ../shared/engine-harness, headless Chromium, WebGL2 on SwiftShader; ${cpu.length} cores (${cpu[0]?.model.trim()}), shared with other processes; Node ${process.version}._`, '');
lines.push('Written by `node bench/engine/run.mjs`. Scene: `bench/engine/scene.ts`; ' + scenes.map((sc) => (sc === 'mixed'
    ? '`mixed`: N sprites of 12 textures (blob, concave star, ring, gear; 24 to 96 texels), a third of them static in overlapping piles and stacks, the rest stop-and-go (resting and moving phases of 30-120 frames; 0.5-3 px and, rotating, 0.5-3 degrees per frame), in a box of side sqrt(5 x their total area)'
    : '`blobs`: N sprites of a 48x48 blob, sizeMode CUSTOM 48 x 48, 0.5-3 px per frame in a box of side sqrt(5 N) x 48, optionally turning 0.5-3 degrees per frame')).join('; ') + '. Both sides run in the same page on copies of the scene that move the same way in the same frames: medians of ' + frames + ' frames of `CollisionSystem.postUpdate` and `PhysicsSystem2D.postUpdate` (kinematic `RigidBody2D` + 14- to 16-gon `PolygonCollider2D`, BEGIN / END_CONTACT listeners, one step per frame). Ratio = builtin ÷ pixel, same run.', '');
lines.push('| N, motion | listeners | pixel-collision | builtin 2D physics | ratio | events / frame (enter, stay, end) | pixel: heap allocated per postUpdate (median, mean) | builtin: same |');
lines.push('| --- | --- | ---: | ---: | ---: | --- | --- | --- |');
for (const r of results) {
    const e = r.perFrame;
    lines.push(`| ${rowLabel(r.N, r.ROTATE, r.scene)} | ${r.READ ? 'read count + normal (enter, stay)' : 'read nothing (enter, end)'} | ${f(r.pixelMs)} ms | ${f(r.builtinMs)} ms | ${f(r.builtinMs / r.pixelMs, 1)}x | ${f(e.enter, 1)}, ${f(e.stay, 1)}, ${f(e.end, 1)} | ${kb(r.allocPixel?.medianBytes)}, ${kb(r.allocPixel?.meanBytes)} | ${kb(r.allocBuiltin?.medianBytes)}, ${kb(r.allocBuiltin?.meanBytes)} |`);
}
lines.push('', '| N, motion, listeners | destroy every node: pixel-collision | builtin |', '| --- | ---: | ---: |');
for (const r of results) lines.push(`| ${rowLabel(r.N, r.ROTATE, r.scene)}, ${r.READ ? 'read' : 'nothing'} | ${f(r.destroyPixelMs, 1)} ms | ${f(r.destroyBuiltinMs, 0)} ms |`);
if (profile) {
    lines.push('', '### Where the pixel side\'s frame goes (medians of ms per frame, pixel side alone, wrapped sections)', '');
    const keys = Object.keys(results[0].prof || {});
    lines.push(`| section | ${results.map((r) => `${r.N} ${r.ROTATE ? 'rot' : 'mov'} ${r.READ ? 'read' : 'nothing'} ${r.scene}`).join(' | ')} |`);
    lines.push(`| --- | ${results.map(() => '---:').join(' | ')} |`);
    for (const k of keys) lines.push(`| ${k} | ${results.map((r) => f(r.prof?.[k], 3)).join(' | ')} |`);
}
if (histories.length > 1 || repeat > 1) {
    const med = (a) => { const s = a.filter((x) => Number.isFinite(x)).sort((x, y) => x - y); return s.length ? (s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2) : null; };
    const label = { none: 'fresh page', colliders: 'used page (a level of colliders before)', plain: 'used page, control (a level without colliders before)' };
    lines.push('', `### Page history: medians of ${repeat} run(s) each, histories alternated run by run`, '');
    lines.push(`| N, motion | listeners | ${histories.map((h) => `${label[h] ?? h}: pixel / builtin (ratio)`).join(' | ')} |`);
    lines.push(`| --- | --- | ${histories.map(() => '---').join(' | ')} |`);
    const key = (r) => `${r.N}|${r.ROTATE}|${r.READ}|${r.scene}`;
    const keys = [...new Set(byHistory.get(histories[0]).map(key))];
    for (const k of keys) {
        const [n, rot, rd, sc] = k.split('|');
        const cells = histories.map((h) => {
            const rs = byHistory.get(h).filter((r) => key(r) === k);
            const ratio = med(rs.map((r) => r.builtinMs / r.pixelMs));
            return `${f(med(rs.map((r) => r.pixelMs)))} / ${f(med(rs.map((r) => r.builtinMs)))} ms (**${f(ratio, 1)}x**)`;
        });
        lines.push(`| ${rowLabel(n, rot === 'true', sc)} | ${rd === 'true' ? 'read count + normal (enter, stay)' : 'read nothing (enter, end)'} | ${cells.join(' | ')} |`);
    }
    lines.push('', 'Every run (pixel / builtin ms, ratio), in the order they ran:', '');
    lines.push(`| N, motion, listeners | ${histories.map((h) => label[h] ?? h).join(' | ')} |`);
    lines.push(`| --- | ${histories.map(() => '---').join(' | ')} |`);
    for (const k of keys) {
        const [n, rot, rd, sc] = k.split('|');
        const cells = histories.map((h) => byHistory.get(h).filter((r) => key(r) === k).map((r) => `${f(r.pixelMs)} / ${f(r.builtinMs)} (${f(r.builtinMs / r.pixelMs, 1)}x)`).join(', '));
        lines.push(`| ${rowLabel(n, rot === 'true', sc)}, ${rd === 'true' ? 'read' : 'nothing'} | ${cells.join(' | ')} |`);
    }
}
const all = [...byHistory.values()].flat();
const steps = [...new Set(all.map((r) => r.clockStepMs))].sort((a, b) => a - b);
const clock = all.every((r) => r.isolated)
    ? `\`performance.now()\` in ${steps.join(' / ')} ms steps: the page is cross-origin isolated (coi-proxy.mjs).`
    : `\`performance.now()\` in ${steps.join(' / ')} ms steps (${all.some((r) => r.isolated) ? 'some runs' : 'no run'} cross-origin isolated): a median of frames near 1 ms sits on a step.`;
lines.push('', 'Notes:', '',
    `- Clock: ${clock}`,
    native ? '- Heap: not measured natively (no `performance.memory`).' : '- Heap: bytes by which `performance.memory.usedJSHeapSize` grew inside each postUpdate (Chromium started with `--enable-precise-memory-info`); a call during which a garbage collection ran (the heap shrank) is left out. It counts every allocation of the call, the engine\'s included.',
    '- Destroy: `destroy()` on every node of one side, then the two frames that purge them, minus two idle frames.',
    native ? '- No camera draws the sprites: the timed calls are the engine\'s JavaScript and what it calls in C++ through JSB (node transforms, flags), in a Debug build at -O0. Timings vary from run to run on a shared machine; compare the ratios (same run, same frames).'
        : '- SwiftShader renders on the CPU, but no camera draws the sprites here: the timed calls are pure JavaScript. A DEBUG engine build: asserts on, not minified. Timings vary from run to run on a shared machine; compare the ratios (same run, same frames).');
const file = outFile ? path.resolve(root, outFile) : path.join(root, 'bench/results', `engine-${native ? 'native-' : ''}${machine}.md`);
fs.writeFileSync(file, `${lines.join('\n')}\n`);
console.log(`wrote ${path.relative(root, file)}`);
const jsonFile = opt('json', null); // every run's RESULT, for later reading
if (jsonFile) fs.writeFileSync(path.resolve(root, jsonFile), JSON.stringify(Object.fromEntries(byHistory), null, 1));
