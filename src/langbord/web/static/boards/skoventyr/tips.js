// Skoventyr's cards and what each component is for, in the rulebook's words (rulebooks/
// skoventyr.txt), for the board's `data-tip` attributes, each said in the language spoken when it
// is read (a getter: the catalog loads after this module). Pure: no DOM. The cards' names (Huldre,
// Gamle Erik) and the Minions' are proper names: they stay as they are.
import { t } from "../../i18n.js";

/** The cards' colours, each with its letter (colour is never the only sign).
 * @type {Record<string, [string, string]>} */
export const CARD_STYLE = {
  Ellefolk: ["#78c39a", "E"],
  Formskifter: ["#8a4fb8", "F"],
  Huldre: ["#c8352b", "H"],
  Nisse: ["#2f62c8", "N"],
  Trold: ["#8b6b3a", "T"],
  "Gamle Erik": ["#2b2b2b", "GE"],
  "?": ["#e8b923", "?"],
};
export const ALLIES = ["Ellefolk", "Formskifter", "Huldre", "Nisse", "Trold"];

/** A card's colour and letter. @param {string} name @returns {[string, string]} */
export function styleOf(name) {
  return CARD_STYLE[name] || ["#999", "?"];
}

/** Whether the table plays the Rescue module: its option, or (a table without options) any
 * Hostage or Acorn on the table. An empty `hostages: {}` is not Rescue.
 * @param {{options?: Record<string, unknown>, view: import("../../types.js").Table["view"]}} table
 * @returns {boolean} */
export function hasRescue(table) {
  const option = table.options?.rescue;
  if (option !== undefined) return Boolean(option);
  const view = /** @type {import("./view.js").SkoventyrView} */ (table.view);
  return Object.keys(view.hostages || {}).length > 0 || (view.acorns_in_centre || []).length > 0 || view.minions.some((m) => m.acorn);
}

/** The power of each Ally, as the rulebook's Power Reference has it. @type {Record<string, string>} */
export const POWERS = {
  get Huldre() { return t("Mission: Damage a Tree."); },
  get Ellefolk() { return t("Mission: put an Ally from the Future on the bottom of the deck."); },
  get Trold() { return t("Mission: reveal two Allies, then move Gamle Erik up to three times counter-clockwise."); },
  get Nisse() { return t("Mission: move Vogter once clockwise onto a Tree with a Hidden Ally and reveal it; choose two Allies of different types (no Nisse) from the discard pile and put them on the bottom of the deck."); },
  get Formskifter() { return t("May be placed in the Forest even among Allies of another type; taking it from the Future moves Gamle Erik once clockwise."); },
};

/** A card: an Ally or an Adversary. @param {string} name @returns {string} */
export function cardTip(name) {
  if (name === "Gamle Erik") return t("Gamle Erik, an Adversary: taken from the Future it moves Gamle Erik closer to Vogter, then goes back into the deck. Only Vogter's Wrath (Revenge) discards one for good.");
  if (!Object.hasOwn(POWERS, name)) return name;
  return [t("{name}, an Ally. Place it in the Forest (Command: Position) to help defeat Minions, or discard it for its power.", { name }), POWERS[name]].join(" ");
}

/** A Tree of the Forest. @param {import("./view.js").Tree} tree @returns {string} */
export function treeTip(tree) {
  const parts = [treeSide(tree)];
  if (tree.vogter) parts.push(t("Vogter is here: he moves clockwise, away from Gamle Erik."));
  if (tree.gamle_erik) parts.push(t("Gamle Erik is here: if he reaches Vogter's Tree the game is lost."));
  if (tree.ally) {
    parts.push(tree.revealed ? t("A Revealed {ally} is on it (discarded if Gamle Erik reaches this Tree).", { ally: tree.ally })
      : t("A Hidden {ally} is on it (Gamle Erik ignores it).", { ally: tree.ally }));
  }
  parts.push(t("Damaging a Free Tree flips it to its Damaged side, or discards it if already Damaged (the Forest shrinks); Healing flips it back."));
  return parts.join(" ");
}

/** "Tree C, Damaged and Free." @param {import("./view.js").Tree} tree */
function treeSide(tree) {
  const free = !tree.ally && !tree.vogter && !tree.gamle_erik;
  const named = { tree: tree.tree };
  if (tree.side === "healthy") return free ? t("Tree {tree}, Healthy and Free.", named) : t("Tree {tree}, Healthy.", named);
  return free ? t("Tree {tree}, Damaged and Free.", named) : t("Tree {tree}, Damaged.", named);
}

export const TIPS = {
  get vogter() { return t("Vogter: he always moves clockwise, away from Gamle Erik. If Gamle Erik ever reaches his Tree, the game is lost."); },
  get erik() { return t("Gamle Erik pursues Vogter clockwise around the Forest; moving him counter-clockwise means he lost the trail. On Vogter's Tree, the game is lost."); },
  get centre() { return t("The number of Trees between Gamle Erik and Vogter, and the Allies in the Forest: Vogter's Wrath defeats a Minion worth no more than that number of Allies."); },
  get minion() { return t("A Minion of Gamle Erik. Vogter's Wrath removes it when the Allies in the Forest are at least its value; the game is won when the last one is gone."); },
  get lygtemand() { return t("A Trickster Lygtemand: its Minion cannot be targeted by Wrath. Rally it (Vogter's Reconciliation) by putting a matching Ally from your hand on the bottom of the deck."); },
  get rallied() { return t("Rallied Lygtemands, near the Future. Involve removes 1 (or 2) of them to look into the deck for Allies and put them on top."); },
  get acorn() { return t("An Acorn (Rescue). When its Minion falls it goes to the centre of the Forest; two identical Acorns there recover a discarded Tree."); },
  get future() { return t("The Future: three cards to recruit from with Vogter's Call. If the leftmost is an Adversary you must choose it. It is refilled from the deck at the end of each turn."); },
  get deck() { return t("The deck: face down. Everybody knows the same of it: its known top and bottom cards and what its hidden part holds. Never look through it."); },
  get discard() { return t("The discard pile: face up, anyone may look through it. Discarded cards are not in the deck."); },
  get hostage() { return t("A Hostage (Rescue): while a token is on an Ally, you cannot use Vogter's Command (Position or Mission) with Allies of that type. Vogter's Rescue frees it."); },
  get hand() { return t("A player's hand (open: hands may be shown). Vogter's Command uses one card: Position places it in the Forest, Mission discards it for its power. More than 5 cards at the end of a turn: discard down to 5."); },
  get revealed() { return t("Cards revealed by Involve: put the Allies on top of the deck and the others on the bottom, one by one, in the order you choose."); },
};

/** The Vogter cards: the actions a turn chooses from. @type {Record<string, string>} */
export const VOGTER_CARDS = {
  get Call() { return t("Vogter's Call: take a card from the Future into your hand (the leftmost if it is an Adversary), paying its left box — or make a Risky Draw instead: reveal the deck's top card; an Adversary moves Gamle Erik twice."); },
  get Gambit() { return t("Vogter's Gambit: damage a Tree, then put as many Future cards as you wish on the bottom of the deck."); },
  get Command() { return t("Vogter's Command: Position (place an Ally from your hand in the Forest, next to the Allies already there, all of one type) or Mission (discard it for its power)."); },
  get Wrath() { return t("Vogter's Wrath: remove a Minion worth no more than the Allies in the Forest, shuffle the deck, then a reward: Refuge (move Vogter along the Allies), Revenge (discard an Adversary from the Future) or Restoration (heal a Tree); the Allies in the Forest are discarded."); },
  get Reconciliation() { return t("Vogter's Reconciliation (Lygtemands): Rally a Trickster Lygtemand with a matching Ally, or Involve Rallied Lygtemands to bring Allies to the top of the deck."); },
  get Rescue() { return t("Vogter's Rescue (Rescue): damage a Tree (twice for the x2 token), free a Hostage and put that Ally on top of the deck."); },
};

/** @type {Record<string, string>} */
export const REWARDS = {
  get refuge() { return t("Refuge: move Vogter clockwise along Trees with Allies, then discard all Allies in the Forest."); },
  get revenge() { return t("Revenge: discard all Allies in the Forest, then discard an Adversary from the Future."); },
  get restoration() { return t("Restoration: discard all Allies in the Forest, then heal a Tree."); },
};

/** A Vogter card's name ("Wrath"), in the language spoken. @param {string} name */
export function vogterName(name) {
  switch (name) {
    case "Call": return t("Call");
    case "Gambit": return t("Gambit");
    case "Command": return t("Command");
    case "Wrath": return t("Wrath");
    case "Reconciliation": return t("Reconciliation");
    case "Rescue": return t("Rescue");
    default: return name;
  }
}

/** What a Vogter card does, in two short lines under its name (one message, the lines split
 * where it has a line break). @param {string} name @returns {string[]} */
export function vogterLines(name) {
  return vogterWords(name).split("\n");
}

/** @param {string} name */
function vogterWords(name) {
  switch (name) {
    case "Call": return t("take a Future card\n(click it)");
    case "Gambit": return t("damage a Tree, Future\ncards to the bottom");
    case "Command": return t("Position or Mission\n(a card in your hand)");
    case "Wrath": return t("defeat a Minion\n(click it)");
    case "Reconciliation": return t("Rally a Lygtemand\nor Involve");
    case "Rescue": return t("free a Hostage\n(click it)");
    default: return "";
  }
}

/** A reward of Vogter's Wrath by its kind ("refuge" → "Refuge"). @param {string} kind */
export function rewardName(kind) {
  switch (kind) {
    case "refuge": return t("Refuge");
    case "revenge": return t("Revenge");
    case "restoration": return t("Restoration");
    default: return kind;
  }
}
