/**
 * Inspector section of the PixelCollider component (`contributions.inspector.section.node.PixelCollider`),
 * run in the inspector panel. Keeps the default property UI (each visible property of the dump as a
 * `ui-prop`) and adds the Collision Mask section: where the mask comes from and why, its size and
 * solid texel count, a small picture of it, and a Bake button for this sprite's frame. Thin: what to
 * show is decided by view.ts from the scene script's answer (scene/preview.ts `colliderInfo`).
 */
import { maskView, nodeUuids, pictureRGBA, propsToRender } from './view';
import type { ComponentDump, MaskView } from './view';
import type { ColliderInfo } from '../scene/preview';

/** The panel instance the inspector gives these functions as `this`. */
interface Section {
    $: Record<'props' | 'message' | 'rows' | 'note' | 'picture' | 'bake', HTMLElement>;
    dump?: ComponentDump;
    props?: Map<string, HTMLElement & { render(dump: unknown): void }>;
    ask?: number;
    view?: MaskView;
}

export const template = `
<div class="pc-props"></div>
<ui-section class="pc-mask config" expand cache-expand="pixel-collision-mask">
    <ui-label slot="header" value="i18n:pixel-collision.inspector.mask"></ui-label>
    <div class="pc-message"></div>
    <div class="pc-rows"></div>
    <div class="pc-note"></div>
    <ui-prop>
        <ui-label slot="label" value="i18n:pixel-collision.inspector.picture_label" tooltip="i18n:pixel-collision.inspector.picture_tip"></ui-label>
        <div slot="content"><canvas class="pc-picture"></canvas></div>
    </ui-prop>
    <ui-button class="pc-bake blue" tooltip="i18n:pixel-collision.inspector.bake_tip">
        <ui-label value="i18n:pixel-collision.inspector.bake"></ui-label>
    </ui-button>
</ui-section>
`;

export const $ = {
    props: '.pc-props',
    message: '.pc-message',
    rows: '.pc-rows',
    note: '.pc-note',
    picture: '.pc-picture',
    bake: '.pc-bake',
};

export const style = `
.pc-message, .pc-note { color: var(--color-normal-contrast-weakest); margin: 4px 0; white-space: normal; }
.pc-note.warn, .pc-row.warn ui-label[slot="content"] { color: var(--color-warn-fill); }
.pc-picture { image-rendering: pixelated; border: 1px solid var(--color-normal-border); max-width: 100%; }
.pc-bake { margin-top: 6px; width: 100%; }
`;

const t = (key: string, vars?: Record<string, string | number>) => Editor.I18n.t(key, vars);

export function ready(this: Section): void {
    this.$.bake.addEventListener('confirm', (event: Event) => {
        event.stopPropagation();
        void bake(this);
    });
}

export function update(this: Section, dump: ComponentDump): void {
    this.dump = dump;
    renderProps(this, dump);
    void refresh(this);
}

export function close(this: Section): void {
    this.ask = (this.ask ?? 0) + 1; // drop answers still on their way
}

/**
 * One `ui-prop` per visible property, kept for the section's life and given each new dump. Creator's
 * node inspector calls `update` after every `set-property`, that is after each value typed or
 * dragged: an element detached from the document (even to be appended again at the same place) loses
 * the focus and ends a slider's drag. So, like the engine's `updateCustomPropElements`
 * (editor/inspector/utils/prop.js), an element is moved only when it is out of order; unlike it,
 * properties that went are removed first and a new one is inserted at its place, so showing or hiding
 * one property (a change of shape) moves none of the others.
 */
function renderProps(section: Section, dump: ComponentDump): void {
    const props = (section.props ??= new Map());
    const container = section.$.props;
    const list = propsToRender(dump);
    const wanted: (HTMLElement & { render(dump: unknown): void })[] = [];
    const keep = new Set<string>();
    for (const { key } of list) {
        keep.add(key);
        let el = props.get(key);
        if (!el) {
            el = document.createElement('ui-prop') as HTMLElement & { render(dump: unknown): void };
            el.setAttribute('type', 'dump');
            props.set(key, el);
        }
        wanted.push(el);
    }
    for (const [key, el] of props) if (!keep.has(key)) { el.remove(); props.delete(key); }
    for (let i = 0; i < wanted.length; i++) {
        const at = container.children[i] ?? null;
        if (at !== wanted[i]) container.insertBefore(wanted[i], at); // only what is out of place moves
    }
    // Values last, every element in place.
    for (let i = 0; i < wanted.length; i++) wanted[i].render(list[i].dump);
}

/**
 * The scene's message protocol, as Creator's own inspectors ask for it (`getMessageProtocolScene`,
 * editor/inspector/utils/prop.js in the engine repository): the nearest element up from the panel,
 * across shadow roots, that carries `messageProtocol` gives its `scene` (an inspector showing
 * another scene, e.g. a preview, names its own); else `'scene'`.
 */
function sceneProtocol(element: Element | null): string {
    let el: Element | null = element;
    while (el) {
        el = el.parentElement ?? ((el.getRootNode() as ShadowRoot).host ?? null);
        const protocol = el ? (el as Element & { messageProtocol?: { scene?: unknown } }).messageProtocol : undefined;
        if (protocol && typeof protocol.scene === 'string' && protocol.scene) return protocol.scene;
    }
    return 'scene';
}

async function refresh(section: Section): Promise<void> {
    const uuids = section.dump ? nodeUuids(section.dump) : [];
    const ask = (section.ask = (section.ask ?? 0) + 1);
    let info: ColliderInfo | null = null;
    if (uuids.length === 1) {
        try {
            info = (await Editor.Message.request(sceneProtocol(section.$.props) as 'scene', 'execute-scene-script', { name: 'pixel-collision', method: 'colliderInfo', args: [uuids[0]] })) as ColliderInfo | null;
        } catch {
            info = null;
        }
    }
    if (ask !== section.ask) return; // a newer update is on its way
    show(section, maskView(t, info, uuids.length));
}

function show(section: Section, view: MaskView): void {
    section.view = view;
    const { message, rows, note, picture, bake } = section.$;
    message.textContent = view.message;
    message.hidden = view.message === '';
    rows.replaceChildren(...view.rows.map((r) => {
        const prop = document.createElement('ui-prop');
        prop.className = `pc-row ${r.tone}`;
        const label = document.createElement('ui-label');
        label.setAttribute('slot', 'label');
        label.setAttribute('value', r.label);
        const value = document.createElement('ui-label');
        value.setAttribute('slot', 'content');
        value.setAttribute('value', r.value);
        prop.append(label, value);
        return prop;
    }));
    note.textContent = view.note;
    note.className = `pc-note${view.rows[0]?.tone === 'warn' ? ' warn' : ''}`;
    note.hidden = view.note === '';
    const canvas = picture as HTMLCanvasElement;
    const p = view.picture;
    (canvas.closest('ui-prop') as HTMLElement | null)?.toggleAttribute('hidden', !p);
    if (p) {
        canvas.width = p.width;
        canvas.height = p.height;
        // Shown at least 96 px wide, pixelated, upright as the frame is displayed.
        canvas.style.width = `${Math.max(p.width, Math.min(96, p.width * 4))}px`;
        const ctx = canvas.getContext('2d');
        if (ctx) ctx.putImageData(new ImageData(pictureRGBA(p), p.width, p.height), 0, 0);
    }
    bake.toggleAttribute('disabled', !view.bake);
    bake.hidden = view.message !== '';
}

async function bake(section: Section): Promise<void> {
    const job = section.view?.bake;
    if (!job) return;
    const button = section.$.bake;
    button.toggleAttribute('disabled', true);
    try {
        await Editor.Message.request('pixel-collision', 'bake-frames', job.frames, job.thresholds);
    } finally {
        button.toggleAttribute('disabled', false);
        await refresh(section);
    }
}
