// Unit tests of Skåål's board logic without a DOM (boards/skaal/layout.js): the layout at a
// phone's and a desktop's width, and the places the legal actions' kinds and arguments make.
import test from "node:test";
import assert from "node:assert/strict";
import { arrowAt, layout, places, lastTargets, norm } from "../../src/langbord/web/static/boards/skaal/layout.js";
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
