/**
 * The plain WebGL2 backend of the GPU narrow phase (browser playground, browser tests): draws
 * the core's tile pages with the shared shader (`core/gpu/shader.ts`) into an RGBA8
 * renderbuffer and reads them back, either with a synchronous `readPixels` (`readPage`) or
 * without stalling (`startRead`: `readPixels` into a PIXEL_PACK_BUFFER plus a `fenceSync`;
 * `readReady`: `clientWaitSync(sync, 0, 0)`; `finishRead`: `getBufferSubData`). WebGL2 signals
 * a fence only between tasks of the event loop, so a read started in one frame is ready in the
 * next. Not shipped in the extension (it touches the DOM); the Cocos backend implements the same
 * {@link GpuDevice} on the engine's context.
 *
 * A lost context (`webglcontextlost`, `WEBGL_lose_context`): `beginFrame` returns -1 (the frame
 * goes to the CPU), pending reads report their data gone; once the context is back, the next
 * `beginFrame` recreates every GL object and returns a new generation (the planner uploads its
 * masks again).
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
 * The device owns its GL state between calls; it sets everything it relies on in every
 * `drawPage` (a shared context, e.g. an engine's, may change state in between).
 */
import {
    ATTRIB_IS_INT, ATTRIB_WORD_OFFSETS, INSTANCE_BYTES, PAIR_FRAGMENT_SHADER, PAIR_VERTEX_SHADER,
} from '../extensions/pixel-collision/assets/core/gpu';
import type { GpuDevice } from '../extensions/pixel-collision/assets/core/gpu';

/** Thrown when WebGL2 cannot be used (no context, WebGL1 only, a lost context, a failed shader). */
export class WebGL2UnavailableError extends Error {
    constructor(what: string) {
        super(`${what} The GPU narrow phase needs WebGL2 (texelFetch, integer attributes, RGBA8 readback): use the CPU narrow phase (new CpuNarrowPhase()) instead.`);
        this.name = 'WebGL2UnavailableError';
    }
}

export class WebGL2Device implements GpuDevice {
    readonly maxTextureSize: number;
    readonly gl: WebGL2RenderingContext;
    readonly asyncReadback = true;
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
    private _sync: (WebGLSync | null)[] = [];
    private _slotW: number[] = [];
    private _slotH: number[] = [];
    /** Bumped when the GL objects are recreated after a restore. */
    private _generation = 0;
    private _lostSeen = false;

    /**
     * A device on a new context of `canvas` (an OffscreenCanvas or a canvas element; its size does
     * not matter: pages are drawn off screen). Throws {@link WebGL2UnavailableError} without WebGL2.
     */
    static fromCanvas(canvas: HTMLCanvasElement | OffscreenCanvas): WebGL2Device {
        const gl = canvas.getContext('webgl2', {
            alpha: true, antialias: false, depth: false, stencil: false, premultipliedAlpha: false,
            preserveDrawingBuffer: false, powerPreference: 'high-performance',
        }) as WebGL2RenderingContext | null;
        if (!gl) {
            const gl1 = canvas.getContext('webgl') !== null;
            throw new WebGL2UnavailableError(gl1 ? 'This browser offers WebGL1 only.' : 'This browser offers no WebGL2 context.');
        }
        return new WebGL2Device(gl);
    }

    /** A device on an existing WebGL2 context. Throws {@link WebGL2UnavailableError} for a WebGL1 context. */
    constructor(gl: WebGL2RenderingContext) {
        if (!gl || typeof (gl as { texStorage2D?: unknown }).texStorage2D !== 'function') {
            throw new WebGL2UnavailableError('The context given is not a WebGL2 context (WebGL1?).');
        }
        if (gl.isContextLost()) throw new WebGL2UnavailableError('The WebGL2 context is lost.');
        this.gl = gl;
        // Ask to be restored after a loss (a context whose 'webglcontextlost' event is not
        // cancelled stays lost for good). An engine that owns the context does this itself.
        const canvas = gl.canvas as unknown as EventTarget | null;
        canvas?.addEventListener?.('webglcontextlost', (e: Event) => e.preventDefault());
        this.maxTextureSize = Math.min(gl.getParameter(gl.MAX_TEXTURE_SIZE) as number, gl.getParameter(gl.MAX_RENDERBUFFER_SIZE) as number);
        this._create();
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
            this._create();
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
        gl.bindTexture(gl.TEXTURE_2D, this._atlas);
        gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.NEAREST);
        gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, gl.NEAREST);
        gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_S, gl.CLAMP_TO_EDGE);
        gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_T, gl.CLAMP_TO_EDGE);
        gl.pixelStorei(gl.UNPACK_ALIGNMENT, 1);
        // Zero-filled (the border and free space must read 0).
        gl.texImage2D(gl.TEXTURE_2D, 0, gl.R8, width, height, 0, gl.RED, gl.UNSIGNED_BYTE, new Uint8Array(width * height));
    }

    uploadMaskAtlas(x: number, y: number, width: number, height: number, texels: Uint8Array): void {
        const gl = this.gl;
        gl.bindTexture(gl.TEXTURE_2D, this._atlas);
        gl.pixelStorei(gl.UNPACK_ALIGNMENT, 1);
        gl.pixelStorei(gl.UNPACK_FLIP_Y_WEBGL, false);
        gl.pixelStorei(gl.UNPACK_PREMULTIPLY_ALPHA_WEBGL, false);
        gl.texSubImage2D(gl.TEXTURE_2D, 0, x, y, width, height, gl.RED, gl.UNSIGNED_BYTE, texels, 0);
    }

    drawPage(width: number, height: number, instances: Uint8Array, first: number, count: number): void {
        const gl = this.gl;
        if (gl.isContextLost()) { this._lostSeen = true; return; } // the planner checks beginFrame / isLost
        if (width > this.maxTextureSize || height > this.maxTextureSize) {
            throw new RangeError(`page ${width}x${height} is over this device's limit of ${this.maxTextureSize} pixels a side (the planner splits pages below maxPageSize; keep it within maxTextureSize).`);
        }
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
        gl.colorMask(true, true, true, true);
        gl.enable(gl.SCISSOR_TEST);
        gl.scissor(0, 0, width, height);
        gl.clearColor(0, 0, 0, 0);
        gl.clear(gl.COLOR_BUFFER_BIT);
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
        gl.bindFramebuffer(gl.FRAMEBUFFER, this._fbo);
        gl.bindBuffer(gl.PIXEL_PACK_BUFFER, null);
        gl.pixelStorei(gl.PACK_ALIGNMENT, 4);
        gl.readPixels(0, 0, this._pageW, this._pageH, gl.RGBA, gl.UNSIGNED_BYTE, out, 0);
    }

    startRead(slot: number): void {
        const gl = this.gl;
        if (gl.isContextLost()) { this._lostSeen = true; return; }
        const bytes = this._pageW * this._pageH * 4;
        let pbo = this._pbo[slot] ?? null;
        if (pbo === null) {
            pbo = must(gl.createBuffer(), 'pixel buffer');
            this._pbo[slot] = pbo;
            this._pboBytes[slot] = 0;
        }
        gl.bindBuffer(gl.PIXEL_PACK_BUFFER, pbo);
        if (this._pboBytes[slot] < bytes) {
            this._pboBytes[slot] = Math.max(bytes, 2 * this._pboBytes[slot]);
            gl.bufferData(gl.PIXEL_PACK_BUFFER, this._pboBytes[slot], gl.STREAM_READ);
        }
        gl.bindFramebuffer(gl.FRAMEBUFFER, this._fbo);
        gl.pixelStorei(gl.PACK_ALIGNMENT, 4);
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
        const gl = this.gl, sync = this._sync[slot], pbo = this._pbo[slot];
        if (!sync || !pbo || gl.isContextLost()) { if (gl.isContextLost()) this._lostSeen = true; return false; }
        const bytes = this._slotW[slot] * this._slotH[slot] * 4;
        if (out.length < bytes) throw new RangeError(`finishRead needs ${bytes} bytes, got ${out.length}.`);
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

function must<T>(x: T | null, what: string): T {
    if (x === null) throw new WebGL2UnavailableError(`Could not create a WebGL2 ${what} (context lost?).`);
    return x;
}

function link(gl: WebGL2RenderingContext, vs: string, fs: string): WebGLProgram {
    const program = must(gl.createProgram(), 'program');
    for (const [type, src] of [[gl.VERTEX_SHADER, vs], [gl.FRAGMENT_SHADER, fs]] as const) {
        const sh = must(gl.createShader(type), 'shader');
        gl.shaderSource(sh, src);
        gl.compileShader(sh);
        if (!gl.getShaderParameter(sh, gl.COMPILE_STATUS)) {
            throw new WebGL2UnavailableError(`The pixel-collide ${type === gl.VERTEX_SHADER ? 'vertex' : 'fragment'} shader did not compile: ${gl.getShaderInfoLog(sh) ?? ''}.`);
        }
        gl.attachShader(program, sh);
    }
    gl.linkProgram(program);
    if (!gl.getProgramParameter(program, gl.LINK_STATUS)) {
        throw new WebGL2UnavailableError(`The pixel-collide program did not link: ${gl.getProgramInfoLog(program) ?? ''}.`);
    }
    return program;
}
