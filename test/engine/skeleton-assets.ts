/**
 * The test skeletons of test/fixtures/skeletons/ (written by scripts/gen-skeletons.mjs) in the real
 * engine's own runtimes: Spine 3.8 (spine-cpp in wasm) and DragonBones (@cocos/dragonbones-js).
 *
 * Loads both from the project (`/project/...`), builds the assets in code (sp.SkeletonData from
 * skeletonJson + atlasText + textures; DragonBonesAsset + DragonBonesAtlasAsset), puts each on a node
 * under a Canvas, plays the animations for a few dozen frames and checks: every animation, skin,
 * slot and attachment the JSON declares is in the runtime data (the runtimes drop a missing region
 * or attachment without a word), the poses change every frame (bones, deform, attachment and
 * display switches, the child armature's own animation), Spine's render model has vertices and
 * indices (clipping changed the geometry, the additive slot has its own blend mode), each skeleton
 * alone draws pixels into a RenderTexture, and the engine logged no error or warning meanwhile.
 *
 * Needs a harness home built with HARNESS_SKELETONS=1:
 *     HARNESS_HOME=<skeleton home> node ../shared/engine-harness/run.mjs test/engine/skeleton-assets.ts --project .
 */
import { DebugMode, dragonBones, game, sp } from 'cc';
import { Checks, drawingStage } from './lib';
import { loadText, loadTexture, uiNode } from './skeleton-lib';

/* eslint-disable @typescript-eslint/no-explicit-any */

const fmt = (v: number) => Math.round(v * 1000) / 1000;
const enumValue = (v: any): number => (typeof v === 'object' && v !== null ? v.value : v);

export default async function main(h: any): Promise<void> {
    const checks = new Checks();
    const W = h.width, H = h.height;

    // Every engine warning or error from here on is a problem: the engine binds console.warn /
    // console.error when its debug mode is set, so wrap them and set the mode again.
    const logged: string[] = [];
    for (const k of ['warn', 'error'] as const) {
        const orig = console[k].bind(console);
        console[k] = (...args: unknown[]) => { logged.push(`${k}: ${args.map(String).join(' ')}`); orig(...args); };
    }
    const origAssert = console.assert.bind(console);
    console.assert = (cond?: boolean, ...args: unknown[]) => { if (!cond) logged.push(`assert: ${args.map(String).join(' ')}`); origAssert(cond, ...args); };
    // (`_resetDebugSetting` is exported by the engine but not in its typings; INFO is the harness's default mode)
    h.cc._resetDebugSetting((game as any).config?.debugMode ?? DebugMode.INFO);

    const { canvas, rt } = drawingStage(W, H);

    // ------------------------------------------------------------ Spine
    const spineJsonText = await loadText('spine-test.json');
    const spineJson = JSON.parse(spineJsonText);
    const sd = new sp.SkeletonData();
    sd._uuid = 'pixel-collision-test-spine';            // the wasm side caches skeleton data by this uuid
    sd.skeletonJson = spineJsonText as any;
    sd.atlasText = await loadText('spine-test.atlas');
    sd.textures = [await loadTexture('spine-test.png')]; // textures[i] is the atlas's i-th page
    sd.textureNames = ['spine-test.png'];
    const rd = sd.getRuntimeData();
    checks.check(!!rd, 'Spine: no runtime data (the JSON or the atlas was not read)');
    if (!rd) { checks.finish('Spine skeleton data unreadable'); return; }
    const skins = (rd as any).skins.map((s: any) => s.name);
    const anims = (rd as any).animations.map((a: any) => `${a.name} ${fmt(a.duration)} s`);
    console.log(`Spine ${rd.version}: ${(rd as any).bones.length} bones, ${(rd as any).slots.length} slots, skins [${skins}], animations [${anims}]`);
    checks.check(rd.version === spineJson.skeleton.spine, `Spine version ${rd.version}`);
    checks.check((rd as any).bones.length === spineJson.bones.length, 'Spine: bone count');
    checks.check((rd as any).slots.length === spineJson.slots.length, 'Spine: slot count');
    for (const s of spineJson.skins) {
        const skin = (rd as any).findSkin(s.name);
        const want = Object.values(s.attachments).reduce((n: number, m: any) => n + Object.keys(m).length, 0);
        const got = skin ? skin.getAttachments().length : -1;
        console.log(`Spine skin ${s.name}: ${got} attachment(s) of ${want} in the JSON`);
        checks.check(got === want, `Spine skin ${s.name}: ${got} attachments, the JSON has ${want} (a region missing from the atlas is dropped silently)`);
    }
    for (const name of Object.keys(spineJson.animations)) checks.check(!!(rd as any).findAnimation(name), `Spine: animation ${name} missing`);

    const spNode = uiNode('spine', canvas, -200, -90);
    const skel = spNode.addComponent(sp.Skeleton);
    skel.skeletonData = sd;
    skel.setAnimation(0, 'move', true);
    const skeleton = (skel as any)._skeleton;
    const slot = (name: string) => skel.findSlot(name) as any;
    checks.check(enumValue(slot('glow').data.blendMode) === 1, `Spine: glow blend mode ${enumValue(slot('glow').data.blendMode)}, want additive (1)`);
    checks.check(slot('ghost').color.a === 0, `Spine: ghost alpha ${slot('ghost').color.a}`);

    const heap = () => (sp as any).spine.wasmUtil.wasm.HEAPU8 as Uint8Array;
    const spineModel = () => {
        const m = (skel as any).updateRenderData();
        const f = new Float32Array(heap().buffer, m.vPtr, m.vCount * 6);
        let sig = 0;
        for (let i = 0; i < m.vCount; i++) sig += f[i * 6] * (1 + (i % 7)) + f[i * 6 + 1] * (1 + (i % 5));
        const data = m.getData(), blends = new Set<number>();
        for (let i = 0; i < data.size(); i += 6) blends.add(data.get(i + 4));
        return { vCount: m.vCount as number, iCount: m.iCount as number, sig, blends };
    };
    const boneSig = () => {
        skeleton.updateWorldTransform();
        let s = 0;
        skeleton.bones.forEach((b: any, i: number) => { s += (b.worldX * 3 + b.worldY * 5 + b.a * 7 + b.b * 11) * (i + 1); });
        return s;
    };
    const hatNames = new Set<string>();
    let deformSeen = 0, prevBones = NaN, prevVerts = NaN, same = 0, frames = 0, maxV = 0, maxI = 0;
    const blendsSeen = new Set<number>();
    const stepSpine = async (n: number, label: string) => {
        for (let f = 0; f < n; f++) {
            await h.frame();
            const bs = boneSig(), m = spineModel();
            if (bs === prevBones || m.sig === prevVerts) same++;
            prevBones = bs; prevVerts = m.sig; frames++;
            maxV = Math.max(maxV, m.vCount); maxI = Math.max(maxI, m.iCount);
            m.blends.forEach((b) => blendsSeen.add(b));
            if (m.vCount === 0 || m.iCount === 0) checks.check(false, `Spine ${label}: empty render model at frame ${f}`);
            hatNames.add(slot('hat').getAttachment()?.path ?? '(none)');
            const d = slot('tail').deform;
            if (d && d.length > 0 && d.some((v: number) => Math.abs(v) > 0.01)) deformSeen++;
        }
    };
    await stepSpine(40, 'default skin');
    const model = spineModel();
    // without clipping: 4 vertices a region and the meshes' own vertex counts
    let unclipped = 0;
    for (const s of spineJson.slots) {
        const name = s.name === 'hat' ? (slot('hat').getAttachment()?.path ?? 'hat') : s.attachment;
        const att = spineJson.skins[0].attachments[s.name][name];
        if (!att) { checks.check(false, `Spine: slot ${s.name} shows attachment "${name}", not in the JSON`); continue; }
        if (att.type === 'clipping') continue;
        unclipped += att.type === 'mesh' ? att.uvs.length / 2 : 4;
    }
    console.log(`Spine render model: ${model.vCount} vertices, ${model.iCount} indices (unclipped it would have ${unclipped} vertices); blend modes drawn [${[...blendsSeen]}]; hat attachments seen [${[...hatNames]}]; tail deformed in ${deformSeen} frame(s); pose repeated in ${same} of ${frames} frames`);
    checks.check(model.vCount > 0 && model.iCount > 0, 'Spine: render model empty');
    checks.check(model.vCount !== unclipped, 'Spine: the clipping attachment did not change the geometry');
    checks.check(blendsSeen.has(1) && blendsSeen.has(0), `Spine: blend modes drawn ${[...blendsSeen]}`);
    checks.check(hatNames.has('hat') && hatNames.has('hat2'), `Spine: hat attachments seen ${[...hatNames]}`);
    checks.check(deformSeen > 0, 'Spine: the tail deform timeline never deformed');
    checks.check(same === 0, `Spine: the pose did not change in ${same} frame(s)`);

    // render the Spine skeleton alone
    const drawn = async (label: string) => {
        await h.frames(2);
        const px = rt.readPixels(0, 0, W, H)!;
        let n = 0, soft = 0, x0 = W, x1 = -1;
        for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) {
            const a = px[(y * W + x) * 4 + 3];
            if (a > 0) { n++; if (a < 255) soft++; if (x < x0) x0 = x; if (x > x1) x1 = x; }
        }
        console.log(`${label}: ${n} pixels drawn (${soft} partly transparent), columns ${x0}..${x1}`);
        return { n, x0, x1 };
    };
    const spDraw = await drawn('Spine alone, default skin');
    checks.check(spDraw.n > 2000 && spDraw.x1 < W / 2, `Spine drew ${spDraw.n} pixels in columns ${spDraw.x0}..${spDraw.x1}`);

    // the second skin
    const headBefore = skel.getAttachment('head', 'head') as any;
    const widthBefore = headBefore?.width;
    skel.setSkin('alt');
    const headAlt = skel.getAttachment('head', 'head') as any;
    const altOnSlot = slot('head').getAttachment() as any;
    console.log(`Spine skin alt: head attachment width ${widthBefore} -> ${headAlt?.width} (path ${headAlt?.path}); on the slot: ${altOnSlot?.path}`);
    checks.check(!!headAlt && headAlt.path === 'head-alt' && altOnSlot?.path === 'head-alt', 'Spine: the alt skin did not replace the head');
    await stepSpine(20, 'alt skin');
    const spAlt = await drawn('Spine alone, alt skin');
    checks.check(spAlt.n > 2000, `Spine (alt) drew ${spAlt.n} pixels`);
    spNode.active = false;

    // ------------------------------------------------------------ DragonBones
    const dbAsset = new dragonBones.DragonBonesAsset();
    dbAsset.dragonBonesJson = await loadText('db-test_ske.json');
    const dbJson = JSON.parse(dbAsset.dragonBonesJson);
    const atlas = new dragonBones.DragonBonesAtlasAsset();
    atlas.atlasJson = await loadText('db-test_tex.json');
    atlas.texture = await loadTexture('db-test_tex.png');

    const dbNode = uiNode('dragonbones', canvas, 200, -90);
    const display = dbNode.addComponent(dragonBones.ArmatureDisplay);
    display.dragonAtlasAsset = atlas;
    display.dragonAsset = dbAsset;
    display.armatureName = 'main';
    display.playAnimation('move', 0);
    const arm = display.armature() as any;
    checks.check(!!arm, 'DragonBones: no armature built');
    if (!arm) { checks.finish('DragonBones armature not built'); return; }
    console.log(`DragonBones: armatures [${display.getArmatureNames()}], main animations [${display.getAnimationNames('main')}], pet animations [${display.getAnimationNames('pet')}], key ${display.getArmatureKey()}`);
    checks.check(display.getArmatureNames().join() === dbJson.armature.map((a: any) => a.name).join(), 'DragonBones: armature names');

    const mainJson = dbJson.armature.find((a: any) => a.name === 'main');
    const slots = arm.getSlots() as any[];
    console.log(`DragonBones main slots: ${slots.map((s) => `${s.name}${s.childArmature ? ` (armature ${s.childArmature.name})` : ''}`).join(', ')}`);
    checks.check(slots.length === mainJson.slot.length, `DragonBones: ${slots.length} slots, the JSON has ${mainJson.slot.length}`);
    const pet = arm.getSlot('pet')?.childArmature;
    checks.check(!!pet && pet.name === 'pet', 'DragonBones: no child armature on slot pet');
    const allSlots = (a: any): any[] => a.getSlots().flatMap((s: any) => (s.childArmature ? allSlots(s.childArmature) : [s]));
    const displays = new Set<number>();
    let ffdSeen = 0, same2 = 0, frames2 = 0, prev2 = NaN, prevPet = NaN, petSame = 0;
    const sig = (a: any) => { let s = 0; a.getBones().forEach((b: any, i: number) => { const m = b.globalTransformMatrix; s += (m.a * 3 + m.b * 5 + m.tx * 7 + m.ty * 11) * (i + 1); }); return s; };
    for (let f = 0; f < 40; f++) {
        await h.frame();
        const s = sig(arm) + sig(pet) * 13, ps = sig(pet);
        if (s === prev2) same2++;
        if (ps === prevPet) petSame++;
        prev2 = s; prevPet = ps; frames2++;
        displays.add(arm.getSlot('head').displayIndex);
        const dv = arm.getSlot('cape')._deformVertices?.vertices;
        if (dv && dv.some((v: number) => Math.abs(v) > 0.01)) ffdSeen++;
    }
    for (const s of allSlots(arm)) {
        const tex = s._textureData;
        checks.check(!!tex && !!tex.spriteFrame, `DragonBones slot ${s.name}: no texture (display name not in the atlas?)`);
        checks.check(s._localVertices.length > 0 && s._indices.length > 0, `DragonBones slot ${s.name}: no vertices`);
    }
    const cape = arm.getSlot('cape');
    const capeJson = mainJson.skin[0].slot.find((s: any) => s.name === 'cape').display[0];
    console.log(`DragonBones: cape mesh ${cape._localVertices.length / 4} vertices, ${cape._indices.length / 3} triangles (display type ${cape._displayData?.type}); ghost alpha ${arm.getSlot('ghost')._color.a}; glow blend ${arm.getSlot('glow')._blendMode}; head displays seen [${[...displays]}]; cape deformed in ${ffdSeen} frame(s); main playing ${arm.animation.isPlaying} ${arm.animation.lastAnimationName}, pet playing ${pet?.animation.isPlaying} ${pet?.animation.lastAnimationName}; pose repeated in ${same2} of ${frames2} frames (pet alone ${petSame})`);
    checks.check(cape._displayData?.type === 2 && cape._localVertices.length / 4 === capeJson.uvs.length / 2 && cape._indices.length === capeJson.triangles.length, 'DragonBones: cape is not the mesh of the JSON');
    checks.check(arm.getSlot('ghost')._color.a === 0, 'DragonBones: ghost alpha is not 0');
    checks.check(arm.getSlot('glow')._blendMode === 1, 'DragonBones: glow blend mode is not add (1)');
    checks.check(displays.has(0) && displays.has(1), `DragonBones: head displays seen ${[...displays]}`);
    checks.check(ffdSeen > 0, 'DragonBones: the cape ffd timeline never deformed');
    checks.check(arm.animation.isPlaying && arm.animation.lastAnimationName === 'move', 'DragonBones: move is not playing');
    checks.check(!!pet && pet.animation.isPlaying && pet.animation.lastAnimationName === 'spin', 'DragonBones: the child armature is not playing spin');
    checks.check(same2 === 0 && petSame === 0, `DragonBones: the pose did not change in ${same2} frame(s) (pet ${petSame})`);

    const dbDraw = await drawn('DragonBones alone');
    checks.check(dbDraw.n > 2000 && dbDraw.x0 > W / 2, `DragonBones drew ${dbDraw.n} pixels in columns ${dbDraw.x0}..${dbDraw.x1}`);

    for (const m of logged.slice(0, 20)) console.log(`LOGGED ${m}`);
    checks.check(logged.length === 0, `${logged.length} engine warning(s) or error(s) while loading and playing`);
    checks.finish(`Spine (${model.vCount} vertices, ${spDraw.n} px) and DragonBones (${slots.length} slots, child ${pet?.name}, ${dbDraw.n} px) read, played and drawn`);
}
