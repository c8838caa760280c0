"""The ``langbord`` command.

  langbord games                              the registered games
  langbord rules GAME [--card]                the rules for players; --card: options, notation
  langbord random GAME [--players N] [--seed S] [--option k=v] [--out FILE]
                                              a game of random agents; table and record
  langbord play GAME [--players human,club,…] [--seed S] [--option k=v] [--fast]
                [--records DIR]
  langbord play --resume FILE                 a game at the terminal, against bots or friends
  langbord learn [GAME | TUTORIAL] [--step K]  a game's tutorial, step by step (no name: the list)
  langbord replay FILE [--step K]             step through a record, or the table after step K
  langbord analyse FILE [--seconds S | --iterations N] [--seed S] [--out FILE.json]
                                              post-game analysis: win chances, marked mistakes
  langbord arena GAME --agents A,B,... [--players N] [--games N] [--seed S] [--jobs J]
                [--option k=v] [--out FILE]   seat-rotated games between agents
  langbord simulate GAME --agents A,B,... --games N --out runs.jsonl [--players N] [--seed S]
                [--option k=v] [--jobs J] [--backend local|ray] [--ray-address ADDR]
                [--fixed-seats] [--resume]     many bot games, on all cores or a Ray cluster
  langbord report runs.jsonl ... [--by seat|agent|option] [--plot out.png]
                                              win rates with intervals, scores, lengths
  langbord serve [--db URL] [--host H] [--port P]
                                              the game server (HTTP and WebSocket API)
  langbord bench [GAME ...] [--seconds S]     random-playout throughput, one core

Bad input gets a one-line error on stderr and exit status 2; never a traceback.

What a player reads is in the language ``--lang`` names (``langbord --lang da play skibe``, or
after the command: ``langbord play skibe --lang da``), by default the locale's
(:func:`language_from_env`: ``LANG=da_DK.UTF-8`` speaks Danish), else English. The server
speaks each request's language, so ``serve`` takes no default from the environment.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import resource
import sys
from collections.abc import Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any, NoReturn

import langbord
from langbord.agents import RandomAgent
from langbord.agents.heuristics import best_agent
from langbord.core.errors import LangbordError
from langbord.core.i18n import LANGUAGES, SOURCE, UnknownLanguage, _, known, ngettext, speaking
from langbord.core.records import load as load_record
from langbord.core.records import replay, save
from langbord.core.registry import info
from langbord.server.config import ServerConfig

LOCALE_ENV = ("LC_ALL", "LC_MESSAGES", "LANG")
"""The environment variables that name the locale, the first set one deciding (as POSIX has it)."""


def language_from_env(environ: Mapping[str, str] | None = None) -> str:
    """The language the terminal speaks unless ``--lang`` names one: the locale's messages
    language, from the first of ``LC_ALL``, ``LC_MESSAGES`` and ``LANG`` that is set
    (``da_DK.UTF-8`` → ``da``), with GNU gettext's ``LANGUAGE`` list (``fr:en``) before it where
    the locale is not ``C``; English where none names a language langbord speaks.

    >>> language_from_env({"LANG": "da_DK.UTF-8"})
    'da'
    >>> language_from_env({"LANG": "de_DE.UTF-8", "LC_ALL": "fr_FR.UTF-8"})
    'fr'
    >>> language_from_env({"LANG": "sv_SE.UTF-8"}), language_from_env({"LANG": "C.UTF-8"})
    ('en', 'en')
    """
    env = os.environ if environ is None else environ
    locale = next((env[name] for name in LOCALE_ENV if env.get(name, "").strip()), "")
    tags = [locale] if locale else []
    if locale and _locale_tag(locale).lower() not in ("c", "posix"):
        tags[:0] = env.get("LANGUAGE", "").split(":")
    for tag in tags:
        if not _locale_tag(tag):
            continue
        try:
            return known(_locale_tag(tag))
        except UnknownLanguage:
            continue
    return SOURCE


def _locale_tag(locale: str) -> str:
    """A locale name without its codeset and modifier: ``de_DE.UTF-8@euro`` → ``de_DE``."""
    return locale.strip().split(".")[0].split("@")[0].strip()


class UsageError(Exception):
    """Bad command-line input: reported in one line, exit status 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{message} (see `{self.prog} --help`)")


def _options(pairs: Sequence[str], players: int | None) -> dict[str, str | int]:
    options: dict[str, str | int] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise UsageError(_("--option takes key=value, not {pair}").format(pair=repr(pair)))
        options[key.strip()] = value.strip()
    if players is not None:
        options["players"] = players
    return options


def headline(game: langbord.Game) -> str:
    """The game's title and the tagline of its card: "Skåål — dwarf clans prospect …"."""
    tagline = game.tagline()
    return f"{game.info.title} — {tagline}" if tagline else game.info.title


def cmd_games(args: argparse.Namespace) -> int:
    for name in langbord.games():
        game = langbord.load(name)
        opts = ", ".join(f"{s.name}: {s.allowed()}" for s in game.option_specs)
        print(f"{name:<10} {headline(game)}" + (f"  [{opts}]" if opts else ""))
    return 0


def cmd_rules(args: argparse.Namespace) -> int:
    if not args.card:
        return _rules_page(args.game)
    from langbord.agents.levels import levels

    game = langbord.load(args.game)
    print(game.rules())
    print()
    print(_("Options:"))
    for spec in game.option_specs:
        line = _("{name}: {help}; {allowed} (default {default})").format(
            name=spec.name, help=spec.described(), allowed=spec.allowed(), default=spec.default
        )
        print(f"  {line}")
    print()
    print(
        _(
            "Bot levels (langbord play {game} --players human,LEVEL; rated by\n"
            "benchmarks/levels.py at the default options, random at 0):"
        ).format(game=game.name)
    )
    for level in levels(game):
        print(f"  {level.describe()}")
    print()
    print(
        _("Best agent (bot seats and hints unless another is named): {agent}").format(
            agent=best_agent(game)
        )
    )
    return 0


def _rules_page(name: str) -> int:
    """The game's page for players (:mod:`langbord.guides`), in the language spoken: each
    section's heading and paragraphs, then the clarifications; the card on request."""
    from rich.console import Console
    from rich.markdown import Markdown
    from rich.text import Text

    from langbord.guides import guide

    game = langbord.load(name)  # an unknown game is refused as everywhere else
    page = guide(name)
    if page is None:
        print(game.rules())
        return 0
    console = Console(highlight=False, soft_wrap=False)
    console.print(Text(game.info.title, style="bold"))
    console.print(Text(page.summary))
    for section in page.sections:
        console.print()
        console.print(Text(section.heading, style="bold underline"))
        for k, paragraph in enumerate(section.paragraphs):
            if k:
                console.print()
            console.print(Text(paragraph))
    if page.clarifications:
        console.print()
        console.print(Text(_("Clarifications"), style="bold underline"))
        console.print(Markdown("\n".join(f"- {c.text}" for c in page.clarifications)))
    console.print()
    console.print(
        Text(
            _(
                "The game's card (notation, options, bot levels, rulings): "
                "langbord rules {game} --card"
            ).format(game=name),
            style="dim",
        )
    )
    return 0


def cmd_random(args: argparse.Namespace) -> int:
    game = langbord.load(args.game, **_options(args.option, args.players))
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(10**9)
    agents = [RandomAgent(seed * 100 + p) for p in range(game.num_players())]
    record = langbord.play_game(game, agents, seed, agent_specs=["random"] * game.num_players())
    state = replay(record)
    print(state)
    print()
    out = Path(args.out) if args.out else Path(f"{game.name}-seed{seed}.json")
    try:
        save(record, out)
    except OSError as exc:
        raise UsageError(
            _("cannot write {path}: {reason}").format(
                path=repr(str(out)), reason=exc.strerror or exc
            )
        ) from None
    steps = len(record["actions"])
    print(
        ngettext(
            "{n} action, seed {seed}; record written to {path}",
            "{n} actions, seed {seed}; record written to {path}",
            steps,
        ).format(n=steps, seed=seed, path=out)
    )
    print(_("(langbord replay {path} shows it step by step)").format(path=out))
    return 0


def cmd_play(args: argparse.Namespace) -> int:
    from langbord.agents.specs import split_specs
    from langbord.cli.play import (
        HUMAN,
        PlaySession,
        game_for,
        make_seats,
        resume_session,
        seat_label,
        seat_specs,
    )
    from langbord.cli.screen import Screen

    specs: list[str] | None = None
    options = _options(args.option, None)
    if args.players is not None:
        if args.players.strip().isdigit():
            options["players"] = int(args.players)
        else:
            specs = split_specs(args.players, names=(*langbord.agents.AGENTS, HUMAN))
    if args.resume:
        if args.game or args.option:
            raise UsageError(_("--resume FILE continues a saved game: name no GAME or --option"))
        game, seat_list, seed, actions = resume_session(args.resume, specs)
    else:
        if not args.game:
            raise UsageError(
                _("name a game to play: {games}").format(games=", ".join(langbord.games()))
            )
        game = game_for(args.game, options, specs)
        seat_list = seat_specs(game, specs)
        seed = args.seed if args.seed is not None else random.SystemRandom().randrange(10**9)
        actions = []
    if args.seed is not None:
        seed = args.seed
    seats = make_seats(seat_list, seed, game)
    screen = Screen(game)
    records = Path(args.records).expanduser() if args.records else None
    session = PlaySession(
        game, seats, seed, screen, fast=args.fast, actions=actions, records=records
    )
    who = ", ".join(
        f"{_(game.seat_name(p))}: {_('you') if s.human else seat_label(s.spec, game)}"
        for p, s in enumerate(seats)
    )
    screen.say(headline(game))
    seats_line = (
        _("Seats — {seats}. Seed {seed}. Resumed.")
        if actions
        else _("Seats — {seats}. Seed {seed}.")
    )
    screen.say(seats_line.format(seats=who, seed=seed))
    return session.run()


def cmd_learn(args: argparse.Namespace) -> int:
    from langbord.cli.learn import Lesson, listing, pick
    from langbord.cli.screen import Screen

    if not args.tutorial:
        print(_("Tutorials (langbord learn ID, or a game's name for its first):"))
        for line in listing():
            print(f"  {line}")
        return 0
    tutorial, others = pick(args.tutorial)
    if not 1 <= args.step <= len(tutorial.steps):
        raise UsageError(
            _("--step: {tutorial} has steps 1 to {last}").format(
                tutorial=tutorial.id, last=len(tutorial.steps)
            )
        )
    screen = Screen(tutorial.make_game())
    screen.say(f"{tutorial.title} — {tutorial.summary}", "bold")
    if others:
        also = ", ".join(f"langbord learn {t.id}" for t in others)
        screen.say(_("Also: {tutorials}").format(tutorials=also), "dim")
    return Lesson(tutorial, screen, args.step - 1).run()


def cmd_replay(args: argparse.Namespace) -> int:
    from langbord.cli.play import step_through
    from langbord.cli.screen import Screen

    record = load_record(args.file)
    if args.step is not None:
        state = replay(record, upto=args.step)
        Screen(state.game).table(
            str(state),
            _("{title}: after step {step} of {total}").format(
                title=state.game.info.title, step=args.step, total=len(record["actions"])
            ),
        )
        return 0
    final = replay(record)  # validate the whole record before printing anything
    screen = Screen(final.game)
    if sys.stdin.isatty() and sys.stdout.isatty():
        return step_through(args.file, screen)
    state = final.game.new_initial_state()
    screen.table(str(state), _("{title}: the start").format(title=state.game.info.title))
    for step, text in enumerate(record["actions"], start=1):
        action = state.string_to_action(text)
        player = state.current_player()
        who = _("chance") if player == langbord.CHANCE else _(state.game.seat_name(player))
        state.apply_action(action)
        screen.say()
        screen.table(
            str(state),
            _("step {step}: {who}: {action}").format(
                step=step, who=who, action=state.action_to_string(action)
            ),
        )
    return 0


def cmd_analyse(args: argparse.Namespace) -> int:
    from langbord.cli.analyse import run

    return run(
        args.file,
        seconds=args.decision_seconds,
        iterations=args.iterations,
        seed=args.seed,
        out=args.out,
    )


def cmd_simulate(args: argparse.Namespace) -> int:
    from langbord.agents.specs import split_specs
    from langbord.sim.simulate import make_plan, progress_bar, simulate

    plan = make_plan(
        args.game,
        split_specs(args.agents),
        args.games,
        args.seed,
        _options(args.option, args.players),
        args.fixed_seats,
    )
    seats = "fixed seats" if plan.fixed_seats else "seats rotated"
    print(
        f"{info(plan.game).title} {plan.options}: {plan.games} games of "
        f"{', '.join(plan.field)}, {seats}, seed {plan.seed}, backend {args.backend}, "
        f"jobs {args.jobs or os.cpu_count()}",
        file=sys.stderr,
    )
    update, close = progress_bar(plan.games, 0)
    try:
        outcome = simulate(
            plan,
            args.out,
            jobs=args.jobs,
            backend=args.backend,
            ray_address=args.ray_address,
            resume=args.resume,
            progress=update,
        )
    except KeyboardInterrupt:
        close()
        print(
            f"langbord: interrupted; the games finished are in {args.out}: "
            "continue with the same command and --resume",
            file=sys.stderr,
        )
        return 130
    close()
    print(
        f"{outcome.played} games played in {outcome.seconds:.1f} s "
        f"({outcome.games_per_second:.2f} games/s)"
        + (f", {outcome.skipped} already in {args.out}" if outcome.skipped else "")
        + f"; written to {args.out} (langbord report {args.out})"
    )
    return 0


def cmd_report(args: argparse.Namespace) -> int:
    from langbord.sim.report import load_runs, plot, report

    runs = load_runs(args.files)
    print(report(runs, args.by))
    if args.plot:
        plot(runs, args.plot, (args.by or ["seat"])[0])
        print(f"\nfigure written to {args.plot}")
    return 0


def cmd_serve(args: argparse.Namespace) -> int:
    try:
        from langbord.server.serving import serve
        from langbord.server.store.schema import default_url
    except ImportError as exc:
        raise UsageError(
            f"the server needs its extra ({exc.name} is missing): pip install 'langbord[server]'"
        ) from None
    from langbord.server.config import ServerConfig
    from langbord.server.runtime import tune_collector

    if not 0.01 <= args.bot_seconds <= 3600:  # also refuses nan
        raise UsageError("--bot-seconds must be a number of seconds from 0.01 to 3600")
    url = args.db or default_url()
    if not 1 <= args.live_tables <= 1_000_000:
        raise UsageError("--live-tables must be 1 to 1000000")
    for flag, value, most in (
        ("--abandon-days", args.abandon_days, 3650.0),
        ("--write-wait", args.write_wait, 600.0),
    ):
        if not (math.isfinite(value) and 0 < value <= most):
            raise UsageError(f"{flag} must be a number of more than 0 and at most {most:g}")
    if not 0.05 <= args.analysis_seconds <= 2:  # also refuses nan
        raise UsageError("--analysis-seconds must be a number of seconds from 0.05 to 2")
    if not 0 <= args.analyses <= 1000:
        raise UsageError("--analyses must be 0 to 1000")
    if not 1 <= args.analyses_total <= 100_000:
        raise UsageError("--analyses-total must be 1 to 100000")
    if not 1 <= args.analyses_kept <= 10_000_000:
        raise UsageError("--analyses-kept must be 1 to 10000000")
    config = ServerConfig(
        bot_seconds=args.bot_seconds,
        live_tables=args.live_tables,
        abandon_days=args.abandon_days,
        write_wait_seconds=args.write_wait,
        sqlite_sync=args.sqlite_sync,
        analysis_seconds=args.analysis_seconds,
        analyses=args.analyses,
        analyses_total=args.analyses_total,
        analyses_kept=args.analyses_kept,
        **({} if args.bot_workers is None else {"bot_workers": args.bot_workers}),
    )
    if args.processes > 1 and args.bot_workers is None:  # the cores are shared out among them
        config = replace(config, bot_workers=max(1, config.bot_workers // args.processes))
    config = replace(config, **_net_settings(args))
    shown = "[::1]" if args.host == "::1" else args.host
    by = f", {args.processes} processes" if args.processes > 1 else ""

    def ready() -> None:
        tune_collector()  # no stop-the-world collection of thousands of connections' objects
        print(f"langbord serving on http://{shown}:{args.port}/ — database {_safe_url(url)}{by}")
        print("(Ctrl-C stops it)", flush=True)

    # Opens the database, then listens.
    serve(url, args.host, args.port, config, ready=ready, processes=args.processes)
    return 0


def _processes(text: str) -> int:
    """``--processes``: a whole number from 1 to 64."""
    try:
        processes = int(text)
    except ValueError:
        processes = 0
    if not 1 <= processes <= 64:
        raise argparse.ArgumentTypeError(f"must be a whole number from 1 to 64, not {text!r}")
    return processes


def _workers(text: str) -> int:
    """``--bot-workers``: a whole number from 0 to 256."""
    try:
        workers = int(text)
    except ValueError:
        workers = -1
    if not 0 <= workers <= 256:
        raise argparse.ArgumentTypeError(f"a number of workers from 0 to 256, not {text!r}")
    return workers


def _count(text: str) -> int:
    number = int(text) if text.strip().isdigit() else -1
    if not 0 <= number <= 1_000_000:
        raise argparse.ArgumentTypeError(f"{text} is not a number from 0 to 1000000")
    return number


def _positive_int(text: str) -> int:
    number = int(text) if text.strip().isdigit() else 0
    if not 1 <= number <= 1_000_000:
        raise argparse.ArgumentTypeError(f"{text} is not a number from 1 to 1000000")
    return number


def _net_settings(args: argparse.Namespace) -> dict[str, Any]:
    """The limits on clients and connections that ``langbord serve``'s flags set."""
    settings: dict[str, Any] = {}
    if args.allowed_host:
        settings["allowed_hosts"] = tuple(args.allowed_host)
    if args.forwarded_allow_ips:
        settings["forwarded_allow_ips"] = tuple(
            ip.strip() for ip in args.forwarded_allow_ips.split(",") if ip.strip()
        )
    if args.no_rate_limits:
        settings["rate_limits"] = False
    from langbord.server.guards import parse_rate

    for name in ("create_rate", "join_rate", "move_rate", "work_rate"):
        if getattr(args, name) is not None:
            try:
                parse_rate(f"--{name.replace('_', '-')}", getattr(args, name))
            except ValueError as exc:
                raise UsageError(str(exc)) from None
            settings[name] = getattr(args, name)
    for name in ("max_connections", "spectators", "connections_per_address"):
        if getattr(args, name) is not None:
            settings[name] = getattr(args, name)
    for name in ("header_seconds", "body_seconds", "ws_token_seconds"):
        seconds = getattr(args, name)
        if seconds is not None:
            if not 0 < seconds <= 3600:
                raise UsageError(f"--{name.replace('_', '-')} must be in (0, 3600] seconds")
            settings[name] = seconds
    return settings


def _safe_url(url: str) -> str:
    from sqlalchemy.engine import make_url

    return make_url(url).render_as_string(hide_password=True)


def cmd_bench(args: argparse.Namespace) -> int:
    from langbord.core.bench import bench

    names = args.games or langbord.games()
    for name in names:
        langbord.load(name, **_options(args.option, None))  # validate before the long runs
    from langbord.sim.bench import mcts_rate

    print(
        f"{'game':<10} {'steps/s':>10} {'(median)':>10} {'games/s':>9} {'steps/game':>10} "
        f"{'peak/playout':>12} {'mcts it/s':>10}  options"
    )
    for name in names:
        options = _options(args.option, None)
        r = bench(name, options, seconds=args.seconds, seed=args.seed)
        rate = mcts_rate(name, options, seconds=1.0, seed=args.seed)
        opts = ",".join(f"{k}={v}" for k, v in r.options.items())
        print(
            f"{name:<10} {r.steps_per_second:>10,.0f} {r.median_steps_per_second:>10,.0f} "
            f"{r.games_per_second:>9,.1f} {r.steps / r.games:>10.1f} "
            f"{r.peak_bytes / 1024:>8.1f} KiB {rate:>10,.0f}  {opts}"
        )
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(
        f"one core, {args.seconds:g} CPU-seconds per game in 5 rounds (steps/s: the best round; "
        "mcts it/s: the default MCTS agent over 1 s of search), "
        f"Python {sys.version.split()[0]}; "
        f"process peak RSS {rss:.0f} MiB"
    )
    return 0


def cmd_arena(args: argparse.Namespace) -> int:
    from langbord.agents.specs import split_specs
    from langbord.sim.arena import run_arena

    if args.games < 1:
        raise UsageError("--games must be at least 1")
    if args.jobs < 1:
        raise UsageError("--jobs must be at least 1")
    result = run_arena(
        args.game,
        split_specs(args.agents),
        args.games,
        seed=args.seed,
        options=_options(args.option, args.players),
        jobs=args.jobs,
        out=args.out,
    )
    print(result.table())
    print("time per decision (wall clock, this machine):")
    print(result.timing())
    if args.out:
        print(f"records written to {args.out} (JSON lines, one game each)")
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="langbord", description="Play, study and simulate Nordic board games.")
    parser.add_argument("--version", action="version", version=f"langbord {langbord.__version__}")
    _add_lang(parser, None)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)

    p = sub.add_parser("games", help="list the games")
    p.set_defaults(func=cmd_games)

    p = sub.add_parser("rules", help="show a game's rules for players (--card: its card)")
    p.add_argument("game")
    p.add_argument(
        "--card",
        action="store_true",
        help="the game's card instead: players, options, notation, rulings, bot levels",
    )
    p.set_defaults(func=cmd_rules)

    p = sub.add_parser("random", help="play a game of random agents and write its record")
    p.add_argument("game")
    p.add_argument("--players", type=int, help="number of players")
    p.add_argument("--seed", type=int, help="seed for chance and agents (default: random)")
    p.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    p.add_argument("--out", metavar="FILE", help="record file (default GAME-seedS.json)")
    p.set_defaults(func=cmd_random)

    p = sub.add_parser("play", help="play a game at the terminal, against bots or friends")
    p.add_argument("game", nargs="?", help="the game (not with --resume)")
    p.add_argument(
        "--players",
        metavar="SEATS",
        help="the seats in order, comma-separated: human, a bot level (beginner, casual, club, "
        "strong, best) or an agent spec (human,club,mcts:iterations=500); "
        "seats not named are mcts bots; or just a number of players (default: one human, "
        "bots for the rest)",
    )
    p.add_argument("--seed", type=int, help="seed for chance and bots (default: random)")
    p.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    p.add_argument("--fast", action="store_true", help="no pause after the bots' moves")
    p.add_argument("--resume", metavar="FILE", help="continue a game saved with 'save FILE'")
    p.add_argument(
        "--records",
        metavar="DIR",
        help="where to save the game if the input ends (default: $LANGBORD_RECORDS, else "
        "~/.local/share/langbord/records)",
    )
    p.set_defaults(func=cmd_play)

    p = sub.add_parser("learn", help="learn a game by playing its tutorial, step by step")
    p.add_argument("tutorial", nargs="?", help="a game (its first tutorial) or a tutorial id")
    p.add_argument("--step", type=int, default=1, metavar="K", help="start at step K")
    p.set_defaults(func=cmd_learn)

    p = sub.add_parser("replay", help="step through a record, or show the table after step K")
    p.add_argument("file")
    p.add_argument("--step", type=int, metavar="K", help="show the table after step K only")
    p.set_defaults(func=cmd_replay)

    p = sub.add_parser("analyse", help="post-game analysis: win chances and marked mistakes")
    p.add_argument("file", metavar="RECORD")
    budget = p.add_mutually_exclusive_group()
    budget.add_argument(
        "--seconds",
        dest="decision_seconds",
        type=float,
        metavar="S",
        help="seconds of search per decision (0.001 to 600)",
    )
    budget.add_argument(
        "--iterations",
        type=int,
        metavar="N",
        help="simulations per decision (default: the agent's)",
    )
    p.add_argument("--seed", type=int, default=0, help="seed of the searches (default 0)")
    p.add_argument("--out", metavar="FILE.json", help="write the analysis as JSON")
    p.set_defaults(func=cmd_analyse)

    p = sub.add_parser("arena", help="agents play seat-rotated games; win rates with intervals")
    p.add_argument("game")
    p.add_argument(
        "--agents",
        required=True,
        help="agent specs, comma-separated, e.g. mcts,greedy,random or "
        "mcts:time=0.25,random (the last one fills the remaining seats)",
    )
    p.add_argument("--players", type=int, help="number of players")
    p.add_argument("--games", type=int, default=100, help="games to play (default 100)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    p.add_argument("--jobs", type=int, default=1, help="processes to play games in (default 1)")
    p.add_argument("--out", metavar="FILE", help="write every game's record as JSON lines")
    p.set_defaults(func=cmd_arena)

    p = sub.add_parser("simulate", help="many bot games, on all cores or on a Ray cluster")
    p.add_argument("game")
    p.add_argument(
        "--agents",
        required=True,
        help="agent specs, comma-separated, e.g. greedy or mcts:iterations=500,random "
        "(the last one fills the remaining seats)",
    )
    p.add_argument("--players", type=int, help="number of players")
    p.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    p.add_argument("--games", type=int, required=True, help="games to play")
    p.add_argument("--seed", type=int, default=0, help="the games' seeds derive from it")
    p.add_argument("--jobs", type=int, help="processes, or CPUs of a local Ray (default: all)")
    p.add_argument("--backend", default="local", help="local (a process pool) or ray")
    p.add_argument("--ray-address", help="a Ray cluster to join (default: start a local Ray)")
    p.add_argument("--fixed-seats", action="store_true", help="do not rotate the seats")
    p.add_argument("--out", required=True, metavar="FILE", help="JSON lines, one game a line")
    p.add_argument("--resume", action="store_true", help="play only the games not in --out")
    p.set_defaults(func=cmd_simulate)

    p = sub.add_parser("report", help="win rates, scores and lengths of simulated games")
    p.add_argument("files", nargs="+", metavar="RUNS.jsonl")
    p.add_argument(
        "--by",
        action="append",
        choices=["seat", "agent", "option"],
        help="group by seat, agent or option set (repeatable; default: seat and agent)",
    )
    p.add_argument("--plot", metavar="FILE", help="write a figure (PNG, SVG or PDF)")
    p.set_defaults(func=cmd_report)

    p = sub.add_parser("serve", help="the game server: tables, seats, bots, a durable log")
    p.add_argument(
        "--db",
        metavar="URL",
        help="database URL, sqlite:///FILE or postgresql+psycopg://USER:PASSWORD@HOST/DB "
        "(default: a SQLite file in ~/.local/share/langbord)",
    )
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    p.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    p.add_argument(
        "--bot-seconds",
        type=float,
        default=10.0,
        metavar="S",
        help="the longest a bot may think a decision: seats whose spec cannot promise it are "
        "refused (default 10)",
    )
    p.add_argument(
        "--analysis-seconds",
        type=float,
        default=ServerConfig.analysis_seconds,
        metavar="S",
        help="search per decision of a finished game's analysis when the request names none "
        f"(0.05 to 2, default {ServerConfig.analysis_seconds:g})",
    )
    p.add_argument(
        "--analyses",
        type=int,
        default=ServerConfig.analyses,
        metavar="N",
        help="post-game analyses one client address may have queued or running at once; one "
        f"more is refused with 429 (0: none, default {ServerConfig.analyses})",
    )
    p.add_argument(
        "--analyses-total",
        type=int,
        default=ServerConfig.analyses_total,
        metavar="N",
        help="post-game analyses queued or running at once, server-wide; one more is refused "
        f"with 503 (default {ServerConfig.analyses_total})",
    )
    p.add_argument(
        "--analyses-kept",
        type=int,
        default=ServerConfig.analyses_kept,
        metavar="N",
        help="finished analyses kept; beyond it, those looked at least recently are dropped "
        f"(default {ServerConfig.analyses_kept})",
    )
    p.add_argument(
        "--live-tables",
        type=int,
        default=ServerConfig.live_tables,
        metavar="N",
        help=f"tables kept in memory, the rest rebuilt from the log when asked for "
        f"(default {ServerConfig.live_tables})",
    )
    p.add_argument(
        "--abandon-days",
        type=float,
        default=ServerConfig.abandon_days,
        metavar="D",
        help=f"a table nobody moved or joined at for D days is closed "
        f"(default {ServerConfig.abandon_days:g})",
    )
    p.add_argument(
        "--write-wait",
        type=float,
        default=ServerConfig.write_wait_seconds,
        metavar="S",
        help="seconds a move waits for the database's lock before it is answered 503 "
        f"(default {ServerConfig.write_wait_seconds:g})",
    )
    p.add_argument(
        "--sqlite-sync",
        choices=("full", "normal"),
        default=ServerConfig.sqlite_sync,
        help="full: a move is on the disk before it is answered (survives a power cut); "
        "normal: it survives the server's crash, not the machine's (default full)",
    )
    p.add_argument(
        "--processes",
        type=_processes,
        default=1,
        metavar="N",
        help="serving processes sharing the port, for more moves a second than one core "
        "serves (PostgreSQL only; each has its own limits per client address, bot workers "
        "and analyses; --max-connections is shared out; default 1)",
    )
    p.add_argument(
        "--bot-workers",
        type=_workers,
        metavar="N",
        help="worker processes for bot decisions, in each serving process (default: one per "
        "core, shared out among --processes; 0: a thread of the server's process)",
    )
    limits = ServerConfig()
    net = p.add_argument_group("limits on clients and connections")
    net.add_argument(
        "--allowed-host",
        action="append",
        metavar="NAME",
        help="a host name the server answers to (repeatable; *.example.org for subdomains; "
        "default: the --host address, every loopback name for a loopback address)",
    )
    net.add_argument(
        "--forwarded-allow-ips",
        metavar="IPS",
        help="comma-separated reverse proxies trusted to name the client in X-Forwarded-For "
        "(default: none; the socket's peer is the client)",
    )
    net.add_argument("--no-rate-limits", action="store_true", help="no limits per client address")
    for kind, what, default in (
        ("create", "new tables", limits.create_rate),
        ("join", "joins", limits.join_rate),
        ("move", "moves", limits.move_rate),
        ("work", "seconds of the bots' time for hints and analyses", limits.work_rate),
    ):
        net.add_argument(
            f"--{kind}-rate",
            metavar="RATE",
            help=f"{what} per client address (default {default}; N/second, N/minute, N/hour)",
        )
    net.add_argument(
        "--max-connections",
        type=_positive_int,
        metavar="N",
        help="open connections at once, counted from accept; more are answered 503 (default "
        f"{limits.max_connections}; lowered at start, with a warning, to what the open-file "
        "limit holds)",
    )
    net.add_argument(
        "--connections-per-address",
        type=_count,
        metavar="N",
        help="open connections one client address may hold, WebSockets included (0: no limit; "
        f"default {limits.connections_per_address}; a --forwarded-allow-ips proxy is not held)",
    )
    for name, what in (
        ("header_seconds", "a request's headers; then 408"),
        ("body_seconds", "a request's body; then 408"),
        ("ws_token_seconds", "a WebSocket's token; then it is closed"),
    ):
        net.add_argument(
            f"--{name.replace('_', '-')}",
            type=float,
            metavar="S",
            help=f"seconds for {what} (default {getattr(limits, name):g})",
        )
    net.add_argument(
        "--spectators",
        type=_positive_int,
        metavar="N",
        help=f"spectators per table (default {limits.spectators})",
    )
    p.set_defaults(func=cmd_serve)

    p = sub.add_parser("bench", help="random-playout throughput per game, one core")
    p.add_argument("games", nargs="*", metavar="GAME")
    p.add_argument("--seconds", type=float, default=3.0, help="CPU-seconds per game (default 3)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    p.set_defaults(func=cmd_bench)
    for command in sub.choices.values():  # --lang after the command too: play skibe --lang da
        _add_lang(command, argparse.SUPPRESS)
    return parser


def _add_lang(parser: argparse.ArgumentParser, default: str | None) -> None:
    """``--lang``: the language to speak (see :func:`language_from_env` for its default). A
    command's own ``--lang`` has no default, so it overrides the one before the command only
    when given."""
    parser.add_argument(
        "--lang",
        choices=LANGUAGES,
        default=default,
        help="the language to speak to players: "
        + ", ".join(LANGUAGES)
        + " (default: the locale's, from LC_ALL, LC_MESSAGES or LANG; else en)",
    )


def chosen_language(args: argparse.Namespace, environ: Mapping[str, str] | None = None) -> str:
    """The language a command speaks: ``--lang``'s, else the environment's
    (:func:`language_from_env`); ``serve`` takes none from the environment, since each request
    names its own (what the process itself prints stays English)."""
    if args.lang is not None:
        return str(args.lang)
    return SOURCE if args.command == "serve" else language_from_env(environ)


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
        if args.command is None:
            parser.print_help()
            return 2
        if getattr(args, "seconds", 1.0) <= 0:
            raise UsageError("--seconds must be positive")
        with speaking(chosen_language(args)):
            status: int = args.func(args)
        return status
    except (UsageError, LangbordError) as exc:
        print(f"langbord: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("langbord: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
    except Exception as exc:  # a bug: one line for the user, the traceback on request
        if os.environ.get("LANGBORD_DEBUG"):
            raise
        print(
            f"langbord: internal error: {type(exc).__name__}: {exc} "
            "(set LANGBORD_DEBUG=1 for the traceback, and please report it)",
            file=sys.stderr,
        )
        return 1


if __name__ == "__main__":
    sys.exit(main())
