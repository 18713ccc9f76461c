/**
 * The runtime in the native engine's shape (Creator's simulator and native builds: the engine's
 * JavaScript on V8 over C++ through JSB), with the double switched by `setNativeEngine(true)`
 * where the native engine differs in what the runtime touches (measured in the native harness,
 * engine 3.8.5): `setPosition(NaN, ...)` stores the NaN, `worldPosition` reads it as 0 while the
 * world matrix is NaN, `ImageAsset.isCompressed` is a method, the transform getters allocate.
 * The engine runs are the test/engine entries in the native harness (by hand).
 */
import { ImageAsset, Texture2D } from 'cc';
import { FakeCanvas } from './cc';
import { CollisionSystem, PixelMasks } from 'db://pixel-collision/runtime/index';
import { imageCompressed } from '../../extensions/pixel-collision/assets/runtime/masks';
import { logs, setNativeEngine } from './cc';
import { frame, freshScene, sprite, texture, tick } from './helpers';

const full = (w: number, h: number) => texture(w, h, () => true);

beforeEach(() => {
    freshScene();
    PixelMasks.clear();
    setNativeEngine(true);
});
afterAll(() => setNativeEngine(false));

describe('the double in the native engine\'s shape', () => {
    test('stores setPosition(NaN, 0, 0) as NaN: worldPosition reads 0, the world matrix NaN (as measured natively)', () => {
        const s = sprite('A', frame(full(4, 4)));
        s.node.setPosition(NaN, 0, 0);
        expect(s.node.position.x).toBeNaN();
        expect(s.node.worldPosition.x).toBe(0);
        expect(s.node.worldMatrix.m12).toBeNaN();
        setNativeEngine(false);
        s.node.setPosition(NaN, 0, 0);
        expect(s.node.position.x).toBe(0); // the web engine: Vec3#set (x || 0)
    });

    test('ImageAsset.isCompressed is a method (always truthy read as a property)', () => {
        const tex = full(4, 4);
        const image = tex.image as ImageAsset;
        expect(typeof image.isCompressed).toBe('function');
        expect(imageCompressed(image)).toBe(false);
        setNativeEngine(false);
        expect(image.isCompressed).toBe(false);
        expect(imageCompressed(image)).toBe(false);
    });
});

describe('the runtime in the native engine', () => {
    test('CPU pixels are read from an uncompressed image (not taken for compressed): mask source "pixels", exact count', () => {
        const a = sprite('A', frame(full(16, 16)));
        const b = sprite('B', frame(full(16, 16)), { x: 10 });
        tick();
        expect(a.collider.maskSource).toBe('pixels');
        expect(b.collider.maskSource).toBe('pixels');
        expect(a.collider.contactCount).toBe(1);
        expect(PixelMasks.stats().readback).toBe(0);
        expect(logs.warn).toEqual([]);
    });

    test('a compressed image (the method says so) is not read as RGBA bytes', () => {
        const tex = new Texture2D();
        const bytes = new Uint8Array(8 * 8 * 4).fill(255);
        tex.image = new ImageAsset({ _data: bytes, _compressed: true, width: 8, height: 8, format: Texture2D.PixelFormat.RGB_ETC1 });
        expect(imageCompressed(tex.image as ImageAsset)).toBe(true);
        const a = sprite('A', frame(tex));
        tick();
        expect(a.collider.maskSource).not.toBe('pixels');
    });

    test('a NaN position set with setPosition(x, y, z) is skipped with one warning, then comes back', () => {
        const tex = full(8, 8);
        const a = sprite('A', frame(tex));
        sprite('B', frame(tex), { x: 2 });
        tick();
        expect(a.collider.contactCount).toBe(1);
        a.node.setPosition(NaN, 0, 0);
        expect(() => { tick(); tick(); }).not.toThrow();
        expect(a.collider.contactCount).toBe(0);
        expect(logs.warn.filter((w) => /NaN or infinite position/.test(w))).toHaveLength(1);
        a.node.setPosition(0, 0, 0);
        tick();
        expect(a.collider.contactCount).toBe(1);
    });

    test('a NaN scale is skipped with one warning that names the scale', () => {
        const tex = full(8, 8);
        const a = sprite('A', frame(tex));
        sprite('B', frame(tex), { x: 2 });
        tick();
        a.node.setScale(NaN, 1, 1);
        tick();
        tick();
        expect(a.collider.contactCount).toBe(0);
        expect(logs.warn.filter((w) => /NaN or infinite scale or rotation/.test(w))).toHaveLength(1);
    });

    test('an image element (the jsb-adapter\'s shim: no drawImage, no getImageData) is read back from the GPU, not drawn', () => {
        // What a PNG loaded natively gives: image.data is the adapter's HTMLImageElement, and the
        // adapter defines `document`, whose 2D context cannot draw an image or read pixels.
        const cc = jest.requireActual('./cc') as { director: { root?: unknown }; gfx: Record<string, unknown> };
        const g = globalThis as { document?: unknown };
        const saved = { root: cc.director.root, doc: g.document };
        class BufferTextureCopy { texOffset = { x: 0, y: 0, z: 0 }; texExtent = { width: 0, height: 0, depth: 0 }; }
        Object.assign(cc.gfx, { API: { WEBGL2: 2, WEBGPU: 3, GLES3: 1 }, Format: { RGBA8: 35 }, BufferTextureCopy });
        g.document = { createElement: () => ({ width: 0, height: 0, getContext: () => ({ fillRect() {} }) }) };
        cc.director.root = {
            device: {
                gfxAPI: 1,
                copyTextureToBuffers(_t: unknown, bufs: Uint8Array[]) { bufs[0].fill(255); },
            },
        };
        try {
            const tex = full(8, 8);
            (tex.image as unknown as { reset(d: unknown): void }).reset(new FakeCanvas(8, 8));
            (tex as unknown as { getGFXTexture(): unknown }).getGFXTexture = () => ({ format: 35 });
            const a = sprite('A', frame(tex));
            sprite('B', frame(full(8, 8)), { x: 4 });
            tick();
            expect(a.collider.maskSource).toBe('readback');
            expect(a.collider.contactCount).toBe(1);
            expect(logs.warn.filter((w) => /skipped/.test(w))).toEqual([]);
        } finally {
            cc.director.root = saved.root;
            g.document = saved.doc;
            for (const k of Object.keys(cc.gfx)) delete cc.gfx[k];
        }
    });

    test('moveAndSlide by less than the engine\'s epsilon far from the origin: the collider follows the node it did not move', () => {
        // The engine ignores a world position equal to the current one within its epsilon
        // (relative 1e-6 in the web engine, modelled here; 1e-5 and float32 natively).
        const tex = full(8, 8);
        const a = sprite('A', frame(tex), { x: 1e6 });
        tick();
        const t = { a: 0, b: 0, c: 0, d: 0, tx: 0, ty: 0 };
        const before = a.collider.getWorldTransform(t).tx;
        for (let i = 0; i < 10; i++) { CollisionSystem.instance.moveAndSlide(a.collider, 0.25, 0); tick(); }
        expect(a.node.worldPosition.x).toBe(1e6); // each move was ignored by the engine
        expect(a.collider.getWorldTransform(t).tx).toBe(before); // and the collider did not drift 2.5 away
    });

    test('moveAndSlide to a stop a hair from a wall: the float32 position the engine keeps does not round into the wall', () => {
        // Natively the node keeps float32 positions. A move that ends free in doubles, 1e-7 px
        // from a wall's sample, is stored rounded onto it: the next step finds the collider
        // overlapping and pushes it out by a cell (a hero pressed against a wall jitters).
        const wall = sprite('Wall', frame(full(8, 40)), { x: 0, y: 0 }); // samples up to x = 3.5
        const hero = sprite('Hero', frame(full(15, 15)), { x: 12, y: 0 }); // left edge at x - 7.5
        tick();
        const sys = CollisionSystem.instance;
        // Free while x > 11 (the wall's sample at 3.5 lies left of the edge x - 7.5).
        const m = sys.moveAndSlide(hero.collider, -(1 - 1e-7), 0);
        expect(m.x).toBeCloseTo(-1, 6);
        tick();
        const x = hero.node.worldPosition.x;
        expect(x).toBeGreaterThan(11);
        expect(x).toBeLessThan(11.001);
        expect(sys.placeMeeting(hero.collider, x, 0)).toBeNull();
        expect(hero.collider.isTouching(wall.collider)).toBe(false);
        const again = sys.moveAndSlide(hero.collider, 0, 0.5); // slides on, nothing to push out of
        expect([again.x, again.y]).toEqual([0, 0.5]);
    });

    test('placeMeeting reads the node\'s position from its world matrix (the same answer as on the web)', () => {
        const tex = full(8, 8);
        const a = sprite('A', frame(tex), { x: 100 });
        sprite('B', frame(tex), { x: 0 });
        tick();
        const sys = CollisionSystem.instance;
        expect(sys.placeMeeting(a.collider, 4, 0)?.node.name).toBe('B');
        expect(sys.placeMeeting(a.collider, 9, 0)).toBeNull();
    });
});
