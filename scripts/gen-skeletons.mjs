#!/usr/bin/env node
/**
 * Writes the TEST skeletons of test/fixtures/skeletons/: a Spine 3.8 skeleton and a DragonBones 5.5
 * armature, each with its atlas page, for the pixel-exact collision tests of Spine and DragonBones
 * characters (and the engine entry test/engine/skeleton-assets.ts, which checks that Cocos Creator
 * 3.8's own runtimes read them). All art is drawn here: no third-party art.
 *
 *     node scripts/gen-skeletons.mjs
 *
 * Written:
 *   spine-test.json, spine-test.atlas, spine-test.png   Spine 3.8 ("spine": "3.8.99"), libGDX atlas text
 *                                                       format, one page, filter Nearest,Nearest
 *   db-test_ske.json, db-test_tex.json, db-test_tex.png DragonBones 5.5 (the JSON the DragonBones JS
 *                                                       runtime `@cocos/dragonbones-js` reads)
 *
 * What they hold (the reason each part exists is a case a collision test must get right):
 *   Spine: region attachments (one stored rotated in the atlas, one with non-unit scale and a rotation,
 *   one stripped of whitespace: orig/offset), an unweighted mesh whose uvs are not a rectangle, a
 *   weighted mesh (two bones) with a deform timeline, a clipping polygon cutting one region (`end`
 *   slot), an additive slot, a slot of alpha 0, an attachment timeline swapping a region, a second
 *   skin `alt` replacing one attachment, and the looping 1 s animation `move` that rotates,
 *   translates and scales bones so the pose changes every frame.
 *   DragonBones: armature `main` with image displays, a mesh display (with a deform "ffd" timeline),
 *   a slot of alpha 0, an additive slot, a display switch, the animation `move`, and a child
 *   armature `pet` (its own looping animation `spin`) shown by a slot.
 *
 * Art: every region is drawn from a seeded PRNG (mulberry32): fully transparent margins, jagged
 * edges, holes, isolated opaque texels and partly transparent texels (alpha 1..254), so that an
 * exactness test can tell one texel from its neighbour; regions differ in shape and colour. Atlas
 * regions are at least 2 transparent texels apart. Texels of alpha 0 have RGB 0. The Spine page is
 * premultiplied (Spine's exporter default, and `sp.Skeleton.premultipliedAlpha` defaults to true);
 * the DragonBones page is straight alpha (`ArmatureDisplay.premultipliedAlpha` defaults to false).
 *
 * Deterministic: same bytes on every run (no clock, no Math.random; numbers rounded before writing).
 * The output is committed; run this again only to change the skeletons.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PNG } from 'pngjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const OUT = join(root, 'test', 'fixtures', 'skeletons');

// ------------------------------------------------------------------ helpers

/** mulberry32: a tiny seeded PRNG, floats in [0, 1). */
function mulberry32(seed) {
    let a = seed >>> 0;
    return () => {
        a = (a + 0x6d2b79f5) >>> 0;
        let t = a;
        t = Math.imul(t ^ (t >>> 15), t | 1);
        t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
        return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
}

/** A number rounded to `d` decimals, never -0. */
function r(v, d = 2) {
    const s = Math.round(v * 10 ** d) / 10 ** d;
    return Object.is(s, -0) ? 0 : s;
}

/** JSON with 2-space indent; arrays of numbers or strings stay on one line. */
function toJson(value) {
    const out = (v, ind) => {
        if (Array.isArray(v)) {
            if (v.every((x) => typeof x !== 'object' || x === null)) return `[${v.map((x) => JSON.stringify(x)).join(', ')}]`;
            if (v.length === 0) return '[]';
            const pad = ' '.repeat(ind + 2);
            return `[\n${v.map((x) => pad + out(x, ind + 2)).join(',\n')}\n${' '.repeat(ind)}]`;
        }
        if (v && typeof v === 'object') {
            const keys = Object.keys(v);
            if (keys.length === 0) return '{}';
            const pad = ' '.repeat(ind + 2);
            return `{\n${keys.map((k) => `${pad}${JSON.stringify(k)}: ${out(v[k], ind + 2)}`).join(',\n')}\n${' '.repeat(ind)}}`;
        }
        return JSON.stringify(v);
    };
    return `${out(value, 0)}\n`;
}

const deg = Math.PI / 180;

// ------------------------------------------------------------------ art

/** Shapes over normalized coordinates (nx right, ny down, both 0..1): true/false or a coverage 0..1. */
const SHAPES = {
    ellipse: (x, y) => (x - 0.5) ** 2 + (y - 0.5) ** 2 <= 0.25,
    roundRect: (x, y) => (2 * x - 1) ** 4 + (2 * y - 1) ** 4 <= 1,
    capsule: (x, y) => { const k = 0.7, dy = Math.max(0, Math.abs(2 * y - 1) - k) / (1 - k); return (2 * x - 1) ** 2 + dy ** 2 <= 1; },
    trapezoid: (x, y) => Math.abs(x - 0.5) <= 0.5 * (0.55 + 0.45 * (1 - y)),
    diamond: (x, y) => Math.abs(2 * x - 1) + Math.abs(2 * y - 1) <= 1,
    shield: (x, y) => (y < 0.45 ? Math.abs(x - 0.5) <= 0.5 : Math.abs(x - 0.5) <= 0.5 * (1 - y) / 0.55),
    triangle: (x, y) => Math.abs(x - 0.5) <= 0.5 * y,
    crown: (x, y) => y >= 0.42 || Math.abs(((x * 4) % 1) - 0.5) <= 0.5 * (y / 0.42) - 0.05,
    ring: (x, y) => { const d = Math.hypot(x - 0.5, y - 0.5); return d <= 0.5 && d >= 0.27; },
    glow: (x, y) => { const d = Math.hypot(x - 0.5, y - 0.5) / 0.5; return d >= 1 ? 0 : (1 - d) ** 1.4; },
    blob: (x, y) => { const dx = x - 0.5, dy = y - 0.5; return Math.hypot(dx, dy) <= 0.5 * (0.84 + 0.16 * Math.sin(5 * Math.atan2(dy, dx))); },
    taper: (x, y) => Math.abs(x - 0.5) <= 0.5 * (1 - 0.72 * y),
    face: (x, y) => SHAPES.ellipse(x, y) && Math.hypot(x - 0.33, y - 0.4) > 0.08 && Math.hypot(x - 0.67, y - 0.4) > 0.08,
    hexagon: (x, y) => { const dx = Math.abs(x - 0.5), dy = Math.abs(y - 0.5); return dy <= 0.5 && dx <= 0.5 - dy * 0.5; },
    club: (x, y) => Math.hypot((x - 0.5) * 1.4, (y - 0.16) * 3.2) <= 0.5 || (y > 0.16 && Math.abs(x - 0.5) <= 0.3 - 0.14 * y),
    blade: (x, y) => { const dx = Math.abs(x - 0.5), dy = Math.abs(y - 0.5); return dy <= 0.5 * (0.35 + 0.65 * (dx / 0.5)) && (dx > 0.04 || dy < 0.3); },
};

/**
 * Draws one w x h region (straight alpha RGBA, row 0 at the top): transparent margins of 1..3 texels,
 * the shape with jagged rows and columns, holes, a soft patch, soft edge texels and isolated texels.
 */
function paint(w, h, seed, shapeName, rgb) {
    const rnd = mulberry32(seed);
    const int = (n) => Math.floor(rnd() * n);
    const shape = SHAPES[shapeName];
    const a = new Uint8Array(w * h);
    const mL = 1 + int(3), mR = 1 + int(3), mT = 1 + int(3), mB = 1 + int(3);
    const iw = w - mL - mR, ih = h - mT - mB;
    const jx = Array.from({ length: h }, () => int(3) - 1);
    const jy = Array.from({ length: w }, () => int(3) - 1);
    const inside = (x, y) => x >= mL && y >= mT && x < w - mR && y < h - mB;
    for (let y = mT; y < h - mB; y++) {
        for (let x = mL; x < w - mR; x++) {
            const v = shape((x + 0.5 - mL + jx[y] * 0.9) / iw, (y + 0.5 - mT + jy[x] * 0.9) / ih);
            const c = v === true ? 1 : v === false ? 0 : v;
            a[y * w + x] = c <= 0 ? 0 : c >= 1 ? 255 : Math.max(1, Math.min(254, Math.round(c * 255)));
        }
    }
    // holes: single texels and small discs
    const holes = 2 + int(4);
    for (let k = 0; k < holes; k++) {
        const cx = mL + int(iw), cy = mT + int(ih), rad = [0, 0.8, 1.2, 1.7][int(4)];
        for (let y = cy - 2; y <= cy + 2; y++) for (let x = cx - 2; x <= cx + 2; x++) {
            if (inside(x, y) && Math.hypot(x - cx, y - cy) <= rad) a[y * w + x] = 0;
        }
    }
    // a soft patch inside the shape
    {
        const cx = mL + int(Math.max(1, iw - 3)), cy = mT + int(Math.max(1, ih - 2));
        for (let y = cy; y < cy + 2; y++) for (let x = cx; x < cx + 3; x++) {
            if (inside(x, y) && a[y * w + x] > 0) a[y * w + x] = 1 + int(254);
        }
    }
    // soft edge texels: opaque texels with a transparent 4-neighbour
    const edge = [];
    for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) {
        if (a[y * w + x] !== 255) continue;
        const n = [[1, 0], [-1, 0], [0, 1], [0, -1]].some(([dx, dy]) => {
            const X = x + dx, Y = y + dy;
            return X < 0 || Y < 0 || X >= w || Y >= h || a[Y * w + X] === 0;
        });
        if (n) edge.push(y * w + x);
    }
    for (const k of edge) if (rnd() < 0.4) a[k] = 1 + int(254);
    // isolated texels (all 8 neighbours transparent), inside the margins
    const lonely = 3 + int(4);
    for (let k = 0, tries = 0; k < lonely && tries < 400; tries++) {
        const x = mL + int(iw), y = mT + int(ih);
        let free = true;
        for (let dy = -1; dy <= 1 && free; dy++) for (let dx = -1; dx <= 1; dx++) {
            const X = x + dx, Y = y + dy;
            if (X >= 0 && Y >= 0 && X < w && Y < h && a[Y * w + X] !== 0) { free = false; break; }
        }
        if (!free) continue;
        a[y * w + x] = k === 0 ? 1 + int(254) : 255;
        k++;
    }
    // colour: stripes and noise over the base colour; RGB 0 where alpha is 0
    const px = new Uint8Array(w * h * 4);
    const period = 4 + int(5), slope = 1 + int(3);
    for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) {
        const k = y * w + x;
        if (a[k] === 0) continue;
        const f = ((x + slope * y) % period < period / 2 ? 1 : 0.78) * (0.9 + 0.1 * rnd());
        px[k * 4] = Math.round(rgb[0] * f);
        px[k * 4 + 1] = Math.round(rgb[1] * f);
        px[k * 4 + 2] = Math.round(rgb[2] * f);
        px[k * 4 + 3] = a[k];
    }
    return px;
}

/**
 * Packs regions on shelves (sorted by footprint height, then name), `pad` transparent texels
 * between regions and from the page's edges; the smallest power-of-two page (width first) that
 * holds them, up to 256 x 256. A rotated region's footprint is its height x its width.
 */
function pack(regions, pad = 2) {
    const items = regions.map((g) => ({ g, fw: g.rotate ? g.h : g.w, fh: g.rotate ? g.w : g.h }));
    items.sort((p, q) => q.fh - p.fh || (p.g.name < q.g.name ? -1 : 1));
    for (const [W, H] of [[64, 64], [128, 64], [128, 128], [256, 128], [256, 256]]) {
        let x = pad, y = pad, shelf = 0, ok = true;
        for (const it of items) {
            if (x + it.fw + pad > W) { x = pad; y += shelf + pad; shelf = 0; }
            if (y + it.fh + pad > H || x + it.fw + pad > W) { ok = false; break; }
            it.x = x; it.y = y;
            x += it.fw + pad;
            shelf = Math.max(shelf, it.fh);
        }
        if (ok) return { W, H, items };
    }
    throw new Error('regions do not fit a 256 x 256 page');
}

/** The page: each region's pixels at its place (a rotated one turned 90° counter-clockwise, as Spine stores it). */
function drawPage({ W, H, items }, premultiply) {
    const png = new PNG({ width: W, height: H });
    png.data.fill(0);
    for (const { g, x: X, y: Y } of items) {
        const src = paint(g.w, g.h, g.seed, g.shape, g.rgb);
        for (let iy = 0; iy < g.h; iy++) for (let ix = 0; ix < g.w; ix++) {
            // image texel (ix, iy) -> page texel; rotated: column ix goes to row w-1-ix, row iy to column iy
            const px = g.rotate ? X + iy : X + ix;
            const py = g.rotate ? Y + (g.w - 1 - ix) : Y + iy;
            const s = (iy * g.w + ix) * 4, d = (py * W + px) * 4;
            const al = src[s + 3];
            for (let c = 0; c < 3; c++) png.data[d + c] = premultiply ? Math.round(src[s + c] * al / 255) : src[s + c];
            png.data[d + 3] = al;
        }
    }
    return PNG.sync.write(png, { colorType: 6, inputColorType: 6, deflateLevel: 9 });
}

// ------------------------------------------------------------------ Spine 3.8

const SP_REGIONS = [
    { name: 'arm', w: 16, h: 56, shape: 'club', rgb: [214, 150, 96], seed: 11, rotate: true },
    { name: 'body', w: 48, h: 76, shape: 'roundRect', rgb: [70, 120, 200], seed: 12 },
    { name: 'cape', w: 44, h: 64, shape: 'blob', rgb: [160, 40, 60], seed: 13 },
    { name: 'gem', w: 28, h: 28, shape: 'diamond', rgb: [60, 220, 200], seed: 14 },
    { name: 'ghost', w: 26, h: 26, shape: 'ring', rgb: [230, 230, 255], seed: 15 },
    { name: 'glow', w: 36, h: 36, shape: 'glow', rgb: [255, 220, 120], seed: 16 },
    { name: 'hat', w: 40, h: 26, shape: 'triangle', rgb: [90, 60, 140], seed: 17 },
    { name: 'hat2', w: 36, h: 30, shape: 'crown', rgb: [240, 190, 30], seed: 18 },
    // stripped of whitespace: the stored 40 x 40 texels sit in an original 44 x 46 image
    { name: 'head', w: 40, h: 40, shape: 'face', rgb: [236, 188, 150], seed: 19, orig: [44, 46], offset: [2, 3] },
    { name: 'head-alt', w: 40, h: 48, shape: 'hexagon', rgb: [120, 200, 90], seed: 20 },
    { name: 'leg', w: 18, h: 58, shape: 'trapezoid', rgb: [60, 70, 90], seed: 21 },
    { name: 'shield', w: 30, h: 36, shape: 'shield', rgb: [180, 180, 190], seed: 22 },
    { name: 'tail', w: 22, h: 66, shape: 'taper', rgb: [110, 160, 60], seed: 23 },
];

function spineAtlas(page) {
    const byName = [...page.items].sort((p, q) => (p.g.name < q.g.name ? -1 : 1));
    const lines = ['', 'spine-test.png', `size: ${page.W},${page.H}`, 'format: RGBA8888', 'filter: Nearest,Nearest', 'repeat: none'];
    for (const { g, x, y } of byName) {
        const orig = g.orig ?? [g.w, g.h], off = g.offset ?? [0, 0];
        lines.push(g.name, `  rotate: ${g.rotate ? 'true' : 'false'}`, `  xy: ${x}, ${y}`, `  size: ${g.w}, ${g.h}`,
            `  orig: ${orig[0]}, ${orig[1]}`, `  offset: ${off[0]}, ${off[1]}`, '  index: -1');
    }
    return `${lines.join('\n')}\n`;
}

/** Setup-pose world transforms of Spine bones (transform mode normal, no shear). */
function spineWorld(bones) {
    const m = {};
    for (const b of bones) {
        const rot = (b.rotation ?? 0) * deg, sx = b.scaleX ?? 1, sy = b.scaleY ?? 1, x = b.x ?? 0, y = b.y ?? 0;
        const la = Math.cos(rot) * sx, lb = -Math.sin(rot) * sy, lc = Math.sin(rot) * sx, ld = Math.cos(rot) * sy;
        const p = b.parent ? m[b.parent] : null;
        m[b.name] = p
            ? { a: p.a * la + p.b * lc, b: p.a * lb + p.b * ld, c: p.c * la + p.d * lc, d: p.c * lb + p.d * ld, x: p.a * x + p.b * y + p.x, y: p.c * x + p.d * y + p.y }
            : { a: la, b: lb, c: lc, d: ld, x, y };
    }
    return m;
}
const apply = (M, x, y) => [M.a * x + M.b * y + M.x, M.c * x + M.d * y + M.y];

function spineSkeleton() {
    const bones = [
        { name: 'root' },
        { name: 'hip', parent: 'root', y: 62 },
        { name: 'torso', parent: 'hip', y: 4, rotation: 90, length: 72 },
        { name: 'head', parent: 'torso', length: 44, x: 72 },
        { name: 'armL', parent: 'torso', length: 52, x: 62, y: 27, rotation: 172 },
        { name: 'armR', parent: 'torso', length: 52, x: 62, y: -27, rotation: -170 },
        { name: 'legL', parent: 'hip', length: 58, x: -11, rotation: -96 },
        { name: 'legR', parent: 'hip', length: 58, x: 11, rotation: -84 },
        { name: 'tail1', parent: 'hip', length: 32, x: -3, y: -8, rotation: 205 },
        { name: 'tail2', parent: 'tail1', length: 32, x: 32 },
    ];
    const boneIndex = Object.fromEntries(bones.map((b, i) => [b.name, i]));
    const slots = [
        { name: 'tail', bone: 'tail1', attachment: 'tail' },
        { name: 'legL', bone: 'legL', attachment: 'leg' },
        { name: 'legR', bone: 'legR', attachment: 'leg' },
        { name: 'cape', bone: 'torso', attachment: 'cape' },
        { name: 'body', bone: 'torso', attachment: 'body' },
        { name: 'clip', bone: 'torso', attachment: 'clip' },
        { name: 'gem', bone: 'torso', attachment: 'gem' },
        { name: 'armL', bone: 'armL', attachment: 'arm' },
        { name: 'armR', bone: 'armR', attachment: 'arm' },
        { name: 'shield', bone: 'armR', attachment: 'shield' },
        { name: 'head', bone: 'head', attachment: 'head' },
        { name: 'hat', bone: 'head', attachment: 'hat' },
        { name: 'glow', bone: 'torso', attachment: 'glow', blend: 'additive' },
        { name: 'ghost', bone: 'head', color: 'ffffff00', attachment: 'ghost' },
    ];
    // torso and head point up (rotation 90): upright (X right, Y up) -> bone local (x = Y, y = -X)
    const up = (X, Y) => [r(Y), r(-X)];

    // unweighted mesh: a hull of 6 vertices (uvs not a rectangle) and one inner vertex, skewed
    const capeUV = [[0.12, 0.04], [0.88, 0.02], [0.98, 0.55], [0.8, 0.97], [0.22, 0.99], [0.02, 0.5], [0.5, 0.48]];
    const capeVerts = capeUV.flatMap(([u, v]) => up((u - 0.5) * 44 * 1.7 + (0.5 - v) * 7, 71 - v * 74));
    const capeTris = [0, 1, 6, 1, 2, 6, 2, 3, 6, 3, 4, 6, 4, 5, 6, 5, 0, 6];

    // weighted mesh: a tapering strip along tail1/tail2, each vertex bound to both bones
    // hull order: right side top to bottom, then left side bottom to top; image top at the tail's root
    const rows = 5, tailUV = [];
    for (let i = 0; i < rows; i++) { const v = i / (rows - 1); tailUV.push([0.5 + (0.45 - 0.3 * v), v]); }
    for (let i = rows - 1; i >= 0; i--) { const v = i / (rows - 1); tailUV.push([0.5 - (0.45 - 0.3 * v), v]); }
    const tailVerts = [];
    tailUV.forEach(([u, v]) => {
        const px = v * 64, py = (u - 0.5) * 22;
        const w2 = Math.min(1, Math.max(0, (px - 12) / 40)), w1 = 1 - w2;
        tailVerts.push(2, boneIndex.tail1, r(px), r(py), r(w1, 3), boneIndex.tail2, r(px - 32), r(py), r(1 - r(w1, 3), 3));
    });
    const tailTris = [];
    for (let i = 0; i < rows - 1; i++) {
        const R0 = i, R1 = i + 1, L0 = 2 * rows - 1 - i, L1 = 2 * rows - 2 - i;
        tailTris.push(R0, R1, L1, R0, L1, L0);
    }

    // clipping: a convex pentagon over the gem (torso space), cutting part of it
    const clipPoly = [];
    for (let k = 0; k < 5; k++) { const t = (90 + 72 * k) * deg; clipPoly.push(...up(5 + 13 * Math.cos(t), 40 + 13 * Math.sin(t))); }

    const defaultSkin = {
        tail: { tail: { type: 'mesh', uvs: tailUV.flat().map((v) => r(v, 4)), triangles: tailTris, vertices: tailVerts, hull: 2 * rows, width: 22, height: 66 } },
        legL: { leg: { x: 29, rotation: 90, width: 18, height: 58 } },
        legR: { leg: { x: 29, rotation: 90, width: 18, height: 58 } },
        cape: { cape: { type: 'mesh', uvs: capeUV.flat(), triangles: capeTris, vertices: capeVerts, hull: 6, width: 44, height: 64 } },
        body: { body: { x: 36, rotation: -90, width: 48, height: 76 } },
        clip: { clip: { type: 'clipping', end: 'gem', vertexCount: 5, vertices: clipPoly, color: 'ce3a3aff' } },
        gem: { gem: { x: 44, y: 0, rotation: -90, width: 28, height: 28 } },
        armL: { arm: { x: 26, rotation: 90, width: 16, height: 56 } },
        armR: { arm: { x: 26, rotation: 90, width: 16, height: 56 } },
        shield: { shield: { x: 44, y: -6, rotation: 110, scaleX: 1.5, scaleY: 0.75, width: 30, height: 36 } },
        head: { head: { x: 22, rotation: -90, width: 44, height: 46 } },
        hat: { hat: { x: 50, y: -2, rotation: -82, width: 40, height: 26 }, hat2: { x: 50, y: 2, rotation: -97, width: 36, height: 30 } },
        glow: { glow: { x: 16, y: 4, rotation: -90, width: 36, height: 36 } },
        ghost: { ghost: { x: 20, y: -34, rotation: -90, width: 26, height: 26 } },
    };
    const altSkin = { head: { head: { path: 'head-alt', x: 24, rotation: -90, width: 40, height: 48 } } };

    const keys = (times, f) => times.map((t) => ({ ...(t ? { time: t } : {}), ...f(t) }));
    const T = [0, 0.25, 0.5, 0.75, 1];
    const wave = (vals) => (t) => vals[T.indexOf(t)];
    const tailDeform = [];
    for (let k = 0; k < 2 * rows; k++) { const s = Math.sin(k * 1.3) * 3; tailDeform.push(0, r(s), 0, r(-s * 0.7)); }
    const move = {
        slots: { hat: { attachment: [{ name: 'hat' }, { time: 0.5, name: 'hat2' }] } },
        bones: {
            hip: { translate: keys(T, (t) => ({ x: wave([0, 6, 0, -6, 0])(t), y: wave([0, -4, 2, -4, 0])(t) })) },
            torso: {
                rotate: keys(T, (t) => ({ angle: wave([0, 7, -2, -8, 0])(t) })),
                scale: keys([0, 0.5, 1], (t) => ({ x: t === 0.5 ? 1.06 : 1, y: t === 0.5 ? 0.95 : 1 })),
            },
            head: {
                rotate: keys(T, (t) => ({ angle: wave([0, -10, 4, 12, 0])(t) })),
                scale: keys([0, 0.5, 1], (t) => ({ x: t === 0.5 ? 0.92 : 1, y: t === 0.5 ? 1.1 : 1 })),
            },
            armL: { rotate: keys(T, (t) => ({ angle: wave([0, 35, 10, -25, 0])(t) })) },
            armR: {
                rotate: keys(T, (t) => ({ angle: wave([0, -30, -5, 28, 0])(t) })),
                translate: keys([0, 0.5, 1], (t) => ({ x: t === 0.5 ? 4 : 0, y: t === 0.5 ? -3 : 0 })),
            },
            legL: { rotate: keys(T, (t) => ({ angle: wave([0, 18, 0, -18, 0])(t) })) },
            legR: { rotate: keys(T, (t) => ({ angle: wave([0, -18, 0, 18, 0])(t) })) },
            tail1: { rotate: keys(T, (t) => ({ angle: wave([0, 15, 30, 10, 0])(t) })) },
            tail2: {
                rotate: keys(T, (t) => ({ angle: wave([0, -25, 20, 35, 0])(t) })),
                scale: keys([0, 0.5, 1], (t) => ({ x: t === 0.5 ? 1.2 : 1, y: 1 })),
            },
        },
        deform: { default: { tail: { tail: [{}, { time: 0.5, vertices: tailDeform }, { time: 1 }] } } },
    };

    // setup-pose bounds of the default skin (clipping left out)
    const W = spineWorld(bones);
    let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
    const add = ([x, y]) => { x0 = Math.min(x0, x); y0 = Math.min(y0, y); x1 = Math.max(x1, x); y1 = Math.max(y1, y); };
    for (const s of slots) {
        const att = defaultSkin[s.name][s.attachment], M = W[s.bone];
        if (att.type === 'clipping') continue;
        if (att.type === 'mesh' && att.vertices.length === att.uvs.length) {
            for (let i = 0; i < att.vertices.length; i += 2) add(apply(M, att.vertices[i], att.vertices[i + 1]));
        } else if (att.type === 'mesh') {
            for (let i = 0; i < att.vertices.length;) {
                const n = att.vertices[i++];
                let wx = 0, wy = 0;
                for (let j = 0; j < n; j++, i += 4) {
                    const [bx, by] = apply(W[bones[att.vertices[i]].name], att.vertices[i + 1], att.vertices[i + 2]);
                    wx += bx * att.vertices[i + 3]; wy += by * att.vertices[i + 3];
                }
                add([wx, wy]);
            }
        } else {
            const c = Math.cos((att.rotation ?? 0) * deg), sn = Math.sin((att.rotation ?? 0) * deg);
            for (const [cx, cy] of [[-1, -1], [1, -1], [1, 1], [-1, 1]]) {
                const lx = cx * att.width / 2 * (att.scaleX ?? 1), ly = cy * att.height / 2 * (att.scaleY ?? 1);
                add(apply(M, (att.x ?? 0) + lx * c - ly * sn, (att.y ?? 0) + lx * sn + ly * c));
            }
        }
    }
    const body = {
        bones,
        slots,
        skins: [{ name: 'default', attachments: defaultSkin }, { name: 'alt', attachments: altSkin }],
        animations: { move },
    };
    const skeleton = { hash: '', spine: '3.8.99', x: r(x0), y: r(y0), width: r(x1 - x0), height: r(y1 - y0), images: './images/', audio: '' };
    skeleton.hash = createHash('sha1').update(toJson({ skeleton, ...body })).digest('base64').replace(/=+$/, '');
    return { skeleton, ...body };
}

// ------------------------------------------------------------------ DragonBones 5.5

const DB_REGIONS = [
    { name: 'db-arm', w: 14, h: 52, shape: 'capsule', rgb: [200, 120, 80], seed: 31 },
    { name: 'db-blade', w: 44, h: 14, shape: 'blade', rgb: [200, 210, 220], seed: 32 },
    { name: 'db-body', w: 46, h: 74, shape: 'shield', rgb: [40, 150, 110], seed: 33 },
    { name: 'db-cape', w: 42, h: 60, shape: 'blob', rgb: [120, 50, 160], seed: 34 },
    { name: 'db-eye', w: 16, h: 16, shape: 'face', rgb: [250, 250, 240], seed: 35 },
    { name: 'db-ghost', w: 24, h: 24, shape: 'ring', rgb: [200, 255, 255], seed: 36 },
    { name: 'db-glow', w: 34, h: 34, shape: 'glow', rgb: [120, 200, 255], seed: 37 },
    { name: 'db-head', w: 40, h: 42, shape: 'ellipse', rgb: [240, 200, 160], seed: 38 },
    { name: 'db-head2', w: 38, h: 44, shape: 'diamond', rgb: [250, 150, 150], seed: 39 },
    { name: 'db-leg', w: 16, h: 54, shape: 'trapezoid', rgb: [80, 60, 50], seed: 40 },
];

/** DragonBones transform (y down, angles in degrees) to a matrix, and composition parent * local. */
function dbMatrix(t = {}) {
    const rot = (t.skY ?? 0) * deg, sk = (t.skX ?? 0) * deg, sx = t.scX ?? 1, sy = t.scY ?? 1;
    return { a: Math.cos(rot) * sx, b: Math.sin(rot) * sx, c: -Math.sin(sk) * sy, d: Math.cos(sk) * sy, tx: t.x ?? 0, ty: t.y ?? 0 };
}
function dbMul(p, l) {
    return { a: p.a * l.a + p.c * l.b, b: p.b * l.a + p.d * l.b, c: p.a * l.c + p.c * l.d, d: p.b * l.c + p.d * l.d, tx: p.a * l.tx + p.c * l.ty + p.tx, ty: p.b * l.tx + p.d * l.ty + p.ty };
}
const dbApply = (M, x, y) => [M.a * x + M.c * y + M.tx, M.b * x + M.d * y + M.ty];

/** The corners an armature's displays cover in its own space (setup pose), `nested` giving child armatures' corners. */
function dbCorners(arm, sizes, nested = {}) {
    const G = {};
    for (const b of arm.bone) G[b.name] = b.parent ? dbMul(G[b.parent], dbMatrix(b.transform)) : dbMatrix(b.transform);
    const pts = [];
    for (const s of arm.skin[0].slot) {
        const slot = arm.slot.find((x) => x.name === s.name);
        for (const d of s.display) {
            const M = dbMul(G[slot.parent], dbMatrix(d.transform));
            if (d.type === 'mesh') {
                for (let i = 0; i < d.vertices.length; i += 2) pts.push(dbApply(M, d.vertices[i], d.vertices[i + 1]));
            } else if (d.type === 'armature') {
                for (const [x, y] of nested[d.name]) pts.push(dbApply(M, x, y));
            } else {
                const [w, h] = sizes[d.name];
                for (const [cx, cy] of [[-1, -1], [1, -1], [1, 1], [-1, 1]]) pts.push(dbApply(M, cx * w / 2, cy * h / 2));
            }
        }
    }
    return pts;
}
function aabb(pts) {
    const xs = pts.map((p) => p[0]), ys = pts.map((p) => p[1]);
    const x0 = Math.min(...xs), y0 = Math.min(...ys);
    return { x: r(x0), y: r(y0), width: r(Math.max(...xs) - x0), height: r(Math.max(...ys) - y0) };
}

function dragonBonesSkeleton() {
    const sizes = Object.fromEntries(DB_REGIONS.map((g) => [g.name, [g.w, g.h]]));
    const rot = (a) => ({ skX: a, skY: a });
    const tween = (frames) => frames.map((f, i) => (i < frames.length - 1 ? { duration: f.duration, tweenEasing: 0, ...f } : { duration: 0, ...f }));

    const pet = {
        type: 'Armature',
        frameRate: 24,
        name: 'pet',
        aabb: {},
        bone: [{ name: 'root' }, { name: 'spin', parent: 'root' }, { name: 'bob', parent: 'root', transform: { y: -2 } }],
        slot: [{ name: 'blade', parent: 'spin' }, { name: 'eye', parent: 'bob' }],
        skin: [{
            slot: [
                { name: 'blade', display: [{ name: 'db-blade' }] },
                { name: 'eye', display: [{ name: 'db-eye', transform: rot(15) }] },
            ],
        }],
        animation: [{
            duration: 24,
            playTimes: 0,
            name: 'spin',
            bone: [
                {
                    name: 'spin',
                    rotateFrame: tween([{ duration: 8, rotate: 0 }, { duration: 8, rotate: 120 }, { duration: 8, rotate: 240 }, { rotate: 360 }]),
                    scaleFrame: tween([{ duration: 12, x: 1, y: 1 }, { duration: 12, x: 0.8, y: 1.25 }, { x: 1, y: 1 }]),
                },
                { name: 'bob', translateFrame: tween([{ duration: 6, x: 0, y: 0 }, { duration: 6, x: 3, y: -4 }, { duration: 6, x: 0, y: 0 }, { duration: 6, x: -3, y: 4 }, { x: 0, y: 0 }]) },
            ],
        }],
        defaultActions: [{ gotoAndPlay: 'spin' }],
    };
    pet.aabb = aabb(dbCorners(pet, sizes));

    // body points up (rotation -90, y down): upright (X right, Y down) -> bone local (x = -Y, y = X)
    const up = (X, Y) => [r(-Y), r(X)];
    const capeUV = [[0.1, 0.05], [0.9, 0.0], [1.0, 0.6], [0.75, 1.0], [0.25, 0.96], [0.0, 0.45], [0.52, 0.5]];
    const capeVerts = capeUV.flatMap(([u, v]) => up((u - 0.5) * 42 * 1.7 + (v - 0.5) * 6, -70 + v * 72));
    const capeTris = [0, 1, 6, 1, 2, 6, 2, 3, 6, 3, 4, 6, 4, 5, 6, 5, 0, 6];
    const capeFfd = capeUV.flatMap((_, k) => [r(Math.sin(k * 1.7) * 4), r(Math.cos(k * 1.1) * 3)]);

    const main = {
        type: 'Armature',
        frameRate: 24,
        name: 'main',
        aabb: {},
        bone: [
            { name: 'root' },
            { name: 'hip', parent: 'root', transform: { y: -60 } },
            { name: 'body', parent: 'hip', length: 70, transform: { y: -4, ...rot(-90) } },
            { name: 'head', parent: 'body', length: 42, transform: { x: 74 } },
            { name: 'armL', parent: 'body', length: 50, transform: { x: 62, y: -25, ...rot(-172) } },
            { name: 'armR', parent: 'body', length: 50, transform: { x: 62, y: 25, ...rot(170) } },
            { name: 'legL', parent: 'hip', length: 54, transform: { x: -10, ...rot(96) } },
            { name: 'legR', parent: 'hip', length: 54, transform: { x: 10, ...rot(84) } },
            { name: 'orbit', parent: 'body', transform: { x: 60, y: 52, ...rot(90) } },
        ],
        slot: [
            { name: 'legL', parent: 'legL' },
            { name: 'legR', parent: 'legR' },
            { name: 'cape', parent: 'body' },
            { name: 'body', parent: 'body' },
            { name: 'armL', parent: 'armL' },
            { name: 'armR', parent: 'armR' },
            { name: 'head', parent: 'head' },
            { name: 'ghost', parent: 'head', color: { aM: 0 } },
            { name: 'glow', parent: 'body', blendMode: 'add' },
            { name: 'pet', parent: 'orbit' },
        ],
        skin: [{
            slot: [
                { name: 'legL', display: [{ name: 'db-leg', transform: { x: 27, ...rot(-90) } }] },
                { name: 'legR', display: [{ name: 'db-leg', transform: { x: 27, ...rot(-90) } }] },
                { name: 'cape', display: [{ type: 'mesh', name: 'db-cape', width: 42, height: 60, vertices: capeVerts, uvs: capeUV.flat(), triangles: capeTris, edges: [0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 0], userEdges: [] }] },
                { name: 'body', display: [{ name: 'db-body', transform: { x: 36, ...rot(90) } }] },
                { name: 'armL', display: [{ name: 'db-arm', transform: { x: 24, ...rot(-90) } }] },
                { name: 'armR', display: [{ name: 'db-arm', transform: { x: 24, ...rot(-90) } }] },
                { name: 'head', display: [{ name: 'db-head', transform: { x: 20, ...rot(90) } }, { name: 'db-head2', transform: { x: 21, y: 1, ...rot(84) } }] },
                { name: 'ghost', display: [{ name: 'db-ghost', transform: { x: 22, y: 32, ...rot(90) } }] },
                { name: 'glow', display: [{ name: 'db-glow', transform: { x: 18, y: -3, ...rot(90) } }] },
                { name: 'pet', display: [{ type: 'armature', name: 'pet' }] },
            ],
        }],
        animation: [{
            duration: 24,
            playTimes: 0,
            name: 'move',
            bone: [
                { name: 'hip', translateFrame: tween([{ duration: 6, x: 0, y: 0 }, { duration: 6, x: 5, y: 4 }, { duration: 6, x: 0, y: -2 }, { duration: 6, x: -5, y: 4 }, { x: 0, y: 0 }]) },
                {
                    name: 'body',
                    rotateFrame: tween([{ duration: 6, rotate: 0 }, { duration: 6, rotate: -7 }, { duration: 6, rotate: 2 }, { duration: 6, rotate: 8 }, { rotate: 0 }]),
                    scaleFrame: tween([{ duration: 12, x: 1, y: 1 }, { duration: 12, x: 1.06, y: 0.95 }, { x: 1, y: 1 }]),
                },
                {
                    name: 'head',
                    rotateFrame: tween([{ duration: 6, rotate: 0 }, { duration: 6, rotate: 10 }, { duration: 6, rotate: -4 }, { duration: 6, rotate: -12 }, { rotate: 0 }]),
                    scaleFrame: tween([{ duration: 12, x: 1, y: 1 }, { duration: 12, x: 0.9, y: 1.1 }, { x: 1, y: 1 }]),
                },
                { name: 'armL', rotateFrame: tween([{ duration: 6, rotate: 0 }, { duration: 6, rotate: -35 }, { duration: 6, rotate: -10 }, { duration: 6, rotate: 25 }, { rotate: 0 }]) },
                {
                    name: 'armR',
                    rotateFrame: tween([{ duration: 6, rotate: 0 }, { duration: 6, rotate: 30 }, { duration: 6, rotate: 5 }, { duration: 6, rotate: -28 }, { rotate: 0 }]),
                    translateFrame: tween([{ duration: 12, x: 0, y: 0 }, { duration: 12, x: 4, y: 3 }, { x: 0, y: 0 }]),
                },
                { name: 'legL', rotateFrame: tween([{ duration: 6, rotate: 0 }, { duration: 6, rotate: -18 }, { duration: 6, rotate: 0 }, { duration: 6, rotate: 18 }, { rotate: 0 }]) },
                { name: 'legR', rotateFrame: tween([{ duration: 6, rotate: 0 }, { duration: 6, rotate: 18 }, { duration: 6, rotate: 0 }, { duration: 6, rotate: -18 }, { rotate: 0 }]) },
                { name: 'orbit', translateFrame: tween([{ duration: 12, x: 0, y: 0 }, { duration: 12, x: -6, y: 8 }, { x: 0, y: 0 }]) },
            ],
            slot: [{ name: 'head', displayFrame: [{ duration: 12, value: 0 }, { duration: 12, value: 1 }] }],
            ffd: [{
                name: 'db-cape',
                slot: 'cape',
                frame: tween([{ duration: 12 }, { duration: 12, offset: 0, vertices: capeFfd }, {}]),
            }],
        }],
        defaultActions: [{ gotoAndPlay: 'move' }],
    };
    main.aabb = aabb(dbCorners(main, sizes, { pet: dbCorners(pet, sizes) }));

    return { frameRate: 24, name: 'db-test', version: '5.5', compatibleVersion: '5.5', armature: [main, pet] };
}

// ------------------------------------------------------------------ write

function main() {
    mkdirSync(OUT, { recursive: true });
    const write = (name, data) => writeFileSync(join(OUT, name), data);

    const spPage = pack(SP_REGIONS);
    write('spine-test.png', drawPage(spPage, true));
    write('spine-test.atlas', spineAtlas(spPage));
    write('spine-test.json', toJson(spineSkeleton()));

    const dbPage = pack(DB_REGIONS);
    write('db-test_tex.png', drawPage(dbPage, false));
    const byName = [...dbPage.items].sort((p, q) => (p.g.name < q.g.name ? -1 : 1));
    write('db-test_tex.json', toJson({
        width: dbPage.W,
        height: dbPage.H,
        name: 'db-test',
        imagePath: 'db-test_tex.png',
        SubTexture: byName.map(({ g, x, y }) => ({ name: g.name, x, y, width: g.w, height: g.h })),
    }));
    write('db-test_ske.json', toJson(dragonBonesSkeleton()));

    console.log(`spine page ${spPage.W}x${spPage.H} (${SP_REGIONS.length} regions), dragonbones page ${dbPage.W}x${dbPage.H} (${DB_REGIONS.length} regions) -> ${OUT}`);
}

main();
