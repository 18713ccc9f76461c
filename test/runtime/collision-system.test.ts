/**
 * The runtime in the cc test double: PixelCollider + CollisionSystem as a game uses them
 * (imported through the extension's mount path, db://pixel-collision/runtime/index).
 */
import { _decorator, Component, Node, Sprite, UITransform, Vec2, Vec3 } from 'cc';
import type { SpriteFrame } from 'cc';
import {
    BitMask, CollisionSystem, NarrowMode, PixelCollider, PixelContact, PixelMasks, PixelShape,
} from 'db://pixel-collision/runtime/index';
import { Contact, testMasks } from '../../extensions/pixel-collision/assets/core';
import { logs, setProjectSettings } from './cc';
import { frame, freshScene, sprite, texture, tick } from './helpers';

const full = (w: number, h: number) => texture(w, h, () => true);

type Ev = string;
/** Records `type self-other count nx,ny` for every event a collider gets through on(). */
function listen(c: PixelCollider, log: Ev[]): void {
    // A destroyed component (its node already gone) shows as "destroyed".
    const name = (p: PixelCollider) => (p.isValid ? p.node.name : 'destroyed');
    for (const type of ['onPixelCollide', 'onPixelCollideStay', 'onPixelCollideEnd'] as const) {
        c.on(type, (self: PixelCollider, other: PixelCollider, contact: PixelContact) => {
            log.push(`${type} ${name(self)}-${name(other)} ${contact.count} ${Math.round(contact.normal.x)},${Math.round(contact.normal.y)}`);
        });
    }
}

beforeEach(() => {
    freshScene();
    PixelMasks.clear();
});

describe('events', () => {
    test('enter, stay, end reach both sides, each with the normal pointing from self to other', () => {
        const tex = full(16, 16);
        const a = sprite('A', frame(tex), { x: 0 });
        const b = sprite('B', frame(tex), { x: 10 });
        const log: Ev[] = [];
        listen(a.collider, log);
        listen(b.collider, log);
        tick();
        tick();
        b.node.setPosition(40, 0, 0);
        tick();
        tick();
        // A covers [-8, 8), B [2, 18): 6 columns x 16 rows of shared samples.
        expect(log).toEqual([
            'onPixelCollide A-B 96 1,0', 'onPixelCollide B-A 96 -1,0',
            'onPixelCollideStay A-B 96 1,0', 'onPixelCollideStay B-A 96 -1,0',
            'onPixelCollideEnd A-B 96 1,0', 'onPixelCollideEnd B-A 96 -1,0',
        ]);
    });

    test('component methods named onPixelCollide* on the node are called too (enabled components only)', () => {
        const calls: string[] = [];
        class Watcher extends Component {
            onPixelCollide(self: PixelCollider, other: PixelCollider) { calls.push(`${this.node.name} enter ${self.node.name}->${other.node.name}`); }
            onPixelCollideEnd(self: PixelCollider, other: PixelCollider) { calls.push(`${this.node.name} end ${self.node.name}->${other.node.name}`); }
        }
        _decorator.ccclass('Watcher')(Watcher);
        const tex = full(8, 8);
        const a = sprite('A', frame(tex));
        const b = sprite('B', frame(tex), { x: 4 });
        a.node.addComponent(Watcher);
        b.node.addComponent(Watcher).enabled = false;
        tick();
        b.node.setPosition(100, 0, 0);
        tick();
        expect(calls).toEqual(['A enter A->B', 'A end A->B']);
    });

    test('the contact is what the core decides for the two world transforms (rotated, flipped, scaled)', () => {
        const ring = texture(20, 20, (x, y) => { const d = Math.hypot(x - 9.5, y - 9.5); return d < 9.5 && d > 4; });
        const a = sprite('A', frame(ring), { angle: 33, sx: -1.5, sy: 0.75 });
        const b = sprite('B', frame(ring), { x: 9, y: 3, angle: -71, sx: 1.25, sy: -1 });
        tick();
        const c = a.collider.contactWith(b.collider);
        const ta = a.collider.getWorldTransform({ a: 0, b: 0, c: 0, d: 0, tx: 0, ty: 0 });
        const tb = b.collider.getWorldTransform({ a: 0, b: 0, c: 0, d: 0, tx: 0, ty: 0 });
        const out = new Contact();
        const expected = testMasks(a.collider.mask as BitMask, ta, b.collider.mask as BitMask, tb, { contact: true }, out);
        expect(expected).toBe(true);
        expect(c).not.toBeNull();
        expect(c!.count).toBe(out.count);
        expect(c!.centroid.x).toBeCloseTo(out.centroidX, 12);
        expect(b.collider.contactWith(a.collider)!.normal.x).toBeCloseTo(-out.normalX, 12);
        expect(a.collider.isTouching(b.collider)).toBe(true);
        expect(a.collider.contactCount).toBe(1);
    });

    test('a pair\'s details are computed once for both sides: the second side reads the first side\'s result, mirrored', () => {
        const ring = texture(20, 20, (x, y) => { const d = Math.hypot(x - 9.5, y - 9.5); return d < 9.5 && d > 4; });
        const a = sprite('A', frame(ring), { angle: 33 });
        const b = sprite('B', frame(ring), { x: 9, y: 3, angle: -71 });
        const calls: number[][] = [[], []];
        let tickNo = 0;
        const seen: number[][] = [];
        for (const s of [a, b]) {
            for (const type of ['onPixelCollide', 'onPixelCollideStay'] as const) {
                s.collider.on(type, (_self: PixelCollider, _other: PixelCollider, c: PixelContact) => {
                    seen.push([c.count, c.normal.x, c.normal.y, c.centroid.x]);
                });
            }
        }
        // Count the detail computations: the core contacts' resolver (the CPU narrow phase).
        const fill = (Contact.prototype as unknown as { _fill(g: number): void })._fill;
        const spy = jest.spyOn(Contact.prototype as unknown as { _fill(g: number): void }, '_fill').mockImplementation(function (this: Contact, g: number) {
            calls[tickNo].push(g);
            return fill.call(this, g);
        });
        try {
            tick();
            tickNo = 1;
            tick();
        } finally {
            spy.mockRestore();
        }
        // Two frames (enter, stay), two sides each: the first computes overlap and normal once
        // (the count's read, then the normal's; or the count's read alone where the pair is small
        // enough for one pass cell by cell to fill both); the second none, as neither sprite
        // moved (the pair keeps its answer and the details read from it).
        expect(seen.length).toBe(4);
        expect([[1, 2], [1]]).toContainEqual(calls[0]);
        expect(calls[1]).toEqual([]);
        for (const f of [0, 2]) {
            const [ca, cb] = [seen[f], seen[f + 1]];
            expect(cb[0]).toBe(ca[0]);
            expect(cb[1]).toBe(-ca[1]);
            expect(cb[2]).toBe(-ca[2]);
            expect(cb[3]).toBe(ca[3]);
        }
        // And the answer is the core's for the two transforms.
        const ta = a.collider.getWorldTransform({ a: 0, b: 0, c: 0, d: 0, tx: 0, ty: 0 });
        const tb = b.collider.getWorldTransform({ a: 0, b: 0, c: 0, d: 0, tx: 0, ty: 0 });
        const out = new Contact();
        testMasks(a.collider.mask as BitMask, ta, b.collider.mask as BitMask, tb, { contact: true }, out);
        expect(seen[3][0]).toBe(out.count);
        expect(seen[2][1]).toBeCloseTo(out.normalX, 12);
    });

    test('destroying, disabling and adding nodes inside a callback is safe and applied after the step', () => {
        const tex = full(8, 8);
        const a = sprite('A', frame(tex));
        const b = sprite('B', frame(tex), { x: 4 });
        const c = sprite('C', frame(tex), { x: -4 });
        const log: Ev[] = [];
        for (const s of [a, b, c]) listen(s.collider, log);
        let added: Node | null = null;
        a.collider.on('onPixelCollide', (_self: PixelCollider, other: PixelCollider) => {
            if (other.node.name === 'B') {
                b.node.destroy();
                c.collider.enabled = false;
                added = sprite('D', frame(tex), { x: 2 }).node;
            }
        });
        expect(() => tick()).not.toThrow();
        // The step finishes: A-B and A-C were both decided in it; right after it, the pairs of the
        // colliders that left in it end, on both sides, their nodes still alive (B is destroyed
        // by the engine in the next frame).
        expect(log).toEqual([
            'onPixelCollide A-B 32 1,0', 'onPixelCollide B-A 32 -1,0',
            'onPixelCollide A-C 32 -1,0', 'onPixelCollide C-A 32 1,0',
            'onPixelCollideEnd A-B 32 1,0', 'onPixelCollideEnd B-A 32 -1,0',
            'onPixelCollideEnd A-C 32 -1,0', 'onPixelCollideEnd C-A 32 1,0',
        ]);
        log.length = 0;
        tick();
        expect(added).not.toBeNull();
        expect(log.filter((e) => !e.startsWith('onPixelCollideStay'))).toEqual(['onPixelCollide A-D 48 1,0']);
        expect(a.collider.touching.map((o) => o.node.name)).toEqual(['D']);
    });

    test('a throwing callback is logged and the frame goes on', () => {
        const tex = full(8, 8);
        const a = sprite('A', frame(tex));
        const b = sprite('B', frame(tex), { x: 4 });
        const seen: string[] = [];
        a.collider.on('onPixelCollide', () => { throw new Error('game bug'); });
        b.collider.on('onPixelCollide', () => seen.push('B got it'));
        const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
        expect(() => tick()).not.toThrow();
        expect(seen).toEqual(['B got it']);
        expect(String(spy.mock.calls[0][0])).toMatch(/onPixelCollide callback on "A" threw/);
        spy.mockRestore();
    });
});

describe('masks from sprite frames', () => {
    test('one mask per (texture, rect, rotated, threshold), shared by every collider showing it', () => {
        const tex = texture(16, 16, (x, y) => x + y < 20);
        const f = frame(tex);
        const s1 = sprite('A', f), s2 = sprite('B', f, { x: 100 }), s3 = sprite('C', frame(tex), { x: 200 });
        s3.collider.alphaThreshold = 10;
        tick();
        expect(s1.collider.mask).toBe(s2.collider.mask);
        expect(s1.collider.mask).not.toBe(s3.collider.mask);
        expect(PixelMasks.stats().masks).toBe(2);
        expect(PixelMasks.stats().pixels).toBe(2);
        expect(PixelMasks.stats().bytes).toBe(2 * 16 * 4);
        expect(s1.collider.mask!.count()).toBe(BitMask.fromRGBA(texelsOf(tex), 16, 16).count());
    });

    test('a rotated, trimmed atlas frame is read upright from the stored texels', () => {
        // A 10 x 6 upright "L" stored rotated 90 degrees clockwise at (3, 2) of a 20 x 20 atlas.
        const upright = (i: number, j: number) => i < 2 || j >= 4;
        const tex = texture(20, 20, (cx, cy) => {
            const sx = Math.floor(cx) - 3, sy = Math.floor(cy) - 2; // stored region: 6 wide (upright height), 10 tall
            if (sx < 0 || sy < 0 || sx >= 6 || sy >= 10) return false;
            return upright(sy, 6 - 1 - sx);
        });
        const s = sprite('L', frame(tex, { rect: [3, 2, 10, 6], rotated: true, originalSize: [12, 8], offset: [1, 0] }));
        tick();
        const m = s.collider.mask!;
        expect([m.width, m.height]).toEqual([10, 6]);
        for (let j = 0; j < 6; j++) for (let i = 0; i < 10; i++) expect(m.get(i, j)).toBe(upright(i, j));
    });

    test('a frame repacked by the dynamic atlas is read from its original texture', async () => {
        const { packFrame } = await import('./cc');
        const tex = texture(8, 8, (x, y) => x === y);
        const f = frame(tex);
        const atlas = texture(64, 64, () => false);
        packFrame(f as never, atlas as never, 10, 20);
        const s = sprite('P', f);
        tick();
        expect(s.collider.mask!.count()).toBe(8);
    });

    test('an animated sprite switches masks the same frame, and a pair still overlapping stays', () => {
        const tex = full(16, 16);
        const f1 = frame(tex), f2 = frame(tex, { rect: [0, 0, 12, 12] });
        const a = sprite('A', f1);
        const b = sprite('B', frame(tex), { x: 5 });
        const log: Ev[] = [];
        listen(a.collider, log);
        tick();
        const m1 = a.collider.mask;
        a.sprite.spriteFrame = f2; // TRIMMED: content size becomes 12 x 12, A covers [-6, 6) x [-6, 6)
        tick();
        expect(a.collider.mask).not.toBe(m1);
        expect(a.collider.mask!.width).toBe(12);
        expect(log).toEqual(['onPixelCollide A-B 176 1,0', 'onPixelCollideStay A-B 108 1,0']);
    });

    test('unreadable texture: the collider falls back to its quad, with one warning saying how to bake', () => {
        const tex = texture(8, 8, () => true);
        (tex.image as unknown as { reset(d: unknown): void }).reset({ _data: null, _compressed: false, width: 8, height: 8, format: 35 });
        const a = sprite('Ghost', frame(tex));
        sprite('Other', frame(full(8, 8)), { x: 6 });
        tick();
        tick();
        expect(a.collider.mask).toBeNull();
        expect(a.collider.contactCount).toBe(1);
        const warnings = logs.warn.filter((w) => /cannot be read/.test(w));
        expect(warnings).toHaveLength(1);
        expect(warnings[0]).toMatch(/Ghost/);
        expect(warnings[0]).toMatch(/[Bb]ake/);
        expect(PixelMasks.stats().none).toBe(1);
    });

    test('baked library: bakeLibrary from code, then addLibrary serves the mask without reading pixels', () => {
        const tex = texture(12, 10, (x, y) => (x * y) % 3 === 0);
        (tex as unknown as { _uuid: string })._uuid = 'tex-uuid-1';
        const f = frame(tex);
        const lib = PixelMasks.bakeLibrary([f], 0);
        const expected = PixelMasks.maskOf(f)!;
        PixelMasks.clear();
        PixelMasks.addLibrary(JSON.parse(JSON.stringify(lib)));
        (tex.image as unknown as { reset(d: unknown): void }).reset({ _data: null, _compressed: false, width: 12, height: 10, format: 35 });
        const s = sprite('Baked', f);
        tick();
        expect(PixelMasks.stats().baked).toBe(1);
        expect(s.collider.mask!.serialize()).toEqual(expected.serialize());
        expect(() => PixelMasks.addLibrary({ format: 'nope' })).toThrow(/not a pixel-collision mask library/);
    });

    /**
     * The texel of a stretched piece under local coordinate `x` (measured from the content box's
     * left or bottom edge): pieces are [x0, x1) of the box showing texels [u0, u1) (an inverse map,
     * written here independently of the runtime's forward maps).
     */
    const pieceTexel = (x: number, stops: [number, number, number][]): number => {
        for (let k = 0; k < stops.length - 1; k++) {
            const [x0, u0] = [stops[k][0], stops[k][2]], [x1, u1] = [stops[k + 1][0], stops[k + 1][2]];
            if (x >= x0 && x < x1 && x1 > x0) return Math.floor(u0 + ((x - x0) / (x1 - x0)) * (u1 - u0));
        }
        return -1;
    };

    test('SLICED: nine pieces, borders kept in units and the centre stretched; borders shrink when the box is narrower than both', () => {
        // a 6 x 6 frame with a pattern in every piece; insets L 2, T 1, R 1, B 2
        const texel = (i: number, j: number): boolean => (i * 7 + j * 3) % 4 !== 0;
        const f = frame(texture(6, 6, (x, y) => texel(Math.floor(x), Math.floor(y))));
        f.insetLeft = 2; f.insetTop = 1; f.insetRight = 1; f.insetBottom = 2;
        const s = sprite('Sliced', f, { x: 0.25, y: 0.25 });
        s.sprite.sizeMode = Sprite.SizeMode.CUSTOM;
        s.sprite.type = Sprite.Type.SLICED;
        const ui = s.node.getComponent(UITransform)!;
        const expectMap = (cw: number, ch: number) => {
            ui.setContentSize(cw, ch);
            tick();
            const xs = Math.min(1, cw / 3), ys = Math.min(1, ch / 3);
            // stops [x from the left edge, -, texel u]; rows from the bottom: texel v from the top
            const cols: [number, number, number][] = [[0, 0, 0], [2 * xs, 0, 2], [cw - 1 * xs, 0, 5], [cw, 0, 6]];
            const rows: [number, number, number][] = [[0, 0, 6], [2 * ys, 0, 4], [ch - 1 * ys, 0, 1], [ch, 0, 0]];
            const want: string[] = [];
            for (let y = 7; y >= -8; y--) {
                let r = '';
                for (let x = -10; x < 11; x++) {
                    const lx = x + 0.5 - 0.25 + 0.5 * cw, ly = y + 0.5 - 0.25 + 0.5 * ch;
                    const u = pieceTexel(lx, cols), vFromTop = pieceTexel(ly, rows);
                    // rows run top-down in texels: the stop's texel value decreases upwards
                    r += u >= 0 && vFromTop >= 0 && texel(u, vFromTop) ? '#' : '.';
                }
                want.push(r);
            }
            expect(solidMap(s.collider, -10, -8, 11, 8)).toEqual(want);
        };
        expectMap(17, 11);
        expectMap(2.5, 13); // narrower than L + R = 3: both borders shrink by 2.5 / 3, no centre
        expect(s.collider.mask).toBeNull(); // parts, not one mask
        expect(s.collider.maskSource).toBe('pixels');
        // An inset change rebuilds the pieces.
        f.insetLeft = 0; f.insetRight = 0;
        ui.setContentSize(12, 6);
        tick();
        const cw = 12, ch = 6, ys = 1;
        const want: string[] = [];
        for (let y = 2; y >= -3; y--) {
            let r = '';
            for (let x = -6; x < 6; x++) {
                const lx = x + 0.25 + 6, ly = y + 0.25 + 3;
                const u = Math.floor((lx / cw) * 6);
                const v = pieceTexel(ly, [[0, 0, 6], [2 * ys, 0, 4], [ch - 1 * ys, 0, 1], [ch, 0, 0]]);
                r += lx >= 0 && lx < cw && v >= 0 && texel(u, v) ? '#' : '.';
            }
            want.push(r);
        }
        expect(solidMap(s.collider, -6, -3, 6, 3)).toEqual(want);
        expect(logs.warn).toEqual([]);
    });

    /** Expected solid map of a FILLED sprite: the rect stretched over the box, cut by `inFill(fx, fy)` (fractions of the box). */
    const filledMap = (texel: (i: number, j: number) => boolean, w: number, h: number, cw: number, ch: number,
        inFill: (fx: number, fy: number) => boolean, x0: number, y0: number, x1: number, y1: number): string[] => {
        const rows: string[] = [];
        for (let y = y1 - 1; y >= y0; y--) {
            let r = '';
            for (let x = x0; x < x1; x++) {
                const fx = (x + 0.25 + 0.5 * cw) / cw, fy = (y + 0.25 + 0.5 * ch) / ch;
                const inside = fx >= 0 && fx < 1 && fy >= 0 && fy < 1;
                r += inside && inFill(fx, fy) && texel(Math.floor(fx * w), Math.floor((1 - fy) * h)) ? '#' : '.';
            }
            rows.push(r);
        }
        return rows;
    };

    test('FILLED: horizontal and vertical bars, and radial wedges, cut the stretched frame; a change of the fill follows', () => {
        const texel = (i: number, j: number): boolean => (i + 2 * j) % 5 !== 1;
        const f = frame(texture(8, 6, (x, y) => texel(Math.floor(x), Math.floor(y))));
        const s = sprite('Filled', f, { x: 0.25, y: 0.25 });
        s.sprite.sizeMode = Sprite.SizeMode.CUSTOM;
        s.sprite.type = Sprite.Type.FILLED;
        s.node.getComponent(UITransform)!.setContentSize(20, 14);
        const check = (inFill: (fx: number, fy: number) => boolean) => {
            tick();
            expect(solidMap(s.collider, -11, -8, 11, 8)).toEqual(filledMap(texel, 8, 6, 20, 14, inFill, -11, -8, 11, 8));
        };
        s.sprite.fillType = Sprite.FillType.HORIZONTAL;
        s.sprite.fillStart = 0.2; s.sprite.fillRange = 0.5;
        check((fx) => fx >= 0.2 && fx <= 0.7);
        s.sprite.fillRange = -0.1; // back from the start
        check((fx) => fx >= 0.1 && fx <= 0.2);
        s.sprite.fillType = Sprite.FillType.VERTICAL;
        s.sprite.fillStart = 0.3; s.sprite.fillRange = 0.6;
        check((_fx, fy) => fy >= 0.3 && fy <= 0.9);
        s.sprite.fillRange = 1;
        s.sprite.fillStart = 0;
        check(() => true);
        s.sprite.fillType = Sprite.FillType.RADIAL;
        const wedge = (cx: number, cy: number, start: number, range: number) => (fx: number, fy: number): boolean => {
            const X = (fx - cx) * 20, Y = (fy - cy) * 14;
            let a = Math.atan2(Y, X) / (2 * Math.PI) - start;
            a -= Math.floor(a);
            return a <= range;
        };
        s.sprite.fillCenter = new Vec2(0.5, 0.5);
        s.sprite.fillStart = 0.1; s.sprite.fillRange = 0.6;
        check(wedge(0.5, 0.5, 0.1, 0.6));
        s.sprite.fillCenter = new Vec2(0.3, 0.8);
        s.sprite.fillStart = 0.9; s.sprite.fillRange = 0.3; // across angle 0
        check(wedge(0.3, 0.8, 0.9, 0.3));
        s.sprite.fillRange = -0.2; // clockwise: from 0.7 to 0.9
        check(wedge(0.3, 0.8, 0.7, 0.2));
        s.sprite.fillRange = 0;
        check(() => false);
        expect(s.collider.contactCount).toBe(0);
        expect(logs.warn).toEqual([]);
    });

    test('SLICED / FILLED in BOUNDS mode, or unreadable, are their content box', () => {
        const s = sprite('Sliced', frame(full(6, 6)), { x: 0.25, y: 0.25 });
        s.sprite.sizeMode = Sprite.SizeMode.CUSTOM;
        s.sprite.type = Sprite.Type.FILLED;
        s.sprite.fillRange = 0.5;
        s.node.getComponent(UITransform)!.setContentSize(10, 6);
        s.collider.mode = NarrowMode.BOUNDS;
        tick();
        const row = '.##########..', none = '.............';
        expect(solidMap(s.collider, -6, -4, 7, 5)).toEqual([none, none, row, row, row, row, row, row, none]);
        expect(s.collider.maskSource).toBe('bounds');
    });

    /** Solid world cells around a node, by queryPoint at their centres, as rows of '#' / '.' (top row first). */
    const solidMap = (c: PixelCollider, x0: number, y0: number, x1: number, y1: number): string[] => {
        const rows: string[] = [];
        for (let y = y1 - 1; y >= y0; y--) {
            let r = '';
            for (let x = x0; x < x1; x++) r += CollisionSystem.instance.queryPoint(x + 0.5, y + 0.5).includes(c) ? '#' : '.';
            rows.push(r);
        }
        return rows;
    };

    test('TILED (no insets): the frame repeated 1:1 from the content box\'s bottom-left corner, the last column and row cut', () => {
        // a 5 x 4 frame: an L (its bottom row and left column) and one texel at (3, 0) (top row)
        const tile = (i: number, j: number): boolean => j === 3 || i === 0 || (i === 3 && j === 0);
        const s = sprite('Tiled', frame(texture(5, 4, (x, y) => tile(Math.floor(x), Math.floor(y)))), { x: 0.25, y: 0.25 });
        s.sprite.sizeMode = Sprite.SizeMode.CUSTOM;
        s.sprite.type = Sprite.Type.TILED;
        const ui = s.node.getComponent(UITransform)!;
        ui.setContentSize(12, 7);
        ui.setAnchorPoint(0.25, 0.5);
        tick();
        expect(s.collider.mask).not.toBeNull();
        // content box: x from 0.25 - 3 = -2.75, y from 0.25 - 3.5 = -3.25; tile texel (X mod 5, row from the bottom Y mod 4)
        const want: string[] = [];
        for (let y = 4; y >= -5; y--) {
            let r = '';
            for (let x = -5; x < 12; x++) {
                const X = Math.floor(x + 0.5 + 2.75), Yb = Math.floor(y + 0.5 + 3.25);
                const inside = X >= 0 && X < 12 && Yb >= 0 && Yb < 7;
                r += inside && tile(X % 5, 3 - (Yb % 4)) ? '#' : '.';
            }
            want.push(r);
        }
        expect(solidMap(s.collider, -5, -5, 12, 5)).toEqual(want);
        expect(logs.warn).toEqual([]);
        // a size change rebuilds the tiles
        ui.setContentSize(3, 2);
        tick();
        expect(s.collider.mask!.width).toBe(3);
        expect(s.collider.mask!.height).toBe(2);
        expect(solidMap(s.collider, -2, -2, 3, 2).join('/')).toBe(['.....', '.#...', '.###.', '.....'].join('/'));
    });

    test('TILED in BOUNDS mode is its content box, where the box is', () => {
        const s = sprite('Tiled', frame(full(4, 4)), { x: 0.25, y: 0.25 });
        s.sprite.sizeMode = Sprite.SizeMode.CUSTOM;
        s.sprite.type = Sprite.Type.TILED;
        s.node.getComponent(UITransform)!.setContentSize(10, 6);
        s.collider.mode = NarrowMode.BOUNDS;
        tick();
        // content box x -4.75..5.25, y -2.75..3.25
        const row = '.##########..', none = '.............';
        expect(solidMap(s.collider, -6, -4, 7, 5)).toEqual([none, none, row, row, row, row, row, row, none]);
    });

    test('TILED with a fractional content size rounds to whole texels with one warning; with insets it is the content box', () => {
        const s = sprite('Tiled', frame(full(4, 4)));
        s.sprite.sizeMode = Sprite.SizeMode.CUSTOM;
        s.sprite.type = Sprite.Type.TILED;
        s.node.getComponent(UITransform)!.setContentSize(10.4, 6);
        tick();
        expect(s.collider.mask!.width).toBe(10);
        tick();
        expect(logs.warn.filter((w) => /TILED sprite's content size 10.4 x 6 is not whole units; it collides as 10 x 6/.test(w))).toHaveLength(1);
        const f = frame(full(4, 4));
        f.insetLeft = 1;
        const t = sprite('Inset', f);
        t.sprite.sizeMode = Sprite.SizeMode.CUSTOM;
        t.sprite.type = Sprite.Type.TILED;
        t.node.getComponent(UITransform)!.setContentSize(9, 9);
        tick();
        expect(t.collider.mask).toBeNull();
        expect(t.collider.maskSource).toBe('box');
        expect(logs.warn.filter((w) => /TILED with a 9-slice border \(insets\) is not pixel-exact/.test(w))).toHaveLength(1);
    });
});

describe('odd nodes never throw into the game loop', () => {
    test('scale 0 collides with nothing that frame, silently; scaling back collides again', () => {
        const tex = full(8, 8);
        const a = sprite('A', frame(tex), { sx: 0, sy: 0 });
        sprite('B', frame(tex), { x: 2 });
        expect(() => tick()).not.toThrow();
        expect(a.collider.contactCount).toBe(0);
        a.node.setScale(1, 1, 1);
        tick();
        expect(a.collider.contactCount).toBe(1);
        expect(logs.warn).toEqual([]);
    });

    test('a NaN position is skipped with one warning', () => {
        // setPosition(x, y, z) and new Vec3(x, y, z) turn NaN into 0 in the engine (`x || 0`); a
        // NaN computed into a Vec3's field (a game's `pos.x += v * dt`) is copied as is.
        const tex = full(8, 8);
        const a = sprite('A', frame(tex));
        sprite('B', frame(tex), { x: 2 });
        tick();
        const p = new Vec3();
        p.x = NaN;
        a.node.setPosition(p);
        expect(() => { tick(); tick(); }).not.toThrow();
        expect(a.collider.contactCount).toBe(0);
        expect(logs.warn.filter((w) => /NaN/.test(w))).toHaveLength(1);
    });

    test('no sprite frame, or an inactive node: collides with nothing', () => {
        const tex = full(8, 8);
        const a = sprite('A', null);
        const b = sprite('B', frame(tex), { x: 2 });
        const c = sprite('C', frame(tex), { x: 3 });
        c.node.active = false;
        tick();
        expect(a.collider.contactCount).toBe(0);
        expect(b.collider.contactCount).toBe(0);
        a.sprite.spriteFrame = frame(tex);
        tick();
        expect(b.collider.touching.map((o) => o.node.name)).toEqual(['A']);
    });

    test('bad values set from code throw a clear error', () => {
        const a = sprite('A', frame(full(4, 4)));
        expect(() => { a.collider.alphaThreshold = 300; }).toThrow(/0-255/);
        expect(() => { a.collider.accuracy = -1; }).toThrow(/accuracy/);
        expect(() => { a.collider.maskBits = 1.5; }).toThrow(/maskBits/);
        expect(() => { CollisionSystem.instance.accuracy = 0; }).toThrow(/accuracy/);
    });
});

describe('groups, shapes, modes', () => {
    test('the collision matrix of the project settings filters pairs (both directions must agree)', () => {
        setProjectSettings({ physics: { collisionGroups: [{ name: 'PLAYER', index: 1 }, { name: 'WALL', index: 2 }], collisionMatrix: { 0: 0b001, 1: 0b100, 2: 0b010 } } });
        const { refreshGroups, PixelCollisionGroup } = jest.requireActual('db://pixel-collision/runtime/index');
        refreshGroups();
        const tex = full(8, 8);
        const p = sprite('P', frame(tex)), w = sprite('W', frame(tex), { x: 2 }), d = sprite('D', frame(tex), { x: -2 });
        p.collider.group = PixelCollisionGroup.PLAYER;
        w.collider.group = PixelCollisionGroup.WALL;
        tick();
        expect(p.collider.touching.map((o) => o.node.name)).toEqual(['W']);
        expect(d.collider.contactCount).toBe(0);
        p.collider.maskBits = 0;
        tick();
        expect(p.collider.contactCount).toBe(0);
    });

    test('BOX, CIRCLE and POLYGON fit the content box by default; BOUNDS collides as the quad', () => {
        const holey = texture(16, 16, (x) => x < 4); // only the left quarter is solid
        const a = sprite('A', frame(holey));
        const b = sprite('B', frame(full(4, 4)), { x: 5 }); // sits over A's transparent part
        tick();
        expect(a.collider.contactCount).toBe(0);
        a.collider.mode = NarrowMode.BOUNDS;
        tick();
        expect(a.collider.contactCount).toBe(1);
        for (const shape of [PixelShape.BOX, PixelShape.CIRCLE, PixelShape.POLYGON]) {
            a.collider.mode = NarrowMode.AUTO;
            a.collider.shape = shape;
            tick();
            expect(a.collider.touching).toEqual([b.collider]);
        }
    });
});

describe('destructible masks', () => {
    test('eraseCircle edits one collider (copy-on-write) and takes effect in that frame', () => {
        const tex = full(16, 16);
        const f = frame(tex);
        const a = sprite('A', f), twin = sprite('Twin', f, { x: 100 });
        const b = sprite('B', frame(full(2, 2)), { x: 0 });
        sprite('B2', frame(full(2, 2)), { x: 100 });
        tick();
        expect(a.collider.contactCount).toBe(1);
        const shared = twin.collider.mask!;
        const before = shared.count();
        const n = a.collider.eraseCircle(0, 0, 3);
        expect(n).toBeGreaterThan(0);
        tick();
        expect(a.collider.contactCount).toBe(0);
        expect(b.collider.contactCount).toBe(0);
        expect(twin.collider.contactCount).toBe(1);
        expect(shared.count()).toBe(before);
        expect(a.collider.mask).not.toBe(shared);
        a.collider.restoreMask();
        tick();
        expect(a.collider.mask).toBe(shared);
        expect(a.collider.contactCount).toBe(1);
    });
});

describe('queries and response', () => {
    test('queryPoint, raycast and placeMeeting see pixels, not boxes', () => {
        const tex = texture(16, 16, (x) => x >= 8); // right half solid: world x in [0, 8)
        const a = sprite('A', frame(tex));
        tick();
        const sys = CollisionSystem.instance;
        expect(sys.queryPoint(-4, 0)).toEqual([]);
        expect(sys.queryPoint(4, 0)).toEqual([a.collider]);
        expect(sys.queryPoint(new Vec3(4, 0, 0))).toEqual([a.collider]);
        expect(sys.raycast({ x: -20, y: 0.5 }, { x: 20, y: 0.5 })?.collider).toBe(a.collider);
        const hit = sys.raycast(-20, 0.5, 20, 0.5);
        expect(hit?.collider).toBe(a.collider);
        expect(hit!.point.x).toBeCloseTo(0, 9);
        const mover = sprite('M', frame(full(4, 4)), { x: -30 });
        tick();
        expect(sys.placeMeeting(mover.collider, -5, 0)).toBeNull();
        expect(sys.placeMeeting(mover.collider, 1, 0)).toBe(a.collider);
        expect(sys.placeMeeting(mover.collider, new Vec3(1, 0, 0))).toBe(a.collider);
        expect(sys.sweep(mover.collider, { x: 40, y: 0 }).collider).toBe(a.collider);
    });

    test('moveAndSlide stops at the wall and slides along it', () => {
        const wall = sprite('Wall', frame(full(8, 64)), { x: 0 }); // x in [-4, 4)
        const m = sprite('M', frame(full(4, 4)), { x: -10, y: 0 }); // x in [-12, -8)
        tick();
        const moved = CollisionSystem.instance.moveAndSlide(m.collider, 10, 5);
        expect(moved.y).toBeCloseTo(5, 9);
        // Samples sit at cell centres: the wall's first column of samples is x = -3.5, which the
        // mover's right edge (-8 + move) reaches only beyond a move of 4.5.
        expect(moved.x).toBeGreaterThan(4.5 - 1 / 64);
        expect(moved.x).toBeLessThanOrEqual(4.5);
        expect(m.node.position.x).toBeCloseTo(-10 + moved.x, 9);
        tick();
        expect(m.collider.contactCount).toBe(0);
        expect(wall.collider.contactCount).toBe(0);
    });

    test('moveAndSlide: a round collider pushed diagonally into a wall slides along it wherever it rests, and stops in a corner', () => {
        // A wall whose first column of samples is x = -3.5, from y = -32 to 32 (a ceiling above it).
        sprite('Wall', frame(full(8, 64)), { x: 0 });
        sprite('Ceiling', frame(full(64, 8)), { x: -32, y: 36 }); // y in [32, 40)
        const sys = CollisionSystem.instance;
        for (const y0 of [0, 0.25, 0.5, -3]) {
            const m = sprite('M', frame(full(18, 18)), { x: -20, y: y0 });
            m.collider.shape = PixelShape.CIRCLE; // radius 9 (the content box)
            tick();
            // Into the wall: a centre on a whole y rests where its edge almost meets the samples
            // at x = -3.5 in every row (the wedge), other heights where it clears them.
            for (let f = 0; f < 20; f++) sys.moveAndSlide(m.collider, 1, 0);
            const x = m.node.position.x;
            expect(sys.placeMeeting(m.collider, x + 1, m.node.position.y)).not.toBeNull();
            // Then up and into the wall, as a player holding a diagonal: it slides up.
            let climbed = 0;
            for (let f = 0; f < 10; f++) climbed += sys.moveAndSlide(m.collider, 0.7, 0.7).y;
            expect(climbed).toBeGreaterThan(0.7 * 10 - 0.5);
            tick();
            expect(m.collider.contactCount).toBe(0);
            // And into the corner under the ceiling: it stops there, touching both, overlapping none.
            for (let f = 0; f < 80; f++) sys.moveAndSlide(m.collider, 0.7, 0.7);
            const p = m.node.position;
            expect(sys.placeMeeting(m.collider, p.x, p.y)).toBeNull();
            expect(sys.placeMeeting(m.collider, p.x + 1, p.y)).not.toBeNull();
            expect(sys.placeMeeting(m.collider, p.x, p.y + 1)).not.toBeNull();
            expect(p.y).toBeGreaterThan(32 - 9 - 1);
            m.node.destroy();
            tick();
        }
    });

    test('a node moved inside a callback is re-read the next frame', () => {
        const tex = full(8, 8);
        const a = sprite('A', frame(tex));
        const b = sprite('B', frame(tex), { x: 4 });
        a.collider.once('onPixelCollide', () => b.node.setPosition(50, 0, 0));
        tick();
        expect(a.collider.contactCount).toBe(1);
        tick();
        expect(a.collider.contactCount).toBe(0);
    });
});

test('debug draw outlines each collider\'s solid texels in world space', () => {
    const { Canvas, Graphics } = jest.requireActual('./cc');
    const canvasNode = new Node('Canvas');
    (freshScene() as unknown as Node).addChild(canvasNode);
    canvasNode.addComponent(Canvas);
    const a = sprite('A', frame(full(4, 4)), { parent: canvasNode, x: 10, y: 20 });
    CollisionSystem.instance.debugDraw = true;
    tick();
    const g = canvasNode.getComponentInChildren(Graphics) as unknown as { calls: Array<[string, ...number[]]> };
    const moves = g.calls.filter((c) => c[0] === 'moveTo').map((c) => [c[1], c[2]]);
    // The 4x4 square's outline: corners at world x in {8, 12}, y in {18, 22}.
    for (const [x, y] of moves.slice(0, 4)) {
        expect([8, 12]).toContain(Math.round(x * 1e9) / 1e9);
        expect([18, 22]).toContain(Math.round(y * 1e9) / 1e9);
    }
    expect(a.collider.contactCount).toBe(0);
    CollisionSystem.instance.debugDraw = false;
    expect((g as unknown as { node: Node }).node.active).toBe(false);
    CollisionSystem.instance.debugDraw = true;
    expect((g as unknown as { node: Node }).node.active).toBe(true);
    CollisionSystem.instance.debugDraw = false;
});

function texelsOf(tex: { image: { data: unknown } | null }): Uint8Array {
    return tex.image!.data as Uint8Array;
}

export type { SpriteFrame };

describe('GPU readback of a texture without CPU pixels', () => {
    /** A fake engine device whose copyTextureToBuffers writes `pixels` (RGBA, rows top-down) or nothing. */
    function withDevice(write: ((buf: Uint8Array, x: number, y: number, w: number, h: number) => void) | null, body: () => void): void {
        const cc = jest.requireActual('./cc') as { director: { root?: unknown }; gfx: Record<string, unknown> };
        const saved = { root: cc.director.root, gfx: { ...cc.gfx } };
        class BufferTextureCopy { texOffset = { x: 0, y: 0, z: 0 }; texExtent = { width: 0, height: 0, depth: 0 }; }
        Object.assign(cc.gfx, { API: { WEBGL2: 2, WEBGPU: 3 }, Format: { RGBA8: 35 }, BufferTextureCopy });
        cc.director.root = {
            device: {
                gfxAPI: 2,
                copyTextureToBuffers(_t: unknown, bufs: Uint8Array[], regions: BufferTextureCopy[]) {
                    const r = regions[0];
                    if (write) write(bufs[0], r.texOffset.x, r.texOffset.y, r.texExtent.width, r.texExtent.height);
                },
            },
        };
        try { body(); } finally { cc.director.root = saved.root; for (const k of Object.keys(cc.gfx)) delete cc.gfx[k]; Object.assign(cc.gfx, saved.gfx); }
    }

    function gpuOnlyTexture(w: number, h: number): { tex: ReturnType<typeof texture>; alpha: (x: number, y: number) => number } {
        const alpha = (x: number, y: number) => ((x * 7 + y * 3) % 5 < 2 ? 255 : 0);
        const tex = texture(w, h, () => true);
        (tex.image as unknown as { reset(d: unknown): void }).reset({ _data: null, _compressed: false, width: w, height: h, format: 35 });
        (tex as unknown as { getGFXTexture(): unknown }).getGFXTexture = () => ({ format: 35 });
        return { tex, alpha };
    }

    test('the frame region is read back once and becomes the mask (one warning saying to bake)', () => {
        const { tex, alpha } = gpuOnlyTexture(16, 12);
        withDevice((buf, x0, y0, w, h) => {
            for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) { const p = (y * w + x) * 4; buf[p] = buf[p + 1] = buf[p + 2] = 0; buf[p + 3] = alpha(x0 + x, y0 + y); }
        }, () => {
            const s = sprite('G', frame(tex, { rect: [2, 3, 10, 8] }));
            tick();
            const m = s.collider.mask!;
            expect([m.width, m.height]).toEqual([10, 8]);
            for (let j = 0; j < 8; j++) for (let i = 0; i < 10; i++) expect(m.get(i, j)).toBe(alpha(2 + i, 3 + j) > 0);
            expect(PixelMasks.stats().readback).toBe(1);
            expect(logs.warn.filter((w) => /read back from the GPU/.test(w))).toHaveLength(1);
        });
    });

    test('a readback that leaves the buffer untouched (cocos-engine#17648) is not taken as "all transparent"', () => {
        const { tex } = gpuOnlyTexture(8, 8);
        withDevice(null, () => {
            const s = sprite('N', frame(tex));
            sprite('Other', frame(full(8, 8)), { x: 6 });
            tick();
            tick();
            expect(s.collider.mask).toBeNull();
            expect(PixelMasks.stats().none).toBe(1);
            expect(s.collider.contactCount).toBe(1); // the quad fallback
        });
    });
});
