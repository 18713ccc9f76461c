"use strict";
var __create = Object.create;
var __defProp = Object.defineProperty;
var __getOwnPropDesc = Object.getOwnPropertyDescriptor;
var __getOwnPropNames = Object.getOwnPropertyNames;
var __getProtoOf = Object.getPrototypeOf;
var __hasOwnProp = Object.prototype.hasOwnProperty;
var __esm = (fn, res, err) => function __init() {
  if (err) throw err[0];
  try {
    return fn && (res = (0, fn[__getOwnPropNames(fn)[0]])(fn = 0)), res;
  } catch (e) {
    throw err = [e], e;
  }
};
var __commonJS = (cb, mod) => function __require() {
  try {
    return mod || (0, cb[__getOwnPropNames(cb)[0]])((mod = { exports: {} }).exports, mod), mod.exports;
  } catch (e) {
    throw mod = 0, e;
  }
};
var __export = (target, all) => {
  for (var name in all)
    __defProp(target, name, { get: all[name], enumerable: true });
};
var __copyProps = (to, from, except, desc) => {
  if (from && typeof from === "object" || typeof from === "function") {
    for (let key of __getOwnPropNames(from))
      if (!__hasOwnProp.call(to, key) && key !== except)
        __defProp(to, key, { get: () => from[key], enumerable: !(desc = __getOwnPropDesc(from, key)) || desc.enumerable });
  }
  return to;
};
var __toESM = (mod, isNodeMode, target) => (target = mod != null ? __create(__getProtoOf(mod)) : {}, __copyProps(
  // If the importer is in node compatibility mode or this is not an ESM
  // file that has been converted to a CommonJS file using a Babel-
  // compatible transform (i.e. "__esModule" has not been set), then set
  // "default" to the CommonJS "module.exports" for node compatibility.
  isNodeMode || !mod || !mod.__esModule ? __defProp(target, "default", { value: mod, enumerable: true }) : target,
  mod
));
var __toCommonJS = (mod) => __copyProps(__defProp({}, "__esModule", { value: true }), mod);

// extensions/pixel-collision/source/bake/errors.ts
function describeIoError(err) {
  const code = err && typeof err === "object" ? err.code : void 0;
  if (typeof code === "string") return `${REASONS[code] ?? "the system refused"} (${code})`;
  return err instanceof Error ? err.message : String(err);
}
var BakeFailure, REASONS;
var init_errors = __esm({
  "extensions/pixel-collision/source/bake/errors.ts"() {
    "use strict";
    BakeFailure = class extends Error {
      constructor(kind, message, file) {
        super(message);
        this.name = "BakeFailure";
        this.kind = kind;
        this.file = file;
      }
    };
    REASONS = {
      EACCES: "permission denied: give your user access to it",
      EPERM: "the operating system does not permit it: check its permissions and that no other program locks it",
      ENOSPC: "the disk is full: free some space",
      EDQUOT: "the disk quota is used up: free some space",
      EFBIG: "the file grew past the largest file allowed here (file system, or a file-size limit such as ulimit -f)",
      EROFS: "the file system is read-only",
      ENOENT: "it does not exist",
      ENOTDIR: "a part of its path is a file, not a folder",
      EEXIST: "a file is in the way of a folder it needs",
      EISDIR: "it is a folder, not a file",
      EMFILE: "too many files are open: close some programs and try again",
      EBUSY: "it is in use by another program: close it and try again",
      EIO: "the disk reported an input/output error",
      ELOOP: "its path has too many (or circular) symbolic links",
      ENAMETOOLONG: "its path is too long"
    };
  }
});

// extensions/pixel-collision/source/bake/types.ts
var DEFAULT_OUT, CONFIG_FILE, CACHE_FILE;
var init_types = __esm({
  "extensions/pixel-collision/source/bake/types.ts"() {
    "use strict";
    DEFAULT_OUT = "assets/pixel-collision-masks/pixel-masks.ts";
    CONFIG_FILE = "settings/v2/packages/pixel-collision.json";
    CACHE_FILE = "temp/pixel-collision/bake-cache.json";
  }
});

// extensions/pixel-collision/assets/core/affine.ts
var init_affine = __esm({
  "extensions/pixel-collision/assets/core/affine.ts"() {
    "use strict";
  }
});

// extensions/pixel-collision/assets/core/rows.ts
function computeRowBounds(bits, stride, width, height, spans, runs) {
  for (let r = 0; r < height; r++) {
    const n = rowRuns(bits, stride, r, runs);
    if (n === 0) {
      spans[2 * r] = width;
      spans[2 * r + 1] = 0;
    } else {
      spans[2 * r] = n === 1 ? RUN_LO[0] : ~RUN_LO[0];
      spans[2 * r + 1] = RUN_LO[1];
    }
  }
}
function rowRuns(bits, stride, r, runs) {
  const base = r * stride;
  const ro = r * RUN_STRIDE;
  let n = 0, first = 0, last = 0;
  let carry = 0;
  for (let w = 0; w < stride; w++) {
    const x = bits[base + w];
    let t = (x ^ (x << 1 | carry)) >>> 0;
    carry = x >>> 31;
    while (t !== 0) {
      const low = t & -t;
      last = (w << 5) + 31 - Math.clz32(low);
      if (n === 0) first = last;
      if (n < 2 * MAX_RUNS) runs[ro + 1 + n] = last;
      n++;
      t ^= low;
    }
  }
  if (carry) {
    last = stride << 5;
    if (n < 2 * MAX_RUNS) runs[ro + 1 + n] = last;
    n++;
  }
  RUN_LO[0] = first;
  RUN_LO[1] = last;
  const count = n <= 2 * MAX_RUNS ? n >> 1 : MANY_RUNS;
  runs[ro] = count;
  return count;
}
function computeBands(spans, width, height, bands) {
  for (let r = 0; r < height; r++) {
    const n = r + 1 < height ? r + 1 : r;
    let a = spans[2 * r], b = spans[2 * n];
    if (a < 0) a = ~a;
    if (b < 0) b = ~b;
    bands[2 * r] = a < b ? a : b;
    bands[2 * r + 1] = spans[2 * r + 1] > spans[2 * n + 1] ? spans[2 * r + 1] : spans[2 * n + 1];
  }
  for (let r = 0; r + 2 < height; r++) {
    if (bands[2 * r + 4] < bands[2 * r]) bands[2 * r] = bands[2 * r + 4];
    if (bands[2 * r + 5] > bands[2 * r + 1]) bands[2 * r + 1] = bands[2 * r + 5];
  }
}
var RUN_LO, MAX_RUNS, RUN_STRIDE, MANY_RUNS, UNKNOWN_RUNS;
var init_rows = __esm({
  "extensions/pixel-collision/assets/core/rows.ts"() {
    "use strict";
    RUN_LO = new Int32Array(2);
    MAX_RUNS = 4;
    RUN_STRIDE = 1 + 2 * MAX_RUNS;
    MANY_RUNS = -1;
    UNKNOWN_RUNS = -2;
  }
});

// extensions/pixel-collision/assets/core/raster.ts
function popcount32(x) {
  x = x - (x >>> 1 & 1431655765);
  x = (x & 858993459) + (x >>> 2 & 858993459);
  x = x + (x >>> 4) & 252645135;
  return Math.imul(x, 16843009) >>> 24;
}
var _WorldRaster, WorldRaster, EMPTY_U32, EMPTY_I32;
var init_raster = __esm({
  "extensions/pixel-collision/assets/core/raster.ts"() {
    "use strict";
    init_rows();
    _WorldRaster = class _WorldRaster {
      constructor() {
        /** Samples per world unit of the grid this raster lives on. */
        this.accuracy = 1;
        /** World cell of column 0 / row 0. */
        this.k0 = 0;
        this.l0 = 0;
        this.width = 0;
        this.height = 0;
        /**
         * Twice the centre (in cells) of the collider's whole raster box, `2 * k0 + width` and
         * `2 * l0 + height` of the raster made with no clip window: the same whether this raster was
         * cut to a pair's window or not. The zero-gradient normal points from A's to B's, so it does
         * not depend on how (or whether) a raster was cut or memoized.
         */
        this.boxK2 = 0;
        this.boxL2 = 0;
        /** 32-bit words per row. */
        this.stride = 0;
        this.bits = EMPTY_U32;
        /**
         * Per row, packed `[lo or ~lo, hi]`: the set span `[lo, hi)` (`[width, 0)` when empty), with
         * `lo` stored as `~lo` (negative) when the span has holes. Two *full* rows (no hole) meet in
         * one interval, with no word read. See `rows.ts`; {@link rowLo}, {@link rowHi}, {@link rowFull}
         * read it.
         */
        this.rowSpans = EMPTY_I32;
        /** Per row: its runs when at most MAX_RUNS, `RUN_STRIDE` entries a row (see `rows.ts`); read through {@link runCount}. */
        this.rowRuns = EMPTY_I32;
        /** The mask this raster views, or null when it owns its buffer. */
        this.source = null;
        this._ownBits = EMPTY_U32;
        this._ownSpans = EMPTY_I32;
        this._ownRuns = EMPTY_I32;
        this._ownBands = EMPTY_I32;
        this._bands = EMPTY_I32;
        this._bandsReady = false;
      }
      /**
       * Makes this raster own a cleared `width x height` buffer whose bit (0, 0) is world cell
       * `(k0, l0)`. Reuses the previous buffer when it is large enough.
       */
      reset(accuracy, k0, l0, width, height) {
        if (width < 0 || height < 0) width = height = 0;
        const stride = width + 31 >>> 5;
        const words = stride * height;
        this.reserve(words, height);
        this._ownBits.fill(0, 0, words);
        this.accuracy = accuracy;
        this.k0 = k0;
        this.l0 = l0;
        this.width = width;
        this.height = height;
        this.boxK2 = 2 * k0 + width;
        this.boxL2 = 2 * l0 + height;
        this.stride = stride;
        this.bits = this._ownBits;
        this.rowSpans = this._ownSpans;
        this.rowRuns = this._ownRuns;
        this._bands = this._ownBands;
        this._bandsReady = false;
        this.source = null;
        return this;
      }
      /**
       * Makes sure the raster's own buffers hold `words` words of bits and `rows` rows without
       * growing again (a raster that is remade at many sizes reserves its largest once, instead of
       * growing a few times, each growth four new typed arrays).
       */
      reserve(words, rows) {
        if (this._ownBits.length < words) {
          this._ownBits = new Uint32Array(Math.max(words, this._ownBits.length * 2));
          _WorldRaster.allocations++;
        }
        if (this._ownSpans.length < 2 * rows) {
          _WorldRaster.allocations++;
          const n = Math.max(rows, this._ownSpans.length);
          this._ownSpans = new Int32Array(2 * n);
          this._ownRuns = new Int32Array(RUN_STRIDE * n);
          this._ownBands = new Int32Array(2 * n);
        }
      }
      /** Makes this raster a zero-copy view of `mask` (rows in the mask's order) at `(k0, l0)`. */
      view(mask, accuracy, k0, l0) {
        const rb = mask.rowBounds();
        this.accuracy = accuracy;
        this.k0 = k0;
        this.l0 = l0;
        this.width = mask.width;
        this.height = mask.height;
        this.boxK2 = 2 * k0 + mask.width;
        this.boxL2 = 2 * l0 + mask.height;
        this.stride = mask.stride;
        this.bits = mask.bits;
        this.rowSpans = rb.spans;
        this.rowRuns = rb.runs;
        this._bands = rb.bands;
        this._bandsReady = true;
        this.source = mask;
        return this;
      }
      /** Sets columns `[c0, c1)` of row `r` (clamped to the raster). Owned rasters only. */
      setSpan(r, c0, c1) {
        if (c0 < 0) c0 = 0;
        if (c1 > this.width) c1 = this.width;
        if (c0 >= c1 || r < 0 || r >= this.height) return;
        const base = r * this.stride;
        const w0 = c0 >>> 5;
        const w1 = c1 - 1 >>> 5;
        const m0 = 4294967295 << (c0 & 31) >>> 0;
        const m1 = 4294967295 >>> 31 - (c1 - 1 & 31);
        const bits = this.bits;
        if (w0 === w1) {
          bits[base + w0] |= m0 & m1;
        } else {
          bits[base + w0] |= m0;
          for (let w = w0 + 1; w < w1; w++) bits[base + w] = 4294967295;
          bits[base + w1] |= m1;
        }
      }
      /** Recomputes the row summaries (`rowSpans`, `rowRuns`) from the bits. Call after writing an owned raster. */
      updateRowBounds() {
        computeRowBounds(this.bits, this.stride, this.width, this.height, this.rowSpans, this.rowRuns);
        this._bandsReady = false;
      }
      /** Row `r`'s first set column (`width` when the row is empty). */
      rowLo(r) {
        const lo = this.rowSpans[2 * r];
        return lo < 0 ? ~lo : lo;
      }
      /** One past row `r`'s last set column (0 when the row is empty). */
      rowHi(r) {
        return this.rowSpans[2 * r + 1];
      }
      /** Whether every column of row `r`'s span is set (true for an empty row). */
      rowFull(r) {
        return this.rowSpans[2 * r] >= 0;
      }
      /**
       * Row `r`'s number of runs (at most MAX_RUNS = 4, else -1), listing them first when the
       * rasterizer left them to be read on use; the runs follow at `rowRuns[r * RUN_STRIDE + 1]`.
       */
      runCount(r) {
        const n = this.rowRuns[r * RUN_STRIDE];
        return n === UNKNOWN_RUNS ? rowRuns(this.bits, this.stride, r, this.rowRuns) : n;
      }
      /**
       * Per row r: the union span of rows r .. r + 3, packed `[lo, hi]` (see `rows.ts`, BAND).
       * Made on first use after each write (only the boolean test reads it).
       */
      bands() {
        if (!this._bandsReady) {
          computeBands(this.rowSpans, this.width, this.height, this._bands);
          this._bandsReady = true;
        }
        return this._bands;
      }
      /** Whether world cell `(k, l)` belongs to this raster. */
      has(k, l) {
        const c = k - this.k0;
        const r = l - this.l0;
        if (c < 0 || r < 0 || c >= this.width || r >= this.height) return false;
        return (this.bits[r * this.stride + (c >>> 5)] >>> (c & 31) & 1) === 1;
      }
      /** Number of set cells. */
      count() {
        let n = 0;
        const { bits, stride, height } = this;
        for (let i = 0, e = stride * height; i < e; i++) n += popcount32(bits[i]);
        return n;
      }
    };
    /**
     * How many buffers all rasters have allocated so far (grows only while warming up). Tests
     * read it to prove that steady-state frames allocate nothing.
     */
    _WorldRaster.allocations = 0;
    WorldRaster = _WorldRaster;
    EMPTY_U32 = new Uint32Array(0);
    EMPTY_I32 = new Int32Array(0);
  }
});

// extensions/pixel-collision/assets/core/bitmask.ts
function checkSize(n, name) {
  if (!Number.isInteger(n) || n <= 0 || n > 1 << 20) {
    throw new RangeError(`${name} must be a positive integer of at most ${1 << 20} texels, got ${n}. A zero-size sprite frame has no pixels to collide with: give it a real frame.`);
  }
}
function checkThreshold(t) {
  if (!Number.isInteger(t) || t < 0 || t > 255) {
    throw new RangeError(`threshold must be an integer in 0\u2013255 (a texel is opaque iff alpha > threshold), got ${t}.`);
  }
  return t;
}
function checkRect(r, texW, texH, rotated) {
  const ok = [r.x, r.y, r.width, r.height].every((v) => Number.isInteger(v));
  if (!ok || r.x < 0 || r.y < 0 || r.width <= 0 || r.height <= 0) {
    throw new RangeError(`rect must have integer x, y >= 0 and width, height > 0, got {x: ${r.x}, y: ${r.y}, width: ${r.width}, height: ${r.height}}.`);
  }
  const w = rotated ? r.height : r.width;
  const h = rotated ? r.width : r.height;
  if (r.x + w > texW || r.y + h > texH) {
    throw new RangeError(`rect {x: ${r.x}, y: ${r.y}, width: ${r.width}, height: ${r.height}}${rotated ? " (rotated: it occupies height x width texels)" : ""} does not fit in the ${texW}x${texH} texture: it must satisfy x + ${rotated ? "height" : "width"} <= ${texW} and y + ${rotated ? "width" : "height"} <= ${texH}.`);
  }
}
function buildVariant(m, swap, flipCols, flipRows) {
  const W = swap ? m.height : m.width;
  const H2 = swap ? m.width : m.height;
  const v = new BitMask(W, H2);
  const src = m.bits;
  const ss = m.stride;
  const dst = v.bits;
  const ds = v.stride;
  if (!swap && flipRows && !flipCols) {
    for (let j = 0; j < H2; j++) dst.set(src.subarray((H2 - 1 - j) * ss, (H2 - j) * ss), j * ds);
    return v;
  }
  for (let j = 0; j < m.height; j++) {
    for (let i = 0; i < m.width; i++) {
      if ((src[j * ss + (i >>> 5)] >>> (i & 31) & 1) === 0) continue;
      let c = swap ? j : i;
      let r = swap ? i : j;
      if (flipCols) c = W - 1 - c;
      if (flipRows) r = H2 - 1 - r;
      dst[r * ds + (c >>> 5)] |= 1 << (c & 31);
    }
  }
  return v;
}
function downsample(m) {
  const W = m.width + 1 >>> 1;
  const H2 = m.height + 1 >>> 1;
  const out = new BitMask(W, H2);
  const ss = m.stride;
  for (let j = 0; j < H2; j++) {
    for (let w = 0; w < ss; w++) {
      let x = m.bits[2 * j * ss + w];
      if (2 * j + 1 < m.height) x |= m.bits[(2 * j + 1) * ss + w];
      x = (x | x >>> 1) & 1431655765;
      x = (x | x >>> 1) & 858993459;
      x = (x | x >>> 2) & 252645135;
      x = (x | x >>> 4) & 16711935;
      x = (x | x >>> 8) & 65535;
      const c = w << 4;
      out.bits[j * out.stride + (c >>> 5)] |= x << (c & 31);
    }
  }
  return out;
}
function dilate(m) {
  const W = m.width + 1;
  const H2 = m.height + 1;
  const out = new BitMask(W, H2);
  const ss = m.stride;
  const ds = out.stride;
  const tmp = new Uint32Array(ds * H2);
  for (let j = 0; j < m.height; j++) {
    let carry = 0;
    for (let w = 0; w < ds; w++) {
      const x = w < ss ? m.bits[j * ss + w] : 0;
      tmp[j * ds + w] = x | x << 1 | carry;
      carry = x >>> 31;
    }
  }
  for (let j = 0; j < H2; j++) {
    for (let w = 0; w < ds; w++) {
      out.bits[j * ds + w] = (j < m.height ? tmp[j * ds + w] : 0) | (j > 0 ? tmp[(j - 1) * ds + w] : 0);
    }
    const tail = W & 31;
    if (tail) out.bits[j * ds + ds - 1] &= 4294967295 >>> 32 - tail;
  }
  return out;
}
function buildBoundaryRuns(m) {
  const { width: W, height: H2, stride, bits } = m;
  const es = W + 1 + 31 >>> 5;
  const open = new Int32Array(W + 1).fill(-1);
  const vert = [];
  const prev = new Uint32Array(es);
  const cur = new Uint32Array(es);
  const flush = (j, e, p) => {
    for (let w = 0; w < es; w++) {
      let closing = p[w] & ~e[w];
      while (closing) {
        const t = closing & -closing;
        const i = (w << 5) + 31 - Math.clz32(t);
        vert.push(i, open[i], j);
        open[i] = -1;
        closing ^= t;
      }
      let opening = e[w] & ~p[w];
      while (opening) {
        const t = opening & -opening;
        const i = (w << 5) + 31 - Math.clz32(t);
        open[i] = j;
        opening ^= t;
      }
    }
  };
  for (let j = 0; j < H2; j++) {
    let carry = 0;
    for (let w = 0; w < es; w++) {
      const x = w < stride ? bits[j * stride + w] : 0;
      cur[w] = (x ^ (x << 1 | carry)) >>> 0;
      carry = x >>> 31;
    }
    flush(j, cur, prev);
    prev.set(cur);
  }
  cur.fill(0);
  flush(H2, cur, prev);
  const hor = [];
  for (let j = 0; j <= H2; j++) {
    let runStart = -1;
    for (let w = 0; w < stride; w++) {
      const above = j > 0 ? bits[(j - 1) * stride + w] : 0;
      const below = j < H2 ? bits[j * stride + w] : 0;
      let x = (above ^ below) >>> 0;
      const base = w << 5;
      if (x === 0) {
        if (runStart >= 0) {
          hor.push(j, runStart, base);
          runStart = -1;
        }
        continue;
      }
      if (x === 4294967295) {
        if (runStart < 0) runStart = base;
        continue;
      }
      let pos = 0;
      while (pos < 32) {
        if (runStart >= 0) {
          const inv = ~x >>> pos;
          if (inv === 0) {
            pos = 32;
            break;
          }
          const z = pos + 31 - Math.clz32(inv & -inv);
          hor.push(j, runStart, base + z);
          runStart = -1;
          pos = z;
        } else {
          const rest = x >>> pos;
          if (rest === 0) {
            pos = 32;
            break;
          }
          const o = pos + 31 - Math.clz32(rest & -rest);
          runStart = base + o;
          pos = o;
        }
      }
    }
    if (runStart >= 0) hor.push(j, runStart, W);
  }
  const b = m.bounds(SCRATCH_BOUNDS);
  const cx = b.x + b.width / 2, cy = b.y + b.height / 2;
  return { vertical: aroundCentre(vert, true, cx, cy), horizontal: aroundCentre(hor, false, cx, cy) };
}
function aroundCentre(runs, vertical, cx, cy) {
  const n = runs.length / 3;
  const buckets = n < 16 ? 16 : n > ORDER_BUCKETS ? ORDER_BUCKETS : n;
  const bucket = new Int32Array(n);
  const start = new Int32Array(buckets + 1);
  for (let r = 0; r < n; r++) {
    const line = runs[3 * r], mid = (runs[3 * r + 1] + runs[3 * r + 2]) / 2;
    const dx = vertical ? line - cx : mid - cx, dy = vertical ? mid - cy : line - cy;
    const d = Math.abs(dx) + Math.abs(dy);
    const p = d > 0 ? dy / d : 0;
    const diamond = dx >= 0 ? dy >= 0 ? p : 4 + p : 2 - p;
    const b = Math.min(buckets - 1, Math.floor(diamond * (buckets / 4)));
    bucket[r] = b;
    start[b + 1]++;
  }
  for (let b = 0; b < buckets; b++) start[b + 1] += start[b];
  const out = new Int32Array(runs.length);
  for (let r = 0; r < n; r++) {
    const k = 3 * start[bucket[r]]++;
    out[k] = runs[3 * r];
    out[k + 1] = runs[3 * r + 1];
    out[k + 2] = runs[3 * r + 2];
  }
  return out;
}
function varintSize(n) {
  let s = 1;
  while (n >= 128) {
    n = Math.floor(n / 128);
    s++;
  }
  return s;
}
function writeVarint(out, p, n) {
  while (n >= 128) {
    out[p++] = n & 127 | 128;
    n = Math.floor(n / 128);
  }
  out[p++] = n;
  return p;
}
function writeU32(out, p, v) {
  out[p] = v & 255;
  out[p + 1] = v >>> 8 & 255;
  out[p + 2] = v >>> 16 & 255;
  out[p + 3] = v >>> 24 & 255;
}
function readU32(d, p) {
  return (d[p] | d[p + 1] << 8 | d[p + 2] << 16 | d[p + 3] << 24) >>> 0;
}
var beforeEdit, BitMask, HEADER, FORMAT_VERSION, ORDER_BUCKETS, SCRATCH_BOUNDS;
var init_bitmask = __esm({
  "extensions/pixel-collision/assets/core/bitmask.ts"() {
    "use strict";
    init_raster();
    init_rows();
    beforeEdit = null;
    BitMask = class _BitMask {
      /**
       * An empty (all transparent) mask, or one over existing words (`bits.length` must be
       * `ceil(width / 32) * height`). Width and height must be positive integers.
       */
      constructor(width, height, bits) {
        this._version = 0;
        this._variants = null;
        this._rowBounds = null;
        this._pyramid = null;
        this._dilated = null;
        this._edges = null;
        this._count = -1;
        this._bounds = null;
        this._circle = null;
        this._slabs = null;
        /** @internal narrow.ts `pairWindow`'s local octagon around the opaque texels, for `_octagonVersion`. */
        this._octagon = null;
        /** @internal */
        this._octagonVersion = -1;
        /** @internal narrow.ts `localSupport`'s support table of the opaque texels, for `_hullVersion`. */
        this._hull = null;
        /** @internal */
        this._hullVersion = -1;
        checkSize(width, "width");
        checkSize(height, "height");
        this.width = width;
        this.height = height;
        this.stride = width + 31 >>> 5;
        const words = this.stride * height;
        if (bits) {
          if (bits.length !== words) {
            throw new RangeError(`bits has ${bits.length} words; a ${width}x${height} mask needs exactly ${words} (ceil(width / 32) * height).`);
          }
          this.bits = bits;
        } else {
          this.bits = new Uint32Array(words);
        }
      }
      /**
       * Builds a mask from RGBA8 pixels (4 bytes per pixel, rows top to bottom, as canvas
       * `getImageData`, PNG decoders and `RenderTexture.readPixels` of a non-rendered texture give).
       *
       * - `threshold` (integer 0–255, default 0): a texel is opaque iff its alpha `> threshold`.
       * - `rect` (default the whole image): the sub-rectangle of an atlas texture holding the frame,
       *   in texels from the top-left. For a `rotated` frame, `rect.width` / `rect.height` are the
       *   frame's UPRIGHT size (as in Cocos `SpriteFrame.rect`) and the texels it occupies in the
       *   texture are `rect.height` wide and `rect.width` tall.
       * - `rotated`: the frame is stored rotated 90° clockwise in the atlas (TexturePacker / Cocos
       *   convention); the mask comes out upright: upright texel (i, j) is read from texture texel
       *   `(rect.x + rect.height - 1 - j, rect.y + i)`.
       */
      static fromRGBA(pixels, width, height, options = {}) {
        checkSize(width, "width");
        checkSize(height, "height");
        if (!pixels || typeof pixels.length !== "number") {
          throw new TypeError("pixels must be an array of RGBA bytes (Uint8Array, Uint8ClampedArray or number[]).");
        }
        if (pixels.length !== width * height * 4) {
          throw new RangeError(`pixels has ${pixels.length} bytes but a ${width}x${height} RGBA image has ${width * height * 4} (width * height * 4). Pass the image's real width and height.`);
        }
        const threshold = checkThreshold(options.threshold ?? 0);
        const rotated = !!options.rotated;
        const rect = options.rect ?? { x: 0, y: 0, width: rotated ? height : width, height: rotated ? width : height };
        checkRect(rect, width, height, rotated);
        const fw = rect.width;
        const fh = rect.height;
        const mask = new _BitMask(fw, fh);
        const bits = mask.bits;
        const stride = mask.stride;
        const rowBytes = width * 4;
        if (!rotated) {
          for (let j = 0; j < fh; j++) {
            let p = (rect.y + j) * rowBytes + rect.x * 4 + 3;
            const base = j * stride;
            for (let w = 0; w < stride; w++) {
              const n = Math.min(32, fw - (w << 5));
              let word = 0;
              for (let b = 0; b < n; b++, p += 4) {
                if (pixels[p] > threshold) word |= 1 << b;
              }
              bits[base + w] = word;
            }
          }
        } else {
          for (let j = 0; j < fh; j++) {
            const tx = rect.x + fh - 1 - j;
            const base = j * stride;
            for (let i = 0; i < fw; i++) {
              if (pixels[(rect.y + i) * rowBytes + tx * 4 + 3] > threshold) bits[base + (i >>> 5)] |= 1 << (i & 31);
            }
          }
        }
        return mask;
      }
      /**
       * A mask from text rows, for tests and examples: `'#'` (or any char in `opaque`) is opaque,
       * anything else transparent. All rows must have the same length.
       */
      static fromRows(rows, opaque = "#") {
        if (rows.length === 0) throw new RangeError("rows must contain at least one row.");
        const w = rows[0].length;
        const m = new _BitMask(w, rows.length);
        rows.forEach((row, j) => {
          if (row.length !== w) throw new RangeError(`row ${j} has length ${row.length}; every row must have length ${w}.`);
          for (let i = 0; i < w; i++) if (opaque.includes(row[i])) m.set(i, j, true);
        });
        return m;
      }
      /** Increments whenever the mask changes; caches derived from it compare against this. */
      get version() {
        return this._version;
      }
      /** Whether texel (i, j) is opaque; false outside the mask. */
      get(i, j) {
        if (i < 0 || j < 0 || i >= this.width || j >= this.height) return false;
        return (this.bits[j * this.stride + (i >>> 5)] >>> (i & 31) & 1) === 1;
      }
      /** Sets texel (i, j). Throws outside the mask. Drops cached derived data. */
      set(i, j, value) {
        if (!(i >= 0 && j >= 0 && i < this.width && j < this.height) || (i | 0) !== i || (j | 0) !== j) {
          throw new RangeError(`texel (${i}, ${j}) is outside the ${this.width}x${this.height} mask; i must be an integer in [0, ${this.width - 1}] and j in [0, ${this.height - 1}].`);
        }
        if (beforeEdit !== null) beforeEdit();
        const idx = j * this.stride + (i >>> 5);
        const bit = 1 << (i & 31);
        if (value) this.bits[idx] |= bit;
        else this.bits[idx] &= ~bit;
        this.changed();
      }
      /** Call after writing `bits` directly: drops cached derived data. */
      changed() {
        this._version++;
        this._variants = null;
        this._rowBounds = null;
        this._pyramid = null;
        this._dilated = null;
        this._edges = null;
        this._count = -1;
        this._bounds = null;
        this._circle = null;
        this._slabs = null;
      }
      /** Number of opaque texels (cached). */
      count() {
        if (this._count < 0) {
          let n = 0;
          const bits = this.bits;
          for (let i = 0; i < bits.length; i++) n += popcount32(bits[i]);
          this._count = n;
        }
        return this._count;
      }
      /**
       * Tight bounds of the opaque texels, in texels: `{ x, y, width, height }` (width and height
       * 0 when the mask is empty). Writes into `out` when given.
       */
      bounds(out = { x: 0, y: 0, width: 0, height: 0 }) {
        let b = this._bounds;
        if (!b) {
          const rb = this.rowBounds();
          let minX = this.width, maxX = 0, minY = -1, maxY = -1;
          for (let j = 0; j < this.height; j++) {
            if (rb.lo[j] < rb.hi[j]) {
              if (minY < 0) minY = j;
              maxY = j;
              if (rb.lo[j] < minX) minX = rb.lo[j];
              if (rb.hi[j] > maxX) maxX = rb.hi[j];
            }
          }
          b = minY < 0 ? { x: 0, y: 0, width: 0, height: 0 } : { x: minX, y: minY, width: maxX - minX, height: maxY - minY + 1 };
          this._bounds = b;
        }
        out.x = b.x;
        out.y = b.y;
        out.width = b.width;
        out.height = b.height;
        return out;
      }
      /**
       * A circle that contains every opaque texel whole (texel (i, j) = [i, i+1) x [j, j+1)):
       * `[cx, cy, r]`, centred on the opaque bounds (cached; `r` = 0 for an empty mask). Two
       * colliders whose circles do not meet share no sample: the narrow phase rejects such pairs
       * before looking at a texel.
       */
      boundingCircle() {
        let c = this._circle;
        if (!c) {
          const b = this.bounds(SCRATCH_BOUNDS);
          const cx = b.x + b.width / 2, cy = b.y + b.height / 2;
          const rb = this.rowBounds();
          let r2 = 0;
          for (let j = 0; j < this.height; j++) {
            if (rb.lo[j] >= rb.hi[j]) continue;
            const dx = Math.max(cx - rb.lo[j], rb.hi[j] - cx);
            const dy = Math.max(cy - j, j + 1 - cy);
            const d2 = dx * dx + dy * dy;
            if (d2 > r2) r2 = d2;
          }
          c = this._circle = new Float64Array([cx, cy, Math.sqrt(r2)]);
        }
        return c;
      }
      /**
       * The two diagonal slabs that hold the opaque texels: `[p0, p1, q0, q1]` with `p0 <= u + v <=
       * p1` and `q0 <= u - v <= q1` for every point (u, v) of every opaque texel (texel (i, j) =
       * [i, i+1) x [j, j+1)); whole numbers, from each row's first and last opaque texel (cached;
       * all 0 for an empty mask). With the bounds they make an octagon around the texels, much
       * closer to a round sprite than its box.
       */
      diagonalSlabs() {
        let d = this._slabs;
        if (!d) {
          const rb = this.rowBounds();
          let p0 = Infinity, p1 = -Infinity, q0 = Infinity, q1 = -Infinity;
          for (let j = 0; j < this.height; j++) {
            const lo = rb.lo[j], hi = rb.hi[j];
            if (lo >= hi) continue;
            if (lo + j < p0) p0 = lo + j;
            if (hi + j + 1 > p1) p1 = hi + j + 1;
            if (lo - j - 1 < q0) q0 = lo - j - 1;
            if (hi - j > q1) q1 = hi - j;
          }
          d = this._slabs = p0 <= p1 ? new Float64Array([p0, p1, q0, q1]) : new Float64Array(4);
        }
        return d;
      }
      /**
       * Per row: `lo[j]` = first opaque column (`width` when the row is empty), `hi[j]` = one past
       * the last opaque column (0 when empty), `full[j]` = 1 when the whole span is opaque. Cached.
       */
      rowBounds() {
        if (!this._rowBounds) {
          const { width, height, stride, bits } = this;
          const lo = new Int32Array(height);
          const hi = new Int32Array(height);
          const full = new Uint8Array(height);
          const spans = new Int32Array(2 * height);
          const bands = new Int32Array(2 * height);
          const runs = new Int32Array(RUN_STRIDE * height);
          computeRowBounds(bits, stride, width, height, spans, runs);
          computeBands(spans, width, height, bands);
          for (let j = 0; j < height; j++) {
            const a = spans[2 * j];
            lo[j] = a < 0 ? ~a : a;
            hi[j] = spans[2 * j + 1];
            full[j] = a >= 0 ? 1 : 0;
          }
          this._rowBounds = { lo, hi, full, spans, bands, runs };
        }
        return this._rowBounds;
      }
      /** A copy. */
      clone() {
        return new _BitMask(this.width, this.height, this.bits.slice());
      }
      /** A new mask mirrored left-right. */
      flipX() {
        return this.oriented(false, true, false).clone();
      }
      /** A new mask mirrored top-bottom. */
      flipY() {
        return this.oriented(false, false, true).clone();
      }
      /**
       * A `width x height` mask of copies of this one side by side, laid from the BOTTOM-LEFT corner
       * (as the engine lays a TILED sprite's tiles: whole tiles from the left and from the bottom,
       * the last column cut on the right, the last row cut at the top, showing the tile's bottom).
       * Texel (i, j) of the result (row 0 at the top) is texel
       * `(i mod w, h - 1 - ((height - 1 - j) mod h))` of this one.
       */
      tiled(width, height) {
        const out = new _BitMask(width, height);
        const w = this.width, h = this.height, ds = out.stride, ob = out.bits;
        for (let j = 0; j < height; j++) {
          if (j >= h) {
            ob.copyWithin(j * ds, (j - h) * ds, (j - h + 1) * ds);
            continue;
          }
          const src = h - 1 - (height - 1 - j) % h;
          for (let i = 0; i < width; i++) if (this.get(i % w, src)) ob[j * ds + (i >>> 5)] |= 1 << (i & 31);
        }
        return out;
      }
      /**
       * The `width x height` window of this mask whose top-left texel is `(x, y)`, as a new mask
       * (texel (i, j) of the result is texel (x + i, y + j) of this one; texels outside this mask
       * are clear). A 9-sliced sprite's pieces are windows of its frame.
       */
      crop(x, y, width, height) {
        const out = new _BitMask(width, height);
        const ds = out.stride, ob = out.bits;
        for (let j = 0; j < height; j++) {
          for (let i = 0; i < width; i++) if (this.get(x + i, y + j)) ob[j * ds + (i >>> 5)] |= 1 << (i & 31);
        }
        return out;
      }
      /** A new mask with rows and columns swapped (texel (i, j) -> (j, i)). */
      transpose() {
        return this.oriented(true, false, false).clone();
      }
      /** A new mask turned a quarter turn clockwise as displayed (row 0 at the top). */
      rotate90() {
        return this.oriented(true, true, false).clone();
      }
      /**
       * The cached orientation variant (one of the 8 symmetries of the square grid):
       * first transpose when `swap`, then mirror columns when `flipCols`, then rows when `flipRows`.
       * Variant (false, false, false) is `this`. Do not mutate a variant.
       */
      oriented(swap, flipCols, flipRows) {
        const key = (swap ? 4 : 0) | (flipCols ? 2 : 0) | (flipRows ? 1 : 0);
        if (key === 0) return this;
        if (!this._variants) this._variants = [null, null, null, null, null, null, null, null];
        let v = this._variants[key];
        if (!v) {
          v = buildVariant(this, swap, flipCols, flipRows);
          this._variants[key] = v;
        }
        return v;
      }
      /**
       * OR-downsampled pyramid level `level` (>= 1): texel (i, j) of level L is opaque iff any
       * texel of the 2^L x 2^L block `[i*2^L, (i+1)*2^L) x [j*2^L, (j+1)*2^L)` is. Level 0 is `this`.
       * Cached. Used to reject near misses without touching every word.
       */
      pyramid(level) {
        if (level <= 0) return this;
        if (!this._pyramid) this._pyramid = [this];
        while (this._pyramid.length <= level) {
          this._pyramid.push(downsample(this._pyramid[this._pyramid.length - 1]));
        }
        return this._pyramid[level];
      }
      /**
       * Pyramid level `level` dilated by one texel towards +x, +y and +x+y (each texel ORed with
       * its left, upper and upper-left neighbours). ANDing level L of one mask with the dilated
       * level L of another, at the integer block offset `floor(offset / 2^L)`, is a conservative
       * overlap test for ANY texel offset. Cached.
       */
      dilatedPyramid(level) {
        if (!this._dilated) this._dilated = [];
        let d = this._dilated[level];
        if (!d) {
          d = dilate(this.pyramid(level));
          this._dilated[level] = d;
        }
        return d;
      }
      /** Boundary runs between opaque and transparent texels (cached); see {@link BoundaryRuns}. */
      boundaryRuns() {
        if (!this._edges) this._edges = buildBoundaryRuns(this);
        return this._edges;
      }
      /**
       * Compact, versioned binary form (for baked masks): a 12-byte header
       * `'P' 'C' 'M' version(1) width(u32 LE) height(u32 LE)`, an encoding byte
       * (0 = packed rows: ceil(width/8) bytes per row, LSB first; 1 = run lengths: alternating
       * transparent/opaque run lengths over the row-major texels as LEB128 varints, starting with
       * a transparent run), then the payload. The smaller encoding is chosen.
       */
      serialize() {
        const { width, height } = this;
        const rowBytes = width + 7 >>> 3;
        const packedSize = rowBytes * height;
        const runs = [];
        let cur = false;
        let run2 = 0;
        for (let j = 0; j < height; j++) {
          for (let i = 0; i < width; i++) {
            const v = this.get(i, j);
            if (v === cur) run2++;
            else {
              runs.push(run2);
              cur = v;
              run2 = 1;
            }
          }
        }
        runs.push(run2);
        let rleSize = 0;
        for (const r of runs) rleSize += varintSize(r);
        const useRle = rleSize < packedSize;
        const out = new Uint8Array(HEADER + 1 + (useRle ? rleSize : packedSize));
        out[0] = 80;
        out[1] = 67;
        out[2] = 77;
        out[3] = FORMAT_VERSION;
        writeU32(out, 4, width);
        writeU32(out, 8, height);
        out[HEADER] = useRle ? 1 : 0;
        let p = HEADER + 1;
        if (useRle) {
          for (const r of runs) p = writeVarint(out, p, r);
        } else {
          for (let j = 0; j < height; j++) {
            for (let b = 0; b < rowBytes; b++) {
              const i = b << 3;
              const word = this.bits[j * this.stride + (i >>> 5)];
              out[p++] = word >>> (i & 31) & 255;
            }
          }
        }
        return out;
      }
      /** Reads what {@link serialize} wrote. Throws a clear error on a corrupt or newer payload. */
      static deserialize(data) {
        if (!(data instanceof Uint8Array) || data.length < HEADER + 1 || data[0] !== 80 || data[1] !== 67 || data[2] !== 77) {
          throw new TypeError('not a serialized BitMask (expected the "PCM" header written by BitMask.serialize). Re-bake the mask.');
        }
        if (data[3] !== FORMAT_VERSION) {
          throw new RangeError(`serialized BitMask has format version ${data[3]}; this build reads version ${FORMAT_VERSION}. Re-bake the mask with this version of pixel-collision.`);
        }
        const width = readU32(data, 4);
        const height = readU32(data, 8);
        const enc = data[HEADER];
        checkSize(width, "width");
        checkSize(height, "height");
        if (enc === 0 && data.length !== HEADER + 1 + (width + 7 >>> 3) * height) {
          throw new RangeError("serialized BitMask is truncated or has trailing bytes. Re-bake the mask.");
        }
        if (enc === 1 && width * height > 128 ** (data.length - HEADER - 1)) {
          throw new RangeError("serialized BitMask runs cannot cover width * height. Re-bake the mask.");
        }
        const mask = new _BitMask(width, height);
        let p = HEADER + 1;
        if (enc === 0) {
          const rowBytes = width + 7 >>> 3;
          if (data.length !== p + rowBytes * height) throw new RangeError("serialized BitMask is truncated or has trailing bytes. Re-bake the mask.");
          for (let j = 0; j < height; j++) {
            for (let b = 0; b < rowBytes; b++) {
              const byte = data[p++];
              const i = b << 3;
              mask.bits[j * mask.stride + (i >>> 5)] |= byte << (i & 31);
            }
            const tail = width & 31;
            if (tail) mask.bits[j * mask.stride + mask.stride - 1] &= 4294967295 >>> 32 - tail;
          }
        } else if (enc === 1) {
          let pos = 0;
          let v = false;
          const total = width * height;
          while (p < data.length) {
            let r = 0, shift = 0, byte = 0;
            do {
              if (p >= data.length) throw new RangeError("serialized BitMask has a truncated run length. Re-bake the mask.");
              byte = data[p++];
              r += (byte & 127) * 2 ** shift;
              shift += 7;
            } while (byte & 128);
            if (pos + r > total) throw new RangeError("serialized BitMask runs exceed width * height. Re-bake the mask.");
            if (v) {
              for (let t = pos; t < pos + r; t++) {
                const j = t / width | 0;
                const i = t - j * width;
                mask.bits[j * mask.stride + (i >>> 5)] |= 1 << (i & 31);
              }
            }
            pos += r;
            v = !v;
          }
          if (pos !== total) throw new RangeError("serialized BitMask runs do not cover width * height. Re-bake the mask.");
        } else {
          throw new RangeError(`serialized BitMask has unknown encoding ${enc}. Re-bake the mask.`);
        }
        return mask;
      }
    };
    HEADER = 12;
    FORMAT_VERSION = 1;
    ORDER_BUCKETS = 4096;
    SCRATCH_BOUNDS = { x: 0, y: 0, width: 0, height: 0 };
  }
});

// extensions/pixel-collision/assets/core/contact.ts
var Contact, DETAIL_OVERLAP, DETAIL_NORMAL, DETAIL_SEPARATION, ContactSource;
var init_contact = __esm({
  "extensions/pixel-collision/assets/core/contact.ts"() {
    "use strict";
    Contact = class {
      constructor() {
        /** At least one sample belongs to both colliders. */
        this.hit = false;
        /** The accuracy (samples per world unit along an axis) the pair was sampled at. */
        this.accuracy = 1;
        /** Frame the contact describes (set by the world / GPU backends; -1 when not applicable). */
        this.frame = -1;
        // The details live in these fields; the accessors below fill them on first read when the
        // contact is lazy (see `pending`).
        /** @internal */
        this._count = 0;
        /** @internal */
        this._minX = 0;
        /** @internal */
        this._minY = 0;
        /** @internal */
        this._maxX = 0;
        /** @internal */
        this._maxY = 0;
        /** @internal */
        this._centroidX = 0;
        /** @internal */
        this._centroidY = 0;
        /** @internal */
        this._normalX = 0;
        /** @internal */
        this._normalY = 0;
        /** @internal */
        this._separationX = 0;
        /** @internal */
        this._separationY = 0;
        /** @internal */
        this._hasSeparation = false;
        /** @internal Groups still to compute (DETAIL_OVERLAP | DETAIL_NORMAL | DETAIL_SEPARATION). */
        this._need = 0;
        /** @internal Where a lazy contact's details come from (null: not lazy). */
        this._src = null;
        /**
         * @internal What a world listener keeps for the pair: the world hands it on from step to
         * step while the pair stays (`CollisionWorld` `_dispatch`), null at its enter. Not copied.
         */
        this._user = null;
      }
      /** Number of samples that belong to both colliders. */
      get count() {
        if (this._need & DETAIL_OVERLAP) this._fill(DETAIL_OVERLAP);
        return this._count;
      }
      set count(v) {
        this._count = v;
      }
      /** World rect (cell edges, not centres) of the shared samples; all 0 when there is no hit. */
      get minX() {
        if (this._need & DETAIL_OVERLAP) this._fill(DETAIL_OVERLAP);
        return this._minX;
      }
      set minX(v) {
        this._minX = v;
      }
      get minY() {
        if (this._need & DETAIL_OVERLAP) this._fill(DETAIL_OVERLAP);
        return this._minY;
      }
      set minY(v) {
        this._minY = v;
      }
      get maxX() {
        if (this._need & DETAIL_OVERLAP) this._fill(DETAIL_OVERLAP);
        return this._maxX;
      }
      set maxX(v) {
        this._maxX = v;
      }
      get maxY() {
        if (this._need & DETAIL_OVERLAP) this._fill(DETAIL_OVERLAP);
        return this._maxY;
      }
      set maxY(v) {
        this._maxY = v;
      }
      /** Mean of the shared sample centres. */
      get centroidX() {
        if (this._need & DETAIL_OVERLAP) this._fill(DETAIL_OVERLAP);
        return this._centroidX;
      }
      set centroidX(v) {
        this._centroidX = v;
      }
      get centroidY() {
        if (this._need & DETAIL_OVERLAP) this._fill(DETAIL_OVERLAP);
        return this._centroidY;
      }
      set centroidY(v) {
        this._centroidY = v;
      }
      /** Unit vector from A towards B (how it is estimated depends on the pair; see README). */
      get normalX() {
        if (this._need & DETAIL_NORMAL) this._fill(DETAIL_NORMAL);
        return this._normalX;
      }
      set normalX(v) {
        this._normalX = v;
      }
      get normalY() {
        if (this._need & DETAIL_NORMAL) this._fill(DETAIL_NORMAL);
        return this._normalY;
      }
      set normalY(v) {
        this._normalY = v;
      }
      /**
       * Translation that, added to B, ends the overlap: a whole number of sample cells (1 / accuracy
       * world units each). Filled only when separation was requested. Where adding it to B's
       * translation rounds (a translation that is no multiple of a cell), a sample lying exactly on
       * one of B's texel edges can still be shared; moving by it again, or once more by one cell
       * along it, ends that.
       */
      get separationX() {
        if (this._need & DETAIL_SEPARATION) this._fill(DETAIL_SEPARATION);
        return this._separationX;
      }
      set separationX(v) {
        this._separationX = v;
      }
      get separationY() {
        if (this._need & DETAIL_SEPARATION) this._fill(DETAIL_SEPARATION);
        return this._separationY;
      }
      set separationY(v) {
        this._separationY = v;
      }
      /** True when `separationX/Y` were computed by this test. */
      get hasSeparation() {
        if (this._need & DETAIL_SEPARATION) this._fill(DETAIL_SEPARATION);
        return this._hasSeparation;
      }
      set hasSeparation(v) {
        this._hasSeparation = v;
      }
      /**
       * True while some details (count, rect, centroid; the normal; the separation) of this
       * contact are not computed yet. A world's CPU narrow phase decides each pair's `hit` exactly
       * and leaves the details to be computed when a field is first read (the normal only when
       * `normalX/Y` or the separation is read): reading a field is always correct, and a game that
       * only needs to know who touches whom pays for nothing else. `testMasks` likewise leaves
       * the full contact's normal to the first read of `normalX/Y`. {@link complete} computes
       * everything now.
       */
      get pending() {
        return this._need !== 0;
      }
      /** Computes every detail a lazy contact still lacks (nothing to do for others). Returns `this`. */
      complete() {
        if (this._need & DETAIL_SEPARATION) this._fill(DETAIL_SEPARATION);
        else if (this._need & DETAIL_NORMAL) this._fill(DETAIL_NORMAL);
        else if (this._need & DETAIL_OVERLAP) this._fill(DETAIL_OVERLAP);
        return this;
      }
      /** Clears every field to "no hit". Returns `this`. */
      reset() {
        this.hit = false;
        this._count = 0;
        this._minX = this._minY = this._maxX = this._maxY = 0;
        this._centroidX = this._centroidY = 0;
        this._normalX = this._normalY = 0;
        this._separationX = this._separationY = 0;
        this._hasSeparation = false;
        this._need = 0;
        this.frame = -1;
        return this;
      }
      /**
       * Copies every field of `src`. A lazy `src` is copied lazily: the copy keeps what it needs
       * (the pair's colliders, shapes and transforms as they were tested) and computes its details
       * itself when one is first read, also after the colliders have moved on. Returns `this`.
       */
      copyFrom(src) {
        const s = src;
        if (s._need !== 0 && s._src.shortLived) s.complete();
        this.hit = s.hit;
        this._count = s._count;
        this._minX = s._minX;
        this._minY = s._minY;
        this._maxX = s._maxX;
        this._maxY = s._maxY;
        this._centroidX = s._centroidX;
        this._centroidY = s._centroidY;
        this._normalX = s._normalX;
        this._normalY = s._normalY;
        this._separationX = s._separationX;
        this._separationY = s._separationY;
        this._hasSeparation = s._hasSeparation;
        this.accuracy = s.accuracy;
        this.frame = s.frame;
        this._need = s._need;
        if (s._need !== 0) (this._src ?? (this._src = new ContactSource())).copyFrom(s._src);
        return this;
      }
      /**
       * Turns the contact around so that it describes (B, A) instead of (A, B): the normal and the
       * separation flip (the separation then applies to A, the new "B"). A lazy contact computes
       * its details first.
       */
      swap() {
        if (this._need !== 0) this.complete();
        this._normalX = -this._normalX;
        this._normalY = -this._normalY;
        this._separationX = -this._separationX;
        this._separationY = -this._separationY;
        return this;
      }
      /** Computes the pending groups up to `group` (each group needs the ones before it). */
      _fill(group) {
        const todo = this._need & (group | group - 1);
        this._need &= ~todo;
        const src = this._src;
        src.resolver.resolveContact(this, src, todo);
      }
    };
    DETAIL_OVERLAP = 1;
    DETAIL_NORMAL = 2;
    DETAIL_SEPARATION = 4;
    ContactSource = class {
      constructor() {
        this.a = null;
        this.b = null;
        this.stampA = 0;
        this.stampB = 0;
        this.shapeA = null;
        this.shapeB = null;
        this.tA = { a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0 };
        this.tB = { a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0 };
        this.accuracy = 1;
        /** The pair window (cells) the CPU narrow phase found when it decided the pair, if `hasWin`. */
        this.winK0 = 0;
        this.winL0 = 0;
        this.winK1 = 0;
        this.winL1 = 0;
        this.hasWin = false;
        /**
         * True for `testMasks`' lazy normal: its rasters live only until the next `testMasks` call
         * (or an edit of a mask), so a copy computes the details first instead of sharing the source.
         */
        this.shortLived = false;
      }
      set(resolver, a, b, accuracy) {
        this.resolver = resolver;
        this.shortLived = false;
        this.a = a;
        this.b = b;
        this.stampA = a._stamp;
        this.stampB = b._stamp;
        this.shapeA = a.shape;
        this.shapeB = b.shape;
        const ta = a._t, tb = b._t, oa = this.tA, ob = this.tB;
        oa.a = ta.a;
        oa.b = ta.b;
        oa.c = ta.c;
        oa.d = ta.d;
        oa.tx = ta.tx;
        oa.ty = ta.ty;
        ob.a = tb.a;
        ob.b = tb.b;
        ob.c = tb.c;
        ob.d = tb.d;
        ob.tx = tb.tx;
        ob.ty = tb.ty;
        this.accuracy = accuracy;
        this.hasWin = false;
      }
      copyFrom(s) {
        this.resolver = s.resolver;
        this.shortLived = s.shortLived;
        this.a = s.a;
        this.b = s.b;
        this.stampA = s.stampA;
        this.stampB = s.stampB;
        this.shapeA = s.shapeA;
        this.shapeB = s.shapeB;
        const oa = this.tA, ob = this.tB, ta = s.tA, tb = s.tB;
        oa.a = ta.a;
        oa.b = ta.b;
        oa.c = ta.c;
        oa.d = ta.d;
        oa.tx = ta.tx;
        oa.ty = ta.ty;
        ob.a = tb.a;
        ob.b = tb.b;
        ob.c = tb.c;
        ob.d = tb.d;
        ob.tx = tb.tx;
        ob.ty = tb.ty;
        this.accuracy = s.accuracy;
        this.winK0 = s.winK0;
        this.winL0 = s.winL0;
        this.winK1 = s.winK1;
        this.winL1 = s.winL1;
        this.hasWin = s.hasWin;
      }
    };
  }
});

// extensions/pixel-collision/assets/core/exact.ts
function normalize(x) {
  F64[0] = x;
  let hi = U32[HI];
  let eb = hi >>> 20 & 2047;
  let adj = 1023;
  if (eb === 0) {
    F64[0] = x * TWO_64;
    hi = U32[HI];
    eb = hi >>> 20 & 2047;
    adj = 1023 + 64;
  }
  ne = eb - adj;
  U32[HI] = hi & 2148532223 | 1072693248;
  OUT[NM] = F64[0];
}
function pow2(n) {
  U32[HI] = n + 1023 << 20;
  U32[LO] = 0;
  return F64[0];
}
function twoProduct(a, b) {
  const x = a * b;
  let c = SPLITTER * a;
  let big = c - a;
  const ahi = c - big;
  const alo = a - ahi;
  c = SPLITTER * b;
  big = c - b;
  const bhi = c - big;
  const blo = b - bhi;
  const err1 = x - ahi * bhi;
  const err2 = err1 - alo * bhi;
  const err3 = err2 - ahi * blo;
  OUT[TP_HI] = x;
  OUT[TP_LO] = alo * blo - err3;
}
function scaleExpansion(e, eo, en, b, h, ho) {
  let c = SPLITTER * b;
  let big = c - b;
  const bhi = c - big;
  const blo = b - bhi;
  let n = 0;
  let a = e[eo];
  let x = a * b;
  c = SPLITTER * a;
  big = c - a;
  let ahi = c - big;
  let alo = a - ahi;
  let err = alo * blo - (x - ahi * bhi - alo * bhi - ahi * blo);
  if (err !== 0) h[ho + n++] = err;
  let q = x;
  for (let i = 1; i < en; i++) {
    a = e[eo + i];
    x = a * b;
    c = SPLITTER * a;
    big = c - a;
    ahi = c - big;
    alo = a - ahi;
    err = alo * blo - (x - ahi * bhi - alo * bhi - ahi * blo);
    const sum = q + err;
    const bv = sum - q;
    let hh = q - (sum - bv) + (err - bv);
    if (hh !== 0) h[ho + n++] = hh;
    q = x + sum;
    hh = sum - (q - x);
    if (hh !== 0) h[ho + n++] = hh;
  }
  if (q !== 0 || n === 0) h[ho + n++] = q;
  return n;
}
function grow(h, n, b) {
  let q = b;
  let m = 0;
  for (let i = 0; i < n; i++) {
    const a = h[i];
    const s = q + a;
    const bv = s - q;
    const hh = q - (s - bv) + (a - bv);
    q = s;
    if (hh !== 0) h[m++] = hh;
  }
  if (q !== 0 || m === 0) h[m++] = q;
  return m;
}
function pushProd(m, e, x) {
  if (m === 0 || x === 0) return;
  normalize(x);
  twoProduct(m, OUT[NM]);
  const i = nTerms++;
  const o = 8 * i;
  let n = 0;
  if (OUT[TP_LO] !== 0) T_C[o + n++] = OUT[TP_LO];
  T_C[o + n++] = OUT[TP_HI];
  T_N[i] = n;
  T_E[i] = e + ne;
  T_G[i] = 104;
}
function pushOdd(m, e, k) {
  if (m === 0) return;
  if (Math.abs(k) < TWO_52) {
    pushProd(m, e, 2 * k + 1);
    return;
  }
  pushProd(m, e, 2 * k);
  const i = nTerms++;
  T_C[8 * i] = m;
  T_N[i] = 1;
  T_E[i] = e;
  T_G[i] = 52;
}
function pushCopy(src, o, n, e) {
  if (n === 0) return;
  const i = nTerms++;
  for (let j = 0; j < n; j++) T_C[8 * i + j] = src[o + j];
  T_N[i] = n;
  T_E[i] = e;
  T_G[i] = 156;
}
function pushScaled(src, o, n, e, x) {
  if (n === 0 || x === 0) return;
  normalize(x);
  const i = nTerms++;
  T_N[i] = scaleExpansion(src, o, n, OUT[NM], T_C, 8 * i);
  T_E[i] = e + ne;
  T_G[i] = 208;
}
function prod3(x, y, z, out, outN, outE, slot) {
  if (x === 0 || y === 0 || z === 0) {
    outN[slot] = 0;
    outE[slot] = 0;
    return;
  }
  normalize(x);
  const mx = OUT[NM], ex = ne;
  normalize(y);
  twoProduct(mx, OUT[NM]);
  let e = ex + ne;
  let n = 0;
  if (OUT[TP_LO] !== 0) TMP[n++] = OUT[TP_LO];
  TMP[n++] = OUT[TP_HI];
  normalize(z);
  e += ne;
  outN[slot] = scaleExpansion(TMP, 0, n, OUT[NM], out, 4 * slot);
  outE[slot] = e;
}
function signOfTerms() {
  const n = nTerms;
  for (let i2 = 0; i2 < n; i2++) {
    const ei = T_E[i2];
    let j = i2;
    while (j > 0 && T_E[ORD[j - 1]] < ei) {
      ORD[j] = ORD[j - 1];
      j--;
    }
    ORD[j] = i2;
  }
  let i = 0;
  while (i < n) {
    const top = T_E[ORD[i]];
    let g = top - T_G[ORD[i]];
    let j = i + 1;
    while (j < n) {
      const q = ORD[j];
      if (T_E[q] + 8 <= g) break;
      const gq = T_E[q] - T_G[q];
      if (gq < g) g = gq;
      j++;
    }
    let hn = 0;
    for (let t = i; t < j; t++) {
      const q = ORD[t];
      const sc = pow2(T_E[q] - top + BIAS);
      for (let c = 8 * q, end = c + T_N[q]; c < end; c++) hn = grow(H, hn, T_C[c] * sc);
    }
    for (let h = hn - 1; h >= 0; h--) {
      if (H[h] !== 0) return H[h] > 0 ? 1 : -1;
    }
    i = j;
  }
  return 0;
}
function inDirectRange(x) {
  const a = Math.abs(x);
  return a === 0 || a >= TWO_M200 && a < TWO_201;
}
function growProduct(h, n, x, y) {
  if (x === 0 || y === 0) return n;
  twoProduct(x, y);
  if (OUT[TP_LO] !== 0) n = grow(h, n, OUT[TP_LO]);
  return grow(h, n, OUT[TP_HI]);
}
function growProduct3(h, n, x, y, z) {
  if (x === 0 || y === 0 || z === 0) return n;
  twoProduct(x, y);
  let tn = 0;
  if (OUT[TP_LO] !== 0) TMP[tn++] = OUT[TP_LO];
  TMP[tn++] = OUT[TP_HI];
  const pn = scaleExpansion(TMP, 0, tn, z, TMP4, 0);
  for (let i = 0; i < pn; i++) n = grow(h, n, TMP4[i]);
  return n;
}
function compress(e, n, h, ho) {
  if (n === 0) {
    h[ho] = 0;
    return 1;
  }
  let bottom = n - 1;
  let q = e[bottom];
  for (let i = n - 2; i >= 0; i--) {
    const a = e[i];
    const x = q + a;
    const y = a - (x - q);
    if (y !== 0) {
      e[bottom--] = x;
      q = y;
    } else q = x;
  }
  let top = 0;
  for (let i = bottom + 1; i < n; i++) {
    const a = e[i];
    const x = a + q;
    const y = q - (x - a);
    if (y !== 0) h[ho + top++] = y;
    q = x;
  }
  h[ho + top++] = q;
  return top;
}
function expansionSign(h, n) {
  for (let i = n - 1; i >= 0; i--) if (h[i] !== 0) return h[i] > 0 ? 1 : -1;
  return 0;
}
var TWO_52, LIMIT, MAX_INDEX, TWO_64, SPLITTER, BIAS, F64, U32, HI, LO, ENTRIES, OUT, NM, TP_HI, TP_LO, ne, MAX_TERMS, T_C, T_N, T_E, T_G, ORD, H, TMP, nTerms, DIRECT_EXP, TWO_M200, TWO_201, useDirect, baseN, BASE, SCR, TMP4, SampleMapper;
var init_exact = __esm({
  "extensions/pixel-collision/assets/core/exact.ts"() {
    "use strict";
    TWO_52 = 4503599627370496;
    LIMIT = 9007199254740992;
    MAX_INDEX = 10715086071862673e285;
    TWO_64 = 18446744073709552e3;
    SPLITTER = 134217729;
    BIAS = 512;
    F64 = new Float64Array(1);
    U32 = new Uint32Array(F64.buffer);
    HI = (() => {
      F64[0] = 1;
      return U32[1] === 1072693248 ? 1 : 0;
    })();
    LO = 1 - HI;
    ENTRIES = new Float64Array(4);
    OUT = new Float64Array(3);
    NM = 0;
    TP_HI = 1;
    TP_LO = 2;
    ne = 0;
    MAX_TERMS = 8;
    T_C = new Float64Array(8 * MAX_TERMS);
    T_N = new Int32Array(MAX_TERMS);
    T_E = new Int32Array(MAX_TERMS);
    T_G = new Int32Array(MAX_TERMS);
    ORD = new Int32Array(MAX_TERMS);
    H = new Float64Array(8 * MAX_TERMS + 1);
    TMP = new Float64Array(2);
    nTerms = 0;
    DIRECT_EXP = 200;
    TWO_M200 = 6223015277861142e-76;
    TWO_201 = 32138760885179806e44;
    useDirect = false;
    baseN = 0;
    BASE = new Float64Array(8 * MAX_TERMS);
    SCR = new Float64Array(16);
    TMP4 = new Float64Array(4);
    SampleMapper = class {
      constructor() {
        /** Inverse transform entries (doubles). */
        this.ia = 1;
        this.ib = 0;
        this.ic = 0;
        this.id = 1;
        this._tx = 0;
        this._ty = 0;
        this._acc = 1;
        this._s = 1;
        /**
         * Error bound factors: `|u_double - u| <= errU * (|x| + |tx| + |y| + |ty| + 1)` for u evaluated as
         * `ia * (x - tx) + ic * (y - ty)` with `x = (k + 0.5) * (1 / accuracy)` (same for v with errV).
         */
        this.errU = 0;
        this.errV = 0;
        this._t = { a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0 };
        this._exactReady = false;
        // Exact terms, built lazily on the first ambiguous sample (see the module notes).
        /** Sign of the exact determinant (+1 or -1). */
        this._detSign = 1;
        /** Mantissas (in +-[1, 2), 0 for a zero entry) and exponents of a, b, c, d. */
        this._m = new Float64Array(4);
        this._e = new Int32Array(4);
        /**
         * Normalized 3-factor products, 4 components each: -d*A*tx, c*A*ty (u), b*A*tx, -a*A*ty (v),
         * A*a*d, -A*b*c (the determinant's terms), with their component counts and exponents.
         */
        this._pc = new Float64Array(24);
        this._pn = new Int32Array(6);
        this._pe = new Int32Array(6);
        /** Whether the direct form applies (every nonzero entry, tx, ty and 2*accuracy within 2^+-200). */
        this._direct = false;
        /**
         * Direct form: the expansions (8 slots each, compressed) of -d*A*tx + c*A*ty (u),
         * b*A*tx - a*A*ty (v) and A*(a*d - b*c), and their component counts.
         */
        this._dc = new Float64Array(24);
        this._dn = new Int32Array(3);
      }
      /** Prepares for `t` (must be invertible; callers check) at `accuracy`. */
      setup(t, accuracy) {
        const det = t.a * t.d - t.b * t.c;
        this.ia = t.d / det;
        this.ib = -t.b / det;
        this.ic = -t.c / det;
        this.id = t.a / det;
        this._tx = t.tx;
        this._ty = t.ty;
        this._acc = accuracy;
        this._s = 1 / accuracy;
        const t2 = this._t;
        t2.a = t.a;
        t2.b = t.b;
        t2.c = t.c;
        t2.d = t.d;
        t2.tx = t.tx;
        t2.ty = t.ty;
        const cond = (Math.abs(t.a * t.d) + Math.abs(t.b * t.c)) / Math.abs(det);
        const rel = 64 * 2220446049250313e-31 * (cond + 4);
        this.errU = rel * Math.max(Math.abs(this.ia), Math.abs(this.ic));
        this.errV = rel * Math.max(Math.abs(this.ib), Math.abs(this.id));
        this._exactReady = false;
        return this;
      }
      /** Exact `floor(u)` of sample (k, l). */
      floorU(k, l) {
        const xs = (k + 0.5) * this._s;
        const ys = (l + 0.5) * this._s;
        const u = this.ia * (xs - this._tx) + this.ic * (ys - this._ty);
        const e = this.errU * (Math.abs(xs) + Math.abs(this._tx) + Math.abs(ys) + Math.abs(this._ty) + 1);
        const f = Math.floor(u - e);
        if (f === Math.floor(u + e)) return f;
        return this._exactFloor(k, l, true, u);
      }
      /** Exact `floor(v)` of sample (k, l). */
      floorV(k, l) {
        const xs = (k + 0.5) * this._s;
        const ys = (l + 0.5) * this._s;
        const v = this.ib * (xs - this._tx) + this.id * (ys - this._ty);
        const e = this.errV * (Math.abs(xs) + Math.abs(this._tx) + Math.abs(ys) + Math.abs(this._ty) + 1);
        const f = Math.floor(v - e);
        if (f === Math.floor(v + e)) return f;
        return this._exactFloor(k, l, false, v);
      }
      /**
       * `floor(u)` of sample (k, l) by the exact path alone (no floating-point filter): for tests
       * and for callers that want the exact answer whatever the estimate says. Saturates at
       * `+-2^53` (see the module notes).
       */
      exactFloorU(k, l) {
        return this._exactFloor(k, l, true, this.approxU(k, l));
      }
      /** `floor(v)` of sample (k, l) by the exact path alone (see {@link exactFloorU}). */
      exactFloorV(k, l) {
        return this._exactFloor(k, l, false, this.approxV(k, l));
      }
      /** Approximate local position of sample (k, l) (doubles, for estimates only). */
      approxU(k, l) {
        return this.ia * ((k + 0.5) * this._s - this._tx) + this.ic * ((l + 0.5) * this._s - this._ty);
      }
      approxV(k, l) {
        return this.ib * ((k + 0.5) * this._s - this._tx) + this.id * ((l + 0.5) * this._s - this._ty);
      }
      /** Exact floor of u (or v) of sample (k, l), searched from the estimate `hint`. */
      _exactFloor(k, l, wantU, hint) {
        if (!this._exactReady) this._prepareExact();
        if (!(Math.abs(k) <= MAX_INDEX && Math.abs(l) <= MAX_INDEX)) {
          throw new RangeError(`sample (${k}, ${l}) is out of range: sample indices must be finite numbers of magnitude at most 2^1000.`);
        }
        useDirect = false;
        if (this._direct && Math.abs(k) < TWO_52 && Math.abs(l) < TWO_52) {
          const t = this._t, dc = this._dc;
          const o = wantU ? 0 : 8;
          let n = 0;
          n = growProduct(H, n, wantU ? t.d : -t.b, 2 * k + 1);
          n = growProduct(H, n, wantU ? -t.c : t.a, 2 * l + 1);
          for (let i = 0, cn = this._dn[wantU ? 0 : 1]; i < cn; i++) n = grow(H, n, dc[o + i]);
          baseN = compress(H, n, BASE, 0);
          useDirect = true;
        }
        let g = Math.floor(hint);
        if (g !== g) g = 0;
        else if (g < -LIMIT) g = -LIMIT;
        else if (g > LIMIT) g = LIMIT;
        else if (g === 0) g = 0;
        let lo = 0;
        let hi = 0;
        let step = 1;
        if (this._ge(g, wantU, k, l)) {
          lo = g;
          for (; ; ) {
            if (lo === LIMIT) return LIMIT;
            let c = lo + step;
            if (c > LIMIT) c = LIMIT;
            if (!this._ge(c, wantU, k, l)) {
              hi = c;
              break;
            }
            lo = c;
            step *= 2;
          }
        } else {
          hi = g;
          for (; ; ) {
            if (hi === -LIMIT) return -LIMIT;
            let c = hi - step;
            if (c < -LIMIT) c = -LIMIT;
            if (this._ge(c, wantU, k, l)) {
              lo = c;
              break;
            }
            hi = c;
            step *= 2;
          }
        }
        while (hi - lo > 1) {
          const mid = lo + Math.floor((hi - lo) / 2);
          if (this._ge(mid, wantU, k, l)) lo = mid;
          else hi = mid;
        }
        return lo;
      }
      /** Exactly: is u (wantU) or v of sample (k, l) >= f? (f an integer with |f| <= 2^53.) */
      _ge(f, wantU, k, l) {
        if (useDirect) {
          let n = baseN;
          for (let i = 0; i < n; i++) H[i] = BASE[i];
          if (f !== 0) {
            const dn = scaleExpansion(this._dc, 16, this._dn[2], -f, SCR, 0);
            for (let i = 0; i < dn; i++) n = grow(H, n, SCR[i]);
          }
          const s2 = expansionSign(H, n);
          return s2 === 0 || s2 === this._detSign;
        }
        const m = this._m, e = this._e, pc = this._pc, pn = this._pn, pe = this._pe;
        nTerms = 0;
        if (wantU) {
          pushOdd(m[3], e[3], k);
          pushOdd(-m[2], e[2], l);
        } else {
          pushOdd(-m[1], e[1], k);
          pushOdd(m[0], e[0], l);
        }
        const o = wantU ? 0 : 2;
        pushCopy(pc, 4 * o, pn[o], pe[o]);
        pushCopy(pc, 4 * o + 4, pn[o + 1], pe[o + 1]);
        if (f !== 0) {
          pushScaled(pc, 16, pn[4], pe[4], -f);
          pushScaled(pc, 20, pn[5], pe[5], -f);
        }
        const s = signOfTerms();
        return s === 0 || s === this._detSign;
      }
      _prepareExact() {
        const t = this._t;
        const A = 2 * this._acc;
        if (!(Number.isFinite(t.a) && Number.isFinite(t.b) && Number.isFinite(t.c) && Number.isFinite(t.d) && Number.isFinite(t.tx) && Number.isFinite(t.ty) && A > 0 && Number.isFinite(A))) {
          throw new RangeError(`exact sample mapping needs a finite transform and a finite accuracy > 0, got (${t.a}, ${t.b}, ${t.c}, ${t.d}, ${t.tx}, ${t.ty}) at accuracy ${this._acc}.`);
        }
        const m = this._m, e = this._e;
        const entries = ENTRIES;
        entries[0] = t.a;
        entries[1] = t.b;
        entries[2] = t.c;
        entries[3] = t.d;
        for (let i = 0; i < 4; i++) {
          if (entries[i] === 0) {
            m[i] = 0;
            e[i] = 0;
            continue;
          }
          normalize(entries[i]);
          m[i] = OUT[NM];
          e[i] = ne;
        }
        const pc = this._pc, pn = this._pn, pe = this._pe;
        prod3(-t.d, A, t.tx, pc, pn, pe, 0);
        prod3(t.c, A, t.ty, pc, pn, pe, 1);
        prod3(t.b, A, t.tx, pc, pn, pe, 2);
        prod3(-t.a, A, t.ty, pc, pn, pe, 3);
        prod3(A, t.a, t.d, pc, pn, pe, 4);
        prod3(-A, t.b, t.c, pc, pn, pe, 5);
        nTerms = 0;
        if (m[0] !== 0 && m[3] !== 0) pushProd(m[0], e[0], t.d);
        if (m[1] !== 0 && m[2] !== 0) pushProd(-m[1], e[1], t.c);
        const s = signOfTerms();
        if (s === 0) {
          throw new RangeError(`transform (${t.a}, ${t.b}, ${t.c}, ${t.d}) is not invertible (a*d - b*c is exactly 0).`);
        }
        this._detSign = s;
        let direct = inDirectRange(A) && inDirectRange(t.tx) && inDirectRange(t.ty);
        for (let i = 0; i < 4; i++) if (m[i] !== 0 && (e[i] < -DIRECT_EXP || e[i] > DIRECT_EXP)) direct = false;
        this._direct = direct;
        if (direct) {
          const dc = this._dc, dn = this._dn;
          let n = growProduct3(H, 0, -t.d, A, t.tx);
          n = growProduct3(H, n, t.c, A, t.ty);
          dn[0] = compress(H, n, dc, 0);
          n = growProduct3(H, 0, t.b, A, t.tx);
          n = growProduct3(H, n, -t.a, A, t.ty);
          dn[1] = compress(H, n, dc, 8);
          n = growProduct3(H, 0, A, t.a, t.d);
          n = growProduct3(H, n, -A, t.b, t.c);
          dn[2] = compress(H, n, dc, 16);
        }
        this._exactReady = true;
      }
    };
  }
});

// extensions/pixel-collision/assets/core/sampling.ts
var init_sampling = __esm({
  "extensions/pixel-collision/assets/core/sampling.ts"() {
    "use strict";
  }
});

// extensions/pixel-collision/assets/core/rasterize.ts
var MAPPER, CELL_BOX, PASS, ITEMS, MAX_RASTER_CELLS;
var init_rasterize = __esm({
  "extensions/pixel-collision/assets/core/rasterize.ts"() {
    "use strict";
    init_affine();
    init_exact();
    init_rows();
    init_sampling();
    MAPPER = new SampleMapper();
    CELL_BOX = new Float64Array(4);
    PASS = new Float64Array(26);
    ITEMS = new Int32Array(2048);
    MAX_RASTER_CELLS = 1 << 28;
  }
});

// extensions/pixel-collision/assets/core/narrow-small.ts
var FAR, CELL_BOX2, QK, PC16, IS16, NRM, SUMS, MA, MB, M, CUT_A, CUT_B, BITS_A, BITS_B, CUT, CUT_IN;
var init_narrow_small = __esm({
  "extensions/pixel-collision/assets/core/narrow-small.ts"() {
    "use strict";
    init_exact();
    init_rasterize();
    FAR = 1 << 30;
    CELL_BOX2 = new Float64Array(4);
    QK = new Int32Array(2);
    PC16 = new Uint8Array(65536);
    IS16 = new Uint8Array(65536);
    for (let x = 1; x < 65536; x++) {
      const low = 31 - Math.clz32(x & -x);
      PC16[x] = PC16[x & x - 1] + 1;
      IS16[x] = IS16[x & x - 1] + low;
    }
    NRM = new Float64Array(4);
    SUMS = new Float64Array(8);
    MA = new SampleMapper();
    MB = new SampleMapper();
    M = new Float64Array(47);
    CUT_A = new Int32Array(2 * 64);
    CUT_B = new Int32Array(2 * 64);
    BITS_A = new Uint32Array(4096);
    BITS_B = new Uint32Array(4096);
    CUT = new Float64Array(2 * 4 * 8);
    CUT_IN = new Float64Array(5);
  }
});

// extensions/pixel-collision/assets/core/shape-sampling.ts
var abs, ceil, floor, sqrt, isFiniteNumber, INFINITY, ROW_GRID, ROW_QUERY, span, eft, PF, PN;
var init_shape_sampling = __esm({
  "extensions/pixel-collision/assets/core/shape-sampling.ts"() {
    "use strict";
    init_exact();
    ({ abs, ceil, floor, sqrt } = Math);
    isFiniteNumber = Number.isFinite;
    INFINITY = Number.POSITIVE_INFINITY;
    ROW_GRID = new Float64Array(1);
    ROW_QUERY = new Float64Array(3);
    span = new Float64Array(2);
    eft = new Float64Array(3);
    PF = new Float64Array(32);
    PN = new Int32Array(8);
  }
});

// extensions/pixel-collision/assets/core/narrow.ts
var FULL, SCRATCH_CONTACT, PC162, PCIS16, GRAD, GWIN, ROW_G, MEMO_SLOTS, MEMO, VIEW_A, VIEW_B, CLIP_D, SUPPORT_DIRS, SUP_UX, SUP_UY, SUP_INV, SUPW, OCT_A, OCT_B, OBB_SLACK, OCT_SLACK, POLY, POLY2, CLIP, PROBE_A, PROBE_B, FOUND, ROW_CELLS, KR;
var init_narrow = __esm({
  "extensions/pixel-collision/assets/core/narrow.ts"() {
    "use strict";
    init_affine();
    init_bitmask();
    init_contact();
    init_exact();
    init_raster();
    init_rasterize();
    init_rows();
    init_narrow_small();
    init_sampling();
    init_shape_sampling();
    FULL = new Float64Array(6);
    SCRATCH_CONTACT = new Contact();
    PC162 = new Uint8Array(65536);
    PCIS16 = new Uint16Array(65536);
    for (let x = 1; x < 65536; x++) {
      const low = 31 - Math.clz32(x & -x);
      PC162[x] = PC162[x & x - 1] + 1;
      PCIS16[x] = PC162[x] | (PCIS16[x & x - 1] >>> 5) + low << 5;
    }
    GRAD = new Float64Array(2);
    GWIN = new Int32Array(6);
    ROW_G = new Float64Array(2);
    MEMO_SLOTS = 4;
    MEMO = [];
    for (let i = 0; i < MEMO_SLOTS; i++) {
      MEMO.push({
        mask: null,
        version: -1,
        epoch: 0,
        t: { a: 0, b: 0, c: 0, d: 0, tx: 0, ty: 0 },
        accuracy: 0,
        raster: new WorldRaster(),
        used: 0,
        whole: true,
        win: { k0: 0, l0: 0, k1: 0, l1: 0 }
      });
    }
    VIEW_A = new WorldRaster();
    VIEW_B = new WorldRaster();
    CLIP_D = new Float64Array(24);
    SUPPORT_DIRS = 32;
    SUP_UX = new Float64Array(SUPPORT_DIRS + 1);
    SUP_UY = new Float64Array(SUPPORT_DIRS + 1);
    SUP_INV = new Float64Array(SUPPORT_DIRS);
    for (let i = 0; i <= SUPPORT_DIRS; i++) {
      const t = i % SUPPORT_DIRS * 4 / SUPPORT_DIRS, q = Math.floor(t), f = t - q;
      SUP_UX[i] = q === 0 ? 1 - f : q === 1 ? -f : q === 2 ? f - 1 : f;
      SUP_UY[i] = q === 0 ? f : q === 1 ? 1 - f : q === 2 ? -f : f - 1;
    }
    for (let i = 0; i < SUPPORT_DIRS; i++) SUP_INV[i] = 1 / (SUP_UX[i] * SUP_UY[i + 1] - SUP_UY[i] * SUP_UX[i + 1]);
    SUPW = new Float64Array(6);
    OCT_A = new Float64Array(16);
    OCT_B = new Float64Array(16);
    OBB_SLACK = 1e-3;
    OCT_SLACK = 2 * OBB_SLACK;
    POLY = new Float64Array(36);
    POLY2 = new Float64Array(36);
    CLIP = new Float64Array(16);
    PROBE_A = new SampleMapper();
    PROBE_B = new SampleMapper();
    FOUND = new Float64Array(2);
    ROW_CELLS = new Int32Array(2);
    KR = new Float64Array(2);
  }
});

// extensions/pixel-collision/assets/core/broadphase.ts
function checkBox(method, minX, minY, maxX, maxY) {
  if (minX - minX + (minY - minY) + (maxX - maxX) + (maxY - maxY) === 0 && minX <= maxX && minY <= maxY) return;
  checkFinite(method, BOX_NAMES, minX, minY, maxX, maxY);
  if (!(minX <= maxX)) {
    throw new RangeError(`BroadPhase.${method}: minX (${minX}) is greater than maxX (${maxX}). Pass minX <= maxX (swap them when the box was built from two arbitrary corners).`);
  }
  throw new RangeError(`BroadPhase.${method}: minY (${minY}) is greater than maxY (${maxY}). Pass minY <= maxY (swap them when the box was built from two arbitrary corners).`);
}
function checkFinite(method, names, a, b, c, d) {
  if (a - a + (b - b) + (c - c) + (d - d) === 0) return;
  const v = [a, b, c, d];
  for (let i = 0; i < 4; i++) {
    if (typeof v[i] !== "number" || !Number.isFinite(v[i])) {
      throw new RangeError(`BroadPhase.${method}: ${names[i]} is ${String(v[i])}. Pass finite numbers (world units); check the transform or size that produced it.`);
    }
  }
}
function growF64(a, n) {
  const b = new Float64Array(n);
  b.set(a);
  return b;
}
function growI32(a, n) {
  const b = new Int32Array(n);
  b.set(a);
  return b;
}
function sortKeys(keys, ids, lo, hi) {
  while (hi - lo > 16) {
    const mid = lo + hi >>> 1;
    if (before(keys, ids, mid, lo)) swapKeys(keys, ids, mid, lo);
    if (before(keys, ids, hi, lo)) swapKeys(keys, ids, hi, lo);
    if (before(keys, ids, hi, mid)) swapKeys(keys, ids, hi, mid);
    const pk = keys[mid];
    const pid = ids[mid];
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (keys[i] < pk || keys[i] === pk && ids[i] < pid) i++;
      while (keys[j] > pk || keys[j] === pk && ids[j] > pid) j--;
      if (i <= j) swapKeys(keys, ids, i++, j--);
    }
    if (j - lo < hi - i) {
      sortKeys(keys, ids, lo, j);
      lo = i;
    } else {
      sortKeys(keys, ids, i, hi);
      hi = j;
    }
  }
  for (let i = lo + 1; i <= hi; i++) {
    const k = keys[i];
    const id = ids[i];
    let j = i - 1;
    while (j >= lo && (keys[j] > k || keys[j] === k && ids[j] > id)) {
      keys[j + 1] = keys[j];
      ids[j + 1] = ids[j];
      j--;
    }
    keys[j + 1] = k;
    ids[j + 1] = id;
  }
}
function before(keys, ids, i, j) {
  return keys[i] < keys[j] || keys[i] === keys[j] && ids[i] < ids[j];
}
function swapKeys(keys, ids, i, j) {
  const k = keys[i];
  keys[i] = keys[j];
  keys[j] = k;
  const id = ids[i];
  ids[i] = ids[j];
  ids[j] = id;
}
function sweepPairs(B, order, end, out) {
  let pairs = out.pairs;
  let cap = pairs.length;
  let c = 0;
  let np = 0;
  for (let i = 0; i < end; i += 4) {
    const loY = B[i + 1];
    const hiX = B[i + 2];
    const hiY = B[i + 3];
    const p = order[i >> 2];
    for (let j = i + 4; j < end; j += 4) {
      if (B[j] > hiX) break;
      if ((B[j + 1] <= hiY & B[j + 3] >= loY) === 0) continue;
      const q = order[j >> 2];
      if (c === cap) {
        out.count = np;
        pairs = out._grow();
        cap = pairs.length;
      }
      if (p < q) {
        pairs[c] = p;
        pairs[c + 1] = q;
      } else {
        pairs[c] = q;
        pairs[c + 1] = p;
      }
      c += 2;
      np++;
    }
  }
  return np;
}
var _BroadPhase, BroadPhase, BOX_NAMES, POINT_NAMES, SEGMENT_NAMES, MOVE_SCRATCH;
var init_broadphase = __esm({
  "extensions/pixel-collision/assets/core/broadphase.ts"() {
    "use strict";
    _BroadPhase = class _BroadPhase {
      /** `capacity` is the number of proxies held before the first growth. */
      constructor(capacity = 64) {
        this._freeCount = 0;
        /** Ids below this have been handed out at least once. */
        this._nextId = 0;
        /** Number of live proxies. */
        this._count = 0;
        /** `_order[0, _sorted)` is sorted by the minX of `_sortedBoxes`; the rest was appended. */
        this._sorted = 0;
        /** Additions since the last refresh. */
        this._inserts = 0;
        /** Something was created, moved or destroyed since the last refresh. */
        this._dirty = false;
        /** Largest `maxX - minX` at the last refresh (bounds how far left a query must look). */
        this._extentX = 0;
        const n = Math.max(4, Math.ceil(capacity));
        this._bounds = new Float64Array(4 * n);
        this._tags = new Float64Array(n);
        this._alive = new Uint8Array(n);
        this._free = new Int32Array(n);
        this._order = new Int32Array(n);
        this._sortedBoxes = new Float64Array(4 * n);
        this._keys = new Float64Array(n);
      }
      /** Number of live proxies. */
      get proxyCount() {
        return this._count;
      }
      /**
       * Adds a box and returns its proxy id: a small non-negative integer, recycled after
       * {@link destroyProxy} (the last destroyed id is handed out first).
       *
       * @param userTag any number the caller wants back from {@link getUserTag} (default 0).
       * @throws RangeError when a bound is NaN or infinite, or `minX > maxX` or `minY > maxY`.
       */
      createProxy(minX, minY, maxX, maxY, userTag = 0) {
        checkBox("createProxy", minX, minY, maxX, maxY);
        const id = this._freeCount > 0 ? this._free[--this._freeCount] : this._nextId++;
        if (id >= this._alive.length) this._growIds(id + 1);
        const b = 4 * id;
        this._bounds[b] = minX;
        this._bounds[b + 1] = minY;
        this._bounds[b + 2] = maxX;
        this._bounds[b + 3] = maxY;
        this._tags[id] = userTag;
        this._alive[id] = 1;
        const n = this._count;
        const order = this._order;
        const boxes = this._sortedBoxes;
        if (this._sorted === n && this._inserts < _BroadPhase.BATCH_INSERTS) {
          let lo = 0;
          let hi = n;
          while (lo < hi) {
            const mid = lo + hi >>> 1;
            const k = boxes[4 * mid];
            if (k < minX || k === minX && order[mid] < id) lo = mid + 1;
            else hi = mid;
          }
          order.copyWithin(lo + 1, lo, n);
          boxes.copyWithin(4 * lo + 4, 4 * lo, 4 * n);
          order[lo] = id;
          boxes[4 * lo] = minX;
          this._sorted = n + 1;
        } else {
          order[n] = id;
          boxes[4 * n] = minX;
        }
        this._count = n + 1;
        this._inserts++;
        this._dirty = true;
        return id;
      }
      /**
       * Removes a proxy; its id may be handed out again by the next {@link createProxy}.
       *
       * @throws Error when `id` is not a live proxy (never created, or already destroyed).
       */
      destroyProxy(id) {
        this._checkId("destroyProxy", id);
        const n = this._count;
        const pos = this._order.indexOf(id);
        this._order.copyWithin(pos, pos + 1, n);
        this._sortedBoxes.copyWithin(4 * pos, 4 * pos + 4, 4 * n);
        if (pos < this._sorted) this._sorted--;
        this._count = n - 1;
        this._alive[id] = 0;
        this._free[this._freeCount++] = id;
        this._dirty = true;
      }
      /**
       * Sets the box of a live proxy. Cheap (four stores); the sorted order is repaired by the
       * next {@link updatePairs} or query.
       *
       * @throws Error when `id` is not a live proxy; RangeError for bad bounds (as createProxy).
       */
      moveProxy(id, minX, minY, maxX, maxY) {
        const box = MOVE_SCRATCH;
        box[0] = minX;
        box[1] = minY;
        box[2] = maxX;
        box[3] = maxY;
        this._moveFrom("moveProxy", id, box, 0);
      }
      /**
       * {@link moveProxy} with the box read from `box[at]` .. `box[at + 3]` (minX, minY, maxX,
       * maxY). The world moves every collider's proxy through it each step: a call that V8 does not
       * inline passes its double arguments as heap numbers (Chromium: 48 bytes of garbage per call),
       * while an array passes none.
       *
       * @throws as {@link moveProxy}.
       */
      moveProxyFrom(id, box, at = 0) {
        this._moveFrom("moveProxyFrom", id, box, at);
      }
      /** {@link moveProxy} and {@link moveProxyFrom}: checks (errors name `method`), then writes. */
      _moveFrom(method, id, box, at) {
        this._checkId(method, id);
        const minX = box[at], minY = box[at + 1], maxX = box[at + 2], maxY = box[at + 3];
        if (!(minX <= maxX && minY <= maxY && minX - minX === 0 && minY - minY === 0 && maxX - maxX === 0 && maxY - maxY === 0)) {
          checkBox(method, minX, minY, maxX, maxY);
        }
        const b = 4 * id;
        const bounds = this._bounds;
        bounds[b] = minX;
        bounds[b + 1] = minY;
        bounds[b + 2] = maxX;
        bounds[b + 3] = maxY;
        this._dirty = true;
      }
      /** Writes the box of a live proxy into `out` and returns `out`. */
      getBounds(id, out) {
        this._checkId("getBounds", id);
        const b = 4 * id;
        out.minX = this._bounds[b];
        out.minY = this._bounds[b + 1];
        out.maxX = this._bounds[b + 2];
        out.maxY = this._bounds[b + 3];
        return out;
      }
      /** The `userTag` given to {@link createProxy} (or {@link setUserTag}). */
      getUserTag(id) {
        this._checkId("getUserTag", id);
        return this._tags[id];
      }
      /** Replaces the user tag of a live proxy. */
      setUserTag(id, userTag) {
        this._checkId("setUserTag", id);
        this._tags[id] = userTag;
      }
      /** True when `id` is a live proxy. */
      has(id) {
        return this._alive[id] === 1;
      }
      /**
       * Removes every proxy in O(1) (the memory is kept for reuse). Ids start again from 0.
       */
      clear() {
        this._alive.fill(0, 0, this._nextId);
        this._nextId = 0;
        this._freeCount = 0;
        this._count = 0;
        this._sorted = 0;
        this._inserts = 0;
        this._extentX = 0;
        this._dirty = false;
      }
      /**
       * Finds every pair of live proxies whose closed boxes overlap, each pair once, written as
       * `(lowerId, higherId)` into `out` (reset first). Returns the number of pairs.
       *
       * Order: sweep order (see the class comment); identical for identical boxes and ids.
       * Allocates nothing unless `out` has to grow.
       */
      updatePairs(out) {
        this._refresh();
        const np = sweepPairs(this._sortedBoxes, this._order, 4 * this._count, out);
        out.count = np;
        return np;
      }
      /**
       * Lists the live proxies whose closed boxes overlap the closed rect
       * `[minX, maxX] x [minY, maxY]` into `out` (reset first), in `(minX, id)` order.
       * Returns the number of ids.
       *
       * @throws RangeError for NaN/infinite arguments or `minX > maxX`, `minY > maxY`.
       */
      queryRect(minX, minY, maxX, maxY, out) {
        checkBox("queryRect", minX, minY, maxX, maxY);
        return this._query(minX, minY, maxX, maxY, out);
      }
      /** Lists the live proxies whose closed boxes contain the point `(x, y)` (see {@link queryRect}). */
      queryPoint(x, y, out) {
        checkFinite("queryPoint", POINT_NAMES, x, y, x, y);
        return this._query(x, y, x, y, out);
      }
      /**
       * Candidates for a ray cast along the segment `(x0, y0) -> (x1, y1)`: the proxies whose boxes
       * overlap the segment's bounding box (see {@link queryRect}). A superset of the boxes the
       * segment touches (a diagonal segment's box is larger than the segment); the caller tests
       * each candidate exactly. Good for short rays; a long diagonal ray over a crowded world
       * returns many candidates.
       */
      raycastCandidates(x0, y0, x1, y1, out) {
        checkFinite("raycastCandidates", SEGMENT_NAMES, x0, y0, x1, y1);
        return this._query(Math.min(x0, x1), Math.min(y0, y1), Math.max(x0, x1), Math.max(y0, y1), out);
      }
      /** Sweep-order rect query over the refreshed arrays. */
      _query(qMinX, qMinY, qMaxX, qMaxY, out) {
        this._refresh();
        out.count = 0;
        const n = this._count;
        const order = this._order;
        const B = this._sortedBoxes;
        const e = this._extentX;
        const start = qMinX - e - (Math.abs(qMinX) + e) * 9094947017729282e-28;
        let lo = 0;
        let hi = n;
        while (lo < hi) {
          const mid = lo + hi >>> 1;
          if (B[4 * mid] < start) lo = mid + 1;
          else hi = mid;
        }
        for (let j = lo; j < n; j++) {
          const b = 4 * j;
          if (B[b] > qMaxX) break;
          if (B[b + 2] < qMinX || B[b + 1] > qMaxY || B[b + 3] < qMinY) continue;
          out.push(order[j]);
        }
        return out.count;
      }
      /**
       * Brings the sorted arrays up to date with the bounds: sorts appended additions in (when
       * there are any), copies the current keys into sorted order, and repairs the order with an
       * insertion sort (near-linear when boxes moved a little since the last call).
       */
      _refresh() {
        if (!this._dirty) return;
        const n = this._count;
        const order = this._order;
        const bounds = this._bounds;
        const B = this._sortedBoxes;
        if (this._sorted < n) {
          const keys = this._keys;
          for (let i = 0; i < n; i++) keys[i] = bounds[4 * order[i]];
          sortKeys(keys, order, 0, n - 1);
        }
        let extent = 0;
        for (let i = 0; i < n; i++) {
          const b = 4 * order[i];
          const s = 4 * i;
          const x0 = bounds[b];
          const x1 = bounds[b + 2];
          B[s] = x0;
          B[s + 1] = bounds[b + 1];
          B[s + 2] = x1;
          B[s + 3] = bounds[b + 3];
          if (x1 - x0 > extent) extent = x1 - x0;
        }
        for (let i = 1; i < n; i++) {
          const s = 4 * i;
          const k = B[s];
          const id = order[i];
          let j = i - 1;
          if (B[s - 4] < k || B[s - 4] === k && order[j] < id) continue;
          const y0 = B[s + 1];
          const x1 = B[s + 2];
          const y1 = B[s + 3];
          do {
            const t2 = 4 * j;
            B[t2 + 4] = B[t2];
            B[t2 + 5] = B[t2 + 1];
            B[t2 + 6] = B[t2 + 2];
            B[t2 + 7] = B[t2 + 3];
            order[j + 1] = order[j];
            j--;
          } while (j >= 0 && (B[4 * j] > k || B[4 * j] === k && order[j] > id));
          const t = 4 * j + 4;
          B[t] = k;
          B[t + 1] = y0;
          B[t + 2] = x1;
          B[t + 3] = y1;
          order[j + 1] = id;
        }
        this._extentX = extent;
        this._sorted = n;
        this._inserts = 0;
        this._dirty = false;
      }
      /** Throws unless `id` is a live proxy. */
      _checkId(method, id) {
        if (this._alive[id] === 1) return;
        const why = !Number.isInteger(id) || id < 0 ? "is not a proxy id (ids are non-negative integers returned by createProxy)" : "is not a live proxy (it was never created, or was already destroyed)";
        throw new Error(`BroadPhase.${method}: id ${String(id)} ${why}. Pass an id returned by createProxy that has not been destroyed since.`);
      }
      /** Grows every per-id and per-entry array to hold at least `need` proxies. */
      _growIds(need) {
        let cap = this._alive.length;
        while (cap < need) cap *= 2;
        this._bounds = growF64(this._bounds, 4 * cap);
        this._tags = growF64(this._tags, cap);
        const alive = new Uint8Array(cap);
        alive.set(this._alive);
        this._alive = alive;
        this._free = growI32(this._free, cap);
        this._order = growI32(this._order, cap);
        this._sortedBoxes = growF64(this._sortedBoxes, 4 * cap);
        this._keys = growF64(this._keys, cap);
      }
    };
    /**
     * Additions between two updates that are inserted into the sorted arrays one by one
     * (binary search + memmove); later ones are appended and sorted together at the next update.
     */
    _BroadPhase.BATCH_INSERTS = 64;
    BroadPhase = _BroadPhase;
    BOX_NAMES = ["minX", "minY", "maxX", "maxY"];
    POINT_NAMES = ["x", "y", "x", "y"];
    SEGMENT_NAMES = ["x0", "y0", "x1", "y1"];
    MOVE_SCRATCH = new Float64Array(4);
  }
});

// extensions/pixel-collision/assets/core/shape.ts
var abs2, atan2, max, sqrt2, PI, INFINITY2, isFiniteNumber2, isIntegerNumber, NOT_A_NUMBER, LOCAL, store, flags;
var init_shape = __esm({
  "extensions/pixel-collision/assets/core/shape.ts"() {
    "use strict";
    init_affine();
    ({ abs: abs2, atan2, max, sqrt: sqrt2, PI } = Math);
    INFINITY2 = Number.POSITIVE_INFINITY;
    isFiniteNumber2 = Number.isFinite;
    isIntegerNumber = Number.isInteger;
    NOT_A_NUMBER = Number.NaN;
    LOCAL = new Float64Array(4);
    store = new Float64Array(4);
    flags = new Uint8Array(3);
  }
});

// extensions/pixel-collision/assets/core/shape-raster.ts
var ceil2, floor2, cellsA;
var init_shape_raster = __esm({
  "extensions/pixel-collision/assets/core/shape-raster.ts"() {
    "use strict";
    init_sampling();
    init_shape_sampling();
    ({ ceil: ceil2, floor: floor2 } = Math);
    cellsA = new Int32Array(2);
  }
});

// extensions/pixel-collision/assets/core/shape-test.ts
var abs3, ceil3, floor3, max2, min, sqrt3, INFINITY3, cellsA2, cellsB, sat, axis, proj;
var init_shape_test = __esm({
  "extensions/pixel-collision/assets/core/shape-test.ts"() {
    "use strict";
    init_sampling();
    init_shape_sampling();
    ({ abs: abs3, ceil: ceil3, floor: floor3, max: max2, min, sqrt: sqrt3 } = Math);
    INFINITY3 = Number.POSITIVE_INFINITY;
    cellsA2 = new Int32Array(2);
    cellsB = new Int32Array(2);
    sat = new Float64Array(3);
    axis = new Float64Array(2);
    proj = new Float64Array(2);
  }
});

// extensions/pixel-collision/assets/core/response.ts
var floor4, max3, min2, isFiniteNumber3, isIntegerNumber2, isView, wall;
var init_response = __esm({
  "extensions/pixel-collision/assets/core/response.ts"() {
    "use strict";
    init_shape();
    ({ floor: floor4, max: max3, min: min2 } = Math);
    isFiniteNumber3 = Number.isFinite;
    isIntegerNumber2 = Number.isInteger;
    isView = ArrayBuffer.isView;
    wall = new Float64Array(4);
  }
});

// extensions/pixel-collision/assets/core/parts.ts
var IntWindow, UNION, WIN, MAPPER2;
var init_parts = __esm({
  "extensions/pixel-collision/assets/core/parts.ts"() {
    "use strict";
    init_affine();
    init_bitmask();
    init_exact();
    init_raster();
    init_rasterize();
    init_shape();
    init_shape_raster();
    init_shape_sampling();
    IntWindow = class {
      constructor() {
        this.k0 = 0;
        this.l0 = 0;
        this.k1 = 0;
        this.l1 = 0;
      }
    };
    UNION = new Float64Array(4);
    WIN = new IntWindow();
    MAPPER2 = new SampleMapper();
  }
});

// extensions/pixel-collision/assets/core/collider.ts
var NO_LOCAL, MAPPER3;
var init_collider = __esm({
  "extensions/pixel-collision/assets/core/collider.ts"() {
    "use strict";
    init_affine();
    init_bitmask();
    init_exact();
    init_raster();
    init_rasterize();
    init_parts();
    init_sampling();
    init_shape();
    init_shape_raster();
    init_shape_sampling();
    NO_LOCAL = new Float64Array(0);
    MAPPER3 = new SampleMapper();
  }
});

// extensions/pixel-collision/assets/core/narrow-phase.ts
var LIST_A, LIST_B, OVERLAP, DET_WIN, DET_A, DET_B, PARTS_WIN, PARTS_BASE, PARTS_WALK, SCRATCH;
var init_narrow_phase = __esm({
  "extensions/pixel-collision/assets/core/narrow-phase.ts"() {
    "use strict";
    init_collider();
    init_contact();
    init_narrow();
    init_narrow_small();
    init_parts();
    init_raster();
    init_rasterize();
    init_shape_test();
    LIST_A = new Int32Array(64);
    LIST_B = new Int32Array(64);
    OVERLAP = new Float64Array(4);
    DET_WIN = new IntWindow();
    DET_A = new WorldRaster();
    DET_B = new WorldRaster();
    PARTS_WIN = new IntWindow();
    PARTS_BASE = new WorldRaster();
    PARTS_WALK = new WorldRaster();
    SCRATCH = new Contact();
  }
});

// extensions/pixel-collision/assets/core/world.ts
var POSITION, MOVE_BOX, KEY_SHIFT, CLIP2;
var init_world = __esm({
  "extensions/pixel-collision/assets/core/world.ts"() {
    "use strict";
    init_affine();
    init_broadphase();
    init_collider();
    init_contact();
    init_narrow_phase();
    init_narrow();
    init_raster();
    init_sampling();
    init_shape();
    init_shape_raster();
    POSITION = new Float64Array(2);
    MOVE_BOX = new Float64Array(4);
    KEY_SHIFT = 2 ** 22;
    CLIP2 = new Float64Array(2);
  }
});

// extensions/pixel-collision/assets/core/gpu/mask-atlas.ts
var init_mask_atlas = __esm({
  "extensions/pixel-collision/assets/core/gpu/mask-atlas.ts"() {
    "use strict";
  }
});

// extensions/pixel-collision/assets/core/gpu/pair-tile.ts
var init_pair_tile = __esm({
  "extensions/pixel-collision/assets/core/gpu/pair-tile.ts"() {
    "use strict";
    init_narrow();
  }
});

// extensions/pixel-collision/assets/core/gpu/shader.ts
var INSTANCE_WORDS, INSTANCE_BYTES, PAIR_VERTEX_BODY, PAIR_FRAGMENT_BODY, PAIR_VERTEX_SHADER, PAIR_FRAGMENT_SHADER;
var init_shader = __esm({
  "extensions/pixel-collision/assets/core/gpu/shader.ts"() {
    "use strict";
    INSTANCE_WORDS = 28;
    INSTANCE_BYTES = INSTANCE_WORDS * 4;
    PAIR_VERTEX_BODY = `layout(location = 0) in ivec4 aTile;
layout(location = 1) in vec4 aUA;
layout(location = 2) in vec4 aVA;
layout(location = 3) in ivec4 aRectA;
layout(location = 4) in vec4 aUB;
layout(location = 5) in vec4 aVB;
layout(location = 6) in ivec4 aRectB;
flat out ivec2 vOrigin;
flat out vec4 vUA;
flat out vec4 vVA;
flat out ivec4 vRectA;
flat out vec4 vUB;
flat out vec4 vVB;
flat out ivec4 vRectB;
vec4 pairVertex() {
    // Corners of the two triangles (0,0) (1,0) (0,1) / (0,1) (1,0) (1,1): the tile's edges lie on
    // pixel edges, so every pixel centre of the tile is covered exactly once. The corner is
    // gl_VertexID % 6: the same in an instanced draw (6 vertices per instance, the WebGL2 device)
    // and in a plain draw of 6 vertices per tile each carrying its tile's data (a backend whose
    // engine has no instancing). PC_VERTEX_ID is gl_VertexID (GLSL ES 3.00), gl_VertexIndex in a
    // Vulkan-style GLSL 4.50 variant (the effect); each wrapper defines it.
    int c = PC_VERTEX_ID % 6;
    float cx = (c == 1 || c == 4 || c == 5) ? 1.0 : 0.0;
    float cy = (c == 2 || c == 3 || c == 5) ? 1.0 : 0.0;
    vec2 p = vec2(aTile.xy) + vec2(cx, cy) * vec2(aTile.zw);
    vOrigin = aTile.xy;
    vUA = aUA; vVA = aVA; vRectA = aRectA;
    vUB = aUB; vVB = aVB; vRectB = aRectB;
    return vec4(p / uPageSize * 2.0 - 1.0, 0.0, 1.0);
}
`;
    PAIR_FRAGMENT_BODY = `flat in ivec2 vOrigin;
flat in vec4 vUA;
flat in vec4 vVA;
flat in ivec4 vRectA;
flat in vec4 vUB;
flat in vec4 vVB;
flat in ivec4 vRectB;

// Texel (i, j) of the mask at atlas rect r: 1 when opaque, 0 when not or outside the mask. Every
// mask has a 2-texel border of 0 in the atlas, so clamping the index to [-1, size] reads a 0 for
// anything outside, without a branch.
float texel(ivec4 r, int i, int j) {
    ivec2 ij = clamp(ivec2(i, j), ivec2(-1), r.zw);
    return texelFetch(uAtlas, r.xy + ij, 0).r > 0.5 ? 1.0 : 0.0;
}

// Texel coordinates (u, v) of the sample at tile offset p, for map (U, V).
vec2 texelCoord(vec4 U, vec4 V, vec2 p) {
    return vec2(clamp(U.x + U.y * p.x + U.z * p.y, -1.0e6, 1.0e6), clamp(V.x + V.y * p.x + V.z * p.y, -1.0e6, 1.0e6));
}

// True when the sample and its 4 neighbours (one cell away: U.y or U.z texels in u) are all
// outside the mask's rect r: then neither the overlap nor the normal's gradient reads this pixel
// (a shared sample is in both masks; the gradient reads B only next to A's samples and A only
// where B is next to it), so it can be written as 0 without reading the atlas.
bool far(vec2 uv, vec4 U, vec4 V, ivec4 r) {
    float mu = max(abs(U.y), abs(U.z)) + 1.0;
    float mv = max(abs(V.y), abs(V.z)) + 1.0;
    return uv.x < -mu || uv.y < -mv || uv.x >= float(r.z) + mu || uv.y >= float(r.w) + mv;
}

// (membership, uncertain) of the sample at texel coordinates uv, for map (U, V) and atlas rect r.
// Uncertain: the sample lies within the map's error bound of a texel edge (floor(u - eps) and
// floor(u + eps) differ); the CPU decides it exactly. One atlas read per mask and cell: software
// rasterizers run both sides of a branch, so a check of the neighbouring texels would cost three
// more reads for every cell, not only for the rare ones near an edge.
vec2 member(vec2 uv, vec4 U, vec4 V, ivec4 r) {
    int i0 = int(floor(uv.x - U.w));
    int i1 = int(floor(uv.x + U.w));
    int j0 = int(floor(uv.y - V.w));
    int j1 = int(floor(uv.y + V.w));
    return vec2(texel(r, i0, j0), (i1 != i0 || j1 != j0) ? 1.0 : 0.0);
}

vec4 pairFragment() {
    // This pixel covers cells (8 * x + s, y), s = 0..7, of the tile (gl_FragCoord is at the pixel
    // centre, x + 0.5). Each cell is a nibble: bit 0 in A, bit 1 in B, bit 2 A unsure, bit 3 B
    // unsure; cells 2c and 2c + 1 are the low and high nibble of channel c. Each channel is
    // written as byte / 255, which RGBA8 stores exactly.
    ivec2 q = ivec2(gl_FragCoord.xy) - vOrigin;
    float y = float(q.y);
    vec4 bytes = vec4(0.0);
    for (int s = 0; s < 8; s++) {
        vec2 p = vec2(float(q.x * 8 + s), y);
        vec2 uvA = texelCoord(vUA, vVA, p);
        vec2 uvB = texelCoord(vUB, vVB, p);
        float nib = 0.0;
        if (!far(uvA, vUA, vVA, vRectA) && !far(uvB, vUB, vVB, vRectB)) {
            vec2 a = member(uvA, vUA, vVA, vRectA);
            vec2 b = member(uvB, vUB, vVB, vRectB);
            nib = a.x + 2.0 * b.x + 4.0 * a.y + 8.0 * b.y;
        }
        float v = (s & 1) == 1 ? nib * 16.0 : nib;
        int c = s >> 1;
        if (c == 0) bytes.x += v; else if (c == 1) bytes.y += v; else if (c == 2) bytes.z += v; else bytes.w += v;
    }
    return bytes / 255.0;
}
`;
    PAIR_VERTEX_SHADER = `#version 300 es
precision highp float;
precision highp int;
#define PC_VERTEX_ID gl_VertexID
uniform vec2 uPageSize;
${PAIR_VERTEX_BODY}void main() {
    gl_Position = pairVertex();
}
`;
    PAIR_FRAGMENT_SHADER = `#version 300 es
precision highp float;
precision highp int;
precision highp sampler2D;
uniform sampler2D uAtlas;
out vec4 oColor;
${PAIR_FRAGMENT_BODY}void main() {
    oColor = pairFragment();
}
`;
  }
});

// extensions/pixel-collision/assets/core/gpu/gpu-narrow-phase.ts
var SORT_KEYS, WIN2, BOX_A, BOX_B, CELL_BOX3, F32_UNIT;
var init_gpu_narrow_phase = __esm({
  "extensions/pixel-collision/assets/core/gpu/gpu-narrow-phase.ts"() {
    "use strict";
    init_collider();
    init_contact();
    init_exact();
    init_rasterize();
    init_narrow_phase();
    init_mask_atlas();
    init_pair_tile();
    init_shader();
    SORT_KEYS = new Float64Array(0);
    WIN2 = new Int32Array(4);
    BOX_A = new Int32Array(4);
    BOX_B = new Int32Array(4);
    CELL_BOX3 = new Float64Array(4);
    F32_UNIT = 2 ** -24;
  }
});

// extensions/pixel-collision/assets/core/gpu/index.ts
var init_gpu = __esm({
  "extensions/pixel-collision/assets/core/gpu/index.ts"() {
    "use strict";
    init_gpu_narrow_phase();
    init_mask_atlas();
    init_pair_tile();
    init_shader();
  }
});

// extensions/pixel-collision/assets/core/mask-code.ts
function adapt(probs, counts, ctx, bit) {
  const p = probs[ctx];
  const n = counts[ctx];
  const div = n < (1 << MOVE) - 2 ? n + 2 : 1 << MOVE;
  if (n < 255) counts[ctx] = n + 1;
  probs[ctx] = bit === 0 ? p + Math.floor(((1 << PROB_BITS) - p) / div) : p - Math.floor(p / div);
}
function uint(c, ctx, v) {
  const x = v + 1;
  const want = 32 - Math.clz32(x);
  let n = 1;
  while (c.bit(ctx + Math.min(n - 1, 15), n < want ? 1 : 0) === 1) {
    if (++n > 31) throw new RangeError("baked mask data is corrupt (number too long). Bake the masks again.");
  }
  let r = 1;
  for (let i = n - 2; i >= 0; i--) r = r * 2 + c.bit(ctx + 16 + Math.min(i, 15), x >>> i & 1);
  return r - 1;
}
function bestInsert(P, T) {
  let best = 0, bestCost = Infinity;
  for (let i = 0; i <= P.length; i++) {
    let cost = 0;
    for (let k = 0; k < P.length; k++) cost += Math.abs(T[k < i ? k : k + 2] - P[k]);
    if (cost < bestCost) {
      bestCost = cost;
      best = i;
    }
  }
  return best;
}
function bestRemove(P, T) {
  let best = 0, bestCost = Infinity;
  for (let i = 0; i + 2 <= P.length; i++) {
    let cost = 0;
    for (let k = 0; k < T.length; k++) cost += Math.abs(T[k] - P[k < i ? k : k + 2]);
    if (cost < bestCost) {
      bestCost = cost;
      best = i;
    }
  }
  return best;
}
function codeTexels(c, enc, m) {
  for (let j = 0; j < m.height; j++) texelRow(c, enc, m, j);
}
function texelRow(c, enc, m, j) {
  const { width: w, stride, bits } = m;
  const px = (x, y) => x < w && y >= 0 ? bits[y * stride + (x >>> 5)] >>> (x & 31) & 1 : 0;
  const row = j * stride;
  if (j > 0) {
    let same = 0;
    if (enc) {
      same = 1;
      for (let k = 0; k < stride; k++) if (bits[row + k] !== bits[row - stride + k]) {
        same = 0;
        break;
      }
    }
    same = c.bit(C_SAME_ROW, same);
    if (same) {
      if (!enc) for (let k = 0; k < stride; k++) bits[row + k] = bits[row - stride + k];
      return;
    }
  }
  let r2 = px(0, j - 2) << 1 | px(1, j - 2);
  let r1 = px(0, j - 1) << 2 | px(1, j - 1) << 1 | px(2, j - 1);
  let r0 = 0;
  for (let i = 0; i < w; i++) {
    const v = c.bit(C_TEX + (r2 << 7 | r1 << 2 | r0), enc ? bits[row + (i >>> 5)] >>> (i & 31) & 1 : 0);
    if (!enc && v) bits[row + (i >>> 5)] |= 1 << (i & 31);
    r2 = (r2 << 1 | px(i + 2, j - 2)) & 7;
    r1 = (r1 << 1 | px(i + 3, j - 1)) & 31;
    r0 = (r0 << 1 | v) & 3;
  }
}
function rowEdges(m, j, out) {
  out.length = 0;
  const base = j * m.stride;
  let carry = 0;
  for (let w = 0; w < m.stride; w++) {
    const word = m.bits[base + w];
    let diff = (word ^ (word << 1 | carry)) >>> 0;
    carry = word >>> 31;
    while (diff !== 0) {
      const x = w * 32 + (31 - Math.clz32(diff & -diff));
      if (x >= m.width) break;
      out.push(x);
      diff = (diff & diff - 1) >>> 0;
    }
  }
  if (out.length & 1) out.push(m.width);
  return out;
}
function encodeMaskCode(m) {
  let best = encodeMaskCodeAs(m, "rows");
  const cols = encodeMaskCodeAs(m, "columns");
  if (cols.length < best.length) best = cols;
  if (edgeCount(m) < TEXELS_FROM_EDGES_PER_ROW * m.height) return best;
  const texels = encodeMaskCodeAs(m, "texels");
  return texels.length < best.length ? texels : best;
}
function edgeCount(m) {
  let n = 0;
  for (let j = 0; j < m.height; j++) {
    let carry = 0;
    for (let w = 0; w < m.stride; w++) {
      const word = m.bits[j * m.stride + w];
      n += popcount32((word ^ (word << 1 | carry)) >>> 0);
      carry = word >>> 31;
    }
  }
  return n;
}
function encodeMaskCodeAs(m, way) {
  return way === "columns" ? encodeAs(m.transpose(), 1, 0) : encodeAs(m, 0, way === "texels" ? 1 : 0);
}
function encodeAs(m, transposed, texels) {
  const e = new Encoder();
  e.bit(C_ORIENT, transposed);
  e.bit(C_TEXELS, texels);
  if (texels) codeTexels(e, true, m);
  else {
    const model = new Model();
    const T = [];
    for (let j = 0; j < m.height; j++) model.row(e, true, rowEdges(m, j, T), m.width);
  }
  const bytes = e.finish();
  let s = "";
  let acc = 0, bits = 0;
  for (let i = 1; i < bytes.length; i++) {
    acc = (acc << 8 | bytes[i]) & 65535;
    bits += 8;
    while (bits >= 6) {
      bits -= 6;
      s += ALPHABET[acc >>> bits & 63];
    }
  }
  if (bits > 0) s += ALPHABET[acc << 6 - bits & 63];
  let end = s.length;
  while (end > 0 && s.length - end < MAX_TRIMMED && s.charCodeAt(end - 1) === 65) end--;
  return s.slice(0, end);
}
function decodeMaskCode(text, width, height) {
  return new MaskCodeReader(text, width, height).finish();
}
function transpose32(a) {
  let m = 65535;
  for (let j = 16; j !== 0; j >>>= 1, m = (m ^ m << j) >>> 0) {
    for (let k = 0; k < 32; k++) {
      if (k & j) continue;
      const t = (a[k] >>> j ^ a[k | j]) & m;
      a[k] ^= t << j;
      a[k | j] ^= t;
    }
  }
}
var ALPHABET, LOOKUP, TOP, PROB_BITS, PROB_INIT, MOVE, MAX_TRIMMED, HISTORY, SLOPE_CONTEXTS, MAX_EDIT_EDGES, C_SAME, C_EDIT, C_INS, C_IDX, C_ZERO, C_PLUS, C_MINUS, C_SIGN, C_MAG, C_SPANS, C_GAP, C_STEP, C_WAY, C_FAR, C_ORIENT, C_TEXELS, C_SAME_ROW, C_TEX, CONTEXTS, PHASE_CAP, Encoder, Decoder, Model, TEXELS_FROM_EDGES_PER_ROW, MaskCodeReader;
var init_mask_code = __esm({
  "extensions/pixel-collision/assets/core/mask-code.ts"() {
    "use strict";
    init_bitmask();
    init_raster();
    ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    LOOKUP = new Int16Array(128).fill(-1);
    for (let i = 0; i < 64; i++) LOOKUP[ALPHABET.charCodeAt(i)] = i;
    TOP = 1 << 24;
    PROB_BITS = 11;
    PROB_INIT = 1 << PROB_BITS - 1;
    MOVE = 4;
    MAX_TRIMMED = 8;
    HISTORY = 2;
    SLOPE_CONTEXTS = (HISTORY + 1) * (HISTORY + 2) / 2;
    MAX_EDIT_EDGES = 64;
    C_SAME = 0;
    C_EDIT = 2;
    C_INS = 3;
    C_IDX = 4;
    C_ZERO = 36;
    C_PLUS = C_ZERO + 3 * SLOPE_CONTEXTS;
    C_MINUS = C_PLUS + SLOPE_CONTEXTS;
    C_SIGN = C_MINUS + SLOPE_CONTEXTS;
    C_MAG = C_SIGN + 1;
    C_SPANS = C_MAG + 32;
    C_GAP = C_SPANS + 32;
    C_STEP = C_GAP + 64;
    C_WAY = C_STEP + 12;
    C_FAR = C_WAY + 2;
    C_ORIENT = C_FAR + 1;
    C_TEXELS = C_ORIENT + 1;
    C_SAME_ROW = C_TEXELS + 1;
    C_TEX = C_SAME_ROW + 1;
    CONTEXTS = C_TEX + 1024;
    PHASE_CAP = 31;
    Encoder = class {
      constructor() {
        this._low = 0;
        // up to 2^32 + 2^32: kept as a double
        this._range = 4294967295;
        this._cache = 0;
        this._cacheSize = 1;
        this.bytes = [];
        this.probs = new Uint16Array(CONTEXTS).fill(PROB_INIT);
        this.counts = new Uint8Array(CONTEXTS);
      }
      bit(ctx, bit) {
        const p = this.probs[ctx];
        const bound = (this._range >>> PROB_BITS) * p;
        if (bit === 0) {
          this._range = bound;
        } else {
          this._low += bound;
          this._range = this._range - bound >>> 0;
        }
        adapt(this.probs, this.counts, ctx, bit);
        while (this._range < TOP) {
          this._range = this._range << 8 >>> 0;
          this._shiftLow();
        }
        return bit;
      }
      _shiftLow() {
        const low = this._low;
        if (low < 4278190080 || low >= 4294967296) {
          const carry = low >= 4294967296 ? 1 : 0;
          let temp = this._cache;
          do {
            this.bytes.push(temp + carry & 255);
            temp = 255;
          } while (--this._cacheSize !== 0);
          this._cache = Math.floor(low / 16777216) & 255;
        }
        this._cacheSize++;
        this._low = low % 16777216 * 256;
      }
      finish() {
        for (let i = 0; i < 5; i++) this._shiftLow();
        return this.bytes;
      }
    };
    Decoder = class {
      constructor(_text) {
        this._text = _text;
        this._range = 4294967295;
        this._code = 0;
        this._acc = 0;
        this._accBits = 0;
        this._pos = 0;
        this.probs = new Uint16Array(CONTEXTS);
        this.counts = new Uint8Array(CONTEXTS);
        this.probs.fill(PROB_INIT);
        for (let i = 0; i < 4; i++) this._code = (this._code << 8 | this._byte()) >>> 0;
      }
      _byte() {
        while (this._accBits < 8) {
          let v = 0;
          if (this._pos < this._text.length) {
            const ch = this._text.charCodeAt(this._pos++);
            v = ch < 128 ? LOOKUP[ch] : -1;
            if (v < 0) throw new TypeError("baked mask data has a character outside its alphabet. Bake the masks again.");
          } else if (this._pos++ > this._text.length + MAX_TRIMMED + 2) {
            throw new RangeError("baked mask data is truncated. Bake the masks again.");
          }
          this._acc = (this._acc << 6 | v) & 65535;
          this._accBits += 6;
        }
        this._accBits -= 8;
        return this._acc >>> this._accBits & 255;
      }
      bit(ctx, _ignored) {
        const p = this.probs[ctx];
        const bound = (this._range >>> PROB_BITS) * p;
        let bit;
        if (this._code < bound) {
          this._range = bound;
          bit = 0;
        } else {
          this._code = this._code - bound >>> 0;
          this._range = this._range - bound >>> 0;
          bit = 1;
        }
        adapt(this.probs, this.counts, ctx, bit);
        while (this._range < TOP) {
          this._range = this._range << 8 >>> 0;
          this._code = (this._code << 8 | this._byte()) >>> 0;
        }
        return bit;
      }
    };
    Model = class {
      constructor() {
        this.P = [];
        this.H = [];
        this.A = [];
        this.U = [];
        /** Per edge: rows since its last step, the length of the flat run before it, its last step's way (+1 / -1, 0 unknown). */
        this.S = [];
        this.R = [];
        this.W = [];
        this.same = 1;
      }
      /**
       * Codes one row. Encoder (`enc`): `T` holds the row's edges. Decoder: `T` is filled. The row
       * is then checked (edges ascending, inside the width) and becomes the row above.
       */
      row(c, enc, T, width) {
        const P = this.P, p = P.length;
        let want = 0, at = 0;
        if (enc) {
          if (T.length === p) want = 0;
          else if (T.length === p + 2 && p <= MAX_EDIT_EDGES) {
            want = 1;
            at = bestInsert(P, T);
          } else if (T.length === p - 2 && p <= MAX_EDIT_EDGES) {
            want = 2;
            at = bestRemove(P, T);
          } else want = 3;
        }
        let mode = 0;
        if (c.bit(C_SAME + this.same, want === 0 ? 0 : 1) === 1) {
          if (c.bit(C_EDIT, want === 3 ? 1 : 0) === 1) mode = 3;
          else {
            mode = c.bit(C_INS, want === 2 ? 1 : 0) === 1 ? 2 : 1;
            at = uint(c, C_IDX, at);
            if (mode === 1 ? at > p : at + 2 > p) throw new RangeError("baked mask data is corrupt (an edit outside the row). Bake the masks again.");
          }
        }
        const n = mode === 0 ? p : mode === 1 ? p + 2 : mode === 2 ? p - 2 : 0;
        const H2 = new Array(n * HISTORY).fill(0), A = new Array(n).fill(0), U = new Array(n).fill(0);
        const S = new Array(n).fill(0), R = new Array(n).fill(0), W = new Array(n).fill(0);
        if (mode === 3) {
          const spans = uint(c, C_SPANS, T.length >>> 1);
          if (spans > width) throw new RangeError("baked mask data is corrupt (more spans than columns). Bake the masks again.");
          const m = spans * 2;
          if (!enc) T.length = m;
          H2.length = m * HISTORY;
          H2.fill(0);
          A.length = m;
          A.fill(0);
          U.length = m;
          U.fill(0);
          S.length = m;
          S.fill(0);
          R.length = m;
          R.fill(0);
          W.length = m;
          W.fill(0);
          let prev = -1;
          for (let k = 0; k < m; k++) {
            prev = prev + 1 + uint(c, C_GAP + (k === 0 ? 0 : 32), enc ? T[k] - prev - 1 : 0);
            if (!enc) T[k] = prev;
          }
        } else {
          if (!enc) T.length = n;
          for (let q = 0; q < p; q++) {
            if (mode === 2 && (q === at || q === at + 1)) continue;
            const t = mode === 1 && q >= at ? q + 2 : mode === 2 && q > at ? q - 2 : q;
            const age = Math.min(this.A[q], HISTORY);
            let sum = 0, slow = age > 0;
            for (let h = 0; h < age; h++) {
              const mv = this.H[q * HISTORY + h];
              sum += mv;
              if (mv > 1 || mv < -1) slow = false;
            }
            let lo = 0, d = 0;
            if (slow) {
              const since = this.S[q], run2 = this.R[q];
              const phase = run2 === 0 ? 0 : since + 1 < run2 ? 1 : since + 1 === run2 ? 2 : since === run2 ? 3 : 4;
              const dv = enc ? T[t] - P[q] : 0;
              if (c.bit(C_STEP + phase * 2 + (since === 0 ? 1 : 0), dv === 0 ? 0 : 1) === 1) {
                const way = this.W[q] || 1;
                const along = c.bit(C_WAY + (this.W[q] ? 0 : 1), enc ? dv * way > 0 ? 0 : 1 : 0) === 0;
                const sgn = along ? way : -way;
                const mag = c.bit(C_FAR, enc ? dv * sgn > 1 ? 1 : 0 : 0) === 1 ? 2 + uint(c, C_MAG, enc ? dv * sgn - 2 : 0) : 1;
                d = sgn * mag;
              }
            } else {
              lo = age ? Math.floor(sum / age) : 0;
              const sctx = age * (age + 1) / 2 + (age ? sum - lo * age : 0);
              const dv = enc ? T[t] - P[q] - lo : 0;
              if (c.bit(C_ZERO + sctx * 3 + this.U[q], dv === 0 ? 0 : 1) === 1) {
                if (c.bit(C_PLUS + sctx, dv === 1 ? 0 : 1) === 0) d = 1;
                else if (c.bit(C_MINUS + sctx, dv === -1 ? 0 : 1) === 0) d = -1;
                else if (c.bit(C_SIGN, dv < 0 ? 1 : 0) === 1) d = -2 - uint(c, C_MAG, -dv - 2);
                else d = 2 + uint(c, C_MAG, dv - 2);
              }
            }
            const x = P[q] + lo + d;
            const move = x - P[q];
            if (move === 0) {
              S[t] = Math.min(this.S[q] + 1, PHASE_CAP);
              R[t] = this.R[q];
              W[t] = this.W[q];
            } else {
              R[t] = Math.min(this.S[q], PHASE_CAP);
              S[t] = 0;
              W[t] = move > 0 ? 1 : -1;
            }
            if (!enc) T[t] = x;
            H2[t * HISTORY] = x - P[q];
            for (let h = 1; h < HISTORY; h++) H2[t * HISTORY + h] = this.H[q * HISTORY + h - 1];
            A[t] = this.A[q] + 1;
            U[t] = d === 0 ? 0 : d > 0 ? 1 : 2;
          }
          if (mode === 1) {
            const before2 = at > 0 ? T[at - 1] : -1;
            const a = before2 + 1 + uint(c, C_GAP + 32, enc ? T[at] - before2 - 1 : 0);
            const b = a + 1 + uint(c, C_GAP + 32, enc ? T[at + 1] - a - 1 : 0);
            if (!enc) {
              T[at] = a;
              T[at + 1] = b;
            }
          }
        }
        let last = -1;
        for (let k = 0; k < T.length; k++) {
          if (!(T[k] > last && (T[k] < width || k & 1 && T[k] === width))) {
            throw new RangeError(`baked mask data is corrupt (a row does not fit ${width} columns). Bake the masks again.`);
          }
          last = T[k];
        }
        this.same = mode === 0 ? 0 : 1;
        this.P = T.slice();
        this.H = H2;
        this.A = A;
        this.U = U;
        this.S = S;
        this.R = R;
        this.W = W;
      }
    };
    TEXELS_FROM_EDGES_PER_ROW = 4;
    MaskCodeReader = class {
      constructor(text, width, height) {
        this._T = [];
        this._j = 0;
        /** Coded rows already transposed into `_out` (a multiple of 32, or all). */
        this._flushed = 0;
        this._block = null;
        this.width = width;
        this.height = height;
        const d = new Decoder(text);
        this._d = d;
        this._transposed = d.bit(C_ORIENT) === 1;
        this._texels = d.bit(C_TEXELS) === 1;
        this._out = new BitMask(width, height);
        this._coded = this._transposed ? new BitMask(height, width) : this._out;
        this.rows = this._coded.height;
        this.rowLength = this._coded.width;
        this._model = this._texels ? null : new Model();
      }
      /** Rows decoded so far. */
      get rowsDone() {
        return this._j;
      }
      /** True once every row is decoded (then {@link finish} returns at once). */
      get done() {
        return this._j >= this.rows && this._flushed >= this.rows;
      }
      /** Decodes up to `rows` more rows; returns {@link done}. */
      step(rows) {
        const m = this._coded;
        const end = Math.min(this.rows, this._j + Math.max(1, Math.floor(rows)));
        const d = this._d, T = this._T, model = this._model, width = m.width, stride = m.stride, bits = m.bits;
        for (let j = this._j; j < end; j++) {
          if (!model) texelRow(d, false, m, j);
          else {
            model.row(d, false, T, width);
            const base = j * stride;
            for (let k = 0; k < T.length; k += 2) {
              const a = T[k], b = T[k + 1];
              for (let x = a; x < b; ) {
                const w = x >>> 5, sh = x & 31;
                const n = Math.min(32 - sh, b - x);
                bits[base + w] |= n === 32 ? 4294967295 : (1 << n) - 1 << sh;
                x += n;
              }
            }
          }
          this._j = j + 1;
        }
        if (this._transposed) {
          while (this._flushed < this.rows && (this._j - this._flushed >= 32 || this._j >= this.rows)) {
            this._transposeStrip(this._flushed >>> 5);
            this._flushed = Math.min(this.rows, this._flushed + 32);
          }
        } else {
          this._flushed = this._j;
        }
        return this.done;
      }
      /** Decodes what is left and returns the mask. */
      finish() {
        while (!this.done) this.step(this.rows);
        return this._out;
      }
      /** Coded rows [32s, 32s + 32) are the mask's columns [32s, 32s + 32): word s of each mask row. */
      _transposeStrip(s) {
        const src = this._coded, dst = this._out;
        const a = this._block ?? (this._block = new Uint32Array(32));
        const r0 = s * 32, n = Math.min(32, src.height - r0);
        for (let w = 0; w < src.stride; w++) {
          for (let k = 0; k < 32; k++) a[k] = k < n ? src.bits[(r0 + k) * src.stride + w] : 0;
          transpose32(a);
          const y0 = w * 32, ny = Math.min(32, dst.height - y0);
          for (let i = 0; i < ny; i++) dst.bits[(y0 + i) * dst.stride + s] = a[i];
        }
      }
    };
  }
});

// extensions/pixel-collision/assets/core/mask-library-v2.ts
function compressUuidBase(uuid) {
  if (!UUID_RE.test(uuid)) return "!" + uuid;
  const hex = uuid.replace(/-/g, "").toLowerCase();
  let out = hex.slice(0, 5);
  for (let i = 5; i < 32; i += 3) {
    const v = parseInt(hex.slice(i, i + 3), 16);
    out += B64[v >> 6] + B64[v & 63];
  }
  return out;
}
function decompressUuidBase(s) {
  if (s.charCodeAt(0) === 33) return s.slice(1);
  if (s.length !== 23) throw new TypeError(`"${s}" is not a compressed uuid. Bake the masks again.`);
  let hex = s.slice(0, 5);
  for (let i = 5; i < 23; i += 2) {
    const a = s.charCodeAt(i), b = s.charCodeAt(i + 1);
    const v = (a < 128 ? B64_VALUE[a] : -1) << 6 | (b < 128 ? B64_VALUE[b] : -1);
    if (v < 0) throw new TypeError(`"${s}" is not a compressed uuid. Bake the masks again.`);
    hex += HEX[v >> 8] + HEX[v >> 4 & 15] + HEX[v & 15];
  }
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
function compressTexture(id) {
  const at = id.indexOf("@");
  if (at < 0) return compressUuidBase(id) + "@";
  const sub = id.slice(at + 1);
  return compressUuidBase(id.slice(0, at)) + (sub === TEXTURE_SUB ? "" : "@" + sub);
}
function decompressTexture(id) {
  const at = id.indexOf("@");
  if (at < 0) return decompressUuidBase(id) + "@" + TEXTURE_SUB;
  return decompressUuidBase(id.slice(0, at)) + (at === id.length - 1 ? "" : id.slice(at));
}
function libraryGroups(groups) {
  if (typeof groups === "string") return groups ? groups.split("\n") : [];
  if (Array.isArray(groups) && groups.every((g) => typeof g === "string")) return groups;
  return null;
}
function writeNumbers(values) {
  let out = "";
  for (const v of values) {
    let n = 1;
    while (v >= 2 ** (5 * n)) n++;
    for (let i = n - 1; i >= 0; i--) out += ALPHABET[(Math.floor(v / 2 ** (5 * i)) & 31) + (i > 0 ? 32 : 0)];
  }
  return out;
}
function readNumbers(text) {
  const out = [];
  let v = 0, open = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    const d = ch < 128 ? LOOKUP[ch] : -1;
    if (d < 0 || v > 2 ** 40) return null;
    v = v * 32 + (d & 31);
    if (d < 32) {
      out.push(v);
      v = 0;
      open = false;
    } else open = true;
  }
  return open ? null : out;
}
function buildLibraryGroups(entries) {
  const groups = /* @__PURE__ */ new Map();
  for (const e of entries) {
    if (!SAFE.test(e.texture) || e.uuid !== void 0 && !SAFE.test(e.uuid)) {
      throw new TypeError(`uuid "${e.uuid ?? e.texture}" contains "|", white space, a quote, "$" or "\\"; it cannot be written in a mask library.`);
    }
    const tex = compressTexture(e.texture);
    const texBase = tex.indexOf("@") < 0 ? tex : tex.slice(0, tex.indexOf("@"));
    let base = "", sub = "*";
    if (e.uuid) {
      const at = e.uuid.indexOf("@");
      const b = compressUuidBase(at < 0 ? e.uuid : e.uuid.slice(0, at));
      sub = at < 0 ? "~" : e.uuid.slice(at + 1);
      if (sub === FRAME_SUB) sub = "";
      else if (sub === "" || sub === "~" || sub === "*") throw new TypeError(`sprite frame uuid "${e.uuid}" cannot be written in a mask library.`);
      base = b === texBase ? "" : b;
    }
    const key = `${tex}|${base}`;
    let g = groups.get(key);
    if (!g) {
      g = /* @__PURE__ */ new Map();
      groups.set(key, g);
    }
    const r = e.rect;
    for (const v of r) if (!Number.isInteger(v) || v < 0) throw new RangeError(`sprite frame ${e.uuid ?? e.texture} has a bad rect ${JSON.stringify(r)}.`);
    const head = `${sub} ${writeNumbers([r[0], r[1], r[2], r[3], e.rotated ? 1 : 0])}`;
    let list2 = g.get(head);
    if (!list2) {
      list2 = [];
      g.set(head, list2);
    }
    list2.push(e.threshold === 0 ? e.code : `${e.threshold}:${e.code}`);
  }
  const out = [];
  for (const key of [...groups.keys()].sort()) {
    const g = groups.get(key);
    const items = [...g.keys()].sort().map((head) => {
      const list2 = g.get(head).sort((a, b) => (a.indexOf(":") < 0 ? 0 : parseInt(a, 10)) - (b.indexOf(":") < 0 ? 0 : parseInt(b, 10)));
      return `${head} ${list2.join(" ")}`;
    });
    out.push(`${key}|${items.join("|")}`);
  }
  return out;
}
function readLibraryGroups(groups, name = "mask library") {
  const out = [];
  for (const g of groups) parseGroup(g, name, out);
  return out;
}
function parseGroup(g, name, out) {
  const parts = g.split("|");
  if (parts.length < 3) throw new TypeError(`${name} has a malformed group "${g.slice(0, 40)}". Bake the masks again.`);
  const texture = decompressTexture(parts[0]);
  const at = parts[0].indexOf("@");
  const base = decompressUuidBase(parts[1] || (at < 0 ? parts[0] : parts[0].slice(0, at)));
  for (let i = 2; i < parts.length; i++) {
    const f = parts[i].split(" ");
    if (f.length < 3) throw new TypeError(`${name} has a malformed entry "${parts[i].slice(0, 40)}". Bake the masks again.`);
    const rect = readNumbers(f[1]);
    if (!rect || rect.length !== 5 || rect[2] < 1 || rect[3] < 1 || rect[4] > 1) {
      throw new TypeError(`${name} has an entry with a bad rect "${f[1]}". Bake the masks again.`);
    }
    const x = rect[0], y = rect[1], w = rect[2], h = rect[3];
    const uuid = f[0] === "*" ? void 0 : f[0] === "~" ? base : `${base}@${f[0] || FRAME_SUB}`;
    for (let k = 2; k < f.length; k++) {
      const c = f[k].indexOf(":");
      const threshold = c < 0 ? 0 : +f[k].slice(0, c);
      if (c === 0 || !Number.isInteger(threshold) || threshold < 0 || threshold > 255) throw new TypeError(`${name} has an entry with a bad threshold "${f[k].slice(0, 12)}". Bake the masks again.`);
      const e = { texture, rect: [x, y, w, h], rotated: rect[4] === 1, threshold, code: f[k].slice(c + 1) };
      if (uuid !== void 0) e.uuid = uuid;
      out.push(e);
    }
  }
}
var UUID_RE, B64, B64_VALUE, HEX, TEXTURE_SUB, FRAME_SUB, SAFE;
var init_mask_library_v2 = __esm({
  "extensions/pixel-collision/assets/core/mask-library-v2.ts"() {
    "use strict";
    init_mask_code();
    UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
    B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    B64_VALUE = new Int16Array(128).fill(-1);
    for (let i = 0; i < 64; i++) B64_VALUE[B64.charCodeAt(i)] = i;
    HEX = "0123456789abcdef";
    TEXTURE_SUB = "6c48a";
    FRAME_SUB = "f9941";
    SAFE = /^[^|\s"'`$\\]*$/;
  }
});

// extensions/pixel-collision/assets/core/mask-library.ts
function checkLibrary(json, name = "mask library") {
  const lib = json;
  if (!lib || typeof lib !== "object" || lib.format !== MASK_LIBRARY_FORMAT) {
    throw new TypeError(`${name} is not a pixel-collision mask library (expected "format": "${MASK_LIBRARY_FORMAT}"). ${BAKE_HINT}.`);
  }
  if (lib.version === MASK_LIBRARY_COMPACT_VERSION) {
    const groups = libraryGroups(lib.groups);
    if (!groups) throw new TypeError(`${name} has no "groups" (a string, or an array of strings). ${BAKE_HINT}.`);
    return readLibraryGroups(groups, name).map((e) => {
      const out = { texture: e.texture, rect: e.rect, rotated: e.rotated, threshold: e.threshold, data: encodeBase64(decodeMaskCode(e.code, e.rect[2], e.rect[3]).serialize()) };
      if (e.uuid !== void 0) out.uuid = e.uuid;
      return out;
    });
  }
  if (lib.version !== MASK_LIBRARY_VERSION) {
    throw new RangeError(`${name} has version ${String(lib.version)}; this build reads versions ${MASK_LIBRARY_VERSION} and ${MASK_LIBRARY_COMPACT_VERSION}. Bake it again with this version of pixel-collision (Pixel Collision > Bake Masks).`);
  }
  if (!Array.isArray(lib.masks)) throw new TypeError(`${name} has no "masks" array. ${BAKE_HINT}.`);
  for (const e of lib.masks) {
    if (!e || typeof e.texture !== "string" || !Array.isArray(e.rect) || e.rect.length !== 4 || typeof e.data !== "string" || typeof e.threshold !== "number" || e.uuid !== void 0 && typeof e.uuid !== "string") {
      throw new TypeError(`${name} has an entry without texture / rect [x, y, w, h] / threshold / data. ${BAKE_HINT}.`);
    }
  }
  return lib.masks;
}
function decodeEntry(e) {
  const mask = BitMask.deserialize(decodeBase64(e.data));
  if (mask.width !== e.rect[2] || mask.height !== e.rect[3]) {
    throw new RangeError(`baked mask for ${e.frame ?? e.uuid ?? e.texture} is ${mask.width}x${mask.height} but its rect is ${e.rect[2]}x${e.rect[3]}. Bake it again (Pixel Collision > Bake Masks).`);
  }
  return mask;
}
function encodeBase64(bytes) {
  let s = "";
  let i = 0;
  for (; i + 2 < bytes.length; i += 3) {
    const n = bytes[i] << 16 | bytes[i + 1] << 8 | bytes[i + 2];
    s += ALPHABET2[n >>> 18] + ALPHABET2[n >>> 12 & 63] + ALPHABET2[n >>> 6 & 63] + ALPHABET2[n & 63];
  }
  const rest = bytes.length - i;
  if (rest === 1) {
    const n = bytes[i] << 16;
    s += ALPHABET2[n >>> 18] + ALPHABET2[n >>> 12 & 63] + "==";
  } else if (rest === 2) {
    const n = bytes[i] << 16 | bytes[i + 1] << 8;
    s += ALPHABET2[n >>> 18] + ALPHABET2[n >>> 12 & 63] + ALPHABET2[n >>> 6 & 63] + "=";
  }
  return s;
}
function decodeBase64(text) {
  const s = text.replace(/\s+/g, "");
  if (s.length % 4 !== 0) throw new TypeError("baked mask data is not base64 (length not a multiple of 4). Bake the mask again.");
  const pad = s.endsWith("==") ? 2 : s.endsWith("=") ? 1 : 0;
  const out = new Uint8Array(s.length / 4 * 3 - pad);
  let o = 0;
  for (let i = 0; i < s.length; i += 4) {
    let n = 0;
    for (let k = 0; k < 4; k++) {
      const ch = s.charCodeAt(i + k);
      const v = ch === 61 && i + k >= s.length - pad ? 0 : ch < 128 ? LOOKUP2[ch] : -1;
      if (v < 0) throw new TypeError("baked mask data is not base64 (bad character). Bake the mask again.");
      n = n << 6 | v;
    }
    if (o < out.length) out[o++] = n >>> 16;
    if (o < out.length) out[o++] = n >>> 8 & 255;
    if (o < out.length) out[o++] = n & 255;
  }
  return out;
}
var MASK_LIBRARY_FORMAT, MASK_LIBRARY_VERSION, MASK_LIBRARY_COMPACT_VERSION, BAKE_HINT, ALPHABET2, LOOKUP2;
var init_mask_library = __esm({
  "extensions/pixel-collision/assets/core/mask-library.ts"() {
    "use strict";
    init_bitmask();
    init_mask_code();
    init_mask_library_v2();
    MASK_LIBRARY_FORMAT = "pixel-collision-masks";
    MASK_LIBRARY_VERSION = 1;
    MASK_LIBRARY_COMPACT_VERSION = 2;
    BAKE_HINT = "Bake masks with the editor menu Pixel Collision > Bake Masks, or `npx pixel-collision bake <project>` (builds bake automatically)";
    ALPHABET2 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    LOOKUP2 = new Int16Array(128).fill(-1);
    for (let i = 0; i < 64; i++) LOOKUP2[ALPHABET2.charCodeAt(i)] = i;
  }
});

// extensions/pixel-collision/assets/core/mask-prefetch.ts
var MAX_CHUNK;
var init_mask_prefetch = __esm({
  "extensions/pixel-collision/assets/core/mask-prefetch.ts"() {
    "use strict";
    init_mask_code();
    MAX_CHUNK = 1 << 17;
  }
});

// extensions/pixel-collision/assets/core/index.ts
var init_core = __esm({
  "extensions/pixel-collision/assets/core/index.ts"() {
    "use strict";
    init_affine();
    init_bitmask();
    init_contact();
    init_raster();
    init_rasterize();
    init_exact();
    init_narrow();
    init_sampling();
    init_broadphase();
    init_shape();
    init_shape_sampling();
    init_shape_raster();
    init_shape_test();
    init_response();
    init_collider();
    init_parts();
    init_narrow_phase();
    init_world();
    init_gpu();
    init_gpu();
    init_mask_library();
    init_mask_library();
    init_mask_code();
    init_mask_library_v2();
    init_mask_prefetch();
  }
});

// extensions/pixel-collision/source/bake/output.ts
function renderLibraryScript(entries, outRel) {
  const lines = buildLibraryGroups(entries.map((e) => ({
    uuid: e.uuid,
    texture: e.texture,
    rect: e.rect,
    rotated: !!e.rotated,
    threshold: e.threshold,
    code: e.code ?? encodeMaskCode(decodeEntry(e))
  })));
  return [
    "// Baked pixel-collision masks. Generated: do not edit, bake again instead (Pixel Collision >",
    "// Bake Masks in the editor, `npx pixel-collision bake <project>`, or any build, which bakes first).",
    "// Commit it with the project. It runs when the game starts and hands the masks to the runtime, so",
    "// colliders find them without reading textures (native and mini-game builds cannot read them).",
    "import { PixelMasks } from 'db://pixel-collision/runtime/index';",
    "",
    `const library = ${BEGIN} {`,
    `"format": ${JSON.stringify(MASK_LIBRARY_FORMAT)},`,
    `"version": ${MASK_LIBRARY_COMPACT_VERSION},`,
    // One string, a group a line: "\n" ends each group and a backslash continues the string on
    // the next line (a browser evaluates one long string faster than as many strings as groups).
    `"groups": "${lines.join("\\n\\\n")}"`,
    `} ${END};`,
    "",
    `PixelMasks.addLibrary(library, ${JSON.stringify(`baked masks (${outRel})`)});`,
    ""
  ].join("\n");
}
function parseLibraryScript(text) {
  const a = text.indexOf(BEGIN), b = text.indexOf(END);
  if (a < 0 || b < a) throw new Error("it is not a baked mask library script (markers missing)");
  const json = JSON.parse(text.slice(a + BEGIN.length, b).replace(/\\\r?\n/g, ""));
  if (json && json.version === MASK_LIBRARY_COMPACT_VERSION && (typeof json.groups === "string" || Array.isArray(json.groups))) {
    checkLibrary({ ...json, groups: [] }, "the baked mask library");
    return readLibraryGroups(libraryGroups(json.groups) ?? [], "the baked mask library").map((e) => {
      const out = { texture: e.texture, rect: e.rect, rotated: e.rotated, threshold: e.threshold, code: e.code };
      if (e.uuid !== void 0) out.uuid = e.uuid;
      let data;
      Object.defineProperty(out, "data", {
        enumerable: true,
        get: () => data ?? (data = encodeBase64(decodeMaskCode(e.code, e.rect[2], e.rect[3]).serialize()))
      });
      return out;
    });
  }
  return checkLibrary(json, "the baked mask library").map(normalize2);
}
function normalize2(e) {
  const out = {};
  if (e.uuid) out.uuid = e.uuid;
  out.texture = e.texture;
  out.rect = [e.rect[0], e.rect[1], e.rect[2], e.rect[3]];
  out.rotated = !!e.rotated;
  out.threshold = e.threshold;
  if (e.frame !== void 0) out.frame = e.frame;
  out.data = e.data;
  return out;
}
function scriptMeta(rel) {
  return JSON.stringify({ ver: "4.0.24", importer: "typescript", imported: true, uuid: uuidForPath(rel), files: [], subMetas: {}, userData: {} }, null, 2) + "\n";
}
function folderMeta(rel) {
  return JSON.stringify({ ver: "1.2.0", importer: "directory", imported: true, uuid: uuidForPath(rel), files: [], subMetas: {}, userData: {} }, null, 2) + "\n";
}
function uuidForPath(rel) {
  const b = (0, import_crypto.createHash)("sha1").update(`pixel-collision generated asset:${rel.split("\\").join("/")}`).digest().subarray(0, 16);
  b[6] = b[6] & 15 | 64;
  b[8] = b[8] & 63 | 128;
  const h = b.toString("hex");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
var import_crypto, BEGIN, END;
var init_output = __esm({
  "extensions/pixel-collision/source/bake/output.ts"() {
    "use strict";
    import_crypto = require("crypto");
    init_core();
    BEGIN = "/* pixel-collision-masks: begin */";
    END = "/* pixel-collision-masks: end */";
  }
});

// extensions/pixel-collision/source/bake/project.ts
function imageKindOf(rel) {
  const m = /\.(png|jpe?g|webp)$/i.exec(rel);
  if (!m) return null;
  const ext = m[1].toLowerCase();
  return ext === "png" ? "png" : ext === "webp" ? "webp" : "jpeg";
}
function walkFiles(root, dir, skip, onError) {
  const out = [];
  const visit = (abs4) => {
    let names;
    try {
      names = fs.readdirSync(abs4).sort();
    } catch (err) {
      onError == null ? void 0 : onError((0, import_node_path.relative)(root, abs4).split(import_node_path.sep).join("/"), err);
      return;
    }
    for (const name of names) {
      if (name.startsWith(".") || name === "node_modules") continue;
      const p = (0, import_node_path.join)(abs4, name);
      const rel = (0, import_node_path.relative)(root, p).split(import_node_path.sep).join("/");
      if (skip == null ? void 0 : skip(rel)) continue;
      let st;
      try {
        st = fs.statSync(p);
      } catch {
        continue;
      }
      if (st.isDirectory()) visit(p);
      else out.push(rel);
    }
  };
  visit((0, import_node_path.join)(root, dir));
  return out;
}
function summarizeMeta(json, file) {
  const meta = json;
  if (!meta || typeof meta !== "object" || typeof meta.importer !== "string") {
    throw new Error(`${file} is not a Creator asset meta (no "importer").`);
  }
  const subs = meta.subMetas && typeof meta.subMetas === "object" ? meta.subMetas : {};
  if (meta.importer === "image") {
    if (typeof meta.uuid !== "string") throw new Error(`${file} has no "uuid".`);
    let texture = "";
    const frames = [];
    for (const id of Object.keys(subs).sort()) {
      const sub = subs[id];
      if (!sub || typeof sub !== "object") continue;
      if (sub.importer === "texture" && typeof sub.uuid === "string") texture = sub.uuid;
      else if (sub.importer === "sprite-frame") frames.push(rawFrame(sub, file, ""));
    }
    if (frames.length && !texture) throw new Error(`${file} has sprite frames but no texture sub-asset; reimport the image in Creator.`);
    return { kind: "image", imageUuid: meta.uuid, texture, frames };
  }
  if (meta.importer === "sprite-atlas") {
    const ud = meta.userData ?? {};
    if (typeof ud.textureUuid !== "string" || !ud.textureUuid) {
      throw new Error(`${file}: the atlas names no texture (userData.textureUuid); put its PNG next to the .plist and reimport it in Creator.`);
    }
    const frames = [];
    for (const id of Object.keys(subs).sort()) {
      const sub = subs[id];
      if (sub && typeof sub === "object" && sub.importer === "sprite-frame") frames.push(rawFrame(sub, file, ud.textureUuid));
    }
    return { kind: "atlas", texture: ud.textureUuid, frames };
  }
  if ((meta.importer === "spine-data" || meta.importer === "dragonbones-atlas") && typeof meta.uuid === "string" && meta.uuid) {
    return { kind: "skeleton", format: meta.importer === "spine-data" ? "spine" : "dragonbones", uuid: meta.uuid };
  }
  if (meta.importer === "directory" && isBundleMeta(meta)) return { kind: "other", bundle: true };
  if (meta.importer === "prefab" && typeof meta.uuid === "string") return { kind: "other", uuid: meta.uuid };
  return { kind: "other" };
}
function rawFrame(sub, file, fallbackSource) {
  const ud = sub.userData ?? {};
  const uuid = sub.uuid;
  if (typeof uuid !== "string" || !uuid) throw new Error(`${file}: a sprite-frame sub-asset has no uuid; reimport it in Creator.`);
  const num = (k) => {
    const v = ud[k];
    if (typeof v !== "number" || !Number.isInteger(v) || v < 0) {
      throw new Error(`${file}: sprite frame ${uuid} has no valid userData.${k} (got ${JSON.stringify(v)}); reimport it in Creator.`);
    }
    return v;
  };
  const src = typeof ud.imageUuidOrDatabaseUri === "string" && ud.isUuid !== false ? ud.imageUuidOrDatabaseUri : "";
  const name = typeof sub.name === "string" && sub.name !== "spriteFrame" ? sub.name : typeof sub.displayName === "string" && sub.displayName ? sub.displayName : uuid;
  return { uuid, name, source: src || fallbackSource, x: num("trimX"), y: num("trimY"), w: num("width"), h: num("height"), rotated: ud.rotated === true };
}
function thresholdsInAsset(text, file) {
  let json;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw new Error(`${file} is not valid JSON (${err.message}).`);
  }
  if (!Array.isArray(json)) return [];
  const classId = PIXEL_COLLIDER_CLASS_ID;
  const found = [];
  const colliders = /* @__PURE__ */ new Set();
  json.forEach((o, i) => {
    if (o && o.__type__ === classId) colliders.add(i);
  });
  for (const i of colliders) {
    const t = json[i]._alphaThreshold;
    found.push(typeof t === "number" ? t : 0);
  }
  for (const o of json) {
    if (!o || o.__type__ !== "CCPropertyOverrideInfo" || !Array.isArray(o.propertyPath)) continue;
    const last = o.propertyPath[o.propertyPath.length - 1];
    if ((last === "_alphaThreshold" || last === "alphaThreshold") && typeof o.value === "number") found.push(o.value);
  }
  return found.filter((t) => Number.isInteger(t) && t >= 0 && t <= 255);
}
function overrideShown(o, prefabs) {
  let idx = prefabs(o.prefab);
  const n = o.localID.length;
  if (n === 0) return false;
  for (let k = 0; k < n - 1; k++) {
    const q = idx ? idx.nested[o.localID[k]] : void 0;
    idx = q ? prefabs(q) : null;
  }
  const c = idx ? idx.comps[o.localID[n - 1]] : void 0;
  if (!c) return false;
  if (c.collider) return true;
  const nodePath = [...o.localID.slice(0, -1), c.node];
  return o.mountedColliders.some((p) => p.length === nodePath.length && p.every((x, i) => x === nodePath[i]));
}
function refUuid(v) {
  return v && typeof v === "object" && typeof v.__uuid__ === "string" ? v.__uuid__ : null;
}
function framesUsedInAsset(text, file) {
  let json;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw new Error(`${file} is not valid JSON (${err.message}).`);
  }
  const frames = /* @__PURE__ */ new Set(), clips = /* @__PURE__ */ new Set(), skeletons = /* @__PURE__ */ new Set();
  if (!Array.isArray(json)) return { frames: [], clips: [], skeletons: [] };
  const classId = PIXEL_COLLIDER_CLASS_ID;
  const at = (v) => {
    const id = v && typeof v === "object" ? v.__id__ : void 0;
    const o = typeof id === "number" ? json[id] : null;
    return o && typeof o === "object" ? o : null;
  };
  const hasCollider = (node) => !!node && Array.isArray(node._components) && node._components.some((c) => {
    var _a;
    return ((_a = at(c)) == null ? void 0 : _a.__type__) === classId;
  });
  const fileIdOf = (info) => info && typeof info.fileId === "string" ? info.fileId : null;
  const localIdOf = (v) => {
    const ti = at(v);
    return ti && Array.isArray(ti.localID) && ti.localID.every((x) => typeof x === "string") ? ti.localID : null;
  };
  const instanceAsset = /* @__PURE__ */ new Map();
  const index = { comps: {}, nested: {} };
  for (const o of json) {
    if (!o || typeof o !== "object") continue;
    if (o.__type__ === "cc.PrefabInfo") {
      const inst = at(o.instance), asset = refUuid(o.asset);
      if (inst && asset) {
        instanceAsset.set(inst, asset);
        const f = fileIdOf(inst);
        if (f) index.nested[f] = asset;
      }
    }
    const compInfo = at(o.__prefab);
    const compId = fileIdOf(compInfo);
    const node = at(o.node);
    const nodeId = node ? fileIdOf(at(node._prefab)) : null;
    if (compId && nodeId) index.comps[compId] = { node: nodeId, collider: hasCollider(node) };
  }
  const overrides = [];
  for (const [inst, prefab] of instanceAsset) {
    const mounted = [];
    for (const m of Array.isArray(inst.mountedComponents) ? inst.mountedComponents : []) {
      const info = at(m);
      const path = info ? localIdOf(info.targetInfo) : null;
      if (path && info && Array.isArray(info.components) && info.components.some((c) => {
        var _a;
        return ((_a = at(c)) == null ? void 0 : _a.__type__) === classId;
      })) mounted.push(path);
    }
    for (const p of Array.isArray(inst.propertyOverrides) ? inst.propertyOverrides : []) {
      const o = at(p);
      if (!o || o.__type__ !== "CCPropertyOverrideInfo" || !Array.isArray(o.propertyPath)) continue;
      const last = o.propertyPath[o.propertyPath.length - 1];
      const u = refUuid(o.value), path = localIdOf(o.targetInfo);
      if (typeof last === "string" && OVERRIDDEN_ASSETS.has(last) && u && path) overrides.push({ prefab, localID: path, frame: u, mountedColliders: mounted });
    }
  }
  for (const o of json) {
    if (!o || typeof o !== "object") continue;
    if (o.__type__ === classId) {
      const node = at(o.node);
      const comps = node && Array.isArray(node._components) ? node._components : [];
      for (const c of comps) {
        const comp = at(c);
        if (!comp) continue;
        const f = refUuid(comp._spriteFrame);
        if (f) frames.add(f);
        const s = refUuid(comp._skeletonData) ?? refUuid(comp._dragonAtlasAsset);
        if (s) skeletons.add(s);
        const def = refUuid(comp._defaultClip);
        if (def) clips.add(def);
        if (Array.isArray(comp._clips)) for (const clip of comp._clips) {
          const u = refUuid(clip);
          if (u) clips.add(u);
        }
      }
    }
  }
  return { frames: [...frames].sort(), clips: [...clips].sort(), skeletons: [...skeletons].sort(), overrides, index };
}
function spriteFramesInClip(text, file) {
  let json;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw new Error(`${file} is not valid JSON (${err.message}).`);
  }
  const out = /* @__PURE__ */ new Set();
  const visit = (v, depth) => {
    if (!v || typeof v !== "object" || depth > 64) return;
    if (Array.isArray(v)) {
      for (const x of v) visit(x, depth + 1);
      return;
    }
    const o = v;
    if (typeof o.__uuid__ === "string" && o.__expectedType__ === "cc.SpriteFrame") {
      out.add(o.__uuid__);
      return;
    }
    for (const k of Object.keys(o)) visit(o[k], depth + 1);
  };
  visit(json, 0);
  return [...out].sort();
}
function includeMatcher(patterns) {
  const res = [];
  for (const p of patterns) {
    if (typeof p !== "string" || !p.trim()) throw new Error(`"include" entries must be project-relative paths or globs like "assets/art/enemies/**" (got ${JSON.stringify(p)})`);
    const clean = p.trim().replace(/\\/g, "/").replace(/^\.\//, "").replace(/\/+$/, "");
    if (clean.startsWith("/") || clean.split("/").indexOf("..") >= 0) throw new Error(`"include" entry "${p}" must be a path inside the project, like "assets/art/enemies/**"`);
    let re = "";
    if (/[*?]/.test(clean)) {
      for (let i = 0; i < clean.length; i++) {
        const ch = clean[i];
        if (ch === "*" && clean[i + 1] === "*") {
          i++;
          if (clean[i + 1] === "/") {
            i++;
            re += "(?:.*/)?";
          } else re += ".*";
        } else if (ch === "*") re += "[^/]*";
        else if (ch === "?") re += "[^/]";
        else re += ch.replace(/[.+^${}()|[\]\\]/g, "\\$&");
      }
      res.push(new RegExp(`^${re}$`));
    } else {
      const lit = clean.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      res.push(new RegExp(`^${lit}(?:/.*)?$`));
    }
  }
  return (rel) => res.some((r) => r.test(rel));
}
function isBundleMeta(json) {
  const ud = json && typeof json === "object" ? json.userData : void 0;
  return !!ud && ud.isBundle === true;
}
var fs, import_node_path, PIXEL_COLLIDER_SCRIPT_UUID, PIXEL_COLLIDER_CLASS_ID, OVERRIDDEN_ASSETS;
var init_project = __esm({
  "extensions/pixel-collision/source/bake/project.ts"() {
    "use strict";
    fs = __toESM(require("fs"));
    import_node_path = require("path");
    init_core();
    PIXEL_COLLIDER_SCRIPT_UUID = "18293665-dd38-437f-8479-d43c875e4907";
    PIXEL_COLLIDER_CLASS_ID = compressUuidBase(PIXEL_COLLIDER_SCRIPT_UUID);
    OVERRIDDEN_ASSETS = /* @__PURE__ */ new Set(["_spriteFrame", "spriteFrame", "_skeletonData", "skeletonData", "_dragonAtlasAsset", "dragonAtlasAsset"]);
  }
});

// extensions/pixel-collision/source/bake/skeletons.ts
function spineAtlasPages(text) {
  if (text.indexOf("\0") >= 0) throw new Error("it is not text");
  const lines = text.replace(/^\uFEFF/, "").split(/\r?\n/);
  const pages = [];
  let expectPage = true, entries = -1, pageLine = 0;
  const close = () => {
    if (entries === 0) throw new Error(`page "${pages[pages.length - 1]}" (line ${pageLine}) has no entries (size, format, filter...)`);
  };
  for (let n = 0; n < lines.length; n++) {
    const t = lines[n].trim();
    if (!t) {
      close();
      expectPage = true;
      entries = -1;
      continue;
    }
    if (expectPage) {
      if (t.indexOf(":") >= 0 || !imageKindOf(t)) throw new Error(`line ${n + 1} should name a page image (like "hero.png"), got "${t.slice(0, 40)}"`);
      pages.push(t);
      pageLine = n + 1;
      expectPage = false;
      entries = 0;
      continue;
    }
    const c = t.indexOf(":");
    if (entries >= 0 && c > 0) {
      const key = t.slice(0, c).trim();
      if (key === "size" && !/^\d+\s*,\s*\d+$/.test(t.slice(c + 1).trim())) throw new Error(`line ${n + 1}: the page size "${t.slice(c + 1).trim().slice(0, 20)}" is not two integers`);
      entries++;
    } else {
      close();
      entries = -1;
    }
  }
  close();
  if (!pages.length) throw new Error("it names no page");
  return pages;
}
function dragonBonesImagePath(text) {
  let json;
  try {
    json = JSON.parse(text.replace(/^\uFEFF/, ""));
  } catch (err) {
    throw new Error(`it is not JSON (${err.message})`);
  }
  const p = json && typeof json === "object" && !Array.isArray(json) ? json.imagePath : void 0;
  if (typeof p !== "string" || !p.trim()) throw new Error('it has no "imagePath" (the name of its texture image)');
  return p.trim();
}
function findSpineAtlas(skeleton, files) {
  const dot = skeleton.lastIndexOf(".");
  const base = dot > skeleton.lastIndexOf("/") ? skeleton.slice(0, dot) : skeleton;
  for (const s of SPINE_ATLAS_SUFFIXES) if (base + s !== skeleton && files.has(base + s)) return base + s;
  return null;
}
function resolvePageImage(atlas, name, files) {
  const dir = import_node_path2.posix.dirname(atlas);
  const clean = name.replace(/\\/g, "/");
  for (const cand of [import_node_path2.posix.normalize(import_node_path2.posix.join(dir, clean)), import_node_path2.posix.join(dir, import_node_path2.posix.basename(clean))]) {
    if (cand.startsWith("../") || !cand.startsWith("assets/")) continue;
    if (files.has(cand) || files.has(cand + ".meta")) return cand;
  }
  return null;
}
function skeletonPages(s, files, readPages) {
  const problems = [];
  const pages = [];
  const what = s.format === "spine" ? "Spine skeleton" : "DragonBones atlas";
  let atlas = s.file;
  if (s.format === "spine") {
    const found = findSpineAtlas(s.file, files);
    if (!found) {
      const base = s.file.slice(0, s.file.lastIndexOf("."));
      const tried = SPINE_ATLAS_SUFFIXES.map((x) => import_node_path2.posix.basename(base + x)).join(", ");
      problems.push({ file: s.file, message: `this Spine skeleton has no atlas next to it (looked for ${tried}), so its atlas pages are not baked: its colliders have no masks where pixels cannot be read. Put the atlas Spine exported with it there, with the skeleton's name, and reimport it in Creator.` });
      return { pages, problems };
    }
    atlas = found;
  }
  let names;
  try {
    names = readPages(atlas, s.format);
  } catch (err) {
    const of = s.format === "spine" ? ` (the atlas of ${s.file})` : "";
    problems.push({ file: atlas, message: `cannot be read as a ${s.format === "spine" ? "Spine atlas" : "DragonBones texture atlas"}${of}: ${err.message}. Its pages are not baked; export it again${s.format === "spine" ? " from Spine" : " from DragonBones"} and reimport it in Creator.` });
    return { pages, problems };
  }
  const seen = /* @__PURE__ */ new Set();
  for (const name of names) {
    const png = resolvePageImage(atlas, name, files);
    if (!png) {
      problems.push({ file: atlas, message: `the ${what} ${s.format === "spine" ? `${s.file} uses page` : "names its image"} "${name}", which is not in ${import_node_path2.posix.dirname(atlas)}/: that page is not baked${names.length > 1 ? " (the others are)" : ""}. Put the image next to the atlas and reimport it in Creator.` });
      continue;
    }
    if (!seen.has(png)) {
      seen.add(png);
      pages.push({ png, atlas });
    }
  }
  return { pages, problems };
}
function pageImage(page, s, images, files) {
  const img = images.get(page.png);
  if (!img) {
    if (files.has(page.png) || files.has(page.png + ".meta")) return null;
    return { file: page.atlas, message: `page ${page.png} of ${s.file} is missing.` };
  }
  if (!img.texture) return { file: img.metas[0], message: `the page image of ${s.file} has no texture sub-asset in its meta; reimport it in Creator.` };
  return img;
}
var import_node_path2, SPINE_ATLAS_SUFFIXES;
var init_skeletons = __esm({
  "extensions/pixel-collision/source/bake/skeletons.ts"() {
    "use strict";
    import_node_path2 = require("path");
    init_project();
    SPINE_ATLAS_SUFFIXES = [".atlas", ".txt", ".atlas.txt", ""];
  }
});

// extensions/pixel-collision/source/bake/paths.ts
function resolveOutput(root, out, setting) {
  const refuse2 = (why) => {
    throw new BakeFailure("usage", `${setting} ${JSON.stringify(out)} ${why}; the bake writes only inside the project's assets/ folder. Use a path like "assets/<folder>/<name>.ts".`, setting);
  };
  const problem = outPathProblem(out);
  if (problem !== null) return refuse2(problem);
  const abs4 = (0, import_path.join)(root, ...outPathParts(out));
  let assetsReal;
  try {
    assetsReal = fs2.realpathSync((0, import_path.join)(root, "assets"));
  } catch {
    return refuse2("cannot be checked (the assets/ folder cannot be read)");
  }
  let p = abs4;
  while (!lexists(p)) p = (0, import_path.dirname)(p);
  let real;
  try {
    real = fs2.realpathSync(p);
  } catch {
    return refuse2(`passes through ${p}, a link that leads nowhere`);
  }
  if (real !== assetsReal && !real.startsWith(assetsReal + import_path.sep)) return refuse2(`leads through a symbolic link to ${real}, outside the project's assets/`);
  return abs4;
}
function outPathProblem(out) {
  if (typeof out !== "string" || !out) return "is not a path";
  if ((0, import_path.isAbsolute)(out) || import_path.win32.isAbsolute(out) || /^[a-zA-Z]:/.test(out)) return "is an absolute path";
  if (out.split(/[\\/]+/).some((p) => p === "..")) return 'goes up a folder with ".."';
  const clean = outPathParts(out);
  if (clean[0] !== "assets" || clean.length < 2) return "is not inside assets/";
  const name = clean[clean.length - 1];
  if (!name.endsWith(".ts") || name === ".ts") return "is not a .ts script";
  return null;
}
function outPathParts(out) {
  return out.split(/[\\/]+/).filter((p) => p !== "" && p !== ".");
}
function lexists(p) {
  try {
    fs2.lstatSync(p);
    return true;
  } catch {
    return false;
  }
}
var fs2, import_path;
var init_paths = __esm({
  "extensions/pixel-collision/source/bake/paths.ts"() {
    "use strict";
    fs2 = __toESM(require("fs"));
    import_path = require("path");
    init_errors();
  }
});

// node_modules/pngjs/lib/chunkstream.js
var require_chunkstream = __commonJS({
  "node_modules/pngjs/lib/chunkstream.js"(exports2, module2) {
    "use strict";
    var util = require("util");
    var Stream = require("stream");
    var ChunkStream = module2.exports = function() {
      Stream.call(this);
      this._buffers = [];
      this._buffered = 0;
      this._reads = [];
      this._paused = false;
      this._encoding = "utf8";
      this.writable = true;
    };
    util.inherits(ChunkStream, Stream);
    ChunkStream.prototype.read = function(length, callback) {
      this._reads.push({
        length: Math.abs(length),
        // if length < 0 then at most this length
        allowLess: length < 0,
        func: callback
      });
      process.nextTick(
        function() {
          this._process();
          if (this._paused && this._reads && this._reads.length > 0) {
            this._paused = false;
            this.emit("drain");
          }
        }.bind(this)
      );
    };
    ChunkStream.prototype.write = function(data, encoding) {
      if (!this.writable) {
        this.emit("error", new Error("Stream not writable"));
        return false;
      }
      let dataBuffer;
      if (Buffer.isBuffer(data)) {
        dataBuffer = data;
      } else {
        dataBuffer = Buffer.from(data, encoding || this._encoding);
      }
      this._buffers.push(dataBuffer);
      this._buffered += dataBuffer.length;
      this._process();
      if (this._reads && this._reads.length === 0) {
        this._paused = true;
      }
      return this.writable && !this._paused;
    };
    ChunkStream.prototype.end = function(data, encoding) {
      if (data) {
        this.write(data, encoding);
      }
      this.writable = false;
      if (!this._buffers) {
        return;
      }
      if (this._buffers.length === 0) {
        this._end();
      } else {
        this._buffers.push(null);
        this._process();
      }
    };
    ChunkStream.prototype.destroySoon = ChunkStream.prototype.end;
    ChunkStream.prototype._end = function() {
      if (this._reads.length > 0) {
        this.emit("error", new Error("Unexpected end of input"));
      }
      this.destroy();
    };
    ChunkStream.prototype.destroy = function() {
      if (!this._buffers) {
        return;
      }
      this.writable = false;
      this._reads = null;
      this._buffers = null;
      this.emit("close");
    };
    ChunkStream.prototype._processReadAllowingLess = function(read) {
      this._reads.shift();
      let smallerBuf = this._buffers[0];
      if (smallerBuf.length > read.length) {
        this._buffered -= read.length;
        this._buffers[0] = smallerBuf.slice(read.length);
        read.func.call(this, smallerBuf.slice(0, read.length));
      } else {
        this._buffered -= smallerBuf.length;
        this._buffers.shift();
        read.func.call(this, smallerBuf);
      }
    };
    ChunkStream.prototype._processRead = function(read) {
      this._reads.shift();
      let pos = 0;
      let count = 0;
      let data = Buffer.alloc(read.length);
      while (pos < read.length) {
        let buf = this._buffers[count++];
        let len = Math.min(buf.length, read.length - pos);
        buf.copy(data, pos, 0, len);
        pos += len;
        if (len !== buf.length) {
          this._buffers[--count] = buf.slice(len);
        }
      }
      if (count > 0) {
        this._buffers.splice(0, count);
      }
      this._buffered -= read.length;
      read.func.call(this, data);
    };
    ChunkStream.prototype._process = function() {
      try {
        while (this._buffered > 0 && this._reads && this._reads.length > 0) {
          let read = this._reads[0];
          if (read.allowLess) {
            this._processReadAllowingLess(read);
          } else if (this._buffered >= read.length) {
            this._processRead(read);
          } else {
            break;
          }
        }
        if (this._buffers && !this.writable) {
          this._end();
        }
      } catch (ex) {
        this.emit("error", ex);
      }
    };
  }
});

// node_modules/pngjs/lib/interlace.js
var require_interlace = __commonJS({
  "node_modules/pngjs/lib/interlace.js"(exports2) {
    "use strict";
    var imagePasses = [
      {
        // pass 1 - 1px
        x: [0],
        y: [0]
      },
      {
        // pass 2 - 1px
        x: [4],
        y: [0]
      },
      {
        // pass 3 - 2px
        x: [0, 4],
        y: [4]
      },
      {
        // pass 4 - 4px
        x: [2, 6],
        y: [0, 4]
      },
      {
        // pass 5 - 8px
        x: [0, 2, 4, 6],
        y: [2, 6]
      },
      {
        // pass 6 - 16px
        x: [1, 3, 5, 7],
        y: [0, 2, 4, 6]
      },
      {
        // pass 7 - 32px
        x: [0, 1, 2, 3, 4, 5, 6, 7],
        y: [1, 3, 5, 7]
      }
    ];
    exports2.getImagePasses = function(width, height) {
      let images = [];
      let xLeftOver = width % 8;
      let yLeftOver = height % 8;
      let xRepeats = (width - xLeftOver) / 8;
      let yRepeats = (height - yLeftOver) / 8;
      for (let i = 0; i < imagePasses.length; i++) {
        let pass = imagePasses[i];
        let passWidth = xRepeats * pass.x.length;
        let passHeight = yRepeats * pass.y.length;
        for (let j = 0; j < pass.x.length; j++) {
          if (pass.x[j] < xLeftOver) {
            passWidth++;
          } else {
            break;
          }
        }
        for (let j = 0; j < pass.y.length; j++) {
          if (pass.y[j] < yLeftOver) {
            passHeight++;
          } else {
            break;
          }
        }
        if (passWidth > 0 && passHeight > 0) {
          images.push({ width: passWidth, height: passHeight, index: i });
        }
      }
      return images;
    };
    exports2.getInterlaceIterator = function(width) {
      return function(x, y, pass) {
        let outerXLeftOver = x % imagePasses[pass].x.length;
        let outerX = (x - outerXLeftOver) / imagePasses[pass].x.length * 8 + imagePasses[pass].x[outerXLeftOver];
        let outerYLeftOver = y % imagePasses[pass].y.length;
        let outerY = (y - outerYLeftOver) / imagePasses[pass].y.length * 8 + imagePasses[pass].y[outerYLeftOver];
        return outerX * 4 + outerY * width * 4;
      };
    };
  }
});

// node_modules/pngjs/lib/paeth-predictor.js
var require_paeth_predictor = __commonJS({
  "node_modules/pngjs/lib/paeth-predictor.js"(exports2, module2) {
    "use strict";
    module2.exports = function paethPredictor(left, above, upLeft) {
      let paeth = left + above - upLeft;
      let pLeft = Math.abs(paeth - left);
      let pAbove = Math.abs(paeth - above);
      let pUpLeft = Math.abs(paeth - upLeft);
      if (pLeft <= pAbove && pLeft <= pUpLeft) {
        return left;
      }
      if (pAbove <= pUpLeft) {
        return above;
      }
      return upLeft;
    };
  }
});

// node_modules/pngjs/lib/filter-parse.js
var require_filter_parse = __commonJS({
  "node_modules/pngjs/lib/filter-parse.js"(exports2, module2) {
    "use strict";
    var interlaceUtils = require_interlace();
    var paethPredictor = require_paeth_predictor();
    function getByteWidth(width, bpp, depth) {
      let byteWidth = width * bpp;
      if (depth !== 8) {
        byteWidth = Math.ceil(byteWidth / (8 / depth));
      }
      return byteWidth;
    }
    var Filter = module2.exports = function(bitmapInfo, dependencies) {
      let width = bitmapInfo.width;
      let height = bitmapInfo.height;
      let interlace = bitmapInfo.interlace;
      let bpp = bitmapInfo.bpp;
      let depth = bitmapInfo.depth;
      this.read = dependencies.read;
      this.write = dependencies.write;
      this.complete = dependencies.complete;
      this._imageIndex = 0;
      this._images = [];
      if (interlace) {
        let passes = interlaceUtils.getImagePasses(width, height);
        for (let i = 0; i < passes.length; i++) {
          this._images.push({
            byteWidth: getByteWidth(passes[i].width, bpp, depth),
            height: passes[i].height,
            lineIndex: 0
          });
        }
      } else {
        this._images.push({
          byteWidth: getByteWidth(width, bpp, depth),
          height,
          lineIndex: 0
        });
      }
      if (depth === 8) {
        this._xComparison = bpp;
      } else if (depth === 16) {
        this._xComparison = bpp * 2;
      } else {
        this._xComparison = 1;
      }
    };
    Filter.prototype.start = function() {
      this.read(
        this._images[this._imageIndex].byteWidth + 1,
        this._reverseFilterLine.bind(this)
      );
    };
    Filter.prototype._unFilterType1 = function(rawData, unfilteredLine, byteWidth) {
      let xComparison = this._xComparison;
      let xBiggerThan = xComparison - 1;
      for (let x = 0; x < byteWidth; x++) {
        let rawByte = rawData[1 + x];
        let f1Left = x > xBiggerThan ? unfilteredLine[x - xComparison] : 0;
        unfilteredLine[x] = rawByte + f1Left;
      }
    };
    Filter.prototype._unFilterType2 = function(rawData, unfilteredLine, byteWidth) {
      let lastLine = this._lastLine;
      for (let x = 0; x < byteWidth; x++) {
        let rawByte = rawData[1 + x];
        let f2Up = lastLine ? lastLine[x] : 0;
        unfilteredLine[x] = rawByte + f2Up;
      }
    };
    Filter.prototype._unFilterType3 = function(rawData, unfilteredLine, byteWidth) {
      let xComparison = this._xComparison;
      let xBiggerThan = xComparison - 1;
      let lastLine = this._lastLine;
      for (let x = 0; x < byteWidth; x++) {
        let rawByte = rawData[1 + x];
        let f3Up = lastLine ? lastLine[x] : 0;
        let f3Left = x > xBiggerThan ? unfilteredLine[x - xComparison] : 0;
        let f3Add = Math.floor((f3Left + f3Up) / 2);
        unfilteredLine[x] = rawByte + f3Add;
      }
    };
    Filter.prototype._unFilterType4 = function(rawData, unfilteredLine, byteWidth) {
      let xComparison = this._xComparison;
      let xBiggerThan = xComparison - 1;
      let lastLine = this._lastLine;
      for (let x = 0; x < byteWidth; x++) {
        let rawByte = rawData[1 + x];
        let f4Up = lastLine ? lastLine[x] : 0;
        let f4Left = x > xBiggerThan ? unfilteredLine[x - xComparison] : 0;
        let f4UpLeft = x > xBiggerThan && lastLine ? lastLine[x - xComparison] : 0;
        let f4Add = paethPredictor(f4Left, f4Up, f4UpLeft);
        unfilteredLine[x] = rawByte + f4Add;
      }
    };
    Filter.prototype._reverseFilterLine = function(rawData) {
      let filter = rawData[0];
      let unfilteredLine;
      let currentImage = this._images[this._imageIndex];
      let byteWidth = currentImage.byteWidth;
      if (filter === 0) {
        unfilteredLine = rawData.slice(1, byteWidth + 1);
      } else {
        unfilteredLine = Buffer.alloc(byteWidth);
        switch (filter) {
          case 1:
            this._unFilterType1(rawData, unfilteredLine, byteWidth);
            break;
          case 2:
            this._unFilterType2(rawData, unfilteredLine, byteWidth);
            break;
          case 3:
            this._unFilterType3(rawData, unfilteredLine, byteWidth);
            break;
          case 4:
            this._unFilterType4(rawData, unfilteredLine, byteWidth);
            break;
          default:
            throw new Error("Unrecognised filter type - " + filter);
        }
      }
      this.write(unfilteredLine);
      currentImage.lineIndex++;
      if (currentImage.lineIndex >= currentImage.height) {
        this._lastLine = null;
        this._imageIndex++;
        currentImage = this._images[this._imageIndex];
      } else {
        this._lastLine = unfilteredLine;
      }
      if (currentImage) {
        this.read(currentImage.byteWidth + 1, this._reverseFilterLine.bind(this));
      } else {
        this._lastLine = null;
        this.complete();
      }
    };
  }
});

// node_modules/pngjs/lib/filter-parse-async.js
var require_filter_parse_async = __commonJS({
  "node_modules/pngjs/lib/filter-parse-async.js"(exports2, module2) {
    "use strict";
    var util = require("util");
    var ChunkStream = require_chunkstream();
    var Filter = require_filter_parse();
    var FilterAsync = module2.exports = function(bitmapInfo) {
      ChunkStream.call(this);
      let buffers = [];
      let that = this;
      this._filter = new Filter(bitmapInfo, {
        read: this.read.bind(this),
        write: function(buffer) {
          buffers.push(buffer);
        },
        complete: function() {
          that.emit("complete", Buffer.concat(buffers));
        }
      });
      this._filter.start();
    };
    util.inherits(FilterAsync, ChunkStream);
  }
});

// node_modules/pngjs/lib/constants.js
var require_constants = __commonJS({
  "node_modules/pngjs/lib/constants.js"(exports2, module2) {
    "use strict";
    module2.exports = {
      PNG_SIGNATURE: [137, 80, 78, 71, 13, 10, 26, 10],
      TYPE_IHDR: 1229472850,
      TYPE_IEND: 1229278788,
      TYPE_IDAT: 1229209940,
      TYPE_PLTE: 1347179589,
      TYPE_tRNS: 1951551059,
      // eslint-disable-line camelcase
      TYPE_gAMA: 1732332865,
      // eslint-disable-line camelcase
      // color-type bits
      COLORTYPE_GRAYSCALE: 0,
      COLORTYPE_PALETTE: 1,
      COLORTYPE_COLOR: 2,
      COLORTYPE_ALPHA: 4,
      // e.g. grayscale and alpha
      // color-type combinations
      COLORTYPE_PALETTE_COLOR: 3,
      COLORTYPE_COLOR_ALPHA: 6,
      COLORTYPE_TO_BPP_MAP: {
        0: 1,
        2: 3,
        3: 1,
        4: 2,
        6: 4
      },
      GAMMA_DIVISION: 1e5
    };
  }
});

// node_modules/pngjs/lib/crc.js
var require_crc = __commonJS({
  "node_modules/pngjs/lib/crc.js"(exports2, module2) {
    "use strict";
    var crcTable = [];
    (function() {
      for (let i = 0; i < 256; i++) {
        let currentCrc = i;
        for (let j = 0; j < 8; j++) {
          if (currentCrc & 1) {
            currentCrc = 3988292384 ^ currentCrc >>> 1;
          } else {
            currentCrc = currentCrc >>> 1;
          }
        }
        crcTable[i] = currentCrc;
      }
    })();
    var CrcCalculator = module2.exports = function() {
      this._crc = -1;
    };
    CrcCalculator.prototype.write = function(data) {
      for (let i = 0; i < data.length; i++) {
        this._crc = crcTable[(this._crc ^ data[i]) & 255] ^ this._crc >>> 8;
      }
      return true;
    };
    CrcCalculator.prototype.crc32 = function() {
      return this._crc ^ -1;
    };
    CrcCalculator.crc32 = function(buf) {
      let crc = -1;
      for (let i = 0; i < buf.length; i++) {
        crc = crcTable[(crc ^ buf[i]) & 255] ^ crc >>> 8;
      }
      return crc ^ -1;
    };
  }
});

// node_modules/pngjs/lib/parser.js
var require_parser = __commonJS({
  "node_modules/pngjs/lib/parser.js"(exports2, module2) {
    "use strict";
    var constants = require_constants();
    var CrcCalculator = require_crc();
    var Parser = module2.exports = function(options, dependencies) {
      this._options = options;
      options.checkCRC = options.checkCRC !== false;
      this._hasIHDR = false;
      this._hasIEND = false;
      this._emittedHeadersFinished = false;
      this._palette = [];
      this._colorType = 0;
      this._chunks = {};
      this._chunks[constants.TYPE_IHDR] = this._handleIHDR.bind(this);
      this._chunks[constants.TYPE_IEND] = this._handleIEND.bind(this);
      this._chunks[constants.TYPE_IDAT] = this._handleIDAT.bind(this);
      this._chunks[constants.TYPE_PLTE] = this._handlePLTE.bind(this);
      this._chunks[constants.TYPE_tRNS] = this._handleTRNS.bind(this);
      this._chunks[constants.TYPE_gAMA] = this._handleGAMA.bind(this);
      this.read = dependencies.read;
      this.error = dependencies.error;
      this.metadata = dependencies.metadata;
      this.gamma = dependencies.gamma;
      this.transColor = dependencies.transColor;
      this.palette = dependencies.palette;
      this.parsed = dependencies.parsed;
      this.inflateData = dependencies.inflateData;
      this.finished = dependencies.finished;
      this.simpleTransparency = dependencies.simpleTransparency;
      this.headersFinished = dependencies.headersFinished || function() {
      };
    };
    Parser.prototype.start = function() {
      this.read(constants.PNG_SIGNATURE.length, this._parseSignature.bind(this));
    };
    Parser.prototype._parseSignature = function(data) {
      let signature = constants.PNG_SIGNATURE;
      for (let i = 0; i < signature.length; i++) {
        if (data[i] !== signature[i]) {
          this.error(new Error("Invalid file signature"));
          return;
        }
      }
      this.read(8, this._parseChunkBegin.bind(this));
    };
    Parser.prototype._parseChunkBegin = function(data) {
      let length = data.readUInt32BE(0);
      let type = data.readUInt32BE(4);
      let name = "";
      for (let i = 4; i < 8; i++) {
        name += String.fromCharCode(data[i]);
      }
      let ancillary = Boolean(data[4] & 32);
      if (!this._hasIHDR && type !== constants.TYPE_IHDR) {
        this.error(new Error("Expected IHDR on beggining"));
        return;
      }
      this._crc = new CrcCalculator();
      this._crc.write(Buffer.from(name));
      if (this._chunks[type]) {
        return this._chunks[type](length);
      }
      if (!ancillary) {
        this.error(new Error("Unsupported critical chunk type " + name));
        return;
      }
      this.read(length + 4, this._skipChunk.bind(this));
    };
    Parser.prototype._skipChunk = function() {
      this.read(8, this._parseChunkBegin.bind(this));
    };
    Parser.prototype._handleChunkEnd = function() {
      this.read(4, this._parseChunkEnd.bind(this));
    };
    Parser.prototype._parseChunkEnd = function(data) {
      let fileCrc = data.readInt32BE(0);
      let calcCrc = this._crc.crc32();
      if (this._options.checkCRC && calcCrc !== fileCrc) {
        this.error(new Error("Crc error - " + fileCrc + " - " + calcCrc));
        return;
      }
      if (!this._hasIEND) {
        this.read(8, this._parseChunkBegin.bind(this));
      }
    };
    Parser.prototype._handleIHDR = function(length) {
      this.read(length, this._parseIHDR.bind(this));
    };
    Parser.prototype._parseIHDR = function(data) {
      this._crc.write(data);
      let width = data.readUInt32BE(0);
      let height = data.readUInt32BE(4);
      let depth = data[8];
      let colorType = data[9];
      let compr = data[10];
      let filter = data[11];
      let interlace = data[12];
      if (depth !== 8 && depth !== 4 && depth !== 2 && depth !== 1 && depth !== 16) {
        this.error(new Error("Unsupported bit depth " + depth));
        return;
      }
      if (!(colorType in constants.COLORTYPE_TO_BPP_MAP)) {
        this.error(new Error("Unsupported color type"));
        return;
      }
      if (compr !== 0) {
        this.error(new Error("Unsupported compression method"));
        return;
      }
      if (filter !== 0) {
        this.error(new Error("Unsupported filter method"));
        return;
      }
      if (interlace !== 0 && interlace !== 1) {
        this.error(new Error("Unsupported interlace method"));
        return;
      }
      this._colorType = colorType;
      let bpp = constants.COLORTYPE_TO_BPP_MAP[this._colorType];
      this._hasIHDR = true;
      this.metadata({
        width,
        height,
        depth,
        interlace: Boolean(interlace),
        palette: Boolean(colorType & constants.COLORTYPE_PALETTE),
        color: Boolean(colorType & constants.COLORTYPE_COLOR),
        alpha: Boolean(colorType & constants.COLORTYPE_ALPHA),
        bpp,
        colorType
      });
      this._handleChunkEnd();
    };
    Parser.prototype._handlePLTE = function(length) {
      this.read(length, this._parsePLTE.bind(this));
    };
    Parser.prototype._parsePLTE = function(data) {
      this._crc.write(data);
      let entries = Math.floor(data.length / 3);
      for (let i = 0; i < entries; i++) {
        this._palette.push([data[i * 3], data[i * 3 + 1], data[i * 3 + 2], 255]);
      }
      this.palette(this._palette);
      this._handleChunkEnd();
    };
    Parser.prototype._handleTRNS = function(length) {
      this.simpleTransparency();
      this.read(length, this._parseTRNS.bind(this));
    };
    Parser.prototype._parseTRNS = function(data) {
      this._crc.write(data);
      if (this._colorType === constants.COLORTYPE_PALETTE_COLOR) {
        if (this._palette.length === 0) {
          this.error(new Error("Transparency chunk must be after palette"));
          return;
        }
        if (data.length > this._palette.length) {
          this.error(new Error("More transparent colors than palette size"));
          return;
        }
        for (let i = 0; i < data.length; i++) {
          this._palette[i][3] = data[i];
        }
        this.palette(this._palette);
      }
      if (this._colorType === constants.COLORTYPE_GRAYSCALE) {
        this.transColor([data.readUInt16BE(0)]);
      }
      if (this._colorType === constants.COLORTYPE_COLOR) {
        this.transColor([
          data.readUInt16BE(0),
          data.readUInt16BE(2),
          data.readUInt16BE(4)
        ]);
      }
      this._handleChunkEnd();
    };
    Parser.prototype._handleGAMA = function(length) {
      this.read(length, this._parseGAMA.bind(this));
    };
    Parser.prototype._parseGAMA = function(data) {
      this._crc.write(data);
      this.gamma(data.readUInt32BE(0) / constants.GAMMA_DIVISION);
      this._handleChunkEnd();
    };
    Parser.prototype._handleIDAT = function(length) {
      if (!this._emittedHeadersFinished) {
        this._emittedHeadersFinished = true;
        this.headersFinished();
      }
      this.read(-length, this._parseIDAT.bind(this, length));
    };
    Parser.prototype._parseIDAT = function(length, data) {
      this._crc.write(data);
      if (this._colorType === constants.COLORTYPE_PALETTE_COLOR && this._palette.length === 0) {
        throw new Error("Expected palette not found");
      }
      this.inflateData(data);
      let leftOverLength = length - data.length;
      if (leftOverLength > 0) {
        this._handleIDAT(leftOverLength);
      } else {
        this._handleChunkEnd();
      }
    };
    Parser.prototype._handleIEND = function(length) {
      this.read(length, this._parseIEND.bind(this));
    };
    Parser.prototype._parseIEND = function(data) {
      this._crc.write(data);
      this._hasIEND = true;
      this._handleChunkEnd();
      if (this.finished) {
        this.finished();
      }
    };
  }
});

// node_modules/pngjs/lib/bitmapper.js
var require_bitmapper = __commonJS({
  "node_modules/pngjs/lib/bitmapper.js"(exports2) {
    "use strict";
    var interlaceUtils = require_interlace();
    var pixelBppMapper = [
      // 0 - dummy entry
      function() {
      },
      // 1 - L
      // 0: 0, 1: 0, 2: 0, 3: 0xff
      function(pxData, data, pxPos, rawPos) {
        if (rawPos === data.length) {
          throw new Error("Ran out of data");
        }
        let pixel = data[rawPos];
        pxData[pxPos] = pixel;
        pxData[pxPos + 1] = pixel;
        pxData[pxPos + 2] = pixel;
        pxData[pxPos + 3] = 255;
      },
      // 2 - LA
      // 0: 0, 1: 0, 2: 0, 3: 1
      function(pxData, data, pxPos, rawPos) {
        if (rawPos + 1 >= data.length) {
          throw new Error("Ran out of data");
        }
        let pixel = data[rawPos];
        pxData[pxPos] = pixel;
        pxData[pxPos + 1] = pixel;
        pxData[pxPos + 2] = pixel;
        pxData[pxPos + 3] = data[rawPos + 1];
      },
      // 3 - RGB
      // 0: 0, 1: 1, 2: 2, 3: 0xff
      function(pxData, data, pxPos, rawPos) {
        if (rawPos + 2 >= data.length) {
          throw new Error("Ran out of data");
        }
        pxData[pxPos] = data[rawPos];
        pxData[pxPos + 1] = data[rawPos + 1];
        pxData[pxPos + 2] = data[rawPos + 2];
        pxData[pxPos + 3] = 255;
      },
      // 4 - RGBA
      // 0: 0, 1: 1, 2: 2, 3: 3
      function(pxData, data, pxPos, rawPos) {
        if (rawPos + 3 >= data.length) {
          throw new Error("Ran out of data");
        }
        pxData[pxPos] = data[rawPos];
        pxData[pxPos + 1] = data[rawPos + 1];
        pxData[pxPos + 2] = data[rawPos + 2];
        pxData[pxPos + 3] = data[rawPos + 3];
      }
    ];
    var pixelBppCustomMapper = [
      // 0 - dummy entry
      function() {
      },
      // 1 - L
      // 0: 0, 1: 0, 2: 0, 3: 0xff
      function(pxData, pixelData, pxPos, maxBit) {
        let pixel = pixelData[0];
        pxData[pxPos] = pixel;
        pxData[pxPos + 1] = pixel;
        pxData[pxPos + 2] = pixel;
        pxData[pxPos + 3] = maxBit;
      },
      // 2 - LA
      // 0: 0, 1: 0, 2: 0, 3: 1
      function(pxData, pixelData, pxPos) {
        let pixel = pixelData[0];
        pxData[pxPos] = pixel;
        pxData[pxPos + 1] = pixel;
        pxData[pxPos + 2] = pixel;
        pxData[pxPos + 3] = pixelData[1];
      },
      // 3 - RGB
      // 0: 0, 1: 1, 2: 2, 3: 0xff
      function(pxData, pixelData, pxPos, maxBit) {
        pxData[pxPos] = pixelData[0];
        pxData[pxPos + 1] = pixelData[1];
        pxData[pxPos + 2] = pixelData[2];
        pxData[pxPos + 3] = maxBit;
      },
      // 4 - RGBA
      // 0: 0, 1: 1, 2: 2, 3: 3
      function(pxData, pixelData, pxPos) {
        pxData[pxPos] = pixelData[0];
        pxData[pxPos + 1] = pixelData[1];
        pxData[pxPos + 2] = pixelData[2];
        pxData[pxPos + 3] = pixelData[3];
      }
    ];
    function bitRetriever(data, depth) {
      let leftOver = [];
      let i = 0;
      function split() {
        if (i === data.length) {
          throw new Error("Ran out of data");
        }
        let byte = data[i];
        i++;
        let byte8, byte7, byte6, byte5, byte4, byte3, byte2, byte1;
        switch (depth) {
          default:
            throw new Error("unrecognised depth");
          case 16:
            byte2 = data[i];
            i++;
            leftOver.push((byte << 8) + byte2);
            break;
          case 4:
            byte2 = byte & 15;
            byte1 = byte >> 4;
            leftOver.push(byte1, byte2);
            break;
          case 2:
            byte4 = byte & 3;
            byte3 = byte >> 2 & 3;
            byte2 = byte >> 4 & 3;
            byte1 = byte >> 6 & 3;
            leftOver.push(byte1, byte2, byte3, byte4);
            break;
          case 1:
            byte8 = byte & 1;
            byte7 = byte >> 1 & 1;
            byte6 = byte >> 2 & 1;
            byte5 = byte >> 3 & 1;
            byte4 = byte >> 4 & 1;
            byte3 = byte >> 5 & 1;
            byte2 = byte >> 6 & 1;
            byte1 = byte >> 7 & 1;
            leftOver.push(byte1, byte2, byte3, byte4, byte5, byte6, byte7, byte8);
            break;
        }
      }
      return {
        get: function(count) {
          while (leftOver.length < count) {
            split();
          }
          let returner = leftOver.slice(0, count);
          leftOver = leftOver.slice(count);
          return returner;
        },
        resetAfterLine: function() {
          leftOver.length = 0;
        },
        end: function() {
          if (i !== data.length) {
            throw new Error("extra data found");
          }
        }
      };
    }
    function mapImage8Bit(image, pxData, getPxPos, bpp, data, rawPos) {
      let imageWidth = image.width;
      let imageHeight = image.height;
      let imagePass = image.index;
      for (let y = 0; y < imageHeight; y++) {
        for (let x = 0; x < imageWidth; x++) {
          let pxPos = getPxPos(x, y, imagePass);
          pixelBppMapper[bpp](pxData, data, pxPos, rawPos);
          rawPos += bpp;
        }
      }
      return rawPos;
    }
    function mapImageCustomBit(image, pxData, getPxPos, bpp, bits, maxBit) {
      let imageWidth = image.width;
      let imageHeight = image.height;
      let imagePass = image.index;
      for (let y = 0; y < imageHeight; y++) {
        for (let x = 0; x < imageWidth; x++) {
          let pixelData = bits.get(bpp);
          let pxPos = getPxPos(x, y, imagePass);
          pixelBppCustomMapper[bpp](pxData, pixelData, pxPos, maxBit);
        }
        bits.resetAfterLine();
      }
    }
    exports2.dataToBitMap = function(data, bitmapInfo) {
      let width = bitmapInfo.width;
      let height = bitmapInfo.height;
      let depth = bitmapInfo.depth;
      let bpp = bitmapInfo.bpp;
      let interlace = bitmapInfo.interlace;
      let bits;
      if (depth !== 8) {
        bits = bitRetriever(data, depth);
      }
      let pxData;
      if (depth <= 8) {
        pxData = Buffer.alloc(width * height * 4);
      } else {
        pxData = new Uint16Array(width * height * 4);
      }
      let maxBit = Math.pow(2, depth) - 1;
      let rawPos = 0;
      let images;
      let getPxPos;
      if (interlace) {
        images = interlaceUtils.getImagePasses(width, height);
        getPxPos = interlaceUtils.getInterlaceIterator(width, height);
      } else {
        let nonInterlacedPxPos = 0;
        getPxPos = function() {
          let returner = nonInterlacedPxPos;
          nonInterlacedPxPos += 4;
          return returner;
        };
        images = [{ width, height }];
      }
      for (let imageIndex = 0; imageIndex < images.length; imageIndex++) {
        if (depth === 8) {
          rawPos = mapImage8Bit(
            images[imageIndex],
            pxData,
            getPxPos,
            bpp,
            data,
            rawPos
          );
        } else {
          mapImageCustomBit(
            images[imageIndex],
            pxData,
            getPxPos,
            bpp,
            bits,
            maxBit
          );
        }
      }
      if (depth === 8) {
        if (rawPos !== data.length) {
          throw new Error("extra data found");
        }
      } else {
        bits.end();
      }
      return pxData;
    };
  }
});

// node_modules/pngjs/lib/format-normaliser.js
var require_format_normaliser = __commonJS({
  "node_modules/pngjs/lib/format-normaliser.js"(exports2, module2) {
    "use strict";
    function dePalette(indata, outdata, width, height, palette) {
      let pxPos = 0;
      for (let y = 0; y < height; y++) {
        for (let x = 0; x < width; x++) {
          let color = palette[indata[pxPos]];
          if (!color) {
            throw new Error("index " + indata[pxPos] + " not in palette");
          }
          for (let i = 0; i < 4; i++) {
            outdata[pxPos + i] = color[i];
          }
          pxPos += 4;
        }
      }
    }
    function replaceTransparentColor(indata, outdata, width, height, transColor) {
      let pxPos = 0;
      for (let y = 0; y < height; y++) {
        for (let x = 0; x < width; x++) {
          let makeTrans = false;
          if (transColor.length === 1) {
            if (transColor[0] === indata[pxPos]) {
              makeTrans = true;
            }
          } else if (transColor[0] === indata[pxPos] && transColor[1] === indata[pxPos + 1] && transColor[2] === indata[pxPos + 2]) {
            makeTrans = true;
          }
          if (makeTrans) {
            for (let i = 0; i < 4; i++) {
              outdata[pxPos + i] = 0;
            }
          }
          pxPos += 4;
        }
      }
    }
    function scaleDepth(indata, outdata, width, height, depth) {
      let maxOutSample = 255;
      let maxInSample = Math.pow(2, depth) - 1;
      let pxPos = 0;
      for (let y = 0; y < height; y++) {
        for (let x = 0; x < width; x++) {
          for (let i = 0; i < 4; i++) {
            outdata[pxPos + i] = Math.floor(
              indata[pxPos + i] * maxOutSample / maxInSample + 0.5
            );
          }
          pxPos += 4;
        }
      }
    }
    module2.exports = function(indata, imageData, skipRescale = false) {
      let depth = imageData.depth;
      let width = imageData.width;
      let height = imageData.height;
      let colorType = imageData.colorType;
      let transColor = imageData.transColor;
      let palette = imageData.palette;
      let outdata = indata;
      if (colorType === 3) {
        dePalette(indata, outdata, width, height, palette);
      } else {
        if (transColor) {
          replaceTransparentColor(indata, outdata, width, height, transColor);
        }
        if (depth !== 8 && !skipRescale) {
          if (depth === 16) {
            outdata = Buffer.alloc(width * height * 4);
          }
          scaleDepth(indata, outdata, width, height, depth);
        }
      }
      return outdata;
    };
  }
});

// node_modules/pngjs/lib/parser-async.js
var require_parser_async = __commonJS({
  "node_modules/pngjs/lib/parser-async.js"(exports2, module2) {
    "use strict";
    var util = require("util");
    var zlib = require("zlib");
    var ChunkStream = require_chunkstream();
    var FilterAsync = require_filter_parse_async();
    var Parser = require_parser();
    var bitmapper = require_bitmapper();
    var formatNormaliser = require_format_normaliser();
    var ParserAsync = module2.exports = function(options) {
      ChunkStream.call(this);
      this._parser = new Parser(options, {
        read: this.read.bind(this),
        error: this._handleError.bind(this),
        metadata: this._handleMetaData.bind(this),
        gamma: this.emit.bind(this, "gamma"),
        palette: this._handlePalette.bind(this),
        transColor: this._handleTransColor.bind(this),
        finished: this._finished.bind(this),
        inflateData: this._inflateData.bind(this),
        simpleTransparency: this._simpleTransparency.bind(this),
        headersFinished: this._headersFinished.bind(this)
      });
      this._options = options;
      this.writable = true;
      this._parser.start();
    };
    util.inherits(ParserAsync, ChunkStream);
    ParserAsync.prototype._handleError = function(err) {
      this.emit("error", err);
      this.writable = false;
      this.destroy();
      if (this._inflate && this._inflate.destroy) {
        this._inflate.destroy();
      }
      if (this._filter) {
        this._filter.destroy();
        this._filter.on("error", function() {
        });
      }
      this.errord = true;
    };
    ParserAsync.prototype._inflateData = function(data) {
      if (!this._inflate) {
        if (this._bitmapInfo.interlace) {
          this._inflate = zlib.createInflate();
          this._inflate.on("error", this.emit.bind(this, "error"));
          this._filter.on("complete", this._complete.bind(this));
          this._inflate.pipe(this._filter);
        } else {
          let rowSize = (this._bitmapInfo.width * this._bitmapInfo.bpp * this._bitmapInfo.depth + 7 >> 3) + 1;
          let imageSize = rowSize * this._bitmapInfo.height;
          let chunkSize = Math.max(imageSize, zlib.Z_MIN_CHUNK);
          this._inflate = zlib.createInflate({ chunkSize });
          let leftToInflate = imageSize;
          let emitError = this.emit.bind(this, "error");
          this._inflate.on("error", function(err) {
            if (!leftToInflate) {
              return;
            }
            emitError(err);
          });
          this._filter.on("complete", this._complete.bind(this));
          let filterWrite = this._filter.write.bind(this._filter);
          this._inflate.on("data", function(chunk) {
            if (!leftToInflate) {
              return;
            }
            if (chunk.length > leftToInflate) {
              chunk = chunk.slice(0, leftToInflate);
            }
            leftToInflate -= chunk.length;
            filterWrite(chunk);
          });
          this._inflate.on("end", this._filter.end.bind(this._filter));
        }
      }
      this._inflate.write(data);
    };
    ParserAsync.prototype._handleMetaData = function(metaData) {
      this._metaData = metaData;
      this._bitmapInfo = Object.create(metaData);
      this._filter = new FilterAsync(this._bitmapInfo);
    };
    ParserAsync.prototype._handleTransColor = function(transColor) {
      this._bitmapInfo.transColor = transColor;
    };
    ParserAsync.prototype._handlePalette = function(palette) {
      this._bitmapInfo.palette = palette;
    };
    ParserAsync.prototype._simpleTransparency = function() {
      this._metaData.alpha = true;
    };
    ParserAsync.prototype._headersFinished = function() {
      this.emit("metadata", this._metaData);
    };
    ParserAsync.prototype._finished = function() {
      if (this.errord) {
        return;
      }
      if (!this._inflate) {
        this.emit("error", "No Inflate block");
      } else {
        this._inflate.end();
      }
    };
    ParserAsync.prototype._complete = function(filteredData) {
      if (this.errord) {
        return;
      }
      let normalisedBitmapData;
      try {
        let bitmapData = bitmapper.dataToBitMap(filteredData, this._bitmapInfo);
        normalisedBitmapData = formatNormaliser(
          bitmapData,
          this._bitmapInfo,
          this._options.skipRescale
        );
        bitmapData = null;
      } catch (ex) {
        this._handleError(ex);
        return;
      }
      this.emit("parsed", normalisedBitmapData);
    };
  }
});

// node_modules/pngjs/lib/bitpacker.js
var require_bitpacker = __commonJS({
  "node_modules/pngjs/lib/bitpacker.js"(exports2, module2) {
    "use strict";
    var constants = require_constants();
    module2.exports = function(dataIn, width, height, options) {
      let outHasAlpha = [constants.COLORTYPE_COLOR_ALPHA, constants.COLORTYPE_ALPHA].indexOf(
        options.colorType
      ) !== -1;
      if (options.colorType === options.inputColorType) {
        let bigEndian = (function() {
          let buffer = new ArrayBuffer(2);
          new DataView(buffer).setInt16(
            0,
            256,
            true
            /* littleEndian */
          );
          return new Int16Array(buffer)[0] !== 256;
        })();
        if (options.bitDepth === 8 || options.bitDepth === 16 && bigEndian) {
          return dataIn;
        }
      }
      let data = options.bitDepth !== 16 ? dataIn : new Uint16Array(dataIn.buffer);
      let maxValue = 255;
      let inBpp = constants.COLORTYPE_TO_BPP_MAP[options.inputColorType];
      if (inBpp === 4 && !options.inputHasAlpha) {
        inBpp = 3;
      }
      let outBpp = constants.COLORTYPE_TO_BPP_MAP[options.colorType];
      if (options.bitDepth === 16) {
        maxValue = 65535;
        outBpp *= 2;
      }
      let outData = Buffer.alloc(width * height * outBpp);
      let inIndex = 0;
      let outIndex = 0;
      let bgColor = options.bgColor || {};
      if (bgColor.red === void 0) {
        bgColor.red = maxValue;
      }
      if (bgColor.green === void 0) {
        bgColor.green = maxValue;
      }
      if (bgColor.blue === void 0) {
        bgColor.blue = maxValue;
      }
      function getRGBA() {
        let red;
        let green;
        let blue;
        let alpha = maxValue;
        switch (options.inputColorType) {
          case constants.COLORTYPE_COLOR_ALPHA:
            alpha = data[inIndex + 3];
            red = data[inIndex];
            green = data[inIndex + 1];
            blue = data[inIndex + 2];
            break;
          case constants.COLORTYPE_COLOR:
            red = data[inIndex];
            green = data[inIndex + 1];
            blue = data[inIndex + 2];
            break;
          case constants.COLORTYPE_ALPHA:
            alpha = data[inIndex + 1];
            red = data[inIndex];
            green = red;
            blue = red;
            break;
          case constants.COLORTYPE_GRAYSCALE:
            red = data[inIndex];
            green = red;
            blue = red;
            break;
          default:
            throw new Error(
              "input color type:" + options.inputColorType + " is not supported at present"
            );
        }
        if (options.inputHasAlpha) {
          if (!outHasAlpha) {
            alpha /= maxValue;
            red = Math.min(
              Math.max(Math.round((1 - alpha) * bgColor.red + alpha * red), 0),
              maxValue
            );
            green = Math.min(
              Math.max(Math.round((1 - alpha) * bgColor.green + alpha * green), 0),
              maxValue
            );
            blue = Math.min(
              Math.max(Math.round((1 - alpha) * bgColor.blue + alpha * blue), 0),
              maxValue
            );
          }
        }
        return { red, green, blue, alpha };
      }
      for (let y = 0; y < height; y++) {
        for (let x = 0; x < width; x++) {
          let rgba = getRGBA(data, inIndex);
          switch (options.colorType) {
            case constants.COLORTYPE_COLOR_ALPHA:
            case constants.COLORTYPE_COLOR:
              if (options.bitDepth === 8) {
                outData[outIndex] = rgba.red;
                outData[outIndex + 1] = rgba.green;
                outData[outIndex + 2] = rgba.blue;
                if (outHasAlpha) {
                  outData[outIndex + 3] = rgba.alpha;
                }
              } else {
                outData.writeUInt16BE(rgba.red, outIndex);
                outData.writeUInt16BE(rgba.green, outIndex + 2);
                outData.writeUInt16BE(rgba.blue, outIndex + 4);
                if (outHasAlpha) {
                  outData.writeUInt16BE(rgba.alpha, outIndex + 6);
                }
              }
              break;
            case constants.COLORTYPE_ALPHA:
            case constants.COLORTYPE_GRAYSCALE: {
              let grayscale = (rgba.red + rgba.green + rgba.blue) / 3;
              if (options.bitDepth === 8) {
                outData[outIndex] = grayscale;
                if (outHasAlpha) {
                  outData[outIndex + 1] = rgba.alpha;
                }
              } else {
                outData.writeUInt16BE(grayscale, outIndex);
                if (outHasAlpha) {
                  outData.writeUInt16BE(rgba.alpha, outIndex + 2);
                }
              }
              break;
            }
            default:
              throw new Error("unrecognised color Type " + options.colorType);
          }
          inIndex += inBpp;
          outIndex += outBpp;
        }
      }
      return outData;
    };
  }
});

// node_modules/pngjs/lib/filter-pack.js
var require_filter_pack = __commonJS({
  "node_modules/pngjs/lib/filter-pack.js"(exports2, module2) {
    "use strict";
    var paethPredictor = require_paeth_predictor();
    function filterNone(pxData, pxPos, byteWidth, rawData, rawPos) {
      for (let x = 0; x < byteWidth; x++) {
        rawData[rawPos + x] = pxData[pxPos + x];
      }
    }
    function filterSumNone(pxData, pxPos, byteWidth) {
      let sum = 0;
      let length = pxPos + byteWidth;
      for (let i = pxPos; i < length; i++) {
        sum += Math.abs(pxData[i]);
      }
      return sum;
    }
    function filterSub(pxData, pxPos, byteWidth, rawData, rawPos, bpp) {
      for (let x = 0; x < byteWidth; x++) {
        let left = x >= bpp ? pxData[pxPos + x - bpp] : 0;
        let val = pxData[pxPos + x] - left;
        rawData[rawPos + x] = val;
      }
    }
    function filterSumSub(pxData, pxPos, byteWidth, bpp) {
      let sum = 0;
      for (let x = 0; x < byteWidth; x++) {
        let left = x >= bpp ? pxData[pxPos + x - bpp] : 0;
        let val = pxData[pxPos + x] - left;
        sum += Math.abs(val);
      }
      return sum;
    }
    function filterUp(pxData, pxPos, byteWidth, rawData, rawPos) {
      for (let x = 0; x < byteWidth; x++) {
        let up = pxPos > 0 ? pxData[pxPos + x - byteWidth] : 0;
        let val = pxData[pxPos + x] - up;
        rawData[rawPos + x] = val;
      }
    }
    function filterSumUp(pxData, pxPos, byteWidth) {
      let sum = 0;
      let length = pxPos + byteWidth;
      for (let x = pxPos; x < length; x++) {
        let up = pxPos > 0 ? pxData[x - byteWidth] : 0;
        let val = pxData[x] - up;
        sum += Math.abs(val);
      }
      return sum;
    }
    function filterAvg(pxData, pxPos, byteWidth, rawData, rawPos, bpp) {
      for (let x = 0; x < byteWidth; x++) {
        let left = x >= bpp ? pxData[pxPos + x - bpp] : 0;
        let up = pxPos > 0 ? pxData[pxPos + x - byteWidth] : 0;
        let val = pxData[pxPos + x] - (left + up >> 1);
        rawData[rawPos + x] = val;
      }
    }
    function filterSumAvg(pxData, pxPos, byteWidth, bpp) {
      let sum = 0;
      for (let x = 0; x < byteWidth; x++) {
        let left = x >= bpp ? pxData[pxPos + x - bpp] : 0;
        let up = pxPos > 0 ? pxData[pxPos + x - byteWidth] : 0;
        let val = pxData[pxPos + x] - (left + up >> 1);
        sum += Math.abs(val);
      }
      return sum;
    }
    function filterPaeth(pxData, pxPos, byteWidth, rawData, rawPos, bpp) {
      for (let x = 0; x < byteWidth; x++) {
        let left = x >= bpp ? pxData[pxPos + x - bpp] : 0;
        let up = pxPos > 0 ? pxData[pxPos + x - byteWidth] : 0;
        let upleft = pxPos > 0 && x >= bpp ? pxData[pxPos + x - (byteWidth + bpp)] : 0;
        let val = pxData[pxPos + x] - paethPredictor(left, up, upleft);
        rawData[rawPos + x] = val;
      }
    }
    function filterSumPaeth(pxData, pxPos, byteWidth, bpp) {
      let sum = 0;
      for (let x = 0; x < byteWidth; x++) {
        let left = x >= bpp ? pxData[pxPos + x - bpp] : 0;
        let up = pxPos > 0 ? pxData[pxPos + x - byteWidth] : 0;
        let upleft = pxPos > 0 && x >= bpp ? pxData[pxPos + x - (byteWidth + bpp)] : 0;
        let val = pxData[pxPos + x] - paethPredictor(left, up, upleft);
        sum += Math.abs(val);
      }
      return sum;
    }
    var filters = {
      0: filterNone,
      1: filterSub,
      2: filterUp,
      3: filterAvg,
      4: filterPaeth
    };
    var filterSums = {
      0: filterSumNone,
      1: filterSumSub,
      2: filterSumUp,
      3: filterSumAvg,
      4: filterSumPaeth
    };
    module2.exports = function(pxData, width, height, options, bpp) {
      let filterTypes;
      if (!("filterType" in options) || options.filterType === -1) {
        filterTypes = [0, 1, 2, 3, 4];
      } else if (typeof options.filterType === "number") {
        filterTypes = [options.filterType];
      } else {
        throw new Error("unrecognised filter types");
      }
      if (options.bitDepth === 16) {
        bpp *= 2;
      }
      let byteWidth = width * bpp;
      let rawPos = 0;
      let pxPos = 0;
      let rawData = Buffer.alloc((byteWidth + 1) * height);
      let sel = filterTypes[0];
      for (let y = 0; y < height; y++) {
        if (filterTypes.length > 1) {
          let min3 = Infinity;
          for (let i = 0; i < filterTypes.length; i++) {
            let sum = filterSums[filterTypes[i]](pxData, pxPos, byteWidth, bpp);
            if (sum < min3) {
              sel = filterTypes[i];
              min3 = sum;
            }
          }
        }
        rawData[rawPos] = sel;
        rawPos++;
        filters[sel](pxData, pxPos, byteWidth, rawData, rawPos, bpp);
        rawPos += byteWidth;
        pxPos += byteWidth;
      }
      return rawData;
    };
  }
});

// node_modules/pngjs/lib/packer.js
var require_packer = __commonJS({
  "node_modules/pngjs/lib/packer.js"(exports2, module2) {
    "use strict";
    var constants = require_constants();
    var CrcStream = require_crc();
    var bitPacker = require_bitpacker();
    var filter = require_filter_pack();
    var zlib = require("zlib");
    var Packer = module2.exports = function(options) {
      this._options = options;
      options.deflateChunkSize = options.deflateChunkSize || 32 * 1024;
      options.deflateLevel = options.deflateLevel != null ? options.deflateLevel : 9;
      options.deflateStrategy = options.deflateStrategy != null ? options.deflateStrategy : 3;
      options.inputHasAlpha = options.inputHasAlpha != null ? options.inputHasAlpha : true;
      options.deflateFactory = options.deflateFactory || zlib.createDeflate;
      options.bitDepth = options.bitDepth || 8;
      options.colorType = typeof options.colorType === "number" ? options.colorType : constants.COLORTYPE_COLOR_ALPHA;
      options.inputColorType = typeof options.inputColorType === "number" ? options.inputColorType : constants.COLORTYPE_COLOR_ALPHA;
      if ([
        constants.COLORTYPE_GRAYSCALE,
        constants.COLORTYPE_COLOR,
        constants.COLORTYPE_COLOR_ALPHA,
        constants.COLORTYPE_ALPHA
      ].indexOf(options.colorType) === -1) {
        throw new Error(
          "option color type:" + options.colorType + " is not supported at present"
        );
      }
      if ([
        constants.COLORTYPE_GRAYSCALE,
        constants.COLORTYPE_COLOR,
        constants.COLORTYPE_COLOR_ALPHA,
        constants.COLORTYPE_ALPHA
      ].indexOf(options.inputColorType) === -1) {
        throw new Error(
          "option input color type:" + options.inputColorType + " is not supported at present"
        );
      }
      if (options.bitDepth !== 8 && options.bitDepth !== 16) {
        throw new Error(
          "option bit depth:" + options.bitDepth + " is not supported at present"
        );
      }
    };
    Packer.prototype.getDeflateOptions = function() {
      return {
        chunkSize: this._options.deflateChunkSize,
        level: this._options.deflateLevel,
        strategy: this._options.deflateStrategy
      };
    };
    Packer.prototype.createDeflate = function() {
      return this._options.deflateFactory(this.getDeflateOptions());
    };
    Packer.prototype.filterData = function(data, width, height) {
      let packedData = bitPacker(data, width, height, this._options);
      let bpp = constants.COLORTYPE_TO_BPP_MAP[this._options.colorType];
      let filteredData = filter(packedData, width, height, this._options, bpp);
      return filteredData;
    };
    Packer.prototype._packChunk = function(type, data) {
      let len = data ? data.length : 0;
      let buf = Buffer.alloc(len + 12);
      buf.writeUInt32BE(len, 0);
      buf.writeUInt32BE(type, 4);
      if (data) {
        data.copy(buf, 8);
      }
      buf.writeInt32BE(
        CrcStream.crc32(buf.slice(4, buf.length - 4)),
        buf.length - 4
      );
      return buf;
    };
    Packer.prototype.packGAMA = function(gamma) {
      let buf = Buffer.alloc(4);
      buf.writeUInt32BE(Math.floor(gamma * constants.GAMMA_DIVISION), 0);
      return this._packChunk(constants.TYPE_gAMA, buf);
    };
    Packer.prototype.packIHDR = function(width, height) {
      let buf = Buffer.alloc(13);
      buf.writeUInt32BE(width, 0);
      buf.writeUInt32BE(height, 4);
      buf[8] = this._options.bitDepth;
      buf[9] = this._options.colorType;
      buf[10] = 0;
      buf[11] = 0;
      buf[12] = 0;
      return this._packChunk(constants.TYPE_IHDR, buf);
    };
    Packer.prototype.packIDAT = function(data) {
      return this._packChunk(constants.TYPE_IDAT, data);
    };
    Packer.prototype.packIEND = function() {
      return this._packChunk(constants.TYPE_IEND, null);
    };
  }
});

// node_modules/pngjs/lib/packer-async.js
var require_packer_async = __commonJS({
  "node_modules/pngjs/lib/packer-async.js"(exports2, module2) {
    "use strict";
    var util = require("util");
    var Stream = require("stream");
    var constants = require_constants();
    var Packer = require_packer();
    var PackerAsync = module2.exports = function(opt) {
      Stream.call(this);
      let options = opt || {};
      this._packer = new Packer(options);
      this._deflate = this._packer.createDeflate();
      this.readable = true;
    };
    util.inherits(PackerAsync, Stream);
    PackerAsync.prototype.pack = function(data, width, height, gamma) {
      this.emit("data", Buffer.from(constants.PNG_SIGNATURE));
      this.emit("data", this._packer.packIHDR(width, height));
      if (gamma) {
        this.emit("data", this._packer.packGAMA(gamma));
      }
      let filteredData = this._packer.filterData(data, width, height);
      this._deflate.on("error", this.emit.bind(this, "error"));
      this._deflate.on(
        "data",
        function(compressedData) {
          this.emit("data", this._packer.packIDAT(compressedData));
        }.bind(this)
      );
      this._deflate.on(
        "end",
        function() {
          this.emit("data", this._packer.packIEND());
          this.emit("end");
        }.bind(this)
      );
      this._deflate.end(filteredData);
    };
  }
});

// node_modules/pngjs/lib/sync-inflate.js
var require_sync_inflate = __commonJS({
  "node_modules/pngjs/lib/sync-inflate.js"(exports2, module2) {
    "use strict";
    var assert = require("assert").ok;
    var zlib = require("zlib");
    var util = require("util");
    var kMaxLength = require("buffer").kMaxLength;
    function Inflate(opts) {
      if (!(this instanceof Inflate)) {
        return new Inflate(opts);
      }
      if (opts && opts.chunkSize < zlib.Z_MIN_CHUNK) {
        opts.chunkSize = zlib.Z_MIN_CHUNK;
      }
      zlib.Inflate.call(this, opts);
      this._offset = this._offset === void 0 ? this._outOffset : this._offset;
      this._buffer = this._buffer || this._outBuffer;
      if (opts && opts.maxLength != null) {
        this._maxLength = opts.maxLength;
      }
    }
    function createInflate(opts) {
      return new Inflate(opts);
    }
    function _close(engine, callback) {
      if (callback) {
        process.nextTick(callback);
      }
      if (!engine._handle) {
        return;
      }
      engine._handle.close();
      engine._handle = null;
    }
    Inflate.prototype._processChunk = function(chunk, flushFlag, asyncCb) {
      if (typeof asyncCb === "function") {
        return zlib.Inflate._processChunk.call(this, chunk, flushFlag, asyncCb);
      }
      let self = this;
      let availInBefore = chunk && chunk.length;
      let availOutBefore = this._chunkSize - this._offset;
      let leftToInflate = this._maxLength;
      let inOff = 0;
      let buffers = [];
      let nread = 0;
      let error;
      this.on("error", function(err) {
        error = err;
      });
      function handleChunk(availInAfter, availOutAfter) {
        if (self._hadError) {
          return;
        }
        let have = availOutBefore - availOutAfter;
        assert(have >= 0, "have should not go down");
        if (have > 0) {
          let out = self._buffer.slice(self._offset, self._offset + have);
          self._offset += have;
          if (out.length > leftToInflate) {
            out = out.slice(0, leftToInflate);
          }
          buffers.push(out);
          nread += out.length;
          leftToInflate -= out.length;
          if (leftToInflate === 0) {
            return false;
          }
        }
        if (availOutAfter === 0 || self._offset >= self._chunkSize) {
          availOutBefore = self._chunkSize;
          self._offset = 0;
          self._buffer = Buffer.allocUnsafe(self._chunkSize);
        }
        if (availOutAfter === 0) {
          inOff += availInBefore - availInAfter;
          availInBefore = availInAfter;
          return true;
        }
        return false;
      }
      assert(this._handle, "zlib binding closed");
      let res;
      do {
        res = this._handle.writeSync(
          flushFlag,
          chunk,
          // in
          inOff,
          // in_off
          availInBefore,
          // in_len
          this._buffer,
          // out
          this._offset,
          //out_off
          availOutBefore
        );
        res = res || this._writeState;
      } while (!this._hadError && handleChunk(res[0], res[1]));
      if (this._hadError) {
        throw error;
      }
      if (nread >= kMaxLength) {
        _close(this);
        throw new RangeError(
          "Cannot create final Buffer. It would be larger than 0x" + kMaxLength.toString(16) + " bytes"
        );
      }
      let buf = Buffer.concat(buffers, nread);
      _close(this);
      return buf;
    };
    util.inherits(Inflate, zlib.Inflate);
    function zlibBufferSync(engine, buffer) {
      if (typeof buffer === "string") {
        buffer = Buffer.from(buffer);
      }
      if (!(buffer instanceof Buffer)) {
        throw new TypeError("Not a string or buffer");
      }
      let flushFlag = engine._finishFlushFlag;
      if (flushFlag == null) {
        flushFlag = zlib.Z_FINISH;
      }
      return engine._processChunk(buffer, flushFlag);
    }
    function inflateSync(buffer, opts) {
      return zlibBufferSync(new Inflate(opts), buffer);
    }
    module2.exports = exports2 = inflateSync;
    exports2.Inflate = Inflate;
    exports2.createInflate = createInflate;
    exports2.inflateSync = inflateSync;
  }
});

// node_modules/pngjs/lib/sync-reader.js
var require_sync_reader = __commonJS({
  "node_modules/pngjs/lib/sync-reader.js"(exports2, module2) {
    "use strict";
    var SyncReader = module2.exports = function(buffer) {
      this._buffer = buffer;
      this._reads = [];
    };
    SyncReader.prototype.read = function(length, callback) {
      this._reads.push({
        length: Math.abs(length),
        // if length < 0 then at most this length
        allowLess: length < 0,
        func: callback
      });
    };
    SyncReader.prototype.process = function() {
      while (this._reads.length > 0 && this._buffer.length) {
        let read = this._reads[0];
        if (this._buffer.length && (this._buffer.length >= read.length || read.allowLess)) {
          this._reads.shift();
          let buf = this._buffer;
          this._buffer = buf.slice(read.length);
          read.func.call(this, buf.slice(0, read.length));
        } else {
          break;
        }
      }
      if (this._reads.length > 0) {
        throw new Error("There are some read requests waitng on finished stream");
      }
      if (this._buffer.length > 0) {
        throw new Error("unrecognised content at end of stream");
      }
    };
  }
});

// node_modules/pngjs/lib/filter-parse-sync.js
var require_filter_parse_sync = __commonJS({
  "node_modules/pngjs/lib/filter-parse-sync.js"(exports2) {
    "use strict";
    var SyncReader = require_sync_reader();
    var Filter = require_filter_parse();
    exports2.process = function(inBuffer, bitmapInfo) {
      let outBuffers = [];
      let reader = new SyncReader(inBuffer);
      let filter = new Filter(bitmapInfo, {
        read: reader.read.bind(reader),
        write: function(bufferPart) {
          outBuffers.push(bufferPart);
        },
        complete: function() {
        }
      });
      filter.start();
      reader.process();
      return Buffer.concat(outBuffers);
    };
  }
});

// node_modules/pngjs/lib/parser-sync.js
var require_parser_sync = __commonJS({
  "node_modules/pngjs/lib/parser-sync.js"(exports2, module2) {
    "use strict";
    var hasSyncZlib = true;
    var zlib = require("zlib");
    var inflateSync = require_sync_inflate();
    if (!zlib.deflateSync) {
      hasSyncZlib = false;
    }
    var SyncReader = require_sync_reader();
    var FilterSync = require_filter_parse_sync();
    var Parser = require_parser();
    var bitmapper = require_bitmapper();
    var formatNormaliser = require_format_normaliser();
    module2.exports = function(buffer, options) {
      if (!hasSyncZlib) {
        throw new Error(
          "To use the sync capability of this library in old node versions, please pin pngjs to v2.3.0"
        );
      }
      let err;
      function handleError(_err_) {
        err = _err_;
      }
      let metaData;
      function handleMetaData(_metaData_) {
        metaData = _metaData_;
      }
      function handleTransColor(transColor) {
        metaData.transColor = transColor;
      }
      function handlePalette(palette) {
        metaData.palette = palette;
      }
      function handleSimpleTransparency() {
        metaData.alpha = true;
      }
      let gamma;
      function handleGamma(_gamma_) {
        gamma = _gamma_;
      }
      let inflateDataList = [];
      function handleInflateData(inflatedData2) {
        inflateDataList.push(inflatedData2);
      }
      let reader = new SyncReader(buffer);
      let parser = new Parser(options, {
        read: reader.read.bind(reader),
        error: handleError,
        metadata: handleMetaData,
        gamma: handleGamma,
        palette: handlePalette,
        transColor: handleTransColor,
        inflateData: handleInflateData,
        simpleTransparency: handleSimpleTransparency
      });
      parser.start();
      reader.process();
      if (err) {
        throw err;
      }
      let inflateData = Buffer.concat(inflateDataList);
      inflateDataList.length = 0;
      let inflatedData;
      if (metaData.interlace) {
        inflatedData = zlib.inflateSync(inflateData);
      } else {
        let rowSize = (metaData.width * metaData.bpp * metaData.depth + 7 >> 3) + 1;
        let imageSize = rowSize * metaData.height;
        inflatedData = inflateSync(inflateData, {
          chunkSize: imageSize,
          maxLength: imageSize
        });
      }
      inflateData = null;
      if (!inflatedData || !inflatedData.length) {
        throw new Error("bad png - invalid inflate data response");
      }
      let unfilteredData = FilterSync.process(inflatedData, metaData);
      inflateData = null;
      let bitmapData = bitmapper.dataToBitMap(unfilteredData, metaData);
      unfilteredData = null;
      let normalisedBitmapData = formatNormaliser(
        bitmapData,
        metaData,
        options.skipRescale
      );
      metaData.data = normalisedBitmapData;
      metaData.gamma = gamma || 0;
      return metaData;
    };
  }
});

// node_modules/pngjs/lib/packer-sync.js
var require_packer_sync = __commonJS({
  "node_modules/pngjs/lib/packer-sync.js"(exports2, module2) {
    "use strict";
    var hasSyncZlib = true;
    var zlib = require("zlib");
    if (!zlib.deflateSync) {
      hasSyncZlib = false;
    }
    var constants = require_constants();
    var Packer = require_packer();
    module2.exports = function(metaData, opt) {
      if (!hasSyncZlib) {
        throw new Error(
          "To use the sync capability of this library in old node versions, please pin pngjs to v2.3.0"
        );
      }
      let options = opt || {};
      let packer = new Packer(options);
      let chunks = [];
      chunks.push(Buffer.from(constants.PNG_SIGNATURE));
      chunks.push(packer.packIHDR(metaData.width, metaData.height));
      if (metaData.gamma) {
        chunks.push(packer.packGAMA(metaData.gamma));
      }
      let filteredData = packer.filterData(
        metaData.data,
        metaData.width,
        metaData.height
      );
      let compressedData = zlib.deflateSync(
        filteredData,
        packer.getDeflateOptions()
      );
      filteredData = null;
      if (!compressedData || !compressedData.length) {
        throw new Error("bad png - invalid compressed data response");
      }
      chunks.push(packer.packIDAT(compressedData));
      chunks.push(packer.packIEND());
      return Buffer.concat(chunks);
    };
  }
});

// node_modules/pngjs/lib/png-sync.js
var require_png_sync = __commonJS({
  "node_modules/pngjs/lib/png-sync.js"(exports2) {
    "use strict";
    var parse = require_parser_sync();
    var pack = require_packer_sync();
    exports2.read = function(buffer, options) {
      return parse(buffer, options || {});
    };
    exports2.write = function(png, options) {
      return pack(png, options);
    };
  }
});

// node_modules/pngjs/lib/png.js
var require_png = __commonJS({
  "node_modules/pngjs/lib/png.js"(exports2) {
    "use strict";
    var util = require("util");
    var Stream = require("stream");
    var Parser = require_parser_async();
    var Packer = require_packer_async();
    var PNGSync = require_png_sync();
    var PNG2 = exports2.PNG = function(options) {
      Stream.call(this);
      options = options || {};
      this.width = options.width | 0;
      this.height = options.height | 0;
      this.data = this.width > 0 && this.height > 0 ? Buffer.alloc(4 * this.width * this.height) : null;
      if (options.fill && this.data) {
        this.data.fill(0);
      }
      this.gamma = 0;
      this.readable = this.writable = true;
      this._parser = new Parser(options);
      this._parser.on("error", this.emit.bind(this, "error"));
      this._parser.on("close", this._handleClose.bind(this));
      this._parser.on("metadata", this._metadata.bind(this));
      this._parser.on("gamma", this._gamma.bind(this));
      this._parser.on(
        "parsed",
        function(data) {
          this.data = data;
          this.emit("parsed", data);
        }.bind(this)
      );
      this._packer = new Packer(options);
      this._packer.on("data", this.emit.bind(this, "data"));
      this._packer.on("end", this.emit.bind(this, "end"));
      this._parser.on("close", this._handleClose.bind(this));
      this._packer.on("error", this.emit.bind(this, "error"));
    };
    util.inherits(PNG2, Stream);
    PNG2.sync = PNGSync;
    PNG2.prototype.pack = function() {
      if (!this.data || !this.data.length) {
        this.emit("error", "No data provided");
        return this;
      }
      process.nextTick(
        function() {
          this._packer.pack(this.data, this.width, this.height, this.gamma);
        }.bind(this)
      );
      return this;
    };
    PNG2.prototype.parse = function(data, callback) {
      if (callback) {
        let onParsed, onError;
        onParsed = function(parsedData) {
          this.removeListener("error", onError);
          this.data = parsedData;
          callback(null, this);
        }.bind(this);
        onError = function(err) {
          this.removeListener("parsed", onParsed);
          callback(err, null);
        }.bind(this);
        this.once("parsed", onParsed);
        this.once("error", onError);
      }
      this.end(data);
      return this;
    };
    PNG2.prototype.write = function(data) {
      this._parser.write(data);
      return true;
    };
    PNG2.prototype.end = function(data) {
      this._parser.end(data);
    };
    PNG2.prototype._metadata = function(metadata) {
      this.width = metadata.width;
      this.height = metadata.height;
      this.emit("metadata", metadata);
    };
    PNG2.prototype._gamma = function(gamma) {
      this.gamma = gamma;
    };
    PNG2.prototype._handleClose = function() {
      if (!this._parser.writable && !this._packer.readable) {
        this.emit("close");
      }
    };
    PNG2.bitblt = function(src, dst, srcX, srcY, width, height, deltaX, deltaY) {
      srcX |= 0;
      srcY |= 0;
      width |= 0;
      height |= 0;
      deltaX |= 0;
      deltaY |= 0;
      if (srcX > src.width || srcY > src.height || srcX + width > src.width || srcY + height > src.height) {
        throw new Error("bitblt reading outside image");
      }
      if (deltaX > dst.width || deltaY > dst.height || deltaX + width > dst.width || deltaY + height > dst.height) {
        throw new Error("bitblt writing outside image");
      }
      for (let y = 0; y < height; y++) {
        src.data.copy(
          dst.data,
          (deltaY + y) * dst.width + deltaX << 2,
          (srcY + y) * src.width + srcX << 2,
          (srcY + y) * src.width + srcX + width << 2
        );
      }
    };
    PNG2.prototype.bitblt = function(dst, srcX, srcY, width, height, deltaX, deltaY) {
      PNG2.bitblt(this, dst, srcX, srcY, width, height, deltaX, deltaY);
      return this;
    };
    PNG2.adjustGamma = function(src) {
      if (src.gamma) {
        for (let y = 0; y < src.height; y++) {
          for (let x = 0; x < src.width; x++) {
            let idx = src.width * y + x << 2;
            for (let i = 0; i < 3; i++) {
              let sample = src.data[idx + i] / 255;
              sample = Math.pow(sample, 1 / 2.2 / src.gamma);
              src.data[idx + i] = Math.round(sample * 255);
            }
          }
        }
        src.gamma = 0;
      }
    };
    PNG2.prototype.adjustGamma = function() {
      PNG2.adjustGamma(this);
    };
  }
});

// extensions/pixel-collision/source/bake/png.ts
function inspectPng(buf) {
  const b = Buffer.from(buf.buffer, buf.byteOffset, buf.byteLength);
  if (b.toString("latin1", 0, 24).startsWith("version https://git-lfs")) {
    throw new PngProblem('is a Git LFS pointer, not the image (its content was never downloaded). Run "git lfs pull" in the project, then bake again.');
  }
  if (b.length < 8 || SIGNATURE.some((v, i) => b[i] !== v)) {
    throw new PngProblem("is not a PNG file (bad signature). Export it again as PNG.");
  }
  let header = null;
  let pos = 8, ended = false;
  while (pos < b.length) {
    if (pos + 8 > b.length) break;
    const len = b.readUInt32BE(pos), type = b.toString("latin1", pos + 4, pos + 8);
    if (len > 2147483647) throw new PngProblem(`is corrupt: its ${JSON.stringify(type)} chunk claims ${len} bytes. Export it again as PNG.`);
    if (pos + 12 + len > b.length) {
      throw new PngProblem(`is cut off: it ends at byte ${b.length}, inside its ${JSON.stringify(type)} chunk (${len} bytes from byte ${pos}). Copy or export the file again.`);
    }
    if (!header) {
      if (type !== "IHDR" || len !== 13) throw new PngProblem("is not a PNG file (no IHDR header first). Export it again as PNG.");
      header = {
        width: b.readUInt32BE(pos + 8),
        height: b.readUInt32BE(pos + 12),
        depth: b[pos + 16],
        colorType: b[pos + 17],
        interlace: b[pos + 20] === 1,
        idatBytes: 0,
        end: 0
      };
    } else if (type === "IDAT") {
      header.idatBytes += len;
    } else if (type === "IEND") {
      ended = true;
      header.end = pos + 12 + len;
      break;
    }
    pos += 12 + len;
  }
  if (!header) throw new PngProblem(`is cut off: it ends at byte ${b.length}, before its header is complete. Copy or export the file again.`);
  if (!ended) throw new PngProblem(`is cut off: it ends at byte ${b.length} without the IEND chunk that closes a PNG. Copy or export the file again.`);
  const { width: w, height: h, depth, colorType } = header;
  if (w === 0 || h === 0) throw new PngProblem(`is corrupt: its header says ${w}x${h} pixels. Export it again as PNG.`);
  if (w > MAX_PNG_SIDE || h > MAX_PNG_SIDE) {
    throw new PngProblem(`is ${w}x${h} pixels according to its header, more than the ${MAX_PNG_SIDE} pixels a side the bake reads (no GPU shows a larger texture). Split it into smaller images or atlas pages, or export it again if the header is wrong.`);
  }
  const channels = CHANNELS[colorType];
  if (channels === void 0 || !DEPTHS[colorType].includes(depth)) {
    throw new PngProblem(`is corrupt: colour type ${colorType} with bit depth ${depth} does not exist in PNG. Export it again as PNG.`);
  }
  const raw = rawSize(w, h, channels * depth, header.interlace);
  if (raw > header.idatBytes * MAX_INFLATE_RATIO + 1024) {
    throw new PngProblem(`is corrupt: its header says ${w}x${h} pixels (${raw} bytes of rows), but its ${header.idatBytes} bytes of image data cannot hold that many. Export it again as PNG.`);
  }
  return header;
}
function rawSize(w, h, bpp, interlace) {
  const rows = (pw, ph) => pw > 0 && ph > 0 ? ph * (Math.ceil(pw * bpp / 8) + 1) : 0;
  if (!interlace) return rows(w, h);
  const passes = [[0, 0, 8, 8], [4, 0, 8, 8], [0, 4, 4, 8], [2, 0, 4, 4], [0, 2, 2, 4], [1, 0, 2, 2], [0, 1, 1, 2]];
  let n = 0;
  for (const [x0, y0, dx, dy] of passes) n += rows(Math.ceil((w - x0) / dx), Math.ceil((h - y0) / dy));
  return n;
}
function decodePng(buf) {
  const header = inspectPng(buf);
  const b = Buffer.from(buf.buffer, buf.byteOffset, header.end);
  let png;
  try {
    png = import_pngjs.PNG.sync.read(b, { skipRescale: header.depth === 16 });
  } catch (err) {
    throw new PngProblem(`cannot be decoded as PNG (${err.message}). Export it again as PNG.`);
  }
  if (header.depth !== 16) return { width: png.width, height: png.height, rgba: new Uint8Array(png.data.buffer, png.data.byteOffset, png.data.byteLength) };
  const wide = png.data;
  const rgba = new Uint8Array(wide.length);
  for (let i = 0; i < wide.length; i++) rgba[i] = wide[i] >>> 8;
  return { width: png.width, height: png.height, rgba };
}
var import_pngjs, MAX_PNG_SIDE, MAX_INFLATE_RATIO, PngProblem, SIGNATURE, CHANNELS, DEPTHS;
var init_png = __esm({
  "extensions/pixel-collision/source/bake/png.ts"() {
    "use strict";
    import_pngjs = __toESM(require_png());
    MAX_PNG_SIDE = 16384;
    MAX_INFLATE_RATIO = 1032;
    PngProblem = class extends Error {
    };
    SIGNATURE = [137, 80, 78, 71, 13, 10, 26, 10];
    CHANNELS = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };
    DEPTHS = { 0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16] };
  }
});

// extensions/pixel-collision/source/bake/jpeg.ts
function isSof(m) {
  return m >= 192 && m <= 207 && m !== 196 && m !== 200 && m !== 204;
}
function inspectJpeg(buf) {
  const b = Buffer.from(buf.buffer, buf.byteOffset, buf.byteLength);
  if (b.toString("latin1", 0, 24).startsWith("version https://git-lfs")) {
    throw new JpegProblem('is a Git LFS pointer, not the image (its content was never downloaded). Run "git lfs pull" in the project, then bake again.');
  }
  if (b.length < 4 || b[0] !== 255 || b[1] !== 216) throw new JpegProblem("is not a JPEG file (no start-of-image marker). Export it again as JPEG or PNG.");
  let pos = 2;
  while (pos < b.length) {
    if (b[pos] !== 255) throw new JpegProblem(`is corrupt: no marker at byte ${pos}. Export it again.`);
    while (pos < b.length && b[pos] === 255) pos++;
    if (pos >= b.length) break;
    const m = b[pos++];
    if (m === 216 || m === 1 || m >= 208 && m <= 215) continue;
    if (m === 217 || m === 218) break;
    if (pos + 2 > b.length) break;
    const len = b.readUInt16BE(pos);
    if (len < 2 || pos + len > b.length) {
      throw new JpegProblem(`is cut off: its segment at byte ${pos - 2} claims ${len} bytes, the file ends at byte ${b.length}. Copy or export the file again.`);
    }
    if (isSof(m)) {
      if (len < 7) throw new JpegProblem(`is corrupt: its frame header is ${len} bytes. Export it again.`);
      const height = b.readUInt16BE(pos + 3), width = b.readUInt16BE(pos + 5);
      if (width === 0 || height === 0) throw new JpegProblem(`has a size of ${width}x${height} in its frame header (a size given later is not supported). Export it again.`);
      if (width > MAX_PNG_SIDE || height > MAX_PNG_SIDE) {
        throw new JpegProblem(`is ${width}x${height}: larger than ${MAX_PNG_SIDE} texels a side, more than any Creator build can show as one texture. Split or scale it down.`);
      }
      return { width, height };
    }
    pos += len;
  }
  throw new JpegProblem("has no frame header (cut off before its image data?). Copy or export the file again.");
}
var JpegProblem;
var init_jpeg = __esm({
  "extensions/pixel-collision/source/bake/jpeg.ts"() {
    "use strict";
    init_png();
    JpegProblem = class extends Error {
    };
  }
});

// extensions/pixel-collision/source/bake/write.ts
function writeFileAtomic(abs4, data, rel) {
  const dir = (0, import_path2.dirname)(abs4);
  const tmp = (0, import_path2.join)(dir, `.${(0, import_path2.basename)(abs4)}.${process.pid}.${++counter}.tmp`);
  try {
    fs3.mkdirSync(dir, { recursive: true });
    fs3.writeFileSync(tmp, data);
    fs3.renameSync(tmp, abs4);
  } catch (err) {
    try {
      fs3.unlinkSync(tmp);
    } catch {
    }
    const existed = fs3.existsSync(abs4);
    throw new BakeFailure("io", `could not write ${rel}: ${describeIoError(err)}. ${existed ? "The previous file is unchanged." : "Nothing was written."}`, rel);
  }
}
var fs3, import_path2, counter;
var init_write = __esm({
  "extensions/pixel-collision/source/bake/write.ts"() {
    "use strict";
    fs3 = __toESM(require("fs"));
    import_path2 = require("path");
    init_errors();
    counter = 0;
  }
});

// extensions/pixel-collision/source/bake/bake.ts
function bakeProject(projectDir, options = {}) {
  return run(projectDir, options, null);
}
function bakeFrames(projectDir, frameUuids, options = {}) {
  return run(projectDir, options, new Set(frameUuids));
}
function formatSummary(r) {
  const kept = r.kept.reduce((n, k) => n + k.masks, 0);
  return `${r.framesBaked} frame(s)${r.pages ? ` and ${r.pages} skeleton atlas page(s)` : ""}, ${r.masks} mask(s) at threshold(s) ${r.thresholds.join(", ")}; ${r.texturesRead} texture(s) read, ${r.texturesSkipped} unchanged` + (r.unreadable.length ? `, ${r.unreadable.length} unreadable (${kept} mask(s) kept from the previous library)` : "") + `; ${r.errors.length} error(s)`;
}
function onUnreadableSetting(projectDir) {
  return readConfig((0, import_node_path3.resolve)(projectDir), () => void 0).onUnreadable ?? "keep";
}
async function run(projectDir, options, only) {
  var _a, _b, _c, _d, _e, _f;
  const root = (0, import_node_path3.resolve)(projectDir);
  if (!isDir((0, import_node_path3.join)(root, "assets"))) {
    throw new BakeFailure("usage", `${root} is not a Cocos Creator project (it has no assets/ folder). Pass the project's folder.`);
  }
  const say = options.onProgress ?? (() => void 0);
  const errors = [];
  const fail = (file, message) => {
    errors.push({ file, message });
    say(`error ${file}: ${message}`);
  };
  const cachePath = (0, import_node_path3.join)(root, CACHE_FILE);
  const cache = options.force ? emptyCache() : loadCache(cachePath);
  const next = { version: CACHE_VERSION, pngs: {}, metas: {}, assets: {}, texts: only ? { ...cache.texts } : {}, masks: only ? { ...cache.masks } : {} };
  const config = readConfig(root, fail);
  const outPath = options.out !== void 0 ? resolveOutput(root, options.out, "the output path (--out)") : resolveOutput(root, config.out ?? DEFAULT_OUT, config.out !== void 0 ? `"out" in ${CONFIG_FILE}` : "the default output path");
  const out = (0, import_node_path3.relative)(root, outPath).split(import_node_path3.sep).join("/");
  const thresholdSet = /* @__PURE__ */ new Set();
  const check = (list2, source) => {
    for (const t of list2) {
      if (Number.isInteger(t) && t >= 0 && t <= 255) thresholdSet.add(t);
      else fail(source, `threshold ${String(t)} is not an integer 0-255; left out.`);
    }
  };
  check(config.thresholds ?? [0], CONFIG_FILE);
  check(options.thresholds ?? [], "(option --threshold)");
  const unknown = [];
  const files = walkFiles(root, "assets", void 0, (rel, err) => {
    unknown.push(rel);
    fail(rel, `this folder cannot be read: ${describeIoError(err)}. Bake again once it can be read.`);
  });
  const shown2 = /* @__PURE__ */ new Set(), clips = /* @__PURE__ */ new Set();
  const overrides = [];
  const prefabIndex = /* @__PURE__ */ new Map();
  for (const rel of files) {
    if (!rel.endsWith(".scene") && !rel.endsWith(".prefab")) continue;
    const rec = cachedAsset(root, rel, cache, next);
    if (rec.error) fail(rel, rec.error);
    for (const t of rec.thresholds ?? []) thresholdSet.add(t);
    for (const f of ((_a = rec.uses) == null ? void 0 : _a.frames) ?? []) shown2.add(f);
    for (const c of ((_b = rec.uses) == null ? void 0 : _b.clips) ?? []) clips.add(c);
    for (const k of ((_c = rec.uses) == null ? void 0 : _c.skeletons) ?? []) shown2.add(k);
    overrides.push(...((_d = rec.uses) == null ? void 0 : _d.overrides) ?? []);
    if (rel.endsWith(".prefab") && ((_e = rec.uses) == null ? void 0 : _e.index)) {
      const meta = cachedMeta(root, rel + ".meta", cache, next);
      if (meta.kind === "other" && meta.uuid) prefabIndex.set(meta.uuid, rec.uses.index);
    }
  }
  for (const o of overrides) if (!shown2.has(o.frame) && overrideShown(o, (u) => prefabIndex.get(u) ?? null)) shown2.add(o.frame);
  if (thresholdSet.size === 0) thresholdSet.add(0);
  const thresholds = [...thresholdSet].sort((a, b) => a - b);
  const allImages = /* @__PURE__ */ new Map();
  const images = collectImages(root, files, cache, next, fail, unknown, allImages);
  let selected = images;
  if (only) {
    const known = /* @__PURE__ */ new Set();
    selected = [];
    for (const img of images) {
      const frames = img.frames.filter((f) => only.has(f.uuid));
      frames.forEach((f) => known.add(f.uuid));
      if (frames.length) selected.push({ ...img, frames });
    }
    for (const u of [...only].sort()) if (!known.has(u)) fail(u, `no sprite frame with this uuid in a PNG or .plist atlas under assets/ (is it imported, and a PNG?).`);
  }
  let leftOut = [];
  if (!only && !options.all && !config.bakeAll) {
    readClipFrames(root, files, clips, shown2, fail);
    const picked = selectFrames(images, files, shown2, config.include ?? []);
    selected = picked.images;
    leftOut = picked.leftOut;
  }
  const pagesWanted = only ? [] : skeletonPagesToBake(
    root,
    files,
    cache,
    next,
    fail,
    unknown,
    allImages,
    shown2,
    options.all === true || config.bakeAll === true,
    config.include ?? []
  );
  if (pagesWanted.length) {
    const byPath = new Map(selected.map((i) => [i.png, i]));
    for (const { img, page } of pagesWanted) byPath.set(img.png, { ...byPath.get(img.png) ?? { ...img, frames: [] }, page });
    selected = [...byPath.values()].sort(byPng);
  }
  const bundles = bundleFolders(root, files, cache, next, (0, import_node_path3.dirname)(out));
  const outputFor = (metaRel) => {
    for (const b of bundles) if (metaRel.startsWith(b + "/")) return `${b}/${BUNDLE_OUT}`;
    return out;
  };
  const target = /* @__PURE__ */ new Map();
  for (const img of images) for (const f of img.frames) target.set(f.uuid, outputFor(f.meta));
  const pageTarget = /* @__PURE__ */ new Map();
  for (const { img, page } of pagesWanted) pageTarget.set(page.texture, outputFor(img.png + ".meta"));
  const entries = [];
  let texturesRead = 0, texturesSkipped = 0, framesBaked = 0, pagesBaked = 0;
  const lost = [];
  for (const img of selected) {
    await new Promise((r) => setImmediate(r));
    if (img.missing) fail(img.metas[0], `its image ${img.png} is missing: only the .meta is in the project (deleted, or not checked out?), so ${img.frames.length ? `the ${img.frames.length} frame(s) it declares` : ""}${img.frames.length && img.page ? " and " : ""}${img.page ? `the atlas page of ${img.page.from.join(", ")}` : ""} cannot be baked. Restore the image, or delete the asset in Creator if it is gone for good.`);
    const got = img.missing ? "unreadable" : maskImage(root, img, thresholds, cache, next, fail, options.force === true);
    if (got === "unreadable") {
      lost.push(img);
      const old = cache.pngs[img.png];
      if (old) {
        next.pngs[img.png] = old;
        if (cache.masks[old.hash]) next.masks[old.hash] = { ...cache.masks[old.hash], ...next.masks[old.hash] };
      }
      continue;
    }
    if (!got) continue;
    if (got.decoded) texturesRead++;
    else texturesSkipped++;
    const nFrames = got.frames.filter((f) => !f.frame.page).length;
    const whole = got.frames.length > nFrames;
    say(`${got.decoded ? "read     " : "unchanged"} ${img.png} (${whole && !nFrames ? "whole page" : `${nFrames} frame(s)${whole ? " + whole page" : ""}`} x ${thresholds.length} threshold(s))`);
    for (const { frame, masks } of got.frames) {
      if (frame.page) pagesBaked++;
      else framesBaked++;
      thresholds.forEach((threshold, k) => entries.push(frame.page ? { texture: frame.texture, rect: [frame.x, frame.y, frame.w, frame.h], rotated: false, threshold, code: masks[k] } : {
        uuid: frame.uuid,
        texture: frame.texture,
        rect: [frame.x, frame.y, frame.w, frame.h],
        rotated: frame.rotated,
        threshold,
        frame: frame.name,
        code: masks[k]
      }));
    }
  }
  if ((lost.length || unknown.length) && config.onUnreadable === "fail") {
    const names = [...unknown, ...lost.map((i) => i.png)];
    throw new BakeFailure("unreadable", `${names.length} image(s) could not be read (${names.slice(0, 5).join(", ")}${names.length > 5 ? ", ..." : ""}); nothing was written, as "onUnreadable": "fail" in ${CONFIG_FILE} asks. Fix the files listed above and bake again.`, names[0]);
  }
  const kept = [];
  const outputs = [.../* @__PURE__ */ new Set([out, ...bundles.map((b) => `${b}/${BUNDLE_OUT}`)])];
  const existing = outputs.filter((o) => fs4.existsSync((0, import_node_path3.join)(root, o)));
  if ((only || lost.length || unknown.length) && existing.length) {
    try {
      const previous = [];
      for (const o of existing) {
        for (const e of parseLibraryScript(fs4.readFileSync((0, import_node_path3.join)(root, o), "utf8"))) {
          if (e.uuid && !target.has(e.uuid)) target.set(e.uuid, o);
          if (!e.uuid && !pageTarget.has(e.texture)) pageTarget.set(e.texture, o);
          previous.push(e);
        }
      }
      if (only) entries.push(...previous.filter((e) => !e.uuid || !only.has(e.uuid)));
      const wanted = new Set(thresholds);
      for (const img of lost) {
        const uuids = new Set(img.frames.map((f) => f.uuid));
        const page = (_f = img.page) == null ? void 0 : _f.texture;
        const mine = previous.filter((e) => (e.uuid ? uuids.has(e.uuid) && (!only || only.has(e.uuid)) : isPageEntry(e, page)) && wanted.has(e.threshold));
        if (!mine.length) continue;
        entries.push(...mine);
        const k = { file: img.png, frames: countFrames(mine), masks: mine.length };
        kept.push(k);
        say(`kept      ${img.png}: ${k.masks} mask(s) of ${keptWhat(mine)} from the previous library, because the file could not be read this time`);
      }
      if (unknown.length) {
        const seen = /* @__PURE__ */ new Set();
        for (const img of images) for (const f of img.frames) seen.add(f.uuid);
        for (const e of entries) if (e.uuid) seen.add(e.uuid);
        const pages = /* @__PURE__ */ new Set();
        for (const p of pagesWanted) pages.add(p.page.texture);
        for (const e of entries) if (!e.uuid) pages.add(e.texture);
        const mine = previous.filter((e) => (e.uuid ? !seen.has(e.uuid) && (!only || only.has(e.uuid)) : !only && !pages.has(e.texture) && isPageEntry(e, e.texture)) && wanted.has(e.threshold));
        if (mine.length) {
          entries.push(...mine);
          const k = { file: unknown.join(", "), frames: countFrames(mine), masks: mine.length };
          kept.push(k);
          say(`kept      ${k.file}: ${k.masks} mask(s) of ${keptWhat(mine)} no readable meta declares, from the previous library, because ${unknown.length > 1 ? "these" : "this"} could not be read this time`);
        }
      }
    } catch (err) {
      if (only) fail(out, `${err.message}; it is written again with these frames only. Bake the whole project to restore the others.`);
      else fail(out, `${err.message}; the masks of the images that could not be read cannot be kept from it.`);
    }
  }
  dropSamePages(entries);
  entries.sort(compareEntries);
  const byOutput = /* @__PURE__ */ new Map();
  for (const e of entries) {
    const o = (e.uuid ? target.get(e.uuid) : pageTarget.get(e.texture)) || out;
    let list2 = byOutput.get(o);
    if (!list2) {
      list2 = [];
      byOutput.set(o, list2);
    }
    list2.push(e);
  }
  let written = false;
  const written_ = [];
  const libraries = [];
  for (const o of outputs) {
    const list2 = byOutput.get(o) ?? [];
    const abs4 = o === out ? outPath : resolveOutput(root, o, `the library of the Asset Bundle ${(0, import_node_path3.dirname)(o)}`);
    if (list2.length === 0 && !fs4.existsSync(abs4)) continue;
    const text = renderLibraryScript(list2, o);
    const old = fs4.existsSync(abs4) ? fs4.readFileSync(abs4, "utf8") : null;
    if (old !== text) {
      writeFileAtomic(abs4, text, o);
      written = true;
    }
    written_.push(abs4);
    libraries.push({ path: abs4, state: old !== text ? "wrote" : "up to date", masks: list2.length });
    writeIfMissing(abs4 + ".meta", scriptMeta(o), o + ".meta");
    const folder = (0, import_node_path3.dirname)(abs4);
    const folderRel = (0, import_node_path3.dirname)(o);
    if (folder !== (0, import_node_path3.join)(root, "assets")) writeIfMissing(folder + ".meta", folderMeta(folderRel), folderRel + ".meta");
  }
  saveCache(cachePath, next, say);
  return {
    texturesRead,
    texturesSkipped,
    framesBaked,
    pages: pagesBaked,
    masks: entries.length,
    thresholds,
    output: outPath,
    written,
    errors,
    kept,
    unreadable: [...unknown, ...lost.map((i) => i.png)],
    leftOut,
    outputs: written_,
    libraries
  };
}
function collectImages(root, files, cache, next, fail, unknown, all) {
  var _a;
  const fileSet = new Set(files);
  const byImage = /* @__PURE__ */ new Map();
  const textureToImage = /* @__PURE__ */ new Map();
  const atlasFrames = [];
  for (const file of files) {
    const orphan = file.endsWith(".meta") && imageKindOf(file.slice(0, -5)) !== null && !fileSet.has(file.slice(0, -5));
    const rel = orphan ? file.slice(0, -5) : file;
    const kind = imageKindOf(rel);
    const isPlist = rel.toLowerCase().endsWith(".plist");
    if (!kind && !isPlist) continue;
    const metaRel = rel + ".meta";
    if (!fileSet.has(metaRel)) {
      fail(rel, "no .meta file: Creator has not imported it yet. Open the project in Creator (or refresh the Assets panel), then bake again.");
      continue;
    }
    const summary = cachedMeta(root, metaRel, cache, next);
    if (summary.kind === "error") {
      fail(metaRel, summary.message);
      unknown.push(metaRel);
      continue;
    }
    if (kind) {
      if (summary.kind !== "image") {
        fail(metaRel, `unknown meta for an image (importer is not "image"; written by another Creator version?). Reimport it in Creator 3.8.`);
        continue;
      }
      byImage.set(summary.imageUuid, { png: rel, kind, missing: orphan, imageUuid: summary.imageUuid, texture: summary.texture, metas: [metaRel], frames: [] });
      if (summary.texture) textureToImage.set(summary.texture, summary.imageUuid);
      atlasFrames.push({ meta: metaRel, texture: summary.texture, frames: { kind: "atlas", texture: summary.texture, frames: summary.frames } });
    } else if (summary.kind === "atlas") {
      atlasFrames.push({ meta: metaRel, texture: summary.texture, frames: summary });
    }
  }
  for (const { meta, texture, frames } of atlasFrames) {
    for (const raw of frames.frames) {
      const source = raw.source || texture;
      const at = source.indexOf("@");
      const imageUuid = at >= 0 ? source.slice(0, at) : source;
      const img = byImage.get(imageUuid);
      const tex = at >= 0 ? source : (_a = [...textureToImage].find(([, i]) => i === imageUuid)) == null ? void 0 : _a[0];
      if (!img || !tex) {
        fail(meta, `sprite frame "${raw.name}" (${raw.uuid}) shows texture ${source || "(none)"}, which is not a PNG under assets/ with a meta; frames of other images are not baked.`);
        continue;
      }
      if (!img.metas.includes(meta)) img.metas.push(meta);
      img.frames.push({ uuid: raw.uuid, name: raw.name, texture: tex, x: raw.x, y: raw.y, w: raw.w, h: raw.h, rotated: raw.rotated, meta });
    }
  }
  for (const img of byImage.values()) all.set(img.png, img);
  return [...byImage.values()].filter((i) => i.frames.length > 0).sort(byPng);
}
function byPng(a, b) {
  return a.png < b.png ? -1 : a.png > b.png ? 1 : 0;
}
function maskImage(root, img, thresholds, cache, next, fail, force) {
  var _a, _b;
  const abs4 = (0, import_node_path3.join)(root, img.png);
  const kind = img.kind ?? "png";
  if (kind === "webp") {
    fail(img.png, "is a WebP image, which the bake cannot read (its alpha decides the mask). Export it as PNG (or as JPEG if it has no transparency), reimport it in Creator, and bake again.");
    return "unreadable";
  }
  let stamp;
  try {
    stamp = statOf(abs4);
  } catch (err) {
    fail(img.png, `cannot be read: ${describeIoError(err)}.`);
    return "unreadable";
  }
  let buf = null;
  let rec = cache.pngs[img.png];
  if (!rec || rec.size !== stamp.size || rec.mtimeMs !== stamp.mtimeMs) {
    try {
      buf = fs4.readFileSync(abs4);
    } catch (err) {
      fail(img.png, `cannot be read: ${describeIoError(err)}.`);
      return "unreadable";
    }
    let size;
    try {
      size = kind === "jpeg" ? inspectJpeg(buf) : inspectPng(buf);
    } catch (err) {
      fail(img.png, err.message);
      return "unreadable";
    }
    rec = { ...stamp, hash: (0, import_node_crypto.createHash)("sha256").update(buf).digest("hex"), width: size.width, height: size.height };
  }
  next.pngs[img.png] = rec;
  const frames = img.frames.filter((f) => {
    const sw = f.rotated ? f.h : f.w, sh = f.rotated ? f.w : f.h;
    if (f.w <= 0 || f.h <= 0 || f.x + sw > rec.width || f.y + sh > rec.height) {
      fail(f.meta, `sprite frame "${f.name}" (${f.uuid}): its rect ${f.x},${f.y} ${sw}x${sh}${f.rotated ? " (rotated)" : ""} is outside its texture ${img.png} (${rec.width}x${rec.height}). Reimport the image or atlas in Creator.`);
      return false;
    }
    return true;
  });
  if (img.page) {
    frames.push({ uuid: "", name: img.png, texture: img.page.texture, x: 0, y: 0, w: rec.width, h: rec.height, rotated: false, meta: img.metas[0], page: true });
  }
  if (!frames.length) return null;
  const cached = cache.masks[rec.hash] ?? {};
  const keys = frames.map((f) => thresholds.map((t) => maskKey(f, t)));
  const store2 = (_a = next.masks)[_b = rec.hash] ?? (_a[_b] = {});
  const all = keys.every((ks) => ks.every((k) => k in cached));
  if (all && !force) {
    keys.forEach((ks) => ks.forEach((k) => {
      store2[k] = cached[k];
    }));
    return { decoded: false, frames: frames.map((frame, i) => ({ frame, masks: keys[i].map((k) => cached[k]) })) };
  }
  let png = null;
  if (kind === "png") {
    try {
      buf ?? (buf = fs4.readFileSync(abs4));
      png = decodePng(buf);
    } catch (err) {
      fail(img.png, err instanceof PngProblem ? err.message : `cannot be read: ${describeIoError(err)}.`);
      delete next.pngs[img.png];
      return "unreadable";
    }
  }
  const result = { decoded: true, frames: [] };
  frames.forEach((frame, i) => {
    const sw = frame.rotated ? frame.h : frame.w, sh = frame.rotated ? frame.w : frame.h;
    const opaque = png ? null : new Uint8Array(sw * sh * 4).fill(255);
    const masks = thresholds.map((threshold, k) => {
      const mask = png ? BitMask.fromRGBA(png.rgba, png.width, png.height, {
        threshold,
        rotated: frame.rotated,
        rect: { x: frame.x, y: frame.y, width: frame.w, height: frame.h }
      }) : BitMask.fromRGBA(opaque, sw, sh, { threshold, rotated: frame.rotated, rect: { x: 0, y: 0, width: frame.w, height: frame.h } });
      const code = encodeMaskCode(mask);
      store2[keys[i][k]] = code;
      return code;
    });
    result.frames.push({ frame, masks });
  });
  return result;
}
function maskKey(f, threshold) {
  return `${f.x},${f.y},${f.w},${f.h},${f.rotated ? 1 : 0}|${threshold}`;
}
function cachedMeta(root, rel, cache, next) {
  const abs4 = (0, import_node_path3.join)(root, rel);
  let stamp;
  try {
    stamp = statOf(abs4);
  } catch (err) {
    return { kind: "error", message: `cannot be read (${err.message}).` };
  }
  const old = cache.metas[rel];
  if (old && old.size === stamp.size && old.mtimeMs === stamp.mtimeMs) {
    next.metas[rel] = old;
    return old.summary;
  }
  let summary;
  try {
    summary = summarizeMeta(JSON.parse(fs4.readFileSync(abs4, "utf8")), rel);
  } catch (err) {
    const m = err.message;
    let text = "";
    try {
      text = fs4.readFileSync(abs4, "utf8");
    } catch {
    }
    summary = {
      kind: "error",
      message: !(err instanceof SyntaxError) ? m : /^(<{7}|={7}|>{7})( |$)/m.test(text) ? `is not valid JSON: it has merge-conflict markers (<<<<<<<, =======, >>>>>>>). Resolve the conflict, keeping one uuid, then bake again.` : `is not valid JSON (${m}). Restore it from version control or fix it by hand (deleting it makes Creator give the asset a new uuid, which breaks what refers to it).`
    };
  }
  next.metas[rel] = { ...stamp, summary };
  return summary;
}
function cachedAsset(root, rel, cache, next) {
  const abs4 = (0, import_node_path3.join)(root, rel);
  let stamp;
  try {
    stamp = statOf(abs4);
  } catch (err) {
    return { size: 0, mtimeMs: 0, thresholds: null, error: `cannot be read (${err.message}).` };
  }
  const old = cache.assets[rel];
  if (old && old.size === stamp.size && old.mtimeMs === stamp.mtimeMs) {
    next.assets[rel] = old;
    return old;
  }
  let rec;
  try {
    const text = fs4.readFileSync(abs4, "utf8");
    rec = { ...stamp, thresholds: [...new Set(thresholdsInAsset(text, rel))], uses: framesUsedInAsset(text, rel) };
  } catch (err) {
    rec = { ...stamp, thresholds: null, error: `${err.message} Its colliders' thresholds are not known; add them to ${CONFIG_FILE} or pass --threshold.` };
  }
  next.assets[rel] = rec;
  return rec;
}
function statOf(abs4) {
  const st = fs4.statSync(abs4);
  return { size: st.size, mtimeMs: st.mtimeMs };
}
function emptyCache() {
  return { version: CACHE_VERSION, pngs: {}, metas: {}, assets: {}, texts: {}, masks: {} };
}
function loadCache(path) {
  try {
    const c = JSON.parse(fs4.readFileSync(path, "utf8"));
    if (c && c.version === CACHE_VERSION && c.pngs && c.metas && c.assets && c.texts && c.masks) return c;
    if (c && c.version === 4 && c.pngs && c.masks) return { ...emptyCache(), pngs: c.pngs, masks: c.masks };
  } catch {
  }
  return emptyCache();
}
function saveCache(path, cache, say) {
  try {
    writeFileAtomic(path, JSON.stringify(cache), CACHE_FILE);
  } catch (err) {
    say(`note: the bake cache could not be saved (${err.message}); the next bake reads every image again.`);
  }
}
function bundleFolders(root, files, cache, next, outFolder) {
  const out = [];
  const all = new Set(files);
  for (const rel of files) {
    if (!rel.endsWith(".meta") || all.has(rel.slice(0, -5))) continue;
    const folder = rel.slice(0, -5);
    if (folder === outFolder || folder.endsWith("/" + (0, import_node_path3.dirname)(BUNDLE_OUT)) || !isDir((0, import_node_path3.join)(root, folder))) continue;
    const summary = cachedMeta(root, rel, cache, next);
    if (summary.kind === "other" && summary.bundle) out.push(rel.slice(0, -5));
  }
  return out.sort((a, b) => b.length - a.length || (a < b ? -1 : 1));
}
function readClipFrames(root, files, clips, shown2, fail) {
  if (!clips.size) return;
  for (const rel of files) {
    if (!rel.endsWith(".anim.meta")) continue;
    let uuid;
    try {
      uuid = JSON.parse(fs4.readFileSync((0, import_node_path3.join)(root, rel), "utf8")).uuid;
    } catch {
      continue;
    }
    if (typeof uuid !== "string" || !clips.has(uuid)) continue;
    const anim = rel.slice(0, -5);
    try {
      for (const f of spriteFramesInClip(fs4.readFileSync((0, import_node_path3.join)(root, anim), "utf8"), anim)) shown2.add(f);
    } catch (err) {
      fail(anim, `${err.message} The frames of this animation clip are not baked; fix the file or list its frames in "include" in ${CONFIG_FILE}.`);
    }
  }
}
function selectFrames(images, files, shown2, include) {
  const included = include.length ? includeMatcher(include) : () => false;
  const pacFolders = files.filter((f) => f.toLowerCase().endsWith(".pac")).map((f) => f.slice(0, f.lastIndexOf("/")));
  const groupOf = (f) => {
    if (f.meta.toLowerCase().endsWith(".plist.meta")) return f.meta;
    let best = "";
    for (const p of pacFolders) if (f.meta.startsWith(p + "/") && p.length > best.length) best = p;
    return best ? `pac:${best}` : `frame:${f.uuid}`;
  };
  const usedGroups = /* @__PURE__ */ new Set();
  for (const img of images) for (const f of img.frames) if (shown2.has(f.uuid)) usedGroups.add(groupOf(f));
  const picked = [];
  const leftOut = [];
  for (const img of images) {
    const keep = img.frames.filter((f) => {
      if (shown2.has(f.uuid) || usedGroups.has(groupOf(f)) || included(f.meta.slice(0, -5)) || included(img.png)) return true;
      leftOut.push({
        uuid: f.uuid,
        name: f.name,
        file: f.meta,
        reason: 'no PixelCollider shows it (not the sprite frame of a node with a PixelCollider in a scene or prefab, nor in its animation clips, nor in an atlas with such a frame, nor under "include")'
      });
      return false;
    });
    if (keep.length) picked.push(keep.length === img.frames.length ? img : { ...img, frames: keep });
  }
  return { images: picked, leftOut };
}
function skeletonPagesToBake(root, files, cache, next, fail, unknown, images, shown2, all, include) {
  const fileSet = new Set(files);
  const included = include.length ? includeMatcher(include) : () => false;
  const readPages = (rel, format) => {
    const rec = cachedText(root, rel, cache, next, format === "spine" ? spineAtlasPages : (t) => [dragonBonesImagePath(t)]);
    if (rec.error !== void 0 || !rec.pages) throw new Error(rec.error ?? "it cannot be read");
    return rec.pages;
  };
  const out = /* @__PURE__ */ new Map();
  const said = /* @__PURE__ */ new Set();
  const problem = (file, message) => {
    if (said.has(file + "\n" + message)) return;
    said.add(file + "\n" + message);
    fail(file, message);
  };
  for (const rel of files) {
    if (!/\.(json|skel)$/i.test(rel) || !fileSet.has(rel + ".meta")) continue;
    const summary = cachedMeta(root, rel + ".meta", cache, next);
    if (summary.kind === "error" && (/_tex\.json$/i.test(rel) || findSpineAtlas(rel, fileSet))) {
      fail(rel + ".meta", summary.message);
      unknown.push(rel + ".meta");
      continue;
    }
    if (summary.kind !== "skeleton") continue;
    const s = { file: rel, uuid: summary.uuid, format: summary.format };
    const { pages, problems } = skeletonPages(s, fileSet, readPages);
    if (!all && !shown2.has(s.uuid) && !included(rel) && !pages.some((p) => included(p.atlas) || included(p.png)) && !problems.some((p) => included(p.file))) continue;
    for (const p of problems) problem(p.file, p.message);
    for (const page of pages) {
      const img = pageImage(page, s, images, fileSet);
      if (!img) continue;
      if (!("png" in img)) {
        problem(img.file, img.message);
        continue;
      }
      const had = out.get(img.png);
      if (had) {
        if (!had.page.from.includes(rel)) had.page.from.push(rel);
      } else out.set(img.png, { img, page: { texture: img.texture, from: [rel] } });
    }
  }
  return [...out.values()].sort((a, b) => byPng(a.img, b.img));
}
function cachedText(root, rel, cache, next, parse) {
  let stamp;
  try {
    stamp = statOf((0, import_node_path3.join)(root, rel));
  } catch (err) {
    return { size: 0, mtimeMs: 0, error: `it cannot be read (${describeIoError(err)})` };
  }
  const old = cache.texts[rel];
  if (old && old.size === stamp.size && old.mtimeMs === stamp.mtimeMs) {
    next.texts[rel] = old;
    return old;
  }
  let rec;
  try {
    rec = { ...stamp, pages: parse(fs4.readFileSync((0, import_node_path3.join)(root, rel), "utf8")) };
  } catch (err) {
    rec = { ...stamp, error: err.message };
  }
  next.texts[rel] = rec;
  return rec;
}
function readConfig(root, fail) {
  const abs4 = (0, import_node_path3.join)(root, CONFIG_FILE);
  if (!fs4.existsSync(abs4)) return {};
  try {
    const c = JSON.parse(fs4.readFileSync(abs4, "utf8"));
    const out = {};
    if (c.thresholds !== void 0) {
      if (!Array.isArray(c.thresholds)) throw new Error('"thresholds" must be an array of integers 0-255');
      out.thresholds = c.thresholds;
    }
    if (c.out !== void 0) out.out = c.out;
    if (c.bakeAll !== void 0) {
      if (typeof c.bakeAll === "boolean") out.bakeAll = c.bakeAll;
      else fail(CONFIG_FILE, `"bakeAll" must be true or false (got ${JSON.stringify(c.bakeAll)}); it is ignored (only the frames colliders can show are baked) until it is fixed.`);
    }
    if (c.include !== void 0) {
      try {
        if (!Array.isArray(c.include)) throw new Error('"include" must be an array of project-relative folders or globs, like ["assets/art/enemies/**"]');
        includeMatcher(c.include);
        out.include = c.include;
      } catch (err) {
        fail(CONFIG_FILE, `${err.message}; "include" is ignored until it is fixed.`);
      }
    }
    if (c.onUnreadable !== void 0) {
      if (c.onUnreadable !== "keep" && c.onUnreadable !== "fail") throw new Error(`"onUnreadable" must be "keep" or "fail" (got ${JSON.stringify(c.onUnreadable)})`);
      out.onUnreadable = c.onUnreadable;
    }
    return out;
  } catch (err) {
    fail(CONFIG_FILE, `${err.message}; using the defaults.`);
    return {};
  }
}
function countFrames(list2) {
  return new Set(list2.filter((e) => e.uuid).map((e) => e.uuid)).size;
}
function keptWhat(list2) {
  const frames = countFrames(list2), pages = new Set(list2.filter((e) => !e.uuid).map((e) => e.texture)).size;
  return [frames || !pages ? `${frames} frame(s)` : "", pages ? `${pages} atlas page(s)` : ""].filter(Boolean).join(" and ");
}
function isPageEntry(e, texture) {
  return !e.uuid && texture !== void 0 && e.texture === texture && e.rect[0] === 0 && e.rect[1] === 0 && !e.rotated;
}
function dropSamePages(entries) {
  const key = (e) => `${e.texture}|${e.rect.join(",")}|${e.rotated ? 1 : 0}|${e.threshold}`;
  const have = /* @__PURE__ */ new Set();
  for (const e of entries) if (e.uuid) have.add(key(e));
  let n = 0;
  for (const e of entries) {
    if (!e.uuid) {
      const k = key(e);
      if (have.has(k)) continue;
      have.add(k);
    }
    entries[n++] = e;
  }
  entries.length = n;
}
function compareEntries(a, b) {
  const ka = a.uuid ?? "", kb = b.uuid ?? "";
  if (ka !== kb) return ka < kb ? -1 : 1;
  if (a.texture !== b.texture) return a.texture < b.texture ? -1 : 1;
  for (let i = 0; i < 4; i++) if (a.rect[i] !== b.rect[i]) return a.rect[i] - b.rect[i];
  return a.threshold - b.threshold;
}
function writeIfMissing(path, text, rel) {
  if (!fs4.existsSync(path)) writeFileAtomic(path, text, rel);
}
function isDir(p) {
  try {
    return fs4.statSync(p).isDirectory();
  } catch {
    return false;
  }
}
var import_node_crypto, fs4, import_node_path3, CACHE_VERSION, BUNDLE_OUT;
var init_bake = __esm({
  "extensions/pixel-collision/source/bake/bake.ts"() {
    "use strict";
    import_node_crypto = require("crypto");
    fs4 = __toESM(require("fs"));
    import_node_path3 = require("path");
    init_core();
    init_output();
    init_project();
    init_skeletons();
    init_types();
    init_errors();
    init_paths();
    init_png();
    init_jpeg();
    init_write();
    CACHE_VERSION = 5;
    BUNDLE_OUT = "pixel-collision-masks/pixel-masks.ts";
  }
});

// extensions/pixel-collision/source/bake/auto.ts
function createBakeScheduler(bake, delayMs = 1e3, onError = () => void 0) {
  let timer = null;
  let running = null;
  let again = false;
  let disposed = false;
  const waiters = [];
  const settle = () => {
    if (!timer && !running) waiters.splice(0).forEach((w) => w());
  };
  const start = () => {
    timer = null;
    if (running) {
      again = true;
      return;
    }
    running = bake().then(() => void 0, onError).then(() => {
      running = null;
      if (again && !disposed) {
        again = false;
        start();
      } else settle();
    });
  };
  return {
    schedule() {
      if (disposed) return;
      if (timer) clearTimeout(timer);
      timer = setTimeout(start, delayMs);
    },
    idle() {
      return !timer && !running ? Promise.resolve() : new Promise((r) => waiters.push(r));
    },
    dispose() {
      disposed = true;
      if (timer) {
        clearTimeout(timer);
        timer = null;
      }
      settle();
    }
  };
}
var init_auto = __esm({
  "extensions/pixel-collision/source/bake/auto.ts"() {
    "use strict";
  }
});

// extensions/pixel-collision/source/bake/index.ts
var bake_exports = {};
__export(bake_exports, {
  BakeFailure: () => BakeFailure,
  CACHE_FILE: () => CACHE_FILE,
  CONFIG_FILE: () => CONFIG_FILE,
  DEFAULT_OUT: () => DEFAULT_OUT,
  bakeFrames: () => bakeFrames,
  bakeProject: () => bakeProject,
  createBakeScheduler: () => createBakeScheduler,
  formatSummary: () => formatSummary,
  onUnreadableSetting: () => onUnreadableSetting
});
var init_bake2 = __esm({
  "extensions/pixel-collision/source/bake/index.ts"() {
    "use strict";
    init_errors();
    init_types();
    init_bake();
    init_bake();
    init_auto();
  }
});

// extensions/pixel-collision/source/main.ts
var main_exports = {};
__export(main_exports, {
  load: () => load,
  methods: () => methods,
  unload: () => unload
});
module.exports = __toCommonJS(main_exports);

// extensions/pixel-collision/source/editor/baker.ts
function loadBaker() {
  return init_bake2(), __toCommonJS(bake_exports);
}

// extensions/pixel-collision/source/editor/format.ts
var DIALOG_MAX_ERRORS = 8;
var I18N = "pixel-collision";
function tr(t, key, vars) {
  return t(`${I18N}.${key}`, vars);
}
function masksBaked(report) {
  return report.framesBaked * report.thresholds.length;
}
function numbers(report, scope) {
  return {
    masks: scope === "frames" ? masksBaked(report) : report.masks,
    frames: report.framesBaked,
    total: report.masks,
    thresholds: report.thresholds.join(", "),
    read: report.texturesRead,
    skipped: report.texturesSkipped,
    output: report.output
  };
}
function summaryLines(t, report, scope = "project") {
  const n = numbers(report, scope);
  const log = [tr(t, "bake.summary", n)];
  if (scope === "frames") log.push(tr(t, "bake.library_total_line", n));
  if (!report.written) log.push(tr(t, "bake.unchanged"));
  const warn = report.errors.map((e) => tr(t, "bake.error_line", { file: e.file, message: e.message }));
  return { log, warn };
}
function summaryDialog(t, report, scope = "project") {
  const title = tr(t, "bake.dialog_title");
  const n = numbers(report, scope);
  if (report.errors.length === 0) {
    const detail = tr(t, "bake.done_detail", n);
    return { kind: "info", title, message: tr(t, "bake.done", n), detail: scope === "frames" ? `${tr(t, "bake.library_total", n)}
${detail}` : detail };
  }
  const shown2 = report.errors.slice(0, DIALOG_MAX_ERRORS).map((e) => `${e.file}: ${e.message}`);
  if (report.errors.length > DIALOG_MAX_ERRORS) shown2.push(`... (+${report.errors.length - DIALOG_MAX_ERRORS})`);
  return {
    kind: "warn",
    title,
    message: tr(t, "bake.done_errors", { ...n, count: report.errors.length }),
    detail: tr(t, "bake.errors_detail", { list: shown2.join("\n") })
  };
}
function assetFolderUrl(projectDir, output) {
  const norm = (p) => p.replace(/\\/g, "/").replace(/\/+$/, "");
  const root = norm(projectDir) + "/assets/";
  const file = norm(output);
  if (!file.startsWith(root)) return null;
  const rel = file.slice(root.length);
  const slash = rel.lastIndexOf("/");
  return slash < 0 ? "db://assets" : `db://assets/${rel.slice(0, slash)}`;
}

// extensions/pixel-collision/source/editor/settings.ts
init_paths();
init_types();
var PACKAGE = "pixel-collision";
var SETTING_KEYS = ["thresholds", "out", "onUnreadable", "bakeAll", "include"];
var SETTING_DEFAULTS = Object.freeze({
  thresholds: [0],
  out: DEFAULT_OUT,
  onUnreadable: "keep",
  bakeAll: false,
  include: []
});
var refuse = (key, value) => ({ ok: false, error: `settings.error.${key}`, vars: { value: shown(value) } });
function shown(value) {
  const s = typeof value === "string" ? value : JSON.stringify(value);
  return s === void 0 ? String(value) : s.length > 80 ? `${s.slice(0, 77)}...` : s;
}
function list(value, separators) {
  if (Array.isArray(value)) return value;
  if (typeof value !== "string") return null;
  return value.split(separators).map((s) => s.trim()).filter((s) => s !== "");
}
function projectPath(value) {
  if (typeof value !== "string") return null;
  const s = value.trim();
  if (s === "" || s.startsWith("/") || s.startsWith("\\") || /^[a-zA-Z]:/.test(s) || /^[a-z]+:\/\//i.test(s)) return null;
  const parts = s.split(/[\\/]+/).filter((p) => p !== "" && p !== ".");
  if (parts.some((p) => p === "..")) return null;
  return parts.join("/");
}
function checkSetting(key, value) {
  switch (key) {
    case "thresholds": {
      const items = list(value, /[\s,;]+/);
      if (!items) return refuse(key, value);
      const out = [];
      for (const item of items) {
        const n = typeof item === "number" ? item : typeof item === "string" && /^\d+$/.test(item) ? Number(item) : NaN;
        if (!Number.isInteger(n) || n < 0 || n > 255) return refuse(key, item);
        if (out.indexOf(n) < 0) out.push(n);
      }
      return { ok: true, value: out.sort((a, b) => a - b) };
    }
    case "out": {
      const p = projectPath(value);
      if (!p || outPathProblem(p) !== null || p.endsWith(".d.ts")) return refuse(key, value);
      return { ok: true, value: p };
    }
    case "onUnreadable":
      return value === "keep" || value === "fail" ? { ok: true, value } : refuse(key, value);
    case "bakeAll":
      return typeof value === "boolean" ? { ok: true, value } : refuse(key, value);
    case "include": {
      const items = list(value, /[\r\n,;]+/);
      if (!items) return refuse(key, value);
      const out = [];
      for (const item of items) {
        const p = projectPath(item);
        if (!p || p !== "assets" && !p.startsWith("assets/")) return refuse(key, item);
        if (out.indexOf(p) < 0) out.push(p);
      }
      return { ok: true, value: out };
    }
    default:
      return { ok: false, error: "settings.error.unknown", vars: { value: shown(key) } };
  }
}
function effectiveSettings(saved) {
  const values = { ...SETTING_DEFAULTS, thresholds: SETTING_DEFAULTS.thresholds.slice(), include: SETTING_DEFAULTS.include.slice() };
  const problems = {};
  for (const key of SETTING_KEYS) {
    const v = saved[key];
    if (v === void 0 || v === null) continue;
    const c = checkSetting(key, v);
    if (c.ok) values[key] = c.value;
    else problems[key] = c;
  }
  return { values, problems };
}

// extensions/pixel-collision/source/editor/methods.ts
var SCENE_SCRIPT = "pixel-collision";
var BAKE_INPUT = /\.(png|plist|scene|prefab|anim|pac)$/i;
function isBakeInput(info) {
  if (!info || typeof info !== "object") return false;
  const { file, url } = info;
  return [file, url].some((p) => typeof p === "string" && BAKE_INPUT.test(p));
}
var AUTO_BAKE_DELAY_MS = 1500;
function createMethods(editor, baker, out = console) {
  let busy = false;
  const t = (key, vars) => editor().I18n.t(key, vars);
  async function runBake(startLine, scope, run2) {
    const ed = editor();
    if (busy) {
      await ed.Dialog.warn(tr(t, "bake.busy"), { title: tr(t, "bake.dialog_title") });
      return null;
    }
    busy = true;
    const tag = `[${tr(t, "menu.root")}]`;
    try {
      out.log(startLine);
      const dir = ed.Project.path;
      const report = await run2(baker(), dir, { onProgress: (line) => out.log(`${tag} ${line}`) });
      const lines = summaryLines(t, report, scope);
      lines.log.forEach((l) => out.log(l));
      lines.warn.forEach((l) => out.warn(l));
      await refresh(ed, dir, report);
      const d = summaryDialog(t, report, scope);
      await (d.kind === "info" ? ed.Dialog.info : ed.Dialog.warn)(d.message, { title: d.title, detail: d.detail });
      return report;
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      out.error(tr(t, "bake.failed", { message }));
      await ed.Dialog.error(tr(t, "bake.failed_dialog"), { title: tr(t, "bake.dialog_title"), detail: message });
      return null;
    } finally {
      busy = false;
    }
  }
  async function refresh(ed, dir, report) {
    if (!report.written) return;
    const paths = report.libraries ? report.libraries.filter((l) => l.state === "wrote").map((l) => l.path) : [report.output];
    const urls = [...new Set(paths.map((p) => assetFolderUrl(dir, p)).filter((u) => u !== null))];
    for (const url of urls) {
      try {
        await ed.Message.request("asset-db", "refresh-asset", url);
      } catch (err) {
        out.warn(tr(t, "bake.refresh_failed", { url, message: err instanceof Error ? err.message : String(err) }));
      }
    }
  }
  let scheduler;
  async function autoBake() {
    if (busy) {
      scheduler == null ? void 0 : scheduler.schedule();
      return;
    }
    busy = true;
    try {
      const ed = editor();
      const report = await baker().bakeProject(ed.Project.path);
      if (report.written) summaryLines(t, report).log.slice(0, 1).forEach((l) => out.log(l));
      summaryLines(t, report).warn.forEach((l) => out.warn(l));
      await refresh(ed, ed.Project.path, report);
    } finally {
      busy = false;
    }
  }
  async function scene(method, ...args) {
    try {
      return await editor().Message.request("scene", "execute-scene-script", { name: SCENE_SCRIPT, method, args });
    } catch {
      return null;
    }
  }
  const methods2 = {
    bakeMasks() {
      return runBake(tr(t, "bake.start", { project: editor().Project.path }), "project", (b, dir, opts) => b.bakeProject(dir, opts));
    },
    async bakeFrames(frameUuids, thresholds) {
      const uuids = Array.isArray(frameUuids) ? frameUuids.filter((u) => typeof u === "string" && u.length > 0) : [];
      if (uuids.length === 0) {
        await editor().Dialog.warn(tr(t, "bake.no_frames"), { title: tr(t, "bake.dialog_title") });
        return null;
      }
      const extra = Array.isArray(thresholds) ? thresholds.filter((v) => Number.isInteger(v) && v >= 0 && v <= 255) : void 0;
      return runBake(tr(t, "bake.start_frames", { count: uuids.length }), "frames", (b, dir, opts) => b.bakeFrames(dir, uuids, extra && extra.length ? { ...opts, thresholds: extra } : opts));
    },
    async showSelection() {
      await scene("showColliders", editor().Selection.getSelected("node"));
    },
    async onSelectionChanged(type) {
      if (type === void 0 || type === "node") await methods2.showSelection();
    },
    async onNodeChanged() {
      await methods2.showSelection();
    },
    async hidePreview() {
      await scene("hideColliders");
    },
    onAssetChanged(_uuid, info) {
      if (!isBakeInput(info)) return;
      scheduleBake();
    },
    async getSettings() {
      const profile = editor().Profile;
      const saved = {};
      for (const key of SETTING_KEYS) saved[key] = await profile.getProject(PACKAGE, key);
      const { values, problems } = effectiveSettings(saved);
      const errors = {};
      for (const key of SETTING_KEYS) {
        const p = problems[key];
        if (p && !p.ok) errors[key] = `${tr(t, p.error, p.vars)} ${tr(t, "settings.default_used")}`;
      }
      return { values, errors };
    },
    async setSetting(key, value) {
      if (typeof key !== "string" || SETTING_KEYS.indexOf(key) < 0) {
        return { ok: false, message: tr(t, "settings.error.unknown", { value: String(key) }) };
      }
      const checked = checkSetting(key, value);
      if (!checked.ok) return { ok: false, message: tr(t, checked.error, checked.vars) };
      try {
        await editor().Profile.setProject(PACKAGE, key, checked.value, "project");
      } catch (err) {
        return { ok: false, message: tr(t, "settings.error.save", { message: err instanceof Error ? err.message : String(err) }) };
      }
      scheduleBake();
      return { ok: true, value: checked.value };
    },
    dispose() {
      scheduler == null ? void 0 : scheduler.dispose();
      scheduler = null;
    }
  };
  function scheduleBake() {
    if (scheduler === void 0) {
      const b = baker();
      scheduler = b.createBakeScheduler ? b.createBakeScheduler(autoBake, AUTO_BAKE_DELAY_MS, (err) => out.error(tr(t, "bake.failed", { message: err instanceof Error ? err.message : String(err) }))) : null;
    }
    scheduler == null ? void 0 : scheduler.schedule();
  }
  return methods2;
}

// extensions/pixel-collision/source/main.ts
var impl = createMethods(() => Editor, loadBaker);
var methods = {
  bakeMasks: () => impl.bakeMasks(),
  bakeFrames: (frameUuids, thresholds) => impl.bakeFrames(frameUuids, thresholds),
  onSelectionChanged: (type) => impl.onSelectionChanged(type),
  onNodeChanged: (uuid) => impl.onNodeChanged(uuid),
  onSceneReady: () => impl.showSelection(),
  onAssetChanged: (uuid, info) => impl.onAssetChanged(uuid, info),
  getSettings: () => impl.getSettings(),
  setSetting: (key, value) => impl.setSetting(key, value)
};
function load() {
}
function unload() {
  impl.dispose();
  void impl.hidePreview();
}
// Annotate the CommonJS export names for ESM import in node:
0 && (module.exports = {
  load,
  methods,
  unload
});
