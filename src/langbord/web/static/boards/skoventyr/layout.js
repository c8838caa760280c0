// Where everything goes on Skoventyr's board, for a desktop (1040 units wide, about 910 CSS px
// at 1280×800: the Forest and the Minions on the left, the hands, the Future and the Vogter cards
// on the right, so that what a turn clicks is in view) or a phone (380 units, about 372 CSS px at
// 390×844, one column, every place a finger clicks at least 46 units). Each section is laid out
// from its own top-left corner; `layout` places the sections. Pure: no DOM.
import { buttonLabel, plan } from "./places.js";
import { hasRescue } from "./tips.js";
import { t } from "../../i18n.js";

/** @typedef {{x: number, y: number, w: number, h: number}} Rect */
/** @typedef {import("./view.js").SkoventyrView} SkoventyrView */
/** @typedef {import("./view.js").Action} Action */
/** @typedef {import("./view.js").Places} Places */
/** @typedef {import("./view.js").Table} Table */

export const WIDE = 1040;
export const NARROW = 380;
export const TOUCH = 46;
const M = 14;

/** @param {number} x @param {number} y @param {number} w @param {number} h @returns {Rect} */
const rect = (x, y, w, h) => ({ x, y, w, h });

/** Boxes of the given widths flowed into rows no wider than `maxW`, and the height used.
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

/** The ring of Trees, clockwise from the top. @param {SkoventyrView} view @param {boolean} narrow */
export function forestGeo(view, narrow) {
  const [w, R, tw, th] = narrow ? [NARROW, 124, 78, 92] : [540, 172, 96, 106];
  const cx = w / 2;
  const cy = 34 + R + th / 2;
  const n = view.forest.length;
  const trees = view.forest.map((t, i) => {
    const a = -Math.PI / 2 + (2 * Math.PI * i) / n;
    return { tree: t.tree, ...rect(cx + R * Math.cos(a) - tw / 2, cy + R * Math.sin(a) - th / 2, tw, th) };
  });
  return { w, h: cy + R + th / 2 + 10, cx, cy, trees };
}

/** The Minions in a row (two rows of three on a phone), their Lygtemands, and the buttons of
 * the "?" Lygtemand. @param {SkoventyrView} view @param {boolean} narrow @param {Action[]} rallyAny */
export function minionsGeo(view, narrow, rallyAny) {
  const perRow = narrow ? 3 : 6;
  const mw = narrow ? (NARROW - 2 * M - 16) / 3 : 76;
  const x0 = narrow ? M : 10;
  const minions = view.minions.map((m, i) => {
    const r = rect(x0 + (i % perRow) * (mw + 8), 28 + Math.floor(i / perRow) * 158, mw, 150);
    const lw = narrow ? 56 : mw - 34;
    return { name: m.name, ...r, lygte: rect(r.x + mw - lw - 4, r.y + 92, lw, 54) };
  });
  let h = 28 + Math.ceil(view.minions.length / perRow) * 158;
  const f = flow(rallyAny.map(() => (narrow ? 112 : 120)), x0, h, narrow ? NARROW - 2 * M : 500, narrow ? TOUCH : 30);
  const rally = rallyAny.map((action, i) => ({ action, label: buttonLabel(action), ...f.boxes[i] }));
  if (rally.length) h += f.height + 8;
  return { h: h + 4, minions, rally };
}

/** The hands: the player to move first (each card with its Position and Mission buttons), then
 * the others. @param {SkoventyrView} view @param {boolean} narrow @param {Places} places */
export function handsGeo(view, narrow, places) {
  const actor = view.to_move;
  const order = view.hands.map((_, p) => p).sort((a, b) => (a === actor ? -1 : b === actor ? 1 : a - b));
  const width = narrow ? NARROW : 490;
  let y = 26;
  const hands = order.map((p) => {
    const cards = view.hands[p];
    const mine = p === actor && view.result === "playing";
    const buttons = mine && cards.some((c) => places.has(`position:${c}`) || places.has(`mission:${c}`));
    const [cw, ch, perRow] = mine ? (narrow ? [64, 60, 5] : [76, 60, 5]) : [44, 44, narrow ? 7 : 9];
    const bh = narrow ? TOUCH : 24;
    const rowH = ch + (buttons ? 2 * (bh + 3) : 0) + 8;
    const x0 = narrow ? M : 4;
    const top = y;
    const shown = [...new Set(cards)];
    const list = cards.map((c, i) => {
      const r = rect(x0 + 6 + (i % perRow) * (cw + 6), top + 30 + Math.floor(i / perRow) * rowH, cw, ch);
      const first = shown.includes(c) && cards.indexOf(c) === i;
      return {
        card: c, ...r,
        position: buttons && first ? rect(r.x, r.y + ch + 3, cw, bh) : null,
        mission: buttons && first ? rect(r.x, r.y + ch + bh + 6, cw, bh) : null,
      };
    });
    const h = 30 + Math.max(1, Math.ceil(cards.length / perRow)) * rowH + 4;
    y += h + 8;
    return { player: p, mine, ...rect(x0, top, width - 2 * x0, h), cards: list };
  });
  return { h: y, hands };
}

/** The Future's three slots with their Risky calls, the cards being taken or placed, the deck and
 * the discard pile (by type), what is known of the deck, and the cards revealed by Involve.
 * @param {SkoventyrView} view @param {boolean} narrow @param {Places} places */
export function futureGeo(view, narrow, places) {
  const [fw, fh, x0] = narrow ? [(NARROW - 2 * M - 16) / 3, 120, M] : [96, 134, 0];
  const slots = view.future.map((c, i) => {
    const r = rect(x0 + i * (fw + 8), 46, fw, fh);
    const slot = `f${i + 1}`;
    return { slot, card: c, ...r, risky: places.has(`risky:${slot}`) ? rect(r.x, r.y + fh + 4, fw, narrow ? TOUCH : 26) : null };
  });
  let y = 46 + fh + (slots.some((s) => s.risky) ? (narrow ? TOUCH : 26) + 8 : 4);
  // What is being taken or placed, a line each (they never overprint the piles).
  /** @type {string[]} */
  const status = [];
  if (view.taking) status.push(t("being taken: {card}", { card: view.taking }));
  if (view.placing) status.push(t("being placed: {card}", { card: view.placing }));
  const statusY = y + 16;
  y += status.length * 20 + (status.length ? 6 : 0);
  // The piles: beside the Future on a desktop, under it on a phone.
  const px = narrow ? x0 : 3 * (fw + 8) + 4;
  const py = narrow ? y + 4 : 46;
  const deck = rect(px, py, 70, 96);
  const discard = rect(px + 80, py, 70, 96);
  const types = Object.keys(view.discard);
  const [dw, dh, dx, dy, per] = narrow ? [60, TOUCH, px + 162, py, 3] : [48, 32, px, py + 120, 3];
  const discards = types.map((t, i) => ({ card: t, ...rect(dx + (i % per) * (dw + 4), dy + Math.floor(i / per) * (dh + 4), dw, dh) }));
  const pilesBottom = Math.max(py + 116, ...discards.map((r) => r.y + r.h + 6));
  y = Math.max(y, narrow ? pilesBottom : pilesBottom + 4);
  if (!narrow) y = Math.max(y, pilesBottom);
  const linesY = y + 14;
  const lines = deckLines(view);
  y += lines.length * 18 + 8;
  // Cards revealed by Involve, each with its Top and Bottom buttons.
  const revealed = (view.revealed || []).map((c, i) => {
    const r = rect(x0 + i * (narrow ? 76 : 70), y + 22, narrow ? 70 : 64, 44);
    const bh = narrow ? TOUCH : 24;
    return { card: c, ...r, top: rect(r.x, r.y + r.h + 3, r.w, bh), bottom: rect(r.x, r.y + r.h + bh + 6, r.w, bh) };
  });
  if (revealed.length) y += 22 + 44 + 2 * ((narrow ? TOUCH : 24) + 3) + 8;
  return { h: y, slots, status, statusY, deck, discard, discards, lines, linesY, revealed };
}

/** What everybody knows of the deck (SV-6), as lines. @param {{deck: import("./view.js").Deck}} view @returns {string[]} */
export function deckLines(view) {
  const deck = view.deck;
  /** @param {string[]} cards */
  const letters = (cards) => cards.map((c) => (c === "Gamle Erik" ? "GE" : c[0])).join(" ");
  /** @type {string[]} */
  const lines = [];
  if (deck.top.length) lines.push(t("Deck top: {cards} (first = top card)", { cards: letters(deck.top) }));
  const hidden = Object.entries(deck.hidden_cards).map(([k, v]) => `${k === "Gamle Erik" ? "GE" : k[0]}×${v}`).join(" ");
  lines.push(t("Deck hidden {n}: {cards}", { n: deck.hidden, cards: hidden }));
  if (deck.bottom.length) lines.push(t("Deck bottom: {cards} (last = bottom card)", { cards: letters(deck.bottom) }));
  return lines;
}

/** The modules: the Rallied Lygtemands with Involve's buttons; the Hostages (Rescue only).
 * @param {SkoventyrView} view @param {boolean} narrow @param {boolean} rescue @param {Places} places */
export function modulesGeo(view, narrow, rescue, places) {
  let y = 0;
  /** @type {{y: number, involve: ({k: number} & Rect)[]} | null} */
  let lygtemands = null;
  if (view.lygtemands) {
    const involve = [1, 2].filter((k) => places.has(`involve:${k}`)).map((k, i) => ({ k, ...rect(narrow ? M + i * 128 : 180 + i * 128, y + 78, 120, narrow ? TOUCH : 28) }));
    lygtemands = { y, involve };
    y += 78 + (involve.length ? (narrow ? TOUCH : 28) + 8 : 0) + 4;
  }
  /** @type {{y: number, cards: ({ally: string} & Rect)[]} | null} */
  let hostages = null;
  if (rescue) {
    const hw = narrow ? (NARROW - 2 * M - 4 * 6) / 5 : 80;
    hostages = { y, cards: ["Ellefolk", "Formskifter", "Huldre", "Nisse", "Trold"].map((t, i) => ({ ally: t, ...rect((narrow ? M : 0) + i * (hw + 6), y + 28, hw, 70) })) };
    y += 106;
  }
  return { h: y, lygtemands, hostages };
}

/** The Vogter cards: the turn's actions, Wrath with its three rewards.
 * @param {SkoventyrView} view @param {boolean} narrow @param {boolean} rescue @param {Places} places */
export function vogterGeo(view, narrow, rescue, places) {
  const names = ["Call", "Gambit", "Command", "Wrath"];
  if (view.lygtemands) names.push("Reconciliation");
  if (rescue) names.push("Rescue");
  const perRow = narrow ? 2 : 3;
  const width = narrow ? NARROW - 2 * M : 490;
  const vw = (width - (perRow - 1) * 8) / perRow;
  const rewards = ["refuge", "revenge", "restoration"].filter((r) => places.has(`reward:${r}`));
  const vh = narrow ? 78 + (rewards.length ? TOUCH + 6 : 0) : 104;
  const cards = names.map((name, i) => {
    const r = rect((narrow ? M : 0) + (i % perRow) * (vw + 8), 28 + Math.floor(i / perRow) * (vh + 8), vw, vh);
    const bh = narrow ? TOUCH : 28;
    const bw = (vw - 8 - 2 * 4) / 3;
    return { name, ...r, rewards: name === "Wrath" ? rewards.map((kind, k) => ({ kind, ...rect(r.x + 4 + k * (bw + 4), r.y + r.h - bh - 4, bw, bh) })) : [] };
  });
  return { h: 28 + Math.ceil(names.length / perRow) * (vh + 8), cards };
}

/** The whole board: each section's geometry and its offset, the board's width and height.
 * @param {Table} table @param {Action[]} legal @param {boolean} narrow */
export function layout(table, legal, narrow) {
  const view = /** @type {SkoventyrView} */ (table.view);
  const W = narrow ? NARROW : WIDE;
  const rescue = hasRescue(table);
  const { places, buttons } = plan(legal, view);
  const rallyAny = legal.filter((a) => a.kind === "rally ?");
  const geo = {
    forest: forestGeo(view, narrow),
    minions: minionsGeo(view, narrow, rallyAny),
    hands: handsGeo(view, narrow, places),
    future: futureGeo(view, narrow, places),
    modules: modulesGeo(view, narrow, rescue, places),
    vogter: vogterGeo(view, narrow, rescue, places),
  };
  // Decisions without a component of their own (Done, and any action whose place another took).
  const rest = buttons.filter((a) => a.kind !== "rally ?");
  const f = flow(rest.map((a) => Math.max(110, buttonLabel(a).length * 8 + 24)), narrow ? M : 0, 4, narrow ? NARROW - 2 * M : 490, narrow ? TOUCH : 32);
  const buttonRow = { h: rest.length ? f.height + 12 : 0, buttons: rest.map((action, i) => ({ action, label: buttonLabel(action), ...f.boxes[i] })) };
  /** @type {Record<string, {x: number, y: number}>} */
  const at = {};
  /** @type {number} */
  let H;
  if (narrow) {
    let y = 34;
    for (const [name, h] of [["forest", geo.forest.h], ["buttons", buttonRow.h], ["future", geo.future.h], ["hands", geo.hands.h], ["minions", geo.minions.h], ["modules", geo.modules.h], ["vogter", geo.vogter.h]]) {
      at[name] = { x: 0, y };
      y += Number(h) + (Number(h) ? 12 : 0);
    }
    H = y;
  } else {
    const top = 34;
    at.forest = { x: 0, y: top };
    at.minions = { x: 0, y: top + geo.forest.h + 4 };
    let y = top;
    for (const [name, h] of [["buttons", buttonRow.h], ["hands", geo.hands.h], ["future", geo.future.h], ["vogter", geo.vogter.h], ["modules", geo.modules.h]]) {
      at[name] = { x: 546, y };
      y += Number(h) + (Number(h) ? 10 : 0);
    }
    H = Math.max(y, at.minions.y + geo.minions.h) + 10;
  }
  return { W, H, narrow, rescue, places, at, buttons: buttonRow, ...geo };
}

/** @typedef {ReturnType<typeof layout>} Geo */

/** Every rectangle a finger may click, on the board's coordinates (for checks of sizes).
 * @param {Geo} geo @returns {Rect[]} */
export function clickRects(geo) {
  /** @type {Rect[]} */
  const out = [];
  /** @param {string} name @param {Rect | null | undefined} r */
  const add = (name, r) => { if (r) out.push({ ...r, x: r.x + geo.at[name].x, y: r.y + geo.at[name].y }); };
  geo.forest.trees.forEach((r) => add("forest", r));
  geo.minions.minions.forEach((m) => { add("minions", m); add("minions", m.lygte); });
  geo.minions.rally.forEach((r) => add("minions", r));
  geo.hands.hands.forEach((hand) => { if (hand.mine) hand.cards.forEach((c) => { add("hands", c); add("hands", c.position); add("hands", c.mission); }); });
  geo.future.slots.forEach((s) => { add("future", s); add("future", s.risky); });
  geo.future.discards.forEach((r) => add("future", r));
  geo.future.revealed.forEach((r) => { add("future", r.top); add("future", r.bottom); });
  geo.modules.lygtemands?.involve.forEach((r) => add("modules", r));
  geo.modules.hostages?.cards.forEach((r) => add("modules", r));
  geo.vogter.cards.forEach((c) => { add("vogter", c); c.rewards.forEach((r) => add("vogter", r)); });
  geo.buttons.buttons.forEach((r) => add("buttons", r));
  return out;
}

/** The keys of every place the board draws (see places.js's placeOf).
 * @param {Geo} geo @param {SkoventyrView} view */
export function drawnPlaces(geo, view) {
  const keys = new Set(["vogter:Gambit"]);
  geo.forest.trees.forEach((t) => keys.add(`tree:${t.tree}`));
  view.minions.forEach((m) => { if (m.in_game) { keys.add(`minion:${m.name}`); if (m.lygtemand && m.lygtemand !== "?") keys.add(`lygte:${m.lygtemand}`); } });
  geo.hands.hands.forEach((hand) => hand.mine && hand.cards.forEach((c) => {
    keys.add(`hand:${c.card}`);
    if (c.position) keys.add(`position:${c.card}`);
    if (c.mission) keys.add(`mission:${c.card}`);
  }));
  geo.future.slots.forEach((s) => { if (s.card) keys.add(`future:${s.slot}`); if (s.risky) keys.add(`risky:${s.slot}`); });
  geo.future.discards.forEach((d) => keys.add(`recycle:${d.card}`));
  geo.future.revealed.forEach((r) => { keys.add(`top:${r.card}`); keys.add(`bottom:${r.card}`); });
  geo.modules.lygtemands?.involve.forEach((r) => keys.add(`involve:${r.k}`));
  geo.modules.hostages?.cards.forEach((r) => keys.add(`hostage:${r.ally}`));
  geo.vogter.cards.forEach((c) => c.rewards.forEach((r) => keys.add(`reward:${r.kind}`)));
  return keys;
}
