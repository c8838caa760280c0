"""What Skoventyr declares about itself (see ``langbord.core.info``)."""

from langbord.core.info import GameInfo
from langbord.engines.skoventyr.data import MAX_PLAYERS

PLAYER_NAMES: tuple[str, ...] = tuple(f"player {p + 1}" for p in range(MAX_PLAYERS))
"""Skoventyr is cooperative and its players have no colours: seat ``p`` is "player p+1"."""

INFO = GameInfo(
    name="skoventyr",
    title="Skoventyr",
    min_players=1,
    max_players=MAX_PLAYERS,
    renderer="langbord.engines.skoventyr.render:render",
    actions="langbord.engines.skoventyr.notation:TABLE",
    seat_names=PLAYER_NAMES,
    cooperative=True,
    tagline="a cooperative forest game: help Vogter defeat Gamle Erik's Minions.",
    card="langbord.engines.skoventyr:card.toml",
)
