/**
 * The extension's project settings, as Creator's Project Settings edits them: the keys, their
 * defaults, and the check every value passes before it is saved. Plain functions (no `Editor`):
 * the main process (editor/methods.ts `setSetting`) runs them on what the Project Settings panel
 * (settings/panel.ts) sends, and tests run them directly.
 *
 * Creator keeps an extension's project profile (`contributions.profile.project` in package.json,
 * `Editor.Profile.getProject / setProject`) in `settings/v2/packages/<extension name>.json`, which
 * is the file the bake reads (bake/types.ts CONFIG_FILE): the panel and the bake share one file.
 *
 * The keys (a contract with the bake; keep the names):
 * - `thresholds: number[]`: alpha thresholds baked besides those the scenes and prefabs use
 *   (integers 0-255; default [0]);
 * - `out: string`: the generated library script, project-relative, inside assets/, ending .ts;
 * - `onUnreadable: 'keep' | 'fail'`: when some images cannot be read, keep their frames' previous
 *   masks and warn, or stop the bake before writing anything;
 * - `bakeAll: boolean`: bake every sprite frame of the project, not only those colliders can show;
 * - `include: string[]`: folders or globs inside assets/ whose frames are always baked.
 */
import { outPathProblem } from '../bake/paths';
import { DEFAULT_OUT } from '../bake/types';

/** The package (and profile) name. */
export const PACKAGE = 'pixel-collision';

export interface ProjectSettings {
    thresholds: number[];
    out: string;
    onUnreadable: 'keep' | 'fail';
    bakeAll: boolean;
    include: string[];
}

export type SettingKey = keyof ProjectSettings;

/** In the order the panel shows them. */
export const SETTING_KEYS: readonly SettingKey[] = ['thresholds', 'out', 'onUnreadable', 'bakeAll', 'include'];

/** What a project without the setting gets (package.json's profile defaults say the same; a test checks it). */
export const SETTING_DEFAULTS: Readonly<ProjectSettings> = Object.freeze({
    thresholds: [0],
    out: DEFAULT_OUT,
    onUnreadable: 'keep',
    bakeAll: false,
    include: [],
});

/** A value checked: the value to save, or the i18n key (under `pixel-collision.`) of why not and its words. */
export type Checked<T> = { ok: true; value: T } | { ok: false; error: string; vars: Record<string, string> };

const refuse = (key: SettingKey, value: unknown): { ok: false; error: string; vars: Record<string, string> } =>
    ({ ok: false, error: `settings.error.${key}`, vars: { value: shown(value) } });

function shown(value: unknown): string {
    const s = typeof value === 'string' ? value : JSON.stringify(value);
    return s === undefined ? String(value) : s.length > 80 ? `${s.slice(0, 77)}...` : s;
}

/** A list from an array, or from text separated by commas, semicolons, spaces or lines (what a text field sends). */
function list(value: unknown, separators: RegExp): unknown[] | null {
    if (Array.isArray(value)) return value;
    if (typeof value !== 'string') return null;
    return value.split(separators).map((s) => s.trim()).filter((s) => s !== '');
}

/** A project-relative path with `/` separators and no `.` or empty parts, or null when it is absolute or goes up. */
function projectPath(value: unknown): string | null {
    if (typeof value !== 'string') return null;
    const s = value.trim();
    if (s === '' || s.startsWith('/') || s.startsWith('\\') || /^[a-zA-Z]:/.test(s) || /^[a-z]+:\/\//i.test(s)) return null;
    const parts = s.split(/[\\/]+/).filter((p) => p !== '' && p !== '.');
    if (parts.some((p) => p === '..')) return null;
    return parts.join('/');
}

/** Checks one setting's value (a text field's text or a value of the setting's type); sorts and de-duplicates lists. */
export function checkSetting(key: SettingKey, value: unknown): Checked<ProjectSettings[SettingKey]> {
    switch (key) {
        case 'thresholds': {
            const items = list(value, /[\s,;]+/);
            if (!items) return refuse(key, value);
            const out: number[] = [];
            for (const item of items) {
                const n = typeof item === 'number' ? item : typeof item === 'string' && /^\d+$/.test(item) ? Number(item) : NaN;
                if (!Number.isInteger(n) || n < 0 || n > 255) return refuse(key, item);
                if (out.indexOf(n) < 0) out.push(n);
            }
            return { ok: true, value: out.sort((a, b) => a - b) };
        }
        case 'out': {
            // The bake's own check of the text (bake/paths.ts), and no declaration file.
            const p = projectPath(value);
            if (!p || outPathProblem(p) !== null || p.endsWith('.d.ts')) return refuse(key, value);
            return { ok: true, value: p };
        }
        case 'onUnreadable':
            return value === 'keep' || value === 'fail' ? { ok: true, value } : refuse(key, value);
        case 'bakeAll':
            return typeof value === 'boolean' ? { ok: true, value } : refuse(key, value);
        case 'include': {
            const items = list(value, /[\r\n,;]+/);
            if (!items) return refuse(key, value);
            const out: string[] = [];
            for (const item of items) {
                const p = projectPath(item);
                if (!p || (p !== 'assets' && !p.startsWith('assets/'))) return refuse(key, item);
                if (out.indexOf(p) < 0) out.push(p);
            }
            return { ok: true, value: out };
        }
        default:
            return { ok: false, error: 'settings.error.unknown', vars: { value: shown(key) } };
    }
}

/** The settings as the bake will use them: each saved value that passes its check, else the default (and why, per key). */
export function effectiveSettings(saved: Partial<Record<SettingKey, unknown>>): { values: ProjectSettings; problems: Partial<Record<SettingKey, Checked<unknown>>> } {
    const values = { ...SETTING_DEFAULTS, thresholds: SETTING_DEFAULTS.thresholds.slice(), include: SETTING_DEFAULTS.include.slice() } as ProjectSettings;
    const problems: Partial<Record<SettingKey, Checked<unknown>>> = {};
    for (const key of SETTING_KEYS) {
        const v = saved[key];
        if (v === undefined || v === null) continue;
        const c = checkSetting(key, v);
        if (c.ok) (values as unknown as Record<string, unknown>)[key] = c.value;
        else problems[key] = c;
    }
    return { values, problems };
}
