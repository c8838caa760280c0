// The server's HTTP API, and what this device remembers: the seats it holds (their tokens),
// the player's name and preferences.
import { language } from "./i18n.js";

/** A refusal from the server: its HTTP status and the `detail` a player can read. */
export class ApiError extends Error {
  /** @param {number} status
   * @param {unknown} detail */
  constructor(status, detail) {
    super(typeof detail === "string" ? detail : JSON.stringify(detail));
    this.status = status;
  }
}

/**
 * @typedef {object} Request
 * @property {string} [method]
 * @property {unknown} [body] sent as JSON
 * @property {string | null} [token] the seat's token
 */

/** The JSON the server answers `path` with; a refusal throws an ApiError.
 * @param {string} path
 * @param {Request} [request]
 * @returns {Promise<any>} the server's JSON, untyped here: the one place it enters; callers
 *   type it at once (a Table, a Step, a Seat…) */
export async function api(path, { method = "GET", body = undefined, token = null } = {}) {
  /** @type {Record<string, string>} */
  const headers = {};
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  headers["Accept-Language"] = language();
  const response = await fetch(path, {
    method, headers, body: body === undefined ? null : JSON.stringify(body),
  });
  const data = await response.json().catch(() => ({}));
  if (!response.ok) throw new ApiError(response.status, data.detail ?? response.statusText);
  return data;
}

/** @typedef {{seat: number, token: string}} Seat */

/** The seat this device holds at a table, by the table's id. */
export const seats = {
  /** @param {string} tableId
   * @returns {Seat | null} */
  get(tableId) {
    try {
      const stored = JSON.parse(localStorage.getItem(`langbord.seat.${tableId}`) ?? "null");
      return stored && typeof stored.token === "string" ? stored : null;
    } catch {
      return null;
    }
  },
  /** @param {string} tableId
   * @param {number} seat
   * @param {string} token */
  set(tableId, seat, token) {
    localStorage.setItem(`langbord.seat.${tableId}`, JSON.stringify({ seat, token }));
  },
};

/** A preference kept on this device ("" when none).
 * @param {string} key */
export function remembered(key) {
  try {
    return localStorage.getItem(`langbord.${key}`) ?? "";
  } catch {
    return "";
  }
}

/** @param {string} key
 * @param {string} value */
export function remember(key, value) {
  try {
    localStorage.setItem(`langbord.${key}`, value);
  } catch {
    // storage full or forbidden: the preference lasts this page only
  }
}

/** The games' catalogue (`/api/games`), fetched once a page load.
 * @type {Promise<{games: import("./types.js").GameInfo[], agents: string[]}> | null} */
let catalogue = null;

export function games() {
  if (!catalogue) catalogue = api("/api/games");
  catalogue.catch(() => { catalogue = null; });
  return /** @type {Promise<{games: import("./types.js").GameInfo[], agents: string[]}>} */ (catalogue);
}

/** Game titles by name ("skaal" → "Skåål"). */
export async function titles() {
  const { games: list } = await games();
  return new Map(list.map((g) => [g.name, g.title]));
}

// ---- tutorials, "why not?" and analysis -----------------------------------------------------

/** The tutorials, in the order the games list them.
 * @returns {Promise<import("./types.js").TutorialInfo[]>} */
export function tutorialList() {
  return api("/api/tutorials");
}

/** The path of step `k` of tutorial `tid`.
 * @param {string} tid
 * @param {number} k */
function stepPath(tid, k) {
  return `/api/tutorials/${encodeURIComponent(tid)}/steps/${k}`;
}

/** Step `k` (from 0) of tutorial `tid`: its position and lesson.
 * @param {string} tid
 * @param {number} k
 * @returns {Promise<import("./types.js").TutorialStep>} */
export function tutorialStep(tid, k) {
  return api(stepPath(tid, k));
}

/** Tries a move at step `k`: a legal action by its id, or a place of the board by its kind and
 * arguments. Nothing changes on the server: the answer says whether it is the move asked for.
 * @param {string} tid
 * @param {number} k
 * @param {{action: number} | {kind: string, args: Record<string, unknown>}} move
 * @returns {Promise<import("./types.js").Attempt>} */
export function tryTutorial(tid, k, move) {
  return api(`${stepPath(tid, k)}/try`, { method: "POST", body: move });
}

/** Why the place `{kind, args}` of table `tableId`'s board cannot be chosen now.
 * @param {string} tableId
 * @param {string | null | undefined} token the seat's, none for a spectator
 * @param {string} kind
 * @param {Record<string, unknown>} args
 * @returns {Promise<import("./types.js").WhyAnswer>} */
export function askWhy(tableId, token, kind, args) {
  return api(`/api/tables/${tableId}/why`, { method: "POST", token, body: { kind, args } });
}

/** Asks for the analysis of finished table `tableId` (`seconds` of search per decision, the
 * server's default when not given); it runs in the background.
 * @param {string} tableId
 * @param {number} [seconds]
 * @returns {Promise<import("./types.js").AnalysisStatus>} */
export function startAnalysis(tableId, seconds) {
  return api(`/api/tables/${tableId}/analysis`, { method: "POST", body: seconds ? { seconds } : {} });
}

/** How far the analysis of table `tableId` is, and its result once done. A table never analysed
 * answers status "none".
 * @param {string} tableId
 * @returns {Promise<import("./types.js").AnalysisStatus>} */
export async function analysisOf(tableId) {
  try {
    return await api(`/api/tables/${tableId}/analysis`);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return { status: "none", done: 0, total: 0, seconds: null, error: null, analysis: null };
    throw error;
  }
}
