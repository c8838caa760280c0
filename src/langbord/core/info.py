"""What a game declares about itself, once: :class:`GameInfo`.

Every layer reads a game's traits from its ``Game.info``: the OpenSpiel and PettingZoo adapters,
the server's catalogue and lobby, the CLI. A game declares them in its package's ``info.py``,
which imports nothing from the rules, so the rules and the text rendering can each import it.

The renderer and the action table live in modules that import more, so ``GameInfo`` names them
by reference (``"langbord.engines.skibe.render:render"``), loaded on first use and checked: a
reference to something missing, or to an object of the wrong type, raises at once. What bots
know of a game (its evaluation, quick policy, best agent) is no trait of the game: the agents
keep it.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from langbord.core.card import NO_CARD, Card, read_card
from langbord.core.errors import LangbordError
from langbord.core.i18n import _
from langbord.core.notation import ActionTable

REFEREE = -3
"""The viewer of a text rendering that shows the whole table, secrets included (``str(state)``)."""

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
    differ by seat and OpenSpiel sees imperfect information. ``renderer`` is a
    ``"module:attribute"`` reference; so is ``actions``, the game's
    :class:`~langbord.core.notation.ActionTable` with the declared parts of its actions (see
    ``State.action_parts``)."""

    name: str
    title: str
    min_players: int
    max_players: int
    renderer: str
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
        """Seat ``player``'s name as declared (English, marked where declared: a player reads
        it as ``_(name)``; views and notation keep it as it is); past the declared names,
        "seat N" in the language spoken."""
        names = self.seat_names
        return names[player] if 0 <= player < len(names) else _("seat {n}").format(n=player)

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
        """The whole card under its title line ("Skibe — build three viking ships, …"), the
        tagline in the language spoken (the card itself is the rulebook's notation and
        rulings, in English)."""
        head = f"{self.title} — {_(self.tagline)}" if self.tagline else self.title
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


__all__ = ["REFEREE", "GameInfo", "Renderer"]
