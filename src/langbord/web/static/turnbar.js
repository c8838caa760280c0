// The turn bar: stays in view at the top of a table's page and says whose turn it is (seat and
// player), what to decide (the server's prompt), how long a bot has been thinking, and, while
// the table waits for players, the link to share and a way to sit down.
import { h, toast } from "./dom.js";
import { seatChip } from "./board.js";
import { seatLabel, sitterLabel, whoLabel, entryLine } from "./names.js";
import { headline } from "./ranking.js";

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
        who: "Waiting for players",
        line: `${players.length - free.length} of ${players.length} seats taken: share the link below to invite someone.`,
        yours: false, thinking: false,
      };
    case "over":
      return {
        who: "Game over",
        line: table.result ? headline(table.result, players, (seat) => whoLabel(players, seat), cooperative) : "The game is over.",
        yours: false, thinking: false,
      };
    case "abandoned":
      return { who: "Abandoned", line: "Abandoned: nobody moved for a long time, so the table is closed.", yours: false, thinking: false };
    default:
      break;
  }
  if (table.legal.length) {
    return { who: "Your turn", line: `Your move: ${table.prompt ?? "choose an action"}`, yours: true, thinking: false };
  }
  const mover = table.to_move;
  if (mover === null) return { who: "Chance", line: "The cards and dice decide…", yours: false, thinking: false };
  const player = players[mover];
  if (player?.kind === "bot") {
    return { who: `${seatLabel(players, mover)}'s turn`, line: `${whoLabel(players, mover)} is thinking…`, yours: false, thinking: true };
  }
  return {
    who: `${seatLabel(players, mover)}'s turn`,
    line: `Waiting for ${sitterLabel(player)} (${seatLabel(players, mover)}) to decide.`,
    yours: false, thinking: false,
  };
}

/** The turn bar's element and its update.
 * @param {BarHandlers} handlers */
export function turnBar(handlers) {
  const chipBox = h("span", { class: "turn-chip" });
  const who = h("strong", { id: "turn-who" });
  const line = h("p", { class: "prompt", id: "prompt", "aria-live": "polite" });
  const timer = h("span", { class: "thinking", id: "thinking", "aria-live": "off" });
  const skip = h("button", { class: "secondary small", id: "skip", type: "button", onclick: () => handlers.skip() }, "Skip");
  const showing = h("p", { class: "showing", id: "showing", hidden: true });
  const showingBox = h("div", { class: "showing-row" }, showing, skip);
  const share = h("input", { readonly: true, id: "share-link", "aria-label": "link to this table", value: location.href });
  const copy = h("button", { class: "secondary", type: "button", onclick: () => copyLink(share) }, "Copy link");
  const name = h("input", { id: "join-name", placeholder: "your name", maxlength: 64, "aria-label": "your name", autocomplete: "nickname" });
  const joinError = h("p", { class: "error", role: "alert" });
  const seatsBox = h("div", { class: "join-seats", id: "join" });
  const waiting = h("div", { class: "waiting", id: "waiting", hidden: true },
    h("div", { class: "share-row" }, share, copy),
    h("div", { class: "join-row", id: "join-form" }, h("label", { class: "join-name" }, "Your name ", name), seatsBox),
    joinError);
  const element = h("section", { class: "turn-bar", id: "turn-bar", "aria-label": "whose turn" },
    h("div", { class: "turn-head" }, chipBox, who, timer),
    line, showingBox, waiting);

  let since = 0;
  let key = "";
  /** @type {ReturnType<typeof setInterval> | null} */
  let ticking = null;

  /** @param {BarState} state */
  function update(state) {
    const { table, you, showing: shown } = state;
    const said = shown && table.status === "over"
      ? { who: "The last moves", line: "The game has ended: its last moves are shown first.", yours: false, thinking: false }
      : barText(table, state.cooperative);
    who.textContent = said.who;
    line.textContent = said.line;
    element.classList.toggle("yours", said.yours);
    element.classList.toggle("waiting-for-players", table.status === "open");
    chipBox.replaceChildren(table.to_move !== null && table.status === "playing" ? seatChip(table, table.to_move) : "");
    // The bots' thinking time, counted from when this client saw the turn begin.
    const turn = `${table.move}:${table.to_move}`;
    if (turn !== key) { key = turn; since = Date.now(); }
    if (said.thinking && !ticking) ticking = setInterval(tick, 200);
    if (!said.thinking && ticking) { clearInterval(ticking); ticking = null; }
    timer.hidden = !said.thinking;
    tick();
    // A move being shown (what happened since this client's last decision).
    showingBox.hidden = !shown;
    showing.hidden = !shown;
    showing.textContent = shown ? `Showing ${shown.index} of ${shown.total}: ${entryLine(shown.entry, table.players, you)}` : "";
    // Waiting for players: the link, and the free seats to sit at.
    const free = table.players.filter((p) => p.kind === "human" && !p.joined);
    waiting.hidden = table.status !== "open";
    share.value = location.href;
    const form = /** @type {HTMLElement} */ (waiting.querySelector("#join-form"));
    form.hidden = you !== null || !free.length;
    if (!name.value) name.value = localStorage.getItem("langbord.name") ?? "";
    seatsBox.replaceChildren(...free.map((p) => h("button", {
      type: "button", "data-join": p.seat,
      onclick: async () => {
        joinError.textContent = "";
        const typed = name.value.trim();
        if (!typed) { joinError.textContent = "Type your name first, then pick a seat."; name.focus(); return; }
        await handlers.join(p.seat, typed).catch((e) => { joinError.textContent = e instanceof Error ? e.message : String(e); });
      },
    }, `Sit at ${seatLabel(table.players, p.seat)}`)));
  }

  function tick() {
    timer.textContent = `${((Date.now() - since) / 1000).toFixed(1)} s`;
  }

  function leave() {
    if (ticking) clearInterval(ticking);
    ticking = null;
  }

  return { element, update, leave };
}

/** Copies the share link (selects it where the clipboard is refused).
 * @param {HTMLInputElement} input */
function copyLink(input) {
  input.select();
  if (!navigator.clipboard) {
    toast("Link selected: copy it with your device's copy command.");
    return;
  }
  navigator.clipboard.writeText(input.value).then(
    () => toast("Link copied: send it to whoever you want to play with."),
    () => toast("Link selected: copy it with your device's copy command."),
  );
}
