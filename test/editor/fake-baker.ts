/** A baker double: records its calls, reports progress lines and returns the report it is given. */
import type { Baker, BakeCallOptions, BakeSummary } from '../../extensions/pixel-collision/source/editor/baker';

export interface BakerCall { kind: 'project' | 'frames'; dir: string; frames?: string[]; opts?: BakeCallOptions }

export function report(over: Partial<BakeSummary> = {}): BakeSummary {
    return {
        texturesRead: 3, texturesSkipped: 2, framesBaked: 7, masks: 14, thresholds: [0, 64],
        output: '/projects/game/assets/pixel-collision-masks/pixel-masks.ts', written: true, errors: [], kept: [], unreadable: [], ...over,
    };
}

export function fakeBaker(result: BakeSummary | Error = report(), progress: string[] = ['read assets/hero.png (2 frames)']) {
    const calls: BakerCall[] = [];
    let release: (() => void) | null = null;
    const run = async (call: BakerCall): Promise<BakeSummary> => {
        calls.push(call);
        for (const line of progress) call.opts?.onProgress?.(line);
        if (baker.hold) await new Promise<void>((r) => { release = r; });
        if (result instanceof Error) throw result;
        return result;
    };
    const baker: Baker & { calls: BakerCall[]; hold: boolean; release(): void } = {
        calls,
        hold: false,
        release: () => release?.(),
        bakeProject: (dir, opts) => run({ kind: 'project', dir, opts }),
        bakeFrames: (dir, frames, opts) => run({ kind: 'frames', dir, frames, opts }),
    };
    return baker;
}
