"""Prompts and refusals quote only legal moves: ``State.prompt(player)`` words what the seat to
move decides with at most three examples drawn from ``legal_actions()``, a choice that is not
open now is not offered, and a refusal of an action of the wrong kind quotes the prompt."""

from __future__ import annotations

from langbord import CHANCE, State
from langbord.core.prompts import MAX_EXAMPLES, offer, pick, quoted

from .scenario import assert_illegal, legal, play
from .test_knarr_rules import setup
from .test_skaal_rules import new_game as new_skaal
from .test_skibe_rules import opening
from .test_skoventyr_rules import start, two_trolds


def quotes_only_legal(state: State, text: str) -> list[str]:
    """The moves ``text`` quotes, each checked legal now and at most three of them."""
    examples = quoted(text)
    assert examples, text
    assert len(examples) <= MAX_EXAMPLES, text
    assert set(examples) <= set(legal(state)), text
    return examples


def test_offer_leaves_out_choices_with_no_legal_move_and_quotes_at_most_three() -> None:
    choices = [("take a display card", ["take d1"]), ("draw", ["draw"]), ("lay a stern", [])]
    assert offer(choices) == "take a display card ('take d1') or draw ('draw')"
    many = [(f"kind {k}", [f"move {k}"]) for k in range(5)]
    assert offer(many) == (
        "kind 0 ('move 0'), kind 1 ('move 1'), kind 2 ('move 2'), kind 3 or kind 4"
    )
    assert offer([("discard", ["discard a", "discard b", "discard c", "discard d"])]) == (
        "discard ('discard a', 'discard b' or 'discard c')"
    )
    assert offer([("recruit", None), ("explore", None)]) == "recruit or explore"
    assert pick([["food 1", "food 2"], [], ["no food"]]) == ["food 1", "no food", "food 2"]


def test_prompt_is_empty_at_chance_for_another_seat_and_at_the_end() -> None:
    """The contract: "" at a chance node and for a seat that is not to move."""
    state = opening(3)
    assert state.current_player() == 0
    assert state.prompt() == state.prompt(0) != ""
    assert state.prompt(1) == state.prompt(2) == ""
    play(state, "draw")
    assert state.current_player() == CHANCE
    assert state.prompt() == state.prompt(0) == ""


def test_skibe_offers_no_stern_while_no_ship_can_take_one() -> None:
    """After the opening deal every ship holds 2 Viking cards and a stern needs 3 (rulebook):
    the prompt, and the refusal of a move of the wrong kind, offer only a display card or a
    draw (today's text offered "lay a stern ('stern 2')", which is refused)."""
    state = opening(3)
    assert state.prompt() == "take a display card ('take d1') or draw ('draw')"
    message = assert_illegal(state, "lay 1", "now red must take a display card ('take d1')")
    assert "stern" not in message
    assert_illegal(state, "stern 2", "a stern needs at least 3")
    play(state, "take d1")
    assert state.prompt() == "lay the yellow E in a ship ('lay 1', 'lay 2' or 'lay 3')"
    quotes_only_legal(state, state.prompt())


def test_skaal_setup_quotes_only_empty_regions_and_the_action_only_open_kinds() -> None:
    """SA-4: a setup dwarf goes to an empty region, so a taken region is never the example."""
    state = new_skaal(3)
    assert state.prompt() == (
        "black places a setup dwarf ('place Kamau', 'place Jarama' or 'place Topa')"
    )
    play(state, "place Kamau")
    assert "'place Kamau'" not in state.prompt()
    quotes_only_legal(state, state.prompt())
    while str(state.view(None).get("phase")) == "setup" or state.current_player() == CHANCE:
        moves = legal(state)
        play(state, moves[0])
    prompt = state.prompt()
    assert prompt.startswith(f"{state.view(None)['clans'][state.current_player()]['clan']} ")
    examples = quotes_only_legal(state, prompt)
    kinds = {text.split()[0] for text in legal(state)}
    for word in ("place", "move", "prospect", "harvest", "build", "inn"):
        assert (f" {word}" in prompt.split(":", 1)[1]) == (word in kinds), prompt
    assert len({text.split()[0] for text in examples}) == len(examples)  # one of each kind


def test_knarr_quotes_a_destination_on_the_table_and_hides_the_hand_from_other_seats() -> None:
    """Today's text quoted 'explore A7' with A7 not on the table; now the examples come from the
    legal moves, and a seat that cannot see the mover's hand reads the choices unquoted (a quoted
    'recruit …' would show a card of that hand)."""
    state = setup(3)
    prompt = state.prompt()
    assert prompt == (
        "player 1 takes an action: recruit ('recruit green recruit') or explore ('explore A1') "
        "(or first trade ('trade 1'))"
    )
    quotes_only_legal(state, prompt)
    assert f"— {prompt}" in state.render(0).splitlines()[0]
    assert f"— {prompt}" in str(state).splitlines()[0]
    for seat in (1, 2, None):
        status = state.render(seat).splitlines()[0]
        assert status.endswith("— player 1 takes an action: recruit or explore (or first trade)")
        assert quoted(status) == []
    message = assert_illegal(state, "pay recruit", "now player 1 takes an action")
    quotes_only_legal(state, message.removeprefix("'pay recruit'"))


def test_skoventyr_offers_no_mission_or_position_with_an_empty_hand() -> None:
    """Position and Mission need an Ally in hand (rulebook): with the hand empty the action
    prompt leaves them out (today's text quoted 'mission Huldre' regardless); the view's task,
    read by every seat (SV-6: hands are open), is the same prompt."""
    state = two_trolds()
    prompt = state.prompt()
    assert (
        prompt
        == "choose an action: call ('call f1'), gambit ('gambit') or wrath ('wrath Genganger 1')"
    )
    assert "mission" not in prompt and "position" not in prompt
    quotes_only_legal(state, prompt)
    assert state.view(0)["task"] == prompt
    fresh = start("Trold", "Nisse", "Huldre", "Trold")
    assert fresh.prompt() == (
        "choose an action: call ('call f3'), gambit ('gambit'), position ('position Trold') "
        "or mission"
    )
    quotes_only_legal(fresh, fresh.prompt())
