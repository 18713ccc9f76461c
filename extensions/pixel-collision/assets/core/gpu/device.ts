/**
 * The backend interface of the GPU narrow phase: the core plans a frame (mask atlas contents,
 * tile layout, per-instance data) and decodes what comes back; a device only uploads, draws and
 * reads. Devices: plain WebGL2 (`runtime/gpu/gpu-gl-device.ts`, on the Cocos engine's WebGL2
 * context or, through `webgl2/` at the repository root, on a canvas of its own: browser tests,
 * playground) and the engine-gfx device (`runtime/gpu/gpu-gfx-device.ts`, through the engine's
 * own rendering).
 *
 * A device must draw exactly what `shader.ts` says: `count` tiles of 6 vertices each (corners
 * from `gl_VertexID % 6`; one instanced draw, or a plain draw with each tile's data repeated for
 * its 6 vertices) with the instance layout of `INSTANCE_WORDS` (shader.ts),
 * into an RGBA8 target of `width x height` pixels cleared to (0, 0, 0, 0), with blending, depth
 * and stencil tests, culling and scissor off, and the mask atlas bound with NEAREST filtering
 * and CLAMP_TO_EDGE (texelFetch ignores both, but a backend's defaults must not matter).
 *
 * Two ways to read a page back:
 *
 * ```
 *   same frame   drawPage ─ readPage (synchronous: waits for the GPU; the main thread stalls)
 *   next frame   drawPage ─ startRead(slot)           (a copy into a pixel buffer + a fence)
 *                ... the frame ends, the event loop runs, the GPU finishes ...
 *                readReady(slot)? ─ finishRead(slot, out)    (no wait when the fence signalled)
 * ```
 */
export interface GpuDevice {
    /** Largest texture side the device accepts (pages and the mask atlas stay within it). */
    readonly maxTextureSize: number;
    /**
     * Whether {@link startRead} / {@link readReady} / {@link finishRead} read back without
     * stalling (WebGL2: a PIXEL_PACK_BUFFER and a fence). False: only {@link readPage}.
     */
    readonly asyncReadback: boolean;
    /**
     * Optional. True when {@link finishRead} is itself a synchronous read (the page was kept in a
     * texture of its own and is read a step later: no wait for the draw, but still one for the
     * transfer), as on the engine-gfx device. Owners with a cost rule (the Cocos runtime's AUTO
     * mode) then leave AUTO pairs on the CPU: measured, such a read never beat it.
     */
    readonly blockingReadback?: boolean;
    /**
     * Called once at the start of every frame that draws. Returns -1 when the device cannot draw
     * now (a lost context: the frame goes to the CPU), else its *resource generation*: a number
     * that changes whenever the device had to recreate its GPU objects (a restored context), so
     * everything uploaded before (the mask atlas) is gone and must be uploaded again.
     */
    beginFrame(): number;
    /** True when the context was lost (readbacks since then returned nothing usable). */
    isLost(): boolean;
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
    /**
     * Non-blocking readback, step 1 (only when {@link asyncReadback}): queues a copy of the page
     * drawn last into readback slot `slot` (0, 1, 2...: one per page of a frame) and returns at
     * once. A later `drawPage` may reuse the page's target: the copy is ordered before it.
     */
    startRead(slot: number): void;
    /** Step 2: whether slot `slot`'s copy has finished (never waits). */
    readReady(slot: number): boolean;
    /**
     * Step 3: copies slot `slot`'s pixels into `out` (layout of {@link readPage}). Waits when the
     * copy has not finished ({@link readReady} false). Returns false when the data is gone (the
     * context was lost since {@link startRead}): the caller decides those pairs another way.
     */
    finishRead(slot: number, out: Uint8Array): boolean;
    /**
     * Optional. Called by the {@link GpuNarrowPhase} at the end of every `run` (also when it
     * throws), after its last device call of that run. A device on a context shared with an
     * engine restores there the GL state it changed since the run began (once per run, instead
     * of around each call: reading GL state can be a synchronous round trip to the GPU process).
     */
    endFrame?(): void;
    /** Frees the device's GPU objects. */
    dispose(): void;
}
