"""What Knarr declares about itself (see ``langbord.core.info``)."""

from langbord.core.info import GameInfo

INFO = GameInfo(
    name="knarr",
    title="Knarr",
    min_players=2,
    max_players=4,
    renderer="langbord.engines.knarr.render:render",
    actions="langbord.engines.knarr.notation:TABLE",
    strategy="langbord.engines.knarr.strategy:STRATEGY",
    private_information=True,
)
