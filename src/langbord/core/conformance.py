"""The conformance suite every registered game must pass, shipped with the package.

``check_game(name, options, games=..., seed=...)`` plays seeded random games through the public
protocol and checks its contracts (see :mod:`langbord.core.game`); a failure raises
:class:`ConformanceError` naming the game, the options, the seed and the step. It checks:

- games end within ``max_game_length()``; a non-terminal state has legal actions, sorted, unique
  and in range; a terminal one has none; chance outcomes match ``legal_actions()`` and sum to 1;
- every legal action's string round-trips through ``string_to_action``, also in other case and
  spacing; its parts (``action_parts``) are JSON, of a declared kind, and lead back to it through
  ``Game.action_of_parts`` (so no two actions share parts: checked for every id once a game);
- illegal, out-of-range, mistyped and garbage input raises ``IllegalActionError`` or
  ``InvalidActionError`` and leaves ``str(state)``, ``history()`` and every view unchanged;
- the unchecked fast path gives the same state as the checked one;
- clones are independent of their original;
- ``view(p)`` and ``render(p)`` are unchanged by ``resample_hidden(p, rng)`` (the view is
  JSON-serializable), whose state keeps ``p``'s legal actions and plays on to the end, and which
  depends only on what ``p`` knows; chance outcomes a seat cannot tell apart are described to it
  (``action_to_string_for``) by the same string;
- ``prompt()`` is empty at chance nodes and at the end and for a seat not to move, and at every
  decision quotes (``'…'``) only strings of legal actions; so do the refusals of a sample of
  illegal actions at every decision;
- component counts are the same in every state;
- records survive JSON and replay to the same history and scores; the same seed gives the same
  record; ``returns()`` follows the scores.

Run it from the shell: ``python -m langbord.core.conformance skibe players=3``.
"""

from __future__ import annotations

import json
import math
import random
import sys
import tempfile
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from langbord.core.errors import IllegalActionError, InvalidActionError, LangbordError
from langbord.core.flow import FlowState
from langbord.core.game import CHANCE, TERMINAL, Game, State
from langbord.core.prompts import quoted
from langbord.core.records import load as load_record
from langbord.core.records import replay, save, to_record
from langbord.core.registry import load
from langbord.core.runner import play_game, sample_chance


class ConformanceError(AssertionError):
    """A game broke a contract of the protocol."""


@dataclass
class Report:
    """What ``check_game`` did: games played, steps checked, states deeply checked."""

    game: str
    options: dict[str, Any]
    games: int = 0
    steps: int = 0
    deep_checks: int = 0
    lengths: list[int] = field(default_factory=list)


class _RandomPlay:
    """The suite's own seeded uniform play (core knows no agents): ``random.Random(seed)``
    picks among ``legal_actions()``, move for move as ``langbord.agents.RandomAgent(seed)``."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def step(self, state: State) -> int:
        legal = state.legal_actions()
        return legal[self.rng.randrange(len(legal))]


def _snapshot(state: State) -> tuple[str, list[int], list[str]]:
    seats: list[int | None] = [None, *range(state.game.num_players())]
    return (
        str(state),
        state.history(),
        [json.dumps(state.view(p), sort_keys=True) for p in seats],
    )


class _Checker:
    def __init__(self, game: Game, seed: int, deep_every: float, reference_every: int = 1) -> None:
        self.game = game
        self.seed = seed
        self.rng = random.Random(seed)
        self.refusal_rng = random.Random(seed + 1)  # apart, so the games played stay the same
        self.deep_every = deep_every
        self.reference_every = reference_every
        # Non-terminal states seen, chance nodes included; every reference_every-th is checked
        # against its phase's plain rule.
        self.flow_states = 0
        self.n = game.num_players()
        self.num_actions = game.num_distinct_actions()
        self.where = ""
        self.played_out = False

    def fail(self, message: str) -> ConformanceError:
        return ConformanceError(
            f"{self.game.name} {self.game.options} seed {self.seed} {self.where}: {message}"
        )

    def expect(self, condition: bool, message: str) -> None:
        if not condition:
            raise self.fail(message)

    # ---- one state --------------------------------------------------------------------------

    def check_basic(self, state: State, counts: Mapping[str, int]) -> list[int]:
        player = state.current_player()
        legal = state.legal_actions()
        self.expect(
            player in (CHANCE, TERMINAL) or 0 <= player < self.n, f"bad current_player {player}"
        )
        self.expect(state.is_terminal() == (player == TERMINAL), "is_terminal disagrees")
        self.expect(
            state.component_counts() == counts,
            f"components changed: {state.component_counts()} != {dict(counts)}",
        )
        if player == TERMINAL:
            self.expect(legal == [], "a terminal state has legal actions")
            return legal
        self.expect(bool(legal), "a non-terminal state has no legal actions")
        self.expect(legal == sorted(set(legal)), "legal_actions() is not sorted and unique")
        if isinstance(state, FlowState):
            if self.flow_states % self.reference_every == 0:
                self.check_reference(state, legal)
            self.flow_states += 1
        self.expect(
            all(type(a) is int and 0 <= a < self.num_actions for a in legal),
            "a legal action is out of range",
        )
        outcomes = state.chance_outcomes()
        if player == CHANCE:
            self.expect([a for a, _ in outcomes] == legal, "chance outcomes != legal_actions()")
            self.expect(all(p > 0 for _, p in outcomes), "a chance outcome has probability 0")
            self.expect(
                math.isclose(sum(p for _, p in outcomes), 1.0, abs_tol=1e-9),
                "chance probabilities do not sum to 1",
            )
        else:
            self.expect(outcomes == [], "chance_outcomes() at a decision node")
        return legal

    def check_reference(self, state: FlowState, legal: list[int]) -> None:
        """Where the phase writes its rule plainly beside a fast one, both allow the same."""
        reference = state.phase.reference
        if reference is not None:
            plain = reference(state)
            self.expect(
                plain == legal,
                f"phase {state.phase.name}: the plain rule gives {plain}, the fast one {legal}",
            )

    def check_prompt(self, state: State, legal: list[int]) -> None:
        """The prompt, and the refusal of a few illegal actions, quote only legal actions."""
        player = state.current_player()
        prompt = state.prompt()
        if player < 0:
            self.expect(prompt == "", f"a prompt at a chance node or the end: {prompt!r}")
            return
        self.expect(bool(prompt), "no prompt at a decision node")
        self.expect(state.prompt(player) == prompt, "prompt(seat to move) != prompt()")
        other = (player + 1) % self.n
        self.expect(other == player or state.prompt(other) == "", "a prompt for a seat not to move")
        strings = set(state.legal_strings())
        bad = [text for text in quoted(prompt) if text not in strings]
        self.expect(not bad, f"the prompt {prompt!r} quotes {bad}, not legal now")
        words = state.prompt(player, notation=False)
        self.expect(bool(words), "no prompt in words at a decision node")
        self.expect(not quoted(words), f"the prompt in words {words!r} quotes notation")
        legal_set = set(legal)
        for action in self.refusal_rng.sample(range(self.num_actions), 3):
            if action in legal_set:
                continue
            try:
                state.apply_action(action)
            except IllegalActionError as exc:
                message = str(exc).removeprefix(f"{state.action_to_string(action)!r}")
                bad = [text for text in quoted(message) if text not in strings]
                self.expect(not bad, f"the refusal {str(exc)!r} quotes {bad}, not legal now")
            else:
                raise self.fail(f"apply_action({action}) did not raise")

    def check_deep(self, state: State, legal: list[int]) -> None:
        before = _snapshot(state)
        legal_set = set(legal)
        # Strings round-trip, in canonical form and in other case and spacing.
        for a in legal:
            text = state.action_to_string(a)
            self.expect(isinstance(text, str) and text.strip() == text, f"bad string {text!r}")
            self.expect(state.string_to_action(text) == a, f"{text!r} does not round-trip")
            messy = "  " + text.upper().replace(" ", "   ") + " "
            self.expect(state.string_to_action(messy) == a, f"{messy!r} does not parse")
            self.check_parts(state, a)
        # Illegal input of every shape raises and changes nothing.
        illegal = [a for a in self.rng.sample(range(self.num_actions), 12) if a not in legal_set]
        bad_inputs: list[Any] = [*illegal, -1, self.num_actions, 10**9, 1.5, "1", None, True]
        for bad in bad_inputs:
            try:
                state.apply_action(bad)
            except IllegalActionError as exc:
                self.expect(bool(str(exc)), f"empty message for {bad!r}")
            else:
                raise self.fail(f"apply_action({bad!r}) did not raise")
        self.expect(_snapshot(state) == before, f"apply_action({bad_inputs}) changed the state")
        for text in ["", "   ", "no such action", "\x00\xff", "9" * 50, "draw draw draw"]:
            try:
                state.string_to_action(text)
            except (InvalidActionError, IllegalActionError):
                pass
            else:
                raise self.fail(f"string_to_action({text!r}) did not raise")
        for a in illegal[:4]:
            text = state.action_to_string(a)
            try:
                state.string_to_action(text)
            except IllegalActionError as exc:
                self.expect(text in str(exc), f"message for {text!r} does not name it: {exc}")
            else:
                raise self.fail(f"string_to_action({text!r}) accepted an illegal action")
        self.expect(_snapshot(state) == before, "string_to_action changed the state")
        # A game's fast legality test agrees with legal_actions() for every id.
        wrong = [a for a in range(self.num_actions) if state._is_legal(a) != (a in legal_set)]
        self.expect(not wrong, f"_is_legal disagrees with legal_actions() on {wrong[:5]}")
        # The unchecked fast path does what the checked one does; clones are independent.
        if legal:
            a = legal[self.rng.randrange(len(legal))]
            checked, unchecked = state.clone(), state.clone()
            checked.apply_action(a)
            unchecked.apply_unchecked(a)
            self.expect(_snapshot(checked) == _snapshot(unchecked), "apply_unchecked differs")
            self.expect(_snapshot(state) == before, "applying to a clone changed the original")
            self.expect(state.legal_actions() == legal, "a clone's move changed the original")
        # Views: JSON, and free of secrets (resampling what p cannot see leaves p's view alone).
        for p in [None, *range(self.n)]:
            view = state.view(p)
            self.expect(isinstance(view, dict), "view is not a dict")
            try:
                json.dumps(view, allow_nan=False)
            except (TypeError, ValueError) as exc:
                raise self.fail(f"view({p}) is not JSON: {exc}") from None
        if not self.game.info.private_information:
            # Nothing is hidden from one seat that another sees: a seat's view is the
            # spectator's with its own ``seat`` (the server builds it once for all of them).
            public = dict(state.view(None))
            text = state.render(None)
            for p in range(self.n):
                self.expect(
                    dict(state.view(p)) == {**public, "seat": p},
                    f"view({p}) differs from view(None) in more than its seat, in a game "
                    "without private information",
                )
                self.expect(
                    state.render(p) == text,
                    f"render({p}) differs from render(None) in a game without private information",
                )
        for p in range(self.n):
            other = state.resample_hidden(p, random.Random(self.rng.random()))
            self.expect(other is not state, "resample_hidden returned the state itself")
            self.expect(
                json.dumps(other.view(p), sort_keys=True) == before[2][p + 1],
                f"resample_hidden({p}) changed view({p}): the view holds a secret of seat {p}",
            )
            self.expect(other.current_player() == state.current_player(), "resample moved turn")
            self.expect(
                other.legal_actions() == sorted(other._compute_legal()),
                f"resample_hidden({p}) kept a stale legal-action cache",
            )
            if state.current_player() == p:
                self.expect(other.legal_actions() == legal, "resample changed p's legal actions")
            for seer in (p, None):
                self.expect(
                    other.render(seer) == state.render(seer),
                    f"resample_hidden({p}) changed render({seer}): it shows a secret of seat {p}",
                )
            # What is re-dealt depends only on what p knows: re-dealing the re-dealt state with
            # the same generator gives the same table (else a bot could learn from its guesses).
            k = self.rng.random()
            once = state.resample_hidden(p, random.Random(k))
            twice = other.resample_hidden(p, random.Random(k))
            self.expect(
                str(once) == str(twice) and once.view(None) == twice.view(None),
                f"resample_hidden({p}) depends on more than seat {p} knows",
            )
        self.expect(_snapshot(state) == before, "resample_hidden changed the original")
        if state.current_player() == CHANCE:
            self.check_chance_strings(state, legal)
        if not self.played_out:  # once a game: a resampled state plays on to the end
            self.played_out = True
            sample = state.resample_hidden(self.rng.randrange(self.n), random.Random(self.seed))
            self.play_out(sample)

    def check_parts(self, state: State, action: int) -> None:
        """``action``'s parts: JSON of ints and strings, a declared kind, and they name it."""
        parts = state.action_parts(action)
        text = state.action_to_string(action)
        try:
            json.dumps(parts, allow_nan=False)
        except (TypeError, ValueError) as exc:
            raise self.fail(f"the parts of {text!r} are not JSON: {exc}") from None
        self.expect(set(parts) == {"kind", "args"}, f"the parts of {text!r}: {parts}")
        kind, args = parts["kind"], parts["args"]
        self.expect(kind in self.game.action_kind_names(), f"{text!r}: undeclared kind {kind!r}")
        self.expect(
            isinstance(args, dict)
            and all(type(k) is str and type(v) in (int, str) for k, v in args.items()),
            f"the arguments of {text!r} are not ints and strings: {args!r}",
        )
        found = self.game.action_of_parts(kind, args)
        self.expect(
            found == action, f"the parts of {text!r} name {state.action_to_string(found)!r}"
        )

    def check_chance_strings(self, state: State, outcomes: list[int]) -> None:
        """A seat is told of a chance outcome only what it can see: outcomes that leave its
        view the same but the table different (a secret) are described to it alike."""
        tables = {}
        for a in outcomes:
            after = state.clone()
            after.apply_unchecked(a)
            tables[a] = after
        for p in [None, *range(self.n)]:
            told: dict[str, tuple[str, str]] = {}
            for a, after in tables.items():
                key = json.dumps(after.view(p), sort_keys=True)
                text, table = state.action_to_string_for(p, a), str(after)
                first_text, first_table = told.setdefault(key, (text, table))
                self.expect(
                    text == first_text or table == first_table,
                    f"action_to_string_for({p}) tells {text!r} and {first_text!r} apart, "
                    f"though seat {p} cannot see the difference",
                )

    def play_out(self, state: State) -> None:
        counts = state.component_counts()
        limit = self.game.max_game_length()
        while not state.is_terminal():
            self.expect(len(state.history()) <= limit, "a resampled game never ends")
            legal = self.check_basic(state, counts)
            state.apply_action(legal[self.rng.randrange(len(legal))])

    # ---- one game -----------------------------------------------------------------------------

    def run(self, report: Report) -> None:
        state = self.game.new_initial_state()
        counts = state.component_counts()
        limit = self.game.max_game_length()
        agent = _RandomPlay(self.seed)
        step = 0
        while True:
            self.where = f"step {step}"
            legal = self.check_basic(state, counts)
            self.check_prompt(state, legal)
            if self.rng.random() < self.deep_every or step == 0:
                self.check_deep(state, legal)
                report.deep_checks += 1
            if not legal:
                break
            if state.current_player() == CHANCE:
                action = sample_chance(state, self.rng)
            else:
                action = agent.step(state)
            state.apply_action(action)
            step += 1
            self.expect(step <= limit, f"the game is longer than max_game_length() = {limit}")
        self.where = "at the end"
        self.check_end(state)
        self.check_record(state)
        report.steps += step
        report.lengths.append(step)

    def check_end(self, state: State) -> None:
        returns = state.returns()
        scores = state.scores()
        self.expect(len(returns) == self.n and len(scores) == self.n, "returns/scores length")
        if self.game.info.cooperative:
            self.expect(len(set(returns)) == 1 and returns[0] in (0.0, 1.0), "coop returns")
        else:
            best = max(scores)
            winners = [p for p in range(self.n) if scores[p] == best]
            expected = [1.0 / len(winners) if p in winners else 0.0 for p in range(self.n)]
            self.expect(
                all(math.isclose(x, y) for x, y in zip(returns, expected, strict=True)),
                f"returns {returns} do not follow scores {scores}",
            )
        try:
            state.apply_action(0)
        except IllegalActionError:
            pass
        else:
            raise self.fail("an action was applied after the end")

    def check_record(self, state: State) -> None:
        record = json.loads(json.dumps(to_record(state, seed=self.seed)))
        again = replay(record)
        self.expect(again.history() == state.history(), "record replays to another history")
        self.expect(again.scores() == state.scores(), "record replays to other scores")
        self.expect(str(again) == str(state), "record replays to another table")
        middle = len(state.history()) // 2
        partial = replay(record, upto=middle)
        self.expect(partial.history() == state.history()[:middle], "partial replay differs")
        partial_record = json.loads(json.dumps(to_record(partial)))
        self.expect(
            replay(partial_record).history() == partial.history(),
            "a record of an unfinished game does not replay",
        )
        if record["actions"]:
            broken = dict(record, actions=[*record["actions"][:-1], "no such action"])
            try:
                replay(broken)
            except LangbordError as exc:
                step = len(record["actions"])
                self.expect(f"step {step}" in str(exc), f"replay error does not name step: {exc}")
            else:
                raise self.fail("a broken record replayed")


def check_game(
    name: str,
    options: Mapping[str, Any] | None = None,
    *,
    games: int = 20,
    seed: int = 0,
    deep_every: float = 0.05,
    reference_every: int = 1,
) -> Report:
    """Play ``games`` seeded random games of ``name`` and check every contract; see above.

    ``deep_every`` is the share of states that get the expensive checks (round-trips of every
    string, bad input, clones, views and resampling); the first state of each game always does.
    Every ``reference_every``-th state is checked against its phase's plain rule (where a phase
    has one), the first of each game among them.
    """
    game = load(name, **dict(options or {}))
    report = Report(name, dict(game.options))
    if not (game.num_players() >= 1 and game.num_distinct_actions() >= 1):
        raise ConformanceError(f"{name}: num_players and num_distinct_actions must be positive")
    if len(game.action_strings()) != game.num_distinct_actions():
        raise ConformanceError(f"{name}: action_strings() does not cover every action id")
    state = game.new_initial_state()
    checker = _Checker(game, seed, deep_every, reference_every)
    checker.where = "in the action table"
    for action in range(game.num_distinct_actions()):
        checker.check_parts(state, action)
    if load(name, **game.options).options != game.options:
        raise ConformanceError(f"{name}: options do not reload to themselves")
    for i in range(games):
        _Checker(game, seed + i, deep_every, reference_every).run(report)
        report.games += 1
    # The same seed gives the same record; records survive a file.
    agents = [_RandomPlay(seed + p) for p in range(game.num_players())]
    first = play_game(game, agents, seed=seed)
    agents = [_RandomPlay(seed + p) for p in range(game.num_players())]
    second = play_game(game, agents, seed=seed)
    if first != second:
        raise ConformanceError(f"{name} {game.options}: the same seed gave two different records")
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "game.json"
        save(first, path)
        if load_record(path) != json.loads(json.dumps(first)):
            raise ConformanceError(f"{name}: a saved record does not load back equal")
    return report


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if not args:
        print("usage: python -m langbord.core.conformance GAME [key=value ...]", file=sys.stderr)
        return 2
    options = dict(arg.split("=", 1) for arg in args[1:])
    report = check_game(args[0], options, games=50)
    print(
        f"{report.game} {report.options}: {report.games} games, {report.steps} steps, "
        f"{report.deep_checks} deep checks — conformant"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
