"""``langbord learn`` at the terminal: every tutorial followed to its end through the installed
script with typed input, a wrong move and an illegal one answered with the step's teaching
reason, and the lesson left and resumed at the same step."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from langbord.tutorials import Tutorial, tutorials

SCRIPT = shutil.which("langbord", path=str(Path(sys.executable).parent))
COMMAND = [SCRIPT] if SCRIPT else [sys.executable, "-m", "langbord.cli.main"]
ALL = tutorials()


def learn(*args: str, lines: list[str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*COMMAND, "learn", *args],
        input="".join(line + "\n" for line in lines),
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def a_wrong_move(tutorial: Tutorial, k: int) -> str | None:
    state = tutorial.position(k)
    expected = tutorial.expected(k)
    others = [a for a in state.legal_actions() if a != expected]
    return state.action_to_string(others[0]) if others else None


@pytest.mark.parametrize("tutorial", ALL, ids=[t.id for t in ALL])
def test_a_tutorial_is_followed_to_its_end(tutorial: Tutorial) -> None:
    lines: list[str] = []
    for k, step in enumerate(tutorial.steps):
        wrong = a_wrong_move(tutorial, k)
        lines += [wrong, step.expect] if wrong else [step.expect]
    done = learn(tutorial.id, lines=lines)
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    for k, step in enumerate(tutorial.steps):
        assert f"Step {k + 1} of {len(tutorial.steps)}: {step.title}" in done.stdout
        assert "Yes. " + step.effect.split("\n")[0] in done.stdout
    assert f"That was the last step of {tutorial.title}." in done.stdout


def test_the_list_names_every_tutorial() -> None:
    listed = learn(lines=[])
    assert listed.returncode == 0
    for tutorial in ALL:
        assert tutorial.id in listed.stdout


def test_an_illegal_move_teaches_and_the_lesson_can_be_left_and_resumed() -> None:
    if not ALL:
        pytest.skip("no tutorial yet")
    tutorial = ALL[0]
    state = tutorial.position(0)
    action, illegal = next(
        (a, text)
        for a, text in enumerate(state.game.action_strings())
        if a not in state.legal_actions() and not text.startswith(("reveal", "deal", "draw "))
    )
    left = learn(tutorial.id, lines=[illegal, "nonsense move", "hint"])
    assert left.returncode == 0
    assert tutorial.attempt(0, action).message in left.stdout
    assert "'nonsense move' is not a move" in left.stdout
    assert tutorial.steps[0].hint in left.stdout
    assert f"At the terminal, type: {tutorial.steps[0].expect}" in left.stdout
    assert f"langbord learn {tutorial.id} --step 1" in left.stdout
    again = learn(tutorial.id, "--step", "2", lines=[])
    assert f"Step 2 of {len(tutorial.steps)}" in again.stdout


@pytest.mark.parametrize(
    ("args", "fragment"),
    [(["chess"], "no tutorial 'chess'"), (["skibe", "--step", "0"], "--step")],
)
def test_bad_arguments_get_one_line(args: list[str], fragment: str) -> None:
    refused = learn(*args, lines=[])
    assert refused.returncode == 2
    assert fragment in refused.stderr and "Traceback" not in refused.stderr
