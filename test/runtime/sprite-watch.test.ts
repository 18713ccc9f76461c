/**
 * A PIXELS collider reads its sprite's frame, trim and type only after some sprite's setter changed
 * one of them (runtime/sprite-watch.ts). These tests change them between still steps and check
 * that the collider follows every change, also for a sprite whose setters are not the watched ones.
 */
import { director, Node, Sprite, UITransform } from 'cc';
import type { SpriteFrame } from 'cc';
import { PixelCollider, PixelMasks } from 'db://pixel-collision/runtime/index';
import { SPRITE_WATCH, spriteWatched } from '../../extensions/pixel-collision/assets/runtime/sprite-watch';
import { frame, freshScene, sprite, texture, tick } from './helpers';

const full = (w: number, h: number) => texture(w, h, () => true);

beforeEach(() => {
    freshScene();
    PixelMasks.clear();
});

describe('sprite watch', () => {
    test('the setters are wrapped: a change moves the epoch, the same value again does not', () => {
        const a = sprite('A', frame(full(8, 8)));
        expect(spriteWatched(a.sprite)).toBe(true);
        const f2 = frame(full(4, 4));
        let e = SPRITE_WATCH.epoch;
        a.sprite.spriteFrame = f2;
        expect(SPRITE_WATCH.epoch).toBe(e + 1);
        a.sprite.spriteFrame = f2;
        expect(SPRITE_WATCH.epoch).toBe(e + 1);
        e = SPRITE_WATCH.epoch;
        a.sprite.trim = !a.sprite.trim;
        a.sprite.type = Sprite.Type.SLICED;
        expect(SPRITE_WATCH.epoch).toBe(e + 2);
        a.sprite.type = Sprite.Type.SLICED;
        expect(SPRITE_WATCH.epoch).toBe(e + 2);
        // The engine's own setter still runs.
        expect(a.sprite.spriteFrame).toBe(f2);
        expect(a.sprite.type).toBe(Sprite.Type.SLICED);
    });

    test('a frame switched after many still steps reaches the collider in the next step', () => {
        const a = sprite('A', frame(full(8, 8)));
        const b = sprite('B', frame(full(8, 8)), { x: 20 });
        for (let i = 0; i < 10; i++) tick();
        expect(a.collider.contactCount).toBe(0);
        // A wider frame (TRIMMED: the content size follows) now reaches B.
        a.sprite.spriteFrame = frame(full(40, 8));
        tick();
        expect(a.collider.mask!.width).toBe(40);
        expect(b.collider.touching.map((o) => o.node.name)).toEqual(['A']);
        for (let i = 0; i < 5; i++) tick();
        a.sprite.spriteFrame = frame(full(8, 8));
        tick();
        expect(a.collider.mask!.width).toBe(8);
        expect(a.collider.contactCount).toBe(0);
    });

    test('another sprite\'s change makes every collider read its sprite once; its own shape is unchanged', () => {
        const a = sprite('A', frame(full(8, 8)));
        const c = sprite('C', frame(full(8, 8)), { x: 100 });
        tick();
        const m = a.collider.mask;
        c.sprite.spriteFrame = frame(full(6, 6));
        tick();
        expect(a.collider.mask).toBe(m);
        expect(c.collider.mask!.width).toBe(6);
    });

    test('trim and type changes between still steps are followed', () => {
        // 8 x 8 texture, opaque only in its 4 x 4 centre: trimmed it is a 4 x 4 frame.
        const tex = texture(8, 8, (x, y) => x >= 2 && x < 6 && y >= 2 && y < 6);
        const a = sprite('A', frame(tex, { rect: [2, 2, 4, 4], originalSize: [8, 8], offset: [0, 0] }));
        for (let i = 0; i < 3; i++) tick();
        expect(a.collider.maskSource).not.toBe('box');
        a.sprite.spriteFrame!.insetLeft = 1;
        a.sprite.type = Sprite.Type.TILED; // with insets, not pixel-exact: the content box
        tick();
        expect(a.collider.maskSource).toBe('box');
        a.sprite.type = Sprite.Type.SIMPLE;
        a.sprite.spriteFrame!.insetLeft = 0;
        tick();
        expect(a.collider.maskSource).not.toBe('box');
        const before = a.collider.getWorldTransform({ a: 0, b: 0, c: 0, d: 0, tx: 0, ty: 0 });
        a.sprite.trim = false; // the untrimmed quad: the frame's texels move within the content box
        tick();
        expect(a.collider.getWorldTransform({ a: 0, b: 0, c: 0, d: 0, tx: 0, ty: 0 })).not.toEqual(before);
    });

    test('a sprite whose accessor is redefined (not watched) is still read every step', () => {
        class OwnSprite extends Sprite {
            private _mine: SpriteFrame | null = null;
            override get spriteFrame(): SpriteFrame | null { return this._mine; }
            override set spriteFrame(v: SpriteFrame | null) { this._mine = v; }
        }
        const node = new Node('Own');
        (director.getScene() as unknown as Node).addChild(node);
        node.addComponent(UITransform).setContentSize(8, 8);
        const own = node.addComponent(OwnSprite);
        own.spriteFrame = frame(full(8, 8));
        const collider = node.addComponent(PixelCollider);
        expect(spriteWatched(own)).toBe(false);
        tick();
        expect(collider.mask!.width).toBe(8);
        const e = SPRITE_WATCH.epoch;
        own.spriteFrame = frame(full(5, 5)); // moves no epoch
        expect(SPRITE_WATCH.epoch).toBe(e);
        tick();
        expect(collider.mask!.width).toBe(5);
    });
});
