/**
 * The GPU settings on the instance (`CollisionSystem.instance.gpuBackend` / `.gpuEffect`, the
 * statics being aliases of them), and `pixel-collide.effect` reaching the engine-gfx backend
 * through the reference a collider carries in its serialized data (no `gpuEffect` assignment).
 */
import * as fs from 'fs';
import * as path from 'path';
import { assetManager, EffectAsset } from 'cc';
import {
    CollisionSystem, createCocosGpuDevice, NarrowMode, PixelCollider, PixelMasks, PIXEL_COLLIDE_EFFECT_UUID,
} from 'db://pixel-collision/runtime/index';
import { frame, freshScene, sprite, texture, tick } from './helpers';

type CCDouble = { director: { root?: unknown }; gfx: Record<string, unknown>; sys: { isNative: boolean } };

/** Runs `body` with the double's engine on a WebGL1 device (the engine-gfx backend's platform). */
function onWebGL1(body: () => void): void {
    const cc = jest.requireActual('./cc') as CCDouble;
    const saved = { root: cc.director.root, gfx: { ...cc.gfx } };
    Object.assign(cc.gfx, { API: { UNKNOWN: 0, GLES2: 1, GLES3: 2, METAL: 3, VULKAN: 4, NVN: 5, WEBGL: 6, WEBGL2: 7, WEBGPU: 8 } });
    cc.director.root = { device: { gfxAPI: 6, capabilities: {} } };
    try { body(); } finally {
        cc.director.root = saved.root;
        for (const k of Object.keys(cc.gfx)) delete cc.gfx[k];
        Object.assign(cc.gfx, saved.gfx);
    }
}

const sys = () => CollisionSystem.instance;
const effect = (name: string) => Object.assign(new EffectAsset(), { name });

beforeEach(() => {
    freshScene();
    PixelMasks.clear();
    sys().disposeGpu();
    CollisionSystem.gpuDeviceFactory = createCocosGpuDevice;
});
afterEach(() => {
    sys().gpuBackend = 'auto';
    sys().gpuEffect = null;
    sys().gpu = 'nextFrame';
    sys().disposeGpu();
});

describe('GPU settings on the instance', () => {
    test('assigning gpuBackend on the instance takes effect; the static reads and writes the same setting', () => {
        onWebGL1(() => {
            // 'auto' on WebGL1 tries the raw WebGL2 device, then the engine-gfx one.
            expect(createCocosGpuDevice().reason).toMatch(/texelFetch.*; and the engine-gfx backend/);
            sys().gpuBackend = 'engine';
            expect(sys().gpuBackend).toBe('engine');
            expect(CollisionSystem.gpuBackend).toBe('engine');
            expect(createCocosGpuDevice().reason).toMatch(/^pixel-collide\.effect is not loaded/);
            sys().gpuBackend = 'webgl2';
            expect(createCocosGpuDevice().reason).toMatch(/^the engine renders with WebGL1/);
            CollisionSystem.gpuBackend = 'engine'; // the alias
            expect(sys().gpuBackend).toBe('engine');
        });
        expect(() => { sys().gpuBackend = 'gl' as never; }).toThrow(/gpuBackend must be 'auto', 'webgl2' or 'engine', got gl/);
        expect(sys().gpuBackend).toBe('engine');
    });

    test('assigning gpuEffect on the instance takes effect: the engine-gfx device is built from it', () => {
        sys().gpuBackend = 'engine';
        const e = effect('my-effects/renamed');
        onWebGL1(() => {
            expect(createCocosGpuDevice().reason).toMatch(/^pixel-collide\.effect is not loaded/);
            sys().gpuEffect = e;
            expect(CollisionSystem.gpuEffect).toBe(e);
            // Found: this double cannot make a Material from it, so the backend says it could not start.
            expect(createCocosGpuDevice().reason).toMatch(/engine-gfx backend could not start/);
            CollisionSystem.gpuEffect = null; // the alias clears the same setting
            expect(sys().gpuEffect).toBeNull();
            expect(createCocosGpuDevice().reason).toMatch(/^pixel-collide\.effect is not loaded/);
        });
    });
});

describe('pixel-collide.effect carried by the collider', () => {
    function gpuPair(): PixelCollider[] {
        const tex = texture(8, 8, () => true);
        const a = sprite('A', frame(tex)), b = sprite('B', frame(tex), { x: 4 });
        for (const c of [a.collider, b.collider]) c.mode = NarrowMode.GPU;
        return [a.collider, b.collider];
    }

    test('the uuid the collider points at is the committed .meta uuid of pixel-collide.effect', () => {
        const meta = JSON.parse(fs.readFileSync(path.join(__dirname, '../../extensions/pixel-collision/assets/effects/pixel-collide.effect.meta'), 'utf8'));
        expect(meta.importer).toBe('effect');
        expect(PIXEL_COLLIDE_EFFECT_UUID).toBe(meta.uuid);
    });

    test('the demo scenes store the reference in every PixelCollider, as Creator serializes an asset reference', () => {
        const meta = JSON.parse(fs.readFileSync(path.join(__dirname, '../../extensions/pixel-collision/assets/runtime/PixelCollider.ts.meta'), 'utf8'));
        const hex = (meta.uuid as string).replace(/-/g, ''), B = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
        let type = hex.slice(0, 5);
        for (let i = 5; i < 32; i += 3) { const v = parseInt(hex.slice(i, i + 3), 16); type += B[v >> 6] + B[v & 63]; }
        let n = 0;
        for (const name of ['shooter', 'maze', 'terrain', 'stress']) {
            const scene = JSON.parse(fs.readFileSync(path.join(__dirname, `../../assets/demos/${name}.scene`), 'utf8')) as Record<string, unknown>[];
            for (const o of scene.filter((x) => x.__type__ === type)) {
                n++;
                expect(o._gpuEffect).toEqual({ __uuid__: PIXEL_COLLIDE_EFFECT_UUID, __expectedType__: 'cc.EffectAsset' });
            }
        }
        expect(n).toBeGreaterThan(10);
    });

    test('a collider loaded with the reference (as from a scene): the engine-gfx device gets that effect with no gpuEffect assignment', () => {
        sys().gpuBackend = 'engine';
        sys().gpu = 'sameFrame';
        const [a] = gpuPair();
        onWebGL1(() => {
            tick();
            expect(sys().gpuStatus).toBe('unavailable');
            expect(sys().gpuUnavailableReason).toMatch(/pixel-collide\.effect is not loaded.*add the PixelCollider again/);
        });
        sys().disposeGpu();
        const carried = effect('a-name-the-lookup-by-name-does-not-match');
        a._gpuEffect = carried;
        onWebGL1(() => {
            tick();
            expect(sys().gpuEffect).toBeNull();
            expect(sys().gpuUnavailableReason).toMatch(/engine-gfx backend could not start/);
        });
        // A destroyed (released) asset is not used.
        sys().disposeGpu();
        carried.destroy();
        onWebGL1(() => {
            tick();
            expect(sys().gpuUnavailableReason).toMatch(/pixel-collide\.effect is not loaded/);
        });
    });

    test('in the editor, a collider added (resetInEditor) points at the effect asset of that uuid; one that has a reference keeps it', async () => {
        const e = effect('pixel-collide');
        assetManager.assets.add(PIXEL_COLLIDE_EFFECT_UUID, e);
        try {
            const [a, b] = gpuPair();
            expect(a._gpuEffect).toBeNull();
            a.resetInEditor();
            const own = effect('own');
            b._gpuEffect = own;
            b.resetInEditor();
            await new Promise((r) => setTimeout(r, 0));
            expect(a._gpuEffect).toBe(e);
            expect(b._gpuEffect).toBe(own);
        } finally { assetManager.assets.remove(PIXEL_COLLIDE_EFFECT_UUID); }
    });
});
