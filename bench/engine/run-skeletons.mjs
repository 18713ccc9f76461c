#!/usr/bin/env node
// Runs the Spine benchmark (bench/engine/skeletons.ts) in the real Cocos 3.8.5 web engine through
// ../shared/engine-harness, --repeat times per history (alternated run by run), and prints / writes
// the medians of the runs: pixel-collision's postUpdate, the engine's animation and 2D batching of
// the same characters, the builtin 2D physics with bone sockets, and the ratios of each run.
// Needs a harness home built with HARNESS_SKELETONS=1 and HARNESS_PHYSICS_2D=box2d (--home or
// HARNESS_HOME; see bench/engine/README.md). Not part of CI.
//
//   node bench/engine/run-skeletons.mjs --home <home> [--history colliders] [--old 'none;all'] [--repeat 5] [--frames 100]
//        [--out file.md] [--json runs.json] [--coarse-clock] [--set KEY=VALUE ...]
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
const sets = args.flatMap((a, i) => (a === '--set' ? ['--set', args[i + 1]] : []));
const home = opt('home', process.env.HARNESS_HOME);
if (!home) { console.error('run-skeletons: --home <harness home built with HARNESS_SKELETONS=1 HARNESS_PHYSICS_2D=box2d> (or HARNESS_HOME)'); process.exit(2); }
const histories = opt('history', 'colliders').split(',');
// --old 'none;all': A/B of the parts speed-ups in alternate runs (the page's OLD switch; ';' separates variants, as in 'none;crop,quads').
const olds = opt('old', 'none').split(';');
const repeat = Number(opt('repeat', '5'));
const frames = Number(opt('frames', '100'));
const harness = path.resolve(root, opt('harness', '../shared/engine-harness'));
const proxy = args.includes('--coarse-clock') ? null : await startCoiProxy();

function run(variant) {
    const [history, old] = variant.split(' old=');
    const argv = [path.join(harness, 'run.mjs'), 'bench/engine/skeletons.ts', '--home', home, '--set', `FRAMES=${frames}`, '--set', 'PRECISE_MEMORY=true',
        '--set', `HISTORY=${history}`, '--set', `OLD=${old ?? 'none'}`, ...sets, '--quiet-engine', '--timeout', '1800'];
    const env = { ...process.env, CHROMIUM: path.join(here, 'chromium-precise.sh'), REAL_CHROMIUM: process.env.CHROMIUM || '/usr/bin/chromium' };
    if (proxy) env.COI_PROXY = String(proxy.port);
    const t0 = Date.now();
    const p = spawnSync('node', argv, { cwd: root, env, encoding: 'utf8', maxBuffer: 64 << 20 });
    const out = `${p.stdout}\n${p.stderr}`;
    const line = out.split('\n').find((l) => l.includes('RESULT {'));
    if (!line || p.status !== 0) { console.error(out.split('\n').slice(-30).join('\n')); throw new Error(`run ${variant} failed`); }
    const r = JSON.parse(line.slice(line.indexOf('RESULT {') + 7));
    r.seconds = (Date.now() - t0) / 1000;
    console.log(`${variant}: pixel ${r.pixelMs.toFixed(2)} ms, engine ${r.engineMs.toFixed(2)} ms (${r.engineOverPixel.toFixed(3)}x), builtin ${r.builtinMs?.toFixed(2)} ms (${r.builtinOverPixel?.toFixed(3)}x), heap ${r.allocPixel?.medianBytes} B, ${r.seconds.toFixed(0)} s`);
    return r;
}

const variants = histories.flatMap((h) => olds.map((o) => (o === 'none' ? h : `${h} old=${o}`)));
const byHistory = new Map(variants.map((h) => [h, []]));
for (let rep = 0; rep < repeat; rep++) for (const h of variants) byHistory.get(h).push(run(h));
if (proxy) proxy.stop();

const med = (a) => { const s = a.filter((x) => x != null && Number.isFinite(x)).sort((x, y) => x - y); return s.length ? (s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2) : null; };
const f = (x, d = 2) => (x == null ? '-' : x.toFixed(d));
const cpu = os.cpus();
const lines = [`# Spine benchmark (bench/engine/skeletons.ts)`, '',
    `_${new Date().toISOString().slice(0, 10)} — Cocos Creator 3.8.5 web engine (DEBUG build, Spine wasm, Box2D) through ../shared/engine-harness, headless Chromium, WebGL2 on SwiftShader; ${cpu.length} cores (${cpu[0]?.model.trim()}), shared; ${repeat} runs per history of ${frames} frames; options: ${sets.filter((s) => s !== '--set').join(' ') || 'defaults'}._`, ''];
lines.push('| history | pixel ms | engine ms | builtin ms | engine / pixel | builtin / pixel | pixel heap B/frame (median, mean) | touching | pairs | enters + ends |', '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
for (const [h, rs] of byHistory) {
    lines.push(`| ${h} | ${f(med(rs.map((r) => r.pixelMs)))} | ${f(med(rs.map((r) => r.engineMs)))} | ${f(med(rs.map((r) => r.builtinMs)))} | ${f(med(rs.map((r) => r.engineOverPixel)), 3)} | ${f(med(rs.map((r) => r.builtinOverPixel)), 3)} | ${f(med(rs.map((r) => r.allocPixel?.medianBytes)), 0)}, ${f(med(rs.map((r) => r.allocPixel?.meanBytes)), 0)} | ${f(med(rs.map((r) => r.perFrame.touchingCharacters)))} | ${f(med(rs.map((r) => r.perFrame.pixelPairs)), 1)} | ${f(med(rs.map((r) => r.perFrame.enter + r.perFrame.end)), 1)} |`);
}
lines.push('', 'Every run (ms; engine = skeleton system + renderers + batch + upload, less the sockets\' sync when drawing; builtin = physics postUpdate, its follow hook included, + the sockets\' sync when drawing):', '',
    '| history | pixel | engine | skeleton system | renderers | batch | upload | draw (SwiftShader) | builtin | physics (follow) | socket sync when drawing | builtin begins + ends |', '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
for (const [h, rs] of byHistory) for (const r of rs) {
    const p = r.parts;
    lines.push(`| ${h} | ${f(r.pixelMs)} | ${f(r.engineMs)} | ${f(p.skeletonSystem)} | ${f(p.renderers)} | ${f(p.batch)} | ${f(p.upload)} | ${f(p.draw)} | ${f(r.builtinMs)} | ${f(p.physics)} (${f(p.follow)}) | ${f(p.socketRender)} | ${f(r.perFrame.builtinBegin + r.perFrame.builtinEnd, 0)} |`);
}
const text = `${lines.join('\n')}\n`;
console.log(`\n${text}`);
const outFile = opt('out', path.join(root, 'bench/results/engine-skeletons-swiftshader-2core.md'));
fs.writeFileSync(outFile, text);
const jsonFile = opt('json', null);
if (jsonFile) fs.writeFileSync(jsonFile, JSON.stringify(Object.fromEntries(byHistory), null, 1));
console.log(`wrote ${path.relative(root, outFile)}`);
