/**
 * What the PixelCollider inspector section shows (source/inspector/view.ts), from a component dump
 * and the scene script's answer; the DOM part (pixel-collider.ts) only places these.
 */
import { maskView, nodeUuids, pictureRGBA, propsToRender } from '../../extensions/pixel-collision/source/inspector/view';
import type { ComponentDump } from '../../extensions/pixel-collision/source/inspector/view';
import type { ColliderInfo } from '../../extensions/pixel-collision/source/scene/preview';
import { translate } from './editor-double';

const en = (key: string, vars?: Record<string, string | number>) => translate('en', key, vars);
const zh = (key: string, vars?: Record<string, string | number>) => translate('zh', key, vars);

function info(over: Partial<ColliderInfo> = {}): ColliderInfo {
    return {
        found: true, shape: 0, source: 'pixels', reason: '', live: true, threshold: 64, width: 10, height: 8, count: 30, parts: 0, partsWidth: 0, partsHeight: 0,
        frame: 'img@f9941', picture: { width: 2, height: 1, scale: 1, rows: ['#.'] }, ...over,
    };
}

describe('propsToRender / nodeUuids', () => {
    const dump: ComponentDump = {
        value: {
            uuid: { value: 'comp-1', visible: false },
            node: { value: { uuid: 'node-1' }, visible: false },
            enabled: { value: true, visible: false },
            shape: { value: 0, visible: true },
            alphaThreshold: { value: 0, visible: true },
            size: { value: {}, visible: false }, // BOX only
            mode: { value: 0, visible: true, displayOrder: -1 },
        },
    };

    test('the visible properties, by displayOrder then declaration order', () => {
        expect(propsToRender(dump).map((p) => p.key)).toEqual(['mode', 'shape', 'alphaThreshold']);
        expect(propsToRender(dump)[1].dump).toBe(dump.value.shape);
    });

    test('as Creator\'s inspector orders them (sortProp): every property with a displayOrder before those without', () => {
        const d: ComponentDump = { value: {
            a: { value: 0, visible: true }, b: { value: 0, visible: true, displayOrder: 5 },
            c: { value: 0, visible: true, displayOrder: 2 }, d: { value: 0, visible: false, displayOrder: 1 }, e: { value: 0, visible: true },
        } };
        expect(propsToRender(d).map((p) => p.key)).toEqual(['c', 'b', 'a', 'e']);
    });

    test('one node uuid, or one per selected node', () => {
        expect(nodeUuids(dump)).toEqual(['node-1']);
        expect(nodeUuids({ value: { node: { value: { uuid: 'a' }, values: [{ uuid: 'a' }, { uuid: 'b' }] } } })).toEqual(['a', 'b']);
        expect(nodeUuids({ value: {} })).toEqual([]);
    });
});

describe('maskView', () => {
    test('texture pixels: source, size, solid count with percent, a warning note that builds need baking, a Bake job', () => {
        const v = maskView(en, info(), 1);
        expect(v.message).toBe('');
        expect(v.rows).toEqual([
            { label: 'Source', value: 'Texture pixels', tone: 'warn' },
            { label: 'Size', value: '10 x 8 texels', tone: 'normal' },
            { label: 'Solid Texels', value: '30 (37.5%)', tone: 'normal' },
        ]);
        expect(v.note).toMatch(/^Not baked: native, mini-game/);
        expect(v.picture).toEqual(info().picture);
        expect(v.bake).toEqual({ frames: ['img@f9941'], thresholds: [64] });
    });

    test('a collider made of parts (sliced sprites, skeletons): its size in node units and how many parts, in both languages', () => {
        const v = maskView(en, info({ width: 0, height: 0, count: 0, parts: 72, partsWidth: 41.5, partsHeight: 90 }), 1);
        expect(v.rows.slice(1)).toEqual([
            { label: 'Size', value: '41.5 x 90 node units', tone: 'normal' },
            { label: 'Parts', value: '72', tone: 'normal' },
        ]);
        const z = maskView(zh, info({ width: 0, height: 0, count: 0, parts: 72, partsWidth: 41.5, partsHeight: 90 }), 1);
        expect(z.rows.slice(1).map((r) => r.value)).toEqual(['41.5 x 90（节点单位）', '72']);
    });

    test('baked: no warning; still re-bakeable', () => {
        const v = maskView(en, info({ source: 'baked' }), 1);
        expect(v.rows[0]).toEqual({ label: 'Source', value: 'Baked mask library', tone: 'normal' });
        expect(v.note).toBe('');
        expect(v.bake).not.toBeNull();
    });

    test('fallbacks say why; only those a bake can fix keep the button', () => {
        const unreadable = maskView(en, info({ source: 'box', reason: 'unreadable', width: 0, height: 0, count: 0, picture: null }), 1);
        expect(unreadable.rows).toEqual([{ label: 'Source', value: 'Box fallback', tone: 'warn' }]);
        expect(unreadable.note).toMatch(/cannot be read here.*bake its masks/);
        expect(unreadable.bake).not.toBeNull();
        for (const reason of ['sprite-type', 'no-sprite']) {
            const v = maskView(en, info({ source: 'box', reason, width: 0, height: 0, count: 0, picture: null }), 1);
            expect(v.note).toBe(en(`pixel-collision.inspector.reason.${reason}`));
            expect(v.bake).toBeNull();
        }
        expect(maskView(en, info({ source: 'bounds', reason: 'bounds-mode' }), 1).bake).toBeNull();
        expect(maskView(en, info({ source: 'shape', shape: 1, width: 0, height: 0, picture: null }), 1).bake).toBeNull();
        expect(maskView(en, info({ source: 'empty', reason: 'no-frame', frame: '', width: 0, height: 0, picture: null }), 1).bake).toBeNull();
    });

    test('several nodes, or no answer from the scene: a message only', () => {
        expect(maskView(en, info(), 2)).toEqual({ message: en('pixel-collision.inspector.multiple'), rows: [], note: '', picture: null, bake: null });
        expect(maskView(en, null, 1).message).toBe(en('pixel-collision.inspector.unavailable'));
        expect(maskView(en, info({ found: false }), 1).message).toBe(en('pixel-collision.inspector.unavailable'));
    });

    test('every source and reason the runtime reports has words, in both languages', () => {
        for (const t of [en, zh]) {
            for (const source of ['baked', 'asset', 'pixels', 'readback', 'edited', 'box', 'bounds', 'shape', 'empty', 'unbuilt']) {
                expect(maskView(t, info({ source }), 1).rows[0].value.length).toBeGreaterThan(0);
            }
            for (const reason of ['no-sprite', 'sprite-type', 'unreadable', 'no-frame', 'bounds-mode']) {
                expect(maskView(t, info({ source: 'box', reason }), 1).note.length).toBeGreaterThan(0);
            }
        }
    });
});

test('pictureRGBA: one RGBA pixel a dot, solid and clear colours', () => {
    const px = pictureRGBA({ width: 3, height: 2, scale: 1, rows: ['#..', '..#'] }, [1, 2, 3, 4], [9, 9, 9, 9]);
    expect(px).toHaveLength(24);
    expect(Array.from(px.subarray(0, 8))).toEqual([1, 2, 3, 4, 9, 9, 9, 9]);
    expect(Array.from(px.subarray(20, 24))).toEqual([1, 2, 3, 4]);
});
