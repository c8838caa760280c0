"""Everything works the same under ``python -OO``, which strips docstrings and asserts: each
game's card, tagline and notation come from declared data (``GameInfo``, ``card.toml``), never
from a docstring read at run time.

One script runs in two interpreters, plain and with ``-OO``: a random game of every game (its
record and every seat's final view), the cards, taglines and notation lines, the commands
``langbord games`` and ``langbord rules GAME --card``, and the server's catalogue and rules
panels. The two outputs must be the same.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

SCRIPT = """
import contextlib, io, json, sys, tempfile
from pathlib import Path

from fastapi.testclient import TestClient

import langbord
from langbord.agents.random_agent import RandomAgent
from langbord.cli.main import main
from langbord.core.records import replay
from langbord.core.runner import play_game
from langbord.server.http.app import create_app


def printed(*argv):
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        status = main(list(argv))
    return [status, out.getvalue()]


found = {"optimize": sys.flags.optimize, "games": {}}
for name in langbord.games():
    game = langbord.load(name)
    agents = [RandomAgent(seed=seat) for seat in range(game.num_players())]
    record = play_game(game, agents, seed=38)
    state = replay(record)
    found["games"][name] = {
        "record": record,
        "views": [state.view(seat) for seat in range(game.num_players())],
        "rules": game.rules(),
        "tagline": game.tagline(),
        "notation": game.notation_lines(),
        "cli rules": printed("rules", name, "--card"),
    }
found["cli games"] = printed("games")
with tempfile.TemporaryDirectory() as folder:
    app = create_app(f"sqlite:///{Path(folder) / 'optimized.db'}", web=False)
    with TestClient(app) as client:
        found["catalogue"] = client.get("/api/games").json()
        found["panels"] = {n: client.get(f"/api/games/{n}/rules").json() for n in langbord.games()}
print(json.dumps(found, ensure_ascii=False, sort_keys=True))
"""


def run(*flags: str) -> dict[str, object]:
    done = subprocess.run(
        [sys.executable, *flags, "-c", SCRIPT],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
        cwd=Path(__file__).parent,
    )
    assert done.returncode == 0, done.stderr
    found: dict[str, object] = json.loads(done.stdout)
    return found


def test_everything_works_the_same_without_docstrings() -> None:
    plain, optimized = run(), run("-OO")
    assert (plain.pop("optimize"), optimized.pop("optimize")) == (0, 2)
    assert optimized == plain
    games = plain["games"]
    assert isinstance(games, dict) and sorted(games) == ["knarr", "skaal", "skibe", "skoventyr"]
    for name, found in games.items():
        assert found["record"]["result"]["terminal"], name
        assert found["rules"].count("\n") > 20 and "Players: " in found["rules"], name
        assert found["notation"][0].endswith(":") and len(found["notation"]) > 5, name
        assert found["rules"] in found["cli rules"][1] and found["tagline"], name
