"""What a player may do once per turn, before or after the action, in any order: Trade (rulings/
knarr.md, Trade; KN-6), and with Skali, Develop (SK-2) and, with 2 players, renew (SK-6). They
are chosen in the ``action`` and ``after action`` phases (:mod:`.turn`), which say what follows.

- Trade: return 1, 2 or 3 bracelets; with k, collect columns 1..k of the boat and of every
  destination owned, applied together (KN-6: the caps apply to the total).
- Develop: buy one of the 4 visible buildings for its cost in coins; it joins the village; its
  slot is refilled (:mod:`.buildings`).
- Renew: once while the change token is available, slide 1 or 2 visible buildings under the deck
  and reveal as many; the token turns unavailable (the special building turns it back, SK-6)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from langbord.core.i18n import _, ngettext
from langbord.engines.knarr.data import BUILDINGS, NUM_GAINS
from langbord.engines.knarr.notation import ARG, ARG2, DEVELOP, DEVELOP_ID, KIND, RENEW_ID, TRADE
from langbord.engines.knarr.phases import seat_name
from langbord.engines.knarr.phases.buildings import REFILL_BUILDING

if TYPE_CHECKING:
    from langbord.engines.knarr.rules import KnarrState, Player


def skali_options(state: KnarrState, player: Player) -> list[int]:
    """Develop (once per turn, a visible building ``player`` can pay) and renew (while the change
    token is available: 1 slot, or 2 in slot order, holding buildings)."""
    result: list[int] = []
    market = state.building_market
    if not state.developed:
        coins = player.coins
        result += [DEVELOP_ID[b] for b in market if b >= 0 and BUILDINGS[b].cost <= coins]
    if player.change_token:
        shown = [s for s in range(len(market)) if market[s] >= 0]
        for i, a in enumerate(shown):
            row = RENEW_ID[a]
            result.append(row[a])
            result += [row[b] for b in shown[i + 1 :]]
    return result


def why_not(state: KnarrState, action: int) -> str:
    """Why ``action`` (a Trade, Develop or renew) may not be taken now; "" if it may."""
    p = state.turn
    player = state.players[p]
    kind = KIND[action]
    if kind == TRADE:
        k = ARG[action]
        if state.traded:
            return _("trade once per turn, before or after the action, not both (KN-6)")
        if k <= player.bracelets:
            return ""
        # The English says "bracelets" for any number (as it always has); other languages may not.
        return ngettext(
            "{player} has {n} bracelets: trading {k} returns {k} (KN-6)",
            "{player} has {n} bracelets: trading {k} returns {k} (KN-6)",
            player.bracelets,
        ).format(player=seat_name(state, p), n=player.bracelets, k=k)
    if kind == DEVELOP:
        b = ARG[action]
        if state.developed:
            return _("Develop once per turn (SK-2)")
        if b not in state.building_market:
            return _("building {number} is not visible (SK-2)").format(number=b + 1)
        cost = BUILDINGS[b].cost
        if cost <= player.coins:
            return ""
        # The English says "coins" for any cost (as it always has); other languages may not.
        return ngettext(
            "building {number} costs {n} coins; {player} has {coins} (SK-2)",
            "building {number} costs {n} coins; {player} has {coins} (SK-2)",
            cost,
        ).format(number=b + 1, n=cost, player=seat_name(state, p), coins=player.coins)
    if not player.change_token:
        return _("{player}'s change token is unavailable (SK-6)").format(player=seat_name(state, p))
    market = state.building_market
    if market[ARG[action]] >= 0 and market[ARG2[action]] >= 0:
        return ""
    return _("renew only slots that hold a building (SK-6)")


def trade(state: KnarrState, k: int) -> None:
    """KN-6: return k bracelets; collect columns 1..k of the boat and every destination, applied
    together."""
    p = state.turn
    player = state.players[p]
    state.traded = True
    player.bracelets -= k
    columns = player.trade
    gains = columns[0].copy()
    for c in range(1, k):
        column = columns[c]
        for g in range(NUM_GAINS):
            gains[g] += column[g]
    state.gain(p, gains)
    state.proceed()


def develop(state: KnarrState, b: int) -> None:
    """SK-2: buy a visible building; refill its slot."""
    player = state.players[state.turn]
    state.developed = True
    player.coins -= BUILDINGS[b].cost
    player.village.append(b)
    slot = state.building_market.index(b)
    state.building_market[slot] = -1
    state.pending.append(REFILL_BUILDING[slot])
    state.proceed()


def renew(state: KnarrState, a: int, b: int) -> None:
    """SK-6: slide the buildings of 1 or 2 slots under the deck (in slot order) and reveal as
    many."""
    state.players[state.turn].change_token = False
    slots = [a] if a == b else [a, b]
    for slot in slots:
        state.building_deck_bottom.append(state.building_market[slot])
        state.building_market[slot] = -1
    state.pending += [REFILL_BUILDING[s] for s in reversed(slots)]
    state.proceed()
