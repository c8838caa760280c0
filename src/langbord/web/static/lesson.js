// The logic of a tutorial's lessons, apart from the page (learn.js): where a learner stands in
// each tutorial (kept on the device), what a step's answer means for the lesson panel, and the
// addresses of the steps. Pure: the storage is passed in.
import { t, tn } from "./i18n.js";

/** @typedef {import("./types.js").Attempt} Attempt */
/** @typedef {import("./types.js").Lesson} Lesson */

/** @typedef {{getItem: (key: string) => string | null, setItem: (key: string, value: string) => void}} Store */

/** The device's storage, or none (private windows may forbid it). */
function deviceStore() {
  try {
    return /** @type {Store | null} */ (globalThis.localStorage ?? null);
  } catch {
    return null;
  }
}

/** @param {string} tid */
const keyOf = (tid) => `langbord.learn.${tid}`;

/** The steps (from 0) of tutorial `tid` the learner has done on this device, in order.
 * @param {string} tid
 * @param {Store | null} [store]
 * @returns {number[]} */
export function stepsDone(tid, store = deviceStore()) {
  try {
    const kept = JSON.parse(store?.getItem(keyOf(tid)) ?? "null");
    /** @type {unknown[]} */
    const done = Array.isArray(kept?.done) ? kept.done : [];
    const steps = /** @type {number[]} */ (done.filter((k) => Number.isInteger(k) && Number(k) >= 0));
    return [...new Set(steps)].sort((a, b) => a - b);
  } catch {
    return [];
  }
}

/** Notes that step `k` of tutorial `tid` is done.
 * @param {string} tid
 * @param {number} k
 * @param {Store | null} [store] */
export function markDone(tid, k, store = deviceStore()) {
  const done = [...new Set([...stepsDone(tid, store), k])].sort((a, b) => a - b);
  try {
    store?.setItem(keyOf(tid), JSON.stringify({ done }));
  } catch {
    // storage full or forbidden: the progress lasts this page only
  }
}

/**
 * @typedef {object} Progress where a learner stands in a tutorial
 * @property {number} done how many of its steps are done
 * @property {number} steps
 * @property {boolean} finished every step done
 * @property {number} resume the step to go on with: the first not done (0 when all are)
 * @property {string} label "Start", "Continue (3 of 7 done)", "Done ✓"
 * @property {string} action the button's word: "Start", "Continue", "Again"
 */

/** Where a learner stands in a tutorial of `steps` steps, given the steps done.
 * @param {number[]} done
 * @param {number} steps
 * @returns {Progress} */
export function progressOf(done, steps) {
  const within = done.filter((k) => k < steps);
  const finished = steps > 0 && within.length >= steps;
  let resume = 0;
  while (!finished && within.includes(resume)) resume += 1;
  if (finished) return { done: steps, steps, finished, resume: 0, label: t("Done \u2713"), action: t("Again") };
  if (!within.length) return { done: 0, steps, finished, resume, label: tn("{n} step", "{n} steps", steps), action: t("Start") };
  return { done: within.length, steps, finished, resume, label: tn("{done} of {n} step done", "{done} of {n} steps done", steps, { done: within.length }), action: t("Continue") };
}

/** The address of step `k` of tutorial `tid`.
 * @param {string} tid
 * @param {number} k */
export function learnRoute(tid, k) {
  return `#/learn/${encodeURIComponent(tid)}/${k}`;
}

/** The tutorial and step an address's parts name (`learn/TID/K`), or null.
 * @param {string[]} parts the address after `#/`, split at its slashes
 * @returns {{tid: string, k: number} | null} */
export function parseLearnRoute(parts) {
  if (parts[0] !== "learn" || !parts[1]) return null;
  const k = parts[2] === undefined || parts[2] === "" ? 0 : Number(parts[2]);
  if (!Number.isInteger(k) || k < 0) return null;
  try {
    return { tid: decodeURIComponent(parts[1]), k };
  } catch {
    return null;
  }
}

/** "Step 2 of 7" for the step `k` (from 0) of `steps`.
 * @param {number} k
 * @param {number} steps */
export function stepLabel(k, steps) {
  return t("Step {n} of {count}", { n: k + 1, count: steps });
}

/**
 * @typedef {object} Outcome what the lesson panel says after a move was tried
 * @property {"refused" | "right"} tone
 * @property {string} message the teaching reason, or the move's effect
 * @property {{label: string, href: string} | null} next where the learner goes on (only when right)
 */

/** What the lesson panel says after `attempt` at the step `lesson`: a refusal teaches and
 * changes nothing; the right move tells its effect and leads to the next step, or (the last)
 * to a new table of the game.
 * @param {Attempt} attempt
 * @param {Lesson} lesson
 * @param {string} game
 * @returns {Outcome} */
export function outcomeOf(attempt, lesson, game) {
  if (!attempt.ok) {
    const message = attempt.message || (lesson.hint ? t("Not that one. {hint}", { hint: lesson.hint }) : t("Not that one: try another move."));
    return { tone: "refused", message, next: null };
  }
  const last = lesson.step + 1 >= lesson.steps;
  const next = last
    ? { label: t("You're ready: play a game"), href: `#/?game=${encodeURIComponent(game)}` }
    : { label: t("Next"), href: learnRoute(lesson.id, lesson.step + 1) };
  return { tone: "right", message: attempt.message || t("Well played."), next };
}
