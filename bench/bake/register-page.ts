/** Page script of bench/bake/bake.bench.ts: the library index and version 1's registration, on `window`. */
import { checkLibrary, bakedKey, bakedUuidKey, CompactLibraryIndex, libraryGroups } from '../../extensions/pixel-collision/assets/core/index';

(window as unknown as Record<string, unknown>).pcRegister = {
    /** Version 2: what PixelMasks.addLibrary does with a compact library. */
    v2(lib: { groups: unknown }): number {
        return new CompactLibraryIndex(libraryGroups(lib.groups)!).size;
    },
    /** Version 1: what PixelMasks.addLibrary did (check every entry, index by region and uuid). */
    v1(lib: unknown): number {
        const byRegion = new Map<string, unknown>(), byUuid = new Map<string, unknown>();
        for (const e of checkLibrary(lib)) {
            byRegion.set(bakedKey(e.texture, e.rect[0], e.rect[1], e.rect[2], e.rect[3], !!e.rotated, e.threshold), e);
            if (e.uuid) byUuid.set(bakedUuidKey(e.uuid, e.threshold), e);
        }
        return byRegion.size;
    },
};
