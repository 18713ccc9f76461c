/**
 * Build hooks: before any build starts (every platform), bake the project's masks so the library
 * the game ships is current, also when nobody pressed Bake Masks. Incremental: unchanged images are
 * not decoded again, so a build with nothing new costs a few file stats.
 *
 * A file that cannot be baked does not stop the build: it is listed as a warning, and its sprites
 * collide as their boxes on platforms without readable pixels (the runtime warns too).
 */
import { relative } from 'node:path';
import { bakeProject } from './bake/index';

/** The build goes on if the bake fails. */
export const throwError = false;

declare const Editor: {
    Project: { path: string };
    Message: { request(pkg: string, message: string, ...args: unknown[]): Promise<unknown> };
} | undefined;

export async function onBeforeBuild(): Promise<void> {
    const project = typeof Editor !== 'undefined' ? Editor.Project.path : process.cwd();
    const report = await bakeProject(project, { onProgress: (line) => console.log(`[pixel-collision] ${line}`) });
    for (const e of report.errors) console.warn(`[pixel-collision] ${e.file}: ${e.message}`);
    console.log(`[pixel-collision] baked ${report.framesBaked} frame(s), ${report.masks} mask(s) (${report.texturesRead} image(s) read, ${report.texturesSkipped} unchanged) into ${report.output}`);
    if (report.written && typeof Editor !== 'undefined') {
        // Let the asset database import the new library script before the build compiles scripts.
        const rel = relative(project, report.output).split('\\').join('/');
        await Editor.Message.request('asset-db', 'refresh-asset', `db://${rel}`);
    }
}
