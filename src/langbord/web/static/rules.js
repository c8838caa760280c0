// The rules panel of a game, from GET /api/games/{name}/rules: the game's card, its notation
// and the rulings that apply.
import { h } from "./dom.js";
import { api as request } from "./api.js";
import { t } from "./i18n.js";

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
 * The panel's content: headed sections, text as text.
 * @param {Rules} rules
 */
export function rulesContent(rules) {
  const notation = Array.isArray(rules.notation) ? rules.notation : String(rules.notation ?? "").split("\n");
  return [
    h("section", { class: "ctl-rules-card" }, h("h3", {}, t("How to play")), h("div", { class: "ctl-pre" }, rules.card ?? "")),
    h("section", {}, h("h3", {}, t("Notation")),
      h("ul", { class: "ctl-notation" }, notation.filter((line) => line.trim()).map((line) => h("li", {}, h("code", {}, line))))),
    h("section", {}, h("h3", {}, t("Rulings")),
      (rules.rulings ?? []).length
        ? h("dl", { class: "ctl-rulings" }, (rules.rulings ?? []).flatMap((r) => [h("dt", {}, r.id), h("dd", {}, r.text)]))
        : h("p", { class: "muted" }, t("No rulings for this game."))),
  ];
}

/**
 * Opens the rules panel of `game` (a modal dialog that closes with Escape), at the ruling
 * `ruling` if one is named (it is scrolled to and marked); the focus goes back to `back` after.
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
    const named = ruling ? [...body.querySelectorAll(".ctl-rulings dt")].find((dt) => dt.textContent === ruling) : null;
    if (named) {
      named.classList.add("ctl-ruling-named");
      named.nextElementSibling?.classList.add("ctl-ruling-named");
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

/** Rulings (where the rulebook is silent, what langbord does) in their words, shown on request
 * under "How langbord plays it"; null without any. A ruling's id is only inside, in its words.
 * @param {{id: string, text: string}[]} rulings
 * @param {string} [extra] more classes for the box */
export function rulingsNote(rulings, extra = "") {
  if (!rulings.length) return null;
  return h("details", { class: `rulings ${extra}`.trim() }, h("summary", {}, t("How langbord plays it")),
    h("ul", {}, rulings.map((r) => h("li", {}, r.text || r.id))));
}
