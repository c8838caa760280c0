// Hotseat: several humans at one device. The creator holds every human seat's token; between
// two humans' turns a "pass the device" screen hides the last player's hand until the next
// player says they hold the device.
import { h } from "./dom.js";
import { t } from "./i18n.js";
import { seatWord } from "./names.js";

/**
 * @typedef {{hotseat?: boolean, status?: string, to_move: number | null, you: number | null}} PassTable
 *   what says whose turn it is at a hotseat table
 * @typedef {PassTable & {players: {name?: string | null, seat_name?: string}[]}} HotseatTable
 */

/** @param {string} tableId */
const key = (tableId) => `langbord.hotseat.${tableId}`;

/**
 * The tokens of a hotseat table's human seats held on this device, by seat.
 * @param {string} tableId
 * @returns {Record<string, string>}
 */
export function hotseatTokens(tableId) {
  try {
    const saved = JSON.parse(localStorage.getItem(key(tableId)) ?? "null");
    return saved && typeof saved === "object" ? saved : {};
  } catch {
    return {};
  }
}

/**
 * @param {string} tableId
 * @param {Record<string, string>} tokens
 */
export function keepHotseatTokens(tableId, tokens) {
  localStorage.setItem(key(tableId), JSON.stringify(tokens));
}

/**
 * The seat the device is to be passed to, or null: at a hotseat table being played, the seat to
 * move is another human seat held on this device than the one shown.
 * @param {PassTable} table
 * @param {Record<string, string>} tokens
 */
export function passTo(table, tokens) {
  if (!table.hotseat || table.status === "over" || table.status === "abandoned") return null;
  if (table.to_move === null || table.to_move === undefined || table.to_move === table.you) return null;
  return String(table.to_move) in tokens ? table.to_move : null;
}

/** The lobby's checkbox. */
export function hotseatOption() {
  return h("label", { class: "row ctl-check", "data-tip": t("Every human seat is played on this device: the page hides each player's hand between turns.") },
    h("input", { type: "checkbox", id: "hotseat", name: "hotseat" }), h("span", {}, t("Hotseat: all human seats play on this device")));
}

/**
 * Who the device goes to: "Ann (red)", else the seat's name.
 * @param {{name?: string | null, seat_name?: string}} player
 * @param {number} seat
 */
function calledOf(player, seat) {
  const seatName = player.seat_name === undefined ? undefined : seatWord(player.seat_name);
  if (player.name && player.name !== player.seat_name) return t("{name} ({seat})", { name: player.name, seat: String(seatName) });
  return seatName ?? t("player {n}", { n: seat + 1 });
}

/**
 * The "pass the device" screen of a table.
 * @param {{tableId: string, seats: {set: (tableId: string, seat: number, token: string) => void}}} options
 */
export function passScreen({ tableId, seats }) {
  /** @type {HTMLElement | null} */
  let screen = null;
  const page = document.getElementById("main");
  function remove() {
    screen?.remove();
    screen = null;
    document.body.classList.remove("ctl-passing");
    if (page) page.inert = false;
  }
  /** @param {HotseatTable} table */
  function update(table) {
    const tokens = hotseatTokens(tableId);
    const next = passTo(table, tokens);
    if (next === null) { remove(); return; }
    if (screen?.dataset.seat === String(next)) return;
    remove();
    const called = calledOf(table.players[next] ?? {}, next);
    const shown = table.you !== null && table.you !== undefined ? table.players[table.you] : null;
    const last = shown ? shown.name || (shown.seat_name && seatWord(shown.seat_name)) : null;
    const ready = h("button", { type: "button", id: "pass-ready" }, t("I am {player}: show my hand", { player: called }));
    screen = h("div", { class: "ctl-pass", id: "pass-device", role: "dialog", "aria-modal": "true", "aria-labelledby": "pass-title", "data-seat": next },
      h("div", { class: "ctl-pass-box" },
        h("h2", { id: "pass-title" }, t("Pass the device to {player}", { player: called })),
        h("p", {}, last ? t("{player}'s hand is hidden.", { player: last }) : t("The last player's hand is hidden."),
          " ", t("Hand over the device, then tap the button.")),
        ready));
    ready.addEventListener("click", () => {
      seats.set(tableId, next, tokens[String(next)]);
      remove();
      // The table page opens again as the new seat (its token, its view).
      window.dispatchEvent(new HashChangeEvent("hashchange"));
    });
    document.body.append(screen);
    document.body.classList.add("ctl-passing"); // the table is not drawn under the screen
    if (page) page.inert = true;
    ready.focus();
  }
  return { update, remove };
}
