"""Scenarios S5, S7, S8, S9, S16 and S17: dividends, fees, upkeep and builds in dollars."""

from __future__ import annotations

from typing import Any

import pytest

from tests.shareholders.cases import cash, ccash, country, mail, play, state


def players(**holdings: dict[str, int]) -> dict[str, Any]:
    names = {"ANN", "BEN", "CID", "DOT"} | set(holdings)
    return {n: {"cash": 1000, "shares": holdings.get(n, {})} for n in sorted(names)}


def test_s5_the_seed_dividend_example() -> None:
    given = state("W1901A", players(BEN={"RUSSIA": 3}),
                  {"RUSSIA": country(office=("BEN",))})
    r = play(given, mail("BEN", "DIVIDEND", as_="RUSSIA"))
    assert cash(r, "BEN") == 1000 + 318
    assert ccash(r, "RUSSIA") == 2
    assert r["state"]["countries"]["RUSSIA"]["dividend_last"] is True
    assert r["state"]["countries"]["RUSSIA"]["revenue_last"] == 320


FRENCH = {"FRANCE": ["A PAR", "A MAR", "F BRE", "A GAS"]}
FRENCH_ORDERS = ("A PAR - BUR", "A MAR - SPA", "F BRE - MAO", "A GAS S A PAR - BUR")


def french_spring(money: int) -> dict[str, Any]:
    given = state("S1902M", players(ANN={"FRANCE": 5}),
                  {"FRANCE": country(money, office=("ANN",))}, units=FRENCH)
    return play(given, mail("ANN", *FRENCH_ORDERS, as_="FRANCE"))


def test_s7a_the_last_move_is_cancelled_first() -> None:
    r = french_spring(50)
    assert r["fees"] == {"FRANCE": 50} and ccash(r, "FRANCE") == 0
    assert r["orders"] == {"A PAR": "A PAR - BUR", "A MAR": "A MAR - SPA",
                           "F BRE": "F BRE H", "A GAS": "A GAS S A PAR - BUR"}


def test_s7b_every_move_then_the_support_stands() -> None:
    r = french_spring(25)
    assert r["fees"] == {"FRANCE": 10} and ccash(r, "FRANCE") == 15
    assert r["orders"] == {"A PAR": "A PAR H", "A MAR": "A MAR H", "F BRE": "F BRE H",
                           "A GAS": "A GAS S A PAR - BUR"}
    assert sorted(r["state"]["units"]["FRANCE"]) == ["A GAS", "A MAR", "A PAR", "F BRE"]


def test_s7c_nothing_paid_when_even_the_support_is_too_dear() -> None:
    r = french_spring(5)
    assert r["fees"] == {} and ccash(r, "FRANCE") == 5
    assert set(r["orders"].values()) == {"A PAR H", "A MAR H", "F BRE H", "A GAS H"}


def test_s7d_a_convoyed_move_is_a_move() -> None:
    given = state("S1902M", players(ANN={"ENGLAND": 5}),
                  {"ENGLAND": country(25, office=("ANN",))},
                  units={"ENGLAND": ["F NTH", "A LON", "F ENG"]})
    r = play(given, mail("ANN", "F NTH C A LON - BEL", "A LON - BEL", "F ENG S A LON - BEL",
                         as_="ENGLAND"))
    assert r["fees"] == {"ENGLAND": 20} and ccash(r, "ENGLAND") == 5
    assert r["orders"] == {"F NTH": "F NTH C A LON - BEL", "A LON": "A LON H",
                           "F ENG": "F ENG S A LON - BEL"}


def upkeep_case(*lines: str) -> dict[str, Any]:
    given = state("W1901A", players(ANN={"FRANCE": 4}, CID={"FRANCE": 2}),
                  {"FRANCE": country(90, office=("ANN",))},
                  units={"FRANCE": ["A PAR", "A BUR", "F MAO", "A RUH"]})
    return play(given, mail("ANN", *lines, as_="FRANCE"))


@pytest.mark.parametrize("dissolve", [(), ("DISSOLVE A RUH",)])
def test_s8_upkeep_shortfall_removes_the_farthest_then_fleets(dissolve: tuple[str, ...]) -> None:
    r = upkeep_case("DIVIDEND", *dissolve, "BUILD A MAR")
    assert cash(r, "ANN") == 1160 and cash(r, "CID") == 1080
    assert ccash(r, "FRANCE") == 10
    assert sorted(r["state"]["units"]["FRANCE"]) == ["A BUR", "A PAR"]
    assert r["builds"] == {"FRANCE": [["A MAR", "insufficient cash"]]}
    assert r["state"]["countries"]["FRANCE"]["dividend_last"] is True
    assert r["state"]["phase"] == "S1902M"


def english_builds(before: int, centers: list[str], units: list[str]) -> dict[str, Any]:
    given = state("W1901A", players(ANN={"ENGLAND": 3}),
                  {"ENGLAND": country(before, office=("ANN",))},
                  units={"ENGLAND": units}, centers={"ENGLAND": centers})
    return play(given, mail("ANN", "BUILD F EDI", "BUILD A LVP", "BUILD F LON", as_="ENGLAND"))


def test_s9_builds_in_order_with_their_limits() -> None:
    four = ["LON", "EDI", "LVP", "NWY"]
    r = english_builds(260, four, ["F NWY", "A EDI"])  # 260 + 320 - 80 = 500 after upkeep
    assert r["builds"]["ENGLAND"] == [["F EDI", "occupied"], ["A LVP", "built"],
                                      ["F LON", "built"]]
    assert ccash(r, "ENGLAND") == 100
    r = english_builds(110, four, ["F NWY", "A EDI"])  # 350 after upkeep
    assert r["builds"]["ENGLAND"] == [["F EDI", "occupied"], ["A LVP", "built"],
                                      ["F LON", "insufficient cash"]]
    assert ccash(r, "ENGLAND") == 150


def test_s9_no_build_left_when_units_would_exceed_centers() -> None:
    given = state("W1901A", players(ANN={"ENGLAND": 3}),
                  {"ENGLAND": country(340, office=("ANN",))},
                  units={"ENGLAND": ["F NTH", "A EDI"]})
    r = play(given, mail("ANN", "BUILD A LVP", "BUILD F LON", as_="ENGLAND"))
    assert r["builds"]["ENGLAND"] == [["A LVP", "built"], ["F LON", "no build left"]]
    assert ccash(r, "ENGLAND") == 300


def test_s16_a_country_without_office_holder() -> None:
    given = state("W1901A", players(), {"TURKEY": country(20)},
                  units={"TURKEY": ["A CON", "F ANK"]})
    r = play(given)
    assert ccash(r, "TURKEY") == 180 and r["builds"] == {}
    assert r["state"]["countries"]["TURKEY"]["dividend_last"] is False
    assert r["state"]["phase"] == "S1902M"
    spring = play(r["state"])
    assert spring["orders"] == {"A CON": "A CON H", "F ANK": "F ANK H"}
    assert spring["fees"] == {} and ccash(spring, "TURKEY") == 180


def test_s17_a_dividend_of_nothing_per_share_keeps_the_bonus() -> None:
    holders = {n: {"cash": 0, "shares": {"GERMANY": 75}} for n in ("ANN", "BEN", "CID", "DOT")}
    given = state("W1901A", holders,
                  {"GERMANY": country(office=("ANN", "BEN", "CID", "DOT"))})
    r = play(given, *(mail(n, "DIVIDEND", as_="GERMANY") for n in holders))
    assert ccash(r, "GERMANY") == 240
    assert all(cash(r, n) == 0 for n in holders)
    assert r["state"]["countries"]["GERMANY"]["dividend_last"] is False
    # No unit anywhere: Spring and Fall 1902 are skipped and the year ends (D27).
    assert r["state"]["phase"] == "W1902D"
    assert r["prices"]["GERMANY"] == 400
    assert r["net_worth"]["ANN"] == 75 * 400
    # 30,000 each is above $20,000: an economic victory shared by the four (D13).
    assert r["end"] == {"kind": "economic", "winners": ["ANN", "BEN", "CID", "DOT"],
                        "scores": dict.fromkeys(holders, 30000)}


def test_d36_a_unit_removed_for_upkeep_frees_a_home_center_for_another_build() -> None:
    given = state("W1901A", players(ANN={"FRANCE": 2}),
                  {"FRANCE": country(0, office=("ANN",))},
                  units={"GERMANY": ["A PAR"]}, centers={"FRANCE": ["PAR", "MAR", "BRE"]})
    r = play(given, mail("ANN", "BUILD A PAR", as_="FRANCE"))
    assert r["builds"] == {"FRANCE": [["A PAR", "built"]]}
    assert r["state"]["units"] == {**{p: [] for p in r["state"]["units"]}, "FRANCE": ["A PAR"]}
    assert ccash(r, "FRANCE") == 240 - 200 and ccash(r, "GERMANY") == 0


def test_units_built_in_february_pay_no_upkeep_that_february() -> None:
    given = state("W1901A", players(ANN={"RUSSIA": 1}), {"RUSSIA": country(0, office=("ANN",))})
    r = play(given, mail("ANN", "BUILD A MOS", "BUILD F SEV", as_="R"))
    assert r["builds"] == {"RUSSIA": [["A MOS", "built"], ["F SEV", "insufficient cash"]]}
    assert ccash(r, "RUSSIA") == 120  # D1: one build in February 1901, $120 left
