// What each of Skibe's components is, in the rulebook's words (a board puts them in `data-tip`),
// each said in the language spoken when it is read (a getter: the catalog loads after this
// module); and the words of the view's names (phases, Chieftains, cards, score sheet rows).
import { t } from "../../i18n.js";
import { colourName } from "../../names.js";

export const TIPS = {
  get ship() { return t("A ship: lay Viking cards directly to the right of those already in it, up to the limit; a stern card completes it (at least 3 Viking cards) and starts its evaluation."); },
  get bow() { return t("The bow card holds the ship's food supply stones: your points for this ship are multiplied by them. A bow always keeps at least 1 food stone."); },
  get food() { return t("Food supply stones are always laid on bow cards, from the general stock while it has any; then you move one from another bow (never its last)."); },
  get equipment() { return t("Equipment stones lie on Viking cards: each counts as a shield of that card's colour, and protects the card from being removed or swapped."); },
  get viking() { return t("A Viking card: its shields score for their colours' players; its symbol says which stone you load after laying it (F food on a bow, E equipment on a Viking card)."); },
  get emptySlot() { return t("A free place in this ship: the next Viking card laid here goes to the right of the others."); },
  get stern() { return t("The stern card completes the ship (it needs at least 3 Viking cards): its Chieftains act from the bow outward, then every player scores (own shields + equipment on them) × food."); },
  get sternHand() { return t("Your stern cards: lay one on a ship with at least 3 Viking cards to complete it and begin its evaluation. Each player has 2."); },
  get chieftainShip() { return t("A Chieftain laid on this ship: when the ship is evaluated, Chieftains act in the order they were laid (the one next to the bow first). Each action once per ship."); },
  get display() { return t("The display: 3 Viking cards face up. Take one of them (or draw from the pile) and lay it on a ship; the gap is refilled from the pile."); },
  get pile() { return t("The draw pile, face down: draw its top card instead of taking a display card. When the pile and the display are empty, the final evaluation begins."); },
  get held() { return t("The Viking card you took: lay it directly to the right of the Viking cards in one of the 3 ships."); },
  get stockFood() { return t("The general stock of food supply stones (6 in all): food is taken from here while any is left."); },
  get stockEquip() { return t("The general stock of equipment stones (4 in all): equipment is taken from here while any is left."); },
  get player() { return t("A player: their Chieftains still in hand (outlines have been played), their stern cards left and their points so far."); },
  get sheet() { return t("The score sheet: a row for each evaluated ship (and the final evaluation); the most points in total wins."); },
  get out() { return t("Viking cards of evaluated ships and removed cards leave the game."); },
  get choice() { return t("A decision that needs no place on the board."); },
};

/** What each Chieftain action does (rulebook, "Chieftain Actions").
 * @type {Record<string, string>} */
export const CHIEFTAIN_TIPS = {
  get equipment() { return t("Move an equipment stone: from a Viking card to another (the colour rule does not apply), from the stock to a Viking card, or from a card to the stock."); },
  get food() { return t("Move a food supply stone: from a bow to another bow, from the stock to a bow, or from a bow to the stock; never a bow's last stone."); },
  get remove() { return t("Remove a Viking card on which no equipment stone lies, in any ship: it is out of the game."); },
  get swap() { return t("Swap 2 Viking cards on which no equipment lies, in any ships or with a display card."); },
  get protection() { return t("Protection: your Viking cards in this ship cannot be removed or swapped by Chieftains laid after this one."); },
};

/** Where a Chieftain lies, for its tip: "played" (an outline), "hand" (in a player's hand),
 * "lay" (in the hand of the seat to move, to be laid), on a ship in the order laid, or nowhere
 * said ("").
 * @typedef {"" | "played" | "hand" | "lay" | {ship: number, laid: number}} ChiefWhere */

/** The sentence for a Chieftain of `action` (its rulebook action), played or not.
 * @param {string} action @param {string} owner @param {ChiefWhere} where
 * @returns {string} */
export function chieftainTip(action, owner, where) {
  const does = Object.hasOwn(CHIEFTAIN_TIPS, action) ? CHIEFTAIN_TIPS[action] : t("A Chieftain card.");
  return `${chieftainWhere({ owner: colourName(owner), action: chiefWord(action) }, where)} ${does}`;
}

/** "red's swap Chieftain on ship 2, laid 1." and the like.
 * @param {{owner: string, action: string}} who @param {ChiefWhere} where */
function chieftainWhere(who, where) {
  if (typeof where === "object") return t("{owner}'s {action} Chieftain on ship {ship}, laid {n}.", { ...who, ship: where.ship, n: where.laid });
  switch (where) {
    case "played": return t("{owner}'s {action} Chieftain (played).", who);
    case "hand": return t("{owner}'s {action} Chieftain in hand.", who);
    case "lay": return t("{owner}'s {action} Chieftain in hand: lay it on a ship after loading cargo.", who);
    default: return t("{owner}'s {action} Chieftain.", who);
  }
}

/** "red's swap Chieftain" (without a period: a place's name, a title).
 * @param {string} owner @param {string} action */
export function chieftainName(owner, action) {
  return t("{owner}'s {action} Chieftain", { owner: colourName(owner), action: chiefWord(action) });
}

/** A Chieftain's action in words ("swap"). @param {string} action */
export function chiefWord(action) {
  switch (action) {
    case "equipment": return t("equipment");
    case "food": return t("food");
    case "remove": return t("remove");
    case "swap": return t("swap");
    case "protection": return t("protection");
    default: return action;
  }
}

/** A Chieftain's action in a token's few letters ("equip"). @param {string} action */
export function chiefShort(action) {
  switch (action) {
    case "equipment": return t("equip");
    case "food": return t("food");
    case "remove": return t("remove");
    case "swap": return t("swap");
    case "protection": return t("protect");
    default: return action;
  }
}

/** A phase of the turn, in words. @param {string} phase */
export function phaseWord(phase) {
  switch (phase) {
    case "deal": return t("deal");
    case "choose": return t("choose");
    case "lay": return t("lay");
    case "food": return t("food");
    case "equipment": return t("equipment");
    case "chieftain": return t("chieftain");
    case "evaluate": return t("evaluate");
    case "over": return t("over");
    default: return phase;
  }
}

/** A Viking card's name ("red/blue F") with its colours in the language spoken; the cargo
 * letter stays. @param {string} card */
export function cardWords(card) {
  const [shields, cargo] = card.split(" ");
  return [shields.split("/").map(colourName).join("/"), cargo].filter(Boolean).join(" ");
}

/** A score sheet row's label (the view's English: "ship 2, stern red", "ship 2, all ships full
 * (SB-5)", "final evaluation, ship 2") in the language spoken; `short`: "final, ship 2".
 * @param {string} label @param {boolean} [short] */
export function sheetLabel(label, short = false) {
  const stern = /^ship (\d+), stern (.+)$/.exec(label);
  if (stern) return t("ship {ship}, stern {colour}", { ship: stern[1], colour: colourName(stern[2]) });
  const full = /^ship (\d+), all ships full \(SB-5\)$/.exec(label);
  if (full) return t("ship {ship}, all ships full (SB-5)", { ship: full[1] });
  const final = /^final evaluation, ship (\d+)$/.exec(label);
  if (final) return short ? t("final, ship {ship}", { ship: final[1] }) : t("final evaluation, ship {ship}", { ship: final[1] });
  return label;
}
