"""Options as the outside gives them (``load(name, **options)``, ``--option k=v``, the server's
``options`` object): any name that is not one of the game's options, including names Python
itself uses, is an :class:`~langbord.OptionError` that lists the game's options. And options as
players read them: named, in words, the rulings behind them apart."""

from __future__ import annotations

import re

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


RULING_ID = re.compile(r"\b[A-Z]{2}-\d+\b")


@pytest.mark.parametrize("game", langbord.games())
def test_every_option_has_a_players_name_and_words_without_ruling_ids(game: str) -> None:
    """An option is named for players (``label``), each of its choices too, and its help is
    words alone: the rulings behind it are ids in ``rulings``, each a ruling of the game; the
    terminal's text (``described``) still names them."""
    loaded = langbord.load(game)
    known = {ruling["id"] for ruling in loaded.rulings()}
    for spec in type(loaded).option_specs:
        assert spec.label and spec.label[0].isupper(), spec
        assert not RULING_ID.search(spec.help), spec.help
        assert set(spec.rulings) <= known, spec.rulings
        if spec.choices is not None:
            assert spec.choice_labels is not None and len(spec.choice_labels) == len(spec.choices)
            assert len(set(spec.choice_labels)) == len(spec.choices)
        for ruling in spec.rulings:
            assert ruling in spec.described()


def test_a_choice_is_named_by_its_label() -> None:
    boat = {spec.name: spec for spec in type(langbord.load("knarr")).option_specs}["artifact"]
    assert boat.choice_label("mead_cup") == "Mead Cup"
    assert boat.choice_label("none") == "None"
    assert boat.described().endswith("(KN-10)")
