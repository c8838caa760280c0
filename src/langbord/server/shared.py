"""What more than one feature (:mod:`langbord.server.features`) or the views need to know of a
table: who won, how a seat is named, what a seat may take back, chance drawn to the next
decision, and the checks on names and tokens. Plain functions of a table's cache or state;
nothing here writes to the store."""

from __future__ import annotations

import hashlib
import random

from langbord.core.game import CHANCE, State
from langbord.core.i18n import _, ngettext
from langbord.core.runner import sample_chance
from langbord.server.errors import ServiceError
from langbord.server.tables import Live
from langbord.server.visible import collapsed, has_visible


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


def winners(state: State) -> list[int]:
    """The seats that won a finished game (none where nobody did: a cooperative defeat)."""
    returns = state.returns()
    best = max(returns)
    return [p for p, r in enumerate(returns) if r == best and best > 0]


def name_of(live: Live, seat: int) -> str:
    """How the table names ``seat``: its player's name, or the bot's spec."""
    info = live.seats[seat]
    return (info.name if not info.bot else info.kind) or live.game.seat_name(seat)


def own_moves(live: Live, seat: int) -> int:
    """How many of the log's last entries are ``seat``'s own decisions: what an undo takes
    back (to just after the last chance outcome or another seat's move)."""
    count = 0
    for entry in reversed(live.log):
        if entry.player != seat:
            break
        count += 1
    return count


def humans_but(live: Live, seat: int) -> list[int]:
    """The human seats other than ``seat``."""
    return [s.seat for s in live.seats if not s.bot and s.seat != seat]


def abandoned_detail(days: float) -> str:
    """The refusal's words at a table closed after ``days`` without a move or a join."""
    whole = int(days) if float(days).is_integer() else 2  # a fraction of days: the plural
    return ngettext(
        "this table was abandoned: nobody moved or joined for {days} day",
        "this table was abandoned: nobody moved or joined for {days} days",
        whole,
    ).format(days=f"{days:g}")


def seat_words(live: Live, seat: int) -> str:
    """The game's name for ``seat`` (its colour or clan) in the language spoken, for a sentence
    a player reads."""
    return _(live.game.seat_name(seat))


def resolve_chance(state: State, moves: list[tuple[int, str]], rng: random.Random) -> None:
    """Draws chance outcomes with ``rng`` until a decision (or the end), appending them to
    ``moves`` and playing them on ``state``."""
    while state.current_player() == CHANCE:
        action = sample_chance(state, rng)
        moves.append((CHANCE, state.action_to_string(action)))
        state.apply_action(action)


def check_name(name: str, seat: int | None = None) -> str:
    """``name`` trimmed, with each run of blank space made one space, if it has a visible
    character; else :class:`ServiceError` naming the ``seat`` whose name it was, if given (a
    player's name is shown to the others: one of blanks or invisible characters would show as
    nobody)."""
    if not name.strip():
        if seat is None:
            raise ServiceError(_("the name is empty"))
        raise ServiceError(_("the name of seat {seat} is empty").format(seat=seat))
    if not has_visible(name):
        if seat is None:
            raise ServiceError(
                _("the name has nothing to see: it holds only invisible characters or blank space")
            )
        raise ServiceError(
            _(
                "the name of seat {seat} has nothing to see: it holds only invisible characters "
                "or blank space"
            ).format(seat=seat)
        )
    return collapsed(name)
