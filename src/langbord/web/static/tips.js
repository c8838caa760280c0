// Tooltips for every element with a `data-tip` (board components included): shown on hover
// and keyboard focus with a mouse, on tap with a finger. The tip is small, its first sentence in
// bold, and placed beside its element where it covers the fewest places that can be chosen now.
// A click or tap on a place that can be chosen hides it at once (the board is about to change),
// as do a tap elsewhere, Escape, a scroll that moves its element, a new page, and its element
// leaving the page.
import { h } from "./dom.js";

let installed = false;

/** @typedef {{left: number, top: number, width: number, height: number}} Rect */

/** How long a tapped tip stays, in milliseconds: a finger has no "mouse out". */
const LINGER = 4000;
/** How long the mouse rests on an element before its tip shows, in milliseconds. */
const HOVER_DELAY = 250;
/** How far, in pixels, the mouse moves from where it clicked a place before tips show again. */
const HUSH_RADIUS = 8;

/** The area that boxes `a` and `b` share (0 when they only touch or are apart).
 * @param {Rect} a @param {Rect} b */
function shared(a, b) {
  const wide = Math.min(a.left + a.width, b.left + b.width) - Math.max(a.left, b.left);
  const high = Math.min(a.top + a.height, b.top + b.height) - Math.max(a.top, b.top);
  return wide > 0 && high > 0 ? wide * high : 0;
}

/**
 * Where a tip of size `tip` goes beside `target` in a viewport of `view`, as `{left, top}`.
 *
 * Without `avoid` (or with none in it): above the target when there is room, else below it.
 * With `avoid`, the boxes of the places that can be chosen now (the target's own left out by the
 * caller): of the spots above, below, right and left of the target that fit inside the viewport,
 * the one whose box overlaps those boxes the least; on a tie the first in that order. When no
 * spot fits, the tip goes as it would without `avoid`. Above and below, the tip is centred on
 * the target across; right and left, centred on it down; either way moved to stay on screen.
 * The tip is never put outside the screen unless it is larger than the screen.
 * @param {Rect} target
 * @param {{width: number, height: number}} tip
 * @param {{width: number, height: number}} view
 * @param {number} [gap] pixels between the tip and the target, and the screen's edges
 * @param {readonly Rect[]} [avoid]
 * @returns {{left: number, top: number}}
 */
export function placeTip(target, tip, view, gap = 8, avoid = []) {
  /** @param {number} lo @param {number} value @param {number} hi */
  const clamp = (lo, value, hi) => Math.max(lo, Math.min(hi, value));
  const across = clamp(gap, target.left + target.width / 2 - tip.width / 2, view.width - tip.width - gap);
  const down = clamp(gap, target.top + target.height / 2 - tip.height / 2, view.height - tip.height - gap);
  const above = { left: across, top: target.top - tip.height - gap };
  const below = { left: across, top: target.top + target.height + gap };
  const fallback = {
    left: across,
    top: Math.max(gap, above.top >= gap ? above.top : Math.min(view.height - tip.height - gap, below.top)),
  };
  if (!avoid.length) return fallback;
  const spots = [
    above,
    below,
    { left: target.left + target.width + gap, top: down }, // right
    { left: target.left - tip.width - gap, top: down }, // left
  ].filter((s) => s.left >= gap && s.top >= gap
    && s.left + tip.width <= view.width - gap && s.top + tip.height <= view.height - gap);
  let best = fallback;
  let least = Infinity;
  for (const spot of spots) {
    const box = { ...spot, width: tip.width, height: tip.height };
    const covered = avoid.reduce((sum, place) => sum + shared(box, place), 0);
    if (covered < least) { best = spot; least = covered; }
  }
  return best;
}

/**
 * A tip's words split for showing: `head`, its first line (up to a line break) or else its
 * first sentence (up to a ".", "!", "?" or "…" followed by a space), and `rest`, what follows
 * (line breaks kept; "" when the tip is one line or sentence).
 * @param {string} text
 * @returns {{head: string, rest: string}}
 */
export function tipParts(text) {
  const words = text.trim();
  const line = words.indexOf("\n");
  if (line >= 0) return { head: words.slice(0, line).trim(), rest: words.slice(line + 1).trim() };
  const sentence = /^(.+?[.!?…])\s+(?=\S)/u.exec(words);
  if (sentence) return { head: sentence[1], rest: words.slice(sentence[0].length) };
  return { head: words, rest: "" };
}

/**
 * Whether a scroll of `scrolled` (the page's document, or one element that scrolls) moves the
 * element `owner` whose tip is shown, so the tip must go: a log panel scrolling to its newest
 * entry leaves a board's tip where it is.
 * @param {EventTarget | null} scrolled
 * @param {Node | null} owner
 */
export function scrollMovesTip(scrolled, owner) {
  if (!owner) return false;
  if (scrolled === owner.ownerDocument || scrolled === owner.ownerDocument?.defaultView) return true;
  return scrolled !== null && typeof (/** @type {Node} */ (scrolled)).contains === "function"
    && (/** @type {Node} */ (scrolled)).contains(owner);
}

/** The boxes of the places that can be chosen now (class `clickable`), but `target`'s own: a
 * place holding it or held by it.
 * @param {Element} target
 * @returns {Rect[]} */
function choices(target) {
  return [...document.querySelectorAll(".clickable")]
    .filter((place) => !place.contains(target) && !target.contains(place))
    .map((place) => place.getBoundingClientRect())
    .filter((box) => box.width > 0 && box.height > 0);
}

/** Writes `text` into the tooltip `tip`: its head in bold, the rest after it. The whole text
 * stays one description for screen readers ("head rest").
 * @param {HTMLElement} tip @param {string} text */
function fill(tip, text) {
  const { head, rest } = tipParts(text);
  tip.textContent = "";
  if (!rest) { tip.append(h("span", { class: "ctl-tip-only" }, head)); return; }
  tip.append(h("strong", { class: "ctl-tip-head" }, head), " ", h("span", { class: "ctl-tip-rest" }, rest));
}

/** Shows the tooltip `tip` beside `target`, where it covers the fewest places that can be
 * chosen (see `placeTip`). It is measured at the screen's corner, where nothing narrows it, then
 * moved through the CSSOM (which the page's CSP allows, unlike style attributes).
 * @param {HTMLElement} tip @param {Element} target */
function put(tip, target) {
  tip.style.left = "0px";
  tip.style.top = "0px";
  tip.hidden = false;
  const size = tip.getBoundingClientRect();
  const view = { width: window.innerWidth, height: window.innerHeight };
  const spot = placeTip(target.getBoundingClientRect(), size, view, 8, choices(target));
  tip.style.left = `${spot.left}px`;
  tip.style.top = `${spot.top}px`;
}

/** The element with a tip that `node` is, or is inside (null: none).
 * @param {EventTarget | null} node */
const tipped = (node) => (node instanceof Element ? node.closest("[data-tip]") : null);
/** The place that can be chosen now that `node` is, or is inside (null: none).
 * @param {EventTarget | null} node */
const choice = (node) => (node instanceof Element ? node.closest(".clickable") : null);

/** The page's one tooltip, `#tip`, added to the page: `show(target, linger)` shows `target`'s
 * tip beside it (for `linger` milliseconds, or until hidden when 0) and makes it the target's
 * description; `soon(target)` shows it after the hover delay unless something else happens to
 * the tooltip first; `hide()` hides it; `owner()` is the element whose tip is shown, or null. A
 * shown tip hides itself when its element leaves the page (the board drawn again). */
function tooltip() {
  const tip = h("div", { id: "tip", class: "ctl-tip", role: "tooltip", hidden: true });
  document.body.append(tip);
  /** @type {Element | null} */
  let owner = null;
  let timer = 0;
  const watcher = typeof MutationObserver === "function"
    ? new MutationObserver(() => { if (owner && !owner.isConnected) hide(); })
    : null;

  /** @param {Element} target @param {number} [linger] */
  function show(target, linger = 0) {
    const text = target.getAttribute("data-tip");
    if (!text) return;
    clearTimeout(timer);
    if (linger) timer = window.setTimeout(hide, linger);
    if (owner && owner !== target) owner.removeAttribute("aria-describedby");
    owner = target;
    fill(tip, text);
    put(tip, target);
    target.setAttribute("aria-describedby", "tip");
    watcher?.observe(document.body, { childList: true, subtree: true });
  }
  function hide() {
    clearTimeout(timer);
    watcher?.disconnect();
    if (owner) owner.removeAttribute("aria-describedby");
    owner = null;
    tip.hidden = true;
  }
  /** @param {Element} target */
  function soon(target) {
    clearTimeout(timer);
    timer = window.setTimeout(() => show(target), HOVER_DELAY);
  }
  return { show, soon, hide, owner: () => owner };
}

/** Installs the page's one tooltip (once; later calls do nothing).
 *
 * After a click, tap, Enter or Space on a place that can be chosen the tooltip is hushed: the
 * board is drawn again and puts the keyboard's focus back on one of its places, and a new place
 * comes under the resting mouse, and neither shows a tip. The hush ends when the mouse moves
 * away from where it clicked, another key is pressed, or the next tap or click begins. */
export function installTips() {
  if (installed) return;
  installed = true;
  const { show, soon, hide, owner } = tooltip();
  /** Where the click that hushed the tooltip was (NaN: a key's), or null: not hushed.
   * @type {{x: number, y: number} | null} */
  let hush = null;
  let touched = false;
  document.addEventListener("pointerdown", (event) => {
    touched = event.pointerType !== "mouse";
    hush = null;
  }, true);
  // Capture: boards stop their clicks from bubbling. A click or tap on a place that can be
  // chosen hides the tip (the place acts and the board changes); a tap on another element with
  // a tip shows its tip for a while; a tap or click on anything else hides the tip.
  document.addEventListener("click", (event) => {
    const target = tipped(event.target);
    if (choice(event.target)) { hush = { x: event.clientX, y: event.clientY }; hide(); }
    else if (target && (touched || target !== owner())) show(target, touched ? LINGER : 0);
    else if (!target) hide();
  }, true);
  document.addEventListener("mouseover", (event) => {
    if (touched) return;
    if (hush && Math.hypot(event.clientX - hush.x, event.clientY - hush.y) < HUSH_RADIUS) return;
    hush = null;
    if (owner()?.isConnected === false) hide(); // the board was drawn again under the tip
    const target = tipped(event.target);
    if (target === owner()) return;
    if (target) soon(target); else hide();
  });
  document.addEventListener("focusin", (event) => {
    if (hush) return;
    const target = tipped(event.target);
    if (target) show(target); else hide();
  });
  document.addEventListener("keydown", (event) => {
    // Enter or Space on a place that can be chosen acts as a click on it does.
    const acts = (event.key === "Enter" || event.key === " ") && choice(event.target);
    if (acts) hush = { x: NaN, y: NaN };
    else if (event.key !== "Escape") hush = null;
    if (event.key === "Escape" || acts) hide();
  }, true);
  window.addEventListener("scroll", (event) => { if (scrollMovesTip(event.target, owner())) hide(); }, { passive: true, capture: true });
  window.addEventListener("hashchange", hide);
}
