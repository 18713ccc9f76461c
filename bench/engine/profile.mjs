#!/usr/bin/env node
// CPU profile and sampled allocations of the engine bench's page while it records (between its
// "[bench] recording" and "[bench] recorded" lines): runs one row of bench/engine/scene.ts through
// the harness with a DevTools port opened by chromium-precise.sh, attaches to the page over CDP
// (playwright-core's connectOverCDP) and prints the top functions by self time and by bytes
// allocated. The .cpuprofile is written to bench/results/ for Chrome DevTools.
//
//   node bench/engine/profile.mjs --set N=1000 --set ROTATE=true --set READ=true [--top 30]
//   node bench/engine/profile.mjs --entry bench/engine/skeletons.ts --home <skeleton home> --set FRAMES=40   (another entry)
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const args = process.argv.slice(2);
const topI = args.indexOf('--top');
const top = topI >= 0 ? Number(args.splice(topI, 2)[1]) : 30;
const entryI = args.indexOf('--entry');
const entry = entryI >= 0 ? args.splice(entryI, 2)[1] : 'bench/engine/scene.ts';
const port = 9300 + Math.floor(Math.random() * 500);
const harness = path.resolve(root, '../shared/engine-harness/run.mjs');
const env = { ...process.env, CHROMIUM: path.join(here, 'chromium-precise.sh'), CDP_PORT: String(port), REAL_CHROMIUM: process.env.CHROMIUM || '/usr/bin/chromium' };
const child = spawn('node', [harness, entry, '--set', 'BUILTIN=false', '--set', 'FRAMES=300', '--set', 'PROFILER=true', '--quiet-engine', '--timeout', '900', ...args], { cwd: root, env });
let session = null, browser = null;
const results = {};
const onLine = async (line) => {
    if (line.startsWith('[harness]') && /PASS|FAIL|ERROR|TIMEOUT/.test(line)) console.error(line);
    if (line.includes('RESULT {')) results.row = JSON.parse(line.slice(line.indexOf('RESULT {') + 7));
    if (line.includes('[bench] waiting for the profiler')) {
        browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
        const page = browser.contexts().flatMap((c) => c.pages())[0];
        session = await page.context().newCDPSession(page);
        // The page's bundle, for line-level reading of the profile (positionTicks are bundle lines).
        session.on('Debugger.scriptParsed', (e) => { if (e.url.endsWith('/entry.mjs')) results.scriptId = e.scriptId; });
        await session.send('Debugger.enable');
        await session.send('Profiler.enable');
        await session.send('Profiler.setSamplingInterval', { interval: 200 });
        await session.send('HeapProfiler.enable');
        await session.send('HeapProfiler.startSampling', { samplingInterval: 256, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
        await session.send('Profiler.start');
        await session.send('Runtime.evaluate', { expression: 'globalThis.__profilerReady = true' });
    } else if (line.includes('[bench] recorded') && session) {
        const { profile } = await session.send('Profiler.stop');
        if (results.scriptId) results.source = (await session.send('Debugger.getScriptSource', { scriptId: results.scriptId })).scriptSource;
        const { profile: heap } = await session.send('HeapProfiler.stopSampling');
        results.cpu = profile; results.heap = heap;
        await session.send('Runtime.evaluate', { expression: 'globalThis.__profilerDone = true' });
    }
};
let buf = '';
child.stdout.on('data', (d) => { buf += d; let i; while ((i = buf.indexOf('\n')) >= 0) { const l = buf.slice(0, i); buf = buf.slice(i + 1); onLine(l).catch((e) => console.error(e)); } });
child.stderr.on('data', (d) => process.stderr.write(d));
await new Promise((r) => child.on('exit', r));
if (browser) await browser.close().catch(() => {});
if (!results.cpu) { console.error('no profile taken'); process.exit(1); }
const fname = (cf) => `${cf.functionName || '(anonymous)'} ${cf.url.split('/').pop()}:${cf.lineNumber + 1}`;
const p = results.cpu;
const dt = new Map();
for (let i = 0; i < p.samples.length; i++) dt.set(p.samples[i], (dt.get(p.samples[i]) || 0) + (p.timeDeltas[i] || 0));
const self = new Map();
let total = 0;
for (const n of p.nodes) { const t = dt.get(n.id) || 0; total += t; const k = fname(n.callFrame); self.set(k, (self.get(k) || 0) + t); }
console.log(`CPU, self time, ${(total / 1000).toFixed(0)} ms sampled:`);
for (const [k, t] of [...self].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`  ${(100 * t / total).toFixed(1)}%  ${k}`);
const alloc = new Map();
let bytes = 0;
const walk = (n, stack) => { const k = fname(n.callFrame); const s = [...stack, k]; if (n.selfSize) { bytes += n.selfSize; const key = s.slice(-4).join(' < '); alloc.set(key, (alloc.get(key) || 0) + n.selfSize); } for (const c of n.children) walk(c, s); };
walk(results.heap.head, []);
const frames = results.row?.FRAMES || 300;
console.log(`Allocations sampled (still live or not), ${(bytes / 1024).toFixed(0)} KiB over ${frames} frames, by stack (innermost last):`);
for (const [k, b] of [...alloc].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`  ${(b / frames).toFixed(0)} B/frame  ${k.split(' < ').reverse().join(' < ')}`);
const out = path.join(root, 'bench/results', `engine-profile-${Date.now()}.cpuprofile`);
fs.writeFileSync(out, JSON.stringify(p));
if (results.source) fs.writeFileSync(out.replace(/\.cpuprofile$/, '.entry.mjs'), results.source);
console.log(`wrote ${path.relative(root, out)}; row: pixel ${results.row?.pixelMs} ms`);
