// Fails when the layer rules (docs/design.md: "Layers" and "The core is engine-free"; the Layout under "Development" in README.md) are broken:
//  - core/ must not import 'cc' (or cc/*) and must not touch the DOM;
//  - core/ must not import from runtime/ (dependencies point down only);
//  - runtime/ is the only folder of the extension's assets that imports 'cc';
//  - the editor extension (source/) imports the runtime only through its public index, and the
//    engine-free core only through core/index (the bake runs in Node: the core, never the runtime).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const core = join(root, 'extensions/pixel-collision/assets/core');

function* walk(dir) {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) yield* walk(p);
    else if (p.endsWith('.ts')) yield p;
  }
}

const rules = [
  [/from\s+['"]cc(\/[\w-]+)?['"]|require\(\s*['"]cc['"]\s*\)|import\(\s*['"]cc['"]\s*\)/, "imports 'cc'"],
  [/\b(document|window|navigator|self)\s*[.[]|\b(HTMLElement|HTMLCanvasElement|HTMLImageElement|ImageData|WebGL2?RenderingContext|requestAnimationFrame)\b/, 'touches the DOM'],
  [/from\s+['"][^'"]*\/runtime\//, 'imports from runtime/ (core must not depend on the runtime)'],
];

const problems = [];
const assets = join(root, 'extensions/pixel-collision/assets');
const runtime = join(assets, 'runtime');
const importsCc = /from\s+['"]cc(\/[\w-]+)?['"]|require\(\s*['"]cc['"]\s*\)|import\(\s*['"]cc['"]\s*\)/;
for (const file of walk(assets)) {
  if (file.startsWith(runtime + '/') || file.startsWith(core + '/')) continue;
  readFileSync(file, 'utf8').split('\n').forEach((line, i) => {
    if (importsCc.test(line)) problems.push(`${relative(root, file)}:${i + 1} imports 'cc' outside runtime/: ${line.trim()}`);
  });
}
const source = join(root, 'extensions/pixel-collision/source');
for (const file of walk(source)) {
  readFileSync(file, 'utf8').split('\n').forEach((line, i) => {
    const m = line.match(/from\s+['"]([^'"]*runtime\/[^'"]*)['"]/);
    if (m && !/runtime\/index$/.test(m[1])) problems.push(`${relative(root, file)}:${i + 1} reaches into runtime internals (import runtime/index only): ${line.trim()}`);
    const c = line.match(/from\s+['"]([^'"]*assets\/core\/?[^'"]*)['"]/);
    if (c && !/assets\/core\/index$/.test(c[1])) problems.push(`${relative(root, file)}:${i + 1} reaches into core internals (import assets/core/index only): ${line.trim()}`);
  });
}
for (const file of walk(core)) {
  const lines = readFileSync(file, 'utf8').split('\n');
  lines.forEach((line, i) => {
    const code = line.replace(/\/\/.*$/, '').replace(/\/\*.*?\*\//g, '');
    if (/^\s*(\*|\/\*)/.test(code)) return; // comment lines
    for (const [re, what] of rules) {
      if (re.test(code)) problems.push(`${relative(root, file)}:${i + 1} ${what}: ${line.trim()}`);
    }
  });
}
if (problems.length) {
  console.error('Layer check failed (see the rules at the top of scripts/check-layers.mjs):\n' + problems.join('\n'));
  process.exit(1);
}
console.log('layer check: core/ is engine-free and DOM-free; only runtime/ imports cc; the editor uses runtime/index and core/index only');
