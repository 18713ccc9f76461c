/**
 * Re-baking while the editor runs: the editor entry calls `schedule()` on every asset change
 * (`asset-db:asset-add` / `asset-change` / `asset-delete` of PNGs, atlases, scenes, prefabs);
 * bursts are coalesced into one bake after `delayMs` of quiet, and a change during a bake runs one
 * more bake after it. Each bake is incremental, so it only decodes what changed.
 */
export interface BakeScheduler {
    /** Asks for a bake `delayMs` from now (a later call moves it later). */
    schedule(): void;
    /** Resolves when no bake is pending or running. */
    idle(): Promise<void>;
    /** Cancels a pending bake (a running one finishes). */
    dispose(): void;
}

export function createBakeScheduler(bake: () => Promise<unknown>, delayMs = 1000, onError: (err: unknown) => void = () => undefined): BakeScheduler {
    let timer: ReturnType<typeof setTimeout> | null = null;
    let running: Promise<void> | null = null;
    let again = false;
    let disposed = false;
    const waiters: (() => void)[] = [];
    const settle = (): void => {
        if (!timer && !running) waiters.splice(0).forEach((w) => w());
    };
    const start = (): void => {
        timer = null;
        if (running) { again = true; return; }
        running = bake().then(() => undefined, onError).then(() => {
            running = null;
            if (again && !disposed) { again = false; start(); } else settle();
        });
    };
    return {
        schedule(): void {
            if (disposed) return;
            if (timer) clearTimeout(timer);
            timer = setTimeout(start, delayMs);
        },
        idle(): Promise<void> {
            return !timer && !running ? Promise.resolve() : new Promise((r) => waiters.push(r));
        },
        dispose(): void {
            disposed = true;
            if (timer) { clearTimeout(timer); timer = null; }
            settle();
        },
    };
}
