// Unit tests of svg.js's pure helpers (no DOM needed): colours and colour-blind letters.
import test from "node:test";
import assert from "node:assert/strict";
import { colour, COLOURS, mark } from "../../src/langbord/web/static/svg.js";

test("a named colour is its own, an unnamed seat takes the palette in turn", () => {
  assert.equal(colour("red"), COLOURS.red);
  assert.equal(colour("light blue"), COLOURS["light blue"]);
  assert.notEqual(colour("nobody", 0), colour("nobody", 1));
  assert.equal(colour("nobody", 0), colour("nobody", 6));
});

test("a seat's mark is its colour's letter, else its number counted from 1, never 0", () => {
  assert.equal(mark("red", 0), "R");
  assert.equal(mark("seat 0", 0), "1");
  assert.equal(mark("seat 2", 2), "3");
});
