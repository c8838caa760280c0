// Unit tests of what the turn bar says (pure: no DOM).
import test from "node:test";
import assert from "node:assert/strict";
import { barText, showingText } from "../../src/langbord/web/static/turnbar.js";

/** A table at which seat 0 (a person) is to move, or not. @param {boolean} yours @returns {any} */
const table = (yours) => ({
  status: "playing", to_move: 0, move: 5, you: 0,
  players: [{ seat: 0, kind: "human", bot: null, name: "Ann", joined: true, seat_name: "red" },
    { seat: 1, kind: "bot", bot: "random", name: "random", joined: true, seat_name: "blue" }],
  legal: yours ? [{ id: 1, text: "take d1", words: "take the display's first card", kind: "take", args: {} }] : [],
  prompt: yours ? "take a display card or draw" : null,
  log: [],
});

test("while the others' moves are shown the bar never says 'your move'", () => {
  const shown = showingText(table(true), 0);
  assert.equal(shown.yours, false);
  assert.doesNotMatch(shown.line, /Your move/);
  assert.match(shown.line, /tap the board or Skip/);
  assert.equal(showingText(table(false), null).who, "The latest moves");
});

test("once they are shown, the seat to move reads its prompt in words", () => {
  const said = barText(table(true));
  assert.equal(said.yours, true);
  assert.equal(said.line, "Your move: take a display card or draw");
});
