/**
 * The double's UITransform.hitTest and render cameras, as the engine's (checked there by
 * test/engine/pixel-touch.ts, whose box test with pixelTouch off is this one): the screen point goes
 * through each camera that sees the node's layer to world, then to node space by the inverse world
 * matrix; the content box is closed (edges hit); a singular matrix (scale 0) hits nothing.
 */
import { Layers, Node, UITransform, Vec2, director } from 'cc';
import { RenderCamera, resetCC } from './cc';
import type { Scene } from './cc';

function setup(): { node: Node; ui: UITransform; scene: Scene } {
    const scene = resetCC() as unknown as Scene;
    scene.renderScene.cameras.push(new RenderCamera(0, 0, 256, 1024, 512));
    const node = new Node('N');
    (director.getScene() as unknown as Node).addChild(node);
    node.layer = Layers.Enum.UI_2D;
    const ui = node.addComponent(UITransform);
    ui.setContentSize(40, 20);
    return { node, ui, scene };
}
// a 1024 x 512 window, 1 unit = 1 pixel: the conversions are exact in binary, so edges are edges
const at = (x: number, y: number) => new Vec2(x + 512, y + 256);

test('the content box is closed: its edges hit, just outside does not', () => {
    const { ui } = setup();
    expect(ui.hitTest(at(20, 10))).toBe(true);
    expect(ui.hitTest(at(-20, -10))).toBe(true);
    expect(ui.hitTest(at(20.001, 0))).toBe(false);
    expect(ui.hitTest(at(0, -10.001))).toBe(false);
});

test('rotation, scale and anchor go through the inverse world matrix', () => {
    const { node, ui } = setup();
    node.setRotationFromEuler(0, 0, 90);
    node.setScale(2, 1, 1);
    ui.setAnchorPoint(0, 0);
    // local (x, y) -> world (-y, 2x): the box [0, 40] x [0, 20] covers world x in [-20, 0], y in [0, 80]
    expect(ui.hitTest(at(-10, 70))).toBe(true);
    expect(ui.hitTest(at(10, 70))).toBe(false);
    expect(ui.hitTest(at(-10, 81))).toBe(false);
});

test('cameras that do not see the layer, lack a swapchain or are on another window are skipped; scale 0 hits nothing', () => {
    const { node, ui, scene } = setup();
    const cam = scene.renderScene.cameras[0];
    cam.visibility = Layers.Enum.DEFAULT;
    expect(ui.hitTest(at(0, 0))).toBe(false);
    cam.visibility = Layers.Enum.UI_2D;
    cam.window = { swapchain: null };
    expect(ui.hitTest(at(0, 0))).toBe(false);
    cam.window = { swapchain: {} };
    expect(ui.hitTest(at(0, 0), 1)).toBe(false);
    expect(ui.hitTest(at(0, 0))).toBe(true);
    node.setScale(0, 0, 1);
    expect(ui.hitTest(at(0, 0))).toBe(false);
});
