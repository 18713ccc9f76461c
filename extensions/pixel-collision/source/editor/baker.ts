/**
 * The editor's view of the baking module (source/bake/index.ts): the two calls the menu and the
 * inspector's Bake button make, and the report they get back. Node only.
 */

/** What the bake is asked to do besides its defaults (a subset of the baking module's options). */
export interface BakeCallOptions {
    /** Thresholds to bake besides those the project's scenes and prefabs use. */
    thresholds?: number[];
    /** One line per texture read or skipped, and per error. */
    onProgress?: (line: string) => void;
}

/** One problem with one file (the bake goes on with the others). */
export interface BakeFileError {
    /** Path relative to the project folder. */
    file: string;
    message: string;
}

/** What a bake did. */
export interface BakeSummary {
    texturesRead: number;
    texturesSkipped: number;
    framesBaked: number;
    masks: number;
    thresholds: number[];
    /** Absolute path of the generated library. */
    output: string;
    /** False when the library's bytes were already the same. */
    written: boolean;
    errors: BakeFileError[];
}

/** Coalesces bursts of asset changes into one bake at a time (the baking module's `createBakeScheduler`). */
export interface BakeScheduler {
    schedule(): void;
    idle(): Promise<void>;
    dispose(): void;
}

export interface Baker {
    bakeProject(projectDir: string, opts?: BakeCallOptions): Promise<BakeSummary>;
    bakeFrames(projectDir: string, frameUuids: string[], opts?: BakeCallOptions): Promise<BakeSummary>;
    /** Re-baking while the editor runs; absent in a baking module without it (then nothing re-bakes on changes). */
    createBakeScheduler?(bake: () => Promise<unknown>, delayMs?: number, onError?: (err: unknown) => void): BakeScheduler;
}

/**
 * The baking module, loaded on first use (it reads PNGs: no reason to load it with the editor).
 * A static require, so a bundler follows it.
 */
export function loadBaker(): Baker {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    return require('../bake/index') as Baker;
}
