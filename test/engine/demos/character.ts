// The character demo scene, loaded from assets/demos/character.scene with its Spine export
// (knight.json, knight.atlas, knight.png) and PNGs, run in the engine: two animated Spine knights (the
// second a mirrored, tinted copy) walk and swing their swords; their PIXELS colliders read what each
// skeleton draws. Checked: the skeleton data loads and plays (`walk`, with `attack` when they meet);
// contacts happen between a knight and the crates, a knight and the coins, and the two knights, and
// the demo reacts (crates knocked, coins collected, meetings counted); every contact's sample count
// equals an independent count (PixelIntersection.opaqueAt of both colliders at each cell centre of
// the contact's rect, plus a cell all round); Pixel Touch: a mouse click on a knight's solid pixel
// reaches the knight (it jumps), one on a transparent pixel inside its content box goes through to
// the World node behind it (a coin is dropped there).
//
//   node test/engine/demos/gen-assets.mjs
//   HARNESS_HOME=/root/.cache/cocos-engine-harness-skel node ../shared/engine-harness/run.mjs test/engine/demos/character.ts --project . --timeout 400 [--webgl1]
import { Camera, game, UITransform, Vec3 } from 'cc';
import type { sp } from 'cc';
import { PixelCollider, PixelIntersection } from 'db://pixel-collision/runtime/index';
import type { PixelContact } from 'db://pixel-collision/runtime/index';
import { CharacterDemo } from '../../../assets/scripts/demos/CharacterDemo';
import { checkMasks, loaded, registerRuntime, registerScript, runScene } from './load-scene';

declare const done: (ok: boolean, message?: string) => void;

/* eslint-disable @typescript-eslint/no-explicit-any */
export default async function main(h: any) {
    registerRuntime();
    registerScript(CharacterDemo, 'assets/scripts/demos/CharacterDemo.ts');
    const scene = runScene('assets/demos/character.scene');
    const demo = scene.getComponentInChildren(CharacterDemo)!;
    const fails: string[] = [];
    const expect = (ok: boolean, what: string) => { if (!ok) fails.push(what); };
    expect(!!demo && !!demo.hero && !!demo.rival, 'CharacterDemo with its two knights');
    const hero = demo.hero!, rival = demo.rival!;
    const skel = (c: PixelCollider) => c.getComponent('sp.Skeleton') as sp.Skeleton | null;
    expect(!!skel(hero) && !!skel(rival) && skel(hero)!.skeletonData === skel(rival)!.skeletonData, 'both knights show the one imported skeleton');
    expect(rival.node.scale.x < 0 && hero.node.scale.x > 0, 'the rival is mirrored');
    expect(hero.pixelTouch && rival.pixelTouch && demo.crates.length === 2 && demo.coins.length === 5, 'scene values (Pixel Touch on the knights, 2 crates, 5 coins)');

    // Every ENTER contact of a knight, checked against an independent count (registered before the
    // demo's own listeners, which may hide a coin).
    const kinds = { crate: 0, coin: 0, knight: 0 };
    let checked = 0;
    const wrong: string[] = [];
    const p = { x: 0, y: 0 };
    const onEnter = (self: PixelCollider, other: PixelCollider, c: PixelContact) => {
        const kind = demo.crates.includes(other) ? 'crate' : demo.coins.includes(other) ? 'coin' : other === hero || other === rival ? 'knight' : null;
        if (kind) kinds[kind]++;
        if (!self.enabledInHierarchy || !other.enabledInHierarchy) return;
        const r = c.rect;
        let n = 0;
        for (let y = Math.floor(r.y) - 1; y < Math.ceil(r.y + r.height) + 1; y++) {
            for (let x = Math.floor(r.x) - 1; x < Math.ceil(r.x + r.width) + 1; x++) {
                p.x = x + 0.5; p.y = y + 0.5;
                if (PixelIntersection.opaqueAt(self, p) && PixelIntersection.opaqueAt(other, p)) n++;
            }
        }
        checked++;
        if (n !== c.count) wrong.push(`${self.node.name} / ${other.node.name}: contact ${c.count}, independent ${n}`);
    };
    hero.on('onPixelCollide', onEnter);
    rival.on('onPixelCollide', onEnter);

    await h.frames(2);
    const masks = checkMasks(scene);
    console.log(`loaded ${loaded.textures} textures, ${loaded.spriteFrames} sprite frames, ${loaded.skeletons} Spine skeleton data; knights' masks from '${hero.maskSource}'; sprite masks: ${masks.checked} colliders equal their PNG counts${masks.bad.length ? `; differ: ${masks.bad.join('; ')}` : ''}`);
    const shown = [...demo.crates, ...demo.coins].filter((c) => c.enabledInHierarchy).length;
    expect(masks.checked === shown && shown >= 5 && masks.bad.length === 0, `crate and coin masks equal to the PNGs (${masks.checked} of ${shown} shown)`);
    expect(skel(hero)!.animation === 'walk', `the hero plays walk (${skel(hero)!.animation})`);

    // Pixel Touch through the engine's input: a click (mouse events on the game canvas) on a solid
    // pixel of the hero and one on a transparent pixel inside its content box.
    const cam = scene.getComponentInChildren(Camera)!;
    const screen = new Vec3(), world = new Vec3(), local = new Vec3();
    const ui = hero.node.getComponent(UITransform)!;
    const clickWorld = (wx: number, wy: number) => {
        cam.camera.worldToScreen(screen, world.set(wx, wy, 0));
        if (h.native) {
            // (the native window's input, as the platform calls it: window pixels, y down; see pixel-touch.ts)
            const jsb = (globalThis as unknown as { jsb: { onMouseDown(e: object): void; onMouseUp(e: object): void } }).jsb;
            const e = { x: screen.x, y: h.height - screen.y, button: 0, windowId: cam.camera.systemWindowId };
            jsb.onMouseDown(e);
            jsb.onMouseUp(e);
            return;
        }
        const el = game.canvas as HTMLCanvasElement;
        const rect = el.getBoundingClientRect(), dpr = window.devicePixelRatio || 1;
        const init = { clientX: rect.x + screen.x / dpr, clientY: rect.y + rect.height - screen.y / dpr, button: 0, bubbles: true };
        el.dispatchEvent(new MouseEvent('mousedown', init));
        el.dispatchEvent(new MouseEvent('mouseup', init));
    };
    // points whose 7 x 7 px neighbourhood is all solid (or all clear) for the hero, inside its box and
    // clear of the other colliders
    const uniform = (x: number, y: number, solid: boolean) => {
        for (let dy = -3; dy <= 3; dy++) for (let dx = -3; dx <= 3; dx++) {
            p.x = x + dx; p.y = y + dy;
            if (PixelIntersection.opaqueAt(hero, p) !== solid) return false;
            for (const o of [rival, ...demo.crates, ...demo.coins]) if (o.enabledInHierarchy && PixelIntersection.opaqueAt(o, p)) return false;
            // inside the content box, which the engine's hit test checks first
            ui.convertToNodeSpaceAR(world.set(x + dx, y + dy, 0), local);
            const w = ui.contentSize.width, hh = ui.contentSize.height;
            if (local.x < -ui.anchorX * w || local.x > (1 - ui.anchorX) * w || local.y < -ui.anchorY * hh || local.y > (1 - ui.anchorY) * hh) return false;
        }
        return true;
    };
    const find = (solid: boolean): [number, number] | null => {
        const b = hero.node.worldPosition;
        for (let y = b.y + 4; y < b.y + 150; y += 3) for (let x = b.x - 90; x < b.x + 90; x += 3) if (uniform(x, y, solid)) return [x, y];
        return null;
    };
    let solidPt = find(true);
    const clearPt = find(false);
    expect(!!solidPt && !!clearPt, 'a solid and a transparent point of the hero inside its box');
    const jumps0 = demo.jumps, drops0 = demo.drops, heroY = hero.node.worldPosition.y;
    // (Natively the engine dispatches the window's input in its next frame: each click is counted
    // after that frame, and the solid point is found again after the first click's frame, the
    // hero having walked on.)
    if (clearPt) clickWorld(...clearPt);
    if (h.native) { await h.frame(); solidPt = find(true); }
    const afterClear = [demo.jumps - jumps0, demo.drops - drops0];
    if (solidPt) clickWorld(...solidPt);
    if (h.native) await h.frame();
    const afterSolid = [demo.jumps - jumps0, demo.drops - drops0];
    const ys: string[] = [];
    for (let f = 0; f < 6; f++) { await h.frame(); ys.push(hero.node.worldPosition.y.toFixed(1)); }
    console.log(`hero y after the click: ${ys.join(' ')} (jump speed ${demo.jumpSpeed})`);
    const rose = hero.node.worldPosition.y - heroY;
    console.log(`pixel touch: click on a transparent pixel of the hero at (${clearPt?.map((v) => v.toFixed(1))}) -> jumps ${afterClear[0]}, coins dropped ${afterClear[1]}; on a solid pixel at (${solidPt?.map((v) => v.toFixed(1))}) -> jumps ${afterSolid[0]}, dropped ${afterSolid[1]}; the hero rose ${rose.toFixed(1)} px`);
    expect(afterClear[0] === 0 && afterClear[1] === 1, 'a click on a transparent pixel goes through to the World (drops a coin)');
    expect(afterSolid[0] === 1 && afterSolid[1] === 1, 'a click on a solid pixel reaches the knight (it jumps)');
    expect(rose > 10, 'the knight jumps');

    // Play at least 8 s of game time and until every kind of contact has happened (the game runs on
    // real time: frames vary).
    const t0 = performance.now();
    let frames = 0, attacked = false, minGap = Infinity, time = 0;
    const limit = Number((globalThis as any).FRAMES ?? 1500);
    let strays = 0;
    while (frames < limit && !(kinds.crate > 0 && kinds.coin > 0 && kinds.knight > 0 && demo.knocks > 0 && time >= 8)) {
        await h.frame();
        frames++;
        time += game.deltaTime;
        if (skel(hero)!.animation === 'attack' || skel(rival)!.animation === 'attack') attacked = true;
        minGap = Math.min(minGap, Math.abs(hero.node.worldPosition.x - rival.node.worldPosition.x));
        for (const k of [hero, rival]) if (Math.abs(k.node.position.x) > demo.halfWidth || k.node.position.y < -190) strays++;
    }
    const secs = (performance.now() - t0) / 1000;
    const label = demo.scoreLabel!.string;
    console.log(`${frames} frames (${time.toFixed(1)} s of game time) in ${secs.toFixed(1)} s: knights' ENTER contacts with crates ${kinds.crate}, coins ${kinds.coin}, each other ${kinds.knight}; ${checked} contacts counted again independently, ${wrong.length} differ${wrong.length ? `: ${wrong.slice(0, 4).join('; ')}` : ''}; crates knocked ${demo.knocks}, coins hero ${demo.heroCoins} rival ${demo.rivalCoins}, meetings ${demo.clashes}; an attack played: ${attacked}; closest the knights came ${minGap.toFixed(1)} px; off the ground or the patrol ${strays} times; label "${label}"`);
    expect(kinds.crate > 0 && demo.knocks > 0, 'a knight touched a crate and knocked it');
    expect(kinds.coin > 0 && demo.heroCoins + demo.rivalCoins > 0, 'a knight touched a coin and collected it');
    expect(kinds.knight > 0 && demo.clashes > 0 && attacked, 'the two knights touched, met and struck');
    expect(checked > 3 && wrong.length === 0, 'contact counts equal the independent counts');
    expect(strays === 0, 'the knights keep to their patrol and the ground');
    expect(label.includes(`crates knocked ${demo.knocks}`), 'the label shows the counts');
    done(fails.length === 0, fails.length ? `failed: ${fails.join('; ')}` : `contacts: crates ${kinds.crate}, coins ${kinds.coin}, knights ${kinds.knight}; ${checked} counts equal; pixel touch through and on`);
}
