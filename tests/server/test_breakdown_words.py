"""The score's breakdown at the end of a game is in a player's words: a ruling id a row names
(Skibe's "all ships full (SB-5)") is left out."""

from __future__ import annotations

from langbord.server.views import _breakdown_in_words


def test_a_breakdown_row_names_no_ruling_id() -> None:
    shown = _breakdown_in_words(
        {"rows": ["ship 1, all ships full (SB-5) (evaluation 4)", "score"], "values": [[4], [1]]}
    )
    assert shown["rows"] == ["ship 1, all ships full (evaluation 4)", "score"]
    assert shown["values"] == [[4], [1]]
