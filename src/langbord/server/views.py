"""Every JSON shape the server sends of its tables and games: a table as a seat (or a
spectator) sees it, its log, a step of its replay, its record, a lobby row, a chat message, a
hint, the games' catalogue and rules. Plain functions of a table's cache (the caller holds
``Live.lock``) or of a game; nothing here reads the store or changes a table (but for the
spectators' view, kept on the table for them all).

What leaves here for a seat is only what that seat may see: ``view(seat)``, ``render(seat)``
and the log told with ``action_to_string_for(seat, …)``. Legal actions go to the seat to move
with their parts (``State.action_parts``: kind and arguments, for clients that read structure);
a log entry carries its action's parts only where it is told as the action itself, never where
its telling hides a secret (a card drawn into another seat's hand).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any, cast

from langbord.agents.budget import decision_seconds
from langbord.agents.heuristics import best_agent
from langbord.agents.levels import FIRST_LEVEL, LEVEL_WORDS, levels
from langbord.agents.specs import AGENTS
from langbord.core.game import JSON, Game, State
from langbord.core.i18n import _, language
from langbord.core.records import to_record
from langbord.core.registry import games, load
from langbord.guides import clarification, guide, plain
from langbord.server.errors import NotFound
from langbord.server.shapes import (
    Breakdown,
    ChatMessage,
    Listed,
    Player,
    RankingRow,
    Result,
    Ruling,
    Status,
    Undo,
    UndoRequest,
)
from langbord.server.shared import humans_but, name_of, own_moves, winners
from langbord.server.store.schema import SeatRow, TableRow, utc
from langbord.server.tables import HUMAN, ChatLine, Live, LogEntry, SeatInfo

# ---- a table ------------------------------------------------------------------------------------


def table_json(live: Live, seat: int | None, log_from: int = 0) -> dict[str, JSON]:
    """What ``seat`` (None: a spectator) sees of the table; the log from entry ``log_from`` on
    (``log_start`` says where it starts: a WebSocket sends each entry once). The values may be
    shared with other callers (the spectators' are): read them, do not change them. Caller
    holds ``live.lock``."""
    return {
        **seen_by(live, seat),
        "log_start": min(log_from, live.moves),
        "log": [
            log_entry(e, k, seat, live.state)
            for k, e in enumerate(live.log[log_from:], start=log_from)
        ],
    }


def seen_by(live: Live, seat: int | None) -> dict[str, JSON]:
    """The table as ``seat`` sees it, but its log. The spectators' is built once per change (the
    move number, the status and the seats say which) and shared by them all, up to
    ``ServerConfig.spectators`` WebSockets and any number of lookers. In a game without private
    information a seat's is that one with the seat's own fields (``State.view`` says why it may
    be); else it is built for each call (one client a seat: a cache would only hold memory).
    Caller holds ``live.lock``."""
    version = (
        live.moves,
        live.status,
        tuple((s.joined, s.name) for s in live.seats),
        live.undone,
        live.changes,
    )
    if seat is not None and live.game.info.private_information:
        return _seen(live, seat)
    cached = live.spectators.get(spoken := language())
    if cached is not None and cached[0] == version:
        public = cached[1]
    else:
        public = _seen(live, None)
        live.spectators[spoken] = (version, public)
    if seat is None:
        return public
    return {
        **public,
        **_own(live, seat),
        "view": {**cast(dict[str, JSON], public["view"]), "seat": seat},
    }


def _seen(live: Live, seat: int | None) -> dict[str, JSON]:
    """:func:`seen_by`, built."""
    state = live.state
    to_move = state.current_player()
    own = _own(live, seat)
    return {
        "id": live.id,
        "game": live.game.name,
        "options": dict(live.game.options),
        "status": live.status,
        "move": live.moves,
        "you": own["you"],
        "to_move": to_move if to_move >= 0 else None,
        "players": [
            {**player_json(s), "seat_name": live.game.seat_name(s.seat)} for s in live.seats
        ],
        "view": state.view(seat),
        "text": state.render(seat),
        "legal": own["legal"],
        "prompt": own["prompt"],
        "result": result_json(live) if state.is_terminal() else None,
        "hints": live.hints,
        "hotseat": live.hotseat,
        "undo": own["undo"],
        "undone": live.undone,
        "chat": [chat_json(line) for line in live.chat],
        "rematch": live.rematch,
        "rematch_of": live.rematch_of,
    }


def _own(live: Live, seat: int | None) -> dict[str, JSON]:
    """The fields of :func:`seen_by` that are ``seat``'s own: who it is, its legal actions
    and prompt (in words: no ruling id) when it is to move, and the undo request as it concerns
    it."""
    state = live.state
    yours = seat is not None and state.current_player() == seat and live.status == "playing"
    return {
        "you": seat,
        "legal": legal_json(state) if yours else [],
        "prompt": plain(state.prompt(seat, notation=False)) if yours else None,
        "undo": undo_json(live, seat),
    }


def log_entry(entry: LogEntry, move: int, seat: int | None, state: State) -> dict[str, JSON]:
    """Log entry number ``move`` as ``seat`` (None: a spectator) is told of it, with the
    action's parts if the telling is the action itself (it names no more than the text does);
    its words name no ruling id."""
    told = entry.told[seat] if seat is not None else entry.public
    shown: dict[str, JSON] = {
        "move": move,
        "player": entry.player if entry.player >= 0 else None,
        "action": told,
        "words": plain(entry.words(state, seat)),
    }
    if told == entry.text:
        shown.update(entry.parts)
    return shown


def player_json(seat: SeatRow | SeatInfo) -> Player:
    """A seat as the lobby and the table show it: its kind, bot spec, name and whether taken."""
    kind = seat.kind
    joined = seat.token_hash is not None if isinstance(seat, SeatRow) else seat.joined
    return {
        "seat": seat.seat,
        "kind": "human" if kind == HUMAN else "bot",
        "bot": None if kind == HUMAN else kind,
        "name": seat.name if kind == HUMAN else kind,
        "joined": joined or kind != HUMAN,
    }


def legal_json(state: State) -> list[JSON]:
    """The legal actions as the page reads them: id, text, kind and arguments, and the action in
    a player's words."""
    strings = state.game.action_strings()
    return [
        {"id": a, "text": strings[a], **state.action_parts(a), "words": state.action_words(a)}
        for a in state.legal_actions()
    ]


def result_json(live: Live) -> Result:
    """A finished game's result: scores, returns and winners; the ranking (best first, a tie
    shares its place: 1, 1, 3), and why it ended with the score's breakdown
    (``State.outcome``). Caller holds ``live.lock``."""
    state = live.state
    scores, returns = state.scores(), state.returns()
    outcome = state.outcome() or {}
    key = [(returns[p], scores[p]) for p in range(len(scores))]
    order = sorted(range(len(scores)), key=lambda p: key[p], reverse=True)
    ranking: list[RankingRow] = [
        {
            "place": 1 + sum(1 for q in order if key[q] > key[p]),
            "seat": p,
            "name": name_of(live, p),
            "seat_name": live.game.seat_name(p),
            "score": scores[p],
            "tied": sum(1 for q in order if key[q] == key[p]) > 1,
        }
        for p in order
    ]
    return {
        "scores": scores,
        "returns": returns,
        "winners": winners(state),
        "ranking": ranking,
        "reason": outcome.get("reason", _("the game is over")),
        "rulings": ruling_words(live.game, cast(list[str], outcome.get("rulings", []))),
        "breakdown": _breakdown_in_words(
            outcome.get("breakdown", {"rows": [_("score")], "values": [scores]})
        ),
    }


def _breakdown_in_words(breakdown: dict[str, Any]) -> Breakdown:
    """The breakdown with its rows in a player's words (a ruling id a row names is left out)."""
    rows = [plain(str(row)) for row in breakdown.get("rows", [])]
    return cast(Breakdown, {**breakdown, "rows": rows})


def ruling_words(game: Game, ids: Sequence[str]) -> list[Ruling]:
    """The game's rulings ``ids``, each in the language spoken: the clarification of the game's
    page for players where it has one, else the ruling's own words (its id alone where it has
    none)."""
    known = _ruling_texts(game.name)
    found: list[Ruling] = []
    for ruling in ids:
        plain = clarification(game.name, ruling)
        if plain is None:
            plain = _(known[ruling]) if known.get(ruling) else known.get(ruling, ruling)
        found.append({"id": ruling, "text": plain})
    return found


@functools.cache
def _ruling_texts(game_name: str) -> dict[str, str]:
    """A game's rulings by id (its rulings file, read once)."""
    return {ruling["id"]: ruling["text"] for ruling in load(game_name).rulings()}


def undo_json(live: Live, seat: int | None) -> Undo:
    """Whether ``seat`` may undo now, and the undo request waiting for answers."""
    request = live.undo_request
    shown: UndoRequest | None = None
    if request is not None:
        shown = {
            "by": request["by"],
            "moves": request["moves"],
            "waiting_for": [
                p for p in humans_but(live, request["by"]) if p not in request["accepted"]
            ],
        }
    available = (
        seat is not None
        and request is None
        and live.status == "playing"
        and not live.state.is_terminal()
        and own_moves(live, seat) > 0
    )
    return {"available": available, "request": shown}


def chat_json(line: ChatLine) -> ChatMessage:
    """A chat message: its number, seat, name, text and time (ISO 8601, UTC)."""
    return {
        "n": line.number,
        "seat": line.seat,
        "name": line.name,
        "text": line.text,
        "at": line.at.isoformat(),
    }


def hint_json(state: State, answer: dict[str, Any]) -> dict[str, JSON]:
    """A hint found at ``state``: the action as the legal moves show it, the estimated chance
    of winning, the agent and the seconds it searched. The action is one of ``state``'s legal
    actions."""
    action = answer["action"]
    (shown,) = [a for a in legal_json(state) if isinstance(a, dict) and a["id"] == action]
    return {
        "action": shown,
        "win_chance": min(1.0, max(0.0, float(answer["win_chance"]))),
        "agent": answer["agent"],
        "seconds": float(answer["seconds"]),
    }


# ---- its record and replay ----------------------------------------------------------------------


def record_json(live: Live) -> dict[str, JSON]:
    """The whole record of a finished game; while it is played, its public part. Caller holds
    ``live.lock``."""
    meta: dict[str, JSON] = {
        "table": live.id,
        "players": [player_json(s) for s in live.seats],
    }
    if live.state.is_terminal():
        return to_record(live.state, **meta)
    return {
        "format": "langbord-record",
        "game": live.game.name,
        "version": live.game.version,
        "options": dict(live.game.options),
        "partial": True,
        "public_actions": [e.public for e in live.log],
        "result": None,
        "meta": meta,
    }


def step_json(live: Live, number: int, state: State, seat: int | None) -> dict[str, JSON]:
    """The table at ``state``, the position after the first ``number`` moves of its log. Once
    the game is over: the referee's view and text, which hide nothing then, and the whole log
    as itself. While it is played: as ``seat`` saw it then (None: a spectator), its view, text
    and log told as that seat was told. Caller holds ``live.lock``."""
    over = live.state.is_terminal()
    viewer = None if over else seat
    return {
        "id": live.id,
        "game": live.game.name,
        "step": number,
        "steps": live.moves,
        "players": [
            {**player_json(s), "seat_name": live.game.seat_name(s.seat)} for s in live.seats
        ],
        "to_move": state.current_player() if state.current_player() >= 0 else None,
        "view": state.view(viewer),
        "text": str(state) if over else state.render(viewer),
        "log": [log_entry(e, k, seat, live.state) for k, e in enumerate(live.log[:number])]
        if not over
        else [  # the referee's: every action as itself, with its parts
            {
                "move": k,
                "player": e.player if e.player >= 0 else None,
                "action": e.text,
                "words": e.text_words(live.state),
                **e.parts,
            }
            for k, e in enumerate(live.log)
        ],
    }


# ---- the lobby ----------------------------------------------------------------------------------


def lobby_row(row: TableRow, seats: list[SeatRow], won: list[int] | None) -> Listed:
    """A table as the lobby lists it; ``won``: its winners once it is over."""
    return {
        "id": row.id,
        "game": row.game,
        "title": _title(row.game),
        "options": row.options,
        "status": cast(Status, row.status),  # the store writes only these
        "created": utc(row.created).isoformat(),
        "players": [player_json(s) for s in seats],
        "winners": won,
    }


@functools.cache
def _title(game_name: str) -> str:
    """A game's title ("Skåål"), for the lobby's rows."""
    return load(game_name).info.title


# ---- the games ----------------------------------------------------------------------------------


def catalogue(bot_seconds: float) -> list[dict[str, JSON]]:
    """Every game as the lobby offers it: its declared traits (``GameInfo``: title, player range,
    a name for every seat it can have, cooperative, private information), the tagline of its
    card, its best agent, the seat kinds and its options with their players' names and the
    rulings behind them (bots within ``bot_seconds``)."""
    result: list[dict[str, JSON]] = []
    for name in games():
        game = load(name)
        info = game.info
        summary = game.tagline()
        menu = level_menu(game, bot_seconds)
        best = best_agent(game)
        result.append(
            {
                "name": name,
                "title": info.title,
                "summary": summary,
                "min_players": info.min_players,
                "max_players": info.max_players,
                "seat_names": [info.seat_name(p) for p in range(info.max_players)],
                "cooperative": info.cooperative,
                "private_information": info.private_information,
                "best_agent": best,
                "agents": agent_specs(bot_seconds, name),
                "levels": menu,
                "first_level": first_level(menu, best),
                "options": [
                    {
                        "name": spec.name,
                        "default": spec.default,
                        "allowed": spec.allowed(),
                        "choices": list(spec.choices) if spec.choices else None,
                        "minimum": spec.minimum,
                        "maximum": spec.maximum,
                        "help": _(spec.help) if spec.help else spec.help,
                        "label": _(spec.label) if spec.label else spec.label,
                        "choice_labels": [spec.choice_label(c) for c in spec.choices]
                        if spec.choices
                        else None,
                        "rulings": ruling_words(game, spec.rulings),
                    }
                    for spec in game.option_specs
                ],
            }
        )
    return result


def rules_json(game_name: str) -> dict[str, JSON]:
    """A game's rules: its title, its players' page (:func:`langbord.guides.guide`, in the
    language spoken), its card (``Game.rules``), the card's notation lines and the rulings it
    implements (``Game.rulings`` where the game has it)."""
    if game_name not in games():
        raise NotFound(
            _("no game {game}: the games are {games}").format(
                game=repr(game_name), games=", ".join(games())
            )
        )
    game = load(game_name)
    card = game.rules()
    rulings_of = getattr(game, "rulings", None)
    rulings: list[JSON] = []
    if callable(rulings_of):
        for ruling in rulings_of():  # {"id", "text"} records, or (id, text) pairs
            if isinstance(ruling, dict):
                ruling_id, words = ruling.get("id"), ruling.get("text")
            else:
                ruling_id, words = ruling
            rulings.append({"id": str(ruling_id), "text": _(str(words)) if words else str(words)})
    page = guide(game_name)
    return {
        "game": game_name,
        "title": game.info.title,
        "guide": None if page is None else page.to_json(),
        "card": card,
        "notation": game.notation_lines(),
        "rulings": rulings,
    }


def first_level(menu: list[dict[str, JSON]], fallback: str) -> str:
    """The seat kind a new player meets first: the level ``FIRST_LEVEL`` where the server
    seats it, else the gentlest level it seats, else ``fallback``."""
    names = [str(level["name"]) for level in menu]
    return FIRST_LEVEL if FIRST_LEVEL in names else names[0] if names else fallback


def level_menu(game: Game, bot_seconds: float) -> list[dict[str, JSON]]:
    """The bot levels a server with ``bot_seconds`` a decision seats at ``game`` (with its
    default options), weakest first: each level's name, its spec, its calibrated strength
    (``measure``: an Elo-scale ``rating`` with random at 0, or a solo ``win rate`` in percent;
    ``None`` where not measured), its interval, its measured seconds a decision and the most it
    may take."""
    menu: list[dict[str, JSON]] = []
    for level in levels(game):
        most = decision_seconds(level.spec, game)
        if most > bot_seconds:
            continue
        menu.append(
            {
                "name": level.name,
                "label": _(level.name).capitalize(),
                "description": _(LEVEL_WORDS[level.name]),
                "spec": level.spec,
                "measure": level.measure,
                "rating": level.rating,
                "interval": list(level.interval) if level.interval else None,
                "seconds": level.seconds,
                "max_seconds": most,
            }
        )
    return menu


def agent_specs(bot_seconds: float, game_name: str | None = None) -> list[str]:
    """The seat kinds to offer: ``human`` and the bot specs a server with ``bot_seconds`` a
    decision accepts at game ``game_name`` with its default options, its best agent among them
    where it fits the limit; without a game, the general specs accepted at every game (a game's
    best agent is offered at that game only, so every game's list holds the general one)."""
    names = games() if game_name is None else [game_name]
    chosen = [load(name) for name in names]
    candidates = [*AGENTS, "mcts:time=1", "mcts:time=5", "rollouts:time=1"]
    if game_name is not None:
        candidates.append(best_agent(chosen[0]))
    fits = [
        spec
        for spec in dict.fromkeys(candidates)
        if all(decision_seconds(spec, game) <= bot_seconds for game in chosen)
    ]
    return [HUMAN, *fits]
