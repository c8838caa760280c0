// Unit tests of a tutorial's lesson logic (lesson.js): the progress kept on the device, the
// steps' addresses, and what the lesson says after a move.
import test from "node:test";
import assert from "node:assert/strict";
import {
  stepsDone, markDone, progressOf, learnRoute, parseLearnRoute, stepLabel, outcomeOf,
} from "../../src/langbord/web/static/lesson.js";

/** A storage like the browser's. */
function memory() {
  /** @type {Map<string, string>} */
  const kept = new Map();
  return {
    kept,
    /** @param {string} key */
    getItem: (key) => kept.get(key) ?? null,
    /** @param {string} key @param {string} value */
    setItem: (key, value) => { kept.set(key, value); },
  };
}

/** @param {number} step @param {number} steps
 * @returns {import("../../src/langbord/web/static/types.js").Lesson} */
const lesson = (step, steps) => ({
  id: "skaal-basics", title: "Skåål", step, steps, step_title: "A rumor", text: "…", rule: "SA-4",
  rule_text: "", hint: "Look at the roads from Kamau.", highlight: [],
  expect: { id: 7, text: "rumor Kamau", kind: "rumor", args: { region: "Kamau" }, words: "rumor in Kamau" },
});

test("the steps done are kept per tutorial, once each, in order", () => {
  const store = memory();
  assert.deepEqual(stepsDone("a", store), []);
  markDone("a", 2, store);
  markDone("a", 0, store);
  markDone("a", 2, store);
  markDone("b", 1, store);
  assert.deepEqual(stepsDone("a", store), [0, 2]);
  assert.deepEqual(stepsDone("b", store), [1]);
  assert.equal(store.kept.get("langbord.learn.a"), '{"done":[0,2]}');
});

test("damaged or missing storage is no progress, and never an error", () => {
  const store = memory();
  store.setItem("langbord.learn.a", "{not json");
  store.setItem("langbord.learn.b", '{"done": [1, "x", -3, 2.5, 4]}');
  assert.deepEqual(stepsDone("a", store), []);
  assert.deepEqual(stepsDone("b", store), [1, 4]);
  assert.deepEqual(stepsDone("a", null), []);
  markDone("a", 1, null);
  const full = { getItem: () => null, setItem: () => { throw new Error("quota"); } };
  assert.doesNotThrow(() => markDone("a", 1, full));
});

test("progress: start, continue at the first step not done, done", () => {
  assert.deepEqual(progressOf([], 5), { done: 0, steps: 5, finished: false, resume: 0, label: "5 steps", action: "Start" });
  const going = progressOf([0, 1, 3], 5);
  assert.equal(going.resume, 2);
  assert.equal(going.label, "3 of 5 steps done");
  assert.equal(going.action, "Continue");
  const finished = progressOf([0, 1, 2, 3, 4, 9], 5);
  assert.equal(finished.finished, true);
  assert.equal(finished.resume, 0);
  assert.equal(finished.action, "Again");
  assert.equal(progressOf([7], 5).action, "Start"); // steps a shorter tutorial no longer has
});

test("a step's address, read back; a bad one names nothing", () => {
  assert.equal(learnRoute("skaal-basics", 3), "#/learn/skaal-basics/3");
  assert.equal(learnRoute("a b/c", 0), "#/learn/a%20b%2Fc/0");
  assert.deepEqual(parseLearnRoute(["learn", "skaal-basics", "3"]), { tid: "skaal-basics", k: 3 });
  assert.deepEqual(parseLearnRoute(["learn", "a%20b%2Fc", "0"]), { tid: "a b/c", k: 0 });
  assert.deepEqual(parseLearnRoute(["learn", "x"]), { tid: "x", k: 0 });
  assert.equal(parseLearnRoute(["learn", "x", "-1"]), null);
  assert.equal(parseLearnRoute(["learn", "x", "1.5"]), null);
  assert.equal(parseLearnRoute(["learn", "%E0%A4%A", "1"]), null);
  assert.equal(parseLearnRoute(["learn"]), null);
  assert.equal(parseLearnRoute(["table", "x"]), null);
  assert.equal(stepLabel(0, 7), "Step 1 of 7");
});

test("a refusal teaches and leads nowhere; the right move tells its effect and leads on", () => {
  const refused = outcomeOf({ ok: false, message: "Kamau has an Inn: no prospecting there.", next: null }, lesson(1, 4), "skaal");
  assert.deepEqual(refused, { tone: "refused", message: "Kamau has an Inn: no prospecting there.", next: null });
  assert.equal(outcomeOf({ ok: false, message: "", next: null }, lesson(1, 4), "skaal").message, "Not that one. Look at the roads from Kamau.");
  const right = outcomeOf({ ok: true, message: "Two dwarfs come to Kamau.", next: null }, lesson(1, 4), "skaal");
  assert.deepEqual(right, { tone: "right", message: "Two dwarfs come to Kamau.", next: { label: "Next", href: "#/learn/skaal-basics/2" } });
});

test("the last step's right move leads to a new table of the game", () => {
  const last = outcomeOf({ ok: true, message: "That is the game.", next: null }, lesson(3, 4), "skaal");
  assert.deepEqual(last.next, { label: "You're ready: play a game", href: "#/?game=skaal" });
});
