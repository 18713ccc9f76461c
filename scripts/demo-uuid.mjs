/** Uuids for the demo assets written by scripts/gen-demo-art.mjs and scripts/gen-demo-scenes.mjs. */
import { createHash } from 'node:crypto';

/** A stable v4-shaped uuid for a name (Creator makes random ones; stable ones keep regenerated files identical). */
export function uuidFor(name) {
    const h = createHash('sha1').update(`pixel-collision-demo:${name}`).digest('hex');
    const v = ((parseInt(h[16], 16) & 3) | 8).toString(16);
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${v}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Creator's uuid compression: `keep` hex digits, then 2 base64 digits per 3 hex digits (5: a script's class id; 2: node / component ids). */
export function compressUuid(uuid, keep = 5) {
    const hex = uuid.replace(/-/g, '');
    let out = hex.slice(0, keep);
    for (let i = keep; i < 32; i += 3) {
        const v = parseInt(hex.slice(i, i + 3), 16);
        out += BASE64[v >> 6] + BASE64[v & 63];
    }
    return out;
}
