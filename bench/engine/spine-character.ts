// The benchmark's Spine character (bench/engine/skeletons.ts), generated in the page: a Spine 3.8
// skeleton JSON ("spine": "3.8.99"), its libGDX atlas text and the atlas page's RGBA texels. All art is
// drawn here (seeded shapes): nothing is read from disk and nothing generated is kept.
//
// 26 bones (hip, a spine of three, neck, head, two arms and legs of three bones each, a tail of four,
// hair of three), 50 slots: 46 region attachments (32 atlas regions, left and right sides share
// theirs; some turned, some scaled) and 4 meshes (an unweighted cape of 7 vertices, an unweighted skirt
// of 9, unweighted hair of 6, and a tail of 10 vertices each weighted to two of its 4 bones), about 120
// triangles drawn. One looping 1 s animation, `walk`, turns every bone but the root and moves the hip.
// One 512 x 256 atlas page (or one page per region: makeCharacter(true)), premultiplied alpha (Spine's
// exporter default).

import { rng } from '../../test/fixtures/masks';

export { rng };

const r2 = (v: number) => Math.round(v * 100) / 100;

type ShapeFn = (x: number, y: number) => boolean;
const SHAPES: Record<string, ShapeFn> = {
    ellipse: (x, y) => (x - 0.5) ** 2 + (y - 0.5) ** 2 <= 0.25,
    roundRect: (x, y) => (2 * x - 1) ** 4 + (2 * y - 1) ** 4 <= 1,
    capsule: (x, y) => { const k = 0.6, dx = Math.max(0, Math.abs(2 * x - 1) - k) / (1 - k); return dx ** 2 + (2 * y - 1) ** 2 <= 1; },
    taper: (x, y) => Math.abs(y - 0.5) <= 0.5 * (1 - 0.6 * x),
    diamond: (x, y) => Math.abs(2 * x - 1) + Math.abs(2 * y - 1) <= 1,
    triangle: (x, y) => Math.abs(y - 0.5) <= 0.5 * x,
    blob: (x, y) => { const dx = x - 0.5, dy = y - 0.5; return Math.hypot(dx, dy) <= 0.5 * (0.82 + 0.18 * Math.sin(5 * Math.atan2(dy, dx))); },
    ring: (x, y) => { const d = Math.hypot(x - 0.5, y - 0.5); return d <= 0.5 && d >= 0.25; },
};

interface Region { name: string; w: number; h: number; shape: string; rgb: [number, number, number]; x?: number; y?: number }

/** Atlas regions: name, size (width along the bone), shape. */
const REGIONS: Region[] = [
    ['hip', 40, 24, 'roundRect'], ['pouch', 16, 14, 'blob'], ['belly', 30, 36, 'ellipse'], ['belt', 12, 40, 'roundRect'],
    ['torso', 30, 44, 'roundRect'], ['badge', 14, 14, 'diamond'], ['chest', 34, 50, 'blob'], ['collar', 16, 14, 'triangle'],
    ['neck', 16, 16, 'capsule'], ['head', 44, 42, 'ellipse'], ['eye', 10, 8, 'ellipse'], ['mouth', 8, 16, 'capsule'],
    ['nose', 10, 8, 'triangle'], ['ear', 16, 10, 'taper'], ['hat', 26, 46, 'triangle'], ['sleeve', 22, 24, 'roundRect'],
    ['upper-arm', 36, 16, 'capsule'], ['forearm', 32, 14, 'capsule'], ['bracer', 14, 18, 'roundRect'], ['hand', 18, 16, 'blob'],
    ['sword', 60, 10, 'taper'], ['shield', 30, 34, 'blob'], ['thigh', 42, 20, 'capsule'], ['kneepad', 14, 16, 'ellipse'],
    ['shin', 40, 16, 'capsule'], ['boot', 24, 20, 'roundRect'], ['foot', 22, 12, 'taper'], ['spike', 16, 12, 'triangle'],
    ['cape', 52, 72, 'blob'], ['skirt', 48, 36, 'roundRect'], ['hair', 30, 40, 'ring'], ['tail', 84, 22, 'taper'],
].map(([name, w, h, shape], i) => ({ name: name as string, w: w as number, h: h as number, shape: shape as string,
    rgb: [60 + ((i * 67) % 180), 60 + ((i * 113) % 180), 60 + ((i * 29) % 180)] as [number, number, number] }));

/** Shelf packing into the page, 2 transparent texels around each region. */
function pack(W: number, H: number): void {
    const items = [...REGIONS].sort((p, q) => q.h - p.h || (p.name < q.name ? -1 : 1));
    let x = 2, y = 2, shelf = 0;
    for (const g of items) {
        if (x + g.w + 2 > W) { x = 2; y += shelf + 2; shelf = 0; }
        if (y + g.h + 2 > H) throw new Error('spine-character: regions do not fit the page');
        g.x = x; g.y = y;
        x += g.w + 2;
        shelf = Math.max(shelf, g.h);
    }
}

/** The page's texels (premultiplied RGBA, row 0 at the top): each region's shape, jagged, with holes and soft edges. */
function paintPage(W: number, H: number): Uint8Array {
    const px = new Uint8Array(W * H * 4);
    REGIONS.forEach((g, gi) => {
        const rnd = rng(1000 + gi);
        const shape = SHAPES[g.shape];
        const holes: [number, number][] = [];
        for (let k = 0; k < 2; k++) holes.push([2 + Math.floor(rnd() * (g.w - 4)), 2 + Math.floor(rnd() * (g.h - 4))]);
        for (let j = 1; j < g.h - 1; j++) {
            const jx = (rnd() - 0.5) * 0.06;
            for (let i = 1; i < g.w - 1; i++) {
                if (!shape((i - 0.5) / (g.w - 2) + jx, (j - 0.5) / (g.h - 2))) continue;
                if (holes.some(([hx, hy]) => Math.abs(hx - i) + Math.abs(hy - j) <= 1)) continue;
                const a = rnd() < 0.08 ? 1 + Math.floor(rnd() * 254) : 255;
                const f = ((i + j) % 6 < 3 ? 1 : 0.8) * a / 255;
                const p = 4 * ((g.y! + j) * W + g.x! + i);
                px[p] = Math.round(g.rgb[0] * f); px[p + 1] = Math.round(g.rgb[1] * f); px[p + 2] = Math.round(g.rgb[2] * f); px[p + 3] = a;
            }
        }
    });
    return px;
}

interface Bone { name: string; parent?: string; length?: number; x?: number; y?: number; rotation?: number }

const BONES: Bone[] = [
    { name: 'root' },
    { name: 'hip', parent: 'root', y: 84 },
    { name: 'spine1', parent: 'hip', rotation: 90, length: 22, x: 0, y: 4 },
    { name: 'spine2', parent: 'spine1', x: 22, length: 22 },
    { name: 'chest', parent: 'spine2', x: 22, length: 26 },
    { name: 'neck', parent: 'chest', x: 26, length: 10 },
    { name: 'head', parent: 'neck', x: 10, length: 38 },
    { name: 'upperArmL', parent: 'chest', x: 20, y: 22, rotation: 168, length: 32 },
    { name: 'foreArmL', parent: 'upperArmL', x: 32, rotation: 18, length: 28 },
    { name: 'handL', parent: 'foreArmL', x: 28, length: 14 },
    { name: 'upperArmR', parent: 'chest', x: 20, y: -22, rotation: -166, length: 32 },
    { name: 'foreArmR', parent: 'upperArmR', x: 32, rotation: -20, length: 28 },
    { name: 'handR', parent: 'foreArmR', x: 28, length: 14 },
    { name: 'thighL', parent: 'hip', x: -12, rotation: -96, length: 40 },
    { name: 'shinL', parent: 'thighL', x: 40, rotation: 4, length: 38 },
    { name: 'footL', parent: 'shinL', x: 38, rotation: 84, length: 18 },
    { name: 'thighR', parent: 'hip', x: 12, rotation: -84, length: 40 },
    { name: 'shinR', parent: 'thighR', x: 40, rotation: -4, length: 38 },
    { name: 'footR', parent: 'shinR', x: 38, rotation: -84, length: 18 },
    { name: 'tail1', parent: 'hip', x: -8, y: -6, rotation: 200, length: 22 },
    { name: 'tail2', parent: 'tail1', x: 22, rotation: -12, length: 22 },
    { name: 'tail3', parent: 'tail2', x: 22, rotation: -12, length: 22 },
    { name: 'tail4', parent: 'tail3', x: 22, rotation: -12, length: 22 },
    { name: 'hair1', parent: 'head', x: 30, y: 12, rotation: 150, length: 18 },
    { name: 'hair2', parent: 'hair1', x: 18, rotation: 20, length: 18 },
    { name: 'hair3', parent: 'hair2', x: 18, rotation: 20, length: 18 },
];

/** The bones the builtin side follows with a box each (sockets): name, the box's length along the bone and width. */
export const SOCKET_BONES: { name: string; length: number; width: number }[] = [
    { name: 'head', length: 44, width: 42 }, { name: 'chest', length: 30, width: 44 }, { name: 'spine1', length: 28, width: 36 },
    { name: 'upperArmL', length: 34, width: 18 }, { name: 'foreArmL', length: 40, width: 16 },
    { name: 'upperArmR', length: 34, width: 18 }, { name: 'foreArmR', length: 40, width: 16 },
    { name: 'shinL', length: 40, width: 18 }, { name: 'shinR', length: 40, width: 18 }, { name: 'tail2', length: 44, width: 20 },
];

/** The path of a bone from the root, as `sp.SpineSocket` wants it ('root/hip/spine1/...'). */
export function bonePath(name: string): string {
    const b = BONES.find((x) => x.name === name);
    if (!b) throw new Error(`no bone ${name}`);
    return b.parent ? `${bonePath(b.parent)}/${name}` : name;
}

/** Setup-pose world transforms (no scale or shear in the setup pose). */
function world(): Record<string, { a: number; b: number; c: number; d: number; x: number; y: number }> {
    const m: Record<string, { a: number; b: number; c: number; d: number; x: number; y: number }> = {};
    for (const b of BONES) {
        const rot = (b.rotation ?? 0) * Math.PI / 180, x = b.x ?? 0, y = b.y ?? 0;
        const la = Math.cos(rot), lb = -Math.sin(rot), lc = Math.sin(rot), ld = Math.cos(rot);
        const p = b.parent ? m[b.parent] : null;
        m[b.name] = p
            ? { a: p.a * la + p.b * lc, b: p.a * lb + p.b * ld, c: p.c * la + p.d * lc, d: p.c * lb + p.d * ld, x: p.a * x + p.b * y + p.x, y: p.c * x + p.d * y + p.y }
            : { a: la, b: lb, c: lc, d: ld, x, y };
    }
    return m;
}

export interface AtlasPage { name: string; width: number; height: number; rgba: Uint8Array }
export interface SpineCharacter { json: string; atlas: string; pages: AtlasPage[]; triangles: number; slots: number }

/**
 * The character. `perRegionPages`: every region on a page of its own (32 pages of the region's size
 * plus a 2-texel margin) instead of one shared 512 x 256 page: the same texels, drawn the same way; a
 * diagnostic of what the size of a part's mask costs the collider.
 */
export function makeCharacter(perRegionPages = false): SpineCharacter {
    const W = 512, H = 256;
    pack(W, H);
    const region = (name: string) => REGIONS.find((g) => g.name === name)!;
    const slots: { name: string; bone: string; attachment: string }[] = [];
    const skin: Record<string, Record<string, unknown>> = {};
    let triangles = 0;
    // A region on a bone: centred at `at` of the bone's length, along the bone, turned by `rot`.
    const add = (slot: string, bone: string, name: string, o: { at?: number; y?: number; rot?: number; sx?: number; sy?: number } = {}) => {
        const g = region(name), len = BONES.find((b) => b.name === bone)!.length ?? 20;
        slots.push({ name: slot, bone, attachment: name });
        skin[slot] = { [name]: { x: r2(len * (o.at ?? 0.5)), y: o.y ?? 0, rotation: o.rot ?? 0, scaleX: o.sx ?? 1, scaleY: o.sy ?? 1, width: g.w, height: g.h } };
        triangles += 2;
    };
    // A mesh: vertices (bone space, or weighted), uvs in the region, triangles.
    const mesh = (slot: string, bone: string, name: string, uvs: number[], vertices: number[], tris: number[], hull: number) => {
        const g = region(name);
        slots.push({ name: slot, bone, attachment: name });
        skin[slot] = { [name]: { type: 'mesh', uvs: uvs.map((v) => Math.round(v * 1e4) / 1e4), triangles: tris, vertices, hull, width: g.w, height: g.h } };
        triangles += tris.length / 3;
    };
    // upright (X right, Y up) to the space of a bone pointing up (rotation 90): x = Y, y = -X
    const up = (X: number, Y: number) => [r2(Y), r2(-X)];

    // behind: tail, cape, hair, back arm
    {
        const W0 = world(), rows = 5, uv: number[][] = [];
        for (let i = 0; i < rows; i++) uv.push([i / (rows - 1), 0.5 - (0.45 - 0.3 * i / (rows - 1))]);
        for (let i = rows - 1; i >= 0; i--) uv.push([i / (rows - 1), 0.5 + (0.45 - 0.3 * i / (rows - 1))]);
        const t1 = W0.tail1, bonesIdx = ['tail1', 'tail2', 'tail3', 'tail4'].map((n) => BONES.findIndex((b) => b.name === n));
        const verts: number[] = [];
        for (const [u, v] of uv) {
            // the strip along the tail's setup direction (tail1's axis), 84 long, 22 wide
            const px = u * 84, py = (v - 0.5) * 22;
            const wx = t1.a * px + t1.b * py + t1.x, wy = t1.c * px + t1.d * py + t1.y;
            const seg = Math.min(2, Math.floor(px / 28)), w2 = Math.min(1, Math.max(0, (px - 28 * seg) / 28)), w1 = 1 - w2;
            verts.push(2);
            for (const [k, w] of [[seg, w1], [seg + 1, w2]] as [number, number][]) {
                const M = W0[BONES[bonesIdx[k]].name], det = M.a * M.d - M.b * M.c;
                const dx = wx - M.x, dy = wy - M.y;
                verts.push(bonesIdx[k], r2((M.d * dx - M.b * dy) / det), r2((-M.c * dx + M.a * dy) / det), Math.round(w * 1000) / 1000);
            }
        }
        const tris: number[] = [];
        for (let i = 0; i < rows - 1; i++) { const R0 = i, R1 = i + 1, L0 = 2 * rows - 1 - i, L1 = 2 * rows - 2 - i; tris.push(R0, R1, L1, R0, L1, L0); }
        mesh('tail', 'tail1', 'tail', uv.flat(), verts, tris, 2 * rows);
    }
    for (let k = 1; k <= 4; k++) add(`spike${k}`, `tail${k}`, 'spike', { y: 9, rot: 90 });
    {
        const uv = [[0.1, 0.03], [0.9, 0.02], [0.99, 0.55], [0.82, 0.98], [0.2, 0.99], [0.01, 0.52], [0.5, 0.5]];
        mesh('cape', 'chest', 'cape', uv.flat(), uv.flatMap(([u, v]) => up((u - 0.5) * 56 + (0.5 - v) * 8, 26 - v * 74)), [0, 1, 6, 1, 2, 6, 2, 3, 6, 3, 4, 6, 4, 5, 6, 5, 0, 6], 6);
    }
    add('upperArmR', 'upperArmR', 'upper-arm'); add('sleeveR', 'upperArmR', 'sleeve', { at: 0.2, rot: 90 });
    add('foreArmR', 'foreArmR', 'forearm'); add('bracerR', 'foreArmR', 'bracer', { at: 0.7, rot: 90 });
    add('handR', 'handR', 'hand'); add('shield', 'handR', 'shield', { at: 0.6, rot: 90, sx: 1.1, sy: 0.9 });
    add('thighR', 'thighR', 'thigh'); add('kneepadR', 'thighR', 'kneepad', { at: 0.95, rot: 90 });
    add('shinR', 'shinR', 'shin'); add('bootR', 'shinR', 'boot', { at: 0.85, rot: 90 }); add('footR', 'footR', 'foot');
    // body
    add('hip', 'hip', 'hip', { at: 0, y: 2 }); add('pouch', 'hip', 'pouch', { at: 0, y: -10 });
    {
        const uv: number[] = [], verts: number[] = [], tris: number[] = [];
        for (let j = 0; j < 3; j++) for (let i = 0; i < 3; i++) {
            uv.push(i / 2, j / 2);
            verts.push(r2((i / 2 - 0.5) * (40 + 14 * j)), r2(4 - j * 18));
        }
        for (let j = 0; j < 2; j++) for (let i = 0; i < 2; i++) { const p = 3 * j + i; tris.push(p, p + 1, p + 4, p, p + 4, p + 3); }
        mesh('skirt', 'hip', 'skirt', uv, verts, tris, 8);
    }
    add('belly', 'spine1', 'belly', { rot: -90 }); add('belt', 'spine1', 'belt', { at: 0.1 });
    add('torso', 'spine2', 'torso', { rot: -90 }); add('badge', 'spine2', 'badge', { at: 0.6, y: -6 });
    add('chest', 'chest', 'chest', { rot: -90 }); add('collarL', 'chest', 'collar', { at: 0.9, y: 10 }); add('collarR', 'chest', 'collar', { at: 0.9, y: -10, sy: -1 });
    add('neck', 'neck', 'neck');
    add('thighL', 'thighL', 'thigh'); add('kneepadL', 'thighL', 'kneepad', { at: 0.95, rot: 90 });
    add('shinL', 'shinL', 'shin'); add('bootL', 'shinL', 'boot', { at: 0.85, rot: 90 }); add('footL', 'footL', 'foot');
    // head
    {
        const uv = [[0.5, 0], [1, 0.3], [0.9, 1], [0.5, 0.8], [0.1, 1], [0, 0.3]];
        mesh('hair', 'hair1', 'hair', uv.flat(), uv.flatMap(([u, v]) => [r2(v * 50 - 4), r2((u - 0.5) * 30)]), [0, 1, 3, 1, 2, 3, 3, 4, 5, 0, 3, 5], 6);
    }
    add('earL', 'head', 'ear', { at: 0.45, y: 22, rot: 90 }); add('head', 'head', 'head', { rot: -90 }); add('earR', 'head', 'ear', { at: 0.45, y: -22, rot: -90 });
    add('eyeL', 'head', 'eye', { at: 0.55, y: 8 }); add('eyeR', 'head', 'eye', { at: 0.55, y: -8 });
    add('nose', 'head', 'nose', { at: 0.4, rot: -90 }); add('mouth', 'head', 'mouth', { at: 0.2 });
    add('hat', 'head', 'hat', { at: 1.2, rot: 0, sx: 1.1 }); add('tuft', 'hair3', 'spike', { at: 0.8 });
    add('gem', 'chest', 'badge', { at: 0.5, rot: 45, sx: 0.8, sy: 0.8 });
    // front arm
    add('upperArmL', 'upperArmL', 'upper-arm'); add('sleeveL', 'upperArmL', 'sleeve', { at: 0.2, rot: 90 });
    add('foreArmL', 'foreArmL', 'forearm'); add('bracerL', 'foreArmL', 'bracer', { at: 0.7, rot: 90 });
    add('handL', 'handL', 'hand'); add('sword', 'handL', 'sword', { at: 1.2, rot: 100 });

    // the animation: every bone but the root turns (a walk of 1 s), the hip bobs
    const T = [0, 0.25, 0.5, 0.75, 1];
    const bones: Record<string, unknown> = {};
    BONES.forEach((b, i) => {
        if (b.name === 'root') return;
        const amp = b.name.startsWith('thigh') || b.name.startsWith('upperArm') ? 28 : b.name.startsWith('tail') || b.name.startsWith('hair') ? 16 : 8;
        const ph = (b.name.endsWith('R') ? Math.PI : 0) + i * 0.4;
        const keys = T.map((t) => ({ ...(t ? { time: t } : {}), angle: r2(amp * Math.sin(2 * Math.PI * t + ph)) }));
        keys[keys.length - 1].angle = keys[0].angle;
        bones[b.name] = { rotate: keys };
    });
    (bones.hip as Record<string, unknown>).translate = T.map((t) => ({ ...(t ? { time: t } : {}), x: 0, y: r2(t === 0.25 || t === 0.75 ? -5 : 0) }));

    const json = JSON.stringify({
        skeleton: { hash: 'pixel-collision-bench', spine: '3.8.99', x: -90, y: -10, width: 180, height: 230, images: './images/', audio: '' },
        bones: BONES, slots, skins: [{ name: 'default', attachments: skin }], animations: { walk: { bones } },
    });
    const rgba = paintPage(W, H);
    const lines: string[] = [];
    const regionLines = (g: Region, x: number, y: number) => lines.push(g.name, '  rotate: false', `  xy: ${x}, ${y}`, `  size: ${g.w}, ${g.h}`, `  orig: ${g.w}, ${g.h}`, '  offset: 0, 0', '  index: -1');
    const header = (name: string, w: number, h: number) => lines.push('', name, `size: ${w},${h}`, 'format: RGBA8888', 'filter: Nearest,Nearest', 'repeat: none');
    const pages: AtlasPage[] = [];
    if (!perRegionPages) {
        header('bench-character.png', W, H);
        for (const g of REGIONS) regionLines(g, g.x!, g.y!);
        pages.push({ name: 'bench-character.png', width: W, height: H, rgba });
    } else {
        for (const g of REGIONS) {
            const w = g.w + 4, h = g.h + 4, px = new Uint8Array(w * h * 4);
            for (let j = 0; j < g.h; j++) px.set(rgba.subarray(4 * ((g.y! + j) * W + g.x!), 4 * ((g.y! + j) * W + g.x! + g.w)), 4 * ((j + 2) * w + 2));
            header(`bench-${g.name}.png`, w, h);
            regionLines(g, 2, 2);
            pages.push({ name: `bench-${g.name}.png`, width: w, height: h, rgba: px });
        }
    }
    return { json, atlas: `${lines.join('\n')}\n`, pages, triangles, slots: slots.length };
}
