"""Benchmark: the CPU of queueing a phase's results mails, 8 of them, with a map shared
by all 8 (a 76 KB picture, a new one each phase) and text only, on SQLite.

    .venv/bin/python bench/outbox_pictures.py [--phases 60] [--repeat 5]
    .venv/bin/python bench/outbox_pictures.py --database-url "$(.ci/postgres.sh)"

Each phase is one transaction, as ``judge process`` queues a phase's mails
(``queue_mails``, then the commit). Prints the least CPU a phase of ``--repeat`` runs,
and their range. The picture is stored once for the 8 mails (``judge.storage.pictures``).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from processing_setup import backend, scratch_judge  # noqa: E402

from judge.storage.mailqueue import Picture, queue_mails  # noqa: E402
from judge.storage.session import unit_of_work  # noqa: E402

READERS = 8  # 7 players and the master
BODY = "Army Paris -> Burgundy.\n" * 120  # about the length of a results letter


def run(database_url: str, phases: int, maps: bool) -> float:
    """CPU (ms) a phase of queueing its mails, over ``phases`` phases."""
    png = os.urandom(76_000)
    with scratch_judge(database_url) as (_settings, factory):
        cpu = time.process_time()
        for phase in range(phases):
            picture: Picture = (png[:-8] + phase.to_bytes(8, "big"), f"g-{phase}.png") \
                if maps else None
            with unit_of_work(factory) as session:
                queue_mails(session, [(f"p{reader}@example.org", f"Results {phase}", BODY,
                                       picture) for reader in range(READERS)])
        return (time.process_time() - cpu) / phases * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--phases", type=int, default=60)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--database-url", default="")
    args = parser.parse_args()
    print(f"{backend(args.database_url)}: {READERS} mails a phase, {args.phases} phases")
    for label, maps in (("text only", False), ("with the map", True)):
        runs = [run(args.database_url, args.phases, maps) for _ in range(args.repeat)]
        print(f"  {label}: {min(runs):.2f} ms CPU a phase "
              f"({min(runs):.2f}-{max(runs):.2f} over {args.repeat} runs)")


if __name__ == "__main__":
    main()
