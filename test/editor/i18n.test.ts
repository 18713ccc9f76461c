/**
 * English and Chinese: both i18n files have exactly the same keys (deep), the same `{placeholders}`
 * per string, Chinese text in every Chinese string, and every `i18n:pixel-collision.*` key the
 * extension uses (package.json, source/, the runtime's property names and tooltips) exists in both.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { getClassMetadata } from '../runtime/cc';
import { PixelCollider } from 'db://pixel-collision/runtime/index';
import { lookup, strings } from './editor-double';

const ext = join(__dirname, '../../extensions/pixel-collision');

function keys(obj: Record<string, unknown>, prefix = ''): string[] {
    return Object.keys(obj).flatMap((k) => {
        const v = obj[k];
        const key = prefix ? `${prefix}.${k}` : k;
        return v && typeof v === 'object' ? keys(v as Record<string, unknown>, key) : [key];
    }).sort();
}

function files(dir: string, ext: RegExp): string[] {
    return readdirSync(dir).flatMap((name) => {
        const p = join(dir, name);
        return statSync(p).isDirectory() ? files(p, ext) : ext.test(name) ? [p] : [];
    });
}

const en = strings('en'), zh = strings('zh');
const placeholders = (s: string) => (s.match(/\{\w+\}/g) ?? []).sort();

test('en.js and zh.js have exactly the same keys, all non-empty strings', () => {
    expect(keys(zh)).toEqual(keys(en));
    for (const k of keys(en)) {
        expect(typeof lookup(en, k)).toBe('string');
        expect(lookup(en, k)!.trim().length).toBeGreaterThan(0);
    }
});

test('each Chinese string is written for Chinese (CJK text or punctuation) and has the same placeholders as the English one', () => {
    for (const k of keys(en)) {
        const e = lookup(en, k)!, z = lookup(zh, k)!;
        expect([k, placeholders(z)]).toEqual([k, placeholders(e)]);
        expect([k, /[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]/.test(z)]).toEqual([k, true]);
    }
});

test('every i18n:pixel-collision.* key used in package.json, source/ and the runtime exists in both files', () => {
    const texts = [
        join(ext, 'package.json'),
        ...files(join(ext, 'source'), /\.ts$/),
        ...files(join(ext, 'assets/runtime'), /\.ts$/),
    ].map((f) => [f, readFileSync(f, 'utf8')] as const);
    const used = new Set<string>();
    for (const [, text] of texts) for (const m of text.matchAll(/i18n:pixel-collision\.([\w.-]+)/g)) used.add(m[1]);
    // Keys the editor code builds with tr(t, '...'): literal ones.
    for (const [, text] of texts) for (const m of text.matchAll(/\btr\(t, '([\w.-]+)'/g)) used.add(m[1]);
    expect(used.size).toBeGreaterThan(30);
    for (const k of used) {
        expect([k, typeof lookup(en, k)]).toEqual([k, 'string']);
        expect([k, typeof lookup(zh, k)]).toEqual([k, 'string']);
    }
});

test('every property of PixelCollider shown in the inspector has an i18n name and tooltip', () => {
    const props = getClassMetadata(PixelCollider)!.properties as Record<string, { tooltip?: string; displayName?: string }>;
    const shown = Object.keys(props).filter((p) => !p.startsWith('_'));
    expect(shown.length).toBeGreaterThanOrEqual(11);
    for (const p of shown) {
        expect(props[p].tooltip).toBe(`i18n:pixel-collision.collider.${p}.tooltip`);
        expect(props[p].displayName).toBe(`i18n:pixel-collision.collider.${p}.name`);
    }
});

test('the mask sources and reasons the runtime declares all have inspector words', () => {
    const src = readFileSync(join(ext, 'assets/runtime/PixelCollider.ts'), 'utf8');
    const literals = (type: string) => [...src.match(new RegExp(`export type ${type} = ([^;]+);`))![1].matchAll(/'([\w-]*)'/g)].map((m) => m[1]).filter((s) => s);
    const sources = literals('PixelMaskOrigin'), reasons = literals('PixelMaskReason');
    expect(sources).toContain('baked');
    expect(reasons).toContain('unreadable');
    for (const s of sources) expect(typeof lookup(en, `inspector.source.${s}`)).toBe('string');
    for (const r of reasons) expect(typeof lookup(en, `inspector.reason.${r}`)).toBe('string');
});
