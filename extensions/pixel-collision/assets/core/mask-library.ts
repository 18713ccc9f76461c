/**
 * The mask library format: baked masks a game ships so that no texture has to be read at run time
 * (native and mini-game builds release the CPU copy of images after upload; compressed textures
 * have none). Engine-free: written by the bake (editor, CLI, build hook) and read by the runtime.
 *
 * A baked mask is the `BitMask.serialize()` bytes of a frame's UPRIGHT mask (as displayed: rotated
 * atlas frames already turned upright) at one alpha threshold, in base64:
 *
 * ```json
 * { "format": "pixel-collision-masks", "version": 1,
 *   "masks": [ { "uuid": "<sprite frame uuid>", "texture": "<texture uuid>",
 *                "rect": [x, y, width, height], "rotated": false, "threshold": 0,
 *                "frame": "<sprite frame name, informative>",
 *                "data": "<base64 of BitMask.serialize()>" } ] }
 * ```
 *
 * A frame finds its mask in this order:
 * 1. by `uuid` (the SpriteFrame asset's uuid, e.g. `<image uuid>@f9941`) and threshold, when the
 *    frame has a uuid and the mask has the frame's rect size: this survives any repacking (Auto
 *    Atlas at build time moves the frame into another texture, the dynamic atlas at run time too);
 * 2. by `texture` + `rect` + `rotated` + threshold, where `texture` and `rect` are the frame's source
 *    texture and rect before any dynamic-atlas packing (what `SpriteFrame.original` keeps): frames
 *    made in code have no uuid.
 * `uuid` is optional (libraries without it still load: version 1 readers ignore it).
 *
 * No `atob`/`btoa` (mini-game runtimes may lack them): a small base64 codec is below.
 *
 * Version 2 (mask-library-v2.ts) is the compact form the bake writes: masks grouped by texture,
 * each coded by mask-code.ts, indexed at registration and decoded on first use. Both versions are
 * read; {@link checkLibrary} returns either as version 1 entries (for tools and tests: it decodes
 * every mask of a version 2 library; the runtime indexes version 2 with `CompactLibraryIndex`).
 */
import { BitMask } from './bitmask';
import { decodeMaskCode } from './mask-code';
import { libraryGroups, readLibraryGroups } from './mask-library-v2';

export const MASK_LIBRARY_FORMAT = 'pixel-collision-masks';
/** The version of the entry-list form (what `PixelMasks.bakeLibrary` returns). */
export const MASK_LIBRARY_VERSION = 1;
/** The version of the compact, grouped form the bake writes (mask-library-v2.ts). */
export const MASK_LIBRARY_COMPACT_VERSION = 2;

/** What to tell a user whose library is missing, stale or broken. */
export const BAKE_HINT = 'Bake masks with the editor menu Pixel Collision > Bake Masks, or `npx pixel-collision bake <project>` (builds bake automatically)';

/** One entry of a mask library (see the file header). */
export interface BakedMaskEntry {
    /** The SpriteFrame asset's uuid (absent for frames without one). */
    uuid?: string;
    texture: string;
    rect: [number, number, number, number];
    rotated: boolean;
    threshold: number;
    frame?: string;
    /** Base64 of `BitMask.serialize()`. */
    data: string;
}

/** A mask library (see the file header). */
export interface MaskLibrary {
    format: typeof MASK_LIBRARY_FORMAT;
    version: number;
    masks: BakedMaskEntry[];
}

/** The lookup key of a frame region: source texture uuid, rect, rotation, threshold. */
export function bakedKey(texture: string, x: number, y: number, w: number, h: number, rotated: boolean, threshold: number): string {
    return `${texture}|${x},${y},${w},${h}|${rotated ? 1 : 0}|${threshold}`;
}

/** The lookup key of a sprite frame asset: its uuid and the threshold. */
export function bakedUuidKey(uuid: string, threshold: number): string {
    return `${uuid}|${threshold}`;
}

/** Checks a parsed library and returns its entries; throws a clear error for anything else. */
export function checkLibrary(json: unknown, name = 'mask library'): BakedMaskEntry[] {
    const lib = json as Partial<MaskLibrary> | null;
    if (!lib || typeof lib !== 'object' || lib.format !== MASK_LIBRARY_FORMAT) {
        throw new TypeError(`${name} is not a pixel-collision mask library (expected "format": "${MASK_LIBRARY_FORMAT}"). ${BAKE_HINT}.`);
    }
    if (lib.version === MASK_LIBRARY_COMPACT_VERSION) {
        const groups = libraryGroups((lib as { groups?: unknown }).groups);
        if (!groups) throw new TypeError(`${name} has no "groups" (a string, or an array of strings). ${BAKE_HINT}.`);
        return readLibraryGroups(groups, name).map((e) => {
            const out: BakedMaskEntry = { texture: e.texture, rect: e.rect, rotated: e.rotated, threshold: e.threshold, data: encodeBase64(decodeMaskCode(e.code, e.rect[2], e.rect[3]).serialize()) };
            if (e.uuid !== undefined) out.uuid = e.uuid;
            return out;
        });
    }
    if (lib.version !== MASK_LIBRARY_VERSION) {
        throw new RangeError(`${name} has version ${String(lib.version)}; this build reads versions ${MASK_LIBRARY_VERSION} and ${MASK_LIBRARY_COMPACT_VERSION}. Bake it again with this version of pixel-collision (Pixel Collision > Bake Masks).`);
    }
    if (!Array.isArray(lib.masks)) throw new TypeError(`${name} has no "masks" array. ${BAKE_HINT}.`);
    for (const e of lib.masks) {
        if (!e || typeof e.texture !== 'string' || !Array.isArray(e.rect) || e.rect.length !== 4
            || typeof e.data !== 'string'
            || typeof e.threshold !== 'number' || (e.uuid !== undefined && typeof e.uuid !== 'string')) {
            throw new TypeError(`${name} has an entry without texture / rect [x, y, w, h] / threshold / data. ${BAKE_HINT}.`);
        }
    }
    return lib.masks;
}

/** Decodes one entry's mask and checks it has the rect's size. */
export function decodeEntry(e: BakedMaskEntry): BitMask {
    const mask = BitMask.deserialize(decodeBase64(e.data));
    if (mask.width !== e.rect[2] || mask.height !== e.rect[3]) {
        throw new RangeError(`baked mask for ${e.frame ?? e.uuid ?? e.texture} is ${mask.width}x${mask.height} but its rect is ${e.rect[2]}x${e.rect[3]}. Bake it again (Pixel Collision > Bake Masks).`);
    }
    return mask;
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const LOOKUP = new Int16Array(128).fill(-1);
for (let i = 0; i < 64; i++) LOOKUP[ALPHABET.charCodeAt(i)] = i;

/** Standard base64 (RFC 4648, with padding). */
export function encodeBase64(bytes: Uint8Array): string {
    let s = '';
    let i = 0;
    for (; i + 2 < bytes.length; i += 3) {
        const n = (bytes[i] << 16) | (bytes[i + 1] << 8) | bytes[i + 2];
        s += ALPHABET[n >>> 18] + ALPHABET[(n >>> 12) & 63] + ALPHABET[(n >>> 6) & 63] + ALPHABET[n & 63];
    }
    const rest = bytes.length - i;
    if (rest === 1) {
        const n = bytes[i] << 16;
        s += ALPHABET[n >>> 18] + ALPHABET[(n >>> 12) & 63] + '==';
    } else if (rest === 2) {
        const n = (bytes[i] << 16) | (bytes[i + 1] << 8);
        s += ALPHABET[n >>> 18] + ALPHABET[(n >>> 12) & 63] + ALPHABET[(n >>> 6) & 63] + '=';
    }
    return s;
}

/** Decodes standard base64 (whitespace ignored); throws on any other character. */
export function decodeBase64(text: string): Uint8Array {
    const s = text.replace(/\s+/g, '');
    if (s.length % 4 !== 0) throw new TypeError('baked mask data is not base64 (length not a multiple of 4). Bake the mask again.');
    const pad = s.endsWith('==') ? 2 : s.endsWith('=') ? 1 : 0;
    const out = new Uint8Array((s.length / 4) * 3 - pad);
    let o = 0;
    for (let i = 0; i < s.length; i += 4) {
        let n = 0;
        for (let k = 0; k < 4; k++) {
            const ch = s.charCodeAt(i + k);
            const v = ch === 61 && i + k >= s.length - pad ? 0 : ch < 128 ? LOOKUP[ch] : -1;
            if (v < 0) throw new TypeError('baked mask data is not base64 (bad character). Bake the mask again.');
            n = (n << 6) | v;
        }
        if (o < out.length) out[o++] = n >>> 16;
        if (o < out.length) out[o++] = (n >>> 8) & 255;
        if (o < out.length) out[o++] = n & 255;
    }
    return out;
}
