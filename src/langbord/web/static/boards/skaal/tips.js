// What each of Skåål's components is, in the rulebook's words (a board puts them in `data-tip`),
// each said in the language spoken when it is read (a getter: the catalog loads after this module).
import { t } from "../../i18n.js";

export const TIPS = {
  get region() { return t("A region of Skaalland, joined by roads to three others. On your turn do one action: place a dwarf, move one along a road, prospect, harvest, build or move an Inn."); },
  get dwarfs() { return t("Dwarfs of a clan in this region: the clan with the most dwarfs here may build a Royal Inn; each dwarf harvests one nugget."); },
  get innkeeper() { return t("The gold ring marks the innkeeper's clan: the Inn's owner gains 1 respect for each opposing dwarf here at the start of each turn. The innkeeper harvests nothing and no rumor moves him."); },
  get inn() { return t("A Royal Inn: its owner earns 1 respect per opposing dwarf in this region at the start of each of their turns. A clan with more dwarfs here takes it over; its owner may move it to any region."); },
  get build() { return t("Build a Royal Inn here (your clan has the majority): one of your dwarfs becomes its innkeeper. One Inn per region; no second Inn of your own."); },
  get nuggets() { return t("Gold nuggets: harvest as many as you have dwarfs here (innkeepers do not harvest); each is 1 respect. The last one taken exhausts the vein (an Ooops)."); },
  get ooops() { return t("The Ooops: this region is empty of gold for good; nobody can prospect here. When every region shows the Ooops, the game ends."); },
  get die() { return t("The special die: 1–5 is the number of nuggets found, or the Ooops. Prospecting first advances the Prospecting Pawn one space, then rolls."); },
  get prospect() { return t("Prospect: advance the Prospecting Pawn one space and roll the die; place the find in a region without an Inn or the Ooops, then a dwarf comes from every neighbouring region (the rumor)."); },
  get find() { return t("The find of the last roll: choose a region for it. Nuggets go where no Inn and no Ooops are; an Ooops only in an empty region."); },
  get rumor() { return t("The rumor: a dwarf must come from every region joined by road to the find; where several clans are, the prospector chooses whose. Innkeepers never move."); },
  get road() { return t("A road: move one of your dwarfs along it to the neighbouring region."); },
  get roads() { return t("This region's roads: a dwarf moves only along a road, one region at a time."); },
  get track() { return t("The respect track: each clan's Dwarf Accountant counts its respect. Passing the Prospecting Pawn hops over it (a space gained); if the pawn lands on an accountant, it steps back."); },
  get pawn() { return t("The Prospecting Pawn advances one space before every roll; when it reaches \"mines closed\", nobody can prospect any more."); },
  get closed() { return t("Mines closed: once the Prospecting Pawn reaches this space, prospecting is no longer possible."); },
  get accountant() { return t("A Dwarf Accountant: its space on the respect track is the clan's respect + 1."); },
  get clan() { return t("A clan: its respect, the dwarfs still in reserve (to place), the Royal Inns in reserve and, at the start, the dwarfs still to set up."); },
};

/** A phase of the turn, in words. @param {string} phase */
export function phaseWord(phase) {
  switch (phase) {
    case "setup": return t("setup");
    case "action": return t("action");
    case "roll": return t("roll");
    case "find": return t("find");
    case "rumor": return t("rumor");
    case "over": return t("over");
    default: return phase;
  }
}
