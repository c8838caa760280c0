"""The game protocol: :class:`Game` and :class:`State`, in OpenSpiel's shape.

Every game, agent, runner, the CLI, the server and the learning wrappers speak only through
these two classes. A concrete game subclasses both and fills in the abstract hooks (the methods
whose names start with an underscore and the abstract public ones); the checked public entry
points (``apply_action``, ``string_to_action``, ``action_to_string``) live here, once.

Contracts:

- ``current_player()`` is a seat ``0 <= p < num_players()``, or :data:`CHANCE` (−1), or
  :data:`TERMINAL` (−4). A decision taken out of turn belongs to the seat that takes it.
- ``legal_actions()`` is sorted and lies in ``range(num_distinct_actions())``; at a chance node it
  lists the outcomes, and ``chance_outcomes()`` gives their probabilities (summing to 1).
- ``apply_action(a)`` raises :class:`IllegalActionError` for anything not legal now, with the
  reason, and leaves the state exactly as it was. ``apply_unchecked(a)`` skips that check: it is
  for search code that only ever applies members of ``legal_actions()``.
- Every action has one canonical string; ``string_to_action`` inverts ``action_to_string`` and
  tolerates case and spacing.
- ``prompt(p)`` is what the seat to move decides, in a player's words, quoting (``'…'``) at most
  three of its legal actions, never another; ``""`` at chance nodes, at the end and for any other
  seat. A refusal of an action of the wrong kind quotes it.
- ``action_parts(a)`` is ``a``'s kind and arguments for clients that read structure, not text
  (``{"kind": "take", "args": {"slot": "d2"}}``), declared once per kind in the game's
  notation; no two actions share parts, and a game's ``Game.action_of_parts`` inverts it.
- ``action_words(a)`` is ``a`` in a player's words ("take the display's second card"), looked up
  in the words the game declares once per kind beside its parts; no two actions share them.
  ``action_words_for(p, a)`` is what seat ``p`` may read of it: never a card it may not see.
- ``outcome()`` is ``None`` until the end, then why the game ended and where each seat's score
  came from (rows whose columns sum to ``scores()``); ``Game.rulings()`` lists the rulings.
- ``view(p)`` is a JSON-serializable dict of what seat ``p`` knows (``None``: a spectator);
  ``resample_hidden(p, rng)`` re-deals everything ``p`` does not know; ``covering_deals(p)`` is a
  few such deals on which any action's legality and refusal agree iff they agree on every deal.
"""

from __future__ import annotations

import difflib
import functools
import importlib.resources
import random
import re
import types
import unicodedata
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Self

from langbord.core.errors import IllegalActionError, InvalidActionError, LangbordError
from langbord.core.i18n import _
from langbord.core.info import REFEREE, GameInfo
from langbord.core.notation import Parts
from langbord.core.options import Option, OptionValue, resolve_options

CHANCE = -1
"""``current_player()`` at a chance node (a die roll, a card drawn)."""

TERMINAL = -4
"""``current_player()`` once the game is over."""

JSON = Any
"""A JSON-serializable value (dicts with ``str`` keys, lists, str, int, float, bool, None)."""

_PUNCT = re.compile(r"\s*([>/.<,:=+\-])\s*")
_SPACE = re.compile(r"\s+")


def normalize_action_text(text: str) -> str:
    """The lookup form of an action string: lower case without accents (``Sláinte`` and
    ``slainte`` are one), single spaces, none around punctuation."""
    folded = text.lower()
    if not folded.isascii():
        folded = unicodedata.normalize("NFKD", folded)
        folded = "".join(ch for ch in folded if not unicodedata.combining(ch)).casefold()
        folded = folded.replace("ø", "o").replace("æ", "ae")
    return _SPACE.sub(" ", _PUNCT.sub(r"\1", folded.strip()))


@functools.lru_cache(maxsize=64)
def _action_lookup(strings: tuple[str, ...]) -> Mapping[str, int]:
    """The lookup of :meth:`Game.action_lookup` for one set of action strings (read-only)."""
    return types.MappingProxyType({normalize_action_text(s): a for a, s in enumerate(strings)})


class Game(ABC):
    """A configured game: its rules version, options and sizes. Make one with ``langbord.load``."""

    name: ClassVar[str]
    info: ClassVar[GameInfo]
    """The game's declared traits (its package's ``info.py``): every layer reads them there."""
    version: ClassVar[int]
    """Bumped whenever the rules behaviour changes, so old records are refused, not misread."""
    option_specs: ClassVar[tuple[Option, ...]] = ()
    conformance_options: ClassVar[tuple[dict[str, OptionValue], ...]] = ({},)
    """Option sets the shared conformance suite exercises."""

    def __init__(self, /, **options: Any) -> None:
        # ``self`` is positional-only, so an option named "self" is just an unknown option.
        self.options: dict[str, OptionValue] = resolve_options(
            self.name, self.option_specs, options
        )
        self._check_options()

    def _check_options(self) -> None:  # noqa: B027  (an optional hook)
        """Cross-option validation hook; raise :class:`OptionError`."""

    def num_players(self) -> int:
        """The ``players`` option (a game without one overrides this)."""
        return int(self.options["players"])

    def num_distinct_actions(self) -> int:
        return len(self.action_strings())

    @abstractmethod
    def max_game_length(self) -> int:
        """An upper bound on ``len(history())`` of any game, chance outcomes included."""

    @abstractmethod
    def new_initial_state(self) -> State: ...

    @abstractmethod
    def action_strings(self) -> Sequence[str]:
        """The canonical string of every action id, indexed by id."""

    def action_lookup(self) -> Mapping[str, int]:
        """Normalized action text → action id: built once per set of action strings and shared
        by every game object that has them (a server loads a game for each table it rebuilds)."""
        table: Mapping[str, int] | None = self.__dict__.get("_action_lookup")
        if table is None:
            table = self.__dict__["_action_lookup"] = _action_lookup(tuple(self.action_strings()))
        return table

    def action_parts_table(self) -> Sequence[Parts]:
        """The parts of every action id, indexed by id: the game's declared action table
        (``GameInfo.actions``), built once and checked to cover every id."""
        table: Sequence[Parts] | None = self.__dict__.get("_action_parts")
        if table is None:
            table = self.info.load_actions().parts()
            if len(table) != self.num_distinct_actions():
                raise LangbordError(
                    f"{self.name}: the action table declares {len(table)} actions' parts, "
                    f"not {self.num_distinct_actions()}"
                )
            self.__dict__["_action_parts"] = table
        return table

    def action_kind_names(self) -> frozenset[str]:
        """The kind names an action's parts may have (``State.action_parts``)."""
        return self.info.load_actions().kind_names()

    def action_of_parts(self, kind: str, args: Mapping[str, Any]) -> int:
        """The action id whose parts are ``kind`` and ``args`` (the inverse of
        ``State.action_parts``); :class:`InvalidActionError` if none has them."""
        lookup: dict[tuple[str, frozenset[tuple[str, Any]]], int] | None = self.__dict__.get(
            "_parts_lookup"
        )
        if lookup is None:
            lookup = {
                (name, frozenset(args)): a
                for a, (name, args) in enumerate(self.action_parts_table())
            }
            self.__dict__["_parts_lookup"] = lookup
        try:
            if any(isinstance(value, bool) for value in args.values()):
                raise TypeError("a flag is not an argument")
            return lookup[(kind, frozenset(args.items()))]
        except (KeyError, TypeError, AttributeError):
            raise InvalidActionError(
                f"{self.name}: no action has the parts {kind!r} {args!r}"
            ) from None

    def seat_name(self, player: int) -> str:
        """How the table names seat ``player`` (its colour or clan where the game has one)."""
        return self.info.seat_name(player)

    def rules(self) -> str:
        """The game card: players, options, notation, rulings (declared data: ``GameInfo.card``,
        see :mod:`langbord.core.card`)."""
        return self.info.card_text()

    def notation_lines(self) -> list[str]:
        """The notation of the game card: its heading line, then indented examples with what
        each does and sub-headings ("Skali:"), as the rules panel lists them."""
        return list(self.info.load_card().notation)

    def rulings(self) -> list[dict[str, str]]:
        """The rulings the game implements, ``[{"id": "SB-5", "text": ...}]`` in the order of
        its rulings file: the game package's ``rulings.json``, generated from the project's
        rulings by ``tools/make_rulings.py`` (the package never reads them at run time)."""
        import json

        package = type(self).__module__.rpartition(".")[0]
        try:
            text = importlib.resources.files(package).joinpath("rulings.json").read_text("utf-8")
        except OSError:
            return []
        return [{"id": str(r["id"]), "text": str(r["text"])} for r in json.loads(text)]

    def tagline(self) -> str:
        """What the game is about, in a line ("dwarf clans prospect for gold and run Royal
        Inns."): ``GameInfo.tagline``, the first line of its card after the title, in the
        language spoken."""
        return _(self.info.tagline) if self.info.tagline else ""

    def __repr__(self) -> str:
        opts = ", ".join(f"{k}={v!r}" for k, v in self.options.items())
        return f"langbord.load({self.name!r}{', ' if opts else ''}{opts})"


class State(ABC):
    """A mutable game state. Subclasses implement the underscore hooks; see the module docstring."""

    action_kinds: ClassVar[Sequence[int]] = ()
    """The kind of every action id (the game's ``ActionTable.kind``): what ``_legal_of`` and
    ``_examples`` sort legal actions by when a game words its prompt."""

    __slots__ = ("_history", "_legal_cache", "game")

    def __init__(self, game: Game) -> None:
        self.game = game
        self._history: list[int] = []
        self._legal_cache: list[int] | None = None

    # ---- hooks a game implements -------------------------------------------------------------

    @abstractmethod
    def current_player(self) -> int: ...

    @abstractmethod
    def _compute_legal(self) -> list[int]:
        """Sorted legal actions (chance outcomes at a chance node; empty at the end)."""

    @abstractmethod
    def chance_outcomes(self) -> list[tuple[int, float]]:
        """``(outcome, probability)`` pairs at a chance node, sorted by outcome; else empty."""

    @abstractmethod
    def _apply(self, action: int) -> None:
        """Apply a legal action. Never called with an illegal one."""

    @abstractmethod
    def _why_illegal(self, action: int) -> str:
        """Why ``action`` (a valid id, not legal now) is illegal: the rule, its ruling id."""

    @abstractmethod
    def scores(self) -> list[float]:
        """Game points per seat, as they stand now."""

    @abstractmethod
    def view(self, player: int | None) -> Mapping[str, JSON]:
        """What ``player`` knows (``None``: a spectator), JSON-serializable: a game declares
        its shape as a ``TypedDict`` in ``engines/<game>/views.py``. Its ``seat`` field is
        ``player``; in a game without private information (``GameInfo.private_information``)
        that is the only field in which seats' views differ, and :meth:`render` is the same
        for every seat (the conformance suite checks both)."""

    @abstractmethod
    def resample_hidden(self, player: int, rng: random.Random) -> State:
        """A new state equal in all that ``player`` knows, the rest re-dealt with ``rng``. The
        result must depend only on what ``player`` knows and on ``rng`` (deal from the unseen
        cards in a fixed order, not in the order they happen to lie)."""

    def covering_deals(self, viewer: int | None) -> list[State]:
        """A few states consistent with everything ``viewer`` knows (``None``: a spectator),
        this one first, that stand for all of them at a decision node: whether an action is
        legal is the same on every state consistent with ``viewer``'s knowledge iff it is the
        same on every one of these, and so is its refusal (legality and the words of
        :meth:`_why_illegal`). So a question about
        the seat to move's options is answered for ``viewer`` exactly, from what they can see,
        by trying each (no sample of deals). The others are new states; ``self`` is unchanged.
        A game without private information (``GameInfo.private_information``) hides nothing
        from anyone: ``[self]``. A game with it must override this."""
        if self.game.info.private_information:
            raise NotImplementedError(
                f"{self.game.name} hides cards from some seats, so it must name the deals that "
                "cover what a viewer cannot see (State.covering_deals)"
            )
        return [self]

    @abstractmethod
    def _copy(self) -> State:
        """A deep, independent copy of the game-specific fields (history is copied here)."""

    @abstractmethod
    def component_counts(self) -> dict[str, int]:
        """Each kind of component, counted over every place it can be: constant over a game."""

    def __str__(self) -> str:
        """The whole table as text, secrets included (the referee's view): the game's registered
        renderer (``GameInfo.renderer``) with viewer :data:`~langbord.core.info.REFEREE`."""
        return self.game.info.load_renderer()(self, REFEREE)

    # ---- the shared protocol -----------------------------------------------------------------

    def prompt(self, player: int | None = None, notation: bool = True) -> str:
        """What the seat to move must decide, in a player's words, with at most three examples,
        each quoted (``'…'``) as the string of an action in ``legal_actions()``: e.g. Skibe's
        "take a display card ('take d2') or draw ('draw')". ``notation=False``: the same choices
        with nothing quoted ("take a display card or draw"), what a page shows beside the actions
        in words. ``""`` at a chance node, at the end, and for a ``player`` who is not the seat
        to move (``None``: whoever is to move). Refusals of an action of the wrong kind quote
        this prompt; the conformance suite checks that every quoted example is legal, and that
        ``notation=False`` quotes nothing."""
        self._check_seat(player)
        to_move = self.current_player()
        if to_move < 0 or (player is not None and player != to_move):
            return ""
        return self._prompt(notation)

    def _prompt(self, notation: bool = True) -> str:
        """The prompt at a decision node; a game words its own choices (see
        :func:`langbord.core.prompts.offer`), quoting examples only with ``notation``. By
        default: up to three legal actions. (The helpers are imported here, not with the
        module: imported first, they cost Knarr's random playouts 2.6% more instructions a step
        under ``benchmarks/count_instructions.sh``, with the same calls made, an effect of where
        the interpreter lays things out.)"""
        from langbord.core.prompts import MAX_EXAMPLES, quote

        if not notation:
            return _("choose an action")
        return _("choose an action ({examples})").format(
            examples=quote(self.legal_strings()[:MAX_EXAMPLES])
        )

    def legal_strings(self) -> list[str]:
        """The strings of ``legal_actions()``, in the same order."""
        strings = self.game.action_strings()
        return [strings[a] for a in self.legal_actions()]

    def _legal_of(self, *kinds: int) -> list[str]:
        """The strings of the legal actions of ``kinds`` (see ``action_kinds``), in id order."""
        strings = self.game.action_strings()
        kind_of = self.action_kinds
        return [strings[a] for a in self.legal_actions() if kind_of[a] in kinds]

    def _examples(self, *kinds: int) -> str:
        """Up to three legal actions of ``kinds``, quoted, one of each kind first."""
        from langbord.core.prompts import pick, quote

        return quote(pick([self._legal_of(kind) for kind in kinds]))

    def render(self, player: int | None) -> str:
        """The table as text as seat ``player`` sees it (``None``: a spectator); ``str(state)`` is
        the referee's whole table. The game's renderer leaves out what the seat cannot see (the
        conformance suite checks it)."""
        self._check_seat(player)
        return self.game.info.load_renderer()(self, player)

    def action_to_string_for(self, player: int | None, action: int) -> str:
        """``action`` (legal here, about to be applied) as seat ``player`` may learn of it: its
        string, unless it is a chance outcome only another seat may see (a card drawn into a
        hidden hand), which a game with secrets describes without the secret."""
        return self.action_to_string(action)

    def is_terminal(self) -> bool:
        return self.current_player() == TERMINAL

    def is_chance_node(self) -> bool:
        return self.current_player() == CHANCE

    def legal_actions(self) -> list[int]:
        cache = self._legal_cache
        if cache is None:
            cache = self._legal_cache = self._compute_legal()
        return list(cache)

    def outcome(self) -> dict[str, JSON] | None:
        """How a finished game ended, for a player: ``{"reason": str, "rulings": [id, ...],
        "breakdown": {"rows": [label, ...], "values": [[a number per seat], ...]}}`` — why it
        ended (the rule that ended it, in words: no ruling id in it), the ids of the rulings
        behind that end and the breakdown (optional), and where each seat's score came from (its
        rows in words too); ``None`` before the end. A game words its own; by default the reason
        is plain and the breakdown is the final score."""
        if not self.is_terminal():
            return None
        return {
            "reason": _("the game is over"),
            "breakdown": {"rows": [_("score")], "values": [list(self.scores())]},
        }

    def action_words(self, action: int) -> str:
        """``action`` in a player's words ("lay the card in ship 2"), for buttons and logs
        beside its notation: a lookup in the words the game declares once per kind in its
        notation (``ActionTable.word``); without them, the notation itself."""
        text = self.action_to_string(action)  # refuses what is not an action id
        table = self.game.info.load_actions() if self.game.info.actions else None
        if table is None or not table.kind_words:
            return text
        return table.words()[action]

    def action_words_for(self, player: int | None, action: int) -> str:
        """``action`` (legal here, about to be applied) in words as seat ``player`` may learn of
        it: :meth:`action_words`, unless :meth:`action_to_string_for` keeps it from the seat (a
        card drawn into another's hidden hand), then what that tells, which names no secret."""
        told = self.action_to_string_for(player, action)
        return self.action_words(action) if told == self.action_to_string(action) else told

    def returns(self) -> list[float]:
        """Per seat at the end: a sole winner 1.0, k tied winners 1/k each, others 0; else 0s."""
        n = self.game.num_players()
        if not self.is_terminal():
            return [0.0] * n
        scores = self.scores()
        best = max(scores)
        winners = [p for p in range(n) if scores[p] == best]
        return [1.0 / len(winners) if p in winners else 0.0 for p in range(n)]

    def _blank(self) -> Self:
        """A new state of this class sharing the game, with a copy of the history: the start of
        every game's ``_copy``."""
        new = type(self).__new__(type(self))
        new.game = self.game
        new._history = self._history.copy()
        new._legal_cache = self._legal_cache  # a list that is replaced, never mutated
        return new

    def history(self) -> list[int]:
        return list(self._history)

    def clone(self) -> State:
        return self._copy()

    def apply_action(self, action: int) -> None:
        """Apply ``action`` if legal; otherwise raise :class:`IllegalActionError`, unchanged."""
        if type(action) is not int:
            if isinstance(action, bool) or not hasattr(action, "__index__"):
                raise IllegalActionError(
                    f"{self.game.name}: an action is an integer id, not {action!r}"
                )
            action = action.__index__()
        cache = self._legal_cache
        if (cache is None or action not in cache) and not self._is_legal(action):
            raise IllegalActionError(self._illegal_message(action))
        self._apply(action)
        self._history.append(action)
        self._legal_cache = None

    def apply_unchecked(self, action: int) -> None:
        """Apply ``action`` without checking it: only for members of ``legal_actions()``."""
        self._apply(action)
        self._history.append(action)
        self._legal_cache = None

    def _is_legal(self, action: int) -> bool:
        """Whether ``action`` is in ``legal_actions()``; a game may override it with a faster test
        that the conformance suite checks against the list."""
        cache = self._legal_cache
        if cache is None:
            cache = self._legal_cache = self._compute_legal()
        return action in cache

    def action_to_string(self, action: int) -> str:
        strings = self.game.action_strings()
        if type(action) is not int or not 0 <= action < len(strings):
            raise InvalidActionError(
                f"{self.game.name}: {action!r} is not an action id (0..{len(strings) - 1})"
            )
        return strings[action]

    def action_parts(self, action: int) -> dict[str, JSON]:
        """``action``'s kind and arguments, JSON-ready, as the game declares them for its kind
        (``engines/GAME/notation.py``): e.g. Skibe's ``take d2`` is ``{"kind": "take", "args":
        {"slot": "d2"}}``, ``lay 2`` is ``{"kind": "lay", "args": {"ship": 2}}``. Two actions never
        share parts. A lookup in a table built once per game; a new dict each call."""
        table = self.game.action_parts_table()
        if type(action) is not int or not 0 <= action < len(table):
            raise InvalidActionError(
                f"{self.game.name}: {action!r} is not an action id (0..{len(table) - 1})"
            )
        kind, args = table[action]
        return {"kind": kind, "args": dict(args)}

    def string_to_action(self, text: str) -> int:
        """The action ``text`` names; :class:`InvalidActionError` if none, illegal ones raise."""
        if not isinstance(text, str):
            raise InvalidActionError(f"{self.game.name}: an action is text, not {text!r}")
        action = self.game.action_lookup().get(normalize_action_text(text))
        if action is None:
            legal = [self.action_to_string(a) for a in self.legal_actions()]
            near = difflib.get_close_matches(normalize_action_text(text), legal, n=3)
            words = {"game": self.game.name, "text": repr(text.strip())}
            if not near:
                raise InvalidActionError(
                    _(
                        "{game}: {text} is not an action "
                        "(`langbord rules {game} --card` lists the notation)"
                    ).format(**words)
                )
            said = repr(near[0])
            for other in near[1:]:  # "'a' or 'b' or 'c'"
                said = _("{items} or {last}").format(items=said, last=repr(other))
            raise InvalidActionError(
                _(
                    "{game}: {text} is not an action; did you mean {actions}? "
                    "(`langbord rules {game} --card` lists the notation)"
                ).format(actions=said, **words)
            )
        if not self._is_legal(action):
            raise IllegalActionError(self._illegal_message(action))
        return action

    def _check_seat(self, player: int | None) -> None:
        """Refuse a seat that does not exist (``None``, a spectator, is always fine)."""
        n = self.game.num_players()
        if player is not None and (type(player) is not int or not 0 <= player < n):
            raise LangbordError(f"{self.game.name}: no seat {player!r} (seats 0..{n - 1}, or None)")

    def _illegal_message(self, action: int) -> str:
        n = self.game.num_distinct_actions()
        if not 0 <= action < n:
            return f"{self.game.name}: {action} is not an action id (0..{n - 1})"
        if self.is_terminal():
            return f"{self.action_to_string(action)!r}: {_('the game is over')}"
        return f"{self.action_to_string(action)!r}: {self._why_illegal(action)}"

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.game!r} after {len(self._history)} actions>"
