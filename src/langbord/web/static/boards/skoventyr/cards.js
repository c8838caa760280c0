// Skoventyr's components drawn in SVG: cards, pawns, Acorns, buttons and headings. Each
// component carries a `data-tip`: what it is for, in the rulebook's words.
import { chip, el, inkOn, text } from "../../svg.js";
import { TIPS, cardTip, styleOf } from "./tips.js";
import { TEXT, squeeze, textWidth } from "./layout.js";
import { t } from "../../i18n.js";
import { figure, hasFigure } from "./figures.js";

/** SVG attributes. @typedef {Record<string, string | number>} Attrs */
/** @typedef {{x: number, y: number, w: number, h: number}} Rect */

export const VOGTER = "#1f7a8c";
export const ERIK = "#5a1010";

/** Gives `node` the explanation `words` (shown on tap or hover by the page).
 * @template {Element} T @param {T} node @param {string} words @returns {T} */
export function tip(node, words) {
  node.setAttribute("data-tip", words);
  return node;
}

/** A layout rectangle as SVG attributes. @param {Rect} r */
export function box(r) {
  return { x: r.x, y: r.y, width: r.w, height: r.h };
}

/** A card of an Ally (or Gamle Erik): colour, letter, and its name when the card is wide and
 * tall enough to show it at the board's smallest text size. `left`: the letter stands left of
 * the middle, leaving the top-right or bottom-right corner to a token or a count.
 * @param {Element} parent @param {string} name @param {number} x @param {number} y
 * @param {number} w @param {number} h @param {Attrs} [attrs] @param {{left?: boolean}} [how] */
export function card(parent, name, x, y, w, h, attrs = {}, { left = false } = {}) {
  const g = el("g", attrs, parent);
  const [fill, letter] = styleOf(name);
  el("rect", { x, y, width: w, height: h, rx: 6, fill, stroke: "#000a", "stroke-width": 1.5, class: "hit" }, g);
  const ink = inkOn(fill);
  el("rect", { x: x + 4, y: y + 4, width: w - 8, height: h - 8, rx: 4, fill: "none", stroke: ink, "stroke-opacity": 0.35 }, g);
  const named = h > 56 && w >= 80;
  if (named && hasFigure(name)) {
    // A card large enough for its name shows its figure, its letter in the corner.
    const size = Math.min(w - 20, h - 34);
    figure(g, name, x + w / 2, y + 8 + (h - 34) / 2, size, ink, fill);
    text(g, x + 9, y + 21, letter, { "font-size": TEXT + 2, "font-weight": 800, fill: ink });
  } else {
    const lx = left && !named ? x + w * 0.37 : x + w / 2;
    text(g, lx, y + h / 2 + (named ? 0 : 6), letter, { "font-size": Math.min(w * 0.5, h * 0.45), "font-weight": 800, "text-anchor": "middle", fill: ink });
  }
  if (named) text(g, x + w / 2, y + h - 9, name, { "font-size": TEXT, "text-anchor": "middle", fill: ink, ...squeeze(name, TEXT, w - 8) });
  tip(g, cardTip(name));
  return g;
}

/** A button drawn on the board, its label in bold; a longer label (a translation) in regular
 * weight, squeezed into the button if it is still too long.
 * @param {Element} parent @param {number} x @param {number} y @param {number} w @param {number} h
 * @param {string} label @param {Attrs} [attrs] */
export function button(parent, x, y, w, h, label, attrs = {}) {
  const g = el("g", attrs, parent);
  el("rect", { x, y, width: w, height: h, rx: 6, fill: "#fffdf8", stroke: "#8a7a66", class: "hit" }, g);
  const bold = textWidth(label, TEXT, true) <= w - 8;
  text(g, x + w / 2, y + h / 2 + 5, label, { "font-size": TEXT, "text-anchor": "middle", "font-weight": bold ? 600 : 400, ...squeeze(label, TEXT, w - 8, bold) });
  return g;
}

/** Vogter's ("V") or Gamle Erik's ("GE") pawn.
 * @param {Element} parent @param {number} x @param {number} y @param {string} who */
export function pawn(parent, x, y, who) {
  const g = chip(parent, x, y, 14, who === "V" ? VOGTER : ERIK, who, { "data-piece": `pawn:${who}` });
  tip(g, who === "V" ? TIPS.vogter : TIPS.erik);
  return g;
}

/** An Acorn token (Rescue).
 * @param {Element} parent @param {number} x @param {number} y @param {string} kind */
export function acorn(parent, x, y, kind) {
  const g = el("g", {}, parent);
  el("ellipse", { cx: x, cy: y + 3, rx: 11, ry: 13, fill: "#a0682a", stroke: "#4a2f14" }, g);
  el("path", { d: `M${x - 12},${y - 4} Q${x},${y - 16} ${x + 12},${y - 4} Z`, fill: "#5c3b17" }, g);
  text(g, x, y + 9, kind, { "font-size": TEXT, "font-weight": 700, "text-anchor": "middle", fill: "#fff" });
  tip(g, [t("Acorn {kind}.", { kind }), TIPS.acorn].join(" "));
  return g;
}

/** A section's heading, explained by `explained`.
 * @param {Element} parent @param {number} x @param {number} y @param {string} words
 * @param {string | null} [explained] */
export function heading(parent, x, y, words, explained = null) {
  const node = text(parent, x, y, words, { "font-size": 15, "font-weight": 700, fill: "#2b2118" });
  if (explained) tip(node, explained);
  return node;
}
