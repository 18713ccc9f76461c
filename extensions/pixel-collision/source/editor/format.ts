/**
 * Words and numbers the editor shows after a bake: console lines and the closing dialog.
 * Plain functions of a report and a translator (Editor.I18n.t in the editor).
 */
import type { BakeSummary } from './baker';

/** `Editor.I18n.t`: a key under `pixel-collision.` and `{name}` substitutions. */
export type Translate = (key: string, vars?: Record<string, string | number>) => string;

/** At most this many problems are listed in the dialog (the console has them all). */
export const DIALOG_MAX_ERRORS = 8;

/** The i18n key prefix of this extension (its package name). */
export const I18N = 'pixel-collision';

export function tr(t: Translate, key: string, vars?: Record<string, string | number>): string {
    return t(`${I18N}.${key}`, vars);
}

/**
 * What a bake covered: the whole project (Bake Masks, a build, a re-bake) or the frames of one sprite
 * (the inspector's Bake This Sprite), whose report also counts the other frames the library keeps.
 */
export type BakeScope = 'project' | 'frames';

/**
 * The masks a bake made for the frames it baked: one per frame and threshold. For a project bake
 * that is the whole library (`report.masks`); a frames bake keeps the library's other entries, so
 * its `report.masks` is the library's total, not what was baked for the sprite.
 */
export function masksBaked(report: BakeSummary): number {
    return report.framesBaked * report.thresholds.length;
}

function numbers(report: BakeSummary, scope: BakeScope): Record<string, string | number> {
    return {
        masks: scope === 'frames' ? masksBaked(report) : report.masks,
        frames: report.framesBaked,
        total: report.masks,
        thresholds: report.thresholds.join(', '),
        read: report.texturesRead,
        skipped: report.texturesSkipped,
        output: report.output,
    };
}

/** Console lines after a bake: the summary (and, for a frames bake, the library's total), then one line per problem. */
export function summaryLines(t: Translate, report: BakeSummary, scope: BakeScope = 'project'): { log: string[]; warn: string[] } {
    const n = numbers(report, scope);
    const log = [tr(t, 'bake.summary', n)];
    if (scope === 'frames') log.push(tr(t, 'bake.library_total_line', n));
    if (!report.written) log.push(tr(t, 'bake.unchanged'));
    const warn = report.errors.map((e) => tr(t, 'bake.error_line', { file: e.file, message: e.message }));
    return { log, warn };
}

/** The dialog at the end of a bake: an info when every file baked, a warning listing the problems otherwise. */
export function summaryDialog(t: Translate, report: BakeSummary, scope: BakeScope = 'project'): { kind: 'info' | 'warn'; message: string; detail: string; title: string } {
    const title = tr(t, 'bake.dialog_title');
    const n = numbers(report, scope);
    if (report.errors.length === 0) {
        const detail = tr(t, 'bake.done_detail', n);
        return { kind: 'info', title, message: tr(t, 'bake.done', n), detail: scope === 'frames' ? `${tr(t, 'bake.library_total', n)}\n${detail}` : detail };
    }
    const shown = report.errors.slice(0, DIALOG_MAX_ERRORS).map((e) => `${e.file}: ${e.message}`);
    if (report.errors.length > DIALOG_MAX_ERRORS) shown.push(`... (+${report.errors.length - DIALOG_MAX_ERRORS})`);
    return {
        kind: 'warn', title,
        message: tr(t, 'bake.done_errors', { ...n, count: report.errors.length }),
        detail: tr(t, 'bake.errors_detail', { list: shown.join('\n') }),
    };
}

/**
 * The asset-db url of the folder holding the generated library, so that a refresh imports it:
 * `db://assets/...` for a file under the project's `assets/` folder, null for one outside it.
 */
export function assetFolderUrl(projectDir: string, output: string): string | null {
    const norm = (p: string) => p.replace(/\\/g, '/').replace(/\/+$/, '');
    const root = norm(projectDir) + '/assets/';
    const file = norm(output);
    if (!file.startsWith(root)) return null;
    const rel = file.slice(root.length);
    const slash = rel.lastIndexOf('/');
    return slash < 0 ? 'db://assets' : `db://assets/${rel.slice(0, slash)}`;
}
