"""Benchmark: phases processed per second when many games are due at once, as one run of
``judge process`` (one transaction per game: claim, adjudicate, save, queue every mail).

    .venv/bin/python bench/processing_many.py [--games 100] [--payola 0]
    .venv/bin/python bench/processing_many.py --database-url "$(.ci/postgres.sh)"

``--games`` standard games are due in S1901M with every power's opening orders in force;
``--payola N`` adds N heavy Payola phases (25 offer lines per power). Also prints the
cost of a run that finds nothing to do, which ``judge serve`` pays every minute.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from mail_database import scratch_database  # noqa: E402
from processing_setup import payola_games, standard_games  # noqa: E402
from sqlalchemy import func, select  # noqa: E402

from judge.config import settings_from_text  # noqa: E402
from judge.service.processing import process_due  # noqa: E402
from judge.storage.mailqueue import OutboundMessage  # noqa: E402
from judge.storage.session import make_sessionmaker  # noqa: E402

NOW = datetime(2026, 3, 2, 12, 0, tzinfo=UTC)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--payola", type=int, default=0)
    parser.add_argument("--database-url", default="")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp, scratch_database(args.database_url, tmp) as (
        _url, engine,
    ):
        settings = settings_from_text("[judge]\naddress = judge@example.org\n", Path(tmp))
        factory = make_sessionmaker(engine)
        standard_games(factory, settings, args.games)
        if args.payola:
            payola_games(factory, settings, args.payola, 25)
        with factory() as s:
            before = s.scalar(select(func.count()).select_from(OutboundMessage)) or 0
        started = time.perf_counter()
        done = process_due(factory, settings, NOW)
        elapsed = time.perf_counter() - started
        with factory() as s:
            queued = (s.scalar(select(func.count()).select_from(OutboundMessage)) or 0) - before
        processed = sum(1 for d in done if d.what == "processed")
        started = time.perf_counter()
        idle = process_due(factory, settings, NOW)
        quiet = time.perf_counter() - started
    assert processed == args.games + args.payola, [str(d) for d in done]
    assert not idle
    backend = "PostgreSQL" if args.database_url else "SQLite"
    mix = f" + {args.payola} Payola" if args.payola else ""
    print(f"{backend}: {args.games} standard{mix} games due at once")
    print(f"  {processed} phases in {elapsed:.2f} s: {processed / elapsed:.0f} phases/s, "
          f"{elapsed / processed * 1000:.1f} ms each; {queued} mails queued")
    print(f"  a run with nothing due over the same games: {quiet * 1000:.0f} ms")


if __name__ == "__main__":
    main()
