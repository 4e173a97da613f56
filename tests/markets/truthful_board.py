"""The games played on the board (standard, Payola) for test_truthful_replies_every_kind.py:
a set taken or refused whole; movement, retreats and adjustments."""

from __future__ import annotations

import re
from collections.abc import Callable

from tests.markets.conftest import MarketJudge
from tests.markets.truthful_core import GM, Phase, Sender, Told, played_to, result
from tests.service.conftest import POWERS, address
from tests.service.test_truthful_replies import listed_from

REFUSED_LINE = re.compile(r"^ {6}- line \d+: '(.*)': ")


def read_board(body: str, sent: list[str]) -> Told:
    """A board game's reply: the set taken ("accepted, replacing any earlier set") or
    refused whole with each bad line named and the set that stays listed."""
    lines = body.splitlines()
    refused = [m.group(1) for line in lines if (m := REFUSED_LINE.match(line))]
    for n, line in enumerate(lines):
        if "accepted, replacing any earlier set" in line:
            assert not refused, body  # never some lines taken, others refused
            return Told(listed_from(lines, n), [], listed_from(lines, n))
        if "stays as it was" in line or "stay as they were" in line:
            # every line of a refused set is refused with it
            return Told(listed_from(lines, n), list(sent))
    raise AssertionError(f"a reply that neither takes nor refuses the set:\n{body}")


def board_orders(key: str) -> Callable[[MarketJudge, Phase], dict[str, list[str]]]:
    def used(market: MarketJudge, phase: Phase) -> dict[str, list[str]]:
        done = result(market, phase.game, phase.phase) or {}
        return {key: list(done.get("orders", {}).get(key, []))}
    return used


def default_hold(line: str) -> bool:
    """A unit's hold, which the processing orders for a unit with no order of its own."""
    return line.endswith(" H")


def _board_game(name: str, word: str) -> Callable[[MarketJudge], None]:
    def make(market: MarketJudge) -> None:
        market.reply(GM, f"CREATE {name} masterpw {word}")
        for power in POWERS:
            market.reply(address(power), f"JOIN {name} pw{power.lower()} {power}")
        assert "started" in market.reply(GM, f"SIGNON MASTER@{name} masterpw", "START")
    return make


def _as(power: str, game: str) -> tuple[str, str]:
    return address(power), f"SIGNON {power}@{game} pw{power.lower()}"


def _power(power: str, game: str) -> Sender:
    return Sender(*_as(power, game), power)


def _to(name: str, word: str, phase: str, offers: bool) -> Callable[[MarketJudge], None]:
    """A board game played until ``phase``: Austria takes Venice in 1901 (a retreat for
    Italy, which retreats to Apulia; a build for Austria, a removal for Italy)."""
    pay = "1 : " if offers else ""
    mails = {"S1901M": [(*_as("AUSTRIA", name), [f"{pay}A VIE - TYR"])],
             "F1901M": [(*_as("AUSTRIA", name), [f"{pay}A TYR - VEN",
                                                  f"{pay}F TRI S A TYR - VEN"])],
             "F1901R": [(*_as("ITALY", name), ["A VEN - APU"])]}

    def make(market: MarketJudge) -> None:
        _board_game(name, word)(market)
        played_to(market, name, phase, mails)
    return make


# (good, bad): a line good for one power is bad for the other
MOVES = (("A PAR - BUR", "F BRE - MAO", "A MAR - SPA", "A PAR H", "A MAR S A PAR - BUR",
          "A MUN - BUR", "A BER - KIE", "F KIE - DEN"),
         ("A XYZ - BUR", "A PAR - MOS", "FROBNICATE"))
RETREATS = (("A VEN - APU", "A VEN - PIE", "A VEN - TUS", "A VEN D"),
            ("A VEN - TYR", "A VEN - ROM", "A VEN - MOS", "A ROM - APU", "FROBNICATE"))
BUILDS = (("BUILD A VIE", "WAIVE", "REMOVE A ROM", "REMOVE F NAP", "REMOVE A APU"),
          ("BUILD F VIE", "BUILD A BUD", "REMOVE A VIE", "BUILD A ROM", "FROBNICATE"))


def _retreat_default(line: str) -> bool:
    return line.endswith(" D")  # a dislodged unit with no retreat is disbanded


def _adjustment_default(line: str) -> bool:
    return line.startswith("REMOVE") or line == "WAIVE"  # civil disorder, a waived build


def _board_phases(kind: str, word: str, game: str, offers: bool,
                  movement: tuple[tuple[str, ...], tuple[str, ...]],
                  used_movement: Callable[[str], Callable[[MarketJudge, Phase],
                                                          dict[str, list[str]]]],
                  spare_movement: Callable[[str], bool]) -> list[Phase]:
    """A board kind's movement, retreat and adjustment phases."""
    return [
        Phase(kind, "S1901M", game, _to(game, word, "S1901M", offers),
              (_power("FRANCE", game), _power("GERMANY", game)), *movement, read_board,
              _both(used_movement, "FRANCE", "GERMANY"), spare_movement),
        Phase(kind, "F1901R", game, _to(game, word, "F1901R", offers),
              (_power("ITALY", game),), *RETREATS, read_board, board_orders("ITALY"),
              _retreat_default),
        Phase(kind, "W1901A", game, _to(game, word, "W1901A", offers),
              (_power("AUSTRIA", game), _power("ITALY", game)), *BUILDS, read_board,
              _both(board_orders, "AUSTRIA", "ITALY"), _adjustment_default),
    ]


def _both(each: Callable[[str], Callable[[MarketJudge, Phase], dict[str, list[str]]]],
          *keys: str) -> Callable[[MarketJudge, Phase], dict[str, list[str]]]:
    def used(market: MarketJudge, phase: Phase) -> dict[str, list[str]]:
        out: dict[str, list[str]] = {}
        for key in keys:
            out.update(each(key)(market, phase))
        return out
    return used


def payola_sheet(key: str) -> Callable[[MarketJudge, Phase], dict[str, list[str]]]:
    """The offer sheet a Payola movement phase played for ``key`` (its statement)."""
    def used(market: MarketJudge, phase: Phase) -> dict[str, list[str]]:
        done = result(market, phase.game, phase.phase) or {}
        statement = done.get("statements", {}).get(key) or {}
        return {key: [str(x) for x in statement.get("sheet") or []]}
    return used


OFFERS = (("4 : A PAR - BUR", "2 : F BRE - MAO", "2 : A MAR - SPA", "1 : A PAR H",
           "3 : A MUN - BUR", "1 : F KIE - DEN", "0 : A BER - KIE"),
          ("99999 : A PAR - BUR", "2 : A XYZ - BUR", "4 : A PAR - MOS", "FROBNICATE"))

BOARD_PHASES: list[Phase] = [
    *_board_phases("standard", "STANDARD", "st", False, MOVES, board_orders, default_hold),
    *_board_phases("payola", "PAYOLA", "py", True, OFFERS, payola_sheet, lambda x: False),
]
