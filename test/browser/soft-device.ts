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
    private _page = new Uint8Array(0);
    private _w = 0;
    private _h = 0;

    constructor(maxTextureSize = 4096, private readonly jitter = 0, private readonly rand: () => number = Math.random) {
        this.maxTextureSize = maxTextureSize;
    }

    resizeMaskAtlas(width: number, height: number): void {
        this.atlas = new Uint8Array(width * height);
        this.atlasW = width;
        this.atlasH = height;
    }

    uploadMaskAtlas(x: number, y: number, width: number, height: number, texels: Uint8Array): void {
        if (x < 0 || y < 0 || x + width > this.atlasW || y + height > this.atlasH) throw new Error('upload outside the atlas');
        for (let j = 0; j < height; j++) this.atlas.set(texels.subarray(j * width, (j + 1) * width), (y + j) * this.atlasW + x);
        this.uploads++;
    }

    drawPage(width: number, height: number, instances: Uint8Array, first: number, count: number): void {
        if (width > this.maxTextureSize || height > this.maxTextureSize) throw new Error(`page ${width}x${height} over the limit`);
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
                    const a = this._member(fl, iw, o + 4, o + 8, o + 12, x, y);
                    const b = this._member(fl, iw, o + 16, o + 20, o + 24, x, y);
                    this._page[p] = a & 1 ? 255 : 0;
                    this._page[p + 1] = b & 1 ? 255 : 0;
                    this._page[p + 2] = a & 2 ? 255 : 0;
                    this._page[p + 3] = b & 2 ? 255 : 0;
                }
            }
        }
        this.draws++;
    }

    readPage(out: Uint8Array): void {
        out.set(this._page.subarray(0, this._w * this._h * 4));
        this.reads++;
    }

    dispose(): void {}

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
        let unsure = 0;
        if (i1 !== i0 || j1 !== j0) {
            if (this._texel(iw, or, i1, j0) !== m || this._texel(iw, or, i0, j1) !== m || this._texel(iw, or, i1, j1) !== m) unsure = 2;
        }
        return m | unsure;
    }

    private _texel(iw: Int32Array, or: number, i: number, j: number): number {
        if (i < 0 || j < 0 || i >= iw[or + 2] || j >= iw[or + 3]) return 0;
        return this.atlas[(iw[or + 1] + j) * this.atlasW + iw[or] + i] > 127 ? 1 : 0;
    }
}
