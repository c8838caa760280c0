// Knarr's components drawn in SVG: gain icons, viking cards, destination and village cards,
// buttons. Each component carries a `data-tip`: what it is for, in the rules' words.
import { colour, el, inkOn, mark, text } from "../../svg.js";
import { COLOURS, DEST, GAINS, lineTitle, split } from "./data.js";
import { SMALL } from "./layout.js";
import { destinationTip, vikingTip } from "./tips.js";
import { t } from "../../i18n.js";

/** SVG attributes. @typedef {Record<string, string | number>} Attrs */

export const PARCHMENT = "#efe3c8";
export const INK = "#2b2118";

/** A canvas to measure words on (null where there is no document or no canvas). */
let ruler = /** @type {CanvasRenderingContext2D | null | undefined} */ (undefined);

/** How wide `words` are at font `size` (`bold` or not) in the family of the board's texts
 * (style.css: system-ui, sans-serif), measured on a canvas; without one, a generous guess.
 * @param {string} words @param {number} size @param {boolean} [bold] @returns {number} */
export function widthOf(words, size, bold = false) {
  if (ruler === undefined) ruler = typeof document === "undefined" ? null : document.createElement("canvas").getContext?.("2d") ?? null;
  if (!ruler) return words.length * size * (bold ? 0.66 : 0.6);
  ruler.font = `${bold ? 700 : 400} ${size}px system-ui, sans-serif`;
  return ruler.measureText(words).width;
}

/** `attrs` for `words` in `room` units: as they are when the words fit, else with the words
 * squeezed across to the room (their font size stays, so they read as tall as their neighbours;
 * a longer translation fits where the English does).
 * @param {string} words @param {Attrs} attrs @param {number} room @returns {Attrs} */
export function fit(words, attrs, room) {
  const size = Number(attrs["font-size"] ?? 14);
  const bold = Number(attrs["font-weight"] ?? 400) >= 600;
  return widthOf(words, size, bold) > room ? { ...attrs, textLength: Math.max(1, room), lengthAdjust: "spacingAndGlyphs" } : attrs;
}

/** Gives `node` the explanation `words` (shown on tap or hover by the page).
 * @template {Element} T @param {T} node @param {string} words @returns {T} */
export function tip(node, words) {
  node.setAttribute("data-tip", words);
  return node;
}

/** The points of a five-pointed star centred on (cx, cy), `r` to its tips.
 * @param {number} cx @param {number} cy @param {number} r @returns {string} */
function star(cx, cy, r) {
  const points = [];
  for (let i = 0; i < 10; i++) {
    const a = -Math.PI / 2 + (i * Math.PI) / 5;
    const rr = i % 2 ? r * 0.45 : r;
    points.push(`${(cx + rr * Math.cos(a)).toFixed(1)},${(cy + rr * Math.sin(a)).toFixed(1)}`);
  }
  return points.join(" ");
}

/** A gain's icon centred on (x, y), `s` across.
 * @param {Element} parent @param {string} gain @param {number} x @param {number} y
 * @param {number} [s] */
export function icon(parent, gain, x, y, s = 18) {
  const g = el("g", { "aria-hidden": "true" }, parent);
  const r = s / 2;
  if (gain === "vp") {
    el("polygon", { points: star(x, y, r), fill: "#f0c419", stroke: "#6b4e00", "stroke-width": 1 }, g);
  } else if (gain === "bracelet") {
    el("circle", { cx: x, cy: y, r: r * 0.72, fill: "none", stroke: "#b8860b", "stroke-width": r * 0.45 }, g);
  } else if (gain === "recruit") {
    el("circle", { cx: x, cy: y - r * 0.45, r: r * 0.38, fill: "#6b4a2b" }, g);
    el("path", { d: `M${x - r * 0.75},${y + r} Q${x},${y - r * 0.35} ${x + r * 0.75},${y + r} Z`, fill: "#6b4a2b" }, g);
  } else if (gain === "reputation") {
    el("path", { d: `M${x - r * 0.8},${y - r * 0.9} H${x + r * 0.8} V${y} Q${x + r * 0.8},${y + r * 0.7} ${x},${y + r} Q${x - r * 0.8},${y + r * 0.7} ${x - r * 0.8},${y} Z`, fill: "#2f6f5e", stroke: "#143b31", "stroke-width": 1 }, g);
  } else if (gain === "card") {
    el("rect", { x: x - r * 0.6, y: y - r * 0.9, width: r * 1.2, height: r * 1.8, rx: 2, fill: "#fff", stroke: "#333", "stroke-width": 1.2 }, g);
    el("path", { d: `M${x - r * 0.3},${y} H${x + r * 0.3} M${x},${y - r * 0.3} V${y + r * 0.3}`, stroke: "#333", "stroke-width": 1.5 }, g);
  } else if (gain === "coin") {
    el("circle", { cx: x, cy: y, r: r * 0.85, fill: "#c9c9c9", stroke: "#6a6a6a", "stroke-width": 1.5 }, g);
    el("circle", { cx: x, cy: y, r: r * 0.45, fill: "none", stroke: "#8a8a8a", "stroke-width": 1 }, g);
  } else if (gain === "raid") {
    el("rect", { x: x - r * 0.6, y: y - r * 0.6, width: r * 1.2, height: r * 1.2, fill: "#a33b20", stroke: "#4a1408", "stroke-width": 1, transform: `rotate(45 ${x} ${y})` }, g);
  }
  return g;
}

/** How wide gainsRow draws `vector` with icons `s` across, `gap` apart.
 * @param {number[]} vector @param {number} s @param {number} gap @returns {number} */
export function gainsWidth(vector, s, gap) {
  const size = Math.max(SMALL, s * 0.8);
  return vector.reduce((w, k) => (k ? w + (k !== 1 ? widthOf(k > 0 ? `${k}` : `−${-k}`, size, true) + 1 : 0) + s + gap : w), 0);
}

/** The gains of a vector (GAINS order) in a row from x; returns the width used.
 * @param {Element} parent @param {number[]} vector @param {number} x @param {number} y
 * @param {number} [s] @param {{gap?: number}} [opts] @returns {number} */
export function gainsRow(parent, vector, x, y, s = 18, opts = {}) {
  let cx = x;
  vector.forEach((k, i) => {
    if (!k) return;
    const gain = GAINS[i];
    if (k !== 1) {
      const words = k > 0 ? `${k}` : `−${-k}`;
      const size = Math.max(SMALL, s * 0.8);
      const count = text(parent, cx, y + size * 0.36, words, { "font-size": size, "font-weight": 700, fill: k < 0 ? "#a33b20" : INK });
      cx += widthOf(words, size, true) + 1;
      count.setAttribute("aria-hidden", "true");
    }
    icon(parent, gain, cx + s / 2, y, s);
    cx += s + (opts.gap ?? 3);
  });
  return cx - x;
}

/** A viking card: its colour with its letter, and its gain's icon; several of its type (a crew
 * column's `count`) are told as "×2" after the letter, or in the top right corner of a tall card.
 * @param {Element} parent @param {string} type @param {number} x @param {number} y
 * @param {number} w @param {number} h @param {Attrs} [attrs] @param {number} [count] */
export function vikingCard(parent, type, x, y, w, h, attrs = {}, count = 1) {
  const [c, gain] = split(type);
  const g = el("g", attrs, parent);
  const fill = colour(c);
  el("rect", { x, y, width: w, height: h, rx: 5, fill, stroke: "#0009", "stroke-width": 1.2, class: "hit" }, g);
  const letter = { "font-size": Math.max(SMALL, Math.min(15, h * 0.6)), "font-weight": 700, fill: inkOn(fill) };
  const baseline = y + Math.min(h - 5, 17);
  const times = count > 1 ? `×${count}` : "";
  if (h >= 40) {
    text(g, x + 5, baseline, mark(c), letter);
    if (times) text(g, x + w - 4, baseline, times, { ...letter, "text-anchor": "end" });
    el("circle", { cx: x + w / 2, cy: y + h / 2 + 6, r: Math.min(w, h) * 0.3, fill: "#fffdf4", stroke: "#0005" }, g);
    icon(g, gain, x + w / 2, y + h / 2 + 6, Math.min(w, h) * 0.4);
  } else {
    const words = `${mark(c)}${times}`;
    text(g, x + 5, baseline, words, letter);
    // The icon's disc keeps clear of the letter and count.
    const r = Math.max(6, Math.min(h / 2 - 2, (w - 11 - widthOf(words, Number(letter["font-size"]), true)) / 2));
    el("circle", { cx: x + w - r - 2, cy: y + h / 2, r, fill: "#fffdf4", stroke: "#0005" }, g);
    icon(g, gain, x + w - r - 2, y + h / 2, r * 1.45);
  }
  tip(g, vikingTip(type));
  return g;
}

/** A destination's cost drawn leftwards from `right` on its top line, in at most `room` units:
 * a coloured square per colour needed, with its letter (and how many, when more than one), or
 * "n same" / "n different".
 * @param {Element} g @param {[number, number, number[], number[], number[]]} d @param {number} right
 * @param {number} y @param {number} room @param {boolean} narrow */
function cost(g, d, right, y, room, narrow) {
  const [kind, size, need] = d;
  if (kind !== 0) {
    const label = kind === 1 ? (narrow ? t("{n} same", { n: size }) : t("{n} same colour", { n: size }))
      : narrow ? t("{n} diff.", { n: size }) : t("{n} different", { n: size });
    text(g, right, y + 19, label, fit(label, { "font-size": SMALL, "font-weight": 700, "text-anchor": "end" }, room));
    return;
  }
  // A square is 16 wide (9 more with a count), narrower when five of them share a small card.
  const colours = need.filter((k) => k).length;
  const counted = need.filter((k) => k > 1).length;
  const gap = colours * 16 + counted * 9 + (colours - 1) * 2 <= room ? 2 : 0;
  const one = Math.max(12, Math.min(16, (room - counted * 9 - (colours - 1) * gap) / colours));
  let cx = right;
  for (let c = COLOURS.length - 1; c >= 0; c--) {
    const k = need[c];
    if (!k) continue;
    const fill = colour(COLOURS[c]);
    const w = k > 1 ? one + 9 : one;
    cx -= w;
    el("rect", { x: cx, y: y + 4, width: w, height: 20, rx: 3, fill, stroke: "#0008" }, g);
    text(g, cx + w / 2, y + 19, `${k > 1 ? k : ""}${mark(COLOURS[c])}`, { "font-size": SMALL, "font-weight": 700, "text-anchor": "middle", fill: inkOn(fill) });
    cx -= gap;
  }
}

/** A destination's immediate gains on its second line, from `x` in `w` units: after the word
 * "gain" where the icons still have room, else the icons alone (its tip says them in words).
 * @param {Element} g @param {number[]} immediate @param {number} x @param {number} y @param {number} w */
function immediateRow(g, immediate, x, y, w) {
  const word = t("gain");
  const wordW = widthOf(word, SMALL) + 6;
  const counts = immediate.reduce((a, k) => a + (k && k !== 1 ? widthOf(`${Math.abs(k)}`, SMALL, true) + 1 + (k < 0 ? 8 : 0) : 0), 0);
  const n = immediate.filter((k) => k).length;
  /** @param {number} room */
  const size = (room) => Math.min(18, (room - counts - 3 * n) / Math.max(1, n));
  const withWord = size(w - wordW) >= 15;
  if (withWord) text(g, x, y + 5, word, { "font-size": SMALL, fill: "#6a5a48" });
  const from = withWord ? x + wordW : x;
  gainsRow(g, immediate, from, y, size(w - (from - x)));
}

/** A destination card: name, cost, immediate gains and its three trade columns.
 * @param {Element} parent @param {string} name @param {number} x @param {number} y
 * @param {number} w @param {number} h @param {Attrs} [attrs] */
export function destinationCard(parent, name, x, y, w, h, attrs = {}) {
  const g = el("g", attrs, parent);
  const d = DEST[name];
  const loi = name.startsWith("B");
  el("rect", { x, y, width: w, height: h, rx: 7, fill: loi ? "#dfe9f1" : PARCHMENT, stroke: "#5a4a3a", "stroke-width": 1.5, class: "hit" }, g);
  text(g, x + 7, y + 19, name, { "font-size": 15, "font-weight": 700 });
  if (!d) return g;
  cost(g, d, x + w - 5, y, w - 16 - widthOf(name, 15, true), w < 150);
  immediateRow(g, d[3], x + 7, y + 41, w - 12);
  // Trade columns.
  const cw = (w - 14) / 3;
  d[4].forEach((column, k) => {
    const cx = x + 7 + k * cw;
    el("rect", { x: cx + 1, y: y + h - 30, width: cw - 2, height: 25, rx: 3, fill: "#fff8", stroke: "#0003" }, g);
    if (column >= 0) icon(g, GAINS[column], cx + cw / 2, y + h - 17.5, 17);
    else text(g, cx + cw / 2, y + h - 13, "–", { "text-anchor": "middle", fill: "#0006" });
  });
  tip(g, destinationTip(name));
  return g;
}

/** A village card (a building or the skáli): cost, four lines, raid gains and losses.
 * @param {Element} parent @param {string} label @param {import("./data.js").VillageCard | undefined} card
 * @param {number} x @param {number} y @param {number} w @param {number} h @param {Attrs} [attrs] */
export function villageCard(parent, label, card, x, y, w, h, attrs = {}) {
  const g = el("g", attrs, parent);
  el("rect", { x, y, width: w, height: h, rx: 6, fill: "#f3ead6", stroke: "#6b5136", "stroke-width": 1.5, class: "hit" }, g);
  if (!card) return g;
  const [price, rows, most, fewest] = card;
  text(g, x + 6, y + 17, label, fit(label, { "font-size": SMALL, "font-weight": 700 }, w - 12 - (price ? 34 : 0)));
  if (price) {
    icon(g, "coin", x + w - 28, y + 12, 16);
    text(g, x + w - 7, y + 17, `${price}`, { "font-size": SMALL, "font-weight": 700, "text-anchor": "end" });
  }
  // The lines' titles in a column as wide as the widest, but for the room the gains take.
  const titles = rows.map((_, i) => lineTitle(i));
  const column = Math.min(Math.max(...titles.map((words) => widthOf(words, SMALL))) + 8, w - 10 - Math.max(28, ...rows.map((vec) => gainsWidth(vec, 14, 1))));
  const row = (h - 44) / 4;
  const small = { "font-size": SMALL, fill: "#5a4a3a" };
  rows.forEach((vec, i) => {
    const cy = y + 24 + row * i + row / 2;
    text(g, x + 6, cy + 5, titles[i], fit(titles[i], small, column - 6));
    if (vec.some((k) => k)) gainsRow(g, vec, x + 6 + column, cy, 14, { gap: 1 });
  });
  const ry = y + h - 11;
  const raid = t("raid");
  text(g, x + 6, ry + 5, raid, small);
  let cx = x + 14 + widthOf(raid, SMALL);
  if (most.some((k) => k)) {
    el("rect", { x: cx - 2, y: ry - 9, width: 6, height: 18, fill: "#fff", stroke: "#999" }, g);
    cx += 8 + gainsRow(g, most, cx + 6, ry, 13, { gap: 1 });
  }
  if (fewest.some((k) => k)) {
    el("rect", { x: cx + 2, y: ry - 9, width: 6, height: 18, fill: "#222" }, g);
    gainsRow(g, fewest, cx + 10, ry, 13, { gap: 1 });
  }
  return g;
}

/** A button drawn on the board.
 * @param {Element} parent @param {number} x @param {number} y @param {number} w @param {number} h
 * @param {string} label @param {Attrs} [attrs] */
export function button(parent, x, y, w, h, label, attrs = {}) {
  const g = el("g", attrs, parent);
  el("rect", { x, y, width: w, height: h, rx: 5, fill: "#fffdf8", stroke: "#8a7a66", class: "hit" }, g);
  text(g, x + w / 2, y + h / 2 + 5, label, fit(label, { "font-size": SMALL, "text-anchor": "middle", "font-weight": 600 }, w - 8));
  return g;
}

