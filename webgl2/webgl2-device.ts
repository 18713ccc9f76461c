/**
 * The plain WebGL2 backend of the GPU narrow phase (browser playground, browser tests): the
 * shipped WebGL2 device (`runtime/gpu/gpu-gl-device.ts`, DOM-free and engine-free, the same code the
 * Cocos backend runs on the engine's context) on a context of its own, made on a canvas. Not
 * shipped in the extension (it touches the DOM).
 *
 * On a context of its own the device asks to be restored after a loss (a context whose
 * `webglcontextlost` event is not cancelled stays lost for good); the Cocos backend leaves that
 * decision to the engine, which owns its context.
 */
import { GlGpuDevice, WebGL2UnavailableError } from '../extensions/pixel-collision/assets/runtime/gpu/gpu-gl-device';
import type { GlGpuDeviceOptions } from '../extensions/pixel-collision/assets/runtime/gpu/gpu-gl-device';

export { WebGL2UnavailableError };

export class WebGL2Device extends GlGpuDevice {
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
    constructor(gl: WebGL2RenderingContext, options?: GlGpuDeviceOptions) {
        super(gl, options);
        const canvas = gl.canvas as unknown as EventTarget | null;
        canvas?.addEventListener?.('webglcontextlost', (e: Event) => e.preventDefault());
    }
}
