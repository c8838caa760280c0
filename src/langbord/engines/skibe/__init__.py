"""Skibe — build three viking ships, load them, and score them with chieftains.

Players: 3–5 (option ``players``, default 4). Seat 0 plays red and starts (SB-2); then blue,
yellow, green, purple. Load it with ``langbord.load("skibe", players=4)``.

Components (rulings/skibe.md): 3 bows, 6 food stones, 4 equipment stones; per player 5
Chieftains (equipment, food, remove, swap, protection) and 2 sterns; the 40 Viking cards of the
reconstruction SB-1, less every card whose shields are all of unused colours (34 cards with 4
players, 27 with 3). A ship holds at most 5, 6 or 7 Viking cards with 3, 4 or 5 players.

Places in the notation: ships 1–3 from the top; ``2.3`` is ship 2's third Viking card counted
from the bow; ``d1``–``d3`` the display; ``stock`` the general stock. Cards are named by their
shields and cargo: ``red F``, ``blue/blue E``, ``red/blue F``.

A turn (action strings, case and spacing are free):
  take d2            take display card 2               draw     draw the pile's top card
  reveal red/blue F  chance: the card revealed (setup, draws, refills, new ships)
  lay 3              lay the card taken in ship 3 (below its limit)
  food 2             food from the stock onto bow 2
  food 1>3           stock empty: move food from bow 1 (2+ stones) to bow 3 (SB-3)
  no food            stock empty: load nothing (SB-3)
  equip 2.1          equipment from the stock onto card 2.1, which must show no shield colour
                     of the card just laid (no legal card: nothing is loaded)
  equip 1.1>2.3      stock empty: move equipment from card 1.1 to card 2.3 (same colour rule)
  no equip           stock empty: load nothing
  chief swap 2       play your swap Chieftain on ship 2 (each action once per ship)
  pass               play no Chieftain; the turn ends and the display is refilled
  stern 1            lay a stern on ship 1 (3+ Viking cards) and evaluate it

Evaluation: the Chieftains of the ship act from the bow outward, each decided by its owner:
  move equip 1.2>stock   move equip stock>3.1   move equip 1.1>2.2   (any ship, no colour rule)
  move food stock>2      move food 1>stock      move food 1>3        (never a bow's last stone)
  remove 2.4             remove d1             (a card carrying no equipment)
  swap 1.2<>3.1          swap 2.2<>d3          (two cards carrying no equipment)
  skip                   the Chieftain does nothing
Protection needs no decision: the owner's cards in the ship being evaluated (those showing the
owner's colour) cannot be removed or swapped by the Chieftains that act after it there (SB-9).
Then every player scores (own shields in the ship, the stern's included, + equipment stones on
cards showing their colour) x food on the bow; the ship is cleared; 2 new cards are dealt (as
many as the pile still has, SB-8).

Rulings implemented: SB-1 (deck), SB-2 (seat 0 starts), SB-3 (food when the stock is empty),
SB-4 (the stern is one shield of its owner's colour; no equipment on it), SB-5 (every ship full at
the start of a turn: the player must lay a stern; with none left, all three ships are evaluated
top to bottom without sterns), SB-6 (pile and display empty: the turn finishes, then the final
evaluation: all Chieftain actions top ship first, then every ship is scored, incomplete ones too).
Highest total wins; ties share the win. Settled later (rulings/skibe.md, "Readings settled later"):
- SB-7: SB-5's evaluation of all three ships is not a turn: the player whose turn it was then
  takes that turn, and play goes on from them.
- SB-8: a ship cleared when the pile is empty or holds one card starts with what the pile still
  has, possibly nothing (new ships are dealt from the pile only); players may lay the display's
  cards into it, and the game goes on until the display's last card is laid (SB-6).
- SB-9: Protection covers its owner's cards in its own ship against the Chieftains laid after it
  in that ship, in the final evaluation too (each ship's Chieftains act in turn, top ship first):
  it never shields cards from another ship's Chieftains, nor cards in another ship.

Where the rulebook and rulings are silent, the engine decides (stated here so it can be argued):
- A swap of two cards in one ship, or of two display cards, changes nothing and is not offered.
- A display card removed by a Chieftain is replaced from the pile after the evaluation.
- If a Chieftain removes the display's last card while the pile is empty, the final evaluation
  follows that evaluation (SB-6: pile and display are empty).
- A decision with nothing to decide is skipped: no card may take equipment; a Chieftain with
  nothing it could do; a player with no Chieftain that could be played.
"""

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from langbord.engines.skibe.rules import SkibeGame, SkibeState

__all__ = ["SkibeGame", "SkibeState"]


def __getattr__(name: str) -> Any:
    """The rules' classes, imported on first use: the registry reads ``info.py`` alone."""
    if name in __all__:
        from langbord.engines.skibe import rules

        return getattr(rules, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
