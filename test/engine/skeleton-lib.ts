/**
 * Loading the test skeletons of test/fixtures/skeletons/ (scripts/gen-skeletons.mjs) in the real
 * engine, for the entries that need Spine and DragonBones (a harness home built with
 * HARNESS_SKELETONS=1).
 */
import { director, dragonBones, gfx, ImageAsset, Layers, Node, sp, Texture2D, UITransform } from 'cc';

export const BASE = '/project/test/fixtures/skeletons/';

/* eslint-disable @typescript-eslint/no-explicit-any */

export function loadImage(url: string): Promise<HTMLImageElement> {
    return new Promise((resolve, reject) => {
        const img = new Image();
        img.onload = () => resolve(img);
        img.onerror = () => reject(new Error(`cannot load ${url}`));
        img.src = url;
    });
}

export async function loadText(name: string): Promise<string> {
    const res = await fetch(BASE + name);
    if (!res.ok) throw new Error(`cannot load ${name}: ${res.status}`);
    return res.text();
}

export async function loadTexture(name: string): Promise<Texture2D> {
    const tex = new Texture2D();
    tex.image = new ImageAsset(await loadImage(BASE + name));
    tex.setFilters(Texture2D.Filter.NEAREST, Texture2D.Filter.NEAREST);
    tex.setMipFilter(Texture2D.Filter.NONE);
    return tex;
}

export function uiNode(name: string, parent: Node, x: number, y: number): Node {
    const node = new Node(name);
    node.layer = Layers.Enum.UI_2D;
    node.addComponent(UITransform);
    parent.addChild(node);
    node.setPosition(x, y, 0);
    return node;
}

/** The test Spine skeleton's data (the wasm side caches skeleton data by `_uuid`: one per page set). */
export async function loadSpineData(uuid = 'pixel-collision-test-spine'): Promise<sp.SkeletonData> {
    const sd = new sp.SkeletonData();
    sd._uuid = uuid;
    sd.skeletonJson = (await loadText('spine-test.json')) as any; // eslint-disable-line @typescript-eslint/no-explicit-any
    sd.atlasText = await loadText('spine-test.atlas');
    sd.textures = [await loadTexture('spine-test.png')]; // textures[i] is the atlas's i-th page
    sd.textureNames = ['spine-test.png'];
    return sd;
}

/** The test DragonBones assets (armatures `main`, with the child `pet`). */
export async function loadDragonBones(): Promise<{ asset: dragonBones.DragonBonesAsset; atlas: dragonBones.DragonBonesAtlasAsset }> {
    const asset = new dragonBones.DragonBonesAsset();
    asset.dragonBonesJson = await loadText('db-test_ske.json');
    const atlas = new dragonBones.DragonBonesAtlasAsset();
    atlas.atlasJson = await loadText('db-test_tex.json');
    atlas.texture = await loadTexture('db-test_tex.png');
    return { asset, atlas };
}

/**
 * RGBA of a loaded page, row 0 at the top: drawn on a canvas on the web (alpha exact); in the
 * native engine, whose canvas cannot draw an image and which releases the image's pixels once
 * uploaded, read back from the GPU.
 */
export function rgbaOf(tex: Texture2D): { rgba: Uint8Array; w: number; h: number } {
    const img = tex.image!.data as HTMLImageElement;
    const cv = document.createElement('canvas');
    const g = cv.getContext('2d') as CanvasRenderingContext2D | null;
    if (g && typeof g.drawImage === 'function') {
        cv.width = img.width; cv.height = img.height;
        g.drawImage(img, 0, 0);
        return { rgba: new Uint8Array(g.getImageData(0, 0, img.width, img.height).data.buffer), w: img.width, h: img.height };
    }
    const w = tex.width, h = tex.height;
    const rgba = new Uint8Array(w * h * 4);
    const region = new gfx.BufferTextureCopy();
    region.texExtent.width = w; region.texExtent.height = h; region.texExtent.depth = 1;
    director.root!.device.copyTextureToBuffers(tex.getGFXTexture()!, [rgba], [region]);
    return { rgba, w, h };
}
