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
for (const d of ['shooter', 'maze', 'hero', 'terrain', 'rocks']) dir(d);

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

console.log(`wrote ${written.length} files under ${relative(root, ART)}`);
