/**
 * The GPU narrow phase's device on the engine's own rendering ({@link GpuDevice}): the planner's
 * tiles are drawn with `effects/pixel-collide.effect` (a Material) into RGBA8 render-target
 * textures and read back through the engine's gfx API, so it works wherever the engine renders
 * (WebGL2, WebGL1, native GLES / Metal / Vulkan), not only on a JS WebGL2 context.
 *
 * This file holds what does not depend on the engine (no `cc` import): turning the planner's
 * instances into the effect's vertices, the pool of page targets and the readback slots. The
 * engine calls go through a {@link GfxPageBackend}: `gpu-gfx-backend.ts` in the game, a software
 * one in the unit tests.
 *
 * ```
 *   planner instance (INSTANCE_WORDS, ints and floats)    effect vertices (GFX_VERTEX_FLOATS floats)
 *   tile x, y, w, h | A map | A rect | B map | B rect  ─▶  6 x  corner x, y, origin x, y | A map |
 *                                                             A rect | B map | B rect
 * ```
 *
 * ## Readback
 *
 * The gfx API reads a texture back only synchronously (`device.copyTextureToBuffers`: a
 * `readPixels` on WebGL). Two ways, as the planner asks:
 *
 * - `readPage` (`'sameFrame'`): draw, then read the same target at once; the main thread waits
 *   for the draw.
 * - `startRead` / `finishRead` (`'nextFrame'`): the page stays in its own target (one per page
 *   of the frame in flight) and is read in the next step, when the GPU finished drawing it long
 *   ago: the read is still synchronous (the pixels' transfer), but it no longer waits for the
 *   draw. `readReady` answers true once a step has passed since `startRead`.
 *
 * Targets are textures of 256-pixel steps, grown, never shrunk; a page uses the bottom-left
 * corner of one (framebuffer row y = `gl_FragCoord` row y = readback row y).
 */
import { GFX_CORNERS, GFX_VERTEX_FLOATS, GFX_VERTICES_PER_TILE, INSTANCE_BYTES, INSTANCE_WORDS } from '../../core/gpu/shader';
import type { GpuDevice } from '../../core/gpu/device';

/** What the engine-gfx device needs from the engine (see `gpu-gfx-backend.ts`). */
export interface GfxPageBackend {
    /** Largest texture side. */
    readonly maxTextureSize: number;
    /** Bumped when every GPU object had to be made again (the atlas is then empty); -1 when none can be used now. */
    generation(): number;
    /** (Re)creates the mask atlas: `width x height` texels, all 0. */
    createAtlas(width: number, height: number): void;
    /** Writes `texels` (one byte per texel, row 0 first) at atlas texel (x, y). */
    uploadAtlas(x: number, y: number, width: number, height: number, texels: Uint8Array): void;
    /** Creates (or, for an existing index, resizes) page target `index`: an RGBA8 texture of `width x height`. */
    setTarget(index: number, width: number, height: number): void;
    /**
     * Clears the bottom-left `pageW x pageH` pixels of target `index` to 0 and draws
     * `vertexCount` vertices of `vertices` (GFX_VERTEX_FLOATS floats each) there.
     */
    draw(index: number, pageW: number, pageH: number, vertices: Float32Array, vertexCount: number): void;
    /** Reads the bottom-left `w x h` pixels of target `index` into `out` (row 0 = gl_FragCoord row 0). Synchronous. */
    read(index: number, w: number, h: number, out: Uint8Array): void;
    /** Frees every GPU object. */
    dispose(): void;
}

/** The engine-gfx {@link GpuDevice} (see the file notes). */
export class GfxGpuDevice implements GpuDevice {
    readonly maxTextureSize: number;
    /** Deferred readback (see the file notes): the read waits for the transfer, not for the draw. */
    readonly asyncReadback = true;
    /** The deferred read is a synchronous copy (see GpuDevice.blockingReadback): AUTO pairs stay on the CPU. */
    readonly blockingReadback = true;
    /** Pages drawn, synchronous reads, deferred reads (tests and benches read them). */
    draws = 0;
    reads = 0;
    deferredReads = 0;
    private readonly _backend: GfxPageBackend;
    private _vertices = new Float32Array(GFX_VERTEX_FLOATS * GFX_VERTICES_PER_TILE * 64);
    /** Per target: its size, and the slot whose page it holds (-1: free). */
    private _targetW: number[] = [];
    private _targetH: number[] = [];
    private _targetSlot: number[] = [];
    /** Target drawn last, and its page size. */
    private _last = -1;
    private _pageW = 0;
    private _pageH = 0;
    /** Per readback slot: its target (-1: none), page size, and the step it was started in. */
    private _slotTarget: number[] = [];
    private _slotW: number[] = [];
    private _slotH: number[] = [];
    private _slotFrame: number[] = [];
    private _frame = 0;
    private _generation = -2;
    private _viewOf: ArrayBufferLike | null = null;
    private _iw: Int32Array = new Int32Array(0);
    private _fw: Float32Array = new Float32Array(0);

    constructor(backend: GfxPageBackend) {
        this._backend = backend;
        this.maxTextureSize = backend.maxTextureSize;
    }

    beginFrame(): number {
        const gen = this._backend.generation();
        if (gen >= 0 && gen !== this._generation) {
            // New GPU objects: the targets are gone with the old ones.
            this._generation = gen;
            this._targetW.length = this._targetH.length = this._targetSlot.length = 0;
            this._slotTarget.length = 0;
            this._last = -1;
        }
        return gen;
    }

    isLost(): boolean {
        return this._backend.generation() < 0;
    }

    resizeMaskAtlas(width: number, height: number): void {
        this._backend.createAtlas(width, height);
    }

    uploadMaskAtlas(x: number, y: number, width: number, height: number, texels: Uint8Array): void {
        this._backend.uploadAtlas(x, y, width, height, texels);
    }

    drawPage(width: number, height: number, instances: Uint8Array, first: number, count: number): void {
        if (width > this.maxTextureSize || height > this.maxTextureSize) {
            throw new RangeError(`page ${width}x${height} is over this device's limit of ${this.maxTextureSize} pixels a side (the planner splits pages below maxPageSize; keep it within maxTextureSize).`);
        }
        const t = this._freeTarget(width, height);
        const n = this._expand(instances, first, count);
        this._backend.draw(t, width, height, this._vertices, n);
        this._last = t;
        this._pageW = width;
        this._pageH = height;
        this.draws++;
    }

    readPage(out: Uint8Array): void {
        const need = this._pageW * this._pageH * 4;
        if (out.length < need) throw new RangeError(`readPage needs ${need} bytes, got ${out.length}.`);
        if (this._last < 0) return;
        this._backend.read(this._last, this._pageW, this._pageH, out);
        this.reads++;
    }

    startRead(slot: number): void {
        if (this._last < 0) return;
        this._release(slot);
        this._slotTarget[slot] = this._last;
        this._targetSlot[this._last] = slot;
        this._slotW[slot] = this._pageW;
        this._slotH[slot] = this._pageH;
        this._slotFrame[slot] = this._frame;
        this._last = -1; // the next page draws into another target
    }

    readReady(slot: number): boolean {
        const t = this._slotTarget[slot] ?? -1;
        return t >= 0 && this._frame > this._slotFrame[slot];
    }

    finishRead(slot: number, out: Uint8Array): boolean {
        const t = this._slotTarget[slot] ?? -1;
        if (t < 0 || this.isLost()) { this._release(slot); return false; }
        const w = this._slotW[slot], h = this._slotH[slot];
        if (out.length < w * h * 4) throw new RangeError(`finishRead needs ${w * h * 4} bytes, got ${out.length}.`);
        this._backend.read(t, w, h, out);
        this._release(slot);
        this.deferredReads++;
        return !this.isLost();
    }

    /** The end of a narrow-phase run: reads started so far count as a step old from now on. */
    endFrame(): void {
        this._frame++;
    }

    dispose(): void {
        this._backend.dispose();
        this._targetW.length = this._targetH.length = this._targetSlot.length = this._slotTarget.length = 0;
        this._last = -1;
        this._generation = -2;
    }

    /** Targets made so far (one per page in flight, plus the one drawn last). */
    get targets(): number {
        return this._targetW.length;
    }

    private _release(slot: number): void {
        const t = this._slotTarget[slot] ?? -1;
        if (t >= 0 && this._targetSlot[t] === slot) this._targetSlot[t] = -1;
        this._slotTarget[slot] = -1;
    }

    /** A target no pending read holds, at least `w x h` (grown in 256-pixel steps). */
    private _freeTarget(w: number, h: number): number {
        let t = 0;
        while (t < this._targetW.length && this._targetSlot[t] >= 0) t++;
        const step = (v: number) => Math.min(this.maxTextureSize, Math.ceil(v / 256) * 256);
        if (t === this._targetW.length) {
            this._targetW.push(0);
            this._targetH.push(0);
            this._targetSlot.push(-1);
        }
        if (this._targetW[t] < w || this._targetH[t] < h) {
            this._targetW[t] = Math.max(this._targetW[t], step(w));
            this._targetH[t] = Math.max(this._targetH[t], step(h));
            this._backend.setTarget(t, this._targetW[t], this._targetH[t]);
        }
        return t;
    }

    /** Writes the effect's vertices of instances `first .. first + count - 1`; returns the vertex count. */
    private _expand(instances: Uint8Array, first: number, count: number): number {
        const need = count * GFX_VERTICES_PER_TILE * GFX_VERTEX_FLOATS;
        if (this._vertices.length < need) this._vertices = new Float32Array(Math.max(need, 2 * this._vertices.length));
        const v = this._vertices;
        if (this._viewOf !== instances.buffer) {
            // Views of the planner's instance memory, made again only when it grew.
            this._viewOf = instances.buffer;
            this._iw = new Int32Array(instances.buffer, 0, instances.buffer.byteLength >> 2);
            this._fw = new Float32Array(instances.buffer, 0, instances.buffer.byteLength >> 2);
        }
        const iw = this._iw, fw = this._fw;
        const base = (instances.byteOffset + first * INSTANCE_BYTES) >> 2;
        let o = 0;
        for (let q = 0; q < count; q++) {
            const i = base + q * INSTANCE_WORDS;
            const tx = iw[i], ty = iw[i + 1], tw = iw[i + 2], th = iw[i + 3];
            for (let k = 0; k < GFX_VERTICES_PER_TILE; k++) {
                v[o] = tx + GFX_CORNERS[2 * k] * tw;
                v[o + 1] = ty + GFX_CORNERS[2 * k + 1] * th;
                v[o + 2] = tx;
                v[o + 3] = ty;
                // Words 4..27: A's map (float), A's rect (int), B's map, B's rect.
                for (let w = 4; w < 12; w++) v[o + w] = fw[i + w];
                for (let w = 12; w < 16; w++) v[o + w] = iw[i + w];
                for (let w = 16; w < 24; w++) v[o + w] = fw[i + w];
                for (let w = 24; w < 28; w++) v[o + w] = iw[i + w];
                o += GFX_VERTEX_FLOATS;
            }
        }
        return count * GFX_VERTICES_PER_TILE;
    }
}
