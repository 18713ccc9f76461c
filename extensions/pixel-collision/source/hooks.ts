/**
 * Build hooks: before any build starts (every platform), bake the project's masks so the library
 * the game ships is current, also when nobody pressed Bake Masks. Incremental: unchanged images are
 * not decoded again, so a build with nothing new costs a few file stats.
 *
 * Images that cannot be read (e.g. Git LFS pointers not pulled): with the project setting
 * `"onUnreadable": "keep"` (the default) the build goes on with their masks from the last good
 * bake and a warning in the build log naming every such file; with `"fail"` the build fails
 * before anything is written. Other files that cannot be baked (no meta yet, a frame outside its
 * texture) are warnings; their sprites collide as their boxes on platforms without readable pixels.
 */
import { relative } from 'path';
import { bakeProject, BakeFailure, onUnreadableSetting } from './bake/index';

/**
 * A hook that throws fails the build (Creator's builder reads `throwError`). This one throws only
 * when the project asks for it: `"onUnreadable": "fail"`.
 */
export const throwError = true;

declare const Editor: {
    Project: { path: string };
    Message: { request(pkg: string, message: string, ...args: unknown[]): Promise<unknown> };
} | undefined;

const TAG = '[pixel-collision]';

export async function onBeforeBuild(): Promise<void> {
    const project = typeof Editor !== 'undefined' ? Editor.Project.path : process.cwd();
    let report;
    try {
        report = await bakeProject(project, { onProgress: (line) => console.log(`${TAG} ${line}`) });
    } catch (err) {
        const message = (err as Error).message;
        if ((err instanceof BakeFailure && err.kind === 'unreadable') || onUnreadableSetting(project) === 'fail') {
            console.error(`${TAG} ${message}`);
            throw new Error(`${TAG} the build stops: the masks could not be baked. ${message}`);
        }
        console.error(`${TAG} WARNING: the masks could not be baked (${message}). The build goes on with the library as it was; set "onUnreadable": "fail" in the project settings to stop builds instead.`);
        return;
    }
    const lost = new Set(report.unreadable);
    for (const e of report.errors) if (!lost.has(e.file)) console.warn(`${TAG} ${e.file}: ${e.message}`);
    if (lost.size) {
        // An image's kept masks are its own; those kept for unreadable folders or metas are shared by them.
        const kept = new Map<string, { file: string; masks: number }>();
        for (const k of report.kept) for (const f of k.file.split(', ')) kept.set(f, k);
        const lines = report.errors.filter((e) => lost.has(e.file)).map((e) => {
            const k = kept.get(e.file);
            const what = !k ? 'Nothing from an earlier bake to keep: its sprites collide as their boxes where pixels cannot be read.'
                : k.file === e.file ? `Its ${k.masks} mask(s) from the last good bake are kept (they may be out of date).`
                    : `The ${k.masks} mask(s) of the frames behind ${k.file} are kept from the last good bake (they may be out of date).`;
            return `  ${e.file}: ${e.message} ${what}`;
        });
        console.warn([
            `${TAG} WARNING: ${lost.size} file(s) or folder(s) could not be read, so this build ships the masks they had in the last good bake, or none:`,
            ...lines,
            `${TAG} Fix these files and build again, or set "onUnreadable": "fail" in the project settings (Pixel Collision) to fail such builds.`,
        ].join('\n'));
    }
    console.log(`${TAG} baked ${report.framesBaked} frame(s), ${report.masks} mask(s) (${report.texturesRead} image(s) read, ${report.texturesSkipped} unchanged) into ${report.output}`);
    if (report.written && typeof Editor !== 'undefined') {
        // Let the asset database import the new library scripts (the main one, one per Asset
        // Bundle with frames) before the build compiles scripts.
        for (const output of report.outputs ?? [report.output]) {
            const rel = relative(project, output).split('\\').join('/');
            await Editor.Message.request('asset-db', 'refresh-asset', `db://${rel}`);
        }
    }
}
