// One seat's panel on Knarr's board: its tokens, hand, crew in colour columns, boat with the
// destinations above it, reserved destinations and (Skali) village, at the places layout.js gives.
import { chip, colour, el, mark, text } from "../../svg.js";
import { BOATS, BUILDINGS, DEST, GAINS, SKALI, buildingName, buildingNumber, gainCount } from "./data.js";
import { box, placeAt } from "./board.js";
import { fit, icon, tip, vikingCard, villageCard } from "./cards.js";
import { SMALL } from "./layout.js";
import { TIPS, boatTip, crewTip, destinationTip, villageTip, vikingName } from "./tips.js";
import { t, tn } from "../../i18n.js";
import { seatWord } from "../../names.js";

/** @typedef {import("./view.js").KnarrView} KnarrView */
/** @typedef {import("./view.js").KnarrSeat} KnarrSeat */
/** @typedef {import("./view.js").Table} Table */
/** @typedef {import("./view.js").Ctx} Ctx */
/** @typedef {import("./view.js").Tag} Tag */
/** @typedef {import("./view.js").Places} Places */
/** @typedef {import("./layout.js").SeatAt} SeatAt */
/** @typedef {SeatAt["parts"]} Parts */

const LABEL = { "font-size": SMALL, fill: "#5a4a3a" };

/** Draws seat `s`'s panel at `at` ({seat, y, parts}) into `svg`.
 * @param {Element} svg @param {SeatAt} at @param {KnarrView} view @param {Table} table
 * @param {Ctx} ctx @param {Places} places @param {Tag} tag */
export function seatPanel(svg, at, view, table, ctx, places, tag) {
  const { seat: s, parts } = at;
  const p = s.seat;
  const you = parts.you;
  const W = parts.width;
  const panel = tag(`seat:${p}`, el("g", { transform: `translate(0 ${at.y})` }, svg));
  el("rect", { x: 8, y: 0, width: W - 16, height: at.h, rx: 10, class: you ? "kn-you" : "kn-panel" }, panel);
  const toMove = table.to_move === p && !table.result && table.status === "playing";
  chip(panel, 28, 20, 13, ctx.seatColour(p), ctx.seatMark(p));
  const name = table.players?.[p]?.name;
  const [yours, moving] = [t("(you)"), t("to move")];
  const title = `${seatWord(ctx.seatName(p))}${name ? ` · ${name}` : ""}${you ? ` ${yours}` : ""}${toMove ? ` ◀ ${moving}` : ""}`;
  text(panel, 48, 25, title, fit(title, { "font-size": 15, "font-weight": 700 }, W - 72));
  tokens(panel, parts, s, view, ctx, places, tag);
  hand(panel, parts, s, ctx, places, you, view.phase);
  crew(panel, parts, s, ctx, places, tag, p, view.phase);
  boat(panel, parts, s, view, ctx, places, tag, p);
  village(panel, parts, s, view, ctx, places, tag, p);
}

/** The seat's tokens, the recruit token clickable to pay with it, and its change token.
 * @param {Element} panel @param {Parts} parts @param {KnarrSeat} s @param {KnarrView} view
 * @param {Ctx} ctx @param {Places} places @param {Tag} tag */
function tokens(panel, parts, s, view, ctx, places, tag) {
  /** @type {[string, number | undefined, string][]} */
  const list = [["vp", s.vp, TIPS.vp], ["reputation", s.reputation, TIPS.reputation], ["bracelet", s.bracelets, TIPS.bracelet], ["recruit", s.recruits, TIPS.recruit]];
  if (view.skali) list.push(["coin", s.coins, TIPS.coin], ["raid", s.raid_tokens, TIPS.raid]);
  list.forEach(([gain, k, words], i) => {
    const r = parts.tokens[i];
    const g = tip(el("g", {}, panel), `${gainCount(gain, k ?? 0)}. ${words}`);
    el("rect", { ...box(r), rx: 6, fill: "#fff", stroke: "#d8ccb8" }, g);
    icon(g, gain, r.x + 13, r.y + r.h / 2, 20);
    text(g, r.x + 26, r.y + r.h / 2 + 5.5, `${k}`, { "font-size": 15, "font-weight": 700 });
    if (gain === "recruit") {
      tag(`recruits:${s.seat}`, g);
      if (parts.you && placeAt(ctx, places, "recruits", g, t("pay with a recruit token"), view.phase)) g.querySelector("rect")?.classList.add("hit");
    }
  });
  if (s.change_token !== undefined) {
    const words = s.change_token === "available" ? t("change token: available") : t("change token: unavailable");
    const line = text(panel, 14, parts.changeY, words, { "font-size": SMALL });
    tip(line, TIPS.changeToken);
  }
}

/** The seat's hand: yours card by card, another's by its size and the cards seen.
 * @param {Element} panel @param {Parts} parts @param {KnarrSeat} s @param {Ctx} ctx
 * @param {Places} places @param {boolean} you @param {string | undefined} phase */
function hand(panel, parts, s, ctx, places, you, phase) {
  if (s.hand) {
    tip(text(panel, 14, parts.handY + 14, t("Hand"), LABEL), TIPS.hand);
    const known = [...(s.hand_known || [])];
    s.hand.forEach((type, i) => {
      const r = parts.hand[i];
      const k = known.indexOf(type);
      if (k >= 0) known.splice(k, 1);
      const g = vikingCard(panel, type, r.x, r.y, r.w, r.h, { class: "kn-hand" });
      if (k >= 0) text(g, r.x + r.w / 2, r.y + r.h + 14, t("seen"), fit(t("seen"), { ...LABEL, "text-anchor": "middle" }, r.w + 4));
      const action = you ? places.get(`hand:${type}`) : null;
      // Two cards of a type: the first one recruits (the second, whose action is taken, is inert).
      if (you && !(action && panel.querySelector(`[data-action="${action.id}"]`))) placeAt(ctx, places, `hand:${type}`, g, t("recruit {card}", { card: vikingName(type) }), phase);
    });
    if (!s.hand.length) text(panel, 60, parts.handY + 20, t("empty"), { fill: "#888" });
    return;
  }
  const words = s.hand_known?.length
    ? tn("Hand: {n} card — seen:", "Hand: {n} cards — seen:", s.hand_size)
    : tn("Hand: {n} card", "Hand: {n} cards", s.hand_size);
  tip(text(panel, 14, parts.handY + 14, words, LABEL), TIPS.otherHand);
  (s.hand_known || []).forEach((type, i) => {
    const r = parts.seen[i];
    vikingCard(panel, type, r.x, r.y, r.w, r.h);
  });
  parts.backs.forEach((r) => tip(el("rect", { ...box(r), rx: 4, fill: "#7a5a3a", stroke: "#3b2a1a" }, panel), t("A viking in this player's hidden hand.")));
}

/** The seat's crew in colour columns.
 * @param {Element} panel @param {Parts} parts @param {KnarrSeat} s @param {Ctx} ctx
 * @param {Places} places @param {Tag} tag @param {number} p @param {string | undefined} phase */
function crew(panel, parts, s, ctx, places, tag, p, phase) {
  const first = parts.crew[0];
  tip(text(panel, first.x, first.y - 6, t("Crew"), LABEL), t("The crew: vikings recruited, in colour columns. They pay for destinations."));
  parts.crew.forEach((col) => {
    const c = col.colour;
    const g = tag(`crew:${p}:${c}`, tip(el("g", {}, panel), crewTip(c, s.crew[c])));
    el("rect", { ...box(col), rx: 5, fill: colour(c), "fill-opacity": 0.14, stroke: colour(c) }, g);
    text(g, col.x + col.w / 2, col.y + 16, `${mark(c)} ${s.crew[c].length}`, { "font-size": SMALL, "font-weight": 700, "text-anchor": "middle" });
    col.rows.forEach((row) => {
      const card = vikingCard(g, row.type, row.x, row.y, row.w, row.h, {}, row.count);
      if (parts.you) placeAt(ctx, places, `crew:${row.type}`, card, (action) => (action.kind === "pay" ? t("pay with {card}", { card: vikingName(row.type) }) : t("discard {card}", { card: vikingName(row.type) })), phase);
    });
  });
}

/** The seat's boat, the destinations above it and the reserved ones.
 * @param {Element} panel @param {Parts} parts @param {KnarrSeat} s @param {KnarrView} view
 * @param {Ctx} ctx @param {Places} places @param {Tag} tag @param {number} p */
function boat(panel, parts, s, view, ctx, places, tag, p) {
  const b = parts.boat;
  const side = view.boat || view.options?.boat || "normal";
  const columns = BOATS[side] || BOATS.normal;
  const title = t("Boat (trade: return bracelets)");
  text(panel, b.x, b.y - 6, title, fit(title, LABEL, parts.width - 14 - b.x));
  const boatG = tag(`boat:${p}`, tip(el("g", {}, panel), boatTip(side, columns)));
  el("path", { d: `M${b.x},${b.y} H${b.x + b.w} L${b.x + b.w - 20},${b.y + b.h} H${b.x + 16} Z`, fill: "#8b5e34", stroke: "#4a2f14", "stroke-width": 1.5 }, boatG);
  columns.forEach((column, k) => {
    const r = b.columns[k];
    const col = el("g", {}, boatG);
    el("rect", { ...box(r), rx: 4, fill: "#f3e4c8", stroke: "#4a2f14" }, col);
    text(col, r.x + 5, r.y + r.h / 2 + 5, `${k + 1}`, { "font-size": SMALL, "font-weight": 700, fill: "#4a2f14" });
    if (column >= 0) icon(col, GAINS[column], r.x + r.w / 2 + 6, r.y + r.h / 2, 18);
    if (parts.you && placeAt(ctx, places, `boat:${k + 1}`, col, tn("trade {n}: return {n} bracelet, collect columns 1–{n}", "trade {n}: return {n} bracelets, collect columns 1–{n}", k + 1), view.phase)) {
      col.querySelector("rect")?.classList.add("hit");
    }
  });
  parts.dests.forEach((r) => {
    const g = tag(`dest:${r.name}`, tip(el("g", {}, panel), destinationTip(r.name)));
    el("rect", { ...box(r), rx: 3, fill: r.name.startsWith("B") ? "#dfe9f1" : "#efe3c8", stroke: "#8a7a66" }, g);
    const trade = destTrade(r.name);
    trade.forEach((column, k) => { if (column >= 0) icon(g, GAINS[column], r.x + k * (r.w / 3) + r.w / 6 + 6, r.y + r.h / 2, 17); });
    text(g, r.x + r.w + 5, r.y + 19, r.name, { "font-size": SMALL, "font-weight": 700 });
  });
  if (parts.reserved.length) {
    const r0 = parts.reserved[0];
    text(panel, b.x + 16, r0.y + r0.h / 2 + 5, t("reserved:"), fit(t("reserved:"), { "font-size": SMALL }, r0.x - b.x - 20));
    parts.reserved.forEach((r) => {
      const g = tag(`dest:${r.name}`, tip(el("g", {}, panel), t("Reserved (Golden bracelet): you may explore it later. {destination}", { destination: destinationTip(r.name) })));
      el("rect", { ...box(r), rx: 5, fill: "#fffdf8", stroke: "#8a7a66", class: "hit" }, g);
      text(g, r.x + r.w / 2, r.y + r.h / 2 + 5, r.name, { "font-size": SMALL, "text-anchor": "middle", "font-weight": 600 });
      if (parts.you) placeAt(ctx, places, `dest:${r.name}`, g, t("explore the reserved {destination}", { destination: r.name }), view.phase);
    });
  }
}

/** The seat's village (Skali): the skáli and the buildings developed.
 * @param {Element} panel @param {Parts} parts @param {KnarrSeat} s @param {KnarrView} view
 * @param {Ctx} ctx @param {Places} places @param {Tag} tag @param {number} p */
function village(panel, parts, s, view, ctx, places, tag, p) {
  const skali = view.skali;
  if (!skali || !parts.village.length) return;
  const first = parts.village[0];
  text(panel, first.x, first.y - 6, t("Village"), LABEL);
  /** @type {VillageEntry[]} */
  const cards = [["skali", t("skáli"), [0, ...SKALI[skali.skali_board]], 0], ...(s.village || []).map(buildingEntry)];
  cards.forEach(([key, label, card, num], j) => {
    const r = parts.village[j];
    const g = tag(`village:${p}:${key}`, villageCard(panel, label, card, r.x, r.y, r.w, r.h));
    tip(g, villageTip(label, num, skali.skali_board));
    if (parts.you) placeAt(ctx, places, `village:${key}`, g, t("activate {card}", { card: label }), view.phase);
  });
}


/** A village card as drawn: its tag's key, its label, the card and its building's number (0: the
 * skáli). @typedef {[string, string, import("./data.js").VillageCard | undefined, number]} VillageEntry */

/** A developed building ("building 7") as a village card. @param {string} b @returns {VillageEntry} */
function buildingEntry(b) {
  return [b, buildingName(b), BUILDINGS[buildingNumber(b) - 1], buildingNumber(b)];
}

/** A destination's trade columns. @param {string} name @returns {number[]} */
function destTrade(name) {
  return DEST[name]?.[4] ?? [-1, -1, -1];
}
