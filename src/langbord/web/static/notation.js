// Whether the page shows each move's notation (what the terminal types, "take d1") beside its
// words: a player's setting, off by default, remembered on this device. Words are what a
// player reads; notation is for those who ask for it.
import { h } from "./dom.js";
import { t } from "./i18n.js";
import { deviceStore, deviceSwitch } from "./setting.js";

const KEY = "langbord.notation";

/** @typedef {import("./setting.js").Store} Store */

const setting = deviceSwitch(KEY);

/** Whether notation is shown.
 * @param {Store | null} [storage] */
export function showsNotation(storage = deviceStore()) {
  return setting.on(storage);
}

/** Remembers whether notation is shown.
 * @param {boolean} on
 * @param {Store | null} [storage] */
export function setShowsNotation(on, storage = deviceStore()) {
  setting.set(on, storage);
}

/** The setting as a checkbox; `changed()` is called after each change (to draw again).
 * @param {() => void} changed */
export function notationToggle(changed) {
  const box = h("input", { type: "checkbox", id: "show-notation", checked: showsNotation() });
  box.addEventListener("change", () => {
    setShowsNotation(box.checked);
    changed();
  });
  return h("label", {
    class: "ctl-notation-toggle",
    "data-tip": t("Show each move's notation beside its words: what the terminal types"),
  }, box, t("Notation"));
}
