/**
 * pixel-collision core: engine-free (no 'cc', no DOM). Runs in Cocos, in browsers, in Node and
 * on a game server. See README.md, "The sampling definition", for the one definition of colliding.
 */
export type { Affine2D } from './affine';
export {
    affine, affineIdentity, affineCopy, affineSet, affineMultiply, affineFromTRS, affineInvert,
    affineApply, affineTranslate, affineEquals, affineDeterminant, affineIsFinite, assertInvertible,
    affineBounds, affineToString, forEachTexelInDisc,
} from './affine';
export { BitMask } from './bitmask';
export type { MaskFromRGBAOptions, RowBounds, BoundaryRuns } from './bitmask';
export { Contact } from './contact';
export { WorldRaster, popcount32 } from './raster';
export { rasterizeMask, isUnitQuarterTurn, MAX_RASTER_CELLS } from './rasterize';
export type { CellWindow } from './rasterize';
export { SampleMapper } from './exact';
export {
    testMasks, separateMasks, testRasters, overlapAny, overlapCount, overlapFull, clearRasterMemo,
} from './narrow';
export type { NarrowOptions } from './narrow';
export { DEFAULT_ACCURACY, MAX_ACCURACY, checkAccuracy, cellOf, sampleOf, sampleRange } from './sampling';
export { BroadPhase, PairBuffer, IdBuffer } from './broadphase';
export type { ProxyBounds } from './broadphase';
export { WorldShape, boxToWorld, circleToWorld, polygonToWorld, MAX_POLYGON_VERTICES } from './shape';
export type { ShapeKind } from './shape';
export { shapeContains, shapeContainsSample, shapeRowSpan, shapeRowCells } from './shape-sampling';
export { rasterizeShape } from './shape-raster';
export { testShapes, SEPARATION_MARGIN_CELLS } from './shape-test';
export type { ShapeTestOptions } from './shape-test';
export { resolveAABB } from './response';
export type { AABBLike } from './response';
export { Collider } from './collider';
export type { ColliderShape, ColliderOptions } from './collider';
export type { ColliderPart } from './parts';
export { PartsState, partsPicture, trustParts } from './parts';
export type { PartsPicture } from './parts';
export { CpuNarrowPhase } from './narrow-phase';
export type { NarrowPhase, LateAnswers } from './narrow-phase';
export { CollisionWorld, RayHit, SweepHit } from './world';
export type { CollisionListener, WorldOptions } from './world';

// GPU narrow phase (issue 9): planner, decoder, mask atlas, shader source, device interface.
export { GpuNarrowPhase, GpuStats, TILE_MARGIN, MAX_MAP_EPS, MaskAtlas } from './gpu';
export type { GpuDevice } from './gpu';
export { PAIR_VERTEX_SHADER, PAIR_FRAGMENT_SHADER, INSTANCE_WORDS, INSTANCE_BYTES, ATTRIB_WORD_OFFSETS, ATTRIB_IS_INT } from './gpu';

// Baked mask libraries (the format the bake writes and the runtime reads).
export {
    MASK_LIBRARY_FORMAT, MASK_LIBRARY_VERSION, BAKE_HINT, bakedKey, bakedUuidKey, checkLibrary, decodeEntry,
    encodeBase64, decodeBase64,
} from './mask-library';
export type { BakedMaskEntry, MaskLibrary } from './mask-library';
export { MASK_LIBRARY_COMPACT_VERSION } from './mask-library';
export { encodeMaskCode, decodeMaskCode, MaskCodeReader } from './mask-code';
export {
    CompactLibraryIndex, buildLibraryGroups, readLibraryGroups, libraryGroups, decodeCodedEntry, compressUuidBase, decompressUuidBase,
} from './mask-library-v2';
export type { CodedMaskEntry } from './mask-library-v2';
export { MaskPrefetcher } from './mask-prefetch';
export type { PrefetchOptions, PrefetchStats } from './mask-prefetch';
