import type { Affine2D } from '../affine';
import type { BitMask } from '../bitmask';
import type { Collider } from '../collider';
import { Contact } from '../contact';
import { SampleMapper, floorHalfMinus } from '../exact';
import { isUnitQuarterTurn } from '../rasterize';
import { CpuNarrowPhase } from '../narrow-phase';
import type { NarrowPhase } from '../narrow-phase';
import type { GpuDevice } from './device';
import { MaskAtlas } from './mask-atlas';
import { INSTANCE_BYTES, INSTANCE_WORDS } from './shader';

/**
 * The GPU narrow phase (seed 000's red/blue render-texture test, done exactly): every mask–mask
 * candidate pair of a step becomes one *tile* of a shared page, one instanced draw renders all
 * tiles, one synchronous readback per page brings them back, and the CPU decodes each tile into
 * the same {@link Contact} the CPU narrow phase computes (hit, count, rect, centroid, normal).
 *
 * ## A tile
 *
 * The pair's window on its sampling grid (the cells whose samples lie in both colliders' world
 * AABBs, plus one cell of slack for the AABBs' rounding) grown by {@link TILE_MARGIN} cells: the
 * normal is the CPU's count gradient, which reads A one cell and B two cells around the shared
 * samples.
 *
 * ```
 *   page pixel (x, y) of a tile  =  world cell (K0 + x, L0 + y),  K0 = window k0 - TILE_MARGIN
 *
 *   ┌──────────────────────┐  R = sample in A      B = A unsure (float32 within eps of an edge)
 *   │ margin               │  G = sample in B      A = B unsure
 *   │   ┌──────────────┐   │
 *   │   │ AABB window  │   │  shared sample: R and G;  unsure samples are decided on the CPU
 *   │   └──────────────┘   │  exactly (SampleMapper) before anything is counted
 *   └──────────────────────┘
 * ```
 *
 * ## Exactness
 *
 * Each collider's inverse map (sample → texel) is computed in double relative to the tile corner,
 * so float32 sees small numbers; the shader evaluates it and reads the mask atlas with
 * `texelFetch`. A certified bound `eps` of the float32 (and double) error travels with the map:
 * where the texels reachable within `eps` disagree, the pixel is flagged unsure and the CPU
 * decides that sample exactly. Every other sample is provably right, so the contact equals the
 * CPU's bit for bit (the decode uses the CPU's own formulas).
 *
 * ## What stays on the CPU (counted in {@link GpuStats})
 *
 * - pairs with a box, circle or polygon collider (`cpuShape`);
 * - tiles larger than a page side (`cpuTooLarge`), maps whose `eps` is not small (`cpuPrecision`:
 *   absurd scales), masks larger than the atlas (`cpuAtlas`);
 * - the separation, when asked for (recomputed on the CPU for the pairs that hit);
 * - {@link testPair} (one pair for a query: a draw and a readback would cost more).
 *
 * Pairs that do not fit one page go to further pages: one draw and one readback per page. No pair
 * is ever dropped.
 */
export class GpuNarrowPhase implements NarrowPhase {
    readonly name = 'gpu';
    /** Counters of the last {@link run} (and totals since creation in `total*`). */
    readonly stats = new GpuStats();
    /** The mask atlas (its size and upload counters are useful in tests). */
    readonly atlas: MaskAtlas;

    private readonly _device: GpuDevice;
    private readonly _cpu = new CpuNarrowPhase();
    private readonly _maxSide: number;
    // Per pair (index i of run): status, tile and grid origin.
    private _status = new Int8Array(0);
    private _tileX = new Int32Array(0);
    private _tileY = new Int32Array(0);
    private _tileW = new Int32Array(0);
    private _tileH = new Int32Array(0);
    private _k0 = new Int32Array(0);
    private _l0 = new Int32Array(0);
    // Per instance: its pair. Per page: first instance, instance count, size.
    private _instPair = new Int32Array(0);
    private _pageFirst = new Int32Array(8);
    private _pageCount = new Int32Array(8);
    private _pageW = new Int32Array(8);
    private _pageH = new Int32Array(8);
    private _pages = 0;
    private _instances = 0;
    private _instBytes = new Uint8Array(0);
    private _instF32 = new Float32Array(0);
    private _instI32 = new Int32Array(0);
    private _pixels = new Uint8Array(0);
    private _pixels32 = new Uint32Array(0);
    private readonly _mapA = new SampleMapper();
    private readonly _mapB = new SampleMapper();

    /**
     * @param device where to draw (see {@link GpuDevice}).
     * @param options `maxPageSize`: largest page side in pixels (default 2048, the Cocos
     * RenderTexture limit; never above the device's `maxTextureSize`); `maxAtlasSize`: largest
     * mask atlas side (default 4096, same cap).
     */
    constructor(device: GpuDevice, options?: { maxPageSize?: number; maxAtlasSize?: number }) {
        const max = device.maxTextureSize;
        if (!(max >= 64)) throw new RangeError(`the GPU device reports maxTextureSize ${max}; the GPU narrow phase needs at least 64. Use the CPU narrow phase (CpuNarrowPhase).`);
        this._device = device;
        this._maxSide = Math.min(options?.maxPageSize ?? 2048, max);
        if (!(this._maxSide >= 16)) throw new RangeError(`maxPageSize must be at least 16 pixels, got ${options?.maxPageSize}.`);
        this.atlas = new MaskAtlas(device, Math.min(options?.maxAtlasSize ?? 4096, max));
    }

    run(a: readonly Collider<any>[], b: readonly Collider<any>[], count: number, accuracy: Float64Array,
        contacts: Contact[], frame: number, separation: boolean): number {
        const st = this.stats;
        st.begin(count);
        if (count === 0) return frame; // no draw, no readback
        this._plan(a, b, count, accuracy);
        const status = this._status;
        for (let p = 0; p < this._pages; p++) {
            const w = this._pageW[p], h = this._pageH[p];
            const n = this._pageCount[p];
            this._device.drawPage(w, h, this._instBytes, this._pageFirst[p], n);
            this._ensurePixels(w * h);
            this._device.readPage(this._pixels);
            st.pages++;
            st.pagePixels += w * h;
            for (let q = this._pageFirst[p], e = q + n; q < e; q++) {
                const i = this._instPair[q];
                this._decode(i, a[i], b[i], accuracy[i], w, contacts[i]);
            }
        }
        for (let i = 0; i < count; i++) {
            const c = contacts[i];
            const s = status[i];
            if (s === S_MISS) {
                c.reset();
                c.accuracy = accuracy[i];
            } else if (s !== S_GPU || (separation && c.hit)) {
                // CPU pairs, and the separation of GPU hits (same contact, plus the separation).
                this._cpu.testPair(a[i], b[i], accuracy[i], separation, c);
            }
            c.frame = frame;
        }
        st.end();
        return frame;
    }

    /** One pair, now, on the CPU (identical answers; a GPU round trip for one pair costs more). */
    testPair(a: Collider<any>, b: Collider<any>, accuracy: number, separation: boolean, out: Contact): boolean {
        return this._cpu.testPair(a, b, accuracy, separation, out);
    }

    /** Frees the device's objects (the device itself is the caller's). */
    dispose(): void {
        this._device.dispose();
    }

    // Planning --------------------------------------------------------------------------------

    /** Classifies the pairs, places masks in the atlas, writes instances and lays out pages. */
    private _plan(a: readonly Collider<any>[], b: readonly Collider<any>[], count: number, accuracy: Float64Array): void {
        this._ensurePairs(count);
        const st = this.stats;
        for (let attempt = 0; ; attempt++) {
            this.atlas.beginFrame();
            st.resetPlan();
            if (this._classify(a, b, count, accuracy)) break;
            // The atlas filled up: grow it (empty) and place this frame's masks again.
            if (!this.atlas.canGrow) break; // then _classify has sent the rest to the CPU
            this.atlas.grow();
        }
        this._layout();
    }

    /** False when the atlas overflowed and can still grow (then the caller plans again). */
    private _classify(a: readonly Collider<any>[], b: readonly Collider<any>[], count: number, accuracy: Float64Array): boolean {
        const st = this.stats, atlas = this.atlas, maxSide = this._maxSide;
        let n = 0;
        for (let i = 0; i < count; i++) {
            const ca = a[i], cb = b[i];
            const sa = ca.shape, sb = cb.shape;
            if (sa.kind !== 'mask' || sb.kind !== 'mask') { this._status[i] = S_CPU; st.cpuShape++; continue; }
            const acc = accuracy[i];
            // The cells whose samples can lie in both AABBs (+1 cell of slack for their rounding).
            ca.getBounds(BA);
            cb.getBounds(BB);
            const ma = sa.mask, mb = sb.mask;
            const lox = BA.minX > BB.minX ? BA.minX : BB.minX, hix = BA.maxX < BB.maxX ? BA.maxX : BB.maxX;
            const loy = BA.minY > BB.minY ? BA.minY : BB.minY, hiy = BA.maxY < BB.maxY ? BA.maxY : BB.maxY;
            if (!ma.bounds(BOUNDS).width || !mb.bounds(BOUNDS).width || lox > hix || loy > hiy) { this._status[i] = S_MISS; st.misses++; continue; }
            const k0 = Math.ceil(lox * acc - 0.5) - 1, k1 = Math.floor(hix * acc - 0.5) + 1;
            const l0 = Math.ceil(loy * acc - 0.5) - 1, l1 = Math.floor(hiy * acc - 0.5) + 1;
            const tw = k1 - k0 + 1 + 2 * TILE_MARGIN, th = l1 - l0 + 1 + 2 * TILE_MARGIN;
            if (tw > maxSide || th > maxSide) { this._status[i] = S_CPU; st.cpuTooLarge++; continue; }
            const K0 = k0 - TILE_MARGIN, L0 = l0 - TILE_MARGIN;
            this._ensureInstances(n + 1);
            const f = this._instF32, iw = this._instI32, o = n * INSTANCE_WORDS;
            if (!writeMap(f, o + 4, ca.transform, acc, K0, L0, tw, th) || !writeMap(f, o + 16, cb.transform, acc, K0, L0, tw, th)) {
                this._status[i] = S_CPU; st.cpuPrecision++; continue;
            }
            const slotA = atlas.slot(ma);
            const slotB = slotA < 0 ? -1 : atlas.slot(mb);
            if (slotB < 0) {
                if (atlas.overflowed && atlas.canGrow) return false;
                this._status[i] = S_CPU; st.cpuAtlas++; continue;
            }
            iw[o + 2] = tw; iw[o + 3] = th;
            iw[o + 12] = atlas.slotX(slotA); iw[o + 13] = atlas.slotY(slotA); iw[o + 14] = ma.width; iw[o + 15] = ma.height;
            iw[o + 24] = atlas.slotX(slotB); iw[o + 25] = atlas.slotY(slotB); iw[o + 26] = mb.width; iw[o + 27] = mb.height;
            this._status[i] = S_GPU;
            this._k0[i] = K0; this._l0[i] = L0; this._tileW[i] = tw; this._tileH[i] = th;
            this._instPair[n] = i;
            n++;
        }
        this._instances = n;
        st.gpuPairs = n;
        return true;
    }

    /**
     * Shelf-packs the tiles, in instance order, into pages of at most `maxSide` a side. The page
     * width is about the square root of the tiles' total area (so the readback is close to the
     * tiles' area), at least the widest tile.
     */
    private _layout(): void {
        const n = this._instances, iw = this._instI32, maxSide = this._maxSide;
        let area = 0, widest = 0;
        for (let q = 0; q < n; q++) {
            const w = iw[q * INSTANCE_WORDS + 2], h = iw[q * INSTANCE_WORDS + 3];
            area += w * h;
            if (w > widest) widest = w;
        }
        let W = Math.ceil(Math.sqrt(area * 1.15));
        if (W < widest) W = widest;
        if (W > maxSide) W = maxSide;
        this._pages = 0;
        let x = 0, y = 0, shelfH = 0, pageW = 0;
        for (let q = 0; q < n; q++) {
            const o = q * INSTANCE_WORDS;
            const w = iw[o + 2], h = iw[o + 3];
            if (x + w > W) { y += shelfH; x = 0; shelfH = 0; }
            if (this._pages === 0 || y + h > maxSide) {
                if (this._pages > 0) this._closePage(pageW, y + shelfH);
                this._openPage(q);
                x = 0; y = 0; shelfH = 0; pageW = 0;
            }
            iw[o] = x; iw[o + 1] = y;
            const i = this._instPair[q];
            this._tileX[i] = x; this._tileY[i] = y;
            x += w;
            if (x > pageW) pageW = x;
            if (h > shelfH) shelfH = h;
        }
        if (this._pages > 0) this._closePage(pageW, y + shelfH);
        for (let p = 0; p < this._pages; p++) {
            this._pageCount[p] = (p + 1 < this._pages ? this._pageFirst[p + 1] : n) - this._pageFirst[p];
        }
    }

    private _openPage(first: number): void {
        const p = this._pages++;
        if (p >= this._pageFirst.length) {
            this._pageFirst = growI32(this._pageFirst, 2 * p);
            this._pageCount = growI32(this._pageCount, 2 * p);
            this._pageW = growI32(this._pageW, 2 * p);
            this._pageH = growI32(this._pageH, 2 * p);
        }
        this._pageFirst[p] = first;
    }

    private _closePage(w: number, h: number): void {
        this._pageW[this._pages - 1] = w;
        this._pageH[this._pages - 1] = h;
    }

    // Decoding --------------------------------------------------------------------------------

    /**
     * Pair i's tile of the page just read (row stride `W` pixels) into `out`: unsure samples are
     * settled exactly first, then count / rect / centroid and the normal, with the CPU's formulas.
     */
    private _decode(i: number, ca: Collider<any>, cb: Collider<any>, acc: number, W: number, out: Contact): void {
        const px = this._pixels32, st = this.stats;
        const tx = this._tileX[i], ty = this._tileY[i], tw = this._tileW[i], th = this._tileH[i];
        const K0 = this._k0[i], L0 = this._l0[i];
        const ma = (ca.shape as { mask: BitMask }).mask, mb = (cb.shape as { mask: BitMask }).mask;
        let readyA = false, readyB = false;
        let n = 0, minK = 0x7fffffff, maxK = -0x7fffffff, minL = 0x7fffffff, maxL = -0x7fffffff, sumK = 0, sumL = 0;
        for (let y = 0; y < th; y++) {
            const row = (ty + y) * W + tx;
            for (let x = 0; x < tw; x++) {
                let v = px[row + x];
                if (v === 0) continue;
                if ((v & UNSURE) !== 0) {
                    const k = K0 + x, l = L0 + y;
                    if ((v & UNSURE_A) !== 0) {
                        if (!readyA) { this._mapA.setup(ca.transform, acc); readyA = true; }
                        const inA = ma.get(this._mapA.floorU(k, l), this._mapA.floorV(k, l));
                        st.unsureSamples++;
                        if (inA !== ((v & IN_A) !== 0)) st.unsureFlips++;
                        v = (v & ~(IN_A | UNSURE_A)) | (inA ? IN_A : 0);
                    }
                    if ((v & UNSURE_B) !== 0) {
                        if (!readyB) { this._mapB.setup(cb.transform, acc); readyB = true; }
                        const inB = mb.get(this._mapB.floorU(k, l), this._mapB.floorV(k, l));
                        st.unsureSamples++;
                        if (inB !== ((v & IN_B) !== 0)) st.unsureFlips++;
                        v = (v & ~(IN_B | UNSURE_B)) | (inB ? IN_B : 0);
                    }
                    px[row + x] = v;
                }
                if ((v & IN_A) !== 0 && (v & IN_B) !== 0) {
                    const k = K0 + x, l = L0 + y;
                    n++;
                    sumK += k;
                    sumL += l;
                    if (k < minK) minK = k;
                    if (k > maxK) maxK = k;
                    if (l < minL) minL = l;
                    if (l > maxL) maxL = l;
                }
            }
        }
        out.reset();
        out.accuracy = acc;
        if (n === 0) return;
        // Same arithmetic as narrow.ts overlapFull, so the numbers are identical.
        const s = 1 / acc;
        out.hit = true;
        out.count = n;
        out.minX = minK * s;
        out.maxX = (maxK + 1) * s;
        out.minY = minL * s;
        out.maxY = (maxL + 1) * s;
        out.centroidX = (sumK / n + 0.5) * s;
        out.centroidY = (sumL / n + 0.5) * s;
        // The normal (narrow.ts contactNormal): the count gradient over A's cells in the shared
        // rect grown by one cell; B is read one more cell out (inside the tile's margin).
        let gx = 0, gy = 0;
        for (let l = minL - 1; l <= maxL + 1; l++) {
            const row = (ty + l - L0) * W + tx - K0;
            for (let k = minK - 1; k <= maxK + 1; k++) {
                if ((px[row + k] & IN_A) === 0) continue;
                gx += ((px[row + k + 1] & IN_B) !== 0 ? 1 : 0) - ((px[row + k - 1] & IN_B) !== 0 ? 1 : 0);
                gy += ((px[row + W + k] & IN_B) !== 0 ? 1 : 0) - ((px[row - W + k] & IN_B) !== 0 ? 1 : 0);
            }
        }
        let nx = gx, ny = gy;
        if (nx === 0 && ny === 0) {
            // The CPU's fallback: from the centre of A's raster to the centre of B's (rare: B deep
            // inside A, or symmetric overlaps), with the rasters' boxes computed as rasterize.ts
            // does, without rasterizing (a large rotated sprite would cost milliseconds).
            const ra = rasterBox(ma, ca.transform, acc, BOX_A), rb = rasterBox(mb, cb.transform, acc, BOX_B);
            nx = (rb[0] + rb[2] / 2) - (ra[0] + ra[2] / 2);
            ny = (rb[1] + rb[3] / 2) - (ra[1] + ra[3] / 2);
            if (nx === 0 && ny === 0) ny = 1;
            this.stats.normalFallbacks++;
        }
        const len = Math.sqrt(nx * nx + ny * ny);
        out.normalX = nx / len;
        out.normalY = ny / len;
    }

    // Buffers ---------------------------------------------------------------------------------

    private _ensurePairs(count: number): void {
        if (this._status.length >= count) return;
        const c = Math.max(count, 2 * this._status.length, 16);
        this._status = new Int8Array(c);
        this._tileX = new Int32Array(c);
        this._tileY = new Int32Array(c);
        this._tileW = new Int32Array(c);
        this._tileH = new Int32Array(c);
        this._k0 = new Int32Array(c);
        this._l0 = new Int32Array(c);
    }

    private _ensureInstances(n: number): void {
        if (this._instPair.length >= n) return;
        const c = Math.max(n, 2 * this._instPair.length, 16);
        const bytes = new Uint8Array(c * INSTANCE_BYTES);
        bytes.set(this._instBytes);
        this._instBytes = bytes;
        this._instF32 = new Float32Array(bytes.buffer);
        this._instI32 = new Int32Array(bytes.buffer);
        this._instPair = growI32(this._instPair, c);
    }

    private _ensurePixels(pixels: number): void {
        if (this._pixels32.length >= pixels) return;
        const c = Math.max(pixels, 2 * this._pixels32.length);
        this._pixels = new Uint8Array(c * 4);
        this._pixels32 = new Uint32Array(this._pixels.buffer);
    }
}

/** Cells around a pair's AABB window in its tile (the gradient reads B two cells around the shared samples). */
export const TILE_MARGIN = 2;

/** Largest float32 error bound (texels) a map may have; beyond it the pair goes to the CPU. */
export const MAX_MAP_EPS = 0.25;

/**
 * Counters of the GPU narrow phase's last frame. `unsureSamples` are samples that float32 could
 * not decide (within `eps` of a texel edge where the texels differ), decided exactly on the CPU;
 * `unsureFlips` of them came out different from the GPU's guess.
 */
export class GpuStats {
    /** Pairs handed to `run`. */
    pairs = 0;
    /** Pairs drawn on the GPU. */
    gpuPairs = 0;
    /** Pairs whose AABBs do not meet (no hit, nothing drawn). */
    misses = 0;
    /** Pairs decided on the CPU: a box / circle / polygon collider. */
    cpuShape = 0;
    /** ...: the tile is larger than a page side. */
    cpuTooLarge = 0;
    /** ...: the map's float32 error bound is too large (absurd scale). */
    cpuPrecision = 0;
    /** ...: a mask does not fit the largest atlas. */
    cpuAtlas = 0;
    /** Draw + readback rounds (pages) this frame. */
    pages = 0;
    /** Pixels read back this frame. */
    pagePixels = 0;
    unsureSamples = 0;
    unsureFlips = 0;
    /** Hits whose count gradient was zero (normal from the rasters' centres). */
    normalFallbacks = 0;
    /** Totals since creation. */
    totalPages = 0;
    totalUnsureSamples = 0;
    totalUnsureFlips = 0;

    /** @internal */
    begin(pairs: number): void {
        this.pairs = pairs;
        this.pages = this.pagePixels = 0;
        this.unsureSamples = this.unsureFlips = this.normalFallbacks = 0;
        this.resetPlan();
    }

    /** @internal */
    resetPlan(): void {
        this.gpuPairs = this.misses = this.cpuShape = this.cpuTooLarge = this.cpuPrecision = this.cpuAtlas = 0;
    }

    /** @internal */
    end(): void {
        this.totalPages += this.pages;
        this.totalUnsureSamples += this.unsureSamples;
        this.totalUnsureFlips += this.unsureFlips;
    }
}

const S_MISS = 0;
const S_GPU = 1;
const S_CPU = 2;

// Channel bits of a readback pixel read as one 32-bit word, whatever the platform's byte order.
const channelBit = (c: number): number => {
    const w = new Uint32Array(1);
    new Uint8Array(w.buffer)[c] = 0x80;
    return w[0];
};
/** R >= 128: the sample is in A. */
const IN_A = channelBit(0);
const IN_B = channelBit(1);
const UNSURE_A = channelBit(2);
const UNSURE_B = channelBit(3);
const UNSURE = (UNSURE_A | UNSURE_B) >>> 0;

const BOX_A = new Int32Array(4);
const BOX_B = new Int32Array(4);

/**
 * `[k0, l0, width, height]` of the raster `rasterizeMask(mask, t, acc)` makes (whole, unclipped),
 * without rasterizing: the zero-copy view of a unit quarter turn covers the whole mask; the exact
 * rasterizer covers the cells of the opaque bounds' world AABB plus one. Must follow rasterize.ts
 * (the contract tests compare the normals, fallbacks included, with the CPU's).
 */
function rasterBox(mask: BitMask, t: Readonly<Affine2D>, acc: number, out: Int32Array): Int32Array {
    if (isUnitQuarterTurn(t, acc)) {
        const swap = t.a === 0;
        const sx = swap ? Math.sign(t.c) : Math.sign(t.a);
        const sy = swap ? Math.sign(t.b) : Math.sign(t.d);
        const nx = swap ? mask.height : mask.width;
        const ny = swap ? mask.width : mask.height;
        const TX = t.tx * acc, TY = t.ty * acc;
        out[0] = sx > 0 ? 0 - floorHalfMinus(0.5, TX) : floorHalfMinus(-0.5, -TX) - (nx - 1);
        out[1] = sy > 0 ? 0 - floorHalfMinus(0.5, TY) : floorHalfMinus(-0.5, -TY) - (ny - 1);
        out[2] = nx;
        out[3] = ny;
        return out;
    }
    const bb = mask.bounds(BOUNDS);
    const x0 = bb.x, y0 = bb.y, x1 = bb.x + bb.width, y1 = bb.y + bb.height;
    const ax0 = t.a * x0, ax1 = t.a * x1, cy0 = t.c * y0, cy1 = t.c * y1;
    const bx0 = t.b * x0, bx1 = t.b * x1, dy0 = t.d * y0, dy1 = t.d * y1;
    const minX = Math.min(ax0, ax1) + Math.min(cy0, cy1) + t.tx;
    const maxX = Math.max(ax0, ax1) + Math.max(cy0, cy1) + t.tx;
    const minY = Math.min(bx0, bx1) + Math.min(dy0, dy1) + t.ty;
    const maxY = Math.max(bx0, bx1) + Math.max(dy0, dy1) + t.ty;
    const kmin = Math.ceil(minX * acc - 0.5) - 1, kmax = Math.floor(maxX * acc - 0.5) + 1;
    const lmin = Math.ceil(minY * acc - 0.5) - 1, lmax = Math.floor(maxY * acc - 0.5) + 1;
    const W = kmax - kmin + 1, H = lmax - lmin + 1;
    out[0] = kmin; out[1] = lmin;
    out[2] = W > 0 && H > 0 ? W : 0;
    out[3] = W > 0 && H > 0 ? H : 0;
    return out;
}

const BA = { minX: 0, minY: 0, maxX: 0, maxY: 0 };
const BB = { minX: 0, minY: 0, maxX: 0, maxY: 0 };
const BOUNDS = { x: 0, y: 0, width: 0, height: 0 };
const F32_UNIT = 2 ** -24;

/**
 * Writes one collider's map (8 floats: u0, uk, ul, epsU, v0, vk, vl, epsV) at `o`: the texel
 * coordinates of the sample of cell (K0 + x, L0 + y) are `u0 + uk*x + ul*y`, `v0 + vk*x + vl*y`.
 *
 * ```
 *   sample (x, y) of the tile  ──inverse of t──▶  local texel space (u right, v down the image)
 *   world (K0 + x + 0.5, L0 + y + 0.5) / acc
 * ```
 *
 * `eps` bounds |float32 result - exact u| for every pixel of the tile: the double error of the
 * coefficients (as `SampleMapper` bounds it) plus the float32 rounding of the coefficients and of
 * the 2 products and 2 sums, at most 5 units of 2^-24 times `S = |u0| + |uk|*w + |ul|*h`, taken
 * 16 times (and the `u ± eps` rounding). False when `eps` exceeds {@link MAX_MAP_EPS}.
 */
function writeMap(f: Float32Array, o: number, t: Readonly<Affine2D>, acc: number, K0: number, L0: number, w: number, h: number): boolean {
    const det = t.a * t.d - t.b * t.c;
    const ia = t.d / det, ib = -t.b / det, ic = -t.c / det, id = t.a / det;
    const s = 1 / acc;
    const x0 = (K0 + 0.5) * s - t.tx, y0 = (L0 + 0.5) * s - t.ty;
    const u0 = ia * x0 + ic * y0, v0 = ib * x0 + id * y0;
    const uk = ia * s, ul = ic * s, vk = ib * s, vl = id * s;
    // Double error (SampleMapper's bound: 64 ulps times the inverse's condition).
    const cond = (Math.abs(t.a * t.d) + Math.abs(t.b * t.c)) / Math.abs(det);
    const rel = 64 * 2.220446049250313e-16 * (cond + 4);
    const span = Math.abs(x0) + Math.abs(y0) + (w + h) * s + Math.abs(t.tx) + Math.abs(t.ty) + 1;
    const eU = rel * Math.max(Math.abs(ia), Math.abs(ic)) * span
        + 16 * F32_UNIT * (Math.abs(u0) + Math.abs(uk) * w + Math.abs(ul) * h + 1);
    const eV = rel * Math.max(Math.abs(ib), Math.abs(id)) * span
        + 16 * F32_UNIT * (Math.abs(v0) + Math.abs(vk) * w + Math.abs(vl) * h + 1);
    if (!(eU <= MAX_MAP_EPS && eV <= MAX_MAP_EPS)) return false;
    // An exact map (see exactMap) needs no error band: the shader's floor is then exact.
    const exact = exactMap(t, s, x0, y0, K0, L0, w, h, u0, uk, ul, v0, vk, vl);
    f[o] = u0; f[o + 1] = uk; f[o + 2] = ul; f[o + 3] = exact ? 0 : eU * 1.001;
    f[o + 4] = v0; f[o + 5] = vk; f[o + 6] = vl; f[o + 7] = exact ? 0 : eV * 1.001;
    return true;
}

/**
 * True when the map is computed without any rounding, in double here and in float32 in the
 * shader, so its `floor` is the exact texel even for samples lying exactly on a texel edge (an
 * unrotated odd-sized sprite at a half-integer position puts every sample on one). Holds for
 * axis-aligned or quarter-turned (exact zeros), flipped, power-of-two-scaled transforms at a
 * power-of-two accuracy whose positions are short binary fractions:
 *
 * - the inverse of a signed permutation scaled by powers of two is exact, and so are products
 *   with powers of two;
 * - `x0 = (K0 + 0.5) * s - tx` is checked exact with Knuth's TwoSum (zero rounding residue);
 * - in float32, every partial sum of `u0 + uk * x + ul * y` is a multiple of `2^-q` (the finest
 *   bit of u0, uk, ul) below `2^(24 - q)`, so representable: nothing rounds.
 */
function exactMap(t: Readonly<Affine2D>, s: number, x0: number, y0: number, K0: number, L0: number, w: number, h: number,
    u0: number, uk: number, ul: number, v0: number, vk: number, vl: number): boolean {
    const axis = t.b === 0 && t.c === 0, swap = t.a === 0 && t.d === 0;
    if (!(axis || swap) || !isPow2(swap ? t.b : t.a) || !isPow2(swap ? t.c : t.d) || !isPow2(s)) return false;
    if (!exactDiff((K0 + 0.5) * s, t.tx, x0) || !exactDiff((L0 + 0.5) * s, t.ty, y0)) return false;
    return f32Exact(u0, uk, ul, w, h) && f32Exact(v0, vk, vl, w, h);
}

function isPow2(x: number): boolean {
    const m = Math.abs(x);
    return m > 1e-30 && m < 1e30 && 2 ** Math.round(Math.log2(m)) === m;
}

/** `x - y` rounded to `r` without error (TwoSum residue 0). */
function exactDiff(x: number, y: number, r: number): boolean {
    const bv = r - x, av = r - bv;
    return (x - av) + (-y - bv) === 0 && Number.isFinite(r);
}

function f32Exact(c0: number, ck: number, cl: number, w: number, h: number): boolean {
    const q = Math.max(fracBits(c0), fracBits(ck), fracBits(cl));
    return q <= 24 && (Math.abs(c0) + Math.abs(ck) * w + Math.abs(cl) * h + 1) * 2 ** q < 2 ** 24;
}

/** Binary digits after the point of `x` (99 when more than 30). */
function fracBits(x: number): number {
    let q = 0;
    while (!Number.isInteger(x)) {
        if (++q > 30) return 99;
        x *= 2;
    }
    return q;
}

function growI32(a: Int32Array, n: number) {
    const g = new Int32Array(n);
    g.set(a.subarray(0, Math.min(a.length, n)));
    return g;
}
