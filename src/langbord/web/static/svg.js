// Helpers the games' boards draw with, and the seats' colours and marks.
//
// A board module (boards/GAME.js) exports `draw(table, ctx)` returning an <svg>: `table` is the
// server's JSON for the seat (view, players, legal, you, to_move, log, status, result); `ctx` is
// made by `boardContext` below. A board finds a legal action by its kind and arguments
// (`ctx.find("take", { slot: "d2" })`) and makes the place it names clickable with
// `ctx.clickable(element, action)`; every legal action is also in the list beside the board.

const NS = "http://www.w3.org/2000/svg";

/** An SVG element with attributes, appended to `parent` if given.
 * @param {string} tag
 * @param {Record<string, any>} [attrs]
 * @param {Element | null} [parent]
 * @returns {any} an SVGElement (typed loosely, as it always was, for the boards that query it) */
export function el(tag, attrs = {}, parent = null) {
  const node = document.createElementNS(NS, tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value !== null && value !== undefined) node.setAttribute(key, String(value));
  }
  if (parent) parent.appendChild(node);
  return node;
}

/** A <text> element. */
export function text(parent, x, y, content, attrs = {}) {
  const node = el("text", { x, y, "font-size": 14, ...attrs }, parent);
  node.textContent = content;
  return node;
}

/** A titled <svg> with a viewBox (it scales to the page's width). */
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
const LETTERS = {
  black: "K", white: "W", red: "R", green: "G", yellow: "Y", blue: "B", "light blue": "L",
  purple: "P",
};

/** The colour of a named colour ("red", "light blue"), or of seat `index` in a palette. */
export function colour(name, index = 0) {
  return COLOURS[name] || PALETTE[index % PALETTE.length];
}

/** The letter that goes with a colour name ("R" for red), or the seat's number. */
export function mark(name, index = 0) {
  return LETTERS[name] || String(index);
}

/** Text colour readable on `fill`. */
export function inkOn(fill) {
  const hex = fill.replace("#", "");
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return r * 0.299 + g * 0.587 + b * 0.114 > 150 ? "#1d1d1d" : "#ffffff";
}

/** A round counter with a letter: the seat's colour and its mark. */
export function chip(parent, x, y, r, fill, letter, attrs = {}) {
  const g = el("g", attrs, parent);
  el("circle", { cx: x, cy: y, r, fill, stroke: "#0008", "stroke-width": 1.5 }, g);
  text(g, x, y + r * 0.36, letter, {
    "text-anchor": "middle", "font-size": r * 1.05, "font-weight": 700, fill: inkOn(fill),
  });
  return g;
}

/** Makes `node` a focusable button (click, Enter or Space) that calls `onPick`: a legal action
 * (through `ctx.clickable`), or the first of a board's two-step picks. */
export function pickable(node, label, onPick) {
  node.classList.add("clickable");
  node.setAttribute("tabindex", "0");
  node.setAttribute("role", "button");
  node.setAttribute("aria-label", label);
  const fire = (event) => {
    event.preventDefault();
    event.stopPropagation();
    onPick();
  };
  node.addEventListener("click", fire);
  node.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") fire(event);
  });
}

/** Explains `node` to a new player: a sentence in its `data-tip` attribute (the page shows it on
 * hover, tap or focus). Returns `node`. */
export function tip(node, sentence) {
  if (sentence) node.setAttribute("data-tip", sentence);
  return node;
}

/** Whether two boxes `{x, y, w, h}` overlap (touching edges do not). */
export function overlaps(a, b) {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

/** Whether `action` (a legal action or a log entry: `{kind, args}`) is of `kind` with exactly
 * the arguments `args` (`exact`), or with at least those (`exact = false`). */
export function matches(action, kind, args = {}, exact = true) {
  if (!action || action.kind !== kind) return false;
  const have = action.args || {};
  const keys = Object.keys(args);
  if (exact && Object.keys(have).length !== keys.length) return false;
  return keys.every((key) => have[key] === args[key]);
}

/** The context a board draws with. `act(action)` sends a legal action (an entry of
 * `table.legal`: `{id, text, kind, args}`); boards find actions by their kind and arguments,
 * never by their text. */
export function boardContext(table, act) {
  const legal = table.legal || [];
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
    seatColour: (p) => colour(seatName(p), p),
    seatMark: (p) => mark(seatName(p), p),
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
      node.setAttribute("data-kind", action.kind);
      pickable(node, label || action.text, () => act(action));
      return true;
    },
  };
}
