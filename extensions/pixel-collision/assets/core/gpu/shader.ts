/**
 * The GPU narrow phase's shader (GLSL ES 3.00), one source for every backend (plain WebGL2, and
 * the Cocos effect, which wraps the same `member()` logic). Pure strings: the core stays engine-free.
 *
 * One instance = one candidate pair = one tile (an axis-aligned rectangle of page pixels). Page
 * pixel (x, y) of the tile, counted from the tile's corner in `gl_FragCoord` (framebuffer)
 * coordinates, is world cell (K0 + x, L0 + y) of the pair's sampling grid:
 *
 * ```
 *   page (framebuffer, y = gl_FragCoord row)      world cells of the pair
 *   y ▲                                          l ▲
 *     │   ┌──────────┐ tile (tx, ty, tw, th)       │   ┌──────────┐
 *     │   │ (x, y) ──┼──────────────────────────▶  │   │(K0+x,    │
 *     │   │          │                             │   │  L0+y)   │
 *     │   └──────────┘                             │   └──────────┘
 *     └──────────────▶ x                           └──────────────▶ k
 * ```
 *
 * For each collider the fragment evaluates its texel coordinate with the inverse affine map
 * expressed relative to the tile corner (computed in double on the CPU, so the float32 numbers
 * are small): `u = u0 + uk * x + ul * y`, `v = v0 + vk * x + vl * y`, then reads the mask atlas
 * with `texelFetch` (never interpolated uv). `eps` is a certified bound (CPU-computed) on the
 * float32 error of u (resp. v): when the texels that `[u - eps, u + eps] x [v - eps, v + eps]`
 * can reach disagree, the sample is flagged *uncertain* and the CPU decides it exactly.
 *
 * Output per pixel (RGBA8): R = A's membership, G = B's, B = A uncertain, A = B uncertain
 * (0 or 255 each). One instance writes all four channels, so no blending is needed (pairs'
 * tiles never overlap; the page is cleared to 0 first).
 */

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
 *   word  0..3   int    tile x, y, w, h (page pixels)                     ATTRIB_TILE
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

/** Vertex shader: the tile's quad (two triangles from `gl_VertexID`, 6 vertices, instanced). */
export const PAIR_VERTEX_SHADER = `#version 300 es
precision highp float;
precision highp int;
layout(location = 0) in ivec4 aTile;
layout(location = 1) in vec4 aUA;
layout(location = 2) in vec4 aVA;
layout(location = 3) in ivec4 aRectA;
layout(location = 4) in vec4 aUB;
layout(location = 5) in vec4 aVB;
layout(location = 6) in ivec4 aRectB;
uniform vec2 uPageSize;
flat out ivec2 vOrigin;
flat out vec4 vUA;
flat out vec4 vVA;
flat out ivec4 vRectA;
flat out vec4 vUB;
flat out vec4 vVB;
flat out ivec4 vRectB;
void main() {
    int c = gl_VertexID;
    // Corners of the two triangles (0,0) (1,0) (0,1) / (0,1) (1,0) (1,1): the tile's edges lie on
    // pixel edges, so every pixel centre of the tile is covered exactly once.
    float cx = (c == 1 || c == 4 || c == 5) ? 1.0 : 0.0;
    float cy = (c == 2 || c == 3 || c == 5) ? 1.0 : 0.0;
    vec2 p = vec2(aTile.xy) + vec2(cx, cy) * vec2(aTile.zw);
    gl_Position = vec4(p / uPageSize * 2.0 - 1.0, 0.0, 1.0);
    vOrigin = aTile.xy;
    vUA = aUA; vVA = aVA; vRectA = aRectA;
    vUB = aUB; vVB = aVB; vRectB = aRectB;
}
`;

/** Fragment shader: membership (and uncertainty) of both colliders at this pixel's sample. */
export const PAIR_FRAGMENT_SHADER = `#version 300 es
precision highp float;
precision highp int;
precision highp sampler2D;
uniform sampler2D uAtlas;
flat in ivec2 vOrigin;
flat in vec4 vUA;
flat in vec4 vVA;
flat in ivec4 vRectA;
flat in vec4 vUB;
flat in vec4 vVB;
flat in ivec4 vRectB;
out vec4 oColor;

// Texel (i, j) of the mask at atlas rect r: 1 when opaque, 0 when not or outside the mask.
float texel(ivec4 r, int i, int j) {
    if (i < 0 || j < 0 || i >= r.z || j >= r.w) return 0.0;
    return texelFetch(uAtlas, r.xy + ivec2(i, j), 0).r > 0.5 ? 1.0 : 0.0;
}

// (membership, uncertain) of the sample at tile offset p, for map (U, V) and atlas rect r.
vec2 member(vec4 U, vec4 V, ivec4 r, vec2 p) {
    float u = clamp(U.x + U.y * p.x + U.z * p.y, -1.0e6, 1.0e6);
    float v = clamp(V.x + V.y * p.x + V.z * p.y, -1.0e6, 1.0e6);
    int i0 = int(floor(u - U.w));
    int i1 = int(floor(u + U.w));
    int j0 = int(floor(v - V.w));
    int j1 = int(floor(v + V.w));
    float m = texel(r, i0, j0);
    float unsure = 0.0;
    if (i1 != i0 || j1 != j0) {
        if (texel(r, i1, j0) != m || texel(r, i0, j1) != m || texel(r, i1, j1) != m) unsure = 1.0;
    }
    return vec2(m, unsure);
}

void main() {
    // Integer offset of this pixel in the tile (gl_FragCoord is at the pixel centre, x + 0.5).
    vec2 p = vec2(ivec2(gl_FragCoord.xy) - vOrigin);
    vec2 a = member(vUA, vVA, vRectA, p);
    vec2 b = member(vUB, vVB, vRectB, p);
    oColor = vec4(a.x, b.x, a.y, b.y);
}
`;
