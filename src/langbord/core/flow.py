"""The turn flow as data: a game declares its phases, and its pending work is a stack of records.

boardgame.io's phases and OpenSpiel's game enums are the models. A game's state is always in one
:class:`Phase`: a decision node (a seat chooses one of the phase's actions), a chance node (the
phase's ``outcomes`` are drawn) or the end (:data:`OVER`). A phase declares, once:

- ``name``: what the turn summary, views and encoders call it ("lay", "prospect");
- ``kinds``: the action kinds it accepts (the game's ``ActionTable.kind`` values);
- ``mover(state)``: who moves, a seat or :data:`~langbord.core.game.CHANCE`;
- ``legal(state)``: its legal actions, sorted;
- ``apply(state, action)``: how an action applies (it leaves the state in its next phase);
- ``why(state, action)``: why an action of an accepted kind is refused now, with its rule;
- ``task(state, quote)``: what is being decided, in a player's words, quoting legal actions when
  ``quote`` (the prompt at a decision node); at a chance node, what is being drawn;
- ``outcomes(state)``: at a chance node, ``(outcome, probability)`` pairs;
- ``reference(state)``: where ``legal`` is written for speed (bit-packed, precomputed tables),
  the same rule written plainly, to be read beside it; the conformance suite checks on random
  states that both give the same actions.

:class:`FlowState` writes the checked entry points over the phases once: ``current_player``,
``legal_actions``, ``chance_outcomes``, the prompt, and the refusal of an action the phase does not
accept ("now red must lay the red F in a ship ('lay 1' or 'lay 2')").

Work still to do when an action has applied (cards to deal, ships to evaluate, the turn's end) is
a stack, ``state.pending``, of small records, latest on top. A record is immutable (a
``NamedTuple`` is fast to build) with a ``run(state)`` method that does its part and returns
``True`` when it has put the state in a phase that waits (a decision or a chance node), else
``False``: :meth:`FlowState.proceed` runs records until one waits. Nothing is packed into
integers or coded as "resume here" numbers: a record names what it does.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, ClassVar, Generic, Protocol, Self, TypeVar

from langbord.core.game import CHANCE, TERMINAL, State
from langbord.core.i18n import _

S = TypeVar("S", bound="FlowState")


def _accepts_nothing(state: Any, action: int) -> str:
    return _("it is not a move now")


class Phase(Generic[S]):
    """One phase of a game's turn flow (see the module docstring for each field)."""

    __slots__ = (
        "apply",
        "index",
        "kinds",
        "legal",
        "mover",
        "name",
        "outcomes",
        "reference",
        "task",
        "why",
    )

    def __init__(
        self,
        name: str,
        kinds: Iterable[int],
        *,
        mover: Callable[[S], int],
        legal: Callable[[S], list[int]],
        apply: Callable[[S, int], None],
        task: Callable[[S, bool], str],
        why: Callable[[S, int], str] = _accepts_nothing,
        outcomes: Callable[[S], list[tuple[int, float]]] | None = None,
        reference: Callable[[S], list[int]] | None = None,
    ) -> None:
        self.name = name
        self.kinds = frozenset(kinds)
        self.mover = mover
        self.legal = legal
        self.apply = apply
        self.task = task
        self.why = why
        self.outcomes = outcomes
        self.reference = reference
        self.index = -1
        """Its place in the game's :class:`Flow` (set there)."""

    def __repr__(self) -> str:
        return f"<Phase {self.name}>"


def chance(state: Any) -> int:
    """The ``mover`` of a chance phase."""
    return CHANCE


def _over_mover(state: Any) -> int:
    return TERMINAL


def _nothing_legal(state: Any) -> list[int]:
    return []


def _nothing_applies(state: Any, action: int) -> None:  # pragma: no cover (never legal)
    raise AssertionError("no action applies once the game is over")


def _game_over(state: Any, quote: bool) -> str:
    return _("the game is over")


def _game_over_why(state: Any, action: int) -> str:
    return _("the game is over")


OVER: Phase[Any] = Phase(
    "over",
    (),
    mover=_over_mover,
    legal=_nothing_legal,
    apply=_nothing_applies,
    task=_game_over,
    why=_game_over_why,
)
"""The phase of a finished game: no one moves, nothing is legal."""


class Flow(Generic[S]):
    """A game's phases, in a fixed order (the order names and encoders list them in), ending with
    :data:`OVER`. A phase's ``index`` is its place here."""

    __slots__ = ("by_name", "names", "phases")

    def __init__(self, *phases: Phase[S]) -> None:
        listed: list[Phase[Any]] = [*phases, OVER] if OVER not in phases else list(phases)
        names = [phase.name for phase in listed]
        if len(set(names)) != len(names):
            raise ValueError(f"phase names must differ: {names}")
        for index, phase in enumerate(listed):
            if phase is not OVER:
                phase.index = index
        self.phases: tuple[Phase[Any], ...] = tuple(listed)
        self.names: tuple[str, ...] = tuple(names)
        self.by_name: dict[str, Phase[Any]] = dict(zip(names, listed, strict=True))

    def index(self, phase: Phase[Any]) -> int:
        """``phase``'s place in the flow (:data:`OVER` is last)."""
        return len(self.phases) - 1 if phase is OVER else phase.index


class Work(Protocol):
    """A record of pending work: ``run`` does it, returning whether the state now waits."""

    def run(self, state: Any, /) -> bool: ...


class FlowState(State):
    """A state whose turn flow is a declared :class:`Flow`; see the module docstring.

    A subclass sets ``flow`` (its phases) and ``action_kinds``, keeps ``self.phase`` on one of the
    flow's phases and ``self.pending`` as its stack of :class:`Work` records, and copies both in
    its ``_copy`` (``_blank_flow`` does). It implements the rest of :class:`State` as before
    (views, scores, ``resample_hidden``, ``component_counts``)."""

    flow: ClassVar[Flow[Any]]

    __slots__ = ("pending", "phase")

    phase: Phase[Any]
    pending: list[Work]

    # ---- the checked entry points, once for every game ----------------------------------------

    def current_player(self) -> int:
        return self.phase.mover(self)

    def _compute_legal(self) -> list[int]:
        return self.phase.legal(self)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        outcomes = self.phase.outcomes
        return outcomes(self) if outcomes is not None else []

    def _apply(self, action: int) -> None:
        self.phase.apply(self, action)

    def _why_illegal(self, action: int) -> str:
        phase = self.phase
        if self.action_kinds[action] not in phase.kinds:
            return self.wrong_phase(action)
        return phase.why(self, action)

    def wrong_phase(self, action: int) -> str:
        """The refusal of an action the phase does not take: who must do what now (at a decision
        node, the prompt)."""
        to_move = self.current_player()
        task = self.phase.task(self, True)
        if to_move == CHANCE:
            return _("now comes a chance event: {task}").format(task=task)
        seat = _(self.game.seat_name(to_move))
        return _("now {seat} must {task}").format(seat=seat, task=task)

    def _prompt(self, notation: bool = True) -> str:
        return self.phase.task(self, notation)

    def task(self, viewer: int | None = None) -> str:
        """What is being decided now, as the table shows it to ``viewer`` (``None``: a
        spectator): the prompt's words, quoting legal moves only where ``viewer`` may see them
        (:meth:`may_quote`); at a chance node, what is being drawn; at the end, that it is over."""
        return self.phase.task(self, self.may_quote(viewer))

    def may_quote(self, viewer: int | None) -> bool:
        """Whether ``viewer`` may be shown the mover's legal actions: yes, unless a game with
        hidden hands says otherwise."""
        return True

    def phase_name(self) -> str:
        """The name of the phase the game is in (``"over"`` at the end)."""
        return self.phase.name

    # ---- pending work -------------------------------------------------------------------------

    def proceed(self) -> None:
        """Run pending work, latest first, until a record leaves the state waiting."""
        pending = self.pending
        while pending:
            if pending.pop().run(self):
                return
        raise AssertionError(f"{self.game.name}: the flow ran out of work in {self.phase!r}")

    def _blank_flow(self) -> Self:
        """:meth:`State._blank` with the phase and a copy of the pending stack (its records are
        immutable, so the copy is shallow)."""
        new = self._blank()
        new.phase = self.phase
        new.pending = self.pending.copy()
        return new


__all__ = ["OVER", "Flow", "FlowState", "Phase", "Work", "chance"]
