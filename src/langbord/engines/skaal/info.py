"""What Skåål declares about itself (see ``langbord.core.info``)."""

from langbord.core.i18n import N_
from langbord.core.info import GameInfo
from langbord.engines.skaal.data import CLANS

INFO = GameInfo(
    name="skaal",
    title="Skåål",
    min_players=3,
    max_players=6,
    renderer="langbord.engines.skaal.render:render",
    actions="langbord.engines.skaal.notation:TABLE",
    seat_names=CLANS,
    tagline=N_("dwarf clans prospect for gold and run Royal Inns."),
    card="langbord.engines.skaal:card.toml",
)
