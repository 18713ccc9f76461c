/**
 * Type test (compiled by `npm run typecheck`, never run): the GPU settings are instance
 * properties of `CollisionSystem.instance`, like every other setting; the statics are aliases.
 * Each `@ts-expect-error` line must fail to type-check.
 */
import type { EffectAsset } from 'cc';
import { CollisionSystem } from 'db://pixel-collision/runtime/index';
import type { GpuBackend } from 'db://pixel-collision/runtime/index';

export function typeTests(effect: EffectAsset): void {
    const sys = CollisionSystem.instance;
    sys.gpuBackend = 'engine';
    sys.gpuBackend = 'webgl2';
    sys.gpuEffect = effect;
    sys.gpuEffect = null;
    const b: GpuBackend = sys.gpuBackend;
    const e: EffectAsset | null = sys.gpuEffect;
    void b; void e;
    // The statics stay, as aliases of the same settings.
    CollisionSystem.gpuBackend = 'auto';
    CollisionSystem.gpuEffect = effect;

    // @ts-expect-error not a backend
    sys.gpuBackend = 'webgpu';
    // @ts-expect-error the effect asset, not its name
    sys.gpuEffect = 'pixel-collide';
}
