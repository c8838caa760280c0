"""What Skoventyr declares about itself (see ``langbord.core.info``)."""

from langbord.core.info import GameInfo
from langbord.engines.skoventyr.data import MAX_PLAYERS

INFO = GameInfo(
    name="skoventyr",
    title="Skoventyr",
    min_players=1,
    max_players=MAX_PLAYERS,
    renderer="langbord.engines.skoventyr.render:render",
    actions="langbord.engines.skoventyr.notation:TABLE",
    strategy="langbord.engines.skoventyr.strategy:STRATEGY",
    cooperative=True,
)
