/**
 * Stateless overlap checks in Cocos types, like the engine's `Intersection2D`: "do these two
 * sprites (or a sprite and a point / rect) overlap now, and where?", exact, on the same masks,
 * transforms and sampling grid as the {@link CollisionSystem}, without waiting for its step.
 *
 * A target is a `PixelCollider` or a `Sprite`:
 * - a `PixelCollider` is checked as the system sees it now (its shape, threshold, accuracy; its
 *   node's current transform). A disabled collider, or one that collides with nothing this frame
 *   (scale 0, NaN position, no frame), overlaps nothing;
 * - a `Sprite` with an enabled `PixelCollider` on its node is that collider; any other `Sprite`
 *   is its opaque texels (alpha > 0) where they are drawn (SIMPLE, SLICED, FILLED and TILED
 *   sprites; rotated, trimmed and atlas frames included; a TILED sprite whose frame has insets is
 *   its content box, as its collider would be), at the system's accuracy, from the shared mask cache.
 *
 * Collision groups are not consulted: these are geometric questions. Nothing here throws for a
 * target that cannot collide (it overlaps nothing); non-finite points and rects throw a RangeError.
 */
import { Sprite, UITransform } from 'cc';
import type { Rect } from 'cc';
import {
    Collider, Contact, CpuNarrowPhase, rasterizeShape, testRasters, WorldRaster, WorldShape,
} from '../core/index';
import type { Affine2D, BitMask, ColliderPart, ColliderShape } from '../core/index';
import { CollisionSystem } from './CollisionSystem';
import type { XY } from './CollisionSystem';
import type { PixelContact } from './contact';
import { solidAt } from './hit';
import { PixelMasks } from './masks';
import { PixelCollider } from './PixelCollider';
import { worldMatrixOf } from './node-matrix';
import { spriteToWorld } from './sprite-geometry';
import { typedSpriteParts } from './sprite-parts';
import type { SlicePieces } from './sprite-parts';

/** What {@link PixelIntersection} checks: a collider, or a sprite (its collider, else its opaque texels). */
export type PixelTarget = PixelCollider | Sprite;

const narrow = new CpuNarrowPhase();
const contact = new Contact();
const T: Affine2D = { a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0 };
const rectShape = new WorldShape();
const rectRaster = new WorldRaster();
const RECT_TEST = { contact: false as const };
const RECT_CONTACT = { contact: true as const };
/** Two scratch colliders for sprites without a collider (one per argument of `test`). */
const scratch: Collider[] = [];

function scratchCollider(slot: number, shape: ColliderShape, t: Readonly<Affine2D>, accuracy: number): Collider {
    let c = scratch[slot];
    if (!c) {
        c = scratch[slot] = new Collider({ shape, transform: t, accuracy });
        return c;
    }
    c._setTransformSnapshot(t);
    if (c.shape.kind !== shape.kind || (shape.kind === 'mask' && c.shape.kind === 'mask' && c.shape.mask !== shape.mask) || shape.kind !== 'mask') c._replaceShape(shape);
    c._accuracy = accuracy;
    return c;
}

/** The core collider of a target as of now, or null when it overlaps nothing now. */
function coreOf(target: PixelTarget, slot: number): Collider | null {
    if (target instanceof PixelCollider) return target.enabledInHierarchy ? CollisionSystem.instance._readyCore(target) : null;
    if (!(target instanceof Sprite)) throw new TypeError('PixelIntersection: a target is a PixelCollider or a Sprite.');
    const own = target.node.getComponent(PixelCollider);
    if (own && own.enabledInHierarchy) return CollisionSystem.instance._readyCore(own);
    const frame = target.spriteFrame;
    if (frame && target.type !== Sprite.Type.SIMPLE) return typedSprite(target, slot);
    if (!frame || !spriteToWorld(target, T)) return null;
    const rect = frame.rect;
    const mask = PixelMasks.maskOf(frame, 0);
    const shape: ColliderShape = mask ? { kind: 'mask', mask } : { kind: 'box', width: rect.width, height: rect.height, anchorX: 0, anchorY: 0 };
    return scratchCollider(slot, shape, T, CollisionSystem.instance.accuracy);
}

/** Cut pieces and tiled masks of bare sprites, per frame mask (kept while the mask lives). */
const SLICES = new WeakMap<BitMask, SlicePieces>();
const TILES = new WeakMap<BitMask, BitMask>();

/**
 * A bare SLICED, FILLED or TILED sprite: its frame's mask in parts in node space (as a collider
 * on it would be; sprite-parts.ts), under the node's world matrix.
 */
function typedSprite(sprite: Sprite, slot: number): Collider | null {
    const frame = sprite.spriteFrame!;
    const ui = sprite.node.getComponent(UITransform);
    if (!ui || !(frame.rect.width > 0 && frame.rect.height > 0)) return null;
    const m = worldMatrixOf(sprite.node);
    T.a = m.m00; T.b = m.m01; T.c = m.m04; T.d = m.m05; T.tx = m.m12; T.ty = m.m13;
    const det = T.a * T.d - T.b * T.c;
    if (!(det !== 0 && Number.isFinite(det) && Number.isFinite(T.tx) && Number.isFinite(T.ty))) return null;
    const cw = ui.contentSize.width, ch = ui.contentSize.height, ax = ui.anchorPoint.x, ay = ui.anchorPoint.y;
    const mask = PixelMasks.maskOf(frame, 0);
    const insets = frame.insetLeft || frame.insetTop || frame.insetRight || frame.insetBottom;
    let shape: ColliderShape | null = null;
    if (mask && (sprite.type === Sprite.Type.SLICED || sprite.type === Sprite.Type.FILLED)) {
        const parts: ColliderPart[] = [];
        const cut = typedSpriteParts(sprite, frame, sprite.type === Sprite.Type.SLICED, { mask, cw, ch, ax, ay }, SLICES.get(mask) ?? null, parts);
        if (cut) SLICES.set(mask, cut);
        shape = { kind: 'parts', parts };
    } else if (mask && sprite.type === Sprite.Type.TILED && !insets) {
        // The frame repeated 1:1 from the content box's bottom-left corner (whole units).
        const tw = Math.round(Math.abs(cw)), th = Math.round(Math.abs(ch));
        if (tw < 1 || th < 1) return null;
        let tiles = TILES.get(mask);
        if (!tiles || tiles.width !== tw || tiles.height !== th) { tiles = mask.tiled(tw, th); TILES.set(mask, tiles); }
        const left = -ax * Math.abs(cw), bottom = -ay * Math.abs(ch);
        const parts: ColliderPart[] = [{ mask: tiles, transform: { a: 1, b: 0, c: 0, d: -1, tx: left, ty: bottom + th } }];
        shape = { kind: 'parts', parts };
    } else if (cw > 0 && ch > 0) {
        shape = { kind: 'box', width: cw, height: ch, anchorX: ax, anchorY: ay };
    }
    return shape ? scratchCollider(slot, shape, T, CollisionSystem.instance.accuracy) : null;
}

function checkXY(p: Readonly<XY>, what: string): void {
    if (!p || !Number.isFinite(p.x) || !Number.isFinite(p.y)) throw new RangeError(`PixelIntersection.${what}: the point must be finite, got ${p ? `(${p.x}, ${p.y})` : String(p)}.`);
}

export const PixelIntersection = {
    /**
     * Do `a` and `b` share a world sample now (the system's definition of colliding, at the
     * larger of their accuracies)? When they do and `out` is given, it gets the contact from
     * `a`'s point of view (count, rect, centroid, normal from a to b; `separation` when
     * `CollisionSystem.separation` is on): the contact the system's next step would report for
     * the pair, if neither moved.
     */
    test(a: PixelTarget, b: PixelTarget, out?: PixelContact): boolean {
        const ca = coreOf(a, 0);
        if (!ca) return false;
        const cb = coreOf(b, 1);
        if (!cb || ca === cb) return false;
        const acc = Math.max(ca.accuracy, cb.accuracy);
        const hit = narrow.testPair(ca, cb, acc, CollisionSystem.instance.separation, contact);
        if (hit && out) {
            contact.frame = CollisionSystem.instance.frame;
            out._set(contact, false);
        }
        return hit;
    },

    /**
     * Is the target solid at the world point, by the one definition every query and the
     * narrow phase share: the sample (centre) of the grid cell containing the point (cells of
     * size 1 / accuracy) belongs to the target. The same answer as `CollisionSystem.queryPoint`
     * for every point, also one up to half a cell outside the target's bounds whose cell's
     * centre is inside (core `Collider.hasSampleAt`). For "is the texel under this exact point
     * opaque" use {@link opaqueAt}.
     */
    point(target: PixelTarget, p: Readonly<XY>): boolean {
        checkXY(p, 'point');
        const c = coreOf(target, 0);
        return c !== null && c.hasSampleAt(p.x, p.y);
    },

    /**
     * Is the target solid exactly at the world point: for a mask, is the texel under the point
     * opaque (texel (i, j) covers [i, i+1) x [j, j+1) of the mask's space); for a box, circle or
     * polygon collider, is the point inside. No sampling grid: what pixel-exact touch uses.
     */
    opaqueAt(target: PixelTarget, p: Readonly<XY>): boolean {
        checkXY(p, 'opaqueAt');
        const c = coreOf(target, 0);
        return c !== null && solidAt(c, p.x, p.y);
    },

    /**
     * Does the target have a sample in the world rect (closed, like `CollisionSystem.queryRect`)?
     * With `out`: the contact of the shared samples (count, rect, centroid; normal from the rect
     * towards the target).
     */
    rect(target: PixelTarget, r: Readonly<Rect>, out?: PixelContact): boolean {
        if (!r || !(Number.isFinite(r.x) && Number.isFinite(r.y) && r.width > 0 && r.height > 0 && Number.isFinite(r.width) && Number.isFinite(r.height))) {
            throw new RangeError(`PixelIntersection.rect: the rect must be finite with width and height > 0, got ${r ? `(${r.x}, ${r.y}, ${r.width}, ${r.height})` : String(r)}.`);
        }
        const c = coreOf(target, 0);
        if (!c) return false;
        const acc = c.accuracy;
        rectShape.setAABB(r.x, r.y, r.x + r.width, r.y + r.height);
        rasterizeShape(rectShape, acc, rectRaster);
        const hit = testRasters(rectRaster, c._raster(acc), out ? RECT_CONTACT : RECT_TEST, contact);
        if (hit && out) {
            contact.accuracy = acc;
            contact.frame = CollisionSystem.instance.frame;
            out._set(contact, false);
        }
        return hit;
    },
};
