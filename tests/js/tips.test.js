// Unit tests of the tooltip's pure logic: where a tip goes beside its element (above, below,
// right or left, covering the fewest places that can be chosen, never off the screen) and how
// its words split into a bold first sentence and the rest.
import test from "node:test";
import assert from "node:assert/strict";
import { placeTip, tipParts } from "../../src/langbord/web/static/tips.js";

const phone = { width: 390, height: 844 };
const tip = { width: 200, height: 40 };

/** Whether a tip put at `spot` lies wholly inside `view`, `gap` pixels from its edges.
 * @param {{left: number, top: number}} spot @param {{width: number, height: number}} size
 * @param {{width: number, height: number}} view */
const inside = (spot, size, view, gap = 8) => spot.left >= gap && spot.top >= gap
  && spot.left + size.width <= view.width - gap && spot.top + size.height <= view.height - gap;

test("without places to avoid a tip goes above its element, else below, as before", () => {
  assert.deepEqual(placeTip({ left: 100, top: 300, width: 40, height: 40 }, tip, phone), { left: 20, top: 252 });
  assert.deepEqual(placeTip({ left: 100, top: 10, width: 40, height: 40 }, tip, phone), { left: 20, top: 58 });
  assert.equal(placeTip({ left: 380, top: 300, width: 10, height: 10 }, tip, phone).left, 390 - 200 - 8);
  assert.equal(placeTip({ left: 0, top: 300, width: 10, height: 10 }, tip, phone).left, 8);
  // An empty list of places is the same as none.
  assert.deepEqual(placeTip({ left: 100, top: 300, width: 40, height: 40 }, tip, phone, 8, []), { left: 20, top: 252 });
  // No room above nor below: below, moved up to stay on the screen.
  assert.deepEqual(placeTip({ left: 100, top: 20, width: 40, height: 800 }, tip, phone), { left: 20, top: 844 - 40 - 8 });
});

test("a tip goes below its element when a place that can be chosen is above it", () => {
  const target = { left: 100, top: 300, width: 40, height: 40 };
  const card = { left: 0, top: 240, width: 390, height: 50 }; // the row of cards above
  assert.deepEqual(placeTip(target, tip, phone, 8, [card]), { left: 20, top: 348 });
  // Places above, below and right of it (the left is off the screen): the spot that covers
  // the least of them, below; with the place below wider, right.
  const low = { left: 0, top: 350, width: 60, height: 30 };
  const beside = { left: 200, top: 295, width: 190, height: 50 };
  assert.deepEqual(placeTip(target, tip, phone, 8, [card, low, beside]), { left: 20, top: 348 });
  const wide = { left: 0, top: 350, width: 390, height: 60 };
  assert.deepEqual(placeTip(target, tip, phone, 8, [card, wide, beside]), { left: 148, top: 300 });
});

test("a tip goes right, then left, of its element when above and below are taken", () => {
  const target = { left: 100, top: 300, width: 40, height: 40 };
  const small = { width: 80, height: 30 };
  const wide = { width: 900, height: 600 };
  const row = (/** @type {number} */ top) => ({ left: 0, top, width: 900, height: 40 });
  const rows = [row(250), row(350)];
  assert.deepEqual(placeTip(target, small, wide, 8, rows), { left: 148, top: 305 });
  // The right side taken too: left.
  const right = { left: 140, top: 280, width: 760, height: 80 };
  assert.deepEqual(placeTip(target, small, wide, 8, [...rows, right]), { left: 12, top: 305 });
});

test("ties go above, then below, then right, then left", () => {
  const target = { left: 400, top: 300, width: 40, height: 40 };
  const view = { width: 900, height: 700 };
  const small = { width: 80, height: 30 };
  const far = { left: 800, top: 650, width: 20, height: 20 }; // covered by no spot
  assert.deepEqual(placeTip(target, small, view, 8, [far]), { left: 380, top: 262 }); // above
  // Every spot covers the same area of a place: still above.
  const around = [
    { left: 380, top: 262, width: 10, height: 10 }, // in the spot above
    { left: 380, top: 348, width: 10, height: 10 }, // below
    { left: 448, top: 305, width: 10, height: 10 }, // right
    { left: 312, top: 305, width: 10, height: 10 }, // left
  ];
  assert.deepEqual(placeTip(target, small, view, 8, around), { left: 380, top: 262 });
  assert.deepEqual(placeTip(target, small, view, 8, around.slice(1)), { left: 380, top: 262 });
  assert.deepEqual(placeTip(target, small, view, 8, [around[0], around[2], around[3]]), { left: 380, top: 348 });
  assert.deepEqual(placeTip(target, small, view, 8, [around[0], around[1], around[3]]), { left: 448, top: 305 });
  assert.deepEqual(placeTip(target, small, view, 8, around.slice(0, 3)), { left: 312, top: 305 });
});

test("in a small viewport a tip stays inside the screen", () => {
  const view = { width: 320, height: 240 };
  const size = { width: 180, height: 60 };
  const everywhere = [{ left: 0, top: 0, width: 320, height: 240 }];
  for (const target of [
    { left: 0, top: 0, width: 30, height: 30 },
    { left: 290, top: 0, width: 30, height: 30 },
    { left: 0, top: 210, width: 30, height: 30 },
    { left: 290, top: 210, width: 30, height: 30 },
    { left: 140, top: 100, width: 40, height: 40 },
    { left: 0, top: 0, width: 320, height: 240 }, // the whole screen: no spot beside it fits
  ]) {
    for (const avoid of [[], everywhere, [{ left: 0, top: 0, width: 320, height: 100 }]]) {
      const spot = placeTip(target, size, view, 8, avoid);
      assert.ok(inside(spot, size, view), JSON.stringify({ target, avoid, spot }));
    }
  }
  // A place above a corner element: below it, not off the top nor the sides.
  const corner = { left: 290, top: 60, width: 30, height: 30 };
  assert.deepEqual(placeTip(corner, size, view, 8, [{ left: 200, top: 0, width: 120, height: 55 }]), { left: 132, top: 98 });
});

test("a spot that does not fit is not taken, even when it covers no place", () => {
  // Above would cover the place; below is off the screen; right and left do not fit: above it
  // is, as the only spot inside the screen.
  const view = { width: 220, height: 200 };
  const target = { left: 10, top: 120, width: 200, height: 40 };
  const place = { left: 0, top: 90, width: 220, height: 20 };
  const spot = placeTip(target, { width: 200, height: 60 }, view, 8, [place]);
  assert.deepEqual(spot, { left: 10, top: 52 });
});

test("a tip's first line or sentence is its head, the rest follows", () => {
  assert.deepEqual(tipParts("Lindorm 1, value 4. A Minion of Gamle Erik. Worth 4 at the end."),
    { head: "Lindorm 1, value 4.", rest: "A Minion of Gamle Erik. Worth 4 at the end." });
  assert.deepEqual(tipParts("Ship 2\nCrew: 3 Vikings.\nCargo: fish"), { head: "Ship 2", rest: "Crew: 3 Vikings.\nCargo: fish" });
  assert.deepEqual(tipParts("A Viking card: recruit it to your crew"), { head: "A Viking card: recruit it to your crew", rest: "" });
  assert.deepEqual(tipParts("Board size"), { head: "Board size", rest: "" });
  assert.deepEqual(tipParts("One sentence."), { head: "One sentence.", rest: "" });
  assert.deepEqual(tipParts("Worth 1.5 points? Yes! Always."), { head: "Worth 1.5 points?", rest: "Yes! Always." });
  assert.deepEqual(tipParts("  Spaced.  Out.  "), { head: "Spaced.", rest: "Out." });
});
