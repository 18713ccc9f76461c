/**
 * The narrow phase of the Cocos `CollisionSystem`'s world: the CPU narrow phase, plus the GPU
 * narrow phase (`core/gpu`) over the Cocos device, built lazily the first time a step wants it.
 * No `cc` import: the device comes from a factory (`gpu-cocos-device.ts` in the game, a
 * software device in tests), warnings go through a callback (the system's `warnOnce`).
 *
 * ## Which pairs go to the GPU
 *
 * Each collider says what it wants with `PixelCollider.mode` (values {@link MODE_AUTO},
 * {@link MODE_CPU}, {@link MODE_GPU}, {@link MODE_BOUNDS} = `NarrowMode`):
 *
 * ```
 *   either side CPU or BOUNDS            -> CPU  (BOUNDS colliders are boxes: CPU anyway)
 *   a side GPU, the other GPU or AUTO    -> GPU
 *   both AUTO                            -> GPU when the pair is "heavy" (autoPairIsHeavy) AND the
 *                                           GPU path runs this step in 'nextFrame' mode; else CPU
 *   box / circle / polygon pairs         -> CPU (inside the GPU narrow phase: cpuShape)
 * ```
 *
 * The GPU path runs in a step when `gpu` is not `'off'`, a device is available, and either a
 * collider with mode GPU is enabled ({@link PixelNarrowPhase.explicitGpu}) or, in `'nextFrame'`
 * mode, the step has at least {@link AUTO_GPU_MIN_PAIRS} heavy AUTO pairs; it then stays on for
 * {@link AUTO_GPU_HOLD_STEPS} more steps (so a game hovering around the threshold does not
 * switch back and forth: each switch in `'nextFrame'` mode repeats or skips one frame, below).
 *
 * ## The AUTO cost rule (bench/results/gpu-swiftshader.md, size sweep; software WebGL2, 2 cores)
 *
 * What the GPU path costs the main thread grows with the tiles' area (pixels read back and
 * decoded in JS, ~20 us per 1,000 page pixels, plus ~0.4 ms a step for the readback and the GL
 * calls); what the CPU costs grows slowly with the sprites (it rasterizes a rotated mask from its
 * row boundaries, then works on 32 cells a word), and an axis-aligned mask is read in place. So:
 *
 * - `'sameFrame'`: the GPU lost every measured case (0.02-0.44x the CPU's speed with every
 *   contact detail computed): AUTO never uses it.
 * - `'nextFrame'`: the GPU's blocked time beat the CPU (every detail) only for many rotated pairs
 *   with small tiles: 128x128 rotated pairs 2.6x at 50 pairs (1.05x at 10, 0.25x at 1), one
 *   256x256 rotated sprite against 87 32x32 bullets 1.65x; it lost with large tiles (two 256x256
 *   rotated sprites 0.84x at 10 pairs, 0.09x at 30 where SwiftShader's rendering no longer fits
 *   a frame; 512x512 0.04-0.2x) and with axis-aligned sprites (at most 0.13x).
 *
 * A pair is *heavy* when both are masks, one of them is rotated (its texel-to-world map is not
 * axis-aligned or a quarter turn: the CPU must rasterize it every frame it moves) and covers at
 * least {@link AUTO_GPU_MIN_CELLS} sample cells (mask texels x |det| x accuracy^2), and the
 * smaller of the two covers at most {@link AUTO_GPU_MAX_TILE_CELLS} (the tile, and so the GPU's
 * cost, is at most about the smaller sprite). The GPU path turns on with
 * {@link AUTO_GPU_MIN_PAIRS} heavy pairs in a step: per heavy pair it saves 12-60 us (measured),
 * so the ~0.4 ms fixed cost pays from 8-33 pairs; the rule asks for 32.
 *
 * A device whose deferred read still blocks (`blockingReadback`: the engine-gfx device) never
 * gets AUTO pairs: measured in the real engine, it never beat the CPU (bench/results/gpu-engine.md).
 *
 * The comparison is with the CPU computing every detail (what the GPU computes); a world whose
 * listeners read no contact detail pays the CPU only for the hit test (`contactDetails: 'lazy'`,
 * 0.01-0.12 ms in every case measured), which the GPU never beat: set `NarrowMode.CPU` then.
 *
 * ## Every answer of a step describes one frame
 *
 * While the GPU path runs, all pairs of a step go through the one GPU narrow phase: its
 * `useGpu` option sends the CPU pairs to its internal CPU path, decided while the frame is
 * planned, so in `'nextFrame'` mode they come back with the GPU pairs one step later and the
 * world stamps them all with the frame they describe (`contact.frame`). Switching the path:
 *
 * - on, in `'nextFrame'` mode: the step decides its own frame N on the CPU (returns N) and
 *   plans N on the GPU; the next step hands out the GPU's answers for N again (frame N is
 *   reported twice, identically: `onPixelCollideStay` with `contact.frame` N), then N+1...
 * - off: the pending frame is dropped and the step answers its own frame on the CPU (one frame
 *   is never reported, nothing else changes);
 * - a pair that touched in the frame answered but is no longer a candidate (its boxes separated
 *   since): the GPU narrow phase hands its answer over through `late()` and the world reports
 *   it (`onPixelCollide`, then `onPixelCollideEnd` a step later), as the CPU does a step earlier;
 * - no device (WebGPU; the engine-gfx backend without pixel-collide.effect loaded): CPU, one
 *   warning naming the reason;
 * - a readback that returns without writing the pixels (the GPU narrow phase's canary pixel,
 *   `readbackBroken`): that step's pairs are decided on the CPU, then everything stays on the CPU
 *   (status 'unavailable'), one warning;
 * - a lost context: the GPU narrow phase decides that frame on the CPU (core/gpu).
 */
import { CpuNarrowPhase } from '../../core/narrow-phase';
import type { LateAnswers, NarrowPhase } from '../../core/narrow-phase';
import type { Collider } from '../../core/collider';
import type { Contact } from '../../core/contact';
import { GpuNarrowPhase } from '../../core/gpu/gpu-narrow-phase';
import type { GpuDevice } from '../../core/gpu/device';

/** `NarrowMode` values (PixelCollider.ts; serialized in scenes, so they never change). */
export const MODE_AUTO = 0;
export const MODE_CPU = 1;
export const MODE_GPU = 2;
export const MODE_BOUNDS = 3;

/** AUTO: sample cells a rotated mask must cover for its pairs to be heavy (128 x 128). */
export const AUTO_GPU_MIN_CELLS = 16384;
/** AUTO: sample cells the smaller mask of a heavy pair may cover at most (128 x 128: the tile's size). */
export const AUTO_GPU_MAX_TILE_CELLS = 16384;
/** AUTO: heavy pairs a step needs to turn the GPU path on by itself ('nextFrame' mode only). */
export const AUTO_GPU_MIN_PAIRS = 32;
/** Steps the GPU path stays on after the last step that wanted it. */
export const AUTO_GPU_HOLD_STEPS = 60;

/** `CollisionSystem.gpu`: how the GPU path reads back, or `'off'`. */
export type GpuSetting = 'off' | 'nextFrame' | 'sameFrame';

/** What a device factory returns: a device, or why there is none (`retry`: try again next step). */
export type GpuDeviceResult = { device: GpuDevice; reason?: undefined; retry?: undefined } | { device: null; reason: string; retry?: boolean };

/** Where the GPU narrow phase stands (`CollisionSystem.gpuStatus`). */
export type GpuStatus = 'off' | 'idle' | 'active' | 'unavailable';

/**
 * True when an AUTO pair is heavy (see the file notes): both masks, one side rotated with at
 * least `minCells` sample cells at `accuracy`, and the smaller side at most `maxTileCells`.
 */
export function autoPairIsHeavy(a: Collider<any>, b: Collider<any>, accuracy: number, minCells = AUTO_GPU_MIN_CELLS,
    maxTileCells = AUTO_GPU_MAX_TILE_CELLS): boolean {
    if (a.shape.kind !== 'mask' || b.shape.kind !== 'mask') return false;
    const ca = cellsOf(a, accuracy), cb = cellsOf(b, accuracy);
    if ((ca < cb ? ca : cb) > maxTileCells) return false;
    return (ca >= minCells && isRotated(a)) || (cb >= minCells && isRotated(b));
}

/** Sample cells a mask collider covers at `accuracy` (texels x |det| x accuracy^2). */
function cellsOf(c: Collider<any>, accuracy: number): number {
    const s = c.shape;
    if (s.kind !== 'mask') return 0;
    const t = c.transform;
    return s.mask.width * s.mask.height * Math.abs(t.a * t.d - t.b * t.c) * accuracy * accuracy;
}

/** Not axis-aligned nor a quarter turn (within rounding: setRotationFromEuler leaves 1e-16 for sin 180). */
function isRotated(c: Collider<any>): boolean {
    const t = c.transform;
    const tol = 1e-12 * (Math.abs(t.a) + Math.abs(t.b) + Math.abs(t.c) + Math.abs(t.d));
    return !((Math.abs(t.b) <= tol && Math.abs(t.c) <= tol) || (Math.abs(t.a) <= tol && Math.abs(t.d) <= tol));
}

/** The `CollisionSystem` world's narrow phase (see the file notes). */
export class PixelNarrowPhase implements NarrowPhase {
    readonly name = 'pixel-collision';
    /** The CPU narrow phase (every step while the GPU path is off; queries always). */
    readonly cpu = new CpuNarrowPhase();
    /** Set by the system every step: an enabled collider has mode GPU. */
    explicitGpu = false;
    /**
     * False when no pair of this step can be heavy enough for the GPU in AUTO mode (the system
     * says so from what it synced: the most sample cells any mask covers, at the largest accuracy
     * of any collider, below {@link autoMinCells}). Then, with no GPU collider and the GPU path
     * off, the step looks at no pair to choose. True (look at every pair) unless told.
     */
    mayBeHeavy = true;
    /** AUTO rule parameters (see the file notes). */
    autoMinCells = AUTO_GPU_MIN_CELLS;
    autoMaxTileCells = AUTO_GPU_MAX_TILE_CELLS;
    autoMinPairs = AUTO_GPU_MIN_PAIRS;
    holdSteps = AUTO_GPU_HOLD_STEPS;
    /** Steps whose pairs went through the GPU narrow phase, and steps it was turned on. */
    gpuSteps = 0;
    activations = 0;

    private _setting: GpuSetting = 'nextFrame';
    private _gpu: GpuNarrowPhase | null = null;
    private _device: GpuDevice | null = null;
    private _unavailable: string | null = null;
    private _active = false;
    /** The device reads back only synchronously (the GPU path runs 'sameFrame': AUTO stays on the CPU). */
    private _syncOnly = false;
    private _sinceWanted = 0;
    private _want = new Uint8Array(64);
    /** The GPU narrow phase whose `run` answered this step (its late answers go to the world). */
    private _answered: GpuNarrowPhase | null = null;
    private readonly _useGpu = (_a: Collider<any>, _b: Collider<any>, i: number): boolean => this._want[i] === 1;

    /**
     * @param deviceFactory makes the device, the first time a step wants the GPU (once; a
     *   result with `retry` is asked again next step).
     * @param modeOf a collider's `NarrowMode` ({@link MODE_AUTO}...).
     * @param warn one warning per key.
     */
    constructor(
        private readonly deviceFactory: () => GpuDeviceResult,
        private readonly modeOf: (c: Collider<any>) => number,
        private readonly warn: (key: string, message: string) => void,
    ) {}

    /** See `CollisionSystem.gpu`. */
    get setting(): GpuSetting {
        return this._setting;
    }

    set setting(v: GpuSetting) {
        if (v !== 'off' && v !== 'nextFrame' && v !== 'sameFrame') throw new RangeError(`CollisionSystem.gpu must be 'off', 'nextFrame' or 'sameFrame', got ${String(v)}.`);
        if (v === this._setting) return;
        this._setting = v;
        // A new mode needs a new GPU narrow phase (its readback mode is fixed); the device stays.
        this._dropGpu(false);
    }

    /** The GPU narrow phase while it exists (stats, atlas), else null. */
    get gpu(): GpuNarrowPhase | null {
        return this._gpu;
    }

    /** Why there is no GPU path (the warning's reason), or null. */
    get unavailableReason(): string | null {
        return this._unavailable;
    }

    get status(): GpuStatus {
        if (this._setting === 'off') return 'off';
        if (this._unavailable !== null) return 'unavailable';
        return this._active ? 'active' : 'idle';
    }

    run(a: readonly Collider<any>[], b: readonly Collider<any>[], count: number, accuracy: Float64Array,
        contacts: Contact[], frame: number, separation: boolean, lazy?: boolean): number {
        this._answered = null;
        if (this._unavailable !== null && this._gpu !== null) {
            // The readback broke last step (see _readbackBroken): CPU from now on.
            this._dropGpu(true);
            this._active = false;
        }
        const wanted = this._select(a, b, count, accuracy);
        const was = this._active;
        if (wanted) { this._active = true; this._sinceWanted = 0; }
        else if (this._active && ++this._sinceWanted > this.holdSteps) this._active = false;
        const gpu = this._active ? this._ensureGpu() : null;
        if (!gpu) {
            if (was) this._dropGpu(false);
            this._active = false;
            return this.cpu.run(a, b, count, accuracy, contacts, frame, separation, lazy);
        }
        this.gpuSteps++;
        if (!was) this.activations++;
        if (gpu.readback === 'nextFrame' && !gpu.pending) {
            // Turning on: plan this frame on the GPU, answer it now on the CPU (see the notes).
            gpu.run(a, b, count, accuracy, contacts, frame, separation);
            return this.cpu.run(a, b, count, accuracy, contacts, frame, separation, lazy);
        }
        this._answered = gpu;
        const described = gpu.run(a, b, count, accuracy, contacts, frame, separation);
        if (gpu.readbackBroken) this._readbackBroken();
        return described;
    }

    /**
     * A readback came back without writing the pixels (the GPU narrow phase's canary): this
     * step's pairs were decided on the CPU already; from the next step on everything stays on
     * the CPU (answers in their own frame again), with one warning.
     */
    private _readbackBroken(): void {
        this._unavailable = 'texture readback returned without writing the pixels (as cocos-engine#17648 reports for native readPixels)';
        this.warn('gpu-unavailable', `The GPU narrow phase stopped: ${this._unavailable}. Those pairs were decided on the CPU; from now on every pair is (same answers, in the frame they happen).`);
        // The GPU narrow phase is dropped at the next run, after the world took this step's late
        // answers (late()).
    }

    /**
     * The GPU narrow phase's late answers ('nextFrame': hits of the frame just answered whose pair
     * is no longer a candidate), when it answered this step; the world reports them (one-frame
     * touches). Nothing otherwise.
     */
    late(out: LateAnswers): number {
        const gpu = this._answered;
        this._answered = null;
        return gpu !== null && gpu === this._gpu ? gpu.late(out) : 0;
    }

    testPair(a: Collider<any>, b: Collider<any>, accuracy: number, separation: boolean, out: Contact): boolean {
        return this.cpu.testPair(a, b, accuracy, separation, out);
    }

    /** Frees the GPU narrow phase and its device (a new one is made, or asked for again, when wanted). */
    dispose(): void {
        this._dropGpu(true);
        this._active = false;
        this._unavailable = null;
        this._sinceWanted = 0;
    }

    /**
     * Fills `_want` (1 = GPU) for the step's pairs; returns whether the step wants the GPU path
     * by itself (a GPU collider is enabled, or enough heavy AUTO pairs).
     */
    private _select(a: readonly Collider<any>[], b: readonly Collider<any>[], count: number, accuracy: Float64Array): boolean {
        if (this._setting === 'off' || this._unavailable !== null) return false;
        // No pair could want the GPU, and it is not running: every pair stays on the CPU.
        if (!this.explicitGpu && !this.mayBeHeavy && !this._active) return false;
        if (this._want.length < count) this._want = new Uint8Array(Math.max(count, 2 * this._want.length));
        const want = this._want;
        // AUTO pairs use the GPU only in 'nextFrame' mode (the file notes).
        const auto = this._setting === 'nextFrame' && !this._syncOnly;
        let heavy = 0;
        for (let i = 0; i < count; i++) {
            const ma = this.modeOf(a[i]), mb = this.modeOf(b[i]);
            let w = 0;
            if (ma === MODE_CPU || mb === MODE_CPU || ma === MODE_BOUNDS || mb === MODE_BOUNDS) w = 0;
            else if (ma === MODE_GPU || mb === MODE_GPU) w = 1;
            else if (auto && autoPairIsHeavy(a[i], b[i], accuracy[i], this.autoMinCells, this.autoMaxTileCells)) { w = 2; heavy++; }
            want[i] = w;
        }
        const wanted = this.explicitGpu || heavy >= this.autoMinPairs;
        // Heavy AUTO pairs ride along whenever the GPU path runs this step (its readback is paid).
        const runs = auto && (wanted || this._active);
        for (let i = 0; i < count; i++) if (want[i] === 2) want[i] = runs ? 1 : 0;
        return wanted;
    }

    private _ensureGpu(): GpuNarrowPhase | null {
        if (this._gpu) return this._gpu;
        if (this._unavailable !== null || this._setting === 'off') return null;
        if (!this._device) {
            let r: GpuDeviceResult;
            try {
                r = this.deviceFactory();
            } catch (err) {
                r = { device: null, reason: `the device could not be created (${(err as Error).message})` };
            }
            if (!r.device) {
                if (r.retry) return null;
                this._unavailable = r.reason;
                this.warn('gpu-unavailable', `The GPU narrow phase is not available here: ${r.reason}. Pairs of colliders with NarrowMode.GPU (and AUTO) are tested on the CPU (same answers, in the frame they happen).`);
                return null;
            }
            this._device = r.device;
            // A device whose deferred read still blocks (engine gfx): AUTO pairs stay on the CPU.
            if (r.device.blockingReadback === true) this._syncOnly = true;
        }
        let readback = this._setting as 'nextFrame' | 'sameFrame';
        if (readback === 'nextFrame' && !this._device.asyncReadback) {
            this._syncOnly = true;
            this.warn('gpu-sync-only', "CollisionSystem.gpu is 'nextFrame' but this device cannot read back without stalling; using 'sameFrame'.");
            readback = 'sameFrame';
        }
        try {
            this._gpu = new GpuNarrowPhase(this._device, { readback, useGpu: this._useGpu });
        } catch (err) {
            this._unavailable = (err as Error).message;
            this.warn('gpu-unavailable', `The GPU narrow phase is not available here: ${this._unavailable} Colliders with NarrowMode.GPU are tested on the CPU.`);
            this._device.dispose();
            this._device = null;
            return null;
        }
        return this._gpu;
    }

    /** Forgets the GPU narrow phase (pending answers dropped); `device` frees the device too. */
    private _dropGpu(device: boolean): void {
        if (this._gpu) this._gpu.discardPending();
        this._gpu = null;
        if (device && this._device) {
            this._device.dispose();
            this._device = null;
            this._syncOnly = false;
        }
    }
}
