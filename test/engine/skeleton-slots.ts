// Choosing the slots that collide (PixelCollider.ignoreSlots / onlySlots / additiveSlots), in the real
// engine: the Spine reader finds each slot's triangles in the runtime's merged render model by walking
// the draw order through the wasm bindings (natively: the JSB bindings, over the drawing the C++
// renderer writes), and the DragonBones reader by slot name and blend mode (web only).
// Judged against a twin: a second skeleton of the same data, posed the same (same animation, same
// frames), whose left-out slots really draw nothing (their attachment removed, or their slot hidden).
// On every frame, at every point of a grid over the character (about 1.1 px apart, off the pixel grid), the filtered collider and the twin's collider must answer opaqueAt the same.
//
//   HARNESS_HOME=<home built with HARNESS_SKELETONS=1> node ../shared/engine-harness/run.mjs test/engine/skeleton-slots.ts --project .
import { dragonBones, Node, sp } from 'cc';
import { PixelCollider, PixelIntersection } from 'db://pixel-collision/runtime/index';
import { Checks, drawingStage } from './lib';
import { loadDragonBones, loadSpineData, uiNode } from './skeleton-lib';

/* eslint-disable @typescript-eslint/no-explicit-any */

interface Case {
    what: string;
    /** The filtered collider's settings. */
    set: (c: PixelCollider) => void;
    /** Makes the twin draw only what the filter keeps. */
    twin: (node: Node) => void;
}

export default async function main(h: any): Promise<void> {
    const checks = new Checks();
    const { canvas } = drawingStage(h.width, h.height);
    const sd = await loadSpineData();
    const { asset, atlas } = await loadDragonBones();
    const spineSlots = (sd as any).skeletonJson.slots.map((s: { name: string }) => s.name) as string[];

    const spineNode = (name: string, x: number, tint: boolean) => {
        const node = uiNode(name, canvas, x, 0);
        node.angle = 23;
        node.setScale(0.9, -1.1, 1);
        const skel = node.addComponent(sp.Skeleton);
        skel.useTint = tint;
        skel.skeletonData = sd;
        skel.setAnimation(0, 'move', true);
        return node;
    };
    const dragonNode = (name: string, x: number) => {
        const node = uiNode(name, canvas, x, 0);
        node.angle = -14;
        const d = node.addComponent(dragonBones.ArmatureDisplay);
        d.dragonAtlasAsset = atlas;
        d.dragonAsset = asset;
        d.armatureName = 'main';
        d.playAnimation('move', 0);
        return node;
    };
    // Slots with no attachment timeline (the twin's removal lasts); 'gem' is clipped by 'clip'.
    const noAtt = (names: string[]) => (n: Node) => { const s = n.getComponent(sp.Skeleton)!; for (const k of names) (s.findSlot(k) as any).setAttachment(null); };
    const spineCases: Case[] = [
        { what: 'ignoreSlots [cape]', set: (c) => { c.ignoreSlots = ['cape']; }, twin: noAtt(['cape']) },
        // (the gem lies on the body: only it, clipped by 'clip', shows what it covers)
        { what: 'onlySlots [gem, hat] (gem clipped)', set: (c) => { c.onlySlots = ['gem', 'hat']; }, twin: noAtt(spineSlots.filter((s) => s !== 'gem' && s !== 'hat' && s !== 'clip')) },
        { what: 'ignoreSlots [tail, shield, head]', set: (c) => { c.ignoreSlots = ['tail', 'shield', 'head']; }, twin: noAtt(['tail', 'shield', 'head']) },
        // ('hat' switches attachments in the animation: the twin keeps it, so the filter does too)
        { what: 'onlySlots [body, armL, hat]', set: (c) => { c.onlySlots = ['body', 'armL', 'hat']; }, twin: noAtt(spineSlots.filter((s) => s !== 'body' && s !== 'armL' && s !== 'hat')) },
        { what: 'additiveSlots false', set: (c) => { c.additiveSlots = false; }, twin: noAtt(['glow']) },
    ];
    // (a Cocos slot's visibility follows its bone: the twin shows no display instead)
    const hidden = (names: string[]) => (n: Node) => {
        const arm = n.getComponent(dragonBones.ArmatureDisplay)!.armature()!;
        for (const k of names) arm.getSlot(k)!.displayIndex = -1;
    };
    const dragonCases: Case[] = [
        { what: 'ignoreSlots [pet] (a child armature)', set: (c) => { c.ignoreSlots = ['pet']; }, twin: hidden(['pet']) },
        { what: 'ignoreSlots [body, armL]', set: (c) => { c.ignoreSlots = ['body', 'armL']; }, twin: hidden(['body', 'armL']) },
        // ('head' switches displays in the animation: the twin keeps it, so the filter does too)
        { what: 'onlySlots [blade, head] (blade in the child armature)', set: (c) => { c.onlySlots = ['blade', 'head']; }, twin: (n: Node) => {
            hidden(['legL', 'legR', 'cape', 'body', 'armL', 'armR', 'ghost', 'glow'])(n);
            const arm = n.getComponent(dragonBones.ArmatureDisplay)!.armature()!;
            arm.getSlot('pet')!.childArmature!.getSlot('eye')!.displayIndex = -1;
        } },
        { what: 'additiveSlots false', set: (c) => { c.additiveSlots = false; }, twin: hidden(['glow']) },
    ];

    let compared = 0, solidSeen = 0, cases = 0;
    const run = async (kind: string, make: (name: string, x: number) => Node, list: Case[]) => {
        for (const k of list) {
            const a = make(`${kind}-filtered`, -200), b = make(`${kind}-twin`, 200);
            const ca = a.addComponent(PixelCollider), cb = b.addComponent(PixelCollider);
            k.set(ca);
            await h.frames(1);
            k.twin(b);
            let differ = 0, solidA = 0, solidAll = 0;
            const t0 = performance.now();
            for (let f = 0; f < 2; f++) {
                await h.frames(5);
                for (let y = -180.37; y < 180; y += 1.07) {
                    for (let x = -180.29; x < 180; x += 1.13) {
                        const pa = a.worldPosition, pb = b.worldPosition;
                        const sa = PixelIntersection.opaqueAt(ca, { x: pa.x + x, y: pa.y + y });
                        const sb = PixelIntersection.opaqueAt(cb, { x: pb.x + x, y: pb.y + y });
                        compared++;
                        if (sa) solidA++;
                        if (sa !== sb) differ++;
                    }
                }
            }
            // The filter must have left something out: the twin differs from an unfiltered collider.
            ca.ignoreSlots = []; ca.onlySlots = []; ca.additiveSlots = true;
            await h.frames(1);
            const pa = a.worldPosition, pb = b.worldPosition;
            let changed = 0;
            for (let y = -200; y < 200; y += 1) for (let x = -200; x < 200; x += 1) {
                const s = PixelIntersection.opaqueAt(ca, { x: pa.x + x + 0.5, y: pa.y + y + 0.5 });
                if (s) solidAll++;
                if (s !== PixelIntersection.opaqueAt(cb, { x: pb.x + x + 0.5, y: pb.y + y + 0.5 })) changed++;
            }
            console.log(`${kind} ${k.what} (${Math.round(performance.now() - t0)} ms): ${differ} of ${compared} points differ from the twin; ${solidA} solid; unfiltered differs in ${changed} px (${solidAll} solid)`);
            checks.check(differ === 0, `${kind} ${k.what}: ${differ} points differ from the twin`);
            checks.check(solidA > 0 && changed > 0, `${kind} ${k.what}: the filter left nothing out or kept nothing (${solidA} solid, ${changed} changed)`);
            solidSeen += solidA;
            cases++;
            a.destroy(); b.destroy();
            await h.frames(1);
        }
    };
    await run('spine', (n, x) => spineNode(n, x, false), spineCases);
    await run('spine-tint', (n, x) => spineNode(n, x, true), spineCases.slice(0, 2));
    // (natively the engine does not tell a script which slot drew a DragonBones triangle: not chosen there)
    if (h.native) console.log(`dragon: ${dragonCases.length} cases not run natively (slots are not chosen for DragonBones there)`);
    else await run('dragon', dragonNode, dragonCases);
    checks.finish(`${cases} cases, ${compared} points compared, ${solidSeen} solid`);
}
