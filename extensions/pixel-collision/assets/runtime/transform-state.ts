/**
 * The per-frame transform state of every PixelCollider, side by side in one Float64Array.
 *
 * Each collider owns a slot of {@link STATE_STRIDE} numbers at its offset `o`:
 * `[o..o+3]` its texel -> node-local map `[la, ld, lx, ly]` (sprite-geometry.ts quadToLocal) and
 * `[o+4..o+9]` its last computed local -> world transform `[a, b, c, d, tx, ty]`.
 *
 * Why one array: the sync reads and writes this state for every collider every frame. A small
 * typed array per collider is two more objects per collider (its header in the JavaScript heap,
 * its numbers elsewhere) that the sync reaches through the component, and where they lie depends
 * on what the page did before: in a page that loaded and unloaded a level, new objects fill the
 * gaps the old level's objects left, so one scene's objects are spread over the heap and the
 * sync waits on memory for each. Here the numbers of all colliders are one block, in slot order,
 * wherever the page's heap stands.
 *
 * Slots are taken when a collider is constructed and given back when it is destroyed (its
 * `onDestroy`; a collider the engine destroys without ever loading it keeps its 80 bytes); a
 * freed slot is reused by the next collider. `STATE.f64` is replaced (copied into a larger array) when
 * the slots run out: read it again after anything that may construct a collider.
 */

/** Numbers a slot. */
export const STATE_STRIDE = 10;

/** @internal The shared array (`f64`), and the free offsets. */
export const STATE = {
    f64: new Float64Array(STATE_STRIDE * 64),
    /** Offsets given back, reused last-in first-out. */
    free: [] as number[],
    /** Offsets below this one have been handed out at some point (slot 0 is {@link DEAD_STATE}). */
    top: STATE_STRIDE,
};

/**
 * @internal The offset a destroyed collider points at instead of the slot it gave back (which
 * another collider may take): nobody's, so what a destroyed collider writes there harms none.
 */
export const DEAD_STATE = 0;

/** @internal Takes a slot, set to the identity maps; returns its offset into `STATE.f64`. */
export function takeStateSlot(): number {
    let o: number;
    if (STATE.free.length > 0) {
        o = STATE.free.pop() as number;
    } else {
        if (STATE.top + STATE_STRIDE > STATE.f64.length) {
            const grown = new Float64Array(2 * STATE.f64.length);
            grown.set(STATE.f64);
            STATE.f64 = grown;
        }
        o = STATE.top;
        STATE.top += STATE_STRIDE;
    }
    const s = STATE.f64;
    // Texel -> local: la = 1, ld = -1 (rows down), no shift; transform: identity.
    s[o] = 1; s[o + 1] = -1; s[o + 2] = 0; s[o + 3] = 0;
    s[o + 4] = 1; s[o + 5] = 0; s[o + 6] = 0; s[o + 7] = 1; s[o + 8] = 0; s[o + 9] = 0;
    return o;
}

/** @internal Gives a slot back (the collider was destroyed); {@link DEAD_STATE} is not a slot to give. */
export function freeStateSlot(o: number): void {
    if (o > DEAD_STATE) STATE.free.push(o);
}
