// The lobby: a form for a new table (the game, its options, who sits where, your name), the
// tables to join or watch, and recently finished ones to watch again.
import { api, seats, games, remembered, remember } from "./api.js";
import { h, toast, messageOf } from "./dom.js";
import { capitalise, gameTitle, seatNamed } from "./names.js";
import { lobbyControls } from "./controls.js";
import { learnSection } from "./learn.js";
import { levelLabel, seatHelp } from "./levels.js";
import { rulingsNote } from "./rulings.js";
import { t } from "./i18n.js";

/** @typedef {import("./types.js").GameInfo} GameInfo */
/** @typedef {import("./types.js").GameOption} GameOption */
/** @typedef {import("./types.js").Player} Player */
/** @typedef {import("./types.js").Level} Level */

/** @typedef {import("./types.js").Listed} Listed a table as the lobby lists it */

/** The picker's choice that reveals a field for any agent spec. */
const ADVANCED = "advanced";

/** A seat kind as a person reads it: "a person", "bot: mcts".
 * @param {string} spec */
export function seatKindLabel(spec) {
  return spec === "human" ? t("A person") : t("Bot: {spec}", { spec });
}

/** A table's status in words: "open", "playing", "over", "abandoned".
 * @param {string} status */
function statusWord(status) {
  switch (status) {
    case "open": return t("open");
    case "playing": return t("playing");
    case "over": return t("over");
    case "abandoned": return t("abandoned");
    default: return status;
  }
}

/** An option's name as a label: "start_round" → "Start round".
 * @param {string} name */
export function optionLabel(name) {
  return capitalise(name.replace(/_/g, " "));
}

/** Builds the lobby into `root` (the tutorials, the new-table form, the tables); `preselect` names the game to offer first. Returns what to do
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
    h("h2", {}, t("Tables to join or watch")), open,
    h("h2", {}, t("Recently finished")), finished);

  async function refresh() {
    const { tables, finished: ended = [] } = await api("/api/tables");
    drawOpen(open, tables, titles, form.name);
    drawFinished(finished, ended, titles);
  }
  const [learn] = await Promise.all([learnSection(), refresh()]);
  const timer = setInterval(() => {
    if (!root.isConnected) { clearInterval(timer); return; }
    refresh().catch(() => {});
  }, 3000);
  root.append(h("div", { class: "lobby" }, playNowSection(list, learn), form.element, tablesPanel, learn));
  return () => clearInterval(timer);
}

/** "Play now": each game in one tap, first on the page. A table with the game's usual
 * options, you in the first seat and bots at the level a new player should meet
 * (`first_level`) in the others; the tutorials are a tap away.
 * @param {GameInfo[]} list
 * @param {HTMLElement | null} learn the tutorials' section, if any */
function playNowSection(list, learn) {
  const error = h("p", { class: "error", role: "alert" });
  const learnLink = learn ? h("button", {
    type: "button", class: "secondary", id: "to-learn", onclick: () => learn.scrollIntoView({ behavior: "smooth" }),
  }, t("New to a game? Learn it first")) : null;
  return h("section", { class: "panel play-now", id: "play-now" },
    h("h2", {}, t("Play now")),
    h("p", { class: "muted" }, t("Against bots that play sensibly, you first. Choose the players and the bots under Custom table.")),
    h("ul", { class: "play-now-games" }, list.map((game) => h("li", { "data-game": game.name },
      h("span", { class: "what" }, h("strong", {}, game.title), game.summary ? h("span", { class: "summary" }, capitalise(game.summary)) : null),
      h("button", { type: "button", "data-play-now": game.name, onclick: () => void playNow(game, error) }, t("Play {game}", { game: game.title }))))),
    learnLink, error);
}

/** Starts `game` as "Play now" says and sits down at it.
 * @param {GameInfo} game
 * @param {HTMLElement} error */
async function playNow(game, error) {
  error.textContent = "";
  const players = game.options.find((o) => o.name === "players");
  const count = typeof players?.default === "number" ? players.default : game.min_players;
  const bot = game.first_level ?? game.best_agent;
  const specs = ["human", ...Array.from({ length: count - 1 }, () => bot)];
  try {
    /** @type {{id: string}} */
    const { id } = await api("/api/tables", { method: "POST", body: { game: game.name, options: {}, seats: specs } });
    /** @type {import("./api.js").Seat} */
    const joined = await api(`/api/tables/${id}/join`, { method: "POST", body: { name: remembered("name") || t("Player") } });
    seats.set(id, joined.seat, joined.token);
    location.hash = `#/table/${id}`;
  } catch (e) {
    error.textContent = messageOf(e);
  }
}

/** Who sits where, in a line: "Red: Ann · Blue: free · Yellow: bot".
 * @param {Listed} listed
 * @param {GameInfo | undefined} game */
function seatsLine(listed, game) {
  return listed.players.map((p) => {
    const seat = seatNamed(game?.seat_names[p.seat], p.seat);
    const who = p.kind === "bot" ? t("bot") : p.joined ? p.name : t("free");
    return t("{seat}: {sitter}", { seat, sitter: String(who) });
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
  if (!tables.length) list.append(h("li", { class: "muted" }, t("No tables yet: create one.")));
  for (const listed of tables) {
    const game = catalogue.find((g) => g.name === listed.game);
    const free = listed.players.filter((p) => p.kind === "human" && !p.joined);
    const mine = seats.get(listed.id);
    list.append(h("li", { "data-table": listed.id },
      h("span", { class: "what" }, h("strong", {}, gameTitle(titles, listed.game)), ` (${statusWord(listed.status)})`,
        h("span", { class: "who" }, seatsLine(listed, game))),
      h("span", { class: "links" },
        mine ? h("a", { class: "button", href: `#/table/${listed.id}` }, t("Back to my seat")) : null,
        !mine ? free.map((p) => h("button", {
          type: "button", class: "secondary", "data-join": p.seat,
          onclick: () => joinFromLobby(listed.id, p.seat, nameInput),
        }, t("Join as {seat}", { seat: seatNamed(game?.seat_names[p.seat], p.seat) }))) : null,
        h("a", { class: "button secondary", href: `#/table/${listed.id}`, "data-watch": listed.id }, t("Watch")))));
  }
}

/**
 * @param {string} tableId
 * @param {number} seat
 * @param {HTMLInputElement} nameInput */
async function joinFromLobby(tableId, seat, nameInput) {
  const name = nameInput.value.trim();
  if (!name) {
    toast(t("Type your name first (in the form), then join."));
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
  if (!tables.length) list.append(h("li", { class: "muted" }, t("None yet.")));
  for (const listed of tables) {
    const game = catalogue.find((g) => g.name === listed.game);
    const winners = (listed.winners ?? []).map((s) => seatNamed(game?.seat_names[s], s));
    list.append(h("li", { "data-table": listed.id },
      h("span", { class: "what" }, h("strong", {}, gameTitle(titles, listed.game)), ` (${statusWord(listed.status)})`,
        h("span", { class: "who" }, seatsLine(listed, game)),
        winners.length ? h("span", { class: "who" }, wonBy(winners)) : null),
      h("span", { class: "links" },
        listed.status === "over" ? h("a", { class: "button", href: `#/replay/${listed.id}` }, t("Replay")) : null,
        h("a", { class: "button secondary", href: `#/table/${listed.id}` }, t("Look")))));
  }
}

/** "Won by Red and Blue". @param {string[]} winners */
function wonBy(winners) {
  const names = winners.reduce((a, b) => t("{a} and {b}", { a, b }));
  return t("Won by {names}", { names });
}

/** The new-table form's boxes.
 * @param {GameInfo[]} list
 * @param {string | null} preselect */
function formParts(list, preselect) {
  const gameSelect = h("select", { id: "game", name: "game" },
    list.map((g) => h("option", { value: g.name }, g.summary ? `${g.title} — ${g.summary}` : g.title)));
  if (preselect && list.some((g) => g.name === preselect)) gameSelect.value = preselect;
  return {
    gameSelect,
    optionsBox: h("div", { id: "options" }),
    seatsBox: h("div", { id: "seats" }),
    name: h("input", { id: "name", value: remembered("name"), placeholder: t("your name"), maxlength: 64, autocomplete: "nickname" }),
    error: h("p", { class: "error", role: "alert" }),
  };
}

/** @typedef {ReturnType<typeof formParts>} FormParts */

/** The new-table form.
 * @param {GameInfo[]} list
 * @param {string[]} agents
 * @param {string | null} preselect */
function newTableForm(list, agents, preselect) {
  catalogue = list;
  const parts = formParts(list, preselect);
  const bots = agents.filter((a) => a !== "human");
  const current = () => /** @type {GameInfo} */ (list.find((g) => g.name === parts.gameSelect.value));
  const seatsNow = () => drawSeats(parts, current(), bots);
  const optionsNow = () => { drawOptions(parts.optionsBox, current(), seatsNow); seatsNow(); };
  parts.gameSelect.addEventListener("change", () => { parts.seatsBox.replaceChildren(); optionsNow(); });

  const form = h("form", { class: "panel", id: "new-table" },
    h("h2", {}, t("Custom table")),
    h("label", { class: "row" }, h("span", {}, t("Game")), parts.gameSelect),
    parts.optionsBox, parts.seatsBox,
    h("label", { class: "row" }, h("span", {}, t("Your name")), parts.name),
    h("button", { type: "submit", id: "create" }, t("Create and sit down")), parts.error);
  const controls = lobbyControls(form, seats); // the hotseat option
  // Hotseat on or off shows or hides a name field beside each human seat.
  form.querySelector("#hotseat")?.addEventListener("change", () => {
    for (const select of parts.seatsBox.querySelectorAll("select")) select.dispatchEvent(new Event("change"));
  });
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    void createTable(parts, current(), controls);
  });
  optionsNow();
  return { element: form, name: parts.name };
}

/** How many players the options say (the game's least when it has no such option).
 * @param {HTMLElement} optionsBox
 * @param {GameInfo} game */
function playerCount(optionsBox, game) {
  const input = /** @type {HTMLInputElement | null} */ (optionsBox.querySelector("[name=players]"));
  return input ? Number(input.value) : game.min_players;
}

/** Who sits where: a person or a bot per seat. A change of the player count adds or removes
 * rows only, so the seats already drawn (and a field being typed into) stay as they are.
 * @param {FormParts} parts
 * @param {GameInfo} game
 * @param {string[]} bots */
function drawSeats({ optionsBox, seatsBox }, game, bots) {
  if (!seatsBox.querySelector("p.label")) seatsBox.append(h("p", { class: "label" }, t("Who sits where")));
  const rows = [...seatsBox.querySelectorAll("label.row")];
  const wanted = playerCount(optionsBox, game);
  rows.slice(wanted).forEach((row) => row.remove());
  for (let p = rows.length; p < wanted; p++) seatsBox.append(seatRow(game, bots, p));
}

/** One seat's row: its picker (a person, the levels, the specs, "Another spec…") and the
 * field "Another spec…" reveals.
 * @param {GameInfo} game
 * @param {string[]} bots
 * @param {number} p */
function seatRow(game, bots, p) {
  const levels = game.levels ?? [];
  const specs = (game.agents || ["human", ...bots]).filter((a) => a !== "human");
  const fallback = game.first_level ?? game.best_agent;
  const label = seatNamed(game.seat_names[p], p);
  const select = h("select", { name: `seat${p}`, "aria-label": t("who plays {seat}", { seat: label }) },
    h("option", { value: "human" }, seatKindLabel("human")),
    levels.length ? h("optgroup", { label: t("Bot levels") },
      levels.map((l) => h("option", { value: l.name }, levelLabel(l)))) : null,
    h("optgroup", { label: t("Advanced: agent specs"), "data-advanced": "" },
      specs.map((a) => h("option", { value: a }, seatKindLabel(a))),
      h("option", { value: ADVANCED }, t("Another spec…"))));
  const spec = h("input", {
    class: "spec", name: `spec${p}`, "aria-label": t("agent spec for {seat}", { seat: label }), hidden: true, "data-advanced": "",
    placeholder: "mcts:iterations=500", maxlength: 200, spellcheck: "false",
  });
  const help = h("small", { class: "help seat-help" });
  // At a hotseat table each person at the device is named here (the lobby's name is the first's).
  const who = h("input", {
    class: "seat-name", name: `name${p}`, "aria-label": t("name of the player of {seat}", { seat: label }), hidden: true,
    placeholder: t("Name"), maxlength: 40, autocomplete: "off",
  });
  const explain = () => {
    spec.hidden = select.value !== ADVANCED;
    who.hidden = select.value !== "human" || !select.closest("form")?.querySelector("#hotseat:checked");
    help.textContent = seatHelp(select.value, levels);
    help.hidden = !help.textContent;
  };
  select.addEventListener("change", explain);
  select.value = p === 0 ? "human" : fallback;
  explain();
  return h("label", { class: "row" }, h("span", {}, label), select, spec, who, help);
}

/** The names typed for the human seats of a hotseat table (`typed`, the lobby's name, for the
 * first one left empty), null for the others: the request's `names`.
 * @param {HTMLElement} seatsBox @param {string[]} specs @param {string} typed
 * @returns {(string | null)[]} */
function hotseatNames(seatsBox, specs, typed) {
  const inputs = [...seatsBox.querySelectorAll("input.seat-name")].map((i) => /** @type {HTMLInputElement} */ (i).value.trim());
  const first = specs.indexOf("human");
  return specs.map((spec, p) => (spec === "human" ? inputs[p] || (p === first ? typed : "") || null : null));
}

/** The seat kind each seat's picker says: human, a level's name or an agent spec.
 * @param {HTMLElement} seatsBox */
function seatKinds(seatsBox) {
  return [...seatsBox.querySelectorAll("select")].map((select) => {
    const s = /** @type {HTMLSelectElement} */ (select);
    if (s.value !== ADVANCED) return s.value;
    const input = /** @type {HTMLInputElement | null} */ (s.parentElement?.querySelector("input.spec") ?? null);
    return input ? input.value.trim() : "";
  });
}

/** The game's options, each at its default; a change of the players redraws the seats.
 * @param {HTMLElement} optionsBox
 * @param {GameInfo} game
 * @param {() => void} playersChanged */
function drawOptions(optionsBox, game, playersChanged) {
  optionsBox.replaceChildren();
  for (const option of game.options) {
    const input = optionInput(option);
    if (option.name === "players") input.addEventListener("change", playersChanged);
    const id = `option-${option.name}`;
    input.id = id;
    optionsBox.append(h("div", { class: "row" }, h("label", { for: id }, option.label || optionLabel(option.name)), input,
      option.help ? h("small", { class: "help" }, capitalise(option.help), ".") : null,
      rulingsNote(option.rulings ?? [], "help")));
  }
}

/** An option's input: a list of its choices, a checkbox, or a number.
 * @param {GameOption} option
 * @returns {HTMLInputElement | HTMLSelectElement} */
function optionInput(option) {
  if (option.choices) {
    const labels = option.choice_labels ?? [];
    const select = h("select", { name: option.name }, option.choices.map((c, k) => h("option", { value: String(c) }, labels[k] ?? String(c))));
    select.value = String(option.default);
    return select;
  }
  if (typeof option.default === "boolean") return h("input", { type: "checkbox", name: option.name, checked: option.default });
  return h("input", { type: "number", name: option.name, value: option.default, min: option.minimum ?? null, max: option.maximum ?? null, inputmode: "numeric" });
}

/** The options as the form says them, by name.
 * @param {HTMLElement} optionsBox
 * @param {GameInfo} game */
function readOptions(optionsBox, game) {
  /** @type {Record<string, unknown>} */
  const options = {};
  for (const option of game.options) {
    const input = /** @type {HTMLInputElement} */ (optionsBox.querySelector(`[name=${option.name}]`));
    if (input.type === "checkbox") options[option.name] = input.checked;
    else if (typeof option.default === "number") options[option.name] = Number(input.value);
    else options[option.name] = input.value;
  }
  return options;
}

/** Creates the table the form says and sits down at it (unless only bots play, or the hotseat
 * creator already holds the seats), then goes to it.
 * @param {FormParts} parts
 * @param {GameInfo} game
 * @param {ReturnType<typeof lobbyControls>} controls */
async function createTable({ optionsBox, seatsBox, name, error }, game, controls) {
  error.textContent = "";
  const options = readOptions(optionsBox, game);
  const specs = seatKinds(seatsBox);
  const typed = name.value.trim();
  if (specs.includes("human") && !typed) {
    error.textContent = t("Type your name: the others see it at the table.");
    name.focus();
    return;
  }
  try {
    const extra = controls.body();
    const names = extra.hotseat ? { names: hotseatNames(seatsBox, specs, typed) } : {};
    /** @type {{id: string, tokens?: Record<string, string>}} */
    const created = await api("/api/tables", { method: "POST", body: { game: game.name, options, seats: specs, ...extra, ...names } });
    const { id } = created;
    if (specs.includes("human") && !controls.created(id, created)) {
      remember("name", typed);
      /** @type {import("./api.js").Seat} */
      const joined = await api(`/api/tables/${id}/join`, { method: "POST", body: { name: typed } });
      seats.set(id, joined.seat, joined.token);
    }
    location.hash = `#/table/${id}`;
  } catch (e) {
    error.textContent = messageOf(e);
  }
}
