/**
 * A small Cocos Creator 3.8 project with Spine and DragonBones characters, as the bake sees it:
 * the test skeletons of test/fixtures/skeletons/ (our own art, scripts/gen-skeletons.mjs) with the
 * `.meta` files Creator 3.8 writes for them (read from cocos/cocos-test-projects v3.8.4:
 * `spineboy-pro.json.meta` importer "spine-data", `spineboy-pro.atlas.meta` importer "*",
 * `mecha_1502b_ske.json.meta` "dragonbones", `mecha_1502b_tex.json.meta` "dragonbones-atlas", all
 * with an empty `userData`; the page PNGs as images of type "texture").
 *
 * ```
 * assets/hero/hero.json, hero.atlas        Spine skeleton (spine-test.json) and its atlas, two pages:
 * assets/hero/hero.png, hero-2.png         spine-test.png (256 x 256), db-test_tex.png as a 2nd page
 * assets/dragon/db-test_ske.json           DragonBones armature
 * assets/dragon/db-test_tex.json/.png      its texture atlas ("imagePath": "db-test_tex.png", 256 x 128)
 * assets/idle/idle.json/.atlas/.png        a second Spine skeleton that no collider shows
 * assets/sprites/dot.png                   a plain sprite on a collider node
 * assets/main.scene                        Spine node (PixelCollider, threshold 0), DragonBones
 *                                          node (threshold 127), sprite node (threshold 0)
 * ```
 */
import * as fs from 'fs';
import { join } from 'path';
import { PNG } from 'pngjs';

export const FIXTURES = join(__dirname, '../fixtures/skeletons');
/** PixelCollider.ts.meta's uuid, compressed as a scene names the component's class. */
const PIXEL_COLLIDER = '18293Zl3ThDf4R51DyHXkkH';

export const U = {
    heroJson: 'c938916d-e060-4c50-8a58-df3b9241b3ee',
    heroAtlas: '6cbc7aff-f13a-4b62-919d-cece87381ef1',
    heroPng: '0e63d82e-fcea-4df5-bffd-e0429aeca401',
    heroPng2: 'f5a85936-b266-40cd-9433-49fd4cfa0c2b',
    dbSke: '11ddefb6-9328-44e0-96bd-840755eeb6a5',
    dbTex: '9d652c8a-c01b-42df-89b6-cf841e899f42',
    dbPng: '96d3dfcc-11fd-40b9-8e2f-4c95bd477378',
    idleJson: '25746c8e-e7f7-40cc-9e80-4fedbbcc0608',
    idleAtlas: '0b10177c-4dfa-4a01-81e5-321b669428bd',
    idlePng: 'e612a7b1-7d46-48ce-aa02-30cac899c832',
    dot: '35bbcfec-05a1-42ac-87a5-dd98778e9658',
    scene: '61550921-a45e-4794-9fc5-17afb8a4917a',
};
/** The page textures, as the runtime sees them (`texture._uuid`). */
export const TEX = { hero: `${U.heroPng}@6c48a`, hero2: `${U.heroPng2}@6c48a`, db: `${U.dbPng}@6c48a`, idle: `${U.idlePng}@6c48a`, dot: `${U.dot}@6c48a` };

const json = (o: unknown): string => JSON.stringify(o, null, 2) + '\n';

function write(dir: string, rel: string, data: string | Buffer): void {
    fs.mkdirSync(join(dir, rel, '..'), { recursive: true });
    fs.writeFileSync(join(dir, rel), data);
}

/** An image meta as Creator 3.8 writes it: type "texture" (a page), or "sprite-frame" (untrimmed w x h). */
export function imageMeta(uuid: string, name: string, frame?: { w: number; h: number }): unknown {
    const subMetas: Record<string, unknown> = {
        '6c48a': {
            importer: 'texture', uuid: `${uuid}@6c48a`, displayName: name, id: '6c48a', name: 'texture',
            userData: { wrapModeS: 'repeat', wrapModeT: 'repeat', minfilter: 'linear', magfilter: 'linear', mipfilter: 'none', anisotropy: 0, isUuid: true, imageUuidOrDatabaseUri: uuid },
            ver: '1.0.22', imported: true, files: ['.json'], subMetas: {},
        },
    };
    if (frame) {
        subMetas.f9941 = {
            importer: 'sprite-frame', uuid: `${uuid}@f9941`, displayName: name, id: 'f9941', name: 'spriteFrame',
            userData: { trimType: 'none', trimThreshold: 1, rotated: false, offsetX: 0, offsetY: 0, trimX: 0, trimY: 0, width: frame.w, height: frame.h,
                rawWidth: frame.w, rawHeight: frame.h, borderTop: 0, borderBottom: 0, borderLeft: 0, borderRight: 0, packable: true,
                pixelsToUnit: 100, pivotX: 0.5, pivotY: 0.5, meshType: 0, isUuid: true, imageUuidOrDatabaseUri: `${uuid}@6c48a`, atlasUuid: '' },
            ver: '1.0.12', imported: true, files: ['.json'], subMetas: {},
        };
    }
    return {
        ver: '1.0.27', importer: 'image', imported: true, uuid, files: ['.json', '.png'], subMetas,
        userData: { type: frame ? 'sprite-frame' : 'texture', hasAlpha: true, fixAlphaTransparencyArtifacts: false, redirect: `${uuid}@${frame ? 'f9941' : '6c48a'}` },
    };
}

/** The metas of the other assets, as in cocos-test-projects v3.8.4 (`userData` empty). */
export function assetMeta(importer: string, uuid: string, files: string[], ver = '1.0.2'): unknown {
    return { ver, importer, imported: true, uuid, files, subMetas: {}, userData: {} };
}

/** The fixture Spine atlas with its page renamed, plus a second page `second` (when given). */
export function spineAtlas(page: string, second?: string): string {
    const text = fs.readFileSync(join(FIXTURES, 'spine-test.atlas'), 'utf8').replace('spine-test.png', page);
    return second === undefined ? text : `${text.replace(/\s*$/, '\n')}\n${second}\nsize: 256,128\nformat: RGBA8888\nfilter: Nearest,Nearest\nrepeat: none\nextra\n  rotate: false\n  xy: 2, 2\n  size: 4, 4\n  orig: 4, 4\n  offset: 0, 0\n  index: -1\n`;
}

/** Writes the project into `dir` (see the file's comment). */
export function makeSkeletonProject(dir: string): void {
    const fx = (name: string): Buffer => fs.readFileSync(join(FIXTURES, name));
    // Spine: hero (two pages) and idle (one page, shown by no collider)
    write(dir, 'assets/hero/hero.json', fx('spine-test.json'));
    write(dir, 'assets/hero/hero.json.meta', json(assetMeta('spine-data', U.heroJson, ['.json'], '1.2.5')));
    write(dir, 'assets/hero/hero.atlas', spineAtlas('hero.png', 'hero-2.png'));
    write(dir, 'assets/hero/hero.atlas.meta', json(assetMeta('*', U.heroAtlas, ['.atlas', '.json'], '1.0.0')));
    write(dir, 'assets/hero/hero.png', fx('spine-test.png'));
    write(dir, 'assets/hero/hero.png.meta', json(imageMeta(U.heroPng, 'hero')));
    write(dir, 'assets/hero/hero-2.png', fx('db-test_tex.png'));
    write(dir, 'assets/hero/hero-2.png.meta', json(imageMeta(U.heroPng2, 'hero-2')));
    write(dir, 'assets/idle/idle.json', fx('spine-test.json'));
    write(dir, 'assets/idle/idle.json.meta', json(assetMeta('spine-data', U.idleJson, ['.json'], '1.2.5')));
    write(dir, 'assets/idle/idle.atlas', spineAtlas('idle.png'));
    write(dir, 'assets/idle/idle.atlas.meta', json(assetMeta('*', U.idleAtlas, ['.atlas', '.json'], '1.0.0')));
    write(dir, 'assets/idle/idle.png', fx('spine-test.png'));
    write(dir, 'assets/idle/idle.png.meta', json(imageMeta(U.idlePng, 'idle')));
    // DragonBones
    write(dir, 'assets/dragon/db-test_ske.json', fx('db-test_ske.json'));
    write(dir, 'assets/dragon/db-test_ske.json.meta', json(assetMeta('dragonbones', U.dbSke, ['.json'])));
    write(dir, 'assets/dragon/db-test_tex.json', fx('db-test_tex.json'));
    write(dir, 'assets/dragon/db-test_tex.json.meta', json(assetMeta('dragonbones-atlas', U.dbTex, ['.json'])));
    write(dir, 'assets/dragon/db-test_tex.png', fx('db-test_tex.png'));
    write(dir, 'assets/dragon/db-test_tex.png.meta', json(imageMeta(U.dbPng, 'db-test_tex')));
    // a plain sprite, 6 x 5, a diagonal of opaque texels
    const dot = new PNG({ width: 6, height: 5 });
    for (let i = 0; i < 6 * 5; i++) dot.data[i * 4 + 3] = i % 7 === 0 ? 255 : 0;
    write(dir, 'assets/sprites/dot.png', PNG.sync.write(dot));
    write(dir, 'assets/sprites/dot.png.meta', json(imageMeta(U.dot, 'dot', { w: 6, h: 5 })));
    write(dir, 'assets/main.scene', json(scene([
        ['Hero', 'sp.Skeleton', { _skeletonData: { __uuid__: U.heroJson, __expectedType__: 'sp.SkeletonData' }, defaultSkin: 'default', defaultAnimation: 'move' }, 0],
        ['Dragon', 'dragonBones.ArmatureDisplay', {
            _dragonAsset: { __uuid__: U.dbSke, __expectedType__: 'dragonBones.DragonBonesAsset' },
            _dragonAtlasAsset: { __uuid__: U.dbTex, __expectedType__: 'dragonBones.DragonBonesAtlasAsset' }, _armatureName: 'main', _animationName: 'move',
        }, 127],
        ['Dot', 'cc.Sprite', { _spriteFrame: { __uuid__: `${U.dot}@f9941`, __expectedType__: 'cc.SpriteFrame' }, _type: 0, _sizeMode: 1 }, 0],
        // a Spine node without a collider: its skeleton is not baked
        ['Idle', 'sp.Skeleton', { _skeletonData: { __uuid__: U.idleJson, __expectedType__: 'sp.SkeletonData' } }, null],
    ])));
    write(dir, 'assets/main.scene.meta', json(assetMeta('scene', U.scene, ['.json'], '1.1.50')));
}

/** A serialized scene: one node per row, with a UITransform, the renderer, and a PixelCollider at that threshold (none when null). */
export function scene(rows: [string, string, Record<string, unknown>, number | null][]): unknown[] {
    const objs: Record<string, unknown>[] = [];
    const add = (o: Record<string, unknown>): number => objs.push(o) - 1;
    const ref = (i: number): { __id__: number } => ({ __id__: i });
    add({ __type__: 'cc.SceneAsset', _name: 'main', _native: '', scene: ref(1) });
    add({ __type__: 'cc.Scene', _name: 'main', _parent: null, _children: [], _components: [], _id: U.scene });
    rows.forEach(([name, type, props, threshold], k) => {
        const n = add({ __type__: 'cc.Node', _name: name, _parent: ref(1), _children: [], _active: true, _components: [], _prefab: null, _id: `sk${k}` });
        (objs[1]._children as unknown[]).push(ref(n));
        const comp = (t: string, p: Record<string, unknown>): void => {
            const i = add({ __type__: t, _name: '', node: ref(n), _enabled: true, __prefab: null, ...p, _id: `sk${k}${t}` });
            (objs[n]._components as unknown[]).push(ref(i));
        };
        comp('cc.UITransform', { _contentSize: { __type__: 'cc.Size', width: 100, height: 100 }, _anchorPoint: { __type__: 'cc.Vec2', x: 0.5, y: 0.5 } });
        comp(type, props);
        if (threshold !== null) comp(PIXEL_COLLIDER, { _shape: 0, _alphaThreshold: threshold, _accuracy: 0, _mode: 2, _group: 1 });
    });
    return objs;
}
