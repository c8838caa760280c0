// Unit tests of the table controls' pure logic (no DOM needed): which choices are confirmed,
// the zoom's steps and memory, chat text checks, undo's request line, the hotseat's hand-over,
// the hint's action and chance, a tooltip's place.
// The checker has no types for node's own modules (no @types/node installed):
import test from "node:test";
import assert from "node:assert/strict";
import { capitalized, forgone, isForgoing, orList, stillPossible } from "../../src/langbord/web/static/confirm.js";
import { ZOOMS, clampZoom, stepZoom, loadZoom, saveZoom } from "../../src/langbord/web/static/zoom.js";
import { checkChat, CHAT_LIMIT } from "../../src/langbord/web/static/chat.js";
import { undoState } from "../../src/langbord/web/static/undo.js";
import { passTo } from "../../src/langbord/web/static/hotseat.js";
import { hintedAction, percent } from "../../src/langbord/web/static/hint.js";
import { placeTip, scrollMovesTip } from "../../src/langbord/web/static/tips.js";

/** @param {string} kind @param {number} id @param {Record<string, unknown>} [args] */
const act = (kind, id, args = {}) => ({ id, text: `${kind} ${id}`, kind, args });

test("a pass, skip, done, end turn or 'no …' kind forgoes; others do not", () => {
  for (const kind of ["pass", "skip", "done", "end turn", "end_turn", "no food", "no equip", "Pass"]) assert.ok(isForgoing(kind), kind);
  for (const kind of ["take", "chief", "trade", "recruit", "call risky", "bottom", "draw", "stern", "notice"]) assert.ok(!isForgoing(kind), kind);
});

test("a forgoing choice is confirmed when other kinds are legal, naming them once each", () => {
  // Skibe: pass while a Chieftain could be played.
  const skibe = [act("chief", 0), act("chief", 1), act("pass", 2)];
  assert.deepEqual(forgone(skibe[2], skibe), ["chief"]);
  // Knarr: end turn while trading is open.
  const knarr = [act("trade", 0), act("end turn", 1)];
  assert.deepEqual(forgone(knarr[1], knarr), ["trade"]);
  // Skoventyr: done while a card could be taken.
  const skoventyr = [act("take", 0), act("bottom", 1), act("done", 2)];
  assert.deepEqual(forgone(skoventyr[2], skoventyr), ["take", "bottom"]);
});

test("no confirmation for a non-forgoing choice, a forced pass, or a choice among passes", () => {
  const skibe = [act("chief", 0), act("pass", 1)];
  assert.equal(forgone(skibe[0], skibe), null);
  assert.equal(forgone(act("pass", 0), [act("pass", 0)]), null);
  const skips = [act("skip", 0), act("no food", 1)];
  assert.equal(forgone(skips[0], skips), null);
  assert.equal(forgone({ id: 0, kind: null }, [{ id: 0, kind: null }, act("take", 1)]), null);
});

test("what could still be done is said in the actions' words, never their kinds", () => {
  /** @param {string} kind @param {number} id @param {string} words */
  const said = (kind, id, words) => ({ id, text: `${kind} ${id}`, kind, words });
  const skibe = [said("chief", 0, "play your Food Chieftain on ship 1"), said("chief", 1, "play your Food Chieftain on ship 2"), said("pass", 2, "play no Chieftain and end the turn")];
  assert.equal(stillPossible(skibe[2], skibe), "play your Food Chieftain on ship 1 or one other choice");
  const skoventyr = [said("take", 0, "take the Huldre"), said("bottom", 1, "put the Nisse at the bottom"), said("done", 2, "stop")];
  assert.equal(stillPossible(skoventyr[2], skoventyr), "take the Huldre or put the Nisse at the bottom");
  const many = [...Array.from({ length: 5 }, (_, k) => said("trade", k, `trade ${k}`)), said("recruit", 5, "recruit"), said("end turn", 6, "end the turn")];
  assert.equal(stillPossible(many[6], many), "trade 0, recruit or 4 other choices");
  assert.equal(stillPossible(skibe[0], skibe), null);
  assert.equal(stillPossible({ id: 0, text: "pass", kind: "pass" }, [{ id: 0, text: "pass", kind: "pass" }, act("take", 1)]), "take 1");
});

test("an 'or' list reads as English", () => {
  assert.equal(orList(["trade"]), "trade");
  assert.equal(orList(["take", "draw"]), "take or draw");
  assert.equal(orList(["take", "draw", "stern"]), "take, draw or stern");
  assert.equal(capitalized("end turn"), "End turn");
  assert.equal(capitalized(""), "");
});

test("the zoom keeps to its steps and stops at the ends", () => {
  assert.equal(clampZoom(1.26), 1.25);
  assert.equal(clampZoom("abc"), 1);
  assert.equal(clampZoom(-3), 1);
  assert.equal(clampZoom(99), ZOOMS[ZOOMS.length - 1]);
  assert.equal(stepZoom(1, 1), 1.1);
  assert.equal(stepZoom(1, -1), 0.9);
  assert.equal(stepZoom(ZOOMS[0], -1), ZOOMS[0]);
  assert.equal(stepZoom(ZOOMS[ZOOMS.length - 1], 1), ZOOMS[ZOOMS.length - 1]);
});

test("the zoom is remembered per game in the device's storage, and a broken one is 100 %", () => {
  /** @type {Map<string, string>} */
  const kept = new Map();
  const storage = { getItem: (/** @type {string} */ k) => kept.get(k) ?? null, setItem: (/** @type {string} */ k, /** @type {string} */ v) => { kept.set(k, v); } };
  assert.equal(loadZoom(storage, "knarr"), 1);
  saveZoom(storage, "knarr", 1.5);
  assert.equal(loadZoom(storage, "knarr"), 1.5);
  assert.equal(loadZoom(storage, "skibe"), 1);
  kept.set("langbord.zoom.skibe", "garbage");
  assert.equal(loadZoom(storage, "skibe"), 1);
  const refusing = { getItem: () => { throw new Error("denied"); }, setItem: () => { throw new Error("full"); } };
  assert.equal(loadZoom(refusing, "knarr"), 1);
  assert.doesNotThrow(() => saveZoom(refusing, "knarr", 2));
});

test("a chat message is trimmed, 1 to 300 characters, one line without control characters", () => {
  // Line breaks and blank runs of every kind become one space (as the server keeps them).
  assert.deepEqual(checkChat("  hej  "), { text: "hej" });
  assert.ok("error" in checkChat("   "));
  assert.ok("error" in checkChat(""));
  assert.deepEqual(checkChat("x".repeat(CHAT_LIMIT)), { text: "x".repeat(CHAT_LIMIT) });
  assert.ok("error" in checkChat("x".repeat(CHAT_LIMIT + 1)));
  // Characters, not UTF-16 units: 300 emoji are 300 characters.
  assert.deepEqual(checkChat("🎲".repeat(CHAT_LIMIT)), { text: "🎲".repeat(CHAT_LIMIT) });
  assert.deepEqual(checkChat("two\nlines"), { text: "two lines" });
  assert.ok("error" in checkChat("bell\u0007"));
  assert.deepEqual(checkChat("c1\u0085c"), { text: "c1 c" });
  // Markup is only text: it passes and is shown as typed.
  assert.deepEqual(checkChat("<img src=x onerror=alert(1)>"), { text: "<img src=x onerror=alert(1)>" });
});

const players = [{ seat_name: "red", name: "Ann" }, { seat_name: "blue", name: "Bo" }, { seat_name: "green", name: "Cy" }];

test("undo: the button follows `available`; a request asks those it waits for", () => {
  assert.deepEqual(undoState({ you: 0, players, undo: { available: true, request: null } }), { enabled: true, banner: null });
  assert.deepEqual(undoState({ you: 0, players }), { enabled: false, banner: null });
  const request = { by: 0, moves: 2, waiting_for: [1, 2] };
  const mine = undoState({ you: 0, players, undo: { available: false, request } });
  assert.equal(mine.banner?.kind, "waiting");
  assert.match(mine.banner?.text ?? "", /You asked to take back 2 decisions: waiting for Bo, Cy/);
  const asked = undoState({ you: 1, players, undo: { available: false, request } });
  assert.equal(asked.banner?.kind, "answer");
  assert.match(asked.banner?.text ?? "", /Ann asks to take back 2 decisions/);
  const watcher = undoState({ you: null, players, undo: { available: false, request: { ...request, moves: 1 } } });
  assert.equal(watcher.banner?.kind, "waiting");
  assert.match(watcher.banner?.text ?? "", /1 decision:/);
});

test("hotseat: the device is passed when another human seat held here is to move", () => {
  const tokens = { 0: "a", 2: "c" };
  const table = { hotseat: true, status: "playing", to_move: 2, you: 0 };
  assert.equal(passTo(table, tokens), 2);
  assert.equal(passTo({ ...table, to_move: 1 }, tokens), null); // a bot's turn
  assert.equal(passTo({ ...table, to_move: 0 }, tokens), null); // still the same player
  assert.equal(passTo({ ...table, to_move: null }, tokens), null); // chance
  assert.equal(passTo({ ...table, hotseat: false }, tokens), null);
  assert.equal(passTo({ ...table, status: "over" }, tokens), null);
});

test("a hint names the legal action of its kind and arguments, and its chance in per cent", () => {
  const legal = [act("take", 7, { slot: "d1" }), act("take", 8, { slot: "d2" }), act("pass", 9)];
  assert.equal(hintedAction(legal, act("take", 99, { slot: "d2" }))?.id, 8);
  assert.equal(hintedAction(legal, { id: 9, text: "pass" })?.id, 9);
  assert.equal(hintedAction(legal, act("swap", 42)), null);
  assert.equal(percent(0.634), "63 %");
  assert.equal(percent(0.001), "< 1 %");
  assert.equal(percent(0.995), "> 99 %");
  assert.equal(percent(1), "100 %");
  assert.equal(percent(Number.NaN), "0 %");
});

test("a tooltip goes above its element, below when there is no room, never off screen", () => {
  const view = { width: 390, height: 844 };
  const tip = { width: 200, height: 40 };
  assert.deepEqual(placeTip({ left: 100, top: 300, width: 40, height: 40 }, tip, view), { left: 20, top: 252 });
  assert.deepEqual(placeTip({ left: 100, top: 10, width: 40, height: 40 }, tip, view), { left: 20, top: 58 });
  assert.equal(placeTip({ left: 380, top: 300, width: 10, height: 10 }, tip, view).left, 390 - 200 - 8);
  assert.equal(placeTip({ left: 0, top: 300, width: 10, height: 10 }, tip, view).left, 8);
});

test("a tip goes when its element scrolls with the page or a panel holding it, not with another panel", () => {
  const doc = { name: "document" };
  const win = { name: "window" };
  const owner = { ownerDocument: { ...doc, defaultView: win } };
  const page = /** @type {any} */ (owner.ownerDocument);
  const board = { contains: (/** @type {unknown} */ node) => node === owner };
  const log = { contains: () => false };
  assert.equal(scrollMovesTip(page, /** @type {any} */ (owner)), true);
  assert.equal(scrollMovesTip(/** @type {any} */ (win), /** @type {any} */ (owner)), true);
  assert.equal(scrollMovesTip(/** @type {any} */ (board), /** @type {any} */ (owner)), true);
  assert.equal(scrollMovesTip(/** @type {any} */ (log), /** @type {any} */ (owner)), false);
  assert.equal(scrollMovesTip(page, null), false);
});
