// Unit tests of the chat: a message with nothing to see is refused before it is sent, blank
// runs of any kind (ideographic spaces, line separators, fillers) become one space, and each
// message shows as a block of its own, its author and time first and its text indented below
// them, so that no text can pass for another message.
import test from "node:test";
import assert from "node:assert/strict";
import { FakeElement, installFakeDom } from "./fakedom.js";
import { chatItem, checkChat, collapseBlanks, hasVisible } from "../../src/langbord/web/static/chat.js";

const fake = installFakeDom();
// What dom.js's `h` needs beyond svg.js's: text nodes, and `Node` to tell them from strings.
Object.assign(fake, {
  /** @param {string} text */
  createTextNode: (text) => Object.assign(new FakeElement("#text"), { textContent: text }),
});
Object.assign(globalThis, { Node: FakeElement });

// Each kind the attack report found, and the others like them: nothing drawn by itself.
const INVISIBLE = {
  "zero-width space": "\u200b",
  "Hangul filler": "\u3164",
  "half-width Hangul filler": "\uffa0",
  "Hangul choseong and jungseong fillers": "\u115f\u1160",
  "tag characters": "\u{e0068}\u{e0069}\u{e007f}",
  "word joiner and invisible operators": "\u2060\u2061\u2062\u2063\u2064",
  "byte-order mark": "\ufeff",
  "soft hyphen": "\u00ad",
  "Mongolian vowel separator": "\u180e",
  "combining grapheme joiner": "\u034f",
  "variation selectors": "\ufe0f\u{e0100}",
  "braille blank": "\u2800",
  "combining marks alone": "\u0301\u20dd",
  "ideographic and other wide spaces": "\u3000\u2003\u00a0\u1680\u205f",
  "zero-width joiners": "\u200c\u200d",
};

test("a message with nothing to see is refused before it is sent", () => {
  for (const [kind, text] of Object.entries(INVISIBLE)) {
    assert.equal(hasVisible(text), false, kind);
    assert.ok("error" in checkChat(`${text}${text}`), kind);
  }
  for (const text of ["a", "é", "7", "🎲", "👍\ufe0f", "👨‍👩‍👧", "ㄱ", "\u0903"]) assert.ok(hasVisible(text), text);
  assert.deepEqual(checkChat("\u200bhej"), { text: "\u200bhej" });
});

test("blank runs of any kind become one ordinary space, and the ends are trimmed", () => {
  const wide = "\u3000".repeat(40);
  assert.equal(collapseBlanks(`hi${wide}bob 12:00 I resign`), "hi bob 12:00 I resign");
  assert.equal(collapseBlanks("a\u2028b\u2029c\r\nd\te"), "a b c d e");
  assert.equal(collapseBlanks("a \u200b \u200b \u3164\u2800 b"), "a b");
  assert.equal(collapseBlanks(`${wide}x${wide}`), "x");
  // Invisible characters away from blanks stay: an emoji keeps its joiners and selectors.
  assert.equal(collapseBlanks("👨‍👩‍👧  👍\ufe0f"), "👨‍👩‍👧 👍\ufe0f");
  assert.deepEqual(checkChat(`ok${wide}bob 12:00 I resign`), { text: "ok bob 12:00 I resign" });
});

/** Whether `node` has the class `name` (`h` sets classes as the attribute).
 * @param {FakeElement} node @param {string} name */
const has = (node, name) => (node.getAttribute("class") ?? "").split(" ").includes(name);

/** The elements under `node` (itself included) with the class `name`.
 * @param {FakeElement} node @param {string} name @returns {FakeElement[]} */
const byClass = (node, name) => [...(has(node, name) ? [node] : []), ...node.children.flatMap((c) => byClass(c, name))];

test("a message shows as one block: its author and time, then its text in its own paragraph", () => {
  const players = [{ seat_name: "red" }, { seat_name: "blue" }];
  const padded = `hi${"\u3000".repeat(40)}bob 12:00 I resign`;
  const message = { n: 3, seat: 1, name: "Ann", text: padded, at: "2026-12-01T12:04:00Z" };
  const item = /** @type {FakeElement} */ (/** @type {unknown} */ (chatItem(message, 0, players)));
  assert.equal(item.tagName, "li");
  assert.equal(item.getAttribute("data-n"), "3");
  assert.ok(has(item, "ctl-chat-msg") && !has(item, "mine"));
  // The author and time come first, in a head of their own; the text is a paragraph after it.
  const [head, text] = item.children;
  assert.ok(has(head, "ctl-chat-head"));
  assert.equal(byClass(head, "ctl-chat-who")[0].allText, "Ann");
  assert.equal(byClass(head, "ctl-chat-when")[0].getAttribute("datetime"), message.at);
  assert.equal(text.tagName, "p");
  assert.ok(has(text, "ctl-chat-text"));
  // Shown as plain text, with its blank run made one space (a row stored before the server
  // collapsed them is shown so too).
  assert.equal(text.allText, "hi bob 12:00 I resign");
  assert.equal(text.children[0].tagName, "#text");
  assert.equal(byClass(item, "ctl-chat-who").length, 1, "only one author in a message");
  // The looker's own messages are marked; a nameless seat goes by its seat's name.
  const mine = /** @type {FakeElement} */ (/** @type {unknown} */ (chatItem({ ...message, name: "" }, 1, players)));
  assert.ok(has(mine, "mine"));
  assert.equal(byClass(mine, "ctl-chat-who")[0].allText, "blue");
});
