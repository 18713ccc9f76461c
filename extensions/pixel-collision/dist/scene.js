"use strict";
var __defProp = Object.defineProperty;
var __getOwnPropDesc = Object.getOwnPropertyDescriptor;
var __getOwnPropNames = Object.getOwnPropertyNames;
var __hasOwnProp = Object.prototype.hasOwnProperty;
var __export = (target, all) => {
  for (var name in all)
    __defProp(target, name, { get: all[name], enumerable: true });
};
var __copyProps = (to, from, except, desc) => {
  if (from && typeof from === "object" || typeof from === "function") {
    for (let key of __getOwnPropNames(from))
      if (!__hasOwnProp.call(to, key) && key !== except)
        __defProp(to, key, { get: () => from[key], enumerable: !(desc = __getOwnPropDesc(from, key)) || desc.enumerable });
  }
  return to;
};
var __toCommonJS = (mod) => __copyProps(__defProp({}, "__esModule", { value: true }), mod);

// extensions/pixel-collision/source/scene.ts
var scene_exports = {};
__export(scene_exports, {
  load: () => load,
  methods: () => methods,
  unload: () => unload
});
module.exports = __toCommonJS(scene_exports);
var import_path = require("path");

// extensions/pixel-collision/source/scene/preview.ts
var COLLIDER_CLASS = "PixelCollider";
var HELPER_NAME = "PixelCollisionPreview";
var OUTLINE_RGBA = [50, 230, 90, 255];
var OUTLINE_WIDTH = 3;
var PICTURE_MAX = 96;
function maskPicture(mask, max = PICTURE_MAX) {
  const w = mask.width, h = mask.height;
  const scale = Math.max(1, Math.ceil(Math.max(w, h) / max));
  const pw = Math.ceil(w / scale), ph = Math.ceil(h / scale);
  const rows = [];
  for (let py = 0; py < ph; py++) {
    let row = "";
    for (let px = 0; px < pw; px++) {
      let solid = false;
      for (let j = py * scale; j < Math.min(h, (py + 1) * scale) && !solid; j++) {
        for (let i = px * scale; i < Math.min(w, (px + 1) * scale); i++) {
          if (mask.get(i, j)) {
            solid = true;
            break;
          }
        }
      }
      row += solid ? "#" : ".";
    }
    rows.push(row);
  }
  return { width: pw, height: ph, scale, rows };
}
function requestRepaint() {
  const cce = globalThis.cce;
  if (typeof cce !== "undefined" && cce && cce.Engine && typeof cce.Engine.repaintInEditMode === "function") {
    cce.Engine.repaintInEditMode();
  }
}
function findNode(root, uuid) {
  if (!root) return null;
  if (root.uuid === uuid) return root;
  for (const child of root.children) {
    const found = findNode(child, uuid);
    if (found) return found;
  }
  return null;
}
var ColliderPreview = class {
  constructor(cc) {
    this.cc = cc;
    /** Outline width in world units. */
    this.lineWidth = OUTLINE_WIDTH;
    this._helper = null;
    this._g = null;
    this._uuids = [];
    this._listening = false;
    this._segments = [];
    this._drawn = [];
    this._color = new cc.Color(...OUTLINE_RGBA);
  }
  /** The helper node while it exists (tests and diagnostics). */
  get helper() {
    return this._helper && this._helper.isValid ? this._helper : null;
  }
  /**
   * Outlines the PixelColliders of the nodes with these uuids (the selection) and keeps them up to
   * date after every engine update. Returns how many colliders it outlines. An empty list hides.
   * The scene view is asked to show the new outline at once (see the module's comment).
   */
  show(uuids) {
    this._uuids = uuids.filter((u) => typeof u === "string");
    if (!this._listening && this._uuids.length) {
      this.cc.director.on(this.cc.Director.EVENT_AFTER_UPDATE, this.redraw, this);
      this._listening = true;
    }
    const n = this._draw(true);
    if (n === 0) this.hide();
    else requestRepaint();
    return n;
  }
  /**
   * Removes the outline and the helper node (inactive and out of the scene at once, destroyed by
   * the engine at the end of the frame); stops listening; asks the scene view for a frame when an
   * outline was showing.
   */
  hide() {
    this._uuids = [];
    if (this._listening) {
      this.cc.director.off(this.cc.Director.EVENT_AFTER_UPDATE, this.redraw, this);
      this._listening = false;
    }
    const helper = this._helper;
    this._helper = null;
    this._g = null;
    this._drawn.length = 0;
    if (helper && helper.isValid) {
      helper.active = false;
      if (helper.parent) helper.setParent(null);
      helper.destroy();
      requestRepaint();
    }
  }
  /** Draws again if any outline changed (after an engine update: transform, frame, properties). */
  redraw() {
    this._draw(false);
  }
  /** The facts about a node's collider for the inspector. */
  info(nodeUuid) {
    const node = findNode(this.cc.director.getScene(), nodeUuid);
    const c = node ? node.getComponent(COLLIDER_CLASS) : null;
    if (!node || !c) {
      return { found: false, shape: 0, source: "", reason: "", live: false, threshold: 0, width: 0, height: 0, count: 0, frame: "", picture: null };
    }
    const live = c.updateShape();
    const mask = c.mask;
    const sprite = node.getComponent("cc.Sprite");
    return {
      found: true,
      shape: c.shape,
      source: c.maskSource,
      reason: c.maskReason,
      live,
      threshold: c.alphaThreshold,
      width: mask ? mask.width : 0,
      height: mask ? mask.height : 0,
      count: mask ? mask.count() : 0,
      frame: sprite && sprite.spriteFrame && typeof sprite.spriteFrame.uuid === "string" ? sprite.spriteFrame.uuid : "",
      picture: mask ? maskPicture(mask) : null
    };
  }
  // ------------------------------------------------------------------------------------------
  _colliders() {
    const scene = this.cc.director.getScene();
    const out = [];
    for (const uuid of this._uuids) {
      const node = findNode(scene, uuid);
      const c = node ? node.getComponent(COLLIDER_CLASS) : null;
      if (c) out.push(c);
    }
    return out;
  }
  _draw(force) {
    const colliders = this._colliders();
    const seg = this._segments;
    seg.length = 0;
    for (const c of colliders) {
      c.updateShape();
      c.getOutline(seg);
    }
    if (!force && this.helper && sameNumbers(seg, this._drawn)) return colliders.length;
    if (colliders.length === 0) {
      if (this.helper && this._g) this._g.clear();
      this._drawn.length = 0;
      return 0;
    }
    const g = this._graphics(colliders[0].node);
    if (!g) return 0;
    g.clear();
    g.lineWidth = this.lineWidth;
    g.strokeColor = this._color;
    for (let k = 0; k < seg.length; k += 4) {
      g.moveTo(seg[k], seg[k + 1]);
      g.lineTo(seg[k + 2], seg[k + 3]);
    }
    g.stroke();
    this._drawn = seg.slice();
    return colliders.length;
  }
  /** The helper's Graphics, under the render root of `near` (created or moved there). */
  _graphics(near) {
    const root = this._renderRoot(near);
    if (!root) return null;
    let helper = this.helper;
    if (!helper) {
      const F = this.cc.CCObject.Flags;
      helper = new this.cc.Node(HELPER_NAME);
      helper.hideFlags |= F.DontSave | F.HideInHierarchy | F.EditorOnly | F.LockedInEditor;
      root.addChild(helper);
      this._g = helper.addComponent(this.cc.Graphics);
      this._helper = helper;
    } else if (helper.parent !== root) {
      root.addChild(helper);
    }
    helper.layer = near.layer;
    helper.setWorldPosition(0, 0, 0);
    helper.setWorldRotation(0, 0, 0, 1);
    helper.setWorldScale(1, 1, 1);
    const last = root.children.length - 1;
    if (helper.getSiblingIndex() !== last) helper.setSiblingIndex(last);
    return this._g;
  }
  /** The nearest ancestor (or the node itself) with a render root (a Canvas is one). */
  _renderRoot(node) {
    const types = [this.cc.RenderRoot2D, this.cc.Canvas].filter((t) => t !== void 0);
    for (let n = node; n; n = n.parent) {
      if (types.some((t) => n.getComponent(t))) return n;
    }
    return null;
  }
};
function sameNumbers(a, b) {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

// extensions/pixel-collision/source/scene.ts
var preview = null;
function get() {
  if (!preview) {
    module.paths.push((0, import_path.join)(Editor.App.path, "node_modules"));
    preview = new ColliderPreview(module.require("cc"));
  }
  return preview;
}
function load() {
}
function unload() {
  if (preview) preview.hide();
  preview = null;
}
var methods = {
  /** Outlines the PixelColliders of these nodes (the selection); returns how many. */
  showColliders(uuids) {
    return get().show(Array.isArray(uuids) ? uuids : []);
  },
  hideColliders() {
    if (preview) preview.hide();
  },
  /** What the inspector shows for a node's PixelCollider (plain JSON). */
  colliderInfo(nodeUuid) {
    return typeof nodeUuid === "string" ? get().info(nodeUuid) : null;
  }
};
// Annotate the CommonJS export names for ESM import in node:
0 && (module.exports = {
  load,
  methods,
  unload
});
