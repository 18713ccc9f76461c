import { Canvas, Color, director, Graphics, Node } from 'cc';
import type { Affine2D } from '../core/index';
import type { CollisionSystem } from './CollisionSystem';
import type { PixelContact } from './contact';

const AABB_COLOR = new Color(0, 200, 255, 160);
const OUTLINE_COLOR = new Color(255, 230, 0, 255);
const TOUCH_COLOR = new Color(255, 60, 60, 255);
const NORMAL_COLOR = new Color(255, 0, 255, 255);
const BOUNDS = { minX: 0, minY: 0, maxX: 0, maxY: 0 };

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
            const def = c._def;
            const t = core.transform;
            if (def && def.kind === 'mask') {
                const runs = def.mask.boundaryRuns();
                const v = runs.vertical, h = runs.horizontal;
                for (let k = 0; k < v.length; k += 3) seg(g, t, v[k], v[k + 1], v[k], v[k + 2]);
                for (let k = 0; k < h.length; k += 3) seg(g, t, h[k + 1], h[k], h[k + 2], h[k]);
                g.stroke();
            } else if (def && def.kind === 'box') {
                const ax = def.anchorX ?? 0.5, ay = def.anchorY ?? 0.5;
                const x0 = (def.offsetX ?? 0) - ax * def.width, y0 = (def.offsetY ?? 0) - ay * def.height;
                poly(g, t, [x0, y0, x0 + def.width, y0, x0 + def.width, y0 + def.height, x0, y0 + def.height]);
            } else if (def && def.kind === 'circle') {
                const cx = t.a * (def.offsetX ?? 0) + t.c * (def.offsetY ?? 0) + t.tx;
                const cy = t.b * (def.offsetX ?? 0) + t.d * (def.offsetY ?? 0) + t.ty;
                g.circle(cx, cy, def.radius * Math.hypot(t.a, t.b));
                g.stroke();
            } else if (def && def.kind === 'polygon') {
                poly(g, t, def.points);
            }
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

function seg(g: Graphics, t: Readonly<Affine2D>, x0: number, y0: number, x1: number, y1: number): void {
    g.moveTo(t.a * x0 + t.c * y0 + t.tx, t.b * x0 + t.d * y0 + t.ty);
    g.lineTo(t.a * x1 + t.c * y1 + t.tx, t.b * x1 + t.d * y1 + t.ty);
}

function poly(g: Graphics, t: Readonly<Affine2D>, p: ArrayLike<number>): void {
    for (let i = 0; i < p.length; i += 2) {
        const x = t.a * p[i] + t.c * p[i + 1] + t.tx, y = t.b * p[i] + t.d * p[i + 1] + t.ty;
        if (i === 0) g.moveTo(x, y); else g.lineTo(x, y);
    }
    g.close();
    g.stroke();
}
