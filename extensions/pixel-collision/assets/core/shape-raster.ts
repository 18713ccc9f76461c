/**
 * A shape's samples as a {@link WorldRaster}: the cells of the world grid that belong to the
 * closed shape, row by row, exactly as shape-sampling.ts decides them. The mask narrow phase ANDs
 * such a raster with a mask's raster for shape-versus-mask pairs.
 */
import type { WorldRaster } from './raster';
import { checkAccuracy, MAX_ACCURACY } from './sampling';
import type { WorldShape } from './shape';
import { ROW_GRID, ROW_QUERY, rowCells } from './shape-sampling';

const { ceil, floor } = Math;
// Read once: a CommonJS build turns each use of an imported constant into a getter call.
const MAX_ACC = MAX_ACCURACY;
const grid = ROW_GRID;
const query = ROW_QUERY;
/** The cells of the current row: `[k0, k1]`. */
const cellsA = new Int32Array(2);

/**
 * Sets every cell of `out` whose sample belongs to the closed shape: `out` is reset to the
 * smallest grid-aligned box holding those cells (or to an empty 0 x 0 raster when the shape
 * contains no sample), filled row by row, and its row bounds updated. Returns `out`.
 *
 * For shape-vs-mask tests the mask narrow phase ANDs this raster with the mask's raster.
 * Throws a `RangeError` for a bad `accuracy`.
 */
export function rasterizeShape(shape: Readonly<WorldShape>, accuracy: number, out: WorldRaster): WorldRaster {
    if (!(typeof accuracy === 'number' && accuracy > 0 && accuracy <= MAX_ACC)) checkAccuracy(accuracy);
    grid[0] = accuracy;
    query[2] = 2 * accuracy;
    const l0 = ceil(shape.minY * accuracy - 0.5) - 1;
    const l1 = floor(shape.maxY * accuracy - 0.5) + 1;
    let kMin = 0;
    let kMax = 0;
    let lMin = 0;
    let lMax = 0;
    let rows = 0;
    for (let l = l0; l <= l1; l++) {
        if (!rowCells(shape, l, cellsA)) continue;
        if (rows === 0 || cellsA[0] < kMin) kMin = cellsA[0];
        if (rows === 0 || cellsA[1] > kMax) kMax = cellsA[1];
        if (rows === 0) lMin = l;
        lMax = l;
        rows++;
    }
    if (rows === 0) {
        out.reset(accuracy, floor(shape.minX * accuracy), floor(shape.minY * accuracy), 0, 0);
        out.updateRowBounds();
        return out;
    }
    out.reset(accuracy, kMin, lMin, kMax - kMin + 1, lMax - lMin + 1);
    for (let l = lMin; l <= lMax; l++) {
        if (rowCells(shape, l, cellsA)) out.setSpan(l - lMin, cellsA[0] - kMin, cellsA[1] - kMin + 1);
    }
    out.updateRowBounds();
    return out;
}
