// Where everything goes on Knarr's board, for a desktop (1100 units wide, about 910 CSS px at
// 1280×800) or a phone (380 units, about 372 CSS px at 390×844: one unit ≈ one pixel, every
// place a finger clicks at least 46 units). Pure: numbers and rectangles, no DOM.
import { COLOURS, buildingNumber } from "./data.js";
import { buttonLabel, plan } from "./places.js";

/** @typedef {{x: number, y: number, w: number, h: number}} Rect */
/** @typedef {import("./places.js").Action} Action */

export const WIDE = 1100;
export const NARROW = 380;
/** The least width and height, in units, of a place clicked on a phone (44 CSS px or more). */
export const TOUCH = 46;
const M = 14;

/** @returns {Rect} */
const rect = (x, y, w, h) => ({ x, y, w, h });

/** `count` cells in rows of `perRow` from (x, y), each `w` wide and `h` high, rows `rowH` apart. */
export function cells(count, perRow, x, y, w, h, rowH, gap = 0) {
  return Array.from({ length: count }, (_, i) => rect(x + (i % perRow) * (w + gap), y + Math.floor(i / perRow) * rowH, w, h));
}

/** Boxes of the given widths flowed into rows no wider than `maxW`; returns the boxes and the
 * height used. */
export function flow(widths, x, y, maxW, h, gap = 8) {
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

/** A crew column's cards grouped by type, in order of first appearance: `[{type, count}]`. */
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

/** The seats in the order their panels are drawn: yours first, then the others after you. */
export function seatOrder(seats, you) {
  const at = seats.findIndex((s) => s.seat === you);
  return at < 0 ? seats : [...seats.slice(at), ...seats.slice(0, at)];
}

/** The keys of every place the board draws for `view` (see places.js's placeOf). */
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

/** One seat's panel, from its top-left corner (0, 0): every part's rectangle and its height. */
export function seatLayout(s, { narrow, skali, you }) {
  const W = narrow ? NARROW : WIDE;
  const tokenCount = skali ? 6 : 4;
  const tokens = narrow ? cells(tokenCount, 6, M, 40, 54, TOUCH, 0, 4) : cells(tokenCount, 6, 16, 42, 52, 32, 0, 4);
  const handY = narrow ? 96 : 86;
  const handCount = s.hand ? s.hand.length : 0;
  const hand = narrow ? cells(handCount, 5, M + 34, handY, 58, 70, 78, 6) : cells(handCount, 4, 60, handY, 60, 64, 72, 6);
  const handRows = Math.max(1, Math.ceil(handCount / (narrow ? 5 : 4)));
  let leftBottom = s.hand ? handY + handRows * (narrow ? 78 : 72) + 6 : handY + 50;
  // Skali with 2 players: a line for the change token under the hand.
  const changeY = leftBottom + 10;
  if (s.change_token !== undefined && s.change_token !== null && s.change_token !== false) leftBottom += 18;
  // The crew: five colour columns, one row per type of viking (a count for several).
  const colW = narrow ? (W - 2 * M) / 5 : 80;
  const crewX = narrow ? M : 370;
  const crewY = narrow ? leftBottom + 4 : 12;
  const rowH = narrow ? TOUCH + 4 : 27;
  const crew = COLOURS.map((c, i) => {
    const x = crewX + i * colW;
    const rows = groups(s.crew[c]).map((g, k) => ({ ...g, ...rect(x + 4, crewY + 36 + k * rowH, colW - 10, rowH - 3) }));
    return { colour: c, ...rect(x + 2, crewY + 14, colW - 6, Math.max(1, rows.length) * rowH + 24), rows };
  });
  const crewBottom = Math.max(...crew.map((col) => col.y + col.h));
  // The boat: three trade columns, the destinations tucked under it, then the reserved ones.
  const bw = 58;
  const boatX = narrow ? M : crewX + 5 * colW + 16;
  const boatY = narrow ? crewBottom + 10 : 12;
  const colH = narrow ? TOUCH : 28;
  const boat = {
    ...rect(boatX, boatY + 16, 3 * bw + 60, colH + 8),
    columns: cells(3, 3, boatX + 18, boatY + 20, bw - 4, colH, 0, 4),
  };
  const destY = boatY + 16 + colH + 14;
  const dests = s.destinations.map((name, j) => ({ name, ...rect(boatX + 16, destY + j * 30, 3 * bw, 27) }));
  let boatBottom = destY + dests.length * 30;
  const reservedH = narrow ? TOUCH : 24;
  const reserved = (s.reserved || []).map((name, j) => ({ name, ...rect(boatX + 84 + j * 70, boatBottom, 64, reservedH) }));
  if (reserved.length) boatBottom += reservedH + 6;
  // The village (Skali): the skáli and the buildings developed, under all the rest.
  let height = Math.max(leftBottom, crewBottom, boatBottom) + 10;
  let village = [];
  if (skali) {
    const perRow = narrow ? 2 : 6;
    const vw = (W - 16 - 2 * M - (perRow - 1) * 6) / perRow;
    const count = (s.village?.length ?? 0) + 1;
    village = cells(count, perRow, M + 4, height + 10, vw, 116, 124, 6);
    height += 14 + Math.ceil(count / perRow) * 124;
  }
  return { height, width: W, narrow, handY, changeY, tokens, hand, crew, boat, dests, reserved, village, you };
}

/** The whole board for the seat `you` (a number, or null for a watcher) given its legal actions:
 * every section's rectangles, top to bottom, and the board's width `W` and height `H`. */
export function layout(view, you, legal, narrow) {
  const W = narrow ? NARROW : WIDE;
  const skali = view.skali;
  const width = W - 2 * M;
  let y = 34;
  // The victory point track (0-40) and the reputation track (0-14), in rows on a phone.
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
  y = narrow ? pilesY + 76 : repBottom + 14;
  // The market's five slots, and the destinations (beside it, or under it on a phone).
  const slotW = narrow ? (width - 4 * 6) / 5 : 96;
  const slotH = narrow ? 150 : 190;
  const market = { label: y + 14, slots: COLOURS.map((c, i) => ({ colour: c, ...rect(M + i * (slotW + 6), y + 22, slotW, slotH) })) };
  y += 22 + slotH + 10;
  const dx = narrow ? M : M + 5 * (96 + 6) + 12;
  let dy = narrow ? y : market.label - 14;
  const dw = ((narrow ? W - M : W - M) - dx - 2 * 8) / 3;
  const destinations = ["Trading Lands", "Lands of Influence"].map((title, row) => ({
    title,
    label: dy + row * 106 + 14,
    cards: view.destinations[title].map((name, i) => ({ name, ...rect(dx + i * (dw + 8), dy + row * 106 + 20, dw, 84) })),
  }));
  dy += 2 * 106;
  y = narrow ? dy + 6 : Math.max(y, dy + 6);
  // A destination being paid, then the decisions that have no component of their own.
  const pay = view.payment ? rect(M, y, Math.min(width, 420), 124) : null;
  if (pay) y += 132;
  const { places, buttons } = plan(legal);
  const drawn = drawnPlaces(view, you);
  const extra = [...places].filter(([key]) => !drawn.has(key)).map(([, a]) => a);
  /** @type {Action[]} */
  const buttonActions = [...buttons, ...extra].filter((a) => !(skali && a.kind === "renew"));
  const renewActions = skali ? buttons.filter((a) => a.kind === "renew") : [];
  const flowed = flow(buttonActions.map((a) => Math.max(narrow ? 100 : 110, buttonLabel(a).length * 8 + 24)), M, y, width, narrow ? TOUCH : 34);
  const buttonRow = buttonActions.map((action, i) => ({ action, label: buttonLabel(action), ...flowed.boxes[i] }));
  if (buttonActions.length) y += flowed.height + 10;
  // The seats: yours first (your hand, crew and boat near the market), then Skali's buildings,
  // then the other seats.
  const order = seatOrder(view.seats, you);
  /** @type {{seat: any, y: number, h: number, parts: ReturnType<typeof seatLayout>}[]} */
  const seats = [];
  let buildings = null;
  const addSeat = (s) => {
    const parts = seatLayout(s, { narrow, skali: Boolean(skali), you: s.seat === you });
    seats.push({ seat: s, y, h: parts.height, parts });
    y += parts.height + 10;
  };
  const mineFirst = order.length > 0 && order[0].seat === you;
  if (mineFirst) addSeat(order[0]);
  if (skali) {
    const perRow = narrow ? 2 : 5;
    const bw = narrow ? (width - 10) / 2 : 176;
    const all = cells(skali.buildings.length + 1, perRow, M, y + 22, bw, 130, 140, 10);
    const board = all.pop() ?? rect(M, y + 22, bw, 130);
    if (!narrow) board.w = W - M - board.x; // the skáli board takes the rest of the row
    y = Math.max(...[board, ...all].map((r) => r.y + r.h)) + 10;
    // Renewing 1 or 2 visible buildings (2 players, the change token): buttons under them.
    const renewFlow = flow(renewActions.map((a) => Math.max(100, buttonLabel(a).length * 8 + 24)), M, y, width, narrow ? TOUCH : 30);
    const renew = renewActions.map((action, i) => ({ action, label: buttonLabel(action), ...renewFlow.boxes[i] }));
    if (renew.length) y += renewFlow.height + 10;
    buildings = { label: all[0].y - 8, slots: all, board, renew };
    y += 2;
  }
  (mineFirst ? order.slice(1) : order).forEach(addSeat);
  return { W, H: y + 20, narrow, vp, reputation, piles, market, destinations, pay, buttons: buttonRow, seats, buildings, places };
}

/** Every rectangle a finger may click in `geometry` (for checks of sizes and widths). */
export function clickRects(geometry) {
  const out = [...geometry.market.slots, ...geometry.destinations.flatMap((r) => r.cards), ...geometry.buttons];
  if (geometry.buildings) out.push(...geometry.buildings.slots, ...geometry.buildings.renew);
  for (const { y, parts } of geometry.seats) {
    if (!parts.you) continue;
    const shift = (r) => ({ ...r, y: r.y + y });
    out.push(...parts.tokens.map(shift), ...parts.hand.map(shift), ...parts.boat.columns.map(shift), ...parts.reserved.map(shift), ...parts.village.map(shift));
    parts.crew.forEach((col) => out.push(...col.rows.map(shift)));
  }
  return out;
}

