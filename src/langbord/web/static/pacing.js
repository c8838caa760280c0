// What happened since a client last looked, shown one move at a time: the moves of the other
// seats and the chance events are queued and shown at a pace a person can follow (adjustable,
// or instant). Pure logic with an injectable clock, so the unit tests run it without a page.

/** @typedef {import("./types.js").LogEntry} LogEntry */

/** Milliseconds each shown move stays before the next, by speed. */
export const SPEEDS = /** @type {const} */ ({ slow: 1600, normal: 900, fast: 400, instant: 0 });
/** @typedef {keyof typeof SPEEDS} Speed */

/** A speed by name, "normal" for anything unknown (a stored value from an older page).
 * @param {unknown} name
 * @returns {Speed} */
export function speedNamed(name) {
  return typeof name === "string" && name in SPEEDS ? /** @type {Speed} */ (name) : "normal";
}

/** The entries from move `from` on that a client with seats `mine` did not make itself: its
 * own moves need no showing, everything else (other seats, chance) does.
 * @param {LogEntry[]} log
 * @param {number} from
 * @param {Iterable<number>} mine */
export function entriesToShow(log, from, mine) {
  const own = new Set(mine);
  return log.filter((e) => e.move >= from && (e.player === null || !own.has(e.player)));
}

/** How long one move stays shown: the speed's time, shortened when many wait (a long backlog
 * after a return to the tab plays in at most about ten seconds), never below 150 ms unless
 * instant.
 * @param {Speed} speed
 * @param {number} waiting how many moves are still queued */
export function stepDelay(speed, waiting) {
  const base = SPEEDS[speed];
  if (base === 0) return 0;
  const budget = 10_000;
  if (waiting * base <= budget) return base;
  return Math.max(150, Math.floor(budget / waiting));
}

/**
 * @typedef {object} PacerOptions
 * @property {(entry: LogEntry, index: number, total: number) => (void | Promise<void>)} show
 *   draws the table just after `entry` (index-th of `total` queued in this run)
 * @property {() => (void | Promise<void>)} done the queue ran dry: draw the live table
 * @property {() => Speed} speed
 * @property {(fn: () => void, ms: number) => unknown} [schedule] starts a timer, returns its handle
 * @property {(handle: unknown) => void} [cancel] stops the timer of a handle `schedule` returned
 */

/** A queue of moves to show one after another. `add` queues entries (each move once, in
 * order) and starts a run unless the speed is instant (then nothing runs: the caller draws the
 * live table, as it does whenever `running` is false after `add`); `skip` drops what is queued
 * and ends the run at once; `done` is called once at the end of each run. */
export class Pacer {
  /** @param {PacerOptions} options */
  constructor(options) {
    this.options = options;
    /** @type {LogEntry[]} */
    this.queue = [];
    /** The highest move queued or shown. */
    this.last = -1;
    this.running = false;
    /** How many were shown in this run, and its length so far. */
    this.shown = 0;
    this.total = 0;
    /** @type {unknown} the pending timer's handle */
    this.timer = null;
    this.schedule = options.schedule ?? ((fn, ms) => setTimeout(fn, ms));
    this.cancel = options.cancel ?? ((handle) => clearTimeout(/** @type {ReturnType<typeof setTimeout>} */ (handle)));
  }

  /** Queues the entries not queued before; starts a run if none is going.
   * @param {LogEntry[]} entries */
  add(entries) {
    const fresh = entries.filter((e) => e.move > this.last);
    if (!fresh.length) return;
    this.last = fresh[fresh.length - 1].move;
    if (this.options.speed() === "instant" && !this.running) return; // the caller draws the table
    this.queue.push(...fresh);
    this.total += fresh.length;
    if (!this.running) {
      this.running = true;
      void this.step();
    }
  }

  /** Marks moves up to `move` as seen without showing them (the client's own, a first load).
   * @param {number} move */
  seen(move) {
    this.last = Math.max(this.last, move);
  }

  /** Shows the next queued move, or ends the run. */
  async step() {
    this.timer = null;
    const entry = this.queue.shift();
    if (!entry) {
      this.finish();
      return;
    }
    this.shown += 1;
    await this.options.show(entry, this.shown, this.total);
    if (!this.running) return; // skipped while drawing
    this.timer = this.schedule(() => void this.step(), stepDelay(this.options.speed(), this.queue.length + 1));
  }

  /** Drops what is queued and ends the run now (a "skip", a decision, a speed of instant). */
  skip() {
    if (!this.running) return;
    if (this.timer !== null) this.cancel(this.timer);
    this.queue = [];
    this.finish();
  }

  /** @private */
  finish() {
    this.running = false;
    this.timer = null;
    this.shown = 0;
    this.total = 0;
    void this.options.done();
  }
}
