// Engine entry (run by hand, never in CI):
//   node ../shared/engine-harness/run.mjs test/engine/destroy-end.ts --effect extensions/pixel-collision/assets/effects/pixel-collide.effect [--webgl1]
// (the effect is for the GPU case on WebGL1, where the engine-gfx device draws with it.)
//
// A collider that leaves (destroyed, disabled, deactivated) ends its pairs on BOTH sides while both
// nodes are alive, at the moment it leaves, as the builtin 2D physics does. Every node carries a
// PixelCollider AND a builtin BoxCollider2D of the same 16x16 square: the builtin's END_CONTACT, in the
// same page and frame, is the reference. Each handler reads `self.node.name`, `other.node.name` and
// `other.getComponent(Sprite)`, as game code does (on a destroyed component's cleared fields they throw).
// Named cases:
//   destroy-B      B's node destroyed in update (B added after A)
//   destroy-A      A's node destroyed in update
//   both           A and B destroyed in the same update; C touches B only
//   in-callback    B destroyed inside A's onPixelCollide: the end follows that step, same frame
//   disable        both colliders of B disabled
//   deactivate     B's node deactivated
//   comp-destroy   B's two collider components destroyed (the node stays)
//   methods        onPixelCollideEnd component methods: on live, enabled components only
//   gpu            a NarrowMode.GPU pair ('nextFrame': answers a frame late), B destroyed in update
// In every End handler, `isLeaving` of each side must say what the engine says of it (destroyed or
// to be destroyed, inactive, disabled): the one way to tell the leaving side in every removal
// (for a destroyed collider component `enabledInHierarchy` is still true there).
import { _decorator, BoxCollider2D, Component, Contact2DType, isValid, PhysicsSystem2D, Size, Sprite } from 'cc';
import type { Collider2D, Node } from 'cc';
import { CollisionSystem, NarrowMode, PixelCollider } from 'db://pixel-collision/runtime/index';
import { Checks, makeFrame, makeSprite, makeTexture, stage } from './lib';

const { ccclass } = _decorator;

/** What a handler sees, read the way game code reads it. */
function seen(self: Component, other: Component): string {
    try {
        const sprites = self.getComponent(Sprite) !== null && other.getComponent(Sprite) !== null;
        return `${self.node.name}-${other.node.name}${sprites ? '' : ' (no sprite)'}`;
    } catch (err) {
        return `threw: ${(err as Error).message}`;
    }
}

const ours: string[] = [];
const ref: string[] = [];
const methods: string[] = [];
/** Every End handler's check of isLeaving (see add()). */
const leaving = { n: 0, bad: [] as string[] };
/** Set while a removal runs (node.destroy(), enabled = false, ...): events logged then came at once. */
let removing = '';

@ccclass('EndMethod')
class EndMethod extends Component {
    onPixelCollideEnd(self: PixelCollider, other: PixelCollider) { methods.push(`method ${this.node.name}: ${seen(self, other)}${removing}`); }
}

/** Runs `action` in its update when armed (a game's "bullet hits" code runs there). */
@ccclass('InUpdate')
class InUpdate extends Component {
    action: (() => void) | null = null;
    protected override update(): void {
        const a = this.action;
        this.action = null;
        if (a) a();
    }
}

interface Body { node: Node; col: PixelCollider; box: BoxCollider2D }

export default async function main(h: { width: number; height: number; frames(n: number): Promise<void> }) {
    const { canvas } = stage(h.width, h.height);
    const checks = new Checks();
    const physics = PhysicsSystem2D.instance;
    physics.enable = true;
    (physics.collisionMatrix as unknown as Record<string, number>)['1'] = 1; // the default group meets itself (no project settings here)
    const tex = makeTexture(16, 16, () => 255);
    const driver = canvas.addComponent(InUpdate);

    const add = (name: string, x: number, y: number): Body => {
        const s = makeSprite(name, makeFrame(tex), canvas);
        s.node.setPosition(x, y, 0);
        const col = s.node.addComponent(PixelCollider);
        col.on('onPixelCollide', (a, b) => ours.push(`Enter ${seen(a, b)}`));
        col.on('onPixelCollideEnd', (a, b) => {
            ours.push(`End ${seen(a, b)}${removing}`);
            // isLeaving against what the engine says of each side (destroyed or to be, inactive, disabled).
            const removed = (x: PixelCollider) => !isValid(x, true) || !x.node || !isValid(x.node, true) || !x.node.activeInHierarchy || !x.enabled;
            leaving.n++;
            if (a.isLeaving !== removed(a) || b.isLeaving !== removed(b)) leaving.bad.push(`${seen(a, b)}${removing}: isLeaving ${a.isLeaving}/${b.isLeaving}, removed ${removed(a)}/${removed(b)}`);
        });
        const box = s.node.addComponent(BoxCollider2D);
        box.size = new Size(16, 16);
        box.on(Contact2DType.BEGIN_CONTACT, (a: Collider2D, b: Collider2D) => ref.push(`Enter ${seen(a, b)}`));
        box.on(Contact2DType.END_CONTACT, (a: Collider2D, b: Collider2D) => ref.push(`End ${seen(a, b)}${removing}`));
        s.node.addComponent(EndMethod);
        const body = { node: s.node, col, box };
        return body;
    };
    const clear = () => { ours.length = 0; ref.length = 0; methods.length = 0; };
    /** Runs `action` in the driver's update next frame, marked as a removal. */
    const inUpdate = async (label: string, action: () => void) => {
        driver.action = () => { removing = ` [${label}]`; action(); removing = ''; };
        await h.frames(1);
    };
    const sorted = (a: string[]) => a.slice().sort().join(' | ');
    const report = (name: string) => console.log(`${name}: ours ${ours.join(' | ')}; builtin ${ref.join(' | ')}${methods.length ? `; ${methods.join(' | ')}` : ''}`);
    /** Both systems saw the pair(s) begin. */
    const begun = (name: string, pairs: string[]) => {
        const want = pairs.flatMap((p) => { const [x, y] = p.split('-'); return [`Enter ${x}-${y}`, `Enter ${y}-${x}`]; });
        checks.check(sorted(ours) === sorted(want), `${name}: ours began ${ours.join(' | ')}`);
        checks.check(sorted(ref) === sorted(want), `${name}: builtin began ${ref.join(' | ')}`);
        clear();
    };
    /** Then nothing more, for two frames. */
    const quiet = async (name: string) => {
        await h.frames(2);
        checks.check(ours.length === 0 && ref.length === 0 && methods.length === 0, `${name}: later ${ours.join(' | ')} / ${ref.join(' | ')} / ${methods.join(' | ')}`);
        clear();
    };

    // destroy-B ------------------------------------------------------------------------------
    {
        const A = add('A1', -400, 250), B = add('B1', -392, 250);
        await h.frames(2);
        begun('destroy-B', ['A1-B1']);
        await inUpdate('destroy', () => B.node.destroy());
        report('destroy-B');
        checks.check(ours.join(' | ') === 'End A1-B1 [destroy] | End B1-A1 [destroy]', `destroy-B: ours ${ours.join(' | ')}`);
        checks.check(sorted(ref) === sorted(ours), `destroy-B: builtin ${ref.join(' | ')}`);
        checks.check(methods.join(' | ') === 'method A1: A1-B1 [destroy]', `destroy-B: methods ${methods.join(' | ')}`);
        checks.check(!B.col.isValid && B.col.node === null, 'destroy-B: the engine destroyed B\'s collider and cleared its fields');
        checks.check(A.col.contactCount === 0, `destroy-B: A1 contactCount ${A.col.contactCount}`);
        clear();
        await quiet('destroy-B');
    }

    // destroy-A ------------------------------------------------------------------------------
    {
        const A = add('A2', -250, 250);
        add('B2', -242, 250);
        await h.frames(2);
        begun('destroy-A', ['A2-B2']);
        await inUpdate('destroy', () => A.node.destroy());
        report('destroy-A');
        checks.check(ours.join(' | ') === 'End A2-B2 [destroy] | End B2-A2 [destroy]', `destroy-A: ours ${ours.join(' | ')}`);
        checks.check(sorted(ref) === sorted(ours), `destroy-A: builtin ${ref.join(' | ')}`);
        checks.check(methods.join(' | ') === 'method B2: B2-A2 [destroy]', `destroy-A: methods ${methods.join(' | ')}`);
        clear();
        await quiet('destroy-A');
    }

    // both -------------------------------------------------------------------------------------
    {
        const A = add('A3', -100, 250), B = add('B3', -92, 250);
        add('C3', -80, 250); // touches B3 only
        await h.frames(2);
        begun('both', ['A3-B3', 'B3-C3']);
        await inUpdate('destroy both', () => { A.node.destroy(); B.node.destroy(); });
        report('both');
        checks.check(ours.join(' | ') === 'End A3-B3 [destroy both] | End B3-A3 [destroy both] | End B3-C3 [destroy both] | End C3-B3 [destroy both]', `both: ours ${ours.join(' | ')}`);
        checks.check(sorted(ref) === sorted(ours), `both: builtin ${ref.join(' | ')}`);
        // B3 is alive and active when A3 goes: its method is called for that pair; then B3 goes.
        checks.check(methods.join(' | ') === 'method B3: B3-A3 [destroy both] | method C3: C3-B3 [destroy both]', `both: methods ${methods.join(' | ')}`);
        clear();
        await quiet('both');
    }

    // in-callback ------------------------------------------------------------------------------
    {
        const A = add('A4', 100, 250), B = add('B4', 108, 250);
        let after = '';
        A.col.once('onPixelCollide', () => { B.node.destroy(); after = `${ours.length}`; });
        await h.frames(1);
        report('in-callback');
        // Ours: the step finishes (B4's Enter after the destroy), then the pair ends, in the same
        // frame; B4's node is destroyed by the engine in the next frame.
        checks.check(ours.join(' | ') === 'Enter A4-B4 | Enter B4-A4 | End A4-B4 | End B4-A4', `in-callback: ours ${ours.join(' | ')} in the frame`);
        checks.check(B.node.isValid && B.col.isValid, 'in-callback: B4 is alive until the next frame');
        checks.check(after === '1', `in-callback: ${after} events before the destroy`);
        checks.check(ref.filter((e) => e.startsWith('End')).sort().join(' | ') === 'End A4-B4 | End B4-A4', `in-callback: builtin ${ref.join(' | ')}`);
        checks.check(methods.join(' | ') === 'method A4: A4-B4', `in-callback: methods ${methods.join(' | ')}`);
        clear();
        await quiet('in-callback');
    }

    // disable ----------------------------------------------------------------------------------
    {
        add('A5', 250, 250);
        const B = add('B5', 258, 250);
        await h.frames(2);
        begun('disable', ['A5-B5']);
        await inUpdate('disable', () => { B.col.enabled = false; B.box.enabled = false; });
        report('disable');
        checks.check(ours.join(' | ') === 'End A5-B5 [disable] | End B5-A5 [disable]', `disable: ours ${ours.join(' | ')}`);
        checks.check(sorted(ref) === sorted(ours), `disable: builtin ${ref.join(' | ')}`);
        // The node of a disabled collider is alive and active: its components' methods are called.
        checks.check(methods.join(' | ') === 'method A5: A5-B5 [disable] | method B5: B5-A5 [disable]', `disable: methods ${methods.join(' | ')}`);
        clear();
        await quiet('disable');
    }

    // deactivate -------------------------------------------------------------------------------
    {
        add('A6', 400, 250);
        const B = add('B6', 408, 250);
        await h.frames(2);
        begun('deactivate', ['A6-B6']);
        await inUpdate('deactivate', () => { B.node.active = false; });
        report('deactivate');
        checks.check(ours.join(' | ') === 'End A6-B6 [deactivate] | End B6-A6 [deactivate]', `deactivate: ours ${ours.join(' | ')}`);
        checks.check(sorted(ref) === sorted(ours), `deactivate: builtin ${ref.join(' | ')}`);
        checks.check(methods.join(' | ') === 'method A6: A6-B6 [deactivate]', `deactivate: methods ${methods.join(' | ')}`);
        clear();
        await quiet('deactivate');
    }

    // comp-destroy -----------------------------------------------------------------------------
    {
        add('A7', -400, 0);
        const B = add('B7', -392, 0);
        await h.frames(2);
        begun('comp-destroy', ['A7-B7']);
        await inUpdate('destroy components', () => { B.col.destroy(); B.box.destroy(); });
        report('comp-destroy');
        checks.check(ours.join(' | ') === 'End A7-B7 [destroy components] | End B7-A7 [destroy components]', `comp-destroy: ours ${ours.join(' | ')}`);
        checks.check(sorted(ref) === sorted(ours), `comp-destroy: builtin ${ref.join(' | ')}`);
        checks.check(methods.join(' | ') === 'method A7: A7-B7 [destroy components] | method B7: B7-A7 [destroy components]', `comp-destroy: methods ${methods.join(' | ')}`);
        checks.check(B.node.isValid && B.node.getComponent(PixelCollider) === null, 'comp-destroy: B7 keeps its node, not its collider');
        clear();
        await quiet('comp-destroy');
    }

    // methods: a component method on a disabled component is not called; one on the other node is
    {
        const A = add('A8', -250, 0), B = add('B8', -242, 0);
        (B.node.getComponent(EndMethod) as EndMethod).enabled = false;
        await h.frames(2);
        begun('methods', ['A8-B8']);
        await inUpdate('disable', () => { A.col.enabled = false; A.box.enabled = false; });
        report('methods');
        checks.check(methods.join(' | ') === 'method A8: A8-B8 [disable]', `methods: ${methods.join(' | ')}`);
        checks.check(sorted(ref) === sorted(ours), `methods: builtin ${ref.join(' | ')}`);
        clear();
        await quiet('methods');
    }

    // gpu: a NarrowMode.GPU pair, answers a frame late ('nextFrame', the default) --------------
    {
        const sys = CollisionSystem.instance;
        const A = add('A9', 100, 0), B = add('B9', 140, 0);
        A.col.mode = NarrowMode.GPU;
        await h.frames(3);
        clear();
        B.node.setPosition(108, 0, 0);
        await h.frames(3);
        const status = `${sys.gpu} ${sys.gpuStatus}${sys.gpuUnavailableReason ? ` (${sys.gpuUnavailableReason})` : ''}`;
        console.log(`gpu: ${status}, pending ${sys.gpuNarrowPhase ? sys.gpuNarrowPhase.pending : '-'}`);
        checks.check(sys.gpuStatus === 'active', `gpu: status ${status}`);
        checks.check(ours.slice(0, 2).join(' | ') === 'Enter A9-B9 | Enter B9-A9', `gpu: began ${ours.join(' | ')}`);
        clear();
        await inUpdate('destroy', () => B.node.destroy());
        report('gpu');
        checks.check(ours.join(' | ') === 'End A9-B9 [destroy] | End B9-A9 [destroy]', `gpu: ours ${ours.join(' | ')}`);
        checks.check(sorted(ref) === sorted(ours), `gpu: builtin ${ref.join(' | ')}`);
        clear();
        await quiet('gpu');
    }

    console.log(`isLeaving: ${leaving.n} End handlers checked, ${leaving.bad.length} wrong${leaving.bad.length ? `: ${leaving.bad.join('; ')}` : ''}`);
    checks.check(leaving.n >= 18 && leaving.bad.length === 0, `isLeaving in End handlers: ${leaving.bad.join('; ') || `only ${leaving.n} checked`}`);
    checks.finish('destroy-end (9 cases)');
}
