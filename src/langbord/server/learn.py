"""The tutorials' API: each step of a tutorial (``langbord.tutorials``) as a table the boards
draw exactly like a real one, and a move tried at it, answered with the step's teaching.

Nothing is stored: a step's position is reached from the tutorial's data, the same every time,
so its table and the table after its right move are built once and kept in a bounded cache
(:data:`CACHED_STEPS`, least recently used out first). A step's table is what ``GET
/api/tables/{id}`` gives the learner's seat (the views' own code,
:func:`langbord.server.views.seen_by`, over a table made for the position whose seats have no
person's name: the boards call the learner's seat "you" and the others by the game's seat
names), plus ``tutorial``: the step's words,
highlights and the move it asks for.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Mapping
from typing import Any

from langbord.core.errors import InvalidActionError, LangbordError
from langbord.core.game import JSON, State
from langbord.core.i18n import _, language
from langbord.guides import plain
from langbord.server.errors import NotFound
from langbord.server.store.schema import now
from langbord.server.tables import HUMAN, Live, SeatInfo, apply_logged
from langbord.server.views import legal_json, log_entry, ruling_words, seen_by
from langbord.server.why import why_not
from langbord.tutorials import Tutorial, get_tutorial, tutorials

CACHED_STEPS = 256
"""Tables of tutorial steps (and of the positions after their right moves) kept built."""


class Lessons:
    """The tutorials as the server shows them (see the module); thread-safe."""

    def __init__(self, cached: int = CACHED_STEPS) -> None:
        self.cached = cached
        self._tables: OrderedDict[tuple[str, int, str, str], dict[str, JSON]] = OrderedDict()
        self._lock = threading.Lock()  # a tutorial keeps the positions it reached: one at a time

    def listed(self) -> list[dict[str, JSON]]:
        """Every tutorial: id, game, title, summary, players and its number of steps."""
        return [t.to_json() for t in tutorials()]

    def _tutorial(self, tutorial_id: str, k: int) -> Tutorial:
        try:
            tutorial = get_tutorial(tutorial_id)
        except LangbordError as exc:
            raise NotFound(str(exc)) from None
        count = len(tutorial.steps)
        if not 0 <= k < count:
            raise NotFound(
                _("tutorial {tutorial} has no step {step}: its steps are 0 to {last}").format(
                    tutorial=repr(tutorial_id), step=k, last=count - 1
                )
            )
        return tutorial

    def step(self, tutorial_id: str, k: int) -> dict[str, JSON]:
        """Step ``k`` (0-based) of the tutorial as a table (see the module). Shared between
        callers: read it, do not change it."""
        tutorial = self._tutorial(tutorial_id, k)
        return self._cached(
            (tutorial.id, k, "step", language()), lambda: self._build_step(tutorial, k)
        )

    def attempt(
        self,
        tutorial_id: str,
        k: int,
        action: int | None,
        kind: str | None = None,
        args: Mapping[str, Any] | None = None,
    ) -> dict[str, JSON]:
        """A move tried at step ``k`` (its id, or its kind and arguments): ``{"ok", "message",
        "next"}``, ``next`` the table after the right move (null when refused). Nothing is kept
        of a refused move."""
        tutorial = self._tutorial(tutorial_id, k)
        game = tutorial.make_game()
        if action is None:
            try:
                action = game.action_of_parts(kind or "", args or {})
            except InvalidActionError:
                step = tutorial.steps[k]
                shown = " ".join([kind or "", *(f"{n}={v}" for n, v in (args or {}).items())])
                message = (
                    _("There is no such move here ({move}). {hint}")
                    .format(move=repr(shown), hint=step.hint)
                    .strip()
                )
                return {"ok": False, "message": plain(message), "next": None}
        with self._lock:
            right = action == tutorial.expected(k)
            refused = None if right else tutorial.attempt(k, action)
        if refused is not None:
            return {"ok": False, "message": plain(refused.message), "next": None}
        after = self._cached(
            (tutorial.id, k, "next", language()), lambda: self._build_next(tutorial, k)
        )
        return {"ok": True, "message": plain(tutorial.steps[k].effect), "next": after}

    def why(self, tutorial_id: str, k: int, kind: str, args: Mapping[str, Any]) -> dict[str, JSON]:
        """ "Why not?" at step ``k``, as the learner's seat is told it at a table (the same
        answer as ``POST /api/tables/{id}/why``)."""
        tutorial = self._tutorial(tutorial_id, k)
        with self._lock:
            state = tutorial.position(k)
        learner = state.current_player()
        return why_not(state.game, state, learner, kind, args, status="playing")

    # ---- building ----------------------------------------------------------------------------

    def _cached(self, key: tuple[str, int, str, str], build: Any) -> dict[str, JSON]:
        with self._lock:
            table = self._tables.get(key)
            if table is None:
                table = self._tables[key] = build()
            self._tables.move_to_end(key)
            while len(self._tables) > self.cached:
                self._tables.popitem(last=False)
            return table

    def _build_step(self, tutorial: Tutorial, k: int) -> dict[str, JSON]:
        """Caller holds ``_lock``."""
        state = tutorial.position(k)
        learner = state.current_player()
        step = tutorial.steps[k]
        table = self._table(tutorial, k, state, learner)
        expected = tutorial.expected(k)
        (expect,) = [a for a in legal_json(state) if _id(a) == expected]
        table["tutorial"] = {
            "id": tutorial.id,
            "title": tutorial.title,
            "step": k,
            "steps": len(tutorial.steps),
            "step_title": plain(step.title),
            "text": plain(step.text),
            "rule": step.rule,
            "rule_text": ruling_words(state.game, [step.rule])[0]["text"] if step.rule else "",
            "hint": plain(step.hint),
            "highlight": [dict(h) for h in step.highlight],
            "expect": expect,
        }
        return table

    def _build_next(self, tutorial: Tutorial, k: int) -> dict[str, JSON]:
        """Caller holds ``_lock``."""
        learner = tutorial.learner(k)
        attempt = tutorial.attempt(k, tutorial.expected(k))
        assert attempt.ok and attempt.state is not None
        return self._table(tutorial, k, attempt.state, learner)

    def _table(self, tutorial: Tutorial, k: int, state: State, learner: int) -> dict[str, JSON]:
        """``state`` as a table seen by ``learner``: the table's own JSON and log."""
        game = state.game
        seats = [SeatInfo(p, HUMAN, "", True) for p in range(game.num_players())]
        status = "over" if state.is_terminal() else "playing"
        live = Live(
            f"tutorial:{tutorial.id}:{k}", game, seats, game.new_initial_state(), status, now()
        )
        for action in state.history():
            replay = live.state
            apply_logged(live, replay.current_player(), replay.action_to_string(action))
        seen = seen_by(live, learner)
        return {
            **seen,
            "undo": {"available": False, "request": None},
            "log_start": 0,
            "log": [log_entry(e, n, learner, live.state) for n, e in enumerate(live.log)],
        }


def _id(action: JSON) -> JSON:
    return action.get("id") if isinstance(action, dict) else None
