/**
 * Top-down maze demo (demos/maze.scene): the hero walks with WASD / the arrow keys (or towards the
 * touched point) through a maze of brick walls and round pillars. Each move goes through
 * `CollisionSystem.moveAndSlide`: pushed diagonally into a wall the hero slides along it, and it
 * reaches into corners and round pillars to the pixel, never into them.
 *
 * The maze is drawn as text in the `layout` property; this component copies the wall and pillar
 * template nodes (Sprite + PIXELS PixelCollider, set in the Inspector) onto its cells. The hero's
 * collider is a circle (its footprint); its sprite is a child playing the walk clip.
 */
import { _decorator, Animation, CCInteger, Component, EventKeyboard, EventTouch, input, Input, instantiate, KeyCode, Node, Vec2 } from 'cc';
import { CollisionSystem, PixelCollider } from 'db://pixel-collision/runtime/index';
import { parseMaze } from './demo-logic';

const { ccclass, property, menu } = _decorator;

@ccclass('MazeDemo')
@menu('PixelCollision Demos/MazeDemo')
export class MazeDemo extends Component {
    @property({ type: PixelCollider, tooltip: 'The hero\'s collider (its footprint).' })
    hero: PixelCollider | null = null;

    @property({ type: Node, tooltip: 'The hero\'s sprite (a child of the hero, with the walk Animation); turned to face the way it walks.' })
    heroSprite: Node | null = null;

    @property({ tooltip: 'Walking speed, px per second.' })
    speed = 150;

    @property({ type: Node, tooltip: 'An inactive wall tile (Sprite + PixelCollider) to copy onto each # of the layout.' })
    wallTemplate: Node | null = null;

    @property({ type: Node, tooltip: 'An inactive pillar tile to copy onto each o of the layout.' })
    pillarTemplate: Node | null = null;

    @property({ type: CCInteger, tooltip: 'Tile size, px.' })
    tileSize = 32;

    @property({ multiline: true, tooltip: 'The maze, one line a row from the top: # wall, o pillar, H the hero\'s start.' })
    layout = '';

    /** The wall and pillar nodes built from the layout. */
    readonly tiles: Node[] = [];

    /** The move made in the last frame (world units). */
    readonly lastMove = new Vec2();
    /** Distance walked so far. */
    walked = 0;

    private readonly _input = new Vec2();
    private readonly _keys = new Set<number>();
    private _touch: Vec2 | null = null;
    private _walking = false;

    protected override start(): void {
        for (const cell of parseMaze(this.layout, this.tileSize)) {
            if (cell.kind === 'start') {
                this.hero?.node.setPosition(cell.x, cell.y, 0);
                continue;
            }
            const tpl = cell.kind === 'wall' ? this.wallTemplate : this.pillarTemplate;
            if (!tpl || !tpl.parent) continue;
            const tile = instantiate(tpl);
            tile.setPosition(cell.x, cell.y, 0);
            tile.active = true;
            tpl.parent.addChild(tile);
            this.tiles.push(tile);
        }
        if (this.wallTemplate) this.wallTemplate.active = false;
        if (this.pillarTemplate) this.pillarTemplate.active = false;
    }

    protected override onEnable(): void {
        input.on(Input.EventType.KEY_DOWN, this._onKeyDown, this);
        input.on(Input.EventType.KEY_UP, this._onKeyUp, this);
        input.on(Input.EventType.TOUCH_START, this._onTouch, this);
        input.on(Input.EventType.TOUCH_MOVE, this._onTouch, this);
        input.on(Input.EventType.TOUCH_END, this._onTouchEnd, this);
        input.on(Input.EventType.TOUCH_CANCEL, this._onTouchEnd, this);
    }

    protected override onDisable(): void {
        input.off(Input.EventType.KEY_DOWN, this._onKeyDown, this);
        input.off(Input.EventType.KEY_UP, this._onKeyUp, this);
        input.off(Input.EventType.TOUCH_START, this._onTouch, this);
        input.off(Input.EventType.TOUCH_MOVE, this._onTouch, this);
        input.off(Input.EventType.TOUCH_END, this._onTouchEnd, this);
        input.off(Input.EventType.TOUCH_CANCEL, this._onTouchEnd, this);
    }

    /** Sets the walking direction (keys and touch do this); (0, 0) stops. */
    setInput(x: number, y: number): void {
        this._input.set(x, y);
    }

    protected override update(dt: number): void {
        const hero = this.hero;
        if (!hero) return;
        let x = this._input.x, y = this._input.y;
        if (this._keys.size) {
            x = (this._has(KeyCode.ARROW_RIGHT, KeyCode.KEY_D) ? 1 : 0) - (this._has(KeyCode.ARROW_LEFT, KeyCode.KEY_A) ? 1 : 0);
            y = (this._has(KeyCode.ARROW_UP, KeyCode.KEY_W) ? 1 : 0) - (this._has(KeyCode.ARROW_DOWN, KeyCode.KEY_S) ? 1 : 0);
        } else if (this._touch) {
            const p = hero.node.worldPosition;
            x = this._touch.x - p.x; y = this._touch.y - p.y;
            if (x * x + y * y < 16) { x = 0; y = 0; }
        }
        const len = Math.hypot(x, y);
        if (len > 0) {
            const step = this.speed * dt / len;
            CollisionSystem.instance.moveAndSlide(hero, x * step, y * step, this.lastMove);
            this.walked += this.lastMove.length();
            if (this.heroSprite) this.heroSprite.angle = Math.atan2(y, x) * 180 / Math.PI - 90;
        } else {
            this.lastMove.set(0, 0);
        }
        this._animate(len > 0);
    }

    private _animate(walking: boolean): void {
        if (walking === this._walking) return;
        this._walking = walking;
        const anim = this.heroSprite?.getComponent(Animation);
        if (!anim) return;
        if (walking) {
            const state = anim.defaultClip ? anim.getState(anim.defaultClip.name) : null;
            if (state && state.isPlaying) anim.resume(); else anim.play();
        } else {
            anim.pause();
        }
    }

    private _has(a: number, b: number): boolean {
        return this._keys.has(a) || this._keys.has(b);
    }

    private _onKeyDown(e: EventKeyboard): void { this._keys.add(e.keyCode); }
    private _onKeyUp(e: EventKeyboard): void { this._keys.delete(e.keyCode); }
    private _onTouch(e: EventTouch): void {
        const p = e.getUILocation();
        (this._touch ??= new Vec2()).set(p.x, p.y);
    }
    private _onTouchEnd(): void { this._touch = null; }
}
