import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

/**
 * The build's check of the editor bundles against Creator 3.8's runtime (scripts/creator-runtime.mjs,
 * used by scripts/build-extension.mjs): a bundle that requires `node:...` or calls what its runtime
 * lacks (Node 14.16 in the main process; Chrome 91 and Node 14.16's modules in the others) is refused,
 * each problem named; clean code passes.
 */
const root = join(__dirname, '../..');

function check(cases: Record<string, { text: string; main: boolean }>): Record<string, string[]> {
    const script = `
        import { runtimeProblems, CREATOR_RUNTIME, MAIN_TARGET, RENDERER_TARGET } from ${JSON.stringify(join(root, 'scripts/creator-runtime.mjs'))};
        const cases = ${JSON.stringify(cases)};
        const out = { targets: [CREATOR_RUNTIME.electron, CREATOR_RUNTIME.node, CREATOR_RUNTIME.chrome, MAIN_TARGET, RENDERER_TARGET] };
        for (const [k, c] of Object.entries(cases)) out[k] = runtimeProblems(c.text, { main: c.main });
        console.log(JSON.stringify(out));`;
    return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: root, encoding: 'utf8' }));
}

test('the targets: Electron 13.1.4, Node 14.16.0 (node14.16), Chrome 91 (chrome91)', () => {
    expect(check({}).targets).toEqual(['13.1.4', '14.16.0', '91', 'node14.16', 'chrome91']);
});

test.each([
    ['require("node:fs") in the main process', 'var fs = require("node:fs");', true, /node: scheme/],
    ['require("node:path") in the scene script', 'var p = require("node:path");', false, /node: scheme/],
    ['crypto.randomUUID', 'uuid: (0, import_crypto.randomUUID)()', true, /randomUUID \(Node 14\.17/],
    ['structuredClone', 'const c = structuredClone(o);', true, /structuredClone/],
    ['Object.hasOwn', 'if (Object.hasOwn(o, k)) {}', true, /Object\.hasOwn/],
    ['Array.prototype.at', 'const last = list.at(-1);', true, /prototype\.at \(Node 16\.6/],
    ['String.prototype.replaceAll', 's.replaceAll("\\\\", "/")', true, /replaceAll \(Node 15/],
    ['Array.prototype.findLast', 'list.findLast((x) => x)', true, /findLast \(Node 18/],
    ['fs.cpSync', 'fs.cpSync(a, b, { recursive: true })', true, /cpSync/],
    ['AbortController', 'const ac = new AbortController();', true, /AbortController/],
])('refused: %s', (_name, text, main, what) => {
    const got = check({ x: { text, main } }).x;
    expect(got).toHaveLength(1);
    expect(got[0]).toMatch(what);
});

test.each([
    ['Array.prototype.at', 'const last = list.at(-1);', /Chrome 92/],
    ['Object.hasOwn', 'Object.hasOwn(o, k)', /Chrome 93/],
    ['fs.cpSync', 'require("fs").cpSync(a, b)', /cpSync/],
])('refused in the Chrome 91 bundles too: %s', (_name, text, what) => {
    const got = check({ x: { text, main: false } }).x;
    expect(got).toHaveLength(1);
    expect(got[0]).toMatch(what);
});

test('passes: plain requires and lowered syntax; in the Chrome 91 bundles, calls Chrome 91 has (replaceAll, AbortController)', () => {
    const got = check({
        main: { text: 'var fs = require("fs"); var p = require("path"); var a = (_a = o.x) != null ? _a : o.x = {}; list[list.length - 1];', main: true },
        renderer: { text: 's.replaceAll("a", "b"); const ac = new AbortController();', main: false },
    });
    expect({ main: got.main, renderer: got.renderer }).toEqual({ main: [], renderer: [] });
});
