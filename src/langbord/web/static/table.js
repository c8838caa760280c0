// A table's page: the turn bar, the board, what happened since this client's last decision
// (shown move by move), the actions in words, the players, the log and the game's end.
//
// Other controls (undo, hint, chat, rules…) plug in as panels: a `PanelMaker` gets the page's
// hooks and returns an element to place and an `update` called with every new table.
import { play } from "./sound.js";
import { api, ApiError, seats, remembered, remember, titles, games } from "./api.js";
import { fold, h, toast, messageOf } from "./dom.js";
import { drawBoard, focusBoard } from "./board.js";
import { gameTitle } from "./names.js";
import { Pacer, entriesToShow, speedNamed, SPEEDS } from "./pacing.js";
import { sinceYourTurn } from "./since.js";
import { turnBar } from "./turnbar.js";
import { endPanel } from "./gameend.js";
import { drawPlayers, drawActions, drawLog, drawSince } from "./tableparts.js";
import { connect } from "./live.js";
import { t } from "./i18n.js";

/** @typedef {import("./types.js").Table} Table */
/** @typedef {import("./types.js").LegalAction} LegalAction */
/** @typedef {import("./types.js").LogEntry} LogEntry */
/** @typedef {import("./types.js").Step} Step */
/** @typedef {import("./api.js").Seat} Seat */

/**
 * @typedef {object} TableHooks what a panel may use
 * @property {string} tableId
 * @property {() => Table} table the live table
 * @property {() => Seat | null} seat this client's seat and token
 * @property {(seat: Seat) => void} useSeat switches to another seat this client holds (hotseat)
 * @property {() => Promise<void>} refetch
 * @property {(action: LegalAction) => Promise<void>} act
 * @property {() => void} redraw draws the turn bar, actions, players and log again (a setting
 *   changed)
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

/** @typedef {{entry: LogEntry, index: number, total: number}} Showing a move being shown */

/**
 * @typedef {object} Loaded what the page needs before it is built
 * @property {Seat | null} mine this client's seat and token
 * @property {Table} table
 * @property {string} title the game's title
 * @property {boolean} cooperative whether the players win or lose together
 */

/** Builds the page of table `tableId` into `root`; returns what to do on leaving it.
 * @param {HTMLElement} root
 * @param {string} tableId
 * @param {PanelMaker[]} [makers] */
export async function tablePage(root, tableId, makers = []) {
  const page = new TablePage(tableId, await load(tableId), makers);
  root.append(page.layout());
  await page.start();
  return () => page.leave();
}

/** The table as this client's seat sees it, its game's title and whether it is cooperative.
 * @param {string} tableId
 * @returns {Promise<Loaded>} */
async function load(tableId) {
  const mine = seats.get(tableId);
  /** @type {Table} */
  const table = await api(`/api/tables/${tableId}`, { token: mine?.token });
  const names = await titles().catch(() => /** @type {Map<string, string>} */ (new Map()));
  const cooperative = await games().then((c) => !!c.games.find((g) => g.name === table.game)?.cooperative, () => false);
  return { mine, table, title: gameTitle(names, table.game), cooperative };
}

/** The boxes of the page the table is drawn into. */
function pageBoxes() {
  const actions = h("div", { class: "actions", id: "actions" });
  return {
    board: h("div", { class: "board", id: "board" }),
    error: h("p", { class: "error", id: "error", role: "alert" }),
    actions,
    actionsPanel: fold({ id: "your-actions" }, t("Your actions"), actions),
    players: h("ul", { class: "players", id: "players" }),
    log: h("ol", { class: "log", id: "log", start: 0 }),
    since: h("ul", { class: "since", id: "since" }),
    sinceTitle: h("h3", {}, t("Since your turn")),
    result: h("section", { class: "panel result", id: "result", hidden: true }),
    text: h("pre", { class: "text" }),
    speed: speedSelect(),
  };
}

/** A table's page while it is open: the table shown, the positions kept, the moves being
 * played in, and the panels plugged in. */
class TablePage {
  /** @param {string} tableId
   * @param {Loaded} loaded
   * @param {PanelMaker[]} makers */
  constructor(tableId, { mine, table, title, cooperative }, makers) {
    this.tableId = tableId;
    this.mine = mine;
    /** The live table. */
    this.table = table;
    this.title = title;
    this.cooperative = cooperative;
    this.boxes = pageBoxes();
    /** @type {Map<number, Table>} every table received, by its move: the positions in between */
    this.snapshots = new Map();
    /** Whether the server answers `steps/n` while the game is played (unknown until asked). */
    this.stepsLive = /** @type {boolean | null} */ (null);
    /** The move being shown while the others' moves play in, null: the live table. */
    this.showingMove = /** @type {number | null} */ (null);
    /** @type {Showing | null} */
    this.showing = null;
    /** The table on the board: the live one, or a position being shown. */
    this.shownTable = table;
    this.busy = false;
    /** Whether the seat had a decision when the page was last drawn (null: not drawn yet). */
    this.wasYours = /** @type {boolean | null} */ (null);
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    this.resizing = undefined;
    this.bar = turnBar({ join: (seat, name) => this.join(seat, name), skip: () => this.pacer.skip() });
    this.pacer = new Pacer({
      speed: () => speedNamed(this.boxes.speed.value),
      show: (entry, index, total) => this.showEntry(entry, index, total),
      done: () => this.backToLive(),
    });
    this.panels = makers.map((make) => make(this.hooks()));
    /** @type {ReturnType<typeof connect> | null} */
    this.live = null;
    this.act = this.act.bind(this);
    this.refetch = this.refetch.bind(this);
    this.accept = this.accept.bind(this);
    this.resized = this.resized.bind(this);
    /** The live board's "why not?": the server's answer for this seat (a spectator may ask). */
    this.boardOptions = {
      why: (/** @type {string} */ kind, /** @type {Record<string, unknown>} */ args) =>
        api(`/api/tables/${this.tableId}/why`, { method: "POST", token: this.mine?.token, body: { kind, args } }),
    };
  }

  /** What a panel may use.
   * @returns {TableHooks} */
  hooks() {
    return {
      tableId: this.tableId,
      table: () => this.table,
      seat: () => this.mine,
      useSeat: (seat) => { this.mine = seat; void this.refetch().then(() => this.live?.reconnect(this.token())); },
      refetch: () => this.refetch(),
      act: (action) => this.act(action),
      redraw: () => this.drawChrome(),
    };
  }

  /** The seat's token, "" for a spectator. */
  token() {
    return this.mine?.token ?? "";
  }

  /** The page's element: the title, the turn bar, the board and the side column.
   * @returns {HTMLElement} */
  layout() {
    const b = this.boxes;
    return h("div", { class: "table-page" },
      h("h1", { class: "table-title" }, this.title),
      h("div", { class: "bar-area" }, this.bar.element, ...this.placed("bar")),
      h("section", { class: "board-area" },
        b.error, b.result, b.board, ...this.placed("board"),
        h("details", {}, h("summary", {}, t("The table as text")), b.text)),
      h("aside", { class: "side" },
        b.actionsPanel,
        foldWith({ class: "panel since-panel" }, b.sinceTitle, b.since,
          h("label", { class: "row speed" }, t("Show moves:"), " ", b.speed)),
        fold({}, t("Players"), b.players),
        ...this.placed("side"),
        fold({}, t("Log"), b.log)));
  }

  /** The panels' elements that go `where`.
   * @param {Panel["where"]} where */
  placed(where) {
    return this.panels.filter((p) => (p.where ?? "side") === where).map((p) => p.element);
  }

  /** Connects to the live updates, listens to the window and the speed, draws the table. */
  async start() {
    this.live = connect(this.tableId, this.token(), {
      table: () => this.table,
      accept: this.accept,
      refetch: this.refetch,
      error: (message) => { this.boxes.error.textContent = message; },
    });
    window.addEventListener("resize", this.resized);
    const speed = this.boxes.speed;
    speed.addEventListener("change", () => {
      remember("speed", speed.value);
      if (speed.value === "instant") this.pacer.skip();
    });
    // A tap on the board while moves are shown goes to the table as it is now (and is not
    // taken as a tap on the position shown).
    this.boxes.board.addEventListener("click", (event) => {
      if (!this.pacer.running) return;
      event.preventDefault();
      event.stopPropagation();
      this.pacer.skip();
    }, true);
    this.keep(this.table);
    this.pacer.seen(this.table.move - 1);
    await this.drawLive();
  }

  leave() {
    this.live?.close();
    this.pacer.skip();
    this.bar.leave();
    window.removeEventListener("resize", this.resized);
    for (const panel of this.panels) panel.leave?.();
  }

  /** The board drawn again for the window's new size, once it stops changing. */
  resized() {
    clearTimeout(this.resizing);
    this.resizing = setTimeout(() => void (this.shownTable === this.table ? drawBoard(this.boxes.board, this.table, this.act, this.boardOptions) : drawBoard(this.boxes.board, this.shownTable, () => {})), 150);
  }

  /** The seats this client plays: its own, or every human seat at a hotseat table. */
  mySeats() {
    if (this.table.hotseat && this.mine) return this.table.players.filter((p) => p.kind === "human").map((p) => p.seat);
    return this.mine ? [this.mine.seat] : [];
  }

  // ---- deciding ---------------------------------------------------------------------------

  /** Sends `action` once every panel agrees (a confirmation), then fetches the table again.
   * @param {LegalAction} action */
  async act(action) {
    if (this.busy) return;
    for (const panel of this.panels) {
      if (panel.confirm && !(await panel.confirm(action, this.table))) return;
    }
    this.pacer.skip();
    const refused = await this.post(action);
    try {
      if (refused) this.boxes.error.textContent = messageOf(refused);
      if (!refused || (refused instanceof ApiError && refused.status === 409)) await this.refetch();
    } catch (e) {
      this.boxes.error.textContent = messageOf(e);
    }
    this.refocus();
  }

  /** After a move the place chosen is gone with the board it was on: the keyboard's focus, which
   * fell to the page's body, returns to the board (its first place to choose, if any). */
  refocus() {
    const now = document.activeElement;
    if (now && now !== document.body && document.contains(now)) return;
    focusBoard(this.boxes.board, { preventScroll: true });
  }

  // Busy only while the move is posted: the pushed table may show the next decision before the
  // refetch after it returns, and a click on it must not be lost.
  /** Posts `action`; returns the refusal, null if the server took it.
   * @param {LegalAction} action
   * @returns {Promise<unknown>} */
  async post(action) {
    this.busy = true;
    this.boxes.error.textContent = "";
    try {
      await api(`/api/tables/${this.tableId}/actions`, { method: "POST", token: this.mine?.token, body: { action: action.id, move: this.table.move } });
      return null;
    } catch (e) {
      return e;
    } finally {
      this.busy = false;
    }
  }

  /** Sits this client down at `seat` (a friend who came by the link).
   * @param {number} seat
   * @param {string} name */
  async join(seat, name) {
    remember("name", name);
    /** @type {Seat} */
    const joined = await api(`/api/tables/${this.tableId}/join`, { method: "POST", body: { name, seat } });
    seats.set(this.tableId, joined.seat, joined.token);
    this.mine = seats.get(this.tableId);
    await this.refetch();
    this.live?.reconnect(this.token());
  }

  /** Goes to the rematch of the finished table (asking for one if nobody has), sitting down
   * there as this client's seat. */
  async rematch() {
    try {
      let next = this.table.rematch;
      if (!next) ({ id: next } = /** @type {{id: string}} */ (await api(`/api/tables/${this.tableId}/rematch`, { method: "POST", token: this.mine?.token })));
      if (!seats.get(String(next)) && this.mine) {
        /** @type {Seat} */
        const joined = await api(`/api/tables/${next}/join`, { method: "POST", token: this.mine.token, body: { rematch_of: this.tableId } });
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
  async accept(data) {
    const undone = (data.undone ?? 0) > (this.table.undone ?? 0);
    if (!(undone || data.move >= this.table.move || data.you !== this.table.you)) return;
    const before = undone ? data.move : this.table.move;
    if (undone) this.forgetFrom(data.move);
    this.table = data;
    this.keep(data);
    this.drawChrome();
    this.pacer.add(entriesToShow(data.log, before, this.mySeats()));
    if (!this.pacer.running) await this.drawLive();
  }

  /** Forgets the positions from `move` on (they were taken back) and stops showing them.
   * @param {number} move */
  forgetFrom(move) {
    for (const kept of [...this.snapshots.keys()]) if (kept >= move) this.snapshots.delete(kept);
    this.pacer.skip();
  }

  async refetch() {
    await this.accept(await api(`/api/tables/${this.tableId}`, { token: this.mine?.token }));
  }

  /** @param {Table} data */
  keep(data) {
    this.snapshots.set(data.move, data);
    if (this.snapshots.size > KEPT) this.snapshots.delete(Math.min(...this.snapshots.keys()));
  }

  // ---- drawing ------------------------------------------------------------------------------

  /** What does not wait for the moves being shown: the turn bar, actions, players, log. */
  drawChrome() {
    const { table, boxes: b } = this;
    const you = table.you;
    this.bar.update({ table, you, showing: this.showing, cooperative: this.cooperative });
    b.actionsPanel.hidden = you === null;
    b.sinceTitle.textContent = you === null ? t("Latest moves") : t("Since your turn");
    drawActions(b.actions, table, this.act, (a) => this.shownTable === table && !!b.board.querySelector(`[data-action="${a.id}"]`));
    drawPlayers(b.players, table);
    drawLog(b.log, table, this.showingMove);
    drawSince(b.since, table, sinceYourTurn(table.log, this.mySeats()), this.showingMove);
    b.text.textContent = table.text;
    const yours = table.legal.length > 0;
    // A bell when the decision comes to this seat (with sounds on: sound.js).
    if (yours && this.wasYours === false) play("turn");
    this.wasYours = yours;
    const title = yours ? t("▶ Your move · {game}", { game: this.title }) : this.title;
    document.title = `${title} · langbord`;
    for (const panel of this.panels) panel.update?.(table);
  }

  /** The run of moves shown ended: the live table again. */
  async backToLive() {
    this.showing = null;
    this.showingMove = null;
    await this.drawLive();
  }

  /** The live table on the board, and the end panel once the game is over. */
  async drawLive() {
    const { table, boxes: b } = this;
    this.shownTable = table;
    b.board.classList.remove("replaying");
    await drawBoard(b.board, table, this.act, this.boardOptions);
    this.drawChrome();
    const ending = b.result.hidden && Boolean(table.result);
    b.result.hidden = !table.result;
    if (table.result) b.result.replaceChildren(...endPanel(table, table.you, { rematch: () => this.rematch(), cooperative: this.cooperative }).filter((n) => n !== null));
    // The game has just ended: its result comes into view (on a phone the player is down at the
    // board, far below it).
    if (ending) b.result.scrollIntoView?.({ block: "start" });
  }

  /** The board just after `entry`, that move marked; the bar says which it is.
   * @param {LogEntry} entry
   * @param {number} index
   * @param {number} total */
  async showEntry(entry, index, total) {
    const position = await this.positionAfter(entry.move + 1);
    if (!this.pacer.running) return;
    // Only now does the bar name the move: it and the board change together.
    this.showing = { entry, index, total };
    this.showingMove = entry.move;
    this.shownTable = { ...position, legal: [], prompt: null, log: this.table.log.slice(0, entry.move + 1) };
    this.boxes.board.classList.add("replaying");
    await drawBoard(this.boxes.board, this.shownTable, () => {});
    this.drawChrome();
  }

  /** The table after its first `moves` moves: as this client received it, or as the server's
   * steps tell it, or (neither at hand) the nearest later table.
   * @param {number} moves
   * @returns {Promise<Table>} */
  async positionAfter(moves) {
    const kept = this.snapshots.get(moves);
    if (kept) return kept;
    const stepped = await this.stepAfter(moves);
    if (stepped) return stepped;
    const later = [...this.snapshots.keys()].filter((m) => m > moves).sort((a, b) => a - b);
    return later.length ? /** @type {Table} */ (this.snapshots.get(later[0])) : this.table;
  }

  /** The table after its first `moves` moves as the server's steps tell it; null if it does
   * not tell them while the game is played (then it is not asked again).
   * @param {number} moves
   * @returns {Promise<Table | null>} */
  async stepAfter(moves) {
    const table = this.table;
    const over = table.status === "over";
    if (!over && this.stepsLive === false) return null;
    try {
      /** @type {Step} */
      const step = await api(`/api/tables/${this.tableId}/steps/${moves}`, { token: this.mine?.token });
      if (!over) this.stepsLive = true;
      return { ...table, view: step.view, text: step.text, to_move: step.to_move, move: moves, status: "playing", result: null };
    } catch {
      if (!over) this.stepsLive = false;
      return null;
    }
  }
}

/** A folding panel (dom.js's `fold`) whose heading is the element `title` (its words change
 * with the seat: "Since your turn", "Latest moves").
 * @param {Record<string, unknown>} attrs @param {HTMLElement} title @param {...HTMLElement} children */
function foldWith(attrs, title, ...children) {
  const panel = fold(attrs, "", ...children);
  panel.querySelector("summary")?.replaceChildren(title);
  return panel;
}

/** A speed's name with a capital, in the language spoken ("Slow").
 * @param {string} name */
function speedWord(name) {
  switch (name) {
    case "slow": return t("Slow");
    case "normal": return t("Normal");
    case "fast": return t("Fast");
    case "instant": return t("Instant");
    default: return name[0].toUpperCase() + name.slice(1);
  }
}

/** The pace at which the others' moves are shown, remembered on this device. */
function speedSelect() {
  const select = h("select", { id: "speed", "aria-label": t("how fast the others' moves are shown") },
    Object.keys(SPEEDS).map((name) => h("option", { value: name }, speedWord(name))));
  select.value = speedNamed(remembered("speed"));
  return select;
}
