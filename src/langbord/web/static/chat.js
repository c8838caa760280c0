// The table's chat: text only (every message goes in as a text node), 1–300 characters.
import { h } from "./dom.js";
import { api as request } from "./api.js";

/** The longest message, in characters (code points, as the server counts them). */
export const CHAT_LIMIT = 300;

/**
 * A message as it will be sent (trimmed), or why it cannot be.
 * @param {string} raw what the player typed
 * @returns {{text: string} | {error: string}}
 */
export function checkChat(raw) {
  const text = String(raw).trim();
  const length = [...text].length;
  if (!length) return { error: "Type a message first." };
  if (length > CHAT_LIMIT) return { error: `At most ${CHAT_LIMIT} characters (this one has ${length}).` };
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f-\u009f]/.test(text)) return { error: "One line of text, please: no line breaks or control characters." };
  return { text };
}

/**
 * The time of a message, "14:03" (empty when it cannot be read).
 * @param {string | undefined} at an ISO time
 */
export function clock(at) {
  const when = at ? new Date(at) : null;
  if (!when || Number.isNaN(when.getTime())) return "";
  return when.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
}

/** @typedef {import("./types.js").ChatMessage} ChatMessage */

/**
 * The chat panel of a table; `update(table)` shows the table's messages.
 * @param {{tableId: string, token: () => (string | null | undefined), refresh?: () => unknown}} options
 */
export function chatPanel({ tableId, token, refresh }) {
  const list = h("ol", { class: "ctl-chat-log", id: "chat-log", "aria-live": "polite" });
  const input = /** @type {HTMLInputElement} */ (h("input", { id: "chat-text", type: "text", maxlength: CHAT_LIMIT, autocomplete: "off", placeholder: "Say something to the table", "aria-label": "chat message" }));
  const send = /** @type {HTMLButtonElement} */ (h("button", { type: "submit", id: "chat-send" }, "Send"));
  const error = h("p", { class: "error", id: "chat-error", role: "alert" });
  const form = h("form", { class: "ctl-chat-form" }, input, send);
  const watching = h("p", { class: "muted", id: "chat-watching" }, "Sit at the table to chat.");
  const panel = h("section", { class: "panel ctl-chat", id: "chat" }, h("h3", {}, "Chat"), list, form, watching, error);
  let shown = -2;
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const checked = checkChat(input.value);
    if ("error" in checked) { error.textContent = checked.error; return; }
    error.textContent = "";
    send.disabled = true;
    try {
      await request(`/api/tables/${tableId}/chat`, { method: "POST", token: token(), body: { text: checked.text } });
      input.value = "";
      await refresh?.();
    } catch (e) {
      error.textContent = e instanceof Error ? e.message : String(e);
    } finally {
      send.disabled = false;
    }
  });
  /** @param {{you: number | null, chat?: ChatMessage[], players: {seat_name?: string}[]}} table */
  function update(table) {
    const seated = table.you !== null && table.you !== undefined;
    form.hidden = !seated;
    watching.hidden = seated;
    const messages = table.chat ?? [];
    const last = messages.length ? messages[messages.length - 1].n : -1;
    if (last === shown && list.childElementCount === Math.max(1, messages.length)) return;
    shown = last;
    list.replaceChildren(...messages.map((m) => h("li", { "data-n": m.n, class: m.seat === table.you ? "mine" : "" },
      h("span", { class: "ctl-chat-who" }, m.name || table.players[m.seat]?.seat_name || "someone"),
      h("span", { class: "ctl-chat-when muted" }, clock(m.at)),
      h("span", { class: "ctl-chat-text" }, m.text))));
    if (!messages.length) list.append(h("li", { class: "muted" }, "No messages yet."));
    list.scrollTop = list.scrollHeight;
  }
  return { panel, update };
}
