// Skoventyr's cards and what each component is for, in the rulebook's words (rulebooks/
// skoventyr.txt), for the board's `data-tip` attributes. Pure: no DOM.

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
  Huldre: "Mission: Damage a Tree.",
  Ellefolk: "Mission: put an Ally from the Future on the bottom of the deck.",
  Trold: "Mission: reveal two Allies, then move Gamle Erik up to three times counter-clockwise.",
  Nisse: "Mission: move Vogter once clockwise onto a Tree with a Hidden Ally and reveal it; choose two Allies of different types (no Nisse) from the discard pile and put them on the bottom of the deck.",
  Formskifter: "May be placed in the Forest even among Allies of another type; taking it from the Future moves Gamle Erik once clockwise.",
};

/** A card: an Ally or an Adversary. @param {string} name @returns {string} */
export function cardTip(name) {
  if (name === "Gamle Erik") return "Gamle Erik, an Adversary: taken from the Future it moves Gamle Erik closer to Vogter, then goes back into the deck. Only Vogter's Wrath (Revenge) discards one for good.";
  const power = POWERS[name];
  return power ? `${name}, an Ally. Place it in the Forest (Command: Position) to help defeat Minions, or discard it for its power. ${power}` : name;
}

/** A Tree of the Forest. @param {import("./view.js").Tree} t @returns {string} */
export function treeTip(t) {
  const side = t.side === "healthy" ? "Healthy" : "Damaged";
  const free = !t.ally && !t.vogter && !t.gamle_erik;
  const parts = [`Tree ${t.tree}, ${side}${free ? " and Free" : ""}.`];
  if (t.vogter) parts.push("Vogter is here: he moves clockwise, away from Gamle Erik.");
  if (t.gamle_erik) parts.push("Gamle Erik is here: if he reaches Vogter's Tree the game is lost.");
  if (t.ally) parts.push(`A ${t.revealed ? "Revealed" : "Hidden"} ${t.ally} is on it${t.revealed ? " (discarded if Gamle Erik reaches this Tree)" : " (Gamle Erik ignores it)"}.`);
  parts.push("Damaging a Free Tree flips it to its Damaged side, or discards it if already Damaged (the Forest shrinks); Healing flips it back.");
  return parts.join(" ");
}

export const TIPS = {
  vogter: "Vogter: he always moves clockwise, away from Gamle Erik. If Gamle Erik ever reaches his Tree, the game is lost.",
  erik: "Gamle Erik pursues Vogter clockwise around the Forest; moving him counter-clockwise means he lost the trail. On Vogter's Tree, the game is lost.",
  centre: "The number of Trees between Gamle Erik and Vogter, and the Allies in the Forest: Vogter's Wrath defeats a Minion worth no more than that number of Allies.",
  minion: "A Minion of Gamle Erik. Vogter's Wrath removes it when the Allies in the Forest are at least its value; the game is won when the last one is gone.",
  lygtemand: "A Trickster Lygtemand: its Minion cannot be targeted by Wrath. Rally it (Vogter's Reconciliation) by putting a matching Ally from your hand on the bottom of the deck.",
  rallied: "Rallied Lygtemands, near the Future. Involve removes 1 (or 2) of them to look into the deck for Allies and put them on top.",
  acorn: "An Acorn (Rescue). When its Minion falls it goes to the centre of the Forest; two identical Acorns there recover a discarded Tree.",
  future: "The Future: three cards to recruit from with Vogter's Call. If the leftmost is an Adversary you must choose it. It is refilled from the deck at the end of each turn.",
  deck: "The deck: face down. Everybody knows the same of it: its known top and bottom cards and what its hidden part holds. Never look through it.",
  discard: "The discard pile: face up, anyone may look through it. Discarded cards are not in the deck.",
  hostage: "A Hostage (Rescue): while a token is on an Ally, you cannot use Vogter's Command (Position or Mission) with Allies of that type. Vogter's Rescue frees it.",
  hand: "A player's hand (open: hands may be shown). Vogter's Command uses one card: Position places it in the Forest, Mission discards it for its power. More than 5 cards at the end of a turn: discard down to 5.",
  revealed: "Cards revealed by Involve: put the Allies on top of the deck and the others on the bottom, one by one, in the order you choose.",
};

/** The Vogter cards: the actions a turn chooses from. @type {Record<string, string>} */
export const VOGTER_CARDS = {
  Call: "Vogter's Call: take a card from the Future into your hand (the leftmost if it is an Adversary), paying its left box — or make a Risky Draw instead: reveal the deck's top card; an Adversary moves Gamle Erik twice.",
  Gambit: "Vogter's Gambit: damage a Tree, then put as many Future cards as you wish on the bottom of the deck.",
  Command: "Vogter's Command: Position (place an Ally from your hand in the Forest, next to the Allies already there, all of one type) or Mission (discard it for its power).",
  Wrath: "Vogter's Wrath: remove a Minion worth no more than the Allies in the Forest, shuffle the deck, then a reward: Refuge (move Vogter along the Allies), Revenge (discard an Adversary from the Future) or Restoration (heal a Tree); the Allies in the Forest are discarded.",
  Reconciliation: "Vogter's Reconciliation (Lygtemands): Rally a Trickster Lygtemand with a matching Ally, or Involve Rallied Lygtemands to bring Allies to the top of the deck.",
  Rescue: "Vogter's Rescue (Rescue): damage a Tree (twice for the x2 token), free a Hostage and put that Ally on top of the deck.",
};

/** @type {Record<string, string>} */
export const REWARDS = {
  refuge: "Refuge: move Vogter clockwise along Trees with Allies, then discard all Allies in the Forest.",
  revenge: "Revenge: discard all Allies in the Forest, then discard an Adversary from the Future.",
  restoration: "Restoration: discard all Allies in the Forest, then heal a Tree.",
};
