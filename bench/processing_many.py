"""Benchmark: phases processed per second when many games are due at once, as one run of
``judge process`` (one transaction per game: claim, adjudicate, save, queue every mail).

    .venv/bin/python bench/processing_many.py [--games 100] [--payola 0]
    .venv/bin/python bench/processing_many.py --database-url "$(.ci/postgres.sh)"

``--games`` standard games are due in S1901M with every power's opening orders in force;
``--payola N`` adds N heavy Payola phases (25 offer lines per power); ``--no-maps`` sets
the games' MAP option OFF (text-only results mails). Then the sender's share: every
mail queued rendered as the sender renders it for the relay (``judge.mail.send.render``,
a map's mail with its picture in base64), its CPU per phase. Also prints the cost of a
run that finds nothing to do, which ``judge serve`` pays every minute.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from processing_setup import (  # noqa: E402
    NOW,
    backend,
    mails_queued,
    payola_games,
    scratch_judge,
    standard_games,
)

from judge.mail.send import render  # noqa: E402
from judge.service.processing import process_due  # noqa: E402
from judge.storage.mailqueue import OutboundMessage  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--payola", type=int, default=0)
    parser.add_argument("--database-url", default="")
    parser.add_argument("--no-maps", action="store_true")
    args = parser.parse_args()
    with scratch_judge(args.database_url) as (settings, factory):
        standard_games(factory, settings, args.games, maps=not args.no_maps)
        if args.payola:
            payola_games(factory, settings, args.payola, 25)
        before = mails_queued(factory)
        started, cpu = time.perf_counter(), time.process_time()
        done = process_due(factory, settings, NOW)
        elapsed, cpu = time.perf_counter() - started, time.process_time() - cpu
        queued = mails_queued(factory) - before
        with factory() as session:
            rows = list(session.query(OutboundMessage).order_by(OutboundMessage.id))
            sending = time.process_time()
            for row in rows:
                render(row, settings, NOW)
            sending = time.process_time() - sending
        processed = sum(1 for d in done if d.what == "processed")
        started = time.perf_counter()
        idle = process_due(factory, settings, NOW)
        quiet = time.perf_counter() - started
    assert processed == args.games + args.payola, [str(d) for d in done]
    assert not idle
    mix = f" + {args.payola} Payola" if args.payola else ""
    mix += ", MAP OFF" if args.no_maps else ""
    print(f"{backend(args.database_url)}: {args.games} standard{mix} games due at once")
    print(f"  {processed} phases in {elapsed:.2f} s: {processed / elapsed:.0f} phases/s, "
          f"{elapsed / processed * 1000:.1f} ms each (CPU {cpu / processed * 1000:.1f} ms); "
          f"{queued} mails queued")
    print(f"  the sender rendering them: {sending / processed * 1000:.1f} ms CPU a phase "
          f"(processing and sending: {(cpu + sending) / processed * 1000:.1f} ms)")
    print(f"  a run with nothing due over the same games: {quiet * 1000:.0f} ms")


if __name__ == "__main__":
    main()
