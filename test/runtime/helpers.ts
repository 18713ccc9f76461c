/**
 * Scene building for runtime tests: sprites with textures made from pixel predicates, in the cc
 * test double (test/runtime/cc), with the runtime imported the way a game imports it.
 */
import { ImageAsset, Node, Rect, Size, Sprite, SpriteFrame, Texture2D, UITransform, Vec2, director } from 'cc';
import { CollisionSystem, PixelCollider } from 'db://pixel-collision/runtime/index';
import { resetCC, tick } from './cc';
import { rgbaFrom } from '../fixtures/masks';

/** A fresh double, the system registered, and an empty step to flush the last test's pairs. */
export function freshScene(): Node {
    const scene = resetCC() as unknown as Node;
    CollisionSystem.register();
    CollisionSystem.instance.step();
    return scene;
}

/** An RGBA8 texture whose texel (x, y) (row 0 at the top) has alpha 255 iff `inside(x, y)`. */
export function texture(w: number, h: number, inside: (x: number, y: number) => boolean): Texture2D {
    const img = new ImageAsset({ _data: rgbaFrom(w, h, inside), _compressed: false, width: w, height: h, format: Texture2D.PixelFormat.RGBA8888 });
    const tex = new Texture2D();
    tex.image = img;
    return tex;
}

export interface FrameOptions { rect?: [number, number, number, number]; originalSize?: [number, number]; offset?: [number, number]; rotated?: boolean }

/** A sprite frame over `tex` (whole texture by default), not packable. */
export function frame(tex: Texture2D, o: FrameOptions = {}): SpriteFrame {
    const f = new SpriteFrame();
    f.packable = false;
    f.reset({
        texture: tex,
        rect: o.rect ? new Rect(...o.rect) : undefined,
        originalSize: o.originalSize ? new Size(...o.originalSize) : o.rect ? new Size(o.rect[2], o.rect[3]) : undefined,
        offset: o.offset ? new Vec2(...o.offset) : o.rect ? new Vec2(0, 0) : undefined,
        isRotate: !!o.rotated,
    });
    return f;
}

export interface SpriteOptions { x?: number; y?: number; angle?: number; sx?: number; sy?: number; parent?: Node; collider?: boolean }

/** A node with a Sprite showing `f` (sizeMode TRIMMED, anchor 0.5) and, by default, a PixelCollider. */
export function sprite(name: string, f: SpriteFrame | null, o: SpriteOptions = {}): { node: Node; sprite: Sprite; collider: PixelCollider } {
    const node = new Node(name);
    (o.parent ?? (director.getScene() as unknown as Node)).addChild(node);
    node.addComponent(UITransform);
    const sp = node.addComponent(Sprite);
    sp.spriteFrame = f;
    node.setPosition(o.x ?? 0, o.y ?? 0, 0);
    if (o.angle) node.setRotationFromEuler(0, 0, o.angle);
    node.setScale(o.sx ?? 1, o.sy ?? 1, 1);
    const collider = o.collider === false ? (null as unknown as PixelCollider) : node.addComponent(PixelCollider);
    return { node, sprite: sp, collider };
}

export { tick };

/** A texture as a native build leaves it: size and uuid, no CPU pixels. */
export function releasedTexture(uuid: string, w: number, h: number): Texture2D {
    const tex = new Texture2D();
    tex.image = new ImageAsset({ _data: null, _compressed: false, width: w, height: h, format: Texture2D.PixelFormat.RGBA8888 });
    (tex as unknown as { _uuid: string })._uuid = uuid;
    return tex;
}

/** A sprite frame as loaded from its asset (uuid set), or made in code (uuid ''). */
export function frameOf(tex: Texture2D, uuid: string, rect: [number, number, number, number], rotated = false): SpriteFrame {
    const f = new SpriteFrame();
    f.packable = false;
    f.reset({ texture: tex, rect: new Rect(...rect), originalSize: new Size(rect[2], rect[3]), offset: new Vec2(0, 0), isRotate: rotated });
    (f as unknown as { _uuid: string })._uuid = uuid;
    return f;
}
