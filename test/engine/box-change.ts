// Engine entry (run by hand: node ../shared/engine-harness/run.mjs test/engine/box-change.ts).
// A sprite (sizeMode CUSTOM) whose content size and anchor change between frames, through every
// setter (setContentSize, width, height, contentSize, setAnchorPoint, anchorX, anchorY,
// anchorPoint), while it overlaps another: the collider follows from the next step (it re-reads
// the box after the node's SIZE_CHANGED / ANCHOR_CHANGED). Nothing listens to stay events, so
// the count read after each frame also checks that a touching pair's contact follows the pair.
import { Size, Sprite, UITransform, Vec2 } from 'cc';
import { PixelCollider } from 'db://pixel-collision/runtime/index';
import { bruteCount, Checks, makeFrame, makeSprite, makeTexture, stage } from './lib';
import type { Placed } from './lib';

const bAlpha = (i: number, j: number) => ((i * 3 + j * 5) % 11 === 0 || Math.hypot(i - 15.5, j - 15.5) > 15 ? 0 : 255);

export default async function main(h: { width: number; height: number; frames(n: number): Promise<void> }) {
    const { canvas } = stage(h.width, h.height);
    const checks = new Checks();
    const disc = (i: number, j: number) => Math.hypot(i + 0.5 - 24, j + 0.5 - 24) < 23;
    const a = makeSprite('A', makeFrame(makeTexture(48, 48, (i, j) => (disc(i, j) ? 255 : 0))), canvas);
    const b = makeSprite('B', makeFrame(makeTexture(32, 32, bAlpha)), canvas);
    const ca = a.node.addComponent(PixelCollider);
    const cb = b.node.addComponent(PixelCollider);
    b.sprite.sizeMode = Sprite.SizeMode.CUSTOM;
    b.node.setPosition(30, 5, 0);
    let enters = 0;
    ca.on('onPixelCollide', () => enters++);
    const ui = b.node.getComponent(UITransform) as UITransform;
    const A: Placed = { x: 0, y: 0, angle: 0, sx: 1, sy: 1, w: 48, h: 48, opaque: disc };
    const B = (): Placed => {
        const cw = ui.contentSize.width, ch = ui.contentSize.height, ax = ui.anchorPoint.x, ay = ui.anchorPoint.y;
        return { x: 30 + (0.5 - ax) * cw, y: 5 + (0.5 - ay) * ch, angle: 0, sx: cw / 32, sy: ch / 32, w: 32, h: 32, opaque: (i, j) => bAlpha(i, j) > 0 };
    };
    const steps: [string, () => void][] = [
        ['setContentSize(40, 24)', () => ui.setContentSize(40, 24)],
        ['width = 52', () => { ui.width = 52; }],
        ['height = 44', () => { ui.height = 44; }],
        ['contentSize = 20 x 60', () => { ui.contentSize = new Size(20, 60); }],
        ['setAnchorPoint(0.1, 0.9)', () => ui.setAnchorPoint(0.1, 0.9)],
        ['anchorX = 0.8', () => { ui.anchorX = 0.8; }],
        ['anchorY = 0.3', () => { ui.anchorY = 0.3; }],
        ['anchorPoint = (1, 0)', () => { ui.anchorPoint = new Vec2(1, 0); }],
        ['setContentSize(8, 8) far away', () => { ui.setContentSize(8, 8); ui.setAnchorPoint(-3, 0.5); }],
        ['back: 36 x 36, anchor 0.5', () => { ui.setContentSize(36, 36); ui.setAnchorPoint(0.5, 0.5); }],
    ];
    await h.frames(2);
    const lines: string[] = [];
    let wantEnters = 1, last = 1;
    for (const [what, set] of steps) {
        set();
        const want = bruteCount(A, B());
        await h.frames(1);
        const c = ca.contactWith(cb);
        const got = c ? c.count : 0;
        const gotB = cb.contactWith(ca)?.count ?? 0;
        lines.push(`${what}: ${got} (brute force ${want})`);
        if (want > 0 && last === 0) wantEnters++;
        last = want;
        checks.check(got === want && gotB === want, `${what}: count ${got} / ${gotB}, brute force ${want}`);
    }
    console.log(lines.join('\n'));
    checks.check(enters === wantEnters, `${enters} enters, expected ${wantEnters} (one at the start, one each time it comes back)`);
    checks.finish('box-change');
}
