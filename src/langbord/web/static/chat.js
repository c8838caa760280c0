// The table's chat: text only (every message goes in as a text node), 1–300 characters with
// something to see. Each message is a block of its own: its author and time on a line, its text
// indented below them, a rule down its left side; blank runs are one space (as the server keeps
// them), so no text can pass for another message's line.
import { fold, h } from "./dom.js";
import { api as request } from "./api.js";
import { t } from "./i18n.js";
import { seatWord } from "./names.js";

/** The longest message, in characters (code points, as the server counts them). */
export const CHAT_LIMIT = 300;

// As the server's langbord/server/visible.py: characters that draw empty space, and those that
// draw nothing by themselves (controls, format characters, separators, lone marks,
// default-ignorable code points, blank-looking fillers).
const BLANK = "\\p{White_Space}\\u115F\\u1160\\u2800\\u3164\\uFFA0\\u{1D159}";
const UNSEEN = `${BLANK}\\p{Cc}\\p{Cf}\\p{Cs}\\p{Z}\\p{Mn}\\p{Me}\\p{Default_Ignorable_Code_Point}`;
const BLANK_RUN = new RegExp(`[${BLANK}][${UNSEEN}]*`, "gu");
const SEEN = new RegExp(`[^${UNSEEN}]`, "u");
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000e-\u001b\u007f-\u0084\u0086-\u009f]/;

/**
 * `text` with every run of blank space (spaces of any width, line breaks, blank fillers, and
 * the invisible characters among them) made one ordinary space, and trimmed.
 * @param {string} text
 */
export function collapseBlanks(text) {
  return String(text).replace(BLANK_RUN, " ").replace(/^ | $/g, "");
}

/**
 * Whether `text` has a character that draws something by itself.
 * @param {string} text
 */
export function hasVisible(text) {
  return SEEN.test(String(text));
}

/**
 * A message as it will be sent (blank runs made one space, trimmed), or why it cannot be.
 * @param {string} raw what the player typed
 * @returns {{text: string} | {error: string}}
 */
export function checkChat(raw) {
  if (CONTROL.test(String(raw))) return { error: t("Only text, please: no control characters.") };
  const text = collapseBlanks(raw);
  const length = [...text].length;
  if (!length) return { error: t("Type a message first.") };
  if (!hasVisible(text)) return { error: t("Nothing to see in that message: type some letters, digits or emoji.") };
  if (length > CHAT_LIMIT) return { error: t("At most {limit} characters (this one has {length}).", { limit: CHAT_LIMIT, length }) };
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
 * One message as the chat shows it: a block (`li`) with its author and time on the first line
 * and its text, blank runs made one space, in a paragraph of its own indented below them; the
 * player's own messages are marked `mine`.
 * @param {ChatMessage} message
 * @param {number | null | undefined} you the seat looking
 * @param {{seat_name?: string}[]} players
 */
export function chatItem(message, you, players) {
  const seatName = players[message.seat]?.seat_name;
  const who = message.name || (seatName ? seatWord(seatName) : "") || t("someone");
  return h("li", { "data-n": message.n, class: message.seat === you ? "ctl-chat-msg mine" : "ctl-chat-msg" },
    h("div", { class: "ctl-chat-head" },
      h("span", { class: "ctl-chat-who" }, who),
      h("time", { class: "ctl-chat-when muted", datetime: message.at }, clock(message.at))),
    h("p", { class: "ctl-chat-text" }, collapseBlanks(message.text)));
}

/**
 * The chat panel of a table; `update(table)` shows the table's messages.
 * @param {{tableId: string, token: () => (string | null | undefined), refresh?: () => unknown}} options
 */
export function chatPanel({ tableId, token, refresh }) {
  const list = h("ol", { class: "ctl-chat-log", id: "chat-log", "aria-live": "polite" });
  const input = /** @type {HTMLInputElement} */ (h("input", { id: "chat-text", type: "text", maxlength: CHAT_LIMIT, autocomplete: "off", placeholder: t("Say something to the table"), "aria-label": t("chat message") }));
  const send = /** @type {HTMLButtonElement} */ (h("button", { type: "submit", id: "chat-send" }, t("Send")));
  const error = h("p", { class: "error", id: "chat-error", role: "alert" });
  const form = h("form", { class: "ctl-chat-form" }, input, send);
  const watching = h("p", { class: "muted", id: "chat-watching" }, t("Sit at the table to chat."));
  const panel = fold({ class: "panel ctl-chat", id: "chat" }, t("Chat"), list, form, watching, error);
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
    list.replaceChildren(...messages.map((m) => chatItem(m, table.you, table.players)));
    if (!messages.length) list.append(h("li", { class: "muted" }, t("No messages yet.")));
    list.scrollTop = list.scrollHeight;
  }
  return { panel, update };
}
