"""The terminal's look: ``rich`` colour and layout on a terminal, plain text otherwise.

Seats keep their colour wherever their name appears (a clan's colour in Skåål, a player colour in
Skibe); the name itself is always written out, so colour only ever adds to the text.
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


def seat_style(game: Game, player: int) -> str:
    """The colour a seat's name is written in."""
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
        names = {game.seat_name(p): seat_style(game, p) for p in range(game.num_players())}
        # Longer names first, so "light blue" wins over "blue".
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
        """A seat's name in its colour, with ``label`` (``(you)``, ``(mcts)``) after it."""
        text = Text(self.game.seat_name(player), style=seat_style(self.game, player))
        if label:
            text.append(f" {label}")
        return text

    # ---- output -------------------------------------------------------------------------------

    def say(self, text: str | Text = "", style: str = "") -> None:
        if isinstance(text, str):
            text = self.styled(text, style)
        self.console.print(text)

    def table(self, text: str, title: str) -> None:
        """A table rendering, framed on a terminal."""
        if self.rich:
            self.console.print(Panel(self.styled(text), title=title, title_align="left"))
        else:
            self.console.print(f"=== {title} ===")
            self.console.print(text)

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
