/**
 * A small double of Creator's `Editor` (the parts the extension's editor-process code uses), typed by
 * `EditorApi`, which is typed from @cocos/creator-types/editor. It records what the code asked for
 * and answers like the editor:
 * - `I18n.t('pixel-collision.a.b', { x })` looks the key up in the extension's i18n/<language>.js and
 *   substitutes `{x}` (Editor.I18n.t's rule); an unknown key throws, so a missing string fails a test;
 * - `Dialog.info / warn / error` resolve as if the first button was pressed;
 * - `Message.request` calls a handler the test gives per `channel:message`, else resolves undefined.
 */
import { join } from 'node:path';
import type { EditorApi } from '../../extensions/pixel-collision/source/editor/methods';

export const I18N_DIR = join(__dirname, '../../extensions/pixel-collision/i18n');

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

export interface EditorDouble extends EditorApi {
    dialogs: DialogCall[];
    requests: RequestCall[];
    selected: string[];
    handlers: Record<string, (...args: unknown[]) => unknown>;
}

export function editorDouble(projectPath = '/projects/game', language: 'en' | 'zh' = 'en'): EditorDouble {
    const dialogs: DialogCall[] = [];
    const requests: RequestCall[] = [];
    const handlers: Record<string, (...args: unknown[]) => unknown> = {};
    const dialog = (kind: DialogCall['kind']) => async (message: string, options?: Editor.Dialog.MessageDialogOptions) => {
        dialogs.push({ kind, message, title: options?.title, detail: options?.detail });
        return { response: 0, checkboxChecked: false };
    };
    const double: EditorDouble = {
        dialogs, requests, handlers, selected: [],
        Project: { path: projectPath },
        I18n: { t: (key, vars) => translate(language, key, vars) },
        Dialog: { info: dialog('info'), warn: dialog('warn'), error: dialog('error') },
        Selection: { getSelected: (type: string) => (type === 'node' ? double.selected.slice() : []) },
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
