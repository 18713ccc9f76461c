/**
 * The editor's view of the baking module (source/bake/index.ts): the two calls the menu and the
 * inspector's Bake button make, and the report they get back. Node only.
 */

import type { BakeOptions, BakeReport, BakeScheduler } from '../bake/index';

/** What the editor asks of a bake besides its defaults (a subset of the baking module's options). */
export type BakeCallOptions = Pick<BakeOptions, 'thresholds' | 'onProgress'>;
/** What a bake did (the baking module's report). */
export type BakeSummary = BakeReport;
export type { BakeScheduler };

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
