// Draws a game's board (boards/GAME.js) into a box, and the seat chips beside names.
import { boardContext } from "./svg.js";
import { h } from "./dom.js";

/** @typedef {import("./types.js").Table} Table */
/** @typedef {import("./types.js").LegalAction} LegalAction */

/**
 * @typedef {object} BoardModule a game's board (boards/GAME.js)
 * @property {(table: Table, ctx: ReturnType<typeof boardContext>) => Element | null} draw
 */

/** @type {Record<string, BoardModule | null>} */
const modules = {};

/** The board module of `game`, or null if it has none (the text stands in).
 * @param {string} game
 * @returns {Promise<BoardModule | null>} */
export async function boardFor(game) {
  if (!(game in modules)) {
    try {
      modules[game] = await import(`./boards/${game}.js`);
    } catch (error) {
      console.warn(`no board for ${game}`, error);
      modules[game] = null;
    }
  }
  return modules[game];
}

/** Draws `table`'s board into `box` (its text if the board cannot draw it); clicks on its
 * places call `act`.
 * @param {HTMLElement} box
 * @param {Table} table
 * @param {(action: LegalAction) => void} act */
export async function drawBoard(box, table, act) {
  const module = await boardFor(table.game);
  const ctx = boardContext(table, act);
  let svg = null;
  if (module) {
    try {
      svg = module.draw(table, ctx);
    } catch (error) {
      console.warn("the board could not draw this table", error);
    }
  }
  box.replaceChildren(svg || h("pre", { class: "text" }, table.text));
  return ctx;
}

/** A seat's chip: its colour and letter, as on the board.
 * @param {Table} table
 * @param {number} seat */
export function seatChip(table, seat) {
  const ctx = boardContext(table, () => {});
  const span = h("span", { class: "chip", "aria-hidden": "true" }, ctx.seatMark(seat));
  span.style.background = ctx.seatColour(seat); // through the CSSOM: a style attribute breaks the CSP
  return span;
}
