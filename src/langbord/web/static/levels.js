// Bot levels as a person reads them: the picker's short label, and the line under the picker
// that says what the choice means (where the level stands among the game's levels, its
// measured strength, its think time).
import { capitalise } from "./names.js";

/** @typedef {import("./types.js").Level} Level */

/** "about 0.6 s a move", or "answers at once".
 * @param {Level} level */
function thinkTime(level) {
  const seconds = level.seconds ?? level.max_seconds;
  return seconds < 0.01 ? "answers at once" : `about ${seconds < 1 ? seconds.toPrecision(1) : seconds.toFixed(1)} s a move`;
}

/** The measured strength: "rating 847" or "wins 88% solo".
 * @param {Level} level */
function strength(level) {
  if (level.rating === null) return null;
  return level.measure === "win rate" ? `wins ${Math.round(level.rating)}% solo` : `rating ${Math.round(level.rating)}`;
}

/** A level in the picker: "Club — rating 420, about 0.02 s a move".
 * @param {Level} level */
export function levelLabel(level) {
  const words = [strength(level), thinkTime(level)].filter((w) => w !== null);
  return `${capitalise(level.name)} — ${words.join(", ")}`;
}

/** The line under a seat's picker: what its choice means, or "" for a person.
 * "Level 5 of 5, the strongest: rating 847 (random moves rate 0), about 0.6 s a move."
 * @param {string} choice "human", a level's name, an agent spec or "advanced"
 * @param {Level[]} levels the game's levels, weakest first */
export function seatHelp(choice, levels) {
  if (choice === "human") return "";
  if (choice === "advanced") return "Type any agent spec, e.g. mcts:iterations=500 (langbord rules GAME lists them).";
  const index = levels.findIndex((l) => l.name === choice);
  if (index < 0) return `The ${choice} agent, as written (for testing and study).`;
  const level = levels[index];
  const place = index === 0 ? ", the gentlest" : index === levels.length - 1 ? ", the strongest" : "";
  const measured = strength(level);
  const scale = level.measure === "win rate" ? "" : " (random moves rate 0)";
  const what = measured === null ? thinkTime(level) : `${measured}${scale}, ${thinkTime(level)}`;
  return `Level ${index + 1} of ${levels.length}${place}: ${what}.`;
}
