"""langbord — play, study and simulate four Nordic tabletop games.

>>> import langbord
>>> langbord.games()
['knarr', 'skaal', 'skibe', 'skoventyr']
>>> game = langbord.load("skibe", players=3)
>>> state = game.new_initial_state()
>>> state.current_player() == langbord.CHANCE   # the opening deal is chance
True
"""

from langbord import record
from langbord.core.errors import (
    IllegalActionError,
    InvalidActionError,
    LangbordError,
    OptionError,
    RecordError,
    UnknownGameError,
)
from langbord.core.game import CHANCE, TERMINAL, Game, State
from langbord.core.registry import games, load
from langbord.core.runner import play_game

__version__ = "0.1.0"

__all__ = [
    "CHANCE",
    "TERMINAL",
    "Game",
    "IllegalActionError",
    "InvalidActionError",
    "LangbordError",
    "OptionError",
    "RecordError",
    "State",
    "UnknownGameError",
    "games",
    "load",
    "play_game",
    "record",
]
