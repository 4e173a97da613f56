"""Benchmark: a heavy Payola movement phase (34 units, 7 powers x N offer lines full of
wildcards and alternatives, heavy overspending) from parsed sheets to adjudicated result.

    .venv/bin/python bench/payola_bench.py [--lines 150] [--repeat 20] [--scale]
    .venv/bin/python bench/payola_bench.py --fresh 5      # issue 14's target

Prints the median time of order determination, of the whole phase (determination,
bookkeeping, statements, the bribe chart and adjudication; wall clock and this process's
CPU time) and of reading the sheets, with the number of passes and elementary offers.
Repeated readings of the same sheets find every line already read (each line is read
once per process), so the sheets are also read once with the caches emptied ("first").

``--fresh N`` measures issue 14's target, the phase as a new process meets it: N times,
a new Python process (imports and the map loaded first, then the collector settled as
``judge adjudicate`` settles it once started, not timed) reads the seven sheets (nothing
read or checked before) and plays the phase, and the CPU time of those two steps is
reported, best and median of the N processes. ``--default-gc`` leaves the collector as
Python starts it.
``--scale`` prints how the time grows with the number of offer lines, and with the number
of passes (the same sheets with balances from rich to poor).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from judge.engine.board import Map
from judge.engine.maps import load_map
from judge.engine.orders import Hold, Move, Order, SupportHold
from judge.engine.position import Position, Unit
from judge.engine.state import position_from_state
from judge.money.payola.acceptance import AcceptanceList
from judge.money.payola.movement import Table, decide, play_movement
from judge.money.payola.offers import OfferSheet, expand_sheets
from judge.money.payola.rules import RuleSet
from judge.money.payola.sheets import SheetContext
from judge.money.payola.validity import Invalid, resolve
from judge.text.offers import read_sheet

# Every supply centre occupied: the home units plus one unit on each neutral centre.
NEUTRALS = {
    "ENGLAND": ["F NWY"],
    "RUSSIA": ["F SWE", "A RUM"],
    "GERMANY": ["F DEN", "A HOL"],
    "FRANCE": ["A BEL", "A SPA", "A POR"],
    "ITALY": ["A TUN"],
    "AUSTRIA": ["A GRE", "A SER"],
    "TURKEY": ["A BUL"],
}


def heavy_position(board: Map) -> Position:
    units = {p: list(us) + NEUTRALS.get(p, []) for p, us in board.starting_units.items()}
    state = {"phase": "F1905M", "units": units, "centers": {p: [] for p in board.powers}}
    return position_from_state(state, board)


def unit_orders(unit: Unit, position: Position, board: Map) -> list[Order]:
    """Holds, moves and supports to hold that may receive an offer."""
    assert unit.type is not None
    raw: list[Order] = [Hold(unit)]
    raw += [Move(unit, loc) for loc in sorted(board.neighbours(unit.type, unit.location))]
    for loc in sorted(board.neighbours(unit.type, unit.location)):
        other = position.unit_at(loc.split("/")[0])
        if other is not None:
            raw.append(SupportHold(unit, other[1]))
    out: list[Order] = []
    for order in raw:
        try:
            resolved = resolve(order, position, board, False)
        except Invalid:
            continue
        if not isinstance(resolved, Order) or resolved in out:
            continue
        out.append(resolved)
    return out


def _tail(order: Order) -> str:
    return str(order)[len(str(order.unit)) :].strip()


def offer_lines(
    power: str, position: Position, board: Map, rng: random.Random, lines: int
) -> list[str]:
    """``lines`` random offer lines: half of them wildcards, many with alternatives,
    repetitions and plateaus; every unit on the board may be bribed."""
    units = [u for us in position.units.values() for u in us]
    own = set(position.units.get(power, ()))
    out = []
    for _ in range(lines):
        unit = rng.choice(units)
        orders = unit_orders(unit, position, board)
        kind = rng.choice(":::!>@&")
        picks = rng.sample(orders, k=min(len(orders), rng.choice((1, 1, 2, 3))))
        if kind == "!" and all(isinstance(o, Hold) for o in picks) and len(orders) > 1:
            picks = [o for o in orders if not isinstance(o, Hold)][:1]
        amount = rng.randint(1 if unit not in own else 0, 40)
        term = str(amount)
        if rng.random() < 0.2 and amount > 2:
            term += f"#{rng.randint(0, amount // 2)}"
        if rng.random() < 0.15:
            term = f"{rng.randint(2, 3)}*{term}"
        if rng.random() < 0.1:
            term += f"+{rng.randint(1, 5)}"
        text = f"{term} {kind} {picks[0]}"
        text += "".join(f" | {_tail(o)}" for o in picks[1:])
        out.append(text)
    return out


def heavy_case(
    lines: int = 150,
    seed: int = 1,
    rules: list[str] | None = None,
    wealth: tuple[int, int] = (100, 400),
) -> tuple[Map, Table, dict[str, str]]:
    board = load_map("standard")
    rng = random.Random(seed)
    position = heavy_position(board)
    ruleset = RuleSet.parse(rules or [], board.centers)
    balances = {p: rng.randint(*wealth) for p in board.powers}
    texts = {p: "\n".join(offer_lines(p, position, board, rng, lines)) for p in board.powers}
    sheets: dict[str, OfferSheet] = {}
    for p, text in texts.items():
        sheet = read_sheet(text, SheetContext(p, position, board, ruleset, balances[p]))
        assert isinstance(sheet, OfferSheet), sheet[:3]
        sheets[p] = sheet
    accept = {p: AcceptanceList.default(p) for p in board.powers}
    return board, Table(position, balances, accept, sheets, ruleset), texts


def _median(fn, repeat: int, clock=time.perf_counter) -> float:  # noqa: ANN001
    times = []
    for _ in range(repeat):
        start = clock()
        fn()
        times.append(clock() - start)
    return statistics.median(times) * 1000


def report(lines: int, repeat: int, rules: list[str] | None = None,
           wealth: tuple[int, int] = (100, 400)) -> None:
    board, table, texts = heavy_case(lines, rules=rules, wealth=wealth)
    det, _ = decide(table, 7, board)
    bribes = sum(
        len(v) for v in expand_sheets(table.sheets, table.position.units, board.powers).values()
    )
    t_decide = _median(lambda: decide(table, 7, board), repeat)
    t_phase = _median(lambda: play_movement(table, 7, board), repeat)
    # CPU time of this process: what the phase costs when other work shares the machine
    t_cpu = _median(lambda: play_movement(table, 7, board), repeat, time.process_time)
    ctx = {
        p: SheetContext(p, table.position, board, table.rules, table.balances[p])
        for p in board.powers
    }
    t_read = _median(
        lambda: [read_sheet(texts[p], ctx[p]) for p in board.powers], max(1, repeat // 4)
    )
    t_first = _median(lambda: _first_reading(texts, ctx, board), max(1, repeat // 4),
                      time.process_time)
    rounds = max(det.rounds.values())
    print(
        f"lines/power={lines:4d} rules={','.join(rules or []) or '-':8s} "
        f"balances={wealth[0]}-{wealth[1]:<5d} "
        f"elementary offers={bribes:5d} passes={det.passes:4d} max rounds={rounds:4d} "
        f"determination={t_decide:6.1f} ms  whole phase={t_phase:6.1f} ms "
        f"(cpu {t_cpu:6.1f} ms)  reading sheets={t_read:6.1f} ms (first {t_first:5.1f} ms cpu)"
    )


def _first_reading(texts: dict[str, str], ctx: dict[str, SheetContext], board: Map) -> None:
    """Read the sheets with every cache of read lines and checked orders emptied."""
    _empty_caches()
    for p in board.powers:
        read_sheet(texts[p], ctx[p])


def _empty_caches() -> None:
    import judge.engine.legality as legality
    import judge.money.payola.validity as validity
    import judge.text.orders as orders

    orders._READERS.clear()
    validity._memo = None
    for value in vars(legality).values():
        if callable(getattr(value, "cache_clear", None)):
            value.cache_clear()


def fresh(count: int, lines: int, default_gc: bool = False) -> None:
    """Issue 14's target: each of ``count`` new processes reads the sheets and plays the
    phase once; the sheets' texts are made here, so the child has read nothing."""
    import json
    import subprocess
    import sys
    import tempfile

    board = load_map("standard")
    rng = random.Random(1)
    position = heavy_position(board)
    balances = {p: rng.randint(100, 400) for p in board.powers}
    texts = {p: "\n".join(offer_lines(p, position, board, rng, lines)) for p in board.powers}
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump({"texts": texts, "balances": balances}, f)
    times = []
    for _ in range(count):
        flags = ["--default-gc"] if default_gc else []
        out = subprocess.run([sys.executable, __file__, "--child", f.name, *flags],
                             capture_output=True, text=True, check=True).stdout.split()
        times.append([float(x) for x in out])
    read = [t[0] for t in times]
    phase = [t[1] for t in times]
    both = [t[0] + t[1] for t in times]
    print(f"fresh process, {lines} lines a power, {count} processes (CPU ms, best / median): "
          f"reading sheets {min(read):.1f} / {statistics.median(read):.1f}, "
          f"phase {min(phase):.1f} / {statistics.median(phase):.1f}, "
          f"both {min(both):.1f} / {statistics.median(both):.1f}")


def child(path: str, settled: bool) -> None:
    import json

    with open(path) as f:
        data = json.load(f)
    board = load_map("standard")
    position = heavy_position(board)
    ruleset = RuleSet.parse([], board.centers)
    balances = data["balances"]
    if settled:
        from judge.cli import settle_after_start

        settle_after_start()  # as judge adjudicate does once started (gc.freeze)
    start = time.process_time()
    sheets = {}
    for p, text in data["texts"].items():
        sheet = read_sheet(text, SheetContext(p, position, board, ruleset, balances[p]))
        assert isinstance(sheet, OfferSheet)
        sheets[p] = sheet
    read = time.process_time() - start
    accept = {p: AcceptanceList.default(p) for p in board.powers}
    table = Table(position, balances, accept, sheets, ruleset)
    start = time.process_time()
    play_movement(table, 7, board)
    phase = time.process_time() - start
    print(f"{read * 1000:.2f} {phase * 1000:.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lines", type=int, default=150)
    parser.add_argument("--repeat", type=int, default=20)
    parser.add_argument("--scale", action="store_true")
    parser.add_argument("--fresh", type=int, default=0, metavar="N")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    parser.add_argument("--default-gc", action="store_true",
                        help="with --fresh: leave the collector as Python starts it")
    args = parser.parse_args()
    if args.child:
        child(args.child, not args.default_gc)
        return
    if args.fresh:
        fresh(args.fresh, args.lines, args.default_gc)
        return
    report(args.lines, args.repeat)
    report(args.lines, args.repeat, ["EBAYOLA"])
    if args.scale:
        for lines in (25, 50, 100, 200, 300, 600):
            report(lines, max(3, args.repeat // 4))
        # the same 150 lines a power, from rich (one pass) to poor (many passes)
        for wealth in ((3000, 4000), (600, 900), (30, 100), (5, 30)):
            report(args.lines, max(3, args.repeat // 4), wealth=wealth)
            report(args.lines, max(3, args.repeat // 4), ["EBAYOLA"], wealth=wealth)


if __name__ == "__main__":
    main()
