// Builds the editor-process code of the extension into extensions/pixel-collision/dist/, one
// self-contained CommonJS bundle per entry below (Creator's extension host loads `main` from
// package.json with require(); the CLI runs with plain Node). Dependencies such as the PNG decoder
// are bundled in, so a project that copies the extension needs no node_modules.
//
// dist/ is committed (the extension works as copied, with no build step); test/extension-dist.test.ts
// rebuilds into a temp folder and fails when the committed files are stale: run
//   npm run build:extension
// after changing anything under source/ (or the core it bundles), and commit dist/.
//
// Type checking is separate: npx tsc -p extensions/pixel-collision/tsconfig.json
import { rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const ext = join(root, 'extensions/pixel-collision');

/** Entry points, relative to extensions/pixel-collision/source (each becomes dist/<name>.js). */
export const ENTRIES = [
  'main.ts', // editor-process entry (package.json "main")
  'cli.ts', // `pixel-collision bake <project>` (package.json "bin")
  'builder.ts', // build extension entry (contributions.builder)
  'hooks.ts', // build hooks, named by builder.ts
  'scene.ts', // scene-process script (contributions.scene.script): the scene-view outline, inspector data
  'inspector/pixel-collider.ts', // the PixelCollider inspector section (contributions.inspector)
];

/** Builds every entry into `outdir` (default the extension's dist/). Deterministic output. */
export async function buildExtension(outdir = join(ext, 'dist')) {
  rmSync(outdir, { recursive: true, force: true });
  await esbuild.build({
    absWorkingDir: root,
    entryPoints: ENTRIES.map((e) => join(ext, 'source', e)),
    outdir,
    outbase: join(ext, 'source'),
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node16', // Creator 3.8's Electron
    external: ['electron'],
    sourcemap: false,
    legalComments: 'inline',
    logLevel: 'warning',
  });
  return outdir;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const out = await buildExtension(process.argv[2]);
  console.log(`built ${ENTRIES.length} file(s) into ${relative(root, out) || out}/`);
}
