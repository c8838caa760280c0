// Skåål's header, die and Prospect button, key, respect track and clans.
import { el, text, chip, tip, inkOn } from "../../svg.js";
import { house, diePips, fitted, pill } from "./parts.js";
import { textWidth, trackSlots } from "./layout.js";
import { TIPS, phaseWord } from "./tips.js";
import { t, tn } from "../../i18n.js";
import { colourName } from "../../names.js";

/** @typedef {import("./layout.js").SkaalLayout} SkaalLayout */
/** @typedef {import("./layout.js").SkaalView} SkaalView */
/** @typedef {import("./layout.js").Targets} Targets */
/** @typedef {import("./map.js").Look} Look */
/** @typedef {import("./map.js").Wire} Wire */

/** Who is to move, the round, the prospects left.
 * @param {SVGSVGElement} svg @param {SkaalView} v @param {SkaalLayout} L @param {Look} look */
export function drawHeader(svg, v, L, look) {
  const mover = look.mover;
  const round = t("Round {n}", { n: v.round });
  text(svg, 12, 24, round, { "font-size": 18, "font-weight": 700 });
  // Who moves, after the round's words (their width estimated, so long rounds push it on).
  const after = 12 + textWidth(round, 18, true) + 14;
  if (mover) {
    chip(svg, after + 13, 18, 13, look.fillOf(mover), look.letterOf(mover));
    const parts = [colourName(mover), phaseWord(v.phase)];
    if (v.last_income && !L.phone) parts.push(t("Inn income +{n}", { n: v.last_income }));
    text(svg, after + 31, 24, parts.join(" · "), { "font-size": L.phone ? 15 : 17 });
  } else if (v.phase === "over") {
    text(svg, after, 24, t("The game is over"), { "font-size": 17, "font-weight": 700 });
  }
  const words = tn("{n} prospect before the mines close", "{n} prospects before the mines close", v.prospects_left);
  const income = mover && v.last_income ? t("Inn +{n}", { n: v.last_income }) : "";
  const left = L.phone
    ? fitted(svg, 12, 44, [words, income].filter(Boolean).join(" · "), L.width - 24, { "font-size": 13, fill: "#5a4a38" })
    : text(svg, L.width - 16, 24, words, { "text-anchor": "end", "font-size": 15, fill: "#5a4a38" });
  tip(left, TIPS.closed);
}

/** The die, the find and the rumor, and the Prospect button; `wire` makes them clickable.
 * @param {SVGSVGElement} svg @param {SkaalView} v @param {SkaalLayout} L @param {Targets} last
 * @param {Wire} wire */
export function drawDie(svg, v, L, last, wire) {
  const D = L.die;
  // It rolls (motion.js) when its face changed, or when the move shown is a roll.
  const dieG = el("g", { class: last.die ? "last-move" : "", "data-roll": `${v.roll ?? ""}${last.die ? "!" : ""}` }, svg);
  // On a phone the die has no caption: its tooltip names it, and the Prospect button is beside it.
  if (!L.phone) text(dieG, D.x, D.y - 8, t("Die"), { "font-size": 14, "font-weight": 700 });
  diePips(dieG, D, v.roll);
  const face = v.roll === "Ooops" ? t("Ooops") : v.roll ?? "";
  tip(dieG, v.roll ? [t("The die shows {face}.", { face }), TIPS.die].join(" ") : TIPS.die);
  const T = L.dieText;
  if (v.find) tip(fitted(svg, T.x, T.y, t("find: {region}", { region: v.find }), T.room, { "font-size": 14 }), TIPS.find);
  if (v.rumor_from) tip(fitted(svg, T.x, T.y + 20, t("rumor from {region}", { region: v.rumor_from }), T.room, { "font-size": 14, fill: "#c8352b" }), TIPS.rumor);
  if (wire("die", dieG)) {
    const pg = pill(svg, L.prospect, t("Prospect"), "#2f6f5e");
    tip(pg, TIPS.prospect);
    wire("die", pg);
  }
}

/** The key to the map's symbols (a desktop; on a phone every symbol explains itself on tap).
 * @param {SVGSVGElement} svg @param {SkaalLayout} L */
export function drawKey(svg, L) {
  if (!L.key) return;
  const { x: kx, y: ky } = L.key;
  const small = { "font-size": L.small, fill: "#5a4a38" };
  const room = L.width - 8 - (kx + 30);
  text(svg, kx, ky, t("Key"), { "font-size": 14, "font-weight": 700 });
  tip(chip(svg, kx + 12, ky + 20, 13, "#c8352b", "R"), TIPS.dwarfs);
  fitted(svg, kx + 30, ky + 25, t("dwarfs of a clan"), room, small);
  tip(el("circle", { cx: kx + 12, cy: ky + 47, r: 12, fill: "none", stroke: "#d49a00", "stroke-width": 3.5 }, svg), TIPS.innkeeper);
  fitted(svg, kx + 30, ky + 52, t("innkeeper's clan"), room, small);
  tip(house(svg, kx + 12, ky + 74, "#2f62c8", "B"), TIPS.inn);
  fitted(svg, kx + 30, ky + 79, t("Royal Inn (its owner)"), room, small);
  tip(el("path", { d: `M${kx + 1},${ky + 101} l6,-12 h10 l6,12 z`, fill: "#e8b923", stroke: "#8a6d00" }, svg), TIPS.nuggets);
  fitted(svg, kx + 30, ky + 100, t("nuggets (click: harvest)"), room, small);
}

/** The respect track with the accountants, the Prospecting Pawn and the space where the mines
 * close (dark, hatched).
 * @param {SVGSVGElement} svg @param {SkaalView} v @param {SkaalLayout} L @param {Targets} last
 * @param {Look} look */
export function drawTrack(svg, v, L, last, look) {
  const K = L.track;
  const end = K.end;
  const title = text(svg, 12, K.y + 16, t("Respect track"), { "font-size": 16, "font-weight": 700 });
  tip(title, TIPS.track);
  const caption = L.phone ? t("(respect = space − 1; laps of {n})", { n: end }) : t("(respect = space − 1; a dark badge counts laps of {n}; accountants hop over the pawn)", { n: end });
  fitted(svg, K.caption.x, K.caption.y, caption, L.width - 8 - K.caption.x, { "font-size": L.small, fill: "#5a4a38" });
  /** @type {Record<number, import("./layout.js").Accountant[]>} the accountants on a space */
  const byAccountant = {};
  for (const c of v.clans) {
    const lap = Math.floor((c.accountant - 1) / end);
    (byAccountant[((c.accountant - 1) % end) + 1] ||= []).push({ clan: c.clan, lap });
  }
  for (let s = 1; s <= end; s++) {
    const at = {
      x: K.x + ((s - 1) % K.perRow) * K.cellW,
      y: K.top + Math.floor((s - 1) / K.perRow) * (K.cellH + K.gap),
    };
    drawSpace(svg, v, L, s, at, { last, look, here: byAccountant[s] || [] });
  }
}

/** What a space of the track is drawn with: the move shown, the clans' look, its accountants.
 * @typedef {{last: Targets, look: Look, here: import("./layout.js").Accountant[]}} SpaceWith */

/** Space `s` of the track in the cell at (x, y): its number (unless its accountants need the
 * room), the pawn, the accountants (see layout.js's `trackSlots`).
 * @param {SVGSVGElement} svg @param {SkaalView} v @param {SkaalLayout} L @param {number} s
 * @param {{x: number, y: number}} at @param {SpaceWith} with_ */
function drawSpace(svg, v, L, s, { x, y }, { last, look, here }) {
  const K = L.track;
  const closed = s === v.mines_closed;
  const isPawn = s === v.pawn;
  const cell = el("g", {}, svg);
  el("rect", {
    x, y, width: K.cellW - 2, height: K.cellH, rx: 4,
    fill: closed ? "#5a4a38" : s > v.mines_closed ? "#efe6d2" : "#fffaf0", stroke: "#b8a88e",
    class: isPawn && last.pawn ? "last-move" : null,
  }, cell);
  if (closed) {
    hatch(cell, x, y, K.cellW - 2, K.cellH);
    tip(cell, TIPS.closed);
  }
  const { slots, number } = trackSlots(here, K.slotRows, isPawn);
  if (number) text(cell, x + 2.5, y + K.font + 1, String(s), { "font-size": K.font, fill: closed ? "#fff" : "#7a6a58" });
  if (isPawn) drawPawn(cell, L, s, { x, y }, here.length > 0);
  for (const slot of slots) drawAccountant(cell, L, s, { x, y }, slot, look);
}

/** Light stripes across the cell (x, y, w, h): where the mines close, as well as its dark fill.
 * @param {Element} parent @param {number} x @param {number} y @param {number} w @param {number} h */
function hatch(parent, x, y, w, h) {
  const g = el("g", { stroke: "#fff4", "stroke-width": 2 }, parent);
  for (let d = 6; d < w + h; d += 8) {
    // The line x + (y + h) - Y = d, from the bottom or left edge to the top or right edge.
    const [x1, y1] = d <= h ? [x, y + h - d] : [x + d - h, y];
    const [x2, y2] = d <= w ? [x + d, y + h] : [x + w, y + h - (d - w)];
    el("line", { x1, y1, x2, y2 }, g);
  }
}

/** The Prospecting Pawn on space `s`: the cell's right column, its top slot only when
 * accountants (lapped ones) share the space.
 * @param {Element} cell @param {SkaalLayout} L @param {number} s @param {{x: number, y: number}} at
 * @param {boolean} shared */
function drawPawn(cell, L, s, { x, y }, shared) {
  const K = L.track;
  const h = shared ? K.slotH - 2 : Math.min(32, K.cellH - 4);
  const top = shared ? y + 2 : y + K.cellH - 2 - h;
  // Against the cell's right edge, clear of a two-digit number.
  const px = x + K.cellW - 2 - 9;
  const r = Math.min(5.5, h / 5);
  const pawn = el("g", { "data-piece": "pawn" }, cell);
  el("path", {
    d: `M${px - 6},${top + h} h12 l-3,${-(h - 2 * r)} a${r},${r} 0 1 0 -6,0 z`, fill: "#6b3f1d", stroke: "#2b1a0c",
    "stroke-width": 1.5,
  }, pawn);
  el("circle", { cx: px, cy: top + r + 1, r, fill: "#6b3f1d", stroke: "#2b1a0c" }, pawn);
  el("title", {}, cell).textContent = t("Prospecting Pawn on space {n}", { n: s });
  tip(cell, [t("The Prospecting Pawn on space {n}.", { n: s }), TIPS.pawn].join(" "));
}

/** An accountant in its slot of the cell at (x, y): a counter of its clan's colour with its
 * letter and, once it has lapped the track, a dark badge with the laps beside it.
 * @param {Element} cell @param {SkaalLayout} L @param {number} s @param {{x: number, y: number}} at
 * @param {import("./layout.js").Slot} slot @param {Look} look */
function drawAccountant(cell, L, s, { x, y }, slot, look) {
  const K = L.track;
  const [sx, sy] = [x + slot.col * K.slotW, y + 1 + slot.row * K.slotH];
  const fill = look.fillOf(slot.clan);
  const ag = el("g", { "data-piece": `accountant:${slot.clan}` }, cell);
  const lapped = slot.crowded ? { stroke: "#3b2f25", "stroke-width": 3 } : { stroke: "#0008" };
  el("rect", { x: sx + 1, y: sy + 0.5, width: K.slotW - 2, height: K.slotH - 1, rx: 4, fill, ...lapped }, ag);
  const base = sy + K.slotH / 2 + K.font * 0.35;
  text(ag, sx + K.slotW / 2, base, look.letterOf(slot.clan), { "text-anchor": "middle", "font-size": K.font, "font-weight": 700, fill: inkOn(fill) });
  if (slot.wide) {
    el("rect", { x: sx + K.slotW, y: sy + 0.5, width: K.slotW - 2, height: K.slotH - 1, rx: 4, fill: "#3b2f25" }, ag);
    text(ag, sx + K.slotW * 1.5 - 1, base, String(slot.lap), { "text-anchor": "middle", "font-size": K.font, "font-weight": 700, fill: "#fff" });
  }
  const respect = { clan: colourName(slot.clan), n: s - 1 + slot.lap * K.end };
  el("title", {}, ag).textContent = t("{clan}'s accountant: respect {n}", respect);
  tip(ag, [t("{clan}'s Dwarf Accountant: respect {n}.", respect), TIPS.accountant].join(" "));
}

/** The clans: respect, reserve, Inns in reserve, setup dwarfs left.
 * @param {SVGSVGElement} svg @param {import("../../types.js").Table} table @param {SkaalView} v
 * @param {SkaalLayout} L @param {Look} look */
export function drawClans(svg, table, v, L, look) {
  v.clans.forEach((c, i) => {
    const B = L.clans[i];
    const toMove = v.to_move === i;
    const g = el("g", { "data-place": `clan:${c.clan}` }, svg);
    el("rect", {
      x: B.x, y: B.y, width: B.w, height: B.h, rx: 10, fill: toMove ? "#fff1b8" : "#fffdf8",
      stroke: toMove ? "#2f6f5e" : "#d8ccb8", "stroke-width": toMove ? 3 : 1,
    }, g);
    chip(g, B.x + 26, B.y + B.h / 2, 17, look.fillOf(c.clan), look.letterOf(c.clan));
    const clan = colourName(c.clan);
    const top = B.y + B.h / 2 - 4;
    text(g, B.x + 52, top, [clan, table.you === i ? t("(you)") : "", toMove ? "◀" : ""].filter(Boolean).join(" "), { "font-size": 16, "font-weight": 700 });
    // The setup dwarfs left at the name's row's end; the counts under it.
    const size = L.phone ? 13 : 14;
    if (c.to_place) text(g, B.x + B.w - 10, top, t("setup {n}", { n: c.to_place }), { "text-anchor": "end", "font-size": size });
    const counts = [t("respect {n}", { n: c.respect }), t("reserve {n}", { n: c.reserve }), t("Inns {n}", { n: c.inns })];
    fitted(g, B.x + 52, top + size + 6, counts.join(" · "), B.w - 62, { "font-size": size, "data-score": `clan:${c.clan}`, "data-value": c.respect });
    const [dwarfs, inns] = [tn("{n} dwarf", "{n} dwarfs", c.reserve), tn("{n} Inn", "{n} Inns", c.inns)];
    const standing = t("{clan}: {respect} respect, {dwarfs} and {inns} in reserve.", { clan, respect: c.respect, dwarfs, inns });
    tip(g, `${standing} ${TIPS.clan}`);
  });
}
