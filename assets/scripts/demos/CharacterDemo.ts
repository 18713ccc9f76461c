/**
 * Character demo (demos/character.scene): two knights, one Spine skeleton (the second a mirrored,
 * tinted copy), walk to and fro swinging their swords. Each has a PIXELS PixelCollider on its
 * sp.Skeleton node, so it collides with exactly what it draws this frame: the swinging sword, the
 * striding legs, the cape. A crate a knight touches is knocked away; a coin it touches (the sword
 * reaches the high ones) is collected and comes back later; when the two knights touch, both play
 * their attack and turn away from each other.
 *
 * Both knights have Pixel Touch on: a click on a knight's pixels makes it jump; a click on its
 * transparent parts (between the legs, around the sword) goes through to the World node behind,
 * which drops a coin there.
 *
 * Every node is set in the scene (colliders set in the Inspector); this component moves them.
 */
import { _decorator, Component, EventTouch, Label, Node, UITransform, Vec3 } from 'cc';
import type { sp } from 'cc';
import { PixelCollider } from 'db://pixel-collision/runtime/index';
import { awayFrom, knockProp, stepProp, stepWalker } from './demo-logic';
import type { SideBody } from './demo-logic';

const { ccclass, property, menu } = _decorator;

/** Seconds a collected coin stays away. */
const COIN_AWAY = 2.5;
/** Category bits: knights look for knights and props; props (crates, coins) only for knights. */
const KNIGHT = 1 << 1, PROP = 1 << 2;

interface Knight { collider: PixelCollider; body: SideBody; dir: 1 | -1; coins: number }

@ccclass('CharacterDemo')
@menu('PixelCollision Demos/CharacterDemo')
export class CharacterDemo extends Component {
    @property({ type: PixelCollider, tooltip: 'The first knight (a PIXELS collider on an sp.Skeleton).' })
    hero: PixelCollider | null = null;

    @property({ type: PixelCollider, tooltip: 'The second knight: the same skeleton, mirrored.' })
    rival: PixelCollider | null = null;

    @property({ type: [PixelCollider], tooltip: 'Crates the knights knock away.' })
    crates: PixelCollider[] = [];

    @property({ type: [PixelCollider], tooltip: 'Coins the knights collect.' })
    coins: PixelCollider[] = [];

    @property({ type: Label, tooltip: 'Shows the counts.' })
    scoreLabel: Label | null = null;

    @property({ tooltip: 'Walking speed, px per second.' })
    walkSpeed = 70;

    @property({ tooltip: 'Speed of a jump, px per second.' })
    jumpSpeed = 430;

    @property({ tooltip: 'Gravity, px per second squared.' })
    gravity = 1100;

    @property({ tooltip: 'The knights turn round at x = ±halfWidth (the World node\'s space).' })
    halfWidth = 420;

    /** Crates knocked, times the knights met, jumps, clicks that went through to the World. */
    knocks = 0;
    clashes = 0;
    jumps = 0;
    drops = 0;

    private readonly _knights: Knight[] = [];
    private readonly _crates: SideBody[] = [];
    private readonly _crateFloor: number[] = [];
    private readonly _crateMoving: boolean[] = [];
    private readonly _coinHome: Vec3[] = [];
    private readonly _coinAway: number[] = [];
    private readonly _ui = new Vec3();
    private readonly _local = new Vec3();
    private _groundY = 0;
    private _nextDrop = 0;
    private _dirty = true;

    /** Coins the hero and the rival collected. */
    get heroCoins(): number { return this._knights[0]?.coins ?? 0; }
    get rivalCoins(): number { return this._knights[1]?.coins ?? 0; }

    protected override start(): void {
        for (const c of [this.hero, this.rival]) {
            if (!c) continue;
            const p = c.node.position;
            this._groundY = p.y;
            this._knights.push({ collider: c, body: { x: p.x, y: p.y, vx: 0, vy: 0, angle: 0, spin: 0 }, dir: c.node.scale.x < 0 ? -1 : 1, coins: 0 });
            c.categoryBits = KNIGHT;
            c.maskBits = KNIGHT | PROP;
            c.on('onPixelCollide', this._onTouch, this);
            c.node.on(Node.EventType.TOUCH_START, this._onClickKnight, this);
        }
        for (const c of [...this.crates, ...this.coins]) { c.categoryBits = PROP; c.maskBits = KNIGHT; }
        for (const c of this.crates) {
            const p = c.node.position;
            this._crates.push({ x: p.x, y: p.y, vx: 0, vy: 0, angle: c.node.angle, spin: 0 });
            this._crateFloor.push(p.y);
            this._crateMoving.push(false);
        }
        for (const c of this.coins) {
            this._coinHome.push(c.node.position.clone());
            this._coinAway.push(0);
        }
        this.node.on(Node.EventType.TOUCH_START, this._onClickWorld, this);
        this._updateLabel();
    }

    protected override onDestroy(): void {
        for (const k of this._knights) {
            if (!k.collider.isValid) continue;
            k.collider.off('onPixelCollide', this._onTouch, this);
            k.collider.node.off(Node.EventType.TOUCH_START, this._onClickKnight, this);
        }
        this.node.off(Node.EventType.TOUCH_START, this._onClickWorld, this);
    }

    protected override update(dt: number): void {
        for (let i = 0; i < this._knights.length; i++) {
            const k = this._knights[i];
            k.dir = stepWalker(k.body, k.dir, dt, this.walkSpeed, this.gravity, this._groundY, this.halfWidth);
            const n = k.collider.node, s = n.scale;
            n.setPosition(k.body.x, k.body.y, 0);
            if (Math.sign(s.x) !== k.dir) n.setScale(k.dir * Math.abs(s.x), s.y, s.z);
        }
        for (let i = 0; i < this._crates.length; i++) {
            if (!this._crateMoving[i]) continue;
            const b = this._crates[i];
            this._crateMoving[i] = stepProp(b, dt, this.gravity, this._crateFloor[i], this.halfWidth + 20);
            const n = this.crates[i].node;
            n.setPosition(b.x, b.y, 0);
            n.angle = b.angle;
        }
        for (let i = 0; i < this._coinAway.length; i++) {
            if (this._coinAway[i] <= 0) continue;
            this._coinAway[i] -= dt;
            if (this._coinAway[i] <= 0) {
                const n = this.coins[i].node;
                n.setPosition(this._coinHome[i]);
                n.active = true;
            }
        }
        if (this._dirty) this._updateLabel();
    }

    /** Makes knight 0 (hero) or 1 (rival) jump, when it stands on the ground. */
    jump(index: number): boolean {
        const k = this._knights[index];
        if (!k || k.body.y > this._groundY || k.body.vy > 0) return false;
        k.body.vy = this.jumpSpeed;
        this.jumps++;
        this._dirty = true;
        return true;
    }

    /** Drops a coin at (x, y) of the World node: a hidden one if any, else the next in turn. */
    dropCoin(x: number, y: number): void {
        const n = this.coins.length;
        if (!n) return;
        let i = -1;
        for (let j = 0; j < n && i < 0; j++) if (this._coinAway[j] > 0) i = j;
        if (i < 0) { i = this._nextDrop; this._nextDrop = (this._nextDrop + 1) % n; }
        this._coinAway[i] = 0;
        const node = this.coins[i].node;
        node.setPosition(x, y, 0);
        node.active = true;
        this.drops++;
        this._dirty = true;
    }

    private _onTouch(self: PixelCollider, other: PixelCollider): void {
        const k = this._knightOf(self);
        if (!k) return;
        const crate = this.crates.indexOf(other);
        if (crate >= 0) {
            knockProp(this._crates[crate], k.body.x, 300, 380);
            this._crateMoving[crate] = true;
            this.knocks++;
        } else if (this.coins.indexOf(other) >= 0) {
            const i = this.coins.indexOf(other);
            if (!other.node.active) return; // the other knight took it in this same step
            other.node.active = false;
            this._coinAway[i] = COIN_AWAY;
            k.coins++;
        } else {
            const o = this._knightOf(other);
            if (!o) return;
            // Each side gets the event: each knight turns away and strikes; count the meeting once.
            k.dir = awayFrom(k.body.x, o.body.x);
            const skel = self.getComponent('sp.Skeleton') as sp.Skeleton | null;
            if (skel) {
                skel.setAnimation(0, 'attack', false);
                skel.addAnimation(0, 'walk', true, 0);
            }
            if (k === this._knights[0]) this.clashes++;
        }
        this._dirty = true;
    }

    private _onClickKnight(e: EventTouch): void {
        e.propagationStopped = true;
        for (let i = 0; i < this._knights.length; i++) if (this._knights[i].collider.node === e.currentTarget) this.jump(i);
    }

    private _onClickWorld(e: EventTouch): void {
        const ui = this.getComponent(UITransform);
        if (!ui) return;
        const p = e.getUILocation();
        ui.convertToNodeSpaceAR(this._ui.set(p.x, p.y, 0), this._local);
        this.dropCoin(this._local.x, this._local.y);
    }

    private _knightOf(c: PixelCollider): Knight | null {
        for (let i = 0; i < this._knights.length; i++) if (this._knights[i].collider === c) return this._knights[i];
        return null;
    }

    private _updateLabel(): void {
        this._dirty = false;
        if (this.scoreLabel) {
            this.scoreLabel.string = `Coins: hero ${this.heroCoins}, rival ${this.rivalCoins}    crates knocked ${this.knocks}    meetings ${this.clashes}`;
        }
    }
}
