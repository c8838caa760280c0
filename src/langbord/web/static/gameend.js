// The game-end panel: who won and why, the ranking with scores and ties, the score breakdown,
// and what to do next (a rematch with the same seats, a new table, the replay, its analysis).
import { h } from "./dom.js";
import { seatChip } from "./board.js";
import { whoLabel, seatLabel } from "./names.js";
import { rankingOf, headline, ordinal, reasonLine } from "./ranking.js";
import { rulingsNote } from "./rulings.js";
import { t } from "./i18n.js";

/** @typedef {import("./types.js").Table} Table */

/**
 * @typedef {object} EndHandlers
 * @property {() => Promise<void>} rematch asks for (or goes to) the rematch
 * @property {boolean} [cooperative] the players win or lose together
 */

/** The panel's content for a finished table.
 * @param {Table} table
 * @param {number | null} you
 * @param {EndHandlers} handlers */
export function endPanel(table, you, handlers) {
  const result = table.result;
  if (!result) return [];
  const { players } = table;
  /** @param {number} seat */
  const label = (seat) => whoLabel(players, seat, you);
  const rows = rankingOf(result, players);
  const reason = reasonLine(result);
  // A cooperative game has no places: the team won or lost together, so no one is "1st (tie)".
  const placed = !handlers.cooperative;
  const ranking = h("table", { class: "ranking", id: "ranking" },
    h("thead", {}, h("tr", {}, placed ? h("th", { scope: "col" }, t("Place")) : null, h("th", { scope: "col" }, t("Player")), h("th", { scope: "col", class: "num" }, t("Score")))),
    h("tbody", {}, rows.map((row) => h("tr", { class: placed && row.place === 1 ? "first" : "", "data-seat": row.seat },
      placed ? h("td", {}, ordinal(row.place), row.tied ? h("span", { class: "tie" }, " ", t("(tie)")) : null) : null,
      h("td", {}, h("span", { class: "who" }, seatChip(table, row.seat), label(row.seat))),
      h("td", { class: "num" }, formatNumber(row.score))))));
  const breakdown = result.breakdown && result.breakdown.rows?.length ? breakdownTable(table, result.breakdown) : null;
  const rematchButton = you !== null && table.status === "over"
    ? h("button", { type: "button", id: "rematch", onclick: () => void handlers.rematch() }, table.rematch ? t("Go to the rematch") : t("Rematch, same seats"))
    : null;
  return [
    h("h2", { id: "game-over" }, t("Game over")),
    h("p", { class: "headline", id: "headline" }, headline(result, players, label, handlers.cooperative)),
    reason ? h("p", { class: "reason", id: "reason" }, reason) : null,
    rulingsNote(result.rulings ?? []),
    ranking,
    breakdown ? h("details", { class: "breakdown", open: true }, h("summary", {}, t("Where the points came from")), breakdown) : null,
    h("div", { class: "end-actions" },
      rematchButton,
      h("a", { class: "button", href: `#/?game=${encodeURIComponent(table.game)}`, id: "new-table-link" }, t("New table")),
      table.status === "over" ? h("a", { class: "button secondary", href: `#/replay/${table.id}?analyse=1`, id: "analyse-link" }, t("Analyse this game")) : null,
      table.status === "over" ? h("a", { class: "button secondary", href: `#/replay/${table.id}`, id: "replay-link" }, t("Watch the replay")) : null),
  ];
}

/** The breakdown as a table: a row per source, a column per seat.
 * @param {Table} table
 * @param {import("./types.js").Breakdown} breakdown */
function breakdownTable(table, breakdown) {
  const seats = table.players.map((p) => p.seat);
  return h("div", { class: "scroll-x" }, h("table", { class: "breakdown-table", id: "breakdown" },
    h("thead", {}, h("tr", {}, h("th", {}, ""), seats.map((s) => h("th", { scope: "col", class: "num" }, seatChip(table, s), " ", h("span", { class: "seat-word" }, seatLabel(table.players, s)))))),
    h("tbody", {}, breakdown.rows.map((row, k) => h("tr", {},
      h("th", { scope: "row" }, row),
      seats.map((s) => h("td", { class: "num" }, formatNumber(breakdown.values?.[k]?.[s]))))))));
}

/** 3 → "3", 2.5 → "2.5", missing → "–".
 * @param {unknown} value */
function formatNumber(value) {
  if (typeof value !== "number" || !Number.isFinite(value)) return "–";
  return Number.isInteger(value) ? String(value) : value.toFixed(1);
}
