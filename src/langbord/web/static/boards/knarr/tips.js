// What each of Knarr's components is for, in a sentence or two from the rules (rulebooks and
// shared/rulings/knarr.md), for the board's `data-tip` attributes. Pure: no DOM.
import { BUILDINGS, DEST, GAINS, LINE_WORDS, REPUTATION_VP, SKALI, gainsWords, split } from "./data.js";

/** What a gain icon gives, for a new player. @type {Record<string, string>} */
const GAIN_RULES = {
  vp: "a victory point",
  bracelet: "a silver bracelet (returned to trade; at most 3)",
  recruit: "a recruit token (takes any market viking, or replaces one card of a destination's cost; at most 3)",
  reputation: "a step up the reputation track (more points at the start of each turn)",
  card: "the deck's top viking, straight into your crew",
  coin: "a silver coin (pays for buildings; at most 3)",
  raid: "a raid token",
};

/** @type {Record<string, string>} */
export const ARTIFACT_RULES = {
  "Mead Cup": "when you Explore, you may discard one market viking and refill its slot.",
  "Silver coins": "recruiting the 4th or later viking of a colour gives +1 victory point.",
  Cauldron: "recruiting the 2nd viking of a colour lets you take any market viking without spending a recruit.",
  "Golden bracelet": "recruiting the 3rd viking of a colour lets you reserve a visible destination (at most 2); you may later Explore a reserved one.",
  Helmet: "exploring a Land of Influence right after your previous destination was a Trading Land gives an extra Recruit action.",
  Amulet: "completing a row of 5 colours in your crew gives a bracelet, a recruit and a reputation step.",
  Weathervane: "completing a row of 5 colours in your crew gives an extra Explore action.",
};

/** A viking card of `type` ("red vp"). @param {string} type @returns {string} */
export function vikingTip(type) {
  const [c, gain] = split(type);
  return `A ${c} viking showing ${GAIN_RULES[gain] ?? gain}. Recruit it from your hand into your crew's ${c} column: you gain the icon of every card in that column. Crew vikings pay for destinations.`;
}

/** A market slot of colour `c` holding `card` (or empty).
 * @param {string} c @param {string | null | undefined} card @returns {string} */
export function marketTip(c, card) {
  const holds = card ? `Holds a ${card} viking. ` : "Empty. ";
  return `Market, ${c} slot. ${holds}After you recruit a ${c} viking you take this slot's viking into your hand (or spend a recruit to take any slot's); the slot is refilled from the deck.`;
}

/** A destination card by name. @param {string} name @returns {string} */
export function destinationTip(name) {
  const d = DEST[name];
  const land = name.startsWith("B") ? "Land of Influence" : "Trading Land";
  if (!d) return `${name}, a ${land}.`;
  const [kind, size, need, immediate, trade] = d;
  const cost = kind === 0
    ? need.map((k, i) => (k ? `${k} ${["red", "yellow", "green", "blue", "purple"][i]}` : null)).filter(Boolean).join(" + ")
    : kind === 1 ? `${size} vikings of one colour` : `${size} vikings of different colours`;
  const columns = trade.map((t) => (t >= 0 ? GAINS[t] : "nothing")).join(" | ");
  return `${name}, a ${land}. Explore it by discarding ${cost} from your crew (a recruit token replaces any one card; the payment is exact). You gain ${gainsWords(immediate)} at once; then it sits above your boat and each trade also collects its columns (${columns}).`;
}

export const TIPS = {
  vpTrack: "Victory points. The end is triggered when a player reaches 40: the round is played out so that everyone has had as many turns; most points win (ties: most recruits and bracelets left).",
  reputationTrack: `Reputation, 0 to 14. At the start of each of your turns you score the points under your step (${[...new Set(REPUTATION_VP)].map((v) => `+${v}`).join(", ")}).`,
  deck: "The viking deck: it refills the market and gives the vikings drawn into crews. When it is empty the discard pile is shuffled into a new deck.",
  discard: "The discard pile: the vikings paid for destinations. Public: anyone may look through it.",
  bracelet: "Silver bracelets (at most 3). Trade, once a turn before or after your action: return 1, 2 or 3 bracelets and collect columns 1 up to that number of your boat and of every destination you own.",
  recruit: "Recruit tokens (at most 3). Spend one to take any market viking after recruiting instead of the matching slot's, or in place of one card when paying a destination.",
  reputation: "Reputation: at the start of each of your turns you score the victory points of your step on the reputation track.",
  vp: "Victory points: the first to 40 triggers the end of the game.",
  coin: "Silver coins (Skali, at most 3 in your skáli): they pay for buildings.",
  raid: "Raid tokens (Skali). When none remain on the board at the end of a turn, a raid: the players with the most tokens gain their village's white raid gains, those with the fewest apply its black losses.",
  raidBoard: "Raid tokens still on the board. When the last one is taken, the raid is resolved at the end of that turn.",
  hand: "Your hand, hidden from the others. Recruit: play one into your crew, gain the icons of its column, then take a market viking; your hand is back at 3.",
  otherHand: "This player's hand: its size, and the vikings everybody saw it take from the market.",
  changeToken: "Change token (Skali, 2 players): turn it to its used side to renew 1 or 2 of the visible buildings.",
  buildings: "The building market (Skali). Develop, once a turn before or after your action: pay a building's cost in silver coins and add it to your village.",
  payment: "The destination being explored: click the crew vikings (or the recruit token) that pay what is left of its cost.",
};

/** A crew column of colour `c`. @param {string} c @param {string[]} cards @returns {string} */
export function crewTip(c, cards) {
  return `Crew, ${c} column (${cards.length} viking${cards.length === 1 ? "" : "s"}). Recruiting a ${c} viking gains the icon of every card here. Crew vikings are discarded to pay for destinations.`;
}

/** The boat of side `side` ("normal" or "advanced").
 * @param {string} side @param {number[]} columns @returns {string} */
export function boatTip(side, columns) {
  const words = columns.map((t, k) => `${k + 1}: ${t >= 0 ? GAINS[t] : "nothing"}`).join(", ");
  return `The boat (${side} side). Trade by returning 1, 2 or 3 bracelets: you collect columns 1 up to that number here (${words}) and on every destination above the boat.`;
}

/** A building "building 7" (by number), or the skáli board of `board`.
 * @param {string} label @param {number} number @param {string | null} [board] @returns {string} */
export function villageTip(label, number, board = null) {
  /** @type {import("./data.js").VillageCard | null} */
  const card = number ? BUILDINGS[number - 1] : board ? [0, ...SKALI[board]] : null;
  if (!card) return label;
  const [cost, lines, most, fewest] = card;
  const gains = lines.map((vec, i) => (vec.some((k) => k) ? `${LINE_WORDS[i]}: ${gainsWords(vec)}` : null)).filter(Boolean);
  const what = number
    ? `A building (cost ${cost} silver coin${cost === 1 ? "" : "s"}). Developed into a village it activates after each action:`
    : "Your skáli: with your buildings it is your village, which activates after each action:";
  return `${what} ${gains.join("; ") || "no line"}. Raid won: ${gainsWords(most)}; raid lost: ${gainsWords(fewest)}.`;
}

/** The artifact in play by its title. @param {string} title @returns {string} */
export function artifactTip(title) {
  return `Artifact ${title}, for every player: ${ARTIFACT_RULES[title] ?? ""}`;
}
