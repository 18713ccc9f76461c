/**
 * PixelCollider on Spine (`sp.Skeleton`) and DragonBones (`dragonBones.ArmatureDisplay`) nodes,
 * in the cc double: the collider is every opaque texel of every triangle drawn this frame, where
 * it is drawn. Judged against a reference written here: barycentric coordinates of the point in
 * each drawn triangle, the texture coordinate they interpolate, the texel under it.
 */
import { Mat4, Node, System, UITransform, director } from 'cc';
import type { Texture2D } from 'cc';
import { CollisionSystem, NarrowMode, PixelCollider, PixelIntersection, PixelMasks, PixelShape } from 'db://pixel-collision/runtime/index';
import { dragonBones, logs, nativeMiddleware, setNativeEngine, sp } from './cc';
import type { DragonBonesSlotDouble, SpineDraw, SpineSkeletonDouble, SpineSlotDouble } from './cc';
import { freshScene, releasedTexture, sprite, frame, texture, tick } from './helpers';
import { rng } from '../fixtures/masks';

beforeEach(() => {
    freshScene();
    PixelMasks.clear();
    logs.warn.length = 0;
});

/** A texture whose texel (i, j) is opaque iff `opaque(i, j)`, and that predicate. */
function page(w: number, h: number, seed: number): { tex: Texture2D; opaque: (i: number, j: number) => boolean; w: number; h: number } {
    const r = rng(seed);
    const bits: boolean[] = [];
    for (let i = 0; i < w * h; i++) bits.push(r() < 0.6);
    const opaque = (i: number, j: number): boolean => i >= 0 && j >= 0 && i < w && j < h && bits[j * w + i];
    return { tex: texture(w, h, (x, y) => opaque(Math.floor(x), Math.floor(y))), opaque, w, h };
}

interface Tri { xy: number[]; uv: number[]; page: ReturnType<typeof page> }
const EPS = 1e-7;

/** Reference: 1 solid, 0 not, -1 too close to an edge or a texel border to say. */
function refSolid(tris: Tri[], x: number, y: number): number {
    let tie = false;
    for (const t of tris) {
        const [x0, y0, x1, y1, x2, y2] = t.xy;
        const area = (x1 - x0) * (y2 - y0) - (x2 - x0) * (y1 - y0);
        if (area === 0) continue;
        const l1 = ((x - x0) * (y2 - y0) - (x2 - x0) * (y - y0)) / area;
        const l2 = ((x1 - x0) * (y - y0) - (x - x0) * (y1 - y0)) / area;
        const l0 = 1 - l1 - l2;
        if (l0 < -EPS || l1 < -EPS || l2 < -EPS) continue;
        const s = (l0 * t.uv[0] + l1 * t.uv[2] + l2 * t.uv[4]) * t.page.w;
        const v = (l0 * t.uv[1] + l1 * t.uv[3] + l2 * t.uv[5]) * t.page.h;
        if (Math.min(l0, l1, l2) < EPS || Math.abs(s - Math.round(s)) < 1e-6 || Math.abs(v - Math.round(v)) < 1e-6) { tie = true; continue; }
        if (t.page.opaque(Math.floor(s), Math.floor(v))) return 1;
    }
    return tie ? -1 : 0;
}

/** World point -> node space of a node at (px, py), turned by `deg`, scaled (sx, sy), no parent. */
function toLocal(px: number, py: number, deg: number, sx: number, sy: number, x: number, y: number): [number, number] {
    const a = (deg * Math.PI) / 180, c = Math.cos(a), s = Math.sin(a);
    const dx = x - px, dy = y - py;
    return [(c * dx + s * dy) / sx, (-s * dx + c * dy) / sy];
}

/** Compares opaqueAt (exact) and queryPoint (the grid) with the reference over random points of the box; returns [solid, compared]. */
function compare(c: PixelCollider, tris: Tri[], place: [number, number, number, number, number], box: [number, number, number, number], seed: number, n = 3000): [number, number] {
    const r = rng(seed);
    let solid = 0, compared = 0;
    for (let i = 0; i < n; i++) {
        const x = box[0] + r() * (box[2] - box[0]), y = box[1] + r() * (box[3] - box[1]);
        const [lx, ly] = toLocal(...place, x, y);
        const want = refSolid(tris, lx, ly);
        if (want < 0) continue;
        compared++;
        solid += want;
        const got = PixelIntersection.opaqueAt(c, { x, y });
        if (got !== (want === 1)) throw new Error(`at (${x}, ${y}) local (${lx}, ${ly}): opaqueAt ${got}, reference ${want}`);
        // queryPoint samples the grid (1 sample a unit): the sample of the cell holding the point.
        const [cx, cy] = toLocal(...place, Math.floor(x) + 0.5, Math.floor(y) + 0.5);
        const cell = refSolid(tris, cx, cy);
        if (cell >= 0) expect(CollisionSystem.instance.queryPoint(x, y).includes(c)).toBe(cell === 1);
    }
    return [solid, compared];
}

/** A node with an sp.Skeleton drawing `draws` and a PixelCollider. */
function spineNode(name: string, textures: Texture2D[], draws: SpineDraw[], place: [number, number, number, number, number]): { node: Node; skel: SpineSkeletonDouble; collider: PixelCollider } {
    const node = new Node(name);
    (director.getScene() as unknown as Node).addChild(node);
    node.addComponent(UITransform);
    const skel = node.addComponent('sp.Skeleton') as unknown as SpineSkeletonDouble;
    skel.setTextures(textures);
    skel._drawing = draws;
    node.setPosition(place[0], place[1], 0);
    node.setRotationFromEuler(0, 0, place[2]);
    node.setScale(place[3], place[4], 1);
    const collider = node.addComponent(PixelCollider);
    return { node, skel, collider };
}

/** Triangles of Spine draws (what the reference reads), alpha-0 and left-out ones dropped. */
function spineTris(draws: SpineDraw[], pages: ReturnType<typeof page>[], keep: (d: SpineDraw) => boolean = () => true): Tri[] {
    const out: Tri[] = [];
    for (const d of draws) {
        if (!keep(d)) continue;
        for (let k = 0; k < d.indices.length; k += 3) {
            const vs = [d.indices[k], d.indices[k + 1], d.indices[k + 2]];
            if (d.vertices[5 * vs[0] + 4] === 0) continue;
            out.push({
                xy: vs.flatMap((v) => [d.vertices[5 * v], d.vertices[5 * v + 1]]),
                uv: vs.flatMap((v) => [d.vertices[5 * v + 2], d.vertices[5 * v + 3]]),
                page: pages[d.textureID >= 10000 ? pages.length - 1 : d.textureID],
            });
        }
    }
    return out;
}

/** A quad (region attachment): corners bl, br, tr, tl in node space over the uv rect [u0, v0, u1, v1] (v down). */
function quad(pts: number[], uvRect: [number, number, number, number], textureID = 0, alpha = 255, blendMode = 0): SpineDraw {
    const [u0, v0, u1, v1] = uvRect;
    const uv = [u0, v1, u1, v1, u1, v0, u0, v0];
    const vertices: number[] = [];
    for (let i = 0; i < 4; i++) vertices.push(pts[2 * i], pts[2 * i + 1], uv[2 * i], uv[2 * i + 1], alpha);
    return { vertices, indices: [0, 1, 2, 2, 3, 0], blendMode, textureID };
}

function spineScene(seed: number): { pages: ReturnType<typeof page>[]; draws: SpineDraw[] } {
    const pages = [page(24, 20, seed), page(10, 9, seed + 1)];
    const draws: SpineDraw[] = [
        // A region: a parallelogram over a sub-rect.
        quad([-20, -10, 4, -14, 10, 8, -14, 12], [2 / 24, 1 / 20, 14 / 24, 11 / 20]),
        // A mesh: five vertices, uvs not a rectangle.
        { vertices: [0, 0, 0.5, 0.5, 255, 18, -4, 0.9, 0.6, 255, 22, 14, 0.8, 0.05, 255, 6, 20, 0.3, 0.1, 255, -4, 9, 0.1, 0.4, 255],
            indices: [0, 1, 2, 0, 2, 3, 0, 3, 4], blendMode: 0, textureID: 0 },
        // An invisible slot (alpha 0) over the middle: draws nothing.
        quad([-30, -30, 30, -30, 30, 30, -30, 30], [0, 0, 1, 1], 0, 0),
        // An additive slot: drawn, so it collides.
        quad([-26, 14, -12, 14, -12, 26, -26, 26], [0.5, 0.5, 1, 1], 0, 255, 1),
        // A slot texture (setSlotTexture): ids from 10000.
        quad([12, -24, 26, -22, 24, -12, 10, -14], [0, 0, 1, 1], 10001),
    ];
    return { pages, draws };
}

describe('Spine (sp.Skeleton)', () => {
    test('PIXELS is every opaque texel of every drawn triangle, where it is drawn (regions, meshes, slot textures; alpha-0 slots left out)', () => {
        const { pages, draws } = spineScene(7);
        const place: [number, number, number, number, number] = [40.3, -12.7, 33, 1.7, -1.3];
        const s = spineNode('Hero', [pages[0].tex], draws, place);
        s.skel._slotTextures = new Map([[10001, pages[1].tex]]);
        tick();
        expect(s.collider.maskSource).toBe('pixels');
        expect(s.collider.mask).toBeNull();
        const [solid, compared] = compare(s.collider, spineTris(draws, pages), place, [-20, -60, 100, 40], 1);
        expect(compared).toBeGreaterThan(2900);
        expect(solid).toBeGreaterThan(300);
        expect(logs.warn).toEqual([]);
    });

    test('the pose drawn this frame: a new pose moves the collider; the same pose changes nothing', () => {
        const { pages, draws } = spineScene(11);
        const place: [number, number, number, number, number] = [0.2, 0.1, -20, 1, 1];
        const s = spineNode('Hero', [pages[0].tex], draws, place);
        s.skel._slotTextures = new Map([[10001, pages[1].tex]]);
        tick();
        const setShape = jest.spyOn(CollisionSystem.instance.world, 'setShape');
        tick();
        tick();
        expect(setShape).not.toHaveBeenCalled();
        // The next frame's pose: every vertex moved (a new array, as the runtime rewrites its model).
        const moved = draws.map((d) => ({ ...d, vertices: d.vertices.map((v: number, i: number) => (i % 5 === 0 ? v + 7.5 : i % 5 === 1 ? v - 3.25 : v)) }));
        s.skel._drawing = moved;
        tick();
        expect(setShape).toHaveBeenCalledTimes(1);
        setShape.mockRestore();
        compare(s.collider, spineTris(moved, pages), place, [-40, -40, 40, 40], 2);
    });

    test('the cache modes (SHARED_CACHE, PRIVATE_CACHE) read the cached frame: the same answers', () => {
        const { pages, draws } = spineScene(5);
        const place: [number, number, number, number, number] = [3.3, 4.4, 71, 0.8, 1.2];
        const s = spineNode('Cached', [pages[0].tex], draws, place);
        s.skel._slotTextures = new Map([[10001, pages[1].tex]]);
        s.skel.setAnimationCacheMode(sp.Skeleton.AnimationCacheMode.SHARED_CACHE);
        tick();
        const [solid] = compare(s.collider, spineTris(draws, pages), place, [-40, -40, 40, 40], 3);
        expect(solid).toBeGreaterThan(100);
    });

    test('a tinted skeleton (28-byte vertices) reads the same', () => {
        const { pages, draws } = spineScene(9);
        const place: [number, number, number, number, number] = [0, 0, 0, 1, 1];
        const s = spineNode('Tint', [pages[0].tex], draws, place);
        s.skel._slotTextures = new Map([[10001, pages[1].tex]]);
        s.skel.useTint = true;
        tick();
        compare(s.collider, spineTris(draws, pages), place, [-32, -32, 32, 32], 4);
    });

    test('against sprites: enter, stay and end follow the pose', () => {
        const full = texture(4, 4, () => true);
        const wall = sprite('Wall', frame(full), { x: 60.5, y: 0.5, sx: 2, sy: 20 });
        const hero = spineNode('Hero', [full], [quad([-5, -5, 5, -5, 5, 5, -5, 5], [0, 0, 1, 1])], [0.25, 0.25, 0, 1, 1]);
        const seen: string[] = [];
        hero.collider.on('onPixelCollide', (_a, b) => seen.push(`enter ${b.node.name}`));
        hero.collider.on('onPixelCollideEnd', (_a, b) => seen.push(`end ${b.node.name}`));
        tick();
        expect(seen).toEqual([]);
        // The attachment reaches out to the wall (the node stays where it is).
        hero.skel._drawing = [quad([-5, -5, 57, -5, 57, 5, -5, 5], [0, 0, 1, 1])];
        tick();
        expect(seen).toEqual(['enter Wall']);
        expect(hero.collider.isTouching(wall.collider)).toBe(true);
        hero.skel._drawing = [quad([-5, -5, 5, -5, 5, 5, -5, 5], [0, 0, 1, 1], 0, 0)]; // faded out
        tick();
        expect(seen).toEqual(['enter Wall', 'end Wall']);
    });

    test('a web build whose Spine runtime has no wasm memory to read: the content box, with one warning that says what to do', () => {
        const wasm = sp.spine.wasmUtil.wasm;
        sp.spine.wasmUtil.wasm = undefined;
        try {
            const { pages, draws } = spineScene(3);
            const s = spineNode('Native', [pages[0].tex], draws, [0, 0, 0, 1, 1]);
            s.node.getComponent(UITransform)!.setContentSize(30, 20);
            tick();
            tick();
            expect(s.collider.maskSource).toBe('box');
            expect(s.collider.maskReason).toBe('unreadable');
            expect(PixelIntersection.opaqueAt(s.collider, { x: 14, y: 9 })).toBe(true);
            expect(PixelIntersection.opaqueAt(s.collider, { x: 16, y: 0 })).toBe(false);
            expect(logs.warn).toHaveLength(1);
            expect(logs.warn[0]).toMatch(/sp\.Skeleton on its node cannot be read: .*wasm memory.*content box; choose BOX \/ CIRCLE \/ POLYGON/);
        } finally {
            sp.spine.wasmUtil.wasm = wasm;
        }
    });

    test('an atlas page with no CPU pixels and no readback: the content box, with one warning', () => {
        const tex = releasedTexture('page-uuid', 16, 16);
        const s = spineNode('NoPixels', [tex], [quad([-5, -5, 5, -5, 5, 5, -5, 5], [0, 0, 1, 1])], [0, 0, 0, 1, 1]);
        s.node.getComponent(UITransform)!.setContentSize(30, 20);
        tick();
        expect(s.collider.maskSource).toBe('box');
        expect(PixelIntersection.opaqueAt(s.collider, { x: 14, y: 9 })).toBe(true);
        expect(logs.warn.filter((w) => /texture "page-uuid"|cannot be read/.test(w)).length).toBeGreaterThanOrEqual(1);
    });

    test('BOUNDS mode: the box around what is drawn this frame', () => {
        const { pages, draws } = spineScene(13);
        const s = spineNode('Bounds', [pages[0].tex], draws.slice(0, 2), [0, 0, 0, 1, 1]);
        s.collider.mode = NarrowMode.BOUNDS;
        tick();
        expect(s.collider.maskSource).toBe('bounds');
        // Bounds of the region and the mesh: x -20..22, y -14..20.
        expect(PixelIntersection.opaqueAt(s.collider, { x: -19.9, y: 19.9 })).toBe(true);
        expect(PixelIntersection.opaqueAt(s.collider, { x: 21.9, y: -13.9 })).toBe(true);
        expect(PixelIntersection.opaqueAt(s.collider, { x: 22.1, y: 0 })).toBe(false);
        expect(PixelIntersection.opaqueAt(s.collider, { x: 0, y: 20.1 })).toBe(false);
    });

    test('BOX / CIRCLE / POLYGON on a skeleton node work as on any node', () => {
        const { pages, draws } = spineScene(17);
        const s = spineNode('Box', [pages[0].tex], draws, [0, 0, 0, 1, 1]);
        s.collider.shape = PixelShape.CIRCLE;
        s.collider.radius = 5;
        tick();
        expect(PixelIntersection.opaqueAt(s.collider, { x: 4.9, y: 0 })).toBe(true);
        expect(PixelIntersection.opaqueAt(s.collider, { x: 5.1, y: 0 })).toBe(false);
    });
});

/** The scene's draws as named slots, with slots that add nothing in between (the walk must skip them as the runtime does). */
function namedSlots(draws: SpineDraw[]): SpineSlotDouble[] {
    const region = { kind: 'region' as const };
    return [
        { name: 'body', attachment: region, draw: draws[0] },
        { name: 'empty', attachment: null, draw: null },
        { name: 'cape', attachment: { kind: 'mesh', triangles: draws[1].indices.length }, draw: draws[1] },
        { name: 'sleeping', active: false, attachment: region, draw: quad([-40, -40, 40, -40, 40, 40, -40, 40], [0, 0, 1, 1]) },
        { name: 'ghost', attachment: region, draw: draws[2] },
        { name: 'point', attachment: { kind: 'other' }, draw: null },
        { name: 'glow', attachment: region, draw: draws[3] },
        { name: 'weapon', attachment: region, draw: draws[4] },
    ];
}
const SLOT_PLACE: [number, number, number, number, number] = [12.5, -7.25, 21, 1.4, 1.1];
const SLOT_BOX: [number, number, number, number] = [-40, -50, 60, 50];

function setupSlots(seed: number, native: boolean): { pages: ReturnType<typeof page>[]; slots: SpineSlotDouble[]; s: ReturnType<typeof spineNode> } {
    const { pages, draws } = spineScene(seed);
    const s = spineNode('Hero', [pages[0].tex], [], SLOT_PLACE);
    s.skel._slotTextures = new Map([[10001, pages[1].tex]]);
    // (natively a slot texture cannot be told from script: the weapon draws from the page)
    if (native) draws[4] = { ...draws[4], textureID: 0 };
    const slots = namedSlots(draws);
    s.skel.setSlots(slots);
    return { pages, slots, s };
}
/** The reference's triangles of the slots `keep` keeps (drawn slots only). */
function trisOf(slots: SpineSlotDouble[], pages: ReturnType<typeof page>[], keep: (sl: SpineSlotDouble) => boolean): Tri[] {
    const drawn = slots.filter((sl) => sl.active !== false && sl.draw && sl.attachment && (sl.attachment.kind === 'region' || sl.attachment.kind === 'mesh'));
    return spineTris(drawn.filter(keep).map((sl) => sl.draw as SpineDraw), pages);
}


// Natively the same slot walk runs on the native bindings (JSB) and the native renderer's rules,
// over the drawing the engine writes into its buffers (the cc double's native middleware).
describe.each([['web', false], ['native', true]])('Spine (%s): choosing the slots that collide (ignoreSlots, onlySlots, additiveSlots)', (_where, native) => {
    beforeEach(() => { if (native) setNativeEngine(true, { middleware: true }); });
    afterEach(() => setNativeEngine(false));

    const setup = (seed: number) => setupSlots(seed, native);

    test('by default every drawn slot collides; ignoreSlots leaves slots out, onlySlots keeps only those, additiveSlots false leaves out glows', () => {
        const { pages, slots, s } = setup(31);
        tick();
        const [all] = compare(s.collider, trisOf(slots, pages, () => true), SLOT_PLACE, SLOT_BOX, 11);
        s.collider.ignoreSlots = ['cape', 'weapon'];
        tick();
        const [fewer] = compare(s.collider, trisOf(slots, pages, (sl) => sl.name !== 'cape' && sl.name !== 'weapon'), SLOT_PLACE, SLOT_BOX, 12);
        expect(fewer).toBeLessThan(all);
        s.collider.ignoreSlots = [];
        s.collider.onlySlots = ['cape'];
        tick();
        const [cape] = compare(s.collider, trisOf(slots, pages, (sl) => sl.name === 'cape'), SLOT_PLACE, SLOT_BOX, 13);
        expect(cape).toBeGreaterThan(10);
        s.collider.onlySlots = ['cape', 'glow', 'weapon'];
        s.collider.ignoreSlots = ['weapon'];
        s.collider.additiveSlots = false;
        tick();
        compare(s.collider, trisOf(slots, pages, (sl) => sl.name === 'cape'), SLOT_PLACE, SLOT_BOX, 14);
        expect(logs.warn).toEqual([]);
    });

    test('slots under a clipping attachment: found from the drawing\'s total when they form one range; else kept, with one warning', () => {
        const { pages, draws } = spineScene(33);
        const s = spineNode('Clipped', [pages[0].tex], [], SLOT_PLACE);
        s.skel._slotTextures = new Map([[10001, pages[1].tex]]);
        if (native) draws[4] = { ...draws[4], textureID: 0 };
        // What a clipper leaves of a region: five vertices, three triangles (counts the walk cannot know).
        const clipped = (d: SpineDraw): SpineDraw => ({ ...d, vertices: [...d.vertices, ...d.vertices.slice(0, 5)], indices: [0, 1, 2, 2, 3, 4, 4, 0, 2] });
        const slots: SpineSlotDouble[] = [
            { name: 'body', attachment: { kind: 'region' }, draw: draws[0] },
            { name: 'clip', attachment: { kind: 'clipping', end: 'arm2' }, draw: null },
            { name: 'arm1', attachment: { kind: 'mesh', triangles: draws[1].indices.length }, draw: clipped(draws[1]) },
            { name: 'arm2', attachment: { kind: 'region' }, draw: clipped(draws[3]) },
            { name: 'weapon', attachment: { kind: 'region' }, draw: draws[4] },
        ];
        s.skel.setSlots(slots);
        const check = (ignore: string[], seed: number, expectKept = ignore): void => {
            s.collider.ignoreSlots = ignore;
            tick();
            compare(s.collider, trisOf(slots, pages, (sl) => !expectKept.includes(sl.name)), SLOT_PLACE, SLOT_BOX, seed);
        };
        check(['arm1', 'arm2'], 15);
        check(['body'], 16);
        check(['weapon', 'body'], 17);
        expect(logs.warn).toEqual([]);
        // arm1 and arm2 (both clipped) with different verdicts: cannot be told apart, so kept.
        check(['arm1'], 18, []);
        check(['arm1', 'weapon'], 19, ['weapon']);
        expect(logs.warn).toHaveLength(1);
        expect(logs.warn[0]).toMatch(/Clipped.*clipping attachment.*cannot be told apart/);
    });

});

describe('Spine: choosing the slots that collide, web only', () => {
    const setup = (seed: number) => setupSlots(seed, false);

    test('cache modes: slots are not chosen by name (one warning), additiveSlots applies', () => {
        const { pages, slots, s } = setup(35);
        s.skel.setAnimationCacheMode(sp.Skeleton.AnimationCacheMode.PRIVATE_CACHE);
        s.collider.ignoreSlots = ['cape'];
        s.collider.additiveSlots = false;
        tick();
        tick();
        compare(s.collider, trisOf(slots, pages, (sl) => sl.name !== 'glow'), SLOT_PLACE, SLOT_BOX, 20);
        expect(logs.warn).toHaveLength(1);
        expect(logs.warn[0]).toMatch(/REALTIME cache mode only/);
    });

    test('bad input: slot lists that are not arrays of names are refused, saying what to pass', () => {
        const { s } = setup(37);
        expect(() => { s.collider.ignoreSlots = 'weapon' as never; }).toThrow(/ignoreSlots must be an array of slot names.*\['weapon', 'shadow'\]/);
        expect(() => { s.collider.onlySlots = [3] as never; }).toThrow(/onlySlots must be an array of slot names/);
        expect(s.collider.ignoreSlots).toEqual([]);
    });
});

function mat(deg: number, sx: number, sy: number, tx: number, ty: number): Mat4 {
    const a = (deg * Math.PI) / 180, c = Math.cos(a), s = Math.sin(a);
    const m = new Mat4();
    m.m00 = c * sx; m.m01 = s * sx; m.m04 = -s * sy; m.m05 = c * sy; m.m12 = tx; m.m13 = ty;
    return m;
}

function slot(name: string, tex: Texture2D | null, m: Mat4, verts: number[], indices: number[], extra: Partial<DragonBonesSlotDouble> = {}): DragonBonesSlotDouble {
    const s: DragonBonesSlotDouble = {
        name, _visible: true, _displayData: {}, _matrix: m, _color: { r: 255, g: 255, b: 255, a: 255 }, _blendMode: 0,
        _localVertices: verts, _indices: indices, childArmature: null, _texture: tex,
        getTexture() { return this._texture; },
        ...extra,
    };
    return s;
}

/** Node-space triangles of an armature, as the engine's assembler composes them (written out here with plain matrices). */
function armatureTris(slots: DragonBonesSlotDouble[], parent: number[], pages: Map<Texture2D, ReturnType<typeof page>>, parentAlpha: number): Tri[] {
    const out: Tri[] = [];
    for (const s of slots) {
        if (!s._visible || !s._displayData) continue;
        const m = s._matrix;
        // world = parent * slot
        const [pa, pb, pc, pd, ptx, pty] = parent;
        const q = [pa * m.m00 + pc * m.m01, pb * m.m00 + pd * m.m01, pa * m.m04 + pc * m.m05, pb * m.m04 + pd * m.m05,
            pa * m.m12 + pc * m.m13 + ptx, pb * m.m12 + pd * m.m13 + pty];
        if (s.childArmature) { out.push(...armatureTris(s.childArmature._slots, q, pages, s._color.a / 255)); continue; }
        if (!s._texture || s._color.a * parentAlpha === 0) continue;
        const v = s._localVertices;
        for (let k = 0; k < s._indices.length; k += 3) {
            const ids = [s._indices[k], s._indices[k + 1], s._indices[k + 2]];
            out.push({
                xy: ids.flatMap((i) => [q[0] * v[4 * i] + q[2] * v[4 * i + 1] + q[4], q[1] * v[4 * i] + q[3] * v[4 * i + 1] + q[5]]),
                uv: ids.flatMap((i) => [v[4 * i + 2], v[4 * i + 3]]),
                page: pages.get(s._texture as Texture2D)!,
            });
        }
    }
    return out;
}

// ---- DragonBones -------------------------------------------------------------------------------

describe('DragonBones (dragonBones.ArmatureDisplay)', () => {
    function armatureScene(seed: number): { pages: Map<Texture2D, ReturnType<typeof page>>; slots: DragonBonesSlotDouble[] } {
        const p0 = page(20, 16, seed), p1 = page(12, 12, seed + 1);
        const pages = new Map([[p0.tex, p0], [p1.tex, p1]]);
        const image = (w: number, h: number, u0: number, v0: number, u1: number, v1: number): number[] =>
            [-w / 2, -h / 2, u0, v1, w / 2, -h / 2, u1, v1, w / 2, h / 2, u1, v0, -w / 2, h / 2, u0, v0];
        const child = [
            slot('child-a', p1.tex, mat(15, 1, 1, 3, 2), image(10, 8, 0, 0, 1, 1), [0, 1, 2, 0, 2, 3]),
            slot('child-hidden', p1.tex, mat(0, 1, 1, 0, 0), image(30, 30, 0, 0, 1, 1), [0, 1, 2, 0, 2, 3], { _visible: false }),
        ];
        const slots = [
            slot('body', p0.tex, mat(25, 1.2, 0.9, -6, 3), image(22, 16, 0.1, 0.05, 0.9, 0.95), [0, 1, 2, 0, 2, 3]),
            slot('mesh', p0.tex, mat(-40, 1, 1, 12, -9), [0, 0, 0.5, 0.5, 14, 3, 1, 0.4, 6, 15, 0.6, 0, -7, 6, 0.05, 0.2], [0, 1, 2, 0, 2, 3]),
            slot('ghost', p0.tex, mat(0, 1, 1, 0, 0), image(60, 60, 0, 0, 1, 1), [0, 1, 2, 0, 2, 3], { _color: { r: 255, g: 255, b: 255, a: 0 } }),
            slot('glow', p1.tex, mat(0, 1, 1, -20, 18), image(9, 9, 0, 0, 1, 1), [0, 1, 2, 0, 2, 3], { _blendMode: 1 }),
            slot('weapon', null, mat(0, 1, 1, 0, 0), [], [], { childArmature: { _slots: child }, _matrix: mat(-30, 1.5, 1.5, 18, 16) }),
        ];
        return { pages, slots };
    }

    function armatureNode(slots: DragonBonesSlotDouble[], place: [number, number, number, number, number]): { node: Node; collider: PixelCollider; display: InstanceType<typeof dragonBones.ArmatureDisplay> } {
        const node = new Node('Dragon');
        (director.getScene() as unknown as Node).addChild(node);
        node.addComponent(UITransform);
        const display = node.addComponent('dragonBones.ArmatureDisplay') as unknown as InstanceType<typeof dragonBones.ArmatureDisplay>;
        display._armature = { _slots: slots };
        node.setPosition(place[0], place[1], 0);
        node.setRotationFromEuler(0, 0, place[2]);
        node.setScale(place[3], place[4], 1);
        return { node, display, collider: node.addComponent(PixelCollider) };
    }

    test('PIXELS: slots in draw order under their matrices, child armatures under their slot, hidden and alpha-0 slots left out', () => {
        const { pages, slots } = armatureScene(21);
        const place: [number, number, number, number, number] = [-30.4, 20.2, 12, 1.3, 1.1];
        const a = armatureNode(slots, place);
        tick();
        expect(a.collider.maskSource).toBe('pixels');
        const tris = armatureTris(slots, [1, 0, 0, 1, 0, 0], pages, 1);
        const [solid, compared] = compare(a.collider, tris, place, [-90, -30, 30, 70], 5);
        expect(compared).toBeGreaterThan(2900);
        expect(solid).toBeGreaterThan(100);
        // The child armature's slot collides (its parent slot's matrix applied).
        expect(tris.some((t) => t.page === pages.get(slots[3]._texture as Texture2D) && t.xy[0] > 0)).toBe(true);
    });

    test('a child armature whose slot alpha is 0 draws nothing; the node opacity 0 draws nothing', () => {
        const { pages, slots } = armatureScene(22);
        slots[4]._color.a = 0;
        const place: [number, number, number, number, number] = [0, 0, 0, 1, 1];
        const a = armatureNode(slots, place);
        tick();
        compare(a.collider, armatureTris(slots, [1, 0, 0, 1, 0, 0], pages, 1), place, [-40, -40, 40, 40], 6);
        (a.node._uiProps as unknown as { opacity: number }).opacity = 0;
        // (the pose is the same; opacity is read with it)
        a.display._armature = { _slots: slots.slice() };
        tick();
        expect(CollisionSystem.instance.queryRect({ x: -100, y: -100, width: 200, height: 200 } as never)).toEqual([]);
    });

    test('a native build without the engine\'s middleware module (no Spine / DragonBones in it): the content box, with one warning', () => {
        const { slots } = armatureScene(24);
        setNativeEngine(true);
        try {
            const a = armatureNode(slots, [0, 0, 0, 1, 1]);
            a.node.getComponent(UITransform)!.setContentSize(10, 10);
            tick();
            tick();
            expect(a.collider.maskSource).toBe('box');
            expect(PixelIntersection.opaqueAt(a.collider, { x: 4.9, y: 4.9 })).toBe(true);
            expect(logs.warn).toHaveLength(1);
            expect(logs.warn[0]).toMatch(/dragonBones\.ArmatureDisplay on its node cannot be read: this native build has no Spine \/ DragonBones geometry to read/);
        } finally {
            setNativeEngine(false);
        }
    });

    test.each([
        ['SHARED_CACHE', dragonBones.ArmatureDisplay.AnimationCacheMode.SHARED_CACHE],
        ['PRIVATE_CACHE', dragonBones.ArmatureDisplay.AnimationCacheMode.PRIVATE_CACHE],
    ])('%s: the cached frame is read (node space, its segments\' textures), the same as REALTIME; alpha-0 and hidden slots left out', (_name, mode) => {
        const { pages, slots } = armatureScene(23);
        const place: [number, number, number, number, number] = [12.3, -8.6, -21, 1.1, -0.9];
        const a = armatureNode(slots, place);
        a.display.setAnimationCacheMode(mode);
        tick();
        expect(a.collider.maskSource).toBe('pixels');
        // (Several segments: two pages, an additive slot between normal ones, a child armature.)
        expect(a.display._curFrame!.segments.length).toBeGreaterThan(2);
        const [solid, compared] = compare(a.collider, armatureTris(slots, [1, 0, 0, 1, 0, 0], pages, 1), place, [-60, -50, 60, 50], 7);
        expect(compared).toBeGreaterThan(2900);
        expect(solid).toBeGreaterThan(120);
        expect(logs.warn).toHaveLength(0);
    });

    test('cache modes: slots are not chosen by name (one warning), additiveSlots applies (the additive segment left out); node opacity 0 draws nothing', () => {
        const { pages, slots } = armatureScene(26);
        const place: [number, number, number, number, number] = [3, 4, 15, 1, 1];
        const a = armatureNode(slots, place);
        a.display.setAnimationCacheMode(dragonBones.ArmatureDisplay.AnimationCacheMode.SHARED_CACHE);
        a.collider.ignoreSlots = ['body'];
        a.collider.additiveSlots = false;
        tick();
        tick();
        const kept = slots.filter((sl) => sl.name !== 'glow');
        compare(a.collider, armatureTris(kept, [1, 0, 0, 1, 0, 0], pages, 1), place, [-70, -60, 70, 60], 8);
        expect(logs.warn).toHaveLength(1);
        expect(logs.warn[0]).toMatch(/REALTIME cache mode only/);
        (a.node._uiProps as unknown as { opacity: number }).opacity = 0;
        a.display._armature = { _slots: slots.slice() };
        tick();
        expect(CollisionSystem.instance.queryRect({ x: -100, y: -100, width: 200, height: 200 } as never)).toEqual([]);
    });

    test('an engine that shows no cached frame in a cache mode: the content box, with one warning that says what to do', () => {
        const { slots } = armatureScene(23);
        const a = armatureNode(slots, [0, 0, 0, 1, 1]);
        a.node.getComponent(UITransform)!.setContentSize(10, 10);
        a.display.setAnimationCacheMode(dragonBones.ArmatureDisplay.AnimationCacheMode.SHARED_CACHE);
        Object.defineProperty(a.display, '_curFrame', { value: undefined });
        tick();
        tick();
        expect(a.collider.maskSource).toBe('box');
        expect(logs.warn).toHaveLength(1);
        expect(logs.warn[0]).toMatch(/cache mode .* REALTIME/);
    });
    test('choosing slots: ignoreSlots (a child armature\'s slot leaves it all out), onlySlots (at any depth), additiveSlots false', () => {
        const { pages, slots } = armatureScene(25);
        const place: [number, number, number, number, number] = [5.5, -3.5, 8, 1.2, 1.2];
        const a = armatureNode(slots, place);
        const filtered = (keep: (name: string, parent: string) => boolean): DragonBonesSlotDouble[] => slots
            .filter((sl) => sl.childArmature || keep(sl.name, ''))
            .map((sl) => (sl.childArmature ? { ...sl, childArmature: { _slots: sl.childArmature._slots.filter((c) => keep(c.name, sl.name)) } } : sl))
            .filter((sl) => !sl.childArmature || keep(sl.name, '') || sl.childArmature._slots.length > 0);
        const check = (keep: (name: string, parent: string) => boolean, seed: number): number => {
            tick();
            return compare(a.collider, armatureTris(filtered(keep), [1, 0, 0, 1, 0, 0], pages, 1), place, [-60, -40, 60, 60], seed)[0];
        };
        const all = check(() => true, 30);
        a.collider.ignoreSlots = ['weapon'];
        const noWeapon = check((n, p) => n !== 'weapon' && p !== 'weapon', 31);
        expect(noWeapon).toBeLessThan(all);
        a.collider.ignoreSlots = ['child-a', 'body'];
        check((n) => n !== 'child-a' && n !== 'body', 32);
        a.collider.ignoreSlots = [];
        a.collider.onlySlots = ['weapon'];
        expect(check((n, p) => p === 'weapon', 33)).toBeGreaterThan(5);
        a.collider.onlySlots = ['child-a', 'mesh'];
        check((n) => n === 'child-a' || n === 'mesh', 34);
        a.collider.onlySlots = [];
        a.collider.additiveSlots = false;
        check((n) => n !== 'glow', 35);
        expect(logs.warn).toEqual([]);
    });
});

/** A DragonBones node whose C++ armature (the native double) draws `draws` (node space), with a PixelCollider. */
function nativeArmature(tex: Texture2D, draws: SpineDraw[], place: [number, number, number, number, number]): PixelCollider {
    const node = new Node('Dragon');
    (director.getScene() as unknown as Node).addChild(node);
    node.addComponent(UITransform);
    const display = node.addComponent('dragonBones.ArmatureDisplay') as unknown as InstanceType<typeof dragonBones.ArmatureDisplay>;
    display.dragonAtlasAsset = { texture: tex };
    display._drawing = draws;
    node.setPosition(place[0], place[1], 0);
    node.setRotationFromEuler(0, 0, place[2]);
    node.setScale(place[3], place[4], 1);
    return node.addComponent(PixelCollider);
}

describe('native builds: what the C++ Spine and DragonBones draw, read from the engine\'s buffers', () => {
    beforeEach(() => setNativeEngine(true, { middleware: true }));
    afterEach(() => { setNativeEngine(false); nativeMiddleware.pageVertices = 65535; });

    test('Spine: the same collider as on the web (node space; alpha-0 slots left out, additive and slot-texture slots drawn), decided just before drawing', () => {
        const { pages, draws } = spineScene(41);
        const place: [number, number, number, number, number] = [12.3, -7.7, 21, 1.4, -0.9];
        const s = spineNode('Hero', [pages[0].tex, pages[1].tex], draws.slice(0, 4), place);
        tick();
        expect(s.collider.maskSource).toBe('pixels');
        const [solid, compared] = compare(s.collider, spineTris(draws.slice(0, 4), pages), place, [-50, -50, 70, 40], 42);
        expect(compared).toBeGreaterThan(2900);
        expect(solid).toBeGreaterThan(200);
        expect(CollisionSystem.instance.stepsBeforeDraw).toBe(true);
        expect(logs.warn).toEqual([]);
    });

    test('the step runs just before drawing (after the engine writes this frame\'s skeletons), not in postUpdate', () => {
        const { pages } = spineScene(43);
        const hero = spineNode('Hero', [pages[0].tex], [quad([-5, -5, 5, -5, 5, 5, -5, 5], [0, 0, 1, 1])], [0, 0, 0, 1, 1]);
        const wall = sprite('Wall', frame(texture(10, 10, () => true)), { x: 50, y: 0 });
        const seen: string[] = [];
        hero.collider.on('onPixelCollide', (_self: PixelCollider, other: PixelCollider) => seen.push(other.node.name));
        let inPostUpdate = -1;
        const probe = new (class extends System { override postUpdate(): void { inPostUpdate = CollisionSystem.instance.frame; } })();
        director.registerSystem('probe', probe, System.Priority.LOW - 1);
        tick();
        const f = CollisionSystem.instance.frame;
        expect(inPostUpdate).toBe(f - 1); // (after every postUpdate of the frame)
        // an arm reaching the wall is drawn this frame: the step of this frame sees it
        hero.skel._drawing = [quad([-5, -5, 57, -5, 57, 5, -5, 5], [0, 0, 1, 1])];
        tick();
        expect(seen).toEqual(['Wall']);
        expect(wall.collider.isTouching(hero.collider)).toBe(true);
        director.unregisterSystem(probe);
    });

    test('tinted and cached Spine draw 7-word vertices; DragonBones draws in world space, mapped back through the node', () => {
        const { pages, draws } = spineScene(44);
        const tinted = spineNode('Tinted', [pages[0].tex], draws.slice(0, 2), [-40, 10, 0, 1, 1]);
        tinted.skel.useTint = true;
        const cached = spineNode('Cached', [pages[0].tex], draws.slice(0, 2), [40, 10, -30, 0.8, 0.8]);
        cached.skel.setAnimationCacheMode(sp.Skeleton.AnimationCacheMode.SHARED_CACHE);
        const dPlace: [number, number, number, number, number] = [5.25, -60.5, 33, 1.3, -1.1];
        const dc = nativeArmature(pages[0].tex, draws.slice(0, 2), dPlace);
        tick();
        const tris = spineTris(draws.slice(0, 2), pages);
        expect(compare(tinted.collider, tris, [-40, 10, 0, 1, 1], [-70, -15, -10, 35], 45)[0]).toBeGreaterThan(100);
        expect(compare(cached.collider, tris, [40, 10, -30, 0.8, 0.8], [15, -15, 65, 35], 46)[0]).toBeGreaterThan(50);
        expect(compare(dc, tris, dPlace, [-30, -95, 40, -25], 47)[0]).toBeGreaterThan(100);
    });

    test('choosing slots natively: not in Spine\'s cache modes or DragonBones (one warning, every drawn slot collides); pages told apart by size, or the content box', () => {
        const { pages, draws } = spineScene(48);
        const s = spineNode('Hero', [pages[0].tex, pages[1].tex], draws.slice(0, 2), [0, 0, 0, 1, 1]);
        s.skel.setAnimationCacheMode(sp.Skeleton.AnimationCacheMode.SHARED_CACHE);
        s.collider.ignoreSlots = ['sword'];
        s.collider.additiveSlots = false;
        tick();
        tick();
        expect(s.collider.maskSource).toBe('pixels');
        expect(logs.warn).toHaveLength(1);
        expect(logs.warn[0]).toMatch(/in native builds slots are chosen .* in the REALTIME cache mode only/);
        const dc = nativeArmature(pages[0].tex, draws.slice(0, 2), [200, 0, 0, 1, 1]);
        dc.onlySlots = ['body'];
        tick();
        expect(logs.warn).toHaveLength(2);
        expect(logs.warn[1]).toMatch(/Dragon.*DragonBones triangle.*not applied, every drawn slot collides/);
        expect(compare(dc, spineTris(draws.slice(0, 2), pages), [200, 0, 0, 1, 1], [170, -30, 230, 30], 52)[0]).toBeGreaterThan(50);
        // two pages of one size: which one a draw uses cannot be told
        logs.warn.length = 0;
        const same = page(24, 20, 49);
        const t = spineNode('Twins', [pages[0].tex, same.tex], [quad([-5, -5, 5, -5, 5, 5, -5, 5], [0, 0, 1, 1], 1)], [100, 0, 0, 1, 1]);
        t.node.getComponent(UITransform)!.setContentSize(8, 8);
        tick();
        expect(t.collider.maskSource).toBe('box');
        expect(logs.warn.join('\n')).toMatch(/Twins.*several pages of one size, or a slot shows a texture of its own/);
    });

    test('more than a buffer page of vertices: the content box that frame, with one warning; back when it fits', () => {
        const { pages, draws } = spineScene(50);
        const s = spineNode('Hero', [pages[0].tex], draws.slice(0, 2), [0, 0, 0, 1, 1]);
        s.node.getComponent(UITransform)!.setContentSize(8, 8);
        nativeMiddleware.pageVertices = 6; // (the engine's is 65,535)
        tick();
        expect(s.collider.maskSource).toBe('box');
        expect(logs.warn.join('\n')).toMatch(/more than 65,535 vertices/);
        nativeMiddleware.pageVertices = 65535;
        tick();
        expect(s.collider.maskSource).toBe('pixels');
        compare(s.collider, spineTris(draws.slice(0, 2), pages), [0, 0, 0, 1, 1], [-30, -20, 30, 30], 51);
    });
});
