// Creator 3.8's own runtime, stated once. The editor code of the extension (extensions/pixel-collision/
// source/, built into dist/) runs inside Cocos Creator 3.8, which is Electron 13.1.4
// (@cocos/creator-types/editor/electron.d.ts: "Type definitions for Electron 13.1.4"):
//   - the main process (package.json "main", the builder and its hooks, and the CLI, which a user
//     may run with the Node Creator ships) is Node 14.16.0;
//   - the panels, the inspector and the scene process are Chrome 91 (with Node 14.16's require).
// scripts/build-extension.mjs builds for these targets and refuses bundles that use what these
// runtimes lack (runtimeProblems); test/extension/node14.test.ts runs the main-process bundles under a real Node 14.16.0
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
 * Library calls the bundles must not make, as patterns over a bundle's text (esbuild lowers syntax to
 * the target, never library calls). Every bundle has Node 14.16's modules (the panels and the scene
 * process too, through Electron's require); the main process has Node 14.16's JavaScript, the others
 * Chrome 91's. So each entry says what lacks it; `mainOnly` marks calls Chrome 91 has. A false alarm
 * (the name in a string) is fixed by rewording the string.
 */
export const NEWER_THAN_CREATOR = [
    { re: /\brandomUUID\b/, what: 'crypto.randomUUID (Node 14.17, Chrome 92)' },
    { re: /\bstructuredClone\b/, what: 'structuredClone (Node 17, Chrome 98)' },
    { re: /\bObject\.hasOwn\b/, what: 'Object.hasOwn (Node 16.9, Chrome 93)' },
    { re: /\.at\(/, what: 'Array/String.prototype.at (Node 16.6, Chrome 92)' },
    { re: /\.findLast(Index)?\(/, what: 'Array.prototype.findLast (Node 18, Chrome 97)' },
    { re: /\.(toSorted|toReversed|toSpliced)\(/, what: 'Array.prototype.toSorted/toReversed/toSpliced (Node 20, Chrome 110)' },
    { re: /\bObject\.groupBy\b|\bMap\.groupBy\b/, what: 'Object.groupBy (Node 21, Chrome 117)' },
    { re: /\bcpSync\b/, what: 'fs.cpSync (Node 16.7)' },
    { re: /\.replaceAll\(/, what: 'String.prototype.replaceAll (Node 15)', mainOnly: true },
    { re: /\bAbortController\b/, what: 'AbortController (Node 15)', mainOnly: true },
    { re: /\bAggregateError\b|\bPromise\.any\b/, what: 'Promise.any / AggregateError (Node 15)', mainOnly: true },
];

/** `require("node:...")`: Node 14.16's require has no `node:` scheme (added in 14.18 / 16). */
export const NODE_SCHEME_REQUIRE = /\brequire\(\s*["']node:/;

/** Problems of one bundle's text for its runtime: [] when it fits. */
export function runtimeProblems(text, { main }) {
    const problems = [];
    if (NODE_SCHEME_REQUIRE.test(text)) problems.push('require("node:...") (Node 14.16 has no node: scheme in require)');
    for (const { re, what, mainOnly } of NEWER_THAN_CREATOR) if ((main || !mainOnly) && re.test(text)) problems.push(what);
    return problems;
}
