// npm run pack: extensions/pixel-collision/ -> pixel-collision.zip, the file Creator's Extension
// Manager imports (Extension > Extension Manager > Project > +). As Creator's docs ask, the zip
// holds the extension's files at its root (package.json, dist/, i18n/, assets/, ...), not a folder,
// and is named after the extension's folder, which is also its package name ("pixel-collision"):
// Creator unpacks it into <project>/extensions/pixel-collision/. The version is the one inside
// package.json, not in the file name, so every release unpacks into the same folder.
//
// The editor code is rebuilt first (scripts/build-extension.mjs). Everything in the extension
// folder goes in except what only building it needs (source/, tsconfig.json) and hidden files.
// Entries are sorted and dated 2026-01-01, so the same files give the same zip.
import { createWriteStream, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import yazl from 'yazl';
import { buildExtension } from './build-extension.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
export const EXTENSION = join(root, 'extensions/pixel-collision');
/** Top-level names of the extension folder left out of the zip. */
const LEAVE_OUT = new Set(['source', 'tsconfig.json', 'node_modules']);
const DATE = new Date(Date.UTC(2026, 0, 1));

/** The extension's files to ship, relative to its folder (forward slashes, sorted). */
export function packFiles(dir = EXTENSION) {
  const out = [];
  const visit = (abs) => {
    for (const name of readdirSync(abs).sort()) {
      if (name.startsWith('.')) continue;
      const p = join(abs, name);
      const rel = relative(dir, p).split(sep).join('/');
      if (!rel.includes('/') && LEAVE_OUT.has(rel)) continue;
      if (statSync(p).isDirectory()) visit(p);
      else out.push(rel);
    }
  };
  visit(dir);
  return out;
}

/** `<folder>.zip`; the folder's name must be the package name (Creator loads an extension by it). */
export function zipName(dir = EXTENSION) {
  const { name } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  if (name !== basename(dir)) {
    throw new Error(`The extension's package name "${name}" is not its folder's name "${basename(dir)}": Creator needs them equal. Rename one of them.`);
  }
  return `${name}.zip`;
}

/** Writes the zip into `outDir` (default the repo root); resolves to its path. */
export async function pack(outDir = root, { build = true } = {}) {
  if (build) await buildExtension();
  const file = join(outDir, zipName());
  const zip = new yazl.ZipFile();
  for (const rel of packFiles()) {
    const mode = rel === 'dist/cli.js' ? 0o100755 : 0o100644;
    zip.addBuffer(readFileSync(join(EXTENSION, rel)), rel, { mtime: DATE, mode });
  }
  zip.end();
  await new Promise((resolve, reject) => {
    zip.outputStream.pipe(createWriteStream(file)).on('close', resolve).on('error', reject);
  });
  return file;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const file = await pack();
  console.log(`wrote ${relative(process.cwd(), file) || file} (${packFiles().length} files)`);
}
