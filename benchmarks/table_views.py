"""The CPU of a change's tables for its seats: what the server builds for every seat's WebSocket
after a move, in one process, without HTTP or sockets.

Opens a service over a SQLite file in a temporary directory, plays ``--tables`` tables of
``--game`` a random number of moves each (seeded), then times ``table_json`` for every seat of
every table as if each table had just changed (nothing cached), ``--rounds`` times; prints the
median and the fastest round, in ms a change. Run it from two checkouts in turn to compare them
(``cd CHECKOUT && PYTHONPATH=src python benchmarks/table_views.py``): the machine's drift
cancels better than in ``server_load.py``.

    python benchmarks/table_views.py                  # 20 Skåål tables of 3 seats
    python benchmarks/table_views.py --game knarr --players 4
"""

from __future__ import annotations

import argparse
import random
import statistics
import tempfile
import time
from pathlib import Path

from langbord.server.service import Service


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--game", default="skaal")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--repeat", type=int, default=20, help="changes a table a round (20)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    with tempfile.TemporaryDirectory(prefix="langbord-views-") as tmp:
        service = Service(f"sqlite:///{Path(tmp) / 'views.db'}")
        try:
            ids = []
            for _ in range(args.tables):
                table_id = service.create_table(
                    args.game, {"players": args.players}, ["human"] * args.players
                )
                for seat in range(args.players):
                    service.join(table_id, seat, f"p{seat + 1}")
                for _ in range(rng.randrange(20, 120)):
                    live = service.get_live(table_id)
                    if live.status != "playing":
                        break
                    mover = live.state.current_player()
                    legal = service.table_json(table_id, mover)["legal"]
                    service.act(table_id, mover, rng.choice(legal)["text"], live.moves)
                ids.append(table_id)
            rounds = []
            for _ in range(args.rounds):
                began = time.process_time()
                for _ in range(args.repeat):
                    for table_id in ids:
                        live = service.get_live(table_id)
                        live.changes += 1  # a new version of the table: nothing cached
                        for seat in range(args.players):
                            service.table_json(table_id, seat, live.moves)
                spent = time.process_time() - began
                rounds.append(spent / (args.repeat * len(ids)) * 1000)
        finally:
            service.stop()
    print(
        f"{args.game}, {args.players} seats, {args.tables} tables: every seat's table of a "
        f"change {statistics.median(rounds):.3f} ms (median of {args.rounds} rounds), "
        f"fastest {min(rounds):.3f} ms"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
