// Rulings told to a player: in their words, behind a summary, wherever a rule rests on one (an
// option's help, the end of a game, a "why not?" answer). Its own module: the boards' helpers
// (svg.js) use it, and the rules panel (rules.js), which imports the boards, cannot be theirs.
import { h } from "./dom.js";
import { t } from "./i18n.js";

/** Rulings (where the rulebook is silent, what langbord does) in their words, shown on request
 * under "How langbord plays it"; null without any. A ruling's id is only inside, in its words.
 * @param {{id: string, text: string}[]} rulings
 * @param {string} [extra] more classes for the box */
export function rulingsNote(rulings, extra = "") {
  if (!rulings.length) return null;
  return h("details", { class: `rulings ${extra}`.trim() }, h("summary", {}, t("How langbord plays it")),
    h("ul", {}, rulings.map((r) => h("li", {}, r.text || r.id))));
}
