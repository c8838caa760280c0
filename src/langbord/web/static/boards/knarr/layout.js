// Where everything goes on Knarr's board, for a desktop (960 units wide, about 900 CSS px at
// 1280×800) or a phone (380 units, about 372 CSS px at 390×844: one unit ≈ one pixel, every
// place a finger clicks at least 46 units). Every text is drawn at SMALL units or more, which
// reads as 12.6 CSS px or more on that desktop and 13.2 on that phone. Pure: numbers and
// rectangles, no DOM.
import { COLOURS, buildingNumber } from "./data.js";
import { buttonLabel, plan } from "./places.js";

/** @typedef {{x: number, y: number, w: number, h: number}} Rect */
/** @typedef {import("./view.js").Action} Action */
/** @typedef {import("./view.js").KnarrView} KnarrView */
/** @typedef {import("./view.js").KnarrSeat} KnarrSeat */
/** @typedef {import("./view.js").KnarrSkali} KnarrSkali */

export const WIDE = 960;
export const NARROW = 380;
/** The least width and height, in units, of a place clicked on a phone (44 CSS px or more). */
export const TOUCH = 46;
/** The smallest font size of the board's texts, in units. */
export const SMALL = 13.5;
/** A track marker's radius: its seat's letter is drawn at 1.05 × it, above SMALL. */
export const MARKER = 13;
/** A header line's height. */
export const LINE = 20;
const M = 14;
/** A track row's numbers, above the markers standing on its spaces. */
const NUMBERS = 19;
/** Markers on one space: each this far under the one before (its letter clear of the next). */
const STACK = 18;

/** @param {number} x @param {number} y @param {number} w @param {number} h @returns {Rect} */
const rect = (x, y, w, h) => ({ x, y, w, h });

/** `count` cells in rows of `perRow` from (x, y), each `w` wide and `h` high, rows `rowH` apart.
 * @param {number} count @param {number} perRow @param {number} x @param {number} y
 * @param {number} w @param {number} h @param {number} rowH @param {number} [gap] @returns {Rect[]} */
export function cells(count, perRow, x, y, w, h, rowH, gap = 0) {
  return Array.from({ length: count }, (_, i) => rect(x + (i % perRow) * (w + gap), y + Math.floor(i / perRow) * rowH, w, h));
}

/** Boxes of the given widths flowed into rows no wider than `maxW`; returns the boxes and the
 * height used.
 * @param {number[]} widths @param {number} x @param {number} y @param {number} maxW
 * @param {number} h @param {number} [gap] */
export function flow(widths, x, y, maxW, h, gap = 8) {
  /** @type {Rect[]} */
  const boxes = [];
  let cx = x;
  let cy = y;
  for (const w of widths) {
    if (cx > x && cx + w > x + maxW) { cx = x; cy += h + gap; }
    boxes.push(rect(cx, cy, Math.min(w, maxW), h));
    cx += w + gap;
  }
  return { boxes, height: widths.length ? cy - y + h : 0 };
}

/** A crew column's cards grouped by type, in order of first appearance: `[{type, count}]`.
 * @param {string[]} cards */
export function groups(cards) {
  /** @type {{type: string, count: number}[]} */
  const out = [];
  for (const type of cards) {
    const found = out.find((g) => g.type === type);
    if (found) found.count += 1;
    else out.push({ type, count: 1 });
  }
  return out;
}

/** The seats in the order their panels are drawn: yours first, then the others after you.
 * @param {KnarrSeat[]} seats @param {number | null} you */
export function seatOrder(seats, you) {
  const at = seats.findIndex((s) => s.seat === you);
  return at < 0 ? seats : [...seats.slice(at), ...seats.slice(0, at)];
}

/** The keys of every place the board draws for `view` (see places.js's placeOf).
 * @param {KnarrView} view @param {number | null} you */
export function drawnPlaces(view, you) {
  const keys = new Set(["recruits", "boat:1", "boat:2", "boat:3"]);
  COLOURS.forEach((c) => keys.add(`market:${c}`));
  for (const row of Object.values(view.destinations)) for (const name of row) if (name) keys.add(`dest:${name}`);
  const mine = view.seats.find((s) => s.seat === you);
  if (mine) {
    (mine.reserved || []).forEach((name) => keys.add(`dest:${name}`));
    (mine.hand || []).forEach((type) => keys.add(`hand:${type}`));
    COLOURS.forEach((c) => mine.crew[c].forEach((type) => keys.add(`crew:${type}`)));
    if (view.skali) {
      keys.add("village:skali");
      (mine.village || []).forEach((b) => keys.add(`village:${b}`));
    }
  }
  if (view.skali) view.skali.buildings.forEach((b) => { if (b) keys.add(`building:${buildingNumber(b)}`); });
  return keys;
}

/** Whether seat `s` shows a change token (Skali with 2 players). @param {KnarrSeat} s */
export function hasChangeToken(s) {
  return s.change_token !== undefined;
}

/** The artifacts in play (none, one, or one per seat). @param {KnarrView} view @returns {string[]} */
export function artifactsOf(view) {
  if (view.artifacts?.length) return view.artifacts;
  return view.artifact && view.artifact !== "none" ? [view.artifact] : [];
}

/** The header's lines: the parts each one says ("round", "first", "end", "extras",
 * "artifacts"), those the view has. A phone gives the artifacts a line of their own.
 * @param {KnarrView} view @param {boolean} narrow @returns {string[][]} */
export function headerLines(view, narrow) {
  /** @type {Record<string, boolean>} */
  const has = {
    round: true, first: view.first !== null && view.first !== undefined, end: Boolean(view.end_triggered),
    extras: Boolean(view.extras), artifacts: artifactsOf(view).length > 0,
  };
  const lines = narrow ? [["round", "first"], ["end", "extras"], ["artifacts"]] : [["round", "first", "artifacts"], ["end", "extras"]];
  return lines.map((line) => line.filter((part) => has[part])).filter((line) => line.length);
}

/** A seat's hand: yours card by card (their rectangles), another's as its label, the cards seen
 * and the hidden ones' backs (flowed in rows up to `maxX`); and its height from `handY`.
 * @param {KnarrSeat} s @param {boolean} narrow @param {number} handY @param {number} maxX */
function handGeo(s, narrow, handY, maxX) {
  if (s.hand) {
    const perRow = narrow ? 5 : 4;
    const [w, h] = narrow ? [56, 70] : [60, 64];
    const step = h + 18; // a card seen by the others is marked under it
    const hand = cells(s.hand.length, perRow, narrow ? M + 44 : 60, handY, w, h, step, 6);
    return { hand, seen: [], backs: [], height: Math.max(1, Math.ceil(s.hand.length / perRow)) * step };
  }
  /** @type {Rect[]} */
  const seen = [];
  /** @type {Rect[]} */
  const backs = [];
  let x = 14;
  let y = handY + 20;
  /** @param {number} w @param {Rect[]} list */
  const put = (w, list) => {
    if (x + w > maxX) { x = 14; y += 28; }
    list.push(rect(x, y, w, 24));
    x += w + 6;
  };
  (s.hand_known || []).forEach(() => put(70, seen));
  for (let i = (s.hand_known?.length ?? 0); i < s.hand_size; i++) put(26, backs);
  return { hand: [], seen, backs, height: y + 24 - handY + 4 };
}

/** A seat panel's tokens and hand, and the bottom of that column.
 * @param {KnarrSeat} s @param {boolean} narrow @param {boolean} skali @param {boolean} you */
function seatLeft(s, narrow, skali, you) {
  const tokenCount = skali ? 6 : 4;
  const tokenH = narrow ? (you ? TOUCH : 34) : 32;
  const tokenW = narrow ? 54 : skali ? 48 : 58;
  const tokens = cells(tokenCount, 6, narrow ? M : 16, 36, tokenW, tokenH, 0, 4);
  const handY = 36 + tokenH + 10;
  const hand = handGeo(s, narrow, handY, narrow ? NARROW - 20 : 324);
  let leftBottom = handY + hand.height;
  // Skali with 2 players: a line for the change token under the hand.
  const changeY = leftBottom + 14;
  if (hasChangeToken(s)) leftBottom += 20;
  return { tokens, handY, ...hand, changeY, leftBottom };
}

/** A seat panel's crew: five colour columns, one row per type of viking (a count for several);
 * and where the columns end, right and bottom. Only your own rows are clicked, so only they are
 * a finger's size on a phone.
 * @param {KnarrSeat} s @param {boolean} narrow @param {boolean} you @param {number} top */
function seatCrew(s, narrow, you, top) {
  const colW = narrow ? (NARROW - 2 * M) / 5 : 72;
  const crewX = narrow ? M : 338;
  const rowH = narrow ? (you ? TOUCH + 4 : 30) : 27;
  const crew = COLOURS.map((c, i) => {
    const x = crewX + i * colW;
    const rows = groups(s.crew[c]).map((g, k) => ({ ...g, ...rect(x + 4, top + 40 + k * rowH, colW - 10, rowH - 3) }));
    return { colour: c, ...rect(x + 2, top + 18, colW - 6, Math.max(1, rows.length) * rowH + 24), rows };
  });
  return { crew, right: crewX + 5 * colW, bottom: Math.max(...crew.map((col) => col.y + col.h)) };
}

/** A seat panel's boat: three trade columns, the destinations tucked under it, then the reserved
 * ones; and its bottom.
 * @param {KnarrSeat} s @param {boolean} narrow @param {boolean} you @param {number} top */
function seatBoat(s, narrow, you, top) {
  const bw = 58;
  const boatX = narrow ? M : WIDE - M - (3 * bw + 60);
  const colH = narrow && you ? TOUCH : 28;
  const boat = {
    ...rect(boatX, top + 18, 3 * bw + 60, colH + 8),
    columns: cells(3, 3, boatX + 18, top + 22, bw - 4, colH, 0, 4),
  };
  const destY = top + 18 + colH + 14;
  const dests = s.destinations.map((name, j) => ({ name, ...rect(boatX + 16, destY + j * 30, 3 * bw, 27) }));
  let bottom = destY + dests.length * 30;
  const reservedH = narrow && you ? TOUCH : 26;
  const reserved = (s.reserved || []).map((name, j) => ({ name, ...rect(boatX + 94 + j * 72, bottom, 66, reservedH) }));
  if (reserved.length) bottom += reservedH + 6;
  return { boat, dests, reserved, bottom };
}

/** A seat panel's village (Skali): the skáli and the buildings developed, from `top`; and the
 * height it adds.
 * @param {KnarrSeat} s @param {boolean} narrow @param {number} W @param {number} top */
function seatVillage(s, narrow, W, top) {
  const perRow = narrow ? 2 : 5;
  const vw = (W - 16 - 2 * M - (perRow - 1) * 6) / perRow;
  const count = (s.village?.length ?? 0) + 1;
  return { village: cells(count, perRow, M + 4, top + 22, vw, 116, 124, 6), height: 22 + Math.ceil(count / perRow) * 124 };
}

/** One seat's panel, from its top-left corner (0, 0): every part's rectangle and its height.
 * Its name is on the first line; on a desktop the tokens and hand, the crew and the boat are
 * three columns under it, on a phone they come one under the other.
 * @param {KnarrSeat} s @param {{narrow: boolean, skali: boolean, you: boolean}} options */
export function seatLayout(s, { narrow, skali, you }) {
  const W = narrow ? NARROW : WIDE;
  const left = seatLeft(s, narrow, skali, you);
  const crew = seatCrew(s, narrow, you, narrow ? left.leftBottom + 4 : 30);
  const { boat, dests, reserved, bottom } = seatBoat(s, narrow, you, narrow ? crew.bottom + 4 : 30);
  // The village (Skali), under all the rest.
  let height = Math.max(left.leftBottom, crew.bottom, bottom) + 10;
  /** @type {Rect[]} */
  let village = [];
  if (skali) {
    const v = seatVillage(s, narrow, W, height);
    village = v.village;
    height += v.height;
  }
  const { tokens, handY, hand, seen, backs, changeY } = left;
  return { height, width: W, narrow, handY, changeY, tokens, hand, seen, backs, crew: crew.crew, boat, dests, reserved, village, you };
}

/** A track of `count` spaces in rows of `perRow` from (x, y), each `w` wide, and the seats'
 * markers (`marks`, each seat's value): a row is its numbers' height, and under them the
 * markers on its spaces, several on one space stacked STACK apart (a row without markers is its
 * numbers only). Returns the spaces (each as high as its row), the markers and the bottom.
 * @param {number} count @param {number} perRow @param {number} x @param {number} y
 * @param {number} w @param {{seat: number, value: number}[]} marks */
export function track(count, perRow, x, y, w, marks) {
  /** @type {Rect[]} */
  const spaces = [];
  /** @type {{seat: number, x: number, y: number, k: number}[]} */
  const markers = [];
  let top = y;
  for (let first = 0; first < count; first += perRow) {
    const n = Math.min(perRow, count - first);
    /** @type {Record<number, number>} */
    const on = {};
    const here = marks.filter((m) => m.value >= first && m.value < first + n).map((m) => ({ ...m, k: (on[m.value] = (on[m.value] ?? 0) + 1) - 1 }));
    const deepest = Math.max(0, ...Object.values(on));
    const h = NUMBERS + (deepest ? 2 * MARKER + 4 + (deepest - 1) * STACK : 0);
    for (let i = 0; i < n; i++) spaces.push(rect(x + i * w, top, w - 1, h));
    here.forEach((m) => markers.push({ seat: m.seat, k: m.k, x: x + (m.value - first) * w + (w - 1) / 2, y: top + NUMBERS + MARKER + 2 + m.k * STACK }));
    top += h + 3;
  }
  markers.sort((a, b) => a.k - b.k); // the lower of a stack is drawn over the one above it
  return { spaces, markers, bottom: top - 3 };
}

/** The victory point track (0-40) and the reputation track (0-14), in rows on a phone, with the
 * seats' markers; the piles beside the reputation track (under it on a phone), and the raid
 * tokens (Skali); from `top`, and where they end.
 * @param {KnarrView} view @param {boolean} narrow @param {number} top */
function trackGeo(view, narrow, top) {
  const W = narrow ? NARROW : WIDE;
  const width = W - 2 * M;
  const vpPer = narrow ? 14 : 41;
  const vpMarks = view.seats.map((s) => ({ seat: s.seat, value: Math.max(0, Math.min(40, s.vp)) }));
  const vp = { label: top + 14, ...track(41, vpPer, M, top + 20, width / vpPer, vpMarks) };
  const repTop = vp.bottom + 10;
  const repPer = narrow ? 8 : 15;
  const repW = narrow ? width / repPer : 46;
  const repMarks = view.seats.map((s) => ({ seat: s.seat, value: Math.max(0, Math.min(14, s.reputation)) }));
  const reputation = { label: repTop + 14, ...track(15, repPer, M, repTop + 20, repW, repMarks) };
  const pilesX = narrow ? M : M + 15 * repW + 12;
  const pilesY = narrow ? reputation.bottom + 10 : repTop + 20;
  // Skali's raid tokens: beside the piles on a phone, a line under the reputation track on a desktop.
  const raid = !view.skali ? null : narrow ? rect(pilesX + 106, pilesY, W - 2 * M - 106, 66) : rect(M, reputation.bottom + 6, pilesX - M - 12, 26);
  const piles = { deck: rect(pilesX, pilesY, 40, 50), discard: rect(pilesX + 46, pilesY, 40, 50), label: pilesY + 68, raid };
  const bottom = Math.max(reputation.bottom, pilesY + 74, raid ? raid.y + raid.h : 0);
  return { vp, reputation, piles, y: bottom + 12 };
}

/** The market's five slots from `top`, and the destinations (beside it, or under it on a phone);
 * and where they end.
 * @param {KnarrView} view @param {boolean} narrow @param {number} top */
function marketGeo(view, narrow, top) {
  const W = narrow ? NARROW : WIDE;
  const width = W - 2 * M;
  const slotW = narrow ? (width - 4 * 6) / 5 : 90;
  const slotH = narrow ? 128 : 190;
  const market = { label: top + 14, slots: COLOURS.map((c, i) => ({ colour: c, ...rect(M + i * (slotW + 6), top + 22, slotW, slotH) })) };
  const marketBottom = top + 22 + slotH + 10;
  const dx = narrow ? M : M + 5 * (slotW + 6) + 6;
  const dy = narrow ? marketBottom : top;
  const dw = (W - M - dx - 2 * 8) / 3;
  const destinations = ["Trading Lands", "Lands of Influence"].map((title, row) => ({
    title,
    label: dy + row * 106 + 14,
    cards: view.destinations[title].map((name, i) => ({ name, ...rect(dx + i * (dw + 8), dy + row * 106 + 20, dw, 84) })),
  }));
  return { market, destinations, y: narrow ? dy + 2 * 106 + 6 : Math.max(marketBottom, dy + 2 * 106 + 6) };
}

/** Buttons for `actions` flowed from (M, y), at least `minW` wide and `h` high, and the height
 * they take with the gap under them (none without buttons).
 * @param {Action[]} actions @param {number} y @param {number} width @param {number} minW @param {number} h */
function buttonFlow(actions, y, width, minW, h) {
  const flowed = flow(actions.map((a) => Math.max(minW, buttonLabel(a).length * 8.5 + 24)), M, y, width, h);
  const row = actions.map((action, i) => ({ action, label: buttonLabel(action), ...flowed.boxes[i] }));
  return { row, height: actions.length ? flowed.height + 10 : 0 };
}

/** A destination being paid from `top`, then the decisions that have no component of their own;
 * the legal actions by place, Skali's renewals (drawn with the buildings), and where it ends.
 * @param {KnarrView} view @param {number | null} you @param {Action[]} legal @param {boolean} narrow
 * @param {number} width @param {number} top */
function decisionsGeo(view, you, legal, narrow, width, top) {
  const skali = view.skali;
  let y = top;
  const pay = view.payment ? rect(M, y, Math.min(width, 420), 124) : null;
  if (pay) y += 132;
  const { places, buttons } = plan(legal);
  const drawn = drawnPlaces(view, you);
  const extra = [...places].filter(([key]) => !drawn.has(key)).map(([, a]) => a);
  /** @type {Action[]} */
  const buttonActions = [...buttons, ...extra].filter((a) => !(skali && a.kind === "renew"));
  const renewActions = skali ? buttons.filter((a) => a.kind === "renew") : [];
  const row = buttonFlow(buttonActions, y, width, narrow ? 100 : 110, narrow ? TOUCH : 34);
  return { pay, places, buttons: row.row, renewActions, y: y + row.height };
}

/** Skali's building market and skáli board from `top`, with the buttons renewing 1 or 2 visible
 * buildings (2 players, the change token) under them; and where it ends.
 * @param {KnarrSkali} skali @param {boolean} narrow @param {number} top
 * @param {Action[]} renewActions */
function buildingsGeo(skali, narrow, top, renewActions) {
  const W = narrow ? NARROW : WIDE;
  const width = W - 2 * M;
  const perRow = narrow ? 2 : 5;
  const bw = narrow ? (width - 8) / 2 : 170;
  // The village line being activated: beside the title on a desktop, under it on a phone (its
  // baseline and the room it has).
  const activating = !skali.activating ? null : narrow ? rect(M, top + 33, width, 0) : rect(W / 2, top + 14, W / 2 - M, 0);
  const first = top + (narrow && activating ? 42 : 22);
  const all = cells(skali.buildings.length + 1, perRow, M, first, bw, 116, 124, 8);
  const board = all.pop() ?? rect(M, first, bw, 116);
  if (!narrow) board.w = W - M - board.x; // the skáli board takes the rest of the row
  let y = Math.max(...[board, ...all].map((r) => r.y + r.h)) + 10;
  const renew = buttonFlow(renewActions, y, width, 100, narrow ? TOUCH : 30);
  y += renew.height;
  return { buildings: { label: top + 14, activating, slots: all, board, renew: renew.row }, y: y + 2 };
}

/** @typedef {{seat: KnarrSeat, y: number, h: number, parts: ReturnType<typeof seatLayout>}} SeatAt */
/** @typedef {ReturnType<typeof layout>} Geo */

/** The whole board for the seat `you` (a number, or null for a watcher) given its legal actions:
 * every section's rectangles, top to bottom, and the board's width `W` and height `H`. Under the
 * header come what a turn clicks, the market and the destinations, then your decisions and your
 * seat, Skali's buildings, the tracks with the piles, and the other seats.
 * @param {KnarrView} view @param {number | null} you @param {Action[]} legal @param {boolean} narrow */
export function layout(view, you, legal, narrow) {
  const W = narrow ? NARROW : WIDE;
  const skali = view.skali;
  const header = headerLines(view, narrow);
  const { market, destinations, y: marketBottom } = marketGeo(view, narrow, 8 + header.length * LINE);
  const { pay, places, buttons, renewActions, y: decisionsBottom } = decisionsGeo(view, you, legal, narrow, W - 2 * M, marketBottom);
  let y = decisionsBottom;
  const order = seatOrder(view.seats, you);
  /** @type {SeatAt[]} */
  const seats = [];
  /** @param {KnarrSeat} s */
  const addSeat = (s) => {
    const parts = seatLayout(s, { narrow, skali: Boolean(skali), you: s.seat === you });
    seats.push({ seat: s, y, h: parts.height, parts });
    y += parts.height + 10;
  };
  const mineFirst = order.length > 0 && order[0].seat === you;
  if (mineFirst) addSeat(order[0]);
  /** @type {ReturnType<typeof buildingsGeo>["buildings"] | null} */
  let buildings = null;
  if (skali) ({ buildings, y } = buildingsGeo(skali, narrow, y, renewActions));
  const { vp, reputation, piles, y: tracksBottom } = trackGeo(view, narrow, y);
  y = tracksBottom;
  (mineFirst ? order.slice(1) : order).forEach(addSeat);
  return { W, H: y + 10, narrow, header, vp, reputation, piles, market, destinations, pay, buttons, seats, buildings, places };
}

/** Every rectangle a finger may click in `geometry` (for checks of sizes and widths).
 * @param {ReturnType<typeof layout>} geometry @returns {Rect[]} */
export function clickRects(geometry) {
  /** @type {Rect[]} */
  const out = [...geometry.market.slots, ...geometry.destinations.flatMap((r) => r.cards), ...geometry.buttons];
  if (geometry.buildings) out.push(...geometry.buildings.slots, ...geometry.buildings.renew);
  for (const { y, parts } of geometry.seats) {
    if (!parts.you) continue;
    /** @param {Rect} r @returns {Rect} */
    const shift = (r) => ({ ...r, y: r.y + y });
    out.push(...parts.tokens.map(shift), ...parts.hand.map(shift), ...parts.boat.columns.map(shift), ...parts.reserved.map(shift), ...parts.village.map(shift));
    parts.crew.forEach((col) => out.push(...col.rows.map(shift)));
  }
  return out;
}
