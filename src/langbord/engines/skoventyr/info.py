"""What Skoventyr declares about itself (see ``langbord.core.info``)."""

from langbord.core.i18n import N_
from langbord.core.info import GameInfo
from langbord.engines.skoventyr.data import MAX_PLAYERS

PLAYER_NAMES: tuple[str, ...] = (N_("player 1"), N_("player 2"), N_("player 3"), N_("player 4"))
"""Skoventyr is cooperative and its players have no colours: seat ``p`` is "player p+1" (marked
for the catalogs, translated where a name is put into player text)."""
assert len(PLAYER_NAMES) == MAX_PLAYERS

INFO = GameInfo(
    name="skoventyr",
    title="Skoventyr",
    min_players=1,
    max_players=MAX_PLAYERS,
    renderer="langbord.engines.skoventyr.render:render",
    actions="langbord.engines.skoventyr.notation:TABLE",
    seat_names=PLAYER_NAMES,
    cooperative=True,
    tagline=N_("a cooperative forest game: help Vogter defeat Gamle Erik's Minions."),
    card="langbord.engines.skoventyr:card.toml",
)
