// Skibe's board without the DOM: where every component goes at a width (a desktop's row of
// ships, or a phone's column of ship blocks), and which legal action each place stands for.
// Node's tests import this module (tests/js/skibe.test.js).

/** @typedef {import("../../svg.js").Box} Box */
/** A legal action as the board reads it (its arguments are the game's JSON).
 * @typedef {{kind: string, args: Record<string, any>, id?: number, text?: string}} Action */
/** @typedef {import("../../contracts/skibe.js").SkibeShip} SkibeShip a ship in the seat's view */
/** @typedef {import("../../contracts/skibe.js").SkibeView} SkibeView the seat's view (the server's JSON) */
/** What the layout needs of the view.
 * @typedef {{players: string[], ship_limit: number, sheet: unknown[]}} LayoutView */
/**
 * @typedef {object} ShipLayout
 * @property {Box} hull the ship (lay a card, a Chieftain's ship)
 * @property {Box} label "Ship N"
 * @property {Box} bow the bow card with its food
 * @property {{x: number, y: number, w: number, h: number, step: number}} chiefs where the
 *   Chieftains laid on the ship go, one every `step` from `x`
 * @property {Box[]} cards the Viking card places, 1 … the ship limit
 * @property {Box} stern
 */
/**
 * @typedef {object} SkibeLayout
 * @property {boolean} phone
 * @property {number} width the viewBox's width
 * @property {number} height
 * @property {number} cw a card's width
 * @property {number} ch a card's height
 * @property {number} touch the least size of a place to click
 * @property {number} font the least size of a text: read 12 CSS px as drawn on a desktop at
 *   1280×800 (where the board is shown at about 0.9 CSS px a unit), 13 on a phone (about 1.03)
 * @property {Box[]} display
 * @property {Box} pile
 * @property {Box} held
 * @property {Box} stockFood
 * @property {Box} stockEquip
 * @property {{x: number, y: number}} out where "out of the game" is told (and the card just laid)
 * @property {{x: number, y: number}} limit where "a ship holds N Viking cards" is told
 * @property {Box} hand the Chieftains of the seat to move, and its choices
 * @property {Box[]} handTokens the five Chieftain kinds in the hand
 * @property {Box} choices the row of decisions without a place (pass, skip, no food, no equip)
 * @property {ShipLayout[]} ships
 * @property {{y: number, rows: {box: Box, tokens: Box[], sterns: {x: number, y: number}}[]}} players
 * @property {{x: number, y: number, w: number, labelW: number, colW: number, row: number}} sheet
 */

export const KINDS = ["equipment", "food", "remove", "swap", "protection"];
/** Decisions that stand for no place: shown as a row of buttons beside the hand. */
export const CHOICES = ["pass", "skip", "no food", "no equip"];
/** Below this width (CSS px) the board lays itself out for a phone. */
export const PHONE_BELOW = 700;

/** @param {number} x @param {number} y @param {number} w @param {number} h @returns {Box} */
const box = (x, y, w, h) => ({ x, y, w, h });

/** Where everything goes for `view` (the seat's view: players, ship_limit, sheet) on a screen
 * `screenWidth` CSS px wide.
 * @param {LayoutView} view
 * @param {number} screenWidth
 * @returns {SkibeLayout} */
export function layout(view, screenWidth) {
  return screenWidth < PHONE_BELOW ? phoneLayout(view) : desktopLayout(view);
}

/** A desktop: a band (display, pile, the card to lay, the stock, the hand of the seat to move)
 * above the three ships, so that what must be clicked is above the fold at 1280×800; players
 * and the score sheet below.
 * @param {LayoutView} view @returns {SkibeLayout} */
function desktopLayout(view) {
  const width = 1000;
  const cw = 96;
  const ch = 110;
  const gap = 6;
  const limit = view.ship_limit;
  const bandY = 44;
  const cardY = bandY + 20;
  const display = [0, 1, 2].map((i) => box(16 + i * (cw + 8), cardY, cw, ch));
  const pile = box(16 + 3 * (cw + 8) + 8, cardY, cw, ch);
  const held = box(pile.x + cw + 14, cardY, cw, ch);
  const stockX = held.x + cw + 16;
  const stockFood = box(stockX, cardY, 140, 50);
  const stockEquip = box(stockX, cardY + 58, 140, 50);
  const handX = stockX + 156;
  const hand = box(handX, bandY, width - handX - 8, ch + 20);
  const handTokens = KINDS.map((_, j) => box(handX + 8 + (j % 3) * 80, cardY + Math.floor(j / 3) * 32, 76, 28));
  const choices = box(handX + 8, cardY + 70, hand.w - 16, 32);
  // A line of small facts (the ship limit, the cards out, the card just laid) between the band
  // and the ships.
  const factsY = bandY + ch + 35;
  const shipsY = bandY + ch + 48;
  const row = 152;
  const cardsX = 118;
  const sternX = cardsX + limit * (cw + gap);
  const ships = [0, 1, 2].map((s) => {
    const y0 = shipsY + s * row;
    const cardsY = y0 + 32;
    return {
      hull: box(8, y0 + 2, sternX + 80, row - 8),
      label: box(16, y0 + 8, 64, 20),
      bow: box(24, cardsY, cardsX - 30, ch),
      chiefs: { x: cardsX, y: y0 + 5, w: 84, h: 24, step: 90 },
      cards: Array.from({ length: limit }, (_, i) => box(cardsX + i * (cw + gap), cardsY, cw, ch)),
      stern: box(sternX, cardsY, 70, ch),
    };
  });
  const playersY = shipsY + 3 * row + 10;
  const n = view.players.length;
  const rows = view.players.map((_, i) => {
    const y = playersY + 24 + i * 46;
    return {
      box: box(10, y - 2, 560, 42),
      tokens: KINDS.map((_, j) => box(144 + j * 70, y + 8, 68, 24)),
      sterns: { x: 500, y: y + 6 },
    };
  });
  const sheetX = 590;
  const sheetRows = view.sheet.length + 2;
  const height = playersY + Math.max(n * 46 + 34, sheetRows * 21 + 40) + 10;
  return {
    phone: false, width, height, cw, ch, touch: 24, font: 14, display, pile, held, stockFood, stockEquip,
    out: { x: held.x, y: factsY }, limit: { x: 16, y: factsY }, hand, handTokens, choices, ships,
    players: { y: playersY, rows },
    sheet: sheetAt(sheetX, playersY, width - sheetX - 8, Math.min(60, 220 / n), n),
  };
}

/** A phone (a viewBox 360 wide, about one unit a CSS px): the display and the pile in a row, the
 * hand and its choices, then each ship as a block (its bow across the top, its Chieftains, its
 * cards four to a row with the stern after them), the players one to a row, the score sheet.
 * @param {LayoutView} view @returns {SkibeLayout} */
function phoneLayout(view) {
  const width = 360;
  const touch = 44;
  const cw = 80;
  const ch = 96;
  const gap = 6;
  const x0 = (width - 4 * cw - 3 * gap) / 2;
  const col = (/** @type {number} */ i) => x0 + i * (cw + gap);
  let y = 52; // the header's two lines
  const display = [0, 1, 2].map((i) => box(col(i), y + 18, cw, ch));
  const pile = box(col(3), y + 18, cw, ch);
  y += 18 + ch + 10;
  // The card to lay, the stock (its heading left out while "Card to lay" runs over it), and the
  // cards out with the card just laid, whose colours take the rest of the row.
  const held = box(col(0), y + 18, cw, ch);
  const stockW = 124;
  const stockFood = box(col(1), y + 18, stockW, touch);
  const stockEquip = box(col(1), y + 18 + touch + 8, stockW, touch);
  const out = { x: col(1) + stockW + 10, y: y + 34 };
  y += 18 + ch + 12;
  const hand = box(4, y, width - 8, 18 + touch + 8 + touch + 8);
  const tw = (width - 8 - 16 - 4 * 4) / 5;
  const handTokens = KINDS.map((_, j) => box(12 + j * (tw + 4), y + 22, tw, touch));
  const choices = box(12, y + 22 + touch + 8, width - 24, touch);
  y += hand.h + 12;
  const limit = view.ship_limit;
  const slots = limit + 1; // the stern goes after the cards
  const cardRows = Math.ceil(slots / 4);
  const ships = [0, 1, 2].map(() => {
    const y0 = y;
    const bowY = y0 + 6;
    const chiefsY = bowY + touch + 6;
    const cardsY = chiefsY + 30;
    const cards = Array.from({ length: limit }, (_, i) => box(col(i % 4), cardsY + Math.floor(i / 4) * (ch + gap), cw, ch));
    const stern = box(col(limit % 4), cardsY + Math.floor(limit / 4) * (ch + gap), cw, ch);
    const h = cardsY - y0 + cardRows * (ch + gap) + 4;
    y += h + 10;
    return {
      hull: box(2, y0, width - 4, h),
      label: box(x0, bowY + 12, 64, 20),
      bow: box(x0 + 70, bowY, width - 2 * x0 - 70, touch),
      chiefs: { x: x0, y: chiefsY, w: 66, h: 24, step: 69 },
      cards,
      stern,
    };
  });
  const playersY = y;
  const rows = phonePlayers(view.players.length, playersY, width, tw, touch);
  const n = view.players.length;
  const sheetY = playersY + 22 + n * 88 + 10;
  const sheetRows = view.sheet.length + 2;
  const height = sheetY + 40 + sheetRows * 21 + 10;
  return {
    phone: true, width, height, cw, ch, touch, font: 13, display, pile, held, stockFood, stockEquip, out,
    limit: { x: 12, y: 44 },
    hand, handTokens, choices, ships, players: { y: playersY, rows },
    sheet: sheetAt(10, sheetY, width - 16, Math.min(48, 190 / n), n),
  };
}

/** The score sheet at (x, y), `w` wide: a column `colW` wide for each of `n` players at its
 * right, the rows' labels in the rest.
 * @param {number} x @param {number} y @param {number} w @param {number} colW @param {number} n
 * @returns {SkibeLayout["sheet"]} */
function sheetAt(x, y, w, colW, n) {
  return { x, y, w, labelW: w - 4 - (n - 0.5) * colW, colW, row: 21 };
}

/** A phone's player rows (one a player, its Chieftains below its name) from `top`.
 * @param {number} n players @param {number} playersY @param {number} width
 * @param {number} tw a token's width @param {number} touch
 * @returns {SkibeLayout["players"]["rows"]} */
function phonePlayers(n, playersY, width, tw, touch) {
  return Array.from({ length: n }, (_, i) => {
    const top = playersY + 22 + i * 88;
    return {
      box: box(4, top, width - 8, 84),
      tokens: KINDS.map((_, j) => box(12 + j * (tw + 4), top + 34, tw, touch)),
      sterns: { x: width - 68, y: top + 2 },
    };
  });
}

/** The place of a bow (ship number) or the stock's food. */
export const bowId = (/** @type {string | number} */ x) => (x === "stock" ? "stock-food" : `bow:${x}`);
/** The place of a Viking card ("2.3" on a ship, "d1" in the display) or the stock's equipment. */
export const cardId = (/** @type {string} */ x) => (x === "stock" ? "stock-equip" : `card:${x}`);

/** The legal actions by place, read off their kinds and arguments: one click (place → action)
 * and two clicks (from → to → action). Decisions without a place (pass, skip, "no food",
 * "no equip") are places `choice:KIND`.
 * @param {Action[]} legal
 * @returns {{one: Map<string, Action>, two: Map<string, Map<string, Action>>}} */
export function plan(legal) {
  /** @type {Plan} */
  const p = {
    one: new Map(),
    two: new Map(),
    add2(a, b, action) {
      if (!this.two.has(a)) this.two.set(a, new Map());
      this.two.get(a)?.set(b, action);
    },
  };
  for (const a of legal) {
    if (Object.hasOwn(PLAN, a.kind)) PLAN[a.kind](a, p);
    else if (CHOICES.includes(a.kind)) p.one.set(`choice:${a.kind}`, a);
  }
  return { one: p.one, two: p.two };
}

/**
 * @typedef {object} Plan the places being planned
 * @property {Map<string, Action>} one
 * @property {Map<string, Map<string, Action>>} two
 * @property {(a: string, b: string, action: Action) => void} add2 a two-click decision
 */

/** Whether an action moves a stone (its arguments say from where). @param {Action} a */
const moves = (a) => "from" in a.args;

/** Where each kind of legal action goes in the plan.
 * @type {Record<string, (a: Action, p: Plan) => void>} */
const PLAN = {
  take: (a, p) => p.one.set(`card:${a.args.slot}`, a),
  draw: (a, p) => p.one.set("pile", a),
  lay: (a, p) => p.one.set(`ship:${a.args.ship}`, a),
  stern: (a, p) => p.one.set(`stern:${a.args.ship}`, a),
  food: (a, p) => (moves(a) ? p.add2(bowId(a.args.from), bowId(a.args.to), a) : p.one.set(`bow:${a.args.ship}`, a)),
  "move food": (a, p) => p.add2(bowId(a.args.from), bowId(a.args.to), a),
  equip: (a, p) => (moves(a) ? p.add2(cardId(a.args.from), cardId(a.args.to), a) : p.one.set(`card:${a.args.slot}`, a)),
  "move equip": (a, p) => p.add2(cardId(a.args.from), cardId(a.args.to), a),
  remove: (a, p) => p.one.set(`card:${a.args.slot}`, a),
  swap(a, p) {
    p.add2(`card:${a.args.slot}`, `card:${a.args.with}`, a);
    p.add2(`card:${a.args.with}`, `card:${a.args.slot}`, a);
  },
  chief: (a, p) => p.add2(`chief:${a.args.action}`, `ship:${a.args.ship}`, a),
};

/** The places the last move concerns (by its kind and arguments).
 * @param {{kind?: string, args?: Record<string, any>} | null} last
 * @param {{ships: {vikings: any[]}[]}} v
 * @returns {string[]} */
export function lastPlaces(last, v) {
  if (!last || !last.kind) return [];
  const args = last.args || {};
  return Object.hasOwn(LAST, last.kind) ? LAST[last.kind](args, v) : [];
}

/** The places a last move of each kind concerns, from its arguments.
 * @type {Record<string, (args: Record<string, any>, v: {ships: {vikings: unknown[]}[]}) => string[]>} */
const LAST = {
  take: (args) => [`card:${args.slot}`],
  draw: () => ["pile"],
  reveal: () => ["pile"],
  lay(args, v) {
    const n = v.ships[args.ship - 1]?.vikings.length || 0;
    return n ? [`card:${args.ship}.${n}`] : [`ship:${args.ship}`];
  },
  stern: (args) => [`stern:${args.ship}`],
  food: (args) => ("from" in args ? [bowId(args.from), bowId(args.to)] : [`bow:${args.ship}`]),
  "move food": (args) => [bowId(args.from), bowId(args.to)],
  equip: (args) => ("from" in args ? [cardId(args.from), cardId(args.to)] : [`card:${args.slot}`]),
  "move equip": (args) => [cardId(args.from), cardId(args.to)],
  remove: (args) => [`card:${args.slot}`],
  swap: (args) => [`card:${args.slot}`, `card:${args.with}`],
  chief: (args) => [`token:${args.ship}:last`],
};

/** Moves after which the score sheet has a new row (a ship evaluated, or a turn ended). */
export const SHEET_KINDS = new Set(["stern", "skip", "pass", "move equip", "move food", "remove", "swap", "take", "draw", "reveal"]);

/** A place's argument in the notation: "stock" for the stocks, a bow's ship number, a card's
 * slot ("2.3", "d1"). @param {string} id @returns {string | number} */
export const argOf = (id) => {
  if (id.startsWith("stock")) return "stock";
  const [what, rest] = id.split(":");
  return what === "bow" ? Number(rest) : rest;
};

/** The action a place stands for when it is no place to click now (the "why not?" it
 * answers), from its id and the phase; null: nothing to ask there. With a first place picked,
 * a place is where the picked Chieftain, stone or card would go. Without:
 * - a display card is taken (in an evaluation by a remove Chieftain: removed); the pile drawn;
 * - a ship takes the card held (phase "lay"), else a stern (the turn's other ship decision);
 *   a stern's place is a stern, a bow food;
 * - a ship's card: the card held laid in its ship ("lay"), a stern on its ship (the turn's
 *   start), removed by a remove Chieftain, else equipment;
 * - a Chieftain in the hand: played on ship 1 (the refusal tells why that kind cannot be
 *   played, or why not now).
 * @param {string} id a place's id (`card:d1`, `card:2.3`, `ship:2`, `bow:1`, `stern:3`, `pile`,
 *   `chief:swap`, `stock-food`, `stock-equip`, `choice:KIND`)
 * @param {SkibeView} v
 * @param {{from: string, kinds: string[]} | null} picked the first place and the kinds it leads to
 * @returns {{kind: string, args: Record<string, unknown>} | null} */
export function nearest(id, v, picked) {
  if (picked) return nearestSecond(id, picked.from, picked.kinds);
  const [what, rest] = id.split(":");
  const removing = v.phase === "evaluate" && v.evaluation?.chieftain === "remove";
  switch (what) {
    case "pile": return { kind: "draw", args: {} };
    case "ship": return v.phase === "lay" ? { kind: "lay", args: { ship: Number(rest) } } : { kind: "stern", args: { ship: Number(rest) } };
    case "stern": return { kind: "stern", args: { ship: Number(rest) } };
    case "bow": return { kind: "food", args: { ship: Number(rest) } };
    case "chief": return { kind: "chief", args: { action: rest, ship: 1 } };
    case "card": return rest.startsWith("d") ? { kind: removing ? "remove" : "take", args: { slot: rest } } : nearestShipCard(rest, v.phase, removing);
    default: return null;
  }
}

/** A ship's card (`slot` "2.3") at `phase`: see `nearest`.
 * @param {string} slot @param {string} phase @param {boolean} removing */
function nearestShipCard(slot, phase, removing) {
  const ship = Number(slot.split(".")[0]);
  if (phase === "lay") return { kind: "lay", args: { ship } };
  if (phase === "choose") return { kind: "stern", args: { ship } };
  return { kind: removing ? "remove" : "equip", args: { slot } };
}

/** Where a first pick at `from` (leading to actions of `kinds`) would go at `id`; null: not a
 * place for it.
 * @param {string} id @param {string} from @param {string[]} kinds
 * @returns {{kind: string, args: Record<string, unknown>} | null} */
function nearestSecond(id, from, kinds) {
  const kind = kinds[0];
  if (kind === "chief") return id.startsWith("ship:") ? { kind, args: { action: from.slice(6), ship: Number(id.slice(5)) } } : null;
  if (kind === "swap") return id.startsWith("card:") ? { kind, args: { slot: argOf(from), with: argOf(id) } } : null;
  const food = kind.includes("food");
  const fits = food ? id.startsWith("bow:") || id === "stock-food" : id.startsWith("card:") || id === "stock-equip";
  return fits ? { kind, args: { from: argOf(from), to: argOf(id) } } : null;
}
