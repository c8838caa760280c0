// The shapes Knarr's board reads: the seat's view (`table.view`, the server's JSON, typed once
// here) and what the drawing is handed. JSDoc types for TypeScript's checker: this module exports
// nothing at run time.

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

/**
 * One seat as the view tells it (another seat's hand only by its size and what was seen).
 * @typedef {object} KnarrSeat
 * @property {number} seat
 * @property {number} vp
 * @property {number} reputation
 * @property {number} bracelets
 * @property {number} recruits
 * @property {Record<string, string[]>} crew viking types by colour column
 * @property {string[]} destinations
 * @property {string[]} [reserved]
 * @property {number} hand_size
 * @property {string[]} [hand_known]
 * @property {string[] | null} [hand] the seat's own hand only
 * @property {number} [coins] Skali
 * @property {string[]} [village] Skali: the buildings developed
 * @property {number} [raid_tokens] Skali
 * @property {string | boolean | null} [change_token] Skali with 2 players
 */

/**
 * Skali's part of the view.
 * @typedef {object} KnarrSkali
 * @property {string} skali_board
 * @property {(string | null)[]} buildings the building market ("building 7"), an empty slot null
 * @property {number} building_deck
 * @property {string[]} [building_deck_bottom]
 * @property {number} raid_tokens_on_board
 * @property {boolean} additional_token_beside_board
 * @property {string | null} [activating]
 */

/**
 * The seat's view of a Knarr game.
 * @typedef {object} KnarrView
 * @property {number} players
 * @property {string} [phase] the decision being taken ("action", "pay", "mead cup"…)
 * @property {{boat?: string} & Record<string, unknown>} [options]
 * @property {string | null} [artifact]
 * @property {string[]} [artifacts]
 * @property {string} [boat]
 * @property {number | null} [first]
 * @property {number} round
 * @property {boolean} [end_triggered]
 * @property {number} [extras]
 * @property {Record<string, string | null>} market the viking in each colour's slot
 * @property {Record<string, (string | null)[]>} destinations by row title
 * @property {Record<string, number>} decks cards left, by deck
 * @property {Record<string, number> | null} [discard] vikings by type
 * @property {{destination: string, left: number} | null} [payment]
 * @property {string | null} [take]
 * @property {KnarrSeat[]} seats
 * @property {KnarrSkali | null} [skali]
 */

export {};
