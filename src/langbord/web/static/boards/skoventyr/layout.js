// Where everything goes on Skoventyr's board, for a desktop (1000 units wide, about 900 CSS px
// at 1280×800: the Forest and the Minions on the left, the hands, the Future and the Vogter cards
// on the right, so that what a turn clicks is in view) or a phone (380 units, about 373 CSS px at
// 390×844, one column, every place a finger clicks at least 46 units). No text is drawn under
// TEXT units (12.6 CSS px on the desktop, 13.7 on the phone), and the words of a line are placed
// where they fit: wrapped into more lines, or a label squeezed into its box. Each section is laid
// out from its own top-left corner; `layout` places the sections. Pure: no DOM.
import { buttonLabel, plan } from "./places.js";
import { hasRescue, vogterLines } from "./tips.js";
import { t, tn } from "../../i18n.js";

/** @typedef {{x: number, y: number, w: number, h: number}} Rect */
/** @typedef {import("./view.js").SkoventyrView} SkoventyrView */
/** @typedef {import("./view.js").Action} Action */
/** @typedef {import("./view.js").Places} Places */
/** @typedef {import("./view.js").Table} Table */

export const WIDE = 1000;
export const NARROW = 380;
export const TOUCH = 46;
/** The smallest text the board draws, in its units, and the distance between its lines. */
export const TEXT = 14;
export const LINE = 18;
const M = 14;
/** The desktop's two columns: the Forest and the Minions; the rest, from `RIGHT` (a margin of
 * 10 on the right). */
const LEFT_W = 490;
const RIGHT = 500;
const RIGHT_W = WIDE - RIGHT - 10;

/** @param {number} x @param {number} y @param {number} w @param {number} h @returns {Rect} */
const rect = (x, y, w, h) => ({ x, y, w, h });

/** Widths of characters, in ems, of the page's sans-serif (the widest usual one, DejaVu Sans):
 * the narrow and wide ones; the other capitals, then any other character.
 * @type {[string, number][]} */
const EMS = [["iljIJ.,:;'’·!|", 0.3], [" ", 0.32], ["frt()-[]", 0.4], ["mwMWæÆ—×◀%@", 0.95], ["ABCDGHKNOQRUVXZØÅÄÖÜ", 0.74]];

/** About how wide `words` are drawn at `size` in the page's sans-serif (bold wider), in board
 * units: within a few percent of the width DejaVu Sans draws, a little more than narrower fonts.
 * @param {string} words @param {number} size @param {boolean} [bold] */
export function textWidth(words, size, bold = false) {
  let ems = 0;
  for (const c of words) ems += EMS.find(([chars]) => chars.includes(c))?.[1] ?? 0.6;
  return ems * size * (bold ? 1.15 : 1);
}

/** How much wider than its room a line may be: it is squeezed into it (see `squeeze`). */
const SQUEEZABLE = 1.08;

/** `words` as lines that fit `room` at `size`, squeezed by at most SQUEEZABLE: the lines of the
 * translation when each fits, else all its words flowed into as few lines as fit (a word wider
 * than `room` stays whole, to be squeezed).
 * @param {string} words @param {number} size @param {number} room @param {boolean} [bold]
 * @returns {string[]} */
export function wrap(words, size, room, bold = false) {
  const fits = (/** @type {string} */ line) => textWidth(line, size, bold) <= room * SQUEEZABLE;
  const own = words.split("\n");
  if (own.every(fits)) return own;
  /** @type {string[]} */
  const lines = [];
  let line = "";
  for (const word of own.join(" ").split(" ")) {
    const longer = line ? `${line} ${word}` : word;
    if (line && !fits(longer)) {
      lines.push(line);
      line = word;
    } else line = longer;
  }
  lines.push(line);
  return lines;
}

/** The SVG attributes that squeeze a label drawn at `size` into `room` units when it would be
 * wider (a longer translation, a long name), at the same font size; none when it fits.
 * @param {string} words @param {number} size @param {number} room @param {boolean} [bold]
 * @returns {Record<string, string | number>} */
export function squeeze(words, size, room, bold = false) {
  return textWidth(words, size, bold) > room ? { textLength: Math.round(room), lengthAdjust: "spacingAndGlyphs" } : {};
}

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

/** The words in the middle of the Forest, a line each (`bold` for Gamle Erik's distance), wrapped
 * into `room`; whether the Acorns in the centre follow them.
 * @param {SkoventyrView} view @param {number} room */
export function centreWords(view, room) {
  /** @type {{words: string, bold: boolean}[]} */
  const lines = [];
  /** Bold if it fits as the translation has it, else regular. @param {string} words @param {boolean} bold */
  const add = (words, bold) => {
    const strong = bold && wrap(words, TEXT, room, true).length <= words.split("\n").length;
    wrap(words, TEXT, room, strong).forEach((w) => lines.push({ words: w, bold: strong }));
  };
  add(tn("Gamle Erik is {n} Tree\nbehind Vogter", "Gamle Erik is {n} Trees\nbehind Vogter", view.distance), true);
  add(t("Allies in the Forest: {n}", { n: view.allies_in_forest }), false);
  if (view.discarded_trees.length) add(t("discarded Trees: {trees}", { trees: view.discarded_trees.join(", ") }), false);
  const acorns = (view.acorns_in_centre ?? []).length > 0;
  if (acorns) add(t("Acorns in the centre"), false);
  return { lines, acorns, h: lines.length * LINE + (acorns ? 32 : 0) };
}

/** Whether any two Trees at `trees` (placed around the centre, at 0, 0) are closer than
 * `gap`, or a Tree is closer than `gap` to the centre's words (a box of `centre.w` × `centre.h`
 * around 0, 0).
 * @param {Rect[]} trees @param {{w: number, h: number}} centre @param {number} gap */
function crowded(trees, centre, gap) {
  /** @param {Rect} a @param {Rect} b */
  const near = (a, b) => a.x < b.x + b.w + gap && b.x < a.x + a.w + gap && a.y < b.y + b.h + gap && b.y < a.y + a.h + gap;
  const words = rect(-centre.w / 2, -centre.h / 2, centre.w, centre.h);
  return trees.some((a, i) => near(a, words) || trees.slice(i + 1).some((b) => near(a, b)));
}

/** The ring of Trees, clockwise from the top: an ellipse as wide as the section allows, only as
 * tall as keeps the Trees apart and clear of the words in its middle.
 * @param {SkoventyrView} view @param {boolean} narrow */
export function forestGeo(view, narrow) {
  const [w, tw, th, ry0, room] = narrow ? [NARROW, 84, 96, 96, 172] : [LEFT_W, 96, 112, 140, 220];
  const n = view.forest.length;
  const angles = view.forest.map((_, i) => -Math.PI / 2 + (2 * Math.PI * i) / n);
  const across = Math.max(0.5, ...angles.map((a) => Math.abs(Math.cos(a))));
  const rx = Math.min(narrow ? 160 : 190, (w / 2 - (narrow ? M : 6) - tw / 2) / across);
  const centre = { ...centreWords(view, room), w: room };
  /** @param {number} ry */
  const ring = (ry) => angles.map((a) => rect(rx * Math.cos(a) - tw / 2, ry * Math.sin(a) - th / 2, tw, th));
  // Each Tree with the room above it for the pawns on it (chips of radius 14 on its top edge).
  /** @param {number} ry */
  const tall = (ry) => ring(ry).map((r) => rect(r.x, r.y - 16, r.w, r.h + 16));
  let ry = ry0;
  while (ry < 400 && crowded(tall(ry), centre, 4)) ry += 4;
  const cx = w / 2;
  const cy = 44 + ry + th / 2;
  const trees = ring(ry).map((r, i) => ({ tree: view.forest[i].tree, ...rect(r.x + cx, r.y + cy, tw, th) }));
  return { w, h: cy + ry + th / 2 + 10, cx, cy, rx, ry, trees, centre };
}

/** The Minions in two rows of three, each with its Lygtemand's box, and the buttons of the "?"
 * Lygtemand. @param {SkoventyrView} view @param {boolean} narrow @param {Action[]} rallyAny */
export function minionsGeo(view, narrow, rallyAny) {
  const x0 = narrow ? M : 6;
  const width = narrow ? NARROW - 2 * M : LEFT_W - 2 * x0;
  const mw = (width - 16) / 3;
  // Taller while a Minion in the game has a Lygtemand or an Acorn to show.
  const mh = view.minions.some((m) => m.in_game && (m.lygtemand || m.acorn)) ? 108 : 76;
  const lw = 56;
  const minions = view.minions.map((m, i) => {
    const r = rect(x0 + (i % 3) * (mw + 8), 28 + Math.floor(i / 3) * (mh + 8), mw, mh);
    return { name: m.name, ...r, lygte: m.in_game && m.lygtemand ? rect(r.x + mw - lw - 5, r.y + 30, lw, mh - 35) : null };
  });
  let h = 28 + Math.ceil(view.minions.length / 3) * (mh + 8);
  const labels = rallyAny.map((action) => buttonLabel(action));
  const f = flow(labels.map((l) => Math.max(112, textWidth(l, TEXT, true) + 20)), x0, h, width, narrow ? TOUCH : 32);
  const rally = rallyAny.map((action, i) => ({ action, label: labels[i], ...f.boxes[i] }));
  if (rally.length) h += f.height + 8;
  return { h: h + 4, minions, rally };
}

/** The hands: the player to move first (each card with its Position and Mission buttons), then
 * the others. @param {SkoventyrView} view @param {boolean} narrow @param {Places} places */
export function handsGeo(view, narrow, places) {
  const actor = view.to_move;
  const order = view.hands.map((_, p) => p).sort((a, b) => (a === actor ? -1 : b === actor ? 1 : a - b));
  const [x0, width] = narrow ? [M, NARROW - 2 * M] : [0, RIGHT_W];
  let y = 26;
  const hands = order.map((p) => {
    const cards = view.hands[p];
    const mine = p === actor && view.result === "playing";
    // Under each card, a row for Position and one for Mission, each only while one is offered.
    const rows = mine ? ["position", "mission"].filter((kind) => cards.some((c) => places.has(`${kind}:${c}`))) : [];
    const [cw, ch, perRow] = mine ? (narrow ? [(width - 30) / 4, 60, 4] : [90, 62, 5]) : [44, 44, narrow ? 7 : 9];
    const bh = narrow ? TOUCH : 26;
    const rowH = ch + rows.length * (bh + 3) + 8;
    const top = y;
    const shown = [...new Set(cards)];
    const list = cards.map((c, i) => {
      const r = rect(x0 + 6 + (i % perRow) * (cw + 6), top + 32 + Math.floor(i / perRow) * rowH, cw, ch);
      const first = shown.includes(c) && cards.indexOf(c) === i;
      /** @param {string} kind */
      const row = (kind) => (first && rows.includes(kind) ? rect(r.x, r.y + ch + 3 + rows.indexOf(kind) * (bh + 3), cw, bh) : null);
      return { card: c, ...r, position: row("position"), mission: row("mission") };
    });
    const h = 32 + Math.max(1, Math.ceil(cards.length / perRow)) * rowH + 4;
    y += h + 8;
    return { player: p, mine, ...rect(x0, top, width, h), cards: list };
  });
  return { h: y, hands };
}

/** The Future's three slots with their Risky calls, the cards being taken or placed, the deck and
 * the discard pile (by type), what is known of the deck, and the cards revealed by Involve.
 * @param {SkoventyrView} view @param {boolean} narrow @param {Places} places */
export function futureGeo(view, narrow, places) {
  const [fw, fh, x0, width] = narrow ? [(NARROW - 2 * M - 16) / 3, 100, M, NARROW - 2 * M] : [96, 120, 0, RIGHT_W];
  const bh = narrow ? TOUCH : 28;
  const slots = view.future.map((c, i) => {
    const r = rect(x0 + i * (fw + 8), 46, fw, fh);
    const slot = `f${i + 1}`;
    return { slot, card: c, ...r, risky: places.has(`risky:${slot}`) ? rect(r.x, r.y + fh + 4, fw, bh) : null };
  });
  let y = 46 + fh + (slots.some((s) => s.risky) ? bh + 8 : 4);
  // What is being taken or placed, a line each (they never overprint the piles).
  /** @type {string[]} */
  const status = [];
  if (view.taking) status.push(t("being taken: {card}", { card: view.taking }));
  if (view.placing) status.push(t("being placed: {card}", { card: view.placing }));
  const statusY = y + 16;
  y += status.length * 20 + (status.length ? 6 : 0);
  // The piles, their counts inside: beside the Future on a desktop, under it on a phone; the
  // discard pile by type beside them on a phone, under them on a desktop.
  const px = narrow ? x0 : 3 * (fw + 8) + 8;
  const py = narrow ? y + 4 : 46;
  const ph = narrow ? 2 * TOUCH + 4 : 84;
  const deck = rect(px, py, 70, ph);
  const discard = rect(px + 80, py, 70, ph);
  const [dw, dh, dx, dy] = narrow ? [60, TOUCH, px + 160, py] : [54, 34, px, py + ph + 8];
  const discards = Object.keys(view.discard).map((t, i) => ({ card: t, ...rect(dx + (i % 3) * (dw + 4), dy + Math.floor(i / 3) * (dh + 4), dw, dh) }));
  y = Math.max(y, py + ph + 8, ...discards.map((r) => r.y + r.h + 8));
  const lines = deckLines(view).flatMap((line) => wrap(line, TEXT, width));
  const linesY = y + 14;
  y += lines.length * LINE + 8;
  // Cards revealed by Involve, each with its Top and Bottom buttons, under their heading.
  const heading = view.revealed?.length ? wrap(t("Revealed by Involve: top or bottom of the deck"), TEXT, width, true) : [];
  const headingY = y + 14;
  const cardsY = y + heading.length * LINE + 6;
  const cards = view.revealed || [];
  // A row of Top buttons and one of Bottom buttons, each only while one of them is offered.
  const rows = ["top", "bottom"].filter((kind) => cards.some((c) => places.has(`${kind}:${c}`)));
  const revealed = cards.map((c, i) => {
    const r = rect(x0 + i * (narrow ? 76 : 70), cardsY, narrow ? 70 : 64, 44);
    /** @param {string} kind */
    const row = (kind) => (rows.includes(kind) ? rect(r.x, r.y + r.h + 3 + rows.indexOf(kind) * (bh + 3), r.w, bh) : null);
    return { card: c, ...r, top: row("top"), bottom: row("bottom") };
  });
  if (revealed.length) y = cardsY + 44 + rows.length * (bh + 3) + 8;
  return { h: y, width, slots, status, statusY, deck, discard, discards, lines, linesY, revealed, heading, headingY };
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
  const x0 = narrow ? M : 0;
  let y = 0;
  /** @type {{y: number, involve: ({k: number} & Rect)[]} | null} */
  let lygtemands = null;
  if (view.lygtemands) {
    const bh = narrow ? TOUCH : 30;
    const involve = [1, 2].filter((k) => places.has(`involve:${k}`)).map((k, i) => ({ k, ...rect(x0 + i * 148, y + 78, 140, bh) }));
    lygtemands = { y, involve };
    y += 78 + (involve.length ? bh + 8 : 0) + 4;
  }
  /** @type {{y: number, cards: ({ally: string} & Rect)[]} | null} */
  let hostages = null;
  if (rescue) {
    const [hw, hh] = narrow ? [(NARROW - 2 * M - 4 * 6) / 5, 56] : [92, 70];
    hostages = { y, cards: ["Ellefolk", "Formskifter", "Huldre", "Nisse", "Trold"].map((t, i) => ({ ally: t, ...rect(x0 + i * (hw + 6), y + 28, hw, hh) })) };
    y += 28 + hh + 8;
  }
  return { h: y, lygtemands, hostages };
}

/** The Vogter cards, two to a row, each with its name and what it does (wrapped to the card's
 * width, every card as tall as the one with most lines); the rewards of Wrath, when one is to be
 * chosen, in a row of their own under Wrath's row.
 * @param {SkoventyrView} view @param {boolean} narrow @param {boolean} rescue @param {Places} places */
export function vogterGeo(view, narrow, rescue, places) {
  const names = ["Call", "Gambit", "Command", "Wrath"];
  if (view.lygtemands) names.push("Reconciliation");
  if (rescue) names.push("Rescue");
  const [x0, width] = narrow ? [M, NARROW - 2 * M] : [0, RIGHT_W];
  const vw = (width - 8) / 2;
  const lines = names.map((name) => wrap(vogterLines(name).join("\n"), TEXT, vw - 12));
  const vh = 30 + Math.max(...lines.map((l) => l.length)) * (LINE - 1) + 4;
  const rewards = ["refuge", "revenge", "restoration"].filter((r) => places.has(`reward:${r}`));
  const bh = narrow ? TOUCH : 30;
  const wrathRow = Math.floor(names.indexOf("Wrath") / 2);
  /** @param {number} row */
  const rowY = (row) => 28 + row * (vh + 8) + (rewards.length && row > wrathRow ? bh + 8 : 0);
  const bw = (width - 2 * 8) / 3;
  const cards = names.map((name, i) => {
    const r = rect(x0 + (i % 2) * (vw + 8), rowY(Math.floor(i / 2)), vw, vh);
    const under = rowY(wrathRow) + vh + 6;
    return { name, ...r, lines: lines[i], rewards: name === "Wrath" ? rewards.map((kind, k) => ({ kind, ...rect(x0 + k * (bw + 8), under, bw, bh) })) : [] };
  });
  return { h: rowY(Math.ceil(names.length / 2)), cards };
}

/** On a phone, the sections one under the other: the Forest, the decisions without a place,
 * the Future, the hands, the Minions, the modules and the Vogter cards.
 * @param {Record<string, {h: number}>} geo @param {number} buttonsH */
function stacked(geo, buttonsH) {
  /** @type {Record<string, {x: number, y: number}>} */
  const at = {};
  let y = 34;
  for (const [name, h] of [["forest", geo.forest.h], ["buttons", buttonsH], ["future", geo.future.h], ["hands", geo.hands.h], ["minions", geo.minions.h], ["modules", geo.modules.h], ["vogter", geo.vogter.h]]) {
    at[/** @type {string} */ (name)] = { x: 0, y: Number(y) };
    y += Number(h) + (Number(h) ? 12 : 0);
  }
  return { at, H: y };
}

/** On a desktop, two columns: the Forest and the Minions on the left; the decisions without a
 * place, the hands, the Future and the Vogter cards on the right; the modules under whichever
 * column ends higher.
 * @param {Record<string, {h: number}>} geo @param {number} buttonsH */
function columns(geo, buttonsH) {
  const top = 34;
  /** @type {Record<string, {x: number, y: number}>} */
  const at = { forest: { x: 0, y: top }, minions: { x: 0, y: top + geo.forest.h + 4 } };
  const left = at.minions.y + geo.minions.h + 10;
  let y = top;
  for (const [name, h] of [["buttons", buttonsH], ["hands", geo.hands.h], ["future", geo.future.h], ["vogter", geo.vogter.h]]) {
    at[/** @type {string} */ (name)] = { x: RIGHT, y: Number(y) };
    y += Number(h) + (Number(h) ? 10 : 0);
  }
  at.modules = left <= y ? { x: 6, y: left } : { x: RIGHT, y };
  const end = at.modules.y + (geo.modules.h ? geo.modules.h + 10 : 0);
  return { at, H: Math.max(y, left, end) };
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
  const labels = rest.map((a) => buttonLabel(a));
  const f = flow(labels.map((l) => Math.max(110, textWidth(l, TEXT, true) + 24)), narrow ? M : 0, 4, narrow ? NARROW - 2 * M : RIGHT_W, narrow ? TOUCH : 32);
  const buttonRow = { h: rest.length ? f.height + 12 : 0, buttons: rest.map((action, i) => ({ action, label: labels[i], ...f.boxes[i] })) };
  const { at, H } = narrow ? stacked(geo, buttonRow.h) : columns(geo, buttonRow.h);
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
  geo.future.revealed.forEach((r) => {
    if (r.top) keys.add(`top:${r.card}`);
    if (r.bottom) keys.add(`bottom:${r.card}`);
  });
  geo.modules.lygtemands?.involve.forEach((r) => keys.add(`involve:${r.k}`));
  geo.modules.hostages?.cards.forEach((r) => keys.add(`hostage:${r.ally}`));
  geo.vogter.cards.forEach((c) => c.rewards.forEach((r) => keys.add(`reward:${r.kind}`)));
  return keys;
}
