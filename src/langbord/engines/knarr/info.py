"""What Knarr declares about itself (see ``langbord.core.info``)."""

from langbord.core.i18n import N_
from langbord.core.info import GameInfo

PLAYER_NAMES: tuple[str, ...] = (N_("player 1"), N_("player 2"), N_("player 3"), N_("player 4"))
"""The rulebook gives Knarr's players no colours, so seat ``p`` is "player p+1" in every text
(the notation keeps its seat numbers: ``first seat 0``); marked, translated where said."""

INFO = GameInfo(
    name="knarr",
    title="Knarr",
    min_players=2,
    max_players=4,
    renderer="langbord.engines.knarr.render:render",
    actions="langbord.engines.knarr.notation:TABLE",
    seat_names=PLAYER_NAMES,
    private_information=True,
    tagline=N_(
        "viking crews recruit, explore destinations and trade; with Skali and the artifacts."
    ),
    card="langbord.engines.knarr:card.toml",
)
