// The short "since your turn" list: what the others and chance did after this client's last
// decision. Pure: no DOM.

/** @typedef {import("./types.js").LogEntry} LogEntry */

/** The entries after the last one made by a seat of `mine` (a spectator, with no seats: the
 * last `limit`), at most `limit` of them, the newest kept; `hidden` counts those left out.
 * @param {LogEntry[]} log
 * @param {Iterable<number>} mine
 * @param {number} [limit]
 * @returns {{entries: LogEntry[], hidden: number}} */
export function sinceYourTurn(log, mine, limit = 10) {
  const own = new Set(mine);
  let start = 0;
  for (let k = log.length - 1; k >= 0; k--) {
    const player = log[k].player;
    if (player !== null && own.has(player)) {
      start = k + 1;
      break;
    }
  }
  const after = log.slice(start);
  const kept = after.slice(Math.max(0, after.length - limit));
  return { entries: kept, hidden: after.length - kept.length };
}
