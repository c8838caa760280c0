// The shapes of the server's JSON the page reads: JSDoc types for TypeScript's checker, generated
// into contracts/table.js from the server's declarations (langbord.server.shapes) and re-exported
// here under the names the other modules import. This module exports nothing at run time.

/** @typedef {import("./contracts/table.js").Player} Player */
/** @typedef {import("./contracts/table.js").LegalAction} LegalAction */
/** @typedef {import("./contracts/table.js").LogEntry} LogEntry */
/** @typedef {import("./contracts/table.js").RankingRow} RankingRow */
/** @typedef {import("./contracts/table.js").Breakdown} Breakdown */
/** @typedef {import("./contracts/table.js").Result} Result */
/** @typedef {import("./contracts/table.js").UndoRequest} UndoRequest */
/** @typedef {import("./contracts/table.js").Undo} Undo */
/** @typedef {import("./contracts/table.js").ChatMessage} ChatMessage */
/** @typedef {import("./contracts/table.js").Table} Table */
/**
 * A table of one game, whose view is that game's (`TableOf<KnarrView>`).
 * @template {Table["view"]} V
 * @typedef {Table & {view: V}} TableOf
 */
/** @typedef {import("./contracts/table.js").Step} Step */
/** @typedef {import("./contracts/table.js").GameOption} GameOption */
/** @typedef {import("./contracts/table.js").GameInfo} GameInfo */
/** @typedef {import("./contracts/table.js").Catalogue} Catalogue */
/** @typedef {import("./contracts/table.js").Level} Level */
/** @typedef {import("./contracts/table.js").Highlight} Highlight */
/** @typedef {import("./contracts/table.js").TutorialInfo} TutorialInfo */
/** @typedef {import("./contracts/table.js").Lesson} Lesson */
/** @typedef {import("./contracts/table.js").TutorialStep} TutorialStep */
/** @typedef {import("./contracts/table.js").Attempt} Attempt */
/** @typedef {import("./contracts/table.js").WhyAnswer} WhyAnswer */
/** @typedef {import("./contracts/table.js").Hint} Hint */
/** @typedef {import("./contracts/table.js").Rules} Rules */
/** @typedef {import("./contracts/table.js").Listed} Listed */
/** @typedef {import("./contracts/table.js").Lobby} Lobby */
/** @typedef {import("./contracts/table.js").Created} Created */
/** @typedef {import("./contracts/table.js").Joined} Joined */
/** @typedef {import("./contracts/table.js").Accepted} Accepted */
/** @typedef {import("./contracts/table.js").Undone} Undone */
/** @typedef {import("./contracts/table.js").Rematch} Rematch */
/** @typedef {import("./contracts/table.js").GameRecord} GameRecord */
/** @typedef {import("./contracts/table.js").PartialRecord} PartialRecord */
/** @typedef {import("./contracts/table.js").Decision} Decision */
/** @typedef {import("./contracts/table.js").Analysis} Analysis */
/** @typedef {import("./contracts/table.js").AnalysisProgress} AnalysisProgress */
/** @typedef {import("./contracts/table.js").AnalysisStatus} AnalysisStatus */

export {};
