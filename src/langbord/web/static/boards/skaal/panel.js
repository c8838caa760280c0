// Skåål's header, die and Prospect button, key, respect track and clans.
import { el, text, chip, tip } from "../../svg.js";
import { house, diePips, pill } from "./parts.js";
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
  text(svg, 12, 24, t("Round {n}", { n: v.round }), { "font-size": 18, "font-weight": 700 });
  if (mover) {
    chip(svg, 120, 18, 12, look.fillOf(mover), look.letterOf(mover));
    const parts = [colourName(mover), phaseWord(v.phase)];
    if (v.last_income && !L.phone) parts.push(t("Inn income +{n}", { n: v.last_income }));
    text(svg, 138, 24, parts.join(" · "), { "font-size": L.phone ? 15 : 17 });
  } else if (v.phase === "over") {
    text(svg, 120, 24, t("The game is over"), { "font-size": 17, "font-weight": 700 });
  }
  const words = tn("{n} prospect before the mines close", "{n} prospects before the mines close", v.prospects_left);
  const income = mover && v.last_income ? t("Inn +{n}", { n: v.last_income }) : "";
  const left = L.phone
    ? text(svg, 12, 44, [words, income].filter(Boolean).join(" · "), { "font-size": 13, fill: "#5a4a38" })
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
  if (L.phone) text(dieG, D.x + D.w / 2, D.y + D.h + 13, t("die"), { "text-anchor": "middle", class: "sk-small" });
  else text(dieG, D.x, D.y - 8, t("Die"), { "font-size": 14, "font-weight": 700 });
  diePips(dieG, D, v.roll);
  const face = v.roll === "Ooops" ? t("Ooops") : v.roll ?? "";
  tip(dieG, v.roll ? [t("The die shows {face}.", { face }), TIPS.die].join(" ") : TIPS.die);
  const T = L.dieText;
  if (v.find) tip(text(svg, T.x, T.y, t("find: {region}", { region: v.find }), { "font-size": 14 }), TIPS.find);
  if (v.rumor_from) tip(text(svg, T.x, T.y + 20, t("rumor from {region}", { region: v.rumor_from }), { "font-size": 14, fill: "#c8352b" }), TIPS.rumor);
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
  text(svg, kx, ky, t("Key"), { "font-size": 14, "font-weight": 700 });
  tip(chip(svg, kx + 10, ky + 20, 10, "#c8352b", "R"), TIPS.dwarfs);
  text(svg, kx + 26, ky + 25, t("dwarfs of a clan"), { class: "sk-small" });
  tip(el("circle", { cx: kx + 10, cy: ky + 46, r: 13, fill: "none", stroke: "#d49a00", "stroke-width": 3.5 }, svg), TIPS.innkeeper);
  text(svg, kx + 26, ky + 51, t("innkeeper's clan"), { class: "sk-small" });
  tip(house(svg, kx + 10, ky + 72, "#2f62c8", "B"), TIPS.inn);
  text(svg, kx + 26, ky + 77, t("Royal Inn (its owner)"), { class: "sk-small" });
  tip(el("path", { d: `M${kx},${ky + 104} l6,-12 h10 l6,12 z`, fill: "#e8b923", stroke: "#8a6d00" }, svg), TIPS.nuggets);
  text(svg, kx + 26, ky + 103, t("nuggets (click: harvest)"), { class: "sk-small" });
}

/** The respect track with the accountants, the Prospecting Pawn and "mines closed".
 * @param {SVGSVGElement} svg @param {SkaalView} v @param {SkaalLayout} L @param {Targets} last
 * @param {Look} look */
export function drawTrack(svg, v, L, last, look) {
  const K = L.track;
  const end = K.end;
  const title = text(svg, 12, K.y + 16, t("Respect track"), { "font-size": 16, "font-weight": 700 });
  tip(title, TIPS.track);
  text(svg, 150, K.y + 16, L.phone ? t("(respect = space − 1; laps of {n})", { n: end }) : t("(respect = space − 1; a dark badge counts laps of {n}; accountants hop over the pawn)", { n: end }), { class: "sk-small" });
  /** @type {Record<number, [string, number][]>} the clans and laps of the accountants on a space */
  const byAccountant = {};
  for (const c of v.clans) {
    const lap = Math.floor((c.accountant - 1) / end);
    (byAccountant[((c.accountant - 1) % end) + 1] ||= []).push([c.clan, lap]);
  }
  for (let s = 1; s <= end; s++) {
    const cx = K.x + ((s - 1) % K.perRow) * K.cellW;
    const cy = K.y + 26 + Math.floor((s - 1) / K.perRow) * (K.cellH + (L.phone ? 4 : 6));
    const closed = s === v.mines_closed;
    const isPawn = s === v.pawn;
    const cell = el("g", {}, svg);
    el("rect", {
      x: cx, y: cy, width: K.cellW - 2, height: K.cellH, rx: 4,
      fill: closed ? "#5a4a38" : s > v.mines_closed ? "#efe6d2" : "#fffaf0", stroke: "#b8a88e",
      class: isPawn && last.pawn ? "last-move" : null,
    }, cell);
    text(cell, cx + 3, cy + 11, String(s), { "font-size": 10, fill: closed ? "#fff" : "#7a6a58" });
    if (closed) {
      text(cell, cx + K.cellW / 2 - 1, cy + K.cellH - 6, t("closed"), { "text-anchor": "middle", "font-size": 9, fill: "#fff" });
      tip(cell, TIPS.closed);
    }
    if (isPawn) {
      const k = K.cellH / 64;
      const pawn = el("g", { "data-piece": "pawn" }, cell);
      el("path", {
        d: `M${cx + 11},${cy + 56 * k} h14 l-3,${-16 * k} a6,6 0 1 0 -8,0 z`, fill: "#6b3f1d", stroke: "#2b1a0c",
        "stroke-width": 1.5,
      }, pawn);
      el("circle", { cx: cx + 18, cy: cy + 28 * k, r: 7, fill: "#6b3f1d", stroke: "#2b1a0c" }, pawn);
      el("title", {}, cell).textContent = t("Prospecting Pawn on space {n}", { n: s });
      tip(cell, [t("The Prospecting Pawn on space {n}.", { n: s }), TIPS.pawn].join(" "));
    }
    (byAccountant[s] || []).forEach(([c, lap], i) => {
      const ax = cx + 9 + (i % 2) * 15;
      const ay = cy + 22 + Math.floor(i / 2) * 15;
      const ag = chip(cell, ax, ay, 7.5, look.fillOf(c), look.letterOf(c), { "data-piece": `accountant:${c}` });
      const respect = { clan: colourName(c), n: s - 1 + lap * end };
      el("title", {}, ag).textContent = t("{clan}'s accountant: respect {n}", respect);
      tip(ag, [t("{clan}'s Dwarf Accountant: respect {n}.", respect), TIPS.accountant].join(" "));
      if (lap) {
        el("circle", { cx: ax + 7, cy: ay - 7, r: 6, fill: "#3b2f25" }, ag);
        text(ag, ax + 7, ay - 4, String(lap), { "text-anchor": "middle", "font-size": 8, fill: "#fff" });
      }
    });
  }
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
    text(g, B.x + 52, B.y + 23, [clan, table.you === i ? t("(you)") : "", toMove ? "◀" : ""].filter(Boolean).join(" "), { "font-size": 16, "font-weight": 700 });
    const counts = [t("respect {n}", { n: c.respect }), t("reserve {n}", { n: c.reserve }), t("Inns {n}", { n: c.inns })];
    if (c.to_place) counts.push(t("setup {n}", { n: c.to_place }));
    text(g, B.x + 52, B.y + 44, counts.join(" · "), { "font-size": 13, "data-score": `clan:${c.clan}`, "data-value": c.respect });
    const [dwarfs, inns] = [tn("{n} dwarf", "{n} dwarfs", c.reserve), tn("{n} Inn", "{n} Inns", c.inns)];
    const standing = t("{clan}: {respect} respect, {dwarfs} and {inns} in reserve.", { clan, respect: c.respect, dwarfs, inns });
    tip(g, `${standing} ${TIPS.clan}`);
  });
}
