/**
 * One Chinese term per concept: the glossary table of docs/editor.md ("Chinese terms") is the rule.
 * Where an English string of i18n/en.js uses a term, the Chinese string of the same key uses its
 * Chinese term; i18n/zh.js and README.zh-CN.md use none of the rejected words (遮罩 only where it
 * names Creator's `Mask` component).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { lookup, strings } from './editor-double';

const root = join(__dirname, '../..');

interface Term { en: string; zh: string; not: string[] }

/** The rows of the glossary table under "## Chinese terms" in docs/editor.md. */
function glossary(): Term[] {
    const doc = readFileSync(join(root, 'docs/editor.md'), 'utf8');
    const section = doc.split(/^## /m).find((s) => s.startsWith('Chinese terms'));
    if (!section) throw new Error('docs/editor.md has no "## Chinese terms" section');
    return section.split('\n')
        .filter((l) => l.startsWith('| ') && !l.startsWith('| English') && !l.startsWith('| ---'))
        .map((l) => l.split('|').slice(1, -1).map((c) => c.trim()))
        .map(([en, zh, not]) => ({ en, zh, not: not ? not.split(/,\s*/) : [] }));
}

function keys(obj: Record<string, unknown>, prefix = ''): string[] {
    return Object.keys(obj).flatMap((k) => {
        const v = obj[k];
        const key = prefix ? `${prefix}.${k}` : k;
        return v && typeof v === 'object' ? keys(v as Record<string, unknown>, key) : [key];
    });
}

/**
 * The English term as a word (plural and -ed / -ing forms of bake too), not inside a path or a name
 * (`pixel-masks.ts`); "content box" is its own term (内容框) and BOX, in capitals, the enum's name.
 */
function englishWord(term: string): RegExp {
    if (term === 'bake') return /(?<![-/.\w])bak(e|es|ed|ing)(?![-/\w]|\.\w)/i;
    if (term === 'box') return /(?<!content |bounding )(?<![-/.\w])[Bb]ox(es)?(?![-/\w]|\.\w)/;
    return new RegExp(`(?<![-/.\\w])${term.replace(/ /g, '\\s+')}s?(?![-/\\w]|\\.\\w)`, 'i');
}

const terms = glossary();
const en = strings('en'), zh = strings('zh');

test('the glossary names the terms the issue lists, each with one Chinese term', () => {
    expect(terms.map((t) => t.en)).toEqual(['mask', 'texel', 'box', 'bounding box', 'bake', 'threshold', 'collider', 'sprite frame']);
    expect(Object.fromEntries(terms.map((t) => [t.en, t.zh]))).toMatchObject({ mask: '位掩码', texel: '纹素', box: '矩形', 'bounding box': '包围盒', bake: '烘焙', threshold: '阈值' });
});

test.each(terms.map((t) => [t.en, t] as const))('zh.js says "%s" with its Chinese term wherever en.js uses it', (_, term) => {
    const re = englishWord(term.en);
    const used = keys(en).filter((k) => re.test(lookup(en, k)!));
    if (term.en !== 'bounding box') expect(used.length).toBeGreaterThan(0); // the rule is exercised
    for (const k of used) expect([k, lookup(zh, k)!.includes(term.zh)]).toEqual([k, true]);
});

test('zh.js, README.zh-CN.md and its API reference use none of the rejected words (遮罩 only for Creator\'s Mask component)', () => {
    const rejected = terms.flatMap((t) => t.not);
    expect(rejected).toEqual(expect.arrayContaining(['遮罩', '盒子', '盒形']));
    const texts = {
        'i18n/zh.js': readFileSync(join(root, 'extensions/pixel-collision/i18n/zh.js'), 'utf8'),
        'README.zh-CN.md': readFileSync(join(root, 'README.zh-CN.md'), 'utf8'),
        'docs/api.zh-CN.md': readFileSync(join(root, 'docs/api.zh-CN.md'), 'utf8'),
        'docs/development.zh-CN.md': readFileSync(join(root, 'docs/development.zh-CN.md'), 'utf8'),
    };
    for (const [name, text] of Object.entries(texts)) {
        text.split('\n').forEach((line, i) => {
            for (const word of rejected) {
                // The Mask component may be called 遮罩 when the line names it (`Mask`).
                const allowed = word === '遮罩' && /`Mask`|cc\.Mask/.test(line);
                if (!allowed) expect([name, i + 1, word, line.includes(word)]).toEqual([name, i + 1, word, false]);
            }
        });
    }
});

test('the texel is 纹素 in the inspector words (not 像素), as in the definition of the API reference', () => {
    for (const k of ['inspector.count_label', 'inspector.size_value', 'inspector.picture_tip', 'collider.alphaThreshold.tooltip']) {
        expect([k, lookup(zh, k)!.includes('像素')]).toEqual([k, false]);
    }
    expect(readFileSync(join(root, 'docs/api.zh-CN.md'), 'utf8')).toContain('位掩码是一个纹素网格');
});
