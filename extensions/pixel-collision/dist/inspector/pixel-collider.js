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

// extensions/pixel-collision/source/inspector/pixel-collider.ts
var pixel_collider_exports = {};
__export(pixel_collider_exports, {
  $: () => $,
  close: () => close,
  ready: () => ready,
  style: () => style,
  template: () => template,
  update: () => update
});
module.exports = __toCommonJS(pixel_collider_exports);

// extensions/pixel-collision/source/editor/format.ts
var I18N = "pixel-collision";
function tr(t2, key, vars) {
  return t2(`${I18N}.${key}`, vars);
}

// extensions/pixel-collision/source/inspector/view.ts
var PIXELS = 0;
function propsToRender(dump) {
  const ordered = [], normal = [];
  for (const key of Object.keys(dump.value)) {
    const d = dump.value[key];
    if (d == null) continue;
    ("displayOrder" in d ? ordered : normal).push({ key, dump: d });
  }
  ordered.sort((a, b) => a.dump.displayOrder - b.dump.displayOrder);
  return ordered.concat(normal).filter((p) => p.dump.visible);
}
function nodeUuids(dump) {
  const node = dump.value.node;
  if (!node) return [];
  const all = node.values && node.values.length ? node.values : [node.value];
  return all.map((v) => v && typeof v.uuid === "string" ? v.uuid : "").filter((u) => u.length > 0);
}
function maskView(t2, info, nodeCount) {
  const empty = { message: "", rows: [], note: "", picture: null, bake: null };
  if (nodeCount > 1) return { ...empty, message: tr(t2, "inspector.multiple") };
  if (!info || !info.found) return { ...empty, message: tr(t2, "inspector.unavailable") };
  const fallback = info.reason !== "";
  const rows = [{
    label: tr(t2, "inspector.source_label"),
    value: tr(t2, `inspector.source.${info.source}`),
    tone: fallback || info.source === "pixels" || info.source === "readback" ? "warn" : "normal"
  }];
  if (info.width > 0 && info.height > 0) {
    const percent = Math.round(1e3 * info.count / (info.width * info.height)) / 10;
    rows.push({ label: tr(t2, "inspector.size_label"), value: tr(t2, "inspector.size_value", { width: info.width, height: info.height }), tone: "normal" });
    rows.push({ label: tr(t2, "inspector.count_label"), value: tr(t2, "inspector.count_value", { count: info.count, percent }), tone: "normal" });
  }
  if (info.parts > 0) {
    rows.push({ label: tr(t2, "inspector.size_label"), value: tr(t2, "inspector.parts_size_value", { width: info.partsWidth, height: info.partsHeight }), tone: "normal" });
    rows.push({ label: tr(t2, "inspector.parts_label"), value: String(info.parts), tone: "normal" });
  }
  let note = "";
  if (fallback) note = tr(t2, `inspector.reason.${info.reason}`);
  else if (info.source === "pixels" || info.source === "readback") note = tr(t2, `inspector.hint.${info.source}`);
  const bakeable = info.shape === PIXELS && info.frame !== "" && info.source !== "bounds" && info.reason !== "sprite-type" && info.reason !== "no-sprite";
  return {
    message: "",
    rows,
    note,
    picture: info.picture,
    bake: bakeable ? { frames: [info.frame], thresholds: [info.threshold] } : null
  };
}
function pictureRGBA(p, on = [50, 230, 90, 255], off = [0, 0, 0, 64]) {
  const px = new Uint8ClampedArray(p.width * p.height * 4);
  for (let y = 0; y < p.height; y++) {
    const row = p.rows[y] ?? "";
    for (let x = 0; x < p.width; x++) {
      const c = row.charCodeAt(x) === 35 ? on : off;
      px.set(c, (y * p.width + x) * 4);
    }
  }
  return px;
}

// extensions/pixel-collision/source/inspector/pixel-collider.ts
var template = `
<div class="pc-props"></div>
<ui-section class="pc-mask config" expand cache-expand="pixel-collision-mask">
    <ui-label slot="header" value="i18n:pixel-collision.inspector.mask"></ui-label>
    <div class="pc-message"></div>
    <div class="pc-rows"></div>
    <div class="pc-note"></div>
    <ui-prop>
        <ui-label slot="label" value="i18n:pixel-collision.inspector.picture_label" tooltip="i18n:pixel-collision.inspector.picture_tip"></ui-label>
        <div slot="content"><canvas class="pc-picture"></canvas></div>
    </ui-prop>
    <ui-button class="pc-bake blue" tooltip="i18n:pixel-collision.inspector.bake_tip">
        <ui-label value="i18n:pixel-collision.inspector.bake"></ui-label>
    </ui-button>
</ui-section>
`;
var $ = {
  props: ".pc-props",
  message: ".pc-message",
  rows: ".pc-rows",
  note: ".pc-note",
  picture: ".pc-picture",
  bake: ".pc-bake"
};
var style = `
.pc-message, .pc-note { color: var(--color-normal-contrast-weakest); margin: 4px 0; white-space: normal; }
.pc-note.warn, .pc-row.warn ui-label[slot="content"] { color: var(--color-warn-fill); }
.pc-picture { image-rendering: pixelated; border: 1px solid var(--color-normal-border); max-width: 100%; }
.pc-bake { margin-top: 6px; width: 100%; }
`;
var t = (key, vars) => Editor.I18n.t(key, vars);
function ready() {
  this.$.bake.addEventListener("confirm", (event) => {
    event.stopPropagation();
    void bake(this);
  });
}
function update(dump) {
  this.dump = dump;
  renderProps(this, dump);
  void refresh(this);
}
function close() {
  this.ask = (this.ask ?? 0) + 1;
}
function renderProps(section, dump) {
  const props = section.props ??= /* @__PURE__ */ new Map();
  const container = section.$.props;
  const list = propsToRender(dump);
  const wanted = [];
  const keep = /* @__PURE__ */ new Set();
  for (const { key } of list) {
    keep.add(key);
    let el = props.get(key);
    if (!el) {
      el = document.createElement("ui-prop");
      el.setAttribute("type", "dump");
      props.set(key, el);
    }
    wanted.push(el);
  }
  for (const [key, el] of props) if (!keep.has(key)) {
    el.remove();
    props.delete(key);
  }
  for (let i = 0; i < wanted.length; i++) {
    const at = container.children[i] ?? null;
    if (at !== wanted[i]) container.insertBefore(wanted[i], at);
  }
  for (let i = 0; i < wanted.length; i++) wanted[i].render(list[i].dump);
}
function sceneProtocol(element) {
  let el = element;
  while (el) {
    el = el.parentElement ?? (el.getRootNode().host ?? null);
    const protocol = el ? el.messageProtocol : void 0;
    if (protocol && typeof protocol.scene === "string" && protocol.scene) return protocol.scene;
  }
  return "scene";
}
async function refresh(section) {
  const uuids = section.dump ? nodeUuids(section.dump) : [];
  const ask = section.ask = (section.ask ?? 0) + 1;
  let info = null;
  if (uuids.length === 1) {
    try {
      info = await Editor.Message.request(sceneProtocol(section.$.props), "execute-scene-script", { name: "pixel-collision", method: "colliderInfo", args: [uuids[0]] });
    } catch {
      info = null;
    }
  }
  if (ask !== section.ask) return;
  show(section, maskView(t, info, uuids.length));
}
function show(section, view) {
  section.view = view;
  const { message, rows, note, picture, bake: bake2 } = section.$;
  message.textContent = view.message;
  message.hidden = view.message === "";
  rows.replaceChildren(...view.rows.map((r) => {
    const prop = document.createElement("ui-prop");
    prop.className = `pc-row ${r.tone}`;
    const label = document.createElement("ui-label");
    label.setAttribute("slot", "label");
    label.setAttribute("value", r.label);
    const value = document.createElement("ui-label");
    value.setAttribute("slot", "content");
    value.setAttribute("value", r.value);
    prop.append(label, value);
    return prop;
  }));
  note.textContent = view.note;
  note.className = `pc-note${view.rows[0]?.tone === "warn" ? " warn" : ""}`;
  note.hidden = view.note === "";
  const canvas = picture;
  const p = view.picture;
  canvas.closest("ui-prop")?.toggleAttribute("hidden", !p);
  if (p) {
    canvas.width = p.width;
    canvas.height = p.height;
    canvas.style.width = `${Math.max(p.width, Math.min(96, p.width * 4))}px`;
    const ctx = canvas.getContext("2d");
    if (ctx) ctx.putImageData(new ImageData(pictureRGBA(p), p.width, p.height), 0, 0);
  }
  bake2.toggleAttribute("disabled", !view.bake);
  bake2.hidden = view.message !== "";
}
async function bake(section) {
  const job = section.view?.bake;
  if (!job) return;
  const button = section.$.bake;
  button.toggleAttribute("disabled", true);
  try {
    await Editor.Message.request("pixel-collision", "bake-frames", job.frames, job.thresholds);
  } finally {
    button.toggleAttribute("disabled", false);
    await refresh(section);
  }
}
// Annotate the CommonJS export names for ESM import in node:
0 && (module.exports = {
  $,
  close,
  ready,
  style,
  template,
  update
});
