// The analysis panel of the replay: "Analyse this game", its progress bar while the bots work,
// then the win-chance graph (a line per seat, the marked decisions on it; a click goes to that
// move) and each seat's marked decisions. The layout is analysis.js's; this draws it.
import { h, messageOf } from "./dom.js";
import { el, text, chip, pickable, boardContext } from "./svg.js";
import { analysisOf, startAnalysis } from "./api.js";
import { graphLayout, markedBySeat, decisionLine, decisionAt, progressText, markCounts, percent, SIGNS } from "./analysis.js";
import { seatLabel } from "./names.js";
import { t, tn } from "./i18n.js";

/** @typedef {import("./types.js").Analysis} Analysis */
/** @typedef {import("./types.js").AnalysisStatus} AnalysisStatus */
/** @typedef {import("./types.js").Decision} Decision */
/** @typedef {import("./types.js").Table} Table */

/**
 * @typedef {object} AnalysisSetup
 * @property {string} tableId
 * @property {Table} table the finished table (its players, result and colours)
 * @property {number} steps how many moves the game had
 * @property {boolean} cooperative the players win or lose together: one line
 * @property {boolean} finished whether the game is over (only then can it be analysed)
 * @property {boolean} autostart ask for the analysis at once (the game-end panel's link)
 * @property {(move: number) => void} go shows the position before `move`
 * @property {() => void} ready the analysis arrived: the board may now show the better moves
 */

/** How long between two questions to the server while the analysis runs (ms). */
const POLL = 1000;

/** The depths a player may choose: seconds of search per decision, and their names. */
const depths = () => [["0.1", t("Quick")], ["0.5", t("Careful")], ["2", t("Deep")]];

/** The analysis panel of a replay.
 * @param {AnalysisSetup} setup */
export function analysisPanel(setup) {
  const body = h("div", { class: "an-body" });
  const element = h("section", { class: "panel an-panel", id: "analysis" }, h("h3", {}, t("Analysis")), body);
  /** The marked decisions of each seat, under the board (empty until the analysis is done). */
  const marks = h("section", { class: "panel an-panel an-list", id: "analysis-list", hidden: true });
  /** @type {Analysis | null} */
  let analysis = null;
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer;
  let step = 0;
  let left = false;
  /** @type {{cursor: (step: number) => void} | null} */
  let graph = null;

  /** @param {AnalysisStatus} status */
  function show(status) {
    clearTimeout(timer);
    if (left) return;
    if (status.status === "done" && status.analysis) {
      analysis = status.analysis;
      graph = drawDone(body, analysis, setup);
      marks.replaceChildren(h("h3", {}, t("Marked decisions")), markLists(analysis, setup));
      marks.hidden = false;
      graph.cursor(step);
      setup.ready();
    } else if (status.status === "queued" || status.status === "running" || status.status === "done") {
      // (done but without its result: the answer to the ask, which the next look brings)
      drawProgress(body, status);
      timer = setTimeout(() => void poll(), POLL);
    } else {
      drawOffer(body, setup.finished, status, start);
    }
  }
  async function poll() {
    try {
      show(await analysisOf(setup.tableId));
    } catch (error) {
      body.replaceChildren(h("p", { class: "error" }, messageOf(error)));
    }
  }
  /** @param {number | undefined} seconds */
  async function start(seconds) {
    drawProgress(body, { status: "queued", done: 0, total: 0 });
    try {
      show(await startAnalysis(setup.tableId, seconds));
    } catch (error) {
      drawOffer(body, setup.finished, { status: "failed", done: 0, total: 0, seconds: null, error: messageOf(error), analysis: null }, start);
    }
  }
  const first = setup.autostart && setup.finished ? start(undefined) : poll();
  return {
    element,
    marks,
    /** Waits for the first answer (the page is built meanwhile). */
    loaded: first,
    /** The decision taken at `move`, once the analysis is done. @param {number} move */
    decisionAt: (move) => decisionAt(analysis, move),
    /** The replay shows step `next`: the graph marks it. @param {number} next */
    at(next) {
      step = next;
      graph?.cursor(next);
    },
    leave() {
      left = true;
      clearTimeout(timer);
    },
  };
}

/** The offer to analyse (or why it cannot be, or why it failed).
 * @param {HTMLElement} body
 * @param {boolean} finished
 * @param {AnalysisStatus} status
 * @param {(seconds: number | undefined) => void} start */
function drawOffer(body, finished, status, start) {
  if (!finished) {
    body.replaceChildren(h("p", { class: "muted" }, t("The game can be analysed once it is over.")));
    return;
  }
  const depth = h("select", { id: "analysis-depth", "aria-label": t("how deep the bot looks at each move") },
    depths().map(([value, label]) => h("option", { value }, label)));
  depth.value = "0.5";
  body.replaceChildren(h("div", {},
    h("p", {}, t("A bot replays every decision, estimates each seat's chance of winning before it, and marks the moves that lost the most.")),
    status.status === "failed" ? h("p", { class: "error", role: "alert" }, status.error || t("The analysis failed: try again.")) : null,
    h("div", { class: "an-start" },
      h("label", { class: "row" }, t("Depth:"), " ", depth),
      h("button", { type: "button", id: "analyse", onclick: () => start(Number(depth.value)) }, t("Analyse this game")))));
}

/** The progress bar while the bots work.
 * @param {HTMLElement} body
 * @param {{status: string, done: number, total: number}} status */
function drawProgress(body, status) {
  const bar = h("progress", { id: "analysis-progress", max: Math.max(1, status.total), "aria-label": t("analysis progress") });
  if (status.total) bar.value = status.done; // no value: the bar says "working" without a length
  body.replaceChildren(h("div", { class: "an-progress" }, bar,
    h("span", { id: "analysis-progress-text", role: "status" }, progressText(status))));
}

/** The graph and the lists of marked decisions.
 * @param {HTMLElement} body
 * @param {Analysis} analysis
 * @param {AnalysisSetup} setup */
function drawDone(body, analysis, setup) {
  const box = h("div", { class: "an-graph" });
  body.replaceChildren(box);
  const width = Math.round(Math.min(900, Math.max(300, box.clientWidth || 600)));
  const { svg, cursor } = drawGraph(analysis, setup, width, width < 500 ? 190 : 230);
  box.append(svg);
  const agent = analysis.agent.split(":")[0];
  const about = analysis.seconds
    ? t("Each seat's chance of winning, as {agent} saw it ({seconds} s a decision).", { agent, seconds: analysis.seconds })
    : analysis.iterations === null || analysis.iterations === undefined
      ? t("Each seat's chance of winning, as {agent} saw it (? simulations a decision).", { agent })
      : tn("Each seat's chance of winning, as {agent} saw it ({n} simulation a decision).", "Each seat's chance of winning, as {agent} saw it ({n} simulations a decision).", analysis.iterations, { agent });
  body.append(
    h("p", { class: "muted an-about" }, `${about} `,
      t("?! lost at least {inaccuracy} of the mover's chance, ? {mistake}, ?? {blunder}. Click the graph to go to a move.", {
        inaccuracy: percent(analysis.thresholds.inaccuracy), mistake: percent(analysis.thresholds.mistake), blunder: percent(analysis.thresholds.blunder),
      })));
  return { cursor };
}

/** Each seat's marked decisions, as buttons going to their move.
 * @param {Analysis} analysis
 * @param {AnalysisSetup} setup */
function markLists(analysis, setup) {
  const { table } = setup;
  const ctx = boardContext(table, () => {});
  const lists = markedBySeat(analysis, table.players.length);
  return h("div", { class: "an-marks", id: "analysis-marks" }, lists.map((marked, seat) => {
    const name = seatLabel(table.players, seat);
    const chipBox = h("span", { class: "chip", "aria-hidden": "true" }, ctx.seatMark(seat));
    chipBox.style.background = ctx.seatColour(seat);
    return h("section", { class: "an-seat", "data-seat": seat },
      h("h4", {}, chipBox, " ", t("{who}: {what}", { who: name, what: markCounts(marked) })),
      marked.length ? h("ul", {}, marked.map((d) => h("li", {},
        h("button", { type: "button", class: "secondary an-go", "data-move": d.move, onclick: () => setup.go(d.move) },
          h("strong", { class: `an-sign an-${d.mark}` }, SIGNS[/** @type {keyof typeof SIGNS} */ (d.mark)]), " ", decisionLine(d, name))))) : null);
  }));
}

/** The win-chance graph as an <svg>: a line per seat (its colour, its letter at the end), the
 * marks as dots with their signs, a cursor at the step shown. A click goes to the nearest move.
 * @param {Analysis} analysis
 * @param {AnalysisSetup} setup
 * @param {number} width
 * @param {number} height */
function drawGraph(analysis, setup, width, height) {
  const { table, steps, cooperative } = setup;
  const ctx = boardContext(table, () => {});
  const layout = graphLayout(analysis, { width, height, seats: table.players.length, steps, winners: table.result?.winners ?? null, team: cooperative });
  const svg = el("svg", { viewBox: `0 0 ${width} ${height}`, class: "an-svg", id: "analysis-graph", role: "group", "aria-label": t("each seat's chance of winning over the game") });
  drawAxes(svg, layout);
  const hit = el("rect", { x: layout.plot.left, y: layout.plot.top, width: layout.plot.right - layout.plot.left, height: layout.plot.bottom - layout.plot.top, fill: "transparent", class: "an-hit" }, svg);
  hit.addEventListener("click", (event) => {
    const box = svg.getBoundingClientRect();
    const x = ((event.clientX - box.left) / box.width) * width;
    const nearest = layout.points.reduce((a, b) => (Math.abs(b.x - x) < Math.abs(a.x - x) ? b : a), layout.points[0]);
    if (nearest) setup.go(nearest.move);
  });
  const cursorLine = el("line", { y1: layout.plot.top, y2: layout.plot.bottom, class: "an-cursor" }, svg);
  /** @param {number} seat */
  const colourOf = (seat) => (cooperative ? "#2f6f5e" : ctx.seatColour(seat));
  drawLines(svg, layout.lines, colourOf, (seat) => (cooperative ? "T" : ctx.seatMark(seat)), width);
  for (const mark of layout.marks) {
    const small = mark.mark === "inaccuracy";
    const g = el("g", { class: `an-mark an-${mark.mark}`, "data-move": mark.move }, svg);
    el("circle", { cx: mark.x, cy: mark.y - 5, r: 12, fill: "transparent", class: "an-touch" }, g); // a finger's target
    el("circle", { cx: mark.x, cy: mark.y, r: small ? 4.5 : 6, fill: colourOf(mark.seat), class: "hit" }, g);
    text(g, mark.x, mark.y - (small ? 7 : 9), mark.sign, { "text-anchor": "middle", "font-size": small ? 11 : 13, "font-weight": 700, class: "an-sign-text" });
    pickable(g, decisionLine(mark.decision, seatLabel(table.players, mark.seat)), () => setup.go(mark.move));
  }
  /** @param {number} step */
  const cursor = (step) => {
    const x = layout.plot.left + (Math.min(step, steps) / Math.max(1, steps)) * (layout.plot.right - layout.plot.left);
    cursorLine.setAttribute("x1", String(x));
    cursorLine.setAttribute("x2", String(x));
  };
  return { svg, cursor };
}

/** The seats' lines, each ending in a chip with its letter (for those who cannot tell the
 * colours apart); chips that would overlap at the end stand side by side.
 * @param {SVGSVGElement} svg
 * @param {import("./analysis.js").GraphLine[]} lines
 * @param {(seat: number) => string} colourOf
 * @param {(seat: number) => string} letterOf
 * @param {number} width */
function drawLines(svg, lines, colourOf, letterOf, width) {
  /** @type {{x: number, y: number}[]} */
  const placed = [];
  for (const line of lines) {
    el("path", { d: line.d, fill: "none", stroke: colourOf(line.seat), "stroke-width": 2.5, class: "an-line", "data-seat": line.seat }, svg);
    const end = line.points[line.points.length - 1];
    if (!end) continue;
    let x = Math.min(end.x + 2, width - 9);
    while (placed.some((p) => Math.abs(p.x - x) < 16 && Math.abs(p.y - end.y) < 16)) x -= 17;
    placed.push({ x, y: end.y });
    chip(svg, x, end.y, 8, colourOf(line.seat), letterOf(line.seat));
  }
}

/** The grid: the percentages on the left, the moves below.
 * @param {SVGSVGElement} svg
 * @param {ReturnType<typeof graphLayout>} layout */
function drawAxes(svg, layout) {
  const { plot } = layout;
  for (const tick of layout.yTicks) {
    el("line", { x1: plot.left, x2: plot.right, y1: tick.y, y2: tick.y, class: tick.label === "50%" ? "an-grid an-half" : "an-grid" }, svg);
    text(svg, plot.left - 4, tick.y + 4, tick.label, { "text-anchor": "end", "font-size": 11, class: "an-label" });
  }
  for (const tick of layout.xTicks) {
    text(svg, tick.x, plot.bottom + 15, tick.label, { "text-anchor": "middle", "font-size": 11, class: "an-label" });
  }
}
