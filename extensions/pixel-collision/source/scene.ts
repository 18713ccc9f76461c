/**
 * Scene script of the pixel-collision extension (`contributions.scene.script`), run in Creator's
 * scene process, where the engine module `cc` can be required. Thin: the work is in
 * scene/preview.ts. main.ts calls these methods with
 * `Editor.Message.request('scene', 'execute-scene-script', { name: 'pixel-collision', method, args })`.
 */
import { join } from 'path';
import { ColliderPreview } from './scene/preview';
import type { CcApi, ColliderInfo } from './scene/preview';

let preview: ColliderPreview | null = null;

function get(): ColliderPreview {
    if (!preview) {
        // The engine module lives in the editor's node_modules (as Creator's own extensions do it).
        module.paths.push(join(Editor.App.path, 'node_modules'));
        // `module.require`, not `require`: a bundler must leave the engine to the scene process.
        preview = new ColliderPreview(module.require('cc') as CcApi);
    }
    return preview;
}

export function load(): void {}

export function unload(): void {
    if (preview) preview.hide();
    preview = null;
}

export const methods = {
    /** Outlines the PixelColliders of these nodes (the selection); returns how many. */
    showColliders(uuids: unknown): number {
        return get().show(Array.isArray(uuids) ? uuids : []);
    },
    hideColliders(): void {
        if (preview) preview.hide();
    },
    /** What the inspector shows for a node's PixelCollider (plain JSON). */
    colliderInfo(nodeUuid: unknown): ColliderInfo | null {
        return typeof nodeUuid === 'string' ? get().info(nodeUuid) : null;
    },
};
