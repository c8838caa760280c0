"""Skoventyr — a cooperative forest game: help Vogter defeat Gamle Erik's Minions.

Players: 1–4 (option ``players``, default 1), all on one side: everybody wins or everybody loses
(``returns()`` is 1.0 for every seat on a victory, 0.0 on a defeat). Seat 0 starts.
Load it with ``langbord.load("skoventyr", players=2, lygtemands=True)``.

Options: ``trees`` (6–8, default 6: 7 or 8 make it easier), ``damaged`` (default 0: Trees that
start Damaged, harder), ``lygtemands`` (module The Lygtemands Get Involved, SV-7), ``rescue``
(module Rescue, SV-8); both modules may be on together.

Components (rulings/skoventyr.md, data.py): 25 Allies (5 each of Ellefolk, Formskifter, Huldre,
Nisse, Trold), 13 Adversaries (Gamle Erik), 6 Minions (Lindorm 1, 2 value 4; Mare 1, 2 value 3;
Genganger 1, 2 value 2), 8 Trees (A–H, Healthy/Damaged); modules: 6 Lygtemands (one per Ally type
and "?"), 5 Hostage tokens (one "x2"), 6 Acorns (pairs 1, 2, 3). The Huldre's and Ellefolk's
powers are reconstructions (marked in data.py).

Places: Trees by letter, ring clockwise from A (SV-1: Gamle Erik on A, Vogter on D); Future slots
``f1``–``f3`` from the left. Action strings (case and spacing are free):
  draw Trold / draw Gamle Erik   chance: a card from the hidden part of the deck
  lygtemand ? / hostage x2 Nisse / acorn 2      chance at setup (modules)
  call f2            Vogter's Call, resolving the card's left box (then its sub-decisions)
  call f1 risky      Vogter's Call with a Risky Draw instead of the left box (SV-3)
  gambit             Vogter's Gambit: damage a Tree, then 'bottom f1' … and 'done'
  position Trold     Command: Position, a Trold from hand into the Forest; then 'on E' (the
                     Tree; the first Ally goes on Vogter's Tree with no question asked)
  mission Huldre     Command: Mission, discard it for its power
  wrath Mare 1       Vogter's Wrath on a Minion; then 'refuge', 'revenge' or 'restoration'
  rally Nisse / rally ? Trold / involve 1 / involve 2   Vogter's Reconciliation (SV-7)
  rescue Huldre      Vogter's Rescue (SV-8)
Sub-decisions: 'damage B' (discard it if Damaged, else flip it), 'heal B', 'reveal D' (Trold's
cost), 'bottom f3' (Ellefolk's cost, Gambit), 'take f2' / 'done' (Huldre's power), 'erik back 2'
(Trold's power), 'recycle Trold' (Nisse's power), 'top Trold' / 'bottom Gamle Erik' (Involve's
placements), 'discard Trold' (hand limit 5), 'discard f1' (Revenge's Adversary), 'vogter to E'
(Refuge's destination; his own Tree: he stays), 'recover after D' (Acorns: where the Tree
returns).

The deck (SV-6): its known top cards, its hidden part (no order: a draw from it is a chance node
over the card types it holds) and its known bottom cards, all public and shown by ``view``; a
shuffle makes every card hidden again.

Rulings implemented: SV-1 … SV-8 (setup, SV-2 Vogter never onto Gamle Erik, SV-3 costs in full
or a Risky Draw, SV-4 short Future, SV-5 an action needs all its mandatory steps and no legal
action loses, SV-6 deck knowledge, SV-7 Lygtemands, SV-8 Rescue).

Where the rules are silent (and no ruling settles it), the engine decides — stated here so it
can be argued:
- ``damaged`` Trees: Free Trees first, alternating between the stretch Gamle Erik→Vogter and the
  stretch behind Vogter (B, E, C, F, G, H), the pawns' Trees last. Extra Trees (``trees`` 7–8)
  are added behind Vogter, so the pawns still have two Trees between them.
- A sub-decision with only one possible choice is made by the engine (it is not an action);
  the turn's action is always chosen.
- Cards put on the bottom go beneath those already there, one at a time in the order chosen;
  the order is asked only when the cards differ. Involve 2's Allies go on top in the order
  chosen (the first one chosen is the top card); with more than two Allies revealed the player
  chooses which two; the rest go to the bottom.
- Draws take the known top cards first, then the hidden part, then the known bottom cards.
- Trold's power: Gamle Erik's counter-clockwise moves stop before Vogter's Tree (the counts that
  would reach it are not offered). Refuge: Vogter never moves onto or past Gamle Erik's Tree.
- The card taken by Vogter's Call leaves the Future before its left box is resolved; an
  Adversary taken goes to the bottom after the Risky Draw's card.
- Identical Minions (same kind, same Acorn, no Lygtemand) are offered once (the lower number).
- Revenge with several Adversaries in the Future: the player chooses which one is discarded.
- Acorns: a pair in the centre is removed at the start of a turn even with no discarded Tree;
  the Tree recovered is the discarded one with the lowest letter; it returns Healthy.
- A Formskifter has no Mission (its power is its placement).
- A game still undecided after 400 turns is lost (a safeguard: Risky Draws revealing Allies can
  cycle the deck forever).
- ``scores()`` is the number of Minions defeated, the same for every seat.

Notes: at most 8 Adversaries can leave the deck for good (Revenge before the last Wrath, Involve
2) and the Future holds 3, so the deck always keeps an Adversary or two: SV-4's short Future, the
empty deck's missing Risky Draw and SV-5's defeat with no legal action (a Call with a Risky Draw
is always possible) are implemented but cannot arise in a real game.
"""

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from langbord.engines.skoventyr.rules import SkoventyrGame, SkoventyrState

__all__ = ["SkoventyrGame", "SkoventyrState"]


def __getattr__(name: str) -> Any:
    """The rules' classes, imported on first use: the registry reads ``info.py`` alone."""
    if name in __all__:
        from langbord.engines.skoventyr import rules

        return getattr(rules, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
