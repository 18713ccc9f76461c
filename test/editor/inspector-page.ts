/**
 * Page script of the inspector focus test (inspector-focus.test.ts): a minimal stand-in for the
 * parts of Creator's inspector the PixelCollider section meets, in headless Chromium.
 *
 * - `ui-prop` (type="dump"): `render(dump)` shows a number as `ui-num-input` (or `ui-slider` when the
 *   dump says `slide`), a boolean as `ui-checkbox`, anything else as a label. Like Creator's element it
 *   keeps its content element while the kind stays the same and only changes the value.
 * - `ui-num-input` / `ui-slider` / `ui-checkbox`: an `<input>` (text, range, checkbox) inside; setting
 *   `value` writes the input only when the text differs (the caret stays where the user put it).
 * - the section is mounted as Creator's `ui-panel` mounts one: its style and template in an open
 *   shadow root, `this.$` from the module's selectors, `ready()` once, then `update(dump)`.
 * - `Editor.I18n.t` returns the key; `Editor.Message.request` answers null (no scene script).
 *
 * The section module itself is the real built `dist/inspector/pixel-collider.js`, loaded by
 * `inspectorPage.load(source)` as CommonJS.
 */

interface SectionModule {
    template: string;
    style: string;
    $: Record<string, string>;
    ready(this: unknown): void;
    update(this: unknown, dump: unknown): void;
    close(this: unknown): void;
}

/** The values a test sets; everything else takes the component's defaults. */
export interface DumpValues {
    shape?: number;
    alphaThreshold?: number;
    accuracy?: number;
    radius?: number;
    pixelTouch?: boolean;
}

class ValueInput extends HTMLElement {
    protected kind = 'text';
    private _input: HTMLInputElement | null = null;
    /** Made on first use, so the element works before and after it is in the document. */
    get input(): HTMLInputElement {
        if (!this._input) {
            this._input = document.createElement('input');
            this._input.type = this.kind;
            this.setUp(this._input);
            this.appendChild(this._input);
        }
        return this._input;
    }
    protected setUp(_input: HTMLInputElement): void {}
    connectedCallback(): void { void this.input; }
    get value(): string { return this.input.type === 'checkbox' ? String(this.input.checked) : this.input.value; }
    set value(v: string) {
        if (this.input.type === 'checkbox') this.input.checked = v === 'true';
        else if (this.input.value !== v) this.input.value = v;
    }
}
class NumInput extends ValueInput {}
class Slider extends ValueInput {
    protected override kind = 'range';
    protected override setUp(input: HTMLInputElement): void {
        input.min = '0';
        input.max = '255';
        input.step = '1';
    }
}
class Checkbox extends ValueInput { protected override kind = 'checkbox'; }

interface PropDump { type?: string; value?: unknown; slide?: boolean; path?: string; visible?: boolean }

class UiProp extends HTMLElement {
    dump: PropDump | null = null;
    content: HTMLElement | null = null;
    render(dump: PropDump): void {
        this.dump = dump;
        if (dump.path) this.setAttribute('path', dump.path);
        const tag = dump.type === 'Number' ? (dump.slide ? 'ui-slider' : 'ui-num-input') : dump.type === 'Boolean' ? 'ui-checkbox' : 'span';
        if (!this.content || this.content.localName !== tag) {
            this.content?.remove();
            this.content = document.createElement(tag);
            this.appendChild(this.content);
        }
        if (this.content instanceof ValueInput) this.content.value = String(dump.value);
        else this.content.textContent = JSON.stringify(dump.value ?? null);
    }
}

customElements.define('ui-prop', UiProp);
customElements.define('ui-num-input', NumInput);
customElements.define('ui-slider', Slider);
customElements.define('ui-checkbox', Checkbox);

/** The channels and messages the section sent (`Editor.Message.request`). */
const requests: string[] = [];
(globalThis as unknown as { Editor: unknown }).Editor = {
    I18n: { t: (key: string) => key },
    Message: { request: async (channel: string, message: string) => { requests.push(`${channel} ${message}`); return null; } },
};

/** A PixelCollider dump as the scene sends it (visible properties decided by the shape, as the component's `visible` callbacks do). */
function dump(v: DumpValues): unknown {
    const shape = v.shape ?? 0;
    const p = (path: string, type: string, value: unknown, visible: boolean, extra: object = {}) => ({ path, type, value, visible, ...extra });
    return {
        type: 'PixelCollider',
        value: {
            node: p('node', 'cc.Node', { uuid: 'node-1' }, false),
            uuid: p('uuid', 'String', 'comp-1', false),
            enabled: p('enabled', 'Boolean', true, false),
            _shape: p('_shape', 'Enum', shape, false),
            shape: p('shape', 'Enum', shape, true),
            alphaThreshold: p('alphaThreshold', 'Number', v.alphaThreshold ?? 0, true, { slide: true, min: 0, max: 255, step: 1 }),
            accuracy: p('accuracy', 'Number', v.accuracy ?? 0, true),
            mode: p('mode', 'Enum', 0, true),
            group: p('group', 'Enum', 1, true),
            size: p('size', 'cc.Size', { width: 0, height: 0 }, shape === 1),
            offset: p('offset', 'cc.Vec2', { x: 0, y: 0 }, shape !== 0),
            radius: p('radius', 'Number', v.radius ?? 0, shape === 2),
            points: p('points', 'cc.Vec2', [], shape === 3),
            bakedMask: p('bakedMask', 'cc.BufferAsset', { uuid: '' }, shape === 0),
            maskLibrary: p('maskLibrary', 'cc.JsonAsset', { uuid: '' }, shape === 0),
            pixelTouch: p('pixelTouch', 'Boolean', v.pixelTouch ?? false, true),
        },
    };
}

let mod: SectionModule | null = null;
let panel: { $: Record<string, HTMLElement> } | null = null;
let root: ShadowRoot | null = null;

const api = {
    /** Loads the built section module (CommonJS text). */
    load(source: string): string[] {
        const module = { exports: {} as Record<string, unknown> };
        new Function('module', 'exports', 'require', source)(module, module.exports, (name: string) => { throw new Error(`the inspector bundle requires ${name}`); });
        mod = module.exports as unknown as SectionModule;
        return Object.keys(module.exports).sort();
    },
    /**
     * Mounts the section as a `ui-panel` does and gives it its first dump. With `sceneProtocol`,
     * inside an element carrying `messageProtocol` (as Creator's inspector panel does).
     */
    mount(values: DumpValues, sceneProtocol?: string): void {
        if (!mod) throw new Error('load() first');
        requests.length = 0;
        const outer = document.createElement('div');
        if (sceneProtocol) (outer as unknown as { messageProtocol: unknown }).messageProtocol = { scene: sceneProtocol };
        document.body.appendChild(outer);
        const host = document.createElement('div');
        outer.appendChild(host);
        root = host.attachShadow({ mode: 'open' });
        root.innerHTML = `<style>${mod.style}</style>${mod.template}`;
        const $: Record<string, HTMLElement> = {};
        for (const [name, sel] of Object.entries(mod.$)) $[name] = root.querySelector(sel) as HTMLElement;
        panel = { $ };
        mod.ready.call(panel);
        mod.update.call(panel, dump(values));
    },
    /** What the node inspector does after each `set-property`: `update` with the scene's new dump. */
    update(values: DumpValues): void {
        mod!.update.call(panel, dump(values));
    },
    /** What the section asked the editor (`channel message`), since the last mount. */
    requests(): string[] {
        return requests.slice();
    },
    /** The keys of the rendered ui-props, in document order. */
    order(): string[] {
        return Array.from(root!.querySelectorAll('.pc-props > ui-prop')).map((e) => e.getAttribute('path') ?? '?');
    },
    /** Where the focus is inside the panel, and the caret of that input. */
    focus(): { path: string | null; selectionStart: number | null; value: string | null } {
        const a = root!.activeElement as HTMLInputElement | null;
        const prop = a ? a.closest('ui-prop') : null;
        let start: number | null = null;
        try { start = a ? a.selectionStart : null; } catch { start = null; }
        return { path: prop ? prop.getAttribute('path') : null, selectionStart: start, value: a ? a.value : null };
    },
    /** The input of a property's content element, to check it is the same element as before. */
    inputOf(path: string): HTMLInputElement | null {
        return root!.querySelector(`ui-prop[path="${path}"] input`);
    },
};

(globalThis as unknown as { inspectorPage: typeof api }).inspectorPage = api;
export type InspectorPage = typeof api;
