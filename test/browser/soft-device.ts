/**
 * The GPU device in software: what `core/gpu/shader.ts` computes, evaluated in float32
 * (`Math.fround` after every operation, in the shader's order) on the CPU. Lets the planner and
 * decoder run in Node (test/core/gpu-*.test.ts) without a browser. `jitter` adds a deliberate
 * error of up to that many texels to u and v (within the map's eps it must change nothing).
 */
import { INSTANCE_BYTES, INSTANCE_WORDS } from '../../extensions/pixel-collision/assets/core/gpu';
import type { GpuDevice } from '../../extensions/pixel-collision/assets/core/gpu';

const f = Math.fround;

export class SoftGpuDevice implements GpuDevice {
    readonly maxTextureSize: number;
    atlas = new Uint8Array(0);
    atlasW = 0;
    atlasH = 0;
    draws = 0;
    reads = 0;
    uploads = 0;
    /** Whether the emulated context is lost (tests set it; {@link restore} brings it back). */
    lost = false;
    /** Resource generation (bumped by {@link restore}: the atlas is then empty). */
    generation = 0;
    /** startRead / finishRead calls, and reads collected before they were ready. */
    asyncStarts = 0;
    asyncFinishes = 0;
    /** Whether a started read reports ready (tests of the stall path set it false). */
    readyAfterStart = true;
    /**
     * Emulates a readback that reports success without writing the buffer (cocos-engine#17648:
     * native readPixels returning an unchanged buffer): readPage and finishRead write nothing.
     */
    silentReads = false;
    private _page = new Uint8Array(0);
    private _w = 0;
    private _h = 0;
    private _slots: (Uint8Array | null)[] = [];
    readonly asyncReadback: boolean;

    constructor(maxTextureSize = 4096, private readonly jitter = 0, private readonly rand: () => number = Math.random, asyncReadback = false) {
        this.maxTextureSize = maxTextureSize;
        this.asyncReadback = asyncReadback;
    }

    beginFrame(): number {
        return this.lost ? -1 : this.generation;
    }

    isLost(): boolean {
        return this.lost;
    }

    /** Emulates WEBGL_lose_context.loseContext(): GPU objects and pending reads are gone. */
    lose(): void {
        this.lost = true;
        this._slots = [];
        this.atlas = new Uint8Array(0);
        this.atlasW = this.atlasH = 0;
    }

    /** Emulates a restored context: usable again, every GPU object new and empty. */
    restore(): void {
        this.lost = false;
        this.generation++;
    }

    resizeMaskAtlas(width: number, height: number): void {
        this.atlas = new Uint8Array(width * height);
        this.atlasW = width;
        this.atlasH = height;
    }

    uploadMaskAtlas(x: number, y: number, width: number, height: number, texels: Uint8Array): void {
        if (this.lost) return; // calls on a lost context do nothing
        if (x < 0 || y < 0 || x + width > this.atlasW || y + height > this.atlasH) throw new Error('upload outside the atlas');
        for (let j = 0; j < height; j++) this.atlas.set(texels.subarray(j * width, (j + 1) * width), (y + j) * this.atlasW + x);
        this.uploads++;
    }

    drawPage(width: number, height: number, instances: Uint8Array, first: number, count: number): void {
        if (width > this.maxTextureSize || height > this.maxTextureSize) throw new Error(`page ${width}x${height} over the limit`);
        if (this.lost) return;
        this._w = width;
        this._h = height;
        this._page = new Uint8Array(width * height * 4);
        const fl = new Float32Array(instances.buffer, instances.byteOffset + first * INSTANCE_BYTES, count * INSTANCE_WORDS);
        const iw = new Int32Array(instances.buffer, instances.byteOffset + first * INSTANCE_BYTES, count * INSTANCE_WORDS);
        for (let q = 0; q < count; q++) {
            const o = q * INSTANCE_WORDS;
            const tx = iw[o], ty = iw[o + 1], tw = iw[o + 2], th = iw[o + 3];
            if (tx < 0 || ty < 0 || tx + tw > width || ty + th > height) throw new Error('tile outside the page');
            for (let y = 0; y < th; y++) {
                for (let x = 0; x < tw; x++) {
                    const p = 4 * ((ty + y) * width + tx + x);
                    if (this._page[p] | this._page[p + 1] | this._page[p + 2] | this._page[p + 3]) throw new Error('tiles overlap');
                    // 8 cells per pixel, a nibble each (shader.ts main()).
                    for (let s = 0; s < 8; s++) {
                        const cx = 8 * x + s;
                        if (this._far(fl, iw, o + 4, o + 8, o + 12, cx, y) || this._far(fl, iw, o + 16, o + 20, o + 24, cx, y)) continue; // stays 0
                        const a = this._member(fl, iw, o + 4, o + 8, o + 12, cx, y);
                        const b = this._member(fl, iw, o + 16, o + 20, o + 24, cx, y);
                        const nib = (a & 1) | ((b & 1) << 1) | ((a & 2) << 1) | ((b & 2) << 2);
                        this._page[p + (s >> 1)] |= (s & 1) ? nib << 4 : nib;
                    }
                }
            }
        }
        this.draws++;
    }

    readPage(out: Uint8Array): void {
        if (this.lost) return; // like gl.readPixels on a lost context: nothing written
        this.reads++;
        if (this.silentReads) return;
        out.set(this._page.subarray(0, this._w * this._h * 4));
    }

    startRead(slot: number): void {
        if (!this.asyncReadback) throw new Error('startRead on a device without async readback');
        this._slots[slot] = this._page.slice(0, this._w * this._h * 4);
        this.asyncStarts++;
    }

    readReady(slot: number): boolean {
        return this.readyAfterStart && !!this._slots[slot];
    }

    finishRead(slot: number, out: Uint8Array): boolean {
        const s = this._slots[slot];
        if (this.lost || !s) return false;
        if (!this.silentReads) out.set(s);
        this._slots[slot] = null;
        this.asyncFinishes++;
        return true;
    }

    dispose(): void {}

    /** The shader's `far`: the sample and its neighbours are outside the mask's rect. */
    private _far(fl: Float32Array, iw: Int32Array, ou: number, ov: number, or: number, x: number, y: number): boolean {
        const clamp = (z: number) => Math.min(Math.max(z, -1e6), 1e6);
        const u = clamp(f(f(fl[ou] + f(fl[ou + 1] * x)) + f(fl[ou + 2] * y)));
        const v = clamp(f(f(fl[ov] + f(fl[ov + 1] * x)) + f(fl[ov + 2] * y)));
        const mu = f(Math.max(Math.abs(fl[ou + 1]), Math.abs(fl[ou + 2])) + 1);
        const mv = f(Math.max(Math.abs(fl[ov + 1]), Math.abs(fl[ov + 2])) + 1);
        return u < -mu || v < -mv || u >= f(iw[or + 2] + mu) || v >= f(iw[or + 3] + mv);
    }

    /** Bit 0: membership; bit 1: unsure. */
    private _member(fl: Float32Array, iw: Int32Array, ou: number, ov: number, or: number, x: number, y: number): number {
        const clamp = (z: number) => Math.min(Math.max(z, -1e6), 1e6);
        let u = clamp(f(f(fl[ou] + f(fl[ou + 1] * x)) + f(fl[ou + 2] * y)));
        let v = clamp(f(f(fl[ov] + f(fl[ov + 1] * x)) + f(fl[ov + 2] * y)));
        if (this.jitter) {
            u = f(u + (2 * this.rand() - 1) * Math.min(this.jitter, fl[ou + 3] * 0.5));
            v = f(v + (2 * this.rand() - 1) * Math.min(this.jitter, fl[ov + 3] * 0.5));
        }
        const eu = fl[ou + 3], ev = fl[ov + 3];
        const i0 = Math.floor(f(u - eu)), i1 = Math.floor(f(u + eu));
        const j0 = Math.floor(f(v - ev)), j1 = Math.floor(f(v + ev));
        const m = this._texel(iw, or, i0, j0);
        const unsure = i1 !== i0 || j1 !== j0 ? 2 : 0;
        return m | unsure;
    }

    private _texel(iw: Int32Array, or: number, i: number, j: number): number {
        // The shader clamps to [-1, size]: the atlas border (2 texels of 0) answers outside.
        i = Math.min(Math.max(i, -1), iw[or + 2]);
        j = Math.min(Math.max(j, -1), iw[or + 3]);
        return this.atlas[(iw[or + 1] + j) * this.atlasW + iw[or] + i] > 127 ? 1 : 0;
    }
}
