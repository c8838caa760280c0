"""Building a game's action table: every action id with its kind, two integer arguments and its
canonical string. Rules code reads the plain lists (``kind``, ``arg1``, ``arg2``) on hot paths.

A game also declares, once per kind, the *parts* clients read instead of parsing the string:
the kind's short name and how each named argument is read off the two integers, e.g. Skibe's

    TABLE.declare(TAKE, "take", slot=first(lambda d: f"d{d + 1}"))

so that ``take d2`` has the parts ``{"kind": "take", "args": {"slot": "d2"}}``. Arguments are
named as a player names them (``ship``, ``slot``, ``card``, ``region``) and valued as the
notation writes them (ship 2 is ``2``, not its index 1); a reader may answer ``None`` to leave
its argument out of an action (a renewal of one slot has no second slot).

Next to its parts a kind declares its *words*, how a player says it (``State.action_words``):
a template formatted with the kind's arguments and with more read off the two integers, e.g.

    TABLE.word(TAKE, "take the display's {nth} card", nth=first(ORDINALS))

so that ``take d2`` reads "take the display's second card". Words are looked up, never written
per action; no two actions of a game share them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from langbord.core.i18n import _, language

Scalar = int | str
"""The value of an action's argument: JSON-ready, compared exactly by clients."""

Reader = Callable[[int, int], Scalar | None]
"""How an argument is read off an action's two integers (``arg1``, ``arg2``); ``None``: absent."""

Naming = Sequence[str] | Mapping[int, Scalar] | Callable[[int], Scalar | None] | None
"""How :func:`first`/:func:`second` turn an integer into the argument: a table of names indexed
by it, a function of it, or (``None``) the integer itself plus ``plus``."""


def _named(naming: Naming, plus: int) -> Callable[[int], Scalar | None]:
    if naming is None:
        return lambda value: value + plus
    if callable(naming):
        return naming
    table = naming
    return lambda value: table[value]


def first(naming: Naming = None, *, plus: int = 0) -> Reader:
    """An argument read off an action's first integer (``arg1``); see :data:`Naming`."""
    name = _named(naming, plus)
    return lambda a, b: name(a)


def second(naming: Naming = None, *, plus: int = 0) -> Reader:
    """An argument read off an action's second integer (``arg2``); see :data:`Naming`."""
    name = _named(naming, plus)
    return lambda a, b: name(b)


@dataclass(frozen=True)
class KindParts:
    """A kind's declared parts: its short name and its arguments' readers."""

    name: str
    args: Mapping[str, Reader]


Parts = tuple[str, tuple[tuple[str, Scalar], ...]]
"""An action's parts as a hashable value: its kind's name and its ``(argument, value)`` pairs in
declaration order."""


class ActionTable:
    """Ids are given in the order actions are added, from 0."""

    def __init__(self) -> None:
        self.kind: list[int] = []
        self.arg1: list[int] = []
        self.arg2: list[int] = []
        self.strings: list[str] = []
        self.kind_parts: dict[int, KindParts] = {}
        self.kind_words: dict[int, tuple[str, Mapping[str, Reader]]] = {}
        self._parts: tuple[Parts, ...] | None = None
        self._words: dict[str, tuple[str, ...]] = {}

    def add(self, kind: int, a: int, b: int, text: str) -> int:
        """Add an action and return its id."""
        self.kind.append(kind)
        self.arg1.append(a)
        self.arg2.append(b)
        self.strings.append(text)
        self._parts = None
        self._words = {}
        return len(self.strings) - 1

    def declare(self, kind: int, name: str, **args: Reader) -> None:
        """Declare the parts of every action of ``kind``: its short name, its named arguments.
        (An argument whose name is a Python keyword goes through ``**{"with": reader}``.)"""
        if kind in self.kind_parts:
            raise ValueError(f"the parts of kind {kind} ({name!r}) are declared twice")
        if not name or name != name.strip():
            raise ValueError(f"kind {kind}: {name!r} is not a kind name")
        self.kind_parts[kind] = KindParts(name, dict(args))
        self._parts = None

    def word(self, kind: int, template: str, **args: Reader) -> None:
        """Declare how every action of ``kind`` reads in a player's words: ``template`` formatted
        with the kind's declared arguments and with ``args``, read off the action's integers."""
        if kind in self.kind_words:
            raise ValueError(f"the words of kind {kind} ({template!r}) are declared twice")
        self.kind_words[kind] = (template, dict(args))
        self._words = {}

    def words(self) -> tuple[str, ...]:
        """Every action's words in the language being spoken (:mod:`langbord.core.i18n`),
        indexed by id (built once per language): the template translated, and each argument
        that is a word (a name marked for the catalogs) translated before it is put in.
        ``ValueError`` if a kind declares none, or its template names an argument it does not
        have."""
        spoken = language()
        built = self._words.get(spoken)
        if built is None:
            built = self._words[spoken] = self._build_words()
        return built

    def _build_words(self) -> tuple[str, ...]:
        built: list[str] = []
        for action, parts in enumerate(self.parts()):
            kind, a, b = self.kind[action], self.arg1[action], self.arg2[action]
            if kind not in self.kind_words:
                raise ValueError(f"{self.strings[action]!r}: its kind {kind} has no words")
            template, readers = self.kind_words[kind]
            values: dict[str, Scalar | None] = dict(parts[1])
            values.update((key, read(a, b)) for key, read in readers.items())
            said = {key: _(v) if isinstance(v, str) else v for key, v in values.items()}
            try:
                built.append(_(template).format_map(said))
            except (KeyError, IndexError, ValueError) as exc:
                raise ValueError(f"{self.strings[action]!r}: {template!r}: {exc}") from None
        return tuple(built)

    def kind_names(self) -> frozenset[str]:
        """The declared kind names."""
        return frozenset(parts.name for parts in self.kind_parts.values())

    def parts(self) -> tuple[Parts, ...]:
        """Every action's parts, indexed by id (built once). ``ValueError`` if a kind has no
        declared parts, an argument is not an int or a string, or two actions share parts."""
        if self._parts is None:
            built: list[Parts] = []
            seen: dict[Parts, int] = {}
            for action, (kind, a, b) in enumerate(
                zip(self.kind, self.arg1, self.arg2, strict=True)
            ):
                declared = self.kind_parts.get(kind)
                if declared is None:
                    raise ValueError(f"{self.strings[action]!r}: its kind {kind} declares no parts")
                args = tuple(
                    (key, value)
                    for key, read in declared.args.items()
                    if (value := read(a, b)) is not None
                )
                for key, value in args:
                    if type(value) not in (int, str):
                        raise ValueError(f"{self.strings[action]!r}: {key} is {value!r}")
                parts = (declared.name, args)
                if parts in seen:
                    raise ValueError(
                        f"{self.strings[seen[parts]]!r} and {self.strings[action]!r} have the "
                        f"same parts {parts}"
                    )
                seen[parts] = action
                built.append(parts)
            self._parts = tuple(built)
        return self._parts

    def freeze(self) -> tuple[str, ...]:
        """The canonical strings, indexed by id; they must be unique."""
        seen: set[str] = set()
        for text in self.strings:
            if text in seen:
                raise ValueError(f"action string {text!r} is given to two actions")
            seen.add(text)
        return tuple(self.strings)
