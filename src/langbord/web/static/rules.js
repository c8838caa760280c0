// The rules panel of a game, from GET /api/games/{name}/rules: the players' rules page, drawn
// with the boards of tutorial positions, and the notation for those who ask for it.
import { h } from "./dom.js";
import { api as request } from "./api.js";
import { t } from "./i18n.js";
import { drawBoard } from "./board.js";

/** @typedef {import("./types.js").Rules} Rules */

/** @type {Map<string, Promise<Rules>>} */
const fetched = new Map();

/**
 * The rules of `game`, asked once per page.
 * @param {string} game
 * @returns {Promise<Rules>}
 */
export function rulesOf(game) {
  let answer = fetched.get(game);
  if (!answer) {
    answer = request(`/api/games/${encodeURIComponent(game)}/rules`);
    answer.catch(() => fetched.delete(game)); // a refusal is asked again next time
    fetched.set(game, answer);
  }
  return answer;
}

/**
 * The panel's content: the players' page (goal, setup, a turn, scoring, the end, the modules,
 * each drawn where it has a picture; then the clarifications), and the notation on request.
 * A game without a page shows its card.
 * @param {Rules} rules
 */
export function rulesContent(rules) {
  const notation = Array.isArray(rules.notation) ? rules.notation : String(rules.notation ?? "").split("\n");
  const asked = h("details", { class: "ctl-notation-box" }, h("summary", {}, t("Notation (for the terminal and game records)")),
    h("ul", { class: "ctl-notation" }, notation.filter((line) => line.trim()).map((line) => h("li", {}, h("code", {}, line)))));
  const guide = rules.guide;
  if (!guide) {
    return [
      h("section", { class: "ctl-rules-card" }, h("h3", {}, t("How to play")), h("div", { class: "ctl-pre" }, rules.card ?? "")),
      asked,
    ];
  }
  const clarifications = guide.clarifications.length
    ? h("section", { class: "guide-clarifications" }, h("h3", {}, t("Clarifications")),
      h("p", { class: "muted" }, t("Where the rulebook leaves a question open, this is how langbord plays it.")),
      h("ul", {}, guide.clarifications.map((c) => h("li", { "data-ruling": c.ruling }, c.text))))
    : null;
  return [
    h("p", { class: "guide-summary" }, guide.summary),
    ...guide.sections.map((section) => h("section", { class: "guide-section", "data-kind": section.kind },
      h("h3", {}, section.heading),
      ...section.paragraphs.map((p) => h("p", {}, p)),
      section.picture ? guidePicture(section.picture) : null)),
    clarifications,
    asked,
  ].filter((n) => n !== null);
}

/** A picture of a rules page: the board of a tutorial's step, drawn as the table draws it (no
 * place offered), with its caption; the board comes once the step is fetched.
 * @param {import("./contracts/table.js").GuidePicture} picture */
function guidePicture(picture) {
  const box = h("div", { class: "guide-board", role: "img", "aria-label": picture.caption });
  const figure = h("figure", { class: "guide-picture", "data-tutorial": picture.tutorial, "data-step": String(picture.step) },
    box, h("figcaption", {}, picture.caption));
  void request(`/api/tutorials/${encodeURIComponent(picture.tutorial)}/steps/${picture.step}`)
    .then((/** @type {import("./types.js").Table} */ table) => drawBoard(box, { ...table, legal: [], prompt: null }, () => {}))
    .then(() => figure.classList.add("drawn"))
    .catch(() => { figure.hidden = true; }); // the words stand without their picture
  return figure;
}

/**
 * Opens the rules panel of `game` (a modal dialog that closes with Escape), at the ruling
 * `ruling`'s clarification if one is named (it is scrolled to and marked); the focus goes back to `back` after.
 * @param {string} game the game's name ("skaal")
 * @param {string} title the game's title ("Skåål"), until the rules say it
 * @param {{ruling?: string, back?: HTMLElement | null}} [at]
 */
export async function openRules(game, title, { ruling = "", back = null } = {}) {
  const body = h("div", { class: "ctl-rules-body" }, h("p", { class: "muted" }, t("Loading the rules…")));
  const heading = h("h2", { id: "rules-title" }, t("Rules: {game}", { game: title }));
  const close = h("button", { type: "button", class: "secondary ctl-close", id: "rules-close", "aria-label": t("close the rules") }, "✕");
  const dialog = /** @type {HTMLDialogElement} */ (h("dialog", { class: "ctl-dialog ctl-rules", id: "rules-panel", "aria-labelledby": "rules-title" },
    h("div", { class: "ctl-dialog-head" }, heading, close), body));
  close.addEventListener("click", () => dialog.close());
  dialog.addEventListener("click", (event) => { if (event.target === dialog) dialog.close(); });
  dialog.addEventListener("close", () => { dialog.remove(); back?.focus(); });
  document.body.append(dialog);
  dialog.showModal();
  close.focus();
  try {
    const rules = await rulesOf(game);
    heading.textContent = t("Rules: {game}", { game: rules.title || title });
    body.replaceChildren(...rulesContent(rules));
    const named = ruling ? [...body.querySelectorAll("[data-ruling]")].find((li) => li.getAttribute("data-ruling") === ruling) : null;
    if (named) {
      named.classList.add("ctl-ruling-named");
      named.scrollIntoView({ block: "center" });
    }
  } catch (e) {
    body.replaceChildren(h("p", { class: "error" }, t("The rules could not be loaded: {reason}", { reason: e instanceof Error ? e.message : String(e) })));
  }
}

/**
 * A "Rules" button opening the panel of `game`.
 * @param {() => string} game the game's name ("skaal")
 * @param {() => string} [title] the game's title ("Skåål"), until the rules say it
 */
export function rulesButton(game, title = game) {
  const button = h("button", { type: "button", class: "secondary", id: "rules", "aria-haspopup": "dialog" }, t("Rules"));
  button.addEventListener("click", () => void openRules(game(), title(), { back: button }));
  return button;
}
