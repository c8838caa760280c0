"""Each game's card is declared data (``GameInfo.tagline``, ``card.toml``): read, checked and put
together under the title line; the notation is a block of its own."""

from __future__ import annotations

import dataclasses

import pytest

import langbord
from langbord.core import registry
from langbord.core.card import NO_CARD, Card, read_card


@pytest.mark.parametrize("name", langbord.games())
def test_each_game_declares_its_card(name: str) -> None:
    game = langbord.load(name)
    info = registry.info(name)
    card = info.load_card()
    assert info.tagline and info.tagline == game.tagline() and info.load_card() is card
    assert game.rules().startswith(f"{info.title} — {info.tagline}\n\nPlayers: ")
    assert game.rules() == info.card_text() == card.text(f"{info.title} — {info.tagline}")
    heading, *examples = game.notation_lines()
    assert heading.endswith(":") and "free" in heading and not heading.startswith(" ")
    assert examples and all(line.startswith("  ") or line.endswith(":") for line in examples)
    assert "\n".join(game.notation_lines()) in game.rules()
    assert card.before in game.rules() and card.after in game.rules()


def test_a_card_is_its_title_line_then_its_parts() -> None:
    card = Card(before="Players: 2.", notation=("Notation:", "  take d2   take it"), after="End.")
    assert card.text("Toy — a test.") == (
        "Toy — a test.\n\nPlayers: 2.\n\nNotation:\n  take d2   take it\n\nEnd."
    )
    assert NO_CARD.text("Toy") == "Toy"
    bare = dataclasses.replace(registry.info("skibe"), tagline="", card="", _loaded={})
    assert bare.card_text() == "Skibe" and bare.load_card() == NO_CARD


@pytest.mark.parametrize(
    ("reference", "message"),
    [
        ("langbord.engines.skibe:crad.toml", r"card 'langbord\.engines\.skibe:crad\.toml' cannot"),
        ("langbord.engines.skibee:card.toml", r"cannot be read"),
        ("langbord.engines.skibe:rulings.json", r"cannot be read"),  # not TOML
        ("langbord.tutorials:skibe.toml", r"only the strings before, notation, after, not "),
    ],
)
def test_a_card_that_cannot_be_read_says_which(reference: str, message: str) -> None:
    with pytest.raises(langbord.LangbordError, match=message):
        read_card(reference)
