// Skibe's band above the ships: the display, the pile, the card to lay, the general stock, and
// the hand of the seat to move (its Chieftains, and the decisions that stand for no place).
import { el, text, tip } from "../../svg.js";
import { CHOICES, KINDS } from "./layout.js";
import { drawCard, foodStones, pill, squeeze, stones, token, widthOf } from "./parts.js";
import { TIPS, cardWords, chieftainName } from "./tips.js";
import { t, tn } from "../../i18n.js";
import { colourName } from "../../names.js";

/** @typedef {import("../../types.js").Table} Table */
/** @typedef {import("../../svg.js").BoardContext} BoardContext */
/** @typedef {import("../../svg.js").BoardAction} BoardAction */
/** @typedef {import("./layout.js").SkibeLayout} SkibeLayout */
/** @typedef {import("./layout.js").SkibeView} SkibeView */
/** @typedef {import("./ships.js").Place} Place */

/** The size of the small texts (class sb-small: style.css). */
const SMALL = 14;

/** A heading above a part of the band (squeezed into `room` units if it is given and needed).
 * @param {Element} svg @param {number} x @param {number} y @param {string} words @param {number} [room] */
const heading = (svg, x, y, words, room) => text(svg, x, y, words, { "font-size": 15, "font-weight": 700, ...(room ? squeeze(words, 15, room) : {}) });

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
  heading(svg, L.display[0].x, top - 6, t("Display"));
  v.display.forEach((c, i) => {
    const b = L.display[i];
    if (c) {
      const g = place(`card:d${i + 1}`, drawCard(svg, b, c, 0, `d${i + 1}`, L.font), `${cardWords(c)} (d${i + 1})`);
      tip(g, [t("Display card {slot}: {card}.", { slot: `d${i + 1}`, card: cardWords(c) }), TIPS.display].join(" "));
    } else {
      tip(el("rect", { x: b.x, y: b.y, width: b.w, height: b.h, rx: 8, fill: "none", stroke: "#9fb3b8", "stroke-dasharray": "6 4" }, svg), TIPS.display);
    }
  });
}

/** The pile, with how many cards it holds.
 * @param {SVGSVGElement} svg @param {SkibeView} v @param {SkibeLayout} L @param {Place} place */
function drawPile(svg, v, L, place) {
  const P = L.pile;
  heading(svg, P.x, P.y - 6, t("Pile"));
  const pile = place("pile", el("g", {}, svg), tn("the pile ({n} card)", "the pile ({n} cards)", v.pile));
  el("rect", { class: "frame hit", x: P.x, y: P.y, width: P.w, height: P.h, rx: 8, fill: v.pile ? "#3b5b7a" : "none", stroke: "#2b3b4a", "stroke-dasharray": v.pile ? null : "6 4" }, pile);
  text(pile, P.x + P.w / 2, P.y + P.h / 2 + 8, String(v.pile), { "text-anchor": "middle", "font-size": 24, "font-weight": 700, fill: v.pile ? "#fff" : "#5a6a78" });
  text(pile, P.x + P.w / 2, P.y + P.h - 9, tn("card", "cards", v.pile), { "text-anchor": "middle", "font-size": L.font, fill: v.pile ? "#dde" : "#5a6a78" });
  tip(pile, [tn("The pile: {n} card.", "The pile: {n} cards.", v.pile), TIPS.pile].join(" "));
}

/** The card taken, to lay on a ship.
 * @param {SVGSVGElement} svg @param {SkibeView} v @param {SkibeLayout} L */
function drawHeld(svg, v, L) {
  const H = L.held;
  heading(svg, H.x, H.y - 6, v.held ? t("Card to lay") : "", L.phone ? 0 : L.stockFood.x - H.x - 8);
  if (!v.held) return;
  const g = drawCard(svg, H, v.held, 0, t("taken"), L.font);
  g.classList.add("sb-inert", "sb-held");
  g.setAttribute("data-place", "held");
  const frame = g.querySelector("rect.frame");
  frame?.setAttribute("stroke", "#c8352b");
  frame?.setAttribute("stroke-width", "3");
  tip(g, `${cardWords(v.held)}. ${TIPS.held}`);
}

/** The general stock's food and equipment.
 * @param {SVGSVGElement} svg @param {SkibeView} v @param {SkibeLayout} L @param {Place} place */
function drawStock(svg, v, L, place) {
  const F = L.stockFood;
  const E = L.stockEquip;
  // On a phone the heading of the card to lay runs over the stock's: the stock's goes then.
  if (!(L.phone && v.held)) heading(svg, F.x, F.y - 6, t("General stock"));
  const sf = place("stock-food", el("g", {}, svg), t("food in the stock ({n})", { n: v.stock.food }));
  el("rect", { class: "frame hit", x: F.x, y: F.y, width: F.w, height: F.h, rx: 8, fill: "#f4faf0", stroke: "#9fb3b8" }, sf);
  foodStones(sf, F.x + 12, F.y + 14, Math.min(v.stock.food, 6), 6, 6);
  const food = t("food stones: {n}", { n: v.stock.food });
  text(sf, F.x + 8, F.y + F.h - 7, food, { "font-size": L.font, ...squeeze(food, L.font, F.w - 14, true) });
  tip(sf, [tn("{n} food in the stock.", "{n} food in the stock.", v.stock.food), TIPS.stockFood].join(" "));
  const se = place("stock-equip", el("g", {}, svg), t("equipment in the stock ({n})", { n: v.stock.equipment }));
  el("rect", { class: "frame hit", x: E.x, y: E.y, width: E.w, height: E.h, rx: 8, fill: "#f2f4f8", stroke: "#9fb3b8" }, se);
  stones(se, E.x + 8, E.y + 8, Math.min(v.stock.equipment, 6), "#6d7480", 10, 6);
  const equipment = t("equipment: {n}", { n: v.stock.equipment });
  text(se, E.x + 8, E.y + E.h - 7, equipment, { "font-size": L.font, ...squeeze(equipment, L.font, E.w - 14, true) });
  tip(se, [tn("{n} equipment in the stock.", "{n} equipment in the stock.", v.stock.equipment), TIPS.stockEquip].join(" "));
}

/** The cards out of the game, and the card just laid (on a phone in a column of three lines,
 * on a desktop in the line of facts below the band).
 * @param {SVGSVGElement} svg @param {SkibeView} v @param {SkibeLayout} L */
function drawOut(svg, v, L) {
  const words = t("out: {n}", { n: v.out_of_game });
  const out = text(svg, L.out.x, L.out.y, words, { class: "sb-small" });
  tip(out, [tn("{n} card out of the game.", "{n} cards out of the game.", v.out_of_game), TIPS.out].join(" "));
  if (!v.last_laid || v.held) return;
  const room = L.width - L.out.x - 4;
  /** @param {number} x @param {number} y @param {string} line */
  const small = (x, y, line) => text(svg, x, y, line, { class: "sb-small", ...squeeze(line, SMALL, room, true) });
  if (L.phone) {
    small(L.out.x, L.out.y + 18, t("just laid:"));
    small(L.out.x, L.out.y + 36, cardWords(v.last_laid));
  } else {
    text(svg, L.out.x + widthOf(words, SMALL, true) + 20, L.out.y, t("just laid: {card}", { card: cardWords(v.last_laid) }), { class: "sb-small" });
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
  heading(svg, D.x + 8, D.y + 16, table.you === seat ? t("Chieftains: your hand") : t("Chieftains: {player}'s hand", { player: colourName(p) }));
  const hand = v.hands[seat];
  KINDS.forEach((k, j) => {
    const has = hand.chieftains.includes(k);
    // The heading names the hand's player: the tokens need not.
    const chief = token(svg, L.handTokens[j], p, k, { ghost: !has, letter: false, where: "lay", font: L.font });
    if (has) place(`chief:${k}`, chief, chieftainName(p, k));
    else chief.classList.add("sb-inert");
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
    place(`choice:${a.kind}`, g, words(a));
    tip(g, choiceTip(a.kind));
  });
}

/** What a decision without a place does. @param {string} kind */
function choiceTip(kind) {
  switch (kind) {
    case "pass": return t("Play no Chieftain this turn: laying one is optional.");
    case "skip": return t("This Chieftain's action is not carried out.");
    case "no food": return t("The stock has no food left: you may move a stone from a bow holding 2 or more to another bow, or load nothing.");
    case "no equip": return t("The stock has no equipment left: you may move a stone from card to card, or load nothing.");
    default: return TIPS.choice;
  }
}

/** A short label for a decision without a place.
 * @param {BoardAction} action
 * @returns {string} */
function words(action) {
  switch (action.kind) {
    case "pass": return t("No Chieftain");
    case "skip": return t("Skip action");
    case "no food": return t("No food");
    case "no equip": return t("No equipment");
    default: return action.words || action.text;
  }
}
