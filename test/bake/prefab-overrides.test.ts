import * as fs from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { compressUuidBase } from '../../extensions/pixel-collision/assets/core/index';
import { bakeProject, DEFAULT_OUT } from '../../extensions/pixel-collision/source/bake/index';
import { PIXEL_COLLIDER_SCRIPT_UUID } from '../../extensions/pixel-collision/source/bake/project';
import { parseLibraryScript } from '../../extensions/pixel-collision/source/bake/output';

/**
 * A prefab instance's `_spriteFrame` override makes its frame baked only when the overridden
 * Sprite's node has a PixelCollider: in the prefab, mounted on it by the instance, or in a nested
 * prefab. A project with no PixelCollider whose scenes override sprite frames (a real game had
 * three such overrides) gets nothing written into assets/. Scenes and prefabs are written here in
 * Creator 3.8's format: a node's `_prefab` (cc.PrefabInfo: asset, fileId, instance), the instance
 * (cc.PrefabInstance: propertyOverrides, mountedComponents), CCPropertyOverrideInfo with a
 * cc.TargetInfo whose localID is the fileIds down to the component (cc.CompPrefabInfo.fileId).
 */
const root = join(__dirname, '../..');
const FIXTURE = join(root, 'test/fixtures/bake-project');
const COLLIDER = compressUuidBase(PIXEL_COLLIDER_SCRIPT_UUID);
const PLAIN_FRAME = '6e02cc61-fbad-4180-abdc-ec15fab2c26d@f9941';
const temps: string[] = [];
afterAll(() => temps.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

/** The fixture project without its scene (so no PixelCollider anywhere). */
function bareProject(): string {
    const dir = fs.mkdtempSync(join(tmpdir(), 'pc-overrides-'));
    temps.push(dir);
    fs.cpSync(FIXTURE, dir, { recursive: true });
    fs.rmSync(join(dir, 'assets/scenes'), { recursive: true });
    fs.rmSync(join(dir, 'assets/scenes.meta'));
    fs.mkdirSync(join(dir, 'assets/game'));
    return dir;
}
function writeAsset(dir: string, rel: string, uuid: string, importer: string, json: unknown[]): void {
    fs.writeFileSync(join(dir, rel), JSON.stringify(json, null, 1));
    fs.writeFileSync(join(dir, rel + '.meta'), JSON.stringify({ ver: '1.1.50', importer, imported: true, uuid, files: ['.json'], subMetas: {}, userData: {} }, null, 2));
}

/**
 * A prefab: a root node (fileId `root`) with a Sprite (fileId `sprite`) and, with `collider`, a
 * PixelCollider; with `nested`, a child that is an instance (fileId `inner`) of that prefab.
 */
function prefab(collider: boolean, nested?: string): unknown[] {
    const j: Record<string, unknown>[] = [];
    const add = (o: Record<string, unknown>): number => j.push(o) - 1;
    add({ __type__: 'cc.Prefab', _name: 'p', data: { __id__: 1 } });
    const node = add({ __type__: 'cc.Node', _name: 'Root', _children: [], _components: [], _prefab: null });
    const comps: unknown[] = [];
    const sprite = add({ __type__: 'cc.Sprite', node: { __id__: node }, _spriteFrame: null, __prefab: null });
    j[sprite].__prefab = { __id__: add({ __type__: 'cc.CompPrefabInfo', fileId: 'sprite' }) };
    comps.push({ __id__: sprite });
    if (collider) {
        const c = add({ __type__: COLLIDER, node: { __id__: node }, _alphaThreshold: 0, __prefab: null });
        j[c].__prefab = { __id__: add({ __type__: 'cc.CompPrefabInfo', fileId: 'collider' }) };
        comps.push({ __id__: c });
    }
    j[node]._components = comps;
    j[node]._prefab = { __id__: add({ __type__: 'cc.PrefabInfo', root: { __id__: node }, asset: { __id__: 0 }, fileId: 'root', instance: null }) };
    if (nested) {
        const child = add({ __type__: 'cc.Node', _name: 'Inner', _parent: { __id__: node }, _children: [], _components: [], _prefab: null });
        const inst = add({ __type__: 'cc.PrefabInstance', fileId: 'inner', prefabRootNode: { __id__: node }, mountedChildren: [], mountedComponents: [], propertyOverrides: [], removedComponents: [] });
        j[child]._prefab = { __id__: add({ __type__: 'cc.PrefabInfo', root: { __id__: child }, asset: { __uuid__: nested, __expectedType__: 'cc.Prefab' }, fileId: 'root', instance: { __id__: inst } }) };
        (j[node]._children as unknown[]).push({ __id__: child });
    }
    return j;
}

/** A scene holding one instance of `prefabUuid` that overrides the frame of the Sprite at `localID`; optionally mounts a PixelCollider on the node at `mountOn`. */
function scene(prefabUuid: string, localID: string[], mountOn?: string[]): unknown[] {
    const j: Record<string, unknown>[] = [];
    const add = (o: Record<string, unknown>): number => j.push(o) - 1;
    add({ __type__: 'cc.SceneAsset', _name: 'level', scene: { __id__: 1 } });
    const sc = add({ __type__: 'cc.Scene', _name: 'level', _children: [], _components: [], _prefab: null });
    const node = add({ __type__: 'cc.Node', _name: 'Enemy', _parent: { __id__: sc }, _children: [], _components: [], _prefab: null });
    (j[sc]._children as unknown[]).push({ __id__: node });
    const ti = add({ __type__: 'cc.TargetInfo', localID });
    const ov = add({ __type__: 'CCPropertyOverrideInfo', targetInfo: { __id__: ti }, propertyPath: ['_spriteFrame'], value: { __uuid__: PLAIN_FRAME, __expectedType__: 'cc.SpriteFrame' } });
    const mounted: unknown[] = [];
    if (mountOn) {
        const c = add({ __type__: COLLIDER, node: { __id__: node }, _alphaThreshold: 0 });
        const mti = add({ __type__: 'cc.TargetInfo', localID: mountOn });
        mounted.push({ __id__: add({ __type__: 'cc.MountedComponentsInfo', targetInfo: { __id__: mti }, components: [{ __id__: c }] }) });
    }
    const inst = add({ __type__: 'cc.PrefabInstance', fileId: 'I1', prefabRootNode: null, mountedChildren: [], mountedComponents: mounted, propertyOverrides: [{ __id__: ov }], removedComponents: [] });
    j[node]._prefab = { __id__: add({ __type__: 'cc.PrefabInfo', root: { __id__: node }, asset: { __uuid__: prefabUuid, __expectedType__: 'cc.Prefab' }, fileId: 'inst-root', instance: { __id__: inst } }) };
    return j;
}

const P = '11111111-2222-4333-8444-555555555555', Q = '66666666-7777-4888-8999-aaaaaaaaaaaa', S = '99999999-8888-4777-8666-555555555555';
const baked = (dir: string): string[] => (fs.existsSync(join(dir, DEFAULT_OUT)) ? [...new Set(parseLibraryScript(fs.readFileSync(join(dir, DEFAULT_OUT), 'utf8')).map((e) => e.uuid ?? ''))] : []);

test('an override of a Sprite whose node has no PixelCollider: nothing baked, nothing written into assets/', async () => {
    const dir = bareProject();
    writeAsset(dir, 'assets/game/enemy.prefab', P, 'prefab', prefab(false));
    writeAsset(dir, 'assets/game/level.scene', S, 'scene', scene(P, ['sprite']));
    const r = await bakeProject(dir);
    expect(r.errors).toEqual([]);
    expect(r.libraries).toEqual([]);
    expect(fs.existsSync(join(dir, 'assets/pixel-collision-masks'))).toBe(false);
});

test('an override of a Sprite whose node has a PixelCollider in the prefab: that frame is baked', async () => {
    const dir = bareProject();
    writeAsset(dir, 'assets/game/enemy.prefab', P, 'prefab', prefab(true));
    writeAsset(dir, 'assets/game/level.scene', S, 'scene', scene(P, ['sprite']));
    await bakeProject(dir);
    expect(baked(dir)).toContain(PLAIN_FRAME);
});

test('an override of a Sprite whose node the instance gives a PixelCollider (mountedComponents): baked', async () => {
    const dir = bareProject();
    writeAsset(dir, 'assets/game/enemy.prefab', P, 'prefab', prefab(false));
    writeAsset(dir, 'assets/game/level.scene', S, 'scene', scene(P, ['sprite'], ['root']));
    await bakeProject(dir);
    expect(baked(dir)).toContain(PLAIN_FRAME);
});

test('an override through a nested instance ([inner instance, sprite]): followed into the nested prefab', async () => {
    const withCollider = bareProject();
    writeAsset(withCollider, 'assets/game/inner.prefab', Q, 'prefab', prefab(true));
    writeAsset(withCollider, 'assets/game/outer.prefab', P, 'prefab', prefab(false, Q));
    writeAsset(withCollider, 'assets/game/level.scene', S, 'scene', scene(P, ['inner', 'sprite']));
    await bakeProject(withCollider);
    expect(baked(withCollider)).toContain(PLAIN_FRAME);
    const without = bareProject();
    writeAsset(without, 'assets/game/inner.prefab', Q, 'prefab', prefab(false));
    writeAsset(without, 'assets/game/outer.prefab', P, 'prefab', prefab(true, Q)); // the collider is on the outer root, not the nested Sprite's node
    writeAsset(without, 'assets/game/level.scene', S, 'scene', scene(P, ['inner', 'sprite']));
    await bakeProject(without);
    expect(baked(without)).not.toContain(PLAIN_FRAME);
});
