// What the runtime adds to a game's download: bundles the runtime's and the core's entry points
// with esbuild as a build would (minified, ES2015, 'cc' left to the engine) and prints the sizes,
// minified and gzipped, in KB (1,000 bytes). The README's "Download size" table comes from it.
//
//   node scripts/measure-size.mjs
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { buildSync } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const entries = [
  ['the runtime (runtime/index.ts, core included)', 'extensions/pixel-collision/assets/runtime/index.ts'],
  ['the core alone (core/index.ts)', 'extensions/pixel-collision/assets/core/index.ts'],
];

const kb = (n) => `${(n / 1000).toFixed(1)} KB`;
console.log('| what | minified | gzip |');
console.log('| --- | ---: | ---: |');
for (const [name, entry] of entries) {
  const out = buildSync({
    entryPoints: [join(root, entry)], bundle: true, minify: true, format: 'esm', target: 'es2015',
    external: ['cc', 'cc/env'], write: false, logLevel: 'warning',
  });
  const code = out.outputFiles[0].contents;
  console.log(`| ${name} | ${kb(code.length)} | ${kb(gzipSync(code, { level: 9 }).length)} |`);
}
