/**
 * pixel-collision runtime for Cocos Creator 3.8: the only part that imports 'cc'.
 *
 * A game script imports it through the extension's asset mount:
 *
 *     import { PixelCollider, CollisionSystem } from 'db://pixel-collision/runtime/index';
 */
export { PixelCollider, PixelShape, NarrowMode } from './PixelCollider';
export type { PixelMaskOrigin, PixelMaskReason } from './PixelCollider';
export { PixelCollisionEvent, nodePath } from './events';
export type { PixelCollisionCallback, PixelCollisionEventType } from './events';
export { CollisionSystem, PixelRayHit, PixelSweepHit } from './CollisionSystem';
export type { XY } from './CollisionSystem';
export { PixelContact } from './contact';
export { PixelMasks, PixelMaskCache, regionOf } from './masks';
export type { MaskEntry, MaskSource, MaskCacheStats } from './masks';
export type { PrefetchOptions, PrefetchStats } from '../core/index';
export { PixelCollisionGroup, maskBitsOfGroup, refreshGroups } from './groups';
export { MASK_LIBRARY_FORMAT, MASK_LIBRARY_VERSION, BAKE_HINT, bakedKey, bakedUuidKey, checkLibrary, encodeBase64, decodeBase64 } from './baked';
export type { MaskLibrary, BakedMaskEntry } from './baked';
export { spriteToWorld, spriteLocalQuad, quadToWorld } from './sprite-geometry';
export { PixelDebugDraw } from './debug-draw';
export { shapeOutline, OUTLINE_CIRCLE_SEGMENTS } from './outline';
export { BitMask, forEachTexelInDisc, partsPicture } from '../core/index';
export type { ColliderPart, PartsPicture } from '../core/index';
export type { Affine2D } from '../core/index';
export { autoPairIsHeavy, AUTO_GPU_MIN_CELLS, AUTO_GPU_MAX_TILE_CELLS, AUTO_GPU_MIN_PAIRS, AUTO_GPU_HOLD_STEPS, PixelNarrowPhase } from './gpu/gpu-narrow';
export type { GpuSetting, GpuStatus, GpuDeviceResult } from './gpu/gpu-narrow';
export { createCocosGpuDevice, createEngineGfxDevice, createWebGL2Device, PIXEL_COLLIDE_EFFECT_UUID } from './gpu/gpu-cocos-device';
export type { GpuBackend } from './gpu/gpu-cocos-device';
export { GfxGpuDevice } from './gpu/gpu-gfx-device';
export type { GfxPageBackend } from './gpu/gpu-gfx-device';
export { CocosGfxBackend } from './gpu/gpu-gfx-backend';
export { GlGpuDevice, WebGL2UnavailableError } from './gpu/gpu-gl-device';
export type { GlGpuDeviceOptions } from './gpu/gpu-gl-device';
export { PixelIntersection } from './intersection';
export type { PixelTarget } from './intersection';
