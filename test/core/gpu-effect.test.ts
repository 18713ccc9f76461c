/**
 * effects/pixel-collide.effect: generated from core/gpu/shader.ts by scripts/gen-effect.mjs (one
 * shader source). Fails when the committed effect is out of date, and checks its structure
 * without a YAML dependency: the CCEffect block parses as the YAML subset Creator's effects use
 * here (2-space indentation, maps, lists of maps, scalars), the pass names CCProgram blocks that
 * exist and define the entry functions, the render state is the one the device uses, and the
 * programs hold the shader bodies of shader.ts verbatim. The .meta is an effect importer's.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
    GFX_ATTRIBUTES, GFX_VERTEX_FLOATS, PAIR_FRAGMENT_BODY, PAIR_FRAGMENT_BODY_100, PAIR_GFX_VERTEX_BODY, PAIR_GFX_VERTEX_BODY_100,
} from '../../extensions/pixel-collision/assets/core/gpu/shader';

const root = join(__dirname, '..', '..');
const effectPath = join(root, 'extensions/pixel-collision/assets/effects/pixel-collide.effect');
const text = readFileSync(effectPath, 'utf8');

type Yaml = string | Yaml[] | { [k: string]: Yaml };

/**
 * Parses the YAML subset of the effect: `key: value`, `key:` + indented block, `- key: value`
 * list items (maps), 2-space indentation, no tabs, no flow collections. Throws on anything else.
 */
function parseYaml(src: string): Yaml {
    const lines = src.split('\n').map((raw, i) => ({ raw, n: i + 1 })).filter((l) => l.raw.trim() !== '' && !l.raw.trim().startsWith('#'));
    for (const l of lines) {
        if (/\t/.test(l.raw)) throw new Error(`line ${l.n}: tab`);
        const ind = l.raw.length - l.raw.trimStart().length;
        if (ind % 2 !== 0) throw new Error(`line ${l.n}: indentation ${ind} is not a multiple of 2`);
    }
    let p = 0;
    const indentOf = (k: number) => lines[k].raw.length - lines[k].raw.trimStart().length;
    function block(ind: number): Yaml {
        if (lines[p].raw.trimStart().startsWith('- ')) return list(ind);
        return map(ind);
    }
    function scalar(v: string, n: number): string {
        if (/^[[{]/.test(v)) throw new Error(`line ${n}: flow collections are not in the subset`);
        return v;
    }
    /** `key: value` or `key:` + its block: a map at keyCol + 2, or a list at keyCol or keyCol + 2. */
    function entry(out: Record<string, Yaml>, body: string, n: number, keyCol: number): void {
        const m = /^([A-Za-z_][\w-]*):(?:\s+(.*))?$/.exec(body);
        if (!m) throw new Error(`line ${n}: not "key: value": ${body}`);
        if (m[1] in out) throw new Error(`line ${n}: duplicate key ${m[1]}`);
        if (m[2] !== undefined && m[2] !== '') { out[m[1]] = scalar(m[2], n); return; }
        const isItem = p < lines.length && lines[p].raw.trimStart().startsWith('- ');
        if (p < lines.length && isItem && indentOf(p) === keyCol) { out[m[1]] = list(keyCol); return; }
        if (p >= lines.length || indentOf(p) <= keyCol) throw new Error(`line ${n}: "${m[1]}:" has no block`);
        if (indentOf(p) !== keyCol + 2) throw new Error(`line ${lines[p].n}: expected indentation ${keyCol + 2}`);
        out[m[1]] = block(keyCol + 2);
    }
    function map(ind: number): Yaml {
        const out: Record<string, Yaml> = {};
        while (p < lines.length && indentOf(p) === ind && !lines[p].raw.trimStart().startsWith('- ')) {
            const { raw, n } = lines[p++];
            entry(out, raw.trim(), n, ind);
        }
        if (p < lines.length && indentOf(p) > ind) throw new Error(`line ${lines[p].n}: unexpected indentation`);
        return out;
    }
    function list(ind: number): Yaml {
        const out: Yaml[] = [];
        while (p < lines.length && indentOf(p) === ind && lines[p].raw.trimStart().startsWith('- ')) {
            const { raw, n } = lines[p++];
            const item: Record<string, Yaml> = {};
            entry(item, raw.trim().slice(2), n, ind + 2);
            // Further keys of the item line up with the first key (ind + 2).
            while (p < lines.length && indentOf(p) === ind + 2 && !lines[p].raw.trimStart().startsWith('- ')) {
                const next = lines[p++];
                entry(item, next.raw.trim(), next.n, ind + 2);
            }
            out.push(item);
        }
        return out;
    }
    const doc = block(indentOf(0));
    if (p !== lines.length) throw new Error(`line ${lines[p].n}: not parsed`);
    return doc;
}

function blocks(): { effect: string; programs: Map<string, string> } {
    const effect = /^CCEffect %\{\n([\s\S]*?)\n\}%$/m.exec(text);
    if (!effect) throw new Error('no CCEffect %{ ... }% block');
    const programs = new Map<string, string>();
    for (const m of text.matchAll(/^CCProgram ([\w-]+) %\{\n([\s\S]*?)\n\}%$/gm)) {
        if (programs.has(m[1])) throw new Error(`CCProgram ${m[1]} twice`);
        programs.set(m[1], m[2]);
    }
    return { effect: effect[1], programs };
}

describe('effects/pixel-collide.effect', () => {
    test('is what scripts/gen-effect.mjs writes from shader.ts (run it after changing the shader)', () => {
        const out = execFileSync(process.execPath, [join(root, 'scripts/gen-effect.mjs'), '--check'], { encoding: 'utf8' });
        expect(out).toMatch(/up to date/);
    });

    test('CCEffect parses (YAML subset) and its pass names CCProgram blocks that define the entry functions', () => {
        const { effect, programs } = blocks();
        const doc = parseYaml(effect) as { techniques: Array<{ name: string; passes: Array<Record<string, any>> }> };
        expect(doc.techniques).toHaveLength(1);
        expect(doc.techniques[0].name).toBe('pixel-collide');
        const pass = doc.techniques[0].passes[0];
        expect(doc.techniques[0].passes).toHaveLength(1);
        for (const [stage, fn] of [['vert', 'vert'], ['frag', 'frag']] as const) {
            const [prog, entry] = String(pass[stage]).split(':');
            expect(entry).toBe(fn);
            expect(programs.has(prog)).toBe(true);
            expect(programs.get(prog)).toMatch(new RegExp(`vec4 ${fn} \\(\\) \\{`));
        }
        expect(pass.rasterizerState).toEqual({ cullMode: 'none' });
        expect(pass.depthStencilState).toEqual({ depthTest: 'false', depthWrite: 'false' });
        expect(pass.blendState).toEqual({ targets: [{ blend: 'false' }] });
        expect([...programs.keys()].sort()).toEqual(['pixel-collide-fs', 'pixel-collide-vs']);
    });

    test('the parser rejects what it does not understand (so the check means something)', () => {
        expect(() => parseYaml('a:\n   b: 1')).toThrow(/multiple of 2/);
        expect(() => parseYaml('a:\n\tb: 1')).toThrow(/tab/);
        expect(() => parseYaml('a: 1\na: 2')).toThrow(/duplicate/);
        expect(() => parseYaml('a:\nb: 1')).toThrow(/no block/);
        expect(parseYaml('t:\n- x: 1\n  y:\n    z: 2\n  l:\n  - q: 4\n- x: 3')).toEqual({ t: [{ x: '1', y: { z: '2' }, l: [{ q: '4' }] }, { x: '3' }] });
    });

    test('the programs hold shader.ts\'s bodies verbatim (indented): GLSL ES 3.00 and a real GLSL ES 1.00 form, no #version, balanced', () => {
        const { programs } = blocks();
        const vs = programs.get('pixel-collide-vs')!, fs = programs.get('pixel-collide-fs')!;
        const dedent = (s: string) => s.split('\n').map((l) => l.replace(/^ {2}/, '')).join('\n');
        expect(dedent(vs)).toContain(PAIR_GFX_VERTEX_BODY.trimEnd());
        expect(dedent(vs)).toContain(PAIR_GFX_VERTEX_BODY_100.trimEnd());
        expect(dedent(fs)).toContain(PAIR_FRAGMENT_BODY.trimEnd());
        expect(dedent(fs)).toContain(PAIR_FRAGMENT_BODY_100.trimEnd());
        for (const p of [vs, fs]) {
            expect(p).not.toMatch(/#version/);
            expect(p).toMatch(/^ {2}precision highp float;/);
            expect(p).toMatch(/#if __VERSION__ >= 300/);
            expect((p.match(/#if\b/g) ?? []).length).toBe((p.match(/#endif\b/g) ?? []).length);
            expect((p.match(/\{/g) ?? []).length).toBe((p.match(/\}/g) ?? []).length);
            for (const line of p.split('\n')) if (line.trim()) expect(line).toMatch(/^ {2}/);
        }
        // Uniforms outside samplers live in a block (Creator's rule), std140 without padding, in both stages.
        for (const p of [vs, fs]) expect(p).toMatch(/uniform PixelCollidePage \{\n\s+vec4 uPage;\n\s+vec4 uAtlasSize;\n\s+\};/);
        expect(vs).not.toMatch(/^\s*uniform vec/m);
        expect(fs).toMatch(/uniform sampler2D uAtlas;/);
        // The header says who draws it and how.
        const header = text.slice(0, text.indexOf('CCEffect'));
        expect(header.split('\n').filter((l) => l.trim()).every((l) => l.startsWith('//'))).toBe(true);
        for (const word of ['GENERATED', 'gpu-gfx-device.ts', 'texelFetch', 'texture2D', 'WebGL1', 'highp']) expect(header).toContain(word);
    });

    test('the GLSL ES 1.00 bodies use nothing WebGL1 lacks, and read the same attributes, block and sampler', () => {
        // What WebGL1 forbids (the features an effect compiler checks for a glsl1 form).
        const forbidden = [/texelFetch/, /textureSize/, /gl_VertexID/, /gl_InstanceID/, /\bflat\b/, /\b[iu]vec[234]\b/, /\buint\b/,
            /%|<<|>>|&|\||\^|~/, /\bround\(/, /\bswitch\b/];
        for (const body of [PAIR_GFX_VERTEX_BODY_100, PAIR_FRAGMENT_BODY_100]) {
            const code = body.replace(/\/\/.*$/gm, '').replace(/&&|\|\|/g, ' ');
            for (const f of forbidden) expect({ feature: String(f), found: f.test(code) }).toEqual({ feature: String(f), found: false });
        }
        // The texel is decided from gl_FragCoord through the map (no interpolated uv), read at its centre.
        expect(PAIR_FRAGMENT_BODY_100).toMatch(/gl_FragCoord/);
        expect(PAIR_FRAGMENT_BODY_100).toMatch(/texture2D\(uAtlas, \(r\.xy \+ ij \+ 0\.5\) \* uAtlasSize\.zw\)/);
        // Both vertex forms declare the same attributes, in the engine-gfx layout's order.
        const attrs = (b: string) => [...b.matchAll(/^in vec4 (\w+);/gm)].map((m) => m[1]);
        expect(attrs(PAIR_GFX_VERTEX_BODY)).toEqual([...GFX_ATTRIBUTES]);
        expect(attrs(PAIR_GFX_VERTEX_BODY_100)).toEqual([...GFX_ATTRIBUTES]);
        expect(GFX_ATTRIBUTES.length * 4).toBe(GFX_VERTEX_FLOATS);
    });

    test('its .meta is an effect importer\'s, with a uuid', () => {
        const meta = JSON.parse(readFileSync(effectPath + '.meta', 'utf8'));
        expect(meta).toMatchObject({ ver: '1.7.1', importer: 'effect', imported: true, files: ['.json'], subMetas: {}, userData: {} });
        expect(meta.uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    });
});
