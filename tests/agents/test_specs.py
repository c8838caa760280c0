"""Agent specs: every number is finite and within its documented bounds, every option given once,
and a bad one is refused in one line that names the option and its range."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from langbord.agents import MCTSAgent, RolloutAgent, make_agent
from langbord.agents.specs import MCTS_OPTIONS, ROLLOUTS_OPTIONS, Bound, parse_spec
from langbord.core.errors import OptionError

# The ranges as the module's docstring and the README promise them.
RANGES = {
    ("mcts", "iterations"): "iterations must be a whole number from 1 to 1,000,000",
    ("mcts", "time"): "time must be a number of seconds from 0.001 to 3,600",
    ("mcts", "c"): "c must be a number from 0 to 100",
    ("mcts", "rollout_depth"): "rollout_depth must be a whole number from 0 to 10,000",
    ("mcts", "prior"): "prior must be a number from 0 to 1,000",
    ("mcts", "prior_visits"): "prior_visits must be a whole number from 0 to 1,000,000",
    ("rollouts", "rollouts"): "rollouts must be a whole number from 1 to 1,000,000",
    ("rollouts", "time"): "time must be a number of seconds from 0.001 to 3,600",
    ("rollouts", "depth"): "depth must be a whole number from 0 to 10,000",
    ("rollouts", "credit"): "credit must be a number from 0 to 1",
}
LIMITS = {  # the smallest and largest allowed value of each, and the attribute it sets
    ("mcts", "iterations"): ("1", "1000000", "iterations"),
    ("mcts", "time"): ("0.001", "3600", "time_limit"),
    ("mcts", "c"): ("0", "100", "c"),
    ("mcts", "rollout_depth"): ("0", "10000", "rollout_depth"),
    ("mcts", "prior"): ("0", "1000", "prior"),
    ("mcts", "prior_visits"): ("0", "1000000", "prior_visits"),
    ("rollouts", "rollouts"): ("1", "1000000", "rollouts"),
    ("rollouts", "time"): ("0.001", "3600", "time_limit"),
    ("rollouts", "depth"): ("0", "10000", "depth"),
    ("rollouts", "credit"): ("0", "1", "credit"),
}
BAD_NUMBERS = [
    "nan",
    "NaN",
    "inf",
    "-inf",
    "Infinity",
    "1e999",
    "-1",
    "-0.5",
    "1000000000",
    "1e9",
    "",
    "many",
    "0x10",
    "1_000",
    "½",
    "٣",  # an Arabic-Indic digit: int() takes it, a spec does not
    "1" * 5000,  # longer than int() parses
]
BAD_WHOLE = ["1e3", "2.0", "2.5", ".5"]


def test_the_table_covers_every_numeric_option() -> None:
    numeric = {("mcts", k) for k, v in MCTS_OPTIONS.items() if isinstance(v, Bound)}
    numeric |= {("rollouts", k) for k, v in ROLLOUTS_OPTIONS.items() if isinstance(v, Bound)}
    assert numeric == set(RANGES) == set(LIMITS)


@pytest.mark.parametrize(("agent", "key"), sorted(RANGES))
@pytest.mark.parametrize("value", BAD_NUMBERS)
def test_bad_numbers_are_refused_naming_the_option_and_range(
    agent: str, key: str, value: str
) -> None:
    with pytest.raises(OptionError) as refused:
        make_agent(f"{agent}:{key}={value}", 0)
    message = str(refused.value)
    assert message.startswith(f"{agent} option {key}=")
    assert message.endswith(RANGES[agent, key])
    assert "\n" not in message and len(message) < 200


@pytest.mark.parametrize(("agent", "key"), [k for k, v in RANGES.items() if "whole" in v])
@pytest.mark.parametrize("value", BAD_WHOLE)
def test_counts_are_whole_numbers(agent: str, key: str, value: str) -> None:
    with pytest.raises(OptionError) as refused:
        make_agent(f"{agent}:{key}={value}", 0)
    assert str(refused.value) == f"{agent} option {key}={value}: {RANGES[agent, key]}"


@pytest.mark.parametrize(("agent", "key"), sorted(LIMITS))
def test_the_bounds_themselves_are_accepted(agent: str, key: str) -> None:
    low, high, attribute = LIMITS[agent, key]
    for value in (low, high):
        built = make_agent(f"{agent}: {key} = {value} ", 0)
        assert isinstance(built, MCTSAgent if agent == "mcts" else RolloutAgent)
        assert getattr(built, attribute) == float(value)
    just_above = f"{float(high) * 1.001:g}" if "." in high else str(int(high) + 1)
    with pytest.raises(OptionError, match=RANGES[agent, key]):
        make_agent(f"{agent}:{key}={just_above}", 0)


def test_zero_is_refused_where_it_makes_no_sense() -> None:
    for spec in ("mcts:time=0", "mcts:iterations=0", "rollouts:rollouts=0", "rollouts:time=0"):
        with pytest.raises(OptionError, match=r"from 0\.001|from 1 "):
            make_agent(spec, 0)
    assert make_agent("mcts:c=0,rollout_depth=0", 0).c == 0  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("mcts:time=1,time=2", "mcts option time is given twice"),
        ("mcts:TIME=1,time=1", "mcts option time is given twice"),
        ("rollouts:depth=3,depth=3", "rollouts option depth is given twice"),
        (
            "mcts:rollout=smart",
            "mcts option rollout=smart: rollout must be random, greedy or policy",
        ),
        ("mcts:rollout=", "rollout must be random, greedy or policy"),
        ("mcts:time", "bad mcts option 'time'; options are: iterations=…, time=…"),
        ("rollouts:iterations=3", "bad rollouts option 'iterations=3'"),
        ("greedy:depth=2", "agent 'greedy' takes no options"),
    ],
)
def test_bad_specs(spec: str, message: str) -> None:
    with pytest.raises(OptionError, match=message):
        make_agent(spec, 0)


def test_what_a_message_quotes_is_short_and_printable() -> None:
    with pytest.raises(OptionError) as refused:
        make_agent("mcts:time=" + "9" * 10_000, 0)
    assert len(str(refused.value)) < 200 and str(refused.value).endswith(RANGES["mcts", "time"])
    with pytest.raises(OptionError) as refused:
        make_agent("mcts:time=1\ud800", 0)
    assert "\\ud800" in str(refused.value)
    str(refused.value).encode("utf-8")  # a lone surrogate is escaped, never carried
    with pytest.raises(OptionError) as refused:
        make_agent("wizard" * 1000, 0)
    assert len(str(refused.value)) < 200


def test_good_specs_parse_to_their_numbers() -> None:
    assert parse_spec("MCTS:time=0.25,rollout=Greedy,c=1.4,rollout_depth=10") == (
        "mcts",
        {"time_limit": 0.25, "rollout": "greedy", "c": 1.4, "rollout_depth": 10},
    )
    assert parse_spec("rollouts:rollouts=+64,time=1e-2") == (
        "rollouts",
        {"rollouts": 64, "time_limit": 0.01},
    )
    assert parse_spec(" random ") == ("random", {})


@given(st.text(max_size=30).filter(lambda text: "," not in text))
def test_any_value_is_a_bounded_number_or_one_clear_refusal(value: str) -> None:
    for agent, key in RANGES:
        try:
            name, kwargs = parse_spec(f"{agent}:{key}={value}")
        except OptionError as exc:
            assert "\n" not in str(exc)
            continue
        assert name == agent
        number = next(iter(kwargs.values()))
        assert math.isfinite(number)
        low, high, _ = LIMITS[agent, key]
        assert float(low) <= number <= float(high)


def test_the_agents_refuse_a_time_that_is_no_number() -> None:
    for bad in (math.nan, math.inf, -1.0, 0.0):
        with pytest.raises(ValueError, match="positive number of seconds"):
            MCTSAgent(0, time_limit=bad)
        with pytest.raises(ValueError, match="positive number of seconds"):
            RolloutAgent(0, time_limit=bad)
