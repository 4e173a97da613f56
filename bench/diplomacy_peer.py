"""The `diplomacy` package's side of bench/versus_diplomacy.py; run by that benchmark with
the Python of its throw-away virtualenv (never imported by the judge or its tests).

    var/bench/diplomacy-venv/bin/python bench/diplomacy_peer.py CASES.jsonl > STATES.jsonl

Reads the same ``judge adjudicate`` cases (standard movement phases), plays each one
with the package's own ``Game`` (a new game set to the case's phase, units and centres,
the case's orders, ``process()``), and writes one line per case: the phase, units,
dislodged units and centres the package arrives at. On standard error, one JSON line of
timings: the package's import, and the loop over the cases (wall and CPU).
"""

from __future__ import annotations

import json
import sys
import time

START = time.perf_counter()
from diplomacy import Game  # noqa: E402

IMPORTED = time.perf_counter()


# The judge's names that the package spells otherwise (the Gulf of Lyon, and the
# convoy mark: the judge writes ``VIA CONVOY``).
TO_PEER = {"GOL": "LYO", "CONVOY": ""}
FROM_PEER = {"LYO": "GOL"}


def spelled(text: str, names: dict[str, str]) -> str:
    """``text`` with each word, or the province before a coast, renamed."""
    words = []
    for word in text.split():
        province, slash, coast = word.partition("/")
        words.append(names.get(province, province) + slash + coast)
    return " ".join(w for w in words if w)


def peer_order(line: str) -> str:
    return spelled(line, TO_PEER)


def play(case: dict) -> dict:
    state = case["state"]
    game = Game(map_name="standard")
    game.set_current_phase(state["phase"])
    for power in game.powers:
        units = [peer_order(u) for u in state["units"].get(power, [])]
        game.set_units(power, units, reset=True)
        game.set_centers(power, state["centers"].get(power, []), reset=True)
    for power, lines in case["orders"].items():
        game.set_orders(power, [peer_order(line) for line in lines])
    game.process()
    units: dict[str, list[str]] = {}
    dislodged: dict[str, list[dict[str, str]]] = {}
    for name, power in game.powers.items():
        for unit in power.units:
            units.setdefault(name, []).append(spelled(unit, FROM_PEER))
        for unit in power.retreats:
            attacker = game.dislodged.get(unit, "")
            dislodged.setdefault(name, []).append(
                {"unit": spelled(unit, FROM_PEER), "attacker": spelled(attacker, FROM_PEER)}
            )
    return {
        "id": case["id"],
        "phase": game.get_current_phase(),
        "units": units,
        "dislodged": dislodged,
        "centers": {name: list(p.centers) for name, p in game.powers.items() if p.centers},
    }


def main() -> int:
    with open(sys.argv[1], encoding="utf-8") as f:
        cases = [json.loads(line) for line in f]
    start, start_cpu = time.perf_counter(), time.process_time()
    out = [json.dumps(play(case)) for case in cases]
    loop, loop_cpu = time.perf_counter() - start, time.process_time() - start_cpu
    sys.stdout.write("\n".join(out) + "\n")
    times = {"import": IMPORTED - START, "loop": loop, "loop_cpu": loop_cpu, "cases": len(cases)}
    sys.stderr.write(json.dumps(times) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
