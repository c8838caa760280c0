// Unit tests of Skoventyr's board logic (no DOM): where each legal action is clicked, from its
// kind and arguments, the Rescue module shown only when played, and the layouts for a desktop and
// a phone (the Trees apart, words wrapped or squeezed to their room), on tables from seeded random
// games (fixtures/skoventyr.json, from make_fixtures.py).
import test from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { placeOf, plan, treeBack } from "../../src/langbord/web/static/boards/skoventyr/places.js";
import { NARROW, TEXT, TOUCH, WIDE, clickRects, drawnPlaces, forestGeo, layout, squeeze, textWidth, wrap } from "../../src/langbord/web/static/boards/skoventyr/layout.js";
import { cardTip, hasRescue, treeTip } from "../../src/langbord/web/static/boards/skoventyr/tips.js";

/** The fixtures: tables as the server sends them to a seat.
 * @type {import("../../src/langbord/web/static/types.js").TableOf<import("../../src/langbord/web/static/contracts/skoventyr.js").SkoventyrView>[]} */
const TABLES = JSON.parse(readFileSync(new URL("./fixtures/skoventyr.json", import.meta.url), "utf8"));

test("the fixtures hold every kind of decision a Skoventyr seat meets", () => {
  const kinds = new Set(TABLES.flatMap((t) => t.legal.map((a) => a.kind)));
  for (const kind of ["call", "call risky", "gambit", "position", "mission", "wrath", "rally", "rally ?", "involve", "rescue", "damage", "heal", "reveal", "on", "vogter to", "erik back", "recycle", "top", "bottom", "refuge", "revenge", "restoration", "done", "take", "discard"]) {
    assert.ok(kinds.has(kind), kind);
  }
});

test("each action has its place from kind and args, whatever its text", () => {
  assert.equal(placeOf({ id: 1, text: "?", words: "?", kind: "bottom", args: { slot: "f2" } }), "future:f2");
  assert.equal(placeOf({ id: 1, text: "?", words: "?", kind: "bottom", args: { card: "Trold" } }), "bottom:Trold");
  assert.equal(placeOf({ id: 1, text: "?", words: "?", kind: "discard", args: { ally: "Nisse" } }), "hand:Nisse");
  assert.equal(placeOf({ id: 1, text: "?", words: "?", kind: "discard", args: { slot: "f1" } }), "future:f1");
  const view = { forest: [{ tree: "A" }, { tree: "B", gamle_erik: true }, { tree: "C" }] };
  assert.equal(treeBack(view, 0), "B");
  assert.equal(treeBack(view, 1), "A");
  assert.equal(treeBack(view, 2), "C");
});

test("every legal action of every table is on the board, at a place or as a button", () => {
  for (const narrow of [false, true]) {
    for (const t of TABLES) {
      const geo = layout(t, t.legal, narrow);
      const drawn = drawnPlaces(geo, t.view);
      const onBoard = new Set([...geo.buttons.buttons, ...geo.minions.rally].map((b) => b.action.id));
      for (const [key, action] of plan(t.legal, t.view).places) if (drawn.has(key)) onBoard.add(action.id);
      for (const action of t.legal) assert.ok(onBoard.has(action.id), `${action.kind} ${JSON.stringify(action.args)}`);
    }
  }
});

test("nothing is wider than the board, and on a phone every place is a finger wide", () => {
  for (const narrow of [false, true]) {
    for (const t of TABLES) {
      const geo = layout(t, t.legal, narrow);
      assert.equal(geo.W, narrow ? NARROW : WIDE);
      for (const r of clickRects(geo)) {
        assert.ok(r.x >= 0 && r.x + r.w <= geo.W + 0.01, `${JSON.stringify(r)} in ${geo.W}`);
        if (narrow) assert.ok(r.w >= TOUCH && r.h >= TOUCH, JSON.stringify(r));
      }
    }
  }
});

test("on a desktop the hand, the Future and the Vogter cards are near the top", () => {
  for (const t of TABLES) {
    const geo = layout(t, t.legal, false);
    const first = geo.hands.hands[0];
    assert.equal(first.player, t.view.to_move);
    assert.ok(geo.at.hands.y + first.y + first.h < 400, `hand ends at ${geo.at.hands.y + first.y + first.h}`);
    assert.ok(geo.at.future.y + geo.future.slots[0].y < 600);
  }
});

test("the Rescue module is shown only when it is played", () => {
  const plain = TABLES.find((t) => !t.options?.rescue);
  assert.ok(plain);
  assert.deepEqual(plain.view.hostages, {});
  assert.equal(hasRescue(plain), false);
  const geo = layout(plain, plain.legal, true);
  assert.equal(geo.modules.hostages, null);
  assert.ok(!geo.vogter.cards.some((c) => c.name === "Rescue"));
  const rescue = TABLES.find((t) => t.options?.rescue);
  assert.ok(rescue);
  assert.equal(hasRescue(rescue), true);
  assert.ok(layout(rescue, rescue.legal, true).vogter.cards.some((c) => c.name === "Rescue"));
  // A table without its options: Rescue is seen from its Hostages and Acorns.
  assert.equal(hasRescue({ view: { ...plain.view } }), false);
  assert.equal(hasRescue({ view: { ...rescue.view } }), true);
});

test("what is being placed never overprints the deck", () => {
  for (const t of TABLES) {
    const view = { ...t.view, taking: /** @type {const} */ ("Trold"), placing: /** @type {const} */ ("Nisse") };
    for (const narrow of [false, true]) {
      const f = layout({ ...t, view }, t.legal, narrow).future;
      const lastStatus = f.statusY + (f.status.length - 1) * 20;
      assert.ok(lastStatus < f.linesY - 12, "status lines above the deck's lines");
      if (narrow) assert.ok(lastStatus < f.deck.y, "status lines above the piles");
      else assert.ok(lastStatus < f.deck.y || f.deck.x > 300, "the piles beside the Future");
    }
  }
});

test("components are explained in the rulebook's words", () => {
  assert.match(cardTip("Huldre"), /Damage a Tree/);
  assert.match(cardTip("Gamle Erik"), /Adversary/);
  assert.match(treeTip({ tree: "A", side: "damaged", vogter: false, gamle_erik: false, ally: null, revealed: false }), /Damaged and Free/);
});

test("the Trees of the Forest stay apart and clear of the words in its middle, with 1 to 8 Trees", () => {
  const t = TABLES.find((x) => x.options?.rescue) ?? TABLES[0];
  const trees = "ABCDEFGH".split("").map((tree) => ({ ...t.view.forest[0], tree }));
  for (const narrow of [false, true]) {
    for (let n = 1; n <= 8; n++) {
      const view = { ...t.view, forest: trees.slice(0, n), discarded_trees: ["X", "Y"], acorns_in_centre: /** @type {("1" | "2" | "3")[]} */ (["1", "1"]) };
      const f = forestGeo(view, narrow);
      const words = { x: f.cx - f.centre.w / 2, y: f.cy - f.centre.h / 2, w: f.centre.w, h: f.centre.h };
      /** @param {{x: number, y: number, w: number, h: number}} a @param {{x: number, y: number, w: number, h: number}} b */
      const apart = (a, b) => a.x + a.w <= b.x || b.x + b.w <= a.x || a.y + a.h <= b.y || b.y + b.h <= a.y;
      // Each Tree with its pawns' room above it.
      const boxes = f.trees.map((r) => ({ ...r, y: r.y - 16, h: r.h + 16 }));
      boxes.forEach((a, i) => {
        assert.ok(apart(a, words), `${n} Trees: Tree ${i} on the words`);
        boxes.slice(i + 1).forEach((b, j) => assert.ok(apart(a, b), `${n} Trees: Trees ${i} and ${i + j + 1}`));
        assert.ok(a.x >= 0 && a.x + a.w <= f.w && a.y >= 20, `${n} Trees: Tree ${i} out of its section`);
      });
    }
  }
});

test("long words are wrapped into lines that fit, or squeezed a little, never drawn past their room", () => {
  assert.deepEqual(wrap("take a Future card\n(click it)", TEXT, 160), ["take a Future card", "(click it)"]);
  const german = wrap("beschädige einen Baum, Karten\nder Zukunft unter den Stapel", TEXT, 160);
  assert.equal(german.length, 3);
  for (const line of german) assert.ok(textWidth(line, TEXT) <= 160 * 1.08, line);
  assert.deepEqual(squeeze("Mission", TEXT, 72, true), {});
  assert.deepEqual(squeeze("Formskifter", TEXT, 60), { textLength: 60, lengthAdjust: "spacingAndGlyphs" });
  for (const narrow of [false, true]) {
    for (const t of TABLES) {
      const geo = layout(t, t.legal, narrow);
      for (const c of geo.vogter.cards) for (const line of c.lines) assert.ok(textWidth(line, TEXT) <= (c.w - 12) * 1.08, line);
      for (const line of geo.forest.centre.lines) assert.ok(textWidth(line.words, TEXT, line.bold) <= geo.forest.centre.w * 1.08, line.words);
      for (const line of geo.future.lines) assert.ok(textWidth(line, TEXT) <= geo.future.width * 1.08, line);
    }
  }
});
