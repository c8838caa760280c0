// The figures on Skoventyr's cards: each Ally kind, and Gamle Erik, drawn as a silhouette in the
// card's ink (light on a dark card, dark on a light one), its details in the card's colour. They
// are langbord's own drawings, in a 100×100 square; the card's letter stays beside them, so a
// card is never told by its colour or its figure alone.
import { el } from "../../svg.js";

/** A figure's parts in its 100×100 square: paths filled with the ink, paths cut out of it (the
 * card's colour), and strokes in the ink.
 * @typedef {{ink: string[], cut?: string[], line?: string[]}} Figure */

/** @type {Record<string, Figure>} */
export const FIGURES = {
  // A nisse: a tall pointed cap with its bobble, a round face and a long beard.
  Nisse: {
    ink: [
      "M50 4 a7 7 0 1 1 -0.1 0 Z",
      "M50 14 L76 60 H24 Z",
      "M22 58 H78 a4 4 0 0 1 0 9 H22 a4 4 0 0 1 0 -9 Z",
      "M34 68 Q50 106 66 68 Z",
    ],
    cut: ["M42 64 a3 3 0 1 1 -0.1 0 Z", "M58 64 a3 3 0 1 1 -0.1 0 Z"],
  },
  // A troll: a great hunched body, two ears, a long nose, and a tail with its tuft.
  Trold: {
    ink: [
      "M16 94 Q12 46 36 34 Q50 24 64 34 Q88 46 84 94 Z",
      "M30 40 L22 24 L38 34 Z",
      "M70 40 L78 24 L62 34 Z",
      "M84 80 Q98 76 94 60 a5 5 0 1 1 6 4 Q100 82 86 88 Z",
    ],
    cut: ["M40 50 a4 4 0 1 1 -0.1 0 Z", "M60 50 a4 4 0 1 1 -0.1 0 Z", "M47 56 Q50 78 56 74 Q54 64 53 56 Z"],
  },
  // A huldre: long hair, a long dress, and the cow's tail that gives her away.
  Huldre: {
    ink: [
      "M50 10 a11 11 0 1 1 -0.1 0 Z",
      "M38 20 Q30 48 34 60 L42 30 Z",
      "M62 20 Q70 48 66 60 L58 30 Z",
      "M50 32 L74 94 H26 Z",
    ],
    line: ["M68 82 Q90 80 88 56"],
    cut: ["M46 20 a2.5 2.5 0 1 1 -0.1 0 Z", "M56 20 a2.5 2.5 0 1 1 -0.1 0 Z"],
  },
  // Ellefolk: a slender elf with pointed ears between two wings like leaves.
  Ellefolk: {
    ink: [
      "M50 14 a9 9 0 1 1 -0.1 0 Z",
      "M40 22 L30 12 L42 18 Z",
      "M60 22 L70 12 L58 18 Z",
      "M44 34 H56 L60 92 H40 Z",
      "M44 40 Q6 22 10 62 Q28 62 44 50 Z",
      "M56 40 Q94 22 90 62 Q72 62 56 50 Z",
    ],
    line: ["M44 44 Q26 40 16 56", "M56 44 Q74 40 84 56"],
  },
  // A shapeshifter: a crescent moon with a wolf's eye, and the swirl of the change.
  Formskifter: {
    ink: ["M58 8 A42 42 0 1 0 58 92 A60 60 0 0 1 58 8 Z"],
    cut: ["M30 42 L40 38 L38 46 Z"],
    line: ["M62 62 q14 -2 14 -14 q0 -10 -10 -10 q-8 0 -8 8 q0 6 6 6"],
  },
  // Gamle Erik: a horned head with a pointed beard.
  "Gamle Erik": {
    ink: [
      "M50 30 a26 26 0 1 1 -0.1 0 Z",
      "M30 40 Q14 18 22 4 Q28 24 42 32 Z",
      "M70 40 Q86 18 78 4 Q72 24 58 32 Z",
      "M40 76 L50 98 L60 76 Z",
    ],
    cut: ["M36 50 L46 54 L36 58 Z", "M64 50 L54 54 L64 58 Z", "M40 68 Q50 74 60 68 Q50 78 40 68 Z"],
  },
};

/** Whether `name` has a figure. @param {string} name */
export function hasFigure(name) {
  return Object.hasOwn(FIGURES, name);
}

/** Draws the figure of `name` centred at (`cx`, `cy`), `size` across, in `ink`, its cut-outs in
 * `fill` (the card's colour); returns its group, or null for a card without one.
 * @param {Element} parent @param {string} name @param {number} cx @param {number} cy
 * @param {number} size @param {string} ink @param {string} fill */
export function figure(parent, name, cx, cy, size, ink, fill) {
  const f = FIGURES[name];
  if (!f) return null;
  const k = size / 100;
  const g = el("g", { class: "sv-figure", "aria-hidden": "true", transform: `translate(${cx - size / 2} ${cy - size / 2}) scale(${k})` }, parent);
  for (const d of f.ink) el("path", { d, fill: ink, "fill-opacity": 0.92 }, g);
  for (const d of f.line ?? []) el("path", { d, fill: "none", stroke: ink, "stroke-width": 5, "stroke-linecap": "round", "stroke-opacity": 0.92 }, g);
  for (const d of f.cut ?? []) el("path", { d, fill }, g);
  return g;
}

/** A Tree drawn in the box `b`: a spruce in leaf when it is healthy, a bare, broken trunk when it
 * is damaged.
 * @param {Element} parent @param {{x: number, y: number, w: number, h: number}} b
 * @param {boolean} healthy */
export function tree(parent, b, healthy) {
  const g = el("g", { class: "sv-tree", "aria-hidden": "true" }, parent);
  const cx = b.x + b.w / 2;
  const foot = b.y + b.h;
  const trunk = Math.max(3, b.w * 0.14);
  el("rect", { x: cx - trunk / 2, y: foot - b.h * 0.3, width: trunk, height: b.h * 0.3, fill: healthy ? "#5c3b17" : "#4a3520" }, g);
  if (healthy) {
    // Three tiers of needles, the widest at the bottom.
    for (const [top, bottom, half] of [[0, 0.42, 0.3], [0.2, 0.62, 0.4], [0.4, 0.82, 0.5]]) {
      el("path", {
        d: `M${cx},${b.y + b.h * top} L${cx + b.w * half},${b.y + b.h * bottom} H${cx - b.w * half} Z`,
        fill: "#8fd070", stroke: "#1d4a18", "stroke-width": 1.2, "stroke-linejoin": "round",
      }, g);
    }
    return g;
  }
  // A damaged Tree: its top snapped off, two bare branches.
  const ink = { fill: "none", stroke: "#4a3520", "stroke-width": Math.max(2, trunk * 0.8), "stroke-linecap": "round" };
  el("path", { d: `M${cx},${foot - b.h * 0.3} L${cx},${b.y + b.h * 0.25} l${b.w * 0.12},${-b.h * 0.1}`, ...ink }, g);
  el("path", { d: `M${cx},${b.y + b.h * 0.55} l${-b.w * 0.35},${-b.h * 0.22}`, ...ink }, g);
  el("path", { d: `M${cx},${b.y + b.h * 0.42} l${b.w * 0.32},${-b.h * 0.16}`, ...ink }, g);
  return g;
}
