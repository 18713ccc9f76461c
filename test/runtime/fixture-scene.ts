/**
 * Rebuilds the configurations recorded from the real engine (test/fixtures/engine-sprite-geometry.json,
 * described in test/fixtures/engine-sprite-geometry.md) in the `cc` test double, from their inputs only.
 *
 * Used by cc-double.test.ts (which checks the double against the recorded outputs) and by tests of
 * runtime code that need a sprite set up exactly as in the engine (`buildFixtureCase`).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
    Canvas, director, FakeCanvas, Filter, ImageAsset, Node, packFrame, PixelFormat, Rect, Size, Sprite, SpriteFrame,
    Texture2D, UITransform, Vec2,
} from './cc';

// ---- fixture file format (see the README) ---------------------------------------------------

export interface FixtureRect { x: number; y: number; width: number; height: number }
export interface FixtureSize { width: number; height: number }
export interface FixtureVec2 { x: number; y: number }
export interface FixtureAffine { a: number; b: number; c: number; d: number; tx: number; ty: number }

export interface FixtureTexture {
    id: string;
    width: number;
    height: number;
    filter: 'NEAREST' | 'LINEAR';
    imageSource: 'buffer' | 'canvas';
}

export interface FixtureResetInfo {
    texture: string;
    rect?: FixtureRect;
    originalSize?: FixtureSize;
    offset?: FixtureVec2;
    isRotate?: boolean;
}

export type FixtureFrameCall =
    | ['packable', boolean]
    | ['texture', string]
    | ['reset', FixtureResetInfo]
    | ['rect', FixtureRect]
    | ['originalSize', FixtureSize]
    | ['offset', FixtureVec2]
    | ['rotated', boolean];

export type FixtureSizeModeName = 'CUSTOM' | 'TRIMMED' | 'RAW';
export type FixtureSpriteTypeName = 'SIMPLE' | 'SLICED' | 'TILED' | 'FILLED';

export type FixtureOp =
    | ['addComponent', 'UITransform' | 'Sprite']
    | ['setAnchorPoint', number, number]
    | ['setContentSize', number, number]
    | ['type', FixtureSpriteTypeName]
    | ['sizeMode', FixtureSizeModeName]
    | ['trim', boolean]
    | ['spriteFrame', string];

export interface FixtureChainNode {
    name: string;
    position: [number, number, number];
    eulerZ: number;
    scale: [number, number, number];
}

export interface FixtureCase {
    id: number;
    category: string;
    inputs: {
        texture: FixtureTexture;
        frame: {
            id: string;
            kind: string;
            api: string;
            calls: FixtureFrameCall[];
            rect: FixtureRect | null;
            rotated: boolean;
            offset: FixtureVec2 | null;
            originalSize: FixtureSize | null;
            packable: boolean;
        };
        sprite: { type: FixtureSpriteTypeName; sizeMode: FixtureSizeModeName; trim: boolean };
        uiTransform: { anchorPoint: [number, number]; contentSize: FixtureSize | null };
        ops: FixtureOp[];
        chain: FixtureChainNode[];
    };
    outputs: {
        contentSize: FixtureSize;
        anchorPoint: [number, number];
        sizeMode: FixtureSizeModeName;
        trim: boolean;
        frame: {
            textureWidth: number;
            textureHeight: number;
            rect: FixtureRect;
            rotated: boolean;
            offset: FixtureVec2;
            originalSize: FixtureSize;
            trimmedBorder: [number, number, number, number];
            uv: number[];
            packable: boolean;
            packed: boolean;
            original: { textureWidth: number; textureHeight: number; x: number; y: number } | null;
        };
        localVerts: [number, number][];
        worldMatrix: number[];
        worldVertsF32: [number, number, number][];
        uvF32: [number, number][];
        uprightAffine: FixtureAffine;
        textureAffine: FixtureAffine;
    };
}

export interface FixtureFile {
    format: string;
    version: number;
    engine: string;
    scene: {
        canvas: {
            designWidth: number;
            designHeight: number;
            nodePosition: [number, number, number];
            contentSize: FixtureSize;
            anchorPoint: [number, number];
        };
        camera: { projection: string; orthoHeight: number };
    };
    dynamicAtlas: {
        enabledByDefault: boolean;
        textureSize: number;
        maxFrameSize: number;
        maxAtlasCount: number;
        textureBleeding: boolean;
        enabledForThisRun: boolean;
        atlasCount: number;
    };
    counts: Record<string, number>;
    total: number;
    cases: FixtureCase[];
}

/** The recorded data, committed with the repository (a copy of the shared fixture). */
export const FIXTURE_PATH = join(__dirname, '../fixtures/engine-sprite-geometry.json');

let cached: FixtureFile | null = null;

/** Reads and parses the fixture (once per test file). */
export function loadFixture(): FixtureFile {
    if (!cached) {
        cached = JSON.parse(readFileSync(FIXTURE_PATH, 'utf8')) as FixtureFile;
    }
    return cached;
}

// ---- rebuilding -----------------------------------------------------------------------------

/** A texture like the recorded one: RGBA8 bytes in memory (`buffer`) or a canvas, with its filters. */
export function buildFixtureTexture(t: FixtureTexture): Texture2D {
    const image = t.imageSource === 'canvas'
        ? new ImageAsset(new FakeCanvas(t.width, t.height))
        : new ImageAsset({ _data: new Uint8Array(t.width * t.height * 4), _compressed: false, width: t.width, height: t.height, format: PixelFormat.RGBA8888 });
    const texture = new Texture2D();
    texture._uuid = t.id;
    texture.image = image;
    const filter = t.filter === 'NEAREST' ? Filter.NEAREST : Filter.LINEAR;
    texture.setFilters(filter, filter);
    texture.setMipFilter(Filter.NONE);
    return texture;
}

/**
 * The case's sprite frame: `frame.calls` replayed on a new SpriteFrame. `textures` (by fixture id)
 * lets several cases share one texture object, as they did in the engine; by default each case
 * gets its own.
 */
export function buildFixtureFrame(c: FixtureCase, textures?: Map<string, Texture2D>): { frame: SpriteFrame; texture: Texture2D } {
    const t = c.inputs.texture;
    let texture = textures?.get(t.id);
    if (!texture) {
        texture = buildFixtureTexture(t);
        textures?.set(t.id, texture);
    }
    const tex = (id: string): Texture2D => {
        if (id !== t.id) {
            throw new Error(`case ${c.id}: frame call names texture ${id}, the case's texture is ${t.id}`);
        }
        return texture;
    };
    const frame = new SpriteFrame();
    frame._uuid = c.inputs.frame.id;
    for (const call of c.inputs.frame.calls) {
        switch (call[0]) {
        case 'packable':
            frame.packable = call[1];
            break;
        case 'texture':
            frame.texture = tex(call[1]);
            break;
        case 'reset': {
            const info = call[1];
            frame.reset({
                texture: tex(info.texture),
                ...(info.rect ? { rect: new Rect(info.rect.x, info.rect.y, info.rect.width, info.rect.height) } : {}),
                ...(info.originalSize ? { originalSize: new Size(info.originalSize.width, info.originalSize.height) } : {}),
                ...(info.offset ? { offset: new Vec2(info.offset.x, info.offset.y) } : {}),
                ...(info.isRotate !== undefined ? { isRotate: info.isRotate } : {}),
            });
            break;
        }
        case 'rect':
            frame.rect = new Rect(call[1].x, call[1].y, call[1].width, call[1].height);
            break;
        case 'originalSize':
            frame.originalSize = new Size(call[1].width, call[1].height);
            break;
        case 'offset':
            frame.offset = new Vec2(call[1].x, call[1].y);
            break;
        case 'rotated':
            frame.rotated = call[1];
            break;
        default:
            throw new Error(`case ${c.id}: unknown frame call ${JSON.stringify(call)}`);
        }
    }
    return { frame, texture };
}

/**
 * The dynamic atlas as the fixture README describes it (and `cocos/2d/utils/dynamic-atlas/atlas.ts`
 * implements it): one 2048² texture, shelves from (2, 2) with 2 texels between textures, each source
 * texture copied once, at the first render of a sprite using it. `planFixtureAtlas` fixes the
 * placements from the cases in order, so one case can be rebuilt alone with its frame packed where
 * the engine packed it.
 */
export class FixtureAtlas {
    public static readonly SIZE = 2048;
    public static readonly SPACE = 2;

    /** The atlas texture packed frames point to. */
    public readonly texture: Texture2D;
    private readonly placements = new Map<string, { x: number; y: number }>();
    private x = FixtureAtlas.SPACE;
    private y = FixtureAtlas.SPACE;
    private nextY = FixtureAtlas.SPACE;

    constructor() {
        this.texture = new Texture2D();
        this.texture._uuid = 'dynamic-atlas';
        this.texture.create(FixtureAtlas.SIZE, FixtureAtlas.SIZE);
    }

    /**
     * Whether the engine's atlas packs this frame (`DynamicAtlasManager.packToDynamicAtlas` /
     * `insertSpriteFrame`): not packed yet, packable, a texture of positive size with LINEAR min/mag
     * filters and no mip filter.
     */
    public static wouldPack(frame: SpriteFrame): boolean {
        const texture = frame.texture;
        if (frame.original || !frame.packable || !texture || !(texture.width > 0 && texture.height > 0)) {
            return false;
        }
        const sampler = texture.getSamplerInfo();
        return sampler.minFilter === Filter.LINEAR && sampler.magFilter === Filter.LINEAR && sampler.mipFilter === Filter.NONE;
    }

    /** Where the texture `textureId` (width × height) goes; the first request places it. */
    public place(textureId: string, width: number, height: number): { x: number; y: number } | null {
        let p = this.placements.get(textureId);
        if (!p) {
            const space = FixtureAtlas.SPACE;
            if (this.x + width + space > FixtureAtlas.SIZE) {
                this.x = space;
                this.y = this.nextY;
            }
            if (this.y + height + space > this.nextY) {
                this.nextY = this.y + height + space;
            }
            if (this.nextY > FixtureAtlas.SIZE) {
                return null;
            }
            p = { x: this.x, y: this.y };
            this.placements.set(textureId, p);
            this.x += width + space;
        }
        return p;
    }

    /** Packs `frame` (whose texture is the fixture texture `textureId`) if the engine would; returns whether it did. */
    public pack(frame: SpriteFrame, textureId: string): boolean {
        if (!FixtureAtlas.wouldPack(frame)) {
            return false;
        }
        const p = this.place(textureId, frame.texture.width, frame.texture.height);
        if (!p) {
            return false;
        }
        packFrame(frame, this.texture, frame.rect.x + p.x, frame.rect.y + p.y);
        return true;
    }
}

/** The atlas placements of all cases, in case order (the order their sprites first rendered). */
export function planFixtureAtlas(cases: readonly FixtureCase[]): FixtureAtlas {
    const atlas = new FixtureAtlas();
    for (const c of cases) {
        const { frame } = buildFixtureFrame(c);
        if (FixtureAtlas.wouldPack(frame)) {
            atlas.place(c.inputs.texture.id, frame.texture.width, frame.texture.height);
        }
    }
    return atlas;
}

export interface BuiltFixtureCase {
    /** The sprite node (`chain[last]`). */
    node: Node;
    sprite: Sprite;
    uiTransform: UITransform;
    frame: SpriteFrame;
    /** The case's source texture (the frame's texture unless it was packed). */
    texture: Texture2D;
    /** The Canvas node (`chain[0]`), a child of the director's scene. */
    canvas: Node;
    /** The nodes of `chain`, Canvas first. */
    chain: Node[];
    /** Whether the frame was packed into `options.atlas`. */
    packed: boolean;
}

export interface BuildFixtureOptions {
    /** Pack the frame into this atlas when the engine would have (see `planFixtureAtlas`). Default: no packing. */
    atlas?: FixtureAtlas;
    /** Share texture objects between cases (by fixture texture id). */
    textures?: Map<string, Texture2D>;
}

function applyOp(c: FixtureCase, node: Node, frame: SpriteFrame, op: FixtureOp): void {
    const uiTransform = (): UITransform => {
        const t = node.getComponent(UITransform);
        if (!t) {
            throw new Error(`case ${c.id}: ${op[0]} before the node has a UITransform`);
        }
        return t;
    };
    const sprite = (): Sprite => {
        const s = node.getComponent(Sprite);
        if (!s) {
            throw new Error(`case ${c.id}: ${op[0]} before the node has a Sprite`);
        }
        return s;
    };
    switch (op[0]) {
    case 'addComponent':
        if (op[1] === 'UITransform') {
            node.addComponent(UITransform);
        } else {
            node.addComponent(Sprite);
        }
        break;
    case 'setAnchorPoint':
        uiTransform().setAnchorPoint(op[1], op[2]);
        break;
    case 'setContentSize':
        uiTransform().setContentSize(op[1], op[2]);
        break;
    case 'type':
        sprite().type = Sprite.Type[op[1]];
        break;
    case 'sizeMode':
        sprite().sizeMode = Sprite.SizeMode[op[1]];
        break;
    case 'trim':
        sprite().trim = op[1];
        break;
    case 'spriteFrame':
        if (op[1] !== c.inputs.frame.id) {
            throw new Error(`case ${c.id}: op assigns frame ${op[1]}, the case's frame is ${c.inputs.frame.id}`);
        }
        sprite().spriteFrame = frame;
        break;
    default:
        throw new Error(`case ${c.id}: unknown op ${JSON.stringify(op)}`);
    }
}

/**
 * Rebuilds case `c` in the double, from its inputs only: the frame (`frame.calls` replayed), the node
 * chain under a Canvas node (a Canvas component, 960 × 640, anchor 0.5, 0.5, at (480, 320)) added to the director's
 * current scene, then the sprite node's `ops` replayed. Call `resetCC()` between cases if the scene
 * should not accumulate canvases.
 */
export function buildFixtureCase(c: FixtureCase, options: BuildFixtureOptions = {}): BuiltFixtureCase {
    const { frame, texture } = buildFixtureFrame(c, options.textures);
    const scene = director.getScene();
    if (!scene) {
        throw new Error('the cc double has no scene (call resetCC())');
    }
    const canvasInfo = loadFixture().scene.canvas;
    const chain: Node[] = [];
    let parent: Node = scene;
    c.inputs.chain.forEach((spec, i) => {
        const node = new Node(spec.name);
        if (i === 0) {
            node.addComponent(Canvas); // adds the UITransform
            const t = node.getComponent(UITransform)!;
            t.setContentSize(canvasInfo.contentSize.width, canvasInfo.contentSize.height);
            t.setAnchorPoint(canvasInfo.anchorPoint[0], canvasInfo.anchorPoint[1]);
        }
        node.setPosition(spec.position[0], spec.position[1], spec.position[2]);
        node.setRotationFromEuler(0, 0, spec.eulerZ);
        node.setScale(spec.scale[0], spec.scale[1], spec.scale[2]);
        node.setParent(parent);
        chain.push(node);
        parent = node;
    });
    const node = chain[chain.length - 1];
    for (const op of c.inputs.ops) {
        applyOp(c, node, frame, op);
    }
    const sprite = node.getComponent(Sprite);
    const uiTransform = node.getComponent(UITransform);
    if (!sprite || !uiTransform) {
        throw new Error(`case ${c.id}: the ops left no Sprite / UITransform on the sprite node`);
    }
    // The engine packs at the first render of the sprite, after all of the above.
    const packed = options.atlas ? options.atlas.pack(frame, c.inputs.texture.id) : false;
    return { node, sprite, uiTransform, frame, texture, canvas: chain[0], chain, packed };
}

/**
 * The sprite's local quad as `cocos/2d/assembler/sprite/simple.ts` (`updateVertexData`) computes it
 * from the node's UITransform and the sprite frame, same operations in the same order. Vertices 0..3:
 * left-bottom, right-bottom, left-top, right-top.
 */
export function simpleLocalVerts(sprite: Sprite): [number, number][] {
    const uiTrans = sprite.node._uiProps.uiTransformComp!;
    const cw = uiTrans.width;
    const ch = uiTrans.height;
    const appX = uiTrans.anchorX * cw;
    const appY = uiTrans.anchorY * ch;
    let l = 0;
    let b = 0;
    let r = 0;
    let t = 0;
    if (sprite.trim) {
        l = -appX;
        b = -appY;
        r = cw - appX;
        t = ch - appY;
    } else {
        const frame = sprite.spriteFrame!;
        const originSize = frame.originalSize;
        const ow = originSize.width;
        const oh = originSize.height;
        const scaleX = cw / ow;
        const scaleY = ch / oh;
        const trimmedBorder = frame.trimmedBorder;
        l = trimmedBorder.x * scaleX - appX;
        b = trimmedBorder.z * scaleY - appY;
        r = cw + trimmedBorder.y * scaleX - appX;
        t = ch + trimmedBorder.w * scaleY - appY;
    }
    return [[l, b], [r, b], [l, t], [r, t]];
}
