import { createBakeScheduler } from '../../extensions/pixel-collision/source/bake/index';

/** Re-baking on asset changes: bursts coalesce into one bake; a change during a bake runs one more after it. */
describe('createBakeScheduler', () => {
    beforeEach(() => jest.useFakeTimers());
    afterEach(() => jest.useRealTimers());

    test('a burst of changes is one bake, after the quiet delay', async () => {
        let bakes = 0;
        const s = createBakeScheduler(async () => { bakes++; }, 500);
        for (let i = 0; i < 10; i++) { s.schedule(); jest.advanceTimersByTime(100); }
        expect(bakes).toBe(0);
        jest.advanceTimersByTime(500);
        await s.idle();
        expect(bakes).toBe(1);
    });

    test('a change while a bake runs gives exactly one more bake; errors go to onError and do not stop it', async () => {
        const finishers: (() => void)[] = [];
        const errors: unknown[] = [];
        let bakes = 0;
        const s = createBakeScheduler(() => new Promise<void>((resolve, reject) => {
            bakes++;
            finishers.push(bakes === 1 ? () => reject(new Error('disk full')) : resolve);
        }), 100, (e) => errors.push(e));
        s.schedule();
        jest.advanceTimersByTime(100);
        expect(bakes).toBe(1);
        s.schedule(); s.schedule();
        jest.advanceTimersByTime(100); // due while the first still runs: queued, not parallel
        expect(bakes).toBe(1);
        finishers[0]();
        await Promise.resolve(); await Promise.resolve(); await Promise.resolve();
        expect(bakes).toBe(2);
        finishers[1]();
        await s.idle();
        expect(bakes).toBe(2);
        expect(errors).toEqual([new Error('disk full')]);
    });

    test('dispose cancels a pending bake', async () => {
        let bakes = 0;
        const s = createBakeScheduler(async () => { bakes++; }, 100);
        s.schedule();
        s.dispose();
        jest.advanceTimersByTime(1000);
        await s.idle();
        s.schedule();
        jest.advanceTimersByTime(1000);
        expect(bakes).toBe(0);
    });
});
