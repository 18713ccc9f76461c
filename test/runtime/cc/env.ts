/**
 * `cc/env` of the `cc` test double (jest maps the module `cc/env` here).
 *
 * Mirrors the build-time constants Creator generates for a script (`internal:constants`, exposed to
 * project scripts as `cc/env`), with the values of a web preview under test: not the editor, not a
 * native or mini-game build, debug on.
 */
export const EDITOR = false;
export const PREVIEW = false;
export let JSB = false;
export const DEV = true;
export const DEBUG = true;
export const BUILD = false;
export const TEST = true;
export let NATIVE = false;
export const MINIGAME = false;
export let HTML5 = true;
export const WECHAT = false;

/**
 * Double-only: the constants of a native build (Creator's simulator, Android, iOS...: `JSB` and
 * `NATIVE` true, `HTML5` false) or back to a web preview. Use `setNativeEngine` of the double's
 * `cc`, which switches the engine's native behaviour with them.
 */
export function _setNativeEnv(on: boolean): void {
    JSB = on;
    NATIVE = on;
    HTML5 = !on;
}
