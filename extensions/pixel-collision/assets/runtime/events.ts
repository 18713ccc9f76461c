/**
 * The collision events: their names (also the names of the component methods that get called)
 * and the callback's signature; helpers for messages that name a node.
 */
import type { PixelContact } from './contact';
import type { PixelCollider } from './PixelCollider';

/** Event names (also the names of the component methods that get called). */
export const PixelCollisionEvent = {
    ENTER: 'onPixelCollide',
    STAY: 'onPixelCollideStay',
    END: 'onPixelCollideEnd',
} as const;

/** The three event names: `'onPixelCollide' | 'onPixelCollideStay' | 'onPixelCollideEnd'`. */
export type PixelCollisionEventType = typeof PixelCollisionEvent[keyof typeof PixelCollisionEvent];

/** A collision callback: `(self, other, contact)`; the contact is from self's point of view. */
export type PixelCollisionCallback = (self: PixelCollider, other: PixelCollider, contact: PixelContact) => void;

/** "Canvas/Ship/Gun": where a node is, for messages. */
export function nodePath(node: { name: string; parent: unknown }): string {
    const parts: string[] = [];
    let n: { name: string; parent: unknown } | null = node;
    while (n && parts.length < 8) {
        parts.unshift(n.name);
        n = n.parent as { name: string; parent: unknown } | null;
        if (n && !(n as { parent: unknown }).parent) break; // stop below the scene
    }
    return parts.join('/');
}

/** A throwing game callback must not break the frame (nor the other callbacks): it is logged. */
export function reportCallbackError(type: string, self: PixelCollider, err: unknown): void {
    // A collider whose fields the engine has cleared (destroyed) has no node.
    const where = self.node ? nodePath(self.node) : 'a destroyed node';
    console.error(`[pixel-collision] ${type} callback on "${where}" threw:`, err);
}
