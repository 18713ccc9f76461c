/**
 * The broad phase: which axis-aligned boxes (AABBs) overlap, among thousands that move every frame.
 *
 * Incremental sort-and-sweep (sweep-and-prune) on the x axis. Proxies are kept sorted by
 * `(minX, id)`; each frame the order is repaired with an insertion sort, which is near-linear
 * because boxes move a little between frames (coherence), and then one sweep reports every
 * pair whose x intervals overlap and whose y intervals overlap too.
 *
 * ```
 *   y ▲            Boxes are CLOSED: [minX, maxX] x [minY, maxY]. Boxes that only touch
 *     │  ┌──┐      (a.maxX === b.minX, or a corner on a corner) ARE a pair: the narrow
 *     │  │A ├──┐   phase decides. Which way y points (Cocos: up, images: down) does not
 *     │  └──┤B │   matter here; units are whatever the caller uses (world units).
 *     │     └──┘
 *     └──────────────────────────────────────▶ x
 *
 *   sweep:   sorted by minX ──▶   A.minX  B.minX  C.minX ...
 *            for each proxy P, walk the later proxies Q while Q.minX <= P.maxX
 *            (the x test), and keep Q when the y intervals overlap.
 * ```
 *
 * Storage (flatbush style): bounds live in one `Float64Array` indexed by proxy id
 * (`[minX, minY, maxX, maxY]` at `4 * id`); the sorted order is an `Int32Array` of ids with the
 * four keys copied next to it in sorted order, so the sweep reads memory front to back. Ids are
 * small integers recycled through a free list (LIFO: the last destroyed id is the next one handed
 * out). `updatePairs` and the queries allocate nothing once their output buffers are big enough.
 *
 * Why sort-and-sweep and not a dynamic AABB tree or a grid. Measured by bench/broadphase.bench.ts
 * (results in bench/results/node-2core.md; 2 x AMD EPYC cores, Node 20; every box moves every
 * frame, 8–48 px boxes, about 2 % of them overlapping something; ms per frame for "update all
 * positions, then list all pairs"):
 *
 * ```
 *   N        this    bare sweep floor   uniform grid   detect-collisions (R-tree BVH + SAT)   naive N^2
 *   1,000    0.037   0.037              0.076          0.61                                   1.1
 *   5,000    0.32    0.32               0.52           4.8                                    43
 *   10,000   0.76    0.79               1.03           16 (11–25 over several runs: GC)       194
 * ```
 *
 *  - In a game every collider moves every frame (animated sprites, moved nodes), so the cost that
 *    matters is "update N boxes, then find all pairs". Sort-and-sweep does it in two linear passes
 *    over flat arrays plus an insertion sort that coherent motion keeps linear. A dynamic tree pays
 *    a remove + reinsert (or a fat-box check and refit) per moved proxy plus one query per proxy:
 *    detect-collisions, with its best padding (fat boxes, 48 px), is 13–22x slower at 10,000, and
 *    its tree search alone (without its SAT step) is no faster: the tree updates dominate.
 *  - A uniform grid (a spatial hash rebuilt by counting sort every frame, the usual way to give a
 *    grid moving boxes) was 1.3–2x slower over several runs, in a scene that suits it (cell size
 *    tuned to the known box sizes). It also needs that tuning (one huge sprite lands in
 *    thousands of cells), its pair order depends on the hash, and it keeps no sorted structure
 *    for rect queries.
 *  - This class stays within 1.1x of the bare sweep (the same algorithm with no ids, no API and
 *    no checks). Its known weak case: many boxes sharing an x range (a tall column of sprites),
 *    where each is an x candidate of all the others (quadratic in the column's size, though each
 *    rejection is one comparison).
 *
 * Adding a proxy inserts it into the sorted arrays by binary search plus `copyWithin` (a memmove);
 * more than {@link BroadPhase.BATCH_INSERTS} additions between two updates are appended instead
 * and sorted once, so filling a broad phase with 10,000 proxies costs one sort, not 10,000
 * memmoves. Removing finds the id with `Int32Array.prototype.indexOf` and closes the gap with
 * `copyWithin`. Measured at 10,000 proxies: create + destroy one proxy 3.0–3.2 µs; create 10,000 +
 * the first update 1.7 ms; destroy all 10,000 one by one 11–18 ms; `clear()` under 0.02 ms (it resets
 * counters and the live flags). Eager removal being this cheap, lazy mark-and-compact (which
 * would delay the reuse of ids until the next update) was not worth its complexity.
 */

/** A box given by its corners, as read by {@link BroadPhase.getBounds}. */
export interface ProxyBounds {
    minX: number;
    minY: number;
    maxX: number;
    maxY: number;
}

/**
 * Reusable list of pairs of proxy ids, filled by {@link BroadPhase.updatePairs}.
 *
 * ```
 *   pairs:  [ a0, b0, a1, b1, a2, b2, ... ]     pair i = (pairs[2i], pairs[2i + 1]), a < b
 * ```
 *
 * The array grows by doubling and never shrinks, so after the first few frames filling it
 * allocates nothing. A call that fills it first resets `count` to 0.
 */
export class PairBuffer {
    /** Number of pairs written by the last fill. */
    count = 0;
    /** The backing store; only the first `2 * count` entries are meaningful. */
    pairs: Int32Array;

    /** `capacity` is the number of pairs the buffer holds before its first growth. */
    constructor(capacity = 64) {
        this.pairs = new Int32Array(Math.max(2, 2 * Math.ceil(capacity)));
    }

    /** Lower id of pair `i`. */
    a(i: number): number {
        return this.pairs[2 * i];
    }

    /** Higher id of pair `i`. */
    b(i: number): number {
        return this.pairs[2 * i + 1];
    }

    /** Number of pairs the buffer holds before it next grows. */
    get capacity(): number {
        return this.pairs.length >> 1;
    }

    /** Forgets every pair (keeps the memory). */
    clear(): void {
        this.count = 0;
    }

    /** Appends the pair `(a, b)` as given (callers pass `a < b`). */
    push(a: number, b: number): void {
        const i = 2 * this.count;
        if (i === this.pairs.length) this._grow();
        this.pairs[i] = a;
        this.pairs[i + 1] = b;
        this.count++;
    }

    /**
     * Sorts the pairs by `(a, b)` in place, without allocating. `updatePairs` reports them in
     * sweep order; sort when a canonical order is wanted (tests, logs, diffing two frames).
     */
    sort(): this {
        sortPairs(this.pairs, 0, this.count - 1);
        return this;
    }

    /** @internal Doubles the backing store, keeping its content; returns the new array. */
    _grow(): Int32Array {
        const next = new Int32Array(this.pairs.length * 2);
        next.set(this.pairs);
        this.pairs = next;
        return next;
    }
}

/**
 * Reusable list of proxy ids, filled by the queries of {@link BroadPhase}. Grows by doubling,
 * never shrinks; a query first resets `count` to 0.
 */
export class IdBuffer {
    /** Number of ids written by the last fill. */
    count = 0;
    /** The backing store; only the first `count` entries are meaningful. */
    ids: Int32Array;

    /** `capacity` is the number of ids the buffer holds before its first growth. */
    constructor(capacity = 16) {
        this.ids = new Int32Array(Math.max(1, Math.ceil(capacity)));
    }

    /** Id number `i`. */
    get(i: number): number {
        return this.ids[i];
    }

    /** Forgets every id (keeps the memory). */
    clear(): void {
        this.count = 0;
    }

    /** Appends `id`. */
    push(id: number): void {
        if (this.count === this.ids.length) {
            const next = new Int32Array(this.ids.length * 2);
            next.set(this.ids);
            this.ids = next;
        }
        this.ids[this.count++] = id;
    }
}

/**
 * Incremental sort-and-sweep broad phase over closed AABBs (see the file comment for the
 * convention and the reasons for the design).
 *
 * ```ts
 * const bp = new BroadPhase();
 * const id = bp.createProxy(0, 0, 32, 32);
 * const pairs = new PairBuffer();
 * // every frame:
 * bp.moveProxy(id, x, y, x + 32, y + 32);
 * const n = bp.updatePairs(pairs);          // pairs.a(i) < pairs.b(i), each pair once
 * ```
 *
 * Determinism: the pairs and the query results are a function of the live proxies' ids and
 * bounds alone, not of the history of operations. Pairs come in sweep order: by the
 * `(minX, id)` rank of the proxy that comes first in that order, then by the rank of the other;
 * each written as `(lowerId, higherId)`. Query results come in `(minX, id)` order.
 */
export class BroadPhase {
    /**
     * Additions between two updates that are inserted into the sorted arrays one by one
     * (binary search + memmove); later ones are appended and sorted together at the next update.
     */
    static readonly BATCH_INSERTS = 64;

    /** Bounds by id: `[minX, minY, maxX, maxY]` at `4 * id`. */
    private _bounds: Float64Array;
    /** User tag by id. */
    private _tags: Float64Array;
    /** 1 where the id is a live proxy. */
    private _alive: Uint8Array;
    /** Stack of recycled ids. */
    private _free: Int32Array;
    private _freeCount = 0;
    /** Ids below this have been handed out at least once. */
    private _nextId = 0;

    /** Live ids in `(minX, id)` order (the first `_count` entries). */
    private _order: Int32Array;
    /**
     * The boxes in the same order as `_order`, interleaved `[minX, minY, maxX, maxY]` at `4 * i`
     * (copies of the bounds, refreshed by `_refresh`): the sweep reads one cache line per box
     * instead of three arrays (10,000 moving boxes: the pair sweep ~10 % faster).
     */
    private _sortedBoxes: Float64Array;
    /** Scratch keys for the full sort of `_refresh`. */
    private _keys: Float64Array;
    /** Number of live proxies. */
    private _count = 0;
    /** `_order[0, _sorted)` is sorted by the minX of `_sortedBoxes`; the rest was appended. */
    private _sorted = 0;
    /** Additions since the last refresh. */
    private _inserts = 0;
    /** Something was created, moved or destroyed since the last refresh. */
    private _dirty = false;
    /** Largest `maxX - minX` at the last refresh (bounds how far left a query must look). */
    private _extentX = 0;

    /** `capacity` is the number of proxies held before the first growth. */
    constructor(capacity = 64) {
        const n = Math.max(4, Math.ceil(capacity));
        this._bounds = new Float64Array(4 * n);
        this._tags = new Float64Array(n);
        this._alive = new Uint8Array(n);
        this._free = new Int32Array(n);
        this._order = new Int32Array(n);
        this._sortedBoxes = new Float64Array(4 * n);
        this._keys = new Float64Array(n);
    }

    /** Number of live proxies. */
    get proxyCount(): number {
        return this._count;
    }

    /**
     * Adds a box and returns its proxy id: a small non-negative integer, recycled after
     * {@link destroyProxy} (the last destroyed id is handed out first).
     *
     * @param userTag any number the caller wants back from {@link getUserTag} (default 0).
     * @throws RangeError when a bound is NaN or infinite, or `minX > maxX` or `minY > maxY`.
     */
    createProxy(minX: number, minY: number, maxX: number, maxY: number, userTag = 0): number {
        checkBox('createProxy', minX, minY, maxX, maxY);
        const id = this._freeCount > 0 ? this._free[--this._freeCount] : this._nextId++;
        if (id >= this._alive.length) this._growIds(id + 1);
        const b = 4 * id;
        this._bounds[b] = minX;
        this._bounds[b + 1] = minY;
        this._bounds[b + 2] = maxX;
        this._bounds[b + 3] = maxY;
        this._tags[id] = userTag;
        this._alive[id] = 1;

        const n = this._count;
        const order = this._order;
        const boxes = this._sortedBoxes;
        if (this._sorted === n && this._inserts < BroadPhase.BATCH_INSERTS) {
            // Binary search for the first entry after (minX, id), then open a gap there.
            let lo = 0;
            let hi = n;
            while (lo < hi) {
                const mid = (lo + hi) >>> 1;
                const k = boxes[4 * mid];
                if (k < minX || (k === minX && order[mid] < id)) lo = mid + 1;
                else hi = mid;
            }
            order.copyWithin(lo + 1, lo, n);
            boxes.copyWithin(4 * lo + 4, 4 * lo, 4 * n);
            order[lo] = id;
            boxes[4 * lo] = minX;
            this._sorted = n + 1;
        } else {
            order[n] = id;
            boxes[4 * n] = minX;
        }
        this._count = n + 1;
        this._inserts++;
        this._dirty = true;
        return id;
    }

    /**
     * Removes a proxy; its id may be handed out again by the next {@link createProxy}.
     *
     * @throws Error when `id` is not a live proxy (never created, or already destroyed).
     */
    destroyProxy(id: number): void {
        this._checkId('destroyProxy', id);
        const n = this._count;
        const pos = this._order.indexOf(id); // < n: live ids sit in [0, n), and indexOf finds the first
        this._order.copyWithin(pos, pos + 1, n);
        this._sortedBoxes.copyWithin(4 * pos, 4 * pos + 4, 4 * n);
        if (pos < this._sorted) this._sorted--;
        this._count = n - 1;
        this._alive[id] = 0;
        this._free[this._freeCount++] = id;
        this._dirty = true;
    }

    /**
     * Sets the box of a live proxy. Cheap (four stores); the sorted order is repaired by the
     * next {@link updatePairs} or query.
     *
     * @throws Error when `id` is not a live proxy; RangeError for bad bounds (as createProxy).
     */
    moveProxy(id: number, minX: number, minY: number, maxX: number, maxY: number): void {
        const box = MOVE_SCRATCH;
        box[0] = minX; box[1] = minY; box[2] = maxX; box[3] = maxY;
        this._moveFrom('moveProxy', id, box, 0);
    }

    /**
     * {@link moveProxy} with the box read from `box[at]` .. `box[at + 3]` (minX, minY, maxX,
     * maxY). The world moves every collider's proxy through it each step: a call that V8 does not
     * inline passes its double arguments as heap numbers (Chromium: 48 bytes of garbage per call),
     * while an array passes none.
     *
     * @throws as {@link moveProxy}.
     */
    moveProxyFrom(id: number, box: Float64Array, at = 0): void {
        this._moveFrom('moveProxyFrom', id, box, at);
    }

    /** {@link moveProxy} and {@link moveProxyFrom}: checks (errors name `method`), then writes. */
    private _moveFrom(method: string, id: number, box: Float64Array, at: number): void {
        this._checkId(method, id);
        const minX = box[at], minY = box[at + 1], maxX = box[at + 2], maxY = box[at + 3];
        // (NaN fails every comparison; an infinity, x - x === 0. The message: checkBox.)
        if (!(minX <= maxX && minY <= maxY && minX - minX === 0 && minY - minY === 0 && maxX - maxX === 0 && maxY - maxY === 0)) {
            checkBox(method, minX, minY, maxX, maxY);
        }
        const b = 4 * id;
        const bounds = this._bounds;
        bounds[b] = minX;
        bounds[b + 1] = minY;
        bounds[b + 2] = maxX;
        bounds[b + 3] = maxY;
        this._dirty = true;
    }

    /** Writes the box of a live proxy into `out` and returns `out`. */
    getBounds<T extends ProxyBounds>(id: number, out: T): T {
        this._checkId('getBounds', id);
        const b = 4 * id;
        out.minX = this._bounds[b];
        out.minY = this._bounds[b + 1];
        out.maxX = this._bounds[b + 2];
        out.maxY = this._bounds[b + 3];
        return out;
    }

    /** The `userTag` given to {@link createProxy} (or {@link setUserTag}). */
    getUserTag(id: number): number {
        this._checkId('getUserTag', id);
        return this._tags[id];
    }

    /** Replaces the user tag of a live proxy. */
    setUserTag(id: number, userTag: number): void {
        this._checkId('setUserTag', id);
        this._tags[id] = userTag;
    }

    /** True when `id` is a live proxy. */
    has(id: number): boolean {
        return this._alive[id] === 1;
    }

    /**
     * Removes every proxy in O(1) (the memory is kept for reuse). Ids start again from 0.
     */
    clear(): void {
        this._alive.fill(0, 0, this._nextId);
        this._nextId = 0;
        this._freeCount = 0;
        this._count = 0;
        this._sorted = 0;
        this._inserts = 0;
        this._extentX = 0;
        this._dirty = false;
    }

    /**
     * Finds every pair of live proxies whose closed boxes overlap, each pair once, written as
     * `(lowerId, higherId)` into `out` (reset first). Returns the number of pairs.
     *
     * Order: sweep order (see the class comment); identical for identical boxes and ids.
     * Allocates nothing unless `out` has to grow.
     */
    updatePairs(out: PairBuffer): number {
        this._refresh();
        const np = sweepPairs(this._sortedBoxes, this._order, 4 * this._count, out);
        out.count = np;
        return np;
    }

    /**
     * Lists the live proxies whose closed boxes overlap the closed rect
     * `[minX, maxX] x [minY, maxY]` into `out` (reset first), in `(minX, id)` order.
     * Returns the number of ids.
     *
     * @throws RangeError for NaN/infinite arguments or `minX > maxX`, `minY > maxY`.
     */
    queryRect(minX: number, minY: number, maxX: number, maxY: number, out: IdBuffer): number {
        checkBox('queryRect', minX, minY, maxX, maxY);
        return this._query(minX, minY, maxX, maxY, out);
    }

    /** Lists the live proxies whose closed boxes contain the point `(x, y)` (see {@link queryRect}). */
    queryPoint(x: number, y: number, out: IdBuffer): number {
        checkFinite('queryPoint', POINT_NAMES, x, y, x, y);
        return this._query(x, y, x, y, out);
    }

    /**
     * Candidates for a ray cast along the segment `(x0, y0) -> (x1, y1)`: the proxies whose boxes
     * overlap the segment's bounding box (see {@link queryRect}). A superset of the boxes the
     * segment touches (a diagonal segment's box is larger than the segment); the caller tests
     * each candidate exactly. Good for short rays; a long diagonal ray over a crowded world
     * returns many candidates.
     */
    raycastCandidates(x0: number, y0: number, x1: number, y1: number, out: IdBuffer): number {
        checkFinite('raycastCandidates', SEGMENT_NAMES, x0, y0, x1, y1);
        return this._query(Math.min(x0, x1), Math.min(y0, y1), Math.max(x0, x1), Math.max(y0, y1), out);
    }

    /** Sweep-order rect query over the refreshed arrays. */
    private _query(qMinX: number, qMinY: number, qMaxX: number, qMaxY: number, out: IdBuffer): number {
        this._refresh();
        out.count = 0;
        const n = this._count;
        const order = this._order;
        const B = this._sortedBoxes;
        // Any proxy with minX < start has maxX <= minX + _extentX < qMinX. The relative margin
        // (2^-40) covers the rounding of the widths and of this subtraction.
        const e = this._extentX;
        const start = qMinX - e - (Math.abs(qMinX) + e) * 9.094947017729282e-13;
        let lo = 0;
        let hi = n;
        while (lo < hi) {
            const mid = (lo + hi) >>> 1;
            if (B[4 * mid] < start) lo = mid + 1;
            else hi = mid;
        }
        for (let j = lo; j < n; j++) {
            const b = 4 * j;
            if (B[b] > qMaxX) break;
            if (B[b + 2] < qMinX || B[b + 1] > qMaxY || B[b + 3] < qMinY) continue;
            out.push(order[j]);
        }
        return out.count;
    }

    /**
     * Brings the sorted arrays up to date with the bounds: sorts appended additions in (when
     * there are any), copies the current keys into sorted order, and repairs the order with an
     * insertion sort (near-linear when boxes moved a little since the last call).
     */
    private _refresh(): void {
        if (!this._dirty) return;
        const n = this._count;
        const order = this._order;
        const bounds = this._bounds;
        const B = this._sortedBoxes;
        if (this._sorted < n) {
            const keys = this._keys;
            for (let i = 0; i < n; i++) keys[i] = bounds[4 * order[i]];
            sortKeys(keys, order, 0, n - 1);
        }
        let extent = 0;
        for (let i = 0; i < n; i++) {
            const b = 4 * order[i];
            const s = 4 * i;
            const x0 = bounds[b];
            const x1 = bounds[b + 2];
            B[s] = x0;
            B[s + 1] = bounds[b + 1];
            B[s + 2] = x1;
            B[s + 3] = bounds[b + 3];
            if (x1 - x0 > extent) extent = x1 - x0;
        }
        for (let i = 1; i < n; i++) {
            const s = 4 * i;
            const k = B[s];
            const id = order[i];
            let j = i - 1;
            if (B[s - 4] < k || (B[s - 4] === k && order[j] < id)) continue;
            const y0 = B[s + 1];
            const x1 = B[s + 2];
            const y1 = B[s + 3];
            do {
                const t = 4 * j;
                B[t + 4] = B[t];
                B[t + 5] = B[t + 1];
                B[t + 6] = B[t + 2];
                B[t + 7] = B[t + 3];
                order[j + 1] = order[j];
                j--;
            } while (j >= 0 && (B[4 * j] > k || (B[4 * j] === k && order[j] > id)));
            const t = 4 * j + 4;
            B[t] = k;
            B[t + 1] = y0;
            B[t + 2] = x1;
            B[t + 3] = y1;
            order[j + 1] = id;
        }
        this._extentX = extent;
        this._sorted = n;
        this._inserts = 0;
        this._dirty = false;
    }

    /** Throws unless `id` is a live proxy. */
    private _checkId(method: string, id: number): void {
        // Undefined (so not 1) for negative, fractional, NaN or out-of-range ids.
        if (this._alive[id] === 1) return;
        const why = !Number.isInteger(id) || id < 0
            ? 'is not a proxy id (ids are non-negative integers returned by createProxy)'
            : 'is not a live proxy (it was never created, or was already destroyed)';
        throw new Error(`BroadPhase.${method}: id ${String(id)} ${why}. Pass an id returned by createProxy that has not been destroyed since.`);
    }

    /** Grows every per-id and per-entry array to hold at least `need` proxies. */
    private _growIds(need: number): void {
        let cap = this._alive.length;
        while (cap < need) cap *= 2;
        this._bounds = growF64(this._bounds, 4 * cap);
        this._tags = growF64(this._tags, cap);
        const alive = new Uint8Array(cap);
        alive.set(this._alive);
        this._alive = alive;
        this._free = growI32(this._free, cap);
        this._order = growI32(this._order, cap);
        this._sortedBoxes = growF64(this._sortedBoxes, 4 * cap);
        this._keys = growF64(this._keys, cap);
    }
}

const BOX_NAMES = ['minX', 'minY', 'maxX', 'maxY'];
const POINT_NAMES = ['x', 'y', 'x', 'y'];
const SEGMENT_NAMES = ['x0', 'y0', 'x1', 'y1'];

/** moveProxy's box on its way to `_moveFrom`. */
const MOVE_SCRATCH = new Float64Array(4);

/** Throws a RangeError that names the bad argument unless the box is finite and not inverted. */
function checkBox(method: string, minX: number, minY: number, maxX: number, maxY: number): void {
    // x - x is 0 exactly for a finite x, NaN for NaN and the infinities.
    if (minX - minX + (minY - minY) + (maxX - maxX) + (maxY - maxY) === 0 && minX <= maxX && minY <= maxY) return;
    checkFinite(method, BOX_NAMES, minX, minY, maxX, maxY);
    if (!(minX <= maxX)) {
        throw new RangeError(`BroadPhase.${method}: minX (${minX}) is greater than maxX (${maxX}). Pass minX <= maxX (swap them when the box was built from two arbitrary corners).`);
    }
    throw new RangeError(`BroadPhase.${method}: minY (${minY}) is greater than maxY (${maxY}). Pass minY <= maxY (swap them when the box was built from two arbitrary corners).`);
}

/** Throws a RangeError naming the first of the four arguments that is not a finite number. */
function checkFinite(method: string, names: readonly string[], a: number, b: number, c: number, d: number): void {
    if (a - a + (b - b) + (c - c) + (d - d) === 0) return;
    const v = [a, b, c, d];
    for (let i = 0; i < 4; i++) {
        if (typeof v[i] !== 'number' || !Number.isFinite(v[i])) {
            throw new RangeError(`BroadPhase.${method}: ${names[i]} is ${String(v[i])}. Pass finite numbers (world units); check the transform or size that produced it.`);
        }
    }
}

function growF64(a: Float64Array, n: number): Float64Array {
    const b = new Float64Array(n);
    b.set(a);
    return b;
}

function growI32(a: Int32Array, n: number): Int32Array {
    const b = new Int32Array(n);
    b.set(a);
    return b;
}

/** Sorts `keys[lo..hi]` with `ids` alongside by `(key, id)`: quicksort, median of three. */
function sortKeys(keys: Float64Array, ids: Int32Array, lo: number, hi: number): void {
    while (hi - lo > 16) {
        const mid = (lo + hi) >>> 1;
        if (before(keys, ids, mid, lo)) swapKeys(keys, ids, mid, lo);
        if (before(keys, ids, hi, lo)) swapKeys(keys, ids, hi, lo);
        if (before(keys, ids, hi, mid)) swapKeys(keys, ids, hi, mid);
        const pk = keys[mid];
        const pid = ids[mid];
        let i = lo;
        let j = hi;
        while (i <= j) {
            while (keys[i] < pk || (keys[i] === pk && ids[i] < pid)) i++;
            while (keys[j] > pk || (keys[j] === pk && ids[j] > pid)) j--;
            if (i <= j) swapKeys(keys, ids, i++, j--);
        }
        // Recurse into the smaller side, loop on the larger: O(log n) stack.
        if (j - lo < hi - i) {
            sortKeys(keys, ids, lo, j);
            lo = i;
        } else {
            sortKeys(keys, ids, i, hi);
            hi = j;
        }
    }
    for (let i = lo + 1; i <= hi; i++) {
        const k = keys[i];
        const id = ids[i];
        let j = i - 1;
        while (j >= lo && (keys[j] > k || (keys[j] === k && ids[j] > id))) {
            keys[j + 1] = keys[j];
            ids[j + 1] = ids[j];
            j--;
        }
        keys[j + 1] = k;
        ids[j + 1] = id;
    }
}

function before(keys: Float64Array, ids: Int32Array, i: number, j: number): boolean {
    return keys[i] < keys[j] || (keys[i] === keys[j] && ids[i] < ids[j]);
}

function swapKeys(keys: Float64Array, ids: Int32Array, i: number, j: number): void {
    const k = keys[i];
    keys[i] = keys[j];
    keys[j] = k;
    const id = ids[i];
    ids[i] = ids[j];
    ids[j] = id;
}

/** Sorts pairs `lo..hi` (pair i at `p[2i], p[2i + 1]`) by `(a, b)`: quicksort, median of three. */
function sortPairs(p: Int32Array, lo: number, hi: number): void {
    while (hi - lo > 16) {
        const mid = (lo + hi) >>> 1;
        if (pairBefore(p, mid, lo)) swapPairs(p, mid, lo);
        if (pairBefore(p, hi, lo)) swapPairs(p, hi, lo);
        if (pairBefore(p, hi, mid)) swapPairs(p, hi, mid);
        const pa = p[2 * mid];
        const pb = p[2 * mid + 1];
        let i = lo;
        let j = hi;
        while (i <= j) {
            while (p[2 * i] < pa || (p[2 * i] === pa && p[2 * i + 1] < pb)) i++;
            while (p[2 * j] > pa || (p[2 * j] === pa && p[2 * j + 1] > pb)) j--;
            if (i <= j) swapPairs(p, i++, j--);
        }
        if (j - lo < hi - i) {
            sortPairs(p, lo, j);
            lo = i;
        } else {
            sortPairs(p, i, hi);
            hi = j;
        }
    }
    for (let i = lo + 1; i <= hi; i++) {
        const a = p[2 * i];
        const b = p[2 * i + 1];
        let j = i - 1;
        while (j >= lo && (p[2 * j] > a || (p[2 * j] === a && p[2 * j + 1] > b))) {
            p[2 * j + 2] = p[2 * j];
            p[2 * j + 3] = p[2 * j + 1];
            j--;
        }
        p[2 * j + 2] = a;
        p[2 * j + 3] = b;
    }
}

function pairBefore(p: Int32Array, i: number, j: number): boolean {
    return p[2 * i] < p[2 * j] || (p[2 * i] === p[2 * j] && p[2 * i + 1] < p[2 * j + 1]);
}

function swapPairs(p: Int32Array, i: number, j: number): void {
    const a = p[2 * i];
    const b = p[2 * i + 1];
    p[2 * i] = p[2 * j];
    p[2 * i + 1] = p[2 * j + 1];
    p[2 * j] = a;
    p[2 * j + 1] = b;
}

/**
 * The sweep of {@link BroadPhase.updatePairs}: every pair of overlapping boxes into `out` (grown
 * as needed), returns their number. A function of its own whose loop is its last statement: one
 * call a frame runs long enough for Chromium to enter optimized code inside the loop (on-stack
 * replacement), and code after the loop, never run before that, deoptimized such calls every
 * frame ("insufficient type feedback").
 */
function sweepPairs(B: Float64Array, order: Int32Array, end: number, out: PairBuffer): number {
    let pairs = out.pairs;
    let cap = pairs.length;
    let c = 0;
    let np = 0;
    for (let i = 0; i < end; i += 4) {
        const loY = B[i + 1];
        const hiX = B[i + 2];
        const hiY = B[i + 3];
        const p = order[i >> 2];
        for (let j = i + 4; j < end; j += 4) {
            if (B[j] > hiX) break;
            // Both y tests in one branch (`&` of the two comparisons, no `||`): each test alone
            // is a coin flip for the branch predictor (about half of the boxes lie above),
            // both together rarely hold (3 % in a crowd of 1,000 sprites). In node, the sweep
            // took 25-30 % less time.
            if ((((B[j + 1] <= hiY) as unknown as number) & ((B[j + 3] >= loY) as unknown as number)) === 0) continue;
            const q = order[j >> 2];
            if (c === cap) {
                out.count = np;
                pairs = out._grow();
                cap = pairs.length;
            }
            if (p < q) {
                pairs[c] = p;
                pairs[c + 1] = q;
            } else {
                pairs[c] = q;
                pairs[c + 1] = p;
            }
            c += 2;
            np++;
        }
    }
    return np;
}
