/**
 * The atlas pages of Spine and DragonBones characters, found the way Creator 3.8's importers find
 * them (their metas name neither atlas nor texture: `userData` is empty, checked in
 * cocos/cocos-test-projects v3.8.4, e.g. `spineboy-pro.json.meta`, `mecha_1502b_tex.json.meta`):
 *
 * ```
 *   Spine      hero.json / hero.skel (importer "spine-data", an sp.SkeletonData)
 *                -> its atlas: the first of hero.atlas, hero.txt, hero.atlas.txt, hero next to it
 *                -> each page named in the atlas text, in the atlas's folder (hero.png, hero2.png)
 *   DragonBones hero_tex.json (importer "dragonbones-atlas", a DragonBonesAtlasAsset)
 *                -> its "imagePath", relative to its folder (hero_tex.png)
 * ```
 *
 * The runtime draws a skeleton with the page's Texture2D, the image's texture sub-asset
 * (`<image uuid>@6c48a`), so a page is baked whole under that uuid (see `PageInfo`).
 */
import { posix } from 'node:path';
import { imageKindOf } from './project';
import type { ImageInfo, Problem, SkeletonFormat } from './project';

/** A skeleton asset of the project (from its meta). */
export interface SkeletonAsset {
    /** The skeleton file (Spine `.json` / `.skel`, DragonBones `_tex.json`), project-relative. */
    file: string;
    uuid: string;
    format: SkeletonFormat;
}

/** One page of a skeleton's atlas: the image it names, and the atlas file that names it. */
export interface SkeletonPage {
    /** The page image, project-relative. */
    png: string;
    /** The atlas file (Spine `.atlas`; for DragonBones the `_tex.json` itself). */
    atlas: string;
}

/** Where Spine's atlas may be, after the skeleton's name without its extension (the importer's order). */
export const SPINE_ATLAS_SUFFIXES = ['.atlas', '.txt', '.atlas.txt', ''];

/**
 * The page names of a Spine atlas (libGDX text format, Spine 3.8 and 4.x): a page begins at the
 * first line and after every blank line with its image's file name, followed by `key: value`
 * lines (`size`, `format`, `filter`, `repeat`, `pma`), then its regions. Throws a short reason
 * when the text is not such an atlas (binary, no page, a page name that is not an image file, a
 * page without entries, a `size` that is not two integers).
 */
export function spineAtlasPages(text: string): string[] {
    if (text.indexOf('\u0000') >= 0) throw new Error('it is not text');
    const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
    const pages: string[] = [];
    let expectPage = true, entries = -1, pageLine = 0;
    const close = (): void => {
        if (entries === 0) throw new Error(`page "${pages[pages.length - 1]}" (line ${pageLine}) has no entries (size, format, filter...)`);
    };
    for (let n = 0; n < lines.length; n++) {
        const t = lines[n].trim();
        if (!t) { close(); expectPage = true; entries = -1; continue; }
        if (expectPage) {
            if (t.indexOf(':') >= 0 || !imageKindOf(t)) throw new Error(`line ${n + 1} should name a page image (like "hero.png"), got "${t.slice(0, 40)}"`);
            pages.push(t);
            pageLine = n + 1;
            expectPage = false;
            entries = 0;
            continue;
        }
        const c = t.indexOf(':');
        if (entries >= 0 && c > 0) {
            const key = t.slice(0, c).trim();
            if (key === 'size' && !/^\d+\s*,\s*\d+$/.test(t.slice(c + 1).trim())) throw new Error(`line ${n + 1}: the page size "${t.slice(c + 1).trim().slice(0, 20)}" is not two integers`);
            entries++;
        } else {
            close();
            entries = -1; // regions follow
        }
    }
    close();
    if (!pages.length) throw new Error('it names no page');
    return pages;
}

/** The `imagePath` of a DragonBones texture atlas (`_tex.json`); throws a short reason when it has none. */
export function dragonBonesImagePath(text: string): string {
    let json: unknown;
    try { json = JSON.parse(text.replace(/^\uFEFF/, '')); } catch (err) { throw new Error(`it is not JSON (${(err as Error).message})`); }
    const p = json && typeof json === 'object' && !Array.isArray(json) ? (json as { imagePath?: unknown }).imagePath : undefined;
    if (typeof p !== 'string' || !p.trim()) throw new Error('it has no "imagePath" (the name of its texture image)');
    return p.trim();
}

/** The Spine atlas of a skeleton file, by the importer's rule (null when there is none). */
export function findSpineAtlas(skeleton: string, files: ReadonlySet<string>): string | null {
    const dot = skeleton.lastIndexOf('.');
    const base = dot > skeleton.lastIndexOf('/') ? skeleton.slice(0, dot) : skeleton;
    for (const s of SPINE_ATLAS_SUFFIXES) if (base + s !== skeleton && files.has(base + s)) return base + s;
    return null;
}

/**
 * The image a page name points at, from the atlas's folder: the name as a relative path, else its
 * last segment (Creator's Spine importer resolves the base name). An image counts when it is in
 * the project or only its `.meta` is (a deleted image: reported when it is baked).
 */
export function resolvePageImage(atlas: string, name: string, files: ReadonlySet<string>): string | null {
    const dir = posix.dirname(atlas);
    const clean = name.replace(/\\/g, '/');
    for (const cand of [posix.normalize(posix.join(dir, clean)), posix.join(dir, posix.basename(clean))]) {
        if (cand.startsWith('../') || !cand.startsWith('assets/')) continue;
        if (files.has(cand) || files.has(cand + '.meta')) return cand;
    }
    return null;
}

/**
 * The pages of one skeleton asset. `readText` gives a file's parsed page names (cached by the
 * caller), throwing a reason when they cannot be read. Problems are returned, not reported: the
 * caller reports them only for skeletons it bakes.
 */
export function skeletonPages(s: SkeletonAsset, files: ReadonlySet<string>, readPages: (rel: string, format: SkeletonFormat) => string[]): { pages: SkeletonPage[]; problems: Problem[] } {
    const problems: Problem[] = [];
    const pages: SkeletonPage[] = [];
    const what = s.format === 'spine' ? 'Spine skeleton' : 'DragonBones atlas';
    let atlas = s.file;
    if (s.format === 'spine') {
        const found = findSpineAtlas(s.file, files);
        if (!found) {
            const base = s.file.slice(0, s.file.lastIndexOf('.'));
            const tried = SPINE_ATLAS_SUFFIXES.map((x) => posix.basename(base + x)).join(', ');
            problems.push({ file: s.file, message: `this Spine skeleton has no atlas next to it (looked for ${tried}), so its atlas pages are not baked: its colliders have no masks where pixels cannot be read. Put the atlas Spine exported with it there, with the skeleton's name, and reimport it in Creator.` });
            return { pages, problems };
        }
        atlas = found;
    }
    let names: string[];
    try {
        names = readPages(atlas, s.format);
    } catch (err) {
        const of = s.format === 'spine' ? ` (the atlas of ${s.file})` : '';
        problems.push({ file: atlas, message: `cannot be read as a ${s.format === 'spine' ? 'Spine atlas' : 'DragonBones texture atlas'}${of}: ${(err as Error).message}. Its pages are not baked; export it again${s.format === 'spine' ? ' from Spine' : ' from DragonBones'} and reimport it in Creator.` });
        return { pages, problems };
    }
    const seen = new Set<string>();
    for (const name of names) {
        const png = resolvePageImage(atlas, name, files);
        if (!png) {
            problems.push({ file: atlas, message: `the ${what} ${s.format === 'spine' ? `${s.file} uses page` : 'names its image'} "${name}", which is not in ${posix.dirname(atlas)}/: that page is not baked${names.length > 1 ? ' (the others are)' : ''}. Put the image next to the atlas and reimport it in Creator.` });
            continue;
        }
        if (!seen.has(png)) { seen.add(png); pages.push({ png, atlas }); }
    }
    return { pages, problems };
}

/** The page image's info for baking, or a problem (null when the image's own error is already reported). */
export function pageImage(page: SkeletonPage, s: SkeletonAsset, images: ReadonlyMap<string, ImageInfo>, files: ReadonlySet<string>): ImageInfo | Problem | null {
    const img = images.get(page.png);
    if (!img) {
        // in the project but not usable as an image (no meta, a meta that is not an image's): that is reported on its own
        if (files.has(page.png) || files.has(page.png + '.meta')) return null;
        return { file: page.atlas, message: `page ${page.png} of ${s.file} is missing.` };
    }
    if (!img.texture) return { file: img.metas[0], message: `the page image of ${s.file} has no texture sub-asset in its meta; reimport it in Creator.` };
    return img;
}
