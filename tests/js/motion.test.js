// Unit tests of the board's motion: which draws move, and that nothing moves when the player
// asked for less motion or the page cannot animate.
import test from "node:test";
import assert from "node:assert/strict";
import { animateMove, isStep, reducedMotion, remember, shownMove } from "../../src/langbord/web/static/motion.js";

test("the move a board shows is its last log entry's number", () => {
  assert.equal(shownMove({ log: [] }), -1);
  assert.equal(shownMove({ log: null }), -1);
  assert.equal(shownMove({ log: [{ move: 3 }, { move: 4 }] }), 4);
});

test("only moves played since the last drawing move the board", () => {
  assert.equal(isStep(undefined, 5), false, "a first drawing");
  assert.equal(isStep(null, 5), false);
  assert.equal(isStep(5, 5), false, "the same position drawn again (a pick, a resize)");
  assert.equal(isStep(6, 5), false, "a position stepped back to");
  assert.equal(isStep(4, 5), true);
  assert.equal(isStep(-1, 0), true, "the first move of a game");
  assert.equal(isStep(4, 12), true, "several moves shown at once");
});

test("without a page (no matchMedia) motion is not reduced, and nothing is remembered of no board", () => {
  assert.equal(reducedMotion(), false);
  assert.equal(remember(null), null);
});

test("with reduced motion asked, a move shown starts no animation", () => {
  const saved = globalThis.matchMedia;
  /** @param {string} query */
  const media = (query) => ({ matches: query.includes("reduce") });
  globalThis.matchMedia = /** @type {any} */ (media);
  try {
    assert.equal(reducedMotion(), true);
    let asked = 0;
    const svg = /** @type {any} */ ({ animate: () => { asked += 1; }, querySelector: () => null, querySelectorAll: () => [] });
    assert.deepEqual(animateMove(svg, null), []);
    assert.equal(asked, 0);
  } finally {
    globalThis.matchMedia = saved;
  }
});
