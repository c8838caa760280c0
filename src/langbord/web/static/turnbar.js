// The turn bar: stays in view at the top of a table's page and says whose turn it is (seat and
// player), what to decide (the server's prompt), how long a bot has been thinking, and, while
// the table waits for players, the link to share and a way to sit down.
import { h, toast } from "./dom.js";
import { seatChip } from "./board.js";
import { seatLabel, sitterLabel, whoLabel, entryLine } from "./names.js";
import { showsNotation } from "./notation.js";
import { headline } from "./ranking.js";
import { t } from "./i18n.js";
import { undoState } from "./undo.js";

/** @typedef {import("./types.js").Table} Table */
/** @typedef {import("./types.js").LogEntry} LogEntry */

/**
 * @typedef {object} BarState
 * @property {Table} table the live table
 * @property {number | null} you the seat this client holds
 * @property {{entry: LogEntry, index: number, total: number} | null} showing a move being shown
 * @property {boolean} [cooperative]
 */

/**
 * @typedef {object} BarHandlers
 * @property {(seat: number, name: string) => Promise<void>} join
 * @property {() => void} skip
 */

/** What the bar says of `table`: a headline and the line under it.
 * @param {Table} table
 * @param {boolean} [cooperative] the players win or lose together
 * @returns {{who: string, line: string, yours: boolean, thinking: boolean}} */
export function barText(table, cooperative = false) {
  const { players } = table;
  const free = players.filter((p) => p.kind === "human" && !p.joined);
  switch (table.status) {
    case "open":
      return {
        who: t("Waiting for players"),
        line: t("{taken} of {count} seats taken: share the link below to invite someone.", { taken: players.length - free.length, count: players.length }),
        yours: false, thinking: false,
      };
    case "over":
      return {
        who: t("Game over"),
        line: table.result ? headline(table.result, players, (seat) => whoLabel(players, seat), cooperative) : t("The game is over."),
        yours: false, thinking: false,
      };
    case "abandoned":
      return { who: t("Abandoned"), line: t("Abandoned: nobody moved for a long time, so the table is closed."), yours: false, thinking: false };
    default:
      break;
  }
  if (table.legal.length) {
    const prompt = table.prompt ?? t("choose an action");
    return { who: t("Your turn"), line: t("Your move: {prompt}", { prompt }), yours: true, thinking: false };
  }
  const mover = table.to_move;
  if (mover === null) return { who: t("Chance"), line: t("The cards and dice decide…"), yours: false, thinking: false };
  const player = players[mover];
  if (player?.kind === "bot") {
    return { who: t("{seat}'s turn", { seat: seatLabel(players, mover) }), line: t("{player} is thinking…", { player: whoLabel(players, mover) }), yours: false, thinking: true };
  }
  return {
    who: t("{seat}'s turn", { seat: seatLabel(players, mover) }),
    line: t("Waiting for {sitter} ({seat}) to decide.", { sitter: sitterLabel(player), seat: seatLabel(players, mover) }),
    yours: false, thinking: false,
  };
}

/** What the bar says while moves already made are shown on the board: never "your move"
 * (nothing can be chosen meanwhile), and how to get to the table as it is now.
 * @param {Table} table
 * @param {number | null} you
 * @returns {{who: string, line: string, yours: boolean, thinking: boolean}} */
export function showingText(table, you) {
  if (table.status === "over") {
    return { who: t("The last moves"), line: t("The game has ended: its last moves are shown first."), yours: false, thinking: false };
  }
  const next = table.legal.length > 0
    ? t("Your turn comes next: tap the board or Skip to decide now.")
    : t("Tap the board or Skip to see the table as it is now.");
  return { who: you === null ? t("The latest moves") : t("Since your turn"), line: next, yours: false, thinking: false };
}

/** The turn bar's boxes. */
function barParts() {
  const share = h("input", { readonly: true, id: "share-link", "aria-label": t("link to this table"), value: location.href });
  const parts = {
    chipBox: h("span", { class: "turn-chip" }),
    who: h("strong", { id: "turn-who" }),
    line: h("p", { class: "prompt", id: "prompt", "aria-live": "polite" }),
    timer: h("span", { class: "thinking", id: "thinking", "aria-live": "off" }),
    showing: h("p", { class: "showing", id: "showing", hidden: true }),
    share,
    name: h("input", { id: "join-name", placeholder: t("your name"), maxlength: 64, "aria-label": t("your name"), autocomplete: "nickname" }),
    joinError: h("p", { class: "error", role: "alert" }),
    seatsBox: h("div", { class: "join-seats", id: "join" }),
    joinForm: h("div", { class: "join-row", id: "join-form" }),
  };
  parts.joinForm.append(h("label", { class: "join-name" }, t("Your name"), " ", parts.name), parts.seatsBox);
  return parts;
}

/** @typedef {ReturnType<typeof barParts>} BarParts */

/** The turn bar's element and its update.
 * @param {BarHandlers} handlers */
export function turnBar(handlers) {
  const parts = barParts();
  const skip = h("button", { class: "secondary small", id: "skip", type: "button", onclick: () => handlers.skip() }, t("Skip"));
  const showingBox = h("div", { class: "showing-row" }, parts.showing, skip);
  const copy = h("button", { class: "secondary", type: "button", onclick: () => copyLink(parts.share) }, t("Copy link"));
  const waiting = h("div", { class: "waiting", id: "waiting", hidden: true },
    h("div", { class: "share-row" }, parts.share, copy), parts.joinForm, parts.joinError);
  // A request to take back moves shows in the bar, which stays on screen: the Undo panel that
  // answers it may be far below.
  const undoText = h("span", {});
  const undoAnswer = h("button", { class: "small", id: "bar-undo-answer", type: "button", onclick: () => answerUndo() }, t("Answer"));
  const undoLine = h("p", { class: "bar-undo", id: "bar-undo", role: "status", hidden: true }, undoText, " ", undoAnswer);
  const element = h("section", { class: "turn-bar", id: "turn-bar", "aria-label": t("whose turn") },
    h("div", { class: "turn-head" }, parts.chipBox, parts.who, parts.timer),
    parts.line, undoLine, showingBox, waiting);
  const clock = thinkingClock(parts.timer);

  /** @param {BarState} state */
  function update(state) {
    const { table, showing: shown } = state;
    const said = shown ? showingText(table, state.you) : barText(table, state.cooperative);
    parts.who.textContent = said.who;
    parts.line.textContent = said.line;
    element.classList.toggle("yours", said.yours);
    element.classList.toggle("waiting-for-players", table.status === "open");
    parts.chipBox.replaceChildren(table.to_move !== null && table.status === "playing" ? seatChip(table, table.to_move) : "");
    clock.update(table, said.thinking);
    showingBox.hidden = !shown;
    drawShowing(parts.showing, state);
    waiting.hidden = table.status !== "open";
    drawJoin(parts, state, handlers);
    const { banner } = undoState(table);
    undoLine.hidden = !banner || table.status !== "playing";
    undoText.textContent = banner?.text ?? "";
    undoAnswer.hidden = banner?.kind !== "answer";
  }

  return { element, update, leave: clock.leave };
}

/** Brings the Undo panel's request, with its Allow and Refuse, to the player. */
function answerUndo() {
  const request = document.getElementById("undo-request");
  request?.scrollIntoView({ block: "center" });
  document.getElementById("undo-accept")?.focus({ preventScroll: true });
}

/** The bots' thinking time, counted from when this client saw the turn begin.
 * @param {HTMLElement} timer */
function thinkingClock(timer) {
  let since = 0;
  let key = "";
  /** @type {ReturnType<typeof setInterval> | null} */
  let ticking = null;
  const tick = () => { timer.textContent = `${((Date.now() - since) / 1000).toFixed(1)} s`; };
  return {
    /** @param {Table} table @param {boolean} thinking whether a bot is thinking */
    update(table, thinking) {
      const turn = `${table.move}:${table.to_move}`;
      if (turn !== key) { key = turn; since = Date.now(); }
      if (thinking && !ticking) ticking = setInterval(tick, 200);
      if (!thinking && ticking) { clearInterval(ticking); ticking = null; }
      timer.hidden = !thinking;
      tick();
    },
    leave() {
      if (ticking) clearInterval(ticking);
      ticking = null;
    },
  };
}

/** A move being shown (what happened since this client's last decision).
 * @param {HTMLElement} showing
 * @param {BarState} state */
function drawShowing(showing, { table, you, showing: shown }) {
  showing.hidden = !shown;
  showing.textContent = shown ? t("Showing {n} of {count}: {move}", { n: shown.index, count: shown.total, move: entryLine(shown.entry, table.players, you, showsNotation()) }) : "";
}

/** Waiting for players: the link, and the free seats to sit at.
 * @param {BarParts} parts
 * @param {BarState} state
 * @param {BarHandlers} handlers */
function drawJoin(parts, { table, you }, handlers) {
  const free = table.players.filter((p) => p.kind === "human" && !p.joined);
  parts.share.value = location.href;
  parts.joinForm.hidden = you !== null || !free.length;
  if (!parts.name.value) parts.name.value = localStorage.getItem("langbord.name") ?? "";
  parts.seatsBox.replaceChildren(...free.map((p) => h("button", {
    type: "button", "data-join": p.seat, onclick: () => joinAt(parts, p.seat, handlers),
  }, t("Sit at {seat}", { seat: seatLabel(table.players, p.seat) }))));
}

/** Sits down at `seat` under the name typed (asks for one first).
 * @param {BarParts} parts
 * @param {number} seat
 * @param {BarHandlers} handlers */
async function joinAt({ name, joinError }, seat, handlers) {
  joinError.textContent = "";
  const typed = name.value.trim();
  if (!typed) { joinError.textContent = t("Type your name first, then pick a seat."); name.focus(); return; }
  await handlers.join(seat, typed).catch((e) => { joinError.textContent = e instanceof Error ? e.message : String(e); });
}

/** Copies the share link (selects it where the clipboard is refused).
 * @param {HTMLInputElement} input */
function copyLink(input) {
  input.select();
  if (!navigator.clipboard) {
    toast(t("Link selected: copy it with your device's copy command."));
    return;
  }
  navigator.clipboard.writeText(input.value).then(
    () => toast(t("Link copied: send it to whoever you want to play with.")),
    () => toast(t("Link selected: copy it with your device's copy command.")),
  );
}
