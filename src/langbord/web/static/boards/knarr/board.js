// The shared parts of Knarr's board drawn at the places layout.js gives: the tracks, the piles,
// the market, the destinations, the building market and the buttons of decisions without a
// component.
import { chip, colour, el, mark, text } from "../../svg.js";
import { BUILDINGS, REPUTATION_VP, SKALI, buildingName, buildingNumber } from "./data.js";
import { button, destinationCard, fit, icon, tip, vikingCard, villageCard, widthOf } from "./cards.js";
import { MARKER, SMALL } from "./layout.js";
import { TIPS, marketTip, vikingName, vikingTip, villageTip } from "./tips.js";
import { nearest } from "./places.js";
import { t, tn } from "../../i18n.js";
import { colourName, seatWord } from "../../names.js";

/** @typedef {import("./view.js").KnarrView} KnarrView */
/** @typedef {import("./view.js").KnarrSeat} KnarrSeat */
/** @typedef {import("./view.js").Ctx} Ctx */
/** @typedef {import("./view.js").Tag} Tag */
/** @typedef {import("./view.js").Places} Places */
/** @typedef {import("./layout.js").Geo} Geo */
/** @typedef {import("./layout.js").Rect} Rect */

const LABEL = { "font-size": SMALL, fill: "#5a4a3a" };
const REP_FILLS = ["#f3ead6", "#e9dcc0", "#dfcda6", "#d4bd8b", "#c9ad70", "#bb9a52"];

/** The seats' markers on a track, where layout.js stacks them.
 * @param {Element} parent @param {Ctx} ctx @param {{seat: number, x: number, y: number}[]} at
 * @param {KnarrSeat[]} seats @param {(s: KnarrSeat) => string} words @param {string} track the
 * track's name, which keys its markers */
function markers(parent, ctx, at, seats, words, track) {
  at.forEach(({ seat, x, y }) => {
    const s = seats.find((one) => one.seat === seat);
    if (!s) return;
    const g = chip(parent, x, y, MARKER, ctx.seatColour(seat), ctx.seatMark(seat), { "data-piece": `${track}:${seat}` });
    tip(g, t("{who}: {what}", { who: seatWord(ctx.seatName(seat)), what: words(s) }));
  });
}

/** The victory point track (0-40) and the reputation track (0-14) with its income.
 * @param {Element} svg @param {Geo} geo @param {KnarrView} view @param {Ctx} ctx */
export function tracks(svg, geo, view, ctx) {
  const vp = tip(el("g", {}, svg), TIPS.vpTrack);
  text(vp, 14, geo.vp.label, t("Victory points (40 ends the game)"), LABEL);
  geo.vp.spaces.forEach((c, v) => {
    el("rect", { ...box(c), fill: v === 40 ? "#e9c46a" : v % 5 === 0 ? "#e8dcc2" : "#f3ead6", stroke: "#c9b896" }, vp);
    text(vp, c.x + c.w / 2, c.y + 14, `${v}`, { "font-size": SMALL, "text-anchor": "middle", fill: "#5a4a3a" });
  });
  markers(vp, ctx, geo.vp.markers, view.seats, (s) => tn("{n} victory point", "{n} victory points", s.vp), "vp");
  const rep = tip(el("g", {}, svg), TIPS.reputationTrack);
  text(rep, 14, geo.reputation.label, geo.narrow ? t("Reputation (points each turn)") : t("Reputation (income in victory points at the start of each turn)"), LABEL);
  geo.reputation.spaces.forEach((c, v) => {
    const income = REPUTATION_VP[v];
    el("rect", { ...box(c), rx: 3, fill: REP_FILLS[income], stroke: "#b9a47e" }, rep);
    // The step, and the points it gives at the start of each turn.
    text(rep, c.x + 2, c.y + 14, `${v}`, { "font-size": SMALL, fill: "#2b2118" });
    text(rep, c.x + c.w - 2, c.y + 14, `+${income}`, { "font-size": SMALL, "text-anchor": "end", fill: "#4a2c00" });
  });
  markers(rep, ctx, geo.reputation.markers, view.seats, (s) => t("reputation {n}", { n: s.reputation }), "reputation");
}

/** The viking deck, the discard pile and (Skali) the raid tokens on the board.
 * @param {Element} svg @param {Geo} geo @param {KnarrView} view @param {Tag} tag */
export function piles(svg, geo, view, tag) {
  const { deck, discard, raid, label } = geo.piles;
  const deckG = tag("deck", tip(el("g", {}, svg), [TIPS.deck, tn("{n} card left.", "{n} cards left.", view.decks.vikings)].join(" ")));
  el("rect", { ...box(deck), rx: 5, fill: "#7a5a3a", stroke: "#3b2a1a" }, deckG);
  text(deckG, deck.x + 20, deck.y + 31, `${view.decks.vikings}`, { "font-size": 16, "font-weight": 700, fill: "#fff", "text-anchor": "middle" });
  const entries = Object.entries(view.discard || {});
  const count = entries.reduce((a, [, k]) => a + Number(k), 0);
  const empty = t("Empty.");
  const discG = tip(el("g", {}, svg), `${TIPS.discard} ${entries.map(([type, k]) => `${k}× ${vikingName(type)}`).join(", ") || empty}`);
  el("rect", { ...box(discard), rx: 5, fill: "#e8dcc2", stroke: "#8a7a66", "stroke-dasharray": "4 2" }, discG);
  text(discG, discard.x + 20, discard.y + 31, `${count}`, { "font-size": 16, "font-weight": 700, "text-anchor": "middle" });
  const words = t("deck · discard");
  text(svg, deck.x, label, words, fit(words, LABEL, (raid && raid.x > deck.x ? raid.x : geo.W - 14) - deck.x - 8));
  if (view.skali && raid) raidTokens(svg, raid, view.skali, geo.narrow);
}

/** The raid tokens on the board and the additional one (Skali), in `r`: a box of three lines on
 * a phone, one line on a desktop.
 * @param {Element} svg @param {Rect} r @param {import("./view.js").KnarrSkali} skali @param {boolean} narrow */
function raidTokens(svg, r, skali, narrow) {
  const g = tip(el("g", {}, svg), TIPS.raidBoard);
  const title = t("Raid tokens on the board");
  const none = t("none: the raid comes");
  const additional = skali.additional_token_beside_board ? t("additional token: beside the board") : t("additional token: taken");
  const n = skali.raid_tokens_on_board;
  const words = { "font-size": SMALL };
  if (narrow) {
    text(g, r.x, r.y + 13, title, fit(title, LABEL, r.w));
    for (let i = 0; i < n; i++) icon(g, "raid", r.x + 11 + i * 24, r.y + 34, 20);
    if (!n) text(g, r.x, r.y + 39, none, fit(none, words, r.w));
    text(g, r.x, r.y + 62, additional, fit(additional, words, r.w));
    return;
  }
  const base = r.y + r.h / 2 + 5;
  text(g, r.x, base, title, LABEL);
  let x = r.x + widthOf(title, SMALL) + 10;
  for (let i = 0; i < n; i++) icon(g, "raid", x + 10 + i * 24, r.y + r.h / 2, 20);
  if (!n) text(g, x, base, none, words);
  x += n ? n * 24 + 12 : widthOf(none, SMALL) + 16;
  text(g, x, base, additional, fit(additional, words, r.x + r.w - x));
}

/** The market's five slots.
 * @param {Element} svg @param {Geo} geo @param {KnarrView} view @param {Ctx} ctx
 * @param {Places} places @param {Tag} tag */
export function market(svg, geo, view, ctx, places, tag) {
  text(svg, 14, geo.market.label, t("Market"), { "font-size": 14, "font-weight": 700 });
  geo.market.slots.forEach((slot) => {
    const c = slot.colour;
    const card = view.market[c];
    const g = tag(`market:${c}`, tip(el("g", { class: "kn-market" }, svg), marketTip(c, card) + (card ? ` ${vikingTip(card)}` : "")));
    el("rect", { ...box(slot), rx: 8, fill: "#fffaf0", stroke: colour(c), "stroke-width": 4, class: "hit" }, g);
    chip(g, slot.x + 16, slot.y + 17, MARKER, colour(c), mark(c));
    if (slot.w >= 80) text(g, slot.x + 33, slot.y + 22, colourName(c), fit(colourName(c), { "font-size": SMALL }, slot.w - 37));
    const cardH = slot.h - 62;
    if (card) vikingCard(g, card, slot.x + 6, slot.y + 36, slot.w - 12, cardH).removeAttribute("data-tip");
    else {
      el("rect", { x: slot.x + 6, y: slot.y + 36, width: slot.w - 12, height: cardH, rx: 5, class: "kn-slot-empty" }, g);
      text(g, slot.x + slot.w / 2, slot.y + 36 + cardH / 2, t("empty"), { "text-anchor": "middle", fill: "#888" });
    }
    if (view.take === c) text(g, slot.x + slot.w / 2, slot.y + slot.h - 8, t("take?"), fit(t("take?"), { "text-anchor": "middle", "font-size": SMALL, fill: "#a33b20" }, slot.w - 6));
    const named = colourName(c);
    placeAt(ctx, places, `market:${c}`, g, (action) => (action.kind === "mead" ? t("Mead Cup: discard the {colour} slot's viking", { colour: named })
      : card ? t("take the {colour} slot's viking ({card})", { colour: named, card: vikingName(card) }) : t("take the {colour} slot's viking", { colour: named })), view.phase);
  });
}

/** The two rows of visible destinations.
 * @param {Element} svg @param {Geo} geo @param {KnarrView} view @param {Ctx} ctx
 * @param {Places} places @param {Tag} tag */
export function destinations(svg, geo, view, ctx, places, tag) {
  geo.destinations.forEach((row) => {
    text(svg, row.cards[0]?.x ?? 14, row.label, t("{row} (deck {n})", { row: rowTitle(row.title), n: view.decks[row.title] }), { "font-size": 14, "font-weight": 700 });
    row.cards.forEach((r) => {
      if (!r.name) {
        el("rect", { ...box(r), rx: 7, class: "kn-slot-empty" }, svg);
        text(svg, r.x + r.w / 2, r.y + r.h / 2 + 4, t("empty slot"), { "text-anchor": "middle", fill: "#888" });
        return;
      }
      const destination = r.name;
      const g = tag(`dest:${destination}`, destinationCard(svg, destination, r.x, r.y, r.w, r.h));
      placeAt(ctx, places, `dest:${destination}`, g, (action) => (action.kind === "reserve"
        ? t("reserve {destination}", { destination }) : t("explore {destination}", { destination })), view.phase);
    });
  });
}

/** The destination being paid for, with what is left to pay.
 * @param {Element} svg @param {Geo} geo @param {KnarrView} view @param {Tag} tag */
export function payment(svg, geo, view, tag) {
  const pay = view.payment;
  const r = geo.pay;
  if (!pay || !r) return;
  const g = tag("pay", tip(el("g", {}, svg), TIPS.payment));
  el("rect", { ...box(r), rx: 10, fill: "#fff", stroke: "#a33b20", "stroke-width": 3 }, g);
  const words = t("Paying {destination}: {n} left — click your crew", { destination: pay.destination, n: pay.left });
  text(g, r.x + 10, r.y + 20, words, fit(words, { "font-size": 14, "font-weight": 700, fill: "#a33b20" }, r.w - 20));
  // The card explored, the same one the row showed: it travels here (motion.js).
  destinationCard(g, pay.destination, r.x + 10, r.y + 30, Math.min(260, r.w - 20), 86).setAttribute("data-piece", `dest:${pay.destination}`);
}

/** The decisions without a component (end turn, skip, renew…), as a row of buttons.
 * @param {Element} svg @param {Geo} geo @param {Ctx} ctx */
export function buttons(svg, geo, ctx) {
  geo.buttons.forEach((b) => {
    const g = button(svg, b.x, b.y, b.w, b.h, b.label);
    ctx.clickable(g, b.action, b.label);
  });
}

/** Skali's building market and the skáli board.
 * @param {Element} svg @param {Geo} geo @param {KnarrView} view @param {Ctx} ctx
 * @param {Places} places @param {Tag} tag */
export function buildings(svg, geo, view, ctx, places, tag) {
  const skali = view.skali;
  const at = geo.buildings;
  if (!skali || !at) return;
  tip(text(svg, 14, at.label, t("Buildings (deck {n})", { n: skali.building_deck + (skali.building_deck_bottom?.length ?? 0) }), { "font-size": 14, "font-weight": 700 }), TIPS.buildings);
  skali.buildings.forEach((b, i) => {
    const r = at.slots[i];
    if (!b) { el("rect", { ...box(r), rx: 6, class: "kn-slot-empty" }, svg); return; }
    const num = buildingNumber(b);
    const g = tag(`building:${num}`, villageCard(svg, buildingName(b), BUILDINGS[num - 1], r.x, r.y, r.w, r.h));
    tip(g, villageTip(buildingName(b), num));
    tag(`bslot:${i + 1}`, g);
    placeAt(ctx, places, `building:${num}`, g, t("develop {building}", { building: buildingName(b) }), view.phase);
  });
  const r = at.board;
  const g = villageCard(svg, t("skáli ({board})", { board: skali.skali_board }), [0, ...SKALI[skali.skali_board]], r.x, r.y, r.w, r.h);
  g.querySelector("rect")?.setAttribute("fill", "#e8dcc2");
  tip(g, villageTip(t("skáli"), 0, skali.skali_board));
  at.renew.forEach((b) => ctx.clickable(button(svg, b.x, b.y, b.w, b.h, b.label), b.action, b.label));
  if (skali.activating && at.activating) {
    const words = t("activating: {what}", { what: activatingWords(skali.activating) });
    text(svg, at.activating.x + at.activating.w, at.activating.y, words, fit(words, { "font-size": SMALL, fill: "#a33b20", "text-anchor": "end" }, at.activating.w));
  }
}

/** A row of destinations' title ("Trading Lands"), in the language spoken. @param {string} title */
function rowTitle(title) {
  switch (title) {
    case "Trading Lands": return t("Trading Lands");
    case "Lands of Influence": return t("Lands of Influence");
    default: return title;
  }
}

/** The village line being activated, in words. @param {string} what */
function activatingWords(what) {
  switch (what) {
    case "explore a Land of Influence": return t("explore a Land of Influence");
    case "explore a Trading Land": return t("explore a Trading Land");
    case "recruit into a colour already held": return t("recruit into a colour already held");
    case "recruit into a new colour": return t("recruit into a new colour");
    default: return what;
  }
}

/** Makes `node` the place of `places.get(key)` if legal, named `label` (or `label(action)`);
 * else it offers the action the place stands for at `phase` (places.js's `nearest`), which
 * answers why not (an action legal now belongs to another place or button, which offers it).
 * Returns whether the place is legal.
 * @param {Ctx} ctx @param {Places} places @param {string} key @param {Element} node
 * @param {string | ((action: import("./view.js").Action) => string)} label
 * @param {string | undefined} phase */
export function placeAt(ctx, places, key, node, label, phase) {
  const action = places.get(key);
  if (action) return ctx.clickable(node, action, typeof label === "string" ? label : label(action));
  const near = nearest(key, phase ?? "");
  if (near && !ctx.find(near.kind, near.args)) ctx.offer(node, near.kind, near.args);
  return false;
}

/** A layout rectangle as SVG attributes. @param {Rect} r */
export function box(r) {
  return { x: r.x, y: r.y, width: r.w, height: r.h };
}

