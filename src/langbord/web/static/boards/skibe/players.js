// Skibe's players (Chieftains in hand, sterns, points) and the score sheet.
import { el, text, chip, colour, mark, tip } from "../../svg.js";
import { KINDS, SHEET_KINDS } from "./layout.js";
import { token } from "./parts.js";
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
      text(svg, R.box.x + 40, R.box.y + 18, `${name}${you}`, { "font-size": 14, "font-weight": 700 });
      text(svg, R.box.x + 40, R.box.y + 35, points, { "font-size": 13, "data-score": `player:${i}`, "data-value": v.scores[i] });
    }
    const hand = v.hands[i];
    KINDS.forEach((k, j) => {
      const has = hand.chieftains.includes(k);
      token(svg, R.tokens[j], p, k, { ghost: !has, letter: false, where: "hand" }).classList.add("sb-inert");
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

/** The score sheet: a row per evaluation (the last one framed after a stern), and the totals.
 * @param {SVGSVGElement} svg @param {SkibeView} v @param {SkibeLayout} L @param {BoardContext} ctx */
function drawSheet(svg, v, L, ctx) {
  const S = L.sheet;
  const sheet = el("g", {}, svg);
  tip(sheet, TIPS.sheet);
  text(sheet, S.x, S.y + 14, t("Score sheet"), { "font-size": 15, "font-weight": 700 });
  const colX = (/** @type {number} */ i) => S.x + S.labelW + i * S.colW;
  v.players.forEach((p, i) => chip(sheet, colX(i), S.y + 30, 9, colour(p), mark(p)));
  const lastKind = ctx.last?.kind;
  const lastSheet = lastKind && SHEET_KINDS.has(lastKind) ? v.sheet.length - 1 : -1;
  const maxLabel = L.phone ? 20 : 26;
  v.sheet.forEach((row, r) => {
    const y = S.y + 56 + r * S.row;
    if (r % 2 === 0) el("rect", { x: S.x - 4, y: y - 15, width: S.w, height: S.row, fill: "#e3eaec" }, sheet);
    const words = sheetLabel(row.label, L.phone);
    const label = words.length > maxLabel ? `${words.slice(0, maxLabel - 1)}…` : words;
    text(sheet, S.x, y, label, { "font-size": 13 });
    row.points.forEach((pt, i) => text(sheet, colX(i), y, String(pt), { "text-anchor": "middle", "font-size": 13 }));
    if (r === lastSheet && lastKind === "stern") el("rect", { x: S.x - 4, y: y - 15, width: S.w, height: S.row, fill: "none", stroke: "#f0a000", "stroke-width": 3, class: "last-move" }, sheet);
  });
  const ty = S.y + 56 + v.sheet.length * S.row + 4;
  el("line", { x1: S.x - 4, y1: ty - 15, x2: S.x + S.w - 4, y2: ty - 15, stroke: "#2b2118" }, sheet);
  text(sheet, S.x, ty, t("total"), { "font-size": 13, "font-weight": 700 });
  v.scores.forEach((pt, i) => text(sheet, colX(i), ty, String(pt), { "text-anchor": "middle", "font-size": 14, "font-weight": 700 }));
}
