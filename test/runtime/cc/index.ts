/**
 * A small test double of Cocos Creator 3.8's `cc` module, for jest.
 *
 * jest maps the module `cc` to this file (jest.config.js `moduleNameMapper`), so runtime code that
 * imports 'cc' runs against it. `tsc` type-checks that runtime code against the real
 * `@cocos/creator-types` typings, not against this file; this file is an ordinary module. Tests
 * that need the double-only helpers (`resetCC`, `logs`, `tick`, `packFrame`, `FakeCanvas`, ...)
 * import them from this file's path (`./cc`, `../runtime/cc`).
 *
 * Every class says which engine file (Cocos Creator v3.8.5, github.com/cocos/cocos-engine) it
 * mirrors. Behaviour that decides geometry or ordering is copied from that source, operation for
 * operation: sprite-frame state and uv, the sprite's size modes, content size and anchor, the
 * node transform (Euler -> quaternion -> matrix, dirty flags, `hasChangedFlags`), component life
 * cycle (activation order, onLoad/onEnable/start/update/lateUpdate/onDisable/onDestroy, execution
 * order), deferred destruction, events, systems and `Director.tick`. It is checked against data
 * recorded from the real engine in test/runtime/cc-double.test.ts.
 *
 * Only what the runtime (extensions/pixel-collision/assets/runtime), its tests, the benches and the
 * allocation script use is here: add to it, from the engine source, when they need more. Not
 * modelled (on purpose): rendering of any kind (render data, materials, batching, cameras,
 * `director.root`, the dynamic atlas manager; `packFrame` does by hand what the atlas does to a
 * frame), the scheduler, `director.pause`, input, prefabs, asset loading and asset events,
 * `node.scene`, `setParent(p, keepWorldTransform = true)` (throws), sliced/tiled/filled sprites
 * (the `type` and fill state are kept, no geometry), uv flipping and cap insets, the Canvas's screen alignment.
 */
import { format } from 'node:util';
import { _setNativeEnv, EDITOR } from './env';
import { approx, Color, Mat3, Mat4, Quat, Rect, Size, Vec2, Vec3, Vec4 } from './math';

export * from './math';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Constructor<T = unknown> = new (...args: any[]) => T;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AbstractedConstructor<T = unknown> = abstract new (...args: any[]) => T;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyFunction = (...args: any[]) => any;
type EventKey = string | number;

// ---- Logging (`cocos/core/platform/debug.ts`): recorded, never printed ----------------------

/** Double-only: what `log` / `warn` / `error` would have printed. */
export const logs = {
    log: [] as string[],
    warn: [] as string[],
    error: [] as string[],
    clear(): void { logs.log.length = logs.warn.length = logs.error.length = 0; },
};

/** Mirrors `log` of `cocos/core/platform/debug.ts` (recorded in `logs.log`). */
export function log(...data: unknown[]): void { logs.log.push(format(...data)); }
/** Mirrors `warn` of `cocos/core/platform/debug.ts` (recorded in `logs.warn`). */
export function warn(...data: unknown[]): void { logs.warn.push(format(...data)); }
/** Mirrors `error` of `cocos/core/platform/debug.ts` (recorded in `logs.error`). */
export function error(...data: unknown[]): void { logs.error.push(format(...data)); }

// ---- js (`cocos/core/utils/js-typed.ts`, `cocos/core/utils/array.ts`): the parts used ---------

/** The `@ccclass` names (`js.getClassByName`): `addComponent('Name')`, `getComponent('cc.X')`. */
const classByName = new Map<string, Function>();

/** Mirrors `js.array.fastRemoveAt`: the last element takes the removed one's place. */
function fastRemoveAt<T>(array: T[], index: number): void {
    const length = array.length;
    if (index < 0 || index >= length) return;
    array[index] = array[length - 1];
    array.length = length - 1;
}

/** Mirrors `js.array.MutableForwardIterator` (`cocos/core/utils/array.ts`): the parts the invokers use. */
class MutableForwardIterator<T> {
    i = 0;
    constructor(public array: T[]) {}

    removeAt(i: number): void {
        this.array.splice(i, 1);
        if (i <= this.i) --this.i;
    }

    fastRemove(value: T): void {
        const i = this.array.indexOf(value);
        if (i < 0) return;
        fastRemoveAt(this.array, i);
        if (i <= this.i) --this.i;
    }
}

// ---- Enum (`cocos/core/value-types/enum.ts`) --------------------------------------------------

function defineHidden(obj: object, key: string, value: unknown): void {
    Object.defineProperty(obj, key, { value, writable: true, enumerable: false, configurable: true });
}

/** Mirrors `Enum` of `cocos/core/value-types/enum.ts`: adds the value -> name reverse mapping (not enumerable). */
export function Enum<T extends object>(obj: T): T {
    if ('__enums__' in obj) return obj;
    defineHidden(obj, '__enums__', null);
    return Enum.update(obj);
}

/** Like the engine's, without the auto-numbering of `-1` values. */
Enum.update = function update<T extends object>(obj: T): T {
    const record = obj as Record<string, unknown>;
    for (const key of Object.keys(record)) {
        const val = record[key];
        if (typeof val === 'string' && Number.isInteger(parseFloat(key))) continue;
        const reverseKey = `${String(val)}`;
        if (key === reverseKey) continue;
        if (reverseKey in record && record[reverseKey] !== key) error(`${reverseKey} already defined in Enum.`); // EngineErrorMap 7100
        else defineHidden(record, reverseKey, key);
    }
    return obj;
};

// ---- Events (`cocos/core/event/callbacks-invoker.ts`, `event-target.ts`) ----------------------

function emptyCallback(): void { /* empty */ }

/** Mirrors `CallbackInfo` of `cocos/core/event/callbacks-invoker.ts`. */
class CallbackInfo {
    constructor(public callback: AnyFunction, public target: unknown, public once: boolean) {}
    reset(): void { this.target = undefined; this.callback = emptyCallback; this.once = false; }
    /** A listener whose target is a destroyed (or to-be-destroyed) CCObject is dropped. */
    check(): boolean { return !(this.target instanceof CCObject && !isValid(this.target, true)); }
}

/** Mirrors `CallbackList` of `cocos/core/event/callbacks-invoker.ts`: removals during an emit leave a null. */
class CallbackList {
    callbackInfos: Array<CallbackInfo | null> = [];
    isInvoking = false;
    containCanceled = false;

    removeByTarget(target: unknown): void {
        for (let i = 0; i < this.callbackInfos.length; ++i) {
            const info = this.callbackInfos[i];
            if (info && info.target === target) { info.reset(); fastRemoveAt(this.callbackInfos, i); --i; }
        }
    }

    cancel(index: number): void {
        const info = this.callbackInfos[index];
        if (info) {
            info.reset();
            if (this.isInvoking) this.callbackInfos[index] = null;
            else fastRemoveAt(this.callbackInfos, index);
        }
        this.containCanceled = true;
    }

    cancelAll(): void {
        for (let i = 0; i < this.callbackInfos.length; i++) {
            const info = this.callbackInfos[i];
            if (info) { info.reset(); this.callbackInfos[i] = null; }
        }
        this.containCanceled = true;
    }

    purgeCanceled(): void {
        for (let i = this.callbackInfos.length - 1; i >= 0; --i) if (!this.callbackInfos[i]) fastRemoveAt(this.callbackInfos, i);
        this.containCanceled = false;
    }

    clear(): void {
        this.cancelAll();
        this.callbackInfos.length = 0;
        this.isInvoking = this.containCanceled = false;
    }
}

/**
 * Mirrors `EventTarget` (`cocos/core/event/event-target.ts` = `Eventify` over `CallbacksInvoker`,
 * `cocos/core/event/callbacks-invoker.ts`): a (callback, target) pair is registered once;
 * listeners added during an emit are not called by it; up to 5 arguments are passed.
 */
export class EventTarget {
    private _callbackTable: Record<string, CallbackList | undefined> = Object.create(null) as Record<string, CallbackList | undefined>;

    on<TFunction extends AnyFunction>(type: EventKey, callback: TFunction, target?: unknown, once?: boolean): TFunction {
        if (!this.hasEventListener(type, callback, target)) {
            (this._callbackTable[type] ??= new CallbackList()).callbackInfos.push(new CallbackInfo(callback || emptyCallback, target, !!once));
        }
        return callback;
    }

    once<TFunction extends AnyFunction>(type: EventKey, callback: TFunction, target?: unknown): TFunction {
        return this.on(type, callback, target, true);
    }

    /** Without a callback: removes every listener of `type`. */
    off(type: EventKey, callback?: AnyFunction, target?: unknown): void {
        const list = this._callbackTable[type];
        if (!list) return;
        if (!callback) return this.removeAll(type);
        const infos = list.callbackInfos;
        for (let i = 0; i < infos.length; ++i) {
            const info = infos[i];
            if (info && info.callback === callback && info.target === target) return list.cancel(i);
        }
    }

    targetOff(typeOrTarget: unknown): void {
        this.removeAll(typeOrTarget);
    }

    /** Removes the listeners of an event type (a string or number), or of a target (anything else). */
    removeAll(keyOrTarget: unknown): void {
        if (typeof keyOrTarget === 'string' || typeof keyOrTarget === 'number') {
            const list = this._callbackTable[keyOrTarget];
            if (list && list.isInvoking) {
                list.cancelAll();
            } else if (list) {
                list.clear();
                delete this._callbackTable[keyOrTarget];
            }
        } else if (keyOrTarget) {
            for (const key in this._callbackTable) {
                const list = this._callbackTable[key]!;
                if (!list.isInvoking) {
                    list.removeByTarget(keyOrTarget);
                    continue;
                }
                const infos = list.callbackInfos;
                for (let i = 0; i < infos.length; ++i) if (infos[i] && infos[i]!.target === keyOrTarget) list.cancel(i);
            }
        }
    }

    hasEventListener(type: EventKey, callback?: AnyFunction, target?: unknown): boolean {
        const list = this._callbackTable[type];
        if (!list) return false;
        // Plain loops, as the engine's CallbacksInvoker: asked per event, it allocates nothing (a
        // closure over the arguments would make V8 allocate a context on every call).
        const infos = list.callbackInfos;
        for (let i = 0; i < infos.length; i++) {
            const info = infos[i];
            if (info && (!callback || (info.check() && info.callback === callback && info.target === target))) return true;
        }
        return false;
    }

    emit(type: EventKey, arg0?: unknown, arg1?: unknown, arg2?: unknown, arg3?: unknown, arg4?: unknown): void {
        const list = this._callbackTable[type];
        if (!list) return;
        const rootInvoker = !list.isInvoking;
        list.isInvoking = true;
        const infos = list.callbackInfos;
        for (let i = 0, len = infos.length; i < len; ++i) {
            const info = infos[i];
            if (!info) continue;
            const callback = info.callback;
            const target = info.target;
            if (info.once) this.off(type, callback, target);
            if (!info.check()) this.off(type, callback, target);
            else if (target) callback.call(target, arg0, arg1, arg2, arg3, arg4);
            else callback(arg0, arg1, arg2, arg3, arg4);
        }
        if (rootInvoker) {
            list.isInvoking = false;
            if (list.containCanceled) list.purgeCanceled();
        }
    }

    clear(): void {
        for (const key in this._callbackTable) {
            this._callbackTable[key]!.clear();
            delete this._callbackTable[key];
        }
    }
}

// ---- CCObject (`cocos/core/data/object.ts`): destroy is deferred to the end of the frame's update

const Destroyed = 1 << 0, ToDestroy = 1 << 2, Destroying = 1 << 7, Deactivating = 1 << 8;
const IsOnEnableCalled = 1 << 11, IsPreloadStarted = 1 << 13, IsOnLoadCalled = 1 << 14, IsOnLoadStarted = 1 << 15, IsStartCalled = 1 << 16;

const objectsToDestroy: CCObject[] = [];

/** The hide flags of `CCObject.Flags` (`cocos/core/data/object.ts`), with the engine's values. */
const DontSave = 1 << 3, EditorOnly = 1 << 4, LockedInEditor = 1 << 9, HideInHierarchy = 1 << 10;
const AllHideMasks = DontSave | EditorOnly | LockedInEditor | HideInHierarchy;

/** Mirrors `CCObject` of `cocos/core/data/object.ts`. */
export class CCObject {
    /** The public flags of `CCObject.Flags` (the hide flags; the engine's other flags are private). */
    static readonly Flags = { DontSave, EditorOnly, LockedInEditor, HideInHierarchy, AllHideMasks } as const;

    /** Only the hide flags can be set this way (the engine masks the rest off). */
    set hideFlags(hideFlags: number) { this._objFlags = (this._objFlags & ~AllHideMasks) | (hideFlags & AllHideMasks); }
    get hideFlags(): number { return this._objFlags & AllHideMasks; }

    /** Destroys the objects whose `destroy()` was called; the director calls it once a frame. */
    static _deferredDestroy(): void {
        const deleteCount = objectsToDestroy.length;
        for (let i = 0; i < deleteCount; ++i) {
            const obj = objectsToDestroy[i];
            if (!(obj._objFlags & Destroyed)) obj._destroyImmediate();
        }
        // Objects destroyed by an onDestroy meanwhile wait for the next frame.
        if (deleteCount === objectsToDestroy.length) objectsToDestroy.length = 0;
        else objectsToDestroy.splice(0, deleteCount);
    }

    _objFlags = 0;
    constructor(public name = '') {}

    /** False once the deferred destroy has run (true in between, like the engine). */
    get isValid(): boolean { return !(this._objFlags & Destroyed); }

    destroy(): boolean {
        if (this._objFlags & Destroyed) {
            warn('You are trying to destroy a object twice or more.'); // EngineErrorMap 5000
            return false;
        }
        if (this._objFlags & ToDestroy) return false;
        this._objFlags |= ToDestroy;
        objectsToDestroy.push(this);
        return true;
    }

    _onPreDestroy?(): unknown;

    /**
     * Like the engine's `_destruct` (`compileDestruct`): own string fields become '', own object and
     * function fields (typed arrays, null, other objects) become null; numbers and booleans stay; a
     * Node's or Component's `_id` is kept. So a destroyed node's `name` is '' and a destroyed
     * component's `node` is null. As in the engine, the list of fields is made once per class, from
     * the first instance of that class destroyed (kept on the constructor as `__destruct__`), and
     * applied to every later one: a field another instance added later is left as it is.
     */
    _destruct(): void {
        const ctor = this.constructor as unknown as { __destruct__?: Record<string, null | ''> };
        let reset = Object.prototype.hasOwnProperty.call(ctor, '__destruct__') ? ctor.__destruct__ : undefined;
        if (!reset) {
            const skipId = this instanceof Node || this instanceof Component;
            const self = this as unknown as Record<string, unknown>;
            const made: Record<string, null | ''> = {};
            for (const key of Object.keys(self)) {
                if (skipId && key === '_id') continue;
                const type = typeof self[key];
                if (type === 'string') made[key] = '';
                else if (type === 'object' || type === 'function') made[key] = null;
            }
            Object.defineProperty(ctor, '__destruct__', { value: made, writable: true, enumerable: false, configurable: true });
            reset = made;
        }
        const target = this as unknown as Record<string, unknown>;
        for (const key in reset) target[key] = reset[key];
    }

    /** Destroys the object now: `_onPreDestroy` (onDisable / onDestroy...), `_destruct`, then flagged Destroyed. */
    _destroyImmediate(): void {
        if (this._objFlags & Destroyed) {
            error('object already destroyed'); // EngineErrorMap 5000 (errorID)
            return;
        }
        this._onPreDestroy?.();
        this._destruct();
        this._objFlags |= Destroyed;
    }
}

/** Mirrors `isValid` of `cocos/core/data/object.ts`. */
export function isValid(value: unknown, strictMode?: boolean): boolean {
    if (typeof value !== 'object') return typeof value !== 'undefined';
    return !!value && !((value as CCObject)._objFlags & (strictMode ? (Destroyed | ToDestroy) : Destroyed));
}

// ---- Decorators (`cocos/core/data/decorators/*`) ------------------------------------------------
// They record metadata only, except that `requireComponent` and `executionOrder` set the statics
// the engine's `addComponent` and component scheduler read (`_requireComponent`, `_executionOrder`).

/** Double-only: what the decorators recorded for a class. */
export interface CCClassMetadata {
    /** The `@ccclass` name. */
    name?: string;
    /** Class decorators: menu, help, executionOrder, requireComponent, disallowMultiple. */
    editor: Record<string, unknown>;
    /** Property decorators, by property name. */
    properties: Record<string, Record<string, unknown>>;
}

const classMetadata = new Map<Function, CCClassMetadata>();

function metaOf(ctor: Function): CCClassMetadata {
    let meta = classMetadata.get(ctor);
    if (!meta) classMetadata.set(ctor, meta = { editor: {}, properties: {} });
    return meta;
}

/** Double-only: the metadata recorded by the decorators on `ctor`, if any. */
export function getClassMetadata(ctor: Function): CCClassMetadata | undefined {
    return classMetadata.get(ctor);
}

/** Mirrors `PrimitiveType` (`cocos/core/data/utils/attribute.ts`): CCInteger, CCFloat, CCString. */
class PrimitiveType<T> {
    default: T;
    constructor(public name: string, defaultValue: T) { this.default = defaultValue; }
}

export const CCInteger = new PrimitiveType('Integer', 0);
export const CCFloat = new PrimitiveType('Float', 0.0);
export const CCString = new PrimitiveType('String', '');

/** A class decorator that takes a value (`@menu('a/b')`), recorded under `key`. */
function classValueDecorator(key: string, apply?: (ctor: Function, value: unknown) => void): (value: unknown) => any {
    return (value: unknown): any => (ctor: Function): Function => {
        metaOf(ctor).editor[key] = value;
        apply?.(ctor, value);
        return ctor;
    };
}

function recordProperty(target: unknown, key: string | symbol, attrs: Record<string, unknown>): void {
    const ctor = typeof target === 'function' ? target : (target as { constructor: Function }).constructor;
    const props = metaOf(ctor).properties;
    props[String(key)] = { ...props[String(key)], ...attrs };
}

/** A property decorator: `@x` (records `bareAttrs`) or `@x(value)` (records `toAttrs(value)`). */
function propertyDecorator(bareAttrs: Record<string, unknown>, toAttrs: (value: unknown) => Record<string, unknown>): (...args: any[]) => any {
    return (...args: any[]): any => {
        if (args.length >= 2 && (typeof args[1] === 'string' || typeof args[1] === 'symbol')) {
            recordProperty(args[0], args[1] as string | symbol, bareAttrs);
            return args[2] as unknown;
        }
        const attrs = toAttrs(args[0]);
        return (target: unknown, key: string | symbol, desc?: PropertyDescriptor): PropertyDescriptor | undefined => {
            recordProperty(target, key, attrs);
            return desc;
        };
    };
}

/** Mirrors the `_decorator` namespace of `cc` (metadata only, see above): the decorators in use. */
export const _decorator = {
    /** `@ccclass('Name')`: registers the name (addComponent('Name') finds the class). */
    ccclass: (name: string): any => (ctor: Function): Function => {
        metaOf(ctor).name = name;
        classByName.set(name, ctor);
        return ctor;
    },
    /** `@property`, `@property(Type)` or `@property({ type, tooltip, ... })` (options recorded as given). */
    property: propertyDecorator({ property: true }, (options) => (typeof options === 'function' || Array.isArray(options) || options instanceof PrimitiveType
        ? { property: true, type: options } : { property: true, ...(options as Record<string, unknown>) })),
    tooltip: propertyDecorator({}, (t) => ({ tooltip: t })),
    integer: propertyDecorator({ type: CCInteger }, () => ({ type: CCInteger })),
    menu: classValueDecorator('menu'),
    help: classValueDecorator('help'),
    executionOrder: classValueDecorator('executionOrder', (ctor, order) => {
        if (order && typeof order === 'number') (ctor as unknown as { _executionOrder: number })._executionOrder = order;
    }),
    /** `@requireComponent(Type)` (factory form only, like the engine's). */
    requireComponent: classValueDecorator('requireComponent', (ctor, required) => {
        (ctor as unknown as { _requireComponent: unknown })._requireComponent = required;
    }),
    /** `@disallowMultiple` (bare form). */
    disallowMultiple: (ctor: Function): any => {
        metaOf(ctor).editor.disallowMultiple = true;
        return ctor;
    },
};

// ---- Node events, transform bits, layers ---------------------------------------------------

/** Mirrors `NodeEventType` of `cocos/scene-graph/node-event.ts` (the events the double emits). */
export enum NodeEventType {
    TRANSFORM_CHANGED = 'transform-changed', SIZE_CHANGED = 'size-changed', ANCHOR_CHANGED = 'anchor-changed',
    CHILD_ADDED = 'child-added', CHILD_REMOVED = 'child-removed', PARENT_CHANGED = 'parent-changed',
    NODE_DESTROYED = 'node-destroyed', LAYER_CHANGED = 'layer-changed', SIBLING_ORDER_CHANGED = 'sibling-order-changed',
    CHILDREN_ORDER_CHANGED = 'sibling-order-changed', ACTIVE_IN_HIERARCHY_CHANGED = 'active-in-hierarchy-changed',
    COMPONENT_ADDED = 'component-added', COMPONENT_REMOVED = 'component-removed', ACTIVE_CHANGED = 'active-changed',
}

/** Mirrors `TransformBit` of `cocos/scene-graph/node-enum.ts`. */
export enum TransformBit {
    NONE = 0, POSITION = 1, ROTATION = 1 << 1, SCALE = 1 << 2, RS = ROTATION | SCALE, TRS = POSITION | ROTATION | SCALE,
}

/** Mirrors `Layers` of `cocos/scene-graph/layers.ts` (the built-in layers as `Layers.Enum`; no custom layers). */
export class Layers {
    static Enum = Enum({
        NONE: 0, IGNORE_RAYCAST: (1 << 20), GIZMOS: (1 << 21), EDITOR: (1 << 22), UI_3D: (1 << 23), SCENE_GIZMO: (1 << 24),
        UI_2D: (1 << 25), PROFILER: (1 << 28), DEFAULT: (1 << 30), ALL: 0xffffffff,
    });
}

// ---- Component life cycle: `cocos/scene-graph/component-scheduler.ts`, `node-activator.ts` ----

type InvokeFunc = (iterator: MutableForwardIterator<Component>, dt?: number) => void;

function executionOrderOf(comp: Component): number {
    return (comp.constructor as typeof Component)._executionOrder;
}

/**
 * Like the engine's `createInvokeImpl`: an exception in one component's callback is reported
 * through `error` (so it lands in `logs.error`, not thrown) and the loop goes on with the next
 * component. Callbacks the engine calls outside these invokers (onEnable during activation,
 * `enabled = true`, `addComponent` on an active node) throw to the caller, as in the engine.
 */
function createInvokeImpl(single: (c: Component, dt?: number) => void, ensureFlag?: number): InvokeFunc {
    return (iterator, dt) => {
        const array = iterator.array;
        for (iterator.i = 0; iterator.i < array.length; ++iterator.i) {
            const comp = array[iterator.i];
            try {
                single(comp, dt);
            } catch (e) {
                error((e as { stack?: string } | null)?.stack || e); // debug.ts `_throw`
                if (ensureFlag) comp._objFlags |= ensureFlag;
            }
        }
    };
}

const invokeStart = createInvokeImpl((c) => { c.internalStart!.call(c); c._objFlags |= IsStartCalled; }, IsStartCalled);
const invokeUpdate = createInvokeImpl((c, dt) => { c.internalUpdate!.call(c, dt!); });
const invokeLateUpdate = createInvokeImpl((c, dt) => { c.internalLateUpdate!.call(c, dt!); });
const invokePreload = createInvokeImpl((c) => { c.internalPreload?.call(c); });
const invokeOnLoad = createInvokeImpl((c) => { c.internalOnLoad?.call(c); c._objFlags |= IsOnLoadCalled; }, IsOnLoadCalled);
const invokeOnEnable: InvokeFunc = (iterator) => {
    const array = iterator.array;
    for (iterator.i = 0; iterator.i < array.length; ++iterator.i) {
        const comp = array[iterator.i];
        if (!comp._enabled) continue;
        comp.internalOnEnable!.call(comp);
        const deactivatedDuringOnEnable = !comp.node._activeInHierarchy;
        if (!deactivatedDuringOnEnable) director._compScheduler._onEnabled(comp);
    }
};

/** After a deactivation during an activation: drops the pending components whose node is now inactive. */
function stableRemoveInactive(iterator: MutableForwardIterator<Component>, flagToClear: number): void {
    const array = iterator.array;
    let next = iterator.i + 1;
    while (next < array.length) {
        const comp = array[next];
        if (comp.node._activeInHierarchy) {
            ++next;
        } else {
            iterator.removeAt(next);
            comp._objFlags &= ~flagToClear;
        }
    }
}

/** Binary search by (execution order, id), like the engine's. */
function sortedIndex(array: Component[], comp: Component): number {
    const order = executionOrderOf(comp);
    const id = comp._id;
    let l = 0;
    for (let h = array.length - 1, m = h >>> 1; l <= h; m = (l + h) >>> 1) {
        const test = array[m];
        const testOrder = executionOrderOf(test);
        if (testOrder > order) h = m - 1;
        else if (testOrder < order) l = m + 1;
        else if (test._id > id) h = m - 1;
        else if (test._id < id) l = m + 1;
        else return m;
    }
    return ~l;
}

function compareOrder(a: Component, b: Component): number {
    return executionOrderOf(a) - executionOrderOf(b);
}

/** Mirrors `LifeCycleInvoker` (component-scheduler.ts): order < 0, = 0, > 0 queues. */
class LifeCycleInvoker {
    zero = new MutableForwardIterator<Component>([]);
    neg = new MutableForwardIterator<Component>([]);
    pos = new MutableForwardIterator<Component>([]);
    constructor(protected _invoke: InvokeFunc) {}

    protected _queueOf(comp: Component): MutableForwardIterator<Component> {
        const order = executionOrderOf(comp);
        return order === 0 ? this.zero : (order < 0 ? this.neg : this.pos);
    }
}

/** Mirrors `OneOffInvoker`: sorted once, invoked once (onLoad, onEnable, start). */
class OneOffInvoker extends LifeCycleInvoker {
    add(comp: Component): void { this._queueOf(comp).array.push(comp); }
    remove(comp: Component): void { this._queueOf(comp).fastRemove(comp); }

    cancelInactive(flagToClear: number): void {
        stableRemoveInactive(this.zero, flagToClear);
        stableRemoveInactive(this.neg, flagToClear);
        stableRemoveInactive(this.pos, flagToClear);
    }

    invoke(): void {
        if (this.neg.array.length > 0) {
            this.neg.array.sort(compareOrder);
            this._invoke(this.neg);
            this.neg.array.length = 0;
        }
        this._invoke(this.zero);
        this.zero.array.length = 0;
        if (this.pos.array.length > 0) {
            this.pos.array.sort(compareOrder);
            this._invoke(this.pos);
            this.pos.array.length = 0;
        }
    }
}

/** Mirrors `ReusableInvoker`: kept sorted by (execution order, id), invoked every frame. */
class ReusableInvoker extends LifeCycleInvoker {
    add(comp: Component): void {
        const queue = this._queueOf(comp);
        if (queue === this.zero) return void queue.array.push(comp);
        const i = sortedIndex(queue.array, comp);
        if (i < 0) queue.array.splice(~i, 0, comp);
    }

    remove(comp: Component): void {
        const queue = this._queueOf(comp);
        if (queue === this.zero) return queue.fastRemove(comp);
        const i = sortedIndex(queue.array, comp);
        if (i >= 0) queue.removeAt(i);
    }

    invoke(dt: number): void {
        if (this.neg.array.length > 0) this._invoke(this.neg, dt);
        this._invoke(this.zero, dt);
        if (this.pos.array.length > 0) this._invoke(this.pos, dt);
    }
}

/** Mirrors `UnsortedInvoker` of node-activator.ts (__preload). */
class UnsortedInvoker extends LifeCycleInvoker {
    add(comp: Component): void { this.zero.array.push(comp); }
    cancelInactive(flagToClear: number): void { stableRemoveInactive(this.zero, flagToClear); }
    invoke(): void { this._invoke(this.zero); this.zero.array.length = 0; }
}

/**
 * Mirrors `ComponentScheduler` of `cocos/scene-graph/component-scheduler.ts` (no Scheduler pause /
 * resume): a component enabled during the update phase gets its start after lateUpdate.
 */
class ComponentScheduler {
    startInvoker = new OneOffInvoker(invokeStart);
    updateInvoker = new ReusableInvoker(invokeUpdate);
    lateUpdateInvoker = new ReusableInvoker(invokeLateUpdate);
    private _deferredComps: Component[] = [];
    private _updating = false;

    unscheduleAll(): void {
        this.startInvoker = new OneOffInvoker(invokeStart);
        this.updateInvoker = new ReusableInvoker(invokeUpdate);
        this.lateUpdateInvoker = new ReusableInvoker(invokeLateUpdate);
        this._updating = false;
        this._deferredComps.length = 0;
    }

    _onEnabled(comp: Component): void {
        comp._objFlags |= IsOnEnableCalled;
        if (this._updating) this._deferredComps.push(comp);
        else this._scheduleImmediate(comp);
    }

    _onDisabled(comp: Component): void {
        comp._objFlags &= ~IsOnEnableCalled;
        const index = this._deferredComps.indexOf(comp);
        if (index >= 0) return fastRemoveAt(this._deferredComps, index);
        if (comp.internalStart && !(comp._objFlags & IsStartCalled)) this.startInvoker.remove(comp);
        if (comp.internalUpdate) this.updateInvoker.remove(comp);
        if (comp.internalLateUpdate) this.lateUpdateInvoker.remove(comp);
    }

    enableComp(comp: Component, invoker?: OneOffInvoker): void {
        if (comp._objFlags & IsOnEnableCalled) return;
        if (comp.internalOnEnable) {
            if (invoker) return invoker.add(comp);
            comp.internalOnEnable.call(comp);
            const deactivatedDuringOnEnable = !comp.node.activeInHierarchy;
            if (deactivatedDuringOnEnable) return;
        }
        this._onEnabled(comp);
    }

    disableComp(comp: Component): void {
        if (!(comp._objFlags & IsOnEnableCalled)) return;
        if (comp.internalOnDisable) comp.internalOnDisable.call(comp);
        this._onDisabled(comp);
    }

    startPhase(): void {
        this._updating = true;
        this.startInvoker.invoke();
        this._startForNewComps();
    }

    updatePhase(dt: number): void {
        this.updateInvoker.invoke(dt);
    }

    lateUpdatePhase(dt: number): void {
        this.lateUpdateInvoker.invoke(dt);
        this._updating = false;
        this._startForNewComps();
    }

    private _startForNewComps(): void {
        if (this._deferredComps.length === 0) return;
        for (const comp of this._deferredComps) this._scheduleImmediate(comp); // _deferredSchedule
        this._deferredComps.length = 0;
        this.startInvoker.invoke();
    }

    private _scheduleImmediate(comp: Component): void {
        if (typeof comp.internalStart === 'function' && !(comp._objFlags & IsStartCalled)) this.startInvoker.add(comp);
        if (typeof comp.internalUpdate === 'function') this.updateInvoker.add(comp);
        if (typeof comp.internalLateUpdate === 'function') this.lateUpdateInvoker.add(comp);
    }
}

interface ActivateTask { preload: UnsortedInvoker; onLoad: OneOffInvoker; onEnable: OneOffInvoker }

/**
 * Mirrors `NodeActivator` of `cocos/scene-graph/node-activator.ts`. Activating a node: every
 * component of the subtree gets `__preload`, then (all of them) `onLoad`, then `onEnable`, each
 * batch sorted by execution order. Deactivating: `onDisable`, depth first.
 */
class NodeActivator {
    private _activatingStack: ActivateTask[] = [];

    reset(): void {
        this._activatingStack = [];
    }

    activateNode(node: Node, active: boolean): void {
        if (active) {
            const task = { preload: new UnsortedInvoker(invokePreload), onLoad: new OneOffInvoker(invokeOnLoad), onEnable: new OneOffInvoker(invokeOnEnable) };
            // Like the engine's task pool: iterators start before the first element.
            for (const invoker of [task.preload, task.onLoad, task.onEnable]) invoker.zero.i = invoker.neg.i = invoker.pos.i = -1;
            this._activatingStack.push(task);
            this._activateNodeRecursively(node, task.preload, task.onLoad, task.onEnable);
            task.preload.invoke();
            task.onLoad.invoke();
            task.onEnable.invoke();
            this._activatingStack.pop();
        } else {
            this._deactivateNodeRecursively(node);
            for (const lastTask of this._activatingStack) {
                lastTask.preload.cancelInactive(IsPreloadStarted);
                lastTask.onLoad.cancelInactive(IsOnLoadStarted);
                lastTask.onEnable.cancelInactive(IsOnEnableCalled);
            }
        }
        node.emit(NodeEventType.ACTIVE_IN_HIERARCHY_CHANGED, node);
    }

    activateComp(comp: Component, preloadInvoker?: UnsortedInvoker, onLoadInvoker?: OneOffInvoker, onEnableInvoker?: OneOffInvoker): void {
        if (!isValid(comp, true)) return;
        if (!(comp._objFlags & IsPreloadStarted)) {
            comp._objFlags |= IsPreloadStarted;
            if (comp.internalPreload && preloadInvoker) preloadInvoker.add(comp);
            else comp.internalPreload?.call(comp);
        }
        if (!(comp._objFlags & IsOnLoadStarted)) {
            comp._objFlags |= IsOnLoadStarted;
            if (comp.internalOnLoad && onLoadInvoker) {
                onLoadInvoker.add(comp);
            } else {
                comp.internalOnLoad?.call(comp);
                comp._objFlags |= IsOnLoadCalled;
            }
        }
        if (comp._enabled) {
            const deactivatedOnLoading = !comp.node.activeInHierarchy;
            if (!deactivatedOnLoading) director._compScheduler.enableComp(comp, onEnableInvoker);
        }
    }

    destroyComp(comp: Component): void {
        director._compScheduler.disableComp(comp);
        if (comp.internalOnDestroy && (comp._objFlags & IsOnLoadCalled)) comp.internalOnDestroy.call(comp);
    }

    private _activateNodeRecursively(node: Node, preloadInvoker: UnsortedInvoker, onLoadInvoker: OneOffInvoker, onEnableInvoker: OneOffInvoker): void {
        if (node._objFlags & Deactivating) return error(`Node '${node.name}' is already activating`); // EngineErrorMap 3816
        node._activeInHierarchy = true;
        const originCount = node._components.length;
        for (let i = 0; i < originCount; ++i) this.activateComp(node._components[i], preloadInvoker, onLoadInvoker, onEnableInvoker);
        for (let i = 0, len = node._children.length; i < len; ++i) {
            const child = node._children[i];
            if (child._active) this._activateNodeRecursively(child, preloadInvoker, onLoadInvoker, onEnableInvoker);
        }
        node._onPostActivated(true);
    }

    /** Stops early (like the engine) when a callback re-activates the node. */
    private _deactivateNodeRecursively(node: Node): void {
        node._objFlags |= Deactivating;
        node._activeInHierarchy = false;
        const originCount = node._components.length;
        for (let c = 0; c < originCount; ++c) {
            const component = node._components[c];
            if (!component._enabled) continue;
            director._compScheduler.disableComp(component);
            if (node._activeInHierarchy) return void (node._objFlags &= ~Deactivating);
        }
        for (let i = 0, len = node._children.length; i < len; ++i) {
            const child = node._children[i];
            if (!child._activeInHierarchy) continue;
            this._deactivateNodeRecursively(child);
            if (node._activeInHierarchy) return void (node._objFlags &= ~Deactivating);
        }
        node._onPostActivated(false);
        node._objFlags &= ~Deactivating;
    }
}

// ---- Node (`cocos/scene-graph/node.ts`) ---------------------------------------------------------

/** Like `IDGenerator` (`cocos/core/utils/id-generator.ts`) but counting from 1, not from a random start. */
const idCounters = { Node: 0, Comp: 0 };
function newId(category: 'Node' | 'Comp'): string {
    return `${category}.${++idCounters[category]}`;
}

let globalFlagChangeVersion = 0;
const dirtyNodes: Node[] = [];
const v3_a = new Vec3(), v3_b = new Vec3(), q_a = new Quat(), qt_1 = new Quat(), m3_1 = new Mat3(), m4_1 = new Mat4(), m4_2 = new Mat4();

/** Mirrors `NodeUIProperties` of `cocos/scene-graph/node-ui-properties.ts` (the UITransform lookup). */
class NodeUIProperties {
    private _uiTransformComp: UITransform | null = null;
    /** The node's own opacity (UIOpacity sets it; 1 otherwise). */
    opacity = 1;
    constructor(private _node: Node) {}
    get uiTransformComp(): UITransform | null { return this._uiTransformComp ??= this._node.getComponent(UITransform); }
    set uiTransformComp(value: UITransform | null) { this._uiTransformComp = value; }
}

/**
 * Mirrors `Node` of `cocos/scene-graph/node.ts`: hierarchy, activation, components, events, and
 * the transform with the engine's dirty flags. `worldMatrix` brings the world transform up to date
 * before returning it (`updateWorldTransform`), so it is always current.
 */
export class Node extends CCObject {
    static TransformBit = TransformBit;

    /** Starts a new "frame" for `hasChangedFlags` (the director calls it at the end of `tick`). */
    static resetHasChangedFlags(): void {
        globalFlagChangeVersion += 1;
    }

    _parent: Node | null = null;
    _children: Node[] = [];
    _active = true;
    _components: Component[] = [];
    _activeInHierarchy = false;
    _id: string = newId('Node');
    _eventProcessor: EventTarget = new EventTarget();
    _siblingIndex = 0;
    _uiProps: NodeUIProperties = new NodeUIProperties(this);
    _layer: number = Layers.Enum.DEFAULT;
    // local transform
    _lpos = new Vec3(); _lrot = new Quat(); _lscale = new Vec3(1, 1, 1); _euler = new Vec3();
    // world transform
    _pos = new Vec3(); _rot = new Quat(); _scale = new Vec3(1, 1, 1); _mat = new Mat4();
    _transformFlags: number = TransformBit.TRS;
    _eulerDirty = false;
    _flagChangeVersion = 0;
    _hasChangedFlags = 0;

    constructor(name?: string) {
        super(name === undefined ? 'New Node' : name);
    }

    get uuid(): string { return this._id; }
    get layer(): number { return this._layer; }

    /** The scene the node is in (the engine keeps it as a field; here the root of the parent chain, if a Scene). */
    get scene(): Scene | null {
        let n: Node | null = this;
        while (n._parent) n = n._parent;
        return n instanceof Scene ? n : null;
    }

    set layer(l: number) {
        if (this._layer === l) return;
        this._layer = l;
        this.emit(NodeEventType.LAYER_CHANGED, this._layer);
    }

    // ---- hierarchy ----

    get children(): Node[] { return this._children; }
    get parent(): Node | null { return this._parent; }
    set parent(value: Node | null) { this.setParent(value); }
    addChild(child: Node): void { child.setParent(this); }
    getSiblingIndex(): number { return this._siblingIndex; }

    setParent(value: Node | null, keepWorldTransform = false): void {
        if (this._parent === value) return;
        if (keepWorldTransform) throw new Error('cc test double: setParent(parent, keepWorldTransform = true) is not modelled');
        const oldParent = this._parent;
        const newParent = value;
        this._parent = newParent;
        this._siblingIndex = 0;
        this.invalidateChildren(TransformBit.TRS); // _onSetParent
        this.emit(NodeEventType.PARENT_CHANGED, oldParent);
        if (oldParent && !(oldParent._objFlags & Destroying)) {
            oldParent._children.splice(oldParent._children.indexOf(this), 1);
            oldParent._updateSiblingIndex();
            oldParent.emit(NodeEventType.CHILD_REMOVED, this);
        }
        if (newParent) {
            newParent._children.push(this);
            this._siblingIndex = newParent._children.length - 1;
            newParent.emit(NodeEventType.CHILD_ADDED, this);
        }
        // _onHierarchyChanged
        const shouldActiveNow = this._active && !!(newParent && newParent._activeInHierarchy);
        if (this._activeInHierarchy !== shouldActiveNow) director._nodeActivator.activateNode(this, shouldActiveNow);
    }

    setSiblingIndex(index: number): void {
        if (!this._parent) return;
        const siblings = this._parent._children;
        index = index >= 0 ? index : siblings.length + index;
        const oldIndex = siblings.indexOf(this);
        if (index === oldIndex) return;
        siblings.splice(oldIndex, 1);
        if (index < siblings.length) siblings.splice(index, 0, this);
        else siblings.push(this);
        this._parent._updateSiblingIndex();
    }

    _updateSiblingIndex(): void {
        for (let i = 0; i < this._children.length; ++i) this._children[i]._siblingIndex = i;
        this.emit(NodeEventType.CHILDREN_ORDER_CHANGED);
    }

    // ---- activation and destruction ----

    get active(): boolean { return this._active; }
    get activeInHierarchy(): boolean { return this._activeInHierarchy; }

    set active(isActive: boolean) {
        isActive = !!isActive;
        if (this._active === isActive) return;
        this._active = isActive;
        const parent = this._parent;
        if (parent && parent._activeInHierarchy) director._nodeActivator.activateNode(this, isActive);
    }

    _onPostActivated(active: boolean): void {
        this.emit(NodeEventType.ACTIVE_CHANGED, this, active);
        if (active) this.invalidateChildren(TransformBit.TRS); // in case transform updated during deactivated period
    }

    /** `active` turns false at once; the node is really destroyed by the next `tick` (after lateUpdate). */
    override destroy(): boolean {
        if (!super.destroy()) return false;
        this.active = false;
        return true;
    }

    override _onPreDestroy(): boolean {
        this._objFlags |= Destroying;
        const parent = this._parent;
        const destroyByParent = !!parent && (parent._objFlags & Destroying) !== 0;
        if (!destroyByParent && parent) {
            this.emit(NodeEventType.PARENT_CHANGED, this);
            parent._children.splice(parent._children.indexOf(this), 1);
            this._siblingIndex = 0;
            parent._updateSiblingIndex();
            parent.emit(NodeEventType.CHILD_REMOVED, this);
        }
        this.emit(NodeEventType.NODE_DESTROYED, this);
        this._eventProcessor.clear();
        for (let i = 0; i < this._children.length; ++i) this._children[i]._destroyImmediate();
        for (let i = 0; i < this._components.length; ++i) this._components[i]._destroyImmediate();
        return destroyByParent;
    }

    // ---- components ----

    get components(): ReadonlyArray<Component> { return this._components; }

    /** Adds the `_requireComponent`s first (like the engine); activates the component if the node is active. */
    addComponent<T extends Component>(typeOrClassName: string | Constructor<T>): T {
        const constructor = typeof typeOrClassName === 'string' ? classByName.get(typeOrClassName) : typeOrClassName;
        if (typeof constructor !== 'function' || !(constructor === Component || constructor.prototype instanceof Component)) {
            throw TypeError(`addComponent: Failed to get class '${String(typeOrClassName)}' (or it is not a cc.Component)`);
        }
        const reqComps = (constructor as unknown as typeof Component)._requireComponent;
        for (const reqComp of !reqComps ? [] : Array.isArray(reqComps) ? reqComps : [reqComps]) {
            if (!this.getComponent(reqComp)) this.addComponent(reqComp);
        }
        const component = new (constructor as Constructor<T>)();
        component.node = this;
        this._components.push(component);
        this.emit(NodeEventType.COMPONENT_ADDED, component);
        if (this._activeInHierarchy) director._nodeActivator.activateComp(component);
        return component;
    }

    getComponent<T extends Component>(typeOrClassName: string | Constructor<T> | AbstractedConstructor<T>): T | null {
        const constructor = typeof typeOrClassName === 'string' ? classByName.get(typeOrClassName) : typeOrClassName;
        if (!constructor) return null;
        for (const comp of this._components) if (comp instanceof constructor) return comp as T;
        return null;
    }

    getComponentInChildren<T extends Component>(classConstructor: Constructor<T> | AbstractedConstructor<T>): T | null {
        for (const child of this._children) {
            const comp = child.getComponent(classConstructor) ?? child.getComponentInChildren(classConstructor);
            if (comp) return comp;
        }
        return null;
    }

    _removeComponent(component: Component): void {
        if (this._objFlags & Destroying) return;
        const i = this._components.indexOf(component);
        if (i === -1) return;
        this._components.splice(i, 1);
        this.emit(NodeEventType.COMPONENT_REMOVED, component);
    }

    // ---- events ----

    on(type: string, callback: AnyFunction, target?: unknown, _useCapture?: boolean): void { this._eventProcessor.on(type, callback, target); }
    off(type: string, callback?: AnyFunction, target?: unknown, _useCapture?: boolean): void { this._eventProcessor.off(type, callback, target); }
    once(type: string, callback: AnyFunction, target?: unknown, _useCapture?: boolean): void { this._eventProcessor.once(type, callback, target); }

    emit(type: string, arg0?: unknown, arg1?: unknown, arg2?: unknown, arg3?: unknown, arg4?: unknown): void {
        this._eventProcessor.emit(type, arg0, arg1, arg2, arg3, arg4);
    }

    // ---- transform ----

    private _transformChanged(dirtyBit: number): void {
        this.invalidateChildren(dirtyBit);
        this.emit(NodeEventType.TRANSFORM_CHANGED, dirtyBit);
    }

    get position(): Readonly<Vec3> { return this._lpos; }

    /**
     * Ignored when equal to the current position within EPSILON (Vec3.equals), like the engine. The
     * (x, y, z) form goes through `Vec3.set`, which turns NaN into 0; a Vec3 argument is copied as is.
     */
    setPosition(val: Readonly<Vec3> | number, y?: number, z?: number): void {
        const localPosition = this._lpos;
        if (nativeEngine.on && y !== undefined) {
            // node.jsb.ts: the numbers are written as given (a NaN stays NaN).
            v3_a.x = val as number; v3_a.y = y; v3_a.z = z === undefined ? localPosition.z : z;
        }
        const v = y === undefined ? val as Vec3 : nativeEngine.on ? v3_a : v3_a.set(val as number, y, z === undefined ? localPosition.z : z);
        if (localPosition.equals(v)) return;
        Vec3.copy(localPosition, v);
        if (nativeEngine.on) froundVec3(localPosition);
        this._transformChanged(TransformBit.POSITION);
    }

    get worldPosition(): Readonly<Vec3> {
        if (nativeEngine.on) return this.getWorldPosition(); // node.jsb.ts: a new Vec3 through Vec3#set (NaN reads 0)
        this.updateWorldTransform();
        return this._pos;
    }

    getWorldPosition(out?: Vec3): Vec3 {
        this.updateWorldTransform();
        if (nativeEngine.on) return (out ?? new Vec3()).set(this._pos.x, this._pos.y, this._pos.z);
        return Vec3.copy(out ?? new Vec3(), this._pos);
    }

    /** Like the engine: the local position is recomputed through the parent's inverse world matrix. */
    setWorldPosition(val: Readonly<Vec3> | number, y?: number, z?: number): void {
        const worldPosition = this._pos;
        const parent = this._parent;
        const forceUpdateLocalPosition = !!parent && (this._transformFlags & TransformBit.POSITION) !== TransformBit.NONE;
        const v = y === undefined ? val as Vec3 : Vec3.set(v3_a, val as number, y, z!);
        // Natively Node.cpp compares with approxEquals (relative CC_FLOAT_CMP_PRECISION, 1e-5).
        if (!forceUpdateLocalPosition && worldPosition.equals(v, nativeEngine.on ? 1e-5 : undefined)) return;
        Vec3.copy(worldPosition, v);
        if (parent) {
            parent.updateWorldTransform();
            Vec3.transformMat4(this._lpos, worldPosition, Mat4.invert(m4_1, parent._mat));
        } else {
            Vec3.copy(this._lpos, worldPosition);
        }
        if (nativeEngine.on) froundVec3(this._lpos);
        this._transformChanged(TransformBit.POSITION);
    }

    /** World rotation, decomposed from the world matrix (Mat4.toSRT), like the engine. */
    get worldRotation(): Readonly<Quat> {
        this.updateWorldTransform();
        return this._rot;
    }

    setWorldRotation(val: Readonly<Quat> | number, y?: number, z?: number, w?: number): void {
        const worldRotation = this._rot;
        const parent = this._parent;
        const forceUpdateLocalRotation = !!parent && (this._transformFlags & TransformBit.ROTATION) !== TransformBit.NONE;
        const q = y === undefined ? val as Quat : Quat.set(q_a, val as number, y, z!, w!);
        if (!forceUpdateLocalRotation && worldRotation.equals(q)) return;
        Quat.copy(worldRotation, q);
        if (parent) {
            parent.updateWorldTransform();
            Quat.multiply(this._lrot, Quat.conjugate(this._lrot, parent._rot), worldRotation);
        } else {
            Quat.copy(this._lrot, worldRotation);
        }
        this._eulerDirty = true;
        this._transformChanged(TransformBit.ROTATION);
    }

    /** World scale, decomposed from the world matrix (Mat4.toSRT; a mirror image gives x < 0), like the engine. */
    get worldScale(): Readonly<Vec3> {
        this.updateWorldTransform();
        return this._scale;
    }

    /** The engine's algorithm (including its handling of zero scales). */
    setWorldScale(val: Readonly<Vec3> | number, y?: number, z?: number): void {
        const worldScale = this._scale;
        const parent = this._parent;
        const forceUpdateLocalScale = !!parent && (this._transformFlags & TransformBit.SCALE) !== TransformBit.NONE;
        if (parent) this.updateWorldTransform();
        const v = y === undefined ? val as Vec3 : Vec3.set(v3_a, val as number, y, z!);
        if (!forceUpdateLocalScale && worldScale.equals(v)) return;
        Vec3.copy(worldScale, v);
        let rotationFlag: number = TransformBit.NONE;
        if (parent) {
            const mat = this._mat;
            const xScale = Vec3.set(v3_b, mat.m00, mat.m01, mat.m02).length();
            const yScale = Vec3.set(v3_b, mat.m04, mat.m05, mat.m06).length();
            const zScale = Vec3.set(v3_b, mat.m08, mat.m09, mat.m10).length();
            // A zero axis: its scale is taken as is and the matrix gets a 1 on that axis.
            if (xScale === 0) { v3_a.x = worldScale.x; mat.m00 = 1; rotationFlag = TransformBit.ROTATION; } else v3_a.x = worldScale.x / xScale;
            if (yScale === 0) { v3_a.y = worldScale.y; mat.m05 = 1; rotationFlag = TransformBit.ROTATION; } else v3_a.y = worldScale.y / yScale;
            if (zScale === 0) { v3_a.z = worldScale.z; mat.m10 = 1; rotationFlag = TransformBit.ROTATION; } else v3_a.z = worldScale.z / zScale;
            Mat4.scale(m4_1, mat, v3_a);
            Mat4.multiply(m4_2, Mat4.invert(m4_2, parent._mat), m4_1);
            Mat3.fromQuat(m3_1, Quat.conjugate(qt_1, this._lrot));
            Mat3.multiplyMat4(m3_1, m3_1, m4_2);
            const localScale = this._lscale;
            localScale.x = Vec3.set(v3_a, m3_1.m00, m3_1.m01, m3_1.m02).length();
            localScale.y = Vec3.set(v3_a, m3_1.m03, m3_1.m04, m3_1.m05).length();
            localScale.z = Vec3.set(v3_a, m3_1.m06, m3_1.m07, m3_1.m08).length();
            if (localScale.x === 0 || localScale.y === 0 || localScale.z === 0) rotationFlag = TransformBit.ROTATION;
        } else {
            Vec3.copy(this._lscale, worldScale);
        }
        this._transformChanged(TransformBit.SCALE | rotationFlag);
    }

    /** Euler angles in degrees; the quaternion is `Quat.fromEuler` (half-angle sin/cos), like the engine. */
    setRotationFromEuler(val: Readonly<Vec3> | number, y?: number, zOpt?: number): void {
        const euler = this._euler;
        const v = y === undefined ? val as Vec3 : Vec3.set(v3_a, val as number, y, zOpt === undefined ? euler.z : zOpt);
        if (euler.equals(v)) return;
        Vec3.copy(euler, v);
        Quat.fromEuler(this._lrot, v.x, v.y, v.z);
        this._eulerDirty = false;
        this._transformChanged(TransformBit.ROTATION);
    }

    get eulerAngles(): Readonly<Vec3> {
        if (this._eulerDirty) {
            Quat.toEuler(this._euler, this._lrot);
            this._eulerDirty = false;
        }
        return this._euler;
    }

    get angle(): number { return this.eulerAngles.z; }

    setScale(val: Readonly<Vec3> | number, y?: number, z?: number): void {
        const localScale = this._lscale;
        if (nativeEngine.on && y !== undefined) {
            // node.jsb.ts: the numbers are written as given (a NaN stays NaN).
            v3_a.x = val as number; v3_a.y = y; v3_a.z = z === undefined ? localScale.z : z;
        }
        const v = y === undefined ? val as Vec3 : nativeEngine.on ? v3_a : Vec3.set(v3_a, val as number, y, z === undefined ? localScale.z : z);
        if (localScale.equals(v)) return;
        Vec3.copy(localScale, v);
        this._transformChanged(TransformBit.SCALE);
    }

    /** Always current: brings the world transform up to date first (like the engine). */
    get worldMatrix(): Readonly<Mat4> {
        if (nativeEngine.on) return this.getWorldMatrix(); // node.jsb.ts: a new Mat4 filled from C++ per read
        this.updateWorldTransform();
        return this._mat;
    }

    getWorldMatrix(out?: Mat4): Mat4 {
        this.updateWorldTransform();
        return Mat4.copy(out ?? new Mat4(), this._mat);
    }

    /** Non-zero when this node's or an ancestor's transform changed since `Node.resetHasChangedFlags()`. */
    get hasChangedFlags(): number {
        return this._flagChangeVersion === globalFlagChangeVersion ? this._hasChangedFlags : 0;
    }

    set hasChangedFlags(val: number) {
        this._flagChangeVersion = globalFlagChangeVersion;
        this._hasChangedFlags = val;
    }

    /** Marks this node and its descendants dirty (engine algorithm, including its shortcut). */
    invalidateChildren(dirtyBit: number): void {
        let i = 0;
        const childDirtyBit = dirtyBit | TransformBit.POSITION;
        dirtyNodes[0] = this;
        while (i >= 0) {
            const cur = dirtyNodes[i--];
            const hasChangedFlags = cur.hasChangedFlags;
            if (cur.isValid && (cur._transformFlags & hasChangedFlags & dirtyBit) !== dirtyBit) {
                cur._transformFlags |= dirtyBit;
                cur.hasChangedFlags = hasChangedFlags | dirtyBit;
                const children = cur._children;
                for (let j = 0, l = children.length; j < l; j++) dirtyNodes[++i] = children[j];
            }
            dirtyBit = childDirtyBit;
        }
    }

    /** The engine's algorithm: world = parent.world × fromSRT(local), recomputed from the first dirty ancestor. */
    updateWorldTransform(): void {
        if (!this._transformFlags) return;
        let cur: Node | null = this;
        let i = 0;
        while (cur && cur._transformFlags) {
            dirtyNodes[i++] = cur;
            cur = cur._parent;
        }
        let dirtyBits = 0;
        while (i) {
            const child = dirtyNodes[--i];
            dirtyBits |= child._transformFlags;
            if (cur) {
                if (dirtyBits & TransformBit.POSITION) {
                    Vec3.transformMat4(child._pos, child._lpos, cur._mat);
                    child._mat.m12 = child._pos.x; child._mat.m13 = child._pos.y; child._mat.m14 = child._pos.z;
                }
                if (dirtyBits & TransformBit.RS) {
                    Mat4.fromSRT(child._mat, child._lrot, child._lpos, child._lscale);
                    Mat4.multiply(child._mat, cur._mat, child._mat);
                    const rotTmp = dirtyBits & TransformBit.ROTATION ? child._rot : null;
                    Mat4.toSRT(child._mat, rotTmp, null, child._scale);
                }
            } else {
                if (dirtyBits & TransformBit.POSITION) {
                    Vec3.copy(child._pos, child._lpos);
                    child._mat.m12 = child._pos.x; child._mat.m13 = child._pos.y; child._mat.m14 = child._pos.z;
                }
                if (dirtyBits & TransformBit.RS) {
                    if (dirtyBits & TransformBit.ROTATION) Quat.copy(child._rot, child._lrot);
                    if (dirtyBits & TransformBit.SCALE) Vec3.copy(child._scale, child._lscale);
                    Mat4.fromSRT(child._mat, child._rot, child._pos, child._scale); // the engine's fromRTS, an alias
                }
            }
            if (nativeEngine.on) { froundVec3(child._pos); froundMat4(child._mat); } // the C++ node keeps floats
            child._transformFlags = TransformBit.NONE;
            cur = child;
        }
    }
}

// ---- Component (`cocos/scene-graph/component.ts`), Scene (`cocos/scene-graph/scene.ts`) ----------

/**
 * Mirrors `Component` of `cocos/scene-graph/component.ts`. Subclasses define the optional life-cycle
 * methods; the double calls them when and in the order the engine does (see NodeActivator,
 * ComponentScheduler and Director.tick). The scheduler (`schedule*`) is not modelled.
 */
export class Component extends CCObject {
    static _executionOrder = 0;
    static _requireComponent: Constructor<Component> | Constructor<Component>[] | null = null;

    node: Node = null!;
    _enabled = true;
    _id: string = newId('Comp');

    get enabled(): boolean { return this._enabled; }

    set enabled(value: boolean) {
        if (this._enabled === value) return;
        this._enabled = value;
        if (!this.node.activeInHierarchy) return;
        if (value) director._compScheduler.enableComp(this);
        else director._compScheduler.disableComp(this);
    }

    get enabledInHierarchy(): boolean { return this._enabled && !!this.node && this.node.activeInHierarchy; }

    /** Mirrors `Component._getRenderScene`: the render scene of the node's scene (its cameras). */
    _getRenderScene(): RenderScene { return (this.node.scene as Scene).renderScene; }

    getComponent<T extends Component>(typeOrClassName: string | Constructor<T> | AbstractedConstructor<T>): T | null {
        return this.node.getComponent(typeOrClassName);
    }

    /** onDisable at once; onDestroy and the removal from the node at the next `tick`. */
    override destroy(): boolean {
        if (!super.destroy()) return false;
        if (this._enabled && this.node.activeInHierarchy) director._compScheduler.disableComp(this);
        return true;
    }

    override _onPreDestroy(): void {
        director._nodeActivator.destroyComp(this);
        this.node._removeComponent(this);
    }

    // Life-cycle methods (optional, as in the engine).
    protected update?(dt: number): void;
    protected lateUpdate?(dt: number): void;
    protected __preload?(): void;
    protected onLoad?(): void;
    protected start?(): void;
    protected onEnable?(): void;
    protected onDisable?(): void;
    protected onDestroy?(): void;

    get internalUpdate(): ((dt: number) => void) | undefined { return this.update; }
    get internalLateUpdate(): ((dt: number) => void) | undefined { return this.lateUpdate; }
    get internalPreload(): (() => void) | undefined { return this.__preload; }
    get internalOnLoad(): (() => void) | undefined { return this.onLoad; }
    get internalStart(): (() => void) | undefined { return this.start; }
    get internalOnEnable(): (() => void) | undefined { return this.onEnable; }
    get internalOnDisable(): (() => void) | undefined { return this.onDisable; }
    get internalOnDestroy(): (() => void) | undefined { return this.onDestroy; }
}

/**
 * Mirrors the parts of a render camera (`cocos/render-scene/scene/camera.ts`) that
 * `UITransform.hitTest` uses: an orthographic camera, not rotated, over the whole window
 * (`screenToWorld` is the engine's ortho branch for that case). The engine's Camera component
 * makes one and adds it to the scene's render scene; here a test does (`scene.renderScene.cameras`).
 */
export class RenderCamera {
    visibility = Layers.Enum.UI_2D;
    systemWindowId = 0;
    window: { swapchain: unknown } | null = { swapchain: {} };
    constructor(public x: number, public y: number, public orthoHeight: number, public width: number, public height: number) {}

    screenToWorld(out: Vec3, screenPos: Readonly<Vec3>): Vec3 {
        const nx = screenPos.x / this.width * 2 - 1, ny = screenPos.y / this.height * 2 - 1;
        return out.set(this.x + nx * this.orthoHeight * (this.width / this.height), this.y + ny * this.orthoHeight, 0);
    }
}

/** Mirrors `RenderScene` (`cocos/render-scene/core/render-scene.ts`): its cameras. */
export class RenderScene {
    cameras: RenderCamera[] = [];
}

/** Mirrors `Scene` of `cocos/scene-graph/scene.ts`: the root; its own transform is the identity. */
export class Scene extends Node {
    /** Mirrors `Scene.renderScene` (cameras only). */
    renderScene = new RenderScene();
    override _onPostActivated(_active: boolean): void { /* nothing */ }
    override updateWorldTransform(): void { /* nothing */ }

    override destroy(): boolean {
        const success = CCObject.prototype.destroy.call(this);
        if (success) for (let i = 0; i < this._children.length; ++i) this._children[i].active = false;
        this._active = false;
        this._activeInHierarchy = false;
        return success;
    }
}

// ---- System, Director, Game, Settings -----------------------------------------------------------

/** Mirrors `System` of `cocos/core/system.ts` (the director never calls `init` / `destroy` here). */
export class System {
    static Priority = Enum({ LOW: 0, MEDIUM: 100, HIGH: 200, SCHEDULER: (1 << 31) >>> 0 });

    protected _id = '';
    protected _priority = 0;

    set priority(value: number) { this._priority = value; }
    get priority(): number { return this._priority; }
    set id(id: string) { this._id = id; }
    get id(): string { return this._id; }
    update(_dt: number): void { /* empty */ }
    postUpdate(_dt: number): void { /* empty */ }

    /** Descending priority (Array.prototype.sort is stable, so equal priorities keep their order). */
    static sortByPriority(a: System, b: System): number {
        if (a._priority < b._priority) return 1;
        if (a._priority > b.priority) return -1;
        return 0;
    }
}

/**
 * Mirrors `Director` of `cocos/game/director.ts` (no rendering, no scene loading, no pause). `tick(dt)`
 * runs a frame in the engine's order; `registerSystem` does not call `init()` (the engine calls it
 * only for systems registered before `director.init()`).
 */
export class Director extends EventTarget {
    static readonly EVENT_BEFORE_UPDATE = 'director_before_update';
    static readonly EVENT_AFTER_UPDATE = 'director_after_update';
    static readonly EVENT_BEFORE_DRAW = 'director_before_draw';
    static readonly EVENT_AFTER_DRAW = 'director_after_draw';
    static readonly EVENT_BEGIN_FRAME = 'director_begin_frame';
    static readonly EVENT_END_FRAME = 'director_end_frame';
    static instance: Director;

    _compScheduler = new ComponentScheduler();
    _nodeActivator = new NodeActivator();
    _systems: System[] = [];
    _scene: Scene | null = null;
    _totalFrames = 0;

    getSystem(name: string): System | undefined { return this._systems.find((sys) => sys.id === name); }
    getScene(): Scene | null { return this._scene; }
    getTotalFrames(): number { return this._totalFrames; }

    registerSystem(name: string, sys: System, priority: number): void {
        sys.id = name;
        sys.priority = priority;
        this._systems.push(sys);
        this._systems.sort(System.sortByPriority);
    }

    unregisterSystem(sys: System): void {
        fastRemoveAt(this._systems, this._systems.indexOf(sys));
        this._systems.sort(System.sortByPriority);
    }

    /** One frame, in the order of `Director.tick` (cocos/game/director.ts), minus input and rendering. */
    tick(dt: number): void {
        this.emit(Director.EVENT_BEGIN_FRAME);
        this.emit(Director.EVENT_BEFORE_UPDATE);
        this._compScheduler.startPhase(); // start for newly added components
        this._compScheduler.updatePhase(dt);
        for (let i = 0; i < this._systems.length; ++i) this._systems[i].update(dt);
        this._compScheduler.lateUpdatePhase(dt);
        this.emit(Director.EVENT_AFTER_UPDATE);
        CCObject._deferredDestroy(); // destroy what was destroyed recently
        for (let i = 0; i < this._systems.length; ++i) this._systems[i].postUpdate(dt);
        this.emit(Director.EVENT_BEFORE_DRAW);
        // (the engine renders here: uiRendererManager.updateAllDirtyRenderers(), root.frameMove(dt))
        this.emit(Director.EVENT_AFTER_DRAW);
        Node.resetHasChangedFlags();
        this.emit(Director.EVENT_END_FRAME);
        this._totalFrames++;
    }
}

export const director = new Director();
Director.instance = director;

/** Mirrors `Game` of `cocos/game/game.ts`: always inited; ENGINE_INITED / GAME_INITED listeners run at once. */
export class Game extends EventTarget {
    static readonly EVENT_GAME_INITED = 'game_inited';
    static readonly EVENT_ENGINE_INITED = 'engine_inited';
    static readonly EVENT_RENDERER_INITED = 'renderer_inited';

    get inited(): boolean { return true; }

    private _canRegisterEvent(type: EventKey): boolean {
        return type === Game.EVENT_ENGINE_INITED || type === Game.EVENT_GAME_INITED || type === Game.EVENT_RENDERER_INITED;
    }

    /** Like the engine: an *_INITED listener is called at once, and also registered. */
    override on<TFunction extends AnyFunction>(type: EventKey, callback: TFunction, target?: unknown, once?: boolean): TFunction {
        if (this._canRegisterEvent(type)) callback.call(target);
        return super.on(type, callback, target, once);
    }

    /** Like the engine: an *_INITED listener is called at once and not registered. */
    override once<TFunction extends AnyFunction>(type: EventKey, callback: TFunction, target?: unknown): TFunction {
        if (this._canRegisterEvent(type)) return callback.call(target) as TFunction;
        return super.once(type, callback, target);
    }
}

export const game = new Game();

/**
 * Mirrors `Settings` of `cocos/core/settings.ts`: overrides win over the project's settings.
 * Double-only: `_setProjectSettings(data)` stands for the project's settings.json, e.g.
 * `{ physics: { collisionGroups: [{ index: 1, name: 'A' }], collisionMatrix: { 0: 1, 1: 3 } } }`.
 */
export class Settings {
    /** `SettingsCategory` of `cocos/core/settings.ts`. */
    static Category = {
        PATH: 'path', ENGINE: 'engine', ASSETS: 'assets', SCRIPTING: 'scripting', PHYSICS: 'physics', RENDERING: 'rendering',
        LAUNCH: 'launch', SCREEN: 'screen', SPLASH_SCREEN: 'splashScreen', ANIMATION: 'animation', PROFILING: 'profiling',
        PLUGINS: 'plugins', XR: 'xr',
    } as const;

    private _settings: Record<string, Record<string, unknown> | undefined> = {};
    private _override: Record<string, Record<string, unknown> | undefined> = {};

    overrideSettings<T = unknown>(category: string, name: string, value: T): void {
        (this._override[category] ??= {})[name] = value;
    }

    querySettings<T = any>(category: string, name: string): T | null {
        for (const source of [this._override, this._settings]) {
            const categorySettings = source[category];
            if (categorySettings && name in categorySettings) return categorySettings[name] as T;
        }
        return null;
    }

    /** Double-only: replaces the project settings (what settings.json would hold). */
    _setProjectSettings(data: Record<string, Record<string, unknown>>): void { this._settings = { ...data }; }
    /** Double-only: forgets project settings and overrides. */
    _reset(): void { this._settings = {}; this._override = {}; }
}

export const settings = new Settings();

/** Double-only: sets what the project's settings.json holds (see `Settings`). */
export function setProjectSettings(data: Record<string, Record<string, unknown>>): void {
    settings._setProjectSettings(data);
}

// ---- Assets -----------------------------------------------------------------------------------

/** Mirrors `Asset` of `cocos/asset/assets/asset.ts` (a uuid; no ref counting, no events). */
export class Asset extends CCObject {
    _uuid = '';
    get uuid(): string { return this._uuid; }
    get isDefault(): boolean { return false; }
}

/**
 * Mirrors the registry of `EffectAsset` (`cocos/asset/assets/effect-asset.ts`): loaded effects
 * register by name; `get(name)`, `getAll()`. No techniques or shaders (nothing here compiles them).
 */
export class EffectAsset extends Asset {
    private static _effects: Record<string, EffectAsset> = {};
    override name = '';
    static register(asset: EffectAsset): void { EffectAsset._effects[asset.name] = asset; }
    static remove(asset: EffectAsset | string): void { delete EffectAsset._effects[typeof asset === 'string' ? asset : asset.name]; }
    static get(name: string): EffectAsset | null { return EffectAsset._effects[name] ?? null; }
    static getAll(): Record<string, EffectAsset> { return EffectAsset._effects; }
}

/**
 * Mirrors `assetManager.loadAny(uuid, onComplete)` (`cocos/asset/asset-manager/asset-manager.ts`)
 * for assets already in its cache, `assetManager.assets` (what a loaded bundle or scene put
 * there): the callback gets the asset, later (the engine's pipeline is asynchronous); an uuid
 * not in the cache gets an error (nothing here downloads).
 */
const cachedAssets = new Map<string, Asset>();
export const assetManager = {
    assets: {
        add(id: string, asset: Asset): Asset { cachedAssets.set(id, asset); return asset; },
        get(id: string): Asset | null { return cachedAssets.get(id) ?? null; },
        remove(id: string): Asset | null { const a = cachedAssets.get(id) ?? null; cachedAssets.delete(id); return a; },
    },
    loadAny<T = Asset>(request: string | { uuid: string }, onComplete: (err: Error | null, asset: T) => void): void {
        const uuid = typeof request === 'string' ? request : request.uuid;
        const asset = cachedAssets.get(uuid);
        void Promise.resolve().then(() => {
            if (asset) onComplete(null, asset as unknown as T);
            else onComplete(new Error(`no asset with uuid ${uuid} in the cache`), null as unknown as T);
        });
    },
};

/**
 * `Material` is not modelled: only the engine-gfx GPU backend uses it, and its unit tests drive
 * the device through a software page backend; `initialize` says so instead of pretending.
 */
export class Material extends Asset {
    readonly passes: unknown[] = [];
    initialize(_info: unknown): void { throw new Error('Material is not modelled by the cc test double (use a software page backend)'); }
}

/** `PipelineStateManager` (cocos/rendering/pipeline-state-manager.ts) is not modelled either. */
export class PipelineStateManager {
    static getOrCreatePipelineState(): never { throw new Error('PipelineStateManager is not modelled by the cc test double'); }
}

/** Mirrors `PixelFormat` of `cocos/asset/assets/asset-enum.ts` (RGBA8888 and the bounds of the compressed ranges). */
export enum PixelFormat { RGBA8888 = 35, RGB_ETC1 = 72, RGBA_ASTC_12x12 = 102, RGB_A_PVRTC_2BPPV1 = 1024, RGBA_ETC1 = 1026 }

/** Mirrors `Filter` of `cocos/asset/assets/asset-enum.ts`. */
export enum Filter { NONE = 0, LINEAR = 2, NEAREST = 1 }

/** `isCompressedPixelFormat` (cocos/asset/assets/texture-base.ts): the ETC/PVRTC/ASTC ranges. */
function isCompressedFormat(format: number): boolean {
    return (format >= PixelFormat.RGB_ETC1 && format <= PixelFormat.RGBA_ASTC_12x12)
        || (format >= PixelFormat.RGB_A_PVRTC_2BPPV1 && format <= PixelFormat.RGBA_ETC1);
}

/**
 * Double-only stand-in for an `HTMLCanvasElement` image source (jest runs without a DOM). An
 * `ImageAsset` made from it reports it as `data`, as the engine reports a canvas; the runtime
 * reads a canvas only where `document` exists, so here it has a size and no pixels.
 */
export class FakeCanvas {
    constructor(public width: number, public height: number) {}
}

/** Mirrors `IMemoryImageSource` of `cocos/asset/assets/image-asset.ts`. */
export interface IMemoryImageSource { _data: ArrayBufferView | null; _compressed: boolean; width: number; height: number; format: number }

/**
 * Mirrors `ImageAsset` of `cocos/asset/assets/image-asset.ts`: `data` is the canvas for a canvas
 * source (a `FakeCanvas` here) and the `ArrayBufferView` (`_data`) for a memory source.
 */
export class ImageAsset extends Asset {
    private _nativeData: IMemoryImageSource | FakeCanvas = { _data: null, width: 0, height: 0, format: 0, _compressed: false };
    private _format: number = PixelFormat.RGBA8888;

    constructor(nativeAsset?: IMemoryImageSource | FakeCanvas) {
        super();
        if (nativeAsset !== undefined) this.reset(nativeAsset);
    }

    reset(data: IMemoryImageSource | FakeCanvas): void {
        this._nativeData = data;
        if (!(data instanceof FakeCanvas)) this._format = data.format;
    }

    get data(): ArrayBufferView | FakeCanvas | null {
        return this._nativeData instanceof FakeCanvas ? this._nativeData : this._nativeData._data;
    }

    get width(): number { return this._nativeData.width; }
    get height(): number { return this._nativeData.height; }
    get format(): number { return this._format; }
    /** A boolean on the web; natively a method (assets.i binds no attribute for it), here a function then. */
    get isCompressed(): boolean {
        if (nativeEngine.on) return (() => isCompressedFormat(this._format)) as unknown as boolean;
        return isCompressedFormat(this._format);
    }
}

/** Mirrors `TextureBase` of `cocos/asset/assets/texture-base.ts` (size, format, filters; no address modes). */
export class TextureBase extends Asset {
    static PixelFormat = PixelFormat;
    static Filter = Filter;

    protected _format: number = PixelFormat.RGBA8888;
    protected _minFilter: number = Filter.LINEAR;
    protected _magFilter: number = Filter.LINEAR;
    protected _mipFilter: number = Filter.NONE;
    protected _width = 1;
    protected _height = 1;

    get width(): number { return this._width; }
    get height(): number { return this._height; }
    get isCompressed(): boolean { return isCompressedFormat(this._format); }
    setFilters(minFilter: number, magFilter: number): void { this._minFilter = minFilter; this._magFilter = magFilter; }
    setMipFilter(mipFilter: number): void { this._mipFilter = mipFilter; }

    getSamplerInfo(): { minFilter: number; magFilter: number; mipFilter: number } {
        return { minFilter: this._minFilter, magFilter: this._magFilter, mipFilter: this._mipFilter };
    }
}

/** Mirrors `Texture2D` of `cocos/asset/assets/texture-2d.ts`: assigning `image` sets size and format. */
export class Texture2D extends TextureBase {
    _mipmaps: ImageAsset[] = [];

    get image(): ImageAsset | null { return this._mipmaps.length === 0 ? null : this._mipmaps[0]; }

    /** The engine's `mipmaps` setter with one level. */
    set image(value: ImageAsset | null) {
        this._mipmaps = value ? [value] : [];
        this.reset(value ? { width: value.width, height: value.height, format: value.format } : { width: 0, height: 0 });
    }

    reset(info: { width: number; height: number; format?: number }): void {
        this._width = info.width;
        this._height = info.height;
        this._format = info.format === undefined ? PixelFormat.RGBA8888 : info.format;
    }

    create(width: number, height: number, format: number = PixelFormat.RGBA8888): void {
        this.reset({ width, height, format });
    }
}

/** Mirrors `ISpriteFrameInitInfo` of `cocos/2d/assets/sprite-frame.ts`. */
export interface ISpriteFrameInitInfo { texture?: TextureBase; originalSize?: Size; rect?: Rect; offset?: Vec2; isRotate?: boolean }

/** The engine's `DynamicAtlasManager.maxFrameSize` default, used by `SpriteFrame._checkPackable`. */
const DYNAMIC_ATLAS_MAX_FRAME_SIZE = 512;

/**
 * Mirrors `SpriteFrame` of `cocos/2d/assets/sprite-frame.ts`: rect / originalSize / offset /
 * rotated / trimmedBorder / uv, `reset`, the texture setter (which clears the frame: quirk 5),
 * `_refreshTexture` (a reset without originalSize gets the texture's size: quirk 4) and the
 * dynamic-atlas hooks `_setDynamicAtlasFrame` / `_resetDynamicAtlasFrame`. Not modelled: uv
 * flipping, unbiased uv, cap insets / sliced uv, meshes, the `uv_updated` event.
 */
export class SpriteFrame extends Asset {
    /** 8 numbers: (u, v) of vertices 0..3 (left-bottom, right-bottom, left-top, right-top); v = 0 is the top. */
    uv: number[] = [];

    /** 9-slice borders in texels (the engine's insetLeft / Top / Right / Bottom; TILED and SLICED use them). */
    insetLeft = 0;
    insetTop = 0;
    insetRight = 0;
    insetBottom = 0;
    protected _rect = new Rect();
    protected _trimmedBorder = new Vec4();
    protected _offset = new Vec2();
    protected _originalSize = new Size();
    protected _rotated = false;
    protected _texture!: TextureBase;
    protected _original: { _texture: TextureBase; _x: number; _y: number } | null = null;
    protected _packable = true;

    get rect(): Rect { return this._rect; }
    get originalSize(): Size { return this._originalSize; }
    get offset(): Vec2 { return this._offset; }
    get rotated(): boolean { return this._rotated; }
    get texture(): TextureBase { return this._texture; }
    /** The texture's size (not the rect's), like the engine. */
    get width(): number { return this._texture.width; }
    get height(): number { return this._texture.height; }
    get packable(): boolean { return this._packable; }
    set packable(value: boolean) { this._packable = value; }
    /** Null, or where the frame was before it was packed into the dynamic atlas. */
    get original(): { _texture: TextureBase; _x: number; _y: number } | null { return this._original; }
    /** [left, right, bottom, top] as x, y, z, w (see `_calcTrimmedBorder`). */
    get trimmedBorder(): Vec4 { return this._trimmedBorder; }

    set rect(value: Rect) {
        if (this._rect.equals(value)) return;
        this._rect.set(value);
        if (this._texture) this._calculateUV();
        this._calcTrimmedBorder();
    }

    set originalSize(value: Size) {
        if (this._originalSize.equals(value)) return;
        this._originalSize.set(value);
        if (this._texture) this._calculateUV();
        this._calcTrimmedBorder();
    }

    set offset(value: Vec2) {
        this._offset.set(value);
        this._calcTrimmedBorder();
    }

    set rotated(rotated: boolean) {
        if (this._rotated === rotated) return;
        this._rotated = rotated;
        if (this._texture) this._calculateUV();
    }

    /** Clears rect, originalSize, offset and rotated, then takes the whole texture (engine quirk 5). */
    set texture(value: TextureBase) {
        if (!value) warn(`Error Texture in ${this.name}.`); // EngineErrorMap 3122
        else if (value !== this._texture) this.reset({ texture: value }, true);
    }

    reset(info?: ISpriteFrameInitInfo, clearData = false): void {
        let calUV = false;
        if (clearData) {
            this._originalSize.set(0, 0);
            this._rect.set(0, 0, 0, 0);
            this._offset.set(0, 0);
            this._rotated = false;
            calUV = true;
        }
        if (info) {
            if (info.texture) {
                this._rect.x = this._rect.y = 0;
                this._rect.width = info.texture.width;
                this._rect.height = info.texture.height;
                this._refreshTexture(info.texture);
                this.checkRect(this._texture);
            }
            if (info.originalSize) this._originalSize.set(info.originalSize);
            if (info.rect) this._rect.set(info.rect);
            if (info.offset) this._offset.set(info.offset);
            if (info.isRotate !== undefined) this._rotated = !!info.isRotate;
            calUV = true;
        }
        if (calUV && this.texture) this._calculateUV();
        this._calcTrimmedBorder();
    }

    checkRect(texture: TextureBase): boolean {
        const rect = this._rect;
        const maxX = rect.x + (this._rotated ? rect.height : rect.width);
        const maxY = rect.y + (this._rotated ? rect.width : rect.height);
        const what = `${this.name}/${texture.name}`;
        if (maxX > texture.width) error(format('Rect width exceeds maximum margin: %s', what, maxX, texture.width)); // 3300
        else if (maxY > texture.height) error(format('Rect height exceeds maximum margin: %s', what, maxY, texture.height)); // 3301
        else return true;
        return false;
    }

    private _calcTrimmedBorder(): void {
        const halfTrimmedWidth = (this._originalSize.width - this._rect.width) * 0.5;
        const halfTrimmedHeight = (this._originalSize.height - this._rect.height) * 0.5;
        this._trimmedBorder.x = this._offset.x + halfTrimmedWidth; // left
        this._trimmedBorder.y = this._offset.x - halfTrimmedWidth; // right
        this._trimmedBorder.z = this._offset.y + halfTrimmedHeight; // bottom
        this._trimmedBorder.w = this._offset.y - halfTrimmedHeight; // top
    }

    /** The engine's `_calculateUV` without the flip branches. */
    _calculateUV(): void {
        const rect = this._rect;
        const uv = this.uv;
        const texw = this.texture.width;
        const texh = this.texture.height;
        if (this._rotated) {
            const l = texw === 0 ? 0 : rect.x / texw;
            const r = texw === 0 ? 1 : (rect.x + rect.height) / texw;
            const t = texh === 0 ? 0 : rect.y / texh;
            const b = texh === 0 ? 1 : (rect.y + rect.width) / texh;
            uv[0] = l; uv[1] = t; uv[2] = l; uv[3] = b; uv[4] = r; uv[5] = t; uv[6] = r; uv[7] = b;
        } else {
            const l = texw === 0 ? 0 : rect.x / texw;
            const r = texw === 0 ? 1 : (rect.x + rect.width) / texw;
            const b = texh === 0 ? 1 : (rect.y + rect.height) / texh;
            const t = texh === 0 ? 0 : rect.y / texh;
            uv[0] = l; uv[1] = b; uv[2] = r; uv[3] = b; uv[4] = l; uv[5] = t; uv[6] = r; uv[7] = t;
        }
    }

    /** What the dynamic atlas does to a frame it packs: texture and rect.x/y move, `original` keeps the old ones. */
    _setDynamicAtlasFrame(frame: { texture: TextureBase; x: number; y: number } | null): void {
        if (!frame) return;
        this._original = { _texture: this._texture, _x: this._rect.x, _y: this._rect.y };
        this._texture = frame.texture;
        this._rect.x = frame.x;
        this._rect.y = frame.y;
        this._calculateUV();
    }

    _resetDynamicAtlasFrame(): void {
        if (!this._original) return;
        this._rect.x = this._original._x;
        this._rect.y = this._original._y;
        this._texture = this._original._texture;
        this._original = null;
        this._calculateUV();
    }

    /**
     * The engine's `_checkPackable`: not a Texture2D, compressed, no image or larger than
     * maxFrameSize (512) -> not packable. Its last test, `texture.image instanceof HTMLCanvasElement`,
     * looks at the ImageAsset (never a canvas), so it never sets `packable = true`: nothing to mirror.
     */
    _checkPackable(): void {
        const texture = this._texture;
        if (!(texture instanceof Texture2D) || texture.isCompressed) {
            this._packable = false;
        } else if (!texture.image || this.width > DYNAMIC_ATLAS_MAX_FRAME_SIZE || this.height > DYNAMIC_ATLAS_MAX_FRAME_SIZE) {
            this._packable = false;
        }
    }

    protected _refreshTexture(texture: TextureBase): void {
        this._texture = texture;
        const tex = this._texture;
        const config: ISpriteFrameInitInfo = {};
        let isReset = false;
        if (this._rect.width === 0 || this._rect.height === 0 || !this.checkRect(tex)) {
            config.rect = new Rect(0, 0, tex.width, tex.height);
            isReset = true;
        }
        // If original size is not set or rect check failed, we should reset the original size
        if (this._originalSize.width === 0 || this._originalSize.height === 0 || isReset) {
            config.originalSize = new Size(tex.width, tex.height);
            isReset = true;
        }
        if (isReset) this.reset(config);
        this._checkPackable();
    }
}

/** Mirrors `BufferAsset` of `cocos/asset/assets/buffer-asset.ts`. */
export class BufferAsset extends Asset {
    private _buffer: ArrayBuffer | null = null;

    set _nativeAsset(bin: ArrayBuffer | ArrayBufferView | null) {
        this._buffer = bin instanceof ArrayBuffer || bin === null ? bin : bin.buffer as ArrayBuffer;
    }

    buffer(): ArrayBuffer { return this._buffer!; }
}

/** Mirrors `JsonAsset` of `cocos/asset/assets/json-asset.ts`. */
export class JsonAsset extends Asset {
    json: Record<string, any> | null = null;
}

// ---- 2D components ----------------------------------------------------------------------------

/**
 * Mirrors `UITransform` of `cocos/2d/framework/ui-transform.ts`: content size (default 100 × 100)
 * and anchor (default 0.5, 0.5), set through `setContentSize` / `setAnchorPoint`. `setContentSize`
 * ignores a size within 1e-6 (absolute) of the current one, like the engine. Not modelled: the
 * property setters, bounding boxes, hit tests, priority.
 */
export class UITransform extends Component {
    static override _executionOrder = 110;

    protected _contentSize = new Size(100, 100);
    protected _anchorPoint = new Vec2(0.5, 0.5);

    get contentSize(): Readonly<Size> { return this._contentSize; }
    get width(): number { return this._contentSize.width; }
    get height(): number { return this._contentSize.height; }
    get anchorPoint(): Readonly<Vec2> { return this._anchorPoint; }
    get anchorX(): number { return this._anchorPoint.x; }
    get anchorY(): number { return this._anchorPoint.y; }

    setContentSize(size: Readonly<Size> | number, height?: number): void {
        const locContentSize = this._contentSize;
        const locWidth = height === undefined ? (size as Size).width : size as number;
        const locHeight = height === undefined ? (size as Size).height : height;
        if (approx(locWidth, locContentSize.width) && approx(locHeight, locContentSize.height)) return;
        locContentSize.width = locWidth;
        locContentSize.height = locHeight;
        this.node.emit(NodeEventType.SIZE_CHANGED);
    }

    setAnchorPoint(point: Readonly<Vec2> | number, y?: number): void {
        const locAnchorPoint = this._anchorPoint;
        const x = y === undefined ? (point as Vec2).x : point as number;
        y = y === undefined ? (point as Vec2).y : y;
        if (x === locAnchorPoint.x && y === locAnchorPoint.y) return;
        locAnchorPoint.x = x;
        locAnchorPoint.y = y;
        this.node.emit(NodeEventType.ANCHOR_CHANGED, this._anchorPoint);
    }

    /**
     * Mirrors `UITransform.hitTest` (`cocos/2d/framework/ui-transform.ts`): for each camera that
     * sees the node's layer (and has a swapchain, and is on `windowId`), the screen point to world,
     * then to node space (the inverse world matrix; a singular one is skipped), offset by the
     * anchor; a hit iff inside the content box (edges included). No Mask components here
     * (`_maskTest` is true).
     */
    hitTest(screenPoint: Readonly<Vec2>, windowId = 0): boolean {
        const w = this._contentSize.width, h = this._contentSize.height;
        const cameras = this._getRenderScene().cameras;
        for (let i = 0; i < cameras.length; i++) {
            const camera = cameras[i];
            if (!(camera.visibility & this.node.layer) || (camera.window && !camera.window.swapchain)) continue;
            if (camera.systemWindowId !== windowId) continue;
            const p = camera.screenToWorld(new Vec3(), new Vec3(screenPoint.x, screenPoint.y, 0));
            const inv = Mat4.invert(new Mat4(), this.node.worldMatrix);
            if (Mat4.toArray([], inv).every((v) => v === 0)) continue; // singular (scale 0): the engine's _zeroMatrix test
            const t = Vec3.transformMat4(new Vec3(), new Vec3(p.x, p.y, 0), inv);
            const x = t.x + this._anchorPoint.x * w, y = t.y + this._anchorPoint.y * h;
            if (x >= 0 && y >= 0 && x <= w && y <= h) return true;
        }
        return false;
    }

    protected override __preload(): void { this.node._uiProps.uiTransformComp = this; }
    protected override onDestroy(): void { this.node._uiProps.uiTransformComp = null; }
}

/** Mirrors `UIRenderer` of `cocos/2d/framework/ui-renderer.ts`: requires a UITransform; has a color. No rendering. */
export class UIRenderer extends Component {
    static override _requireComponent: Constructor<Component> | Constructor<Component>[] | null = UITransform;
    protected _color: Color = Color.WHITE.clone();
    get color(): Readonly<Color> { return this._color; }
}

/**
 * Mirrors `Canvas` of `cocos/2d/framework/canvas.ts` (a `RenderRoot2D`, which requires a
 * UITransform; state only). The engine's Canvas also moves its node to the screen centre and sizes
 * it to the design resolution; the double does not (set the position and content size yourself,
 * as fixture-scene.ts does: (480, 320), 960 × 640).
 */
export class Canvas extends Component {
    static override _requireComponent: Constructor<Component> | Constructor<Component>[] | null = UITransform;
}

/** Mirrors `SpriteType` of `cocos/2d/components/sprite.ts`. */
enum SpriteType { SIMPLE = 0, SLICED = 1, TILED = 2, FILLED = 3 }
/** Mirrors `SizeMode` of `cocos/2d/components/sprite.ts`. */
enum SpriteSizeMode { CUSTOM = 0, TRIMMED = 1, RAW = 2 }
/** Mirrors `FillType` of `cocos/2d/components/sprite.ts`. */
enum SpriteFillType { HORIZONTAL = 0, VERTICAL = 1, RADIAL = 2 }
/** Mirrors `SpriteEventType` of `cocos/2d/components/sprite.ts`. */
enum SpriteEventType { SPRITE_FRAME_CHANGED = 'spriteframe-changed' }

/**
 * Mirrors `Sprite` of `cocos/2d/components/sprite.ts` (state only, no rendering):
 *  - assigning `spriteFrame` with `sizeMode` TRIMMED sets the content size to the rect size, with RAW
 *    to `originalSize` (quirk 2), and a size set afterwards sticks while `sizeMode` stays (quirk 3);
 *  - switching `sizeMode` to TRIMMED or RAW resizes again; setting the same value does nothing;
 *  - `'spriteframe-changed'` is emitted on the node only when EDITOR (cc/env) is true, as in the
 *    engine; at run time (EDITOR false, this double) it is never emitted.
 */
export class Sprite extends UIRenderer {
    static override _executionOrder = 110;
    static Type = SpriteType;
    static SizeMode = SpriteSizeMode;
    static FillType = SpriteFillType;
    static EventType = SpriteEventType;

    protected _spriteFrame: SpriteFrame | null = null;
    protected _type: SpriteType = SpriteType.SIMPLE;
    protected _sizeMode: SpriteSizeMode = SpriteSizeMode.TRIMMED;
    protected _isTrimmedMode = true;
    protected _fillType: SpriteFillType = SpriteFillType.HORIZONTAL;
    protected _fillCenter: Vec2 = new Vec2(0, 0);
    protected _fillStart = 0;
    protected _fillRange = 0;

    /** The fill's state, with the engine's setters' clamps (fillStart to [0, 1], fillRange to [-1, 1]; fillCenter copied). */
    get fillType(): SpriteFillType { return this._fillType; }
    set fillType(value: SpriteFillType) { this._fillType = value; }
    get fillStart(): number { return this._fillStart; }
    set fillStart(value: number) { this._fillStart = Math.min(Math.max(value, 0), 1); }
    get fillRange(): number { return this._fillRange; }
    set fillRange(value: number) { this._fillRange = Math.min(Math.max(value, -1), 1); }
    get fillCenter(): Vec2 { return this._fillCenter; }
    set fillCenter(value: Vec2) { this._fillCenter.x = value.x; this._fillCenter.y = value.y; }

    get spriteFrame(): SpriteFrame | null { return this._spriteFrame; }
    /** Only SIMPLE geometry is modelled; other types keep the value only. */
    get type(): SpriteType { return this._type; }
    set type(value: SpriteType) { this._type = value; }
    get trim(): boolean { return this._isTrimmedMode; }
    set trim(value: boolean) { this._isTrimmedMode = value; }
    get sizeMode(): SpriteSizeMode { return this._sizeMode; }

    set spriteFrame(value: SpriteFrame | null) {
        if (this._spriteFrame === value) return;
        this._spriteFrame = value;
        this._applySpriteSize(); // _applySpriteFrame
        if (EDITOR) this.node.emit(SpriteEventType.SPRITE_FRAME_CHANGED, this);
    }

    set sizeMode(value: SpriteSizeMode) {
        if (this._sizeMode === value) return;
        this._sizeMode = value;
        if (value !== SpriteSizeMode.CUSTOM) this._applySpriteSize();
    }

    private _applySpriteSize(): void {
        const frame = this._spriteFrame;
        if (!frame || frame.isDefault) return;
        if (SpriteSizeMode.RAW === this._sizeMode) this.node._uiProps.uiTransformComp!.setContentSize(frame.originalSize);
        else if (SpriteSizeMode.TRIMMED === this._sizeMode) this.node._uiProps.uiTransformComp!.setContentSize(frame.rect.width, frame.rect.height);
    }
}

/** Mirrors `Graphics` of `cocos/2d/components/graphics.ts`: records drawing calls in `calls`, draws nothing. */
export class Graphics extends UIRenderer {
    /** Double-only: every call and style assignment, in order, e.g. `['lineTo', 10, 20]`, `['strokeColor', Color]`. */
    calls: Array<[string, ...unknown[]]> = [];

    protected _lineWidth = 1;
    protected _strokeColor: Color = Color.BLACK.clone();

    get lineWidth(): number { return this._lineWidth; }
    set lineWidth(value: number) { this._lineWidth = value; this.calls.push(['lineWidth', value]); }
    get strokeColor(): Readonly<Color> { return this._strokeColor; }
    set strokeColor(value: Readonly<Color>) { this._strokeColor.set(value); this.calls.push(['strokeColor', this._strokeColor.clone()]); }
    moveTo(x: number, y: number): void { this.calls.push(['moveTo', x, y]); }
    lineTo(x: number, y: number): void { this.calls.push(['lineTo', x, y]); }
    rect(x: number, y: number, w: number, h: number): void { this.calls.push(['rect', x, y, w, h]); }
    circle(cx: number, cy: number, r: number): void { this.calls.push(['circle', cx, cy, r]); }
    close(): void { this.calls.push(['close']); }
    stroke(): void { this.calls.push(['stroke']); }
    clear(): void { this.calls.push(['clear']); }
}

// ---- Platform bits ----------------------------------------------------------------------------

/** Mirrors part of `sys` (`pal/system-info`, `cocos/core/platform/sys.ts`): jest is not a browser. */
export const sys = { isBrowser: false, isNative: false };

/** `gfx` is not modelled (tests put what they need on it). */
export const gfx = {};

// ---- Double-only helpers ----------------------------------------------------------------------

/**
 * Double-only: the native engine (Creator's simulator, native builds: the engine's JavaScript on
 * V8 over C++ through JSB) where it differs from the web engine in what the runtime touches, as
 * measured in the native harness: `setPosition(x, y, z)` and `setScale(x, y, z)` store a NaN as
 * given (node.jsb.ts), positions and world matrices are kept in float32 (the C++ node), and
 * `setWorldPosition` ignores a position within 1e-5 (relative) of the current one (Node.cpp),
 * `worldPosition` and `worldMatrix` are getters that allocate a copy per read (a NaN position
 * reads 0 through `Vec3#set`), `ImageAsset.isCompressed` is a method, and `cc/env` has
 * `JSB` / `NATIVE` true. `resetCC()` switches back to the web engine.
 */
export const nativeEngine = { on: false };
const froundVec3 = (v: Vec3): void => { v.x = Math.fround(v.x); v.y = Math.fround(v.y); v.z = Math.fround(v.z); };
function froundMat4(m: Mat4): void {
    const f = Math.fround;
    m.m00 = f(m.m00); m.m01 = f(m.m01); m.m02 = f(m.m02); m.m03 = f(m.m03);
    m.m04 = f(m.m04); m.m05 = f(m.m05); m.m06 = f(m.m06); m.m07 = f(m.m07);
    m.m08 = f(m.m08); m.m09 = f(m.m09); m.m10 = f(m.m10); m.m11 = f(m.m11);
    m.m12 = f(m.m12); m.m13 = f(m.m13); m.m14 = f(m.m14); m.m15 = f(m.m15);
}
export function setNativeEngine(on: boolean, o: { middleware?: boolean } = {}): void {
    nativeEngine.on = on;
    _setNativeEnv(on);
    const g = globalThis as { middleware?: unknown; spine?: unknown };
    if (on && o.middleware) {
        g.middleware = { MiddlewareManager: { getInstance: () => nativeMiddleware } };
        g.spine = jsbSpine;
    } else {
        delete g.middleware;
        delete g.spine;
    }
}

/**
 * Double-only: what the dynamic atlas does to a frame it packs (`SpriteFrame._setDynamicAtlasFrame`):
 * the frame's texture becomes `atlasTexture`, its rect moves to (x, y) (the frame's rect position in
 * the atlas, i.e. placement + old rect.x/y), uv is recomputed, `original` keeps the old texture and x, y.
 */
export function packFrame(frame: SpriteFrame, atlasTexture: TextureBase, x: number, y: number): void {
    frame._setDynamicAtlasFrame({ texture: atlasTexture, x, y });
}

/** Double-only: undoes `packFrame` (`SpriteFrame._resetDynamicAtlasFrame`). */
export function unpackFrame(frame: SpriteFrame): void {
    frame._resetDynamicAtlasFrame();
}

/**
 * Double-only: a fresh world for a test. Destroys the old scene (its components get onDisable /
 * onDestroy, and listeners whose target was one of its nodes or components are dropped, as the
 * engine drops listeners of destroyed targets), makes a new empty active scene, unregisters all
 * systems, forgets settings and logs, starts a new `hasChangedFlags` frame and resets the frame
 * count. Other `director` / `game` listeners are kept: a module-level singleton (a System created
 * once) subscribes once and must keep working; `director.clear()` / `game.clear()` drop them if a
 * test needs that. An exception thrown by a component while the old scene is destroyed is
 * rethrown once the double is reset.
 */
export function resetCC(): Scene {
    const old = director._scene;
    try {
        if (old && old.isValid) {
            old.destroy();
            CCObject._deferredDestroy();
        }
    } finally {
        objectsToDestroy.length = 0;
        const scene = director._scene = new Scene('New Scene');
        director._nodeActivator.activateNode(scene, true); // Scene._activate
        director._systems.length = 0;
        director._compScheduler.unscheduleAll();
        director._nodeActivator.reset();
        director._totalFrames = 0;
        settings._reset();
        dirtyNodes.length = 0;
        Node.resetHasChangedFlags();
        logs.clear();
        setNativeEngine(false);
    }
    return director._scene;
}

/** Double-only: runs one frame (`director.tick(dt)`). */
export function tick(dt = 1 / 60): void {
    director.tick(dt);
}

// ---- Spine and DragonBones (`cocos/spine`, `cocos/dragon-bones`): what the runtime reads --------

/** A drawn attachment, as the double's test sets it: what the Spine runtime lists for one slot. */
export interface SpineDraw {
    /** `x, y, u, v, alpha (0..255)` per vertex, node space, texture coordinates 0..1 (v down). */
    vertices: number[];
    indices: number[];
    blendMode: number;
    textureID: number;
}

/**
 * Mirrors the parts of `sp.Skeleton` (`cocos/spine/skeleton.ts`) the runtime reads, and the model
 * of the Spine runtime (`spine-wasm/spine-model.cpp`, `spine-skeleton-instance.cpp`): in
 * REALTIME mode `updateRenderData()` writes the drawn slots into the wasm memory
 * (`sp.spine.wasmUtil.wasm.HEAPU8`, replaced by a larger one when it grows, as wasm memory
 * does) as `x y z u v` floats and an RGBA colour (24 bytes; 28 with tint, a second colour),
 * 16-bit indices counted from the model's first vertex, and lists the draws as 6 numbers each,
 * consecutive slots with the same blend mode and texture merged; in the cache modes it returns the
 * cached frame's model (`vData` at 28 bytes a vertex, `iData`, `meshes`). The drawing itself is
 * set by the test (`_drawing`), not computed from bones.
 */
class SpineSkeleton extends Component {
    static AnimationCacheMode = { REALTIME: 0, SHARED_CACHE: 1, PRIVATE_CACHE: 2 };
    useTint = false;
    /** The skeleton as the web engine's wasm bindings give it (`_skeleton` on the web). */
    private _wasmSkeleton: object | null = null;
    /** The skeleton as the native engine's JSB bindings give it (`_skeleton` natively): properties, arrays. */
    private _jsbSkeleton: object | null = null;
    get _skeleton(): object | null { return nativeEngine.on ? this._jsbSkeleton : this._wasmSkeleton; }
    set _skeleton(v: object | null) { this._wasmSkeleton = v; this._jsbSkeleton = v; }
    _textures: object[] = [];
    _slotTextures: Map<number, object> | null = null;
    _cacheMode = 0;
    /** Double-only: what the skeleton draws now, in draw order. */
    _drawing: SpineDraw[] = [];
    private _data: number[] = [];
    private _dataN = 0;
    private readonly _vector = { size: (): number => this._dataN, get: (i: number): number => this._data[i] };
    private readonly _model = { vCount: 0, iCount: 0, vPtr: 0, iPtr: 0, getData: () => this._vector };

    /** Double-only stand-in for `skeletonData`: its textures. */
    setTextures(textures: object[]): void { this._textures = textures; this._skeleton = {}; }
    get skeletonData(): { textures: object[] } { return { textures: this._textures }; }
    /** The native render entity (see {@link nativeMiddleware}). */
    readonly _renderEntity = { nativeObj: new NativeEntityDouble(true) };

    /**
     * Double-only: the skeleton as slots in draw order (their setup index is their place in the
     * array), each with what it shows and what it adds to the model. `_skeleton` then answers the
     * slot walk through wasm-binding-like objects, new ones on each call as the bindings give
     * them, and the drawing is the slots' draws, as `collectMeshData` skips slots: an inactive
     * bone, no attachment, a clipping or other attachment, or a clipped slot that keeps nothing.
     */
    setSlots(slots: SpineSlotDouble[]): void {
        const list = <T>(n: number, get: (i: number) => T) => ({ size: () => n, get });
        const wrap = (i: number) => {
            const slot = slots[i];
            return {
                getData: () => ({ getIndex: () => i, getName: () => slot.name }),
                getBone: () => ({ isActive: () => slot.active !== false }),
                getAttachment: () => {
                    const a = slot.attachment;
                    if (!a) return null;
                    if (a.kind === 'region') return new RegionAttachment();
                    if (a.kind === 'mesh') return new MeshAttachment(a.triangles);
                    if (a.kind === 'clipping') {
                        const end = slots.findIndex((x) => x.name === a.end);
                        return new ClippingAttachment(end < 0 ? null : { getIndex: () => end, getName: () => a.end });
                    }
                    return {};
                },
            };
        };
        this._wasmSkeleton = { getDrawOrder: () => list(slots.length, wrap), getSlots: () => list(slots.length, wrap) };
        // JSB (spine.i): properties, vectors as new arrays on every read, attachment classes of `globalThis.spine`.
        const jsb = (i: number) => {
            const slot = slots[i], a = slot.attachment;
            let att: object | null = null;
            if (a && a.kind === 'region') att = new JsbRegionAttachment();
            else if (a && a.kind === 'mesh') att = new JsbMeshAttachment(a.triangles);
            else if (a && a.kind === 'clipping') {
                const end = slots.findIndex((x) => x.name === a.end);
                att = new JsbClippingAttachment(end < 0 ? null : { index: end, name: a.end, blendMode: slots[end].draw ? slots[end].draw!.blendMode : 0 });
            } else if (a) att = {};
            return { data: { index: i, name: slot.name, blendMode: slot.draw ? slot.draw.blendMode : 0 }, bone: { active: slot.active !== false }, color: { a: 1 }, attachment: att };
        };
        this._jsbSkeleton = {
            get drawOrder() { return slots.map((_, i) => jsb(i)); },
            get slots() { return slots.map((_, i) => jsb(i)); },
            color: { a: 1 },
        };
        this._drawing = slots.filter((x) => x.active !== false && x.attachment && (x.attachment.kind === 'region' || x.attachment.kind === 'mesh') && x.draw)
            .map((x) => x.draw as SpineDraw);
    }
    setAnimationCacheMode(mode: number): void { this._cacheMode = mode; }
    isAnimationCached(): boolean { return this._cacheMode !== 0; }

    private _cached: { drawing: SpineDraw[]; model: unknown } | null = null;

    updateRenderData(): unknown {
        const draws = this._drawing;
        // A cached frame's model is made once (the engine caches every frame of an animation).
        if (this.isAnimationCached() && this._cached && this._cached.drawing === draws) return this._cached.model;
        let vc = 0, ic = 0;
        for (let k = 0; k < draws.length; k++) { vc += draws[k].vertices.length / 5; ic += draws[k].indices.length; }
        const stride = this.isAnimationCached() || this.useTint ? 28 : 24;
        const bytes = this.isAnimationCached() ? new Uint8Array(vc * stride) : spineWasm.reserve(vc * stride + 2 * ic + 64);
        const vPtr = this.isAnimationCached() ? 0 : 64;
        const iPtr = vPtr + vc * stride;
        const f32 = this.isAnimationCached() ? new Float32Array(bytes.buffer) : spineWasm.f32;
        const u16 = this.isAnimationCached() ? new Uint16Array(bytes.buffer) : spineWasm.u16;
        const iData = this.isAnimationCached() ? new Uint16Array(ic) : null;
        const meshes: { iCount: number; blendMode: number; textureID: number }[] | null = iData ? [] : null;
        const data = this._data;
        let dn = 0; // (a count, not data.length = 0: that would drop the array's storage every frame)
        let v = 0, i = 0;
        for (let q = 0; q < draws.length; q++) {
            const d = draws[q];
            const n = d.vertices.length / 5;
            for (let k = 0; k < n; k++) {
                const o = (vPtr + (v + k) * stride) >>> 2;
                f32[o] = d.vertices[5 * k]; f32[o + 1] = d.vertices[5 * k + 1]; f32[o + 2] = 0;
                f32[o + 3] = d.vertices[5 * k + 2]; f32[o + 4] = d.vertices[5 * k + 3];
                const c = vPtr + (v + k) * stride + 20;
                bytes[c] = bytes[c + 1] = bytes[c + 2] = 255; bytes[c + 3] = d.vertices[5 * k + 4];
            }
            for (let k = 0; k < d.indices.length; k++) {
                if (iData) iData[i + k] = d.indices[k] + v;
                else u16[(iPtr >>> 1) + i + k] = d.indices[k] + v;
            }
            const last = dn - 6;
            if (last >= 0 && data[last + 4] === d.blendMode && data[last + 5] === d.textureID) {
                data[last + 2] += n; data[last + 3] += d.indices.length;
                if (meshes) meshes[meshes.length - 1].iCount += d.indices.length;
            } else {
                data[dn] = vPtr + v * stride; data[dn + 1] = iPtr + 2 * i; data[dn + 2] = n;
                data[dn + 3] = d.indices.length; data[dn + 4] = d.blendMode; data[dn + 5] = d.textureID;
                dn += 6;
                if (meshes) meshes.push({ iCount: d.indices.length, blendMode: d.blendMode, textureID: d.textureID });
            }
            v += n; i += d.indices.length;
        }
        this._dataN = dn;
        if (this.isAnimationCached()) {
            const model = { vCount: vc, iCount: ic, vData: bytes, iData, meshes };
            this._cached = { drawing: draws, model };
            return model;
        }
        const m = this._model;
        m.vCount = vc; m.iCount = ic; m.vPtr = vPtr; m.iPtr = iPtr;
        return m;
    }
}

/** Double-only: a Spine slot for {@link SpineSkeleton.setSlots}. */
export interface SpineSlotDouble {
    name: string;
    /** Whether its bone is active (default true). */
    active?: boolean;
    /** What it shows: a region, a mesh (its triangles' index count), a clipping attachment ending at the slot named, another kind, or nothing. */
    attachment: { kind: 'region' } | { kind: 'mesh'; triangles: number } | { kind: 'clipping'; end: string } | { kind: 'other' } | null;
    /** What it adds to the model (after clipping); null: nothing. */
    draw: SpineDraw | null;
}

/** The attachment classes of the Spine runtime's bindings (`sp.spine`), as the slot walk tells them apart. */
class RegionAttachment {}
class MeshAttachment {
    constructor(private readonly _n: number) {}
    getTriangles(): { size(): number } { const n = this._n; return { size: () => n }; }
}
class ClippingAttachment {
    constructor(private readonly _end: { getIndex(): number; getName(): string } | null) {}
    getEndSlot(): { getIndex(): number; getName(): string } | null { return this._end; }
}

/** The native Spine runtime's attachment classes (JSB, `globalThis.spine`): properties, colours with `a` in 0..1. */
class JsbRegionAttachment { color = { a: 1 }; }
class JsbMeshAttachment {
    color = { a: 1 };
    constructor(private readonly _n: number) {}
    get triangles(): number[] { return new Array<number>(this._n).fill(0); } // (a new array on every read, as JSB copies it)
}
class JsbClippingAttachment {
    constructor(readonly endSlot: { index: number; name: string; blendMode: number } | null) {}
}
const jsbSpine = { RegionAttachment: JsbRegionAttachment, MeshAttachment: JsbMeshAttachment, ClippingAttachment: JsbClippingAttachment };

/** The Spine runtime's wasm memory (`spine.wasmUtil.wasm`); `reserve` grows it (a new buffer). */
const spineWasm = {
    HEAPU8: new Uint8Array(1 << 12),
    f32: new Float32Array(1 << 10),
    u16: new Uint16Array(1 << 11),
    reserve(n: number): Uint8Array {
        if (this.HEAPU8.length < n) {
            this.HEAPU8 = new Uint8Array(2 * n);
            this.f32 = new Float32Array(this.HEAPU8.buffer);
            this.u16 = new Uint16Array(this.HEAPU8.buffer);
        }
        return this.HEAPU8;
    },
};
spineWasm.f32 = new Float32Array(spineWasm.HEAPU8.buffer);
spineWasm.u16 = new Uint16Array(spineWasm.HEAPU8.buffer);

export const sp = {
    Skeleton: SpineSkeleton,
    spine: { wasmUtil: { wasm: spineWasm as { HEAPU8: Uint8Array } | undefined }, RegionAttachment, MeshAttachment, ClippingAttachment },
};
export type SpineSkeletonDouble = SpineSkeleton;

/** A DragonBones slot as the engine's assembler reads it (`CCSlot`), set up by the test. */
export interface DragonBonesSlotDouble {
    name: string;
    _visible: boolean;
    _displayData: unknown;
    _matrix: { m00: number; m01: number; m04: number; m05: number; m12: number; m13: number };
    _color: { r: number; g: number; b: number; a: number };
    _blendMode: number;
    /** `x y u v` per vertex, armature space. */
    _localVertices: number[];
    _indices: number[];
    childArmature: { _slots: DragonBonesSlotDouble[] } | null;
    _texture: object | null;
    getTexture(): object | null;
}

/** Mirrors the parts of `dragonBones.ArmatureDisplay` the runtime reads (`cocos/dragon-bones/ArmatureDisplay.ts`). */
class ArmatureDisplay extends Component {
    static AnimationCacheMode = { REALTIME: 0, SHARED_CACHE: 1, PRIVATE_CACHE: 2 };
    _armature: { _slots: DragonBonesSlotDouble[] } | null = null;
    dragonAtlasAsset: { texture: object | null } | null = null;
    /** Double-only, native: what the C++ armature draws (node space; written in world space). */
    _drawing: SpineDraw[] = [];
    /** The native render entity (see {@link nativeMiddleware}): world-space vertices. */
    readonly _renderEntity = { nativeObj: new NativeEntityDouble(false) };
    _cacheMode = 0;
    setAnimationCacheMode(mode: number): void { this._cacheMode = mode; }
    isAnimationCached(): boolean { return this._cacheMode !== 0; }
    /**
     * The cached frame drawn in a cache mode (`ArmatureCache._traverseArmature`, v3.8.5): the
     * armature as it stands, every visible slot with a texture in draw order (child armatures
     * inside their slot), `x y z u v r g b a` per vertex in node space (`a`: the slot's alpha
     * times its parent armature slots', over 255), indices counted from their segment's first
     * vertex, a new segment where the texture or the blend mode changes. Null outside cache modes.
     */
    get _curFrame(): { segments: { tex: object | null; blendMode: number; indexCount: number; vertexCount: number }[]; vertices: Float32Array; indices: Uint16Array } | null {
        if (this._cacheMode === 0 || !this._armature) return null;
        const segments: { tex: object | null; blendMode: number; indexCount: number; vertexCount: number }[] = [];
        const vs: number[] = [], is: number[] = [];
        const walk = (slots: DragonBonesSlotDouble[], P: number[], opacity: number): void => {
            for (const slot of slots) {
                if (!slot._visible || !slot._displayData) continue;
                const m = slot._matrix;
                const a = P[0] * m.m00 + P[2] * m.m01, b = P[1] * m.m00 + P[3] * m.m01;
                const c = P[0] * m.m04 + P[2] * m.m05, d = P[1] * m.m04 + P[3] * m.m05;
                const tx = P[0] * m.m12 + P[2] * m.m13 + P[4], ty = P[1] * m.m12 + P[3] * m.m13 + P[5];
                if (slot.childArmature) { walk(slot.childArmature._slots, [a, b, c, d, tx, ty], opacity * slot._color.a / 255); continue; }
                const tex = slot.getTexture();
                if (!tex) continue;
                let seg = segments[segments.length - 1];
                if (!seg || seg.tex !== tex || seg.blendMode !== slot._blendMode) segments.push(seg = { tex, blendMode: slot._blendMode, indexCount: 0, vertexCount: 0 });
                const lv = slot._localVertices;
                for (const k of slot._indices) is.push(seg.vertexCount + k);
                for (let k = 0; k < lv.length; k += 4) {
                    vs.push(a * lv[k] + c * lv[k + 1] + tx, b * lv[k] + d * lv[k + 1] + ty, 0, lv[k + 2], lv[k + 3], 1, 1, 1, slot._color.a * opacity / 255);
                }
                seg.indexCount += slot._indices.length;
                seg.vertexCount += lv.length / 4;
            }
        };
        walk(this._armature._slots, [1, 0, 0, 1, 0, 0], 1);
        return { segments, vertices: new Float32Array(vs), indices: new Uint16Array(is) };
    }
}

export const dragonBones = { ArmatureDisplay };

/** A native render draw (`n2d.RenderDrawInfo`): a run of indices and its texture's size. */
interface DrawInfoDouble { indexOffset: number; ibCount: number; texture: { width: number; height: number } | null }
/** A native render entity (`n2d.RenderEntity`): the draws of the last render. */
class NativeEntityDouble {
    draws: DrawInfoDouble[] = [];
    constructor(private readonly _local: boolean) {}
    getRenderDrawInfosSize(): number { return this.draws.length; }
    getRenderDrawInfoAt(i: number): DrawInfoDouble { return { ...this.draws[i] }; } // (a new wrapper per call, as JSB gives)
    getUseLocal(): boolean { return this._local; }
    getOpacity(): number { return 1; }
}

/**
 * Double-only: the native engine's `middleware` module (JSB; `jsb-editor-support.js`,
 * `MiddlewareManager.cpp`, `SkeletonRenderer.cpp`, `CCArmatureDisplay.cpp`, v3.8.5), present while
 * `setNativeEngine(true, { middleware: true })`. Just before drawing (`EVENT_BEFORE_DRAW`; its
 * listener is registered before any other) the buffers are reset and every enabled skeleton
 * double writes `_drawing` into the shared buffer of its vertex format: `x y z u v` floats and
 * an RGBA colour, 6 words a vertex, 7 with Spine's tint or from Spine's animation cache; Spine in
 * node space, DragonBones in world space (the node's world matrix); 16-bit indices counted from
 * the buffer's first vertex; one draw on its render entity per run of draws with the same
 * texture and blend mode. `pageVertices` is a buffer page's size (the engine's is 65,535): past
 * it, a second page is used (`getBufferCount` 2). `getVBTypedArray` of a format with no buffer
 * throws here (the engine crashes).
 */
export const nativeMiddleware = {
    pageVertices: 65535,
    _buf: new Map<number, { vb: Float32Array; ib: Uint16Array; v: number; i: number; pages: number }>(),
    _get(words: number) {
        let b = this._buf.get(words);
        if (!b) { b = { vb: new Float32Array(64 * words), ib: new Uint16Array(192), v: 0, i: 0, pages: 1 }; this._buf.set(words, b); }
        return b;
    },
    getBufferCount(words: number): number { return this._get(words).pages; },
    getVBTypedArray(words: number, page: number): Float32Array {
        const b = this._buf.get(words);
        if (!b || page !== 0) throw new Error(`no middleware buffer of format ${words} (the engine crashes here)`);
        return b.vb;
    },
    getIBTypedArray(words: number, page: number): Uint16Array {
        const b = this._buf.get(words);
        if (!b || page !== 0) throw new Error(`no middleware buffer of format ${words} (the engine crashes here)`);
        return b.ib;
    },
    /** MiddlewareManager::render: what every enabled skeleton double draws, into the buffers. */
    render(): void {
        for (const b of this._buf.values()) { b.v = 0; b.i = 0; b.pages = 1; }
        const walk = (n: Node): void => {
            for (const c of n.components) {
                if (!(c instanceof SpineSkeleton) && !(c instanceof ArmatureDisplay)) continue;
                const entity = c._renderEntity.nativeObj;
                entity.draws = [];
                if (!c.enabledInHierarchy) continue;
                const spine = c instanceof SpineSkeleton;
                const words = spine && (c.useTint || c.isAnimationCached()) ? 7 : 6;
                const b = this._get(words);
                const m = n.worldMatrix;
                const textures: (object | null | undefined)[] = spine ? c._textures : [c.dragonAtlasAsset ? c.dragonAtlasAsset.texture : null];
                let last: { blend: number; tex: number } | null = null;
                for (const d of c._drawing) {
                    const nv = d.vertices.length / 5;
                    if (b.v + nv > this.pageVertices) { b.pages++; continue; } // (on a page a script cannot find)
                    if (b.vb.length < (b.v + nv) * words) { const g = new Float32Array(2 * (b.v + nv) * words); g.set(b.vb); b.vb = g; }
                    if (b.ib.length < b.i + d.indices.length) { const g = new Uint16Array(2 * (b.i + d.indices.length)); g.set(b.ib); b.ib = g; }
                    const u8 = new Uint8Array(b.vb.buffer);
                    for (let k = 0; k < nv; k++) {
                        const x = d.vertices[5 * k], y = d.vertices[5 * k + 1];
                        const o = (b.v + k) * words;
                        b.vb[o] = spine ? x : m.m00 * x + m.m04 * y + m.m12;
                        b.vb[o + 1] = spine ? y : m.m01 * x + m.m05 * y + m.m13;
                        b.vb[o + 2] = 0; b.vb[o + 3] = d.vertices[5 * k + 2]; b.vb[o + 4] = d.vertices[5 * k + 3];
                        u8.fill(255, 4 * o + 20, 4 * o + 23);
                        u8[4 * o + 23] = d.vertices[5 * k + 4];
                    }
                    for (let k = 0; k < d.indices.length; k++) b.ib[b.i + k] = d.indices[k] + b.v;
                    // (a slot texture, `setSlotTexture`: ids from 10000)
                    const tex = (spine && d.textureID >= 10000 && c._slotTextures ? c._slotTextures.get(d.textureID) : textures[d.textureID]) as { width: number; height: number } | null | undefined;
                    if (last && last.blend === d.blendMode && last.tex === d.textureID) entity.draws[entity.draws.length - 1].ibCount += d.indices.length;
                    else entity.draws.push({ indexOffset: b.i, ibCount: d.indices.length, texture: tex ? { width: tex.width, height: tex.height } : null });
                    last = { blend: d.blendMode, tex: d.textureID };
                    b.v += nv; b.i += d.indices.length;
                }
            }
            for (const child of n.children) walk(child);
        };
        const scene = director.getScene();
        if (scene) walk(scene as unknown as Node);
    },
};
// (jsb-editor-support.js registers its listener when the engine loads: before any other.)
director.on(Director.EVENT_BEFORE_DRAW, () => { if ((globalThis as { middleware?: unknown }).middleware) nativeMiddleware.render(); });

// Class names, as `@ccclass('cc.X')` registers them in the engine (getComponent('cc.UITransform') works).
for (const [name, ctor] of Object.entries({ Component, UITransform, UIRenderer, Canvas, Sprite, Graphics })) classByName.set(`cc.${name}`, ctor);
classByName.set('sp.Skeleton', SpineSkeleton);
classByName.set('dragonBones.ArmatureDisplay', ArmatureDisplay);

resetCC();
