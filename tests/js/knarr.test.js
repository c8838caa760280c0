// Unit tests of Knarr's board logic: where each legal action is clicked, from its kind and
// arguments, and the layouts for a desktop and a phone, on tables from seeded random games
// (fixtures/knarr.json, written by make_fixtures.py); and the board drawn on a fake DOM
// (fakedom.js), for the size of its texts.
import test from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { installFakeDom } from "./fakedom.js";
import { boardContext } from "../../src/langbord/web/static/svg.js";
import { draw } from "../../src/langbord/web/static/boards/knarr.js";
import { placeOf, plan } from "../../src/langbord/web/static/boards/knarr/places.js";
import { MARKER, NARROW, SMALL, TOUCH, WIDE, clickRects, drawnPlaces, groups, headerLines, layout, track } from "../../src/langbord/web/static/boards/knarr/layout.js";
import { destinationTip, vikingTip, villageTip } from "../../src/langbord/web/static/boards/knarr/tips.js";

installFakeDom();

/** The fixtures: tables as the server sends them to a seat.
 * @type {import("../../src/langbord/web/static/types.js").TableOf<import("../../src/langbord/web/static/contracts/knarr.js").KnarrView>[]} */
const TABLES = JSON.parse(readFileSync(new URL("./fixtures/knarr.json", import.meta.url), "utf8"));

test("the fixtures hold every kind of decision a Knarr seat meets", () => {
  const kinds = new Set(TABLES.flatMap((t) => t.legal.map((a) => a.kind)));
  for (const kind of ["take", "recruit", "explore", "pay", "pay recruit", "trade", "develop", "renew", "activate", "end turn", "mead", "reserve"]) {
    assert.ok(kinds.has(kind), kind);
  }
});

test("each action has its place from kind and args, whatever its text", () => {
  assert.equal(placeOf({ id: 1, text: "?", words: "?", kind: "take", args: { slot: "blue" } }), "market:blue");
  assert.equal(placeOf({ id: 1, text: "?", words: "?", kind: "pay", args: { card: "red vp" } }), "crew:red vp");
  assert.equal(placeOf({ id: 1, text: "?", words: "?", kind: "renew", args: { slot: 1, with: 3 } }), "renew:1+3");
  assert.equal(placeOf({ id: 1, text: "?", words: "?", kind: "end turn", args: {} }), "button:end turn");
});

test("every legal action of every table is on the board, at a place or as a button", () => {
  for (const narrow of [false, true]) {
    for (const t of TABLES) {
      const geo = layout(t.view, t.you, t.legal, narrow);
      const drawn = drawnPlaces(t.view, t.you);
      const onBoard = new Set([...geo.buttons, ...(geo.buildings?.renew ?? [])].map((b) => b.action.id));
      for (const [key, action] of plan(t.legal).places) if (drawn.has(key)) onBoard.add(action.id);
      for (const action of t.legal) assert.ok(onBoard.has(action.id), `${action.kind} ${JSON.stringify(action.args)}`);
    }
  }
});

test("nothing is wider than the board, at either width", () => {
  for (const narrow of [false, true]) {
    const W = narrow ? NARROW : WIDE;
    for (const t of TABLES) {
      const geo = layout(t.view, t.you, t.legal, narrow);
      assert.equal(geo.W, W);
      for (const r of clickRects(geo)) assert.ok(r.x >= 0 && r.x + r.w <= W + 0.01, `${JSON.stringify(r)} in ${W}`);
      for (const { parts } of geo.seats) {
        for (const col of parts.crew) assert.ok(col.x + col.w <= W);
        assert.ok(parts.boat.x + parts.boat.w <= W);
      }
    }
  }
});

test("on a phone every place a finger clicks is at least 44 CSS px", () => {
  for (const t of TABLES) {
    const geo = layout(t.view, t.you, t.legal, true);
    for (const r of clickRects(geo)) assert.ok(r.w >= TOUCH && r.h >= TOUCH, JSON.stringify(r));
  }
});

test("on a desktop the market and your hand are near the top", () => {
  // A unit is ~0.94 CSS px there: the market ends within ~280 px of the board's top, your hand
  // within ~560.
  for (const t of TABLES) {
    const geo = layout(t.view, t.you, t.legal, false);
    const slot = geo.market.slots[0];
    assert.ok(slot.y + slot.h < 300);
    const mine = geo.seats[0];
    assert.equal(mine.seat.seat, t.you);
    const last = mine.parts.hand[mine.parts.hand.length - 1];
    if (last) assert.ok(mine.y + last.y + last.h < 600, `hand at ${mine.y + last.y}`);
  }
});

/** Every <text> at or under `node` (a fake element).
 * @param {any} node @returns {any[]} */
function texts(node) {
  return node.tagName === "text" ? [node] : node.children.flatMap(texts);
}

test("every text of the board is drawn at SMALL units or more, at either width", () => {
  // The board is ~900 CSS px wide at 1280×800 and ~372 at 390×844: 12 px and 13 px at least.
  assert.ok((SMALL * 900) / WIDE >= 12 && (SMALL * 372) / NARROW >= 13);
  for (const narrow of [false, true]) {
    for (const t of TABLES) {
      const svg = /** @type {any} */ (draw(t, { ...boardContext(t, () => {}), narrow }));
      const all = texts(svg);
      assert.ok(all.length > 50);
      for (const node of all) assert.ok(Number(node.getAttribute("font-size")) >= SMALL, `${node.textContent} at ${node.getAttribute("font-size")}`);
    }
  }
});

test("a track stacks the markers on one space under its number; a row without any is its numbers only", () => {
  const on = track(41, 14, 14, 0, 25, [{ seat: 0, value: 7 }, { seat: 1, value: 7 }, { seat: 2, value: 8 }, { seat: 3, value: 30 }]);
  const [a, b, c] = [0, 1, 2].map((seat) => on.markers.find((m) => m.seat === seat) ?? assert.fail(`seat ${seat}`));
  assert.equal(a.x, b.x);
  assert.ok(b.y - a.y >= 16 && b.y - a.y < 2 * MARKER, "a stack: each letter clear of the next, the discs overlapping");
  assert.equal(c.y, a.y);
  assert.ok(c.x - a.x >= 20, "neighbours side by side");
  assert.ok(a.y - MARKER > on.spaces[7].y + 16, "under the space's number");
  const [row1, row2, row3] = [0, 14, 28].map((i) => on.spaces[i]);
  assert.ok(row1.h > row3.h && row2.h < row3.h, "the rows with markers are deeper");
  assert.equal(row2.y, row1.y + row1.h + 3);
  const alone = track(41, 41, 14, 0, 22, [{ seat: 0, value: 3 }]);
  assert.ok(alone.bottom - alone.spaces[0].y < track(41, 41, 14, 0, 22, [{ seat: 0, value: 3 }, { seat: 1, value: 3 }]).bottom);
});

test("the header gives a phone's artifacts and a triggered end lines of their own", () => {
  const view = /** @type {any} */ ({ ...TABLES[0].view, first: 1, end_triggered: true, extras: 0, artifact: "Helmet", artifacts: [] });
  assert.deepEqual(headerLines(view, true), [["round", "first"], ["end"], ["artifacts"]]);
  assert.deepEqual(headerLines(view, false), [["round", "first", "artifacts"], ["end"]]);
  assert.deepEqual(headerLines({ ...view, end_triggered: false, artifact: "none" }, true), [["round", "first"]]);
});

test("a crew column groups its vikings by type", () => {
  assert.deepEqual(groups(["red vp", "red bracelet", "red vp"]), [{ type: "red vp", count: 2 }, { type: "red bracelet", count: 1 }]);
});

test("components are explained in the rules' words", () => {
  assert.match(vikingTip("red bracelet"), /bracelet.*red column/);
  assert.match(destinationTip("B4"), /Land of Influence.*1 red \+ 1 yellow/);
  assert.match(villageTip("building 1", 1), /cost 2 silver coins/);
});
