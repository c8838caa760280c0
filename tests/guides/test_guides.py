"""The players' rules pages (``langbord.guides``): every game has one that reads, in each
language; a page whose words are not for players, or that misses a ruling, is refused with the
file and the place named."""

from __future__ import annotations

import re

import pytest

import langbord
from langbord.core.i18n import LANGUAGES, speaking
from langbord.guides import GuideError, guide, in_words, read
from langbord.tutorials import get_tutorial

GAMES = langbord.games()


@pytest.mark.parametrize("game", GAMES)
def test_each_game_has_a_page_a_newcomer_reads_in_minutes(game: str) -> None:
    page = guide(game)
    assert page is not None
    kinds = [s.kind for s in page.sections]
    assert kinds[:5] == ["goal", "setup", "turn", "scoring", "end"]
    words = sum(len(text.split()) for text in page.texts())
    assert 400 <= words <= 1600, words  # a few minutes' reading
    assert sum(s.picture is not None for s in page.sections) >= 4
    for section in page.sections:
        if section.picture is not None:
            tutorial = get_tutorial(section.picture.tutorial)
            assert tutorial.game == game
            tutorial.position(section.picture.step)  # the position is reached
    rulings = [r["id"] for r in langbord.load(game).rulings()]
    assert [c.ruling for c in page.clarifications] == rulings


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("spoken", LANGUAGES[1:])
def test_the_page_in_each_language(game: str, spoken: str) -> None:
    english = guide(game)
    with speaking(spoken):
        said = guide(game)
    assert english is not None and said is not None
    assert [s.kind for s in said.sections] == [s.kind for s in english.sections]
    assert [c.ruling for c in said.clarifications] == [c.ruling for c in english.clarifications]
    # Every text translated (a proper name alone, as a heading, may stay as it is).
    same = [a for a, b in zip(english.texts(), said.texts(), strict=True) if a == b]
    assert all(len(text.split()) <= 2 for text in same), same
    for text in said.texts():
        assert "`" not in text and not re.search(r"\b[A-Z]{2}-\d+\b", text), text


PAGE = """
game = "skibe"
summary = "Three ships."
{sections}
{clarifications}
"""

SECTION = """
[[section]]
kind = "{kind}"
heading = "The {kind}"
paragraphs = ["{paragraph}"]
"""


SKIBE_RULINGS = tuple(f"SB-{k}" for k in range(1, 10))


def _page(
    kinds: tuple[str, ...] = ("goal", "setup", "turn", "scoring", "end"),
    paragraph: str = "Plain words.",
    rulings: tuple[str, ...] = SKIBE_RULINGS,
    extra: str = "",
) -> str:
    sections = "".join(SECTION.format(kind=k, paragraph=paragraph) for k in kinds)
    clarifications = "".join(
        f'\n[[clarification]]\nruling = "{r}"\ntext = "In words."\n' for r in rulings
    )
    return PAGE.format(sections=sections + extra, clarifications=clarifications)


def test_a_well_made_page_reads() -> None:
    page = read(_page(), "skibe", "test.toml")
    assert page.clarifications[0].ruling == "SB-1"


@pytest.mark.parametrize(
    ("text", "refusal"),
    [
        (_page(paragraph="Click `take d1`."), "backtick"),
        (_page(paragraph="As SB-3 says."), "a ruling id ('SB-3')"),
        (_page(paragraph="Seat 0 starts."), "a seat counted from 0"),
        (_page(paragraph="Then 'lay 1' the card."), "quoted notation"),
        (_page(kinds=("setup", "goal", "turn", "scoring", "end")), "in this order"),
        (_page(kinds=("goal", "setup", "turn", "scoring")), "in this order"),
        (_page(rulings=("SB-1", "SB-2")), "missing ['SB-3'"),
        (_page(rulings=(*SKIBE_RULINGS, "SB-2")), "doubled ['SB-2']"),
        (_page(rulings=(*SKIBE_RULINGS, "XX-1")), "doubled ['XX-1']"),
        (
            _page(
                extra='\n[[section]]\nkind = "module"\nheading = "M"\nparagraphs = ["P."]\n'
                'picture = { tutorial = "skibe", step = 999, caption = "C." }\n'
            ),
            "step must be 1 to",
        ),
        (
            _page(
                extra='\n[[section]]\nkind = "module"\nheading = "M"\nparagraphs = ["P."]\n'
                'picture = { tutorial = "skaal", step = 1, caption = "C." }\n'
            ),
            "teaches skaal, not skibe",
        ),
        (
            _page(extra='\n[[section]]\nkind = "intro"\nheading = "M"\nparagraphs = ["P."]\n'),
            "kind must be one of",
        ),
        (_page() + "\ncolour = 3\n", "unknown keys ['colour']"),
        (_page(paragraph=""), "non-empty text"),
        ("game = [", "test.toml"),
    ],
)
def test_a_page_not_for_players_is_refused(text: str, refusal: str) -> None:
    with pytest.raises(GuideError, match=re.escape(refusal)):
        read(text, "skibe", "test.toml")


def test_no_page_for_no_game() -> None:
    with pytest.raises(GuideError, match="no game 'chess'"):
        guide("chess")


@pytest.mark.parametrize(
    ("message", "words", "rulings"),
    [
        (
            "now red must take a display card ('take d1') or draw ('draw')",
            "now red must take a display card or draw",
            [],
        ),
        (
            "discard down to 5 cards ('discard Trold' or 'discard Nisse')",
            "discard down to 5 cards",
            [],
        ),
        (
            "{region} is not empty: setup dwarfs go to empty regions (SA-4)",
            "{region} is not empty: setup dwarfs go to empty regions",
            ["SA-4"],
        ),
        (
            "bow 2 has its last food stone, which never moves (rulebook, SB-3)",
            "bow 2 has its last food stone, which never moves (rulebook)",
            ["SB-3"],
        ),
        (
            "Caps apply to the total (KN-6: gains of one trade are applied together).",
            "Caps apply to the total (gains of one trade are applied together).",
            ["KN-6"],
        ),
        (
            "Move one. SA-6: an innkeeper cannot be moved.",
            "Move one. An innkeeper cannot be moved.",
            ["SA-6"],
        ),
        ("the deck is short (SV-5, SV-8)", "the deck is short", ["SV-5", "SV-8"]),
        ("Les limites (KN-6\u00a0: les gains).", "Les limites (les gains).", ["KN-6"]),
        ("la réserve\u00a0: passez (SB-3)", "la réserve\u00a0: passez", ["SB-3"]),
        ("l’équipement d’un navire, qu'il soit", "l’équipement d’un navire, qu'il soit", []),
    ],
)
def test_an_engine_message_in_words(message: str, words: str, rulings: list[str]) -> None:
    """The quoted moves and the ruling ids leave an engine's message, in any language (French
    keeps its spaces before a colon); the ids it cited come back beside it."""
    assert in_words(message) == (words, rulings)
    assert in_words(words)[0] == words  # words stay words
