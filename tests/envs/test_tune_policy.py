"""``benchmarks/tune_policy.py``: the quick policy's weights for a setting of the modules, learned
by the cross-entropy method from the policy's own games, and ``strategy.PARAMS``, where they are
kept."""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pytest

from langbord.agents.heuristics import skoventyr as strategy
from scripts import load_benchmark, refusal


def test_a_short_search_reports_held_out_win_rates_and_the_learned_weights(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    script = load_benchmark("tune_policy")
    out = tmp_path / "policy.txt"
    arguments = ["lygtemands", "--generations", "2", "--population", "3", "--elite", "2"]
    before = dict(strategy.PARAMS[True, False])
    try:
        assert script.main([*arguments, "--games", "6", "--check", "8", "--out", str(out)]) == 0
    finally:
        strategy.PARAMS[True, False] = before
    report = out.read_text()
    assert report.startswith("# python benchmarks/tune_policy.py lygtemands --generations 2")
    assert len(re.findall(r"^generation +\d+: mean's score", report, re.M)) == 2
    held_out = re.search(r"8 held-out deals: start +([\d.]+)% .* learned +([\d.]+)%", report)
    assert held_out, report
    learned = re.search(r"learned \(True, False\): (\{.*\})", report)
    assert learned and learned.group(0) in capsys.readouterr().out
    changed = ast.literal_eval(learned.group(1))
    assert changed and set(changed) <= set(strategy.P)
    # Without Rescue its weights are never read, so the search leaves them alone.
    assert not set(changed) & script.MODULE_KEYS["rescue"]


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["both", "--players", "9"], "players"),
        (["both", "--players", "one"], "--players and --check-players take"),
        (["both", "--elite", "0"], "--elite"),
        (["both", "--population", "4", "--elite", "5"], "--elite"),
        (["wolves"], "invalid choice"),
    ],
)
def test_bad_options_are_refused_before_any_game(
    arguments: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert message in refusal(load_benchmark("tune_policy"), arguments, capsys)


def test_each_setting_of_the_modules_has_its_weights() -> None:
    """The standard game plays ``P`` (the pinned games in test_skoventyr_strategy.py); a setting
    with a module plays ``P`` with its learned entries in ``LEARNED`` over it."""
    assert strategy.PARAMS[False, False] == strategy.P
    for modules, weights in strategy.PARAMS.items():
        assert set(weights) == set(strategy.P)
        learned = strategy.LEARNED.get(modules, {})
        assert set(learned) <= set(strategy.P)
        assert {k: v for k, v in weights.items() if k not in learned} == {
            k: v for k, v in strategy.P.items() if k not in learned
        }
        assert all(weights[k] == v for k, v in learned.items())


def test_saving_keeps_only_weights_that_won_more(tmp_path: Path) -> None:
    """``--save`` replaces the setting's entry of the weights file when the learned weights won
    more held-out deals than the start at every player count, and leaves the file alone
    otherwise; the other settings' entries are kept, in the order of the settings."""
    script = load_benchmark("tune_policy")
    weights = tmp_path / "weights.json"
    script.save(weights, "rescue", {"weights": {"rally": 1.0}})
    script.save(weights, "lygtemands", {"weights": {"rally": 2.0}})
    assert list(json.loads(weights.read_text())) == ["lygtemands", "rescue"]
    before = weights.read_text()
    arguments = ["rescue", "--generations", "1", "--population", "3", "--elite", "1"]
    arguments += ["--games", "6", "--check", "10", "--save", "--weights", str(weights)]
    saved = dict(strategy.PARAMS[False, True])
    try:
        assert script.main([*arguments, "--out", str(tmp_path / "report.txt")]) == 0
    finally:
        strategy.PARAMS[False, True] = saved
    report = (tmp_path / "report.txt").read_text()
    figures = re.search(r"10 held-out deals: start +([\d.]+)% .* learned +([\d.]+)%", report)
    assert figures, report
    start, learned = (float(x) for x in figures.groups())
    data = json.loads(weights.read_text())
    if learned > start:
        assert "saved as the 'rescue' entry of weights.json" in report
        entry = data["rescue"]
        assert entry["command"].startswith("python benchmarks/tune_policy.py rescue")
        assert entry["held_out"]["1"]["learned"] == pytest.approx(learned / 100, abs=1e-9)
        assert data["lygtemands"] == {"weights": {"rally": 2.0}}
    else:
        assert "not saved" in report and weights.read_text() == before


def test_the_shipped_weights_won_more_than_the_standard_games() -> None:
    """Every entry of skoventyr_weights.json names only the policy's weights, was learned by the
    command it records, and won more of its held-out deals than the weights it started from."""
    data = strategy.learned_weights()
    assert {"lygtemands", "rescue"} <= set(data) <= set(strategy.MODULES)
    for name, entry in data.items():
        assert str(entry["command"]).startswith(f"python benchmarks/tune_policy.py {name} ")
        weights = entry["weights"]
        assert isinstance(weights, dict) and weights and set(weights) <= set(strategy.P)
        held_out = entry["held_out"]
        assert isinstance(held_out, dict) and held_out
        for figures in held_out.values():
            assert figures["learned"] > figures["start"], (name, figures)
        assert strategy.PARAMS[strategy.MODULES[name]] == {**strategy.P, **weights}
