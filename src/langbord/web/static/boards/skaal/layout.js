// Skåål's board without the DOM: where every component goes at a width (a desktop's map, or a
// phone's two columns of regions grouped by their triangles), and which legal action each place
// stands for. Node's tests import this module (tests/js/skaal.test.js).
import { t, tn } from "../../i18n.js";
import { colourName } from "../../names.js";

/** @typedef {import("../../svg.js").Box} Box */
/** A legal action as the board reads it (its arguments are the game's JSON).
 * @typedef {{kind: string, args: Record<string, any>, id?: number, text?: string}} Action */
/** @typedef {import("../../contracts/skaal.js").SkaalRegion} SkaalRegion a region in the seat's view */
/** @typedef {import("../../contracts/skaal.js").SkaalClan} SkaalClan a clan in the seat's view */
/** @typedef {import("../../contracts/skaal.js").SkaalView} SkaalView the seat's view (the server's JSON) */
/** What the layout needs of the view.
 * @typedef {{players: string[], regions: {name: string}[], mines_closed: number}} LayoutView */
/** @typedef {{kind: "inn" | "harvest" | "move", from: string}} Pick */
/**
 * @typedef {object} Geometry where a region's parts go, from its centre (x, y)
 * @property {(x: number, y: number, i: number) => {cx: number, cy: number}} chip the i-th clan
 * @property {number} chipR a dwarf chip's radius
 * @property {number} chipHit the radius of a chip's clickable circle
 * @property {(x: number, y: number) => Box} nuggets the nuggets (harvest)
 * @property {(x: number, y: number) => Box} inn the Inn or its empty spot (build, move it)
 * @property {(x: number, y: number) => {x: number, y: number}} ooops the Ooops badge's centre
 * @property {(x: number, y: number) => RoadsText | null} roads where the list of roads is
 *   written (a phone's, which draws only the roads between neighbouring cells)
 * @property {(x: number, y: number, n: number, width: number) => Box[]} counts the n pills of
 *   how many nuggets to harvest
 */
/** The list of a region's roads in words: its first line's start, the font size, the line
 * height, how many lines at most and how wide each may be.
 * @typedef {{x: number, y: number, size: number, lineH: number, lines: number, room: number}} RoadsText */
/**
 * @typedef {object} Track the respect track: `perRow` cells a row from (x, top), each `cellW`
 *   wide and `cellH` tall with `gap` between rows; a cell is `slotRows` rows of two slots
 *   (`slotW` × `slotH`) for the space's number, the pawn and the accountants (see `trackSlots`)
 * @property {number} x
 * @property {number} y where the track's title row starts
 * @property {number} top where its first row of cells starts
 * @property {number} perRow
 * @property {number} cellW
 * @property {number} cellH
 * @property {number} gap
 * @property {number} end its last space
 * @property {number} rows
 * @property {number} slotRows
 * @property {number} slotW
 * @property {number} slotH
 * @property {number} font the size of the spaces' numbers and the accountants' letters
 * @property {{x: number, y: number}} caption where the words under or beside the title go
 */
/**
 * @typedef {object} SkaalLayout
 * @property {boolean} phone
 * @property {number} width
 * @property {number} height
 * @property {number} rw a region's width
 * @property {number} rh a region's height
 * @property {number} touch the least size of a place to click
 * @property {Record<string, {x: number, y: number}>} pos region centres by normalized name
 * @property {Geometry} geom
 * @property {boolean} arrows moves are arrows on roads (desktop), not a dwarf then a region
 * @property {Box} die
 * @property {Box} prospect the Prospect button
 * @property {{x: number, y: number, room: number}} dieText where the find and the rumor are told,
 *   and how wide they may be (on a desktop, up to Le Chaim)
 * @property {{x: number, y: number} | null} key
 * @property {Track} track
 * @property {number} small the size of the board's smallest words (the key, the track's caption)
 * @property {Box[]} clans a box per clan
 */

/** Below this width (CSS px) the board lays itself out for a phone. */
export const PHONE_BELOW = 700;

/** "Sláinte" and "slainte", "Le Chaim" and "lechaim" are the same region.
 * @param {string} name */
export function norm(name) {
  return String(name).normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase()
    .replace(/\s+/g, "");
}

// Region centres on a desktop (the map is a reconstruction, rulings SA-2): four triangles of
// regions, the inner one joined to the three outer ones; as compact as the roads' arrows allow,
// so that the whole map is above the fold at 1280×800.
/** @type {Record<string, number[]>} */
const DESKTOP = {
  salud: [85, 96], kippis: [915, 96], yambooi: [240, 236], jarama: [410, 180],
  topa: [590, 180], prosit: [760, 236], kanpai: [110, 392], kamau: [500, 320],
  slainte: [890, 392], belsamati: [500, 460], lechaim: [320, 548], nazdravie: [680, 548],
};
// On a phone: two columns, six rows, [column, row]; each triangle of regions keeps its three
// roads between neighbouring cells, and so do three of the six roads between triangles.
/** @type {Record<string, number[]>} */
const PHONE = {
  salud: [0, 0], kanpai: [1, 0], yambooi: [0, 1], jarama: [1, 1], topa: [0, 2], kamau: [1, 2],
  lechaim: [0, 3], belsamati: [1, 3], nazdravie: [0, 4], slainte: [1, 4], prosit: [0, 5],
  kippis: [1, 5],
};

/** @param {number} x @param {number} y @param {number} w @param {number} h @returns {Box} */
const box = (x, y, w, h) => ({ x, y, w, h });

/** Where everything goes for `view` on a screen `screenWidth` CSS px wide.
 * @param {LayoutView} view
 * @param {number} screenWidth
 * @returns {SkaalLayout} */
export function layout(view, screenWidth) {
  return screenWidth < PHONE_BELOW ? phoneLayout(view) : desktopLayout(view);
}

/** The respect track's length: at least 50 spaces, and past the mines' closing.
 * @param {LayoutView} view */
const trackEnd = (view) => Math.max(50, view.mines_closed + 3);

/** The rows of a track cell: two slots a row, enough for every clan's accountant (the
 * space's number gives way when they all share it).
 * @param {LayoutView} view */
const slotRows = (view) => Math.max(2, Math.ceil(view.players.length / 2));

/** The respect track at (x, y) with `perRow` spaces a row, each cell `cellW` wide, its slots
 * `slotH` tall, its words `font` tall; the cells start `head` below y.
 * @param {LayoutView} view
 * @param {{x: number, y: number, head: number, perRow: number, cellW: number, slotH: number, gap: number, font: number, caption: {x: number, y: number}}} at
 * @returns {Track} */
function track(view, at) {
  const end = trackEnd(view);
  const rows = slotRows(view);
  return {
    x: at.x, y: at.y, top: at.y + at.head, perRow: at.perRow, cellW: at.cellW, gap: at.gap, end,
    rows: Math.ceil(end / at.perRow), slotRows: rows, slotW: (at.cellW - 2) / 2, slotH: at.slotH,
    cellH: 2 + rows * at.slotH, font: at.font, caption: at.caption,
  };
}

/** Where the track's last row ends. @param {Track} K */
const trackBottom = (K) => K.top + K.rows * (K.cellH + K.gap);

/** @param {LayoutView} view @returns {SkaalLayout} */
function desktopLayout(view) {
  const width = 1000;
  const rw = 140;
  const rh = 112;
  /** @type {Record<string, {x: number, y: number}>} */
  const pos = {};
  view.regions.forEach((r, i) => {
    const angle = (2 * Math.PI * i) / view.regions.length;
    const [x, y] = DESKTOP[norm(r.name)] || [500 + 380 * Math.cos(angle), 326 + 250 * Math.sin(angle)];
    pos[norm(r.name)] = { x, y };
  });
  const trackY = 616;
  const K = track(view, {
    x: 25, y: trackY, head: 26, perRow: 25, cellW: 38, slotH: 17, gap: 6, font: 14, caption: { x: 150, y: trackY + 16 },
  });
  const clansY = trackBottom(K) + 6;
  const clans = view.players.map((_, i) => box(16 + (i % 3) * 328, clansY + Math.floor(i / 3) * 62, 320, 56));
  const height = clansY + Math.ceil(view.players.length / 3) * 62 + 8;
  /** @type {Geometry} */
  const geom = {
    chip: (x, y, i) => ({ cx: x - 50 + (i % 3) * 44, cy: y - 13 + Math.floor(i / 3) * 26 }),
    chipR: 13,
    chipHit: 14,
    nuggets: (x, y) => box(x - 66, y + rh / 2 - 27, 58, 24),
    inn: (x, y) => box(x + rw / 2 - 35, y - rh / 2 + 1, 34, 32),
    ooops: (x, y) => ({ x: x + 2, y: y + rh / 2 - 15 }),
    roads: () => null,
    counts: (x, y, n) => row(x, y + rh / 2 + 14, n, 40, 24, 4, width),
  };
  return {
    phone: false, width, height, rw, rh, touch: 24, pos, geom, arrows: true,
    // The die and the Prospect button bottom left, under Kanpai; the key bottom right.
    die: box(24, 478, 70, 70), prospect: box(24, 562, 120, 28),
    dieText: { x: 102, y: 500, room: 144 }, key: { x: 790, y: 508 }, track: K, clans, small: 14,
  };
}

/** @param {LayoutView} view @returns {SkaalLayout} */
function phoneLayout(view) {
  const width = 360;
  const touch = 44;
  const rw = 158;
  const chipRows = Math.ceil(view.players.length / 3);
  // The name, two lines of roads, the dwarfs, the nuggets and the Inn.
  const chipsY = 58;
  const rh = chipsY + chipRows * touch + touch + 6;
  const gapY = 14;
  const top = 122;
  /** @type {Record<string, {x: number, y: number}>} */
  const pos = {};
  view.regions.forEach((r, i) => {
    const [c, k] = PHONE[norm(r.name)] || [i % 2, Math.floor(i / 2)];
    pos[norm(r.name)] = { x: c ? width - 4 - rw / 2 : 4 + rw / 2, y: top + k * (rh + gapY) + rh / 2 };
  });
  const mapEnd = top + Math.ceil(view.regions.length / 2) * (rh + gapY);
  const trackY = mapEnd + 4;
  const K = track(view, {
    x: 5, y: trackY, head: 42, perRow: 10, cellW: 35, slotH: 16, gap: 4, font: 13, caption: { x: 12, y: trackY + 34 },
  });
  const clansY = trackBottom(K) + 6;
  const clans = view.players.map((_, i) => box(4, clansY + i * 54, width - 8, 50));
  const height = clansY + view.players.length * 54 + 6;
  /** @type {Geometry} */
  const geom = {
    chip: (x, y, i) => ({ cx: x - rw / 2 + 22 + (i % 3) * 48, cy: y - rh / 2 + chipsY + touch / 2 + Math.floor(i / 3) * touch }),
    chipR: 13,
    chipHit: 22,
    nuggets: (x, y) => box(x - rw / 2 + 4, y + rh / 2 - touch - 4, 70, touch),
    inn: (x, y) => box(x + rw / 2 - touch - 4, y + rh / 2 - touch - 4, touch, touch),
    ooops: (x, y) => ({ x: x - rw / 2 + 39, y: y + rh / 2 - 26 }), // where nuggets were
    roads: (x, y) => ({ x: x - rw / 2 + 8, y: y - rh / 2 + 38, size: 13, lineH: 15, lines: 2, room: rw - 14 }),
    counts: (x, y, n) => row(x, y - rh / 2 + chipsY + touch / 2, n, touch, touch, 4, width),
  };
  return {
    phone: true, width, height, rw, rh, touch, pos, geom, arrows: false,
    die: box(8, 52, 60, 60), prospect: box(width - 8 - 130, 60, 130, touch),
    dieText: { x: 78, y: 74, room: width - 8 - 78 }, key: null, track: K, clans, small: 13,
  };
}

/** Where the arrow of a move from region `from` to region `to` goes (a desktop): on the road,
 * in the middle of its part between the two regions, on the side that points its way (as if
 * driving on the right, so both directions fit); null for an unknown region.
 * @param {SkaalLayout} L
 * @param {string} from
 * @param {string} to
 * @returns {{cx: number, cy: number, r: number, angle: number} | null} */
export function arrowAt(L, from, to) {
  const [a, b] = [L.pos[norm(from)], L.pos[norm(to)]];
  if (!a || !b) return null;
  const [dx, dy] = [b.x - a.x, b.y - a.y];
  const len = Math.hypot(dx, dy);
  // Regions are boxes of one size, so the middle of the road's visible part is the road's.
  const [ux, uy] = [dx / len, dy / len];
  return {
    cx: a.x + dx / 2 - uy * 14, cy: a.y + dy / 2 + ux * 14, r: 12,
    angle: (Math.atan2(uy, ux) * 180) / Math.PI,
  };
}

/** `n` boxes w×h in a row centred on (x, y), kept inside the board.
 * @param {number} x @param {number} y @param {number} n @param {number} w @param {number} h
 * @param {number} gap @param {number} width the board's
 * @returns {Box[]} */
function row(x, y, n, w, h, gap, width) {
  const total = n * (w + gap) - gap;
  const left = Math.max(4, Math.min(width - 4 - total, x - total / 2));
  return Array.from({ length: n }, (_, i) => box(left + i * (w + gap), y - h / 2, w, h));
}

// Widths of words before they are drawn (the board is built before it is on the page, so
// nothing can be measured): per character, in ems of a wide sans-serif (DejaVu Sans, what
// Debian's Chromium shows; most screens' fonts are narrower, so words estimated to fit do).
const NARROW = new Set([..."iljtfr .,:;()·\u00a0!|'’I"]);
const WIDE = new Set([..."mwMW—−=+"]);

/** About how wide `words` are at font `size`, in the board's units.
 * @param {string} words @param {number} size @param {boolean} [bold] */
export function textWidth(words, size, bold = false) {
  let ems = 0;
  for (const c of words) {
    if (NARROW.has(c)) ems += 0.34;
    else if (WIDE.has(c)) ems += 0.84;
    else if (c >= "0" && c <= "9") ems += 0.64;
    else ems += c >= "A" && c <= "Z" ? 0.7 : 0.6;
  }
  return ems * size * (bold ? 1.12 : 1);
}

/** `words` in lines at most `room` wide at font `size`, broken after a " · " where it can,
 * else at a space; never more than `most` lines (the last one holds the rest: the caller
 * squeezes a line still too wide).
 * @param {string} words @param {number} size @param {number} room @param {number} most
 * @returns {string[]} */
export function wrapWords(words, size, room, most) {
  const pieces = words.includes(" · ") ? words.split(/(?<= ·) /) : words.split(" ");
  /** @type {string[]} */
  const lines = [];
  for (const piece of pieces) {
    const line = lines.length ? `${lines[lines.length - 1]} ${piece}` : piece;
    if (lines.length && (textWidth(line, size) <= room || lines.length === most)) lines[lines.length - 1] = line;
    else lines.push(piece);
  }
  return lines;
}

/** An accountant on a space of the respect track: its clan and how many laps it has done.
 * @typedef {{clan: string, lap: number}} Accountant */
/** Where an accountant goes in its cell: slot `col` (0, 1) of row `row`; `wide`: two slots, its
 * lap count beside its letter; `crowded`: a lapped accountant left no room for its count.
 * @typedef {Accountant & {row: number, col: number, wide: boolean, crowded: boolean}} Slot */

/** Where the accountants on one space go in a cell of `rows` rows of two slots. Row 0 holds the
 * space's number (left) and the Prospecting Pawn (right, when it is there); the accountants fill
 * the rows below it first, then row 0, the number giving way. An accountant that has lapped the
 * track takes a whole row, its lap count beside its letter, while whole rows are free; if they
 * are not, each accountant of the space takes one slot and a lapped one is only marked as such
 * (its tooltip tells its respect).
 * @param {Accountant[]} here in seat order
 * @param {number} rows
 * @param {boolean} pawn
 * @returns {{slots: Slot[], number: boolean}} */
export function trackSlots(here, rows, pawn) {
  const free = Array.from({ length: rows }, (_, r) => [true, !(r === 0 && pawn)]);
  // Row 0 last: the number's slot the very last, the pawn's only when nothing else is left.
  const order = Array.from({ length: rows }, (_, i) => rows - 1 - i);
  const placed = placeWide(here, order, free);
  /** @type {Slot[]} */
  const slots = placed || [];
  const narrow = placed ? here.filter((a) => !a.lap) : here;
  const spots = order.flatMap((r) => (r === 0 ? [[0, 1], [0, 0]] : [[r, 0], [r, 1]]));
  for (const a of narrow) {
    const spot = spots.find(([r, c]) => free[r][c]) || [0, 1];
    free[spot[0]][spot[1]] = false;
    slots.push({ ...a, row: spot[0], col: spot[1], wide: false, crowded: a.lap > 0 });
  }
  return { slots, number: free[0][0] };
}

/** The lapped accountants of `here`, each given a whole free row (row 0 the last), when they
 * and the others all fit that way; else null, with `free` left as it was.
 * @param {Accountant[]} here @param {number[]} order @param {boolean[][]} free
 * @returns {Slot[] | null} */
function placeWide(here, order, free) {
  const wide = here.filter((a) => a.lap);
  const rowsFree = order.filter((r) => free[r][0] && free[r][1]);
  const left = free.flat().filter(Boolean).length - 2 * wide.length;
  if (wide.length > rowsFree.length || left < here.length - wide.length) return null;
  return wide.map((a, i) => {
    const r = rowsFree[i];
    free[r][0] = free[r][1] = false;
    return { ...a, row: r, col: 0, wide: true, crowded: false };
  });
}

/** @typedef {{regions: string[], die: boolean, pawn: boolean, road: string[] | null}} Targets */

/** What the last log entry concerns (by its kind and arguments): region names, "die", "pawn".
 * @param {{kind?: string | null, args?: Record<string, any> | null} | null} last
 * @returns {Targets} */
export function lastTargets(last) {
  /** @type {Targets} */
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

/**
 * @typedef {object} PlaceEntry what a place does when clicked: one of
 * @property {Action} [action] a legal action
 * @property {Pick} [pick] the first step of two
 * @property {boolean} [cancel] undoes the first step
 * @property {string} label words for a screen reader (and the button's name)
 */

/** The places to click, by id, read off the legal actions' kinds and arguments: `region:R`,
 * `chip:R:CLAN` (a clan's dwarfs in region R), `nuggets:R`, `inn:R` (an Inn, or the spot to
 * build one), `count:R:K` (harvest K, the second step), `arrow:FROM>TO` (a move on a desktop),
 * `die`. With `picked` (a first step) only its second steps and its cancel; null when `picked`
 * leads nowhere any more.
 * @param {Action[]} legal
 * @param {Pick | null} picked
 * @param {{arrows: boolean, mover: string | null}} how `arrows`: moves are arrows (else a dwarf
 *   of the mover's clan, then a region)
 * @returns {Map<string, PlaceEntry> | null} */
export function places(legal, picked, how) {
  if (picked) {
    const out = SECOND_STEPS[picked.kind](legal, picked.from, how);
    return out.size ? out : null;
  }
  return firstSteps(legal, how);
}

/** @typedef {{arrows: boolean, mover: string | null}} How */

/** The legal actions of `kind`.
 * @param {Action[]} legal @param {string} kind */
const ofKind = (legal, kind) => legal.filter((a) => a.kind === kind);

/** The second steps after a first one from region `from`, with its cancel (none without a
 * second step), by the first step's kind.
 * @type {Record<Pick["kind"], (legal: Action[], from: string, how: How) => Map<string, PlaceEntry>>} */
const SECOND_STEPS = {
  inn(legal, from) {
    /** @type {Map<string, PlaceEntry>} */
    const out = new Map();
    for (const a of ofKind(legal, "inn")) if (a.args.from === from) out.set(`region:${a.args.to}`, { action: a, label: t("move the Inn from {from} to {to}", { from, to: a.args.to }) });
    if (out.size) out.set(`inn:${from}`, { cancel: true, label: t("keep the Inn where it is (cancel)") });
    return out;
  },
  move(legal, from, how) {
    /** @type {Map<string, PlaceEntry>} */
    const out = new Map();
    for (const a of ofKind(legal, "move")) if (a.args.from === from) out.set(`region:${a.args.to}`, { action: a, label: t("move a dwarf from {from} to {to}", { from, to: a.args.to }) });
    if (out.size && how.mover) out.set(`chip:${from}:${how.mover}`, { cancel: true, label: t("keep the dwarf where it is (cancel)") });
    return out;
  },
  harvest(legal, from) {
    /** @type {Map<string, PlaceEntry>} */
    const out = new Map();
    for (const a of ofKind(legal, "harvest")) if (a.args.region === from) out.set(`count:${from}:${a.args.nuggets}`, { action: a, label: harvestLabel(a.args.nuggets, from) });
    if (out.size) out.set(`nuggets:${from}`, { cancel: true, label: t("harvest nothing here (cancel)") });
    return out;
  },
};

/** The places of the first (or only) steps.
 * @param {Action[]} legal @param {How} how
 * @returns {Map<string, PlaceEntry>} */
function firstSteps(legal, how) {
  /** @type {Map<string, PlaceEntry>} */
  const out = new Map();
  const of = (/** @type {string} */ kind) => ofKind(legal, kind);
  for (const a of of("place")) out.set(`region:${a.args.region}`, { action: a, label: t("place a dwarf in {region}", { region: a.args.region }) });
  for (const a of of("find")) out.set(`region:${a.args.region}`, { action: a, label: t("the find goes to {region}", { region: a.args.region }) });
  for (const a of of("rumor")) out.set(`chip:${a.args.region}:${a.args.clan}`, { action: a, label: t("a {clan} dwarf comes from {region} (rumor)", { clan: colourName(a.args.clan), region: a.args.region }) });
  harvestPlaces(of("harvest"), out);
  for (const a of of("build")) out.set(`inn:${a.args.region}`, { action: a, label: t("build a Royal Inn in {region}", { region: a.args.region }) });
  for (const a of of("inn")) out.set(`inn:${a.args.from}`, { pick: { kind: "inn", from: a.args.from }, label: t("move the Inn in {region}: choose where next", { region: a.args.from }) });
  for (const a of of("move")) {
    if (how.arrows) out.set(`arrow:${a.args.from}>${a.args.to}`, { action: a, label: t("move a dwarf from {from} to {to}", { from: a.args.from, to: a.args.to }) });
    else if (how.mover) out.set(`chip:${a.args.from}:${how.mover}`, { pick: { kind: "move", from: a.args.from }, label: t("move a dwarf from {region}: choose where next", { region: a.args.from }) });
  }
  const prospect = of("prospect")[0];
  if (prospect) out.set("die", { action: prospect, label: t("prospect: advance the pawn and roll the die") });
  return out;
}

/** A region's nuggets: its harvest, or (several amounts) the first step of choosing one.
 * @param {Action[]} harvests the legal harvests
 * @param {Map<string, PlaceEntry>} out */
function harvestPlaces(harvests, out) {
  /** @type {Map<string, Action[]>} */
  const byRegion = new Map();
  for (const a of harvests) byRegion.set(a.args.region, [...(byRegion.get(a.args.region) || []), a]);
  for (const [region, options] of byRegion) {
    out.set(`nuggets:${region}`, options.length === 1
      ? { action: options[0], label: harvestLabel(options[0].args.nuggets, region) }
      : { pick: { kind: "harvest", from: region }, label: t("harvest in {region}: choose how many next", { region }) });
  }
}

/** "harvest 3 nuggets in Kamau". @param {number} k @param {string} region */
function harvestLabel(k, region) {
  return tn("harvest {n} nugget in {region}", "harvest {n} nuggets in {region}", k, { region });
}

/** The action a place stands for when it is no place to click now (the "why not?" it answers),
 * read off the place's id, the phase and the first step picked; null: the place means nothing
 * at this phase.
 * - a region: where the picked dwarf or Inn would go; the find in the find phase; else a dwarf
 *   placed there (setup, and the commonest turn action);
 * - a clan's dwarfs: the rumor's dwarf in the rumor phase, else nothing (dwarfs lie on their
 *   region, whose click they must let through; a move is asked where the picked dwarf would go);
 * - the nuggets: a harvest of one; an Inn: moving it (to the first region without an Inn);
 *   the die: prospecting. An empty Inn spot is drawn only where building is legal (drawn
 *   everywhere it would crowd every region), so it never asks.
 * @param {string} id a place's id (see `places`)
 * @param {SkaalView} v
 * @param {Pick | null} picked
 * @returns {{kind: string, args: Record<string, unknown>} | null} */
export function nearest(id, v, picked) {
  const [what, name, clan] = id.split(":");
  const region = v.regions.find((r) => r.name === name);
  return Object.hasOwn(NEAREST, what) ? NEAREST[what]({ name, clan, region, v, picked }) : null;
}

/** @typedef {{kind: string, args: Record<string, unknown>} | null} Near */
/** @typedef {{name: string, clan: string, region: SkaalRegion | undefined, v: SkaalView, picked: Pick | null}} NearAt */
/** The nearest action by the kind of place (see `nearest`).
 * @type {Record<string, (at: NearAt) => Near>} */
const NEAREST = {
  region({ name, v, picked }) {
    if (picked && picked.kind !== "harvest") return { kind: picked.kind, args: { from: picked.from, to: name } };
    if (v.phase === "rumor") return null;
    return v.phase === "find" ? { kind: "find", args: { region: name } } : { kind: "place", args: { region: name } };
  },
  chip: ({ name, clan, v }) => (v.phase === "rumor" ? { kind: "rumor", args: { region: name, clan } } : null),
  nuggets: ({ name }) => ({ kind: "harvest", args: { region: name, nuggets: 1 } }),
  inn({ name, region, v }) {
    const to = v.regions.find((r) => !r.inn && r.name !== name);
    return region?.inn && to ? { kind: "inn", args: { from: name, to: to.name } } : null;
  },
  die: () => ({ kind: "prospect", args: {} }),
};
