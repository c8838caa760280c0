// How a board moves when a move is shown: pieces travel from where they were to where they go,
// a revealed card flips, a die rolls, points fly to the score. The Web Animations API runs it
// all; with `prefers-reduced-motion: reduce` nothing moves and the board is simply drawn.
//
// A board says what moves with attributes on the elements it draws:
//   data-piece="KEY"  a piece known across draws (a marker on a track, a token, a card): when it
//                     is drawn elsewhere than before, it slides from its old place to its new one;
//   data-place="KEY"  a place pieces come from (a region, a market slot, a pile);
//   data-from="KEY"   drawn by the move shown, this element came from the place KEY: it travels
//                     from that place (as the previous board drew it, else as this one does);
//   data-reveal       a card whose face the move shown revealed: it turns over;
//   data-roll="FACE"  a die showing FACE: it rolls when its face changed;
//   data-score="KEY" data-value="N"  a score: when it grows, "+N" flies to it from the move.
// Where a move moves none of these, its place (class "last-move") settles in, so every move
// shown is seen to happen.
import { play } from "./sound.js";

/** How long a piece travels, in milliseconds. */
export const TRAVEL_MS = 520;

/** A box on the screen (CSS px).
 * @typedef {{x: number, y: number, w: number, h: number}} Rect */

/** What a board looked like just before it was drawn again: its pieces' and places' boxes on
 * the screen, its dice and its scores.
 * @typedef {object} Before
 * @property {Map<string, Rect>} pieces
 * @property {Map<string, Rect>} places
 * @property {Map<string, string>} dice
 * @property {Map<string, number>} scores
 */

/** Whether the player asked for less motion (the system's setting). */
export function reducedMotion() {
  return typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/** The box of `node` on the screen. @param {Element} node @returns {Rect} */
function rectOf(node) {
  const r = node.getBoundingClientRect();
  return { x: r.left, y: r.top, w: r.width, h: r.height };
}

/** The boxes of the elements of `root` with attribute `name`, by its value (the first of each).
 * @param {Element} root @param {string} name */
function boxesBy(root, name) {
  /** @type {Map<string, Rect>} */
  const found = new Map();
  for (const node of root.querySelectorAll(`[${name}]`)) {
    const key = node.getAttribute(name) ?? "";
    if (!found.has(key)) found.set(key, rectOf(node));
  }
  return found;
}

/** What `root` (a board being replaced) shows now, to move its pieces from.
 * @param {Element | null | undefined} root @returns {Before | null} */
export function remember(root) {
  if (!root || !root.isConnected) return null;
  /** @type {Map<string, string>} */
  const dice = new Map();
  for (const node of root.querySelectorAll("[data-roll]")) dice.set(node.getAttribute("data-roll-key") ?? "die", node.getAttribute("data-roll") ?? "");
  /** @type {Map<string, number>} */
  const scores = new Map();
  for (const node of root.querySelectorAll("[data-score]")) scores.set(node.getAttribute("data-score") ?? "", Number(node.getAttribute("data-value")));
  return { pieces: boxesBy(root, "data-piece"), places: boxesBy(root, "data-place"), dice, scores };
}

/** The move shown by a board of `table`: the number of its last log entry, -1 for none.
 * @param {{log?: {move: number}[] | null}} table */
export function shownMove(table) {
  const log = table.log || [];
  return log.length ? log[log.length - 1].move : -1;
}

/** Whether a board that showed move `before` and now shows move `now` shows moves played since
 * (a first drawing, a position stepped back to, or a board drawn again for a pick does not move).
 * @param {number | null | undefined} before @param {number} now */
export function isStep(before, now) {
  return before !== null && before !== undefined && now > before;
}

/** The transform an SVG element's own `transform` attribute gives it, as CSS ("" for none). The
 * animations add to it, so an element placed by its attribute stays where it is drawn.
 * @param {Element} node */
function ownTransform(node) {
  const list = /** @type {SVGGraphicsElement} */ (node).transform?.baseVal;
  if (!list || list.numberOfItems === 0) return "";
  const m = list.consolidate()?.matrix;
  return m ? `matrix(${m.a}, ${m.b}, ${m.c}, ${m.d}, ${m.e}, ${m.f})` : "";
}

/** How many screen px one unit of `node`'s parent's drawing is. @param {Element} node */
function unitOf(node) {
  const parent = /** @type {SVGGraphicsElement | null} */ (node.parentNode);
  const m = parent && typeof parent.getScreenCTM === "function" ? parent.getScreenCTM() : null;
  return m ? Math.hypot(m.a, m.b) || 1 : 1;
}

/** The centre of `node`'s drawing in its own units (for turning it about its middle).
 * @param {Element} node */
function middleOf(node) {
  try {
    const b = /** @type {SVGGraphicsElement} */ (node).getBBox();
    return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
  } catch {
    return { x: 0, y: 0 };
  }
}

/** `node` slides in from the screen box `from` to where it is drawn.
 * @param {Element} node @param {Rect} from @param {number} [delay] */
function travel(node, from, delay = 0) {
  const to = rectOf(node);
  const unit = unitOf(node);
  const dx = (from.x + from.w / 2 - (to.x + to.w / 2)) / unit;
  const dy = (from.y + from.h / 2 - (to.y + to.h / 2)) / unit;
  if (Math.hypot(dx, dy) * unit < 2) return null;
  const base = ownTransform(node);
  return node.animate([
    { transform: `translate(${dx}px, ${dy}px) ${base}`.trim(), opacity: 0.85 },
    { transform: `translate(0px, 0px) ${base}`.trim(), opacity: 1 },
  ], { duration: TRAVEL_MS, delay, easing: "cubic-bezier(0.25, 0.8, 0.3, 1)", fill: "backwards" });
}

/** `node` turns about its middle: `how` is the turning (a CSS transform) at the start.
 * @param {Element} node @param {string} how @param {string} end @param {number} duration */
function turn(node, how, end, duration) {
  const base = ownTransform(node);
  const c = middleOf(node);
  const about = (/** @type {string} */ t) => `${base} translate(${c.x}px, ${c.y}px) ${t} translate(${-c.x}px, ${-c.y}px)`.trim();
  return node.animate([{ transform: about(how) }, { transform: about(end) }], { duration, easing: "ease-out", fill: "backwards" });
}

/** "+N" flies from the screen box `from` to the score `node`, and goes.
 * @param {SVGSVGElement} svg @param {Element} node @param {number} gained @param {Rect} from */
function flyPoints(svg, node, gained, from) {
  const m = svg.getScreenCTM();
  if (!m) return null;
  const inverse = m.inverse();
  const at = (/** @type {number} */ x, /** @type {number} */ y) => new DOMPoint(x, y).matrixTransform(inverse);
  const to = rectOf(node);
  const start = at(from.x + from.w / 2, from.y + from.h / 2);
  const end = at(to.x + to.w / 2, to.y + to.h / 2);
  const label = document.createElementNS("http://www.w3.org/2000/svg", "text");
  label.setAttribute("x", String(end.x));
  label.setAttribute("y", String(end.y));
  label.setAttribute("text-anchor", "middle");
  label.setAttribute("class", "lb-points");
  label.setAttribute("aria-hidden", "true");
  label.textContent = `+${gained}`;
  svg.appendChild(label);
  const run = label.animate([
    { transform: `translate(${start.x - end.x}px, ${start.y - end.y}px) scale(1)`, opacity: 0 },
    { transform: `translate(${(start.x - end.x) / 2}px, ${(start.y - end.y) / 2 - 20}px) scale(1.2)`, opacity: 1, offset: 0.35 },
    { transform: "translate(0px, 0px) scale(1)", opacity: 0 },
  ], { duration: TRAVEL_MS + 380, delay: 120, easing: "ease-in-out", fill: "both" });
  run.finished.then(() => label.remove(), () => label.remove());
  return run;
}

/** What one move's animations share: the runs started, the pieces moved, the sounds to make.
 * @typedef {{runs: (Animation | null)[], moved: Set<Element>, sounds: Set<import("./sound.js").SoundName>}} Run */

/** Pieces known across draws slide from where they were. @param {Element} svg @param {Before} before @param {Run} run */
function slides(svg, before, run) {
  for (const node of svg.querySelectorAll("[data-piece]")) {
    const was = before.pieces.get(node.getAttribute("data-piece") ?? "");
    const moving = was ? travel(node, was) : null;
    if (moving) { run.runs.push(moving); run.moved.add(node); run.sounds.add("move"); }
  }
}

/** What the move put down travels from the place it came from.
 * @param {Element} svg @param {Before | null} before @param {Run} run */
function arrivals(svg, before, run) {
  let k = 0;
  for (const node of svg.querySelectorAll("[data-from]")) {
    if (run.moved.has(node)) continue;
    const key = node.getAttribute("data-from") ?? "";
    const here = svg.querySelector(`[data-place="${CSS.escape(key)}"]`);
    const from = before?.places.get(key) ?? (here ? rectOf(here) : null);
    const moving = from ? travel(node, from, 70 * k++) : null;
    if (moving) { run.runs.push(moving); run.moved.add(node); run.sounds.add("move"); }
  }
}

/** Cards revealed turn over; dice whose face changed roll.
 * @param {Element} svg @param {Before | null} before @param {Run} run */
function turns(svg, before, run) {
  for (const node of svg.querySelectorAll("[data-reveal]")) {
    run.runs.push(turn(node, "scaleX(0)", "scaleX(1)", 420));
    run.sounds.add("card");
  }
  for (const node of svg.querySelectorAll("[data-roll]")) {
    const was = before?.dice.get(node.getAttribute("data-roll-key") ?? "die");
    if (was === undefined || was === node.getAttribute("data-roll")) continue;
    run.runs.push(turn(node, "rotate(-540deg) scale(0.7)", "rotate(0deg) scale(1)", 650));
    run.sounds.add("die");
  }
}

/** Points gained fly from the move's place to their score.
 * @param {SVGSVGElement} svg @param {Before} before @param {Element | null} last @param {Run} run */
function points(svg, before, last, run) {
  for (const node of svg.querySelectorAll("[data-score]")) {
    const was = before.scores.get(node.getAttribute("data-score") ?? "");
    const now = Number(node.getAttribute("data-value"));
    if (was === undefined || !(now > was)) continue;
    run.runs.push(flyPoints(svg, node, now - was, last ? rectOf(last) : rectOf(node)));
    run.sounds.add("points");
  }
}

/** Moves the board `svg`, just drawn for a move shown, from how it was (`before`, the previous
 * board's `remember`): returns the animations started (none with reduced motion).
 * @param {Element} svg @param {Before | null} before @returns {Animation[]} */
export function animateMove(svg, before) {
  if (reducedMotion() || typeof svg.animate !== "function" || !(svg instanceof SVGSVGElement)) return [];
  /** @type {Run} */
  const run = { runs: [], moved: new Set(), sounds: new Set() };
  const last = svg.querySelector(".last-move");
  if (before) slides(svg, before, run);
  arrivals(svg, before, run);
  turns(svg, before, run);
  if (before) points(svg, before, last, run);
  // A move that moved nothing marked: its place settles in.
  if (!run.moved.size && last) {
    for (const node of svg.querySelectorAll(".last-move")) run.runs.push(turn(node, "scale(1.12)", "scale(1)", 380));
    run.sounds.add("move");
  }
  for (const name of run.sounds) play(name);
  return /** @type {Animation[]} */ (run.runs.filter(Boolean));
}
