// The game's end as a player reads it: the ranking with scores and ties, the headline, the
// breakdown. From the server's `result.ranking`, or worked out from the scores and winners
// while a server lacks it. Pure: no DOM.

import { seatLabel } from "./names.js";
import { t } from "./i18n.js";

/** @typedef {import("./types.js").Result} Result */
/** @typedef {import("./types.js").Player} Player */
/** @typedef {import("./types.js").RankingRow} RankingRow */

/** The ranking, best first; seats with equal scores (and equally winners or not) share a
 * place, the next place skipping as many ("1, 1, 3").
 * @param {Pick<Result, "scores" | "winners"> & Partial<Result>} result the scores and winners at least
 * @param {Player[]} players
 * @returns {RankingRow[]} */
export function rankingOf(result, players) {
  if (Array.isArray(result.ranking) && result.ranking.length) {
    return result.ranking.map((row) => ({ ...row, name: row.name || seatLabel(players, row.seat) }));
  }
  const scores = result.scores ?? [];
  const winners = new Set(result.winners ?? []);
  const seats = players.length ? players.map((p) => p.seat) : scores.map((_, k) => k);
  /** @param {number} s */
  const key = (s) => [winners.has(s) ? 1 : 0, Number(scores[s] ?? 0)];
  const order = [...seats].sort((a, b) => {
    const [wa, sa] = key(a);
    const [wb, sb] = key(b);
    return wb - wa || sb - sa || a - b;
  });
  /** @type {RankingRow[]} */
  const rows = [];
  order.forEach((seat, k) => {
    const previous = rows[k - 1];
    const same = previous && key(previous.seat).every((v, i) => v === key(seat)[i]);
    rows.push({
      place: same ? previous.place : k + 1,
      seat,
      name: seatLabel(players, seat),
      seat_name: players.find((p) => p.seat === seat)?.seat_name ?? "",
      score: Number(scores[seat] ?? 0),
      tied: false,
    });
  });
  for (const row of rows) row.tied = rows.some((o) => o !== row && o.place === row.place);
  return rows;
}

/** "Red (Ann) wins", "Red and Blue share the win", "Nobody wins"; at a cooperative game's
 * win "Everybody wins together".
 * @param {Pick<Result, "scores" | "winners"> & Partial<Result>} result the scores and winners at least
 * @param {Player[]} players
 * @param {(seat: number) => string} label
 * @param {boolean} [cooperative] */
export function headline(result, players, label, cooperative = false) {
  const winners = result.winners ?? [];
  if (!winners.length) return cooperative ? t("Nobody wins: the game beat you.") : t("Nobody wins.");
  if (cooperative && winners.length === players.length && players.length > 1) return t("Everybody wins together!");
  const names = winners.map(label);
  if (names.length === 1) return t("{name} wins!", { name: names[0] });
  return t("{names} and {last} share the win.", { names: names.slice(0, -1).join(", "), last: names[names.length - 1] });
}

/** "1st", "2nd", "3rd", "4th".
 * @param {number} place */
export function ordinal(place) {
  const tens = place % 100;
  const units = tens >= 11 && tens <= 13 ? 0 : place % 10;
  if (units === 1) return t("{n}st", { n: place });
  if (units === 2) return t("{n}nd", { n: place });
  if (units === 3) return t("{n}rd", { n: place });
  return t("{n}th", { n: place });
}

/** The reason the game ended, with a capital and a full stop, or null.
 * @param {Pick<Result, "scores" | "winners"> & Partial<Result>} result the scores and winners at least */
export function reasonLine(result) {
  const reason = result.reason;
  if (!reason) return null;
  const text = reason[0].toUpperCase() + reason.slice(1);
  return /[.!?]$/.test(text) ? text : `${text}.`;
}
