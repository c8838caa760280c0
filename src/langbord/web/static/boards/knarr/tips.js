// What each of Knarr's components is for, in a sentence or two from the rules (rulebooks and
// shared/rulings/knarr.md), for the board's `data-tip` attributes. Pure: no DOM.
import { t, tn } from "../../i18n.js";
import { colourName } from "../../names.js";
import { BUILDINGS, DEST, GAINS, REPUTATION_VP, SKALI, gainShort, gainsWords, lineWords, split } from "./data.js";

// The tables below keep their sentences in getters: each is said in the language spoken when it
// is read (the catalog loads after this module).

/** What a gain icon gives, for a new player. @type {Record<string, string>} */
const GAIN_RULES = {
  get vp() { return t("a victory point"); },
  get bracelet() { return t("a silver bracelet (returned to trade; at most 3)"); },
  get recruit() { return t("a recruit token (takes any market viking, or replaces one card of a destination's cost; at most 3)"); },
  get reputation() { return t("a step up the reputation track (more points at the start of each turn)"); },
  get card() { return t("the deck's top viking, straight into your crew"); },
  get coin() { return t("a silver coin (pays for buildings; at most 3)"); },
  get raid() { return t("a raid token"); },
};

/** @type {Record<string, string>} */
export const ARTIFACT_RULES = {
  get "Mead Cup"() { return t("when you Explore, you may discard one market viking and refill its slot."); },
  get "Silver coins"() { return t("recruiting the 4th or later viking of a colour gives +1 victory point."); },
  get Cauldron() { return t("recruiting the 2nd viking of a colour lets you take any market viking without spending a recruit."); },
  get "Golden bracelet"() { return t("recruiting the 3rd viking of a colour lets you reserve a visible destination (at most 2); you may later Explore a reserved one."); },
  get Helmet() { return t("exploring a Land of Influence right after your previous destination was a Trading Land gives an extra Recruit action."); },
  get Amulet() { return t("completing a row of 5 colours in your crew gives a bracelet, a recruit and a reputation step."); },
  get Weathervane() { return t("completing a row of 5 colours in your crew gives an extra Explore action."); },
};

/** An artifact's title ("Mead Cup"), in the language spoken. @param {string} title @returns {string} */
export function artifactName(title) {
  switch (title) {
    case "Mead Cup": return t("Mead Cup");
    case "Silver coins": return t("Silver coins");
    case "Cauldron": return t("Cauldron");
    case "Golden bracelet": return t("Golden bracelet");
    case "Helmet": return t("Helmet");
    case "Amulet": return t("Amulet");
    case "Weathervane": return t("Weathervane");
    default: return title;
  }
}

/** A viking card's type ("red vp", as the notation names it) in the language spoken: its colour
 * and its gain's short name. @param {string} type @returns {string} */
export function vikingName(type) {
  const [c, gain] = split(type);
  return t("{colour} {gain}", { colour: colourName(c), gain: GAINS.includes(gain) ? gainShort(GAINS.indexOf(gain)) : gain });
}

/** A viking card of `type` ("red vp"). @param {string} type @returns {string} */
export function vikingTip(type) {
  const [c, gain] = split(type);
  const colour = colourName(c);
  return t("A {colour} viking showing {gain}. Recruit it from your hand into your crew's {colour} column: you gain the icon of every card in that column. Crew vikings pay for destinations.", { colour, gain: GAIN_RULES[gain] ?? gain });
}

/** A market slot of colour `c` holding `card` (or empty).
 * @param {string} c @param {string | null | undefined} card @returns {string} */
export function marketTip(c, card) {
  const holds = card ? t("Holds a {card} viking.", { card: vikingName(card) }) : t("Empty.");
  return t("Market, {colour} slot. {holds} After you recruit a {colour} viking you take this slot's viking into your hand (or spend a recruit to take any slot's); the slot is refilled from the deck.", { colour: colourName(c), holds });
}

/** A destination card by name. @param {string} name @returns {string} */
export function destinationTip(name) {
  const d = DEST[name];
  const land = name.startsWith("B") ? t("Land of Influence") : t("Trading Land");
  if (!d) return t("{name}, a {land}.", { name, land });
  const [kind, size, need, immediate, trade] = d;
  const cost = kind === 0
    ? need.map((k, i) => (k ? `${k} ${colourName(["red", "yellow", "green", "blue", "purple"][i])}` : null)).filter(Boolean).join(" + ")
    : kind === 1 ? t("{n} vikings of one colour", { n: size }) : t("{n} vikings of different colours", { n: size });
  const columns = trade.map(gainShort).join(" | ");
  return t("{name}, a {land}. Explore it by discarding {cost} from your crew (a recruit token replaces any one card; the payment is exact). You gain {gains} at once; then it sits above your boat and each trade also collects its columns ({columns}).", { name, land, cost, gains: gainsWords(immediate), columns });
}

export const TIPS = {
  get vpTrack() { return t("Victory points. The end is triggered when a player reaches 40: the round is played out so that everyone has had as many turns; most points win (ties: most recruits and bracelets left)."); },
  get reputationTrack() { return t("Reputation, 0 to 14. At the start of each of your turns you score the points under your step ({points}).", { points: [...new Set(REPUTATION_VP)].map((v) => `+${v}`).join(", ") }); },
  get deck() { return t("The viking deck: it refills the market and gives the vikings drawn into crews. When it is empty the discard pile is shuffled into a new deck."); },
  get discard() { return t("The discard pile: the vikings paid for destinations. Public: anyone may look through it."); },
  get bracelet() { return t("Silver bracelets (at most 3). Trade, once a turn before or after your action: return 1, 2 or 3 bracelets and collect columns 1 up to that number of your boat and of every destination you own."); },
  get recruit() { return t("Recruit tokens (at most 3). Spend one to take any market viking after recruiting instead of the matching slot's, or in place of one card when paying a destination."); },
  get reputation() { return t("Reputation: at the start of each of your turns you score the victory points of your step on the reputation track."); },
  get vp() { return t("Victory points: the first to 40 triggers the end of the game."); },
  get coin() { return t("Silver coins (Skali, at most 3 in your skáli): they pay for buildings."); },
  get raid() { return t("Raid tokens (Skali). When none remain on the board at the end of a turn, a raid: the players with the most tokens gain their village's white raid gains, those with the fewest apply its black losses."); },
  get raidBoard() { return t("Raid tokens still on the board. When the last one is taken, the raid is resolved at the end of that turn."); },
  get hand() { return t("Your hand, hidden from the others. Recruit: play one into your crew, gain the icons of its column, then take a market viking; your hand is back at 3."); },
  get otherHand() { return t("This player's hand: its size, and the vikings everybody saw it take from the market."); },
  get changeToken() { return t("Change token (Skali, 2 players): turn it to its used side to renew 1 or 2 of the visible buildings."); },
  get buildings() { return t("The building market (Skali). Develop, once a turn before or after your action: pay a building's cost in silver coins and add it to your village."); },
  get payment() { return t("The destination being explored: click the crew vikings (or the recruit token) that pay what is left of its cost."); },
};

/** A crew column of colour `c`. @param {string} c @param {string[]} cards @returns {string} */
export function crewTip(c, cards) {
  return tn("Crew, {colour} column ({n} viking). Recruiting a {colour} viking gains the icon of every card here. Crew vikings are discarded to pay for destinations.",
    "Crew, {colour} column ({n} vikings). Recruiting a {colour} viking gains the icon of every card here. Crew vikings are discarded to pay for destinations.",
    cards.length, { colour: colourName(c) });
}

/** The boat of side `side` ("normal" or "advanced").
 * @param {string} side @param {number[]} columns @returns {string} */
export function boatTip(side, columns) {
  const words = columns.map((g, k) => `${k + 1}: ${gainShort(g)}`).join(", ");
  const named = side === "advanced" ? t("advanced") : side === "normal" ? t("normal") : side;
  return t("The boat ({side} side). Trade by returning 1, 2 or 3 bracelets: you collect columns 1 up to that number here ({columns}) and on every destination above the boat.", { side: named, columns: words });
}

/** A building "building 7" (by number), or the skáli board of `board`.
 * @param {string} label @param {number} number @param {string | null} [board] @returns {string} */
export function villageTip(label, number, board = null) {
  /** @type {import("./data.js").VillageCard | null} */
  const card = number ? BUILDINGS[number - 1] : board ? [0, ...SKALI[board]] : null;
  if (!card) return label;
  const [cost, lines, most, fewest] = card;
  const gains = lines.map((vec, i) => (vec.some((k) => k) ? `${lineWords(i)}: ${gainsWords(vec)}` : null)).filter(Boolean);
  const what = number
    ? tn("A building (cost {n} silver coin). Developed into a village it activates after each action:", "A building (cost {n} silver coins). Developed into a village it activates after each action:", cost)
    : t("Your skáli: with your buildings it is your village, which activates after each action:");
  const none = t("no line");
  return t("{what} {lines}. Raid won: {won}; raid lost: {lost}.", { what, lines: gains.join("; ") || none, won: gainsWords(most), lost: gainsWords(fewest) });
}

/** The artifact in play by its title. @param {string} title @returns {string} */
export function artifactTip(title) {
  return t("Artifact {title}, for every player: {rule}", { title: artifactName(title), rule: ARTIFACT_RULES[title] ?? "" });
}
