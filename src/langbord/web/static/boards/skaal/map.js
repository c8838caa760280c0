// Skåål's map: roads, the twelve regions with their dwarfs, nuggets, Ooops and Inns, and (on a
// desktop) the arrows that move a dwarf along a road.
import { el, text, chip, inkOn, tip } from "../../svg.js";
import { arrowAt, norm } from "./layout.js";
import { house, pill } from "./parts.js";
import { TIPS } from "./tips.js";

/** @typedef {import("./layout.js").SkaalLayout} SkaalLayout */
/** @typedef {{fillOf: (clan: string) => string, letterOf: (clan: string) => string, mover: string | null}} Look */
/** @typedef {(id: string, node: Element) => boolean} Wire makes `node` the place `id` (if it
 * is one now); returns whether it did */

/** Roads, each once; on a phone only those between neighbouring cells (every region lists its
 * roads in words). */
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
      tip(line, `The road between ${r.name} and ${other}. ${TIPS.road}`);
    }
  }
}

/** The regions; `wire` makes their places (`spots`, from layout.js's `places`) clickable. */
export function drawRegions(svg, v, L, last, look, wire, picked, spots) {
  const G = L.geom;
  const regionLayer = el("g", {}, svg);
  const pillLayer = el("g", {}, svg);
  const clans = v.players;
  for (const r of v.regions) {
    const n = norm(r.name);
    const { x, y } = L.pos[n];
    const classes = ["sk-region"];
    if (v.find && norm(v.find) === n) classes.push("find");
    if (r.ooops) classes.push("ooops");
    if (last.regions.includes(n)) classes.push("last-move");
    if (picked && norm(picked.from) === n) classes.push("sk-picked");
    const g = el("g", { class: classes.join(" ") }, regionLayer);
    el("rect", { class: "land hit", x: x - L.rw / 2, y: y - L.rh / 2, width: L.rw, height: L.rh, rx: 18 }, g);
    // A long name stays clear of the Inn's spot in the corner.
    const nameSize = !L.phone && r.name.length > 7 ? 15 : 17;
    text(g, x - L.rw / 2 + 9, y - L.rh / 2 + 21, r.name, { "font-size": nameSize, "font-weight": 700 });
    const roadsAt = G.roads(x, y);
    if (roadsAt) {
      const words = `roads: ${r.roads.join(" · ")}`;
      const room = L.rw - 16;
      // Squeezed to the region's width when long (about 5.6 units a letter at this size).
      const squeeze = words.length * 5.6 > room ? { textLength: room, lengthAdjust: "spacingAndGlyphs" } : {};
      tip(text(g, roadsAt.x, roadsAt.y, words, { "font-size": 11, fill: "#5a4a38", ...squeeze }), TIPS.roads);
    }
    const where = [
      `${r.name}.`,
      r.nuggets ? `${r.nuggets} nugget${r.nuggets > 1 ? "s" : ""}.` : "",
      r.ooops ? "Ooops: no more gold." : "",
      `Roads to ${r.roads.join(", ")}.`,
    ].filter(Boolean).join(" ");
    tip(g, `${where} ${TIPS.region}`);
    wire(`region:${r.name}`, g);

    // Dwarfs: one chip per clan with its count; the innkeeper's clan wears a gold ring.
    clans.filter((c) => r.dwarfs[c]).forEach((c, i) => {
      const { cx, cy } = G.chip(x, y, i);
      const dg = el("g", { "data-clan": c }, g);
      if (r.innkeeper === c) el("circle", { cx, cy, r: G.chipR + 3.5, fill: "none", stroke: "#d49a00", "stroke-width": 3.5 }, dg);
      chip(dg, cx, cy, G.chipR, look.fillOf(c), look.letterOf(c));
      text(dg, cx + G.chipR + 3, cy + 5, String(r.dwarfs[c]), { "font-size": 14, "font-weight": 700 });
      tip(dg, `${r.dwarfs[c]} ${c} dwarf${r.dwarfs[c] > 1 ? "s" : ""} in ${r.name}${r.innkeeper === c ? ", one of them the innkeeper" : ""}. ${r.innkeeper === c ? TIPS.innkeeper : TIPS.dwarfs}`);
      const hit = el("circle", { class: "hit", cx, cy, r: G.chipHit, fill: "#0000" }, dg);
      if (!wire(`chip:${r.name}:${c}`, dg)) hit.remove();
    });

    // Nuggets (harvest), Ooops, the Inn (move it) or its empty spot (build).
    if (r.nuggets > 0) {
      const b = G.nuggets(x, y);
      const ng = el("g", {}, g);
      el("rect", { x: b.x, y: b.y, width: b.w, height: b.h, rx: 8, fill: "#0000", class: "nug" }, ng);
      const cy = b.y + b.h / 2;
      el("path", { d: `M${b.x + 4},${cy + 6} l6,-12 h10 l6,12 z`, fill: "#e8b923", stroke: "#8a6d00", "stroke-width": 1.5 }, ng);
      text(ng, b.x + 28, cy + 6, `×${r.nuggets}`, { "font-size": 15, "font-weight": 700, fill: "#6b5200" });
      tip(ng, `${r.nuggets} nugget${r.nuggets > 1 ? "s" : ""} in ${r.name}. ${TIPS.nuggets}`);
      if (wire(`nuggets:${r.name}`, ng)) ng.firstElementChild?.classList.add("hit");
    }
    if (r.ooops) {
      const o = G.ooops(x, y);
      const og = el("g", {}, g);
      el("rect", { x: o.x - 24, y: o.y - 9, width: 48, height: 18, rx: 9, fill: "#c8352b" }, og);
      text(og, o.x, o.y + 5, "Ooops", { "text-anchor": "middle", "font-size": 12, "font-weight": 700, fill: "#fff" });
      tip(og, TIPS.ooops);
    }
    const ib = G.inn(x, y);
    const [hx, hy] = [ib.x + ib.w / 2, ib.y + ib.h / 2 + 1];
    const s = L.phone ? 1.25 : 1;
    if (r.inn) {
      const hg = house(g, hx, hy, look.fillOf(r.inn), look.letterOf(r.inn), s);
      tip(hg, `A Royal Inn (${r.inn}) in ${r.name}${r.innkeeper ? `, its innkeeper ${r.innkeeper}` : ""}. ${TIPS.inn}`);
      const hit = el("rect", { class: "hit", x: ib.x, y: ib.y, width: ib.w, height: ib.h, rx: 6, fill: "#0000" }, hg);
      if (!wire(`inn:${r.name}`, hg)) hit.remove();
    } else {
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

    // Harvest, step two: how many nuggets.
    if (picked && picked.kind === "harvest" && norm(picked.from) === n) {
      const prefix = `count:${r.name}:`;
      const counts = [...spots].filter(([id, e]) => id.startsWith(prefix) && e.action)
        .map(([id, e]) => ({ id, k: Number(e.action?.args.nuggets) })).sort((p, q) => p.k - q.k);
      G.counts(x, y, counts.length, L.width).forEach((b, i) => {
        const pg = pill(pillLayer, b, String(counts[i].k), "#e8b923", true);
        tip(pg, `Harvest ${counts[i].k} nugget${counts[i].k > 1 ? "s" : ""}: 1 respect each.`);
        wire(counts[i].id, pg);
      });
    }
  }
}

/** Move arrows (a desktop), one per legal move, on the road's side that points its way. */
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
    tip(ag, `Move one of your dwarfs from ${a.args.from} to ${a.args.to} along the road.`);
    wire(`arrow:${a.args.from}>${a.args.to}`, ag);
  }
}
