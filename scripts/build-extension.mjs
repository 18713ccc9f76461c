// Builds the editor-process code of the extension: extensions/pixel-collision/source/**/*.ts ->
// extensions/pixel-collision/dist/**/*.js (CommonJS, one file per source file, as Creator's
// extension host loads `main` from package.json with require()). dist/ is not committed.
// Type checking is separate: npx tsc -p extensions/pixel-collision/tsconfig.json --noEmit
import { readdirSync, rmSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const ext = join(root, 'extensions/pixel-collision');
const source = join(ext, 'source');
const dist = join(ext, 'dist');

function* walk(dir) {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) yield* walk(p);
    else if (p.endsWith('.ts') && !p.endsWith('.d.ts')) yield p;
  }
}

const entryPoints = [...walk(source)];
rmSync(dist, { recursive: true, force: true });
await esbuild.build({
  entryPoints,
  outdir: dist,
  outbase: source,
  bundle: false,
  platform: 'node',
  format: 'cjs',
  target: 'node16', // Creator 3.8's Electron
  sourcemap: true,
  logLevel: 'warning',
});
console.log(`built ${entryPoints.length} file(s) into ${relative(root, dist)}/`);
