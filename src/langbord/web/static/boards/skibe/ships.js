// Skibe's three ships: hull, bow with its food, the Chieftains laid on it, Viking cards, stern.
import { el, text, colour, mark, inkOn, tip } from "../../svg.js";
import { drawCard, foodStones, token } from "./parts.js";
import { TIPS, cardWords } from "./tips.js";
import { colourName } from "../../names.js";
import { t, tn } from "../../i18n.js";

/** @typedef {import("../../svg.js").BoardContext} BoardContext */
/** @typedef {import("./layout.js").SkibeLayout} SkibeLayout */
/** @typedef {import("./layout.js").ShipLayout} ShipLayout */
/** @typedef {import("./layout.js").SkibeView} SkibeView */
/** @typedef {import("./layout.js").SkibeShip} SkibeShip */
/** Registers `node` as the clickable place `id` (its words `label`); returns `node`.
 * @typedef {(id: string, node: Element, label: string) => Element} Place */
/** A ship being drawn: its view, its number (1 …) and where its parts go.
 * @typedef {{ship: SkibeShip, no: number, S: ShipLayout}} At */

/** Draws the ships of view `v` where `L` says; `place` registers each clickable place.
 * @param {SVGSVGElement} svg @param {SkibeView} v @param {SkibeLayout} L
 * @param {BoardContext} ctx @param {Place} place */
export function drawShips(svg, v, L, ctx, place) {
  const last = ctx.last;
  const lastTokenShip = last?.kind === "chief" ? last.args?.ship : 0;
  v.ships.forEach((ship, s) => {
    const at = { ship, no: s + 1, S: L.ships[s] };
    const evaluating = Boolean(v.evaluation && v.evaluation.ship === at.no);
    drawHull(svg, v, L, at, evaluating, place);
    drawBow(svg, L, at, place);
    drawChieftains(svg, v, L, at, { evaluating, lastHere: lastTokenShip === at.no });
    drawVikings(svg, L, at, place);
    drawStern(svg, L, at, place);
  });
}

/** The hull (a place: lay a card, a Chieftain's ship), with its keel on a desktop.
 * @param {SVGSVGElement} svg @param {SkibeView} v @param {SkibeLayout} L @param {At} at
 * @param {boolean} evaluating @param {Place} place */
function drawHull(svg, v, L, { ship, no, S }, evaluating, place) {
  const hull = place(`ship:${no}`, el("g", {}, svg), t("ship {n}", { n: no }));
  const { hull: hb } = S;
  el("rect", {
    class: "frame hit", x: hb.x, y: hb.y, width: hb.w, height: hb.h, rx: 14,
    fill: evaluating ? "#fff1b8" : "#dfe8ea", stroke: "#9fb3b8",
  }, hull);
  if (!L.phone) {
    const c0 = S.cards[0];
    const end = S.stern.x + 50;
    const bottom = c0.y + c0.h;
    el("path", {
      d: `M${c0.x - 10},${bottom - 8} H${end} q22,0 18,-26 l-6,30 q-8,8 -40,8 H${c0.x + 10} q-30,0 -40,-14 z`,
      fill: "#8b5a2b", stroke: "#5a3a1a", "stroke-width": 2,
    }, hull);
  }
  text(hull, S.label.x, S.label.y + 16, t("Ship {n}", { n: no }), { "font-size": 16, "font-weight": 700 });
  const held = tn("Ship {ship}: {count} of {n} Viking card.", "Ship {ship}: {count} of {n} Viking cards.", v.ship_limit, { ship: no, count: ship.vikings.length });
  tip(hull, `${held} ${TIPS.ship}`);
}

/** The bow with its food (the label stays clear of it: layout's test).
 * @param {SVGSVGElement} svg @param {SkibeLayout} L @param {At} at @param {Place} place */
function drawBow(svg, L, { ship, no, S }, place) {
  const B = S.bow;
  const bow = place(`bow:${no}`, el("g", {}, svg), t("bow {n}", { n: no }));
  if (L.phone) {
    el("path", {
      class: "frame hit", d: `M${B.x + B.w},${B.y} H${B.x + 18} Q${B.x},${B.y + B.h / 2} ${B.x + 18},${B.y + B.h} H${B.x + B.w} z`,
      fill: "#a0693a", stroke: "#5a3a1a", "stroke-width": 2,
    }, bow);
    foodStones(bow, B.x + 30, B.y + B.h / 2, Math.min(ship.bow_food, 6), 9, 6);
    text(bow, B.x + B.w - 8, B.y + B.h / 2 + 5, t("bow · food {n}", { n: ship.bow_food }), { "text-anchor": "end", "font-size": 14, "font-weight": 700, fill: "#fff" });
  } else {
    el("path", {
      class: "frame hit",
      d: `M${B.x + B.w},${B.y} H${B.x + 16} Q${B.x - 10},${B.y + B.h / 2} ${B.x + 16},${B.y + B.h} H${B.x + B.w} z`,
      fill: "#a0693a", stroke: "#5a3a1a", "stroke-width": 2,
    }, bow);
    foodStones(bow, B.x + B.w / 2 - 11, B.y + 20, Math.min(ship.bow_food, 6), 9, 2);
    text(bow, B.x + B.w / 2, B.y + B.h - 10, t("food {n}", { n: ship.bow_food }), { "text-anchor": "middle", "font-size": 14, "font-weight": 700, fill: "#fff" });
  }
  el("title", {}, bow).textContent = tn("bow {ship}: {n} food", "bow {ship}: {n} food", ship.bow_food, { ship: no });
  tip(bow, [tn("Bow of ship {ship}: {n} food.", "Bow of ship {ship}: {n} food.", ship.bow_food, { ship: no }), TIPS.bow].join(" "));
}

/** Chieftains laid on the ship, from the bow outward; the one acting is framed, the one just
 * laid (`lastHere`: the last move laid one here) marked.
 * @param {SVGSVGElement} svg @param {SkibeView} v @param {SkibeLayout} L @param {At} at
 * @param {{evaluating: boolean, lastHere: boolean}} how */
function drawChieftains(svg, v, L, { ship, no, S }, { evaluating, lastHere }) {
  const C = S.chiefs;
  const e = v.evaluation;
  ship.chieftains.forEach((c, i) => {
    const b = { x: C.x + i * C.step, y: C.y, w: C.w, h: C.h };
    const chief = token(svg, b, c.owner, c.action, { where: { ship: no, laid: i + 1 }, font: L.font });
    if (evaluating && e && e.owner === c.owner && e.chieftain === c.action) {
      el("rect", { x: b.x - 3, y: b.y - 3, width: b.w + 6, height: b.h + 6, rx: 15, fill: "none", stroke: "#c8352b", "stroke-width": 3 }, chief);
    }
    if (lastHere && i === ship.chieftains.length - 1) chief.classList.add("last-move");
    chief.classList.add("sb-inert");
  });
}

/** Viking cards, and the free places up to the limit.
 * @param {SVGSVGElement} svg @param {SkibeLayout} L @param {At} at @param {Place} place */
function drawVikings(svg, L, { ship, no, S }, place) {
  S.cards.forEach((b, i) => {
    const viking = ship.vikings[i];
    const slot = `${no}.${i + 1}`;
    if (viking) {
      place(`card:${slot}`, drawCard(svg, b, viking.card, viking.equipment, slot, L.font), `${cardWords(viking.card)} (${slot})`);
    } else {
      const r = el("rect", { x: b.x, y: b.y, width: b.w, height: b.h, rx: 8, fill: "#ffffff55", stroke: "#9fb3b8", "stroke-dasharray": "6 4", class: "sb-inert" }, svg);
      tip(r, TIPS.emptySlot);
    }
  });
}

/** The stern: its player's colour and mark once laid, else its place.
 * @param {SVGSVGElement} svg @param {SkibeLayout} L @param {At} at @param {Place} place */
function drawStern(svg, L, { ship, no, S }, place) {
  const T = S.stern;
  const stern = place(`stern:${no}`, el("g", {}, svg), t("stern on ship {n}", { n: no }));
  const sFill = ship.stern ? colour(ship.stern) : "#ffffff55";
  el("path", {
    class: "frame hit", d: `M${T.x},${T.y} h${T.w * 0.55} q${T.w * 0.45},${T.h * 0.1} ${T.w * 0.45},${T.h * 0.45} q0,${T.h * 0.38} ${-T.w * 0.45},${T.h * 0.55} h${-T.w * 0.55} z`,
    fill: sFill, stroke: ship.stern ? "#2b2118" : "#9fb3b8", "stroke-dasharray": ship.stern ? null : "6 4", "stroke-width": 1.5,
  }, stern);
  if (ship.stern) {
    text(stern, T.x + T.w * 0.42, T.y + T.h / 2 + 7, mark(ship.stern), { "text-anchor": "middle", "font-size": 20, "font-weight": 700, fill: inkOn(sFill) });
  }
  text(stern, T.x + T.w * 0.42, L.phone ? T.y + 16 : T.y - 6, t("stern"), { "text-anchor": "middle", class: "sb-small" });
  const whose = ship.stern ? t("{player}'s stern on ship {n}.", { player: colourName(ship.stern), n: no }) : t("Stern of ship {n}.", { n: no });
  tip(stern, `${whose} ${TIPS.stern}`);
}
