/**
 * The extension's tab in Creator's Project Settings (`contributions.project.bake.custom` in
 * package.json), run in the Project Settings panel: the bake's project settings (thresholds, library
 * path, what to do with unreadable images, bake everything, extra folders). Thin: it shows what
 * the main process answers (`get-settings`) and sends each field when the user is done with it
 * (`set-setting`); the main process checks the value (editor/settings.ts), saves it with
 * `Editor.Profile.setProject` (Creator writes settings/v2/packages/pixel-collision.json, the file
 * the bake reads), and answers the saved value or why it was refused, which is shown under the field.
 * A refused value is not saved and stays in its field to be corrected.
 */
import type { SetSettingResult, SettingsView } from '../editor/methods';
import type { SettingKey } from '../editor/settings';

const PACKAGE = 'pixel-collision';
const KEYS: readonly SettingKey[] = ['thresholds', 'out', 'onUnreadable', 'bakeAll', 'include'];

/** The panel instance Creator gives these functions as `this`. */
interface Panel {
    $: Record<string, HTMLElement & { value?: unknown }>;
    /** What each field last held when it was saved or loaded (a field's confirm without a change sends nothing). */
    sent?: Partial<Record<SettingKey, string>>;
}

const prop = (key: SettingKey, content: string) => `
<ui-prop>
    <ui-label slot="label" value="i18n:${PACKAGE}.settings.${key}.label" tooltip="i18n:${PACKAGE}.settings.${key}.tip"></ui-label>
    ${content}
</ui-prop>
<div class="pc-error pc-error-${key}" hidden></div>`;

export const template = `
<div class="pc-settings">
    <div class="pc-intro"><ui-label value="i18n:${PACKAGE}.settings.intro"></ui-label></div>
    ${prop('thresholds', '<ui-input slot="content" class="pc-thresholds" placeholder="0, 64"></ui-input>')}
    ${prop('out', '<ui-input slot="content" class="pc-out"></ui-input>')}
    ${prop('onUnreadable', '<ui-select slot="content" class="pc-onUnreadable"><option value="keep"></option><option value="fail"></option></ui-select>')}
    ${prop('bakeAll', '<ui-checkbox slot="content" class="pc-bakeAll"></ui-checkbox>')}
    ${prop('include', '<ui-textarea slot="content" class="pc-include" placeholder="assets/art/enemies/**"></ui-textarea>')}
</div>
`;

export const $ = {
    thresholds: '.pc-thresholds',
    out: '.pc-out',
    onUnreadable: '.pc-onUnreadable',
    bakeAll: '.pc-bakeAll',
    include: '.pc-include',
    'error-thresholds': '.pc-error-thresholds',
    'error-out': '.pc-error-out',
    'error-onUnreadable': '.pc-error-onUnreadable',
    'error-bakeAll': '.pc-error-bakeAll',
    'error-include': '.pc-error-include',
};

export const style = `
.pc-settings { padding: 4px 0; }
.pc-intro { color: var(--color-normal-contrast-weakest); margin-bottom: 8px; white-space: normal; }
.pc-error { color: var(--color-warn-fill); margin: 2px 0 6px; white-space: normal; }
.pc-include { min-height: 4em; }
`;

/** What a field shows for a value, and what it sends. */
function toField(key: SettingKey, value: unknown): string {
    if (key === 'thresholds' && Array.isArray(value)) return value.join(', ');
    if (key === 'include' && Array.isArray(value)) return value.join('\n');
    return String(value);
}

function fieldValue(panel: Panel, key: SettingKey): unknown {
    const v = panel.$[key].value;
    if (key === 'bakeAll') return v === true || v === 'true';
    return typeof v === 'string' ? v : String(v ?? '');
}

function showError(panel: Panel, key: SettingKey, message: string): void {
    const el = panel.$[`error-${key}`];
    el.textContent = message;
    el.hidden = message === '';
}

function setField(panel: Panel, key: SettingKey, value: unknown): void {
    const el = panel.$[key];
    el.value = key === 'bakeAll' ? value === true : toField(key, value);
    (panel.sent ??= {})[key] = String(fieldValue(panel, key));
}

async function save(panel: Panel, key: SettingKey): Promise<void> {
    const value = fieldValue(panel, key);
    if ((panel.sent ??= {})[key] === String(value)) return;
    let r: SetSettingResult;
    try {
        r = (await Editor.Message.request(PACKAGE, 'set-setting', key, value)) as SetSettingResult;
    } catch (err) {
        showError(panel, key, err instanceof Error ? err.message : String(err));
        return;
    }
    if (r.ok) {
        showError(panel, key, '');
        setField(panel, key, r.value); // as saved (sorted, without repeats)
    } else {
        showError(panel, key, r.message);
    }
}

export async function ready(this: Panel): Promise<void> {
    const select = this.$.onUnreadable;
    for (const option of Array.from(select.querySelectorAll('option'))) {
        option.textContent = Editor.I18n.t(`${PACKAGE}.settings.onUnreadable.${option.value}`);
    }
    for (const key of KEYS) {
        const el = this.$[key];
        const events = key === 'onUnreadable' || key === 'bakeAll' ? ['change', 'confirm'] : ['confirm'];
        for (const type of events) el.addEventListener(type, () => { void save(this, key); });
    }
    const view = (await Editor.Message.request(PACKAGE, 'get-settings')) as SettingsView;
    for (const key of KEYS) {
        setField(this, key, view.values[key]);
        showError(this, key, view.errors[key] ?? '');
    }
}

export function close(this: Panel): void {
    this.sent = {};
}
