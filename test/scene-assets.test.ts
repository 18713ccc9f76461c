import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, extname, join, relative } from 'node:path';

/**
 * The demo project's scenes and prefabs (assets/**.scene, assets/**.prefab) are Creator 3.8
 * serialized assets, written without the editor: check what Creator would choke on.
 *
 * Format (as Creator 3.8 saves it): a JSON array of objects; an object refers to another by its
 * index, `{ "__id__": n }`. Engine classes are named `cc.*`; a project script's component is named
 * by the COMPRESSED uuid of the script's `.meta` (23 characters: the first 5 hex digits kept, the
 * other 27 written as 18 base64 digits, one pair per 3 hex digits). A scene is
 * `[cc.SceneAsset -> cc.Scene, ...]` whose `cc.Scene._id` (and the `fileId` of its `cc.PrefabInfo`,
 * when it has one) is the uuid in the scene's `.meta`.
 */
const root = join(__dirname, '..');
/** Where the scenes / prefabs under test live. */
const ASSET_ROOT = 'assets';
/** Where a scene's script components may come from. */
const SCRIPT_ROOTS = ['assets', 'extensions/pixel-collision/assets'];

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/**
 * Creator's uuid compression (EditorExtends.UuidUtils.compressUuid): keep the first `keep` hex
 * digits, then each group of 3 hex digits (12 bits) becomes 2 base64 digits. `keep = 5` gives the
 * 23-character class id of a script (a component's `__type__`); `keep = 2` the 22-character form
 * the engine's decodeUuid reads (used for asset uuids and node / component `_id`s).
 */
function compressUuid(uuid: string, keep = 5): string {
    const hex = uuid.replace(/-/g, '').toLowerCase();
    if (!/^[0-9a-f]{32}$/.test(hex)) throw new Error(`not a uuid: ${uuid}`);
    if ((32 - keep) % 3 !== 0) throw new Error(`keep must leave a multiple of 3 hex digits, got ${keep}`);
    let out = hex.slice(0, keep);
    for (let i = keep; i < 32; i += 3) {
        const v = parseInt(hex.slice(i, i + 3), 16);
        out += BASE64[v >> 6] + BASE64[v & 63];
    }
    return out;
}

/** Engine classes not named `cc.*` that may appear in a scene or prefab. */
const ENGINE_TYPES = new Set(['CCPropertyOverrideInfo']);
const isEngineType = (t: string): boolean => t.startsWith('cc.') || t.startsWith('sp.') || t.startsWith('dragonBones.') || ENGINE_TYPES.has(t);

/** Keys every component has; the others are the component's own serialized properties. */
const COMPONENT_KEYS = new Set(['__type__', '_name', '_objFlags', '__editorExtras__', 'node', '_enabled', '__prefab', '_id']);

type Obj = Record<string, unknown> & { __type__?: string };
interface Ref { __id__: number }

const isRef = (v: unknown): v is Ref => typeof v === 'object' && v !== null && '__id__' in v;
const rel = (p: string): string => relative(root, p);

function* walk(dir: string): Generator<string> {
    if (!existsSync(dir)) return;
    for (const name of readdirSync(dir).sort()) {
        if (name.startsWith('.')) continue;
        const p = join(dir, name);
        if (statSync(p).isDirectory()) yield* walk(p);
        else yield p;
    }
}

/** Compressed class id -> script path, for every `.ts.meta` under the script roots. */
function scriptClassIds(): Map<string, string> {
    const ids = new Map<string, string>();
    for (const r of SCRIPT_ROOTS) {
        for (const p of walk(join(root, r))) {
            if (!p.endsWith('.ts.meta')) continue;
            const { uuid } = JSON.parse(readFileSync(p, 'utf8')) as { uuid: string };
            ids.set(compressUuid(uuid), p.slice(0, -'.meta'.length));
        }
    }
    return ids;
}

/** Every `{ __id__ }` anywhere under `v`, with a path for messages. */
function* refsIn(v: unknown, path: string): Generator<{ ref: Ref; path: string }> {
    if (Array.isArray(v)) {
        for (let i = 0; i < v.length; i++) yield* refsIn(v[i], `${path}[${i}]`);
    } else if (typeof v === 'object' && v !== null) {
        if (isRef(v)) yield { ref: v, path };
        else for (const [k, x] of Object.entries(v)) yield* refsIn(x, `${path}.${k}`);
    }
}

/** Every `__type__` anywhere under `v` (top-level objects and nested values such as cc.Vec3). */
function* typesIn(v: unknown, path: string): Generator<{ type: string; path: string }> {
    if (Array.isArray(v)) {
        for (let i = 0; i < v.length; i++) yield* typesIn(v[i], `${path}[${i}]`);
    } else if (typeof v === 'object' && v !== null) {
        const t = (v as Obj).__type__;
        if (typeof t === 'string') yield { type: t, path };
        for (const [k, x] of Object.entries(v)) if (k !== '__type__') yield* typesIn(x, `${path}.${k}`);
    }
}

const files = [...walk(join(root, ASSET_ROOT))].filter((p) => p.endsWith('.scene') || p.endsWith('.prefab'));

describe('compressUuid', () => {
    test('reproduces class ids Creator wrote in real projects', () => {
        // cocos/cocos-test-projects, branch v3.8.4 (commit dccbc70c9017ebd3b819db05640852c14277fbf1):
        // assets/cases/event/system-event/screen-event.ts.meta has uuid 8c3d3c5b-..., and
        // screen-event.scene (meta ver 1.1.50, Creator 3.8) names its component "8c3d3xb97VFt4v2ammoXtw1".
        expect(compressUuid('8c3d3c5b-f7b5-45b7-8bf6-6a69a85edc35')).toBe('8c3d3xb97VFt4v2ammoXtw1');
        // mo7cc-games/cocos-2d-demo (Creator 3.8.7, commit 0b683f2203e7d6dead467156b14ce20777a99bf9):
        // assets/Scripts/GameManager.ts.meta and Player22Controller222.ts.meta, referred to by
        // assets/Scene/game.scene. The first one has '+' digits.
        expect(compressUuid('3b171c3c-f8ec-43d8-827e-a86a7290441a')).toBe('3b171w8+OxD2IJ+qGpykEQa');
        expect(compressUuid('6950d3c5-3c04-4420-936f-ed6d9684b854')).toBe('6950dPFPAREIJNv7W2WhLhU');
    });

    test('the 22-character form matches the engine', () => {
        // cocos/cocos-engine v3.8.5, tests/asset-manager/decode-uuid.test.ts (and the example in
        // cocos/core/utils/decode-uuid.ts): decodeUuid('fcmR3XADNLgJ1ByKhqcC5Z').
        expect(compressUuid('fc991dd7-0033-4b80-9d41-c8a86a702e59', 2)).toBe('fcmR3XADNLgJ1ByKhqcC5Z');
        expect(compressUuid('2f9065ad-037b-4d3d-8e26-c40c396a080f', 2)).toBe('2fkGWtA3tNPY4mxAw5aggP');
    });
});

describe('scenes and prefabs under assets/', () => {
    const classIds = scriptClassIds();

    test('there are the demo scenes', () => {
        expect(files.map(rel)).toContain(join(ASSET_ROOT, 'scenes', 'pixel-demo.scene'));
        for (const s of ['shooter', 'maze', 'terrain', 'stress', 'character']) expect(files.map(rel)).toContain(join(ASSET_ROOT, 'demos', `${s}.scene`));
    });

    describe.each(files.map((p) => [rel(p), p]))('%s', (_name, file) => {
        const text = readFileSync(file, 'utf8');
        const data = JSON.parse(text) as Obj[];
        const meta = existsSync(`${file}.meta`) ? (JSON.parse(readFileSync(`${file}.meta`, 'utf8')) as Record<string, unknown>) : null;
        const at = (r: Ref): Obj => data[r.__id__];
        const isScene = extname(file) === '.scene';

        test('is an array of objects with a __type__ each', () => {
            expect(Array.isArray(data)).toBe(true);
            const bad = data.flatMap((o, i) => (typeof o === 'object' && o !== null && typeof o.__type__ === 'string' ? [] : [i]));
            expect(bad).toEqual([]);
        });

        test('every __id__ refers to an object of the file', () => {
            const bad: string[] = [];
            for (const { ref, path } of refsIn(data, '')) {
                const n = ref.__id__;
                if (!Number.isInteger(n) || n < 0 || n >= data.length) bad.push(`${path} -> ${String(n)}`);
            }
            expect(bad).toEqual([]);
        });

        test('every type is an engine class or a script of the project (compressed .ts.meta uuid)', () => {
            const bad: string[] = [];
            for (const { type, path } of typesIn(data, '')) {
                if (isEngineType(type)) continue;
                if (!classIds.has(type)) bad.push(`${path}: ${type} is no compressed uuid of a .ts.meta under ${SCRIPT_ROOTS.join(' or ')}`);
            }
            expect(bad).toEqual([]);
        });

        test('script components only carry properties their script declares', () => {
            const bad: string[] = [];
            data.forEach((o, i) => {
                const script = classIds.get(o.__type__ ?? '');
                if (!script) return;
                const source = readFileSync(script, 'utf8');
                for (const key of Object.keys(o)) {
                    if (!COMPONENT_KEYS.has(key) && !new RegExp(`\\b${key}\\b`).test(source)) bad.push(`[${i}].${key} (${rel(script)})`);
                }
            });
            expect(bad).toEqual([]);
        });

        test('the .meta matches the asset', () => {
            expect(meta).not.toBeNull();
            expect(meta!.importer).toBe(isScene ? 'scene' : 'prefab');
            expect(typeof meta!.uuid).toBe('string');
            expect(meta!.uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
            expect(meta!.files).toEqual(['.json']);
        });

        if (isScene) {
            test('cc.SceneAsset -> cc.Scene, named after the file, with the .meta uuid as its _id', () => {
                const name = basename(file, '.scene');
                const asset = data[0];
                expect(asset.__type__).toBe('cc.SceneAsset');
                expect(asset._name).toBe(name);
                expect(isRef(asset.scene)).toBe(true);
                const scene = at(asset.scene as Ref);
                expect(scene.__type__).toBe('cc.Scene');
                expect(scene._name).toBe(name);
                expect(scene._parent).toBeNull();
                expect(scene._id).toBe(meta!.uuid);
                // Creator 3.8 gives the scene a cc.PrefabInfo whose fileId is the scene's uuid.
                if (scene._prefab !== null && scene._prefab !== undefined) {
                    const info = at(scene._prefab as Ref);
                    expect(info.__type__).toBe('cc.PrefabInfo');
                    expect(info.fileId).toBe(meta!.uuid);
                }
                expect(isRef(scene._globals)).toBe(true);
                const globals = at(scene._globals as Ref);
                expect(globals.__type__).toBe('cc.SceneGlobals');
                for (const [key, type] of [['ambient', 'cc.AmbientInfo'], ['shadows', 'cc.ShadowsInfo'], ['_skybox', 'cc.SkyboxInfo'], ['fog', 'cc.FogInfo'], ['octree', 'cc.OctreeInfo'], ['skin', 'cc.SkinInfo'], ['lightProbeInfo', 'cc.LightProbeInfo'], ['postSettings', 'cc.PostSettingsInfo']]) {
                    expect([key, at(globals[key] as Ref)?.__type__]).toEqual([key, type]);
                }
            });
        } else {
            test('cc.Prefab -> its root cc.Node', () => {
                const asset = data[0];
                expect(asset.__type__).toBe('cc.Prefab');
                expect(asset._name).toBe(basename(file, '.prefab'));
                const node = at(asset.data as Ref);
                expect(node.__type__).toBe('cc.Node');
                const info = isRef(node._prefab) ? at(node._prefab) : null;
                const assetRef = info?.asset as { __uuid__?: string } | null | undefined;
                if (assetRef?.__uuid__) expect(assetRef.__uuid__).toBe(meta!.uuid);
            });
        }

        test('parents, children, nodes and components point at each other; _ids are unique', () => {
            const bad: string[] = [];
            const ids = new Map<string, number>();
            data.forEach((o, i) => {
                if (typeof o._id === 'string' && o._id !== '') {
                    if (ids.has(o._id)) bad.push(`[${i}] and [${ids.get(o._id)}] share _id ${o._id}`);
                    else ids.set(o._id, i);
                }
                if (o.__type__ === 'cc.Node' || o.__type__ === 'cc.Scene') {
                    for (const c of (o._children as Ref[]) ?? []) {
                        const child = at(c);
                        if (child.__type__ !== 'cc.Node') bad.push(`[${i}] child ${c.__id__} is a ${child.__type__}`);
                        else if (!isRef(child._parent) || child._parent.__id__ !== i) bad.push(`[${c.__id__}]._parent is not [${i}]`);
                    }
                    for (const c of (o._components as Ref[]) ?? []) {
                        const comp = at(c);
                        if (!isRef(comp.node) || comp.node.__id__ !== i) bad.push(`component [${c.__id__}].node is not [${i}]`);
                    }
                }
                if (isRef(o.node)) {
                    const owner = at(o.node);
                    const listed = ((owner._components as Ref[]) ?? []).some((c) => c.__id__ === i);
                    if (!listed) bad.push(`component [${i}] (${o.__type__}) is not in the _components of [${o.node.__id__}]`);
                }
            });
            expect(bad).toEqual([]);
        });

        test('each Canvas has a camera that sees the layers of the nodes under it', () => {
            const bad: string[] = [];
            data.forEach((o, i) => {
                if (o.__type__ !== 'cc.Canvas') return;
                const camRef = o._cameraComponent;
                if (!isRef(camRef) || at(camRef).__type__ !== 'cc.Camera') {
                    bad.push(`cc.Canvas [${i}] has no cc.Camera`);
                    return;
                }
                const camera = at(camRef);
                const visibility = camera._visibility as number;
                const cameraNode = (camera.node as Ref).__id__;
                const visit = (n: number): void => {
                    const node = data[n];
                    if (n !== cameraNode && (visibility & (node._layer as number)) === 0) {
                        bad.push(`node [${n}] ${String(node._name)} (layer ${String(node._layer)}) is not in the visibility ${visibility} of its Canvas camera`);
                    }
                    for (const c of (node._children as Ref[]) ?? []) visit(c.__id__);
                };
                visit((o.node as Ref).__id__);
            });
            expect(bad).toEqual([]);
        });
    });
});
