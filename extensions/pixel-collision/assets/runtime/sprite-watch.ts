/**
 * Knowing, without reading every sprite each frame, that no sprite's frame, trim or type changed.
 *
 * A PIXELS collider's shape follows its Sprite's `spriteFrame`, `trim` and `type`. Outside the
 * editor the engine emits no event when they change, so a collider would have to read all three
 * from its sprite every frame: at 1,000 sprites that read is about 5 % of a step, most of it the
 * sprite objects coming into the cache, to find in almost every frame that nothing changed.
 *
 * Instead the three setters of `Sprite.prototype` are wrapped, once, outside the editor: a set
 * that changes the value adds one to {@link SPRITE_WATCH}`.epoch` (the engine's own setter runs
 * first, unchanged). A collider remembers the epoch of its last read and reads its sprite again
 * only when the epoch has moved since: a frame in which no sprite anywhere changed reads none.
 *
 * Every way the engine changes these properties goes through the setters (`changeSpriteFrameFromAtlas`,
 * animation clips, the inspector, user code); deserialization writes the fields directly, but
 * only into a new sprite, and a collider reads its sprite in full when it is enabled. A sprite
 * whose accessors are not the wrapped ones (a subclass that redefines them, a setter that could
 * not be wrapped) is read every frame as before ({@link spriteWatched}).
 */
import { Sprite } from 'cc';

/** @internal Moves when a watched setter changes a sprite's frame, trim or type (any sprite). */
export const SPRITE_WATCH = { epoch: 0 };

const NAMES = ['spriteFrame', 'trim', 'type'];
/** The wrapped setters, in the order of NAMES (empty until installed, or when one could not be wrapped). */
const WRAPPED: ((this: Sprite, v: unknown) => void)[] = [];
let installed = false;

/** @internal Wraps the setters (once; the editor keeps the engine's own: it is not called there). */
export function installSpriteWatch(): void {
    if (installed) return;
    installed = true;
    const proto = Sprite.prototype as unknown as object;
    const found: { get: () => unknown; set: (v: unknown) => void; enumerable: boolean }[] = [];
    for (const name of NAMES) {
        const d = descriptorOf(proto, name);
        // All three or none: a sprite is watched only when every one is.
        if (!d || !d.get || !d.set || d.configurable === false) return;
        found.push({ get: d.get, set: d.set, enumerable: d.enumerable === true });
    }
    for (let i = 0; i < NAMES.length; i++) {
        const { get, set, enumerable } = found[i];
        const wrapped = function (this: Sprite, v: unknown): void {
            const before = get.call(this);
            set.call(this, v);
            if (get.call(this) !== before) SPRITE_WATCH.epoch++;
        };
        Object.defineProperty(proto, NAMES[i], { get, set: wrapped, enumerable, configurable: true });
        WRAPPED.push(wrapped);
    }
}

/**
 * @internal Whether every change of `sprite`'s frame, trim and type moves the epoch: its three
 * accessors are the wrapped ones (none redefined by a subclass or on the object itself).
 */
export function spriteWatched(sprite: Sprite): boolean {
    if (WRAPPED.length !== NAMES.length) return false;
    for (let i = 0; i < NAMES.length; i++) {
        const d = descriptorOf(sprite, NAMES[i]);
        if (!d || d.set !== WRAPPED[i]) return false;
    }
    return true;
}

function descriptorOf(o: object | null, name: string): PropertyDescriptor | undefined {
    for (; o; o = Object.getPrototypeOf(o) as object | null) {
        const d = Object.getOwnPropertyDescriptor(o, name);
        if (d) return d;
    }
    return undefined;
}
