/**
 * A small double of Creator's `Editor` (the parts the extension's editor-process code uses), typed by
 * `EditorApi`, which is typed from @cocos/creator-types/editor. It records what the code asked for
 * and answers like the editor:
 * - `I18n.t('pixel-collision.a.b', { x })` looks the key up in the extension's i18n/<language>.js and
 *   substitutes `{x}` (Editor.I18n.t's rule); an unknown key throws, so a missing string fails a test;
 * - `Dialog.info / warn / error` resolve as if the first button was pressed;
 * - `Message.request` calls a handler the test gives per `channel:message`, else resolves undefined;
 * - `Profile.getProject / setProject` keep this extension's project profile as Creator 3.8 does
 *   (`Editor.Profile` in @cocos/creator-types; the extension docs' "Configuration System"): the
 *   defaults are the package.json `contributions.profile.project` ones (the 'default' level), a
 *   value set goes to the 'project' level, and a read without a level gives the project value,
 *   else the default. Creator saves the project level in
 *   `<project>/settings/v2/packages/<extension>.json` (Creator's own settings files there carry a
 *   `__version__`); the double writes that file too when the project folder exists, so the real
 *   bake can read what the settings panel saved.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { EditorApi } from '../../extensions/pixel-collision/source/editor/methods';

export const I18N_DIR = join(__dirname, '../../extensions/pixel-collision/i18n');
const PACKAGE_JSON = join(__dirname, '../../extensions/pixel-collision/package.json');

type Dict = Record<string, unknown>;

export function lookup(dict: Dict, key: string): string | undefined {
    let v: unknown = dict;
    for (const part of key.split('.')) {
        if (!v || typeof v !== 'object') return undefined;
        v = (v as Dict)[part];
    }
    return typeof v === 'string' ? v : undefined;
}

/** The strings of one language file. */
export function strings(language: 'en' | 'zh'): Dict {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    return require(join(I18N_DIR, `${language}.js`)) as Dict;
}

export function translate(language: 'en' | 'zh', key: string, vars?: Record<string, string | number>): string {
    const prefix = 'pixel-collision.';
    if (!key.startsWith(prefix)) throw new Error(`i18n key outside the extension: ${key}`);
    const text = lookup(strings(language), key.slice(prefix.length));
    if (text === undefined) throw new Error(`missing i18n key: ${key}`);
    return text.replace(/\{(\w+)\}/g, (m, name: string) => (vars && name in vars ? String(vars[name]) : m));
}

export interface DialogCall { kind: 'info' | 'warn' | 'error'; message: string; title?: string; detail?: string }
export interface RequestCall { channel: string; message: string; args: unknown[] }

export interface ProfileCall { op: 'get' | 'set'; name: string; key?: string; value?: unknown; type?: string }

export interface EditorDouble extends EditorApi {
    dialogs: DialogCall[];
    requests: RequestCall[];
    selected: string[];
    handlers: Record<string, (...args: unknown[]) => unknown>;
    /** Every Profile call, in order. */
    profileCalls: ProfileCall[];
    /** The project level of each package's profile (what Creator saves in settings/v2/packages/<name>.json). */
    projectProfile: Record<string, Record<string, unknown>>;
    /** Makes the next setProject throw this (a disk error). */
    failNextSet?: Error;
}

/** A package's project profile defaults, as Creator registers them from its package.json. */
export function profileDefaults(): Record<string, unknown> {
    const pkg = JSON.parse(readFileSync(PACKAGE_JSON, 'utf8')) as { contributions?: { profile?: { project?: Record<string, { default?: unknown }> } } };
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(pkg.contributions?.profile?.project ?? {})) out[key] = item.default;
    return out;
}

/** Where Creator 3.8 keeps an extension's project profile, relative to the project. */
export const projectProfileFile = (name: string) => `settings/v2/packages/${name}.json`;

const clone = <T>(v: T): T => (v === undefined ? v : JSON.parse(JSON.stringify(v)) as T);

export function editorDouble(projectPath = '/projects/game', language: 'en' | 'zh' = 'en'): EditorDouble {
    const dialogs: DialogCall[] = [];
    const requests: RequestCall[] = [];
    const handlers: Record<string, (...args: unknown[]) => unknown> = {};
    const dialog = (kind: DialogCall['kind']) => async (message: string, options?: Editor.Dialog.MessageDialogOptions) => {
        dialogs.push({ kind, message, title: options?.title, detail: options?.detail });
        return { response: 0, checkboxChecked: false };
    };
    const profileCalls: ProfileCall[] = [];
    const projectProfile: Record<string, Record<string, unknown>> = {};
    const defaults: Record<string, Record<string, unknown>> = { 'pixel-collision': profileDefaults() };
    const double: EditorDouble = {
        dialogs, requests, handlers, selected: [], profileCalls, projectProfile,
        Project: { path: projectPath },
        I18n: { t: (key, vars) => translate(language, key, vars) },
        Dialog: { info: dialog('info'), warn: dialog('warn'), error: dialog('error') },
        Selection: { getSelected: (type: string) => (type === 'node' ? double.selected.slice() : []) },
        Profile: {
            async getProject(name: string, key?: string, type?: 'default' | 'project') {
                profileCalls.push({ op: 'get', name, key, type });
                const project = projectProfile[name] ?? {}, def = defaults[name] ?? {};
                if (key === undefined) return clone(type === 'default' ? def : type === 'project' ? project : { ...def, ...project });
                if (type === 'default') return clone(def[key]);
                if (type === 'project' || key in project) return clone(project[key]);
                return clone(def[key]);
            },
            async setProject(name: string, key: string, value: unknown, type?: 'default' | 'project') {
                profileCalls.push({ op: 'set', name, key, value: clone(value), type });
                if (double.failNextSet) { const e = double.failNextSet; double.failNextSet = undefined; throw e; }
                if (type === 'default') { (defaults[name] ??= {})[key] = clone(value); return; }
                (projectProfile[name] ??= {})[key] = clone(value);
                if (existsSync(projectPath)) {
                    const file = join(projectPath, projectProfileFile(name));
                    mkdirSync(dirname(file), { recursive: true });
                    writeFileSync(file, `${JSON.stringify({ __version__: '1.0.0', ...projectProfile[name] }, null, 2)}\n`);
                }
            },
        },
        Message: {
            async request(channel: string, message: string, ...args: unknown[]) {
                requests.push({ channel, message, args });
                const h = handlers[`${channel}:${message}`];
                return h ? h(...args) : undefined;
            },
        },
    };
    return double;
}
