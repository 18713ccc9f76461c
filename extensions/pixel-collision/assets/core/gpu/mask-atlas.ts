import type { BitMask } from '../bitmask';
import type { GpuDevice } from './device';

/**
 * The core's bit masks on the GPU: one R8 texture, one texel per mask texel (255 opaque, 0 not),
 * each mask with a 2-texel transparent border, placed by a shelf packer. A mask is uploaded once
 * and kept until it changes (`mask.version`, re-uploaded in place: a mask's size never changes)
 * or the atlas is repacked.
 *
 * ```
 *   atlas texel (x, y)          slot of a w x h mask: (w + 4) x (h + 4) texels
 *   ┌────────────────────┐      ┌──────────────┐
 *   │ slot slot slot ... │      │ 0 0 0 0 0 0  │  2-texel border of 0
 *   │ slot slot ...      │      │ 0 0 ┌───┐ 0  │  mask texel (i, j) at
 *   │ ...                │      │ 0 0 │   │ 0  │  (slotX + 2 + i, slotY + 2 + j)
 *   └────────────────────┘      └─────┴───┴────┘
 * ```
 *
 * When a frame's masks do not fit, the atlas grows (doubling, up to the device's limit) and is
 * repacked with that frame's masks only (masks no longer used drop out). A mask larger than the
 * largest atlas gets no slot (-1): its pairs go to the CPU.
 */
export class MaskAtlas {
    /** Atlas size in texels (0 before the first frame). */
    width = 0;
    height = 0;
    /** Uploads since creation (masks written to the texture), for tests and stats. */
    uploads = 0;
    /** Repacks since creation. */
    repacks = 0;

    private readonly _device: GpuDevice;
    private readonly _maxSide: number;
    private readonly _slots = new Map<BitMask, number>();
    /** Per slot: x, y (mask texel (0, 0) in the atlas), w, h, version, frame last used. */
    private _slotData = new Int32Array(6 * 64);
    private _slotCount = 0;
    // Shelf packer state.
    private _shelfX = 0;
    private _shelfY = 0;
    private _shelfH = 0;
    private _frame = 0;
    private _full = false;
    private _texels = new Uint8Array(4096);

    constructor(device: GpuDevice, maxSide: number, initialSide = 512) {
        this._device = device;
        this._maxSide = maxSide;
        this._initialSide = Math.min(initialSide, maxSide);
    }

    private readonly _initialSide: number;

    /** Starts a frame: slots asked for from now on are kept if the atlas has to be repacked. */
    beginFrame(): void {
        this._frame++;
        this._full = false;
        if (this.width === 0) this._resize(this._initialSide, this._initialSide);
    }

    /**
     * The slot of `mask` (uploading it if new or changed), or -1 when the atlas is full this
     * frame (then {@link overflowed} is true: call {@link grow} and plan the frame again).
     * {@link slotX} etc. read the slot.
     */
    slot(mask: BitMask): number {
        let s = this._slots.get(mask);
        const d = this._slotData;
        if (s !== undefined) {
            const o = 6 * s;
            if (d[o + 4] !== mask.version) this._upload(mask, d[o], d[o + 1]);
            d[o + 4] = mask.version;
            d[o + 5] = this._frame;
            return s;
        }
        const w = mask.width + 4, h = mask.height + 4;
        if (w > this._maxSide || h > this._maxSide) return -1; // never fits: the pair goes to the CPU
        if (this._full) return -1;
        if (this._shelfX + w > this.width) {
            this._shelfY += this._shelfH;
            this._shelfX = 0;
            this._shelfH = 0;
        }
        if (w > this.width || this._shelfY + h > this.height) {
            this._full = true;
            return -1;
        }
        s = this._slotCount++;
        if (6 * this._slotCount > d.length) {
            const grown = new Int32Array(d.length * 2);
            grown.set(d);
            this._slotData = grown;
        }
        const o = 6 * s, sd = this._slotData;
        sd[o] = this._shelfX + 2;
        sd[o + 1] = this._shelfY + 2;
        sd[o + 2] = mask.width;
        sd[o + 3] = mask.height;
        sd[o + 4] = mask.version;
        sd[o + 5] = this._frame;
        this._shelfX += w;
        if (h > this._shelfH) this._shelfH = h;
        this._slots.set(mask, s);
        this._upload(mask, sd[o], sd[o + 1]);
        return s;
    }

    /** True when a {@link slot} call of this frame found no room. */
    get overflowed(): boolean {
        return this._full;
    }

    /** Whether the atlas can still grow. */
    get canGrow(): boolean {
        return this.width < this._maxSide || this.height < this._maxSide;
    }

    /**
     * Empties the atlas, doubling its smaller side when it can grow (call after an overflow, then
     * ask for this frame's slots again). Every mask is uploaded again when next asked for.
     */
    grow(): void {
        let w = this.width, h = this.height;
        if (h <= w && h < this._maxSide) h = Math.min(2 * h, this._maxSide);
        else if (w < this._maxSide) w = Math.min(2 * w, this._maxSide);
        this._resize(w, h);
        this.repacks++;
        this._full = false;
    }

    /** Forgets every slot and recreates the texture (a lost context was restored). */
    reset(): void {
        this._resize(this.width || this._initialSide, this.height || this._initialSide);
    }

    slotX(s: number): number { return this._slotData[6 * s]; }
    slotY(s: number): number { return this._slotData[6 * s + 1]; }

    private _resize(w: number, h: number): void {
        this.width = w;
        this.height = h;
        this._slots.clear();
        this._slotCount = 0;
        this._shelfX = this._shelfY = this._shelfH = 0;
        this._device.resizeMaskAtlas(w, h);
    }

    private _upload(mask: BitMask, x: number, y: number): void {
        const w = mask.width, h = mask.height;
        if (this._texels.length < w * h) this._texels = new Uint8Array(Math.max(w * h, 2 * this._texels.length));
        const t = this._texels, bits = mask.bits, stride = mask.stride;
        for (let j = 0; j < h; j++) {
            const row = j * stride, o = j * w;
            for (let i = 0; i < w; i++) t[o + i] = (bits[row + (i >>> 5)] >>> (i & 31)) & 1 ? 255 : 0;
        }
        this._device.uploadMaskAtlas(x, y, w, h, w * h === t.length ? t : t.subarray(0, w * h));
        this.uploads++;
    }
}
