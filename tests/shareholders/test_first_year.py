"""Scenarios S1-S4, S6 and S10 of shareholders.md section 9: a game opened, dealt,
financed and played through 1901 to the January 1902 prices, each turn fed the last
turn's state as the contract says."""

from __future__ import annotations

from functools import cache
from typing import Any

import pytest

from tests.shareholders.cases import (
    FOUR,
    cash,
    ccash,
    mail,
    office,
    play,
    shares,
    start,
)


@pytest.mark.parametrize(("count", "each"), [(7, 1800), (4, 3150), (3, 4200), (10, 1260)])
def test_s1_starting_cash_is_shared_equally(count: int, each: int) -> None:
    names = [f"P{i}" for i in range(count)]
    result = start(*names)
    assert result["errors"] == {} and result["end"] is None
    assert result["state"]["phase"] == "W1900D"
    assert {n: p["cash"] for n, p in result["state"]["players"].items()} == dict.fromkeys(
        names, each)


def test_s1_eleven_players_are_above_the_maximum() -> None:
    result = start(*[f"P{i}" for i in range(11)])
    assert result == {"id": "s", "error": "at most 10 players may play"}


def test_s1_two_players_are_too_few_and_uneven_cash_does_not_start() -> None:
    assert start("ANN", "BEN")["error"] == "at least 3 players are needed"
    uneven = start(*FOUR, params={"TOTAL_CASH": 12601})
    assert uneven["error"] == "total cash does not divide equally among 4 players"


def test_s2_prices_of_january_1901() -> None:
    result = start(*FOUR)
    expected = dict.fromkeys(("AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "TURKEY"), 400)
    assert result["prices"] == {**expected, "RUSSIA": 500}


def test_the_opening_state_has_every_key() -> None:
    s = start(*FOUR)["state"]
    assert s["units"] == {p: [] for p in s["centers"]}
    assert s["centers"]["RUSSIA"] == ["MOS", "SEV", "STP", "WAR"]
    assert s["countries"]["FRANCE"] == {"cash": 0, "office": [], "last_office": [],
                                        "revenue_last": 0, "dividend_last": False}


@cache
def january_1901() -> dict[str, Any]:
    return play(start(*FOUR)["state"],
                mail("ANN", "BUY 4 FRANCE", "BUY 3 ENGLAND"),
                mail("BEN", "BUY 5 RUSSIA", "BUY 2 FRANCE"),
                mail("CID", "BUY 4 FRANCE"),
                mail("DOT", "SELL 1 FRANCE", "BUY 7 GERMANY"))


def test_s3_january_1901_dealing() -> None:
    r = january_1901()
    assert r["errors"] == {"DOT": ["SELL 1 FRANCE: you hold only 0 FRANCE shares"]}
    assert r["state"]["phase"] == "W1900A"
    assert (cash(r, "ANN"), shares(r, "ANN")) == (350, {"ENGLAND": 3, "FRANCE": 4})
    assert (cash(r, "BEN"), shares(r, "BEN")) == (3150, {})
    assert (cash(r, "CID"), shares(r, "CID")) == (1550, {"FRANCE": 4})
    assert (cash(r, "DOT"), shares(r, "DOT")) == (350, {"GERMANY": 7})
    assert office(r, "FRANCE") == ["ANN", "CID"]
    assert office(r, "ENGLAND") == ["ANN"]
    assert office(r, "GERMANY") == ["DOT"]
    for none in ("AUSTRIA", "ITALY", "RUSSIA", "TURKEY"):
        assert office(r, none) == []
    assert all(c["cash"] == 0 for c in r["state"]["countries"].values())
    assert "prices" not in r and r["end"] is None


@cache
def february_1901() -> dict[str, Any]:
    return play(january_1901()["state"],
                mail("ANN", "NO DIVIDEND", "BUILD F LON", as_="ENGLAND"),
                mail("DOT", "DIVIDEND", "BUILD A BER", as_="GERMANY"),
                mail("ANN", "NO DIVIDEND", "BUILD A PAR", "BUILD F BRE", as_="FRANCE"),
                mail("CID", "NO DIVIDEND", "BUILD A PAR", as_="FRANCE"))


def test_s4_february_1901() -> None:
    r = february_1901()
    assert r["errors"] == {}
    assert r["state"]["phase"] == "S1901M"
    assert ccash(r, "ENGLAND") == 40 and r["state"]["units"]["ENGLAND"] == ["F LON"]
    assert cash(r, "DOT") == 588 and ccash(r, "GERMANY") == 2
    assert r["state"]["units"]["GERMANY"] == []
    assert ccash(r, "FRANCE") == 40 and r["state"]["units"]["FRANCE"] == ["A PAR"]
    for kept in ("AUSTRIA", "ITALY", "TURKEY"):
        assert ccash(r, kept) == 240 and r["state"]["units"][kept] == []
    assert ccash(r, "RUSSIA") == 320
    countries = r["state"]["countries"]
    assert {n for n, c in countries.items() if c["dividend_last"]} == {"GERMANY"}
    assert countries["RUSSIA"]["revenue_last"] == 320
    assert countries["ENGLAND"]["revenue_last"] == 240
    assert r["builds"] == {"ENGLAND": [["F LON", "built"]],
                           "FRANCE": [["A PAR", "built"]],
                           "GERMANY": [["A BER", "insufficient cash"]]}


@cache
def spring_1901() -> dict[str, Any]:
    return play(february_1901()["state"],
                mail("ANN", "F LON - NTH", as_="ENGLAND"),
                mail("ANN", "A PAR - BUR", as_="FRANCE"),
                mail("CID", "A PAR - PIC", as_="FRANCE"))


@cache
def fall_1901() -> dict[str, Any]:
    return play(spring_1901()["state"], mail("ANN", "F NTH - NWY", as_="ENGLAND"))


def test_s6_spring_1901_fees_and_disagreement() -> None:
    r = spring_1901()
    assert r["state"]["phase"] == "F1901M"
    assert r["fees"] == {"ENGLAND": 20}
    assert ccash(r, "ENGLAND") == 20 and ccash(r, "FRANCE") == 40
    assert r["orders"] == {"F LON": "F LON - NTH", "A PAR": "A PAR H"}
    assert r["state"]["units"]["ENGLAND"] == ["F NTH"]
    assert r["state"]["units"]["FRANCE"] == ["A PAR"]


def test_s6_fall_1901_and_the_year_end() -> None:
    r = fall_1901()
    assert r["fees"] == {"ENGLAND": 20} and ccash(r, "ENGLAND") == 0
    assert r["state"]["phase"] == "W1901D"
    assert r["state"]["centers"]["ENGLAND"] == ["EDI", "LON", "LVP", "NWY"]
    assert r["end"] is None
    assert r["net_worth"] == {"ANN": 350 + 4 * 500 + 3 * 600, "BEN": 3150,
                              "CID": 1550 + 4 * 500, "DOT": 588 + 7 * 300}


def test_s10_prices_of_january_1902() -> None:
    prices = fall_1901()["prices"]
    assert prices["ENGLAND"] == 600
    assert prices["GERMANY"] == 300
    assert prices["FRANCE"] == 500
    assert prices["RUSSIA"] == 500
    assert prices["AUSTRIA"] == 400  # three centres, kept its income


def test_the_offices_hold_until_the_next_january_deadline() -> None:
    r = fall_1901()
    assert office(r, "FRANCE") == ["ANN", "CID"]
    january = play(r["state"])
    assert office(january, "FRANCE") == ["ANN", "CID"]
    assert january["state"]["countries"]["FRANCE"]["last_office"] == ["ANN", "CID"]
    assert january["state"]["phase"] == "W1901A"
