// Skåål's map: roads, the twelve regions with their dwarfs, nuggets, Ooops and Inns, and (on a
// desktop) the arrows that move a dwarf along a road.
import { el, text, chip, inkOn, tip } from "../../svg.js";
import { arrowAt, norm, textWidth, wrapWords } from "./layout.js";
import { fitted, house, pill } from "./parts.js";
import { TIPS } from "./tips.js";
import { t, tn } from "../../i18n.js";
import { colourName } from "../../names.js";

/** @typedef {import("./layout.js").SkaalLayout} SkaalLayout */
/** @typedef {import("./layout.js").SkaalView} SkaalView */
/** @typedef {import("./layout.js").SkaalRegion} SkaalRegion */
/** @typedef {import("./layout.js").Targets} Targets */
/** @typedef {import("./layout.js").Pick} Pick */
/** @typedef {import("./layout.js").PlaceEntry} PlaceEntry */
/** @typedef {import("./layout.js").Action} Action */
/** @typedef {{fillOf: (clan: string) => string, letterOf: (clan: string) => string, mover: string | null}} Look */
/** @typedef {(id: string, node: Element) => boolean} Wire makes `node` the place `id` (if it
 * is one now); returns whether it did */

/** Roads, each once; on a phone only those between neighbouring cells (every region lists its
 * roads in words).
 * @param {SVGSVGElement} svg @param {SkaalView} v @param {SkaalLayout} L @param {Targets} last */
export function drawRoads(svg, v, L, last) {
  const roads = el("g", {}, svg);
  const rumorRoad = v.rumor_from && v.find ? [norm(v.rumor_from), norm(v.find)].sort().join("|") : null;
  const lastRoad = last.road ? [...last.road].sort().join("|") : null;
  const drawn = new Set();
  for (const r of v.regions) {
    for (const other of r.roads) {
      const [a, b] = [norm(r.name), norm(other)];
      const id = [a, b].sort().join("|");
      if (drawn.has(id) || !L.pos[b]) continue;
      drawn.add(id);
      const [p, q] = [L.pos[a], L.pos[b]];
      if (L.phone && (Math.abs(p.x - q.x) > L.rw + 60 || Math.abs(p.y - q.y) > L.rh + 40)) continue;
      const line = el("line", {
        class: `sk-road${id === rumorRoad ? " rumor" : ""}`, x1: p.x, y1: p.y, x2: q.x, y2: q.y,
        stroke: id === lastRoad && id !== rumorRoad ? "#f0a000" : null,
      }, roads);
      tip(line, [t("The road between {a} and {b}.", { a: r.name, b: other }), TIPS.road].join(" "));
    }
  }
}

/** A region being drawn: its group, its view and its centre.
 * @typedef {{g: SVGGElement, r: SkaalRegion, x: number, y: number}} At */

/** The regions; `wire` makes their places (`spots`, from layout.js's `places`) clickable.
 * @param {SVGSVGElement} svg @param {SkaalView} v @param {SkaalLayout} L @param {Targets} last
 * @param {Look} look @param {Wire} wire @param {Pick | null} picked
 * @param {Map<string, PlaceEntry>} spots */
export function drawRegions(svg, v, L, last, look, wire, picked, spots) {
  const regionLayer = el("g", {}, svg);
  const pillLayer = el("g", {}, svg);
  for (const r of v.regions) {
    const n = norm(r.name);
    const { x, y } = L.pos[n];
    const classes = ["sk-region"];
    if (v.find && norm(v.find) === n) classes.push("find");
    if (r.ooops) classes.push("ooops");
    if (last.regions.includes(n)) classes.push("last-move");
    if (picked && norm(picked.from) === n) classes.push("sk-picked");
    const at = { g: el("g", { class: classes.join(" "), "data-place": `region:${n}` }, regionLayer), r, x, y };
    drawLand(at, L, wire);
    drawDwarfs(at, v.players, L, look, wire);
    // Nuggets (harvest), Ooops, the Inn (move it) or its empty spot (build).
    if (r.nuggets > 0) drawNuggets(at, L, wire);
    if (r.ooops) drawOoops(at, L);
    drawInn(at, L, look, wire);
    // Harvest, step two: how many nuggets.
    if (picked && picked.kind === "harvest" && norm(picked.from) === n) drawCounts(pillLayer, at, L, wire, spots);
  }
}

/** The region's land, name and roads; the region is a place (place, find, where to move).
 * @param {At} at @param {SkaalLayout} L @param {Wire} wire */
function drawLand({ g, r, x, y }, L, wire) {
  el("rect", { class: "land hit", x: x - L.rw / 2, y: y - L.rh / 2, width: L.rw, height: L.rh, rx: 18 }, g);
  // A long name stays clear of the Inn's spot in the corner.
  const nameSize = !L.phone && r.name.length > 7 ? 15 : 17;
  text(g, x - L.rw / 2 + 9, y - L.rh / 2 + 21, r.name, { "font-size": nameSize, "font-weight": 700 });
  const roadsAt = L.geom.roads(x, y);
  if (roadsAt) {
    const words = t("roads: {regions}", { regions: r.roads.join(" · ") });
    const lines = wrapWords(words, roadsAt.size, roadsAt.room, roadsAt.lines);
    const list = el("g", {}, g);
    lines.forEach((line, i) => {
      fitted(list, roadsAt.x, roadsAt.y + i * roadsAt.lineH, line, roadsAt.room, { "font-size": roadsAt.size, fill: "#5a4a38" });
    });
    tip(list, TIPS.roads);
  }
  const where = [
    `${r.name}.`,
    r.nuggets ? tn("{n} nugget.", "{n} nuggets.", r.nuggets) : "",
    r.ooops ? t("Ooops: no more gold.") : "",
    t("Roads to {regions}.", { regions: r.roads.join(", ") }),
  ].filter(Boolean).join(" ");
  tip(g, `${where} ${TIPS.region}`);
  wire(`region:${r.name}`, g);
}

/** Dwarfs: one chip per clan with its count; the innkeeper's clan wears a gold ring.
 * @param {At} at @param {string[]} clans @param {SkaalLayout} L @param {Look} look
 * @param {Wire} wire */
function drawDwarfs({ g, r, x, y }, clans, L, look, wire) {
  const G = L.geom;
  clans.filter((c) => r.dwarfs[c]).forEach((c, i) => {
    const { cx, cy } = G.chip(x, y, i);
    const dg = el("g", { "data-clan": c }, g);
    const keeper = r.innkeeper === c;
    if (keeper) el("circle", { cx, cy, r: G.chipR + 3, fill: "none", stroke: "#d49a00", "stroke-width": 3 }, dg);
    chip(dg, cx, cy, G.chipR, look.fillOf(c), look.letterOf(c));
    // The count clear of the innkeeper's ring.
    text(dg, cx + G.chipR + (keeper ? 6 : 3), cy + 5, String(r.dwarfs[c]), { "font-size": 14, "font-weight": 700 });
    const here = { clan: colourName(c), region: r.name };
    const who = keeper
      ? tn("{n} {clan} dwarf in {region}, one of them the innkeeper.", "{n} {clan} dwarfs in {region}, one of them the innkeeper.", r.dwarfs[c], here)
      : tn("{n} {clan} dwarf in {region}.", "{n} {clan} dwarfs in {region}.", r.dwarfs[c], here);
    tip(dg, `${who} ${keeper ? TIPS.innkeeper : TIPS.dwarfs}`);
    const hit = el("circle", { class: "hit", cx, cy, r: G.chipHit, fill: "#0000" }, dg);
    if (!wire(`chip:${r.name}:${c}`, dg)) hit.remove();
  });
}

/** The region's nuggets (harvest).
 * @param {At} at @param {SkaalLayout} L @param {Wire} wire */
function drawNuggets({ g, r, x, y }, L, wire) {
  const b = L.geom.nuggets(x, y);
  const ng = el("g", {}, g);
  el("rect", { x: b.x, y: b.y, width: b.w, height: b.h, rx: 8, fill: "#0000", class: "nug" }, ng);
  const cy = b.y + b.h / 2;
  el("path", { d: `M${b.x + 4},${cy + 6} l6,-12 h10 l6,12 z`, fill: "#e8b923", stroke: "#8a6d00", "stroke-width": 1.5 }, ng);
  text(ng, b.x + 28, cy + 6, `×${r.nuggets}`, { "font-size": 15, "font-weight": 700, fill: "#6b5200" });
  tip(ng, [tn("{n} nugget in {region}.", "{n} nuggets in {region}.", r.nuggets, { region: r.name }), TIPS.nuggets].join(" "));
  if (wire(`nuggets:${r.name}`, ng)) ng.firstElementChild?.classList.add("hit");
}

/** The Ooops badge of an exhausted region.
 * @param {At} at @param {SkaalLayout} L */
function drawOoops({ g, x, y }, L) {
  const o = L.geom.ooops(x, y);
  const og = el("g", {}, g);
  const words = t("Ooops");
  const w = Math.max(48, textWidth(words, L.small, true) + 12);
  el("rect", { x: o.x - w / 2, y: o.y - 10, width: w, height: 20, rx: 10, fill: "#c8352b" }, og);
  text(og, o.x, o.y + 5, words, { "text-anchor": "middle", "font-size": L.small, "font-weight": 700, fill: "#fff" });
  tip(og, TIPS.ooops);
}

/** The region's Inn (move it), or its empty spot (build; none unless it can be built).
 * @param {At} at @param {SkaalLayout} L @param {Look} look @param {Wire} wire */
function drawInn({ g, r, x, y }, L, look, wire) {
  const ib = L.geom.inn(x, y);
  const [hx, hy] = [ib.x + ib.w / 2, ib.y + ib.h / 2 + 1];
  const s = L.phone ? 1.25 : 1;
  if (r.inn) {
    const hg = house(g, hx, hy, look.fillOf(r.inn), look.letterOf(r.inn), s);
    hg.classList.add("sk-inn");
    const inn = { clan: colourName(r.inn), region: r.name, keeper: colourName(r.innkeeper ?? "") };
    const what = r.innkeeper ? t("A Royal Inn ({clan}) in {region}, its innkeeper {keeper}.", inn) : t("A Royal Inn ({clan}) in {region}.", inn);
    tip(hg, `${what} ${TIPS.inn}`);
    const hit = el("rect", { class: "hit", x: ib.x, y: ib.y, width: ib.w, height: ib.h, rx: 6, fill: "#0000" }, hg);
    if (!wire(`inn:${r.name}`, hg)) hit.remove();
    return;
  }
  const bg = el("g", {}, g);
  el("rect", { class: "hit", x: ib.x, y: ib.y, width: ib.w, height: ib.h, rx: 6, fill: "#fff8" }, bg);
  el("path", {
    d: `M${hx - 11 * s},${hy + 9 * s} v${-11 * s} l${11 * s},${-9 * s} l${11 * s},${9 * s} v${11 * s} z`, fill: "none", stroke: look.mover ? look.fillOf(look.mover) : "#555",
    "stroke-width": 2.5, "stroke-dasharray": "4 2",
  }, bg);
  text(bg, hx, hy + 6, "+", { "text-anchor": "middle", "font-size": 14, "font-weight": 700 });
  tip(bg, TIPS.build);
  if (!wire(`inn:${r.name}`, bg)) bg.remove();
}

/** Harvest, step two: a pill for each number of nuggets to harvest in the picked region.
 * @param {SVGGElement} pillLayer @param {At} at @param {SkaalLayout} L @param {Wire} wire
 * @param {Map<string, PlaceEntry>} spots */
function drawCounts(pillLayer, { r, x, y }, L, wire, spots) {
  const prefix = `count:${r.name}:`;
  const counts = [...spots].filter(([id, e]) => id.startsWith(prefix) && e.action)
    .map(([id, e]) => ({ id, k: Number(e.action?.args.nuggets) })).sort((p, q) => p.k - q.k);
  L.geom.counts(x, y, counts.length, L.width).forEach((b, i) => {
    const pg = pill(pillLayer, b, String(counts[i].k), "#e8b923", true);
    tip(pg, tn("Harvest {n} nugget: 1 respect each.", "Harvest {n} nuggets: 1 respect each.", counts[i].k));
    wire(counts[i].id, pg);
  });
}

/** Move arrows (a desktop), one per legal move, on the road's side that points its way.
 * @param {SVGSVGElement} svg @param {SkaalView} v @param {SkaalLayout} L @param {Look} look
 * @param {Wire} wire @param {Action[]} moves */
export function drawArrows(svg, v, L, look, wire, moves) {
  const arrows = el("g", {}, svg);
  for (const a of moves) {
    const at = arrowAt(L, a.args.from, a.args.to);
    if (!at) continue;
    const { cx, cy, r, angle } = at;
    const fill = look.mover ? look.fillOf(look.mover) : "#555";
    const ag = el("g", {}, arrows);
    el("circle", { class: "hit", cx, cy, r, fill, stroke: "#0008" }, ag);
    el("path", { d: "M-6,-6 L7,0 L-6,6 z", fill: inkOn(fill), transform: `translate(${cx},${cy}) rotate(${angle})` }, ag);
    tip(ag, t("Move one of your dwarfs from {from} to {to} along the road.", { from: a.args.from, to: a.args.to }));
    wire(`arrow:${a.args.from}>${a.args.to}`, ag);
  }
}
