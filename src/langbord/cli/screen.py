"""The terminal's look: ``rich`` colour and layout on a terminal, plain text otherwise.

Seats keep their colour wherever their name appears (a clan's colour in Skåål, a player colour in
Skibe); the name itself is always written out, so colour only ever adds to the text. What the
terminal says is in the language spoken (:mod:`langbord.core.i18n`): a phrase with a coloured
part in it is a translated template filled by :func:`fill`.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Sequence
from typing import TextIO

from rich.columns import Columns
from rich.console import Console
from rich.panel import Panel
from rich.text import Text

from langbord.core.game import Game
from langbord.core.i18n import _

_NAMED = {
    "black": "bold white on grey23",
    "white": "bold bright_white",
    "red": "bold red",
    "green": "bold green",
    "yellow": "bold yellow",
    "blue": "bold blue",
    "light blue": "bold bright_cyan",
    "purple": "bold magenta",
}
_PALETTE = ("bold cyan", "bold magenta", "bold yellow", "bold green", "bold red", "bold blue")
_PLACEHOLDER = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)\}")


def fill(template: str, style: str = "", **values: str | Text) -> Text:
    """``template`` (a phrase already translated) with each ``{name}`` replaced by
    ``values[name]``: a :class:`Text` keeps its own colours (a seat's name), the words of the
    template get ``style``.

    >>> fill("{seat} to move", seat=Text("red", style="bold red")).plain
    'red to move'
    """
    text = Text()
    start = 0
    for match in _PLACEHOLDER.finditer(template):
        text.append(template[start : match.start()], style)
        value = values[match.group(1)]
        if isinstance(value, Text):
            text.append_text(value)
        else:
            text.append(value)
        start = match.end()
    text.append(template[start:], style)
    return text


def seat_style(game: Game, player: int) -> str:
    """The colour a seat's name is written in (by its name as declared, whatever the language
    spoken)."""
    return _NAMED.get(game.seat_name(player), _PALETTE[player % len(_PALETTE)])


class Screen:
    """Where the table, menus and messages go. ``rich`` when ``out`` is a terminal (or
    ``color=True``), plain text when it is a file or a pipe."""

    def __init__(self, game: Game, out: TextIO | None = None, color: bool | None = None) -> None:
        self.game = game
        self.out = out if out is not None else sys.stdout
        self.rich = self.out.isatty() if color is None else color
        self.console = Console(
            file=self.out,
            force_terminal=self.rich,
            no_color=not self.rich,
            highlight=False,
            emoji=False,
            soft_wrap=not self.rich,
        )
        names = {_(game.seat_name(p)): seat_style(game, p) for p in range(game.num_players())}
        # The names as the table says them (in the language spoken); longer names first, so
        # "light blue" wins over "blue".
        self._names = sorted(names.items(), key=lambda item: -len(item[0]))

    # ---- pieces -------------------------------------------------------------------------------

    def styled(self, text: str, style: str = "") -> Text:
        """``text`` with every seat name in its colour."""
        result = Text(text, style=style)
        if self.rich:
            for name, name_style in self._names:
                result.highlight_regex(rf"(?<![\w/]){re.escape(name)}(?![\w/])", name_style)
        return result

    def seat(self, player: int, label: str = "") -> Text:
        """A seat's name in its colour, in the language spoken, with ``label`` (``(you)``,
        ``(mcts)``) after it."""
        text = Text(_(self.game.seat_name(player)), style=seat_style(self.game, player))
        if label:
            text.append(f" {label}")
        return text

    # ---- output -------------------------------------------------------------------------------

    def say(self, text: str | Text = "", style: str = "") -> None:
        if isinstance(text, str):
            text = self.styled(text, style)
        self.console.print(text)

    def table(self, text: str, title: str) -> None:
        """A table rendering, framed on a terminal. Neither is read as ``rich`` markup: a
        ``[word]`` in a table or a translation is text."""
        if self.rich:
            self.console.print(Panel(self.styled(text), title=Text(title), title_align="left"))
        else:
            self.console.print(f"=== {title} ===", markup=False)
            self.console.print(text, markup=False)

    def menu(self, options: Sequence[str]) -> None:
        """The numbered legal actions."""
        items = [f"{k:>3}  {text}" for k, text in enumerate(options, start=1)]
        if self.rich and len(items) > 8:
            self.console.print(Columns([self.styled(i) for i in items], padding=(0, 3)))
        else:
            for item in items:
                self.say(item)

    def clear(self) -> None:
        if self.rich:
            self.console.clear()
        else:
            self.console.print("\n" + "-" * 60)

    def ask(self, prompt: str | Text) -> str:
        """One line from the player; ``EOFError`` when the input has ended."""
        if isinstance(prompt, str):
            prompt = Text(prompt)
        self.console.print(prompt, end="")
        self.out.flush()
        line = sys.stdin.readline()
        if not line:
            self.console.print()
            raise EOFError
        return line.rstrip("\r\n")
