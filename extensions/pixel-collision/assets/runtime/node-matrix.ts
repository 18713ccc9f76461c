/**
 * A node's world matrix, read the same way in both Cocos engines without allocating.
 *
 * The web engine's `node.worldMatrix` brings the world transform up to date and returns the
 * node's own matrix (no copy). The native engine's (`node.jsb.ts`) is a getter that calls
 * `getWorldMatrix()` with no `out`: a new `Mat4` filled from C++ on every read, which per
 * collider per frame is garbage the game loop would collect. Natively this reads into one kept
 * `Mat4` instead (`getWorldMatrix(out)`, the same call without the allocation).
 *
 * The result is valid until the next call: read what you need from it before calling again.
 */
import { Mat4 } from 'cc';
import type { Node } from 'cc';
import { JSB } from 'cc/env';

const NATIVE_WORLD = new Mat4();

/** `node.worldMatrix`, up to date; natively a kept copy (see the file notes). */
export function worldMatrixOf(node: Node): Readonly<Mat4> {
    return JSB ? node.getWorldMatrix(NATIVE_WORLD) : node.worldMatrix;
}
