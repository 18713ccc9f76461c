/**
 * Creator's build extension entry (`contributions.builder` in package.json): every platform's build
 * runs the hooks in hooks.ts, which bake the project's masks before the build starts.
 */
export const configs = {
    '*': { hooks: './hooks' },
};
