// The lobby: a form for a new table (the game, its options, who sits where, your name), the
// tables to join or watch, and recently finished ones to watch again.
import { api, seats, games, remembered, remember } from "./api.js";
import { h, toast, messageOf } from "./dom.js";
import { capitalise, gameTitle, seatNamed } from "./names.js";
import { lobbyControls } from "./controls.js";

/** @typedef {import("./types.js").GameInfo} GameInfo */
/** @typedef {import("./types.js").Player} Player */

/**
 * @typedef {object} Listed a table as the lobby lists it
 * @property {string} id
 * @property {string} game
 * @property {string} status
 * @property {Player[]} players
 * @property {number[]} [winners]
 * @property {string} [title]
 */

/** A seat kind as a person reads it: "a person", "bot: mcts".
 * @param {string} spec */
export function seatKindLabel(spec) {
  return spec === "human" ? "A person" : `Bot: ${spec}`;
}

/** An option's name as a label: "start_round" → "Start round".
 * @param {string} name */
export function optionLabel(name) {
  return capitalise(name.replace(/_/g, " "));
}

/** Builds the lobby into `root`; `preselect` names the game to offer first. Returns what to do
 * on leaving it.
 * @param {HTMLElement} root
 * @param {string | null} [preselect] */
export async function lobbyPage(root, preselect = null) {
  const { games: list, agents } = await games();
  const titles = new Map(list.map((g) => [g.name, g.title]));
  const form = newTableForm(list, agents, preselect);
  const open = h("ul", { class: "tables", id: "tables" });
  const finished = h("ul", { class: "tables", id: "finished" });
  const tablesPanel = h("section", { class: "panel" },
    h("h2", {}, "Tables to join or watch"), open,
    h("h2", {}, "Recently finished"), finished);

  async function refresh() {
    const { tables, finished: ended = [] } = await api("/api/tables");
    drawOpen(open, tables, titles, form.name);
    drawFinished(finished, ended, titles);
  }
  await refresh();
  const timer = setInterval(() => {
    if (!root.isConnected) { clearInterval(timer); return; }
    refresh().catch(() => {});
  }, 3000);
  root.append(h("div", { class: "lobby" }, form.element, tablesPanel));
  return () => clearInterval(timer);
}

/** Who sits where, in a line: "Red: Ann · Blue: free · Yellow: bot".
 * @param {Listed} t
 * @param {GameInfo | undefined} game */
function seatsLine(t, game) {
  return t.players.map((p) => {
    const seat = seatNamed(game?.seat_names[p.seat], p.seat);
    const who = p.kind === "bot" ? "bot" : p.joined ? p.name : "free";
    return `${seat}: ${who}`;
  }).join(" · ");
}

/** @type {GameInfo[]} */
let catalogue = [];

/**
 * @param {HTMLElement} list
 * @param {Listed[]} tables
 * @param {Map<string, string>} titles
 * @param {HTMLInputElement} nameInput */
function drawOpen(list, tables, titles, nameInput) {
  list.replaceChildren();
  if (!tables.length) list.append(h("li", { class: "muted" }, "No tables yet: create one."));
  for (const t of tables) {
    const game = catalogue.find((g) => g.name === t.game);
    const free = t.players.filter((p) => p.kind === "human" && !p.joined);
    const mine = seats.get(t.id);
    list.append(h("li", { "data-table": t.id },
      h("span", { class: "what" }, h("strong", {}, gameTitle(titles, t.game)), ` (${t.status})`,
        h("span", { class: "who" }, seatsLine(t, game))),
      h("span", { class: "links" },
        mine ? h("a", { class: "button", href: `#/table/${t.id}` }, "Back to my seat") : null,
        !mine ? free.map((p) => h("button", {
          type: "button", class: "secondary", "data-join": p.seat,
          onclick: () => joinFromLobby(t.id, p.seat, nameInput),
        }, `Join as ${seatNamed(game?.seat_names[p.seat], p.seat)}`)) : null,
        h("a", { class: "button secondary", href: `#/table/${t.id}`, "data-watch": t.id }, "Watch"))));
  }
}

/**
 * @param {string} tableId
 * @param {number} seat
 * @param {HTMLInputElement} nameInput */
async function joinFromLobby(tableId, seat, nameInput) {
  const name = nameInput.value.trim();
  if (!name) {
    toast("Type your name first (in the form), then join.");
    nameInput.focus();
    return;
  }
  try {
    remember("name", name);
    const joined = await api(`/api/tables/${tableId}/join`, { method: "POST", body: { name, seat } });
    seats.set(tableId, joined.seat, joined.token);
    location.hash = `#/table/${tableId}`;
  } catch (e) {
    toast(messageOf(e));
  }
}

/**
 * @param {HTMLElement} list
 * @param {Listed[]} tables
 * @param {Map<string, string>} titles */
function drawFinished(list, tables, titles) {
  list.replaceChildren();
  if (!tables.length) list.append(h("li", { class: "muted" }, "None yet."));
  for (const t of tables) {
    const game = catalogue.find((g) => g.name === t.game);
    const winners = (t.winners ?? []).map((s) => seatNamed(game?.seat_names[s], s));
    list.append(h("li", { "data-table": t.id },
      h("span", { class: "what" }, h("strong", {}, gameTitle(titles, t.game)), ` (${t.status})`,
        h("span", { class: "who" }, seatsLine(t, game)),
        winners.length ? h("span", { class: "who" }, `Won by ${winners.join(" and ")}`) : null),
      h("span", { class: "links" },
        t.status === "over" ? h("a", { class: "button", href: `#/replay/${t.id}` }, "Replay") : null,
        h("a", { class: "button secondary", href: `#/table/${t.id}` }, "Look"))));
  }
}

/** The new-table form.
 * @param {GameInfo[]} list
 * @param {string[]} agents
 * @param {string | null} preselect */
function newTableForm(list, agents, preselect) {
  catalogue = list;
  const form = h("form", { class: "panel", id: "new-table" });
  const gameSelect = h("select", { id: "game", name: "game" },
    list.map((g) => h("option", { value: g.name }, g.summary ? `${g.title} — ${g.summary}` : g.title)));
  if (preselect && list.some((g) => g.name === preselect)) gameSelect.value = preselect;
  const optionsBox = h("div", { id: "options" });
  const seatsBox = h("div", { id: "seats" });
  const name = h("input", { id: "name", value: remembered("name"), placeholder: "your name", maxlength: 64, autocomplete: "nickname" });
  const error = h("p", { class: "error", role: "alert" });
  const bots = agents.filter((a) => a !== "human");

  const current = () => /** @type {GameInfo} */ (list.find((g) => g.name === gameSelect.value));
  function playerCount() {
    const input = /** @type {HTMLInputElement | null} */ (optionsBox.querySelector("[name=players]"));
    return input ? Number(input.value) : current().min_players;
  }
  function drawSeats() {
    const game = current();
    const chosen = [...seatsBox.querySelectorAll("select")].map((s) => s.value);
    seatsBox.replaceChildren(h("p", { class: "label" }, "Who sits where"));
    for (let p = 0; p < playerCount(); p++) {
      const label = seatNamed(game.seat_names[p], p);
      const select = h("select", { name: `seat${p}`, "aria-label": `who plays ${label}` },
        (game.agents || ["human", ...bots]).map((a) => h("option", { value: a }, seatKindLabel(a))));
      select.value = chosen[p] ?? (p === 0 ? "human" : game.best_agent);
      seatsBox.append(h("label", { class: "row" }, h("span", {}, label), select));
    }
  }
  function drawOptions() {
    const game = current();
    optionsBox.replaceChildren();
    for (const option of game.options) {
      /** @type {HTMLInputElement | HTMLSelectElement} */
      let input;
      if (option.choices) {
        input = h("select", { name: option.name }, option.choices.map((c) => h("option", { value: String(c) }, String(c))));
        input.value = String(option.default);
      } else if (typeof option.default === "boolean") {
        input = h("input", { type: "checkbox", name: option.name, checked: option.default });
      } else {
        input = h("input", { type: "number", name: option.name, value: option.default, min: option.minimum ?? null, max: option.maximum ?? null, inputmode: "numeric" });
      }
      if (option.name === "players") input.addEventListener("change", drawSeats);
      optionsBox.append(h("label", { class: "row" }, h("span", {}, optionLabel(option.name)), input,
        option.help ? h("small", { class: "help" }, option.help) : null));
    }
    drawSeats();
  }
  gameSelect.addEventListener("change", () => { seatsBox.replaceChildren(); drawOptions(); });

  form.append(
    h("h2", {}, "New table"),
    h("label", { class: "row" }, h("span", {}, "Game"), gameSelect),
    optionsBox, seatsBox,
    h("label", { class: "row" }, h("span", {}, "Your name"), name),
    h("button", { type: "submit", id: "create" }, "Create and sit down"), error);
  const controls = lobbyControls(form, seats); // the hotseat option
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    error.textContent = "";
    const game = current();
    /** @type {Record<string, unknown>} */
    const options = {};
    for (const option of game.options) {
      const input = /** @type {HTMLInputElement} */ (optionsBox.querySelector(`[name=${option.name}]`));
      if (input.type === "checkbox") options[option.name] = input.checked;
      else if (typeof option.default === "number") options[option.name] = Number(input.value);
      else options[option.name] = input.value;
    }
    const specs = [...seatsBox.querySelectorAll("select")].map((s) => s.value);
    const typed = name.value.trim();
    if (specs.includes("human") && !typed) {
      error.textContent = "Type your name: the others see it at the table.";
      name.focus();
      return;
    }
    try {
      const created = await api("/api/tables", { method: "POST", body: { game: game.name, options, seats: specs, ...controls.body() } });
      const { id } = created;
      if (specs.includes("human") && !controls.created(id, created)) {
        remember("name", typed);
        const joined = await api(`/api/tables/${id}/join`, { method: "POST", body: { name: typed } });
        seats.set(id, joined.seat, joined.token);
      }
      location.hash = `#/table/${id}`;
    } catch (e) {
      error.textContent = messageOf(e);
    }
  });
  drawOptions();
  return { element: form, name };
}
