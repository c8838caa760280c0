// Tooltips for every element with a `data-tip` (board components included): shown on hover
// and keyboard focus with a mouse, on tap with a finger (a tap elsewhere hides it).
import { h } from "./dom.js";

let installed = false;

/**
 * Where a tip of size `tip` goes beside `target` in a viewport of `view`: above it when there
 * is room, else below; never outside the screen.
 * @param {{left: number, top: number, width: number, height: number}} target
 * @param {{width: number, height: number}} tip
 * @param {{width: number, height: number}} view
 */
export function placeTip(target, tip, view, gap = 8) {
  const left = Math.max(gap, Math.min(view.width - tip.width - gap, target.left + target.width / 2 - tip.width / 2));
  const above = target.top - tip.height - gap;
  const top = above >= gap ? above : Math.min(view.height - tip.height - gap, target.top + target.height + gap);
  return { left, top: Math.max(gap, top) };
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

/** Installs the page's one tooltip (once; later calls do nothing). */
export function installTips() {
  if (installed) return;
  installed = true;
  const tip = h("div", { id: "tip", class: "ctl-tip", role: "tooltip", hidden: true });
  document.body.append(tip);
  /** @type {Element | null} */
  let owner = null;
  let timer = 0;

  /** @param {EventTarget | null} node */
  const tipped = (node) => (node instanceof Element ? node.closest("[data-tip]") : null);

  /** @param {Element} target @param {number} [linger] milliseconds it stays (0: until hidden) */
  function show(target, linger = 0) {
    const text = target.getAttribute("data-tip");
    if (!text) return;
    clearTimeout(timer);
    // A tapped tip goes by itself after a while: a finger has no "mouse out".
    if (linger) timer = window.setTimeout(hide, linger);
    owner = target;
    tip.textContent = text;
    tip.hidden = false;
    const box = target.getBoundingClientRect();
    const spot = placeTip(box, tip.getBoundingClientRect(), { width: window.innerWidth, height: window.innerHeight });
    tip.style.left = `${spot.left}px`; // CSSOM, allowed by the page's CSP
    tip.style.top = `${spot.top}px`;
    target.setAttribute("aria-describedby", "tip");
  }
  function hide() {
    clearTimeout(timer);
    if (owner) owner.removeAttribute("aria-describedby");
    owner = null;
    tip.hidden = true;
  }

  let touched = false;
  document.addEventListener("pointerdown", (event) => { touched = event.pointerType !== "mouse"; }, true);
  // A tap: shows the tapped element's tip (a tap on a board's piece still does what it does),
  // or hides the tip shown. Capture: boards stop their clicks from bubbling.
  document.addEventListener("click", (event) => {
    const target = tipped(event.target);
    if (target && (touched || target !== owner)) show(target, touched ? 4000 : 0);
    else if (!target) hide();
  }, true);
  document.addEventListener("mouseover", (event) => {
    if (touched) return;
    if (owner && !owner.isConnected) hide(); // the board was drawn again under the tip
    const target = tipped(event.target);
    if (target === owner) return;
    clearTimeout(timer);
    if (!target) { hide(); return; }
    timer = window.setTimeout(() => show(target), 250);
  });
  document.addEventListener("focusin", (event) => {
    const target = tipped(event.target);
    if (target) show(target); else hide();
  });
  document.addEventListener("keydown", (event) => { if (event.key === "Escape") hide(); });
  window.addEventListener("scroll", (event) => { if (scrollMovesTip(event.target, owner)) hide(); }, { passive: true, capture: true });
  window.addEventListener("hashchange", hide);
}
