// Bot levels as a person reads them: the picker's short label (the level's name and what it is
// like), and the line under the picker that says what the choice means (where the level stands
// among the game's levels, what it is like, its think time): words a player reads the same way
// at every game. The measured ratings stay out of sight (each game has its own scale).
import { capitalise } from "./names.js";
import { t } from "./i18n.js";

/** @typedef {import("./types.js").Level} Level */

/** "about 0.6 s a move", or "answers at once".
 * @param {Level} level */
function thinkTime(level) {
  const seconds = level.seconds ?? level.max_seconds;
  return seconds < 0.01 ? t("answers at once") : t("about {seconds} s a move", { seconds: seconds < 1 ? seconds.toPrecision(1) : seconds.toFixed(1) });
}

/** A level in the picker: "Club — looks a little ahead" (its label from the server, in the
 * player's language; else its name with a capital).
 * @param {Level} level */
export function levelLabel(level) {
  return t("{level} — {description}", { level: level.label || capitalise(level.name), description: level.description });
}

/** The line under a seat's picker: what its choice means, or "" for a person.
 * "Level 5 of 5, the strongest langbord has, and the slowest to answer: about 0.6 s a move."
 * @param {string} choice "human", a level's name, an agent spec or "advanced"
 * @param {Level[]} levels the game's levels, weakest first */
export function seatHelp(choice, levels) {
  if (choice === "human") return "";
  if (choice === "advanced") return t("Type any agent spec, e.g. mcts:iterations=500 (langbord rules GAME --card lists them).");
  const index = levels.findIndex((l) => l.name === choice);
  if (index < 0) return t("The {agent} agent, as written (for testing and study).", { agent: choice });
  const level = levels[index];
  return t("Level {n} of {count}: {description}; {time}.", { n: index + 1, count: levels.length, description: level.description, time: thinkTime(level) });
}
