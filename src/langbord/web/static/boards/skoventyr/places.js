// Where on Skoventyr's board each legal action is clicked, and which place the last move
// concerns: read from actions' kind and arguments only, never their text. Pure: no DOM.
import { t } from "../../i18n.js";
import { rewardName } from "./tips.js";

/** @typedef {import("./view.js").Action} Action */
/** @typedef {import("./view.js").LogEntry} LogEntry */
/** @typedef {import("./view.js").SkoventyrView} SkoventyrView */

const ON_TREE = new Set(["damage", "heal", "reveal", "on", "vogter to", "recover after"]);
const ON_SLOT = new Set(["call", "bottom", "take", "discard"]);

/** Kinds placed by one of their arguments: kind → [the place's prefix, the argument's name]. */
/** @type {Map<string, [string, string]>} */
const BY_ARGUMENT = new Map([
  ["call risky", ["risky", "slot"]], ["erik back", ["back", "steps"]], ["wrath", ["minion", "minion"]],
  ["rally", ["lygte", "ally"]], ["rally ?", ["rally?", "ally"]], ["involve", ["involve", "lygtemands"]],
  ["rescue", ["hostage", "ally"]], ["position", ["position", "ally"]], ["mission", ["mission", "ally"]],
  ["discard", ["hand", "ally"]], ["recycle", ["recycle", "ally"]], ["top", ["top", "ally"]],
  ["bottom", ["bottom", "card"]],
]);
/** Kinds with a place of their own, whatever their arguments. @type {Map<string, string>} */
const FIXED = new Map([
  ["gambit", "vogter:Gambit"], ["refuge", "reward:refuge"], ["revenge", "reward:revenge"],
  ["restoration", "reward:restoration"],
]);

/** `prefix:ARG`, the place of an action of a kind placed by its argument, or null.
 * @param {Map<string, [string, string]>} rules @param {string | undefined} kind
 * @param {Record<string, unknown>} args @returns {string | null} */
function byArgument(rules, kind, args) {
  const rule = rules.get(kind ?? "");
  return rule ? `${rule[0]}:${args[rule[1]]}` : null;
}

/** The key of the place where `action` is clicked: `tree:C`, `future:f2`, `risky:f2`,
 * `minion:Mare 1`, `lygte:Trold`, `rally?:Nisse`, `involve:1`, `hostage:Huldre`,
 * `position:Trold`, `mission:Trold`, `hand:Trold` (a discard to the hand limit),
 * `recycle:Huldre`, `top:Nisse`, `bottom:Gamle Erik`, `reward:refuge`, `vogter:Gambit`,
 * `back:2` (Gamle Erik back 2 Trees: the Tree he would reach), or `button:done`.
 * @param {Action} action @returns {string} */
export function placeOf(action) {
  const a = action.args || {};
  const kind = action.kind;
  if (ON_TREE.has(kind ?? "") && a.tree !== undefined) return `tree:${a.tree}`;
  if (ON_SLOT.has(kind ?? "") && a.slot !== undefined) return `future:${a.slot}`;
  return FIXED.get(kind ?? "") ?? byArgument(BY_ARGUMENT, kind, a) ?? `button:${kind}`;
}

/** The Tree `steps` Trees counter-clockwise from Gamle Erik's, by name, or null.
 * @param {{forest: {tree: string, gamle_erik?: boolean}[]}} view @param {number} steps @returns {string | null} */
export function treeBack(view, steps) {
  const trees = view.forest;
  const at = trees.findIndex((t) => t.gamle_erik);
  if (at < 0) return null;
  return trees[(at - steps + trees.length * 4) % trees.length].tree;
}

/** The legal actions by place (`places.get(key)`), with `back:k` also placed on its Tree; the
 * actions drawn as buttons (no component, or their component already taken).
 * @param {Action[]} legal @param {{forest: {tree: string, gamle_erik?: boolean}[]}} view */
export function plan(legal, view) {
  /** @type {Map<string, Action>} */
  const places = new Map();
  /** @type {Action[]} */
  const buttons = [];
  for (const action of legal) {
    let key = placeOf(action);
    if (key.startsWith("back:")) {
      const tree = treeBack(view, Number(action.args?.steps));
      if (tree) key = `tree:${tree}`;
    }
    if (key.startsWith("button:") || places.has(key)) buttons.push(action);
    else places.set(key, action);
  }
  return { places, buttons };
}

/** A button's words for an action drawn as a button. @param {Action} action @returns {string} */
export function buttonLabel(action) {
  const a = action.args || {};
  switch (action.kind) {
    case "done": return t("Done");
    case "call risky": return t("Risky call");
    case "involve": return t("Involve {n}", { n: a.lygtemands });
    case "rally ?": return t("? with {ally}", { ally: a.ally });
    case "refuge": case "revenge": case "restoration": return rewardName(action.kind);
    case "top": return t("Top");
    case "bottom": return t("Bottom");
    case "position": return t("Position");
    case "mission": return t("Mission");
    default: return action.text;
  }
}

/** The last move's place by its kind alone. @type {Map<string, string>} */
const LAST_FIXED = new Map([
  ["erik back", "erik"], ["gambit", "vogter:Gambit"],
  ["refuge", "vogter:Wrath"], ["revenge", "vogter:Wrath"], ["restoration", "vogter:Wrath"],
  ["rally", "rallied"], ["rally ?", "rallied"], ["involve", "rallied"],
  ["draw", "deck"], ["top", "deck"], ["bottom", "deck"], ["recycle", "discard"],
]);
/** The last move's place by one of its arguments. @type {Map<string, [string, string]>} */
const LAST_BY_ARGUMENT = new Map([["wrath", ["minion", "minion"]], ["rescue", ["hostage", "ally"]]]);
/** Kinds whose last move marks its player's hand. */
const FROM_HAND = new Set(["position", "mission", "discard"]);

/** The tag of the place the last move concerns, by its kind and arguments, or null.
 * @param {LogEntry | null | undefined} last @returns {string | null} */
export function lastPlace(last) {
  if (!last || !last.kind) return null;
  const args = last.args || {};
  if (args.tree !== undefined) return `tree:${args.tree}`; // damage, heal, reveal, on, vogter to, recover after
  if (args.slot !== undefined) return `future:${args.slot}`; // call (risky), bottom, take, discard
  const place = LAST_FIXED.get(last.kind) ?? byArgument(LAST_BY_ARGUMENT, last.kind, args);
  if (place || !FROM_HAND.has(last.kind)) return place;
  return last.player !== null && last.player !== undefined ? `hand:${last.player}` : null;
}

/** The kind a Tree stands for at each phase (else Damage: Gambit's, the commonest). */
const TREE_AT = new Map([["heal", "heal"], ["reveal", "reveal"], ["place", "on"], ["refuge", "vogter to"], ["recover", "recover after"]]);
/** The kind a Future card stands for at each phase (else Vogter's Call). */
const SLOT_AT = new Map([["cost bottom", "bottom"], ["gambit", "bottom"], ["huldre", "take"], ["revenge", "discard"]]);

/** The action a place stands for when it is no place to click now (the "why not?" it
 * answers), by its key (see `placeOf`) and the phase; null: nothing to ask there.
 * A Tree is the phase's Tree decision (Damage outside them); a Future card is Vogter's Call
 * (or the phase's cost, Huldre's take, Revenge's discard); a card in the hand of the seat to
 * move is Command: Position (the commoner of the two Commands; at the hand limit, its
 * discard); a Minion is Wrath, a Lygtemand its Rally, a Hostage its Rescue, a card in the
 * discard pile its recycling, Involve's buttons Involve, the Gambit card Gambit.
 * @param {string} key @param {string} phase
 * @returns {{kind: string, args: Record<string, unknown>} | null} */
export function nearest(key, phase) {
  const at = key.indexOf(":");
  const [what, arg] = [key.slice(0, at), key.slice(at + 1)];
  switch (what) {
    case "tree": return { kind: TREE_AT.get(phase) ?? "damage", args: { tree: arg } };
    case "future": return { kind: SLOT_AT.get(phase) ?? "call", args: { slot: arg } };
    case "hand": return { kind: phase === "hand limit" ? "discard" : "position", args: { ally: arg } };
    case "minion": return { kind: "wrath", args: { minion: arg } };
    case "lygte": return { kind: "rally", args: { ally: arg } };
    case "hostage": return { kind: "rescue", args: { ally: arg } };
    case "recycle": return { kind: "recycle", args: { ally: arg } };
    case "involve": return { kind: "involve", args: { lygtemands: Number(arg) } };
    case "vogter": return arg === "Gambit" ? { kind: "gambit", args: {} } : null;
    default: return null;
  }
}
