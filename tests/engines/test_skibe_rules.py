"""Scenario tests for Skibe: every rule of rulebooks/skibe.txt and rulings SB-1…SB-9, walked from
the initial state by action strings alone, with every chance outcome chosen explicitly.

Seats: 0 red, 1 blue, 2 yellow, 3 green, 4 purple (SB-2). Most scenarios use 3 players, whose
deck (SB-1) holds 27 cards: two copies of each single-shield card (red/blue/yellow, F and E), one
of each double and of each two-colour card that shows red, blue or yellow.
"""

from __future__ import annotations

from typing import Any

import pytest

import langbord
from langbord import CHANCE, IllegalActionError, InvalidActionError, State

from .scenario import assert_illegal, legal, play, snapshot

# ---- helpers -------------------------------------------------------------------------------------


def new_game(players: int = 3) -> State:
    return langbord.load("skibe", players=players).new_initial_state()


def view(state: State) -> dict[str, Any]:
    return dict(state.view(None))


def phase(state: State) -> str:
    return str(view(state)["phase"])


def cards(state: State, ship: int) -> list[str]:
    """The Viking cards of ship ``ship`` (1–3), from the bow outward."""
    return [v["card"] for v in view(state)["ships"][ship - 1]["vikings"]]


def stones(state: State, ship: int) -> list[int]:
    """Equipment stones on each Viking card of ship ``ship``."""
    return [v["equipment"] for v in view(state)["ships"][ship - 1]["vikings"]]


def bows(state: State) -> list[int]:
    return [s["bow_food"] for s in view(state)["ships"]]


def chieftains(state: State, ship: int) -> list[tuple[str, str]]:
    """(owner, action) of ship ``ship``'s chieftains, from the bow outward."""
    return [(c["owner"], c["action"]) for c in view(state)["ships"][ship - 1]["chieftains"]]


def deal(state: State, *names: str) -> None:
    """Reveal the named cards, one chance node each (``red/blue F`` → ``reveal red/blue F``)."""
    for name in names:
        assert state.current_player() == CHANCE
        play(state, f"reveal {name}")


STANDARD = (("red F", "blue E"), ("yellow F", "red/blue F"), ("blue/green E", "red/red E"))
STANDARD_DISPLAY = ("yellow E", "blue F", "red E")


def opening(
    players: int = 3,
    ships: tuple[tuple[str, str], tuple[str, str], tuple[str, str]] = STANDARD,
    display: tuple[str, str, str] = STANDARD_DISPLAY,
) -> State:
    """A new game after the opening deal: 2 cards to ship 1, 2, 3, then d1, d2, d3."""
    state = new_game(players)
    for first, second in ships:
        deal(state, first, second)
    deal(state, *display)
    return state


def extend(
    state: State,
    source: str,
    ship: int,
    reveal: str | None,
    cargo: str | None = None,
    chief: str = "pass",
) -> None:
    """One 'extend' turn by strings. ``source`` is ``take dN`` (then ``reveal`` names the card
    refilling the slot, or None when the pile is empty) or ``draw`` (``reveal`` names the card
    drawn). ``cargo`` defaults to the first legal loading, if the engine asks for one at all;
    ``chief`` is the chieftain played, or "pass", if the engine asks."""
    play(state, source)
    if source == "draw":
        assert reveal is not None
        deal(state, reveal)
    play(state, f"lay {ship}")
    if phase(state) in ("food", "equipment"):
        play(state, cargo if cargo is not None else legal(state)[0])
    else:
        assert cargo is None, f"no cargo decision after laying, phase {phase(state)}"
    if phase(state) == "chieftain":
        play(state, chief)
    else:
        assert chief == "pass", f"no chieftain decision, phase {phase(state)}"
    if source == "draw":
        return
    if reveal is None:
        assert state.current_player() != CHANCE, "the display slot is refilled: name the card"
    else:
        deal(state, reveal)


# ---- SB-1: the deck ------------------------------------------------------------------------------

ABSENT = {
    3: [
        "green F",
        "green E",
        "purple F",
        "purple E",
        "green/green F",
        "green/green E",
        "purple/purple F",
        "purple/purple E",
        "green/purple F",
    ],
    4: ["purple F", "purple E", "purple/purple F", "purple/purple E"],
    5: [],
}


@pytest.mark.parametrize(("players", "size"), [(3, 27), (4, 34), (5, 40)])
def test_sb1_deck_size_and_the_cards_removed_per_player_count(players: int, size: int) -> None:
    """SB-1: 40 cards; with fewer than 5 players every card whose shields are all of unused
    colours is removed (34 with 4 players, 27 with 3); cards showing one used colour stay."""
    state = new_game(players)
    assert state.current_player() == CHANCE
    assert view(state)["pile"] == size
    assert state.component_counts()["vikings"] == size
    outcomes = {state.action_to_string(a): p for a, p in state.chance_outcomes()}
    assert [state.action_to_string(a) for a in state.legal_actions()] == list(outcomes)
    assert sum(p * size for p in outcomes.values()) == pytest.approx(size)
    assert len(outcomes) == 30 - len(ABSENT[players])
    for name in ABSENT[players]:
        assert f"reveal {name}" not in outcomes
        assert_illegal(state, f"reveal {name}", f"no {name} card is left in the draw pile")
    # Mixed cards showing at least one colour in play are kept (purple/red with 3 players).
    for name in ("purple/red F", "yellow/purple E", "blue/green E", "green/red E"):
        assert f"reveal {name}" in outcomes


def test_sb1_first_deal_probabilities_follow_the_card_counts() -> None:
    """SB-1: a chance outcome's probability is its copies over the cards left in the pile."""
    state = new_game(3)
    outcomes = {state.action_to_string(a): p for a, p in state.chance_outcomes()}
    assert outcomes["reveal red F"] == pytest.approx(2 / 27)
    assert outcomes["reveal yellow E"] == pytest.approx(2 / 27)
    assert outcomes["reveal red/red F"] == pytest.approx(1 / 27)
    assert outcomes["reveal red/blue F"] == pytest.approx(1 / 27)
    assert outcomes["reveal purple/red F"] == pytest.approx(1 / 27)
    assert sum(outcomes.values()) == pytest.approx(1.0)
    deal(state, "red F")
    outcomes = {state.action_to_string(a): p for a, p in state.chance_outcomes()}
    assert outcomes["reveal red F"] == pytest.approx(1 / 26)
    assert outcomes["reveal blue F"] == pytest.approx(2 / 26)
    deal(state, "red F")
    assert "reveal red F" not in legal(state)
    assert_illegal(state, "reveal red F", "no red F card is left")
    assert view(state)["ships"][0]["vikings"] == [
        {"card": "red F", "equipment": 0},
        {"card": "red F", "equipment": 0},
    ]


def test_sb1_every_colour_has_twelve_shields_on_ten_cards() -> None:
    """SB-1: in the full deck (5 players) every colour shows 12 shields on 10 cards; 20 cards
    carry food, 20 equipment."""
    state = new_game(5)
    shields = dict.fromkeys(("red", "blue", "yellow", "green", "purple"), 0)
    on_cards = dict.fromkeys(shields, 0)
    cargo = {"F": 0, "E": 0}
    for action, p in state.chance_outcomes():
        copies = round(p * 40)
        colours, symbol = state.action_to_string(action).removeprefix("reveal ").split(" ")
        cargo[symbol] += copies
        for colour in colours.split("/"):
            shields[colour] += copies
        for colour in set(colours.split("/")):
            on_cards[colour] += copies
    assert shields == dict.fromkeys(shields, 12)
    assert on_cards == dict.fromkeys(shields, 10)
    assert cargo == {"F": 20, "E": 20}


# ---- SB-2 and setup ------------------------------------------------------------------------------


def test_sb2_setup_and_seat_zero_starts() -> None:
    """Setup and SB-2: the opening deal is 9 chance nodes (2 cards per ship, top to bottom, then
    the display); each bow holds 1 food, the stock 3 food and 4 equipment; every player holds 5
    chieftains and 2 sterns; seat 0 (red) takes the first turn."""
    state = new_game(3)
    table = view(state)
    assert bows(state) == [1, 1, 1]
    assert table["stock"] == {"food": 3, "equipment": 4}
    deal(state, "red F", "blue E", "yellow F", "red/blue F", "blue/green E", "red/red E")
    assert state.current_player() == CHANCE
    assert view(state)["display"] == [None, None, None]
    deal(state, "yellow E", "blue F")
    assert state.current_player() == CHANCE
    deal(state, "red E")
    assert state.current_player() == 0
    table = view(state)
    assert table["players"] == ["red", "blue", "yellow"]
    assert table["turn"] == 0
    assert table["phase"] == "choose"
    assert [cards(state, s) for s in (1, 2, 3)] == [list(pair) for pair in STANDARD]
    assert [stones(state, s) for s in (1, 2, 3)] == [[0, 0], [0, 0], [0, 0]]
    assert table["display"] == list(STANDARD_DISPLAY)
    assert table["pile"] == 27 - 9
    assert bows(state) == [1, 1, 1]
    assert table["stock"] == {"food": 3, "equipment": 4}
    full_hand = ["equipment", "food", "remove", "swap", "protection"]
    assert table["hands"] == [{"chieftains": full_hand, "sterns": 2}] * 3
    assert [s["chieftains"] for s in table["ships"]] == [[], [], []]
    assert [s["stern"] for s in table["ships"]] == [None, None, None]
    assert table["scores"] == [0, 0, 0]
    assert table["sheet"] == []
    assert state.scores() == [0.0, 0.0, 0.0]
    assert legal(state) == ["take d1", "take d2", "take d3", "draw"]


def test_sb2_turns_follow_seat_order() -> None:
    """SB-2: play goes on in seat order, red, blue, yellow, then red again."""
    state = opening(3)
    seen = []
    for refill in ("red F", "blue F", "yellow F", "red/red F"):
        seen.append(state.current_player())
        extend(state, "take d2", 1 + len(seen) % 3, refill)
    assert seen == [0, 1, 2, 0]
    assert state.current_player() == 1
    assert view(state)["turn"] == 1


# ---- Extend a ship -------------------------------------------------------------------------------


def test_extend_take_a_display_card_and_refill_the_display_from_the_pile() -> None:
    """Rulebook 'Extend' and 'Ending your turn': the player takes a display card, lays it at the
    end of a ship, loads its cargo, may play a chieftain; then the empty display slot is refilled
    from the pile, which is a chance node."""
    state = opening(3)
    play(state, "take d2")
    table = view(state)
    assert table["held"] == "blue F"
    assert table["display"] == ["yellow E", None, "red E"]
    assert table["phase"] == "lay"
    assert legal(state) == ["lay 1", "lay 2", "lay 3"]
    play(state, "lay 3")
    assert cards(state, 3) == ["blue/green E", "red/red E", "blue F"]
    assert view(state)["last_laid"] == "blue F"
    assert legal(state) == ["food 1", "food 2", "food 3"]
    play(state, "food 3")
    assert bows(state) == [1, 1, 2]
    assert view(state)["stock"]["food"] == 2
    assert phase(state) == "chieftain"
    play(state, "pass")
    # The refill: a chance node, still in red's turn.
    assert state.current_player() == CHANCE
    assert view(state)["turn"] == 0
    assert view(state)["pile"] == 18
    play(state, "reveal yellow/yellow F")
    table = view(state)
    assert table["display"] == ["yellow E", "yellow/yellow F", "red E"]
    assert table["pile"] == 17
    assert state.current_player() == 1


def test_extend_draw_reveals_the_card_then_the_player_lays_it() -> None:
    """Rulebook 'Extend': drawing the top card of the pile is a chance node (the card is
    revealed), then the player chooses its ship; the display is not refilled."""
    state = opening(3)
    play(state, "draw")
    assert state.current_player() == CHANCE
    assert view(state)["pile"] == 18
    play(state, "reveal green/red E")
    table = view(state)
    assert table["held"] == "green/red E"
    assert table["pile"] == 17
    assert state.current_player() == 0
    assert legal(state) == ["lay 1", "lay 2", "lay 3"]
    play(state, "lay 2")
    assert cards(state, 2) == ["yellow F", "red/blue F", "green/red E"]
    # Equipment may not go on a card showing red or green: only blue E (1.2) and yellow F (2.1).
    assert legal(state) == ["equip 1.2", "equip 2.1"]
    play(state, "equip 2.1", "pass")
    assert state.current_player() == 1
    assert view(state)["display"] == list(STANDARD_DISPLAY)
    assert stones(state, 2) == [1, 0, 0]
    assert view(state)["stock"]["equipment"] == 3


@pytest.mark.parametrize(("players", "limit"), [(3, 5), (4, 6), (5, 7)])
def test_lay_only_in_a_ship_below_its_limit(players: int, limit: int) -> None:
    """Rulebook 'Maximum Viking cards per ship': 5, 6 or 7 with 3, 4 or 5 players; a full ship
    takes no more Viking cards."""
    state = opening(players)
    assert view(state)["ship_limit"] == limit
    refills = ["red F", "blue F", "yellow F", "red/red F", "blue/blue F"]
    for refill in refills[: limit - 2]:
        extend(state, "take d1", 1, refill)
    assert len(cards(state, 1)) == limit
    play(state, "take d1")
    assert legal(state) == ["lay 2", "lay 3"]
    assert_illegal(
        state, "lay 1", f"ship 1 already has {limit} Viking cards, the limit with {players} players"
    )
    play(state, "lay 2")
    assert len(cards(state, 2)) == 3


# ---- Food cargo (SB-3) ---------------------------------------------------------------------------

FOOD_DISPLAY = ("red F", "blue F", "yellow F")


def test_food_cargo_comes_from_the_stock_while_it_has_food() -> None:
    """Rulebook 'Food supplies' and SB-3: a food card puts 1 food stone on any bow; while the stock
    has food, it must come from the stock: neither moving a stone nor loading nothing is legal."""
    state = opening(3, display=FOOD_DISPLAY)
    play(state, "take d2", "lay 1")
    assert legal(state) == ["food 1", "food 2", "food 3"]
    assert_illegal(state, "no food", "compulsory", "SB-3")
    assert_illegal(state, "food 1>2", "the stock still has food", "SB-3")
    play(state, "food 2")
    assert bows(state) == [1, 2, 1]
    assert view(state)["stock"]["food"] == 2
    assert state.component_counts()["food"] == 6


def test_sb3_food_with_an_empty_stock_moves_from_a_bow_holding_two_or_more() -> None:
    """SB-3: once the stock's 3 food stones are on bows, a food card lets the player move one
    stone from a bow holding 2 or more to another bow, or load nothing; never a bow's last stone
    (rulebook 'Important')."""
    state = opening(3, display=FOOD_DISPLAY)
    extend(state, "take d1", 1, "purple/red F", cargo="food 1")
    extend(state, "take d1", 2, "blue/yellow F", cargo="food 1")
    extend(state, "take d1", 3, "yellow/yellow F", cargo="food 1")
    assert bows(state) == [4, 1, 1]
    assert view(state)["stock"]["food"] == 0
    # Red: only bow 1 can give a stone.
    play(state, "take d2", "lay 1")
    assert legal(state) == ["food 1>2", "food 1>3", "no food"]
    assert_illegal(state, "food 2", "the stock has no food", "SB-3")
    assert_illegal(state, "food 2>3", "bow 2 has its last food stone", "SB-3")
    play(state, "food 1>3", "pass", "reveal red/red F")
    assert bows(state) == [3, 1, 2]
    # Blue: bows 1 and 3 can give; loading nothing is allowed.
    play(state, "take d3", "lay 2")
    assert legal(state) == ["food 1>2", "food 1>3", "food 3>1", "food 3>2", "no food"]
    play(state, "no food", "pass", "reveal blue/blue F")
    assert bows(state) == [3, 1, 2]
    assert view(state)["stock"]["food"] == 0
    assert state.current_player() == 2


# ---- Equipment cargo -----------------------------------------------------------------------------


def test_equipment_rulebook_example_not_on_a_card_showing_the_laid_colour() -> None:
    """Rulebook 'Equipment', its own example: a card with a blue shield was laid, so the
    equipment may not go on any card showing blue (rulings A.2: sharing no shield colour) — the
    card just laid included, two-colour cards with blue too."""
    state = opening(
        3,
        ships=(("red F", "blue F"), ("yellow E", "red/blue F"), ("yellow/yellow F", "red/red E")),
        display=("blue E", "blue/green E", "red E"),
    )
    play(state, "take d1", "lay 3")
    assert cards(state, 3) == ["yellow/yellow F", "red/red E", "blue E"]
    assert legal(state) == ["equip 1.1", "equip 2.1", "equip 3.1", "equip 3.2"]
    assert_illegal(
        state, "equip 3.3", "card 3.3 (blue E) shares a shield colour", "(blue E)", "rulebook"
    )
    assert_illegal(state, "equip 1.2", "card 1.2 (blue F) shares a shield colour")
    assert_illegal(state, "equip 2.2", "card 2.2 (red/blue F) shares a shield colour")
    assert_illegal(state, "equip 1.3", "there is no card 1.3")
    assert_illegal(state, "no equip", "compulsory")
    assert_illegal(state, "equip 1.1>2.1", "the stock still has equipment")
    play(state, "equip 3.2")
    assert stones(state, 3) == [0, 1, 0]
    assert view(state)["stock"]["equipment"] == 3
    # A two-colour card forbids both of its colours: blue/green E allows red/yellow-only cards.
    play(state, "pass", "reveal yellow E", "take d2", "lay 2")
    assert legal(state) == ["equip 1.1", "equip 2.1", "equip 3.1", "equip 3.2"]


def test_equipment_with_no_allowed_card_is_not_loaded_and_the_turn_goes_on() -> None:
    """Rulebook 'Equipment': if no Viking card in the ships may take the stone, no equipment is
    loaded this turn; the turn goes on with the chieftain decision."""
    state = opening(
        3,
        ships=(("red F", "red E"), ("red/red F", "red/blue F"), ("red/yellow E", "purple/red F")),
        display=("red E", "blue F", "yellow F"),
    )
    play(state, "take d1", "lay 2")
    assert phase(state) == "chieftain"
    assert "pass" in legal(state)
    assert not any(a.startswith("equip") or a == "no equip" for a in legal(state))
    assert view(state)["stock"]["equipment"] == 4
    assert [stones(state, s) for s in (1, 2, 3)] == [[0, 0], [0, 0, 0], [0, 0]]
    play(state, "pass", "reveal blue E")
    assert state.current_player() == 1


def test_equipment_with_an_empty_stock_moves_between_cards_and_a_card_carries_several() -> None:
    """Rulebook 'Equipment': a card may carry several stones; when all 4 stones are on cards, a
    player may move one from a card to another card allowed by the colour rule, or load nothing."""
    state = opening(
        3,
        ships=(("red F", "blue F"), ("yellow F", "red/red F"), ("blue/blue F", "yellow/yellow F")),
        display=("red E", "blue E", "yellow E"),
    )
    extend(state, "take d1", 1, "red E", cargo="equip 2.1")  # red
    extend(state, "take d1", 2, "yellow/yellow E", cargo="equip 2.1")  # blue: a second stone
    assert stones(state, 2) == [2, 0, 0]
    extend(state, "take d1", 3, "blue/blue E", cargo="equip 1.2")  # yellow
    extend(state, "take d2", 1, "red/yellow E", cargo="equip 3.2")  # red
    assert cards(state, 1) == ["red F", "blue F", "red E", "blue E"]
    assert cards(state, 2) == ["yellow F", "red/red F", "red E"]
    assert cards(state, 3) == ["blue/blue F", "yellow/yellow F", "yellow/yellow E"]
    assert [stones(state, s) for s in (1, 2, 3)] == [[0, 1, 0, 0], [2, 0, 0], [0, 1, 0]]
    assert view(state)["stock"]["equipment"] == 0
    # Blue lays blue/blue E: stones may go to cards showing no blue, from any card carrying one.
    play(state, "take d1", "lay 2")
    allowed = ["1.1", "1.3", "2.1", "2.2", "2.3", "3.2", "3.3"]
    expected = [
        f"equip {source}>{target}"
        for source in ("1.2", "2.1", "3.2")
        for target in allowed
        if target != source
    ]
    assert legal(state) == [*expected, "no equip"]
    assert_illegal(state, "equip 1.1", "the stock has no equipment")
    assert_illegal(state, "equip 1.1>2.1", "card 1.1 carries no equipment")
    assert_illegal(state, "equip 2.1>1.4", "card 1.4 (blue E) shares a shield colour")
    assert_illegal(state, "equip 2.1>2.4", "card 2.4 (blue/blue E) shares a shield colour")
    play(state, "equip 1.2 > 2.2")
    assert [stones(state, s) for s in (1, 2, 3)] == [[0, 0, 0, 0], [2, 1, 0, 0], [0, 1, 0]]
    play(state, "pass", "reveal blue E")
    # Yellow lays red/yellow E and chooses to load nothing.
    play(state, "take d2", "lay 3")
    assert "no equip" in legal(state)
    play(state, "no equip", "pass", "reveal yellow E")
    assert [stones(state, s) for s in (1, 2, 3)] == [[0, 0, 0, 0], [2, 1, 0, 0], [0, 1, 0, 0]]
    assert state.component_counts()["equipment"] == 4


# ---- Chieftains ----------------------------------------------------------------------------------

ALL_CHIEFS = [
    f"chief {action} {ship}"
    for action in ("equipment", "food", "remove", "swap", "protection")
    for ship in (1, 2, 3)
]


def test_chieftains_are_optional_and_each_action_lies_once_per_ship() -> None:
    """Rulebook 'Laying Chieftain cards': after the cargo a player may play one chieftain on any
    ship; each action symbol once per ship, whoever played it; a player's own further chieftains
    may join a ship; each chieftain is played once; they lie outward from the bow in play order."""
    state = opening(3)
    play(state, "take d1", "lay 1", "equip 1.1")
    assert legal(state) == [*ALL_CHIEFS, "pass"]
    play(state, "chief swap 2", "reveal red F")
    assert chieftains(state, 2) == [("red", "swap")]
    assert view(state)["hands"][0]["chieftains"] == ["equipment", "food", "remove", "protection"]
    # Blue: ship 2's swap is taken, whoever played it.
    play(state, "take d1", "lay 1", "food 1")
    assert "chief swap 2" not in legal(state)
    assert "chief swap 1" in legal(state)
    assert_illegal(
        state, "chief swap 2", "ship 2 already has a swap chieftain: each action once per ship"
    )
    play(state, "chief remove 2", "reveal yellow F")
    # Yellow passes: the chieftain is optional and stays in hand.
    extend(state, "take d1", 3, "blue/blue F", chief="pass")
    assert view(state)["hands"][2]["chieftains"] == [
        "equipment",
        "food",
        "remove",
        "swap",
        "protection",
    ]
    # Red: its swap chieftain is spent; another of its chieftains may join ship 2.
    play(state, "take d1", "lay 3", "food 1")
    assert not any(a.startswith("chief swap") for a in legal(state))
    assert_illegal(state, "chief swap 3", "red has already played its swap chieftain")
    play(state, "chief food 2", "reveal blue/yellow F")
    assert chieftains(state, 2) == [("red", "swap"), ("blue", "remove"), ("red", "food")]
    assert view(state)["hands"][0]["chieftains"] == ["equipment", "remove", "protection"]
    assert view(state)["hands"][1]["chieftains"] == ["equipment", "food", "swap", "protection"]
    assert state.component_counts()["chieftains"] == 15


# ---- Sterns --------------------------------------------------------------------------------------


def test_a_stern_needs_three_vikings() -> None:
    """Rulebook 'Lay a stern card': a ship can be completed before it is full, but it must hold at
    least 3 Viking cards."""
    state = opening(3)
    assert not any(a.startswith("stern") for a in legal(state))
    assert_illegal(state, "stern 1", "ship 1 has 2 Viking cards: a stern needs at least 3")
    extend(state, "take d1", 1, "red F")
    assert legal(state) == ["take d1", "take d2", "take d3", "draw", "stern 1"]
    assert_illegal(state, "stern 2", "ship 2 has 2 Viking cards")


def test_each_player_has_two_sterns() -> None:
    """Components: each player has 2 sterns; a player who has laid both can lay no more."""
    state = opening(3)
    extend(state, "take d1", 1, "red F")  # red
    extend(state, "take d1", 2, "blue F")  # blue
    extend(state, "take d1", 3, "yellow F")  # yellow
    play(state, "stern 1")  # red
    deal(state, "red/red F", "blue/blue F")
    assert view(state)["hands"][0]["sterns"] == 1
    assert state.current_player() == 1
    extend(state, "take d1", 2, "yellow/yellow F")  # blue
    extend(state, "take d1", 3, "blue/yellow F")  # yellow
    play(state, "stern 2")  # red
    deal(state, "yellow/green F", "purple/red F")
    assert view(state)["hands"][0]["sterns"] == 0
    extend(state, "take d1", 1, "red/yellow E")  # blue
    extend(state, "take d1", 2, "yellow/purple E")  # yellow
    assert [len(cards(state, s)) for s in (1, 2, 3)] == [3, 3, 4]
    assert not any(a.startswith("stern") for a in legal(state))
    assert_illegal(state, "stern 3", "red has laid both sterns")
    assert [h["sterns"] for h in view(state)["hands"]] == [0, 2, 2]
    assert state.component_counts()["sterns"] == 6


# ---- Evaluation: chieftain actions ---------------------------------------------------------------


def chieftain_table() -> State:
    """Ship 1 holds, from the bow outward, red's equipment, blue's food and red's remove
    chieftains; blue is to move.

    Ship 1: red F (1 stone), blue E, yellow E, red F; bow 3.  Ship 2: yellow F, red/blue F,
    blue/blue F (yellow's swap chieftain).  Ship 3: blue/green E, red/red E, yellow F; bow 2.
    Display: blue/yellow F, blue F, red E.  Stock: no food, 3 equipment.
    """
    state = opening(3)
    extend(state, "take d1", 1, "red F", cargo="equip 1.1", chief="chief equipment 1")  # red
    extend(state, "take d1", 1, "yellow F", cargo="food 1", chief="chief food 1")  # blue
    extend(state, "take d1", 3, "blue/blue F", cargo="food 1", chief="chief swap 2")  # yellow
    extend(state, "take d1", 2, "blue/yellow F", cargo="food 3", chief="chief remove 1")  # red
    assert cards(state, 1) == ["red F", "blue E", "yellow E", "red F"]
    assert stones(state, 1) == [1, 0, 0, 0]
    assert chieftains(state, 1) == [("red", "equipment"), ("blue", "food"), ("red", "remove")]
    assert bows(state) == [3, 1, 2]
    assert view(state)["stock"] == {"food": 0, "equipment": 3}
    assert view(state)["display"] == ["blue/yellow F", "blue F", "red E"]
    assert state.current_player() == 1
    return state


def test_evaluation_chieftains_act_from_the_bow_outward_each_decided_by_its_owner() -> None:
    """Rulebook 'Phase 1' and rulings B.1: laying a stern evaluates the ship; its chieftains act
    from the one beside the bow outward, each carried out by its owner, out of turn; each may
    do nothing ("skip"); then the ship is scored and play passes to the next player.

    Worked example: red moves a stone from the stock onto 1.4 (red F); blue moves a food stone
    from bow 1 to bow 2; red skips. Ship 1 then holds red F (1), blue E, yellow E, red F (1), blue's
    stern, 2 food: red (2 shields + 2 stones) x 2 = 8, blue (1 + stern 1) x 2 = 4,
    yellow 1 x 2 = 2."""
    state = chieftain_table()
    play(state, "stern 1")
    table = view(state)
    assert table["ships"][0]["stern"] == "blue"
    assert table["hands"][1]["sterns"] == 1
    # 1. red's equipment chieftain, beside the bow: red decides, in blue's turn.
    assert state.current_player() == 0
    assert table["turn"] == 1
    assert table["phase"] == "evaluate"
    assert table["evaluation"] == {
        "ship": 1,
        "chieftain": "equipment",
        "owner": "red",
        "protected_colours": [],
    }
    assert "skip" in legal(state)
    assert_illegal(state, "move food 1>2", "now red must carry out the equipment chieftain")
    assert_illegal(state, "take d1", "now red must carry out the equipment chieftain on ship 1")
    play(state, "move equip stock>1.4")
    # 2. blue's food chieftain.
    assert state.current_player() == 1
    assert view(state)["evaluation"]["chieftain"] == "food"
    assert view(state)["evaluation"]["owner"] == "blue"
    assert "skip" in legal(state)
    assert_illegal(state, "move food stock>1", "the stock has no food")
    play(state, "move food 1>2")
    # 3. red's remove chieftain.
    assert state.current_player() == 0
    assert view(state)["evaluation"]["chieftain"] == "remove"
    assert "skip" in legal(state)
    play(state, "skip")
    # Scored, cleared; the new ship is dealt (chance), then yellow plays.
    assert view(state)["sheet"] == [{"label": "ship 1, stern blue", "points": [8, 4, 2]}]
    assert state.scores() == [8.0, 4.0, 2.0]
    deal(state, "red/red F", "yellow/yellow F")
    assert state.current_player() == 2
    assert view(state)["evaluation"] is None


def test_chieftain_move_equipment_anywhere_ignoring_the_colour_rule() -> None:
    """Rulebook 'Move an equipment stone' (rulings B.1): card to card of any colour in any ship,
    stock to card, or card to stock; only a card carrying a stone can give one."""
    state = chieftain_table()
    play(state, "stern 1")
    every_card = ["1.1", "1.2", "1.3", "1.4", "2.1", "2.2", "2.3", "3.1", "3.2", "3.3"]
    expected = [f"move equip stock>{c}" for c in every_card]
    expected += ["move equip 1.1>stock"]
    expected += [f"move equip 1.1>{c}" for c in every_card if c != "1.1"]
    assert legal(state) == [*expected, "skip"]
    assert_illegal(state, "move equip 1.2>stock", "card 1.2 carries no equipment")
    assert_illegal(state, "move equip 1.1>2.4", "there is no card 2.4")
    # Card to card: onto red/red E, a red card like the one it leaves (no colour rule).
    moved = state.clone()
    play(moved, "move equip 1.1>3.2")
    assert [stones(moved, s) for s in (1, 2, 3)] == [[0, 0, 0, 0], [0, 0, 0], [0, 1, 0]]
    # Stock to card, in another ship.
    loaded = state.clone()
    play(loaded, "move equip stock>2.2")
    assert stones(loaded, 2) == [0, 1, 0]
    assert view(loaded)["stock"]["equipment"] == 2
    # Card to stock.
    play(state, "move equip 1.1>stock")
    assert stones(state, 1) == [0, 0, 0, 0]
    assert view(state)["stock"]["equipment"] == 4
    play(state, "skip", "skip")
    # Ship 1 without stones, 3 food: red 2 x 3, blue (1 + stern) x 3, yellow 1 x 3.
    assert view(state)["sheet"][-1]["points"] == [6, 6, 3]


def test_chieftain_move_food_between_bows_and_the_stock_never_a_last_stone() -> None:
    """Rulebook 'Move a food supply stone' (rulings B.1): bow to bow, stock to bow or bow to
    stock; the last stone of a bow never moves."""
    state = opening(3, display=("blue F", "red F", "yellow E"))
    extend(state, "take d1", 1, "blue/blue F", cargo="food 1", chief="chief food 1")  # red
    extend(state, "take d2", 1, "yellow F", cargo="food 1")  # blue
    assert bows(state) == [3, 1, 1]
    assert view(state)["stock"]["food"] == 1
    play(state, "stern 1")  # yellow
    assert state.current_player() == 0
    assert legal(state) == [
        "move food stock>1",
        "move food stock>2",
        "move food stock>3",
        "move food 1>stock",
        "move food 1>2",
        "move food 1>3",
        "skip",
    ]
    assert_illegal(state, "move food 2>3", "bow 2 has its last food stone, which never moves")
    assert_illegal(state, "move food 3>stock", "bow 3 has its last food stone")
    # Ship 1 (red F, blue E, blue F, red F, yellow's stern) is scored and cleared right after
    # this last chieftain: red 2, blue 2, yellow 1, times the food left on bow 1.
    from_stock = state.clone()
    play(from_stock, "move food stock>3")  # bows 3, 1, 2; stock 0
    assert view(from_stock)["sheet"][-1]["points"] == [6, 6, 3]
    assert bows(from_stock) == [1, 1, 2]
    assert view(from_stock)["stock"]["food"] == 0 + 2
    to_bow = state.clone()
    play(to_bow, "move food 1>2")  # bows 2, 2, 1; stock 1
    assert view(to_bow)["sheet"][-1]["points"] == [4, 4, 2]
    assert bows(to_bow) == [1, 2, 1]
    assert view(to_bow)["stock"]["food"] == 1 + 1
    play(state, "move food 1>stock")  # bows 2, 1, 1; stock 2
    assert view(state)["sheet"] == [{"label": "ship 1, stern yellow", "points": [4, 4, 2]}]
    assert bows(state) == [1, 1, 1]
    assert view(state)["stock"]["food"] == 2 + 1


def test_chieftain_remove_a_card_without_equipment_and_the_display_is_refilled_after() -> None:
    """Rulebook 'Remove a Viking card' (rulings B.1): any card carrying no equipment, in any ship
    or the display, leaves the game; a removed display card is replaced from the pile after the
    evaluation (the engine's documented choice), after the new ship's deal."""
    state = chieftain_table()
    play(state, "stern 1", "skip", "skip")
    assert state.current_player() == 0
    assert view(state)["evaluation"]["chieftain"] == "remove"
    places = ["1.2", "1.3", "1.4", "2.1", "2.2", "2.3", "3.1", "3.2", "3.3", "d1", "d2", "d3"]
    assert legal(state) == [*(f"remove {p}" for p in places), "skip"]
    assert_illegal(state, "remove 1.1", "card 1.1 carries equipment, which protects it")
    # From another ship: the cards behind it close up.
    other = state.clone()
    play(other, "remove 2.2")
    assert cards(other, 2) == ["yellow F", "blue/blue F"]
    assert view(other)["out_of_game"] == 1 + 4
    # From the ship being evaluated: it no longer scores.
    evaluated = state.clone()
    play(evaluated, "remove 1.3")
    assert view(evaluated)["sheet"][-1]["points"] == [9, 6, 0]
    # From the display.
    counts = state.component_counts()
    play(state, "remove d2")
    assert view(state)["sheet"] == [{"label": "ship 1, stern blue", "points": [9, 6, 3]}]
    deal(state, "red/red F", "yellow/yellow F")  # the new ship 1
    assert cards(state, 1) == ["red/red F", "yellow/yellow F"]
    assert state.current_player() == CHANCE  # then the display's empty slot
    assert view(state)["display"] == ["blue/yellow F", None, "red E"]
    deal(state, "purple/red F")
    assert view(state)["display"] == ["blue/yellow F", "purple/red F", "red E"]
    assert state.current_player() == 2
    assert view(state)["out_of_game"] == 5
    assert state.component_counts() == counts


def test_chieftain_swap_two_cards_without_equipment_between_ships_or_with_the_display() -> None:
    """Rulebook 'Swap Viking cards' (rulings B.1): two cards carrying no equipment, in any ships or
    with a display card. Swapping within one ship or within the display changes nothing and is
    not offered (the engine's documented choice)."""
    state = opening(3)
    extend(state, "take d1", 2, "red F", cargo="equip 1.1", chief="chief swap 2")  # red
    extend(state, "take d1", 3, "blue/blue F", cargo="food 1")  # blue
    play(state, "stern 2")  # yellow
    assert cards(state, 2) == ["yellow F", "red/blue F", "yellow E"]
    assert state.current_player() == 0
    assert view(state)["evaluation"]["chieftain"] == "swap"
    offered = legal(state)
    # Free cards: 1.2 | 2.1 2.2 2.3 | 3.1 3.2 3.3 | d1 d2 d3, paired across containers.
    assert len(offered) == 45 - 3 * 3 + 1
    assert {"swap 2.1<>3.1", "swap 2.2<>d1", "swap 1.2<>3.1", "swap 1.2<>d3"} <= set(offered)
    assert_illegal(state, "swap 1.1<>2.1", "card 1.1 carries equipment, which protects it")
    assert_illegal(state, "swap 2.1<>2.2", "changes nothing")
    assert_illegal(state, "swap d1<>d2", "changes nothing")
    assert_illegal(state, "swap 2.1<>2.4", "there is no card 2.4")
    # Ship 2 is scored and cleared right after this last chieftain.
    between_ships = state.clone()
    play(between_ships, "swap 2.2<>3.2")  # ship 2: yellow F, red/red E, yellow E
    assert cards(between_ships, 3) == ["blue/green E", "red/blue F", "red F"]
    assert view(between_ships)["sheet"][-1]["points"] == [2, 0, 3]
    play(state, "swap 2.1<>d1")
    assert view(state)["display"] == ["yellow F", "blue F", "red E"]
    # Ship 2: blue/blue F, red/blue F, yellow E, yellow's stern, 1 food.
    assert view(state)["sheet"] == [{"label": "ship 2, stern yellow", "points": [1, 3, 2]}]
    deal(state, "yellow/yellow F", "red/yellow E")
    assert state.current_player() == 0  # no display slot was emptied: no refill


def test_protection_covers_the_owners_cards_in_the_evaluated_ship_from_later_chieftains() -> None:
    """Rulebook 'Protection' (rulings B.1): the owner's cards (showing the owner's colour) in the
    ship being evaluated cannot be removed or swapped by chieftains laid after the protection;
    chieftains laid before it still can, and cards in other ships are not covered."""
    state = opening(3, display=("blue/blue F", "red F", "yellow F"))
    extend(state, "take d2", 2, "blue F")  # red
    extend(state, "take d2", 3, "yellow E")  # blue
    extend(state, "take d1", 1, "red E", cargo="food 1", chief="chief remove 1")  # yellow
    extend(state, "take d2", 2, "yellow/yellow F", cargo="equip 3.2")  # red
    extend(state, "take d2", 3, "blue/blue E", cargo="food 1>3", chief="chief protection 1")
    extend(state, "take d3", 2, "red/yellow E", cargo="no food")  # yellow
    extend(state, "take d2", 3, "purple/red F", cargo="equip 2.1", chief="chief swap 1")  # red
    assert cards(state, 1) == ["red F", "blue E", "blue/blue F"]
    assert stones(state, 1) == [0, 0, 0]
    assert chieftains(state, 1) == [("yellow", "remove"), ("blue", "protection"), ("red", "swap")]
    assert cards(state, 2)[1] == "red/blue F"
    play(state, "stern 1")  # blue
    # Yellow's remove lies before the protection: blue's cards are fair game.
    assert state.current_player() == 2
    assert view(state)["evaluation"]["protected_colours"] == []
    assert {"remove 1.2", "remove 1.3"} <= set(legal(state))
    play(state, "remove 1.2")
    assert cards(state, 1) == ["red F", "blue/blue F"]
    # Blue's protection needs no decision; red's swap comes after it.
    assert state.current_player() == 0
    assert view(state)["evaluation"] == {
        "ship": 1,
        "chieftain": "swap",
        "owner": "red",
        "protected_colours": ["blue"],
    }
    offered = legal(state)
    assert not any("1.2" in a for a in offered)
    assert "swap 1.1<>2.3" in offered  # red's own card is not protected
    assert "swap 2.2<>3.1" in offered  # red/blue F in ship 2: outside the evaluated ship
    assert_illegal(state, "swap 1.2<>2.1", "card 1.2 is protected by a protection chieftain")
    play(state, "swap 1.1<>2.2")
    assert cards(state, 2) == ["yellow F", "red F", "red F", "yellow E", "yellow F"]
    # Ship 1 now holds red/blue F and blue/blue F, blue's stern, 3 food.
    assert view(state)["sheet"] == [{"label": "ship 1, stern blue", "points": [3, 12, 0]}]


# ---- Scoring and clearing ------------------------------------------------------------------------


def scoring_table() -> State:
    """Ship 1 ready for blue's stern: red F, blue E, red/blue F (1 stone), red/red E (2 stones),
    3 food on the bow, yellow's protection chieftain beside the bow. Blue is to move."""
    state = opening(
        3,
        ships=(("red F", "blue E"), ("yellow F", "blue/blue F"), ("yellow/yellow F", "blue F")),
        display=("red/blue F", "red/red E", "yellow E"),
    )
    extend(state, "take d1", 1, "yellow/yellow E", cargo="food 1")  # red
    extend(state, "take d2", 1, "yellow/purple E", cargo="equip 2.1")  # blue
    extend(state, "take d3", 2, "blue/yellow F", cargo="equip 1.4", chief="chief protection 1")
    extend(state, "take d1", 3, "red F", cargo="equip 1.4")  # red
    extend(state, "take d2", 3, "blue E", cargo="equip 1.3")  # blue
    extend(state, "take d3", 2, "red E", cargo="food 1")  # yellow
    extend(state, "take d1", 2, "purple/red F", cargo="food 2")  # red
    assert cards(state, 1) == ["red F", "blue E", "red/blue F", "red/red E"]
    assert stones(state, 1) == [0, 0, 1, 2]
    assert bows(state) == [3, 2, 1]
    assert chieftains(state, 1) == [("yellow", "protection")]
    assert view(state)["stock"] == {"food": 0, "equipment": 0}
    assert state.current_player() == 1
    return state


def test_scoring_own_shields_plus_the_stern_plus_stones_on_own_colour_times_food() -> None:
    """Rulebook 'Phase 2' and SB-4: each player scores (own shields in the ship + the stern's one
    shield of its owner's colour + equipment stones on cards showing the player's colour) x the
    food on the bow. A two-colour card counts for both colours, its stones too; a same-colour
    double card counts 2 shields, but each stone on it once.

    Ship 1: red F, blue E, red/blue F (1 stone), red/red E (2 stones), blue's stern, 3 food.
      red:    shields 1 + 1 + 2 = 4, stones 1 + 2 = 3          -> 7 x 3 = 21
      blue:   shields 1 + 1 + stern 1 = 3, stones 1            -> 4 x 3 = 12
      yellow: nothing                                           -> 0
    """
    state = scoring_table()
    play(state, "stern 1")  # yellow's protection needs no decision
    table = view(state)
    assert table["sheet"] == [{"label": "ship 1, stern blue", "points": [21, 12, 0]}]
    assert table["scores"] == [21, 12, 0]
    assert state.scores() == [21.0, 12.0, 0.0]


def test_clearing_returns_the_stones_and_deals_a_new_ship() -> None:
    """Rulebook 'Phase 3': equipment on the ship's cards returns to the stock; the bow keeps 1 food
    and the rest returns; Viking cards, chieftains and the stern leave the game; 2 new Viking
    cards are dealt from the pile (chance) into the empty ship; then the next player plays."""
    state = scoring_table()
    counts = state.component_counts()
    play(state, "stern 1")
    table = view(state)
    assert state.current_player() == CHANCE
    assert table["ships"][0] == {"bow_food": 1, "vikings": [], "chieftains": [], "stern": None}
    assert table["stock"] == {"food": 2, "equipment": 3}
    assert stones(state, 2)[0] == 1  # stones elsewhere stay where they are
    assert table["out_of_game"] == 4
    assert table["hands"][1]["sterns"] == 1
    assert "protection" not in table["hands"][2]["chieftains"]
    assert state.component_counts() == counts
    deal(state, "green/red E")
    assert cards(state, 1) == ["green/red E"]
    assert state.current_player() == CHANCE
    deal(state, "purple/blue E")
    assert cards(state, 1) == ["green/red E", "purple/blue E"]
    assert stones(state, 1) == [0, 0]
    assert view(state)["pile"] == 27 - 9 - 7 - 2
    assert state.current_player() == 2
    assert state.component_counts() == counts
    assert counts == {"vikings": 27, "food": 6, "equipment": 4, "chieftains": 15, "sterns": 6}


# ---- SB-5: every ship full -----------------------------------------------------------------------


def test_sb5_every_ship_full_at_the_start_of_a_turn_forces_a_stern() -> None:
    """SB-5 (rulebook 'In the rare case…'): when every ship holds its limit at the start of a
    turn, a player who has a stern must lay one: only stern actions are legal."""
    state = opening(3)
    refills = ["red F", "blue F", "yellow F", "red E", "blue E", "yellow E", "red/red F"]
    refills += ["blue/blue F", "yellow/yellow F"]
    for turn, refill in enumerate(refills):
        extend(state, "take d1", 1 + turn // 3, refill)
    assert [len(cards(state, s)) for s in (1, 2, 3)] == [5, 5, 5]
    assert state.current_player() == 0
    assert legal(state) == ["stern 1", "stern 2", "stern 3"]
    assert_illegal(state, "take d1", "every ship has 5 Viking cards", "lay a stern (SB-5)")
    assert_illegal(state, "draw", "SB-5")
    assert "lay a stern: every ship is full (SB-5)" in str(state)
    play(state, "stern 2")
    assert view(state)["sheet"][0]["label"] == "ship 2, stern red"


def test_sb5_a_player_without_a_stern_evaluates_all_three_ships_then_plays() -> None:
    """SB-5: every ship is full at the start of red's turn and red has laid both sterns, so all
    three ships are evaluated at once, top to bottom, without sterns (chieftains included, each
    decided by its owner), each cleared and dealt anew; then red, the same player, plays.

    Ship 1 then holds red F (2 stones), blue E (1), yellow E (1), yellow F, red/red F, green E,
    2 food, no stern: red (3 shields + 2 stones) x 2 = 10, blue (1 + 1) x 2 = 4,
    yellow (2 + 1) x 2 = 6, green 1 x 2 = 2."""
    state = opening(4)
    assert view(state)["ship_limit"] == 6
    extend(state, "take d1", 1, "red F")  # red
    extend(state, "take d1", 2, "yellow F")  # blue
    extend(state, "take d1", 1, "red/red F")  # yellow
    extend(state, "take d1", 1, "green F")  # green
    play(state, "stern 2")  # red
    deal(state, "green F", "green E")
    extend(state, "take d1", 3, "green E")  # blue
    extend(state, "take d1", 1, "green/green F")  # yellow
    extend(state, "take d1", 2, "green/green E")  # green
    play(state, "stern 3")  # red
    deal(state, "blue F", "blue E")
    assert view(state)["hands"][0]["sterns"] == 0
    assert [len(cards(state, s)) for s in (1, 2, 3)] == [6, 3, 2]
    extend(state, "take d1", 2, "yellow E", chief="chief food 2")  # blue
    extend(state, "take d1", 2, "blue/blue F")  # yellow
    extend(state, "take d1", 2, "blue/blue E")  # green
    extend(state, "take d1", 3, "yellow/yellow F")  # red: no stern left, so it lays
    extend(state, "take d1", 3, "yellow/yellow E")  # blue
    extend(state, "take d1", 3, "yellow/green F")  # yellow
    assert [len(cards(state, s)) for s in (1, 2, 3)] == [6, 6, 5]
    assert cards(state, 1) == ["red F", "blue E", "yellow E", "yellow F", "red/red F", "green E"]
    assert stones(state, 1) == [2, 1, 1, 0, 0, 0]
    assert bows(state)[0] == 2
    extend(state, "take d1", 3, "purple/red F", cargo="no food")  # green fills the last place
    # Red's turn: all full, no stern. Ship 1 is evaluated and cleared at once.
    table = view(state)
    assert table["turn"] == 0
    assert table["sheet"] == [
        {"label": "ship 2, stern red", "points": [3, 1, 1, 0]},
        {"label": "ship 3, stern red", "points": [3, 1, 0, 2]},
        {"label": "ship 1, all ships full (SB-5)", "points": [10, 4, 6, 2]},
    ]
    assert table["ships"][0]["vikings"] == []
    assert [s["stern"] for s in table["ships"]] == [None, None, None]
    assert state.current_player() == CHANCE
    deal(state, "red/yellow E", "yellow/purple E")
    # Ship 2: blue's food chieftain, decided by blue during red's turn.
    assert state.current_player() == 1
    assert view(state)["evaluation"]["ship"] == 2
    play(state, "skip")
    assert view(state)["sheet"][-1]["label"] == "ship 2, all ships full (SB-5)"
    deal(state, "purple/blue E", "green/red E")
    assert view(state)["sheet"][-1]["label"] == "ship 3, all ships full (SB-5)"
    deal(state, "red E", "blue/yellow F")
    assert [len(cards(state, s)) for s in (1, 2, 3)] == [2, 2, 2]
    assert state.current_player() == 0
    assert view(state)["turn"] == 0
    assert legal(state) == ["take d1", "take d2", "take d3", "draw"]
    assert view(state)["pile"] == 1


# ---- SB-6: the end -------------------------------------------------------------------------------


def ship_two_completed_three_times() -> State:
    """3 players: ship 2 completed by red, blue and yellow in turn; then red lays purple/blue E
    on ship 1 with its remove chieftain. Blue is to move, with two cards left in the pile."""
    state = opening(3)
    extend(state, "take d1", 2, "red F")  # red
    extend(state, "take d1", 2, "blue F")  # blue
    extend(state, "take d1", 2, "yellow F")  # yellow
    play(state, "stern 2")  # red
    deal(state, "red E", "blue E")
    extend(state, "take d1", 2, "red/red F")  # blue
    extend(state, "take d1", 2, "blue/blue F")  # yellow
    extend(state, "take d1", 2, "yellow/yellow F")  # red
    play(state, "stern 2")  # blue
    deal(state, "blue/blue E", "yellow/yellow E")
    extend(state, "take d1", 2, "blue/yellow F")  # yellow
    extend(state, "take d1", 2, "yellow/green F")  # red
    extend(state, "take d1", 2, "purple/red F")  # blue
    play(state, "stern 2")  # yellow
    deal(state, "red/yellow E", "yellow/purple E")
    extend(state, "take d1", 1, "purple/blue E", chief="chief remove 1")  # red
    assert view(state)["pile"] == 2 and state.current_player() == 1
    return state


def final_turn_table() -> State:
    """A 3-player game walked to its last turn: ship 2 is completed three times (by red, blue and
    yellow), the pile runs out on turn 15 and two of the three last display cards are laid.
    Yellow is to lay the last one, red E."""
    state = ship_two_completed_three_times()
    extend(state, "take d1", 1, "green/red E", chief="chief food 3")  # blue
    extend(state, "take d1", 3, "yellow E")  # yellow: the pile's last card refills d1
    assert view(state)["pile"] == 0
    assert view(state)["display"] == ["yellow E", "blue F", "red E"]
    extend(state, "take d1", 3, None)  # red: no refill, the pile is empty
    extend(state, "take d2", 1, None)  # blue
    table = view(state)
    # Hand-checked: ship 2 scored [yellow F, red/blue F, yellow E, red F, blue F] x 1 + red's
    # stern; [red E, blue E, yellow F, red/red F, blue/blue F] x 3 + blue's stern;
    # [blue/blue E, yellow/yellow E, yellow/yellow F, blue/yellow F, yellow/green F] x 2 + yellow's.
    assert table["sheet"] == [
        {"label": "ship 2, stern red", "points": [3, 2, 2]},
        {"label": "ship 2, stern blue", "points": [9, 12, 3]},
        {"label": "ship 2, stern yellow", "points": [0, 6, 14]},
    ]
    assert table["scores"] == [12, 20, 19]
    assert cards(state, 1) == ["red F", "blue E", "purple/red F", "purple/blue E", "blue F"]
    assert stones(state, 1) == [3, 1, 0, 0, 0]
    assert cards(state, 2) == ["red/yellow E", "yellow/purple E"]
    assert cards(state, 3) == ["blue/green E", "red/red E", "green/red E", "yellow E"]
    assert [stones(state, 2), stones(state, 3)] == [[0, 0], [0, 0, 0, 0]]
    assert bows(state) == [3, 2, 1]
    assert table["stock"] == {"food": 0, "equipment": 0}
    assert chieftains(state, 1) == [("red", "remove")]
    assert chieftains(state, 3) == [("blue", "food")]
    assert table["display"] == [None, None, "red E"]
    assert state.current_player() == 2
    return state


def test_sb6_the_last_turn_finishes_then_the_final_evaluation_scores_every_ship() -> None:
    """SB-6 (rulebook 'End of Game'): with the pile empty, laying the display's last card ends the
    game after the turn is finished (cargo, optional chieftain). Then all chieftains act, the top
    ship's first, and only then is every ship scored, also ship 2 with fewer than 3 Viking cards
    and no ship with a stern. The highest total wins.

    Red removes 2.2 (ship 1's remove); yellow moves a stone from 1.1 to 2.1 (ship 1's equipment,
    laid this very turn); blue moves a food stone from bow 2 to bow 1 (ship 3's food), which counts
    for ship 1, scored after it:
      ship 1  red F (2), blue E (1), purple/red F, purple/blue E, blue F; 4 food:
              red (2 + 2) x 4 = 16, blue (3 + 1) x 4 = 16, yellow 0
      ship 2  red/yellow E (1); 1 food: red 2, blue 0, yellow 2
      ship 3  blue/green E, red/red E, green/red E, yellow E, red E; 1 food: red 4, blue 1, yellow 1
    Totals: red 12 + 22 = 34, blue 20 + 17 = 37, yellow 19 + 3 = 22: blue wins alone."""
    state = final_turn_table()
    play(state, "take d3")
    assert view(state)["display"] == [None, None, None]
    play(state, "lay 3")
    assert not state.is_terminal()
    assert phase(state) == "equipment"
    assert legal(state)[-1] == "no equip"
    play(state, "no equip")
    assert phase(state) == "chieftain"
    play(state, "chief equipment 1")
    # The final evaluation: ship 1's chieftains from the bow outward, then ship 3's.
    assert view(state)["turn"] == 2
    assert state.current_player() == 0
    assert view(state)["evaluation"]["ship"] == 1
    assert view(state)["evaluation"]["chieftain"] == "remove"
    play(state, "remove 2.2")
    assert state.current_player() == 2
    assert view(state)["evaluation"]["chieftain"] == "equipment"
    play(state, "move equip 1.1>2.1")
    assert state.current_player() == 1
    assert view(state)["evaluation"] == {
        "ship": 3,
        "chieftain": "food",
        "owner": "blue",
        "protected_colours": [],
    }
    assert view(state)["sheet"][-1]["label"] == "ship 2, stern yellow"  # nothing scored yet
    play(state, "move food 2>1")
    assert state.is_terminal()
    assert state.current_player() == langbord.TERMINAL
    assert legal(state) == []
    table = view(state)
    assert table["sheet"][3:] == [
        {"label": "final evaluation, ship 1", "points": [16, 16, 0]},
        {"label": "final evaluation, ship 2", "points": [2, 0, 2]},
        {"label": "final evaluation, ship 3", "points": [4, 1, 1]},
    ]
    assert state.scores() == [34.0, 37.0, 22.0]
    assert state.returns() == [0.0, 1.0, 0.0]
    assert_illegal(state, "take d1", "the game is over")
    assert state.component_counts() == {
        "vikings": 27,
        "food": 6,
        "equipment": 4,
        "chieftains": 15,
        "sterns": 6,
    }


def test_sb6_tied_winners_share_the_win() -> None:
    """Rulebook 'End of Game' (rulings 'End'): ties share the win: returns() gives each of the k
    tied leaders 1/k.

    Two-way: red removes 1.3, yellow returns 1.2's stone to the stock, blue skips (bows 3, 2, 1):
      ship 1 red F (3), blue E, purple/blue E, blue F x 3: red 12, blue 9; ship 2 x 2: red 2,
      yellow 4; ship 3 x 1: red 4, blue 1, yellow 1. Totals 12 + 18, 20 + 10, 19 + 5 = 30, 30, 24.
    Three-way: red removes 1.3, yellow moves 1.2's stone to 3.4 (yellow E), blue moves food from
      bow 1 to bow 2 (bows 2, 3, 1): ship 1 x 2: red 8, blue 6; ship 2 x 3: red 3, yellow 6;
      ship 3: red 4, blue 1, yellow 2. Totals 12 + 15, 20 + 7, 19 + 8 = 27 each."""
    state = final_turn_table()
    play(state, "take d3", "lay 3", "no equip", "chief equipment 1", "remove 1.3")
    two = state.clone()
    play(two, "move equip 1.2>stock", "skip")
    assert two.is_terminal()
    assert two.scores() == [30.0, 30.0, 24.0]
    assert two.returns() == [0.5, 0.5, 0.0]
    assert "game over — red and blue win" in str(two)
    play(state, "move equip 1.2>3.4", "move food 1>2")
    assert state.is_terminal()
    assert state.scores() == [27.0, 27.0, 27.0]
    assert state.returns() == pytest.approx([1 / 3, 1 / 3, 1 / 3])


# ---- readings settled later: SB-7, SB-8, SB-9 ----------------------------------------------------


def all_full_without_a_stern_table() -> State:
    """4 players: red lays both sterns early; then every ship fills up at the start of red's turn
    (SB-5), all three are evaluated without sterns (blue skips its food chieftain on ship 2) and
    dealt anew. The pile holds one card. The display: purple/red F, blue F, red E."""
    state = opening(4)
    extend(state, "take d1", 1, "red F")  # red
    extend(state, "take d1", 2, "yellow F")  # blue
    extend(state, "take d1", 1, "red/red F")  # yellow
    extend(state, "take d1", 1, "green F")  # green
    play(state, "stern 2")  # red
    deal(state, "green F", "green E")
    extend(state, "take d1", 3, "green E")  # blue
    extend(state, "take d1", 1, "green/green F")  # yellow
    extend(state, "take d1", 2, "green/green E")  # green
    play(state, "stern 3")  # red
    deal(state, "blue F", "blue E")
    extend(state, "take d1", 2, "yellow E", chief="chief food 2")  # blue
    extend(state, "take d1", 2, "blue/blue F")  # yellow
    extend(state, "take d1", 2, "blue/blue E")  # green
    extend(state, "take d1", 3, "yellow/yellow F")  # red
    extend(state, "take d1", 3, "yellow/yellow E")  # blue
    extend(state, "take d1", 3, "yellow/green F")  # yellow
    extend(state, "take d1", 3, "purple/red F", cargo="no food")  # green fills the last place
    deal(state, "red/yellow E", "yellow/purple E")  # ship 1, evaluated during red's turn
    play(state, "skip")  # ship 2: blue's food chieftain
    deal(state, "purple/blue E", "green/red E")  # ship 2
    deal(state, "red E", "blue/yellow F")  # ship 3
    return state


def test_sb7_the_evaluation_of_every_full_ship_is_not_a_turn() -> None:
    """SB-7 (with SB-5): the evaluation of all three ships at the start of red's turn is not a
    turn. Red, whose turn it was, then takes that whole turn (card, cargo, chieftain) and play
    goes on with blue, the next seat, as if nothing had come between."""
    state = all_full_without_a_stern_table()
    table = view(state)
    assert [entry["label"] for entry in table["sheet"][2:]] == [
        "ship 1, all ships full (SB-5)",
        "ship 2, all ships full (SB-5)",
        "ship 3, all ships full (SB-5)",
    ]
    assert (table["turn"], state.current_player()) == (0, 0)
    assert table["hands"][0] == {
        "chieftains": ["equipment", "food", "remove", "swap", "protection"],
        "sterns": 0,
    }
    play(state, "take d2", "lay 1", "food 1", "chief remove 1")  # red's whole turn
    assert cards(state, 1) == ["red/yellow E", "yellow/purple E", "blue F"]
    assert chieftains(state, 1) == [("red", "remove")]
    assert legal(state) == ["reveal green/purple F"]  # the display's refill, the pile's last card
    deal(state, "green/purple F")
    assert (view(state)["turn"], state.current_player()) == (1, 1)  # blue, not red again


def pile_of_one_table() -> State:
    """3 players: as in ``final_turn_table`` until the pile holds one card (yellow E), but blue
    plays its protection chieftain on ship 1 instead of food on ship 3. Yellow is to move; ship 1
    holds red F (2 stones), blue E, purple/red F, purple/blue E with red's remove and blue's
    protection; the display holds green/red E, blue F, red E."""
    state = ship_two_completed_three_times()
    extend(state, "take d1", 1, "green/red E", chief="chief protection 1")  # blue
    assert view(state)["pile"] == 1
    assert cards(state, 1) == ["red F", "blue E", "purple/red F", "purple/blue E"]
    assert chieftains(state, 1) == [("red", "remove"), ("blue", "protection")]
    assert view(state)["display"] == ["green/red E", "blue F", "red E"]
    assert state.current_player() == 2
    return state


def test_sb8_a_ship_cleared_with_one_card_in_the_pile_starts_with_that_card() -> None:
    """SB-8: yellow's stern on ship 1 is evaluated with one card left in the pile; the new ship is
    dealt that one card and no more (one chance node, not two), and the display, which the pile can
    no longer refill, is laid into it by the players."""
    state = pile_of_one_table()
    play(state, "stern 1", "skip")  # red's remove does nothing; blue's protection needs nothing
    assert view(state)["sheet"][-1]["label"] == "ship 1, stern yellow"
    assert cards(state, 1) == []
    assert legal(state) == ["reveal yellow E"]
    deal(state, "yellow E")
    assert cards(state, 1) == ["yellow E"]
    assert view(state)["pile"] == 0
    assert state.current_player() == 0  # red's turn: no second card was dealt
    assert legal(state) == ["take d1", "take d2", "take d3"]
    play(state, "take d1", "lay 1")  # red lays green/red E as the new ship's second card
    assert cards(state, 1) == ["yellow E", "green/red E"]


def test_sb8_a_ship_cleared_with_an_empty_pile_starts_empty_and_takes_display_cards() -> None:
    """SB-8: red's stern on ship 1 is evaluated once the pile is empty; the cleared ship gets no
    card (no chance node follows), and blue lays a display card into it as its first card."""
    state = pile_of_one_table()
    extend(state, "take d1", 3, "yellow E", chief="chief swap 1")  # yellow: the pile's last card
    assert view(state)["pile"] == 0
    play(state, "stern 1", "skip", "skip")  # red; red's remove and yellow's swap do nothing
    assert view(state)["sheet"][-1]["label"] == "ship 1, stern red"
    assert cards(state, 1) == []
    assert state.current_player() == 1  # blue at once: nothing is dealt
    assert view(state)["display"] == ["yellow E", "blue F", "red E"]
    play(state, "take d2")
    assert legal(state) == ["lay 1", "lay 2", "lay 3"]
    play(state, "lay 1")
    assert cards(state, 1) == ["blue F"]
    assert not state.is_terminal()


def test_sb9_in_the_final_evaluation_protection_covers_only_its_own_ship() -> None:
    """SB-9: blue's protection in ship 1 covers blue's cards in ship 1 (purple/blue E, blue F)
    against yellow's swap laid after it there, but not blue's cards in ship 3 (blue/green E), and
    in the final evaluation, where ship 1's chieftains act before ship 3's, it does not cover them
    against ship 3's chieftains: red's swap may take them and yellow's remove removes one."""
    state = pile_of_one_table()
    extend(state, "take d1", 3, "yellow E", chief="chief swap 1")  # yellow
    extend(state, "take d1", 3, None, chief="chief swap 3")  # red
    extend(state, "take d2", 1, None)  # blue: ship 1 gains blue F
    play(state, "take d3", "lay 3", "no equip", "chief remove 3")  # yellow: the last card
    assert cards(state, 1) == ["red F", "blue E", "purple/red F", "purple/blue E", "blue F"]
    assert stones(state, 1) == [3, 1, 0, 0, 0]
    assert cards(state, 3)[0] == "blue/green E"
    assert chieftains(state, 3) == [("red", "swap"), ("yellow", "remove")]
    # The final evaluation, ship 1 first: red's remove lies before the protection.
    assert view(state)["evaluation"]["chieftain"] == "remove"
    assert {"remove 1.4", "remove 1.5"} <= set(legal(state))
    play(state, "skip")
    assert view(state)["evaluation"] == {
        "ship": 1,
        "chieftain": "swap",
        "owner": "yellow",
        "protected_colours": ["blue"],
    }
    offered = legal(state)
    assert not [a for a in offered if "1.4" in a or "1.5" in a]
    assert "swap 1.3<>3.1" in offered  # purple/red F, and blue's card in ship 3: not covered
    assert_illegal(state, "swap 1.5<>3.2", "card 1.5 is protected by a protection chieftain")
    play(state, "skip")
    # Ship 3's chieftains: ship 1's protection no longer holds.
    assert view(state)["evaluation"] == {
        "ship": 3,
        "chieftain": "swap",
        "owner": "red",
        "protected_colours": [],
    }
    assert {"swap 1.4<>3.2", "swap 1.5<>3.2"} <= set(legal(state))
    play(state, "skip")
    assert view(state)["evaluation"]["chieftain"] == "remove"
    assert {"remove 1.4", "remove 1.5"} <= set(legal(state))
    play(state, "remove 1.5")  # yellow removes blue F from ship 1
    assert state.is_terminal()
    assert view(state)["sheet"][3]["label"] == "final evaluation, ship 1"
    # Ship 1: red F (3 stones), blue E (1), purple/red F, purple/blue E; 3 food.
    assert view(state)["sheet"][3]["points"] == [(2 + 3) * 3, (2 + 1) * 3, 0]


# ---- Notation ------------------------------------------------------------------------------------


def spaced(text: str) -> str:
    """``text`` in upper case with spaces around its punctuation and between its words."""
    for mark in ">.<":
        text = text.replace(mark, f" {mark} ")
    return "  " + text.upper().replace(" ", "   ") + " "


def test_every_action_string_round_trips() -> None:
    """Notation (package docstring): every action id has one canonical string, unique, and
    ``string_to_action`` reads it back — also in upper case with extra spaces — at every kind of
    decision: legal ones give the id, illegal ones raise IllegalActionError quoting the string."""
    game = langbord.load("skibe", players=3)
    strings = list(game.action_strings())
    assert len(strings) == game.num_distinct_actions()
    assert len(set(strings)) == len(strings)
    states = [new_game(3), opening(3), chieftain_table()]
    evaluating = chieftain_table()
    play(evaluating, "stern 1")
    states.append(evaluating)
    for state in states:
        legal_now = set(state.legal_actions())
        for action, text in enumerate(strings):
            assert state.action_to_string(action) == text
            if action in legal_now:
                assert state.string_to_action(text) == action
                assert state.string_to_action(spaced(text)) == action
            else:
                with pytest.raises(IllegalActionError, match=f"^{text!r}: "):
                    state.string_to_action(spaced(text))
    assert {kind.split(" ")[0] for kind in strings} == {
        "reveal",
        "take",
        "draw",
        "stern",
        "lay",
        "food",
        "no",
        "equip",
        "chief",
        "pass",
        "move",
        "remove",
        "swap",
        "skip",
    }


def test_action_text_tolerates_case_and_spacing() -> None:
    """Notation: 'case and spacing are free'."""
    state = new_game(3)
    assert state.string_to_action("Reveal  Red / Blue f") == state.string_to_action(
        "reveal red/blue F"
    )
    state = opening(3)
    assert state.string_to_action("  TAKE   D1 ") == state.string_to_action("take d1")
    with pytest.raises(IllegalActionError, match=r"^'equip 1\.1>2\.3': "):
        state.string_to_action("equip 1.1 > 2.3")
    with pytest.raises(IllegalActionError, match=r"^'swap 1\.2<>d3': "):
        state.string_to_action("Swap 1.2 <> D3")


@pytest.mark.parametrize(
    "text",
    [
        "",
        "fly 4",
        "take d4",
        "take d0",
        "lay 0",
        "lay 4",
        "stern",
        "food 4",
        "food 1>1",
        "equip 1.8",
        "equip 4.1",
        "move food 1>1",
        "swap 1.1<>1.1",
        "chief dance 1",
        "reveal green/blue E",
        "reveal red",
        "take d1 now",
    ],
)
def test_garbage_text_raises_invalid_action_error(text: str) -> None:
    """Notation: text that names no action at all raises InvalidActionError, state unchanged."""
    state = opening(3)
    before = snapshot(state)
    with pytest.raises(InvalidActionError, match="is not an action"):
        state.string_to_action(text)
    assert snapshot(state) == before


def test_invalid_text_hints_the_nearest_legal_actions() -> None:
    """Notation: a near miss names the legal actions it resembles."""
    state = opening(3)
    with pytest.raises(InvalidActionError, match="did you mean 'take d1'"):
        state.string_to_action("tak d1")
    with pytest.raises(InvalidActionError, match="an action is text"):
        state.string_to_action(3)  # type: ignore[arg-type]


def test_a_real_action_that_is_illegal_now_raises_illegal_action_error() -> None:
    """Protocol: a real action the rules forbid now raises IllegalActionError naming what must be
    done instead, through string_to_action and apply_action alike, and changes nothing."""
    state = new_game(3)
    assert_illegal(state, "take d1", "now chance must reveal the top card of the draw pile")
    state = opening(3)
    for text in ("lay 1", "food 1", "equip 1.1", "pass", "skip", "reveal red F"):
        assert_illegal(state, text, "now red must take a display card ('take d1')")
    play(state, "take d1")
    assert_illegal(
        state, "take d2", "now red must lay the yellow E in a ship ('lay 1', 'lay 2' or 'lay 3')"
    )
    before = snapshot(state)
    with pytest.raises(IllegalActionError, match="not an action id"):
        state.apply_action(10**6)
    assert snapshot(state) == before
