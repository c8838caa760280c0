// Draws a game's board (boards/GAME.js) into a box, and the seat chips beside names.
import { boardContext, closeWhy, inkOn } from "./svg.js";
import { h } from "./dom.js";
import { animateMove, isStep, remember, shownMove } from "./motion.js";

/** @typedef {import("./types.js").Table} Table */
/** @typedef {import("./types.js").LegalAction} LegalAction */
/** @typedef {import("./svg.js").BoardOptions} BoardOptions */

/**
 * @typedef {object} BoardModule a game's board (boards/GAME.js)
 * @property {(table: Table, ctx: ReturnType<typeof boardContext>) => Element | null} draw
 */

/** Each game's board module, loaded once: the promise is kept, so that two draws asked for
 * while it loads wait for the same load.
 * @type {Record<string, Promise<BoardModule | null>>} */
const modules = {};

/** The board module of `game`, or null if it has none (the text stands in).
 * @param {string} game
 * @returns {Promise<BoardModule | null>} */
export function boardFor(game) {
  modules[game] ??= import(`./boards/${game}.js`).then(
    (module) => /** @type {BoardModule} */ (module),
    (error) => {
      console.warn(`no board for ${game}`, error);
      return null;
    },
  );
  return modules[game];
}

/** The number of the last draw asked of each box: a draw that finishes after a later one was
 * asked leaves the box alone (the later table is the one to show).
 * @type {WeakMap<HTMLElement, number>} */
const asked = new WeakMap();

/** The move each box's board shows (the number of its table's last log entry).
 * @type {WeakMap<HTMLElement, number>} */
const shown = new WeakMap();

/** Draws `table`'s board into `box` (its text if the board cannot draw it); clicks on its
 * places call `act`; `options` (svg.js's BoardOptions) answer "why not?" on the others and
 * highlight places.
 * @param {HTMLElement} box
 * @param {Table} table
 * @param {(action: LegalAction) => void} act
 * @param {BoardOptions} [options] */
export async function drawBoard(box, table, act, options = {}) {
  const number = (asked.get(box) ?? 0) + 1;
  asked.set(box, number);
  const module = await boardFor(table.game);
  const ctx = boardContext(table, act, options);
  if (asked.get(box) !== number) return ctx; // a later table was asked for meanwhile
  let svg = null;
  if (module) {
    try {
      svg = module.draw(table, ctx);
    } catch (error) {
      console.warn("the board could not draw this table", error);
    }
  }
  const focus = focusKept(box);
  // A board showing moves played since it was last drawn moves its pieces (motion.js).
  const now = shownMove(table);
  const stepped = isStep(shown.get(box), now);
  const before = stepped ? remember(box.querySelector("svg")) : null;
  shown.set(box, now);
  box.replaceChildren(svg || h("pre", { class: "text" }, table.text));
  closeWhy({ detached: true }); // an answer about a place no longer drawn
  focus();
  if (svg && stepped) animateMove(svg, before);
  return ctx;
}

/** Keeps the keyboard's focus on the board in `box` through a redraw: returns what puts it back,
 * on the same place if it is still offered, else on the board's first place (it would fall to
 * the page's body).
 * @param {HTMLElement} box */
function focusKept(box) {
  const focused = document.activeElement;
  if (!focused || !box.contains(focused)) return () => {};
  const place = focused instanceof Element ? focused.getAttribute("data-action") : null;
  return () => {
    const same = place === null ? null : /** @type {HTMLElement | SVGElement | null} */ (box.querySelector(`[data-action="${CSS.escape(place)}"]`));
    if (same) same.focus({ preventScroll: true });
    else focusBoard(box, { preventScroll: true });
  };
}

/** Puts the keyboard's focus on the board: its first place to choose, else the board itself.
 * @param {HTMLElement} board @param {FocusOptions} [how] */
export function focusBoard(board, how) {
  const place = /** @type {HTMLElement | SVGElement | null} */ (board.querySelector("[data-action]"));
  if (place) { place.focus(how); return; }
  if (!board.hasAttribute("tabindex")) board.setAttribute("tabindex", "-1");
  board.focus(how);
}

/** A seat's chip: its colour and letter, as on the board.
 * @param {Table} table
 * @param {number} seat */
export function seatChip(table, seat) {
  const ctx = boardContext(table, () => {});
  const span = h("span", { class: "chip", "aria-hidden": "true" }, ctx.seatMark(seat));
  const fill = ctx.seatColour(seat);
  span.style.background = fill; // through the CSSOM: a style attribute breaks the CSP
  span.style.color = inkOn(fill); // a dark letter on yellow or white, a white one on red
  return span;
}
