// Engine entry (run by hand: node ../shared/engine-harness/run.mjs test/engine/destroy-end.ts).
// A collider that leaves ends its pairs on BOTH sides, in the real engine's order of things
// (node.destroy() -> onDisable at once; deferred destruction before the systems' postUpdate):
//  1. a node destroyed between steps (in a component's update): both sides' listeners get End, the
//     destroyed side with self.isValid false; component methods only on the live node; a game's
//     per-collider touch counter goes back to 0;
//  2. both sides destroyed in the same frame (a bullet and its target): both listeners get End;
//  3. inside a callback: destroy one, disable another's collider, add a new overlapping sprite: the
//     step finishes as decided; next step End on both sides for the two, Enter with the new one;
//  4. a node deactivated: its listeners get End, its component methods do not.
import { _decorator, Component, director } from 'cc';
import type { Node } from 'cc';
import { PixelCollider } from 'db://pixel-collision/runtime/index';
import { Checks, makeFrame, makeSprite, makeTexture, stage } from './lib';

const { ccclass } = _decorator;
const log: string[] = [];
const names = new Map<PixelCollider, string>();
const nm = (c: PixelCollider) => `${names.get(c) ?? '?'}${c.isValid ? '' : '(destroyed)'}`;

@ccclass('EndMethod')
class EndMethod extends Component {
    onPixelCollideEnd(self: PixelCollider, other: PixelCollider) { log.push(`method ${this.node.name}: End ${nm(self)}-${nm(other)}`); }
}

@ccclass('TouchCounter')
class TouchCounter extends Component {
    touches = 0;
    watch(c: PixelCollider) { c.on('onPixelCollide', this.enter, this); c.on('onPixelCollideEnd', this.end, this); }
    enter() { this.touches++; }
    end() { this.touches--; }
}

/** Destroys its node in update when armed (a game's "bullet hits" code). */
@ccclass('SelfDestruct')
class SelfDestruct extends Component {
    armed = false;
    protected override update(): void { if (this.armed) { this.armed = false; this.node.destroy(); } }
}

export default async function main(h: { width: number; height: number; frames(n: number): Promise<void> }) {
    const { canvas } = stage(h.width, h.height);
    const checks = new Checks();
    const tex = makeTexture(16, 16, () => 255);
    const add = (name: string, x: number, y: number): { node: Node; col: PixelCollider } => {
        const s = makeSprite(name, makeFrame(tex), canvas);
        s.node.setPosition(x, y, 0);
        const col = s.node.addComponent(PixelCollider);
        names.set(col, name);
        col.on('onPixelCollide', (a, b) => log.push(`Enter ${nm(a)}-${nm(b)}`));
        col.on('onPixelCollideEnd', (a, b) => log.push(`End ${nm(a)}-${nm(b)}`));
        s.node.addComponent(EndMethod);
        return { node: s.node, col };
    };
    const manager = canvas.addComponent(TouchCounter);

    // 1. destroyed between steps, in update
    const A = add('A', -300, 200), B = add('B', -292, 200);
    manager.watch(A.col); manager.watch(B.col);
    const bomb = B.node.addComponent(SelfDestruct);
    await h.frames(2);
    checks.check(log.join('|') === 'Enter A-B|Enter B-A', `1. before: ${log.join('|')}`);
    checks.check(manager.touches === 2, `1. touches ${manager.touches} before`);
    log.length = 0;
    let invalidSeen = false;
    B.col.on('onPixelCollideEnd', (self) => { invalidSeen = !self.isValid; });
    bomb.armed = true;
    await h.frames(1);
    checks.check(!B.col.isValid, '1. B is destroyed by the step');
    checks.check(log.join('|') === 'End A-B(destroyed)|method A: End A-B(destroyed)|End B(destroyed)-A', `1. got ${log.join('|')}`);
    checks.check(invalidSeen, '1. B\'s listener saw self.isValid false');
    checks.check(manager.touches === 0, `1. touches ${manager.touches} after (a leak if not 0)`);
    checks.check(A.col.contactCount === 0, `1. A.contactCount ${A.col.contactCount}`);
    console.log(`1. destroyed in update: ${log.join(' | ')}; touches ${manager.touches}`);
    log.length = 0;
    await h.frames(2);
    checks.check(log.length === 0, `1. later: ${log.join('|')}`);

    // 2. both destroyed in the same frame
    const C = add('C', 0, 200), D = add('D', 8, 200);
    manager.watch(C.col); manager.watch(D.col);
    await h.frames(2);
    log.length = 0;
    C.node.destroy(); D.node.destroy();
    await h.frames(1);
    checks.check(log.join('|') === 'End C(destroyed)-D(destroyed)|End D(destroyed)-C(destroyed)', `2. got ${log.join('|')}`);
    checks.check(manager.touches === 0, `2. touches ${manager.touches}`);
    console.log(`2. both destroyed: ${log.join(' | ')}; touches ${manager.touches}`);
    log.length = 0;

    // 3. inside a callback
    const E = add('E', 300, 0), F = add('F', 308, 0), G = add('G', 292, 0);
    const added: { H: { node: Node; col: PixelCollider } | null } = { H: null };
    E.col.once('onPixelCollide', (_s, o) => {
        if (o !== F.col) return;
        F.node.destroy();
        G.col.enabled = false;
        added.H = add('H', 300, 6);
    });
    await h.frames(1);
    const first = log.filter((e) => e.startsWith('Enter')).sort().join('|');
    checks.check(first === 'Enter E-F|Enter E-G|Enter F-E|Enter G-E', `3. first step: ${first}`);
    log.length = 0;
    await h.frames(1);
    const second = log.slice().sort().join('|');
    checks.check(second === ['End E-F(destroyed)', 'End E-G', 'End F(destroyed)-E', 'End G-E', 'Enter E-H', 'Enter H-E', 'method E: End E-F(destroyed)', 'method E: End E-G', 'method G: End G-E'].join('|'), `3. next step: ${second}`);
    const H = added.H;
    checks.check(H !== null && E.col.isTouching(H.col) && E.col.contactCount === 1, `3. E touches ${E.col.touching.map(nm).join(',')}`);
    console.log(`3. in a callback, next step: ${log.join(' | ')}`);
    log.length = 0;

    // 4. deactivated node
    const I = add('I', -300, -200), J = add('J', -292, -200);
    await h.frames(2);
    log.length = 0;
    J.node.active = false;
    await h.frames(1);
    checks.check(log.join('|') === 'End I-J|method I: End I-J|End J-I', `4. got ${log.join('|')}`);
    console.log(`4. deactivated: ${log.join(' | ')}`);
    checks.check(director.getScene() !== null && I.col.contactCount === 0, '4. I has no contact left');
    checks.finish('destroy-end');
}
