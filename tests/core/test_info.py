"""Each game's declared traits (``GameInfo``) and the registry that reads them without the rules."""

from __future__ import annotations

import dataclasses
import subprocess
import sys

import pytest

import langbord
from langbord.core import registry
from langbord.core.info import GameInfo


@pytest.mark.parametrize("name", langbord.games())
def test_the_registry_and_the_game_read_one_declaration(name: str) -> None:
    traits = registry.info(name)
    assert isinstance(traits, GameInfo) and traits.name == name
    game_class = registry.game_class(name)
    assert game_class.info is traits and game_class.name == name
    players = next(spec for spec in game_class.option_specs if spec.name == "players")
    assert (players.minimum, players.maximum) == (traits.min_players, traits.max_players)
    assert callable(traits.load_renderer())


def test_titles_are_the_rulebooks_names() -> None:
    titles = {name: registry.info(name).title for name in langbord.games()}
    assert titles == {
        "knarr": "Knarr",
        "skaal": "Skåål",
        "skibe": "Skibe",
        "skoventyr": "Skoventyr",
    }
    assert [n for n in langbord.games() if registry.info(n).cooperative] == ["skoventyr"]
    assert [n for n in langbord.games() if registry.info(n).private_information] == ["knarr"]


def test_info_loads_no_rules() -> None:
    """The registry reads a game's info.py alone: its rules and text stay unloaded, and nothing
    of the agents (a game's heuristics are theirs, not its own)."""
    code = (
        "import sys\n"
        "from langbord.core import registry\n"
        "print([registry.info(n).title for n in registry.games()])\n"
        "print(sorted(m for m in sys.modules if m.endswith(('.rules', '.render'))"
        " or m.startswith('langbord.agents')))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    assert done.stdout.splitlines() == ["['Knarr', 'Skåål', 'Skibe', 'Skoventyr']", "[]"]


def test_info_of_an_unknown_game_lists_the_games() -> None:
    with pytest.raises(langbord.UnknownGameError, match=r"unknown game 'chess'; games are: knarr"):
        registry.info("chess")
    assert registry.info(" Skaal ") is registry.info("skaal")


def test_a_misspelt_renderer_reference_raises() -> None:
    broken = dataclasses.replace(
        registry.info("skibe"), renderer="langbord.engines.skibe.render:rendr", _loaded={}
    )
    with pytest.raises(langbord.LangbordError, match=r"renderer .*rendr.* cannot be loaded"):
        broken.load_renderer()
