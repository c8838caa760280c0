// Small DOM and HTTP helpers of the table's controls (undo, hint, chat, hotseat, rules, zoom,
// confirmation, tooltips). Text always goes in as text nodes: nothing a player typed is parsed
// as HTML.

/**
 * An element with attributes (`on…` keys are listeners) and children (strings become text).
 * @param {string} tag
 * @param {Record<string, any>} [attrs]
 * @param {...any} children
 * @returns {HTMLElement}
 */
export function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (key.startsWith("on") && typeof value === "function") node.addEventListener(key.slice(2), value);
    else if (value === true) node.setAttribute(key, "");
    else if (value !== false && value !== null && value !== undefined) node.setAttribute(key, String(value));
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** A refusal of the server: its HTTP status and the `detail` a player can read. */
export class Refused extends Error {
  /** @param {number} status @param {unknown} detail */
  constructor(status, detail) {
    super(typeof detail === "string" ? detail : JSON.stringify(detail));
    this.status = status;
  }
}

/**
 * A JSON request to the server with the seat's token; throws `Refused` on a 4xx or 5xx.
 * @param {string} path
 * @param {{method?: string, body?: unknown, token?: string | null}} [options]
 * @returns {Promise<any>}
 */
export async function request(path, { method = "GET", body = undefined, token = null } = {}) {
  /** @type {Record<string, string>} */
  const headers = {};
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(path, {
    method, headers, body: body === undefined ? null : JSON.stringify(body),
  });
  const data = await response.json().catch(() => ({}));
  if (!response.ok) throw new Refused(response.status, data.detail ?? response.statusText);
  return data;
}
