// A hint: the game's best agent suggests a move (in words, with its chance of winning), and the
// place on the board it names is marked, found by the action's kind and arguments.
import { h } from "./dom.js";
import { api as request } from "./api.js";
import { matches } from "./svg.js";

/**
 * @typedef {{id: number, text: string, words?: string, kind?: string | null, args?: Record<string, unknown> | null}} Action
 * @typedef {{action: Action, win_chance: number, agent?: string, seconds?: number}} Hint
 */

/**
 * The legal action a hint names: the one of its kind and arguments (its id when none matches).
 * @param {Action[]} legal
 * @param {Action} suggested
 * @returns {Action | null}
 */
export function hintedAction(legal, suggested) {
  if (suggested.kind) {
    const same = legal.find((a) => matches(a, suggested.kind ?? "", /** @type {Record<string, any>} */ (suggested.args ?? {})));
    if (same) return same;
  }
  return legal.find((a) => a.id === suggested.id) ?? null;
}

/**
 * "63 %", "< 1 %", "> 99 %".
 * @param {number} p a chance, 0..1
 */
export function percent(p) {
  const x = Math.max(0, Math.min(1, Number(p) || 0)) * 100;
  if (x > 0 && x < 1) return "< 1 %";
  if (x < 100 && x > 99) return "> 99 %";
  return `${Math.round(x)} %`;
}

/**
 * The Hint button and the line of its answer.
 * @param {{tableId: string, token: () => (string | null | undefined), board: HTMLElement}} options
 */
export function hintControl({ tableId, token, board }) {
  const button = /** @type {HTMLButtonElement} */ (h("button", { type: "button", class: "secondary", id: "hint", disabled: true,
    "data-tip": "Ask the game's best bot which move it would make" }, "Hint"));
  const line = h("div", { class: "ctl-note ctl-hint", id: "hint-result", role: "status", hidden: true });
  /** @type {{move: number, action: Action | null} | null} */
  let shown = null;
  let off = false;
  let thinking = false;
  /** @type {any} */
  let current = null;

  function mark() {
    for (const node of document.querySelectorAll(".ctl-hinted")) node.classList.remove("ctl-hinted");
    const id = shown?.action?.id;
    if (id === undefined) return;
    board.querySelector(`[data-action="${id}"]`)?.classList.add("ctl-hinted");
    document.querySelector(`[data-action-list="${id}"]`)?.classList.add("ctl-hinted");
  }
  function clear() {
    shown = null;
    line.hidden = true;
    line.replaceChildren();
    mark();
  }
  function refreshButton() {
    const table = current;
    const yours = Boolean(table && table.legal?.length);
    button.hidden = off || !table || table.hints === false || table.you === null || table.you === undefined;
    button.disabled = !yours || thinking;
    button.textContent = thinking ? "Thinking…" : "Hint";
  }
  button.addEventListener("click", async () => {
    const table = current;
    if (!table || thinking) return;
    thinking = true;
    refreshButton();
    const move = table.move;
    try {
      /** @type {Hint} */
      const hint = await request(`/api/tables/${tableId}/hint`, { token: token() });
      if (current?.move !== move) return; // the table moved on meanwhile
      const action = hintedAction(current.legal ?? [], hint.action);
      shown = { move, action };
      const onBoard = action ? board.querySelector(`[data-action="${action.id}"]`) : null;
      line.replaceChildren(
        h("strong", {}, "Suggested: "),
        h("span", { id: "hint-move" }, action?.words ?? hint.action.words ?? action?.text ?? hint.action.text),
        h("code", { class: "muted ctl-small" }, ` ${action?.text ?? hint.action.text}`),
        h("span", {}, ` — ${percent(hint.win_chance)} chance of winning`),
        h("span", { class: "muted" }, onBoard ? " (marked on the board)" : ""),
        h("span", { class: "muted ctl-small" }, hint.seconds ? ` · thought ${hint.seconds.toFixed(1)} s` : ""),
      );
      line.hidden = false;
      mark();
    } catch (e) {
      const status = /** @type {any} */ (e).status;
      if (status === 403) off = true;
      shown = { move, action: null };
      line.replaceChildren(h("span", {}, status === 403 ? "Hints are off at this table."
        : status === 409 ? "Hints are for your own turn." : `No hint: ${e instanceof Error ? e.message : String(e)}`));
      line.hidden = false;
    } finally {
      thinking = false;
      refreshButton();
    }
  });

  /** @param {any} table */
  function update(table) {
    current = table;
    if (shown && shown.move !== table.move) clear();
    else mark(); // the board was drawn again: mark the place again
    refreshButton();
  }
  return { button, line, update };
}
