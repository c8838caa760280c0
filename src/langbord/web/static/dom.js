// Small DOM helpers the page's modules share: `h` builds an element, `toast` says something
// briefly.

/**
 * @typedef {string | number | Node | null | undefined | false} Child
 * @typedef {Child | Child[]} Children
 */

/** An HTML element: attributes (`onclick` and the like add listeners; `true` sets an empty
 * attribute; null, undefined and false set none) and children (strings become text).
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {Record<string, unknown>} [attrs]
 * @param {...Children} children
 * @returns {HTMLElementTagNameMap[K]} */
export function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (key.startsWith("on") && typeof value === "function") node.addEventListener(key.slice(2), /** @type {EventListener} */ (value));
    else if (value === true) node.setAttribute(key, "");
    else if (value !== false && value !== null && value !== undefined) node.setAttribute(key, String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** A side panel that folds: a <details> whose summary is its heading `title`, open on a wide
 * screen and folded on a phone, where the board and the decision come first (a tap opens it).
 * @param {Record<string, unknown>} attrs the panel's attributes (its class defaults to "panel")
 * @param {string} title
 * @param {...Children} children
 * @returns {HTMLDetailsElement} */
export function fold(attrs, title, ...children) {
  const phone = typeof matchMedia === "function" && matchMedia("(max-width: 700px)").matches;
  const panel = h("details", { ...attrs, class: `${attrs.class ?? "panel"} fold`, open: !phone },
    h("summary", {}, h("h3", {}, title)), ...children);
  return panel;
}

/** @type {ReturnType<typeof setTimeout> | undefined} */
let toastTimer;

/** Shows `message` for a few seconds at the bottom of the screen.
 * @param {string} message */
export function toast(message) {
  const box = document.getElementById("toast");
  if (!box) return;
  box.textContent = message;
  box.classList.add("show");
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => box.classList.remove("show"), 3000);
}

/** The message of anything thrown.
 * @param {unknown} error */
export function messageOf(error) {
  return error instanceof Error ? error.message : String(error);
}
