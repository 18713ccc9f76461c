/**
 * The generated library script. Creator compiles every script under `assets/` into the game and
 * runs it when its bundle loads (the main bundle loads before the first scene), so a script whose
 * top level calls `PixelMasks.addLibrary` gives every collider its baked masks with nothing to
 * wire, on every platform, without a resources bundle or a load call.
 */
import { createHash } from 'crypto';
import {
    buildLibraryGroups, checkLibrary, decodeEntry, encodeBase64, encodeMaskCode, decodeMaskCode, libraryGroups, readLibraryGroups,
    MASK_LIBRARY_COMPACT_VERSION, MASK_LIBRARY_FORMAT,
} from '../../assets/core/index';
import type { BakedMaskEntry } from '../../assets/core/index';

/**
 * A library entry in the bake: `code` (the compact mask code, core/mask-code.ts) and/or `data`
 * (version 1's base64 of `BitMask.serialize()`); the script is written with codes.
 */
export type LibraryEntry = Omit<BakedMaskEntry, 'data'> & { data?: string; code?: string };

const BEGIN = '/* pixel-collision-masks: begin */';
const END = '/* pixel-collision-masks: end */';

/**
 * The script's text for `entries`: a compact (version 2) library, one group per texture and
 * declaring asset, one group a line, in a fixed order (same entries, same bytes).
 */
export function renderLibraryScript(entries: readonly LibraryEntry[], outRel: string): string {
    const lines = buildLibraryGroups(entries.map((e) => ({
        uuid: e.uuid, texture: e.texture, rect: e.rect, rotated: !!e.rotated, threshold: e.threshold,
        code: e.code ?? encodeMaskCode(decodeEntry(e as BakedMaskEntry)),
    })));
    return [
        '// Baked pixel-collision masks. Generated: do not edit, bake again instead (Pixel Collision >',
        '// Bake Masks in the editor, `npx pixel-collision bake <project>`, or any build, which bakes first).',
        '// Commit it with the project. It runs when the game starts and hands the masks to the runtime, so',
        '// colliders find them without reading textures (native and mini-game builds cannot read them).',
        "import { PixelMasks } from 'db://pixel-collision/runtime/index';",
        '',
        `const library = ${BEGIN} {`,
        `"format": ${JSON.stringify(MASK_LIBRARY_FORMAT)},`,
        `"version": ${MASK_LIBRARY_COMPACT_VERSION},`,
        // One string, a group a line: "\n" ends each group and a backslash continues the string on
        // the next line (a browser evaluates one long string faster than as many strings as groups).
        `"groups": "${lines.join('\\n\\\n')}"`,
        `} ${END};`,
        '',
        `PixelMasks.addLibrary(library, ${JSON.stringify(`baked masks (${outRel})`)});`,
        '',
    ].join('\n');
}

/**
 * The entries of a script written by {@link renderLibraryScript} (or by an earlier version, in the
 * version 1 form); throws when it is not one. Each entry has `data` (version 1's form; from a
 * compact library decoded when first read) and, from a compact library, its `code` too.
 */
export function parseLibraryScript(text: string): (BakedMaskEntry & { code?: string })[] {
    const a = text.indexOf(BEGIN), b = text.indexOf(END);
    if (a < 0 || b < a) throw new Error('it is not a baked mask library script (markers missing)');
    // JSON once the string's line continuations (backslash, newline) are taken out
    const json = JSON.parse(text.slice(a + BEGIN.length, b).replace(/\\\r?\n/g, '')) as { version?: unknown; groups?: unknown };
    if (json && json.version === MASK_LIBRARY_COMPACT_VERSION && (typeof json.groups === 'string' || Array.isArray(json.groups))) {
        checkLibrary({ ...json, groups: [] }, 'the baked mask library');
        return readLibraryGroups(libraryGroups(json.groups) ?? [], 'the baked mask library').map((e) => {
            const out = { texture: e.texture, rect: e.rect, rotated: e.rotated, threshold: e.threshold, code: e.code } as BakedMaskEntry & { code: string };
            if (e.uuid !== undefined) out.uuid = e.uuid;
            // version 1's form, made only when asked for (a frames bake keeps thousands of entries as they are)
            let data: string | undefined;
            Object.defineProperty(out, 'data', {
                enumerable: true,
                get: () => (data ??= encodeBase64(decodeMaskCode(e.code, e.rect[2], e.rect[3]).serialize())),
            });
            return out;
        });
    }
    return checkLibrary(json, 'the baked mask library').map(normalize);
}

function normalize(e: BakedMaskEntry): BakedMaskEntry {
    const out: BakedMaskEntry = {} as BakedMaskEntry;
    if (e.uuid) out.uuid = e.uuid;
    out.texture = e.texture;
    out.rect = [e.rect[0], e.rect[1], e.rect[2], e.rect[3]];
    out.rotated = !!e.rotated;
    out.threshold = e.threshold;
    if (e.frame !== undefined) out.frame = e.frame;
    out.data = e.data;
    return out;
}

/**
 * A new script meta (Creator 3.8's `typescript` importer) for the script at `rel` (project-relative,
 * forward slashes); written once, so its uuid stays.
 */
export function scriptMeta(rel: string): string {
    return JSON.stringify({ ver: '4.0.24', importer: 'typescript', imported: true, uuid: uuidForPath(rel), files: [], subMetas: {}, userData: {} }, null, 2) + '\n';
}

/** A new folder meta (Creator 3.8's `directory` importer) for the folder at `rel`. */
export function folderMeta(rel: string): string {
    return JSON.stringify({ ver: '1.2.0', importer: 'directory', imported: true, uuid: uuidForPath(rel), files: [], subMetas: {}, userData: {} }, null, 2) + '\n';
}

/**
 * The uuid of a generated asset: RFC 4122 version-4 shaped, from the SHA-1 of a fixed namespace
 * and the asset's project-relative path, so every clone of a project (a build server, another
 * developer) bakes the same bytes. Two assets of one project never share a path, so never a uuid.
 * (Not `crypto.randomUUID`, which Creator 3.8's Node 14.16 does not have, and not random at all.)
 */
export function uuidForPath(rel: string): string {
    const b = createHash('sha1').update(`pixel-collision generated asset:${rel.split('\\').join('/')}`).digest().subarray(0, 16);
    b[6] = (b[6] & 0x0f) | 0x40;
    b[8] = (b[8] & 0x3f) | 0x80;
    const h = b.toString('hex');
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
