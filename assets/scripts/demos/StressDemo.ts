/**
 * Stress demo (demos/stress.scene): hundreds to thousands of rocks drift and spin, every one a
 * PIXELS PixelCollider; an overlay shows the frame rate, the collision step's time per frame
 * (averaged: the browser's clock is coarse) and the contacts. Switch how pairs are decided:
 * 1 = CPU bit masks, 2 = GPU (WebGL2), 3 = bounds only (no per-pixel test); + / - change the count;
 * a click or tap cycles the mode.
 *
 * The rock template is a scene node with its PixelCollider set in the Inspector; the frames come
 * from the rocks folder's Auto Atlas.
 */
import {
    _decorator, Component, EventKeyboard, input, Input, instantiate, KeyCode, Label, Node, Sprite, SpriteFrame,
} from 'cc';
import { CollisionSystem, NarrowMode, PixelCollider } from 'db://pixel-collision/runtime/index';
import { nextStressMode, RollingAverage, wrapCoord } from './demo-logic';
import type { StressMode } from './demo-logic';

const { ccclass, property, menu } = _decorator;

interface Mover { node: Node; collider: PixelCollider; vx: number; vy: number; spin: number }

const MODE_OF: Record<StressMode, NarrowMode> = { CPU: NarrowMode.CPU, GPU: NarrowMode.GPU, BOUNDS: NarrowMode.BOUNDS };

@ccclass('StressDemo')
@menu('PixelCollision Demos/StressDemo')
export class StressDemo extends Component {
    @property({ type: Node, tooltip: 'An inactive rock (Sprite + PixelCollider) to copy.' })
    template: Node | null = null;

    @property({ type: [SpriteFrame], tooltip: 'The rock frames (the Auto Atlas folder\'s).' })
    frames: SpriteFrame[] = [];

    @property({ type: Label, tooltip: 'The overlay: FPS, collision time, contacts.' })
    overlay: Label | null = null;

    @property({ tooltip: 'Rocks at start.' })
    count = 600;

    @property({ tooltip: 'Upper limit for + .' })
    maxCount = 3000;

    /** The current mode. */
    mode: StressMode = 'CPU';
    /** Begin-contact events since start. */
    events = 0;
    /** Collision steps timed since start. */
    steps = 0;
    /** Mean collision step time over the last 60 frames, ms. */
    get collisionMs(): number { return this._stepMs.mean; }
    get fps(): number { const f = this._frameMs.mean; return f > 0 ? 1000 / f : 0; }
    get movers(): number { return this._movers.length; }

    private readonly _movers: Mover[] = [];
    private readonly _stepMs = new RollingAverage(60);
    private readonly _frameMs = new RollingAverage(60);
    private _seed = 12345;
    private _lastText = 0;
    private _systemWasEnabled = true;

    protected override start(): void {
        if (this.template) this.template.active = false;
        this.setCount(this.count);
        this.setMode(this.mode);
    }

    protected override onEnable(): void {
        // This component runs the collision step itself (lateUpdate) to time it.
        const sys = CollisionSystem.instance;
        this._systemWasEnabled = sys.enabled;
        sys.enabled = false;
        input.on(Input.EventType.KEY_DOWN, this._onKey, this);
        input.on(Input.EventType.TOUCH_START, this._onTouch, this);
    }

    protected override onDisable(): void {
        CollisionSystem.instance.enabled = this._systemWasEnabled;
        input.off(Input.EventType.KEY_DOWN, this._onKey, this);
        input.off(Input.EventType.TOUCH_START, this._onTouch, this);
    }

    /** Sets how every rock's pairs are decided. */
    setMode(m: StressMode): void {
        this.mode = m;
        const narrow = MODE_OF[m];
        for (const mv of this._movers) mv.collider.mode = narrow;
        this._refreshText(true);
    }

    /** Adds or removes rocks until there are `n`. */
    setCount(n: number): void {
        const tpl = this.template;
        if (!tpl || !tpl.parent) return;
        n = Math.max(0, Math.min(this.maxCount, Math.floor(n)));
        while (this._movers.length > n) this._movers.pop()!.node.destroy();
        const narrow = MODE_OF[this.mode];
        while (this._movers.length < n) {
            const node = instantiate(tpl);
            const sprite = node.getComponent(Sprite);
            if (sprite && this.frames.length) sprite.spriteFrame = this.frames[Math.floor(this._rand() * this.frames.length)];
            node.setPosition((this._rand() - 0.5) * 960, (this._rand() - 0.5) * 640, 0);
            node.angle = this._rand() * 360;
            const s = 0.6 + this._rand() * 0.7;
            node.setScale(this._rand() < 0.5 ? -s : s, s, 1);
            node.active = true;
            tpl.parent.addChild(node);
            const collider = node.getComponent(PixelCollider)!;
            collider.mode = narrow;
            collider.on('onPixelCollide', this._onBegin, this);
            const a = this._rand() * Math.PI * 2, v = 30 + this._rand() * 90;
            this._movers.push({ node, collider, vx: Math.cos(a) * v, vy: Math.sin(a) * v, spin: (this._rand() - 0.5) * 240 });
        }
        this._refreshText(true);
    }

    protected override update(dt: number): void {
        this._frameMs.push(dt * 1000);
        for (const m of this._movers) {
            const p = m.node.position;
            m.node.setPosition(wrapCoord(p.x + m.vx * dt, 480, 24), wrapCoord(p.y + m.vy * dt, 320, 24), 0);
            m.node.angle += m.spin * dt;
        }
    }

    protected override lateUpdate(): void {
        const t0 = performance.now();
        CollisionSystem.instance.step();
        this._stepMs.push(performance.now() - t0);
        this.steps++;
        this._refreshText(false);
    }

    private _onBegin(): void {
        this.events++;
    }

    private _refreshText(now: boolean): void {
        const t = performance.now();
        if (!this.overlay || (!now && t - this._lastText < 250)) return;
        this._lastText = t;
        let contacts = 0;
        for (const m of this._movers) contacts += m.collider.contactCount;
        const sys = CollisionSystem.instance;
        const gpu = this.mode === 'GPU' ? `  (GPU ${sys.gpuStatus === 'unavailable' ? 'not available here: CPU' : sys.gpuStatus})` : '';
        this.overlay.string = `${this._movers.length} sprites   ${this.fps.toFixed(0)} FPS   collision ${this.collisionMs.toFixed(2)} ms/frame\n`
            + `mode ${this.mode}${gpu}   ${contacts / 2} touching pairs   ${this.events} begin events`;
    }

    private _rand(): number {
        // xorshift: the same field of rocks every run
        let x = this._seed;
        x ^= x << 13; x ^= x >>> 17; x ^= x << 5;
        this._seed = x >>> 0;
        return this._seed / 4294967296;
    }

    private _onKey(e: EventKeyboard): void {
        switch (e.keyCode) {
            case KeyCode.DIGIT_1: case KeyCode.NUM_1: this.setMode('CPU'); break;
            case KeyCode.DIGIT_2: case KeyCode.NUM_2: this.setMode('GPU'); break;
            case KeyCode.DIGIT_3: case KeyCode.NUM_3: this.setMode('BOUNDS'); break;
            case KeyCode.EQUAL: case KeyCode.NUM_PLUS: this.setCount(this._movers.length + 200); break;
            case KeyCode.DASH: case KeyCode.NUM_SUBTRACT: this.setCount(this._movers.length - 200); break;
            default: break;
        }
    }

    private _onTouch(): void {
        this.setMode(nextStressMode(this.mode));
    }
}
