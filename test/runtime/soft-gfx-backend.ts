/**
 * A software page backend for the engine-gfx device (runtime/gpu/gpu-gfx-device.ts): takes the
 * effect's vertices as the engine would (6 per tile, GFX_VERTEX_FLOATS floats each) and evaluates
 * the GLSL ES 1.00 fragment form (shader.ts PAIR_FRAGMENT_BODY_100) in float32: the texel from the
 * pixel centre through the map, the atlas read at (i + 0.5) / size with NEAREST, the widened
 * error bound.
 */
import { GFX_CORNERS, GFX_VERTEX_FLOATS, GFX_VERTICES_PER_TILE } from '../../extensions/pixel-collision/assets/core/gpu/shader';
import type { GfxPageBackend } from '../../extensions/pixel-collision/assets/runtime/gpu/gpu-gfx-device';

const f = Math.fround;

/** The GLSL ES 1.00 form of the effect, in float32, on plain arrays (see the file notes). */
export class SoftGfxBackend implements GfxPageBackend {
    readonly maxTextureSize = 4096;
    gen = 0;
    atlas = new Uint8Array(0);
    aw = 0;
    ah = 0;
    targets: { w: number; h: number; px: Uint8Array }[] = [];
    draws = 0;
    reads = 0;
    /** A readback that returns without writing (a broken native readPixels). */
    silent = false;
    generation(): number { return this.gen; }
    createAtlas(w: number, h: number): void { this.atlas = new Uint8Array(w * h); this.aw = w; this.ah = h; }
    uploadAtlas(x: number, y: number, w: number, h: number, t: Uint8Array): void {
        if (x < 0 || y < 0 || x + w > this.aw || y + h > this.ah) throw new Error('upload outside the atlas');
        for (let j = 0; j < h; j++) this.atlas.set(t.subarray(j * w, (j + 1) * w), (y + j) * this.aw + x);
    }
    setTarget(i: number, w: number, h: number): void { this.targets[i] = { w, h, px: new Uint8Array(w * h * 4) }; }
    draw(index: number, pageW: number, pageH: number, v: Float32Array, n: number): void {
        const t = this.targets[index];
        if (!t || pageW > t.w || pageH > t.h) throw new Error('page larger than its target');
        t.px.fill(0, 0, t.w * pageH * 4); // the render area is cleared (rows of the target's width)
        if (n % GFX_VERTICES_PER_TILE !== 0) throw new Error('not 6 vertices per tile');
        for (let q = 0; q < n; q += GFX_VERTICES_PER_TILE) {
            const o = q * GFX_VERTEX_FLOATS;
            const ox = v[o + 2], oy = v[o + 3];
            let x1 = ox, y1 = oy;
            for (let k = 0; k < GFX_VERTICES_PER_TILE; k++) {
                const b = o + k * GFX_VERTEX_FLOATS;
                for (let w = 2; w < GFX_VERTEX_FLOATS; w++) if (v[b + w] !== v[o + w]) throw new Error('a tile\'s vertices carry different data');
                // The corners are the two triangles of the rectangle, in GFX_CORNERS order.
                const cx = GFX_CORNERS[2 * k], cy = GFX_CORNERS[2 * k + 1];
                if ((cx === 0 && v[b] !== ox) || (cy === 0 && v[b + 1] !== oy)) throw new Error('corner order');
                x1 = Math.max(x1, v[b]); y1 = Math.max(y1, v[b + 1]);
            }
            if (ox < 0 || oy < 0 || x1 > pageW || y1 > pageH) throw new Error('tile outside the page');
            for (let y = oy; y < y1; y++) for (let x = ox; x < x1; x++) {
                const p = 4 * (y * t.w + x);
                if (t.px[p] | t.px[p + 1] | t.px[p + 2] | t.px[p + 3]) throw new Error('tiles overlap');
                // gl_FragCoord = (x + 0.5, y + 0.5): q = floor(fragCoord) - floor(origin + 0.5)
                const qx = x - ox, qy = y - oy;
                for (let c = 0; c < 4; c++) {
                    t.px[p + c] = this._cell(v, o, f(qx * 8 + 2 * c), qy) + 16 * this._cell(v, o, f(qx * 8 + 2 * c + 1), qy);
                }
            }
        }
        this.draws++;
    }
    read(index: number, w: number, h: number, out: Uint8Array): void {
        this.reads++;
        if (this.silent) return;
        const t = this.targets[index];
        for (let y = 0; y < h; y++) out.set(t.px.subarray(4 * y * t.w, 4 * (y * t.w + w)), 4 * y * w);
    }
    dispose(): void { this.targets = []; }

    /** PAIR_FRAGMENT_BODY_100 cell(): the nibble of cell (k, y). */
    private _cell(v: Float32Array, o: number, k: number, y: number): number {
        const A = o + 4, B = o + 16; // UA at 4, VA 8, rectA 12; UB 16, VB 20, rectB 24
        const uvA = this._coord(v, A, k, y), uvB = this._coord(v, B, k, y);
        if (this._far(v, A, uvA) || this._far(v, B, uvB)) return 0;
        const a = this._member(v, A, uvA, k, y), b = this._member(v, B, uvB, k, y);
        return (a & 1) + 2 * (b & 1) + 4 * (a >> 1) + 8 * (b >> 1);
    }
    private _coord(v: Float32Array, m: number, k: number, y: number): [number, number] {
        const cl = (z: number) => Math.min(Math.max(z, -1e6), 1e6);
        return [cl(f(f(v[m] + f(v[m + 1] * k)) + f(v[m + 2] * y))), cl(f(f(v[m + 4] + f(v[m + 5] * k)) + f(v[m + 6] * y)))];
    }
    private _far(v: Float32Array, m: number, uv: [number, number]): boolean {
        const mu = f(Math.max(Math.abs(v[m + 1]), Math.abs(v[m + 2])) + 1), mv = f(Math.max(Math.abs(v[m + 5]), Math.abs(v[m + 6])) + 1);
        return uv[0] < -mu || uv[1] < -mv || uv[0] >= f(v[m + 10] + mu) || uv[1] >= f(v[m + 11] + mv);
    }
    private _member(v: Float32Array, m: number, uv: [number, number], k: number, y: number): number {
        const wid = (a: number, b: number, c: number) => f(9.5367431640625e-7 * f(f(Math.abs(a) + Math.abs(f(b * k))) + Math.abs(f(c * y))));
        const eu = f(v[m + 3] + wid(v[m], v[m + 1], v[m + 2])), ev = f(v[m + 7] + wid(v[m + 4], v[m + 5], v[m + 6]));
        const i0 = Math.floor(f(uv[0] - eu)), i1 = Math.floor(f(uv[0] + eu)), j0 = Math.floor(f(uv[1] - ev)), j1 = Math.floor(f(uv[1] + ev));
        // texel(): clamp to [-1, size], sample the atlas at the texel centre with NEAREST.
        const ri = v[m + 8], rj = v[m + 9];
        const ci = Math.min(Math.max(i0, -1), v[m + 10]), cj = Math.min(Math.max(j0, -1), v[m + 11]);
        const sx = Math.floor(f(f(ri + ci + 0.5) * f(1 / this.aw)) * this.aw), sy = Math.floor(f(f(rj + cj + 0.5) * f(1 / this.ah)) * this.ah);
        const inside = this.atlas[sy * this.aw + sx] > 127 ? 1 : 0;
        return inside | (i1 !== i0 || j1 !== j0 ? 2 : 0);
    }
}

