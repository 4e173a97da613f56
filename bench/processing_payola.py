"""Benchmark: one Payola movement phase processed end to end: claimed, offer sheets read
from the store, orders decided and adjudicated, payments posted to the ledger, the next
phase and its deadline saved, every statement and result rendered and queued, committed.

    .venv/bin/python bench/processing_payola.py [--lines 150] [--games 12]
    .venv/bin/python bench/processing_payola.py --database-url "$(.ci/postgres.sh)"

The phase is payola_bench.py's heavy one (34 units, every centre occupied, 7 powers with
``--lines`` offer lines each). Prints the median and worst time per phase, and how much of
it the money layer alone takes (``play_movement`` on the same sheets, no store).
``--winter`` then processes the phase that follows in each game, the Winter adjustments
that end the year (civil disorder builds and removals, then the income step), and prints
its times too.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from payola_bench import heavy_case  # noqa: E402
from processing_setup import NOW, backend, mails_queued, payola_games, scratch_judge  # noqa: E402
from sqlalchemy import select  # noqa: E402
from sqlalchemy.orm import Session, sessionmaker  # noqa: E402

from judge.cli import settle_after_start  # noqa: E402
from judge.config import Settings  # noqa: E402
from judge.engine.maps import load_map  # noqa: E402
from judge.games.board.mail.phases import process_phase  # noqa: E402
from judge.money.payola.movement import play_movement  # noqa: E402
from judge.storage.games import lock_game  # noqa: E402
from judge.storage.phases import current_record  # noqa: E402
from judge.storage.schema import Game  # noqa: E402
from judge.storage.session import unit_of_work  # noqa: E402
from judge.text.orders import offer_memo  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lines", type=int, default=150)
    parser.add_argument("--games", type=int, default=12)
    parser.add_argument("--database-url", default="")
    parser.add_argument("--cold", action="store_true",
                        help="forget the offer lines read while the games were set up, as "
                        "a judge process started for the deadline has never read them")
    parser.add_argument("--winter", action="store_true",
                        help="also process the Winter adjustments that follow (the income "
                        "step)")
    parser.add_argument("--default-gc", action="store_true",
                        help="leave the cyclic collector as Python starts it, not as "
                        "judge process sets it once started")
    args = parser.parse_args()
    with scratch_judge(args.database_url) as (settings, factory):
        payola_games(factory, settings, args.games, args.lines)
        with factory() as s:
            ids = s.scalars(select(Game.id).order_by(Game.id)).all()
        queued_before = mails_queued(factory)
        if args.cold:
            offer_memo(load_map("standard")).clear()
        if not args.default_gc:
            settle_after_start()  # as judge process does once started (gc.freeze)
        times, cpus = due_phases(factory, settings, ids)
        queued = mails_queued(factory)
        winter = due_phases(factory, settings, ids, "W1905A") if args.winter else None
        board, table, _ = heavy_case(args.lines)
        money = []
        for _ in range(5):
            started = time.process_time()
            play_movement(table, 1, board)
            money.append(time.process_time() - started)
    cache = "cold: offer lines never read before" if args.cold else "offer lines read on arrival"
    if args.default_gc:
        cache += "; default collector"
    print(f"{backend(args.database_url)}: {args.games} heavy Payola phases, "
          f"{args.lines} offer lines per power ({cache})")
    print(f"  end to end: median {statistics.median(times) * 1000:.0f} ms, "
          f"worst {max(times) * 1000:.0f} ms per phase; CPU median "
          f"{statistics.median(cpus) * 1000:.0f} ms "
          f"({(queued - queued_before) / len(ids):.0f} mails queued per phase)")
    print(f"  of which the money layer alone (play_movement): "
          f"{statistics.median(money) * 1000:.0f} ms")
    if winter is not None:
        print(f"  the Winter after (adjustments and the income step): median "
              f"{statistics.median(winter[0]) * 1000:.1f} ms, worst "
              f"{max(winter[0]) * 1000:.1f} ms per phase; CPU median "
              f"{statistics.median(winter[1]) * 1000:.1f} ms")


def due_phases(factory: sessionmaker[Session], settings: Settings, ids: Sequence[int],
               phase: str | None = None) -> tuple[list[float], list[float]]:
    """Process each game's phase that is due (it must be ``phase`` when given): the wall
    clock and CPU time of each."""
    times, cpus = [], []
    for game_id in ids:
        started, cpu = time.perf_counter(), time.process_time()
        with unit_of_work(factory) as s:
            game = lock_game(s, game_id)
            assert game is not None
            record = current_record(s, game)
            assert record is not None and record.phase == (phase or record.phase), record.phase
            assert process_phase(s, game, record, settings, NOW) is not None
        times.append(time.perf_counter() - started)
        cpus.append(time.process_time() - cpu)
    return times, cpus


if __name__ == "__main__":
    main()
