"""Skåål's turn flow as phase modules (``langbord.engines.skaal.phases``): the flow lists them in
turn order, and every decision phase writes its rule plainly beside its legal moves (its
``reference``, the actions its ``why_not`` allows), which the conformance suite compares with the
fast legal moves on every state it visits."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

import langbord
from langbord.core.conformance import check_game
from langbord.engines.skaal.phases import die, game_turn, prospecting, rumor, setup
from langbord.engines.skaal.rules import SkaalState

from .scenario import legal, play

SHORT = {"players": 4, "prospects": 5, "max_rounds": 30}
Reference = Callable[[SkaalState], list[int]]


def test_the_flow_lists_the_phases_in_turn_order_each_declared_in_its_module() -> None:
    phases = SkaalState.flow.phases
    assert [phase.name for phase in phases] == ["setup", "action", "roll", "find", "rumor", "over"]
    modules = [setup, game_turn, die, prospecting, rumor]
    assert [phase.legal.__module__ for phase in phases[:-1]] == [m.__name__ for m in modules]
    assert phases[:-1] == (
        setup.SETUP_PHASE,
        game_turn.ACTION_PHASE,
        die.ROLL_PHASE,
        prospecting.FIND_PHASE,
        rumor.RUMOR_PHASE,
    )


def test_every_decision_phase_declares_its_rule_plainly_and_the_suite_checks_each() -> None:
    """The die's faces are its legal moves as they stand; every other phase has a reference, and
    the suite compares it on states of every phase."""
    phases = [phase for phase in SkaalState.flow.phases if phase.name != "over"]
    assert [phase.name for phase in phases if phase.reference is None] == ["roll"]
    compared: Counter[str] = Counter()

    def counted(name: str, rule: Reference) -> Reference:
        def reference(state: SkaalState) -> list[int]:
            compared[name] += 1
            return rule(state)

        return reference

    plain: dict[str, Reference] = {}
    for phase in phases:
        if phase.reference is not None:
            plain[phase.name] = phase.reference
            phase.reference = counted(phase.name, phase.reference)
    try:
        assert check_game("skaal", SHORT, games=3, seed=11).games == 3
    finally:
        for phase in phases:
            if phase.name in plain:
                phase.reference = plain[phase.name]
    assert set(compared) == {"setup", "action", "find", "rumor"}


def test_the_actions_plain_rule_reads_the_map_not_the_counts_kept_for_speed() -> None:
    """The fast legal moves read each clan's free dwarfs per region, kept as dwarfs come and go;
    the reference counts them on the map (dwarfs less the innkeeper), so a count gone wrong shows
    as a disagreement."""
    state = langbord.load("skaal", players=3).new_initial_state()
    assert isinstance(state, SkaalState)
    while state.phase is setup.SETUP_PHASE:
        play(state, legal(state)[0])
    assert state.phase is game_turn.ACTION_PHASE
    assert game_turn.legal(state) == game_turn.reference(state)
    c = state.turn
    elsewhere = next(r for r, row in enumerate(state.dwarfs) if not row[c])
    state.clans[c].free[elsewhere] += 1  # a dwarf the map does not hold
    assert game_turn.legal(state) != game_turn.reference(state)
