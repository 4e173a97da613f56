"""Benchmark: a 1901-Shareholders January and February with 9 players and 7 countries,
from mail lines to the next state, through the pure rules (judge/money/shareholders).

    .venv/bin/python bench/shareholders_bench.py [--repeat 200]

Prints the median wall-clock time of each turn: reading every mail's lines, checking
them into sets, and playing the deadline. The issue's goal is under 20 ms each.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable

from judge.engine.maps import load_map
from judge.money.shareholders.params import Params
from judge.money.shareholders.state import Game, opening
from judge.money.shareholders.turns import play_turn, submit_mail
from judge.text.shareholders import read_commands

BOARD = load_map("standard")
PARAMS = Params()
NAMES = [f"PLAYER{i}" for i in range(9)]
BUILD_AT = {"AUSTRIA": "A VIE", "ENGLAND": "F LON", "FRANCE": "A PAR", "GERMANY": "A BER",
            "ITALY": "F NAP", "RUSSIA": "F STP/NC", "TURKEY": "F ANK"}


def january_mail(i: int) -> list[str]:
    countries = list(BOARD.powers)
    return [f"BUY {1 + i % 3} {countries[i % 7]}", f"BUY 1 {countries[(i + 3) % 7]}",
            f"BUY 2 {countries[(i + 5) % 7][:3]}"]


def january(game: Game) -> Game:
    sets = {}
    for i, name in enumerate(NAMES):
        sent = submit_mail(game, PARAMS, BOARD, name, None,
                           read_commands(january_mail(i), BOARD))
        if sent.built is not None:
            sets[name] = sent.built
    return play_turn(game, PARAMS, BOARD, sets).game


def february(game: Game) -> Game:
    sets: dict[str, dict[str, object]] = {}
    for country, c in game.countries.items():
        for holder in c.office:
            lines = ["NO DIVIDEND", f"BUILD {BUILD_AT[country]}", "DIVIDEND"]
            sent = submit_mail(game, PARAMS, BOARD, holder, country,
                               read_commands(lines, BOARD))
            sets.setdefault(country, {})[holder] = sent.built
    return play_turn(game, PARAMS, BOARD, sets).game


def median_ms(turn: Callable[[Game], Game], game: Game, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        turn(game)
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=200)
    args = parser.parse_args()
    game = opening(NAMES, BOARD.homes, PARAMS.total_cash // len(NAMES))
    dealt = january(game)
    print(f"January, 9 players:   {median_ms(january, game, args.repeat):6.2f} ms")
    print(f"February, 7 countries: {median_ms(february, dealt, args.repeat):6.2f} ms")


if __name__ == "__main__":
    main()
