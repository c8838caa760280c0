// Unit tests of the "show notation" setting.
import test from "node:test";
import assert from "node:assert/strict";
import { showsNotation, setShowsNotation } from "../../src/langbord/web/static/notation.js";

/** A storage in memory. */
function memory() {
  /** @type {Map<string, string>} */
  const items = new Map();
  return {
    /** @param {string} key */
    getItem: (key) => items.get(key) ?? null,
    /** @param {string} key @param {string} value */
    setItem: (key, value) => { items.set(key, value); },
  };
}

test("notation is off until the player turns it on, and is remembered on the device", () => {
  const store = memory();
  assert.equal(showsNotation(store), false);
  setShowsNotation(true, store);
  assert.equal(showsNotation(store), true);
  assert.equal(store.getItem("langbord.notation"), "on");
  setShowsNotation(false, store);
  assert.equal(showsNotation(store), false);
});

test("without storage the setting lasts the page", () => {
  setShowsNotation(true, null);
  assert.equal(showsNotation(null), true);
  setShowsNotation(false, null);
  assert.equal(showsNotation(null), false);
});
