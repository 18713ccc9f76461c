/**
 * Collision groups: the groups and collision matrix Creator users already set in
 * Project Settings > Physics (the same ones `Collider2D.group` uses), read from the project
 * settings at run time, so the physics module need not be in the build.
 *
 * A collider of group `g` (one bit) gets `categoryBits = g` and `maskBits = matrix[index of g]`,
 * the row of the matrix Creator writes to `settings.physics.collisionMatrix`. With no settings,
 * DEFAULT (1) collides with DEFAULT, as in the engine's `CollisionMatrix`. A pair collides iff
 * each one's category is in the other's mask (Box2D filtering).
 */
import { Enum, settings } from 'cc';

/** The physics groups as an inspector enum (DEFAULT plus the project's groups). */
export const PixelCollisionGroup = Enum({ DEFAULT: 1 }) as Record<string, number>;

let matrix: Record<string, number> | null = null;

/** Re-reads the project's groups and matrix (called when the system starts). */
export function refreshGroups(): void {
    const groups = settings.querySettings<Array<{ name: string; index: number }>>('physics', 'collisionGroups');
    if (Array.isArray(groups)) {
        for (const g of groups) {
            if (g && typeof g.name === 'string' && Number.isInteger(g.index) && g.index >= 0 && g.index < 32) {
                PixelCollisionGroup[g.name] = (1 << g.index) >>> 0;
            }
        }
        Enum.update(PixelCollisionGroup);
    }
    matrix = settings.querySettings<Record<string, number>>('physics', 'collisionMatrix');
}

/** The mask bits of a group (its row of the collision matrix). */
export function maskBitsOfGroup(group: number): number {
    const index = 31 - Math.clz32(group & -group);
    if (group === 0 || index < 0) return 0;
    const row = matrix ? matrix[String(index)] : undefined;
    if (typeof row === 'number') return row >>> 0;
    return index === 0 ? 1 : 0;
}

refreshGroups();
