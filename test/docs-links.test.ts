/**
 * The user docs hold together: every relative link and `#anchor` in README.md, README.zh-CN.md,
 * docs/api*.md and docs/development*.md resolves (the file exists; the anchor is a heading's slug by GitHub's rules,
 * Chinese headings and backticks included, or an explicit `<a id>`), and each README stays under
 * 500 lines (the API reference lives in docs/api.md and docs/api.zh-CN.md).
 */
import * as fs from 'fs';
import * as path from 'path';

const ROOT = path.join(__dirname, '..');
const CHECKED = ['README.md', 'README.zh-CN.md', 'docs/api.md', 'docs/api.zh-CN.md', 'docs/development.md', 'docs/development.zh-CN.md'];

/** Lines outside fenced code blocks (links and headings in code are not links and headings). */
function proseLines(text: string): string[] {
    const out: string[] = [];
    let fence: string | null = null;
    for (const line of text.split('\n')) {
        const m = /^\s*(```|~~~)/.exec(line);
        if (m) { fence = fence === null ? m[1] : fence === m[1] ? null : fence; out.push(''); continue; }
        out.push(fence === null ? line : '');
    }
    return out;
}

/**
 * GitHub's heading anchor (github-slugger, as github.com renders Markdown): the heading's text
 * (inline code keeps its content, links their text, emphasis markers go), lower-cased; every
 * character that is not a letter, mark, number, connector (`_`), hyphen or space is dropped
 * (so backticks, dots, parentheses, full-width Chinese punctuation); spaces become hyphens;
 * a repeated slug gets `-1`, `-2`, ...
 */
export function githubSlug(heading: string): string {
    const text = heading
        .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
        .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
        .replace(/<[^>]+>/g, '');
    return text.trim().toLowerCase().replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, '').replace(/ /g, '-');
}

function anchorsOf(file: string): Set<string> {
    const seen = new Map<string, number>();
    const out = new Set<string>();
    for (const line of proseLines(fs.readFileSync(file, 'utf8'))) {
        const h = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
        if (h) {
            const base = githubSlug(h[1]);
            const n = seen.get(base) ?? 0;
            seen.set(base, n + 1);
            out.add(n === 0 ? base : `${base}-${n}`);
        }
        for (const a of line.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) out.add(a[1]);
    }
    return out;
}

interface Link { line: number; target: string }
function linksOf(file: string): Link[] {
    const out: Link[] = [];
    proseLines(fs.readFileSync(file, 'utf8')).forEach((raw, i) => {
        const line = raw.replace(/`[^`]*`/g, '');
        for (const m of line.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) out.push({ line: i + 1, target: m[1] });
        const ref = /^\s*\[[^\]]+\]:\s*(\S+)/.exec(line);
        if (ref) out.push({ line: i + 1, target: ref[1] });
        for (const m of line.matchAll(/<(?:a|img)\s[^>]*(?:href|src)="([^"]+)"/g)) out.push({ line: i + 1, target: m[1] });
    });
    return out;
}

/** What is wrong with a link from `file`, or null. */
function problem(file: string, target: string): string | null {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) return null; // http:, https:, mailto:
    const hash = target.indexOf('#');
    const rel = decodeURIComponent(hash < 0 ? target : target.slice(0, hash));
    const anchor = hash < 0 ? null : decodeURIComponent(target.slice(hash + 1));
    const dest = rel === '' ? file : path.resolve(path.dirname(file), rel);
    if (!fs.existsSync(dest)) return `${target}: ${path.relative(ROOT, dest)} does not exist`;
    if (anchor === null) return null;
    if (!dest.endsWith('.md')) return `${target}: an anchor into a file that is not Markdown`;
    return anchorsOf(dest).has(anchor) ? null : `${target}: no heading or <a id> "${anchor}" in ${path.relative(ROOT, dest)}`;
}

describe('README and API reference links', () => {
    test('GitHub slugs: backticks, dots, parentheses and Chinese punctuation go; Chinese letters stay', () => {
        expect(githubSlug('`PixelCollider` properties')).toBe('pixelcollider-properties');
        expect(githubSlug('5. Bake masks (for native and mini-game builds)')).toBe('5-bake-masks-for-native-and-mini-game-builds');
        expect(githubSlug('`PixelCollider` 属性')).toBe('pixelcollider-属性');
        expect(githubSlug('烘焙位掩码（原生平台和小游戏）')).toBe('烘焙位掩码原生平台和小游戏');
        expect(githubSlug('Contacts and touching')).toBe('contacts-and-touching');
        expect(githubSlug('[Link](x.md) and **bold**')).toBe('link-and-bold');
    });

    test.each(CHECKED)('every relative link and anchor in %s resolves', (name) => {
        const file = path.join(ROOT, name);
        expect(fs.existsSync(file)).toBe(true);
        const links = linksOf(file);
        expect(links.length).toBeGreaterThan(0);
        const bad = links.map((l) => ({ l, p: problem(file, l.target) })).filter((x) => x.p).map((x) => `${name}:${x.l.line}: ${x.p}`);
        expect(bad).toEqual([]);
    });

    test.each(['README.md', 'README.zh-CN.md'])('%s is under 500 lines and links each API section in docs/api*.md', (name) => {
        const text = fs.readFileSync(path.join(ROOT, name), 'utf8');
        expect(text.split('\n').length).toBeLessThan(500);
        const api = name === 'README.md' ? 'docs/api.md' : 'docs/api.zh-CN.md';
        const sections = [...anchorsOf(path.join(ROOT, api))];
        const linked = new Set(linksOf(path.join(ROOT, name)).map((l) => l.target).filter((t) => t.startsWith(`${api}#`)).map((t) => t.slice(api.length + 1)));
        // Every second-level section of the reference is linked from the README.
        const top = proseLines(fs.readFileSync(path.join(ROOT, api), 'utf8')).filter((l) => /^##\s/.test(l)).map((l) => githubSlug(l.replace(/^##\s+/, '')));
        expect(top.length).toBeGreaterThan(0);
        expect(top.filter((s) => !linked.has(s))).toEqual([]);
        expect(sections.length).toBeGreaterThanOrEqual(top.length);
    });
});
