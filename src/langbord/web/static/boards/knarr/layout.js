// Where everything goes on Knarr's board, for a desktop (1100 units wide, about 910 CSS px at
// 1280×800) or a phone (380 units, about 372 CSS px at 390×844: one unit ≈ one pixel, every
// place a finger clicks at least 46 units). Pure: numbers and rectangles, no DOM.
import { COLOURS, buildingNumber } from "./data.js";
import { buttonLabel, plan } from "./places.js";

/** @typedef {{x: number, y: number, w: number, h: number}} Rect */
/** @typedef {import("./view.js").Action} Action */
/** @typedef {import("./view.js").KnarrView} KnarrView */
/** @typedef {import("./view.js").KnarrSeat} KnarrSeat */
/** @typedef {import("./view.js").KnarrSkali} KnarrSkali */

export const WIDE = 1100;
export const NARROW = 380;
/** The least width and height, in units, of a place clicked on a phone (44 CSS px or more). */
export const TOUCH = 46;
const M = 14;

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

/** A seat panel's tokens and hand, and the bottom of that column.
 * @param {KnarrSeat} s @param {boolean} narrow @param {boolean} skali */
function seatLeft(s, narrow, skali) {
  const tokenCount = skali ? 6 : 4;
  const tokens = narrow ? cells(tokenCount, 6, M, 40, 54, TOUCH, 0, 4) : cells(tokenCount, 6, 16, 42, 52, 32, 0, 4);
  const handY = narrow ? 96 : 86;
  const handCount = s.hand ? s.hand.length : 0;
  const hand = narrow ? cells(handCount, 5, M + 34, handY, 58, 70, 78, 6) : cells(handCount, 4, 60, handY, 60, 64, 72, 6);
  const handRows = Math.max(1, Math.ceil(handCount / (narrow ? 5 : 4)));
  let leftBottom = s.hand ? handY + handRows * (narrow ? 78 : 72) + 6 : handY + 50;
  // Skali with 2 players: a line for the change token under the hand.
  const changeY = leftBottom + 10;
  if (hasChangeToken(s)) leftBottom += 18;
  return { tokens, handY, hand, changeY, leftBottom };
}

/** A seat panel's crew: five colour columns, one row per type of viking (a count for several);
 * and where the columns end, right and bottom.
 * @param {KnarrSeat} s @param {boolean} narrow @param {number} W @param {number} leftBottom */
function seatCrew(s, narrow, W, leftBottom) {
  const colW = narrow ? (W - 2 * M) / 5 : 80;
  const crewX = narrow ? M : 370;
  const crewY = narrow ? leftBottom + 4 : 12;
  const rowH = narrow ? TOUCH + 4 : 27;
  const crew = COLOURS.map((c, i) => {
    const x = crewX + i * colW;
    const rows = groups(s.crew[c]).map((g, k) => ({ ...g, ...rect(x + 4, crewY + 36 + k * rowH, colW - 10, rowH - 3) }));
    return { colour: c, ...rect(x + 2, crewY + 14, colW - 6, Math.max(1, rows.length) * rowH + 24), rows };
  });
  return { crew, right: crewX + 5 * colW, bottom: Math.max(...crew.map((col) => col.y + col.h)) };
}

/** A seat panel's boat: three trade columns, the destinations tucked under it, then the reserved
 * ones; and its bottom.
 * @param {KnarrSeat} s @param {boolean} narrow @param {number} crewRight @param {number} crewBottom */
function seatBoat(s, narrow, crewRight, crewBottom) {
  const bw = 58;
  const boatX = narrow ? M : crewRight + 16;
  const boatY = narrow ? crewBottom + 10 : 12;
  const colH = narrow ? TOUCH : 28;
  const boat = {
    ...rect(boatX, boatY + 16, 3 * bw + 60, colH + 8),
    columns: cells(3, 3, boatX + 18, boatY + 20, bw - 4, colH, 0, 4),
  };
  const destY = boatY + 16 + colH + 14;
  const dests = s.destinations.map((name, j) => ({ name, ...rect(boatX + 16, destY + j * 30, 3 * bw, 27) }));
  let bottom = destY + dests.length * 30;
  const reservedH = narrow ? TOUCH : 24;
  const reserved = (s.reserved || []).map((name, j) => ({ name, ...rect(boatX + 84 + j * 70, bottom, 64, reservedH) }));
  if (reserved.length) bottom += reservedH + 6;
  return { boat, dests, reserved, bottom };
}

/** A seat panel's village (Skali): the skáli and the buildings developed, from `top`; and the
 * height it adds.
 * @param {KnarrSeat} s @param {boolean} narrow @param {number} W @param {number} top */
function seatVillage(s, narrow, W, top) {
  const perRow = narrow ? 2 : 6;
  const vw = (W - 16 - 2 * M - (perRow - 1) * 6) / perRow;
  const count = (s.village?.length ?? 0) + 1;
  return { village: cells(count, perRow, M + 4, top + 10, vw, 116, 124, 6), height: 14 + Math.ceil(count / perRow) * 124 };
}

/** One seat's panel, from its top-left corner (0, 0): every part's rectangle and its height.
 * @param {KnarrSeat} s @param {{narrow: boolean, skali: boolean, you: boolean}} options */
export function seatLayout(s, { narrow, skali, you }) {
  const W = narrow ? NARROW : WIDE;
  const { tokens, handY, hand, changeY, leftBottom } = seatLeft(s, narrow, skali);
  const crew = seatCrew(s, narrow, W, leftBottom);
  const { boat, dests, reserved, bottom } = seatBoat(s, narrow, crew.right, crew.bottom);
  // The village (Skali), under all the rest.
  let height = Math.max(leftBottom, crew.bottom, bottom) + 10;
  /** @type {Rect[]} */
  let village = [];
  if (skali) {
    const v = seatVillage(s, narrow, W, height);
    village = v.village;
    height += v.height;
  }
  return { height, width: W, narrow, handY, changeY, tokens, hand, crew: crew.crew, boat, dests, reserved, village, you };
}

/** The victory point track (0-40) and the reputation track (0-14), in rows on a phone, and the
 * piles beside them (under them on a phone); and where the market starts.
 * @param {boolean} narrow @param {number} W */
function trackGeo(narrow, W) {
  const width = W - 2 * M;
  let y = 34;
  const vpPer = narrow ? 14 : 41;
  const vpCell = width / vpPer;
  const vp = { label: y + 11, cells: cells(41, vpPer, M, y + 16, vpCell - 1, 28, 32) };
  y += 16 + Math.ceil(41 / vpPer) * 32 + 6;
  const repPer = narrow ? 8 : 15;
  const repW = narrow ? width / repPer : 46;
  const reputation = { label: y + 11, cells: cells(15, repPer, M, y + 16, repW - 2, 38, 42) };
  const repBottom = y + 16 + Math.ceil(15 / repPer) * 42;
  const pilesX = narrow ? M : M + 15 * repW + 10;
  const pilesY = narrow ? repBottom + 4 : y + 4;
  const piles = { deck: rect(pilesX, pilesY, 40, 50), discard: rect(pilesX + 46, pilesY, 40, 50), raid: rect(pilesX + 100, pilesY, narrow ? W - M - pilesX - 100 : 260, 64), label: pilesY + 64 };
  return { vp, reputation, piles, y: narrow ? pilesY + 76 : repBottom + 14 };
}

/** The market's five slots from `top`, and the destinations (beside it, or under it on a phone);
 * and where they end.
 * @param {KnarrView} view @param {boolean} narrow @param {number} W @param {number} top */
function marketGeo(view, narrow, W, top) {
  const width = W - 2 * M;
  let y = top;
  const slotW = narrow ? (width - 4 * 6) / 5 : 96;
  const slotH = narrow ? 150 : 190;
  const market = { label: y + 14, slots: COLOURS.map((c, i) => ({ colour: c, ...rect(M + i * (slotW + 6), y + 22, slotW, slotH) })) };
  y += 22 + slotH + 10;
  const dx = narrow ? M : M + 5 * (96 + 6) + 12;
  let dy = narrow ? y : market.label - 14;
  const dw = (W - M - dx - 2 * 8) / 3;
  const destinations = ["Trading Lands", "Lands of Influence"].map((title, row) => ({
    title,
    label: dy + row * 106 + 14,
    cards: view.destinations[title].map((name, i) => ({ name, ...rect(dx + i * (dw + 8), dy + row * 106 + 20, dw, 84) })),
  }));
  dy += 2 * 106;
  return { market, destinations, y: narrow ? dy + 6 : Math.max(y, dy + 6) };
}

/** Buttons for `actions` flowed from (M, y), at least `minW` wide and `h` high, and the height
 * they take with the gap under them (none without buttons).
 * @param {Action[]} actions @param {number} y @param {number} width @param {number} minW @param {number} h */
function buttonFlow(actions, y, width, minW, h) {
  const flowed = flow(actions.map((a) => Math.max(minW, buttonLabel(a).length * 8 + 24)), M, y, width, h);
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
 * @param {KnarrSkali} skali @param {boolean} narrow @param {number} W @param {number} top
 * @param {Action[]} renewActions */
function buildingsGeo(skali, narrow, W, top, renewActions) {
  const width = W - 2 * M;
  const perRow = narrow ? 2 : 5;
  const bw = narrow ? (width - 10) / 2 : 176;
  const all = cells(skali.buildings.length + 1, perRow, M, top + 22, bw, 130, 140, 10);
  const board = all.pop() ?? rect(M, top + 22, bw, 130);
  if (!narrow) board.w = W - M - board.x; // the skáli board takes the rest of the row
  let y = Math.max(...[board, ...all].map((r) => r.y + r.h)) + 10;
  const renew = buttonFlow(renewActions, y, width, 100, narrow ? TOUCH : 30);
  y += renew.height;
  return { buildings: { label: all[0].y - 8, slots: all, board, renew: renew.row }, y: y + 2 };
}

/** @typedef {{seat: KnarrSeat, y: number, h: number, parts: ReturnType<typeof seatLayout>}} SeatAt */
/** @typedef {ReturnType<typeof layout>} Geo */

/** The whole board for the seat `you` (a number, or null for a watcher) given its legal actions:
 * every section's rectangles, top to bottom, and the board's width `W` and height `H`.
 * @param {KnarrView} view @param {number | null} you @param {Action[]} legal @param {boolean} narrow */
export function layout(view, you, legal, narrow) {
  const W = narrow ? NARROW : WIDE;
  const skali = view.skali;
  const { vp, reputation, piles, y: tracksBottom } = trackGeo(narrow, W);
  const { market, destinations, y: marketBottom } = marketGeo(view, narrow, W, tracksBottom);
  const { pay, places, buttons, renewActions, y: decisionsBottom } = decisionsGeo(view, you, legal, narrow, W - 2 * M, marketBottom);
  // The seats: yours first (your hand, crew and boat near the market), then Skali's buildings,
  // then the other seats.
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
  if (skali) ({ buildings, y } = buildingsGeo(skali, narrow, W, y, renewActions));
  (mineFirst ? order.slice(1) : order).forEach(addSeat);
  return { W, H: y + 20, narrow, vp, reputation, piles, market, destinations, pay, buttons, seats, buildings, places };
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

