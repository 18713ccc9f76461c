// TILED sprites in the real engine, judged against its own drawing: a camera draws into a
// RenderTexture; for every pixel around each sprite, "drawn" (alpha read back > 0) must equal
// "solid" (CollisionSystem.queryPoint at the pixel's centre). Sprites:
//  - a SIMPLE control (its mapping is long proven: it validates the readback orientation);
//  - TILED, no insets: 40 x 40 ring frame over 150 x 70 (3.75 x 1.75 tiles: a cut column on the
//    right, a cut row at the top), anchors 0.3 / 0.6;
//  - TILED over 30 x 25 (smaller than one tile); TILED over a rotated atlas frame (bar, 24 x 30);
//  - TILED with a frame that has insets: the content box (the documented fallback).
// Then a ring moves through the big tiled sprite: event counts equal the brute-force count.
//
//   node ../shared/engine-harness/run.mjs test/engine/tiled.ts       (from the project's root)
import { director, Director, Sprite, UITransform } from 'cc';
import { CollisionSystem, PixelCollider } from 'db://pixel-collision/runtime/index';
import type { PixelContact } from 'db://pixel-collision/runtime/index';
import { barAlpha, bruteCount, Checks, makeFrame, makeSprite, makeTexture, ringAlpha, drawingStage } from './lib';

export default async function main(h: any) {
    const W = h.width, H = h.height;
    const checks = new Checks();
    const { canvas, rt } = drawingStage(W, H);

    const ring = (i: number, j: number) => { const a = ringAlpha(40, 40)(i, j); return a ? Math.max(a, 60) : 0; };
    const ringFrame = makeFrame(makeTexture(40, 40, ring));
    // bar stored rotated in a 40 x 32 atlas at (3, 2): displayed (i, j) is texture (3 + 30 - 1 - j, 2 + i)
    const bar = barAlpha(24, 30);
    const atlas = makeTexture(40, 32, (x, y) => { const j = 3 + 30 - 1 - x, i = y - 2; return x >= 3 && x < 33 && i >= 0 && i < 24 ? bar(i, j) : 0; });
    const barFrame = makeFrame(atlas, [3, 2, 24, 30], true);
    const insetFrame = makeFrame(makeTexture(40, 40, ring));
    insetFrame.insetLeft = 8; insetFrame.insetRight = 8;

    const place = (name: string, frame: any, type: number, w: number, h2: number, x: number, y: number, ax = 0.5, ay = 0.5) => {
        const s = makeSprite(name, frame, canvas);
        s.sprite.sizeMode = Sprite.SizeMode.CUSTOM;
        s.sprite.type = type;
        const ui = s.node.getComponent(UITransform)!;
        ui.setContentSize(w, h2);
        ui.setAnchorPoint(ax, ay);
        s.node.setPosition(x, y, 0);
        const c = s.node.addComponent(PixelCollider);
        return { ...s, c, w, h: h2, x, y, ax, ay };
    };
    const simple = place('simple', barFrame, Sprite.Type.SIMPLE, 24, 30, -300, 150);
    const big = place('tiled-big', ringFrame, Sprite.Type.TILED, 150, 70, -100, 100, 0.3, 0.6);
    // odd sizes centred: edges at k + 0.5 would put pixel centres exactly on texel edges (a tie
    // the GPU's rasterization rule and the sampling definition break differently): moved by 0.25
    const small = place('tiled-small', ringFrame, Sprite.Type.TILED, 30, 25, 150.25, 120.25);
    const rotated = place('tiled-rotated', barFrame, Sprite.Type.TILED, 90, 65, 300.25, 100.25, 0.5, 0.5);
    const inset = place('tiled-insets', insetFrame, Sprite.Type.TILED, 100, 50, -250, -150);
    await h.frames(4);

    const data = rt.readPixels(0, 0, W, H)!;
    const cw = canvas.worldPosition;
    const sys = CollisionSystem.instance;
    const out: PixelCollider[] = [];
    // readback row r is world y = cw.y + (r + 0.5 - H/2) (bottom row first) or its mirror: the control decides
    const compare = (s: typeof big, flip: boolean): number => {
        let wrong = 0, line = '';
        const x0 = Math.floor(s.x - s.ax * s.w) - 3, x1 = Math.ceil(s.x + (1 - s.ax) * s.w) + 3;
        const y0 = Math.floor(s.y - s.ay * s.h) - 3, y1 = Math.ceil(s.y + (1 - s.ay) * s.h) + 3;
        for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) {
            const px = x + W / 2, py = flip ? H / 2 - 1 - y : y + H / 2;
            const drawn = data[(py * W + px) * 4 + 3] > 0;
            out.length = 0;
            sys.queryPoint(cw.x + x + 0.5, cw.y + y + 0.5, out);
            if (drawn !== out.includes(s.c)) wrong++;
            if ((globalThis as any).DUMP === s.node.name) line += drawn ? (out.includes(s.c) ? '#' : 'D') : (out.includes(s.c) ? 'S' : '.');
            if ((globalThis as any).DUMP === s.node.name && x === x1 - 1) { console.log(line); line = ''; }
        }
        return wrong;
    };
    const flip = compare(simple, false) !== 0;
    checks.check(compare(simple, flip) === 0, `the SIMPLE control differs from the drawing in ${compare(simple, flip)} pixels either way up`);
    let pixels = 0;
    for (const s of [big, small, rotated]) {
        const wrong = compare(s, flip);
        pixels += s.w * s.h;
        checks.check(wrong === 0, `${s.node.name}: ${wrong} pixels where drawn and solid differ`);
    }
    checks.check(inset.c.maskSource === 'box', `a TILED sprite with insets: mask source ${inset.c.maskSource}, want the box fallback`);

    // a ring moving through the big tiled sprite: event counts = brute force
    const probe = makeSprite('probe', makeFrame(makeTexture(40, 40, ring)), canvas);
    const pc = probe.node.addComponent(PixelCollider);
    const counts = new Map<number, number>();
    pc.on('onPixelCollide', (_a: PixelCollider, _b: PixelCollider, c: PixelContact) => counts.set(director.getTotalFrames(), c.count));
    pc.on('onPixelCollideStay', (_a: PixelCollider, _b: PixelCollider, c: PixelContact) => counts.set(director.getTotalFrames(), c.count));
    let px = -200;
    const xs = new Map<number, number>();
    const move = () => { px += 7; probe.node.setPosition(px, 95, 0); xs.set(director.getTotalFrames(), px); };
    director.on(Director.EVENT_BEFORE_UPDATE, move);
    await h.frames(30);
    director.off(Director.EVENT_BEFORE_UPDATE, move);
    // the tiled picture: from the bottom-left corner, tile texel (X mod 40, row from the bottom Y mod 40)
    const left = big.x - big.ax * big.w, bottom = big.y - big.ay * big.h;
    const tiledPlaced = { x: left + big.w / 2, y: bottom + big.h / 2, angle: 0, sx: 1, sy: 1, w: big.w, h: big.h,
        opaque: (i: number, j: number) => ring(i % 40, 39 - ((big.h - 1 - j) % 40)) > 0 };
    let touching = 0;
    for (const [f, x] of xs) {
        const want = bruteCount(tiledPlaced, { x, y: 95, angle: 0, sx: 1, sy: 1, w: 40, h: 40, opaque: (i, j) => ring(i, j) > 0 });
        if (want) touching++;
        checks.check((counts.get(f) ?? 0) === want, `probe at x=${x}: count ${counts.get(f) ?? 0}, brute force ${want}`);
    }
    checks.finish(`readback ${flip ? 'top row first' : 'bottom row first'}; ${pixels} pixels of 3 TILED sprites equal to the engine's drawing; the insets one is a box; ${xs.size} frames of a moving probe (${touching} touching) equal to brute force`);
}
