/**
 * Math value types of the `cc` test double (see ./index.ts).
 *
 * Each class mirrors the engine file named above it (Cocos Creator v3.8.5, `cocos/core/math/`).
 * The arithmetic that decides where things end up (Quat.fromEuler, Mat4.fromSRT, Mat4.multiply,
 * Vec3.transformMat4, the EPSILON comparisons used by the Node setters) is copied operation for
 * operation, including the 1e-16 residues of "exact" quarter turns. Results equal the engine's bit
 * for bit as far as Math.sin / Math.cos allow: the browser that recorded the fixture returned the
 * same sin/cos as glibc's libm (the same operations with glibc's sin/cos reproduce all 247 recorded
 * world matrices exactly), while Node's V8 (fdlibm) differs by 1 ulp for some angles, so 13 of the
 * 247 recorded matrices differ in their last bits here (at most 1.1e-13 absolute).
 * Only the part of each class's API that the double, the runtime and the tests use is provided.
 */

/** `cocos/core/math/utils.ts` */
export const EPSILON = 0.000001;

/** `cocos/core/math/utils.ts` `approx`: absolute tolerance (used by UITransform.setContentSize). */
export function approx(a: number, b: number, maxDiff?: number): boolean {
    maxDiff = maxDiff || EPSILON;
    return Math.abs(a - b) <= maxDiff;
}

/** `equals` of `cocos/core/math/utils.ts`, as Vec3.equals / Quat.equals inline it: relative/absolute tolerance. */
function near(a: number, b: number, epsilon: number): boolean {
    return Math.abs(a - b) <= epsilon * Math.max(1.0, Math.abs(a), Math.abs(b));
}

interface XY { x: number; y: number }
interface XYZ { x: number; y: number; z: number }
interface WH { width: number; height: number }
interface XYWH { x: number; y: number; width: number; height: number }

/** Mirrors `cocos/core/math/vec2.ts` (subset). */
export class Vec2 {
    x = 0;
    y = 0;

    constructor(x?: number | Readonly<XY>, y?: number) {
        this.set(x as number, y);
    }

    set(other: Readonly<XY>): Vec2;
    set(x?: number, y?: number): Vec2;
    set(x?: number | Readonly<XY>, y?: number): Vec2 {
        if (typeof x === 'object') { this.x = x.x; this.y = x.y; } else { this.x = x || 0; this.y = y || 0; }
        return this;
    }
}

/** Mirrors `cocos/core/math/vec3.ts` (subset). `set(x, y, z)` / `new Vec3(x, y, z)` turn NaN into 0 (`x || 0`). */
export class Vec3 {
    x = 0;
    y = 0;
    z = 0;

    constructor(x?: number | Readonly<XYZ>, y?: number, z?: number) {
        this.set(x as number, y, z);
    }

    static copy<Out extends XYZ>(out: Out, a: Readonly<XYZ>): Out {
        out.x = a.x; out.y = a.y; out.z = a.z;
        return out;
    }

    /** Unlike the instance `set`, copies NaN as is (like the engine). */
    static set<Out extends XYZ>(out: Out, x: number, y: number, z: number): Out {
        out.x = x; out.y = y; out.z = z;
        return out;
    }

    static equals(a: Readonly<XYZ>, b: Readonly<XYZ>, epsilon = EPSILON): boolean {
        return near(a.x, b.x, epsilon) && near(a.y, b.y, epsilon) && near(a.z, b.z, epsilon);
    }

    /** Same operation order as the engine (`rhw` divide included). */
    static transformMat4<Out extends XYZ>(out: Out, a: Readonly<XYZ>, m: Readonly<Mat4>): Out {
        const x = a.x; const y = a.y; const z = a.z;
        let rhw = m.m03 * x + m.m07 * y + m.m11 * z + m.m15;
        rhw = rhw ? 1 / rhw : 1;
        out.x = (m.m00 * x + m.m04 * y + m.m08 * z + m.m12) * rhw;
        out.y = (m.m01 * x + m.m05 * y + m.m09 * z + m.m13) * rhw;
        out.z = (m.m02 * x + m.m06 * y + m.m10 * z + m.m14) * rhw;
        return out;
    }

    set(other: Readonly<XYZ>): Vec3;
    set(x?: number, y?: number, z?: number): Vec3;
    set(x?: number | Readonly<XYZ>, y?: number, z?: number): Vec3 {
        if (typeof x === 'object') { this.x = x.x; this.y = x.y; this.z = x.z; } else { this.x = x || 0; this.y = y || 0; this.z = z || 0; }
        return this;
    }

    equals(other: Readonly<XYZ>, epsilon = EPSILON): boolean {
        return Vec3.equals(this, other, epsilon);
    }

    length(): number {
        return Math.sqrt(this.x * this.x + this.y * this.y + this.z * this.z);
    }
}

/** Mirrors `cocos/core/math/vec4.ts` (the fields: SpriteFrame's trimmedBorder). */
export class Vec4 {
    constructor(public x = 0, public y = 0, public z = 0, public w = 0) {}
}

/** Mirrors `cocos/core/math/size.ts` (subset; `equals` is exact, like the engine's). */
export class Size {
    width = 0;
    height = 0;

    constructor(width?: number, height?: number) {
        this.set(width, height);
    }

    set(other: Readonly<WH>): Size;
    set(width?: number, height?: number): Size;
    set(width?: number | Readonly<WH>, height?: number): Size {
        if (typeof width === 'object') { this.height = width.height; this.width = width.width; } else { this.width = width || 0; this.height = height || 0; }
        return this;
    }

    equals(other: Readonly<WH>): boolean {
        return this.width === other.width && this.height === other.height;
    }
}

/** Mirrors `cocos/core/math/rect.ts` (subset; `equals` is exact, like the engine's). */
export class Rect {
    x = 0;
    y = 0;
    width = 0;
    height = 0;

    constructor(x?: number, y?: number, width?: number, height?: number) {
        this.set(x, y, width, height);
    }

    set(other: Readonly<XYWH>): Rect;
    set(x?: number, y?: number, width?: number, height?: number): Rect;
    set(x?: number | Readonly<XYWH>, y?: number, width?: number, height?: number): Rect {
        if (typeof x === 'object') {
            this.y = x.y; this.width = x.width; this.height = x.height; this.x = x.x;
        } else {
            this.x = x || 0; this.y = y || 0; this.width = width || 0; this.height = height || 0;
        }
        return this;
    }

    equals(other: Readonly<XYWH>): boolean {
        return this.x === other.x && this.y === other.y && this.width === other.width && this.height === other.height;
    }
}

/** Mirrors `cocos/core/math/color.ts` (subset): channels are stored in a Uint8ClampedArray, like the engine. */
export class Color {
    static WHITE = Object.freeze(new Color(255, 255, 255, 255));
    static BLACK = Object.freeze(new Color(0, 0, 0, 255));

    private _data = new Uint8ClampedArray(4);

    constructor(r?: number, g?: number, b?: number, a?: number) {
        this.set(r || 0, g || 0, b || 0, a ?? 255);
    }

    get r(): number { return this._data[0]; }
    get g(): number { return this._data[1]; }
    get b(): number { return this._data[2]; }
    get a(): number { return this._data[3]; }

    clone(): Color {
        return new Color(this.r, this.g, this.b, this.a);
    }

    set(other: Readonly<Color>): Color;
    set(r?: number, g?: number, b?: number, a?: number): Color;
    set(r?: number | Readonly<Color>, g?: number, b?: number, a?: number): Color {
        const d = this._data;
        if (typeof r === 'object') {
            d[0] = r.r; d[1] = r.g; d[2] = r.b; d[3] = r.a;
        } else {
            d[0] = r || 0; d[1] = g || 0; d[2] = b || 0; d[3] = a ?? 255;
        }
        return this;
    }

    equals(other: Readonly<Color>): boolean {
        return !!other && this.r === other.r && this.g === other.g && this.b === other.b && this.a === other.a;
    }
}

const halfToRad = 0.5 * Math.PI / 180.0;
const toDegreeFactor = 180 / Math.PI;

/** Mirrors `cocos/core/math/quat.ts` (subset). */
export class Quat {
    constructor(public x = 0, public y = 0, public z = 0, public w = 1) {}

    static copy<Out extends Quat>(out: Out, a: Readonly<Quat>): Out {
        return Quat.set(out, a.x, a.y, a.z, a.w);
    }

    static set<Out extends Quat>(out: Out, x: number, y: number, z: number, w: number): Out {
        out.x = x; out.y = y; out.z = z; out.w = w;
        return out;
    }

    static identity<Out extends Quat>(out: Out): Out {
        return Quat.set(out, 0, 0, 0, 1);
    }

    /** Euler angles in degrees, rotation order YZX; same operations as the engine. */
    static fromEuler<Out extends Quat>(out: Out, x: number, y: number, z: number): Out {
        x *= halfToRad;
        y *= halfToRad;
        z *= halfToRad;
        const sx = Math.sin(x); const cx = Math.cos(x);
        const sy = Math.sin(y); const cy = Math.cos(y);
        const sz = Math.sin(z); const cz = Math.cos(z);
        out.x = sx * cy * cz + cx * sy * sz;
        out.y = cx * sy * cz + sx * cy * sz;
        out.z = cx * cy * sz - sx * sy * cz;
        out.w = cx * cy * cz - sx * sy * sz;
        return out;
    }

    static multiply<Out extends Quat>(out: Out, a: Readonly<Quat>, b: Readonly<Quat>): Out {
        const x = a.x * b.w + a.w * b.x + a.y * b.z - a.z * b.y;
        const y = a.y * b.w + a.w * b.y + a.z * b.x - a.x * b.z;
        const z = a.z * b.w + a.w * b.z + a.x * b.y - a.y * b.x;
        const w = a.w * b.w - a.x * b.x - a.y * b.y - a.z * b.z;
        return Quat.set(out, x, y, z, w);
    }

    static conjugate<Out extends Quat>(out: Out, a: Readonly<Quat>): Out {
        return Quat.set(out, -a.x, -a.y, -a.z, a.w);
    }

    /** Rotation matrix (already orthonormal) to quaternion; used by Mat4.toSRT. */
    static fromMat3<Out extends Quat>(out: Out, m: Readonly<Mat3>): Out {
        const { m00, m01, m02, m03: m10, m04: m11, m05: m12, m06: m20, m07: m21, m08: m22 } = m;
        const fourXSquaredMinus1 = m00 - m11 - m22;
        const fourYSquaredMinus1 = m11 - m00 - m22;
        const fourZSquaredMinus1 = m22 - m00 - m11;
        const fourWSquaredMinus1 = m00 + m11 + m22;
        let biggestIndex = 0;
        let fourBiggestSquaredMinus1 = fourWSquaredMinus1;
        if (fourXSquaredMinus1 > fourBiggestSquaredMinus1) {
            fourBiggestSquaredMinus1 = fourXSquaredMinus1;
            biggestIndex = 1;
        }
        if (fourYSquaredMinus1 > fourBiggestSquaredMinus1) {
            fourBiggestSquaredMinus1 = fourYSquaredMinus1;
            biggestIndex = 2;
        }
        if (fourZSquaredMinus1 > fourBiggestSquaredMinus1) {
            fourBiggestSquaredMinus1 = fourZSquaredMinus1;
            biggestIndex = 3;
        }
        const biggestVal = Math.sqrt(fourBiggestSquaredMinus1 + 1) * 0.5;
        const mult = 0.25 / biggestVal;
        switch (biggestIndex) {
        case 0: return Quat.set(out, (m12 - m21) * mult, (m20 - m02) * mult, (m01 - m10) * mult, biggestVal);
        case 1: return Quat.set(out, biggestVal, (m01 + m10) * mult, (m20 + m02) * mult, (m12 - m21) * mult);
        case 2: return Quat.set(out, (m01 + m10) * mult, biggestVal, (m12 + m21) * mult, (m20 - m02) * mult);
        default: return Quat.set(out, (m20 + m02) * mult, (m12 + m21) * mult, biggestVal, (m01 - m10) * mult);
        }
    }

    /** Used by `Node.eulerAngles` after `setWorldRotation` (the engine's, without its `outerZ` option). */
    static toEuler(out: XYZ, q: Readonly<Quat>): XYZ {
        const { x, y, z, w } = q;
        const test = x * y + z * w;
        if (test > 0.499999) return Vec3.set(out, 0, 2 * Math.atan2(x, w) * toDegreeFactor, 90);
        if (test < -0.499999) return Vec3.set(out, 0, -(2 * Math.atan2(x, w) * toDegreeFactor), -90);
        const sqx = x * x; const sqy = y * y; const sqz = z * z;
        const bank = Math.atan2(2 * x * w - 2 * y * z, 1 - 2 * sqx - 2 * sqz) * toDegreeFactor;
        const heading = Math.atan2(2 * y * w - 2 * x * z, 1 - 2 * sqy - 2 * sqz) * toDegreeFactor;
        const attitude = Math.asin(2 * test) * toDegreeFactor;
        return Vec3.set(out, bank, heading, attitude);
    }

    static equals(a: Readonly<Quat>, b: Readonly<Quat>, epsilon = EPSILON): boolean {
        return near(a.x, b.x, epsilon) && near(a.y, b.y, epsilon) && near(a.z, b.z, epsilon) && near(a.w, b.w, epsilon);
    }

    equals(other: Readonly<Quat>, epsilon = EPSILON): boolean {
        return Quat.equals(this, other, epsilon);
    }
}

/** Mirrors `cocos/core/math/mat3.ts` (subset): column-major fields m00..m08, like the engine. */
export class Mat3 {
    m00 = 1; m01 = 0; m02 = 0;
    m03 = 0; m04 = 1; m05 = 0;
    m06 = 0; m07 = 0; m08 = 1;

    static determinant(a: Readonly<Mat3>): number {
        const a00 = a.m00; const a01 = a.m01; const a02 = a.m02;
        const a10 = a.m03; const a11 = a.m04; const a12 = a.m05;
        const a20 = a.m06; const a21 = a.m07; const a22 = a.m08;
        return a00 * (a22 * a11 - a12 * a21) + a01 * (-a22 * a10 + a12 * a20) + a02 * (a21 * a10 - a11 * a20);
    }

    static fromQuat<Out extends Mat3>(out: Out, q: Readonly<Quat>): Out {
        const x = q.x; const y = q.y; const z = q.z; const w = q.w;
        const x2 = x + x; const y2 = y + y; const z2 = z + z;
        const xx = x * x2; const yx = y * x2; const yy = y * y2;
        const zx = z * x2; const zy = z * y2; const zz = z * z2;
        const wx = w * x2; const wy = w * y2; const wz = w * z2;
        out.m00 = 1 - yy - zz; out.m03 = yx - wz; out.m06 = zx + wy;
        out.m01 = yx + wz; out.m04 = 1 - xx - zz; out.m07 = zy - wx;
        out.m02 = zx - wy; out.m05 = zy + wx; out.m08 = 1 - xx - yy;
        return out;
    }

    /** `a * (upper-left 3x3 of b)`, like the engine's (deprecated) Mat3.multiplyMat4. */
    static multiplyMat4<Out extends Mat3>(out: Out, a: Readonly<Mat3>, b: Readonly<Mat4>): Out {
        const a00 = a.m00; const a01 = a.m01; const a02 = a.m02;
        const a10 = a.m03; const a11 = a.m04; const a12 = a.m05;
        const a20 = a.m06; const a21 = a.m07; const a22 = a.m08;
        const b00 = b.m00; const b01 = b.m01; const b02 = b.m02;
        const b10 = b.m04; const b11 = b.m05; const b12 = b.m06;
        const b20 = b.m08; const b21 = b.m09; const b22 = b.m10;
        out.m00 = b00 * a00 + b01 * a10 + b02 * a20;
        out.m01 = b00 * a01 + b01 * a11 + b02 * a21;
        out.m02 = b00 * a02 + b01 * a12 + b02 * a22;
        out.m03 = b10 * a00 + b11 * a10 + b12 * a20;
        out.m04 = b10 * a01 + b11 * a11 + b12 * a21;
        out.m05 = b10 * a02 + b11 * a12 + b12 * a22;
        out.m06 = b20 * a00 + b21 * a10 + b22 * a20;
        out.m07 = b20 * a01 + b21 * a11 + b22 * a21;
        out.m08 = b20 * a02 + b21 * a12 + b22 * a22;
        return out;
    }
}

const m3_1 = new Mat3();
const v3_1 = new Vec3();

/** Mirrors `cocos/core/math/mat4.ts` (subset): column-major fields m00..m15, like the engine. */
export class Mat4 {
    m00 = 1; m01 = 0; m02 = 0; m03 = 0;
    m04 = 0; m05 = 1; m06 = 0; m07 = 0;
    m08 = 0; m09 = 0; m10 = 1; m11 = 0;
    m12 = 0; m13 = 0; m14 = 0; m15 = 1;

    /** Mirrors `Mat4.copy`: the 16 numbers of `a` into `out`. */
    static copy<Out extends Mat4>(out: Out, a: Readonly<Mat4>): Out {
        out.m00 = a.m00; out.m01 = a.m01; out.m02 = a.m02; out.m03 = a.m03;
        out.m04 = a.m04; out.m05 = a.m05; out.m06 = a.m06; out.m07 = a.m07;
        out.m08 = a.m08; out.m09 = a.m09; out.m10 = a.m10; out.m11 = a.m11;
        out.m12 = a.m12; out.m13 = a.m13; out.m14 = a.m14; out.m15 = a.m15;
        return out;
    }

    /** `out = a * b`, same operation order as the engine. */
    static multiply<Out extends Mat4>(out: Out, a: Readonly<Mat4>, b: Readonly<Mat4>): Out {
        const a00 = a.m00; const a01 = a.m01; const a02 = a.m02; const a03 = a.m03;
        const a10 = a.m04; const a11 = a.m05; const a12 = a.m06; const a13 = a.m07;
        const a20 = a.m08; const a21 = a.m09; const a22 = a.m10; const a23 = a.m11;
        const a30 = a.m12; const a31 = a.m13; const a32 = a.m14; const a33 = a.m15;

        let b0 = b.m00; let b1 = b.m01; let b2 = b.m02; let b3 = b.m03;
        out.m00 = b0 * a00 + b1 * a10 + b2 * a20 + b3 * a30;
        out.m01 = b0 * a01 + b1 * a11 + b2 * a21 + b3 * a31;
        out.m02 = b0 * a02 + b1 * a12 + b2 * a22 + b3 * a32;
        out.m03 = b0 * a03 + b1 * a13 + b2 * a23 + b3 * a33;

        b0 = b.m04; b1 = b.m05; b2 = b.m06; b3 = b.m07;
        out.m04 = b0 * a00 + b1 * a10 + b2 * a20 + b3 * a30;
        out.m05 = b0 * a01 + b1 * a11 + b2 * a21 + b3 * a31;
        out.m06 = b0 * a02 + b1 * a12 + b2 * a22 + b3 * a32;
        out.m07 = b0 * a03 + b1 * a13 + b2 * a23 + b3 * a33;

        b0 = b.m08; b1 = b.m09; b2 = b.m10; b3 = b.m11;
        out.m08 = b0 * a00 + b1 * a10 + b2 * a20 + b3 * a30;
        out.m09 = b0 * a01 + b1 * a11 + b2 * a21 + b3 * a31;
        out.m10 = b0 * a02 + b1 * a12 + b2 * a22 + b3 * a32;
        out.m11 = b0 * a03 + b1 * a13 + b2 * a23 + b3 * a33;

        b0 = b.m12; b1 = b.m13; b2 = b.m14; b3 = b.m15;
        out.m12 = b0 * a00 + b1 * a10 + b2 * a20 + b3 * a30;
        out.m13 = b0 * a01 + b1 * a11 + b2 * a21 + b3 * a31;
        out.m14 = b0 * a02 + b1 * a12 + b2 * a22 + b3 * a32;
        out.m15 = b0 * a03 + b1 * a13 + b2 * a23 + b3 * a33;
        return out;
    }

    /** Scale, then rotate, then translate; same operations as the engine (`fromRTS` is its deprecated alias). */
    static fromSRT<Out extends Mat4>(out: Out, q: Readonly<Quat>, v: Readonly<XYZ>, s: Readonly<XYZ>): Out {
        const { x, y, z, w } = q;
        const x2 = x + x; const y2 = y + y; const z2 = z + z;
        const xx = x * x2; const xy = x * y2; const xz = x * z2;
        const yy = y * y2; const yz = y * z2; const zz = z * z2;
        const wx = w * x2; const wy = w * y2; const wz = w * z2;
        const sx = s.x; const sy = s.y; const sz = s.z;
        out.m00 = (1 - (yy + zz)) * sx; out.m01 = (xy + wz) * sx; out.m02 = (xz - wy) * sx; out.m03 = 0;
        out.m04 = (xy - wz) * sy; out.m05 = (1 - (xx + zz)) * sy; out.m06 = (yz + wx) * sy; out.m07 = 0;
        out.m08 = (xz + wy) * sz; out.m09 = (yz - wx) * sz; out.m10 = (1 - (xx + yy)) * sz; out.m11 = 0;
        out.m12 = v.x; out.m13 = v.y; out.m14 = v.z; out.m15 = 1;
        return out;
    }

    /** `a * scale(v)` (columns scaled), like the engine. */
    static scale<Out extends Mat4>(out: Out, a: Readonly<Mat4>, v: Readonly<XYZ>): Out {
        const x = v.x; const y = v.y; const z = v.z;
        out.m00 = a.m00 * x; out.m01 = a.m01 * x; out.m02 = a.m02 * x; out.m03 = a.m03 * x;
        out.m04 = a.m04 * y; out.m05 = a.m05 * y; out.m06 = a.m06 * y; out.m07 = a.m07 * y;
        out.m08 = a.m08 * z; out.m09 = a.m09 * z; out.m10 = a.m10 * z; out.m11 = a.m11 * z;
        out.m12 = a.m12; out.m13 = a.m13; out.m14 = a.m14; out.m15 = a.m15;
        return out;
    }

    /** Decomposes into rotation, translation and scale (a mirror image puts -1 on x), like the engine. */
    static toSRT(m: Readonly<Mat4>, q: Quat | null, v: XYZ | null, s: XYZ | null): void {
        if (v) Vec3.set(v, m.m12, m.m13, m.m14);
        const sx = Vec3.set(v3_1, m.m00, m.m01, m.m02).length();
        const sy = Vec3.set(v3_1, m.m04, m.m05, m.m06).length();
        const sz = Vec3.set(v3_1, m.m08, m.m09, m.m10).length();
        if (s) Vec3.set(s, sx, sy, sz);
        if (sx === 0 || sy === 0 || sz === 0) {
            if (q) Quat.identity(q);
            return;
        }
        m3_1.m00 = m.m00 / sx; m3_1.m01 = m.m01 / sx; m3_1.m02 = m.m02 / sx;
        m3_1.m03 = m.m04 / sy; m3_1.m04 = m.m05 / sy; m3_1.m05 = m.m06 / sy;
        m3_1.m06 = m.m08 / sz; m3_1.m07 = m.m09 / sz; m3_1.m08 = m.m10 / sz;
        const det = Mat3.determinant(m3_1);
        if (s && det < 0) s.x *= -1;
        if (q) {
            if (det < 0) { m3_1.m00 *= -1; m3_1.m01 *= -1; m3_1.m02 *= -1; }
            Quat.fromMat3(q, m3_1);
        }
    }

    /** Inverse; all zeros when the matrix is singular (like the engine). */
    static invert<Out extends Mat4>(out: Out, a: Readonly<Mat4>): Out {
        const a00 = a.m00; const a01 = a.m01; const a02 = a.m02; const a03 = a.m03;
        const a10 = a.m04; const a11 = a.m05; const a12 = a.m06; const a13 = a.m07;
        const a20 = a.m08; const a21 = a.m09; const a22 = a.m10; const a23 = a.m11;
        const a30 = a.m12; const a31 = a.m13; const a32 = a.m14; const a33 = a.m15;

        const b00 = a00 * a11 - a01 * a10; const b01 = a00 * a12 - a02 * a10; const b02 = a00 * a13 - a03 * a10;
        const b03 = a01 * a12 - a02 * a11; const b04 = a01 * a13 - a03 * a11; const b05 = a02 * a13 - a03 * a12;
        const b06 = a20 * a31 - a21 * a30; const b07 = a20 * a32 - a22 * a30; const b08 = a20 * a33 - a23 * a30;
        const b09 = a21 * a32 - a22 * a31; const b10 = a21 * a33 - a23 * a31; const b11 = a22 * a33 - a23 * a32;

        let det = b00 * b11 - b01 * b10 + b02 * b09 + b03 * b08 - b04 * b07 + b05 * b06;
        if (det === 0) {
            out.m00 = 0; out.m01 = 0; out.m02 = 0; out.m03 = 0;
            out.m04 = 0; out.m05 = 0; out.m06 = 0; out.m07 = 0;
            out.m08 = 0; out.m09 = 0; out.m10 = 0; out.m11 = 0;
            out.m12 = 0; out.m13 = 0; out.m14 = 0; out.m15 = 0;
            return out;
        }
        det = 1.0 / det;

        out.m00 = (a11 * b11 - a12 * b10 + a13 * b09) * det;
        out.m01 = (a02 * b10 - a01 * b11 - a03 * b09) * det;
        out.m02 = (a31 * b05 - a32 * b04 + a33 * b03) * det;
        out.m03 = (a22 * b04 - a21 * b05 - a23 * b03) * det;
        out.m04 = (a12 * b08 - a10 * b11 - a13 * b07) * det;
        out.m05 = (a00 * b11 - a02 * b08 + a03 * b07) * det;
        out.m06 = (a32 * b02 - a30 * b05 - a33 * b01) * det;
        out.m07 = (a20 * b05 - a22 * b02 + a23 * b01) * det;
        out.m08 = (a10 * b10 - a11 * b08 + a13 * b06) * det;
        out.m09 = (a01 * b08 - a00 * b10 - a03 * b06) * det;
        out.m10 = (a30 * b04 - a31 * b02 + a33 * b00) * det;
        out.m11 = (a21 * b02 - a20 * b04 - a23 * b00) * det;
        out.m12 = (a11 * b07 - a10 * b09 - a12 * b06) * det;
        out.m13 = (a00 * b09 - a01 * b07 + a02 * b06) * det;
        out.m14 = (a31 * b01 - a30 * b03 - a32 * b00) * det;
        out.m15 = (a20 * b03 - a21 * b01 + a22 * b00) * det;
        return out;
    }

    /** The 16 entries in field order (m00, m01, …, m15). */
    static toArray(out: number[], m: Readonly<Mat4>, ofs = 0): number[] {
        out[ofs + 0] = m.m00; out[ofs + 1] = m.m01; out[ofs + 2] = m.m02; out[ofs + 3] = m.m03;
        out[ofs + 4] = m.m04; out[ofs + 5] = m.m05; out[ofs + 6] = m.m06; out[ofs + 7] = m.m07;
        out[ofs + 8] = m.m08; out[ofs + 9] = m.m09; out[ofs + 10] = m.m10; out[ofs + 11] = m.m11;
        out[ofs + 12] = m.m12; out[ofs + 13] = m.m13; out[ofs + 14] = m.m14; out[ofs + 15] = m.m15;
        return out;
    }
}
