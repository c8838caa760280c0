"""Scenario tests for Skoventyr: the rules of rulebooks/skoventyr.txt and rulings SV-1…SV-8,
walked from the initial state by action strings alone, with every chance outcome chosen
explicitly ("draw Trold", "lygtemand ?", "hostage x2 Nisse", "acorn 1").

The Forest starts as A B C D E F clockwise, Gamle Erik on A and Vogter on D (SV-1). In
``ring(state)`` a Tree is written ``D(V)`` with Vogter, ``A(GE)`` with Gamle Erik, ``B*`` when
Damaged, ``E[Trold]`` with a Hidden Ally and ``E[Trold!]`` with a Revealed one.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import langbord
from langbord import CHANCE, OptionError, State

from .scenario import assert_illegal, legal, play

# ---- helpers ------------------------------------------------------------------------------------

STANDARD = ("Trold", "Nisse", "Huldre", "Formskifter")
"""Setup draws: the Future Trold, Nisse, Huldre; seat 0's hand a Formskifter."""


def draw(state: State, *cards: str) -> None:
    """Chance: the named cards come from the hidden part of the deck, one draw each."""
    for card in cards:
        assert state.current_player() == CHANCE, f"no draw is due ({phase(state)})"
        play(state, f"draw {card}")


def view(state: State) -> dict[str, Any]:
    return dict(state.view(None))


def phase(state: State) -> str:
    return str(view(state)["phase"])


def ring(state: State) -> str:
    parts = []
    for tree in view(state)["forest"]:
        text = tree["tree"] + ("*" if tree["side"] == "damaged" else "")
        if tree["vogter"]:
            text += "(V)"
        if tree["gamle_erik"]:
            text += "(GE)"
        if tree["ally"]:
            text += f"[{tree['ally']}{'!' if tree['revealed'] else ''}]"
        parts.append(text)
    return " ".join(parts)


def hand(state: State, seat: int = 0) -> list[str]:
    return list(view(state)["hands"][seat])


def future(state: State) -> list[str | None]:
    return list(view(state)["future"])


def deck(state: State) -> dict[str, Any]:
    return dict(view(state)["deck"])


def start(
    *draws: str,
    players: int = 1,
    lygtemands: tuple[str, ...] | None = None,
    x2: str | None = None,
    acorns: tuple[str, ...] = ("1", "1", "2", "2", "3", "3"),
    **options: Any,
) -> State:
    """A new game after setup: the Lygtemands (if given), the x2 Hostage and the Acorns (if
    ``x2`` is given: the Rescue module), then the setup draws (Future, then each hand)."""
    if lygtemands is not None:
        options["lygtemands"] = True
    if x2 is not None:
        options["rescue"] = True
    state = langbord.load("skoventyr", players=players, **options).new_initial_state()
    for lygtemand in lygtemands or ():
        play(state, f"lygtemand {lygtemand}")
    if x2 is not None:
        play(state, f"hostage x2 {x2}")
        for acorn in acorns:
            play(state, f"acorn {acorn}")
    draw(state, *draws)
    assert state.current_player() == 0, phase(state)
    return state


def collect(state: State, slot: str, reveal: str, *refill: str) -> None:
    """Vogter's Call with a Risky Draw that reveals the Ally ``reveal`` (nothing happens; it goes
    to the bottom); the card of ``slot`` joins the hand; the Future is refilled with ``refill``."""
    play(state, f"call {slot} risky")
    draw(state, reveal)
    draw(state, *refill)
    assert state.current_player() != CHANCE


def two_trolds(refill: str = "Trold", **options: Any) -> State:
    """Hidden Trolds on D (Vogter's Tree) and E; the Future Nisse, Huldre and ``refill``; the
    deck's known bottom an Ellefolk; the hand empty."""
    state = start("Trold", "Nisse", "Huldre", "Trold", **options)
    play(state, "position Trold")
    collect(state, "f1", "Ellefolk", refill)
    play(state, "position Trold", "on E")
    assert hand(state) == []
    return state


# ---- setup and SV-1 ----------------------------------------------------------------------------


def test_setup_future_hands_and_set_aside_adversaries() -> None:
    """Setup: cards are revealed until the Future holds three Allies, Adversaries set aside; each
    player draws until they hold an Ally; the set-aside Adversaries are shuffled back. SV-1:
    Gamle Erik on A, Vogter on D, two Trees in between. Seat 0 starts."""
    state = langbord.load("skoventyr").new_initial_state()
    outcomes = {state.action_to_string(a): p for a, p in state.chance_outcomes()}
    assert outcomes == pytest.approx(
        {
            "draw Ellefolk": 5 / 38,
            "draw Formskifter": 5 / 38,
            "draw Huldre": 5 / 38,
            "draw Nisse": 5 / 38,
            "draw Trold": 5 / 38,
            "draw Gamle Erik": 13 / 38,
        }
    )
    draw(state, "Gamle Erik", "Trold")
    assert view(state)["set_aside"] == 1
    assert future(state) == ["Trold", None, None]
    draw(state, "Nisse", "Gamle Erik", "Huldre")
    assert future(state) == ["Trold", "Nisse", "Huldre"]
    draw(state, "Gamle Erik")
    assert view(state)["set_aside"] == 3 and hand(state) == []
    draw(state, "Formskifter")
    assert state.current_player() == 0
    table = view(state)
    assert table["set_aside"] == 0
    assert hand(state) == ["Formskifter"]
    assert ring(state) == "A(GE) B C D(V) E F"
    assert table["distance"] == 3
    assert deck(state) == {
        "size": 34,
        "top": [],
        "bottom": [],
        "hidden": 34,
        "hidden_cards": {
            "Ellefolk": 5,
            "Formskifter": 4,
            "Huldre": 4,
            "Nisse": 4,
            "Trold": 4,
            "Gamle Erik": 13,
        },
    }
    assert [m["name"] for m in table["minions"]] == [
        "Lindorm 1",
        "Lindorm 2",
        "Mare 1",
        "Mare 2",
        "Genganger 1",
        "Genganger 2",
    ]
    assert [m["value"] for m in table["minions"]] == [4, 4, 3, 3, 2, 2]
    assert legal(state) == [
        "call f3",
        "call f1 risky",
        "call f2 risky",
        "call f3 risky",
        "gambit",
        "position Formskifter",
    ]
    assert state.component_counts() == {
        "Ellefolk": 5,
        "Formskifter": 5,
        "Huldre": 5,
        "Nisse": 5,
        "Trold": 5,
        "Gamle Erik": 13,
        "Trees": 8,
        "Minions": 6,
        "Lygtemands": 0,
        "Hostage tokens": 0,
        "Acorns": 0,
    }


def test_setup_each_player_draws_until_an_ally_and_turns_go_round() -> None:
    """SV-6: 1–4 players, each with a hand; all hands are visible to all (every seat's view is
    the same). Turns pass from seat to seat."""
    state = start(
        "Trold", "Nisse", "Huldre", "Formskifter", "Gamle Erik", "Nisse", "Ellefolk", players=3
    )
    assert view(state)["hands"] == [["Formskifter"], ["Nisse"], ["Ellefolk"]]
    views = [state.view(p) for p in range(3)]
    assert all({**v, "seat": None} == view(state) for v in views)
    assert state.current_player() == 0
    collect(state, "f1", "Ellefolk", "Trold")
    assert state.current_player() == 1
    assert view(state)["hands"][0] == ["Formskifter", "Trold"]
    play(state, "position Nisse")
    assert state.current_player() == 2
    assert_illegal(state, "position Ellefolk", "of one type", "Ellefolk cannot join")
    play(state, "gambit", "damage B", "done")
    assert state.current_player() == 0
    assert_illegal(state, "heal B", "now player 1 must choose an action")


@pytest.mark.parametrize(
    ("trees", "damaged", "expected"),
    [
        (6, 0, "A(GE) B C D(V) E F"),
        (6, 1, "A(GE) B* C D(V) E F"),
        (6, 2, "A(GE) B* C D(V) E* F"),
        (7, 0, "A(GE) B C D(V) E F G"),
        (8, 3, "A(GE) B* C* D(V) E* F G H"),
        (8, 8, "A*(GE) B* C* D*(V) E* F* G* H*"),
    ],
)
def test_difficulty_options_trees_and_damaged(trees: int, damaged: int, expected: str) -> None:
    """Adjusting the difficulty: ``trees`` adds Trees (easier; they go behind Vogter so the pawns
    keep two Trees between them, SV-1), ``damaged`` starts Trees Damaged (harder): Free Trees
    first (B, E, C, F, G, H), the pawns' Trees last (package card)."""
    state = start(*STANDARD, trees=trees, damaged=damaged)
    assert ring(state) == expected
    assert state.component_counts()["Trees"] == 8


def test_bad_options_are_refused() -> None:
    """Options are checked: 1–4 players, 6–8 Trees (8 Tree cards), no more Damaged Trees than
    Trees."""
    for options in (
        {"players": 0},
        {"players": 5},
        {"trees": 5},
        {"trees": 9},
        {"damaged": 7},
        {"trees": 7, "damaged": 8},
    ):
        with pytest.raises(OptionError):
            langbord.load("skoventyr", **options)
    game = langbord.load("skoventyr", players=4, lygtemands=True, rescue=True)
    assert game.options == {
        "players": 4,
        "trees": 6,
        "damaged": 0,
        "lygtemands": True,
        "rescue": True,
    }
    assert game.info.cooperative is True


# ---- Vogter's Call, the costs and the Risky Draw (SV-3) ----------------------------------------


def test_call_formskifter_cost_moves_gamle_erik_clockwise() -> None:
    """Vogter's Call: the Formskifter's left box moves Gamle Erik once clockwise; the card joins
    the hand; the Future slides left and is refilled from the deck."""
    state = start("Formskifter", "Trold", "Nisse", "Huldre")
    play(state, "call f1")
    assert ring(state) == "A B(GE) C D(V) E F"
    assert hand(state) == ["Formskifter", "Huldre"]
    assert state.current_player() == CHANCE and future(state) == ["Trold", "Nisse", None]
    draw(state, "Ellefolk")
    assert future(state) == ["Trold", "Nisse", "Ellefolk"]
    assert view(state)["distance"] == 2


def test_risky_draw_of_an_adversary_moves_gamle_erik_twice_and_goes_to_the_bottom() -> None:
    """Risky Draw (SV-3): the top card is revealed; an Adversary moves Gamle Erik twice; the card
    goes to the bottom, known to all (SV-6); the chosen card still joins the hand."""
    state = start(*STANDARD)
    assert_illegal(state, "call f1", "Reveal two Allies", "Risky Draw instead (SV-3)")
    play(state, "call f1 risky")
    assert state.current_player() == CHANCE and view(state)["taking"] == "Trold"
    draw(state, "Gamle Erik")
    assert ring(state) == "A B C(GE) D(V) E F"
    assert deck(state)["bottom"] == ["Gamle Erik"]
    assert deck(state)["hidden_cards"]["Gamle Erik"] == 12
    assert hand(state) == ["Formskifter", "Trold"]
    draw(state, "Huldre")
    assert future(state) == ["Nisse", "Huldre", "Huldre"]


def test_risky_draw_of_an_ally_does_nothing_else() -> None:
    """Risky Draw: an Ally revealed does nothing; it goes to the bottom of the deck."""
    state = start(*STANDARD)
    collect(state, "f2", "Ellefolk", "Trold")
    assert ring(state) == "A(GE) B C D(V) E F"
    assert hand(state) == ["Formskifter", "Nisse"]
    assert deck(state)["bottom"] == ["Ellefolk"]
    assert future(state) == ["Trold", "Huldre", "Trold"]


def test_gamle_erik_reaching_vogter_loses_the_game() -> None:
    """The game is lost the moment Gamle Erik is on Vogter's Tree: every seat's return is 0."""
    state = start(*STANDARD, "Nisse", players=2)
    play(state, "call f1 risky")
    draw(state, "Gamle Erik", "Trold")
    assert ring(state) == "A B C(GE) D(V) E F"
    play(state, "call f1 risky")
    draw(state, "Gamle Erik")
    assert state.is_terminal()
    assert view(state)["result"] == "lost"
    assert state.returns() == [0.0, 0.0]
    assert "lost" in str(state)
    assert_illegal(state, "gambit", "the game is over")


def test_call_the_leftmost_adversary_is_forced_and_goes_to_the_bottom() -> None:
    """Vogter's Call: if the Future's leftmost card is an Adversary it must be chosen; its left
    box moves Gamle Erik once clockwise; an Adversary reaching a hand goes at once to the bottom
    of the deck."""
    state = start(*STANDARD)
    collect(state, "f1", "Ellefolk", "Gamle Erik")
    assert future(state) == ["Nisse", "Huldre", "Gamle Erik"]
    play(state, "gambit", "damage F", "bottom f1", "bottom f2", "done")
    draw(state, "Trold", "Nisse")
    assert future(state) == ["Gamle Erik", "Trold", "Nisse"]
    calls = [a for a in legal(state) if a.startswith("call")]
    assert calls == ["call f1", "call f1 risky"]
    assert_illegal(state, "call f2 risky", "leftmost card of the Future is an Adversary")
    play(state, "call f1")
    assert ring(state) == "A B(GE) C D(V) E F*"
    assert hand(state) == ["Formskifter", "Trold"]
    assert deck(state)["bottom"] == ["Ellefolk", "Nisse", "Huldre", "Gamle Erik"]
    draw(state, "Ellefolk")
    assert future(state) == ["Trold", "Nisse", "Ellefolk"]


def test_huldre_cost_damages_a_tree_flip_then_discard() -> None:
    """Huldre's left box: Damage a Tree — with no Free Damaged Tree a Free Healthy one is flipped;
    with one, it is discarded and the ring closes up."""
    state = start("Huldre", "Trold", "Nisse", "Formskifter")
    play(state, "call f1")
    assert legal(state) == ["damage B", "damage C", "damage E", "damage F"]
    assert_illegal(state, "damage A", "not Free")
    play(state, "damage E")
    draw(state, "Huldre")
    assert ring(state) == "A(GE) B C D(V) E* F"
    play(state, "call f3")  # the only Free Damaged Tree is discarded: no choice to make
    draw(state, "Nisse")
    assert ring(state) == "A(GE) B C D(V) F"
    assert view(state)["discarded_trees"] == ["E"]
    assert hand(state) == ["Formskifter", "Huldre", "Huldre"]


def test_damage_discards_a_free_damaged_tree_first_and_sv5_without_free_trees() -> None:
    """Damage a Tree: any Free Damaged Tree (the player chooses) before flipping. SV-5: with no
    Free Tree, Gambit is not a legal action and Huldre's cost cannot be paid (Risky Draw)."""
    state = start("Huldre", "Trold", "Nisse", "Formskifter", damaged=6)
    play(state, "gambit")
    assert legal(state) == ["damage B", "damage C", "damage E", "damage F"]
    play(state, "damage C", "done")
    play(state, "gambit", "damage B", "done")
    play(state, "gambit", "damage F", "done")
    play(state, "gambit")  # E is the last Free Tree: discarded at once
    play(state, "done")
    assert ring(state) == "A*(GE) D*(V)"
    assert view(state)["discarded_trees"] == ["C", "B", "F", "E"]
    assert_illegal(state, "gambit", "no Tree is Free", "SV-5")
    assert_illegal(state, "call f1", "Damage a Tree", "Risky Draw instead (SV-3)")
    assert "call f1 risky" in legal(state)


def test_ellefolk_cost_puts_another_future_ally_on_the_bottom() -> None:
    """Ellefolk's left box: put an Ally from the Future — another card than the one taken, and
    not an Adversary (SV-3) — on the bottom of the deck, where it is known (SV-6)."""
    state = start("Ellefolk", "Trold", "Nisse", "Formskifter")
    play(state, "call f1")
    assert legal(state) == ["bottom f2", "bottom f3"]
    play(state, "bottom f3")
    assert deck(state)["bottom"] == ["Nisse"]
    assert deck(state)["hidden"] == 34
    draw(state, "Gamle Erik", "Gamle Erik")
    assert future(state) == ["Trold", "Gamle Erik", "Gamle Erik"]
    assert hand(state) == ["Ellefolk", "Formskifter"]


def test_ellefolk_cost_cannot_be_paid_without_another_future_ally() -> None:
    """SV-3: a cost that cannot be resolved in full is replaced by a Risky Draw."""
    state = start("Trold", "Trold", "Ellefolk", "Formskifter")
    collect(state, "f1", "Trold", "Gamle Erik")
    collect(state, "f1", "Nisse", "Gamle Erik")
    assert future(state) == ["Ellefolk", "Gamle Erik", "Gamle Erik"]
    assert_illegal(
        state,
        "call f1",
        "left box of Ellefolk (Put an Ally from the Future on the bottom of the deck)",
        "cannot be resolved in full: make a Risky Draw instead (SV-3)",
    )
    assert legal(state)[:4] == ["call f2", "call f3", "call f1 risky", "call f2 risky"]


def test_trold_cost_reveals_two_allies_and_a_revealed_ally_is_discarded_by_gamle_erik() -> None:
    """Trold's left box: reveal two Allies (only with two Hidden Allies in the Forest, else a
    Risky Draw). A Revealed Ally is discarded when Gamle Erik arrives on its Tree; a Hidden one
    would be ignored."""
    state = start("Trold", "Nisse", "Huldre", "Trold")
    play(state, "position Trold")
    collect(state, "f1", "Ellefolk", "Trold")
    assert future(state) == ["Nisse", "Huldre", "Trold"]
    assert_illegal(state, "call f3", "Reveal two Allies", "SV-3")
    play(state, "position Trold", "on C")
    play(state, "call f3")
    assert legal(state) == ["reveal C", "reveal D"]
    play(state, "reveal D")  # the other one is revealed at once: no choice left
    assert ring(state) == "A(GE) B C[Trold!] D(V)[Trold!] E F"
    draw(state, "Ellefolk")
    play(state, "call f1 risky")
    draw(state, "Gamle Erik")
    assert ring(state) == "A B C(GE) D(V)[Trold!] E F"
    assert view(state)["discard"] == {"Trold": 1}
    assert view(state)["allies_in_forest"] == 1


def test_hidden_ally_is_ignored_by_gamle_erik() -> None:
    """Hidden and Revealed: Gamle Erik ignores a Hidden Ally on his Tree (placing one there is
    allowed)."""
    state = start("Trold", "Formskifter", "Nisse", "Trold")
    play(state, "position Trold")
    collect(state, "f1", "Ellefolk", "Trold")
    play(state, "position Trold", "on C")
    play(state, "call f1")  # the Formskifter: Gamle Erik A -> B
    draw(state, "Huldre")
    play(state, "position Formskifter", "on B")  # on Gamle Erik's Tree, Hidden
    play(state, "call f2")  # the Trold: reveal two
    assert legal(state) == ["reveal B", "reveal C", "reveal D"]
    play(state, "reveal B")  # revealed on Gamle Erik's Tree: discarded at once
    assert ring(state) == "A B(GE) C[Trold] D(V)[Trold] E F"
    assert view(state)["discard"] == {"Formskifter": 1}
    assert legal(state) == ["reveal C", "reveal D"]
    play(state, "reveal C")
    draw(state, "Nisse")
    assert ring(state) == "A B(GE) C[Trold!] D(V)[Trold] E F"


def test_nisse_cost_moves_vogter_onto_a_hidden_ally_and_reveals_it() -> None:
    """Nisse's left box: Vogter moves once clockwise; the Tree he ends on must hold a Hidden Ally,
    which is revealed. Otherwise the cost cannot be paid (Risky Draw)."""
    state = start("Nisse", "Trold", "Huldre", "Trold")
    play(state, "position Trold")
    assert_illegal(state, "call f1", "Move Vogter once clockwise", "Risky Draw instead")
    collect(state, "f2", "Ellefolk", "Huldre")
    play(state, "position Trold", "on E")
    play(state, "call f1")
    assert ring(state) == "A(GE) B C D[Trold] E(V)[Trold!] F"
    assert view(state)["distance"] == 4
    assert hand(state) == ["Nisse"]


def test_sv2_vogter_never_moves_onto_gamle_erik() -> None:
    """SV-2: Nisse's cost cannot move Vogter onto Gamle Erik's Tree, even onto a Hidden Ally
    there. Trold's power moved Gamle Erik counter-clockwise first, at most to just behind Vogter's
    Tree (package card: the counts reaching Vogter are not offered)."""
    state = start("Nisse", "Trold", "Trold", "Trold")
    play(state, "mission Trold")
    assert legal(state) == ["erik back 0", "erik back 1", "erik back 2"]
    assert_illegal(state, "erik back 3", "at most 2 times counter-clockwise")
    play(state, "erik back 2")
    assert ring(state) == "A B C D(V) E(GE) F"
    collect(state, "f2", "Ellefolk", "Huldre")
    play(state, "position Trold")
    collect(state, "f2", "Ellefolk", "Huldre")
    play(state, "position Trold", "on E")  # Hidden, on Gamle Erik's Tree
    assert ring(state) == "A B C D(V)[Trold] E(GE)[Trold] F"
    assert_illegal(state, "call f1", "Move Vogter once clockwise", "cannot be resolved")
    assert view(state)["discard"] == {"Trold": 1}
    play(state, "wrath Genganger 1", "refuge")  # nor onto it by Refuge: he can only stay
    assert ring(state) == "A B C D(V) E(GE) F"
    assert view(state)["discard"] == {"Trold": 3}


# ---- Vogter's Gambit ---------------------------------------------------------------------------


def test_gambit_damages_then_puts_future_cards_on_the_bottom_in_the_order_chosen() -> None:
    """Vogter's Gambit: Damage a Tree, then put as many Future cards as wished on the bottom of
    the deck (each beneath the last, SV-6: known); the Future is refilled."""
    state = start(*STANDARD)
    play(state, "gambit")
    assert phase(state) == "damage"
    play(state, "damage B")
    assert legal(state) == ["bottom f1", "bottom f2", "bottom f3", "done"]
    play(state, "bottom f3", "bottom f1")
    assert legal(state) == ["bottom f2", "done"]
    play(state, "done")
    assert deck(state)["bottom"] == ["Huldre", "Trold"]
    assert ring(state) == "A(GE) B* C D(V) E F"
    draw(state, "Ellefolk", "Gamle Erik")
    assert future(state) == ["Nisse", "Ellefolk", "Gamle Erik"]
    play(state, "gambit", "done")  # B, the only Free Damaged Tree, is discarded: no choice
    assert ring(state) == "A(GE) C D(V) E F"
    assert state.current_player() == 0


# ---- Vogter's Command: Position ----------------------------------------------------------------


def test_position_first_ally_on_vogters_tree_then_adjacent_and_one_type() -> None:
    """Position: the first Ally goes on Vogter's Tree; later ones on a Tree with no Ally next to
    a Tree with an Ally (the ring wraps round); all of one type (Formskifters excepted)."""
    state = start("Trold", "Nisse", "Huldre", "Trold")
    assert [a for a in legal(state) if a.startswith("position")] == ["position Trold"]
    assert_illegal(state, "position Nisse", "there is no Nisse in the hand")
    play(state, "position Trold")  # the only Tree possible, Vogter's: no choice to make
    assert ring(state) == "A(GE) B C D(V)[Trold] E F"
    collect(state, "f1", "Ellefolk", "Trold")
    collect(state, "f1", "Ellefolk", "Trold")
    assert hand(state) == ["Nisse", "Trold"]
    assert [a for a in legal(state) if a.startswith("position")] == ["position Trold"]
    assert_illegal(state, "position Nisse", "must be of one type", "Nisse cannot join")
    play(state, "position Trold")
    assert phase(state) == "place" and view(state)["placing"] == "Trold"
    assert legal(state) == ["on C", "on E"]
    assert_illegal(state, "on F", "not a Tree with no Ally next to a Tree with an Ally")
    assert_illegal(state, "on D", "not a Tree with no Ally")
    play(state, "on C")
    assert ring(state) == "A(GE) B C[Trold] D(V)[Trold] E F"
    assert view(state)["allies_in_forest"] == 2


def test_formskifter_placement_joins_any_type_and_others_join_with_it() -> None:
    """Formskifter (placement power): it may join a Forest of another type; a Trold may then join
    Trolds and Formskifters; a Nisse may not."""
    state = start("Trold", "Formskifter", "Nisse", "Trold")
    play(state, "position Trold")
    collect(state, "f2", "Ellefolk", "Nisse")
    play(state, "position Formskifter")
    assert legal(state) == ["on C", "on E"]
    play(state, "on E")
    collect(state, "f1", "Ellefolk", "Huldre")
    play(state, "position Trold")
    assert legal(state) == ["on C", "on F"]
    play(state, "on F")
    collect(state, "f2", "Ellefolk", "Huldre")
    assert hand(state) == ["Nisse"]
    assert_illegal(state, "position Nisse", "one type", "Formskifters excepted")
    assert ring(state) == "A(GE) B C D(V)[Trold] E[Formskifter] F[Trold]"


def test_formskifter_first_and_only_formskifters_admit_no_other_type() -> None:
    """Formskifter: it may be the first Ally (on Vogter's Tree); if only Formskifters are in the
    Forest, no Ally of another type can be placed; another Formskifter can."""
    state = start("Formskifter", "Trold", "Nisse", "Formskifter")
    play(state, "position Formskifter")
    collect(state, "f2", "Ellefolk", "Huldre")
    assert hand(state) == ["Trold"]
    assert not [a for a in legal(state) if a.startswith("position")]
    assert_illegal(state, "position Trold", "one type")
    collect(state, "f1", "Ellefolk", "Huldre")
    assert [a for a in legal(state) if a.startswith("position")] == ["position Formskifter"]
    play(state, "position Formskifter")
    assert legal(state) == ["on C", "on E"]


# ---- Vogter's Command: Mission -----------------------------------------------------------------


def test_mission_huldre_takes_up_to_two_future_allies() -> None:
    """Huldre's power (reconstruction): take up to two Allies from the Future into hand without
    resolving their left boxes; Adversaries are ignored (SV-3); the Huldre is discarded."""
    state = start("Formskifter", "Huldre", "Nisse", "Huldre")
    play(state, "mission Huldre")
    assert legal(state) == ["take f1", "take f2", "take f3", "done"]
    play(state, "take f3", "take f1")  # two taken: the power ends
    assert ring(state) == "A(GE) B C D(V) E F"  # no left box resolved
    assert hand(state) == ["Formskifter", "Nisse"]
    assert view(state)["discard"] == {"Huldre": 1}
    draw(state, "Gamle Erik", "Trold")
    assert future(state) == ["Huldre", "Gamle Erik", "Trold"]
    collect(state, "f1", "Ellefolk", "Trold")
    play(state, "mission Huldre")
    assert legal(state) == ["take f2", "take f3", "done"]  # f1 is an Adversary
    play(state, "done")
    assert hand(state) == ["Formskifter", "Nisse"]


def test_mission_ellefolk_heals_a_tree_only_if_one_can_be() -> None:
    """Ellefolk's power (reconstruction): Heal a Tree (flip a Free Damaged Tree). SV-5: with no
    Free Damaged Tree the Mission is not legal."""
    state = start(*STANDARD[:3], "Ellefolk")
    assert_illegal(state, "mission Ellefolk", "cannot be resolved in full", "SV-5")
    state = start(*STANDARD[:3], "Ellefolk", damaged=2)
    play(state, "mission Ellefolk")
    assert legal(state) == ["heal B", "heal E"]
    play(state, "heal E")
    assert ring(state) == "A(GE) B* C D(V) E F"
    assert view(state)["discard"] == {"Ellefolk": 1}


def test_mission_trold_moves_gamle_erik_back_up_to_three() -> None:
    """Trold's power: Gamle Erik moves up to three times counter-clockwise (zero allowed), away
    from Vogter."""
    state = start(*STANDARD[:3], "Trold", trees=8)
    play(state, "mission Trold")
    assert legal(state) == ["erik back 0", "erik back 1", "erik back 2", "erik back 3"]
    play(state, "erik back 3")
    assert ring(state) == "A B C D(V) E F(GE) G H"
    assert view(state)["distance"] == 6
    state = start(*STANDARD[:3], "Trold")
    play(state, "mission Trold", "erik back 0")
    assert ring(state) == "A(GE) B C D(V) E F"
    assert view(state)["discard"] == {"Trold": 1}


def test_mission_trold_gamle_erik_arriving_backwards_discards_a_revealed_ally() -> None:
    """Revealed Allies: Gamle Erik arriving on a Tree with a Revealed Ally discards it, whichever
    way he moves (here counter-clockwise, by Trold's power)."""
    state = start("Trold", "Trold", "Nisse", "Trold")
    play(state, "position Trold")
    collect(state, "f1", "Ellefolk", "Huldre")
    play(state, "position Trold", "on E", "call f1", "reveal D")  # E is revealed too
    draw(state, "Huldre")
    assert ring(state) == "A(GE) B C D(V)[Trold!] E[Trold!] F"
    play(state, "mission Trold")
    assert legal(state) == ["erik back 0", "erik back 1", "erik back 2"]
    play(state, "erik back 2")
    assert ring(state) == "A B C D(V)[Trold!] E(GE) F"
    assert view(state)["discard"] == {"Trold": 2}
    assert view(state)["distance"] == 5


def test_mission_nisse_recycles_two_different_non_nisse_allies() -> None:
    """Nisse's power: two Allies of different types, neither a Nisse, from the discard pile to
    the bottom of the deck (SV-5: only if the pile holds two such types)."""
    state = start("Trold", "Nisse", "Nisse", "Huldre")
    play(state, "mission Huldre", "take f1", "take f2")
    draw(state, "Ellefolk", "Trold")
    assert hand(state) == ["Nisse", "Trold"]
    assert_illegal(state, "mission Nisse", "cannot be resolved in full", "SV-5")
    play(state, "mission Trold", "erik back 0")
    assert view(state)["discard"] == {"Huldre": 1, "Trold": 1}
    play(state, "mission Nisse")
    assert legal(state) == ["recycle Huldre", "recycle Trold"]
    play(state, "recycle Trold")  # then the Huldre, the only other type
    assert deck(state)["bottom"] == ["Trold", "Huldre"]
    assert view(state)["discard"] == {"Nisse": 1}


def test_formskifter_has_no_mission() -> None:
    """Formskifter: its power is its placement; it is never discarded for a power."""
    state = start(*STANDARD)
    assert_illegal(state, "mission Formskifter", "no power to discard it for")


def test_module_actions_need_their_module() -> None:
    """Vogter's Reconciliation (SV-7) and Vogter's Rescue (SV-8) exist only with their module."""
    state = start(*STANDARD)
    assert_illegal(state, "rally Formskifter", "Lygtemands module is not in play")
    assert_illegal(state, "involve 1", "Lygtemands module is not in play")
    assert_illegal(state, "rescue Trold", "Rescue module is not in play")
    assert view(state)["lygtemands"] is None and view(state)["hostages"] == {}


# ---- Vogter's Wrath ----------------------------------------------------------------------------


def test_wrath_needs_as_many_allies_as_the_minions_value_and_shuffles_the_deck() -> None:
    """Vogter's Wrath: a Minion whose value ≤ the Allies in the Forest leaves the game; the deck
    (only the deck) is shuffled: every known place is forgotten (SV-6)."""
    state = start("Trold", "Nisse", "Huldre", "Trold")
    play(state, "position Trold")
    assert not [a for a in legal(state) if a.startswith("wrath")]
    assert_illegal(state, "wrath Genganger 1", "value 2, more than the 1 Allies")
    collect(state, "f1", "Ellefolk", "Trold")
    play(state, "position Trold", "on E")
    assert deck(state)["bottom"] == ["Ellefolk"]
    assert [a for a in legal(state) if a.startswith("wrath")] == ["wrath Genganger 1"]
    assert_illegal(state, "wrath Mare 1", "value 3, more than the 2 Allies")
    assert_illegal(state, "wrath Genganger 2", "identical Minion")
    hidden_before = deck(state)["hidden_cards"]
    play(state, "wrath Genganger 1")
    assert deck(state)["bottom"] == [] and deck(state)["top"] == []
    assert deck(state)["hidden_cards"]["Ellefolk"] == hidden_before["Ellefolk"] + 1
    assert [m["name"] for m in view(state)["minions"] if m["in_game"]] == [
        "Lindorm 1",
        "Lindorm 2",
        "Mare 1",
        "Mare 2",
        "Genganger 2",
    ]
    assert legal(state) == ["refuge", "revenge", "restoration"]
    assert state.scores() == [1.0]


def test_wrath_reward_refuge_moves_vogter_through_allies_then_discards_them() -> None:
    """Refuge: Vogter moves clockwise, only through Trees with Allies, to one of them (or stays);
    then every Ally in the Forest is discarded."""
    state = two_trolds()
    play(state, "wrath Genganger 1")
    play(state, "refuge")
    assert legal(state) == ["vogter to D", "vogter to E"]  # D: he stays
    assert_illegal(state, "vogter to F", "Vogter cannot reach Tree F")
    play(state, "vogter to E")
    assert ring(state) == "A(GE) B C D E(V) F"
    assert view(state)["discard"] == {"Trold": 2}
    assert view(state)["allies_in_forest"] == 0
    assert state.current_player() == 0 and phase(state) == "action"


def test_wrath_reward_revenge_discards_an_adversary_from_the_future() -> None:
    """Revenge: discard all Allies in the Forest, then an Adversary from the Future (the only way
    to be rid of one for good); the Future is refilled."""
    state = two_trolds(refill="Gamle Erik")
    assert future(state) == ["Nisse", "Huldre", "Gamle Erik"]
    play(state, "wrath Genganger 1", "revenge")
    assert view(state)["discard"] == {"Trold": 2, "Gamle Erik": 1}
    assert future(state) == ["Nisse", "Huldre", None]
    draw(state, "Nisse")
    assert ring(state) == "A(GE) B C D(V) E F"
    assert state.component_counts()["Gamle Erik"] == 13


def test_wrath_reward_restoration_heals_a_tree_if_possible() -> None:
    """Restoration: discard all Allies in the Forest, then Heal a Tree (if possible)."""
    state = two_trolds(damaged=2)
    play(state, "wrath Genganger 1", "restoration")
    assert legal(state) == ["heal B", "heal E"]  # E held a Trold: Free again once discarded
    play(state, "heal B")
    assert ring(state) == "A(GE) B C D(V) E* F"


def test_wrath_restoration_with_nothing_to_heal_and_revenge_with_no_adversary() -> None:
    """Restoration and Revenge resolve what they can: with no Damaged Tree nothing is healed; with
    no Adversary in the Future none is discarded."""
    state = two_trolds()
    play(state, "wrath Genganger 1", "restoration")
    assert phase(state) == "action" and ring(state) == "A(GE) B C D(V) E F"
    state = two_trolds()
    play(state, "wrath Genganger 1", "revenge")
    assert future(state) == ["Nisse", "Huldre", "Trold"]
    assert phase(state) == "action"


# ---- hand limit --------------------------------------------------------------------------------


def test_hand_limit_five_the_player_chooses_the_discard() -> None:
    """After the action, a player with more than 5 cards discards down to 5 (their choice), then
    the Future is refilled."""
    state = start("Trold", "Nisse", "Huldre", "Trold")
    collect(state, "f1", "Ellefolk", "Nisse")
    collect(state, "f1", "Ellefolk", "Huldre")
    collect(state, "f1", "Ellefolk", "Ellefolk")
    collect(state, "f1", "Huldre", "Ellefolk")
    assert hand(state) == ["Huldre", "Nisse", "Nisse", "Trold", "Trold"]
    play(state, "call f1 risky")
    draw(state, "Huldre")
    assert phase(state) == "hand limit"
    assert legal(state) == ["discard Huldre", "discard Nisse", "discard Trold"]
    assert_illegal(state, "discard Ellefolk", "no Ellefolk in the hand")
    play(state, "discard Nisse")
    assert hand(state) == ["Huldre", "Huldre", "Nisse", "Trold", "Trold"]
    assert view(state)["discard"] == {"Nisse": 1}
    draw(state, "Formskifter")
    assert phase(state) == "action"


# ---- deck knowledge (SV-6) ---------------------------------------------------------------------


def test_sv6_views_hold_no_secret_and_resampling_changes_nothing() -> None:
    """SV-6: everybody knows the same — hands, the known top and bottom cards, and what the
    hidden part holds (never an order): every seat's view is the same, and resample_hidden
    leaves it unchanged."""
    state = start(*STANDARD, "Nisse", players=2)
    collect(state, "f1", "Ellefolk", "Trold")
    play(state, "gambit", "damage B", "bottom f2", "done")
    draw(state, "Gamle Erik")
    table = view(state)
    assert table["deck"]["bottom"] == ["Ellefolk", "Huldre"]
    for seat in range(2):
        assert {**state.view(seat), "seat": None} == table
        other = state.resample_hidden(seat, random.Random(seat))
        assert other.view(seat) == state.view(seat)
        assert other.legal_actions() == state.legal_actions()


def test_sv6_known_top_card_is_drawn_without_a_chance_node() -> None:
    """SV-6: a card placed on top (here by Vogter's Rescue) is known; the next draw takes it with
    no chance node; the hidden part is untouched."""
    state = start("Huldre", "Huldre", "Huldre", "Huldre", x2="Trold")
    play(state, "rescue Huldre", "damage B")
    assert deck(state)["top"] == ["Huldre"]
    hidden = deck(state)["hidden"]
    play(state, "call f1 risky")  # the Risky Draw reveals the known top card
    assert state.current_player() == CHANCE  # only the Future's refill draws from the hidden part
    assert deck(state)["bottom"] == ["Huldre"] and deck(state)["top"] == []
    assert deck(state)["hidden"] == hidden
    draw(state, "Nisse")
    assert hand(state) == ["Huldre", "Huldre"]


def test_sv6_with_the_hidden_part_empty_the_known_bottom_cards_come_up_in_order() -> None:
    """SV-6: cards put on the bottom stay known in their order; once the hidden part is empty,
    the upper known bottom card is the top of the deck, drawn with no chance node. (Seventeen
    Calls with Risky Draws that reveal Allies, refills that draw Gamle Erik first.)"""
    state = start(*STANDARD)
    for _ in range(17):
        play(state, "call f1 risky")
        while state.current_player() == CHANCE or phase(state) == "hand limit":
            options = legal(state)
            if phase(state) == "hand limit":
                play(state, options[0])
            elif view(state)["taking"]:  # the Risky Draw: an Ally
                play(state, next(a for a in options if a != "draw Gamle Erik"))
            else:  # the refill: Gamle Erik while any is hidden
                play(state, "draw Gamle Erik" if "draw Gamle Erik" in options else options[0])
    assert ring(state) == "A(GE) B C D(V) E F"
    known = deck(state)
    assert known["hidden"] == 0 and known["hidden_cards"] == {} and known["top"] == []
    assert known["size"] == len(known["bottom"]) == 30
    assert known["bottom"][:5] == ["Ellefolk", "Ellefolk", "Ellefolk", "Ellefolk", "Gamle Erik"]
    assert future(state) == ["Nisse", "Trold", "Trold"]
    play(state, "call f1 risky")  # reveals the first known card (an Ellefolk): no chance node
    assert state.current_player() == 0 and phase(state) == "hand limit"
    play(state, "discard Formskifter")  # then the refill takes the next known card
    assert state.current_player() == 0 and phase(state) == "action"
    assert future(state) == ["Trold", "Trold", "Ellefolk"]
    after = deck(state)["bottom"]
    assert after == [*known["bottom"][2:], "Ellefolk"]
    assert ring(state) == "A(GE) B C D(V) E F"


# ---- The Lygtemands Get Involved (SV-7) --------------------------------------------------------

LYGTEMANDS = ("Nisse", "Huldre", "Ellefolk", "Formskifter", "Trold", "?")
"""Lindorm 1 Nisse, Lindorm 2 Huldre, Mare 1 Ellefolk, Mare 2 Formskifter, Genganger 1 Trold,
Genganger 2 "?"."""


def test_sv7_setup_places_a_lygtemand_at_random_on_each_minion() -> None:
    """SV-7: six Lygtemands (one per Ally type and "?"), one at random on each Minion."""
    state = langbord.load("skoventyr", lygtemands=True).new_initial_state()
    assert state.chance_outcomes()[0][1] == pytest.approx(1 / 6)
    play(state, "lygtemand Trold")
    assert len(state.chance_outcomes()) == 5
    assert_illegal(state, "lygtemand Trold", "already on a Minion (SV-7)")
    state = start(*STANDARD, lygtemands=LYGTEMANDS)
    assert [m["lygtemand"] for m in view(state)["minions"]] == list(LYGTEMANDS)
    assert view(state)["lygtemands"] == {"rallied": 0, "removed": 0}
    assert state.component_counts()["Lygtemands"] == 6


def test_sv7_rally_wrath_only_on_vulnerable_minions_and_involve() -> None:
    """SV-7: Rally (only when every Minion is covered) puts a matching Ally on the bottom and
    makes the Minion vulnerable; Wrath targets only vulnerable Minions; Involve 1 reveals until an
    Ally, which goes on top (the Adversaries to the bottom); the next draw takes it."""
    state = start("Trold", "Trold", "Trold", "Trold", lygtemands=LYGTEMANDS)
    assert "rally Trold" in legal(state)
    assert_illegal(state, "rally Nisse", "no Nisse in the hand")
    assert_illegal(state, "involve 1", "needs 1 Rallied Lygtemands; there are 0")
    play(state, "position Trold")
    collect(state, "f1", "Ellefolk", "Nisse")
    play(state, "position Trold", "on E")
    assert not [a for a in legal(state) if a.startswith("wrath")]
    assert_illegal(state, "wrath Genganger 1", "covered by a Lygtemand", "SV-7")
    collect(state, "f1", "Ellefolk", "Nisse")
    play(state, "rally Trold")
    assert deck(state)["bottom"] == ["Ellefolk", "Ellefolk", "Trold"]
    assert view(state)["minions"][4]["lygtemand"] is None
    assert view(state)["lygtemands"] == {"rallied": 1, "removed": 0}
    assert [a for a in legal(state) if a.startswith("wrath")] == ["wrath Genganger 1"]
    collect(state, "f2", "Ellefolk", "Huldre")
    assert hand(state) == ["Nisse"]
    assert_illegal(state, "rally Nisse", "a Minion is already uncovered", "SV-7")
    play(state, "involve 1")
    draw(state, "Gamle Erik", "Gamle Erik", "Formskifter")
    assert deck(state)["top"] == ["Formskifter"]
    assert deck(state)["bottom"][-2:] == ["Gamle Erik", "Gamle Erik"]
    assert view(state)["lygtemands"] == {"rallied": 0, "removed": 1}
    assert state.current_player() == 0  # Involve leaves the Future full: no refill
    play(state, "call f1 risky")  # reveals the known top card: no chance node
    assert deck(state)["top"] == [] and deck(state)["bottom"][-1] == "Formskifter"


def test_sv7_rally_any_and_involve_two() -> None:
    """SV-7: the "?" Lygtemand is Rallied with any Ally; Involve 2 reveals until at least one
    Adversary and two Allies: two Allies go on top in the order chosen, one Adversary is
    discarded, the rest go to the bottom in the order chosen."""
    state = start("Trold", "Trold", "Trold", "Trold", lygtemands=LYGTEMANDS)
    play(state, "rally Trold")
    collect(state, "f1", "Ellefolk", "Nisse")
    play(state, "position Trold")
    collect(state, "f1", "Ellefolk", "Nisse")
    play(state, "position Trold", "on E", "wrath Genganger 1", "revenge")
    assert not [a for a in legal(state) if a.startswith("rally")]  # the hand is empty
    collect(state, "f1", "Huldre", "Huldre")
    assert [a for a in legal(state) if a.startswith("rally")] == ["rally ? Trold"]
    play(state, "rally ? Trold")
    assert view(state)["lygtemands"] == {"rallied": 2, "removed": 0}
    assert [m["lygtemand"] for m in view(state)["minions"] if m["in_game"]] == [
        "Nisse",
        "Huldre",
        "Ellefolk",
        "Formskifter",
        None,
    ]
    bottom = deck(state)["bottom"]
    play(state, "involve 2")
    draw(state, "Nisse", "Huldre", "Ellefolk", "Formskifter")
    assert state.current_player() == CHANCE  # two Allies but no Adversary yet
    draw(state, "Gamle Erik")
    assert view(state)["revealed"] == ["Nisse", "Huldre", "Ellefolk", "Formskifter", "Gamle Erik"]
    assert legal(state) == ["top Ellefolk", "top Formskifter", "top Huldre", "top Nisse"]
    play(state, "top Huldre", "top Nisse")
    assert legal(state) == ["bottom Ellefolk", "bottom Formskifter"]
    play(state, "bottom Formskifter")
    assert deck(state)["top"] == ["Huldre", "Nisse"]
    assert deck(state)["bottom"] == [*bottom, "Formskifter", "Ellefolk"]
    assert view(state)["discard"]["Gamle Erik"] == 1
    assert view(state)["lygtemands"] == {"rallied": 0, "removed": 2}
    assert state.component_counts()["Lygtemands"] == 6


# ---- Rescue (SV-8) -----------------------------------------------------------------------------


def test_sv8_setup_hostages_and_acorns() -> None:
    """SV-8: one copy of each Ally is laid out under a Hostage token (one of them x2, dealt at
    random) and is not in the deck; an Acorn (three pairs) goes on each Minion."""
    state = langbord.load("skoventyr", rescue=True).new_initial_state()
    assert [p for _, p in state.chance_outcomes()] == pytest.approx([0.2] * 5)
    play(state, "hostage x2 Nisse")
    assert [p for _, p in state.chance_outcomes()] == pytest.approx([1 / 3] * 3)
    play(state, "acorn 2", "acorn 2")
    assert_illegal(state, "acorn 2", "both Acorns 2 are already on Minions")
    play(state, "acorn 1", "acorn 3", "acorn 3", "acorn 1")
    draw(state, *STANDARD)
    table = view(state)
    assert table["hostages"] == {
        "Ellefolk": "x1",
        "Formskifter": "x1",
        "Huldre": "x1",
        "Nisse": "x2",
        "Trold": "x1",
    }
    assert [m["acorn"] for m in table["minions"]] == ["2", "2", "1", "3", "3", "1"]
    assert table["deck"]["size"] == 33 - 4
    assert state.component_counts()["Trold"] == 5
    assert state.component_counts()["Acorns"] == 6
    assert "Hostages:" in str(state)


def test_sv8_hostage_blocks_command_for_its_type_but_not_rally() -> None:
    """SV-8: while a type holds a Hostage, Command cannot use it (neither Position nor Mission);
    Rally still may."""
    state = start("Trold", "Nisse", "Huldre", "Trold", x2="Nisse", lygtemands=LYGTEMANDS)
    assert_illegal(state, "position Trold", "Trold is held Hostage", "SV-8")
    assert_illegal(state, "mission Trold", "held Hostage")
    assert "rally Trold" in legal(state)
    assert [a for a in legal(state) if a.startswith("rescue")] == [
        "rescue Ellefolk",
        "rescue Formskifter",
        "rescue Huldre",
        "rescue Nisse",
        "rescue Trold",
    ]
    play(state, "rescue Trold", "damage C")
    assert deck(state)["top"] == ["Trold"]
    assert "Trold" not in view(state)["hostages"]
    assert "position Trold" in legal(state) and "mission Trold" in legal(state)
    assert_illegal(state, "rescue Trold", "not held Hostage")


def test_sv8_rescue_x2_damages_twice() -> None:
    """Vogter's Rescue with the x2 token: Damage a Tree twice (here a flip, then the discard of
    that Free Damaged Tree), remove the token, the Ally goes on top of the deck."""
    state = start(*STANDARD, x2="Huldre")
    play(state, "rescue Huldre", "damage F")  # the second Damage discards F: no choice
    assert ring(state) == "A(GE) B C D(V) E"
    assert deck(state)["top"] == ["Huldre"]
    assert view(state)["hostages"] == {
        "Ellefolk": "x1",
        "Formskifter": "x1",
        "Nisse": "x1",
        "Trold": "x1",
    }
    assert state.component_counts()["Hostage tokens"] == 5


@pytest.mark.parametrize("x2", ["Huldre", "Trold"])
def test_sv8_acorn_pair_recovers_a_tree_between_vogter_and_gamle_erik(x2: str) -> None:
    """SV-8: a removed Minion's Acorn goes to the centre; at the start of a turn a pair of
    identical Acorns there is removed and a discarded Tree returns Healthy, inserted on the
    clockwise stretch from Vogter to Gamle Erik (he is no closer and no farther). With no Tree
    discarded (x2 elsewhere: the Rescue only flips B) the pair is removed all the same (package
    card)."""
    acorns = ("2", "2", "3", "3", "1", "1")
    state = start("Huldre", "Huldre", "Huldre", "Huldre", x2=x2, acorns=acorns)
    play(state, "rescue Huldre", "damage B")  # with the x2 token, B is then discarded
    assert ring(state) == ("A(GE) C D(V) E F" if x2 == "Huldre" else "A(GE) B* C D(V) E F")
    play(state, "position Huldre")
    play(state, "call f1 risky")  # the rescued Huldre on top is revealed
    draw(state, "Nisse")
    play(state, "position Huldre", "on E", "wrath Genganger 1", "revenge")
    assert view(state)["acorns_in_centre"] == ["1"]
    collect(state, "f1", "Ellefolk", "Nisse")
    play(state, "position Huldre")
    collect(state, "f1", "Ellefolk", "Trold")
    assert [a for a in legal(state) if a.startswith("wrath")] == []
    play(state, "position Huldre", "on E", "wrath Genganger 2", "revenge")
    assert view(state)["acorns_in_centre"] == []
    assert state.component_counts()["Acorns"] == 6
    if x2 != "Huldre":
        assert phase(state) == "action"
        assert ring(state) == "A(GE) B* C D(V) E F"
        return
    assert phase(state) == "recover"
    assert legal(state) == ["recover after D", "recover after E", "recover after F"]
    assert_illegal(state, "recover after A", "inserted between Vogter and Gamle Erik")
    play(state, "recover after E")
    assert ring(state) == "A(GE) C D(V) E B F"
    assert view(state)["discarded_trees"] == []
    assert view(state)["distance"] == 2
    assert phase(state) == "action"


def test_sv5_sv8_rescue_x2_needs_two_damages() -> None:
    """SV-5: Vogter's Rescue with the x2 token is legal only if a Tree can be damaged twice; with
    a single Free Tree, already Damaged, only a plain token can be rescued."""
    state = start(*STANDARD, x2="Nisse", damaged=6)
    for tree in ("B", "C", "E"):
        play(state, "gambit", f"damage {tree}", "done")
    assert ring(state) == "A*(GE) D*(V) F*"
    assert_illegal(state, "rescue Nisse", "cannot be damaged as often", "SV-5")
    play(state, "rescue Trold")  # F is discarded
    assert ring(state) == "A*(GE) D*(V)"
    assert_illegal(state, "rescue Huldre", "SV-5")


# ---- victory -----------------------------------------------------------------------------------

ALLY_NAMES = ("Ellefolk", "Formskifter", "Huldre", "Nisse", "Trold")


def _goal(table: dict[str, Any], seat: int) -> str:
    """The type the scripted players build the Forest with: the one there, else the type with
    the most copies out of the discard pile."""
    kinds = [t["ally"] for t in table["forest"] if t["ally"] not in (None, "Formskifter")]
    if kinds:
        return str(kinds[0])
    used = table["discard"]
    held = table["hands"][seat]
    return max(
        (k for k in ALLY_NAMES if k != "Formskifter"),
        key=lambda k: (5 - used.get(k, 0), held.count(k)),
    )


def _safe_draw(table: dict[str, Any]) -> bool:
    """Whether the deck's next card can be an Ally (a Risky Draw that need not move Gamle Erik)."""
    known = table["deck"]
    if known["top"]:
        return bool(known["top"][0] != "Gamle Erik")
    if known["hidden"]:
        return set(known["hidden_cards"]) != {"Gamle Erik"}
    return bool(known["bottom"]) and known["bottom"][0] != "Gamle Erik"


def scripted_choice(state: State) -> str:
    """A scripted cooperative player; chance outcomes are chosen too (explicitly, by string):
    a Risky Draw reveals an Ally of another type than the one wanted, a refill the one wanted."""
    options = legal(state)
    table = view(state)
    goal = _goal(table, state.current_player())
    if state.current_player() == CHANCE:
        allies = [a for a in options if a != "draw Gamle Erik"] or options
        want = f"draw {goal}"
        if table["taking"]:
            return next((a for a in allies if a != want), allies[0])
        return want if want in allies else allies[0]
    strongest = max((m["value"] for m in table["minions"] if m["in_game"]), default=0)
    wraths = [a for a in options if a.startswith("wrath")]
    if wraths and table["allies_in_forest"] >= strongest:
        return wraths[0]
    prefixes = ["revenge", f"position {goal}", "on ", "erik back"]
    if any(t["ally"] not in (None, "Formskifter") for t in table["forest"]):
        prefixes.insert(2, "position Formskifter")
    for prefix in prefixes:
        found = [a for a in options if a.startswith(prefix)]
        if found:
            return found[-1]
    if table["distance"] <= 2 and "mission Trold" in options and goal != "Trold":
        return "mission Trold"
    discards = [a for a in options if a.startswith("discard") and goal not in a]
    if discards:
        return discards[0]
    if _safe_draw(table):
        for s, card in enumerate(table["future"]):
            if card in (goal, "Formskifter") and f"call f{s + 1} risky" in options:
                return f"call f{s + 1} risky"
        if "call f1 risky" in options:
            return "call f1 risky"
    return options[0]


@pytest.mark.parametrize("players", [1, 2, 4])
def test_victory_the_moment_the_last_minion_leaves(players: int) -> None:
    """The game is won as soon as the last Minion is removed — before the shuffle and reward of
    that Wrath: every seat's return is 1.0. A scripted game (``scripted_choice``)."""
    state = start("Trold", "Trold", "Trold", *["Nisse"] * players, players=players)
    while not state.is_terminal():
        assert len(state.history()) < 400
        last = scripted_choice(state)
        play(state, last)
    assert last == "wrath Genganger 2"
    assert view(state)["result"] == "won"
    assert state.returns() == [1.0] * players
    assert state.scores() == [6.0] * players
    assert "won" in str(state)


def test_str_shows_the_whole_table() -> None:
    """``str(state)``: the ring (Trees, sides, pawns, Allies Hidden or Revealed), the Future,
    hands, Minions with their Lygtemands and Acorns, Hostages, the discard pile, the deck's size
    and what is known of its top and bottom."""
    state = start("Trold", "Nisse", "Huldre", "Trold", x2="Nisse", lygtemands=LYGTEMANDS)
    play(state, "rescue Trold", "damage C")
    play(state, "position Trold")
    play(state, "call f1 risky")  # reveals the rescued Trold on top: it goes to the bottom
    draw(state, "Gamle Erik")  # the refill
    text = str(state)
    assert "Forest (clockwise, * Damaged): A GE | B | C* | D V [Trold hidden] | E | F" in text
    assert "Future: f1 Nisse  f2 Huldre  f3 Gamle Erik" in text
    assert "player 1 hand: Trold" in text
    assert "Lindorm 1 (4) Lygtemand Nisse Acorn 1" in text
    assert "Genganger 2 (2) Lygtemand ? Acorn 3" in text
    assert "Hostages: Ellefolk x1, Formskifter x1, Huldre x1, Nisse x2" in text
    assert "Discard pile: —" in text
    assert "Deck: 29 cards; top —; hidden 28 (" in text
    assert "bottom Trold (last = bottom card)" in text
    play(state, "call f1 risky")
    draw(state, "Gamle Erik")  # the Risky Draw, from the hidden part this time
    assert "A | B | C* GE | D V [Trold hidden]" in str(state)
    assert "chance: a card is drawn" in str(state)  # the refill
