// Skibe's board: three ships with bow and food, Viking cards with their equipment, the
// Chieftains laid on each ship and its stern; the display, the pile, the general stock, the hand
// of the seat to move, every player's Chieftains and sterns, and the score sheet.
//
// Where things go is skibe/layout.js (a desktop's rows of ships, a phone's column of ship
// blocks; no DOM, tested by node); the parts are drawn by skibe/band.js, ships.js, players.js.
//
// Clickable: a display card (take, remove, swap), the pile (draw), a ship (lay, and the ship a
// Chieftain goes to), a bow (food), a Viking card (equip, remove, swap), a stern's place (stern),
// a button for each decision without a place (pass, skip, no food, no equip). Two-place
// decisions go in two clicks: a Chieftain in the hand, then its ship; a source, then a target for
// food and equipment moves and for swaps. A place that cannot be chosen now offers the action
// it stands for (layout.js's `nearest`), and answers why not.
import { el, text, board, chip, colour, mark, pickable, tip } from "../svg.js";
import { argOf, bowId, cardId, layout, lastPlaces, nearest, plan } from "./skibe/layout.js";
import { drawBand } from "./skibe/band.js";
import { drawShips } from "./skibe/ships.js";
import { drawPlayers } from "./skibe/players.js";
import { chiefWord, phaseWord } from "./skibe/tips.js";
import { squeeze } from "./skibe/parts.js";
import { t, tn } from "../i18n.js";
import { actionWords, colourName } from "../names.js";

export { lastPlaces, plan };

/** @typedef {import("../types.js").Table} Table */
/** @typedef {import("../svg.js").BoardContext} BoardContext */
/** @typedef {import("../svg.js").BoardAction} BoardAction */
/** @typedef {import("./skibe/layout.js").SkibeLayout} SkibeLayout */
/** @typedef {import("./skibe/layout.js").SkibeView} SkibeView */
/** @typedef {import("./skibe/layout.js").Action} Action */
/** @typedef {{key: string, from: string}} Picked */

/** @type {Picked | null} the first place of a two-place decision */
let picked = null;

/** Which table and move the first place was picked at. @param {Table} table */
function tableKey(table) {
  return `${table.id ?? ""}:${table.move ?? ""}:${(table.legal || []).length}`;
}

/** The board for `table` (the server's JSON for the seat), drawn with `ctx` (svg.js).
 * @param {Table} table @param {BoardContext} ctx
 * @returns {SVGSVGElement} */
export function draw(table, ctx) {
  // the server's JSON for the game, as the board reads it
  const v = /** @type {SkibeView} */ (table.view);
  const key = tableKey(table);
  if (!picked || picked.key !== key) picked = null;
  const { one, two } = plan(ctx.legal);
  if (picked && !two.has(picked.from)) picked = null;
  /** @type {Map<string, {node: Element, label: string}>} */
  const places = new Map();
  /** @type {import("./skibe/ships.js").Place} */
  const place = (id, node, label) => {
    node.classList.add("sb-place");
    node.setAttribute("data-place", id);
    places.set(id, { node, label });
    return node;
  };
  const L = layout(v, ctx.width);
  const svg = board(L.width, L.height, t("Skibe board, {phase}", { phase: phaseWord(v.phase) }));
  svg.classList.add("board-skibe"); // its rules are in style.css
  if (L.phone) svg.classList.add("fits-phone");
  el("rect", { x: 0, y: 0, width: L.width, height: L.height, fill: "#eef2f3" }, svg);

  header(svg, v, L, table.status === "open");
  drawBand(svg, table, v, L, ctx, place);
  drawShips(svg, v, L, ctx, place);
  drawPlayers(svg, table, v, L, ctx);

  for (const id of lastPlaces(ctx.last, v)) places.get(id)?.node.classList.add("last-move");
  markMoved(svg, ctx.last, v, places);

  // Wire the places to the legal actions.
  /** @param {Picked | null} next */
  const repick = (next) => {
    picked = next;
    const fresh = draw(table, ctx);
    svg.replaceWith(fresh);
    /** @type {SVGElement | null} */
    const first = fresh.querySelector("[data-action]") || fresh.querySelector(".clickable");
    first?.focus();
  };
  for (const [id, { node, label }] of places) {
    const live = picked ? wireSecond(id, node, label, picked, two, ctx, repick)
      : wireFirst(id, node, label, { one, two }, ctx, () => repick({ key, from: id }));
    if (!live) offerWhy(id, node, label, v, picked && { from: picked.from, kinds: kindsOf(two.get(picked.from)) }, ctx);
  }
  svg.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && picked) repick(null);
  });
  return svg;
}

/** The kinds of the actions a first place leads to. @param {Map<string, Action> | undefined} targets */
const kindsOf = (targets) => [...new Set([...(targets?.values() || [])].map((a) => a.kind))];

/** A place that is not one to click now offers the action it stands for, which answers why not
 * (an action legal now belongs to another place, which offers it). A place that does not ask
 * is inert, so that a click goes through it to the ship below (a ship's cards lie on its hull;
 * the ship itself stays, its parts may be live).
 * @param {string} id @param {Element} node @param {string} label @param {SkibeView} v
 * @param {{from: string, kinds: string[]} | null} picked @param {BoardContext} ctx */
function offerWhy(id, node, label, v, picked, ctx) {
  const near = nearest(id, v, picked);
  const offered = near !== null && !ctx.find(near.kind, near.args);
  if (offered) ctx.offer(node, near.kind, near.args, label);
  if (!(offered && ctx.asks) && !id.startsWith("ship:")) node.classList.add("sb-inert");
}

/** With a first place picked: the picked place cancels it, a place it goes to takes the
 * decision. Returns whether the place is live.
 * @param {string} id @param {Element} node @param {string} label @param {Picked} picked
 * @param {Map<string, Map<string, Action>>} two @param {BoardContext} ctx
 * @param {(next: Picked | null) => void} repick */
function wireSecond(id, node, label, picked, two, ctx, repick) {
  if (id === picked.from) {
    node.classList.add("sb-picked");
    pickable(node, t("{place}: picked (click again to cancel)", { place: label }), () => repick(null));
    return true;
  }
  // The plan's actions are ctx.legal's.
  const action = /** @type {BoardAction | undefined} */ (two.get(picked.from)?.get(id));
  return action ? ctx.clickable(node, action, `${actionWords(action)}: ${label}`) : false;
}

/** Nothing picked: a place takes its one-click decision, or is the first of two.
 * Returns whether the place is live.
 * @param {string} id @param {Element} node @param {string} label
 * @param {{one: Map<string, Action>, two: Map<string, Map<string, Action>>}} plan
 * @param {BoardContext} ctx @param {() => void} pick picks this place */
function wireFirst(id, node, label, { one, two }, ctx, pick) {
  const action = /** @type {BoardAction | undefined} */ (one.get(id));
  if (action) return ctx.clickable(node, action, `${actionWords(action)}: ${label}`);
  const targets = two.get(id);
  if (!targets) return false;
  pickable(node, t("{place}: pick, then choose where", { place: label }), pick);
  const kinds = kindsOf(targets);
  node.setAttribute("data-pick", kinds.join(","));
  // A Chieftain's first step names its action, a stone's or card's its place.
  ctx.highlightPick(node, kinds, id.startsWith("chief:") ? { action: id.slice(6) } : { from: argOf(id), slot: argOf(id) });
  return true;
}

/** Who is to move and what happens (an evaluation: whose Chieftain acts); at a table still
 * waiting for players, that it waits; and how many Viking cards a ship holds.
 * @param {SVGSVGElement} svg @param {SkibeView} v @param {SkibeLayout} L @param {boolean} waiting */
function header(svg, v, L, waiting) {
  const mover = v.to_move >= 0 && !waiting ? v.players[v.to_move] : null;
  const size = L.phone ? 14 : 17;
  if (waiting) {
    text(svg, 12, 26, t("Waiting for players to sit down"), { "font-size": size, "font-weight": 700 });
    return;
  }
  if (mover) {
    chip(svg, 20, 20, 13, colour(mover), mark(mover));
    const words = v.evaluation ? evaluating(v.evaluation, L.phone) : `${colourName(mover)} · ${phaseWord(v.phase)}`;
    text(svg, 38, 26, words, { "font-size": size, "font-weight": 600, ...squeeze(words, size, L.width - 46) });
  } else {
    text(svg, 12, 26, v.phase === "over" ? t("The game is over") : phaseWord(v.phase), { "font-size": size, "font-weight": 700 });
  }
  const holds = tn("a ship holds {n} Viking card", "a ship holds {n} Viking cards", v.ship_limit);
  const limit = text(svg, L.limit.x, L.limit.y, holds, { class: "sb-small" });
  tip(limit, tn("With {n} player a ship holds at most {limit} Viking cards (3 players: 5, 4: 6, 5: 7).",
    "With {n} players a ship holds at most {limit} Viking cards (3 players: 5, 4: 6, 5: 7).", v.players.length, { limit: v.ship_limit }));
}

/** Whose Chieftain acts in the evaluation of a ship (and, on a desktop, the colours protected).
 * @param {NonNullable<SkibeView["evaluation"]>} e @param {boolean} phone */
function evaluating(e, phone) {
  const acts = { ship: e.ship, owner: colourName(e.owner), chieftain: chiefWord(e.chieftain) };
  if (phone) return t("ship {ship}: {owner}'s {chieftain} Chieftain acts", acts);
  const what = t("ship {ship} is evaluated: {owner}'s {chieftain} Chieftain acts", acts);
  if (!e.protected_colours.length) return what;
  return [what, t("protected: {colours}", { colours: e.protected_colours.map(colourName).join(", ") })].join(" · ");
}

/** Where the pieces of a move of each kind came from: the element the move put down (found in
 * the board, by the move's places) and the place it came from.
 * @typedef {(args: Record<string, any>, player: number, at: (id: string) => Element | null | undefined) => [Element | null | undefined, string] | null} Came */
/** @type {Record<string, Came>} */
const CAME = {
  take: (a, p, at) => [at(".sb-held"), `card:${a.slot}`],
  draw: (a, p, at) => [at(".sb-held"), "pile"],
  reveal: (a, p, at) => [at(".sb-held"), "pile"],
  stern: (a, p, at) => [at(`stern:${a.ship}`), `player:${p}`],
  chief: (a, p, at) => [at(".sb-place.last-move:not([data-place])"), `player:${p}`],
  food: (a, p, at) => ("from" in a ? [at(bowId(a.to)), bowId(a.from)] : [at(`bow:${a.ship}`), "stock-food"]),
  equip: (a, p, at) => ("from" in a ? [at(cardId(String(a.to))), cardId(String(a.from))] : [at(`card:${a.slot}`), "stock-equip"]),
};
CAME["move food"] = CAME.food;
CAME["move equip"] = CAME.equip;

/** Says where the pieces of the move shown came from (motion.js moves them from there): a card
 * taken or drawn to the hand (a card revealed from the pile turns over), a card laid on a ship,
 * a stern or a Chieftain from its player, food and equipment from the stock or from where they
 * were moved.
 * @param {SVGSVGElement} svg @param {import("../types.js").LogEntry | null} last @param {SkibeView} v
 * @param {Map<string, {node: Element, label: string}>} places */
function markMoved(svg, last, v, places) {
  if (!last || !last.kind) return;
  /** @param {string} id a place's id, or a selector (starting with ".") */
  const at = (id) => (id.startsWith(".") ? svg.querySelector(id) : places.get(id)?.node);
  const [laid] = lastPlaces(last, v);
  /** @type {ReturnType<Came>} */
  const came = last.kind === "lay" ? [laid ? at(laid) : null, "held"] : CAME[last.kind]?.(last.args || {}, last.player ?? -1, at) ?? null;
  const [node, from] = came ?? [null, ""];
  if (!node) return;
  node.setAttribute("data-from", from);
  if (last.kind === "reveal") node.setAttribute("data-reveal", "");
}
