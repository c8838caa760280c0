"""A raid (Skali, RAIDS; SK-5): at the end of a turn in which the board holds no raid token
(:mod:`.turn`), the players with the most tokens gain their village's white gains and return all
their tokens, one of them putting the additional token back beside the board if it was taken;
the fewest apply the black losses and keep theirs; the others return 1. Two players: the one
with fewer also returns 1. Every player tied: all gain, lose and return all. No one decides
anything: a raid is not a phase. (Taking tokens, SK-4, is a gain: ``KnarrState.gain``.)"""

from __future__ import annotations

from typing import TYPE_CHECKING

from langbord.engines.knarr.data import BUILDINGS

if TYPE_CHECKING:
    from langbord.engines.knarr.rules import KnarrState, Player


def raid_won(state: KnarrState, player: Player) -> list[int]:
    """The white gains of ``player``'s village: the skáli's and each building's."""
    gains = list(state.skali_card.raid_most)
    for b in player.village:
        for g, x in enumerate(BUILDINGS[b].raid_most):
            gains[g] += x
    return gains


def raid_lost(state: KnarrState, player: Player) -> list[int]:
    """The black losses of ``player``'s village: the skáli's and each building's."""
    losses = list(state.skali_card.raid_fewest)
    for b in player.village:
        for g, x in enumerate(BUILDINGS[b].raid_fewest):
            losses[g] += x
    return losses


def raid(state: KnarrState) -> None:
    """SK-5: most tokens gain and return all (one of them restoring the additional token beside
    the board); fewest lose and keep theirs; the others return 1. Two players: the one with
    fewer also returns 1. Every player tied: all gain, lose and return all."""
    n = state.n
    players = state.players
    order = [(state.turn + i) % n for i in range(n)]
    tokens = [player.raid_tokens for player in players]
    most = max(tokens)
    fewest = min(tokens)
    winners = [p for p in order if tokens[p] == most]
    for p in winners:
        state.gain(p, raid_won(state, players[p]))
    losers = winners if most == fewest else [p for p in order if players[p].raid_tokens == fewest]
    for p in losers:
        state.gain(p, raid_lost(state, players[p]))
    return_raid_tokens(state, order, most, fewest)


def return_raid_tokens(state: KnarrState, order: list[int], most: int, fewest: int) -> None:
    """The tokens go back: all of the most's, 1 of each other's but the fewest's (with two
    players, theirs too), and one of the most's beside the board if the additional token was
    taken."""
    returned = 0
    for p in order:
        player = state.players[p]
        tokens = player.raid_tokens
        if tokens == most:
            returned += tokens
            player.raid_tokens = 0
        elif tokens != fewest or (state.n == 2 and tokens):
            player.raid_tokens -= 1
            returned += 1
    if not state.additional_token_beside_board:
        state.additional_token_beside_board = True  # a winner puts one token back beside it
        returned -= 1
    state.raid_tokens_on_board += returned
