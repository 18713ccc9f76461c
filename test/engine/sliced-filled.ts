// SLICED and FILLED sprites in the real engine, judged against its own drawing: a camera draws
// into a RenderTexture; for every pixel around each sprite, "drawn" (alpha read back > 0) must
// equal "solid" (CollisionSystem.queryPoint at the pixel's centre). A pixel whose centre lies
// within 0.02 px of an edge of the collider (an answer that changes 0.02 px away) is a tie the
// GPU's rasterization and the sampling definition may break differently: it is counted apart
// (the sprites' sizes make many texel edges fall on pixel centres on purpose).
// Sprites:
//  - a SIMPLE control (validates the readback orientation);
//  - SLICED: a 40 x 40 ring with insets L 8, T 6, R 10, B 12 over 150 x 70 (anchor 0.3 / 0.6),
//    over 14 x 50 (narrower than both borders: they shrink), rotated 30° and scaled (1.3, 0.8),
//    and a rotated atlas frame (bar) with insets;
//  - FILLED: horizontal 0.2 + 0.5, vertical 0.9 - 0.6, radial from 0.1 over 0.6 around (0.3, 0.7),
//    radial from 0.8 over -0.7 (clockwise, more than half a turn) rotated 20°, and a RAW radial
//    sprite of a trimmed frame (the rect stretched over the original size).
// Then a ring moves across the big SLICED sprite: each frame's contact count equals the count of
// pixels drawn by both (the sliced sprite's drawing read back, the ring's texels by brute force).
//
//   node ../shared/engine-harness/run.mjs test/engine/sliced-filled.ts       (from the project's root)
import { director, Director, Rect, Size, Sprite, SpriteFrame, UITransform, Vec2 } from 'cc';
import { CollisionSystem, PixelCollider, PixelIntersection } from 'db://pixel-collision/runtime/index';
import type { PixelContact } from 'db://pixel-collision/runtime/index';
import { barAlpha, Checks, makeFrame, makeSprite, makeTexture, ringAlpha, solidAt, drawingStage } from './lib';

const DUMP: string = (globalThis as any).DUMP ?? '';

export default async function main(h: any) {
    const W = h.width, H = h.height;
    const checks = new Checks();
    const { canvas, rt } = drawingStage(W, H);

    const ring = (i: number, j: number) => { const a = ringAlpha(40, 40)(i, j); return a ? Math.max(a, 60) : 0; };
    // a ring with a checker inside, so the stretched centre has texel edges to get right
    const ringChecker = (i: number, j: number) => ring(i, j) || (((i >> 2) + (j >> 2)) % 2 === 0 && i > 8 && i < 30 && j > 6 && j < 28 ? 200 : 0);
    const slicedFrame = makeFrame(makeTexture(40, 40, ringChecker));
    slicedFrame.insetLeft = 8; slicedFrame.insetTop = 6; slicedFrame.insetRight = 10; slicedFrame.insetBottom = 12;
    // bar stored rotated in a 40 x 32 atlas at (3, 2): displayed (i, j) is texture (3 + 30 - 1 - j, 2 + i)
    const bar = barAlpha(24, 30);
    const atlas = makeTexture(40, 32, (x, y) => { const j = 3 + 30 - 1 - x, i = y - 2; return x >= 3 && x < 33 && i >= 0 && i < 24 ? bar(i, j) : 0; });
    const barFrame = makeFrame(atlas, [3, 2, 24, 30], true);
    const barSliced = makeFrame(atlas, [3, 2, 24, 30], true);
    barSliced.insetLeft = 5; barSliced.insetRight = 5; barSliced.insetTop = 7; barSliced.insetBottom = 4;
    const fillFrame = makeFrame(makeTexture(40, 40, ringChecker));
    // a trimmed frame: rect (4, 4) 30 x 20 of a 40 x 32 original
    const trimTex = makeTexture(40, 32, (x, y) => ((x + y) % 3 ? 255 : 0));
    const trimmed = new SpriteFrame();
    trimmed.packable = false;
    trimmed.reset({ texture: trimTex, rect: new Rect(4, 4, 30, 20), originalSize: new Size(40, 32), offset: new Vec2(-1, 2), isRotate: false });

    const place = (name: string, frame: any, type: number, w: number, h2: number, x: number, y: number, o: { ax?: number; ay?: number; angle?: number; sx?: number; sy?: number; raw?: boolean; fill?: [number, number, number, number?, number?] } = {}) => {
        const s = makeSprite(name, frame, canvas);
        s.sprite.sizeMode = o.raw ? Sprite.SizeMode.RAW : Sprite.SizeMode.CUSTOM;
        s.sprite.type = type;
        if (o.fill) {
            s.sprite.fillType = o.fill[0];
            s.sprite.fillStart = o.fill[1];
            s.sprite.fillRange = o.fill[2];
            if (o.fill[3] !== undefined) s.sprite.fillCenter = new Vec2(o.fill[3], o.fill[4]!);
        }
        const ui = s.node.getComponent(UITransform)!;
        if (!o.raw) ui.setContentSize(w, h2);
        ui.setAnchorPoint(o.ax ?? 0.5, o.ay ?? 0.5);
        s.node.setPosition(x, y, 0);
        if (o.angle) s.node.angle = o.angle;
        if (o.sx) s.node.setScale(o.sx, o.sy ?? o.sx, 1);
        const c = s.node.addComponent(PixelCollider);
        const r = Math.hypot(ui.width, ui.height) * Math.max(1, o.sx ?? 1, o.sy ?? 1) / 2 + 3;
        return { ...s, c, x, y, r };
    };
    const F = Sprite.FillType;
    const simple = place('simple', barFrame, Sprite.Type.SIMPLE, 24, 30, -420, 220);
    const sprites = [
        place('sliced-big', slicedFrame, Sprite.Type.SLICED, 150, 70, -250, 150.25, { ax: 0.3, ay: 0.6 }),
        place('sliced-narrow', slicedFrame, Sprite.Type.SLICED, 14, 50, -80.25, 180.25),
        place('sliced-turned', slicedFrame, Sprite.Type.SLICED, 90, 45, 60, 160, { angle: 30, sx: 1.3, sy: 0.8 }),
        place('sliced-atlas', barSliced, Sprite.Type.SLICED, 70, 55, 230.25, 170.25),
        place('filled-h', fillFrame, Sprite.Type.FILLED, 100, 50, -330.1, -20.1, { fill: [F.HORIZONTAL, 0.2, 0.5] }),
        place('filled-v', fillFrame, Sprite.Type.FILLED, 60, 90, -180.1, -20.1, { fill: [F.VERTICAL, 0.9, -0.6] }),
        place('filled-radial', fillFrame, Sprite.Type.FILLED, 110, 80, -20.1, -20.1, { fill: [F.RADIAL, 0.1, 0.6, 0.3, 0.7] }),
        place('filled-radial-cw', fillFrame, Sprite.Type.FILLED, 90, 90, 150, -30, { fill: [F.RADIAL, 0.8, -0.7, 0.5, 0.5], angle: 20 }),
        place('filled-trimmed', trimmed, Sprite.Type.FILLED, 0, 0, 320.25, -30.25, { raw: true, fill: [F.RADIAL, 0.3, 0.55, 0.4, 0.4] }),
    ];
    await h.frames(4);

    const data = rt.readPixels(0, 0, W, H)!;
    const cw = canvas.worldPosition;
    const sys = CollisionSystem.instance;
    const out: PixelCollider[] = [];
    const solid = (c: PixelCollider, x: number, y: number) => { out.length = 0; sys.queryPoint(cw.x + x, cw.y + y, out); return out.includes(c); };
    const drawnAt = (x: number, y: number, flip: boolean) => {
        const px = x + W / 2, py = flip ? H / 2 - 1 - y : y + H / 2;
        return data[(py * W + px) * 4 + 3] > 0;
    };
    // readback row r is world y = cw.y + (r + 0.5 - H/2) (bottom row first) or its mirror: the control decides
    const compare = (s: { node: any; c: PixelCollider; x: number; y: number; r: number }, flip: boolean) => {
        let wrong = 0, ties = 0, pixels = 0, drawn = 0, line = '';
        for (let y = Math.floor(s.y - s.r); y < Math.ceil(s.y + s.r); y++) for (let x = Math.floor(s.x - s.r); x < Math.ceil(s.x + s.r); x++) {
            pixels++;
            const d = drawnAt(x, y, flip), sol = solid(s.c, x + 0.5, y + 0.5);
            if (DUMP === s.node.name) { line += d ? (sol ? '#' : 'D') : (sol ? 'S' : '.'); if (x === Math.ceil(s.x + s.r) - 1) { console.log(line); line = ''; } }
            if (d) drawn++;
            if (d === sol) continue;
            // (exact point tests: queryPoint answers for the whole cell)
            const e = 0.02, at = (dx: number, dy: number) => PixelIntersection.opaqueAt(s.c, { x: cw.x + x + 0.5 + dx, y: cw.y + y + 0.5 + dy });
            const edge = at(-e, 0) !== sol || at(e, 0) !== sol || at(0, -e) !== sol || at(0, e) !== sol;
            if (edge) ties++; else wrong++;
        }
        return { wrong, ties, pixels, drawn };
    };
    const flip = compare(simple, false).wrong !== 0;
    const ctl = compare(simple, flip);
    checks.check(ctl.wrong === 0 && ctl.ties === 0, `the SIMPLE control differs from the drawing in ${ctl.wrong} pixels (${ctl.ties} ties)`);
    let pixels = 0, ties = 0, drawnTotal = 0;
    const lines: string[] = [];
    for (const s of sprites) {
        const r = compare(s, flip);
        pixels += r.pixels; ties += r.ties; drawnTotal += r.drawn;
        lines.push(`${s.node.name}: ${r.drawn} drawn, ${r.ties} ties`);
        checks.check(r.wrong === 0, `${s.node.name}: ${r.wrong} pixels away from any edge where drawn and solid differ (${r.ties} ties)`);
        checks.check(r.drawn > 100, `${s.node.name}: only ${r.drawn} pixels drawn`);
        checks.check(r.ties <= r.pixels / 500, `${s.node.name}: ${r.ties} ties of ${r.pixels} pixels`);
        checks.check(s.c.maskSource === 'pixels', `${s.node.name}: mask source ${s.c.maskSource}`);
    }
    console.log(lines.join('\n'));

    // a ring moving across the big sliced sprite: the count equals the pixels drawn by both
    const big = sprites[0];
    const probe = makeSprite('probe', makeFrame(makeTexture(40, 40, ring)), canvas);
    const pc = probe.node.addComponent(PixelCollider);
    const counts = new Map<number, number>();
    pc.on('onPixelCollide', (_a: PixelCollider, b: PixelCollider, c: PixelContact) => { if (b === big.c) counts.set(director.getTotalFrames(), c.count); });
    pc.on('onPixelCollideStay', (_a: PixelCollider, b: PixelCollider, c: PixelContact) => { if (b === big.c) counts.set(director.getTotalFrames(), c.count); });
    let px = -360;
    const xs = new Map<number, number>();
    const move = () => { px += 9; probe.node.setPosition(px, 120, 0); xs.set(director.getTotalFrames(), px); };
    director.on(Director.EVENT_BEFORE_UPDATE, move);
    await h.frames(26);
    director.off(Director.EVENT_BEFORE_UPDATE, move);
    let touching = 0;
    for (const [f, x] of xs) {
        const placed = { x, y: 120, angle: 0, sx: 1, sy: 1, w: 40, h: 40, opaque: (i: number, j: number) => ring(i, j) > 0 };
        let want = 0;
        for (let y = 100; y < 141; y++) for (let X = x - 20; X < x + 21; X++) {
            if (solidAt(placed, X + 0.5, y + 0.5) && drawnAt(X, y, flip)) want++;
        }
        if (want) touching++;
        checks.check((counts.get(f) ?? 0) === want, `probe at x=${x}: count ${counts.get(f) ?? 0}, pixels drawn by both ${want}`);
    }
    checks.check(touching > 5, `the probe touched the sliced sprite in only ${touching} frames`);
    checks.finish(`readback ${flip ? 'top row first' : 'bottom row first'}; ${sprites.length} SLICED / FILLED sprites, ${pixels} pixels compared (${drawnTotal} drawn), 0 differ away from an edge, ${ties} ties on an edge; ${xs.size} frames of a moving probe (${touching} touching) equal to the drawing`);
}
