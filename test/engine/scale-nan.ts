// Engine entry (run by hand: node ../shared/engine-harness/run.mjs test/engine/scale-nan.ts).
// Scale 0 (a pop-in tween) and a NaN position in the real engine: nothing throws; a collider scaled
// to 0 (both axes, or one) collides with nothing that frame (the pair ends, and enters again when
// the scale comes back); a NaN world position is skipped with ONE warning for as long as it lasts.
// In the web engine only the Vec3 overload of setPosition makes one (setPosition(x, y, z) and
// new Vec3(NaN, ...) store NaN as 0); in the native engine setPosition(NaN, 0, 0) stores the NaN
// too, and node.worldPosition then reads 0 while the world matrix is NaN. Runs in both harnesses
// (node ../shared/native-harness/run.mjs test/engine/scale-nan.ts).
import { director, Vec3 } from 'cc';
import { PixelCollider, PixelIntersection, PixelMasks } from 'db://pixel-collision/runtime/index';
import { Checks, makeFrame, makeSprite, makeTexture, stage } from './lib';

export default async function main(h: { width: number; height: number; native?: boolean; frames(n: number): Promise<void> }) {
    const { canvas } = stage(h.width, h.height);
    const checks = new Checks();
    // The engine's warn() keeps its own console binding: count what the runtime asks to warn.
    const warns: string[] = [];
    const masks = PixelMasks as unknown as { warnOnce(k: string, m: string): void; _warned: Set<string> };
    const warnOnce0 = masks.warnOnce;
    masks.warnOnce = function (k: string, m: string) { if (!masks._warned.has(k)) warns.push(m); warnOnce0.call(PixelMasks, k, m); };
    const errors: string[] = [];
    const error0 = console.error;
    console.error = (...args: unknown[]) => { errors.push(args.map(String).join(' ')); error0.apply(console, args as []); };
    const tex = makeTexture(20, 20, () => 255);
    const a = makeSprite('A', makeFrame(tex), canvas), b = makeSprite('B', makeFrame(tex), canvas);
    const ca = a.node.addComponent(PixelCollider), cb = b.node.addComponent(PixelCollider);
    b.node.setPosition(10, 0, 0);
    const log: string[] = [];
    ca.on('onPixelCollide', (_s, _o, c) => log.push(`enter ${c.count}`));
    ca.on('onPixelCollideEnd', () => log.push('end'));
    await h.frames(2);
    checks.check(log.join(',') === 'enter 200', `start: ${log.join(',')}`);
    const steps: string[] = [];
    const step = async (what: string, f: () => void, want: string, touching: boolean) => {
        log.length = 0;
        f();
        await h.frames(1);
        steps.push(`${what}: [${log.join(',')}] touching ${ca.isTouching(cb)}`);
        checks.check(log.join(',') === want, `${what}: got [${log.join(',')}], want [${want}]`);
        checks.check(ca.isTouching(cb) === touching && PixelIntersection.test(ca, cb) === touching, `${what}: touching ${ca.isTouching(cb)}, PixelIntersection ${PixelIntersection.test(ca, cb)}, want ${touching}`);
    };
    await step('scale 0', () => b.node.setScale(0, 0, 1), 'end', false);
    await step('still 0', () => undefined, '', false);
    await step('scale 1', () => b.node.setScale(1, 1, 1), 'enter 200', true);
    await step('scale x 0', () => b.node.setScale(0, 1, 1), 'end', false);
    await step('scale 0.5', () => b.node.setScale(0.5, 0.5, 1), 'enter 50', true);
    const before = warns.length;
    b.node.setPosition(10, 0, 0);
    b.node.setScale(1, 1, 1);
    await h.frames(1);
    log.length = 0;
    const native = !!(h as { native?: boolean }).native;
    if (native) {
        // The native engine (node.jsb.ts) stores the NaN: the collider must be skipped, warned once.
        await step('setPosition(NaN, 0, 0)', () => b.node.setPosition(NaN, 0, 0), 'end', false);
        checks.check(Number.isNaN(b.node.position.x), `native: setPosition(NaN, 0, 0) stored x = ${b.node.position.x} (NaN expected)`);
        checks.check(Number.isNaN(b.node.worldMatrix.m12), `native: world matrix m12 after setPosition(NaN, 0, 0): ${b.node.worldMatrix.m12}`);
        await step('finite', () => b.node.setPosition(10, 0, 0), 'enter 200', true);
    } else {
        b.node.setPosition(NaN, 0, 0);
        checks.check(b.node.position.x === 0, `setPosition(NaN, 0, 0) stored x = ${b.node.position.x} (the web engine stores 0)`);
    }
    b.node.setPosition(10, 0, 0);
    // new Vec3(NaN, 0, 0) is (0, 0, 0) too (the constructor does `x || 0`): set the field.
    const nan = (y: number) => { const v = new Vec3(0, y, 0); v.x = NaN; return v; };
    checks.check(new Vec3(NaN, 0, 0).x === 0, 'new Vec3(NaN, 0, 0).x is 0 in the engine');
    await step('NaN position', () => b.node.setPosition(nan(0)), 'end', false);
    // The world matrix, what the collider reads (natively worldPosition reads 0 there).
    checks.check(Number.isNaN(b.node.worldMatrix.m12), `world matrix x after setPosition(Vec3 with x NaN): ${b.node.worldMatrix.m12}`);
    await step('NaN again', () => b.node.setPosition(nan(3)), '', false);
    await h.frames(3);
    const nanWarns = warns.slice(before).filter((w) => /NaN/.test(w));
    checks.check(nanWarns.length === 1, `${nanWarns.length} NaN warning(s): ${nanWarns.join(' / ')}`);
    await step('finite again', () => b.node.setPosition(10, 0, 0), 'enter 200', true);
    checks.check(errors.length === 0, `console errors: ${errors.join(' / ')}`);
    console.log(steps.join('\n'));
    console.log(`NaN warning: ${nanWarns[0] ?? '(none)'}; frames ${director.getTotalFrames()}`);
    masks.warnOnce = warnOnce0;
    console.error = error0;
    checks.finish('scale-nan');
}
