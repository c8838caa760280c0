"""Opening a table: its seats checked (a bot spec must promise a decision within the server's
limit), its first chance drawn and its first row written. A new table and a rematch both open
one through :class:`Opener`."""

from __future__ import annotations

import math
import random
import secrets
from collections.abc import Callable
from datetime import datetime
from typing import Any

from langbord.agents.budget import decision_seconds
from langbord.agents.levels import is_level
from langbord.agents.specs import shown
from langbord.core.errors import OptionError
from langbord.core.game import Game
from langbord.core.i18n import _, ngettext
from langbord.core.registry import load
from langbord.server.errors import BotRefused, ServiceError
from langbord.server.shared import check_name, hash_token, resolve_chance
from langbord.server.store import NewSeat, NewTable, Store
from langbord.server.tables import HUMAN


def check_bot_spec(spec: str, game: Game, seconds: float) -> None:
    """Refuses (:class:`OptionError`) an unknown agent or a bad option, and a spec that cannot
    promise a decision within ``seconds`` at ``game`` (:func:`decision_seconds`'s estimate)."""
    cost = decision_seconds(spec, game)
    if cost <= seconds:
        return
    name = spec.partition(":")[0].strip().lower()
    advice = f"{name}:time={seconds:g}" if name in ("mcts", "rollouts") else None
    raise OptionError(
        _too_slow(math.isfinite(cost), advice is not None).format(
            spec=shown(spec, 80),
            cost=_about(cost) if math.isfinite(cost) else "",
            game=game.info.title,
            seconds=f"{seconds:g}",
            advice=advice,
        )
    )


def _too_slow(measured: bool, advised: bool) -> str:
    """The words of :func:`check_bot_spec`'s refusal, in the language spoken: a spec whose cost
    is ``measured`` or not, with a spec to try instead where ``advised``."""
    if measured and advised:
        return _(
            "{spec} would think about {cost} s a decision at {game}; this server allows "
            "{seconds} s a decision (try {advice})"
        )
    if measured:
        return _(
            "{spec} would think about {cost} s a decision at {game}; this server allows "
            "{seconds} s a decision"
        )
    if advised:
        return _(
            "{spec} has no measured cost at {game}; this server allows {seconds} s a decision "
            "(try {advice})"
        )
    return _("{spec} has no measured cost at {game}; this server allows {seconds} s a decision")


def _about(seconds: float) -> str:
    """``3538.6`` → ``3,500``; ``35.4`` → ``35``; ``1.46`` → ``1.5``."""
    if seconds >= 100:
        return f"{float(f'{seconds:.2g}'):,.0f}"
    return f"{seconds:.0f}" if seconds >= 10 else f"{seconds:.1f}"


def _chosen_names(names: list[str | None] | None, n: int, humans: list[int]) -> list[str | None]:
    """The name asked for each of the ``n`` seats (None: none), checked: one a seat, the
    ``humans`` alone named."""
    if names is not None and len(names) != n:
        raise ServiceError(
            ngettext(
                "name the {n} seat (null for a bot's), not {given}",
                "name the {n} seats (null for a bot's), not {given}",
                n,
            ).format(n=n, given=len(names))
        )
    chosen = [(names[p] if names else None) for p in range(n)]
    for p, name in enumerate(chosen):
        if name is not None and p not in humans:
            raise ServiceError(_("seat {seat} is a bot's: it takes no name").format(seat=p))
        if name is not None:
            chosen[p] = check_name(name, p)
    return chosen


class Opener:
    """Opens tables in ``store``: bots may take up to ``bot_seconds`` a decision; ``clock()``
    stamps the table, ``rng`` draws its first chance, ``wake(table_id)`` tells the bots of a
    table that starts at once."""

    def __init__(
        self,
        store: Store,
        bot_seconds: float,
        clock: Callable[[], datetime],
        rng: random.Random,
        wake: Callable[[str], None],
    ) -> None:
        self.store = store
        self.bot_seconds = bot_seconds
        self.clock = clock
        self.rng = rng
        self.wake = wake

    def open(
        self,
        game_name: str,
        options: dict[str, Any],
        seats: list[str],
        *,
        hints: bool | None = None,
        hotseat: bool = False,
        names: list[str | None] | None = None,
        rematch_of: str | None = None,
    ) -> tuple[str, dict[int, str] | None]:
        """A new table of ``game_name`` with a kind per seat (``human`` or a bot spec); its id,
        and for a ``hotseat`` table (one client plays every human seat) the token of each human
        seat, already taken under ``names`` (default "Player 1", …). ``hints`` (default: when a
        bot is seated, one person plays alone or the game is cooperative: when no person can
        be outplayed by another's hint) lets the seat to move ask the best agent.
        ``rematch_of``: the finished table whose human seats this one keeps for their
        players."""
        game = load(game_name, **options)
        n = game.num_players()
        if len(seats) != n:
            raise ServiceError(
                ngettext(
                    "{game} with these options has {n} seat: name {n} (human, a bot level or a "
                    "bot spec), not {given}",
                    "{game} with these options has {n} seats: name {n} (human, a bot level or a "
                    "bot spec), not {given}",
                    n,
                ).format(game=game.name, n=n, given=len(seats))
            )
        kinds = []
        for p, raw in enumerate(seats):
            spec = raw.strip()
            if spec.lower() == HUMAN:
                kinds.append(HUMAN)
                continue
            if is_level(spec):
                spec = spec.lower()  # the seat keeps the level's name; its bot plays its spec
            try:
                check_bot_spec(spec, game, self.bot_seconds)
            except OptionError as exc:
                raise BotRefused(_("seat {seat}: {refusal}").format(seat=p, refusal=exc)) from None
            kinds.append(spec)
        humans = [p for p, kind in enumerate(kinds) if kind == HUMAN]
        if hotseat and not humans:
            raise ServiceError(_("a hotseat table needs human seats: every seat here is a bot"))
        chosen = _chosen_names(names, n, humans)
        tokens = {p: secrets.token_urlsafe(32) for p in humans} if hotseat else None
        table_id = secrets.token_urlsafe(9)
        state = game.new_initial_state()
        moves: list[tuple[int, str]] = []
        resolve_chance(state, moves, self.rng)
        status = "open" if humans and not hotseat else "playing"
        stamp = self.clock()
        table = NewTable(
            id=table_id,
            game=game.name,
            version=game.version,
            options=dict(game.options),
            status=status,
            hints=_hints_by_default(game, kinds) if hints is None else hints,
            hotseat=hotseat,
            rematch_of=rematch_of,
        )
        new_seats = []
        for p, kind in enumerate(kinds):
            token = tokens.get(p) if tokens else None
            name = (chosen[p] or _("Player {n}").format(n=p + 1)).strip() if token else None
            new_seats.append(NewSeat(kind, name, hash_token(token) if token else None))
        self.store.create_table(table, new_seats, moves, stamp)
        if status == "playing":
            self.wake(table_id)
        return table_id, tokens


def _hints_by_default(game: Game, kinds: list[str]) -> bool:
    """Whether a table offers hints unless its host says: where a bot is seated, one person
    plays alone, or the players win or lose together, a hint outplays nobody."""
    people = sum(1 for kind in kinds if kind == HUMAN)
    return people < len(kinds) or people == 1 or game.info.cooperative
