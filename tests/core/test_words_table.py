"""``ActionTable.word``: a kind's words, a template over its parts and readers of its integers."""

from __future__ import annotations

import re

import pytest

from langbord.core.notation import ActionTable, first, second


def test_words_format_the_parts_and_the_readers() -> None:
    table = ActionTable()
    for ship in range(3):
        table.add(0, ship, 2 - ship, f"lay {ship + 1}")
    table.add(1, 0, 0, "pass")
    table.declare(0, "lay", ship=first(plus=1))
    table.declare(1, "pass")
    table.word(0, "lay it in ship {ship}, {nth} from the bottom", nth=second(("1st", "2nd", "3rd")))
    table.word(1, "play nothing")
    assert table.words() == (
        "lay it in ship 1, 3rd from the bottom",
        "lay it in ship 2, 2nd from the bottom",
        "lay it in ship 3, 1st from the bottom",
        "play nothing",
    )
    assert table.words() is table.words()
    table.add(1, 1, 0, "pass again")
    with pytest.raises(ValueError, match="same parts"):
        table.words()  # rebuilt with the new action, whose parts clash


def test_words_must_be_declared_once_for_every_kind_and_name_what_they_have() -> None:
    table = ActionTable()
    table.add(0, 0, 0, "pass")
    table.add(1, 0, 0, "skip")
    table.declare(0, "pass")
    table.declare(1, "skip")
    table.word(0, "pass the turn")
    with pytest.raises(ValueError, match="'skip': its kind 1 has no words"):
        table.words()
    with pytest.raises(ValueError, match="declared twice"):
        table.word(0, "again")
    table.word(1, "skip {what}")
    with pytest.raises(ValueError, match=re.escape("'skip': 'skip {what}'")):
        table.words()
