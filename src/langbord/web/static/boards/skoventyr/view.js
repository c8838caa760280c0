// The shapes Skoventyr's board reads: the seat's view (`table.view`, the server's JSON, typed
// once here) and what the drawing is handed. JSDoc types for TypeScript's checker: this module
// exports nothing at run time.

/** @typedef {import("../../types.js").Table} Table */
/** @typedef {import("../../types.js").LegalAction} Action */
/** @typedef {import("../../types.js").LogEntry} LogEntry */
/** Records `node` as the first place of `key` (for the last move's mark) and returns it.
 * @typedef {<T extends Element>(key: string, node: T) => T} Tag */
/** @typedef {Map<string, Action>} Places */

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

/**
 * A Tree of the Forest.
 * @typedef {object} Tree
 * @property {string} tree its name ("A")
 * @property {string} side "healthy" or "damaged"
 * @property {boolean} vogter
 * @property {boolean} gamle_erik
 * @property {string | null} ally
 * @property {boolean} [revealed] whether its Ally is Revealed
 */

/**
 * A Minion of Gamle Erik.
 * @typedef {object} Minion
 * @property {string} name "Lindorm 1"
 * @property {number} value
 * @property {boolean} in_game
 * @property {string | null} lygtemand the Ally of its Trickster Lygtemand, or "?"
 * @property {string | null} acorn Rescue
 */

/**
 * What everybody knows of the deck.
 * @typedef {object} Deck
 * @property {number} size
 * @property {string[]} top
 * @property {string[]} bottom
 * @property {number} hidden
 * @property {Record<string, number>} hidden_cards
 */

/**
 * The seat's view of a Skoventyr game.
 * @typedef {object} SkoventyrView
 * @property {number} players
 * @property {number} turns_played
 * @property {number} to_move
 * @property {string} phase the decision being taken ("action", "damage", "hand limit"…)
 * @property {string} result "playing", "won" or "lost"
 * @property {Tree[]} forest clockwise from the top
 * @property {number} allies_in_forest
 * @property {number} distance Trees between Gamle Erik and Vogter
 * @property {string[]} discarded_trees
 * @property {(string | null)[]} future
 * @property {string | null} [taking]
 * @property {string | null} [placing]
 * @property {string[][]} hands by player
 * @property {Record<string, number>} discard cards by type
 * @property {Deck} deck
 * @property {string[]} [revealed] by Involve
 * @property {Minion[]} minions
 * @property {{rallied: number, removed: number} | null} [lygtemands] the Lygtemands module
 * @property {Record<string, string> | null} [hostages] Rescue: the token on each Ally held
 * @property {string[]} [acorns_in_centre] Rescue
 * @property {Record<string, unknown>} [options]
 */

export {};
