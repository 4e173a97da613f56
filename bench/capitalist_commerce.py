"""Benchmark: a Capitalist Diplomacy commerce phase (S1901C) with 12 players sending 30
lines each (sales and purchases under every spelling of the currencies, NOTRADE, and lines
the judge refuses), played through ``judge.batch.run_case``.

    .venv/bin/python bench/capitalist_commerce.py [--players 12] [--lines 30] [--repeat 30]

CPU time (``time.process_time``), the best of ``--repeat`` runs (the machine is shared,
so the best run is the one least disturbed). Prints:

- cold: the phase with every line read for the first time (the reader's cache emptied);
- warm: the phase with its lines already read (the reader keeps the lines it has read);
- by mail: a mail read during the phase is read once into the phase's reading, resumed
  from its JSON and written back (judge/games/market/mail/lines.py): the cost of each mail
  in turn, the dearest and the sum over the phase.

The issue's target is under 20 ms for the phase.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections.abc import Callable
from typing import Any

from judge.batch import run_case
from judge.engine.maps import load_map
from judge.games.capitalist.mail.part import KIND
from judge.games.capitalist.rules.params import Params
from judge.games.capitalist.rules.state_json import opening_state
from judge.games.capitalist.text import read_trade
from judge.money.market.reading import Mail

# the words a player may name a currency by (D28, D37), a few per power
WORDS = {
    "AUSTRIA": ("KRONEN", "Krone", "AUS", "austria"), "ENGLAND": ("POUND", "pounds", "ENG"),
    "FRANCE": ("FRANC", "Francs", "FRA"), "GERMANY": ("MARK", "marks", "GER", "Germany"),
    "ITALY": ("LIRA", "lire", "ITA"), "RUSSIA": ("RUBEL", "Rubles", "RUS", "R"),
    "TURKEY": ("PIASTER", "piasters", "TUR", "Turkey"),
}
REFUSED = ("SELL 0 LIRA", "BUY 10 DUCATS", "SELL 600 MARK", "TRADE EVERYTHING", "BUY -3 POUND",
           "SELL 10")


def players(count: int) -> list[str]:
    return [f"TYCOON{n:02d}" for n in range(1, count + 1)]


def mail_lines(rng: random.Random, count: int) -> list[str]:
    """``count`` commerce lines one player might send: sales of three currencies and
    purchases of the four others (now and then one of the wrong side, refused, and sales
    beyond the limit), a NOTRADE now and then, and some lines refused outright."""
    powers = list(WORDS)
    rng.shuffle(powers)
    selling, buying = powers[:3], powers[3:]
    out: list[str] = []
    for _ in range(count):
        roll = rng.random()
        if roll < 0.03:
            out.append(rng.choice(["NOTRADE", "notrade"]))
        elif roll < 0.1:
            out.append(rng.choice(REFUSED))
        elif roll < 0.5:
            word = rng.choice(WORDS[rng.choice(selling if roll < 0.47 else buying)])
            out.append(f"{rng.choice(['SELL', 'sell', 'Sell'])} {rng.randint(1, 80)} {word}")
        else:
            word = rng.choice(WORDS[rng.choice(buying if roll < 0.97 else selling)])
            out.append(f"{rng.choice(['BUY', 'buy', 'Buy'])} {rng.randint(1, 150)} {word}")
    return out


def case(names: list[str], lines: int, seed: int = 1) -> dict[str, Any]:
    rng = random.Random(seed)
    state = opening_state(names, load_map("standard"), Params())
    mails = [{"from": name, "lines": mail_lines(rng, lines)} for name in names]
    return {"id": "bench", "variant": "standard", "game": "capitalist", "rules": [],
            "params": {}, "seed": 7, "state": state, "mails": mails}


def best(run: Callable[[], object], repeat: int, before: Callable[[], object] | None = None
         ) -> float:
    """The least CPU time of ``repeat`` runs, in seconds (``before`` run untimed first)."""
    times = []
    for _ in range(repeat):
        if before is not None:
            before()
        start = time.process_time()
        run()
        times.append(time.process_time() - start)
    return min(times)


def by_mail(played: dict[str, Any], repeat: int) -> list[float]:
    """The cost of each mail in turn as the service answers it: the phase's reading
    resumed from its JSON, the mail read once into it, the reading written back."""
    envelope = {k: played[k] for k in ("variant", "game", "rules", "params", "seed")}
    reader = KIND.reader
    kept = reader.open(envelope, played["state"]).as_json()
    out: list[float] = []
    for mail in played["mails"]:
        given = Mail(mail["from"], tuple(mail["lines"]), mail.get("as"))

        def answer(given: Mail = given, kept: dict[str, Any] = kept) -> None:
            reading = reader.resume(envelope, json.loads(json.dumps(kept)))
            reader.read(reading, given)
            json.dumps(reading.as_json())

        out.append(best(answer, repeat))
        reading = reader.resume(envelope, kept)
        reader.read(reading, given)
        kept = reading.as_json()
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--players", type=int, default=12)
    ap.add_argument("--lines", type=int, default=30, help="lines per player")
    ap.add_argument("--repeat", type=int, default=30)
    args = ap.parse_args()
    played = case(players(args.players), args.lines)
    result = run_case(played)
    assert "error" not in result, result
    refused = sum(len(v) for v in result["errors"].values())
    warned = sum(len(v) for v in result["warnings"].values())
    cold = best(lambda: run_case(played), args.repeat, before=read_trade.cache_clear)
    warm = best(lambda: run_case(played), args.repeat)
    each = by_mail(played, args.repeat)
    print(f"S1901C: {args.players} players x {args.lines} lines ({refused} refused, "
          f"{warned} warnings); CPU time, best of {args.repeat}")
    print(f"  run_case, lines read for the first time: {cold * 1000:6.2f} ms")
    print(f"  run_case, lines already read:            {warm * 1000:6.2f} ms")
    print(f"  by mail, the first mail:                 {each[0] * 1000:6.2f} ms")
    print(f"  by mail, the dearest mail:               {max(each) * 1000:6.2f} ms")
    print(f"  by mail, the phase's {len(each)} mails in all:      {sum(each) * 1000:6.2f} ms")


if __name__ == "__main__":
    main()
