// Baked atlas pages of Spine and DragonBones characters in the real engine, as in a native or
// mini-game build: the page textures' CPU copies are released after upload (what
// macro.CLEANUP_IMAGE_CACHE does), GPU readback is blocked, and the characters still collide
// exactly, from the baked library's whole-page entries (texture uuid + region 0, 0, W, H).
//
//   HARNESS_HOME=<home built with HARNESS_SKELETONS=1> node ../shared/engine-harness/run.mjs test/engine/baked-skeleton.ts --project .
//   ... --set LIBRARY="$(cat library.json)"   the library literal a real bake wrote (see below)
//
// The test skeletons (test/fixtures/skeletons/) are built in code; their page textures get the
// uuids the generated project of test/bake/skeleton-project.ts gives them (`<image uuid>@6c48a`, what
// Creator's asset loading sets as `texture._uuid`). The library is LIBRARY when given (the object
// literal of the script `pixel-collision bake` wrote for that project), else made here the way the
// bake makes it (each page's alpha, BitMask.fromRGBA of the whole image, encodeMaskCode,
// buildLibraryGroups with no frame uuid). A Spine character (threshold 0) and a DragonBones one
// (threshold 127), their animations frozen at a pose, and a circle collider moving across both,
// in three runs of the same motion:
//  1. pixels readable (web): the page masks come from the pixels;
//  2. pixels released, readback blocked, library loaded: mask source 'baked', and every contact
//     count equals run 1's;
//  3. the same without the library: the counts differ (the library is what made run 2 exact).
import { director, Director, dragonBones, Node, sp, Texture2D } from 'cc';
import { BitMask, CollisionSystem, PixelCollider, PixelMasks, PixelShape } from 'db://pixel-collision/runtime/index';
import type { PixelContact } from 'db://pixel-collision/runtime/index';
import { buildLibraryGroups, encodeMaskCode } from 'db://pixel-collision/core/index';
import { Checks, stage } from './lib';
import { loadDragonBones, loadSpineData, rgbaOf, uiNode } from './skeleton-lib';

/* eslint-disable @typescript-eslint/no-explicit-any */
declare const done: (ok: boolean, message?: string) => void;

/** The page textures' uuids in test/bake/skeleton-project.ts (TEX.hero, TEX.db). */
const SPINE_PAGE = '0e63d82e-fcea-4df5-bffd-e0429aeca401@6c48a';
const DB_PAGE = '96d3dfcc-11fd-40b9-8e2f-4c95bd477378@6c48a';
const SPINE_T = 0, DB_T = 127;
const GIVEN: { format: string; version: number; groups: string } | undefined = (globalThis as any).LIBRARY;

/** The library as the bake writes it: a whole-page entry per page and threshold, no frame uuid. */
function makeLibrary(pages: [string, Texture2D][]): { format: string; version: number; groups: string[] } {
    const entries = [];
    for (const [uuid, tex] of pages) {
        const { rgba, w, h } = rgbaOf(tex);
        for (const threshold of [SPINE_T, DB_T]) {
            entries.push({ texture: uuid, rect: [0, 0, w, h] as [number, number, number, number], rotated: false, threshold, code: encodeMaskCode(BitMask.fromRGBA(rgba, w, h, { threshold })) });
        }
    }
    return { format: 'pixel-collision-masks', version: 2, groups: buildLibraryGroups(entries) };
}

interface Run { counts: Map<string, number>; sources: string; readbacks: number; stats: string }

async function run(h: any, parent: Node, mode: 'pixels' | 'baked' | 'nothing'): Promise<Run> {
    PixelMasks.clear();
    // fresh assets each run (the Spine wasm side caches skeleton data by uuid, DragonBones its atlas by uuid)
    const sd = await loadSpineData(`pc-baked-skeleton-${mode}`);
    const { asset, atlas } = await loadDragonBones();
    (asset as any)._uuid = `pc-baked-db-${mode}`;
    (atlas as any)._uuid = `pc-baked-db-atlas-${mode}`;
    const spineTex = sd.textures[0], dbTex = atlas.texture!;
    (spineTex as any)._uuid = SPINE_PAGE;
    (dbTex as any)._uuid = DB_PAGE;
    const library = mode === 'baked' ? GIVEN || makeLibrary([[SPINE_PAGE, spineTex], [DB_PAGE, dbTex]]) : null;

    const spNode = uiNode('spine', parent, -140.3, -110.2);
    const skel = spNode.addComponent(sp.Skeleton);
    skel.skeletonData = sd;
    skel.setAnimation(0, 'move', true);
    skel.timeScale = 0; // frozen: the same pose in every run
    const dbNode = uiNode('dragon', parent, 160.2, -60.1);
    const display = dbNode.addComponent(dragonBones.ArmatureDisplay);
    display.dragonAtlasAsset = atlas;
    display.dragonAsset = asset;
    display.armatureName = 'main';
    display.playAnimation('move', 0);
    display.timeScale = 0;
    await h.frames(3); // drawn: textures uploaded

    const device = director.root!.device;
    const copy = device.copyTextureToBuffers;
    let readbacks = 0;
    if (mode !== 'pixels') {
        for (const t of [spineTex, dbTex]) t.image!.destroy();
        await h.frames(1);
        for (const t of [spineTex, dbTex]) if (t.image && t.image.data) throw new Error('the image cleanup left CPU pixels');
        device.copyTextureToBuffers = function () { readbacks++; } as any;
        if (library) PixelMasks.addLibrary(library as any, 'baked masks (test)');
    }
    const cs = spNode.addComponent(PixelCollider);
    cs.alphaThreshold = SPINE_T;
    const cd = dbNode.addComponent(PixelCollider);
    cd.alphaThreshold = DB_T;

    const probe = uiNode('probe', parent, -330, -40);
    const pc = probe.addComponent(PixelCollider);
    pc.shape = PixelShape.CIRCLE;
    pc.radius = 34;
    const counts = new Map<string, number>();
    let x = -330;
    const onContact = (_self: PixelCollider, other: PixelCollider, c: PixelContact) => counts.set(`${x}:${other.node.name}`, c.count);
    pc.on('onPixelCollide', onContact);
    pc.on('onPixelCollideStay', onContact);
    const move = () => { x += 7; probe.setPosition(x, -40 + ((x / 7) % 5) * 9, 0); };
    director.on(Director.EVENT_BEFORE_UPDATE, move);
    await h.frames(94);
    director.off(Director.EVENT_BEFORE_UPDATE, move);
    const sources = `spine:${cs.maskSource} dragon:${cd.maskSource}`;
    const st = PixelMasks.stats();
    device.copyTextureToBuffers = copy;
    for (const n of [spNode, dbNode, probe]) n.destroy();
    await h.frames(1);
    return { counts, sources, readbacks, stats: `baked ${st.baked}, pixels ${st.pixels}, readback ${st.readback}, none ${st.none}` };
}

export default async function main(h: any): Promise<void> {
    const checks = new Checks();
    const { canvas } = stage(h.width, h.height);
    void CollisionSystem.instance;

    const pixels = await run(h, canvas, 'pixels');
    const baked = await run(h, canvas, 'baked');
    const nothing = await run(h, canvas, 'nothing');

    const keys = [...new Set([...pixels.counts.keys(), ...baked.counts.keys()])];
    let same = 0, samples = 0, boxDiffers = 0;
    const byChar = { spine: 0, dragon: 0 } as Record<string, number>;
    for (const k of keys) {
        const p = pixels.counts.get(k) ?? 0, b = baked.counts.get(k) ?? 0, n = nothing.counts.get(k) ?? 0;
        if (p === b) same++;
        else checks.check(false, `${k}: pixels run counted ${p}, baked run ${b}`);
        if (n !== p) boxDiffers++;
        samples += p;
        byChar[k.slice(k.indexOf(':') + 1)] = (byChar[k.slice(k.indexOf(':') + 1)] ?? 0) + 1;
    }
    console.log(`library: ${GIVEN ? 'given (LIBRARY, as the bake wrote it)' : 'made in the entry the way the bake makes it'}`);
    console.log(`pixels run: ${pixels.sources}; ${pixels.stats}`);
    console.log(`baked run:  ${baked.sources}; ${baked.stats}; blocked readbacks tried: ${baked.readbacks}`);
    console.log(`no library: ${nothing.sources}; ${nothing.stats}; blocked readbacks tried: ${nothing.readbacks}`);
    // (natively the pages' pixels are released once uploaded: that run reads them back from the GPU)
    const src = h.native ? 'readback' : 'pixels';
    checks.check(pixels.sources === `spine:${src} dragon:${src}`, `pixels run sources ${pixels.sources}`);
    checks.check(baked.sources === 'spine:baked dragon:baked', `baked run sources ${baked.sources}`);
    checks.check(baked.readbacks === 0, `the baked run tried ${baked.readbacks} readback(s)`);
    checks.check(nothing.sources !== 'spine:baked dragon:baked' && !/pixels/.test(nothing.sources), `no-library run sources ${nothing.sources}`);
    checks.check((byChar.spine ?? 0) >= 5 && (byChar.dragon ?? 0) >= 5, `too few contacts: spine ${byChar.spine}, dragon ${byChar.dragon}`);
    checks.check(boxDiffers > 0, 'without the library the counts were the same: the test would not tell');
    checks.finish(`${keys.length} (position, character) contacts (spine ${byChar.spine ?? 0}, dragon ${byChar.dragon ?? 0}; ${samples} shared samples): `
        + `the baked pages gave the pixels' count at ${same}; without the library ${boxDiffers} differed`);
}
