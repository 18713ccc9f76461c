/**
 * Masks on the GPU: the R8 atlas of the core's bit masks (what ships) vs the sprites' own RGBA8
 * textures with the alpha threshold applied in the shader. Run by `npx tsx bench/gpu-atlas-vs-textures.ts`
 * (headless Debian Chromium, SwiftShader, the helpers of test/browser/chromium.ts); prints a
 * Markdown section (append it to bench/results/gpu-swiftshader.md by hand).
 *
 * Self-contained: this one file is both the Node driver and the page script (esbuild bundles it
 * for the browser; the Node-only modules are loaded with a non-literal dynamic `import`, which
 * esbuild leaves alone, so the page bundle holds none of them).
 *
 * In the page, for 50 and 200 pairs of rotated 48x48 sprites (the pairs of bench/gpu-run.ts):
 * 1. the shipped `GpuNarrowPhase` plans one same-frame run on a recording device: the instance
 *    data of its one draw, its page size, its final atlas contents and its readback are kept;
 * 2. on a second WebGL2 context of its own, this script replays that draw with the masks coming
 *    from each source, every mode ending with one synchronous `readPixels` of the same page:
 *    - `atlas`: the shipped shader and the R8 atlas, uploaded before (steady state): upload the
 *      instances, one instanced draw;
 *    - `atlasCold`: the first frame: a new `MaskAtlas` (the shipped class, start side 512,
 *      growing and repacking as the planner does) converts every bit mask to R8 and uploads it,
 *      then the draw;
 *    - `sheet`: the sprites packed in one RGBA8 texture (a sprite sheet, same layout as the
 *      atlas), the shader variant below reading `texelFetch(...).a * 255.0 > uThreshold`; one draw;
 *    - `sheetCold`: the same plus uploading the sheet (a game's engine uploads its textures
 *      anyway; shown for the byte count);
 *    - `own`: each sprite its own RGBA8 texture: the variant with one sampler per collider, one
 *      draw per pair, both textures rebound and the 7 instance attributes re-pointed between
 *      draws (WebGL2 has no base instance), the tile rects rewritten on the CPU;
 *    - `shipped`: the whole shipped same-frame run for reference (plan, draw, read, decode;
 *      every collider moved each frame), on the first context.
 *    Every replay's readback is first checked byte for byte against the shipped readback.
 */
import { Contact, GpuNarrowPhase, MaskAtlas } from '../extensions/pixel-collision/assets/core';
import type { BitMask, GpuDevice } from '../extensions/pixel-collision/assets/core';
import {
    ATTRIB_IS_INT, ATTRIB_WORD_OFFSETS, INSTANCE_BYTES, INSTANCE_WORDS, PAIR_FRAGMENT_BODY, PAIR_FRAGMENT_SHADER, PAIR_VERTEX_SHADER,
} from '../extensions/pixel-collision/assets/core/gpu';
import { WebGL2Device } from '../webgl2/webgl2-device';
import { buildScene, toMask } from '../test/browser/gpu-cases';
import type { CaseData } from '../test/browser/gpu-cases';

/** Alpha threshold of the RGBA variant: a texel is in the mask when alpha > THRESHOLD. */
const THRESHOLD = 127;

/**
 * (b)'s fragment shader: PAIR_FRAGMENT_BODY with the texel source swapped (one sampler per
 * collider). The byte is rounded back first: with the plain `a * 255.0 > threshold` the readback
 * differed from the CPU's masks on SwiftShader (extra membership bits; the sprites have texels
 * of alpha exactly THRESHOLD, and byte / 255 * 255 need not come back as the byte in float32).
 */
function rgbaFragmentShader(): string {
    let body = PAIR_FRAGMENT_BODY;
    const swaps: [string, string][] = [
        ['float texel(ivec4 r, int i, int j)', 'float texel(highp sampler2D T, ivec4 r, int i, int j)'],
        ['texelFetch(uAtlas, r.xy + ij, 0).r > 0.5', 'floor(texelFetch(T, r.xy + ij, 0).a * 255.0 + 0.5) > uThreshold'],
        ['vec2 member(vec2 uv,', 'vec2 member(highp sampler2D T, vec2 uv,'],
        ['texel(r, i0, j0)', 'texel(T, r, i0, j0)'],
        ['member(uvA,', 'member(uTexA, uvA,'],
        ['member(uvB,', 'member(uTexB, uvB,'],
    ];
    for (const [from, to] of swaps) {
        if (!body.includes(from)) throw new Error(`shader.ts changed: "${from}" not found`);
        body = body.split(from).join(to);
    }
    return `#version 300 es
precision highp float;
precision highp int;
precision highp sampler2D;
uniform sampler2D uTexA;
uniform sampler2D uTexB;
uniform float uThreshold;
out vec4 oColor;
${body}void main() {
    oColor = pairFragment();
}
`;
}

interface Upload { x: number; y: number; w: number; h: number; texels: Uint8Array }

/** Wraps the shipped WebGL2 device and keeps what the planner asked of it. */
class RecordingDevice implements GpuDevice {
    atlasW = 0; atlasH = 0;
    uploads: Upload[] = [];
    pageW = 0; pageH = 0; count = 0; draws = 0;
    instances = new Uint8Array(0);
    readback = new Uint8Array(0);
    recording = true;
    constructor(readonly inner: GpuDevice) {}
    get maxTextureSize(): number { return this.inner.maxTextureSize; }
    get asyncReadback(): boolean { return this.inner.asyncReadback; }
    beginFrame(): number { return this.inner.beginFrame(); }
    isLost(): boolean { return this.inner.isLost(); }
    resizeMaskAtlas(w: number, h: number): void { this.atlasW = w; this.atlasH = h; this.uploads = []; this.inner.resizeMaskAtlas(w, h); }
    uploadMaskAtlas(x: number, y: number, w: number, h: number, t: Uint8Array): void {
        this.uploads.push({ x, y, w, h, texels: t.slice(0, w * h) });
        this.inner.uploadMaskAtlas(x, y, w, h, t);
    }
    drawPage(w: number, h: number, inst: Uint8Array, first: number, count: number): void {
        if (this.recording) {
            this.draws++;
            this.pageW = w; this.pageH = h; this.count = count;
            this.instances = inst.slice(first * INSTANCE_BYTES, (first + count) * INSTANCE_BYTES);
        }
        this.inner.drawPage(w, h, inst, first, count);
    }
    readPage(out: Uint8Array): void {
        this.inner.readPage(out);
        if (this.recording) this.readback = out.slice(0, this.pageW * this.pageH * 4);
    }
    startRead(slot: number): void { this.inner.startRead(slot); }
    readReady(slot: number): boolean { return this.inner.readReady(slot); }
    finishRead(slot: number, out: Uint8Array): boolean { return this.inner.finishRead(slot, out); }
    endFrame(): void { this.inner.endFrame?.(); }
    dispose(): void { this.inner.dispose(); }
}

function median(xs: number[]): number {
    const s = [...xs].sort((a, b) => a - b);
    const m = s.length >> 1;
    return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

export interface AtlasVsTexturesResult {
    times: Record<string, number>;
    pageW: number; pageH: number; pairs: number;
    atlasW: number; atlasH: number; masks: number;
    atlasBytes: number; sheetBytes: number; ownBytes: number; coldUploads: number; coldRepacks: number;
    renderer: string;
}

/** The page side: see the file notes. */
async function pageRun(data: CaseData, rounds: number, frames: number, gapMs: number): Promise<AtlasVsTexturesResult> {
    const nextTask = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
    // 1. The shipped planner, recorded.
    const rec = new RecordingDevice(WebGL2Device.fromCanvas(new OffscreenCanvas(1, 1)));
    const scene = buildScene(data);
    const shipped = new GpuNarrowPhase(rec, { readback: 'sameFrame' });
    const contacts = Array.from({ length: scene.n }, () => new Contact());
    let frame = 0;
    shipped.run(scene.as, scene.bs, scene.n, scene.acc, contacts, ++frame, false);
    if (rec.draws !== 1 || rec.count !== scene.n) throw new Error(`expected 1 draw of ${scene.n} pairs, got ${rec.draws} draws, ${rec.count} instances`);
    rec.recording = false;
    const { pageW, pageH, count } = rec;
    const masks: BitMask[] = data.masks.map(toMask);

    // 2. Our own context.
    const gl = new OffscreenCanvas(1, 1).getContext('webgl2', { antialias: false, depth: false, stencil: false, preserveDrawingBuffer: false }) as WebGL2RenderingContext;
    const dbg = gl.getExtension('WEBGL_debug_renderer_info');
    const renderer = String(gl.getParameter(dbg ? dbg.UNMASKED_RENDERER_WEBGL : gl.RENDERER));
    const compile = (vs: string, fs: string): WebGLProgram => {
        const p = gl.createProgram()!;
        for (const [type, src] of [[gl.VERTEX_SHADER, vs], [gl.FRAGMENT_SHADER, fs]] as const) {
            const s = gl.createShader(type)!;
            gl.shaderSource(s, src);
            gl.compileShader(s);
            if (!gl.getShaderParameter(s, gl.COMPILE_STATUS)) throw new Error(String(gl.getShaderInfoLog(s)));
            gl.attachShader(p, s);
        }
        gl.linkProgram(p);
        if (!gl.getProgramParameter(p, gl.LINK_STATUS)) throw new Error(String(gl.getProgramInfoLog(p)));
        return p;
    };
    const progAtlas = compile(PAIR_VERTEX_SHADER, PAIR_FRAGMENT_SHADER);
    const progRgba = compile(PAIR_VERTEX_SHADER, rgbaFragmentShader());
    gl.useProgram(progAtlas);
    gl.uniform1i(gl.getUniformLocation(progAtlas, 'uAtlas'), 0);
    gl.uniform2f(gl.getUniformLocation(progAtlas, 'uPageSize'), pageW, pageH);
    gl.useProgram(progRgba);
    gl.uniform1i(gl.getUniformLocation(progRgba, 'uTexA'), 0);
    gl.uniform1i(gl.getUniformLocation(progRgba, 'uTexB'), 1);
    gl.uniform1f(gl.getUniformLocation(progRgba, 'uThreshold'), THRESHOLD);
    gl.uniform2f(gl.getUniformLocation(progRgba, 'uPageSize'), pageW, pageH);

    const rb = gl.createRenderbuffer()!;
    gl.bindRenderbuffer(gl.RENDERBUFFER, rb);
    gl.renderbufferStorage(gl.RENDERBUFFER, gl.RGBA8, pageW, pageH);
    const fbo = gl.createFramebuffer()!;
    gl.bindFramebuffer(gl.FRAMEBUFFER, fbo);
    gl.framebufferRenderbuffer(gl.FRAMEBUFFER, gl.COLOR_ATTACHMENT0, gl.RENDERBUFFER, rb);
    gl.viewport(0, 0, pageW, pageH);
    gl.disable(gl.BLEND); gl.disable(gl.DEPTH_TEST); gl.disable(gl.CULL_FACE); gl.disable(gl.DITHER);
    gl.pixelStorei(gl.UNPACK_ALIGNMENT, 1);
    gl.pixelStorei(gl.PACK_ALIGNMENT, 1);

    const buf = gl.createBuffer()!;
    gl.bindBuffer(gl.ARRAY_BUFFER, buf);
    gl.bufferData(gl.ARRAY_BUFFER, rec.instances.byteLength, gl.DYNAMIC_DRAW);
    const vao = gl.createVertexArray()!;
    gl.bindVertexArray(vao);
    const pointAt = (byteOffset: number) => {
        for (let a = 0; a < ATTRIB_WORD_OFFSETS.length; a++) {
            const off = byteOffset + 4 * ATTRIB_WORD_OFFSETS[a];
            if (ATTRIB_IS_INT[a]) gl.vertexAttribIPointer(a, 4, gl.INT, INSTANCE_BYTES, off);
            else gl.vertexAttribPointer(a, 4, gl.FLOAT, false, INSTANCE_BYTES, off);
        }
    };
    for (let a = 0; a < ATTRIB_WORD_OFFSETS.length; a++) { gl.enableVertexAttribArray(a); gl.vertexAttribDivisor(a, 1); }
    pointAt(0);

    const texture = (w: number, h: number, format: 'r8' | 'rgba8', pixels: Uint8Array | null): WebGLTexture => {
        const t = gl.createTexture()!;
        gl.bindTexture(gl.TEXTURE_2D, t);
        gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.NEAREST);
        gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, gl.NEAREST);
        gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_S, gl.CLAMP_TO_EDGE);
        gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_T, gl.CLAMP_TO_EDGE);
        if (format === 'r8') gl.texImage2D(gl.TEXTURE_2D, 0, gl.R8, w, h, 0, gl.RED, gl.UNSIGNED_BYTE, pixels ?? new Uint8Array(w * h));
        else gl.texImage2D(gl.TEXTURE_2D, 0, gl.RGBA8, w, h, 0, gl.RGBA, gl.UNSIGNED_BYTE, pixels ?? new Uint8Array(4 * w * h));
        return t;
    };

    // The steady R8 atlas: the planner's final contents.
    const AW = rec.atlasW, AH = rec.atlasH;
    const atlasTex = texture(AW, AH, 'r8', null);
    for (const u of rec.uploads) gl.texSubImage2D(gl.TEXTURE_2D, 0, u.x, u.y, u.w, u.h, gl.RED, gl.UNSIGNED_BYTE, u.texels);

    // Sprite pixels: opaque texels alpha THRESHOLD+1..255, transparent 0..THRESHOLD (an
    // anti-aliased fringe and shadows), random colour; what the masks were built from.
    let seed = 12345;
    const rnd = () => ((seed = (seed * 1103515245 + 12345) >>> 0) >>> 8) / 16777216;
    const rgbaOf = (u: Upload, out: Uint8Array, stride: number, x0: number, y0: number) => {
        for (let j = 0; j < u.h; j++) for (let i = 0; i < u.w; i++) {
            const o = 4 * ((y0 + j) * stride + x0 + i), on = u.texels[j * u.w + i] !== 0;
            out[o] = rnd() * 256; out[o + 1] = rnd() * 256; out[o + 2] = rnd() * 256;
            out[o + 3] = on ? THRESHOLD + 1 + Math.floor(rnd() * (255 - THRESHOLD)) : (rnd() < 0.2 ? Math.floor(rnd() * (THRESHOLD + 1)) : 0);
        }
    };
    // Sprite sheet: the atlas layout, RGBA (borders transparent).
    const sheetPixels = new Uint8Array(4 * AW * AH);
    for (const u of rec.uploads) rgbaOf(u, sheetPixels, AW, u.x, u.y);
    const sheetTex = texture(AW, AH, 'rgba8', sheetPixels);
    // Own textures: (w + 4) x (h + 4), the sprite at (2, 2) (a 2-texel transparent border, as
    // the atlas slots have: the shader clamps texel indices to [-1, size]).
    const own = new Map<string, WebGLTexture>();
    let ownBytes = 0;
    for (const u of rec.uploads) {
        const w = u.w + 4, h = u.h + 4, px = new Uint8Array(4 * w * h);
        rgbaOf(u, px, w, 2, 2);
        own.set(`${u.x},${u.y}`, texture(w, h, 'rgba8', px));
        ownBytes += px.length;
    }
    // Per pair, the textures of A and B (from the atlas rect in the instance).
    const inst32 = new Int32Array(rec.instances.buffer, rec.instances.byteOffset, count * INSTANCE_WORDS);
    const texA: WebGLTexture[] = [], texB: WebGLTexture[] = [];
    for (let i = 0; i < count; i++) {
        const o = i * INSTANCE_WORDS;
        texA.push(own.get(`${inst32[o + 12]},${inst32[o + 13]}`)!);
        texB.push(own.get(`${inst32[o + 24]},${inst32[o + 25]}`)!);
        if (!texA[i] || !texB[i]) throw new Error('an instance rect matches no uploaded mask');
    }
    const ownInst = rec.instances.slice();
    const own32 = new Int32Array(ownInst.buffer, 0, count * INSTANCE_WORDS);

    const out = new Uint8Array(pageW * pageH * 4);
    const ZERO4 = new Float32Array(4);
    const begin = (instances: Uint8Array) => {
        gl.bindFramebuffer(gl.FRAMEBUFFER, fbo);
        gl.clearBufferfv(gl.COLOR, 0, ZERO4);
        gl.bindBuffer(gl.ARRAY_BUFFER, buf);
        gl.bufferSubData(gl.ARRAY_BUFFER, 0, instances);
        gl.bindVertexArray(vao);
    };
    const read = () => gl.readPixels(0, 0, pageW, pageH, gl.RGBA, gl.UNSIGNED_BYTE, out);
    const drawAtlas = (tex: WebGLTexture) => {
        begin(rec.instances);
        pointAt(0);
        gl.useProgram(progAtlas);
        gl.activeTexture(gl.TEXTURE0);
        gl.bindTexture(gl.TEXTURE_2D, tex);
        gl.drawArraysInstanced(gl.TRIANGLES, 0, 6, count);
        read();
    };
    // The cold atlas device: only what MaskAtlas calls.
    let coldTex: WebGLTexture | null = null;
    const coldDevice = {
        maxTextureSize: rec.maxTextureSize,
        resizeMaskAtlas(w: number, h: number) { if (coldTex) gl.deleteTexture(coldTex); coldTex = texture(w, h, 'r8', null); },
        uploadMaskAtlas(x: number, y: number, w: number, h: number, t: Uint8Array) {
            gl.bindTexture(gl.TEXTURE_2D, coldTex);
            gl.texSubImage2D(gl.TEXTURE_2D, 0, x, y, w, h, gl.RED, gl.UNSIGNED_BYTE, t, 0);
        },
    } as unknown as GpuDevice;
    let coldUploads = 0, coldRepacks = 0;
    const modes: Record<string, () => void> = {
        atlas: () => drawAtlas(atlasTex),
        atlasCold: () => {
            const atlas = new MaskAtlas(coldDevice, Math.min(4096, rec.maxTextureSize));
            for (;;) {
                atlas.beginFrame();
                for (const p of data.pairs) if (atlas.slot(masks[p.ma]) >= 0) atlas.slot(masks[p.mb]);
                if (atlas.overflowed && atlas.canGrow) { atlas.grow(); continue; }
                break;
            }
            coldUploads = atlas.uploads; coldRepacks = atlas.repacks;
            drawAtlas(coldTex!);
        },
        sheet: () => {
            begin(rec.instances);
            pointAt(0);
            gl.useProgram(progRgba);
            gl.activeTexture(gl.TEXTURE0); gl.bindTexture(gl.TEXTURE_2D, sheetTex);
            gl.activeTexture(gl.TEXTURE1); gl.bindTexture(gl.TEXTURE_2D, sheetTex);
            gl.drawArraysInstanced(gl.TRIANGLES, 0, 6, count);
            read();
        },
        sheetCold: () => {
            gl.bindTexture(gl.TEXTURE_2D, sheetTex);
            gl.texImage2D(gl.TEXTURE_2D, 0, gl.RGBA8, AW, AH, 0, gl.RGBA, gl.UNSIGNED_BYTE, sheetPixels);
            modes.sheet();
        },
        own: () => {
            // The rects point into each sprite's own texture (the planner would write them).
            for (let i = 0; i < count; i++) {
                const o = i * INSTANCE_WORDS;
                own32[o + 12] = 2; own32[o + 13] = 2; own32[o + 24] = 2; own32[o + 25] = 2;
            }
            begin(ownInst);
            gl.useProgram(progRgba);
            for (let i = 0; i < count; i++) {
                gl.activeTexture(gl.TEXTURE0); gl.bindTexture(gl.TEXTURE_2D, texA[i]);
                gl.activeTexture(gl.TEXTURE1); gl.bindTexture(gl.TEXTURE_2D, texB[i]);
                pointAt(i * INSTANCE_BYTES);
                gl.drawArraysInstanced(gl.TRIANGLES, 0, 6, 1);
            }
            read();
            pointAt(0);
        },
    };
    // Check every replay against the shipped readback.
    for (const [name, fn] of Object.entries(modes)) {
        out.fill(7);
        fn();
        for (let k = 0; k < rec.readback.length; k++) {
            if (out[k] !== rec.readback[k]) throw new Error(`${name}: readback byte ${k} is ${out[k]}, the shipped run read ${rec.readback[k]}`);
        }
    }
    // The shipped run, every collider moved each frame (as gpu-page.ts does).
    const movers = Array.from(new Set([...scene.as, ...scene.bs]));
    const t = { a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0 };
    let flip = 1;
    modes.shipped = () => {
        flip = -flip;
        for (const c of movers) {
            const m = c.transform;
            t.a = m.a; t.b = m.b; t.c = m.c; t.d = m.d; t.tx = m.tx + flip * 1e-3; t.ty = m.ty;
            scene.world.setTransform(c, t);
        }
        shipped.run(scene.as, scene.bs, scene.n, scene.acc, contacts, ++frame, false);
    };
    const samples: Record<string, number[]> = {};
    for (const m of Object.keys(modes)) samples[m] = [];
    for (let r = 0; r < rounds; r++) {
        for (const [name, fn] of Object.entries(modes)) {
            fn(); // warm-up
            await nextTask(gapMs);
            for (let f = 0; f < frames; f++) {
                const t0 = performance.now();
                fn();
                samples[name].push(performance.now() - t0);
                await nextTask(gapMs);
            }
        }
    }
    const times: Record<string, number> = {};
    for (const [m, xs] of Object.entries(samples)) times[m] = median(xs);
    return {
        times, pageW, pageH, pairs: count, atlasW: AW, atlasH: AH, masks: rec.uploads.length,
        atlasBytes: AW * AH, sheetBytes: 4 * AW * AH, ownBytes, coldUploads, coldRepacks, renderer,
    };
}

/** The pairs of bench/gpu-run.ts: `n` pairs of 48x48 blobs, rotated, overlapping by about a third. */
async function sprites48(n: number): Promise<CaseData> {
    const core = await import('../extensions/pixel-collision/assets/core');
    const { blob, rng } = await import('../test/fixtures/masks');
    const placed = (m: BitMask, x: number, y: number, rot: number): number[] => {
        const t = core.affineFromTRS(core.affine(1, 0, 0, 1, 0, 0), x, y, rot, 1, 1);
        const p = core.affineMultiply(t, t, core.affine(1, 0, 0, -1, -m.width / 2, m.height / 2));
        return [p.a, p.b, p.c, p.d, p.tx, p.ty];
    };
    const r = rng(48 + n);
    const data: CaseData = { masks: [], pairs: [] };
    for (let i = 0; i < n; i++) {
        const ma = blob(48, 48, r), mb = blob(48, 48, r);
        data.masks.push({ w: ma.width, h: ma.height, bits: Array.from(ma.bits) }, { w: mb.width, h: mb.height, bits: Array.from(mb.bits) });
        const x = i * 100, y = 0;
        data.pairs.push({ ma: 2 * i, mb: 2 * i + 1, ta: placed(ma, x, y, r() * 6.3), tb: placed(mb, x + 20 + r() * 16, y + r() * 16, r() * 6.3), acc: 1 });
    }
    return data;
}

async function main(): Promise<void> {
    // Non-literal specifiers: esbuild leaves these out of the page bundle.
    const load = (m: string): Promise<unknown> => import(m);
    const path = await load('node:path') as typeof import('node:path');
    const os = await load('node:os') as typeof import('node:os');
    const chromium = await load(path.join(__dirname, '../test/browser/chromium')) as typeof import('../test/browser/chromium');
    const browser = await chromium.openPage(chromium.bundle(__filename), { isolated: true });
    const ROUNDS = 5, FRAMES = 7, GAP = 16;
    const fmt = (x: number) => (x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x >= 1 ? x.toFixed(2) : x.toFixed(3));
    const rows: string[] = [];
    let renderer = '';
    const extra: string[] = [];
    try {
        for (const n of [50, 200]) {
            const data = await sprites48(n);
            const r = await browser.page.evaluate(([d, a, b, c]) => (globalThis as unknown as { atlasVsTextures: typeof pageRun }).atlasVsTextures(d, a, b, c), [data, ROUNDS, FRAMES, GAP] as const);
            console.log(n, JSON.stringify(r));
            renderer = r.renderer;
            const t = r.times;
            rows.push(`| ${n} | ${r.pageW}x${r.pageH} | ${fmt(t.atlas)} ms | ${fmt(t.atlasCold)} ms | ${fmt(t.sheet)} ms | ${fmt(t.sheetCold)} ms | ${fmt(t.own)} ms (${n} draws) | ${(t.own / t.atlas).toFixed(2)}x | ${fmt(t.shipped)} ms |`);
            extra.push(`${n} pairs: ${r.masks} masks; R8 atlas ${r.atlasW}x${r.atlasH} = ${(r.atlasBytes / 1024).toFixed(0)} KiB, an RGBA8 sheet of that layout ${(r.sheetBytes / 1024).toFixed(0)} KiB, own RGBA8 textures (52x52 each) ${(r.ownBytes / 1024).toFixed(0)} KiB; cold start: ${r.coldUploads} mask uploads, ${r.coldRepacks} repacks (the atlas starts at 512x512 and doubles).`);
        }
    } finally {
        await browser.close();
    }
    const c = os.cpus();
    console.log([
        '## Masks on the GPU: R8 atlas of bit masks vs the sprites\' own RGBA8 textures',
        '',
        `Written by \`npx tsx bench/gpu-atlas-vs-textures.ts\` on ${new Date().toISOString().slice(0, 10)}: ${renderer}, ${c.length} x ${c[0]?.model ?? 'cpu'}. `
        + `Medians of ${ROUNDS * FRAMES} frames per mode (${ROUNDS} alternating blocks of ${FRAMES}, one warm-up each, ${GAP} ms gap after every frame), `
        + 'ms of main-thread time per frame: upload the instances, draw, one synchronous `readPixels` of the page, and the CPU work each way needs. '
        + 'The instance data is the shipped planner\'s for that frame (same tiles, same page) and every replay\'s readback equals the shipped one byte for byte. '
        + 'Atlas: the shipped shader, R8, `texelFetch(...).r > 0.5`; cold = first frame: a new `MaskAtlas` converts and uploads every mask, growing from 512x512. '
        + 'RGBA: the same fragment logic with `floor(texelFetch(tex, ...).a * 255.0 + 0.5) > threshold` (without the rounding the readback differed from the masks: alpha == threshold texels); sheet = every sprite in one RGBA8 texture (one draw), '
        + 'own = each sprite its own RGBA8 texture (one draw per pair, two textures rebound and the 7 instance attributes re-pointed between draws, WebGL2 having no base instance). '
        + 'Shipped = the whole shipped same-frame run (plan, draw, read, decode) for reference.',
        '',
        '| pairs of rotated 48x48 sprites | page | R8 atlas, steady (1 draw) | R8 atlas, first frame (convert + upload) | RGBA sheet (1 draw) | RGBA sheet + its upload | RGBA own textures | own / atlas | shipped frame (plan + draw + read + decode) |',
        '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
        ...rows,
        '',
        ...extra.map((e) => `- ${e}`),
        '',
    ].join('\n'));
}

if (typeof process !== 'undefined' && process.versions?.node) {
    main().catch((e) => { console.error(e); process.exit(1); });
} else {
    (globalThis as unknown as { atlasVsTextures: typeof pageRun }).atlasVsTextures = pageRun;
}
