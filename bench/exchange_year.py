"""Benchmark: a year of Exchange market phases (W1900B, O, P, E, A) for 7 corporations and
12 investors, each phase a ``judge adjudicate`` case with 200 command lines (bids,
setups, prices, values, purchase lists, votes, dividends, transfers, asks and takes, and
some lines the judge refuses), played through ``judge.batch.run_case``.

    .venv/bin/python bench/exchange_year.py [--commands 200] [--repeat 20]

Prints per phase, in CPU time (the best of ``--repeat`` runs: the machine is shared and
noisy), the time of the case with every line read afresh (cold), the time of the case
(warm: the mail service plays a phase's mail again for each new mail, so its lines are
already read), and the by-mail cost: a mail read during a
phase is answered by playing the phase twice (with and without it, all earlier mail
included), so the dearest mail is the last one, and at the deadline the phase is played
once more and every reader's letter is rendered.
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

from judge.batch import run_case
from judge.games.exchange.mail.part import KIND
from judge.games.exchange.mail.reader import setup
from judge.games.exchange.rules.outcome import played_from_json
from judge.games.exchange.text.lines import _read_command, read_command
from judge.service.reports.replies import render

POWERS = ("AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY")
INVESTORS = tuple(f"I{n:02d}" for n in range(1, 13))
ENVELOPE: dict[str, Any] = {"variant": "standard", "game": "exchange", "rules": [],
                            "params": {"MIN_BID": 100}, "seed": 7}
LINES_PER_MAIL = 10


def opening() -> dict[str, Any]:
    state: dict[str, Any] = run_case({**ENVELOPE, "start": list(INVESTORS)})["state"]
    return state


def _lines(phase: str, state: dict[str, Any], rng: random.Random, who: str) -> list[str]:
    """Ten command lines an investor might send in ``phase``."""
    corps = state["corporations"]
    mine = state["investors"][who]["shares"]
    out: list[str] = []
    for _ in range(LINES_PER_MAIL):
        power = rng.choice(POWERS)
        other = rng.choice([n for n in INVESTORS if n != who])
        roll = rng.random()
        if roll < 0.15:
            out.append(f"TRANSFER {rng.randint(1, 5)} TO {other}")
        elif roll < 0.25 and mine:
            held = rng.choice(sorted(mine))
            out.append(f"ASK {held} 1 AT {rng.randint(2, 30)}")
        elif roll < 0.3 and state.get("asks"):
            ask = rng.choice(state["asks"])
            out.append(f"TAKE {ask['id']} 1")
        elif roll < 0.33:
            out.append(rng.choice(["HELLO", "BID", f"VOTE {power}", "TAKE 999 1"]))  # refused
        elif phase.endswith("B"):
            out.append(f"BID {power} {rng.randint(100, 140)} SHARES {rng.choice([5, 10, 20])} "
                       f"PRICE {rng.randint(1, 5)}")
        elif phase.endswith("O"):
            c = corps[power]
            if c.get("founder") == who:
                out.append(rng.choice([f"SETUP {power} SHARES 20 PRICE {rng.randint(1, 5)}",
                                       f"PRICE {power} {rng.randint(1, 5)}"]))
            else:
                out.append(f"APPROVE {power}")  # no issue is pending: refused
        elif phase.endswith("P"):
            items = " ".join(f"{rng.randint(1, 4)}*{p}" for p in rng.sample(POWERS, 3))
            out.append(rng.choice([f"PURCHASE {items}", f"CAP {rng.randint(40, 200)}"]))
        elif phase.endswith("E"):
            out.append(f"VOTE {power} {rng.choice(INVESTORS)}")
        else:
            led = [p for p, c in corps.items() if c.get("leader") == who]
            out.append(f"DIVIDEND {led[0]} 1" if led else f"TRANSFER 1 TO {other}")
    return out


def mails(phase: str, state: dict[str, Any], commands: int,
          rng: random.Random) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    while sum(len(m["lines"]) for m in out) < commands:
        who = INVESTORS[len(out) % len(INVESTORS)]
        out.append({"from": who, "lines": _lines(phase, state, rng, who)})
    return out


def cold(case: dict[str, Any], repeat: int) -> float:
    """The best run with every line read afresh (the reader's caches emptied)."""
    times = []
    for _ in range(repeat):
        read_command.cache_clear()
        _read_command.cache_clear()
        start = time.process_time()
        run_case(case)
        times.append(time.process_time() - start)
    return min(times)


def timed(case: dict[str, Any], repeat: int) -> tuple[float, dict[str, Any]]:
    times = []
    result: dict[str, Any] = {}
    for _ in range(repeat):
        start = time.process_time()
        result = run_case(case)
        times.append(time.process_time() - start)
    return min(times), result


def letters_time(state: dict[str, Any], result: dict[str, Any], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.process_time()
        envelope = {"variant": "standard", "rules": [], "params": {}}
        played = played_from_json(result, *setup(envelope))
        for letter in KIND.letters(KIND.codec.state(envelope, state), played, envelope,
                                   list):
            view = {"next_phase": played.game.phase, "deadline": "-", **letter.view}
            render(letter.template, v=view, game="bench", title="Exchange",
                   judge="judge", judge_address="judge@example.org")
        times.append(time.process_time() - start)
    return min(times)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--commands", type=int, default=200, help="command lines per phase")
    ap.add_argument("--repeat", type=int, default=20)
    args = ap.parse_args()
    rng = random.Random(1)
    state = opening()
    print(f"{len(POWERS)} corporations, {len(INVESTORS)} investors, "
          f"{args.commands} command lines a phase; CPU time, best of {args.repeat}")
    print(f"{'phase':8} {'mails':>5} {'refused':>7} {'cold':>8} {'run_case':>9} "
          f"{'last mail':>10} {'deadline':>9}")
    worst = 0.0
    for _ in range(5):
        phase = str(state["phase"])
        sent = mails(phase, state, args.commands, rng)
        case = {"id": phase, **ENVELOPE, "state": state, "mails": sent}
        first = cold(case, args.repeat)
        took, result = timed(case, args.repeat)
        before, _ = timed({**case, "mails": sent[:-1]}, args.repeat)
        render_ms = letters_time(state, result, max(3, args.repeat // 4))
        refused = sum(len(v) for v in result["errors"].values())
        worst = max(worst, first)
        print(f"{phase:8} {len(sent):5d} {refused:7d} {first * 1000:6.1f}ms {took * 1000:7.1f}ms "
              f"{(took + before) * 1000:9.1f}ms {(took + render_ms) * 1000:8.1f}ms")
        state = result["state"]
        if not str(state["phase"]).startswith("W"):
            break
    print(f"slowest phase through run_case, cold: {worst * 1000:.1f} ms "
          f"({'under' if worst < 0.05 else 'OVER'} the 50 ms budget)")


if __name__ == "__main__":
    main()
