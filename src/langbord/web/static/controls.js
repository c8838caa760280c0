// The table's controls around the board: undo, hint, rules, zoom, chat, the hotseat's "pass
// the device" screen, the confirmation of choices that forgo something, and tooltips. The
// table page hooks them in with one call, `tableControls`; the lobby with `lobbyControls`.
import { h } from "./dom.js";
import { undoControl } from "./undo.js";
import { hintControl } from "./hint.js";
import { rulesButton } from "./rules.js";
import { zoomControl } from "./zoom.js";
import { notationToggle } from "./notation.js";
import { soundToggle } from "./sound.js";
import { chatPanel } from "./chat.js";
import { passScreen, hotseatOption, keepHotseatTokens } from "./hotseat.js";
import { confirmChoice, forgone } from "./confirm.js";
import { installTips } from "./tips.js";
import { seats } from "./api.js";

/**
 * @typedef {import("./types.js").LegalAction} LegalAction
 * @typedef {import("./types.js").Table & {title?: string}} ShownTable the table shown, with the
 *   game's title if it carries one
 * @typedef {{set: (tableId: string, seat: number, token: string) => void}} Seats
 */

/**
 * Mounts the controls of a table page. They follow the board: each time the board is drawn
 * (its children replaced) they read `table()` again.
 * @param {{
 *   tableId: string,
 *   root: HTMLElement,
 *   board: HTMLElement,
 *   side: HTMLElement,
 *   table: () => (ShownTable | null | undefined),
 *   token: () => (string | null | undefined),
 *   act: (action: LegalAction) => unknown,
 *   refresh?: () => unknown,
 *   redraw?: () => unknown,
 *   seats: Seats,
 * }} options
 *   `root` the page (clicks on its `[data-action]`/`[data-action-list]` are confirmed first),
 *   `board` the board's box (the bar goes above it), `side` the column the chat goes into,
 *   `table()` the table shown, `token()` the seat's token, `act` sends a legal action,
 *   `refresh` fetches the table again, `redraw` draws the page's words again (the notation
 *   setting changed), `seats` keeps a seat's token (hotseat).
 * @returns {{update: () => void}} `update` to call after a redraw that leaves the board as it was
 */
export function tableControls({ tableId, root, board, side, table, token, act, refresh, redraw, seats }) {
  installTips();
  const note = h("div", { class: "ctl-note ctl-said", id: "controls-said", role: "status", hidden: true });
  /** @param {string} text */
  const say = (text) => { note.textContent = text; note.hidden = !text; };
  const undo = undoControl({ tableId, token, refresh, say });
  const hint = hintControl({ tableId, token, board });
  const chat = chatPanel({ tableId, token, refresh });
  const pass = passScreen({ tableId, seats });
  const game = () => String(table()?.game ?? "");
  const bar = h("div", { class: "ctl-bar", id: "controls" },
    undo.button, hint.button, rulesButton(game, () => table()?.title ?? game()),
    h("span", { class: "ctl-spacer" }), notationToggle(() => redraw?.()), soundToggle(),
    zoomControl(board, game()));
  board.before(bar, undo.banner, hint.line, note);
  side.append(chat.panel);

  let said = -1;
  function update() {
    const shown = table();
    if (!shown) return;
    if (!root.isConnected) { pass.remove(); observer.disconnect(); return; }
    if (said !== shown.move) { said = shown.move; say(""); }
    undo.update(shown);
    hint.update(shown);
    chat.update(shown);
    pass.update(shown);
  }
  const observer = new MutationObserver(update);
  observer.observe(board, { childList: true });
  window.addEventListener("hashchange", () => pass.remove(), { once: true });

  // A choice that forgoes something is confirmed first: the click is held at the page and
  // the action sent once the player says yes.
  /** @param {Event} event */
  function hold(event) {
    if (!(event.target instanceof Element)) return;
    const target = event.target.closest("[data-action], [data-action-list]");
    if (!target || !root.contains(target)) return;
    if (event instanceof KeyboardEvent && (target instanceof HTMLButtonElement || (event.key !== "Enter" && event.key !== " "))) return;
    const id = Number(target.getAttribute("data-action") ?? target.getAttribute("data-action-list"));
    const legal = table()?.legal ?? [];
    const action = legal.find((a) => a.id === id);
    if (!action || !needsAsking(action, legal)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    confirmChoice(action, legal).then((yes) => {
      const now = table()?.legal ?? [];
      if (yes && now.some((a) => a.id === action.id)) act(action);
    });
  }
  root.addEventListener("click", hold, true);
  root.addEventListener("keydown", hold, true);
  update();
  return { update };
}

/**
 * @param {LegalAction} action @param {LegalAction[]} legal
 */
function needsAsking(action, legal) {
  return forgone(action, legal) !== null;
}

/**
 * Adds the lobby's table options of the controls (hotseat) to the new-table form, before its
 * submit button. `body()` is merged into the new table's request; `created(id, answer)` keeps a
 * hotseat table's tokens and says true when no join is needed (the creator holds the seats).
 * @param {HTMLFormElement | HTMLElement} form
 * @param {Seats} seats
 */
export function lobbyControls(form, seats) {
  installTips();
  const option = hotseatOption();
  const box = /** @type {HTMLInputElement} */ (option.querySelector("input"));
  const submit = form.querySelector("[type=submit]");
  if (submit) submit.before(option); else form.append(option);
  return {
    /** @returns {{hotseat?: boolean}} */
    body: () => (box.checked ? { hotseat: true } : {}),
    /**
     * @param {string} id
     * @param {{tokens?: Record<string, string>}} answer
     */
    created(id, answer) {
      const tokens = answer?.tokens;
      if (!box.checked || !tokens || !Object.keys(tokens).length) return false;
      keepHotseatTokens(id, tokens);
      const first = Object.keys(tokens).map(Number).sort((a, b) => a - b)[0];
      seats.set(id, first, tokens[String(first)]);
      return true;
    },
  };
}

/**
 * The controls as a panel of the table page (table.js's `PanelMaker`): a holder under the turn
 * bar into which `tableControls` mounts once the page is built, reading the page's board and
 * side column.
 * @param {import("./table.js").TableHooks} hooks
 * @returns {import("./table.js").Panel}
 */
export function controlsPanel(hooks) {
  const element = h("div", { class: "ctl-holder" });
  /** @type {{update: () => void} | null} */
  let mounted = null;
  const mount = () => {
    const page = element.closest(".table-page");
    const board = page?.querySelector("#board");
    const side = page?.querySelector(".side");
    if (!page || !(board instanceof HTMLElement) || !(side instanceof HTMLElement)) return;
    mounted = tableControls({
      tableId: hooks.tableId,
      root: /** @type {HTMLElement} */ (page),
      board,
      side,
      table: hooks.table,
      token: () => hooks.seat()?.token,
      act: hooks.act,
      refresh: hooks.refetch,
      redraw: hooks.redraw,
      seats,
    });
  };
  return {
    element,
    where: "bar",
    update: () => {
      if (!mounted) mount();
      mounted?.update();
    },
  };
}
