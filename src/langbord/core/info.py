"""What a game declares about itself, once: :class:`GameInfo`, and its bots' :class:`Strategy`.

Every layer reads a game's traits from its ``Game.info``: the OpenSpiel and PettingZoo adapters,
the server's catalogue and lobby, the CLI. A game declares them in its package's ``info.py``,
which imports nothing from the rules, so the rules, the strategy and the text rendering can each
import it.

The strategy and the renderer live in modules that import the rules, so ``GameInfo`` names them
by reference (``"langbord.engines.skibe.strategy:STRATEGY"``), loaded on first use and checked:
a reference to something missing, or to an object of the wrong type, raises at once.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from langbord.core.card import NO_CARD, Card, read_card
from langbord.core.errors import LangbordError
from langbord.core.notation import ActionTable

REFEREE = -3
"""The viewer of a text rendering that shows the whole table, secrets included (``str(state)``)."""

DEFAULT_BEST_AGENT = "mcts"


@dataclass(frozen=True)
class Strategy:
    """What a game's bots know of it, registered by the game (``GameInfo.strategy``).

    - ``evaluate(state)``: per seat, an estimate of its share of the win, in [0, 1];
    - ``policy(state, rng)``: a quick, reasonable action for the seat to move (rollouts, the
      ``policy`` agent); ``None``: a uniformly random legal action;
    - ``search``: tuned options of the searching agents here (e.g. MCTS's ``rollout_depth``);
    - ``best_agent``: the spec of the strongest agent measured for the game;
    - ``progress(state)``: how far the table has come toward the goal, in [0, 1], for every seat
      alike (Skoventyr: the share of Minion strength defeated); ``None``: no such measure. A
      rollout that ends in a loss can score part of it (the rollout agent's ``credit``).
    """

    evaluate: Callable[[Any], list[float]] | None = None
    policy: Callable[[Any, random.Random], int] | None = None
    progress: Callable[[Any], float] | None = None
    search: Mapping[str, Any] = field(default_factory=dict)
    best_agent: str = DEFAULT_BEST_AGENT


NO_STRATEGY = Strategy()

Renderer = Callable[[Any, int | None], str]
"""``render(state, viewer)``: the table as text for a seat, a spectator (``None``) or
:data:`REFEREE`."""


def _resolve(reference: str, what: str) -> Any:
    module_name, _, attribute = reference.partition(":")
    try:
        module = importlib.import_module(module_name)
        return getattr(module, attribute)
    except (ImportError, AttributeError, ValueError) as exc:
        raise LangbordError(f"{what} {reference!r} cannot be loaded: {exc}") from exc


@dataclass(frozen=True)
class GameInfo:
    """A game's traits, declared once (see the module docstring).

    ``seat_names`` names seats by index (a colour, a clan); seats past its end are "seat N".
    ``private_information``: some seat knows what another does not (cards in hand), so views
    differ by seat and OpenSpiel sees imperfect information. ``strategy`` and ``renderer`` are
    ``"module:attribute"`` references (``strategy`` may be empty: no strategy); so is
    ``actions``, the game's :class:`~langbord.core.notation.ActionTable` with the declared parts
    of its actions (see ``State.action_parts``)."""

    name: str
    title: str
    min_players: int
    max_players: int
    renderer: str
    strategy: str = ""
    seat_names: tuple[str, ...] = ()
    cooperative: bool = False
    private_information: bool = False
    actions: str = ""
    tagline: str = ""
    """What the game is about, in a line ("dwarf clans prospect for gold and run Royal Inns.")."""
    card: str = ""
    """``"package:file"``: the TOML file of the game's :class:`~langbord.core.card.Card` (empty:
    the card is the title line alone)."""
    _loaded: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)

    def seat_name(self, player: int) -> str:
        names = self.seat_names
        return names[player] if 0 <= player < len(names) else f"seat {player}"

    def load_strategy(self) -> Strategy:
        """The registered :class:`Strategy` (loaded once), or one with nothing in it."""
        found = self._loaded.get("strategy")
        if found is None:
            found = _resolve(self.strategy, "strategy") if self.strategy else NO_STRATEGY
            if not isinstance(found, Strategy):
                raise LangbordError(f"strategy {self.strategy!r} is not a Strategy: {found!r}")
            self._loaded["strategy"] = found
        return found

    def load_renderer(self) -> Renderer:
        """The registered text renderer (loaded once)."""
        found = self._loaded.get("renderer")
        if found is None:
            found = _resolve(self.renderer, "renderer")
            if not callable(found):
                raise LangbordError(f"renderer {self.renderer!r} is not a function: {found!r}")
            self._loaded["renderer"] = found
        return found  # type: ignore[no-any-return]

    def load_card(self) -> Card:
        """The declared :class:`~langbord.core.card.Card` (read once)."""
        found: Card | None = self._loaded.get("card")
        if found is None:
            found = read_card(self.card) if self.card else NO_CARD
            self._loaded["card"] = found
        return found

    def card_text(self) -> str:
        """The whole card under its title line ("Skibe — build three viking ships, …")."""
        head = f"{self.title} — {self.tagline}" if self.tagline else self.title
        return self.load_card().text(head)

    def load_actions(self) -> ActionTable:
        """The registered action table (loaded once): the parts of every action."""
        found = self._loaded.get("actions")
        if found is None:
            if not self.actions:
                raise LangbordError(f"{self.name} declares no action table (GameInfo.actions)")
            found = _resolve(self.actions, "action table")
            if not isinstance(found, ActionTable):
                raise LangbordError(f"action table {self.actions!r} is not one: {found!r}")
            self._loaded["actions"] = found
        return found


__all__ = ["DEFAULT_BEST_AGENT", "NO_STRATEGY", "REFEREE", "GameInfo", "Renderer", "Strategy"]
