// A hint: the game's best agent suggests a move (in words, with its chance of winning), and the
// place on the board it names is marked, found by the action's kind and arguments.
import { h } from "./dom.js";
import { api as request, ApiError } from "./api.js";
import { matches } from "./svg.js";
import { t } from "./i18n.js";

/** @typedef {{id: number, text: string, words?: string, kind?: string | null, args?: Record<string, unknown> | null}} Action
 *   an action as the hint matches it against the legal ones */
/** @typedef {import("./types.js").Hint} Hint */

/**
 * The legal action a hint names: the one of its kind and arguments (its id when none matches).
 * @param {Action[]} legal
 * @param {Action} suggested
 * @returns {Action | null}
 */
export function hintedAction(legal, suggested) {
  if (suggested.kind) {
    const same = legal.find((a) => matches(a, suggested.kind ?? "", /** @type {Record<string, unknown>} */ (suggested.args ?? {})));
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
 * @typedef {{move: number, legal?: Action[], hints?: boolean, you?: number | null}} HintTable
 *   what the hint reads of the table shown
 */

/**
 * Marks on the page the place of the hinted action (`id`), unmarking any other.
 * @param {HTMLElement} board
 * @param {number | undefined} id
 */
function markHinted(board, id) {
  for (const node of document.querySelectorAll(".ctl-hinted")) node.classList.remove("ctl-hinted");
  if (id === undefined) return;
  board.querySelector(`[data-action="${id}"]`)?.classList.add("ctl-hinted");
  document.querySelector(`[data-action-list="${id}"]`)?.classList.add("ctl-hinted");
}

/**
 * The line of a hint: the move in words, its notation, its chance of winning.
 * @param {Hint} hint
 * @param {Action | null} action the legal action it names
 * @param {boolean} onBoard whether the board marks it
 * @returns {HTMLElement[]}
 */
function hintLine(hint, action, onBoard) {
  return [
    h("strong", {}, t("Suggested:"), " "),
    h("span", { id: "hint-move" }, action?.words ?? hint.action.words ?? action?.text ?? hint.action.text),
    h("code", { class: "muted ctl-small" }, ` ${action?.text ?? hint.action.text}`),
    h("span", {}, " — ", t("{chance} chance of winning", { chance: percent(hint.win_chance) })),
    h("span", { class: "muted" }, onBoard ? [" ", t("(marked on the board)")] : ""),
    h("span", { class: "muted ctl-small" }, hint.seconds ? [" · ", t("thought {seconds} s", { seconds: hint.seconds.toFixed(1) })] : ""),
  ];
}

/**
 * Why no hint came: the status of the server's refusal (403 off, 409 not one's turn), else
 * the error.
 * @param {unknown} error
 */
function refusalLine(error) {
  const status = error instanceof ApiError ? error.status : undefined;
  if (status === 403) return t("Hints are off at this table.");
  if (status === 409) return t("Hints are for your own turn.");
  return t("No hint: {reason}", { reason: error instanceof Error ? error.message : String(error) });
}

/**
 * The Hint button and the line of its answer.
 * @param {{tableId: string, token: () => (string | null | undefined), board: HTMLElement}} options
 */
export function hintControl({ tableId, token, board }) {
  const button = /** @type {HTMLButtonElement} */ (h("button", { type: "button", class: "secondary", id: "hint", disabled: true,
    "data-tip": t("Ask the game's best bot which move it would make") }, t("Hint")));
  const line = h("div", { class: "ctl-note ctl-hint", id: "hint-result", role: "status", hidden: true });
  /** @type {{move: number, action: Action | null} | null} */
  let shown = null;
  let off = false;
  let thinking = false;
  /** @type {HintTable | null} */
  let current = null;

  const mark = () => markHinted(board, shown?.action?.id);
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
    button.textContent = thinking ? t("Thinking…") : t("Hint");
  }
  /** Shows the hint the server gave at `move`, unless the table moved on meanwhile.
   * @param {Hint} hint @param {number} move */
  function answer(hint, move) {
    if (current?.move !== move) return;
    const action = hintedAction(current.legal ?? [], hint.action);
    shown = { move, action };
    const onBoard = action ? board.querySelector(`[data-action="${action.id}"]`) : null;
    line.replaceChildren(...hintLine(hint, action, !!onBoard));
    line.hidden = false;
    mark();
  }
  /** @param {unknown} error @param {number} move */
  function refused(error, move) {
    if (error instanceof ApiError && error.status === 403) off = true;
    shown = { move, action: null };
    line.replaceChildren(h("span", {}, refusalLine(error)));
    line.hidden = false;
  }
  button.addEventListener("click", async () => {
    const table = current;
    if (!table || thinking) return;
    thinking = true;
    refreshButton();
    const move = table.move;
    try {
      answer(/** @type {Hint} */ (await request(`/api/tables/${tableId}/hint`, { token: token() })), move);
    } catch (e) {
      refused(e, move);
    } finally {
      thinking = false;
      refreshButton();
    }
  });

  /** @param {HintTable} table */
  function update(table) {
    current = table;
    if (shown && shown.move !== table.move) clear();
    else mark(); // the board was drawn again: mark the place again
    refreshButton();
  }
  return { button, line, update };
}
