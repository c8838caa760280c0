// Helpers the games' boards draw with, and the seats' colours and marks.
//
// A board module (boards/GAME.js) exports `draw(table, ctx)` returning an <svg>: `table` is the
// server's JSON for the seat (view, players, legal, you, to_move, log, status, result); `ctx` is
// made by `boardContext` below. A board finds a legal action by its kind and arguments
// (`ctx.find("take", { slot: "d2" })`) and makes the place it names clickable with
// `ctx.clickable(element, action)`; every legal action is also in the list beside the board.

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

/** The letter that goes with a colour name ("R" for red), or the seat's number.
 * @param {string} name
 * @param {number} [index]
 * @returns {string} */
export function mark(name, index = 0) {
  return LETTERS[name] || String(index);
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
 */

/** The context a board draws with. `act(action)` sends a legal action (an entry of
 * `table.legal`: `{id, text, kind, args}`); boards find actions by their kind and arguments,
 * never by their text.
 * @param {Table} table
 * @param {(action: LegalAction) => void} act
 * @returns {BoardContext} */
export function boardContext(table, act) {
  const legal = /** @type {BoardAction[]} */ (table.legal || []);
  /** @param {number} p */
  const seatName = (p) => table.players?.[p]?.seat_name ?? `seat ${p}`;
  const last = table.log && table.log.length ? table.log[table.log.length - 1] : null;
  return {
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
      node.setAttribute("data-kind", String(action.kind));
      pickable(node, label || action.text, () => act(action));
      return true;
    },
  };
}
