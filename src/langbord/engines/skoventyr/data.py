"""Skoventyr's components, as data: the one place to correct them (rulings/skoventyr.md).

Card texts: the rulebook prints the Allies' left boxes (costs) and some right boxes (powers); the
Huldre's and the Ellefolk's powers are not printed and are reconstructions (marked below). Each
cost and each power is named by an *effect code*; rules.py implements every effect once and
looks the code up here, so a corrected card is a change to this file.
"""

from __future__ import annotations

from dataclasses import dataclass

from langbord.core.i18n import N_

# ---- card types -----------------------------------------------------------------------------

ALLY_TYPES: tuple[str, ...] = (
    N_("Ellefolk"),
    N_("Formskifter"),
    N_("Huldre"),
    N_("Nisse"),
    N_("Trold"),
)
"""The five Ally types (5 identical cards each); a type's index is its card code. The names,
like every name in this file, are the notation's and the views' (language-neutral): each is
marked for the catalogs (a translator may keep or adapt the folklore) and put into player text
with ``_(name)``."""
ELLEFOLK, FORMSKIFTER, HULDRE, NISSE, TROLD = range(5)
ADVERSARY = 5
"""The card code of an Adversary card (Gamle Erik)."""
CARD_NAMES: tuple[str, ...] = (*ALLY_TYPES, N_("Gamle Erik"))
CARD_TYPES = len(CARD_NAMES)

ALLIES_PER_TYPE = 5
ADVERSARIES = 13

# ---- effects (each implemented once in rules.py) --------------------------------------------

(
    DAMAGE_TREE,  # Damage a Tree
    BOTTOM_FUTURE_ALLY,  # put another Ally from the Future on the bottom of the deck
    REVEAL_TWO,  # reveal two (Hidden) Allies in the Forest
    VOGTER_TO_HIDDEN_ALLY,  # move Vogter once clockwise onto a Hidden Ally, and reveal it
    ERIK_CLOCKWISE,  # move Gamle Erik once clockwise
    TAKE_TWO_FROM_FUTURE,  # take up to two Allies from the Future, left boxes ignored
    HEAL_TREE,  # Heal a Tree
    ERIK_BACK_THREE,  # move Gamle Erik up to three times counter-clockwise
    RECYCLE_TWO,  # two Allies of different types, no Nisse, from the discard to the bottom
    PLACEMENT,  # no discard power: the Formskifter's placement exception (see Position)
) = range(10)


@dataclass(frozen=True)
class Card:
    """One kind of card: its left box (cost, taken with Vogter's Call) and its right box (power,
    discarded with Vogter's Command: Mission), each as printed and as an effect code."""

    name: str
    cost: int
    cost_text: str
    """The left box in words, marked for the catalogs: a refused Call quotes it (``_()``)."""
    power: int
    power_text: str
    reconstructed: bool = False
    """The right box is a reconstruction (not printed in the rulebook)."""


CARDS: tuple[Card, ...] = (
    Card(
        "Ellefolk",
        BOTTOM_FUTURE_ALLY,
        N_("Put an Ally from the Future on the bottom of the deck."),
        HEAL_TREE,
        "Heal a Tree.",
        reconstructed=True,
    ),
    Card(
        "Formskifter",
        ERIK_CLOCKWISE,
        N_("Move Gamle Erik once clockwise."),
        PLACEMENT,
        "You may place this Ally in the Forest even if Allies of another type are there (it is "
        "not discarded for a power).",
    ),
    Card(
        "Huldre",
        DAMAGE_TREE,
        N_("Damage a Tree."),
        TAKE_TWO_FROM_FUTURE,
        "Take up to two Allies from the Future into your hand without resolving their left boxes.",
        reconstructed=True,
    ),
    Card(
        "Nisse",
        VOGTER_TO_HIDDEN_ALLY,
        N_(
            "Move Vogter once clockwise. The Tree Vogter ends his move on must have a Hidden "
            "Ally; reveal that Ally."
        ),
        RECYCLE_TWO,
        "Choose two Allies from the discard pile and put them on the bottom of the deck. These "
        "Allies must be of different types, and neither may be a Nisse.",
    ),
    Card(
        "Trold",
        REVEAL_TWO,
        N_("Reveal two Allies."),
        ERIK_BACK_THREE,
        "Move Gamle Erik up to three times counter-clockwise (you may decide not to move him).",
    ),
    Card(
        "Gamle Erik",
        ERIK_CLOCKWISE,
        N_(
            "Move Gamle Erik once clockwise. If this card is in your hand, you must immediately "
            "put it on the bottom of the deck."
        ),
        PLACEMENT,
        "(an Adversary has no power)",
    ),
)
COST: tuple[int, ...] = tuple(c.cost for c in CARDS)
POWER: tuple[int, ...] = tuple(c.power for c in CARDS)

# ---- Minions ---------------------------------------------------------------------------------

MINIONS: tuple[tuple[str, int], ...] = (
    (N_("Lindorm 1"), 4),
    (N_("Lindorm 2"), 4),
    (N_("Mare 1"), 3),
    (N_("Mare 2"), 3),
    (N_("Genganger 1"), 2),
    (N_("Genganger 2"), 2),
)
"""The row of six Minions, left to right, with their values (4/4/3/3/2/2)."""
MINION_NAMES: tuple[str, ...] = tuple(name for name, _ in MINIONS)
MINION_VALUES: tuple[int, ...] = tuple(value for _, value in MINIONS)
MINION_KINDS: tuple[str, ...] = tuple(name.split()[0] for name in MINION_NAMES)

# ---- the Forest -------------------------------------------------------------------------------

TREE_CARDS = 8
TREE_NAMES: tuple[str, ...] = tuple("ABCDEFGH")
"""Tree cards are named by letter; the Forest starts as A, B, C… clockwise."""
DEFAULT_TREES = 6
ERIK_START = 0
VOGTER_START = 3
"""SV-1: Gamle Erik on Tree A, Vogter three Trees clockwise (two Trees in between)."""
SIDES: tuple[str, ...] = ("healthy", "damaged")


def damaged_order(trees: int) -> list[int]:
    """Which Trees start Damaged, first to last (the ``damaged`` option takes a prefix).

    Where the rules are silent: Free Trees first, alternating between the stretch from Gamle
    Erik to Vogter and the stretch behind Vogter (B, E, C, F, then G, H), the two pawns' Trees last.
    """
    ahead = list(range(ERIK_START + 1, VOGTER_START))
    behind = list(range(VOGTER_START + 1, trees))
    order: list[int] = []
    while ahead or behind:
        if ahead:
            order.append(ahead.pop(0))
        if behind:
            order.append(behind.pop(0))
    return [*order, ERIK_START, VOGTER_START]


# ---- the table ---------------------------------------------------------------------------------

FUTURE_SIZE = 3
HAND_LIMIT = 5
MAX_PLAYERS = 4
TURN_LIMIT = 400
"""Where the rules are silent: a game still undecided after this many turns is lost (a
safeguard: Risky Draws that reveal Allies can cycle the deck forever)."""
PLAYING, WON, LOST = 0, 1, -1
"""The game's result: still playing, won (the last Minion left), lost (Gamle Erik caught Vogter,
no action was left, SV-5, or the turn limit)."""

# ---- module: The Lygtemands Get Involved (SV-7) -----------------------------------------------

LYGTEMANDS: tuple[str, ...] = (*ALLY_TYPES, "?")
"""One Lygtemand per Ally type and one "?" (any Ally)."""
ANY_LYGTEMAND = len(ALLY_TYPES)

# ---- module: Rescue (SV-8) ----------------------------------------------------------------------

HOSTAGE_TOKENS = 5
"""One per Ally type: four plain tokens and one "x2" (dealt at random)."""
ACORN_KINDS: tuple[str, ...] = ("1", "2", "3")
ACORNS_PER_KIND = 2

assert len(CARDS) == CARD_TYPES and [c.name for c in CARDS] == list(CARD_NAMES)
assert ALLIES_PER_TYPE * len(ALLY_TYPES) == 25
assert len(MINIONS) == len(LYGTEMANDS) == len(ACORN_KINDS) * ACORNS_PER_KIND
