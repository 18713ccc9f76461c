/**
 * Collision response for top-down tile games: push a moving box out of the walls it overlaps,
 * along the axis of smaller penetration, so it slides along walls and into corners.
 */
import { badNumber } from './shape';

// Engine globals, read once. Inside a `vm` context (Jest, some sandboxes) every lookup of a global
// such as `Math` or `Infinity` goes through the sandbox's interceptor, which is slow and keeps the
// optimizing compiler from treating calls as the built-ins they are.
const { floor, max, min } = Math;
const isFiniteNumber = Number.isFinite;
const isIntegerNumber = Number.isInteger;
const isView = ArrayBuffer.isView;

/** A plain axis-aligned box, `min <= max`, as used by {@link resolveAABB}. */
export interface AABBLike {
    minX: number;
    minY: number;
    maxX: number;
    maxY: number;
}


// ---------------------------------------------------------------------------------------------
// Collision response
// ---------------------------------------------------------------------------------------------

/**
 * Collision response for a top-down tile game: pushes `mover` (mutated in place) out of
 * every wall it overlaps, each time along the axis of smaller penetration, so that it slides along
 * walls instead of stopping, and does not snag on the seams between adjacent tiles.
 *
 * `walls` is either a list of boxes or a flat array `[minX, minY, maxX, maxY, ...]`; the first
 * `count` walls are used. `out`, when given, receives the total correction `(x, y)` that was
 * added to the mover (apply it to the node). Returns the number of pushes (0 = no collision).
 *
 * ```
 *   ┌──────┐                      The wall with the LARGEST overlap area is resolved first, then
 *   │mover │  moving ↘            the overlaps are measured again. Here the left tile (big overlap)
 * ┌─┼──────┼─┬────────┐          pushes the mover up by its small y penetration; after that the
 * │ └──────┘ │ right  │          right tile is only touched, so it does not push the mover back
 * │  left    │        │          left by its (even smaller) x penetration: no snag on the seam.
 * └──────────┴────────┘
 * ```
 *
 * Decisions, deliberately (the touching `==` cases matter):
 * - Touching is NOT overlapping: a wall overlaps only when both overlap extents are `> 0`.
 *   After a push the mover's edge is set EXACTLY to the wall's edge (no rounding), so a pushed
 *   mover rests touching the wall; counting that as a collision would re-resolve it every frame,
 *   let a corner-touching tile pick an arbitrary zero-depth axis, and make a mover exactly as wide
 *   as a corridor collide with both sides. (This is continuous response geometry, not the sampling
 *   definition of testShapes, where closed shapes sharing a sample on their boundary do collide.)
 * - Axis: x when the x penetration is strictly smaller, else y (equal depths, an exact corner hit,
 *   go to y, as a `|dx| > |dy|` test's else-branch would). The penetration on an axis is the shorter
 *   of the two pushes (to either side), which picks the side the mover's centre is on; equal
 *   centres push towards `+x` / `+y` (a `>=` test).
 * - Motion per step must stay below half a wall's size (no continuous collision detection).
 * - A mover squeezed between walls that cannot all be satisfied stops after `4 * count + 4`
 *   pushes and may still overlap. Cost O(count²) in the worst case; pass the nearby walls only.
 *
 * Throws a `RangeError` for a non-finite or inverted mover, a bad `count`, or a non-finite or
 * inverted wall.
 */
export function resolveAABB(mover: AABBLike, walls: ArrayLike<Readonly<AABBLike>> | Float64Array | Float32Array,
    count: number, out?: { x: number; y: number }): number {
    const fn = 'resolveAABB';
    if (!isFiniteNumber(mover.minX)) throw badNumber(fn, 'mover.minX', mover.minX);
    if (!isFiniteNumber(mover.minY)) throw badNumber(fn, 'mover.minY', mover.minY);
    if (!isFiniteNumber(mover.maxX)) throw badNumber(fn, 'mover.maxX', mover.maxX);
    if (!isFiniteNumber(mover.maxY)) throw badNumber(fn, 'mover.maxY', mover.maxY);
    if (!(mover.maxX >= mover.minX) || !(mover.maxY >= mover.minY)) {
        throw new RangeError(`${fn}: mover must have minX <= maxX and minY <= maxY, got [${mover.minX}, ${mover.maxX}] x [${mover.minY}, ${mover.maxY}]. Build it as { minX, minY, maxX, maxY }.`);
    }
    const flat = isView(walls);
    const available = flat ? floor(walls.length / 4) : walls.length;
    if (!isIntegerNumber(count) || count < 0 || count > available) {
        throw new RangeError(`${fn}: count must be an integer in [0, ${available}] (the number of walls${flat ? ', 4 numbers each' : ''}), got ${count}.`);
    }
    for (let i = 0; i < count; i++) {
        readWall(walls, flat, i);
        if (!isFiniteNumber(wall[0]) || !isFiniteNumber(wall[1]) || !isFiniteNumber(wall[2]) || !isFiniteNumber(wall[3])
            || !(wall[2] >= wall[0]) || !(wall[3] >= wall[1])) {
            throw new RangeError(`${fn}: wall ${i} must be finite with minX <= maxX and minY <= maxY, got [${wall[0]}, ${wall[2]}] x [${wall[1]}, ${wall[3]}]. Fix the wall list.`);
        }
    }

    let totalX = 0;
    let totalY = 0;
    let pushes = 0;
    for (let budget = 4 * count + 4; budget > 0; budget--) {
        let best = -1;
        let bestArea = 0;
        for (let i = 0; i < count; i++) {
            readWall(walls, flat, i);
            const ox = min(mover.maxX, wall[2]) - max(mover.minX, wall[0]);
            const oy = min(mover.maxY, wall[3]) - max(mover.minY, wall[1]);
            if (ox > 0 && oy > 0 && ox * oy > bestArea) {
                bestArea = ox * oy;
                best = i;
            }
        }
        if (best < 0) break;
        readWall(walls, flat, best);
        const right = wall[2] - mover.minX; // push towards +x
        const left = mover.maxX - wall[0]; // push towards -x
        const up = wall[3] - mover.minY;
        const down = mover.maxY - wall[1];
        const depthX = right <= left ? right : left;
        const depthY = up <= down ? up : down;
        if (depthX < depthY) {
            const oldMin = mover.minX;
            if (right <= left) {
                mover.maxX += right;
                mover.minX = wall[2];
            } else {
                mover.minX -= left;
                mover.maxX = wall[0];
            }
            totalX += mover.minX - oldMin;
        } else {
            const oldMin = mover.minY;
            if (up <= down) {
                mover.maxY += up;
                mover.minY = wall[3];
            } else {
                mover.minY -= down;
                mover.maxY = wall[1];
            }
            totalY += mover.minY - oldMin;
        }
        pushes++;
    }
    if (out !== undefined) {
        out.x = totalX;
        out.y = totalY;
    }
    return pushes;
}

/** The wall being read by resolveAABB: `[minX, minY, maxX, maxY]`. */
const wall = new Float64Array(4);

function readWall(walls: ArrayLike<Readonly<AABBLike>> | Float64Array | Float32Array, flat: boolean, i: number): void {
    if (flat) {
        const f = walls as Float64Array;
        wall[0] = f[4 * i];
        wall[1] = f[4 * i + 1];
        wall[2] = f[4 * i + 2];
        wall[3] = f[4 * i + 3];
    } else {
        const w = (walls as ArrayLike<Readonly<AABBLike>>)[i];
        wall[0] = w.minX;
        wall[1] = w.minY;
        wall[2] = w.maxX;
        wall[3] = w.maxY;
    }
}
