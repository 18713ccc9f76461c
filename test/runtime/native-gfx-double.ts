/**
 * A small double of the engine's gfx device, to run the real engine-gfx page backend
 * (runtime/gpu/gpu-gfx-backend.ts, `CocosGfxBackend`) without a GPU. Modelled on the engine's
 * source (Cocos Creator 3.8, cocos/cocos-engine):
 *
 * - `cocos/gfx/base/define.ts`: the enums and info classes the backend touches, with the engine's
 *   values and constructor argument order ({@link GFX_DEFINES}; the test puts them on `gfx`).
 * - `native/cocos/renderer/GFXDeviceManager.h`: natively the device is
 *   `DeviceValidator(DeviceAgent(GLES3Device | VKDevice | ...))`, the validator only in a debug
 *   build (`CC_DEBUG > 0`): modes `'debug'` and `'release'`.
 * - `gfx-agent/DeviceAgent.cpp`, `BufferAgent.cpp`, `QueueAgent.cpp`: the main thread posts each
 *   device call as a message to the render thread (`_mainMessageQueue`), copying its data at once
 *   (`BufferAgent::update`, `doBufferTextureCopy`); `copyTextureToBuffers` posts, then waits
 *   (`kickAndWait`) until the render thread has run every message posted so far. Here: a list of
 *   messages, run at that wait.
 * - `gfx-agent/CommandBufferAgent.cpp`: every command buffer has its own message queue; a command
 *   (arguments copied: the render area, the clear colours, the draw info) is a message there.
 *   Only `DeviceAgent::flushCommands` publishes them (`finishWriting`) and has the render thread
 *   replay them on the backend's command buffer (`DeviceFlushCommands` -> `flushMessages`).
 *   Commands never flushed never reach the backend.
 * - `QueueAgent::submit` posts `QueueSubmit`: the backend runs what its command buffer holds. (The
 *   double's backend runs recorded commands at submit, as Vulkan and Metal do; GLES3's primary
 *   buffer runs them as the flush replays them and `GLES3Queue::submit` finds nothing pending.
 *   Without the flush nothing runs on either.)
 * - `gfx-validator/CommandBufferValidator.cpp` (`begin` clears `_commandsFlushed`),
 *   `DeviceValidator.cpp` (`flushCommands` sets it), `QueueValidator.cpp:69`
 *   (`CC_ASSERT(cmdBuff->isCommandsFlushed())`, an abort in a debug build): here a
 *   {@link NativeAssert} thrown from `queue.submit`.
 * - The web (mode `'web'`): `cocos/gfx/webgl2/webgl2-device.ts` (`flushCommands`: "noop"; device
 *   calls run at once), `webgl2-primary-command-buffer.ts` (a primary buffer runs each command as
 *   it is recorded), `webgl2-queue.ts` (`submit` only counts).
 *
 * The "GPU" is a {@link SoftGfxBackend} (the effect evaluated in software, on plain arrays): the
 * atlas texture's creation and `copyBuffersToTexture` are its `createAtlas` / `uploadAtlas`, a
 * colour-attachment texture its `setTarget` (one slot per texture), a draw that runs its `draw`
 * (the page size from the `uPage` uniform as uploaded by `pass.update()`, the vertices from the
 * bound input assembler's buffer), `copyTextureToBuffers` its `read`.
 */
import { SoftGfxBackend } from './soft-gfx-backend';

// ---- cocos/gfx/base/define.ts (the members the backend uses, the engine's values) ----------------

export enum API { UNKNOWN, GLES2, GLES3, METAL, VULKAN, NVN, WEBGL, WEBGL2, WEBGPU }
export enum Format { UNKNOWN = 0, A8 = 1, L8 = 2, LA8 = 3, R8 = 4, RGBA8 = 35, RGBA32F = 44 }
export enum FormatFeatureBit { NONE = 0, RENDER_TARGET = 0x1, SAMPLED_TEXTURE = 0x2, LINEAR_FILTER = 0x4, STORAGE_TEXTURE = 0x8, VERTEX_ATTRIBUTE = 0x10 }
export enum TextureType { TEX1D, TEX2D, TEX3D, CUBE, TEX1D_ARRAY, TEX2D_ARRAY }
export enum TextureUsageBit { NONE = 0, TRANSFER_SRC = 0x1, TRANSFER_DST = 0x2, SAMPLED = 0x4, STORAGE = 0x8, COLOR_ATTACHMENT = 0x10, DEPTH_STENCIL_ATTACHMENT = 0x20 }
export enum SampleCount { X1 = 0x01, X2 = 0x02, X4 = 0x04 }
export enum LoadOp { LOAD, CLEAR, DISCARD }
export enum StoreOp { STORE, DISCARD }
export enum CommandBufferType { PRIMARY, SECONDARY }
export enum Filter { NONE, POINT, LINEAR, ANISOTROPIC }
export enum Address { WRAP, MIRROR, CLAMP, BORDER }
export enum BufferUsageBit { NONE = 0, TRANSFER_SRC = 0x1, TRANSFER_DST = 0x2, INDEX = 0x4, VERTEX = 0x8, UNIFORM = 0x10 }
export enum MemoryUsageBit { NONE = 0, DEVICE = 0x1, HOST = 0x2 }

export class Rect { constructor(public x = 0, public y = 0, public width = 0, public height = 0) {} }
export class Color { constructor(public x = 0, public y = 0, public z = 0, public w = 0) {} }
export class Offset { constructor(public x = 0, public y = 0, public z = 0) {} }
export class Extent { constructor(public width = 0, public height = 0, public depth = 1) {} }
export class TextureSubresLayers { constructor(public mipLevel = 0, public baseArrayLayer = 0, public layerCount = 1) {} }
export class BufferTextureCopy {
    constructor(public buffOffset = 0, public buffStride = 0, public buffTexHeight = 0, public texOffset = new Offset(),
        public texExtent = new Extent(), public texSubres = new TextureSubresLayers()) {}
}
export class TextureInfo {
    constructor(public type = TextureType.TEX2D, public usage: number = TextureUsageBit.NONE, public format = Format.UNKNOWN,
        public width = 0, public height = 0) {}
}
export class ColorAttachment {
    constructor(public format = Format.UNKNOWN, public sampleCount = SampleCount.X1, public loadOp = LoadOp.CLEAR, public storeOp = StoreOp.STORE) {}
}
export class DepthStencilAttachment {
    constructor(public format = Format.UNKNOWN, public sampleCount = SampleCount.X1) {}
}
export class RenderPassInfo {
    constructor(public colorAttachments: ColorAttachment[] = [], public depthStencilAttachment = new DepthStencilAttachment()) {}
}
export class FramebufferInfo {
    constructor(public renderPass: RenderPassDouble = null!, public colorTextures: TextureDouble[] = [], public depthStencilTexture: TextureDouble | null = null) {}
}
export class CommandBufferInfo { constructor(public queue: QueueDouble = null!, public type = CommandBufferType.PRIMARY) {} }
export class SamplerInfo {
    constructor(public minFilter = Filter.LINEAR, public magFilter = Filter.LINEAR, public mipFilter = Filter.NONE,
        public addressU = Address.WRAP, public addressV = Address.WRAP, public addressW = Address.WRAP) {}
}
export class Attribute {
    constructor(public name = '', public format = Format.UNKNOWN, public isNormalized = false, public stream = 0, public isInstanced = false, public location = 0) {}
}
export class BufferInfo {
    constructor(public usage: number = BufferUsageBit.NONE, public memUsage: number = MemoryUsageBit.NONE, public size = 0, public stride = 1) {}
}
export class InputAssemblerInfo {
    constructor(public attributes: Attribute[] = [], public vertexBuffers: BufferDouble[] = [], public indexBuffer: BufferDouble | null = null) {}
}

/** What the test puts on the `cc` double's empty `gfx`. */
export const GFX_DEFINES = {
    API, Format, FormatFeatureBit, TextureType, TextureUsageBit, SampleCount, LoadOp, StoreOp, CommandBufferType, Filter, Address,
    BufferUsageBit, MemoryUsageBit, Rect, Color, Offset, Extent, TextureSubresLayers, BufferTextureCopy, TextureInfo, ColorAttachment,
    DepthStencilAttachment, RenderPassInfo, FramebufferInfo, CommandBufferInfo, SamplerInfo, Attribute, BufferInfo, InputAssemblerInfo,
};

// ---- The device ------------------------------------------------------------------------------------

/** `'debug'`: native with the validator; `'release'`: native without; `'web'`: WebGL2. */
export type GfxMode = 'debug' | 'release' | 'web';

/** A native `CC_ASSERT` that failed (a debug build aborts the process there). */
export class NativeAssert extends Error {
    constructor(where: string) {
        super(`CC_ASSERT failed: ${where}`);
        this.name = 'NativeAssert';
    }
}

export class TextureDouble {
    /** The GPU's target slot (a colour attachment), or -1 (the atlas). */
    slot = -1;
    destroyed = false;
    constructor(private readonly _device: GfxDeviceDouble, readonly info: TextureInfo) {}
    destroy(): void { this._device.post(() => { this.destroyed = true; }); }
}

export class BufferDouble {
    /** The contents as the render thread sees them. */
    data: Uint8Array;
    constructor(private readonly _device: GfxDeviceDouble, readonly info: BufferInfo) { this.data = new Uint8Array(info.size); }
    /** `BufferAgent::update`: the bytes copied now, written when the render thread gets there. */
    update(view: ArrayBufferView | ArrayBuffer, size?: number): void {
        const src = ArrayBuffer.isView(view) ? new Uint8Array(view.buffer, view.byteOffset, view.byteLength) : new Uint8Array(view);
        const n = size ?? src.byteLength;
        if (n > src.byteLength || n > this.data.byteLength) throw new NativeAssert(`BufferAgent::update: ${n} bytes from a view of ${src.byteLength} into a buffer of ${this.data.byteLength}`);
        const copy = src.slice(0, n);
        this._device.post(() => this.data.set(copy));
    }
    destroy(): void { /* nothing to free */ }
}

export class InputAssemblerDouble {
    vertexCount = 0;
    firstVertex = 0;
    constructor(readonly info: InputAssemblerInfo) {}
    get vertexBuffers(): BufferDouble[] { return this.info.vertexBuffers; }
    destroy(): void { /* nothing to free */ }
}

export class RenderPassDouble {
    constructor(readonly info: RenderPassInfo) {}
    destroy(): void { /* nothing to free */ }
}

export class FramebufferDouble {
    constructor(readonly info: FramebufferInfo) {}
    destroy(): void { /* nothing to free */ }
}

/** The material pass' descriptor set: bindings take effect at `update()` (`DescriptorSetAgent::update`). */
export class DescriptorSetDouble {
    private _textures: (TextureDouble | null)[] = [];
    private _samplers: (SamplerInfo | null)[] = [];
    /** The bindings as the render thread sees them. */
    textures: (TextureDouble | null)[] = [];
    samplers: (SamplerInfo | null)[] = [];
    constructor(private readonly _device: GfxDeviceDouble, readonly uniforms: BufferDouble) {}
    bindTexture(binding: number, tex: TextureDouble): void { this._textures[binding] = tex; }
    bindSampler(binding: number, s: SamplerInfo): void { this._samplers[binding] = s; }
    update(): void {
        const t = this._textures.slice(), s = this._samplers.slice();
        this._device.post(() => { this.textures = t; this.samplers = s; });
    }
}

/** The `uPage` and `uAtlasSize` handles and the `uAtlas` binding of the double's pass. */
const H_PAGE = 1, H_ATLAS_SIZE = 2, B_ATLAS = 0;

/**
 * The pixel-collide material's pass 0, as much as the backend uses (`cocos/render-scene/core/pass.ts`):
 * `setUniform` writes the root block, `update()` uploads it (when dirty) to the uniform buffer and
 * updates the descriptor set.
 */
export class PassDouble {
    readonly descriptorSet: DescriptorSetDouble;
    readonly shader = { name: 'pixel-collide|pass0' };
    private readonly _block = new Float32Array(8); // uPage at 0, uAtlasSize at 4
    private _dirty = false;
    constructor(device: GfxDeviceDouble) {
        this.descriptorSet = new DescriptorSetDouble(device, device.createBuffer(new BufferInfo(BufferUsageBit.UNIFORM | BufferUsageBit.TRANSFER_DST, MemoryUsageBit.DEVICE, 32)));
    }
    getShaderVariant(): { name: string } { return this.shader; }
    getHandle(name: string): number { return name === 'uPage' ? H_PAGE : name === 'uAtlasSize' ? H_ATLAS_SIZE : 0; }
    getBinding(name: string): number { return name === 'uAtlas' ? B_ATLAS : -1; }
    setUniform(handle: number, v: { x: number; y: number; z: number; w: number }): void {
        const o = 4 * (handle - 1);
        this._block[o] = v.x; this._block[o + 1] = v.y; this._block[o + 2] = v.z; this._block[o + 3] = v.w;
        this._dirty = true;
    }
    bindTexture(binding: number, tex: TextureDouble): void { this.descriptorSet.bindTexture(binding, tex); }
    bindSampler(binding: number, s: SamplerInfo): void { this.descriptorSet.bindSampler(binding, s); }
    update(): void {
        if (this._dirty) { this.descriptorSet.uniforms.update(this._block, this._block.byteLength); this._dirty = false; }
        this.descriptorSet.update();
    }
}

/** What `PipelineStateManager.getOrCreatePipelineState` gives in the test. */
export interface PipelineStateDouble { shader: unknown; renderPass: RenderPassDouble }

type Cmd =
    | { op: 'begin' } | { op: 'end' } | { op: 'endRenderPass' }
    | { op: 'beginRenderPass'; fb: FramebufferDouble; area: Rect; clear: Color[] }
    | { op: 'bindPipelineState'; pso: PipelineStateDouble }
    | { op: 'bindDescriptorSet'; set: number; ds: DescriptorSetDouble }
    | { op: 'bindInputAssembler'; ia: InputAssemblerDouble }
    | { op: 'draw'; vertexCount: number; firstVertex: number };

/**
 * A command buffer: `CommandBufferValidator` (debug) over `CommandBufferAgent` (native) over the
 * backend's buffer; on the web, a `WebGL2PrimaryCommandBuffer`.
 */
export class CommandBufferDouble {
    /** Validator: `_commandsFlushed` (cleared by `begin`, set by `DeviceValidator::flushCommands`). */
    commandsFlushed = false;
    /** Agent: messages written to this buffer's queue, not yet published by a flush. */
    pending: Cmd[] = [];
    /** Backend: the commands the render thread replayed into it, run at submit. */
    recorded: Cmd[] = [];
    constructor(private readonly _device: GfxDeviceDouble) {}
    begin(): void { this.commandsFlushed = false; this._record({ op: 'begin' }); }
    end(): void { this._record({ op: 'end' }); }
    beginRenderPass(_rp: RenderPassDouble, fb: FramebufferDouble, area: Rect, clear: Color[], _depth: number, _stencil: number): void {
        // The agent copies the render area and the clear colours into the message.
        this._record({ op: 'beginRenderPass', fb, area: new Rect(area.x, area.y, area.width, area.height), clear: clear.map((c) => new Color(c.x, c.y, c.z, c.w)) });
    }
    endRenderPass(): void { this._record({ op: 'endRenderPass' }); }
    bindPipelineState(pso: PipelineStateDouble): void { this._record({ op: 'bindPipelineState', pso }); }
    bindDescriptorSet(set: number, ds: DescriptorSetDouble): void { this._record({ op: 'bindDescriptorSet', set, ds }); }
    bindInputAssembler(ia: InputAssemblerDouble): void { this._record({ op: 'bindInputAssembler', ia }); }
    /** The draw info is copied (by value) when recorded. */
    draw(ia: InputAssemblerDouble): void { this._record({ op: 'draw', vertexCount: ia.vertexCount, firstVertex: ia.firstVertex }); }
    destroy(): void { /* nothing to free */ }
    private _record(cmd: Cmd): void {
        if (this._device.mode === 'web') this._device.run(cmd);
        else this.pending.push(cmd);
    }
}

export class QueueDouble {
    submits = 0;
    constructor(private readonly _device: GfxDeviceDouble) {}
    submit(cmds: CommandBufferDouble[]): void {
        const d = this._device;
        if (d.mode === 'debug') {
            for (const c of cmds) if (!c.commandsFlushed) throw new NativeAssert('QueueValidator.cpp:69 CC_ASSERT(cmdBuff->isCommandsFlushed()): command buffers must be flushed before submit');
        }
        this.submits++;
        if (d.mode === 'web') return; // webgl2-queue.ts: the commands ran as they were recorded
        d.post(() => {
            for (const c of cmds) {
                for (const cmd of c.recorded) d.run(cmd);
                c.recorded.length = 0;
            }
        });
    }
}

/** The device (see the file notes). `gpu` is the software GPU; the counters are for the tests. */
export class GfxDeviceDouble {
    readonly gfxAPI: API;
    readonly capabilities = { maxTextureSize: 4096, clipSpaceSignY: 1, screenSpaceSignY: 1 };
    readonly queue: QueueDouble;
    /** WebGL2Device's context (the backend asks it `isContextLost`); none natively. */
    readonly gl?: { isContextLost(): boolean };
    /** Calls of `flushCommands` (in every mode), draws the GPU ran, render-thread messages run. */
    flushes = 0;
    draws = 0;
    messages = 0;
    private _main: (() => void)[] = [];
    private _slots = 0;
    private _atlas: TextureDouble | null = null;
    // The GPU's current state (set by the commands as they run).
    private _fb: FramebufferDouble | null = null;
    private _area = new Rect();
    private _pso: PipelineStateDouble | null = null;
    private _ds: DescriptorSetDouble | null = null;
    private _ia: InputAssemblerDouble | null = null;

    constructor(readonly mode: GfxMode, readonly gpu = new SoftGfxBackend()) {
        this.gfxAPI = mode === 'web' ? API.WEBGL2 : API.GLES3;
        if (mode === 'web') this.gl = { isContextLost: () => false };
        this.queue = new QueueDouble(this);
    }

    getFormatFeatures(_f: Format): number { return FormatFeatureBit.RENDER_TARGET | FormatFeatureBit.SAMPLED_TEXTURE | FormatFeatureBit.LINEAR_FILTER; }
    createRenderPass(info: RenderPassInfo): RenderPassDouble { return new RenderPassDouble(info); }
    createCommandBuffer(_info: CommandBufferInfo): CommandBufferDouble { return new CommandBufferDouble(this); }
    getSampler(info: SamplerInfo): SamplerInfo { return info; }
    createBuffer(info: BufferInfo): BufferDouble { return new BufferDouble(this, info); }
    createInputAssembler(info: InputAssemblerInfo): InputAssemblerDouble { return new InputAssemblerDouble(info); }
    createFramebuffer(info: FramebufferInfo): FramebufferDouble { return new FramebufferDouble(info); }

    createTexture(info: TextureInfo): TextureDouble {
        const tex = new TextureDouble(this, info);
        if (info.usage & TextureUsageBit.COLOR_ATTACHMENT) {
            if (info.format !== Format.RGBA8) throw new Error('the double renders to RGBA8 only');
            tex.slot = this._slots++;
            this.post(() => this.gpu.setTarget(tex.slot, info.width, info.height));
        } else {
            this.post(() => { this._atlas = tex; this.gpu.createAtlas(info.width, info.height); });
        }
        return tex;
    }

    /** `doBufferTextureCopy`: each region's bytes copied now (honouring offset and row stride), written later. */
    copyBuffersToTexture(buffers: ArrayBufferView[], tex: TextureDouble, regions: BufferTextureCopy[]): void {
        const bpp = tex.info.format === Format.RGBA8 ? 4 : 1;
        regions.forEach((g, i) => {
            const b = buffers[i], src = new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
            const w = g.texExtent.width, h = g.texExtent.height, x = g.texOffset.x, y = g.texOffset.y;
            const stride = (g.buffStride || w) * bpp;
            if (g.buffOffset + stride * (h - 1) + w * bpp > src.length) throw new NativeAssert('doBufferTextureCopy: the buffer is shorter than its region');
            const texels = new Uint8Array(w * h);
            for (let r = 0; r < h; r++) for (let c = 0; c < w; c++) texels[r * w + c] = src[g.buffOffset + r * stride + c * bpp];
            this.post(() => {
                if (tex !== this._atlas || tex.destroyed) throw new Error('upload to a texture that is not the live atlas');
                this.gpu.uploadAtlas(x, y, w, h, texels);
            });
        });
    }

    /** Posts the copy, then waits for the render thread (`kickAndWait`). */
    copyTextureToBuffers(tex: TextureDouble, buffers: ArrayBufferView[], regions: BufferTextureCopy[]): void {
        regions.forEach((g, i) => {
            const b = buffers[i], out = new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
            if (g.texOffset.x !== 0 || g.texOffset.y !== 0) throw new Error('the double reads from (0, 0) only');
            this.post(() => {
                if (tex.slot < 0 || tex.destroyed) throw new Error('read of a texture that is not a live target');
                this.gpu.read(tex.slot, g.texExtent.width, g.texExtent.height, out);
            });
        });
        this.kickAndWait();
    }

    /**
     * Native: the validator marks the buffers flushed; the agent publishes their messages and posts
     * `DeviceFlushCommands`, which replays them into the backend's buffers. The web: a no-op.
     */
    flushCommands(cmds: CommandBufferDouble[]): void {
        this.flushes++;
        if (this.mode === 'web') return;
        for (const c of cmds) {
            if (this.mode === 'debug') c.commandsFlushed = true;
            const published = c.pending.splice(0);
            this.post(() => {
                for (const cmd of published) {
                    if (cmd.op === 'begin') c.recorded.length = 0;
                    c.recorded.push(cmd);
                }
            });
        }
    }

    /** A message to the render thread (run at once on the web). */
    post(message: () => void): void {
        if (this.mode === 'web') { this.messages++; message(); } else this._main.push(message);
    }

    /** `MessageQueue::kickAndWait`: the render thread runs everything posted so far. */
    kickAndWait(): void {
        for (let i = 0; i < this._main.length; i++) { this.messages++; this._main[i](); }
        this._main.length = 0;
    }

    /** The GPU runs one command. */
    run(cmd: Cmd): void {
        switch (cmd.op) {
            case 'begin': this._pso = null; this._ds = null; this._ia = null; break;
            case 'end': if (this._fb) throw new Error('end inside a render pass'); break;
            case 'beginRenderPass': {
                const tex = cmd.fb.info.colorTextures[0];
                if (!tex || tex.slot < 0 || tex.destroyed) throw new Error('render pass on a framebuffer without a live target');
                if (cmd.fb.info.renderPass.info.colorAttachments[0].loadOp !== LoadOp.CLEAR) throw new Error('the double models a CLEAR load only');
                this._fb = cmd.fb;
                this._area = cmd.area;
                const t = this.gpu.targets[tex.slot], a = cmd.area, c = cmd.clear[0];
                if (a.x < 0 || a.y < 0 || a.x + a.width > t.w || a.y + a.height > t.h) throw new Error('render area outside the target');
                const rgba = [c.x, c.y, c.z, c.w].map((v) => Math.round(Math.min(Math.max(v, 0), 1) * 255));
                for (let y = a.y; y < a.y + a.height; y++) for (let x = a.x; x < a.x + a.width; x++) t.px.set(rgba, 4 * (y * t.w + x));
                break;
            }
            case 'endRenderPass': this._fb = null; break;
            case 'bindPipelineState': this._pso = cmd.pso; break;
            case 'bindDescriptorSet': this._ds = cmd.ds; break;
            case 'bindInputAssembler': this._ia = cmd.ia; break;
            case 'draw': {
                const fb = this._fb, ds = this._ds, ia = this._ia;
                if (!fb || !this._pso || !ds || !ia) throw new Error('draw without a render pass, pipeline, descriptor set and input assembler');
                if (this._pso.renderPass !== fb.info.renderPass) throw new Error('pipeline made for another render pass');
                if (ds.textures[B_ATLAS] !== this._atlas || !ds.samplers[B_ATLAS]) throw new Error('uAtlas is not the live atlas with a sampler');
                const u = new Float32Array(ds.uniforms.data.buffer, ds.uniforms.data.byteOffset, 8);
                const pageW = u[0], pageH = u[1];
                if (Math.abs(u[2]) !== 1) throw new Error('uPage.z is not a y sign');
                if (u[4] !== this.gpu.aw || u[5] !== this.gpu.ah) throw new Error('uAtlasSize is not the atlas\' size');
                const a = this._area;
                if (a.x !== 0 || a.y !== 0 || a.width < pageW || a.height < pageH) throw new Error('the page is outside the render area');
                const vb = ia.vertexBuffers[0];
                const v = new Float32Array(vb.data.buffer, vb.data.byteOffset, vb.data.byteLength >> 2);
                if (cmd.firstVertex !== 0) throw new Error('the double draws from vertex 0 only');
                this.gpu.draw(fb.info.colorTextures[0].slot, pageW, pageH, v, cmd.vertexCount);
                this.draws++;
                break;
            }
        }
    }
}
