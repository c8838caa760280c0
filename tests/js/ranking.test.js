// Unit tests of the game's end as the page tells it: ranking with ties, headline, reason.
import test from "node:test";
import assert from "node:assert/strict";
import { rankingOf, headline, ordinal, reasonLine } from "../../src/langbord/web/static/ranking.js";

/** @param {number} s @param {string} name
 * @returns {import("../../src/langbord/web/static/types.js").Player} */
const seat = (s, name) => ({ seat: s, kind: "human", bot: null, name, joined: true, seat_name: name });
const players = [seat(0, "red"), seat(1, "blue"), seat(2, "yellow"), seat(3, "green")];

test("without the server's ranking: best first, equal scores share a place", () => {
  const rows = rankingOf({ scores: [10, 14, 10, 3], winners: [1] }, players);
  assert.deepEqual(rows.map((r) => [r.place, r.seat, r.score, r.tied]), [
    [1, 1, 14, false], [2, 0, 10, true], [2, 2, 10, true], [4, 3, 3, false],
  ]);
  assert.equal(rows[0].name, "Blue");
});

test("tied winners share the first place", () => {
  const rows = rankingOf({ scores: [7, 7, 2], winners: [0, 1] }, players.slice(0, 3));
  assert.deepEqual(rows.map((r) => [r.place, r.seat, r.tied]), [[1, 0, true], [1, 1, true], [3, 2, false]]);
});

test("a winner by the rules outranks a higher score (a tie-break the scores do not show)", () => {
  const rows = rankingOf({ scores: [5, 5], winners: [1] }, players.slice(0, 2));
  assert.deepEqual(rows.map((r) => [r.place, r.seat, r.tied]), [[1, 1, false], [2, 0, false]]);
});

test("the server's ranking is taken as it is, names filled in", () => {
  const ranking = [
    { place: 1, seat: 2, name: "Yellow", seat_name: "yellow", score: 9, tied: false },
    { place: 2, seat: 0, name: "", seat_name: "red", score: 4, tied: false },
  ];
  const rows = rankingOf({ scores: [4, 0, 9], winners: [2], ranking }, players.slice(0, 3));
  assert.deepEqual(rows.map((r) => [r.place, r.seat, r.name]), [[1, 2, "Yellow"], [2, 0, "Red"]]);
});

test("headlines: one winner, shared wins, nobody, everybody (a cooperative win)", () => {
  /** @param {number} s */
  const label = (s) => ["Red", "Blue", "Yellow"][s];
  const three = players.slice(0, 3);
  assert.equal(headline({ scores: [], winners: [1] }, three, label), "Blue wins!");
  assert.equal(headline({ scores: [], winners: [0, 2] }, three, label), "Red and Yellow share the win.");
  assert.equal(headline({ scores: [], winners: [] }, three, label), "Nobody wins.");
  assert.equal(headline({ scores: [], winners: [0, 1, 2] }, three, label), "Red, Blue and Yellow share the win.");
  assert.equal(headline({ scores: [], winners: [0, 1, 2] }, three, label, true), "Everybody wins together!");
});

test("places and reasons read as words", () => {
  assert.deepEqual([1, 2, 3, 4, 11, 12, 21].map(ordinal), ["1st", "2nd", "3rd", "4th", "11th", "12th", "21st"]);
  assert.equal(reasonLine({ scores: [], winners: [], reason: "a player reached 40 points" }), "A player reached 40 points.");
  assert.equal(reasonLine({ scores: [], winners: [] }), null);
});
