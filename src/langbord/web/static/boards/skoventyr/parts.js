// The sections of Skoventyr's board drawn at the places layout.js gives, each into its own group:
// the Forest, the Minions, the hands, the Future with the piles, the modules and the Vogter cards.
import { chip, el, inkOn, text } from "../../svg.js";
import { VOGTER, acorn, box, button, card, heading, pawn, tip } from "./cards.js";
import { REWARDS, TIPS, VOGTER_CARDS, rewardName, styleOf, treeTip, vogterName } from "./tips.js";
import { nearest } from "./places.js";
import { LINE, TEXT, squeeze } from "./layout.js";
import { tree as drawTree } from "./figures.js";
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
  el("ellipse", { cx: f.cx, cy: f.cy, rx: f.rx, ry: f.ry, fill: "none", stroke: "#b9a47e", "stroke-width": 3, "stroke-dasharray": "2 8" }, g);
  view.forest.forEach((tree, i) => {
    const r = f.trees[i];
    const node = tag(`tree:${tree.tree}`, tip(el("g", {}, g), treeTip(tree)));
    treeCard(node, r, tree);
    if (tree.vogter) pawn(g, r.x + r.w / 2 + 10, r.y - 2, "V");
    if (tree.gamle_erik) tag("erik", pawn(g, r.x + r.w / 2 - 22, r.y - 2, "GE"));
    place(ctx, places, `tree:${tree.tree}`, node, (a) => (a.kind === "erik back"
      ? tn("move Gamle Erik back {n} to Tree {tree}", "move Gamle Erik back {n} to Tree {tree}", Number(a.args?.steps), { tree: tree.tree })
      : actionWords(a)), view);
  });
  forestCentre(g, f, view);
}

/** A Tree at `r`: its letter and side, and the Ally on it (Hidden "H" or Revealed "R").
 * @param {Element} node @param {Rect} r @param {import("./view.js").Tree} tree */
function treeCard(node, r, tree) {
  const healthy = tree.side === "healthy";
  el("rect", { ...box(r), rx: 8, fill: healthy ? "#4f8a3c" : "#9a8062", stroke: healthy ? "#264d1c" : "#5a4630", "stroke-width": 2, class: "hit" }, node);
  if (!healthy) el("path", { d: `M${r.x + 8},${r.y + r.h - 8} L${r.x + r.w - 8},${r.y + 8}`, stroke: "#5a4630", "stroke-width": 3, "stroke-opacity": 0.5 }, node);
  drawTree(node, { x: r.x + r.w - 36, y: r.y + 4, w: 30, h: 36 }, healthy);
  text(node, r.x + 7, r.y + 28, tree.tree, { "font-size": 21, "font-weight": 800, fill: "#fff" });
  const side = healthy ? t("Healthy") : t("Damaged");
  text(node, r.x + 7, r.y + 48, side, { "font-size": TEXT, fill: "#fff", "font-weight": 600, ...squeeze(side, TEXT, r.w - 12, true) });
  if (!tree.ally) return;
  const cw = tree.revealed ? Math.min(62, r.w - 20) : 36;
  const ch = tree.revealed ? 34 : Math.min(50, r.h - 56);
  const ally = card(node, tree.ally, r.x + r.w / 2 - cw / 2 - 6, r.y + r.h - ch - 5, cw, ch);
  ally.removeAttribute("data-tip"); // the Tree's explanation names it
  if (tree.revealed) ally.setAttribute("data-face-up", "");
  text(node, r.x + r.w - 4, r.y + r.h - 7, tree.revealed ? "R" : "H", { "font-size": TEXT, "font-weight": 800, "text-anchor": "end", fill: "#fff" });
}

/** The middle of the Forest: Gamle Erik's distance behind Vogter, the Allies in the Forest, the
 * discarded Trees and the Acorns in the centre (Rescue), in the lines layout.js made of them.
 * @param {Element} g @param {Geo["forest"]} f @param {SkoventyrView} view */
function forestCentre(g, f, view) {
  const { cx, cy, centre } = f;
  const node = tip(el("g", {}, g), TIPS.centre);
  const top = cy - centre.h / 2;
  centre.lines.forEach((line, i) => text(node, cx, top + 13 + i * LINE, line.words, {
    "font-size": TEXT, "text-anchor": "middle", "font-weight": line.bold ? 600 : 400, fill: line.bold ? "#2b2118" : "#3b2f25",
    ...squeeze(line.words, TEXT, centre.w, line.bold),
  }));
  const acorns = view.acorns_in_centre ?? [];
  acorns.forEach((k, i) => acorn(g, cx - (acorns.length - 1) * 14 + i * 28, top + centre.lines.length * LINE + 14, k));
}

/** A Minion at `r`: its name, its value, its Acorn under the value and its Lygtemand on the
 * right, while it is in the game.
 * @param {Element} g @param {Rect & {lygte: Rect | null}} r @param {Minion} m @param {Ctx} ctx
 * @param {Places} places @param {Tag} tag @param {SkoventyrView} view */
function minion(g, r, m, ctx, places, tag, view) {
  const what = m.in_game ? t("{minion}, value {value}.", { minion: m.name, value: m.value }) : t("{minion}, value {value} (defeated).", { minion: m.name, value: m.value });
  const node = tag(`minion:${m.name}`, tip(el("g", {}, g), `${what} ${TIPS.minion}`));
  el("rect", { ...box(r), rx: 7, fill: m.in_game ? "#3d3346" : "#e8e2d8", stroke: "#1d1724", "stroke-width": 1.5, class: "hit", opacity: m.in_game ? 1 : 0.5 }, node);
  text(node, r.x + r.w / 2, r.y + 20, m.name, { "font-size": TEXT, "text-anchor": "middle", fill: m.in_game ? "#fff" : "#555", "font-weight": 700, ...squeeze(m.name, TEXT, r.w - 10, true) });
  if (!m.in_game) {
    text(node, r.x + r.w / 2, r.y + r.h - 26, `${m.value}`, { "font-size": 24, "font-weight": 800, "text-anchor": "middle", fill: "#777" });
    text(node, r.x + r.w / 2, r.y + r.h - 7, t("defeated"), { "font-size": TEXT, "text-anchor": "middle", fill: "#333", "font-weight": 700 });
    return;
  }
  text(node, r.lygte || m.acorn ? r.x + 26 : r.x + r.w / 2, r.y + 66, `${m.value}`, { "font-size": 32, "font-weight": 800, "text-anchor": "middle", fill: "#ffd36b" });
  place(ctx, places, `minion:${m.name}`, node, () => t("Vogter's Wrath on {minion}", { minion: m.name }), view);
  if (m.acorn) acorn(g, r.x + 26, r.y + 84, m.acorn);
  if (m.lygtemand && r.lygte) lygtemand(g, r.lygte, m.name, m.lygtemand, ctx, places, view);
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
  el("circle", { cx: l.x + l.w / 2, cy: l.y + 22, r: 14, fill, stroke: "#0008" }, lg);
  text(lg, l.x + l.w / 2, l.y + 27, letter, { "font-size": TEXT, "font-weight": 800, "text-anchor": "middle", fill: inkOn(fill) });
  text(lg, l.x + l.w / 2, l.y + 56, "Lygte", { "font-size": TEXT, "text-anchor": "middle", fill: "#6b5a10" });
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
    chip(node, hand.x + 20, hand.y + 16, 13, ctx.seatColour(p), ctx.seatMark(p));
    const cards = view.hands[p];
    const name = table.players?.[p]?.name;
    const [yours, moving, count] = [t("(you)"), t("to move"), tn("{n} card", "{n} cards", cards.length)];
    const who = `${seatWord(ctx.seatName(p))}${name ? ` · ${name}` : ""}${p === table.you ? ` ${yours}` : ""}${hand.mine ? ` ◀ ${moving}` : ""}`;
    const line = `${who} — ${count}`;
    text(node, hand.x + 40, hand.y + 21, line, { "font-size": TEXT, "font-weight": 700, ...squeeze(line, TEXT, hand.w - 46, true) });
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
    text(g, s.x + s.w / 2, 40, s.slot, { "font-size": TEXT, "text-anchor": "middle", fill: "#5a4a3a" });
    if (!s.card) {
      el("rect", { ...box(s), rx: 6, fill: "#f4efe4", stroke: "#bbb", "stroke-dasharray": "4 3" }, g);
      return;
    }
    const node = tag(`future:${s.slot}`, card(g, s.card, s.x, s.y, s.w, s.h, { class: "sv-future" }));
    place(ctx, places, `future:${s.slot}`, node, (a) => `${actionWords(a)} (${s.card})`, view);
    const risky = places.get(`risky:${s.slot}`);
    if (s.risky && risky) ctx.clickable(tip(button(g, s.risky.x, s.risky.y, s.risky.w, s.risky.h, t("Risky call")), VOGTER_CARDS.Call), risky, t("call {slot} ({card}) with a Risky Draw", { slot: s.slot, card: s.card }));
  });
  f.status.forEach((line, i) => text(g, x0, f.statusY + i * 20, line, { "font-size": TEXT, fill: "#a33b20", "font-weight": 600, ...squeeze(line, TEXT, geo.narrow ? f.width : 300, true) }));
  piles(g, f, view, ctx, places, tag);
  f.lines.forEach((line, i) => tip(text(g, x0, f.linesY + i * LINE, line, { "font-size": TEXT, fill: "#3b2f25", ...squeeze(line, TEXT, f.width) }), TIPS.deck));
  revealed(g, f, ctx, places, x0);
}

/** The deck and the discard pile, each with its count and name inside, and the discard pile by
 * type, each type's count in its corner.
 * @param {Element} g @param {Geo["future"]} f @param {SkoventyrView} view @param {Ctx} ctx
 * @param {Places} places @param {Tag} tag */
function piles(g, f, view, ctx, places, tag) {
  const total = Object.values(view.discard).reduce((a, b) => a + Number(b), 0);
  /** @param {Element} node @param {Rect} r @param {number} n @param {string} name @param {string} ink */
  const counted = (node, r, n, name, ink) => {
    text(node, r.x + r.w / 2, r.y + r.h / 2 + 2, `${n}`, { "font-size": 24, "font-weight": 800, "text-anchor": "middle", fill: ink });
    text(node, r.x + r.w / 2, r.y + r.h - 10, name, { "font-size": TEXT, "text-anchor": "middle", fill: ink, ...squeeze(name, TEXT, r.w - 6) });
  };
  const deck = tag("deck", tip(el("g", {}, g), [TIPS.deck, tn("{n} card.", "{n} cards.", view.deck.size)].join(" ")));
  el("rect", { ...box(f.deck), rx: 6, fill: "#3f5a36", stroke: "#1d2b18", "stroke-width": 1.5 }, deck);
  counted(deck, f.deck, view.deck.size, t("deck"), "#fff");
  const pile = tag("discard", tip(el("g", {}, g), TIPS.discard));
  el("rect", { ...box(f.discard), rx: 6, fill: "#eadfca", stroke: "#8a7a66", "stroke-dasharray": "5 3" }, pile);
  counted(pile, f.discard, total, t("discard"), "#2b2118");
  f.discards.forEach((d) => {
    const node = card(g, d.card, d.x, d.y, d.w, d.h, {}, { left: true });
    text(node, d.x + d.w - 5, d.y + d.h - 6, `${view.discard[d.card]}`, { "font-size": TEXT, "text-anchor": "end", fill: inkOn(styleOf(d.card)[0]), "font-weight": 700 });
    const count = Number(view.discard[d.card]);
    tip(node, [tn("{n}× {card} in the discard pile.", "{n}× {card} in the discard pile.", count, { card: d.card }), TIPS.discard].join(" "));
    place(ctx, places, `recycle:${d.card}`, node, () => t("recycle a {card}: put it on the bottom of the deck", { card: d.card }), view);
  });
}

/** The cards revealed by Involve under their heading, each with its Top and Bottom buttons.
 * @param {Element} g @param {Geo["future"]} f @param {Ctx} ctx @param {Places} places
 * @param {number} x0 */
function revealed(g, f, ctx, places, x0) {
  f.heading.forEach((line, i) => text(g, x0, f.headingY + i * LINE, line, { "font-size": TEXT, "font-weight": 600, ...squeeze(line, TEXT, f.width, true) }));
  f.revealed.forEach((r) => {
    tip(card(g, r.card, r.x, r.y, r.w, r.h), TIPS.revealed);
    const up = places.get(`top:${r.card}`);
    const down = places.get(`bottom:${r.card}`);
    if (up && r.top) ctx.clickable(tip(button(g, r.top.x, r.top.y, r.top.w, r.top.h, t("Top")), TIPS.revealed), up, t("{card} to the top of the deck", { card: r.card }));
    if (down && r.bottom) ctx.clickable(tip(button(g, r.bottom.x, r.bottom.y, r.bottom.w, r.bottom.h, t("Bottom")), TIPS.revealed), down, t("{card} to the bottom of the deck", { card: r.card }));
  });
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
    text(rallied, x0 + view.lygtemands.rallied * 36 + (view.lygtemands.rallied ? 8 : 0), lyg.y + 52, [tn("{n} Rallied", "{n} Rallied", view.lygtemands.rallied), tn("{n} removed", "{n} removed", view.lygtemands.removed)].join(", "), { "font-size": TEXT });
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
    const node = tag(`hostage:${ally}`, card(g, ally, r.x, r.y, r.w, r.h, { opacity: token ? 1 : 0.45 }, { left: true }));
    if (token) {
      el("circle", { cx: r.x + r.w - 15, cy: r.y + 15, r: 13, fill: "#f4f4f4", stroke: "#222", "stroke-width": 2 }, node);
      text(node, r.x + r.w - 15, r.y + 20, token, { "font-size": TEXT, "font-weight": 800, "text-anchor": "middle", fill: "#222", ...squeeze(token, TEXT, 22, true) });
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
    c.lines.forEach((line, i) => text(node, c.x + 8, c.y + 40 + i * (LINE - 1), line, { "font-size": TEXT, fill: "#3b4a44", ...squeeze(line, TEXT, c.w - 12) }));
    if (c.name === "Gambit") place(ctx, places, "vogter:Gambit", node, () => t("Vogter's Gambit"), view);
    c.rewards.forEach((r) => {
      const action = places.get(`reward:${r.kind}`);
      if (!action) return;
      const name = rewardName(r.kind);
      ctx.clickable(tip(button(g, r.x, r.y, r.w, r.h, name), REWARDS[r.kind]), action, t("reward: {reward}", { reward: name }));
    });
  });
}

/** The decisions without a component of their own, as buttons.
 * @param {Element} g @param {Geo} geo @param {Ctx} ctx */
export function buttons(g, geo, ctx) {
  geo.buttons.buttons.forEach((b) => ctx.clickable(button(g, b.x, b.y, b.w, b.h, b.label), b.action, b.label));
}

