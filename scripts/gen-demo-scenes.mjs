#!/usr/bin/env node
/**
 * Writes the five demo scenes (assets/demos/*.scene) in Creator 3.8's scene format, as the editor
 * saves them: nodes, UITransforms, Sprites pointing at the imported sprite frames
 * (`<png uuid>@f9941`), Labels, an Animation with the hero's clip, a PixelCollider on every
 * colliding node with the values a user sets in the Inspector, and each demo's component. Also
 * writes the demo scripts' `.ts.meta` files when missing. The fifth scene, character.scene, has two
 * Spine characters (sp.Skeleton on the imported knight.json) with PixelColliders and Pixel Touch.
 *
 *     node scripts/gen-demo-art.mjs      # first, if the art changed
 *     node scripts/gen-demo-scenes.mjs
 *
 * The scenes are committed; open them in Creator and press Preview.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compressUuid, uuidFor } from './demo-uuid.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const json = (o) => `${JSON.stringify(o, null, 2)}\n`;
const readJson = (p) => JSON.parse(readFileSync(join(root, p), 'utf8'));

const UI_2D = 33554432;
const PIXEL_COLLIDER = compressUuid(readJson('extensions/pixel-collision/assets/runtime/PixelCollider.ts.meta').uuid);
/** pixel-collide.effect, which the Inspector's PixelCollider references (so builds include it: docs/gpu.md). */
const PIXEL_COLLIDE_EFFECT = readJson('extensions/pixel-collision/assets/effects/pixel-collide.effect.meta').uuid;

/** Script metas: kept when present (their uuids are the components' class ids), written otherwise. */
for (const f of ['demo-logic.ts']) scriptClass(`assets/scripts/demos/${f}`);
function scriptClass(path) {
    const metaPath = join(root, `${path}.meta`);
    if (!existsSync(metaPath)) {
        writeFileSync(metaPath, json({ ver: '4.0.24', importer: 'typescript', imported: true, uuid: uuidFor(path), files: [], subMetas: {}, userData: {} }));
    }
    return compressUuid(JSON.parse(readFileSync(metaPath, 'utf8')).uuid);
}
for (const dir of ['assets/scripts/demos']) {
    const p = join(root, `${dir}.meta`);
    if (!existsSync(p)) writeFileSync(p, json({ ver: '1.2.0', importer: 'directory', imported: true, uuid: uuidFor(dir), files: [], subMetas: {}, userData: {} }));
}

const frame = (png) => ({ __uuid__: `${readJson(`assets/demos/art/${png}.meta`).uuid}@f9941`, __expectedType__: 'cc.SpriteFrame' });
const frameSize = (png) => {
    const u = readJson(`assets/demos/art/${png}.meta`).subMetas.f9941.userData;
    return [u.width, u.height];
};
const vec3 = (x, y, z) => ({ __type__: 'cc.Vec3', x, y, z });
const color = (r, g, b, a = 255) => ({ __type__: 'cc.Color', r, g, b, a });

/** The objects every 3.8 scene ends with (lighting, shadows, skybox...): taken from the project's first scene. */
const GLOBALS = (() => {
    const d = readJson('assets/scenes/pixel-demo.scene');
    const at = d.findIndex((o) => o.__type__ === 'cc.SceneGlobals');
    return { objects: d.slice(at), base: at };
})();

class SceneBuilder {
    constructor(name) {
        this.name = name;
        this.uuid = uuidFor(`assets/demos/${name}.scene`);
        this.objs = [
            { __type__: 'cc.SceneAsset', _name: name, _objFlags: 0, __editorExtras__: {}, _native: '', scene: { __id__: 1 } },
            {
                __type__: 'cc.Scene', _name: name, _objFlags: 0, __editorExtras__: {}, _parent: null, _children: [], _active: true, _components: [],
                _prefab: null, _lpos: vec3(0, 0, 0), _lrot: { __type__: 'cc.Quat', x: 0, y: 0, z: 0, w: 1 }, _lscale: vec3(1, 1, 1), _mobility: 0,
                _layer: 1073741824, _euler: vec3(0, 0, 0), autoReleaseAssets: false, _globals: null, _id: this.uuid,
            },
        ];
    }

    id(tag) { return compressUuid(uuidFor(`${this.name}:${tag}:${this.objs.length}`), 2); }

    push(o) { this.objs.push(o); return this.objs.length - 1; }

    node(name, parent, { x = 0, y = 0, z = 0, angle = 0, sx = 1, sy = 1, active = true, layer = UI_2D } = {}) {
        const r = (angle * Math.PI) / 360;
        const i = this.push({
            __type__: 'cc.Node', _name: name, _objFlags: 0, __editorExtras__: {}, _parent: { __id__: parent }, _children: [], _active: active,
            _components: [], _prefab: null, _lpos: vec3(x, y, z), _lrot: { __type__: 'cc.Quat', x: 0, y: 0, z: Math.sin(r), w: Math.cos(r) },
            _lscale: vec3(sx, sy, 1), _mobility: 0, _layer: layer, _euler: vec3(0, 0, angle), _id: this.id('node'),
        });
        this.objs[parent]._children.push({ __id__: i });
        return i;
    }

    comp(node, type, props = {}) {
        const i = this.push({ __type__: type, _name: '', _objFlags: 0, __editorExtras__: {}, node: { __id__: node }, _enabled: true, __prefab: null, ...props, _id: this.id('comp') });
        this.objs[node]._components.push({ __id__: i });
        return i;
    }

    uiTransform(node, w, h, ax = 0.5, ay = 0.5) {
        return this.comp(node, 'cc.UITransform', { _contentSize: { __type__: 'cc.Size', width: w, height: h }, _anchorPoint: { __type__: 'cc.Vec2', x: ax, y: ay } });
    }

    sprite(node, png, { type = 0, sizeMode = 1, tint = color(255, 255, 255) } = {}) {
        const [w, h] = frameSize(png);
        if (sizeMode !== 0) this.uiTransform(node, w, h);
        return this.comp(node, 'cc.Sprite', {
            _customMaterial: null, _srcBlendFactor: 2, _dstBlendFactor: 4, _color: tint, _spriteFrame: frame(png), _type: type, _fillType: 0,
            _sizeMode: sizeMode, _fillCenter: { __type__: 'cc.Vec2', x: 0, y: 0 }, _fillStart: 0, _fillRange: 0, _isTrimmedMode: true,
            _useGrayscale: false, _atlas: null,
        });
    }

    label(parent, name, text, { x = 0, y = 0, size = 20, w = 920, h = 30, align = 1, tint = color(235, 240, 250) } = {}) {
        const n = this.node(name, parent, { x, y });
        this.uiTransform(n, w, h);
        this.comp(n, 'cc.Label', {
            _customMaterial: null, _srcBlendFactor: 2, _dstBlendFactor: 4, _color: tint, _string: text, _horizontalAlign: align, _verticalAlign: 1,
            _actualFontSize: size, _fontSize: size, _fontFamily: 'Arial', _lineHeight: Math.round(size * 1.25), _overflow: 0, _enableWrapText: true,
            _font: null, _isSystemFontUsed: true, _spacingX: 0, _isItalic: false, _isBold: false, _isUnderline: false, _underlineHeight: 2, _cacheMode: 0,
            _enableOutline: true, _outlineColor: color(0, 0, 0), _outlineWidth: 2, _enableShadow: false,
        });
        return n;
    }

    /** A PixelCollider as the Inspector saves it (every serialized field). */
    pixelCollider(node, { shape = 0, alphaThreshold = 0, accuracy = 0, mode = 0, group = 1, radius = 0, pixelTouch } = {}) {
        return this.comp(node, PIXEL_COLLIDER, {
            _shape: shape, _alphaThreshold: alphaThreshold, _accuracy: accuracy, _mode: mode, _group: group,
            _size: { __type__: 'cc.Size', width: 0, height: 0 }, _offset: { __type__: 'cc.Vec2', x: 0, y: 0 }, _radius: radius, _points: [],
            // (the scenes written before Pixel Touch existed leave it out: it loads as its default, off)
            _bakedMask: null, _maskLibrary: null, ...(pixelTouch === undefined ? {} : { _pixelTouch: pixelTouch }),
            _gpuEffect: { __uuid__: PIXEL_COLLIDE_EFFECT, __expectedType__: 'cc.EffectAsset' },
        });
    }

    /** An sp.Skeleton as the Inspector saves it (Creator 3.8.5's serialized fields), playing `animation`. */
    skeleton(node, json, { animation = '', tint = color(255, 255, 255), timeScale = 1 } = {}) {
        return this.comp(node, 'sp.Skeleton', {
            _customMaterial: null, _srcBlendFactor: 2, _dstBlendFactor: 4, _color: tint, loop: true, _timeScale: timeScale, _useTint: false,
            _preCacheMode: 0, _cacheMode: 0, _debugBones: false, _debugSlots: false,
            _skeletonData: { __uuid__: readJson(`assets/demos/art/${json}.meta`).uuid, __expectedType__: 'sp.SkeletonData' },
            _premultipliedAlpha: true, defaultSkin: 'default', defaultAnimation: animation, _sockets: [], _debugMesh: false, _enableBatch: false,
        });
    }

    /** Canvas + camera, as a new 2D scene has them; returns the Canvas node. */
    canvas(clear) {
        const canvas = this.node('Canvas', 1, { x: 480, y: 320 });
        const cam = this.node('Camera', canvas, { z: 1000, layer: 1073741824 });
        const camera = this.comp(cam, 'cc.Camera', {
            _projection: 0, _priority: 1073741824, _fov: 45, _fovAxis: 0, _orthoHeight: 320, _near: 1, _far: 2000, _color: clear, _depth: 1, _stencil: 0,
            _clearFlags: 7, _rect: { __type__: 'cc.Rect', x: 0, y: 0, width: 1, height: 1 }, _aperture: 19, _shutter: 7, _iso: 0, _screenScale: 1,
            _visibility: 41943040, _targetTexture: null, _postProcess: null, _usePostProcess: false, _cameraType: -1, _trackingType: 0,
        });
        this.uiTransform(canvas, 960, 640);
        this.comp(canvas, 'cc.Canvas', { _cameraComponent: { __id__: camera }, _alignCanvasWithScreen: true });
        this.comp(canvas, 'cc.Widget', {
            _alignFlags: 45, _target: null, _left: 0, _right: 0, _top: 0, _bottom: 0, _horizontalCenter: 0, _verticalCenter: 0, _isAbsLeft: true,
            _isAbsRight: true, _isAbsTop: true, _isAbsBottom: true, _isAbsHorizontalCenter: true, _isAbsVerticalCenter: true, _originalWidth: 0,
            _originalHeight: 0, _alignMode: 2, _lockFlags: 0,
        });
        return canvas;
    }

    write() {
        const scene = this.objs[1];
        scene._prefab = { __id__: this.push({ __type__: 'cc.PrefabInfo', root: null, asset: null, fileId: this.uuid, instance: null, targetOverrides: null }) };
        const offset = this.objs.length - GLOBALS.base;
        const shift = (v) => {
            if (Array.isArray(v)) return v.map(shift);
            if (v && typeof v === 'object') {
                if ('__id__' in v) return { __id__: v.__id__ + offset };
                return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, shift(x)]));
            }
            return v;
        };
        scene._globals = { __id__: this.objs.length };
        for (const o of GLOBALS.objects) this.objs.push(shift(o));
        const path = `assets/demos/${this.name}.scene`;
        writeFileSync(join(root, path), json(this.objs));
        writeFileSync(join(root, `${path}.meta`), json({ ver: '1.1.50', importer: 'scene', imported: true, uuid: this.uuid, files: ['.json'], subMetas: {}, userData: {} }));
        console.log(`${path}: ${this.objs.length} objects`);
    }
}

const ref = (i) => ({ __id__: i });
const HINT_Y = -300;

// ------------------------------------------------------------------ 1. shooter
{
    const s = new SceneBuilder('shooter');
    const canvas = s.canvas(color(14, 18, 36));
    const game = s.node('Game', canvas);
    const ships = [];
    const fighter1 = s.node('Fighter', game, { x: -220, y: 170 });
    s.sprite(fighter1, 'shooter/fighter.png');
    ships.push(s.pixelCollider(fighter1, { alphaThreshold: 127 }));
    const saucer = s.node('Saucer', game, { x: 80, y: 230 });
    s.sprite(saucer, 'shooter/saucer.png');
    ships.push(s.pixelCollider(saucer, { alphaThreshold: 127 }));
    const fighter2 = s.node('Fighter (flipped)', game, { x: 220, y: 80, sx: -1, sy: -1 });
    s.sprite(fighter2, 'shooter/fighter.png');
    ships.push(s.pixelCollider(fighter2, { alphaThreshold: 127 }));
    const player = s.node('Player', game, { x: 0, y: -240 });
    s.sprite(player, 'shooter/player.png');
    const playerCollider = s.pixelCollider(player, { alphaThreshold: 127 });
    const bullet = s.node('Bullet', game, { x: 0, y: -200, active: false });
    s.sprite(bullet, 'shooter/bullet.png');
    s.pixelCollider(bullet, { alphaThreshold: 64 });
    const score = s.label(canvas, 'Score', 'Score 0', { x: -460, y: 295, w: 400, align: 0, size: 22, tint: color(255, 230, 120) });
    s.objs[score]._lpos.x = -260;
    s.label(canvas, 'Hint', 'Move with ← → or A D (or drag); shots fly through the holes, F toggles auto-fire', { y: HINT_Y, size: 18 });
    s.comp(game, scriptClass('assets/scripts/demos/ShooterDemo.ts'), {
        player: ref(playerCollider), enemies: ships.map(ref), bulletTemplate: ref(bullet), scoreLabel: ref(s.objs[score]._components[1].__id__),
        bulletSpeed: 2400, fireInterval: 0.1, playerSpeed: 480, autoFire: true,
    });
    s.write();
}

// ------------------------------------------------------------------ 2. maze
const MAZE = [
    '##############################',
    '#....#.........#.............#',
    '#....#..o...o..#....######...#',
    '#....#.........#....#....#...#',
    '#.H..#####..####....#.o..#...#',
    '#.........................#..#',
    '#..o....o.........o.......#..#',
    '#####...######....#####...#..#',
    '#.......#....#........#......#',
    '#...o...#.o..#...o....#..o...#',
    '#.......#....#........#......#',
    '#...#####....####..####......#',
    '#............................#',
    '#..######...o....o....#####..#',
    '#.......#.............#......#',
    '#...o...#....######...#..o...#',
    '#.......#.........#..........#',
    '#.......######....#.....o....#',
    '#.................#..........#',
    '##############################',
];
if (MAZE.some((r) => r.length !== 30) || MAZE.length !== 20) throw new Error('the maze must be 30 x 20 cells');
{
    const s = new SceneBuilder('maze');
    const canvas = s.canvas(color(20, 22, 30));
    const floor = s.node('Floor', canvas);
    s.uiTransform(floor, 960, 640);
    s.sprite(floor, 'maze/floor.png', { type: 2, sizeMode: 0 });
    const maze = s.node('Maze', canvas);
    const wall = s.node('Wall', maze, { active: false });
    s.sprite(wall, 'maze/wall.png');
    s.pixelCollider(wall, { alphaThreshold: 127 });
    const pillar = s.node('Pillar', maze, { active: false });
    s.sprite(pillar, 'maze/pillar.png');
    s.pixelCollider(pillar, { alphaThreshold: 127 });
    const hero = s.node('Hero', canvas, { x: -400, y: 176 });
    s.uiTransform(hero, 20, 20);
    const heroCollider = s.pixelCollider(hero, { shape: 2, radius: 9 });
    const body = s.node('Sprite', hero);
    s.sprite(body, 'hero/hero-0.png');
    const clip = { __uuid__: readJson('assets/demos/art/hero/hero-walk.anim.meta').uuid, __expectedType__: 'cc.AnimationClip' };
    s.comp(body, 'cc.Animation', { playOnLoad: true, _clips: [clip], _defaultClip: clip });
    s.label(canvas, 'Hint', 'Walk with W A S D or the arrows (or hold the mouse / a finger where to go): slide along walls, into corners', { y: HINT_Y, size: 18 });
    s.comp(maze, scriptClass('assets/scripts/demos/MazeDemo.ts'), {
        hero: ref(heroCollider), heroSprite: ref(body), speed: 150, wallTemplate: ref(wall), pillarTemplate: ref(pillar), tileSize: 32, layout: MAZE.join('\n'),
    });
    s.write();
}

// ------------------------------------------------------------------ 3. terrain
{
    const s = new SceneBuilder('terrain');
    const canvas = s.canvas(color(40, 64, 100));
    const world = s.node('World', canvas);
    const [, gh] = frameSize('terrain/ground.png');
    const ground = s.node('Ground', world, { y: -320 + gh / 2 });
    s.sprite(ground, 'terrain/ground.png');
    const groundCollider = s.pixelCollider(ground, { alphaThreshold: 127 });
    const bodies = [];
    [[-300, 200, 0], [-120, 260, 1], [40, 220, 2], [210, 280, 3], [340, 200, 0], [-40, 300, 3]].forEach(([x, y, k], i) => {
        const rock = s.node(`Rock ${i + 1}`, world, { x, y, angle: i * 37 });
        s.sprite(rock, `rocks/rock-${k}.png`);
        bodies.push(s.pixelCollider(rock, { alphaThreshold: 127 }));
    });
    s.label(canvas, 'Hint', 'Click or tap the ground to blow a crater; rocks fall and rest on what is left (R drops them again)', { y: 295, size: 18 });
    s.comp(world, scriptClass('assets/scripts/demos/TerrainDemo.ts'), { ground: ref(groundCollider), bodies: bodies.map(ref), radius: 34, gravity: 900 });
    s.write();
}

// ------------------------------------------------------------------ 4. stress
{
    const s = new SceneBuilder('stress');
    const canvas = s.canvas(color(12, 14, 22));
    const field = s.node('Field', canvas);
    const rock = s.node('Rock', field, { active: false });
    s.sprite(rock, 'rocks/rock-0.png');
    s.pixelCollider(rock, { alphaThreshold: 127, mode: 1 });
    const overlay = s.label(canvas, 'Overlay', '', { x: 0, y: 285, w: 940, h: 60, align: 0, size: 18, tint: color(160, 255, 170) });
    s.label(canvas, 'Hint', '1 CPU · 2 GPU · 3 bounds only (or click to cycle); + / - add or remove 200 sprites', { y: HINT_Y, size: 18 });
    s.comp(field, scriptClass('assets/scripts/demos/StressDemo.ts'), {
        template: ref(rock), frames: [0, 1, 2, 3].map((k) => frame(`rocks/rock-${k}.png`)), overlay: ref(s.objs[overlay]._components[1].__id__),
        count: 600, maxCount: 3000,
    });
    s.write();
}

// ------------------------------------------------------------------ 5. character
{
    const s = new SceneBuilder('character');
    const canvas = s.canvas(color(120, 170, 220));
    const world = s.node('World', canvas);
    s.uiTransform(world, 960, 640); // catches the clicks that go through the characters' transparent pixels
    const GROUND = -190; // the feet's y
    const ground = s.node('Ground', world, { y: GROUND - 65 }); // one row of the 130 px tile, down to the screen's bottom
    s.uiTransform(ground, 960, 130);
    s.sprite(ground, 'character/ground.png', { type: 2, sizeMode: 0 });
    const crates = [], coins = [];
    [[-150, 0], [190, 12]].forEach(([x, angle], i) => {
        const n = s.node(`Crate ${i + 1}`, world, { x, y: GROUND + 20, angle });
        s.sprite(n, 'character/crate.png');
        crates.push(s.pixelCollider(n, { alphaThreshold: 127, pixelTouch: false }));
    });
    // Some coins only the swinging sword reaches; the hole in a coin's middle does not collect it.
    [[-250, 40], [-60, 110], [40, 150], [140, 60], [300, 130]].forEach(([x, h], i) => {
        const n = s.node(`Coin ${i + 1}`, world, { x, y: GROUND + h });
        s.sprite(n, 'character/coin.png');
        coins.push(s.pixelCollider(n, { alphaThreshold: 127, pixelTouch: false }));
    });
    const knight = (name, x, sx, tint, timeScale) => {
        const n = s.node(name, world, { x, y: GROUND, sx });
        // The content box holds the whole sword swing (the touch test checks it before the pixels).
        s.uiTransform(n, 210, 200, 0.5, 0.08);
        s.skeleton(n, 'character/knight.json', { animation: 'walk', tint, timeScale });
        return s.pixelCollider(n, { alphaThreshold: 127, pixelTouch: true });
    };
    const rival = knight('Rival (mirrored)', 330, -1, color(190, 210, 255), 1.15);
    const hero = knight('Hero', -330, 1, color(255, 255, 255), 1);
    const score = s.label(canvas, 'Score', '', { x: 0, y: 295, w: 900, align: 0, size: 20, tint: color(255, 240, 150) });
    s.label(canvas, 'Hint', 'Click a knight to make it jump (only its pixels: a click between its legs or sword drops a coin there)', { y: HINT_Y, size: 18 });
    s.comp(world, scriptClass('assets/scripts/demos/CharacterDemo.ts'), {
        hero: ref(hero), rival: ref(rival), crates: crates.map(ref), coins: coins.map(ref), scoreLabel: ref(s.objs[score]._components[1].__id__),
        walkSpeed: 70, jumpSpeed: 430, gravity: 1100, halfWidth: 420,
    });
    s.write();
}
