// Baked masks in the real engine, as in a native / mini-game build: the textures' CPU copies are
// released after upload (what macro.CLEANUP_IMAGE_CACHE does), GPU readback is blocked, and the
// colliders still collide exactly, from the baked library.
//
//   node ../shared/engine-harness/run.mjs test/engine/baked-masks.ts       (from the project's root)
//   node ../shared/engine-harness/run.mjs test/engine/baked-masks.ts --set LIBRARY_VERSION=1
//     (the earlier library format, which the runtime still reads)
//
// Two sprites from RGBA8 textures made in code, 1 texel = 1 unit (sizeMode RAW), B moved through A:
//  - A: a ring with soft texels (alpha 60), a plain frame with a sprite-frame uuid, threshold 0.
//    Its library entry names another texture (as after an Auto Atlas repack), so only the
//    sprite-frame uuid can find it.
//  - B: a bar with a notch, a ROTATED frame of an atlas texture, made in code (no uuid), threshold
//    127 (its soft texels do not count): found by its source texture + rect.
// The library is made the way the bake makes it (BitMask.fromRGBA of the texture's bytes, upright;
// version 2: encodeMaskCode, buildLibraryGroups; version 1: serialize, base64), in three runs of
// the same motion:
//  1. pixels readable (web): the masks come from the pixels;
//  2. pixels released, readback blocked, library loaded: the masks must come from the library
//     ('baked') and give the same counts as run 1 and as an independent count, every frame;
//  3. the same without the library: the box fallback (to show the library is what made 2 exact).
import {
    director, Director, ImageAsset, Layers, Node, Rect, Size, Sprite, SpriteFrame, Texture2D, UITransform, Vec2,
} from 'cc';
import { BitMask, CollisionSystem, encodeBase64, PixelCollider, PixelMasks } from 'db://pixel-collision/runtime/index';
import type { BakedMaskEntry, PixelContact } from 'db://pixel-collision/runtime/index';
import { buildLibraryGroups, encodeMaskCode } from 'db://pixel-collision/core/index';
import { stage } from './lib';

declare const done: (ok: boolean, message?: string) => void;

/** Upright alpha of a w x h shape (row 0 = top). */
function shape(kind: 'ring' | 'bar', w: number, h: number): Uint8Array {
    const a = new Uint8Array(w * h);
    for (let j = 0; j < h; j++) for (let i = 0; i < w; i++) {
        const x = i + 0.5 - w / 2, y = j + 0.5 - h / 2;
        let v = 0;
        if (kind === 'ring') { const r = Math.hypot(x, y); v = r < w / 2 - 0.5 && r > w / 6 ? 255 : 0; }
        else v = Math.abs(x) < w / 2 - 1 && Math.abs(y) < h / 2 - 1 && !(y > 4 && Math.abs(x) < 3) ? 255 : 0;
        if (v && (i * 3 + j) % 5 === 0) v = 60; // soft texels: solid at threshold 0, not at 127
        a[j * w + i] = v;
    }
    return a;
}

const A = { alpha: shape('ring', 40, 40), w: 40, h: 40, x: 0, y: 0, threshold: 0 };
const B = { alpha: shape('bar', 24, 30), w: 24, h: 30, x: 70, y: 6, threshold: 127 };
// B's atlas: 40 x 32, the bar stored rotated 90° clockwise at (3, 2), occupying 30 x 24 texels:
// displayed (i, j) is texture (3 + 30 - 1 - j, 2 + i).
const ATLAS = { w: 40, h: 32, x: 3, y: 2 };

function rgba(alphaAt: (x: number, y: number) => number, w: number, h: number): Uint8Array {
    const px = new Uint8Array(w * h * 4);
    for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) {
        const k = (y * w + x) * 4;
        px[k] = 40 + x * 5; px[k + 1] = 160; px[k + 2] = 230 - y * 3; px[k + 3] = alphaAt(x, y);
    }
    return px;
}
const A_PX = rgba((x, y) => A.alpha[y * A.w + x], A.w, A.h);
const B_PX = rgba((x, y) => {
    const j = ATLAS.x + B.h - 1 - x, i = y - ATLAS.y;
    return x >= ATLAS.x && x < ATLAS.x + B.h && i >= 0 && i < B.w ? B.alpha[j * B.w + i] : 0;
}, ATLAS.w, ATLAS.h);

function texture(px: Uint8Array, w: number, h: number, uuid: string): Texture2D {
    const tex = new Texture2D();
    tex.image = new ImageAsset({ _data: px, _compressed: false, width: w, height: h, format: Texture2D.PixelFormat.RGBA8888 } as any);
    tex.setFilters(Texture2D.Filter.NEAREST, Texture2D.Filter.NEAREST);
    (tex as any)._uuid = uuid;
    return tex;
}

/**
 * The library version under test: 2 (default) is the compact library the bake writes now (mask
 * codes in groups, indexed by PixelMasks.addLibrary, each mask decoded on first use); 1 is the
 * earlier format (base64 of BitMask.serialize), which projects may still have committed.
 */
const VERSION: number = (globalThis as any).LIBRARY_VERSION ?? 2;

/** The library, as the bake writes it (core only), in format VERSION. */
function library(): { format: 'pixel-collision-masks'; version: number; masks?: BakedMaskEntry[]; groups?: string[] } {
    const a = BitMask.fromRGBA(A_PX, A.w, A.h, { threshold: A.threshold });
    const b = BitMask.fromRGBA(B_PX, ATLAS.w, ATLAS.h, { threshold: B.threshold, rotated: true, rect: { x: ATLAS.x, y: ATLAS.y, width: B.w, height: B.h } });
    // A: found only by its sprite-frame uuid (the texture and rect are the pre-repack ones)
    const entryA = { uuid: 'ring-image@f9941', texture: 'ring-source@6c48a', rect: [64, 0, A.w, A.h] as [number, number, number, number], rotated: false, threshold: A.threshold };
    // B: no uuid, found by its source texture + rect
    const entryB = { texture: 'atlas-image@6c48a', rect: [ATLAS.x, ATLAS.y, B.w, B.h] as [number, number, number, number], rotated: true, threshold: B.threshold };
    if (VERSION === 1) {
        return {
            format: 'pixel-collision-masks', version: 1, masks: [
                { ...entryA, frame: 'ring', data: encodeBase64(a.serialize()) },
                { ...entryB, frame: 'bar', data: encodeBase64(b.serialize()) },
            ],
        };
    }
    return {
        format: 'pixel-collision-masks', version: 2,
        groups: buildLibraryGroups([{ ...entryA, code: encodeMaskCode(a) }, { ...entryB, code: encodeMaskCode(b) }]),
    };
}

/** Independent count: world cells opaque in both (centre-anchored, even sizes, integer positions). */
function expectedCount(bx: number): number {
    const opaque = (s: typeof A, X: number, Y: number) => {
        const i = X - (s.x - s.w / 2), jUp = Y - (s.y - s.h / 2);
        if (i < 0 || jUp < 0 || i >= s.w || jUp >= s.h) return false;
        return s.alpha[(s.h - 1 - jUp) * s.w + i] > s.threshold;
    };
    const b = { ...B, x: bx };
    let n = 0;
    for (let Y = A.y - A.h / 2; Y < A.y + A.h / 2; Y++) for (let X = A.x - A.w / 2; X < A.x + A.w / 2; X++) if (opaque(A, X, Y) && opaque(b, X, Y)) n++;
    return n;
}

interface Run { counts: Map<number, number>; sources: string; stats: string; readbacks: number }

async function run(h: any, parent: Node, mode: 'pixels' | 'baked' | 'nothing'): Promise<Run> {
    PixelMasks.clear();
    const texA = texture(A_PX, A.w, A.h, 'ring-image@6c48a');
    const texB = texture(B_PX, ATLAS.w, ATLAS.h, 'atlas-image@6c48a');
    const fa = new SpriteFrame();
    fa.packable = false;
    fa.texture = texA;
    (fa as any)._uuid = 'ring-image@f9941';
    const fb = new SpriteFrame();
    fb.packable = false;
    fb.reset({ texture: texB, rect: new Rect(ATLAS.x, ATLAS.y, B.w, B.h), originalSize: new Size(B.w, B.h), offset: new Vec2(0, 0), isRotate: true });
    const make = (name: string, f: SpriteFrame, s: typeof A) => {
        const node = new Node(name);
        node.layer = Layers.Enum.UI_2D;
        node.addComponent(UITransform);
        const sp = node.addComponent(Sprite);
        sp.sizeMode = Sprite.SizeMode.RAW;
        sp.spriteFrame = f;
        node.setPosition(s.x, s.y, 0);
        parent.addChild(node);
        node.active = false;
        return node;
    };
    const na = make('A', fa, A), nb = make('B', fb, B);
    await h.frames(2); // textures uploaded
    const device = director.root!.device;
    const copy = device.copyTextureToBuffers;
    let readbacks = 0;
    if (mode !== 'pixels') {
        // What macro.CLEANUP_IMAGE_CACHE leads to after upload: the ImageAsset is released.
        for (const t of [texA, texB]) t.image!.destroy();
        await h.frames(1); // the engine destroys objects at the end of the frame
        for (const t of [texA, texB]) if (t.image && t.image.data) throw new Error('the image cleanup left CPU pixels');
        // and no GPU readback either (a platform where it returns nothing)
        device.copyTextureToBuffers = function () { readbacks++; } as any;
        if (mode === 'baked') PixelMasks.addLibrary(library(), 'test library');
    }
    const counts = new Map<number, number>();
    const ca = na.addComponent(PixelCollider);
    ca.alphaThreshold = A.threshold;
    const cb = nb.addComponent(PixelCollider);
    cb.alphaThreshold = B.threshold;
    const onContact = (_self: PixelCollider, _other: PixelCollider, c: PixelContact) => counts.set(director.getTotalFrames(), c.count);
    ca.on('onPixelCollide', onContact);
    ca.on('onPixelCollideStay', onContact);
    na.active = true;
    nb.active = true;
    let bx = B.x;
    const xs = new Map<number, number>();
    const move = () => { bx -= 5; nb.setPosition(bx, B.y, 0); xs.set(director.getTotalFrames(), bx); };
    director.on(Director.EVENT_BEFORE_UPDATE, move);
    await h.frames(30);
    director.off(Director.EVENT_BEFORE_UPDATE, move);
    const sources = ['A', 'B'].map((n, k) => `${n}:${PixelMasks.acquire(k ? fb : fa, k ? B.threshold : A.threshold).source}`).join(' ');
    const st = PixelMasks.stats();
    device.copyTextureToBuffers = copy;
    na.destroy();
    nb.destroy();
    await h.frames(1);
    // frame -> B's x at that frame, with the count (0 when no event)
    const byX = new Map<number, number>();
    for (const [f, x] of xs) byX.set(x, counts.get(f) ?? 0);
    return { counts: byX, sources, stats: `baked ${st.baked}, pixels ${st.pixels}, readback ${st.readback}, none ${st.none}`, readbacks };
}

export default async function main(h: any) {
    const W = h.width, H = h.height;
    const { canvas: canvasNode } = stage(W, H);
    void CollisionSystem.instance;

    const pixels = await run(h, canvasNode, 'pixels');
    const baked = await run(h, canvasNode, 'baked');
    const nothing = await run(h, canvasNode, 'nothing');

    const problems: string[] = [];
    const xs = [...pixels.counts.keys()].sort((a, b) => b - a);
    let overlapping = 0, total = 0, boxDiffers = 0;
    const rows: string[] = [];
    for (const x of xs) {
        const want = expectedCount(x), p = pixels.counts.get(x), b = baked.counts.get(x), n = nothing.counts.get(x) ?? 0;
        if (want > 0) { overlapping++; total += want; }
        if (p !== want) problems.push(`B at x=${x}: pixels run counted ${p}, independent count ${want}`);
        if (b !== want) problems.push(`B at x=${x}: baked run counted ${b}, independent count ${want}`);
        if (n !== want) boxDiffers++;
        rows.push(`${x}:${want}/${p}/${b}/${n}`);
    }
    console.log(`x:independent/pixels/baked/box-fallback  ${rows.join(' ')}`);
    console.log(`pixels run: sources ${pixels.sources}; ${pixels.stats}`);
    console.log(`baked run:  sources ${baked.sources}; ${baked.stats}; blocked readbacks tried: ${baked.readbacks}`);
    console.log(`no library: sources ${nothing.sources}; ${nothing.stats}; blocked readbacks tried: ${nothing.readbacks}`);
    if (pixels.sources !== 'A:pixels B:pixels') problems.push(`pixels run sources ${pixels.sources}`);
    if (baked.sources !== 'A:baked B:baked') problems.push(`baked run sources ${baked.sources}`);
    if (baked.readbacks !== 0) problems.push(`the baked run tried ${baked.readbacks} readback(s)`);
    if (nothing.sources !== 'A:none B:none') problems.push(`no-library run sources ${nothing.sources}`);
    if (overlapping < 8) problems.push(`only ${overlapping} overlapping positions`);
    if (boxDiffers === 0) problems.push('the box fallback gave the same counts: the test would not tell');
    done(problems.length === 0, problems.length ? problems.join('; ')
        : `library version ${VERSION}: ${xs.length} positions, ${overlapping} overlapping (${total} shared samples): the baked masks (found by sprite-frame uuid for A, by source region for the rotated atlas frame B) gave the independent count at every position, as the pixels did; without the library the box fallback differed at ${boxDiffers}`);
}
