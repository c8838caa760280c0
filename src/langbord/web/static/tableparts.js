// The parts of a table's page beside the board: the players, the actions in words, the log,
// and the "since your turn" list. Each is a function of the table that fills its element.
import { h } from "./dom.js";
import { seatChip } from "./board.js";
import { actionWords, actionNotation, entryLine, seatLabel, sitterLabel } from "./names.js";
import { showsNotation } from "./notation.js";
import { t, tn } from "./i18n.js";

/** @typedef {import("./types.js").Table} Table */
/** @typedef {import("./types.js").LegalAction} LegalAction */
/** @typedef {import("./types.js").LogEntry} LogEntry */

/** The players: chip, seat name, who sits there; the one whose turn it is marked.
 * @param {HTMLElement} list
 * @param {Table} table */
export function drawPlayers(list, table) {
  const playing = table.status === "playing";
  list.replaceChildren(...table.players.map((p) => {
    const turn = playing && table.to_move === p.seat;
    return h("li", { class: turn ? "to-move" : "", "data-seat": p.seat },
      seatChip(table, p.seat),
      h("span", {}, t("{seat}: {sitter}", { seat: seatLabel(table.players, p.seat), sitter: sitterLabel(p) }), table.you === p.seat ? [" ", t("(you)")] : ""),
      turn ? h("span", { class: "turn-mark" }, p.kind === "bot" ? t("thinking") : t("deciding")) : null);
  }));
}

/** The legal actions as buttons in words, with the notation as smaller text if the player
 * asks for it (`showsNotation`).
 * @param {HTMLElement} box
 * @param {Table} table
 * @param {(action: LegalAction) => void} act
 * @param {(action: LegalAction) => boolean} onBoard whether the board offers it too */
export function drawActions(box, table, act, onBoard) {
  const shown = showsNotation();
  box.replaceChildren(...table.legal.map((a) => {
    const notation = shown ? actionNotation(a) : null;
    return h("button", {
      type: "button", class: onBoard(a) ? "secondary on-board" : "secondary",
      "data-action-list": a.id, onclick: () => act(a),
    }, h("span", { class: "words" }, actionWords(a)), notation ? h("small", { class: "notation" }, notation) : null);
  }));
  if (!table.legal.length) {
    const why = table.you === null ? t("You are watching.") : table.status === "playing" ? t("Not your turn.") : t("Nothing to decide.");
    box.append(h("span", { class: "muted" }, why));
  }
}

/** The whole log, the entry being shown (or the last one) highlighted.
 * @param {HTMLElement} list
 * @param {Table} table
 * @param {number | null} current the move being shown, null: the last */
export function drawLog(list, table, current) {
  const marked = current ?? table.log.length - 1;
  const notation = showsNotation();
  list.replaceChildren(...table.log.map((e, i) => h("li", { class: i === marked ? "last" : "" },
    entryLine(e, table.players, table.you, notation))));
  list.scrollTop = list.scrollHeight;
}

/** The "since your turn" list: the entries given, up to the one being shown.
 * @param {HTMLElement} list
 * @param {Table} table
 * @param {{entries: LogEntry[], hidden: number}} since
 * @param {number | null} upTo the move being shown (later ones wait), null: all */
export function drawSince(list, table, since, upTo) {
  const shown = since.entries.filter((e) => upTo === null || e.move <= upTo);
  list.replaceChildren(
    ...(since.hidden ? [h("li", { class: "muted" }, tn("… and {n} earlier", "… and {n} earlier", since.hidden))] : []),
    ...shown.map((e) => h("li", { class: e.move === upTo ? "current" : "" }, entryLine(e, table.players, table.you, showsNotation()))));
  if (!shown.length && !since.hidden) list.append(h("li", { class: "muted" }, t("Nothing yet.")));
}
