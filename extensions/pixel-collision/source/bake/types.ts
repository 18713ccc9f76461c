/** Public types of the baking module (see index.ts). */

/** Where the generated library goes, relative to the project folder. */
export const DEFAULT_OUT = 'assets/pixel-collision-masks/pixel-masks.ts';
/** Optional project settings (JSON, where Creator keeps an extension's project settings): `{ "thresholds": [0, 64], "out": "assets/.../pixel-masks.ts" }`. */
export const CONFIG_FILE = 'settings/v2/packages/pixel-collision.json';
/** The incremental cache, in Creator's per-project temp folder (not committed). */
export const CACHE_FILE = 'temp/pixel-collision/bake-cache.json';

export interface BakeOptions {
    /** Thresholds to bake besides those the project's scenes / prefabs use and the config's (default [0]). */
    thresholds?: number[];
    /** Called with one line per texture read or skipped, and per error. */
    onProgress?: (line: string) => void;
    /** Output script path relative to the project (default: the config's `out`, else DEFAULT_OUT). */
    out?: string;
    /** Ignore the cache: decode every image again. */
    force?: boolean;
    /** Bake every sprite frame of the project, not only those PixelColliders can show (as `"bakeAll": true` in the settings). */
    all?: boolean;
}

/** A sprite frame the bake left out (not shown by any PixelCollider; see `BakeReport.leftOut`). */
export interface LeftOutFrame {
    uuid: string;
    name: string;
    /** The meta that declares it (relative to the project). */
    file: string;
    reason: string;
}

/** One problem with one file; the bake goes on with the others. */
export interface BakeError {
    /** Path relative to the project folder. */
    file: string;
    message: string;
}

export interface BakeReport {
    /** PNG files decoded in this run. */
    texturesRead: number;
    /** PNG files whose masks came from the cache (PNG and metas unchanged). */
    texturesSkipped: number;
    /** Sprite frames with masks in the library. */
    framesBaked: number;
    /**
     * Whole atlas pages of Spine / DragonBones characters with masks in the library (each an entry
     * per threshold keyed by its texture's uuid and region 0, 0, W, H); absent in older reports.
     */
    pages?: number;
    /** Library entries (frames x thresholds). */
    masks: number;
    /** The thresholds baked, ascending. */
    thresholds: number[];
    /** Absolute path of the generated library script. */
    output: string;
    /** Whether the library file was (re)written (false when its bytes were already the same). */
    written: boolean;
    errors: BakeError[];
    /**
     * Images that could not be read this time whose frames' masks were kept from the previous
     * library (settings `"onUnreadable": "keep"`, the default); each is also in `errors`.
     */
    kept: KeptMasks[];
    /** Images (relative to the project) that could not be read or decoded this time; each is also in `errors`. */
    unreadable: string[];
    /** Frames left out because no PixelCollider can show them (empty with `all` / `"bakeAll"`, and for a frames bake). */
    leftOut?: LeftOutFrame[];
    /** Every library script written or checked (absolute): the main one, then one per Asset Bundle with frames. */
    outputs?: string[];
    /** What became of each library script (the same ones as `outputs`, in that order). */
    libraries?: LibraryState[];
}

/** One library script after a bake: rewritten ('wrote', its bytes changed) or already those bytes ('up to date'). */
export interface LibraryState {
    /** Absolute path. */
    path: string;
    state: 'wrote' | 'up to date';
    /** Library entries (frames x thresholds) in it. */
    masks: number;
}

/** Masks kept from the previous library for one image that could not be read. */
export interface KeptMasks {
    /** The image, relative to the project. */
    file: string;
    frames: number;
    masks: number;
}
