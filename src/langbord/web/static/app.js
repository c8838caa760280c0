// The browser table: routes the page's address to the lobby, a table or a replay. Each page is
// a module (lobby.js, table.js, replay.js); a table's extra controls are panels (see
// table.js's PanelMaker), listed in `tablePanels` below.
import { h, messageOf } from "./dom.js";
import { lobbyPage } from "./lobby.js";
import { tablePage } from "./table.js";
import { replayPage } from "./replay.js";
import { learnPage } from "./learn.js";
import { parseLearnRoute } from "./lesson.js";
import { api } from "./api.js";
import { chip } from "./svg.js";
import { controlsPanel } from "./controls.js";
import { LANGUAGES, language, pick, start, t, translate } from "./i18n.js";
import { focusBoard } from "./board.js";

/** The controls a table's page shows beside its own (undo, hint, chat, rules…).
 * @type {import("./table.js").PanelMaker[]} */
export const tablePanels = [controlsPanel];

const main = /** @type {HTMLElement} */ (document.getElementById("main"));
/** What the page shown needs done when it is left (timers, sockets, listeners). */
let leave = () => {};

/** Shows the page the address names: `#/table/ID`, `#/replay/ID` (`?analyse=1`: its analysis
 * is asked for), `#/learn/TID/K` (step K of a tutorial), else the lobby (`#/?game=` names the
 * game its form offers first). */
async function route() {
  leave();
  leave = () => {};
  const [path, query = ""] = location.hash.replace(/^#\/?/, "").split("?");
  const parts = path.split("/");
  // Each page builds into its own root: a page still loading when the route changes again
  // finishes into a root no longer on the page.
  const root = h("div", { class: "page" });
  main.replaceChildren(root);
  window.scrollTo(0, 0);
  try {
    let left;
    const lesson = parseLearnRoute(parts);
    if (parts[0] === "table" && parts[1]) left = await tablePage(root, parts[1], tablePanels);
    else if (parts[0] === "replay" && parts[1]) left = await replayPage(root, parts[1], new URLSearchParams(query));
    else if (lesson) left = await learnPage(root, lesson.tid, lesson.k);
    else left = await lobbyPage(root, new URLSearchParams(query).get("game"));
    if (root.isConnected) leave = left;
    else left();
  } catch (error) {
    root.replaceChildren(h("p", { class: "error" }, messageOf(error)),
      h("p", {}, h("a", { class: "button", href: "#/" }, t("Back to the lobby"))));
  }
}
/** The header's language picker: the languages by their own names, the one spoken chosen. */
function languagePicker() {
  const picker = /** @type {HTMLSelectElement | null} */ (document.getElementById("language"));
  if (!picker) return;
  picker.replaceChildren(...Object.entries(LANGUAGES).map(([code, name]) =>
    h("option", { value: code, lang: code, ...(code === language() ? { selected: "" } : {}) }, name)));
  picker.addEventListener("change", () => pick(picker.value));
}

/** The skip link goes to the game without touching the address (it routes the page): to the
 * board's first place to choose, else the board, else the page's main part. */
function skipLink() {
  document.getElementById("skip-link")?.addEventListener("click", (event) => {
    event.preventDefault();
    const board = document.getElementById("board");
    if (board) focusBoard(board);
    else document.getElementById("main")?.focus(); // the main part has tabindex -1
  });
}

/** Loads the player's language, then translates the page's frame and shows its page. */
async function begin() {
  await start();
  translate(document);
  languagePicker();
  skipLink();
  window.addEventListener("hashchange", () => void route());
  await route();
}
window.addEventListener("DOMContentLoaded", () => void begin());

export { api, chip };
