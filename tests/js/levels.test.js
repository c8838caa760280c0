// Unit tests of the bot levels' labels and the line under a seat's picker.
import test from "node:test";
import assert from "node:assert/strict";
import { levelLabel, seatHelp } from "../../src/langbord/web/static/levels.js";

/** @param {string} name @param {number | null} rating @param {number | null} seconds
 * @param {"rating" | "win rate"} [measure]
 * @returns {import("../../src/langbord/web/static/types.js").Level} */
const level = (name, rating, seconds, measure = "rating") => ({
  name, spec: `spec-of-${name}`, measure, rating, interval: null, seconds, max_seconds: 10,
});
const ladder = [
  level("beginner", 169, 0.0002), level("casual", 284, 0.0003), level("club", 378, 0.0003),
  level("strong", 577, 0.038), level("best", 847, 0.64),
];

test("a level's label gives its rating and think time", () => {
  assert.equal(levelLabel(ladder[4]), "Best — rating 847, about 0.6 s a move");
  assert.equal(levelLabel(ladder[0]), "Beginner — rating 169, answers at once");
  assert.equal(levelLabel(level("best", 88, 2.5, "win rate")), "Best — wins 88% solo, about 2.5 s a move");
});

test("an unmeasured level falls back on the most it may take", () => {
  assert.equal(levelLabel(level("club", null, null)), "Club — about 10.0 s a move");
  assert.equal(seatHelp("club", [level("club", null, null)]), "Level 1 of 1, the gentlest: about 10.0 s a move.");
});

test("the line under the picker places the level among the game's levels", () => {
  assert.equal(seatHelp("best", ladder), "Level 5 of 5, the strongest: rating 847 (random moves rate 0), about 0.6 s a move.");
  assert.equal(seatHelp("beginner", ladder), "Level 1 of 5, the gentlest: rating 169 (random moves rate 0), answers at once.");
  assert.equal(seatHelp("club", ladder), "Level 3 of 5: rating 378 (random moves rate 0), answers at once.");
  const solo = [level("beginner", 6, 0.0001, "win rate"), level("best", 88, 0.6, "win rate")];
  assert.equal(seatHelp("best", solo), "Level 2 of 2, the strongest: wins 88% solo, about 0.6 s a move.");
});

test("a person needs no line; a spec and the free field say what they are", () => {
  assert.equal(seatHelp("human", ladder), "");
  assert.equal(seatHelp("greedy", ladder), "The greedy agent, as written (for testing and study).");
  assert.match(seatHelp("advanced", ladder), /any agent spec/);
});
