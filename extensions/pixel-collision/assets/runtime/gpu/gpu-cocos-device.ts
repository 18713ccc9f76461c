/**
 * The GPU narrow phase's devices inside Cocos Creator 3.8, and the rule that picks one
 * ({@link createCocosGpuDevice}, `CollisionSystem.gpuBackend`):
 *
 * - **raw WebGL2** (`gpu-gl-device.ts` on the engine's own WebGL2 context, restoring every piece
 *   of GL state it changes): instanced draws with integer attributes and `texelFetch`, and a
 *   non-blocking readback (a ring of PIXEL_PACK_BUFFERs and a fence) for `'nextFrame'`. Web only.
 * - **engine gfx** (`gpu-gfx-device.ts` + `gpu-gfx-backend.ts`): `effects/pixel-collide.effect`
 *   as a Material, drawn into RGBA8 render-target textures and read back with
 *   `device.copyTextureToBuffers`, all through the engine's gfx API, so wherever the engine
 *   renders: WebGL2, WebGL1 (the effect's GLSL ES 1.00 form), native GLES / Metal / Vulkan.
 *   Its readback is always a synchronous copy (the gfx API has no fence or pixel buffer on the
 *   web); `'nextFrame'` reads each page a step after drawing it (no wait for the draw, still
 *   one for the transfer).
 *
 * ```
 *   platform                          'auto' picks      why
 *   web, WebGL2                       raw WebGL2        cheaper than engine gfx in 6 of 8 measured
 *                                                       cases (bench/results/gpu-engine.md), and
 *                                                       its 'nextFrame' readback does not block
 *   web, WebGL1                       engine gfx        the GLSL ES 1.00 form (texture2D at texel
 *                                                       centres); needs highp in fragment shaders
 *   native (JSB: iOS, Android, ...)   engine gfx        no JS WebGL context; the readback canary
 *                                                       catches a readPixels that writes nothing
 *                                                       (cocos-engine#17648); not run here
 *   web, WebGPU                       none (CPU)        readback only through mapAsync
 * ```
 *
 * Measured in the real engine (3.8.5 DEBUG, SwiftShader, 2 shared cores), both GPU backends cost
 * more than the CPU for every pair count and size tried (50 / 200 pairs of rotated 48² and 128²
 * sprites: 0.00-0.10x the CPU's speed): on a software renderer the GPU's work runs on the same
 * cores. So `NarrowMode.AUTO` pairs never go to the engine-gfx device (its read always blocks),
 * and go to the raw WebGL2 device only by the heavy-pair rule of `gpu-narrow.ts` ('nextFrame').
 *
 * The engine's state caches see every call of the engine-gfx device; the raw device reads the
 * GL state it changes and restores it (`GlState`), so an engine that caches GL state and skips
 * redundant calls (`WebGL2StateCache`) still holds the truth. Both leave the engine's frame as it
 * was (test/engine/gpu-events.ts reads a witness sprite back before and after).
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

/**
 * The uuid of `effects/pixel-collide.effect` (its committed `.meta`). Every PixelCollider added
 * in the editor keeps a reference to this asset in its serialized data, so that a build that
 * holds the collider's scene or prefab includes the effect (docs/gpu.md).
 */
export const PIXEL_COLLIDE_EFFECT_UUID = '1014fafd-ef4e-4f0f-a329-e587194f6ea3';

/**
 * The factory's settings: `backend` and `effect` are `CollisionSystem.instance.gpuBackend` /
 * `.gpuEffect`; `sceneEffect` is the effect a loaded collider carries (used when `effect` is null).
 */
export const cocosGpuSettings: { backend: GpuBackend; effect: EffectAsset | null; sceneEffect: EffectAsset | null } = { backend: 'auto', effect: null, sceneEffect: null };

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
    const carried = cocosGpuSettings.sceneEffect;
    const effect = findPixelCollideEffect(cocosGpuSettings.effect ?? (carried && carried.isValid ? carried : null));
    if (!effect) {
        return { device: null, reason: 'pixel-collide.effect is not loaded (no collider in the scene carries it: add the PixelCollider again in the editor, or set CollisionSystem.instance.gpuEffect to it, e.g. from an @property of type EffectAsset)' };
    }
    try {
        return { device: new GfxGpuDevice(new CocosGfxBackend(device, effect)) };
    } catch (err) {
        return { device: null, reason: `the engine-gfx backend could not start (${(err as Error).message})` };
    }
}
