"""``langbord analyse RECORD``: the post-game analysis of a record, as a table and as JSON.

Every decision of the game is searched by the game's best agent from its mover's view (see
:mod:`langbord.analysis`); the table gives each decision's step, seat, the move played and the
best one found, every seat's win chance before it, the mover's chance after each move, the loss
and its mark; then each seat's count of marks. ``--out FILE.json`` writes the analysis's JSON.
A progress bar runs while a terminal watches; otherwise nothing is printed until the end.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path

from rich.console import Console
from rich.table import Table

from langbord.analysis import MARKS, Analysis, analyse
from langbord.core.errors import LangbordError
from langbord.core.i18n import N_, _, pgettext
from langbord.core.records import load as load_record
from langbord.core.registry import info

MARK_STYLE = {"inaccuracy": "yellow", "mistake": "dark_orange", "blunder": "bold red"}
SYMBOL = {"inaccuracy": "?!", "mistake": "?", "blunder": "??"}
MARK_WORDS = {"inaccuracy": N_("inaccuracy"), "mistake": N_("mistake"), "blunder": N_("blunder")}
"""Each mark as a player reads it (English, marked: say it with ``_()``; the JSON keeps the
mark itself)."""


def _mark(mark: str) -> str:
    return _(MARK_WORDS.get(mark, mark))


def run(
    path: str,
    *,
    seconds: float | None,
    iterations: int | None,
    seed: int,
    out: str | None,
) -> int:
    """Analyse the record at ``path``, print the table and the summary, write ``out``."""
    record = load_record(path)
    if out and not Path(out).parent.is_dir():  # say so now, not after the whole analysis
        raise LangbordError(
            _("cannot write {path}: no directory {folder}").format(
                path=repr(out), folder=repr(str(Path(out).parent))
            )
        )
    console = Console() if sys.stdout.isatty() else Console(width=160, no_color=True)
    update, close = _progress(console)
    try:
        analysis = analyse(
            record, seconds=seconds, iterations=iterations, seed=seed, progress=update
        )
    finally:
        close()
    if out:
        target = Path(out)
        try:
            target.write_text(
                json.dumps(analysis.to_json(), indent=1, ensure_ascii=False) + "\n",
                encoding="utf-8",
            )
        except OSError as exc:
            raise LangbordError(
                _("cannot write {path}: {reason}").format(
                    path=repr(out), reason=exc.strerror or exc
                )
            ) from None
    console.print(decisions_table(analysis))
    console.print(summary_table(analysis))
    if out:
        console.print(_("analysis written to {path}").format(path=out))
    return 0


def _progress(console: Console) -> tuple[Callable[[int, int], None], Callable[[], None]]:
    """A live bar while stdout is a terminal; quiet otherwise."""
    if not console.is_terminal:
        return (lambda _done, _total: None), (lambda: None)
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

    bar = Progress(
        "[bold]" + _("analysing"),
        BarColumn(),
        MofNCompleteColumn(),
        _("decisions, ETA"),
        TimeRemainingColumn(),
        console=console,
        transient=True,
    )
    task = bar.add_task("decisions", total=None)
    bar.start()

    def update(done: int, total: int) -> None:
        bar.update(task, completed=done, total=total)

    return update, bar.stop


def _seat(name: str) -> str:
    """A seat's name (as the game declares it, in the analysis) in the language spoken."""
    return _(name) if name else name


def _percent(x: float) -> str:
    return f"{100 * x:.0f}%"


def decisions_table(analysis: Analysis) -> Table:
    """One row per decision: step (1-based, as ``langbord replay --step`` counts), seat, move
    played, best move, chances, loss and mark."""
    title = info(analysis.game).title
    budget = f"{analysis.seconds:g} s" if analysis.seconds is not None else f"{analysis.iterations}"
    thresholds = ", ".join(f"{_mark(m)} ≥ {100 * analysis.thresholds[m]:g}" for m in MARKS)
    table = Table(
        title=_("{game}: analysis by {agent} ({budget} a decision)").format(
            game=title, agent=analysis.agent, budget=budget
        ),
        caption=_(
            "chances in % of a win, before the decision; loss in points ({thresholds}); "
            "sims: the simulations behind the estimates"
        ).format(thresholds=thresholds),
    )
    columns = (
        (_("step"), True),
        (_("seat"), False),
        (_("played"), False),
        (pgettext("the best move", "best"), False),
        (_("chances"), False),
        (_("played %"), True),
        (_("best %"), True),
    )
    for column, numeric in columns:
        table.add_column(column, justify="right" if numeric else "left")
    table.add_column(_("loss"), justify="right")
    table.add_column(_("mark"))
    table.add_column(_("sims"), justify="right")
    for d in analysis.decisions:
        seat = _seat(analysis.seats[d.seat]) if d.seat < len(analysis.seats) else str(d.seat)
        chances = "/".join(f"{100 * c:.0f}" for c in d.chances)
        mark = _("forced") if d.legal < 2 else (_mark(d.mark) if d.mark else "")
        style = MARK_STYLE.get(d.mark or "", "")
        table.add_row(
            str(d.move + 1),
            seat,
            d.played,
            "" if d.best == d.played else d.best,
            chances,
            _percent(d.played_chance),
            _percent(d.best_chance),
            f"{100 * d.loss:.1f}" if d.legal > 1 else "",
            f"[{style}]{mark} {SYMBOL.get(d.mark or '', '')}[/]" if style else mark,
            str(d.simulations),
        )
    return table


def summary_table(analysis: Analysis) -> Table:
    """Per seat: decisions judged, the count of each mark and the mean loss."""
    table = Table(title=_("per seat"))
    table.add_column(_("seat"), justify="left")
    for column in (_("decisions"), _("judged"), *(_mark(m) for m in MARKS), _("mean loss")):
        table.add_column(column, justify="right")
    for row in analysis.summary().values():
        table.add_row(
            _seat(str(row["name"])),
            str(row["decisions"]),
            str(row["judged"]),
            *(str(row[m]) for m in MARKS),
            f"{100 * float(row['mean_loss'] or 0):.1f}",
        )
    return table
