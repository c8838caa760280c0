// Where on Knarr's board each legal action is clicked, and which place the last move concerns:
// read from actions' kind and arguments only, never their text. Pure: no DOM.
import { split } from "./data.js";
import { t } from "../../i18n.js";

/** @typedef {import("./view.js").Action} Action */
/** @typedef {import("./view.js").LogEntry} LogEntry */

/** The key of the place where `action` is clicked: `market:red`, `dest:A3`, `hand:red vp`,
 * `crew:red vp`, `recruits`, `boat:2`, `building:7`, `village:skali`, `renew:1+3`, or
 * `button:KIND` for a decision that has no component (end turn, no mead, skip extra…).
 * @param {Action} action @returns {string} */
export function placeOf(action) {
  const a = action.args || {};
  switch (action.kind) {
    case "take": case "mead": return `market:${a.slot}`;
    case "explore": case "reserve": return `dest:${a.destination}`;
    case "recruit": return `hand:${a.card}`;
    case "pay": case "discard": return `crew:${a.card}`;
    case "pay recruit": return "recruits";
    case "trade": return `boat:${a.bracelets}`;
    case "develop": return `building:${a.building}`;
    case "activate": return `village:${a.card}`;
    case "renew": return `renew:${a.slot}${a.with ? `+${a.with}` : ""}`;
    default: return `button:${action.kind}`;
  }
}

/** The legal actions by the place they are clicked at: `places.get(key)` is an action or
 * undefined; `buttons` are the actions drawn as buttons (decisions without a component, and any
 * action whose place another one took).
 * @param {Action[]} legal */
export function plan(legal) {
  /** @type {Map<string, Action>} */
  const places = new Map();
  /** @type {Action[]} */
  const buttons = [];
  for (const action of legal) {
    const key = placeOf(action);
    if (key.startsWith("button:") || key.startsWith("renew:") || places.has(key)) buttons.push(action);
    else places.set(key, action);
  }
  return { places, buttons };
}

/** A button's label for an action without a component of its own.
 * @param {Action} action @returns {string} */
export function buttonLabel(action) {
  const a = action.args || {};
  switch (action.kind) {
    case "renew": return a.with ? t("Renew slots {slot}+{other}", { slot: String(a.slot), other: String(a.with) }) : t("Renew slot {slot}", { slot: String(a.slot) });
    case "end turn": return t("End turn");
    case "no mead": return t("No Mead Cup");
    case "no reserve": return t("Don't reserve");
    case "skip extra": return t("Skip the extra action");
    case "pass": return t("Pass");
    default: return action.text;
  }
}

/** Where a last move of a kind is marked, from its arguments `a`, its seat `p` and whether a
 * destination is being paid for.
 * @typedef {(a: Record<string, unknown>, p: number | null, paying: boolean) => string} LastRule */

/** @type {[string[], LastRule][]} */
const LAST_RULES = [
  [["take", "mead"], (a) => `market:${a.slot}`],
  [["draw"], () => "deck"],
  [["recruit", "discard"], (a, p) => `crew:${p}:${split(a.card)[0]}`],
  [["explore"], (a, p, paying) => (paying ? "pay" : `dest:${a.destination}`)],
  [["reserve", "reveal"], (a) => `dest:${a.destination}`],
  [["pay", "pay recruit"], (a, p, paying) => (paying ? "pay" : `seat:${p}`)],
  [["trade"], (a, p) => `boat:${p}`],
  [["reveal building"], (a) => `building:${a.building}`],
  [["develop"], (a, p) => `village:${p}:building ${a.building}`],
  [["activate"], (a, p) => `village:${p}:${a.card}`],
  [["renew"], (a) => `bslot:${a.slot}`],
  [["first seat"], (a) => `seat:${a.seat}`],
];
/** @type {Map<string, LastRule>} */
const LAST = new Map(LAST_RULES.flatMap(([kinds, rule]) => kinds.map((kind) => /** @type {[string, LastRule]} */ ([kind, rule]))));

/** The tag of the place the last move concerns (by its kind and arguments; a move told without
 * them, a draw into another's hand, marks the deck, or its seat's panel), or null.
 * @param {LogEntry | null | undefined} last @param {unknown} [paying] the view's payment
 * @returns {string | null} */
export function lastPlace(last, paying = null) {
  if (!last) return null;
  const p = last.player;
  const rule = LAST.get(last.kind ?? "");
  if (rule) return rule(last.args || {}, p, Boolean(paying));
  if (last.kind === undefined && p === null) return "deck"; // a draw told without its card
  return p !== null && p !== undefined ? `seat:${p}` : null;
}

/** The action a place stands for when it is no place to click now (the "why not?" it
 * answers), by its key (see `placeOf`) and the phase; null: nothing to ask there.
 * A market slot is taken (at the Mead Cup, its viking discarded); a destination explored (at
 * the Golden bracelet's choice, reserved); a card in your hand recruited; a viking of your crew
 * pays (at a forced discard, is discarded); your recruit tokens pay; a boat column trades that
 * many bracelets; a building is developed; a village card activated.
 * @param {string} key @param {string} phase
 * @returns {{kind: string, args: Record<string, unknown>} | null} */
export function nearest(key, phase) {
  const at = key.indexOf(":");
  const [what, arg] = at < 0 ? [key, ""] : [key.slice(0, at), key.slice(at + 1)];
  switch (what) {
    case "market": return { kind: phase === "mead cup" ? "mead" : "take", args: { slot: arg } };
    case "dest": return { kind: phase === "reserve" ? "reserve" : "explore", args: { destination: arg } };
    case "hand": return { kind: "recruit", args: { card: arg } };
    case "crew": return { kind: phase === "forced discard" ? "discard" : "pay", args: { card: arg } };
    case "recruits": return { kind: "pay recruit", args: {} };
    case "boat": return { kind: "trade", args: { bracelets: Number(arg) } };
    case "building": return { kind: "develop", args: { building: Number(arg) } };
    case "village": return { kind: "activate", args: { card: arg } };
    default: return null;
  }
}
