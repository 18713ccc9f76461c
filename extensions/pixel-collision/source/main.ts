/**
 * Editor-process entry of the pixel-collision extension (Creator 3.8, `package_version: 2`), built
 * to dist/main.js. Thin: the work is in editor/methods.ts (tested under jest with an Editor double).
 *
 * - menu Extension > Pixel Collision > Bake Masks -> message `bake-masks` -> `bakeMasks`;
 * - the inspector's Bake button -> message `bake-frames` -> `bakeFrames(frameUuids, thresholds)`;
 * - asset-db changes of images, atlases, scenes and prefabs -> `onAssetChanged`: a quiet re-bake;
 * - selection and node changes -> `showSelection`: the scene script (scene.ts) outlines the selected
 *   PixelColliders in the scene view.
 * - the Project Settings tab (settings/panel.ts) -> `get-settings` / `set-setting`: the project
 *   settings the bake reads, checked before they are saved.
 */
import { loadBaker } from './editor/baker';
import { createMethods } from './editor/methods';
import type { EditorApi } from './editor/methods';

const impl = createMethods(() => Editor as unknown as EditorApi, loadBaker);

/** Message handlers named by `contributions.messages` in package.json. */
export const methods = {
    bakeMasks: () => impl.bakeMasks(),
    bakeFrames: (frameUuids: unknown, thresholds?: unknown) => impl.bakeFrames(frameUuids, thresholds),
    onSelectionChanged: (type?: unknown) => impl.onSelectionChanged(type),
    onNodeChanged: (uuid?: unknown) => impl.onNodeChanged(uuid),
    onSceneReady: () => impl.showSelection(),
    onAssetChanged: (uuid?: unknown, info?: unknown) => impl.onAssetChanged(uuid, info),
    getSettings: () => impl.getSettings(),
    setSetting: (key: unknown, value: unknown) => impl.setSetting(key, value),
};

/** Called when the extension is enabled. */
export function load(): void {}

/** Called when the extension is disabled or the editor closes: stops re-baking, removes the scene view outlines. */
export function unload(): void {
    impl.dispose();
    void impl.hidePreview();
}
