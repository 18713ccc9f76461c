/**
 * PixelCollider's setters refuse what the system cannot use, with a RangeError that says the
 * allowed range (the value is left as it was); the inspector's ranges match.
 */
import { Size, Vec2 } from 'cc';
import { CollisionSystem, NarrowMode, PixelCollider, PixelCollisionGroup, PixelShape } from 'db://pixel-collision/runtime/index';
import { MAX_ACCURACY, MAX_POLYGON_VERTICES } from '../../extensions/pixel-collision/assets/core';
import { getClassMetadata } from './cc';
import { frame, freshScene, sprite, texture, tick } from './helpers';

beforeEach(() => { freshScene(); });

const make = () => sprite('A', frame(texture(8, 8, () => true))).collider;

type Case = [string, unknown, RegExp];
const refused: Case[] = [
    ['accuracy', -1, /accuracy must be 0 \(the CollisionSystem default\) or a number in \(0, 64\]/],
    ['accuracy', 100, /\(0, 64\]/],
    ['accuracy', 64.5, /\(0, 64\]/],
    ['accuracy', NaN, /\(0, 64\]/],
    ['accuracy', Infinity, /\(0, 64\]/],
    ['radius', -5, /radius must be a finite number >= 0/],
    ['radius', NaN, /radius must be a finite number >= 0/],
    ['radius', Infinity, /radius must be a finite number >= 0/],
    ['group', 3.5, /group must be one group bit, 1 << index with index 0-31/],
    ['group', 3, /one group bit/],
    ['group', 0, /one group bit/],
    ['group', -1, /one group bit/],
    ['group', 2 ** 32, /one group bit/],
    ['alphaThreshold', 256, /integer in 0-255/],
    ['alphaThreshold', 1.5, /integer in 0-255/],
    ['alphaThreshold', -1, /integer in 0-255/],
    ['shape', 7, /shape must be a PixelShape \(PIXELS 0, BOX 1, CIRCLE 2 or POLYGON 3\)/],
    ['shape', 'BOX', /shape must be a PixelShape/],
    ['mode', 9, /mode must be a NarrowMode \(AUTO 0, CPU 1, GPU 2 or BOUNDS 3\)/],
    ['size', new Size(-1, 4), /size must have a finite width and height >= 0/],
    ['size', { width: 4, height: NaN }, /size must have a finite width and height >= 0/],
    ['offset', { x: NaN, y: 0 }, /offset must be a finite point/],
    ['points', [new Vec2(0, 0), new Vec2(1, 0)], new RegExp(`points must be an array of 3 to ${MAX_POLYGON_VERTICES} points of a convex polygon`)],
    ['points', [new Vec2(0, 0), new Vec2(10, 0), { x: NaN, y: 5 }], /points must be finite points/],
    ['points', [new Vec2(0, 0), new Vec2(10, 0), new Vec2(2, 2), new Vec2(0, 10)], /points: .*convex/],
    ['points', [new Vec2(0, 0), new Vec2(1, 1), new Vec2(2, 2)], /points: /],
    ['categoryBits', 1.5, /categoryBits must be an integer bit field/],
    ['maskBits', -1, /maskBits must be an integer bit field/],
];

describe('setters refuse what the system cannot use', () => {
    test.each(refused)('%s = %p throws a RangeError naming the allowed range, and keeps the old value', (prop, value, message) => {
        const c = make();
        const rec = c as unknown as Record<string, unknown>;
        const before = JSON.stringify(rec[prop]);
        let err: unknown = null;
        try { rec[prop] = value; } catch (e) { err = e; }
        expect(err).toBeInstanceOf(RangeError);
        expect((err as Error).message).toMatch(message);
        expect(JSON.stringify(rec[prop])).toBe(before);
    });

    test('the values at the edges of each range are taken, and the collider still collides', () => {
        const c = make();
        const other = sprite('B', frame(texture(8, 8, () => true)), { x: 2 }).collider;
        c.accuracy = MAX_ACCURACY;
        c.accuracy = 0;
        c.accuracy = 0.25;
        c.radius = 0;
        c.alphaThreshold = 255;
        c.alphaThreshold = 0;
        c.group = 2 ** 31;
        c.group = PixelCollisionGroup.DEFAULT;
        c.size = new Size(0, 0);
        c.points = [];
        c.points = [new Vec2(-4, -4), new Vec2(4, -4), new Vec2(0, 4)];
        c.shape = PixelShape.POLYGON;
        c.mode = NarrowMode.CPU;
        tick();
        expect(c.isTouching(other)).toBe(true);
    });

    test('CollisionSystem.accuracy takes (0, 64] too', () => {
        const sys = CollisionSystem.instance;
        expect(() => { sys.accuracy = 65; }).toThrow(/CollisionSystem.accuracy must be a number in \(0, 64\]/);
        expect(() => { sys.accuracy = 0; }).toThrow(RangeError);
        expect(sys.accuracy).toBe(1);
    });

    test('the inspector ranges match the setters (accuracy 0-64, threshold 0-255, radius >= 0)', () => {
        const props = getClassMetadata(PixelCollider)!.properties;
        expect(props.accuracy).toMatchObject({ min: 0, max: 64 });
        expect(props.alphaThreshold).toMatchObject({ range: [0, 255, 1] });
        expect(props.radius).toMatchObject({ min: 0 });
    });

    test('the inspector help link points at a heading of the README (the five-minute guide)', () => {
        const help = String(getClassMetadata(PixelCollider)!.editor.help);
        expect(help).toBe('https://github.com/pixel-collision/pixel-collision#five-minute-guide');
        // GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens.
        const readme = require('fs').readFileSync(require('path').join(__dirname, '../../README.md'), 'utf8') as string;
        const anchors = [...readme.matchAll(/^#{1,6} (.+)$/gm)]
            .map((m) => m[1].trim().toLowerCase().replace(/[^\p{L}\p{N} _-]/gu, '').replace(/ /g, '-'));
        expect(anchors).toContain(help.slice(help.indexOf('#') + 1));
    });
});
