// The shapes of the server's JSON the page reads (JSDoc types for TypeScript's checker; this
// module exports nothing at run time).

/**
 * @typedef {object} Player
 * @property {number} seat
 * @property {string} kind "human" or "bot"
 * @property {string | null} bot the bot's spec, for a bot seat
 * @property {string | null} name
 * @property {boolean} joined
 * @property {string} [seat_name] the game's name for the seat (a colour, a clan)
 */

/**
 * @typedef {object} LegalAction
 * @property {number} id
 * @property {string} text the notation
 * @property {string} [words] the action in a player's words
 * @property {string} [kind]
 * @property {Record<string, unknown>} [args]
 */

/**
 * @typedef {object} LogEntry
 * @property {number} move
 * @property {number | null} player null: chance
 * @property {string} action as the seat is told of it
 * @property {string} [words]
 * @property {string} [kind]
 * @property {Record<string, unknown>} [args]
 */

/**
 * @typedef {object} RankingRow
 * @property {number} place
 * @property {number} seat
 * @property {string} name
 * @property {number} score
 * @property {boolean} tied
 */

/**
 * @typedef {object} Breakdown
 * @property {string[]} rows
 * @property {number[][]} values a list per row, a number per seat
 */

/**
 * @typedef {object} Result
 * @property {number[]} scores
 * @property {number[]} [returns]
 * @property {number[]} winners
 * @property {RankingRow[]} [ranking]
 * @property {string} [reason]
 * @property {Breakdown} [breakdown]
 */

/**
 * @typedef {object} UndoRequest an undo a seat asked for, waiting for the others' yes
 * @property {number} by
 * @property {number} moves how many decisions it takes back
 * @property {number[]} waiting_for the seats still to answer
 */

/**
 * @typedef {object} Undo
 * @property {boolean} available whether this seat may undo now
 * @property {UndoRequest | null} request
 */

/**
 * @typedef {object} ChatMessage
 * @property {number} n
 * @property {number} seat
 * @property {string} name
 * @property {string} text
 * @property {string} at an ISO time
 */

/**
 * @typedef {object} Table
 * @property {string} id
 * @property {string} game
 * @property {Record<string, unknown>} [options]
 * @property {string} status "open", "playing", "over", "abandoned" (a replay step: "replay")
 * @property {number} move
 * @property {number | null} you
 * @property {number | null} to_move
 * @property {Player[]} players
 * @property {any} view the game's own JSON, read by its board (boards/GAME.js): the one
 *   untyped value of the table
 * @property {string} text
 * @property {LegalAction[]} legal
 * @property {string | null} prompt
 * @property {Result | null} result
 * @property {LogEntry[]} log
 * @property {number} [log_start]
 * @property {number} [undone] how many undos the table has had (it goes back after one)
 * @property {string} [error]
 * @property {string | null} [rematch]
 * @property {boolean} [hotseat]
 * @property {boolean} [hints] whether hints are on at the table
 * @property {Undo | null} [undo]
 * @property {ChatMessage[]} [chat]
 * @property {string | null} [rematch_of]
 */

/**
 * @typedef {object} Step the table after its first `step` moves (`/api/tables/ID/steps/N`)
 * @property {string} id
 * @property {string} game
 * @property {number} step
 * @property {number} steps how many moves the table has had
 * @property {Player[]} players
 * @property {number | null} to_move
 * @property {Table["view"]} view
 * @property {string} text
 * @property {LogEntry[]} log as the seat was told it then (the whole log, once the game is over)
 */

/**
 * @typedef {object} GameOption an option of a game a new table may set
 * @property {string} name
 * @property {string | number | boolean | null} default
 * @property {(string | number | boolean)[] | null} choices
 * @property {number | null} minimum
 * @property {number | null} maximum
 * @property {string} help
 */

/**
 * @typedef {object} GameInfo
 * @property {string} name
 * @property {string} title
 * @property {string} [summary]
 * @property {number} min_players
 * @property {number} max_players
 * @property {string[]} seat_names
 * @property {boolean} cooperative
 * @property {string} best_agent
 * @property {string[]} agents
 * @property {Level[]} [levels]
 * @property {GameOption[]} options
 */

/**
 * @typedef {object} Level a bot level as the catalogue offers it
 * @property {string} name "beginner" … "best"
 * @property {string} spec the agent spec it stands for
 * @property {string} measure "rating" (Elo scale, random at 0) or "win rate" (percent, solo)
 * @property {number | null} rating
 * @property {number[] | null} interval
 * @property {number | null} seconds measured think time a decision
 * @property {number} max_seconds the most a decision may take here
 */

/**
 * @typedef {object} Highlight a place of the board a lesson points at (matched by the board
 *   against the kind and arguments it offers there)
 * @property {string} [kind]
 * @property {Record<string, unknown>} args
 * @property {string} [label]
 */

/**
 * @typedef {object} TutorialInfo a tutorial as the lobby lists it (`GET /api/tutorials`)
 * @property {string} id
 * @property {string} game
 * @property {string} title
 * @property {string} summary
 * @property {number} players
 * @property {number} steps how many steps it has
 */

/**
 * @typedef {object} Lesson what a tutorial's step says (the `tutorial` of its JSON)
 * @property {string} id the tutorial's id
 * @property {string} title the tutorial's title
 * @property {number} step this step, counted from 0
 * @property {number} steps how many steps the tutorial has
 * @property {string} step_title
 * @property {string} text
 * @property {string} rule a ruling id, or ""
 * @property {string} [rule_text] the ruling's words
 * @property {string} hint
 * @property {Highlight[]} highlight
 * @property {LegalAction} expect the move the step asks for
 */

/**
 * @typedef {Table & {tutorial: Lesson}} TutorialStep a step of a tutorial
 *   (`GET /api/tutorials/TID/steps/K`): the position as a table the boards draw, for the learner
 */

/**
 * @typedef {object} Attempt the answer to a move tried at a step (`POST …/steps/K/try`)
 * @property {boolean} ok whether it is the move the step asks for
 * @property {string} message why not (a teaching sentence), or the move's effect
 * @property {Table} [next] the position after the move (only when ok)
 */

/**
 * @typedef {object} WhyAnswer why a place of the board cannot be chosen
 *   (`POST /api/tables/ID/why`)
 * @property {boolean} legal
 * @property {string | null} [action] the action the place names, if any
 * @property {string} reason "" when legal
 * @property {string} rule the rule's line, may be ""
 */

/**
 * @typedef {object} Decision one decision of a finished game, judged
 * @property {number} move its index in the game's history (the replay's step before it)
 * @property {number} seat who decided
 * @property {string} played
 * @property {string} [played_words]
 * @property {string} best the best move the analysis found
 * @property {string} [best_words]
 * @property {number[]} chances each seat's chance of winning (0 to 1) before the decision
 * @property {number} played_chance the mover's chance after the move played
 * @property {number} best_chance the mover's chance after the best move
 * @property {number} loss best_chance − played_chance
 * @property {"inaccuracy" | "mistake" | "blunder" | null} mark
 * @property {number} simulations
 * @property {string} [best_kind]
 * @property {Record<string, unknown>} [best_args]
 */

/**
 * @typedef {object} Analysis a finished game's analysis
 * @property {string} game
 * @property {string} agent
 * @property {number} [seconds] per decision
 * @property {number} [iterations] per decision
 * @property {{inaccuracy: number, mistake: number, blunder: number}} thresholds
 * @property {Decision[]} decisions
 * @property {Record<string, unknown>} [summary] counts per seat
 */

/**
 * @typedef {object} AnalysisStatus `GET /api/tables/ID/analysis`
 * @property {"none" | "queued" | "running" | "done" | "failed"} status
 * @property {number} done decisions analysed
 * @property {number} total decisions to analyse
 * @property {Analysis | null} [analysis] once done
 * @property {string} [error] why it failed
 */

export {};
