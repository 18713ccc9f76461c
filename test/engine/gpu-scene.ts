// Shared by the GPU engine entries (run by hand with the engine harness, never in CI): a 2D scene with a
// camera, sprites from generated textures, a witness camera drawing into a RenderTexture (the engine's own
// frame, read back before and after the GPU path ran), and a deterministic swarm of moving, rotating sprites.
import {
    Camera, Canvas, Color, director, ImageAsset, Layers, Node, RenderTexture, Sprite, SpriteFrame, Texture2D, UITransform,
} from 'cc';
import { PixelCollider, NarrowMode } from 'db://pixel-collision/runtime/index';

/** Alpha of a w x h shape (row 0 = top): a ring, a notched bar, or a blob with holes. */
export function shape(kind: number, w: number, h: number): Uint8Array {
    const a = new Uint8Array(w * h);
    for (let j = 0; j < h; j++) for (let i = 0; i < w; i++) {
        const x = i + 0.5 - w / 2, y = j + 0.5 - h / 2, r = Math.hypot(x, y);
        let v = false;
        if (kind % 3 === 0) v = r < w / 2 - 0.5 && r > w / 6;
        else if (kind % 3 === 1) v = Math.abs(x) < w / 2 - 1 && Math.abs(y) < h / 4 && !(y > 2 && Math.abs(x) < 3);
        else v = r < w / 2 - 1 && ((i * 7 + j * 3) % 11 !== 0);
        a[j * w + i] = v ? ((i + j) % 5 === 0 ? 90 : 255) : 0;
    }
    return a;
}

export function spriteFrame(alpha: Uint8Array, w: number, h: number, rgb: number[]): SpriteFrame {
    const px = new Uint8Array(w * h * 4);
    for (let k = 0; k < w * h; k++) { px[4 * k] = rgb[0]; px[4 * k + 1] = rgb[1]; px[4 * k + 2] = rgb[2]; px[4 * k + 3] = alpha[k]; }
    const tex = new Texture2D();
    tex.image = new ImageAsset({ _data: px, _compressed: false, width: w, height: h, format: Texture2D.PixelFormat.RGBA8888 } as any);
    tex.setFilters(Texture2D.Filter.NEAREST, Texture2D.Filter.NEAREST);
    const sf = new SpriteFrame();
    sf.packable = false;
    sf.texture = tex;
    return sf;
}

export function makeSprite(name: string, sf: SpriteFrame, parent: Node, layer = Layers.Enum.UI_2D): Node {
    const node = new Node(name);
    node.layer = layer;
    node.addComponent(UITransform);
    const sp = node.addComponent(Sprite);
    sp.sizeMode = Sprite.SizeMode.RAW;
    sp.spriteFrame = sf;
    parent.addChild(node);
    return node;
}

/** A Canvas with an ortho camera over the design size; returns the canvas node. */
export function makeCanvas(W: number, H: number): Node {
    const canvasNode = new Node('Canvas');
    canvasNode.layer = Layers.Enum.UI_2D;
    canvasNode.addComponent(UITransform).setContentSize(W, H);
    const canvas = canvasNode.addComponent(Canvas);
    const camNode = new Node('Camera');
    camNode.layer = Layers.Enum.UI_2D;
    camNode.setPosition(0, 0, 1000);
    canvasNode.addChild(camNode);
    const cam = camNode.addComponent(Camera);
    cam.projection = Camera.ProjectionType.ORTHO;
    cam.orthoHeight = H / 2;
    cam.visibility = Layers.Enum.UI_2D;
    cam.clearFlags = Camera.ClearFlag.SOLID_COLOR;
    cam.clearColor = new Color(0, 0, 0, 255);
    canvas.cameraComponent = cam;
    director.getScene()!.addChild(canvasNode);
    return canvasNode;
}

/**
 * The witness: a known sprite on its own layer, drawn every frame by a second camera into a
 * RenderTexture; `read()` returns its pixels (RenderTexture.readPixels), so an entry can compare
 * the engine's own rendering before and after the GPU path ran.
 */
export function makeWitness(canvasNode: Node): { read: () => Uint8Array; size: number } {
    const layer = Layers.Enum.UI_3D;
    const size = 64;
    const rt = new RenderTexture();
    rt.reset({ width: size, height: size });
    const camNode = new Node('WitnessCamera');
    camNode.layer = layer;
    camNode.setPosition(2000, 0, 1000);
    canvasNode.addChild(camNode);
    const cam = camNode.addComponent(Camera);
    cam.projection = Camera.ProjectionType.ORTHO;
    cam.orthoHeight = size / 2;
    cam.visibility = layer;
    cam.clearFlags = Camera.ClearFlag.SOLID_COLOR;
    cam.clearColor = new Color(10, 20, 30, 255);
    cam.targetTexture = rt;
    cam.priority = -1;
    const alpha = shape(0, 48, 48);
    const node = makeSprite('Witness', spriteFrame(alpha, 48, 48, [250, 200, 40]), canvasNode, layer);
    node.setPosition(2000, 0, 0);
    return { read: () => rt.readPixels() as Uint8Array, size };
}

/** Deterministic swarm motion: sprite i's position and angle at step t. */
export function pose(i: number, t: number, W: number, H: number): { x: number; y: number; deg: number } {
    const cols = 15;
    const cx = ((i % cols) + 0.5) / cols * W - W / 2, cy = (Math.floor(i / cols) + 0.5) / 10 * H - H / 2;
    const ph = i * 0.61;
    return {
        x: cx + 26 * Math.sin(0.21 * t + ph) + 0.37 * t,
        y: cy + 18 * Math.cos(0.17 * t + 1.3 * ph),
        deg: (i * 37 + t * (2.3 + (i % 5))) % 360,
    };
}

export { PixelCollider, NarrowMode };
