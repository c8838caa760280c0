// Unit tests of the page's languages: which one is spoken, placeholders, plurals by the
// language's rules, and English where a catalog lacks a string.
import test from "node:test";
import assert from "node:assert/strict";
import { choose, format, known, language, t, tn, use } from "../../src/langbord/web/static/i18n.js";

test("the device's choice first, then the browser's first spoken language, then English", () => {
  assert.equal(choose(["de-AT", "da"], "fr"), "fr");
  assert.equal(choose(["nb-NO", "da-DK", "de"], null), "da");
  assert.equal(choose(["tlh", "x-klingon"], "xx"), "en");
  assert.equal(choose([], null), "en");
  assert.equal(known("DE_ch"), "de");
  assert.equal(known(""), null);
  assert.equal(known(42), null);
  assert.equal(known("__proto__"), null);
});

test("placeholders are filled by name; an unknown one stays as written", () => {
  assert.equal(format("{a} and {b}", { a: 1, b: "two" }), "1 and two");
  assert.equal(format("{a} and {c}", { a: 1 }), "1 and {c}");
  assert.equal(format("{constructor}", {}), "{constructor}");
});

test("a translated string, and English where the catalog lacks it", () => {
  use("da", { "Your turn": "Din tur", "{name} to play": "{name} skal spille" });
  assert.equal(language(), "da");
  assert.equal(t("Your turn"), "Din tur");
  assert.equal(t("{name} to play", { name: "Ann" }), "Ann skal spille");
  assert.equal(t("Not in the catalog"), "Not in the catalog");
  use("en", {});
});

test("plurals follow the language's rules (French says 0 in the singular)", () => {
  use("fr", { "{n} card": ["{n} carte", "{n} cartes"] });
  assert.equal(tn("{n} card", "{n} cards", 0), "0 carte");
  assert.equal(tn("{n} card", "{n} cards", 1), "1 carte");
  assert.equal(tn("{n} card", "{n} cards", 3), "3 cartes");
  use("en", {});
  assert.equal(tn("{n} card", "{n} cards", 0), "0 cards");
  assert.equal(tn("{n} card", "{n} cards", 1), "1 card");
});
