"""Benchmark: one Bourse turn with many members, processed by the pure rules.

    .venv/bin/python bench/bourse_turn.py [--members 50] [--runs 20]

Every member mails a set of sales and purchases (checked at the desk, as the judge
does); the time measured is ``process_turn`` alone, the work done when the host phase
is processed. Then the whole ``judge adjudicate`` case of that turn (a standard host
movement phase carrying ``bourse`` and the members' mails) through ``run_case``: with
every line read for the first time (in a fresh process) and with the lines already read
(as when the judge replays a turn's mail for each new mail). Prints the best of the
runs, CPU time. Target: under 20 ms for 50 members.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from judge.engine.maps import load_map  # noqa: E402
from judge.games.bourse.rules.currencies import Currencies  # noqa: E402
from judge.games.bourse.rules.desk import Desk  # noqa: E402
from judge.games.bourse.rules.params import BourseParams  # noqa: E402
from judge.games.bourse.rules.state import Bourse  # noqa: E402
from judge.games.bourse.rules.turn import process_turn  # noqa: E402
from judge.games.bourse.text import read_command  # noqa: E402
from judge.money.market.reading import Mail  # noqa: E402


def desk_with_orders(members: int, seed: int = 1) -> Desk:
    powers = load_map("standard").powers
    params = BourseParams(cash_surplus=True)
    desk = Desk(Bourse.opened(powers, params), Currencies.of(powers), params, turn_open=True)
    rng = random.Random(seed)
    for i in range(members):
        join = f"JOIN BOURSE P{i}"
        desk.handle(Mail(f"p{i}@example.com", (join,)), [read_command(join)])
        sold = rng.sample(powers, 3)
        lines = [f"SELL {rng.randint(1, 500)} {p}" for p in sold]
        lines += [f"BUY {rng.randint(1, 900)} {p}" for p in powers if p not in sold]
        desk.handle(Mail(f"P{i}", tuple(lines)), [read_command(line) for line in lines])
    return desk


def bourse_case(members: int, seed: int = 1) -> dict:
    """The same turn as a ``judge adjudicate`` case: a standard host movement phase with
    ``bourse`` in its state and one mail per member."""
    board = load_map("standard")
    powers = board.powers
    rng = random.Random(seed)
    players, mails = {}, []
    for i in range(members):
        players[f"P{i}"] = {"cash": 0, "turns_played": 1, "net_worth": 0,
                            "holdings": dict.fromkeys(powers, 1000)}
        sold = rng.sample(powers, 3)
        lines = [f"SELL {rng.randint(1, 500)} {p}" for p in sold]
        lines += [f"BUY {rng.randint(1, 900)} {p}" for p in powers if p not in sold]
        mails.append({"from": f"P{i}", "to": "bourse", "lines": lines})
    return {"id": "bench", "variant": "standard", "game": "standard", "rules": [],
            "params": {"CASH_SURPLUS": True}, "seed": 0,
            "state": {"phase": "S1901M",
                      "units": {p: list(us) for p, us in board.starting_units.items()},
                      "centers": {p: sorted(cs) for p, cs in board.homes.items()},
                      "dislodged": {}, "contested": [],
                      "bourse": {"players": players, "rates": dict.fromkeys(powers, 100),
                                 "eliminated": []}},
            "orders": {}, "mails": mails}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--members", type=int, default=50)
    parser.add_argument("--runs", type=int, default=20)
    args = parser.parse_args()
    desk = desk_with_orders(args.members)
    best = float("inf")
    for _ in range(args.runs):
        start = time.perf_counter()
        process_turn(desk.bourse, desk.sets, desk.params)
        best = min(best, time.perf_counter() - start)
    print(f"{args.members} members, {sum(len(s.lines) for s in desk.sets.values())} lines: "
          f"best {best * 1000:.2f} ms per turn (target: under 20 ms for 50 members)")
    from judge.batch import run_case

    run_case(bourse_case(1, seed=99))  # imports and grammars loaded, as in a running judge
    read_command.cache_clear()  # the whole case, every line read afresh, then warm
    case = bourse_case(args.members)
    start = time.process_time()
    answer = run_case(case)
    cold = time.process_time() - start
    assert "error" not in answer, answer["error"]
    warm = float("inf")
    for _ in range(args.runs):
        start = time.process_time()
        run_case(case)
        warm = min(warm, time.process_time() - start)
    print(f"whole case through run_case (host phase included): {cold * 1000:.1f} ms with "
          f"every line read afresh, best {warm * 1000:.1f} ms with the lines already read")


if __name__ == "__main__":
    main()
