/**
 * The narrow phase of two shapes ({@link WorldShape}, shape.ts): whether a sample of the world grid
 * belongs to both, exactly (shape-sampling.ts), and the contact: count, rect and centroid from the
 * samples, normal and separation from the continuous shapes (separating axis theorem).
 */
import type { Contact } from './contact';
import { checkAccuracy, DEFAULT_ACCURACY, MAX_ACCURACY } from './sampling';
import type { WorldShape } from './shape';
import { ROW_GRID, ROW_QUERY, rowCells } from './shape-sampling';

// Engine globals, read once. Inside a `vm` context (Jest, some sandboxes) every lookup of a global
// such as `Math` or `Infinity` goes through the sandbox's interceptor, which is slow and keeps the
// optimizing compiler from treating calls as the built-ins they are.
const { abs, ceil, floor, max, min, sqrt } = Math;
const INFINITY = Number.POSITIVE_INFINITY;
// Imported constants, read once: a CommonJS build turns each use into a getter call whose opaque
// result would make the accuracy a boxed number.
const DEFAULT_ACC = DEFAULT_ACCURACY;
const MAX_ACC = MAX_ACCURACY;

/**
 * Extra push added to the continuous penetration depth when {@link testShapes} computes a
 * separation, in cells (world units times accuracy). See {@link testShapes}.
 */
export const SEPARATION_MARGIN_CELLS = 1e-6;

/** Options of {@link testShapes}. */
export interface ShapeTestOptions {
    /** Samples per world unit along each axis (default 1; validated like `checkAccuracy`). */
    accuracy?: number;
    /**
     * `false`: answer the boolean only (early exit at the first shared sample row; only
     * `out.hit` and `out.accuracy` are written). Default `true`.
     */
    contact?: boolean;
    /** Also compute `separationX/Y` (sets `hasSeparation`). Default `false`. */
    separation?: boolean;
}


// ---------------------------------------------------------------------------------------------
// Narrow phase
// ---------------------------------------------------------------------------------------------

/**
 * Narrow phase for two shapes of any kinds. Returns whether at least one sample of the world grid
 * (cell size `1 / accuracy`, samples at cell centres) belongs to both CLOSED shapes.
 *
 * With `out` (and `options.contact !== false`) it fills the contact:
 * - `count`, `minX..maxY` (cell edges of the shared samples: `kmin / accuracy` to
 *   `(kmax + 1) / accuracy`), `centroidX/Y` (mean of the shared sample centres): from the samples,
 *   exactly as for masks. Computed per sample row (each convex shape covers one run of cells per
 *   row; the runs are intersected and summed as arithmetic series), over the rows where the two
 *   bounds overlap: O(rows x vertices), independent of the number of samples per row.
 * - `normalX/Y`: the unit minimum-translation axis from A towards B, from the continuous shapes:
 *   the separating axis theorem over the edge normals of boxes/polygons, plus, with a circle,
 *   the axis from its centre to the other shape's nearest vertex (for two circles, the line of
 *   centres; `+x` when the centres coincide). Ties go to the first axis (A's edges first).
 * - `separationX/Y` (only with `options.separation`, then `hasSeparation = true`):
 *   `normal * (depth + margin)`, where `depth` is the continuous penetration along the normal and
 *   `margin = SEPARATION_MARGIN_CELLS / accuracy + 1e-12 * (largest |coordinate| of both bounds)`.
 *   Added to B's position, it leaves the two closed shapes disjoint by about `margin`, so no sample
 *   can belong to both at any accuracy (the margin only absorbs rounding; it is a millionth of a
 *   cell, invisible in a game). It is the minimum translation of the continuous shapes, which may
 *   be larger than strictly needed under sampling. When there is no hit it is `(0, 0)`.
 *
 * When the continuous shapes overlap in a sliver thinner than the grid (no shared sample), the
 * answer is `false`: the sampling definition wins. Without `out`, or with `contact: false`, only
 * the boolean is computed (early exit). Throws a `RangeError` for a bad `options.accuracy`.
 *
 * Allocates nothing. Pass one reused options object per call site (a hoisted constant): a fresh
 * literal per call allocates in the caller, and a call site fed many differently-shaped option
 * objects makes the engine box a fractional `accuracy` when reading it.
 */
export function testShapes(a: Readonly<WorldShape>, b: Readonly<WorldShape>, options?: Readonly<ShapeTestOptions>,
    out?: Contact): boolean {
    let accuracy = DEFAULT_ACC;
    let full = out !== undefined;
    let wantSeparation = false;
    if (options !== undefined) {
        const requested = options.accuracy;
        if (requested !== undefined) {
            if (!(typeof requested === 'number' && requested > 0 && requested <= MAX_ACC)) {
                checkAccuracy(requested, 'options.accuracy');
            }
            accuracy = requested;
        }
        if (options.contact === false) full = false;
        wantSeparation = full && options.separation === true;
    }
    if (out !== undefined) {
        out.reset();
        out.accuracy = accuracy;
        out.hasSeparation = wantSeparation;
    }
    if (a.maxX < b.minX || b.maxX < a.minX || a.maxY < b.minY || b.maxY < a.minY) return false;
    grid[0] = accuracy;
    query[2] = 2 * accuracy;

    // Rows of the bounds' overlap, one more on each side: rowCells decides exactly, so rounding in
    // this range can never drop a row.
    const l0 = ceil(max(a.minY, b.minY) * accuracy - 0.5) - 1;
    const l1 = floor(min(a.maxY, b.maxY) * accuracy - 0.5) + 1;
    let count = 0;
    let sumK = 0; // sum of (k + 0.5) over the shared samples: exact (integers and halves)
    let sumL = 0; // sum of (l + 0.5)
    let kMin = 0;
    let kMax = 0;
    let lMin = 0;
    let lMax = 0;
    if (a.kind === 'aabb' && b.kind === 'aabb') {
        // Two boxes share the same columns on every row both reach, so only the first and the
        // last shared rows are needed (rowCells decides each exactly); the rest is closed form.
        let lo = l0;
        while (lo <= l1 && !sharedRow(a, b, lo)) lo++;
        if (lo > l1) return false;
        if (!full) {
            if (out !== undefined) out.hit = true;
            return true;
        }
        const k0 = cellsA[0] > cellsB[0] ? cellsA[0] : cellsB[0];
        const k1 = cellsA[1] < cellsB[1] ? cellsA[1] : cellsB[1];
        let hi = l1;
        while (hi > lo && !sharedRow(a, b, hi)) hi--;
        const cols = k1 - k0 + 1;
        const rows = hi - lo + 1;
        count = cols * rows;
        sumK = rows * cols * (k0 + k1 + 1) * 0.5;
        sumL = cols * rows * (lo + hi + 1) * 0.5;
        kMin = k0;
        kMax = k1;
        lMin = lo;
        lMax = hi;
    }
    for (let l = count === 0 ? l0 : l1 + 1; l <= l1; l++) {
        if (!rowCells(a, l, cellsA) || !rowCells(b, l, cellsB)) continue;
        const k0 = cellsA[0] > cellsB[0] ? cellsA[0] : cellsB[0];
        const k1 = cellsA[1] < cellsB[1] ? cellsA[1] : cellsB[1];
        if (k0 > k1) continue;
        if (!full) {
            if (out !== undefined) out.hit = true;
            return true;
        }
        const n = k1 - k0 + 1;
        if (count === 0) {
            kMin = k0;
            kMax = k1;
            lMin = l;
        } else {
            if (k0 < kMin) kMin = k0;
            if (k1 > kMax) kMax = k1;
        }
        lMax = l;
        count += n;
        sumK += n * (k0 + k1 + 1) * 0.5;
        sumL += n * (l + 0.5);
    }
    if (count === 0 || out === undefined) return false;

    out.hit = true;
    out.count = count;
    out.minX = kMin / accuracy;
    out.maxX = (kMax + 1) / accuracy;
    out.minY = lMin / accuracy;
    out.maxY = (lMax + 1) / accuracy;
    out.centroidX = sumK / count / accuracy;
    out.centroidY = sumL / count / accuracy;

    minimumTranslation(a, b);
    out.normalX = sat[0];
    out.normalY = sat[1];
    if (wantSeparation) {
        const scale = max(
            abs(a.minX), abs(a.maxX), abs(a.minY), abs(a.maxY),
            abs(b.minX), abs(b.maxX), abs(b.minY), abs(b.maxY),
        );
        const push = (sat[2] > 0 ? sat[2] : 0) + SEPARATION_MARGIN_CELLS / accuracy + 1e-12 * scale;
        out.separationX = sat[0] * push;
        out.separationY = sat[1] * push;
    }
    return true;
}

// ---------------------------------------------------------------------------------------------
// Private: scratch, shared rows, SAT
// ---------------------------------------------------------------------------------------------

// Numbers shared between functions live in module-scope typed arrays: a double passed to (or
// returned from) a call the engine does not inline, or held in a module-level `let`, is boxed,
// and every such call would allocate.

const grid = ROW_GRID;
const query = ROW_QUERY;
const cellsA = new Int32Array(2);
const cellsB = new Int32Array(2);
/** SAT result: `[normalX, normalY, depth]`. */
const sat = new Float64Array(3);
/** The SAT axis being tested: `[nx, ny]` (unit). */
const axis = new Float64Array(2);
/** Projection of a shape on `axis`: `[min, max]`. */
const proj = new Float64Array(2);

/** Whether row l has samples in both shapes' rows with a common column (fills cellsA/cellsB). */
function sharedRow(a: Readonly<WorldShape>, b: Readonly<WorldShape>, l: number): boolean {
    if (!rowCells(a, l, cellsA) || !rowCells(b, l, cellsB)) return false;
    return (cellsA[0] > cellsB[0] ? cellsA[0] : cellsB[0]) <= (cellsA[1] < cellsB[1] ? cellsA[1] : cellsB[1]);
}

// ----- SAT (continuous geometry, for the normal and the separation) -----------------------------

/**
 * Minimum translation of B out of A over the candidate axes (see testShapes), into
 * `sat = [normalX, normalY, depth]` (unit normal from A towards B; depth < 0 when an axis
 * separates them).
 */
function minimumTranslation(a: Readonly<WorldShape>, b: Readonly<WorldShape>): void {
    sat[0] = 1;
    sat[1] = 0;
    sat[2] = INFINITY;
    if (a.kind === 'circle' && b.kind === 'circle') {
        const dx = b.cx - a.cx;
        const dy = b.cy - a.cy;
        const d = sqrt(dx * dx + dy * dy);
        if (d > 0) {
            sat[0] = dx / d;
            sat[1] = dy / d;
        }
        sat[2] = a.r + b.r - d;
        return;
    }
    edgeAxes(a, a, b);
    edgeAxes(b, a, b);
    if (a.kind === 'circle') nearestVertexAxis(a, b, a, b);
    else if (b.kind === 'circle') nearestVertexAxis(b, a, a, b);
}

function edgeAxes(shape: Readonly<WorldShape>, a: Readonly<WorldShape>, b: Readonly<WorldShape>): void {
    if (shape.kind === 'aabb') {
        axis[0] = 1;
        axis[1] = 0;
        testAxis(a, b);
        axis[0] = 0;
        axis[1] = 1;
        testAxis(a, b);
        return;
    }
    if (shape.kind !== 'polygon') return;
    const p = shape.points;
    const n = shape.vertexCount;
    for (let i = n - 1, j = 0; j < n; i = j++) {
        const ex = p[2 * j] - p[2 * i];
        const ey = p[2 * j + 1] - p[2 * i + 1];
        const len = sqrt(ex * ex + ey * ey);
        if (len > 0) {
            axis[0] = ey / len; // outward normal of a CCW edge
            axis[1] = (0 - ex) / len;
            testAxis(a, b);
        }
    }
}

/** The axis from the circle's centre to the other shape's nearest vertex. */
function nearestVertexAxis(circle: Readonly<WorldShape>, other: Readonly<WorldShape>, a: Readonly<WorldShape>, b: Readonly<WorldShape>): void {
    let best = INFINITY;
    let vx = 0;
    let vy = 0;
    const isBox = other.kind === 'aabb';
    const p = other.points;
    const n = isBox ? 4 : other.vertexCount;
    for (let i = 0; i < n; i++) {
        const x = isBox ? ((i & 1) === 0 ? other.minX : other.maxX) : p[2 * i];
        const y = isBox ? ((i & 2) === 0 ? other.minY : other.maxY) : p[2 * i + 1];
        const dx = x - circle.cx;
        const dy = y - circle.cy;
        const d = dx * dx + dy * dy;
        if (d < best) {
            best = d;
            vx = dx;
            vy = dy;
        }
    }
    const len = sqrt(best);
    if (len > 0) {
        axis[0] = vx / len;
        axis[1] = vy / len;
        testAxis(a, b);
    }
}

/** Updates `sat` with the push of B out of A along `±axis`, when it is the smallest so far. */
function testAxis(a: Readonly<WorldShape>, b: Readonly<WorldShape>): void {
    project(a);
    const a0 = proj[0];
    const a1 = proj[1];
    project(b);
    const forward = a1 - proj[0]; // move B along +axis until its min meets A's max
    const backward = proj[1] - a0; // move B along -axis
    if (forward <= backward) {
        if (forward < sat[2]) {
            sat[0] = axis[0];
            sat[1] = axis[1];
            sat[2] = forward;
        }
    } else if (backward < sat[2]) {
        sat[0] = 0 - axis[0]; // 0 - x, not -x: no negative zeros in the normal
        sat[1] = 0 - axis[1];
        sat[2] = backward;
    }
}

/** Projects the shape on `axis`, into `proj = [min, max]`. */
function project(shape: Readonly<WorldShape>): void {
    const nx = axis[0];
    const ny = axis[1];
    if (shape.kind === 'circle') {
        const c = shape.cx * nx + shape.cy * ny;
        proj[0] = c - shape.r;
        proj[1] = c + shape.r;
        return;
    }
    if (shape.kind === 'aabb') {
        proj[0] = (nx >= 0 ? nx * shape.minX : nx * shape.maxX) + (ny >= 0 ? ny * shape.minY : ny * shape.maxY);
        proj[1] = (nx >= 0 ? nx * shape.maxX : nx * shape.minX) + (ny >= 0 ? ny * shape.maxY : ny * shape.minY);
        return;
    }
    const p = shape.points;
    let lo = INFINITY;
    let hi = -INFINITY;
    for (let i = 0, e = 2 * shape.vertexCount; i < e; i += 2) {
        const d = p[i] * nx + p[i + 1] * ny;
        if (d < lo) lo = d;
        if (d > hi) hi = d;
    }
    proj[0] = lo;
    proj[1] = hi;
}
