/**
 * Decoding large baked masks ahead of time, within a budget per frame.
 *
 * A compact library's mask is decoded the first time a collider shows its frame. For a small
 * sprite that costs microseconds; a large, detailed frame (a 3531 x 1316 background with soft
 * alpha) costs tens of milliseconds, a visible stall in the frame it appears. The prefetcher
 * decodes such masks between frames instead: from the moment a library is registered, each
 * {@link MaskPrefetcher.step} decodes a few rows at a time ({@link MaskCodeReader}) until its
 * time budget is spent, so the mask is ready when its collider appears.
 *
 * ```
 *  register library ──> scan groups ──> queue entries >= minTexels ──> decode rows within budgetMs
 *                                                                          │
 *  collider shows the frame ──> take(entry): ready mask ─┬─ decoded: handed over, nothing to do
 *                                                        ├─ half done: the rest now
 *                                                        └─ not reached: null (decoded by the caller)
 * ```
 *
 * A mask handed over leaves the prefetcher (the caller's cache owns it); a mask taken before the
 * prefetcher reached it is skipped later. At most `maxBytes` of decoded masks wait to be taken.
 */
import { BitMask } from './bitmask';
import { MaskCodeReader } from './mask-code';
import type { CodedMaskEntry, CompactLibraryIndex } from './mask-library-v2';

/** What the prefetcher does (change the fields of {@link MaskPrefetcher.options} at any time). */
export interface PrefetchOptions {
    /** False: nothing is decoded ahead (every mask is decoded when first needed). Default true. */
    enabled: boolean;
    /** Masks of at least this many texels (width x height) are decoded ahead. Default 65,536 (256 x 256). */
    minTexels: number;
    /** Milliseconds of decoding per step (per frame). Default 1. */
    budgetMs: number;
    /** Bytes of decoded masks that may wait to be taken; past it, no more are started. Default 32 MiB. */
    maxBytes: number;
}

/** What {@link MaskPrefetcher.stats} reports. */
export interface PrefetchStats {
    /** Masks decoded ahead and waiting to be taken, and their bytes (the half-decoded one included). */
    ready: number;
    bytes: number;
    /** Masks queued, not started. */
    queued: number;
    /** Masks handed over ready (or half done) so far. */
    taken: number;
    /** Groups of registered libraries not scanned yet. */
    unscanned: number;
}

/** Texels a step decodes between two looks at the clock: starts at 8K, halved or doubled by how long a chunk took. */
const FIRST_CHUNK = 8192;
const MIN_CHUNK = 256;
const MAX_CHUNK = 1 << 17;

export class MaskPrefetcher {
    readonly options: PrefetchOptions = { enabled: true, minTexels: 65536, budgetMs: 1, maxBytes: 32 * 1024 * 1024 };
    private readonly _libs: { index: CompactLibraryIndex; next: number }[] = [];
    private _queue: CodedMaskEntry[] = [];
    private _head = 0;
    private _reader: MaskCodeReader | null = null;
    private _current: CodedMaskEntry | null = null;
    private readonly _ready = new Map<CodedMaskEntry, BitMask>();
    /** Entries taken (or decoded by the caller) before the prefetcher reached them. */
    private _skip = new WeakSet<CodedMaskEntry>();
    private _bytes = 0;
    private _chunk = FIRST_CHUNK;
    private readonly _stats: PrefetchStats = { ready: 0, bytes: 0, queued: 0, taken: 0, unscanned: 0 };

    /** Queues a registered library's large masks (its groups are scanned by later steps). */
    add(index: CompactLibraryIndex): void {
        this._libs.push({ index, next: 0 });
    }

    /** True while a step has something to do. */
    get busy(): boolean {
        if (!this.options.enabled) return false;
        return this._reader !== null || this._head < this._queue.length || this._libs.length > 0;
    }

    /**
     * Decodes for about `options.budgetMs` (as `now` counts milliseconds): scans groups, starts
     * queued masks, decodes rows a chunk at a time. Allocates nothing when there is nothing to do.
     */
    step(now: () => number): void {
        if (!this.busy) return;
        const { budgetMs } = this.options;
        const t0 = now();
        do {
            if (this._reader) {
                const r = this._reader;
                let failed = false;
                const c0 = now();
                try {
                    r.step(Math.max(1, Math.floor(this._chunk / r.rowLength)));
                } catch {
                    failed = true; // a corrupt code: the caller's own decode reports it
                }
                // Chunks adapt to what a texel costs here (code, JIT, device): about an eighth
                // of the budget each, so a step overruns its budget by little.
                const took = now() - c0;
                if (took > budgetMs / 4 && this._chunk > MIN_CHUNK) this._chunk >>>= 1;
                else if (took < budgetMs / 16 && this._chunk < MAX_CHUNK) this._chunk <<= 1;
                if (failed || r.done) {
                    const e = this._current!;
                    this._reader = null;
                    this._current = null;
                    if (failed) this._bytes -= bytesOf(e);
                    else this._ready.set(e, r.finish());
                }
            } else if (this._head < this._queue.length) {
                const e = this._queue[this._head++];
                if (this._head === this._queue.length) { this._queue = []; this._head = 0; }
                if (this._skip.has(e) || this._ready.has(e)) continue;
                const bytes = bytesOf(e);
                if (this._bytes + bytes > this.options.maxBytes) continue;
                try {
                    this._reader = new MaskCodeReader(e.code, e.rect[2], e.rect[3]);
                } catch {
                    continue;
                }
                this._current = e;
                this._bytes += bytes;
            } else if (this._libs.length > 0) {
                const lib = this._libs[0];
                if (lib.next >= lib.index.size) { this._libs.shift(); continue; }
                const entries = lib.index.entriesOf(lib.next++);
                const min = this.options.minTexels;
                for (let i = 0; i < entries.length; i++) {
                    const e = entries[i];
                    if (e.rect[2] * e.rect[3] >= min) this._queue.push(e);
                }
            } else {
                return;
            }
        } while (now() - t0 < budgetMs);
    }

    /**
     * The mask of `e` if it was decoded ahead (finishing the rows left when it is the one being
     * decoded), handed over and forgotten; else null, and `e` is not decoded ahead any more.
     */
    take(e: CodedMaskEntry): BitMask | null {
        let m = this._ready.get(e) ?? null;
        if (m) {
            this._ready.delete(e);
        } else if (this._current === e && this._reader) {
            const r = this._reader;
            this._reader = null;
            this._current = null;
            try {
                m = r.finish();
            } catch {
                m = null; // the caller's decode reports it
            }
        }
        if (m) {
            this._bytes -= bytesOf(e);
            this._stats.taken++;
        } else {
            this._skip.add(e);
        }
        return m;
    }

    /** Figures (the returned object is reused). */
    stats(): Readonly<PrefetchStats> {
        const s = this._stats;
        s.ready = this._ready.size + (this._reader ? 1 : 0);
        s.bytes = this._bytes;
        s.queued = this._queue.length - this._head;
        let unscanned = 0;
        for (const l of this._libs) unscanned += l.index.size - l.next;
        s.unscanned = unscanned;
        return s;
    }

    /** Forgets everything (libraries, queue, decoded masks). */
    clear(): void {
        this._libs.length = 0;
        this._queue = [];
        this._head = 0;
        this._reader = null;
        this._current = null;
        this._ready.clear();
        this._skip = new WeakSet();
        this._bytes = 0;
        this._stats.taken = 0;
    }
}

/** Bytes of an entry's decoded mask. */
function bytesOf(e: CodedMaskEntry): number {
    return Math.ceil(e.rect[2] / 32) * 4 * e.rect[3];
}
