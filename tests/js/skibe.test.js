// Unit tests of Skibe's board logic without a DOM (boards/skibe/layout.js): the layout at a
// phone's and a desktop's width, and the places the legal actions' kinds and arguments make.
import test from "node:test";
import assert from "node:assert/strict";
import { layout, plan, lastPlaces, CHOICES } from "../../src/langbord/web/static/boards/skibe/layout.js";
import { overlaps } from "../../src/langbord/web/static/svg.js";

/** The entry `key` of `map` (a Map, or null), which must be there.
 * @param {any} map @param {string} key @returns {any} */
function at(map, key) {
  const found = map?.get(key);
  assert.ok(found, `no ${key}`);
  return found;
}

/** @typedef {import("../../src/langbord/web/static/boards/skibe/layout.js").SkibeLayout} SkibeLayout */
/** @typedef {import("../../src/langbord/web/static/svg.js").Box} Box */

/** @param {number} players @param {number} limit */
const view = (players, limit) => ({
  players: ["red", "blue", "yellow", "green", "purple"].slice(0, players),
  ship_limit: limit,
  sheet: [{ label: "ship 1, stern red", points: Array(players).fill(1) }],
  ships: [{ vikings: [{}, {}] }, { vikings: [] }, { vikings: [{}] }],
});

/** Every box a player may click in layout `L` (ships, bows, cards, sterns, display, pile,
 * stock, hand, choices).
 * @param {SkibeLayout} L @returns {Box[]} */
function clickable(L) {
  return [
    ...L.display, L.pile, L.stockFood, L.stockEquip, ...L.handTokens, L.choices,
    ...L.ships.flatMap((s) => [s.bow, s.stern, ...s.cards]),
  ];
}

/** @param {Box} b @param {number} width */
const inside = (b, width) => b.x >= 0 && b.x + b.w <= width;

for (const [players, limit] of [[3, 5], [4, 6], [5, 7]]) {
  test(`a phone: ${players} players fit 360 units across, every place at least 44 (limit ${limit})`, () => {
    const L = layout(view(players, limit), 390);
    assert.equal(L.phone, true);
    assert.equal(L.width, 360);
    assert.equal(L.ships.length, 3);
    for (const b of clickable(L)) {
      assert.ok(inside(b, L.width), `off the board: ${JSON.stringify(b)}`);
      assert.ok(Math.min(b.w, b.h) >= 44, `too small to touch: ${JSON.stringify(b)}`);
    }
    for (const row of L.players.rows) assert.ok(inside(row.box, L.width));
    assert.ok(L.sheet.x + L.sheet.labelW + (players - 1) * L.sheet.colW < L.width);
  });

  test(`a phone stacks the ships one under the other, cards four to a row (${players} players)`, () => {
    const L = layout(view(players, limit), 390);
    for (let s = 1; s < 3; s++) assert.ok(L.ships[s].hull.y >= L.ships[s - 1].hull.y + L.ships[s - 1].hull.h);
    for (const ship of L.ships) {
      assert.equal(ship.cards.length, limit);
      const places = [...ship.cards, ship.stern];
      places.forEach((b, i) => places.slice(i + 1).forEach((c) => assert.ok(!overlaps(b, c))));
      for (const b of places) assert.ok(overlaps(b, ship.hull) && b.y + b.h <= ship.hull.y + ship.hull.h);
    }
  });

  test(`a desktop: one row a ship, the hand and the display above the ships (${players} players)`, () => {
    const L = layout(view(players, limit), 1280);
    assert.equal(L.phone, false);
    for (const b of clickable(L)) assert.ok(inside(b, L.width));
    const shipsTop = L.ships[0].hull.y;
    for (const b of [...L.display, L.pile, ...L.handTokens, L.choices]) assert.ok(b.y + b.h <= shipsTop);
    // The board is ~0.9 CSS px a unit at 1280×800 with ~150 px above it: the ships end above the
    // fold.
    assert.ok(L.ships[2].hull.y + L.ships[2].hull.h < 720);
  });
}

test("every text is drawn at 12 CSS px on a desktop (~0.9 px a unit) and 13 on a phone (~1.03)", () => {
  assert.ok(layout(view(3, 5), 1280).font * 0.9 >= 12);
  assert.ok(layout(view(3, 5), 390).font * 1.03 >= 13);
});

for (const players of [3, 4, 5]) {
  test(`the score sheet's columns stay inside the sheet, its labels left of them (${players} players)`, () => {
    for (const width of [390, 1280]) {
      const S = layout(view(players, 5), width).sheet;
      const last = S.x + S.labelW + (players - 1) * S.colW;
      assert.ok(last + S.colW / 2 <= S.x + S.w - 4, `width ${width}`);
      assert.ok(S.labelW >= 150, `labels ${S.labelW} wide at width ${width}`);
    }
  });
}

test("a desktop tells the ship limit and the cards out on a line of their own between the band and the ships", () => {
  const L = layout(view(3, 5), 1280);
  const font = L.font;
  for (const line of [L.limit, L.out]) {
    assert.ok(line.y - font >= L.hand.y + L.hand.h && line.y - font >= L.display[0].y + L.display[0].h);
    assert.ok(line.y + font / 3 < L.ships[0].hull.y);
  }
  assert.ok(L.limit.x < L.out.x);
});

test("a phone's Chieftains laid on a ship: five fit across its hull", () => {
  for (const s of layout(view(5, 7), 390).ships) {
    assert.ok(s.chiefs.x + 4 * s.chiefs.step + s.chiefs.w <= s.hull.x + s.hull.w);
    assert.ok(s.chiefs.step > s.chiefs.w);
  }
});

test("the ship's name never lies under its bow (the bow covered the p of Ship)", () => {
  for (const width of [390, 1280]) {
    const L = layout(view(3, 5), width);
    for (const s of L.ships) assert.ok(!overlaps(s.label, s.bow), `width ${width}`);
  }
});

test("one-click places from kinds and arguments", () => {
  const legal = [
    { id: 1, kind: "take", args: { slot: "d2" } },
    { id: 2, kind: "draw", args: {} },
    { id: 3, kind: "lay", args: { ship: 3 } },
    { id: 4, kind: "stern", args: { ship: 1 } },
    { id: 5, kind: "food", args: { ship: 2 } },
    { id: 6, kind: "equip", args: { slot: "1.2" } },
    { id: 7, kind: "pass", args: {} },
    { id: 8, kind: "no food", args: {} },
  ];
  const { one, two } = plan(legal);
  assert.equal(at(one, "card:d2").id, 1);
  assert.equal(at(one, "pile").id, 2);
  assert.equal(at(one, "ship:3").id, 3);
  assert.equal(at(one, "stern:1").id, 4);
  assert.equal(at(one, "bow:2").id, 5);
  assert.equal(at(one, "card:1.2").id, 6);
  assert.equal(at(one, "choice:pass").id, 7);
  assert.equal(at(one, "choice:no food").id, 8);
  assert.equal(two.size, 0);
});

test("two-click places: a Chieftain then its ship, a source then a target, swaps both ways", () => {
  const legal = [
    { id: 1, kind: "chief", args: { action: "swap", ship: 2 } },
    { id: 2, kind: "move food", args: { from: 1, to: "stock" } },
    { id: 3, kind: "equip", args: { from: "stock", to: "2.1" } },
    { id: 4, kind: "swap", args: { slot: "1.1", with: "d3" } },
  ];
  const { one, two } = plan(legal);
  assert.equal(one.size, 0);
  assert.equal(at(at(two, "chief:swap"), "ship:2").id, 1);
  assert.equal(at(at(two, "bow:1"), "stock-food").id, 2);
  assert.equal(at(at(two, "stock-equip"), "card:2.1").id, 3);
  assert.equal(at(at(two, "card:1.1"), "card:d3").id, 4);
  assert.equal(at(at(two, "card:d3"), "card:1.1").id, 4);
});

test("every kind of decision has a place on the board", () => {
  const kinds = ["take", "draw", "lay", "stern", "food", "equip", "remove", "swap", "chief", "move food", "move equip", ...CHOICES];
  const args = { slot: "1.1", ship: 1, with: "d1", action: "food", from: 1, to: 2 };
  for (const kind of kinds) {
    const legal = [{ id: 0, kind, args: ["move food", "move equip"].includes(kind) ? { from: "1.1", to: "2.1" } : args }];
    const { one, two } = plan(legal);
    assert.ok(one.size + two.size > 0, kind);
  }
});

test("the last move marks its places", () => {
  const v = view(3, 5);
  assert.deepEqual(lastPlaces({ kind: "lay", args: { ship: 1 } }, v), ["card:1.2"]);
  assert.deepEqual(lastPlaces({ kind: "lay", args: { ship: 2 } }, v), ["ship:2"]);
  assert.deepEqual(lastPlaces({ kind: "move food", args: { from: "stock", to: 3 } }, v), ["stock-food", "bow:3"]);
  assert.deepEqual(lastPlaces({ kind: "swap", args: { slot: "1.1", with: "d2" } }, v), ["card:1.1", "card:d2"]);
  assert.deepEqual(lastPlaces(/** @type {any} */ ({ player: 1, text: "draws" }), v), []);
});
