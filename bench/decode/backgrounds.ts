/**
 * Generated backgrounds with soft, detailed alpha (the kind a game draws behind everything and
 * gives a pixel collider: ground, clouds), as RGBA bytes (only alpha matters). Deterministic.
 *
 * - `hills`: layered hills whose edge fades over a few texels, with noise along the edge and a
 *   sparse speckle of inverted texels (grass blades, stars);
 * - `clouds`: fractal value noise through a soft ramp: ragged blobs with holes and islands.
 */
export const BACKGROUNDS = ['hills', 'clouds'] as const;
export type Background = typeof BACKGROUNDS[number];

function rng(seed: number): () => number {
    let s = seed >>> 0;
    return () => { s = (Math.imul(s, 1664525) + 1013904223) >>> 0; return s / 2 ** 32; };
}

export function background(kind: Background, W: number, H: number): Uint8Array {
    const rgba = new Uint8Array(W * H * 4);
    const r = rng(7);
    if (kind === 'hills') {
        const waves = Array.from({ length: 12 }, () => [r() * 0.05, r() * 6.28, 20 + r() * 200]);
        for (let x = 0; x < W; x++) {
            let h = H * 0.55;
            for (const [f, p, a] of waves) h += Math.sin(x * f + p) * a * 0.3;
            for (let y = 0; y < H; y++) {
                const noise = (Math.sin(x * 0.37 + y * 0.11) + Math.sin(x * 0.013 * y * 0.002)) * 6;
                const d = (y - h + noise) / 3;
                let a = d >= 1 ? 255 : d <= 0 ? 0 : Math.floor(d * 255);
                if (((x * 7919 + y * 104729) % 997) < 9) a = 255 - a;
                rgba[(y * W + x) * 4 + 3] = a;
            }
        }
        return rgba;
    }
    // clouds: four octaves of value noise on lattices of 256, 64, 16 and 4 texels
    const octaves = [256, 64, 16, 4].map((cell, k) => {
        const gw = Math.ceil(W / cell) + 2, gh = Math.ceil(H / cell) + 2;
        const g = new Float32Array(gw * gh);
        for (let i = 0; i < g.length; i++) g[i] = r();
        return { cell, gw, g, amp: 0.5 ** k };
    });
    const smooth = (t: number): number => t * t * (3 - 2 * t);
    for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) {
        let v = 0, norm = 0;
        for (const o of octaves) {
            const fx = x / o.cell, fy = y / o.cell, ix = Math.floor(fx), iy = Math.floor(fy);
            const tx = smooth(fx - ix), ty = smooth(fy - iy), g = o.g, w = o.gw;
            const a = g[iy * w + ix] + (g[iy * w + ix + 1] - g[iy * w + ix]) * tx;
            const b = g[(iy + 1) * w + ix] + (g[(iy + 1) * w + ix + 1] - g[(iy + 1) * w + ix]) * tx;
            v += (a + (b - a) * ty) * o.amp;
            norm += o.amp;
        }
        v /= norm;
        const a = Math.max(0, Math.min(255, Math.round((v - 0.45) * 255 / 0.12)));
        rgba[(y * W + x) * 4 + 3] = a;
    }
    return rgba;
}
