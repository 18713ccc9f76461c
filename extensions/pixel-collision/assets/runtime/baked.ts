/**
 * Baked masks, as the runtime reads them. The library format (and its checks and base64 codec) is
 * engine-free and lives in the core (`core/mask-library.ts`, where the format is described); it is
 * re-exported here so runtime code and older imports keep working.
 *
 * Two ways to ship baked masks:
 * 1. A mask library for the whole project: **Pixel Collision > Bake Masks** in the editor, or
 *    `npx pixel-collision bake <project>`, writes `assets/pixel-collision-masks/pixel-masks.ts`, a
 *    script that calls `PixelMasks.addLibrary(...)` when the game starts: nothing to wire. Builds
 *    bake it again before they start, so it is current in native and mini-game builds.
 *    A library JSON can also be assigned to `PixelCollider.maskLibrary` or loaded with
 *    `PixelMasks.addLibrary(json)`; `PixelMasks.bakeLibrary(frames, threshold)` makes one from code.
 * 2. One mask for one collider: a `BufferAsset` (a `.bin` file holding `BitMask.serialize()`)
 *    assigned to `PixelCollider.bakedMask`.
 */
export {
    MASK_LIBRARY_FORMAT, MASK_LIBRARY_VERSION, BAKE_HINT, bakedKey, bakedUuidKey, checkLibrary, decodeEntry,
    encodeBase64, decodeBase64,
} from '../core/index';
export type { BakedMaskEntry, MaskLibrary } from '../core/index';
