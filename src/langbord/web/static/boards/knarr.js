// Knarr's board: tracks, the market's five slots, the two destination rows, every crew in colour
// columns with its boat and destinations, tokens, your hand; with Skali the building market,
// villages, coins and raid tokens. Drawn only from `table.view` (the seat's own view). The parts
// are in boards/knarr/: data (the printed cards), places (where each action is clicked, from its
// kind and arguments), layout (where everything goes, on a desktop or a phone), tips (what each
// component is for), cards, board and seat (the drawing).
import { board, el, text } from "../svg.js";
import { buildings, buttons, destinations, market, payment, piles, tracks } from "./knarr/board.js";
import { fit, tip } from "./knarr/cards.js";
import { LINE, artifactsOf, layout } from "./knarr/layout.js";
import { lastPlace } from "./knarr/places.js";
import { seatPanel } from "./knarr/seat.js";
import { artifactName, artifactTip } from "./knarr/tips.js";
import { t, tn } from "../i18n.js";
import { seatWord } from "../names.js";

export { lastPlace };

/** @typedef {import("./knarr/view.js").KnarrView} KnarrView */
/** @typedef {import("./knarr/view.js").Table} Table */
/** @typedef {import("./knarr/view.js").Ctx} Ctx */
/** @typedef {import("./knarr/view.js").Tag} Tag */
/** @typedef {import("./knarr/layout.js").Geo} Geo */

/** The board for `table` (the server's JSON for the seat) drawn with `ctx` (svg.js's
 * boardContext).
 * @param {Table} table @param {Ctx} ctx */
export function draw(table, ctx) {
  const view = /** @type {KnarrView} */ (table.view);
  const you = typeof table.you === "number" ? table.you : null;
  const geo = layout(view, you, ctx.legal, Boolean(ctx.narrow));
  /** @type {Map<string, Element>} */
  const tagged = new Map();
  /** @type {Tag} */
  const tag = (key, node) => {
    if (tagged.has(key)) return node;
    tagged.set(key, node);
    // A place pieces come from (motion.js); a destination is the same card wherever it lies,
    // so it travels from the row to the crew that explored it.
    node.setAttribute("data-place", key);
    if (key.startsWith("dest:")) node.setAttribute("data-piece", key);
    return node;
  };
  const svg = board(geo.W, geo.H, tn("Knarr, {n} player: the board, every crew and your hand", "Knarr, {n} players: the board, every crew and your hand", view.players));
  svg.classList.add("board-knarr"); // its rules are in style.css
  if (geo.narrow) svg.classList.add("fits-phone"); // laid out for a narrow screen
  el("rect", { x: 0, y: 0, width: geo.W, height: geo.H, fill: "#f7f0e1" }, svg);
  header(svg, geo, view, ctx);
  market(svg, geo, view, ctx, geo.places, tag);
  destinations(svg, geo, view, ctx, geo.places, tag);
  payment(svg, geo, view, tag);
  buttons(svg, geo, ctx);
  buildings(svg, geo, view, ctx, geo.places, tag);
  tracks(svg, geo, view, ctx);
  piles(svg, geo, view, tag);
  geo.seats.forEach((at) => seatPanel(svg, at, view, table, ctx, geo.places, tag));
  // The last move, where it has a place.
  const key = lastPlace(ctx.last, view.payment);
  const node = key && tagged.get(key);
  if (node) node.classList.add("last-move");
  // A market slot refilled after a take turns its new card over.
  if (node && (ctx.last?.kind === "take" || ctx.last?.kind === "mead")) node.setAttribute("data-reveal", "");
  return svg;
}

/** The round, the first seat, what is special about this turn and the artifacts, in the lines
 * layout.js gives them.
 * @param {Element} svg @param {Geo} geo @param {KnarrView} view @param {Ctx} ctx */
function header(svg, geo, view, ctx) {
  const artifacts = artifactsOf(view);
  /** @type {Record<string, () => string>} */
  const words = {
    round: () => t("Round {n}", { n: view.round }),
    first: () => t("{seat} plays first", { seat: seatWord(ctx.seatName(Number(view.first))) }),
    end: () => t("the end is triggered: the round is played out"),
    extras: () => t("extra actions: {n}", { n: view.extras }),
    artifacts: () => tn("artifact: {names}", "artifacts: {names}", artifacts.length, { names: artifacts.map(artifactName).join(", ") }),
  };
  geo.header.forEach((parts, i) => {
    const line = parts.map((part) => words[part]()).join(" · ");
    const node = text(svg, 14, 21 + i * LINE, line, fit(line, { "font-size": 15, "font-weight": 600 }, geo.W - 28));
    if (parts.includes("artifacts")) tip(node, artifacts.map(artifactTip).join(" "));
  });
}
