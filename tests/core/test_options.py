"""Options as the outside gives them (``load(name, **options)``, ``--option k=v``, the server's
``options`` object): any name that is not one of the game's options, including names Python
itself uses, is an :class:`~langbord.OptionError` that lists the game's options."""

from __future__ import annotations

import pytest

import langbord
from langbord.cli.main import main

PYTHON_NAMES = ["self", "cls", "name", "options", "__class__", "__init__", "__dict__", ""]


@pytest.mark.parametrize("game", langbord.games())
@pytest.mark.parametrize("key", PYTHON_NAMES)
def test_an_option_named_like_python_is_unknown(game: str, key: str) -> None:
    with pytest.raises(langbord.OptionError) as refused:
        langbord.load(game, **{key: 1})
    message = str(refused.value)
    assert message.startswith(f"{game}: unknown option {key}; options are: ")
    specs = type(langbord.load(game)).option_specs
    assert specs and all(f"{spec.name} (" in message for spec in specs)


def test_the_game_still_loads_with_its_own_options_after_a_refusal() -> None:
    with pytest.raises(langbord.OptionError):
        langbord.load("skibe", self=3)
    assert langbord.load("skibe", players=3).options == {"players": 3}


def test_the_command_line_refuses_an_option_named_self(capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["random", "skibe", "--option", "self=1"])
    err = capsys.readouterr().err
    assert status == 2
    assert err == (
        "langbord: error: skibe: unknown option self; options are: players (integers 3..5; "
        "default 4)\n"
    )
