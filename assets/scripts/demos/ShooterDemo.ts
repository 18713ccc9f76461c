/**
 * Shooter demo (demos/shooter.scene): the player's ship fires fast bullets at irregular enemy ships
 * that spin and flip; a bullet hits only where a ship has opaque pixels (through the holes in its
 * wings and the saucer's ring it flies on). Bullets move 40 px a frame, more than twice their
 * length: each move is a swept test (`CollisionSystem.sweep`), so they never pass through a wing.
 *
 * The ships, the player and the bullet template are scene nodes with a PixelCollider set in the
 * Inspector; this component moves them, spawns bullets from the template and keeps the score.
 */
import {
    _decorator, Color, Component, EventKeyboard, EventTouch, input, Input, instantiate, KeyCode, Label, Node, Sprite,
} from 'cc';
import { CollisionSystem, PixelCollider, PixelSweepHit } from 'db://pixel-collision/runtime/index';
import { flashAmount, shipPose } from './demo-logic';
import type { ShipPose } from './demo-logic';

const { ccclass, property, menu } = _decorator;

/** Category bits: bullets look only for enemies; the player's ship takes no part. */
const ENEMY = 1 << 1, BULLET = 1 << 2, PLAYER = 1 << 3;
const WHITE = new Color(255, 255, 255, 255);
const HOT = new Color(255, 80, 60, 255);

@ccclass('ShooterDemo')
@menu('PixelCollision Demos/ShooterDemo')
export class ShooterDemo extends Component {
    @property({ type: PixelCollider, tooltip: 'The player\'s ship.' })
    player: PixelCollider | null = null;

    @property({ type: [PixelCollider], tooltip: 'The enemy ships (each with a PIXELS collider).' })
    enemies: PixelCollider[] = [];

    @property({ type: Node, tooltip: 'An inactive bullet node (Sprite + PixelCollider) to copy.' })
    bulletTemplate: Node | null = null;

    @property({ type: Label, tooltip: 'Shows the score.' })
    scoreLabel: Label | null = null;

    @property({ tooltip: 'Bullet speed, px per second (2400 = 40 px a frame at 60 fps).' })
    bulletSpeed = 2400;

    @property({ tooltip: 'Seconds between shots.' })
    fireInterval = 0.1;

    @property({ tooltip: 'Player speed, px per second.' })
    playerSpeed = 480;

    @property({ tooltip: 'Fire without holding a key.' })
    autoFire = true;

    /** Hits so far. */
    score = 0;
    /** Bullets fired so far. */
    shots = 0;
    /** Bullets whose move crossed a ship's pixels in one frame (a plain overlap test at the end of the move would have missed them). */
    tunnelSaves = 0;

    private readonly _live: Node[] = [];
    private readonly _pool: Node[] = [];
    private readonly _homes: { x: number; y: number }[] = [];
    private readonly _lastHit: number[] = [];
    private readonly _pose: ShipPose = { x: 0, y: 0, angle: 0, flipX: false };
    private readonly _hit = new PixelSweepHit();
    private readonly _tint = new Color();
    private _time = 0;
    private _cool = 0;
    private _axis = 0;
    private _left = false;
    private _right = false;
    private _firing = false;
    private _touchX: number | null = null;

    protected override start(): void {
        for (let i = 0; i < this.enemies.length; i++) {
            const e = this.enemies[i];
            e.categoryBits = ENEMY;
            e.maskBits = BULLET;
            this._homes.push({ x: e.node.position.x, y: e.node.position.y });
            this._lastHit.push(-1);
        }
        if (this.player) { this.player.categoryBits = PLAYER; this.player.maskBits = 0; }
        if (this.bulletTemplate) this.bulletTemplate.active = false;
        this._updateScore();
    }

    protected override onEnable(): void {
        input.on(Input.EventType.KEY_DOWN, this._onKey, this);
        input.on(Input.EventType.KEY_UP, this._onKey, this);
        input.on(Input.EventType.TOUCH_START, this._onTouch, this);
        input.on(Input.EventType.TOUCH_MOVE, this._onTouch, this);
        input.on(Input.EventType.TOUCH_END, this._onTouchEnd, this);
        input.on(Input.EventType.TOUCH_CANCEL, this._onTouchEnd, this);
    }

    protected override onDisable(): void {
        input.off(Input.EventType.KEY_DOWN, this._onKey, this);
        input.off(Input.EventType.KEY_UP, this._onKey, this);
        input.off(Input.EventType.TOUCH_START, this._onTouch, this);
        input.off(Input.EventType.TOUCH_MOVE, this._onTouch, this);
        input.off(Input.EventType.TOUCH_END, this._onTouchEnd, this);
        input.off(Input.EventType.TOUCH_CANCEL, this._onTouchEnd, this);
    }

    /** Steers the player: -1 left, 0 still, 1 right (keys do this). */
    setAxis(x: number): void { this._axis = Math.max(-1, Math.min(1, x)); }

    protected override update(dt: number): void {
        this._time += dt;
        this._moveShips();
        this._movePlayer(dt);
        this._cool -= dt;
        if ((this.autoFire || this._firing) && this._cool <= 0 && this.player) {
            this._cool = this.fireInterval;
            this.fire();
        }
        this._moveBullets(dt);
    }

    /** Fires one bullet from the player's nose. */
    fire(): Node | null {
        const tpl = this.bulletTemplate, player = this.player;
        if (!tpl || !player) return null;
        const b = this._pool.pop() ?? instantiate(tpl);
        if (!b.parent) tpl.parent!.addChild(b);
        const p = player.node.position;
        b.setPosition(p.x, p.y + 30, p.z);
        b.active = true;
        const c = b.getComponent(PixelCollider);
        if (c) { c.categoryBits = BULLET; c.maskBits = ENEMY; }
        this._live.push(b);
        this.shots++;
        return b;
    }

    private _moveShips(): void {
        for (let i = 0; i < this.enemies.length; i++) {
            const e = this.enemies[i], home = this._homes[i];
            const pose = shipPose(i, home.x, home.y, this._time, this._pose);
            e.node.setPosition(pose.x, pose.y, 0);
            e.node.angle = pose.angle;
            const s = e.node.scale;
            e.node.setScale(pose.flipX ? -Math.abs(s.x) : Math.abs(s.x), s.y, s.z);
            const f = flashAmount(this._time - this._lastHit[i]);
            const sprite = e.getComponent(Sprite);
            if (sprite) sprite.color = Color.lerp(this._tint, WHITE, HOT, f);
        }
    }

    private _movePlayer(dt: number): void {
        const player = this.player;
        if (!player) return;
        const p = player.node.position;
        let x = p.x;
        const keys = (this._right ? 1 : 0) - (this._left ? 1 : 0);
        const axis = keys !== 0 ? keys : this._axis;
        if (this._touchX !== null) {
            const step = this.playerSpeed * dt;
            x += Math.max(-step, Math.min(step, this._touchX - x));
        } else {
            x += axis * this.playerSpeed * dt;
        }
        x = Math.max(-440, Math.min(440, x));
        player.node.setPosition(x, p.y, p.z);
    }

    private _moveBullets(dt: number): void {
        const sys = CollisionSystem.instance, dy = this.bulletSpeed * dt;
        for (let k = this._live.length - 1; k >= 0; k--) {
            const b = this._live[k];
            const c = b.getComponent(PixelCollider);
            const p = b.position;
            const hit = c ? sys.sweep(c, 0, dy, this._hit) : null;
            const i = hit && hit.collider ? this.enemies.indexOf(hit.collider) : -1;
            if (i >= 0) {
                this.score++;
                this._lastHit[i] = this._time;
                // Would the bullet, moved the whole way, still touch the ship? If not, a plain
                // overlap test at the end of the move would have let it through.
                if (hit && hit.collider && !sys.placeMeeting(c!, b.worldPosition.x, b.worldPosition.y + dy)) this.tunnelSaves++;
                this._recycle(k);
                this._updateScore();
                continue;
            }
            b.setPosition(p.x, p.y + dy, p.z);
            if (p.y + dy > 360) this._recycle(k);
        }
    }

    private _recycle(k: number): void {
        const b = this._live[k];
        this._live[k] = this._live[this._live.length - 1];
        this._live.pop();
        b.active = false;
        this._pool.push(b);
    }

    private _updateScore(): void {
        if (this.scoreLabel) this.scoreLabel.string = `Score ${this.score}    shots ${this.shots}`;
    }

    private _onKey(e: EventKeyboard): void {
        const down = e.type === Input.EventType.KEY_DOWN;
        switch (e.keyCode) {
            case KeyCode.ARROW_LEFT: case KeyCode.KEY_A: this._left = down; break;
            case KeyCode.ARROW_RIGHT: case KeyCode.KEY_D: this._right = down; break;
            case KeyCode.SPACE: this._firing = down; break;
            case KeyCode.KEY_F: if (down) this.autoFire = !this.autoFire; break;
            default: break;
        }
    }

    private _onTouch(e: EventTouch): void {
        // UI coordinates have their origin at the bottom-left; the Canvas' children at its centre.
        this._touchX = e.getUILocation().x - this.node.worldPosition.x;
    }

    private _onTouchEnd(): void {
        this._touchX = null;
    }
}
