"""What Skibe declares about itself (see ``langbord.core.info``)."""

from langbord.core.i18n import N_
from langbord.core.info import GameInfo
from langbord.engines.skibe.data import COLOURS

INFO = GameInfo(
    name="skibe",
    title="Skibe",
    min_players=3,
    max_players=5,
    renderer="langbord.engines.skibe.render:render",
    actions="langbord.engines.skibe.notation:TABLE",
    seat_names=COLOURS,
    tagline=N_("build three viking ships, load them, and score them with chieftains."),
    card="langbord.engines.skibe:card.toml",
)
