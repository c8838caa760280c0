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
 * @param {number} font the size of its words (the layout's least)
 * @returns {SVGGElement} */
export function drawCard(parent, b, name, equipment, slot, font) {
  const g = el("g", { class: "sb-place" }, parent);
  const { x, y, w, h } = b;
  el("rect", { class: "frame hit", x, y, width: w, height: h, rx: 8, fill: "#fbf6ea", stroke: "#7a6a58", "stroke-width": 1.5 }, g);
  const [shields, cargo] = name.split(" ");
  const cols = shields.split("/");
  const s = w < 90 ? 0.9 : 1;
  // The shields stay below the slot's number in the corner, above the symbol.
  cols.forEach((c, i) => shield(g, x + w / 2 + (i - (cols.length - 1) / 2) * 31 * s, y + 32 * s, c, s));
  const food = cargo === "F";
  const sy = y + h * 0.52;
  el("rect", { x: x + 5, y: sy, width: w - 10, height: 20, rx: 4, fill: food ? "#d9ead0" : "#dfe3ea" }, g);
  const symbol = food ? t("F · food") : t("E · equip");
  text(g, x + w / 2, sy + 15, symbol, { "text-anchor": "middle", "font-size": font, "font-weight": 700, fill: food ? "#2e6b2e" : "#3a4a66", ...squeeze(symbol, font, w - 6) });
  const perRow = Math.floor((w - 12) / 13);
  if (equipment > 0) stones(g, x + 7, sy + 27, Math.min(equipment, perRow), "#6d7480", 10, perRow);
  if (equipment > perRow) text(g, x + w - 6, sy + 37, `×${equipment}`, { "text-anchor": "end", "font-size": font });
  text(g, x + 5, y + 13, slot, { "font-size": font, fill: "#7a6a58" });
  const card = { slot, card: cardWords(name) };
  const what = equipment ? tn("{slot}: {card}, {n} equipment", "{slot}: {card}, {n} equipment", equipment, card) : t("{slot}: {card}", card);
  el("title", {}, g).textContent = what;
  tip(g, `${what}. ${TIPS.viking}${equipment ? ` ${TIPS.equipment}` : ""}`);
  return g;
}

/** A canvas to measure words on (null where there is no document, or no canvas). */
let ruler = /** @type {CanvasRenderingContext2D | null | undefined} */ (undefined);

/** How wide `label` is at font `size` (bold unless `normal`) in the family svg text has
 * (style.css: system-ui, sans-serif), measured on a canvas; without one, estimated generously
 * (0.62 of the size a bold letter, 0.6 a normal one).
 * @param {string} label @param {number} size @param {boolean} normal */
export function widthOf(label, size, normal) {
  if (ruler === undefined) ruler = typeof document === "undefined" ? null : document.createElement("canvas").getContext?.("2d") ?? null;
  if (!ruler) return label.length * size * (normal ? 0.6 : 0.62);
  ruler.font = `${normal ? 400 : 700} ${size}px system-ui, sans-serif`;
  return ruler.measureText(label).width;
}

/** The attributes that squeeze `label` at font `size` (bold unless `normal`) into `room` units
 * when it is wider (never clipped, never smaller than its size, never stretched); none when it
 * fits.
 * @param {string} label @param {number} size @param {number} room @param {boolean} [normal]
 * @returns {Record<string, string | number>} */
export function squeeze(label, size, room, normal = false) {
  return widthOf(label, size, normal) > room ? { textLength: room, lengthAdjust: "spacingAndGlyphs" } : {};
}

/** A Chieftain token of `owner` with action `kind` in `b` (`ghost`: played, an outline).
 * @param {Element} parent @param {Box} b @param {string} owner @param {string} kind
 * @param {{ghost?: boolean, letter?: boolean, where?: import("./tips.js").ChiefWhere, font?: number}} [how]
 *   `letter`: the owner's mark before the action; `where`: where it lies, for its tip; `font`:
 *   its label's size (the layout's least)
 * @returns {SVGGElement} */
export function token(parent, b, owner, kind, { ghost = false, letter = true, where = "", font = 13 } = {}) {
  const g = el("g", { class: "sb-place" }, parent);
  const fill = colour(owner);
  el("rect", {
    class: "frame hit", x: b.x, y: b.y, width: b.w, height: b.h, rx: Math.min(12, b.h / 2), fill: ghost ? "none" : fill,
    stroke: ghost ? "#b8a88e" : "#0008", "stroke-dasharray": ghost ? "4 3" : null,
  }, g);
  const label = `${letter ? `${mark(owner)} ` : ""}${chiefShort(kind)}`;
  // A longer word (Danish "ombytning") fits its token: squeezed to the room, never clipped.
  text(g, b.x + b.w / 2, b.y + b.h / 2 + 5, label, {
    "text-anchor": "middle", "font-size": font, "font-weight": 700, fill: ghost ? "#9a8a78" : inkOn(fill),
    ...squeeze(label, font, b.w - 8),
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
