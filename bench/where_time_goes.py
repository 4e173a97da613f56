"""Where the time of ``judge adjudicate`` goes, stage by stage, on the benchmark cases.

    .venv/bin/python bench/where_time_goes.py [--count 10000]

Runs each stage over all cases in turn (CPU time), in one process, so the
stages' caches warm as they would in a real run. The garbage collector is off
while measuring: holding every stage's output alive at once would otherwise
make it run far more often than in a real run, which keeps little alive.
"""

from __future__ import annotations

import argparse
import gc
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from adjudicate_batch import cases_file  # noqa: E402

from judge.engine.adjudicate import adjudicate  # noqa: E402
from judge.engine.maps import load_map  # noqa: E402
from judge.engine.state import position_from_state  # noqa: E402
from judge.games.standard.batch import parse_orders, result_fields  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=10_000)
    args = parser.parse_args()
    lines = cases_file(args.count).read_text().splitlines()
    board = load_map("standard")
    stages: list[tuple[str, float]] = []

    def stage(name: str, fn, items):
        gc.disable()
        start = time.process_time()
        out = [fn(x) for x in items]
        stages.append((name, time.process_time() - start))
        gc.enable()
        gc.collect()
        return out

    cases = stage("JSON decode", json.loads, lines)
    positions = stage("state -> Position", lambda c: position_from_state(c["state"], board), cases)
    parsed = stage(
        "order text -> Orders (Lark, cached per line)",
        lambda c: parse_orders(c["orders"], board),
        cases,
    )
    results = stage(
        "legality + adjudication + next position",
        lambda i: adjudicate(positions[i], parsed[i][0], board),
        range(len(cases)),
    )
    fields = stage(
        "result -> contract dict",
        lambda i: result_fields(results[i], parsed[i][1]),
        range(len(cases)),
    )
    stage("JSON encode", json.dumps, fields)
    total = sum(t for _, t in stages)
    print(f"{len(lines)} movement phases, {total:.2f} s CPU in all ({len(lines) / total:,.0f}/s):")
    for name, t in stages:
        print(f"  {name:45s} {t:6.2f} s  {t / len(lines) * 1e6:6.0f} us/phase  {t / total:5.1%}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
