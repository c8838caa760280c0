// The board's zoom, remembered on this device (localStorage) for each game.
import { h } from "./dom.js";
import { t } from "./i18n.js";

/** The zoom steps offered, as fractions of the board area's width. */
export const ZOOMS = [0.5, 0.67, 0.8, 0.9, 1, 1.1, 1.25, 1.5, 1.75, 2];

/**
 * The nearest offered step to `value` (1 for anything that is not a positive number).
 * @param {unknown} value
 */
export function clampZoom(value) {
  const z = Number(value);
  if (!Number.isFinite(z) || z <= 0) return 1;
  return ZOOMS.reduce((best, step) => (Math.abs(step - z) < Math.abs(best - z) ? step : best), 1);
}

/**
 * The step after (`direction` 1) or before (-1) `zoom`, staying at the ends.
 * @param {number} zoom
 * @param {number} direction
 */
export function stepZoom(zoom, direction) {
  const i = ZOOMS.indexOf(clampZoom(zoom));
  return ZOOMS[Math.max(0, Math.min(ZOOMS.length - 1, i + Math.sign(direction)))];
}

/** @param {string} game */
const key = (game) => `langbord.zoom.${game}`;

/**
 * The zoom saved for `game` in `storage` (1 when none, or it cannot be read).
 * @param {Pick<Storage, "getItem">} storage
 * @param {string} game
 */
export function loadZoom(storage, game) {
  try {
    const saved = storage.getItem(key(game));
    return saved === null ? 1 : clampZoom(saved);
  } catch {
    return 1;
  }
}

/**
 * Saves `zoom` for `game` (quietly nothing when the storage refuses: private windows).
 * @param {Pick<Storage, "setItem">} storage
 * @param {string} game
 * @param {number} zoom
 */
export function saveZoom(storage, game, zoom) {
  try { storage.setItem(key(game), String(clampZoom(zoom))); } catch { /* not kept */ }
}

/**
 * − 100 % + buttons that scale the board (`board`'s CSS variable --board-zoom).
 * @param {HTMLElement} board
 * @param {string} game
 */
export function zoomControl(board, game) {
  let zoom = loadZoom(localStorage, game);
  const label = h("button", { type: "button", class: "secondary ctl-zoom-level", id: "zoom-reset", "aria-label": t("board size: back to 100 %"), "data-tip": t("Board size: tap to go back to 100 %") });
  const out = h("button", { type: "button", class: "secondary", id: "zoom-out", "aria-label": t("smaller board") }, "−");
  const into = h("button", { type: "button", class: "secondary", id: "zoom-in", "aria-label": t("larger board") }, "+");
  /** @param {number} next */
  function set(next) {
    zoom = clampZoom(next);
    saveZoom(localStorage, game, zoom);
    board.style.setProperty("--board-zoom", String(zoom)); // CSSOM: the page's CSP allows it
    board.classList.toggle("ctl-zoomed", zoom !== 1);
    label.textContent = `${Math.round(zoom * 100)} %`;
    out.toggleAttribute("disabled", zoom === ZOOMS[0]);
    into.toggleAttribute("disabled", zoom === ZOOMS[ZOOMS.length - 1]);
  }
  out.addEventListener("click", () => set(stepZoom(zoom, -1)));
  into.addEventListener("click", () => set(stepZoom(zoom, 1)));
  label.addEventListener("click", () => set(1));
  set(zoom);
  return h("span", { class: "ctl-zoom", role: "group", "aria-label": t("board size") }, out, label, into);
}
