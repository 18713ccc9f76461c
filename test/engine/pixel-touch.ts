// Engine entry (run by hand: node ../shared/engine-harness/run.mjs test/engine/pixel-touch.ts).
// Pixel-exact touch through the engine's own hit test: for sprites rotated, flipped, scaled and
// showing atlas frames (one rotated in the atlas), UITransform.hitTest(screen point) with the real
// Canvas camera is true exactly over opaque texels when PixelCollider.pixelTouch is on, and the
// engine's box test when it is off. Screen points come from the camera (worldToScreen); the hit
// test is asked for the camera's window (`systemWindowId`: 0 on the web, 1 for the native main
// window), as the engine's input does. Then mouse input at an opaque and at a transparent point
// inside the box goes through the engine's input and node event processor to the node: browser
// mouse events on the game canvas on the web, the platform's mouse calls (`jsb.onMouseDown`) in
// the native engine. Runs in both harnesses.
import { EventMouse, game, NodeEventType, UITransform, Vec2, Vec3 } from 'cc';
import { PixelCollider } from 'db://pixel-collision/runtime/index';
import { Checks, makeFrame, makeSprite, makeTexture, solidAt, stage } from './lib';
import type { Placed } from './lib';

const alphaOf = (i: number, j: number) => (Math.hypot(i - 31.5, j - 31.5) > 31 || Math.hypot(i - 31.5, j - 31.5) < 9 || (i * 5 + j * 3) % 7 === 0 ? 0 : 255);
/** Deterministic pseudo-random numbers (mulberry32). */
function rng(seed: number): () => number {
    return () => { seed |= 0; seed = (seed + 0x6d2b79f5) | 0; let t = Math.imul(seed ^ (seed >>> 15), 1 | seed); t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t; return ((t ^ (t >>> 14)) >>> 0) / 4294967296; };
}

export default async function main(h: { width: number; height: number; native?: boolean; frames(n: number): Promise<void> }) {
    const { canvas, camera } = stage(h.width, h.height);
    const checks = new Checks();
    const native = !!(h as { native?: boolean }).native;
    const windowId = camera.camera.systemWindowId;
    const tex = makeTexture(64, 64, alphaOf);
    const frames = [
        { sf: makeFrame(tex), w: 64, h: 64, texel: (i: number, j: number): [number, number] => [i, j] },
        { sf: makeFrame(tex, [20, 10, 30, 20], true), w: 30, h: 20, texel: (i: number, j: number): [number, number] => [20 + 20 - 1 - j, 10 + i] },
        { sf: makeFrame(tex, [8, 30, 24, 30]), w: 24, h: 30, texel: (i: number, j: number): [number, number] => [8 + i, 30 + j] },
    ];
    const r = rng(9);
    const screen = new Vec3(), world = new Vec3();
    let agree = 0, opaqueHits = 0, holes = 0, boxOnly = 0;
    const cases: string[] = [];
    for (let n = 0; n < 9; n++) {
        const f = frames[n % 3];
        const P: Placed = { x: -300 + (n % 3) * 300 + r() * 10, y: -160 + Math.floor(n / 3) * 160 + r() * 10, angle: r() * 360, sx: (r() < 0.5 ? -1 : 1) * (1 + r()), sy: (r() < 0.5 ? -1 : 1) * (0.8 + r()), w: f.w, h: f.h, opaque: (i, j) => alphaOf(...f.texel(i, j)) > 0 };
        const s = makeSprite(`S${n}`, f.sf, canvas);
        s.node.setPosition(P.x, P.y, 0);
        s.node.setRotationFromEuler(0, 0, P.angle);
        s.node.setScale(P.sx, P.sy, 1);
        const col = s.node.addComponent(PixelCollider);
        await h.frames(1);
        const ui = s.node.getComponent(UITransform)!;
        const ext = Math.hypot(P.w * P.sx, P.h * P.sy) / 2;
        let caseAgree = 0, caseN = 0;
        for (let m = 0; m < 300; m++) {
            world.set(P.x + (r() * 2 - 1) * ext, P.y + (r() * 2 - 1) * ext, 0);
            camera.camera.worldToScreen(screen, world);
            const sp = new Vec2(screen.x, screen.y);
            camera.camera.screenToWorld(world, screen.set(sp.x, sp.y, 0)); // the world point the engine will test
            const want = solidAt(P, world.x, world.y);
            col.pixelTouch = false;
            const box = ui.hitTest(sp, windowId);
            col.pixelTouch = true;
            const got = ui.hitTest(sp, windowId);
            caseN++;
            if (got === want) { agree++; caseAgree++; } else checks.check(false, `S${n} at world (${world.x.toFixed(3)}, ${world.y.toFixed(3)}): hitTest ${got}, opaque texel ${want}`);
            if (got) opaqueHits++;
            if (box && !want) boxOnly++;
            if (!want) holes++;
            checks.check(!got || box, `S${n}: a pixel hit outside the engine's box`);
        }
        cases.push(`S${n} (frame ${n % 3}, angle ${P.angle.toFixed(0)}, scale ${P.sx.toFixed(2)} x ${P.sy.toFixed(2)}): ${caseAgree}/${caseN}`);
    }
    console.log(cases.join('\n'));
    console.log(`hitTest with pixelTouch: ${agree} points agree with the brute-force texel test; ${opaqueHits} hits; ${holes} transparent or outside, of which ${boxOnly} inside the box (the engine's own test hits those)`);
    checks.check(boxOnly > 100 && opaqueHits > 300, 'enough transparent-in-box and opaque points');

    // Through the engine's input: browser mouse events on the game canvas (what a click does) reach
    // the node only over an opaque texel; with pixelTouch off, over the hole too (the box test).
    const ringOf = (i: number, j: number) => (Math.hypot(i - 31.5, j - 31.5) > 31 || Math.hypot(i - 31.5, j - 31.5) < 9 ? 0 : 255);
    const target = makeSprite('Target', makeFrame(makeTexture(64, 64, ringOf)), canvas);
    target.node.setPosition(0, 0, 0);
    const tc = target.node.addComponent(PixelCollider);
    tc.pixelTouch = true;
    await h.frames(1);
    const got: string[] = [];
    const locs: string[] = [];
    target.node.on(NodeEventType.MOUSE_DOWN, (e: EventMouse) => { got.push('down'); locs.push(`(${e.getLocationX()}, ${e.getLocationY()})`); });
    const clickAt = async (wx: number, wy: number) => {
        camera.camera.worldToScreen(screen, world.set(wx, wy, 0));
        if (native) {
            // What the platform calls for a click in the native window (pal/input/native): window
            // pixels, y down, and the window's id.
            const jsb = (globalThis as unknown as { jsb: { onMouseDown(e: object): void; onMouseUp(e: object): void } }).jsb;
            const e = { x: screen.x, y: h.height - screen.y, button: 0, windowId };
            jsb.onMouseDown(e);
            jsb.onMouseUp(e);
        } else {
            const el = game.canvas as HTMLCanvasElement;
            const rect = el.getBoundingClientRect(), dpr = window.devicePixelRatio || 1;
            const init = { clientX: rect.x + screen.x / dpr, clientY: rect.y + rect.height - screen.y / dpr, button: 0, bubbles: true };
            el.dispatchEvent(new MouseEvent('mousedown', init));
            el.dispatchEvent(new MouseEvent('mouseup', init));
        }
        await h.frames(1);
    };
    const P0: Placed = { x: 0, y: 0, angle: 0, sx: 1, sy: 1, w: 64, h: 64, opaque: (i, j) => ringOf(i, j) > 0 };
    // points well inside a hole and a solid patch (the mouse location is in whole CSS pixels)
    const hole = [0.3, 0.4];
    let solid = [0, 0];
    for (let j = 2; j < 62 && !solid[0]; j++) for (let i = 2; i < 62; i++) {
        let all = true;
        for (let dj = -2; dj <= 2; dj++) for (let di = -2; di <= 2; di++) all = all && P0.opaque(i + di, j + dj);
        if (all) { solid = [i + 0.5 - 32, 32 - j - 0.5]; break; }
    }
    checks.check(!solidAt(P0, hole[0], hole[1]) && solidAt(P0, solid[0], solid[1]), 'the chosen points are a hole and a solid texel');
    await clickAt(hole[0], hole[1]);
    const afterHole = got.length;
    await clickAt(solid[0], solid[1]);
    const afterSolid = got.length;
    tc.pixelTouch = false;
    await clickAt(hole[0], hole[1]);
    const afterOff = got.length;
    console.log(`engine input (${native ? 'native mouse calls' : 'mouse events on the canvas'}): over the hole -> ${afterHole} MOUSE_DOWN; over an opaque texel -> ${afterSolid - afterHole}; over the hole with pixelTouch off -> ${afterOff - afterSolid}; solid point world (${solid[0]}, ${solid[1]}), engine locations ${locs.join(' ')}`);
    checks.check(afterHole === 0 && afterSolid === 1 && afterOff === 2, `mouse events: hole ${afterHole}, solid ${afterSolid - afterHole}, hole without pixelTouch ${afterOff - afterSolid}`);
    checks.finish('pixel-touch');
}
