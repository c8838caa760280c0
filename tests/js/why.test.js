// Unit tests of "why not?" and highlights (svg.js: ctx.offer, boardContext's options) on a
// fake DOM (fakedom.js), and of each board's nearest action for a place that cannot be chosen.
import test from "node:test";
import assert from "node:assert/strict";
import { FakeElement, fire, installFakeDom } from "./fakedom.js";
import { boardContext, closeWhy, highlighted, highlightedPick, whyWords } from "../../src/langbord/web/static/svg.js";
import { setShowsNotation } from "../../src/langbord/web/static/notation.js";
import { nearest as skaalNearest } from "../../src/langbord/web/static/boards/skaal/layout.js";
import { nearest as skibeNearest } from "../../src/langbord/web/static/boards/skibe/layout.js";
import { nearest as skoventyrNearest } from "../../src/langbord/web/static/boards/skoventyr/places.js";
import { nearest as knarrNearest } from "../../src/langbord/web/static/boards/knarr/places.js";

const doc = installFakeDom();

/** A table whose one legal action is placing a dwarf in Kamau. @returns {any} */
const table = () => ({
  id: "t1", game: "skaal", you: 0, players: [{ seat: 0, seat_name: "black" }],
  legal: [{ id: 7, text: "place Kamau", words: "place a dwarf in Kamau", kind: "place", args: { region: "Kamau" } }],
  log: [],
});
/** A new place on the board (inside the body, as a drawn board is). @returns {any} */
const node = () => doc.body.appendChild(new FakeElement("g"));
/** The popover open, if any. @returns {FakeElement | undefined} */
const popover = () => doc.body.children.find((c) => c.classList.contains("why-pop"));
/** Lets the answer's promise settle. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

test("a legal place is clickable and marked with its kind and arguments", () => {
  /** @type {any[]} */
  const sent = [];
  const ctx = boardContext(table(), (a) => sent.push(a), { why: async () => ({ legal: true, action: "place Kamau", words: "place a dwarf in Kamau", reason: "", rulings: [], rule: "" }) });
  const place = node();
  assert.equal(ctx.offer(place, "place", { region: "Kamau" }, "Kamau"), true);
  assert.equal(place.getAttribute("data-action"), "7");
  assert.equal(place.getAttribute("data-kind"), "place");
  assert.deepEqual(JSON.parse(place.getAttribute("data-args")), { region: "Kamau" });
  assert.ok(place.classList.contains("clickable"));
  assert.ok(!place.classList.contains("why"));
  fire(place, "click");
  assert.deepEqual(sent.map((a) => a.id), [7]);
});

test("a legal place without a label of its own is named for screen readers in words", () => {
  const ctx = boardContext(table(), () => {});
  const place = node();
  assert.equal(ctx.offer(place, "place", { region: "Kamau" }), true);
  assert.equal(place.getAttribute("aria-label"), "place a dwarf in Kamau");
});

test("without options.why a place that cannot be chosen stays inert, but says what it is", () => {
  const ctx = boardContext(table(), () => {});
  const place = node();
  assert.equal(ctx.offer(place, "find", { region: "Topa" }), false);
  assert.equal(place.getAttribute("data-kind"), "find");
  assert.deepEqual(JSON.parse(place.getAttribute("data-args")), { region: "Topa" });
  assert.ok(!place.classList.contains("why") && !place.classList.contains("clickable"));
  assert.equal(place.getAttribute("tabindex"), null);
  assert.equal(place.listeners.size, 0);
});

test("a place that cannot be chosen asks why on click and shows the answer in a status popover", async () => {
  /** @type {[string, Record<string, unknown>][]} */
  const asked = [];
  const why = async (/** @type {string} */ kind, /** @type {Record<string, unknown>} */ args) => {
    asked.push([kind, args]);
    return {
      legal: false, action: "find Kamau", words: "the find goes to Kamau", reason: "Kamau has an Inn: no prospecting there",
      rulings: [{ id: "SA-7", text: "If no region can take the find, nothing is placed." }], rule: "find Kamau: the find never goes to a region with an Inn.",
    };
  };
  const ctx = boardContext(table(), () => { throw new Error("no action may be sent"); }, { why });
  const place = node();
  assert.equal(ctx.offer(place, "find", { region: "Kamau" }, "Kamau"), false);
  assert.ok(place.classList.contains("why"));
  assert.equal(place.getAttribute("tabindex"), "0");
  assert.equal(place.getAttribute("role"), "button");
  fire(place, "click");
  await settle();
  assert.deepEqual(asked, [["find", { region: "Kamau" }]]);
  const box = popover();
  assert.ok(box, "no popover");
  assert.equal(box.getAttribute("role"), "status");
  assert.equal(box.getAttribute("aria-busy"), null, "the answer is in");
  // The question names the place and the move it stands for; the answer is in words.
  assert.match(box.allText, /Kamau: the find goes to Kamau\?/);
  assert.match(box.allText, /Why not: Kamau has an Inn: no prospecting there/);
  // The ruling behind it in its words, behind a summary, without its id; no notation.
  assert.match(box.allText, /How langbord plays it/);
  assert.match(box.allText, /If no region can take the find, nothing is placed\./);
  assert.doesNotMatch(box.allText, /SA-7|find Kamau:/);
  assert.ok(box.style.left && box.style.top, "the popover is placed");
  // A second tap closes it.
  fire(place, "click");
  assert.equal(popover(), undefined);
  assert.equal(asked.length, 1);
});

test("Enter asks too; Escape and a click elsewhere close the popover", async () => {
  const ctx = boardContext(table(), () => {}, { why: async () => ({ legal: false, action: null, words: null, reason: "no dwarf left in reserve", rulings: [], rule: "" }) });
  const place = node();
  const other = node();
  ctx.offer(place, "place", { region: "Topa" });
  fire(place, "keydown", { key: "Enter" });
  await settle();
  assert.ok(popover());
  fire(other, "keydown", { key: "Escape" });
  assert.equal(popover(), undefined);
  assert.ok(place.focused, "the focus goes back to the place");
  fire(place, "click");
  await settle();
  assert.ok(popover());
  const rule = popover()?.children.find((c) => c.classList.contains("why-rule"));
  assert.equal(rule?.hidden, true, "no rule: its line is hidden");
  fire(other, "click");
  assert.equal(popover(), undefined);
});

test("another place's question replaces the open answer; an answer that comes late is dropped", async () => {
  /** @type {((v: any) => void)[]} */
  const pending = [];
  const why = () => new Promise((resolve) => pending.push(resolve));
  const ctx = boardContext(table(), () => {}, { why: /** @type {any} */ (why) });
  const [a, b] = [node(), node()];
  ctx.offer(a, "find", { region: "Topa" });
  ctx.offer(b, "find", { region: "Salud" });
  fire(a, "click");
  fire(b, "click");
  assert.equal(doc.body.children.filter((c) => c.classList.contains("why-pop")).length, 1);
  pending[0]({ legal: false, action: null, words: null, reason: "Topa's answer", rulings: [], rule: "" });
  pending[1]({ legal: false, action: null, words: null, reason: "Salud's answer", rulings: [], rule: "" });
  await settle();
  assert.match(popover()?.allText ?? "", /Salud's answer/);
  assert.doesNotMatch(popover()?.allText ?? "", /Topa/);
  closeWhy();
});

test("a failed question says so in the popover, and a board drawn again closes an orphan", async () => {
  const ctx = boardContext(table(), () => {}, { why: async () => { throw new Error("422: unknown kind"); } });
  const place = node();
  ctx.offer(place, "find", { region: "Topa" });
  fire(place, "click");
  await settle();
  assert.match(popover()?.allText ?? "", /Could not ask why: 422: unknown kind/);
  closeWhy({ detached: true });
  assert.ok(popover(), "its place is still drawn");
  place.remove();
  closeWhy({ detached: true });
  assert.equal(popover(), undefined);
});

test("highlights mark the places they name, legal or not, by kind and some arguments", () => {
  const highlight = [{ kind: "find", args: { region: "Kamau" }, label: "Kamau" }, { args: { region: "Topa" } }];
  const ctx = boardContext(table(), () => {}, { highlight, why: async () => ({ legal: false, action: null, words: null, reason: "", rulings: [], rule: "" }) });
  const [kamauFind, kamauPlace, topa, salud] = [node(), node(), node(), node()];
  ctx.offer(kamauFind, "find", { region: "Kamau" });
  ctx.offer(kamauPlace, "place", { region: "Kamau" }); // legal: clickable, but another kind
  ctx.offer(topa, "place", { region: "Topa" }); // no kind given: any kind in Topa
  ctx.offer(salud, "find", { region: "Salud" });
  assert.deepEqual([kamauFind, kamauPlace, topa, salud].map((n) => n.classList.contains("highlight")), [true, false, true, false]);
  const legalOne = boardContext(table(), () => {}, { highlight: [{ kind: "place", args: { region: "Kamau" } }] });
  const kamau = node();
  legalOne.clickable(kamau, legalOne.find("place", { region: "Kamau" }));
  assert.ok(kamau.classList.contains("highlight"), "a legal place found by find/clickable is highlighted too");
});

test("highlight matching: every argument a highlight names must agree", () => {
  assert.equal(highlighted([{ kind: "harvest", args: { region: "Kamau", nuggets: 2 } }], "harvest", { region: "Kamau", nuggets: 2 }), true);
  assert.equal(highlighted([{ kind: "harvest", args: { region: "Kamau", nuggets: 2 } }], "harvest", { region: "Kamau", nuggets: 1 }), false);
  assert.equal(highlighted([{ kind: "harvest", args: { region: "Kamau", nuggets: 2 } }], "harvest", { region: "Kamau" }), false);
  assert.equal(highlighted([], "harvest", { region: "Kamau" }), false);
  assert.equal(highlighted(undefined, "harvest", { region: "Kamau" }), false);
  // A first step of two leads to the highlighted action when what it decided agrees.
  assert.equal(highlightedPick([{ kind: "harvest", args: { region: "Kamau", nuggets: 2 } }], ["harvest"], { region: "Kamau" }), true);
  assert.equal(highlightedPick([{ kind: "harvest", args: { region: "Topa", nuggets: 2 } }], ["harvest"], { region: "Kamau" }), false);
  assert.equal(highlightedPick([{ kind: "inn", args: { from: "Topa", to: "Kamau" } }], ["move"], { from: "Topa" }), false);
});

test("Skåål: a place's nearest action follows the phase and the first step picked", () => {
  const regions = [
    { name: "Kamau", roads: ["Jarama", "Topa", "Belsamati"], dwarfs: { black: 1 }, nuggets: 2, ooops: false, inn: "white", innkeeper: "white" },
    { name: "Topa", roads: ["Kamau"], dwarfs: {}, nuggets: 0, ooops: false, inn: null, innkeeper: null },
  ];
  /** @param {string} phase @returns {any} */
  const v = (phase) => ({ players: ["black", "white"], regions, to_move: 0, phase });
  assert.deepEqual(skaalNearest("region:Kamau", v("find"), null), { kind: "find", args: { region: "Kamau" } });
  assert.deepEqual(skaalNearest("region:Kamau", v("action"), null), { kind: "place", args: { region: "Kamau" } });
  assert.deepEqual(skaalNearest("region:Kamau", v("action"), { kind: "move", from: "Topa" }), { kind: "move", args: { from: "Topa", to: "Kamau" } });
  assert.deepEqual(skaalNearest("chip:Kamau:white", v("rumor"), null), { kind: "rumor", args: { region: "Kamau", clan: "white" } });
  assert.equal(skaalNearest("chip:Kamau:black", v("action"), null), null, "dwarfs let their region's click through");
  assert.deepEqual(skaalNearest("nuggets:Kamau", v("action"), null), { kind: "harvest", args: { region: "Kamau", nuggets: 1 } });
  assert.deepEqual(skaalNearest("inn:Kamau", v("action"), null), { kind: "inn", args: { from: "Kamau", to: "Topa" } });
  assert.equal(skaalNearest("inn:Topa", v("action"), null), null);
  assert.deepEqual(skaalNearest("die", v("action"), null), { kind: "prospect", args: {} });
});

test("Skibe: a ship is a stern at the turn's start and the card held's place when laying", () => {
  /** @param {string} phase @param {any} [evaluation] @returns {any} */
  const v = (phase, evaluation = null) => ({ phase, evaluation });
  assert.deepEqual(skibeNearest("ship:2", v("choose"), null), { kind: "stern", args: { ship: 2 } });
  assert.deepEqual(skibeNearest("ship:2", v("lay"), null), { kind: "lay", args: { ship: 2 } });
  assert.deepEqual(skibeNearest("stern:3", v("lay"), null), { kind: "stern", args: { ship: 3 } });
  assert.deepEqual(skibeNearest("card:d2", v("choose"), null), { kind: "take", args: { slot: "d2" } });
  assert.deepEqual(skibeNearest("card:d2", v("evaluate", { chieftain: "remove" }), null), { kind: "remove", args: { slot: "d2" } });
  assert.deepEqual(skibeNearest("card:1.2", v("equipment"), null), { kind: "equip", args: { slot: "1.2" } });
  assert.deepEqual(skibeNearest("card:1.2", v("choose"), null), { kind: "stern", args: { ship: 1 } });
  assert.deepEqual(skibeNearest("bow:1", v("food"), null), { kind: "food", args: { ship: 1 } });
  assert.deepEqual(skibeNearest("pile", v("choose"), null), { kind: "draw", args: {} });
  assert.deepEqual(skibeNearest("ship:3", v("chieftain"), { from: "chief:swap", kinds: ["chief"] }), { kind: "chief", args: { action: "swap", ship: 3 } });
  assert.deepEqual(skibeNearest("bow:3", v("food"), { from: "bow:1", kinds: ["food"] }), { kind: "food", args: { from: 1, to: 3 } });
  assert.deepEqual(skibeNearest("card:2.1", v("evaluate"), { from: "stock-equip", kinds: ["move equip"] }), { kind: "move equip", args: { from: "stock", to: "2.1" } });
  assert.equal(skibeNearest("bow:2", v("evaluate"), { from: "card:1.1", kinds: ["swap"] }), null);
});

test("Skoventyr and Knarr: places stand for the phase's action on them", () => {
  assert.deepEqual(skoventyrNearest("tree:B", "heal"), { kind: "heal", args: { tree: "B" } });
  assert.deepEqual(skoventyrNearest("tree:B", "action"), { kind: "damage", args: { tree: "B" } });
  assert.deepEqual(skoventyrNearest("future:f2", "action"), { kind: "call", args: { slot: "f2" } });
  assert.deepEqual(skoventyrNearest("future:f2", "huldre"), { kind: "take", args: { slot: "f2" } });
  assert.deepEqual(skoventyrNearest("hand:Trold", "action"), { kind: "position", args: { ally: "Trold" } });
  assert.deepEqual(skoventyrNearest("hand:Trold", "hand limit"), { kind: "discard", args: { ally: "Trold" } });
  assert.deepEqual(skoventyrNearest("minion:Mare 1", "action"), { kind: "wrath", args: { minion: "Mare 1" } });
  assert.deepEqual(skoventyrNearest("involve:2", "action"), { kind: "involve", args: { lygtemands: 2 } });
  assert.equal(skoventyrNearest("vogter:Call", "action"), null);
  assert.deepEqual(knarrNearest("market:red", "action"), { kind: "take", args: { slot: "red" } });
  assert.deepEqual(knarrNearest("market:red", "mead cup"), { kind: "mead", args: { slot: "red" } });
  assert.deepEqual(knarrNearest("dest:A3", "take"), { kind: "explore", args: { destination: "A3" } });
  assert.deepEqual(knarrNearest("dest:A3", "reserve"), { kind: "reserve", args: { destination: "A3" } });
  assert.deepEqual(knarrNearest("crew:red vp", "forced discard"), { kind: "discard", args: { card: "red vp" } });
  assert.deepEqual(knarrNearest("boat:2", "action"), { kind: "trade", args: { bracelets: 2 } });
  assert.deepEqual(knarrNearest("recruits", "pay"), { kind: "pay recruit", args: {} });
  assert.equal(knarrNearest("button:end turn", "action"), null);
});

test("the notation line shows only to whoever shows the notation", () => {
  const answer = { legal: false, action: "lay 3", words: "lay the card in ship 3", reason: "ship 3 is full", rulings: [], rule: "lay 3: lay the card taken in ship 3" };
  setShowsNotation(false, null);
  assert.deepEqual(whyWords(answer, "Ship 3"), { asked: "Ship 3: lay the card in ship 3?", said: "Why not: ship 3 is full", rulings: [], rule: "" });
  setShowsNotation(true, null);
  assert.equal(whyWords(answer, "Ship 3").rule, "lay 3: lay the card taken in ship 3");
  setShowsNotation(false, null);
  assert.equal(whyWords({ ...answer, legal: true }, "lay the card in ship 3").asked, "lay the card in ship 3");
});
