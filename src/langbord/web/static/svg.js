// Helpers the games' boards draw with, and the seats' colours and marks.
//
// A board module (boards/GAME.js) exports `draw(table, ctx)` returning an <svg>: `table` is the
// server's JSON for the seat (view, players, legal, you, to_move, log, status, result); `ctx` is
// made by `boardContext` below. A board finds a legal action by its kind and arguments
// (`ctx.find("take", { slot: "d2" })`) and makes the place it names clickable with
// `ctx.clickable(element, action)`; every legal action is also in the list beside the board.
// A board offers each place it draws with `ctx.offer(element, kind, args)`: the action the place
// stands for, legal or not. A legal one is clickable; another one, when the page can ask the
// server (`options.why`), answers "why not?" in a small popover; a tutorial's `highlight`
// marks the places it names.

import { t } from "./i18n.js";
import { showsNotation } from "./notation.js";
import { rulingsNote } from "./rulings.js";

const NS = "http://www.w3.org/2000/svg";

/** @typedef {import("./types.js").Table} Table */
/** @typedef {import("./types.js").LegalAction} LegalAction */
/** @typedef {import("./types.js").LogEntry} LogEntry */
/** A legal action as a board reads it: every board's game names its kind and arguments (their
 * values are the game's own JSON, which the page does not type).
 * @typedef {LegalAction & {kind: string, args: Record<string, any>}} BoardAction */
/** A box on a board.
 * @typedef {{x: number, y: number, w: number, h: number}} Box */

/** Attributes of an SVG element: a value is written as a string; null or undefined leaves the
 * attribute out.
 * @typedef {Record<string, string | number | boolean | null | undefined>} Attrs */

/** An SVG element with attributes, appended to `parent` if given.
 * @template {keyof SVGElementTagNameMap} K
 * @param {K} tag
 * @param {Attrs} [attrs]
 * @param {Element | null} [parent]
 * @returns {SVGElementTagNameMap[K]} */
export function el(tag, attrs = {}, parent = null) {
  const node = /** @type {SVGElementTagNameMap[K]} */ (document.createElementNS(NS, tag));
  for (const [key, value] of Object.entries(attrs)) {
    if (value !== null && value !== undefined) node.setAttribute(key, String(value));
  }
  if (parent) parent.appendChild(node);
  return node;
}

/** A <text> element.
 * @param {Element | null} parent
 * @param {number} x
 * @param {number} y
 * @param {string} content
 * @param {Attrs} [attrs]
 * @returns {SVGTextElement} */
export function text(parent, x, y, content, attrs = {}) {
  const node = el("text", { x, y, "font-size": 14, ...attrs }, parent);
  node.textContent = content;
  return node;
}

/** A titled <svg> with a viewBox (it scales to the page's width).
 * @param {number} width
 * @param {number} height
 * @param {string} title
 * @returns {SVGSVGElement} */
export function board(width, height, title) {
  const svg = el("svg", {
    viewBox: `0 0 ${width} ${height}`,
    role: "img",
    "aria-label": title,
  });
  el("title", {}, svg).textContent = title;
  return svg;
}

// Colours by name (clans, player colours, card colours), and marks for those who cannot tell
// colours apart (a letter, as the Knarr rulebook's ColorADD idea suggests).
/** @type {Record<string, string>} */
export const COLOURS = {
  black: "#2b2b2b",
  white: "#f4f4f4",
  red: "#c8352b",
  green: "#2e8b3e",
  yellow: "#e8b923",
  blue: "#2f62c8",
  "light blue": "#7cc6f0",
  purple: "#8a4fb8",
};
const PALETTE = ["#c8352b", "#2f62c8", "#e8b923", "#2e8b3e", "#8a4fb8", "#e07b1a"];
/** @type {Record<string, string>} */
const LETTERS = {
  black: "K", white: "W", red: "R", green: "G", yellow: "Y", blue: "B", "light blue": "L",
  purple: "P",
};

/** The colour of a named colour ("red", "light blue"), or of seat `index` in a palette.
 * @param {string} name
 * @param {number} [index]
 * @returns {string} */
export function colour(name, index = 0) {
  return COLOURS[name] || PALETTE[index % PALETTE.length];
}

/** The letter that goes with a colour name ("R" for red), or the seat's number as players
 * count it, from 1 (seat `index` 0 is "1").
 * @param {string} name
 * @param {number} [index]
 * @returns {string} */
export function mark(name, index = 0) {
  return LETTERS[name] || String(index + 1);
}

/** Text colour readable on `fill`.
 * @param {string} fill a colour "#rrggbb"
 * @returns {string} */
export function inkOn(fill) {
  const hex = fill.replace("#", "");
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return r * 0.299 + g * 0.587 + b * 0.114 > 150 ? "#1d1d1d" : "#ffffff";
}

/** A round counter with a letter: the seat's colour and its mark.
 * @param {Element | null} parent
 * @param {number} x
 * @param {number} y
 * @param {number} r
 * @param {string} fill
 * @param {string} letter
 * @param {Attrs} [attrs]
 * @returns {SVGGElement} */
export function chip(parent, x, y, r, fill, letter, attrs = {}) {
  const g = el("g", attrs, parent);
  el("circle", { cx: x, cy: y, r, fill, stroke: "#0008", "stroke-width": 1.5 }, g);
  text(g, x, y + r * 0.36, letter, {
    "text-anchor": "middle", "font-size": r * 1.05, "font-weight": 700, fill: inkOn(fill),
  });
  return g;
}

/** Makes `node` a focusable button (click, Enter or Space) that calls `onPick`: a legal action
 * (through `ctx.clickable`), or the first of a board's two-step picks.
 * @param {Element} node
 * @param {string} label
 * @param {() => void} onPick */
export function pickable(node, label, onPick) {
  node.classList.add("clickable");
  node.setAttribute("tabindex", "0");
  node.setAttribute("role", "button");
  node.setAttribute("aria-label", label);
  /** @param {Event} event */
  const fire = (event) => {
    event.preventDefault();
    event.stopPropagation();
    onPick();
  };
  node.addEventListener("click", fire);
  node.addEventListener("keydown", (event) => {
    const { key } = /** @type {KeyboardEvent} */ (event);
    if (key === "Enter" || key === " ") fire(event);
  });
}

/** Explains `node` to a new player: a sentence in its `data-tip` attribute (the page shows it on
 * hover, tap or focus). Returns `node`.
 * @template {Element} E
 * @param {E} node
 * @param {string | null | undefined} sentence
 * @returns {E} */
export function tip(node, sentence) {
  if (sentence) node.setAttribute("data-tip", sentence);
  return node;
}

/** Whether two boxes `{x, y, w, h}` overlap (touching edges do not).
 * @param {Box} a
 * @param {Box} b
 * @returns {boolean} */
export function overlaps(a, b) {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

/** Whether `action` (a legal action or a log entry: `{kind, args}`) is of `kind` with exactly
 * the arguments `args` (`exact`), or with at least those (`exact = false`).
 * @param {{kind?: string | null, args?: Record<string, unknown> | null} | null | undefined} action
 * @param {string} kind
 * @param {Record<string, unknown>} [args]
 * @param {boolean} [exact]
 * @returns {boolean} */
export function matches(action, kind, args = {}, exact = true) {
  if (!action || action.kind !== kind) return false;
  const have = action.args || {};
  const keys = Object.keys(args);
  if (exact && Object.keys(have).length !== keys.length) return false;
  return keys.every((key) => have[key] === args[key]);
}

/** The server's answer to "why not?" (`POST /api/tables/{id}/why`).
 * @typedef {import("./types.js").WhyAnswer} WhyAnswer */
/** A place a tutorial points at: an offered place matches when its kind is `kind` (if given) and
 * its arguments hold every one of `args`.
 * @typedef {{kind?: string, args?: Record<string, unknown>, label?: string}} Highlight */
/**
 * @typedef {object} BoardOptions what the page adds to a board (all optional)
 * @property {(kind: string, args: Record<string, unknown>) => Promise<WhyAnswer>} [why] asks
 *   why the action of `kind` with `args` cannot be taken now (the table's or the tutorial's
 *   endpoint); without it, places that cannot be chosen stay inert
 * @property {Highlight[]} [highlight] the places to mark
 */

/**
 * @typedef {object} BoardContext what a board draws with (`boardContext`)
 * @property {BoardAction[]} legal
 * @property {boolean} yours whether the seat has a decision to take
 * @property {boolean} narrow a narrow screen (a phone)
 * @property {number} width the window's width (CSS px)
 * @property {number | null} you
 * @property {LogEntry | null} last the last log entry
 * @property {(p: number) => string} seatName
 * @property {(p: number) => string} seatColour
 * @property {(p: number) => string} seatMark
 * @property {(kind: string, args?: Record<string, unknown>) => BoardAction | null} find
 * @property {(kind: string, args?: Record<string, unknown>) => BoardAction[]} all
 * @property {(node: Element, action: LegalAction | null | undefined, label?: string | null) => boolean} clickable
 * @property {(node: Element, kind: string, args?: Record<string, unknown>, label?: string | null) => boolean} offer
 *   the place `node` stands for the action of `kind` with `args`: clickable if it is legal, else
 *   (with `options.why`) it asks why not; returns whether the action is legal
 * @property {boolean} asks whether places that cannot be chosen answer "why not?"
 * @property {(node: Element, kinds: string[], args: Record<string, unknown>) => void} highlightPick
 *   marks the first place of a two-step pick (of `kinds`, with `args` decided so far) highlighted
 *   when a highlight names an action it leads to
 */

/** Whether two argument values are the same (numbers and strings as the game's JSON has them).
 * @param {unknown} a @param {unknown} b */
const same = (a, b) => a === b || (typeof a === "object" && JSON.stringify(a) === JSON.stringify(b));

/** Whether a place offered as `kind` with `args` is one of `highlights`.
 * @param {Highlight[] | null | undefined} highlights
 * @param {string} kind
 * @param {Record<string, unknown>} args
 * @returns {boolean} */
export function highlighted(highlights, kind, args) {
  return (highlights || []).some((h) => (!h.kind || h.kind === kind)
    && Object.entries(h.args || {}).every(([key, value]) => Object.hasOwn(args, key) && same(args[key], value)));
}

/** Whether the first step of a two-step pick (leading to actions of `kinds`, `args` decided so
 * far) leads to a place of `highlights`: its kind is one of `kinds` and the arguments both name
 * agree.
 * @param {Highlight[] | null | undefined} highlights
 * @param {string[]} kinds
 * @param {Record<string, unknown>} args
 * @returns {boolean} */
export function highlightedPick(highlights, kinds, args) {
  return (highlights || []).some((h) => (!h.kind || kinds.includes(h.kind))
    && Object.entries(h.args || {}).every(([key, value]) => !Object.hasOwn(args, key) || same(args[key], value))
    && Object.keys(h.args || {}).some((key) => Object.hasOwn(args, key)));
}

/** The "why not?" popover that is open: the place it answers for, and the popover. @type {{node: Element, box: HTMLElement} | null} */
let openWhy = null;

/** Closes the "why not?" popover (all of them: one is open at most). With `detached`, only if
 * its place has left the page (the board was drawn again).
 * @param {{detached?: boolean}} [when] */
export function closeWhy({ detached = false } = {}) {
  if (!openWhy || (detached && openWhy.node.isConnected)) return;
  openWhy.box.remove();
  openWhy = null;
  document.removeEventListener("click", clickedAway, true);
  document.removeEventListener("keydown", escaped, true);
}

/** A click outside the place and its popover closes it. @param {Event} event */
function clickedAway(event) {
  const target = /** @type {Node | null} */ (event.target);
  if (openWhy && target && !openWhy.box.contains(target) && !openWhy.node.contains(target)) closeWhy();
}

/** Escape closes the popover. @param {Event} event */
function escaped(event) {
  if (/** @type {KeyboardEvent} */ (event).key === "Escape" && openWhy) {
    event.stopPropagation();
    const { node } = openWhy;
    closeWhy();
    /** @type {HTMLElement} */ (/** @type {unknown} */ (node)).focus?.();
  }
}

/** Puts `box` next to `node`: below it if there is room, else above, inside the window's width
 * and never over the turn bar (which stays on top of the page).
 * @param {HTMLElement} box @param {Element} node */
export function placeWhy(box, node) {
  const r = node.getBoundingClientRect();
  const bar = document.querySelector(".bar-area")?.getBoundingClientRect();
  const top = Math.max(bar ? bar.bottom + 4 : 0, 0);
  const w = box.offsetWidth || 260;
  const h = box.offsetHeight || 60;
  const room = window.innerHeight;
  let y = r.bottom + 6;
  if (y + h > room && r.top - 6 - h >= top) y = r.top - 6 - h;
  y = Math.max(y, top);
  const x = Math.min(Math.max(r.left + r.width / 2 - w / 2, 8), Math.max(8, window.innerWidth - w - 8));
  box.style.left = `${Math.round(x + window.scrollX)}px`; // through the CSSOM: the CSP forbids style attributes
  box.style.top = `${Math.round(y + window.scrollY)}px`;
}

/** The popover's words for an answer about the place called `label`: the question (the place
 * and the move it stands for, in words), the answer (why not, in words), the rulings it rests on
 * (in a player's words) and the notation line, shown only to whoever shows the notation.
 * @param {WhyAnswer} answer @param {string} label
 * @returns {{asked: string, said: string, rulings: {id: string, text: string}[], rule: string}} */
export function whyWords(answer, label) {
  const asked = answer.words && answer.words !== label ? t("{place}: {move}?", { place: label, move: answer.words }) : label;
  const rule = showsNotation() && answer.rule ? answer.rule : "";
  if (answer.legal) return { asked, said: t("This can be done now."), rulings: [], rule };
  const reason = answer.reason || t("not now.");
  return { asked, said: t("Why not: {reason}", { reason }), rulings: answer.rulings ?? [], rule };
}

/** Opens the popover for `node` and fills it with the answer `ask` gives (a second call for the
 * same place closes it).
 * @param {Element} node @param {string} label @param {() => Promise<WhyAnswer>} ask */
export async function showWhy(node, label, ask) {
  const again = openWhy?.node === node;
  closeWhy();
  if (again) return;
  const box = document.createElement("div");
  box.className = "why-pop";
  box.setAttribute("role", "status");
  box.setAttribute("aria-busy", "true"); // until the answer is in
  const question = document.createElement("p");
  question.className = "why-asked";
  question.textContent = label;
  const said = document.createElement("p");
  said.className = "why-said";
  said.textContent = "…";
  const rule = document.createElement("p");
  rule.className = "why-rule";
  box.append(question, said, rule);
  document.body.appendChild(box);
  // The answer takes the place of the page's tooltip, which a tap on the same place shows.
  document.getElementById?.("tip")?.setAttribute("hidden", "");
  openWhy = { node, box };
  document.addEventListener("click", clickedAway, true);
  document.addEventListener("keydown", escaped, true);
  placeWhy(box, node);
  let words;
  try {
    words = whyWords(await ask(), label);
  } catch (error) {
    words = { asked: label, said: t("Could not ask why: {reason}", { reason: error instanceof Error ? error.message : String(error) }), rulings: [], rule: "" };
  }
  if (openWhy?.box !== box) return; // closed, or another place asked, meanwhile
  question.textContent = words.asked;
  said.textContent = words.said;
  rule.textContent = words.rule;
  rule.hidden = !words.rule;
  // The rulings behind the answer, in words, on request: a ruling's id is never shown.
  const more = rulingsNote(words.rulings, "why-rulings");
  if (more) {
    rule.remove();
    box.append(more, rule); // the notation line, if shown, stays last
  }
  box.removeAttribute("aria-busy");
  placeWhy(box, node);
}

/** Marks `node` as the place of the action `kind` with `args`, and as highlighted if a
 * highlight names it.
 * @param {Element} node @param {string} kind @param {Record<string, unknown>} args
 * @param {Highlight[] | undefined} highlights */
function markPlace(node, kind, args, highlights) {
  node.setAttribute("data-kind", kind);
  node.setAttribute("data-args", JSON.stringify(args));
  if (highlighted(highlights, kind, args)) node.classList.add("highlight");
}

/** The words a place is known by where its board gave none: the first phrase of its tooltip
 * (the component it shows, in the player's language), else "this place".
 * @param {Element} node */
function placeName(node) {
  const tip = node.closest?.("[data-tip]")?.getAttribute("data-tip") ?? node.querySelector?.("[data-tip]")?.getAttribute("data-tip");
  // Its first phrase: "Lindorm 1, value 4. A Minion of…" is "Lindorm 1, value 4".
  const first = tip?.split("\n")[0].split(/[.:](?:\s|$)/)[0].trim();
  return first || t("this place");
}

/** Makes `node` a place that answers why the action of `kind` with `args` cannot be taken: a
 * click, tap, Enter or Space asks `why`.
 * @param {Element} node @param {string} kind @param {Record<string, unknown>} args
 * @param {string | null} label @param {NonNullable<BoardOptions["why"]>} why */
function whyPlace(node, kind, args, label, why) {
  node.classList.add("why");
  node.setAttribute("tabindex", "0");
  node.setAttribute("role", "button");
  const named = () => label || placeName(node);
  node.setAttribute("aria-label", t("{place}: why not?", { place: named() }));
  // A board gives its places their tooltips after offering them: the name is read again then.
  if (!label) queueMicrotask(() => node.setAttribute("aria-label", t("{place}: why not?", { place: named() })));
  /** @param {Event} event */
  const fire = (event) => {
    event.preventDefault();
    event.stopPropagation();
    void showWhy(node, named(), () => why(kind, args));
  };
  node.addEventListener("click", fire);
  node.addEventListener("keydown", (event) => {
    const { key } = /** @type {KeyboardEvent} */ (event);
    if (key === "Enter" || key === " ") fire(event);
  });
}

/** The context a board draws with. `act(action)` sends a legal action (an entry of
 * `table.legal`: `{id, text, kind, args}`); boards find actions by their kind and arguments,
 * never by their text. `options` (see BoardOptions) asks "why not?" and highlights places.
 * @param {Table} table
 * @param {(action: LegalAction) => void} act
 * @param {BoardOptions} [options]
 * @returns {BoardContext} */
export function boardContext(table, act, options = {}) {
  const legal = /** @type {BoardAction[]} */ (table.legal || []);
  /** @param {number} p */
  const seatName = (p) => table.players?.[p]?.seat_name ?? `seat ${p}`;
  const last = table.log && table.log.length ? table.log[table.log.length - 1] : null;
  const { why, highlight } = options;
  /** @type {BoardContext} */
  const ctx = {
    legal,
    /** Whether the seat has a decision to take. */
    yours: legal.length > 0,
    /** A narrow screen (a phone): boards may lay themselves out in one column. */
    narrow: window.innerWidth < 700,
    width: window.innerWidth,
    you: table.you,
    /** The last log entry: `{player, action}`, with `kind` and `args` unless it is told
     * without them (a draw into another seat's hand). */
    last,
    seatName,
    seatColour: (/** @type {number} */ p) => colour(seatName(p), p),
    seatMark: (/** @type {number} */ p) => mark(seatName(p), p),
    asks: Boolean(why),
    /** The legal action of `kind` with exactly the arguments `args`, or null. */
    find(kind, args = {}) {
      return legal.find((a) => matches(a, kind, args)) ?? null;
    },
    /** The legal actions of `kind` with at least the arguments `args`, in id order. */
    all(kind, args = {}) {
      return legal.filter((a) => matches(a, kind, args, false));
    },
    /** Makes `node` act as `action` (a legal action, or null: nothing); returns whether it
     * did. */
    clickable(node, action, label = null) {
      if (!action) return false;
      node.setAttribute("data-action", String(action.id));
      markPlace(node, String(action.kind), /** @type {BoardAction} */ (action).args || {}, highlight);
      pickable(node, label || action.words || action.text, () => act(action));
      return true;
    },
    highlightPick(node, kinds, args) {
      if (highlightedPick(highlight, kinds, args)) node.classList.add("highlight");
    },
    offer(node, kind, args = {}, label = null) {
      const action = ctx.find(kind, args);
      if (action) return ctx.clickable(node, action, label);
      markPlace(node, kind, args, highlight);
      if (why) whyPlace(node, kind, args, label, why);
      return false;
    },
  };
  return ctx;
}
