// Engine entry (run by hand: node ../shared/engine-harness/run.mjs test/engine/meet-part.ts).
// Two sprites meet and part, upright and then rotated / flipped / scaled: enter, stay and end on both
// sides, through both ways of listening (collider.on and component methods), each event once per
// side and way, even for a component that also registers its own method with collider.on; counts
// equal to an independent brute-force count of the definition; PixelIntersection.test gives the
// same contact right after the step, without a step of its own.
import { _decorator, Component, director, Director } from 'cc';
import { CollisionSystem, PixelCollider, PixelContact, PixelIntersection } from 'db://pixel-collision/runtime/index';
import { barAlpha, bruteCount, Checks, makeFrame, makeSprite, makeTexture, ringAlpha, stage } from './lib';
import type { Placed } from './lib';

const { ccclass } = _decorator;
interface Ev { frame: number; via: string; type: string; self: string; other: string; count: number; nx: number; ny: number }
const events: Ev[] = [];
const label = (p: PixelCollider) => (p.isValid ? p.node.name : 'destroyed');
function rec(via: string, type: string, self: PixelCollider, other: PixelCollider, c: PixelContact): void {
    events.push({ frame: director.getTotalFrames(), via, type, self: label(self), other: label(other), count: c.count, nx: c.normal.x, ny: c.normal.y });
}

@ccclass('MeetMethods')
class MeetMethods extends Component {
    onPixelCollide(s: PixelCollider, o: PixelCollider, c: PixelContact) { rec('method', 'enter', s, o, c); }
    onPixelCollideStay(s: PixelCollider, o: PixelCollider, c: PixelContact) { rec('method', 'stay', s, o, c); }
    onPixelCollideEnd(s: PixelCollider, o: PixelCollider, c: PixelContact) { rec('method', 'end', s, o, c); }
}

/** The usual Cocos 3.x pattern: a method that is also registered with collider.on(type, this.method, this). */
@ccclass('MeetBoth')
class MeetBoth extends Component {
    onPixelCollide(s: PixelCollider, o: PixelCollider, c: PixelContact) { rec('both', 'enter', s, o, c); }
    onPixelCollideEnd(s: PixelCollider, o: PixelCollider, c: PixelContact) { rec('both', 'end', s, o, c); }
    protected override start(): void {
        const col = this.getComponent(PixelCollider)!;
        col.on('onPixelCollide', this.onPixelCollide, this);
        col.on('onPixelCollideEnd', this.onPixelCollideEnd, this);
    }
}

export default async function main(h: { width: number; height: number; frames(n: number): Promise<void> }) {
    const { canvas } = stage(h.width, h.height);
    const checks = new Checks();
    const A: Placed = { x: 0, y: 0, angle: 0, sx: 1, sy: 1, w: 40, h: 40, opaque: () => false };
    const B: Placed = { x: 70, y: 6, angle: 0, sx: 1, sy: 1, w: 24, h: 30, opaque: () => false };
    const aAlpha = ringAlpha(40, 40), bAlpha = barAlpha(24, 30);
    A.opaque = (i, j) => aAlpha(i, j) > 0;
    B.opaque = (i, j) => bAlpha(i, j) > 0;
    const a = makeSprite('A', makeFrame(makeTexture(40, 40, aAlpha)), canvas);
    const b = makeSprite('B', makeFrame(makeTexture(24, 30, bAlpha)), canvas);
    const ca = a.node.addComponent(PixelCollider), cb = b.node.addComponent(PixelCollider);
    for (const n of [a.node, b.node]) { n.addComponent(MeetMethods); n.addComponent(MeetBoth); }
    for (const c of [ca, cb]) {
        c.on('onPixelCollide', (s, o, k) => rec('on', 'enter', s, o, k));
        c.on('onPixelCollideStay', (s, o, k) => rec('on', 'stay', s, o, k));
        c.on('onPixelCollideEnd', (s, o, k) => rec('on', 'end', s, o, k));
    }
    const place = () => {
        a.node.setPosition(A.x, A.y, 0); a.node.setRotationFromEuler(0, 0, A.angle); a.node.setScale(A.sx, A.sy, 1);
        b.node.setPosition(B.x, B.y, 0); b.node.setRotationFromEuler(0, 0, B.angle); b.node.setScale(B.sx, B.sy, 1);
    };
    place();
    const expected = new Map<number, number>();
    const intersection = new Map<number, number>();
    let phase = 0, t = 0;
    const analyse = (phaseName: string) => {
        // Per frame: one event per side per way, the same type and count on both sides, the brute-force count.
        const frames = [...new Set(events.map((e) => e.frame))].sort((x, y) => x - y);
        let state = 'none', compared = 0;
        for (const f of frames) {
            const evs = events.filter((e) => e.frame === f);
            for (const via of ['on', 'method']) {
                const ea = evs.filter((e) => e.via === via && e.self === 'A'), eb = evs.filter((e) => e.via === via && e.self === 'B');
                checks.check(ea.length === 1 && eb.length === 1, `frame ${f} ${via}: ${ea.length} event(s) for A, ${eb.length} for B`);
                if (ea.length !== 1 || eb.length !== 1) continue;
                checks.check(ea[0].type === eb[0].type && ea[0].count === eb[0].count, `frame ${f} ${via}: A ${ea[0].type} ${ea[0].count}, B ${eb[0].type} ${eb[0].count}`);
                checks.check(Math.abs(ea[0].nx + eb[0].nx) < 1e-12 && Math.abs(ea[0].ny + eb[0].ny) < 1e-12, `frame ${f}: normals not opposite`);
                const exp = expected.get(f);
                if (ea[0].type !== 'end' && exp !== undefined) { checks.check(ea[0].count === exp, `frame ${f}: count ${ea[0].count}, brute force ${exp}`); compared++; }
                if (via === 'on') {
                    const want = state === 'none' ? 'enter' : ea[0].type === 'end' ? 'end' : 'stay';
                    checks.check(ea[0].type === want, `frame ${f}: ${ea[0].type} after ${state}`);
                    state = ea[0].type === 'end' ? 'none' : ea[0].type;
                }
            }
            // the component with both ways: enter / end once per side
            for (const self of ['A', 'B']) {
                const both = evs.filter((e) => e.via === 'both' && e.self === self);
                const want = evs.filter((e) => e.via === 'on' && e.self === self && e.type !== 'stay').length;
                checks.check(both.length === want, `frame ${f}: the method also registered with on() ran ${both.length} time(s) on ${self}, want ${want}`);
            }
        }
        for (const [f, exp] of expected) {
            const got = events.find((e) => e.frame === f && e.via === 'on' && e.self === 'A' && e.type !== 'end');
            checks.check((got ? got.count : 0) === exp, `frame ${f}: system ${got ? got.count : 0}, brute force ${exp}`);
            checks.check(intersection.get(f) === exp, `frame ${f}: PixelIntersection.test ${intersection.get(f)}, brute force ${exp}`);
        }
        const n = (type: string) => events.filter((e) => e.via === 'on' && e.self === 'A' && e.type === type).length;
        checks.check(n('enter') === 1 && n('end') === 1 && n('stay') > 5, `${phaseName}: enter ${n('enter')}, stay ${n('stay')}, end ${n('end')}`);
        console.log(`${phaseName}: A enter ${n('enter')} stay ${n('stay')} end ${n('end')}; counts compared with brute force: ${compared} events, ${expected.size} frames; system frame ${CollisionSystem.instance.frame}`);
        console.log(`${phaseName} counts: ${[...expected.values()].join(' ')}`);
    };
    const move = () => {
        if (phase === 0) return;
        t++;
        if (phase === 1) { B.x -= 5; }
        else { A.angle = 17; A.sx = -1.25; A.sy = 0.9; B.x -= 4.3; B.y = 3.7; B.angle = 30 + 11 * t; B.sx = 1.5; B.sy = -1; }
        place();
        expected.set(director.getTotalFrames(), bruteCount(A, B));
    };
    const afterStep = () => {
        if (phase === 0) return;
        const out = new PixelContact();
        intersection.set(director.getTotalFrames(), PixelIntersection.test(ca, cb, out) ? out.count : 0);
    };
    director.on(Director.EVENT_BEFORE_UPDATE, move);
    director.on(Director.EVENT_BEFORE_DRAW, afterStep);
    await h.frames(2);
    checks.check(events.length === 0, `${events.length} events before anything moved`);
    phase = 1; await h.frames(30);
    phase = 0; B.x = 80; B.y = 0; t = 0; place(); await h.frames(3);
    analyse('upright phase');
    events.length = 0; expected.clear(); intersection.clear();
    phase = 2; await h.frames(36);
    phase = 0; B.x = -200; place(); await h.frames(2);
    director.off(Director.EVENT_BEFORE_UPDATE, move);
    director.off(Director.EVENT_BEFORE_DRAW, afterStep);
    analyse('rotated phase');

    checks.finish('meet-part');
}
