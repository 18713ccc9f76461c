/**
 * The GPU narrow phase, engine-free part: the planner / decoder ({@link GpuNarrowPhase}), the
 * mask atlas, the shader source and the device interface a backend implements.
 */
export { GpuNarrowPhase, GpuStats, TILE_MARGIN, MAX_MAP_EPS } from './gpu-narrow-phase';
export type { GpuNarrowPhaseOptions, GpuReadback, GpuPairFilter } from './gpu-narrow-phase';
export type { GpuDevice } from './device';
export { MaskAtlas } from './mask-atlas';
export { pairTile } from './pair-tile';
export {
    PAIR_VERTEX_SHADER, PAIR_FRAGMENT_SHADER, PAIR_VERTEX_BODY, PAIR_FRAGMENT_BODY, INSTANCE_WORDS, INSTANCE_BYTES, ATTRIB_WORD_OFFSETS, ATTRIB_IS_INT, CELLS_PER_PIXEL,
    ATTRIB_TILE, ATTRIB_UA, ATTRIB_VA, ATTRIB_RECT_A, ATTRIB_UB, ATTRIB_VB, ATTRIB_RECT_B,
} from './shader';
