/**
 * The world sampling grid (README.md, "The sampling definition").
 *
 * ```
 *   cell (k, l) = [k*s, (k+1)*s) x [l*s, (l+1)*s),   s = 1 / accuracy
 *   its sample  = ((k + 0.5) * s, (l + 0.5) * s)
 *
 *   l+1 ┌─────┬─────┐
 *       │  ·  │  ·  │   · = samples; k grows with world x, l grows with world y
 *   l   ├─────┼─────┤       (world y is up in Cocos; the grid does not care)
 *       │  ·  │  ·  │
 *   l-1 └─────┴─────┘
 *       k     k+1   k+2
 * ```
 *
 * The definition is exact: transform entries and sample positions are exact real numbers
 * (a double is an exact binary fraction), and membership is decided without rounding error
 * (see `exact.ts`).
 */

/** Default samples per world unit along each axis. */
export const DEFAULT_ACCURACY = 1;

/** Largest accepted accuracy (a finer grid than 1/64 world unit is never what a game wants). */
export const MAX_ACCURACY = 64;

/**
 * Throws a `RangeError` unless `accuracy` is a finite number in `(0, MAX_ACCURACY]`.
 * Seed 001 throws for `accuracy <= 0`; NaN and infinities are refused too.
 */
export function checkAccuracy(accuracy: number, name = 'accuracy'): number {
    if (typeof accuracy !== 'number' || !(accuracy > 0) || !(accuracy <= MAX_ACCURACY)) {
        throw new RangeError(`${name} must be a number in (0, ${MAX_ACCURACY}] (samples per world unit; 1 = one sample per unit, 0.5 = one per 2 units), got ${accuracy}.`);
    }
    return accuracy;
}

/** Index of the cell containing world coordinate `x` (floor(x * accuracy)). */
export function cellOf(x: number, accuracy: number): number {
    return Math.floor(x * accuracy);
}

/** World coordinate of the sample of cell `k`. */
export function sampleOf(k: number, accuracy: number): number {
    return (k + 0.5) / accuracy;
}

/**
 * Cell range whose samples lie in the closed world interval `[lo, hi]`, written to
 * `out[0]` (first cell) and `out[1]` (last cell). Empty when `out[0] > out[1]`.
 * Conservative by one cell on each side is NOT applied: callers that need a superset add it.
 */
export function sampleRange(lo: number, hi: number, accuracy: number, out: Int32Array | number[]): void {
    out[0] = Math.ceil(lo * accuracy - 0.5);
    out[1] = Math.floor(hi * accuracy - 0.5);
}
