""" "Why not?": whether an action named by its parts may be played now, the engine's reason if
not, and the notation line of its kind, told to each asker only from what they may know.

:func:`why_not` answers for one state. The seat to move is told the engine's own refusal (it
is about their own hand, which they see). Another seat is told that it is not their decision.
A spectator (a seated player who leaves out its token is one) is told only what is decided by
what a spectator sees, exactly: :func:`public_refusal` tries the action on each of the state's
:meth:`~langbord.core.game.State.covering_deals`, a few deals of the cards a spectator cannot
see that stand for all of them (just the state itself at a game without private information).
The same answer on every one is the engine's answer, in its words; illegal on every one but for
reasons that differ, the answer says so without the reasons (they would name the mover's cards);
legal on some and not on others, it says that it depends on what the seat to move holds. No
deal is sampled, so asking again answers the same.

:func:`rule_line` finds the line of the game card's notation whose example is the action's
("lay 3: lay the card taken in ship 3 (below its limit)").
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping
from typing import Any, cast

from langbord.core.errors import IllegalActionError, InvalidActionError
from langbord.core.game import CHANCE, JSON, Game, State
from langbord.core.i18n import _
from langbord.core.registry import load
from langbord.guides import in_words
from langbord.server.views import ruling_words

_GAP = re.compile(r"\s{2,}")
_COLUMNS = re.compile(r"\s{3,}")
_WORD = re.compile(r"[^\W_]+")


@functools.cache
def _notation(game_name: str) -> tuple[tuple[tuple[str, ...], str], ...]:
    """The notation entries of a game's card: (the examples, split at " / ", the description),
    a description's continuation lines joined to it."""
    entries: list[tuple[list[str], list[str]]] = []
    for line in load(game_name).notation_lines():
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


def depends(seat: str) -> str:
    """The answer about an action legal on some deals a spectator cannot tell apart and not on
    others: ``seat`` (the seat to move, by name in the language spoken) decides it with cards
    only they can see."""
    return _("that depends on what {seat} holds, which only they can see").format(seat=seat)


def not_whatever(seat: str) -> str:
    """The answer about an action illegal on every deal a spectator cannot tell apart, for
    reasons that differ between them (the engine's words would name cards of ``seat``)."""
    return _(
        "not now, whatever {seat} holds; why exactly depends on cards only they can see"
    ).format(seat=seat)


def public_refusal(state: State, action: int, viewer: int | None = None) -> tuple[bool, str]:
    """:func:`refusal` as ``viewer`` (None: a spectator), who may not see every hand, may be
    told it, decided exactly on ``state.covering_deals(viewer)`` (see the module): the engine's
    answer where every deal gives it, else :func:`not_whatever` (illegal on every deal) or
    :func:`depends` (legal on some), naming the seat to move. ``state`` is unchanged."""
    answer = refusal(state, action)
    answers = {answer}
    for dealt in state.covering_deals(viewer)[1:]:
        answers.add(refusal(dealt, action))
    if len(answers) == 1:
        return answer
    seat = _(state.game.seat_name(state.current_player()))
    if not any(legal for legal, _reason in answers):
        return False, not_whatever(seat)
    return False, depends(seat)


def why_not(
    game: Game,
    state: State,
    asker: int | None,
    kind: str,
    args: Mapping[str, Any],
    *,
    status: str,
) -> dict[str, JSON]:
    """The answer of ``POST /api/tables/{id}/why`` for ``asker`` (None: a spectator) at a table
    of ``status`` in ``state``: ``{"legal", "action", "words", "reason", "rulings", "rule"}``
    (:class:`langbord.server.shapes.WhyAnswer`): the reason in words, the rulings it cites each
    in a player's words."""
    try:
        action = game.action_of_parts(kind, args)
    except InvalidActionError:
        return {
            "legal": False,
            "action": None,
            "words": None,
            "reason": _("there is no such move here"),
            "rulings": [],
            "rule": rule_line(game.name, None, kind),
        }
    text = state.action_to_string(action)
    rule = rule_line(game.name, text, kind)
    answer: dict[str, JSON] = {
        "legal": False,
        "action": text,
        "words": state.action_words(action),
        "reason": "",
        "rulings": [],
        "rule": rule,
    }
    mover = state.current_player()
    if status == "open":
        answer["reason"] = _("the table is waiting for players to join")
    elif status == "abandoned":
        answer["reason"] = _("the table was abandoned: nobody plays here any more")
    elif state.is_terminal():
        answer["reason"] = _("the game is over")
    elif mover == CHANCE:
        answer["reason"] = _("chance is to speak first")
    elif asker is not None and asker != mover:
        answer["reason"] = _("it is not your decision: {seat} is to move").format(
            seat=_(game.seat_name(mover))
        )
    elif asker is None:
        answer["legal"], answer["reason"] = public_refusal(state, action)
    else:
        answer["legal"], answer["reason"] = refusal(state, action)
    said, rulings = in_words(str(answer["reason"]))
    answer["reason"] = said
    answer["rulings"] = cast(JSON, ruling_words(game, rulings))
    return answer
