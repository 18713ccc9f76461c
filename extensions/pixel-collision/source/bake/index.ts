/**
 * Mask baking: reads a Creator 3.8 project's PNG textures and their `.meta` files (sprite frames
 * of images and of TexturePacker `.plist` atlases, and the whole atlas pages of the Spine and
 * DragonBones characters on collider nodes: skeletons.ts), collects the alpha thresholds its
 * `PixelCollider`s use, and writes the runtime's mask library into the project as a script the
 * game loads at startup (see `DEFAULT_OUT`). Node only: no `cc`, no `Editor`; used by the editor
 * menu, the inspector's Bake button, the build hook and the CLI.
 */
export type { BakeOptions, BakeReport, BakeError, KeptMasks, LibraryState } from './types';
export { BakeFailure } from './errors';
export type { BakeFailureKind } from './errors';
export { DEFAULT_OUT, CONFIG_FILE, CACHE_FILE } from './types';
export { bakeProject, bakeFrames } from './bake';
export { formatSummary, onUnreadableSetting } from './bake';
export { createBakeScheduler } from './auto';
export type { BakeScheduler } from './auto';
