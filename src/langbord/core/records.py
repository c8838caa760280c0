"""Game records: JSON documents that replay exactly, with no seed.

A record holds the game's name, rules version and options, every action as its canonical string
(chance outcomes included) and the result. ``replay`` re-applies the strings one by one through
the checked protocol, so a record that was edited or written by another version fails loudly at
the step that no longer fits.
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

from langbord.core.errors import LangbordError, RecordError
from langbord.core.game import JSON, Game, State
from langbord.core.i18n import _
from langbord.core.registry import load as load_game

FORMAT = "langbord-record"
FORMAT_VERSION = 1


def to_record(state: State, /, **meta: JSON) -> dict[str, JSON]:
    """The record of the game that led to ``state``; ``meta`` (seed, agents, …) is kept as is."""
    game = state.game
    record: dict[str, JSON] = {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "game": game.name,
        "version": game.version,
        "options": dict(game.options),
        "actions": [state.action_to_string(a) for a in state.history()],
        "result": _result(state),
    }
    if meta:
        json.dumps(meta)  # refuse unserializable metadata now, not at save time
        record["meta"] = dict(meta)
    return record


def _result(state: State) -> dict[str, JSON]:
    return {
        "terminal": state.is_terminal(),
        "scores": state.scores(),
        "returns": state.returns(),
    }


def replay(record: object, upto: int | None = None) -> State:
    """The state the record reaches (after ``upto`` actions if given), applied exactly.

    Raises :class:`RecordError` for a malformed record, another rules version, or an action that
    does not apply; ``err.step`` is the 1-based step that failed. Its actions are notation,
    which no language changes: a record replays the same whatever language is spoken.
    """
    game = _game_of(record)
    assert isinstance(record, dict)
    actions: list[Any] = record["actions"]
    stop = len(actions) if upto is None else upto
    if not 0 <= stop <= len(actions):
        raise RecordError(
            _("step {step} is outside the record (0..{last})").format(step=upto, last=len(actions))
        )
    state = game.new_initial_state()
    for step, text in enumerate(actions[:stop], start=1):
        if not isinstance(text, str):
            raise RecordError(
                _("step {step}: {text} is not an action string").format(step=step, text=repr(text)),
                step,
            )
        try:
            state.apply_action(state.string_to_action(text))
        except LangbordError as exc:
            raise RecordError(
                _("step {step} ({text}) does not replay: {error}").format(
                    step=step, text=repr(text), error=exc
                ),
                step,
            ) from None
    if upto is None and isinstance(record.get("result"), dict):
        _check_result(record["result"], state)
    return state


def _game_of(record: object) -> Game:
    """The game ``record`` is of, its fields checked; :class:`RecordError` otherwise."""
    if not isinstance(record, dict):
        raise RecordError(_("a record is a JSON object"))
    if record.get("format", FORMAT) != FORMAT:
        raise RecordError(
            _("not a langbord record (format {format})").format(format=repr(record.get("format")))
        )
    for key, kind in (("game", str), ("version", int), ("options", dict), ("actions", list)):
        if not isinstance(record.get(key), kind) or isinstance(record.get(key), bool):
            raise RecordError(
                _("record field {key} is missing or not a {kind}").format(
                    key=repr(key), kind=kind.__name__
                )
            )
    try:
        game = load_game(record["game"], **record["options"])
    except LangbordError as exc:
        raise RecordError(_("record cannot be loaded: {error}").format(error=exc)) from None
    if record["version"] != game.version:
        raise RecordError(
            _(
                "record is of {game} rules version {version}; this langbord plays version {ours}"
            ).format(game=game.name, version=record["version"], ours=game.version)
        )
    return game


def _check_result(result: dict[str, Any], state: State) -> None:
    scores = result.get("scores")
    if scores is None:
        return
    got = state.scores()
    if not (
        isinstance(scores, list)
        and len(scores) == len(got)
        and all(
            isinstance(x, int | float) and math.isclose(x, y)
            for x, y in zip(scores, got, strict=True)
        )
    ):
        raise RecordError(
            _("record says scores {scores} but its actions give {got}").format(
                scores=scores, got=got
            )
        )
    if bool(result.get("terminal")) != state.is_terminal():
        raise RecordError(
            _("record says terminal={said} but its actions give terminal={got}").format(
                said=result.get("terminal"), got=state.is_terminal()
            )
        )


def save(record: dict[str, JSON], path: str | Path) -> None:
    """Write ``record`` as JSON to ``path`` (atomically: a crash leaves the old file)."""
    target = Path(path)
    tmp = target.with_name(target.name + ".tmp")
    tmp.write_text(json.dumps(record, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    tmp.replace(target)


def load(path: str | Path) -> dict[str, JSON]:
    """Read a record written by :func:`save`; :class:`RecordError` if it is not one."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise RecordError(
            _("cannot read record {path}: {reason}").format(
                path=repr(str(path)), reason=exc.strerror or exc
            )
        ) from None
    except UnicodeDecodeError:
        raise RecordError(
            _("record {path} is not UTF-8 text").format(path=repr(str(path)))
        ) from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError(
            _("record {path} is not valid JSON: {error}").format(path=repr(str(path)), error=exc)
        ) from None
    if not isinstance(data, dict):
        raise RecordError(_("record {path} is not a JSON object").format(path=repr(str(path))))
    return data
