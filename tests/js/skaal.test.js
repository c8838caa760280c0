// Unit tests of Skåål's board logic without a DOM (boards/skaal/layout.js): the layout at a
// phone's and a desktop's width, and the places the legal actions' kinds and arguments make.
import test from "node:test";
import assert from "node:assert/strict";
import { arrowAt, layout, places, lastTargets, norm, textWidth, trackSlots, wrapWords } from "../../src/langbord/web/static/boards/skaal/layout.js";
import { overlaps } from "../../src/langbord/web/static/svg.js";

/** The entry `key` of `map` (a Map, or null), which must be there.
 * @param {any} map @param {string} key @returns {any} */
function at(map, key) {
  const found = map?.get(key);
  assert.ok(found, `no ${key}`);
  return found;
}

const ROADS = {
  Kamau: ["Jarama", "Topa", "Belsamati"], Jarama: ["Kamau", "Topa", "Yambooi"],
  Topa: ["Kamau", "Jarama", "Prosit"], Belsamati: ["Kamau", "Le Chaim", "Nazdravie"],
  "Le Chaim": ["Belsamati", "Nazdravie", "Kanpai"], Nazdravie: ["Belsamati", "Le Chaim", "Sláinte"],
  Yambooi: ["Jarama", "Kanpai", "Salud"], Kanpai: ["Le Chaim", "Yambooi", "Salud"],
  Salud: ["Yambooi", "Kanpai", "Kippis"], Prosit: ["Topa", "Sláinte", "Kippis"],
  "Sláinte": ["Nazdravie", "Prosit", "Kippis"], Kippis: ["Prosit", "Sláinte", "Salud"],
};
/** @param {number} players */
const view = (players) => ({
  players: ["red", "green", "yellow", "light blue", "black", "white"].slice(0, players),
  regions: Object.entries(ROADS).map(([name, roads]) => ({ name, roads })),
  mines_closed: 22,
});
/** @param {import("../../src/langbord/web/static/boards/skaal/layout.js").SkaalLayout} L
 * @param {string} name */
const regionBox = (L, name) => {
  const { x, y } = L.pos[norm(name)];
  return { x: x - L.rw / 2, y: y - L.rh / 2, w: L.rw, h: L.rh };
};

for (const players of [3, 4, 6]) {
  test(`a phone: ${players} clans, twelve regions in two columns inside 360 units, none overlapping`, () => {
    const L = layout(view(players), 390);
    assert.equal(L.phone, true);
    assert.equal(L.width, 360);
    const boxes = Object.keys(ROADS).map((r) => regionBox(L, r));
    for (const b of boxes) assert.ok(b.x >= 0 && b.x + b.w <= L.width);
    assert.equal(new Set(boxes.map((b) => b.x)).size, 2);
    boxes.forEach((b, i) => boxes.slice(i + 1).forEach((c) => assert.ok(!overlaps(b, c))));
    assert.ok(L.height > 2 * L.width, "a taller arrangement than the desktop's");
  });

  test(`a phone: every touch target at least 44 units and inside its region (${players} clans)`, () => {
    const L = layout(view(players), 390);
    const G = L.geom;
    for (const name of Object.keys(ROADS)) {
      const { x, y } = L.pos[norm(name)];
      const region = regionBox(L, name);
      const targets = [G.nuggets(x, y), G.inn(x, y)];
      for (let i = 0; i < players; i++) {
        const { cx, cy } = G.chip(x, y, i);
        targets.push({ x: cx - G.chipHit, y: cy - G.chipHit, w: 2 * G.chipHit, h: 2 * G.chipHit });
      }
      for (const b of targets) {
        assert.ok(Math.min(b.w, b.h) >= 44, JSON.stringify(b));
        assert.ok(b.x >= region.x && b.x + b.w <= region.x + region.w && b.y >= region.y && b.y + b.h <= region.y + region.h, `${name}: ${JSON.stringify(b)}`);
      }
      targets.forEach((b, i) => targets.slice(i + 1).forEach((c) => assert.ok(!overlaps(b, c), `${name}: ${JSON.stringify([b, c])}`)));
      for (const b of G.counts(x, y, 6, L.width)) assert.ok(b.w >= 44 && b.x >= 0 && b.x + b.w <= L.width);
    }
    for (const b of [L.die, L.prospect, ...L.clans]) assert.ok(Math.min(b.w, b.h) >= 44 && b.x + b.w <= L.width);
    assert.ok(L.track.x + L.track.perRow * L.track.cellW <= L.width);
    assert.equal(L.arrows, false);
  });
}

test("a desktop keeps the map: 1000 units, arrows on the roads, a key", () => {
  const L = layout(view(4), 1280);
  assert.equal(L.phone, false);
  assert.equal(L.width, 1000);
  assert.equal(L.arrows, true);
  assert.ok(L.key);
  for (const name of Object.keys(ROADS)) {
    const b = regionBox(L, name);
    assert.ok(b.x >= 0 && b.x + b.w <= L.width);
    // ~0.9 CSS px a unit with ~220 px of page above the board: the map ends above the fold.
    assert.ok(b.y + b.h < 620, `${name} below the fold`);
  }
  assert.ok(L.die.y + L.die.h < 620 && L.prospect.y + L.prospect.h < 620);
  const boxes = Object.keys(ROADS).map((r) => regionBox(L, r));
  boxes.forEach((b, i) => boxes.slice(i + 1).forEach((c) => assert.ok(!overlaps(b, c))));
  for (const b of boxes) assert.ok(!overlaps(b, L.die) && !overlaps(b, L.prospect));
});

test("a desktop's arrows lie on the roads between regions, clear of what else is clicked", () => {
  const L = layout(view(4), 1280);
  const G = L.geom;
  const spots = [];
  for (const name of Object.keys(ROADS)) {
    const { x, y } = L.pos[norm(name)];
    for (const b of [G.nuggets(x, y), G.inn(x, y)]) spots.push({ name, x: b.x + b.w / 2, y: b.y + b.h / 2 });
    for (let i = 0; i < 4; i++) {
      const { cx, cy } = G.chip(x, y, i);
      spots.push({ name, x: cx, y: cy });
    }
  }
  /** @type {{cx: number, cy: number, r: number}[]} */
  const arrows = [];
  for (const [from, roads] of Object.entries(ROADS)) {
    for (const to of roads) {
      const a = arrowAt(L, from, to);
      if (!a) throw new Error(`no arrow for ${from}>${to}`);
      arrows.push(a);
      for (const name of Object.keys(ROADS)) {
        const b = regionBox(L, name);
        const inside = a.cx > b.x && a.cx < b.x + b.w && a.cy > b.y && a.cy < b.y + b.h;
        assert.ok(!inside, `the arrow ${from}>${to} is inside ${name}`);
      }
      for (const p of spots) {
        assert.ok(Math.hypot(p.x - a.cx, p.y - a.cy) > a.r + 4, `the arrow ${from}>${to} covers a place of ${p.name}`);
      }
    }
  }
  arrows.forEach((a, i) => arrows.slice(i + 1).forEach((b) => assert.ok(Math.hypot(a.cx - b.cx, a.cy - b.cy) >= a.r + b.r)));
});

test("words are drawn large enough to read: 12 CSS px on a desktop, 13 on a phone", () => {
  // A desktop shows the board's 1000 units about 900 px wide, a phone its 360 units about 372.
  for (const [screen, unit, least] of [[1280, 0.9, 12], [390, 372 / 360, 13]]) {
    for (const players of [3, 6]) {
      const L = layout(view(players), screen);
      assert.ok(L.small * unit >= least, `the smallest words at ${screen}: ${L.small}`);
      assert.ok(L.track.font * unit >= least, `the track's numbers and letters at ${screen}: ${L.track.font}`);
    }
  }
});

for (const players of [3, 4, 5, 6]) {
  test(`the respect track (${players} clans): its cells hold every accountant, above the clans, inside the board`, () => {
    for (const screen of [390, 1280]) {
      const L = layout(view(players), screen);
      const K = L.track;
      assert.equal(K.cellH, 2 + K.slotRows * K.slotH);
      assert.ok(2 * K.slotRows >= players, "a slot for every clan's accountant");
      assert.ok(K.slotH >= K.font + 2, "a letter's row clear of the next");
      assert.ok(K.x >= 0 && K.x + K.perRow * K.cellW <= L.width);
      assert.ok(K.rows * K.perRow >= K.end);
      const bottom = K.top + K.rows * (K.cellH + K.gap);
      assert.ok(L.clans.every((b) => b.y >= bottom && b.y + b.h <= L.height));
    }
  });
}

test("a phone's board is no taller than before its words grew (3 to 6 clans)", () => {
  // The heights in units before: 1598, 1922, 1982, 2042.
  const before = { 3: 1598, 4: 1922, 5: 1982, 6: 2042 };
  for (const [players, height] of Object.entries(before)) {
    assert.ok(layout(view(Number(players)), 390).height <= height, `${players} clans`);
  }
});

/** Where the accountants went: "K@1,0" (row, column), with "+" for a lap count beside the
 * letter and "!" for a lapped accountant with no room for it.
 * @param {ReturnType<typeof trackSlots>} placed */
const slotWords = (placed) => placed.slots.map((s) => `${s.clan}@${s.row},${s.col}${s.wide ? "+" : ""}${s.crowded ? "!" : ""}`).join(" ");
/** @param {string} clan @param {number} [lap] */
const acc = (clan, lap = 0) => ({ clan, lap });

test("track slots: the rows under the number first, then beside it, then over it", () => {
  assert.deepEqual(trackSlots([], 2, false), { slots: [], number: true });
  const one = trackSlots([acc("K")], 2, false);
  assert.equal(slotWords(one), "K@1,0");
  assert.equal(one.number, true);
  const three = trackSlots([acc("K"), acc("W"), acc("R")], 2, false);
  assert.equal(slotWords(three), "K@1,0 W@1,1 R@0,1");
  assert.equal(three.number, true, "three clans leave the number");
  const four = trackSlots([acc("K"), acc("W"), acc("R"), acc("G")], 2, false);
  assert.equal(slotWords(four), "K@1,0 W@1,1 R@0,1 G@0,0");
  assert.equal(four.number, false, "a fourth accountant covers it");
  const six = trackSlots(["K", "W", "R", "G", "Y", "L"].map((c) => acc(c)), 3, false);
  assert.equal(slotWords(six), "K@2,0 W@2,1 R@1,0 G@1,1 Y@0,1 L@0,0");
});

test("track slots: a lapped accountant takes a row for its count while rows are free", () => {
  assert.equal(slotWords(trackSlots([acc("K", 6), acc("W")], 2, false)), "K@1,0+ W@0,1");
  assert.equal(slotWords(trackSlots([acc("K", 1), acc("W", 2), acc("R"), acc("G")], 3, false)), "K@2,0+ W@1,0+ R@0,1 G@0,0");
  // No room for both counts: each takes a slot, lapped ones marked.
  assert.equal(slotWords(trackSlots([acc("K", 6), acc("W", 6), acc("R")], 2, false)), "K@1,0! W@1,1! R@0,1");
});

test("track slots: the pawn keeps the top right slot (a lapped accountant may share its space)", () => {
  const alone = trackSlots([acc("K", 3)], 2, true);
  assert.equal(slotWords(alone), "K@1,0+");
  assert.equal(alone.number, true);
  assert.equal(slotWords(trackSlots([acc("K", 3), acc("W", 2)], 2, true)), "K@1,0! W@1,1!");
  const crowded = trackSlots([acc("K", 3), acc("W", 2), acc("R", 1)], 2, true);
  assert.equal(slotWords(crowded), "K@1,0! W@1,1! R@0,0!");
  assert.equal(crowded.number, false);
});

test("words wrap after a separator, into lines that fit where they can", () => {
  const words = "roads: Belsamati · Le Chaim · Sláinte";
  const lines = wrapWords(words, 13, 144, 2);
  assert.deepEqual(lines, ["roads: Belsamati ·", "Le Chaim · Sláinte"]);
  for (const line of lines) assert.ok(textWidth(line, 13) <= 144, line);
  assert.deepEqual(wrapWords("roads: Topa", 13, 144, 2), ["roads: Topa"]);
  assert.deepEqual(wrapWords("one two three four", 13, 20, 2), ["one", "two three four"], "never more lines than asked");
  // About as wide as DejaVu Sans draws them (measured in Chromium: 239 and 109 units).
  assert.ok(Math.abs(textWidth(words, 13) - 239) < 8);
  assert.ok(Math.abs(textWidth("Round 151", 18, true) - 109) < 6);
});

const legal = [
  { id: 0, kind: "place", args: { region: "Kamau" } },
  { id: 1, kind: "move", args: { from: "Kamau", to: "Topa" } },
  { id: 2, kind: "move", args: { from: "Kamau", to: "Jarama" } },
  { id: 3, kind: "harvest", args: { region: "Topa", nuggets: 1 } },
  { id: 4, kind: "harvest", args: { region: "Topa", nuggets: 2 } },
  { id: 5, kind: "harvest", args: { region: "Salud", nuggets: 1 } },
  { id: 6, kind: "build", args: { region: "Salud" } },
  { id: 7, kind: "inn", args: { from: "Kippis", to: "Prosit" } },
  { id: 8, kind: "prospect", args: {} },
];

test("places from kinds and arguments: a desktop's arrows", () => {
  const p = places(legal, null, { arrows: true, mover: "red" });
  assert.equal(at(p, "region:Kamau").action.id, 0);
  assert.equal(at(p, "arrow:Kamau>Topa").action.id, 1);
  assert.equal(at(p, "arrow:Kamau>Jarama").action.id, 2);
  assert.deepEqual(at(p, "nuggets:Topa").pick, { kind: "harvest", from: "Topa" });
  assert.equal(at(p, "nuggets:Salud").action.id, 5);
  assert.equal(at(p, "inn:Salud").action.id, 6);
  assert.deepEqual(at(p, "inn:Kippis").pick, { kind: "inn", from: "Kippis" });
  assert.equal(at(p, "die").action.id, 8);
  assert.equal(p?.has("chip:Kamau:red"), false);
});

test("places on a phone: a move is the mover's dwarfs, then the region they go to", () => {
  const p = places(legal, null, { arrows: false, mover: "red" });
  assert.deepEqual(at(p, "chip:Kamau:red").pick, { kind: "move", from: "Kamau" });
  assert.equal([...(p?.keys() ?? [])].some((k) => k.startsWith("arrow:")), false);
  const second = places(legal, { kind: "move", from: "Kamau" }, { arrows: false, mover: "red" });
  assert.equal(at(second, "region:Topa").action.id, 1);
  assert.equal(at(second, "region:Jarama").action.id, 2);
  assert.equal(at(second, "chip:Kamau:red").cancel, true);
  assert.equal(second?.has("region:Kamau"), false, "placing waits until the move is cancelled");
});

test("second steps: how many nuggets, where the Inn goes; a stale first step is null", () => {
  const harvest = places(legal, { kind: "harvest", from: "Topa" }, { arrows: true, mover: "red" });
  assert.deepEqual([...(harvest?.keys() ?? [])].sort(), ["count:Topa:1", "count:Topa:2", "nuggets:Topa"]);
  assert.equal(at(harvest, "count:Topa:2").action.id, 4);
  const inn = places(legal, { kind: "inn", from: "Kippis" }, { arrows: true, mover: "red" });
  assert.equal(at(inn, "region:Prosit").action.id, 7);
  assert.equal(at(inn, "inn:Kippis").cancel, true);
  assert.equal(places(legal, { kind: "inn", from: "Salud" }, { arrows: true, mover: "red" }), null);
});

test("rumor and find", () => {
  const p = places([
    { id: 0, kind: "rumor", args: { region: "Jarama", clan: "green" } },
    { id: 1, kind: "find", args: { region: "Topa" } },
  ], null, { arrows: false, mover: "red" });
  assert.equal(at(p, "chip:Jarama:green").action.id, 0);
  assert.equal(at(p, "region:Topa").action.id, 1);
});

test("the last move's places", () => {
  assert.deepEqual(lastTargets({ kind: "move", args: { from: "Kamau", to: "Sláinte" } }).road, ["kamau", "slainte"]);
  assert.equal(lastTargets({ kind: "roll", args: { face: "3" } }).die, true);
  assert.deepEqual(lastTargets(null).regions, []);
});
