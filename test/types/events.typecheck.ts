/**
 * Type test (compiled by `npm run typecheck`, never run): `PixelCollider.on/once/off` take only
 * the three event names, and the callback's parameters are inferred. Each `@ts-expect-error`
 * line must fail to type-check; if one compiles, tsc reports the unused directive.
 */
import { Component } from 'cc';
import { PixelCollider, PixelCollisionEvent } from 'db://pixel-collision/runtime/index';
import type { PixelCollisionEventType, PixelContact } from 'db://pixel-collision/runtime/index';

export function typeTests(collider: PixelCollider, owner: Component): void {
    // The three names, as strings and as constants; parameters inferred as (PixelCollider, PixelCollider, PixelContact).
    collider.on('onPixelCollide', (self, other, contact) => {
        const s: PixelCollider = self;
        const o: PixelCollider = other;
        const n: number = contact.count + contact.normal.x;
        void s; void o; void n;
    });
    collider.on(PixelCollisionEvent.STAY, (_self, _other, contact) => { const c: PixelContact = contact; void c; });
    collider.once(PixelCollisionEvent.END, (self) => self.contactCount, owner);
    collider.on('onPixelCollideEnd', () => undefined);
    const cb = collider.on(PixelCollisionEvent.ENTER, (self: PixelCollider) => void self);
    collider.off(PixelCollisionEvent.ENTER, cb);
    collider.off('onPixelCollideStay');
    const t: PixelCollisionEventType = PixelCollisionEvent.END;
    collider.on(t, () => undefined);

    // @ts-expect-error misspelled event name
    collider.on('onPixelColide', () => undefined);
    // @ts-expect-error Creator 2.x's name is not one of ours
    collider.on('onCollisionEnter', () => undefined);
    // @ts-expect-error a plain string is not an event name
    collider.once('onPixelCollide' as string, () => undefined);
    // @ts-expect-error misspelled in off too
    collider.off('onPixelCollideExit');
    // @ts-expect-error the contact is not a number
    collider.on('onPixelCollide', (_self, _other, contact: number) => void contact);
    // @ts-expect-error self is a PixelCollider, not a string
    collider.on(PixelCollisionEvent.ENTER, (self: string) => void self);
    // @ts-expect-error the callback gets at most three arguments
    collider.on('onPixelCollide', (_a: PixelCollider, _b: PixelCollider, _c: PixelContact, _d: number) => undefined);
}
