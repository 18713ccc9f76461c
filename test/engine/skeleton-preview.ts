// The scene view preview (extensions/pixel-collision/source/scene/preview.ts) on an animated Spine
// character and a DragonBones armature in the real engine: their PixelColliders run in no collision
// system (as in the editor), they are selected, and they play. On each of 24 frames:
//  - the outline the preview drew this frame is the outline of the pose this frame draws: it equals
//    the outline the collider gives when asked again after the frame (nothing moves between the
//    frame's drawing and then), and it changes as the character moves;
//  - it lies where the engine draws the characters: at points one pixel apart along the outline,
//    is the pixel 1.5 px to one side drawn and the one 1.5 px to the other not? The share of such
//    points (texel-thin details of the test art and corners make some miss) equals, within 1%, the
//    share the colliders' own pixels give (their parts' union at the pixel centres, exact: what
//    test/engine/skeletons.ts proves equal to the drawing), and is clearly above the share against
//    the next frame's drawing (what an outline one frame late would score);
//  - the inspector's data for the character: a collider of parts, their count, a picture;
//  - then the runtime's debug view draws both characters' outlines for 10 frames without an error.
// The outline's colour is made transparent here (a private field of the preview: a test-only
// change) so that the readback shows the characters alone.
//
//   HARNESS_HOME=<home built with HARNESS_SKELETONS=1> node ../shared/engine-harness/run.mjs test/engine/skeleton-preview.ts --project .
import { Color, dragonBones, Node, sp } from 'cc';
import { CollisionSystem, PixelCollider } from 'db://pixel-collision/runtime/index';
import { PartsState } from '../../extensions/pixel-collision/assets/core/index';
import { drawingStage } from './lib';
import { loadDragonBones, loadSpineData, uiNode } from './skeleton-lib';
import { ColliderPreview } from '../../extensions/pixel-collision/source/scene/preview';

declare const done: (ok: boolean, message?: string) => void;
/* eslint-disable @typescript-eslint/no-explicit-any */

export default async function main(h: any): Promise<void> {
    const W = h.width, H = h.height;
    const { canvas, rt } = drawingStage(W, H);
    const sd = await loadSpineData();
    const { asset, atlas } = await loadDragonBones();

    const hero = uiNode('Hero', canvas, -150, -40);
    hero.angle = 12;
    const skel = hero.addComponent(sp.Skeleton);
    skel.skeletonData = sd;
    skel.setAnimation(0, 'move', true);
    const pet = uiNode('Pet', canvas, 170, -20);
    pet.setScale(-1, 1, 1);
    const arm = pet.addComponent(dragonBones.ArmatureDisplay);
    arm.dragonAsset = asset;
    arm.dragonAtlasAsset = atlas;
    arm.armatureName = 'main';
    arm.playAnimation('move', 0);
    const colliders: PixelCollider[] = [];
    for (const n of [hero, pet]) {
        const c = n.addComponent(PixelCollider);
        c.enabled = false; // like the editor: no collision system runs it
        colliders.push(c);
    }

    const problems: string[] = [];
    const preview = new ColliderPreview(h.cc);
    (preview as any)._color = new Color(0, 0, 0, 0); // (test only: the readback shows the characters alone)
    for (const c of colliders) { c.updateShape(); const o: number[] = []; console.log(`${c.node.name}: ${c.getOutline(o)} outline segments`); }
    const shown = preview.show([hero.uuid, pet.uuid]);
    if (shown !== 2) problems.push(`show returned ${shown}`);

    const outlineNow = (): number[] => {
        const out: number[] = [];
        for (const c of colliders) c.getOutline(out);
        return out;
    };
    /** Share of outline points with the drawing on exactly one side (1.5 px away), and how many points. */
    const sideShare = (seg: number[], alpha: Uint8Array | null): [number, number] => {
        // the pixel under (x, y): drawn (alpha read back), or, without a readback, solid at its
        // centre by the colliders (PixelIntersection.opaqueAt, exact: the ceiling of this measure)
        const drawn = (x: number, y: number): boolean => {
            const px = Math.floor(x + W / 2), py = Math.floor(y + H / 2);
            if (!alpha) return unions.some((u, i) => u.pointIn(colliders[i].parts!, px + 0.5 - W / 2, py + 0.5 - H / 2));
            return px >= 0 && py >= 0 && px < W && py < H && alpha[(py * W + px) * 4 + 3] > 0;
        };
        let good = 0, all = 0;
        for (let k = 0; k < seg.length; k += 4) {
            const x0 = seg[k], y0 = seg[k + 1], x1 = seg[k + 2], y1 = seg[k + 3];
            const len = Math.hypot(x1 - x0, y1 - y0);
            if (len < 1) continue;
            const nx = -(y1 - y0) / len, ny = (x1 - x0) / len;
            for (let d = 0.5; d < len; d += 1) {
                const x = x0 + ((x1 - x0) * d) / len, y = y0 + ((y1 - y0) * d) / len;
                all++;
                if (drawn(x + 1.5 * nx, y + 1.5 * ny) !== drawn(x - 1.5 * nx, y - 1.5 * ny)) good++;
            }
        }
        return [all ? good / all : 0, all];
    };

    const unions = colliders.map(() => new PartsState());
    await h.frames(2);
    let prevOutline: number[] | null = null, prevDrawn: Uint8Array | null = null;
    let changed = 0, same = 0, shareSum = 0, lateSum = 0, oracleSum = 0, frames = 0, points = 0;
    for (let f = 0; f < 24; f++) {
        await h.frames(1);
        const drawnNow = outlineNow(); // what the preview drew this frame (getOutline reads, it does not rebuild)
        const alpha = rt.readPixels(0, 0, W, H)!;
        for (const c of colliders) c.updateShape(); // asked again after the frame
        const again = outlineNow();
        if (again.length !== drawnNow.length || again.some((v, i) => v !== drawnNow[i])) {
            problems.push(`frame ${f}: the preview drew ${drawnNow.length / 4} segments, the pose after the frame gives ${again.length / 4}${again.length === drawnNow.length ? ' (others)' : ''}`);
        } else same++;
        if (prevOutline && (prevOutline.length !== drawnNow.length || prevOutline.some((v, i) => v !== drawnNow[i]))) changed++;
        const [share, n] = sideShare(drawnNow, alpha);
        shareSum += share; points += n;
        for (let i = 0; i < colliders.length; i++) {
            const t = colliders[i].getWorldTransform({ a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0 });
            unions[i].update(colliders[i].parts!, t, f);
        }
        oracleSum += sideShare(drawnNow, null)[0];
        if (prevOutline && prevDrawn) { lateSum += sideShare(prevOutline, alpha)[0]; }
        frames++;
        prevOutline = drawnNow;
        prevDrawn = alpha;
    }
    const share = shareSum / frames, late = lateSum / (frames - 1), oracle = oracleSum / frames;
    const pc = (v: number) => `${(100 * v).toFixed(1)}%`;
    console.log(`${same}/${frames} frames: the drawn outline is the pose after the frame; outline changed on ${changed} of ${frames - 1} frames; drawing on one side: ${pc(share)} of ${points} outline points (the colliders' own pixels: ${pc(oracle)}; against the next frame's drawing: ${pc(late)})`);
    if (changed < (frames - 1) / 2) problems.push(`the outline changed on only ${changed} frames: is the animation playing?`);
    // (the test art has texel-thin details: points where 1.5 px to either side is another edge)
    if (!(Math.abs(share - oracle) < 0.01)) problems.push(`the drawing gives ${pc(share)} of outline points one-sided, the colliders' own pixels ${pc(oracle)}`);
    if (!(share > late + 0.05)) problems.push(`the outline agrees no better with its frame (${pc(share)}) than with the next (${pc(late)})`);

    for (const n of [hero, pet]) {
        const info = preview.info(n.uuid);
        const dots = info.picture ? info.picture.rows.join('').split('#').length - 1 : 0;
        console.log(`${n.name}: source ${info.source}, ${info.parts} parts, ${info.partsWidth} x ${info.partsHeight} units, picture ${info.picture?.width}x${info.picture?.height} with ${dots} solid dots`);
        if (info.parts < 3 || !info.picture || dots < 50 || info.source !== 'pixels') problems.push(`${n.name}: inspector data ${JSON.stringify({ ...info, picture: undefined })}`);
    }
    preview.show([]);

    // The runtime's debug view draws the same outlines every frame (in one Graphics): the two
    // characters colliding in a running system, with it on, for 10 frames (a page error fails).
    CollisionSystem.instance.debugDraw = true;
    for (const c of colliders) c.enabled = true;
    await h.frames(10);
    const live = colliders.filter((c) => c.updateShape()).length;
    if (live !== 2) problems.push(`${live} of 2 colliders live in the system`);
    CollisionSystem.instance.debugDraw = false;
    done(problems.length === 0, problems.length ? problems.join('; ') : 'the outline is the pose drawn in its frame and lies on the drawing');
}
