// Skibe's components drawn in SVG: shields, stones, Viking cards, Chieftain tokens, pills.
import { el, text, colour, mark, inkOn, tip } from "../../svg.js";
import { TIPS, cardWords, chiefShort, chieftainName, chieftainTip } from "./tips.js";
import { t, tn } from "../../i18n.js";

/** @typedef {import("./layout.js").Box} Box */

/** A shield of colour `name` with its letter.
 * @param {Element} parent @param {number} x @param {number} y @param {string} name
 * @param {number} [s] its scale */
export function shield(parent, x, y, name, s = 1) {
  const fill = colour(name);
  el("path", {
    d: `M${x - 14 * s},${y - 16 * s} h${28 * s} v${14 * s} c0,${12 * s} ${-8 * s},${18 * s} ${-14 * s},${22 * s} c${-6 * s},${-4 * s} ${-14 * s},${-10 * s} ${-14 * s},${-22 * s} z`,
    fill, stroke: "#2b2118", "stroke-width": 1.5,
  }, parent);
  text(parent, x, y + 4 * s, mark(name), { "text-anchor": "middle", "font-size": 15 * s, "font-weight": 700, fill: inkOn(fill) });
}

/** `n` square stones from (x, y), `perRow` to a row.
 * @param {Element} parent @param {number} x @param {number} y @param {number} n
 * @param {string} fill @param {number} [size] @param {number} [perRow] */
export function stones(parent, x, y, n, fill, size = 9, perRow = 5) {
  for (let i = 0; i < n; i++) {
    el("rect", {
      x: x + (i % perRow) * (size + 3), y: y + Math.floor(i / perRow) * (size + 3), width: size, height: size,
      rx: 2, fill, stroke: "#0007",
    }, parent);
  }
}

/** `n` round food stones from (x, y), `perRow` to a row.
 * @param {Element} parent @param {number} x @param {number} y @param {number} n
 * @param {number} [r] @param {number} [perRow] */
export function foodStones(parent, x, y, n, r = 9, perRow = 2) {
  for (let i = 0; i < n; i++) {
    el("circle", { cx: x + (i % perRow) * (2 * r + 4), cy: y + Math.floor(i / perRow) * (2 * r + 4), r, fill: "#7cc26a", stroke: "#2e6b2e" }, parent);
  }
}

/** A Viking card ("blue/red F": its shields and its symbol) with its equipment, in `b`.
 * @param {Element} parent @param {Box} b @param {string} name @param {number} equipment
 * @param {string} slot where it lies ("2.3", "d1")
 * @returns {SVGGElement} */
export function drawCard(parent, b, name, equipment, slot) {
  const g = el("g", { class: "sb-place" }, parent);
  const { x, y, w, h } = b;
  el("rect", { class: "frame hit", x, y, width: w, height: h, rx: 8, fill: "#fbf6ea", stroke: "#7a6a58", "stroke-width": 1.5 }, g);
  const [shields, cargo] = name.split(" ");
  const cols = shields.split("/");
  const s = w < 90 ? 0.9 : 1;
  cols.forEach((c, i) => shield(g, x + w / 2 + (i - (cols.length - 1) / 2) * 31 * s, y + 30 * s, c, s));
  const food = cargo === "F";
  const sy = y + h * 0.5;
  el("rect", { x: x + 5, y: sy, width: w - 10, height: 20, rx: 4, fill: food ? "#d9ead0" : "#dfe3ea" }, g);
  text(g, x + w / 2, sy + 15, food ? t("F · food") : t("E · equip"), { "text-anchor": "middle", "font-size": 13, "font-weight": 700, fill: food ? "#2e6b2e" : "#3a4a66" });
  const perRow = Math.floor((w - 12) / 13);
  if (equipment > 0) stones(g, x + 7, sy + 27, Math.min(equipment, perRow), "#6d7480", 10, perRow);
  if (equipment > perRow) text(g, x + w - 6, sy + 36, `×${equipment}`, { "text-anchor": "end", "font-size": 12 });
  text(g, x + 4, y + 11, slot, { "font-size": 10, fill: "#7a6a58" });
  const card = { slot, card: cardWords(name) };
  const what = equipment ? tn("{slot}: {card}, {n} equipment", "{slot}: {card}, {n} equipment", equipment, card) : t("{slot}: {card}", card);
  el("title", {}, g).textContent = what;
  tip(g, `${what}. ${TIPS.viking}${equipment ? ` ${TIPS.equipment}` : ""}`);
  return g;
}

/** The width of a bold letter of the board's sans-serif, as a share of its font size (a
 * generous mean: a label longer than its room by this measure is squeezed to fit). */
const BOLD_WIDTH = 0.62;

/** A Chieftain token of `owner` with action `kind` in `b` (`ghost`: played, an outline).
 * @param {Element} parent @param {Box} b @param {string} owner @param {string} kind
 * @param {{ghost?: boolean, letter?: boolean, where?: import("./tips.js").ChiefWhere}} [how] `letter`: the owner's
 *   mark before the action; `where`: where it lies, for its tip
 * @returns {SVGGElement} */
export function token(parent, b, owner, kind, { ghost = false, letter = true, where = "" } = {}) {
  const g = el("g", { class: "sb-place" }, parent);
  const fill = colour(owner);
  el("rect", {
    class: "frame hit", x: b.x, y: b.y, width: b.w, height: b.h, rx: Math.min(12, b.h / 2), fill: ghost ? "none" : fill,
    stroke: ghost ? "#b8a88e" : "#0008", "stroke-dasharray": ghost ? "4 3" : null,
  }, g);
  const label = `${letter ? `${mark(owner)} ` : ""}${chiefShort(kind)}`;
  // A longer word (Danish "ombytning") fits its token: squeezed to the room, never clipped.
  const room = b.w - 8;
  const size = b.w < 66 ? 12 : 13;
  const squeeze = label.length * size * BOLD_WIDTH > room ? { textLength: room, lengthAdjust: "spacingAndGlyphs" } : {};
  text(g, b.x + b.w / 2, b.y + b.h / 2 + 5, label, {
    "text-anchor": "middle", "font-size": size, "font-weight": 700, fill: ghost ? "#9a8a78" : inkOn(fill), ...squeeze,
  });
  el("title", {}, g).textContent = ghost ? t("{name} (played)", { name: chieftainName(owner, kind) }) : chieftainName(owner, kind);
  tip(g, chieftainTip(kind, owner, ghost ? "played" : where));
  return g;
}

/** A rounded button-like pill in `b` with `label`.
 * @param {Element} parent @param {Box} b @param {string} label @param {string} [fill]
 * @returns {SVGGElement} */
export function pill(parent, b, label, fill = "#2f6f5e") {
  const g = el("g", { class: "sb-place" }, parent);
  el("rect", { class: "frame hit", x: b.x, y: b.y, width: b.w, height: b.h, rx: Math.min(14, b.h / 2), fill, stroke: "#0007" }, g);
  text(g, b.x + b.w / 2, b.y + b.h / 2 + 5, label, { "text-anchor": "middle", "font-size": 14, "font-weight": 700, fill: inkOn(fill) });
  return g;
}
