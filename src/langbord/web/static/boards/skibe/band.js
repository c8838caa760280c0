// Skibe's band above the ships: the display, the pile, the card to lay, the general stock, and
// the hand of the seat to move (its Chieftains, and the decisions that stand for no place).
import { el, text, tip } from "../../svg.js";
import { CHOICES, KINDS } from "./layout.js";
import { drawCard, foodStones, pill, stones, token } from "./parts.js";
import { TIPS } from "./tips.js";

/** @typedef {import("../../types.js").Table} Table */
/** @typedef {import("../../svg.js").BoardContext} BoardContext */
/** @typedef {import("../../svg.js").BoardAction} BoardAction */
/** @typedef {import("./layout.js").SkibeLayout} SkibeLayout */
/** @typedef {import("./layout.js").SkibeView} SkibeView */
/** @typedef {import("./ships.js").Place} Place */

/** A heading above a part of the band.
 * @param {Element} svg @param {number} x @param {number} y @param {string} words */
const heading = (svg, x, y, words) => text(svg, x, y, words, { "font-size": 15, "font-weight": 700 });

/** Draws the band; `place` registers each clickable place.
 * @param {SVGSVGElement} svg @param {Table} table @param {SkibeView} v @param {SkibeLayout} L
 * @param {BoardContext} ctx @param {Place} place */
export function drawBand(svg, table, v, L, ctx, place) {
  drawDisplay(svg, v, L, place);
  drawPile(svg, v, L, place);
  drawHeld(svg, v, L);
  drawStock(svg, v, L, place);
  drawOut(svg, v, L);
  // The hand: the seat to move's Chieftains (else yours), and its choices.
  drawHand(svg, table, v, L, place);
  drawChoices(svg, L, ctx, place);
}

/** The display's three cards (a gap where one was taken).
 * @param {SVGSVGElement} svg @param {SkibeView} v @param {SkibeLayout} L @param {Place} place */
function drawDisplay(svg, v, L, place) {
  const top = L.display[0].y;
  heading(svg, L.display[0].x, top - 6, "Display");
  v.display.forEach((c, i) => {
    const b = L.display[i];
    if (c) {
      const g = place(`card:d${i + 1}`, drawCard(svg, b, c, 0, `d${i + 1}`), `${c} (d${i + 1})`);
      tip(g, `Display card d${i + 1}: ${c}. ${TIPS.display}`);
    } else {
      tip(el("rect", { x: b.x, y: b.y, width: b.w, height: b.h, rx: 8, fill: "none", stroke: "#9fb3b8", "stroke-dasharray": "6 4" }, svg), TIPS.display);
    }
  });
}

/** The pile, with how many cards it holds.
 * @param {SVGSVGElement} svg @param {SkibeView} v @param {SkibeLayout} L @param {Place} place */
function drawPile(svg, v, L, place) {
  const P = L.pile;
  heading(svg, P.x, P.y - 6, "Pile");
  const pile = place("pile", el("g", {}, svg), `the pile (${v.pile} cards)`);
  el("rect", { class: "frame hit", x: P.x, y: P.y, width: P.w, height: P.h, rx: 8, fill: v.pile ? "#3b5b7a" : "none", stroke: "#2b3b4a", "stroke-dasharray": v.pile ? null : "6 4" }, pile);
  text(pile, P.x + P.w / 2, P.y + P.h / 2 + 8, String(v.pile), { "text-anchor": "middle", "font-size": 24, "font-weight": 700, fill: v.pile ? "#fff" : "#5a6a78" });
  text(pile, P.x + P.w / 2, P.y + P.h - 8, "cards", { "text-anchor": "middle", "font-size": 11, fill: v.pile ? "#dde" : "#5a6a78" });
  tip(pile, `The pile: ${v.pile} cards. ${TIPS.pile}`);
}

/** The card taken, to lay on a ship.
 * @param {SVGSVGElement} svg @param {SkibeView} v @param {SkibeLayout} L */
function drawHeld(svg, v, L) {
  const H = L.held;
  heading(svg, H.x, H.y - 6, v.held ? "Card to lay" : "");
  if (!v.held) return;
  const g = drawCard(svg, H, v.held, 0, "taken");
  g.classList.add("sb-inert");
  const frame = g.querySelector("rect.frame");
  frame?.setAttribute("stroke", "#c8352b");
  frame?.setAttribute("stroke-width", "3");
  tip(g, `${v.held}. ${TIPS.held}`);
}

/** The general stock's food and equipment.
 * @param {SVGSVGElement} svg @param {SkibeView} v @param {SkibeLayout} L @param {Place} place */
function drawStock(svg, v, L, place) {
  const F = L.stockFood;
  const E = L.stockEquip;
  heading(svg, F.x, F.y - 6, "General stock");
  const sf = place("stock-food", el("g", {}, svg), `food in the stock (${v.stock.food})`);
  el("rect", { class: "frame hit", x: F.x, y: F.y, width: F.w, height: F.h, rx: 8, fill: "#f4faf0", stroke: "#9fb3b8" }, sf);
  foodStones(sf, F.x + 12, F.y + 14, Math.min(v.stock.food, 6), 6, 6);
  text(sf, F.x + 8, F.y + F.h - 7, `food stones: ${v.stock.food}`, { "font-size": 13 });
  tip(sf, `${v.stock.food} food in the stock. ${TIPS.stockFood}`);
  const se = place("stock-equip", el("g", {}, svg), `equipment in the stock (${v.stock.equipment})`);
  el("rect", { class: "frame hit", x: E.x, y: E.y, width: E.w, height: E.h, rx: 8, fill: "#f2f4f8", stroke: "#9fb3b8" }, se);
  stones(se, E.x + 8, E.y + 8, Math.min(v.stock.equipment, 6), "#6d7480", 10, 6);
  text(se, E.x + 8, E.y + E.h - 7, `equipment: ${v.stock.equipment}`, { "font-size": 13 });
  tip(se, `${v.stock.equipment} equipment in the stock. ${TIPS.stockEquip}`);
}

/** The cards out of the game, and the card just laid.
 * @param {SVGSVGElement} svg @param {SkibeView} v @param {SkibeLayout} L */
function drawOut(svg, v, L) {
  const out = text(svg, L.out.x, L.out.y + 10, `out: ${v.out_of_game}`, { class: "sb-small" });
  tip(out, `${v.out_of_game} cards out of the game. ${TIPS.out}`);
  if (v.last_laid && !v.held && L.phone) {
    text(svg, L.out.x, L.out.y + 26, "just laid:", { class: "sb-small" });
    text(svg, L.out.x, L.out.y + 42, v.last_laid, { class: "sb-small" });
  } else if (v.last_laid && !v.held) {
    text(svg, L.out.x + 60, L.out.y + 10, `just laid: ${v.last_laid}`, { class: "sb-small" });
  }
}

/** The hand of the seat to move (else yours): its Chieftains, played ones as outlines.
 * @param {SVGSVGElement} svg @param {Table} table @param {SkibeView} v @param {SkibeLayout} L
 * @param {Place} place */
function drawHand(svg, table, v, L, place) {
  const seat = v.to_move >= 0 ? v.to_move : table.you ?? -1;
  const D = L.hand;
  el("rect", { x: D.x, y: D.y, width: D.w, height: D.h, rx: 10, fill: "#fbfcfc", stroke: "#cfd8da" }, svg);
  if (seat < 0) return;
  const p = v.players[seat];
  const who = table.you === seat ? "your" : `${p}'s`;
  heading(svg, D.x + 8, D.y + 16, `Chieftains: ${who} hand`);
  const hand = v.hands[seat];
  KINDS.forEach((k, j) => {
    const has = hand.chieftains.includes(k);
    const t = token(svg, L.handTokens[j], p, k, { ghost: !has, where: "in hand: lay it on a ship after loading cargo" });
    if (has) place(`chief:${k}`, t, `${p}'s ${k} Chieftain`);
    else t.classList.add("sb-inert");
  });
}

/** A button for each legal decision without a place (pass, skip, no food, no equip).
 * @param {SVGSVGElement} svg @param {SkibeLayout} L @param {BoardContext} ctx @param {Place} place */
function drawChoices(svg, L, ctx, place) {
  const offered = /** @type {BoardAction[]} */ (CHOICES.map((k) => ctx.find(k)).filter(Boolean));
  const C = L.choices;
  const w = offered.length ? Math.min(C.w, (C.w - (offered.length - 1) * 6) / offered.length) : 0;
  offered.forEach((a, i) => {
    const g = pill(svg, { x: C.x + i * (w + 6), y: C.y, w, h: C.h }, words(a), "#5a4a38");
    place(`choice:${a.kind}`, g, a.text);
    tip(g, CHOICE_TIPS[a.kind] || TIPS.choice);
  });
}

/** @type {Record<string, string>} */
const CHOICE_TIPS = {
  pass: "Play no Chieftain this turn: laying one is optional.",
  skip: "This Chieftain's action is not carried out.",
  "no food": "The stock has no food left: you may move a stone from a bow holding 2 or more to another bow, or load nothing.",
  "no equip": "The stock has no equipment left: you may move a stone from card to card, or load nothing.",
};

/** A short label for a decision without a place.
 * @param {BoardAction} action
 * @returns {string} */
function words(action) {
  /** @type {Record<string, string>} */
  const short = { pass: "No Chieftain", skip: "Skip action", "no food": "No food", "no equip": "No equipment" };
  return short[action.kind] || action.text;
}
