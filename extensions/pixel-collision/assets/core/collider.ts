import { affineBounds, assertInvertible } from './affine';
import type { Affine2D } from './affine';
import { BitMask } from './bitmask';
import { SampleMapper } from './exact';
import type { ClippedRaster } from './narrow-phase';
import { WorldRaster } from './raster';
import { rasterizeMask } from './rasterize';
import { checkParts, PartsState } from './parts';
import type { ColliderPart } from './parts';
import { checkAccuracy, DEFAULT_ACCURACY } from './sampling';
import { WorldShape, boxToWorld, circleToWorld, localBoxToWorld, localCircleToWorld, polygonToWorld } from './shape';
import { rasterizeShape } from './shape-raster';
import { shapeContainsSample } from './shape-sampling';

/** `Collider._local` of masks and polygons (they keep no local values). */
const NO_LOCAL = new Float64Array(0);

/**
 * What a collider is made of. Each kind has its own LOCAL space, mapped to the world by the
 * collider's transform:
 *
 * ```
 *   'mask'     a BitMask; local = image space: texel (i, j) covers [i, i+1) x [j, j+1), y DOWN
 *   'box'      width x height around (offsetX, offsetY) with an anchor (default 0.5, 0.5); y up
 *   'circle'   radius around (offsetX, offsetY); the radius scales with the length of the
 *              transform's x axis (like Cocos CircleCollider2D); y up
 *   'polygon'  convex, points [x0, y0, x1, y1, ...] in either winding; y up
 *   'parts'    the union of masks, each under its own map to local and optionally cut by a
 *              convex polygon in local (ColliderPart, parts.ts): sliced and filled sprites
 * ```
 *
 * (The runtime adapter builds each kind's transform from the node; the core does not care which
 * way the world's y points.)
 */
export type ColliderShape =
    | { kind: 'mask'; mask: BitMask }
    | { kind: 'box'; width: number; height: number; offsetX?: number; offsetY?: number; anchorX?: number; anchorY?: number }
    | { kind: 'circle'; radius: number; offsetX?: number; offsetY?: number }
    | { kind: 'polygon'; points: ArrayLike<number> }
    | { kind: 'parts'; parts: readonly ColliderPart[] };

/** Options of {@link CollisionWorld.add}. */
export interface ColliderOptions<T = unknown> {
    shape: ColliderShape;
    /** Local-to-world transform (default identity). Copied. */
    transform?: Readonly<Affine2D>;
    /** Category bits (Box2D `categoryBits`): what this collider is. Default 1. */
    categoryBits?: number;
    /** Mask bits (Box2D `maskBits`): what it collides with. Default all (0xffffffff). */
    maskBits?: number;
    /** Default true. A disabled collider is in no pair and in no query answer. */
    enabled?: boolean;
    /** Samples per world unit (default: the world's). A pair is sampled at the larger of the two. */
    accuracy?: number;
    /** Anything the game wants back in events and queries. */
    userData?: T;
}

/** The world's side of `setTransformAt`: transforms given by id wait there until applied. */
interface TransformQueue {
    applyTransforms(): void;
}

/**
 * One collider of a {@link CollisionWorld}. Create it with `world.add(...)`; change it through
 * its setters (they are deferred while the world is stepping, see {@link CollisionWorld}).
 */
export class Collider<T = unknown> {
    /** Small integer, unique among the world's live colliders; -1 once removed. */
    id = -1;
    /** What the collider is made of (read it; replace it with `world.setShape`). */
    shape: ColliderShape;
    userData: T | undefined;

    /** @internal */ _categoryBits = 1;
    /** @internal */ _maskBits = 0xffffffff;
    /** @internal */ _enabled = true;
    /** @internal */ _accuracy = DEFAULT_ACCURACY;
    /** @internal */ _t: Affine2D = { a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0 };
    /** @internal Broad-phase proxy, -1 when not in the broad phase. */ _proxy = -1;
    /** @internal Bumped whenever the transform changes. */ _stamp = 0;
    /** @internal Set by the world that owns it. */ _world: unknown = null;
    /** @internal Pending state while the world steps. */ _pendingFlags = 0;
    /** @internal Stamp the bounds / world shape were computed for. */ _boundsStamp = -1;
    /**
     * @internal The world AABB (closed) `[minX, minY, maxX, maxY]`, then for a mask the world
     * circle around its opaque texels `[cx, cy, r]` (`BitMask.boundingCircle` under the transform,
     * widened for rounding), valid with the bounds. One block of memory: the per-frame reads and
     * writes of the broad phase and the decision touch one cache line, not seven boxed numbers.
     */
    readonly _box = new Float64Array([0, 0, 0, 0, 0, 0, Infinity]);
    /** @internal False for an empty mask: never collides, kept out of the broad phase. */ _solid = true;
    /** @internal World shape (shape kinds). */ _ws: WorldShape | null = null;
    /** @internal Two raster slots (own accuracy, and the last other accuracy a pair asked for). */
    _rasters: WorldRaster[] = [new WorldRaster(), new WorldRaster()];
    /** @internal Accuracy and transform stamp of each raster slot (fields, not arrays: read for every pair). */
    _rasterAcc0 = 0;
    /** @internal */ _rasterAcc1 = 0;
    /** @internal */ _rasterStamp0 = -1;
    /** @internal */ _rasterStamp1 = -1;
    /**
     * @internal The CPU narrow phase's raster cut to where this collider's pairs need it, for
     * contact details only (created on first use; `_raster` never returns it).
     */
    _clipped: ClippedRaster | null = null;
    /** @internal */ _pendingT: Affine2D = { a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0 };
    /** @internal */ _pendingEnabled = true;
    /** @internal Shape queued by `setShape` during a step. */ _pendingShape: ColliderShape | null = null;
    /** @internal Local corners `[x0, y0, x1, y1]` of a box shape, or `[radius, offsetX, offsetY]` of a circle, once validated. */
    _local: Float64Array = NO_LOCAL;
    /** @internal `_local` holds the box's corners (validated by its first world build; fast path). */ _boxReady = false;
    /** @internal `_local` holds the circle's parameters (validated by its first world build). */ _circleReady = false;
    /** @internal Stamp the world shape was built for. */ _shapeStamp = -1;
    /** @internal Per-transform scratch of a 'parts' shape (made on first use). */ _partsState: PartsState | null = null;

    /** @internal Use `world.add`. */
    constructor(options: ColliderOptions<T>) {
        this.shape = checkShape(options.shape);
        if (options.transform) {
            assertInvertible(options.transform, 'transform');
            copyT(this._t, options.transform);
        }
        if (options.categoryBits !== undefined) this._categoryBits = checkBits(options.categoryBits, 'categoryBits');
        if (options.maskBits !== undefined) this._maskBits = checkBits(options.maskBits, 'maskBits');
        if (options.enabled !== undefined) this._enabled = !!options.enabled;
        if (options.accuracy !== undefined) this._accuracy = checkAccuracy(options.accuracy);
        this.userData = options.userData;
        this._prepareShape();
        // Validate the shape against its transform now (zero area, non-convex polygon...), so
        // bad input fails at add(), not in the middle of a step.
        this._updateBounds();
    }

    /**
     * @internal Replaces the shape (validated against the current transform before anything
     * changes: on a throw the collider keeps its old shape). The caller bumps the stamp.
     */
    _replaceShape(shape: ColliderShape): void {
        const old = this.shape, oldLocal = this._local, oldWs = this._ws, oldBox = this._boxReady, oldCircle = this._circleReady;
        this.shape = checkShape(shape);
        this._prepareShape();
        this._stamp++;
        this._boundsStamp = -1;
        this._shapeStamp = -1;
        try {
            this._updateBounds();
        } catch (e) {
            this.shape = old; this._local = oldLocal; this._ws = oldWs; this._boxReady = oldBox; this._circleReady = oldCircle;
            this._stamp++;
            this._boundsStamp = -1;
            this._updateBounds();
            throw e;
        }
    }

    /** Sets up the per-kind scratch of `this.shape` (typed local values, world shape). */
    private _prepareShape(): void {
        const kind = this.shape.kind;
        this._boxReady = false;
        this._circleReady = false;
        this._local = kind === 'box' || kind === 'circle' ? new Float64Array(4) : NO_LOCAL;
        this._ws = kind === 'mask' || kind === 'parts' ? null : (this._ws ?? new WorldShape());
    }

    /** The current local-to-world transform (do not mutate; use {@link setTransform}). */
    get transform(): Readonly<Affine2D> {
        if (this._world !== null) (this._world as TransformQueue).applyTransforms();
        return this._t;
    }

    get categoryBits(): number {
        return this._categoryBits;
    }

    get maskBits(): number {
        return this._maskBits;
    }

    get enabled(): boolean {
        return this._enabled;
    }

    get accuracy(): number {
        return this._accuracy;
    }

    /** World AABB of what the collider covers (closed), valid after the last change. */
    getBounds<B extends { minX: number; minY: number; maxX: number; maxY: number }>(out: B): B {
        if (this._world !== null) (this._world as TransformQueue).applyTransforms();
        this._updateBounds();
        out.minX = this._box[0]; out.minY = this._box[1]; out.maxX = this._box[2]; out.maxY = this._box[3];
        return out;
    }

    /** @internal Recomputes the world AABB (and world shape) when the transform changed. */
    _updateBounds(): void {
        if (this._boundsStamp === this._stamp) return;
        const t = this._t;
        if (this._boxReady && t.b === 0 && t.c === 0) {
            // Per-frame fast path for unrotated boxes (validated when the collider was added and
            // by setTransform / setPosition since): only the collider's own fields are touched;
            // the world shape is rebuilt lazily, when a narrow test needs it (_shape()).
            const L = this._local;
            const wx0 = t.a * L[0] + t.tx, wx1 = t.a * L[2] + t.tx;
            const wy0 = t.d * L[1] + t.ty, wy1 = t.d * L[3] + t.ty;
            this._box[0] = wx0 < wx1 ? wx0 : wx1;
            this._box[2] = wx0 < wx1 ? wx1 : wx0;
            this._box[1] = wy0 < wy1 ? wy0 : wy1;
            this._box[3] = wy0 < wy1 ? wy1 : wy0;
            this._boundsStamp = this._stamp;
            return;
        }
        this._updateBoundsSlow();
    }

    private _updateBoundsSlow(): void {
        const t = this._t;
        const s = this.shape;
        if (s.kind === 'parts') {
            const ps = this._parts(s.parts);
            this._solid = ps.bounds(s.parts.length, this._box);
            if (!this._solid) {
                this._box[0] = this._box[2] = t.tx;
                this._box[1] = this._box[3] = t.ty;
            }
            this._box[4] = this._box[5] = 0;
            this._box[6] = Infinity;
        } else if (s.kind === 'mask') {
            const b = s.mask.bounds(BOUNDS);
            this._solid = b.width > 0;
            if (this._solid) {
                affineBounds(BOX, t, b.x, b.y, b.x + b.width, b.y + b.height);
                this._box[0] = BOX.minX; this._box[1] = BOX.minY; this._box[2] = BOX.maxX; this._box[3] = BOX.maxY;
                // The circle: its centre mapped, its radius times the largest stretch of the
                // linear part (its spectral norm), then widened far beyond any rounding.
                const circle = s.mask.boundingCircle();
                const cx = circle[0], cy = circle[1], r = circle[2];
                const a = t.a, bb = t.b, c = t.c, d = t.d;
                const sum = a * a + bb * bb + c * c + d * d, det = a * d - bb * c;
                const disc = sum * sum - 4 * det * det;
                const stretch = Math.sqrt((sum + Math.sqrt(disc > 0 ? disc : 0)) / 2);
                this._box[4] = a * cx + c * cy + t.tx;
                this._box[5] = bb * cx + d * cy + t.ty;
                const size = Math.abs(t.tx) + Math.abs(t.ty) + (Math.abs(a) + Math.abs(bb) + Math.abs(c) + Math.abs(d)) * (Math.abs(cx) + Math.abs(cy) + r);
                this._box[6] = r * stretch * (1 + 1e-9) + 1e-9 * (1 + size);
            } else {
                this._box[0] = this._box[2] = t.tx;
                this._box[1] = this._box[3] = t.ty;
            }
        } else {
            const ws = this._ws as WorldShape;
            // The first build validates the shape's numbers (boxToWorld / circleToWorld); later
            // frames build from the kept local values (no double arguments, see localBoxToWorld).
            const L = this._local;
            if (s.kind === 'box') {
                if (this._boxReady) {
                    localBoxToWorld(ws, L, t);
                } else {
                    boxToWorld(ws, s.width, s.height, s.offsetX ?? 0, s.offsetY ?? 0, s.anchorX ?? 0.5, s.anchorY ?? 0.5, t);
                    L[0] = (s.offsetX ?? 0) - (s.anchorX ?? 0.5) * s.width;
                    L[1] = (s.offsetY ?? 0) - (s.anchorY ?? 0.5) * s.height;
                    L[2] = L[0] + s.width;
                    L[3] = L[1] + s.height;
                    this._boxReady = true;
                }
            } else if (s.kind === 'circle') {
                if (this._circleReady) {
                    localCircleToWorld(ws, L, t);
                } else {
                    circleToWorld(ws, s.radius, s.offsetX ?? 0, s.offsetY ?? 0, t);
                    L[0] = s.radius; L[1] = s.offsetX ?? 0; L[2] = s.offsetY ?? 0;
                    this._circleReady = true;
                }
            } else {
                polygonToWorld(ws, s.points, t);
            }
            this._box[0] = ws.minX; this._box[1] = ws.minY; this._box[2] = ws.maxX; this._box[3] = ws.maxY;
        }
        this._boundsStamp = this._stamp;
        this._shapeStamp = this._stamp;
    }

    /** @internal The parts' scratch, up to date with the transform (a 'parts' shape). */
    _parts(parts: readonly ColliderPart[]): PartsState {
        const ps = this._partsState ?? (this._partsState = new PartsState());
        ps.update(parts, this._t, this._stamp);
        return ps;
    }

    /** @internal The world shape (shape kinds), rebuilt when the transform changed since. */
    _shape(): WorldShape {
        this._updateBounds();
        const ws = this._ws as WorldShape;
        if (this._shapeStamp !== this._stamp) {
            // Bounds came from the box fast path: an unrotated box.
            const minX = this._box[0], minY = this._box[1], maxX = this._box[2], maxY = this._box[3];
            ws.kind = 'aabb';
            ws.minX = minX; ws.minY = minY; ws.maxX = maxX; ws.maxY = maxY;
            ws.vertexCount = 4;
            const p = ws.points;
            p[0] = minX; p[1] = minY; p[2] = maxX; p[3] = minY; p[4] = maxX; p[5] = maxY; p[6] = minX; p[7] = maxY;
            this._shapeStamp = this._stamp;
        }
        return ws;
    }

    /**
     * Is the collider solid at the world point `(x, y)`? THE definition every point query
     * follows (`CollisionWorld.queryPoint`, the runtime's `CollisionSystem.queryPoint` and
     * `PixelIntersection.point`), and the one `queryRect`, `raycast` and the narrow phase decide
     * cells by: the point lies in one cell of the collider's sampling grid, and the answer is
     * whether that cell's sample (its centre) belongs to the collider.
     *
     * ```
     *   acc = this.accuracy, s = 1 / acc
     *   cell   (k, l) = (floor(x * acc), floor(y * acc))       covers [k*s, (k+1)*s) x [l*s, (l+1)*s)
     *   sample        = ((k + 0.5) * s, (l + 0.5) * s)         decided exactly (a mask: the texel
     *                                                          it maps into is opaque; a shape: inside)
     *        bounds
     *   ┌────────────┐┄┄┐
     *   │         ·  │ x│   x = the point, just outside the bounds; · = its cell's sample, inside
     *   └────────────┘┄┄┘   and solid: true. Every point of a cell gets the cell's answer.
     * ```
     *
     * So a point up to half a cell outside the bounds can answer true, and a point inside an
     * opaque texel can answer false where its cell's sample is in a transparent one. False for
     * non-finite points and a singular transform. Allocates nothing.
     */
    hasSampleAt(x: number, y: number): boolean {
        if (!Number.isFinite(x) || !Number.isFinite(y)) return false;
        if (this._world !== null) (this._world as TransformQueue).applyTransforms();
        return this._hasSampleInCell(Math.floor(x * this._accuracy), Math.floor(y * this._accuracy));
    }

    /**
     * @internal {@link hasSampleAt} for cell `(k, l)` of the collider's own grid, or of the grid
     * at `acc` (a pair's) when given (transforms applied by the caller).
     */
    _hasSampleInCell(k: number, l: number, acc: number = this._accuracy): boolean {
        const s = this.shape;
        if (s.kind === 'mask') {
            const t = this._t;
            if (!(t.a * t.d - t.b * t.c !== 0)) return false;
            const m = MAPPER.setup(t, acc);
            return s.mask.get(m.floorU(k, l), m.floorV(k, l));
        }
        if (s.kind === 'parts') {
            this._updateBounds();
            if (!this._solid) return false;
            return this._parts(s.parts).sampleInCell(s.parts, k, l, acc);
        }
        return shapeContainsSample(this._shape(), k, l, acc);
    }

    /** @internal Whether {@link _raster} at `accuracy` is cached for the current transform. */
    _hasRaster(accuracy: number): boolean {
        return accuracy === this._accuracy
            ? this._rasterAcc0 === accuracy && this._rasterStamp0 === this._stamp
            : this._rasterAcc1 === accuracy && this._rasterStamp1 === this._stamp;
    }

    /** @internal Sets the transform of a collider outside any world (probes), dropping its caches. */
    _setTransformSnapshot(t: Readonly<Affine2D>): void {
        copyT(this._t, t);
        this._stamp++;
        this._boundsStamp = -1;
        this._shapeStamp = -1;
        this._boxReady = false;
        this._circleReady = false;
    }

    /**
     * @internal The collider on the world grid at `accuracy` (cached per transform; two
     * accuracies are kept).
     */
    _raster(accuracy: number): WorldRaster {
        const slot = accuracy === this._accuracy ? 0 : 1;
        if (this._hasRaster(accuracy)) return this._rasters[slot];
        this._updateBounds();
        const r = this._rasters[slot];
        const s = this.shape;
        if (s.kind === 'mask') rasterizeMask(s.mask, this._t, accuracy, r);
        else if (s.kind === 'parts') this._parts(s.parts).rasterize(s.parts, accuracy, r);
        else rasterizeShape(this._shape(), accuracy, r);
        if (slot === 0) { this._rasterAcc0 = accuracy; this._rasterStamp0 = this._stamp; }
        else { this._rasterAcc1 = accuracy; this._rasterStamp1 = this._stamp; }
        return r;
    }
}

const BOUNDS = { x: 0, y: 0, width: 0, height: 0 };
/** The sample mapper of {@link Collider.hasSampleAt} (scratch: set up per call). */
const MAPPER = new SampleMapper();
const BOX = { minX: 0, minY: 0, maxX: 0, maxY: 0 };

/** @internal Whether a shape is a box, circle or polygon (decided by geometry, not texels). */
export function isGeometric(s: ColliderShape): boolean {
    return s.kind === 'box' || s.kind === 'circle' || s.kind === 'polygon';
}

/** @internal */
export function copyT(out: Affine2D, t: Readonly<Affine2D>): void {
    out.a = t.a; out.b = t.b; out.c = t.c; out.d = t.d; out.tx = t.tx; out.ty = t.ty;
}

function checkBits(v: number, name: string): number {
    if (!Number.isInteger(v) || v < 0 || v > 0xffffffff) {
        throw new RangeError(`${name} must be an integer bit field in [0, 0xffffffff] (Box2D-style filter bits), got ${v}.`);
    }
    return v >>> 0;
}

function checkShape(shape: ColliderShape): ColliderShape {
    if (!shape || typeof shape !== 'object') {
        throw new TypeError("shape must be an object: { kind: 'mask', mask } | { kind: 'box', width, height } | { kind: 'circle', radius } | { kind: 'polygon', points } | { kind: 'parts', parts }.");
    }
    switch (shape.kind) {
        case 'mask':
            if (!(shape.mask instanceof BitMask)) throw new TypeError("a 'mask' shape needs mask: a BitMask (BitMask.fromRGBA(...)).");
            return shape;
        case 'box': case 'circle': case 'polygon':
            return shape;
        case 'parts':
            checkParts(shape.parts);
            return shape;
        default:
            throw new TypeError(`unknown shape kind ${String((shape as { kind?: unknown }).kind)}; use 'mask', 'box', 'circle', 'polygon' or 'parts'.`);
    }
}
