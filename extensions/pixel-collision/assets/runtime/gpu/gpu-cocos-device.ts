/**
 * The GPU narrow phase's device inside Cocos Creator 3.8: the shipped WebGL2 device
 * (`gpu-gl-device.ts`) on the engine's own WebGL2 context, restoring every piece of GL state it
 * changes. {@link createCocosGpuDevice} returns it, or null and the reason where the GPU path
 * cannot work (the system then stays on the CPU with one warning).
 *
 * ## Why the engine's WebGL2 context, not engine cameras and a RenderTexture
 *
 * Read from the engine's source (v3.8.5):
 *
 * - **Readback.** The gfx layer reads a texture back only with `device.copyTextureToBuffers`,
 *   a synchronous `gl.readPixels` on WebGL2 (`WebGL2CmdFuncCopyTextureToBuffers`,
 *   `cocos/gfx/webgl2/webgl2-commands.ts`): no pixel buffer, no fence, no query pool on the web.
 *   The default non-blocking mode (`'nextFrame'`, a PIXEL_PACK_BUFFER and a fence) exists only
 *   on the raw context, which the WebGL2 device exposes (`WebGL2Device.gl`,
 *   `cocos/gfx/webgl2/webgl2-device.ts`).
 * - **When it draws.** Cameras render in `root.frameMove`, after every system's `postUpdate`
 *   (`Director.tick`, `cocos/game/director.ts`), so a camera-drawn page could be read at the
 *   earliest after the collision step: `'sameFrame'` (answers inside the step) is impossible
 *   that way, and `'nextFrame'` would be late by a frame plus the stall.
 * - **What it draws.** One instance per pair with integer attributes (tile, atlas rects) and
 *   `gl_VertexID` corners; the 2D batcher's vertex format is fixed (`a_position`, `a_texCoord`,
 *   `a_color`), so a camera path would need a hand-built mesh renderer per page, nodes on a
 *   hidden layer, a camera and a RenderTexture (limited to 2048 a side and REPEAT / LINEAR by
 *   default, COCOS-NOTES) kept in step with the planner every frame.
 * - **Cost.** The raw path measured 2.6 / 9.6 ms (same frame) and 0.9 / 1.9 ms blocked (next
 *   frame) for 50 / 200 pairs of 48x48 sprites in software WebGL2 (bench/results); the camera
 *   path would add the engine's per-node render work to the same synchronous read.
 *
 * The price of the raw context: the engine caches GL state (`WebGL2StateCache`) and skips calls
 * it believes redundant, so every call of the device records the state it changes and restores
 * it (`GlState`, see gpu-gl-device.ts), and binds no object of its own when it returns. The
 * cache's fields end in `$`, which release builds may mangle, so the device never reads or
 * writes the cache: it reads the GL state itself (`getParameter`). The engine does not cancel
 * `webglcontextlost` (`WebGL2Swapchain._onWebGLContextLost`), so a lost context stays lost; the
 * device then reports the loss and every frame goes to the CPU.
 *
 * `pixel-collide.effect` (effects/) holds the same shader as a Creator effect, for a backend
 * built on gfx pipelines; this device compiles the GLSL of `core/gpu/shader.ts` directly.
 *
 * ## Where there is no GPU path
 *
 * ```
 *   platform                          device      why
 *   web, WebGL2 (gfx.API.WEBGL2)      yes         texelFetch, integer attributes, PBO + fence
 *   web, WebGL1                       no          no texelFetch / ivec attributes / gl_VertexID
 *   web, WebGPU                       no          readback only through mapAsync (async, 256-byte
 *                                                 rows); no context to draw on from a step
 *   native (JSB: iOS, Android, ...)   no          no JS WebGL context; readback can return an
 *                                                 unchanged buffer (cocos-engine#17648)
 *   mini-games                        if WebGL2   the same feature checks
 * ```
 */
import { director, gfx, sys } from 'cc';
import type { EffectAsset } from 'cc';
import { JSB } from 'cc/env';
import { GlGpuDevice } from './gpu-gl-device';
import { GfxGpuDevice } from './gpu-gfx-device';
import { CocosGfxBackend, findPixelCollideEffect } from './gpu-gfx-backend';
import type { GpuDeviceResult } from './gpu-narrow';

/**
 * Which device the GPU narrow phase draws with (`CollisionSystem.gpuBackend`):
 *
 * - `'auto'` (default): the raw WebGL2 device where the engine renders with WebGL2 (the web's
 *   fast path: non-blocking readback), else the engine-gfx device (WebGL1, native), else none;
 * - `'webgl2'`: the raw WebGL2 device only;
 * - `'engine'`: the engine-gfx device only (`effects/pixel-collide.effect` through the
 *   engine's gfx API).
 */
export type GpuBackend = 'auto' | 'webgl2' | 'engine';

/** The factory's settings (CollisionSystem.gpuBackend / gpuEffect set them). */
export const cocosGpuSettings: { backend: GpuBackend; effect: EffectAsset | null } = { backend: 'auto', effect: null };

/** The functions of a WebGL2 context the device needs (a WebGL1 context lacks them). */
const NEEDED = ['texStorage2D', 'vertexAttribIPointer', 'drawArraysInstanced', 'fenceSync', 'clientWaitSync', 'getBufferSubData', 'bindSampler', 'createVertexArray'];

/**
 * The device {@link cocosGpuSettings} asks for, or why there is none. `retry` when the engine's
 * graphics device does not exist yet (called before the engine started).
 */
export function createCocosGpuDevice(): GpuDeviceResult {
    const backend = cocosGpuSettings.backend;
    if (backend === 'webgl2') return createWebGL2Device();
    if (backend === 'engine') return createEngineGfxDevice();
    const gl = createWebGL2Device();
    if (gl.device || gl.retry) return gl;
    const eng = createEngineGfxDevice();
    if (eng.device || eng.retry) return eng;
    return { device: null, reason: `${gl.reason}; and the engine-gfx backend: ${eng.reason}` };
}

/** The raw WebGL2 device on the engine's WebGL2 context, or why there is none. */
export function createWebGL2Device(): GpuDeviceResult {
    if (JSB || sys.isNative) {
        return { device: null, reason: 'native platforms have no WebGL2 context for scripts' };
    }
    const device = director.root?.device as { gfxAPI?: number; gl?: unknown } | undefined;
    if (!device) return { device: null, reason: 'the engine has no graphics device yet', retry: true };
    const api = gfx.API as unknown as Record<string, number> | undefined;
    if (!api || device.gfxAPI !== api.WEBGL2) {
        const name = !api ? 'unknown' : device.gfxAPI === api.WEBGPU ? 'WebGPU' : device.gfxAPI === api.WEBGL ? 'WebGL1' : `gfx API ${String(device.gfxAPI)}`;
        const why = name === 'WebGPU' ? 'WebGPU exposes no WebGL2 context'
            : name === 'WebGL1' ? 'WebGL1 has no texelFetch, integer attributes, gl_VertexID or pixel buffers'
                : 'the raw device needs the engine\'s WebGL2 context';
        return { device: null, reason: `the engine renders with ${name}: ${why}` };
    }
    const gl = device.gl as WebGL2RenderingContext | undefined;
    if (!gl || typeof gl !== 'object') return { device: null, reason: 'the engine\'s WebGL2 device exposes no context (device.gl)' };
    const missing = NEEDED.filter((f) => typeof (gl as unknown as Record<string, unknown>)[f] !== 'function');
    if (missing.length > 0) return { device: null, reason: `the engine's context lacks WebGL2 functions (${missing.join(', ')})` };
    if (gl.isContextLost()) return { device: null, reason: 'the engine\'s WebGL2 context is lost' };
    return { device: new GlGpuDevice(gl, { restoreState: true }) };
}

/** The engine-gfx device (pixel-collide.effect through the engine's gfx API), or why there is none. */
export function createEngineGfxDevice(): GpuDeviceResult {
    const device = director.root?.device as gfx.Device | undefined;
    if (!device) return { device: null, reason: 'the engine has no graphics device yet', retry: true };
    const api = gfx.API as unknown as Record<string, number> | undefined;
    if (api && device.gfxAPI === api.WEBGPU) {
        return { device: null, reason: 'the engine renders with WebGPU, which reads textures back only asynchronously (mapAsync)' };
    }
    const effect = findPixelCollideEffect(cocosGpuSettings.effect);
    if (!effect) {
        return { device: null, reason: 'pixel-collide.effect is not loaded (set CollisionSystem.gpuEffect to it, e.g. from an @property of type EffectAsset)' };
    }
    try {
        return { device: new GfxGpuDevice(new CocosGfxBackend(device, effect)) };
    } catch (err) {
        return { device: null, reason: `the engine-gfx backend could not start (${(err as Error).message})` };
    }
}
