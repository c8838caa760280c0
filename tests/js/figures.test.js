// Unit tests of the figures on Skoventyr's cards: every Ally kind and Gamle Erik has its own,
// drawn in the card's ink with its cut-outs in the card's colour; the letter stays beside it.
import test from "node:test";
import assert from "node:assert/strict";
import { installFakeDom } from "./fakedom.js";
import { FIGURES, figure, hasFigure } from "../../src/langbord/web/static/boards/skoventyr/figures.js";
import { ALLIES } from "../../src/langbord/web/static/boards/skoventyr/tips.js";
import { card } from "../../src/langbord/web/static/boards/skoventyr/cards.js";

installFakeDom();

/** Every element under `node` (the fake DOM has no selectors).
 * @param {any} node @returns {any[]} */
function under(node) {
  return node.children.flatMap((/** @type {any} */ c) => [c, ...under(c)]);
}

test("every Ally kind and Gamle Erik has a figure of its own", () => {
  for (const name of [...ALLIES, "Gamle Erik"]) assert.ok(hasFigure(name), name);
  const drawn = Object.values(FIGURES).map((f) => JSON.stringify(f));
  assert.equal(new Set(drawn).size, drawn.length, "two kinds share a figure");
  assert.equal(hasFigure("?"), false);
});

test("a figure is drawn in the ink, cut out in the card's colour, and hidden from screen readers", () => {
  const parent = globalThis.document.createElementNS("http://www.w3.org/2000/svg", "g");
  const g = figure(parent, "Nisse", 50, 50, 60, "#ffffff", "#2f62c8");
  assert.ok(g);
  assert.equal(g.getAttribute("aria-hidden"), "true");
  const fills = under(g).filter((n) => n.tagName === "path").map((p) => p.getAttribute("fill"));
  assert.ok(fills.includes("#ffffff") && fills.includes("#2f62c8"));
  assert.equal(figure(parent, "?", 50, 50, 60, "#fff", "#000"), null);
});

test("a card large enough for its name shows the figure and keeps its letter; a small one, the letter", () => {
  const parent = globalThis.document.createElementNS("http://www.w3.org/2000/svg", "g");
  const big = card(parent, "Trold", 0, 0, 90, 90);
  assert.ok(under(big).some((n) => n.getAttribute("class") === "sv-figure"));
  const words = under(big).filter((n) => n.tagName === "text").map((n) => n.textContent);
  assert.deepEqual(words, ["T", "Trold"]);
  const small = card(parent, "Trold", 0, 0, 36, 40);
  assert.ok(!under(small).some((n) => n.getAttribute("class") === "sv-figure"));
  assert.deepEqual(under(small).filter((n) => n.tagName === "text").map((n) => n.textContent), ["T"]);
});
