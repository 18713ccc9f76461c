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

// extensions/pixel-collision/source/settings/panel.ts
var panel_exports = {};
__export(panel_exports, {
  $: () => $,
  close: () => close,
  ready: () => ready,
  style: () => style,
  template: () => template
});
module.exports = __toCommonJS(panel_exports);
var PACKAGE = "pixel-collision";
var KEYS = ["thresholds", "out", "onUnreadable", "bakeAll", "include"];
var prop = (key, content) => `
<ui-prop>
    <ui-label slot="label" value="i18n:${PACKAGE}.settings.${key}.label" tooltip="i18n:${PACKAGE}.settings.${key}.tip"></ui-label>
    ${content}
</ui-prop>
<div class="pc-error pc-error-${key}" hidden></div>`;
var template = `
<div class="pc-settings">
    <div class="pc-intro"><ui-label value="i18n:${PACKAGE}.settings.intro"></ui-label></div>
    ${prop("thresholds", '<ui-input slot="content" class="pc-thresholds" placeholder="0, 64"></ui-input>')}
    ${prop("out", '<ui-input slot="content" class="pc-out"></ui-input>')}
    ${prop("onUnreadable", '<ui-select slot="content" class="pc-onUnreadable"><option value="keep"></option><option value="fail"></option></ui-select>')}
    ${prop("bakeAll", '<ui-checkbox slot="content" class="pc-bakeAll"></ui-checkbox>')}
    ${prop("include", '<ui-textarea slot="content" class="pc-include" placeholder="assets/art/enemies/**"></ui-textarea>')}
</div>
`;
var $ = {
  thresholds: ".pc-thresholds",
  out: ".pc-out",
  onUnreadable: ".pc-onUnreadable",
  bakeAll: ".pc-bakeAll",
  include: ".pc-include",
  "error-thresholds": ".pc-error-thresholds",
  "error-out": ".pc-error-out",
  "error-onUnreadable": ".pc-error-onUnreadable",
  "error-bakeAll": ".pc-error-bakeAll",
  "error-include": ".pc-error-include"
};
var style = `
.pc-settings { padding: 4px 0; }
.pc-intro { color: var(--color-normal-contrast-weakest); margin-bottom: 8px; white-space: normal; }
.pc-error { color: var(--color-warn-fill); margin: 2px 0 6px; white-space: normal; }
.pc-include { min-height: 4em; }
`;
function toField(key, value) {
  if (key === "thresholds" && Array.isArray(value)) return value.join(", ");
  if (key === "include" && Array.isArray(value)) return value.join("\n");
  return String(value);
}
function fieldValue(panel, key) {
  const v = panel.$[key].value;
  if (key === "bakeAll") return v === true || v === "true";
  return typeof v === "string" ? v : String(v ?? "");
}
function showError(panel, key, message) {
  const el = panel.$[`error-${key}`];
  el.textContent = message;
  el.hidden = message === "";
}
function setField(panel, key, value) {
  const el = panel.$[key];
  el.value = key === "bakeAll" ? value === true : toField(key, value);
  (panel.sent ??= {})[key] = String(fieldValue(panel, key));
}
async function save(panel, key) {
  const value = fieldValue(panel, key);
  if ((panel.sent ??= {})[key] === String(value)) return;
  let r;
  try {
    r = await Editor.Message.request(PACKAGE, "set-setting", key, value);
  } catch (err) {
    showError(panel, key, err instanceof Error ? err.message : String(err));
    return;
  }
  if (r.ok) {
    showError(panel, key, "");
    setField(panel, key, r.value);
  } else {
    showError(panel, key, r.message);
  }
}
async function ready() {
  const select = this.$.onUnreadable;
  for (const option of Array.from(select.querySelectorAll("option"))) {
    option.textContent = Editor.I18n.t(`${PACKAGE}.settings.onUnreadable.${option.value}`);
  }
  for (const key of KEYS) {
    const el = this.$[key];
    const events = key === "onUnreadable" || key === "bakeAll" ? ["change", "confirm"] : ["confirm"];
    for (const type of events) el.addEventListener(type, () => {
      void save(this, key);
    });
  }
  const view = await Editor.Message.request(PACKAGE, "get-settings");
  for (const key of KEYS) {
    setField(this, key, view.values[key]);
    showError(this, key, view.errors[key] ?? "");
  }
}
function close() {
  this.sent = {};
}
// Annotate the CommonJS export names for ESM import in node:
0 && (module.exports = {
  $,
  close,
  ready,
  style,
  template
});
