/**
 * Editor-process entry of the pixel-collision extension (Creator 3.8, `package_version: 2`),
 * built to dist/main.js by `scripts/build-extension.mjs`.
 *
 * For now the extension only mounts its `assets/` folder (read-only, as db://pixel-collision;
 * see `contributions.asset-db` in package.json), which is all a project needs to use the scripts.
 * The editor features (inspector, gizmo, mask baking, menu) come in a later issue and will
 * register their message handlers here.
 */

/** Message handlers named by `contributions.messages` in package.json (none yet). */
export const methods: Record<string, (...args: unknown[]) => unknown> = {};

/** Called when the extension is enabled. */
export function load(): void {}

/** Called when the extension is disabled or the editor closes. */
export function unload(): void {}
