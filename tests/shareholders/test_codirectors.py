"""Codirectors in movement and retreat phases (5.3, D33): unit by unit, identical orders
only, fees in the first Codirector's order; retreats that meet are both disbanded."""

from __future__ import annotations

from typing import Any

from tests.shareholders.cases import ccash, country, mail, play, state

HOLDERS = {"ANN": {"cash": 0, "shares": {"FRANCE": 2}},
           "BEN": {"cash": 0, "shares": {}},
           "CID": {"cash": 0, "shares": {"FRANCE": 2}}}
UNITS = {"FRANCE": ["A PAR", "A MAR", "F BRE", "A GAS"]}


def spring(money: int, *mails: dict[str, Any]) -> dict[str, Any]:
    given = state("S1902M", HOLDERS, {"FRANCE": country(money, office=("ANN", "CID"))},
                  units=UNITS)
    return play(given, *mails)


def test_each_unit_moves_only_on_identical_orders() -> None:
    r = spring(100,
               mail("ANN", "A PAR - BUR", "A MAR - SPA", "F BRE - MAO", "A GAS - BUR",
                    as_="FRANCE"),
               mail("CID", "a mar move spa", "A PAR-BUR", "F BRE - ENG", as_="FRANCE"))
    assert r["orders"] == {"A PAR": "A PAR - BUR", "A MAR": "A MAR - SPA",
                           "F BRE": "F BRE H", "A GAS": "A GAS H"}
    assert r["fees"] == {"FRANCE": 40}


def test_fees_are_cancelled_in_the_first_codirectors_order() -> None:
    # ANN (first) lists PAR then MAR; CID the other way round. Cash for one move only:
    # the last of ANN's list, A MAR, is cancelled.
    r = spring(30,
               mail("ANN", "A PAR - BUR", "A MAR - SPA", as_="FRANCE"),
               mail("CID", "A MAR - SPA", "A PAR - BUR", as_="FRANCE"))
    assert r["orders"]["A PAR"] == "A PAR - BUR" and r["orders"]["A MAR"] == "A MAR H"
    assert ccash(r, "FRANCE") == 10


def test_a_silent_codirector_holds_every_unit() -> None:
    r = spring(100, mail("ANN", "A PAR - BUR", as_="FRANCE"))
    assert set(r["orders"].values()) == {"A PAR H", "A MAR H", "F BRE H", "A GAS H"}
    assert r["fees"] == {}


def test_via_convoy_is_part_of_the_order() -> None:
    units = {"ENGLAND": ["F NTH", "A YOR"]}
    holders = {"ANN": {"cash": 0, "shares": {"ENGLAND": 1}}, "BEN": {"cash": 0, "shares": {}},
               "CID": {"cash": 0, "shares": {"ENGLAND": 1}}}
    given = state("S1902M", holders, {"ENGLAND": country(100, office=("ANN", "CID"))},
                  units=units)
    r = play(given, mail("ANN", "F NTH C A YOR - NWY", "A YOR - NWY VIA CONVOY", as_="ENGLAND"),
             mail("CID", "F NTH C A YOR - NWY", "A YOR - NWY", as_="ENGLAND"))
    assert r["orders"] == {"F NTH": "F NTH C A YOR - NWY", "A YOR": "A YOR H"}
    assert r["fees"] == {"ENGLAND": 10}


def test_two_retreats_to_one_province_are_both_disbanded() -> None:
    holders = {"ANN": {"cash": 0, "shares": {"FRANCE": 1, "ITALY": 1}},
               "BEN": {"cash": 0, "shares": {}}, "CID": {"cash": 0, "shares": {}}}
    given = state("F1902R", holders,
                  {"FRANCE": country(office=("ANN",)), "ITALY": country(office=("ANN",))},
                  units={"GERMANY": ["A MAR"], "AUSTRIA": ["A TUS"]},
                  dislodged={"FRANCE": [{"unit": "A MAR", "attacker": "BUR"}],
                             "ITALY": [{"unit": "A TUS", "attacker": "ROM"}]})
    r = play(given, mail("ANN", "A MAR - PIE", as_="FRANCE"),
             mail("ANN", "A TUS - PIE", as_="ITALY"))
    assert r["orders"] == {"A MAR": "A MAR - PIE", "A TUS": "A TUS - PIE"}
    assert r["state"]["units"]["FRANCE"] == [] and r["state"]["units"]["ITALY"] == []
    r = play(given, mail("ANN", "A MAR - PIE", as_="FRANCE"))
    assert r["orders"] == {"A MAR": "A MAR - PIE", "A TUS": "A TUS D"}
    assert r["state"]["units"]["FRANCE"] == ["A PIE"] and r["state"]["units"]["ITALY"] == []
