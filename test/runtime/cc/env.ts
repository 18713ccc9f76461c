/**
 * `cc/env` of the `cc` test double (jest maps the module `cc/env` here).
 *
 * Mirrors the build-time constants Creator generates for a script (`internal:constants`, exposed to
 * project scripts as `cc/env`), with the values of a web preview under test: not the editor, not a
 * native or mini-game build, debug on.
 */
export const EDITOR = false;
export const PREVIEW = false;
export const JSB = false;
export const DEV = true;
export const DEBUG = true;
export const BUILD = false;
export const TEST = true;
export const NATIVE = false;
export const MINIGAME = false;
export const HTML5 = true;
export const WECHAT = false;
