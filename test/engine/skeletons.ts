// Spine and DragonBones characters in the real engine, judged against its own drawing: the test
// skeletons (scripts/gen-skeletons.mjs) play their animations under a camera that draws into a
// RenderTexture; on frames spread over the animations, for every pixel of each character's window,
// "drawn" (alpha read back > 0) must equal "solid" (PixelIntersection.opaqueAt at the pixel's
// centre, exact). A pixel whose answer changes within 0.07 px is a tie (the software rasterizer
// snaps vertices to 1/16 px) and is counted apart; so is a texel tie: a pixel whose centre maps
// within 0.02 texel of a texel edge (the GPU's float32 texture coordinates), or onto a faint
// texel (alpha 1 or 2, which a slot alpha below 1 rounds away in the 8-bit target). Characters:
//  - Spine, REALTIME, premultiplied alpha (the default), turned 17° and flipped vertically;
//  - Spine, SHARED_CACHE, skin "alt", flipped horizontally, premultiplied alpha off;
//  - Spine, REALTIME with tint (28-byte vertices), under a skewing parent (turned, scaled 1.3 x 0.8);
//  - DragonBones (child armature, mesh, additive and alpha-0 slots), premultiplied alpha off, turned -25°;
//  - DragonBones scaled (0.9, 1.1) and flipped horizontally, asked for SHARED_CACHE (the web engine
//    keeps an armature with child armatures in REALTIME; the native engine plays it from the cache);
//  - its child armature alone, turned, scaled and flipped, from SHARED_CACHE (a cached frame, web too).
// With premultiplied alpha off, Spine's material squares the texel's alpha in a RenderTexture
// (8-bit: alpha 11 becomes 0, alpha 12 becomes 1), so that Spine collider uses alphaThreshold 11:
// the texels drawn are then exactly the texels that collide (DragonBones keeps the alpha: 0).
// Each window's border must be empty (nothing cut off, no neighbour inside).
// Then a circle collider (it draws nothing) moves across the first character: on every frame its
// contact count equals the number of pixels that character drew inside the circle (between the
// count away from edges and the count with the ties).
//
//   HARNESS_HOME=<home built with HARNESS_SKELETONS=1> node ../shared/engine-harness/run.mjs test/engine/skeletons.ts --project .
import { director, Director, dragonBones, Layers, Mat4, Node, sp, UITransform, Vec3 } from 'cc';
import { PixelCollider, PixelIntersection, PixelShape } from 'db://pixel-collision/runtime/index';
import type { PixelContact } from 'db://pixel-collision/runtime/index';
import { Checks, drawingStage, makeFrame, makeSprite, makeTexture, barAlpha } from './lib';
import { loadDragonBones, loadSpineData, rgbaOf, uiNode } from './skeleton-lib';

/* eslint-disable @typescript-eslint/no-explicit-any */
const DUMP: string = (globalThis as any).DUMP ?? '';
const DIAG: boolean = (globalThis as any).DIAG === true;

interface Character { name: string; node: Node; c: PixelCollider; win: [number, number, number, number] }

export default async function main(h: any): Promise<void> {
    const W = h.width, H = h.height;
    const checks = new Checks();
    const { canvas, rt } = drawingStage(W, H);
    const sd = await loadSpineData();
    const { asset, atlas } = await loadDragonBones();

    const chars: Character[] = [];
    const collider = (node: Node, threshold: number) => {
        const c = node.addComponent(PixelCollider);
        c.alphaThreshold = threshold;
        return c;
    };
    // windows (canvas coordinates, [x0, y0, x1, y1]) hold each character whatever its pose
    const spine = (name: string, parent: Node, x: number, y: number, o: { angle?: number; sx?: number; sy?: number; cache?: boolean; skin?: string; pma?: boolean; tint?: boolean }, win: [number, number, number, number]) => {
        const node = uiNode(name, parent, x, y);
        if (o.angle) node.angle = o.angle;
        node.setScale(o.sx ?? 1, o.sy ?? 1, 1);
        const skel = node.addComponent(sp.Skeleton);
        if (o.cache) skel.setAnimationCacheMode(sp.AnimationCacheMode.SHARED_CACHE);
        if (o.tint) skel.useTint = true;
        skel.premultipliedAlpha = o.pma ?? true;
        skel.skeletonData = sd;
        if (o.skin) skel.setSkin(o.skin);
        skel.setAnimation(0, 'move', true);
        chars.push({ name, node, c: collider(node, o.pma === false ? 11 : 0), win });
    };
    const armature = (name: string, x: number, y: number, o: { angle?: number; sx?: number; sy?: number; cache?: boolean; armature?: string; anim?: string }, win: [number, number, number, number]) => {
        const node = uiNode(name, canvas, x, y);
        if (o.angle) node.angle = o.angle;
        node.setScale(o.sx ?? 1, o.sy ?? 1, 1);
        const display = node.addComponent(dragonBones.ArmatureDisplay);
        display.dragonAtlasAsset = atlas;
        display.dragonAsset = asset;
        display.armatureName = o.armature ?? 'main';
        // (Web: the inspector's cache mode property; setAnimationCacheMode before the component
        // loads is undone by its load, which takes that property. Native: that property's setter
        // reads the armature it does not have yet, and setAnimationCacheMode holds.)
        const shared = dragonBones.ArmatureDisplay.AnimationCacheMode.SHARED_CACHE;
        if (o.cache && h.native) display.setAnimationCacheMode(shared);
        else if (o.cache) (display as unknown as { _defaultCacheMode: number })._defaultCacheMode = shared;
        display.playAnimation(o.anim ?? 'move', 0);
        // (Native: the engine's C++ DragonBones leaves texels of alpha up to 11 at 0 in the
        // RenderTexture, as Spine with premultiplied alpha off does; measured in the native harness.)
        chars.push({ name, node, c: collider(node, h.native ? 11 : 0), win });
    };
    spine('spine-turned', canvas, -330.3, 60.2, { angle: 17, sy: -0.8, sx: 0.8 }, [-475, -120, -170, 90]);
    spine('spine-cached', canvas, 0.2, 100.3, { cache: true, skin: 'alt', sx: -0.8, sy: 0.8, pma: false }, [-160, 60, 160, 315]);
    const skewer = uiNode('skewer', canvas, 330.1, 100.2);
    skewer.angle = 30;
    skewer.setScale(1.0, 0.7, 1);
    const inner = uiNode('inner', skewer, 0, 0);
    inner.angle = -40;
    inner.setScale(0.8, 0.8, 1);
    spine('spine-tint-skewed', inner, 0, 0, { tint: true }, [170, -20, 479, 315]);
    armature('dragon-turned', -60.3, -200.2, { angle: -25, sx: 0.9, sy: 0.9 }, [-165, -319, 85, 50]);
    // (Asked for the shared cache: the web engine keeps an armature with child armatures in
    // REALTIME, the native one plays it from the cache.)
    armature('dragon-flipped', 250.2, -250.1, { sx: -0.9, sy: 1.1, cache: true }, [95, -319, 479, -30]);
    // The child armature alone (no child of its own), played from the shared cache on the web too.
    // (Web only: in the native harness this armature, built alone from the shared cache, draws
    // nothing at all; not traced.)
    if (!h.native) armature('dragon-pet-cached', -320.2, -222.3, { angle: 12, sx: 2.6, sy: -2.4, cache: true, armature: 'pet', anim: 'spin' }, [-475, -319, -170, -125]);

    // a SIMPLE sprite control decides the readback's row order
    const bar = barAlpha(24, 30);
    const control = makeSprite('control', makeFrame(makeTexture(24, 30, bar)), canvas);
    control.node.setPosition(-440, 280, 0);
    control.node.addComponent(PixelCollider);

    await h.frames(3);
    const cw = canvas.worldPosition;
    let data = rt.readPixels(0, 0, W, H)!;
    const drawnAt = (x: number, y: number, flip: boolean) => {
        const px = x + W / 2, py = flip ? H / 2 - 1 - y : y + H / 2;
        return data[(py * W + px) * 4 + 3] > 0;
    };
    const solid = (c: PixelCollider, x: number, y: number) => PixelIntersection.opaqueAt(c, { x: cw.x + x + 0.5, y: cw.y + y + 0.5 });
    const ctlC = control.node.getComponent(PixelCollider)!;
    const ctl = (flip: boolean) => {
        let wrong = 0;
        for (let y = 260; y < 300; y++) for (let x = -460; x < -420; x++) if (drawnAt(x, y, flip) !== solid(ctlC, x, y)) wrong++;
        return wrong;
    };
    const flip = ctl(false) !== 0;
    checks.check(ctl(flip) === 0, `the SIMPLE control differs from the drawing in ${ctl(flip)} pixels`);

    // A tie: the answer changes within TIE px (16 directions). The software rasterizer snaps vertices
    // to 1/16 px, so the drawing and the exact definition may part within that of an edge.
    const TIE: number = (globalThis as any).TIE ?? 0.07;
    const tieAt = (c: PixelCollider, x: number, y: number, s: boolean) => {
        for (let k = 0; k < 16; k++) {
            const a = k * Math.PI / 8;
            if (PixelIntersection.opaqueAt(c, { x: cw.x + x + 0.5 + TIE * Math.cos(a), y: cw.y + y + 0.5 + TIE * Math.sin(a) }) !== s) return true;
        }
        return false;
    };
    // A texel tie: under a drawn triangle, the pixel's centre lies within TEXEL_TIE texels of a texel
    // edge (the GPU interpolates texture coordinates in float32: measured here up to 0.009 texel
    // off our double-precision map, which magnified texels turn into 0.1-0.2 px), or on a faint
    // texel (alpha at most FAINT, which a slot's or tint's alpha below 1 rounds to 0 in the 8-bit
    // RenderTexture while the texel's own alpha collides). Counted with the ties and apart.
    const TEXEL_TIE: number = (globalThis as any).TEXEL_TIE ?? 0.02;
    const FAINT: number = (globalThis as any).FAINT ?? 2;
    let texelTies = 0;
    const texelTie = (ch: Character, x: number, y: number): boolean => {
        let tie = false;
        trianglesUnder(ch, x, y, 0, (_t, u, v, pg) => {
            const a = pg.a[(Math.floor(v) * pg.w + Math.floor(u)) * 4 + 3];
            if (Math.abs(u - Math.round(u)) <= TEXEL_TIE || Math.abs(v - Math.round(v)) <= TEXEL_TIE || (a > 0 && a <= FAINT)) tie = true;
        });
        return tie;
    };
    // The drawn triangles under pixel (x, y)'s centre (barycentrics down to -slack), with the texel
    // coordinate there on their page: visit(t, u, v, page, barycentrics, corners, node-space centre).
    const trianglesUnder = (ch: Character, x: number, y: number, slack: number,
        visit: (t: number, u: number, v: number, pg: { w: number; h: number; a: Uint8ClampedArray }, l: number[], c: number[], p: Vec3) => void) => {
        const drawn = (ch.c as any)._skel.drawn;
        const inv = new Mat4();
        Mat4.invert(inv, ch.node.worldMatrix);
        const p = new Vec3(cw.x + x + 0.5, cw.y + y + 0.5, 0);
        Vec3.transformMat4(p, p, inv);
        for (let t = 0; t < drawn.n; t++) {
            const o = 6 * t, xy = drawn.xy, uv = drawn.uv;
            const [x0, y0, x1, y1, x2, y2] = [xy[o], xy[o + 1], xy[o + 2], xy[o + 3], xy[o + 4], xy[o + 5]];
            const area = (x1 - x0) * (y2 - y0) - (x2 - x0) * (y1 - y0);
            const l1 = ((p.x - x0) * (y2 - y0) - (x2 - x0) * (p.y - y0)) / area;
            const l2 = ((x1 - x0) * (p.y - y0) - (p.x - x0) * (y1 - y0)) / area;
            const l0 = 1 - l1 - l2;
            if (!(Math.min(l0, l1, l2) >= -slack)) continue;
            const pg = pageAlpha(drawn.textures[drawn.tex[t]]);
            const u = (l0 * uv[o] + l1 * uv[o + 2] + l2 * uv[o + 4]) * pg.w, v = (l0 * uv[o + 1] + l1 * uv[o + 3] + l2 * uv[o + 5]) * pg.h;
            visit(t, u, v, pg, [l0, l1, l2], [x0, y0, x1, y1, x2, y2], p);
        }
    };
    const judge = (ch: Character, frame: number) => {
        let wrong = 0, ties = 0, drawn = 0, border = 0, pixels = 0, line = '';
        const [x0, y0, x1, y1] = ch.win;
        for (let y = y1 - 1; y >= y0; y--) for (let x = x0; x < x1; x++) {
            pixels++;
            const d = drawnAt(x, y, flip), s = solid(ch.c, x, y);
            if (DUMP === ch.name && frame === 0) { line += d ? (s ? '#' : 'D') : (s ? 'S' : '.'); if (x === x1 - 1) { console.log(line); line = ''; } }
            if (d) { drawn++; if (x === x0 || y === y0 || x === x1 - 1 || y === y1 - 1) border++; }
            if (d === s) continue;
            const at = (dx: number, dy: number) => PixelIntersection.opaqueAt(ch.c, { x: cw.x + x + 0.5 + dx, y: cw.y + y + 0.5 + dy });
            if (tieAt(ch.c, x, y, s)) ties++;
            else if (texelTie(ch, x, y)) { ties++; texelTies++; }
            else {
                wrong++;
                if (wrong <= 3) {
                    // how far the answer is from changing (for the note)
                    let near = -1;
                    for (let r = 0.02; r <= 0.5 && near < 0; r += 0.01) for (let k = 0; k < 16; k++) if (at(r * Math.cos(k * Math.PI / 8), r * Math.sin(k * Math.PI / 8)) !== s) { near = r; break; }
                    console.log(`${ch.name} frame ${frame}: pixel (${x}, ${y}) drawn ${d}, solid ${s}; the answer changes ${near < 0 ? 'nowhere within 0.5' : `${near.toFixed(2)}`} px away`);
                    if (DIAG) diagnose(ch, x, y);
                }
            }
        }
        return { wrong, ties, drawn, border, pixels };
    };
    // DIAG=true: for a pixel that differs, the drawn triangles under its centre (node space), the
    // distance to their edges in px, the texel coordinate there and the alpha of the texels around it.
    const alphaOf = new Map<unknown, { w: number; h: number; a: Uint8ClampedArray }>();
    const pageAlpha = (tex: any) => {
        let p = alphaOf.get(tex);
        if (!p) {
            const { rgba, w, h: hh } = rgbaOf(tex);
            p = { w, h: hh, a: new Uint8ClampedArray(rgba.buffer) };
            alphaOf.set(tex, p);
        }
        return p;
    };
    const diagnose = (ch: Character, x: number, y: number) => {
        const w = ch.node.worldMatrix;
        const pxPerUnit = Math.sqrt(Math.abs(w.m00 * w.m05 - w.m01 * w.m04));
        trianglesUnder(ch, x, y, 0.2, (t, s, v, pg, [l0, l1, l2], [x0, y0, x1, y1, x2, y2], p) => {
            const area = (x1 - x0) * (y2 - y0) - (x2 - x0) * (y1 - y0);
            const edge = (ax: number, ay: number, bx: number, by: number) => Math.abs((bx - ax) * (p.y - ay) - (by - ay) * (p.x - ax)) / Math.hypot(bx - ax, by - ay) * pxPerUnit;
            const i = Math.floor(s), j = Math.floor(v);
            const al = (di: number, dj: number) => pg.a[((j + dj) * pg.w + i + di) * 4 + 3];
            const sides = [edge(x0, y0, x1, y1), edge(x1, y1, x2, y2), edge(x2, y2, x0, y0)].map((e) => e.toFixed(3)).join('/');
            const lens = [Math.hypot(x1 - x0, y1 - y0), Math.hypot(x2 - x1, y2 - y1), Math.hypot(x0 - x2, y0 - y2)].map((e) => (e * pxPerUnit).toFixed(1)).join('/');
            console.log(`  DIAG tri ${t} bary ${[l0, l1, l2].map((e) => e.toFixed(4)).join(',')} inside ${Math.min(l0, l1, l2) >= 0}; px to edges ${sides}; edge lengths ${lens} px; area ${(Math.abs(area) / 2 * pxPerUnit * pxPerUnit).toFixed(2)} px²; texel (${s.toFixed(3)}, ${v.toFixed(3)}) alpha ${al(0, 0)} [L ${al(-1, 0)} R ${al(1, 0)} U ${al(0, -1)} D ${al(0, 1)}]`);
        });
    };
    const totals = new Map<string, { wrong: number; ties: number; drawn: number; pixels: number }>();
    const FRAMES = 10;
    for (let f = 0; f < FRAMES; f++) {
        if (f > 0) { await h.frames(5); data = rt.readPixels(0, 0, W, H)!; }
        for (const ch of chars) {
            const r = judge(ch, f);
            const t = totals.get(ch.name) ?? { wrong: 0, ties: 0, drawn: 0, pixels: 0 };
            t.wrong += r.wrong; t.ties += r.ties; t.drawn += r.drawn; t.pixels += r.pixels;
            totals.set(ch.name, t);
            checks.check(r.border === 0, `${ch.name} frame ${f}: ${r.border} drawn pixels on its window's border`);
            checks.check(r.drawn > 1000, `${ch.name} frame ${f}: only ${r.drawn} pixels drawn`);
        }
    }
    const lines: string[] = [];
    let pixels = 0, drawnAll = 0, tiesAll = 0, wrongAll = 0;
    for (const ch of chars) {
        const t = totals.get(ch.name)!;
        pixels += t.pixels; drawnAll += t.drawn; tiesAll += t.ties; wrongAll += t.wrong;
        lines.push(`${ch.name}: ${t.drawn} drawn over ${FRAMES} frames, ${t.wrong} differ away from an edge, ${t.ties} ties; mask source ${ch.c.maskSource}`);
        checks.check(t.wrong === 0, `${ch.name}: ${t.wrong} pixels away from any edge where drawn and solid differ (${t.ties} ties)`);
        checks.check(t.ties <= t.drawn / 200, `${ch.name}: ${t.ties} ties of ${t.drawn} drawn pixels`);
        // (native: the image's pixels are released once uploaded, so the page is read back once)
        checks.check(ch.c.maskSource === (h.native ? 'readback' : 'pixels'), `${ch.name}: mask source ${ch.c.maskSource}`);
    }
    console.log(lines.join('\n'));

    // a circle (no drawing) across the first character: its count is the pixels drawn inside it
    const first = chars[0];
    const probe = uiNode('probe', canvas, 0, 0);
    probe.layer = Layers.Enum.DEFAULT;
    const pc = probe.addComponent(PixelCollider);
    pc.shape = PixelShape.CIRCLE;
    pc.radius = 30.3;
    const counts = new Map<number, number>();
    const record = (_a: PixelCollider, b: PixelCollider, c: PixelContact) => { if (b === first.c) counts.set(director.getTotalFrames(), c.count); };
    pc.on('onPixelCollide', record);
    pc.on('onPixelCollideStay', record);
    let px = -480.37;
    const PY = -20.41, R = 30.3;
    const xs = new Map<number, number>();
    // At the end of each frame (its drawing read back, the collider still in that frame's pose): the
    // pixels drawn inside the circle, those away from an edge (lo) and with the ties (hi).
    const wants = new Map<number, [number, number]>();
    const move = () => { px += 7; probe.setPosition(px, PY, 0); xs.set(director.getTotalFrames(), px); };
    const read = () => {
        data = rt.readPixels(0, 0, W, H)!;
        let lo = 0, hi = 0;
        const [x0, y0, x1, y1] = first.win;
        for (let y = y0; y < y1; y++) for (let X = x0; X < x1; X++) {
            if (Math.hypot(X + 0.5 - px, y + 0.5 - PY) > R) continue;
            const d = drawnAt(X, y, flip);
            const t = tieAt(first.c, X, y, solid(first.c, X, y));
            if (d && !t) lo++;
            if (d || t) hi++;
        }
        wants.set(director.getTotalFrames(), [lo, hi]);
    };
    director.on(Director.EVENT_BEFORE_UPDATE, move);
    director.on(Director.EVENT_END_FRAME, read);
    await h.frames(36);
    director.off(Director.EVENT_BEFORE_UPDATE, move);
    director.off(Director.EVENT_END_FRAME, read);
    let touching = 0, framesJudged = 0, exactFrames = 0;
    for (const [f, x] of xs) {
        const w = wants.get(f);
        if (!w) continue;
        framesJudged++;
        const n = counts.get(f) ?? 0;
        if (w[1] > 0) touching++;
        if (n === w[0] && n === w[1]) exactFrames++;
        checks.check(n >= w[0] && n <= w[1], `probe at x=${x.toFixed(2)} (frame ${f}): count ${n}, pixels drawn inside it ${w[0]} (${w[1]} with the ties)`);
    }
    checks.check(framesJudged > 30, `only ${framesJudged} frames judged`);
    checks.check(touching > 8, `the probe touched the character in only ${touching} frames`);
    checks.finish(`readback ${flip ? 'top row first' : 'bottom row first'}; ${chars.length} characters over ${FRAMES} frames, ${pixels} pixels compared (${drawnAll} drawn), ${wrongAll} differ away from an edge, ${tiesAll} ties (${texelTies} of them texel ties); a circle across an animated character on ${framesJudged} frames (${touching} touching, ${exactFrames} with no tie): count = pixels drawn inside it`);
}
