"""``langbord learn``: a game's tutorial at the terminal, one step at a time.

Each step shows its text, the table as the learner's seat sees it, the places to look at, and
the legal moves; the learner types the move (a number, the notation or a unique beginning of
it). The step's move goes on to the next step; any other is refused with the step's teaching
reason and asked again. ``hint``, ``moves``, ``skip`` and ``quit`` are commands; when the input
ends the lesson stops, saying how to come back to the same step.
"""

from __future__ import annotations

from rich.text import Text

from langbord.cli.screen import Screen
from langbord.core.game import State, normalize_action_text
from langbord.core.i18n import N_, _, ngettext
from langbord.tutorials import Tutorial, get_tutorial, tutorials

HELP = N_("""\
Type the move the step asks for: its number in the list, its notation, or a unique beginning.
Commands: hint (how to find the move), moves (the list again), skip (the next step), quit.""")
"""What a learner may type (English, marked: say it with ``_(HELP)``)."""


def pick(name: str) -> tuple[Tutorial, list[Tutorial]]:
    """The tutorial ``name`` names (an id, or a game: its first), and that game's others."""
    of_game = tutorials(name)
    chosen = of_game[0] if of_game else get_tutorial(name)
    return chosen, [t for t in tutorials(chosen.game) if t is not chosen]


def listing() -> list[str]:
    """A line per tutorial: its id, title and length."""
    return [
        f"{t.id:<22} "
        + ngettext("{title} ({n} step)", "{title} ({n} steps)", len(t.steps)).format(
            title=t.title, n=len(t.steps)
        )
        for t in tutorials()
    ]


class Lesson:
    """One tutorial, taught at ``screen`` from step ``start`` (0-based)."""

    def __init__(self, tutorial: Tutorial, screen: Screen, start: int = 0) -> None:
        self.tutorial = tutorial
        self.screen = screen
        self.k = start

    def run(self) -> int:
        steps = len(self.tutorial.steps)
        while self.k < steps:
            try:
                self._teach(self.k)
            except EOFError:
                self.screen.say(
                    _("Come back to it with: langbord learn {tutorial} --step {step}").format(
                        tutorial=self.tutorial.id, step=self.k + 1
                    )
                )
                return 0
            except _Quit:
                return 0
            self.k += 1
        self.screen.say(
            _("That was the last step of {tutorial}.").format(tutorial=self.tutorial.title), "bold"
        )
        self.screen.say(_("Play a game: langbord play {game}").format(game=self.tutorial.game))
        return 0

    def _teach(self, k: int) -> None:
        tutorial, screen = self.tutorial, self.screen
        step = tutorial.steps[k]
        state = tutorial.position(k)
        learner = state.current_player()
        header = _("Step {step} of {total}: {title}").format(
            step=k + 1, total=len(tutorial.steps), title=step.title
        )
        screen.say()
        screen.say(header, "bold")
        screen.say(
            _("{text}  (ruling {rule})").format(text=step.text, rule=step.rule)
            if step.rule
            else step.text
        )
        title = state.game.info.title
        screen.table(
            state.render(learner),
            _("{game} — you play {seat}").format(game=title, seat=_(state.game.seat_name(learner))),
        )
        if step.highlight:
            places = ", ".join(h["label"] for h in step.highlight)
            screen.say(_("Look at: {places}").format(places=places), "bold")
        self._menu(k)
        while True:
            line = screen.ask(Text(_("Your move (or hint, moves, skip, quit): "), style="bold"))
            command = line.strip().lower()
            if command in ("quit", "exit", "q"):
                raise _Quit
            if command == "skip":
                return
            if command in ("hint", "help", "?"):
                screen.say(step.hint or _("No hint here: the text above says what to do."))
                screen.say(_("At the terminal, type: {move}").format(move=step.expect), "bold")
                screen.say(_(HELP), "dim")
                continue
            if command in ("moves", "list", ""):
                self._menu(k)
                continue
            action = _parse(tutorial, k, line)
            if action is None:
                screen.say(
                    _("{text} is not a move of {game}; type its number, or 'moves'.").format(
                        text=repr(line.strip()), game=title
                    ),
                    "red",
                )
                continue
            attempt = tutorial.attempt(k, action)
            if attempt.ok:
                screen.say(_("Yes. {message}").format(message=attempt.message), "green")
                return
            screen.say(attempt.message, "red")

    def _menu(self, k: int) -> None:
        state = self.tutorial.position(k)
        self.screen.menu([_line(state, a) for a in state.legal_actions()])


def _line(state: State, action: int) -> str:
    return f"{state.action_to_string(action)}  ({state.action_words(action)})"


class _Quit(Exception):
    """The learner typed quit."""


def _parse(tutorial: Tutorial, k: int, line: str) -> int | None:
    """The action ``line`` names at step ``k``, legal or not (an illegal one is refused by the
    step with its reason): a menu number, the notation, or a unique beginning of a legal one."""
    state = tutorial.position(k)
    legal = state.legal_actions()
    text = line.strip()
    if text.isdigit():
        number = int(text)
        return legal[number - 1] if 1 <= number <= len(legal) else None
    key = normalize_action_text(text)
    found = state.game.action_lookup().get(key)
    if found is not None:
        return found
    starting = [a for a in legal if state.action_to_string(a).startswith(key)]
    return starting[0] if len(starting) == 1 else None
