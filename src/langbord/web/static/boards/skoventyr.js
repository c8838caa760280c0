// Skoventyr's board: the ring of Trees with Vogter, Gamle Erik and the Allies on them, the Minions
// with their Lygtemands and Acorns, the Future, the deck and discard pile, the Hostages, every
// hand and the Vogter cards. Drawn only from `table.view`; a narrow screen gets one column.
import { board, chip, el, inkOn, text } from "../svg.js";

// The Allies' colours, each with its letter (colour is never the only sign).
const CARD_STYLE = {
  Ellefolk: ["#78c39a", "E"],
  Formskifter: ["#8a4fb8", "F"],
  Huldre: ["#c8352b", "H"],
  Nisse: ["#2f62c8", "N"],
  Trold: ["#8b6b3a", "T"],
  "Gamle Erik": ["#2b2b2b", "GE"],
  "?": ["#e8b923", "?"],
};
const ALLIES = ["Ellefolk", "Formskifter", "Huldre", "Nisse", "Trold"];
const VOGTER = "#1f7a8c";
const ERIK = "#5a1010";

function styleOf(name) {
  return CARD_STYLE[name] || ["#999", "?"];
}

/** A card of an Ally (or Gamle Erik): colour, letter, name. */
function card(parent, name, x, y, w, h, attrs = {}) {
  const g = el("g", attrs, parent);
  const [fill, letter] = styleOf(name);
  el("rect", { x, y, width: w, height: h, rx: 6, fill, stroke: "#000a", "stroke-width": 1.5, class: "hit" }, g);
  const ink = inkOn(fill);
  el("rect", { x: x + 4, y: y + 4, width: w - 8, height: h - 8, rx: 4, fill: "none", stroke: ink, "stroke-opacity": 0.35 }, g);
  text(g, x + w / 2, y + h / 2 + (h > 60 ? 2 : 6), letter, { "font-size": Math.min(w * 0.5, h * 0.45), "font-weight": 800, "text-anchor": "middle", fill: ink });
  if (h > 60) text(g, x + w / 2, y + h - 9, name, { "font-size": Math.min(13, w / 7), "text-anchor": "middle", fill: ink });
  el("title", {}, g).textContent = name;
  return g;
}

/** A small button drawn on the board. */
function button(parent, x, y, w, h, label, attrs = {}) {
  const g = el("g", attrs, parent);
  el("rect", { x, y, width: w, height: h, rx: 6, fill: "#fffdf8", stroke: "#8a7a66", class: "hit" }, g);
  text(g, x + w / 2, y + h / 2 + 5, label, { "font-size": 14, "text-anchor": "middle", "font-weight": 600 });
  return g;
}

function pawn(parent, x, y, who) {
  const g = chip(parent, x, y, 15, who === "V" ? VOGTER : ERIK, who);
  el("title", {}, g).textContent = who === "V" ? "Vogter" : "Gamle Erik";
  return g;
}

function acorn(parent, x, y, kind) {
  const g = el("g", {}, parent);
  el("ellipse", { cx: x, cy: y + 3, rx: 11, ry: 13, fill: "#a0682a", stroke: "#4a2f14" }, g);
  el("path", { d: `M${x - 12},${y - 4} Q${x},${y - 16} ${x + 12},${y - 4} Z`, fill: "#5c3b17" }, g);
  text(g, x, y + 9, kind, { "font-size": 13, "font-weight": 700, "text-anchor": "middle", fill: "#fff" });
  el("title", {}, g).textContent = `Acorn ${kind}`;
  return g;
}

function heading(parent, x, y, words) {
  return text(parent, x, y, words, { "font-size": 15, "font-weight": 700, fill: "#2b2118" });
}

/** The tag of the place the last move concerns, by its kind and arguments, or null. */
export function lastPlace(last) {
  if (!last || !last.kind) return null;
  const args = last.args || {};
  if (args.tree !== undefined) return `tree:${args.tree}`; // damage, heal, reveal, on, vogter to, recover after
  if (args.slot !== undefined) return `future:${args.slot}`; // call (risky), bottom, take, discard
  switch (last.kind) {
    case "erik back": return "erik";
    case "wrath": return `minion:${args.minion}`;
    case "rescue": return `hostage:${args.ally}`;
    case "gambit": return "vogter:Gambit";
    case "refuge": case "revenge": case "restoration": return "vogter:Wrath";
    case "rally": case "rally ?": case "involve": return "rallied";
    case "draw": case "top": case "bottom": return "deck";
    case "recycle": return "discard";
    case "position": case "mission": case "discard":
      return last.player !== null && last.player !== undefined ? `hand:${last.player}` : null;
    default: return null;
  }
}

export function draw(table, ctx) {
  const view = table.view;
  const narrow = typeof window !== "undefined" && window.innerWidth < 700;
  const W = narrow ? 560 : 1040;
  const tagged = new Map();
  const tag = (key, node) => { if (!tagged.has(key)) tagged.set(key, node); return node; };
  const actor = view.to_move;
  // The first of `actions` (legal actions, or null where one is not legal) that is legal.
  const clickFirst = (node, actions, label) => actions.some((a) => ctx.clickable(node, a, a && label ? label(a) : null));

  // Sections are drawn into groups and laid out afterwards: two columns, or one on a phone.
  const sections = {};
  const section = (name) => (sections[name] = el("g", {}));

  // ---- the Forest ----
  const forest = section("forest");
  const trees = view.forest;
  const R = 200;
  const cx = 270;
  const cy = 282;
  const tw = 104;
  const th = 118;
  heading(forest, 10, 18, "The Forest (clockwise)");
  el("circle", { cx, cy, r: R, fill: "none", stroke: "#b9a47e", "stroke-width": 3, "stroke-dasharray": "2 8" }, forest);
  const erikAt = trees.findIndex((t) => t.gamle_erik);
  trees.forEach((t, i) => {
    const a = -Math.PI / 2 + (2 * Math.PI * i) / trees.length;
    const x = cx + R * Math.cos(a) - tw / 2;
    const y = cy + R * Math.sin(a) - th / 2;
    const g = tag(`tree:${t.tree}`, el("g", {}, forest));
    const healthy = t.side === "healthy";
    el("rect", { x, y, width: tw, height: th, rx: 8, fill: healthy ? "#4f8a3c" : "#9a8062", stroke: healthy ? "#264d1c" : "#5a4630", "stroke-width": 2, class: "hit" }, g);
    if (!healthy) el("path", { d: `M${x + 8},${y + th - 8} L${x + tw - 8},${y + 8}`, stroke: "#5a4630", "stroke-width": 3, "stroke-opacity": 0.5 }, g);
    // A tree: a trunk and a crown.
    el("rect", { x: x + tw - 26, y: y + 30, width: 6, height: 16, fill: "#5c3b17" }, g);
    el("circle", { cx: x + tw - 23, cy: y + 24, r: 12, fill: healthy ? "#7fc16a" : "#c9b18a", stroke: "#0004" }, g);
    text(g, x + 8, y + 34, t.tree, { "font-size": 22, "font-weight": 800, fill: "#fff" });
    text(g, x + 8, y + 50, healthy ? "Healthy" : "Damaged", { "font-size": 12, fill: "#fff", "font-weight": 600 });
    if (t.ally) {
      const revealed = t.revealed;
      const cw = revealed ? 66 : 40;
      const ch = revealed ? 40 : 56;
      const ax = x + tw / 2 - cw / 2 - 6;
      const ay = y + th - ch - 6;
      card(g, t.ally, ax, ay, cw, ch);
      text(g, x + tw - 4, y + th - 8, revealed ? "R" : "H", { "font-size": 14, "font-weight": 800, "text-anchor": "end", fill: "#fff" });
      el("title", {}, g).textContent = `Tree ${t.tree} (${t.side}): ${t.ally}, ${revealed ? "Revealed" : "Hidden"}`;
    } else {
      el("title", {}, g).textContent = `Tree ${t.tree} (${t.side})${!t.vogter && !t.gamle_erik ? ", Free" : ""}`;
    }
    if (t.vogter) pawn(g, x + tw / 2 + 8, y - 4, "V");
    if (t.gamle_erik) tag("erik", pawn(g, x + tw / 2 - 24, y - 4, "GE"));
    const back = erikAt >= 0 ? (erikAt - i + trees.length) % trees.length : -1;
    const onTree = ["damage", "heal", "reveal", "on", "vogter to", "recover after"].map((kind) => ctx.find(kind, { tree: t.tree }));
    clickFirst(g, [...onTree, ctx.find("erik back", { steps: back })],
      (a) => (a.kind === "erik back" ? `move Gamle Erik back ${back} to Tree ${t.tree}` : a.text));
  });
  // The centre: distance, Allies, Acorns, discarded Trees.
  text(forest, cx, cy - 52, `Gamle Erik is ${view.distance} Tree${view.distance === 1 ? "" : "s"}`, { "font-size": 14, "text-anchor": "middle", "font-weight": 600 });
  text(forest, cx, cy - 35, "behind Vogter", { "font-size": 14, "text-anchor": "middle", "font-weight": 600 });
  text(forest, cx, cy - 12, `Allies in the Forest: ${view.allies_in_forest}`, { "font-size": 14, "text-anchor": "middle" });
  if (view.discarded_trees.length) text(forest, cx, cy + 8, `discarded Trees: ${view.discarded_trees.join(", ")}`, { "font-size": 13, "text-anchor": "middle", fill: "#5a4a3a" });
  if (view.acorns_in_centre?.length) {
    text(forest, cx, cy + 30, "Acorns in the centre", { "font-size": 12, "text-anchor": "middle", fill: "#5a4a3a" });
    view.acorns_in_centre.forEach((k, i) => acorn(forest, cx - (view.acorns_in_centre.length - 1) * 14 + i * 28, cy + 50, k));
  }
  const forestH = cy + R + th / 2 + 8;

  // ---- the Minions ----
  const minions = section("minions");
  heading(minions, 0, 18, "Gamle Erik's Minions");
  const mw = 76;
  view.minions.forEach((m, i) => {
    const x = i * (mw + 6);
    const y = 28;
    const g = tag(`minion:${m.name}`, el("g", {}, minions));
    const kind = m.name.split(" ")[0];
    el("rect", { x, y, width: mw, height: 150, rx: 7, fill: m.in_game ? "#3d3346" : "#e8e2d8", stroke: "#1d1724", "stroke-width": 1.5, class: "hit", opacity: m.in_game ? 1 : 0.5 }, g);
    text(g, x + mw / 2, y + 20, kind, { "font-size": 11.5, "text-anchor": "middle", fill: m.in_game ? "#fff" : "#555", "font-weight": 700 });
    text(g, x + mw / 2, y + 36, m.name.split(" ")[1], { "font-size": 11, "text-anchor": "middle", fill: m.in_game ? "#ddd" : "#555" });
    text(g, x + mw / 2, y + 78, `${m.value}`, { "font-size": 34, "font-weight": 800, "text-anchor": "middle", fill: m.in_game ? "#ffd36b" : "#777" });
    if (!m.in_game) text(g, x + mw / 2, y + 104, "defeated", { "font-size": 12, "text-anchor": "middle", fill: "#333", "font-weight": 700 });
    el("title", {}, g).textContent = `${m.name}, value ${m.value}${m.in_game ? "" : " (defeated)"}${m.lygtemand ? `, Lygtemand ${m.lygtemand}` : ""}${m.acorn ? `, Acorn ${m.acorn}` : ""}`;
    if (m.in_game) ctx.clickable(g, ctx.find("wrath", { minion: m.name }), `Vogter's Wrath on ${m.name}`);
    if (m.acorn && m.in_game) acorn(minions, x + 16, y + 130, m.acorn);
    if (m.lygtemand && m.in_game) {
      const ly = y + 94;
      const lg = el("g", {}, minions);
      const [fill, letter] = styleOf(m.lygtemand);
      el("rect", { x: x + 30, y: ly, width: mw - 34, height: 52, rx: 5, fill: "#f5e6a8", stroke: "#6b5a10", "stroke-width": 1.5, class: "hit" }, lg);
      el("circle", { cx: x + 30 + (mw - 34) / 2, cy: ly + 20, r: 12, fill, stroke: "#0008" }, lg);
      text(lg, x + 30 + (mw - 34) / 2, ly + 25, letter, { "font-size": 13, "font-weight": 800, "text-anchor": "middle", fill: inkOn(fill) });
      text(lg, x + 30 + (mw - 34) / 2, ly + 46, "Lygte", { "font-size": 10.5, "text-anchor": "middle", fill: "#6b5a10" });
      el("title", {}, lg).textContent = `Lygtemand ${m.lygtemand} (Trickster) on ${m.name}`;
      if (m.lygtemand !== "?") ctx.clickable(lg, ctx.find("rally", { ally: m.lygtemand }), `Rally the ${m.lygtemand} Lygtemand`);
      else {
        // The "?" Lygtemand takes any Ally: one button per Ally type under the row.
        const offered = ctx.all("rally ?");
        offered.forEach((a, k) => {
          const t = a.args.ally;
          const b = button(minions, x + (k % 2) * (mw / 2), y + 156 + Math.floor(k / 2) * 28, mw / 2 - 2, 25, `?${styleOf(t)[1]}`);
          ctx.clickable(b, a, `Rally the ? Lygtemand with a ${t}`);
        });
      }
    }
  });
  const minionsH = 28 + 150 + (ctx.all("rally ?").length ? 88 : 8);

  // ---- the Future, the deck, the discard pile ----
  const future = section("future");
  heading(future, 0, 18, "The Future");
  const fw = 96;
  const fh = 134;
  view.future.forEach((c, i) => {
    const x = i * (fw + 8);
    const slot = `f${i + 1}`;
    text(future, x + fw / 2, 40, slot, { "font-size": 12, "text-anchor": "middle", fill: "#5a4a3a" });
    if (!c) {
      el("rect", { x, y: 46, width: fw, height: fh, rx: 6, fill: "#f4efe4", stroke: "#bbb", "stroke-dasharray": "4 3" }, future);
      return;
    }
    const g = tag(`future:${slot}`, card(future, c, x, 46, fw, fh));
    clickFirst(g, ["call", "bottom", "take", "discard"].map((kind) => ctx.find(kind, { slot })), (a) => `${a.text} (${c})`);
    const risky = ctx.find("call risky", { slot });
    if (risky) ctx.clickable(button(future, x, 46 + fh + 4, fw, 26, "risky call"), risky, `call ${slot} (${c}) with a Risky Draw`);
  });
  let fy = 46 + fh + 34;
  const sideX = 3 * (fw + 8) + 4;
  if (view.taking) text(future, 0, fy + 10, `being taken: ${view.taking}`, { "font-size": 13, fill: "#a33b20", "font-weight": 600 });
  if (view.placing) text(future, 0, fy + 28, `being placed: ${view.placing}`, { "font-size": 13, fill: "#a33b20", "font-weight": 600 });
  const done = ctx.find("done");
  if (done) ctx.clickable(button(future, 200, fy - 4, 100, 28, "done"), done, "done: stop here");
  // The deck: its size, its known top and bottom cards and what its hidden part holds.
  const deck = view.deck;
  const dg = tag("deck", el("g", {}, future));
  el("rect", { x: sideX, y: 46, width: 70, height: 96, rx: 6, fill: "#3f5a36", stroke: "#1d2b18", "stroke-width": 1.5 }, dg);
  text(dg, sideX + 35, 100, `${deck.size}`, { "font-size": 24, "font-weight": 800, "text-anchor": "middle", fill: "#fff" });
  text(dg, sideX + 35, 158, "deck", { "font-size": 12, "text-anchor": "middle", fill: "#5a4a3a" });
  el("title", {}, dg).textContent = `deck: ${deck.size} cards`;
  const discardTotal = Object.values(view.discard).reduce((a, b) => a + b, 0);
  const pg = tag("discard", el("g", {}, future));
  el("rect", { x: sideX + 80, y: 46, width: 70, height: 96, rx: 6, fill: "#eadfca", stroke: "#8a7a66", "stroke-dasharray": "5 3" }, pg);
  text(pg, sideX + 115, 100, `${discardTotal}`, { "font-size": 24, "font-weight": 800, "text-anchor": "middle" });
  text(pg, sideX + 115, 158, "discard", { "font-size": 12, "text-anchor": "middle", fill: "#5a4a3a" });
  el("title", {}, pg).textContent = "discard pile";
  // Deck knowledge (public, SV-6), as text lines under the piles.
  const lines = [];
  const letters = (cards) => cards.map((c) => styleOf(c)[1]).join(" ");
  if (deck.top.length) lines.push(`top: ${letters(deck.top)} (first = top card)`);
  lines.push(`hidden ${deck.hidden}: ${Object.entries(deck.hidden_cards).map(([k, v]) => `${styleOf(k)[1]}×${v}`).join(" ")}`);
  if (deck.bottom.length) lines.push(`bottom: ${letters(deck.bottom)} (last = bottom card)`);
  // The discard pile by type; each type a place for 'recycle X'.
  let ry = 170;
  Object.entries(view.discard).forEach(([k, v], i) => {
    const x = sideX + (i % 3) * 52;
    const y = ry + Math.floor(i / 3) * 36;
    const g = card(future, k, x, y, 48, 32);
    text(g, x + 44, y + 28, `${v}`, { "font-size": 11, "text-anchor": "end", fill: inkOn(styleOf(k)[0]), "font-weight": 700 });
    el("title", {}, g).textContent = `${v}× ${k} in the discard pile`;
    ctx.clickable(g, ctx.find("recycle", { ally: k }), `recycle a ${k}: put it on the bottom of the deck`);
  });
  ry += Math.ceil(Object.keys(view.discard).length / 3) * 36;
  fy = Math.max(fy + 34, ry + 6);
  lines.forEach((line, i) => text(future, 0, fy + i * 18, `Deck ${line}`, { "font-size": 13, fill: "#3b2f25" }));
  fy += lines.length * 18;
  // Cards revealed by Involve, placed on top or bottom one by one.
  if (view.revealed?.length) {
    text(future, 0, fy + 12, "Revealed by Involve:", { "font-size": 13, "font-weight": 600 });
    view.revealed.forEach((c, i) => {
      const g = card(future, c, 150 + i * 56, fy - 6, 52, 40);
      clickFirst(g, [ctx.find("top", { ally: c }), ctx.find("bottom", { card: c })], (a) => `${a.text} of the deck`);
    });
    fy += 44;
  }
  const futureH = fy + 8;

  // ---- the modules: Rallied Lygtemands, Hostages ----
  const modules = section("modules");
  let my = 0;
  if (view.lygtemands) {
    heading(modules, 0, 18, "Rallied Lygtemands");
    const lyg = view.lygtemands;
    for (let i = 0; i < lyg.rallied; i++) {
      const g = el("g", {}, modules);
      el("rect", { x: i * 36, y: 28, width: 30, height: 42, rx: 4, fill: "#ffe98a", stroke: "#6b5a10" }, g);
      el("circle", { cx: i * 36 + 15, cy: 45, r: 7, fill: "#fff7c2", stroke: "#b89a10" }, g);
      el("title", {}, g).textContent = "a Rallied Lygtemand";
    }
    tag("rallied", modules);
    const lx = Math.max(lyg.rallied, 1) * 36 + 8;
    text(modules, lx, 44, `${lyg.rallied} Rallied, ${lyg.removed} removed`, { "font-size": 13 });
    [1, 2].forEach((k) => {
      const a = ctx.find("involve", { lygtemands: k });
      if (a) ctx.clickable(button(modules, lx + (k - 1) * 100, 52, 94, 26, `involve ${k}`), a, `involve ${k}: remove ${k} Rallied Lygtemand${k > 1 ? "s" : ""}`);
    });
    my = 86;
  }
  if (view.hostages && (Object.keys(view.hostages).length || table.view.acorns_in_centre)) {
    const rescue = table.view.hostages !== null;
    if (rescue) {
      heading(modules, 0, my + 18, "Hostages (Rescue)");
      ALLIES.forEach((t, i) => {
        const x = i * 86;
        const y = my + 28;
        const token = view.hostages[t];
        const g = tag(`hostage:${t}`, card(modules, t, x, y, 80, 70, { opacity: token ? 1 : 0.45 }));
        if (token) {
          el("circle", { cx: x + 66, cy: y + 14, r: 12, fill: "#f4f4f4", stroke: "#222", "stroke-width": 2 }, g);
          text(g, x + 66, y + 18, token, { "font-size": 11, "font-weight": 800, "text-anchor": "middle", fill: "#222" });
          el("title", {}, g).textContent = `${t}: held hostage (${token})`;
        } else el("title", {}, g).textContent = `${t}: freed`;
        ctx.clickable(g, ctx.find("rescue", { ally: t }), `Vogter's Rescue: free the ${t}`);
      });
      my += 106;
    }
  }
  const modulesH = my;

  // ---- the Vogter cards ----
  const vogter = section("vogter");
  heading(vogter, 0, 18, "Vogter's actions");
  const cards = [
    ["Call", "take a Future card (click it)"],
    ["Gambit", "damage a Tree, Future to the bottom"],
    ["Command", "Position or Mission (your hand)"],
    ["Wrath", "defeat a Minion (click it)"],
  ];
  if (view.lygtemands) cards.push(["Reconciliation", "Rally or Involve"]);
  if (view.hostages) cards.push(["Rescue", "free a Hostage (click it)"]);
  const perRow = narrow ? 3 : 6;
  const vw = (W - 20 - (perRow - 1) * 8) / perRow;
  cards.forEach(([name, words], i) => {
    const x = (i % perRow) * (vw + 8);
    const y = 28 + Math.floor(i / perRow) * 112;
    const g = tag(`vogter:${name}`, el("g", {}, vogter));
    el("rect", { x, y, width: vw, height: 104, rx: 8, fill: "#e5efe9", stroke: VOGTER, "stroke-width": 2, class: "hit" }, g);
    text(g, x + 8, y + 20, name, { "font-size": 15, "font-weight": 700, fill: "#124a55" });
    const words1 = words.length > vw / 7 ? words.split(" ").slice(0, Math.ceil(words.split(" ").length / 2)).join(" ") : words;
    text(g, x + 8, y + 40, words1, { "font-size": 12, fill: "#3b4a44" });
    if (words1 !== words) text(g, x + 8, y + 55, words.slice(words1.length + 1), { "font-size": 12, fill: "#3b4a44" });
    if (name === "Gambit") ctx.clickable(g, ctx.find("gambit"), "Vogter's Gambit");
    if (name === "Wrath") {
      ["refuge", "revenge", "restoration"].forEach((reward, k) => {
        const a = ctx.find(reward);
        if (a) ctx.clickable(button(vogter, x + 4 + k * ((vw - 8) / 3), y + 70, (vw - 8) / 3 - 3, 28, reward.slice(0, 4) + "…"), a, `reward: ${reward}`);
      });
    }
  });
  const vogterH = 28 + Math.ceil(cards.length / perRow) * 112;

  // ---- the hands ----
  const hands = section("hands");
  heading(hands, 0, 18, "Hands");
  const hw = 70;
  view.hands.forEach((hand, p) => {
    const y = 28 + p * 138;
    const g = tag(`hand:${p}`, el("g", {}, hands));
    const active = p === actor && view.result === "playing";
    el("rect", { x: 0, y, width: W - 20, height: 130, rx: 8, fill: active ? "#fff6d8" : "#fffaf0", stroke: active ? "#c8a040" : "#d8ccb8", "stroke-width": active ? 2 : 1 }, g);
    chip(g, 18, y + 20, 12, ctx.seatColour(p), ctx.seatMark(p));
    text(g, 36, y + 25, `${ctx.seatName(p)}${p === table.you ? " (you)" : ""}${active ? " ◀ to move" : ""} — ${hand.length} card${hand.length === 1 ? "" : "s"}`, { "font-size": 14, "font-weight": 700 });
    const done = new Set();
    hand.forEach((c, i) => {
      const x = 10 + i * (hw + 8);
      const cg = card(g, c, x, y + 36, hw, 60);
      if (p !== actor || done.has(c)) return;
      done.add(c);
      ctx.clickable(cg, ctx.find("discard", { ally: c }), `discard ${c} (hand limit)`);
      [["position", "place"], ["mission", "mission"]].forEach(([verb, label], k) => {
        const a = ctx.find(verb, { ally: c });
        if (a) ctx.clickable(button(g, x + k * (hw / 2), y + 99, hw / 2 - 2, 26, label === "place" ? "◆" : "★"), a, `${verb === "position" ? "Command: Position" : "Command: Mission"} — ${c}`);
      });
    });
  });
  text(hands, W - 24, 18, "◆ Position in the Forest · ★ Mission (its power)", { "font-size": 12, "text-anchor": "end", fill: "#5a4a3a" });
  const handsH = 28 + view.hands.length * 138;

  // ---- layout ----
  const result = view.result === "won" ? "Victory: the last Minion has left the game" : view.result === "lost" ? "Defeat" : null;
  const place = [];
  let y = 34;
  if (narrow) {
    for (const [name, h] of [["forest", forestH], ["minions", minionsH], ["future", futureH], ["modules", modulesH], ["hands", handsH], ["vogter", vogterH]]) {
      place.push([name, name === "forest" ? 0 : 10, y]);
      y += h + 14;
    }
  } else {
    place.push(["forest", 0, y]);
    let ry2 = y;
    for (const [name, h] of [["minions", minionsH], ["future", futureH], ["modules", modulesH]]) {
      place.push([name, 540, ry2]);
      ry2 += h + 12;
    }
    y = Math.max(y + forestH, ry2) + 6;
    place.push(["hands", 10, y]);
    y += handsH + 12;
    place.push(["vogter", 10, y]);
    y += vogterH + 10;
  }
  const svg = board(W, y, `Skoventyr, ${view.players} player${view.players > 1 ? "s" : ""}: the Forest, the Minions, the Future and the hands`);
  if (narrow) svg.classList.add("fits-phone"); // laid out in one column for a phone
  svg.classList.add("board-skoventyr"); // its rules are in style.css
  el("rect", { x: 0, y: 0, width: W, height: y, fill: "#eef2e6" }, svg);
  text(svg, 10, 22, result || `Turn ${view.turns_played + 1} — ${ctx.seatName(actor)} to move`, { "font-size": 17, "font-weight": 700, fill: result ? (view.result === "won" ? "#2e6b2e" : "#a33b20") : "#2b2118" });
  for (const [name, x, yy] of place) {
    sections[name].setAttribute("transform", `translate(${x} ${yy})`);
    svg.appendChild(sections[name]);
  }

  // The last move, where it has a place.
  const key = lastPlace(ctx.last);
  const node = key && tagged.get(key);
  if (node) node.classList.add("last-move");
  return svg;
}
