// The replay viewer of a finished table: step through its moves by buttons, the slider, the
// arrow keys or the log.
import { api, titles } from "./api.js";
import { h } from "./dom.js";
import { drawBoard } from "./board.js";
import { entryLine, gameTitle } from "./names.js";

/** @typedef {import("./types.js").Table} Table */
/** @typedef {import("./types.js").Step} Step */

/** Builds the replay of table `tableId` into `root`; returns what to do on leaving it.
 * @param {HTMLElement} root
 * @param {string} tableId */
export async function replayPage(root, tableId) {
  let step = 0;
  /** @type {Step} */
  let data = await api(`/api/tables/${tableId}/steps/0`);
  const total = data.steps;
  const title = gameTitle(await titles().catch(() => new Map()), data.game);
  const boardBox = h("div", { class: "board", id: "board" });
  const slider = h("input", { type: "range", min: 0, max: total, value: 0, id: "slider", "aria-label": "step" });
  const label = h("span", { id: "step-label" });
  const logList = h("ol", { class: "log", id: "log", start: 0 });
  const textBox = h("pre", { class: "text" });

  /** @param {number} next */
  async function go(next) {
    step = Math.max(0, Math.min(total, next));
    data = /** @type {Step} */ (await api(`/api/tables/${tableId}/steps/${step}`));
    slider.value = String(step);
    label.textContent = `step ${step} of ${total}`;
    /** @type {Table} */
    const shown = { ...data, legal: [], you: null, prompt: null, result: null, move: step, status: "replay", log: data.log.slice(0, step) };
    await drawBoard(boardBox, shown, () => {});
    textBox.textContent = data.text;
    logList.replaceChildren(...data.log.map((e, i) => h("li", { class: i === step - 1 ? "current" : "" },
      h("a", { href: "#", onclick: (/** @type {Event} */ ev) => { ev.preventDefault(); void go(i + 1); } }, entryLine(e, data.players)))));
    const current = logList.querySelector(".current");
    if (current) current.scrollIntoView({ block: "nearest" });
  }
  slider.addEventListener("input", () => void go(Number(slider.value)));
  /** @param {KeyboardEvent} event */
  const keys = (event) => {
    const target = /** @type {HTMLElement} */ (event.target);
    if (target.tagName === "INPUT" && target !== slider) return;
    if (event.key === "ArrowRight") { event.preventDefault(); void go(step + 1); }
    if (event.key === "ArrowLeft") { event.preventDefault(); void go(step - 1); }
  };
  document.addEventListener("keydown", keys);
  /** A control button with a drawn label (no font lacks it) and its name for screen readers.
   * @param {string} id @param {string} text @param {string} name @param {() => void} onclick */
  const control = (id, text, name, onclick) => h("button", { type: "button", class: "secondary", id, "aria-label": name, title: name, onclick }, text);
  root.append(h("div", { class: "table-page replay" },
    h("section", { class: "board-area" },
      h("h1", { class: "table-title" }, `${title}: replay`),
      h("div", { class: "replay-controls" },
        control("first", "|◀", "first step", () => void go(0)),
        control("prev", "◀", "previous step", () => void go(step - 1)),
        slider,
        control("next", "▶", "next step", () => void go(step + 1)),
        control("last", "▶|", "last step", () => void go(total)),
        label),
      boardBox,
      h("details", {}, h("summary", {}, "The table as text"), textBox)),
    h("aside", { class: "side" },
      h("section", { class: "panel" }, h("h3", {}, "Log"), logList),
      h("p", {}, h("a", { class: "button secondary", href: `#/table/${tableId}` }, "Back to the table")))));
  await go(0);
  return () => document.removeEventListener("keydown", keys);
}
