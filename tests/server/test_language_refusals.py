"""The server's own words come in the request's language: refusals (``detail``), why-not
answers, a failed analysis's reason and an analysis's moves in words. A stand-in catalog that
writes every translated string between « and » shows which words went through it, without a
real translation: the English stays as it was, byte for byte."""

from __future__ import annotations

import gettext
import random
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

import langbord
from langbord.core import i18n
from langbord.core.game import Game, State
from langbord.core.i18n import speaking
from langbord.core.registry import games, load
from langbord.server.analyses import UNJUDGED, decision_words, failure_words
from langbord.server.service import Service

from .test_analysis_api import QUICK, played_out, run_all
from .test_api import join, new_table


class Marked(gettext.NullTranslations):
    """Every message "translated" as itself between « and »."""

    def gettext(self, message: str) -> str:
        return f"«{message}»"

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return f"«{msgid1 if n == 1 else msgid2}»"

    def pgettext(self, context: str, message: str) -> str:
        return f"«{message}»"


@pytest.fixture
def marked(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every language but English speaks through :class:`Marked`; the games' actions in words,
    kept once made in a language, are made again meanwhile."""
    real = i18n.translations

    def translations(language: str, domain: str = "langbord") -> gettext.NullTranslations:
        return real(language, domain) if language == i18n.SOURCE else Marked()

    monkeypatch.setattr(i18n, "translations", translations)
    for name in games():
        monkeypatch.setattr(load(name).info.load_actions(), "_words", {})
    yield


def detail(response: Any, status: int) -> str:
    assert response.status_code == status, response.text
    said: str = response.json()["detail"]
    return said


def test_refusals_come_in_the_language(marked: None, client: TestClient) -> None:
    table_id = new_table(client, "skibe", ["human", "human", "random"], {"players": 3})
    seat, headers = join(client, table_id, "Ann")
    path = f"/api/tables/{table_id}"
    english = detail(client.post(f"{path}/actions", json={"action": 0, "move": 0}), 401)
    danish = detail(client.post(f"{path}/actions?lang=da", json={"action": 0, "move": 0}), 401)
    assert english == "acting needs the seat's token (Authorization: Bearer …)"
    assert danish == f"«{english}»"
    german = client.post(f"{path}/join?lang=de", json={"name": "Bo", "seat": 9})
    assert detail(german, 400) == "«there is no seat 9: seats are 0 to 2»"
    french = client.post(f"{path}/chat", headers={**headers, "Accept-Language": "fr"}, json={})
    assert french.status_code == 422  # FastAPI's own words: its codes and fields say it
    waiting = client.post(f"{path}/undo?lang=da", headers=headers)
    assert detail(waiting, 409) == "«the table is waiting for players to join»"
    chatless = client.post(f"{path}/chat?lang=fr", json={"text": "hej"})
    assert detail(chatless, 401) == "«chatting needs the seat's token (Authorization: Bearer …)»"
    assert detail(client.get("/api/games/chess/rules?lang=de"), 404).startswith("«no game 'chess'")
    assert seat == 0


def test_why_not_comes_in_the_language(marked: None, client: TestClient) -> None:
    """Another seat is told whose decision it is: the sentence and the seat's name (a colour)
    both in the language asked for."""
    table_id = new_table(client, "skibe", ["human", "human", "random"], {"players": 3})
    _seat, first = join(client, table_id, "Ann")
    _seat, second = join(client, table_id, "Bo")
    path = f"/api/tables/{table_id}"
    table = client.get(path, headers=first).json()
    while table["to_move"] not in (0, 1):  # chance, or the bot
        table = client.get(path, headers=first).json()
    mover, other = (first, second) if table["to_move"] == 0 else (second, first)
    mine = client.get(path, headers=mover).json()["legal"][0]
    parts = {"kind": mine["kind"], "args": mine["args"]}
    plain = client.post(f"{path}/why", headers=other, json=parts).json()
    told = client.post(f"{path}/why?lang=da", headers=other, json=parts).json()
    assert plain["reason"].startswith("it is not your decision: ")
    said = plain["reason"].removeprefix("it is not your decision: ")
    seat_name = said.removesuffix(" is to move")
    assert told["reason"] == f"«it is not your decision: «{seat_name}» is to move»"
    assert told["action"] == plain["action"] and told["rule"] == plain["rule"]


def test_a_failed_analysis_says_why_in_the_language(marked: None) -> None:
    kept = UNJUDGED.format(move=7)
    assert failure_words(kept) == kept
    with speaking("da"):
        assert failure_words(kept) == f"«{kept}»"
        assert failure_words("something else went wrong") == "something else went wrong"


@dataclass
class Played:
    """A finished table as an analysis reads it."""

    game: Game
    state: State
    status: str = "over"
    lock: Any = field(default_factory=threading.Lock)


def test_an_analysis_names_its_moves_in_the_language(marked: None) -> None:
    game = langbord.load("skibe", players=3)
    state = game.new_initial_state()
    rng = random.Random(3)
    seen: list[tuple[int, str, str]] = []
    while not state.is_terminal() and len(seen) < 6:
        action = rng.choice(state.legal_actions())
        if state.current_player() >= 0:
            seen.append((len(state.history()), state.action_to_string(action), ""))
        state.apply_action(action)
    table = Played(game, state)
    wanted = {(move, text) for move, text, _ in seen}
    english = decision_words(table, wanted)
    with speaking("fr"):
        french = decision_words(table, wanted)
    assert english.keys() == french.keys() == wanted
    for key, words in english.items():
        assert "«" not in words
        assert french[key] != words and "«" in french[key]


def test_a_kept_analysis_is_looked_at_in_the_language(marked: None, tmp_path: Path) -> None:
    """The analysis is kept with its moves in English words; each look names them in the
    language spoken, the rest as kept."""
    service = Service(f"sqlite:///{tmp_path / 'words.db'}", config=QUICK)
    try:
        table_id = played_out(service, random.Random(5))
        service.analyses.start(table_id, 0.05)
        run_all(service, table_id)
        english = service.analyses.look(table_id)
        with speaking("de"):
            german = service.analyses.look(table_id)
            again = service.analyses.look(table_id)  # from the words kept for German
        assert english["status"] == german["status"] == "done"
        kept, told = english["analysis"]["decisions"], german["analysis"]["decisions"]
        assert [d["played"] for d in told] == [d["played"] for d in kept]
        for mine, theirs in zip(kept, told, strict=True):
            assert "«" not in mine["played_words"] and "«" in theirs["played_words"]
            assert "«" in theirs["best_words"]
            assert {**theirs, "played_words": "", "best_words": ""} == {
                **mine,
                "played_words": "",
                "best_words": "",
            }
        assert again == german
        assert service.analyses.look(table_id) == english
    finally:
        service.stop()
