#!/usr/bin/env node
/** Reads the screenshot entry's output on stdin and writes docs/demo-<scene>.png. */
import { writeFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
let text = '';
process.stdin.on('data', (d) => { text += d; });
process.stdin.on('end', () => {
    const parts = {};
    for (const line of text.split('\n')) {
        const m = /SHOT (\S+) (\d+)\/(\d+) (\S+)/.exec(line);
        if (!m) continue;
        (parts[m[1]] ??= [])[Number(m[2]) - 1] = m[4];
    }
    for (const [name, chunks] of Object.entries(parts)) {
        const url = chunks.join('');
        const out = join(root, 'docs', `demo-${name}.png`);
        writeFileSync(out, Buffer.from(url.slice(url.indexOf(',') + 1), 'base64'));
        console.log(`wrote ${out}`);
    }
});
