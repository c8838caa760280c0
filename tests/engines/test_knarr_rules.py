"""Scenario tests for Knarr: the base game as rulings/knarr.md states it (KN-1…KN-8), its Skali
mode (rulebooks/knarr-skali.txt, SK-1…SK-7) and the artifact variant, walked from the initial
state by action strings alone, with every chance outcome chosen explicitly by its string.

Seats are 0…n-1. ``setup`` names every card of the setup: three Trading Lands, three Lands of
Influence, the five market cards (red, yellow, green, blue, purple slots), each seat's two start
vikings and three hand cards, the four buildings (Skali) and the first player.
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from typing import Any, get_args

import pytest

import langbord
from langbord import CHANCE, State
from langbord.engines.knarr import data, views
from langbord.engines.knarr.data import REPUTATION_VP
from langbord.engines.knarr.rules import ARTIFACT_OPTIONS, BOAT_OPTIONS, KnarrState

from .scenario import assert_illegal, legal, play

# ---- helpers -------------------------------------------------------------------------------------


def new_game(**options: Any) -> State:
    return langbord.load("knarr", **options).new_initial_state()


def view(state: State, seat: int | None = None) -> dict[str, Any]:
    return dict(state.view(seat))


def seat(state: State, p: int) -> dict[str, Any]:
    result: dict[str, Any] = view(state, p)["seats"][p]
    return result


def phase(state: State) -> str:
    return str(view(state)["phase"])


def tokens(state: State, p: int) -> tuple[int, int, int, int]:
    """(vp, reputation, bracelets, recruits) of seat ``p``."""
    s = seat(state, p)
    return s["vp"], s["reputation"], s["bracelets"], s["recruits"]


def crew(state: State, p: int, colour: str) -> list[str]:
    cards: list[str] = seat(state, p)["crew"][colour]
    return cards


def chance(state: State, *outcomes: str) -> None:
    for outcome in outcomes:
        assert state.current_player() == CHANCE, phase(state)
        play(state, outcome)


MARKET = ("red vp", "yellow vp", "green vp", "blue vp", "purple vp")
CREWS = [
    ("red vp", "yellow vp"),
    ("green vp", "blue vp"),
    ("red bracelet", "purple vp"),
    ("yellow bracelet", "green bracelet"),
]
HANDS = [
    ("green recruit", "blue reputation", "purple bracelet"),
    ("red bracelet", "yellow reputation", "purple recruit"),
    ("blue bracelet", "green recruit", "purple recruit"),
    ("yellow vp", "red recruit", "blue reputation"),
]
"""Default setup cards per seat (they fit the 30-card deck of 2 players for seats 0 and 1)."""


def setup(
    players: int = 3,
    *,
    crews: Sequence[tuple[str, str]] | None = None,
    hands: Sequence[tuple[str, str, str]] | None = None,
    trading: tuple[str, str, str] = ("A1", "A6", "A15"),
    influence: tuple[str, str, str] = ("B1", "B4", "B6"),
    market: tuple[str, str, str, str, str] = MARKET,
    buildings: tuple[str, str, str, str] = ("1", "2", "3", "4"),
    reveal_boat: str | None = None,
    reveal_artifact: str | None = None,
    first: int | None = 0,
    **options: Any,
) -> State:
    """A new game with every setup card named; returns it at the first player's action."""
    state = new_game(players=players, **options)
    if reveal_boat is not None:  # with boat="random" (KN-9)
        chance(state, f"boat {reveal_boat}")
    if reveal_artifact is not None:  # with artifact="random"
        chance(state, f"artifact {reveal_artifact}")
    chance(state, *(f"reveal {d}" for d in (*trading, *influence)))
    chance(state, *(f"draw {card}" for card in market))
    crews = crews or CREWS[:players]
    hands = hands or HANDS[:players]
    for p in range(players):
        chance(state, *(f"draw {card}" for card in (*crews[p], *hands[p])))
    if options.get("skali"):
        chance(state, *(f"reveal building {b}" for b in buildings))
    if first is not None:
        chance(state, f"first seat {first}")
        assert state.current_player() == first
    return state


def end_turn(state: State) -> None:
    """End the turn if the engine asks (it does only while a trade or Develop is possible)."""
    if phase(state) == "after action":
        play(state, "end turn")


PREFER = tuple(
    f"{c} {g}"
    for c in ("purple", "yellow", "red", "green", "blue")
    for g in ("vp", "bracelet", "recruit", "reputation")
)


def refill(state: State, prefer: Sequence[str] = PREFER) -> str:
    """Play the first of ``prefer`` that the deck holds ("draw …"); return its name."""
    options = legal(state)
    for name in prefer:
        if f"draw {name}" in options:
            play(state, f"draw {name}")
            return name
    raise AssertionError(f"none of {prefer} can be drawn: {options}")


def filler_turn(state: State, prefer: Sequence[str] = PREFER) -> None:
    """A turn that only passes time: recruit the first card of the hand (by name) whose colour
    the crew already holds, else the first; take the slot of its colour; refill it with the
    first card of ``prefer`` the deck holds."""
    p = state.current_player()
    me = seat(state, p)
    held = [c for c in me["hand"] if me["crew"][c.split()[0]]]
    card = (held or me["hand"])[0]
    play(state, f"recruit {card}")
    if phase(state) == "take":
        colour = card.split()[0]
        options = legal(state)
        play(state, f"take {colour}" if f"take {colour}" in options else options[0])
    while state.current_player() == CHANCE:
        refill(state, prefer)
    end_turn(state)


def recruit_turn(state: State, card: str, take: str, draw: str | None) -> None:
    """One Recruit turn: play ``card``, take the ``take`` slot, refill it with ``draw``."""
    play(state, f"recruit {card}", f"take {take}")
    if draw is not None:
        chance(state, f"draw {draw}")
    end_turn(state)


# ---- setup and components ------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "deck"), [(2, 30), (3, 40), (4, 50)])
def test_setup_by_player_count(players: int, deck: int) -> None:
    """Setup: the viking deck by player count (30/40/50), 5 market cards, 3 destinations of
    each deck, 2 crew cards, 3 hand cards, 1 recruit, 1 bracelet, score and reputation 0."""
    state = setup(players)
    v = view(state)
    assert v["decks"] == {
        "vikings": deck - 5 - 5 * players,
        "Trading Lands": 17,
        "Lands of Influence": 12,
    }
    assert v["destinations"] == {
        "Trading Lands": ["A1", "A6", "A15"],
        "Lands of Influence": ["B1", "B4", "B6"],
    }
    assert list(v["market"].values()) == list(MARKET)
    for p in range(players):
        assert tokens(state, p) == (0, 0, 1, 1)
        assert seat(state, p)["hand_size"] == 3
        assert sum(len(cards) for cards in seat(state, p)["crew"].values()) == 2
    assert crew(state, 0, "red") == ["red vp"]
    assert crew(state, 0, "yellow") == ["yellow vp"]
    assert state.component_counts() == {"vikings": deck, "destinations": 35}


def test_first_player_is_drawn() -> None:
    """Setup step 4: the first player is a chance node, each seat equally likely; play goes
    clockwise (seat order) from there."""
    state = setup(4, first=None)
    assert state.chance_outcomes() == [(a, 0.25) for a in state.legal_actions()]
    assert legal(state) == ["first seat 0", "first seat 1", "first seat 2", "first seat 3"]
    play(state, "first seat 2")
    assert state.current_player() == 2
    recruit_turn(state, "green recruit", "green", "red vp")
    assert state.current_player() == 3
    recruit_turn(state, "red recruit", "red", "red vp")
    assert state.current_player() == 0


def test_kn3_start_vikings_differ_in_colour() -> None:
    """KN-3: two start vikings of different colours. The second is drawn from the other colours
    only; the first with the weights of a valid pair (copies x cards of the other colours), the
    distribution of "return both and draw again"."""
    state = new_game(players=2)
    chance(state, "reveal A1", "reveal A2", "reveal A3", "reveal B1", "reveal B2", "reveal B3")
    chance(state, *(f"draw {c}" for c in MARKET))
    # 25 cards left: 5 of each colour. A red vp (2 copies left) pairs with 20 other cards.
    outcomes = {state.action_to_string(a): p for a, p in state.chance_outcomes()}
    assert sum(outcomes.values()) == pytest.approx(1.0)
    assert outcomes["draw red vp"] == pytest.approx(2 * 20 / (25 * 20))
    play(state, "draw red bracelet")
    assert not [text for text in legal(state) if text.startswith("draw red")]
    assert_illegal(state, "draw red recruit", "KN-3")
    play(state, "draw blue vp")
    assert crew(state, 0, "red") == ["red bracelet"]
    assert crew(state, 0, "blue") == ["blue vp"]


def test_reputation_income_table() -> None:
    """Reputation income: 0-2 → 0, 3-5 → 1, 6-9 → 2, 10-13 → 3, 14 → 5 (the data table; the
    scenario below walks each level)."""
    assert REPUTATION_VP == [0, 0, 0, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 5]


# ---- hidden hands --------------------------------------------------------------------------------


def test_hands_are_hidden_but_market_takes_are_known() -> None:
    """Hands are hidden: a seat sees its own hand and the others' sizes; a card taken from the
    market is known to everyone until it is played; resample_hidden keeps it and re-deals only
    the unseen cards; the viewer's view does not change."""
    state = setup(2)
    assert seat(state, 0)["hand"] == ["blue reputation", "green recruit", "purple bracelet"]
    assert view(state, 1)["seats"][0]["hand"] is None
    assert view(state, 1)["seats"][0]["hand_size"] == 3
    assert view(state, None)["seats"][0]["hand"] is None
    play(state, "recruit green recruit", "take green")  # the green vp: seen by everyone
    assert view(state, 1)["seats"][0]["hand_known"] == ["green vp"]
    chance(state, "draw yellow bracelet")
    end_turn(state)
    for p in (0, 1):
        before = json.dumps(state.view(p), sort_keys=True)
        for k in range(5):
            other = state.resample_hidden(p, random.Random(k))
            assert json.dumps(other.view(p), sort_keys=True) == before
            assert "green vp" in other.view(0)["seats"][0]["hand"]  # kept in place
    dealt = {
        tuple(state.resample_hidden(1, random.Random(k)).view(0)["seats"][0]["hand"])
        for k in range(30)
    }
    assert len(dealt) > 1  # seat 1 cannot know seat 0's dealt cards: they are re-dealt
    recruit_turn(state, "red bracelet", "red", "red bracelet")
    play(state, "recruit green vp", "take green")  # the known card is played: no longer known
    assert view(state, 1)["seats"][0]["hand_known"] == ["yellow bracelet"]


def test_render_shows_a_seat_only_its_own_hand() -> None:
    """``render(p)``, the table a player reads at the terminal, lists p's hand card by card and
    of every other hand its size and the cards taken from the market; the referee's ``str``
    shows every hand."""
    state = setup(2)
    play(state, "recruit green recruit", "take green")  # seat 0 takes the green vp, seen by all
    own, other, spectator = state.render(0), state.render(1), state.render(None)
    assert "hand: green vp*, blue reputation, purple bracelet" in own
    assert "hand: 3 cards: green vp* + 2 unseen" in other
    assert "blue reputation" not in other.split("player 2:")[0].split("player 1:")[1]
    assert "hand: 3 cards: green vp* + 2 unseen" in spectator
    assert "hand: 3 cards\n" in own  # seat 1's hand, none of it seen by seat 0
    assert "hand: green vp*, blue reputation, purple bracelet" in str(state)
    with pytest.raises(langbord.LangbordError, match="seat"):
        state.render(7)


def test_hidden_deal_does_not_leak() -> None:
    """A draw into a hidden hand is a chance node with a readable string, kept in the record,
    but no other seat's view depends on its outcome."""
    states = [new_game(players=2), new_game(players=2)]
    for state in states:
        chance(state, "reveal A1", "reveal A2", "reveal A3", "reveal B1", "reveal B2", "reveal B3")
        chance(state, *(f"draw {c}" for c in MARKET))
        chance(state, "draw red bracelet", "draw yellow bracelet")
    a, b = states
    chance(a, "draw green recruit")
    chance(b, "draw blue reputation")
    assert a.view(1) == b.view(1)
    assert a.view(None) == b.view(None)
    assert a.view(0) != b.view(0)
    assert a.action_to_string(a.history()[-1]) == "draw green recruit"
    # Told to the others, the draw is only "a viking"; the seat that draws it reads its card.
    for state, card in ((a, "draw green recruit"), (b, "draw blue reputation")):
        before = replay_to(state, len(state.history()) - 1)
        action = state.history()[-1]
        assert before.action_to_string_for(0, action) == card
        assert before.action_to_string_for(1, action) == "a viking is drawn into player 1's hand"
        assert before.action_to_string_for(None, action) == "a viking is drawn into player 1's hand"


# ---- Recruit -------------------------------------------------------------------------------------


def test_recruit_gains_the_whole_column() -> None:
    """Recruit: the card joins its colour column and the player gains the icon of every card of
    that column, the new one included; then takes a board viking; the slot is refilled."""
    state = setup(
        2,
        crews=[("red vp", "yellow bracelet"), CREWS[1]],
        hands=[("red bracelet", "red recruit", "blue reputation"), HANDS[1]],
    )
    play(state, "recruit red bracelet")
    assert crew(state, 0, "red") == ["red vp", "red bracelet"]
    assert tokens(state, 0) == (1, 0, 2, 1)  # +1 vp (red vp), +1 bracelet (red bracelet)
    assert phase(state) == "take"
    assert legal(state) == ["take red", "take yellow", "take green", "take blue", "take purple"]
    play(state, "take red")
    assert view(state)["market"]["red"] is None
    chance(state, "draw purple recruit")
    assert view(state)["market"]["red"] == "purple recruit"
    assert seat(state, 0)["hand_size"] == 3
    end_turn(state)
    filler_turn(state)
    play(state, "recruit red recruit")  # the column again, with its new card: +1 vp +1 br +1 rec
    assert tokens(state, 0) == (2, 0, 3, 2)


def test_recruit_take_another_slot_costs_a_recruit() -> None:
    """Recruit: the slot matching the card played is free; any other slot costs 1 recruit (one
    gained from the column may be spent); with no recruit, only the matching slot."""
    state = setup(2)
    play(state, "recruit green recruit")  # a new green column: +1 recruit → 2
    assert tokens(state, 0)[3] == 2
    play(state, "take purple")
    assert tokens(state, 0)[3] == 1
    chance(state, "draw red vp")
    end_turn(state)
    play(state, "trade 1")  # nothing back: a normal boat's column 1 is empty
    play(state, "recruit yellow reputation")
    assert tokens(state, 1) == (0, 1, 0, 1)
    play(state, "take red")  # the red vp, for 1 recruit
    assert tokens(state, 1)[3] == 0
    chance(state, "draw red bracelet")
    assert state.current_player() == 0  # nothing left to do after the action: the turn ended
    recruit_turn(state, "blue reputation", "blue", "blue bracelet")
    play(state, "recruit red vp")
    assert legal(state) == ["take red"]
    assert_illegal(state, "take yellow", "take from the red slot", "spend 1 recruit")


def test_kn1_bracelet_and_recruit_caps() -> None:
    """KN-1: a player never holds more than 3 bracelets or 3 recruits; the excess is lost."""
    state = setup(
        2,
        crews=[("red bracelet", "purple bracelet"), ("green vp", "blue vp")],
        hands=[
            ("red bracelet", "purple bracelet", "green recruit"),
            ("yellow reputation", "yellow reputation", "purple recruit"),
        ],
        market=("red vp", "yellow vp", "green recruit", "blue vp", "yellow bracelet"),
    )
    recruit_turn(state, "red bracelet", "red", "red recruit")  # 1 + 2 bracelets
    assert tokens(state, 0)[2] == 3
    recruit_turn(state, "yellow reputation", "yellow", "yellow vp")
    recruit_turn(state, "purple bracelet", "purple", "blue bracelet")  # 3 + 2: capped
    assert tokens(state, 0)[2] == 3
    recruit_turn(state, "yellow reputation", "yellow", "blue reputation")
    recruit_turn(state, "green recruit", "green", "green bracelet")  # 1 + 1 recruits
    assert tokens(state, 0)[3] == 2
    recruit_turn(state, "purple recruit", "purple", "purple recruit")
    play(state, "recruit green recruit")  # 2 + 2 recruits: capped
    assert tokens(state, 0)[3] == 3


def test_reputation_thresholds_and_kn2_cap() -> None:
    """Reputation income at the start of each turn, at every level (0, 1, 2, 3 and 5 vp), and
    KN-2: reputation stops at 14. Seat 0 recruits blue: three reputation cards, then blue vp
    cards, gaining the column's reputation each time (1, 3, 6, 9, 12, 14 — not 15)."""
    state = setup(
        4,
        crews=[("blue vp", "red vp"), ("red bracelet", "yellow bracelet")]
        + [("red bracelet", "yellow vp")] * 2,
        hands=[
            ("blue reputation",) * 3,
            ("green vp", "green vp", "green bracelet"),
            ("green vp", "green vp", "green bracelet"),
            ("green recruit",) * 3,
        ],
        market=("red vp", "yellow vp", "green reputation", "blue vp", "purple vp"),
    )
    cards = ["blue reputation"] * 3 + ["blue vp"] * 3
    draws = ["blue vp", "blue vp", "blue bracelet", "blue bracelet", "blue recruit", None]
    reputation = [1, 3, 6, 9, 12, 14]
    income = [0, 1, 2, 2, 3, 5]
    for turn in range(6):
        play(state, f"recruit {cards[turn]}", "take blue")
        draw = draws[turn]
        if draw is None:
            refill(state)
        else:
            chance(state, f"draw {draw}")
        end_turn(state)
        assert tokens(state, 0)[1] == reputation[turn]
        vp = tokens(state, 0)[0]
        for _ in range(3):
            filler_turn(state)
        assert state.current_player() == 0
        assert tokens(state, 0)[0] - vp == income[turn], turn  # income as the turn starts


# ---- Explore -------------------------------------------------------------------------------------


def explorer(**kw: Any) -> State:
    """2 players. Seat 0: crew purple vp + red vp, hand purple bracelet, purple recruit,
    red bracelet. Visible: A6 (2 purple), A1 (3 different), A18 (2 red); B1 (4 of one colour),
    B6 (2 purple + 2 yellow), B4 (one of each colour)."""
    return setup(
        2,
        crews=[("purple vp", "red vp"), ("yellow vp", "green vp")],
        hands=[
            ("purple bracelet", "purple recruit", "red bracelet"),
            ("yellow reputation", "yellow reputation", "green recruit"),
        ],
        market=("red vp", "yellow vp", "green vp", "blue vp", "purple bracelet"),
        trading=("A6", "A1", "A18"),
        influence=("B1", "B6", "B4"),
        **kw,
    )


def test_explore_colour_cost_with_cards() -> None:
    """Explore: pay {colour: n} with n crew cards of that colour (any of them, not only the
    latest), discarded; immediate gains (a "card" draws a viking into the crew, no gains); the
    destination goes above the boat; its slot is refilled from the same deck."""
    state = explorer()
    recruit_turn(state, "purple bracelet", "purple", "purple recruit")
    recruit_turn(state, "yellow reputation", "yellow", "yellow bracelet")
    assert "explore A6" in legal(state)
    play(state, "explore A6")
    assert phase(state) == "pay"
    assert legal(state) == ["pay purple vp", "pay purple bracelet", "pay recruit"]
    assert_illegal(state, "pay red vp", "needs no more red", "exact", "KN-4")
    play(state, "pay purple vp", "pay purple bracelet")
    assert crew(state, 0, "purple") == []
    assert view(state)["discard"] == {"purple vp": 1, "purple bracelet": 1}
    chance(state, "draw blue reputation")  # the "card" gain: into the crew, no gain
    assert crew(state, 0, "blue") == ["blue reputation"]
    assert tokens(state, 0) == (1, 0, 3, 1)  # +1 bracelet (immediate) after +1 from the recruit
    assert view(state)["destinations"]["Trading Lands"] == [None, "A1", "A18"]
    chance(state, "reveal A7")
    assert view(state)["destinations"]["Trading Lands"] == ["A7", "A1", "A18"]
    assert seat(state, 0)["destinations"] == ["A6"]


def test_explore_colour_cost_with_a_recruit() -> None:
    """KN-4: each recruit spent replaces one required card; the payment is exact, so once the
    cost is met it ends (no surplus card, no surplus recruit)."""
    state = explorer()
    play(state, "explore A6")  # 1 purple + 1 recruit
    play(state, "pay recruit")
    assert legal(state) == ["pay purple vp"]  # no second recruit, no other colour
    play(state, "pay purple vp")
    assert tokens(state, 0)[3] == 0
    chance(state, "draw blue reputation", "reveal A7")
    assert seat(state, 0)["destinations"] == ["A6"]
    assert phase(state) == "after action"


def test_explore_refused_when_short() -> None:
    """KN-4: a destination that cards and recruits cannot pay cannot be explored."""
    state = explorer()
    explores = [t for t in legal(state) if t.startswith("explore")]
    assert explores == ["explore A1", "explore A6", "explore A18"]  # each with the recruit
    assert_illegal(state, "explore B1", "short", "4 of one colour", "KN-4")
    assert_illegal(state, "explore B6", "short", "2 yellow + 2 purple", "1 recruits")
    assert_illegal(state, "explore B4", "short", "1 red + 1 yellow + 1 green + 1 blue + 1 purple")
    assert_illegal(state, "explore A2", "not a visible destination")


def test_explore_same_colour_cost() -> None:
    """Cost ``same: 4``: four cards of one colour of the player's choice (recruits replace some);
    once a colour is paid, another is refused (KN-4)."""
    state = setup(
        2,
        crews=[("red vp", "yellow vp"), ("green vp", "blue vp")],
        hands=[
            ("red bracelet", "red recruit", "green recruit"),
            ("purple recruit", "purple bracelet", "blue reputation"),
        ],
        market=("red vp", "yellow reputation", "green vp", "blue vp", "purple vp"),
        influence=("B1", "B2", "B3"),
    )
    recruit_turn(state, "red bracelet", "red", "red bracelet")
    recruit_turn(state, "purple recruit", "purple", "purple bracelet")
    recruit_turn(state, "red recruit", "red", "green bracelet")
    recruit_turn(state, "purple bracelet", "purple", "blue bracelet")
    assert crew(state, 0, "red") == ["red vp", "red bracelet", "red recruit"]
    assert tokens(state, 0) == (2, 0, 3, 2)
    play(state, "explore B1")
    # Yellow is not offered: 1 yellow card and 2 recruits cannot make 4.
    assert legal(state) == ["pay red vp", "pay red bracelet", "pay red recruit", "pay recruit"]
    play(state, "pay red recruit")
    assert_illegal(state, "pay yellow vp", "the cards paid are red", "KN-4")
    play(state, "pay recruit", "pay red vp", "pay red bracelet")
    assert crew(state, 0, "red") == []
    assert tokens(state, 0) == (7, 0, 3, 2)  # B1: +5 vp, +1 recruit
    chance(state, "reveal B7")
    assert seat(state, 0)["destinations"] == ["B1"]


def test_explore_different_colours_cost() -> None:
    """Cost ``different: 3``: three cards of three colours; a colour already paid is refused;
    a recruit stands for any missing colour (KN-4)."""
    state = setup(2, trading=("A1", "A2", "A3"))
    play(state, "explore A1")
    assert legal(state) == ["pay red vp", "pay yellow vp", "pay recruit"]
    play(state, "pay red vp")
    assert_illegal(state, "pay red vp", "player 1's crew holds no red vp")
    play(state, "pay recruit")
    assert legal(state) == ["pay yellow vp"]
    play(state, "pay yellow vp")
    assert tokens(state, 0) == (0, 1, 1, 1)  # A1: +1 recruit +1 reputation +1 card
    chance(state, "draw green bracelet", "reveal A4")
    assert crew(state, 0, "green") == ["green bracelet"]


def test_explore_several_colours_cost() -> None:
    """A cost of two colours ({purple: 2, yellow: 2}, B6): each colour's cards, recruits for the
    missing ones; paying a colour already complete is refused as a surplus (KN-4)."""
    state = setup(
        2,
        crews=[("purple vp", "yellow vp"), ("green vp", "blue vp")],
        hands=[("purple bracelet", "yellow bracelet", "green recruit"), HANDS[1]],
        market=("red vp", "yellow reputation", "green vp", "blue vp", "purple recruit"),
    )
    recruit_turn(state, "purple bracelet", "purple", "red bracelet")  # recruits: 1
    recruit_turn(state, "red bracelet", "red", "red vp")
    play(state, "explore B6")  # purple 2 (have 2), yellow 2 (have 1): 1 recruit
    play(state, "pay purple vp", "pay purple bracelet")
    assert_illegal(state, "pay purple recruit", "no purple recruit")
    assert legal(state) == ["pay yellow vp", "pay recruit"]
    play(state, "pay yellow vp", "pay recruit")
    assert tokens(state, 0)[0] == 6 + 1
    chance(state, "reveal B9")


# ---- Trade ---------------------------------------------------------------------------------------


def trader() -> State:
    """2 players, advanced boats [vp | - | bracelet]. Seat 0 explores A15 (trade [vp|vp|vp]) and
    A10 (trade [reputation|-|vp]) and ends with 3 bracelets, at the start of its 5th turn."""
    state = setup(
        2,
        boat="advanced",
        crews=[("yellow vp", "blue vp"), ("red vp", "green vp")],
        hands=[
            ("yellow bracelet", "blue bracelet", "green recruit"),
            ("red bracelet", "red vp", "green recruit"),
        ],
        market=("purple vp", "yellow vp", "green vp", "blue reputation", "purple bracelet"),
        trading=("A15", "A10", "A7"),
        influence=("B1", "B2", "B3"),
    )
    recruit_turn(state, "yellow bracelet", "yellow", "yellow reputation")
    recruit_turn(state, "red bracelet", "red", "red bracelet")
    play(state, "explore A15", "pay yellow vp", "pay yellow bracelet")
    chance(state, "reveal A20")
    end_turn(state)
    recruit_turn(state, "red vp", "red", "red recruit")
    recruit_turn(state, "blue bracelet", "blue", "blue recruit")
    recruit_turn(state, "purple vp", "purple", "purple recruit")
    play(state, "explore A10", "pay blue vp", "pay blue bracelet")
    chance(state, "reveal A19")
    end_turn(state)
    recruit_turn(state, "red bracelet", "red", "green bracelet")
    assert state.current_player() == 0
    assert seat(state, 0)["destinations"] == ["A15", "A10"]
    assert tokens(state, 0) == (2, 1, 3, 2)
    return state


@pytest.mark.parametrize(
    ("bracelets", "after"),
    [
        (1, (4, 2, 2, 2)),  # boat vp + A15 vp + A10 reputation
        (2, (5, 2, 1, 2)),  # + A15 vp (columns 2: boat and A10 empty)
        (3, (7, 2, 1, 2)),  # + boat bracelet, A15 vp, A10 vp; the bracelet after returning 3
    ],
)
def test_kn6_trade_with_1_2_3_bracelets(bracelets: int, after: tuple[int, ...]) -> None:
    """Trade: return k bracelets and collect columns 1..k of the boat and of every destination
    owned, applied together after the bracelets are returned (KN-6)."""
    state = trader()
    play(state, f"trade {bracelets}")
    assert tokens(state, 0) == after


def test_kn6_trade_once_before_or_after() -> None:
    """KN-6: one trade per turn, before or after the action, not both; trading k needs k
    bracelets."""
    state = trader()
    play(state, "trade 1")
    assert_illegal(state, "trade 1", "once per turn", "KN-6")
    play(state, "recruit green recruit", "take green")
    refill(state)
    assert state.current_player() == 1  # nothing left to do: no second trade
    filler_turn(state)
    play(state, "recruit yellow vp", "take yellow")
    refill(state)
    assert legal(state) == ["trade 1", "trade 2", "end turn"]
    assert_illegal(state, "trade 3", "has 2 bracelets", "KN-6")
    play(state, "trade 1")


def test_trade_card_column_draws_into_the_crew() -> None:
    """A "card" in a trade column draws a viking into the crew (a chance node), no gains."""
    state = setup(
        2,
        crews=[("purple recruit", "red vp"), ("yellow vp", "green vp")],
        hands=[
            ("purple bracelet", "red bracelet", "green recruit"),
            ("yellow reputation", "yellow reputation", "green recruit"),
        ],
        trading=("A7", "A1", "A2"),
    )
    recruit_turn(state, "purple bracelet", "purple", "blue bracelet")
    recruit_turn(state, "yellow reputation", "yellow", "yellow bracelet")
    play(state, "explore A7", "pay purple recruit", "pay purple bracelet")
    chance(state, "draw red bracelet", "reveal A3")  # immediate card, then the refill
    play(state, "trade 1")  # A7's column 1: card
    assert state.current_player() == CHANCE
    chance(state, "draw green bracelet")
    assert crew(state, 0, "green") == ["green bracelet"]
    assert tokens(state, 0)[2] == 1


# ---- KN-7: the empty deck ------------------------------------------------------------------------


def test_kn7_empty_deck_forced_discards_with_a_tie() -> None:
    """KN-7: the deck and the discard pile are empty when a viking must be drawn: every player
    tied for the most crew cards discards one of their choice, each a decision of that player,
    in turn order from the current player; then the discards are shuffled into a new deck and
    the draw happens (its contents are now public)."""
    state = setup(2)
    turns = 0
    while view(state)["decks"]["vikings"]:
        filler_turn(state)
        turns += 1
    assert turns == 15 and view(state)["discard"] == {}
    # Seat 0 has played 8 Recruits (10 crew cards), seat 1 seven (9): seat 1 recruits a tenth.
    assert state.current_player() == 1
    card = seat(state, 1)["hand"][0]
    play(state, f"recruit {card}", f"take {card.split()[0]}")
    assert phase(state) == "forced discard"
    assert view(state)["forced_discards"] == [1, 0]
    assert state.current_player() == 1
    sizes = [sum(len(c) for c in seat(state, p)["crew"].values()) for p in (0, 1)]
    assert sizes == [10, 10]
    first = legal(state)[0]
    assert first.startswith("discard ")
    assert_illegal(
        state,
        "discard blue vp" if "discard blue vp" not in legal(state) else "discard purple reputation",
        "KN-7",
    )
    play(state, first)
    assert state.current_player() == 0
    second = legal(state)[-1]
    play(state, second)
    assert state.current_player() == CHANCE
    contents = view(state)["deck_contents"]
    assert sum(contents.values()) == 2
    drawn = legal(state)[0]
    play(state, drawn)
    assert view(state)["decks"]["vikings"] == 1
    assert state.component_counts()["vikings"] == 30


def test_kn7_reshuffle_the_discard_pile() -> None:
    """KN-7: with an empty deck and cards in the discard pile, the pile becomes the new deck;
    its contents are public from then on."""
    state = explorer()
    play(state, "explore A6", "pay purple vp", "pay recruit")
    chance(state, "draw blue reputation", "reveal A7")
    end_turn(state)
    assert view(state)["deck_contents"] is None
    while view(state)["decks"]["vikings"]:
        filler_turn(state)
    assert view(state)["discard"] == {"purple vp": 1}
    filler_turn(state, prefer=["purple vp"])
    assert view(state)["deck_contents"] == {}
    assert view(state)["discard"] == {}


# ---- KN-5 and KN-8 -------------------------------------------------------------------------------


def greedy(
    state: State,
    rng: random.Random,
    prefer: Sequence[str] = ("pay", "explore", "recruit", "take", "end turn"),
) -> None:
    """One step of a seeded policy that takes the first kind of action in ``prefer`` it can;
    chance by probability. (For scenarios of dozens of turns: every step is an action string.)"""
    if state.current_player() == CHANCE:
        outcomes = state.chance_outcomes()
        x = rng.random()
        chosen = outcomes[-1][0]
        for action, p in outcomes:
            x -= p
            if x < 0:
                chosen = action
                break
        play(state, state.action_to_string(chosen))
        return
    options = legal(state)
    for prefix in prefer:
        kind = [t for t in options if t.startswith(prefix)]
        if kind:
            play(state, rng.choice(kind))
            return
    play(state, rng.choice(options))


def test_kn5_empty_destination_deck_leaves_the_slot_empty() -> None:
    """KN-5: when a destination deck is empty, an explored destination's slot stays empty."""
    state = setup(4)
    rng = random.Random(5)
    explorer_policy = ("pay", "explore A", "recruit", "take", "end turn")
    while view(state)["decks"]["Trading Lands"]:
        greedy(state, rng, explorer_policy)
    assert not state.is_terminal()
    title = "Trading Lands"
    assert view(state)["destinations"][title].count(None) == 0  # the last card was revealed
    while not view(state)["destinations"][title].count(None):
        greedy(state, rng, explorer_policy)
    assert view(state)["destinations"][title].count(None) == 1
    greedy(state, rng, explorer_policy)
    assert state.current_player() != CHANCE or not legal(state)[0].startswith("reveal A")
    assert state.component_counts()["destinations"] == 35


def test_kn8_the_round_is_played_out_after_40() -> None:
    """KN-8: the end is triggered the moment a player has 40 vp; the round is finished so that
    every player has had the same number of turns (the player to the right of the first plays
    last); there is no final scoring."""
    state = setup(3, first=1)
    rng = random.Random(3)
    turns = [0, 0, 0]
    current = state.current_player()
    turns[current] += 1
    trigger: int | None = None
    while not state.is_terminal():
        greedy(state, rng)
        v = view(state)
        if not state.is_terminal() and v["turn"] != current:
            current = v["turn"]
            turns[current] += 1
        if v["end_triggered"] and trigger is None:
            trigger = sum(turns)
            assert max(s["vp"] for s in v["seats"]) >= 40
    assert trigger is not None
    assert turns[0] == turns[1] == turns[2]
    assert current == 0  # seat 0, to the right of the first player (seat 1), played last
    assert sum(turns) - trigger < 3  # the end came within the round of the trigger


@pytest.mark.parametrize(("seed", "returns"), [(228, [1.0, 0.0]), (87, [0.5, 0.5])])
def test_kn8_tie_break_recruits_and_bracelets(seed: int, returns: list[float]) -> None:
    """KN-8: most vp wins; a tie is broken by recruits + bracelets left; a remaining tie is a
    shared win. ``scores()`` is vp plus a tenth of recruits + bracelets, so ``returns()``
    follows the tie-break. (Seeded 2-player games, setup included, that end in a vp tie: 41-41
    with 4 against 3 tokens; 40-40 with 3 and 3.)"""
    state = new_game(players=2)
    rng = random.Random(seed)
    while not state.is_terminal():
        greedy(state, rng)
    seats = view(state)["seats"]
    assert seats[0]["vp"] == seats[1]["vp"] >= 40
    for p, s in enumerate(seats):
        assert state.scores()[p] == pytest.approx(s["vp"] + (s["recruits"] + s["bracelets"]) / 10)
    assert state.returns() == returns


# ---- Skali ---------------------------------------------------------------------------------------


def raid_state(state: State) -> tuple[list[int], int, bool]:
    """(raid tokens per seat, tokens on the board, the additional token beside the board)."""
    v = view(state)
    return (
        [x["raid_tokens"] for x in v["seats"]],
        v["skali"]["raid_tokens_on_board"],
        v["skali"]["additional_token_beside_board"],
    )


def test_sk1_setup() -> None:
    """SK-1: Skali's 8 Trading Lands and 5 Lands of Influence join the decks (28, 20); a skáli
    with 1 coin each; 4 visible buildings of 35; 1 raid token per player, players + 1 on the
    board, 1 additional token beside it."""
    state = setup(3, skali=True, buildings=("5", "9", "12", "30"))
    v = view(state)
    assert v["decks"] == {"vikings": 20, "Trading Lands": 25, "Lands of Influence": 17}
    assert v["skali"]["buildings"] == ["building 5", "building 9", "building 12", "building 30"]
    assert v["skali"]["building_deck"] == 31
    assert raid_state(state) == ([1, 1, 1], 4, True)
    assert [x["coins"] for x in v["seats"]] == [1, 1, 1]
    assert state.component_counts() == {
        "vikings": 40,
        "destinations": 48,
        "buildings": 35,
        "raid tokens": 8,
    }
    assert "reveal A21" in [
        state.action_to_string(a) for a in new_game(players=3, skali=True).legal_actions()
    ]


def test_sk2_develop_once_per_turn() -> None:
    """SK-2: Develop — buy one visible building for its cost in coins, once per turn, before or
    after the action; it joins the village and its slot is refilled from the building deck."""
    state = setup(3, skali=True, buildings=("2", "3", "6", "7"))
    assert [t for t in legal(state) if t.startswith("develop")] == [
        "develop building 2",
        "develop building 6",
        "develop building 7",
    ]
    assert_illegal(state, "develop building 3", "costs 3 coins", "has 1", "SK-2")
    assert_illegal(state, "develop building 9", "not visible", "SK-2")
    play(state, "develop building 2")
    chance(state, "reveal building 9")
    assert seat(state, 0)["coins"] == 0
    assert seat(state, 0)["village"] == ["building 2"]
    assert view(state)["skali"]["buildings"] == [
        "building 9",
        "building 3",
        "building 6",
        "building 7",
    ]
    assert_illegal(state, "develop building 6", "once per turn", "SK-2")
    play(state, "recruit green recruit")  # a new colour: skáli +1 coin +1 raid; building 2 +1 rep
    assert_illegal(state, "develop building 6", "now player 1 takes a board viking")
    assert seat(state, 0)["coins"] == 0  # the village activates once the action is resolved
    play(state, "take green")
    refill(state)
    assert seat(state, 0)["coins"] == 1
    assert tokens(state, 0)[1] == 1


@pytest.mark.parametrize("board", ["rulebook", "digital"])
def test_sk3_village_lines(board: str) -> None:
    """SK-3: right after each action the village activates the matching line. Skáli, rulebook:
    new colour → 1 coin + 1 raid; existing colour → nothing; Trading Land → 1 raid; Land of
    Influence → 1 raid + 1 bracelet. ``skali_board=digital``: only 1 coin on the new-colour line
    and only 1 raid on the Land of Influence line."""
    digital = board == "digital"
    state = setup(
        3,
        skali=True,
        skali_board=board,
        crews=[("red vp", "yellow vp"), ("green vp", "blue vp"), ("red bracelet", "purple vp")],
        hands=[
            ("green recruit", "blue reputation", "purple bracelet"),
            ("green bracelet", "blue bracelet", "green recruit"),
            ("red recruit", "purple recruit", "purple bracelet"),
        ],
        trading=("A1", "A6", "A15"),
        influence=("B1", "B2", "B3"),
        buildings=("3", "9", "12", "13"),
    )

    def coins_raids_bracelets() -> tuple[int, int, int]:
        me = seat(state, 0)
        return me["coins"], me["raid_tokens"], me["bracelets"]

    play(state, "recruit green recruit", "take green")  # new colour
    refill(state)
    assert coins_raids_bracelets() == ((2, 1, 1) if digital else (2, 2, 1))
    end_turn(state)
    filler_turn(state)
    filler_turn(state)
    play(state, "recruit green vp", "take green")  # existing colour: nothing
    refill(state)
    assert coins_raids_bracelets() == ((2, 1, 1) if digital else (2, 2, 1))
    end_turn(state)
    filler_turn(state)
    filler_turn(state)
    play(state, "explore A1", "pay red vp", "pay yellow vp", "pay green recruit")  # Trading Land
    chance(state, "draw blue vp", "reveal A2")
    assert coins_raids_bracelets() == ((2, 2, 1) if digital else (2, 3, 1))
    assert tokens(state, 0)[3] == 3  # 1 + green recruit + A1
    end_turn(state)
    filler_turn(state)
    filler_turn(state)
    play(state, "explore B1", "pay green vp", "pay recruit", "pay recruit", "pay recruit")
    chance(state, "reveal B4")  # a Land of Influence: B1 +5 vp +1 recruit
    assert coins_raids_bracelets() == ((2, 3, 1) if digital else (2, 4, 2))
    assert raid_state(state)[1] == (2 if digital else 1)


def test_sk3_order_of_activation_when_it_matters() -> None:
    """SK-3: the player orders the village's effects; it matters for "lose 1 vp" at 0 vp (which
    does nothing; for the end at 40 vp, see the next test): at 0 vp, building 6 (+1 vp) and
    building 7 (-1 vp) on the Trading Land line let the player choose. Losses first keep the
    gain; gains first lose it."""
    state = setup(
        2,
        skali=True,
        crews=[("red vp", "yellow vp"), ("green vp", "blue vp")],
        hands=[
            ("green recruit", "blue reputation", "purple bracelet"),
            ("green bracelet", "blue bracelet", "green recruit"),
        ],
        trading=("A1", "A6", "A15"),
        buildings=("6", "7", "1", "2"),
    )
    play(state, "develop building 6")
    chance(state, "reveal building 9")
    play(state, "recruit green recruit", "take green")  # new colour: +1 coin, +1 raid
    refill(state)
    end_turn(state)
    filler_turn(state)
    play(state, "recruit blue reputation", "take blue")  # new colour: +1 coin
    refill(state)
    play(state, "develop building 7")  # after the action: not activated by it
    chance(state, "reveal building 10")
    end_turn(state)
    filler_turn(state)
    assert tokens(state, 0)[0] == 0
    play(state, "explore A1", "pay red vp", "pay yellow vp", "pay green recruit")
    refill(state)  # A1's card
    chance(state, "reveal A2")
    assert phase(state) == "activate village"
    assert legal(state) == ["activate skali", "activate building 6", "activate building 7"]
    losses_first = state.clone()
    play(losses_first, "activate building 7")  # -1 at 0 vp: nothing; the rest follows
    assert tokens(losses_first, 0)[0] == 1
    play(
        state,
        "activate building 6",
    )  # +1 first, then -1 (automatically)
    assert tokens(state, 0)[0] == 0
    assert phase(state) != "activate village"


SEED_118_TO_38_VP = (
    "reveal A20, reveal A5, reveal A3, reveal B8, reveal B16, reveal B6, draw purple bracelet, "
    "draw green reputation, draw green bracelet, draw blue vp, draw green recruit, "
    "draw green vp, draw purple vp, draw blue bracelet, draw yellow reputation, draw red vp, "
    "draw red recruit, draw yellow vp, draw purple recruit, draw purple reputation, "
    "draw yellow bracelet, reveal building 27, reveal building 3, reveal building 30, "
    "reveal building 2, first seat 1, explore A20, pay recruit, pay red recruit, reveal A4, "
    "develop building 2, reveal building 23, renew slots 1+3, reveal building 5, "
    "reveal building 1, trade 1, explore A4, pay green vp, pay purple vp, pay recruit, "
    "reveal A10, trade 2, develop building 5, reveal building 24, renew slot 2, "
    "reveal building 35, trade 1, recruit purple reputation, take purple, draw red bracelet, "
    "develop building 24, reveal building 8, recruit yellow reputation, take red, "
    "draw blue reputation, develop building 8, reveal building 9, recruit yellow bracelet, "
    "take yellow, draw blue recruit, trade 1, renew slots 2+3, reveal building 11, "
    "reveal building 18, recruit red vp, take red, draw blue vp, develop building 11, "
    "reveal building 28, recruit green recruit, take purple, draw red vp, develop building 28, "
    "reveal building 25, recruit blue bracelet, take blue, draw yellow reputation, trade 1, "
    "explore A3, pay recruit, pay yellow bracelet, pay purple reputation, draw yellow vp, "
    "reveal A13, trade 1, explore A5, pay blue bracelet, pay yellow reputation, pay red vp, "
    "reveal A19, end turn, explore A13, pay recruit, pay green recruit, reveal A26, trade 1, "
    "recruit purple bracelet, take purple, draw purple bracelet, develop building 23, "
    "reveal building 32, recruit red bracelet, take red, draw green vp, trade 1, "
    "develop building 32, reveal building 4, trade 1, recruit red vp, take red, draw red vp, "
    "trade 1, explore A26, pay yellow vp, pay recruit, pay red bracelet, reveal A14, "
    "recruit blue vp, take blue, draw purple recruit, develop building 4, reveal building 29, "
    "explore A19, pay recruit, pay recruit, reveal A17, trade 1, recruit green vp, take green, "
    "draw yellow vp, recruit blue vp, take yellow, draw blue reputation, develop building 29, "
    "reveal building 10, trade 1, explore A10, pay blue vp, pay recruit, reveal A16, "
    "recruit purple recruit, take green, draw red bracelet, develop building 25, "
    "reveal building 12, recruit yellow reputation, take blue, draw green recruit, "
    "develop building 12, reveal building 26, explore A17, pay yellow vp, pay recruit, "
    "reveal A9, trade 1, develop building 10, reveal building 31, recruit blue reputation, "
    "take blue, draw red vp, develop building 31, reveal building 14, explore A16, pay recruit, "
    "pay recruit, reveal A22, "
)
"""A 2-player Skali game (a seeded random game, recorded by action strings, chance included) up
to seat 0's turn at 38 vp, with buildings 5 and 23 (+1 vp each) and 31 (-1 vp) on the Trading
Land line."""


def test_sk3_order_of_activation_when_it_decides_the_end() -> None:
    """SK-3 with KN-8: the player orders the village's effects, and KN-8 triggers the end the
    moment a player has 40 vp, at any step. At 38 vp with +1, +1 and -1 on the Trading Land line,
    gains first reach 40 (the end is triggered) and losses first never do: the order matters, so
    the player chooses it, even with more vp than the losses."""
    state = new_game(players=2, skali=True)
    play(state, *SEED_118_TO_38_VP.rstrip(", ").split(", "))
    me = seat(state, 0)
    assert state.current_player() == 0 and me["vp"] == 38
    assert me["village"][:3] == ["building 5", "building 8", "building 11"]
    assert {"building 23", "building 31"} <= set(me["village"])
    play(state, "explore A9", "pay blue reputation", "pay recruit")
    chance(state, "reveal A1")
    assert phase(state) == "activate village"
    assert legal(state) == [
        "activate skali",
        "activate building 5",
        "activate building 23",
        "activate building 31",
    ]
    losses_first = state.clone()
    play(losses_first, "activate building 31")  # 37; the gains follow by themselves: 39
    assert phase(losses_first) != "activate village"
    assert tokens(losses_first, 0)[0] == 39
    assert not view(losses_first)["end_triggered"]
    play(state, "activate building 5")  # 39: +1 then -1 still decides the end
    assert phase(state) == "activate village"
    play(state, "activate building 23")  # 40: the end is triggered; the rest by itself
    assert phase(state) != "activate village"
    assert tokens(state, 0)[0] == 39
    assert view(state)["end_triggered"]


def test_sk5_worked_example() -> None:
    """SK-5, the rulebook's worked example with 4 players: A and B have 1 raid token each, C 3
    including the additional one, D 5. D wins: gains (skáli +2 vp, building 18 +1 vp), puts 1
    token back beside the board and the rest on it; A and B lose 1 vp and keep their token;
    C neither gains nor loses and returns 1 token to the board. Also SK-4: C, taking 2 tokens
    with 1 on the board, takes the additional token beside it."""
    state = setup(
        4,
        skali=True,
        crews=[
            ("green vp", "yellow vp"),
            ("blue vp", "yellow vp"),
            ("red vp", "yellow vp"),
            ("yellow bracelet", "purple vp"),
        ],
        hands=[
            ("green vp",) * 3,
            ("blue vp",) * 3,
            ("red vp", "red vp", "red bracelet"),
            ("green recruit", "blue reputation", "red bracelet"),
        ],
        market=("red recruit", "yellow vp", "green bracelet", "blue bracelet", "purple vp"),
        influence=("B16", "B1", "B2"),
        buildings=("18", "2", "3", "4"),
    )
    # Round 1: A, B, C recruit into colours they hold; D into a new colour (+1 raid).
    recruit_turn(state, "green vp", "green", "yellow reputation")
    recruit_turn(state, "blue vp", "blue", "blue recruit")
    recruit_turn(state, "red vp", "red", "red reputation")
    recruit_turn(state, "green recruit", "green", "green recruit")
    # Round 2: D recruits a new colour again, then develops building 18 (3 coins).
    recruit_turn(state, "green vp", "green", "green recruit")
    recruit_turn(state, "blue vp", "blue", "yellow bracelet")
    recruit_turn(state, "red vp", "red", "red bracelet")
    play(state, "recruit blue reputation", "take blue")
    chance(state, "draw blue bracelet")
    play(state, "develop building 18")
    chance(state, "reveal building 5")
    end_turn(state)
    # Round 3: D's new colour takes 2 tokens (skáli + building 18).
    recruit_turn(state, "green vp", "green", "purple bracelet")
    recruit_turn(state, "blue vp", "blue", "blue reputation")
    recruit_turn(state, "red bracelet", "red", "purple recruit")
    recruit_turn(state, "red bracelet", "red", "purple vp")
    assert raid_state(state) == ([1, 1, 1, 5], 1, True)
    # Round 4: C explores B16 (Land of Influence: 1 raid + 1 bracelet), the last board token;
    # then trades 2: B16's column 2 is a raid, and the board is empty: the additional token.
    recruit_turn(state, "green bracelet", "green", "purple reputation")
    recruit_turn(state, "blue bracelet", "blue", "yellow recruit")
    play(state, "explore B16", "pay red vp", "pay red vp", "pay red vp", "pay red bracelet")
    chance(state, "reveal B17")
    assert raid_state(state) == ([1, 1, 2, 5], 0, True)
    play(state, "trade 2")
    assert raid_state(state) == ([1, 1, 3, 5], 0, False)
    vp = [x["vp"] for x in view(state)["seats"]]
    assert vp[0] > 0 and vp[1] > 0
    play(state, "end turn")  # the board holds no token: the raid
    assert raid_state(state) == ([1, 1, 2, 0], 5, True)
    assert [x["vp"] for x in view(state)["seats"]] == [vp[0] - 1, vp[1] - 1, vp[2], vp[3] + 3]
    assert state.current_player() == 3
    assert state.component_counts()["raid tokens"] == 10


def two_player_raids(p1_hand: tuple[str, str, str]) -> State:
    return setup(
        2,
        skali=True,
        crews=[("red vp", "yellow vp"), ("green vp", "blue vp")],
        hands=[("red vp", "red bracelet", "green recruit"), p1_hand],
        influence=("B16", "B1", "B2"),
        buildings=("1", "2", "3", "4"),
    )


def test_sk5_two_players_fewer_loses_and_returns_one() -> None:
    """SK-5, 2 players: the one with fewer tokens applies the losses and also returns 1 token;
    the one with more gains and returns all."""
    state = two_player_raids(("purple recruit", "yellow reputation", "red bracelet"))
    recruit_turn(state, "red vp", "red", "blue bracelet")  # existing colour: +2 vp, no token
    recruit_turn(state, "purple recruit", "purple", "purple bracelet")  # new colour: 1 token
    recruit_turn(state, "red bracelet", "red", "green bracelet")
    recruit_turn(state, "yellow reputation", "yellow", "yellow bracelet")
    recruit_turn(state, "red vp", "red", "purple recruit")
    vp = [x["vp"] for x in view(state)["seats"]]
    play(state, "recruit red bracelet", "take red")  # new colour: the board's last token
    refill(state)
    assert raid_state(state) == ([1, 4], 0, True)
    end_turn(state)
    assert raid_state(state) == ([0, 0], 5, True)
    assert [x["vp"] for x in view(state)["seats"]] == [vp[0] - 1, vp[1] + 2]


def test_sk5_two_players_tie() -> None:
    """SK-5, 2 players tied: both gain and lose, both return all their tokens (the first in turn
    order from the current player puts one back beside the board, the additional one having
    been taken)."""
    state = two_player_raids(("purple recruit", "yellow reputation", "purple bracelet"))
    recruit_turn(state, "red vp", "red", "blue bracelet")
    recruit_turn(state, "purple recruit", "purple", "red recruit")
    recruit_turn(state, "red bracelet", "red", "green bracelet")
    recruit_turn(state, "yellow reputation", "yellow", "yellow bracelet")
    assert raid_state(state) == ([1, 3], 1, True)
    play(state, "explore B16", "pay red vp", "pay red vp", "pay red bracelet", "pay recruit")
    chance(state, "reveal B17")
    play(state, "trade 2")  # B16's column 2: the additional token
    assert raid_state(state) == ([3, 3], 0, False)
    vp = [x["vp"] for x in view(state)["seats"]]
    end_turn(state)
    assert raid_state(state) == ([0, 0], 5, True)
    assert [x["vp"] for x in view(state)["seats"]] == [vp[0] + 1, vp[1] + 1]


def test_sk6_change_token_and_special_building() -> None:
    """SK-6, 2 players: once while available, a player slides 1 or 2 visible buildings under the
    deck and reveals as many; the token turns unavailable; the special building turns it back
    when its owner recruits into a colour column that already held a card."""
    state = setup(
        2,
        skali=True,
        hands=[("red bracelet", "green recruit", "blue reputation"), HANDS[1]],
        buildings=("1", "2", "3", "4"),
    )
    renewals = [t for t in legal(state) if t.startswith("renew")]
    assert renewals == [
        "renew slot 1",
        "renew slot 2",
        "renew slot 3",
        "renew slot 4",
        "renew slots 1+2",
        "renew slots 1+3",
        "renew slots 1+4",
        "renew slots 2+3",
        "renew slots 2+4",
        "renew slots 3+4",
    ]
    play(state, "renew slots 1+3")
    chance(state, "reveal building 20", "reveal building 21")
    assert view(state)["skali"]["buildings"] == [
        "building 20",
        "building 2",
        "building 21",
        "building 4",
    ]
    assert view(state)["skali"]["building_deck_bottom"] == ["building 1", "building 3"]
    assert seat(state, 0)["change_token"] == "unavailable"
    assert_illegal(state, "renew slot 2", "unavailable", "SK-6")
    play(state, "recruit green recruit", "take green")  # a new colour: the token stays
    refill(state)
    assert seat(state, 0)["change_token"] == "unavailable"
    end_turn(state)
    filler_turn(state)
    play(state, "recruit red bracelet", "take red")  # red held a card: the special building
    refill(state)
    assert seat(state, 0)["change_token"] == "available"


def test_sk7_coins_count_for_nothing() -> None:
    """SK-7: coins are worth nothing at the end: the score is vp (with KN-8's tie-break)."""
    state = setup(2, skali=True)
    play(state, "recruit green recruit", "take green")  # +1 coin
    refill(state)
    me = seat(state, 0)
    assert me["coins"] == 2
    assert state.scores()[0] == pytest.approx(me["vp"] + (me["recruits"] + me["bracelets"]) / 10)


# ---- artifacts -----------------------------------------------------------------------------------


def test_artifact_random_is_a_chance_node() -> None:
    """``artifact=random``: the artifact is revealed at setup, each of the seven equally likely."""
    state = new_game(players=2, artifact="random")
    assert state.chance_outcomes() == [(a, 1 / 7) for a in state.legal_actions()]
    assert legal(state)[0] == "artifact Mead Cup"
    play(state, "artifact Helmet")
    assert view(state)["artifact"] == "Helmet"


def test_artifact_mead_cup() -> None:
    """Mead Cup: when you Explore, you may discard one board viking and refill its slot."""
    state = explorer(artifact="mead_cup")
    play(state, "explore A6", "pay purple vp", "pay recruit")
    chance(state, "draw blue reputation", "reveal A7")
    assert legal(state) == [
        "mead red",
        "mead yellow",
        "mead green",
        "mead blue",
        "mead purple",
        "no mead",
    ]
    play(state, "mead yellow")
    assert view(state)["discard"] == {"purple vp": 1, "yellow vp": 1}
    chance(state, "draw green bracelet")
    assert view(state)["market"]["yellow"] == "green bracelet"
    recruit_state = explorer(artifact="mead_cup")
    play(recruit_state, "recruit purple bracelet", "take purple")
    refill(recruit_state)
    assert phase(recruit_state) != "mead cup"  # only after an Explore


def test_artifact_silver_coins() -> None:
    """Silver coins: recruiting the 4th or later viking of a colour gives +1 vp."""
    state = setup(
        2,
        artifact="silver_coins",
        crews=[("red vp", "yellow vp"), CREWS[1]],
        hands=[("red bracelet", "red recruit", "red vp"), HANDS[1]],
    )
    recruit_turn(state, "red bracelet", "red", "blue bracelet")  # 2nd red: +1 vp +1 bracelet
    filler_turn(state)
    play(state, "recruit red recruit", "take red")  # 3rd red: +1 vp
    refill(state)
    end_turn(state)
    assert tokens(state, 0)[0] == 2
    filler_turn(state)
    play(state, "recruit red vp")  # 4th red: 2 vp cards + 1
    assert tokens(state, 0)[0] == 5


def test_artifact_cauldron() -> None:
    """Cauldron: recruiting the 2nd viking of a colour lets you take any board viking without
    spending a recruit."""
    state = setup(
        2,
        artifact="cauldron",
        hands=[("red bracelet", "green recruit", "blue reputation"), HANDS[1]],
    )
    play(state, "recruit red bracelet")  # the 2nd red
    play(state, "take purple")
    assert tokens(state, 0)[3] == 1  # no recruit spent
    refill(state)
    end_turn(state)
    filler_turn(state)
    play(state, "recruit green recruit", "take purple")  # the 1st green: the usual rule
    assert tokens(state, 0)[3] == 1  # 1 + 1 (green recruit) - 1


def test_artifact_golden_bracelet() -> None:
    """Golden bracelet: recruiting the 3rd viking of a colour lets you reserve a visible
    destination (at most 2); its slot is refilled; you may later explore it."""
    state = setup(
        2,
        artifact="golden_bracelet",
        hands=[("red bracelet", "red recruit", "blue reputation"), HANDS[1]],
        trading=("A18", "A1", "A6"),
    )
    recruit_turn(state, "red bracelet", "red", "blue bracelet")  # 2nd red: nothing
    filler_turn(state)
    play(state, "recruit red recruit")  # 3rd red
    assert phase(state) == "reserve"
    assert legal(state) == [
        "reserve A1",
        "reserve A6",
        "reserve A18",
        "reserve B1",
        "reserve B4",
        "reserve B6",
        "no reserve",
    ]
    play(state, "reserve A18")
    chance(state, "reveal A2")
    assert seat(state, 0)["reserved"] == ["A18"]
    assert view(state)["destinations"]["Trading Lands"] == ["A2", "A1", "A6"]
    play(state, "take red")
    refill(state)
    end_turn(state)
    filler_turn(state)
    assert "explore A18" in legal(state)
    play(state, "explore A18", "pay red vp", "pay red bracelet")
    chance(state, "draw green bracelet")  # A18's card; no slot to refill
    assert seat(state, 0)["destinations"] == ["A18"]
    assert seat(state, 0)["reserved"] == []


def test_artifact_helmet() -> None:
    """Helmet: exploring a Land of Influence right after your previous destination was a Trading
    Land gives an extra Recruit action (which may be declined)."""
    state = setup(2, artifact="helmet", trading=("A1", "A6", "A15"), influence=("B4", "B1", "B2"))
    recruit_turn(state, "green recruit", "green", "yellow bracelet")  # recruits: 2
    filler_turn(state)
    play(state, "explore A1", "pay red vp", "pay yellow vp", "pay green recruit")  # Trading Land
    chance(state, "draw red bracelet", "reveal A2")  # A1: +1 recruit, +1 rep, +1 card
    end_turn(state)
    filler_turn(state)
    play(state, "recruit blue reputation", "take blue")
    refill(state)
    end_turn(state)
    filler_turn(state)
    play(state, "recruit purple bracelet", "take purple")
    refill(state)
    end_turn(state)
    filler_turn(state)
    assert tokens(state, 0)[3] == 3
    play(
        state,
        "explore B4",
        "pay red bracelet",
        "pay blue reputation",
        "pay purple bracelet",
        "pay recruit",
        "pay recruit",
    )
    chance(state, "draw green bracelet", "reveal B3")  # B4: +4 vp, tokens, +1 card
    assert phase(state) == "extra action"
    options = legal(state)
    assert options[-1] == "skip extra"
    assert all(t.startswith("recruit") for t in options[:-1])
    play(state, options[0], "take " + options[0].split()[1])
    refill(state)
    assert seat(state, 0)["hand_size"] == 3


def test_artifact_amulet() -> None:
    """Amulet: completing a row of 5 colours in your crew gives bracelet + recruit + reputation."""
    state = setup(2, artifact="amulet")
    recruit_turn(state, "green recruit", "green", "red bracelet")
    filler_turn(state)
    recruit_turn(state, "blue reputation", "blue", "blue bracelet")
    filler_turn(state)
    before = tokens(state, 0)
    play(state, "recruit purple bracelet")  # the 5th colour: row 1 complete
    after = tokens(state, 0)
    assert (after[1] - before[1], after[2] - before[2], after[3] - before[3]) == (1, 2, 1)


def test_artifact_weathervane() -> None:
    """Weathervane: completing a row of 5 colours gives an extra Explore (which may be
    declined)."""
    state = setup(2, artifact="weathervane", trading=("A1", "A6", "A15"))
    recruit_turn(state, "green recruit", "green", "red bracelet")
    filler_turn(state)
    recruit_turn(state, "blue reputation", "blue", "blue bracelet")
    filler_turn(state)
    play(state, "recruit purple bracelet", "take purple")
    refill(state)
    assert phase(state) == "extra action"
    assert legal(state)[-1] == "skip extra"
    assert "explore A1" in legal(state)
    declined = state.clone()
    play(declined, "skip extra")
    assert phase(declined) == "after action"
    play(state, "explore A1", "pay red vp", "pay yellow vp", "pay green recruit")
    chance(state, "draw yellow bracelet", "reveal A2")
    assert seat(state, 0)["destinations"] == ["A1"]


def test_extra_action_is_of_its_kind() -> None:
    """An extra action is the one earned: after Weathervane's extra Explore, a Recruit is
    refused with the reason."""
    state = setup(2, artifact="weathervane", trading=("A1", "A6", "A15"))
    recruit_turn(state, "green recruit", "green", "red bracelet")
    filler_turn(state)
    recruit_turn(state, "blue reputation", "blue", "blue bracelet")
    filler_turn(state)
    play(state, "recruit purple bracelet", "take purple")
    refill(state)
    hand = seat(state, 0)["hand"]
    assert_illegal(state, f"recruit {hand[0]}", "extra Explore (Weathervane")


# ---- options of the digital adaptation (KN-9, KN-10) ---------------------------------------------


def test_kn9_boat_random_is_drawn_first_at_setup() -> None:
    """KN-9: ``boat=random`` draws one side at setup, each 1/2, before anything else; every
    player uses it; the option keeps its value and the view names the side drawn."""
    state = new_game(players=3, boat="random")
    assert phase(state) == "boat"
    assert legal(state) == ["boat normal", "boat advanced"]
    assert state.chance_outcomes() == [(a, 0.5) for a in state.legal_actions()]
    assert view(state)["boat"] is None
    assert "random (to be drawn, KN-9) boats" in str(state)
    assert_illegal(state, "reveal A7", "boat side is drawn", "KN-9")
    play(state, "boat advanced")
    assert phase(state) == "reveal"
    assert view(state)["boat"] == "advanced"
    assert view(state)["options"]["boat"] == "random"
    assert "3 players, advanced boats" in str(state)
    assert "boat [vp | - | bracelet]" in str(state)


@pytest.mark.parametrize(
    ("side", "columns", "vp"),
    [("advanced", "boat [vp | - | bracelet]", 1), ("normal", "boat [- | recruit | -]", 0)],
)
def test_kn9_the_side_drawn_is_every_boat(side: str, columns: str, vp: int) -> None:
    """KN-9: the drawn side is every seat's boat, exactly as if it had been chosen as the
    option: the same table and legal actions; trading 1 bracelet collects column 1 (+1 vp on
    the advanced side, nothing on the normal one)."""
    state = setup(2, boat="random", reveal_boat=side)
    fixed = setup(2, boat=side)
    assert str(state) == str(fixed)
    assert str(state).count(columns) == 2
    for table in (state, fixed):
        assert legal(table) == legal(fixed)
        play(table, "trade 1")
        assert tokens(table, 0) == (vp, 0, 0, 1)
        play(table, "recruit green recruit", "take green")
        chance(table, "draw red bracelet")
    assert str(state) == str(fixed)


def test_kn9_a_random_boat_record_replays_exactly() -> None:
    """KN-9: the draw is a chance outcome in the history ("boat normal" / "boat advanced"), so
    a record replays move for move to the same table."""
    from langbord.agents import RandomAgent
    from langbord.record import replay

    game = langbord.load("knarr", players=2, boat="random")
    sides = set()
    for seed in range(6):
        record = langbord.play_game(game, [RandomAgent(seed), RandomAgent(seed + 1)], seed)
        assert record["actions"][0] in ("boat normal", "boat advanced")
        sides.add(record["actions"][0])
        state = replay(record)
        assert state.is_terminal()
        assert view(state)["boat"] == record["actions"][0].split()[1]
        again = game.new_initial_state()
        for text in record["actions"]:
            play(again, text)
        assert str(again) == str(state)
    assert sides == {"boat normal", "boat advanced"}


def test_kn9_boat_draw_only_with_boat_random() -> None:
    """KN-9: with a side chosen as the option there is no draw, and "boat …" is refused."""
    state = new_game(players=2, boat="advanced")
    assert phase(state) == "reveal"
    assert view(state)["boat"] == "advanced"
    assert_illegal(state, "boat normal", "destination is revealed")


def test_kn10_two_players_mead_cup_and_one_other() -> None:
    """KN-10: ``artifact=two-player-mead-cup`` with 2 players puts the Mead Cup in play and
    draws one other artifact, each of the six 1/6; both apply (here the Cauldron's free take
    after a colour's 2nd viking, then the Mead Cup after an Explore)."""
    state = new_game(players=2, artifact="two-player-mead-cup")
    assert phase(state) == "artifact"
    assert view(state)["artifacts"] == ["Mead Cup"]
    assert "artifact Mead Cup" not in legal(state)
    assert len(legal(state)) == 6
    assert state.chance_outcomes() == [(a, 1 / 6) for a in state.legal_actions()]
    assert_illegal(state, "artifact Mead Cup", "already in play", "KN-10")
    play(state, "artifact Cauldron")
    assert view(state)["artifacts"] == ["Mead Cup", "Cauldron"]
    assert view(state)["artifact"] == "Mead Cup + Cauldron"
    assert "Artifacts: Mead Cup + Cauldron" in str(state)

    state = explorer(artifact="two-player-mead-cup", reveal_artifact="Cauldron")
    play(state, "recruit red bracelet", "take yellow")  # the 2nd red: any slot, no recruit
    assert tokens(state, 0)[3] == 1
    chance(state, "draw green bracelet")
    end_turn(state)
    filler_turn(state)
    play(state, "explore A6", "pay purple vp", "pay recruit")
    chance(state, "draw blue reputation", "reveal A7")
    assert phase(state) == "mead cup"
    green = view(state)["market"]["green"]
    assert green == "purple recruit"  # seat 1's filler turn took green vp and refilled it
    play(state, "mead green")
    assert view(state)["discard"] == {"purple vp": 1, "purple recruit": 1}
    assert view(state)["market"]["green"] is None
    chance(state, "draw blue bracelet")
    assert view(state)["market"]["green"] == "blue bracelet"


@pytest.mark.parametrize("players", [3, 4])
def test_kn10_three_or_four_players_is_random(players: int) -> None:
    """KN-10: with 3–4 players ``two-player-mead-cup`` is ``random``: one artifact of seven,
    each 1/7, the Mead Cup among them."""
    state = new_game(players=players, artifact="two-player-mead-cup")
    same = new_game(players=players, artifact="random")
    assert view(state)["artifacts"] == []
    assert state.chance_outcomes() == same.chance_outcomes()
    assert "artifact Mead Cup" in legal(state)
    play(state, "artifact Mead Cup")
    assert view(state)["artifacts"] == ["Mead Cup"]
    assert view(state)["artifact"] == "Mead Cup"


def test_kn9_kn10_setup_order_boat_then_artifact() -> None:
    """KN-9 and KN-10 together: the boat side is drawn, then the artifact, then the
    destinations are revealed."""
    state = new_game(players=2, boat="random", artifact="two-player-mead-cup")
    play(state, "boat normal")
    assert phase(state) == "artifact"
    play(state, "artifact Weathervane")
    assert phase(state) == "reveal"
    assert view(state)["artifacts"] == ["Mead Cup", "Weathervane"]


# ---- the table as text ---------------------------------------------------------------------------


def test_text_rendering_shows_the_table() -> None:
    """``str(state)``: the market, destinations, every crew, boat and destinations, tracks and
    tokens; with Skali, villages, coins, raid tokens on and beside the board, buildings."""
    state = setup(2, skali=True, buildings=("18", "2", "3", "4"))
    text = str(state)
    for fragment in (
        "Market: red: red vp",
        "A6 (Trading Land): 2 purple",
        "B1 (Land of Influence): 4 of one colour → +5 vp, +1 recruit",
        "player 1: vp 0, reputation 0, bracelets 1, recruits 1, coins 1, raid tokens 1",
        "crew: red [vp]  yellow [vp]",
        "boat [- | recruit | -]",
        "village: skáli: explore land of influence: +1 bracelet, +1 raid",
        "Raid tokens: 3 on the board, additional token beside the board",
        "building 18 (cost 3)",
        "change token available",
    ):
        assert fragment in text, fragment


def test_sk4_the_third_token_is_lost() -> None:
    """SK-4: a raid gain takes a token from the board, then the additional token beside it;
    beyond that the gain is lost. (With the Helmet, seat 0 explores B16 after a Trading Land:
    the Land of Influence line takes the board's last token, the extra Recruit into a new
    colour takes the additional one, and trading B16's raid column gains nothing.)"""
    state = setup(
        2,
        skali=True,
        artifact="helmet",
        crews=[("red vp", "purple vp"), ("green vp", "blue vp")],
        hands=[
            ("red bracelet", "red recruit", "purple recruit"),
            ("green bracelet", "blue bracelet", "yellow reputation"),
        ],
        market=("green recruit", "yellow vp", "green vp", "blue vp", "purple bracelet"),
        trading=("A6", "A1", "A15"),
        influence=("B16", "B1", "B2"),
    )
    play(state, "recruit red bracelet", "take red")  # the green recruit
    refill(state)
    end_turn(state)
    filler_turn(state)
    play(state, "recruit red recruit", "take red")
    refill(state)
    end_turn(state)
    filler_turn(state)
    play(state, "explore A6", "pay purple vp", "pay recruit")  # a Trading Land: 1 token
    refill(state)
    chance(state, "reveal A2")
    end_turn(state)
    play(state, "recruit yellow reputation", "take yellow")  # seat 1: a new colour, 1 token
    refill(state)
    end_turn(state)
    assert raid_state(state) == ([2, 2], 1, True)
    play(state, "explore B16", "pay red vp", "pay red bracelet", "pay red recruit", "pay recruit")
    chance(state, "reveal B17")
    assert raid_state(state) == ([3, 2], 0, True)  # the board's last token
    assert phase(state) == "extra action"  # Helmet: a Land of Influence after a Trading Land
    play(state, "recruit green recruit", "take green")  # a new colour: 1 token
    refill(state)
    assert raid_state(state) == ([4, 2], 0, False)  # the additional token
    play(state, "trade 2")  # B16's column 2: a raid token, but none is left: lost
    assert raid_state(state) == ([4, 2], 0, False)
    assert state.component_counts()["raid tokens"] == 6


def replay_to(state: State, steps: int) -> State:
    """The state after the first ``steps`` actions of ``state``'s history."""
    earlier = state.game.new_initial_state()
    for action in state.history()[:steps]:
        earlier.apply_action(action)
    return earlier


def test_the_view_declaration_names_the_engines_values() -> None:
    """The closed value sets of ``engines/knarr/views.py`` are the engine's own (its Literals are
    written out for the schema, so a renamed phase or colour must show here)."""
    assert get_args(views.KnarrColour) == data.COLOURS
    assert get_args(views.KnarrBoatSide) == data.BOAT_SIDES
    assert (*get_args(views.KnarrBoatSide), "random") == BOAT_OPTIONS
    assert get_args(views.KnarrSkaliBoard) == tuple(data.SKALI_BOARDS)
    assert get_args(views.KnarrArtifactOption) == ARTIFACT_OPTIONS
    assert get_args(views.KnarrArtifact) == data.ARTIFACT_TITLES
    assert get_args(views.KnarrPhase) == KnarrState.flow.names
    assert get_args(views.KnarrLine) == data.LINE_TEXT
    assert tuple(views.KnarrMarket.__annotations__) == data.COLOURS
    assert tuple(views.KnarrCrew.__annotations__) == data.COLOURS
