// The scene view preview (extensions/pixel-collision/source/scene/preview.ts) in the real engine:
// a sprite with a PixelCollider that no collision system runs (as in the editor, where a component's
// onEnable does not run), selected -> its outline is drawn by a hidden, never-saved helper node,
// where the engine draws the sprite; moving the node moves the outline after the next update;
// an empty selection removes the helper at once (inactive and out of the scene before any update, no
// outline in the very next frame). A stand-in for the editor's `cce.Engine.repaintInEditMode` counts
// the frames the preview asks for (one on select, one on deselect, none for redraws inside updates).
// A camera renders into a RenderTexture that is read back.
//
//   node ../shared/engine-harness/run.mjs test/engine/editor-preview.ts     (from the project's root)
import {
    CCObject, Graphics, ImageAsset, Layers, Node, RenderTexture, Sprite, SpriteFrame, Texture2D, UITransform,
} from 'cc';
import { PixelCollider } from 'db://pixel-collision/runtime/index';
import { stage } from './lib';
import { ColliderPreview, HELPER_NAME } from '../../extensions/pixel-collision/source/scene/preview';

declare const done: (ok: boolean, message?: string) => void;

const W = 40, H = 30;
/** An ellipse, opaque inside; the sprite is drawn dark red, the outline is green. */
function alphaAt(i: number, j: number): number {
    const x = (i + 0.5 - W / 2) / (W / 2), y = (j + 0.5 - H / 2) / (H / 2);
    return x * x + y * y < 1 ? 255 : 0;
}

export default async function main(h: any) {
    const SW = h.width, SH = h.height;
    const { canvas: canvasNode, camera: cam } = stage(SW, SH);
    const rt = new RenderTexture();
    rt.reset({ width: SW, height: SH });
    cam.targetTexture = rt;

    const px = new Uint8Array(W * H * 4);
    for (let j = 0; j < H; j++) for (let i = 0; i < W; i++) {
        const k = (j * W + i) * 4;
        px[k] = 120; px[k + 1] = 0; px[k + 2] = 0; px[k + 3] = alphaAt(i, j);
    }
    const tex = new Texture2D();
    tex.image = new ImageAsset({ _data: px, _compressed: false, width: W, height: H, format: Texture2D.PixelFormat.RGBA8888 } as any);
    tex.setFilters(Texture2D.Filter.NEAREST, Texture2D.Filter.NEAREST);
    const sf = new SpriteFrame();
    sf.packable = false;
    sf.texture = tex;
    const node = new Node('Hero');
    node.layer = Layers.Enum.UI_2D;
    node.addComponent(UITransform);
    const sp = node.addComponent(Sprite);
    sp.sizeMode = Sprite.SizeMode.RAW;
    sp.spriteFrame = sf;
    canvasNode.addChild(node);
    node.setPosition(100, 50, 0);
    const col = node.addComponent(PixelCollider);
    col.enabled = false; // like the editor: no collision system runs it

    const problems: string[] = [];
    let repaints = 0;
    (globalThis as { cce?: unknown }).cce = { Engine: { repaintInEditMode: () => { repaints++; } } };
    const preview = new ColliderPreview(h.cc);
    const n = preview.show([node.uuid]);
    if (n !== 1) problems.push(`show returned ${n}`);
    const helper = preview.helper as unknown as Node;
    if (!helper || helper.name !== HELPER_NAME || helper.parent !== canvasNode) problems.push('helper node missing or not under the Canvas');
    const F = CCObject.Flags;
    for (const [name, flag] of [['DontSave', F.DontSave], ['HideInHierarchy', F.HideInHierarchy], ['EditorOnly', F.EditorOnly], ['LockedInEditor', F.LockedInEditor]] as const) {
        if (!helper || (helper.hideFlags & flag) !== flag) problems.push(`helper lacks ${name}`);
    }
    const g = helper ? helper.getComponent(Graphics) : null;
    if (!g) problems.push('no Graphics on the helper');
    const outline: number[] = [];
    col.getOutline(outline);
    console.log(`source ${col.maskSource}, mask ${col.mask?.width}x${col.mask?.height}, ${col.mask?.count()} solid texels, ${outline.length / 4} outline segments`);
    if (col.maskSource !== 'pixels') problems.push(`maskSource ${col.maskSource}`);

    /** Green (outline) pixels of the frame just rendered: [minX, maxX, minY, maxY] in canvas pixels from the bottom-left, and how many. */
    function green(): { n: number; box: number[] } {
        const data = rt.readPixels(0, 0, SW, SH)!;
        let cnt = 0, x0 = Infinity, x1 = -Infinity, y0 = Infinity, y1 = -Infinity;
        for (let y = 0; y < SH; y++) for (let x = 0; x < SW; x++) {
            const k = (y * SW + x) * 4;
            // the outline at its full colour
            if (data[k + 1] > 200 && data[k] < 120) { cnt++; x0 = Math.min(x0, x); x1 = Math.max(x1, x); y0 = Math.min(y0, y); y1 = Math.max(y1, y); }
        }
        return { n: cnt, box: [x0, x1, y0, y1] };
    }
    // Where the engine draws the sprite (RAW, anchor 0.5), in canvas pixels.
    const spriteBox = (cx: number, cy: number) => [SW / 2 + cx - W / 2, SW / 2 + cx + W / 2, SH / 2 + cy - H / 2, SH / 2 + cy + H / 2];
    const near = (a: number[], b: number[], tol: number) => a.every((v, i) => Math.abs(v - b[i]) <= tol);

    await h.frames(2);
    const first = green();
    console.log(`outline pixels ${first.n}, box ${first.box.join(',')}; sprite box ${spriteBox(100, 50).join(',')}`);
    if (first.n < 60) problems.push(`only ${first.n} outline pixels`);
    if (!near(first.box, spriteBox(100, 50), 2)) problems.push(`outline box ${first.box} is not the sprite's ${spriteBox(100, 50)}`);

    node.setPosition(-150, -80, 0);
    await h.frames(2);
    const moved = green();
    console.log(`after the move: outline pixels ${moved.n}, box ${moved.box.join(',')}; sprite box ${spriteBox(-150, -80).join(',')}`);
    if (!near(moved.box, spriteBox(-150, -80), 2)) problems.push(`after the move the outline box ${moved.box} is not the sprite's ${spriteBox(-150, -80)}`);

    if (repaints !== 1) problems.push(`${repaints} repaints asked for after select and a move (1 expected: the select)`);
    preview.show([]);
    if (repaints !== 2) problems.push(`${repaints} repaints asked for after deselect (2 expected)`);
    if (helper && (helper.activeInHierarchy || helper.parent)) problems.push('helper still active or in the scene right after deselect');
    await h.frames(1);
    const gone = green();
    if (gone.n !== 0) problems.push(`${gone.n} outline pixels after an empty selection`);
    if (helper && helper.isValid) problems.push('helper still valid after an empty selection');

    done(problems.length === 0, problems.length ? problems.join('; ') : `outline drawn where the sprite is, followed the move, removed with the selection (gone the next frame); ${repaints} repaints asked for`);
}
