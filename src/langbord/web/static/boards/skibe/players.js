// Skibe's players (Chieftains in hand, sterns, points) and the score sheet.
import { el, text, chip, colour, mark, tip } from "../../svg.js";
import { KINDS, SHEET_KINDS } from "./layout.js";
import { squeeze, token, widthOf } from "./parts.js";
import { TIPS, sheetLabel } from "./tips.js";
import { t, tn } from "../../i18n.js";
import { colourName } from "../../names.js";

/** @typedef {import("../../types.js").Table} Table */
/** @typedef {import("../../svg.js").BoardContext} BoardContext */
/** @typedef {import("./layout.js").SkibeLayout} SkibeLayout */
/** @typedef {import("./layout.js").SkibeView} SkibeView */

/** Draws the players' rows and the score sheet where `L` says.
 * @param {SVGSVGElement} svg @param {Table} table @param {SkibeView} v @param {SkibeLayout} L
 * @param {BoardContext} ctx */
export function drawPlayers(svg, table, v, L, ctx) {
  const youWord = t("(you)");
  text(svg, 16, L.players.y + 14, t("Players"), { "font-size": 15, "font-weight": 700 });
  v.players.forEach((p, i) => {
    const R = L.players.rows[i];
    const toMove = v.to_move === i;
    const row = el("rect", { "data-place": `player:${i}`, x: R.box.x, y: R.box.y, width: R.box.w, height: R.box.h, rx: 8, fill: toMove ? "#fff1b8" : "#fbfcfc", stroke: toMove ? "#2f6f5e" : "#cfd8da", "stroke-width": toMove ? 2.5 : 1 }, svg);
    const name = colourName(p);
    tip(row, [tn("{player}: {n} point.", "{player}: {n} points.", v.scores[i], { player: name }), TIPS.player].join(" "));
    const you = table.you === i ? ` ${youWord}` : "";
    const points = tn("{n} point", "{n} points", v.scores[i]);
    chip(svg, R.box.x + 20, R.box.y + 21, 14, colour(p), mark(p));
    if (L.phone) {
      text(svg, R.box.x + 40, R.box.y + 20, `${name}${you} · ${points}`, { "font-size": 14, "font-weight": 700, "data-score": `player:${i}`, "data-value": v.scores[i] });
    } else {
      const who = `${name}${you}`;
      text(svg, R.box.x + 40, R.box.y + 18, who, { "font-size": 14, "font-weight": 700, ...squeeze(who, 14, R.tokens[0].x - R.box.x - 46) });
      text(svg, R.box.x + 40, R.box.y + 35, points, { "font-size": L.font, "data-score": `player:${i}`, "data-value": v.scores[i] });
    }
    const hand = v.hands[i];
    KINDS.forEach((k, j) => {
      const has = hand.chieftains.includes(k);
      token(svg, R.tokens[j], p, k, { ghost: !has, letter: false, where: "hand", font: L.font }).classList.add("sb-inert");
    });
    const sterns = el("g", {}, svg);
    for (let j = 0; j < 2; j++) {
      el("path", {
        d: `M${R.sterns.x + j * 30},${R.sterns.y} h12 q12,4 12,14 q0,12 -12,16 h-12 z`,
        fill: j < hand.sterns ? colour(p) : "none", stroke: j < hand.sterns ? "#2b2118" : "#b8a88e", "stroke-dasharray": j < hand.sterns ? null : "3 2",
      }, sterns);
    }
    tip(sterns, [tn("{player} has {n} stern card left.", "{player} has {n} stern cards left.", hand.sterns, { player: name }), TIPS.sternHand].join(" "));
  });
  if (!L.phone) text(svg, L.players.rows[0].sterns.x, L.players.y + 14, t("sterns"), { class: "sb-small" });
  drawSheet(svg, v, L, ctx);
}

/** A label at font `size` that fits `room` units: `words`, else its `short` form, else that
 * cut with "…".
 * @param {string} words @param {string} short @param {number} size @param {number} room */
function shortened(words, short, size, room) {
  const fits = (/** @type {string} */ w) => widthOf(w, size, true) <= room;
  if (fits(words)) return words;
  let cut = short;
  while (!fits(cut) && cut.length > 1) cut = `${cut.slice(0, cut.endsWith("…") ? -2 : -1)}…`;
  return cut;
}

/** The score sheet: a row per evaluation (the last one framed after a stern), and the totals.
 * @param {SVGSVGElement} svg @param {SkibeView} v @param {SkibeLayout} L @param {BoardContext} ctx */
function drawSheet(svg, v, L, ctx) {
  const S = L.sheet;
  const sheet = el("g", {}, svg);
  tip(sheet, TIPS.sheet);
  text(sheet, S.x, S.y + 14, t("Score sheet"), { "font-size": 15, "font-weight": 700 });
  const colX = (/** @type {number} */ i) => S.x + S.labelW + i * S.colW;
  // A chip's letter is 1.05 × its radius: the least font size.
  v.players.forEach((p, i) => chip(sheet, colX(i), S.y + 30, Math.ceil(L.font / 1.05), colour(p), mark(p)));
  const lastKind = ctx.last?.kind;
  const lastSheet = lastKind && SHEET_KINDS.has(lastKind) ? v.sheet.length - 1 : -1;
  v.sheet.forEach((row, r) => {
    const y = S.y + 56 + r * S.row;
    if (r % 2 === 0) el("rect", { x: S.x - 4, y: y - 15, width: S.w, height: S.row, fill: "#e3eaec" }, sheet);
    const words = sheetLabel(row.label);
    const label = shortened(words, sheetLabel(row.label, true), L.font, S.labelW - 14);
    tip(text(sheet, S.x, y, label, { "font-size": L.font }), label === words ? "" : words);
    row.points.forEach((pt, i) => text(sheet, colX(i), y, String(pt), { "text-anchor": "middle", "font-size": L.font }));
    if (r === lastSheet && lastKind === "stern") el("rect", { x: S.x - 4, y: y - 15, width: S.w, height: S.row, fill: "none", stroke: "#f0a000", "stroke-width": 3, class: "last-move" }, sheet);
  });
  const ty = S.y + 56 + v.sheet.length * S.row + 4;
  el("line", { x1: S.x - 4, y1: ty - 15, x2: S.x + S.w - 4, y2: ty - 15, stroke: "#2b2118" }, sheet);
  text(sheet, S.x, ty, t("total"), { "font-size": L.font, "font-weight": 700 });
  v.scores.forEach((pt, i) => text(sheet, colX(i), ty, String(pt), { "text-anchor": "middle", "font-size": 14, "font-weight": 700 }));
}
