"""Knarr in another language: every text a player reads of it (the prompt, a refusal, an
action's words, the table, the outcome) goes through the catalogs, a catalog's words reach it
(seats named "player 1" and on, colours and gains as words), and what a player types stays the
notation."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

import langbord
from langbord.core import i18n
from langbord.core.i18n import speaking, translations
from langbord.engines.knarr import render
from langbord.engines.knarr.notation import ACTION_STRINGS, RECRUIT_ID, TABLE
from langbord.engines.knarr.rules import ACTION, KnarrState


@pytest.fixture
def fresh_caches(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The words and texts Knarr keeps per language, made anew in the test (and the ones made
    before it put back after)."""
    monkeypatch.setattr(TABLE, "_words", {})
    monkeypatch.setattr(render, "_TEXTS", {})
    monkeypatch.setattr(render, "_SKALI_TEXT", {})
    translations.cache_clear()
    yield
    translations.cache_clear()


# ---- a catalog's words reach the table ----------------------------------------------------------

PO = """msgid ""
msgstr ""
"Language: da\\n"
"Plural-Forms: nplurals=2; plural=(n != 1);\\n"
"Content-Type: text/plain; charset=utf-8\\n"

msgid "player 1"
msgstr "spiller 1"

msgid "player 2"
msgstr "spiller 2"

msgid "red"
msgstr "rød"

msgid "blue"
msgstr "blå"

msgctxt "gain"
msgid "vp"
msgstr "sejrspoint"

msgid "{player} takes an action: {choices}"
msgstr "{player} tager en handling: {choices}"

msgid "{player} takes an action: {choices} (or first {before})"
msgstr "{player} tager en handling: {choices} (eller først {before})"

msgid "recruit"
msgstr "hverv"

msgid "{items} or {last}"
msgstr "{items} eller {last}"

msgid "{player} has no {card} in hand"
msgstr "{player} har ingen {card} på hånden"

msgid "{colour} viking showing {gain}"
msgstr "{colour} viking med {gain}"

msgid "recruit: play the {viking} from your hand into your crew"
msgstr "hverv: spil {viking} fra din hånd ind i din besætning"
"""

DANISH = {"red": "rød", "blue": "blå", "vp": "sejrspoint"}


@pytest.fixture
def danish(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fresh_caches: None) -> None:
    """A small Danish catalog in place of the shipped ones."""
    path = tmp_path / "da" / "LC_MESSAGES" / "langbord.po"
    path.parent.mkdir(parents=True)
    path.write_text(PO, encoding="utf-8")
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)


def _at_the_first_action() -> KnarrState:
    """A 2-player table after its setup's draws (each the first outcome), at the first turn."""
    state = langbord.load("knarr", players=2).new_initial_state()
    assert isinstance(state, KnarrState)
    while state.phase is not ACTION:
        state.apply_action(state.chance_outcomes()[0][0])
    return state


def _danish_card(name: str) -> str:
    """``red vp`` as the catalog above words it (the words it lacks stay English)."""
    return " ".join(DANISH.get(word, word) for word in name.split())


def test_a_danish_catalog_words_the_prompt_refusals_and_actions(danish: None) -> None:
    state = _at_the_first_action()
    seat = state.turn
    hand = set(state.players[seat].hand)
    held = min(hand)
    missing = min(t for t in range(20) if t not in hand)
    english_task = state.task(seat)
    assert english_task.startswith(f"player {seat + 1} takes an action: recruit ('recruit ")
    with speaking("da"):
        task = state.task(seat)
        assert task.startswith(f"spiller {seat + 1} tager en handling: hverv ('recruit ")
        assert " eller " in task
        with pytest.raises(langbord.IllegalActionError) as refused:
            state.apply_action(RECRUIT_ID[missing])
        card = ACTION_STRINGS[RECRUIT_ID[missing]].removeprefix("recruit ")
        assert str(refused.value) == (
            f"'recruit {card}': spiller {seat + 1} har ingen {_danish_card(card)} på hånden"
        )
        words = state.action_words(RECRUIT_ID[held])
        colour, gain = ACTION_STRINGS[RECRUIT_ID[held]].split()[1:]
        viking = f"{_danish_card(colour)} viking med {_danish_card(gain)}"
        assert words == f"hverv: spil {viking} fra din hånd ind i din besætning"
        assert f"spiller {seat + 1}" in state.render(seat)
    assert state.task(seat) == english_task


def test_a_prompt_names_the_seat_counting_from_1() -> None:
    state = _at_the_first_action()
    for _turn in range(6):
        assert state.task(state.turn).startswith(f"player {state.turn + 1} ")
        state.apply_action(state.legal_actions()[0])
        while state.phase is not ACTION and not state.is_terminal():
            state.apply_action(state.legal_actions()[0])


# ---- every text goes through the catalogs --------------------------------------------------------

_PLACEHOLDER = re.compile(r"(\{[^{}]*\})")


def _marked(message: str) -> str:
    """A translation that shows it is one: the message in capitals between « and »."""
    parts = _PLACEHOLDER.split(message)
    return "«" + "".join(p if _PLACEHOLDER.fullmatch(p) else p.upper() for p in parts) + "»"


class Marking:
    """A catalog translating every message by :func:`_marked`."""

    def gettext(self, message: str) -> str:
        return _marked(message)

    def pgettext(self, context: str, message: str) -> str:
        return _marked(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return _marked(singular if n == 1 else plural)


@pytest.fixture
def marking(monkeypatch: pytest.MonkeyPatch, fresh_caches: None) -> None:
    monkeypatch.setattr(i18n, "translations", lambda language, domain="langbord": Marking())


def _is_marked(text: str) -> bool:
    return text.startswith("«") and text.endswith("»")


def _table_line_is_marked(line: str) -> bool:
    """A line of the table: marked, but for the header's title and an empty building slot."""
    line = line.lstrip("▶ ")
    return line.startswith(("«", "Knarr, «")) or line == "—"


def _check_refusals(state: KnarrState, rng: random.Random) -> None:
    legal = set(state.legal_actions())
    refused = [a for a in range(len(ACTION_STRINGS)) if a not in legal]
    for action in rng.sample(refused, 12):
        with pytest.raises(langbord.IllegalActionError) as error:
            state.apply_action(action)
        notation, _sep, why = str(error.value).partition(": ")
        assert notation == repr(ACTION_STRINGS[action])
        assert _is_marked(why), why


@pytest.mark.parametrize(
    "options",
    [
        {"players": 3},
        {"players": 2, "skali": True, "artifact": "golden_bracelet"},
        {"players": 4, "boat": "random", "skali": True, "artifact": "random"},
    ],
)
def test_every_text_a_player_reads_goes_through_the_catalogs(
    marking: None, options: dict[str, object]
) -> None:
    rng = random.Random(7)
    state = langbord.load("knarr", **options).new_initial_state()
    assert isinstance(state, KnarrState)
    with speaking("da"):
        while not state.is_terminal():
            mover = state.current_player()
            assert _is_marked(state.task(mover)), state.task(mover)
            if rng.random() < 0.05:
                seat = mover if mover >= 0 else None
                assert all(map(_table_line_is_marked, state.render(seat).splitlines()))
                _check_refusals(state, rng)
            legal = state.legal_actions()
            assert all(_is_marked(state.action_words(a)) for a in legal)
            state.apply_action(rng.choice(legal))
        outcome = state.outcome()
        assert outcome is not None
        assert _is_marked(str(outcome["reason"]))
        breakdown = outcome["breakdown"]
        assert isinstance(breakdown, dict)
        rows = breakdown["rows"]
        assert isinstance(rows, list)
        assert all(_is_marked(str(row)) for row in rows)
        assert all(map(_table_line_is_marked, state.render(None).splitlines()))
