"""Every tutorial in the package plays as it says: each step reaches its position from the start
by its action strings (chance outcomes chosen), its expected move is legal, the changes it names
hold after it, and a move it refuses is refused with a text that teaches."""

from __future__ import annotations

import pytest

from langbord import games
from langbord.tutorials import Tutorial, get_tutorial, tutorials

ALL = tutorials()


@pytest.mark.parametrize("tutorial", ALL, ids=[t.id for t in ALL])
def test_the_tutorial_plays_as_it_says(tutorial: Tutorial) -> None:
    tutorial.verify()


@pytest.mark.parametrize("tutorial", ALL, ids=[t.id for t in ALL])
def test_every_other_move_is_refused_with_a_reason(tutorial: Tutorial) -> None:
    for k in range(len(tutorial.steps)):
        state = tutorial.position(k)
        expected = tutorial.expected(k)
        for action in state.legal_actions():
            if action != expected:
                attempt = tutorial.attempt(k, action)
                assert not attempt.ok and len(attempt.message) > 10, (k, attempt)
        assert tutorial.position(k).history() == state.history()


def test_every_game_has_a_tutorial_and_ids_are_found() -> None:
    for game in games():
        assert tutorials(game), f"{game} has no tutorial"
    for tutorial in ALL:
        assert get_tutorial(tutorial.id) is tutorial


@pytest.mark.parametrize("tutorial", ALL, ids=[t.id for t in ALL])
def test_every_highlight_names_a_place_the_board_offers(tutorial: Tutorial) -> None:
    """A highlight is found on the board by the kind and arguments of the action offered
    there, so each must match some action of the game."""
    game = tutorial.make_game()
    parts = game.action_parts_table()
    for k, step in enumerate(tutorial.steps):
        for entry in step.highlight:
            wanted = entry["args"].items()
            assert any(
                entry.get("kind", kind) == kind and wanted <= dict(args).items()
                for kind, args in parts
            ), (tutorial.where(k), entry)
