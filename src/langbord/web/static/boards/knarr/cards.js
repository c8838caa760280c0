// Knarr's components drawn in SVG: gain icons, viking cards, destination and village cards,
// buttons. Each component carries a `data-tip`: what it is for, in the rules' words.
import { colour, el, inkOn, mark, text } from "../../svg.js";
import { COLOURS, DEST, GAINS, lineTitle, split } from "./data.js";
import { destinationTip, vikingTip } from "./tips.js";
import { t } from "../../i18n.js";

/** SVG attributes. @typedef {Record<string, string | number>} Attrs */

export const PARCHMENT = "#efe3c8";
export const INK = "#2b2118";

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

/** The gains of a vector (GAINS order) in a row from x; returns the width used.
 * @param {Element} parent @param {number[]} vector @param {number} x @param {number} y
 * @param {number} [s] @param {{gap?: number}} [opts] @returns {number} */
export function gainsRow(parent, vector, x, y, s = 18, opts = {}) {
  let cx = x;
  vector.forEach((k, i) => {
    if (!k) return;
    const gain = GAINS[i];
    if (k !== 1) {
      const count = text(parent, cx, y + s * 0.3, k > 0 ? `${k}` : `−${-k}`, { "font-size": s * 0.8, "font-weight": 700, fill: k < 0 ? "#a33b20" : INK });
      cx += s * (Math.abs(k) >= 10 ? 1.0 : 0.55) + (k < 0 ? s * 0.4 : 0);
      count.setAttribute("aria-hidden", "true");
    }
    icon(parent, gain, cx + s / 2, y, s);
    cx += s + (opts.gap ?? 3);
  });
  return cx - x;
}

/** A viking card: its colour with its letter, and its gain's icon.
 * @param {Element} parent @param {string} type @param {number} x @param {number} y
 * @param {number} w @param {number} h @param {Attrs} [attrs] */
export function vikingCard(parent, type, x, y, w, h, attrs = {}) {
  const [c, gain] = split(type);
  const g = el("g", attrs, parent);
  const fill = colour(c);
  el("rect", { x, y, width: w, height: h, rx: 5, fill, stroke: "#0009", "stroke-width": 1.2, class: "hit" }, g);
  const ink = inkOn(fill);
  text(g, x + 5, y + Math.min(h - 5, 17), mark(c), { "font-size": Math.min(15, h * 0.6), "font-weight": 700, fill: ink });
  if (h >= 40) {
    el("circle", { cx: x + w / 2, cy: y + h / 2 + 4, r: Math.min(w, h) * 0.3, fill: "#fffdf4", stroke: "#0005" }, g);
    icon(g, gain, x + w / 2, y + h / 2 + 4, Math.min(w, h) * 0.4);
  } else {
    el("circle", { cx: x + w - h / 2 - 2, cy: y + h / 2, r: h / 2 - 2, fill: "#fffdf4", stroke: "#0005" }, g);
    icon(g, gain, x + w - h / 2 - 2, y + h / 2, h * 0.62);
  }
  tip(g, vikingTip(type));
  return g;
}

/** A destination card: name, cost, immediate gains and its three trade columns.
 * @param {Element} parent @param {string} name @param {number} x @param {number} y
 * @param {number} w @param {number} h @param {Attrs} [attrs] */
export function destinationCard(parent, name, x, y, w, h, attrs = {}) {
  const g = el("g", attrs, parent);
  const d = DEST[name];
  const loi = name.startsWith("B");
  el("rect", { x, y, width: w, height: h, rx: 7, fill: loi ? "#dfe9f1" : PARCHMENT, stroke: "#5a4a3a", "stroke-width": 1.5, class: "hit" }, g);
  text(g, x + 7, y + 18, name, { "font-size": 15, "font-weight": 700 });
  if (!d) return g;
  const [kind, size, need, immediate, trade] = d;
  // The cost, top right: coloured squares with letters, or "n same" / "n different".
  if (kind === 0) {
    let cx = x + w - 6;
    /** @type {[string, number][]} */
    const parts = [];
    need.forEach((k, c) => { if (k) parts.push([COLOURS[c], k]); });
    for (const [c, k] of parts.reverse()) {
      cx -= 22;
      el("rect", { x: cx, y: y + 4, width: 20, height: 20, rx: 3, fill: colour(c), stroke: "#0008" }, g);
      text(g, cx + 10, y + 19, `${k}${mark(c)}`, { "font-size": 12, "font-weight": 700, "text-anchor": "middle", fill: inkOn(colour(c)) });
    }
  } else {
    const narrow = w < 150;
    const label = kind === 1 ? (narrow ? t("{n} same", { n: size }) : t("{n} same colour", { n: size }))
      : narrow ? t("{n} diff.", { n: size }) : t("{n} different", { n: size });
    text(g, x + w - 6, y + 18, label, { "font-size": narrow ? 12 : 13, "font-weight": 700, "text-anchor": "end" });
  }
  // Immediate gains.
  text(g, x + 7, y + 43, t("gain"), { "font-size": 12, fill: "#6a5a48" });
  const icons = immediate.filter((k) => k).length + (immediate[0] > 1 ? 0.6 : 0);
  gainsRow(g, immediate, x + 36, y + 39, Math.min(18, (w - 44) / Math.max(1, icons * 1.17)));
  // Trade columns.
  const cw = (w - 14) / 3;
  trade.forEach((column, k) => {
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
  const [cost, lines, most, fewest] = card;
  text(g, x + 6, y + 16, label, { "font-size": 13, "font-weight": 700 });
  if (cost) {
    icon(g, "coin", x + w - 30, y + 11, 16);
    text(g, x + w - 8, y + 16, `${cost}`, { "font-size": 13, "font-weight": 700, "text-anchor": "end" });
  }
  const row = (h - 44) / 4;
  lines.forEach((vec, i) => {
    const cy = y + 24 + row * i + row / 2;
    text(g, x + 6, cy + 4, lineTitle(i), { "font-size": 11, fill: "#5a4a3a" });
    if (vec.some((k) => k)) gainsRow(g, vec, x + 82, cy, 14, { gap: 1 });
  });
  const ry = y + h - 12;
  text(g, x + 6, ry + 4, t("raid"), { "font-size": 11.5, fill: "#5a4a3a" });
  let cx = x + 34;
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
  text(g, x + w / 2, y + h / 2 + 5, label, { "font-size": 13, "text-anchor": "middle", "font-weight": 600 });
  return g;
}

