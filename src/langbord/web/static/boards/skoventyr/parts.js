// The sections of Skoventyr's board drawn at the places layout.js gives, each into its own group:
// the Forest, the Minions, the hands, the Future with the piles, the modules and the Vogter cards.
import { chip, el, inkOn, text } from "../../svg.js";
import { VOGTER, acorn, box, button, card, heading, pawn, tip } from "./cards.js";
import { REWARDS, TIPS, VOGTER_CARDS, rewardName, styleOf, treeTip, vogterLines, vogterName } from "./tips.js";
import { nearest } from "./places.js";
import { t, tn } from "../../i18n.js";
import { actionWords, seatWord } from "../../names.js";

/** @typedef {import("./view.js").SkoventyrView} SkoventyrView */
/** @typedef {import("./view.js").Minion} Minion */
/** @typedef {import("./view.js").Action} Action */
/** @typedef {import("./view.js").Table} Table */
/** @typedef {import("./view.js").Ctx} Ctx */
/** @typedef {import("./view.js").Tag} Tag */
/** @typedef {import("./view.js").Places} Places */
/** @typedef {import("./layout.js").Geo} Geo */
/** @typedef {import("./layout.js").Rect} Rect */

const SMALL = { "font-size": 12, fill: "#5a4a3a" };

/** Makes `node` the place of `places.get(key)`, if legal, with the words `label(action)`; else
 * it offers the action the place stands for at `view`'s phase (places.js's `nearest`), which
 * answers why not (an action legal now belongs to another place or button, which offers it).
 * @param {Ctx} ctx @param {Places} places @param {string} key @param {Element} node
 * @param {((action: Action) => string) | null} label @param {SkoventyrView} view */
function place(ctx, places, key, node, label, view) {
  const action = places.get(key);
  if (action) return ctx.clickable(node, action, label ? label(action) : null);
  const near = nearest(key, view.phase);
  if (near && !ctx.find(near.kind, near.args)) ctx.offer(node, near.kind, near.args);
  return false;
}

/** The Forest: the ring of Trees with the pawns and Allies on them, and its centre.
 * @param {Element} g @param {Geo} geo @param {SkoventyrView} view @param {Ctx} ctx
 * @param {Places} places @param {Tag} tag */
export function forest(g, geo, view, ctx, places, tag) {
  const f = geo.forest;
  heading(g, geo.narrow ? 14 : 10, 20, t("The Forest (clockwise)"), t("The Forest: a circle of Trees. Vogter and Gamle Erik move clockwise from Tree to Tree; if Gamle Erik reaches Vogter's Tree the game is lost."));
  el("circle", { cx: f.cx, cy: f.cy, r: Math.hypot(f.trees[0].x + f.trees[0].w / 2 - f.cx, f.trees[0].y + f.trees[0].h / 2 - f.cy), fill: "none", stroke: "#b9a47e", "stroke-width": 3, "stroke-dasharray": "2 8" }, g);
  view.forest.forEach((tree, i) => {
    const r = f.trees[i];
    const node = tag(`tree:${tree.tree}`, tip(el("g", {}, g), treeTip(tree)));
    const healthy = tree.side === "healthy";
    el("rect", { ...box(r), rx: 8, fill: healthy ? "#4f8a3c" : "#9a8062", stroke: healthy ? "#264d1c" : "#5a4630", "stroke-width": 2, class: "hit" }, node);
    if (!healthy) el("path", { d: `M${r.x + 8},${r.y + r.h - 8} L${r.x + r.w - 8},${r.y + 8}`, stroke: "#5a4630", "stroke-width": 3, "stroke-opacity": 0.5 }, node);
    el("rect", { x: r.x + r.w - 24, y: r.y + 28, width: 6, height: 14, fill: "#5c3b17" }, node);
    el("circle", { cx: r.x + r.w - 21, cy: r.y + 22, r: 11, fill: healthy ? "#7fc16a" : "#c9b18a", stroke: "#0004" }, node);
    text(node, r.x + 7, r.y + 32, tree.tree, { "font-size": 21, "font-weight": 800, fill: "#fff" });
    text(node, r.x + 7, r.y + 47, healthy ? t("Healthy") : t("Damaged"), { "font-size": 11.5, fill: "#fff", "font-weight": 600 });
    if (tree.ally) {
      const cw = tree.revealed ? Math.min(62, r.w - 20) : 36;
      const ch = tree.revealed ? 34 : Math.min(50, r.h - 54);
      const ally = card(node, tree.ally, r.x + r.w / 2 - cw / 2 - 6, r.y + r.h - ch - 5, cw, ch);
      ally.removeAttribute("data-tip"); // the Tree's explanation names it
      if (tree.revealed) ally.setAttribute("data-face-up", "");
      text(node, r.x + r.w - 4, r.y + r.h - 7, tree.revealed ? "R" : "H", { "font-size": 13, "font-weight": 800, "text-anchor": "end", fill: "#fff" });
    }
    if (tree.vogter) pawn(g, r.x + r.w / 2 + 10, r.y - 2, "V");
    if (tree.gamle_erik) tag("erik", pawn(g, r.x + r.w / 2 - 22, r.y - 2, "GE"));
    place(ctx, places, `tree:${tree.tree}`, node, (a) => (a.kind === "erik back"
      ? tn("move Gamle Erik back {n} to Tree {tree}", "move Gamle Erik back {n} to Tree {tree}", Number(a.args?.steps), { tree: tree.tree })
      : actionWords(a)), view);
  });
  const { cx, cy } = f;
  const centre = tip(el("g", {}, g), TIPS.centre);
  const size = geo.narrow ? 12 : 14;
  const mid = { "font-size": size, "text-anchor": "middle", "font-weight": 600 };
  // One sentence on two lines: the line break is the translation's.
  const [behind, vogter] = tn("Gamle Erik is {n} Tree\nbehind Vogter", "Gamle Erik is {n} Trees\nbehind Vogter", view.distance).split("\n");
  text(centre, cx, cy - 30, behind, mid);
  text(centre, cx, cy - 15, vogter ?? "", mid);
  text(centre, cx, cy + 6, t("Allies in the Forest: {n}", { n: view.allies_in_forest }), { "font-size": size, "text-anchor": "middle" });
  if (view.discarded_trees.length) text(centre, cx, cy + 20, t("discarded Trees: {trees}", { trees: view.discarded_trees.join(", ") }), { "font-size": 12.5, "text-anchor": "middle", fill: "#5a4a3a" });
  const acorns = view.acorns_in_centre ?? [];
  if (acorns.length) {
    text(g, cx, cy + 40, t("Acorns in the centre"), { "font-size": 12, "text-anchor": "middle", fill: "#5a4a3a" });
    acorns.forEach((k, i) => acorn(g, cx - (acorns.length - 1) * 14 + i * 28, cy + 58, k));
  }
}

/** A Minion at `r`, with its Acorn and its Lygtemand while it is in the game.
 * @param {Element} g @param {Rect & {lygte: Rect}} r @param {Minion} m @param {Ctx} ctx
 * @param {Places} places @param {Tag} tag @param {SkoventyrView} view */
function minion(g, r, m, ctx, places, tag, view) {
  const what = m.in_game ? t("{minion}, value {value}.", { minion: m.name, value: m.value }) : t("{minion}, value {value} (defeated).", { minion: m.name, value: m.value });
  const node = tag(`minion:${m.name}`, tip(el("g", {}, g), `${what} ${TIPS.minion}`));
  const [kind, number] = m.name.split(" ");
  el("rect", { ...box(r), rx: 7, fill: m.in_game ? "#3d3346" : "#e8e2d8", stroke: "#1d1724", "stroke-width": 1.5, class: "hit", opacity: m.in_game ? 1 : 0.5 }, node);
  text(node, r.x + r.w / 2, r.y + 19, kind, { "font-size": 11.5, "text-anchor": "middle", fill: m.in_game ? "#fff" : "#555", "font-weight": 700 });
  text(node, r.x + r.w / 2, r.y + 34, number, { "font-size": 11, "text-anchor": "middle", fill: m.in_game ? "#ddd" : "#555" });
  const side = m.lygtemand && m.in_game ? r.x + 22 : r.x + r.w / 2;
  text(node, side, r.y + 76, `${m.value}`, { "font-size": 32, "font-weight": 800, "text-anchor": "middle", fill: m.in_game ? "#ffd36b" : "#777" });
  if (!m.in_game) text(node, r.x + r.w / 2, r.y + 104, t("defeated"), { "font-size": 12, "text-anchor": "middle", fill: "#333", "font-weight": 700 });
  if (m.in_game) place(ctx, places, `minion:${m.name}`, node, () => t("Vogter's Wrath on {minion}", { minion: m.name }), view);
  if (m.acorn && m.in_game) acorn(g, r.x + 16, r.y + 130, m.acorn);
  if (m.lygtemand && m.in_game) lygtemand(g, r.lygte, m.name, m.lygtemand, ctx, places, view);
}

/** The Trickster Lygtemand of the Ally `ally` on the Minion `name`, at `l`; clickable to Rally it
 * (the "?" Lygtemand is Rallied by its buttons).
 * @param {Element} g @param {Rect} l @param {string} name @param {string} ally @param {Ctx} ctx
 * @param {Places} places @param {SkoventyrView} view */
function lygtemand(g, l, name, ally, ctx, places, view) {
  const words = [t("Lygtemand {ally} on {minion}.", { ally, minion: name }), TIPS.lygtemand];
  if (ally === "?") words.push(t("The \"?\" Lygtemand takes an Ally of any type."));
  const lg = tip(el("g", {}, g), words.join(" "));
  const [fill, letter] = styleOf(ally);
  el("rect", { ...box(l), rx: 5, fill: "#f5e6a8", stroke: "#6b5a10", "stroke-width": 1.5, class: "hit" }, lg);
  el("circle", { cx: l.x + l.w / 2, cy: l.y + 20, r: 12, fill, stroke: "#0008" }, lg);
  text(lg, l.x + l.w / 2, l.y + 25, letter, { "font-size": 13, "font-weight": 800, "text-anchor": "middle", fill: inkOn(fill) });
  text(lg, l.x + l.w / 2, l.y + 46, "Lygte", { "font-size": 10.5, "text-anchor": "middle", fill: "#6b5a10" });
  if (ally !== "?") place(ctx, places, `lygte:${ally}`, lg, () => t("Rally the {ally} Lygtemand", { ally }), view);
}

/** Gamle Erik's Minions with their Lygtemands and Acorns, and the buttons of the "?" Lygtemand.
 * @param {Element} g @param {Geo} geo @param {SkoventyrView} view @param {Ctx} ctx
 * @param {Places} places @param {Tag} tag */
export function minions(g, geo, view, ctx, places, tag) {
  heading(g, geo.narrow ? 14 : 10, 18, t("Gamle Erik's Minions"), t("Defeat every Minion with Vogter's Wrath to win."));
  view.minions.forEach((m, i) => minion(g, geo.minions.minions[i], m, ctx, places, tag, view));
  geo.minions.rally.forEach((b) => {
    const ally = String(b.action.args?.ally);
    const node = tip(button(g, b.x, b.y, b.w, b.h, b.label), t("Rally the \"?\" Lygtemand by putting a {ally} from your hand on the bottom of the deck.", { ally }));
    ctx.clickable(node, b.action, t("Rally the ? Lygtemand with a {ally}", { ally }));
  });
}

/** Vogter's Command on a card of the hand: its button under the card. @type {("position" | "mission")[]} */
const COMMANDS = ["position", "mission"];

/** A Command's button label, the action's words and what it does with `card`.
 * @param {"position" | "mission"} kind @param {string} card @returns {[string, string, string]} */
function commandWords(kind, card) {
  return kind === "position"
    ? [t("Position"), t("Command: Position"), t("Vogter's Command, Position: place this {card} on a Tree with no Ally (next to the Allies already there).", { card })]
    : [t("Mission"), t("Command: Mission"), t("Vogter's Command, Mission: discard this {card} for its power.", { card })];
}

/** Every hand, the player to move's with its Position and Mission buttons.
 * @param {Element} g @param {Geo} geo @param {SkoventyrView} view @param {Table} table
 * @param {Ctx} ctx @param {Places} places @param {Tag} tag */
export function hands(g, geo, view, table, ctx, places, tag) {
  heading(g, geo.narrow ? 14 : 4, 18, t("Hands"), TIPS.hand);
  geo.hands.hands.forEach((hand) => {
    const p = hand.player;
    const node = tag(`hand:${p}`, tip(el("g", { class: hand.mine ? "sv-hand" : "sv-other-hand" }, g), TIPS.hand));
    el("rect", { ...box(hand), rx: 8, fill: hand.mine ? "#fff6d8" : "#fffaf0", stroke: hand.mine ? "#c8a040" : "#d8ccb8", "stroke-width": hand.mine ? 2 : 1 }, node);
    chip(node, hand.x + 18, hand.y + 16, 11, ctx.seatColour(p), ctx.seatMark(p));
    const cards = view.hands[p];
    const name = table.players?.[p]?.name;
    const [yours, moving, count] = [t("(you)"), t("to move"), tn("{n} card", "{n} cards", cards.length)];
    const who = `${seatWord(ctx.seatName(p))}${name ? ` · ${name}` : ""}${p === table.you ? ` ${yours}` : ""}${hand.mine ? ` ◀ ${moving}` : ""}`;
    text(node, hand.x + 36, hand.y + 21, `${who} — ${count}`, { "font-size": 13.5, "font-weight": 700 });
    hand.cards.forEach((c) => {
      const cg = card(node, c.card, c.x, c.y, c.w, c.h);
      if (!hand.mine) return;
      place(ctx, places, `hand:${c.card}`, cg, () => t("discard {card} (hand limit)", { card: c.card }), view);
      COMMANDS.forEach((kind) => {
        const r = c[kind];
        const action = places.get(`${kind}:${c.card}`);
        if (!r || !action) return;
        const [label, words, does] = commandWords(kind, c.card);
        const b = tip(button(node, r.x, r.y, r.w, r.h, label), does);
        ctx.clickable(b, action, `${words} — ${c.card}`);
      });
    });
  });
}

/** The Future with its Risky calls, the deck and the discard pile, what is known of the deck
 * and the cards revealed by Involve.
 * @param {Element} g @param {Geo} geo @param {SkoventyrView} view @param {Ctx} ctx
 * @param {Places} places @param {Tag} tag */
export function future(g, geo, view, ctx, places, tag) {
  const f = geo.future;
  const x0 = geo.narrow ? 14 : 0;
  heading(g, x0, 18, t("The Future"), TIPS.future);
  f.slots.forEach((s) => {
    text(g, s.x + s.w / 2, 40, s.slot, { "font-size": 12, "text-anchor": "middle", fill: "#5a4a3a" });
    if (!s.card) {
      el("rect", { ...box(s), rx: 6, fill: "#f4efe4", stroke: "#bbb", "stroke-dasharray": "4 3" }, g);
      return;
    }
    const node = tag(`future:${s.slot}`, card(g, s.card, s.x, s.y, s.w, s.h, { class: "sv-future" }));
    place(ctx, places, `future:${s.slot}`, node, (a) => `${actionWords(a)} (${s.card})`, view);
    const risky = places.get(`risky:${s.slot}`);
    if (s.risky && risky) ctx.clickable(tip(button(g, s.risky.x, s.risky.y, s.risky.w, s.risky.h, t("Risky call")), VOGTER_CARDS.Call), risky, t("call {slot} ({card}) with a Risky Draw", { slot: s.slot, card: s.card }));
  });
  f.status.forEach((line, i) => text(g, x0, f.statusY + i * 20, line, { "font-size": 13, fill: "#a33b20", "font-weight": 600 }));
  const deck = tag("deck", tip(el("g", {}, g), [TIPS.deck, tn("{n} card.", "{n} cards.", view.deck.size)].join(" ")));
  el("rect", { ...box(f.deck), rx: 6, fill: "#3f5a36", stroke: "#1d2b18", "stroke-width": 1.5 }, deck);
  text(deck, f.deck.x + 35, f.deck.y + 54, `${view.deck.size}`, { "font-size": 24, "font-weight": 800, "text-anchor": "middle", fill: "#fff" });
  text(deck, f.deck.x + 35, f.deck.y + 112, t("deck"), { ...SMALL, "text-anchor": "middle" });
  const total = Object.values(view.discard).reduce((a, b) => a + Number(b), 0);
  const pile = tag("discard", tip(el("g", {}, g), TIPS.discard));
  el("rect", { ...box(f.discard), rx: 6, fill: "#eadfca", stroke: "#8a7a66", "stroke-dasharray": "5 3" }, pile);
  text(pile, f.discard.x + 35, f.discard.y + 54, `${total}`, { "font-size": 24, "font-weight": 800, "text-anchor": "middle" });
  text(pile, f.discard.x + 35, f.discard.y + 112, t("discard"), { ...SMALL, "text-anchor": "middle" });
  f.discards.forEach((d) => {
    const node = card(g, d.card, d.x, d.y, d.w, d.h);
    text(node, d.x + d.w - 4, d.y + d.h - 4, `${view.discard[d.card]}`, { "font-size": 11, "text-anchor": "end", fill: inkOn(styleOf(d.card)[0]), "font-weight": 700 });
    const count = Number(view.discard[d.card]);
    tip(node, [tn("{n}× {card} in the discard pile.", "{n}× {card} in the discard pile.", count, { card: d.card }), TIPS.discard].join(" "));
    place(ctx, places, `recycle:${d.card}`, node, () => t("recycle a {card}: put it on the bottom of the deck", { card: d.card }), view);
  });
  f.lines.forEach((line, i) => tip(text(g, x0, f.linesY + i * 18, line, { "font-size": 12.5, fill: "#3b2f25" }), TIPS.deck));
  if (f.revealed.length) {
    const top = f.revealed[0];
    text(g, x0, top.y - 6, t("Revealed by Involve: top or bottom of the deck"), { "font-size": 13, "font-weight": 600 });
    f.revealed.forEach((r) => {
      tip(card(g, r.card, r.x, r.y, r.w, r.h), TIPS.revealed);
      const up = places.get(`top:${r.card}`);
      const down = places.get(`bottom:${r.card}`);
      if (up) ctx.clickable(tip(button(g, r.top.x, r.top.y, r.top.w, r.top.h, t("Top")), TIPS.revealed), up, t("{card} to the top of the deck", { card: r.card }));
      if (down) ctx.clickable(tip(button(g, r.bottom.x, r.bottom.y, r.bottom.w, r.bottom.h, t("Bottom")), TIPS.revealed), down, t("{card} to the bottom of the deck", { card: r.card }));
    });
  }
}

/** The modules: the Rallied Lygtemands with Involve's buttons, the Hostages (Rescue).
 * @param {Element} g @param {Geo} geo @param {SkoventyrView} view @param {Ctx} ctx
 * @param {Places} places @param {Tag} tag */
export function modules(g, geo, view, ctx, places, tag) {
  const x0 = geo.narrow ? 14 : 0;
  const lyg = geo.modules.lygtemands;
  if (lyg && view.lygtemands) {
    heading(g, x0, lyg.y + 18, t("Rallied Lygtemands"), TIPS.rallied);
    const rallied = tag("rallied", tip(el("g", {}, g), TIPS.rallied));
    for (let i = 0; i < view.lygtemands.rallied; i++) {
      el("rect", { x: x0 + i * 36, y: lyg.y + 28, width: 30, height: 42, rx: 4, fill: "#ffe98a", stroke: "#6b5a10" }, rallied);
      el("circle", { cx: x0 + i * 36 + 15, cy: lyg.y + 45, r: 7, fill: "#fff7c2", stroke: "#b89a10" }, rallied);
    }
    text(rallied, x0 + Math.max(view.lygtemands.rallied, 1) * 36 + 8, lyg.y + 52, [tn("{n} Rallied", "{n} Rallied", view.lygtemands.rallied), tn("{n} removed", "{n} removed", view.lygtemands.removed)].join(", "), { "font-size": 13 });
    lyg.involve.forEach((b) => {
      const does = b.k > 1 ? t("Involve: remove {n} Rallied Lygtemands and reveal cards from the deck until 2 Allies and an Adversary show.", { n: b.k })
        : t("Involve: remove 1 Rallied Lygtemand and reveal cards from the deck until an Ally shows.");
      const node = tip(button(g, b.x, b.y, b.w, b.h, t("Involve {n}", { n: b.k })), does);
      place(ctx, places, `involve:${b.k}`, node, () => tn("involve {n}: remove {n} Rallied Lygtemand", "involve {n}: remove {n} Rallied Lygtemands", b.k), view);
    });
  }
  const hostages = geo.modules.hostages;
  if (!hostages) return;
  heading(g, x0, hostages.y + 18, t("Hostages (Rescue)"), TIPS.hostage);
  hostages.cards.forEach((r) => {
    const ally = r.ally;
    const token = view.hostages?.[ally];
    const node = tag(`hostage:${ally}`, card(g, ally, r.x, r.y, r.w, r.h, { opacity: token ? 1 : 0.45 }));
    if (token) {
      el("circle", { cx: r.x + r.w - 14, cy: r.y + 14, r: 12, fill: "#f4f4f4", stroke: "#222", "stroke-width": 2 }, node);
      text(node, r.x + r.w - 14, r.y + 18, token, { "font-size": 11, "font-weight": 800, "text-anchor": "middle", fill: "#222" });
    }
    tip(node, token ? [t("{ally}: held hostage ({token}).", { ally, token }), TIPS.hostage].join(" ") : t("{ally}: freed — Vogter's Command may use {ally} again.", { ally }));
    place(ctx, places, `hostage:${ally}`, node, () => t("Vogter's Rescue: free the {ally}", { ally }), view);
  });
}

/** The Vogter cards, Wrath with its rewards' buttons.
 * @param {Element} g @param {Geo} geo @param {Ctx} ctx @param {Places} places @param {Tag} tag
 * @param {SkoventyrView} view */
export function vogter(g, geo, ctx, places, tag, view) {
  const x0 = geo.narrow ? 14 : 0;
  heading(g, x0, 18, t("Vogter's actions (one a turn)"), t("Each turn the player chooses one action on a Vogter card. The cards stay available all game."));
  geo.vogter.cards.forEach((c) => {
    const node = tag(`vogter:${c.name}`, tip(el("g", {}, g), VOGTER_CARDS[c.name]));
    el("rect", { ...box(c), rx: 8, fill: "#e5efe9", stroke: VOGTER, "stroke-width": 2, class: "hit" }, node);
    text(node, c.x + 8, c.y + 20, vogterName(c.name), { "font-size": 15, "font-weight": 700, fill: "#124a55" });
    const [one, two] = vogterLines(c.name);
    text(node, c.x + 8, c.y + 40, one, { "font-size": 12, fill: "#3b4a44" });
    text(node, c.x + 8, c.y + 55, two ?? "", { "font-size": 12, fill: "#3b4a44" });
    if (c.name === "Gambit") place(ctx, places, "vogter:Gambit", node, () => t("Vogter's Gambit"), view);
    c.rewards.forEach((r) => {
      const action = places.get(`reward:${r.kind}`);
      if (!action) return;
      const name = rewardName(r.kind);
      const label = r.w < 70 ? `${name.slice(0, 5)}.` : name;
      ctx.clickable(tip(button(g, r.x, r.y, r.w, r.h, label), REWARDS[r.kind]), action, t("reward: {reward}", { reward: name }));
    });
  });
}

/** The decisions without a component of their own, as buttons.
 * @param {Element} g @param {Geo} geo @param {Ctx} ctx */
export function buttons(g, geo, ctx) {
  geo.buttons.buttons.forEach((b) => ctx.clickable(button(g, b.x, b.y, b.w, b.h, b.label), b.action, b.label));
}

