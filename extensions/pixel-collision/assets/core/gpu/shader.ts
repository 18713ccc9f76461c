/**
 * The GPU narrow phase's shader (GLSL ES 3.00), one source for every backend (plain WebGL2, and
 * the Cocos effect, which wraps the same `member()` logic). Pure strings: the core stays engine-free.
 *
 * One instance = one candidate pair = one tile (an axis-aligned rectangle of page pixels). Each
 * page pixel holds {@link CELLS_PER_PIXEL} = 8 cells of a row, 4 bits each (see the fragment
 * shader), so a page has 8 times fewer pixels to clear, read back, copy and scan than one pixel
 * per cell. Page pixel (x, y)
 * of the tile, counted from the tile's corner in `gl_FragCoord` (framebuffer) coordinates,
 * covers world cells (K0 + 8x + s, L0 + y), s = 0..7, of the pair's sampling grid:
 *
 * ```
 *   page (framebuffer, y = gl_FragCoord row)      world cells of the pair
 *   y ▲                                          l ▲
 *     │   ┌──────────┐ tile (tx, ty, tw, th)       │   ┌──────────────────────┐
 *     │   │ (x, y) ──┼──────────────────────────▶  │   │ (K0+8x .. K0+8x+7,   │
 *     │   │          │  tw = ceil(cells / 8)       │   │   L0+y)              │
 *     │   └──────────┘                             │   └──────────────────────┘
 *     └──────────────▶ x                           └──────────────▶ k
 * ```
 *
 * For each collider the fragment evaluates its texel coordinate with the inverse affine map
 * expressed relative to the tile corner (computed in double on the CPU, so the float32 numbers
 * are small): `u = u0 + uk * x + ul * y`, `v = v0 + vk * x + vl * y`, then reads the mask atlas
 * with `texelFetch` (never interpolated uv). `eps` is a certified bound (CPU-computed) on the
 * float32 error of u (resp. v): when `[u - eps, u + eps] x [v - eps, v + eps]` reaches over a
 * texel edge, the sample is flagged *uncertain* and the CPU decides it exactly.
 *
 * Output per cell (a nibble): bit 0 = A's membership, bit 1 = B's, bit 2 = A uncertain, bit 3 =
 * B uncertain; all 0 where the sample and its neighbours are outside either mask's rect
 * (nothing the decoder computes reads such a cell: see `far`). Channel c of a pixel holds cells
 * 2c (low nibble) and 2c + 1 (high nibble). One instance writes all four channels, so no
 * blending is needed (pairs' tiles never overlap; the page is cleared to 0 first).
 */

/** Cells of a tile row per page pixel (4 bits each in RGBA8). */
export const CELLS_PER_PIXEL = 8;

/** Attribute locations and 32-bit words per instance (see {@link INSTANCE_WORDS}). */
export const ATTRIB_TILE = 0;
export const ATTRIB_UA = 1;
export const ATTRIB_VA = 2;
export const ATTRIB_RECT_A = 3;
export const ATTRIB_UB = 4;
export const ATTRIB_VB = 5;
export const ATTRIB_RECT_B = 6;

/**
 * Instance layout, 28 words of 4 bytes (one interleaved buffer, read through an `Int32Array`
 * and a `Float32Array` of the same memory):
 *
 * ```
 *   word  0..3   int    tile x, y, w, h (page pixels; w = ceil(cells / 8))                     ATTRIB_TILE
 *   word  4..7   float  A: u0, uk, ul, epsU                               ATTRIB_UA
 *   word  8..11  float  A: v0, vk, vl, epsV                               ATTRIB_VA
 *   word 12..15  int    A: mask rect in the atlas x, y, w, h (texels)     ATTRIB_RECT_A
 *   word 16..27         the same for B                                    ATTRIB_UB, _VB, _RECT_B
 * ```
 */
export const INSTANCE_WORDS = 28;
/** Bytes per instance. */
export const INSTANCE_BYTES = INSTANCE_WORDS * 4;
/** Word offset of each attribute in an instance (index by the ATTRIB_* constant). */
export const ATTRIB_WORD_OFFSETS: readonly number[] = [0, 4, 8, 12, 16, 20, 24];
/** Whether each attribute is an integer vector (`vertexAttribIPointer`) or float. */
export const ATTRIB_IS_INT: readonly boolean[] = [true, false, false, true, false, false, true];

/**
 * Vertex stage, the part every backend shares: the instance attributes, the flat varyings and
 * `vec4 pairVertex()` (the clip-space corner of the tile). It reads `uPageSize` (the page size in
 * pixels, a `vec2`), which each wrapper declares its own way: a plain uniform in
 * {@link PAIR_VERTEX_SHADER}, a uniform block in the Cocos effect (`scripts/gen-effect.mjs`
 * writes `effects/pixel-collide.effect` from these bodies), and `PC_VERTEX_ID`, the vertex index
 * (`gl_VertexID` in GLSL ES 3.00). No `#version`, no precision.
 */
export const PAIR_VERTEX_BODY = `layout(location = 0) in ivec4 aTile;
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

/**
 * Fragment stage, the shared part: the flat varyings and `vec4 pairFragment()` (this pixel's 8
 * cells). It reads `uAtlas` (the R8 mask atlas, `sampler2D`) and `gl_FragCoord`; the wrapper
 * declares the sampler and writes the result. No `#version`, no precision.
 */
export const PAIR_FRAGMENT_BODY = `flat in ivec2 vOrigin;
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

/** Vertex shader (GLSL ES 3.00) of the plain WebGL2 device: {@link PAIR_VERTEX_BODY} and a main. */
export const PAIR_VERTEX_SHADER = `#version 300 es
precision highp float;
precision highp int;
#define PC_VERTEX_ID gl_VertexID
uniform vec2 uPageSize;
${PAIR_VERTEX_BODY}void main() {
    gl_Position = pairVertex();
}
`;

/** Fragment shader (GLSL ES 3.00) of the plain WebGL2 device: {@link PAIR_FRAGMENT_BODY} and a main. */
export const PAIR_FRAGMENT_SHADER = `#version 300 es
precision highp float;
precision highp int;
precision highp sampler2D;
uniform sampler2D uAtlas;
out vec4 oColor;
${PAIR_FRAGMENT_BODY}void main() {
    oColor = pairFragment();
}
`;

// The engine-gfx form (the Cocos effect, effects/pixel-collide.effect) ------------------------------

/**
 * Floats per vertex of the engine-gfx form: a plain (not instanced) draw of 6 vertices per tile,
 * each carrying its tile's data as float vectors, so the same vertex layout works on GLSL ES 1.00
 * (WebGL1: no integer attributes, no `gl_VertexID`) and on every other backend:
 *
 * ```
 *   word  0..3   aTile   corner x, y (page pixels: the tile's corner this vertex is), origin x, y
 *   word  4..27          aUA, aVA, aRectA, aUB, aVB, aRectB: the instance's words 4..27, as floats
 * ```
 *
 * Every integer here is below 2^24, so float32 holds it exactly.
 */
export const GFX_VERTEX_FLOATS = 28;
/** Vertices per tile in the engine-gfx form (two triangles). */
export const GFX_VERTICES_PER_TILE = 6;
/** Attribute names of the engine-gfx form, in vertex order (4 floats each). */
export const GFX_ATTRIBUTES: readonly string[] = ['aTile', 'aUA', 'aVA', 'aRectA', 'aUB', 'aVB', 'aRectB'];
/** Corner (x, y) of each of a tile's 6 vertices: the triangles (0,0) (1,0) (0,1) / (0,1) (1,0) (1,1). */
export const GFX_CORNERS: readonly number[] = [0, 0, 1, 0, 0, 1, 0, 1, 1, 0, 1, 1];

/**
 * The uniform block of the engine-gfx form, read by both stages (std140: two vec4):
 *
 * ```
 *   uPage   page width, height (pixels), y sign (1, or -1 where clip-space y runs the other way
 *           than gl_FragCoord: Metal), unused
 *   uAtlas  atlas width, height (texels), 1 / width, 1 / height (GLSL ES 1.00 form only)
 * ```
 */
export const GFX_UNIFORM_BLOCK = `uniform PixelCollidePage {
    vec4 uPage;
    vec4 uAtlasSize;
};
`;

/**
 * Vertex stage of the engine-gfx form, GLSL ES 3.00 (WebGL2, GLES3, and what Creator turns into
 * Vulkan / Metal shaders): float attributes (see {@link GFX_VERTEX_FLOATS}), then the flat
 * integer varyings {@link PAIR_FRAGMENT_BODY} reads. No `#version`, no precision, no block.
 */
export const PAIR_GFX_VERTEX_BODY = `in vec4 aTile;
in vec4 aUA;
in vec4 aVA;
in vec4 aRectA;
in vec4 aUB;
in vec4 aVB;
in vec4 aRectB;
flat out ivec2 vOrigin;
flat out vec4 vUA;
flat out vec4 vVA;
flat out ivec4 vRectA;
flat out vec4 vUB;
flat out vec4 vVB;
flat out ivec4 vRectB;
vec4 pairVertex() {
    // aTile.xy is this vertex's tile corner, on pixel edges: every pixel centre of the tile is
    // covered exactly once. The integers travel as floats (exact below 2^24).
    vOrigin = ivec2(aTile.zw);
    vUA = aUA; vVA = aVA; vRectA = ivec4(aRectA);
    vUB = aUB; vVB = aVB; vRectB = ivec4(aRectB);
    vec2 c = aTile.xy / uPage.xy * 2.0 - 1.0;
    return vec4(c.x, c.y * uPage.z, 0.0, 1.0);
}
`;

/**
 * Vertex stage of the engine-gfx form, GLSL ES 1.00 (WebGL1): the same attributes, written to
 * plain varyings (GLSL ES 1.00 has no `flat`: every vertex of a tile carries the same values, so
 * interpolation returns them, up to the rounding {@link PAIR_FRAGMENT_BODY_100} allows for).
 */
export const PAIR_GFX_VERTEX_BODY_100 = `in vec4 aTile;
in vec4 aUA;
in vec4 aVA;
in vec4 aRectA;
in vec4 aUB;
in vec4 aVB;
in vec4 aRectB;
out vec2 vOrigin;
out vec4 vUA;
out vec4 vVA;
out vec4 vRectA;
out vec4 vUB;
out vec4 vVB;
out vec4 vRectB;
vec4 pairVertex() {
    vOrigin = aTile.zw;
    vUA = aUA; vVA = aVA; vRectA = aRectA;
    vUB = aUB; vVB = aVB; vRectB = aRectB;
    vec2 c = aTile.xy / uPage.xy * 2.0 - 1.0;
    return vec4(c.x, c.y * uPage.z, 0.0, 1.0);
}
`;

/**
 * Fragment stage, GLSL ES 1.00 (WebGL1): the same cells, bits and uncertainty rule as
 * {@link PAIR_FRAGMENT_BODY}, with what GLSL ES 1.00 has:
 *
 * - the texel is still decided from `gl_FragCoord` through the inverse affine map (never an
 *   interpolated uv); the atlas is read with `texture2D` at the texel's centre,
 *   `(i + 0.5) / size`, with NEAREST filtering: the centre is half a texel from every edge, so
 *   the texel read is texel i on any GPU (the atlas' sides are powers of two: the coordinate
 *   is even exact);
 * - integers travel as floats (exact below 2^24) and are rounded back (`floor(v + 0.5)`);
 *   nibbles are summed in floats, no bit operator;
 * - the maps arrive through plain varyings, which a GPU may round when it interpolates equal
 *   values: the error bound is widened by 2^-20 of the terms' magnitudes (far above a few float
 *   ulps), so a sample that rounding could move over a texel edge is flagged unsure and decided
 *   on the CPU, as with the float32 error itself.
 *
 * It reads `uAtlas` (`sampler2D`) and `uAtlasSize` (the block); highp float is required.
 */
export const PAIR_FRAGMENT_BODY_100 = `in vec2 vOrigin;
in vec4 vUA;
in vec4 vVA;
in vec4 vRectA;
in vec4 vUB;
in vec4 vVB;
in vec4 vRectB;

// Texel (i, j) of the mask at atlas rect r (integers held in floats): 1 when opaque, 0 when not
// or outside the mask (the 2-texel border of 0, as in the GLSL ES 3.00 form).
float texel(vec4 r, float i, float j) {
    vec2 ij = clamp(vec2(i, j), vec2(-1.0), r.zw);
    return texture2D(uAtlas, (r.xy + ij + 0.5) * uAtlasSize.zw).r > 0.5 ? 1.0 : 0.0;
}

vec2 texelCoord(vec4 U, vec4 V, vec2 p) {
    return vec2(clamp(U.x + U.y * p.x + U.z * p.y, -1.0e6, 1.0e6), clamp(V.x + V.y * p.x + V.z * p.y, -1.0e6, 1.0e6));
}

bool far(vec2 uv, vec4 U, vec4 V, vec4 r) {
    float mu = max(abs(U.y), abs(U.z)) + 1.0;
    float mv = max(abs(V.y), abs(V.z)) + 1.0;
    return uv.x < -mu || uv.y < -mv || uv.x >= r.z + mu || uv.y >= r.w + mv;
}

// (membership, uncertain), as in the GLSL ES 3.00 form; the bound also covers the varyings'
// rounding (see the notes).
vec2 member(vec2 uv, vec4 U, vec4 V, vec4 r, vec2 p) {
    float eu = U.w + 9.5367431640625e-7 * (abs(U.x) + abs(U.y * p.x) + abs(U.z * p.y));
    float ev = V.w + 9.5367431640625e-7 * (abs(V.x) + abs(V.y * p.x) + abs(V.z * p.y));
    float i0 = floor(uv.x - eu);
    float i1 = floor(uv.x + eu);
    float j0 = floor(uv.y - ev);
    float j1 = floor(uv.y + ev);
    return vec2(texel(r, i0, j0), (i1 != i0 || j1 != j0) ? 1.0 : 0.0);
}

// The nibble of cell (k, y) of the tile (k = 8 x + s).
float cell(float k, float y, vec4 rectA, vec4 rectB) {
    vec2 p = vec2(k, y);
    vec2 uvA = texelCoord(vUA, vVA, p);
    vec2 uvB = texelCoord(vUB, vVB, p);
    if (far(uvA, vUA, vVA, rectA) || far(uvB, vUB, vVB, rectB)) return 0.0;
    vec2 a = member(uvA, vUA, vVA, rectA, p);
    vec2 b = member(uvB, vUB, vVB, rectB, p);
    return a.x + 2.0 * b.x + 4.0 * a.y + 8.0 * b.y;
}

vec4 pairFragment() {
    // This pixel covers cells (8 x + s, y), s = 0..7; channel c holds cells 2c (low nibble) and
    // 2c + 1 (high nibble), written as byte / 255.
    vec2 q = floor(gl_FragCoord.xy) - floor(vOrigin + 0.5);
    vec4 rectA = floor(vRectA + 0.5);
    vec4 rectB = floor(vRectB + 0.5);
    float k = q.x * 8.0;
    vec4 bytes;
    bytes.x = cell(k, q.y, rectA, rectB) + 16.0 * cell(k + 1.0, q.y, rectA, rectB);
    bytes.y = cell(k + 2.0, q.y, rectA, rectB) + 16.0 * cell(k + 3.0, q.y, rectA, rectB);
    bytes.z = cell(k + 4.0, q.y, rectA, rectB) + 16.0 * cell(k + 5.0, q.y, rectA, rectB);
    bytes.w = cell(k + 6.0, q.y, rectA, rectB) + 16.0 * cell(k + 7.0, q.y, rectA, rectB);
    return bytes / 255.0;
}
`;
