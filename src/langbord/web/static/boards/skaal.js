// Skåål's board: the twelve regions and their roads, the dwarfs of every clan, nuggets, Ooops,
// Inns and innkeepers, the die, the respect track with the accountants and the Prospecting Pawn.
//
// Clickable: a region (place, find), an arrow on a road (move), a clan's dwarfs in the region a
// rumor comes from (rumor), pills under a region (harvest N, build), the die (prospect). Moving an
// Inn takes two steps: the Inn's pill under its region, then the region it goes to.
import { el, text, board, chip, colour, mark, inkOn, pickable } from "../svg.js";

const W = 1000;
const MAP_DY = 34;
const RW = 130;
const RH = 112;

// Region centres (the map is a reconstruction, rulings SA-2): four triangles of regions, the
// inner one joined to the three outer ones. Unknown names fall back to a ring.
const LAYOUT = {
  salud: [85, 110], kippis: [915, 110], yambooi: [240, 250], jarama: [410, 200],
  topa: [590, 200], prosit: [760, 250], kanpai: [110, 420], kamau: [500, 340],
  slainte: [890, 420], belsamati: [500, 500], lechaim: [320, 600], nazdravie: [680, 600],
};

let picked = null; // { key, kind: "inn" | "harvest", from }: the first step of two

/** "Sláinte" and "slainte", "Le Chaim" and "lechaim" are the same region. */
function norm(name) {
  return String(name).normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase()
    .replace(/\s+/g, "");
}

function tableKey(table) {
  return `${table.id ?? ""}:${table.move ?? ""}:${(table.legal || []).length}`;
}

/** What the last log entry concerns (by its kind and arguments): region names, "die", "pawn". */
export function lastTargets(last) {
  const none = { regions: [], die: false, pawn: false, road: null };
  if (!last || !last.kind) return none;
  const args = last.args || {};
  switch (last.kind) {
    case "move": case "inn":
      return { ...none, regions: [norm(args.to)], road: [norm(args.from), norm(args.to)] };
    case "harvest": case "rumor": case "place": case "find": case "build":
      return { ...none, regions: [norm(args.region)] };
    case "roll": return { ...none, die: true };
    case "prospect": return { ...none, pawn: true };
    default: return none;
  }
}

function pill(parent, x, y, w, label, fill, nugget = false) {
  const g = el("g", {}, parent);
  el("rect", { class: "hit", x: x - w / 2, y: y - 12, width: w, height: 24, rx: 12, fill, stroke: "#0007" }, g);
  const tx = nugget ? x + 7 : x;
  if (nugget) {
    el("path", { d: `M${x - 15},${y + 5} l4,-9 h7 l4,9 z`, fill: "#fff3b0", stroke: "#6b5200" }, g);
  }
  text(g, tx, y + 5, label, { "text-anchor": "middle", "font-size": 14, "font-weight": 700, fill: inkOn(fill) });
  return g;
}

function house(parent, x, y, fill, letter) {
  const g = el("g", {}, parent);
  el("path", {
    d: `M${x - 13},${y + 11} v-13 l13,-11 l13,11 v13 z`, fill, stroke: "#3b2f25", "stroke-width": 2,
  }, g);
  text(g, x, y + 8, letter, { "text-anchor": "middle", "font-size": 12, "font-weight": 700, fill: inkOn(fill) });
  return g;
}

function diePips(parent, x, y, s, face) {
  el("rect", { x, y, width: s, height: s, rx: 10, fill: "#fffdf4", stroke: "#3b2f25", "stroke-width": 2, class: "mark hit" }, parent);
  if (face === null || face === undefined) {
    text(parent, x + s / 2, y + s / 2 + 6, "–", { "text-anchor": "middle", "font-size": 22, fill: "#9a8a78" });
    return;
  }
  if (!/^[1-5]$/.test(face)) {
    text(parent, x + s / 2, y + s / 2 + 6, "Ooops", { "text-anchor": "middle", "font-size": 16, "font-weight": 700, fill: "#c8352b" });
    return;
  }
  const n = Number(face);
  const spots = {
    1: [[0, 0]], 2: [[-1, -1], [1, 1]], 3: [[-1, -1], [0, 0], [1, 1]],
    4: [[-1, -1], [1, -1], [-1, 1], [1, 1]], 5: [[-1, -1], [1, -1], [0, 0], [-1, 1], [1, 1]],
  }[n];
  for (const [dx, dy] of spots) {
    el("circle", { cx: x + s / 2 + dx * s * 0.26, cy: y + s / 2 + dy * s * 0.26, r: s * 0.09, fill: "#2b2118" }, parent);
  }
}

export function draw(table, ctx) {
  const v = table.view;
  const key = tableKey(table);
  if (!picked || picked.key !== key) picked = null;
  const clans = v.players;
  const clanIndex = (name) => clans.indexOf(name);
  const fillOf = (name) => colour(name, clanIndex(name));
  const letterOf = (name) => mark(name, clanIndex(name));
  const last = lastTargets(ctx.last);

  // Track size: spaces 1 … the furthest of mines closed and the accountants.
  // The track loops after `trackEnd` spaces (at least 50); an accountant further on shows its laps.
  const trackEnd = Math.max(50, v.mines_closed + 3);
  const perRow = 25;
  const cellW = 38;
  const cellH = 64;
  const trackRows = Math.ceil(trackEnd / perRow);
  const trackY = MAP_DY + 690;
  const clansY = trackY + 26 + trackRows * (cellH + 6) + 6;
  const clanRows = Math.ceil(clans.length / 3);
  const height = clansY + clanRows * 62 + 8;

  const svg = board(W, height, `Skåål board, round ${v.round}`);
  svg.classList.add("board-skaal"); // its rules are in style.css
  el("rect", { x: 0, y: 0, width: W, height, fill: "#f3ead6" }, svg);

  // Header.
  const mover = v.to_move >= 0 ? clans[v.to_move] : null;
  text(svg, 16, 24, `Round ${v.round}`, { "font-size": 18, "font-weight": 700 });
  if (mover) {
    chip(svg, 140, 18, 12, fillOf(mover), letterOf(mover));
    text(svg, 158, 24, `${mover} · ${v.phase}${v.last_income ? ` · Inn income +${v.last_income}` : ""}`, { "font-size": 17 });
  } else if (v.phase === "over") {
    text(svg, 140, 24, "The game is over", { "font-size": 17, "font-weight": 700 });
  }
  text(svg, W - 16, 24, `${v.prospects_left} prospect${v.prospects_left === 1 ? "" : "s"} before the mines close`, {
    "text-anchor": "end", "font-size": 15, fill: "#5a4a38",
  });

  // Region positions (by name; a ring for names the layout does not know).
  const pos = {};
  v.regions.forEach((r, i) => {
    const known = LAYOUT[norm(r.name)];
    const angle = (2 * Math.PI * i) / v.regions.length;
    const [x, y] = known || [500 + 380 * Math.cos(angle), 360 + 290 * Math.sin(angle)];
    pos[norm(r.name)] = [x, y + MAP_DY];
  });

  // Roads (each once).
  const roads = el("g", {}, svg);
  const rumorRoad = v.rumor_from && v.find ? [norm(v.rumor_from), norm(v.find)] : null;
  const drawn = new Set();
  for (const r of v.regions) {
    for (const other of r.roads) {
      const a = norm(r.name);
      const b = norm(other);
      const id = [a, b].sort().join("|");
      if (drawn.has(id) || !pos[b]) continue;
      drawn.add(id);
      const isRumor = rumorRoad && [...rumorRoad].sort().join("|") === id;
      const isLast = last.road && [...last.road].sort().join("|") === id;
      el("line", {
        class: `sk-road${isRumor ? " rumor" : ""}`, x1: pos[a][0], y1: pos[a][1], x2: pos[b][0], y2: pos[b][1],
        stroke: isLast && !isRumor ? "#f0a000" : null,
      }, roads);
    }
  }

  // Two-step decisions: the Inn picked to move (then its destination), the nuggets picked to
  // harvest (then how many).
  const innTargets = new Map();
  const harvests = (name) => ctx.all("harvest", { region: name })
    .map((a) => ({ action: a, k: a.args.nuggets }))
    .sort((p, q) => p.k - q.k);
  if (picked && picked.kind === "inn") {
    for (const a of ctx.all("inn", { from: picked.from })) innTargets.set(norm(a.args.to), a);
    if (!innTargets.size) picked = null;
  } else if (picked && picked.kind === "harvest" && !harvests(picked.from).length) {
    picked = null;
  }
  const repick = (next) => {
    picked = next;
    const fresh = draw(table, ctx);
    svg.replaceWith(fresh);
    (fresh.querySelector("[data-action]") || fresh.querySelector(".clickable"))?.focus();
  };

  // Regions.
  const regionLayer = el("g", {}, svg);
  const pillLayer = el("g", {}, svg);
  for (const r of v.regions) {
    const n = norm(r.name);
    const [x, y] = pos[n];
    const classes = ["sk-region"];
    if (v.find && norm(v.find) === n) classes.push("find");
    if (r.ooops) classes.push("ooops");
    if (last.regions.includes(n)) classes.push("last-move");
    if (picked && norm(picked.from) === n) classes.push("sk-picked");
    const g = el("g", { class: classes.join(" ") }, regionLayer);
    el("rect", { class: "land hit", x: x - RW / 2, y: y - RH / 2, width: RW, height: RH, rx: 18 }, g);
    text(g, x - RW / 2 + 9, y - RH / 2 + 21, r.name, { "font-size": 17, "font-weight": 700 });

    // The region itself: place a dwarf, find, or the picked Inn's destination.
    let regionAction = null;
    let label = null;
    if (picked) {
      regionAction = picked.kind === "inn" ? innTargets.get(n) || null : null;
      label = regionAction ? `move the Inn from ${picked.from} to ${r.name}` : null;
    } else if ((regionAction = ctx.find("place", { region: r.name }))) {
      label = `place a dwarf in ${r.name}`;
    } else if ((regionAction = ctx.find("find", { region: r.name }))) {
      label = `the find goes to ${r.name}`;
    }
    if (regionAction) ctx.clickable(g, regionAction, label);

    // Dwarfs: one chip per clan with its count; the innkeeper's clan wears a gold ring.
    const present = clans.filter((c) => r.dwarfs[c]);
    present.forEach((c, i) => {
      const cx = x - 44 + (i % 3) * 42;
      const cy = y - 10 + Math.floor(i / 3) * 25;
      const dg = el("g", { "data-clan": c }, g);
      if (r.innkeeper === c) el("circle", { cx, cy, r: 14.5, fill: "none", stroke: "#d49a00", "stroke-width": 3.5 }, dg);
      chip(dg, cx, cy, 11, fillOf(c), letterOf(c));
      text(dg, cx + 14, cy + 5, String(r.dwarfs[c]), { "font-size": 14, "font-weight": 700 });
      const rumor = ctx.find("rumor", { region: r.name, clan: c });
      if (rumor) {
        el("circle", { class: "hit", cx, cy, r: 13, fill: "none" }, dg);
        ctx.clickable(dg, rumor, `a ${c} dwarf comes from ${r.name} (rumor)`);
      }
    });

    // Nuggets (click: harvest), Ooops, the Inn (click: move it) or its empty spot (click: build).
    const by = y + RH / 2 - 15;
    if (r.nuggets > 0) {
      const ng = el("g", {}, g);
      el("rect", { x: x - 62, y: by - 12, width: 58, height: 24, rx: 8, fill: "#0000", class: "nug" }, ng);
      el("path", { d: `M${x - 58},${by + 6} l6,-12 h10 l6,12 z`, fill: "#e8b923", stroke: "#8a6d00", "stroke-width": 1.5 }, ng);
      text(ng, x - 34, by + 6, `×${r.nuggets}`, { "font-size": 15, "font-weight": 700, fill: "#6b5200" });
      const options = picked ? [] : harvests(r.name);
      if (picked && picked.kind === "harvest" && norm(picked.from) === n) {
        pickable(ng, "harvest nothing here (cancel)", () => repick(null));
      } else if (options.length) {
        ng.firstChild.classList.add("hit");
        if (options.length === 1) {
          ctx.clickable(ng, options[0].action, `harvest 1 nugget in ${r.name}`);
        } else {
          pickable(ng, `harvest in ${r.name}: choose how many next`, () => repick({ key, kind: "harvest", from: r.name }));
        }
      }
    }
    if (r.ooops) {
      el("rect", { x: x - 22, y: by - 9, width: 48, height: 18, rx: 9, fill: "#c8352b" }, g);
      text(g, x + 2, by + 5, "Ooops", { "text-anchor": "middle", "font-size": 12, "font-weight": 700, fill: "#fff" });
    }
    const hx = x + RW / 2 - 18;
    const hy = y - RH / 2 + 18;
    if (r.inn) {
      const hg = house(g, hx, hy, fillOf(r.inn), letterOf(r.inn));
      const innMoves = picked ? [] : ctx.all("inn", { from: r.name });
      if (innMoves.length) {
        el("rect", { class: "hit", x: hx - 17, y: hy - 17, width: 34, height: 32, rx: 6, fill: "#0000" }, hg);
        pickable(hg, `move the Inn in ${r.name}: choose where next`, () => repick({ key, kind: "inn", from: r.name }));
      } else if (picked && picked.kind === "inn" && norm(picked.from) === n) {
        pickable(hg, "keep the Inn where it is (cancel)", () => repick(null));
      }
    } else if (!picked && ctx.find("build", { region: r.name })) {
      const bg = el("g", {}, g);
      el("rect", { class: "hit", x: hx - 17, y: hy - 17, width: 34, height: 32, rx: 6, fill: "#fff8" }, bg);
      el("path", {
        d: `M${hx - 11},${hy + 9} v-11 l11,-9 l11,9 v11 z`, fill: "none", stroke: mover ? fillOf(mover) : "#555",
        "stroke-width": 2.5, "stroke-dasharray": "4 2",
      }, bg);
      text(bg, hx, hy + 6, "+", { "text-anchor": "middle", "font-size": 14, "font-weight": 700 });
      ctx.clickable(bg, ctx.find("build", { region: r.name }), `build a Royal Inn in ${r.name}`);
    }

    // Harvest, step two: how many nuggets.
    if (picked && picked.kind === "harvest" && norm(picked.from) === n) {
      const options = harvests(r.name);
      const w = 40;
      let px = x - (options.length * (w + 4) - 4) / 2;
      for (const o of options) {
        const pg = pill(pillLayer, px + w / 2, y + RH / 2 + 14, w, String(o.k), "#e8b923", true);
        ctx.clickable(pg, o.action, `harvest ${o.k} nugget${o.k > 1 ? "s" : ""} in ${r.name}`);
        px += w + 4;
      }
    }
  }

  // Move arrows, one per legal move, on the road's side that points its way.
  const arrows = el("g", {}, svg);
  for (const a of picked ? [] : ctx.all("move")) {
    const [fa, fb] = [norm(a.args.from), norm(a.args.to)];
    if (!pos[fa] || !pos[fb]) continue;
    const [x1, y1] = pos[fa];
    const [x2, y2] = pos[fb];
    const len = Math.hypot(x2 - x1, y2 - y1);
    const [ux, uy] = [(x2 - x1) / len, (y2 - y1) / len];
    // Both directions of a road share its middle, each on its own side (as if driving on the
    // right): the offset is the direction's right-hand normal.
    const cx = (x1 + x2) / 2 - uy * 14;
    const cy = (y1 + y2) / 2 + ux * 14;
    const fill = mover ? fillOf(mover) : "#555";
    const ag = el("g", {}, arrows);
    el("circle", { class: "hit", cx, cy, r: 12, fill, stroke: "#0008" }, ag);
    const angle = (Math.atan2(uy, ux) * 180) / Math.PI;
    el("path", { d: "M-6,-6 L7,0 L-6,6 z", fill: inkOn(fill), transform: `translate(${cx},${cy}) rotate(${angle})` }, ag);
    ctx.clickable(ag, a, `move a dwarf from ${a.args.from} to ${a.args.to}`);
  }

  // The die and prospecting, bottom left.
  const dieY = MAP_DY + 575;
  const dieG = el("g", { class: last.die ? "last-move" : "" }, svg);
  text(dieG, 24, dieY - 8, "Die", { "font-size": 14, "font-weight": 700 });
  diePips(dieG, 24, dieY, 70, v.roll);
  if (v.find) text(svg, 104, dieY + 20, `find: ${v.find}`, { "font-size": 14 });
  if (v.rumor_from) text(svg, 104, dieY + 40, `rumor from ${v.rumor_from}`, { "font-size": 14, fill: "#c8352b" });
  const prospect = ctx.find("prospect");
  if (prospect) {
    const pg = pill(svg, 160, dieY + 62, 120, "Prospect", "#2f6f5e");
    ctx.clickable(pg, prospect, "prospect: advance the pawn and roll the die");
    ctx.clickable(dieG, prospect, "prospect: advance the pawn and roll the die");
  }

  // Key, bottom right.
  const ky = MAP_DY + 560;
  const kx = 775;
  text(svg, kx, ky, "Key", { "font-size": 14, "font-weight": 700 });
  chip(svg, kx + 10, ky + 20, 10, "#c8352b", "R");
  text(svg, kx + 26, ky + 25, "dwarfs of a clan", { class: "sk-small" });
  el("circle", { cx: kx + 10, cy: ky + 46, r: 13, fill: "none", stroke: "#d49a00", "stroke-width": 3.5 }, svg);
  text(svg, kx + 26, ky + 51, "innkeeper's clan", { class: "sk-small" });
  house(svg, kx + 10, ky + 72, "#2f62c8", "B");
  text(svg, kx + 26, ky + 77, "Royal Inn (its owner)", { class: "sk-small" });
  el("path", { d: `M${kx},${ky + 104} l6,-12 h10 l6,12 z`, fill: "#e8b923", stroke: "#8a6d00" }, svg);
  text(svg, kx + 26, ky + 103, "nuggets (click: harvest)", { class: "sk-small" });

  // Respect track.
  text(svg, 16, trackY + 16, "Respect track", { "font-size": 16, "font-weight": 700 });
  text(svg, 150, trackY + 16, `(respect = space − 1; a dark badge counts laps of ${trackEnd}; accountants hop over the pawn)`, { class: "sk-small" });
  const byAccountant = {};
  for (const c of v.clans) {
    const lap = Math.floor((c.accountant - 1) / trackEnd);
    (byAccountant[((c.accountant - 1) % trackEnd) + 1] ||= []).push([c.clan, lap]);
  }
  for (let s = 1; s <= trackEnd; s++) {
    const row = Math.floor((s - 1) / perRow);
    const col = (s - 1) % perRow;
    const cx = 25 + col * cellW;
    const cy = trackY + 26 + row * (cellH + 6);
    const closed = s === v.mines_closed;
    const isPawn = s === v.pawn;
    const cell = el("g", {}, svg);
    el("rect", {
      x: cx, y: cy, width: cellW - 2, height: cellH, rx: 4,
      fill: closed ? "#5a4a38" : s > v.mines_closed ? "#efe6d2" : "#fffaf0", stroke: "#b8a88e",
      class: isPawn && last.pawn ? "last-move" : null,
    }, cell);
    text(cell, cx + 3, cy + 11, String(s), { "font-size": 10, fill: closed ? "#fff" : "#7a6a58" });
    if (closed) text(cell, cx + cellW / 2 - 1, cy + cellH - 6, "closed", { "text-anchor": "middle", "font-size": 9, fill: "#fff" });
    if (isPawn) {
      el("path", {
        d: `M${cx + 11},${cy + 56} h14 l-3,-16 a6,6 0 1 0 -8,0 z`, fill: "#6b3f1d", stroke: "#2b1a0c",
        "stroke-width": 1.5,
      }, cell);
      el("circle", { cx: cx + 18, cy: cy + 28, r: 7, fill: "#6b3f1d", stroke: "#2b1a0c" }, cell);
      el("title", {}, cell).textContent = `Prospecting Pawn on space ${s}`;
    }
    (byAccountant[s] || []).forEach(([c, lap], i) => {
      const ax = cx + 10 + (i % 2) * 17;
      const ay = cy + 22 + Math.floor(i / 2) * 17;
      const ag = chip(cell, ax, ay, 8, fillOf(c), letterOf(c));
      el("title", {}, ag).textContent = `${c}'s accountant: respect ${s - 1 + lap * trackEnd}`;
      if (lap) {
        el("circle", { cx: ax + 7, cy: ay - 7, r: 6, fill: "#3b2f25" }, ag);
        text(ag, ax + 7, ay - 4, String(lap), { "text-anchor": "middle", "font-size": 8, fill: "#fff" });
      }
    });
  }

  // Clans: respect, reserve, Inns in reserve, setup dwarfs left.
  v.clans.forEach((c, i) => {
    const cx = 16 + (i % 3) * 328;
    const cy = clansY + Math.floor(i / 3) * 62;
    const toMove = v.to_move === i;
    el("rect", {
      x: cx, y: cy, width: 320, height: 56, rx: 10, fill: toMove ? "#fff1b8" : "#fffdf8",
      stroke: toMove ? "#2f6f5e" : "#d8ccb8", "stroke-width": toMove ? 3 : 1,
    }, svg);
    chip(svg, cx + 26, cy + 28, 17, fillOf(c.clan), letterOf(c.clan));
    text(svg, cx + 52, cy + 23, `${c.clan}${table.you === i ? " (you)" : ""}${toMove ? " ◀" : ""}`, { "font-size": 16, "font-weight": 700 });
    text(svg, cx + 52, cy + 44, `respect ${c.respect} · reserve ${c.reserve} · Inns ${c.inns}${c.to_place ? ` · setup ${c.to_place}` : ""}`, { "font-size": 14 });
  });

  svg.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && picked) {
      picked = null;
      const fresh = draw(table, ctx);
      svg.replaceWith(fresh);
    }
  });
  return svg;
}
