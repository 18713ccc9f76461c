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
// The bundles are built for Creator 3.8's own runtime (scripts/creator-runtime.mjs): the
// main-process entries for Node 14.16, the scene script and the inspector for Chrome 91. Sources
// may import `node:fs` and the like: the build turns them into plain `fs` (Node 14.16's require
// has no `node:` scheme), and fails when a bundle still asks for `node:` or calls a library
// function its runtime lacks (esbuild lowers syntax to the target, not calls).
//
// Type checking is separate: npx tsc -p extensions/pixel-collision/tsconfig.json
import { readFileSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { MAIN_TARGET, RENDERER_TARGET, runtimeProblems } from './creator-runtime.mjs';

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
  'settings/panel.ts', // the Project Settings tab (contributions.project.bake.custom)
];

/** The entries that run in Creator's main process (Node 14.16); the others run in Chrome 91. */
export const MAIN_PROCESS = new Set(['main.ts', 'cli.ts', 'builder.ts', 'hooks.ts']);

/** `node:fs` -> `fs`: Node's own modules under the names Node 14.16 knows. */
export const plainNodeBuiltins = {
  name: 'plain-node-builtins',
  setup(build) {
    build.onResolve({ filter: /^node:/ }, (args) => ({ path: args.path.slice('node:'.length), external: true }));
  },
};

/** Builds every entry into `outdir` (default the extension's dist/). Deterministic output. */
export async function buildExtension(outdir = join(ext, 'dist')) {
  rmSync(outdir, { recursive: true, force: true });
  const groups = [
    { entries: ENTRIES.filter((e) => MAIN_PROCESS.has(e)), target: MAIN_TARGET },
    { entries: ENTRIES.filter((e) => !MAIN_PROCESS.has(e)), target: RENDERER_TARGET },
  ];
  for (const { entries, target } of groups) {
    await esbuild.build({
      absWorkingDir: root,
      entryPoints: entries.map((e) => join(ext, 'source', e)),
      outdir,
      outbase: join(ext, 'source'),
      bundle: true,
      platform: 'node',
      format: 'cjs',
      target, // Creator 3.8's Electron 13.1.4: Node 14.16 (main process), Chrome 91 (panels, scene)
      external: ['electron'],
      plugins: [plainNodeBuiltins],
      sourcemap: false,
      legalComments: 'inline',
      logLevel: 'warning',
    });
  }
  const problems = ENTRIES.flatMap((e) => {
    const file = join(outdir, e.replace(/\.ts$/, '.js'));
    return runtimeProblems(readFileSync(file, 'utf8'), { main: MAIN_PROCESS.has(e) })
      .map((p) => `${relative(root, file)}: ${p}`);
  });
  if (problems.length) {
    throw new Error(`The editor bundles use what Creator 3.8's runtime (Node 14.16 / Chrome 91) lacks:\n  ${problems.join('\n  ')}\n`
      + 'Import plain Node modules and use only what Node 14.16 has (see scripts/creator-runtime.mjs).');
  }
  return outdir;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const out = await buildExtension(process.argv[2]);
  console.log(`built ${ENTRIES.length} file(s) into ${relative(root, out) || out}/`);
}
