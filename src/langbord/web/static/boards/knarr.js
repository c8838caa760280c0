// Knarr's board: tracks, the market's five slots, the two destination rows, every crew in colour
// columns with its boat and destinations, tokens, your hand; with Skali the building market,
// villages, coins and raid tokens. Drawn only from `table.view` (the seat's own view).
import { board, chip, colour, el, inkOn, mark, text } from "../svg.js";

// Every card's printed facts, as engines/knarr/knarr_data.json has them (data.py's tables):
// destinations name: [cost kind (0 colours, 1 same, 2 different), size, need per colour,
// immediate gains, trade columns (a gain index or -1)]; gains in the order of GAINS.
const DEST = {
  A1:[2,3,[0,0,0,0,0],[0,0,1,1,1,0,0],[-1,0,-1]], A2:[2,3,[0,0,0,0,0],[0,1,0,1,1,0,0],[-1,0,-1]],
  A3:[2,3,[0,0,0,0,0],[0,1,1,0,1,0,0],[-1,0,-1]], A4:[2,3,[0,0,0,0,0],[0,1,0,0,0,0,0],[0,3,2]],
  A5:[2,3,[0,0,0,0,0],[0,1,0,0,0,0,0],[0,3,2]], A6:[0,2,[0,0,0,0,2],[0,1,0,0,1,0,0],[-1,0,4]],
  A7:[0,2,[0,0,0,0,2],[0,0,0,0,1,0,0],[4,-1,0]], A8:[0,2,[0,0,0,0,2],[0,0,0,0,1,0,0],[0,4,-1]],
  A9:[0,2,[0,0,0,2,0],[0,0,0,2,0,0,0],[-1,0,3]], A10:[0,2,[0,0,0,2,0],[0,0,1,1,0,0,0],[3,-1,0]],
  A11:[0,2,[0,0,0,2,0],[0,1,0,1,0,0,0],[-1,3,0]], A12:[0,2,[0,0,2,0,0],[0,1,1,0,0,0,0],[0,-1,2]],
  A13:[0,2,[0,0,2,0,0],[0,0,1,0,0,0,0],[2,0,-1]], A14:[0,2,[0,0,2,0,0],[0,0,2,0,0,0,0],[-1,2,-1]],
  A15:[0,2,[0,2,0,0,0],[0,0,0,0,0,0,0],[0,0,0]], A16:[0,2,[0,2,0,0,0],[0,0,0,1,0,0,0],[0,0,-1]],
  A17:[0,2,[0,2,0,0,0],[0,0,1,0,0,0,0],[0,0,-1]], A18:[0,2,[2,0,0,0,0],[0,1,0,0,1,0,0],[0,-1,0]],
  A19:[0,2,[2,0,0,0,0],[0,1,0,1,0,0,0],[0,-1,0]], A20:[0,2,[2,0,0,0,0],[0,1,0,0,0,0,0],[0,0,-1]],
  B1:[1,4,[0,0,0,0,0],[5,0,1,0,0,0,0],[-1,-1,0]], B2:[1,4,[0,0,0,0,0],[5,0,0,1,0,0,0],[-1,-1,0]],
  B3:[1,4,[0,0,0,0,0],[5,1,0,0,0,0,0],[-1,-1,0]], B4:[0,5,[1,1,1,1,1],[4,1,1,1,1,0,0],[-1,-1,0]],
  B5:[0,5,[1,1,1,1,1],[4,1,1,1,1,0,0],[-1,-1,0]], B6:[0,4,[0,2,0,0,2],[6,0,0,0,0,0,0],[-1,0,-1]],
  B7:[0,5,[2,0,0,0,3],[8,0,0,0,1,0,0],[-1,-1,0]], B8:[0,4,[2,0,0,2,0],[6,0,0,0,0,0,0],[-1,0,-1]],
  B9:[0,5,[0,0,0,3,2],[7,0,0,2,0,0,0],[-1,-1,0]], B10:[0,4,[0,0,2,0,2],[6,0,0,0,0,0,0],[-1,0,-1]],
  B11:[0,5,[0,0,3,2,0],[8,0,1,0,0,0,0],[-1,-1,0]], B12:[0,4,[0,2,0,2,0],[6,0,0,0,0,0,0],[-1,0,-1]],
  B13:[0,5,[0,3,2,0,0],[9,0,0,0,0,0,0],[-1,-1,0]], B14:[0,4,[2,0,2,0,0],[6,0,0,0,0,0,0],[-1,0,-1]],
  B15:[0,5,[3,2,0,0,0],[7,1,0,0,0,0,0],[-1,-1,0]], A21:[0,3,[0,0,0,0,3],[0,0,0,0,1,1,0],[4,5,-1]],
  A22:[0,3,[0,3,0,0,0],[0,0,0,0,0,2,0],[0,5,0]], A23:[0,3,[3,0,0,0,0],[0,2,0,0,0,0,0],[-1,5,0]],
  A24:[0,3,[0,0,3,0,0],[0,0,1,0,0,1,0],[2,5,-1]], A25:[0,3,[0,0,0,3,0],[0,0,0,0,0,2,0],[3,5,-1]],
  A26:[2,3,[0,0,0,0,0],[0,1,0,1,0,0,0],[5,-1,-1]], A27:[2,3,[0,0,0,0,0],[0,1,0,0,1,0,0],[5,-1,-1]],
  A28:[2,3,[0,0,0,0,0],[0,1,1,0,0,0,0],[5,-1,-1]], B16:[1,4,[0,0,0,0,0],[4,0,0,0,0,1,0],[-1,6,-1]],
  B17:[1,4,[0,0,0,0,0],[4,0,0,0,0,1,0],[-1,6,-1]], B18:[0,5,[0,1,0,2,2],[5,0,0,1,1,1,0],[-1,-1,6]],
  B19:[0,5,[2,1,2,0,0],[5,0,0,1,1,1,0],[-1,-1,6]], B20:[0,5,[1,1,1,1,1],[4,0,0,0,0,2,0],[-1,-1,6]],
};
// Buildings 1-35: [cost, gains of the four lines (LINES), raid won, raid lost].
const BUILDINGS = [
  [2,[[-1,0,0,0,0,0,0],[0,0,0,1,0,0,0],[0,0,0,0,0,0,0],[0,0,0,0,0,0,0]],[0,0,0,0,0,0,0],[0,0,0,0,0,0,0]],
  [1,[[0,0,0,0,0,0,0],[0,0,0,0,0,0,0],[0,0,0,0,0,0,0],[0,0,0,1,0,0,0]],[0,0,0,0,0,0,0],[0,0,0,0,0,0,0]],
  [3,[[0,0,0,0,0,0,0],[0,0,0,0,0,0,0],[0,0,0,1,0,0,0],[0,0,0,0,0,0,0]],[0,0,0,0,0,0,0],[0,0,0,0,0,0,0]],
  [2,[[0,0,0,1,0,0,0],[0,0,0,0,0,0,0],[0,0,0,0,0,0,0],[0,0,0,0,0,0,0]],[2,0,0,0,0,0,0],[0,0,0,0,0,0,0]],
  [1,[[0,0,0,0,0,0,0],[1,0,0,0,0,0,0],[0,0,0,0,0,0,0],[0,0,0,0,0,0,0]],[0,0,0,1,0,0,0],[0,0,0,0,0,0,0]],
  [1,[[1,0,0,0,0,0,0],[1,0,0,0,0,0,0],[0,0,0,0,0,0,0],[0,0,0,0,0,0,0]],[0,0,0,0,0,0,0],[-1,0,0,0,0,0,0]],
  [1,[[0,0,0,0,0,0,0],[-1,0,0,0,0,0,0],[0,0,0,0,0,0,0],[2,0,0,0,0,0,0]],[0,0,0,0,0,0,0],[-1,0,0,0,0,0,0]],
  [1,[[-1,0,0,0,0,0,0],[0,0,0,0,0,0,0],[1,0,0,0,0,0,0],[0,0,0,0,0,0,0]],[0,0,0,0,0,0,0],[0,0,0,0,0,0,0]],
  [3,[[1,0,0,0,0,0,0],[1,0,0,0,0,0,0],[1,0,0,0,0,0,0],[1,0,0,0,0,0,0]],[1,0,0,0,0,0,0],[0,0,0,0,0,0,0]],
  [2,[[0,0,0,0,0,0,0],[0,0,0,0,0,0,0],[0,0,0,0,0,0,0],[1,0,0,0,0,0,0]],[2,0,0,0,0,0,0],[0,0,0,0,0,0,0]],
  [1,[[0,0,0,0,0,0,0],[0,0,0,0,0,0,0],[1,0,0,0,0,0,0],[1,0,0,0,0,0,0]],[0,0,0,0,0,0,0],[-1,0,0,0,0,0,0]],
  [2,[[0,0,0,0,0,0,0],[0,0,0,0,0,0,0],[1,0,0,0,0,0,0],[0,0,0,0,0,0,0]],[2,0,0,0,0,0,0],[0,0,0,0,0,0,0]],
  [3,[[0,0,0,0,0,0,1],[0,0,0,0,0,0,0],[0,0,0,0,0,0,0],[0,0,0,0,0,0,0]],[2,0,0,0,0,0,0],[0,0,0,0,0,0,0]],
  [3,[[0,0,0,0,0,0,0],[0,0,0,0,0,0,1],[0,0,0,0,0,0,0],[0,0,0,0,0,0,0]],[1,0,0,0,0,0,0],[0,0,0,0,0,0,0]],
  [3,[[0,0,0,0,0,0,0],[0,0,0,0,0,0,0],[0,0,0,0,0,0,1],[0,0,0,0,0,0,0]],[1,0,0,0,0,0,0],[0,0,0,0,0,0,0]],
  [2,[[0,0,0,0,0,0,0],[0,0,0,0,1,0,0],[0,0,0,0,0,0,0],[0,0,0,0,0,0,0]],[0,0,0,0,0,0,0],[0,0,0,0,0,0,0]],
  [2,[[0,0,0,0,1,0,0],[0,0,0,0,0,0,0],[0,0,0,0,0,0,0],[0,0,0,0,0,0,0]],[0,0,0,0,0,0,0],[0,0,0,0,0,0,0]],
  [3,[[0,0,0,0,0,0,0],[0,0,0,0,1,0,0],[0,0,0,0,0,0,0],[0,0,0,0,0,0,1]],[1,0,0,0,0,0,0],[0,0,0,0,0,0,0]],
  [3,[[0,0,0,0,0,0,0],[0,0,0,0,0,0,0],[0,0,0,0,1,0,0],[0,0,0,0,0,0,0]],[1,0,0,0,0,0,0],[0,0,0,0,0,0,0]],
  [3,[[0,0,0,0,0,0,1],[0,0,0,0,0,0,0],[0,0,0,0,0,0,0],[0,0,0,0,1,0,0]],[0,0,0,0,0,0,0],[0,0,0,0,0,0,0]],
  [2,[[-1,0,0,0,0,0,0],[0,0,0,0,0,0,0],[0,0,1,0,0,0,0],[0,0,0,0,0,0,0]],[0,0,0,0,0,0,0],[0,0,0,0,0,0,0]],
  [1,[[1,0,0,0,0,0,0],[0,0,0,0,0,0,0],[0,0,0,0,0,0,0],[0,0,0,0,0,0,0]],[0,0,1,0,0,0,0],[0,0,0,0,0,0,0]],
  [2,[[0,0,0,0,0,0,0],[1,0,0,0,0,0,0],[1,0,0,0,0,0,0],[0,0,0,0,0,0,0]],[0,0,1,0,0,0,0],[0,0,0,0,0,0,0]],
  [1,[[0,0,0,0,0,0,0],[0,0,0,0,0,0,0],[0,0,0,0,0,0,0],[0,0,1,0,0,0,0]],[0,0,0,0,0,0,0],[-1,0,0,0,0,0,0]],
  [2,[[0,0,0,0,0,0,0],[0,0,1,0,0,0,0],[0,0,0,0,0,0,0],[0,0,0,0,0,0,0]],[0,0,0,0,0,0,0],[0,0,0,0,0,0,0]],
  [3,[[0,1,0,0,0,0,0],[0,0,0,0,0,0,0],[0,0,0,0,0,0,0],[0,0,0,0,0,0,1]],[0,0,0,0,0,0,0],[0,0,0,0,0,0,0]],
  [2,[[-1,0,0,0,0,0,0],[0,0,0,0,0,0,0],[0,1,0,0,0,0,0],[0,0,0,0,0,0,0]],[0,0,0,0,0,0,0],[0,0,0,0,0,0,0]],
  [1,[[1,0,0,0,0,0,0],[0,0,0,0,0,0,0],[0,0,0,0,0,0,0],[0,0,0,0,0,0,0]],[0,1,0,0,0,0,0],[0,0,0,0,0,0,0]],
  [2,[[0,1,0,0,0,0,0],[0,0,0,0,0,0,0],[0,0,0,0,0,0,0],[0,0,0,0,0,0,0]],[0,0,0,0,0,0,0],[0,0,0,0,0,0,0]],
  [2,[[0,0,0,0,0,0,0],[0,0,0,0,0,0,0],[0,0,0,0,0,0,0],[0,1,0,0,0,0,0]],[0,0,0,0,0,0,0],[0,0,0,0,0,0,0]],
  [1,[[0,0,0,0,0,0,0],[-1,0,0,0,0,0,0],[0,0,0,0,0,1,0],[0,0,0,0,0,0,0]],[0,0,0,0,0,0,0],[0,0,0,0,0,0,0]],
  [1,[[-1,0,0,0,0,0,0],[0,0,0,0,0,0,0],[0,0,0,0,0,0,0],[0,0,0,0,0,1,0]],[0,0,0,0,0,0,0],[0,0,0,0,0,0,0]],
  [1,[[0,0,0,0,0,1,0],[0,0,0,0,0,0,0],[0,0,0,0,0,0,0],[0,0,0,0,0,0,0]],[0,0,0,0,0,1,0],[0,0,0,0,0,0,0]],
  [2,[[0,0,0,0,0,0,0],[0,0,0,0,0,0,0],[1,0,0,0,0,0,0],[0,0,0,0,0,0,0]],[0,0,0,0,0,2,0],[0,0,0,0,0,0,0]],
  [2,[[0,0,0,0,0,0,0],[0,0,0,0,0,1,0],[0,0,0,0,0,0,0],[0,0,0,0,0,0,0]],[1,0,0,0,0,0,0],[0,0,0,0,0,0,0]],
];
// The skáli board of each option skali_board: [lines, raid won, raid lost].
const SKALI = {
  rulebook: [[[0,1,0,0,0,0,1],[0,0,0,0,0,0,1],[0,0,0,0,0,0,0],[0,0,0,0,0,1,1]],[2,0,0,0,0,0,0],[-1,0,0,0,0,0,0]],
  digital: [[[0,0,0,0,0,0,1],[0,0,0,0,0,0,1],[0,0,0,0,0,0,0],[0,0,0,0,0,1,0]],[2,0,0,0,0,0,0],[-1,0,0,0,0,0,0]],
};
const BOATS = {"normal":[-1,2,-1],"advanced":[0,-1,1]};
const REPUTATION_VP = [0,0,0,1,1,1,2,2,2,2,3,3,3,3,5];

const COLOURS = ["red", "yellow", "green", "blue", "purple"];
const GAINS = ["vp", "bracelet", "recruit", "reputation", "card", "coin", "raid"];
const GAIN_WORDS = {
  vp: "victory point", bracelet: "bracelet", recruit: "recruit", reputation: "reputation",
  card: "viking card", coin: "coin", raid: "raid token",
};
const LINE_TITLES = ["Land of Infl.", "Trading Land", "colour held", "new colour"];
const WIDTH = 1100;
const PARCHMENT = "#efe3c8";
const INK = "#2b2118";

// ---- icons and cards --------------------------------------------------------------------------

function star(cx, cy, r) {
  const points = [];
  for (let i = 0; i < 10; i++) {
    const a = -Math.PI / 2 + (i * Math.PI) / 5;
    const rr = i % 2 ? r * 0.45 : r;
    points.push(`${(cx + rr * Math.cos(a)).toFixed(1)},${(cy + rr * Math.sin(a)).toFixed(1)}`);
  }
  return points.join(" ");
}

/** A gain's icon centred on (x, y), `s` across. */
function icon(parent, gain, x, y, s = 18) {
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

/** The gains of a vector (GAINS order) in a row from x; returns the width used. */
function gainsRow(parent, vector, x, y, s = 18, opts = {}) {
  let cx = x;
  vector.forEach((k, i) => {
    if (!k) return;
    const gain = GAINS[i];
    if (k !== 1) {
      const t = text(parent, cx, y + s * 0.3, k > 0 ? `${k}` : `−${-k}`, { "font-size": s * 0.8, "font-weight": 700, fill: k < 0 ? "#a33b20" : INK });
      cx += s * (Math.abs(k) >= 10 ? 1.0 : 0.55) + (k < 0 ? s * 0.4 : 0);
      t.setAttribute("aria-hidden", "true");
    }
    icon(parent, gain, cx + s / 2, y, s);
    cx += s + (opts.gap ?? 3);
  });
  return cx - x;
}

function gainsWords(vector) {
  return vector.map((k, i) => (k ? `${k > 0 ? "+" : ""}${k} ${GAIN_WORDS[GAINS[i]]}` : null)).filter(Boolean).join(", ") || "nothing";
}

/** A viking card type "red vp" → [colour, gain]. */
function split(type) {
  const [c, g] = type.split(" ");
  return [c, g];
}

/** A viking card: its colour with its letter, and its gain's icon. */
function vikingCard(parent, type, x, y, w, h, attrs = {}) {
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
  el("title", {}, g).textContent = type;
  return g;
}

/** A destination card: name, cost, immediate gains and its three trade columns. */
function destinationCard(parent, name, x, y, w, h, attrs = {}) {
  const g = el("g", attrs, parent);
  const d = DEST[name];
  const loi = name.startsWith("B");
  el("rect", { x, y, width: w, height: h, rx: 7, fill: loi ? "#dfe9f1" : PARCHMENT, stroke: "#5a4a3a", "stroke-width": 1.5, class: "hit" }, g);
  text(g, x + 7, y + 18, name, { "font-size": 15, "font-weight": 700 });
  if (!d) return g;
  const [kind, size, need, immediate, trade] = d;
  // The cost, top right: coloured squares with letters, or "n same" / "n different".
  let costWords;
  if (kind === 0) {
    let cx = x + w - 6;
    const parts = [];
    need.forEach((k, c) => { if (k) parts.push([COLOURS[c], k]); });
    for (const [c, k] of parts.reverse()) {
      cx -= 22;
      el("rect", { x: cx, y: y + 4, width: 20, height: 20, rx: 3, fill: colour(c), stroke: "#0008" }, g);
      text(g, cx + 10, y + 19, `${k}${mark(c)}`, { "font-size": 12, "font-weight": 700, "text-anchor": "middle", fill: inkOn(colour(c)) });
    }
    costWords = parts.reverse().map(([c, k]) => `${k} ${c}`).join(" + ");
  } else {
    const label = kind === 1 ? `${size} same colour` : `${size} different`;
    text(g, x + w - 6, y + 18, label, { "font-size": 13, "font-weight": 700, "text-anchor": "end" });
    costWords = kind === 1 ? `${size} of one colour` : `${size} different colours`;
  }
  // Immediate gains.
  text(g, x + 7, y + 43, "gain", { "font-size": 12, fill: "#6a5a48" });
  gainsRow(g, immediate, x + 36, y + 39, 18);
  // Trade columns.
  const cw = (w - 14) / 3;
  trade.forEach((t, k) => {
    const cx = x + 7 + k * cw;
    el("rect", { x: cx + 1, y: y + h - 30, width: cw - 2, height: 25, rx: 3, fill: "#fff8", stroke: "#0003" }, g);
    if (t >= 0) icon(g, GAINS[t], cx + cw / 2, y + h - 17.5, 17);
    else text(g, cx + cw / 2, y + h - 13, "–", { "text-anchor": "middle", fill: "#0006" });
  });
  const tradeWords = trade.map((t) => (t >= 0 ? GAINS[t] : "–")).join(" | ");
  el("title", {}, g).textContent = `${name} (${loi ? "Land of Influence" : "Trading Land"}): ${costWords} → ${gainsWords(immediate)}; trade [${tradeWords}]`;
  return g;
}

/** A village card (a building or the skáli): cost, four lines, raid gains and losses. */
function villageCard(parent, label, card, x, y, w, h, attrs = {}) {
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
    text(g, x + 6, cy + 4, LINE_TITLES[i], { "font-size": 11.5, fill: "#5a4a3a" });
    if (vec.some((k) => k)) gainsRow(g, vec, x + 76, cy, 14, { gap: 1 });
  });
  const ry = y + h - 12;
  text(g, x + 6, ry + 4, "raid", { "font-size": 11.5, fill: "#5a4a3a" });
  let cx = x + 34;
  if (most.some((k) => k)) {
    el("rect", { x: cx - 2, y: ry - 9, width: 6, height: 18, fill: "#fff", stroke: "#999" }, g);
    cx += 8 + gainsRow(g, most, cx + 6, ry, 13, { gap: 1 });
  }
  if (fewest.some((k) => k)) {
    el("rect", { x: cx + 2, y: ry - 9, width: 6, height: 18, fill: "#222" }, g);
    gainsRow(g, fewest, cx + 10, ry, 13, { gap: 1 });
  }
  const lineWords = lines.map((vec, i) => (vec.some((k) => k) ? `${LINE_TITLES[i]}: ${gainsWords(vec)}` : null)).filter(Boolean);
  el("title", {}, g).textContent = `${label}${cost ? ` (cost ${cost} coins)` : ""}: ${lineWords.join("; ") || "no line"}; raid won: ${gainsWords(most)}; raid lost: ${gainsWords(fewest)}`;
  return g;
}

function button(parent, x, y, w, h, label, attrs = {}) {
  const g = el("g", attrs, parent);
  el("rect", { x, y, width: w, height: h, rx: 5, fill: "#fffdf8", stroke: "#8a7a66", class: "hit" }, g);
  text(g, x + w / 2, y + h / 2 + 5, label, { "font-size": 13, "text-anchor": "middle", "font-weight": 600 });
  return g;
}

// ---- the board --------------------------------------------------------------------------------

/** The tag of the place the last move concerns (by its kind and arguments; a move told without
 * them, a draw into another's hand, marks the deck, or its seat's panel), or null. */
export function lastPlace(last, paying = null) {
  if (!last) return null;
  const p = last.player;
  const args = last.args || {};
  switch (last.kind) {
    case "take": case "mead": return `market:${args.slot}`;
    case "draw": return "deck";
    case "recruit": case "discard": return `crew:${p}:${split(args.card)[0]}`;
    case "explore": case "reserve": case "reveal": return `dest:${args.destination}`;
    case "pay": case "pay recruit": return paying ? "pay" : `seat:${p}`;
    case "trade": return `boat:${p}`;
    case "reveal building": return `building:${args.building}`;
    case "develop": return `village:${p}:building ${args.building}`;
    case "activate": return `village:${p}:${args.card}`;
    case "renew": return `bslot:${args.slot}`;
    case "first seat": return `seat:${args.seat}`;
    default:
      if (last.kind === undefined && p === null) return "deck"; // a draw told without its card
      return p !== null && p !== undefined ? `seat:${p}` : null;
  }
}

export function draw(table, ctx) {
  const view = table.view;
  const n = view.players;
  const skali = view.skali;
  const tagged = new Map();
  const tag = (key, node) => { if (!tagged.has(key)) tagged.set(key, node); return node; };
  const you = typeof table.you === "number" ? table.you : null;
  const paying = view.payment;

  // Heights: the seats' panels grow with their longest crew column and their destinations.
  const villageRows = (s) => (skali ? Math.ceil((s.village.length + 1) / 6) * 128 : 0);
  const panelHeights = view.seats.map((s) => {
    const longest = Math.max(0, ...COLOURS.map((c) => s.crew[c].length));
    const dests = s.destinations.length + (s.reserved?.length ? 1 : 0);
    const left = s.hand ? 170 : 140;
    return Math.max(longest * 27 + 60, dests * 30 + 76, left) + villageRows(s);
  });
  let top = 30 + 58 + 58 + 222;
  if (skali) top += 178;
  const height = top + panelHeights.reduce((a, b) => a + b + 10, 0) + 40;
  const svg = board(WIDTH, height, `Knarr, ${n} players: the board, every crew and your hand`);
  svg.classList.add("wide"); // too much to shrink onto a phone: it scrolls sideways there
  svg.classList.add("board-knarr"); // its rules are in style.css
  el("rect", { x: 0, y: 0, width: WIDTH, height, fill: "#f7f0e1" }, svg);

  // Header.
  const header = [`Round ${view.round + 1}`, `first seat ${view.first ?? "?"}`];
  if (view.artifact) header.push(`artifact: ${view.artifact}`);
  if (view.end_triggered) header.push("the end is triggered: the round is played out");
  if (view.extras) header.push(`extra actions: ${view.extras}`);
  text(svg, 14, 21, header.join(" · "), { "font-size": 15, "font-weight": 600 });

  // ---- the victory point track (0-40) ----
  let y = 34;
  const cell = (WIDTH - 28) / 41;
  text(svg, 14, y + 11, "Victory points", { "font-size": 12, fill: "#5a4a3a" });
  for (let v = 0; v <= 40; v++) {
    const x = 14 + v * cell;
    el("rect", { x, y: y + 14, width: cell - 1, height: 38, fill: v === 40 ? "#e9c46a" : v % 5 === 0 ? "#e8dcc2" : "#f3ead6", stroke: "#c9b896" }, svg);
    text(svg, x + cell / 2, y + 26, `${v}`, { "font-size": 11, "text-anchor": "middle", fill: "#6a5a48" });
  }
  const vpStack = {};
  view.seats.forEach((s) => {
    const v = Math.min(40, s.vp);
    const k = (vpStack[v] = (vpStack[v] ?? 0) + 1) - 1;
    const x = 14 + v * cell + cell / 2 + (k % 2 ? 6 : -6) * (k > 0 ? 1 : 0);
    const g = chip(svg, x, y + 41 - (k >= 2 ? 6 : 0), 8, ctx.seatColour(s.seat), ctx.seatMark(s.seat));
    el("title", {}, g).textContent = `${ctx.seatName(s.seat)}: ${s.vp} vp`;
  });

  // ---- the reputation track (0-14) with its income ----
  y += 58;
  text(svg, 14, y + 11, "Reputation (income in vp at the start of the turn)", { "font-size": 12, fill: "#5a4a3a" });
  const rcell = 46;
  for (let v = 0; v <= 14; v++) {
    const x = 14 + v * rcell;
    const income = REPUTATION_VP[v];
    el("rect", { x, y: y + 14, width: rcell - 2, height: 38, rx: 3, fill: ["#f3ead6", "#e9dcc0", "#dfcda6", "#d4bd8b", "#c9ad70", "#bb9a52"][income], stroke: "#b9a47e" }, svg);
    text(svg, x + 4, y + 26, `${v}`, { "font-size": 11, fill: "#5a4a3a" });
    text(svg, x + rcell - 6, y + 26, `+${income}`, { "font-size": 11, "text-anchor": "end", fill: "#5a4a3a" });
  }
  const repStack = {};
  view.seats.forEach((s) => {
    const v = s.reputation;
    const k = (repStack[v] = (repStack[v] ?? 0) + 1) - 1;
    const g = chip(svg, 14 + v * rcell + 10 + k * 9, y + 41, 8, ctx.seatColour(s.seat), ctx.seatMark(s.seat));
    el("title", {}, g).textContent = `${ctx.seatName(s.seat)}: reputation ${s.reputation}`;
  });
  // Beside the track: the viking deck and discard pile, the raid tokens on the board (Skali).
  const deckX = 14 + 15 * rcell + 10;
  const deckG = tag("deck", el("g", {}, svg));
  el("rect", { x: deckX, y: y + 4, width: 40, height: 50, rx: 5, fill: "#7a5a3a", stroke: "#3b2a1a" }, deckG);
  text(deckG, deckX + 20, y + 35, `${view.decks.vikings}`, { "font-size": 16, "font-weight": 700, fill: "#fff", "text-anchor": "middle" });
  el("title", {}, deckG).textContent = `viking deck: ${view.decks.vikings} cards${view.deck_contents ? " (contents public)" : ""}`;
  const discardCount = Object.values(view.discard || {}).reduce((a, b) => a + b, 0);
  const discG = el("g", {}, svg);
  el("rect", { x: deckX + 46, y: y + 4, width: 40, height: 50, rx: 5, fill: "#e8dcc2", stroke: "#8a7a66", "stroke-dasharray": "4 2" }, discG);
  text(discG, deckX + 66, y + 35, `${discardCount}`, { "font-size": 16, "font-weight": 700, "text-anchor": "middle" });
  el("title", {}, discG).textContent = `discard pile: ${Object.entries(view.discard || {}).map(([t, k]) => `${k}× ${t}`).join(", ") || "empty"}`;
  text(svg, deckX, y + 66, "deck · discard", { "font-size": 11.5, fill: "#5a4a3a" });
  if (skali) {
    const rx = deckX + 100;
    text(svg, rx, y + 12, "Raid tokens on the board", { "font-size": 12, fill: "#5a4a3a" });
    for (let i = 0; i < skali.raid_tokens_on_board; i++) icon(svg, "raid", rx + 12 + i * 24, y + 32, 20);
    if (!skali.raid_tokens_on_board) text(svg, rx, y + 38, "none: the raid comes", { "font-size": 12 });
    text(svg, rx, y + 62, skali.additional_token_beside_board ? "additional token: beside the board" : "additional token: taken", { "font-size": 11.5 });
  }

  // ---- the market: five slots, left to right ----
  y += 72;
  text(svg, 14, y + 14, "Market", { "font-size": 14, "font-weight": 700 });
  const slotW = 96;
  COLOURS.forEach((c, i) => {
    const x = 14 + i * (slotW + 8);
    const card = view.market[c];
    const g = tag(`market:${c}`, el("g", {}, svg));
    el("rect", { x, y: y + 22, width: slotW, height: 190, rx: 8, fill: "#fffaf0", stroke: colour(c), "stroke-width": 4 }, g);
    chip(g, x + 16, y + 40, 11, colour(c), mark(c));
    text(g, x + 32, y + 45, c, { "font-size": 13 });
    if (card) vikingCard(g, card, x + 10, y + 62, slotW - 20, 120);
    else { el("rect", { x: x + 10, y: y + 62, width: slotW - 20, height: 120, rx: 5, class: "kn-slot-empty" }, g); text(g, x + slotW / 2, y + 128, "empty", { "text-anchor": "middle", fill: "#888" }); }
    const taken = view.take === c;
    if (taken) text(g, x + slotW / 2, y + 204, "take?", { "text-anchor": "middle", "font-size": 12, fill: "#a33b20" });
    if (!ctx.clickable(g, ctx.find("take", { slot: c }), `take the ${c} slot's viking${card ? ` (${card})` : ""}`)) ctx.clickable(g, ctx.find("mead", { slot: c }), `Mead Cup: discard the ${c} slot's viking`);
    if (g.classList.contains("clickable")) g.querySelector("rect").classList.add("hit");
  });

  // ---- the destinations: Trading Lands and Lands of Influence ----
  const dx = 14 + 5 * (slotW + 8) + 12;
  const dw = (WIDTH - dx - 14 - 2 * 8) / 3;
  ["Trading Lands", "Lands of Influence"].forEach((title, row) => {
    const ry = y + row * 106;
    text(svg, dx, ry + 14, `${title} (deck ${view.decks[title]})`, { "font-size": 13, "font-weight": 700 });
    view.destinations[title].forEach((name, i) => {
      const x = dx + i * (dw + 8);
      if (!name) {
        el("rect", { x, y: ry + 20, width: dw, height: 84, rx: 7, class: "kn-slot-empty" }, svg);
        text(svg, x + dw / 2, ry + 66, "empty slot", { "text-anchor": "middle", fill: "#888" });
        return;
      }
      const g = tag(`dest:${name}`, destinationCard(svg, name, x, ry + 20, dw, 84));
      if (!ctx.clickable(g, ctx.find("explore", { destination: name }), `explore ${name}`)) ctx.clickable(g, ctx.find("reserve", { destination: name }), `reserve ${name}`);
    });
  });

  // ---- Skali: the building market ----
  y += 222;
  if (skali) {
    text(svg, 14, y + 14, `Buildings (deck ${skali.building_deck + (skali.building_deck_bottom?.length ?? 0)})`, { "font-size": 14, "font-weight": 700 });
    const bw = 176;
    skali.buildings.forEach((b, i) => {
      const x = 14 + i * (bw + 10);
      if (!b) { el("rect", { x, y: y + 22, width: bw, height: 130, rx: 6, class: "kn-slot-empty" }, svg); return; }
      const num = Number(b.split(" ")[1]);
      const g = tag(`building:${num}`, villageCard(svg, b, BUILDINGS[num - 1], x, y + 22, bw, 130));
      ctx.clickable(g, ctx.find("develop", { building: num }), `develop ${b}`);
      const renew = ctx.find("renew", { slot: i + 1 });
      if (renew) ctx.clickable(button(svg, x + bw - 74, y + 154, 74, 22, "renew"), renew, `renew slot ${i + 1} (${b})`);
      tag(`bslot:${i + 1}`, g);
    });
    const board_ = SKALI[skali.skali_board];
    const sx = 14 + 4 * (bw + 10) + 10;
    const g = villageCard(svg, `skáli (${skali.skali_board})`, [0, ...board_], sx, y + 22, WIDTH - sx - 14, 130);
    g.querySelector("rect").setAttribute("fill", "#e8dcc2");
    if (skali.activating) text(svg, sx, y + 170, `activating: ${skali.activating}`, { "font-size": 12, fill: "#a33b20" });
    y += 178;
  }

  // ---- the seats ----
  view.seats.forEach((s, idx) => {
    const p = s.seat;
    const h = panelHeights[idx];
    const panel = tag(`seat:${p}`, el("g", {}, svg));
    el("rect", { x: 8, y, width: WIDTH - 16, height: h, rx: 10, class: p === you ? "kn-you" : "kn-panel" }, panel);
    const toMove = table.to_move === p && !table.result;
    chip(panel, 30, y + 24, 14, ctx.seatColour(p), ctx.seatMark(p));
    text(panel, 52, y + 29, `${ctx.seatName(p)}${p === you ? " (you)" : ""}${toMove ? " ◀ to move" : ""}`, { "font-size": 16, "font-weight": 700 });
    // Tokens.
    const tokens = [["vp", s.vp], ["reputation", s.reputation], ["bracelet", s.bracelets], ["recruit", s.recruits]];
    if (skali) tokens.push(["coin", s.coins], ["raid", s.raid_tokens]);
    let tx = 20;
    const ty = y + 58;
    tokens.forEach(([gain, k]) => {
      const g = el("g", {}, panel);
      el("rect", { x: tx - 4, y: ty - 16, width: 52, height: 32, rx: 6, fill: "#fff", stroke: "#d8ccb8" }, g);
      icon(g, gain, tx + 10, ty, 20);
      text(g, tx + 24, ty + 6, `${k}`, { "font-size": 16, "font-weight": 700 });
      el("title", {}, g).textContent = `${k} ${GAIN_WORDS[gain]}${k === 1 ? "" : "s"}`;
      if (gain === "recruit" && p === you) {
        g.querySelector("rect").classList.add("hit");
        ctx.clickable(g, ctx.find("pay recruit"), "pay with a recruit");
      }
      if (gain === "recruit") tag(`recruits:${p}`, g);
      tx += 56;
    });
    if (s.change_token !== undefined && s.change_token !== null) {
      text(panel, tx, ty + 5, `change token: ${s.change_token ? "available" : "used"}`, { "font-size": 12 });
    }
    // Hand: yours in full, the others' size and the cards known to all.
    let hy = y + 86;
    if (s.hand) {
      text(panel, 20, hy + 12, "Hand", { "font-size": 12, fill: "#5a4a3a" });
      const known = [...(s.hand_known || [])];
      const done = new Set();
      s.hand.forEach((type, i) => {
        const x = 60 + i * 66;
        const k = known.indexOf(type);
        if (k >= 0) known.splice(k, 1);
        const g = vikingCard(panel, type, x, hy, 60, 64);
        if (k >= 0) text(g, x + 30, hy + 76, "known", { "font-size": 11, "text-anchor": "middle", fill: "#6a5a48" });
        if (!done.has(type) && ctx.clickable(g, ctx.find("recruit", { card: type }), `recruit ${type}`)) done.add(type);
      });
      if (!s.hand.length) text(panel, 60, hy + 20, "empty", { fill: "#888" });
      hy += 78;
    } else {
      const unseen = s.hand_size - (s.hand_known?.length ?? 0);
      text(panel, 20, hy + 12, `Hand: ${s.hand_size} card${s.hand_size === 1 ? "" : "s"}${s.hand_known?.length ? " — known:" : ""}`, { "font-size": 12, fill: "#5a4a3a" });
      let x = 20;
      (s.hand_known || []).forEach((type) => { vikingCard(panel, type, x, hy + 18, 70, 24); x += 76; });
      for (let i = 0; i < unseen; i++) {
        el("rect", { x, y: hy + 18, width: 26, height: 24, rx: 4, fill: "#7a5a3a", stroke: "#3b2a1a" }, panel);
        x += 30;
      }
    }
    // The crew in colour columns.
    const cx0 = 370;
    const colW = 80;
    const cy0 = y + 12;
    text(panel, cx0, cy0 + 8, "Crew", { "font-size": 12, fill: "#5a4a3a" });
    COLOURS.forEach((c, i) => {
      const x = cx0 + i * colW;
      const column = s.crew[c];
      const g = tag(`crew:${p}:${c}`, el("g", {}, panel));
      el("rect", { x: x + 2, y: cy0 + 14, width: colW - 6, height: Math.max(1, column.length) * 27 + 22, rx: 5, fill: colour(c), "fill-opacity": 0.14, stroke: colour(c) }, g);
      text(g, x + colW / 2 - 1, cy0 + 29, `${mark(c)} ${column.length}`, { "font-size": 12, "font-weight": 700, "text-anchor": "middle" });
      const done = new Set();
      column.forEach((type, k) => {
        const card = vikingCard(g, type, x + 5, cy0 + 36 + k * 27, colW - 12, 24);
        if (p === you && !done.has(type)) {
          if (ctx.clickable(card, ctx.find("pay", { card: type }), `pay with ${type}`) || ctx.clickable(card, ctx.find("discard", { card: type }), `discard ${type} from your crew`)) done.add(type);
        }
      });
    });
    // The boat with its three trade columns, the destinations tucked under it.
    const bx = cx0 + 5 * colW + 16;
    const bw = 58;
    text(panel, bx, cy0 + 8, "Boat (trade: return bracelets)", { "font-size": 12, fill: "#5a4a3a" });
    const boat = BOATS[view.boat] || BOATS[view.options.boat] || BOATS.normal;
    const boatG = tag(`boat:${p}`, el("g", {}, panel));
    el("path", { d: `M${bx},${cy0 + 16} H${bx + 3 * bw + 60} L${bx + 3 * bw + 40},${cy0 + 52} H${bx + 16} Z`, fill: "#8b5e34", stroke: "#4a2f14", "stroke-width": 1.5 }, boatG);
    boat.forEach((t, k) => {
      const x = bx + 16 + k * bw;
      const col = el("g", {}, boatG);
      el("rect", { x: x + 2, y: cy0 + 20, width: bw - 4, height: 28, rx: 4, fill: "#f3e4c8", stroke: "#4a2f14" }, col);
      text(col, x + 8, cy0 + 38, `${k + 1}`, { "font-size": 12, "font-weight": 700, fill: "#4a2f14" });
      if (t >= 0) icon(col, GAINS[t], x + bw / 2 + 6, cy0 + 34, 18);
      const trade = p === you ? ctx.find("trade", { bracelets: k + 1 }) : null;
      if (trade) {
        col.querySelector("rect").classList.add("hit");
        ctx.clickable(col, trade, `trade ${k + 1}: return ${k + 1} bracelet${k ? "s" : ""}, gain columns 1–${k + 1}`);
      }
    });
    s.destinations.forEach((name, j) => {
      const ry = cy0 + 56 + j * 30;
      const d = DEST[name];
      const g = tag(`dest:${name}`, el("g", {}, panel));
      el("rect", { x: bx + 16, y: ry, width: 3 * bw, height: 27, rx: 3, fill: name.startsWith("B") ? "#dfe9f1" : PARCHMENT, stroke: "#8a7a66" }, g);
      d[4].forEach((t, k) => { if (t >= 0) icon(g, GAINS[t], bx + 16 + k * bw + bw / 2 + 6, ry + 13.5, 17); });
      text(g, bx + 16 + 3 * bw + 6, ry + 18, name, { "font-size": 12, "font-weight": 700 });
      el("title", {}, g).textContent = `${name}: trade [${d[4].map((t) => (t >= 0 ? GAINS[t] : "–")).join(" | ")}]`;
    });
    if (s.reserved?.length) {
      const ry = cy0 + 56 + s.destinations.length * 30;
      text(panel, bx + 16, ry + 16, "reserved:", { "font-size": 12 });
      s.reserved.forEach((name, j) => {
        const g = tag(`dest:${name}`, button(panel, bx + 80 + j * 60, ry, 54, 24, name));
        ctx.clickable(g, ctx.find("explore", { destination: name }), `explore the reserved ${name}`);
      });
    }
    // The village (Skali): the skáli and the buildings developed, in a row under the crew.
    if (skali) {
      const vy = y + h - villageRows(s);
      const vw = (WIDTH - 16 - 24 - 5 * 6) / 6;
      text(panel, 20, vy + 2, "Village", { "font-size": 12, fill: "#5a4a3a" });
      const cards = [["skali", "skáli", [0, ...SKALI[skali.skali_board]]], ...s.village.map((b) => [b, b, BUILDINGS[Number(b.split(" ")[1]) - 1]])];
      cards.forEach(([key, label, card], j) => {
        const x = 20 + (j % 6) * (vw + 6);
        const yy = vy + 6 + Math.floor(j / 6) * 128;
        const g = tag(`village:${p}:${key}`, villageCard(panel, label, card, x, yy, vw, 116));
        if (p === you) ctx.clickable(g, ctx.find("activate", { card: key }), `activate ${label}`);
      });
    }
    y += h + 10;
  });

  // ---- an exploration being paid, over the board ----
  if (paying) {
    const g = tag("pay", el("g", {}, svg));
    const px = dx - 10;
    const py = 30 + 58 + 58 + 10;
    el("rect", { x: px, y: py, width: 280, height: 130, rx: 10, fill: "#fff", stroke: "#a33b20", "stroke-width": 3, opacity: 0.97 }, g);
    text(g, px + 10, py + 20, `Paying ${paying.destination}: ${paying.left} left`, { "font-size": 14, "font-weight": 700, fill: "#a33b20" });
    destinationCard(g, paying.destination, px + 10, py + 30, 260, 90);
  }

  // The last move, where it has a place.
  const key = lastPlace(ctx.last, paying);
  const node = key && tagged.get(key);
  if (node) node.classList.add("last-move");
  return svg;
}
