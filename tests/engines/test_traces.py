"""Each engine's behaviour, pinned: the fingerprints of seeded random games under every option set
of its conformance suite (see ``traces.py``). A rewrite that changes no behaviour keeps the
``behaviour`` fingerprints; one that changes wording only (prompts, the table as text) changes
the ``text`` ones, which are then re-pinned with the diff of the golden playthroughs read line by
line. Print them with ``python tests/engines/traces.py``."""

from __future__ import annotations

import pytest
from traces import fingerprints

PINNED: dict[str, dict[str, tuple[str, str]]] = {
    "knarr": {
        '{"players": 2}': ("e7830b0743544ee6", "d018f241a123668e"),
        '{"players": 3}': ("4eab3f6e3496f8dd", "f523a94aa0a37a63"),
        '{"boat": "advanced", "players": 4}': ("91ede504f62d2210", "be72cf041d614a4f"),
        '{"players": 2, "skali": true}': ("6e77856bbeafebf7", "5d6addb7089cd989"),
        '{"boat": "advanced", "players": 3, "skali": true, "skali_board": "digital"}': (
            "106b775dc96a215d",
            "f26e37d8c31cbf3c",
        ),
        '{"artifact": "random", "players": 4, "skali": true}': (
            "9165f8925c6c93e4",
            "aad925b7c3cc1a61",
        ),
        '{"artifact": "random", "players": 3}': ("3075372853d7c9ee", "257bd899e4d01f17"),
        '{"artifact": "two-player-mead-cup", "boat": "random", "players": 2}': (
            "cb02d0302a86a7b9",
            "6189dad91c52e1b5",
        ),
        '{"artifact": "two-player-mead-cup", "boat": "random", "players": 3, "skali": true}': (
            "6bb127a6a93897a1",
            "8905739e9e7200d7",
        ),
    },
    "skaal": {
        '{"players": 3}': ("cf4f409767944ff9", "c4a9cfff1d1bc82d"),
        '{"players": 4}': ("cc1d65434eba0ee0", "3f6ce8ce52730dc2"),
        '{"players": 5}': ("a9383bfa40622077", "3d97f10a58e78815"),
        '{"players": 6}': ("fe577c92e0a0d176", "997a2dd3ea6ab19b"),
        '{"max_rounds": 30, "players": 4, "prospects": 5}': (
            "8e8a38300505271b",
            "95eb38247d291dce",
        ),
    },
    "skibe": {
        '{"players": 3}': ("ad3af32909ff524c", "37370f51b3af8d04"),
        '{"players": 4}': ("48b41cc9aba44770", "0ceea89ceada4826"),
        '{"players": 5}': ("9a0b1ed138ec1c92", "6c37e5171f33939f"),
    },
    "skoventyr": {
        '{"lygtemands": false, "players": 1, "rescue": false}': (
            "72c53784d56bfad1",
            "42b6ef4a77331cae",
        ),
        '{"lygtemands": false, "players": 1, "rescue": true}': (
            "db95705b3251bccf",
            "1b10edc6f50da0ec",
        ),
        '{"lygtemands": true, "players": 1, "rescue": false}': (
            "ce666dbca9cc9f75",
            "048833d3c0441ee7",
        ),
        '{"lygtemands": true, "players": 1, "rescue": true}': (
            "4fd14dd14eda719a",
            "c4f17ed3ab909563",
        ),
        '{"lygtemands": false, "players": 2, "rescue": false}': (
            "a17034c39cdd696b",
            "bef26c37be13cd37",
        ),
        '{"lygtemands": false, "players": 2, "rescue": true}': (
            "5f1a48ee0733cac0",
            "cc986fb4c04b8db3",
        ),
        '{"lygtemands": true, "players": 2, "rescue": false}': (
            "6dada5272153853b",
            "c549133fbc796681",
        ),
        '{"lygtemands": true, "players": 2, "rescue": true}': (
            "69da9f51e8e7323d",
            "3b8342a37e00c130",
        ),
        '{"lygtemands": false, "players": 3, "rescue": false}': (
            "e8c174562e04bf05",
            "adbbc80938232a13",
        ),
        '{"lygtemands": false, "players": 3, "rescue": true}': (
            "c32a95353c14b86d",
            "8f86faa3aaa2edc3",
        ),
        '{"lygtemands": true, "players": 3, "rescue": false}': (
            "b8bf0b5cd25b6b9c",
            "2c2d3ac5f060197c",
        ),
        '{"lygtemands": true, "players": 3, "rescue": true}': (
            "103393f80500e2e6",
            "c26abb78201e2daa",
        ),
        '{"lygtemands": false, "players": 4, "rescue": false}': (
            "4bf298a3a226ed61",
            "695c55265feb3b8c",
        ),
        '{"lygtemands": false, "players": 4, "rescue": true}': (
            "2c9ec03d1be0574a",
            "8aa2a595b659ff50",
        ),
        '{"lygtemands": true, "players": 4, "rescue": false}': (
            "29143960792b2c8a",
            "85d021c320a8c221",
        ),
        '{"lygtemands": true, "players": 4, "rescue": true}': (
            "07830c588108945a",
            "699b3d8b23a1fc78",
        ),
        '{"damaged": 3, "players": 2, "trees": 8}': ("d08ba689d8c6f7fe", "1dbfa134d77a06ed"),
        '{"damaged": 7, "lygtemands": true, "players": 1, "rescue": true, "trees": 7}': (
            "1847cd117fd9772e",
            "72afb321f59a8664",
        ),
    },
}


@pytest.mark.parametrize("name", sorted(PINNED))
def test_behaviour_is_pinned(name: str) -> None:
    found = fingerprints(name)
    assert {k: b for k, (b, _) in found.items()} == {k: b for k, (b, _) in PINNED[name].items()}


@pytest.mark.parametrize("name", sorted(PINNED))
def test_text_is_pinned(name: str) -> None:
    found = fingerprints(name)
    assert {k: t for k, (_, t) in found.items()} == {k: t for k, (_, t) in PINNED[name].items()}
