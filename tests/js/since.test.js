// Unit tests of the "since your turn" list.
import test from "node:test";
import assert from "node:assert/strict";
import { sinceYourTurn } from "../../src/langbord/web/static/since.js";
import { entryLine } from "../../src/langbord/web/static/names.js";

/** @param {number} move @param {number | null} player */
const entry = (move, player) => ({ move, player, action: `a${move}`, words: `a${move}` });
/** @type {import("../../src/langbord/web/static/types.js").Player[]} */
const players = [
  { seat: 0, kind: "human", bot: null, name: "Ann", joined: true, seat_name: "red" },
  { seat: 1, kind: "bot", bot: "mcts", name: "mcts", joined: true, seat_name: "blue" },
];

test("the list starts after the seat's own last decision", () => {
  const log = [entry(0, 0), entry(1, 1), entry(2, 0), entry(3, null), entry(4, 1)];
  const { entries, hidden } = sinceYourTurn(log, [0]);
  assert.deepEqual(entries.map((e) => e.move), [3, 4]);
  assert.equal(hidden, 0);
});

test("nothing since: the seat has just decided", () => {
  const log = [entry(0, 1), entry(1, 0)];
  assert.deepEqual(sinceYourTurn(log, [0]).entries, []);
});

test("a seat that never decided sees everything; a long list keeps the newest", () => {
  const log = Array.from({ length: 15 }, (_, k) => entry(k, 1));
  const { entries, hidden } = sinceYourTurn(log, [0], 10);
  assert.deepEqual(entries.map((e) => e.move), [5, 6, 7, 8, 9, 10, 11, 12, 13, 14]);
  assert.equal(hidden, 5);
  assert.equal(sinceYourTurn(log, [], 3).entries.length, 3); // a spectator: the last few
});

test("a hotseat client's seats all count as its own", () => {
  const log = [entry(0, 0), entry(1, 1), entry(2, 2), entry(3, null)];
  assert.deepEqual(sinceYourTurn(log, [0, 2]).entries.map((e) => e.move), [3]);
});

test("entries read as words with seat names, never 'seat 0'", () => {
  const take = { move: 0, player: 1, action: "take blue", words: "take the blue card" };
  assert.equal(entryLine(take, players), "Blue: take the blue card");
  assert.equal(entryLine({ ...take, kind: "take", args: { slot: "blue" } }, players), "Blue: take the blue card");
  assert.equal(entryLine({ move: 0, player: 0, action: "x", words: "pass" }, players, 0), "You: pass");
  assert.equal(entryLine({ move: 0, player: null, action: "roll 4", words: "the die shows 4" }, players), "Chance: the die shows 4");
  assert.equal(entryLine({ move: 0, player: 3, action: "x", words: "x" }, players), "Player 4: x");
});

test("the notation follows the words only when asked for, and only if it says more", () => {
  const take = { move: 0, player: 1, action: "take blue", words: "take the blue card" };
  assert.equal(entryLine(take, players, null, true), "Blue: take the blue card [take blue]");
  assert.equal(entryLine({ ...take, words: "take blue" }, players, null, true), "Blue: take blue");
  assert.equal(entryLine(take, players, null, false), "Blue: take the blue card");
});

test("a game without seat names gets 'Player N', counted from 1", () => {
  /** @type {import("../../src/langbord/web/static/types.js").Player[]} */
  const plain = [{ seat: 0, kind: "human", bot: null, name: "Ann", joined: true, seat_name: "seat 0" }];
  assert.equal(entryLine({ move: 0, player: 0, action: "x", words: "x" }, plain), "Player 1: x");
});
