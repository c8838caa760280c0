// The replay viewer of a finished table: step through its moves by buttons, the slider, the
// arrow keys or the log; under the board, the game's analysis (analysisview.js): its win-chance
// graph goes to a move when clicked, and at a marked decision the board shows the better move.
import { api, titles, games } from "./api.js";
import { h } from "./dom.js";
import { drawBoard } from "./board.js";
import { entryLine, gameTitle, seatLabel } from "./names.js";
import { showsNotation } from "./notation.js";
import { analysisPanel } from "./analysisview.js";
import { betterHighlight, lossText } from "./analysis.js";
import { t } from "./i18n.js";

/** @typedef {import("./types.js").Table} Table */
/** @typedef {import("./types.js").Step} Step */
/** @typedef {import("./types.js").Decision} Decision */

/** What the replay needs besides its steps: the game's title, whether it is cooperative, and
 * the table itself (whether it is over, who won).
 * @param {string} tableId
 * @param {string} game */
async function loadAround(tableId, game) {
  const [names, cooperative, table] = await Promise.all([
    titles().catch(() => /** @type {Map<string, string>} */ (new Map())),
    games().then((c) => !!c.games.find((g) => g.name === game)?.cooperative, () => false),
    /** @type {Promise<Table | null>} */ (api(`/api/tables/${tableId}`).catch(() => null)),
  ]);
  return { title: gameTitle(names, game), cooperative, table };
}

/** The boxes of the replay page. */
function replayBoxes() {
  return {
    board: h("div", { class: "board", id: "board" }),
    slider: h("input", { type: "range", min: 0, max: 0, value: 0, id: "slider", "aria-label": t("step") }),
    label: h("span", { id: "step-label" }),
    log: h("ol", { class: "log", id: "log", start: 0 }),
    text: h("pre", { class: "text" }),
    better: h("p", { class: "an-better", id: "better-move", role: "status", hidden: true }),
  };
}

/** Builds the replay of table `tableId` into `root` (`?analyse=1`: its analysis is asked for at
 * once); returns what to do on leaving it.
 * @param {HTMLElement} root
 * @param {string} tableId
 * @param {URLSearchParams} [query] */
export async function replayPage(root, tableId, query = new URLSearchParams()) {
  let step = 0;
  /** @type {Step} */
  let data = await api(`/api/tables/${tableId}/steps/0`);
  const total = data.steps;
  const { title, cooperative, table } = await loadAround(tableId, data.game);
  const b = replayBoxes();
  b.slider.max = String(total);
  /** The table as step `n` shows it (nobody to move, the log up to there; the table's own
   * status, options and result).
   * @param {Step} at @param {number} n @returns {Table} */
  const shownAt = (at, n) => ({
    ...at, options: table?.options ?? {}, status: table?.status ?? "over", move: n, you: null,
    legal: [], prompt: null, result: table?.result ?? null, hints: false, hotseat: false,
    undo: { available: false, request: null }, undone: 0, chat: [], rematch: null, rematch_of: null,
    log_start: 0, log: at.log.slice(0, n),
  });
  const analysis = analysisPanel({
    tableId, table: shownAt(data, total), steps: total, cooperative, finished: table ? table.status === "over" : true,
    autostart: query.get("analyse") === "1", go: (move) => void go(move), ready: () => void go(step),
  });

  /** @param {number} next */
  async function go(next) {
    step = Math.max(0, Math.min(total, next));
    data = /** @type {Step} */ (await api(`/api/tables/${tableId}/steps/${step}`));
    b.slider.value = String(step);
    b.label.textContent = t("step {n} of {count}", { n: step, count: total });
    const decision = analysis.decisionAt(step);
    await drawBoard(b.board, shownAt(data, step), () => {}, { highlight: betterHighlight(decision) });
    b.text.textContent = data.text;
    tellBetter(b.better, decision, data);
    analysis.at(step);
    drawReplayLog(b.log, data, step, decision, go);
  }
  b.slider.addEventListener("input", () => void go(Number(b.slider.value)));
  const keys = arrowKeys(b.slider, (delta) => void go(step + delta));
  document.addEventListener("keydown", keys);
  const moves = { first: () => 0, prev: () => step - 1, next: () => step + 1, last: () => total };
  root.append(replayLayout(b, t("{game}: replay", { game: title }), tableId, analysis.element, analysis.marks, (where) => void go(moves[where]())));
  await go(0);
  await analysis.loaded;
  return () => {
    document.removeEventListener("keydown", keys);
    analysis.leave();
  };
}

/** The arrow keys step through the moves (unless another input has the focus).
 * @param {HTMLInputElement} slider
 * @param {(delta: number) => void} step
 * @returns {(event: KeyboardEvent) => void} */
function arrowKeys(slider, step) {
  return (event) => {
    const target = /** @type {HTMLElement} */ (event.target);
    if ((target.tagName === "INPUT" && target !== slider) || target.tagName === "SELECT") return;
    if (event.key === "ArrowRight") { event.preventDefault(); step(1); }
    if (event.key === "ArrowLeft") { event.preventDefault(); step(-1); }
  };
}

/** The page: the controls, the analysis's graph, the better move, the board, the marked
 * decisions; the log beside.
 * @param {ReturnType<typeof replayBoxes>} b
 * @param {string} title
 * @param {string} tableId
 * @param {HTMLElement} analysis the graph (above the board)
 * @param {HTMLElement} marks the marked decisions (under it)
 * @param {(where: "first" | "prev" | "next" | "last") => void} move */
function replayLayout(b, title, tableId, analysis, marks, move) {
  /** A control button with a drawn label (no font lacks it) and its name for screen readers.
   * @param {"first" | "prev" | "next" | "last"} id @param {string} label @param {string} name */
  const control = (id, label, name) => h("button", { type: "button", class: "secondary", id, "aria-label": name, title: name, onclick: () => move(id) }, label);
  return h("div", { class: "table-page replay" },
    h("section", { class: "board-area" },
      h("h1", { class: "table-title" }, title),
      h("div", { class: "replay-controls" },
        control("first", "|◀", t("first step")), control("prev", "◀", t("previous step")),
        b.slider,
        control("next", "▶", t("next step")), control("last", "▶|", t("last step")),
        b.label),
      analysis,
      b.better,
      b.board,
      marks,
      h("details", {}, h("summary", {}, t("The table as text")), b.text)),
    h("aside", { class: "side" },
      h("section", { class: "panel" }, h("h3", {}, t("Log")), b.log),
      h("p", {}, h("a", { class: "button secondary", href: `#/table/${tableId}` }, t("Back to the table")))));
}

/** At a marked decision, what was played and the better move (shown on the board).
 * @param {HTMLElement} box
 * @param {Decision | null} decision
 * @param {Step} data */
function tellBetter(box, decision, data) {
  box.hidden = !decision?.mark;
  if (!decision?.mark) return;
  const who = seatLabel(data.players, decision.seat);
  const best = decision.best_words || decision.best;
  const said = { who, played: decision.played_words || decision.played, loss: lossText(decision.loss), best };
  box.textContent = decision.best_kind
    ? t("Here {who} chose “{played}” ({loss}). Better: “{best}”, marked on the board.", said)
    : t("Here {who} chose “{played}” ({loss}). Better: “{best}”.", said);
}

/** The log, each entry a link to the step after it; the last one played, and the decision about
 * to be judged, marked.
 * @param {HTMLElement} list
 * @param {Step} data
 * @param {number} step
 * @param {Decision | null} decision
 * @param {(n: number) => Promise<void>} go */
function drawReplayLog(list, data, step, decision, go) {
  list.replaceChildren(...data.log.map((e, i) => {
    const marks = [i === step - 1 ? "current" : "", decision?.mark && i === step ? "judged" : ""].filter(Boolean).join(" ");
    return h("li", { class: marks },
      h("a", { href: "#", onclick: (/** @type {Event} */ ev) => { ev.preventDefault(); void go(i + 1); } }, entryLine(e, data.players, null, showsNotation())));
  }));
  // The list scrolls to the entry, never the page (on a phone the log is far below the board).
  const current = list.querySelector(".current");
  if (current) {
    const [entry, box] = [current.getBoundingClientRect(), list.getBoundingClientRect()];
    if (entry.top < box.top || entry.bottom > box.bottom) list.scrollTop += entry.top - box.top - box.height / 2;
  }
}
