// A confirmation before a choice that forgoes something the player could still do (Skibe's
// `pass` while a Chieftain could be played, Knarr's end of turn while trading is open,
// Skoventyr's `done`), decided from the legal actions' kinds alone, for every game.
import { h } from "./dom.js";
import { t, tn } from "./i18n.js";

/** Kinds that end, pass or skip a decision without doing anything. */
const FORGOING = new Set(["pass", "skip", "done", "end", "end turn", "stop", "decline", "finish", "no"]);

/**
 * Whether a kind gives something up: a pass, skip, done or end-turn kind, or "no …" ("no food").
 * @param {string} kind
 */
export function isForgoing(kind) {
  const words = String(kind).toLowerCase().replace(/[_-]+/g, " ").trim();
  return FORGOING.has(words) || words.startsWith("no ") || words.startsWith("end ") || words.startsWith("skip ");
}

/**
 * The kinds of the other legal actions that `action` forgoes (distinct, in order), or null when
 * the choice needs no confirmation: it is not a forgoing kind, or nothing else could be done.
 * @param {{id: number, kind?: string | null}} action the chosen legal action
 * @param {{id: number, kind?: string | null}[]} legal every legal action of the decision
 * @returns {string[] | null}
 */
export function forgone(action, legal) {
  if (!action.kind || !isForgoing(action.kind)) return null;
  /** @type {string[]} */
  const others = [];
  for (const other of legal) {
    if (other.id === action.id || !other.kind || isForgoing(other.kind)) continue;
    if (!others.includes(other.kind)) others.push(other.kind);
  }
  return others.length ? others : null;
}

/**
 * "trade", "trade or recruit", "take, draw or stern".
 * @param {string[]} words
 */
export function orList(words) {
  if (words.length <= 1) return words.join("");
  return t("{list} or {last}", { list: words.slice(0, -1).join(", "), last: words[words.length - 1] });
}

/**
 * "End turn" for "end turn".
 * @param {string} text
 */
export function capitalized(text) {
  return text ? text[0].toUpperCase() + text.slice(1) : text;
}

/**
 * A modal question with two answers; resolves true for `yes`. Escape or the backdrop answers no.
 * @param {{title: string, text: string, yes: string, no: string}} question
 * @returns {Promise<boolean>}
 */
export function ask({ title, text, yes, no }) {
  const dialog = /** @type {HTMLDialogElement} */ (h("dialog", { class: "ctl-dialog", id: "confirm", "aria-labelledby": "confirm-title" }));
  const yesButton = h("button", { type: "button", id: "confirm-yes" }, yes);
  const noButton = h("button", { type: "button", class: "secondary", id: "confirm-no" }, no);
  dialog.append(h("h2", { id: "confirm-title" }, title), h("p", {}, text),
    h("div", { class: "ctl-dialog-buttons" }, noButton, yesButton));
  document.body.append(dialog);
  return new Promise((resolve) => {
    let answer = false;
    yesButton.addEventListener("click", () => { answer = true; dialog.close(); });
    noButton.addEventListener("click", () => dialog.close());
    dialog.addEventListener("click", (event) => { if (event.target === dialog) dialog.close(); });
    dialog.addEventListener("close", () => { dialog.remove(); resolve(answer); });
    dialog.showModal();
    noButton.focus();
  });
}

/** @typedef {{id: number, text: string, words?: string, kind?: string | null}} Choice */

/**
 * What the player could still do instead of `action`, in words: the first choice of each kind
 * it forgoes ("play your Food Chieftain on ship 2"), at most `shown` of them, and how many
 * other choices there are; null when it forgoes nothing (see `forgone`).
 * @param {Choice} action
 * @param {Choice[]} legal
 * @param {number} [shown]
 * @returns {string | null}
 */
export function stillPossible(action, legal, shown = 2) {
  const kinds = forgone(action, legal);
  if (!kinds) return null;
  const others = legal.filter((a) => a.id !== action.id && a.kind && kinds.includes(a.kind));
  const examples = kinds.slice(0, shown).map((kind) => {
    const first = /** @type {Choice} */ (others.find((a) => a.kind === kind));
    return first.words || first.text;
  });
  const more = others.length - examples.length;
  if (more > 0) examples.push(more === 1 ? t("one other choice") : tn("{n} other choice", "{n} other choices", more));
  return orList(examples);
}

/**
 * Asks before `action` when it forgoes something; true when it may be sent.
 * @param {Choice} action
 * @param {Choice[]} legal
 */
export async function confirmChoice(action, legal) {
  const others = stillPossible(action, legal);
  if (!others) return true;
  const said = capitalized(action.words || action.text);
  return ask({
    title: t("{action}?", { action: said }),
    text: t("You could still {choices}. Give that up?", { choices: others }),
    yes: said, no: t("Go back"),
  });
}
