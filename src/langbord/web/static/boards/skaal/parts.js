// Skåål's components drawn in SVG: pills, Royal Inns, the die.
import { el, text, inkOn } from "../../svg.js";
import { t } from "../../i18n.js";
import { textWidth } from "./layout.js";

/** @typedef {import("./layout.js").Box} Box */

/** A rounded pill in box `b` with `label` (and a nugget before it).
 * @param {Element} parent @param {Box} b @param {string} label @param {string} fill
 * @param {boolean} [nugget]
 * @returns {SVGGElement} */
export function pill(parent, b, label, fill, nugget = false) {
  const g = el("g", {}, parent);
  const x = b.x + b.w / 2;
  const y = b.y + b.h / 2;
  el("rect", { class: "hit", x: b.x, y: b.y, width: b.w, height: b.h, rx: Math.min(12, b.h / 2), fill, stroke: "#0007" }, g);
  const tx = nugget ? x + 7 : x;
  if (nugget) {
    el("path", { d: `M${x - 15},${y + 5} l4,-9 h7 l4,9 z`, fill: "#fff3b0", stroke: "#6b5200" }, g);
  }
  text(g, tx, y + 5, label, { "text-anchor": "middle", "font-size": 14, "font-weight": 700, fill: inkOn(fill) });
  return g;
}

/** `words` at (x, y) with `attrs` (its font size among them), squeezed to `room` when they
 * would be wider (a long translation), never stretched.
 * @param {Element} parent @param {number} x @param {number} y @param {string} words
 * @param {number} room @param {Record<string, string | number>} attrs
 * @returns {SVGTextElement} */
export function fitted(parent, x, y, words, room, attrs) {
  const wide = textWidth(words, Number(attrs["font-size"]), Number(attrs["font-weight"]) >= 700) > room;
  return text(parent, x, y, words, wide ? { ...attrs, textLength: room, lengthAdjust: "spacingAndGlyphs" } : attrs);
}

/** A Royal Inn (a house) of colour `fill` with its owner's letter, centred on (x, y).
 * @param {Element} parent @param {number} x @param {number} y @param {string} fill
 * @param {string} letter @param {number} [s] its scale
 * @returns {SVGGElement} */
export function house(parent, x, y, fill, letter, s = 1) {
  const g = el("g", {}, parent);
  el("path", {
    d: `M${x - 13 * s},${y + 11 * s} v${-13 * s} l${13 * s},${-11 * s} l${13 * s},${11 * s} v${13 * s} z`, fill, stroke: "#3b2f25", "stroke-width": 2,
  }, g);
  text(g, x, y + 8 * s, letter, { "text-anchor": "middle", "font-size": 14 * s, "font-weight": 700, fill: inkOn(fill) });
  return g;
}

/** The die in box `b` showing `face` ("1" … "5", "Ooops", or nothing yet).
 * @param {Element} parent @param {Box} b @param {string | null | undefined} face */
export function diePips(parent, b, face) {
  const { x, y, w: s } = b;
  // A cube seen a little from above and the right: its top and side, then its face.
  const d = s * 0.12;
  el("path", { d: `M${x + 6},${y} l${d},${-d} h${s - 6} q6,0 6,6 v${s - 6} l${-d},${d} z`, fill: "#d9cdb4", stroke: "#3b2f25", "stroke-width": 1.5, "stroke-linejoin": "round" }, parent);
  el("rect", { x, y, width: s, height: s, rx: 10, fill: "#fffdf4", stroke: "#3b2f25", "stroke-width": 2, class: "mark hit" }, parent);
  if (face === null || face === undefined) {
    // Not rolled yet: a blank die, its five pips faint.
    pipsOf(parent, b, "5", 0.22);
    return;
  }
  if (!/^[1-5]$/.test(face)) {
    text(parent, x + s / 2, y + s / 2 + 6, t("Ooops"), { "text-anchor": "middle", "font-size": 16, "font-weight": 700, fill: "#c8352b" });
    return;
  }
  pipsOf(parent, b, face, 1);
}

/** The pips of `face` ("1" … "5") on the die's face in box `b`, at `opacity`.
 * @param {Element} parent @param {Box} b @param {string} face @param {number} opacity */
function pipsOf(parent, b, face, opacity) {
  const { x, y, w: s } = b;
  /** @type {Record<number, number[][]>} */
  const pips = {
    1: [[0, 0]], 2: [[-1, -1], [1, 1]], 3: [[-1, -1], [0, 0], [1, 1]],
    4: [[-1, -1], [1, -1], [-1, 1], [1, 1]], 5: [[-1, -1], [1, -1], [0, 0], [-1, 1], [1, 1]],
  };
  for (const [dx, dy] of pips[Number(face)]) {
    el("circle", { cx: x + s / 2 + dx * s * 0.26, cy: y + s / 2 + dy * s * 0.26, r: s * 0.09, fill: "#2b2118", "fill-opacity": opacity }, parent);
  }
}
