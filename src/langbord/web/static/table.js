// A table's page: the turn bar, the board, what happened since this client's last decision
// (shown move by move), the actions in words, the players, the log and the game's end.
//
// Other controls (undo, hint, chat, rules…) plug in as panels: a `PanelMaker` gets the page's
// hooks and returns an element to place and an `update` called with every new table.
import { api, seats, remembered, remember, titles, games } from "./api.js";
import { h, toast, messageOf } from "./dom.js";
import { drawBoard } from "./board.js";
import { gameTitle } from "./names.js";
import { Pacer, entriesToShow, speedNamed, SPEEDS } from "./pacing.js";
import { sinceYourTurn } from "./since.js";
import { turnBar } from "./turnbar.js";
import { endPanel } from "./gameend.js";
import { drawPlayers, drawActions, drawLog, drawSince } from "./tableparts.js";
import { connect } from "./live.js";

/** @typedef {import("./types.js").Table} Table */
/** @typedef {import("./types.js").LegalAction} LegalAction */
/** @typedef {import("./types.js").LogEntry} LogEntry */
/** @typedef {import("./api.js").Seat} Seat */

/**
 * @typedef {object} TableHooks what a panel may use
 * @property {string} tableId
 * @property {() => Table} table the live table
 * @property {() => Seat | null} seat this client's seat and token
 * @property {(seat: Seat) => void} useSeat switches to another seat this client holds (hotseat)
 * @property {() => Promise<void>} refetch
 * @property {(action: LegalAction) => Promise<void>} act
 */

/**
 * @typedef {object} Panel
 * @property {HTMLElement} element
 * @property {"bar" | "board" | "side"} [where] under the turn bar, under the board, or in the
 *   side column (the default)
 * @property {(table: Table) => void} [update] called with every new table
 * @property {(action: LegalAction, table: Table) => boolean | Promise<boolean>} [confirm]
 *   false: the action is not sent (the player thought better of it)
 * @property {() => void} [leave]
 */

/** @typedef {(hooks: TableHooks) => Panel} PanelMaker */

/** How many tables (by move) are kept to show the moves in between. */
const KEPT = 200;

/** Builds the page of table `tableId` into `root`; returns what to do on leaving it.
 * @param {HTMLElement} root
 * @param {string} tableId
 * @param {PanelMaker[]} [makers] */
export async function tablePage(root, tableId, makers = []) {
  let mine = seats.get(tableId);
  /** @type {Table} */
  let table = await api(`/api/tables/${tableId}`, { token: mine?.token });
  const names = await titles().catch(() => new Map());
  const title = gameTitle(names, table.game);
  const cooperative = await games().then((c) => !!c.games.find((g) => g.name === table.game)?.cooperative, () => false);

  const boardBox = h("div", { class: "board", id: "board" });
  const error = h("p", { class: "error", id: "error", role: "alert" });
  const actionsBox = h("div", { class: "actions", id: "actions" });
  const playersList = h("ul", { class: "players", id: "players" });
  const logList = h("ol", { class: "log", id: "log", start: 0 });
  const sinceList = h("ul", { class: "since", id: "since" });
  const resultBox = h("section", { class: "panel result", id: "result", hidden: true });
  const textBox = h("pre", { class: "text" });
  const speed = speedSelect();
  const actionsPanel = h("section", { class: "panel", id: "your-actions" }, h("h3", {}, "Your actions"), actionsBox);
  const sinceTitle = h("h3", {}, "Since your turn");

  /** @type {Map<number, Table>} every table received, by its move: the positions in between */
  const snapshots = new Map();
  /** Whether the server answers `steps/n` while the game is played (unknown until asked). */
  let stepsLive = /** @type {boolean | null} */ (null);
  /** The move being shown while the others' moves play in, null: the live table. */
  let showingMove = /** @type {number | null} */ (null);
  /** @type {{entry: LogEntry, index: number, total: number} | null} */
  let showing = null;
  let shownTable = table;
  let busy = false;

  const bar = turnBar({ join, skip: () => pacer.skip() });
  const pacer = new Pacer({
    speed: () => speedNamed(speed.value),
    show: showEntry,
    done: async () => {
      showing = null;
      showingMove = null;
      await drawLive();
    },
  });

  /** @type {TableHooks} */
  const hooks = {
    tableId,
    table: () => table,
    seat: () => mine,
    useSeat: (seat) => { mine = seat; void refetch().then(() => live.reconnect(mine?.token ?? "")); },
    refetch,
    act,
  };
  const panels = makers.map((make) => make(hooks));
  /** @param {Panel["where"]} where */
  const placed = (where) => panels.filter((p) => (p.where ?? "side") === where).map((p) => p.element);

  root.append(h("div", { class: "table-page" },
    h("h1", { class: "table-title" }, title),
    h("div", { class: "bar-area" }, bar.element, ...placed("bar")),
    h("section", { class: "board-area" },
      error, resultBox, boardBox, ...placed("board"),
      h("details", {}, h("summary", {}, "The table as text"), textBox)),
    h("aside", { class: "side" },
      actionsPanel,
      h("section", { class: "panel since-panel" }, sinceTitle, sinceList,
        h("label", { class: "row speed" }, "Show moves: ", speed)),
      h("section", { class: "panel" }, h("h3", {}, "Players"), playersList),
      ...placed("side"),
      h("section", { class: "panel" }, h("h3", {}, "Log"), logList))));

  /** The seats this client plays: its own, or every human seat at a hotseat table. */
  function mySeats() {
    if (table.hotseat && mine) return table.players.filter((p) => p.kind === "human").map((p) => p.seat);
    return mine ? [mine.seat] : [];
  }

  // ---- deciding ---------------------------------------------------------------------------

  // Busy only while the move is posted: the pushed table may show the next decision before the
  // refetch below returns, and a click on it must not be lost.
  /** @param {LegalAction} action */
  async function act(action) {
    if (busy) return;
    for (const panel of panels) {
      if (panel.confirm && !(await panel.confirm(action, table))) return;
    }
    pacer.skip();
    busy = true;
    error.textContent = "";
    /** @type {unknown} */
    let refused = null;
    try {
      await api(`/api/tables/${tableId}/actions`, { method: "POST", token: mine?.token, body: { action: action.id, move: table.move } });
    } catch (e) {
      refused = e;
    } finally {
      busy = false;
    }
    try {
      if (refused) error.textContent = messageOf(refused);
      if (!refused || /** @type {any} */ (refused).status === 409) await refetch();
    } catch (e) {
      error.textContent = messageOf(e);
    }
  }

  /** Sits this client down at `seat` (a friend who came by the link).
   * @param {number} seat
   * @param {string} name */
  async function join(seat, name) {
    remember("name", name);
    const joined = await api(`/api/tables/${tableId}/join`, { method: "POST", body: { name, seat } });
    seats.set(tableId, joined.seat, joined.token);
    mine = seats.get(tableId);
    await refetch();
    live.reconnect(mine?.token ?? "");
  }

  async function rematch() {
    try {
      let next = table.rematch;
      if (!next) ({ id: next } = await api(`/api/tables/${tableId}/rematch`, { method: "POST", token: mine?.token }));
      if (!seats.get(String(next)) && mine) {
        const joined = await api(`/api/tables/${next}/join`, { method: "POST", token: mine.token, body: { rematch_of: tableId } });
        seats.set(String(next), joined.seat, joined.token);
      }
      location.hash = `#/table/${next}`;
    } catch (e) {
      toast(messageOf(e));
    }
  }

  // ---- tables arriving ----------------------------------------------------------------------

  /** A fetched or pushed table replaces the one shown unless it is older. After an undo (the
   * server's `undone` count grew) the table goes back: the positions after it are forgotten.
   * @param {Table} data */
  async function accept(data) {
    const undone = (data.undone ?? 0) > (table.undone ?? 0);
    if (!(undone || data.move >= table.move || data.you !== table.you)) return;
    const before = undone ? data.move : table.move;
    if (undone) {
      for (const move of [...snapshots.keys()]) if (move >= data.move) snapshots.delete(move);
      pacer.skip();
    }
    table = data;
    keep(data);
    drawChrome();
    pacer.add(entriesToShow(table.log, before, mySeats()));
    if (!pacer.running) await drawLive();
  }

  async function refetch() {
    await accept(await api(`/api/tables/${tableId}`, { token: mine?.token }));
  }

  /** @param {Table} data */
  function keep(data) {
    snapshots.set(data.move, data);
    if (snapshots.size > KEPT) snapshots.delete(Math.min(...snapshots.keys()));
  }

  // ---- drawing ------------------------------------------------------------------------------

  /** What does not wait for the moves being shown: the turn bar, actions, players, log. */
  function drawChrome() {
    const you = table.you;
    bar.update({ table, you, showing, cooperative });
    actionsPanel.hidden = you === null;
    sinceTitle.textContent = you === null ? "Latest moves" : "Since your turn";
    drawActions(actionsBox, table, act, (a) => shownTable === table && !!boardBox.querySelector(`[data-action="${a.id}"]`));
    drawPlayers(playersList, table);
    drawLog(logList, table, showingMove);
    drawSince(sinceList, table, sinceYourTurn(table.log, mySeats()), showingMove);
    textBox.textContent = table.text;
    const yours = table.legal.length > 0;
    document.title = `${yours ? "▶ Your move · " : ""}${title} · langbord`;
    for (const panel of panels) panel.update?.(table);
  }

  /** The live table on the board, and the end panel once the game is over. */
  async function drawLive() {
    shownTable = table;
    boardBox.classList.remove("replaying");
    await drawBoard(boardBox, table, act);
    drawChrome();
    resultBox.hidden = !table.result;
    if (table.result) resultBox.replaceChildren(...endPanel(table, table.you, { rematch, cooperative }).filter((n) => n !== null));
  }

  /** The board just after `entry`, that move marked; the bar says which it is.
   * @param {LogEntry} entry
   * @param {number} index
   * @param {number} total */
  async function showEntry(entry, index, total) {
    showing = { entry, index, total };
    showingMove = entry.move;
    const position = await positionAfter(entry.move + 1);
    if (!pacer.running) return;
    shownTable = { ...position, legal: [], prompt: null, log: table.log.slice(0, entry.move + 1) };
    boardBox.classList.add("replaying");
    await drawBoard(boardBox, shownTable, () => {});
    drawChrome();
  }

  /** The table after its first `moves` moves: as this client received it, or as the server's
   * steps tell it, or (neither at hand) the nearest later table.
   * @param {number} moves
   * @returns {Promise<Table>} */
  async function positionAfter(moves) {
    const kept = snapshots.get(moves);
    if (kept) return kept;
    const over = table.status === "over";
    if (over || stepsLive !== false) {
      try {
        const step = await api(`/api/tables/${tableId}/steps/${moves}`, { token: mine?.token });
        if (!over) stepsLive = true;
        return { ...table, view: step.view, text: step.text, to_move: step.to_move, move: moves, status: "playing", result: null };
      } catch {
        if (!over) stepsLive = false;
      }
    }
    const later = [...snapshots.keys()].filter((m) => m > moves).sort((a, b) => a - b);
    return later.length ? /** @type {Table} */ (snapshots.get(later[0])) : table;
  }

  // ---- live updates -------------------------------------------------------------------------

  const live = connect(tableId, mine?.token ?? "", {
    table: () => table,
    accept,
    refetch,
    error: (message) => { error.textContent = message; },
  });
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let resizing;
  const resized = () => {
    clearTimeout(resizing);
    resizing = setTimeout(() => void drawBoard(boardBox, shownTable, shownTable === table ? act : () => {}), 150);
  };
  window.addEventListener("resize", resized);
  speed.addEventListener("change", () => {
    remember("speed", speed.value);
    if (speed.value === "instant") pacer.skip();
  });

  keep(table);
  pacer.seen(table.move - 1);
  await drawLive();
  return () => {
    live.close();
    pacer.skip();
    bar.leave();
    window.removeEventListener("resize", resized);
    for (const panel of panels) panel.leave?.();
  };
}

/** The pace at which the others' moves are shown, remembered on this device. */
function speedSelect() {
  const select = h("select", { id: "speed", "aria-label": "how fast the others' moves are shown" },
    Object.keys(SPEEDS).map((name) => h("option", { value: name }, name[0].toUpperCase() + name.slice(1))));
  select.value = speedNamed(remembered("speed"));
  return select;
}
