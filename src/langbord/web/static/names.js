// Names a player reads: games by their titles, seats by the game's names for them (a colour, a
// clan) with the person or bot sitting there, actions and log entries in words. Pure: no DOM.
import { t } from "./i18n.js";

/** @typedef {import("./types.js").Player} Player */
/** @typedef {import("./types.js").LegalAction} LegalAction */
/** @typedef {import("./types.js").LogEntry} LogEntry */

/** "red" → "Red".
 * @param {string} text */
export function capitalise(text) {
  return text ? text[0].toUpperCase() + text.slice(1) : text;
}

/** A colour's name in the language spoken ("red" → "rouge"), as the page writes it: the
 * colours the games name their seats, clans and cards by; any other name as it is.
 * @param {string} name */
export function colourName(name) {
  switch (name) {
    case "black": return t("black");
    case "white": return t("white");
    case "red": return t("red");
    case "green": return t("green");
    case "yellow": return t("yellow");
    case "blue": return t("blue");
    case "light blue": return t("light blue");
    case "purple": return t("purple");
    default: return name;
  }
}

/** A seat's name from the game (a colour, "player 2") in the language spoken, as the game
 * writes it (no capital added); any other name as it is.
 * @param {string} name */
export function seatWord(name) {
  const numbered = /^player (\d+)$/i.exec(name);
  if (numbered) return t("player {n}", { n: Number(numbered[1]) });
  return colourName(name);
}

/** The seat's name as the game calls it ("Red", "Clan of the Axe"), never "seat 0".
 * @param {Player[]} players
 * @param {number} seat */
export function seatLabel(players, seat) {
  return seatNamed(players[seat]?.seat_name, seat);
}

/** A seat's name from the game's (a colour, a clan), else "Player N" counted from 1: a game
 * without names for its seats says "seat 0", which a player never reads.
 * @param {string | null | undefined} named
 * @param {number} seat */
export function seatNamed(named, seat) {
  return named && !/^seat \d+$/i.test(named) ? capitalise(seatWord(named)) : t("Player {n}", { n: seat + 1 });
}

/** Who sits at the seat: the person's name, "a bot", or "free seat".
 * @param {Player | undefined} player */
export function sitterLabel(player) {
  if (!player) return t("nobody");
  if (player.kind === "bot") return t("bot");
  return player.joined && player.name ? player.name : t("free seat");
}

/** "Red (Ann)", "Blue (bot)"; "you" for the seat(s) of this client.
 * @param {Player[]} players
 * @param {number} seat
 * @param {number | null} [you] */
export function whoLabel(players, seat, you = null) {
  const sitter = seat === you ? t("you") : sitterLabel(players[seat]);
  return t("{seat} ({sitter})", { seat: seatLabel(players, seat), sitter });
}

/** An action in words (the server's `words`), else its notation.
 * @param {LegalAction} action */
export function actionWords(action) {
  return action.words || action.text;
}

/** The notation to show beside the words, or null when it would only repeat them.
 * @param {LegalAction} action */
export function actionNotation(action) {
  return action.words && action.words !== action.text ? action.text : null;
}

/** A log entry with its seat's name ("Red: take the blue card"; "Chance: the die shows 4"):
 * the action in words as the seat was told of it, and its notation after them in brackets
 * when `notation` is asked for (and says more than the words).
 * @param {LogEntry} entry
 * @param {Player[]} players
 * @param {number | null} [you]
 * @param {boolean} [notation] */
export function entryLine(entry, players, you = null, notation = false) {
  const words = entry.words || entry.action;
  const what = notation && words !== entry.action ? `${words} [${entry.action}]` : words;
  if (entry.player === null || entry.player === undefined) return t("Chance: {what}", { what });
  const who = entry.player === you ? t("You") : seatLabel(players, entry.player);
  return t("{who}: {what}", { who, what });
}

/** The game's title from the catalogue, else its name with a capital.
 * @param {Map<string, string>} titles
 * @param {string} game */
export function gameTitle(titles, game) {
  return titles.get(game) ?? capitalise(game);
}
