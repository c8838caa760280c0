"""Knarr — viking crews recruit, explore destinations and trade; with Skali and the artifacts.

Players: 2–4 (option ``players``, default 3), seats 0…n-1, clockwise in seat order; the first
player is drawn at random (a chance node, ``first seat 2``). Load it with
``langbord.load("knarr", players=3)``.

Options:
  players       2–4 (default 3): the viking deck has 30, 40 or 50 cards
  boat          normal (default, trade columns [- | recruit | -]) or advanced ([vp | - | bracelet]),
                or random (KN-9: one side drawn at setup, each 1/2, a chance node ``boat advanced``,
                before everything else; every player uses it; ``view`` names it under ``boat``)
  skali         false (default) / true: the Skali mode (rulebooks/knarr-skali.txt, SK-1…SK-7)
  skali_board   rulebook (default) / digital: the skáli's lines (needs skali=true). rulebook: Land
                of Influence → 1 raid + 1 bracelet, new colour → 1 coin + 1 raid; digital: only 1
                raid and only 1 coin on those lines
  artifact      none (default), mead_cup, silver_coins, cauldron, golden_bracelet, helmet, amulet,
                weathervane, or random (a chance node at setup: ``artifact Helmet``), or
                two-player-mead-cup (KN-10: with 2 players the Mead Cup and one random other,
                each of the six 1/6, both in play; with 3–4 players the same as random). The
                view's ``artifacts`` lists those in play, ``artifact`` joins them ("Mead Cup +
                Helmet")

Components (rulings/knarr.md, every card in ``knarr_data.json``, a copy of knarr-data.json):
viking cards by colour and gain (``red vp``, ``blue bracelet``, ``green recruit``, ``purple
reputation``); destinations ``A1``–``A20`` (Trading Lands; Skali adds ``A21``–``A28``) and
``B1``–``B15`` (Lands of Influence; Skali adds ``B16``–``B20``), numbered in the JSON's order;
buildings ``building 1``–``building 35`` (the JSON ids). The market's five slots are named by
their colour (red, yellow, green, blue, purple, left to right).

Notation (case and spacing are free):
  draw red vp          chance: the viking drawn (market refill, a crew, a hand at setup)
  reveal A7            chance: a destination revealed;  reveal building 12: a building
  first seat 1         chance: the first player;  artifact Helmet: the artifact (random)
  boat advanced        chance: the boat side (boat=random, KN-9)
  recruit red vp       Recruit: play it from your hand into your crew's red column
  take blue            then take the blue slot's viking (another colour's slot than the card
                       played costs 1 recruit); the slot is refilled ("draw …")
  explore B3           Explore: choose a visible destination, then pay it card by card:
  pay red vp           a crew card towards the cost;  pay recruit: a recruit in place of a card
  trade 2              return 2 bracelets: columns 1–2 of the boat and every destination
  end turn             after the action (asked only while a trade, Develop or renew is possible)
  discard red vp       KN-7: a forced discard of a player tied for the most crew cards
  pass                 only when neither Recruit nor Explore is possible
Skali:
  develop building 12  buy a visible building (SK-2)
  renew slot 2         2 players: slide the building of slot 2 (of 4, left to right) under the
                       deck and reveal another (SK-6);  renew slots 1+3: two of them
  activate building 7  the next village card to activate, when the order matters (SK-3);
                       activate skali
Artifacts:
  mead red / no mead   Mead Cup, after an Explore: discard the red slot's viking, refill it
  reserve A7 / no reserve   Golden bracelet, after recruiting a colour's 3rd viking
  skip extra           decline the extra Recruit (Helmet) or Explore (Weathervane)

A turn: reputation income (0–2 → 0, 3–5 → 1, 6–9 → 2, 10–13 → 3, 14 → 5 vp), then one action
(Recruit or Explore), with one Trade before or after it (KN-6) and, in Skali, one Develop before or
after it; then, in Skali, the raid if the board holds no raid token (SK-5).

Rulings implemented: KN-1 (bracelet, recruit caps 3), KN-2 (reputation cap 14), KN-3 (two start
vikings of different colours), KN-4 (exact payment), KN-5 (empty destination deck: slot stays
empty), KN-6 (one trade, gains applied together), KN-7 (empty viking deck: reshuffle the discard
pile; else forced discards by the players tied for most crew cards, each a decision, in turn
order from the current player; else the draw does not happen), KN-8 (the end at 40 vp at any
step, the round played out, tie-break recruits + bracelets, then a shared win); SK-1 … SK-7
(setup, Develop, village activation, raid tokens with the additional token, the raid with all its
cases, the 2-player change token and special building, coins worth nothing); KN-9 (boat=random:
one side drawn at setup) and KN-10 (artifact=two-player-mead-cup), the two options of the official
digital adaptation.

Hidden information: hands. ``view(p)`` shows p's hand, the size of the others' and the cards each
took from the market (known to all until played). Deck order is never decided before a draw.
``resample_hidden(p, rng)`` re-deals the other hands' unseen cards from the cards p has not seen.

Where the rules are silent, the engine decides (stated here so it can be argued):
- KN-3 is drawn as its outcome: the first start card with the probabilities of a valid pair
  (copies × cards of the other colours), the second from the other colours only — the same
  distribution as returning both and redrawing, without an unbounded loop of chance nodes.
- Gains of one card, column, destination or trade are applied together: they are independent
  counters with caps, so their order never matters and is not asked. The only orders that can
  matter are SK-3's village cards with vp gains against losses: "lose 1 vp" at 0 does nothing,
  and gains first may reach 40 vp where losses first do not (KN-8: the end is triggered at any
  step). The player is asked to order the village cards exactly when the line holds both, and
  either has fewer vp than the losses or would reach 40 only with the gains first.
- Payment (KN-4): a card or recruit is offered only if the payment can still be completed
  exactly; it ends by itself when the cost is met. A recruit replaces any one required card
  (a destination may be paid with recruits only where they suffice). An Explore, once chosen,
  is paid.
- After a Recruit the take is always a decision (one option or more); with nothing to take
  (every matching slot empty, no recruit) it is skipped. A card's colour, not its gain, names
  its slot.
- Market cards are known to all once taken; when a player plays a type of which they hold a
  known copy, the known copy is the one that leaves (copies of a type are identical).
- After the first reshuffle (KN-7) the deck's contents are public (the discard pile was), and
  ``view`` shows them; ``resample_hidden`` then re-deals only the other hands' unseen cards among
  themselves. KN-7's last case (no crew card anywhere, both piles empty: the draw is lost) is
  implemented but cannot arise in play: hands and market hold at most 17 of the 30–50 cards.
- Immediate gains of a destination, a "card" included, come before the refill of its slot; the
  village activates after the take and the refill (SK-3).
- SK-5: in "both gain and lose" cases gains come first, then losses. When every player is tied,
  and the additional token was taken, the first in turn order from the current player puts one
  token beside the board. The fewest-tokens player of a 2-player raid returns 1 token if any.
  The special building (2 players) has no raid gains or losses.
- SK-6: renewed buildings go under the deck in slot order; they come back only when the
  unseen part of the deck is exhausted. The change token may be used before or after the action.
- Artifacts: "the 2nd/3rd of a colour" means the column then holds exactly 2 / 3 cards; Silver
  coins: 4 or more. A row of 5 colours is completed whenever a card joins the crew (Recruit or a
  "card" gain) and the shortest column grows — again after payments shortened it. Golden
  bracelet's reservation is offered right after the column gains, before the take; a reserved
  destination is public, leaves its slot (refilled, KN-5) and may later be explored like a
  visible one. Helmet's "previous destination" is the player's last explored one. Extra actions
  are optional, taken as soon as the action (or trade) that earned them is resolved, with no
  trade between; they activate the village and may earn further extras.
- Safeguard, not a rule: the game also ends after 100 full rounds.
- ``scores()`` is vp + (recruits + bracelets) / 10, so that ``returns()`` follows KN-8's
  tie-break; the vp themselves are in ``view``.
"""

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from langbord.engines.knarr.rules import KnarrGame, KnarrState

__all__ = ["KnarrGame", "KnarrState"]


def __getattr__(name: str) -> Any:
    """The rules' classes, imported on first use: the registry reads ``info.py`` alone."""
    if name in __all__:
        from langbord.engines.knarr import rules

        return getattr(rules, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
