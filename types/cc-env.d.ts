/**
 * Typings of the engine's build-time constants module 'cc/env'. Creator generates this in a
 * project's `temp/declarations/cc.env.d.ts`; `@cocos/creator-types` does not ship it, so `tsc`
 * in CI gets it from here (never shipped: it is outside the extension).
 */
declare module 'cc/env' {
    export const EDITOR: boolean;
    export const PREVIEW: boolean;
    export const BUILD: boolean;
    export const TEST: boolean;
    export const DEV: boolean;
    export const DEBUG: boolean;
    export const JSB: boolean;
    export const NATIVE: boolean;
    export const HTML5: boolean;
    export const MINIGAME: boolean;
    export const WECHAT: boolean;
}
