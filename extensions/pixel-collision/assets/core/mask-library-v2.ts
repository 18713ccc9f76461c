/**
 * Mask library version 2: the compact form the bake writes (version 1 libraries still load; see
 * mask-library.ts). The masks are grouped by texture and by the asset that declares the frames
 * (an image, or an atlas `.plist`), one string per group, so that registering a library only
 * indexes groups by uuid and nothing is decoded until a collider needs a mask:
 *
 * ```json
 * { "format": "pixel-collision-masks", "version": 2,
 *   "groups": "<group>\n<group>\n..." }      (or an array of group strings)
 *
 * group:   <texture>|<frames' base uuid, or empty: the texture's>|<entry>|<entry>...
 *
 * entry:   <sub id> <rect> [<threshold>:]<mask code> [<threshold>:<mask code> ...]
 * e.g.     6e02cxh+61BgKvc7BX6ssJt|| AANJA eWv8IBy0 127:eoeEQpDe3Rwg
 *          (image 6e02cc61-fbad-...'s own frame @f9941 on its texture @6c48a, rect 0,0,13,9 not
 *          rotated, masks at thresholds 0 and 127)
 * ```
 *
 * - uuids are written in Creator's compressed form (23 characters, as scenes name script classes:
 *   the first 5 hex digits, then base64); a uuid that is not in the standard 8-4-4-4-12 hex form
 *   is written as `!` + itself;
 * - a texture is `<image>` for `<image>@6c48a` (an image's texture in Creator 3.8), else
 *   `<image>@<sub id>`, or `<image>@` for a texture uuid without a sub id;
 * - a frame's uuid is `<base>@<sub id>` (`<atlas plist>@<id>` for an atlas frame); sub id empty
 *   stands for `f9941` (an image's own frame, `<image>@f9941`), `~` for a uuid without a sub id,
 *   `*` for a frame without a uuid (made in code);
 * - `<rect>`: x, y, w, h as in version 1 (the frame's upright size, at its place in its source
 *   texture), then 1 when the frame is stored rotated (else 0): five numbers, each in base64
 *   digits (`A-Z a-z 0-9 - _`) of 5 bits, most significant first, every digit but the last + 32
 *   (so 0-31 take one character, up to 1023 two);
 * - a mask code without `<threshold>:` is at threshold 0; the code is mask-code.ts's (width and
 *   height are the rect's).
 */
import { BitMask } from './bitmask';
import { ALPHABET, decodeMaskCode, LOOKUP } from './mask-code';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const B64_VALUE = new Int16Array(128).fill(-1);
for (let i = 0; i < 64; i++) B64_VALUE[B64.charCodeAt(i)] = i;
const HEX = '0123456789abcdef';

/** Creator's compressed uuid (23 characters) of a standard uuid; anything else as `!` + itself. */
export function compressUuidBase(uuid: string): string {
    if (!UUID_RE.test(uuid)) return '!' + uuid;
    const hex = uuid.replace(/-/g, '').toLowerCase();
    let out = hex.slice(0, 5);
    for (let i = 5; i < 32; i += 3) {
        const v = parseInt(hex.slice(i, i + 3), 16);
        out += B64[v >> 6] + B64[v & 63];
    }
    return out;
}

/** The inverse of {@link compressUuidBase}. */
export function decompressUuidBase(s: string): string {
    if (s.charCodeAt(0) === 33) return s.slice(1);
    if (s.length !== 23) throw new TypeError(`"${s}" is not a compressed uuid. Bake the masks again.`);
    let hex = s.slice(0, 5);
    for (let i = 5; i < 23; i += 2) {
        const a = s.charCodeAt(i), b = s.charCodeAt(i + 1);
        const v = ((a < 128 ? B64_VALUE[a] : -1) << 6) | (b < 128 ? B64_VALUE[b] : -1);
        if (v < 0) throw new TypeError(`"${s}" is not a compressed uuid. Bake the masks again.`);
        hex += HEX[v >> 8] + HEX[(v >> 4) & 15] + HEX[v & 15];
    }
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The sub id of an image's texture and of its own sprite frame (Creator 3.8). */
const TEXTURE_SUB = '6c48a';
const FRAME_SUB = 'f9941';

/** A texture uuid as a group writes it (see the file header). */
function compressTexture(id: string): string {
    const at = id.indexOf('@');
    if (at < 0) return compressUuidBase(id) + '@';
    const sub = id.slice(at + 1);
    return compressUuidBase(id.slice(0, at)) + (sub === TEXTURE_SUB ? '' : '@' + sub);
}

function decompressTexture(id: string): string {
    const at = id.indexOf('@');
    if (at < 0) return decompressUuidBase(id) + '@' + TEXTURE_SUB;
    return decompressUuidBase(id.slice(0, at)) + (at === id.length - 1 ? '' : id.slice(at));
}

/** A library entry with its version 2 mask code (instead of version 1's `data`). */
export interface CodedMaskEntry {
    uuid?: string;
    texture: string;
    rect: [number, number, number, number];
    rotated: boolean;
    threshold: number;
    /** mask-code.ts's text. */
    code: string;
}

/** Characters a uuid may not have: separators, and what a JS string or JSON would escape. */
const SAFE = /^[^|\s"'`$\\]*$/;

/**
 * A version 2 library's `groups` as an array: the bake writes one string of groups separated by
 * `\n` (a browser evaluates one long string faster than many); an array of strings is taken as it
 * is. Null when it is neither.
 */
export function libraryGroups(groups: unknown): string[] | null {
    if (typeof groups === 'string') return groups ? groups.split('\n') : [];
    if (Array.isArray(groups) && groups.every((g) => typeof g === 'string')) return groups as string[];
    return null;
}

/** Numbers >= 0 in base64 digits of 5 bits, every digit but a number's last + 32. */
function writeNumbers(values: readonly number[]): string {
    let out = '';
    for (const v of values) {
        let n = 1;
        while (v >= 2 ** (5 * n)) n++;
        for (let i = n - 1; i >= 0; i--) out += ALPHABET[(Math.floor(v / 2 ** (5 * i)) & 31) + (i > 0 ? 32 : 0)];
    }
    return out;
}

/** The numbers in `text` (see {@link writeNumbers}), or null when it is not such a list. */
function readNumbers(text: string): number[] | null {
    const out: number[] = [];
    let v = 0, open = false;
    for (let i = 0; i < text.length; i++) {
        const ch = text.charCodeAt(i);
        const d = ch < 128 ? LOOKUP[ch] : -1;
        if (d < 0 || v > 2 ** 40) return null;
        v = v * 32 + (d & 31);
        if (d < 32) { out.push(v); v = 0; open = false; } else open = true;
    }
    return open ? null : out;
}

/**
 * The `groups` of a version 2 library for `entries` (each with a mask `code`), deterministic:
 * groups sorted by texture then frame base, entries by sub id then rect, thresholds ascending.
 */
export function buildLibraryGroups(entries: readonly CodedMaskEntry[]): string[] {
    const groups = new Map<string, Map<string, string[]>>();
    for (const e of entries) {
        if (!SAFE.test(e.texture) || (e.uuid !== undefined && !SAFE.test(e.uuid))) {
            throw new TypeError(`uuid "${e.uuid ?? e.texture}" contains "|", white space, a quote, "$" or "\\"; it cannot be written in a mask library.`);
        }
        const tex = compressTexture(e.texture);
        const texBase = tex.indexOf('@') < 0 ? tex : tex.slice(0, tex.indexOf('@'));
        let base = '', sub = '*';
        if (e.uuid) {
            const at = e.uuid.indexOf('@');
            const b = compressUuidBase(at < 0 ? e.uuid : e.uuid.slice(0, at));
            sub = at < 0 ? '~' : e.uuid.slice(at + 1);
            if (sub === FRAME_SUB) sub = '';
            else if (sub === '' || sub === '~' || sub === '*') throw new TypeError(`sprite frame uuid "${e.uuid}" cannot be written in a mask library.`);
            base = b === texBase ? '' : b;
        }
        const key = `${tex}|${base}`;
        let g = groups.get(key);
        if (!g) { g = new Map(); groups.set(key, g); }
        const r = e.rect;
        for (const v of r) if (!Number.isInteger(v) || v < 0) throw new RangeError(`sprite frame ${e.uuid ?? e.texture} has a bad rect ${JSON.stringify(r)}.`);
        const head = `${sub} ${writeNumbers([r[0], r[1], r[2], r[3], e.rotated ? 1 : 0])}`;
        let list = g.get(head);
        if (!list) { list = []; g.set(head, list); }
        list.push(e.threshold === 0 ? e.code : `${e.threshold}:${e.code}`);
    }
    const out: string[] = [];
    for (const key of [...groups.keys()].sort()) {
        const g = groups.get(key)!;
        const items = [...g.keys()].sort().map((head) => {
            const list = g.get(head)!.sort((a, b) => (a.indexOf(':') < 0 ? 0 : parseInt(a, 10)) - (b.indexOf(':') < 0 ? 0 : parseInt(b, 10)));
            return `${head} ${list.join(' ')}`;
        });
        out.push(`${key}|${items.join('|')}`);
    }
    return out;
}

/** Every entry of a version 2 library's groups (uuids in full form). Throws on a malformed group. */
export function readLibraryGroups(groups: readonly string[], name = 'mask library'): CodedMaskEntry[] {
    const out: CodedMaskEntry[] = [];
    for (const g of groups) parseGroup(g, name, out);
    return out;
}

function parseGroup(g: string, name: string, out: CodedMaskEntry[]): void {
    const parts = g.split('|');
    if (parts.length < 3) throw new TypeError(`${name} has a malformed group "${g.slice(0, 40)}". Bake the masks again.`);
    const texture = decompressTexture(parts[0]);
    const at = parts[0].indexOf('@');
    const base = decompressUuidBase(parts[1] || (at < 0 ? parts[0] : parts[0].slice(0, at)));
    for (let i = 2; i < parts.length; i++) {
        const f = parts[i].split(' ');
        if (f.length < 3) throw new TypeError(`${name} has a malformed entry "${parts[i].slice(0, 40)}". Bake the masks again.`);
        const rect = readNumbers(f[1]);
        if (!rect || rect.length !== 5 || rect[2] < 1 || rect[3] < 1 || rect[4] > 1) {
            throw new TypeError(`${name} has an entry with a bad rect "${f[1]}". Bake the masks again.`);
        }
        const x = rect[0], y = rect[1], w = rect[2], h = rect[3];
        const uuid = f[0] === '*' ? undefined : f[0] === '~' ? base : `${base}@${f[0] || FRAME_SUB}`;
        for (let k = 2; k < f.length; k++) {
            const c = f[k].indexOf(':');
            const threshold = c < 0 ? 0 : +f[k].slice(0, c);
            if (c === 0 || !Number.isInteger(threshold) || threshold < 0 || threshold > 255) throw new TypeError(`${name} has an entry with a bad threshold "${f[k].slice(0, 12)}". Bake the masks again.`);
            const e: CodedMaskEntry = { texture, rect: [x, y, w, h], rotated: rect[4] === 1, threshold, code: f[k].slice(c + 1) };
            if (uuid !== undefined) e.uuid = uuid;
            out.push(e);
        }
    }
}

/** Decodes a version 2 entry's mask. */
export function decodeCodedEntry(e: CodedMaskEntry): BitMask {
    return decodeMaskCode(e.code, e.rect[2], e.rect[3]);
}

/**
 * The index of one version 2 library: registering it costs one pass over its group strings
 * (reading each group's frame base up to its second `|`); a group is split into entries the first
 * time one of its frames is looked up, and a mask is decoded only by {@link decodeCodedEntry}.
 */
export class CompactLibraryIndex {
    /** Compressed frame base -> group indices (later groups first). */
    private readonly _byBase = new Map<string, number | number[]>();
    private readonly _parsed: (CodedMaskEntry[] | undefined)[];
    /** Texture as written -> group indices, made by the first lookup by region (group headers only). */
    private _byTexture: Map<string, number[]> | null = null;

    constructor(private readonly _groups: readonly string[], private readonly _name = 'mask library') {
        this._parsed = new Array(_groups.length);
        for (let i = 0; i < _groups.length; i++) {
            const g = _groups[i];
            if (typeof g !== 'string') throw new TypeError(`${_name} has a group that is not a string. Bake the masks again.`);
            const a = g.indexOf('|');
            const b = g.indexOf('|', a + 1);
            if (a < 1 || b < 0) throw new TypeError(`${_name} has a malformed group "${g.slice(0, 40)}". Bake the masks again.`);
            let base = g.slice(a + 1, b);
            if (!base) {
                const at = g.indexOf('@');
                base = g.slice(0, at >= 0 && at < a ? at : a);
            }
            const prev = this._byBase.get(base);
            this._byBase.set(base, prev === undefined ? i : typeof prev === 'number' ? [i, prev] : [i, ...prev]);
        }
    }

    /** Groups in the library. */
    get size(): number {
        return this._groups.length;
    }

    /** The entries of group `i` (0 <= i < {@link size}), split on first use. */
    entriesOf(i: number): readonly CodedMaskEntry[] {
        return this._group(i);
    }

    /** The entry of the sprite frame with this uuid at this threshold (later entries win). */
    byUuid(uuid: string, threshold: number): CodedMaskEntry | undefined {
        const at = uuid.indexOf('@');
        const base = compressUuidBase(at < 0 ? uuid : uuid.slice(0, at));
        const hit = this._byBase.get(base);
        if (hit === undefined) return undefined;
        if (typeof hit === 'number') return find(this._group(hit), uuid, threshold);
        for (const i of hit) {
            const e = find(this._group(i), uuid, threshold);
            if (e) return e;
        }
        return undefined;
    }

    /**
     * The entry of a source region at a threshold (frames made in code, which have no uuid): the
     * first such lookup reads every group's texture (not its entries); then only the groups of
     * that texture are split.
     */
    byRegion(texture: string, x: number, y: number, w: number, h: number, rotated: boolean, threshold: number): CodedMaskEntry | undefined {
        if (!this._byTexture) {
            const m = new Map<string, number[]>();
            for (let i = 0; i < this._groups.length; i++) {
                const g = this._groups[i];
                const t = g.slice(0, g.indexOf('|'));
                const list = m.get(t);
                if (list) list.push(i); else m.set(t, [i]);
            }
            this._byTexture = m;
        }
        const list = this._byTexture.get(compressTexture(texture));
        if (!list) return undefined;
        for (let n = list.length - 1; n >= 0; n--) {
            const group = this._group(list[n]);
            for (let i = group.length - 1; i >= 0; i--) {
                const e = group[i];
                if (e.threshold === threshold && e.rotated === rotated && e.rect[0] === x && e.rect[1] === y && e.rect[2] === w && e.rect[3] === h) return e;
            }
        }
        return undefined;
    }

    private _group(i: number): CodedMaskEntry[] {
        let p = this._parsed[i];
        if (!p) {
            p = [];
            parseGroup(this._groups[i], this._name, p);
            this._parsed[i] = p;
        }
        return p;
    }
}

function find(list: readonly CodedMaskEntry[], uuid: string, threshold: number): CodedMaskEntry | undefined {
    for (let i = list.length - 1; i >= 0; i--) {
        const e = list[i];
        if (e.threshold === threshold && e.uuid === uuid) return e;
    }
    return undefined;
}

