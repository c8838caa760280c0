"""``langbord play``: a game at the terminal, humans and bots at one keyboard; and the stepping
viewer of ``langbord replay``.

A human decision shows the table as that seat sees it (``State.render``), the legal actions as a
numbered menu, and takes a number, the action's notation or a unique beginning of it, or a
command (``help``). Bots move on their own, one move at a time; chance is shown as each seat may
learn of it (``State.action_to_string_for``). Nothing is lost: bad input explains itself and asks
again, ``quit`` offers to save, and if the input ends the game is saved to a file in the
records folder (:func:`records_dir`).
"""

from __future__ import annotations

import os
import random
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from rich.text import Text

from langbord.agents import MCTSAgent, RolloutAgent, make_agent
from langbord.agents.heuristics import best_agent
from langbord.agents.levels import is_level, level_spec
from langbord.cli.screen import Screen, fill
from langbord.core.errors import (
    IllegalActionError,
    InvalidActionError,
    LangbordError,
    OptionError,
    RecordError,
)
from langbord.core.game import CHANCE, JSON, Game, normalize_action_text
from langbord.core.i18n import N_, _, ngettext
from langbord.core.records import load as load_record
from langbord.core.records import replay, save, to_record
from langbord.core.registry import info, load
from langbord.core.runner import Agent, sample_chance

HUMAN = "human"
HINT_SECONDS = 1.0
BOT_PAUSE = 0.7
CHANCE_PAUSE = 0.35
RECORDS_ENV = "LANGBORD_RECORDS"
"""The environment variable naming the folder for the records ``langbord play`` saves itself."""

HELP = N_("""\
Type the number of an action, or the action itself (a unique beginning is enough: 'take r').
Commands:
  help          this text
  rules         the game card: components, notation, rulings
  table         show the table again
  hint          what the game's best bot would play here, with its estimated chance of
                winning
  undo          back to your previous decision (not past a die roll or a card drawn)
  save FILE     write the game to FILE (continue it with: langbord play --resume FILE)
  quit          stop playing (offers to save first)""")
"""The commands of a human decision (English, marked: say it with ``_(HELP)``)."""


def records_dir(environ: Mapping[str, str] | None = None) -> Path:
    """The folder where ``langbord play`` saves a game on its own (when its input ends):
    ``$LANGBORD_RECORDS`` if set, else ``langbord/records`` in the user's data folder
    (``$XDG_DATA_HOME``, by default ``~/.local/share``), beside the server's database.

    >>> records_dir({"LANGBORD_RECORDS": "/tmp/games"}).as_posix()
    '/tmp/games'
    >>> records_dir({"XDG_DATA_HOME": "/data"}).as_posix()
    '/data/langbord/records'
    """
    env = os.environ if environ is None else environ
    if env.get(RECORDS_ENV):
        return Path(env[RECORDS_ENV]).expanduser()
    base = Path(env["XDG_DATA_HOME"]) if env.get("XDG_DATA_HOME") else Path.home() / ".local/share"
    return base / "langbord" / "records"


class PlayError(LangbordError):
    """Bad ``langbord play`` arguments (seats, a resume file)."""


@dataclass
class Seat:
    spec: str  # "human" or an agent spec
    agent: Agent | None  # None for a human

    @property
    def human(self) -> bool:
        return self.agent is None


def make_seats(specs: Sequence[str], seed: int, game: Game | None = None) -> list[Seat]:
    """A seat for every spec: ``human``, an agent spec (``mcts:time=1``, ``greedy``…) or, with
    ``game``, one of its levels (``beginner``, ``club``…: :mod:`langbord.agents.levels`)."""
    seats = []
    for p, raw in enumerate(specs):
        spec = raw.strip()
        if spec.lower() == HUMAN:
            seats.append(Seat(HUMAN, None))
            continue
        if is_level(spec):
            spec = spec.lower()
        try:
            seats.append(Seat(spec, make_agent(spec, seed=seed * 100 + p, game=game)))
        except OptionError as exc:
            raise PlayError(_("seat {n}: {error}; or 'human'").format(n=p + 1, error=exc)) from None
    return seats


def seat_label(spec: str, game: Game) -> str:
    """How the seats line names a bot: its spec, or a level with the spec it stands for."""
    return f"{spec} ({level_spec(game, spec)})" if is_level(spec) else spec


def game_for(name: str, options: dict[str, str | int], specs: Sequence[str] | None) -> Game:
    """The game, its player count taken from the seats named when no ``players`` option is set
    (and the game allows that many)."""
    if specs is not None and "players" not in options:
        spec = next((s for s in load(name).option_specs if s.name == "players"), None)
        if spec is not None:
            low, high = spec.minimum or 1, spec.maximum or len(specs)
            if low <= len(specs) <= high:
                options = {**options, "players": len(specs)}
            elif len(specs) > high:
                raise PlayError(
                    _("{game} seats at most {most} players; {named} seats were named").format(
                        game=info(name).title, most=high, named=len(specs)
                    )
                )
    return load(name, **options)


def seat_specs(game: Game, specs: Sequence[str] | None) -> list[str]:
    """One spec per seat: the ones named, then the game's best bot (``heuristics.best_agent``); by
    default a human in the first seat."""
    n = game.num_players()
    named = list(specs) if specs is not None else [HUMAN]
    if len(named) > n:
        raise PlayError(
            _("{game} has {n} seats here, but {named} were named").format(
                game=game.info.title, n=n, named=len(named)
            )
        )
    return named + [best_agent(game)] * (n - len(named))


def hint_agent(game: Game, seed: int) -> MCTSAgent | RolloutAgent:
    """The agent behind ``hint``: the game's best agent if it searches (and so can say how it
    rates the actions), else MCTS; plain ``mcts`` searches for ``HINT_SECONDS``."""
    spec = best_agent(game)
    if spec != "mcts":
        agent = make_agent(spec, seed=seed)
        if isinstance(agent, MCTSAgent | RolloutAgent):
            return agent
    return MCTSAgent(seed=seed, time_limit=HINT_SECONDS)


class PlaySession:
    """One game at the terminal, from its start or from saved actions."""

    def __init__(
        self,
        game: Game,
        seats: list[Seat],
        seed: int,
        screen: Screen,
        *,
        fast: bool = False,
        actions: Sequence[str] = (),
        records: Path | None = None,
    ) -> None:
        self.game = game
        self.records = records
        self.seats = seats
        self.seed = seed
        self.screen = screen
        self.fast = fast
        self.humans = [p for p, seat in enumerate(seats) if seat.human]
        self.state = game.new_initial_state()
        self.movers: list[int] = []  # who took each step of the history (CHANCE for chance)
        for text in actions:
            self._apply(self.state.string_to_action(text))
        self.last_human: int | None = None

    # ---- who sees what ------------------------------------------------------------------------

    @property
    def viewer(self) -> int | None:
        """Whose eyes the shared screen is, between decisions: the one human, a spectator
        (``None``) when several humans share the keyboard, and the referee (-2) with none."""
        if len(self.humans) == 1:
            return self.humans[0]
        return None if self.humans else -2

    def label(self, player: int) -> str:
        seat = self.seats[player]
        if seat.human:
            return _("(you)") if len(self.humans) == 1 else _("(human)")
        return f"({seat.spec})"

    def _apply(self, action: int) -> None:
        self.movers.append(self.state.current_player())
        self.state.apply_action(action)

    def _pause(self, seconds: float) -> None:
        if not self.fast and self.humans:
            time.sleep(seconds)

    # ---- the game loop ------------------------------------------------------------------------

    def run(self) -> int:
        """Plays to the end, or until a human quits; returns the exit status. Interrupted
        (Ctrl-C) while the bots think, the game is saved rather than lost."""
        try:
            return self._run()
        except KeyboardInterrupt:
            self.screen.say()
            self.screen.say(_("Interrupted."))
            self.input_ended(announce=False)
            return 130

    def _run(self) -> int:
        limit = self.game.max_game_length()
        while not self.state.is_terminal():
            state = self.state
            if len(state.history()) >= limit:
                raise LangbordError(f"{self.game.info.title}: game exceeded {limit} steps")
            player = state.current_player()
            if player == CHANCE:
                rng = random.Random(self.seed * 1_000_003 + len(state.history()))
                action = sample_chance(state, rng)
                viewer = self.viewer
                text = (
                    state.action_to_string(action)
                    if viewer == -2
                    else state.action_to_string_for(viewer, action)
                )
                self.screen.say(
                    fill("  " + _("chance: {action}"), "dim", action=self.screen.styled(text))
                )
                self._apply(action)
                self._pause(CHANCE_PAUSE)
                continue
            seat = self.seats[player]
            if seat.agent is not None:
                action = seat.agent.step(state)
                text = state.action_to_string(action)
                self.screen.say(
                    Text.assemble(
                        "  ",
                        self.screen.seat(player, self.label(player)),
                        ": ",
                        self.screen.styled(text, "bold"),
                    )
                )
                self._apply(action)
                self._pause(BOT_PAUSE)
                continue
            done = self.human_turn(player)
            if done is not None:
                return done
        self.finish()
        return 0

    def finish(self) -> None:
        state = self.state
        self.screen.say()
        self.screen.table(str(state), _("Game over"))
        returns = state.returns()
        scores = state.scores()
        n = len(returns)
        self.screen.say(
            fill(
                _("Scores: {scores}"),
                scores=Text(", ").join(self.screen.seat(p, f"{scores[p]:g}") for p in range(n)),
            )
        )
        best = max(returns)
        winners = [p for p in range(n) if returns[p] == best and best > 0]
        if not winners:
            self.screen.say(_("Nobody wins."), "bold")
        elif len(winners) == n and n > 1:
            self.screen.say(_("Everybody wins!"), "bold green")
        elif len(winners) == n:
            self.screen.say(_("You win!") if self.seats[0].human else _("The game is won."), "bold")
        else:
            names = self.screen.seat(winners[0])
            for p in winners[1:]:  # "red and blue and green"
                names = fill(_("{items} and {last}"), items=names, last=self.screen.seat(p))
            self.screen.say(
                fill(ngettext("{players} wins.", "{players} win.", len(winners)), players=names)
            )
        if self.humans:
            try:
                answer = self.screen.ask(
                    _("Save the record? A file name, or Enter to leave without saving: ")
                )
            except EOFError:
                return
            if answer.strip():
                self.save(answer.strip())

    # ---- a human decision ---------------------------------------------------------------------

    def human_turn(self, player: int) -> int | None:
        """Asks ``player`` until they choose an action (applied; returns ``None``) or quit
        (returns the exit status)."""
        screen = self.screen
        if len(self.humans) > 1 and self.last_human is not None and self.last_human != player:
            screen.clear()
            screen.say(fill(_("Pass the keyboard to {seat}"), seat=screen.seat(player)))
            try:
                screen.ask(_("Press Enter when only they are looking. "))
            except EOFError:
                return self.input_ended()
            screen.clear()
        self.last_human = player
        self.show(player)
        while True:
            try:
                line = screen.ask(Text.assemble(screen.seat(player), " > "))
            except EOFError:
                return self.input_ended()
            except KeyboardInterrupt:
                screen.say()
                line = "quit"
            words = line.strip().split(maxsplit=1)
            command = words[0].lower() if words else ""
            argument = words[1].strip() if len(words) > 1 else ""
            if not command:
                continue
            if command in ("help", "?"):
                screen.say(_(HELP))
            elif command == "rules":
                screen.say(self.game.rules())
            elif command == "table":
                self.show(player)
            elif command == "hint":
                self.hint()
            elif command == "undo":
                if self.undo(player):
                    self.show(player)
            elif command == "save" and (argument or len(words) == 1):
                if not argument:
                    screen.say(_("save needs a file name: save mygame.json"), "yellow")
                else:
                    self.save(argument)
            elif command in ("quit", "exit"):
                status = self.quit()
                if status is not None:
                    return status
            else:
                try:
                    action = self.parse(line)
                except LangbordError as exc:
                    screen.say(str(exc), "yellow")
                    continue
                self._apply(action)
                return None

    def show(self, player: int) -> None:
        state = self.state
        title = fill(_("{seat} to move"), seat=self.screen.seat(player, self.label(player)))
        self.screen.say()
        self.screen.table(state.render(player), title.plain)
        self.screen.say(fill(_("Your options, {seat}:"), seat=self.screen.seat(player)))
        self.screen.menu(
            [
                f"{state.action_to_string(a)}  ({state.action_words(a)})"
                for a in state.legal_actions()
            ]
        )
        self.screen.say(
            _("Type a number or an action (a unique beginning is enough); 'help' for commands."),
            "dim",
        )

    def parse(self, line: str) -> int:
        """The legal action ``line`` names: a menu number, the notation, or a unique beginning
        of one legal action's notation. Raises with the reason otherwise."""
        state = self.state
        legal = state.legal_actions()
        text = line.strip()
        if text.isdigit():
            k = int(text)
            if 1 <= k <= len(legal):
                return legal[k - 1]
            raise PlayError(_("there is no option {k}: choose 1 to {n}").format(k=k, n=len(legal)))
        try:
            return state.string_to_action(text)
        except IllegalActionError as exc:
            raise PlayError(f"{exc}") from None
        except InvalidActionError as exc:
            unparsed = exc
        key = normalize_action_text(text)
        matches = [
            a for a in legal if normalize_action_text(state.action_to_string(a)).startswith(key)
        ]
        if len(matches) == 1:
            return matches[0]
        if matches:
            shown = ", ".join(f"'{state.action_to_string(a)}'" for a in matches[:8])
            if len(matches) > 8:
                raise PlayError(
                    _(
                        "'{text}' could be {actions} and {more} more: type more of it, or its "
                        "number"
                    ).format(text=text, actions=shown, more=len(matches) - 8)
                )
            raise PlayError(
                _("'{text}' could be {actions}: type more of it, or its number").format(
                    text=text, actions=shown
                )
            )
        raise PlayError(
            _("{error}; type a number from 1 to {n}, or 'help'").format(
                error=unparsed, n=len(legal)
            )
        )

    # ---- commands -----------------------------------------------------------------------------

    def hint(self) -> None:
        state = self.state
        agent = hint_agent(self.game, self.seed + len(state.history()))
        action = agent.step(state)
        stats = agent.last_search
        if agent.last_iterations == 0:
            self.screen.say(
                _("hint: {action} (the only choice)").format(action=state.action_to_string(action)),
                "cyan",
            )
            return
        best = stats[0]
        self.screen.say(
            ngettext(
                "hint: {action} — estimated chance of winning {chance} ({n} simulation)",
                "hint: {action} — estimated chance of winning {chance} ({n} simulations)",
                agent.last_iterations,
            ).format(action=best.text, chance=f"{best.win:.0%}", n=agent.last_iterations),
            "cyan",
        )
        others = [s for s in stats[1:3] if s.visits]
        if others:
            moves = "; ".join(f"{s.text} ({s.win:.0%})" for s in others)
            self.screen.say("  " + _("next: {moves}").format(moves=moves), "cyan")

    def undo(self, player: int) -> bool:
        """Back to ``player``'s previous decision, unless chance has spoken since."""
        history = self.state.history()
        now = len(history)
        previous = [i for i in range(now) if self.movers[i] == player]
        if not previous:
            self.screen.say(_("Nothing to undo: this is your first decision."), "yellow")
            return False
        back = previous[-1]
        if any(self.movers[i] == CHANCE for i in range(back, now)):
            self.screen.say(
                _(
                    "Cannot undo: chance has spoken since your last decision (a die rolled or a "
                    "card revealed)."
                ),
                "yellow",
            )
            return False
        state = self.game.new_initial_state()
        for action in history[:back]:
            state.apply_action(action)
        self.state = state
        del self.movers[back:]
        self.screen.say(
            _("Undone: back before '{action}'.").format(action=self._string_at(history, back)),
            "cyan",
        )
        return True

    def _string_at(self, history: list[int], index: int) -> str:
        state = self.game.new_initial_state()
        for action in history[:index]:
            state.apply_unchecked(action)
        return state.action_to_string(history[index])

    def record(self) -> dict[str, JSON]:
        return to_record(self.state, seed=self.seed, agent_specs=[seat.spec for seat in self.seats])

    def save(self, path: str) -> bool:
        try:
            save(self.record(), Path(path))
        except OSError as exc:
            self.screen.say(
                _("cannot write {path}: {reason}").format(
                    path=repr(path), reason=exc.strerror or exc
                ),
                "yellow",
            )
            return False
        saved = (
            _("Saved to {path} (watch it with: langbord replay {path})")
            if self.state.is_terminal()
            else _("Saved to {path} (continue with: langbord play --resume {path})")
        )
        self.screen.say(saved.format(path=path), "cyan")
        return True

    def quit(self) -> int | None:
        """Offers to save; returns the exit status, or ``None`` to play on."""
        try:
            answer = self.screen.ask(
                _(
                    "Save before quitting? A file name to save to, Enter to quit without saving, "
                    "or 'back' to play on: "
                )
            )
        except EOFError:
            return self.input_ended()
        answer = answer.strip()
        if answer.lower() == "back":
            return None
        if answer and not self.save(answer):
            return None
        self.screen.say(_("Goodbye."))
        return 0

    def input_ended(self, announce: bool = True) -> int:
        """The input ended mid-game: the game is saved rather than lost."""
        stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
        folder = self.records if self.records is not None else records_dir()
        path = folder / f"langbord-{self.game.name}-{stamp}.json"
        if announce:
            self.screen.say(_("Input ended."))
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            self.screen.say(
                _("cannot make the folder {folder}: {reason}").format(
                    folder=repr(str(folder)), reason=exc.strerror or exc
                ),
                "yellow",
            )
            return 1
        self.save(str(path))
        return 0


def resume_session(
    path: str, specs: Sequence[str] | None
) -> tuple[Game, list[str], int, list[str]]:
    """The game, seat specs, seed and actions of a game saved by ``save``."""
    try:
        record = load_record(path)
        state = replay(record)
    except RecordError as exc:
        raise PlayError(str(exc)) from None
    if state.is_terminal():
        raise PlayError(
            _("the game in {path} is over; watch it with: langbord replay {path}").format(path=path)
        )
    game = state.game
    meta = record.get("meta")
    saved = meta.get("agent_specs") if isinstance(meta, dict) else None
    if specs is not None:
        seats = seat_specs(game, specs)
    elif isinstance(saved, list) and all(isinstance(s, str) for s in saved):
        seats = [str(s) for s in saved]
        if len(seats) != game.num_players():
            raise PlayError(
                _("{path}: agent_specs names {named} seats, not {n}").format(
                    path=path, named=len(seats), n=game.num_players()
                )
            )
    else:
        seats = seat_specs(game, None)
    seed = meta.get("seed") if isinstance(meta, dict) else None
    actions = record["actions"]
    assert isinstance(actions, list)
    return game, seats, seed if isinstance(seed, int) else 0, [str(a) for a in actions]


def step_through(record_path: str, screen: Screen) -> int:
    """The replay viewer: Enter or 'n' steps on, 'b' back, a number jumps, 'q' quits."""
    record = load_record(record_path)
    final = replay(record)  # refuse a broken record before showing anything
    actions = record["actions"]
    assert isinstance(actions, list)
    game = final.game
    step = 0
    while True:
        state = replay(record, upto=step)
        header = _("{title}: step {step} of {total}").format(
            title=game.info.title, step=step, total=len(actions)
        )
        if step:
            before = replay(record, upto=step - 1)
            mover = before.current_player()
            who = _("chance") if mover == CHANCE else _(game.seat_name(mover))
            header = _("{title}: step {step} of {total} — {who}: {action}").format(
                title=game.info.title,
                step=step,
                total=len(actions),
                who=who,
                action=actions[step - 1],
            )
        screen.say()
        screen.table(str(state), header)
        try:
            line = screen.ask(_("Enter/n: next  b: back  NUMBER: go to step  q: quit > "))
        except EOFError:
            return 0
        key = line.strip().lower()
        if key in ("", "n", "next"):
            if step < len(actions):
                step += 1
            else:
                screen.say(_("That was the last step."), "yellow")
        elif key in ("b", "back"):
            step = max(0, step - 1)
        elif key.isdigit():
            step = min(int(key), len(actions))
        elif key in ("q", "quit", "exit"):
            return 0
        else:
            screen.say(
                _("'{command}' is not a viewer command").format(command=line.strip()), "yellow"
            )
