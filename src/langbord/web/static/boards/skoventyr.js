// Skoventyr's board: the ring of Trees with Vogter, Gamle Erik and the Allies on them, the Minions
// with their Lygtemands and Acorns, the Future, the deck and discard pile, the Hostages (Rescue
// only), every hand and the Vogter cards. Drawn only from `table.view`. The parts are in
// boards/skoventyr/: places (where each action is clicked, from its kind and arguments), layout
// (where everything goes, on a desktop or a phone), tips (what each component is for), cards and
// parts (the drawing).
import { board, el, text } from "../svg.js";
import { buttons, forest, future, hands, minions, modules, vogter } from "./skoventyr/parts.js";
import { layout } from "./skoventyr/layout.js";
import { lastPlace } from "./skoventyr/places.js";
import { t, tn } from "../i18n.js";
import { seatWord } from "../names.js";

export { lastPlace };

/** @typedef {import("./skoventyr/view.js").SkoventyrView} SkoventyrView */
/** @typedef {import("./skoventyr/view.js").Table} Table */
/** @typedef {import("./skoventyr/view.js").Ctx} Ctx */
/** @typedef {import("./skoventyr/view.js").Tag} Tag */

/** The board for `table` (the server's JSON for the seat) drawn with `ctx` (svg.js's
 * boardContext).
 * @param {Table} table @param {Ctx} ctx */
export function draw(table, ctx) {
  const view = /** @type {SkoventyrView} */ (table.view);
  const geo = layout(table, ctx.legal, Boolean(ctx.narrow));
  /** @type {Map<string, Element>} */
  const tagged = new Map();
  /** @type {Tag} */
  const tag = (key, node) => {
    if (tagged.has(key)) return node;
    tagged.set(key, node);
    node.setAttribute("data-place", key); // a place pieces come from (motion.js)
    return node;
  };
  const svg = board(geo.W, geo.H, tn("Skoventyr, {n} player: the Forest, the Minions, the Future and the hands", "Skoventyr, {n} players: the Forest, the Minions, the Future and the hands", view.players));
  if (geo.narrow) svg.classList.add("fits-phone"); // laid out in one column for a phone
  svg.classList.add("board-skoventyr"); // its rules are in style.css
  el("rect", { x: 0, y: 0, width: geo.W, height: geo.H, fill: "#eef2e6" }, svg);
  const result = view.result === "won" ? t("Victory: the last Minion has left the game") : view.result === "lost" ? t("Defeat: Gamle Erik caught Vogter") : null;
  const waiting = table.status === "open" ? t("Waiting for players to sit down") : null;
  const mover = view.to_move >= 0 ? t("{seat} to move", { seat: seatWord(ctx.seatName(view.to_move)) }) : t("the deck deals");
  text(svg, 14, 22, result || waiting || t("Turn {n} — {mover}", { n: view.turns_played + 1, mover }), { "font-size": 17, "font-weight": 700, fill: result ? (view.result === "won" ? "#2e6b2e" : "#a33b20") : "#2b2118" });
  /** A section's group, at its place on the board. @param {string} name */
  const section = (name) => {
    const g = el("g", { transform: `translate(${geo.at[name].x} ${geo.at[name].y})` }, svg);
    return g;
  };
  forest(section("forest"), geo, view, ctx, geo.places, tag);
  minions(section("minions"), geo, view, ctx, geo.places, tag);
  buttons(section("buttons"), geo, ctx);
  hands(section("hands"), geo, view, table, ctx, geo.places, tag);
  future(section("future"), geo, view, ctx, geo.places, tag);
  modules(section("modules"), geo, view, ctx, geo.places, tag);
  vogter(section("vogter"), geo, ctx, geo.places, tag, view);
  markLast(ctx.last, tagged);
  return svg;
}

/** Marks the last move's place, where it has one; an Ally it turned face up turns over
 * (motion.js).
 * @param {import("../types.js").LogEntry | null} last @param {Map<string, Element>} tagged */
function markLast(last, tagged) {
  const key = lastPlace(last);
  const node = key && tagged.get(key);
  if (!node) return;
  node.classList.add("last-move");
  if (last?.kind === "reveal") node.querySelector("[data-face-up]")?.setAttribute("data-reveal", "");
}
