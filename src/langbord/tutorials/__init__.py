"""Tutorials: a game's rules taught on real positions, one decision at a time.

A tutorial is data, a TOML file per game in this package (``skaal.toml``, ``skibe.toml`` …),
holding one or more ``[[tutorial]]`` tables. Each has the game's ``players`` and ``options``
and a list of ``[[tutorial.step]]`` tables. A step:

- reaches its position by ``moves``, action strings applied from the end of the step before
  (after its expected move), or from the start of the game with ``from_start = true``; chance
  outcomes are moves like any other (``"roll 3"``, a card dealt), so every position is exact;
- shows ``title`` and ``text`` (the rulebook's words or a paraphrase), ``rule`` (a ruling id
  such as ``"SA-3"``, where one applies) and ``highlight`` (the places that matter, each
  ``{kind, args, label}`` as a board offers its places: see ``State.action_parts``);
- asks for one move, ``expect``; any other is refused with a reason that teaches: an illegal
  move with the engine's own reason and the step's ``hint``; a legal but different one with the
  step's ``refuse`` text for that move, else its ``wrong`` text;
- after the right move shows ``effect`` and states what it changed in ``check``: each entry a
  ``path`` into the learner's ``view`` (dots between keys and list indices:
  ``"ships.1.cards"``) with the value it ``equals`` or the ``length`` it has, or a ``text``
  that appears in the learner's text rendering.

The same files are the tests (``tests/tutorials``): :meth:`Tutorial.verify` reaches every step,
plays its expected move and checks its effects. A file that cannot be read, or a step that does
not reach its position, raises :class:`TutorialError` naming the file, tutorial and step.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from functools import cache
from importlib import resources
from typing import Any

from langbord.core.errors import IllegalActionError, InvalidActionError, LangbordError
from langbord.core.game import CHANCE, JSON, Game, State, normalize_action_text
from langbord.core.i18n import SOURCE, _, dgettext, language, speaking
from langbord.core.registry import games, load

__all__ = [
    "Attempt",
    "Step",
    "Tutorial",
    "TutorialError",
    "get_tutorial",
    "tutorials",
]

_STEP_KEYS = frozenset(
    {
        "title", "text", "rule", "moves", "from_start", "expect", "hint", "wrong", "refuse",
        "effect", "highlight", "check",
    }
)  # fmt: skip
_TUTORIAL_KEYS = frozenset({"id", "title", "summary", "players", "options", "step"})
_CHECK_KEYS = frozenset({"path", "equals", "length", "text"})


class TutorialError(LangbordError):
    """A tutorial file that cannot be read, or a step that does not play as it says."""


@dataclass(frozen=True)
class Step:
    """One decision of a tutorial (see the module docstring for each field)."""

    title: str
    text: str
    expect: str
    effect: str
    moves: tuple[str, ...] = ()
    from_start: bool = False
    rule: str = ""
    hint: str = ""
    wrong: str = ""
    refuse: Mapping[str, str] = field(default_factory=dict)
    highlight: tuple[dict[str, Any], ...] = ()
    check: tuple[dict[str, Any], ...] = ()


@dataclass(frozen=True)
class Attempt:
    """What a move at a step gets: ``ok`` with the step's effect and the position after it, or a
    refusal (``state`` is None) whose ``message`` teaches."""

    ok: bool
    message: str
    state: State | None = None


@dataclass(frozen=True)
class Tutorial:
    """A game's lesson: its seats and options, and its steps."""

    id: str
    game: str
    title: str
    summary: str
    players: int
    options: Mapping[str, Any]
    steps: tuple[Step, ...]
    source: str = ""
    _positions: dict[int, State] = field(default_factory=dict, compare=False, repr=False)

    def make_game(self) -> Game:
        return load(self.game, players=self.players, **self.options)

    def where(self, k: int) -> str:
        return f"{self.source}: tutorial {self.id!r}, step {k + 1}"

    def _step(self, k: int) -> Step:
        if type(k) is not int or not 0 <= k < len(self.steps):
            raise TutorialError(f"tutorial {self.id!r} has steps 1..{len(self.steps)}, not {k!r}")
        return self.steps[k]

    def position(self, k: int) -> State:
        """The position of step ``k`` (0-based): a new state each call."""
        self._step(k)
        if k not in self._positions:
            self._positions[k] = self._reach(k)
        return self._positions[k].clone()

    def _reach(self, k: int) -> State:
        step = self.steps[k]
        if k == 0 or step.from_start:
            state = self.make_game().new_initial_state()
        else:
            state = self.position(k - 1)
            state.apply_action(self._expected(k - 1, state))
        for number, text in enumerate(_split(step.moves), start=1):
            try:
                state.apply_action(state.string_to_action(text))
            except LangbordError as exc:
                raise TutorialError(f"{self.where(k)}, move {number} ({text!r}): {exc}") from None
        if state.is_terminal() or state.current_player() == CHANCE:
            pending = "the game is over" if state.is_terminal() else _chance_pending(state)
            raise TutorialError(f"{self.where(k)}: its moves end where no seat moves: {pending}")
        return state

    def _expected(self, k: int, state: State) -> int:
        text = self.steps[k].expect
        try:
            return state.string_to_action(text)
        except LangbordError as exc:
            raise TutorialError(f"{self.where(k)}: the expected move {text!r}: {exc}") from None

    def learner(self, k: int) -> int:
        """The seat that decides at step ``k``: the learner plays it."""
        return self.position(k).current_player()

    def expected(self, k: int) -> int:
        """The action step ``k`` asks for."""
        return self._expected(k, self.position(k))

    def attempt(self, k: int, action: int) -> Attempt:
        """``action`` tried at step ``k``: the step's effect and the position after it, or a
        refusal that teaches. Nothing is kept between attempts."""
        step = self._step(k)
        state = self.position(k)
        try:
            state.apply_action(action)
        except (IllegalActionError, InvalidActionError) as exc:
            return Attempt(False, _refusal(str(exc), step.hint))
        if action == self.expected(k):
            return Attempt(True, step.effect, state)
        text = normalize_action_text(state.action_to_string(action))
        return Attempt(False, step.refuse.get(text) or step.wrong or _not_that(step))

    def verify(self) -> None:
        """Every step reaches its position, its expected move is legal, and its checks hold
        after it; :class:`TutorialError` otherwise."""
        for k, step in enumerate(self.steps):
            state = self.position(k)
            legal = [normalize_action_text(text) for text in state.legal_strings()]
            for text in step.refuse:
                if text not in legal:
                    raise TutorialError(f"{self.where(k)}: refuse names {text!r}, not legal here")
            if len(legal) > 1 and not step.wrong and len(step.refuse) < len(legal) - 1:
                raise TutorialError(f"{self.where(k)}: a different legal move needs 'wrong'")
            learner = state.current_player()
            attempt = self.attempt(k, self.expected(k))
            assert attempt.state is not None
            for entry in step.check:
                _check(attempt.state, learner, entry, self.where(k))

    def to_json(self) -> dict[str, JSON]:
        return {
            "id": self.id,
            "game": self.game,
            "title": self.title,
            "summary": self.summary,
            "players": self.players,
            "steps": len(self.steps),
        }


def _split(moves: tuple[str, ...]) -> list[str]:
    return [part.strip() for text in moves for part in text.split(";") if part.strip()]


def _chance_pending(state: State) -> str:
    outcomes = [state.action_to_string(a) for a, _ in state.chance_outcomes()][:6]
    return f"a chance event is pending; add its outcome (one of {', '.join(outcomes)} …)"


def _refusal(message: str, hint: str) -> str:
    _quoted, sep, reason = message.partition("': ")
    text = reason if sep else message
    text = text[:1].upper() + text[1:]
    if hint and not text.endswith((".", "!", "?", ")")):
        text += "."
    return f"{text} {hint}".strip()


def _not_that(step: Step) -> str:
    return _("Not that one here. {hint}").format(hint=step.hint).strip()


def _walk(view: Any, path: str, where: str) -> Any:
    node = view
    for key in path.split("."):
        index = int(key) if key.lstrip("-").isdigit() else None
        if isinstance(node, list) and index is not None and -len(node) <= index < len(node):
            node = node[index]
        elif isinstance(node, dict) and key in node:
            node = node[key]
        else:
            raise TutorialError(f"{where}: check {path!r}: no {key!r} in the view there")
    return node


def _check(state: State, learner: int, entry: Mapping[str, Any], where: str) -> None:
    if "text" in entry:
        if entry["text"] not in state.render(learner):
            raise TutorialError(f"{where}: after the move the table does not say {entry['text']!r}")
        return
    found = _walk(state.view(learner), entry["path"], where)
    if "equals" in entry and found != entry["equals"]:
        raise TutorialError(f"{where}: {entry['path']} is {found!r}, not {entry['equals']!r}")
    if "length" in entry and (not hasattr(found, "__len__") or len(found) != entry["length"]):
        raise TutorialError(f"{where}: {entry['path']} is {found!r}: not {entry['length']} long")


# ---- reading the files ----------------------------------------------------------------------


def _text(table: Mapping[str, Any], key: str, where: str, required: bool = True) -> str:
    value = table.get(key, "")
    if not isinstance(value, str) or (required and not value.strip()):
        raise TutorialError(f"{where}: {key!r} must be {'a non-empty' if required else 'a'} text")
    return value.strip()


def _unknown(table: Mapping[str, Any], allowed: frozenset[str], where: str) -> None:
    extra = sorted(set(table) - allowed)
    if extra:
        raise TutorialError(f"{where}: unknown keys {extra} (allowed: {sorted(allowed)})")


def _entries(raw: Any, what: str, where: str) -> tuple[dict[str, Any], ...]:
    if not isinstance(raw, list) or not all(isinstance(e, dict) for e in raw):
        raise TutorialError(f"{where}: {what} must be a list of tables")
    return tuple(raw)


def _read_step(raw: Any, where: str) -> Step:
    if not isinstance(raw, dict):
        raise TutorialError(f"{where}: a step must be a table")
    _unknown(raw, _STEP_KEYS, where)
    moves = raw.get("moves", [])
    if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
        raise TutorialError(f"{where}: 'moves' must be a list of action strings")
    refuse = raw.get("refuse", {})
    if not isinstance(refuse, dict) or not all(isinstance(v, str) for v in refuse.values()):
        raise TutorialError(f"{where}: 'refuse' maps a move to the text that refuses it")
    checks = _entries(raw.get("check", []), "check", where)
    for entry in checks:
        _unknown(entry, _CHECK_KEYS, f"{where}, check")
        if "text" not in entry and not ("path" in entry and ({"equals", "length"} & set(entry))):
            raise TutorialError(
                f"{where}: a check has a 'text', or a 'path' with 'equals'/'length'"
            )
    if not checks:
        raise TutorialError(f"{where}: a step checks what its move changed ('check')")
    highlight = _entries(raw.get("highlight", []), "highlight", where)
    for entry in highlight:
        if not isinstance(entry.get("args", {}), dict) or not isinstance(entry.get("label"), str):
            raise TutorialError(f"{where}: a highlight is {{kind, args, label}}")
    return Step(
        title=_text(raw, "title", where),
        text=_text(raw, "text", where),
        expect=_text(raw, "expect", where),
        effect=_text(raw, "effect", where),
        moves=tuple(moves),
        from_start=bool(raw.get("from_start", False)),
        rule=_text(raw, "rule", where, required=False),
        hint=_text(raw, "hint", where, required=False),
        wrong=_text(raw, "wrong", where, required=False),
        refuse={normalize_action_text(k): v.strip() for k, v in refuse.items()},
        highlight=tuple({"args": {}, **e} for e in highlight),
        check=checks,
    )


def _read_tutorial(raw: Any, game: str, source: str) -> Tutorial:
    where = f"{source}: a tutorial"
    if not isinstance(raw, dict):
        raise TutorialError(f"{where} must be a table")
    tid = _text(raw, "id", where)
    where = f"{source}: tutorial {tid!r}"
    _unknown(raw, _TUTORIAL_KEYS, where)
    players, options = raw.get("players"), raw.get("options", {})
    if type(players) is not int or not isinstance(options, dict):
        raise TutorialError(f"{where}: 'players' is a number and 'options' a table")
    steps = raw.get("step", [])
    if not isinstance(steps, list) or not steps:
        raise TutorialError(f"{where}: no steps")
    return Tutorial(
        id=tid,
        game=game,
        title=_text(raw, "title", where),
        summary=_text(raw, "summary", where),
        players=players,
        options=options,
        steps=tuple(_read_step(s, f"{where}, step {k + 1}") for k, s in enumerate(steps)),
        source=source,
    )


def read(text: str, game: str, source: str) -> list[Tutorial]:
    """The tutorials of one file's ``text`` (TOML) for ``game``."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise TutorialError(f"{source}: not TOML: {exc}") from None
    found = [_read_tutorial(raw, game, source) for raw in data.get("tutorial", [])]
    if set(data) - {"tutorial"}:
        raise TutorialError(f"{source}: only [[tutorial]] tables belong in a tutorial file")
    return found


def _said(text: str) -> str:
    """A tutorial's ``text`` in the language spoken (its catalog is ``tutorials``)."""
    return dgettext("tutorials", text) if text else text


def _step_said(step: Step) -> Step:
    return replace(
        step,
        title=_said(step.title),
        text=_said(step.text),
        effect=_said(step.effect),
        hint=_said(step.hint),
        wrong=_said(step.wrong),
        refuse={move: _said(text) for move, text in step.refuse.items()},
        highlight=tuple(
            {**mark, "label": _said(mark["label"])} if mark.get("label") else mark
            for mark in step.highlight
        ),
    )


def _tutorial_said(tutorial: Tutorial) -> Tutorial:
    """``tutorial`` with its words in the language spoken; its moves and checks, and the
    positions it reaches, are the same in every language."""
    return replace(
        tutorial,
        title=_said(tutorial.title),
        summary=_said(tutorial.summary),
        steps=tuple(_step_said(step) for step in tutorial.steps),
    )


def _all() -> tuple[Tutorial, ...]:
    """Every tutorial, in the language spoken."""
    return _all_in(language())


@cache
def _all_in(spoken: str) -> tuple[Tutorial, ...]:
    if spoken != SOURCE:
        with speaking(spoken):
            return tuple(_tutorial_said(tutorial) for tutorial in _all_in(SOURCE))
    found: list[Tutorial] = []
    package = resources.files(__name__)
    for game in games():
        file = package / f"{game}.toml"
        if file.is_file():
            found += read(file.read_text(encoding="utf-8"), game, f"tutorials/{game}.toml")
    ids = [t.id for t in found]
    doubled = sorted({i for i in ids if ids.count(i) > 1})
    if doubled:
        raise TutorialError(f"tutorial ids used twice: {doubled}")
    return tuple(found)


def tutorials(game: str | None = None) -> list[Tutorial]:
    """Every tutorial (of ``game``, if given), in file order."""
    return [t for t in _all() if game is None or t.game == game]


def get_tutorial(tutorial_id: str) -> Tutorial:
    """The tutorial called ``tutorial_id``; :class:`TutorialError` listing them if none is."""
    for found in _all():
        if found.id == tutorial_id:
            return found
    known = ", ".join(t.id for t in _all()) or "none yet"
    raise TutorialError(f"no tutorial {tutorial_id!r} (there are: {known})")
