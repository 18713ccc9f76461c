/**
 * The engine half of the engine-gfx device (`gpu-gfx-device.ts`): everything it draws and reads
 * goes through the engine's gfx API, as the engine's own rendering does, so the same code runs
 * on WebGL2, WebGL1 and native (GLES, Metal, Vulkan):
 *
 * ```
 *   Material(pixel-collide.effect) ─ pass 0: shader variant, uniform block, uAtlas binding
 *   mask atlas     gfx Texture R8 (L8 on WebGL1), POINT sampler, CLAMP; device.copyBuffersToTexture
 *   vertices       gfx Buffer (VERTEX) + InputAssembler: 6 vertices per tile, 7 float vec4 attributes
 *   page targets   gfx Texture RGBA8 (COLOR_ATTACHMENT | TRANSFER_SRC) + Framebuffer, one RenderPass
 *   a page         command buffer: beginRenderPass (clear to 0, render area = the page) ─
 *                  bindPipelineState ─ bindDescriptorSet ─ bindInputAssembler ─ draw ─ end;
 *                  device.flushCommands, then queue.submit (as the engine's own passes do)
 *   readback       device.copyTextureToBuffers (a readPixels on WebGL)
 * ```
 *
 * The engine's state caches see every call (nothing is drawn behind the engine's back), so no
 * GL state needs restoring; it draws in the collision step (`postUpdate`), before the engine
 * renders the frame, into its own textures only.
 */
import { EffectAsset, gfx, Material, PipelineStateManager, Vec4 } from 'cc';
import type { renderer } from 'cc';
import { GFX_ATTRIBUTES, GFX_VERTEX_FLOATS } from '../../core/gpu/shader';
import type { GfxPageBackend } from './gpu-gfx-device';

/** The material set's index in a pass' pipeline layout (`pipeline.SetIndex.MATERIAL`). */
const SET_MATERIAL = 1;
const VERTEX_BYTES = GFX_VERTEX_FLOATS * 4;

/** Thrown when the engine-gfx backend cannot be built (the message says why). */
export class GfxBackendUnavailableError extends Error {
    constructor(what: string) {
        super(what);
        this.name = 'GfxBackendUnavailableError';
    }
}

/**
 * Finds the loaded `pixel-collide` effect: the one given, else one registered under a name
 * ending in `pixel-collide` (Creator names an effect after its path in the asset database).
 */
export function findPixelCollideEffect(given: EffectAsset | null): EffectAsset | null {
    if (given) return given;
    const direct = EffectAsset.get('pixel-collide');
    if (direct) return direct;
    const all = EffectAsset.getAll() as Record<string, EffectAsset>;
    for (const name in all) if (/(^|\/)pixel-collide$/.test(name)) return all[name];
    return null;
}

/** The engine-gfx {@link GfxPageBackend} (see the file notes). */
export class CocosGfxBackend implements GfxPageBackend {
    readonly maxTextureSize: number;
    /** The atlas texture's format (R8, L8 on WebGL1, RGBA8 where neither can be sampled). */
    readonly atlasFormat: gfx.Format;
    private readonly _device: gfx.Device;
    private readonly _material: Material;
    private readonly _pass: renderer.Pass;
    private readonly _shader: gfx.Shader;
    private readonly _hPage: number;
    private readonly _hAtlas: number;
    private readonly _bAtlas: number;
    private readonly _renderPass: gfx.RenderPass;
    private readonly _cmd: gfx.CommandBuffer;
    /** `[_cmd]`, kept: flushCommands and submit take a list. */
    private readonly _cmds: gfx.CommandBuffer[];
    private readonly _sampler: gfx.Sampler;
    private readonly _ySign: number;
    private readonly _attributes: gfx.Attribute[];
    private _vb: gfx.Buffer | null = null;
    private _ia: gfx.InputAssembler | null = null;
    private _vbBytes = 0;
    private _upload: Float32Array | null = null;
    private _atlas: gfx.Texture | null = null;
    private _targets: (gfx.Texture | null)[] = [];
    private _fbs: (gfx.Framebuffer | null)[] = [];
    private _zeros = new Uint8Array(0);
    private _wide = new Uint8Array(0);
    private readonly _v4 = new Vec4();
    private readonly _rect = new gfx.Rect();
    private readonly _clear = [new gfx.Color(0, 0, 0, 0)];
    private readonly _region = new gfx.BufferTextureCopy();
    private readonly _buffers: ArrayBufferView[] = [new Uint8Array(0)];
    private readonly _regions: gfx.BufferTextureCopy[] = [this._region];
    private readonly _gl: { isContextLost(): boolean } | null;

    constructor(device: gfx.Device, effect: EffectAsset) {
        this._device = device;
        const caps = device.capabilities;
        this.maxTextureSize = caps.maxTextureSize;
        this._ySign = (caps.clipSpaceSignY < 0 ? -1 : 1) * (caps.screenSpaceSignY < 0 ? -1 : 1);
        const gl = (device as unknown as { gl?: { isContextLost?: unknown } }).gl;
        this._gl = gl && typeof gl.isContextLost === 'function' ? gl as { isContextLost(): boolean } : null;
        this._material = new Material();
        this._material.initialize({ effectAsset: effect });
        const pass = this._material.passes[0];
        if (!pass) throw new GfxBackendUnavailableError(`the effect '${effect.name}' has no pass`);
        this._pass = pass;
        const shader = pass.getShaderVariant();
        if (!shader) throw new GfxBackendUnavailableError(`the effect '${effect.name}' did not compile for this device (${gfx.API[device.gfxAPI] ?? device.gfxAPI})`);
        this._shader = shader;
        this._hPage = pass.getHandle('uPage');
        this._hAtlas = pass.getHandle('uAtlasSize');
        this._bAtlas = pass.getBinding('uAtlas');
        if (!this._hPage || this._bAtlas < 0) throw new GfxBackendUnavailableError(`the effect '${effect.name}' is not pixel-collide.effect (no uPage / uAtlas)`);
        const sampled = (f: gfx.Format) => (device.getFormatFeatures(f) & gfx.FormatFeatureBit.SAMPLED_TEXTURE) !== 0;
        this.atlasFormat = device.gfxAPI !== gfx.API.WEBGL && sampled(gfx.Format.R8) ? gfx.Format.R8
            : sampled(gfx.Format.L8) ? gfx.Format.L8 : gfx.Format.RGBA8;
        this._renderPass = device.createRenderPass(new gfx.RenderPassInfo(
            [new gfx.ColorAttachment(gfx.Format.RGBA8, gfx.SampleCount.X1, gfx.LoadOp.CLEAR, gfx.StoreOp.STORE)],
            new gfx.DepthStencilAttachment(),
        ));
        this._cmd = device.createCommandBuffer(new gfx.CommandBufferInfo(device.queue, gfx.CommandBufferType.PRIMARY));
        this._cmds = [this._cmd];
        this._sampler = device.getSampler(new gfx.SamplerInfo(gfx.Filter.POINT, gfx.Filter.POINT, gfx.Filter.NONE,
            gfx.Address.CLAMP, gfx.Address.CLAMP, gfx.Address.CLAMP));
        this._attributes = GFX_ATTRIBUTES.map((name) => new gfx.Attribute(name, gfx.Format.RGBA32F, false, 0, false));
    }

    generation(): number {
        return this._gl !== null && this._gl.isContextLost() ? -1 : 0;
    }

    createAtlas(width: number, height: number): void {
        if (this._atlas) this._atlas.destroy();
        const bpp = this.atlasFormat === gfx.Format.RGBA8 ? 4 : 1;
        this._atlas = this._device.createTexture(new gfx.TextureInfo(gfx.TextureType.TEX2D,
            gfx.TextureUsageBit.SAMPLED | gfx.TextureUsageBit.TRANSFER_DST, this.atlasFormat, width, height));
        if (this._zeros.length < width * height * bpp) this._zeros = new Uint8Array(width * height * bpp);
        this._copyIn(0, 0, width, height, this._zeros.subarray(0, width * height * bpp));
        const p = this._pass;
        p.bindTexture(this._bAtlas, this._atlas);
        p.bindSampler(this._bAtlas, this._sampler);
        if (this._hAtlas) p.setUniform(this._hAtlas, this._v4.set(width, height, 1 / width, 1 / height));
    }

    uploadAtlas(x: number, y: number, width: number, height: number, texels: Uint8Array): void {
        if (this.atlasFormat !== gfx.Format.RGBA8) { this._copyIn(x, y, width, height, texels); return; }
        const n = width * height;
        if (this._wide.length < 4 * n) this._wide = new Uint8Array(4 * n);
        const w = this._wide;
        for (let i = 0; i < n; i++) w[4 * i] = w[4 * i + 1] = w[4 * i + 2] = w[4 * i + 3] = texels[i];
        this._copyIn(x, y, width, height, w.subarray(0, 4 * n));
    }

    setTarget(index: number, width: number, height: number): void {
        const old = this._targets[index], oldFb = this._fbs[index];
        if (oldFb) oldFb.destroy();
        if (old) old.destroy();
        const tex = this._device.createTexture(new gfx.TextureInfo(gfx.TextureType.TEX2D,
            gfx.TextureUsageBit.COLOR_ATTACHMENT | gfx.TextureUsageBit.SAMPLED | gfx.TextureUsageBit.TRANSFER_SRC, gfx.Format.RGBA8, width, height));
        this._targets[index] = tex;
        this._fbs[index] = this._device.createFramebuffer(new gfx.FramebufferInfo(this._renderPass, [tex], null));
    }

    draw(index: number, pageW: number, pageH: number, vertices: Float32Array, vertexCount: number): void {
        const fb = this._fbs[index];
        if (!fb) throw new Error(`page target ${index} was never made`);
        const bytes = vertexCount * VERTEX_BYTES;
        const cmd = this._cmd, pass = this._pass;
        pass.setUniform(this._hPage, this._v4.set(pageW, pageH, this._ySign, 0));
        pass.update();
        const r = this._rect;
        r.x = 0; r.y = 0; r.width = pageW; r.height = pageH;
        cmd.begin();
        cmd.beginRenderPass(this._renderPass, fb, r, this._clear, 1, 0);
        if (vertexCount > 0) {
            const ia = this._ensureVertices(bytes);
            // A view of exactly `bytes`: the web backends slice a longer view by *elements*
            // (webgl-commands.ts WebGLCmdFuncUpdateBuffer). Kept while the size repeats.
            if (this._upload === null || this._upload.buffer !== vertices.buffer || this._upload.byteLength !== bytes) {
                this._upload = vertices.subarray(0, bytes >> 2);
            }
            this._vb!.update(this._upload as unknown as ArrayBuffer, bytes); // the typings say BufferSource; a view is what the engine's own callers pass
            ia.vertexCount = vertexCount;
            const pso = PipelineStateManager.getOrCreatePipelineState(this._device, pass, this._shader, this._renderPass, ia);
            cmd.bindPipelineState(pso);
            cmd.bindDescriptorSet(SET_MATERIAL, pass.descriptorSet);
            cmd.bindInputAssembler(ia);
            cmd.draw(ia);
        }
        cmd.endRenderPass();
        cmd.end();
        // Flush before submit, as the engine does (ForwardPipeline.cpp, splash-screen.ts). On the
        // web it does nothing; natively the recorded commands reach the render thread only through
        // it: a release build would submit nothing (every GPU contact lost), a debug build aborts.
        this._device.flushCommands(this._cmds);
        this._device.queue.submit(this._cmds);
    }

    read(index: number, w: number, h: number, out: Uint8Array): void {
        const tex = this._targets[index];
        if (!tex) throw new Error(`page target ${index} was never made`);
        const g = this._region;
        g.buffOffset = 0; g.buffStride = 0; g.buffTexHeight = 0;
        g.texOffset.x = 0; g.texOffset.y = 0; g.texOffset.z = 0;
        g.texExtent.width = w; g.texExtent.height = h; g.texExtent.depth = 1;
        this._buffers[0] = out;
        this._device.copyTextureToBuffers(tex, this._buffers, this._regions);
    }

    dispose(): void {
        for (const f of this._fbs) if (f) f.destroy();
        for (const t of this._targets) if (t) t.destroy();
        this._fbs = [];
        this._targets = [];
        if (this._atlas) this._atlas.destroy();
        this._atlas = null;
        if (this._ia) this._ia.destroy();
        if (this._vb) this._vb.destroy();
        this._ia = null;
        this._vb = null;
        this._vbBytes = 0;
        this._cmd.destroy();
        this._renderPass.destroy();
        this._material.destroy();
    }

    private _copyIn(x: number, y: number, width: number, height: number, data: Uint8Array): void {
        if (!this._atlas) return;
        const g = this._region;
        g.buffOffset = 0; g.buffStride = 0; g.buffTexHeight = 0;
        g.texOffset.x = x; g.texOffset.y = y; g.texOffset.z = 0;
        g.texExtent.width = width; g.texExtent.height = height; g.texExtent.depth = 1;
        this._buffers[0] = data;
        this._device.copyBuffersToTexture(this._buffers, this._atlas, this._regions);
    }

    /** The vertex buffer and input assembler, made again (doubled) when `bytes` do not fit. */
    private _ensureVertices(bytes: number): gfx.InputAssembler {
        if (this._ia && bytes <= this._vbBytes) return this._ia;
        if (this._ia) this._ia.destroy();
        if (this._vb) this._vb.destroy();
        this._vbBytes = Math.max(bytes, 2 * this._vbBytes, 64 * 6 * VERTEX_BYTES);
        this._vb = this._device.createBuffer(new gfx.BufferInfo(gfx.BufferUsageBit.VERTEX | gfx.BufferUsageBit.TRANSFER_DST,
            gfx.MemoryUsageBit.DEVICE, this._vbBytes, VERTEX_BYTES));
        this._ia = this._device.createInputAssembler(new gfx.InputAssemblerInfo(this._attributes, [this._vb]));
        return this._ia;
    }
}
