"""The terminal's language: ``--lang``, else the locale's (``LANG``…), else English."""

from __future__ import annotations

import argparse
import gettext
import os
import subprocess
import sys
from pathlib import Path

import pytest

import langbord.cli.main as cli
from langbord.core import i18n
from langbord.core.i18n import LANGUAGES, language, speaking
from langbord.record import load, replay

LOCALE_VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE")


@pytest.fixture
def spoken(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The language ``langbord games`` runs in, each time it runs (its work is skipped), with
    the locale cleared."""
    for name in LOCALE_VARIABLES:
        monkeypatch.delenv(name, raising=False)
    heard: list[str] = []

    def games(args: argparse.Namespace) -> int:
        heard.append(language())
        return 0

    monkeypatch.setattr(cli, "cmd_games", games)
    return heard


@pytest.mark.parametrize(
    ("environ", "expected"),
    [
        ({}, "en"),
        ({"LANG": "da_DK.UTF-8"}, "da"),
        ({"LANG": "de_AT.UTF-8"}, "de"),
        ({"LANG": "fr_FR@euro"}, "fr"),
        ({"LANG": "DA"}, "da"),
        ({"LANG": "C.UTF-8"}, "en"),
        ({"LANG": "POSIX"}, "en"),
        ({"LANG": "sv_SE.UTF-8"}, "en"),
        ({"LANG": "not a locale"}, "en"),
        ({"LANG": ""}, "en"),
        # The first of LC_ALL, LC_MESSAGES and LANG that is set decides, as POSIX has it.
        ({"LANG": "da_DK.UTF-8", "LC_ALL": "fr_FR.UTF-8"}, "fr"),
        ({"LANG": "da_DK.UTF-8", "LC_MESSAGES": "de_DE.UTF-8"}, "de"),
        ({"LANG": "da_DK.UTF-8", "LC_ALL": ""}, "da"),
        ({"LANG": "da_DK.UTF-8", "LC_ALL": "C"}, "en"),
        # GNU gettext's LANGUAGE list comes first, except in the C locale.
        ({"LANG": "de_DE.UTF-8", "LANGUAGE": "fr:en"}, "fr"),
        ({"LANG": "sv_SE.UTF-8", "LANGUAGE": "sv:da"}, "da"),
        ({"LANG": "de_DE.UTF-8", "LANGUAGE": "sv"}, "de"),
        ({"LANG": "C.UTF-8", "LANGUAGE": "fr"}, "en"),
        ({"LANGUAGE": "fr"}, "en"),
    ],
)
def test_language_from_env(environ: dict[str, str], expected: str) -> None:
    assert cli.language_from_env(environ) == expected


def test_lang_selects_danish(spoken: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LANG", "da_DK.UTF-8")
    assert cli.main(["games"]) == 0
    assert spoken == ["da"]
    assert language() == "en"  # only the command spoke Danish


def test_no_locale_speaks_english(spoken: list[str]) -> None:
    assert cli.main(["games"]) == 0
    assert spoken == ["en"]


@pytest.mark.parametrize("locale", ["sv_SE.UTF-8", "C", "C.UTF-8", "POSIX", "klingon"])
def test_a_locale_langbord_does_not_speak_falls_back_to_english(
    spoken: list[str], monkeypatch: pytest.MonkeyPatch, locale: str
) -> None:
    monkeypatch.setenv("LANG", locale)
    assert cli.main(["games"]) == 0
    assert spoken == ["en"]


def test_lang_option_wins_over_the_environment(
    spoken: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("LANG", "da_DK.UTF-8")
    monkeypatch.setenv("LC_ALL", "de_DE.UTF-8")
    assert cli.main(["--lang", "fr", "games"]) == 0
    assert cli.main(["games", "--lang", "fr"]) == 0  # after the command, too
    assert cli.main(["--lang", "en", "games"]) == 0
    assert cli.main(["--lang", "da", "games", "--lang", "de"]) == 0  # the last one said
    assert spoken == ["fr", "fr", "en", "de"]


@pytest.mark.parametrize("argv", [["--lang", "xx", "games"], ["games", "--lang", "sv"]])
def test_bad_lang_is_one_line_and_exit_2(
    spoken: list[str], capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    assert cli.main(argv) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert len(err.strip().splitlines()) == 1
    assert "--lang" in err and "invalid choice" in err and "'da'" in err
    assert spoken == []


def test_bad_lang_from_the_script_is_one_line_without_a_traceback() -> None:
    done = langbord_in("en", "--lang", "klingon", "games")
    assert done.returncode == 2
    assert done.stdout == ""
    assert len(done.stderr.strip().splitlines()) == 1
    assert done.stderr.startswith("langbord: error: argument --lang: invalid choice: 'klingon'")
    assert "Traceback" not in done.stderr


def test_lang_choices_are_the_languages_spoken() -> None:
    action = next(a for a in cli.build_parser()._actions if a.dest == "lang")
    assert tuple(action.choices or ()) == LANGUAGES


def test_serve_takes_no_language_from_the_environment() -> None:
    danish = {"LANG": "da_DK.UTF-8"}
    assert cli.chosen_language(argparse.Namespace(lang=None, command="serve"), danish) == "en"
    assert cli.chosen_language(argparse.Namespace(lang=None, command="play"), danish) == "da"
    assert cli.chosen_language(argparse.Namespace(lang="fr", command="serve"), danish) == "fr"


class _Marked(gettext.NullTranslations):
    """A stand-in catalog that marks every message it translates."""

    def gettext(self, message: str) -> str:
        return f"[da] {message}"


def test_the_terminal_says_its_words_in_the_language_chosen(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    for name in LOCALE_VARIABLES:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr(i18n, "translations", lambda language, domain="langbord": _Marked())
    assert cli.main(["rules", "skibe", "--card"]) == 0
    english, _ = capsys.readouterr()
    assert "\nOptions:\n" in english and "[da]" not in english
    assert cli.main(["--lang", "da", "rules", "skibe", "--card"]) == 0
    danish, _ = capsys.readouterr()
    assert "\n[da] Options:\n" in danish
    assert "[da] Best agent (bot seats and hints unless another is named): " in danish


# ---- a record is the same in every language ------------------------------------------------

MARKED_MAIN = """
import gettext, sys
from langbord.core import i18n


class Marked(gettext.NullTranslations):
    '''Every message translated: marked with its language, so that a test sees what is said
    in it (the catalogs may not be translated yet).'''

    def __init__(self, language):
        super().__init__()
        self.language = language

    def gettext(self, message):
        return f"[{self.language}] {message}"

    def ngettext(self, singular, plural, n):
        return f"[{self.language}] {singular if n == 1 else plural}"

    def pgettext(self, context, message):
        return f"[{self.language}] {message}"


i18n.translations = lambda language, domain="langbord": Marked(language)
from langbord.cli.main import main

sys.exit(main(sys.argv[1:]))
"""


def langbord_in(
    language: str, *args: str, lines: list[str] | None = None, cwd: Path | None = None
) -> subprocess.CompletedProcess[str]:
    """``langbord ARGS`` in a process of its own whose catalogs translate every message,
    marking it ``[LANGUAGE]``; its locale is ``LANGUAGE``'s (so no ``--lang`` is needed)."""
    text = "".join(line + "\n" for line in lines) if lines is not None else None
    env = {k: v for k, v in os.environ.items() if k not in LOCALE_VARIABLES}
    env.update(LANG=f"{language}_DK.UTF-8" if language == "da" else f"{language}.UTF-8")
    return subprocess.run(
        [sys.executable, "-c", MARKED_MAIN, *args],
        input=text,
        stdin=None if text is not None else subprocess.DEVNULL,
        capture_output=True,
        text=True,
        cwd=cwd,
        timeout=300,
        env={**env, "COLUMNS": "120"},
    )


def test_a_random_game_writes_the_same_record_in_every_language(tmp_path: Path) -> None:
    said = {}
    for spoken in ("en", "da", "fr"):
        out = f"{spoken}.json"
        done = langbord_in(spoken, "random", "skibe", "--seed", "11", "--out", out, cwd=tmp_path)
        assert done.returncode == 0, done.stderr
        said[spoken] = done.stdout
    assert "[da] " in said["da"] and "[fr] " in said["fr"] and "[da] " not in said["en"]
    english = (tmp_path / "en.json").read_bytes()
    assert (tmp_path / "da.json").read_bytes() == english
    assert (tmp_path / "fr.json").read_bytes() == english


def test_a_game_played_in_danish_replays_identically_in_french_and_english(
    tmp_path: Path,
) -> None:
    """A human plays in Danish, typing the notation (which no language changes) and a menu
    number; the record saved is the one an English game makes; French resumes it and plays it
    to the end, and it replays to the same state in every language."""
    args = ["play", "skibe", "--players", "human,greedy,greedy", "--seed", "3", "--fast"]
    records = {}
    for spoken in ("da", "en"):
        saved = tmp_path / f"{spoken}.json"
        lines = ["take d1", "lay 3", "1", f"save {saved}", "quit", ""]
        done = langbord_in(spoken, *args, lines=lines)
        assert done.returncode == 0, done.stderr
        assert "is not an action" not in done.stdout
        assert ("[da] " in done.stdout) == (spoken == "da")
        records[spoken] = saved.read_bytes()
    assert records["da"] == records["en"]
    record = load(tmp_path / "da.json")
    assert "take d1" in record["actions"] and "lay 3" in record["actions"]

    finals = {}
    for spoken in ("en", "da", "fr"):
        with speaking(spoken):
            state = replay(record)
            finals[spoken] = (state.history(), state.current_player(), state.scores())
    assert finals["da"] == finals["en"] == finals["fr"]

    resume = ["play", "--resume", str(tmp_path / "da.json"), "--fast"]
    resumed = langbord_in("fr", *resume, lines=["1"] * 600 + [""], cwd=tmp_path)
    assert resumed.returncode == 0, resumed.stderr
    assert "[fr] " in resumed.stdout and "[da] " not in resumed.stdout
    assert "=== [fr] Game over ===" in resumed.stdout
