// Writes the Cocos Creator `.meta` file of every asset that lacks one, under the two asset roots:
//   extensions/pixel-collision/assets/   (mounted read-only as db://pixel-collision: Creator cannot
//                                          write metas there, so they must be committed)
//   assets/                               (the demo project)
// An existing .meta is never changed (its uuid is what scenes and prefabs refer to). Run it after
// adding a file or folder, and commit the .meta files it writes: node scripts/gen-meta.mjs
//
// Skipped, as Creator's asset database skips them: names starting with "." and the .meta files
// themselves. Folders with nothing to import (empty, or only hidden files) get no meta until they
// have content: git does not keep empty folders, so their meta would be orphaned in a clone.
// Files of a type with no template below are reported: import them in Creator once (with a
// writable copy of the folder) and commit the .meta it writes.
import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { extname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const ROOTS = ['extensions/pixel-collision/assets', 'assets'];

/** Meta templates of Creator 3.8 (uuid filled in per asset), by file extension. */
const TEMPLATES = {
  '/': { ver: '1.2.0', importer: 'directory', files: [] },
  '.ts': { ver: '4.0.24', importer: 'typescript', files: [] },
  '.effect': { ver: '1.7.1', importer: 'effect', files: ['.json'] },
  '.json': { ver: '2.0.1', importer: 'json', files: ['.json'] },
};

function meta(template) {
  return { ver: template.ver, importer: template.importer, imported: true, uuid: randomUUID(), files: template.files, subMetas: {}, userData: {} };
}

const hidden = (name) => name.startsWith('.');

/** True when `dir` holds at least one importable file, at any depth. */
function hasContent(dir) {
  for (const name of readdirSync(dir)) {
    if (hidden(name) || name.endsWith('.meta')) continue;
    const p = join(dir, name);
    if (!statSync(p).isDirectory() || hasContent(p)) return true;
  }
  return false;
}

const written = [];
const unknown = [];

function visit(dir) {
  for (const name of readdirSync(dir).sort()) {
    if (hidden(name) || name.endsWith('.meta')) continue;
    const p = join(dir, name);
    const isDir = statSync(p).isDirectory();
    if (isDir && !hasContent(p)) continue;
    const metaPath = `${p}.meta`;
    if (!existsSync(metaPath)) {
      const template = TEMPLATES[isDir ? '/' : extname(name)];
      if (template) {
        writeFileSync(metaPath, JSON.stringify(meta(template), null, 2) + '\n');
        written.push(relative(root, metaPath));
      } else {
        unknown.push(relative(root, p));
      }
    }
    if (isDir) visit(p);
  }
}

for (const r of ROOTS) {
  const dir = join(root, r);
  if (existsSync(dir)) visit(dir);
}

for (const w of written) console.log(`wrote ${w}`);
console.log(written.length ? `${written.length} .meta file(s) written; commit them.` : 'every asset has its .meta.');
if (unknown.length) {
  console.warn(`no .meta template for these (import them in Creator once and commit the .meta it writes):\n  ${unknown.join('\n  ')}`);
}
