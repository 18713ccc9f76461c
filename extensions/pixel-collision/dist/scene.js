"use strict";
var __defProp = Object.defineProperty;
var __getOwnPropDesc = Object.getOwnPropertyDescriptor;
var __getOwnPropNames = Object.getOwnPropertyNames;
var __hasOwnProp = Object.prototype.hasOwnProperty;
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
var __toCommonJS = (mod) => __copyProps(__defProp({}, "__esModule", { value: true }), mod);

// extensions/pixel-collision/source/scene.ts
var scene_exports = {};
__export(scene_exports, {
  load: () => load,
  methods: () => methods,
  unload: () => unload
});
module.exports = __toCommonJS(scene_exports);
var import_path = require("path");

// extensions/pixel-collision/assets/core/affine.ts
function affineMultiply(out, m, n) {
  const a = m.a * n.a + m.c * n.b;
  const b = m.b * n.a + m.d * n.b;
  const c = m.a * n.c + m.c * n.d;
  const d = m.b * n.c + m.d * n.d;
  const tx = m.a * n.tx + m.c * n.ty + m.tx;
  const ty = m.b * n.tx + m.d * n.ty + m.ty;
  out.a = a;
  out.b = b;
  out.c = c;
  out.d = d;
  out.tx = tx;
  out.ty = ty;
  return out;
}
function affineDeterminant(m) {
  return m.a * m.d - m.b * m.c;
}
function affineIsFinite(m) {
  return Number.isFinite(m.a) && Number.isFinite(m.b) && Number.isFinite(m.c) && Number.isFinite(m.d) && Number.isFinite(m.tx) && Number.isFinite(m.ty);
}
function assertInvertible(m, name) {
  if (!affineIsFinite(m)) {
    throw new RangeError(`${name} has a NaN or infinite entry (${affineToString(m)}); every entry must be a finite number. Check the node's position, rotation and scale.`);
  }
  const det = affineDeterminant(m);
  if (det === 0 || !Number.isFinite(det) || !Number.isFinite(1 / det)) {
    throw new RangeError(`${name} is not invertible (determinant ${det}): a zero scale or a degenerate skew collapses the collider to a line or a point. Give the node a non-zero scale on both axes.`);
  }
}
function affineToString(m) {
  return `{a: ${m.a}, b: ${m.b}, c: ${m.c}, d: ${m.d}, tx: ${m.tx}, ty: ${m.ty}}`;
}
function affineBounds(out, m, x0, y0, x1, y1) {
  const ax0 = m.a * x0, ax1 = m.a * x1, cy0 = m.c * y0, cy1 = m.c * y1;
  const bx0 = m.b * x0, bx1 = m.b * x1, dy0 = m.d * y0, dy1 = m.d * y1;
  out.minX = Math.min(ax0, ax1) + Math.min(cy0, cy1) + m.tx;
  out.maxX = Math.max(ax0, ax1) + Math.max(cy0, cy1) + m.tx;
  out.minY = Math.min(bx0, bx1) + Math.min(dy0, dy1) + m.ty;
  out.maxY = Math.max(bx0, bx1) + Math.max(dy0, dy1) + m.ty;
  return out;
}

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
var RUN_LO = new Int32Array(2);
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
var MAX_RUNS = 4;
var RUN_STRIDE = 1 + 2 * MAX_RUNS;
var MANY_RUNS = -1;
var UNKNOWN_RUNS = -2;
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

// extensions/pixel-collision/assets/core/raster.ts
var WorldRaster = class _WorldRaster {
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
  static {
    /**
     * How many buffers all rasters have allocated so far (grows only while warming up). Tests
     * read it to prove that steady-state frames allocate nothing.
     */
    this.allocations = 0;
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
var EMPTY_U32 = new Uint32Array(0);
var EMPTY_I32 = new Int32Array(0);
function popcount32(x) {
  x = x - (x >>> 1 & 1431655765);
  x = (x & 858993459) + (x >>> 2 & 858993459);
  x = x + (x >>> 4) & 252645135;
  return Math.imul(x, 16843009) >>> 24;
}

// extensions/pixel-collision/assets/core/contact.ts
var Contact = class {
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
    if (s._need !== 0) (this._src ??= new ContactSource()).copyFrom(s._src);
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
var DETAIL_OVERLAP = 1;
var DETAIL_NORMAL = 2;
var DETAIL_SEPARATION = 4;
var ContactSource = class {
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

// extensions/pixel-collision/assets/core/exact.ts
var TWO_52 = 4503599627370496;
var LIMIT = 9007199254740992;
var MAX_INDEX = 10715086071862673e285;
var TWO_64 = 18446744073709552e3;
var SPLITTER = 134217729;
var BIAS = 512;
var F64 = new Float64Array(1);
var U32 = new Uint32Array(F64.buffer);
var HI = (() => {
  F64[0] = 1;
  return U32[1] === 1072693248 ? 1 : 0;
})();
var LO = 1 - HI;
var ENTRIES = new Float64Array(4);
var OUT = new Float64Array(3);
var NM = 0;
var TP_HI = 1;
var TP_LO = 2;
var ne = 0;
var MAX_TERMS = 8;
var T_C = new Float64Array(8 * MAX_TERMS);
var T_N = new Int32Array(MAX_TERMS);
var T_E = new Int32Array(MAX_TERMS);
var T_G = new Int32Array(MAX_TERMS);
var ORD = new Int32Array(MAX_TERMS);
var H = new Float64Array(8 * MAX_TERMS + 1);
var TMP = new Float64Array(2);
var nTerms = 0;
var DIRECT_EXP = 200;
var TWO_M200 = 6223015277861142e-76;
var TWO_201 = 32138760885179806e44;
var useDirect = false;
var baseN = 0;
var BASE = new Float64Array(8 * MAX_TERMS);
var SCR = new Float64Array(16);
var TMP4 = new Float64Array(4);
var SampleMapper = class {
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
function floorHalfMinus(r, x) {
  if (!(x < TWO_52 && x > -TWO_52)) return floorHalfMinusFar(r, x);
  let f = Math.floor(r - x);
  while (x > r - f) f--;
  while (x <= r - f - 1) f++;
  return f;
}
function floorHalfMinusFar(r, x) {
  return r > 0 ? -x : -x - 1;
}
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
var PRODUCTS_SPAN = 1534;
function signOfProducts(f, n, count) {
  if (!(count >= 1 && count <= MAX_TERMS)) throw new RangeError(`signOfProducts: ${count} terms; 1 to ${MAX_TERMS} are supported.`);
  let span2 = 7 * (count - 1);
  for (let i = 0; i < count; i++) {
    const k = n[i];
    if (!(k >= 1 && k <= 4)) throw new RangeError(`signOfProducts: term ${i} has ${k} factors; 1 to 4 are supported.`);
    span2 += 52 * k;
  }
  if (span2 > PRODUCTS_SPAN) {
    throw new RangeError(`signOfProducts: the terms span ${span2} bits (52 per factor, 7 per further term); at most ${PRODUCTS_SPAN} are exact.`);
  }
  nTerms = 0;
  for (let i = 0; i < count; i++) {
    const o = 4 * i;
    const k = n[i];
    let zero = false;
    for (let j = 0; j < k; j++) {
      const x = f[o + j];
      if (x === 0) zero = true;
      else if (!(x - x === 0)) throw new RangeError(`signOfProducts: factor ${j} of term ${i} is ${x}; the exact sign needs finite factors.`);
    }
    if (zero) continue;
    const t = nTerms++;
    const c = 8 * t;
    let e = 0;
    let cn = 0;
    for (let j = 0; j < k; j++) {
      normalize(f[o + j]);
      e += ne;
      if (j === 0) {
        T_C[c] = OUT[NM];
        cn = 1;
      } else {
        for (let q = 0; q < cn; q++) SCR[q] = T_C[c + q];
        cn = scaleExpansion(SCR, 0, cn, OUT[NM], T_C, c);
      }
    }
    T_N[t] = cn;
    T_E[t] = e;
    T_G[t] = 52 * k;
  }
  return signOfTerms();
}

// extensions/pixel-collision/assets/core/sampling.ts
var MAX_ACCURACY = 64;
function checkAccuracy(accuracy, name = "accuracy") {
  if (typeof accuracy !== "number" || !(accuracy > 0) || !(accuracy <= MAX_ACCURACY)) {
    throw new RangeError(`${name} must be a number in (0, ${MAX_ACCURACY}] (samples per world unit; 1 = one sample per unit, 0.5 = one per 2 units), got ${accuracy}.`);
  }
  return accuracy;
}

// extensions/pixel-collision/assets/core/rasterize.ts
function rasterizeMaskChecked(mask, t, accuracy, out, clip) {
  const b = mask.bounds(SCRATCH_BOUNDS);
  if (b.width === 0) return out.reset(accuracy, 0, 0, 0, 0);
  if (rasterizeQuarterTurn(mask, t, accuracy, out)) return out;
  return rasterizeGeneral(mask, t, accuracy, out, b, clip ?? NO_CLIP);
}
var NO_CLIP = { k0: -Infinity, l0: -Infinity, k1: Infinity, l1: Infinity };
function isUnitQuarterTurn(t, accuracy) {
  if (accuracy === 1) {
    if (t.b === 0 && t.c === 0) return (t.a === 1 || t.a === -1) && (t.d === 1 || t.d === -1);
    if (t.a === 0 && t.d === 0) return (t.b === 1 || t.b === -1) && (t.c === 1 || t.c === -1);
    return false;
  }
  if (!isPowerOfTwo(accuracy)) return false;
  if (t.b === 0 && t.c === 0) return Math.abs(t.a) * accuracy === 1 && Math.abs(t.d) * accuracy === 1;
  if (t.a === 0 && t.d === 0) return Math.abs(t.b) * accuracy === 1 && Math.abs(t.c) * accuracy === 1;
  return false;
}
function isPowerOfTwo(x) {
  if (x === 1) return true;
  const e = Math.round(Math.log2(x));
  return 2 ** e === x;
}
function rasterizeQuarterTurn(mask, t, accuracy, out) {
  if (!isUnitQuarterTurn(t, accuracy)) return false;
  viewQuarterTurn(mask, t, accuracy, out);
  return true;
}
function viewQuarterTurn(mask, t, accuracy, out) {
  const swap = t.a === 0;
  const sx = swap ? Math.sign(t.c) : Math.sign(t.a);
  const sy = swap ? Math.sign(t.b) : Math.sign(t.d);
  const nx = swap ? mask.height : mask.width;
  const ny = swap ? mask.width : mask.height;
  const TX = t.tx * accuracy;
  const TY = t.ty * accuracy;
  const rx = sx > 0 ? 0.5 : -0.5, X = sx > 0 ? TX : -TX;
  let fx = Math.floor(rx - X);
  if (!(X < TWO_52 && X > -TWO_52) || X > rx - fx || X <= rx - fx - 1) fx = floorHalfMinus(rx, X);
  const ry = sy > 0 ? 0.5 : -0.5, Y = sy > 0 ? TY : -TY;
  let fy = Math.floor(ry - Y);
  if (!(Y < TWO_52 && Y > -TWO_52) || Y > ry - fy || Y <= ry - fy - 1) fy = floorHalfMinus(ry, Y);
  const k0 = sx > 0 ? 0 - fx : fx - (nx - 1);
  const l0 = sy > 0 ? 0 - fy : fy - (ny - 1);
  return out.view(mask.oriented(swap, sx < 0, sy < 0), accuracy, k0, l0);
}
var SCRATCH_BOUNDS = { x: 0, y: 0, width: 0, height: 0 };
var MAPPER = new SampleMapper();
var CELL_BOX = new Float64Array(4);
function maskCellBox(out, bb, t, acc) {
  const x0 = bb.x, y0 = bb.y, x1 = bb.x + bb.width, y1 = bb.y + bb.height;
  const ax0 = t.a * x0, ax1 = t.a * x1, cy0 = t.c * y0, cy1 = t.c * y1;
  const bx0 = t.b * x0, bx1 = t.b * x1, dy0 = t.d * y0, dy1 = t.d * y1;
  const minX = Math.min(ax0, ax1) + Math.min(cy0, cy1) + t.tx;
  const maxX = Math.max(ax0, ax1) + Math.max(cy0, cy1) + t.tx;
  const minY = Math.min(bx0, bx1) + Math.min(dy0, dy1) + t.ty;
  const maxY = Math.max(bx0, bx1) + Math.max(dy0, dy1) + t.ty;
  out[0] = Math.ceil(minX * acc - 0.5) - 1;
  out[1] = Math.floor(maxX * acc - 0.5) + 1;
  out[2] = Math.ceil(minY * acc - 0.5) - 1;
  out[3] = Math.floor(maxY * acc - 0.5) + 1;
  return out;
}
function rasterizeGeneral(mask, t, accuracy, out, bb, clip) {
  const m = MAPPER.setup(t, accuracy);
  const s = 1 / accuracy;
  const box = maskCellBox(CELL_BOX, bb, t, accuracy);
  const kmin = box[0], kmax = box[1], lmin0 = box[2], lmax0 = box[3];
  if ((kmax - kmin + 1) * (lmax0 - lmin0 + 1) > MAX_RASTER_CELLS) {
    throw new RangeError(`a ${mask.width}x${mask.height} mask under this transform covers ${kmax - kmin + 1}x${lmax0 - lmin0 + 1} cells at accuracy ${accuracy}, more than ${MAX_RASTER_CELLS}; lower the accuracy or the scale.`);
  }
  const kc0 = clip.k0 > kmin ? clip.k0 : kmin;
  const kc1 = clip.k1 < kmax ? clip.k1 : kmax;
  const lmin = clip.l0 > lmin0 ? clip.l0 : lmin0;
  const lmax = clip.l1 < lmax0 ? clip.l1 : lmax0;
  const W = kc1 - kc0 + 1;
  const H2 = lmax - lmin + 1;
  if (!(W > 0 && H2 > 0)) out.reset(accuracy, kc0, lmin, 0, 0);
  else out.reset(accuracy, kc0, lmin, W, H2);
  out.boxK2 = kmin + kmax + 1;
  out.boxL2 = lmin0 + lmax0 + 1;
  if (!(W > 0 && H2 > 0)) return out;
  const bits = out.bits;
  const stride = out.stride;
  const runs = mask.boundaryRuns();
  const detPositive = t.a * t.d - t.b * t.c > 0;
  const uGrows = t.d > 0 === detPositive;
  const vGrows = t.b < 0 === detPositive;
  const xMax = (Math.max(Math.abs(kmin), Math.abs(kmax)) + 1) * s;
  const yMax = Math.max(Math.abs((lmin + 0.5) * s), Math.abs((lmax + 0.5) * s));
  const baseE = xMax + Math.abs(t.tx) + Math.abs(t.ty) + 1 + yMax;
  const eu = m.errU * baseE;
  const ev = m.errV * baseE;
  const p = PASS;
  p[P_S] = s;
  p[P_TX] = t.tx;
  p[P_TY] = t.ty;
  p[P_ACC] = accuracy;
  p[P_KMIN] = kmin;
  p[P_KMAX] = kmax;
  p[P_KC0] = kc0;
  p[P_KC1] = kc1;
  p[P_LMIN] = lmin;
  p[P_LMAX] = lmax;
  const ia = m.ia, ib = m.ib, ic = m.ic, id = m.id;
  if (t.d !== 0) {
    const margin = Math.abs(ib) * s * (1 + 1e-9) + 1e-9;
    p[P_LA] = ia;
    p[P_LB] = ic;
    p[P_TA] = ib;
    p[P_TB] = id;
    p[P_EL] = eu;
    p[P_ET] = ev;
    p[P_KI] = accuracy / ia;
    p[P_KL] = -ic / ia;
    p[P_KA] = (t.tx - ic * (0.5 * s - t.ty) / ia) * accuracy - 0.5;
    p[P_P] = t.b;
    p[P_Q] = t.d;
    p[P_MLO] = vGrows ? 1e-9 : margin;
    p[P_MHI] = vGrows ? margin : 1e-9;
    p[P_PX] = t.a;
    p[P_QX] = t.c;
    p[P_GROWS] = uGrows ? 1 : 0;
    runPass(runs.vertical, bits, stride, m, true);
  }
  if (t.b !== 0) {
    const margin = Math.abs(ia) * s * (1 + 1e-9) + 1e-9;
    p[P_LA] = ib;
    p[P_LB] = id;
    p[P_TA] = ia;
    p[P_TB] = ic;
    p[P_EL] = ev;
    p[P_ET] = eu;
    p[P_KI] = accuracy / ib;
    p[P_KL] = -id / ib;
    p[P_KA] = (t.tx - id * (0.5 * s - t.ty) / ib) * accuracy - 0.5;
    p[P_P] = t.d;
    p[P_Q] = t.b;
    p[P_MLO] = uGrows ? margin : 1e-9;
    p[P_MHI] = uGrows ? 1e-9 : margin;
    p[P_PX] = t.c;
    p[P_QX] = t.a;
    p[P_GROWS] = vGrows ? 1 : 0;
    runPass(runs.horizontal, bits, stride, m, false);
  }
  if (stride <= FLAT_STRIDE) prefixXorFlat(bits, stride, W, H2, out.rowSpans, out.rowRuns);
  else prefixXor(bits, stride, W, H2, out.rowSpans, out.rowRuns);
  return out;
}
function prefixXor(bits, stride, W, H2, rowSpans, rowRuns2) {
  const tail = W & 31;
  const tailMask = tail ? 4294967295 >>> 32 - tail : 4294967295;
  for (let r = 0, base = 0; r < H2; r++, base += stride) {
    const we = base + stride;
    const ro = r * RUN_STRIDE;
    let w = base;
    while (w < we && bits[w] === 0) w++;
    if (w === we) {
      rowSpans[2 * r] = W;
      rowSpans[2 * r + 1] = 0;
      rowRuns2[ro] = 0;
      continue;
    }
    let e = we;
    while (bits[e - 1] === 0) e--;
    const first = bits[w] | 0, last = bits[e - 1] | 0;
    const lo = (w - base << 5) + 31 - Math.clz32(first & -first);
    let toggles = 0;
    let carry = 0;
    for (; w < e; w++) {
      let x = bits[w] | 0;
      if (x === 0) {
        bits[w] = carry;
        continue;
      }
      const y = x & x - 1;
      toggles += y === 0 ? 1 : (y & y - 1) === 0 ? 2 : 3;
      x = prefixXorWord(x) ^ carry;
      carry = x >> 31;
      bits[w] = x;
    }
    if (carry !== 0) for (; w < we; w++) bits[w] = carry;
    bits[we - 1] &= tailMask;
    const hi = carry !== 0 ? W : (e - 1 - base << 5) + 31 - Math.clz32(last);
    setRowSummary(rowSpans, rowRuns2, r, lo, hi, toggles);
  }
}
function prefixXorWord(x) {
  x ^= x << 1;
  x ^= x << 2;
  x ^= x << 4;
  x ^= x << 8;
  return x ^ x << 16;
}
function setRowSummary(rowSpans, rowRuns2, r, lo, hi, toggles) {
  const ro = r * RUN_STRIDE;
  const full = toggles <= 2;
  rowSpans[2 * r] = full ? lo : ~lo;
  rowSpans[2 * r + 1] = hi;
  if (full) {
    rowRuns2[ro] = 1;
    rowRuns2[ro + 1] = lo;
    rowRuns2[ro + 2] = hi;
  } else {
    rowRuns2[ro] = UNKNOWN_RUNS;
  }
}
var FLAT_STRIDE = 4;
function prefixXorFlat(bits, stride, W, H2, rowSpans, rowRuns2) {
  const tail = W & 31;
  const tailMask = tail ? 4294967295 >>> 32 - tail : 4294967295;
  for (let r = 0, base = 0; r < H2; r++, base += stride) {
    let carry = 0, toggles = 0, lo = -1, hi = 0;
    for (let w = 0; w < stride; w++) {
      let x = bits[base + w] | 0;
      const y = x & x - 1;
      const any = +(x !== 0);
      toggles += any + +(y !== 0) + +((y & y - 1) !== 0);
      const at = w << 5;
      const first = at + 31 - Math.clz32(x & -x), last = at + 31 - Math.clz32(x);
      lo = lo < 0 && any !== 0 ? first : lo;
      hi = any !== 0 ? last : hi;
      x = prefixXorWord(x) ^ carry;
      carry = x >> 31;
      bits[base + w] = x;
    }
    bits[base + stride - 1] &= tailMask;
    if (toggles === 0) {
      rowSpans[2 * r] = W;
      rowSpans[2 * r + 1] = 0;
      rowRuns2[r * RUN_STRIDE] = 0;
      continue;
    }
    setRowSummary(rowSpans, rowRuns2, r, lo, carry !== 0 ? W : hi, toggles);
  }
}
var PASS = new Float64Array(26);
var P_S = 0;
var P_TX = 1;
var P_TY = 2;
var P_ACC = 3;
var P_KMIN = 4;
var P_KMAX = 5;
var P_KC0 = 6;
var P_KC1 = 7;
var P_LMIN = 8;
var P_LMAX = 9;
var P_LA = 10;
var P_LB = 11;
var P_TA = 12;
var P_TB = 13;
var P_EL = 14;
var P_ET = 15;
var P_KI = 16;
var P_KL = 17;
var P_KA = 18;
var P_P = 19;
var P_Q = 20;
var P_MLO = 21;
var P_MHI = 22;
var P_GROWS = 23;
var P_PX = 24;
var P_QX = 25;
function runPass(runs, bits, stride, m, vertical) {
  const p = PASS;
  const s = p[P_S], tx = p[P_TX], ty = p[P_TY], acc = p[P_ACC];
  const kmin = p[P_KMIN], kmax = p[P_KMAX], kc0 = p[P_KC0], kc1 = p[P_KC1], lmin = p[P_LMIN], lmax = p[P_LMAX];
  const lA = p[P_LA], lB = p[P_LB], tA = p[P_TA], tB = p[P_TB], eL = p[P_EL], eT = p[P_ET];
  const kI = p[P_KI], kL = p[P_KL], kA = p[P_KA];
  const P = p[P_P], Q = p[P_Q], mLo = p[P_MLO], mHi = p[P_MHI];
  const PX = p[P_PX], QX = p[P_QX], kSkip = kc1 + 2;
  const grows = p[P_GROWS] !== 0;
  const nRuns = runs.length;
  let items = ITEMS;
  let cap = items.length - 2 * ITEM_BATCH;
  const up = Q > 0;
  let n = 0;
  for (let r = 0; r < nRuns; r += 3) {
    const line = runs[r];
    const xA = PX * line + QX * (runs[r + 1] - mLo) + tx;
    const xB = PX * line + QX * (runs[r + 2] + mHi) + tx;
    if ((xA < xB ? xA : xB) * acc - 0.5 > kSkip) continue;
    const pl = P * line;
    const yA = pl + Q * (runs[r + 1] - mLo) + ty;
    const yB = pl + Q * (runs[r + 2] + mHi) + ty;
    let la = Math.ceil((up ? yA : yB) * acc - 0.5 - SLACK);
    let lb = Math.floor((up ? yB : yA) * acc - 0.5 + SLACK);
    if (la < lmin) la = lmin;
    if (lb > lmax) lb = lmax;
    if (!(la <= lb)) continue;
    const r0 = la - lmin | 0, count = lb - la + 1 | 0;
    if (n + 2 * count > cap) {
      items = growItems(n + 2 * count + 2 * ITEM_BATCH);
      cap = items.length - 2 * ITEM_BATCH;
    }
    items[n] = r;
    items[n + 1] = r0;
    items[n + 2] = r;
    items[n + 3] = r0 + 1;
    items[n + 4] = r;
    items[n + 5] = r0 + 2;
    items[n + 6] = r;
    items[n + 7] = r0 + 3;
    for (let q = ITEM_BATCH; q < count; q++) {
      items[n + 2 * q] = r;
      items[n + 2 * q + 1] = r0 + q;
    }
    n += 2 * count;
  }
  const tOff = vertical ? 0 : s;
  const wMax = kc1 - kc0;
  let nSlow = 0;
  for (let q = 0; q < n; q += 2) {
    const r = items[q], rr = items[q + 1];
    const line = runs[r];
    const l = lmin + rr;
    const Y = (l + 0.5) * s - ty;
    const L = lB * Y;
    const kStar = kA + line * kI + l * kL;
    const k = grows ? Math.ceil(kStar) : Math.floor(kStar) + 1;
    const xPrev = (k - 0.5) * s - tx;
    const xNext = xPrev + s;
    const w1 = lA * xNext + L;
    const w0 = lA * xPrev + L;
    if (!(k >= kmin && k <= kmax && (grows ? w1 - eL >= line && w0 + eL < line : w1 + eL < line && w0 - eL >= line))) {
      items[nSlow++] = r;
      items[nSlow++] = rr;
      continue;
    }
    const c = k - kc0;
    if (c > wMax) continue;
    const a0 = runs[r + 1], a1 = runs[r + 2];
    const tv = tA * (xPrev + tOff) + tB * Y;
    const lo = tv - eT, hi = tv + eT;
    const inside2 = +(lo >= a0) & +(hi < a1);
    if ((+(hi >= a0) & +(lo < a1) & (inside2 ^ 1)) !== 0) {
      items[nSlow++] = r;
      items[nSlow++] = rr;
      continue;
    }
    const ci = c < 0 ? 0 : c | 0;
    bits[rr * stride + (ci >>> 5)] ^= inside2 << (ci & 31);
  }
  if (nSlow > 0) slowItems(runs, bits, stride, m, vertical, nSlow);
}
function slowItems(runs, bits, stride, m, vertical, n) {
  const p = PASS;
  const kmin = p[P_KMIN], kmax = p[P_KMAX], kc0 = p[P_KC0], kc1 = p[P_KC1], lmin = p[P_LMIN];
  const kI = p[P_KI], kL = p[P_KL], kA = p[P_KA];
  const grows = p[P_GROWS] !== 0;
  const items = ITEMS;
  for (let q = 0; q < n; q += 2) {
    const r = items[q], rr = items[q + 1];
    const line = runs[r], a0 = runs[r + 1], a1 = runs[r + 2];
    const l = lmin + rr;
    const k = crossing(m, vertical, line, l, kA + line * kI + l * kL, grows, kmin, kmax);
    if (k !== k || k > kc1) continue;
    const f = vertical ? m.floorV(k - 1, l) : m.floorU(k, l);
    if (f < a0 || f >= a1) continue;
    const c = k < kc0 ? 0 : k - kc0 | 0;
    bits[rr * stride + (c >>> 5)] ^= 1 << (c & 31);
  }
}
var ITEMS = new Int32Array(2048);
var ITEM_BATCH = 4;
function growItems(need) {
  const items = new Int32Array(Math.max(need, ITEMS.length * 2));
  items.set(ITEMS);
  ITEMS = items;
  return items;
}
var SLACK = 1e-6;
var MAX_RASTER_CELLS = 1 << 28;
function crossing(m, wantU, line, l, kStar, increasing, kmin, kmax) {
  let k = increasing ? Math.ceil(kStar) : Math.floor(kStar) + 1;
  if (!(k >= kmin)) k = kmin;
  if (k > kmax) k = kmax;
  let lo;
  let hi;
  if (past(m, wantU, line, l, k, increasing)) {
    if (!past(m, wantU, line, l, k - 1, increasing)) return k;
    if (k === kmin || past(m, wantU, line, l, kmin - 1, increasing)) return NaN;
    lo = kmin - 1;
    hi = k - 1;
  } else {
    if (k === kmax) return NaN;
    if (past(m, wantU, line, l, k + 1, increasing)) return k + 1;
    if (!past(m, wantU, line, l, kmax, increasing)) return NaN;
    lo = k + 1;
    hi = kmax;
  }
  while (hi - lo > 1) {
    const mid = lo + (hi - lo >> 1);
    if (past(m, wantU, line, l, mid, increasing)) hi = mid;
    else lo = mid;
  }
  return hi;
}
function past(m, wantU, line, l, k, increasing) {
  const f = wantU ? m.floorU(k, l) : m.floorV(k, l);
  return increasing ? f >= line : f < line;
}

// extensions/pixel-collision/assets/core/narrow-small.ts
var FAR = 1 << 30;
var CELL_BOX2 = new Float64Array(4);
var QK = new Int32Array(2);
var PC16 = new Uint8Array(65536);
var IS16 = new Uint8Array(65536);
for (let x = 1; x < 65536; x++) {
  const low = 31 - Math.clz32(x & -x);
  PC16[x] = PC16[x & x - 1] + 1;
  IS16[x] = IS16[x & x - 1] + low;
}
var NRM = new Float64Array(4);
var SUMS = new Float64Array(8);
var MA = new SampleMapper();
var MB = new SampleMapper();
var M = new Float64Array(47);
var CUT_A = new Int32Array(2 * 64);
var CUT_B = new Int32Array(2 * 64);
var BITS_A = new Uint32Array(4096);
var BITS_B = new Uint32Array(4096);
var CUT = new Float64Array(2 * 4 * 8);
var CUT_IN = new Float64Array(5);

// extensions/pixel-collision/assets/core/shape-sampling.ts
var { abs, ceil, floor, sqrt } = Math;
var isFiniteNumber = Number.isFinite;
var INFINITY = Number.POSITIVE_INFINITY;
function shapeContains(shape, x, y) {
  if (!isFiniteNumber(x) || !isFiniteNumber(y)) return false;
  query[0] = x;
  query[1] = y;
  query[2] = 1;
  return inside(shape);
}
function shapeContainsSample(shape, k, l, accuracy) {
  query[0] = 2 * k + 1;
  query[1] = 2 * l + 1;
  query[2] = 2 * accuracy;
  return inside(shape);
}
var ROW_GRID = new Float64Array(1);
var ROW_QUERY = new Float64Array(3);
var grid = ROW_GRID;
var query = ROW_QUERY;
var span = new Float64Array(2);
function rowCells(shape, l, out) {
  const accuracy = grid[0];
  query[1] = 2 * l + 1;
  if (!looseRowSpan(shape)) return false;
  let k0 = ceil(span[0] * accuracy - 0.5) + 0;
  let k1 = floor(span[1] * accuracy - 0.5) + 0;
  if (k0 > k1) {
    if (probe(shape, k1)) {
      k0 = k1;
    } else if (probe(shape, k0)) {
      k1 = k0;
    } else {
      return false;
    }
  } else {
    const c0 = k0, c1 = k1;
    while (k0 <= k1 && !probe(shape, k0)) k0++;
    if (k0 > k1) {
      if (probe(shape, c1 + 1)) {
        k0 = k1 = c1 + 1;
      } else if (probe(shape, c0 - 1)) {
        k0 = k1 = c0 - 1;
      } else {
        return false;
      }
    } else {
      while (!probe(shape, k1)) k1--;
    }
  }
  for (let i = 0; i < 4 && probe(shape, k0 - 1); i++) k0--;
  for (let i = 0; i < 4 && probe(shape, k1 + 1); i++) k1++;
  out[0] = k0;
  out[1] = k1;
  return true;
}
function probe(shape, k) {
  query[0] = 2 * k + 1;
  return inside(shape);
}
function looseRowSpan(shape) {
  const y = query[1] / query[2];
  const tol = 1e-9 * (1 + abs(y));
  if (y < shape.minY - tol || y > shape.maxY + tol) return false;
  if (shape.kind === "aabb") {
    span[0] = shape.minX;
    span[1] = shape.maxX;
    return true;
  }
  if (shape.kind === "circle") {
    const dy = y - shape.cy;
    const h = shape.r * shape.r - dy * dy;
    const s = h > 0 ? sqrt(h) : 0;
    span[0] = shape.cx - s;
    span[1] = shape.cx + s;
    return true;
  }
  const yc = y < shape.minY ? shape.minY : y > shape.maxY ? shape.maxY : y;
  const Y = query[1];
  const A = query[2];
  const rounding = 32 * EPS * A;
  const ay = 2 * abs(yc);
  const p = shape.points;
  const n = shape.vertexCount;
  let lo = -INFINITY;
  let hi = INFINITY;
  let xi = p[2 * n - 2];
  let yi = p[2 * n - 1];
  for (let j = 0; j < n; j++) {
    const xj = p[2 * j];
    const yj = p[2 * j + 1];
    const ey = yj - yi;
    if (ey !== 0) {
      const ex = xj - xi;
      let dy = yc - yi;
      if (abs(ex) * (ay + abs(yi)) * rounding > abs(ey)) {
        const ph = A * yi;
        let c = SPLITTER2 * A;
        const ahi = c - (c - A);
        const alo = A - ahi;
        c = SPLITTER2 * yi;
        const bhi = c - (c - yi);
        const blo = yi - bhi;
        const pe = alo * blo - (ph - ahi * bhi - alo * bhi - ahi * blo);
        const exact = (Y - ph - pe) / A;
        if (exact - exact === 0) dy = exact;
      }
      const x = xi + ex * (dy / ey);
      if (ey > 0) {
        if (x < hi) hi = x;
      } else if (x > lo) {
        lo = x;
      }
    }
    xi = xj;
    yi = yj;
  }
  if (!(lo <= hi)) {
    const mid = lo > hi ? 0.5 * (lo + hi) : shape.minX;
    lo = mid;
    hi = mid;
  }
  span[0] = lo;
  span[1] = hi;
  return true;
}
var EPS = 11102230246251565e-32;
var TINY = 1e-280;
var SPLITTER2 = 134217729;
function inside(shape) {
  if (shape.kind === "aabb") {
    return boxSide(shape, 0) <= 0 && boxSide(shape, 1) >= 0 && boxSide(shape, 2) <= 0 && boxSide(shape, 3) >= 0;
  }
  if (shape.kind === "circle") return circleSign(shape) <= 0;
  const p = shape.points;
  const n = shape.vertexCount;
  for (let i = n - 1, j = 0; j < n; i = j++) {
    if (edgeSign(p, i, j) < 0) return false;
  }
  return true;
}
function boxSide(shape, which) {
  const v = which === 0 ? shape.minX : which === 1 ? shape.maxX : which === 2 ? shape.minY : shape.maxY;
  const Q = query[which >> 1];
  const A = query[2];
  const p = A * v;
  if (p < Q) return -1;
  if (p > Q) return 1;
  eft[0] = A;
  eft[1] = v;
  eft[2] = p;
  const sign = productTailSign();
  if (sign !== UNKNOWN) return sign;
  checkQuery();
  PF[0] = A;
  PF[1] = v;
  PN[0] = 2;
  PF[4] = -Q;
  PN[1] = 1;
  return signOfProducts(PF, PN, 2);
}
function circleSign(shape) {
  const X = query[0];
  const Y = query[1];
  const A = query[2];
  const cx = shape.cx;
  const cy = shape.cy;
  const r = shape.r;
  const ax = A * cx;
  const ay = A * cy;
  const u = X - ax;
  const v = Y - ay;
  const R = A * r;
  const uu = u * u;
  const vv = v * v;
  const rr = R * R;
  const f = uu + vv - rr;
  const bound = 16 * EPS * ((abs(ax) + 2 * abs(u)) * abs(u) + (abs(ay) + 2 * abs(v)) * abs(v) + 2 * rr) + TINY;
  if (f > bound) return 1;
  if (f < -bound) return -1;
  eft[0] = A;
  eft[1] = cx;
  eft[2] = ax;
  if (productTailSign() !== 0) return circleSignExpansion(shape);
  eft[0] = A;
  eft[1] = cy;
  eft[2] = ay;
  if (productTailSign() !== 0) return circleSignExpansion(shape);
  eft[0] = A;
  eft[1] = r;
  eft[2] = R;
  if (productTailSign() !== 0) return circleSignExpansion(shape);
  eft[0] = X;
  eft[1] = ax;
  eft[2] = u;
  if (differenceTailSign() !== 0) return circleSignExpansion(shape);
  eft[0] = Y;
  eft[1] = ay;
  eft[2] = v;
  if (differenceTailSign() !== 0) return circleSignExpansion(shape);
  eft[0] = u;
  eft[1] = u;
  eft[2] = uu;
  if (productTailSign() !== 0) return circleSignExpansion(shape);
  eft[0] = v;
  eft[1] = v;
  eft[2] = vv;
  if (productTailSign() !== 0) return circleSignExpansion(shape);
  eft[0] = R;
  eft[1] = R;
  eft[2] = rr;
  if (productTailSign() !== 0) return circleSignExpansion(shape);
  const s = uu + vv;
  if (s < rr) return -1;
  if (s > rr) return 1;
  eft[0] = uu;
  eft[1] = vv;
  eft[2] = s;
  return sumTailSign();
}
function circleSignExpansion(shape) {
  checkQuery();
  const X = query[0];
  const Y = query[1];
  const A = query[2];
  const cx = shape.cx;
  const cy = shape.cy;
  const r = shape.r;
  PF[0] = X;
  PF[1] = X;
  PN[0] = 2;
  PF[4] = Y;
  PF[5] = Y;
  PN[1] = 2;
  PF[8] = -2;
  PF[9] = A;
  PF[10] = X;
  PF[11] = cx;
  PN[2] = 4;
  PF[12] = -2;
  PF[13] = A;
  PF[14] = Y;
  PF[15] = cy;
  PN[3] = 4;
  PF[16] = A;
  PF[17] = A;
  PF[18] = cx;
  PF[19] = cx;
  PN[4] = 4;
  PF[20] = A;
  PF[21] = A;
  PF[22] = cy;
  PF[23] = cy;
  PN[5] = 4;
  PF[24] = -A;
  PF[25] = A;
  PF[26] = r;
  PF[27] = r;
  PN[6] = 4;
  return signOfProducts(PF, PN, 7);
}
function edgeSign(p, i, j) {
  const X = query[0];
  const Y = query[1];
  const A = query[2];
  const xi = p[2 * i];
  const yi = p[2 * i + 1];
  const ex = p[2 * j] - xi;
  const ey = p[2 * j + 1] - yi;
  const ay = A * yi;
  const ax = A * xi;
  const py = Y - ay;
  const px = X - ax;
  const g = ex * py - ey * px;
  const bound = 8 * EPS * (abs(ex) * (abs(ay) + abs(py)) + abs(ey) * (abs(ax) + abs(px))) + TINY;
  if (g > bound) return 1;
  if (g < -bound) return -1;
  return edgeSignExact(p, i, j);
}
function edgeSignExact(p, i, j) {
  const X = query[0];
  const Y = query[1];
  const A = query[2];
  const xi = p[2 * i];
  const yi = p[2 * i + 1];
  const xj = p[2 * j];
  const yj = p[2 * j + 1];
  const ex = xj - xi;
  const ey = yj - yi;
  const ay = A * yi;
  const ax = A * xi;
  const py = Y - ay;
  const px = X - ax;
  const t1 = ex * py;
  const t2 = ey * px;
  eft[0] = xj;
  eft[1] = xi;
  eft[2] = ex;
  if (differenceTailSign() !== 0) return edgeSignExpansion(p, i, j);
  eft[0] = yj;
  eft[1] = yi;
  eft[2] = ey;
  if (differenceTailSign() !== 0) return edgeSignExpansion(p, i, j);
  eft[0] = A;
  eft[1] = yi;
  eft[2] = ay;
  if (productTailSign() !== 0) return edgeSignExpansion(p, i, j);
  eft[0] = A;
  eft[1] = xi;
  eft[2] = ax;
  if (productTailSign() !== 0) return edgeSignExpansion(p, i, j);
  eft[0] = Y;
  eft[1] = ay;
  eft[2] = py;
  if (differenceTailSign() !== 0) return edgeSignExpansion(p, i, j);
  eft[0] = X;
  eft[1] = ax;
  eft[2] = px;
  if (differenceTailSign() !== 0) return edgeSignExpansion(p, i, j);
  eft[0] = ex;
  eft[1] = py;
  eft[2] = t1;
  if (productTailSign() !== 0) return edgeSignExpansion(p, i, j);
  eft[0] = ey;
  eft[1] = px;
  eft[2] = t2;
  if (productTailSign() !== 0) return edgeSignExpansion(p, i, j);
  return t1 > t2 ? 1 : t1 < t2 ? -1 : 0;
}
function edgeSignExpansion(p, i, j) {
  checkQuery();
  const X = query[0];
  const Y = query[1];
  const A = query[2];
  const xi = p[2 * i];
  const yi = p[2 * i + 1];
  const xj = p[2 * j];
  const yj = p[2 * j + 1];
  PF[0] = xj;
  PF[1] = Y;
  PN[0] = 2;
  PF[4] = -xi;
  PF[5] = Y;
  PN[1] = 2;
  PF[8] = -yj;
  PF[9] = X;
  PN[2] = 2;
  PF[12] = yi;
  PF[13] = X;
  PN[3] = 2;
  PF[16] = -A;
  PF[17] = xj;
  PF[18] = yi;
  PN[4] = 3;
  PF[20] = A;
  PF[21] = yj;
  PF[22] = xi;
  PN[5] = 3;
  return signOfProducts(PF, PN, 6);
}
var eft = new Float64Array(3);
var UNKNOWN = 2;
function productTailSign() {
  const a = eft[0];
  const b = eft[1];
  const p = eft[2];
  if (abs(p) < 1e-250 && a !== 0 && b !== 0) return UNKNOWN;
  let c = SPLITTER2 * a;
  const ahi = c - (c - a);
  const alo = a - ahi;
  c = SPLITTER2 * b;
  const bhi = c - (c - b);
  const blo = b - bhi;
  const tail = alo * blo - (p - ahi * bhi - alo * bhi - ahi * blo);
  return tail > 0 ? 1 : tail < 0 ? -1 : tail === 0 ? 0 : UNKNOWN;
}
function differenceTailSign() {
  const a = eft[0];
  const b = eft[1];
  const x = eft[2];
  const bvirt = a - x;
  const avirt = x + bvirt;
  const tail = a - avirt + (bvirt - b);
  return tail > 0 ? 1 : tail < 0 ? -1 : tail === 0 ? 0 : UNKNOWN;
}
function sumTailSign() {
  const a = eft[0];
  const b = eft[1];
  const x = eft[2];
  const bvirt = x - a;
  const avirt = x - bvirt;
  const tail = a - avirt + (b - bvirt);
  return tail > 0 ? 1 : tail < 0 ? -1 : tail === 0 ? 0 : UNKNOWN;
}
var PF = new Float64Array(32);
var PN = new Int32Array(8);
function checkQuery() {
  if (!(isFiniteNumber(query[0]) && isFiniteNumber(query[1]) && isFiniteNumber(query[2]))) {
    throw new RangeError(`the exact membership predicate needs a finite query point, got (${query[0]} / ${query[2]}, ${query[1]} / ${query[2]}): the accuracy must be a finite number and sample indices below 2^1023 in magnitude.`);
  }
}

// extensions/pixel-collision/assets/core/narrow.ts
var FULL = new Float64Array(6);
var SCRATCH_CONTACT = new Contact();
var PC162 = new Uint8Array(65536);
var PCIS16 = new Uint16Array(65536);
for (let x = 1; x < 65536; x++) {
  const low = 31 - Math.clz32(x & -x);
  PC162[x] = PC162[x & x - 1] + 1;
  PCIS16[x] = PC162[x] | (PCIS16[x & x - 1] >>> 5) + low << 5;
}
var GRAD = new Float64Array(2);
var GWIN = new Int32Array(6);
var ROW_G = new Float64Array(2);
var MEMO_SLOTS = 4;
var MEMO = [];
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
var VIEW_A = new WorldRaster();
var VIEW_B = new WorldRaster();
var CLIP_D = new Float64Array(24);
var SUPPORT_DIRS = 32;
var SUP_UX = new Float64Array(SUPPORT_DIRS + 1);
var SUP_UY = new Float64Array(SUPPORT_DIRS + 1);
var SUP_INV = new Float64Array(SUPPORT_DIRS);
for (let i = 0; i <= SUPPORT_DIRS; i++) {
  const t = i % SUPPORT_DIRS * 4 / SUPPORT_DIRS, q = Math.floor(t), f = t - q;
  SUP_UX[i] = q === 0 ? 1 - f : q === 1 ? -f : q === 2 ? f - 1 : f;
  SUP_UY[i] = q === 0 ? f : q === 1 ? 1 - f : q === 2 ? -f : f - 1;
}
for (let i = 0; i < SUPPORT_DIRS; i++) SUP_INV[i] = 1 / (SUP_UX[i] * SUP_UY[i + 1] - SUP_UY[i] * SUP_UX[i + 1]);
var SUPW = new Float64Array(6);
var OCT_A = new Float64Array(16);
var OCT_B = new Float64Array(16);
var OBB_SLACK = 1e-3;
var OCT_SLACK = 2 * OBB_SLACK;
var POLY = new Float64Array(36);
var POLY2 = new Float64Array(36);
var CLIP = new Float64Array(16);
var PROBE_A = new SampleMapper();
var PROBE_B = new SampleMapper();
var FOUND = new Float64Array(2);
var ROW_CELLS = new Int32Array(2);
var KR = new Float64Array(2);

// extensions/pixel-collision/assets/core/broadphase.ts
var BroadPhase = class _BroadPhase {
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
  static {
    /**
     * Additions between two updates that are inserted into the sorted arrays one by one
     * (binary search + memmove); later ones are appended and sorted together at the next update.
     */
    this.BATCH_INSERTS = 64;
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
var BOX_NAMES = ["minX", "minY", "maxX", "maxY"];
var POINT_NAMES = ["x", "y", "x", "y"];
var SEGMENT_NAMES = ["x0", "y0", "x1", "y1"];
var MOVE_SCRATCH = new Float64Array(4);
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

// extensions/pixel-collision/assets/core/shape.ts
var { abs: abs2, atan2, max, sqrt: sqrt2, PI } = Math;
var INFINITY2 = Number.POSITIVE_INFINITY;
var isFiniteNumber2 = Number.isFinite;
var isIntegerNumber = Number.isInteger;
var NOT_A_NUMBER = Number.NaN;
var MAX_POLYGON_VERTICES = 64;
var WorldShape = class {
  constructor() {
    /** Which fields describe the shape. A new shape is the degenerate box at the origin. */
    this.kind = "aabb";
    /** World bounds of the closed shape (for a circle, the centre ± r, rounded). */
    this.minX = 0;
    this.minY = 0;
    this.maxX = 0;
    this.maxY = 0;
    /** Circle centre (kind 'circle'). */
    this.cx = 0;
    this.cy = 0;
    /** Circle radius in world units (kind 'circle'). */
    this.r = 0;
    /** Number of vertices in `points` (4 for 'aabb', 0 for 'circle'). */
    this.vertexCount = 0;
    /** Vertex coordinates `x0, y0, x1, y1, ...`, counter-clockwise; only the first `2 * vertexCount` are used. */
    this.points = new Float64Array(16);
  }
  /**
   * Makes this shape the closed box `[minX, maxX] x [minY, maxY]` (world units).
   * Throws a `RangeError` for non-finite values or an empty box (`max <= min`).
   */
  setAABB(minX, minY, maxX, maxY) {
    const fn = "WorldShape.setAABB";
    if (!isFiniteNumber2(minX)) throw badNumber(fn, "minX", minX);
    if (!isFiniteNumber2(minY)) throw badNumber(fn, "minY", minY);
    if (!isFiniteNumber2(maxX)) throw badNumber(fn, "maxX", maxX);
    if (!isFiniteNumber2(maxY)) throw badNumber(fn, "maxY", maxY);
    if (!(maxX > minX) || !(maxY > minY)) {
      throw new RangeError(`${fn}: the box [${minX}, ${maxX}] x [${minY}, ${maxY}] has zero area; maxX must be > minX and maxY must be > minY. Give the collider a positive size.`);
    }
    store[0] = minX;
    store[1] = minY;
    store[2] = maxX;
    store[3] = maxY;
    storeAABB(this);
    return this;
  }
  /**
   * Makes this shape the closed disc of centre `(cx, cy)` and radius `r` (world units).
   * Throws a `RangeError` for non-finite values or `r <= 0`.
   */
  setCircle(cx, cy, r) {
    const fn = "WorldShape.setCircle";
    if (!isFiniteNumber2(cx)) throw badNumber(fn, "cx", cx);
    if (!isFiniteNumber2(cy)) throw badNumber(fn, "cy", cy);
    if (!(r > 0) || !isFiniteNumber2(r)) throw badSize(fn, "r", r, "radius");
    store[0] = cx;
    store[1] = cy;
    store[2] = r;
    storeCircle(this);
    return this;
  }
  /**
   * Makes this shape the convex polygon with world vertices `points` (`x0, y0, x1, y1, ...`, at
   * least 3 vertices, at most {@link MAX_POLYGON_VERTICES}). Either winding is accepted; it is
   * stored counter-clockwise. Throws a `TypeError`/`RangeError` for a bad count, non-finite
   * values, zero area, or a polygon that is not convex.
   */
  setPolygon(points) {
    const fn = "WorldShape.setPolygon";
    const n = checkPointList(points, fn);
    ensureCapacity(this, n);
    const p = this.points;
    for (let i = 0; i < 2 * n; i++) p[i] = points[i];
    store[0] = 0;
    finishPolygon(this, n, fn);
    return this;
  }
  /** Moves the shape by `(dx, dy)` world units (for example by a contact's separation). */
  translate(dx, dy) {
    this.minX += dx;
    this.maxX += dx;
    this.minY += dy;
    this.maxY += dy;
    if (this.kind === "circle") {
      this.cx += dx;
      this.cy += dy;
    }
    const p = this.points;
    for (let i = 0, e = 2 * this.vertexCount; i < e; i += 2) {
      p[i] += dx;
      p[i + 1] += dy;
    }
    return this;
  }
  /** Copies `src` into this shape (reusing this shape's vertex buffer when it is large enough). */
  copyFrom(src) {
    ensureCapacity(this, src.vertexCount);
    this.kind = src.kind;
    this.minX = src.minX;
    this.minY = src.minY;
    this.maxX = src.maxX;
    this.maxY = src.maxY;
    this.cx = src.cx;
    this.cy = src.cy;
    this.r = src.r;
    this.vertexCount = src.vertexCount;
    const p = this.points;
    const q = src.points;
    for (let i = 0, e = 2 * src.vertexCount; i < e; i++) p[i] = q[i];
    return this;
  }
};
var LOCAL = new Float64Array(4);
function polygonToWorld(out, points, transform, offsetX = 0, offsetY = 0) {
  const fn = "polygonToWorld";
  if (!(out instanceof WorldShape)) throw badOut(fn, out);
  if (!isUsableTransform(transform)) throw badTransform(fn, transform);
  if (!isFiniteNumber2(offsetX)) throw badNumber(fn, "offsetX", offsetX);
  if (!isFiniteNumber2(offsetY)) throw badNumber(fn, "offsetY", offsetY);
  const n = checkPointList(points, fn);
  ensureCapacity(out, n);
  const p = out.points;
  const { a, b, c, d, tx, ty } = transform;
  let local = 0;
  for (let i = 0; i < n; i++) {
    const x = points[2 * i] + offsetX;
    const y = points[2 * i + 1] + offsetY;
    if (abs2(x) > local) local = abs2(x);
    if (abs2(y) > local) local = abs2(y);
    p[2 * i] = a * x + c * y + tx;
    p[2 * i + 1] = b * x + d * y + ty;
  }
  store[0] = (abs2(a) + abs2(b) + abs2(c) + abs2(d)) * local + abs2(tx) + abs2(ty);
  finishPolygon(out, n, fn);
  return out;
}
function polygonToWorldOrNull(out, points, transform) {
  if (points.length === 6 && out instanceof WorldShape && isUsableTransform(transform)) return triangleToWorld(out, points, transform);
  flags[0] = 1;
  try {
    polygonToWorld(out, points, transform);
    return flags[1] === 1 ? null : out;
  } finally {
    flags[0] = 0;
    flags[1] = 0;
    flags[2] = 0;
  }
}
function triangleToWorld(out, points, t) {
  const { a, b, c, d, tx, ty } = t;
  const x0 = points[0], y0 = points[1], x1 = points[2], y1 = points[3], x2 = points[4], y2 = points[5];
  if (!(isFiniteNumber2(x0) && isFiniteNumber2(y0) && isFiniteNumber2(x1) && isFiniteNumber2(y1) && isFiniteNumber2(x2) && isFiniteNumber2(y2))) {
    return polygonToWorld(out, points, t);
  }
  ensureCapacity(out, 3);
  const p = out.points;
  p[0] = a * x0 + c * y0 + tx;
  p[1] = b * x0 + d * y0 + ty;
  p[2] = a * x1 + c * y1 + tx;
  p[3] = b * x1 + d * y1 + ty;
  p[4] = a * x2 + c * y2 + tx;
  p[5] = b * x2 + d * y2 + ty;
  const local = Math.max(abs2(x0), abs2(y0), abs2(x1), abs2(y1), abs2(x2), abs2(y2));
  let scale = (abs2(a) + abs2(b) + abs2(c) + abs2(d)) * local + abs2(tx) + abs2(ty);
  for (let i = 0; i < 6; i++) {
    const v = p[i];
    if (!isFiniteNumber2(v)) return polygonToWorld(out, points, t);
    if (abs2(v) > scale) scale = abs2(v);
  }
  const near = 1e-10 * scale;
  if (abs2(p[2] - p[0]) <= near && abs2(p[3] - p[1]) <= near || abs2(p[4] - p[2]) <= near && abs2(p[5] - p[3]) <= near || abs2(p[4] - p[0]) <= near && abs2(p[5] - p[1]) <= near) return null;
  const area2 = (p[2] - p[0]) * (p[5] - p[1]) - (p[4] - p[0]) * (p[3] - p[1]);
  if (!(abs2(area2) > 1e-24 * scale * scale)) return null;
  if (area2 < 0) {
    const sx = p[0], sy = p[1];
    p[0] = p[4];
    p[1] = p[5];
    p[4] = sx;
    p[5] = sy;
  }
  for (let i = 0; i < 3; i++) {
    const h = i === 0 ? 2 : i - 1, j = i === 2 ? 0 : i + 1;
    const e1x = p[2 * i] - p[2 * h], e1y = p[2 * i + 1] - p[2 * h + 1];
    const e2x = p[2 * j] - p[2 * i], e2y = p[2 * j + 1] - p[2 * i + 1];
    const cross = e1x * e2y - e1y * e2x, dot = e1x * e2x + e1y * e2y;
    const tol = 1e-12 * scale * (Math.sqrt(e1x * e1x + e1y * e1y) + Math.sqrt(e2x * e2x + e2y * e2y));
    if (cross < -tol || cross <= tol && dot < 0) return null;
  }
  out.kind = "polygon";
  out.vertexCount = 3;
  out.minX = Math.min(p[0], p[2], p[4]);
  out.maxX = Math.max(p[0], p[2], p[4]);
  out.minY = Math.min(p[1], p[3], p[5]);
  out.maxY = Math.max(p[1], p[3], p[5]);
  out.cx = 0;
  out.cy = 0;
  out.r = 0;
  return out;
}
var store = new Float64Array(4);
var flags = new Uint8Array(3);
function storeAABB(shape) {
  const minX = store[0];
  const minY = store[1];
  const maxX = store[2];
  const maxY = store[3];
  shape.kind = "aabb";
  shape.minX = minX;
  shape.minY = minY;
  shape.maxX = maxX;
  shape.maxY = maxY;
  shape.cx = 0;
  shape.cy = 0;
  shape.r = 0;
  shape.vertexCount = 4;
  const p = shape.points;
  p[0] = minX;
  p[1] = minY;
  p[2] = maxX;
  p[3] = minY;
  p[4] = maxX;
  p[5] = maxY;
  p[6] = minX;
  p[7] = maxY;
}
function storeCircle(shape) {
  const cx = store[0];
  const cy = store[1];
  const r = store[2];
  shape.kind = "circle";
  shape.cx = cx;
  shape.cy = cy;
  shape.r = r;
  shape.minX = cx - r;
  shape.maxX = cx + r;
  shape.minY = cy - r;
  shape.maxY = cy + r;
  shape.vertexCount = 0;
}
function ensureCapacity(shape, vertices) {
  if (shape.points.length < 2 * vertices) {
    const next = new Float64Array(2 * max(vertices, shape.points.length));
    next.set(shape.points);
    shape.points = next;
  }
}
function finishPolygon(shape, n, fn) {
  const p = shape.points;
  let scale = store[0];
  for (let i = 0; i < 2 * n; i++) {
    const v = p[i];
    if (!isFiniteNumber2(v)) {
      throw new RangeError(`${fn}: world vertex ${i >> 1} is not finite (${p[2 * (i >> 1)]}, ${p[2 * (i >> 1) + 1]}); the points and the transform must give finite coordinates. Check for overflowing scales.`);
    }
    if (abs2(v) > scale) scale = abs2(v);
  }
  const near = 1e-10 * scale;
  let m = 1;
  for (let i = 1; i < n; i++) {
    if (abs2(p[2 * i] - p[2 * m - 2]) > near || abs2(p[2 * i + 1] - p[2 * m - 1]) > near) {
      p[2 * m] = p[2 * i];
      p[2 * m + 1] = p[2 * i + 1];
      m++;
    }
  }
  while (m > 1 && abs2(p[2 * m - 2] - p[0]) <= near && abs2(p[2 * m - 1] - p[1]) <= near) m--;
  const x0 = p[0];
  const y0 = p[1];
  let area2 = 0;
  for (let i = 1; i < m - 1; i++) {
    area2 += (p[2 * i] - x0) * (p[2 * i + 3] - y0) - (p[2 * i + 2] - x0) * (p[2 * i + 1] - y0);
  }
  if (m < 3 || !(abs2(area2) > 1e-24 * scale * scale)) {
    if (m >= 3 && !allCollinear(p, m, scale)) throw notConvex(fn, "its outline crosses itself");
    if (flags[0] === 1) {
      flags[1] = 1;
      return;
    }
    throw new RangeError(`${fn}: the polygon has zero area (all ${n} points are collinear or coincide); a collider needs at least 3 points that are not on one line. Fix the points or the node scale.`);
  }
  if (flags[0] === 1) {
    let bx0 = INFINITY2, by0 = INFINITY2, bx1 = -INFINITY2, by1 = -INFINITY2;
    for (let i = 0; i < m; i++) {
      const x = p[2 * i], y = p[2 * i + 1];
      if (x < bx0) bx0 = x;
      if (x > bx1) bx1 = x;
      if (y < by0) by0 = y;
      if (y > by1) by1 = y;
    }
    const span2 = bx1 - bx0 + by1 - by0;
    flags[2] = abs2(area2) <= 1e-6 * span2 * span2 ? 1 : 0;
  }
  if (area2 < 0) {
    for (let i = 0, j = m - 1; i < j; i++, j--) {
      const tx = p[2 * i];
      const ty = p[2 * i + 1];
      p[2 * i] = p[2 * j];
      p[2 * i + 1] = p[2 * j + 1];
      p[2 * j] = tx;
      p[2 * j + 1] = ty;
    }
  }
  let turning = 0;
  for (let i = 0; i < m; i++) {
    const h = i === 0 ? m - 1 : i - 1;
    const j = i === m - 1 ? 0 : i + 1;
    const e1x = p[2 * i] - p[2 * h];
    const e1y = p[2 * i + 1] - p[2 * h + 1];
    const e2x = p[2 * j] - p[2 * i];
    const e2y = p[2 * j + 1] - p[2 * i + 1];
    const cross = e1x * e2y - e1y * e2x;
    const dot = e1x * e2x + e1y * e2y;
    const l1 = sqrt2(e1x * e1x + e1y * e1y);
    const l2 = sqrt2(e2x * e2x + e2y * e2y);
    const tol = 1e-12 * scale * (l1 + l2);
    if (cross < -tol || cross <= tol && dot < 0) {
      if (flags[0] === 1 && flags[2] === 1) {
        flags[1] = 1;
        return;
      }
      throw notConvex(fn, `it turns the wrong way at world vertex (${p[2 * i]}, ${p[2 * i + 1]})`);
    }
    turning += atan2(cross, dot);
  }
  if (turning > 3 * PI) {
    if (flags[0] === 1 && flags[2] === 1) {
      flags[1] = 1;
      return;
    }
    throw notConvex(fn, "its outline winds around more than once");
  }
  let minX = INFINITY2;
  let minY = INFINITY2;
  let maxX = -INFINITY2;
  let maxY = -INFINITY2;
  for (let i = 0; i < 2 * m; i += 2) {
    if (p[i] < minX) minX = p[i];
    if (p[i] > maxX) maxX = p[i];
    if (p[i + 1] < minY) minY = p[i + 1];
    if (p[i + 1] > maxY) maxY = p[i + 1];
  }
  shape.kind = "polygon";
  shape.vertexCount = m;
  shape.minX = minX;
  shape.minY = minY;
  shape.maxX = maxX;
  shape.maxY = maxY;
  shape.cx = 0;
  shape.cy = 0;
  shape.r = 0;
}
function allCollinear(p, m, scale) {
  let far = 1;
  let best = -1;
  for (let i = 1; i < m; i++) {
    const d = abs2(p[2 * i] - p[0]) + abs2(p[2 * i + 1] - p[1]);
    if (d > best) {
      best = d;
      far = i;
    }
  }
  const dx = p[2 * far] - p[0];
  const dy = p[2 * far + 1] - p[1];
  for (let i = 1; i < m; i++) {
    const c = dx * (p[2 * i + 1] - p[1]) - dy * (p[2 * i] - p[0]);
    if (abs2(c) > 1e-12 * scale * (abs2(dx) + abs2(dy))) return false;
  }
  return true;
}
function notConvex(fn, why) {
  return new RangeError(`${fn}: the polygon is not convex (${why}); shape colliders must be simple convex polygons. Split it into convex parts (one collider each) or use a PixelCollider (pixel mask) for this outline.`);
}
function badNumber(fn, name, value) {
  return new RangeError(`${fn}: ${name} must be a finite number, got ${String(value)}. Check the collider's properties and the node's transform for NaN or Infinity.`);
}
function badSize(fn, name, value, what) {
  return new RangeError(`${fn}: ${name} must be a finite number > 0 (a ${what} of zero or less encloses no area), got ${String(value)}. Give the collider a positive ${what}.`);
}
function badOut(fn, out) {
  return new TypeError(`${fn}: out must be a WorldShape (create one with new WorldShape() and reuse it), got ${out === null ? "null" : typeof out}.`);
}
function isUsableTransform(m) {
  if (m === null || typeof m !== "object") return false;
  if (!isFiniteNumber2(m.a) || !isFiniteNumber2(m.b) || !isFiniteNumber2(m.c) || !isFiniteNumber2(m.d) || !isFiniteNumber2(m.tx) || !isFiniteNumber2(m.ty)) return false;
  const det = m.a * m.d - m.b * m.c;
  return det !== 0 && isFiniteNumber2(det) && isFiniteNumber2(1 / det);
}
function badTransform(fn, m) {
  if (m === null || typeof m !== "object") {
    return new TypeError(`${fn}: transform must be an Affine2D { a, b, c, d, tx, ty } (the node's world transform), got ${m === null ? "null" : typeof m}.`);
  }
  try {
    assertInvertible(m, `${fn}: transform`);
  } catch (e) {
    return e;
  }
  return new RangeError(`${fn}: transform is not usable.`);
}
function checkPointList(points, fn) {
  if (points === null || typeof points !== "object" || typeof points.length !== "number") {
    throw new TypeError(`${fn}: points must be a flat array [x0, y0, x1, y1, ...] of numbers, got ${points === null ? "null" : typeof points}.`);
  }
  if (points.length % 2 !== 0) {
    throw new TypeError(`${fn}: points must hold x, y pairs (an even length), got ${points.length} numbers. Pass [x0, y0, x1, y1, ...].`);
  }
  const n = points.length / 2;
  if (n < 3 || n > MAX_POLYGON_VERTICES) {
    throw new RangeError(`${fn}: points must have 3 to ${MAX_POLYGON_VERTICES} vertices, got ${n}. ${n < 3 ? "A polygon needs at least 3 points." : "Simplify the outline or split it into several convex colliders."}`);
  }
  for (let i = 0; i < points.length; i++) {
    const v = points[i];
    if (typeof v !== "number" || !isFiniteNumber2(v)) {
      throw new RangeError(`${fn}: points[${i}] (${i % 2 === 0 ? "x" : "y"} of vertex ${i >> 1}) must be a finite number, got ${v}. Fix the collider's points.`);
    }
  }
  return n;
}

// extensions/pixel-collision/assets/core/shape-raster.ts
var { ceil: ceil2, floor: floor2 } = Math;
var MAX_ACC = MAX_ACCURACY;
var grid2 = ROW_GRID;
var query2 = ROW_QUERY;
var cellsA = new Int32Array(2);
function rasterizeShape(shape, accuracy, out) {
  if (!(typeof accuracy === "number" && accuracy > 0 && accuracy <= MAX_ACC)) checkAccuracy(accuracy);
  grid2[0] = accuracy;
  query2[2] = 2 * accuracy;
  const l0 = ceil2(shape.minY * accuracy - 0.5) - 1;
  const l1 = floor2(shape.maxY * accuracy - 0.5) + 1;
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
    out.reset(accuracy, floor2(shape.minX * accuracy), floor2(shape.minY * accuracy), 0, 0);
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

// extensions/pixel-collision/assets/core/shape-test.ts
var { abs: abs3, ceil: ceil3, floor: floor3, max: max2, min, sqrt: sqrt3 } = Math;
var INFINITY3 = Number.POSITIVE_INFINITY;
var cellsA2 = new Int32Array(2);
var cellsB = new Int32Array(2);
var sat = new Float64Array(3);
var axis = new Float64Array(2);
var proj = new Float64Array(2);

// extensions/pixel-collision/assets/core/response.ts
var { floor: floor4, max: max3, min: min2 } = Math;
var isFiniteNumber3 = Number.isFinite;
var isIntegerNumber2 = Number.isInteger;
var isView = ArrayBuffer.isView;
var wall = new Float64Array(4);

// extensions/pixel-collision/assets/core/parts.ts
var IntWindow = class {
  constructor() {
    this.k0 = 0;
    this.l0 = 0;
    this.k1 = 0;
    this.l1 = 0;
  }
};
var PartsState = class {
  constructor() {
    this._stamp = -1;
    this._parts = null;
    /** World map of part i (`T * P_i`). */
    this._m = [];
    /** World clip of part i (null: no clip). */
    this._clip = [];
    this._ws = [];
    /** Part i's world bounds `[minX, minY, maxX, maxY]` (minX > maxX: the part holds nothing). */
    this._bounds = new Float64Array(0);
    this._rasters = [];
    this._clipRasters = [];
    /**
     * Part i's raster (cut to its own cells, not to a pair's window) serves every pair of this
     * stamp at accuracy `_rAcc[i]` while `_rStamp[i]` is the stamp (-1: none; `_rEmpty[i]`: it
     * holds no cell): a skeleton in four pairs rasterizes each part once, not four times.
     */
    this._rStamp = new Float64Array(0);
    this._rAcc = new Float64Array(0);
    this._rEmpty = new Uint8Array(0);
  }
  /** Brings the scratch up to `parts` under `t` (stamp: the collider's transform stamp). Throws for a clip that is not convex. */
  update(parts, t, stamp) {
    if (stamp === this._stamp && parts === this._parts) return;
    this._stamp = -1;
    const n = parts.length;
    while (this._m.length < n) {
      this._m.push({ a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0 });
      this._clip.push(null);
      this._ws.push(new WorldShape());
      this._rasters.push(new WorldRaster());
      this._clipRasters.push(new WorldRaster());
    }
    if (this._bounds.length < 4 * n) this._bounds = new Float64Array(4 * Math.max(n, 2 * this._bounds.length / 4));
    if (this._rStamp.length < n) {
      const m = Math.max(n, 2 * this._rStamp.length);
      this._rStamp = new Float64Array(m);
      this._rAcc = new Float64Array(m);
      this._rEmpty = new Uint8Array(m);
    }
    this._rStamp.fill(-1, 0, n);
    const B = this._bounds;
    for (let i = 0; i < n; i++) {
      const p = parts[i];
      const m = affineMultiply(this._m[i], t, p.transform);
      const mb = p.mask.bounds(MB2);
      if (mb.width === 0) {
        B[4 * i] = 1;
        B[4 * i + 2] = 0;
        this._clip[i] = null;
        continue;
      }
      affineBounds(BOX, m, mb.x, mb.y, mb.x + mb.width, mb.y + mb.height);
      let minX = BOX.minX, minY = BOX.minY, maxX = BOX.maxX, maxY = BOX.maxY;
      if (p.clip) {
        const ws = polygonToWorldOrNull(this._ws[i], p.clip, t);
        if (ws === null) {
          B[4 * i] = 1;
          B[4 * i + 2] = 0;
          this._clip[i] = null;
          continue;
        }
        this._clip[i] = ws;
        if (ws.minX > minX) minX = ws.minX;
        if (ws.minY > minY) minY = ws.minY;
        if (ws.maxX < maxX) maxX = ws.maxX;
        if (ws.maxY < maxY) maxY = ws.maxY;
        if (minY > maxY) {
          minX = 1;
          maxX = 0;
        }
      } else {
        this._clip[i] = null;
      }
      B[4 * i] = minX;
      B[4 * i + 1] = minY;
      B[4 * i + 2] = maxX;
      B[4 * i + 3] = maxY;
    }
    this._parts = parts;
    this._stamp = stamp;
  }
  /** Union of the parts' world bounds into `box[0..3]`; false when no part can hold a sample. */
  bounds(n, box) {
    const B = this._bounds;
    let any = false;
    for (let i = 0; i < n; i++) {
      if (B[4 * i] > B[4 * i + 2]) continue;
      if (!any || B[4 * i] < box[0]) box[0] = B[4 * i];
      if (!any || B[4 * i + 1] < box[1]) box[1] = B[4 * i + 1];
      if (!any || B[4 * i + 2] > box[2]) box[2] = B[4 * i + 2];
      if (!any || B[4 * i + 3] > box[3]) box[3] = B[4 * i + 3];
      any = true;
    }
    return any;
  }
  /** Whether sample `(k, l)` of the grid at `accuracy` belongs to some part (after {@link update}). */
  sampleInCell(parts, k, l, accuracy) {
    const B = this._bounds;
    const x = (k + 0.5) / accuracy, y = (l + 0.5) / accuracy;
    for (let i = 0; i < parts.length; i++) {
      if (B[4 * i] > B[4 * i + 2]) continue;
      if (!(x >= B[4 * i] - 1 / accuracy && x <= B[4 * i + 2] + 1 / accuracy && y >= B[4 * i + 1] - 1 / accuracy && y <= B[4 * i + 3] + 1 / accuracy)) continue;
      const clip = this._clip[i];
      if (clip !== null && !shapeContainsSample(clip, k, l, accuracy)) continue;
      const m = MAPPER2.setup(this._m[i], accuracy);
      if (parts[i].mask.get(m.floorU(k, l), m.floorV(k, l))) return true;
    }
    return false;
  }
  /**
   * Whether the world point `(x, y)` is solid (no sampling grid; after {@link update}): in some
   * part's clip (exact) and in an opaque texel of its mask (the texel found through the double
   * inverse of the part's world map, as for a mask collider).
   */
  pointIn(parts, x, y) {
    for (let i = 0; i < parts.length; i++) if (this.pointInPart(parts, i, x, y)) return true;
    return false;
  }
  /** Whether the world point `(x, y)` is solid in part `i` alone (as {@link pointIn}). */
  pointInPart(parts, i, x, y) {
    const B = this._bounds;
    const x0 = B[4 * i], y0 = B[4 * i + 1], x1 = B[4 * i + 2], y1 = B[4 * i + 3];
    if (x0 > x1) return false;
    const e = 1e-9 * (1 + Math.abs(x0) + Math.abs(x1) + Math.abs(y0) + Math.abs(y1));
    if (x < x0 - e || x > x1 + e || y < y0 - e || y > y1 + e) return false;
    const clip = this._clip[i];
    if (clip !== null && !shapeContains(clip, x, y)) return false;
    const m = this._m[i];
    const det = m.a * m.d - m.b * m.c;
    if (!(det !== 0) || !Number.isFinite(1 / det)) return false;
    const dx = x - m.tx, dy = y - m.ty;
    const u = (m.d * dx - m.c * dy) / det, v = (m.a * dy - m.b * dx) / det;
    return parts[i].mask.get(Math.floor(u), Math.floor(v));
  }
  /**
   * The indices of the parts whose bounds meet the world box `box[0..3]` (grown by `e`) into
   * `out` (room for every part), and how many (after {@link update}; parts that hold nothing
   * are left out).
   */
  partsMeeting(n, box, e, out) {
    const B = this._bounds;
    const x0 = box[0] - e, y0 = box[1] - e, x1 = box[2] + e, y1 = box[3] + e;
    let m = 0;
    for (let i = 0; i < n; i++) {
      const px0 = B[4 * i], px1 = B[4 * i + 2];
      if (px0 > px1 || px0 > x1 || px1 < x0 || B[4 * i + 1] > y1 || B[4 * i + 3] < y0) continue;
      out[m++] = i;
    }
    return m;
  }
  /** @internal Every part's world bounds `[minX, minY, maxX, maxY]` (after {@link update}; minX > maxX: empty). */
  partBounds() {
    return this._bounds;
  }
  /** Whether part i can hold anything (after {@link update}). */
  partLive(i) {
    return this._bounds[4 * i] <= this._bounds[4 * i + 2];
  }
  /** Part i's world map (after {@link update}). */
  worldMap(i) {
    return this._m[i];
  }
  /** Part i's world clip, or null (after {@link update}). */
  worldClip(i) {
    return this._clip[i];
  }
  /**
   * The union of the parts on the grid at `accuracy`, into `out` (after {@link update}): each
   * part rasterized exactly under its world map (cut to its clip's cells), ANDed with its clip's
   * exact raster, and ORed into `out`.
   */
  rasterize(parts, accuracy, out) {
    const n = parts.length;
    let k0 = 0, l0 = 0, k1 = -1, l1 = -1, any = false;
    for (let i = 0; i < n; i++) {
      this._rStamp[i] = -1;
      const r = this._bounds[4 * i] > this._bounds[4 * i + 2] ? null : this._partRaster(parts, i, accuracy, -Infinity, -Infinity, Infinity, Infinity);
      if (r === null) {
        this._rasters[i].reset(accuracy, 0, 0, 0, 0);
        continue;
      }
      let ck0 = -Infinity, cl0 = -Infinity, ck1 = Infinity, cl1 = Infinity;
      if (this._clip[i] !== null) {
        const cr = this._clipRasters[i];
        ck0 = cr.k0;
        cl0 = cr.l0;
        ck1 = cr.k0 + cr.width - 1;
        cl1 = cr.l0 + cr.height - 1;
      }
      const pk0 = Math.max(r.k0, ck0), pl0 = Math.max(r.l0, cl0);
      const pk1 = Math.min(r.k0 + r.width - 1, ck1), pl1 = Math.min(r.l0 + r.height - 1, cl1);
      if (pk0 > pk1 || pl0 > pl1) continue;
      if (!any || pk0 < k0) k0 = pk0;
      if (!any || pl0 < l0) l0 = pl0;
      if (!any || pk1 > k1) k1 = pk1;
      if (!any || pl1 > l1) l1 = pl1;
      any = true;
    }
    if (!any) {
      out.reset(accuracy, 0, 0, 0, 0);
      out.updateRowBounds();
      return out;
    }
    out.reset(accuracy, k0, l0, k1 - k0 + 1, l1 - l0 + 1);
    for (let i = 0; i < n; i++) {
      const r = this._rasters[i];
      if (r.width === 0 || r.height === 0 || this._bounds[4 * i] > this._bounds[4 * i + 2]) continue;
      orInto(out, r, this._clip[i] !== null ? this._clipRasters[i] : null);
    }
    out.updateRowBounds();
    this._centre(n, accuracy, out);
    return out;
  }
  /**
   * Sets the centre of `out`'s uncut box (`boxK2`, `boxL2`: where the zero-gradient normal
   * starts) to that of the cells of the parts' bounds, whether `out` is the whole union or cut
   * to a window, so a contact's normal does not depend on which was made.
   */
  _centre(n, accuracy, out) {
    if (!this.bounds(n, UNION)) return;
    out.boxK2 = Math.floor(UNION[0] * accuracy) + Math.floor(UNION[2] * accuracy) + 1;
    out.boxL2 = Math.floor(UNION[1] * accuracy) + Math.floor(UNION[3] * accuracy) + 1;
  }
  /**
   * Part i's raster when its cells meet window `w`, else null (null too when it holds no cell;
   * after {@link update}): made over the part's own cells (its bounds, cut to its clip's
   * cells), once per stamp and accuracy, in the part's scratch raster; its clip's raster (when
   * it has a clip) is left in `_clipRasters[i]`. Exact in every cell.
   */
  _partInWindow(parts, i, accuracy, w) {
    const B = this._bounds;
    const x0 = B[4 * i], y0 = B[4 * i + 1], x1 = B[4 * i + 2], y1 = B[4 * i + 3];
    if (x0 > x1) return null;
    let k0 = Math.floor(x0 * accuracy) - 1, l0 = Math.floor(y0 * accuracy) - 1;
    let k1 = Math.floor(x1 * accuracy) + 1, l1 = Math.floor(y1 * accuracy) + 1;
    if (k1 < w.k0 || k0 > w.k1 || l1 < w.l0 || l0 > w.l1) return null;
    if (this._rStamp[i] === this._stamp && this._rAcc[i] === accuracy) return this._rEmpty[i] === 1 ? null : this._rasters[i];
    const r = this._partRaster(parts, i, accuracy, k0, l0, k1, l1);
    this._rStamp[i] = this._stamp;
    this._rAcc[i] = accuracy;
    this._rEmpty[i] = r === null ? 1 : 0;
    return r;
  }
  /**
   * Part i's raster right in cells `[k0, k1] x [l0, l1]` (infinite: all of them), cut to its
   * clip's cells (null: no cell); its clip's raster is left in `_clipRasters[i]`.
   */
  _partRaster(parts, i, accuracy, k0, l0, k1, l1) {
    const clip = this._clip[i];
    if (clip === null && k0 === -Infinity) {
      const r2 = rasterizeMaskChecked(parts[i].mask, this._m[i], accuracy, this._rasters[i]);
      return r2.width === 0 || r2.height === 0 ? null : r2;
    }
    if (clip !== null) {
      const cr = rasterizeShape(clip, accuracy, this._clipRasters[i]);
      if (cr.width === 0 || cr.height === 0) return null;
      if (cr.k0 > k0) k0 = cr.k0;
      if (cr.l0 > l0) l0 = cr.l0;
      if (cr.k0 + cr.width - 1 < k1) k1 = cr.k0 + cr.width - 1;
      if (cr.l0 + cr.height - 1 < l1) l1 = cr.l0 + cr.height - 1;
      if (k0 > k1 || l0 > l1) return null;
    }
    WIN.k0 = k0;
    WIN.l0 = l0;
    WIN.k1 = k1;
    WIN.l1 = l1;
    const r = rasterizeMaskChecked(parts[i].mask, this._m[i], accuracy, this._rasters[i], WIN);
    return r.width === 0 || r.height === 0 ? null : r;
  }
  /**
   * The union of the parts right in window `w` (after {@link update}), into `out`, sized to the
   * window: only the parts whose bounds meet it are rasterized (each once per stamp).
   */
  rasterizeWindow(parts, accuracy, out, w) {
    out.reset(accuracy, w.k0 | 0, w.l0 | 0, w.k1 - w.k0 + 1 | 0, w.l1 - w.l0 + 1 | 0);
    for (let i = 0; i < parts.length; i++) {
      const r = this._partInWindow(parts, i, accuracy, w);
      if (r !== null) orInto(out, r, this._clip[i] !== null ? this._clipRasters[i] : null);
    }
    out.updateRowBounds();
    this._centre(parts.length, accuracy, out);
    return out;
  }
  /**
   * Whether some part has a sample in window `w` that is set in `other` (a raster right in the
   * window; after {@link update}). The parts that meet the window are rasterized one by one
   * (each once per stamp), and the first shared sample ends the walk.
   */
  meetsInWindow(parts, accuracy, other, w) {
    for (let i = 0; i < parts.length; i++) {
      const r = this._partInWindow(parts, i, accuracy, w);
      if (r !== null && andAny(other, r, this._clip[i] !== null ? this._clipRasters[i] : null)) return true;
    }
    return false;
  }
};
function andAny(dst, src, clip) {
  return spanWalk(dst, src, clip, false);
}
function orInto(dst, src, clip) {
  spanWalk(dst, src, clip, true);
}
function spanWalk(dst, src, clip, write) {
  const off = src.k0 - dst.k0;
  const sb = src.bits, db = dst.bits, ss = src.stride, ds = dst.stride;
  for (let r = 0; r < src.height; r++) {
    const l = src.l0 + r;
    const dr = l - dst.l0;
    if (dr < 0 || dr >= dst.height) continue;
    let c0 = 0, c1 = src.width;
    if (clip !== null) {
      const cr = l - clip.l0;
      if (cr < 0 || cr >= clip.height) continue;
      const lo = clip.rowLo(cr), hi = clip.rowHi(cr);
      if (lo >= hi) continue;
      if (clip.k0 + lo - src.k0 > c0) c0 = clip.k0 + lo - src.k0;
      if (clip.k0 + hi - src.k0 < c1) c1 = clip.k0 + hi - src.k0;
    }
    const dlo = write ? -off : dst.rowLo(dr) - off, dhi = write ? dst.width - off : dst.rowHi(dr) - off;
    if (dlo > c0) c0 = dlo;
    if (dhi < c1) c1 = dhi;
    if (c0 >= c1) continue;
    const w0 = c0 >>> 5, w1 = c1 - 1 >>> 5;
    const drow = dr * ds;
    for (let w = w0; w <= w1; w++) {
      let word = sb[r * ss + w];
      if (w === w0) word &= 4294967295 << (c0 & 31);
      if (w === w1) word &= 4294967295 >>> 31 - (c1 - 1 & 31);
      if (word === 0) continue;
      word >>>= 0;
      const base = off + 32 * w;
      const dw = Math.floor(base / 32), sh = base - 32 * dw;
      if (write) {
        if (dw >= 0 && dw < ds) db[drow + dw] |= word << sh;
        if (sh !== 0 && dw + 1 >= 0 && dw + 1 < ds) db[drow + dw + 1] |= word >>> 32 - sh;
      } else {
        if (dw >= 0 && dw < ds && (db[drow + dw] & word << sh) !== 0) return true;
        if (sh !== 0 && dw + 1 >= 0 && dw + 1 < ds && (db[drow + dw + 1] & word >>> 32 - sh) !== 0) return true;
      }
    }
  }
  return false;
}
var MB2 = { x: 0, y: 0, width: 0, height: 0 };
var UNION = new Float64Array(4);
var BOX = { minX: 0, minY: 0, maxX: 0, maxY: 0 };
var WIN = new IntWindow();
var MAPPER2 = new SampleMapper();
function partsPicture(parts, max4 = 96, sub = 3) {
  const ps = new PartsState();
  ps.update(parts, IDENTITY, 0);
  const box = new Float64Array(4);
  if (!ps.bounds(parts.length, box)) return null;
  const w = box[2] - box[0], h = box[3] - box[1];
  const scale = Math.max(1, Math.max(w, h) / Math.max(1, Math.floor(max4)));
  const pw = Math.max(1, Math.ceil(w / scale)), ph = Math.max(1, Math.ceil(h / scale));
  const rows = [];
  for (let j = 0; j < ph; j++) {
    let row = "";
    for (let i = 0; i < pw; i++) {
      let solid = false;
      for (let q = 0; q < sub * sub && !solid; q++) {
        const x = box[0] + (i + (q % sub + 0.5) / sub) * scale;
        const y = box[3] - (j + (Math.floor(q / sub) + 0.5) / sub) * scale;
        solid = ps.pointIn(parts, x, y);
      }
      row += solid ? "#" : ".";
    }
    rows.push(row);
  }
  return { width: pw, height: ph, scale, x: box[0], top: box[3], boxWidth: w, boxHeight: h, rows };
}
var IDENTITY = { a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0 };

// extensions/pixel-collision/assets/core/collider.ts
var NO_LOCAL = new Float64Array(0);
var MAPPER3 = new SampleMapper();

// extensions/pixel-collision/assets/core/narrow-phase.ts
var LIST_A = new Int32Array(64);
var LIST_B = new Int32Array(64);
var OVERLAP = new Float64Array(4);
var DET_WIN = new IntWindow();
var DET_A = new WorldRaster();
var DET_B = new WorldRaster();
var PARTS_WIN = new IntWindow();
var PARTS_BASE = new WorldRaster();
var PARTS_WALK = new WorldRaster();
var SCRATCH = new Contact();

// extensions/pixel-collision/assets/core/world.ts
var POSITION = new Float64Array(2);
var MOVE_BOX = new Float64Array(4);
var KEY_SHIFT = 2 ** 22;
var CLIP2 = new Float64Array(2);

// extensions/pixel-collision/assets/core/gpu/shader.ts
var INSTANCE_WORDS = 28;
var INSTANCE_BYTES = INSTANCE_WORDS * 4;
var PAIR_VERTEX_BODY = `layout(location = 0) in ivec4 aTile;
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
var PAIR_FRAGMENT_BODY = `flat in ivec2 vOrigin;
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
var PAIR_VERTEX_SHADER = `#version 300 es
precision highp float;
precision highp int;
#define PC_VERTEX_ID gl_VertexID
uniform vec2 uPageSize;
${PAIR_VERTEX_BODY}void main() {
    gl_Position = pairVertex();
}
`;
var PAIR_FRAGMENT_SHADER = `#version 300 es
precision highp float;
precision highp int;
precision highp sampler2D;
uniform sampler2D uAtlas;
out vec4 oColor;
${PAIR_FRAGMENT_BODY}void main() {
    oColor = pairFragment();
}
`;

// extensions/pixel-collision/assets/core/gpu/gpu-narrow-phase.ts
var SORT_KEYS = new Float64Array(0);
var WIN2 = new Int32Array(4);
var BOX_A = new Int32Array(4);
var BOX_B = new Int32Array(4);
var CELL_BOX3 = new Float64Array(4);
var F32_UNIT = 2 ** -24;

// extensions/pixel-collision/assets/core/mask-code.ts
var ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
var LOOKUP = new Int16Array(128).fill(-1);
for (let i = 0; i < 64; i++) LOOKUP[ALPHABET.charCodeAt(i)] = i;
var TOP = 1 << 24;
var PROB_BITS = 11;
var PROB_INIT = 1 << PROB_BITS - 1;
var HISTORY = 2;
var SLOPE_CONTEXTS = (HISTORY + 1) * (HISTORY + 2) / 2;
var C_ZERO = 36;
var C_PLUS = C_ZERO + 3 * SLOPE_CONTEXTS;
var C_MINUS = C_PLUS + SLOPE_CONTEXTS;
var C_SIGN = C_MINUS + SLOPE_CONTEXTS;
var C_MAG = C_SIGN + 1;
var C_SPANS = C_MAG + 32;
var C_GAP = C_SPANS + 32;
var C_STEP = C_GAP + 64;
var C_WAY = C_STEP + 12;
var C_FAR = C_WAY + 2;
var C_ORIENT = C_FAR + 1;
var C_TEXELS = C_ORIENT + 1;
var C_SAME_ROW = C_TEXELS + 1;
var C_TEX = C_SAME_ROW + 1;
var CONTEXTS = C_TEX + 1024;

// extensions/pixel-collision/assets/core/mask-library-v2.ts
var B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
var B64_VALUE = new Int16Array(128).fill(-1);
for (let i = 0; i < 64; i++) B64_VALUE[B64.charCodeAt(i)] = i;

// extensions/pixel-collision/assets/core/mask-library.ts
var ALPHABET2 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
var LOOKUP2 = new Int16Array(128).fill(-1);
for (let i = 0; i < 64; i++) LOOKUP2[ALPHABET2.charCodeAt(i)] = i;

// extensions/pixel-collision/assets/core/mask-prefetch.ts
var MAX_CHUNK = 1 << 17;

// extensions/pixel-collision/source/scene/preview.ts
var COLLIDER_CLASS = "PixelCollider";
var HELPER_NAME = "PixelCollisionPreview";
var OUTLINE_RGBA = [50, 230, 90, 255];
var OUTLINE_WIDTH = 3;
var STROKE_BATCH = 256;
var PICTURE_MAX = 96;
function maskPicture(mask, max4 = PICTURE_MAX) {
  const w = mask.width, h = mask.height;
  const scale = Math.max(1, Math.ceil(Math.max(w, h) / max4));
  const pw = Math.ceil(w / scale), ph = Math.ceil(h / scale);
  const rows = [];
  for (let py = 0; py < ph; py++) {
    let row = "";
    for (let px = 0; px < pw; px++) {
      let solid = false;
      for (let j = py * scale; j < Math.min(h, (py + 1) * scale) && !solid; j++) {
        for (let i = px * scale; i < Math.min(w, (px + 1) * scale); i++) {
          if (mask.get(i, j)) {
            solid = true;
            break;
          }
        }
      }
      row += solid ? "#" : ".";
    }
    rows.push(row);
  }
  return { width: pw, height: ph, scale, rows };
}
function requestRepaint() {
  const cce = globalThis.cce;
  if (typeof cce !== "undefined" && cce && cce.Engine && typeof cce.Engine.repaintInEditMode === "function") {
    cce.Engine.repaintInEditMode();
  }
}
function findNode(root, uuid) {
  if (!root) return null;
  if (root.uuid === uuid) return root;
  for (const child of root.children) {
    const found = findNode(child, uuid);
    if (found) return found;
  }
  return null;
}
var ColliderPreview = class {
  constructor(cc) {
    this.cc = cc;
    /** Outline width in world units. */
    this.lineWidth = OUTLINE_WIDTH;
    this._helper = null;
    this._g = null;
    this._uuids = [];
    this._listening = false;
    this._segments = [];
    this._drawn = [];
    this._color = new cc.Color(...OUTLINE_RGBA);
  }
  /** The helper node while it exists (tests and diagnostics). */
  get helper() {
    return this._helper && this._helper.isValid ? this._helper : null;
  }
  /**
   * Outlines the PixelColliders of the nodes with these uuids (the selection) and keeps them up to
   * date in every engine frame, just before it is drawn. Returns how many colliders it outlines. An empty list hides.
   * The scene view is asked to show the new outline at once (see the module's comment).
   */
  show(uuids) {
    this._uuids = uuids.filter((u) => typeof u === "string");
    if (!this._listening && this._uuids.length) {
      this.cc.director.on(this.cc.Director.EVENT_BEFORE_DRAW, this.redraw, this);
      this._listening = true;
    }
    const n = this._draw(true);
    if (n === 0) this.hide();
    else requestRepaint();
    return n;
  }
  /**
   * Removes the outline and the helper node (inactive and out of the scene at once, destroyed by
   * the engine at the end of the frame); stops listening; asks the scene view for a frame when an
   * outline was showing.
   */
  hide() {
    this._uuids = [];
    if (this._listening) {
      this.cc.director.off(this.cc.Director.EVENT_BEFORE_DRAW, this.redraw, this);
      this._listening = false;
    }
    const helper = this._helper;
    this._helper = null;
    this._g = null;
    this._drawn.length = 0;
    if (helper && helper.isValid) {
      helper.active = false;
      if (helper.parent) helper.setParent(null);
      helper.destroy();
      requestRepaint();
    }
  }
  /** Draws again if any outline changed (before each frame is drawn: transform, frame, pose, properties). */
  redraw() {
    this._draw(false);
  }
  /** The facts about a node's collider for the inspector. */
  info(nodeUuid) {
    const node = findNode(this.cc.director.getScene(), nodeUuid);
    const c = node ? node.getComponent(COLLIDER_CLASS) : null;
    if (!node || !c) {
      return { found: false, shape: 0, source: "", reason: "", live: false, threshold: 0, width: 0, height: 0, count: 0, parts: 0, partsWidth: 0, partsHeight: 0, frame: "", picture: null };
    }
    const live = c.updateShape();
    const mask = c.mask;
    const sprite = node.getComponent("cc.Sprite");
    const parts = !mask && live && c.parts ? c.parts : null;
    const pp = parts ? partsPicture(parts, PICTURE_MAX) : null;
    return {
      found: true,
      shape: c.shape,
      source: c.maskSource,
      reason: c.maskReason,
      live,
      threshold: c.alphaThreshold,
      width: mask ? mask.width : 0,
      height: mask ? mask.height : 0,
      count: mask ? mask.count() : 0,
      parts: parts ? parts.length : 0,
      partsWidth: pp ? round2(pp.boxWidth) : 0,
      partsHeight: pp ? round2(pp.boxHeight) : 0,
      frame: sprite && sprite.spriteFrame && typeof sprite.spriteFrame.uuid === "string" ? sprite.spriteFrame.uuid : "",
      picture: mask ? maskPicture(mask) : pp ? { width: pp.width, height: pp.height, scale: pp.scale, rows: pp.rows } : null
    };
  }
  // ------------------------------------------------------------------------------------------
  _colliders() {
    const scene = this.cc.director.getScene();
    const out = [];
    for (const uuid of this._uuids) {
      const node = findNode(scene, uuid);
      const c = node ? node.getComponent(COLLIDER_CLASS) : null;
      if (c) out.push(c);
    }
    return out;
  }
  _draw(force) {
    const colliders = this._colliders();
    const seg = this._segments;
    seg.length = 0;
    for (const c of colliders) {
      c.updateShape();
      c.getOutline(seg);
    }
    if (!force && this.helper && sameNumbers(seg, this._drawn)) return colliders.length;
    if (colliders.length === 0) {
      if (this.helper && this._g) this._g.clear();
      this._drawn.length = 0;
      return 0;
    }
    const g = this._graphics(colliders[0].node);
    if (!g) return 0;
    g.clear();
    g.lineWidth = this.lineWidth;
    g.strokeColor = this._color;
    for (let k = 0; k < seg.length; k += 4) {
      g.moveTo(seg[k], seg[k + 1]);
      g.lineTo(seg[k + 2], seg[k + 3]);
      if (k / 4 % STROKE_BATCH === STROKE_BATCH - 1) g.stroke();
    }
    g.stroke();
    this._drawn = seg.slice();
    return colliders.length;
  }
  /** The helper's Graphics, under the render root of `near` (created or moved there). */
  _graphics(near) {
    const root = this._renderRoot(near);
    if (!root) return null;
    let helper = this.helper;
    if (!helper) {
      const F = this.cc.CCObject.Flags;
      helper = new this.cc.Node(HELPER_NAME);
      helper.hideFlags |= F.DontSave | F.HideInHierarchy | F.EditorOnly | F.LockedInEditor;
      root.addChild(helper);
      this._g = helper.addComponent(this.cc.Graphics);
      this._helper = helper;
    } else if (helper.parent !== root) {
      root.addChild(helper);
    }
    helper.layer = near.layer;
    helper.setWorldPosition(0, 0, 0);
    helper.setWorldRotation(0, 0, 0, 1);
    helper.setWorldScale(1, 1, 1);
    const last = root.children.length - 1;
    if (helper.getSiblingIndex() !== last) helper.setSiblingIndex(last);
    return this._g;
  }
  /** The nearest ancestor (or the node itself) with a render root (a Canvas is one). */
  _renderRoot(node) {
    const types = [this.cc.RenderRoot2D, this.cc.Canvas].filter((t) => t !== void 0);
    for (let n = node; n; n = n.parent) {
      if (types.some((t) => n.getComponent(t))) return n;
    }
    return null;
  }
};
function round2(v) {
  return Math.round(v * 100) / 100;
}
function sameNumbers(a, b) {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

// extensions/pixel-collision/source/scene.ts
var preview = null;
function get() {
  if (!preview) {
    module.paths.push((0, import_path.join)(Editor.App.path, "node_modules"));
    preview = new ColliderPreview(module.require("cc"));
  }
  return preview;
}
function load() {
}
function unload() {
  if (preview) preview.hide();
  preview = null;
}
var methods = {
  /** Outlines the PixelColliders of these nodes (the selection); returns how many. */
  showColliders(uuids) {
    return get().show(Array.isArray(uuids) ? uuids : []);
  },
  hideColliders() {
    if (preview) preview.hide();
  },
  /** What the inspector shows for a node's PixelCollider (plain JSON). */
  colliderInfo(nodeUuid) {
    return typeof nodeUuid === "string" ? get().info(nodeUuid) : null;
  }
};
// Annotate the CommonJS export names for ESM import in node:
0 && (module.exports = {
  load,
  methods,
  unload
});
