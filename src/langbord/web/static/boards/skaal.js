// Skåål's board: the twelve regions and their roads, the dwarfs of every clan, nuggets, Ooops,
// Inns and innkeepers, the die, the respect track with the accountants and the Prospecting Pawn.
//
// Where things go and which place stands for which legal action is skaal/layout.js (no DOM,
// tested by node); the parts are drawn by skaal/map.js and skaal/panel.js.
//
// Clickable: a region (place, find), a clan's dwarfs in the region a rumor comes from (rumor),
// the nuggets (harvest; then how many if there is a choice), an Inn's spot (build) or an Inn (move
// it: then the region it goes to), the die or the Prospect button (prospect). A move: on a desktop
// an arrow on the road; on a phone your dwarfs in a region, then the region they go to.
// A place that cannot be chosen now offers the action it stands for (layout.js's `nearest`), and
// answers why not.
import { el, board, colour, mark, pickable } from "../svg.js";
import { layout, lastTargets, nearest, norm, places } from "./skaal/layout.js";
import { drawArrows, drawRegions, drawRoads } from "./skaal/map.js";
import { drawClans, drawDie, drawHeader, drawKey, drawTrack } from "./skaal/panel.js";
import { t } from "../i18n.js";

export { lastTargets };

/** @typedef {import("../types.js").Table} Table */
/** @typedef {import("../svg.js").BoardContext} BoardContext */
/** @typedef {import("../svg.js").BoardAction} BoardAction */
/** @typedef {import("./skaal/layout.js").SkaalView} SkaalView */
/** @typedef {import("./skaal/layout.js").Pick} Pick */
/** @typedef {import("./skaal/map.js").Look} Look */
/** @typedef {import("./skaal/map.js").Wire} Wire */

/** @type {(import("./skaal/layout.js").Pick & {key: string}) | null} the first step of two */
let picked = null;

/** Which table and move the first step was picked at. @param {Table} table */
function tableKey(table) {
  return `${table.id ?? ""}:${table.move ?? ""}:${(table.legal || []).length}`;
}

/** The board for `table` (the server's JSON for the seat), drawn with `ctx` (svg.js).
 * @param {Table} table @param {BoardContext} ctx
 * @returns {SVGSVGElement} */
export function draw(table, ctx) {
  // the server's JSON for the game, as the board reads it
  const v = /** @type {SkaalView} */ (table.view);
  const key = tableKey(table);
  if (!picked || picked.key !== key) picked = null;
  /** @type {string[]} the clans in seat order, looked up by any clan's name */
  const clans = v.players;
  const mover = v.to_move >= 0 ? clans[v.to_move] : null;
  /** @type {Look} */
  const look = {
    fillOf: (name) => colour(name, clans.indexOf(name)),
    letterOf: (name) => mark(name, clans.indexOf(name)),
    mover,
  };
  const L = layout(v, ctx.width);
  const how = { arrows: L.arrows, mover };
  let spots = places(ctx.legal, picked, how);
  if (!spots) {
    picked = null;
    spots = places(ctx.legal, null, how) || new Map();
  }
  const last = lastTargets(ctx.last);

  const svg = board(L.width, L.height, t("Skåål board, round {n}", { n: v.round }));
  svg.classList.add("board-skaal"); // its rules are in style.css
  if (L.phone) svg.classList.add("fits-phone");
  el("rect", { x: 0, y: 0, width: L.width, height: L.height, fill: "#f3ead6" }, svg);

  /** @param {Pick | null | undefined} next */
  const repick = (next) => {
    picked = next ? { ...next, key } : null;
    const fresh = draw(table, ctx);
    svg.replaceWith(fresh);
    /** @type {SVGElement | null} */
    const first = fresh.querySelector("[data-action]") || fresh.querySelector(".clickable");
    first?.focus();
  };
  /** Makes `node` the place `id`, if it is one now; else it offers the action the place stands
   * for, which answers "why not?". @type {Wire} */
  const wire = (id, node) => {
    const spot = spots.get(id);
    if (!spot) {
      const near = nearest(id, v, picked);
      if (near && !ctx.find(near.kind, near.args)) ctx.offer(node, near.kind, near.args);
      return false;
    }
    // A place's action is one of ctx.legal, which places() was given.
    if (spot.action) return ctx.clickable(node, /** @type {BoardAction} */ (spot.action), spot.label);
    const next = spot.pick || null;
    pickable(node, spot.label, () => repick(next));
    if (next) {
      node.setAttribute("data-pick", next.kind);
      ctx.highlightPick(node, [next.kind], next.kind === "harvest" ? { region: next.from } : { from: next.from });
    }
    return true;
  };

  drawHeader(svg, v, L, look);
  drawRoads(svg, v, L, last);
  drawRegions(svg, v, L, last, look, wire, picked, spots);
  if (L.arrows) drawArrows(svg, v, L, look, wire, picked ? [] : ctx.all("move"));
  drawDie(svg, v, L, last, wire);
  drawKey(svg, L);
  drawTrack(svg, v, L, last, look);
  drawClans(svg, table, v, L, look);
  markMoved(svg, ctx.last, clans);

  svg.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && picked) repick(null);
  });
  return svg;
}

/** Says where the pieces of the move shown came from (motion.js moves them from there): the
 * dwarf moved or the Inn moved from the region left, a dwarf placed or an Inn built from its
 * clan's reserve.
 * @param {SVGSVGElement} svg @param {import("../types.js").LogEntry | null} last
 * @param {string[]} clans */
function markMoved(svg, last, clans) {
  if (!last || !last.kind || last.player === null) return;
  const args = last.args || {};
  const clan = clans[last.player];
  /** @param {unknown} name */
  const region = (name) => svg.querySelector(`[data-place="region:${CSS.escape(norm(String(name)))}"]`);
  const from = (/** @type {Element | null | undefined} */ node, /** @type {string} */ place) => node?.setAttribute("data-from", place);
  switch (last.kind) {
    case "move":
      from(region(args.to)?.querySelector(`[data-clan="${CSS.escape(clan)}"]`), `region:${norm(String(args.from))}`);
      break;
    case "place":
      from(region(args.region)?.querySelector(`[data-clan="${CSS.escape(clan)}"]`), `clan:${clan}`);
      break;
    case "inn":
      from(region(args.to)?.querySelector(".sk-inn"), `region:${norm(String(args.from))}`);
      break;
    case "build":
      from(region(args.region)?.querySelector(".sk-inn"), `clan:${clan}`);
      break;
    default:
  }
}
