"""Benchmark: a 1901-Shareholders January and February with 9 players and 7 countries,
from mail lines to the next state: through the pure rules (judge/games/shareholders/rules),
through the runner (``judge.batch.run_case``, the whole case), and by mail as the service
reads it (judge/games/market/mail: each mail read once into the phase's reading, kept as
JSON; the deadline plays the reading and renders every reader's letters).

    .venv/bin/python bench/shareholders_bench.py [--repeat 200]

Prints median wall-clock times. The issue's goal is under 20 ms a turn.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections.abc import Callable
from typing import Any

from judge.batch import run_case
from judge.engine.maps import load_map
from judge.games.shareholders.mail.part import KIND
from judge.games.shareholders.rules.params import Params
from judge.games.shareholders.rules.state import ShareholdersGame, opening
from judge.games.shareholders.rules.turns import play_turn, submit_mail
from judge.games.shareholders.text import read_command, read_commands
from judge.money.market.reading import Mail, MailRead
from judge.service.reports.replies import render

BOARD = load_map("standard")
PARAMS = Params()
NAMES = [f"PLAYER{i}" for i in range(9)]
BUILD_AT = {"AUSTRIA": "A VIE", "ENGLAND": "F LON", "FRANCE": "A PAR", "GERMANY": "A BER",
            "ITALY": "F NAP", "RUSSIA": "F STP/NC", "TURKEY": "F ANK"}


def january_mail(i: int) -> list[str]:
    """Two purchases each player can pay for, a sale refused (nobody holds a share yet);
    the last player over-spends and is warned."""
    countries = list(BOARD.powers)
    lines = [f"BUY {1 + i % 2} {countries[i % 7]}", f"BUY 1 {countries[(i + 3) % 7][:3]}",
             f"SELL 1 {countries[(i + 5) % 7]}"]
    return lines + (["BUY 3 TURKEY"] if i == len(NAMES) - 1 else [])


def january(game: ShareholdersGame) -> ShareholdersGame:
    sets = {}
    for i, name in enumerate(NAMES):
        sent = submit_mail(game, PARAMS, BOARD, name, None,
                           read_commands(january_mail(i), BOARD))
        if sent.built is not None:
            sets[name] = sent.built
    return play_turn(game, PARAMS, BOARD, sets).game


def february(game: ShareholdersGame) -> ShareholdersGame:
    sets: dict[str, dict[str, object]] = {}
    for country, c in game.countries.items():
        for holder in c.office:
            lines = ["NO DIVIDEND", f"BUILD {BUILD_AT[country]}", "DIVIDEND"]
            sent = submit_mail(game, PARAMS, BOARD, holder, country,
                               read_commands(lines, BOARD))
            sets.setdefault(country, {})[holder] = sent.built
    return play_turn(game, PARAMS, BOARD, sets).game


def median_ms(turn: Callable[[ShareholdersGame], ShareholdersGame], game: ShareholdersGame,
              repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        turn(game)
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


# --- by mail: the runner's case, and the service's replay -------------------------------



def january_mails() -> list[dict[str, Any]]:
    return [{"from": name, "lines": january_mail(i)} for i, name in enumerate(NAMES)]


def february_mails(state: dict[str, Any]) -> list[dict[str, Any]]:
    return [{"from": holder, "as": country,
             "lines": ["NO DIVIDEND", f"BUILD {BUILD_AT[country]}", "DIVIDEND"]}
            for country, c in sorted(state["countries"].items()) for holder in c["office"]]


def whole_case(state: dict[str, Any], mails: list[dict[str, Any]], cold: bool) -> float:
    """One ``run_case`` of the phase with all its mails (``cold``: every line read
    afresh), in seconds."""
    if cold:
        read_command.cache_clear()
    start = time.perf_counter()
    run_case({"id": "bench", "variant": "standard", "game": "shareholders", "rules": [],
              "params": {}, "seed": 1, "state": state, "mails": mails})
    return time.perf_counter() - start


def replay(state: dict[str, Any], mails: list[dict[str, Any]]) -> tuple[list[float], float]:
    """The phase by mail as judge/games/market/mail/lines.py and phases.py read it: each
    mail read once into the phase's reading, resumed from its JSON and written back;
    then the deadline: the reading resumed and played, the letters made and rendered.
    The seconds of each mail's answer, and of the deadline."""
    read_command.cache_clear()
    each: list[float] = []
    envelope = {"variant": "standard", "game": KIND.name, "rules": [], "params": {},
                "seed": 1}
    kept = KIND.reader.open(envelope, state).as_json()
    reads: list[MailRead] = []
    for mail in mails:
        start = time.perf_counter()
        reading = KIND.reader.resume(envelope, json.loads(json.dumps(kept)))
        reads.append(KIND.reader.read(reading, Mail(mail["from"], tuple(mail["lines"]),
                                                    mail.get("as"))))
        kept = reading.as_json()
        json.dumps(kept)
        each.append(time.perf_counter() - start)
    start = time.perf_counter()
    played = KIND.reader.resume(envelope, json.loads(json.dumps(kept))).played(reads)
    before = KIND.codec.state(envelope, state)
    for letter in KIND.letters(before, played, envelope, list):
        view = {"next_phase": KIND.codec.phase(KIND.codec.after(played)), "deadline": "-",
                **letter.view}
        render(letter.template, v=view, game="bench", title=KIND.title, judge="judge",
               judge_address="judge@example.org")
    return each, time.perf_counter() - start


def by_mail(name: str, state: dict[str, Any], mails: list[dict[str, Any]],
            repeat: int) -> None:
    cold = statistics.median(whole_case(state, mails, True) for _ in range(repeat)) * 1000
    warm = statistics.median(whole_case(state, mails, False) for _ in range(repeat)) * 1000
    runs = [replay(state, mails) for _ in range(max(5, repeat // 4))]
    each = [statistics.median(r[0][k] for r in runs) * 1000 for k in range(len(mails))]
    deadline = statistics.median(r[1] for r in runs) * 1000
    print(f"{name:9} {len(mails):5d} {cold:8.2f} {warm:8.2f} {max(each):10.2f} "
          f"{deadline:9.2f} {sum(each) + deadline:10.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=200)
    args = parser.parse_args()
    game = opening(NAMES, BOARD.homes, PARAMS.total_cash // len(NAMES))
    dealt = january(game)
    offices = sum(len(c.office) for c in dealt.countries.values())
    print(f"9 players; after January {sum(1 for c in dealt.countries.values() if c.office)} "
          f"countries have {offices} office holders")
    print("The pure rules (mail lines read, checked, the turn played), median ms:")
    print(f"January, 9 players:   {median_ms(january, game, args.repeat):6.2f} ms")
    print(f"February, 7 countries: {median_ms(february, dealt, args.repeat):6.2f} ms")
    print("\nBy mail, median ms: run_case of the whole phase (cold: lines read afresh; warm),"
          "\nthe dearest mail's answer (each read once into the phase's reading), the deadline"
          "\n(the reading played, letters rendered), and the whole phase by mail (every mail's"
          "\nanswer and the deadline):")
    print(f"{'phase':9} {'mails':>5} {'cold':>8} {'warm':>8} {'dearest':>10} "
          f"{'deadline':>9} {'by mail':>10}")
    start = run_case({"variant": "standard", "game": "shareholders", "rules": [],
                      "params": {}, "seed": 1, "start": NAMES})
    state = {**start["state"], "params": {}, "prices": start["prices"]}
    by_mail("January", state, january_mails(), args.repeat)
    dealt_state = run_case({"variant": "standard", "game": "shareholders", "rules": [],
                            "params": {}, "seed": 1, "state": state,
                            "mails": january_mails()})["state"]
    february_state = {**dealt_state, "params": {}, "prices": start["prices"]}
    by_mail("February", february_state, february_mails(february_state), args.repeat)


if __name__ == "__main__":
    main()
