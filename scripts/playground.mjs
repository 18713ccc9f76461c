// `npm start`: serves the browser playground (playground/) at http://localhost:8080 (or $PORT),
// rebuilding playground/main.ts with esbuild whenever a source file changes (the page reloads).
//
//   node scripts/playground.mjs           serve + watch
//   node scripts/playground.mjs --build   build playground/dist/ once and exit (for browser tests)
//
// On a fresh clone it runs `npm ci` first (when node_modules/esbuild is missing).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const buildOnce = process.argv.includes('--build');
const port = Number(process.env.PORT || 8080);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`PORT must be a port number, got "${process.env.PORT}".`);
  process.exit(1);
}

if (!existsSync(join(root, 'node_modules/esbuild'))) {
  console.log('node_modules/esbuild is missing: running `npm ci` first.');
  // npm is a .cmd on Windows, which only runs through a shell.
  const npm = (...args) => spawnSync('npm', [...args, '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' }).status;
  // `npm ci` refuses a lock file it finds out of sync (e.g. one missing other platforms' optional
  // packages); `npm install` then still gets the playground running.
  if (npm('ci') !== 0) {
    console.log('`npm ci` failed (see above); trying `npm install`.');
    if (npm('install') !== 0) {
      console.error('`npm install` failed too (see above). Fix that, then run `npm start` again.');
      process.exit(1);
    }
  }
}
const esbuild = await import('esbuild');

/** @type {import('esbuild').BuildOptions} */
const options = {
  entryPoints: [join(root, 'playground/main.ts'), join(root, 'playground/world.ts')],
  outdir: join(root, 'playground/dist'),
  bundle: true,
  format: 'esm',
  target: 'es2020',
  sourcemap: true,
  logLevel: 'warning',
  define: { __LIVE_RELOAD__: String(!buildOnce) },
};

if (buildOnce) {
  await esbuild.build(options);
  console.log('built playground/dist/main.js and world.js');
} else {
  const ctx = await esbuild.context(options);
  await ctx.watch();
  let served;
  try {
    served = await ctx.serve({ servedir: join(root, 'playground'), port });
  } catch (e) {
    await ctx.dispose();
    console.error(`Could not serve on port ${port}: ${e instanceof Error ? e.message : e}\nIs another server using it? Try PORT=${port + 1} npm start`);
    process.exit(1);
  }
  console.log(`pixel-collision playground: http://localhost:${served.port}/  (rebuilds on save; Ctrl+C stops)`);
  const stop = async () => {
    await ctx.dispose();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
