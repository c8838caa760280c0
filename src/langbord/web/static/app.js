// The browser table: lobby, table and replay viewer over the langbord server's API.
import { boardContext, chip } from "./svg.js";
import { lobbyControls, tableControls } from "./controls.js";

const main = document.getElementById("main");
const boards = {};

// ---- small helpers ----------------------------------------------------------------------------

function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (value === true) node.setAttribute(key, "");
    else if (value !== false && value !== null && value !== undefined) node.setAttribute(key, value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

class ApiError extends Error {
  constructor(status, detail) {
    super(typeof detail === "string" ? detail : JSON.stringify(detail));
    this.status = status;
  }
}

async function api(path, { method = "GET", body = null, token = null } = {}) {
  const headers = {};
  if (body !== null) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(path, {
    method, headers, body: body === null ? null : JSON.stringify(body),
  });
  const data = await response.json().catch(() => ({}));
  if (!response.ok) throw new ApiError(response.status, data.detail ?? response.statusText);
  return data;
}

function toast(message) {
  const box = document.getElementById("toast");
  box.textContent = message;
  box.classList.add("show");
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => box.classList.remove("show"), 2500);
}

const seats = {
  get(tableId) {
    try { return JSON.parse(localStorage.getItem(`langbord.seat.${tableId}`)); } catch { return null; }
  },
  set(tableId, seat, token) {
    localStorage.setItem(`langbord.seat.${tableId}`, JSON.stringify({ seat, token }));
  },
};

async function boardFor(game) {
  if (!(game in boards)) {
    try {
      boards[game] = await import(`./boards/${game}.js`);
    } catch (error) {
      console.error(error);
      boards[game] = null;
    }
  }
  return boards[game];
}

let leave = () => {};

// ---- routing ----------------------------------------------------------------------------------

async function route() {
  leave();
  leave = () => {};
  const parts = location.hash.replace(/^#\/?/, "").split("/");
  // Each page builds into its own root: a page still loading when the route changes again
  // finishes into a root no longer on the page.
  const root = h("div", { class: "page" });
  main.replaceChildren(root);
  try {
    if (parts[0] === "table" && parts[1]) await tablePage(root, parts[1]);
    else if (parts[0] === "replay" && parts[1]) await replayPage(root, parts[1]);
    else await lobbyPage(root);
  } catch (error) {
    root.replaceChildren(h("p", { class: "error" }, String(error.message || error)),
      h("p", {}, h("a", { href: "#/" }, "Back to the lobby")));
  }
}
window.addEventListener("hashchange", route);
window.addEventListener("DOMContentLoaded", route);

// ---- the lobby --------------------------------------------------------------------------------

async function lobbyPage(root) {
  const { games, agents } = await api("/api/games");
  const form = h("form", { class: "panel", id: "new-table" });
  const gameSelect = h("select", { id: "game", name: "game" },
    games.map((g) => h("option", { value: g.name }, g.summary ? `${g.title} — ${g.summary}` : g.title)));
  const titles = new Map(games.map((g) => [g.name, g.title]));
  const optionsBox = h("div", { id: "options" });
  const seatsBox = h("div", { id: "seats" });
  const nameInput = h("input", { id: "name", value: localStorage.getItem("langbord.name") || "", placeholder: "your name", required: true, maxlength: 64 });
  const error = h("p", { class: "error", role: "alert" });

  const bots = agents.filter((a) => a !== "human");
  function currentGame() { return games.find((g) => g.name === gameSelect.value); }
  function playerCount() {
    const input = optionsBox.querySelector("[name=players]");
    return input ? Number(input.value) : 1;
  }
  function drawSeats() {
    const game = currentGame();
    const n = playerCount();
    const chosen = [...seatsBox.querySelectorAll("select")].map((s) => s.value);
    seatsBox.replaceChildren(h("div", {}, "Seats:"));
    for (let p = 0; p < n; p++) {
      const label = game.seat_names[p] || `seat ${p}`;
      const select = h("select", { name: `seat${p}`, "aria-label": `seat ${p} (${label})` },
        (game.agents || ["human", ...bots]).map((a) => h("option", { value: a }, a)));
      select.value = chosen[p] ?? (p === 0 ? "human" : game.best_agent);
      seatsBox.append(h("label", { class: "row" }, h("span", {}, `${label}:`), select));
    }
  }
  function drawOptions() {
    const game = currentGame();
    optionsBox.replaceChildren();
    for (const option of game.options) {
      let input;
      if (option.choices) {
        input = h("select", { name: option.name },
          option.choices.map((c) => h("option", { value: String(c) }, String(c))));
        input.value = String(option.default);
      } else if (typeof option.default === "boolean") {
        input = h("input", { type: "checkbox", name: option.name, checked: option.default });
      } else {
        input = h("input", { type: "number", name: option.name, value: option.default, min: option.minimum ?? null, max: option.maximum ?? null });
      }
      if (option.name === "players") input.addEventListener("change", drawSeats);
      optionsBox.append(h("label", { class: "row", title: option.help }, h("span", {}, `${option.name}:`), input));
    }
    drawSeats();
  }
  gameSelect.addEventListener("change", () => {
    seatsBox.replaceChildren();
    drawOptions();
  });

  form.append(
    h("h2", {}, "New table"),
    h("label", { class: "row" }, h("span", {}, "Game:"), gameSelect),
    optionsBox, seatsBox,
    h("label", { class: "row" }, h("span", {}, "Your name:"), nameInput),
    h("button", { type: "submit", id: "create" }, "Create and sit down"), error,
  );
  const controls = lobbyControls(form, seats); // the hotseat option
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    error.textContent = "";
    const game = currentGame();
    const options = {};
    for (const option of game.options) {
      const input = optionsBox.querySelector(`[name=${option.name}]`);
      if (input.type === "checkbox") options[option.name] = input.checked;
      else if (typeof option.default === "number") options[option.name] = Number(input.value);
      else options[option.name] = input.value;
    }
    const seatSpecs = [...seatsBox.querySelectorAll("select")].map((s) => s.value);
    try {
      const created = await api("/api/tables", { method: "POST", body: { game: game.name, options, seats: seatSpecs, ...controls.body() } });
      const { id } = created;
      if (seatSpecs.includes("human") && !controls.created(id, created)) {
        localStorage.setItem("langbord.name", nameInput.value);
        const joined = await api(`/api/tables/${id}/join`, { method: "POST", body: { name: nameInput.value || "player" } });
        seats.set(id, joined.seat, joined.token);
      }
      location.hash = `#/table/${id}`;
    } catch (e) {
      error.textContent = e.message;
    }
  });
  drawOptions();

  const list = h("ul", { class: "tables", id: "tables" });
  const endedList = h("ul", { class: "tables", id: "finished" });
  const tablesPanel = h("section", { class: "panel" }, h("h2", {}, "Tables"), list,
    h("h2", {}, "Recently finished"), endedList);
  async function refresh() {
    const { tables, finished = [] } = await api("/api/tables");
    endedList.replaceChildren();
    if (!finished.length) endedList.append(h("li", { class: "muted" }, "None yet."));
    for (const t of finished) {
      const who = t.players.map((p) => (p.kind === "bot" ? p.bot : p.name ?? "nobody")).join(", ");
      endedList.append(h("li", { "data-table": t.id },
        h("span", { class: "what" }, h("strong", {}, titles.get(t.game) ?? t.game), ` (${t.status}) — ${who}`),
        t.status === "over" ? h("a", { href: `#/replay/${t.id}` }, "Replay") : null,
        h("a", { href: `#/table/${t.id}` }, "Look")));
    }
    list.replaceChildren();
    if (!tables.length) list.append(h("li", { class: "muted" }, "No tables yet: create one."));
    for (const t of tables) {
      const who = t.players.map((p) => (p.kind === "bot" ? p.bot : p.joined ? p.name : "free")).join(", ");
      const free = t.players.filter((p) => p.kind === "human" && !p.joined);
      const mine = seats.get(t.id);
      const item = h("li", { "data-table": t.id },
        h("span", { class: "what" }, h("strong", {}, titles.get(t.game) ?? t.game), ` (${t.status}) — ${who}`),
        mine ? h("a", { href: `#/table/${t.id}` }, "Back to my seat") : null,
        !mine ? free.map((p) => h("button", {
          class: "secondary", "data-join": p.seat,
          onclick: async () => {
            const name = nameInput.value || prompt("Your name?") || "player";
            try {
              const joined = await api(`/api/tables/${t.id}/join`, { method: "POST", body: { name, seat: p.seat } });
              seats.set(t.id, joined.seat, joined.token);
              location.hash = `#/table/${t.id}`;
            } catch (e) { toast(e.message); }
          },
        }, `Join as seat ${p.seat}`)) : null,
        h("a", { href: `#/table/${t.id}`, "data-watch": t.id }, "Watch"));
      list.append(item);
    }
  }
  await refresh();
  const timer = setInterval(() => {
    if (!root.isConnected) { clearInterval(timer); return; }
    refresh().catch(() => {});
  }, 3000);
  leave = () => clearInterval(timer);
  root.append(h("div", { class: "lobby" }, form, tablesPanel));
}

// ---- a table ----------------------------------------------------------------------------------

async function tablePage(root, tableId) {
  let mine = seats.get(tableId);
  let table = await api(`/api/tables/${tableId}`, { token: mine?.token });
  const boardBox = h("div", { class: "board", id: "board" });
  const prompt = h("p", { class: "prompt", id: "prompt", "aria-live": "polite" });
  const error = h("p", { class: "error", id: "error", role: "alert" });
  const actionsBox = h("div", { class: "actions", id: "actions" });
  const playersList = h("ul", { class: "players", id: "players" });
  const logList = h("ol", { class: "log", id: "log", start: 0 });
  const resultBox = h("section", { class: "panel result", id: "result", hidden: true });
  const joinBox = h("div", { id: "join" });
  const textBox = h("pre", { class: "text" });
  const share = h("input", { readonly: true, value: location.href, "aria-label": "link to this table" });
  let busy = false;

  root.append(h("div", { class: "table-page" },
    h("section", { class: "board-area" },
      h("h1", {}, table.game, h("span", { class: "muted" }, ` · table ${tableId}`)),
      prompt, error, boardBox,
      h("details", {}, h("summary", {}, "The table as text"), textBox)),
    h("aside", { class: "side" },
      resultBox,
      h("section", { class: "panel" }, h("h3", {}, "Players"), playersList, joinBox),
      h("section", { class: "panel" }, h("h3", {}, "Your actions"), actionsBox),
      h("section", { class: "panel" }, h("h3", {}, "Log"), logList),
      h("section", { class: "panel share" }, h("h3", {}, "Invite"), h("label", {}, "Share this link: ", share)))));

  // Busy only while the move is posted: the pushed table may show the next decision before the
  // refetch below returns, and a click on it must not be lost.
  // `action`: an entry of `table.legal`, sent by its id.
  async function act(action) {
    if (busy) return;
    busy = true;
    error.textContent = "";
    let refused = null;
    try {
      await api(`/api/tables/${tableId}/actions`, { method: "POST", token: mine?.token, body: { action: action.id, move: table.move } });
    } catch (e) {
      refused = e;
    } finally {
      busy = false;
    }
    try {
      if (refused) error.textContent = refused.message;
      if (!refused || refused.status === 409) await refetch();
    } catch (e) {
      error.textContent = e.message;
    }
  }

  // A fetched table replaces the one shown only if it is not older (a push may have come first).
  async function refetch() {
    const fetched = await api(`/api/tables/${tableId}`, { token: mine?.token });
    if (fetched.move >= table.move || fetched.you !== table.you) {
      table = fetched;
      await draw(false);
    }
  }

  let shownMove = -1;
  async function draw(animate = true) {
    const changed = table.move !== shownMove;
    shownMove = table.move;
    const yours = table.legal.length > 0;
    // The seat to move is told what it decides (the server's prompt); the others who moves.
    const mover = table.to_move === null ? null : table.players[table.to_move]?.seat_name;
    prompt.textContent = table.status === "open" ? "Waiting for players to join…"
      : table.status === "over" ? "Game over."
      : table.status === "abandoned" ? "Abandoned: nobody moved for a long time, so the table is closed."
      : yours ? `Your move: ${table.prompt}`
      : mover ? `${mover} to move…` : "The cards and dice decide…";
    prompt.classList.toggle("yours", yours);
    document.title = `${yours ? "▶ " : ""}${table.game} · langbord`;
    // The board.
    const module = await boardFor(table.game);
    const ctx = boardContext(table, act);
    let svg = null;
    if (module) {
      try { svg = module.draw(table, ctx); } catch (e) { console.error(e); }
    }
    boardBox.replaceChildren(svg || h("pre", { class: "text" }, table.text));
    if (changed && animate) {
      boardBox.classList.remove("changed");
      void boardBox.offsetWidth;
      boardBox.classList.add("changed");
    }
    textBox.textContent = table.text;
    // The actions, as a list beside the board.
    actionsBox.replaceChildren(...table.legal.map((a) => h("button", {
      class: boardBox.querySelector(`[data-action="${a.id}"]`) ? "secondary on-board" : "secondary",
      "data-action-list": a.id, onclick: () => act(a),
    }, a.text)));
    if (!table.legal.length) actionsBox.append(h("span", { class: "muted" }, table.you === null ? "You are watching." : "Not your turn."));
    // Players.
    playersList.replaceChildren(...table.players.map((p) => h("li", { class: table.to_move === p.seat ? "to-move" : "" },
      chipHtml(ctx, p.seat),
      `${p.seat_name}: ${p.kind === "bot" ? `bot (${p.bot})` : p.joined ? p.name : "free seat"}`,
      table.you === p.seat ? " (you)" : "",
      table.to_move === p.seat ? " ◀ to move" : "")));
    joinBox.replaceChildren();
    if (!mine) {
      for (const p of table.players.filter((q) => q.kind === "human" && !q.joined)) {
        joinBox.append(h("button", { "data-join": p.seat, onclick: async () => {
          const name = localStorage.getItem("langbord.name") || window.prompt("Your name?") || "player";
          try {
            const joined = await api(`/api/tables/${tableId}/join`, { method: "POST", body: { name, seat: p.seat } });
            seats.set(tableId, joined.seat, joined.token);
            mine = seats.get(tableId);
            await refetch();
            reconnect();
          } catch (e) { toast(e.message); }
        } }, `Sit at seat ${p.seat}`));
      }
    }
    // The log, last move highlighted.
    logList.replaceChildren(...table.log.map((e, i) => h("li", { class: i === table.log.length - 1 ? "last" : "" },
      e.player === null ? `chance: ${e.action}` : `${table.players[e.player].seat_name}: ${e.action}`)));
    logList.scrollTop = logList.scrollHeight;
    // The result.
    resultBox.hidden = !table.result;
    if (table.result) {
      const winners = table.result.winners.map((p) => table.players[p].seat_name);
      resultBox.replaceChildren(h("h2", { id: "game-over" }, "Game over"),
        h("p", {}, winners.length ? `Winner${winners.length > 1 ? "s" : ""}: ${winners.join(", ")}` : "Nobody wins."),
        h("ul", {}, table.players.map((p) => h("li", {}, `${p.seat_name}: ${table.result.scores[p.seat]}`))),
        h("p", {}, h("a", { href: `#/replay/${tableId}`, id: "replay-link" }, "Watch the replay")));
    }
  }

  // Live updates: the WebSocket pushes the seat's table after every change; polling if it fails.
  let socket = null;
  let poll = null;
  let closed = false;
  function reconnect() {
    if (socket) socket.close();
    socket = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/api/tables/${tableId}/ws`);
    socket.addEventListener("open", () => socket.send(mine?.token || ""));
    socket.addEventListener("message", async (event) => {
      const data = JSON.parse(event.data);
      if (data.error) { error.textContent = data.error; return; }
      if (data.log_start > 0) {  // only the new entries of the log: join them to ours
        if (table.log.length < data.log_start) { await refetch(); return; }
        data.log = table.log.slice(0, data.log_start).concat(data.log);
      }
      if (data.move >= table.move || data.you !== table.you) {
        table = data;
        await draw();
      }
    });
    socket.addEventListener("close", () => {
      if (closed) return;
      if (!poll) poll = setInterval(async () => {
        try { await refetch(); } catch {}
      }, 1500);
    });
  }
  let resizing = null;
  const resized = () => {
    clearTimeout(resizing);
    resizing = setTimeout(() => draw(false), 150);
  };
  window.addEventListener("resize", resized);
  leave = () => {
    closed = true;
    if (socket) socket.close();
    if (poll) clearInterval(poll);
    window.removeEventListener("resize", resized);
  };
  tableControls({ tableId, root, board: boardBox, side: root.querySelector(".side"), table: () => table, token: () => mine?.token, act, refresh: refetch, seats });
  await draw(false);
  reconnect();
}

function chipHtml(ctx, seat) {
  const colour = ctx.seatColour(seat);
  const span = h("span", { class: "chip", "aria-hidden": "true" }, ctx.seatMark(seat));
  span.style.background = colour; // through the CSSOM: a style attribute breaks the page's CSP
  return span;
}

// ---- the replay viewer -----------------------------------------------------------------------

async function replayPage(root, tableId) {
  let step = 0;
  let data = await api(`/api/tables/${tableId}/steps/0`);
  const total = data.steps;
  const boardBox = h("div", { class: "board", id: "board" });
  const slider = h("input", { type: "range", min: 0, max: total, value: 0, id: "slider", "aria-label": "step" });
  const label = h("span", { id: "step-label" });
  const logList = h("ol", { class: "log", id: "log", start: 0 });
  const textBox = h("pre", { class: "text" });
  async function go(next) {
    step = Math.max(0, Math.min(total, next));
    data = await api(`/api/tables/${tableId}/steps/${step}`);
    slider.value = String(step);
    label.textContent = `step ${step} of ${total}`;
    const module = await boardFor(data.game);
    const ctx = boardContext({ ...data, legal: [], you: null, log: data.log.slice(0, step) }, () => {});
    let svg = null;
    if (module) { try { svg = module.draw({ ...data, legal: [], you: null, status: "replay", log: data.log.slice(0, step) }, ctx); } catch (e) { console.error(e); } }
    boardBox.replaceChildren(svg || h("pre", { class: "text" }, data.text));
    textBox.textContent = data.text;
    logList.replaceChildren(...data.log.map((e, i) => h("li", { class: i === step - 1 ? "current" : "" },
      h("a", { href: "#", onclick: (ev) => { ev.preventDefault(); go(i + 1); } },
        e.player === null ? `chance: ${e.action}` : `${data.players[e.player].seat_name}: ${e.action}`))));
    const current = logList.querySelector(".current");
    if (current) current.scrollIntoView({ block: "nearest" });
  }
  slider.addEventListener("input", () => go(Number(slider.value)));
  const keys = (event) => {
    if (event.target.tagName === "INPUT" && event.target !== slider) return;
    if (event.key === "ArrowRight") { event.preventDefault(); go(step + 1); }
    if (event.key === "ArrowLeft") { event.preventDefault(); go(step - 1); }
  };
  document.addEventListener("keydown", keys);
  leave = () => document.removeEventListener("keydown", keys);
  root.append(h("div", { class: "table-page" },
    h("section", { class: "board-area" },
      h("h1", {}, `Replay: ${data.game}`, h("span", { class: "muted" }, ` · table ${tableId}`)),
      h("div", { class: "replay-controls" },
        h("button", { class: "secondary", id: "first", onclick: () => go(0) }, "⏮"),
        h("button", { class: "secondary", id: "prev", onclick: () => go(step - 1), "aria-label": "previous step" }, "◀"),
        slider,
        h("button", { class: "secondary", id: "next", onclick: () => go(step + 1), "aria-label": "next step" }, "▶"),
        h("button", { class: "secondary", id: "last", onclick: () => go(total) }, "⏭"),
        label),
      boardBox,
      h("details", {}, h("summary", {}, "The table as text"), textBox)),
    h("aside", { class: "side" },
      h("section", { class: "panel" }, h("h3", {}, "Log"), logList),
      h("p", {}, h("a", { href: `#/table/${tableId}` }, "Back to the table")))));
  await go(0);
}

export { api, chip };
