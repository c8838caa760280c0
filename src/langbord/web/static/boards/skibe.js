// Skibe's board: three ships with bow and food, Viking cards with their equipment, the
// Chieftains laid on each ship and its stern; the display, the pile, the general stock, every
// player's Chieftains and sterns, and the score sheet.
//
// Clickable: a display card (take, remove, swap), the pile (draw), a ship (lay, and the ship a
// Chieftain goes to), a bow (food), a Viking card (equip, remove, swap), a stern's place (stern).
// Two-place decisions go in two clicks: a Chieftain in your hand, then its ship; a source, then a
// target for food and equipment moves and for swaps. Pass, skip and "no food"/"no equip" stay in
// the list beside the board.
import { el, text, board, chip, colour, mark, inkOn, pickable } from "../svg.js";

const W = 1000;
const CW = 96;
const CH = 110;
const GAP = 6;
const ROW = 156;
const SHIPS_Y = 44;
const CARDS_X = 118;
const SHORT = { equipment: "equip", food: "food", remove: "remove", swap: "swap", protection: "protect" };
const KINDS = ["equipment", "food", "remove", "swap", "protection"];

let picked = null; // { key, from }: the first place of a two-place decision

function tableKey(table) {
  return `${table.id ?? ""}:${table.move ?? ""}:${(table.legal || []).length}`;
}

const bowId = (x) => (x === "stock" ? "stock-food" : `bow:${x}`);
const cardId = (x) => (x === "stock" ? "stock-equip" : `card:${x}`);

/** The legal actions by place, read off their kinds and arguments: one click (place → action)
 * and two clicks (from → to → action). */
export function plan(legal) {
  const one = new Map();
  const two = new Map();
  const add2 = (a, b, action) => {
    if (!two.has(a)) two.set(a, new Map());
    two.get(a).set(b, action);
  };
  for (const a of legal) {
    const { kind, args } = a;
    const moves = "from" in args;
    if (kind === "take") one.set(`card:${args.slot}`, a);
    else if (kind === "draw") one.set("pile", a);
    else if (kind === "lay") one.set(`ship:${args.ship}`, a);
    else if (kind === "stern") one.set(`stern:${args.ship}`, a);
    else if ((kind === "food" && moves) || kind === "move food") add2(bowId(args.from), bowId(args.to), a);
    else if (kind === "food") one.set(`bow:${args.ship}`, a);
    else if ((kind === "equip" && moves) || kind === "move equip") add2(cardId(args.from), cardId(args.to), a);
    else if (kind === "equip" || kind === "remove") one.set(`card:${args.slot}`, a);
    else if (kind === "swap") {
      add2(`card:${args.slot}`, `card:${args.with}`, a);
      add2(`card:${args.with}`, `card:${args.slot}`, a);
    } else if (kind === "chief") add2(`chief:${args.action}`, `ship:${args.ship}`, a);
  }
  return { one, two };
}

/** The places the last move concerns (by its kind and arguments). */
export function lastPlaces(last, v) {
  if (!last || !last.kind) return [];
  const { kind, args } = last;
  const moves = "from" in args;
  if (kind === "take") return [`card:${args.slot}`];
  if (kind === "draw" || kind === "reveal") return ["pile"];
  if (kind === "lay") {
    const n = v.ships[args.ship - 1]?.vikings.length || 0;
    return n ? [`card:${args.ship}.${n}`] : [`ship:${args.ship}`];
  }
  if (kind === "stern") return [`stern:${args.ship}`];
  if ((kind === "food" && moves) || kind === "move food") return [bowId(args.from), bowId(args.to)];
  if (kind === "food") return [`bow:${args.ship}`];
  if ((kind === "equip" && moves) || kind === "move equip") return [cardId(args.from), cardId(args.to)];
  if (kind === "equip" || kind === "remove") return [`card:${args.slot}`];
  if (kind === "swap") return [`card:${args.slot}`, `card:${args.with}`];
  if (kind === "chief") return [`token:${args.ship}:last`];
  return [];
}

/** Moves after which the score sheet has a new row (a ship evaluated, or a turn ended). */
const SHEET_KINDS = new Set(["stern", "skip", "pass", "move equip", "move food", "remove", "swap", "take", "draw", "reveal"]);

function shield(parent, x, y, name) {
  const fill = colour(name);
  el("path", {
    d: `M${x - 14},${y - 16} h28 v14 c0,12 -8,18 -14,22 c-6,-4 -14,-10 -14,-22 z`,
    fill, stroke: "#2b2118", "stroke-width": 1.5,
  }, parent);
  text(parent, x, y + 4, mark(name), { "text-anchor": "middle", "font-size": 15, "font-weight": 700, fill: inkOn(fill) });
}

function stones(parent, x, y, n, fill, size = 9, perRow = 5) {
  for (let i = 0; i < n; i++) {
    el("rect", {
      x: x + (i % perRow) * (size + 3), y: y + Math.floor(i / perRow) * (size + 3), width: size, height: size,
      rx: 2, fill, stroke: "#0007",
    }, parent);
  }
}

function drawCard(parent, x, y, name, equipment, slot) {
  const g = el("g", { class: "sb-place" }, parent);
  el("rect", { class: "frame hit", x, y, width: CW, height: CH, rx: 8, fill: "#fbf6ea", stroke: "#7a6a58", "stroke-width": 1.5 }, g);
  const [shields, cargo] = name.split(" ");
  const cols = shields.split("/");
  cols.forEach((c, i) => shield(g, x + CW / 2 + (i - (cols.length - 1) / 2) * 32, y + 32, c));
  const food = cargo === "F";
  el("rect", { x: x + 6, y: y + 56, width: CW - 12, height: 20, rx: 4, fill: food ? "#d9ead0" : "#dfe3ea" }, g);
  text(g, x + CW / 2, y + 71, food ? "F · food" : "E · equip", { "text-anchor": "middle", "font-size": 13, "font-weight": 700, fill: food ? "#2e6b2e" : "#3a4a66" });
  if (equipment > 0) stones(g, x + 8, y + 83, Math.min(equipment, 6), "#6d7480", 10, 6);
  if (equipment > 6) text(g, x + CW - 8, y + 92, `×${equipment}`, { "text-anchor": "end", "font-size": 12 });
  text(g, x + 4, y + 11, slot, { "font-size": 10, fill: "#7a6a58" });
  el("title", {}, g).textContent = `${slot}: ${name}${equipment ? `, ${equipment} equipment` : ""}`;
  return g;
}

function token(parent, x, y, owner, kind, ghost = false, letter = true) {
  const g = el("g", { class: "sb-place" }, parent);
  const fill = colour(owner);
  el("rect", {
    class: "frame hit", x, y, width: 84, height: 24, rx: 12, fill: ghost ? "none" : fill,
    stroke: ghost ? "#b8a88e" : "#0008", "stroke-dasharray": ghost ? "4 3" : null,
  }, g);
  text(g, x + 42, y + 17, `${letter ? `${mark(owner)} ` : ""}${SHORT[kind] || kind}`, {
    "text-anchor": "middle", "font-size": 13, "font-weight": 700, fill: ghost ? "#b8a88e" : inkOn(fill),
  });
  el("title", {}, g).textContent = `${owner}'s ${kind} Chieftain${ghost ? " (played)" : ""}`;
  return g;
}

export function draw(table, ctx) {
  const v = table.view;
  const key = tableKey(table);
  if (!picked || picked.key !== key) picked = null;
  const { one, two } = plan(ctx.legal);
  if (picked && !two.has(picked.from)) picked = null;
  const places = new Map();
  const place = (id, node, label) => {
    node.classList.add("sb-place");
    places.set(id, { node, label });
    return node;
  };
  const n = v.players.length;
  const limit = v.ship_limit;

  const bandY = SHIPS_Y + 3 * ROW + 8;
  const playersY = bandY + CH + 58;
  const sheetRows = v.sheet.length + 2;
  const height = playersY + Math.max(n * 46 + 34, sheetRows * 21 + 40) + 10;
  const svg = board(W, height, `Skibe board, ${v.phase}`);
  svg.classList.add("board-skibe"); // its rules are in style.css
  el("rect", { x: 0, y: 0, width: W, height, fill: "#eef2f3" }, svg);

  // Header: who is to move and what happens.
  const mover = v.to_move >= 0 ? v.players[v.to_move] : null;
  if (mover) {
    chip(svg, 26, 22, 13, colour(mover), mark(mover));
    let what = `${mover} · ${v.phase}`;
    if (v.evaluation) {
      const e = v.evaluation;
      what = `ship ${e.ship} is evaluated: ${e.owner}'s ${e.chieftain} Chieftain acts`;
      if (e.protected_colours.length) what += ` · protected: ${e.protected_colours.join(", ")}`;
    }
    text(svg, 46, 28, what, { "font-size": 17, "font-weight": 600 });
  } else {
    text(svg, 16, 28, v.phase === "over" ? "The game is over" : v.phase, { "font-size": 17, "font-weight": 700 });
  }
  text(svg, W - 16, 28, `a ship holds ${limit} Viking cards`, { "text-anchor": "end", class: "sb-small" });

  // The ships.
  const lastTokenShip = ctx.last?.kind === "chief" ? ctx.last.args.ship : 0;
  v.ships.forEach((ship, s) => {
    const no = s + 1;
    const y0 = SHIPS_Y + s * ROW;
    const cardsY = y0 + 34;
    const sternX = CARDS_X + limit * (CW + GAP);
    const evaluating = v.evaluation && v.evaluation.ship === no;
    // The ship itself (lay a card, or the ship a Chieftain goes to).
    const hull = place(`ship:${no}`, el("g", {}, svg), `ship ${no}`);
    el("rect", {
      class: "frame hit", x: 8, y: y0 + 2, width: sternX + 80, height: ROW - 10, rx: 14,
      fill: evaluating ? "#fff1b8" : "#dfe8ea", stroke: "#9fb3b8",
    }, hull);
    el("path", {
      d: `M${CARDS_X - 10},${cardsY + CH - 8} H${sternX + 50} q22,0 18,-26 l-6,30 q-8,14 -40,14 H${CARDS_X + 10} q-30,0 -40,-20 z`,
      fill: "#8b5a2b", stroke: "#5a3a1a", "stroke-width": 2,
    }, hull);
    text(hull, 20, y0 + 24, `Ship ${no}`, { "font-size": 16, "font-weight": 700 });

    // The bow with its food.
    const bow = place(`bow:${no}`, el("g", {}, svg), `bow ${no}`);
    el("path", {
      class: "frame hit",
      d: `M${CARDS_X - 6},${cardsY} H40 Q14,${cardsY + CH / 2} 40,${cardsY + CH} H${CARDS_X - 6} z`,
      fill: "#a0693a", stroke: "#5a3a1a", "stroke-width": 2,
    }, bow);
    el("path", { d: `M44,${cardsY + 2} q-6,-14 6,-22 q10,-4 12,6 q-6,-2 -8,4 z`, fill: "#a0693a", stroke: "#5a3a1a", "stroke-width": 2 }, bow);
    const food = ship.bow_food;
    for (let i = 0; i < Math.min(food, 6); i++) {
      el("circle", { cx: CARDS_X - 50 + (i % 2) * 22, cy: cardsY + 20 + Math.floor(i / 2) * 22, r: 9, fill: "#7cc26a", stroke: "#2e6b2e" }, bow);
    }
    text(bow, CARDS_X - 40, cardsY + CH - 12, `food ${food}`, { "text-anchor": "middle", "font-size": 14, "font-weight": 700, fill: "#fff" });
    el("title", {}, bow).textContent = `bow ${no}: ${food} food`;

    // Chieftains laid on the ship, from the bow outward.
    ship.chieftains.forEach((c, i) => {
      const t = token(svg, CARDS_X + i * 90, y0 + 6, c.owner, c.action);
      if (evaluating && v.evaluation.owner === c.owner && v.evaluation.chieftain === c.action) {
        el("rect", { x: CARDS_X + i * 90 - 3, y: y0 + 3, width: 90, height: 30, rx: 15, fill: "none", stroke: "#c8352b", "stroke-width": 3 }, t);
      }
      if (lastTokenShip === no && i === ship.chieftains.length - 1) t.classList.add("last-move");
      t.classList.add("sb-inert");
    });

    // Viking cards, and the free places up to the limit.
    for (let i = 0; i < limit; i++) {
      const x = CARDS_X + i * (CW + GAP);
      const viking = ship.vikings[i];
      if (viking) {
        place(`card:${no}.${i + 1}`, drawCard(svg, x, cardsY, viking.card, viking.equipment, `${no}.${i + 1}`), `${viking.card} (${no}.${i + 1})`);
      } else {
        el("rect", { x, y: cardsY, width: CW, height: CH, rx: 8, fill: "#ffffff55", stroke: "#9fb3b8", "stroke-dasharray": "6 4", class: "sb-inert" }, svg);
      }
    }

    // The stern.
    const stern = place(`stern:${no}`, el("g", {}, svg), `stern on ship ${no}`);
    const sFill = ship.stern ? colour(ship.stern) : "#ffffff55";
    el("path", {
      class: "frame hit", d: `M${sternX},${cardsY} h40 q30,10 30,50 q0,40 -30,54 h-40 z`,
      fill: sFill, stroke: ship.stern ? "#2b2118" : "#9fb3b8", "stroke-dasharray": ship.stern ? null : "6 4", "stroke-width": 1.5,
    }, stern);
    if (ship.stern) {
      text(stern, sternX + 30, cardsY + 56, mark(ship.stern), { "text-anchor": "middle", "font-size": 20, "font-weight": 700, fill: inkOn(sFill) });
    }
    text(stern, sternX + 30, cardsY - 6, "stern", { "text-anchor": "middle", class: "sb-small" });
  });

  // The band: display, pile, the card taken, the stock.
  text(svg, 16, bandY + 14, "Display", { "font-size": 15, "font-weight": 700 });
  v.display.forEach((c, i) => {
    const x = 16 + i * (CW + 10);
    const y = bandY + 22;
    if (c) place(`card:d${i + 1}`, drawCard(svg, x, y, c, 0, `d${i + 1}`), `${c} (d${i + 1})`);
    else el("rect", { x, y, width: CW, height: CH, rx: 8, fill: "none", stroke: "#9fb3b8", "stroke-dasharray": "6 4" }, svg);
  });
  const pileX = 16 + 3 * (CW + 10) + 14;
  text(svg, pileX, bandY + 14, "Pile", { "font-size": 15, "font-weight": 700 });
  const pile = place("pile", el("g", {}, svg), `the pile (${v.pile} cards)`);
  el("rect", { class: "frame hit", x: pileX, y: bandY + 22, width: CW, height: CH, rx: 8, fill: v.pile ? "#3b5b7a" : "none", stroke: "#2b3b4a", "stroke-dasharray": v.pile ? null : "6 4" }, pile);
  text(pile, pileX + CW / 2, bandY + 22 + CH / 2 + 8, String(v.pile), { "text-anchor": "middle", "font-size": 24, "font-weight": 700, fill: v.pile ? "#fff" : "#5a6a78" });
  text(pile, pileX + CW / 2, bandY + 22 + CH - 8, "cards", { "text-anchor": "middle", "font-size": 11, fill: v.pile ? "#dde" : "#5a6a78" });

  const heldX = pileX + CW + 24;
  text(svg, heldX, bandY + 14, v.held ? "Card to lay" : "", { "font-size": 15, "font-weight": 700 });
  if (v.held) {
    const g = drawCard(svg, heldX, bandY + 22, v.held, 0, "taken");
    g.classList.add("sb-inert");
    g.firstChild.setAttribute("stroke", "#c8352b");
    g.firstChild.setAttribute("stroke-width", "3");
  }

  const stockX = heldX + CW + 30;
  text(svg, stockX, bandY + 14, "General stock", { "font-size": 15, "font-weight": 700 });
  const sf = place("stock-food", el("g", {}, svg), `food in the stock (${v.stock.food})`);
  el("rect", { class: "frame hit", x: stockX, y: bandY + 22, width: 150, height: 48, rx: 8, fill: "#f4faf0", stroke: "#9fb3b8" }, sf);
  for (let i = 0; i < Math.min(v.stock.food, 6); i++) el("circle", { cx: stockX + 16 + i * 14, cy: bandY + 40, r: 6, fill: "#7cc26a", stroke: "#2e6b2e" }, sf);
  text(sf, stockX + 8, bandY + 64, `food stones: ${v.stock.food}`, { "font-size": 13 });
  const se = place("stock-equip", el("g", {}, svg), `equipment in the stock (${v.stock.equipment})`);
  el("rect", { class: "frame hit", x: stockX, y: bandY + 78, width: 150, height: 48, rx: 8, fill: "#f2f4f8", stroke: "#9fb3b8" }, se);
  stones(se, stockX + 10, bandY + 86, Math.min(v.stock.equipment, 6), "#6d7480", 10, 6);
  text(se, stockX + 8, bandY + 120, `equipment: ${v.stock.equipment}`, { "font-size": 13 });
  text(svg, stockX + 170, bandY + 40, `out of the game: ${v.out_of_game} cards`, { class: "sb-small" });
  if (v.last_laid && !v.held) text(svg, stockX + 170, bandY + 60, `just laid: ${v.last_laid}`, { class: "sb-small" });

  // Players: Chieftains in hand (played ones as outlines), sterns, points.
  text(svg, 16, playersY + 14, "Players", { "font-size": 15, "font-weight": 700 });
  v.players.forEach((p, i) => {
    const y = playersY + 24 + i * 46;
    const toMove = v.to_move === i;
    el("rect", { x: 10, y: y - 2, width: 560, height: 42, rx: 8, fill: toMove ? "#fff1b8" : "#fbfcfc", stroke: toMove ? "#2f6f5e" : "#cfd8da", "stroke-width": toMove ? 2.5 : 1 }, svg);
    chip(svg, 30, y + 19, 14, colour(p), mark(p));
    text(svg, 50, y + 16, `${p}${table.you === i ? " (you)" : ""}`, { "font-size": 14, "font-weight": 700 });
    text(svg, 50, y + 33, `${v.scores[i]} points`, { "font-size": 13 });
    const hand = v.hands[i];
    KINDS.forEach((k, j) => {
      const has = hand.chieftains.includes(k);
      const t = token(svg, 140 + j * 70, y + 8, p, k, !has, false);
      t.firstChild.setAttribute("width", 66);
      t.lastChild.previousSibling.setAttribute("x", 140 + j * 70 + 33);
      if (has && i === v.to_move) place(`chief:${k}`, t, `${p}'s ${k} Chieftain`);
      else t.classList.add("sb-inert");
    });
    for (let j = 0; j < 2; j++) {
      el("path", {
        d: `M${500 + j * 30},${y + 6} h12 q12,4 12,14 q0,12 -12,16 h-12 z`,
        fill: j < hand.sterns ? colour(p) : "none", stroke: j < hand.sterns ? "#2b2118" : "#b8a88e", "stroke-dasharray": j < hand.sterns ? null : "3 2",
      }, svg);
    }
  });
  text(svg, 500, playersY + 14, "sterns", { class: "sb-small" });

  // The score sheet.
  const sx = 590;
  const colW = Math.min(72, (W - sx - 180) / n);
  text(svg, sx, playersY + 14, "Score sheet", { "font-size": 15, "font-weight": 700 });
  v.players.forEach((p, i) => chip(svg, sx + 190 + i * colW, playersY + 30, 9, colour(p), mark(p)));
  const lastSheet = SHEET_KINDS.has(ctx.last?.kind) ? v.sheet.length - 1 : -1;
  v.sheet.forEach((row, r) => {
    const y = playersY + 56 + r * 21;
    if (r % 2 === 0) el("rect", { x: sx - 4, y: y - 15, width: W - sx - 8, height: 21, fill: "#e3eaec" }, svg);
    const label = row.label.length > 26 ? `${row.label.slice(0, 25)}…` : row.label;
    text(svg, sx, y, label, { "font-size": 13 });
    row.points.forEach((pt, i) => text(svg, sx + 190 + i * colW, y, String(pt), { "text-anchor": "middle", "font-size": 13 }));
    if (r === lastSheet && ctx.last.kind === "stern") el("rect", { x: sx - 4, y: y - 15, width: W - sx - 8, height: 21, fill: "none", stroke: "#f0a000", "stroke-width": 3, class: "last-move" }, svg);
  });
  const ty = playersY + 56 + v.sheet.length * 21 + 4;
  el("line", { x1: sx - 4, y1: ty - 15, x2: W - 12, y2: ty - 15, stroke: "#2b2118" }, svg);
  text(svg, sx, ty, "total", { "font-size": 13, "font-weight": 700 });
  v.scores.forEach((pt, i) => text(svg, sx + 190 + i * colW, ty, String(pt), { "text-anchor": "middle", "font-size": 14, "font-weight": 700 }));

  // The last move.
  for (const id of lastPlaces(ctx.last, v)) places.get(id)?.node.classList.add("last-move");

  // Wire the places to the legal actions.
  const repick = (next) => {
    picked = next;
    const fresh = draw(table, ctx);
    svg.replaceWith(fresh);
    (fresh.querySelector("[data-action]") || fresh.querySelector(".clickable"))?.focus();
  };
  for (const [id, { node, label }] of places) {
    let live = false;
    if (picked) {
      if (id === picked.from) {
        node.classList.add("sb-picked");
        pickable(node, `${label}: picked (click again to cancel)`, () => repick(null));
        live = true;
      } else {
        const action = two.get(picked.from).get(id);
        if (action) live = ctx.clickable(node, action, `${action.text}: ${label}`);
      }
    } else if (one.has(id)) {
      live = ctx.clickable(node, one.get(id), `${one.get(id).text}: ${label}`);
    } else if (two.has(id)) {
      pickable(node, `${label}: pick, then choose where`, () => repick({ key, from: id }));
      live = true;
    }
    if (!live && !id.startsWith("ship:")) node.classList.add("sb-inert");
  }
  svg.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && picked) repick(null);
  });
  return svg;
}
