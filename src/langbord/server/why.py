""" "Why not?": whether an action named by its parts may be played now, the engine's reason if
not, and the notation line of its kind, told to each asker only from what they may know.

:func:`why_not` answers for one state. The seat to move is told the engine's own refusal (it
is about their own hand, which they see). Another seat is told that it is not their decision.
A spectator is told the refusal only where it does not depend on a hidden hand: at a game
without private information the refusal itself; at one with it, the refusal on the table and
on :data:`REDEALS` re-deals of every hand (each dealt anew from another seat's view, so that no
seat's own knowledge decides it) must all agree, else the answer says that it depends on what
the seat to move holds. The re-deals are seeded by the caller (the table, its
move and the action), so asking again answers the same.

:func:`rule_line` finds the line of the game card's notation whose example is the action's
("lay 3: lay the card taken in ship 3 (below its limit)").
"""

from __future__ import annotations

import functools
import random
import re
from collections.abc import Mapping
from typing import Any

from langbord.core.errors import IllegalActionError, InvalidActionError
from langbord.core.game import CHANCE, JSON, Game, State
from langbord.core.registry import load

REDEALS = 16
"""Re-deals of the mover's hidden cards a spectator's answer must hold on."""

_GAP = re.compile(r"\s{2,}")
_COLUMNS = re.compile(r"\s{3,}")
_WORD = re.compile(r"[^\W_]+")


@functools.cache
def _notation(game_name: str) -> tuple[tuple[tuple[str, ...], str], ...]:
    """The notation entries of a game's card: (the examples, split at " / ", the description),
    a description's continuation lines joined to it."""
    from langbord.server.service import notation_lines  # the rules panel's own reading

    entries: list[tuple[list[str], list[str]]] = []
    for line in notation_lines(load(game_name).rules()):
        if not line.startswith("  "):
            continue  # a heading ("Skali:")
        if line.startswith(" " * 12) and entries:
            entries[-1][1].append(line.strip())  # the description goes on
            continue
        example, *rest = _GAP.split(line.strip(), maxsplit=1)
        cells = [example, *_COLUMNS.split(rest[0])] if rest else [example]
        for k in range(0, len(cells), 2):
            examples = [e.strip() for e in cells[k].split(" / ") if e.strip()]
            entries.append((examples, cells[k + 1 : k + 2]))
    return tuple((tuple(ex), " ".join(" ".join(words).split())) for ex, words in entries)


def _shape(word: str) -> str:
    return _WORD.sub("x", word)


def rule_line(game_name: str, text: str | None, kind: str) -> str:
    """The notation line of the action ``text`` (of kind ``kind``): its example and what it
    does; the first line of its kind's first word where ``text`` is None; "" if none."""
    words = (text or kind).lower().split()
    best: tuple[float, str] = (0.0, "")
    for examples, description in _notation(game_name):
        for example in examples:
            theirs = example.lower().split()
            same = 0
            while same < min(len(words), len(theirs)) and words[same] == theirs[same]:
                same += 1
            if same == 0:
                continue
            score = same + 0.5 * ([_shape(w) for w in words] == [_shape(w) for w in theirs])
            if score > best[0]:
                best = (score, f"{example}: {description}" if description else example)
    return best[1]


def refusal(state: State, action: int) -> tuple[bool, str]:
    """Whether ``action`` is legal in ``state``, and if not the engine's reason, without the
    quoted action that opens an :class:`IllegalActionError`'s message. ``state`` is unchanged."""
    if action in state.legal_actions():
        return True, ""
    text = state.action_to_string(action)
    try:
        state.string_to_action(text)
    except IllegalActionError as exc:
        return False, str(exc).removeprefix(f"{text!r}: ")
    return True, ""  # cannot be: legal_actions() said otherwise


def public_refusal(state: State, action: int, seed: int) -> tuple[bool, str]:
    """:func:`refusal` as a spectator may be told it (see the module)."""
    answer = refusal(state, action)
    game = state.game
    mover = state.current_player()
    others = [p for p in range(game.num_players()) if p != mover]
    if not game.info.private_information or not others:
        return answer
    rng = random.Random(seed)
    for _ in range(REDEALS):
        dealt = state
        for seat in [*others, mover]:  # each seat's hand is dealt anew from the others' view
            dealt = dealt.resample_hidden(seat, rng)
        if refusal(dealt, action) != answer:
            return False, (
                f"that depends on what {game.seat_name(mover)} holds, which only they can see"
            )
    return answer


def why_not(
    game: Game,
    state: State,
    asker: int | None,
    kind: str,
    args: Mapping[str, Any],
    *,
    status: str,
    seed: int,
) -> dict[str, JSON]:
    """The answer of ``POST /api/tables/{id}/why`` for ``asker`` (None: a spectator) at a table
    of ``status`` in ``state``: ``{"legal", "action", "reason", "rule"}``."""
    try:
        action = game.action_of_parts(kind, args)
    except InvalidActionError:
        shown = " ".join([kind, *(f"{k}={v}" for k, v in args.items())])
        return {
            "legal": False,
            "action": None,
            "reason": f"there is no such move here: no {game.info.title} move is {shown!r}",
            "rule": rule_line(game.name, None, kind),
        }
    text = state.action_to_string(action)
    rule = rule_line(game.name, text, kind)
    answer: dict[str, JSON] = {"legal": False, "action": text, "reason": "", "rule": rule}
    mover = state.current_player()
    if status == "open":
        answer["reason"] = "the table is waiting for players to join"
    elif status == "abandoned":
        answer["reason"] = "the table was abandoned: nobody plays here any more"
    elif state.is_terminal():
        answer["reason"] = "the game is over"
    elif mover == CHANCE:
        answer["reason"] = "chance is to speak first"
    elif asker is not None and asker != mover:
        answer["reason"] = f"it is not your decision: {game.seat_name(mover)} is to move"
    elif asker is None:
        answer["legal"], answer["reason"] = public_refusal(state, action, seed)
    else:
        answer["legal"], answer["reason"] = refusal(state, action)
    return answer
