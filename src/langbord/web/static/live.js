// A table's live updates: the WebSocket pushes the seat's table after every change (after the
// first, only the log's new entries); polling stands in if the socket fails.
import { language } from "./i18n.js";

/** @typedef {import("./types.js").Table} Table */

/**
 * @typedef {object} LiveHandlers
 * @property {() => Table} table the table shown (the pushed log is joined to its log)
 * @property {(table: Table) => Promise<void>} accept
 * @property {() => Promise<void>} refetch
 * @property {(message: string) => void} error
 */

/** Connects to table `tableId` as the seat of `token` ("" for a spectator).
 * @param {string} tableId
 * @param {string} token
 * @param {LiveHandlers} handlers */
export function connect(tableId, token, handlers) {
  /** @type {WebSocket | null} */
  let socket = null;
  /** @type {ReturnType<typeof setInterval> | null} */
  let poll = null;
  let closed = false;

  /** @param {string} seatToken */
  function reconnect(seatToken) {
    if (socket) socket.close();
    const opened = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/api/tables/${tableId}/ws?lang=${language()}`);
    socket = opened;
    opened.addEventListener("open", () => opened.send(seatToken));
    opened.addEventListener("message", async (message) => {
      if (socket !== opened) return;
      /** @type {Table & {error?: string}} the seat's table, or why the socket refuses it */
      const data = JSON.parse(message.data);
      if (data.error) { handlers.error(data.error); return; }
      const table = handlers.table();
      const start = data.log_start ?? 0;
      if (start > 0) { // only the new entries of the log: join them to ours
        if (table.log.length < start) { await handlers.refetch(); return; }
        data.log = table.log.slice(0, start).concat(data.log);
      }
      await handlers.accept(data);
    });
    opened.addEventListener("close", () => {
      if (closed || socket !== opened) return;
      if (!poll) poll = setInterval(() => { handlers.refetch().catch(() => undefined); }, 1500);
    });
  }

  reconnect(token);
  return {
    reconnect,
    close() {
      closed = true;
      if (socket) socket.close();
      if (poll) clearInterval(poll);
    },
  };
}
