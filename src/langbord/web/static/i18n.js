// The page in the player's language: English in the source, every string a player reads passed
// through `t` (or `tn` for a count) where it is written. The catalogs are the server's gettext
// PO files (src/langbord/locale/<lang>/LC_MESSAGES/page.po), served as JSON by
// `/api/locale/<lang>`; `tools/i18n.py` extracts the `t`/`tn` strings and the `data-i18n`
// attributes of index.html, and checks every language translates them all.
//
// The language is the one the player picked on this device (localStorage `langbord.lang`), else
// the browser's first one langbord speaks, else English. The server is told it with every
// request (`Accept-Language`, and `?lang=` on the WebSocket), so the table's prompt, its moves'
// and log's words, the rules and the tutorials come in it too.

/** The languages spoken, each by its name in itself. */
export const LANGUAGES = /** @type {const} */ ({ en: "English", da: "Dansk", de: "Deutsch", fr: "Français" });
const STORED = "langbord.lang";

/** @typedef {keyof typeof LANGUAGES} Language */
/** @typedef {Record<string, string | number>} Params */

/** @type {Language} */
let current = "en";
/** @type {Record<string, string | string[]>} */
let messages = {};
/** @type {Intl.PluralRules} */
let plural = new Intl.PluralRules("en");

/** @param {unknown} tag @returns {Language | null} */
export function known(tag) {
  if (typeof tag !== "string") return null;
  const base = tag.trim().toLowerCase().split(/[-_]/)[0];
  return Object.hasOwn(LANGUAGES, base) ? /** @type {Language} */ (base) : null;
}

/** The language to speak: the device's choice, else the browser's first spoken one, else English.
 * @param {readonly string[]} preferred the browser's languages, most wanted first
 * @param {string | null} stored what the device remembers
 * @returns {Language} */
export function choose(preferred, stored) {
  const picked = known(stored);
  if (picked) return picked;
  for (const tag of preferred) {
    const found = known(tag);
    if (found) return found;
  }
  return "en";
}

/** `text` with each `{name}` replaced by `params[name]` (a name it lacks stays as written).
 * @param {string} text @param {Params} [params] */
export function format(text, params) {
  if (!params) return text;
  return text.replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (whole, name) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole);
}

/** `message` in the language spoken, its `{name}` placeholders filled from `params`.
 * @param {string} message @param {Params} [params] */
export function t(message, params) {
  const found = messages[message];
  return format(typeof found === "string" ? found : message, params);
}

/** The form of `singular`/`plural` for `n` in the language spoken (its plural rules from
 * `Intl.PluralRules`), with `{n}` and `params` filled.
 * @param {string} singular @param {string} plural_ @param {number} n @param {Params} [params] */
export function tn(singular, plural_, n, params) {
  const found = messages[singular];
  const one = plural.select(n) === "one";
  const text = Array.isArray(found) ? (one ? found[0] : found[found.length - 1]) : (one ? singular : plural_);
  return format(text, { n, ...params });
}

/** The language spoken. */
export function language() { return current; }

/** Speak `lang` with `catalog` (the server's `/api/locale` answer): for the page at start, and
 * for tests.
 * @param {Language} lang @param {Record<string, string | string[]>} catalog */
export function use(lang, catalog) {
  current = lang;
  messages = catalog;
  plural = new Intl.PluralRules(lang);
  if (typeof document !== "undefined") document.documentElement.lang = lang;
}

/** Reads the device's and browser's choice and loads its catalog (English needs none). */
export async function start() {
  let stored = null;
  try { stored = localStorage.getItem(STORED); } catch { /* storage refused: the browser's choice */ }
  const lang = choose(navigator.languages ?? [navigator.language], stored);
  if (lang === "en") { use("en", {}); return; }
  try {
    const response = await fetch(`/api/locale/${lang}`);
    const body = await response.json();
    use(lang, response.ok ? body.messages : {});
  } catch {
    use("en", {});
  }
}

/** Remembers `lang` on this device and shows the page again in it.
 * @param {string} lang */
export function pick(lang) {
  const chosen = known(lang);
  if (!chosen) return;
  try { localStorage.setItem(STORED, chosen); } catch { /* not remembered: this page only */ }
  location.reload();
}

/** Translates the marked parts of `root`: an element's text (`data-i18n`), its `aria-label`,
 * `title` and `placeholder` (`data-i18n-label`, `-title`, `-placeholder`), each attribute's value
 * being the English.
 * @param {ParentNode} root */
export function translate(root) {
  for (const element of root.querySelectorAll("[data-i18n]")) element.textContent = said(element, "data-i18n");
  for (const [mark, attribute] of [["data-i18n-label", "aria-label"], ["data-i18n-title", "title"], ["data-i18n-placeholder", "placeholder"]]) {
    for (const element of root.querySelectorAll(`[${mark}]`)) element.setAttribute(attribute, said(element, mark));
  }
}

/** The English an element's `mark` attribute holds, in the language spoken.
 * @param {Element} element @param {string} mark */
function said(element, mark) {
  const english = element.getAttribute(mark);
  return english ? t(english) : "";
}
