// The shapes Knarr's board reads: the seat's view (`table.view`, the server's JSON, its types
// generated from the engine's declaration into contracts/knarr.js) and what the drawing is handed.
// JSDoc types for TypeScript's checker: this module exports nothing at run time.

/** @typedef {import("../../types.js").Table} Table */
/** @typedef {import("../../types.js").LegalAction} Action */
/** @typedef {import("../../types.js").LogEntry} LogEntry */
/**
 * What the board draws with: the part of svg.js's boardContext it reads.
 * @typedef {object} Ctx
 * @property {Action[]} legal
 * @property {boolean} [narrow] a phone's screen
 * @property {LogEntry | null} last the last log entry
 * @property {(p: number) => string} seatName
 * @property {(p: number) => string} seatColour
 * @property {(p: number) => string} seatMark
 * @property {(node: Element, action: Action | null | undefined, label?: string | null) => boolean} clickable
 *   makes `node` act as `action`
 * @property {(kind: string, args?: Record<string, unknown>) => Action | null} find the legal
 *   action of `kind` with exactly `args`
 * @property {(node: Element, kind: string, args?: Record<string, unknown>, label?: string | null) => boolean} offer
 *   `node` stands for the action of `kind` with `args`, legal or not (svg.js)
 */
/** Records `node` as the first place of `key` (for the last move's mark) and returns it.
 * @typedef {<T extends Element>(key: string, node: T) => T} Tag */
/** @typedef {Map<string, Action>} Places */

/** @typedef {import("../../contracts/knarr.js").KnarrView} KnarrView the seat's view (the server's JSON) */
/** @typedef {import("../../contracts/knarr.js").KnarrSeat} KnarrSeat one seat as the view tells it */
/** @typedef {import("../../contracts/knarr.js").KnarrSkali} KnarrSkali Skali's part of the view */
/** @typedef {import("../../contracts/knarr.js").KnarrCrew} KnarrCrew a seat's crew by colour column */
/** A colour, as the market's slots and the crew's columns are keyed. @typedef {keyof KnarrCrew} Colour */

export {};
