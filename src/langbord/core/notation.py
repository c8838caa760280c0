"""Building a game's action table: every action id with its kind, two integer arguments and its
canonical string. Rules code reads the plain lists (``kind``, ``arg1``, ``arg2``) on hot paths."""

from __future__ import annotations


class ActionTable:
    """Ids are given in the order actions are added, from 0."""

    def __init__(self) -> None:
        self.kind: list[int] = []
        self.arg1: list[int] = []
        self.arg2: list[int] = []
        self.strings: list[str] = []

    def add(self, kind: int, a: int, b: int, text: str) -> int:
        """Add an action and return its id."""
        self.kind.append(kind)
        self.arg1.append(a)
        self.arg2.append(b)
        self.strings.append(text)
        return len(self.strings) - 1

    def freeze(self) -> tuple[str, ...]:
        """The canonical strings, indexed by id; they must be unique."""
        seen: set[str] = set()
        for text in self.strings:
            if text in seen:
                raise ValueError(f"action string {text!r} is given to two actions")
            seen.add(text)
        return tuple(self.strings)
