/**
 * Page script of the Project Settings panel test (settings-panel.test.ts): the panel module
 * (source/settings/panel.ts, bundled with this page) mounted as Creator mounts a custom panel (its
 * style and template in an open shadow root, `this.$` from its selectors, `ready()`), with
 * stand-ins for the Creator ui elements it uses:
 * - `ui-input` / `ui-textarea`: an `<input>` / `<textarea>` inside; `value`; `confirm` when the user
 *   is done (Enter in an input, or leaving the field);
 * - `ui-select`: its `<option>` children moved into a `<select>`; `change` and `confirm` on a choice;
 * - `ui-checkbox`: a checkbox; `change` and `confirm` on a click;
 * and an `Editor` whose `Message.request` goes to the test's Node side (the real main-process
 * methods with the Editor double) and whose `I18n.t` reads the strings the test hands over.
 */
import * as panelModule from '../../extensions/pixel-collision/source/settings/panel';

type Dict = Record<string, unknown>;

class Field extends HTMLElement {
    protected inner: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement | null = null;
    protected make(): HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement {
        const input = document.createElement('input');
        input.addEventListener('keydown', (e) => { if (e.key === 'Enter') this.fire('confirm'); });
        return input;
    }
    protected get el(): HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement {
        if (!this.inner) {
            this.inner = this.make();
            this.inner.addEventListener('input', () => this.fire('change'));
            this.inner.addEventListener('blur', () => this.fire('confirm'));
            this.appendChild(this.inner);
        }
        return this.inner;
    }
    connectedCallback(): void { void this.el; }
    protected fire(type: string): void { this.dispatchEvent(new CustomEvent(type, { bubbles: true })); }
    get value(): unknown { return this.el.value; }
    set value(v: unknown) { this.el.value = String(v); }
}
class UiInput extends Field {}
class UiTextarea extends Field {
    protected override make(): HTMLTextAreaElement { return document.createElement('textarea'); }
}
class UiSelect extends Field {
    protected override make(): HTMLSelectElement {
        const select = document.createElement('select');
        for (const option of Array.from(this.querySelectorAll(':scope > option'))) select.appendChild(option);
        select.addEventListener('change', () => { this.fire('change'); this.fire('confirm'); });
        return select;
    }
}
class UiCheckbox extends Field {
    protected override make(): HTMLInputElement {
        const box = document.createElement('input');
        box.type = 'checkbox';
        box.addEventListener('click', () => { this.fire('change'); this.fire('confirm'); });
        return box;
    }
    override get value(): unknown { return (this.el as HTMLInputElement).checked; }
    override set value(v: unknown) { (this.el as HTMLInputElement).checked = v === true; }
}
customElements.define('ui-input', UiInput);
customElements.define('ui-textarea', UiTextarea);
customElements.define('ui-select', UiSelect);
customElements.define('ui-checkbox', UiCheckbox);

declare global {
    /** Given by the test (page.exposeFunction): the extension's main-process messages. */
    function pcRequest(channel: string, message: string, ...args: unknown[]): Promise<unknown>;
}

let dict: Dict = {};
function lookup(key: string): string {
    let v: unknown = dict;
    for (const part of key.replace(/^pixel-collision\./, '').split('.')) v = v && typeof v === 'object' ? (v as Dict)[part] : undefined;
    if (typeof v !== 'string') throw new Error(`missing i18n key: ${key}`);
    return v;
}

(globalThis as unknown as { Editor: unknown }).Editor = {
    I18n: { t: (key: string) => lookup(key) },
    Message: { request: (channel: string, message: string, ...args: unknown[]) => pcRequest(channel, message, ...args) },
};

let root: ShadowRoot | null = null;
const selector = (key: string) => (panelModule.$ as Record<string, string>)[key];

const api = {
    /** Mounts the panel (a fresh one each time, as when Project Settings opens the tab). */
    async mount(strings: Dict): Promise<void> {
        dict = strings;
        document.body.replaceChildren();
        const host = document.createElement('div');
        document.body.appendChild(host);
        root = host.attachShadow({ mode: 'open' });
        root.innerHTML = `<style>${panelModule.style}</style>${panelModule.template}`;
        const $: Record<string, HTMLElement> = {};
        for (const [name, sel] of Object.entries(panelModule.$)) $[name] = root.querySelector(sel) as HTMLElement;
        await panelModule.ready.call({ $ });
    },
    /** What each field shows and each message under a field says ('' when hidden). */
    state(): { values: Record<string, unknown>; errors: Record<string, string>; options: string[] } {
        const values: Record<string, unknown> = {}, errors: Record<string, string> = {};
        for (const key of ['thresholds', 'out', 'onUnreadable', 'bakeAll', 'include']) {
            values[key] = (root!.querySelector(selector(key)) as unknown as { value: unknown }).value;
            const e = root!.querySelector(selector(`error-${key}`)) as HTMLElement;
            errors[key] = e.hidden ? '' : e.textContent ?? '';
        }
        const options = Array.from(root!.querySelectorAll(`${selector('onUnreadable')} option`)).map((o) => `${(o as HTMLOptionElement).value}=${o.textContent}`);
        return { values, errors, options };
    },
};

(globalThis as unknown as { settingsPage: typeof api }).settingsPage = api;
export type SettingsPage = typeof api;
