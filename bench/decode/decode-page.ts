/** Page script of bench/decode/decode.bench.ts: decoding at once, and ahead within a budget, on `window`. */
import { CompactLibraryIndex, decodeMaskCode, MaskPrefetcher } from '../../extensions/pixel-collision/assets/core/index';

const now = (): number => performance.now();

(window as unknown as Record<string, unknown>).pcDecode = {
    /** Milliseconds of each of `runs` decodes of one code at once (what a first use cost before). */
    atOnce(code: string, w: number, h: number, runs: number): number[] {
        const out: number[] = [];
        for (let i = 0; i < runs; i++) {
            const t = now();
            decodeMaskCode(code, w, h);
            out.push(now() - t);
        }
        return out;
    },
    /**
     * A library registered, then one prefetch step a frame with `budgetMs`; the frame's collider
     * appears after `appearAfter` frames (Infinity: once the prefetch is done) and takes its mask.
     * Returns each step's milliseconds and what the hand-over cost.
     */
    ahead(groups: string[], uuid: string, budgetMs: number, appearAfter: number): { steps: number[]; takeMs: number; bits: number } {
        const index = new CompactLibraryIndex(groups);
        const p = new MaskPrefetcher();
        p.options.budgetMs = budgetMs;
        p.add(index);
        const steps: number[] = [];
        while (p.busy && steps.length < appearAfter) {
            const t = now();
            p.step(now);
            steps.push(now() - t);
        }
        const e = index.byUuid(uuid, 0)!;
        const t = now();
        const m = p.take(e) ?? decodeMaskCode(e.code, e.rect[2], e.rect[3]);
        const takeMs = now() - t;
        let bits = 0;
        for (let i = 0; i < m.bits.length; i++) bits = (bits + m.bits[i]) | 0;
        return { steps, takeMs, bits };
    },
};
