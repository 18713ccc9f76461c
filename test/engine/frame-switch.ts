// Engine entry (run by hand: node ../shared/engine-harness/run.mjs test/engine/frame-switch.ts).
// A sprite whose frame changes every frame (an animation: plain, rotated-atlas and trimmed frames of
// one texture, different sizes) while it overlaps another: one Enter, then only Stay, each count
// equal to the brute-force count for the frame shown in that step; a switch to a frame that no
// longer reaches the other ends the pair, and the switch back enters again.
import { Animation, AnimationClip, director, Director } from 'cc';
import type { SpriteFrame } from 'cc';
import { PixelCollider } from 'db://pixel-collision/runtime/index';
import { bruteCount, Checks, makeFrame, makeSprite, makeTexture, stage } from './lib';
import type { Placed } from './lib';

const atlasAlpha = (i: number, j: number) => ((i * 5 + j * 3) % 7 === 0 || Math.hypot(i - 31.5, j - 31.5) > 31 ? 0 : 255);

export default async function main(h: { width: number; height: number; frames(n: number): Promise<void> }) {
    const { canvas } = stage(h.width, h.height);
    const checks = new Checks();
    const tex = makeTexture(64, 64, atlasAlpha);
    // displayed size (w, h) and displayed texel (i, j) -> texture texel
    interface F { sf: SpriteFrame; w: number; h: number; texel: (i: number, j: number) => [number, number] }
    const frames: F[] = [
        { sf: makeFrame(tex, [0, 0, 40, 36]), w: 40, h: 36, texel: (i, j) => [i, j] },
        // rotated in the atlas: displayed 30 x 20, stored as 20 x 30 turned clockwise
        { sf: makeFrame(tex, [20, 10, 30, 20], true), w: 30, h: 20, texel: (i, j) => [20 + 20 - 1 - j, 10 + i] },
        { sf: makeFrame(tex, [8, 30, 24, 30]), w: 24, h: 30, texel: (i, j) => [8 + i, 30 + j] },
        // narrow: does not reach A from where B stands
        { sf: makeFrame(tex, [30, 30, 4, 4]), w: 4, h: 4, texel: (i, j) => [30 + i, 30 + j] },
    ];
    const aTex = makeTexture(48, 48, (i, j) => (Math.hypot(i + 0.5 - 24, j + 0.5 - 24) < 23 ? 255 : 0));
    const A: Placed = { x: 0, y: 0, angle: 0, sx: 1, sy: 1, w: 48, h: 48, opaque: (i, j) => Math.hypot(i + 0.5 - 24, j + 0.5 - 24) < 23 };
    const a = makeSprite('A', makeFrame(aTex), canvas);
    const b = makeSprite('B', frames[0].sf, canvas);
    a.node.addComponent(PixelCollider);
    const cb = b.node.addComponent(PixelCollider);
    b.node.setPosition(30, 5, 0);
    const B = (f: F): Placed => ({ x: 30, y: 5, angle: 0, sx: 1, sy: 1, w: f.w, h: f.h, opaque: (i, j) => atlasAlpha(...f.texel(i, j)) > 0 });
    const log: { frame: number; type: string; count: number }[] = [];
    cb.on('onPixelCollide', (_s, _o, c) => log.push({ frame: director.getTotalFrames(), type: 'enter', count: c.count }));
    cb.on('onPixelCollideStay', (_s, _o, c) => log.push({ frame: director.getTotalFrames(), type: 'stay', count: c.count }));
    cb.on('onPixelCollideEnd', (_s, _o, c) => log.push({ frame: director.getTotalFrames(), type: 'end', count: c.count }));
    const expected = new Map<number, number>();
    let seq: number[] = [], k = 0;
    const sw = () => {
        if (!seq.length) return;
        const f = frames[seq[k++ % seq.length]];
        b.sprite.spriteFrame = f.sf;
        expected.set(director.getTotalFrames(), bruteCount(A, B(f)));
    };
    director.on(Director.EVENT_BEFORE_UPDATE, sw);
    seq = [0, 1, 2]; await h.frames(24);
    const stays = log.filter((e) => e.type === 'stay').length;
    checks.check(log[0]?.type === 'enter' && log.slice(1).every((e) => e.type === 'stay'), `animation: ${log.map((e) => e.type).join(',')}`);
    checks.check(stays >= 22, `animation: ${stays} stays`);
    for (const e of log) checks.check(e.count === expected.get(e.frame), `frame ${e.frame}: ${e.type} count ${e.count}, brute force ${expected.get(e.frame)}`);
    console.log(`animation (3 frames, one rotated in the atlas): ${log.length} events: ${log.map((e) => `${e.type}(${e.count}/${expected.get(e.frame)})`).join(' ')}`);
    log.length = 0;
    seq = [0, 3, 3, 0]; k = 0; await h.frames(8);
    console.log(`to a frame that does not reach A and back: ${log.map((e) => `${e.type}(${e.count})`).join(' ')}`);
    const types = log.map((e) => e.type).join(',');
    checks.check(types === 'stay,end,enter,stay,end,enter', `switch away and back: ${types}`);
    for (const e of log) if (e.type !== 'end') checks.check(e.count === expected.get(e.frame), `frame ${e.frame}: ${e.type} count ${e.count}, brute force ${expected.get(e.frame)}`);
    checks.check(bruteCount(A, B(frames[3])) === 0, 'the narrow frame really misses A');
    director.off(Director.EVENT_BEFORE_UPDATE, sw);

    // Switches now and then, still frames between: a collider reads its sprite only after some
    // sprite's frame changed (the engine's setters are watched), so this is where a missed change
    // would show.
    checks.check((cb as unknown as { _spriteWatched: boolean })._spriteWatched === true, 'the sprite\'s setters are watched in the engine');
    log.length = 0;
    let shown = frames[0];
    b.sprite.spriteFrame = shown.sf;
    const order = [1, 2, 0, 2, 1, 0];
    let n = 0;
    const sometimes = () => {
        if (n % 3 === 2) { shown = frames[order[(n / 3) | 0]]; b.sprite.spriteFrame = shown.sf; }
        else if (n % 5 === 4) b.sprite.spriteFrame = shown.sf; // the same frame again: no change
        n++;
        expected.set(director.getTotalFrames(), bruteCount(A, B(shown)));
    };
    director.on(Director.EVENT_BEFORE_UPDATE, sometimes);
    await h.frames(18);
    director.off(Director.EVENT_BEFORE_UPDATE, sometimes);
    checks.check(log.length >= 16 && log.every((e) => e.type !== 'end'), `switches between still frames: ${log.map((e) => e.type).join(',')}`);
    for (const e of log) checks.check(e.count === expected.get(e.frame), `frame ${e.frame}: ${e.type} count ${e.count}, brute force ${expected.get(e.frame)}`);
    console.log(`switches between still frames: ${log.map((e) => `${e.type}(${e.count}/${expected.get(e.frame)})`).join(' ')}`);

    // An animation clip of sprite frames (the engine's own animation system sets the frame),
    // 20 samples a second, so frames stay for a few steps: each event's count against brute
    // force for the frame the sprite shows when the event arrives.
    const byFrame = new Map(frames.slice(0, 3).map((f) => [f.sf, f]));
    const clip = AnimationClip.createWithSpriteFrames(frames.slice(0, 3).map((f) => f.sf), 20);
    clip.wrapMode = AnimationClip.WrapMode.Loop;
    const anim = b.node.addComponent(Animation);
    anim.defaultClip = clip;
    const seen: { count: number; want: number }[] = [];
    const shownNow = (c: { count: number }) => {
        const f = byFrame.get(b.sprite.spriteFrame as SpriteFrame);
        seen.push({ count: c.count, want: f ? bruteCount(A, B(f)) : -1 });
    };
    cb.on('onPixelCollide', (_s, _o, c) => shownNow(c));
    cb.on('onPixelCollideStay', (_s, _o, c) => shownNow(c));
    anim.play();
    await h.frames(40);
    anim.stop();
    const distinct = new Set(seen.map((e) => e.want)).size;
    checks.check(seen.length >= 38, `animation clip: ${seen.length} events`);
    checks.check(distinct === 3, `animation clip: ${distinct} different frames shown`);
    for (const e of seen) checks.check(e.count === e.want, `animation clip: count ${e.count}, brute force ${e.want}`);
    console.log(`animation clip (20 samples/s): ${seen.map((e) => `${e.count}/${e.want}`).join(' ')}`);
    checks.finish('frame-switch');
}
