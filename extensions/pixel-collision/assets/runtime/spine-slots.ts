/**
 * Which index ranges of a Spine skeleton's drawing belong to slots that are not kept, found by
 * walking the draw order as the runtime builds the drawing (web: `SpineSkeletonInstance::
 * collectMeshData` in wasm; native: `SkeletonRenderer::render` in C++): a slot whose bone is
 * inactive or that shows nothing adds nothing; a region adds 6 indices, a mesh its triangles; a
 * clipping attachment adds nothing and clips the slots up to its end slot, whose index counts are
 * unknown here. Consecutive slots with the same verdict form one range; at most one range of
 * unknown length is found from the drawing's total. Where two unknown ranges lie on both sides of
 * a verdict, the slots between them are kept, with a warning; so is everything when the walk
 * disagrees with the drawing. Each reader walks its own bindings and calls {@link drawn},
 * {@link clip} and {@link nothing} in draw order between {@link begin} and {@link finish}.
 */
export class SpineSlotRanges {
    /** `[start, end)` index ranges to leave out, in index order, counted from the drawing's first index; `dropN` used. */
    drop = new Int32Array(16);
    dropN = 0;
    /** Why the ranges could not be found (all kept), or ''. */
    warning = '';
    private _segCount = new Int32Array(16);
    private _segKeep = new Uint8Array(16);
    private _segs = 0;
    private _clipEnd = -1;

    begin(): void {
        this._segs = 0;
        this._clipEnd = -1;
        this.dropN = 0;
        this.warning = '';
    }

    /** A slot that draws `count` indices (region 6, mesh its triangles); `keep`: its verdict. */
    drawn(index: number, count: number, keep: boolean): void {
        if (this._clipEnd >= 0) count = -1; // clipped: its count is the clipper's
        const k = keep ? 1 : 0, s = this._segs;
        if (s > 0 && this._segKeep[s - 1] === k) {
            const c = this._segCount[s - 1];
            this._segCount[s - 1] = c < 0 || count < 0 ? -1 : c + count;
        } else {
            if (s + 1 > this._segCount.length) {
                const c = new Int32Array(2 * s + 2); c.set(this._segCount); this._segCount = c;
                const g = new Uint8Array(2 * s + 2); g.set(this._segKeep); this._segKeep = g;
            }
            this._segKeep[s] = k; this._segCount[s] = count; this._segs = s + 1;
        }
        if (this._clipEnd === index) this._clipEnd = -1;
    }

    /** A slot showing a clipping attachment that ends at slot `endIndex` (-1: none, to the end). */
    clip(endIndex: number): void {
        if (this._clipEnd < 0) this._clipEnd = endIndex >= 0 ? endIndex : 1 << 30;
    }

    /** A slot that draws nothing (no attachment, another kind, nothing visible). */
    nothing(index: number): void {
        if (this._clipEnd === index) this._clipEnd = -1;
    }

    /** The ranges for a drawing of `ic` indices. */
    finish(ic: number): void {
        const segs = this._segs, segCount = this._segCount, segKeep = this._segKeep;
        // Ranges: from the front up to the first unknown count, from the back down to the last.
        let firstUnknown = segs, lastUnknown = -1, known = 0;
        for (let g = 0; g < segs; g++) {
            if (segCount[g] < 0) { if (firstUnknown === segs) firstUnknown = g; lastUnknown = g; } else known += segCount[g];
        }
        if (known > ic || (lastUnknown < 0 && known !== ic)) {
            this.warning = `slots could not be told apart this frame (the draw order lists ${known} indices, the drawing ${ic}), so ignoreSlots / onlySlots were not applied`;
            return;
        }
        if (firstUnknown === lastUnknown) segCount[firstUnknown] = ic - known;
        else if (firstUnknown < lastUnknown) this.warning = 'slots clipped by one clipping attachment, with slots of another verdict between them, cannot be told apart; those between are kept (ignoreSlots / onlySlots)';
        let at = 0;
        for (let g = 0; g < segs && segCount[g] >= 0; g++) { if (!segKeep[g]) this._dropRange(at, at + segCount[g]); at += segCount[g]; }
        if (firstUnknown >= lastUnknown) return;
        at = ic;
        const back = this.dropN;
        for (let g = segs - 1; g > lastUnknown; g--) { at -= segCount[g]; if (!segKeep[g]) this._dropRange(at, at + segCount[g]); }
        // (added back to front: put them in index order)
        const d = this.drop;
        for (let a = back, b = this.dropN - 1; a < b; a++, b--) {
            const s0 = d[2 * a], e0 = d[2 * a + 1];
            d[2 * a] = d[2 * b]; d[2 * a + 1] = d[2 * b + 1]; d[2 * b] = s0; d[2 * b + 1] = e0;
        }
    }

    private _dropRange(start: number, end: number): void {
        if (end <= start) return;
        if (2 * this.dropN + 2 > this.drop.length) { const g = new Int32Array(2 * this.drop.length); g.set(this.drop); this.drop = g; }
        this.drop[2 * this.dropN] = start;
        this.drop[2 * this.dropN + 1] = end;
        this.dropN++;
    }
}
