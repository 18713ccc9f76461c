/**
 * The size of a JPEG, for the bake. A JPEG has no alpha channel: every texel the engine shows is
 * opaque (alpha 255), so a JPEG frame's mask is its whole rect at every threshold below 255 and
 * empty at 255, and no pixel needs decoding. What must be known is the image's size, to check
 * each frame's rect against it: it is in the frame header (SOF) segment, read here after walking
 * the markers before it (each segment's length is checked against the file, so a cut-off or
 * mislabelled file gets a message, not a wrong size). A decoder library would read the whole
 * image for two numbers; the bake runs in Creator's Node 14.16, where the usual size readers
 * no longer install.
 */
import { MAX_PNG_SIDE } from './png';

/** A JPEG that cannot be baked; `message` says why and what to do (the caller adds the file's name). */
export class JpegProblem extends Error {}

/** SOF markers: 0xC0-0xCF except DHT (C4), JPG (C8) and DAC (CC). */
function isSof(m: number): boolean {
    return m >= 0xc0 && m <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc;
}

/** Width and height of the JPEG in `buf`; throws a {@link JpegProblem}. */
export function inspectJpeg(buf: Uint8Array): { width: number; height: number } {
    const b = Buffer.from(buf.buffer, buf.byteOffset, buf.byteLength);
    if (b.toString('latin1', 0, 24).startsWith('version https://git-lfs')) {
        throw new JpegProblem('is a Git LFS pointer, not the image (its content was never downloaded). Run "git lfs pull" in the project, then bake again.');
    }
    if (b.length < 4 || b[0] !== 0xff || b[1] !== 0xd8) throw new JpegProblem('is not a JPEG file (no start-of-image marker). Export it again as JPEG or PNG.');
    let pos = 2;
    while (pos < b.length) {
        if (b[pos] !== 0xff) throw new JpegProblem(`is corrupt: no marker at byte ${pos}. Export it again.`);
        while (pos < b.length && b[pos] === 0xff) pos++; // fill bytes
        if (pos >= b.length) break;
        const m = b[pos++];
        if (m === 0xd8 || m === 0x01 || (m >= 0xd0 && m <= 0xd7)) continue; // no length
        if (m === 0xd9 || m === 0xda) break; // end of image, or scan data before any frame header
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
    throw new JpegProblem('has no frame header (cut off before its image data?). Copy or export the file again.');
}
