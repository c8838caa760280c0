// Unit tests of the bot levels' labels and the line under a seat's picker.
import test from "node:test";
import assert from "node:assert/strict";
import { levelLabel, seatHelp } from "../../src/langbord/web/static/levels.js";

/** @param {string} name @param {number | null} rating @param {number | null} seconds
 * @param {"rating" | "win rate"} [measure]
 * @returns {import("../../src/langbord/web/static/types.js").Level} */
const level = (name, rating, seconds, measure = "rating") => ({
  name, label: name[0].toUpperCase() + name.slice(1), description: `what ${name} is like`, spec: `spec-of-${name}`, measure, rating, interval: null, seconds, max_seconds: 10,
});
const ladder = [
  level("beginner", 169, 0.0002), level("casual", 284, 0.0003), level("club", 378, 0.0003),
  level("strong", 577, 0.038), level("best", 847, 0.64),
];

test("a level's label is its name and what it is like, never a game's own rating", () => {
  assert.equal(levelLabel(ladder[4]), "Best — what best is like");
  assert.equal(levelLabel(ladder[0]), "Beginner — what beginner is like");
  assert.doesNotMatch(levelLabel(level("best", 88, 2.5, "win rate")), /\d/);
});

test("an unmeasured level falls back on the most it may take", () => {
  assert.equal(seatHelp("club", [level("club", null, null)]), "Level 1 of 1: what club is like; about 10.0 s a move.");
});

test("the line under the picker places the level among the game's levels, the same way at every game", () => {
  assert.equal(seatHelp("best", ladder), "Level 5 of 5: what best is like; about 0.6 s a move.");
  assert.equal(seatHelp("beginner", ladder), "Level 1 of 5: what beginner is like; answers at once.");
  assert.equal(seatHelp("club", ladder), "Level 3 of 5: what club is like; answers at once.");
  const solo = [level("beginner", 6, 0.0001, "win rate"), level("best", 88, 0.6, "win rate")];
  assert.equal(seatHelp("best", solo), "Level 2 of 2: what best is like; about 0.6 s a move.");
});

test("a person needs no line; a spec and the free field say what they are", () => {
  assert.equal(seatHelp("human", ladder), "");
  assert.equal(seatHelp("greedy", ladder), "The greedy agent, as written (for testing and study).");
  assert.match(seatHelp("advanced", ladder), /any agent spec/);
});
