// What each of Skibe's components is, in the rulebook's words (a board puts them in `data-tip`).

/** @type {Record<string, string>} */
export const TIPS = {
  ship: "A ship: lay Viking cards directly to the right of those already in it, up to the limit; a stern card completes it (at least 3 Viking cards) and starts its evaluation.",
  bow: "The bow card holds the ship's food supply stones: your points for this ship are multiplied by them. A bow always keeps at least 1 food stone.",
  food: "Food supply stones are always laid on bow cards, from the general stock while it has any; then you move one from another bow (never its last).",
  equipment: "Equipment stones lie on Viking cards: each counts as a shield of that card's colour, and protects the card from being removed or swapped.",
  viking: "A Viking card: its shields score for their colours' players; its symbol says which stone you load after laying it (F food on a bow, E equipment on a Viking card).",
  emptySlot: "A free place in this ship: the next Viking card laid here goes to the right of the others.",
  stern: "The stern card completes the ship (it needs at least 3 Viking cards): its Chieftains act from the bow outward, then every player scores (own shields + equipment on them) × food.",
  sternHand: "Your stern cards: lay one on a ship with at least 3 Viking cards to complete it and begin its evaluation. Each player has 2.",
  chieftainShip: "A Chieftain laid on this ship: when the ship is evaluated, Chieftains act in the order they were laid (the one next to the bow first). Each action once per ship.",
  display: "The display: 3 Viking cards face up. Take one of them (or draw from the pile) and lay it on a ship; the gap is refilled from the pile.",
  pile: "The draw pile, face down: draw its top card instead of taking a display card. When the pile and the display are empty, the final evaluation begins.",
  held: "The Viking card you took: lay it directly to the right of the Viking cards in one of the 3 ships.",
  stockFood: "The general stock of food supply stones (6 in all): food is taken from here while any is left.",
  stockEquip: "The general stock of equipment stones (4 in all): equipment is taken from here while any is left.",
  player: "A player: their Chieftains still in hand (outlines have been played), their stern cards left and their points so far.",
  sheet: "The score sheet: a row for each evaluated ship (and the final evaluation); the most points in total wins.",
  out: "Viking cards of evaluated ships and removed cards leave the game.",
  choice: "A decision that needs no place on the board.",
};

/** What each Chieftain action does (rulebook, "Chieftain Actions").
 * @type {Record<string, string>} */
export const CHIEFTAIN_TIPS = {
  equipment: "Move an equipment stone: from a Viking card to another (the colour rule does not apply), from the stock to a Viking card, or from a card to the stock.",
  food: "Move a food supply stone: from a bow to another bow, from the stock to a bow, or from a bow to the stock; never a bow's last stone.",
  remove: "Remove a Viking card on which no equipment stone lies, in any ship: it is out of the game.",
  swap: "Swap 2 Viking cards on which no equipment lies, in any ships or with a display card.",
  protection: "Protection: your Viking cards in this ship cannot be removed or swapped by Chieftains laid after this one.",
};

/** The sentence for a Chieftain of `action` (its rulebook action), played or not.
 * @param {string} action @param {string} owner @param {string} where
 * @returns {string} */
export function chieftainTip(action, owner, where) {
  const does = CHIEFTAIN_TIPS[action] || "A Chieftain card.";
  return `${owner}'s ${action} Chieftain${where ? ` ${where}` : ""}. ${does}`;
}
