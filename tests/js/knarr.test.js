// Unit tests of Knarr's board logic (no DOM): where each legal action is clicked, from its kind
// and arguments, and the layouts for a desktop and a phone, on tables from seeded random games
// (fixtures/knarr.json, written by make_fixtures.py).
import test from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { placeOf, plan } from "../../src/langbord/web/static/boards/knarr/places.js";
import { NARROW, TOUCH, WIDE, clickRects, drawnPlaces, groups, layout } from "../../src/langbord/web/static/boards/knarr/layout.js";
import { destinationTip, vikingTip, villageTip } from "../../src/langbord/web/static/boards/knarr/tips.js";

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
  for (const t of TABLES) {
    const geo = layout(t.view, t.you, t.legal, false);
    const slot = geo.market.slots[0];
    assert.ok(slot.y + slot.h < 420);
    const mine = geo.seats[0];
    assert.equal(mine.seat.seat, t.you);
    const last = mine.parts.hand[mine.parts.hand.length - 1];
    if (last) assert.ok(mine.y + last.y + last.h < 760, `hand at ${mine.y + last.y}`);
  }
});

test("a crew column groups its vikings by type", () => {
  assert.deepEqual(groups(["red vp", "red bracelet", "red vp"]), [{ type: "red vp", count: 2 }, { type: "red bracelet", count: 1 }]);
});

test("components are explained in the rules' words", () => {
  assert.match(vikingTip("red bracelet"), /bracelet.*red column/);
  assert.match(destinationTip("B4"), /Land of Influence.*1 red \+ 1 yellow/);
  assert.match(villageTip("building 1", 1), /cost 2 silver coins/);
});
