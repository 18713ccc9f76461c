// Fails unless the shipped code (core/ and runtime/) is ES2015 code without BigInt.
//
// Cocos Creator's iOS native and mini-game builds can run on JavaScriptCore before iOS 14,
// which has no BigInt: a BigInt literal there is a syntax error that stops the whole script
// bundle from loading, and a BigInt(...) call throws. So:
//
//  (a) core/index.ts, and runtime/index.ts when it exists, are type-checked with the TypeScript
//      compiler API for target ES2015 with the ES2015 library only (the runtime also gets DOM,
//      which its web code names; see RUNTIME_LIBS), strict,
//      experimentalDecorators, skipLibCheck, noEmit; every diagnostic is listed. This catches
//      BigInt literals (TS2737), BigInt / BigInt64Array (TS2583), and any post-ES2015 library
//      call (Array.prototype.includes, Object.entries, String.prototype.padStart, ...).
//  (b) every .ts source under core/ and runtime/ is scanned, with the TypeScript scanner (so
//      comments and strings do not count: a comment saying "no BigInt" or "52n" is fine), for
//      bigint literals (`123n`, `0x1fn`), the identifiers BigInt, BigInt64Array, BigUint64Array,
//      the `bigint` type, and the string 'BigInt' (as in globalThis['BigInt']).
//
// Usage: node scripts/check-es2015.mjs
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = fileURLToPath(new URL('..', import.meta.url));
const assets = join(root, 'extensions/pixel-collision/assets');
const coreDir = join(assets, 'core');
const runtimeDir = join(assets, 'runtime');

/**
 * Libraries for the runtime: ES2015 plus DOM, because the runtime's web path names DOM types
 * (`document`, `CanvasRenderingContext2D`, `CanvasImageSource` in masks.ts) and `console` is
 * declared by the DOM library. The core gets ES2015 only (check-layers keeps the DOM out of it).
 */
const RUNTIME_LIBS = ['ES2015', 'DOM'];

const base = {
    target: 'ES2015',
    module: 'ESNext',
    moduleResolution: 'bundler',
    strict: true,
    experimentalDecorators: true,
    useDefineForClassFields: false,
    isolatedModules: true,
    skipLibCheck: true,
    noEmit: true,
};

const problems = [];
const reported = new Set();
const rel = (file) => relative(root, file);

function where(file, pos) {
    const { line, character } = file.getLineAndCharacterOfPosition(pos);
    return `${rel(file.fileName)}:${line + 1}:${character + 1}`;
}

/** (a) Type-check `entry` (plus `extraFiles`) with the given options; returns the diagnostics as text. */
function typeCheck(name, entry, options, extraFiles = []) {
    const { options: parsed, errors } = ts.convertCompilerOptionsFromJson(options, root);
    if (errors.length) throw new Error(ts.formatDiagnostics(errors, host()));
    const program = ts.createProgram({ rootNames: [entry, ...extraFiles], options: parsed });
    const diags = ts.getPreEmitDiagnostics(program);
    let fresh = 0;
    for (const d of diags) {
        const text = ts.flattenDiagnosticMessageText(d.messageText, '\n');
        const at = d.file && d.start !== undefined ? where(d.file, d.start) : '(options)';
        const key = `${at} TS${d.code}: ${text}`;
        if (reported.has(key)) continue; // the runtime's program includes the core: report those once
        reported.add(key);
        fresh++;
        problems.push(`[${name}, ES2015] ${key}`);
    }
    const files = program.getSourceFiles().filter((f) => !f.isDeclarationFile).length;
    console.log(`${name}: type-checked ${files} source files for ES2015 (lib ${options.lib.join(', ')}): ${diags.length} problem(s)${fresh < diags.length ? `, ${diags.length - fresh} of them already listed` : ''}`);
}

function host() {
    return { getCanonicalFileName: (f) => f, getCurrentDirectory: () => root, getNewLine: () => '\n' };
}

const BANNED_IDENTIFIERS = new Set(['BigInt', 'BigInt64Array', 'BigUint64Array']);

/** (b) BigInt anywhere in the code (not comments) of one file. */
function scanFile(path) {
    const text = readFileSync(path, 'utf8');
    const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
    const visit = (node) => {
        let what = null;
        if (node.kind === ts.SyntaxKind.BigIntLiteral) what = `bigint literal ${node.getText(file)}`;
        else if (node.kind === ts.SyntaxKind.BigIntKeyword) what = "the 'bigint' type";
        else if (ts.isIdentifier(node) && BANNED_IDENTIFIERS.has(node.text)) what = node.text;
        else if (ts.isStringLiteralLike(node) && BANNED_IDENTIFIERS.has(node.text)) what = `'${node.text}' (string)`;
        if (what) problems.push(`[BigInt] ${where(file, node.getStart(file))} ${what}: ${lineOf(text, file, node)}`);
        ts.forEachChild(node, visit);
    };
    visit(file);
}

function lineOf(text, file, node) {
    const { line } = file.getLineAndCharacterOfPosition(node.getStart(file));
    return text.split('\n')[line].trim();
}

function* walk(dir) {
    for (const name of readdirSync(dir).sort()) {
        const p = join(dir, name);
        if (statSync(p).isDirectory()) yield* walk(p);
        else if (p.endsWith('.ts')) yield p;
    }
}

// (a)
typeCheck('core', join(coreDir, 'index.ts'), { ...base, lib: ['ES2015'], types: [] });
const runtimeEntry = join(runtimeDir, 'index.ts');
if (existsSync(runtimeEntry)) {
    // 'cc/env' is typed by types/cc-env.d.ts (Creator generates it in a project; the package does not ship it).
    const envTypes = join(root, 'types/cc-env.d.ts');
    typeCheck('runtime', runtimeEntry, { ...base, lib: RUNTIME_LIBS, types: ['@cocos/creator-types/engine'] }, existsSync(envTypes) ? [envTypes] : []);
} else {
    console.log('runtime: no runtime/index.ts, not type-checked');
}

// (b)
let scanned = 0;
for (const dir of [coreDir, runtimeDir]) {
    if (!existsSync(dir)) continue;
    for (const file of walk(dir)) { scanFile(file); scanned++; }
}
console.log(`BigInt scan: ${scanned} .ts files under core/ and runtime/`);

if (problems.length) {
    console.error(`\nES2015 check failed (${problems.length} problem(s)); the core and the runtime must run on JavaScriptCore before iOS 14 (ES2015, no BigInt):\n${problems.join('\n')}`);
    process.exit(1);
}
console.log('ES2015 check: core/ and runtime/ compile for ES2015 and use no BigInt');
