/**
 * What the editor-process entry (main.ts) does, as plain functions of an `Editor` (the real one in
 * Creator, a double under jest) and the baking module:
 * - `bakeMasks`: the menu Pixel Collision > Bake Masks: bakes the whole project;
 * - `bakeFrames`: the inspector's Bake button: bakes the given sprite frames;
 * - `showSelection` (on selection and node changes): asks the scene script to outline the selected
 *   nodes' PixelColliders in the scene view.
 * - `onAssetChanged` (asset-db add / change / delete of images, atlases, scenes, prefabs): bakes the
 *   project again, quietly, a moment after the last change (the baking module's scheduler), so the
 *   library stays current without anyone pressing Bake.
 * - `getSettings` / `setSetting`: the Project Settings panel (settings/panel.ts) reads and writes
 *   the extension's project settings through `Editor.Profile` (saved by Creator in
 *   settings/v2/packages/pixel-collision.json, the file the bake reads); every value is checked
 *   first (editor/settings.ts), a refused one is not saved and its message goes back to the panel;
 *   a saved change re-bakes the project quietly, like an asset change.
 * The two bakes a user asks for print progress and a summary to the editor console, refresh the
 * asset database so the generated library is imported, and end with a dialog.
 */
import type { Baker, BakeCallOptions, BakeScheduler, BakeSummary } from './baker';
import { assetFolderUrl, summaryDialog, summaryLines, tr } from './format';
import type { BakeScope, Translate } from './format';
import { checkSetting, effectiveSettings, PACKAGE, SETTING_KEYS } from './settings';
import type { ProjectSettings, SettingKey } from './settings';

/** The scene script's name (the extension's name) and its methods (source/scene.ts). */
export const SCENE_SCRIPT = 'pixel-collision';

/** The parts of `Editor` (typed by @cocos/creator-types/editor) the entry uses. */
export interface EditorApi {
    Project: Pick<typeof Editor.Project, 'path'>;
    I18n: { t: Translate };
    Dialog: Pick<typeof Editor.Dialog, 'info' | 'warn' | 'error'>;
    Selection: Pick<typeof Editor.Selection, 'getSelected'>;
    /** The extension's project settings (`contributions.profile.project`). */
    Profile: Pick<typeof Editor.Profile, 'getProject' | 'setProject'>;
    /** `Editor.Message.request`, untyped by message (its typed overloads are per package). */
    Message: { request(channel: string, message: string, ...args: unknown[]): Promise<unknown> };
}

/** Where console lines go (the editor console shows the main process's console). */
export interface ConsoleLike {
    log(line: string): void;
    warn(line: string): void;
    error(line: string): void;
}

export interface EditorMethods {
    bakeMasks(): Promise<BakeSummary | null>;
    bakeFrames(frameUuids: unknown, thresholds?: unknown): Promise<BakeSummary | null>;
    showSelection(): Promise<void>;
    onSelectionChanged(type?: unknown): Promise<void>;
    onNodeChanged(uuid?: unknown): Promise<void>;
    hidePreview(): Promise<void>;
    onAssetChanged(uuid?: unknown, info?: unknown): void;
    /** The project settings for the Project Settings panel, with a message per saved value that is refused. */
    getSettings(): Promise<SettingsView>;
    /** Checks and saves one project setting; the message says why a value was not saved. */
    setSetting(key: unknown, value: unknown): Promise<SetSettingResult>;
    /** Stops re-baking on changes (unload). */
    dispose(): void;
}

/** What the Project Settings panel shows: the values the bake will use, and why a saved value is not used. */
export interface SettingsView {
    values: ProjectSettings;
    /** Per key: the saved value was refused (the default is used), translated. */
    errors: Partial<Record<SettingKey, string>>;
}

export type SetSettingResult = { ok: true; value: ProjectSettings[SettingKey] } | { ok: false; message: string };

/**
 * Files whose change can change a baked mask, the thresholds to bake or which frames are baked
 * (animation clips of collider nodes, Auto Atlas folders).
 */
const BAKE_INPUT = /\.(png|plist|scene|prefab|anim|pac)$/i;

/** Whether an asset-db broadcast's asset info (`{ file, url, ... }`) names a bake input. */
export function isBakeInput(info: unknown): boolean {
    if (!info || typeof info !== 'object') return false;
    const { file, url } = info as { file?: unknown; url?: unknown };
    return [file, url].some((p) => typeof p === 'string' && BAKE_INPUT.test(p));
}

/** Quiet time after the last asset change before the project is baked again. */
export const AUTO_BAKE_DELAY_MS = 1500;

export function createMethods(editor: () => EditorApi, baker: () => Baker, out: ConsoleLike = console): EditorMethods {
    let busy = false;
    const t: Translate = (key, vars) => editor().I18n.t(key, vars);

    async function runBake(startLine: string, scope: BakeScope, run: (b: Baker, dir: string, opts: BakeCallOptions) => Promise<BakeSummary>): Promise<BakeSummary | null> {
        const ed = editor();
        if (busy) {
            await ed.Dialog.warn(tr(t, 'bake.busy'), { title: tr(t, 'bake.dialog_title') });
            return null;
        }
        busy = true;
        const tag = `[${tr(t, 'menu.root')}]`;
        try {
            out.log(startLine);
            const dir = ed.Project.path;
            const report = await run(baker(), dir, { onProgress: (line) => out.log(`${tag} ${line}`) });
            const lines = summaryLines(t, report, scope);
            lines.log.forEach((l) => out.log(l));
            lines.warn.forEach((l) => out.warn(l));
            await refresh(ed, dir, report);
            const d = summaryDialog(t, report, scope);
            await (d.kind === 'info' ? ed.Dialog.info : ed.Dialog.warn)(d.message, { title: d.title, detail: d.detail });
            return report;
        } catch (err) {
            const message = err instanceof Error ? err.message : String(err);
            out.error(tr(t, 'bake.failed', { message }));
            await ed.Dialog.error(tr(t, 'bake.failed_dialog'), { title: tr(t, 'bake.dialog_title'), detail: message });
            return null;
        } finally {
            busy = false;
        }
    }

    /** Lets the asset database import every library the bake wrote: the main one and each Asset Bundle's (as the build hook does). */
    async function refresh(ed: EditorApi, dir: string, report: BakeSummary): Promise<void> {
        if (!report.written) return;
        const paths = report.libraries ? report.libraries.filter((l) => l.state === 'wrote').map((l) => l.path) : [report.output];
        const urls = [...new Set(paths.map((p) => assetFolderUrl(dir, p)).filter((u): u is string => u !== null))];
        for (const url of urls) {
            try {
                await ed.Message.request('asset-db', 'refresh-asset', url);
            } catch (err) {
                out.warn(tr(t, 'bake.refresh_failed', { url, message: err instanceof Error ? err.message : String(err) }));
            }
        }
    }

    let scheduler: BakeScheduler | null | undefined;

    /** A bake nobody asked for: no dialog; the console hears of it only when the library changed or a file failed. */
    async function autoBake(): Promise<void> {
        if (busy) { scheduler?.schedule(); return; }
        busy = true;
        try {
            const ed = editor();
            const report = await baker().bakeProject(ed.Project.path);
            if (report.written) summaryLines(t, report).log.slice(0, 1).forEach((l) => out.log(l));
            summaryLines(t, report).warn.forEach((l) => out.warn(l));
            await refresh(ed, ed.Project.path, report);
        } finally {
            busy = false;
        }
    }

    async function scene(method: string, ...args: unknown[]): Promise<unknown> {
        try {
            return await editor().Message.request('scene', 'execute-scene-script', { name: SCENE_SCRIPT, method, args });
        } catch {
            return null; // no scene open yet, or the scene is reloading: the next change asks again
        }
    }

    const methods: EditorMethods = {
        bakeMasks() {
            return runBake(tr(t, 'bake.start', { project: editor().Project.path }), 'project', (b, dir, opts) => b.bakeProject(dir, opts));
        },
        async bakeFrames(frameUuids, thresholds) {
            const uuids = Array.isArray(frameUuids) ? frameUuids.filter((u): u is string => typeof u === 'string' && u.length > 0) : [];
            if (uuids.length === 0) {
                await editor().Dialog.warn(tr(t, 'bake.no_frames'), { title: tr(t, 'bake.dialog_title') });
                return null;
            }
            const extra = Array.isArray(thresholds) ? thresholds.filter((v): v is number => Number.isInteger(v) && v >= 0 && v <= 255) : undefined;
            return runBake(tr(t, 'bake.start_frames', { count: uuids.length }), 'frames', (b, dir, opts) => b.bakeFrames(dir, uuids, extra && extra.length ? { ...opts, thresholds: extra } : opts));
        },
        async showSelection() {
            await scene('showColliders', editor().Selection.getSelected('node'));
        },
        async onSelectionChanged(type) {
            if (type === undefined || type === 'node') await methods.showSelection();
        },
        async onNodeChanged() {
            await methods.showSelection();
        },
        async hidePreview() {
            await scene('hideColliders');
        },
        onAssetChanged(_uuid, info) {
            if (!isBakeInput(info)) return;
            scheduleBake();
        },
        async getSettings() {
            const profile = editor().Profile;
            const saved: Partial<Record<SettingKey, unknown>> = {};
            for (const key of SETTING_KEYS) saved[key] = await profile.getProject(PACKAGE, key);
            const { values, problems } = effectiveSettings(saved);
            const errors: Partial<Record<SettingKey, string>> = {};
            for (const key of SETTING_KEYS) {
                const p = problems[key];
                if (p && !p.ok) errors[key] = `${tr(t, p.error, p.vars)} ${tr(t, 'settings.default_used')}`;
            }
            return { values, errors };
        },
        async setSetting(key, value) {
            if (typeof key !== 'string' || (SETTING_KEYS as readonly string[]).indexOf(key) < 0) {
                return { ok: false, message: tr(t, 'settings.error.unknown', { value: String(key) }) };
            }
            const checked = checkSetting(key as SettingKey, value);
            if (!checked.ok) return { ok: false, message: tr(t, checked.error, checked.vars) };
            try {
                await editor().Profile.setProject(PACKAGE, key, checked.value as Editor.Profile.ProfileValueType, 'project');
            } catch (err) {
                return { ok: false, message: tr(t, 'settings.error.save', { message: err instanceof Error ? err.message : String(err) }) };
            }
            scheduleBake(); // the library follows the new settings, as it follows asset changes
            return { ok: true, value: checked.value };
        },
        dispose() {
            scheduler?.dispose();
            scheduler = null;
        },
    };

    /** A quiet bake a moment after the last change (asset or setting). */
    function scheduleBake(): void {
        if (scheduler === undefined) {
            const b = baker();
            scheduler = b.createBakeScheduler
                ? b.createBakeScheduler(autoBake, AUTO_BAKE_DELAY_MS, (err) => out.error(tr(t, 'bake.failed', { message: err instanceof Error ? err.message : String(err) })))
                : null;
        }
        scheduler?.schedule();
    }
    return methods;
}
