"""Every refusal of spec 4: mails sent the wrong way (D35, D39), February decisions,
movement orders refused as illegal (D34) and retreats; a refused line changes nothing."""

from __future__ import annotations

from typing import Any

import pytest

from tests.shareholders.cases import ccash, country, mail, play, refused, state

HOLDERS = {"ANN": {"cash": 100, "shares": {"FRANCE": 3}},
           "BEN": {"cash": 100, "shares": {"FRANCE": 1}},
           "CID": {"cash": 100, "shares": {}}}


def turn(phase: str, *mails: dict[str, Any], **kw: Any) -> dict[str, Any]:
    units = kw.pop("units", {"FRANCE": ["A PAR", "F BRE", "A MAR"], "GERMANY": ["A MUN"],
                             "ENGLAND": ["F NTH", "A YOR"]})
    countries = {"FRANCE": country(100, office=("ANN",))}
    return play(state(phase, HOLDERS, countries, units=units, **kw), *mails)


def test_january_orders_signed_on_as_a_country() -> None:
    r = turn("W1901D", mail("ANN", "BUY 1 FRANCE", "SELL 1 FRANCE", as_="FRANCE"))
    assert r["errors"] == {"ANN/FRANCE": [
        "BUY 1 FRANCE: January orders are sent as yourself",
        "SELL 1 FRANCE: January orders are sent as yourself"]}
    assert r["state"]["players"]["ANN"] == HOLDERS["ANN"]


@pytest.mark.parametrize("phase", ["W1901D", "W1901A", "S1902M"])
def test_a_stranger_is_refused_in_every_phase(phase: str) -> None:
    r = turn(phase, mail("ZED", "BUY 1 FRANCE", "A PAR - BUR"),
             mail("ZED", "DIVIDEND", as_="F"))
    assert r["errors"] == {
        "ZED": ["BUY 1 FRANCE: ZED is not a player in this game",
                "A PAR - BUR: ZED is not a player in this game"],
        "ZED/FRANCE": ["DIVIDEND: ZED is not a player in this game"]}


@pytest.mark.parametrize("phase", ["W1901A", "S1902M"])
def test_country_orders_must_be_signed_on_by_an_office_holder(phase: str) -> None:
    r = turn(phase, mail("ANN", "DIVIDEND", "A PAR - BUR"),
             mail("BEN", "NO DIVIDEND", "A PAR - PIC", as_="FRANCE"))
    assert r["errors"] == {
        "ANN": ["DIVIDEND: sign on as a country to send country orders",
                "A PAR - BUR: sign on as a country to send country orders"],
        "BEN/FRANCE": ["NO DIVIDEND: BEN is not an office holder of FRANCE",
                       "A PAR - PIC: BEN is not an office holder of FRANCE"]}


def test_february_refusals() -> None:
    r = turn("W1901A", mail("ANN", "DISSOLVE A MUN", "REMOVE F PAR", "BUILD A LON",
                            "BUILD F PAR", "BUY 1 FRANCE", "DISSOLVE A PAR", as_="FRANCE"))
    assert r["errors"]["ANN/FRANCE"][:4] == [
        "DISSOLVE A MUN: FRANCE has no A MUN",
        "REMOVE F PAR: FRANCE has no F PAR",
        "BUILD A LON: LON is not a home centre of FRANCE",
        "BUILD F PAR: a fleet cannot be built in PAR"]
    assert refused(r) == {("ANN/FRANCE", line) for line in (
        "DISSOLVE A MUN", "REMOVE F PAR", "BUILD A LON", "BUILD F PAR", "BUY 1 FRANCE")}
    assert "A PAR" not in r["state"]["units"]["FRANCE"]  # the accepted line counted


def test_a_fleet_in_st_petersburg_needs_its_coast() -> None:
    given = state("W1901A", HOLDERS, {"RUSSIA": country(500, office=("CID",))})
    given["players"]["CID"]["shares"] = {"RUSSIA": 1}
    r = play(given, mail("CID", "BUILD F STP", "BUILD F STP/SC", as_="RUSSIA"))
    assert r["errors"] == {"CID/RUSSIA": ["BUILD F STP: specify a coast for STP"]}
    assert r["builds"] == {"RUSSIA": [["F STP/SC", "built"]]}


def test_a_dividend_nobody_can_receive_is_accepted_and_pays_nothing() -> None:
    given = state("W1901A", HOLDERS, {"ITALY": country(0, office=("CID",))})
    r = play(given, mail("CID", "DIVIDEND", as_="ITALY"))
    assert r["errors"] == {} and ccash(r, "ITALY") == 240
    assert r["state"]["countries"]["ITALY"]["dividend_last"] is False


def test_d32_the_later_line_counts() -> None:
    r = turn("W1901A", mail("ANN", "DIVIDEND", "NO DIVIDEND", as_="FRANCE"))
    assert r["state"]["players"]["ANN"]["cash"] == 100
    r = turn("W1901A", mail("ANN", "NO DIVIDEND", "DIVIDEND", as_="FRANCE"))
    assert r["state"]["players"]["ANN"]["cash"] == 100 + 3 * 60


ILLEGAL = [
    "A PAR - PAR",             # to its own province
    "A PAR - MUN",             # not adjacent, no sea route
    "F BRE - PAR",             # a fleet inland
    "F BRE - LON",             # not adjacent
    "F BRE - MAO VIA CONVOY",  # a fleet by convoy
    "A PAR S A PAR",           # support of itself
    "A PAR S A PIC",           # support of no unit
    "A MAR S A MUN - TYR",     # support into a province it cannot reach
    "F BRE C A PAR - PIC",     # convoy by a fleet not at sea
    "A PAR - BUR HOLD",        # unreadable
    "A MUN - BOH",             # not FRANCE's unit
    "A KIE - BER",             # no unit there
    "BUILD A PAR",             # not an order of this phase
]


def test_d34_illegal_orders_are_refused_and_the_units_hold_for_free() -> None:
    r = turn("S1902M", mail("ANN", *ILLEGAL, as_="FRANCE"))
    assert refused(r) == {("ANN/FRANCE", line) for line in ILLEGAL}
    assert r["fees"] == {} and ccash(r, "FRANCE") == 100
    assert r["orders"]["A PAR"] == "A PAR H"


def test_a_convoy_of_a_fleet_is_refused() -> None:
    r = turn("S1902M", mail("ANN", "F BRE - ENG", as_="FRANCE"),
             units={"FRANCE": ["F ENG", "F BRE"]})
    assert r["errors"] == {}
    r = turn("S1902M", mail("ANN", "F ENG C F BRE - LON", as_="FRANCE"),
             units={"FRANCE": ["F ENG", "F BRE"]})
    assert refused(r) == {("ANN/FRANCE", "F ENG C F BRE - LON")}


def test_legal_orders_are_accepted_and_pay_whatever_their_outcome() -> None:
    r = turn("S1902M", mail("ANN", "A PAR - BUR", "A MAR S A PAR - BUR", "F BRE H",
                            as_="FRANCE"),
             units={"FRANCE": ["A PAR", "F BRE", "A MAR"], "GERMANY": ["A BUR", "A RUH"]})
    assert r["errors"] == {}
    assert r["fees"] == {"FRANCE": 30} and ccash(r, "FRANCE") == 70


def test_a_later_order_for_one_unit_replaces_the_earlier() -> None:
    r = turn("S1902M", mail("ANN", "A PAR - BUR", "A PAR - PIC", as_="FRANCE"))
    assert r["orders"]["A PAR"] == "A PAR - PIC" and r["fees"] == {"FRANCE": 20}


def test_via_convoy_is_printed_only_when_written() -> None:
    units = {"ENGLAND": ["F NTH", "A YOR"]}
    given = state("S1902M", HOLDERS | {"CID": {"cash": 0, "shares": {"ENGLAND": 1}}},
                  {"ENGLAND": country(100, office=("CID",))}, units=units)
    r = play(given, mail("CID", "F NTH C A YOR - NWY", "A YOR - NWY VIA CONVOY", as_="E"))
    assert r["orders"] == {"F NTH": "F NTH C A YOR - NWY", "A YOR": "A YOR - NWY VIA CONVOY"}
    assert r["state"]["units"]["ENGLAND"] == ["A NWY", "F NTH"]
    r = play(given, mail("CID", "F NTH C A YOR - NWY", "A YOR - NWY", as_="E"))
    assert r["orders"]["A YOR"] == "A YOR - NWY"


def retreat(*lines: str) -> dict[str, Any]:
    given = state("F1902R", HOLDERS, {"FRANCE": country(office=("ANN",))},
                  units={"GERMANY": ["A BUR"], "FRANCE": ["A PAR"]},
                  dislodged={"FRANCE": [{"unit": "A BUR", "attacker": "MUN"}]})
    return play(given, mail("ANN", *lines, as_="FRANCE"))


def test_retreat_refusals() -> None:
    r = retreat("A BUR - MUN", "A BUR - PAR", "A BUR - NTH", "A PAR - PIC", "A BUR - GAS")
    assert refused(r) == {("ANN/FRANCE", line)
                          for line in ("A BUR - MUN", "A BUR - PAR", "A BUR - NTH",
                                       "A PAR - PIC")}
    assert r["orders"] == {"A BUR": "A BUR - GAS"}
    assert sorted(r["state"]["units"]["FRANCE"]) == ["A GAS", "A PAR"]
    assert r["state"]["phase"] == "W1902D" and "net_worth" in r


def test_an_unordered_retreat_disbands() -> None:
    r = retreat()
    assert r["orders"] == {"A BUR": "A BUR D"}
    assert r["state"]["units"]["FRANCE"] == ["A PAR"]
