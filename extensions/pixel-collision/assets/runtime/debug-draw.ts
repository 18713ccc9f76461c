import { Canvas, Color, director, Graphics, Node } from 'cc';
import type { CollisionSystem } from './CollisionSystem';
import type { PixelContact } from './contact';
import { shapeOutline } from './outline';

const AABB_COLOR = new Color(0, 200, 255, 160);
/** Outline segments a stroke() at most (the editor's preview strokes as many). */
const STROKE_BATCH = 256;
const OUTLINE_COLOR = new Color(255, 230, 0, 255);
const TOUCH_COLOR = new Color(255, 60, 60, 255);
const NORMAL_COLOR = new Color(255, 0, 255, 255);
const BOUNDS = { minX: 0, minY: 0, maxX: 0, maxY: 0 };
/** Outline segments of one collider, reused (a debug view: emptying it each collider may let V8 reallocate). */
const SEGMENTS: number[] = [];

/**
 * The debug overlay: a `Graphics` node under the scene's Canvas, drawn in world coordinates
 * (its world transform is kept at identity): each collider's AABB, the outline of its opaque
 * texels where they are in the world (rotated, flipped, skewed), its shape outline for boxes,
 * circles and polygons, and each contact's centroid with its normal.
 */
export class PixelDebugDraw {
    enabled = true;
    private _node: Node | null = null;
    private _g: Graphics | null = null;

    draw(system: CollisionSystem): void {
        const g = this._graphics();
        if (!g) return;
        g.clear();
        g.lineWidth = 1;
        for (const c of system.colliders) {
            const core = c._core;
            if (!core || !c._live) continue;
            core.getBounds(BOUNDS);
            g.strokeColor = AABB_COLOR;
            g.rect(BOUNDS.minX, BOUNDS.minY, BOUNDS.maxX - BOUNDS.minX, BOUNDS.maxY - BOUNDS.minY);
            g.stroke();
            g.strokeColor = c.contactCount > 0 ? TOUCH_COLOR : OUTLINE_COLOR;
            // The shape's outline in world space (runtime/outline.ts, also behind PixelCollider.getOutline).
            SEGMENTS.length = 0;
            if (c._def) shapeOutline(c._def, core.transform, SEGMENTS);
            for (let k = 0; k < SEGMENTS.length; k += 4) {
                g.moveTo(SEGMENTS[k], SEGMENTS[k + 1]);
                g.lineTo(SEGMENTS[k + 2], SEGMENTS[k + 3]);
                // (The engine's Graphics reserves one stroke()'s vertices in one buffer of at most
                // 65,535 and writes past it: a character's 1,000+ segments threw at upload.)
                if ((k / 4) % STROKE_BATCH === STROKE_BATCH - 1) g.stroke();
            }
            g.stroke();
            g.strokeColor = NORMAL_COLOR;
            for (let k = 0; k < c.contactCount; k++) {
                const contact = c.getContact(k) as PixelContact;
                const x = contact.centroid.x, y = contact.centroid.y;
                g.circle(x, y, 2);
                g.moveTo(x, y);
                g.lineTo(x + contact.normal.x * 12, y + contact.normal.y * 12);
                g.stroke();
            }
        }
    }

    set visible(v: boolean) {
        if (this._node) this._node.active = v;
    }

    private _graphics(): Graphics | null {
        if (this._node && this._node.isValid && this._g) {
            this._placeAtOrigin(this._node);
            return this._g;
        }
        const scene = director.getScene();
        const canvas = scene ? scene.getComponentInChildren(Canvas) : null;
        if (!canvas) return null;
        const node = new Node('PixelCollisionDebug');
        node.layer = canvas.node.layer;
        canvas.node.addChild(node);
        this._g = node.addComponent(Graphics);
        this._node = node;
        this._placeAtOrigin(node);
        return this._g;
    }

    private _placeAtOrigin(node: Node): void {
        node.setWorldPosition(0, 0, 0);
        node.setWorldRotation(0, 0, 0, 1);
        node.setWorldScale(1, 1, 1);
        const parent = node.parent;
        if (parent && node.getSiblingIndex() !== parent.children.length - 1) node.setSiblingIndex(parent.children.length - 1);
    }
}
