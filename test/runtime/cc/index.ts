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
 * Not modelled (on purpose): rendering of any kind (render data, materials, batching, cameras,
 * `director.root`, the dynamic atlas manager; `packFrame` does by hand what the atlas does to a
 * frame), the scheduler (`Component.schedule*` throw), touch/mouse input, prefabs/instantiate,
 * asset loading, `setParent(p, keepWorldTransform = true)` (throws), sliced/tiled/filled sprites
 * (only the `type` value is kept), uv flipping and cap insets, the Canvas's screen alignment.
 */
import { format } from 'node:util';
import { EDITOR } from './env';
import { approx, Color, Mat3, Mat4, Quat, Rect, Size, Vec2, Vec3, Vec4 } from './math';

export * from './math';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Constructor<T = unknown> = new (...args: any[]) => T;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AbstractedConstructor<T = unknown> = abstract new (...args: any[]) => T;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyFunction = (...args: any[]) => any;

// ---------------------------------------------------------------------------------------------
// Logging (`cocos/core/platform/debug.ts`): recorded, never printed.
// ---------------------------------------------------------------------------------------------

/** Double-only: what `log` / `warn` / `error` (and the engine's `*ID` variants) would have printed. */
export const logs = {
    log: [] as string[],
    warn: [] as string[],
    error: [] as string[],
    clear(): void {
        logs.log.length = 0;
        logs.warn.length = 0;
        logs.error.length = 0;
    },
};

/** Mirrors `log` of `cocos/core/platform/debug.ts` (recorded in `logs.log`). */
export function log(...data: unknown[]): void {
    logs.log.push(format(...data));
}
/** Mirrors `debug` of `cocos/core/platform/debug.ts` (recorded in `logs.log`). */
export function debug(...data: unknown[]): void {
    logs.log.push(format(...data));
}
/** Mirrors `warn` of `cocos/core/platform/debug.ts` (recorded in `logs.warn`). */
export function warn(...data: unknown[]): void {
    logs.warn.push(format(...data));
}
/** Mirrors `error` of `cocos/core/platform/debug.ts` (recorded in `logs.error`). */
export function error(...data: unknown[]): void {
    logs.error.push(format(...data));
}

/** The few engine messages the double can produce (EngineErrorMap.md, v3.8.5). */
const debugInfos: Record<number, string> = {
    1632: 'Node name can not include \'/\'.',
    1640: 'Node %s(%s) has not attached to a scene.',
    3122: 'Error Texture in %s.',
    3300: 'Rect width exceeds maximum margin: %s',
    3301: 'Rect height exceeds maximum margin: %s',
    3804: 'getComponent: Type must be non-nil',
    3807: 'addComponent: Failed to get class \'%s\'',
    3809: 'addComponent: The component to add must be a constructor',
    3810: 'addComponent: The component to add must be child class of cc.Component',
    3813: 'removeComponent: Component must be non-nil',
    3814: 'Argument must be non-nil',
    3815: 'Component not owned by this entity',
    3816: 'Node \'%s\' is already activating',
    5000: 'You are trying to destroy a object twice or more.',
    7100: '%s already defined in Enum.',
};
function formatID(id: number, args: unknown[]): string {
    const msg = debugInfos[id] || 'unknown id';
    return args.length === 0 ? msg : format(msg, ...args);
}
export function logID(id: number, ...args: unknown[]): void { log(formatID(id, args)); }
export function warnID(id: number, ...args: unknown[]): void { warn(formatID(id, args)); }
export function errorID(id: number, ...args: unknown[]): void { error(formatID(id, args)); }
export function getError(id: number, ...args: unknown[]): string { return formatID(id, args); }

/** Mirrors `_throw` of `cocos/core/platform/debug.ts`: how the engine reports a caught exception. */
function _throw(e: unknown): void {
    const stack = (e as { stack?: string } | null)?.stack;
    error(stack || e);
}

// ---------------------------------------------------------------------------------------------
// js (`cocos/core/utils/js-typed.ts`, `cocos/core/utils/array.ts`): the parts the double uses.
// ---------------------------------------------------------------------------------------------

const classByName = new Map<string, Function>();
const nameByClass = new Map<Function, string>();

function registerClass(name: string, ctor: Function): void {
    classByName.set(name, ctor);
    nameByClass.set(ctor, name);
}

/** Mirrors `js.array.MutableForwardIterator` (`cocos/core/utils/array.ts`). */
class MutableForwardIterator<T> {
    public i = 0;
    public array: T[];

    constructor(array: T[]) {
        this.array = array;
    }

    get length(): number {
        return this.array.length;
    }

    set length(value: number) {
        this.array.length = value;
        if (this.i >= value) {
            this.i = value - 1;
        }
    }

    public remove(value: T): void {
        const index = this.array.indexOf(value);
        if (index >= 0) {
            this.removeAt(index);
        }
    }

    public removeAt(i: number): void {
        this.array.splice(i, 1);
        if (i <= this.i) {
            --this.i;
        }
    }

    public fastRemove(value: T): void {
        const index = this.array.indexOf(value);
        if (index >= 0) {
            this.fastRemoveAt(index);
        }
    }

    public fastRemoveAt(i: number): void {
        const array = this.array;
        array[i] = array[array.length - 1];
        --array.length;
        if (i <= this.i) {
            --this.i;
        }
    }

    public push(item: T): void {
        this.array.push(item);
    }
}

function fastRemoveAt<T>(array: T[], index: number): void {
    const length = array.length;
    if (index < 0 || index >= length) {
        return;
    }
    array[index] = array[length - 1];
    array.length = length - 1;
}

function fastRemove<T>(array: T[], value: T): boolean {
    const index = array.indexOf(value);
    if (index >= 0) {
        array[index] = array[array.length - 1];
        --array.length;
        return true;
    }
    return false;
}

function getClassName(objOrCtor: unknown): string {
    if (typeof objOrCtor === 'function') {
        return nameByClass.get(objOrCtor) ?? objOrCtor.name ?? '';
    }
    if (objOrCtor && typeof objOrCtor === 'object' && objOrCtor.constructor) {
        return getClassName(objOrCtor.constructor);
    }
    return '';
}

function isChildClassOf(subclass: unknown, superclass: unknown): boolean {
    if (typeof subclass !== 'function' || typeof superclass !== 'function') {
        return false;
    }
    return subclass === superclass || subclass.prototype instanceof superclass;
}

/** Mirrors the `js` namespace of `cc` (a subset). */
export const js = {
    getClassName,
    getClassByName(name: string): Function | undefined {
        return classByName.get(name);
    },
    isChildClassOf,
    createMap(_forceDictMode?: boolean): Record<string, unknown> {
        return Object.create(null) as Record<string, unknown>;
    },
    isNumber(obj: unknown): boolean {
        return typeof obj === 'number' || obj instanceof Number;
    },
    isString(obj: unknown): boolean {
        return typeof obj === 'string' || obj instanceof String;
    },
    formatStr: format,
    array: {
        fastRemove,
        fastRemoveAt,
        remove<T>(array: T[], value: T): boolean {
            const index = array.indexOf(value);
            if (index >= 0) {
                array.splice(index, 1);
                return true;
            }
            return false;
        },
        removeAt<T>(array: T[], index: number): void {
            array.splice(index, 1);
        },
        contains<T>(array: T[], value: T): boolean {
            return array.indexOf(value) >= 0;
        },
        MutableForwardIterator,
    },
};

// ---------------------------------------------------------------------------------------------
// Enum (`cocos/core/value-types/enum.ts`)
// ---------------------------------------------------------------------------------------------

function defineHidden(obj: object, key: string, value: unknown): void {
    Object.defineProperty(obj, key, { value, writable: true, enumerable: false, configurable: true });
}

/** Mirrors `Enum` of `cocos/core/value-types/enum.ts`: adds the value -> name reverse mapping. */
export function Enum<T extends object>(obj: T): T {
    if ('__enums__' in obj) {
        return obj;
    }
    defineHidden(obj, '__enums__', null);
    return Enum.update(obj);
}

Enum.update = function update<T extends object>(obj: T): T {
    const record = obj as Record<string, unknown>;
    let lastIndex = -1;
    const keys = Object.keys(record);
    for (let i = 0; i < keys.length; i++) {
        const key = keys[i];
        let val = record[key];
        if (val === -1) {
            val = ++lastIndex;
            record[key] = val;
        } else if (typeof val === 'number') {
            lastIndex = val;
        } else if (typeof val === 'string' && Number.isInteger(parseFloat(key))) {
            continue;
        }
        const reverseKey = `${String(val)}`;
        if (key !== reverseKey) {
            if (reverseKey in record && record[reverseKey] !== key) {
                errorID(7100, reverseKey);
                continue;
            }
            defineHidden(record, reverseKey, key);
        }
    }
    return obj;
};

Enum.isEnum = function isEnum(enumType: object): boolean {
    return !!enumType && Object.prototype.hasOwnProperty.call(enumType, '__enums__');
};

Enum.getList = function getList(enumType: object): { name: string; value: number }[] {
    const list: { name: string; value: number }[] = [];
    for (const name of Object.keys(enumType)) {
        const v = (enumType as Record<string, unknown>)[name];
        if (Number.isInteger(v)) {
            list.push({ name, value: v as number });
        }
    }
    return list;
};

/** Mirrors `ccenum` (`cocos/core/value-types/enum.ts`). */
export function ccenum<T extends object>(enumx: T): void {
    if (!('__enums__' in enumx)) {
        defineHidden(enumx, '__enums__', null);
    }
}

// ---------------------------------------------------------------------------------------------
// Events
// ---------------------------------------------------------------------------------------------

function emptyCallback(): void { /* empty */ }

/** Mirrors `CallbackInfo` of `cocos/core/event/callbacks-invoker.ts`. */
class CallbackInfo {
    public callback: AnyFunction = emptyCallback;
    public target: unknown = undefined;
    public once = false;

    public set(callback: AnyFunction, target?: unknown, once?: boolean): void {
        this.callback = callback || emptyCallback;
        this.target = target;
        this.once = !!once;
    }

    public reset(): void {
        this.target = undefined;
        this.callback = emptyCallback;
        this.once = false;
    }

    /** A listener whose target is a destroyed (or to-be-destroyed) CCObject is dropped. */
    public check(): boolean {
        return !(this.target instanceof CCObject && !isValid(this.target, true));
    }
}

/** Mirrors `CallbackList` of `cocos/core/event/callbacks-invoker.ts`. */
class CallbackList {
    public callbackInfos: Array<CallbackInfo | null> = [];
    public isInvoking = false;
    public containCanceled = false;

    public removeByTarget(target: unknown): void {
        for (let i = 0; i < this.callbackInfos.length; ++i) {
            const info = this.callbackInfos[i];
            if (info && info.target === target) {
                info.reset();
                fastRemoveAt(this.callbackInfos, i);
                --i;
            }
        }
    }

    public cancel(index: number): void {
        const info = this.callbackInfos[index];
        if (info) {
            info.reset();
            if (this.isInvoking) {
                this.callbackInfos[index] = null;
            } else {
                fastRemoveAt(this.callbackInfos, index);
            }
        }
        this.containCanceled = true;
    }

    public cancelAll(): void {
        for (let i = 0; i < this.callbackInfos.length; i++) {
            const info = this.callbackInfos[i];
            if (info) {
                info.reset();
                this.callbackInfos[i] = null;
            }
        }
        this.containCanceled = true;
    }

    public purgeCanceled(): void {
        for (let i = this.callbackInfos.length - 1; i >= 0; --i) {
            if (!this.callbackInfos[i]) {
                fastRemoveAt(this.callbackInfos, i);
            }
        }
        this.containCanceled = false;
    }

    public clear(): void {
        this.cancelAll();
        this.callbackInfos.length = 0;
        this.isInvoking = false;
        this.containCanceled = false;
    }
}

type EventKey = string | number;

/**
 * Mirrors `EventTarget` (`cocos/core/event/event-target.ts` = `Eventify` over `CallbacksInvoker`,
 * `cocos/core/event/callbacks-invoker.ts`): a (callback, target) pair is registered once;
 * listeners added during an emit are not called by it; up to 5 arguments are passed.
 */
export class EventTarget {
    private _callbackTable: Record<string, CallbackList | undefined> = Object.create(null) as Record<string, CallbackList | undefined>;

    public on<TFunction extends AnyFunction>(type: EventKey, callback: TFunction, target?: unknown, once?: boolean): TFunction {
        if (!this.hasEventListener(type, callback, target)) {
            let list = this._callbackTable[type];
            if (!list) {
                list = this._callbackTable[type] = new CallbackList();
            }
            const info = new CallbackInfo();
            info.set(callback, target, once);
            list.callbackInfos.push(info);
        }
        return callback;
    }

    public once<TFunction extends AnyFunction>(type: EventKey, callback: TFunction, target?: unknown): TFunction {
        return this.on(type, callback, target, true);
    }

    public off(type: EventKey, callback?: AnyFunction, target?: unknown): void {
        const list = this._callbackTable[type];
        if (list) {
            const infos = list.callbackInfos;
            if (callback) {
                for (let i = 0; i < infos.length; ++i) {
                    const info = infos[i];
                    if (info && info.callback === callback && info.target === target) {
                        list.cancel(i);
                        break;
                    }
                }
            } else {
                this.removeAll(type);
            }
        }
    }

    public targetOff(typeOrTarget: unknown): void {
        this.removeAll(typeOrTarget);
    }

    public removeAll(keyOrTarget: unknown): void {
        const type = typeof keyOrTarget;
        if (type === 'string' || type === 'number') {
            const key = keyOrTarget as EventKey;
            const list = this._callbackTable[key];
            if (list) {
                if (list.isInvoking) {
                    list.cancelAll();
                } else {
                    list.clear();
                    delete this._callbackTable[key];
                }
            }
        } else if (keyOrTarget) {
            for (const key in this._callbackTable) {
                const list = this._callbackTable[key]!;
                if (list.isInvoking) {
                    const infos = list.callbackInfos;
                    for (let i = 0; i < infos.length; ++i) {
                        const info = infos[i];
                        if (info && info.target === keyOrTarget) {
                            list.cancel(i);
                        }
                    }
                } else {
                    list.removeByTarget(keyOrTarget);
                }
            }
        }
    }

    public hasEventListener(type: EventKey, callback?: AnyFunction, target?: unknown): boolean {
        const list = this._callbackTable[type];
        if (!list) {
            return false;
        }
        const infos = list.callbackInfos;
        if (!callback) {
            if (list.isInvoking) {
                for (let i = 0; i < infos.length; ++i) {
                    if (infos[i]) {
                        return true;
                    }
                }
                return false;
            }
            return infos.length > 0;
        }
        for (let i = 0; i < infos.length; ++i) {
            const info = infos[i];
            if (info && info.check() && info.callback === callback && info.target === target) {
                return true;
            }
        }
        return false;
    }

    public emit(type: EventKey, arg0?: unknown, arg1?: unknown, arg2?: unknown, arg3?: unknown, arg4?: unknown): void {
        const list = this._callbackTable[type];
        if (list) {
            const rootInvoker = !list.isInvoking;
            list.isInvoking = true;
            const infos = list.callbackInfos;
            for (let i = 0, len = infos.length; i < len; ++i) {
                const info = infos[i];
                if (info) {
                    const callback = info.callback;
                    const target = info.target;
                    if (info.once) {
                        this.off(type, callback, target);
                    }
                    if (!info.check()) {
                        this.off(type, callback, target);
                    } else if (target) {
                        callback.call(target, arg0, arg1, arg2, arg3, arg4);
                    } else {
                        callback(arg0, arg1, arg2, arg3, arg4);
                    }
                }
            }
            if (rootInvoker) {
                list.isInvoking = false;
                if (list.containCanceled) {
                    list.purgeCanceled();
                }
            }
        }
    }

    public clear(): void {
        for (const key in this._callbackTable) {
            const list = this._callbackTable[key];
            if (list) {
                list.clear();
                delete this._callbackTable[key];
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// CCObject (`cocos/core/data/object.ts`): destroy is deferred to the end of the frame's update.
// ---------------------------------------------------------------------------------------------

const Destroyed = 1 << 0;
const ToDestroy = 1 << 2;
const DontDestroy = 1 << 6;
const Destroying = 1 << 7;
const Deactivating = 1 << 8;
const IsOnEnableCalled = 1 << 11;
const IsPreloadStarted = 1 << 13;
const IsOnLoadCalled = 1 << 14;
const IsOnLoadStarted = 1 << 15;
const IsStartCalled = 1 << 16;

const objectsToDestroy: CCObject[] = [];

/** Mirrors `CCObject` of `cocos/core/data/object.ts`. */
export class CCObject {
    public static Flags = {
        Destroyed, ToDestroy, DontDestroy, Destroying, Deactivating,
        IsOnEnableCalled, IsPreloadStarted, IsOnLoadCalled, IsOnLoadStarted, IsStartCalled,
    };

    /** Destroys the objects whose `destroy()` was called; the director calls it once a frame. */
    public static _deferredDestroy(): void {
        const deleteCount = objectsToDestroy.length;
        for (let i = 0; i < deleteCount; ++i) {
            const obj = objectsToDestroy[i];
            if (!(obj._objFlags & Destroyed)) {
                obj._destroyImmediate();
            }
        }
        if (deleteCount === objectsToDestroy.length) {
            objectsToDestroy.length = 0;
        } else {
            objectsToDestroy.splice(0, deleteCount);
        }
    }

    public _objFlags = 0;
    protected _name: string;

    constructor(name = '') {
        this._name = name;
    }

    get name(): string {
        return this._name;
    }

    set name(value: string) {
        this._name = value;
    }

    /** False once the deferred destroy has run (true in between, like the engine). */
    get isValid(): boolean {
        return !(this._objFlags & Destroyed);
    }

    public destroy(): boolean {
        if (this._objFlags & Destroyed) {
            warnID(5000);
            return false;
        }
        if (this._objFlags & ToDestroy) {
            return false;
        }
        this._objFlags |= ToDestroy;
        objectsToDestroy.push(this);
        return true;
    }

    public _onPreDestroy?(): unknown;

    /**
     * Like the engine's `_destruct`: own string fields become '', own object and function fields
     * become null (a Node's or Component's `_id` is kept). So a destroyed node's `name` is '' and a
     * destroyed component's `node` is null.
     */
    public _destruct(): void {
        const skipId = this instanceof Node || this instanceof Component;
        const self = this as unknown as Record<string, unknown>;
        for (const key of Object.keys(self)) {
            if (skipId && key === '_id') {
                continue;
            }
            switch (typeof self[key]) {
            case 'string':
                self[key] = '';
                break;
            case 'object':
            case 'function':
                self[key] = null;
                break;
            default:
                break;
            }
        }
    }

    public _destroyImmediate(): void {
        if (this._objFlags & Destroyed) {
            errorID(5000);
            return;
        }
        this._onPreDestroy?.();
        this._destruct();
        this._objFlags |= Destroyed;
    }
}

/** Mirrors `isValid` of `cocos/core/data/object.ts`. */
export function isValid(value: unknown, strictMode?: boolean): boolean {
    if (typeof value === 'object') {
        return !!value && !((value as CCObject)._objFlags & (strictMode ? (Destroyed | ToDestroy) : Destroyed));
    }
    return typeof value !== 'undefined';
}

// ---------------------------------------------------------------------------------------------
// Decorators (`cocos/core/data/decorators/*`): they record metadata only, except that
// `requireComponent` and `executionOrder` set the statics the engine's `addComponent` and
// component scheduler read (`_requireComponent`, `_executionOrder`), as the engine's do.
// ---------------------------------------------------------------------------------------------

/** Double-only: what the decorators recorded for a class. */
export interface CCClassMetadata {
    /** The `@ccclass` name. */
    name?: string;
    /** Class decorators: menu, help, executionOrder, requireComponent, disallowMultiple, executeInEditMode. */
    editor: Record<string, unknown>;
    /** Property decorators, by property name. */
    properties: Record<string, Record<string, unknown>>;
}

const classMetadata = new Map<Function, CCClassMetadata>();

function metaOf(ctor: Function): CCClassMetadata {
    let meta = classMetadata.get(ctor);
    if (!meta) {
        meta = { editor: {}, properties: {} };
        classMetadata.set(ctor, meta);
    }
    return meta;
}

/** Double-only: the metadata recorded by the decorators on `ctor`, if any. */
export function getClassMetadata(ctor: Function): CCClassMetadata | undefined {
    return classMetadata.get(ctor);
}

/** Mirrors `PrimitiveType` (`cocos/core/data/utils/attribute.ts`): CCInteger, CCFloat, ... */
class PrimitiveType<T> {
    public name: string;
    public default: T;

    constructor(name: string, defaultValue: T) {
        this.name = name;
        this.default = defaultValue;
    }

    public toString(): string {
        return this.name;
    }
}

export const CCInteger = new PrimitiveType('Integer', 0);
export const CCFloat = new PrimitiveType('Float', 0.0);
export const CCBoolean = new PrimitiveType('Boolean', false);
export const CCString = new PrimitiveType('String', '');

function ccclass(nameOrCtor?: string | Function): any {
    if (typeof nameOrCtor === 'function') {
        metaOf(nameOrCtor).name = nameOrCtor.name;
        registerClass(nameOrCtor.name, nameOrCtor);
        return nameOrCtor;
    }
    return (ctor: Function): Function => {
        const name = nameOrCtor ?? ctor.name;
        metaOf(ctor).name = name;
        registerClass(name, ctor);
        return ctor;
    };
}

/** A class decorator that takes a value (`@menu('a/b')`), also usable bare (`@menu`, records true). */
function classValueDecorator(key: string, apply?: (ctor: Function, value: unknown) => void): (...args: unknown[]) => any {
    return (arg?: unknown): any => {
        if (typeof arg === 'function') {
            metaOf(arg).editor[key] = true;
            return arg;
        }
        return (ctor: Function): Function => {
            metaOf(ctor).editor[key] = arg;
            apply?.(ctor, arg);
            return ctor;
        };
    };
}

/** A flag class decorator (`@disallowMultiple`, `@disallowMultiple(true)`). */
function classFlagDecorator(key: string): (...args: unknown[]) => any {
    return (arg?: unknown): any => {
        if (typeof arg === 'function') {
            metaOf(arg).editor[key] = true;
            return arg;
        }
        return (ctor: Function): Function => {
            metaOf(ctor).editor[key] = arg === undefined ? true : !!arg;
            return ctor;
        };
    };
}

/** `@requireComponent(Type)` (factory form only, like the engine's). */
function requireComponent(required: Function | Function[]): any {
    return (ctor: Function): Function => {
        metaOf(ctor).editor.requireComponent = required;
        (ctor as unknown as { _requireComponent: unknown })._requireComponent = required;
        return ctor;
    };
}

function recordProperty(target: unknown, key: string | symbol, attrs: Record<string, unknown>): void {
    const ctor = typeof target === 'function' ? target : (target as { constructor: Function }).constructor;
    const props = metaOf(ctor).properties;
    const name = String(key);
    props[name] = { ...props[name], ...attrs };
}

function isDirectPropertyUse(args: unknown[]): boolean {
    return args.length >= 2 && (typeof args[1] === 'string' || typeof args[1] === 'symbol')
        && (typeof args[0] === 'object' || typeof args[0] === 'function');
}

/** A property decorator: `@x` (records `bareAttrs`) or `@x(value)` (records `toAttrs(value)`). */
function propertyDecorator(bareAttrs: Record<string, unknown>, toAttrs: (value: unknown) => Record<string, unknown>): (...args: any[]) => any {
    return (...args: any[]): any => {
        if (isDirectPropertyUse(args)) {
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

function propertyOptions(value: unknown): Record<string, unknown> {
    if (value === undefined) {
        return { property: true };
    }
    if (typeof value === 'function' || Array.isArray(value) || value instanceof PrimitiveType) {
        return { property: true, type: value };
    }
    return { property: true, ...(value as Record<string, unknown>) };
}

/** Mirrors the `_decorator` namespace of `cc` (metadata only, see above). */
export const _decorator = {
    ccclass,
    property: propertyDecorator({ property: true }, propertyOptions),
    type: propertyDecorator({}, (t) => ({ type: t })),
    tooltip: propertyDecorator({}, (t) => ({ tooltip: t })),
    range: propertyDecorator({}, (r) => ({ range: r })),
    slide: propertyDecorator({ slide: true }, (v) => ({ slide: v === undefined ? true : v })),
    visible: propertyDecorator({ visible: true }, (v) => ({ visible: v })),
    serializable: propertyDecorator({ serializable: true }, (v) => ({ serializable: v === undefined ? true : v })),
    editable: propertyDecorator({ editable: true }, (v) => ({ editable: v === undefined ? true : v })),
    displayName: propertyDecorator({}, (n) => ({ displayName: n })),
    integer: propertyDecorator({ type: CCInteger }, () => ({ type: CCInteger })),
    float: propertyDecorator({ type: CCFloat }, () => ({ type: CCFloat })),
    menu: classValueDecorator('menu'),
    help: classValueDecorator('help'),
    executionOrder: classValueDecorator('executionOrder', (ctor, order) => {
        if (order && typeof order === 'number') {
            (ctor as unknown as { _executionOrder: number })._executionOrder = order;
        }
    }),
    requireComponent,
    disallowMultiple: classFlagDecorator('disallowMultiple'),
    executeInEditMode: classFlagDecorator('executeInEditMode'),
};

// ---------------------------------------------------------------------------------------------
// Node events, transform bits, layers
// ---------------------------------------------------------------------------------------------

/** Mirrors `NodeEventType` of `cocos/scene-graph/node-event.ts`. */
export enum NodeEventType {
    TOUCH_START = 'touch-start',
    TOUCH_MOVE = 'touch-move',
    TOUCH_END = 'touch-end',
    TOUCH_CANCEL = 'touch-cancel',
    MOUSE_DOWN = 'mouse-down',
    MOUSE_MOVE = 'mouse-move',
    MOUSE_UP = 'mouse-up',
    MOUSE_WHEEL = 'mouse-wheel',
    MOUSE_ENTER = 'mouse-enter',
    MOUSE_LEAVE = 'mouse-leave',
    KEY_DOWN = 'keydown',
    KEY_UP = 'keyup',
    DEVICEMOTION = 'devicemotion',
    TRANSFORM_CHANGED = 'transform-changed',
    MOBILITY_CHANGED = 'mobility-changed',
    SCENE_CHANGED_FOR_PERSISTS = 'scene-changed-for-persists',
    SIZE_CHANGED = 'size-changed',
    ANCHOR_CHANGED = 'anchor-changed',
    COLOR_CHANGED = 'color-changed',
    CHILD_ADDED = 'child-added',
    CHILD_REMOVED = 'child-removed',
    PARENT_CHANGED = 'parent-changed',
    NODE_DESTROYED = 'node-destroyed',
    LAYER_CHANGED = 'layer-changed',
    SIBLING_ORDER_CHANGED = 'sibling-order-changed',
    CHILDREN_ORDER_CHANGED = 'sibling-order-changed',
    ACTIVE_IN_HIERARCHY_CHANGED = 'active-in-hierarchy-changed',
    COMPONENT_ADDED = 'component-added',
    COMPONENT_REMOVED = 'component-removed',
    LIGHT_PROBE_CHANGED = 'light-probe-changed',
    LIGHT_PROBE_BAKING_CHANGED = 'light-probe-baking-changed',
    ACTIVE_CHANGED = 'active-changed',
}

/** Mirrors `TransformBit` of `cocos/scene-graph/node-enum.ts`. */
export enum TransformBit {
    NONE = 0,
    POSITION = 1,
    ROTATION = 1 << 1,
    SCALE = 1 << 2,
    RS = ROTATION | SCALE,
    TRS = POSITION | ROTATION | SCALE,
    TRS_MASK = ~TRS,
}

const layerList = {
    NONE: 0,
    IGNORE_RAYCAST: (1 << 20),
    GIZMOS: (1 << 21),
    EDITOR: (1 << 22),
    UI_3D: (1 << 23),
    SCENE_GIZMO: (1 << 24),
    UI_2D: (1 << 25),
    PROFILER: (1 << 28),
    DEFAULT: (1 << 30),
    ALL: 0xffffffff,
};

/** Mirrors `Layers` of `cocos/scene-graph/layers.ts` (built-in layers; no custom layers from settings). */
export class Layers {
    public static Enum = Enum({ ...layerList });
    public static BitMask = { ...layerList };

    public static makeMaskInclude(includes: number[]): number {
        let mask = 0;
        for (const inc of includes) {
            mask |= inc;
        }
        return mask;
    }

    public static makeMaskExclude(excludes: number[]): number {
        return ~Layers.makeMaskInclude(excludes);
    }

    public static nameToLayer(name: string): number {
        return Math.log2((Layers.Enum as Record<string, number>)[name]);
    }

    public static layerToName(bitNum: number): string | undefined {
        if (bitNum < 0 || bitNum > 31) {
            return undefined;
        }
        return (Layers.Enum as unknown as Record<string, string>)[1 << bitNum];
    }
}

// ---------------------------------------------------------------------------------------------
// Component life cycle: `cocos/scene-graph/component-scheduler.ts`, `node-activator.ts`
// ---------------------------------------------------------------------------------------------

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
                _throw(e);
                if (ensureFlag) {
                    comp._objFlags |= ensureFlag;
                }
            }
        }
    };
}

const invokeStart = createInvokeImpl((c) => {
    c.internalStart!.call(c);
    c._objFlags |= IsStartCalled;
}, IsStartCalled);
const invokeUpdate = createInvokeImpl((c, dt) => { c.internalUpdate!.call(c, dt!); });
const invokeLateUpdate = createInvokeImpl((c, dt) => { c.internalLateUpdate!.call(c, dt!); });
const invokePreload = createInvokeImpl((c) => { c.internalPreload?.call(c); });
const invokeOnLoad = createInvokeImpl((c) => {
    c.internalOnLoad?.call(c);
    c._objFlags |= IsOnLoadCalled;
}, IsOnLoadCalled);
const invokeOnEnable: InvokeFunc = (iterator) => {
    const compScheduler = director._compScheduler;
    const array = iterator.array;
    for (iterator.i = 0; iterator.i < array.length; ++iterator.i) {
        const comp = array[iterator.i];
        if (comp._enabled) {
            comp.internalOnEnable!.call(comp);
            const deactivatedDuringOnEnable = !comp.node._activeInHierarchy;
            if (!deactivatedDuringOnEnable) {
                compScheduler._onEnabled(comp);
            }
        }
    }
};

function stableRemoveInactive(iterator: MutableForwardIterator<Component>, flagToClear: number): void {
    const array = iterator.array;
    let next = iterator.i + 1;
    while (next < array.length) {
        const comp = array[next];
        if (comp.node._activeInHierarchy) {
            ++next;
        } else {
            iterator.removeAt(next);
            if (flagToClear) {
                comp._objFlags &= ~flagToClear;
            }
        }
    }
}

function sortedIndex(array: Component[], comp: Component): number {
    const order = executionOrderOf(comp);
    const id = comp._id;
    let l = 0;
    for (let h = array.length - 1, m = h >>> 1; l <= h; m = (l + h) >>> 1) {
        const test = array[m];
        const testOrder = executionOrderOf(test);
        if (testOrder > order) {
            h = m - 1;
        } else if (testOrder < order) {
            l = m + 1;
        } else {
            const testId = test._id;
            if (testId > id) {
                h = m - 1;
            } else if (testId < id) {
                l = m + 1;
            } else {
                return m;
            }
        }
    }
    return ~l;
}

function compareOrder(a: Component, b: Component): number {
    return executionOrderOf(a) - executionOrderOf(b);
}

/** Mirrors `LifeCycleInvoker` (component-scheduler.ts): order < 0, = 0, > 0 queues. */
class LifeCycleInvoker {
    public zero = new MutableForwardIterator<Component>([]);
    public neg = new MutableForwardIterator<Component>([]);
    public pos = new MutableForwardIterator<Component>([]);
    protected _invoke: InvokeFunc;

    constructor(invokeFunc: InvokeFunc) {
        this._invoke = invokeFunc;
    }
}

/** Mirrors `OneOffInvoker`: sorted once, invoked once (onLoad, onEnable, start). */
class OneOffInvoker extends LifeCycleInvoker {
    public add(comp: Component): void {
        const order = executionOrderOf(comp);
        (order === 0 ? this.zero : (order < 0 ? this.neg : this.pos)).array.push(comp);
    }

    public remove(comp: Component): void {
        const order = executionOrderOf(comp);
        (order === 0 ? this.zero : (order < 0 ? this.neg : this.pos)).fastRemove(comp);
    }

    public cancelInactive(flagToClear: number): void {
        stableRemoveInactive(this.zero, flagToClear);
        stableRemoveInactive(this.neg, flagToClear);
        stableRemoveInactive(this.pos, flagToClear);
    }

    public invoke(): void {
        const compsNeg = this.neg;
        if (compsNeg.array.length > 0) {
            compsNeg.array.sort(compareOrder);
            this._invoke(compsNeg);
            compsNeg.array.length = 0;
        }
        this._invoke(this.zero);
        this.zero.array.length = 0;
        const compsPos = this.pos;
        if (compsPos.array.length > 0) {
            compsPos.array.sort(compareOrder);
            this._invoke(compsPos);
            compsPos.array.length = 0;
        }
    }
}

/** Mirrors `ReusableInvoker`: kept sorted by (execution order, id), invoked every frame. */
class ReusableInvoker extends LifeCycleInvoker {
    public add(comp: Component): void {
        const order = executionOrderOf(comp);
        if (order === 0) {
            this.zero.array.push(comp);
        } else {
            const array = order < 0 ? this.neg.array : this.pos.array;
            const i = sortedIndex(array, comp);
            if (i < 0) {
                array.splice(~i, 0, comp);
            } else {
                warn('component already added:', comp.name);
            }
        }
    }

    public remove(comp: Component): void {
        const order = executionOrderOf(comp);
        if (order === 0) {
            this.zero.fastRemove(comp);
        } else {
            const iterator = order < 0 ? this.neg : this.pos;
            const i = sortedIndex(iterator.array, comp);
            if (i >= 0) {
                iterator.removeAt(i);
            }
        }
    }

    public invoke(dt: number): void {
        if (this.neg.array.length > 0) {
            this._invoke(this.neg, dt);
        }
        this._invoke(this.zero, dt);
        if (this.pos.array.length > 0) {
            this._invoke(this.pos, dt);
        }
    }
}

/** Mirrors `UnsortedInvoker` of node-activator.ts (__preload). */
class UnsortedInvoker extends LifeCycleInvoker {
    public add(comp: Component): void {
        this.zero.array.push(comp);
    }

    public remove(comp: Component): void {
        this.zero.fastRemove(comp);
    }

    public cancelInactive(flagToClear: number): void {
        stableRemoveInactive(this.zero, flagToClear);
    }

    public invoke(): void {
        this._invoke(this.zero);
        this.zero.array.length = 0;
    }
}

/** Mirrors `ComponentScheduler` of `cocos/scene-graph/component-scheduler.ts` (no Scheduler pause/resume). */
class ComponentScheduler {
    public startInvoker!: OneOffInvoker;
    public updateInvoker!: ReusableInvoker;
    public lateUpdateInvoker!: ReusableInvoker;
    private _deferredComps: Component[] = [];
    private _updating = false;

    constructor() {
        this.unscheduleAll();
    }

    public unscheduleAll(): void {
        this.startInvoker = new OneOffInvoker(invokeStart);
        this.updateInvoker = new ReusableInvoker(invokeUpdate);
        this.lateUpdateInvoker = new ReusableInvoker(invokeLateUpdate);
        this._updating = false;
        this._deferredComps.length = 0;
    }

    public _onEnabled(comp: Component): void {
        comp._objFlags |= IsOnEnableCalled;
        if (this._updating) {
            this._deferredComps.push(comp);
        } else {
            this._scheduleImmediate(comp);
        }
    }

    public _onDisabled(comp: Component): void {
        comp._objFlags &= ~IsOnEnableCalled;
        const index = this._deferredComps.indexOf(comp);
        if (index >= 0) {
            fastRemoveAt(this._deferredComps, index);
            return;
        }
        if (comp.internalStart && !(comp._objFlags & IsStartCalled)) {
            this.startInvoker.remove(comp);
        }
        if (comp.internalUpdate) {
            this.updateInvoker.remove(comp);
        }
        if (comp.internalLateUpdate) {
            this.lateUpdateInvoker.remove(comp);
        }
    }

    public enableComp(comp: Component, invoker?: OneOffInvoker): void {
        if (!(comp._objFlags & IsOnEnableCalled)) {
            if (comp.internalOnEnable) {
                if (invoker) {
                    invoker.add(comp);
                    return;
                }
                comp.internalOnEnable.call(comp);
                const deactivatedDuringOnEnable = !comp.node.activeInHierarchy;
                if (deactivatedDuringOnEnable) {
                    return;
                }
            }
            this._onEnabled(comp);
        }
    }

    public disableComp(comp: Component): void {
        if (comp._objFlags & IsOnEnableCalled) {
            if (comp.internalOnDisable) {
                comp.internalOnDisable.call(comp);
            }
            this._onDisabled(comp);
        }
    }

    public startPhase(): void {
        this._updating = true;
        this.startInvoker.invoke();
        this._startForNewComps();
    }

    public updatePhase(dt: number): void {
        this.updateInvoker.invoke(dt);
    }

    public lateUpdatePhase(dt: number): void {
        this.lateUpdateInvoker.invoke(dt);
        this._updating = false;
        this._startForNewComps();
    }

    private _startForNewComps(): void {
        if (this._deferredComps.length > 0) {
            this._deferredSchedule();
            this.startInvoker.invoke();
        }
    }

    private _scheduleImmediate(comp: Component): void {
        if (typeof comp.internalStart === 'function' && !(comp._objFlags & IsStartCalled)) {
            this.startInvoker.add(comp);
        }
        if (typeof comp.internalUpdate === 'function') {
            this.updateInvoker.add(comp);
        }
        if (typeof comp.internalLateUpdate === 'function') {
            this.lateUpdateInvoker.add(comp);
        }
    }

    private _deferredSchedule(): void {
        const comps = this._deferredComps;
        for (let i = 0, len = comps.length; i < len; i++) {
            this._scheduleImmediate(comps[i]);
        }
        comps.length = 0;
    }
}

interface ActivateTask {
    preload: UnsortedInvoker;
    onLoad: OneOffInvoker;
    onEnable: OneOffInvoker;
}

function newActivateTask(): ActivateTask {
    const task = {
        preload: new UnsortedInvoker(invokePreload),
        onLoad: new OneOffInvoker(invokeOnLoad),
        onEnable: new OneOffInvoker(invokeOnEnable),
    };
    // Like the engine's task pool: iterators start before the first element.
    task.preload.zero.i = -1;
    for (const invoker of [task.onLoad, task.onEnable]) {
        invoker.zero.i = -1;
        invoker.neg.i = -1;
        invoker.pos.i = -1;
    }
    return task;
}

/**
 * Mirrors `NodeActivator` of `cocos/scene-graph/node-activator.ts`. Activating a node: every
 * component of the subtree gets `__preload`, then (all of them) `onLoad`, then `onEnable`, each
 * batch sorted by execution order. Deactivating: `onDisable`, depth first.
 */
class NodeActivator {
    private _activatingStack: ActivateTask[] = [];

    public reset(): void {
        this._activatingStack = [];
    }

    public activateNode(node: Node, active: boolean): void {
        if (active) {
            const task = newActivateTask();
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

    public activateComp(comp: Component, preloadInvoker?: UnsortedInvoker, onLoadInvoker?: OneOffInvoker, onEnableInvoker?: OneOffInvoker): void {
        if (!isValid(comp, true)) {
            return;
        }
        if (!(comp._objFlags & IsPreloadStarted)) {
            comp._objFlags |= IsPreloadStarted;
            if (comp.internalPreload) {
                if (preloadInvoker) {
                    preloadInvoker.add(comp);
                } else {
                    comp.internalPreload.call(comp);
                }
            }
        }
        if (!(comp._objFlags & IsOnLoadStarted)) {
            comp._objFlags |= IsOnLoadStarted;
            if (comp.internalOnLoad) {
                if (onLoadInvoker) {
                    onLoadInvoker.add(comp);
                } else {
                    comp.internalOnLoad.call(comp);
                    comp._objFlags |= IsOnLoadCalled;
                }
            } else {
                comp._objFlags |= IsOnLoadCalled;
            }
        }
        if (comp._enabled) {
            const deactivatedOnLoading = !comp.node.activeInHierarchy;
            if (deactivatedOnLoading) {
                return;
            }
            director._compScheduler.enableComp(comp, onEnableInvoker);
        }
    }

    public destroyComp(comp: Component): void {
        director._compScheduler.disableComp(comp);
        if (comp.internalOnDestroy && (comp._objFlags & IsOnLoadCalled)) {
            comp.internalOnDestroy.call(comp);
        }
    }

    private _activateNodeRecursively(node: Node, preloadInvoker: UnsortedInvoker, onLoadInvoker: OneOffInvoker, onEnableInvoker: OneOffInvoker): void {
        if (node._objFlags & Deactivating) {
            errorID(3816, node.name);
            return;
        }
        node._setActiveInHierarchy(true);
        const originCount = node._components.length;
        for (let i = 0; i < originCount; ++i) {
            this.activateComp(node._components[i], preloadInvoker, onLoadInvoker, onEnableInvoker);
        }
        for (let i = 0, len = node._children.length; i < len; ++i) {
            const child = node._children[i];
            if (child._active) {
                this._activateNodeRecursively(child, preloadInvoker, onLoadInvoker, onEnableInvoker);
            }
        }
        node._onPostActivated(true);
    }

    private _deactivateNodeRecursively(node: Node): void {
        node._objFlags |= Deactivating;
        node._setActiveInHierarchy(false);
        const originCount = node._components.length;
        for (let c = 0; c < originCount; ++c) {
            const component = node._components[c];
            if (component._enabled) {
                director._compScheduler.disableComp(component);
                if (node._activeInHierarchy) {
                    node._objFlags &= ~Deactivating;
                    return;
                }
            }
        }
        for (let i = 0, len = node._children.length; i < len; ++i) {
            const child = node._children[i];
            if (child._activeInHierarchy) {
                this._deactivateNodeRecursively(child);
                if (node._activeInHierarchy) {
                    node._objFlags &= ~Deactivating;
                    return;
                }
            }
        }
        node._onPostActivated(false);
        node._objFlags &= ~Deactivating;
    }
}

// ---------------------------------------------------------------------------------------------
// Node (`cocos/scene-graph/node.ts`)
// ---------------------------------------------------------------------------------------------

/** Like `IDGenerator` (`cocos/core/utils/id-generator.ts`) but counting from 1, not from a random start. */
class IdGenerator {
    private _id = 0;
    private readonly _prefix: string;

    constructor(category: string) {
        this._prefix = `${category}.`;
    }

    public getNewId(): string {
        return `${this._prefix}${++this._id}`;
    }
}

const nodeIds = new IdGenerator('Node');
const compIds = new IdGenerator('Comp');

let globalFlagChangeVersion = 0;
const dirtyNodes: Node[] = [];

/** Mirrors `NodeUIProperties` of `cocos/scene-graph/node-ui-properties.ts` (the UITransform lookup). */
class NodeUIProperties {
    private _uiTransformComp: UITransform | null = null;
    private _node: Node;

    constructor(node: Node) {
        this._node = node;
    }

    get uiTransformComp(): UITransform | null {
        if (!this._uiTransformComp) {
            this._uiTransformComp = this._node.getComponent(UITransform);
        }
        return this._uiTransformComp;
    }

    set uiTransformComp(value: UITransform | null) {
        this._uiTransformComp = value;
    }
}

function getConstructor<T>(typeOrClassName: string | Constructor<T> | AbstractedConstructor<T>): Function | undefined {
    if (!typeOrClassName) {
        errorID(3804);
        return undefined;
    }
    if (typeof typeOrClassName === 'string') {
        return classByName.get(typeOrClassName);
    }
    return typeOrClassName;
}

/**
 * Mirrors `Node` of `cocos/scene-graph/node.ts`: hierarchy, activation, components, events, and
 * the transform with the engine's dirty flags. `worldMatrix` brings the world transform up to date
 * before returning it (`updateWorldTransform`), so it is always current.
 */
export class Node extends CCObject {
    public static TransformBit = TransformBit;
    public static EventType = NodeEventType;

    /** Starts a new "frame" for `hasChangedFlags` (the director calls it at the end of `tick`). */
    public static resetHasChangedFlags(): void {
        globalFlagChangeVersion += 1;
    }

    public static isNode(obj: unknown): obj is Node {
        return obj instanceof Node && !(obj instanceof Scene);
    }

    public _parent: Node | null = null;
    public _children: Node[] = [];
    public _active = true;
    public _components: Component[] = [];
    public _scene: Scene = null!;
    public _activeInHierarchy = false;
    public _id: string = nodeIds.getNewId();
    public _eventProcessor: EventTarget = new EventTarget();
    public _siblingIndex = 0;
    public _uiProps: NodeUIProperties = new NodeUIProperties(this);

    // local transform
    public _lpos = new Vec3();
    public _lrot = new Quat();
    public _lscale = new Vec3(1, 1, 1);
    public _layer: number = Layers.Enum.DEFAULT;
    public _euler = new Vec3();
    // world transform
    public _pos = new Vec3();
    public _rot = new Quat();
    public _scale = new Vec3(1, 1, 1);
    public _mat = new Mat4();

    public _transformFlags: number = TransformBit.TRS;
    public _eulerDirty = false;
    public _flagChangeVersion = 0;
    public _hasChangedFlags = 0;

    constructor(name?: string) {
        super(name === undefined ? 'New Node' : name);
    }

    // ---- identity -------------------------------------------------------------------------

    override get name(): string {
        return this._name;
    }

    override set name(value: string) {
        if (value.indexOf('/') !== -1) {
            errorID(1632);
            return;
        }
        this._name = value;
    }

    get uuid(): string {
        return this._id;
    }

    get layer(): number {
        return this._layer;
    }

    set layer(l: number) {
        if (this._layer === l) {
            return;
        }
        this._layer = l;
        this.emit(NodeEventType.LAYER_CHANGED, this._layer);
    }

    // ---- hierarchy ------------------------------------------------------------------------

    get children(): Node[] {
        return this._children;
    }

    get parent(): Node | null {
        return this._parent;
    }

    set parent(value: Node | null) {
        this.setParent(value);
    }

    get scene(): Scene {
        return this._scene;
    }

    public getParent(): Node | null {
        return this._parent;
    }

    public setParent(value: Node | null, keepWorldTransform = false): void {
        if (this._parent === value) {
            return;
        }
        if (keepWorldTransform) {
            throw new Error('cc test double: setParent(parent, keepWorldTransform = true) is not modelled');
        }
        const oldParent = this._parent;
        const newParent = value;
        this._parent = newParent;
        this._siblingIndex = 0;
        this._onSetParent(oldParent);
        this.emit(NodeEventType.PARENT_CHANGED, oldParent);
        if (oldParent) {
            if (!(oldParent._objFlags & Destroying)) {
                const removeAt = oldParent._children.indexOf(this);
                oldParent._children.splice(removeAt, 1);
                oldParent._updateSiblingIndex();
                oldParent.emit(NodeEventType.CHILD_REMOVED, this);
            }
        }
        if (newParent) {
            newParent._children.push(this);
            this._siblingIndex = newParent._children.length - 1;
            newParent.emit(NodeEventType.CHILD_ADDED, this);
        }
        this._onHierarchyChanged(oldParent);
    }

    public addChild(child: Node): void {
        child.setParent(this);
    }

    public insertChild(child: Node, siblingIndex: number): void {
        child.setParent(this);
        child.setSiblingIndex(siblingIndex);
    }

    public removeChild(child: Node): void {
        if (this._children.indexOf(child) > -1) {
            child.parent = null;
        }
    }

    public removeFromParent(): void {
        if (this._parent) {
            this._parent.removeChild(this);
        }
    }

    public removeAllChildren(): void {
        const children = this._children;
        for (let i = children.length - 1; i >= 0; i--) {
            const node = children[i];
            if (node) {
                node.parent = null;
            }
        }
        this._children.length = 0;
    }

    public getChildByName(name: string): Node | null {
        if (!name) {
            log('Invalid name');
            return null;
        }
        for (const child of this._children) {
            if (child._name === name) {
                return child;
            }
        }
        return null;
    }

    public getChildByUuid(uuid: string): Node | null {
        for (const child of this._children) {
            if (child._id === uuid) {
                return child;
            }
        }
        return null;
    }

    public isChildOf(parent: Node | null): boolean {
        let child: Node | null = this;
        do {
            if (child === parent) {
                return true;
            }
            child = child._parent;
        } while (child);
        return false;
    }

    public getSiblingIndex(): number {
        return this._siblingIndex;
    }

    public setSiblingIndex(index: number): void {
        if (!this._parent) {
            return;
        }
        const siblings = this._parent._children;
        index = index >= 0 ? index : siblings.length + index;
        const oldIndex = siblings.indexOf(this);
        if (index !== oldIndex) {
            siblings.splice(oldIndex, 1);
            if (index < siblings.length) {
                siblings.splice(index, 0, this);
            } else {
                siblings.push(this);
            }
            this._parent._updateSiblingIndex();
        }
    }

    /** Pre-order `preFunc`, post-order `postFunc`, over this node and its descendants. */
    public walk(preFunc: (target: Node) => void, postFunc?: (target: Node) => void): void {
        preFunc(this);
        for (const child of this._children.slice()) {
            child.walk(preFunc, postFunc);
        }
        postFunc?.(this);
    }

    public _updateSiblingIndex(): void {
        for (let i = 0; i < this._children.length; ++i) {
            this._children[i]._siblingIndex = i;
        }
        this.emit(NodeEventType.CHILDREN_ORDER_CHANGED);
    }

    public _updateScene(): void {
        if (this._parent == null) {
            errorID(1640, this.name, this.uuid);
        } else {
            this._scene = this._parent._scene;
        }
    }

    public _onSetParent(oldParent: Node | null): void {
        if (this._parent) {
            if ((oldParent == null || oldParent._scene !== this._parent._scene) && this._parent._scene != null) {
                this.walk((n) => n._updateScene());
            }
        }
        this.invalidateChildren(TransformBit.TRS);
    }

    public _onHierarchyChanged(_oldParent: Node | null): void {
        const newParent = this._parent;
        const shouldActiveNow = this._active && !!(newParent && newParent._activeInHierarchy);
        if (this._activeInHierarchy !== shouldActiveNow) {
            director._nodeActivator.activateNode(this, shouldActiveNow);
        }
    }

    // ---- activation -----------------------------------------------------------------------

    get active(): boolean {
        return this._active;
    }

    set active(isActive: boolean) {
        isActive = !!isActive;
        if (this._active !== isActive) {
            this._active = isActive;
            const parent = this._parent;
            if (parent) {
                const couldActiveInScene = parent._activeInHierarchy;
                if (couldActiveInScene) {
                    director._nodeActivator.activateNode(this, isActive);
                }
            }
        }
    }

    get activeInHierarchy(): boolean {
        return this._activeInHierarchy;
    }

    public _setActiveInHierarchy(v: boolean): void {
        this._activeInHierarchy = v;
    }

    public _onPostActivated(active: boolean): void {
        this.emit(NodeEventType.ACTIVE_CHANGED, this, active);
        if (active) {
            // in case transform updated during deactivated period
            this.invalidateChildren(TransformBit.TRS);
        }
    }

    // ---- destruction ----------------------------------------------------------------------

    /** `active` turns false at once; the node is really destroyed by the next `tick` (after lateUpdate). */
    public override destroy(): boolean {
        if (super.destroy()) {
            this.active = false;
            return true;
        }
        return false;
    }

    public destroyAllChildren(): void {
        const children = this._children;
        for (let i = 0; i < children.length; ++i) {
            children[i].destroy();
        }
    }

    public override _onPreDestroy(): boolean {
        this._objFlags |= Destroying;
        const parent = this._parent;
        const destroyByParent = !!parent && (parent._objFlags & Destroying) !== 0;
        if (!destroyByParent) {
            if (parent) {
                this.emit(NodeEventType.PARENT_CHANGED, this);
                const childIndex = parent._children.indexOf(this);
                parent._children.splice(childIndex, 1);
                this._siblingIndex = 0;
                parent._updateSiblingIndex();
                parent.emit(NodeEventType.CHILD_REMOVED, this);
            }
        }
        this.emit(NodeEventType.NODE_DESTROYED, this);
        this._eventProcessor.clear();
        const children = this._children;
        for (let i = 0; i < children.length; ++i) {
            children[i]._destroyImmediate();
        }
        const comps = this._components;
        for (let i = 0; i < comps.length; ++i) {
            comps[i]._destroyImmediate();
        }
        return destroyByParent;
    }

    // ---- components -----------------------------------------------------------------------

    get components(): ReadonlyArray<Component> {
        return this._components;
    }

    public addComponent<T extends Component>(classConstructor: Constructor<T>): T;
    public addComponent(className: string): Component;
    public addComponent(typeOrClassName: string | Constructor<Component>): Component {
        let constructor: Function | undefined;
        if (typeof typeOrClassName === 'string') {
            constructor = classByName.get(typeOrClassName);
            if (!constructor) {
                throw TypeError(getError(3807, typeOrClassName));
            }
        } else {
            if (!typeOrClassName) {
                throw TypeError(getError(3804));
            }
            constructor = typeOrClassName;
        }
        if (typeof constructor !== 'function') {
            throw TypeError(getError(3809));
        }
        if (!isChildClassOf(constructor, Component)) {
            throw TypeError(getError(3810));
        }
        const reqComps = (constructor as unknown as { _requireComponent?: Constructor<Component> | Constructor<Component>[] | null })._requireComponent;
        if (reqComps) {
            for (const reqComp of Array.isArray(reqComps) ? reqComps : [reqComps]) {
                if (!this.getComponent(reqComp)) {
                    this.addComponent(reqComp);
                }
            }
        }
        const component = new (constructor as Constructor<Component>)();
        component.node = this;
        this._components.push(component);
        this.emit(NodeEventType.COMPONENT_ADDED, component);
        if (this._activeInHierarchy) {
            director._nodeActivator.activateComp(component);
        }
        return component;
    }

    public getComponent<T extends Component>(classConstructor: Constructor<T> | AbstractedConstructor<T>): T | null;
    public getComponent(className: string): Component | null;
    public getComponent<T extends Component>(typeOrClassName: string | Constructor<T> | AbstractedConstructor<T>): T | null {
        const constructor = getConstructor(typeOrClassName);
        if (constructor) {
            for (const comp of this._components) {
                if (comp instanceof constructor) {
                    return comp as T;
                }
            }
        }
        return null;
    }

    public getComponents<T extends Component>(classConstructor: Constructor<T> | AbstractedConstructor<T>): T[];
    public getComponents(className: string): Component[];
    public getComponents<T extends Component>(typeOrClassName: string | Constructor<T> | AbstractedConstructor<T>): Component[] {
        const constructor = getConstructor(typeOrClassName);
        const components: Component[] = [];
        if (constructor) {
            for (const comp of this._components) {
                if (comp instanceof constructor) {
                    components.push(comp);
                }
            }
        }
        return components;
    }

    public getComponentInChildren<T extends Component>(classConstructor: Constructor<T> | AbstractedConstructor<T>): T | null {
        for (const child of this._children) {
            const comp = child.getComponent(classConstructor) ?? child.getComponentInChildren(classConstructor);
            if (comp) {
                return comp;
            }
        }
        return null;
    }

    public getComponentsInChildren<T extends Component>(classConstructor: Constructor<T> | AbstractedConstructor<T>): T[] {
        const out: T[] = this.getComponents(classConstructor);
        for (const child of this._children) {
            out.push(...child.getComponentsInChildren(classConstructor));
        }
        return out;
    }

    public removeComponent(component: Component | Constructor<Component> | string): void {
        if (!component) {
            errorID(3813);
            return;
        }
        const instance = component instanceof Component ? component : this.getComponent(component as Constructor<Component>);
        if (instance) {
            instance.destroy();
        }
    }

    public _removeComponent(component: Component): void {
        if (!component) {
            errorID(3814);
            return;
        }
        if (!(this._objFlags & Destroying)) {
            const i = this._components.indexOf(component);
            if (i !== -1) {
                this._components.splice(i, 1);
                this.emit(NodeEventType.COMPONENT_REMOVED, component);
            } else if (component.node !== this) {
                errorID(3815);
            }
        }
    }

    // ---- events ---------------------------------------------------------------------------

    public on(type: string, callback: AnyFunction, target?: unknown, _useCapture?: boolean): void {
        this._eventProcessor.on(type, callback, target);
    }

    public off(type: string, callback?: AnyFunction, target?: unknown, _useCapture?: boolean): void {
        this._eventProcessor.off(type, callback, target);
    }

    public once(type: string, callback: AnyFunction, target?: unknown, _useCapture?: boolean): void {
        this._eventProcessor.once(type, callback, target);
    }

    public emit(type: string, arg0?: unknown, arg1?: unknown, arg2?: unknown, arg3?: unknown, arg4?: unknown): void {
        this._eventProcessor.emit(type, arg0, arg1, arg2, arg3, arg4);
    }

    public hasEventListener(type: string, callback?: AnyFunction, target?: unknown): boolean {
        return this._eventProcessor.hasEventListener(type, callback, target);
    }

    public targetOff(target: unknown): void {
        this._eventProcessor.targetOff(target);
    }

    // ---- transform ------------------------------------------------------------------------

    get position(): Readonly<Vec3> {
        return this._lpos;
    }

    set position(val: Readonly<Vec3>) {
        this.setPosition(val);
    }

    public getPosition(out?: Vec3): Vec3 {
        return Vec3.copy(out ?? new Vec3(), this._lpos);
    }

    /** Ignored when equal to the current position within EPSILON (Vec3.equals), like the engine. */
    public setPosition(position: Readonly<Vec3>): void;
    public setPosition(x: number, y: number, z?: number): void;
    public setPosition(val: Readonly<Vec3> | number, y?: number, z?: number): void {
        const localPosition = this._lpos;
        if (y === undefined) {
            if (localPosition.equals(val as Vec3)) {
                return;
            }
            Vec3.copy(localPosition, val as Vec3);
        } else {
            if (z === undefined) {
                z = localPosition.z;
            }
            if (localPosition.equals(v3_a.set(val as number, y, z))) {
                return;
            }
            Vec3.copy(localPosition, v3_a);
        }
        this.invalidateChildren(TransformBit.POSITION);
        this.emit(NodeEventType.TRANSFORM_CHANGED, TransformBit.POSITION);
    }

    get worldPosition(): Readonly<Vec3> {
        this.updateWorldTransform();
        return this._pos;
    }

    public getWorldPosition(out?: Vec3): Vec3 {
        this.updateWorldTransform();
        return Vec3.copy(out ?? new Vec3(), this._pos);
    }

    /** Like the engine: the local position is recomputed through the parent's inverse world matrix. */
    public setWorldPosition(position: Readonly<Vec3>): void;
    public setWorldPosition(x: number, y: number, z: number): void;
    public setWorldPosition(val: Readonly<Vec3> | number, y?: number, z?: number): void {
        const worldPosition = this._pos;
        const forceUpdateLocalPosition = !!this._parent && (this._transformFlags & TransformBit.POSITION) !== TransformBit.NONE;
        if (y === undefined) {
            if (!forceUpdateLocalPosition && worldPosition.equals(val as Vec3)) {
                return;
            }
            Vec3.copy(worldPosition, val as Vec3);
        } else {
            Vec3.set(v3_a, val as number, y, z!);
            if (!forceUpdateLocalPosition && worldPosition.equals(v3_a)) {
                return;
            }
            Vec3.copy(worldPosition, v3_a);
        }
        const parent = this._parent;
        const local = this._lpos;
        if (parent) {
            parent.updateWorldTransform();
            Vec3.transformMat4(local, worldPosition, Mat4.invert(m4_1, parent._mat));
        } else {
            Vec3.copy(local, worldPosition);
        }
        this.invalidateChildren(TransformBit.POSITION);
        this.emit(NodeEventType.TRANSFORM_CHANGED, TransformBit.POSITION);
    }

    /** World rotation, decomposed from the world matrix (Mat4.toSRT), like the engine. */
    get worldRotation(): Readonly<Quat> {
        this.updateWorldTransform();
        return this._rot;
    }

    public getWorldRotation(out?: Quat): Quat {
        this.updateWorldTransform();
        return Quat.copy(out ?? new Quat(), this._rot);
    }

    public setWorldRotation(rotation: Readonly<Quat>): void;
    public setWorldRotation(x: number, y: number, z: number, w: number): void;
    public setWorldRotation(val: Readonly<Quat> | number, y?: number, z?: number, w?: number): void {
        const worldRotation = this._rot;
        const forceUpdateLocalRotation = !!this._parent && (this._transformFlags & TransformBit.ROTATION) !== TransformBit.NONE;
        if (y === undefined) {
            if (!forceUpdateLocalRotation && worldRotation.equals(val as Quat)) {
                return;
            }
            Quat.copy(worldRotation, val as Quat);
        } else {
            Quat.set(q_a, val as number, y, z!, w!);
            if (!forceUpdateLocalRotation && worldRotation.equals(q_a)) {
                return;
            }
            Quat.copy(worldRotation, q_a);
        }
        if (this._parent) {
            this._parent.updateWorldTransform();
            Quat.multiply(this._lrot, Quat.conjugate(this._lrot, this._parent._rot), worldRotation);
        } else {
            Quat.copy(this._lrot, worldRotation);
        }
        this._eulerDirty = true;
        this.invalidateChildren(TransformBit.ROTATION);
        this.emit(NodeEventType.TRANSFORM_CHANGED, TransformBit.ROTATION);
    }

    /** World scale, decomposed from the world matrix (Mat4.toSRT; a mirror image gives x < 0), like the engine. */
    get worldScale(): Readonly<Vec3> {
        this.updateWorldTransform();
        return this._scale;
    }

    public getWorldScale(out?: Vec3): Vec3 {
        this.updateWorldTransform();
        return Vec3.copy(out ?? new Vec3(), this._scale);
    }

    /** The engine's algorithm (including its handling of zero scales). */
    public setWorldScale(scale: Readonly<Vec3>): void;
    public setWorldScale(x: number, y: number, z: number): void;
    public setWorldScale(val: Readonly<Vec3> | number, y?: number, z?: number): void {
        const worldScale = this._scale;
        const forceUpdateLocalScale = !!this._parent && (this._transformFlags & TransformBit.SCALE) !== TransformBit.NONE;
        const parent = this._parent;
        if (parent) {
            this.updateWorldTransform();
        }
        if (y === undefined) {
            if (!forceUpdateLocalScale && worldScale.equals(val as Vec3)) {
                return;
            }
            Vec3.copy(worldScale, val as Vec3);
        } else {
            Vec3.set(v3_a, val as number, y, z!);
            if (!forceUpdateLocalScale && worldScale.equals(v3_a)) {
                return;
            }
            Vec3.copy(worldScale, v3_a);
        }

        let rotationFlag: number = TransformBit.NONE;
        if (parent) {
            const xScale = Vec3.set(v3_b, this._mat.m00, this._mat.m01, this._mat.m02).length();
            const yScale = Vec3.set(v3_b, this._mat.m04, this._mat.m05, this._mat.m06).length();
            const zScale = Vec3.set(v3_b, this._mat.m08, this._mat.m09, this._mat.m10).length();
            if (xScale === 0) {
                v3_a.x = worldScale.x;
                this._mat.m00 = 1;
                rotationFlag = TransformBit.ROTATION;
            } else {
                v3_a.x = worldScale.x / xScale;
            }
            if (yScale === 0) {
                v3_a.y = worldScale.y;
                this._mat.m05 = 1;
                rotationFlag = TransformBit.ROTATION;
            } else {
                v3_a.y = worldScale.y / yScale;
            }
            if (zScale === 0) {
                v3_a.z = worldScale.z;
                this._mat.m10 = 1;
                rotationFlag = TransformBit.ROTATION;
            } else {
                v3_a.z = worldScale.z / zScale;
            }
            Mat4.scale(m4_1, this._mat, v3_a);
            Mat4.multiply(m4_2, Mat4.invert(m4_2, parent._mat), m4_1);
            Mat3.fromQuat(m3_1, Quat.conjugate(qt_1, this._lrot));
            Mat3.multiplyMat4(m3_1, m3_1, m4_2);
            const localScale = this._lscale;
            localScale.x = Vec3.set(v3_a, m3_1.m00, m3_1.m01, m3_1.m02).length();
            localScale.y = Vec3.set(v3_a, m3_1.m03, m3_1.m04, m3_1.m05).length();
            localScale.z = Vec3.set(v3_a, m3_1.m06, m3_1.m07, m3_1.m08).length();
            if (localScale.x === 0 || localScale.y === 0 || localScale.z === 0) {
                rotationFlag = TransformBit.ROTATION;
            }
        } else {
            Vec3.copy(this._lscale, worldScale);
        }
        this.invalidateChildren(TransformBit.SCALE | rotationFlag);
        this.emit(NodeEventType.TRANSFORM_CHANGED, TransformBit.SCALE | rotationFlag);
    }

    get rotation(): Readonly<Quat> {
        return this._lrot;
    }

    set rotation(val: Readonly<Quat>) {
        this.setRotation(val);
    }

    public getRotation(out?: Quat): Quat {
        return Quat.copy(out ?? new Quat(), this._lrot);
    }

    public setRotation(rotation: Readonly<Quat>): void;
    public setRotation(x: number, y: number, z: number, w: number): void;
    public setRotation(val: Readonly<Quat> | number, y?: number, z?: number, w?: number): void {
        const localRotation = this._lrot;
        if (y === undefined) {
            if (localRotation.equals(val as Quat)) {
                return;
            }
            Quat.copy(localRotation, val as Quat);
        } else {
            if (localRotation.equals(q_a.set(val as number, y, z, w))) {
                return;
            }
            Quat.copy(localRotation, q_a);
        }
        this._eulerDirty = true;
        this.invalidateChildren(TransformBit.ROTATION);
        this.emit(NodeEventType.TRANSFORM_CHANGED, TransformBit.ROTATION);
    }

    /** Euler angles in degrees; the quaternion is `Quat.fromEuler` (half-angle sin/cos), like the engine. */
    public setRotationFromEuler(rotation: Readonly<Vec3>): void;
    public setRotationFromEuler(x: number, y: number, zOpt?: number): void;
    public setRotationFromEuler(val: Readonly<Vec3> | number, y?: number, zOpt?: number): void {
        const euler = this._euler;
        if (y === undefined) {
            const v = val as Vec3;
            if (euler.equals(v)) {
                return;
            }
            Vec3.copy(euler, v);
            Quat.fromEuler(this._lrot, v.x, v.y, v.z);
        } else {
            const z = zOpt === undefined ? this._euler.z : zOpt;
            Vec3.set(v3_a, val as number, y, z);
            if (euler.equals(v3_a)) {
                return;
            }
            Vec3.copy(euler, v3_a);
            Quat.fromEuler(this._lrot, val as number, y, z);
        }
        this._eulerDirty = false;
        this.invalidateChildren(TransformBit.ROTATION);
        this.emit(NodeEventType.TRANSFORM_CHANGED, TransformBit.ROTATION);
    }

    get eulerAngles(): Readonly<Vec3> {
        if (this._eulerDirty) {
            Quat.toEuler(this._euler, this._lrot);
            this._eulerDirty = false;
        }
        return this._euler;
    }

    set eulerAngles(val: Readonly<Vec3>) {
        this.setRotationFromEuler(val.x, val.y, val.z);
    }

    get angle(): number {
        return this.eulerAngles.z;
    }

    set angle(val: number) {
        if (this._euler.equals(v3_a.set(0, 0, val))) {
            return;
        }
        Vec3.set(this._euler, 0, 0, val);
        Quat.fromAngleZ(this._lrot, val);
        this._eulerDirty = false;
        this.invalidateChildren(TransformBit.ROTATION);
        this.emit(NodeEventType.TRANSFORM_CHANGED, TransformBit.ROTATION);
    }

    get scale(): Readonly<Vec3> {
        return this._lscale;
    }

    set scale(val: Readonly<Vec3>) {
        this.setScale(val);
    }

    public getScale(out?: Vec3): Vec3 {
        return Vec3.copy(out ?? new Vec3(), this._lscale);
    }

    public setScale(scale: Readonly<Vec3>): void;
    public setScale(x: number, y: number, z?: number): void;
    public setScale(val: Readonly<Vec3> | number, y?: number, z?: number): void {
        const localScale = this._lscale;
        if (y === undefined) {
            if (localScale.equals(val as Vec3)) {
                return;
            }
            Vec3.copy(localScale, val as Vec3);
        } else {
            if (z === undefined) {
                z = localScale.z;
            }
            Vec3.set(v3_a, val as number, y, z);
            if (localScale.equals(v3_a)) {
                return;
            }
            Vec3.copy(localScale, v3_a);
        }
        this.invalidateChildren(TransformBit.SCALE);
        this.emit(NodeEventType.TRANSFORM_CHANGED, TransformBit.SCALE);
    }

    /** Always current: brings the world transform up to date first (like the engine). */
    get worldMatrix(): Readonly<Mat4> {
        this.updateWorldTransform();
        return this._mat;
    }

    public getWorldMatrix(out?: Mat4): Mat4 {
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

    get flagChangedVersion(): number {
        return this._flagChangeVersion;
    }

    /** Marks this node and its descendants dirty (engine algorithm, including its shortcut). */
    public invalidateChildren(dirtyBit: number): void {
        let i = 0;
        let j = 0;
        let l = 0;
        let cur: Node;
        let children: Node[];
        let hasChangedFlags = 0;
        const childDirtyBit = dirtyBit | TransformBit.POSITION;

        dirtyNodes[0] = this;

        while (i >= 0) {
            cur = dirtyNodes[i--];
            hasChangedFlags = cur.hasChangedFlags;
            if (cur.isValid && (cur._transformFlags & hasChangedFlags & dirtyBit) !== dirtyBit) {
                cur._transformFlags |= dirtyBit;
                cur.hasChangedFlags = hasChangedFlags | dirtyBit;

                children = cur._children;
                l = children.length;
                for (j = 0; j < l; j++) {
                    dirtyNodes[++i] = children[j];
                }
            }
            dirtyBit = childDirtyBit;
        }
    }

    /** The engine's algorithm: world = parent.world × fromSRT(local), recomputed from the first dirty ancestor. */
    public updateWorldTransform(): void {
        if (!this._transformFlags) {
            return;
        }
        let cur: Node | null = this;
        let i = 0;
        while (cur && cur._transformFlags) {
            dirtyNodes[i++] = cur;
            cur = cur._parent;
        }
        let child: Node;
        let dirtyBits = 0;

        while (i) {
            child = dirtyNodes[--i];
            dirtyBits |= child._transformFlags;
            if (cur) {
                if (dirtyBits & TransformBit.POSITION) {
                    Vec3.transformMat4(child._pos, child._lpos, cur._mat);
                    child._mat.m12 = child._pos.x;
                    child._mat.m13 = child._pos.y;
                    child._mat.m14 = child._pos.z;
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
                    child._mat.m12 = child._pos.x;
                    child._mat.m13 = child._pos.y;
                    child._mat.m14 = child._pos.z;
                }
                if (dirtyBits & TransformBit.RS) {
                    if (dirtyBits & TransformBit.ROTATION) {
                        Quat.copy(child._rot, child._lrot);
                    }
                    if (dirtyBits & TransformBit.SCALE) {
                        Vec3.copy(child._scale, child._lscale);
                    }
                    Mat4.fromRTS(child._mat, child._rot, child._pos, child._scale);
                }
            }
            child._transformFlags = TransformBit.NONE;
            cur = child;
        }
    }
}

const v3_a = new Vec3();
const v3_b = new Vec3();
const q_a = new Quat();
const qt_1 = new Quat();
const m3_1 = new Mat3();
const m4_1 = new Mat4();
const m4_2 = new Mat4();

// ---------------------------------------------------------------------------------------------
// Component (`cocos/scene-graph/component.ts`)
// ---------------------------------------------------------------------------------------------

/**
 * Mirrors `Component` of `cocos/scene-graph/component.ts`. Subclasses define the optional life-cycle
 * methods; the double calls them when and in the order the engine does (see NodeActivator,
 * ComponentScheduler and Director.tick).
 */
export class Component extends CCObject {
    public static _executionOrder = 0;
    public static _requireComponent: Constructor<Component> | Constructor<Component>[] | null = null;

    public node: Node = null!;
    public _enabled = true;
    public _id: string = compIds.getNewId();

    constructor() {
        super();
    }

    override get name(): string {
        if (this._name) {
            return this._name;
        }
        let className = getClassName(this);
        const trimLeft = className.lastIndexOf('.');
        if (trimLeft >= 0) {
            className = className.slice(trimLeft + 1);
        }
        return this.node ? `${this.node.name}<${className}>` : className;
    }

    override set name(value: string) {
        this._name = value;
    }

    get uuid(): string {
        return this._id;
    }

    get enabled(): boolean {
        return this._enabled;
    }

    set enabled(value: boolean) {
        if (this._enabled !== value) {
            this._enabled = value;
            if (this.node.activeInHierarchy) {
                const compScheduler = director._compScheduler;
                if (value) {
                    compScheduler.enableComp(this);
                } else {
                    compScheduler.disableComp(this);
                }
            }
        }
    }

    get enabledInHierarchy(): boolean {
        return this._enabled && !!this.node && this.node.activeInHierarchy;
    }

    get _isOnLoadCalled(): number {
        return this._objFlags & IsOnLoadCalled;
    }

    public addComponent<T extends Component>(classConstructor: Constructor<T>): T | null;
    public addComponent(className: string): Component | null;
    public addComponent(typeOrClassName: string | Constructor<Component>): Component | null {
        return this.node.addComponent(typeOrClassName as Constructor<Component>);
    }

    public getComponent<T extends Component>(classConstructor: Constructor<T> | AbstractedConstructor<T>): T | null;
    public getComponent(className: string): Component | null;
    public getComponent(typeOrClassName: string | Constructor<Component> | AbstractedConstructor<Component>): Component | null {
        return this.node.getComponent(typeOrClassName as Constructor<Component>);
    }

    public getComponents<T extends Component>(classConstructor: Constructor<T> | AbstractedConstructor<T>): T[] {
        return this.node.getComponents(classConstructor);
    }

    public override destroy(): boolean {
        if (super.destroy()) {
            if (this._enabled && this.node.activeInHierarchy) {
                director._compScheduler.disableComp(this);
            }
            return true;
        }
        return false;
    }

    public override _onPreDestroy(): void {
        director._nodeActivator.destroyComp(this);
        this.node._removeComponent(this);
    }

    /** Not modelled by the double (the engine's Scheduler). */
    public schedule(_callback: AnyFunction, _interval?: number, _repeat?: number, _delay?: number): void {
        throw new Error('cc test double: Component.schedule is not modelled');
    }

    /** Not modelled by the double (the engine's Scheduler). */
    public scheduleOnce(_callback: AnyFunction, _delay?: number): void {
        throw new Error('cc test double: Component.scheduleOnce is not modelled');
    }

    public unschedule(_callback: AnyFunction): void { /* nothing is ever scheduled */ }

    public unscheduleAllCallbacks(): void { /* nothing is ever scheduled */ }

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

// ---------------------------------------------------------------------------------------------
// Scene (`cocos/scene-graph/scene.ts`)
// ---------------------------------------------------------------------------------------------

/** Mirrors `Scene` of `cocos/scene-graph/scene.ts`: the root; its own transform is the identity. */
export class Scene extends Node {
    public autoReleaseAssets = false;

    constructor(name = '') {
        super(name);
        this._activeInHierarchy = false;
    }

    public override _updateScene(): void {
        this._scene = this;
    }

    public override _onHierarchyChanged(): void { /* a scene has no parent */ }

    public override _onPostActivated(_active: boolean): void { /* nothing */ }

    public override updateWorldTransform(): void { /* nothing */ }

    public override destroy(): boolean {
        const success = CCObject.prototype.destroy.call(this);
        if (success) {
            const children = this._children;
            for (let i = 0; i < children.length; ++i) {
                children[i].active = false;
            }
        }
        this._active = false;
        this._activeInHierarchy = false;
        return success;
    }

    public _load(): void {
        this.walk((n) => n._updateScene());
    }

    public _activate(active = true): void {
        director._nodeActivator.activateNode(this, active);
    }
}

// ---------------------------------------------------------------------------------------------
// System, Director, Game, Settings
// ---------------------------------------------------------------------------------------------

/** Mirrors `System` of `cocos/core/system.ts`. */
export class System {
    public static Priority = Enum({
        LOW: 0,
        MEDIUM: 100,
        HIGH: 200,
        SCHEDULER: (1 << 31) >>> 0,
    });

    protected _id = '';
    protected _priority = 0;
    protected _executeInEditMode = false;

    set priority(value: number) {
        this._priority = value;
    }

    get priority(): number {
        return this._priority;
    }

    set id(id: string) {
        this._id = id;
    }

    get id(): string {
        return this._id;
    }

    /** Descending priority (Array.prototype.sort is stable, so equal priorities keep their order). */
    public static sortByPriority(a: System, b: System): number {
        if (a._priority < b._priority) {
            return 1;
        } else if (a._priority > b.priority) {
            return -1;
        }
        return 0;
    }

    public init(): void { /* empty */ }
    public update(_dt: number): void { /* empty */ }
    public postUpdate(_dt: number): void { /* empty */ }
    public destroy(): void { /* empty */ }
}

/**
 * Mirrors `Director` of `cocos/game/director.ts` (no rendering, no scene loading). `tick(dt)` runs a
 * frame in the engine's order; `registerSystem` does not call `init()` (the engine calls it only
 * for systems registered before `director.init()`).
 */
export class Director extends EventTarget {
    public static readonly EVENT_INIT = 'director_init';
    public static readonly EVENT_RESET = 'director_reset';
    public static readonly EVENT_BEFORE_SCENE_LOADING = 'director_before_scene_loading';
    public static readonly EVENT_BEFORE_SCENE_LAUNCH = 'director_before_scene_launch';
    public static readonly EVENT_AFTER_SCENE_LAUNCH = 'director_after_scene_launch';
    public static readonly EVENT_BEFORE_UPDATE = 'director_before_update';
    public static readonly EVENT_AFTER_UPDATE = 'director_after_update';
    public static readonly EVENT_BEFORE_DRAW = 'director_before_draw';
    public static readonly EVENT_AFTER_DRAW = 'director_after_draw';
    public static readonly EVENT_BEFORE_COMMIT = 'director_before_commit';
    public static readonly EVENT_BEFORE_RENDER = 'director_before_render';
    public static readonly EVENT_AFTER_RENDER = 'director_after_render';
    public static readonly EVENT_BEFORE_PHYSICS = 'director_before_physics';
    public static readonly EVENT_AFTER_PHYSICS = 'director_after_physics';
    public static readonly EVENT_BEGIN_FRAME = 'director_begin_frame';
    public static readonly EVENT_END_FRAME = 'director_end_frame';

    public static instance: Director;

    public _compScheduler = new ComponentScheduler();
    public _nodeActivator = new NodeActivator();
    public _systems: System[] = [];
    public _scene: Scene | null = null;
    public _totalFrames = 0;
    private _paused = false;

    public registerSystem(name: string, sys: System, priority: number): void {
        sys.id = name;
        sys.priority = priority;
        this._systems.push(sys);
        this._systems.sort(System.sortByPriority);
    }

    public unregisterSystem(sys: System): void {
        fastRemove(this._systems, sys);
        this._systems.sort(System.sortByPriority);
    }

    public getSystem(name: string): System | undefined {
        return this._systems.find((sys) => sys.id === name);
    }

    public getScene(): Scene | null {
        return this._scene;
    }

    public getTotalFrames(): number {
        return this._totalFrames;
    }

    public pause(): void {
        this._paused = true;
    }

    public resume(): void {
        this._paused = false;
    }

    public isPaused(): boolean {
        return this._paused;
    }

    /** One frame, in the order of `Director.tick` (cocos/game/director.ts), minus input and rendering. */
    public tick(dt: number): void {
        this.emit(Director.EVENT_BEGIN_FRAME);
        if (!this._paused) {
            this.emit(Director.EVENT_BEFORE_UPDATE);
            // Call start for new added components
            this._compScheduler.startPhase();
            // Update for components
            this._compScheduler.updatePhase(dt);
            // Update systems
            for (let i = 0; i < this._systems.length; ++i) {
                this._systems[i].update(dt);
            }
            // Late update for components
            this._compScheduler.lateUpdatePhase(dt);
            this.emit(Director.EVENT_AFTER_UPDATE);
            // Destroy entities that have been removed recently
            CCObject._deferredDestroy();
            // Post update systems
            for (let i = 0; i < this._systems.length; ++i) {
                this._systems[i].postUpdate(dt);
            }
        }
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
    public static readonly EVENT_HIDE = 'game_on_hide';
    public static readonly EVENT_SHOW = 'game_on_show';
    public static readonly EVENT_LOW_MEMORY = 'game_on_low_memory';
    public static readonly EVENT_GAME_INITED = 'game_inited';
    public static readonly EVENT_ENGINE_INITED = 'engine_inited';
    public static readonly EVENT_RENDERER_INITED = 'renderer_inited';
    public static readonly EVENT_PRE_BASE_INIT = 'pre_base_init';
    public static readonly EVENT_POST_BASE_INIT = 'post_base_init';
    public static readonly EVENT_PRE_INFRASTRUCTURE_INIT = 'pre_infrastructure_init';
    public static readonly EVENT_POST_INFRASTRUCTURE_INIT = 'post_infrastructure_init';
    public static readonly EVENT_PRE_SUBSYSTEM_INIT = 'pre_subsystem_init';
    public static readonly EVENT_POST_SUBSYSTEM_INIT = 'post_subsystem_init';
    public static readonly EVENT_PRE_PROJECT_INIT = 'pre_project_init';
    public static readonly EVENT_POST_PROJECT_INIT = 'post_project_init';
    public static readonly EVENT_RESTART = 'game_on_restart';
    public static readonly EVENT_PAUSE = 'game_on_pause';
    public static readonly EVENT_RESUME = 'game_on_resume';
    public static readonly EVENT_CLOSE = 'game_on_close';

    get inited(): boolean {
        return true;
    }

    private _canRegisterEvent(type: EventKey): boolean {
        return type === Game.EVENT_ENGINE_INITED || type === Game.EVENT_GAME_INITED || type === Game.EVENT_RENDERER_INITED;
    }

    /** Like the engine: an *_INITED listener is called at once, and also registered. */
    public override on<TFunction extends AnyFunction>(type: EventKey, callback: TFunction, target?: unknown, once?: boolean): TFunction {
        if (this._canRegisterEvent(type)) {
            callback.call(target);
        }
        return super.on(type, callback, target, once);
    }

    /** Like the engine: an *_INITED listener is called at once and not registered. */
    public override once<TFunction extends AnyFunction>(type: EventKey, callback: TFunction, target?: unknown): TFunction {
        if (this._canRegisterEvent(type)) {
            return callback.call(target) as TFunction;
        }
        return super.once(type, callback, target);
    }
}

export const game = new Game();

/** Mirrors `SettingsCategory` of `cocos/core/settings.ts`. */
export enum SettingsCategory {
    PATH = 'path',
    ENGINE = 'engine',
    ASSETS = 'assets',
    SCRIPTING = 'scripting',
    PHYSICS = 'physics',
    RENDERING = 'rendering',
    LAUNCH = 'launch',
    SCREEN = 'screen',
    SPLASH_SCREEN = 'splashScreen',
    ANIMATION = 'animation',
    PROFILING = 'profiling',
    PLUGINS = 'plugins',
    XR = 'xr',
}

/**
 * Mirrors `Settings` of `cocos/core/settings.ts`: overrides win over the project's settings.
 * Double-only: `_setProjectSettings(data)` stands for the project's settings.json, e.g.
 * `{ physics: { collisionGroups: [{ index: 1, name: 'A' }], collisionMatrix: { 0: 1, 1: 3 } } }`.
 */
export class Settings {
    public static Category = SettingsCategory;

    private _settings: Record<string, Record<string, unknown> | undefined> = {};
    private _override: Record<string, Record<string, unknown> | undefined> = {};

    public overrideSettings<T = unknown>(category: SettingsCategory | string, name: string, value: T): void {
        if (!(category in this._override)) {
            this._override[category] = {};
        }
        this._override[category]![name] = value;
    }

    public querySettings<T = any>(category: SettingsCategory | string, name: string): T | null {
        if (category in this._override) {
            const categorySettings = this._override[category];
            if (categorySettings && name in categorySettings) {
                return categorySettings[name] as T;
            }
        }
        if (category in this._settings) {
            const categorySettings = this._settings[category];
            if (categorySettings && name in categorySettings) {
                return categorySettings[name] as T;
            }
        }
        return null;
    }

    /** Double-only: replaces the project settings (what settings.json would hold). */
    public _setProjectSettings(data: Record<string, Record<string, unknown>>): void {
        this._settings = { ...data };
    }

    /** Double-only: forgets project settings and overrides. */
    public _reset(): void {
        this._settings = {};
        this._override = {};
    }
}

export const settings = new Settings();

/** Double-only: sets what the project's settings.json holds (see `Settings`). */
export function setProjectSettings(data: Record<string, Record<string, unknown>>): void {
    settings._setProjectSettings(data);
}

// ---------------------------------------------------------------------------------------------
// Assets
// ---------------------------------------------------------------------------------------------

/** Mirrors `Asset` of `cocos/asset/assets/asset.ts` (an event target with a uuid and a ref count). */
export class Asset extends CCObject {
    public _uuid = '';
    private _ref = 0;
    private _events = new EventTarget();

    constructor(name = '') {
        super(name);
    }

    get uuid(): string {
        return this._uuid;
    }

    get isDefault(): boolean {
        return false;
    }

    get refCount(): number {
        return this._ref;
    }

    public addRef(): this {
        this._ref++;
        return this;
    }

    public decRef(_autoRelease = true): this {
        if (this._ref > 0) {
            this._ref--;
        }
        return this;
    }

    public on<TFunction extends AnyFunction>(type: EventKey, callback: TFunction, target?: unknown, once?: boolean): TFunction {
        return this._events.on(type, callback, target, once);
    }

    public once<TFunction extends AnyFunction>(type: EventKey, callback: TFunction, target?: unknown): TFunction {
        return this._events.once(type, callback, target);
    }

    public off(type: EventKey, callback?: AnyFunction, target?: unknown): void {
        this._events.off(type, callback, target);
    }

    public emit(type: EventKey, arg0?: unknown, arg1?: unknown, arg2?: unknown, arg3?: unknown, arg4?: unknown): void {
        this._events.emit(type, arg0, arg1, arg2, arg3, arg4);
    }

    public targetOff(typeOrTarget: unknown): void {
        this._events.targetOff(typeOrTarget);
    }
}

/** Mirrors `PixelFormat` of `cocos/asset/assets/asset-enum.ts` (the common values). */
export enum PixelFormat {
    RGB565 = 47,
    RGB5A1 = 49,
    RGBA4444 = 50,
    RGB888 = 24,
    RGB32F = 32,
    RGBA8888 = 35,
    BGRA8888 = 36,
    RGBA32F = 44,
    A8 = 1,
    I8 = 2,
    AI8 = 3,
    RGB_PVRTC_2BPPV1 = 83,
    RGBA_PVRTC_2BPPV1 = 84,
    RGB_A_PVRTC_2BPPV1 = 1024,
    RGB_PVRTC_4BPPV1 = 85,
    RGBA_PVRTC_4BPPV1 = 86,
    RGB_A_PVRTC_4BPPV1 = 1025,
    RGB_ETC1 = 72,
    RGBA_ETC1 = 1026,
    RGB_ETC2 = 73,
    RGBA_ETC2 = 77,
    RGBA_ASTC_4x4 = 89,
    RGBA_ASTC_12x12 = 102,
}

/** Mirrors `Filter` of `cocos/asset/assets/asset-enum.ts`. */
export enum Filter {
    NONE = 0,
    LINEAR = 2,
    NEAREST = 1,
}

/** Mirrors `WrapMode` of `cocos/asset/assets/asset-enum.ts`. */
export enum WrapMode {
    REPEAT = 0,
    CLAMP_TO_EDGE = 2,
    MIRRORED_REPEAT = 1,
    CLAMP_TO_BORDER = 3,
}

function isCompressedFormat(format: number): boolean {
    return (format >= PixelFormat.RGB_ETC1 && format <= PixelFormat.RGBA_ASTC_12x12)
        || (format >= PixelFormat.RGB_A_PVRTC_2BPPV1 && format <= PixelFormat.RGBA_ETC1);
}

/**
 * Double-only stand-in for an `HTMLCanvasElement` image source (jest runs without a DOM). An
 * `ImageAsset` made from it reports it as `data`, as the engine reports a canvas. `getContext('2d')`
 * offers `getImageData`, reading `pixels` (RGBA8, rows top-down).
 */
export class FakeCanvas {
    public width: number;
    public height: number;
    public pixels: Uint8ClampedArray;

    constructor(width: number, height: number, pixels?: Uint8ClampedArray) {
        this.width = width;
        this.height = height;
        this.pixels = pixels ?? new Uint8ClampedArray(width * height * 4);
    }

    public getContext(kind: string): { getImageData(x: number, y: number, w: number, h: number): { width: number; height: number; data: Uint8ClampedArray } } | null {
        if (kind !== '2d') {
            return null;
        }
        return {
            getImageData: (x: number, y: number, w: number, h: number) => {
                const data = new Uint8ClampedArray(w * h * 4);
                for (let row = 0; row < h; row++) {
                    for (let col = 0; col < w; col++) {
                        const sx = x + col;
                        const sy = y + row;
                        if (sx < 0 || sy < 0 || sx >= this.width || sy >= this.height) {
                            continue;
                        }
                        const s = (sy * this.width + sx) * 4;
                        const d = (row * w + col) * 4;
                        data[d] = this.pixels[s];
                        data[d + 1] = this.pixels[s + 1];
                        data[d + 2] = this.pixels[s + 2];
                        data[d + 3] = this.pixels[s + 3];
                    }
                }
                return { width: w, height: h, data };
            },
        };
    }
}

/** Mirrors `IMemoryImageSource` of `cocos/asset/assets/image-asset.ts`. */
export interface IMemoryImageSource {
    _data: ArrayBufferView | null;
    _compressed: boolean;
    width: number;
    height: number;
    format: number;
    mipmapLevelDataSize?: number[];
}

export type ImageSource = IMemoryImageSource | FakeCanvas;

/**
 * Mirrors `ImageAsset` of `cocos/asset/assets/image-asset.ts`: `data` is the canvas for a canvas
 * source (a `FakeCanvas` here) and the `ArrayBufferView` (`_data`) for a memory source.
 */
export class ImageAsset extends Asset {
    private _nativeData: ImageSource;
    private _format: number = PixelFormat.RGBA8888;
    private _width = 0;
    private _height = 0;

    constructor(nativeAsset?: ImageSource) {
        super();
        this._nativeData = { _data: null, width: 0, height: 0, format: 0, _compressed: false, mipmapLevelDataSize: [] };
        if (nativeAsset !== undefined) {
            this.reset(nativeAsset);
        }
    }

    public reset(data: ImageSource): void {
        this._nativeData = data;
        if (!(data instanceof FakeCanvas)) {
            this._format = data.format;
        }
    }

    get data(): ArrayBufferView | FakeCanvas | null {
        if (this._nativeData instanceof FakeCanvas) {
            return this._nativeData;
        }
        return this._nativeData && this._nativeData._data;
    }

    get width(): number {
        return this._nativeData.width || this._width;
    }

    get height(): number {
        return this._nativeData.height || this._height;
    }

    get format(): number {
        return this._format;
    }

    get isCompressed(): boolean {
        return isCompressedFormat(this._format);
    }
}

let textureIdCounter = 0;

/** Mirrors `TextureBase` of `cocos/asset/assets/texture-base.ts` (size, format, sampler settings). */
export class TextureBase extends Asset {
    public static PixelFormat = PixelFormat;
    public static Filter = Filter;
    public static WrapMode = WrapMode;

    protected _format: number = PixelFormat.RGBA8888;
    protected _minFilter: number = Filter.LINEAR;
    protected _magFilter: number = Filter.LINEAR;
    protected _mipFilter: number = Filter.NONE;
    protected _wrapS: number = WrapMode.REPEAT;
    protected _wrapT: number = WrapMode.REPEAT;
    protected _width = 1;
    protected _height = 1;
    private _textureId = `tex-${++textureIdCounter}`;

    get width(): number {
        return this._width;
    }

    get height(): number {
        return this._height;
    }

    get isCompressed(): boolean {
        return isCompressedFormat(this._format);
    }

    public getId(): string {
        return this._textureId;
    }

    public getPixelFormat(): number {
        return this._format;
    }

    public setFilters(minFilter: number, magFilter: number): void {
        this._minFilter = minFilter;
        this._magFilter = magFilter;
    }

    public setMipFilter(mipFilter: number): void {
        this._mipFilter = mipFilter;
    }

    public setWrapMode(wrapS: number, wrapT: number): void {
        this._wrapS = wrapS;
        this._wrapT = wrapT;
    }

    public getSamplerInfo(): { minFilter: number; magFilter: number; mipFilter: number; addressU: number; addressV: number } {
        return { minFilter: this._minFilter, magFilter: this._magFilter, mipFilter: this._mipFilter, addressU: this._wrapS, addressV: this._wrapT };
    }
}

/** Mirrors `Texture2D` of `cocos/asset/assets/texture-2d.ts`: assigning `image` sets size and format. */
export class Texture2D extends TextureBase {
    public _mipmaps: ImageAsset[] = [];

    get mipmaps(): ImageAsset[] {
        return this._mipmaps;
    }

    set mipmaps(value: ImageAsset[]) {
        this._mipmaps = value;
        if (value.length > 0) {
            const imageAsset = value[0];
            this.reset({ width: imageAsset.width, height: imageAsset.height, format: imageAsset.format, mipmapLevel: value.length });
        } else {
            this.reset({ width: 0, height: 0, mipmapLevel: 0 });
        }
    }

    get image(): ImageAsset | null {
        return this._mipmaps.length === 0 ? null : this._mipmaps[0];
    }

    set image(value: ImageAsset | null) {
        this.mipmaps = value ? [value] : [];
    }

    public reset(info: { width: number; height: number; format?: number; mipmapLevel?: number }): void {
        this._width = info.width;
        this._height = info.height;
        this._format = info.format === undefined ? PixelFormat.RGBA8888 : info.format;
    }

    public create(width: number, height: number, format: number = PixelFormat.RGBA8888): void {
        this.reset({ width, height, format });
    }
}

/** Mirrors `ISpriteFrameInitInfo` of `cocos/2d/assets/sprite-frame.ts`. */
export interface ISpriteFrameInitInfo {
    texture?: TextureBase;
    originalSize?: Size;
    rect?: Rect;
    offset?: Vec2;
    isRotate?: boolean;
}

/** The engine's `DynamicAtlasManager.maxFrameSize` default, used by `SpriteFrame._checkPackable`. */
const DYNAMIC_ATLAS_MAX_FRAME_SIZE = 512;

/**
 * Mirrors `SpriteFrame` of `cocos/2d/assets/sprite-frame.ts`: rect / originalSize / offset /
 * rotated / trimmedBorder / uv, `reset`, the texture setter (which clears the frame: quirk 5),
 * `_refreshTexture` (a reset without originalSize gets the texture's size: quirk 4) and the
 * dynamic-atlas hooks `_setDynamicAtlasFrame` / `_resetDynamicAtlasFrame`. Not modelled: uv
 * flipping, cap insets / sliced uv, meshes.
 */
export class SpriteFrame extends Asset {
    public static EVENT_UV_UPDATED = 'uv_updated';

    public static createWithImage(imageSourceOrImageAsset: ImageSource | ImageAsset): SpriteFrame {
        const img = imageSourceOrImageAsset instanceof ImageAsset ? imageSourceOrImageAsset : new ImageAsset(imageSourceOrImageAsset);
        const tex = new Texture2D();
        tex.image = img;
        const spf = new SpriteFrame();
        spf.texture = tex;
        return spf;
    }

    /** 8 numbers: (u, v) of vertices 0..3 (left-bottom, right-bottom, left-top, right-top); v = 0 is the top. */
    public uv: number[] = [];
    public unbiasUV: number[] = [];

    protected _rect = new Rect();
    protected _trimmedBorder = new Vec4();
    protected _offset = new Vec2();
    protected _originalSize = new Size();
    protected _rotated = false;
    protected _texture!: TextureBase;
    protected _original: { _texture: TextureBase; _x: number; _y: number } | null = null;
    protected _packable = true;

    get rect(): Rect {
        return this._rect;
    }

    set rect(value: Rect) {
        if (this._rect.equals(value)) {
            return;
        }
        this._rect.set(value);
        if (this._texture) {
            this._calculateUV();
        }
        this._calcTrimmedBorder();
    }

    get originalSize(): Size {
        return this._originalSize;
    }

    set originalSize(value: Size) {
        if (this._originalSize.equals(value)) {
            return;
        }
        this._originalSize.set(value);
        if (this._texture) {
            this._calculateUV();
        }
        this._calcTrimmedBorder();
    }

    get offset(): Vec2 {
        return this._offset;
    }

    set offset(value: Vec2) {
        this._offset.set(value);
        this._calcTrimmedBorder();
    }

    get rotated(): boolean {
        return this._rotated;
    }

    set rotated(rotated: boolean) {
        if (this._rotated === rotated) {
            return;
        }
        this._rotated = rotated;
        if (this._texture) {
            this._calculateUV();
        }
    }

    get texture(): TextureBase {
        return this._texture;
    }

    /** Clears rect, originalSize, offset and rotated, then takes the whole texture (engine quirk 5). */
    set texture(value: TextureBase) {
        if (!value) {
            warnID(3122, this.name);
            return;
        }
        if (value === this._texture) {
            return;
        }
        this.reset({ texture: value }, true);
    }

    /** The texture's width (not the rect's), like the engine. */
    get width(): number {
        return this._texture.width;
    }

    get height(): number {
        return this._texture.height;
    }

    get packable(): boolean {
        return this._packable;
    }

    set packable(value: boolean) {
        this._packable = value;
    }

    /** Null, or where the frame was before it was packed into the dynamic atlas. */
    get original(): { _texture: TextureBase; _x: number; _y: number } | null {
        return this._original;
    }

    /** [left, right, bottom, top] as x, y, z, w (see `_calcTrimmedBorder`). */
    get trimmedBorder(): Vec4 {
        return this._trimmedBorder;
    }

    public textureLoaded(): boolean {
        return !!this.texture;
    }

    public isRotated(): boolean {
        return this._rotated;
    }

    public setRotated(rotated: boolean): void {
        this.rotated = rotated;
    }

    public getRect(out?: Rect): Rect {
        return out ? out.set(this._rect) : this._rect.clone();
    }

    public setRect(rect: Rect): void {
        this.rect = rect;
    }

    public getOriginalSize(out?: Size): Size {
        return out ? out.set(this._originalSize) : this._originalSize.clone();
    }

    public setOriginalSize(size: Size): void {
        this.originalSize = size;
    }

    public getOffset(out?: Vec2): Vec2 {
        return out ? out.set(this._offset) : this._offset.clone();
    }

    public setOffset(offset: Vec2): void {
        this.offset = offset;
    }

    public validate(): boolean {
        return !!this._texture && !!this._rect && this._rect.width !== 0 && this._rect.height !== 0;
    }

    public reset(info?: ISpriteFrameInitInfo, clearData = false): void {
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
            if (info.originalSize) {
                this._originalSize.set(info.originalSize);
            }
            if (info.rect) {
                this._rect.set(info.rect);
            }
            if (info.offset) {
                this._offset.set(info.offset);
            }
            if (info.isRotate !== undefined) {
                this._rotated = !!info.isRotate;
            }
            calUV = true;
        }

        if (calUV && this.texture) {
            this._calculateUV();
        }
        this._calcTrimmedBorder();
    }

    public checkRect(texture: TextureBase): boolean {
        const rect = this._rect;
        let maxX = rect.x;
        let maxY = rect.y;
        if (this._rotated) {
            maxX += rect.height;
            maxY += rect.width;
        } else {
            maxX += rect.width;
            maxY += rect.height;
        }
        if (maxX > texture.width) {
            errorID(3300, `${this.name}/${texture.name}`, maxX, texture.width);
            return false;
        }
        if (maxY > texture.height) {
            errorID(3301, `${this.name}/${texture.name}`, maxY, texture.height);
            return false;
        }
        return true;
    }

    private _calcTrimmedBorder(): void {
        const ow = this._originalSize.width;
        const oh = this._originalSize.height;
        const rw = this._rect.width;
        const rh = this._rect.height;
        const halfTrimmedWidth = (ow - rw) * 0.5;
        const halfTrimmedHeight = (oh - rh) * 0.5;
        // left
        this._trimmedBorder.x = this._offset.x + halfTrimmedWidth;
        // right
        this._trimmedBorder.y = this._offset.x - halfTrimmedWidth;
        // bottom
        this._trimmedBorder.z = this._offset.y + halfTrimmedHeight;
        // top
        this._trimmedBorder.w = this._offset.y - halfTrimmedHeight;
    }

    /** The engine's `_calculateUV` without the flip branches. */
    public _calculateUV(): void {
        const rect = this._rect;
        const uv = this.uv;
        const unbiasUV = this.unbiasUV;
        const tex = this.texture;
        const texw = tex.width;
        const texh = tex.height;

        if (this._rotated) {
            const l = texw === 0 ? 0 : rect.x / texw;
            const r = texw === 0 ? 1 : (rect.x + rect.height) / texw;
            const t = texh === 0 ? 0 : rect.y / texh;
            const b = texh === 0 ? 1 : (rect.y + rect.width) / texh;
            uv[0] = l; uv[1] = t;
            uv[2] = l; uv[3] = b;
            uv[4] = r; uv[5] = t;
            uv[6] = r; uv[7] = b;
        } else {
            const l = texw === 0 ? 0 : rect.x / texw;
            const r = texw === 0 ? 1 : (rect.x + rect.width) / texw;
            const b = texh === 0 ? 1 : (rect.y + rect.height) / texh;
            const t = texh === 0 ? 0 : rect.y / texh;
            uv[0] = l; uv[1] = b;
            uv[2] = r; uv[3] = b;
            uv[4] = l; uv[5] = t;
            uv[6] = r; uv[7] = t;
        }
        for (let i = 0; i < 8; i++) {
            unbiasUV[i] = uv[i];
        }
        this.emit(SpriteFrame.EVENT_UV_UPDATED, this);
    }

    /** What the dynamic atlas does to a frame it packs: texture and rect.x/y move, `original` keeps the old ones. */
    public _setDynamicAtlasFrame(frame: { texture: TextureBase; x: number; y: number } | null): void {
        if (!frame) {
            return;
        }
        this._original = {
            _texture: this._texture,
            _x: this._rect.x,
            _y: this._rect.y,
        };
        this._texture = frame.texture;
        this._rect.x = frame.x;
        this._rect.y = frame.y;
        this._calculateUV();
    }

    public _resetDynamicAtlasFrame(): void {
        if (!this._original) {
            return;
        }
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
    public _checkPackable(): void {
        const texture = this._texture;
        if (!(texture instanceof Texture2D) || texture.isCompressed) {
            this._packable = false;
            return;
        }
        const w = this.width;
        const h = this.height;
        if (!texture.image || w > DYNAMIC_ATLAS_MAX_FRAME_SIZE || h > DYNAMIC_ATLAS_MAX_FRAME_SIZE) {
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
        if (isReset) {
            this.reset(config);
        }
        this._checkPackable();
    }
}

/** Mirrors `BufferAsset` of `cocos/asset/assets/buffer-asset.ts`. */
export class BufferAsset extends Asset {
    private _buffer: ArrayBuffer | null = null;

    get _nativeAsset(): ArrayBuffer | null {
        return this._buffer;
    }

    set _nativeAsset(bin: ArrayBuffer | ArrayBufferView | null) {
        if (bin instanceof ArrayBuffer || bin === null) {
            this._buffer = bin;
        } else {
            this._buffer = bin.buffer as ArrayBuffer;
        }
    }

    public buffer(): ArrayBuffer {
        return this._buffer!;
    }
}

/** Mirrors `JsonAsset` of `cocos/asset/assets/json-asset.ts`. */
export class JsonAsset extends Asset {
    public json: Record<string, any> | null = null;
}

// ---------------------------------------------------------------------------------------------
// 2D components
// ---------------------------------------------------------------------------------------------

/**
 * Mirrors `UITransform` of `cocos/2d/framework/ui-transform.ts`: content size (default 100 × 100)
 * and anchor (default 0.5, 0.5). `setContentSize` ignores a size within 1e-6 (absolute) of the
 * current one, like the engine. Not modelled: bounding boxes, hit tests, priority.
 */
export class UITransform extends Component {
    public static override _executionOrder = 110;
    public static EventType = NodeEventType;

    protected _contentSize = new Size(100, 100);
    protected _anchorPoint = new Vec2(0.5, 0.5);

    get contentSize(): Readonly<Size> {
        return this._contentSize;
    }

    set contentSize(value: Readonly<Size>) {
        if (this._contentSize.equals(value)) {
            return;
        }
        this._contentSize.set(value);
        this.node.emit(NodeEventType.SIZE_CHANGED);
    }

    get width(): number {
        return this._contentSize.width;
    }

    set width(value: number) {
        if (this._contentSize.width === value) {
            return;
        }
        this._contentSize.width = value;
        this.node.emit(NodeEventType.SIZE_CHANGED);
    }

    get height(): number {
        return this._contentSize.height;
    }

    set height(value: number) {
        if (this._contentSize.height === value) {
            return;
        }
        this._contentSize.height = value;
        this.node.emit(NodeEventType.SIZE_CHANGED);
    }

    get anchorPoint(): Readonly<Vec2> {
        return this._anchorPoint;
    }

    set anchorPoint(value: Readonly<Vec2>) {
        if (this._anchorPoint.equals(value)) {
            return;
        }
        this._anchorPoint.set(value);
        this.node.emit(NodeEventType.ANCHOR_CHANGED, this._anchorPoint);
    }

    get anchorX(): number {
        return this._anchorPoint.x;
    }

    set anchorX(value: number) {
        if (this._anchorPoint.x === value) {
            return;
        }
        this._anchorPoint.x = value;
        this.node.emit(NodeEventType.ANCHOR_CHANGED, this._anchorPoint);
    }

    get anchorY(): number {
        return this._anchorPoint.y;
    }

    set anchorY(value: number) {
        if (this._anchorPoint.y === value) {
            return;
        }
        this._anchorPoint.y = value;
        this.node.emit(NodeEventType.ANCHOR_CHANGED, this._anchorPoint);
    }

    public setContentSize(size: Readonly<Size>): void;
    public setContentSize(width: number, height: number): void;
    public setContentSize(size: Readonly<Size> | number, height?: number): void {
        const locContentSize = this._contentSize;
        let locWidth: number;
        let locHeight: number;
        if (height === undefined) {
            const s = size as Size;
            if (approx(s.width, locContentSize.width) && approx(s.height, locContentSize.height)) {
                return;
            }
            locWidth = s.width;
            locHeight = s.height;
        } else {
            if (approx(size as number, locContentSize.width) && approx(height, locContentSize.height)) {
                return;
            }
            locWidth = size as number;
            locHeight = height;
        }
        locContentSize.width = locWidth;
        locContentSize.height = locHeight;
        this.node.emit(NodeEventType.SIZE_CHANGED);
    }

    public setAnchorPoint(point: Readonly<Vec2> | number, y?: number): void {
        const locAnchorPoint = this._anchorPoint;
        if (y === undefined) {
            const p = point as Vec2;
            if (p.x === locAnchorPoint.x && p.y === locAnchorPoint.y) {
                return;
            }
            locAnchorPoint.x = p.x;
            locAnchorPoint.y = p.y;
        } else {
            if (point === locAnchorPoint.x && y === locAnchorPoint.y) {
                return;
            }
            locAnchorPoint.x = point as number;
            locAnchorPoint.y = y;
        }
        this.node.emit(NodeEventType.ANCHOR_CHANGED, this._anchorPoint);
    }

    protected override __preload(): void {
        this.node._uiProps.uiTransformComp = this;
    }

    protected override onDestroy(): void {
        this.node._uiProps.uiTransformComp = null;
    }
}

/** Mirrors `UIRenderer` of `cocos/2d/framework/ui-renderer.ts`: requires a UITransform; has a color. No rendering. */
export class UIRenderer extends Component {
    public static override _requireComponent: Constructor<Component> | Constructor<Component>[] | null = UITransform;

    protected _color: Color = Color.WHITE.clone();

    get color(): Readonly<Color> {
        return this._color;
    }

    set color(value: Readonly<Color>) {
        if (this._color.equals(value)) {
            return;
        }
        this._color.set(value);
    }
}

/** Mirrors `RenderRoot2D` of `cocos/2d/framework/render-root-2d.ts`: requires a UITransform. No rendering. */
export class RenderRoot2D extends Component {
    public static override _requireComponent: Constructor<Component> | Constructor<Component>[] | null = UITransform;
}

/**
 * Mirrors `Canvas` of `cocos/2d/framework/canvas.ts` (state only). The engine's Canvas also moves
 * its node to the screen centre and sizes it to the design resolution; the double does not (set
 * the position and content size yourself, as fixture-scene.ts does: (480, 320), 960 × 640).
 */
export class Canvas extends RenderRoot2D {
    public alignCanvasWithScreen = true;
    public cameraComponent: Component | null = null;
}

/** Mirrors `SpriteType` of `cocos/2d/components/sprite.ts`. */
export enum SpriteType {
    SIMPLE = 0,
    SLICED = 1,
    TILED = 2,
    FILLED = 3,
}

/** Mirrors `FillType` of `cocos/2d/components/sprite.ts`. */
export enum SpriteFillType {
    HORIZONTAL = 0,
    VERTICAL = 1,
    RADIAL = 2,
}

/** Mirrors `SizeMode` of `cocos/2d/components/sprite.ts`. */
export enum SpriteSizeMode {
    CUSTOM = 0,
    TRIMMED = 1,
    RAW = 2,
}

/** Mirrors `SpriteEventType` of `cocos/2d/components/sprite.ts`. */
export enum SpriteEventType {
    SPRITE_FRAME_CHANGED = 'spriteframe-changed',
}

/**
 * Mirrors `Sprite` of `cocos/2d/components/sprite.ts` (state only, no rendering):
 *  - assigning `spriteFrame` with `sizeMode` TRIMMED sets the content size to the rect size, with RAW
 *    to `originalSize` (quirk 2), and a size set afterwards sticks while `sizeMode` stays (quirk 3);
 *  - switching `sizeMode` to TRIMMED or RAW resizes again; setting the same value does nothing;
 *  - `'spriteframe-changed'` is emitted on the node only when EDITOR (cc/env) is true, as in the
 *    engine; at run time (EDITOR false, this double) it is never emitted.
 */
export class Sprite extends UIRenderer {
    public static override _executionOrder = 110;
    public static FillType = SpriteFillType;
    public static Type = SpriteType;
    public static SizeMode = SpriteSizeMode;
    public static EventType = SpriteEventType;

    protected _spriteFrame: SpriteFrame | null = null;
    protected _type: SpriteType = SpriteType.SIMPLE;
    protected _fillType: SpriteFillType = SpriteFillType.HORIZONTAL;
    protected _sizeMode: SpriteSizeMode = SpriteSizeMode.TRIMMED;
    protected _isTrimmedMode = true;
    protected _useGrayscale = false;

    get spriteFrame(): SpriteFrame | null {
        return this._spriteFrame;
    }

    set spriteFrame(value: SpriteFrame | null) {
        if (this._spriteFrame === value) {
            return;
        }
        this._spriteFrame = value;
        this._applySpriteFrame();
        if (EDITOR) {
            this.node.emit(SpriteEventType.SPRITE_FRAME_CHANGED, this);
        }
    }

    /** Only SIMPLE geometry is modelled; other types keep the value only. */
    get type(): SpriteType {
        return this._type;
    }

    set type(value: SpriteType) {
        this._type = value;
    }

    get fillType(): SpriteFillType {
        return this._fillType;
    }

    set fillType(value: SpriteFillType) {
        this._fillType = value;
    }

    get trim(): boolean {
        return this._isTrimmedMode;
    }

    set trim(value: boolean) {
        this._isTrimmedMode = value;
    }

    get grayscale(): boolean {
        return this._useGrayscale;
    }

    set grayscale(value: boolean) {
        this._useGrayscale = value;
    }

    get sizeMode(): SpriteSizeMode {
        return this._sizeMode;
    }

    set sizeMode(value: SpriteSizeMode) {
        if (this._sizeMode === value) {
            return;
        }
        this._sizeMode = value;
        if (value !== SpriteSizeMode.CUSTOM) {
            this._applySpriteSize();
        }
    }

    private _applySpriteSize(): void {
        if (this._spriteFrame) {
            if (!this._spriteFrame.isDefault) {
                if (SpriteSizeMode.RAW === this._sizeMode) {
                    const size = this._spriteFrame.originalSize;
                    this.node._uiProps.uiTransformComp!.setContentSize(size);
                } else if (SpriteSizeMode.TRIMMED === this._sizeMode) {
                    const rect = this._spriteFrame.rect;
                    this.node._uiProps.uiTransformComp!.setContentSize(rect.width, rect.height);
                }
            }
        }
    }

    private _applySpriteFrame(): void {
        if (this._spriteFrame) {
            this._applySpriteSize();
        }
    }
}

/** Mirrors `Graphics` of `cocos/2d/components/graphics.ts`: records drawing calls in `calls`, draws nothing. */
export class Graphics extends UIRenderer {
    /** Double-only: every call and style assignment, in order, e.g. `['lineTo', 10, 20]`, `['strokeColor', Color]`. */
    public calls: Array<[string, ...unknown[]]> = [];

    protected _lineWidth = 1;
    protected _strokeColor: Color = Color.BLACK.clone();
    protected _fillColor: Color = Color.WHITE.clone();

    get lineWidth(): number {
        return this._lineWidth;
    }

    set lineWidth(value: number) {
        this._lineWidth = value;
        this.calls.push(['lineWidth', value]);
    }

    get strokeColor(): Readonly<Color> {
        return this._strokeColor;
    }

    set strokeColor(value: Readonly<Color>) {
        this._strokeColor.set(value);
        this.calls.push(['strokeColor', this._strokeColor.clone()]);
    }

    get fillColor(): Readonly<Color> {
        return this._fillColor;
    }

    set fillColor(value: Readonly<Color>) {
        this._fillColor.set(value);
        this.calls.push(['fillColor', this._fillColor.clone()]);
    }

    public moveTo(x: number, y: number): void { this.calls.push(['moveTo', x, y]); }
    public lineTo(x: number, y: number): void { this.calls.push(['lineTo', x, y]); }
    public rect(x: number, y: number, w: number, h: number): void { this.calls.push(['rect', x, y, w, h]); }
    public circle(cx: number, cy: number, r: number): void { this.calls.push(['circle', cx, cy, r]); }
    public close(): void { this.calls.push(['close']); }
    public stroke(): void { this.calls.push(['stroke']); }
    public fill(): void { this.calls.push(['fill']); }
    public clear(): void { this.calls.push(['clear']); }
}

// ---------------------------------------------------------------------------------------------
// Platform bits
// ---------------------------------------------------------------------------------------------

/** Mirrors part of `sys` (`pal/system-info`, `cocos/core/platform/sys.ts`): jest is not a browser. */
export const sys = {
    isBrowser: false,
    isNative: false,
    isMobile: false,
    platform: 'UNKNOWN',
    os: 'Unknown',
    Platform: Enum({ UNKNOWN: 'UNKNOWN', EDITOR_PAGE: 'EDITOR_PAGE', EDITOR_CORE: 'EDITOR_CORE', MOBILE_BROWSER: 'MOBILE_BROWSER', DESKTOP_BROWSER: 'DESKTOP_BROWSER' }),
};

/** Mirrors part of `macro` (`cocos/core/platform/macro.ts`): web values. */
export const macro = {
    CLEANUP_IMAGE_CACHE: false,
    REPEAT_FOREVER: Number.MAX_VALUE - 1,
};

/** `gfx` is not modelled. */
export const gfx = {};

// ---------------------------------------------------------------------------------------------
// Double-only helpers
// ---------------------------------------------------------------------------------------------

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

/** Double-only: replaces the director's scene with a fresh, active, empty one and returns it. */
export function resetScene(): Scene {
    const old = director._scene;
    let failure: unknown = null;
    if (old && old.isValid) {
        try {
            old.destroy();
            CCObject._deferredDestroy();
        } catch (e) {
            failure = e;
        }
    }
    objectsToDestroy.length = 0;
    const scene = new Scene('New Scene');
    director._scene = scene;
    scene._load();
    scene._activate();
    if (failure) {
        throw failure;
    }
    return scene;
}

/**
 * Double-only: a fresh world for a test. Destroys the old scene (its components get onDisable /
 * onDestroy, and listeners whose target was one of its nodes or components are dropped, as the
 * engine drops listeners of destroyed targets), unregisters all systems, forgets settings and logs,
 * starts a new `hasChangedFlags` frame, resets the frame count and makes a new empty active scene.
 * Other `director` / `game` listeners are kept: a module-level singleton (a System created once)
 * subscribes once and must keep working; `director.clear()` / `game.clear()` drop them if a test
 * needs that. Rethrows, at the end, an exception thrown by a component while the old scene was
 * destroyed.
 */
export function resetCC(): Scene {
    let failure: unknown = null;
    let scene: Scene | null = null;
    try {
        scene = resetScene();
    } catch (e) {
        failure = e;
        scene = director._scene;
    }
    director._systems.length = 0;
    director._compScheduler.unscheduleAll();
    director._nodeActivator.reset();
    director.resume();
    director._totalFrames = 0;
    settings._reset();
    dirtyNodes.length = 0;
    Node.resetHasChangedFlags();
    logs.clear();
    if (failure) {
        throw failure;
    }
    return scene!;
}

/** Double-only: runs one frame (`director.tick(dt)`). */
export function tick(dt = 1 / 60): void {
    director.tick(dt);
}

// Class names, as `@ccclass('cc.X')` registers them in the engine (getComponent('cc.UITransform') works).
registerClass('cc.Object', CCObject);
registerClass('cc.Node', Node);
registerClass('cc.Component', Component);
registerClass('cc.Scene', Scene);
registerClass('cc.Asset', Asset);
registerClass('cc.ImageAsset', ImageAsset);
registerClass('cc.TextureBase', TextureBase);
registerClass('cc.Texture2D', Texture2D);
registerClass('cc.SpriteFrame', SpriteFrame);
registerClass('cc.BufferAsset', BufferAsset);
registerClass('cc.JsonAsset', JsonAsset);
registerClass('cc.UITransform', UITransform);
registerClass('cc.UIRenderer', UIRenderer);
registerClass('cc.RenderRoot2D', RenderRoot2D);
registerClass('cc.Canvas', Canvas);
registerClass('cc.Sprite', Sprite);
registerClass('cc.Graphics', Graphics);

resetScene();
