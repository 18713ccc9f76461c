/**
 * Reading a PNG for the bake, defensively: the file's chunks are checked before anything is
 * decoded (a Git LFS pointer, a cut-off file, an IHDR larger than any texture or larger than its
 * data could hold each get their own message naming what to do), then pngjs decodes it, and the
 * alpha of 16-bit images is taken by its high byte, as browsers and Cocos native
 * (`png_set_strip_16`) do.
 *
 * Limits, checked on the IHDR before any pixel is decoded:
 * - width and height at most {@link MAX_PNG_SIDE} (16384: the Direct3D 11/12 texture limit and
 *   the largest `MAX_TEXTURE_SIZE` desktop WebGL reports; phones stop at 4096-8192, so a larger
 *   texture cannot be shown by any Creator build anyway);
 * - the raw image (rows of `width x channels x depth` bits plus a filter byte, Adam7 passes
 *   included) must fit in what its IDAT bytes can inflate to: deflate expands at most
 *   {@link MAX_INFLATE_RATIO}:1, so a header claiming more pixels than its data holds is refused
 *   before pngjs allocates a buffer for them.
 */
import { PNG } from 'pngjs';

/** Largest width or height the bake decodes. */
export const MAX_PNG_SIDE = 16384;
/** Deflate's largest expansion (a 258-byte match per 2 bits, RFC 1951), rounded up. */
export const MAX_INFLATE_RATIO = 1032;

/** A PNG that cannot be baked; `message` says why and what to do (the file's name is added by the caller). */
export class PngProblem extends Error {}

export interface PngHeader {
    width: number;
    height: number;
    depth: number;
    colorType: number;
    interlace: boolean;
    /** Bytes of IDAT data in the file. */
    idatBytes: number;
    /** Where the PNG ends (after its IEND chunk); bytes after it are ignored, as browsers do. */
    end: number;
}

const SIGNATURE = [137, 80, 78, 71, 13, 10, 26, 10];
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };
const DEPTHS: Record<number, number[]> = { 0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16] };

/** The header of `buf`, after checking its chunk structure and sizes; throws a {@link PngProblem}. */
export function inspectPng(buf: Uint8Array): PngHeader {
    const b = Buffer.from(buf.buffer, buf.byteOffset, buf.byteLength);
    if (b.toString('latin1', 0, 24).startsWith('version https://git-lfs')) {
        throw new PngProblem('is a Git LFS pointer, not the image (its content was never downloaded). Run "git lfs pull" in the project, then bake again.');
    }
    if (b.length < 8 || SIGNATURE.some((v, i) => b[i] !== v)) {
        throw new PngProblem('is not a PNG file (bad signature). Export it again as PNG.');
    }
    let header: PngHeader | null = null;
    let pos = 8, ended = false;
    while (pos < b.length) {
        if (pos + 8 > b.length) break;
        const len = b.readUInt32BE(pos), type = b.toString('latin1', pos + 4, pos + 8);
        if (len > 0x7fffffff) throw new PngProblem(`is corrupt: its ${JSON.stringify(type)} chunk claims ${len} bytes. Export it again as PNG.`);
        if (pos + 12 + len > b.length) {
            throw new PngProblem(`is cut off: it ends at byte ${b.length}, inside its ${JSON.stringify(type)} chunk (${len} bytes from byte ${pos}). Copy or export the file again.`);
        }
        if (!header) {
            if (type !== 'IHDR' || len !== 13) throw new PngProblem('is not a PNG file (no IHDR header first). Export it again as PNG.');
            header = {
                width: b.readUInt32BE(pos + 8), height: b.readUInt32BE(pos + 12), depth: b[pos + 16], colorType: b[pos + 17],
                interlace: b[pos + 20] === 1, idatBytes: 0, end: 0,
            };
        } else if (type === 'IDAT') {
            header.idatBytes += len;
        } else if (type === 'IEND') {
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
    if (channels === undefined || !DEPTHS[colorType].includes(depth)) {
        throw new PngProblem(`is corrupt: colour type ${colorType} with bit depth ${depth} does not exist in PNG. Export it again as PNG.`);
    }
    const raw = rawSize(w, h, channels * depth, header.interlace);
    if (raw > header.idatBytes * MAX_INFLATE_RATIO + 1024) {
        throw new PngProblem(`is corrupt: its header says ${w}x${h} pixels (${raw} bytes of rows), but its ${header.idatBytes} bytes of image data cannot hold that many. Export it again as PNG.`);
    }
    return header;
}

/** Bytes of filtered rows (one filter byte per row) of a `w x h` image of `bpp` bits per pixel. */
function rawSize(w: number, h: number, bpp: number, interlace: boolean): number {
    const rows = (pw: number, ph: number): number => (pw > 0 && ph > 0 ? ph * (Math.ceil((pw * bpp) / 8) + 1) : 0);
    if (!interlace) return rows(w, h);
    // Adam7 passes: [x0, y0, dx, dy]
    const passes = [[0, 0, 8, 8], [4, 0, 8, 8], [0, 4, 4, 8], [2, 0, 4, 4], [0, 2, 2, 4], [1, 0, 2, 2], [0, 1, 1, 2]];
    let n = 0;
    for (const [x0, y0, dx, dy] of passes) n += rows(Math.ceil((w - x0) / dx), Math.ceil((h - y0) / dy));
    return n;
}

export interface DecodedPng { width: number; height: number; /** RGBA, 8 bits a channel, rows top down. */ rgba: Uint8Array }

/**
 * Decodes a PNG to RGBA8 after {@link inspectPng}. 16-bit channels become their high byte
 * (`v >> 8`), as Chromium and libpng's `png_set_strip_16` (Cocos native) do: alpha 0x00C0 is 0.
 * Lower depths (1/2/4-bit gray, palettes) are scaled by pngjs as before.
 */
export function decodePng(buf: Uint8Array): DecodedPng {
    const header = inspectPng(buf);
    // Without what follows IEND (some tools append data there; pngjs refuses it, browsers ignore it).
    const b = Buffer.from(buf.buffer, buf.byteOffset, header.end);
    let png: PNG;
    try {
        png = PNG.sync.read(b, { skipRescale: header.depth === 16 });
    } catch (err) {
        throw new PngProblem(`cannot be decoded as PNG (${(err as Error).message}). Export it again as PNG.`);
    }
    if (header.depth !== 16) return { width: png.width, height: png.height, rgba: new Uint8Array(png.data.buffer, png.data.byteOffset, png.data.byteLength) };
    const wide = png.data as unknown as Uint16Array;
    const rgba = new Uint8Array(wide.length);
    for (let i = 0; i < wide.length; i++) rgba[i] = wide[i] >>> 8;
    return { width: png.width, height: png.height, rgba };
}
