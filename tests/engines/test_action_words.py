"""``State.action_words``: every action in a player's words, declared once per kind beside its
parts (``ActionTable.word``), and never a hidden card's name where the notation hides it."""

from __future__ import annotations

import random
from collections import defaultdict

import pytest

import langbord
from langbord.agents import heuristics
from langbord.core.game import normalize_action_text

CASES = [
    (name, options)
    for name in langbord.games()
    for options in langbord.load(name).conformance_options
]

EXAMPLES = [
    ("skibe", "take d2", "take the display's second card"),
    ("skibe", "lay 2", "lay the card in ship 2"),
    ("skibe", "food 1>3", "shift food from ship 1's bow to ship 3's bow (the stock is empty)"),
    ("skibe", "swap 1.2<>d1", "Chieftain: swap ship 1's second card with the display's first card"),
    ("skibe", "move food stock>2", "Chieftain: move a food stone from the stock to ship 2's bow"),
    ("skibe", "chief swap 3", "play your swap Chieftain on ship 3"),
    ("skaal", "prospect", "prospect: roll the die for gold"),
    ("skaal", "harvest Topa 1", "harvest 1 nugget in Topa"),
    ("skaal", "roll 3", "the die shows 3 nuggets"),
    ("skaal", "move Sláinte>Kippis", "move a dwarf from Sláinte to Kippis"),
    ("knarr", "take blue", "take the board's viking on the blue slot into your hand"),
    (
        "knarr",
        "renew slots 1+3",
        "put the buildings in slots 1 and 3 under the building deck and reveal new ones",
    ),
    ("knarr", "trade 2", "trade: return 2 bracelets"),
    ("skoventyr", "call f1 risky", "call the card in Future slot 1, risking a draw"),
    ("skoventyr", "call f2", "call the card in Future slot 2, paying its cost"),
    ("skoventyr", "erik back 0", "leave Gamle Erik where he is"),
    ("skoventyr", "position Ellefolk", "position an Ellefolk from your hand in the Forest"),
]


@pytest.mark.parametrize(("name", "text", "words"), EXAMPLES)
def test_actions_read_as_a_player_says_them(name: str, text: str, words: str) -> None:
    game = langbord.load(name)
    action = game.action_lookup()[normalize_action_text(text)]
    assert game.new_initial_state().action_words(action) == words


@pytest.mark.parametrize(("name", "options"), CASES, ids=[f"{n}-{o}" for n, o in CASES])
def test_every_action_has_its_own_words(name: str, options: dict[str, object]) -> None:
    game = langbord.load(name, **options)
    state = game.new_initial_state()
    by_kind: dict[str, dict[str, int]] = defaultdict(dict)
    every: dict[str, int] = {}
    for action in range(game.num_distinct_actions()):
        words = state.action_words(action)
        assert words and words == words.strip() and "{" not in words, (action, words)
        kind = state.action_parts(action)["kind"]
        assert words not in by_kind[kind], (words, by_kind[kind].get(words), action)
        by_kind[kind][words] = action
        every.setdefault(words, action)
    assert len(every) == game.num_distinct_actions()  # distinct in the whole game, too


def test_words_are_a_lookup_and_refuse_what_is_no_action() -> None:
    game = langbord.load("skibe")
    state = game.new_initial_state()
    table = game.info.load_actions()
    assert table.words() is table.words()  # built once
    assert state.action_words(3) == table.words()[3]
    with pytest.raises(langbord.InvalidActionError):
        state.action_words(game.num_distinct_actions())


@pytest.mark.parametrize("name", langbord.games())
def test_words_never_name_what_the_seat_may_not_learn(name: str) -> None:
    """At every chance node of a few games, each seat's words of each outcome: what
    ``action_to_string_for`` tells it where that hides the outcome (Knarr's draws into a
    hand), the action's own words where it does not."""
    hidden = 0
    for options in langbord.load(name).conformance_options[:3]:
        game = langbord.load(name, **options)
        state = game.new_initial_state()
        rng = random.Random(7)
        seats: list[int | None] = [None, *range(game.num_players())]
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = [a for a, _ in state.chance_outcomes()]
                for seat in seats:
                    told = {state.action_to_string_for(seat, a) for a in outcomes}
                    for a in outcomes:
                        words = state.action_words_for(seat, a)
                        if state.action_to_string_for(seat, a) == state.action_to_string(a):
                            assert words == state.action_words(a)
                        else:
                            hidden += 1
                            assert told == {words}  # one text for every outcome: no secret
                state.apply_action(rng.choice(outcomes))
            else:
                state.apply_action(heuristics.policy_action(state, rng))
    assert hidden or not langbord.load(name).info.private_information
