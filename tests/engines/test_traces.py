"""Each engine's behaviour, pinned: the fingerprints of seeded random games under every option set
of its conformance suite (see ``traces.py``). A rewrite that changes no behaviour keeps the
``behaviour`` fingerprints; one that changes wording only (prompts, the table as text) changes
the ``text`` ones, which are then re-pinned with the diff of the golden playthroughs read line by
line. Print them with ``python tests/engines/traces.py``."""

from __future__ import annotations

import json

import pytest

from langbord.core.registry import game_class

from .traces import fingerprint

PINNED: dict[str, dict[str, tuple[str, str]]] = {
    "knarr": {
        '{"players": 2}': ("e7830b0743544ee6", "4ae14ca188f2dad0"),
        '{"players": 3}': ("4eab3f6e3496f8dd", "eca3f3c555b79f26"),
        '{"boat": "advanced", "players": 4}': ("91ede504f62d2210", "6b72472732794b44"),
        '{"players": 2, "skali": true}': ("6e77856bbeafebf7", "2ff22fba44ecb78a"),
        '{"boat": "advanced", "players": 3, "skali": true, "skali_board": "digital"}': (
            "106b775dc96a215d",
            "908a327511f51455",
        ),
        '{"artifact": "random", "players": 4, "skali": true}': (
            "9165f8925c6c93e4",
            "707bfd4c7ff289b5",
        ),
        '{"artifact": "random", "players": 3}': ("3075372853d7c9ee", "d0062a9a3e5f78f4"),
        '{"artifact": "two-player-mead-cup", "boat": "random", "players": 2}': (
            "cb02d0302a86a7b9",
            "cd22adae7dc9bfee",
        ),
        '{"artifact": "two-player-mead-cup", "boat": "random", "players": 3, "skali": true}': (
            "6bb127a6a93897a1",
            "21604f780dabf424",
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
            "be5fa2602920fec5",
            "76aa6e0b50ffc06f",
        ),
        '{"lygtemands": false, "players": 1, "rescue": true}': (
            "4891f896c68fe1b6",
            "8b536a83073a1fda",
        ),
        '{"lygtemands": true, "players": 1, "rescue": false}': (
            "93489b328c80fcd8",
            "ade71e40501a852f",
        ),
        '{"lygtemands": true, "players": 1, "rescue": true}': (
            "9d90a66ecbd0e9f2",
            "81f8336f28536c94",
        ),
        '{"lygtemands": false, "players": 2, "rescue": false}': (
            "19f5ff42156169e2",
            "620655a6671841a6",
        ),
        '{"lygtemands": false, "players": 2, "rescue": true}': (
            "39ed5c6e3d73c838",
            "4f8ceecfac78266f",
        ),
        '{"lygtemands": true, "players": 2, "rescue": false}': (
            "642f9ede2a51dcff",
            "28c652c45a3fd736",
        ),
        '{"lygtemands": true, "players": 2, "rescue": true}': (
            "1c8da3da9f2519cd",
            "d1451c26001055bf",
        ),
        '{"lygtemands": false, "players": 3, "rescue": false}': (
            "a0397596d64a5a6b",
            "efe0f159b4aa6950",
        ),
        '{"lygtemands": false, "players": 3, "rescue": true}': (
            "a42cf7f56e76bce7",
            "4ed106f7b69fdecc",
        ),
        '{"lygtemands": true, "players": 3, "rescue": false}': (
            "cf6efb9002571f5a",
            "032daf45a0909b99",
        ),
        '{"lygtemands": true, "players": 3, "rescue": true}': (
            "199a4ed1c2706391",
            "99417ce29655d027",
        ),
        '{"lygtemands": false, "players": 4, "rescue": false}': (
            "910ec537f083ea0c",
            "a978d8cb99865d03",
        ),
        '{"lygtemands": false, "players": 4, "rescue": true}': (
            "da6fcf47cdc07ef4",
            "75f7794fff444611",
        ),
        '{"lygtemands": true, "players": 4, "rescue": false}': (
            "b63b3502a50fb08e",
            "fea8a1dc6476e098",
        ),
        '{"lygtemands": true, "players": 4, "rescue": true}': (
            "07541181d1e931a3",
            "f97691a2e49a17e0",
        ),
        '{"damaged": 3, "players": 2, "trees": 8}': ("2395f6540c87d5c3", "e82c4ec5a7539de2"),
        '{"damaged": 7, "lygtemands": true, "players": 1, "rescue": true, "trees": 7}': (
            "1a1491089f083e7e",
            "aa76db3d5b8429a6",
        ),
    },
}


@pytest.mark.parametrize("name", sorted(PINNED))
def test_every_option_set_is_pinned(name: str) -> None:
    """Each option set of the game's conformance suite has its fingerprints here, and no other."""
    expected = {json.dumps(o, sort_keys=True) for o in game_class(name).conformance_options}
    assert set(PINNED[name]) == expected


@pytest.mark.parametrize(
    ("name", "key"), [(name, key) for name in sorted(PINNED) for key in PINNED[name]]
)
def test_behaviour_and_text_are_pinned(name: str, key: str) -> None:
    """Behaviour first: a changed behaviour fingerprint is a changed game, a changed text one
    only changed words. One case per option set, so the cases spread over the workers."""
    behaviour, text = fingerprint(name, json.loads(key))
    assert behaviour == PINNED[name][key][0], "the behaviour changed"
    assert text == PINNED[name][key][1], "the text changed"
