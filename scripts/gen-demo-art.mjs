#!/usr/bin/env node
/**
 * Draws the demo scenes' sprites (assets/demos/art/**.png) and writes each PNG's `.meta` the way
 * Creator 3.8's image importer does: importer "image", type "sprite-frame", a `texture` sub-asset
 * (@6c48a) and a `spriteFrame` sub-asset (@f9941) whose trim rect, offset and raw size are computed
 * from the pixels (automatic trim, threshold 1). Also the Auto Atlas over the rocks folder and the
 * hero's walk AnimationClip.
 *
 *     node scripts/gen-demo-art.mjs
 *
 * The output is committed; run this again only to change the art. Uuids are derived from the file
 * paths, so running it again changes nothing unless the art changes.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createHash } from 'node:crypto';
import { PNG } from 'pngjs';
import { uuidFor } from './demo-uuid.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const ART = join(root, 'assets', 'demos', 'art');

// ------------------------------------------------------------------ uuids and metas

const json = (o) => `${JSON.stringify(o, null, 2)}\n`;

function directoryMeta(path) {
    return { ver: '1.2.0', importer: 'directory', imported: true, uuid: uuidFor(path), files: [], subMetas: {}, userData: {} };
}

/** The trim box of the pixels whose alpha is at least `threshold` (Creator's automatic trim). */
function trimBox(png, threshold = 1) {
    let x0 = png.width, y0 = png.height, x1 = -1, y1 = -1;
    for (let y = 0; y < png.height; y++) {
        for (let x = 0; x < png.width; x++) {
            if (png.data[(y * png.width + x) * 4 + 3] >= threshold) {
                if (x < x0) x0 = x;
                if (x > x1) x1 = x;
                if (y < y0) y0 = y;
                if (y > y1) y1 = y;
            }
        }
    }
    if (x1 < 0) return { x: 0, y: 0, w: png.width, h: png.height };
    return { x: x0, y: y0, w: x1 - x0 + 1, h: y1 - y0 + 1 };
}

function imageMeta(path, png, name, texture = {}) {
    const uuid = uuidFor(path);
    const t = trimBox(png);
    const W = png.width, H = png.height;
    // Offset: centre of the trimmed rect minus centre of the image, y up.
    const offsetX = t.x + t.w / 2 - W / 2;
    const offsetY = H / 2 - t.y - t.h / 2;
    const hw = t.w / 2, hh = t.h / 2;
    return {
        ver: '1.0.27',
        importer: 'image',
        imported: true,
        uuid,
        files: ['.json', '.png'],
        subMetas: {
            '6c48a': {
                importer: 'texture',
                uuid: `${uuid}@6c48a`,
                displayName: name,
                id: '6c48a',
                name: 'texture',
                userData: {
                    wrapModeS: 'clamp-to-edge',
                    wrapModeT: 'clamp-to-edge',
                    minfilter: texture.filter ?? 'linear',
                    magfilter: texture.filter ?? 'linear',
                    mipfilter: 'none',
                    anisotropy: 0,
                    isUuid: true,
                    imageUuidOrDatabaseUri: uuid,
                    visible: false,
                },
                ver: '1.0.22',
                imported: true,
                files: ['.json'],
                subMetas: {},
            },
            f9941: {
                importer: 'sprite-frame',
                uuid: `${uuid}@f9941`,
                displayName: name,
                id: 'f9941',
                name: 'spriteFrame',
                userData: {
                    trimType: 'auto',
                    trimThreshold: 1,
                    rotated: false,
                    offsetX,
                    offsetY,
                    trimX: t.x,
                    trimY: t.y,
                    width: t.w,
                    height: t.h,
                    rawWidth: W,
                    rawHeight: H,
                    borderTop: 0,
                    borderBottom: 0,
                    borderLeft: 0,
                    borderRight: 0,
                    isUuid: true,
                    imageUuidOrDatabaseUri: `${uuid}@6c48a`,
                    atlasUuid: '',
                    packable: texture.packable ?? true,
                    vertices: {
                        rawPosition: [-hw, -hh, 0, hw, -hh, 0, -hw, hh, 0, hw, hh, 0],
                        indexes: [0, 1, 2, 2, 1, 3],
                        uv: [t.x, t.y + t.h, t.x + t.w, t.y + t.h, t.x, t.y, t.x + t.w, t.y],
                        nuv: [t.x / W, 1 - (t.y + t.h) / H, (t.x + t.w) / W, 1 - (t.y + t.h) / H, t.x / W, 1 - t.y / H, (t.x + t.w) / W, 1 - t.y / H],
                        minPos: [-hw, -hh, 0],
                        maxPos: [hw, hh, 0],
                    },
                    pixelsToUnit: 100,
                    pivotX: 0.5,
                    pivotY: 0.5,
                    meshType: 0,
                },
                ver: '1.0.12',
                imported: true,
                files: ['.json'],
                subMetas: {},
            },
        },
        userData: {
            hasAlpha: true,
            type: 'sprite-frame',
            redirect: `${uuid}@6c48a`,
            fixAlphaTransparencyArtifacts: false,
        },
    };
}

// ------------------------------------------------------------------ drawing

/** A pseudo-random generator (mulberry32), so the art is the same on every run. */
function rng(seed) {
    let a = seed >>> 0;
    return () => {
        a = (a + 0x6d2b79f5) >>> 0;
        let t = a;
        t = Math.imul(t ^ (t >>> 15), t | 1);
        t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
        return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
}

/** Smooth value noise on a lattice of `cell` pixels. */
function valueNoise(seed, cell) {
    const r = rng(seed);
    const table = Array.from({ length: 256 }, () => r());
    const perm = Array.from({ length: 256 }, (_, i) => i).sort(() => r() - 0.5);
    const at = (i, j) => table[perm[(perm[i & 255] + j) & 255]];
    const s = (t) => t * t * (3 - 2 * t);
    return (x, y) => {
        const fx = x / cell, fy = y / cell, i = Math.floor(fx), j = Math.floor(fy), u = s(fx - i), v = s(fy - j);
        const a = at(i, j), b = at(i + 1, j), c = at(i, j + 1), d = at(i + 1, j + 1);
        return a + (b - a) * u + (c - a) * v + (a - b - c + d) * u * v;
    };
}

// Signed distances (negative inside), in pixels.
const circle = (cx, cy, r) => (x, y) => Math.hypot(x - cx, y - cy) - r;
const box = (cx, cy, hw, hh, round = 0) => (x, y) => {
    const qx = Math.abs(x - cx) - hw + round, qy = Math.abs(y - cy) - hh + round;
    return Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - round;
};
const polygon = (pts) => (x, y) => {
    let d = Infinity, inside = false;
    for (let i = 0, j = pts.length - 1; i < pts.length; j = i++) {
        const [ax, ay] = pts[j], [bx, by] = pts[i];
        const ex = bx - ax, ey = by - ay, wx = x - ax, wy = y - ay;
        const t = Math.max(0, Math.min(1, (wx * ex + wy * ey) / (ex * ex + ey * ey)));
        d = Math.min(d, Math.hypot(wx - ex * t, wy - ey * t));
        if ((ay > y) !== (by > y) && x < ax + ((y - ay) * (bx - ax)) / (by - ay)) inside = !inside;
    }
    return inside ? -d : d;
};
const union = (...fs) => (x, y) => Math.min(...fs.map((f) => f(x, y)));
const minus = (a, b) => (x, y) => Math.max(a(x, y), -b(x, y));
/** Mirrors the right half (x >= cx) of a shape onto the left. */
const mirrorX = (cx, f) => (x, y) => f(cx + Math.abs(x - cx), y);

/**
 * An RGBA image drawn with layers: each layer is a signed distance and a colour function; the
 * shape gets a dark outline `outline` pixels wide; edges are antialiased (4x4 samples a pixel).
 */
class Image {
    constructor(w, h) {
        this.w = w; this.h = h;
        this.px = new Float32Array(w * h * 4); // straight colour 0-1, alpha 0-1
    }

    /** Composites a shape over the image. `color(x, y, d)` gives [r, g, b] (0-255) at depth -d. */
    shape(sd, color, { outline = 0, outlineColor = [20, 22, 30], alpha = 1 } = {}) {
        const S = 4;
        for (let y = 0; y < this.h; y++) {
            for (let x = 0; x < this.w; x++) {
                // quick reject: far outside the shape
                if (sd(x + 0.5, y + 0.5) > 2) continue;
                let cov = 0, r = 0, g = 0, b = 0;
                for (let sy = 0; sy < S; sy++) {
                    for (let sx = 0; sx < S; sx++) {
                        const fx = x + (sx + 0.5) / S, fy = y + (sy + 0.5) / S;
                        const d = sd(fx, fy);
                        if (d >= 0) continue;
                        const c = d > -outline ? outlineColor : color(fx, fy, -d);
                        r += c[0]; g += c[1]; b += c[2]; cov++;
                    }
                }
                if (!cov) continue;
                this.over(x, y, r / cov / 255, g / cov / 255, b / cov / 255, (cov / (S * S)) * alpha);
            }
        }
        return this;
    }

    over(x, y, r, g, b, a) {
        const k = (y * this.w + x) * 4, p = this.px;
        const da = p[k + 3], oa = a + da * (1 - a);
        if (oa <= 0) return;
        p[k] = (r * a + p[k] * da * (1 - a)) / oa;
        p[k + 1] = (g * a + p[k + 1] * da * (1 - a)) / oa;
        p[k + 2] = (b * a + p[k + 2] * da * (1 - a)) / oa;
        p[k + 3] = oa;
    }

    /** Multiplies the colour (not the alpha) of every pixel by f(x, y). */
    shade(f) {
        for (let y = 0; y < this.h; y++) for (let x = 0; x < this.w; x++) {
            const k = (y * this.w + x) * 4, m = f(x + 0.5, y + 0.5);
            for (let c = 0; c < 3; c++) this.px[k + c] = Math.min(1, this.px[k + c] * m);
        }
        return this;
    }

    png() {
        const png = new PNG({ width: this.w, height: this.h });
        for (let i = 0; i < this.px.length; i++) png.data[i] = Math.round(Math.max(0, Math.min(1, this.px[i])) * 255);
        // fully transparent pixels: black, so the file does not keep colour nobody sees
        for (let i = 0; i < png.data.length; i += 4) if (png.data[i + 3] === 0) png.data[i] = png.data[i + 1] = png.data[i + 2] = 0;
        return png;
    }
}

const mix = (a, b, t) => a.map((v, i) => v + (b[i] - v) * Math.max(0, Math.min(1, t)));

// ------------------------------------------------------------------ the sprites

/** Enemy fighter: swept wings with a round hole in each, a notch at the tail, a cockpit. Points down. */
function fighter() {
    const img = new Image(104, 84);
    const cx = 52;
    const half = polygon([[52, 74], [62, 50], [94, 28], [98, 14], [80, 18], [64, 24], [60, 8], [52, 12]]);
    const hull = minus(minus(mirrorX(cx, half), circle(76, 30, 4.5)), polygon([[46, 8], [58, 8], [52, 20]]));
    const hull2 = minus(hull, mirrorX(cx, circle(76, 30, 4.5)));
    const n = valueNoise(11, 6);
    img.shape(hull2, (x, y, d) => {
        const base = mix([70, 92, 150], [150, 176, 220], (y - 10) / 60 + 0.2 * n(x, y));
        const stripe = Math.abs(x - cx) > 22 && Math.abs(x - cx) < 26 ? 0.6 : 1;
        const bevel = d < 4 ? 1.2 : 1;
        return base.map((v) => Math.min(255, v * stripe * bevel));
    }, { outline: 1.6 });
    img.shape(box(cx, 40, 5, 12, 5), (x, y) => mix([120, 230, 255], [20, 90, 160], (y - 28) / 24), { outline: 1.2 });
    img.shape(mirrorX(cx, box(66, 14, 3, 6, 2)), () => [255, 150, 60], { outline: 1 });
    return img;
}

/** Enemy saucer: a ring (a hole through the middle) with three claws and lights. */
function saucer() {
    const img = new Image(92, 92);
    const c = 46;
    const claws = [0, 1, 2].map((k) => {
        const a = (k / 3) * Math.PI * 2 - Math.PI / 2;
        const px = c + Math.cos(a) * 36, py = c + Math.sin(a) * 36, tx = -Math.sin(a), ty = Math.cos(a);
        return polygon([[c + Math.cos(a) * 24 + tx * 8, c + Math.sin(a) * 24 + ty * 8], [px + tx * 9, py + ty * 9], [px + Math.cos(a) * 8, py + Math.sin(a) * 8], [px - tx * 3, py - ty * 3], [c + Math.cos(a) * 24 - tx * 6, c + Math.sin(a) * 24 - ty * 6]]);
    });
    const ring = minus(union(circle(c, c, 30), ...claws), circle(c, c, 12));
    const n = valueNoise(5, 5);
    img.shape(ring, (x, y, d) => {
        const r = Math.hypot(x - c, y - c);
        const base = r > 31 ? [200, 90, 50] : mix([250, 170, 70], [190, 90, 40], (r - 12) / 18 + 0.25 * n(x, y));
        return d < 3 ? base.map((v) => Math.min(255, v * 1.25)) : base;
    }, { outline: 1.6 });
    for (let k = 0; k < 6; k++) {
        const a = (k / 6) * Math.PI * 2;
        img.shape(circle(c + Math.cos(a) * 21, c + Math.sin(a) * 21, 2.6), () => (k % 2 ? [255, 240, 120] : [120, 255, 200]), { outline: 0.8 });
    }
    return img;
}

/** The player's ship: an arrowhead with a slot cut into its back. Points up. */
function playerShip() {
    const img = new Image(56, 56);
    const cx = 28;
    const half = polygon([[28, 4], [34, 18], [50, 44], [46, 50], [34, 44], [28, 48]]);
    const hull = minus(mirrorX(cx, half), box(28, 46, 3, 8, 1));
    img.shape(hull, (x, y, d) => mix([90, 220, 120], [30, 120, 70], (y - 4) / 46).map((v) => (d < 3 ? Math.min(255, v * 1.2) : v)), { outline: 1.5 });
    img.shape(circle(28, 24, 4.5), () => [200, 250, 255], { outline: 1 });
    return img;
}

/** A bullet: a glowing capsule, with a soft (antialiased) edge. */
function bullet() {
    const img = new Image(10, 20);
    img.shape(box(5, 10, 3.2, 8.2, 3.2), (x, y, d) => mix([255, 120, 40], [255, 255, 210], d / 3), { outline: 0 });
    return img;
}

/** A stone wall tile (fully opaque, beveled bricks). */
function wallTile() {
    const img = new Image(32, 32);
    const n = valueNoise(21, 3);
    img.shape(box(16, 16, 16, 16), (x, y) => {
        const row = Math.floor(y / 8), bx = (x + (row % 2) * 8) % 16, by = y % 8;
        const mortar = bx < 1 || by < 1;
        const c = mix([120, 112, 130], [160, 150, 170], n(x, y));
        if (mortar) return [60, 54, 70];
        if (bx < 2 || by < 2) return c.map((v) => Math.min(255, v * 1.2));
        if (bx > 14 || by > 6) return c.map((v) => v * 0.75);
        return c;
    });
    return img;
}

/** A round pillar tile: antialiased circle, transparent corners (the character slides round it). */
function pillarTile() {
    const img = new Image(32, 32);
    img.shape(circle(16, 16, 13.5), (x, y, d) => mix([110, 100, 125], [190, 180, 205], 1 - Math.hypot(x - 12, y - 12) / 18).map((v) => (d < 2 ? v * 0.8 : v)), { outline: 1.4 });
    return img;
}

/** A floor tile (background only, no collider). */
function floorTile() {
    const img = new Image(32, 32);
    const n = valueNoise(33, 4);
    img.shape(box(16, 16, 16, 16), (x, y) => {
        const c = mix([46, 52, 64], [58, 66, 80], n(x, y));
        return x < 1 || y < 1 ? [36, 40, 50] : c;
    });
    return img;
}

/** Hero seen from above: head, shoulders, swinging arms and feet; four walk frames. */
function hero(frame) {
    const img = new Image(32, 32);
    const swing = [0, 3, 0, -3][frame];
    const skin = () => [240, 200, 160], tunic = (x, y) => mix([200, 60, 70], [140, 30, 50], (y - 10) / 14);
    img.shape(union(box(12, 22 + swing, 2.6, 3.4, 2.4), box(20, 22 - swing, 2.6, 3.4, 2.4)), () => [70, 50, 40], { outline: 1 });
    img.shape(union(circle(8, 15 - swing, 2.8), circle(24, 15 + swing, 2.8)), skin, { outline: 1 });
    img.shape(box(16, 16, 7, 5.5, 4), tunic, { outline: 1.2 });
    img.shape(circle(16, 11, 5.2), (x, y) => (y < 11 ? [110, 70, 40] : [240, 200, 160]), { outline: 1.2 });
    return img;
}

/** An irregular rock with craters and soft edges. */
function rock(seed, size) {
    const img = new Image(size, size);
    const c = size / 2, R = size * 0.38, r = rng(seed);
    const bumps = Array.from({ length: 5 }, () => [r() * Math.PI * 2, 0.08 + r() * 0.12, 1 + Math.floor(r() * 3)]);
    const sd = (x, y) => {
        const a = Math.atan2(y - c, x - c);
        let rr = R;
        for (const [ph, amp, k] of bumps) rr += R * amp * Math.sin(a * k + ph);
        return Math.hypot(x - c, y - c) - rr;
    };
    const hue = [[150, 130, 110], [120, 130, 150], [160, 120, 90], [110, 140, 110]][seed % 4];
    const n = valueNoise(seed * 7 + 1, 3);
    const craters = Array.from({ length: 3 }, () => [c + (r() - 0.5) * R, c + (r() - 0.5) * R, 1.5 + r() * 2.5]);
    img.shape(sd, (x, y) => {
        let v = 0.75 + 0.4 * n(x, y) + 0.25 * (1 - Math.hypot(x - c * 0.7, y - c * 0.7) / (R * 1.4));
        for (const [kx, ky, kr] of craters) if (Math.hypot(x - kx, y - ky) < kr) v *= 0.7;
        return hue.map((h) => Math.min(255, h * v));
    }, { outline: 0.9, outlineColor: [40, 34, 30] });
    return img;
}

/** The ground: rolling hills of layered dirt and stones under a grass edge; transparent sky above. */
function ground(w, h) {
    const img = new Image(w, h);
    const n = valueNoise(77, 24), fine = valueNoise(78, 4), stones = rng(79);
    const surface = (x) => 70 + 26 * Math.sin(x / 97) + 16 * Math.sin(x / 41 + 1.3) + 10 * (n(x, 0) - 0.5);
    const sd = (x, y) => surface(x) - y;
    const rocks = Array.from({ length: 40 }, () => [stones() * w, 100 + stones() * (h - 110), 3 + stones() * 6]);
    img.shape(sd, (x, y, d) => {
        if (d < 7 + 3 * fine(x, 3)) return mix([110, 200, 80], [60, 150, 50], d / 8 + 0.3 * fine(x, y));
        for (const [sx, sy, sr] of rocks) if (Math.hypot(x - sx, y - sy) < sr) return mix([140, 130, 120], [100, 92, 86], fine(x, y));
        const band = Math.sin(y / 9 + n(x, y) * 3);
        const c = mix([130, 90, 56], [96, 64, 40], d / 120 + 0.3 * band);
        return c.map((v) => v * (0.9 + 0.2 * fine(x, y)));
    });
    // grass blades above the edge
    const blades = rng(80);
    for (let x = 2; x < w; x += 3) {
        const y0 = surface(x), len = 3 + blades() * 5, lean = (blades() - 0.5) * 3;
        img.shape(polygon([[x - 1.2, y0 + 2], [x + 1.2, y0 + 2], [x + lean, y0 - len]]), () => [90, 190, 70]);
    }
    return img;
}

// ------------------------------------------------------------------ the character scene's art

/** A wooden crate: planks, a diagonal brace, a dark rim; corners cut (transparent). */
function crate() {
    const img = new Image(40, 40);
    const n = valueNoise(91, 3);
    const outer = box(20, 20, 18.5, 18.5, 3.5);
    img.shape(outer, (x, y, d) => {
        const wood = mix([170, 112, 58], [206, 146, 84], n(x, y) * 0.8 + 0.1 * Math.sin(y * 1.7));
        if (d < 4.2) return wood.map((v) => v * 0.72);                        // the frame
        const brace = Math.abs((x - 20) + (y - 20)) < 3.2;                     // the diagonal
        if (brace) return wood.map((v) => Math.min(255, v * 1.12));
        return (Math.floor((y - 5) / 6) % 2 ? wood.map((v) => v * 0.92) : wood); // planks
    }, { outline: 1.4, outlineColor: [60, 36, 20] });
    return img;
}

/** A coin with a square hole through the middle (the hole does not collect it). */
function coin() {
    const img = new Image(28, 28);
    img.shape(minus(circle(14, 14, 12.5), box(14, 14, 3.6, 3.6)), (x, y, d) => {
        const lit = 1 - Math.hypot(x - 10, y - 10) / 20;
        const c = mix([210, 150, 30], [255, 230, 110], lit);
        return d < 2.4 ? c.map((v) => v * 0.82) : c;
    }, { outline: 1.2, outlineColor: [110, 70, 10] });
    return img;
}

/** A ground tile, 64 x 130, seamless left to right (the scene tiles it along x only): a grass edge over layered dirt. */
function groundTile() {
    const img = new Image(64, 130);
    const TAU = Math.PI * 2;
    img.shape(box(32, 65, 32, 65), (x, y) => {
        const edge = 9 + 2 * Math.sin((x / 64) * TAU * 2) + 1.2 * Math.sin((x / 64) * TAU * 5 + 1);
        if (y < edge) return mix([120, 200, 80], [70, 150, 50], y / edge);
        const band = Math.sin(y / 5 + Math.sin((x / 64) * TAU * 3));
        const c = mix([128, 88, 54], [96, 64, 40], (y - edge) / 120 + 0.2 * band);
        return ((x * 7 + y * 13) % 29 === 0) ? c.map((v) => v * 1.25) : c;
    });
    return img;
}

/**
 * The knight, a Spine 3.8 skeleton (JSON + libGDX atlas text + one premultiplied page). Regions are
 * drawn here: a helmet with an open visor slit, a breastplate, an arm and a leg (each shown by two
 * slots), a sword with a slot cut through its blade, a cape. `arm` and `sword` are stored rotated in
 * the atlas; the cape is a mesh. Animations: `walk` (0.8 s loop: legs stride, the sword arm swings
 * the sword forward and back) and `attack` (0.5 s: the sword raised behind the head, then slashed).
 */
const KNIGHT_REGIONS = {
    head: { w: 40, h: 42, draw: (img) => {
        const helm = minus(union(circle(20, 22, 15), box(20, 30, 15, 9, 4)), box(24, 23, 8, 2.1, 1));
        img.shape(polygon([[17, 9], [23, 9], [14, 0], [7, 2]]), () => [220, 60, 60], { outline: 1 }); // plume
        img.shape(helm, (x, y, d) => mix([215, 220, 232], [120, 128, 146], (y - 8) / 32 + (d < 3 ? -0.2 : 0)), { outline: 1.4 });
        img.shape(box(20, 38, 11, 1.8, 1), () => [90, 96, 112]);
    } },
    body: { w: 36, h: 50, draw: (img) => {
        const plate = polygon([[4, 4], [32, 4], [29, 36], [7, 36]]);
        img.shape(union(plate, box(18, 42, 13, 7, 3)), (x, y, d) => (y > 35 ? [70, 60, 110] : mix([200, 206, 220], [110, 118, 140], Math.abs(x - 18) / 16 + (d < 3 ? 0.25 : 0))), { outline: 1.4 });
        img.shape(box(18, 34, 13, 2.4, 1), () => [120, 80, 40], { outline: 0.8 }); // belt
        img.shape(box(18, 34, 2.6, 2.6, 0.5), () => [240, 200, 60]);
    } },
    leg: { w: 16, h: 48, draw: (img) => {
        img.shape(box(8, 20, 5.6, 18, 4), (x) => mix([80, 70, 120], [50, 44, 80], x / 16), { outline: 1.2 });
        img.shape(box(9, 41, 6.6, 5, 2.5), () => [80, 56, 40], { outline: 1.2 }); // boot
    } },
    arm: { w: 14, h: 36, rotate: true, draw: (img) => {
        img.shape(box(7, 15, 5, 13, 4.5), (x) => mix([190, 196, 210], [110, 116, 136], x / 14), { outline: 1.2 });
        img.shape(circle(7, 30, 4.6), () => [236, 196, 160], { outline: 1.1 }); // hand
    } },
    sword: { w: 18, h: 80, rotate: true, draw: (img) => {
        const blade = minus(polygon([[9, 1], [13, 8], [12.5, 62], [5.5, 62], [5, 8]]), box(9, 30, 1.3, 9, 1.2));
        img.shape(blade, (x) => (x < 9 ? [235, 240, 250] : [170, 180, 200]), { outline: 1 });
        img.shape(box(9, 64, 8, 2.2, 1.2), () => [200, 160, 50], { outline: 1 });  // cross-guard
        img.shape(box(9, 71, 2.2, 5, 1), () => [100, 60, 30], { outline: 0.9 });   // grip
        img.shape(circle(9, 77.5, 2.4), () => [200, 160, 50], { outline: 0.9 });    // pommel
    } },
    cape: { w: 40, h: 56, draw: (img) => {
        const cloth = polygon([[8, 1], [32, 1], [39, 50], [30, 55], [20, 50], [10, 55], [1, 50]]);
        img.shape(cloth, (x, y) => mix([200, 40, 50], [120, 20, 40], y / 56 + 0.15 * Math.sin(x / 3)), { outline: 1.2 });
    } },
};

/** Shelf packing with `pad` transparent texels around each region; a rotated region occupies h x w. */
function packKnight(names, pad = 2) {
    const items = names.map((name) => {
        const g = KNIGHT_REGIONS[name];
        return { name, g, fw: g.rotate ? g.h : g.w, fh: g.rotate ? g.w : g.h };
    });
    items.sort((p, q) => q.fh - p.fh || (p.name < q.name ? -1 : 1));
    for (const [W, H] of [[128, 128], [256, 128], [256, 256]]) {
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
    throw new Error('the knight does not fit a 256 x 256 page');
}

/** The page (premultiplied alpha, as Spine exports by default); a rotated region turned 90° counter-clockwise, as Spine stores it. */
function knightPage(page) {
    const png = new PNG({ width: page.W, height: page.H });
    png.data.fill(0);
    for (const { g, x: X, y: Y } of page.items) {
        const img = new Image(g.w, g.h);
        g.draw(img);
        const src = img.png().data;
        for (let iy = 0; iy < g.h; iy++) for (let ix = 0; ix < g.w; ix++) {
            const px = g.rotate ? X + iy : X + ix, py = g.rotate ? Y + (g.w - 1 - ix) : Y + iy;
            const s = (iy * g.w + ix) * 4, d = (py * page.W + px) * 4, a = src[s + 3];
            for (let c = 0; c < 3; c++) png.data[d + c] = Math.round((src[s + c] * a) / 255);
            png.data[d + 3] = a;
        }
    }
    return png;
}

function knightAtlas(page, pngName) {
    const lines = ['', pngName, `size: ${page.W},${page.H}`, 'format: RGBA8888', 'filter: Linear,Linear', 'repeat: none'];
    for (const { name, g, x, y } of [...page.items].sort((p, q) => (p.name < q.name ? -1 : 1))) {
        lines.push(name, `  rotate: ${g.rotate ? 'true' : 'false'}`, `  xy: ${x}, ${y}`, `  size: ${g.w}, ${g.h}`, `  orig: ${g.w}, ${g.h}`, '  offset: 0, 0', '  index: -1');
    }
    return `${lines.join('\n')}\n`;
}

function knightSkeleton() {
    const bones = [
        { name: 'root' },
        { name: 'hip', parent: 'root', y: 47 },
        { name: 'torso', parent: 'hip' },
        { name: 'head', parent: 'torso', y: 40 },
        { name: 'armB', parent: 'torso', x: -4, y: 36, length: 30, rotation: -90 },
        { name: 'armF', parent: 'torso', x: 4, y: 36, length: 30, rotation: -90 },
        { name: 'hand', parent: 'armF', x: 26 },
        { name: 'legB', parent: 'hip', x: -5, length: 46, rotation: -90 },
        { name: 'legF', parent: 'hip', x: 5, length: 46, rotation: -90 },
    ];
    // back to front
    const slots = [
        { name: 'armB', bone: 'armB', attachment: 'arm', color: 'c8c8d2ff' },
        { name: 'legB', bone: 'legB', attachment: 'leg', color: 'c8c8d2ff' },
        { name: 'cape', bone: 'torso', attachment: 'cape' },
        { name: 'legF', bone: 'legF', attachment: 'leg' },
        { name: 'body', bone: 'torso', attachment: 'body' },
        { name: 'head', bone: 'head', attachment: 'head' },
        { name: 'sword', bone: 'hand', attachment: 'sword' },
        { name: 'armF', bone: 'armF', attachment: 'arm' },
    ];
    // Limb bones point down (rotation -90): an upright region (top at the joint) is turned +90 and
    // centred half its height along the bone. The sword lies along the hand bone, its grip in the hand.
    const cape = (() => {
        const uv = [[0.2, 0], [0.8, 0], [1, 0.9], [0.75, 1], [0.5, 0.9], [0.25, 1], [0, 0.9], [0.5, 0.45]];
        // torso space: hangs from the shoulders behind the back (towards -x), flaring out
        const vertices = uv.flatMap(([u, v]) => [Math.round((-16 + u * 18 - v * 12 + u * v * 4) * 100) / 100, Math.round((40 - v * 46) * 100) / 100]);
        return { type: 'mesh', uvs: uv.flat(), triangles: [0, 1, 7, 1, 2, 7, 2, 3, 7, 3, 4, 7, 4, 5, 7, 5, 6, 7, 6, 0, 7], vertices, hull: 7, width: 40, height: 56 };
    })();
    const attachments = {
        armB: { arm: { x: 14, rotation: 90, width: 14, height: 36 } },
        legB: { leg: { x: 23, rotation: 90, width: 16, height: 48 } },
        cape: { cape },
        legF: { leg: { x: 23, rotation: 90, width: 16, height: 48 } },
        body: { body: { y: 20, width: 36, height: 50 } },
        head: { head: { x: 1, y: 17, width: 40, height: 42 } },
        sword: { sword: { y: 31, width: 18, height: 80 } },
        armF: { arm: { x: 14, rotation: 90, width: 14, height: 36 } },
    };
    const rot = (keys) => keys.map(([time, angle]) => (time ? { time, angle } : { angle }));
    const animations = {
        walk: {
            bones: {
                hip: { translate: [{ x: 0, y: 0 }, { time: 0.2, x: 0, y: -3 }, { time: 0.4, x: 0, y: 0 }, { time: 0.6, x: 0, y: -3 }, { time: 0.8, x: 0, y: 0 }] },
                torso: { rotate: rot([[0, 0], [0.2, -4], [0.4, 0], [0.6, -4], [0.8, 0]]) },
                head: { rotate: rot([[0, 0], [0.2, 3], [0.4, 0], [0.6, 3], [0.8, 0]]) },
                legF: { rotate: rot([[0, 28], [0.4, -28], [0.8, 28]]) },
                legB: { rotate: rot([[0, -28], [0.4, 28], [0.8, -28]]) },
                armB: { rotate: rot([[0, -25], [0.4, 25], [0.8, -25]]) },
                armF: { rotate: rot([[0, 75], [0.4, 5], [0.8, 75]]) },
            },
        },
        attack: {
            bones: {
                torso: { rotate: rot([[0, 0], [0.15, 8], [0.32, -10], [0.5, 0]]) },
                armF: { rotate: rot([[0, 0], [0.15, 200], [0.32, 20], [0.5, 40]]) },
                armB: { rotate: rot([[0, 0], [0.15, 30], [0.32, -30], [0.5, 0]]) },
            },
        },
    };
    // setup-pose bounds of the regions (no bone is rotated in the setup pose but the limbs' -90)
    const world = {};
    for (const b of bones) {
        const p = b.parent ? world[b.parent] : { x: 0, y: 0, r: 0 };
        const c = Math.cos((p.r * Math.PI) / 180), s = Math.sin((p.r * Math.PI) / 180);
        world[b.name] = { x: p.x + c * (b.x ?? 0) - s * (b.y ?? 0), y: p.y + s * (b.x ?? 0) + c * (b.y ?? 0), r: p.r + (b.rotation ?? 0) };
    }
    let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
    const add = (B, lx, ly) => {
        const c = Math.cos((B.r * Math.PI) / 180), s = Math.sin((B.r * Math.PI) / 180);
        const x = B.x + c * lx - s * ly, y = B.y + s * lx + c * ly;
        x0 = Math.min(x0, x); y0 = Math.min(y0, y); x1 = Math.max(x1, x); y1 = Math.max(y1, y);
    };
    for (const slot of slots) {
        const a = attachments[slot.name][slot.attachment], B = world[slot.bone];
        if (a.type === 'mesh') { for (let i = 0; i < a.vertices.length; i += 2) add(B, a.vertices[i], a.vertices[i + 1]); continue; }
        const c = Math.cos(((a.rotation ?? 0) * Math.PI) / 180), s = Math.sin(((a.rotation ?? 0) * Math.PI) / 180);
        for (const [kx, ky] of [[-1, -1], [1, -1], [1, 1], [-1, 1]]) {
            const lx = (kx * a.width) / 2, ly = (ky * a.height) / 2;
            add(B, (a.x ?? 0) + c * lx - s * ly, (a.y ?? 0) + s * lx + c * ly);
        }
    }
    const r2 = (v) => Math.round(v * 100) / 100;
    const skeleton = { hash: '', spine: '3.8.99', x: r2(x0), y: r2(y0), width: r2(x1 - x0), height: r2(y1 - y0), images: './images/', audio: '' };
    const body = { bones, slots, skins: [{ name: 'default', attachments }], animations };
    skeleton.hash = createHash('sha1').update(JSON.stringify({ skeleton, ...body })).digest('base64').replace(/=+$/, '').slice(0, 27);
    return { skeleton, ...body };
}

/** Creator 3.8's metas for a Spine export: the JSON (spine-data), the atlas (no importer of its own), the page (a texture). */
function spineMetas(dirRel, base) {
    const png = `assets/demos/art/${dirRel}/${base}.png`, uuid = uuidFor(png);
    return {
        json: { ver: '1.2.5', importer: 'spine-data', imported: true, uuid: uuidFor(`assets/demos/art/${dirRel}/${base}.json`), files: ['.json'], subMetas: {}, userData: {} },
        atlas: { ver: '1.0.0', importer: '*', imported: true, uuid: uuidFor(`assets/demos/art/${dirRel}/${base}.atlas`), files: ['.atlas', '.json'], subMetas: {}, userData: {} },
        png: {
            ver: '1.0.27', importer: 'image', imported: true, uuid, files: ['.json', '.png'],
            subMetas: {
                '6c48a': {
                    importer: 'texture', uuid: `${uuid}@6c48a`, displayName: base, id: '6c48a', name: 'texture',
                    userData: { wrapModeS: 'repeat', wrapModeT: 'repeat', minfilter: 'linear', magfilter: 'linear', mipfilter: 'none', anisotropy: 0, isUuid: true, imageUuidOrDatabaseUri: uuid, visible: false },
                    ver: '1.0.22', imported: true, files: ['.json'], subMetas: {},
                },
            },
            userData: { hasAlpha: true, type: 'texture', redirect: `${uuid}@6c48a`, fixAlphaTransparencyArtifacts: false },
        },
    };
}

// ------------------------------------------------------------------ writing

const written = [];
function write(rel, data) {
    const p = join(ART, rel);
    mkdirSync(dirname(p), { recursive: true });
    writeFileSync(p, data);
    written.push(relative(root, p));
}

/** `node scripts/gen-demo-art.mjs shooter` redraws only the sprites whose path contains "shooter". */
const only = process.argv[2] ?? '';

function sprite(rel, img, texture) {
    if (!rel.includes(only)) return uuidFor(`assets/demos/art/${rel}`);
    const png = img().png();
    write(rel, PNG.sync.write(png));
    const name = rel.split('/').pop().replace(/\.png$/, '');
    write(`${rel}.meta`, json(imageMeta(`assets/demos/art/${rel}`, png, name, texture)));
    return uuidFor(`assets/demos/art/${rel}`);
}

function dir(rel) {
    const path = rel ? `assets/demos/art/${rel}` : 'assets/demos/art';
    const p = join(root, `${path}.meta`);
    mkdirSync(dirname(p), { recursive: true });
    writeFileSync(p, json(directoryMeta(path)));
    written.push(relative(root, p));
}

mkdirSync(ART, { recursive: true });
writeFileSync(join(root, 'assets/demos.meta'), json(directoryMeta('assets/demos')));
dir('');
for (const d of ['shooter', 'maze', 'hero', 'terrain', 'rocks', 'character']) dir(d);

sprite('shooter/fighter.png', () => fighter());
sprite('shooter/saucer.png', () => saucer());
sprite('shooter/player.png', () => playerShip());
sprite('shooter/bullet.png', () => bullet());
sprite('maze/wall.png', () => wallTile(), { filter: 'nearest' });
sprite('maze/pillar.png', () => pillarTile(), { filter: 'nearest' });
sprite('maze/floor.png', () => floorTile(), { filter: 'nearest' });
const heroFrames = [0, 1, 2, 3].map((f) => sprite(`hero/hero-${f}.png`, () => hero(f), { filter: 'nearest' }));
// The ground's picture is edited at run time: keep it out of the dynamic atlas (packable false).
sprite('terrain/ground.png', () => ground(960, 260), { packable: false });
for (let k = 0; k < 4; k++) sprite(`rocks/rock-${k}.png`, () => rock(k + 1, [32, 28, 36, 24][k]));

// Auto Atlas over the rocks folder (Creator packs the folder's frames into one texture when building).
write('rocks/rocks.pac', json({ __type__: 'cc.SpriteAtlas' }));
write('rocks/rocks.pac.meta', json({
    ver: '1.0.8', importer: 'auto-atlas', imported: true, uuid: uuidFor('assets/demos/art/rocks/rocks.pac'), files: ['.json'], subMetas: {},
    userData: {
        maxWidth: 1024, maxHeight: 1024, padding: 2, allowRotation: true, forceSquared: false, powerOfTwo: false, algorithm: 'MaxRects',
        format: 'png', quality: 80, contourBleed: true, paddingBleed: true, filterUnused: true, removeTextureInBundle: true,
        removeImageInBundle: true, removeSpriteAtlasInBundle: true, compressSettings: {},
        textureSetting: { wrapModeS: 'clamp-to-edge', wrapModeT: 'clamp-to-edge', minfilter: 'linear', magfilter: 'linear', mipfilter: 'none', anisotropy: 0 },
    },
}));

// The hero's walk cycle: an AnimationClip with one track setting cc.Sprite.spriteFrame.
const FPS = 8;
const times = heroFrames.map((_, i) => i / FPS);
write('hero/hero-walk.anim', json([
    {
        __type__: 'cc.AnimationClip', _name: 'hero-walk', _objFlags: 0, __editorExtras__: { embeddedPlayerGroups: [] }, _native: '',
        sample: FPS, speed: 1, wrapMode: 2, enableTrsBlending: false, _duration: heroFrames.length / FPS, _hash: 0,
        _tracks: [{ __id__: 1 }], _exoticAnimation: null, _events: [], _embeddedPlayers: [], _additiveSettings: { __id__: 6 }, _auxiliaryCurveEntries: [],
    },
    { __type__: 'cc.animation.ObjectTrack', _binding: { __type__: 'cc.animation.TrackBinding', path: { __id__: 2 }, proxy: null }, _channel: { __id__: 4 } },
    { __type__: 'cc.animation.TrackPath', _paths: [{ __id__: 3 }, 'spriteFrame'] },
    { __type__: 'cc.animation.ComponentPath', component: 'cc.Sprite' },
    { __type__: 'cc.animation.Channel', _curve: { __id__: 5 } },
    { __type__: 'cc.ObjectCurve', _times: times, _values: heroFrames.map((u) => ({ __uuid__: `${u}@f9941`, __expectedType__: 'cc.SpriteFrame' })) },
    { __type__: 'cc.AnimationClipAdditiveSettings', enabled: false, refClip: null },
]));
write('hero/hero-walk.anim.meta', json({
    ver: '2.0.3', importer: 'animation-clip', imported: true, uuid: uuidFor('assets/demos/art/hero/hero-walk.anim'), files: ['.cconb'], subMetas: {}, userData: { name: 'hero-walk' },
}));

// The character scene: the knight (Spine 3.8: JSON, atlas, page) and its props.
sprite('character/crate.png', () => crate());
sprite('character/coin.png', () => coin());
sprite('character/ground.png', () => groundTile(), { filter: 'nearest' });
if ('character/knight'.includes(only) || only === '') {
    const page = packKnight(Object.keys(KNIGHT_REGIONS));
    const metas = spineMetas('character', 'knight');
    write('character/knight.png', PNG.sync.write(knightPage(page)));
    write('character/knight.png.meta', json(metas.png));
    write('character/knight.atlas', knightAtlas(page, 'knight.png'));
    write('character/knight.atlas.meta', json(metas.atlas));
    write('character/knight.json', json(knightSkeleton()));
    write('character/knight.json.meta', json(metas.json));
}

console.log(`wrote ${written.length} files under ${relative(root, ART)}`);
