/**
 * What the PixelCollider inspector section shows, as plain functions of the component's dump (the
 * editor's property data) and the scene script's answer (scene/preview.ts `ColliderInfo`). The
 * panel module (pixel-collider.ts) only turns these into elements.
 */
import { tr } from '../editor/format';
import type { Translate } from '../editor/format';
import type { ColliderInfo, MaskPicture } from '../scene/preview';

/** One property of a component dump (the parts read here; see @cocos/creator-types IProperty). */
export interface PropDump {
    value?: unknown;
    values?: unknown[];
    visible?: boolean;
    displayOrder?: number;
}

/** A component dump: `value` holds its properties by name. */
export interface ComponentDump {
    value: Record<string, PropDump>;
}

/** PixelShape.PIXELS. */
const PIXELS = 0;

/**
 * The properties to render with `ui-prop`, in the order Creator's inspector gives a component's
 * properties (`sortProp` in the engine's editor/inspector/utils/prop.js): those with a `displayOrder`
 * first, by it, then the others in declaration order; only the visible ones.
 */
export function propsToRender(dump: ComponentDump): { key: string; dump: PropDump }[] {
    const ordered: { key: string; dump: PropDump }[] = [], normal: { key: string; dump: PropDump }[] = [];
    for (const key of Object.keys(dump.value)) {
        const d = dump.value[key];
        if (d == null) continue;
        ('displayOrder' in d ? ordered : normal).push({ key, dump: d });
    }
    ordered.sort((a, b) => (a.dump.displayOrder as number) - (b.dump.displayOrder as number));
    return ordered.concat(normal).filter((p) => p.dump.visible);
}

/** The node uuid(s) the section shows: one per selected node (`dump.value.node`). */
export function nodeUuids(dump: ComponentDump): string[] {
    const node = dump.value.node;
    if (!node) return [];
    const all = (node.values && node.values.length ? node.values : [node.value]) as ({ uuid?: unknown } | null | undefined)[];
    return all.map((v) => (v && typeof v.uuid === 'string' ? v.uuid : '')).filter((u) => u.length > 0);
}

/** A row of the mask section: a label and a value, already translated. */
export interface Row {
    label: string;
    value: string;
    /** 'warn' for fallbacks and unbaked masks a build cannot read. */
    tone: 'normal' | 'warn';
}

/** The mask section's content. */
export interface MaskView {
    /** A message instead of the rows (no scene, several nodes), or ''. */
    message: string;
    rows: Row[];
    /** A warning or hint under the rows, or ''. */
    note: string;
    picture: MaskPicture | null;
    /** What the Bake button bakes; null disables it. */
    bake: { frames: string[]; thresholds: number[] } | null;
}

/** The mask section for one node's answer (`info`), or a message when there is none. */
export function maskView(t: Translate, info: ColliderInfo | null, nodeCount: number): MaskView {
    const empty: MaskView = { message: '', rows: [], note: '', picture: null, bake: null };
    if (nodeCount > 1) return { ...empty, message: tr(t, 'inspector.multiple') };
    if (!info || !info.found) return { ...empty, message: tr(t, 'inspector.unavailable') };
    const fallback = info.reason !== '';
    const rows: Row[] = [{
        label: tr(t, 'inspector.source_label'),
        value: tr(t, `inspector.source.${info.source}`),
        tone: fallback || info.source === 'pixels' || info.source === 'readback' ? 'warn' : 'normal',
    }];
    if (info.width > 0 && info.height > 0) {
        const percent = Math.round((1000 * info.count) / (info.width * info.height)) / 10;
        rows.push({ label: tr(t, 'inspector.size_label'), value: tr(t, 'inspector.size_value', { width: info.width, height: info.height }), tone: 'normal' });
        rows.push({ label: tr(t, 'inspector.count_label'), value: tr(t, 'inspector.count_value', { count: info.count, percent }), tone: 'normal' });
    }
    if (info.parts > 0) {
        rows.push({ label: tr(t, 'inspector.size_label'), value: tr(t, 'inspector.parts_size_value', { width: info.partsWidth, height: info.partsHeight }), tone: 'normal' });
        rows.push({ label: tr(t, 'inspector.parts_label'), value: String(info.parts), tone: 'normal' });
    }
    let note = '';
    if (fallback) note = tr(t, `inspector.reason.${info.reason}`);
    else if (info.source === 'pixels' || info.source === 'readback') note = tr(t, `inspector.hint.${info.source}`);
    const bakeable = info.shape === PIXELS && info.frame !== '' && info.source !== 'bounds' && info.reason !== 'sprite-type' && info.reason !== 'no-sprite';
    return {
        message: '',
        rows,
        note,
        picture: info.picture,
        bake: bakeable ? { frames: [info.frame], thresholds: [info.threshold] } : null,
    };
}

/** RGBA pixels of a mask picture (solid dots `on`, clear dots `off`), for a canvas's ImageData. */
export function pictureRGBA(p: MaskPicture, on: readonly number[] = [50, 230, 90, 255], off: readonly number[] = [0, 0, 0, 64]): Uint8ClampedArray<ArrayBuffer> {
    const px = new Uint8ClampedArray(p.width * p.height * 4);
    for (let y = 0; y < p.height; y++) {
        const row = p.rows[y] ?? '';
        for (let x = 0; x < p.width; x++) {
            const c = row.charCodeAt(x) === 35 /* '#' */ ? on : off;
            px.set(c, (y * p.width + x) * 4);
        }
    }
    return px;
}
