// Undo of one's own decisions (back to the last revealed card or die, or the last move of
// another seat): at once at a table of bots or hotseat humans; at a table of several humans a
// request the others answer.
import { h } from "./dom.js";
import { api as request } from "./api.js";
import { t, tn } from "./i18n.js";
import { seatWord } from "./names.js";

/**
 * @typedef {import("./types.js").Undo} Undo
 * @typedef {{you: number | null, undo?: Undo | null, players: {seat_name?: string, name?: string | null}[]}} UndoTable
 */

/**
 * What the undo control shows for `table`: whether the button works, and the request's line
 * (`answer`: the seat is asked; `waiting`: others are).
 * @param {UndoTable} table
 * @returns {{enabled: boolean, banner: null | {kind: "answer" | "waiting", text: string}}}
 */
export function undoState(table) {
  const undo = table.undo ?? null;
  const request = undo?.request ?? null;
  /** @param {number} p */
  const who = (p) => {
    const seatName = table.players[p]?.seat_name;
    return table.players[p]?.name || (seatName ? seatWord(seatName) : "") || t("a player");
  };
  if (!request) return { enabled: Boolean(undo?.available), banner: null };
  const waiting = request.waiting_for.map(who).join(", ");
  if (request.by === table.you) {
    return { enabled: false, banner: { kind: "waiting", text: tn("You asked to take back {n} decision: waiting for {players}.", "You asked to take back {n} decisions: waiting for {players}.", request.moves, { players: waiting }) } };
  }
  if (table.you !== null && request.waiting_for.includes(table.you)) {
    return { enabled: false, banner: { kind: "answer", text: tn("{player} asks to take back {n} decision.", "{player} asks to take back {n} decisions.", request.moves, { player: who(request.by) }) } };
  }
  return { enabled: false, banner: { kind: "waiting", text: tn("{player} asked to take back {n} decision: waiting for {players}.", "{player} asked to take back {n} decisions: waiting for {players}.", request.moves, { player: who(request.by), players: waiting }) } };
}

/**
 * The Undo button and the line of a pending request.
 * @param {{tableId: string, token: () => (string | null | undefined), refresh?: () => unknown, say: (text: string) => void}} options
 */
export function undoControl({ tableId, token, refresh, say }) {
  const button = /** @type {HTMLButtonElement} */ (h("button", { type: "button", class: "secondary", id: "undo", disabled: true,
    "data-tip": t("Take back your decisions since the last card or die was revealed or another player moved") }, t("↶ Undo")));
  const text = h("span", { id: "undo-text" });
  const accept = h("button", { type: "button", id: "undo-accept" }, t("Allow"));
  const refuse = h("button", { type: "button", class: "secondary", id: "undo-refuse" }, t("Refuse"));
  const answers = h("span", { class: "ctl-answers" }, refuse, accept);
  const banner = h("div", { class: "ctl-note ctl-undo", id: "undo-request", role: "status", hidden: true }, text, answers);
  let sending = false;

  /** @param {string} path @param {unknown} [body] */
  async function send(path, body) {
    if (sending) return;
    sending = true;
    try {
      const answer = await request(`/api/tables/${tableId}/${path}`, { method: "POST", token: token(), body: body ?? {} });
      if (answer?.request || answer?.waiting_for) say(t("The other players are asked."));
      await refresh?.();
    } catch (e) {
      say(e instanceof Error ? e.message : String(e));
    } finally {
      sending = false;
    }
  }
  button.addEventListener("click", () => send("undo"));
  accept.addEventListener("click", () => send("undo/answer", { accept: true }));
  refuse.addEventListener("click", () => send("undo/answer", { accept: false }));

  /** @param {UndoTable} table */
  function update(table) {
    const state = undoState(table);
    button.hidden = table.you === null || table.you === undefined;
    button.disabled = !state.enabled;
    banner.hidden = !state.banner;
    text.textContent = state.banner?.text ?? "";
    answers.hidden = state.banner?.kind !== "answer";
  }
  return { button, banner, update };
}
