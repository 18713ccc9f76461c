// Creator 3.8's own runtime, stated once. The editor code of the extension (extensions/pixel-collision/
// source/, built into dist/) runs inside Cocos Creator 3.8, which is Electron 13.1.4
// (@cocos/creator-types/editor/electron.d.ts: "Type definitions for Electron 13.1.4"):
//   - the main process (package.json "main", the builder and its hooks, and the CLI, which a user
//     may run with the Node Creator ships) is Node 14.16.0;
//   - the panels, the inspector and the scene process are Chrome 91 (with Node 14.16's require).
// scripts/build-extension.mjs builds for these targets and refuses bundles that use what these
// runtimes lack; test/extension/node14.test.ts runs the main-process bundles under a real Node 14.16.0
// (scripts/node14.mjs fetches it from the npm registry).

export const CREATOR_RUNTIME = Object.freeze({
    creator: '3.8',
    electron: '13.1.4',
    node: '14.16.0',
    chrome: '91',
});

/** esbuild target of the main-process bundles (main, hooks, builder, cli). */
export const MAIN_TARGET = `node${CREATOR_RUNTIME.node.split('.').slice(0, 2).join('.')}`; // node14.16
/** esbuild target of the panel, inspector and scene-script bundles. */
export const RENDERER_TARGET = `chrome${CREATOR_RUNTIME.chrome}`; // chrome91

/**
 * Library calls the main-process bundles must not make: Node 14.16 lacks them (esbuild lowers syntax
 * to the target, never library calls). Each is a pattern over the bundle's text and the Node version
 * that added it. A false alarm (the name in a string) is fixed by rewording the string.
 */
export const NEWER_THAN_NODE_14_16 = [
    [/\brandomUUID\b/, 'crypto.randomUUID (Node 14.17)'],
    [/\bstructuredClone\b/, 'structuredClone (Node 17)'],
    [/\bObject\.hasOwn\b/, 'Object.hasOwn (Node 16.9)'],
    [/\.at\(/, 'Array/String.prototype.at (Node 16.6)'],
    [/\.replaceAll\(/, 'String.prototype.replaceAll (Node 15)'],
    [/\.findLast(Index)?\(/, 'Array.prototype.findLast (Node 18)'],
    [/\.(toSorted|toReversed|toSpliced)\(/, 'Array.prototype.toSorted/toReversed/toSpliced (Node 20)'],
    [/\bcpSync\b/, 'fs.cpSync (Node 16.7)'],
    [/\bAbortController\b/, 'AbortController (Node 15)'],
    [/\bAggregateError\b|\bPromise\.any\b/, 'Promise.any / AggregateError (Node 15)'],
    [/\bObject\.groupBy\b|\bMap\.groupBy\b/, 'Object.groupBy (Node 21)'],
];

/** `require("node:...")`: Node 14.16's require has no `node:` scheme (added in 14.18 / 16). */
export const NODE_SCHEME_REQUIRE = /\brequire\(\s*["']node:/;

/** Problems of one bundle's text for its runtime: [] when it fits. */
export function runtimeProblems(text, { main }) {
    const problems = [];
    if (NODE_SCHEME_REQUIRE.test(text)) problems.push('require("node:...") (Node 14.16 has no node: scheme in require)');
    if (main) for (const [re, what] of NEWER_THAN_NODE_14_16) if (re.test(text)) problems.push(what);
    return problems;
}
