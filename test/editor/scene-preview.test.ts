/**
 * The scene script's preview (source/scene/preview.ts) against the `cc` test double: the outline
 * of a selected PixelCollider drawn by a helper node that is never saved, listed or built, kept up
 * to date after engine updates; and the facts the inspector shows.
 */
import { Canvas, CCObject, Color, director, Director, Graphics, Node, Sprite, UITransform } from 'cc';
import * as cc from 'cc';
import { PixelCollider, PixelMasks } from 'db://pixel-collision/runtime/index';
import { ColliderPreview, HELPER_NAME, maskPicture, PICTURE_MAX, requestRepaint } from '../../extensions/pixel-collision/source/scene/preview';
import type { CcApi, NodeLike } from '../../extensions/pixel-collision/source/scene/preview';
import { frame, freshScene, sprite, texture, tick } from '../runtime/helpers';

type G = Graphics & { calls: Array<[string, ...unknown[]]> };

/** A scene like an editor's: a Canvas, a sprite with a PixelCollider under it (not run by a system, as in the editor). */
function editorScene() {
    const scene = freshScene();
    const canvasNode = new Node('Canvas');
    scene.addChild(canvasNode);
    canvasNode.addComponent(Canvas);
    canvasNode.setPosition(480, 320, 0);
    const tex = texture(10, 8, (x, y) => x >= 2 && y < 6);
    (tex as unknown as { _uuid: string })._uuid = 'tex-uuid';
    const f = frame(tex);
    (f as unknown as { _uuid: string })._uuid = 'tex-uuid@f9941';
    const s = sprite('Hero', f, { parent: canvasNode, x: 30, y: -20 });
    s.collider.enabled = false; // in the editor a component's onEnable does not run (no executeInEditMode)
    const preview = new ColliderPreview(cc as unknown as CcApi);
    previews.push(preview);
    return { scene, canvasNode, ...s, preview };
}

/** The segments the Graphics drew since its last clear, as [x0, y0, x1, y1] numbers. */
function drawn(g: G): number[] {
    const last = g.calls.map((c) => c[0]).lastIndexOf('clear');
    const out: number[] = [];
    for (const c of g.calls.slice(last + 1)) if (c[0] === 'moveTo' || c[0] === 'lineTo') out.push(c[1] as number, c[2] as number);
    return out;
}

function outlineOf(c: PixelCollider): number[] {
    const out: number[] = [];
    c.updateShape();
    c.getOutline(out);
    return out;
}

const previews: ColliderPreview[] = [];
beforeEach(() => PixelMasks.clear());
afterEach(() => { previews.forEach((p) => p.hide()); previews.length = 0; });

describe('ColliderPreview.show', () => {
    test('a helper node under the Canvas, flagged DontSave | HideInHierarchy | EditorOnly | LockedInEditor, draws the collider\'s outline', () => {
        const { canvasNode, node, collider, preview } = editorScene();
        expect(preview.show([node.uuid])).toBe(1);
        const helper = preview.helper as unknown as Node;
        expect(helper.name).toBe(HELPER_NAME);
        expect(helper.parent).toBe(canvasNode);
        const F = CCObject.Flags;
        for (const flag of [F.DontSave, F.HideInHierarchy, F.EditorOnly, F.LockedInEditor]) expect(helper.hideFlags & flag).toBe(flag);
        expect(helper.layer).toBe(node.layer);
        // At the world origin, so it draws in world coordinates.
        expect(helper.worldPosition.x).toBeCloseTo(0, 9);
        expect(helper.worldPosition.y).toBeCloseTo(0, 9);
        const g = helper.getComponent(Graphics) as G;
        const expected = outlineOf(collider);
        expect(expected.length).toBeGreaterThan(0);
        expect(drawn(g)).toEqual(expected);
        expect(g.calls.filter((c) => c[0] === 'stroke')).toHaveLength(1);
        // Where the engine draws the sprite: the opaque texels x 2..9, y 0..5 of a 10 x 8 frame centred at (510, 300).
        const xs = expected.filter((_, i) => i % 2 === 0), ys = expected.filter((_, i) => i % 2 === 1);
        expect([Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)]).toEqual([510 - 5 + 2, 510 + 5, 300 + 4 - 6, 300 + 4]);
        expect((g.calls.find((c) => c[0] === 'strokeColor')![1] as Color).g).toBeGreaterThan(200);
    });

    test('follows changes after each engine update: threshold, frame, trim, size mode, transform; no redraw when nothing changed', () => {
        const { node, sprite: sp, collider, preview } = editorScene();
        preview.show([node.uuid]);
        const g = (preview.helper as unknown as Node).getComponent(Graphics) as G;
        const clears = () => g.calls.filter((c) => c[0] === 'clear').length;
        const before = clears();
        tick();
        expect(clears()).toBe(before); // unchanged: not drawn again

        node.setPosition(-100, 0, 0);
        tick();
        expect(clears()).toBe(before + 1);
        expect(drawn(g)).toEqual(outlineOf(collider));

        node.setScale(2, -1, 1);
        tick();
        expect(drawn(g)).toEqual(outlineOf(collider));

        collider.alphaThreshold = 200;
        tick();
        expect(drawn(g)).toEqual(outlineOf(collider));

        const trimmed = frame(texture(10, 8, (x, y) => x >= 2 && y < 6), { rect: [2, 0, 8, 6], originalSize: [10, 8], offset: [1, 1] });
        sp.spriteFrame = trimmed;
        tick();
        const a = drawn(g);
        expect(a).toEqual(outlineOf(collider));
        sp.trim = false;
        tick();
        expect(drawn(g)).toEqual(outlineOf(collider));
        expect(drawn(g)).not.toEqual(a);
        sp.sizeMode = Sprite.SizeMode.RAW;
        tick();
        expect(drawn(g)).toEqual(outlineOf(collider));
        expect(node.getComponent(UITransform)!.contentSize.width).toBe(10);
    });

    test('box / circle / polygon shapes are outlined too', () => {
        const { node, collider, preview } = editorScene();
        collider.shape = 2; // CIRCLE
        preview.show([node.uuid]);
        const g = (preview.helper as unknown as Node).getComponent(Graphics) as G;
        expect(drawn(g)).toEqual(outlineOf(collider));
        expect(drawn(g).length).toBe(48 * 4);
    });

    test('several selected nodes are outlined together; nodes without a collider are ignored', () => {
        const { canvasNode, node, preview } = editorScene();
        const other = sprite('Other', frame(texture(4, 4, () => true)), { parent: canvasNode as unknown as Node, x: -50 });
        other.collider.enabled = false;
        const plain = sprite('Plain', frame(texture(4, 4, () => true)), { parent: canvasNode as unknown as Node, collider: false });
        expect(preview.show([node.uuid, other.node.uuid, plain.node.uuid, 'no-such-node'])).toBe(2);
        const g = (preview.helper as unknown as Node).getComponent(Graphics) as G;
        expect(drawn(g)).toEqual([...outlineOf(node.getComponent(PixelCollider)!), ...outlineOf(other.collider)]);
    });

    test('an empty selection, or one without colliders, removes the helper and stops listening to updates', () => {
        const { node, preview } = editorScene();
        preview.show([node.uuid]);
        const helper = preview.helper as unknown as Node;
        const listeners = () => (director as unknown as { hasEventListener(t: string, cb: unknown, target: unknown): boolean }).hasEventListener(Director.EVENT_BEFORE_DRAW, preview.redraw, preview);
        expect(listeners()).toBe(true);
        expect(preview.show([])).toBe(0);
        expect(preview.helper).toBeNull();
        tick();
        expect(helper.isValid).toBe(false);
        expect(listeners()).toBe(false);
        const plain = sprite('Plain', frame(texture(4, 4, () => true)), { collider: false });
        expect(preview.show([plain.node.uuid])).toBe(0);
        expect(preview.helper).toBeNull();
    });

    test('a collider outside any Canvas draws nothing (nothing to render 2D content) and does not throw', () => {
        freshScene();
        const s = sprite('Loose', frame(texture(4, 4, () => true)));
        s.collider.enabled = false;
        const preview = new ColliderPreview(cc as unknown as CcApi);
        expect(() => preview.show([s.node.uuid])).not.toThrow();
        expect(preview.helper).toBeNull();
    });

    test('the helper is recreated when the scene destroyed it (scene reloaded)', () => {
        const { node, preview } = editorScene();
        preview.show([node.uuid]);
        (preview.helper as unknown as Node).destroy();
        tick(); // destroyed at the end of this frame
        tick(); // the next update draws again, on a new helper
        expect(preview.helper).not.toBeNull();
        const g = (preview.helper as unknown as Node).getComponent(Graphics) as G;
        expect(drawn(g)).toEqual(outlineOf(node.getComponent(PixelCollider)!));
    });
});

describe('ColliderPreview.info (the inspector\'s data)', () => {
    test('source, reason, size, solid count, frame uuid and a picture of the mask', () => {
        const { node, collider, preview } = editorScene();
        collider.alphaThreshold = 12;
        const info = preview.info(node.uuid);
        expect(info).toMatchObject({ found: true, shape: 0, source: 'pixels', reason: '', live: true, threshold: 12, width: 10, height: 8, count: 8 * 6, frame: 'tex-uuid@f9941' });
        expect(info.picture).toEqual({ width: 10, height: 8, scale: 1, rows: [
            ...Array(6).fill('..########'), '..........', '..........',
        ] });
        expect(JSON.parse(JSON.stringify(info))).toEqual(info); // plain JSON between processes
    });

    test('a collider made of parts (a SLICED sprite): how many, the box around them in node units, a picture of their union and its outline', () => {
        const { node, sprite: sp, preview } = editorScene();
        const f = sp.spriteFrame!;
        f.insetLeft = 3; f.insetRight = 1; f.insetTop = 1; f.insetBottom = 1;
        sp.sizeMode = Sprite.SizeMode.CUSTOM;
        sp.type = Sprite.Type.SLICED;
        node.getComponent(UITransform)!.setContentSize(40, 16); // stretched: 9 pieces
        const info = preview.info(node.uuid);
        // the frame's solid texels: x >= 2, the top 6 of 8 rows; the borders keep one unit a texel,
        // the centre (6 x 6 texels) is stretched to 36 x 14: solid 1 + 36 + 1 across, 1 + 14 * 5/6 down
        expect(info).toMatchObject({ found: true, source: 'pixels', reason: '', width: 0, height: 0, count: 0, parts: 9, partsWidth: 38, partsHeight: 12.67 });
        const p = info.picture!;
        expect(p).toMatchObject({ width: 38, height: 13, scale: 1 });
        expect(new Set(p.rows.join(''))).toEqual(new Set(['#'])); // a solid union (its box is the solid part)
        expect(JSON.parse(JSON.stringify(info))).toEqual(info);
        // the outline is the union's: the 4 sides of the solid box, no seams between the pieces
        const c = node.getComponent(PixelCollider)!;
        const out: number[] = [];
        c.getOutline(out);
        let length = 0;
        for (let k = 0; k < out.length; k += 4) length += Math.hypot(out[k + 2] - out[k], out[k + 3] - out[k + 1]);
        expect(length).toBeCloseTo(2 * (38 + 1 + 14 * 5 / 6), 9);
    });

    test('a fallback says why; a missing node or collider says not found', () => {
        const { node, sprite: sp, preview } = editorScene();
        sp.spriteFrame!.insetTop = 1;
        sp.type = Sprite.Type.TILED; // with insets: the content box
        expect(preview.info(node.uuid)).toMatchObject({ found: true, source: 'box', reason: 'sprite-type', width: 0, count: 0, picture: null });
        expect(preview.info('no-such-node')).toMatchObject({ found: false });
        const plain = sprite('Plain', frame(texture(4, 4, () => true)), { collider: false });
        expect(preview.info(plain.node.uuid).found).toBe(false);
    });
});

describe('maskPicture', () => {
    const maskOf = (w: number, h: number, solid: Array<[number, number]>) => ({
        width: w, height: h, count: () => solid.length, get: (i: number, j: number) => solid.some(([x, y]) => x === i && y === j),
    });

    test('frames up to PICTURE_MAX a side: one dot a texel', () => {
        expect(maskPicture(maskOf(3, 2, [[0, 0], [2, 1]]))).toEqual({ width: 3, height: 2, scale: 1, rows: ['#..', '..#'] });
    });

    test('larger frames: a dot is solid when any texel of its block is', () => {
        const w = PICTURE_MAX * 2 + 8, h = 10;
        const p = maskPicture(maskOf(w, h, [[w - 1, h - 1]]));
        expect(p.scale).toBe(3);
        expect(p.width).toBe(Math.ceil(w / 3));
        expect(p.height).toBe(4);
        expect(p.rows[3][p.width - 1]).toBe('#');
        expect(p.rows.join('').split('#')).toHaveLength(2);
    });
});

// Keep the NodeLike contract honest: the double's Node satisfies it.
const _nodeLike: NodeLike = new Node('x') as unknown as NodeLike;
void _nodeLike;

describe('the scene view shows the outline at once and drops it at once (edit mode renders on demand)', () => {
    /** What the scene view would render when the preview asks for a frame. */
    interface Frame { helper: Node | null; active: boolean; parent: Node | null; segments: number[] }
    let frames: Frame[];
    let current: ColliderPreview | null;
    const cceGlobal = globalThis as { cce?: unknown };
    beforeEach(() => {
        frames = [];
        current = null;
        // Creator's scene-process global, the one method the preview calls (cce.Engine in @cocos/creator-types).
        cceGlobal.cce = {
            Engine: {
                repaintInEditMode() {
                    const helper = (current?.helper ?? null) as unknown as Node | null;
                    frames.push({ helper, active: helper ? helper.activeInHierarchy : false, parent: helper ? helper.parent : null, segments: helper ? drawn(helper.getComponent(Graphics) as G) : [] });
                },
            },
        };
    });
    afterEach(() => { delete cceGlobal.cce; });

    test('select: one frame asked for, after the outline is drawn', () => {
        const { canvasNode, node, collider, preview } = editorScene();
        current = preview;
        preview.show([node.uuid]);
        expect(frames).toHaveLength(1);
        expect(frames[0].helper).toBe(preview.helper);
        expect(frames[0].active).toBe(true);
        expect(frames[0].parent).toBe(canvasNode);
        expect(frames[0].segments).toEqual(outlineOf(collider));
    });

    test('a property changed in the inspector (the node-changed message shows the selection again): a frame with the new outline', () => {
        const { node, collider, preview } = editorScene();
        current = preview;
        preview.show([node.uuid]);
        const before = frames[0].segments;
        collider.alphaThreshold = 200; // what set-property does in the scene
        node.setPosition(-40, 10, 0);
        preview.show([node.uuid]);
        expect(frames).toHaveLength(2);
        expect(frames[1].segments).toEqual(outlineOf(collider));
        expect(frames[1].segments).not.toEqual(before);
    });

    test('deselect: the helper is inactive and out of the scene at once, and a frame is asked for', () => {
        const { canvasNode, node, preview } = editorScene();
        current = preview;
        preview.show([node.uuid]);
        const helper = preview.helper as unknown as Node;
        expect(preview.show([])).toBe(0);
        expect(frames).toHaveLength(2);
        expect(frames[1].helper).toBeNull();
        // Before any engine update: nothing of the outline is left for that frame to render.
        expect(helper.active).toBe(false);
        expect(helper.activeInHierarchy).toBe(false);
        expect(helper.parent).toBeNull();
        expect(canvasNode.children).not.toContain(helper);
        tick();
        expect(helper.isValid).toBe(false); // and destroyed by the engine
        preview.hide(); // nothing showing: nothing to repaint
        expect(frames).toHaveLength(2);
    });

    test('redraws inside an engine update ask for no extra frame (that frame renders them)', () => {
        const { node, preview } = editorScene();
        current = preview;
        preview.show([node.uuid]);
        node.setPosition(-100, 0, 0);
        tick();
        tick();
        expect(frames).toHaveLength(1);
    });

    test('outside the editor (no cce, or a cce without Engine.repaintInEditMode) nothing is asked and nothing throws', () => {
        const { node, preview } = editorScene();
        for (const value of [undefined, {}, { Engine: {} }, { Engine: { repaintInEditMode: 1 } }]) {
            cceGlobal.cce = value;
            expect(() => requestRepaint()).not.toThrow();
            expect(preview.show([node.uuid])).toBe(1);
            expect(() => preview.show([])).not.toThrow();
        }
        expect(frames).toHaveLength(0);
    });
});
