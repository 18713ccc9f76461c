// pixel-collide.effect reaches the engine-gfx GPU backend through the reference a PixelCollider
// keeps in its serialized data, with no CollisionSystem.instance.gpuEffect assignment (run by hand
// with the engine harness, never in CI):
//
//   node ../shared/engine-harness/run.mjs test/engine/effect-in-scene.ts --effect extensions/pixel-collision/assets/effects/pixel-collide.effect [--webgl1]
//   node ../shared/native-harness/run.mjs test/engine/effect-in-scene.ts --effect extensions/pixel-collision/assets/effects/pixel-collide.effect
//
// 1. A scene file as Creator writes it (a cc.SceneAsset whose two nodes hold a UITransform, a
//    Sprite and a PixelCollider in NarrowMode.GPU, the collider's `_gpuEffect` written as
//    {"__uuid__": <pixel-collide.effect's uuid>, "__expectedType__": "cc.EffectAsset"}) is read by
//    the engine's own deserializer (`deserialize`); its Details must list that uuid as a dependency
//    of the collider's `_gpuEffect` (what makes a build include the effect and load it first).
// 2. The harness has no asset bundles, so the entry does the loader's part for that one dependency,
//    as the asset manager would with the effect's import file: the effect compiled by the harness
//    (--effect) is written out as an EffectAsset JSON under a name no lookup by name can match,
//    read back with the same deserializer, given the uuid, `onLoaded()` (the engine registers it),
//    and assigned where Details say (what `setProperties` in asset-manager/utilities.ts does). The
//    harness's own registration under 'pixel-collide' is removed first: the only way the runtime
//    can find the effect is the collider's reference.
// 3. The scene is launched (director.runSceneImmediate, as loading a scene does: the native engine
//    moves only nodes of a launched scene), its nodes go under a Canvas built in it, get their
//    sprite frames, and overlap; gpuBackend 'engine'
//    (on WebGL2 'auto' would take the raw WebGL2 device, which needs no effect), gpu 'sameFrame'.
//    After a few frames the GPU narrow phase must be active on the engine-gfx device, with the
//    pair's sample count equal to the brute-force count, and gpuEffect still null.
import { deserialize, director, EffectAsset } from 'cc';
import * as runtime from 'db://pixel-collision/runtime/index';
import { CollisionSystem, GfxGpuDevice, PixelCollider } from 'db://pixel-collision/runtime/index';
import { bruteCount, done, makeFrame, makeTexture, stage } from './lib';
import type { Placed } from './lib';

const UUID = '1014fafd-ef4e-4f0f-a329-e587194f6ea3'; // extensions/pixel-collision/assets/effects/pixel-collide.effect.meta
const LOADED_NAME = 'loaded-by-uuid/effect-of-the-scene';

/** A scene file in Creator's format: SceneAsset -> Scene -> two nodes with UITransform, Sprite, PixelCollider. */
function sceneJson(): unknown[] {
    const out: unknown[] = [
        { __type__: 'cc.SceneAsset', _name: 'effect-in-scene', _objFlags: 0, _native: '', scene: { __id__: 1 } },
        { __type__: 'cc.Scene', _name: 'effect-in-scene', _objFlags: 0, _parent: null, _children: [{ __id__: 2 }, { __id__: 6 }], _active: true, _components: [], _prefab: null, autoReleaseAssets: false, _id: 'pc-scene' },
    ];
    for (const [name, base] of [['A', 2], ['B', 6]] as const) {
        out.push(
            { __type__: 'cc.Node', _name: name, _objFlags: 0, _parent: { __id__: 1 }, _children: [], _active: true, _components: [{ __id__: base + 1 }, { __id__: base + 2 }, { __id__: base + 3 }], _prefab: null, _lpos: { __type__: 'cc.Vec3', x: 0, y: 0, z: 0 }, _lrot: { __type__: 'cc.Quat', x: 0, y: 0, z: 0, w: 1 }, _lscale: { __type__: 'cc.Vec3', x: 1, y: 1, z: 1 }, _layer: 33554432, _id: `pc-node-${name}` },
            { __type__: 'cc.UITransform', _name: '', _objFlags: 0, node: { __id__: base }, _enabled: true, _contentSize: { __type__: 'cc.Size', width: 24, height: 20 }, _anchorPoint: { __type__: 'cc.Vec2', x: 0.5, y: 0.5 }, _id: `pc-ui-${name}` },
            { __type__: 'cc.Sprite', _name: '', _objFlags: 0, node: { __id__: base }, _enabled: true, _spriteFrame: null, _sizeMode: 2, _id: `pc-sprite-${name}` },
            { __type__: 'PixelCollider', _name: '', _objFlags: 0, node: { __id__: base }, _enabled: true, _mode: 2, _gpuEffect: { __uuid__: UUID, __expectedType__: 'cc.EffectAsset' }, _id: `pc-collider-${name}` },
        );
    }
    return out;
}

/**
 * A plain-data copy of engine data: own fields, and the accessors a JSB struct keeps on its
 * prototype (the native engine's converted structs have no own enumerable fields).
 */
function plain(v: unknown): unknown {
    if (v === null || typeof v !== 'object') return v;
    if (ArrayBuffer.isView(v)) return Array.from(v as unknown as ArrayLike<number>);
    if (Array.isArray(v)) return v.map(plain);
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(v)) out[k] = plain((v as Record<string, unknown>)[k]);
    for (let p = Object.getPrototypeOf(v); p && p !== Object.prototype; p = Object.getPrototypeOf(p)) {
        for (const k of Object.getOwnPropertyNames(p)) {
            const d = Object.getOwnPropertyDescriptor(p, k);
            if (k in out || k === 'constructor' || !d || !d.get) continue;
            out[k] = plain((v as Record<string, unknown>)[k]);
        }
    }
    return out;
}

export default async function main(h: any) {
    const problems: string[] = [];
    const check = (ok: boolean, what: string) => { if (!ok) problems.push(what); console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`); };
    const runtimeUuid = (runtime as Record<string, unknown>).PIXEL_COLLIDE_EFFECT_UUID;
    check(runtimeUuid === UUID, `the runtime's effect uuid is the .meta's (${String(runtimeUuid)})`);
    const compiled = EffectAsset.get('pixel-collide') as any;
    if (!compiled) { done(false, 'run with --effect extensions/pixel-collision/assets/effects/pixel-collide.effect'); return; }

    // 1. The engine's deserializer reads the scene and lists the collider's reference as a dependency.
    const details = new (deserialize as any).Details();
    const sceneAsset = deserialize(sceneJson(), details) as any;
    const uuids: string[] = details.uuidList ?? [];
    const refs: number[] = [];
    uuids.forEach((u, i) => { if (u === UUID) refs.push(i); });
    check(refs.length === 2, `the deserializer lists the effect's uuid for both colliders (dependencies: ${JSON.stringify(uuids)})`);
    check(refs.every((i) => details.uuidObjList[i] instanceof PixelCollider && details.uuidPropList[i] === '_gpuEffect'), 'each as the PixelCollider\'s _gpuEffect');

    // 2. The loader's part for that one dependency (no bundles here): the effect's JSON, deserialized and registered.
    EffectAsset.remove('pixel-collide');
    // plain(): natively the compiled effect's fields are JSB structs (accessors, no own fields).
    const effectJson = { __type__: 'cc.EffectAsset', _name: LOADED_NAME, _objFlags: 0, _native: '', techniques: plain(compiled.techniques), shaders: plain(compiled.shaders), combinations: plain(compiled.combinations ?? []), hideInEditor: false };
    const effect = deserialize(JSON.parse(JSON.stringify(effectJson)), new (deserialize as any).Details()) as any;
    effect._uuid = UUID;
    effect.onLoaded();
    for (const i of refs) details.uuidObjList[i][details.uuidPropList[i]] = effect.addRef();
    const all = EffectAsset.getAll() as Record<string, unknown>;
    check(!Object.keys(all).some((n) => /(^|\/)pixel-collide$/.test(n)), `no effect is registered under a name the lookup by name matches (${Object.keys(all).filter((n) => !n.startsWith('builtin')).join(', ')})`);

    // 3. Into the running scene; frames; the GPU narrow phase on the engine-gfx device.
    director.runSceneImmediate(sceneAsset);
    const { canvas } = stage(h.width, h.height);
    const scene = sceneAsset.scene;
    const nodes = [...scene.children].filter((n: any) => n.name === 'A' || n.name === 'B');
    const tex = makeTexture(24, 20, () => 255);
    const placed: Placed[] = [];
    nodes.forEach((n: any, k: number) => {
        n.parent = canvas;
        n.getComponent('cc.Sprite').spriteFrame = makeFrame(tex);
        const p: Placed = { x: k * 13.25, y: k * 4.5, angle: k * 30, sx: 1, sy: 1, w: 24, h: 20, opaque: () => true };
        n.setPosition(p.x, p.y, 0);
        n.angle = p.angle;
        placed.push(p);
    });
    const [A, B] = nodes.map((n: any) => n.getComponent(PixelCollider) as PixelCollider);
    check(A._gpuEffect === effect && B._gpuEffect === effect, 'both colliders hold the loaded effect');
    const sys = CollisionSystem.instance;
    sys.gpuBackend = 'engine';
    sys.gpu = 'sameFrame';
    await h.frames(4);
    check(sys.gpuEffect === null, 'CollisionSystem.instance.gpuEffect was never assigned');
    check(sys.gpuStatus === 'active', `GPU narrow phase active (status ${sys.gpuStatus}${sys.gpuUnavailableReason ? `: ${sys.gpuUnavailableReason}` : ''})`);
    const gpu = sys.gpuNarrowPhase as any;
    check(!!gpu && gpu._device instanceof GfxGpuDevice, 'on the engine-gfx device');
    check(!!gpu && gpu.stats.gpuPairs > 0, `pairs drawn on the GPU: ${gpu ? gpu.stats.gpuPairs : 0}`);
    const c = A.contactWith(B);
    const want = bruteCount(placed[0], placed[1]);
    check(!!c && c.count === want, `contact count ${c ? c.count : 'none'} = brute force ${want}`);
    console.log(`gfx API ${h.gfxApi}, device ${(director.root as any).device.constructor.name}`);
    done(problems.length === 0, problems.length ? problems.join('; ') : `the effect came through the scene's reference; engine-gfx device active on ${h.gfxApi}`);
}
