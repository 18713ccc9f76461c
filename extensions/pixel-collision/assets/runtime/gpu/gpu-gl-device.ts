/**
 * The WebGL2 implementation of the GPU narrow phase's device ({@link GpuDevice}), on a WebGL2
 * context it is given: draws the core's tile pages with the shared shader
 * (`core/gpu/shader.ts`) into an RGBA8 renderbuffer and reads them back, either with a
 * synchronous `readPixels` (`readPage`) or without stalling (`startRead`: `readPixels` into a
 * PIXEL_PACK_BUFFER plus a `fenceSync`; `readReady`: `clientWaitSync(sync, 0, 0)`;
 * `finishRead`: `getBufferSubData`). WebGL2 signals a fence only between tasks of the event
 * loop, so a read started in one frame is ready in the next.
 *
 * No DOM and no `cc` here: the same class runs under the Cocos engine (`gpu-cocos-device.ts`
 * passes the engine's own context, `restoreState: true`) and in the browser tests and the
 * playground (`webgl2/webgl2-device.ts` at the repository root makes a context on a canvas).
 *
 * A lost context: `beginFrame` returns -1 (the frame goes to the CPU), pending reads report
 * their data gone; once the context is back, the next `beginFrame` recreates every GL object and
 * returns a new generation (the planner uploads its masks again).
 *
 * ```
 *   renderbuffer (grown only, never shrunk)      page of a frame: the bottom-left w x h pixels
 *   ┌──────────────────────────┐
 *   │                          │                 viewport (0, 0, w, h); gl_FragCoord row y
 *   ├───────────┐              │                 = readPixels row y (row 0 at the bottom),
 *   │   page    │              │                 so the page comes back in the planner's own
 *   │  w x h    │              │                 coordinates, no flip
 *   └───────────┴──────────────┘
 * ```
 *
 * ## A context shared with an engine (`restoreState: true`)
 *
 * The device sets everything it relies on in every call (the engine may leave any state in
 * between). With `restoreState`, the first call of a GPU narrow phase `run` that changes a group
 * of GL state records it (`gl.getParameter`), and `endFrame` (which the narrow phase calls at
 * the end of every run, also when it throws) puts every recorded group back, so an engine that
 * caches GL state and skips redundant calls (Cocos' `WebGL2StateCache`,
 * `cocos/gfx/webgl2/webgl2-state-cache.ts`) still holds the truth. Once per run, not around each
 * call: in Chromium some of these reads are a synchronous round trip to the GPU process (30-55
 * us each for SCISSOR_BOX, COLOR_WRITEMASK, PACK_*; under 3 us for bindings and enables, which
 * Chromium tracks on the client side). Recording what is current, rather than writing the
 * engine's cache, does not depend on the cache's field names (`glFramebuffer$`... end in `$`,
 * which the engine's release builds may mangle). What is recorded and restored ({@link GlState}):
 *
 * ```
 *   GL_FBO          DRAW_FRAMEBUFFER and READ_FRAMEBUFFER bindings, RENDERBUFFER binding
 *   GL_RASTER       VIEWPORT, SCISSOR_BOX, COLOR_WRITEMASK, enables of BLEND DEPTH_TEST
 *                   STENCIL_TEST CULL_FACE SCISSOR_TEST DITHER RASTERIZER_DISCARD
 *   GL_DRAW         CURRENT_PROGRAM, VERTEX_ARRAY_BINDING, ARRAY_BUFFER binding,
 *                   ACTIVE_TEXTURE, unit 0's TEXTURE_BINDING_2D and SAMPLER_BINDING
 *   GL_UNPACK       PIXEL_UNPACK_BUFFER binding, UNPACK_ALIGNMENT / ROW_LENGTH / SKIP_ROWS /
 *                   SKIP_PIXELS, UNPACK_FLIP_Y_WEBGL, UNPACK_PREMULTIPLY_ALPHA_WEBGL (mask uploads)
 *   GL_PACK         PACK_ROW_LENGTH / SKIP_ROWS / SKIP_PIXELS (the page readback)
 *   GL_PACK_BUFFER  PIXEL_PACK_BUFFER binding
 *   GL_PACK_ALIGN   PACK_ALIGNMENT, only for a page of odd width (the planner makes them even:
 *                   rows of 8n bytes are tight under any alignment)
 * ```
 *
 * Not touched at all: the clear colour (the page is cleared with `clearBufferfv`), blend
 * functions, depth / stencil functions and masks, cull mode (their tests are disabled while
 * the device draws, and restored enabled or not), uniform buffers, element array buffers
 * (vertex array state: the device's own vertex array is bound while it draws).
 *
 * Unit 0's sampler matters for correctness too: a sampler object the engine left bound there
 * (mipmapped minification) would make the one-level atlas incomplete, and `texelFetch` of an
 * incomplete texture returns 0; the device binds no sampler while it draws. Objects the device
 * creates (program, VAO, buffers, textures, framebuffer, renderbuffer, fences) are its own and
 * never bound when a call returns.
 */
import {
    ATTRIB_IS_INT, ATTRIB_WORD_OFFSETS, INSTANCE_BYTES, PAIR_FRAGMENT_SHADER, PAIR_VERTEX_SHADER,
} from '../../core/gpu/index';
import type { GpuDevice } from '../../core/gpu/index';

/** Thrown when WebGL2 cannot be used (no context, WebGL1 only, a lost context, a failed shader). */
export class WebGL2UnavailableError extends Error {
    constructor(what: string) {
        super(`${what} The GPU narrow phase needs WebGL2 (texelFetch, integer attributes, RGBA8 readback): use the CPU narrow phase (new CpuNarrowPhase()) instead.`);
        this.name = 'WebGL2UnavailableError';
    }
}

/** Options of {@link GlGpuDevice}. */
export interface GlGpuDeviceOptions {
    /**
     * Record the GL state each call changes and restore it before returning (a context shared
     * with an engine that caches GL state). Default false (a context of its own).
     */
    restoreState?: boolean;
}

// WebGL2 enums (numbers, so this file needs no context to name them).
const GL_FRAMEBUFFER = 0x8d40, GL_DRAW_FRAMEBUFFER = 0x8ca9, GL_READ_FRAMEBUFFER = 0x8ca8;
const GL_DRAW_FRAMEBUFFER_BINDING = 0x8ca6, GL_READ_FRAMEBUFFER_BINDING = 0x8caa;
const GL_RENDERBUFFER = 0x8d41, GL_RENDERBUFFER_BINDING = 0x8ca7;
const GL_VIEWPORT = 0x0ba2, GL_SCISSOR_BOX = 0x0c10, GL_COLOR_WRITEMASK = 0x0c23;
const GL_BLEND = 0x0be2, GL_DEPTH_TEST = 0x0b71, GL_STENCIL_TEST = 0x0b90, GL_CULL_FACE = 0x0b44;
const GL_SCISSOR_TEST = 0x0c11, GL_DITHER = 0x0bd0, GL_RASTERIZER_DISCARD = 0x8c89;
const GL_CURRENT_PROGRAM = 0x8b8d, GL_VERTEX_ARRAY_BINDING = 0x85b5;
const GL_ARRAY_BUFFER = 0x8892, GL_ARRAY_BUFFER_BINDING = 0x8894;
const GL_ACTIVE_TEXTURE = 0x84e0, GL_TEXTURE0 = 0x84c0, GL_TEXTURE_2D = 0x0de1, GL_TEXTURE_BINDING_2D = 0x8069, GL_SAMPLER_BINDING = 0x8919;
const GL_PIXEL_PACK_BUFFER = 0x88eb, GL_PIXEL_PACK_BUFFER_BINDING = 0x88ed;
const GL_PIXEL_UNPACK_BUFFER = 0x88ec, GL_PIXEL_UNPACK_BUFFER_BINDING = 0x88ef;
const GL_PACK_ALIGNMENT = 0x0d05, GL_PACK_ROW_LENGTH = 0x0d02, GL_PACK_SKIP_ROWS = 0x0d03, GL_PACK_SKIP_PIXELS = 0x0d04;
const GL_UNPACK_ALIGNMENT = 0x0cf5, GL_UNPACK_ROW_LENGTH = 0x0cf2, GL_UNPACK_SKIP_ROWS = 0x0cf3, GL_UNPACK_SKIP_PIXELS = 0x0cf4;
const GL_UNPACK_FLIP_Y_WEBGL = 0x9240, GL_UNPACK_PREMULTIPLY_ALPHA_WEBGL = 0x9241;

const CAPS = [GL_BLEND, GL_DEPTH_TEST, GL_STENCIL_TEST, GL_CULL_FACE, GL_SCISSOR_TEST, GL_DITHER, GL_RASTERIZER_DISCARD];
const PACK_INTS = [GL_PACK_ALIGNMENT, GL_PACK_ROW_LENGTH, GL_PACK_SKIP_ROWS, GL_PACK_SKIP_PIXELS];
const UNPACK_INTS = [GL_UNPACK_ALIGNMENT, GL_UNPACK_ROW_LENGTH, GL_UNPACK_SKIP_ROWS, GL_UNPACK_SKIP_PIXELS];

// Groups of GL state a call changes (see the file notes), summed into a bit set.
/** Framebuffer and renderbuffer bindings. */
export const GL_FBO = 1;
/** Viewport, scissor, enables, colour mask, clear colour. */
export const GL_RASTER = 2;
/** Program, vertex array, array buffer, active texture, unit 0's 2D texture and sampler. */
export const GL_DRAW = 4;
/** Pixel unpack buffer and unpack parameters. */
export const GL_UNPACK = 8;
/** PACK_ROW_LENGTH, PACK_SKIP_ROWS, PACK_SKIP_PIXELS (a readback into memory or a buffer). */
export const GL_PACK = 16;
/** The pixel pack buffer binding. */
export const GL_PACK_BUFFER = 32;
/** PACK_ALIGNMENT (touched only for a page whose rows are not 8n bytes: an odd width). */
export const GL_PACK_ALIGN = 64;
/** Every group. */
export const GL_ALL = 127;

/**
 * A record of the GL state of some groups ({@link GL_FBO} ... {@link GL_PACK}), and its restoration. One per
 * device, reused (no allocation per call beyond what `getParameter` returns).
 */
export class GlState {
    /** Calls to {@link save} (tests and the benchmark count them). */
    saves = 0;
    private _groups = 0;
    private _drawFbo: WebGLFramebuffer | null = null;
    private _readFbo: WebGLFramebuffer | null = null;
    private _rb: WebGLRenderbuffer | null = null;
    private _viewport: Int32Array | null = null;
    private _scissor: Int32Array | null = null;
    private _caps: boolean[] = [];
    private _colorMask: boolean[] | null = null;
    private _program: WebGLProgram | null = null;
    private _vao: WebGLVertexArrayObject | null = null;
    private _array: WebGLBuffer | null = null;
    private _active = GL_TEXTURE0;
    private _tex0: WebGLTexture | null = null;
    private _sampler0: WebGLSampler | null = null;
    private _unpackBuf: WebGLBuffer | null = null;
    private _unpack: number[] = [0, 0, 0, 0];
    private _flipY = false;
    private _premul = false;
    private _packBuf: WebGLBuffer | null = null;
    private _pack: number[] = [0, 0, 0, 0];

    /** The groups recorded since the last {@link restore}. */
    get groups(): number {
        return this._groups;
    }

    /**
     * Records the state of the `groups` (a sum of GL_FBO ... GL_PACK) not recorded yet since the
     * last {@link restore} (the first record of a group is what the engine left).
     */
    save(gl: WebGL2RenderingContext, want: number): void {
        const groups = want & ~this._groups;
        if (groups === 0) return;
        this.saves++;
        this._groups |= groups;
        if (groups & GL_FBO) {
            this._drawFbo = gl.getParameter(GL_DRAW_FRAMEBUFFER_BINDING) as WebGLFramebuffer | null;
            this._readFbo = gl.getParameter(GL_READ_FRAMEBUFFER_BINDING) as WebGLFramebuffer | null;
            this._rb = gl.getParameter(GL_RENDERBUFFER_BINDING) as WebGLRenderbuffer | null;
        }
        if (groups & GL_RASTER) {
            this._viewport = gl.getParameter(GL_VIEWPORT) as Int32Array;
            this._scissor = gl.getParameter(GL_SCISSOR_BOX) as Int32Array;
            for (let i = 0; i < CAPS.length; i++) this._caps[i] = gl.isEnabled(CAPS[i]);
            this._colorMask = gl.getParameter(GL_COLOR_WRITEMASK) as boolean[];
        }
        if (groups & GL_DRAW) {
            this._program = gl.getParameter(GL_CURRENT_PROGRAM) as WebGLProgram | null;
            this._vao = gl.getParameter(GL_VERTEX_ARRAY_BINDING) as WebGLVertexArrayObject | null;
            this._array = gl.getParameter(GL_ARRAY_BUFFER_BINDING) as WebGLBuffer | null;
            this._active = gl.getParameter(GL_ACTIVE_TEXTURE) as number;
            if (this._active !== GL_TEXTURE0) gl.activeTexture(GL_TEXTURE0);
            this._tex0 = gl.getParameter(GL_TEXTURE_BINDING_2D) as WebGLTexture | null;
            this._sampler0 = gl.getParameter(GL_SAMPLER_BINDING) as WebGLSampler | null;
        }
        if (groups & GL_UNPACK) {
            this._unpackBuf = gl.getParameter(GL_PIXEL_UNPACK_BUFFER_BINDING) as WebGLBuffer | null;
            for (let i = 0; i < UNPACK_INTS.length; i++) this._unpack[i] = gl.getParameter(UNPACK_INTS[i]) as number;
            this._flipY = gl.getParameter(GL_UNPACK_FLIP_Y_WEBGL) as boolean;
            this._premul = gl.getParameter(GL_UNPACK_PREMULTIPLY_ALPHA_WEBGL) as boolean;
        }
        if (groups & GL_PACK_BUFFER) this._packBuf = gl.getParameter(GL_PIXEL_PACK_BUFFER_BINDING) as WebGLBuffer | null;
        if (groups & GL_PACK) {
            for (let i = 1; i < PACK_INTS.length; i++) this._pack[i] = gl.getParameter(PACK_INTS[i]) as number;
        }
        if (groups & GL_PACK_ALIGN) this._pack[0] = gl.getParameter(GL_PACK_ALIGNMENT) as number;
    }

    /** Puts back what {@link save} recorded since the last restore (and drops the references). */
    restore(gl: WebGL2RenderingContext): void {
        const groups = this._groups;
        this._groups = 0;
        if (gl.isContextLost()) return; // nothing to restore: the engine's context is gone too
        if (groups & GL_FBO) {
            gl.bindFramebuffer(GL_DRAW_FRAMEBUFFER, this._drawFbo);
            gl.bindFramebuffer(GL_READ_FRAMEBUFFER, this._readFbo);
            gl.bindRenderbuffer(GL_RENDERBUFFER, this._rb);
            this._drawFbo = this._readFbo = this._rb = null;
        }
        if (groups & GL_RASTER) {
            const v = this._viewport!, s = this._scissor!, m = this._colorMask!;
            gl.viewport(v[0], v[1], v[2], v[3]);
            gl.scissor(s[0], s[1], s[2], s[3]);
            for (let i = 0; i < CAPS.length; i++) {
                if (this._caps[i]) gl.enable(CAPS[i]); else gl.disable(CAPS[i]);
            }
            gl.colorMask(m[0], m[1], m[2], m[3]);
        }
        if (groups & GL_DRAW) {
            gl.useProgram(this._program);
            gl.bindVertexArray(this._vao);
            gl.bindBuffer(GL_ARRAY_BUFFER, this._array);
            gl.activeTexture(GL_TEXTURE0);
            gl.bindTexture(GL_TEXTURE_2D, this._tex0);
            gl.bindSampler(0, this._sampler0);
            gl.activeTexture(this._active);
            this._program = this._vao = this._array = this._tex0 = this._sampler0 = null;
        }
        if (groups & GL_UNPACK) {
            gl.bindBuffer(GL_PIXEL_UNPACK_BUFFER, this._unpackBuf);
            for (let i = 0; i < UNPACK_INTS.length; i++) gl.pixelStorei(UNPACK_INTS[i], this._unpack[i]);
            gl.pixelStorei(GL_UNPACK_FLIP_Y_WEBGL, this._flipY);
            gl.pixelStorei(GL_UNPACK_PREMULTIPLY_ALPHA_WEBGL, this._premul);
            this._unpackBuf = null;
        }
        if (groups & GL_PACK_BUFFER) {
            gl.bindBuffer(GL_PIXEL_PACK_BUFFER, this._packBuf);
            this._packBuf = null;
        }
        if (groups & GL_PACK) {
            for (let i = 1; i < PACK_INTS.length; i++) gl.pixelStorei(PACK_INTS[i], this._pack[i]);
        }
        if (groups & GL_PACK_ALIGN) gl.pixelStorei(GL_PACK_ALIGNMENT, this._pack[0]);
    }
}

/** The WebGL2 {@link GpuDevice} on a given context (see the file notes). */
export class GlGpuDevice implements GpuDevice {
    readonly maxTextureSize: number;
    readonly gl: WebGL2RenderingContext;
    readonly asyncReadback = true;
    /** Whether each call restores the GL state it changed (see {@link GlGpuDeviceOptions}). */
    readonly restoreState: boolean;
    /** The state record (its `saves` counter is read by tests). */
    readonly state = new GlState();
    private _program!: WebGLProgram;
    private _vao!: WebGLVertexArrayObject;
    private _instances!: WebGLBuffer;
    private _instanceCapacity = 0;
    private _atlas!: WebGLTexture;
    private _fbo!: WebGLFramebuffer;
    private _color!: WebGLRenderbuffer;
    private _rbW = 0;
    private _rbH = 0;
    private _pageW = 0;
    private _pageH = 0;
    private _uPageSize: WebGLUniformLocation | null = null;
    private _uAtlas: WebGLUniformLocation | null = null;
    /** Readback slots: pixel buffer, its capacity, fence, page size. */
    private _pbo: (WebGLBuffer | null)[] = [];
    private _pboBytes: number[] = [];
    /** Per slot: the index in its ring of the pixel buffer written last. */
    private _ring: number[] = [];
    private _sync: (WebGLSync | null)[] = [];
    private _slotW: number[] = [];
    private _slotH: number[] = [];
    /** Bumped when the GL objects are recreated after a restore. */
    private _generation = 0;
    private _lostSeen = false;

    /** A device on an existing WebGL2 context. Throws {@link WebGL2UnavailableError} for a WebGL1 context. */
    constructor(gl: WebGL2RenderingContext, options?: GlGpuDeviceOptions) {
        if (!gl || typeof (gl as { texStorage2D?: unknown }).texStorage2D !== 'function') {
            throw new WebGL2UnavailableError('The context given is not a WebGL2 context (WebGL1?).');
        }
        if (gl.isContextLost()) throw new WebGL2UnavailableError('The WebGL2 context is lost.');
        this.gl = gl;
        this.restoreState = options?.restoreState === true;
        this.maxTextureSize = Math.min(gl.getParameter(gl.MAX_TEXTURE_SIZE) as number, gl.getParameter(gl.MAX_RENDERBUFFER_SIZE) as number);
        this._guard(GL_DRAW);
        try { this._create(); } finally { this.endFrame(); }
    }

    /** Creates every GL object (at construction, and again after a restored context). */
    private _create(): void {
        const gl = this.gl;
        this._program = link(gl, PAIR_VERTEX_SHADER, PAIR_FRAGMENT_SHADER);
        this._uPageSize = gl.getUniformLocation(this._program, 'uPageSize');
        this._uAtlas = gl.getUniformLocation(this._program, 'uAtlas');
        this._vao = must(gl.createVertexArray(), 'vertex array');
        this._instances = must(gl.createBuffer(), 'buffer');
        gl.bindVertexArray(this._vao);
        gl.bindBuffer(gl.ARRAY_BUFFER, this._instances);
        for (let loc = 0; loc < ATTRIB_WORD_OFFSETS.length; loc++) {
            gl.enableVertexAttribArray(loc);
            const offset = ATTRIB_WORD_OFFSETS[loc] * 4;
            if (ATTRIB_IS_INT[loc]) gl.vertexAttribIPointer(loc, 4, gl.INT, INSTANCE_BYTES, offset);
            else gl.vertexAttribPointer(loc, 4, gl.FLOAT, false, INSTANCE_BYTES, offset);
            gl.vertexAttribDivisor(loc, 1);
        }
        gl.bindVertexArray(null);
        this._atlas = must(gl.createTexture(), 'texture');
        this._fbo = must(gl.createFramebuffer(), 'framebuffer');
        this._color = must(gl.createRenderbuffer(), 'renderbuffer');
        this._instanceCapacity = 0;
        this._rbW = this._rbH = 0;
        this._pbo = [];
        this._pboBytes = [];
        this._ring = [];
        this._sync = [];
    }

    beginFrame(): number {
        const gl = this.gl;
        if (gl.isContextLost()) {
            this._lostSeen = true;
            return -1;
        }
        if (this._lostSeen) {
            // Restored: every object of the old context is invalid; make new ones.
            this._lostSeen = false;
            this._guard(GL_DRAW);
            this._create(); // restored at endFrame, with the rest of the run
            this._generation++;
        }
        return this._generation;
    }

    isLost(): boolean {
        const lost = this.gl.isContextLost();
        if (lost) this._lostSeen = true;
        return lost;
    }

    resizeMaskAtlas(width: number, height: number): void {
        const gl = this.gl;
        if (gl.isContextLost()) { this._lostSeen = true; return; }
        this._guard(GL_DRAW | GL_UNPACK);
        this._unpackDefaults();
        gl.bindTexture(gl.TEXTURE_2D, this._atlas);
        gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.NEAREST);
        gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, gl.NEAREST);
        gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_S, gl.CLAMP_TO_EDGE);
        gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_T, gl.CLAMP_TO_EDGE);
        // Zero-filled (the border and free space must read 0).
        gl.texImage2D(gl.TEXTURE_2D, 0, gl.R8, width, height, 0, gl.RED, gl.UNSIGNED_BYTE, new Uint8Array(width * height));
    }

    uploadMaskAtlas(x: number, y: number, width: number, height: number, texels: Uint8Array): void {
        const gl = this.gl;
        if (gl.isContextLost()) { this._lostSeen = true; return; }
        this._guard(GL_DRAW | GL_UNPACK);
        this._unpackDefaults();
        gl.bindTexture(gl.TEXTURE_2D, this._atlas);
        gl.texSubImage2D(gl.TEXTURE_2D, 0, x, y, width, height, gl.RED, gl.UNSIGNED_BYTE, texels, 0);
    }

    drawPage(width: number, height: number, instances: Uint8Array, first: number, count: number): void {
        const gl = this.gl;
        if (gl.isContextLost()) { this._lostSeen = true; return; } // the planner checks beginFrame / isLost
        if (width > this.maxTextureSize || height > this.maxTextureSize) {
            throw new RangeError(`page ${width}x${height} is over this device's limit of ${this.maxTextureSize} pixels a side (the planner splits pages below maxPageSize; keep it within maxTextureSize).`);
        }
        this._guard(GL_FBO | GL_RASTER | GL_DRAW);
        this._ensureTarget(width, height);
        this._pageW = width;
        this._pageH = height;
        gl.bindFramebuffer(gl.FRAMEBUFFER, this._fbo);
        gl.viewport(0, 0, width, height);
        gl.disable(gl.BLEND);
        gl.disable(gl.DEPTH_TEST);
        gl.disable(gl.STENCIL_TEST);
        gl.disable(gl.CULL_FACE);
        gl.disable(gl.DITHER);
        gl.disable(gl.RASTERIZER_DISCARD);
        gl.colorMask(true, true, true, true);
        gl.enable(gl.SCISSOR_TEST);
        gl.scissor(0, 0, width, height);
        // clearBufferfv, not clearColor + clear: no clear colour to record and restore.
        gl.clearBufferfv(gl.COLOR, 0, ZERO4);
        gl.disable(gl.SCISSOR_TEST);
        if (count === 0) return;
        const bytes = count * INSTANCE_BYTES;
        gl.bindBuffer(gl.ARRAY_BUFFER, this._instances);
        if (bytes > this._instanceCapacity) {
            this._instanceCapacity = Math.max(bytes, 2 * this._instanceCapacity);
            gl.bufferData(gl.ARRAY_BUFFER, this._instanceCapacity, gl.DYNAMIC_DRAW);
        }
        gl.bufferSubData(gl.ARRAY_BUFFER, 0, instances, first * INSTANCE_BYTES, bytes);
        gl.useProgram(this._program);
        gl.uniform2f(this._uPageSize, width, height);
        gl.activeTexture(gl.TEXTURE0);
        gl.bindTexture(gl.TEXTURE_2D, this._atlas);
        gl.bindSampler(0, null); // an engine's sampler here would decide the atlas' completeness
        gl.uniform1i(this._uAtlas, 0);
        gl.bindVertexArray(this._vao);
        gl.drawArraysInstanced(gl.TRIANGLES, 0, 6, count);
        gl.bindVertexArray(null);
    }

    readPage(out: Uint8Array): void {
        const gl = this.gl;
        const need = this._pageW * this._pageH * 4;
        if (out.length < need) throw new RangeError(`readPage needs ${need} bytes, got ${out.length}.`);
        if (gl.isContextLost()) { this._lostSeen = true; return; } // the caller checks isLost()
        this._guard(GL_FBO | GL_PACK | GL_PACK_BUFFER);
        gl.bindFramebuffer(gl.FRAMEBUFFER, this._fbo);
        gl.bindBuffer(gl.PIXEL_PACK_BUFFER, null);
        this._packDefaults(this._pageW);
        gl.readPixels(0, 0, this._pageW, this._pageH, gl.RGBA, gl.UNSIGNED_BYTE, out, 0);
    }

    startRead(slot: number): void {
        const gl = this.gl;
        if (gl.isContextLost()) { this._lostSeen = true; return; }
        this._guard(GL_FBO | GL_PACK | GL_PACK_BUFFER);
        const bytes = this._pageW * this._pageH * 4;
        // The slot's next pixel buffer of its ring (see PBO_RING): never the one read last.
        const b = slot * PBO_RING + ((this._ring[slot] = ((this._ring[slot] ?? -1) + 1) % PBO_RING));
        let pbo = this._pbo[b] ?? null;
        if (pbo === null) {
            pbo = must(gl.createBuffer(), 'pixel buffer');
            this._pbo[b] = pbo;
            this._pboBytes[b] = 0;
        }
        gl.bindBuffer(gl.PIXEL_PACK_BUFFER, pbo);
        if (this._pboBytes[b] < bytes) this._pboBytes[b] = Math.max(bytes, 2 * this._pboBytes[b]);
        // Storage specified again before every write: it drops a shadow copy Chromium still holds
        // from the last write (see PBO_RING), so none is discarded with a warning.
        gl.bufferData(gl.PIXEL_PACK_BUFFER, this._pboBytes[b], gl.STREAM_READ);
        gl.bindFramebuffer(gl.FRAMEBUFFER, this._fbo);
        this._packDefaults(this._pageW);
        gl.readPixels(0, 0, this._pageW, this._pageH, gl.RGBA, gl.UNSIGNED_BYTE, 0);
        gl.bindBuffer(gl.PIXEL_PACK_BUFFER, null);
        const old = this._sync[slot];
        if (old) gl.deleteSync(old);
        this._sync[slot] = gl.fenceSync(gl.SYNC_GPU_COMMANDS_COMPLETE, 0);
        this._slotW[slot] = this._pageW;
        this._slotH[slot] = this._pageH;
        gl.flush(); // start the GPU now, so the fence can signal before the next frame
    }

    readReady(slot: number): boolean {
        const gl = this.gl, sync = this._sync[slot];
        if (!sync || gl.isContextLost()) return false;
        const r = gl.clientWaitSync(sync, 0, 0);
        return r === gl.ALREADY_SIGNALED || r === gl.CONDITION_SATISFIED;
    }

    finishRead(slot: number, out: Uint8Array): boolean {
        const b = slot * PBO_RING + (this._ring[slot] ?? 0);
        const gl = this.gl, sync = this._sync[slot], pbo = this._pbo[b];
        if (!sync || !pbo || gl.isContextLost()) { if (gl.isContextLost()) this._lostSeen = true; return false; }
        const bytes = this._slotW[slot] * this._slotH[slot] * 4;
        if (out.length < bytes) throw new RangeError(`finishRead needs ${bytes} bytes, got ${out.length}.`);
        this._guard(GL_PACK_BUFFER); // getBufferSubData reads no pack parameter
        gl.bindBuffer(gl.PIXEL_PACK_BUFFER, pbo);
        // Waits here only when the fence has not signalled yet (the caller counts that).
        gl.getBufferSubData(gl.PIXEL_PACK_BUFFER, 0, out, 0, bytes);
        gl.bindBuffer(gl.PIXEL_PACK_BUFFER, null);
        gl.deleteSync(sync);
        this._sync[slot] = null;
        return !gl.isContextLost();
    }

    dispose(): void {
        const gl = this.gl;
        this.endFrame();
        // Deleting objects changes no binding of anyone else's (ours are never bound between runs).
        gl.deleteProgram(this._program);
        gl.deleteVertexArray(this._vao);
        gl.deleteBuffer(this._instances);
        gl.deleteTexture(this._atlas);
        gl.deleteFramebuffer(this._fbo);
        gl.deleteRenderbuffer(this._color);
        for (const b of this._pbo) if (b) gl.deleteBuffer(b);
        for (const f of this._sync) if (f) gl.deleteSync(f);
        this._pbo = [];
        this._sync = [];
    }

    /**
     * With `restoreState`: puts back the GL state the device changed since the last endFrame
     * (the GpuNarrowPhase calls it at the end of every run). Without: does nothing.
     */
    endFrame(): void {
        if (this.restoreState && this.state.groups !== 0) this.state.restore(this.gl);
    }

    /** Records (once per run) the state of `groups` before the device changes it. */
    private _guard(groups: number): void {
        if (this.restoreState) this.state.save(this.gl, groups);
    }

    /** Unpack state for a tightly packed R8 upload from memory (whatever the engine left). */
    private _unpackDefaults(): void {
        const gl = this.gl;
        gl.bindBuffer(gl.PIXEL_UNPACK_BUFFER, null);
        gl.pixelStorei(gl.UNPACK_ALIGNMENT, 1);
        gl.pixelStorei(gl.UNPACK_ROW_LENGTH, 0);
        gl.pixelStorei(gl.UNPACK_SKIP_ROWS, 0);
        gl.pixelStorei(gl.UNPACK_SKIP_PIXELS, 0);
        gl.pixelStorei(gl.UNPACK_FLIP_Y_WEBGL, false);
        gl.pixelStorei(gl.UNPACK_PREMULTIPLY_ALPHA_WEBGL, false);
        gl.activeTexture(gl.TEXTURE0);
    }

    /**
     * Pack state for a tightly packed RGBA8 read of `width` pixels a row (whatever the engine
     * left). Rows of 8n bytes (an even width: the planner's pages) are tight under every
     * PACK_ALIGNMENT (1, 2, 4, 8), so the alignment is left alone; an odd width sets it to 4.
     */
    private _packDefaults(width: number): void {
        const gl = this.gl;
        if ((width & 1) === 1) {
            this._guard(GL_PACK_ALIGN);
            gl.pixelStorei(gl.PACK_ALIGNMENT, 4);
        }
        gl.pixelStorei(gl.PACK_ROW_LENGTH, 0);
        gl.pixelStorei(gl.PACK_SKIP_ROWS, 0);
        gl.pixelStorei(gl.PACK_SKIP_PIXELS, 0);
    }

    /** Grows the renderbuffer (to 256-pixel steps) so the page fits its bottom-left corner. */
    private _ensureTarget(width: number, height: number): void {
        if (width <= this._rbW && height <= this._rbH) return;
        const gl = this.gl;
        const step = (v: number) => Math.min(this.maxTextureSize, Math.ceil(v / 256) * 256);
        this._rbW = Math.max(this._rbW, step(width));
        this._rbH = Math.max(this._rbH, step(height));
        gl.bindRenderbuffer(gl.RENDERBUFFER, this._color);
        gl.renderbufferStorage(gl.RENDERBUFFER, gl.RGBA8, this._rbW, this._rbH);
        gl.bindFramebuffer(gl.FRAMEBUFFER, this._fbo);
        gl.framebufferRenderbuffer(gl.FRAMEBUFFER, gl.COLOR_ATTACHMENT0, gl.RENDERBUFFER, this._color);
        const status = gl.checkFramebufferStatus(gl.FRAMEBUFFER);
        if (status !== gl.FRAMEBUFFER_COMPLETE) throw new WebGL2UnavailableError(`The RGBA8 page framebuffer is incomplete (status 0x${status.toString(16)}).`);
    }
}

const ZERO4 = new Float32Array(4);

/**
 * Pixel buffers per readback slot, used in turn (one per frame in flight): frame N's page is
 * copied into one while frame N-1's is read from the other.
 *
 * Chromium keeps a shadow copy of a READ-usage buffer written before a fence, and frees it when
 * getBufferSubData reads through it, which it does only once it has seen the fence signal. A
 * buffer read before that (the GPU was slower than a frame: SwiftShader often is) keeps its
 * shadow, and the next write + fence of that buffer discarded it with "READ-usage buffer was
 * written, then fenced, but written again before being read back" (once a step, measured in the
 * engine). So startRead specifies the buffer's storage again (bufferData) before each write,
 * which frees any shadow left over: no warning, and a read after the fence still uses the shadow.
 */
export const PBO_RING = 2;

function must<T>(x: T | null, what: string): T {
    if (x === null) throw new WebGL2UnavailableError(`Could not create a WebGL2 ${what} (context lost?).`);
    return x;
}

function link(gl: WebGL2RenderingContext, vs: string, fs: string): WebGLProgram {
    const program = must(gl.createProgram(), 'program');
    const shaders: WebGLShader[] = [];
    for (const [type, src] of [[gl.VERTEX_SHADER, vs], [gl.FRAGMENT_SHADER, fs]] as const) {
        const sh = must(gl.createShader(type), 'shader');
        gl.shaderSource(sh, src);
        gl.compileShader(sh);
        if (!gl.getShaderParameter(sh, gl.COMPILE_STATUS)) {
            const log = gl.getShaderInfoLog(sh) ?? '';
            for (const s of shaders) gl.deleteShader(s);
            gl.deleteShader(sh);
            gl.deleteProgram(program);
            throw new WebGL2UnavailableError(`The pixel-collide ${type === gl.VERTEX_SHADER ? 'vertex' : 'fragment'} shader did not compile: ${log}.`);
        }
        gl.attachShader(program, sh);
        shaders.push(sh);
    }
    gl.linkProgram(program);
    // The program keeps what it needs; the shader objects can go (flagged, freed with the program).
    for (const s of shaders) gl.deleteShader(s);
    if (!gl.getProgramParameter(program, gl.LINK_STATUS)) {
        const log = gl.getProgramInfoLog(program) ?? '';
        gl.deleteProgram(program);
        throw new WebGL2UnavailableError(`The pixel-collide program did not link: ${log}.`);
    }
    return program;
}
