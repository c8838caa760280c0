"""The tutorial format itself, on a small Skibe lesson written here: positions reached by action
strings (chance outcomes chosen), the expected move, teaching refusals that change nothing, the
effects checked, and files that cannot be read refused with the file, tutorial and step named."""

from __future__ import annotations

import pytest

from langbord.tutorials import Tutorial, TutorialError, read

DEAL = (
    "reveal red F; reveal red F; reveal red E; reveal red E; reveal blue F; reveal blue F; "
    "reveal blue E; reveal blue E; reveal yellow F"
)

LESSON = f'''
[[tutorial]]
id = "skibe-test"
title = "Test"
summary = "A test lesson."
players = 3

[[tutorial.step]]
title = "Take a card"
moves = ["{DEAL}"]
text = "Take the first display card."
hint = "Click the display card d1."
expect = "take d1"
wrong = "Not that one: take the card in d1."
effect = "You hold a blue E."
highlight = [{{kind = "take", args = {{slot = "d1"}}, label = "d1"}}]
check = [{{path = "held", equals = "blue E"}}]

[[tutorial.step]]
title = "Lay it"
text = "Lay it in ship 1."
expect = "lay 1"
refuse = {{"Lay  2" = "Ship 1, please: it has red F cards."}}
wrong = "Lay it in ship 1."
effect = "Ship 1 has three Vikings."
check = [{{path = "ships.0.vikings", length = 3}}, {{text = "1.3 blue E"}}]
'''


def lesson() -> Tutorial:
    return read(LESSON, "skibe", "test.toml")[0]


def test_steps_reach_their_positions_and_check_their_effects() -> None:
    tutorial = lesson()
    tutorial.verify()
    assert tutorial.learner(0) == 0
    assert tutorial.position(1).view(0)["held"] == "blue E"
    assert tutorial.to_json()["steps"] == 2


def test_a_different_move_is_refused_with_the_steps_words_and_changes_nothing() -> None:
    tutorial = lesson()
    state = tutorial.position(1)
    before = state.history()
    lay2 = state.string_to_action("lay 2")
    refused = tutorial.attempt(1, lay2)
    assert not refused.ok and refused.message == "Ship 1, please: it has red F cards."
    assert refused.state is None
    assert tutorial.position(1).history() == before
    take2 = tutorial.position(0).string_to_action("take d2")
    assert tutorial.attempt(0, take2).message == "Not that one: take the card in d1."


def test_an_illegal_move_is_refused_with_the_engines_reason_and_the_hint() -> None:
    tutorial = lesson()
    state = tutorial.position(0)
    lay = state.game.action_lookup()["lay 1"]
    refused = tutorial.attempt(0, lay)
    assert not refused.ok
    assert refused.message.endswith("Click the display card d1.")
    assert "'lay 1'" not in refused.message
    right = tutorial.attempt(0, tutorial.expected(0))
    assert right.ok and right.message == "You hold a blue E." and right.state is not None


@pytest.mark.parametrize(
    ("change", "fragment"),
    [
        (('expect = "take d1"', 'expect = "take d9"'), "step 1: the expected move 'take d9'"),
        (('check = [{path = "held"', 'check = [{path = "hold"'), "no 'hold' in the view"),
        (("reveal red F; reveal red E", "reveal red F; take d1"), "move 3 ('take d1')"),
        (("; reveal yellow F", ""), "a chance event is pending"),
        (("hint = ", "hints = "), "unknown keys ['hints']"),
        (('equals = "blue E"', 'equals = "red F"'), "held is 'blue E', not 'red F'"),
        (('[[tutorial.step]]\ntitle = "Lay it"', "x = ["), "not TOML"),
    ],
)
def test_a_broken_lesson_is_refused_naming_where(change: tuple[str, str], fragment: str) -> None:
    old, new = change
    assert old in LESSON
    with pytest.raises(TutorialError) as refused:
        read(LESSON.replace(old, new, 1), "skibe", "test.toml")[0].verify()
    assert fragment in str(refused.value)
