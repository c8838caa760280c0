// Unit tests of the pacing queue: the others' moves are shown one after another, each once,
// at the chosen speed; a skip or an instant speed ends at once.
import test from "node:test";
import assert from "node:assert/strict";
import { Pacer, entriesToShow, stepDelay, speedNamed, SPEEDS } from "../../src/langbord/web/static/pacing.js";

/** @param {number} move @param {number | null} player */
const entry = (move, player) => ({ move, player, action: `a${move}`, words: `a${move}` });

/** A pacer on a hand-driven clock: `tick()` fires the pending timer.
 * @param {import("../../src/langbord/web/static/pacing.js").Speed} [speed] */
function harness(speed = "normal") {
  /** @type {string[]} */
  const events = [];
  /** @type {{fn: () => void | Promise<void>, ms: number} | null} */
  let pending = null;
  const pacer = new Pacer({
    speed: () => speed,
    show: (e, index, total) => { events.push(`show ${e.move} ${index}/${total}`); },
    done: () => { events.push("done"); },
    schedule: (fn, ms) => { pending = { fn, ms }; return pending; },
    cancel: () => { pending = null; },
  });
  const tick = async () => {
    const fire = pending;
    pending = null;
    assert.ok(fire, "a timer is pending");
    await fire.fn();
  };
  return { pacer, events, tick, pending: () => pending };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

test("the others' moves and chance are shown, one's own are not", () => {
  const log = [entry(0, 0), entry(1, 1), entry(2, null), entry(3, 2), entry(4, 0)];
  assert.deepEqual(entriesToShow(log, 1, [0]).map((e) => e.move), [1, 2, 3]);
  assert.deepEqual(entriesToShow(log, 0, []).map((e) => e.move), [0, 1, 2, 3, 4]);
  assert.deepEqual(entriesToShow(log, 4, [0]), []);
});

test("queued moves are shown one after another, then the live table", async () => {
  const { pacer, events, tick, pending } = harness();
  pacer.add([entry(3, 1), entry(4, null)]);
  await settle();
  assert.deepEqual(events, ["show 3 1/2"]);
  assert.equal(pending()?.ms, SPEEDS.normal);
  await tick();
  await settle();
  assert.deepEqual(events, ["show 3 1/2", "show 4 2/2"]);
  await tick();
  await settle();
  assert.deepEqual(events, ["show 3 1/2", "show 4 2/2", "done"]);
  assert.equal(pacer.running, false);
});

test("a move arriving twice (a push and a refetch) is shown once; later ones join the run", async () => {
  const { pacer, events, tick } = harness();
  pacer.add([entry(3, 1)]);
  await settle();
  pacer.add([entry(3, 1), entry(4, 2)]);
  await tick();
  await settle();
  await tick();
  await settle();
  assert.deepEqual(events, ["show 3 1/1", "show 4 2/2", "done"]);
});

test("a skip drops the queue and ends the run at once", async () => {
  const { pacer, events, pending } = harness();
  pacer.add([entry(1, 1), entry(2, 1), entry(3, 1)]);
  await settle();
  pacer.skip();
  assert.deepEqual(events, ["show 1 1/3", "done"]);
  assert.equal(pending(), null);
  pacer.skip(); // nothing running: nothing happens
  assert.deepEqual(events, ["show 1 1/3", "done"]);
});

test("at instant speed nothing runs: the caller draws the live table", async () => {
  const { pacer, events } = harness("instant");
  pacer.add([entry(1, 1), entry(2, 1)]);
  await settle();
  assert.deepEqual(events, []);
  assert.equal(pacer.running, false);
});

test("moves seen already (a first load) are not shown", async () => {
  const { pacer, events } = harness();
  pacer.seen(5);
  pacer.add([entry(4, 1), entry(5, 1)]);
  await settle();
  assert.deepEqual(events, []);
});

test("a long backlog plays faster, never below 150 ms; instant is 0", () => {
  assert.equal(stepDelay("normal", 3), SPEEDS.normal);
  assert.ok(stepDelay("slow", 100) < SPEEDS.slow);
  assert.equal(stepDelay("slow", 1000), 150);
  assert.equal(stepDelay("instant", 5), 0);
  assert.equal(speedNamed("fast"), "fast");
  assert.equal(speedNamed("warp"), "normal");
  assert.equal(speedNamed(null), "normal");
});
