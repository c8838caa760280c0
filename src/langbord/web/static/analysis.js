// A finished game's analysis as the replay shows it: the win-chance graph's layout (a line per
// seat over the moves, the marked decisions on the mover's line) and the decisions in words.
// Pure: no DOM (analysisview.js draws it).
import { t, tn } from "./i18n.js";

/** @typedef {import("./types.js").Analysis} Analysis */
/** @typedef {import("./types.js").Decision} Decision */

/** The signs of the marks, as chess annotates its moves. */
export const SIGNS = { inaccuracy: "?!", mistake: "?", blunder: "??" };

/** The marks, mildest first. */
export const MARKS = /** @type {const} */ (["inaccuracy", "mistake", "blunder"]);

/** A chance (0 to 1) as a whole percentage: 0.423 → "42%".
 * @param {number} chance */
export function percent(chance) {
  return `${Math.round(clamp01(chance) * 100)}%`;
}

/** What a decision cost, as a signed percentage: 0.14 → "−14%" (nothing lost: "±0%").
 * @param {number} loss */
export function lossText(loss) {
  const points = Math.round(Math.max(0, Number.isFinite(loss) ? loss : 0) * 100);
  return points ? `\u2212${points}%` : "\u00b10%";
}

/** @param {number} value */
function clamp01(value) {
  return Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 0;
}

/**
 * @typedef {object} GraphSize
 * @property {number} width
 * @property {number} height
 * @property {number} seats how many seats play
 * @property {number} steps how many moves the game had (the x axis runs 0 to steps)
 * @property {number[] | null} [winners] the winning seats: the lines end at 100% or 0%
 * @property {boolean} [team] the players win or lose together: one line
 */

/** @typedef {{move: number, x: number, y: number, chance: number}} GraphPoint */
/** @typedef {{seat: number, points: GraphPoint[], d: string}} GraphLine a seat's line; `d` its SVG path */
/**
 * @typedef {object} GraphMark a marked decision, on the mover's line
 * @property {number} move
 * @property {number} seat
 * @property {number} x
 * @property {number} y
 * @property {string} sign "?!", "?" or "??"
 * @property {"inaccuracy" | "mistake" | "blunder"} mark
 * @property {Decision} decision
 */
/**
 * @typedef {object} GraphLayout
 * @property {{left: number, top: number, right: number, bottom: number}} plot the plot's edges
 * @property {GraphLine[]} lines
 * @property {GraphMark[]} marks
 * @property {{move: number, x: number, y: number, decision: Decision}[]} points every decision,
 *   on the mover's line (a click goes to its move)
 * @property {{y: number, label: string}[]} yTicks
 * @property {{x: number, label: string}[]} xTicks
 */

/** The plot's margins: room for the percentages on the left, the moves below and the marks' signs
 * above a 100% point. */
const MARGIN = { left: 40, right: 12, top: 20, bottom: 26 };

/** The win-chance graph of `analysis` in a box of `size`: x the move (0 to steps), y the chance
 * (100% at the top).
 * @param {Analysis} analysis
 * @param {GraphSize} size
 * @returns {GraphLayout} */
export function graphLayout(analysis, size) {
  const plot = {
    left: MARGIN.left, top: MARGIN.top,
    right: Math.max(MARGIN.left + 1, size.width - MARGIN.right),
    bottom: Math.max(MARGIN.top + 1, size.height - MARGIN.bottom),
  };
  const steps = Math.max(1, size.steps, ...analysis.decisions.map((d) => d.move + 1));
  /** @param {number} move */
  const x = (move) => round(plot.left + (move / steps) * (plot.right - plot.left));
  /** @param {number} chance */
  const y = (chance) => round(plot.bottom - clamp01(chance) * (plot.bottom - plot.top));
  const decisions = [...analysis.decisions].sort((a, b) => a.move - b.move);
  const seats = size.team ? [0] : [...Array(size.seats).keys()];
  const lines = seats.map((seat) => {
    /** @type {GraphPoint[]} */
    const points = decisions.map((d) => {
      const chance = clamp01(d.chances[seat] ?? 0);
      return { move: d.move, x: x(d.move), y: y(chance), chance };
    });
    if (size.winners) {
      const chance = size.winners.includes(seat) ? 1 : 0;
      points.push({ move: steps, x: x(steps), y: y(chance), chance });
    }
    return { seat, points, d: pathOf(points) };
  });
  /** @param {Decision} d */
  const onLine = (d) => ({ move: d.move, x: x(d.move), y: y(d.chances[size.team ? 0 : d.seat] ?? 0), decision: d });
  const marks = decisions.filter((d) => d.mark && d.mark in SIGNS).map((d) => {
    const mark = /** @type {"inaccuracy" | "mistake" | "blunder"} */ (d.mark);
    return { ...onLine(d), seat: d.seat, sign: SIGNS[mark], mark };
  });
  return {
    plot, lines, marks, points: decisions.map(onLine),
    yTicks: [0, 0.25, 0.5, 0.75, 1].map((c) => ({ y: y(c), label: percent(c) })),
    xTicks: moveTicks(steps).map((m) => ({ x: x(m), label: String(m) })),
  };
}

/** An SVG path through `points` ("" for none).
 * @param {GraphPoint[]} points */
function pathOf(points) {
  return points.map((p, i) => `${i ? "L" : "M"}${p.x},${p.y}`).join(" ");
}

/** @param {number} value */
function round(value) {
  return Math.round(value * 10) / 10;
}

/** The moves the x axis names: 0, the end, and round numbers between, at most about eight.
 * @param {number} steps
 * @returns {number[]} */
export function moveTicks(steps) {
  const every = [1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000].find((n) => steps / n <= 8) ?? Math.ceil(steps / 8);
  const ticks = [];
  for (let m = 0; m <= steps; m += every) ticks.push(m);
  if (ticks[ticks.length - 1] !== steps) {
    if (steps - ticks[ticks.length - 1] < every / 2) ticks.pop();
    ticks.push(steps);
  }
  return ticks;
}

/** The marked decisions of each seat, in the order played (a seat with none has an empty list).
 * @param {Analysis} analysis
 * @param {number} seats
 * @returns {Decision[][]} */
export function markedBySeat(analysis, seats) {
  /** @type {Decision[][]} */
  const lists = [...Array(seats)].map(() => []);
  for (const d of [...analysis.decisions].sort((a, b) => a.move - b.move)) {
    if (d.mark && lists[d.seat]) lists[d.seat].push(d);
  }
  return lists;
}

/** A marked decision in words: "move 12, Red: played X, better Y, −14%".
 * @param {Decision} decision
 * @param {string} seatName */
export function decisionLine(decision, seatName) {
  const played = decision.played_words || decision.played;
  const best = decision.best_words || decision.best;
  return t("move {move}, {seat}: played {played}, better {best}, {loss}", { move: decision.move, seat: seatName, played, best, loss: lossText(decision.loss) });
}

/** The decision taken at `move`, if the analysis judged one there.
 * @param {Analysis | null} analysis
 * @param {number} move
 * @returns {Decision | null} */
export function decisionAt(analysis, move) {
  return analysis?.decisions.find((d) => d.move === move) ?? null;
}

/** The board's highlight of the better move at a marked decision (none when the move played
 * was the best, or the analysis does not say where the better move is).
 * @param {Decision | null} decision
 * @returns {import("./types.js").Highlight[]} */
export function betterHighlight(decision) {
  if (!decision || !decision.mark || !decision.best_kind) return [];
  return [{ kind: decision.best_kind, args: decision.best_args ?? {}, label: decision.best_words || decision.best }];
}

/** How far the analysis is, in words: "12 of 40 decisions".
 * @param {{status: string, done: number, total: number}} status */
export function progressText({ status, done, total }) {
  if (status === "queued") return t("Waiting for a free bot…");
  if (status === "failed") return t("The analysis failed.");
  if (status === "done") return tn("Done: {n} decision", "Done: {n} decisions", total);
  return total ? tn("{done} of {n} decision", "{done} of {n} decisions", total, { done }) : t("Starting…");
}

/** How many marks of each kind a seat has: "1 ?? · 2 ?" ("no marks" for none).
 * @param {Decision[]} marked */
export function markCounts(marked) {
  const parts = [...MARKS].reverse().map((m) => [m, marked.filter((d) => d.mark === m).length])
    .filter(([, n]) => n).map(([m, n]) => `${n} ${SIGNS[/** @type {"inaccuracy" | "mistake" | "blunder"} */ (m)]}`);
  return parts.length ? parts.join(" \u00b7 ") : t("no marks");
}
