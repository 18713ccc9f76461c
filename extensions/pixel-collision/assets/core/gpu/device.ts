/**
 * The backend interface of the GPU narrow phase: the core plans a frame (mask atlas contents,
 * tile layout, per-instance data) and decodes what comes back; a device only uploads, draws and
 * reads. Two devices implement it: plain WebGL2 (`webgl2/` at the repository root: browser
 * tests, playground) and Cocos (runtime/, a RenderTexture).
 *
 * A device must draw exactly what `shader.ts` says: one instanced draw of `count` instances
 * (6 vertices each, `gl_VertexID` corners) with the instance layout of `INSTANCE_WORDS` (shader.ts),
 * into an RGBA8 target of `width x height` pixels cleared to (0, 0, 0, 0), with blending, depth
 * and stencil tests, culling and scissor off, and the mask atlas bound with NEAREST filtering
 * and CLAMP_TO_EDGE (texelFetch ignores both, but a backend's defaults must not matter).
 */
export interface GpuDevice {
    /** Largest texture side the device accepts (pages and the mask atlas stay within it). */
    readonly maxTextureSize: number;
    /**
     * (Re)creates the mask atlas: an R8 texture of `width x height` texels, all 0. Previous
     * contents are lost (the planner uploads every mask again).
     */
    resizeMaskAtlas(width: number, height: number): void;
    /**
     * Writes `texels` (one byte per texel, row-major, `width` bytes a row, row 0 first) to the
     * atlas rect at texel `(x, y)`; texel `(x + i, y + j)` is then what `texelFetch` returns at
     * `ivec2(x + i, y + j)`. 255 = opaque, 0 = transparent.
     */
    uploadMaskAtlas(x: number, y: number, width: number, height: number, texels: Uint8Array): void;
    /**
     * Clears a `width x height` RGBA8 page to 0 and draws `count` instances of `instances`
     * starting at instance `first` (bytes `first * INSTANCE_BYTES` on).
     */
    drawPage(width: number, height: number, instances: Uint8Array, first: number, count: number): void;
    /**
     * Reads back the page drawn last into the start of `out` (at least `width * height * 4`
     * bytes): pixel `(x, y)`, `y` being the `gl_FragCoord` row (row 0 at the bottom), at byte
     * `4 * (y * width + x)`. Synchronous.
     */
    readPage(out: Uint8Array): void;
    /** Frees the device's GPU objects. */
    dispose(): void;
}
